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
        // Measured against MoveCount: 3-5 times fewer nodes on 4x4, 3x6 and 4x5 (solver/README.md).
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
    Position applyMove(const Position& position, Move move) const;
    // A capture takes one enemy stone, a removal one own stone (the swap takes none).
    StoneRemoval mostStonesRemoved(int) const { return {.own = 1, .enemy = 1}; }
    std::optional<std::string> positionProblem(const Position& position) const;
    // The pie rule ties the swap to the start position: with it on, a full board keeps its exact
    // form, and a position offering the swap keeps its colours.
    SymmetryPermission symmetryPermission(const Position& position) const;
    // A capture is one step: written paths of three or more cells never match.
    bool pathMatches(Move, const std::vector<int>&) const { return false; }
    // Why a written move is not legal in `position`, in words, naming the cells concerned.
    std::string explainIllegalMove(const Position& position, const MoveText& written) const;

private:
    BoardGeometry geometry_;
    Variant variant_;
    // Cells with a neighbour in each direction (index as Direction), for the capture shifts.
};

}  // namespace papamu
