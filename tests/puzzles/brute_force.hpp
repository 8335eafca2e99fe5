#pragma once
// A plain win/loss search on the reference move generator (tests/support/reference_rules.hpp),
// with no code shared with the library's rules or solvers, to check puzzle uniqueness against.
#include <map>
#include <string>

#include "support/reference_rules.hpp"

namespace papamu::testing {

class BruteForce {
public:
    explicit BruteForce(reference::Rules rules) : rules_(rules) {}

    // Does the side to move win?
    bool wins(const reference::Board& board) {
        const std::string key = std::string(board.cells.begin(), board.cells.end()) + board.side + (board.swap ? "s" : "");
        if (const auto found = memo_.find(key); found != memo_.end()) return found->second;
        bool result = false;
        if (rules_.unane && reference::unaneFinished(board) != 0) {
            result = reference::unaneFinished(board) == 1;
        } else {
            for (const auto& move : reference::moves(board, rules_)) {
                if (!wins(after(board, move))) {
                    result = true;
                    break;
                }
            }
        }
        memo_.emplace(key, result);
        return result;
    }

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
    std::map<std::string, bool> memo_;
};

}  // namespace papamu::testing
