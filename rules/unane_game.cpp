#include "rules/unane_game.hpp"

#include <stdexcept>

namespace papamu {

UnaneGame::UnaneGame(BoardGeometry geometry, Variant variant)
    : geometry_(geometry), variant_(variant) {
    validateVariant(GameKind::Unane, variant);
    if (geometry_.cellCount() % 2 != 0 || geometry_.cellCount() < 4) {
        throw std::invalid_argument("board " + geometry_.sizeName() +
                                    " is not allowed for unane: it needs an even number of cells "
                                    "(one even dimension) and at least 4 cells");
    }
}

Position UnaneGame::startPosition() const {
    return Position{geometry_.blackHome(), geometry_.whiteHome(), Color::Black, false};
}

std::optional<Value> UnaneGame::finishedValue(const Position& position) const {
    // The player who just moved is checked first: with one group each, the mover has won.
    if (geometry_.isSingleGroup(position.enemy())) return Value::Loss;
    if (geometry_.isSingleGroup(position.own())) return Value::Win;
    return std::nullopt;
}

void UnaneGame::generateMoves(const Position& position, MoveList& moves) const {
    if (finishedValue(position)) return;
    const Bitboard own = position.own();
    const Bitboard enemy = position.enemy();
    for (const Direction direction : kDirections) {
        const int stride = geometry_.stride(direction);
        for (Bitboard targets = geometry_.shift(own, direction) & enemy; targets != 0;) {
            const int to = popLowestCell(targets);
            moves.push(Move::step(to - stride, to));
        }
    }
    for (Bitboard isolated = own & ~geometry_.neighbours(enemy); isolated != 0;) {
        moves.push(Move::removal(popLowestCell(isolated)));
    }
    if (position.swapAvailable) moves.push(Move::swap());
}

Position UnaneGame::applyMove(const Position& position, Move move) const {
    Position next = position;
    next.swapAvailable = false;
    if (move.kind == MoveKind::Swap) {
        // The players exchange colours; the board stays and the White stones move again, now
        // played by the other player, so the side to move (a colour) does not change.
        return next;
    }
    Bitboard& own = next.stones(position.sideToMove);
    if (move.kind == MoveKind::Removal) {
        own &= ~cellBit(move.from);
    } else {
        own = (own & ~cellBit(move.from)) | cellBit(move.to);
        next.stones(opposite(position.sideToMove)) &= ~cellBit(move.to);
    }
    next.sideToMove = opposite(position.sideToMove);
    // The pie swap is offered after Black's first move, i.e. a move from the start position.
    next.swapAvailable = pieRule() && position == startPosition();
    return next;
}

SymmetryPermission UnaneGame::symmetryPermission(const Position& position) const {
    if (pieRule() && position.occupied() == geometry_.allCells()) return {false, false};
    return {true, !position.swapAvailable};
}

std::optional<std::string> UnaneGame::positionProblem(const Position& position) const {
    if ((position.occupied() & ~geometry_.allCells()) != 0) return "stones outside the board";
    if ((position.black & position.white) != 0) return "a cell holds two stones";
    if (position.swapAvailable && position.sideToMove != Color::White) {
        return "the pie swap is offered only to White, on White's first turn";
    }
    if (position.swapAvailable && !pieRule()) return "the pie swap is off in variant no-pie";
    return std::nullopt;
}

}  // namespace papamu
