#include "rules/konane_game.hpp"

#include <cstdlib>

namespace papamu {

KonaneGame::KonaneGame(BoardGeometry geometry, Variant variant)
    : geometry_(geometry), variant_(variant) {
    validateVariant(GameKind::Konane, variant);
    openingCells_ = variant.openAny ? geometry_.allCells() : geometry_.corners() | geometry_.centre();
}

Position KonaneGame::startPosition() const {
    return Position{geometry_.blackHome(), geometry_.whiteHome(), Color::Black, false};
}

void KonaneGame::generateMoves(const Position& position, MoveList& moves) const {
    const Bitboard own = position.own();
    const Bitboard enemy = position.enemy();
    const Bitboard empty = geometry_.allCells() & ~(own | enemy);
    // The phase follows from the number of empty cells alone, so any position can be played.
    if (empty == 0) {
        for (Bitboard removable = own & openingCells_; removable != 0;) {
            moves.push(Move::removal(popLowestCell(removable)));
        }
        return;
    }
    if ((empty & (empty - 1)) == 0) {
        for (Bitboard removable = own & geometry_.neighbours(empty); removable != 0;) {
            moves.push(Move::removal(popLowestCell(removable)));
        }
        return;
    }
    for (const Direction direction : kDirections) {
        const int stride = geometry_.stride(direction);
        // `landed` holds where jumping stones stand after `jumps` jumps in this direction; each
        // landing is a separate move, and only stones that landed may jump again.
        Bitboard landed = own;
        for (int jumps = 1;; ++jumps) {
            landed = geometry_.shift(geometry_.shift(landed, direction) & enemy, direction) & empty;
            for (Bitboard targets = landed; targets != 0;) {
                const int to = popLowestCell(targets);
                moves.push(Move::step(to - 2 * jumps * stride, to));
            }
            if (landed == 0 || variant_.singleJump) break;
        }
    }
}

Bitboard KonaneGame::jumpedCells(int from, int to) const {
    const int rowDelta = geometry_.rowOf(to) - geometry_.rowOf(from);
    const int stride = rowDelta != 0 ? (rowDelta > 0 ? geometry_.columns() : -geometry_.columns())
                                     : (to > from ? 1 : -1);
    Bitboard jumped = 0;
    for (int cell = from + stride; cell != to + stride; cell += 2 * stride) jumped |= cellBit(cell);
    return jumped;
}

Position KonaneGame::applyMove(const Position& position, Move move) const {
    Position next = position;
    Bitboard& own = next.stones(position.sideToMove);
    if (move.kind == MoveKind::Removal) {
        own &= ~cellBit(move.from);
    } else {
        own = (own & ~cellBit(move.from)) | cellBit(move.to);
        next.stones(opposite(position.sideToMove)) &= ~jumpedCells(move.from, move.to);
    }
    next.sideToMove = opposite(position.sideToMove);
    return next;
}

std::optional<std::string> KonaneGame::positionProblem(const Position& position) const {
    if (position.swapAvailable) return "the pie swap exists only in unane";
    if ((position.occupied() & ~geometry_.allCells()) != 0) return "stones outside the board";
    if ((position.black & position.white) != 0) return "a cell holds two stones";
    return std::nullopt;
}

}  // namespace papamu
