// The layer index: dense, a bijection on every layer, and layers ordered so moves go backwards.
#include <catch2/catch.hpp>
#include <random>
#include <set>
#include <vector>

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
    // The table of low ranks and the loop agree on every set of 16 elements, and across the seam.
    for (std::uint64_t set = 0; set < (std::uint64_t{1} << 16); ++set) REQUIRE(rankSubset(set) == rankSubsetByLoop(set));
    for (const std::uint64_t set : {0x10000ULL, 0x1FFFFULL, 0xF0F0F0F0ULL, 0xFFFFFFFF00000001ULL, ~0ULL}) {
        REQUIRE(rankSubset(set) == rankSubsetByLoop(set));
        REQUIRE(unrankSubset(rankSubset(set), popCount(set), 64) == set);
    }
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
            if (index.layerFolded(layer)) {
                const Position image = index.colourImage(position);
                REQUIRE(index.layerOf(image) == layer);
                REQUIRE(index.entryOf(image) == entry);
            }
        }
        // The builder's solving order visits every entry once, each with its own position.
        std::vector<char> visited(index.layerSize(layer), 0);
        for (std::uint64_t step = 0; step < index.layerSize(layer); ++step) {
            const IndexedPosition parent = index.solvingOrder(layer, step);
            REQUIRE(parent.entry < index.layerSize(layer));
            REQUIRE(visited[parent.entry] == 0);
            visited[parent.entry] = 1;
            REQUIRE(parent.position == index.positionAt(layer, parent.entry));
        }
        // The incremental walk gives exactly the same steps, from any start (ranges cut anywhere).
        const std::uint64_t size = index.layerSize(layer);
        for (const std::uint64_t cut : {std::uint64_t{0}, size / 3, size / 2 + 1}) {
            std::uint64_t step = cut;
            index.visitSolvingOrder(layer, cut, size, [&](const IndexedPosition& parent) {
                const IndexedPosition expected = index.solvingOrder(layer, step++);
                REQUIRE(parent.entry == expected.entry);
                REQUIRE(parent.position == expected.position);
            });
            REQUIRE(step == std::max(cut, size));
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
    // Kōnane 4x4: 8 black home cells, 8 white: 2^8 * 2^8 positions per side to move, folded
    // into one entry per pair of colour images.
    const TableIndex konane44(GameKind::Konane, BoardGeometry(4, 4));
    CHECK(konane44.totalPositions() == 2 * 256 * 256);
    CHECK(konane44.totalEntries() == 256 * 256);
    CHECK(konane44.colourFolded());
    // Kōnane 3x3: 5 black home cells, 4 white; no symmetry exchanges them, so nothing folds.
    const TableIndex konane33(GameKind::Konane, BoardGeometry(3, 3));
    CHECK_FALSE(konane33.colourFolded());
    CHECK(konane33.totalEntries() == 2 * 32 * 16);
    CHECK(konane33.totalPositions() == 2 * 32 * 16);
    // Ūnane 3x4: 3^12 per side to move; folded except the full-board layers (2^12 colourings).
    const TableIndex unane34(GameKind::Unane, BoardGeometry(3, 4));
    CHECK(unane34.totalPositions() == 2 * 531441);
    CHECK(unane34.totalEntries() == 531441 + 4096);
    for (int layer = 0; layer < unane34.layerCount(); ++layer) {
        CHECK(unane34.layerFolded(layer) == (unane34.layerStones(layer) < 12));
    }
}

namespace {

// Every position of every layer (both sides to move) and its colour image share one entry,
// the entry's own position is the Black-to-move one, and no two other positions collide.
void checkColourImagesShareEntries(GameKind kind, int rows, int columns) {
    INFO(gameName(kind) << " " << rows << "x" << columns);
    const TableIndex index(kind, BoardGeometry(rows, columns));
    REQUIRE(index.colourFolded());
    for (int layer = 0; layer < index.layerCount(); ++layer) {
        const TableLayer& shape = index.layer(layer);
        std::vector<int> hits(index.layerSize(layer), 0);
        for (std::uint64_t entry = 0; entry < index.layerSize(layer); ++entry) {
            const Position stored = index.positionAt(layer, entry);
            if (index.layerFolded(layer)) REQUIRE(stored.sideToMove == Color::Black);
            const Position image = index.colourImage(stored);
            REQUIRE(image.sideToMove == opposite(stored.sideToMove));
            REQUIRE(index.colourImage(image) == stored);
            if (index.layerFolded(layer)) {
                // The image (White to move) lives in layer (w, b) of the same entry numbering.
                REQUIRE(popCount(image.black) == shape.white);
                REQUIRE(index.locate(image).layer == layer);
                REQUIRE(index.locate(image).entry == entry);
            } else {
                // Unfolded (Ūnane full board): the image has an entry of its own.
                const IndexLocation own = index.locate(image);
                REQUIRE(own.layer >= 0);
                REQUIRE((own.layer != layer || own.entry != entry));
            }
            ++hits[entry];
        }
        for (const int hit : hits) REQUIRE(hit == 1);
    }
}

}  // namespace

