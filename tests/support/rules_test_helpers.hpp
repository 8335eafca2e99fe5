#pragma once
// Small helpers shared by the rules tests: positions from text, move lists as sorted names, and
// reproducible random positions (fixed-seed std::mt19937_64) for comparisons with the reference.
#include <algorithm>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"

namespace papamu::testing {

inline Position positionOf(std::string_view text) { return parsePosition(text).position; }

template <class G>
std::vector<std::string> moveNames(const G& game, const Position& position) {
    MoveList moves;
    game.generateMoves(position, moves);
    std::vector<std::string> names;
    for (const Move move : moves) names.push_back(moveName(game.geometry(), move));
    std::sort(names.begin(), names.end());
    return names;
}

template <class G>
Position play(const G& game, Position position, const std::vector<std::string>& moves) {
    for (const std::string& text : moves) position = game.applyMove(position, parseLegalMove(game, position, text));
    return position;
}

// The board shapes the random tests visit: lines, narrow and wide rectangles, squares, 64 cells.
inline const std::vector<BoardSize>& testBoardSizes() {
    static const std::vector<BoardSize> sizes{{1, 8}, {2, 5}, {3, 4}, {4, 4}, {5, 6}, {4, 7},
                                              {8, 8}, {1, 64}, {7, 9}, {6, 1}, {3, 3}, {2, 32}};
    return sizes;
}

// A random play-out of `plies` moves from the start (fewer if the game ends first).
template <class G>
Position randomPlayout(const G& game, std::mt19937_64& random, int plies) {
    Position position = game.startPosition();
    for (int ply = 0; ply < plies; ++ply) {
        MoveList moves;
        game.generateMoves(position, moves);
        if (moves.empty()) break;
        std::uniform_int_distribution<int> pick(0, moves.size() - 1);
        position = game.applyMove(position, moves[pick(random)]);
    }
    return position;
}

// Every cell black, white or empty with the given chances; any side to move. Kōnane's phase
// depends only on the number of empty cells, so `emptyCells` >= 0 forces exactly that many.
inline Position randomBoard(const BoardGeometry& geometry, std::mt19937_64& random, double stoneChance,
                            int emptyCells = -1) {
    Position position;
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<int> cells(static_cast<std::size_t>(geometry.cellCount()));
    for (int cell = 0; cell < geometry.cellCount(); ++cell) cells[static_cast<std::size_t>(cell)] = cell;
    std::shuffle(cells.begin(), cells.end(), random);
    for (std::size_t index = 0; index < cells.size(); ++index) {
        const bool stone = emptyCells >= 0 ? static_cast<int>(index) >= emptyCells : unit(random) < stoneChance;
        if (!stone) continue;
        (unit(random) < 0.5 ? position.black : position.white) |= cellBit(cells[index]);
    }
    position.sideToMove = unit(random) < 0.5 ? Color::Black : Color::White;
    return position;
}

}  // namespace papamu::testing
