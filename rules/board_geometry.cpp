#include "rules/board_geometry.hpp"

#include <stdexcept>

namespace papamu {

std::optional<std::string> boardSizeProblem(int rows, int columns) {
    const std::string board = "board " + std::to_string(rows) + "x" + std::to_string(columns) + " is not allowed: ";
    if (rows < 1 || columns < 1) return board + "rows and columns must be at least 1";
    const long long cells = static_cast<long long>(rows) * columns;  // two ints: no overflow
    if (cells > BoardGeometry::kMaxCells) {
        return board + "it has " + std::to_string(cells) + " cells, at most " + std::to_string(BoardGeometry::kMaxCells) + " are allowed";
    }
    return std::nullopt;
}

BoardGeometry::BoardGeometry(int rows, int columns) : rows_(rows), columns_(columns) {
    if (const std::optional<std::string> problem = boardSizeProblem(rows, columns)) throw std::invalid_argument(*problem);
    const int cells = rows * columns;
    allCells_ = cells == 64 ? ~Bitboard{0} : (Bitboard{1} << cells) - 1;
    Bitboard leftColumn = 0;
    Bitboard rightColumn = 0;
    for (int row = 0; row < rows; ++row) {
        leftColumn |= cellBit(cellAt(row, 0));
        rightColumn |= cellBit(cellAt(row, columns - 1));
        for (int column = 0; column < columns; ++column) {
            if ((row + column) % 2 == 0) blackHome_ |= cellBit(cellAt(row, column));
        }
    }
    Bitboard bottomRow = 0;
    Bitboard topRow = 0;
    for (int column = 0; column < columns; ++column) {
        bottomRow |= cellBit(cellAt(0, column));
        topRow |= cellBit(cellAt(rows - 1, column));
    }
    corners_ = cellBit(cellAt(0, 0)) | cellBit(cellAt(0, columns - 1)) |
               cellBit(cellAt(rows - 1, 0)) | cellBit(cellAt(rows - 1, columns - 1));
    // The centre is the middle cell of each dimension: one when odd, the two middle ones when even.
    const auto middles = [](int length) {
        return length % 2 == 1 ? std::array<int, 2>{length / 2, length / 2}
                               : std::array<int, 2>{length / 2 - 1, length / 2};
    };
    for (const int row : middles(rows)) {
        for (const int column : middles(columns)) centre_ |= cellBit(cellAt(row, column));
    }
    sourceMask_[static_cast<int>(Direction::Up)] = allCells_ & ~topRow;
    sourceMask_[static_cast<int>(Direction::Down)] = allCells_ & ~bottomRow;
    sourceMask_[static_cast<int>(Direction::Left)] = allCells_ & ~leftColumn;
    sourceMask_[static_cast<int>(Direction::Right)] = allCells_ & ~rightColumn;
    stride_[static_cast<int>(Direction::Up)] = columns;
    stride_[static_cast<int>(Direction::Down)] = -columns;
    stride_[static_cast<int>(Direction::Left)] = -1;
    stride_[static_cast<int>(Direction::Right)] = 1;
    rowShift_ = columns % 64;
}

int BoardGeometry::groupCount(Bitboard stones) const {
    // A stone with no own neighbour is a group by itself: counting those at once leaves the
    // flood fill for the rest (in Ūnane most stones stand alone for most of a game).
    const Bitboard alone = stones & ~neighbours(stones);
    int groups = popCount(alone);
    stones &= ~alone;
    while (stones != 0) {
        stones &= ~floodFill(stones & (~stones + 1), stones);
        ++groups;
    }
    return groups;
}

std::string BoardGeometry::sizeName() const {
    return std::to_string(rows_) + "x" + std::to_string(columns_);
}

}  // namespace papamu
