#pragma once
// The dense index of a table: positions without a pie-swap offer, in layers by stone counts.
//
// Layer (b, w) holds every position with b black and w white stones, both sides to move:
//   entry = side * perSide + rank(black set) * C(|white domain|, w) + rank(white set)
// with side 0 = Black to move, and ranks in the combinatorial number system (subset_rank.hpp).
// - Kōnane ("konane-home-subsets"): stones never leave the colour of their cell, so black is a
//   subset of the black home cells and white of the white home cells; positions with off-colour
//   stones are not indexed. perSide = C(|blackHome|, b) * C(|whiteHome|, w).
// - Ūnane ("unane-three-state"): black is any b cells, white any w of the remaining cells.
//   perSide = C(n, b) * C(n - b, w).
// Layers are ordered by total stones, then by black stones, so every move leads to an earlier
// layer. Satisfies the RetrogradeIndex concept of solver/.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/board_geometry.hpp"
#include "rules/game_kind.hpp"
#include "rules/position.hpp"

namespace papamu {

enum class IndexScheme : std::uint8_t { KonaneHomeSubsets = 1, UnaneThreeState = 2 };
const char* indexSchemeName(IndexScheme scheme);

struct TableLayer {
    int black = 0;
    int white = 0;
    std::uint64_t perSide = 0;  // positions per side to move; the layer has 2 * perSide entries
    int stones() const { return black + white; }
};

class TableIndex {
public:
    // All layers with at most maxStones stones (every layer when maxStones is negative).
    TableIndex(GameKind game, const BoardGeometry& geometry, int maxStones = -1);

    GameKind game() const { return game_; }
    IndexScheme scheme() const { return scheme_; }
    const BoardGeometry& geometry() const { return geometry_; }
    int maxStones() const { return maxStones_; }
    // The largest stone count any layer of this board can have (maxStones is at most this).
    int fullStones() const;

    int layerCount() const { return static_cast<int>(layers_.size()); }
    const TableLayer& layer(int layer) const { return layers_[static_cast<std::size_t>(layer)]; }
    std::uint64_t layerSize(int layer) const { return 2 * layers_[static_cast<std::size_t>(layer)].perSide; }
    int layerStones(int layer) const { return layers_[static_cast<std::size_t>(layer)].stones(); }
    // The layer number of (black, white) stone counts, or -1 when it is not in the table.
    int layerNumber(int black, int white) const;
    std::uint64_t totalEntries() const;

    // -1 when the position is not indexed (off-colour Kōnane stones, too many stones, a swap offer).
    int layerOf(const Position& position) const;
    std::uint64_t entryOf(const Position& position) const;
    Position positionAt(int layer, std::uint64_t entry) const;
    // Why the position has no entry (for error messages), or nullopt when it has one.
    std::optional<std::string> coverageProblem(const Position& position) const;

private:
    Bitboard whiteDomain(Bitboard black) const { return whiteBase_ & ~black; }

    GameKind game_;
    IndexScheme scheme_;
    BoardGeometry geometry_;
    int maxStones_;
    Bitboard blackBase_;
    Bitboard whiteBase_;
    std::vector<TableLayer> layers_;
    std::vector<int> layerNumbers_;  // (black * 65 + white) -> layer, -1 when absent
};

}  // namespace papamu
