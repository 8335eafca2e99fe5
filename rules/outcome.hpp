#pragma once
// The outcome of a position under perfect play, and the one rule that picks it among the moves:
// the winner takes the quickest win, the loser holds out longest. Every solver, table, puzzle
// line and move rating uses this rule, so they agree on remoteness and on the move they prefer.
#include <optional>

#include "rules/color.hpp"
#include "rules/position.hpp"

namespace papamu {

// The outcome of a position for the side to move under perfect play.
struct Outcome {
    Value value = Value::Loss;
    int remoteness = 0;  // plies to the end: the winner hurries, the loser delays
    bool operator==(const Outcome&) const = default;
};

// What a move is worth to the player making it, from the outcome of the position it leads to
// (which is the opponent's outcome): the other value, one ply further from the end.
constexpr Outcome outcomeAfterMove(Outcome child) { return Outcome{negate(child.value), child.remoteness + 1}; }

// True when `candidate` is strictly better than `incumbent` for the player choosing: a win beats
// a loss, a quicker win a slower one, a longer loss a shorter one.
constexpr bool betterOutcome(Outcome candidate, Outcome incumbent) {
    if (candidate.value != incumbent.value) return candidate.value == Value::Win;
    return candidate.value == Value::Win ? candidate.remoteness < incumbent.remoteness
                                         : candidate.remoteness > incumbent.remoteness;
}

// The outcome of a position from the outcomes of its children, added one at a time. A position
// without children is lost in 0 plies (every real child gives a longer loss or a win).
class BestOutcome {
public:
    constexpr void addChild(Outcome child) {
        const Outcome throughChild = outcomeAfterMove(child);
        if (betterOutcome(throughChild, best_)) best_ = throughChild;
    }
    constexpr Outcome result() const { return best_; }

private:
    Outcome best_{Value::Loss, 0};
};

// The colour that wins a position whose value for the side to move is `value`; unknown when the
// value is.
constexpr Color winnerOf(const Position& position, Value value) {
    return value == Value::Win ? position.sideToMove : opposite(position.sideToMove);
}
constexpr std::optional<Color> winnerOf(const Position& position, std::optional<Value> value) {
    if (!value) return std::nullopt;
    return winnerOf(position, *value);
}

}  // namespace papamu
