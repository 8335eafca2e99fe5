// Kōnane move generation on hand-built positions, one rule of RULES.md at a time.
#include <catch2/catch.hpp>

#include "rules/game_dispatch.hpp"
#include "rules/perft.hpp"
#include "support/rules_test_helpers.hpp"

using namespace papamu;
using papamu::testing::moveNames;
using papamu::testing::play;
using papamu::testing::positionOf;
using Names = std::vector<std::string>;

namespace {

KonaneGame konane(int rows, int columns, const char* variant = "standard") {
    return KonaneGame(BoardGeometry(rows, columns), Variant::parse(variant));
}

// The start pattern with White to move, to see White's opening removals.
Position whiteOpens(const KonaneGame& game) {
    Position position = game.startPosition();
    position.sideToMove = Color::White;
    return position;
}

}  // namespace

TEST_CASE("Konane opening: corners and the centre, by board parity", "[konane][opening]") {
    SECTION("6x6: even x even, the centre has 4 cells") {
        const KonaneGame game = konane(6, 6);
        CHECK(popCount(game.geometry().centre()) == 4);
        CHECK(moveNames(game, game.startPosition()) == Names{"a1", "c3", "d4", "f6"});
        CHECK(moveNames(game, whiteOpens(game)) == Names{"a6", "c4", "d3", "f1"});
    }
    SECTION("5x5: odd x odd, the centre is one cell and every corner is black") {
        const KonaneGame game = konane(5, 5);
        CHECK(popCount(game.geometry().centre()) == 1);
        CHECK(moveNames(game, game.startPosition()) == Names{"a1", "a5", "c3", "e1", "e5"});
        CHECK(moveNames(game, whiteOpens(game)).empty());  // White would have no opening: a loss
    }
    SECTION("5x6: odd rows, even columns, the centre has 2 cells in a row") {
        const KonaneGame game = konane(5, 6);
        CHECK(game.geometry().centre() == (cellBit(2 * 6 + 2) | cellBit(2 * 6 + 3)));
        CHECK(moveNames(game, game.startPosition()) == Names{"a1", "a5", "c3"});
        CHECK(moveNames(game, whiteOpens(game)) == Names{"d3", "f1", "f5"});
    }
    SECTION("4x5: even rows, odd columns, the centre has 2 cells in a column") {
        const KonaneGame game = konane(4, 5);
        CHECK(game.geometry().centre() == (cellBit(1 * 5 + 2) | cellBit(2 * 5 + 2)));
        CHECK(moveNames(game, game.startPosition()) == Names{"a1", "c3", "e1"});
        CHECK(moveNames(game, whiteOpens(game)) == Names{"a4", "c2", "e4"});
    }
    SECTION("1x8: a line has two corners and a two-cell centre") {
        const KonaneGame game = konane(1, 8);
        CHECK(moveNames(game, game.startPosition()) == Names{"a1", "e1"});
        CHECK(moveNames(game, whiteOpens(game)) == Names{"d1", "h1"});
    }
    SECTION("1x1: the single cell is corner and centre") {
        const KonaneGame game = konane(1, 1);
        CHECK(moveNames(game, game.startPosition()) == Names{"a1"});
        const Position after = game.applyMove(game.startPosition(), Move::removal(0));
        CHECK(after.occupied() == 0);
        CHECK(moveNames(game, after).empty());
    }
    SECTION("a full board of any colours: only the mover's stones on corners or centre") {
        const KonaneGame game = konane(4, 4);
        // Corners a1 W, d1 B, a4 B, d4 B; centre b2 W, c2 W, b3 W, c3 B.
        CHECK(moveNames(game, positionOf("konane BBBB/BWBB/WWWB/WBBB b")) == Names{"a4", "c3", "d1", "d4"});
        CHECK(moveNames(game, positionOf("konane BBBB/BWBB/WWWB/WBBB w")) == Names{"a1", "b2", "b3", "c2"});
    }
}

TEST_CASE("Konane open-any: the first removal may take any stone of the mover", "[konane][opening]") {
    const KonaneGame game = konane(6, 6, "open-any");
    MoveList moves;
    game.generateMoves(game.startPosition(), moves);
    CHECK(moves.size() == 18);
    for (const Move move : moves) {
        CHECK(move.kind == MoveKind::Removal);
        CHECK(hasCell(game.geometry().blackHome(), move.from));
    }
    CHECK(moveNames(konane(1, 3, "open-any"), positionOf("konane WBW w")) == Names{"a1", "c1"});
    // open-any changes only the first removal: the second still must touch the empty cell.
    const Position second = game.applyMove(game.startPosition(), Move::removal(14));  // c3
    CHECK(moveNames(game, second) == Names{"b3", "c2", "c4", "d3"});
}

