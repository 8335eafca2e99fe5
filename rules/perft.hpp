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
