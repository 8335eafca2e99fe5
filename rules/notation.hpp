#pragma once
// Text formats of RULES.md: cells, moves and positions, parsed strictly and printed canonically.
// Every parse error is a std::invalid_argument whose message names the problem and its place.
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rules/board_geometry.hpp"
#include "rules/game_kind.hpp"
#include "rules/move.hpp"
#include "rules/move_text.hpp"
#include "rules/position.hpp"

namespace papamu {

// Columns are a..z; wider boards (up to 64 columns on a 1-row board) go on as aa, ab, ...
std::string columnName(int column);
std::string cellName(const BoardGeometry& geometry, int cell);
int parseCell(const BoardGeometry& geometry, std::string_view text);

std::string moveName(const BoardGeometry& geometry, Move move);

MoveText parseMoveText(const BoardGeometry& geometry, std::string_view text);

// A position as written: the game and board it names and the stones.
struct PositionText {
    GameKind game = GameKind::Konane;
    BoardSize size;
    Position position;
};
PositionText parsePosition(std::string_view text);
// The reader for positions a user writes (commands, the server, puzzle files): parsePosition,
// then the rule of where the game's stones can stand (rules/stone_cells.hpp), so an off-colour
// Kōnane position is refused everywhere with the cell named. Tests of the rules and the fuzzers
// read any stones with parsePosition: move generation must cope with every bitboard.
PositionText parseUserPosition(std::string_view text);
std::string formatPosition(GameKind game, const BoardGeometry& geometry, const Position& position);
// A board row as a position writes it: one of B, W or . per cell, column a first (row 0 is row 1).
std::string rowSymbols(const BoardGeometry& geometry, const Position& position, int row);

// Resolves text to a legal move of `position`, or throws std::invalid_argument saying why the
// move is not legal here (the game explains its own rules).
template <class G>
Move parseLegalMove(const G& game, const Position& position, std::string_view text) {
    const MoveText written = parseMoveText(game.geometry(), text);
    MoveList moves;
    game.generateMoves(position, moves);
    for (const Move move : moves) {
        if (written.isSwap ? move.kind == MoveKind::Swap
                           : (written.cells.size() == 1 ? move.kind == MoveKind::Removal
                                                        : move.kind == MoveKind::Step) &&
                                 move.from == written.cells.front() && move.to == written.cells.back()) {
            if (written.cells.size() <= 2 || game.pathMatches(move, written.cells)) return move;
        }
    }
    throw std::invalid_argument(std::string(text) + " is not a legal move here: " +
                                game.explainIllegalMove(position, written));
}

}  // namespace papamu
