#pragma once
// The rated moves of a position from a table (Fathom's tb_probe_root is the model): the
// position's outcome, every legal move with the outcome it leads to, best first, and the best
// line (the sequence of best moves to the end of the game).
//
//   const TableProbe table = TableProbe::open(root, game, size, variant);
//   RatedPosition rated = rateMoves(table, position);   // throws std::invalid_argument if not covered
//   rated.outcome;            // value and remoteness for the side to move
//   rated.moves.front();      // the best move (when there is one)
//   bestLine(table, position) // rated.outcome.remoteness moves, each the best of its position
//
// Values follow RULES.md: a move's value is for the player who makes it, its remoteness that of
// the position it leads to, so a won position's best move has remoteness one less than the position.
#include <vector>

#include "rules/game_concept.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"
#include "tablebase/table_probe.hpp"

namespace papamu {

struct RatedMove {
    Move move;
    Value value = Value::Loss;  // for the player making the move
    int remoteness = 0;         // of the position the move leads to
    bool operator==(const RatedMove&) const = default;
};

// Best first: winning moves, fastest first; then losing moves, longest resistance first.
// Ties keep the order of move generation, so the choice is deterministic.
bool betterMove(const RatedMove& left, const RatedMove& right);

struct RatedPosition {
    Outcome outcome;               // for the side to move
    std::vector<RatedMove> moves;  // every legal move, best first (empty when the game is over)
};

// The outcome of `position` and of each of its moves, read from the table. Throws
// std::invalid_argument naming the reason when the position is not covered by the table.
RatedPosition rateMoves(const TableProbe& table, const Position& position);

// The best line from `position`: the best move (first of rateMoves), then the best move of the
// position it leads to, and so on to the end. Its length is the position's remoteness.
std::vector<Move> bestLine(const TableProbe& table, const Position& position);

}  // namespace papamu
