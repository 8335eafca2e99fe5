#include "rules/konane_game.hpp"

#include <algorithm>
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
// `add(landings, back)` receives each set of landing cells and the index offset back to the start.
template <bool Forward, class AddMoves>
void addJumps(Bitboard own, Bitboard enemy, Bitboard empty, Bitboard hasNeighbour, int distance, bool singleJump,
              AddMoves& add) {
    const auto step = [hasNeighbour, distance](Bitboard bits) {
        return Forward ? (bits & hasNeighbour) << distance : (bits & hasNeighbour) >> distance;
    };
    // `landed` holds where jumping stones stand after `jumps` jumps; each landing is a separate
    // move, and only stones that landed may jump again.
    Bitboard landed = own;
    for (int jumps = 1;; ++jumps) {
        landed = step(step(landed) & enemy) & empty;
        if (landed == 0) return;
        add(landed, (Forward ? 2 : -2) * jumps * distance);
        if (singleJump) return;
    }
}

}  // namespace

StoneRemoval KonaneGame::mostStonesRemoved(int stones) const {
    if (stones >= geometry_.cellCount() - 1) return {.own = 1, .enemy = 0};  // the opening removals
    const int longestLine = std::max(geometry_.rows(), geometry_.columns());
    return {.own = 0, .enemy = variant_.singleJump ? 1 : (longestLine - 1) / 2};
}

Position KonaneGame::startPosition() const {
    return Position{geometry_.blackHome(), geometry_.whiteHome(), Color::Black, false};
}

template <class AddMoves>
void KonaneGame::visitMoves(const Position& position, AddMoves& add) const {
    const Bitboard own = position.own();
    const Bitboard enemy = position.enemy();
    const Bitboard empty = geometry_.allCells() & ~(own | enemy);
    // The phase follows from the number of empty cells alone, so any position can be played.
    if (empty == 0) {
        add(own & openingCells_, 0);
        return;
    }
    if ((empty & (empty - 1)) == 0) {
        add(own & geometry_.neighbours(empty), 0);
        return;
    }
    visitJumps(position, empty, add);
}

template <class AddMoves>
void KonaneGame::visitJumps(const Position& position, Bitboard empty, AddMoves& add) const {
    const Bitboard own = position.own();
    const Bitboard enemy = position.enemy();
    // Same order as kDirections: up, down, left, right. On a one-row board (up to 64 columns)
    // there is nothing up or down, and skipping it avoids a shift by 64.
    const bool singleJump = variant_.singleJump;
    const auto mask = [this](Direction direction) { return geometry_.cellsWithNeighbour(direction); };
    if (geometry_.rows() > 1) {
        addJumps<true>(own, enemy, empty, mask(Direction::Up), geometry_.columns(), singleJump, add);
        addJumps<false>(own, enemy, empty, mask(Direction::Down), geometry_.columns(), singleJump, add);
    }
    addJumps<false>(own, enemy, empty, mask(Direction::Left), 1, singleJump, add);
    addJumps<true>(own, enemy, empty, mask(Direction::Right), 1, singleJump, add);
}

namespace {

// Collects each set of moves into a move list. An offset of 0 marks removals (a jump always moves).
struct MoveListAdder {
    MoveList& moves;
    void operator()(Bitboard cells, int back) const {
        while (cells != 0) {
            const int cell = popLowestCell(cells);
            moves.push(back == 0 ? Move::removal(cell) : Move::step(cell - back, cell));
        }
    }
};

}  // namespace

void KonaneGame::generateMoves(const Position& position, MoveList& moves) const {
    MoveListAdder add{moves};
    visitMoves(position, add);
}

void KonaneGame::generateJumps(const Position& position, MoveList& moves) const {
    MoveListAdder add{moves};
    visitJumps(position, geometry_.allCells() & ~position.occupied(), add);
}

int KonaneGame::moveCount(const Position& position) const {
    int count = 0;
    auto add = [&count](Bitboard cells, int) { count += popCount(cells); };
    visitMoves(position, add);
    return count;
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
