// The split rule is sound: on random jump-phase positions, the regions partition the stones,
// their reaches neither overlap nor touch, the moves of the whole position are exactly the moves
// of the regions put together, and along random play (either colour, any order) every move stays
// inside one region.
#include <catch2/catch.hpp>
#include <algorithm>
#include <random>

#include "decomposition/region_split.hpp"
#include "random_positions.hpp"
#include "rules/game_kind.hpp"

namespace papamu {
namespace {

std::vector<Move> sortedMoves(const KonaneGame& game, const Position& position, bool jumpsOnly) {
    MoveList list;
    if (jumpsOnly) game.generateJumps(position, list);
    else game.generateMoves(position, list);
    std::vector<Move> moves(list.begin(), list.end());
    std::sort(moves.begin(), moves.end(), [](Move a, Move b) { return a.from != b.from ? a.from < b.from : a.to < b.to; });
    return moves;
}

int regionOfCells(const RegionSplit& split, Bitboard cells) {
    for (int index = 0; index < split.count; ++index) {
        if ((split.regions[index].cells & cells) == cells) return index;
    }
    return -1;
}

void checkSplit(const KonaneGame& game, const Position& position, const RegionSplit& split) {
    const BoardGeometry& geometry = game.geometry();
    Bitboard black = 0;
    Bitboard white = 0;
    for (int first = 0; first < split.count; ++first) {
        const Region& region = split.regions[first];
        REQUIRE((region.black & black) == 0);
        REQUIRE((region.white & white) == 0);
        REQUIRE(((region.black | region.white) & ~region.cells) == 0);
        black |= region.black;
        white |= region.white;
        for (int second = first + 1; second < split.count; ++second) {
            const Bitboard near = region.cells | geometry.neighbours(region.cells);
            REQUIRE((near & split.regions[second].cells) == 0);
        }
    }
    REQUIRE(black == position.black);
    REQUIRE(white == position.white);
    for (const Color mover : {Color::Black, Color::White}) {
        Position whole = position;
        whole.sideToMove = mover;
        std::vector<Move> together;
        bool anyLive = false;
        for (int index = 0; index < split.count; ++index) {
            const Region& region = split.regions[index];
            const Position part{region.black, region.white, mover, false};
            const std::vector<Move> moves = sortedMoves(game, part, true);
            if (!region.live) REQUIRE(moves.empty());
            anyLive = anyLive || region.live;
            together.insert(together.end(), moves.begin(), moves.end());
        }
        std::sort(together.begin(), together.end(), [](Move a, Move b) { return a.from != b.from ? a.from < b.from : a.to < b.to; });
        REQUIRE(together == sortedMoves(game, whole, false));
    }
}

// Random moves of either colour from the split position: each one stays in one region's reach.
void checkPlayStaysInside(const KonaneGame& game, Position position, const RegionSplit& split, std::mt19937& random) {
    for (;;) {
        MoveList moves;
        position.sideToMove = random() % 2 == 0 ? Color::Black : Color::White;
        game.generateJumps(position, moves);
        if (moves.empty()) {
            position.sideToMove = opposite(position.sideToMove);
            game.generateJumps(position, moves);
        }
        if (moves.empty()) return;
        const Move move = moves[static_cast<int>(random() % static_cast<unsigned>(moves.size()))];
        const Bitboard touched = cellBit(move.from) | cellBit(move.to) | game.jumpedCells(move.from, move.to);
        REQUIRE(regionOfCells(split, touched) >= 0);
        position = game.applyMove(position, move);
    }
}

TEST_CASE("region split: regions partition the stones and their moves are the position's") {
    int splits = 0;
    for (const char* variant : {"standard", "single-jump"}) {
        for (const auto& [rows, columns] : {std::pair{4, 4}, {4, 5}, {5, 5}, {5, 6}, {3, 8}, {6, 6}, {1, 9}}) {
            const KonaneGame game(BoardGeometry(rows, columns), Variant::parse(variant));
            RegionSplitter splitter(game, 4096, 64);
            RegionSplit split;
            std::mt19937 random(static_cast<unsigned>(rows * 100 + columns));
            for (const Position& position : testing::randomJumpPhasePositions(game, 400, static_cast<unsigned>(rows * 7 + columns))) {
                if (!splitter.split(position, split)) continue;
                INFO(variant << " " << rows << "x" << columns << " black " << position.black << " white " << position.white);
                REQUIRE(split.count >= 2);
                checkSplit(game, position, split);
                checkPlayStaysInside(game, position, split, random);
                ++splits;
            }
        }
    }
    CHECK(splits > 1000);
}

TEST_CASE("region split: one group or a state limit gives no split") {
    const KonaneGame game(BoardGeometry(4, 4));
    RegionSplitter splitter(game, 4096, 64);
    RegionSplit split;
    // Kōnane 4x4 after two removals: one group of 14 stones.
    Position opened = game.startPosition();
    opened.black &= ~cellBit(0);
    opened.white &= ~cellBit(1);
    CHECK_FALSE(splitter.split(opened, split));
    // Two far-apart pairs: B W . . on the bottom row, . . B W two rows up.
    Position pairs{cellBit(0) | cellBit(10), cellBit(1) | cellBit(11), Color::Black, false};
    REQUIRE(splitter.split(pairs, split));
    CHECK(split.count == 2);
    RegionSplitter tiny(game, 1, 64);
    CHECK_FALSE(tiny.split(pairs, split));
}

}  // namespace
}  // namespace papamu
