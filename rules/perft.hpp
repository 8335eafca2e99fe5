#pragma once
// perft(P, d): the number of distinct legal move sequences of exactly d moves from P.
#include <cstdint>

#include "rules/game_concept.hpp"

namespace papamu {

template <Game G>
std::uint64_t perft(const G& game, const Position& position, int depth) {
    if (depth == 0) return 1;
    MoveList moves;
    game.generateMoves(position, moves);
    if (depth == 1) return static_cast<std::uint64_t>(moves.size());
    std::uint64_t total = 0;
    for (const Move move : moves) total += perft(game, game.applyMove(position, move), depth - 1);
    return total;
}

}  // namespace papamu

namespace papamu {

// perft with a second count for honest speed figures: `leaves` equals perft(P, d), and
// `expanded` counts the positions whose moves were generated (every position above the last
// level, since the last level is counted in bulk from its parent's move list).
struct PerftTally {
    std::uint64_t leaves = 0;
    std::uint64_t expanded = 0;
};

template <Game G>
void perftTally(const G& game, const Position& position, int depth, PerftTally& tally) {
    if (depth == 0) {
        ++tally.leaves;
        return;
    }
    MoveList moves;
    game.generateMoves(position, moves);
    ++tally.expanded;
    if (depth == 1) {
        tally.leaves += static_cast<std::uint64_t>(moves.size());
        return;
    }
    for (const Move move : moves) perftTally(game, game.applyMove(position, move), depth - 1, tally);
}

}  // namespace papamu
