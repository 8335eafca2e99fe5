#pragma once
// The shape of a board and the masks that let move generation work on whole bitboards.
#include <array>
#include <optional>
#include <string>

#include "rules/bitboard.hpp"

namespace papamu {

// The four orthogonal directions. Their order is part of move ordering, hence of node counts.
enum class Direction : int { Up = 0, Down = 1, Left = 2, Right = 3 };
constexpr std::array<Direction, 4> kDirections{Direction::Up, Direction::Down, Direction::Left,
                                               Direction::Right};

// Why a board of rows x columns is not one papamu plays on (rows and columns at least 1, at most
// 64 cells), or nullopt when it is. The one check behind every way a board size is given.
std::optional<std::string> boardSizeProblem(int rows, int columns);

class BoardGeometry {
public:
    static constexpr int kMaxCells = 64;

    // Throws std::invalid_argument with boardSizeProblem's reason for a board that is not allowed.
    BoardGeometry(int rows, int columns);

    int rows() const { return rows_; }
    int columns() const { return columns_; }
    int cellCount() const { return rows_ * columns_; }
    Bitboard allCells() const { return allCells_; }
    int cellAt(int row, int column) const { return row * columns_ + column; }
    int rowOf(int cell) const { return cell / columns_; }
    int columnOf(int cell) const { return cell % columns_; }

    // Cells where Black stands at the start (row + column even) and where White stands.
    Bitboard blackHome() const { return blackHome_; }
    Bitboard whiteHome() const { return allCells_ & ~blackHome_; }
    Bitboard corners() const { return corners_; }
    Bitboard centre() const { return centre_; }

    // Moves every stone one cell in the direction; stones that would leave the board vanish.
    Bitboard shift(Bitboard bits, Direction direction) const {
        const auto d = static_cast<int>(direction);
        return shiftBy(bits & sourceMask_[d], stride_[d]);
    }
    // Cells that have a neighbour in the direction: a stone there can step without leaving the
    // board or wrapping into the next row.
    Bitboard cellsWithNeighbour(Direction direction) const { return sourceMask_[static_cast<int>(direction)]; }
    // Signed change of cell index for one step in the direction.
    int stride(Direction direction) const { return stride_[static_cast<int>(direction)]; }
    // The orthogonal neighbours of a set of cells (not including the cells themselves). The
    // directions' shifts written out, without shift()'s signed-stride branches: group counts
    // call this in every flood-fill step.
    Bitboard neighbours(Bitboard bits) const {
        return (bits & cellsWithNeighbour(Direction::Up)) << rowShift_ | (bits & cellsWithNeighbour(Direction::Down)) >> rowShift_ |
               (bits & cellsWithNeighbour(Direction::Left)) >> 1 | (bits & cellsWithNeighbour(Direction::Right)) << 1;
    }
    // The cells of `within` connected to `seed` by orthogonal steps inside `within`. Inline: the
    // Ūnane end test runs it for most positions the search meets.
    Bitboard floodFill(Bitboard seed, Bitboard within) const {
        Bitboard filled = seed & within;
        for (;;) {
            const Bitboard grown = (filled | neighbours(filled)) & within;
            if (grown == filled) return filled;
            filled = grown;
        }
    }
    // Number of orthogonally connected groups in `stones`.
    int groupCount(Bitboard stones) const;
    // True when `stones` is non-empty and forms exactly one group; cheaper than groupCount.
    bool isSingleGroup(Bitboard stones) const {
        if (stones == 0) return false;
        if ((stones & (stones - 1)) == 0) return true;
        // Of two or more stones, one without an own neighbour is a group by itself: this answers
        // most positions of a game without the flood fill.
        if ((stones & ~neighbours(stones)) != 0) return false;
        return floodFill(stones & (~stones + 1), stones) == stones;
    }

    std::string sizeName() const;  // "5x6": rows x columns
    bool operator==(const BoardGeometry& other) const {
        return rows_ == other.rows_ && columns_ == other.columns_;
    }

private:
    int rows_;
    int columns_;
    Bitboard allCells_ = 0;
    Bitboard blackHome_ = 0;
    Bitboard corners_ = 0;
    Bitboard centre_ = 0;
    std::array<Bitboard, 4> sourceMask_{};  // cells that have a neighbour in each direction
    std::array<int, 4> stride_{};
    // One row up, as a shift amount below 64 (a one-row board of 64 columns has nothing up or
    // down: its masks are empty, and any amount under 64 keeps the shift defined).
    int rowShift_ = 0;
};

}  // namespace papamu
