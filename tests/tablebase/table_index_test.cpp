// The layer index: dense, a bijection on every layer, and layers ordered so moves go backwards.
#include <catch2/catch.hpp>
#include <set>

#include "rules/game_dispatch.hpp"
#include "tablebase/subset_rank.hpp"
#include "tablebase/table_index.hpp"

using namespace papamu;

TEST_CASE("subset ranks are dense and invert", "[index]") {
    for (int size = 0; size <= 6; ++size) {
        std::set<std::uint64_t> seen;
        for (std::uint64_t set = 0; set < (1U << 9); ++set) {
            if (popCount(set) != size) continue;
            const std::uint64_t rank = rankSubset(set);
            REQUIRE(rank < kBinomial(9, size));
            REQUIRE(unrankSubset(rank, size, 9) == set);
            seen.insert(rank);
        }
        CHECK(seen.size() == kBinomial(9, size));
    }
    CHECK(kBinomial(64, 32) == 1832624140942590534ULL);
    CHECK(packBits(0b1010, 0b1110) == 0b101);
    CHECK(unpackBits(0b101, 0b1110) == 0b1010);
}

namespace {

void checkRoundTrip(GameKind kind, int rows, int columns, int maxStones) {
    const BoardGeometry geometry(rows, columns);
    const TableIndex index(kind, geometry, maxStones);
    std::uint64_t total = 0;
    for (int layer = 0; layer < index.layerCount(); ++layer) {
        if (layer > 0) REQUIRE(index.layerStones(layer) >= index.layerStones(layer - 1));
        for (std::uint64_t entry = 0; entry < index.layerSize(layer); ++entry) {
            const Position position = index.positionAt(layer, entry);
            REQUIRE(popCount(position.black) == index.layer(layer).black);
            REQUIRE(popCount(position.white) == index.layer(layer).white);
            REQUIRE((position.black & position.white) == 0);
            REQUIRE(index.layerOf(position) == layer);
            REQUIRE(index.entryOf(position) == entry);
        }
        total += index.layerSize(layer);
    }
    CHECK(total == index.totalEntries());
}

}  // namespace

TEST_CASE("every entry of small layers unranks to a position that ranks back to it", "[index]") {
    checkRoundTrip(GameKind::Konane, 4, 4, -1);
    checkRoundTrip(GameKind::Konane, 3, 5, -1);
    checkRoundTrip(GameKind::Unane, 3, 4, -1);
    checkRoundTrip(GameKind::Unane, 4, 5, 5);
}

TEST_CASE("the index has the expected size: every subset of the home cells, or every 3-colouring", "[index]") {
    // Kōnane 4x4: 8 black home cells, 8 white: 2^8 * 2^8 positions per side to move.
    CHECK(TableIndex(GameKind::Konane, BoardGeometry(4, 4)).totalEntries() == 2 * 256 * 256);
    // Kōnane 3x3: 5 black home cells, 4 white.
    CHECK(TableIndex(GameKind::Konane, BoardGeometry(3, 3)).totalEntries() == 2 * 32 * 16);
    // Ūnane 3x4: 3^12 per side to move.
    CHECK(TableIndex(GameKind::Unane, BoardGeometry(3, 4)).totalEntries() == 2 * 531441);
}

TEST_CASE("positions outside the index are reported, never ranked", "[index]") {
    const BoardGeometry geometry(4, 4);
    const TableIndex konane(GameKind::Konane, geometry, 10);
    Position offColour{cellBit(1), 0, Color::Black, false};  // b1 is a white cell
    CHECK(konane.layerOf(offColour) == -1);
    CHECK(konane.coverageProblem(offColour)->find("off-colour") != std::string::npos);
    const Position full{geometry.blackHome(), geometry.whiteHome(), Color::Black, false};
    CHECK(konane.layerOf(full) == -1);
    CHECK(konane.coverageProblem(full)->find("built up to 10") != std::string::npos);
    const TableIndex unane(GameKind::Unane, geometry);
    CHECK(unane.layerOf(offColour) >= 0);
    Position swap = offColour;
    swap.swapAvailable = true;
    CHECK(unane.layerOf(swap) == -1);
}

TEST_CASE("every move leads to an earlier layer", "[index]") {
    for (const GameKind kind : {GameKind::Konane, GameKind::Unane}) {
        visitGame(kind, BoardSize{3, 4}, Variant{}, [&](const auto& game) {
            const TableIndex index(kind, game.geometry());
            for (int layer = 0; layer < index.layerCount(); ++layer) {
                for (std::uint64_t entry = 0; entry < index.layerSize(layer); entry += 7) {
                    const Position position = index.positionAt(layer, entry);
                    MoveList moves;
                    game.generateMoves(position, moves);
                    for (const Move move : moves) {
                        Position child = game.applyMove(position, move);
                        child.swapAvailable = false;
                        REQUIRE(index.layerOf(child) >= 0);
                        REQUIRE(index.layerOf(child) < layer);
                    }
                }
            }
        });
    }
}
