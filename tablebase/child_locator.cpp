#include "tablebase/child_locator.hpp"

#include "tablebase/table_index.hpp"

namespace papamu {

namespace {

// Bit i for the i-th lowest cell of `domain`, 0 for cells outside it.
std::array<std::uint64_t, 64> domainBits(Bitboard domain) {
    std::array<std::uint64_t, 64> bits{};
    for (int cell = 0; cell < 64; ++cell) bits[static_cast<std::size_t>(cell)] = packBits(cellBit(cell), domain);
    return bits;
}

}  // namespace

ChildLocator::ChildLocator(const TableIndex& index)
    : blackBase_(index.blackBase()),
      whiteBase_(index.whiteBase()),
      fixedWhiteDomain_((blackBase_ & whiteBase_) == 0),
      fold_(index.foldTransform()),
      directBlackBit_(domainBits(blackBase_)),
      directWhiteBit_(domainBits(fixedWhiteDomain_ ? whiteBase_ : 0)),
      maxBlack_(popCount(blackBase_)),
      maxWhite_(popCount(whiteBase_)),
      slotWidth_(maxWhite_ + 1),
      slots_(static_cast<std::size_t>((maxBlack_ + 1) * (maxWhite_ + 1))) {
    if (fold_) {
        // A white stone on `cell` becomes a black stone on T(cell) in the image, and the other way round.
        for (int cell = 0; cell < index.geometry().cellCount(); ++cell) {
            const Bitboard image = cellBit(fold_->mapCell(cell));
            imageBlackBit_[static_cast<std::size_t>(cell)] = packBits(image, blackBase_);
            if (fixedWhiteDomain_) imageWhiteBit_[static_cast<std::size_t>(cell)] = packBits(image, whiteBase_);
        }
    }
    for (int layer = 0; layer < index.layerCount(); ++layer) {
        const TableLayer& shape = index.layer(layer);
        CountSlot& counts = slots_[static_cast<std::size_t>(shape.black * slotWidth_ + shape.white)];
        counts.layer = layer;
        counts.folded = shape.sides == 1;
        counts.whiteSets = index.whiteSets(layer);
        counts.whiteOffset = shape.sides == 2 ? shape.perSide : 0;
        counts.imageLayer = counts.folded ? index.layerNumber(shape.white, shape.black) : -1;
        counts.imageWhiteSets = counts.folded ? index.whiteSets(counts.imageLayer) : 0;
    }
}

}  // namespace papamu