TEST_CASE("Konane second removal: an own stone next to the single empty cell", "[konane][opening]") {
    const KonaneGame game = konane(6, 6);
    CHECK(moveNames(game, play(game, game.startPosition(), {"a1"})) == Names{"a2", "b1"});
    CHECK(moveNames(game, play(game, game.startPosition(), {"d4"})) == Names{"c4", "d3", "d5", "e4"});
    CHECK(moveNames(game, play(game, game.startPosition(), {"f6"})) == Names{"e6", "f5"});
    // A hand-built board: the empty cell has neighbours of both colours.
    const KonaneGame small = konane(3, 3);
    CHECK(moveNames(small, positionOf("konane BBB/B.W/WWW w")) == Names{"b1", "c2"});
    CHECK(moveNames(small, positionOf("konane BBB/B.W/WWW b")) == Names{"a2", "b3"});
    // No own stone next to the empty cell: no move, the side to move has lost.
    CHECK(moveNames(small, positionOf("konane BWB/W.W/BWB b")).empty());
    CHECK(moveNames(small, positionOf("konane BWB/W.W/BWB w")) == Names{"a2", "b1", "b3", "c2"});
}

TEST_CASE("Konane jumps: every stopping point of a multi-jump is a move", "[konane][jump]") {
    SECTION("along a row: one, two or three jumps") {
        const KonaneGame game = konane(1, 8);
        CHECK(moveNames(game, positionOf("konane BW.W.W.. b")) == Names{"a1-c1", "a1-e1", "a1-g1"});
        CHECK(moveNames(konane(1, 8, "single-jump"), positionOf("konane BW.W.W.. b")) == Names{"a1-c1"});
        // The stone moves and every jumped stone goes.
        const Position after = game.applyMove(positionOf("konane BW.W.W.. b"), Move::step(0, 6));
        CHECK(after == positionOf("konane ......B. w"));
    }
    SECTION("leftwards, from the right edge") {
        CHECK(moveNames(konane(1, 8), positionOf("konane ..W.W.WB b")) == Names{"h1-b1", "h1-d1", "h1-f1"});
    }
    SECTION("up and down a column") {
        const KonaneGame game = konane(7, 1);
        CHECK(moveNames(game, positionOf("konane ./W/./W/./W/B b")) == Names{"a1-a3", "a1-a5", "a1-a7"});
        CHECK(moveNames(game, positionOf("konane B/W/./W/./W/. b")) == Names{"a7-a1", "a7-a3", "a7-a5"});
    }
    SECTION("a chain stops at a stone on the landing cell or two enemies in a row") {
        const KonaneGame game = konane(1, 8);
        CHECK(moveNames(game, positionOf("konane BW.WB... b")) == Names{"a1-c1", "e1-c1"});
        CHECK(moveNames(game, positionOf("konane BW.WW.W. b")) == Names{"a1-c1"});
        CHECK(moveNames(game, positionOf("konane BWW..... b")).empty());
        CHECK(moveNames(game, positionOf("konane B.W..... b")).empty());  // nothing adjacent to jump
    }
    SECTION("no turning: a chain keeps its direction") {
        // b1 jumps c1 to d1; turning up over d2 to d3 would be a different direction.
        const KonaneGame game = konane(3, 4);
        CHECK(moveNames(game, positionOf("konane ..../...W/.BW. b")) == Names{"b1-d1"});
    }
    SECTION("one stone, four directions; nothing diagonal") {
        const KonaneGame game = konane(5, 5);
        const Position cross = positionOf("konane ...../..W../.WBW./..W../..... b");
        CHECK(moveNames(game, cross) == Names{"c3-a3", "c3-c1", "c3-c5", "c3-e3"});
        CHECK(moveNames(game, positionOf("konane ...../..W../.WBW./..W../..... w")).empty());
        CHECK(moveNames(konane(3, 3), positionOf("konane B.B/.W./B.B b")).empty());
    }
}

