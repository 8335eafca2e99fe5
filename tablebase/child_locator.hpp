#pragma once
// The builder's lookup of a parent's children. TableIndex::locate maps and packs a child from
// scratch (colour image through the board transform, then pext of both sets); a move changes only
// two to four cells, so here the parent is packed once (ParentFrame) and each child's packed sets
// are the parent's with the changed cells' bits toggled, looked up in per-cell tables that already
// include the colour image. Where the white domain depends on the black set (Ūnane: the cells
// without a black stone) the white set is packed afresh, one pext. Layer, multiplier and side
// offset of a child come from one small table of its stone counts.
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "rules/position.hpp"
#include "rules/symmetry.hpp"
#include "solver/retrograde_concepts.hpp"
#include "tablebase/subset_rank.hpp"

namespace papamu {

class TableIndex;

// A parent of the builder, packed the two ways its children may be looked up. The default is the
// frame of the empty board (every packed set empty), a valid start for ChildLocator::refresh.
struct ParentFrame {
    Position parent;
    std::uint64_t imageBlack = 0;   // the parent's colour image: black set packed over the black domain,
    std::uint64_t imageWhite = 0;   //   white set over the white domain (only where that domain is fixed)
    std::uint64_t directBlack = 0;  // the parent itself, the same way
    std::uint64_t directWhite = 0;
};

class ChildLocator {
public:
    ChildLocator() = default;
    explicit ChildLocator(const TableIndex& index);

    ParentFrame frame(const Position& parent) const {
        ParentFrame fresh;
        refresh(fresh, parent);
        return fresh;
    }
    // Makes `frame` the frame of `parent`, toggling the bits of the cells where the two differ.
    void refresh(ParentFrame& frame, const Position& parent) const;
    // The entry of `child` (a position one move after frame.parent, without a swap offer), the
    // same as TableIndex::locate(child); layer -1 when the index has none.
    IndexLocation locate(const ParentFrame& frame, const Position& child) const;

private:
    using CellBits = std::array<std::uint64_t, 64>;
    // Where a child with given stone counts is read: its own layer, or its image's.
    struct CountSlot {
        int layer = -1;              // the layer of the child's stone counts
        int imageLayer = -1;         // where a White-to-move child of a folded layer is read
        std::uint64_t whiteSets = 0;       // entries per black set in `layer`
        std::uint64_t imageWhiteSets = 0;  // and in `imageLayer`
        std::uint64_t whiteOffset = 0;     // entry offset of White to move in `layer` (0 if folded)
        bool folded = false;
    };

    static std::uint64_t toggled(const CellBits& bits, Bitboard cells) {
        std::uint64_t packed = 0;
        while (cells != 0) packed ^= bits[static_cast<std::size_t>(popLowestCell(cells))];
        return packed;
    }
    const CountSlot& slot(int black, int white) const {
        return slots_[static_cast<std::size_t>(black * slotWidth_ + white)];
    }

    Bitboard blackBase_ = 0;
    Bitboard whiteBase_ = 0;
    bool fixedWhiteDomain_ = true;
    std::optional<BoardTransform> fold_;
    CellBits directBlackBit_{};  // cell -> its bit in the packed black set (0 outside the domain)
    CellBits directWhiteBit_{};  // cell -> its bit in the packed white set (fixed domains only)
    CellBits imageBlackBit_{};   // cell -> the bit of its image T(cell) in the image's packed black set
    CellBits imageWhiteBit_{};   // cell -> the bit of T(cell) in the image's packed white set (fixed domains)
    int maxBlack_ = 0;
    int maxWhite_ = 0;
    int slotWidth_ = 1;
    std::vector<CountSlot> slots_;  // (black, white) stone counts -> where to read
};

inline IndexLocation ChildLocator::locate(const ParentFrame& frame, const Position& child) const {
    const int black = popCount(child.black);
    const int white = popCount(child.white);
    if (black > maxBlack_ || white > maxWhite_ || child.swapAvailable) return {};
    if ((child.black & ~blackBase_) != 0 || (child.white & ~whiteBase_) != 0 || (child.black & child.white) != 0) return {};
    const CountSlot& counts = slot(black, white);
    if (counts.layer < 0) return {};
    const Bitboard changedBlack = frame.parent.black ^ child.black;
    const Bitboard changedWhite = frame.parent.white ^ child.white;
    if (counts.folded && child.sideToMove == Color::White) {
        // Read as the colour image (T(white), T(black)), Black to move, in layer (white, black).
        const std::uint64_t major = frame.imageBlack ^ toggled(imageBlackBit_, changedWhite);
        std::uint64_t minor = 0;
        if (fixedWhiteDomain_) {
            minor = frame.imageWhite ^ toggled(imageWhiteBit_, changedBlack);
        } else {
            const Bitboard imageBlack = fold_->index() == 0 ? child.white : fold_->map(child.white);
            const Bitboard imageWhite = fold_->index() == 0 ? child.black : fold_->map(child.black);
            minor = packBits(imageWhite, whiteBase_ & ~imageBlack);
        }
        return {counts.imageLayer, rankSubset(major) * counts.imageWhiteSets + rankSubset(minor)};
    }
    const std::uint64_t major = frame.directBlack ^ toggled(directBlackBit_, changedBlack);
    const std::uint64_t minor = fixedWhiteDomain_ ? frame.directWhite ^ toggled(directWhiteBit_, changedWhite)
                                                  : packBits(child.white, whiteBase_ & ~child.black);
    const std::uint64_t side = child.sideToMove == Color::White ? counts.whiteOffset : 0;
    return {counts.layer, side + rankSubset(major) * counts.whiteSets + rankSubset(minor)};
}

inline void ChildLocator::refresh(ParentFrame& frame, const Position& parent) const {
    // The same toggles as for a child: the walk's next parent differs in a few cells (the next
    // black subset, now and then the next white one); from the default frame, in all its stones.
    const Bitboard changedBlack = frame.parent.black ^ parent.black;
    const Bitboard changedWhite = frame.parent.white ^ parent.white;
    frame.directBlack ^= toggled(directBlackBit_, changedBlack);
    frame.imageBlack ^= toggled(imageBlackBit_, changedWhite);
    if (fixedWhiteDomain_) {
        frame.directWhite ^= toggled(directWhiteBit_, changedWhite);
        frame.imageWhite ^= toggled(imageWhiteBit_, changedBlack);
    }
    frame.parent = parent;
}

}  // namespace papamu
