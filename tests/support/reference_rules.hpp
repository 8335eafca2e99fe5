#pragma once
// A deliberately plain, cell-by-cell move generator written straight from RULES.md, to check
// the bitboard generators against. Slow on purpose: no masks, no shifts, no shared code.
#include <algorithm>
#include <vector>

#include "rules/move.hpp"
#include "rules/position.hpp"

namespace papamu::reference {

struct Board {
    int rows;
    int columns;
    std::vector<char> cells;  // 'B', 'W' or '.', index row * columns + column
    char side;                // 'B' or 'W'
    bool swap = false;
};

inline Board fromPosition(const Position& position, int rows, int columns) {
    Board board{rows, columns, std::vector<char>(static_cast<std::size_t>(rows * columns), '.'),
                position.sideToMove == Color::Black ? 'B' : 'W', position.swapAvailable};
    for (int cell = 0; cell < rows * columns; ++cell) {
        if ((position.black >> cell) & 1U) board.cells[static_cast<std::size_t>(cell)] = 'B';
        if ((position.white >> cell) & 1U) board.cells[static_cast<std::size_t>(cell)] = 'W';
    }
    return board;
}

inline char at(const Board& board, int row, int column) {
    if (row < 0 || column < 0 || row >= board.rows || column >= board.columns) return 'X';
    return board.cells[static_cast<std::size_t>(row * board.columns + column)];
}

constexpr int kRowSteps[4] = {1, -1, 0, 0};
constexpr int kColumnSteps[4] = {0, 0, -1, 1};

// Kōnane moves as (from, to) pairs, removals with from == to; sorted.
inline std::vector<std::pair<int, int>> konaneMoves(const Board& board, bool singleJump, bool openAny) {
    std::vector<std::pair<int, int>> moves;
    const char own = board.side;
    const char enemy = own == 'B' ? 'W' : 'B';
    const int empties = static_cast<int>(std::count(board.cells.begin(), board.cells.end(), '.'));
    for (int row = 0; row < board.rows; ++row) {
        for (int column = 0; column < board.columns; ++column) {
            if (at(board, row, column) != own) continue;
            const int cell = row * board.columns + column;
            if (empties == 0) {
                const bool corner = (row == 0 || row == board.rows - 1) && (column == 0 || column == board.columns - 1);
                const auto middle = [](int index, int length) {
                    return length % 2 == 1 ? index == length / 2 : (index == length / 2 || index == length / 2 - 1);
                };
                if (openAny || corner || (middle(row, board.rows) && middle(column, board.columns))) {
                    moves.emplace_back(cell, cell);
                }
            } else if (empties == 1) {
                for (int direction = 0; direction < 4; ++direction) {
                    if (at(board, row + kRowSteps[direction], column + kColumnSteps[direction]) == '.') {
                        moves.emplace_back(cell, cell);
                    }
                }
            } else {
                for (int direction = 0; direction < 4; ++direction) {
                    for (int jumps = 1;; ++jumps) {
                        const int overRow = row + (2 * jumps - 1) * kRowSteps[direction];
                        const int overColumn = column + (2 * jumps - 1) * kColumnSteps[direction];
                        const int landRow = row + 2 * jumps * kRowSteps[direction];
                        const int landColumn = column + 2 * jumps * kColumnSteps[direction];
                        if (at(board, overRow, overColumn) != enemy || at(board, landRow, landColumn) != '.') break;
                        moves.emplace_back(cell, landRow * board.columns + landColumn);
                        if (singleJump) break;
                    }
                }
            }
        }
    }
    std::sort(moves.begin(), moves.end());
    return moves;
}

// Number of groups of `colour`, by depth-first search over cells.
inline int groups(const Board& board, char colour) {
    std::vector<bool> seen(board.cells.size(), false);
    int count = 0;
    for (int start = 0; start < board.rows * board.columns; ++start) {
        if (board.cells[static_cast<std::size_t>(start)] != colour || seen[static_cast<std::size_t>(start)]) continue;
        ++count;
        std::vector<int> stack{start};
        seen[static_cast<std::size_t>(start)] = true;
        while (!stack.empty()) {
            const int cell = stack.back();
            stack.pop_back();
            for (int direction = 0; direction < 4; ++direction) {
                const int row = cell / board.columns + kRowSteps[direction];
                const int column = cell % board.columns + kColumnSteps[direction];
                if (at(board, row, column) != colour) continue;
                const int next = row * board.columns + column;
                if (!seen[static_cast<std::size_t>(next)]) {
                    seen[static_cast<std::size_t>(next)] = true;
                    stack.push_back(next);
                }
            }
        }
    }
    return count;
}

// Ūnane: is the game over, and if so does the side to move win? (0 not over, 1 win, -1 loss)
inline int unaneFinished(const Board& board) {
    const char own = board.side;
    const char mover = own == 'B' ? 'W' : 'B';
    if (groups(board, mover) == 1) return -1;
    if (groups(board, own) == 1) return 1;
    return 0;
}

// Ūnane moves as (from, to) pairs, removals with from == to, the swap as (-1, -1); sorted.
inline std::vector<std::pair<int, int>> unaneMoves(const Board& board) {
    std::vector<std::pair<int, int>> moves;
    if (unaneFinished(board) != 0) return moves;
    const char own = board.side;
    const char enemy = own == 'B' ? 'W' : 'B';
    for (int row = 0; row < board.rows; ++row) {
        for (int column = 0; column < board.columns; ++column) {
            if (at(board, row, column) != own) continue;
            bool touchesEnemy = false;
            for (int direction = 0; direction < 4; ++direction) {
                const int toRow = row + kRowSteps[direction];
                const int toColumn = column + kColumnSteps[direction];
                if (at(board, toRow, toColumn) == enemy) {
                    touchesEnemy = true;
                    moves.emplace_back(row * board.columns + column, toRow * board.columns + toColumn);
                }
            }
            if (!touchesEnemy) moves.emplace_back(row * board.columns + column, row * board.columns + column);
        }
    }
    if (board.swap) moves.emplace_back(-1, -1);
    std::sort(moves.begin(), moves.end());
    return moves;
}

}  // namespace papamu::reference
