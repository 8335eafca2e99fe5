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

// BestOutcome (rules/outcome.hpp) on entries, without decoding them: a move's key from the entry
// of the position it leads to, larger for a better move, so the best move is the largest key.
// A move to a lost position (bit 7 clear, remoteness r) wins in r + 1: keys 0x17F - r, above
// every move to a won position (remoteness r: the mover loses in r + 1, key r + 1); no move at
// all is key 0, a loss in 0 plies. Branch-free where BestOutcome compares value, then remoteness.
constexpr unsigned kNoMoveKey = 0;
constexpr unsigned moveKey(RetrogradeEntry child) {
    return (child & 0x80U) != 0 ? child - 0x7FU : 0x17FU - child;
}
// The entry of a position whose best move has key `best` (kNoMoveKey when it has no move).
constexpr RetrogradeEntry entryFromBestKey(unsigned best) {
    return static_cast<RetrogradeEntry>(best >= 0x100U ? 0x80U | (0x180U - best) : best);
}

// The entry of a position from the entries of its children (as looked up by `childEntry`): the
// builder's rule, on the entries it reads and writes.
template <Game G, class ChildEntry>
RetrogradeEntry entryFromChildren(const G& game, const Position& position, ChildEntry&& childEntry) {
    if (const std::optional<Value> finished = game.finishedValue(position)) return encodeOutcome(Outcome{*finished, 0});
    unsigned best = kNoMoveKey;
    game.visitChildren(position, [&](const Position& child) {
        const unsigned key = moveKey(childEntry(child));
        best = key > best ? key : best;
    });
    return entryFromBestKey(best);
}

}  // namespace papamu
