#include "tablebase/table_build.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <limits>

#include "rules/game_dispatch.hpp"
#include "tablebase/directory_lock.hpp"
#include "tablebase/layer_file_store.hpp"
#include "tablebase/table_directory.hpp"
#include "tablebase/table_index.hpp"

namespace papamu {

static_assert(RetrogradeIndex<TableIndex>);
static_assert(RetrogradeStore<LayerFileStore>);

std::string buildDirectory(const std::string& root, GameKind game, BoardSize size, const Variant& variant) {
    const std::string name = tableDirectoryName(game, size, variant);
    std::filesystem::path path(root);
    if (!path.has_filename()) path = path.parent_path();  // "T/konane-standard-4x4/"
    if (path.filename() == name) return path.string();
    return root + "/" + name;
}

int coveredStoneLimit(const std::string& directory, int requested) {
    if (requested < 0 || !std::filesystem::exists(std::filesystem::path(directory) / "manifest.json")) return requested;
    try {
        return std::max(requested, TableManifest::read(directory).maxStones);
    } catch (const TableError&) {
        return requested;  // an unreadable manifest is rewritten by the build
    }
}

void tallyLayers(TableBuildSummary& summary, const TableIndex& index) {
    for (const RetrogradeLayerReport& layer : summary.layers) {
        // A folded entry stands for a Black-to-move position and its colour image.
        const std::uint64_t images = index.layerFolded(layer.layer) ? 2 : 1;
        summary.entries += layer.entries;
        summary.positions += images * layer.entries;
        summary.wins += images * layer.stats.wins;
        summary.losses += images * layer.stats.losses;
        summary.longestWin = std::max(summary.longestWin, layer.stats.longestWin);
        summary.longestLoss = std::max(summary.longestLoss, layer.stats.longestLoss);
        (layer.reused ? summary.layersReused : summary.layersSolved) += 1;
    }
}

TableBuildSummary buildTable(GameKind game, BoardSize size, const Variant& variant, const std::string& root,
                             const TableBuildOptions& options) {
    return visitGame(game, size, variant, [&](const auto& rules) {
        const auto started = std::chrono::steady_clock::now();
        TableBuildSummary summary;
        summary.directory = buildDirectory(root, game, size, variant);
        const int maxStones = coveredStoneLimit(summary.directory, options.maxStones);
        summary.keptLargerTable = maxStones != options.maxStones;
        const TableIndex index(game, rules.geometry(), maxStones);
        summary.maxStones = index.maxStones();
        // Locked before anything is written; held until the manifest says complete.
        std::filesystem::create_directories(summary.directory);
        const DirectoryLock lock(summary.directory);
        LayerFileStore store(summary.directory, index, variant, options.blockEntries);
        RetrogradeBuilder builder(rules, index, store, options.threads);
        builder.setResidentBudget(residentLayerBudget(index, options.memoryBudget));
        if (options.progress) builder.setProgressCallback(options.progress);
        if (options.stop) builder.setStopRequest(options.stop);
        builder.setChunkEntries(options.chunkEntries);
        summary.layers = builder.build();
        store.finish();
        tallyLayers(summary, index);
        summary.bytesOnDisk = store.bytesOnDisk();
        summary.rejectedFiles = store.rejectedFiles();
        summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        return summary;
    });
}

namespace {

constexpr long double kProcessAllowance = 64.0L * 1024 * 1024;  // process, thread pool, small buffers

// Everything but the layers: the allowance and the writer's buffers for the largest layer.
long double layerOverhead(const TableIndex& index) {
    long double largest = 0;
    for (int layer = 0; layer < index.layerCount(); ++layer) largest = std::max(largest, index.layerSizeEstimate(layer));
    return kProcessAllowance + layerWriteBytes(largest);
}

std::uint64_t saturated(long double bytes) {
    constexpr std::uint64_t kMaximum = std::numeric_limits<std::uint64_t>::max();
    if (bytes <= 0) return 0;
    return bytes >= static_cast<long double>(kMaximum) ? kMaximum : static_cast<std::uint64_t>(bytes);
}

}  // namespace

std::uint64_t estimateBuildMemory(const TableIndex& index, const Variant& variant) {
    // Counted in long double (layerSizeEstimate): a wrapped 64-bit count must not make a board
    // far too big to build look small.
    const BoardSize size{index.geometry().rows(), index.geometry().columns()};
    return visitGame(index.game(), size, variant, [&](const auto& rules) {
        long double largest = 0;  // the layer solved and the layers it reads
        for (int layer = 0; layer < index.layerCount(); ++layer) {
            long double working = index.layerSizeEstimate(layer);
            for (const int read : index.childLayers(layer, rules.mostStonesRemoved(index.layerStones(layer)))) {
                working += index.layerSizeEstimate(read);
            }
            largest = std::max(largest, working);
        }
        return saturated(layerOverhead(index) + largest);
    });
}

std::uint64_t residentLayerBudget(const TableIndex& index, std::uint64_t memoryBudget) {
    return saturated(static_cast<long double>(memoryBudget) - layerOverhead(index));
}

}  // namespace papamu
