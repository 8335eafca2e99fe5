#pragma once
// The proof and disproof numbers a new, unexpanded position starts with (side to move's view).
// The game's record chooses (GameTraits::proofEstimate):
// - MoveCount (Kōnane): (1, number of moves): a position with many replies is hard to refute,
//   and the parent then prefers moves that leave the opponent few replies.
// - GroupCount (Ūnane): a colour wins by being one group, so the mover's group count says how
//   far a win is: (own groups squared, 1 + moves / 4). Measured against (1, moves) it needs 3-5
//   times fewer nodes on 4x4, 3x6 and 4x5 (see solver/README.md).
#include "rules/game_concept.hpp"
#include "solver/proof_number.hpp"

namespace papamu {

template <Game G>
ProofPair initialEstimate(const G& game, const Position& position, int moveCount) {
    const auto moves = static_cast<ProofNumber>(moveCount);
    if constexpr (G::kTraits.proofEstimate == ProofEstimate::GroupCount) {
        const auto groups = static_cast<ProofNumber>(game.geometry().groupCount(position.own()));
        return {groups * groups, 1 + moves / 4};
    } else {
        (void)game;
        (void)position;
        return {1, moves};
    }
}

}  // namespace papamu
