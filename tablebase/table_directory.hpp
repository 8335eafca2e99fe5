#pragma once
// Where a table lives: one directory per (game, variant, board) under a root, one file per layer
// and manifest.json (README.md). Names are built here only, so writers and readers agree.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/board_geometry.hpp"
#include "rules/game_kind.hpp"
#include "tablebase/layer_file.hpp"
#include "tablebase/table_index.hpp"

namespace papamu {

// 1: every layer stored both sides to move; 2: "colour_fold" and per-layer "sides" (README.md).
constexpr int kManifestFormatVersion = 3;  // follows the layer format (README.md: version history)

// "konane-standard-5x6", "unane-no-pie-4x5".
std::string tableDirectoryName(GameKind game, BoardSize size, const Variant& variant);
// "layer-b07-w08.pmtb"
std::string layerFileName(int black, int white);

// The rules and extent of a table as its manifest states them.
struct TableManifest {
    GameKind game = GameKind::Konane;
    Variant variant;
    BoardSize size;
    int maxStones = 0;
    std::uint32_t blockEntries = 0;
    bool complete = false;
    bool colourFolded = false;
    struct Layer {
        int black = 0;
        int white = 0;
        std::uint64_t entries = 0;
        int sides = 2;  // 1 when colour-folded
        std::uint64_t bytes = 0;
        std::uint64_t checksum = 0;
        RetrogradeLayerStats stats;
    };
    std::vector<Layer> layers;

    // Throws TableError naming the file for a missing, unreadable or unknown manifest.
    static TableManifest read(const std::string& directory);
    // Atomic (temporary file, fsync, rename). Deterministic: no times, no host names.
    void write(const std::string& directory) const;
};

// The header a layer file of this table must have (checksum and payload aside).
LayerHeader expectedLayerHeader(const TableIndex& index, const Variant& variant, int layer);

// DIR itself when it holds a manifest, else DIR/<tableDirectoryName>; throws TableError when
// neither has a manifest.
std::string resolveTableDirectory(const std::string& directory, GameKind game, BoardSize size, const Variant& variant);

}  // namespace papamu
