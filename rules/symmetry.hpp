#pragma once
// The reflections and rotations that map a board onto itself (4 on a rectangle, 8 on a square),
// applied to whole bitboards through per-byte lookup tables, and canonical forms under them.
#include <array>
#include <cstdint>
#include <vector>

#include "rules/board_geometry.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"

namespace papamu {

// What a game allows for one position: mapping the board onto itself, and exchanging the
// colours together with the side to move. Ūnane's pie rule makes its start position special.
struct SymmetryPermission {
    bool geometric = true;
    bool colourSwap = true;
};

class BoardTransform {
public:
    BoardTransform(const BoardGeometry& geometry, int index);
    int index() const { return index_; }
    int mapCell(int cell) const { return cellImage_[static_cast<std::size_t>(cell)]; }
    Bitboard map(Bitboard bits) const {
        Bitboard image = 0;
        for (std::size_t byte = 0; bits != 0; ++byte, bits >>= 8) image |= byteImage_[byte][bits & 0xFF];
        return image;
    }
    Move mapMove(Move move) const {
        if (move.kind == MoveKind::Swap) return move;
        return Move{move.kind, static_cast<std::uint8_t>(mapCell(move.from)), static_cast<std::uint8_t>(mapCell(move.to))};
    }
    // True when the transform sends every cell to a cell of the same colour in the start pattern.
    bool keepsCellColours() const { return keepsCellColours_; }

private:
    int index_;
    bool keepsCellColours_ = true;
    std::array<std::uint8_t, 64> cellImage_{};
    std::array<std::array<Bitboard, 256>, 8> byteImage_{};
};

class BoardSymmetries {
public:
    explicit BoardSymmetries(const BoardGeometry& geometry);
    // Index 0 is the identity; then the mirrors and the half turn; on square boards also the
    // two diagonal mirrors and the quarter turns.
    const std::vector<BoardTransform>& transforms() const { return transforms_; }
    int size() const { return static_cast<int>(transforms_.size()); }
    Position apply(const Position& position, int transform) const;
    // The image of the position under transform `transform` followed, if asked, by a colour swap.
    Position image(const Position& position, int transform, bool swapColours) const;
    // The least image (by black, then white, then side) among those the permission allows.
    Position canonical(const Position& position, SymmetryPermission permission) const;

private:
    std::vector<BoardTransform> transforms_;
};

}  // namespace papamu
