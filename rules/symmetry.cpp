#include "rules/symmetry.hpp"

namespace papamu {

namespace {

// Transform k sends (row, column) to a new cell; k in 0..3 keep the shape, 4..7 transpose it.
int transformCell(const BoardGeometry& geometry, int index, int cell) {
    const int rows = geometry.rows();
    const int columns = geometry.columns();
    int row = geometry.rowOf(cell);
    int column = geometry.columnOf(cell);
    if (index & 1) column = columns - 1 - column;
    if (index & 2) row = rows - 1 - row;
    if (index & 4) std::swap(row, column);  // only used on square boards
    return row * columns + column;
}

}  // namespace

BoardTransform::BoardTransform(const BoardGeometry& geometry, int index)
    : index_(index), boardBytes_((geometry.cellCount() + 7) / 8) {
    for (int cell = 0; cell < geometry.cellCount(); ++cell) {
        const int image = transformCell(geometry, index, cell);
        cellImage_[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(image);
        if (hasCell(geometry.blackHome(), cell) != hasCell(geometry.blackHome(), image)) keepsCellColours_ = false;
    }
    for (std::size_t byte = 0; byte < 8; ++byte) {
        for (std::size_t pattern = 0; pattern < 256; ++pattern) {
            Bitboard image = 0;
            for (int bit = 0; bit < 8; ++bit) {
                const int cell = static_cast<int>(byte) * 8 + bit;
                if ((pattern >> bit) & 1U && cell < geometry.cellCount()) image |= cellBit(cellImage_[static_cast<std::size_t>(cell)]);
            }
            byteImage_[byte][pattern] = image;
        }
    }
}

BoardSymmetries::BoardSymmetries(const BoardGeometry& geometry) : halfWords_(geometry.cellCount() <= 32) {
    const int count = geometry.rows() == geometry.columns() ? 8 : 4;
    transforms_.reserve(static_cast<std::size_t>(count));
    for (int index = 0; index < count; ++index) transforms_.emplace_back(geometry, index);
}

Position BoardSymmetries::apply(const Position& position, int transform) const {
    const BoardTransform& map = transforms_[static_cast<std::size_t>(transform)];
    return Position{map.map(position.black), map.map(position.white), position.sideToMove, position.swapAvailable};
}

Position BoardSymmetries::image(const Position& position, int transform, bool swapColours) const {
    Position mapped = apply(position, transform);
    if (swapColours) {
        std::swap(mapped.black, mapped.white);
        mapped.sideToMove = opposite(mapped.sideToMove);
    }
    return mapped;
}

}  // namespace papamu
