// Text formats of RULES.md: round trips on random positions and every kind of rejection, with
// the message checked so that it names the problem and its place.
#include <catch2/catch.hpp>

#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"
#include "support/rules_test_helpers.hpp"

using namespace papamu;
using papamu::testing::positionOf;

namespace {

std::string rows(int count, const std::string& row) {
    std::string text;
    for (int index = 0; index < count; ++index) text += (index ? "/" : "") + row;
    return text;
}

}  // namespace

TEST_CASE("Column and cell names: a..z, then aa, ab, ...", "[notation]") {
    CHECK(columnName(0) == "a");
    CHECK(columnName(25) == "z");
    CHECK(columnName(26) == "aa");
    CHECK(columnName(27) == "ab");
    CHECK(columnName(51) == "az");
    CHECK(columnName(52) == "ba");
    CHECK(columnName(63) == "bl");
    const BoardGeometry line(1, 64);
    CHECK(cellName(line, 63) == "bl1");
    CHECK(parseCell(line, "aa1") == 26);
    CHECK(cellName(BoardGeometry(8, 8), 63) == "h8");
    CHECK(cellName(BoardGeometry(12, 5), 5 * 11 + 2) == "c12");
    for (const BoardSize& size : {BoardSize{1, 64}, BoardSize{64, 1}, BoardSize{8, 8}, BoardSize{2, 30}, BoardSize{5, 6}}) {
        const BoardGeometry geometry(size.rows, size.columns);
        for (int cell = 0; cell < geometry.cellCount(); ++cell) CHECK(parseCell(geometry, cellName(geometry, cell)) == cell);
    }
}

TEST_CASE("Printing then parsing gives back the position and every move", "[notation]") {
    std::mt19937_64 random(99);
    int movesChecked = 0;
    std::vector<BoardSize> sizes = testing::testBoardSizes();
    sizes.push_back({64, 1});
    sizes.push_back({2, 27});
    for (const GameKind kind : {GameKind::Konane, GameKind::Unane}) {
        for (const BoardSize& size : sizes) {
            if (kind == GameKind::Unane && ((size.rows * size.columns) % 2 != 0 || size.rows * size.columns < 4)) continue;
            visitGame(kind, size, Variant{}, [&](const auto& game) {
                for (int sample = 0; sample < 24; ++sample) {
                    Position position = sample % 2 == 0
                                            ? testing::randomPlayout(game, random, sample)
                                            : testing::randomBoard(game.geometry(), random, 0.3 + 0.02 * sample);
                    if (kind == GameKind::Unane && position.sideToMove == Color::White && sample % 4 == 1) {
                        position.swapAvailable = true;
                    }
                    const std::string text = formatPosition(kind, game.geometry(), position);
                    const PositionText parsed = parsePosition(text);
                    INFO(text);
                    CHECK(parsed.game == kind);
                    CHECK(parsed.size == size);
                    CHECK(parsed.position == position);
                    CHECK(formatPosition(kind, game.geometry(), parsed.position) == text);
                    MoveList moves;
                    game.generateMoves(position, moves);
                    for (const Move move : moves) {
                        CHECK(parseLegalMove(game, position, moveName(game.geometry(), move)) == move);
                        ++movesChecked;
                    }
                }
            });
        }
    }
    CHECK(movesChecked > 1000);
    CHECK(formatPosition(GameKind::Unane, BoardGeometry(5, 6), UnaneGame(BoardGeometry(5, 6)).startPosition()) ==
          "unane BWBWBW/WBWBWB/BWBWBW/WBWBWB/BWBWBW b");
    CHECK(formatPosition(GameKind::Konane, BoardGeometry(4, 4), KonaneGame(BoardGeometry(4, 4)).startPosition()) ==
          "konane WBWB/BWBW/WBWB/BWBW b");
}

TEST_CASE("A multi-jump may be written with its landing cells", "[notation]") {
    const KonaneGame game(BoardGeometry(6, 6));
    const Position position = positionOf("konane ...B../...W../....../...W../....../...... b");
    const Move doubleJump = Move::step(5 * 6 + 3, 1 * 6 + 3);  // d6-d2
    CHECK(parseLegalMove(game, position, "d6-d4-d2") == doubleJump);
    CHECK(parseLegalMove(game, position, "d6-d2") == doubleJump);
    CHECK(moveName(game.geometry(), doubleJump) == "d6-d2");
    CHECK(parseLegalMove(game, position, "d6-d4") == Move::step(5 * 6 + 3, 3 * 6 + 3));
    CHECK_THROWS_WITH(parseLegalMove(game, position, "d6-d5-d4"), Catch::Contains("d6-d5 does not land two cells away"));
    CHECK_THROWS_WITH(parseLegalMove(game, position, "d6-d4-d4"), Catch::Contains("d4-d4 is not along a row or a column"));
    const KonaneGame single(BoardGeometry(6, 6), Variant::parse("single-jump"));
    CHECK_THROWS_WITH(parseLegalMove(single, position, "d6-d4-d2"), Catch::Contains("variant single-jump allows one jump per move"));
    CHECK_THROWS_WITH(parseLegalMove(single, position, "d6-d2"), Catch::Contains("variant single-jump allows one jump per move"));
    // Past column z: a triple jump along a 64-cell line.
    const KonaneGame line(BoardGeometry(1, 64));
    Position wide;
    wide.black = cellBit(26);
    wide.white = cellBit(27) | cellBit(29) | cellBit(31);
    CHECK(parseLegalMove(line, wide, "aa1-ac1-ae1-ag1") == Move::step(26, 32));
    CHECK(parseLegalMove(line, wide, "aa1-ag1") == Move::step(26, 32));
}

