#pragma once
// Winning moves by the plain memoized search on the reference move generator
// (tests/support/reference_search.hpp), which shares no code with the library's rules or solvers:
// what puzzle uniqueness is checked against.
#include <utility>
#include <vector>

#include "support/reference_rules.hpp"
#include "support/reference_search.hpp"

namespace papamu::testing {

class BruteForce {
public:
    explicit BruteForce(reference::Rules rules) : rules_(rules), search_(rules) {}

    // Does the side to move win?
    bool wins(const reference::Board& board) { return search_.solve(board).value == Value::Win; }

    reference::Board after(const reference::Board& board, std::pair<int, int> move) const {
        return reference::play(board, move, rules_.unane, rules_.pieRule);
    }

    // The moves that win for the side to move.
    std::vector<std::pair<int, int>> winningMoves(const reference::Board& board) {
        std::vector<std::pair<int, int>> winning;
        if (rules_.unane && reference::unaneFinished(board) != 0) return winning;
        for (const auto& move : reference::moves(board, rules_)) {
            if (!wins(after(board, move))) winning.push_back(move);
        }
        return winning;
    }

private:
    reference::Rules rules_;
    ReferenceSearch search_;  // the plain memoized search the tables are checked against
};

}  // namespace papamu::testing
