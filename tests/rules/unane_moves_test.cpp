// Ūnane move generation, the winning rule and the pie swap on hand-built positions.
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

UnaneGame unane(int rows, int columns, const char* variant = "standard") {
    return UnaneGame(BoardGeometry(rows, columns), Variant::parse(variant));
}

}  // namespace

TEST_CASE("Unane: capture an adjacent enemy, or remove an own stone with no enemy neighbour", "[unane]") {
    const UnaneGame game = unane(4, 4);
    // a1 touches the white b1: it may capture it but not be removed; d4 touches nothing.
    const Position position = positionOf("unane W..B/..../..../BW.W b");
    CHECK(moveNames(game, position) == Names{"a1-b1", "d4"});
    const Position captured = play(game, position, {"a1-b1"});
    CHECK(captured == positionOf("unane W..B/..../..../.B.W w"));
    CHECK_FALSE(game.finishedValue(captured).has_value());
    CHECK(moveNames(game, captured) == Names{"a4", "d1"});
    CHECK(moveNames(game, positionOf("unane W..B/..../..../BW.W w")) == Names{"a4", "b1-a1", "d1"});
    // Every direction, and a stone that touches two enemies captures either but is not removable.
    const UnaneGame wide = unane(3, 4);
    CHECK(moveNames(wide, positionOf("unane .W.B/WBW./.W.B b")) == Names{"b2-a2", "b2-b1", "b2-b3", "b2-c2", "d1", "d3"});
    CHECK(moveNames(wide, positionOf("unane .W.B/WBW./.W.B w")) ==
          Names{"a2-b2", "b1-b2", "b3-b2", "c2-b2"});  // each touches b2: none removable
}

TEST_CASE("Unane winning rule: every case of RULES.md", "[unane][winning]") {
    SECTION("the mover reduced to one group wins, also by a removal") {
        const UnaneGame game = unane(4, 4);
        const Position after = play(game, positionOf("unane W..B/..../..../BW.W b"), {"d4"});
        CHECK(game.finishedValue(after) == Value::Loss);  // White to move has lost
        CHECK(moveNames(game, after).empty());
    }
    SECTION("both colours with one group: the player who just moved wins") {
        const UnaneGame game = unane(1, 6);
        const Position position = positionOf("unane BWBWW. b");
        CHECK(moveNames(game, position) == Names{"a1-b1", "c1-b1", "c1-d1"});
        for (const char* winning : {"a1-b1", "c1-b1"}) {
            const Position after = play(game, position, {winning});
            CHECK(game.geometry().isSingleGroup(after.black));
            CHECK(game.geometry().isSingleGroup(after.white));
            CHECK(game.finishedValue(after) == Value::Loss);
            CHECK(moveNames(game, after).empty());
        }
        const Position goesOn = play(game, position, {"c1-d1"});
        CHECK_FALSE(game.finishedValue(goesOn).has_value());
        CHECK(moveNames(game, goesOn) == Names{"b1-a1", "e1-d1"});
        // Written by hand with either side to move: the side not to move has just moved and wins.
        CHECK(unane(2, 2).finishedValue(positionOf("unane BB/WW b")) == Value::Loss);
        CHECK(unane(2, 2).finishedValue(positionOf("unane BB/WW w")) == Value::Loss);
    }
    SECTION("the opponent reduced to one group wins when the mover is not") {
        const UnaneGame game = unane(1, 6);
        const Position position = positionOf("unane BW.BWB b");
        CHECK(moveNames(game, position) == Names{"a1-b1", "d1-e1", "f1-e1"});
        for (const char* move : {"a1-b1", "d1-e1", "f1-e1"}) {
            const Position after = play(game, position, {move});
            CHECK(game.finishedValue(after) == Value::Win);  // White to move, and White has won
            CHECK(moveNames(game, after).empty());
        }
        CHECK(unane(2, 4).finishedValue(positionOf("unane B.B./WWWW w")) == Value::Win);
        CHECK(unane(2, 4).finishedValue(positionOf("unane B.B./WWWW b")) == Value::Loss);
    }
    SECTION("neither colour with one group: play goes on") {
        const UnaneGame game = unane(4, 4);
        CHECK_FALSE(game.finishedValue(game.startPosition()).has_value());
        CHECK_FALSE(game.finishedValue(positionOf("unane W..B/..../..../BW.W w")).has_value());
        CHECK_FALSE(unane(1, 6).finishedValue(positionOf("unane BW.BW. w")).has_value());
    }
}