TEST_CASE("Positions a user writes keep Konane stones on their own colour", "[notation]") {
    // parsePosition reads any stones (move generation is tested on them); parseUserPosition
    // adds the rule of where stones stand and names the first offending cell from a1 on.
    CHECK(parsePosition("konane .B../..W./W... b").position.black == cellBit(9));
    CHECK_THROWS_WITH(parseUserPosition("konane .B../..W./W... b"),
                      "konane: white stone on a1, a black cell: no game reaches it (a stone never leaves the colour of its start cell)");
    CHECK_THROWS_WITH(parseUserPosition("konane .B../..../.... w"), Catch::StartsWith("konane: black stone on b3, a white cell"));
    CHECK(parseUserPosition("konane B.B./W.../.W.W w").position == parsePosition("konane B.B./W.../.W.W w").position);
    CHECK(parseUserPosition(formatPosition(GameKind::Konane, BoardGeometry(5, 5), KonaneGame(BoardGeometry(5, 5)).startPosition()))
              .size == BoardSize{5, 5});
    // Ūnane stones stand anywhere.
    CHECK(parseUserPosition("unane .B../..W./W... b").position.white == (cellBit(0) | cellBit(6)));
}

TEST_CASE("Malformed positions are rejected with the place of the problem", "[notation]") {
    const auto rejects = [](const std::string& text, const std::string& message) {
        INFO(text);
        CHECK_THROWS_WITH(parsePosition(text), Catch::Contains(message));
    };
    rejects("konane WBWB/BWB/WBWB/BWBW b", "row 3 (the 2nd from the top) has 3 cells, expected 4");
    rejects("konane WBWB/BWBW/WBWB/BWBWB b", "row 1 (the 4th from the top) has 5 cells, expected 4");
    rejects("konane WB/ b", "row 1 (the 2nd from the top) has 0 cells, expected 2");
    rejects("konane WBWB/BWxW/WBWB/BWBW b", "row 3, character 3 (cell c3): 'x' is not B, W or .");
    rejects("konane WBWB/BWBW/WBWB/bWBW b", "row 1, character 1 (cell a1): 'b' is not B, W or .");
    rejects("konane WB/BW x", "side to move 'x' must be b or w");
    rejects("konane WB/BW B", "side to move 'B' must be b or w");
    rejects("konane WB/BW b swap extra", "has 5 fields, expected GAME ROWS SIDE [swap]");
    rejects("konane WB/BW", "has 2 fields, expected GAME ROWS SIDE [swap]");
    rejects("konane WB/BW b extra", "unexpected 'extra' after the side to move");
    rejects("konane  WB/BW b", "field 2 is empty");
    rejects("konane WB/BW b ", "field 4 is empty");
    rejects(" konane WB/BW b", "field 1 is empty");
    rejects("", "field 1 is empty");
    rejects("konane WB/BW w swap", "'swap' is only for unane positions");
    rejects("unane WB/BW b swap", "'swap' is offered only to White (side w)");
    rejects("konane " + rows(9, "BWBWBWBW") + " b", "board 9x8 is not allowed: it has 72 cells, at most 64 are allowed");
    rejects("konane " + std::string(65, 'B') + " b", "board 1x65 is not allowed: it has 65 cells, at most 64 are allowed");
    rejects("chess WB/BW b", "unknown game 'chess': expected konane or unane");
    rejects("Konane WB/BW b", "unknown game 'Konane'");
    rejects("konane // b", "position rows are empty");
    CHECK(parsePosition("unane WB/BW w swap").position.swapAvailable);
    CHECK(parsePosition("konane " + std::string(64, '.') + " w").size == BoardSize{1, 64});
}

