#pragma once
// A position of either game: where the stones are, who moves, and whether the pie swap is on offer.
#include <cstddef>
#include <cstdint>

#include "rules/bitboard.hpp"
#include "rules/color.hpp"

namespace papamu {

struct Position {
    Bitboard black = 0;
    Bitboard white = 0;
    Color sideToMove = Color::Black;
    bool swapAvailable = false;  // Ūnane only: the side to move may answer with the pie swap

    Bitboard stones(Color color) const { return color == Color::Black ? black : white; }
    Bitboard& stones(Color color) { return color == Color::Black ? black : white; }
    Bitboard own() const { return stones(sideToMove); }
    Bitboard enemy() const { return stones(opposite(sideToMove)); }
    Bitboard occupied() const { return black | white; }
    int stoneCount() const { return popCount(black | white); }

    bool operator==(const Position&) const = default;
};

// The position after a move of either game that toggles `ownChanged` among the mover's stones
// (the cell left and the cell reached, or the one stone removed) and takes the enemy stones on
// `captured`; the turn passes and no swap is offered (a game that offers one sets it after).
constexpr Position positionAfterMove(const Position& position, Bitboard ownChanged, Bitboard captured) {
    const bool blackMoves = position.sideToMove == Color::Black;
    return Position{blackMoves ? position.black ^ ownChanged : position.black & ~captured,
                    blackMoves ? position.white & ~captured : position.white ^ ownChanged,
                    opposite(position.sideToMove), false};
}

// A full-key hash for hash maps; equality still compares the whole position.
struct PositionHash {
    std::size_t operator()(const Position& position) const {
        std::uint64_t key = position.black * 0x9E3779B97F4A7C15ULL;
        key ^= (position.white + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
        key ^= static_cast<std::uint64_t>(position.sideToMove) << 1 |
               static_cast<std::uint64_t>(position.swapAvailable);
        key ^= key >> 31;
        key *= 0x94D049BB133111EBULL;
        key ^= key >> 29;
        return static_cast<std::size_t>(key);
    }
};

}  // namespace papamu