TEST_CASE("Unane pie swap: offered once, after Black's first move from the start", "[unane][swap]") {
    const UnaneGame game = unane(4, 4);
    const Position afterFirst = play(game, game.startPosition(), {"a1-b1"});
    CHECK(afterFirst.swapAvailable);
    CHECK(afterFirst.sideToMove == Color::White);
    MoveList moves;
    game.generateMoves(afterFirst, moves);
    CHECK(moves.contains(Move::swap()));
    CHECK(moves[moves.size() - 1] == Move::swap());

    const Position swapped = game.applyMove(afterFirst, Move::swap());
    CHECK(swapped.black == afterFirst.black);
    CHECK(swapped.white == afterFirst.white);
    CHECK(swapped.sideToMove == Color::White);
    CHECK_FALSE(swapped.swapAvailable);
    MoveList afterSwap;
    game.generateMoves(swapped, afterSwap);
    CHECK(afterSwap.size() == moves.size() - 1);
    CHECK_FALSE(afterSwap.contains(Move::swap()));
    // The swap is a ply: perft counts it as one of White's first moves.
    CHECK(perft(game, afterFirst, 1) == static_cast<std::uint64_t>(afterSwap.size()) + 1);
    CHECK(perft(game, afterFirst, 2) == perft(game, swapped, 1) + perft(unane(4, 4, "no-pie"), swapped, 2));
    // No offer after White's first move, or after a first move from any other full board.
    for (const Move move : afterSwap) CHECK_FALSE(game.applyMove(swapped, move).swapAvailable);
    const Position mirrored = positionOf("unane BWBW/WBWB/BWBW/WBWB b");  // start mirrored: not the start
    MoveList fromMirror;
    game.generateMoves(mirrored, fromMirror);
    CHECK(fromMirror.size() == 24);
    for (const Move move : fromMirror) CHECK_FALSE(game.applyMove(mirrored, move).swapAvailable);
    // A first move that already wins ends the game: no swap.
    const UnaneGame tiny = unane(2, 2);
    const Position won = play(tiny, tiny.startPosition(), {"a1-b1"});
    CHECK(tiny.finishedValue(won) == Value::Loss);
    CHECK(moveNames(tiny, won).empty());
}

TEST_CASE("Unane no-pie: never a swap", "[unane][swap]") {
    const UnaneGame game = unane(4, 4, "no-pie");
    const Position afterFirst = play(game, game.startPosition(), {"a1-b1"});
    CHECK_FALSE(afterFirst.swapAvailable);
    CHECK(moveNames(game, afterFirst) == moveNames(unane(4, 4), game.applyMove(play(unane(4, 4), game.startPosition(), {"a1-b1"}), Move::swap())));
    CHECK_THROWS_WITH(parseLegalMove(game, afterFirst, "swap"), Catch::Contains("the pie swap is off in variant no-pie"));
    Position offered = afterFirst;
    offered.swapAvailable = true;
    CHECK(game.positionProblem(offered) == std::optional<std::string>("the pie swap is off in variant no-pie"));
}

TEST_CASE("Unane symmetry permission follows the pie rule", "[unane][swap]") {
    const UnaneGame pie = unane(4, 4);
    const UnaneGame noPie = unane(4, 4, "no-pie");
    const SymmetryPermission start = pie.symmetryPermission(pie.startPosition());
    CHECK_FALSE(start.geometric);
    CHECK_FALSE(start.colourSwap);
    const SymmetryPermission offered = pie.symmetryPermission(play(pie, pie.startPosition(), {"a1-b1"}));
    CHECK(offered.geometric);
    CHECK_FALSE(offered.colourSwap);
    const SymmetryPermission free = noPie.symmetryPermission(noPie.startPosition());
    CHECK(free.geometric);
    CHECK(free.colourSwap);
    // Why the start is special with the pie rule: its mirror image offers no swap.
    CHECK(perft(pie, pie.startPosition(), 2) == 472);
    CHECK(perft(pie, positionOf("unane BWBW/WBWB/BWBW/WBWB b"), 2) == 448);
}

TEST_CASE("Unane first move count is 2RC - R - C", "[unane]") {
    for (const auto& [rows, columns] : {std::pair{2, 2}, {1, 4}, {2, 3}, {3, 4}, {4, 4}, {5, 6}, {4, 7},
                                        {8, 8}, {2, 32}, {1, 64}, {64, 1}, {6, 9}}) {
        const UnaneGame game = unane(rows, columns);
        MoveList moves;
        game.generateMoves(game.startPosition(), moves);
        INFO(rows << "x" << columns);
        CHECK(moves.size() == 2 * rows * columns - rows - columns);
        for (const Move move : moves) CHECK(move.kind == MoveKind::Step);
    }
}