TEST_CASE("Malformed cells and moves are rejected", "[notation]") {
    const BoardGeometry board(4, 4);
    CHECK_THROWS_WITH(parseCell(board, "e1"), Catch::Contains("cell e1 is off the 4x4 board (columns a-d, rows 1-4)"));
    CHECK_THROWS_WITH(parseCell(board, "a5"), Catch::Contains("cell a5 is off the 4x4 board"));
    CHECK_THROWS_WITH(parseCell(board, "aa1"), Catch::Contains("cell aa1 is off the 4x4 board"));
    for (const char* text : {"A1", "1a", "a0", "a", "", "a01", "abc1", "a-1"}) {
        INFO(text);
        CHECK_THROWS_WITH(parseCell(board, text), Catch::Contains("is not a cell"));
    }
    CHECK_THROWS_WITH(parseCell(board, "a1x"), Catch::Contains("'1x' is not a row number"));
    CHECK_THROWS_WITH(parseCell(board, "a99999999999"), Catch::Contains("is not a row number"));
    CHECK_THROWS_WITH(parseMoveText(board, ""), Catch::Contains("empty move"));
    CHECK_THROWS_WITH(parseMoveText(board, "a1--a3"), Catch::Contains("has an empty cell between dashes"));
    CHECK_THROWS_WITH(parseMoveText(board, "a1-"), Catch::Contains("has an empty cell between dashes"));
    CHECK_THROWS_WITH(parseMoveText(board, "Swap"), Catch::Contains("is not a cell"));
    CHECK(parseMoveText(board, "swap").isSwap);
    CHECK(parseMoveText(board, "a1-a3-c3").cells == std::vector<int>{0, 8, 10});
}

TEST_CASE("Illegal Konane moves say why", "[notation][konane]") {
    const KonaneGame game(BoardGeometry(6, 6));
    const auto why = [&game](const std::string& position, const char* move, const std::string& message) {
        INFO(position << " " << move);
        CHECK_THROWS_WITH(parseLegalMove(game, positionOf(position), move),
                          std::string(move) + " is not a legal move here: " + message);
    };
    const std::string lone = "konane ....../....../..B.../....../....../...... b";
    why(lone, "c4-c6", "c5 holds no enemy stone");
    why(lone, "c4-e6", "c4-e6 is not along a row or a column");
    why(lone, "c4-c5", "c4-c5 does not land two cells away");
    why(lone, "c4", "removals are only made while the board has at most one empty cell; now every move is a jump");
    why(lone, "a1-a3", "a1 holds no black stone");
    why(lone, "swap", "the pie swap exists only in unane");
    CHECK_THROWS_WITH(parseLegalMove(game, positionOf(lone), "c4-c7"), Catch::Contains("cell c7 is off the 6x6 board"));
    const std::string start = "konane WBWBWB/BWBWBW/WBWBWB/BWBWBW/WBWBWB/BWBWBW b";
    why(start, "b2", "b2 is not a corner or the centre, where the first stone must be removed");
    why(start, "b1", "b1 holds no black stone");
    why(start, "a1-a3", "the game opens with a removal from a corner or the centre, not a jump");
    const std::string afterA1 = "konane WBWBWB/BWBWBW/WBWBWB/BWBWBW/WBWBWB/.WBWBW w";
    why(afterA1, "b3", "b3 is not next to the empty cell a1");
    why(afterA1, "a2-a1", "the second move is a removal next to the empty cell, not a jump");
    const KonaneGame line(BoardGeometry(1, 8));
    CHECK_THROWS_WITH(parseLegalMove(line, positionOf("konane BW..W... b"), "a1-e1"), Catch::EndsWith("d1 holds no enemy stone"));
    CHECK_THROWS_WITH(parseLegalMove(line, positionOf("konane BW.WW... b"), "a1-e1"), Catch::EndsWith("e1 is not empty"));
    CHECK_THROWS_WITH(parseLegalMove(line, positionOf("konane BWW..... b"), "a1-c1"), Catch::EndsWith("c1 is not empty"));
    const KonaneGame corner(BoardGeometry(3, 4));
    CHECK_THROWS_WITH(parseLegalMove(corner, positionOf("konane ..../...W/.BW. b"), "b1-d1-d3"),
                      Catch::EndsWith("a multi-jump must keep the same direction"));
}

TEST_CASE("Illegal Unane moves say why", "[notation][unane]") {
    const UnaneGame game(BoardGeometry(4, 4));
    const auto why = [&game](const Position& position, const char* move, const std::string& message) {
        INFO(move);
        CHECK_THROWS_WITH(parseLegalMove(game, position, move), std::string(move) + " is not a legal move here: " + message);
    };
    const Position position = positionOf("unane W..B/..../..../BW.W b");
    why(position, "a1", "a1 is next to an enemy stone (b1) and can not be removed");
    why(position, "a1-a2", "a2 holds no enemy stone");
    why(position, "a1-c1", "a1-c1 is not a step to an orthogonally adjacent cell");
    why(position, "a1-b1-c1", "a capture moves one stone one cell");
    why(position, "b1", "b1 holds no black stone");
    why(position, "swap", "the pie swap is offered only to White, on White's first turn");
    why(game.startPosition(), "swap", "the pie swap is offered only to White, on White's first turn");
    why(positionOf("unane W.../..../..../.B.W w"), "d1-c1", "the game is over: Black has won");
    CHECK(parseLegalMove(game, positionOf("unane BWBW/WBWB/BWBW/W.WB w swap"), "swap") == Move::swap());
}
