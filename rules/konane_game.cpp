#include "rules/konane_game.hpp"

#include <cstdlib>

namespace papamu {

KonaneGame::KonaneGame(BoardGeometry geometry, Variant variant)
    : geometry_(geometry), variant_(variant) {
    validateVariant(kKind, variant);
    openingCells_ = variant.openAny ? geometry_.allCells() : geometry_.corners() | geometry_.centre();
}

namespace {

// The jumps in one direction, with the direction of the shift fixed at compile time (Forward:
// towards higher cell numbers, i.e. up or right). `distance` is one step, 1 or the row length;
// `hasNeighbour` keeps stones from stepping off the board or wrapping into the next row.
template <bool Forward>
void addJumps(Bitboard own, Bitboard enemy, Bitboard empty, Bitboard hasNeighbour, int distance, bool singleJump,
              MoveList& moves) {
    const auto step = [hasNeighbour, distance](Bitboard bits) {
        return Forward ? (bits & hasNeighbour) << distance : (bits & hasNeighbour) >> distance;
    };
    // `landed` holds where jumping stones stand after `jumps` jumps; each landing is a separate
    // move, and only stones that landed may jump again.
    Bitboard landed = own;
    for (int jumps = 1;; ++jumps) {
        landed = step(step(landed) & enemy) & empty;
        if (landed == 0) return;
        const int back = (Forward ? 2 : -2) * jumps * distance;
        for (Bitboard targets = landed; targets != 0;) {
            const int to = popLowestCell(targets);
            moves.push(Move::step(to - back, to));
        }
        if (singleJump) return;
    }
}

}  // namespace

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
    // Same order as kDirections: up, down, left, right. On a one-row board (up to 64 columns)
    // there is nothing up or down, and skipping it avoids a shift by 64.
    const bool singleJump = variant_.singleJump;
    const auto mask = [this](Direction direction) { return geometry_.cellsWithNeighbour(direction); };
    if (geometry_.rows() > 1) {
        addJumps<true>(own, enemy, empty, mask(Direction::Up), geometry_.columns(), singleJump, moves);
        addJumps<false>(own, enemy, empty, mask(Direction::Down), geometry_.columns(), singleJump, moves);
    }
    addJumps<false>(own, enemy, empty, mask(Direction::Left), 1, singleJump, moves);
    addJumps<true>(own, enemy, empty, mask(Direction::Right), 1, singleJump, moves);
}

Bitboard KonaneGame::jumpedCells(int from, int to) const {
    // A jump stays in its row or its column, so a distance shorter than a row means a jump
    // along the row; this avoids two divisions on every move applied.
    const int columns = geometry_.columns();
    const int stride = std::abs(to - from) < columns ? (to > from ? 1 : -1) : (to > from ? columns : -columns);
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
