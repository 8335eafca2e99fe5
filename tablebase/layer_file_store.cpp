#include "tablebase/layer_file_store.hpp"

#include <filesystem>

namespace papamu {

LayerFileStore::LayerFileStore(std::string directory, const TableIndex& index, const Variant& variant,
                               std::uint32_t blockEntries)
    : directory_(std::move(directory)),
      index_(index),
      variant_(variant),
      blockEntries_(blockEntries),
      headers_(static_cast<std::size_t>(index.layerCount())),
      fileBytes_(static_cast<std::size_t>(index.layerCount()), 0) {
    std::filesystem::create_directories(directory_);
}

std::string LayerFileStore::layerPath(int layer) const {
    return directory_ + "/" + layerFileName(index_.layer(layer).black, index_.layer(layer).white);
}

bool LayerFileStore::layerComplete(int layer) {
    const auto slot = static_cast<std::size_t>(layer);
    if (headers_[slot]) return true;
    const std::string path = layerPath(layer);
    if (!std::filesystem::exists(path)) return false;
    try {
        const LayerFile file(path, expectedLayerHeader(index_, variant_, layer));
        headers_[slot] = file.header();
        fileBytes_[slot] = file.fileBytes();
        return true;
    } catch (const TableError& error) {
        rejected_.push_back(error.what());
        return false;
    }
}

std::vector<std::uint8_t> LayerFileStore::loadLayer(int layer) {
    const LayerFile file(layerPath(layer), expectedLayerHeader(index_, variant_, layer));
    return file.readAll();
}

RetrogradeLayerStats LayerFileStore::layerStats(int layer) {
    if (!layerComplete(layer)) throw TableError(layerPath(layer) + ": layer is not complete");
    return headers_[static_cast<std::size_t>(layer)]->stats;
}

void LayerFileStore::saveLayer(int layer, std::span<const std::uint8_t> entries, const RetrogradeLayerStats& stats) {
    LayerHeader header = expectedLayerHeader(index_, variant_, layer);
    header.stats = stats;
    const std::string path = layerPath(layer);
    fileBytes_[static_cast<std::size_t>(layer)] = writeLayerFile(path, header, entries, blockEntries_);
    headers_[static_cast<std::size_t>(layer)] = LayerFile::readHeader(path);
    writeManifest(false);
}

void LayerFileStore::finish() { writeManifest(true); }

std::uint64_t LayerFileStore::bytesOnDisk() const {
    std::uint64_t total = 0;
    for (const std::uint64_t bytes : fileBytes_) total += bytes;
    return total;
}

void LayerFileStore::writeManifest(bool complete) const {
    TableManifest manifest;
    manifest.game = index_.game();
    manifest.variant = variant_;
    manifest.size = BoardSize{index_.geometry().rows(), index_.geometry().columns()};
    manifest.maxStones = index_.maxStones();
    manifest.blockEntries = blockEntries_;
    manifest.complete = complete;
    manifest.colourFolded = index_.colourFolded();
    for (int layer = 0; layer < index_.layerCount(); ++layer) {
        const auto& header = headers_[static_cast<std::size_t>(layer)];
        if (!header) continue;
        manifest.layers.push_back(TableManifest::Layer{header->black, header->white, header->entries,
                                                       header->colourFolded ? 1 : 2, fileBytes_[static_cast<std::size_t>(layer)], header->checksum,
                                                       header->stats});
    }
    manifest.write(directory_);
}

}  // namespace papamu
