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
        .proofEstimate = ProofEstimate::MoveCount,
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
    // Hands every set of moves to `add(cells, back)`: removals of `cells` (back 0), or jumps
    // landing on `cells` from `back` cells before them, in move-list order.
    template <class AddMoves>
    void visitMoves(const Position& position, AddMoves& add) const;
    template <class AddMoves>
    void visitJumps(const Position& position, Bitboard empty, AddMoves& add) const;

    BoardGeometry geometry_;
    Variant variant_;
    Bitboard openingCells_;  // where the very first removal may be made
    // Cells with a neighbour in each direction (index as Direction), for the jump loops.
};

}  // namespace papamu
