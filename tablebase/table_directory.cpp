#include "tablebase/table_directory.hpp"


#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "support/atomic_file.hpp"

namespace papamu {

namespace {

std::string hex(std::uint64_t value) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
    return text;
}

}  // namespace

std::string tableDirectoryName(GameKind game, BoardSize size, const Variant& variant) {
    std::string variantName = variant.name();
    for (char& character : variantName) {
        if (character == '+') character = '_';
    }
    return std::string(gameName(game)) + "-" + variantName + "-" + size.name();
}

std::string layerFileName(int black, int white) {
    char name[32];
    std::snprintf(name, sizeof name, "layer-b%02d-w%02d.pmtb", black, white);
    return name;
}

LayerHeader expectedLayerHeader(const TableIndex& index, const Variant& variant, int layer) {
    LayerHeader header;
    header.game = index.game();
    header.variantFlags = variantFlags(variant);
    header.rows = index.geometry().rows();
    header.columns = index.geometry().columns();
    header.black = index.layer(layer).black;
    header.white = index.layer(layer).white;
    header.scheme = index.scheme();
    header.colourFolded = index.layerFolded(layer);
    header.encoding = kEncodingOutcomeByte;
    header.entries = index.layerSize(layer);
    return header;
}

TableManifest TableManifest::read(const std::string& directory) {
    const std::string path = directory + "/manifest.json";
    std::ifstream in(path);
    if (!in) throw TableError(path + ": no table manifest here (build the table with papamu build)");
    TableManifest manifest;
    try {
        const nlohmann::json json = nlohmann::json::parse(in);
        if (json.at("format").get<std::string>() != "papamu-table") throw TableError(path + ": not a papamu table manifest");
        const int version = json.at("format_version").get<int>();
        if (version != kManifestFormatVersion) {
            throw TableError(path + ": manifest format version " + std::to_string(version) + " is not supported (this reader knows " +
                             std::to_string(kManifestFormatVersion) + ")" +
                             (version < kManifestFormatVersion ? "; rebuild the table with papamu build (README.md: version history)" : ""));
        }
        manifest.game = parseGameKind(json.at("game").get<std::string>());
        manifest.variant = Variant::parse(json.at("variant").get<std::string>());
        manifest.size = BoardSize::parse(json.at("board").get<std::string>());
        manifest.maxStones = json.at("max_stones").get<int>();
        manifest.blockEntries = json.at("block_entries").get<std::uint32_t>();
        manifest.complete = json.at("complete").get<bool>();
        manifest.colourFolded = json.at("colour_fold").get<bool>();
        for (const auto& item : json.at("layers")) {
            Layer layer;
            layer.black = item.at("black").get<int>();
            layer.white = item.at("white").get<int>();
            layer.entries = item.at("entries").get<std::uint64_t>();
            layer.sides = item.at("sides").get<int>();
            if (layer.sides != 1 && layer.sides != 2) throw TableError(path + ": a layer has " + std::to_string(layer.sides) + " sides");
            layer.bytes = item.at("bytes").get<std::uint64_t>();
            layer.checksum = std::stoull(item.at("checksum").get<std::string>(), nullptr, 16);
            layer.stats.wins = item.at("wins").get<std::uint64_t>();
            layer.stats.losses = item.at("losses").get<std::uint64_t>();
            layer.stats.longestWin = item.at("longest_win").get<int>();
            layer.stats.longestLoss = item.at("longest_loss").get<int>();
            manifest.layers.push_back(layer);
        }
    } catch (const TableError&) {
        throw;
    } catch (const std::exception& error) {
        throw TableError(path + ": malformed manifest: " + error.what());
    }
    return manifest;
}

void TableManifest::write(const std::string& directory) const {
    nlohmann::ordered_json json;
    json["format"] = "papamu-table";
    json["format_version"] = kManifestFormatVersion;
    json["game"] = gameName(game);
    json["variant"] = variant.name();
    json["board"] = size.name();
    json["max_stones"] = maxStones;
    json["index_scheme"] = indexSchemeName(indexSchemeOf(game));
    json["colour_fold"] = colourFolded;
    json["encoding"] = "outcome-byte";
    json["block_entries"] = blockEntries;
    json["complete"] = complete;
    json["layers"] = nlohmann::ordered_json::array();
    for (const Layer& layer : layers) {
        nlohmann::ordered_json item;
        item["black"] = layer.black;
        item["white"] = layer.white;
        item["file"] = layerFileName(layer.black, layer.white);
        item["entries"] = layer.entries;
        item["sides"] = layer.sides;
        item["bytes"] = layer.bytes;
        item["checksum"] = hex(layer.checksum);
        item["wins"] = layer.stats.wins;
        item["losses"] = layer.stats.losses;
        item["longest_win"] = layer.stats.longestWin;
        item["longest_loss"] = layer.stats.longestLoss;
        json["layers"].push_back(item);
    }
    const std::string path = directory + "/manifest.json";
    try {
        writeFileAtomically(path, json.dump(1) + "\n");
    } catch (const AtomicWriteError& error) {
        throw TableError(error.what());
    }
}

std::string resolveTableDirectory(const std::string& directory, GameKind game, BoardSize size, const Variant& variant) {
    namespace fs = std::filesystem;
    if (fs::exists(fs::path(directory) / "manifest.json")) return directory;
    const fs::path nested = fs::path(directory) / tableDirectoryName(game, size, variant);
    if (fs::exists(nested / "manifest.json")) return nested.string();
    throw TableError("no table for " + std::string(gameName(game)) + " " + size.name() + " variant " + variant.name() + " in " +
                     directory + " (expected " + nested.string() + "/manifest.json; build it with papamu build)");
}

}  // namespace papamu