TEST_CASE("Unane board sizes: an even number of cells, at least 4", "[unane]") {
    for (const auto& [rows, columns] : {std::pair{3, 3}, {1, 3}, {5, 5}, {7, 9}, {1, 1}, {1, 2}, {2, 1}}) {
        INFO(rows << "x" << columns);
        CHECK_THROWS_WITH(unane(rows, columns), Catch::Contains("is not allowed for unane"));
    }
    CHECK_THROWS_WITH(unane(3, 3), Catch::Contains("board 3x3 is not allowed for unane: it needs an even number of cells"));
    CHECK_THROWS_WITH(unane(1, 2), Catch::Contains("at least 4 cells"));
    for (const auto& [rows, columns] : {std::pair{2, 2}, {1, 4}, {4, 1}, {3, 4}, {8, 8}, {1, 64}}) {
        CHECK_NOTHROW(unane(rows, columns));
    }
    CHECK_THROWS_WITH(unane(4, 4, "single-jump"), Catch::Contains("single-jump is for konane, not unane"));
    CHECK_THROWS_WITH(unane(4, 4, "open-any"), Catch::Contains("open-any is for konane, not unane"));
    CHECK_THROWS_WITH(BoardGeometry(9, 8), Catch::Contains("it has 72 cells, at most 64 are allowed"));
    CHECK_THROWS_WITH(BoardGeometry(0, 4), Catch::Contains("board 0x4 is not allowed"));
}

TEST_CASE("Unane winsInOneMove agrees with trying every move", "[unane][winning]") {
    std::mt19937_64 random(2026);
    int wins = 0;
    int positions = 0;
    for (const auto& [rows, columns] : std::vector<std::pair<int, int>>{{3, 4}, {4, 4}, {3, 6}, {4, 5}}) {
        for (const char* variant : {"standard", "no-pie"}) {
            const UnaneGame game = unane(rows, columns, variant);
            for (int sample = 0; sample < 400; ++sample) {
                const Position position = papamu::testing::randomPlayout(game, random, sample % 18);
                if (game.finishedValue(position)) continue;
                MoveList moves;
                game.generateMoves(position, moves);
                bool expected = false;
                for (const Move move : moves) expected |= game.finishedValue(game.applyMove(position, move)) == Value::Loss;
                CHECK(game.winsInOneMove(position) == expected);
                wins += expected;
                ++positions;
            }
        }
    }
    // The sample holds both answers in numbers (checked, so that the comparison means something).
    CHECK(positions > 2000);
    CHECK(wins > 100);
    CHECK(positions - wins > 100);
}

TEST_CASE("Unane winsInOneMove on hand-built positions", "[unane][winning]") {
    const UnaneGame game = unane(4, 4);
    // Black's lone stone on d4 has no enemy neighbour: removing it leaves one group.
    CHECK(game.winsInOneMove(positionOf("unane W..B/..../..../BW.W b")));
    // Black a1 captures b1 and joins c1: one group.
    CHECK(game.winsInOneMove(positionOf("unane W.../..../..../BWBW b")));
    // Two black groups far apart, each touching White: no single move joins them.
    CHECK_FALSE(game.winsInOneMove(positionOf("unane BW../..../..../..WB b")));
}

TEST_CASE("Unane moveCount equals the number of moves listed", "[unane]") {
    std::mt19937_64 random(77);
    int finished = 0;
    int withSwap = 0;
    for (const auto& [rows, columns] : papamu::testing::testBoardSizes()) {
        if ((rows * columns) % 2 != 0 || rows * columns < 4) continue;
        for (const char* variant : {"standard", "no-pie"}) {
            const UnaneGame game = unane(rows, columns, variant);
            for (int sample = 0; sample < 120; ++sample) {
                const Position position = sample % 2 == 0
                                              ? papamu::testing::randomPlayout(game, random, (sample / 2) % 24)
                                              : papamu::testing::randomBoard(game.geometry(), random, 0.6);
                MoveList moves;
                game.generateMoves(position, moves);
                INFO(rows << "x" << columns << " " << variant << " sample " << sample);
                CHECK(game.moveCount(position) == moves.size());
                finished += moves.empty();
                withSwap += position.swapAvailable;
            }
        }
    }
    // Finished positions (no moves) and swap offers are both in the sample.
    CHECK(finished > 20);
    CHECK(withSwap > 5);
}
