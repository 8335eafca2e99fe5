#pragma once
// The outcome of any position by a plain memoized search over the reference rules of
// tests/support (cell by cell, no bitboards): what the tables and puzzles are checked against.
#include <algorithm>
#include <string>
#include <unordered_map>

#include "rules/game_concept.hpp"
#include "support/reference_rules.hpp"

namespace papamu::testing {

// Value (+1 win, -1 loss for the side to move) and remoteness, memoized on the whole board text.
class ReferenceSearch {
public:
    explicit ReferenceSearch(reference::Rules rules) : rules_(rules) {}

    Outcome solve(const reference::Board& board) {
        std::string key(board.cells.begin(), board.cells.end());
        key += board.side;
        key += board.swap ? 's' : '-';
        if (const auto found = memo_.find(key); found != memo_.end()) return found->second;
        Outcome result{Value::Loss, 0};
        const int finished = rules_.unane ? reference::unaneFinished(board) : 0;
        if (finished != 0) {
            result = Outcome{finished > 0 ? Value::Win : Value::Loss, 0};
        } else {
            int fastestWin = -1;
            int longestLoss = 0;
            for (const auto& move : reference::moves(board, rules_)) {
                const Outcome child = solve(reference::play(board, move, rules_.unane, rules_.pieRule));
                if (child.value == Value::Loss) {
                    if (fastestWin < 0 || child.remoteness + 1 < fastestWin) fastestWin = child.remoteness + 1;
                } else {
                    longestLoss = std::max(longestLoss, child.remoteness + 1);
                }
            }
            result = fastestWin >= 0 ? Outcome{Value::Win, fastestWin} : Outcome{Value::Loss, longestLoss};
        }
        memo_.emplace(std::move(key), result);
        return result;
    }

private:
    reference::Rules rules_;
    std::unordered_map<std::string, Outcome> memo_;
};

}  // namespace papamu::testing
