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
    auto add = [&moves](Bitboard cells, int back) {
        while (cells != 0) {
            const int to = popLowestCell(cells);
            moves.push(back == 0 ? Move::removal(to) : Move::step(to - back, to));
        }
    };
    visitMoves(position, add);
    if (position.swapAvailable) moves.push(Move::swap());
}

int UnaneGame::moveCount(const Position& position) const {
    if (finishedValue(position)) return 0;
    int count = position.swapAvailable ? 1 : 0;
    auto add = [&count](Bitboard cells, int) { count += popCount(cells); };
    visitMoves(position, add);
    return count;
}

bool UnaneGame::winsInOneMove(const Position& position) const {
    // A move changes one own stone. With the stones in groups A (the lowest stone's) and the rest:
    // - a capture moves a stone to t and keeps every other group as it was, so the new stone must
    //   touch A and the rest alike: t is a neighbour of both;
    // - a removal leaves one group only if the removed stone was a group by itself.
    // Only the moves that pass this test are tried in full.
    const Bitboard own = position.own();
    const Bitboard first = geometry_.floodFill(own & (~own + 1), own);
    const Bitboard rest = own & ~first;
    const Bitboard joining = rest == 0 ? geometry_.allCells() : geometry_.neighbours(first) & geometry_.neighbours(rest);
    const Bitboard alone = rest == 0 ? own : own & ~geometry_.neighbours(own);
    bool wins = false;
    auto check = [this, &position, &wins, joining, alone](Bitboard cells, int back) {
        cells &= back == 0 ? alone : joining;
        while (cells != 0 && !wins) {
            const int to = popLowestCell(cells);
            // The mover's stones are the enemy's of the position after its move.
            wins = geometry_.isSingleGroup(afterStep(position, to - back, to, false).enemy());
        }
    };
    visitMoves(position, check);
    return wins;
}

Position UnaneGame::applyMove(const Position& position, Move move) const {
    if (move.kind == MoveKind::Swap) {
        // The players exchange colours; the board stays and the White stones move again, now
        // played by the other player, so the side to move (a colour) does not change.
        return Position{position.black, position.white, position.sideToMove, false};
    }
    return afterStep(position, move.from, move.to, offersSwapAfter(position));
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
