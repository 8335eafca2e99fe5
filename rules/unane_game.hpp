#pragma once
// Ūnane (Mark Steere): capture an adjacent enemy stone or remove an isolated own stone; a
// colour reduced to one connected group wins, the mover first; optional pie swap.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "rules/board_geometry.hpp"
#include "rules/game_kind.hpp"
#include "rules/game_traits.hpp"
#include "rules/move.hpp"
#include "rules/move_text.hpp"
#include "rules/position.hpp"
#include "rules/stone_removal.hpp"
#include "rules/symmetry.hpp"

namespace papamu {

class UnaneGame {
public:
    static constexpr PuzzleTheme kPuzzleThemes[] = {{LineFeature::Swap, "swap"}, {LineFeature::Removal, "isolation"}};
    static constexpr GameTraits kTraits{
        .kind = GameKind::Unane,
        .name = "unane",
        .letter = 'u',
        .options = Variant{.singleJump = false, .openAny = false, .noPie = true},
        .openingPlies = 1,
        // One exact search beyond it takes seconds (4x5 with 16 stones: ~3 s).
        .searchStoneLimit = 14,
        .stoneCells = StoneCells::AnyCell,
        .coloursAlike = true,
        .pieRule = true,
        // Measured against (1, moves): 3-5 times fewer nodes on 4x4, 3x6 and 4x5 (solver/README.md).
        .proofEstimate = ProofEstimate::GroupCount,
        .puzzleThemes = kPuzzleThemes,
    };
    static constexpr GameKind kKind = kTraits.kind;

    // Throws std::invalid_argument for an odd number of cells, fewer than 4 cells, or a
    // variant option that Ūnane does not have.
    UnaneGame(BoardGeometry geometry, Variant variant = {});

    const BoardGeometry& geometry() const { return geometry_; }
    const Variant& variant() const { return variant_; }
    bool pieRule() const { return !variant_.noPie; }
    Position startPosition() const;
    std::optional<Value> finishedValue(const Position& position) const;
    void generateMoves(const Position& position, MoveList& moves) const;
    // The number of legal moves, counted on bitboards without listing them (search estimates).
    int moveCount(const Position& position) const;
    Position applyMove(const Position& position, Move move) const;
    // Whether one move (a capture or removal) leaves the side to move with one group, which wins
    // at once; for a position that is not finished. The swap never does: the board stays.
    bool winsInOneMove(const Position& position) const;
    // A capture takes one enemy stone, a removal one own stone (the swap takes none).
    StoneRemoval mostStonesRemoved(int) const { return {.own = 1, .enemy = 1}; }
    // Hands the position after each legal move to `visit(child)`, in generateMoves' order, made
    // straight from the moves' bitboards without a move list (the table builder's child loop).
    template <class Visit>
    void visitChildren(const Position& position, Visit&& visit) const;
    std::optional<std::string> positionProblem(const Position& position) const;
    // The pie rule ties the swap to the start position: with it on, a full board keeps its exact
    // form, and a position offering the swap keeps its colours.
    SymmetryPermission symmetryPermission(const Position& position) const;
    // A capture is one step: written paths of three or more cells never match.
    bool pathMatches(Move, const std::vector<int>&) const { return false; }
    // Why a written move is not legal in `position`, in words, naming the cells concerned.
    std::string explainIllegalMove(const Position& position, const MoveText& written) const;

private:
    // Hands every set of moves but the swap to `add(cells, back)`: captures landing on `cells`
    // from `back` cells before them, then removals of `cells` (back 0), in move-list order.
    // Only for a position that is not finished.
    template <class AddMoves>
    void visitMoves(const Position& position, AddMoves& add) const;
    // Whether the children of `position` are offered the swap: the pie rule offers it after
    // Black's first move, i.e. a move from the start position.
    bool offersSwapAfter(const Position& position) const { return pieRule() && position == startPosition(); }
    // The position after a capture from `from` to `to`, or the removal of `from` (to == from).
    static Position afterStep(const Position& position, int from, int to, bool offersSwap) {
        Position next = positionAfterMove(position, cellBit(from) | cellBit(to), from == to ? 0 : cellBit(to));
        next.swapAvailable = offersSwap;
        return next;
    }

    BoardGeometry geometry_;
    Variant variant_;
    // Cells with a neighbour in each direction (index as Direction), for the capture shifts.
};

namespace unane_detail {

// Captures in one direction, the shift direction fixed at compile time (Forward: up or right),
// handed to `add(targets, back)`; returns the own stones that touch an enemy in this direction
// (they can not be removed). `distance` is one step (1 or the row length).
template <bool Forward, class AddMoves>
Bitboard addCaptures(Bitboard own, Bitboard enemy, Bitboard hasNeighbour, int distance, AddMoves& add) {
    const Bitboard moved = own & hasNeighbour;
    const Bitboard targets = (Forward ? moved << distance : moved >> distance) & enemy;
    if (targets != 0) add(targets, Forward ? distance : -distance);
    return Forward ? targets >> distance : targets << distance;
}

}  // namespace unane_detail

template <class AddMoves>
void UnaneGame::visitMoves(const Position& position, AddMoves& add) const {
    using unane_detail::addCaptures;
    const Bitboard own = position.own();
    const Bitboard enemy = position.enemy();
    // Same order as kDirections: up, down, left, right. On a one-row board (up to 64 columns)
    // there is nothing up or down, and skipping it avoids a shift by 64.
    const auto mask = [this](Direction direction) { return geometry_.cellsWithNeighbour(direction); };
    Bitboard touching = 0;  // own stones next to an enemy stone
    if (geometry_.rows() > 1) {
        touching |= addCaptures<true>(own, enemy, mask(Direction::Up), geometry_.columns(), add);
        touching |= addCaptures<false>(own, enemy, mask(Direction::Down), geometry_.columns(), add);
    }
    touching |= addCaptures<false>(own, enemy, mask(Direction::Left), 1, add);
    touching |= addCaptures<true>(own, enemy, mask(Direction::Right), 1, add);
    if (const Bitboard isolated = own & ~touching; isolated != 0) add(isolated, 0);
}

template <class Visit>
void UnaneGame::visitChildren(const Position& position, Visit&& visit) const {
    if (finishedValue(position)) return;
    const bool offersSwap = offersSwapAfter(position);
    auto add = [&position, &visit, offersSwap](Bitboard cells, int back) {
        while (cells != 0) {
            const int to = popLowestCell(cells);
            visit(afterStep(position, to - back, to, offersSwap));
        }
    };
    visitMoves(position, add);
    if (position.swapAvailable) visit(applyMove(position, Move::swap()));
}

}  // namespace papamu
