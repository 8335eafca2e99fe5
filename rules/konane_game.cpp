#include "rules/konane_game.hpp"

#include <algorithm>
#include <cstdlib>

namespace papamu {

KonaneGame::KonaneGame(BoardGeometry geometry, Variant variant)
    : geometry_(geometry), variant_(variant) {
    validateVariant(kKind, variant);
    openingCells_ = variant.openAny ? geometry_.allCells() : geometry_.corners() | geometry_.centre();
}

StoneRemoval KonaneGame::mostStonesRemoved(int stones) const {
    if (stones >= geometry_.cellCount() - 1) return {.own = 1, .enemy = 0};  // the opening removals
    const int longestLine = std::max(geometry_.rows(), geometry_.columns());
    return {.own = 0, .enemy = variant_.singleJump ? 1 : (longestLine - 1) / 2};
}

Position KonaneGame::startPosition() const {
    return Position{geometry_.blackHome(), geometry_.whiteHome(), Color::Black, false};
}

namespace {

// Collects each set of moves into a move list. An offset of 0 marks removals (a jump always moves).
struct MoveListAdder {
    MoveList& moves;
    void operator()(Bitboard cells, int back, Bitboard /*over*/) const {
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
    auto add = [&count](Bitboard cells, int, Bitboard) { count += popCount(cells); };
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
    if (move.kind == MoveKind::Removal) return positionAfterMove(position, cellBit(move.from), 0);
    return positionAfterMove(position, cellBit(move.from) | cellBit(move.to), jumpedCells(move.from, move.to));
}

std::optional<std::string> KonaneGame::positionProblem(const Position& position) const {
    if (position.swapAvailable) return "the pie swap exists only in unane";
    if ((position.occupied() & ~geometry_.allCells()) != 0) return "stones outside the board";
    if ((position.black & position.white) != 0) return "a cell holds two stones";
    return std::nullopt;
}

}  // namespace papamu
