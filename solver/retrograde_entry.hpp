#pragma once
// One solved position in one byte, and the pie-swap rule that keeps swap positions out of tables.
// Shared by the retrograde builder and every table reader so both agree on the encoding.
#include <cstdint>
#include <optional>

#include "rules/game_concept.hpp"

namespace papamu {

// Bit 7: the side to move wins; bits 0..6: remoteness (plies, at most 127; games on boards of
// at most 64 cells end within 65 plies because every move but the swap removes a stone).
using RetrogradeEntry = std::uint8_t;

constexpr RetrogradeEntry encodeOutcome(Outcome outcome) {
    return static_cast<RetrogradeEntry>((outcome.value == Value::Win ? 0x80U : 0U) |
                                        (static_cast<unsigned>(outcome.remoteness) & 0x7FU));
}

constexpr Outcome decodeOutcome(RetrogradeEntry entry) {
    return Outcome{(entry & 0x80U) != 0 ? Value::Win : Value::Loss, static_cast<int>(entry & 0x7FU)};
}

// A position that offers the pie swap is never stored: its moves are the moves of the same board
// without the offer, plus the swap, which leads to exactly that board (same colour to move,
// played by the other player). So with `withoutSwap` the outcome of the board without the offer:
// a win stays the same win; a loss becomes a win by swapping, one ply longer. A finished board
// has no moves at all, offer or not.
constexpr Outcome outcomeWithSwapOffer(Outcome withoutSwap, bool finished) {
    if (finished) return withoutSwap;
    const Outcome bySwapping = outcomeAfterMove(withoutSwap);
    return betterOutcome(bySwapping, withoutSwap) ? bySwapping : withoutSwap;
}

// The outcome of a position from the outcomes of its children (as looked up by `childOutcome`),
// the rule used by the builder and by one-ply probes alike (BestOutcome, rules/outcome.hpp).
template <Game G, class ChildOutcome>
Outcome outcomeFromChildren(const G& game, const Position& position, ChildOutcome&& childOutcome) {
    if (const std::optional<Value> finished = game.finishedValue(position)) return Outcome{*finished, 0};
    MoveList moves;
    game.generateMoves(position, moves);
    BestOutcome best;
    for (const Move move : moves) best.addChild(childOutcome(game.applyMove(position, move)));
    return best.result();
}

}  // namespace papamu
