#pragma once
// A region of a Kōnane position on its own board: the bounding box of the cells its stones can
// ever reach, so that equal regions in different places of a board (or of different boards) are
// one key. The box keeps the region's moves exactly: no move of the region's stones ever lands
// outside the cells it can reach (decomposition/README.md), so the box's edges never cut one off.
#include <cstddef>
#include <cstdint>

#include "rules/bitboard.hpp"
#include "rules/board_geometry.hpp"

namespace papamu {

struct RegionBoard {
    std::uint8_t rows = 0;
    std::uint8_t columns = 0;
    Bitboard black = 0;  // cells of the box, index = row * columns + column
    Bitboard white = 0;

    bool operator==(const RegionBoard&) const = default;
};

struct RegionBoardHash {
    std::size_t operator()(const RegionBoard& region) const {
        std::uint64_t key = region.black * 0x9E3779B97F4A7C15ULL;
        key ^= (region.white + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
        key ^= static_cast<std::uint64_t>(region.rows) << 8 | region.columns;
        key ^= key >> 31;
        key *= 0x94D049BB133111EBULL;
        key ^= key >> 29;
        return static_cast<std::size_t>(key);
    }
};

// The stones of `black` and `white` (all inside `cells`) moved onto the bounding box of `cells`.
inline RegionBoard packRegion(const BoardGeometry& geometry, Bitboard cells, Bitboard black, Bitboard white) {
    int lowRow = geometry.rows();
    int highRow = -1;
    int lowColumn = geometry.columns();
    int highColumn = -1;
    for (Bitboard rest = cells; rest != 0;) {
        const int cell = popLowestCell(rest);
        const int row = geometry.rowOf(cell);
        const int column = geometry.columnOf(cell);
        lowRow = row < lowRow ? row : lowRow;
        highRow = row > highRow ? row : highRow;
        lowColumn = column < lowColumn ? column : lowColumn;
        highColumn = column > highColumn ? column : highColumn;
    }
    RegionBoard region;
    region.rows = static_cast<std::uint8_t>(highRow - lowRow + 1);
    region.columns = static_cast<std::uint8_t>(highColumn - lowColumn + 1);
    const Bitboard mask = region.columns >= 64 ? ~Bitboard{0} : (Bitboard{1} << region.columns) - 1;
    for (int row = lowRow; row <= highRow; ++row) {
        const int from = geometry.cellAt(row, lowColumn);
        const int to = (row - lowRow) * region.columns;
        region.black |= ((black >> from) & mask) << to;
        region.white |= ((white >> from) & mask) << to;
    }
    return region;
}

}  // namespace papamu
