// Kōnane: why a written move is illegal. Kept apart from move generation, which must stay lean.
#include "rules/konane_game.hpp"
#include <cstdlib>

#include "rules/notation.hpp"

namespace papamu {

bool KonaneGame::pathMatches(Move move, const std::vector<int>& cells) const {
    if (move.kind != MoveKind::Step || cells.size() < 2) return false;
    const Bitboard jumped = jumpedCells(move.from, move.to);
    const int jumps = popCount(jumped);
    if (static_cast<int>(cells.size()) != jumps + 1) return false;
    const int step = (move.to - move.from) / jumps;
    for (std::size_t index = 0; index < cells.size(); ++index) {
        if (cells[index] != move.from + static_cast<int>(index) * step) return false;
    }
    return true;
}

std::string KonaneGame::explainIllegalMove(const Position& position, const MoveText& written) const {
    const auto name = [this](int cell) { return cellName(geometry_, cell); };
    const Color side = position.sideToMove;
    const std::string sideName = side == Color::Black ? "black" : "white";
    const Bitboard empty = geometry_.allCells() & ~position.occupied();
    const int emptyCount = popCount(empty);
    if (written.isSwap) return "the pie swap exists only in unane";
    const int from = written.cells.front();
    if (!hasCell(position.own(), from)) {
        return name(from) + " holds no " + sideName + " stone";
    }
    if (written.cells.size() == 1) {
        if (emptyCount >= 2) return "removals are only made while the board has at most one empty cell; now every move is a jump";
        if (emptyCount == 0) return name(from) + " is not a corner or the centre, where the first stone must be removed";
        return name(from) + " is not next to the empty cell " + name(lowestCell(empty));
    }
    if (emptyCount < 2) {
        return emptyCount == 0 ? "the game opens with a removal from a corner or the centre, not a jump"
                               : "the second move is a removal next to the empty cell, not a jump";
    }
    for (std::size_t index = 1; index < written.cells.size(); ++index) {
        const int start = written.cells[index - 1];
        const int end = written.cells[index];
        const int rowDelta = geometry_.rowOf(end) - geometry_.rowOf(start);
        const int columnDelta = geometry_.columnOf(end) - geometry_.columnOf(start);
        const bool straight = (rowDelta == 0) != (columnDelta == 0);
        if (!straight) return name(start) + "-" + name(end) + " is not along a row or a column";
        if (std::abs(rowDelta + columnDelta) != 2) {
            if (written.cells.size() == 2 && std::abs(rowDelta + columnDelta) % 2 == 0) {
                // A multi-jump written by its end cells: find the first jump that breaks.
                const int step = (end - start) / (std::abs(rowDelta + columnDelta) / 2);
                for (int cell = start; cell != end; cell += step) {
                    const int over = cell + step / 2;
                    if (!hasCell(position.enemy(), over)) return name(over) + " holds no enemy stone";
                    if (hasCell(position.occupied(), cell + step)) return name(cell + step) + " is not empty";
                }
                if (variant_.singleJump) return "variant single-jump allows one jump per move";
            }
            return name(start) + "-" + name(end) + " does not land two cells away";
        }
        const int over = (start + end) / 2;
        if (!hasCell(position.enemy(), over)) return name(over) + " holds no enemy stone";
        if (hasCell(position.occupied(), end)) return name(end) + " is not empty";
        if (index > 1 && variant_.singleJump) return "variant single-jump allows one jump per move";
        if (index > 1) {
            const int previous = written.cells[index - 2];
            if (end - start != start - previous) return "a multi-jump must keep the same direction";
        }
    }
    return "no such move";
}

}  // namespace papamu
