#include "rules/unane_game.hpp"

#include <stdexcept>

namespace papamu {

UnaneGame::UnaneGame(BoardGeometry geometry, Variant variant)
    : geometry_(geometry), variant_(variant) {
    validateVariant(kKind, variant);
    if (geometry_.cellCount() % 2 != 0 || geometry_.cellCount() < 4) {
        throw std::invalid_argument("board " + geometry_.sizeName() +
                                    " is not allowed for unane: it needs an even number of cells "
                                    "(one even dimension) and at least 4 cells");
    }
}

namespace {

// Captures in one direction, the shift direction fixed at compile time (Forward: up or right);
// returns the cells of the captured stones, `distance` being one step (1 or the row length).
template <bool Forward>
Bitboard addCaptures(Bitboard own, Bitboard enemy, Bitboard hasNeighbour, int distance, MoveList& moves) {
    const Bitboard moved = own & hasNeighbour;
    const Bitboard targets = (Forward ? moved << distance : moved >> distance) & enemy;
    for (Bitboard remaining = targets; remaining != 0;) {
        const int to = popLowestCell(remaining);
        moves.push(Move::step(Forward ? to - distance : to + distance, to));
    }
    // The own stones that touch an enemy in this direction can not be removed.
    return Forward ? targets >> distance : targets << distance;
}

}  // namespace

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
    // Same order as kDirections: up, down, left, right. On a one-row board (up to 64 columns)
    // there is nothing up or down, and skipping it avoids a shift by 64.
    const auto mask = [this](Direction direction) { return geometry_.cellsWithNeighbour(direction); };
    Bitboard touching = 0;  // own stones next to an enemy stone
    if (geometry_.rows() > 1) {
        touching |= addCaptures<true>(own, enemy, mask(Direction::Up), geometry_.columns(), moves);
        touching |= addCaptures<false>(own, enemy, mask(Direction::Down), geometry_.columns(), moves);
    }
    touching |= addCaptures<false>(own, enemy, mask(Direction::Left), 1, moves);
    touching |= addCaptures<true>(own, enemy, mask(Direction::Right), 1, moves);
    for (Bitboard isolated = own & ~touching; isolated != 0;) {
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
