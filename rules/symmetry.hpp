#pragma once
// The reflections and rotations that map a board onto itself (4 on a rectangle, 8 on a square),
// applied to whole bitboards through per-byte lookup tables, and canonical forms under them.
#include <array>
#include <bit>
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
    // Every byte the board has is looked up, even a zero one: a loop that stopped at the last
    // stone ran a different number of times per position and its exit was mispredicted.
    Bitboard map(Bitboard bits) const {
        Bitboard image = 0;
        for (int byte = 0; byte < boardBytes_; ++byte, bits >>= 8) image |= byteImage_[static_cast<std::size_t>(byte)][bits & 0xFF];
        return image;
    }
    // The same for a few cells (a move's changes): one lookup per cell instead of per byte.
    Bitboard mapFew(Bitboard bits) const {
        Bitboard image = 0;
        while (bits != 0) image |= cellBit(cellImage_[static_cast<std::size_t>(popLowestCell(bits))]);
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
    int boardBytes_;  // bytes of a bitboard that hold cells of the board
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
    // A position with its images under every transform past the identity (index t - 1), made
    // once for a node so that each child's canonical form maps only the cells its move changed:
    // a transform permutes cells, so image(child) = image(node) xor image(changed cells).
    struct Images {
        Position position;
        std::array<Bitboard, 7> black{};
        std::array<Bitboard, 7> white{};
    };
    void imagesOf(const Position& position, Images& images) const {
        images.position = position;
        for (std::size_t index = 1; index < transforms_.size(); ++index) {
            images.black[index - 1] = transforms_[index].map(position.black);
            images.white[index - 1] = transforms_[index].map(position.white);
        }
    }

    // The least image (by black, then white, then side) among those the permission allows.
    // Inline: it runs for every child of every expanded node.
    Position canonical(const Position& position, SymmetryPermission permission) const {
        return canonicalFrom(position, permission, [this, &position](std::size_t index, Bitboard& black, Bitboard& white) {
            black = transforms_[index].map(position.black);
            white = transforms_[index].map(position.white);
        });
    }
    // The same for a position a few cells away from `parent` (a child of the node whose images
    // they are): the same result as canonical(position, permission).
    Position canonicalNear(const Images& parent, const Position& position, SymmetryPermission permission) const {
        const Bitboard changedBlack = position.black ^ parent.position.black;
        const Bitboard changedWhite = position.white ^ parent.position.white;
        return canonicalFrom(position, permission, [&](std::size_t index, Bitboard& black, Bitboard& white) {
            black = parent.black[index - 1] ^ transforms_[index].mapFew(changedBlack);
            white = parent.white[index - 1] ^ transforms_[index].mapFew(changedWhite);
        });
    }

private:
    // The least image, each transform's image of the position (past the identity) given by
    // `imageUnder(index, black, white)`. Each transform maps both bitboards once; the
    // colour-swapped image is the same pair read the other way round, so it costs one
    // comparison, not a second transform.
    template <class ImageUnder>
    Position canonicalFrom(const Position& position, SymmetryPermission permission, ImageUnder&& imageUnder) const {
        if (halfWords_) return canonicalInHalfWords(position, permission, imageUnder);
        const auto less = [](Bitboard first, Bitboard second, Color side, const Position& best) {
            if (first != best.black) return first < best.black;
            if (second != best.white) return second < best.white;
            return side < best.sideToMove;
        };
        Position best = position;
        const Color swappedSide = opposite(position.sideToMove);
        if (permission.colourSwap && less(position.white, position.black, swappedSide, best)) {
            best = Position{position.white, position.black, swappedSide, position.swapAvailable};
        }
        if (!permission.geometric) return best;
        for (std::size_t index = 1; index < transforms_.size(); ++index) {
            Bitboard black = 0;
            Bitboard white = 0;
            imageUnder(index, black, white);
            if (less(black, white, position.sideToMove, best)) {
                best.black = black;
                best.white = white;
                best.sideToMove = position.sideToMove;
            }
            if (permission.colourSwap && less(white, black, swappedSide, best)) {
                best.black = white;
                best.white = black;
                best.sideToMove = swappedSide;
            }
        }
        return best;
    }

    // canonicalFrom() on a board of up to 32 cells: the pair (black, white) is one 64-bit key,
    // Black in the high half, so the order by black, then white, is one comparison of keys, and
    // the colour-swapped image is the key with its halves exchanged. Same result as the general one.
    template <class ImageUnder>
    Position canonicalInHalfWords(const Position& position, SymmetryPermission permission, ImageUnder& imageUnder) const {
        const auto keyOf = [](Bitboard black, Bitboard white) { return black << 32 | white; };
        const Color side = position.sideToMove;
        const Color swappedSide = opposite(side);
        std::uint64_t best = keyOf(position.black, position.white);
        Color bestSide = side;
        const auto consider = [&best, &bestSide](std::uint64_t key, Color keySide) {
            if (key < best || (key == best && keySide < bestSide)) {
                best = key;
                bestSide = keySide;
            }
        };
        if (permission.colourSwap) consider(std::rotl(best, 32), swappedSide);
        if (permission.geometric) {
            for (std::size_t index = 1; index < transforms_.size(); ++index) {
                Bitboard black = 0;
                Bitboard white = 0;
                imageUnder(index, black, white);
                const std::uint64_t key = keyOf(black, white);
                consider(key, side);
                if (permission.colourSwap) consider(std::rotl(key, 32), swappedSide);
            }
        }
        return Position{best >> 32, best & 0xFFFFFFFFULL, bestSide, position.swapAvailable};
    }

    std::vector<BoardTransform> transforms_;
    bool halfWords_ = false;  // the board has at most 32 cells
};

}  // namespace papamu