TEST_CASE("Konane jumps never wrap around an edge", "[konane][jump]") {
    // In bit order d1 (cell 3) is followed by a2 (cell 4): a wrap-around jump d1-b2 or a2-c1
    // would go over the row boundary.
    const KonaneGame game = konane(2, 4);
    CHECK(moveNames(game, positionOf("konane W.../...B b")).empty());
    CHECK(moveNames(game, positionOf("konane W.../...B w")).empty());
    CHECK(moveNames(game, positionOf("konane .W../..WB b")) == Names{"d1-b1"});
    // Top and bottom: 64 cells, so nothing above row 8 exists even in the bit pattern.
    const KonaneGame full = konane(8, 8);
    const Position top = positionOf("konane B......./W......./......../......../......../......../......../........ b");
    CHECK(moveNames(full, top) == Names{"a8-a6"});
    const Position corner = positionOf("konane ......WB/......../......../......../......../......../......../........ b");
    CHECK(moveNames(full, corner) == Names{"h8-f8"});
    // h1 is followed by a2 in bit order: h1-b2 and a2-g1 would be wrap-arounds.
    const std::string bottom = "konane ......../......../......../......../......../......../W......W/.......B ";
    CHECK(moveNames(full, positionOf(bottom + "b")) == Names{"h1-h3"});
    CHECK(moveNames(full, positionOf(bottom + "w")).empty());
}

TEST_CASE("Konane: a player without a legal move has lost", "[konane]") {
    const KonaneGame game = konane(4, 4);
    const Position stuck = positionOf("konane B.B./..../W.W./.... b");
    CHECK(moveNames(game, stuck).empty());
    CHECK_FALSE(game.finishedValue(stuck).has_value());  // Kōnane finds the loss via the empty list
    CHECK(perft(game, stuck, 3) == 0);
}

TEST_CASE("Konane 6x6 after a1, b1: one black jump, then three white ones (RULES.md)", "[konane][rules-md]") {
    const KonaneGame game = konane(6, 6);
    const Position afterOpening = play(game, game.startPosition(), {"a1", "b1"});
    CHECK(moveNames(game, afterOpening) == Names{"a3-a1"});
    const Position afterJump = play(game, afterOpening, {"a3-a1"});
    CHECK(moveNames(game, afterJump) == Names{"b3-b1", "c2-a2", "d1-b1"});
    CHECK(perft(game, game.startPosition(), 4) == 156);
}

TEST_CASE("Konane positions that cannot be played are named", "[konane]") {
    const KonaneGame game = konane(2, 2);
    CHECK(game.positionProblem(positionOf("konane BW/WB b")) == std::nullopt);
    Position swap = positionOf("konane BW/.B w");
    swap.swapAvailable = true;
    CHECK(game.positionProblem(swap) == std::optional<std::string>("the pie swap exists only in unane"));
    Position doubled = positionOf("konane BW/.B w");
    doubled.white |= cellBit(1);  // b1 is black
    CHECK(game.positionProblem(doubled) == std::optional<std::string>("a cell holds two stones"));
    Position outside = positionOf("konane BW/.B w");
    outside.black |= cellBit(7);
    CHECK(game.positionProblem(outside) == std::optional<std::string>("stones outside the board"));
    CHECK_THROWS_WITH(KonaneGame(BoardGeometry(4, 4), Variant::parse("no-pie")),
                      Catch::Contains("no-pie is for unane, not konane"));
}

TEST_CASE("Konane moveCount equals the number of moves listed", "[konane]") {
    std::mt19937_64 random(78);
    int blocked = 0;
    for (const auto& [rows, columns] : papamu::testing::testBoardSizes()) {
        for (const char* variant : {"standard", "single-jump", "open-any"}) {
            const KonaneGame game = konane(rows, columns, variant);
            for (int sample = 0; sample < 120; ++sample) {
                // Play-outs reach the opening phases and real games; random boards (each stone on
                // its own colour) the middle and the end of the game.
                Position position = papamu::testing::randomPlayout(game, random, sample % 30);
                if (sample % 2 == 1) {
                    const Position board = papamu::testing::randomBoard(game.geometry(), random, 0.5, 2 + sample % 5);
                    position = Position{board.occupied() & game.geometry().blackHome(),
                                        board.occupied() & ~game.geometry().blackHome(), board.sideToMove, false};
                }
                MoveList moves;
                game.generateMoves(position, moves);
                INFO(rows << "x" << columns << " " << variant << " sample " << sample);
                CHECK(game.moveCount(position) == moves.size());
                blocked += moves.empty();
            }
        }
    }
    CHECK(blocked > 20);  // positions without a move are in the sample
}