TEST_CASE("colour images share one entry", "[index][symmetry]") {
    checkColourImagesShareEntries(GameKind::Konane, 4, 4);  // mirror of the columns
    checkColourImagesShareEntries(GameKind::Konane, 3, 4);
    checkColourImagesShareEntries(GameKind::Konane, 4, 3);  // mirror of the rows (3 columns, odd)
    checkColourImagesShareEntries(GameKind::Konane, 1, 6);
    checkColourImagesShareEntries(GameKind::Unane, 3, 4);   // identity, colours exchanged
    checkColourImagesShareEntries(GameKind::Unane, 2, 3);
    // Kōnane: the image of a position is a legal position of the board (home cells respected).
    const TableIndex konane(GameKind::Konane, BoardGeometry(4, 3));
    const BoardGeometry geometry(4, 3);
    const Position position{cellBit(0) | cellBit(2), cellBit(1), Color::White, false};
    const Position image = konane.colourImage(position);
    CHECK((image.black & ~geometry.blackHome()) == 0);
    CHECK((image.white & ~geometry.whiteHome()) == 0);
    CHECK(image.sideToMove == Color::Black);
    CHECK(konane.locate(position).entry == konane.locate(image).entry);
    CHECK(konane.locate(position).layer == konane.locate(image).layer);
    // A board with no colour-exchanging symmetry has no image to give.
    CHECK_THROWS_AS(TableIndex(GameKind::Konane, BoardGeometry(3, 5)).colourImage(position), std::logic_error);
}

TEST_CASE("positions outside the index are reported, never ranked", "[index]") {
    const BoardGeometry geometry(4, 4);
    const TableIndex konane(GameKind::Konane, geometry, 10);
    Position offColour{cellBit(1), 0, Color::Black, false};  // b1 is a white cell
    CHECK(konane.layerOf(offColour) == -1);
    CHECK(konane.coverageProblem(offColour) == "konane: black stone on b1, a white cell: no game reaches it (a stone never leaves the colour of its start cell)");
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

namespace {

// The builder's incremental lookup (ChildLocator: the parent packed once, each child's packed
// sets updated from the cells its move changed) agrees with locating the child from scratch,
// for every child of many random positions of every layer, both sides to move.
template <class G>
void checkChildLookups(const G& game, int maxStones = -1) {
    INFO(gameName(G::kKind) << " " << game.geometry().sizeName());
    const TableIndex index(G::kKind, game.geometry(), maxStones);
    std::mt19937_64 random(15);
    std::uint64_t children = 0;
    ParentFrame running;  // carried from parent to parent, as the builder's walk does
    for (int layer = 0; layer < index.layerCount(); ++layer) {
        const std::uint64_t size = index.layerSize(layer);
        for (int sample = 0; sample < 300; ++sample) {
            Position parent = index.positionAt(layer, random() % size);
            // Folded layers store Black to move; their White-to-move images are parents too.
            if (index.layerFolded(layer) && (random() & 1U) != 0) parent = index.colourImage(parent);
            const ParentFrame frame = index.parentFrame(parent);
            index.refreshFrame(running, parent);
            MoveList moves;
            game.generateMoves(parent, moves);
            for (const Move move : moves) {
                Position child = game.applyMove(parent, move);
                child.swapAvailable = false;
                const IndexLocation expected = index.locate(child);
                const IndexLocation found = index.locateChild(frame, child);
                REQUIRE(expected.layer >= 0);
                REQUIRE(found.layer == expected.layer);
                REQUIRE(found.entry == expected.entry);
                const IndexLocation carried = index.locateChild(running, child);
                REQUIRE(carried.layer == expected.layer);
                REQUIRE(carried.entry == expected.entry);
                ++children;
            }
        }
    }
    CHECK(children > 1000);
}

}  // namespace

TEST_CASE("children found from their parent's packed sets agree with ranking them in full", "[index]") {
    checkChildLookups(KonaneGame(BoardGeometry(4, 4)));       // folded, mirror of the columns
    checkChildLookups(KonaneGame(BoardGeometry(4, 5)));       // folded, mirror of the rows
    checkChildLookups(KonaneGame(BoardGeometry(5, 6)), 14);   // the benchmark board: 15-cell domains
    checkChildLookups(KonaneGame(BoardGeometry(3, 5)));       // odd x odd: nothing folded
    checkChildLookups(KonaneGame(BoardGeometry(2, 18)), 12);  // domains over 16 cells (ranked in two parts)
    checkChildLookups(UnaneGame(BoardGeometry(3, 4)));        // identity fold, full board unfolded
    checkChildLookups(UnaneGame(BoardGeometry(4, 5)), 12);
    checkChildLookups(UnaneGame(BoardGeometry(3, 4), Variant{.noPie = true}));
    // Positions that are not a child of the parent's layer's rules still have no entry.
    const TableIndex konane(GameKind::Konane, BoardGeometry(4, 4));
    const Position parent{BoardGeometry(4, 4).blackHome(), 0, Color::Black, false};
    const ParentFrame frame = konane.parentFrame(parent);
    CHECK(konane.locateChild(frame, Position{cellBit(1), 0, Color::White, false}).layer == -1);  // off-colour
    CHECK(konane.locateChild(frame, Position{cellBit(0), 0, Color::White, true}).layer == -1);   // swap offer
}
