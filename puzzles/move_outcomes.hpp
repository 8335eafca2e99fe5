#pragma once
// Every legal move of a position with the outcome it leads to, and the choices perfect play
// makes among them. Ties are broken by move order (the order generateMoves lists the moves),
// so the main line of a position is a function of the position alone.
#include <vector>

#include "puzzles/outcome_oracle.hpp"

namespace papamu {

struct ScoredMove {
    Move move;
    Outcome result;  // the outcome of the position after the move, for the opponent
    bool wins() const { return result.value == Value::Loss; }
};

template <Game G, OutcomeOracle O>
std::vector<ScoredMove> scoreMoves(const G& game, O& oracle, const Position& position) {
    std::vector<ScoredMove> scored;
    if (game.finishedValue(position)) return scored;
    MoveList moves;
    game.generateMoves(position, moves);
    scored.reserve(static_cast<std::size_t>(moves.size()));
    for (const Move move : moves) scored.push_back({move, oracle.outcome(game.applyMove(position, move))});
    return scored;
}

inline int winningMoveCount(const std::vector<ScoredMove>& moves) {
    int count = 0;
    for (const ScoredMove& move : moves) count += move.wins() ? 1 : 0;
    return count;
}

// Perfect play's choice (BestOutcome's rule, rules/outcome.hpp): the quickest win when one
// exists, else the longest resistance; the first in move order among equals. -1 for an empty list.
inline int bestMoveIndex(const std::vector<ScoredMove>& moves) {
    int best = -1;
    for (int index = 0; index < static_cast<int>(moves.size()); ++index) {
        const Outcome candidate = outcomeAfterMove(moves[static_cast<std::size_t>(index)].result);
        if (best < 0 || betterOutcome(candidate, outcomeAfterMove(moves[static_cast<std::size_t>(best)].result))) best = index;
    }
    return best;
}

// One ply of a main line: the position, its scored moves and the move perfect play picks.
struct LineStep {
    Position position;
    std::vector<ScoredMove> moves;
    int chosen = -1;
    const ScoredMove& choice() const { return moves[static_cast<std::size_t>(chosen)]; }
};

// Perfect play from `position` to the end of the game (empty when the game is over).
template <Game G, OutcomeOracle O>
std::vector<LineStep> mainLine(const G& game, O& oracle, Position position) {
    std::vector<LineStep> line;
    for (;;) {
        LineStep step{position, scoreMoves(game, oracle, position), -1};
        if (step.moves.empty()) break;
        step.chosen = bestMoveIndex(step.moves);
        position = game.applyMove(position, step.choice().move);
        line.push_back(std::move(step));
    }
    return line;
}

}  // namespace papamu
