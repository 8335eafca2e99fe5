#pragma once
// Exact value and remoteness of any position by memoized search over the whole game tree below
// it. Exponential, so only for small subtrees: the second method that checks tables and puzzle
// lines, and the fallback where no table covers a position. Keys are whole positions.
#include <cstdint>
#include <unordered_map>

#include "rules/game_concept.hpp"

namespace papamu {

template <Game G>
class OutcomeSearch {
public:
    explicit OutcomeSearch(const G& game) : game_(game) {}

    Outcome solve(const Position& position) {
        if (const auto found = memo_.find(position); found != memo_.end()) return found->second;
        Outcome result;
        if (const auto finished = game_.finishedValue(position)) {
            result = Outcome{*finished, 0};
        } else {
            MoveList moves;
            game_.generateMoves(position, moves);
            ++expanded_;
            BestOutcome best;
            for (const Move move : moves) best.addChild(solve(game_.applyMove(position, move)));
            result = best.result();
        }
        memo_.emplace(position, result);
        return result;
    }

    std::uint64_t positionsSolved() const { return memo_.size(); }
    std::uint64_t positionsExpanded() const { return expanded_; }
    const G& game() const { return game_; }

private:
    G game_;
    std::unordered_map<Position, Outcome, PositionHash> memo_;
    std::uint64_t expanded_ = 0;
};

}  // namespace papamu
