// The bitboard neighbours, flood fill and group counts of BoardGeometry against a cell-by-cell
// reference (row and column arithmetic, a breadth-first search) on every board shape of up to
// 64 cells, the one-row and one-column boards of 64 cells included (no shift may reach 64).
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "rules/board_geometry.hpp"

using namespace papamu;

namespace {

Bitboard neighboursByCells(const BoardGeometry& geometry, Bitboard bits) {
    Bitboard result = 0;
    for (int cell = 0; cell < geometry.cellCount(); ++cell) {
        if ((bits & cellBit(cell)) == 0) continue;
        const int row = geometry.rowOf(cell);
        const int column = geometry.columnOf(cell);
        if (row + 1 < geometry.rows()) result |= cellBit(geometry.cellAt(row + 1, column));
        if (row > 0) result |= cellBit(geometry.cellAt(row - 1, column));
        if (column > 0) result |= cellBit(geometry.cellAt(row, column - 1));
        if (column + 1 < geometry.columns()) result |= cellBit(geometry.cellAt(row, column + 1));
    }
    return result;
}

int groupsByCells(const BoardGeometry& geometry, Bitboard stones) {
    int groups = 0;
    while (stones != 0) {
        ++groups;
        std::vector<int> frontier{popLowestCell(stones)};
        while (!frontier.empty()) {
            const int cell = frontier.back();
            frontier.pop_back();
            Bitboard next = neighboursByCells(geometry, cellBit(cell)) & stones;
            stones &= ~next;
            while (next != 0) frontier.push_back(popLowestCell(next));
        }
    }
    return groups;
}

// Random stones with a density that gives long snakes as well as scattered stones.
Bitboard randomStones(const BoardGeometry& geometry, std::mt19937_64& random) {
    const int density = static_cast<int>(random() % 4);  // a quarter, half, three quarters, all
    Bitboard stones = geometry.allCells();
    for (int round = density; round < 3; ++round) stones &= random();
    return stones & geometry.allCells();
}

}  // namespace

TEST_CASE("neighbours, flood fill and group counts agree with the cells one by one on every board", "[rules][geometry]") {
    std::mt19937_64 random(20261203);
    int boards = 0;
    for (int rows = 1; rows <= 64; ++rows) {
        for (int columns = 1; rows * columns <= 64; ++columns) {
            const BoardGeometry geometry(rows, columns);
            ++boards;
            for (int sample = 0; sample < 40; ++sample) {
                const Bitboard stones = randomStones(geometry, random);
                INFO("board " << geometry.sizeName() << ", stones " << stones);
                REQUIRE(geometry.neighbours(stones) == neighboursByCells(geometry, stones));
                const int groups = groupsByCells(geometry, stones);
                REQUIRE(geometry.groupCount(stones) == groups);
                REQUIRE(geometry.isSingleGroup(stones) == (groups == 1));
                if (stones != 0) {
                    const Bitboard seed = stones & (~stones + 1);
                    const Bitboard group = geometry.floodFill(seed, stones);
                    REQUIRE((group & seed) != 0);
                    REQUIRE(groupsByCells(geometry, group) == 1);
                    REQUIRE((neighboursByCells(geometry, group) & stones & ~group) == 0);
                }
            }
        }
    }
    CHECK(boards == 280);  // the shapes rows x columns with at most 64 cells
}

TEST_CASE("the corner cells of the long boards have the neighbours their row or column gives", "[rules][geometry]") {
    const BoardGeometry row(1, 64);
    CHECK(row.neighbours(cellBit(0)) == cellBit(1));
    CHECK(row.neighbours(cellBit(63)) == cellBit(62));
    const BoardGeometry column(64, 1);
    CHECK(column.neighbours(cellBit(0)) == cellBit(1));
    CHECK(column.neighbours(cellBit(63)) == cellBit(62));
    const BoardGeometry square(8, 8);
    CHECK(square.neighbours(cellBit(square.cellAt(7, 7))) == (cellBit(square.cellAt(6, 7)) | cellBit(square.cellAt(7, 6))));
    CHECK(square.neighbours(square.allCells()) == square.allCells());
}
