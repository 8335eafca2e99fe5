#pragma once
// The baseline prover: plain memoized negamax that stops at the first winning move, with every
// position (no symmetry) kept in a hash map. Value only. It is what the proof-number search is
// measured against, and a second, independent opinion for the tests.
#include <cstdint>
#include <unordered_map>

#include "rules/game_concept.hpp"

namespace papamu {

template <Game G>
class MemoizedNegamax {
public:
    explicit MemoizedNegamax(const G& game) : game_(game) {}

    Value solve(const Position& position) {
        if (const auto found = memo_.find(position); found != memo_.end()) return found->second;
        Value value = Value::Loss;
        if (const auto finished = game_.finishedValue(position)) {
            value = *finished;
        } else {
            MoveList moves;
            game_.generateMoves(position, moves);
            ++nodes_;
            for (const Move move : moves) {
                if (solve(game_.applyMove(position, move)) == Value::Loss) {
                    value = Value::Win;
                    break;
                }
            }
        }
        memo_.emplace(position, value);
        return value;
    }

    // Positions expanded (move lists generated), the baseline's node count.
    std::uint64_t nodes() const { return nodes_; }
    std::uint64_t positionsStored() const { return memo_.size(); }

private:
    G game_;
    std::unordered_map<Position, Value, PositionHash> memo_;
    std::uint64_t nodes_ = 0;
};

}  // namespace papamu
