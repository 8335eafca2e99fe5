#pragma once
// Kōnane: opening removals, then straight-line multi-jumps; a player with no move loses.
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

class KonaneGame {
public:
    static constexpr PuzzleTheme kPuzzleThemes[] = {
        {LineFeature::MultiJump, "multi-jump"}, {LineFeature::StopShort, "stop-short"}, {LineFeature::Removal, "opening"}};
    static constexpr GameTraits kTraits{
        .kind = GameKind::Konane,
        .name = "konane",
        .letter = 'k',
        .options = Variant{.singleJump = true, .openAny = true, .noPie = false},
        .openingPlies = 2,  // Black's removal and White's answer decide the opening
        // One exact search beyond it takes seconds (5x6 with 24 stones: ~5-10 s).
        .searchStoneLimit = 20,
        .stoneCells = StoneCells::HomeColour,
        .coloursAlike = true,
        .pieRule = false,
        .proofEstimate = ProofEstimate::Mobility,
        .puzzleThemes = kPuzzleThemes,
    };
    static constexpr GameKind kKind = kTraits.kind;

    // Throws std::invalid_argument for a variant option that Kōnane does not have.
    KonaneGame(BoardGeometry geometry, Variant variant = {});

    const BoardGeometry& geometry() const { return geometry_; }
    const Variant& variant() const { return variant_; }
    Position startPosition() const;
    std::optional<Value> finishedValue(const Position&) const { return std::nullopt; }
    void generateMoves(const Position& position, MoveList& moves) const;
    // The number of legal moves, counted on bitboards without listing them (search estimates).
    int moveCount(const Position& position) const;
    // The jumps of the side to move whatever the number of empty cells: the moves of a region of
    // a sum (decomposition/), whose own small board may be full but for one cell.
    void generateJumps(const Position& position, MoveList& moves) const;
    Position applyMove(const Position& position, Move move) const;
    // The opening removals (at most one cell empty) take one own stone; a jump takes one enemy
    // stone per hop, at most (longest line - 1) / 2 hops (one with single-jump).
    StoneRemoval mostStonesRemoved(int stones) const;
    // Hands the position after each legal move to `visit(child)`, in generateMoves' order, made
    // straight from the moves' bitboards without a move list (the table builder's child loop).
    template <class Visit>
    void visitChildren(const Position& position, Visit&& visit) const;
    std::optional<std::string> positionProblem(const Position& position) const;
    // Kōnane's rules never look at colours or cell parity, so every symmetry and the colour swap apply.
    SymmetryPermission symmetryPermission(const Position&) const { return {}; }
    // Written cells that match a legal `move`: from, each landing cell, to.
    bool pathMatches(Move move, const std::vector<int>& cells) const;
    // Why a written move is not legal in `position`, in words, naming the cells concerned.
    std::string explainIllegalMove(const Position& position, const MoveText& written) const;

    // Cells a jump from `from` to `to` passes over (the stones it removes).
    Bitboard jumpedCells(int from, int to) const;

private:
    // Hands every set of moves to `add(cells, back, over)`: removals of `cells` (back 0, over 0),
    // or jumps landing on `cells` from `back` cells before them, in move-list order; `over` holds
    // the jumped cells of such a jump counted from its lower end (shift it by the lower cell).
    template <class AddMoves>
    void visitMoves(const Position& position, AddMoves& add) const;
    template <class AddMoves>
    void visitJumps(const Position& position, Bitboard empty, AddMoves& add) const;

    BoardGeometry geometry_;
    Variant variant_;
    Bitboard openingCells_;  // where the very first removal may be made
    // Cells with a neighbour in each direction (index as Direction), for the jump loops.
};

namespace konane_detail {

// The jumps in one direction, with the direction of the shift fixed at compile time (Forward:
// towards higher cell numbers, i.e. up or right). `distance` is one step, 1 or the row length;
// `hasNeighbour` keeps stones from stepping off the board or wrapping into the next row.
// `add(landings, back, over)` receives each set of landing cells, the index offset back to the
// start, and the jumped cells counted from the lower end of the jump.
template <bool Forward, class AddMoves>
void addJumps(Bitboard own, Bitboard enemy, Bitboard empty, Bitboard hasNeighbour, int distance, bool singleJump,
              AddMoves& add) {
    const auto step = [hasNeighbour, distance](Bitboard bits) {
        return Forward ? (bits & hasNeighbour) << distance : (bits & hasNeighbour) >> distance;
    };
    // `landed` holds where jumping stones stand after `jumps` jumps; each landing is a separate
    // move, and only stones that landed may jump again. A jump of n jumps passes over the cells
    // at 1, 3, ..., 2n - 1 steps from its lower end.
    Bitboard landed = own;
    Bitboard over = 0;
    for (int jumps = 1;; ++jumps) {
        landed = step(step(landed) & enemy) & empty;
        if (landed == 0) return;
        over |= cellBit((2 * jumps - 1) * distance);
        add(landed, (Forward ? 2 : -2) * jumps * distance, over);
        if (singleJump) return;
    }
}

}  // namespace konane_detail

template <class AddMoves>
void KonaneGame::visitMoves(const Position& position, AddMoves& add) const {
    const Bitboard own = position.own();
    const Bitboard enemy = position.enemy();
    const Bitboard empty = geometry_.allCells() & ~(own | enemy);
    // The phase follows from the number of empty cells alone, so any position can be played.
    if (empty == 0) {
        add(own & openingCells_, 0, Bitboard{0});
        return;
    }
    if ((empty & (empty - 1)) == 0) {
        add(own & geometry_.neighbours(empty), 0, Bitboard{0});
        return;
    }
    visitJumps(position, empty, add);
}

template <class AddMoves>
void KonaneGame::visitJumps(const Position& position, Bitboard empty, AddMoves& add) const {
    using konane_detail::addJumps;
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

template <class Visit>
void KonaneGame::visitChildren(const Position& position, Visit&& visit) const {
    auto add = [&position, &visit](Bitboard cells, int back, Bitboard over) {
        while (cells != 0) {
            const int to = popLowestCell(cells);
            const int from = to - back;
            const int lower = back > 0 ? from : to;
            visit(positionAfterMove(position, cellBit(from) | cellBit(to), over << lower));
        }
    };
    visitMoves(position, add);
}

}  // namespace papamu
