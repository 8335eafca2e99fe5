#pragma once
// A deliberately plain, cell-by-cell move generator written straight from RULES.md, to check
// the bitboard generators against. Slow on purpose: no masks, no shifts, no shared code.
#include <algorithm>
#include <cstdint>
#include <utility>
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

namespace papamu::reference {

// The start pattern written out cell by cell: Black where row + column is even, Black to move.
inline bool isStart(const Board& board) {
    if (board.side != 'B' || board.swap) return false;
    for (int row = 0; row < board.rows; ++row) {
        for (int column = 0; column < board.columns; ++column) {
            if (at(board, row, column) != ((row + column) % 2 == 0 ? 'B' : 'W')) return false;
        }
    }
    return true;
}

// Plays (from, to) on the board: removals take the stone off, Kōnane jumps empty every second
// cell they pass, Ūnane captures replace the enemy stone, the swap (-1, -1) only clears the offer.
inline Board play(const Board& board, std::pair<int, int> move, bool unane, bool pieRule) {
    Board next = board;
    next.swap = false;
    if (move.first < 0) return next;
    auto& cells = next.cells;
    const auto index = [](int cell) { return static_cast<std::size_t>(cell); };
    if (move.first == move.second) {
        cells[index(move.first)] = '.';
    } else if (unane) {
        cells[index(move.second)] = board.side;
        cells[index(move.first)] = '.';
    } else {
        const int fromRow = move.first / board.columns;
        const int fromColumn = move.first % board.columns;
        const int toRow = move.second / board.columns;
        const int toColumn = move.second % board.columns;
        const int rowStep = (toRow > fromRow) - (toRow < fromRow);
        const int columnStep = (toColumn > fromColumn) - (toColumn < fromColumn);
        for (int row = fromRow, column = fromColumn; row != toRow || column != toColumn;
             row += rowStep, column += columnStep) {
            cells[index(row * board.columns + column)] = '.';
        }
        cells[index(move.second)] = board.side;
    }
    next.side = board.side == 'B' ? 'W' : 'B';
    if (unane) next.swap = pieRule && isStart(board);
    return next;
}

struct Rules {
    bool unane = false;
    bool singleJump = false;
    bool openAny = false;
    bool pieRule = true;
};

inline std::vector<std::pair<int, int>> moves(const Board& board, const Rules& rules) {
    return rules.unane ? unaneMoves(board) : konaneMoves(board, rules.singleJump, rules.openAny);
}

// perft without bulk counting or any shortcut: every sequence is played out.
inline std::uint64_t perft(const Board& board, const Rules& rules, int depth) {
    if (depth == 0) return 1;
    std::uint64_t total = 0;
    for (const auto& move : moves(board, rules)) {
        total += perft(play(board, move, rules.unane, rules.pieRule), rules, depth - 1);
    }
    return total;
}

// A move of the library as the (from, to) pair the reference uses.
inline std::pair<int, int> asPair(Move move) {
    if (move.kind == MoveKind::Swap) return {-1, -1};
    return {move.from, move.to};
}

}  // namespace papamu::reference
