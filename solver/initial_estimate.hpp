#pragma once
// The proof and disproof numbers a new, unexpanded position starts with (side to move's view).
// The game's record chooses (GameTraits::proofEstimate):
// - Mobility (Kōnane): (opponent's moves³, own moves³), the opponent's moves counted as if it
//   were their turn. A player with more moves than the other is likely to outlast them, and the
//   cube makes a small difference in mobility count: against (1, own moves) it needs 2.2x fewer
//   nodes on Kōnane 5x6, 4.0x on 6x6 and 2.7x on a 6x7 line; the opponent's moves unpowered give
//   1.4-2.1x, squares 2.2-3.3x, higher powers no more than cubes (solver/README.md, "the
//   starting numbers").
// - GroupCount (Ūnane): a colour wins by being one group, so the mover's group count says how
//   far a win is: (own groups squared, 1 + moves / 4). Measured against (1, moves) it needs 3-5
//   times fewer nodes on 4x4, 3x6 and 4x5; the enemy's groups or mobility change little.
//   A mover with two groups that one move joins into one (or whose lone stone it may remove)
//   has won: such a position starts proven (UnaneGame::winsInOneMove), so the search never
//   expands it. 31% fewer nodes on the 3x6 start, 22% on 4x5, 14% on the 4x4 board (no pie);
//   asking it with three or more groups (a capture can join up to four) found few more wins
//   for the time it took.
#include <algorithm>
#include <cstdint>

#include "rules/game_concept.hpp"
#include "rules/pie_rule.hpp"
#include "solver/local_expansion.hpp"
#include "solver/proof_number.hpp"

namespace papamu {

// The number of legal moves: counted on bitboards where the game offers it (Kōnane), otherwise
// listed into `scratch`.
template <Game G>
int moveCount(const G& game, const Position& position, MoveList& scratch) {
    if constexpr (requires { { game.moveCount(position) } -> std::convertible_to<int>; }) {
        return game.moveCount(position);
    } else {
        scratch.clear();
        game.generateMoves(position, scratch);
        return scratch.size();
    }
}

// n³ for a move count (at most MoveList::kCapacity, so it fits), never 0.
constexpr ProofNumber mobilityWeight(int moves) {
    const auto count = static_cast<std::uint64_t>(std::max(moves, 1));
    return static_cast<ProofNumber>(std::min<std::uint64_t>(count * count * count, kProofLimit));
}

// Among children equally easy to refute, which to search first (LocalExpansion::bestChild). A
// child's proof number is the estimate for its side to move, the opponent:
// - Mobility: the larger one, where the opponent faces more of our moves. 3-16% fewer nodes on
//   six of seven Kōnane cases (5x6 start 16%, 5x7 board 9%, 6x6 board 3%, 5x8 board 3%); a 6x7
//   line needs 4% fewer with a 256 MB table, 4% more with 64 MB.
// - GroupCount: the smaller one, the opponent's stones in fewer groups. Against intuition, but
//   2-23% fewer nodes on four Ūnane cases (4x5 start 16%, 4x4 board 23%, 3x6 board 19%), while
//   the larger one cost 2-6% more (solver/README.md, "ties between children").
constexpr ChildTieBreak childTieBreak(ProofEstimate estimate) {
    return estimate == ProofEstimate::Mobility ? ChildTieBreak::LargerProof : ChildTieBreak::SmallerProof;
}

// The 1+epsilon threshold's epsilon as 1 / divisor (LocalExpansion::bestChild): a child is
// searched until its disproof number passes the runner-up's by that fraction.
// - Mobility (Kōnane): 1/4; 1/2, 1/8, 1 and 2 all needed more nodes.
// - GroupCount (Ūnane): 1/2. Nodes against 1/4, one thread, default table: 4x5 start (no pie)
//   -6.6%, 4x4 board -8.7%, 4x5 board -3.6%, 3x6 board -1.5%, 3x6 start -1.1%, 4x4 start +2.6%;
//   1/3 and 3/8 fell in between (solver/README.md, "the 1+epsilon threshold").
constexpr std::uint64_t thresholdDivisor(ProofEstimate estimate) {
    return estimate == ProofEstimate::Mobility ? 4 : 2;
}

// What is known of a child before the table is probed: its legal moves, counted on bitboards
// where the game can, and so whether the game has ended there. A finished child is not looked
// up: nothing finished is ever expanded, so the table never holds it, and its value is exact.
struct ChildSketch {
    int moves = 0;
    bool finished() const { return moves == 0; }
};

template <Game G>
ChildSketch sketchChild(const G& game, const Position& position, MoveList& scratch) {
    return ChildSketch{moveCount(game, position, scratch)};
}

// The numbers of a finished position: the game's value there, or a loss for a player who cannot move.
template <Game G>
ProofPair finishedNumbers(const G& game, const Position& position) {
    return game.finishedValue(position) == Value::Win ? ProofPair::win() : ProofPair::loss();
}

// The starting numbers of an unfinished position (sketch.moves at least one): an estimate, or a
// proven win where one move is seen to win at once.
// A position offering the pie swap starts proven too (rules/pie_rule.hpp): the search never
// solves the board behind a first move just to learn that the second player wins.
template <Game G>
ProofPair initialEstimate(const G& game, const Position& position, const ChildSketch& sketch, MoveList& scratch) {
    if constexpr (G::kTraits.pieRule) {
        if (wonByPieRule(position, false)) return ProofPair::win();
    }
    const auto moves = static_cast<ProofNumber>(sketch.moves);
    if constexpr (G::kTraits.proofEstimate == ProofEstimate::GroupCount) {
        (void)scratch;
        const auto groups = static_cast<ProofNumber>(game.geometry().groupCount(position.own()));
        if constexpr (requires { { game.winsInOneMove(position) } -> std::convertible_to<bool>; }) {
            if (groups == 2 && game.winsInOneMove(position)) return ProofPair::win();
        }
        return {groups * groups, 1 + moves / 4};
    } else {
        Position opponentToMove = position;
        opponentToMove.sideToMove = opposite(position.sideToMove);
        opponentToMove.swapAvailable = false;
        return {mobilityWeight(papamu::moveCount(game, opponentToMove, scratch)), mobilityWeight(sketch.moves)};
    }
}

}  // namespace papamu
