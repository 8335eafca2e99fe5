#pragma once
// Random Kōnane jump-phase positions for the decomposition tests: late positions of random games
// from the start, and random placements (any stones on any cells) with at least two empty cells.
#include <random>
#include <vector>

#include "rules/konane_game.hpp"

namespace papamu::testing {

inline Position randomGamePosition(const KonaneGame& game, std::mt19937& random) {
    Position position = game.startPosition();
    const int plies = 2 + static_cast<int>(random() % static_cast<unsigned>(game.geometry().cellCount()));
    for (int ply = 0; ply < plies; ++ply) {
        MoveList moves;
        game.generateMoves(position, moves);
        if (moves.empty()) break;
        position = game.applyMove(position, moves[static_cast<int>(random() % static_cast<unsigned>(moves.size()))]);
    }
    return position;
}

inline Position randomPlacement(const KonaneGame& game, std::mt19937& random, int stonePercent) {
    for (;;) {
        Position position;
        for (int cell = 0; cell < game.geometry().cellCount(); ++cell) {
            if (static_cast<int>(random() % 100) >= stonePercent) continue;
            position.stones(random() % 2 == 0 ? Color::Black : Color::White) |= cellBit(cell);
        }
        position.sideToMove = random() % 2 == 0 ? Color::Black : Color::White;
        if (popCount(game.geometry().allCells() & ~position.occupied()) >= 2) return position;
    }
}

// Half of each: positions in the jump phase (two or more empty cells).
inline std::vector<Position> randomJumpPhasePositions(const KonaneGame& game, int count, unsigned seed) {
    std::mt19937 random(seed);
    std::vector<Position> positions;
    while (static_cast<int>(positions.size()) < count) {
        const Position position = positions.size() % 2 == 0 ? randomGamePosition(game, random)
                                                            : randomPlacement(game, random, 30 + static_cast<int>(random() % 40));
        if (popCount(game.geometry().allCells() & ~position.occupied()) >= 2) positions.push_back(position);
    }
    return positions;
}

}  // namespace papamu::testing
