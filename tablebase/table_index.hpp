#pragma once
// The dense index of a table: positions without a pie-swap offer, in layers by stone counts.
//
// Layer (b, w) holds every position with b black and w white stones, both sides to move:
//   entry = side * perSide + rank(black set) * C(|white domain|, w) + rank(white set)
// with side 0 = Black to move, and ranks in the combinatorial number system (subset_rank.hpp).
// - Kōnane ("konane-home-subsets"): stones never leave the colour of their cell, so black is a
//   subset of the black home cells and white of the white home cells; positions with off-colour
//   stones are not indexed. perSide = C(|blackHome|, b) * C(|whiteHome|, w).
// - Ūnane ("unane-three-state"): black is any b cells, white any w of the remaining cells.
//   perSide = C(n, b) * C(n - b, w).
// Layers are ordered by total stones, then by black stones, so every move leads to an earlier
// layer. Satisfies the RetrogradeIndex concept of solver/.
//
// Colour folding: where the rules are the same for both colours up to a board symmetry T that
// exchanges the colours of the cells (Ūnane: the identity; Kōnane: a mirror across an even
// dimension), White to move on (B, W) has the outcome of Black to move on (T(W), T(B)). A
// folded layer stores Black to move only (perSide entries) and a White-to-move position is
// looked up as that image, in layer (w, b): the two positions share one entry. Not folded:
// Kōnane boards with both dimensions odd (no such T), and Ūnane full-board layers (the pie rule
// makes the start position and its colour swap differ).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/board_geometry.hpp"
#include "rules/game_kind.hpp"
#include "rules/position.hpp"
#include "rules/stone_removal.hpp"
#include "rules/symmetry.hpp"
#include "solver/retrograde_concepts.hpp"
#include "tablebase/child_locator.hpp"
#include "tablebase/subset_rank.hpp"

namespace papamu {

enum class IndexScheme : std::uint8_t { KonaneHomeSubsets = 1, UnaneThreeState = 2 };
// The scheme of a game's tables, from where its stones can stand (GameTraits::stoneCells).
IndexScheme indexSchemeOf(GameKind game);
const char* indexSchemeName(IndexScheme scheme);

struct TableLayer {
    int black = 0;
    int white = 0;
    std::uint64_t perSide = 0;  // positions per side to move; the layer has 2 * perSide entries
    int sides = 2;              // 1 when the layer is colour-folded (Black to move only)
    int stones() const { return black + white; }
    std::uint64_t entries() const { return static_cast<std::uint64_t>(sides) * perSide; }
    std::uint64_t positions() const { return 2 * perSide; }  // both sides to move, folded or not
};

class TableIndex {
public:
    // All layers with at most maxStones stones (every layer when maxStones is negative).
    TableIndex(GameKind game, const BoardGeometry& geometry, int maxStones = -1);

    GameKind game() const { return game_; }
    IndexScheme scheme() const { return scheme_; }
    const BoardGeometry& geometry() const { return geometry_; }
    int maxStones() const { return maxStones_; }
    // The largest stone count any layer of this board can have (maxStones is at most this).
    int fullStones() const;

    int layerCount() const { return static_cast<int>(layers_.size()); }
    const TableLayer& layer(int layer) const { return layers_[static_cast<std::size_t>(layer)]; }
    // Entries stored for the layer (perSide when folded, 2 * perSide otherwise).
    std::uint64_t layerSize(int layer) const { return layers_[static_cast<std::size_t>(layer)].entries(); }
    bool layerFolded(int layer) const { return layers_[static_cast<std::size_t>(layer)].sides == 1; }
    int layerStones(int layer) const { return layers_[static_cast<std::size_t>(layer)].stones(); }
    // The layer number of (black, white) stone counts, or -1 when it is not in the table.
    int layerNumber(int black, int white) const;
    // The entries of a layer counted in floating point: right where layerSize() wraps, on boards
    // far too big to build (Ūnane 7x7 and up), so estimates never mistake such a board for small.
    long double layerSizeEstimate(int layer) const;
    std::uint64_t totalEntries() const;
    std::uint64_t totalPositions() const;  // both sides to move
    // The layers holding the children of a layer's positions (sorted, each once), when one move
    // removes at most `removal` stones (the game's mostStonesRemoved for the layer's stone
    // count): for each side to move stored, every count left by taking 1..own of the mover's
    // stones or 1..enemy of the other's, White-to-move children of folded layers read in their
    // colour image's layer. The builder keeps exactly these resident while it solves the layer.
    std::vector<int> childLayers(int layer, StoneRemoval removal) const;

    // True when some layers are colour-folded (see above).
    bool colourFolded() const { return foldTransform_.has_value(); }
    // The colour image of a position (T applied, colours and side to move exchanged): it has the
    // same outcome, and in a folded layer the same entry. Only when colourFolded().
    Position colourImage(const Position& position) const;

    // -1 when the position is not indexed (off-colour Kōnane stones, too many stones, a swap offer).
    int layerOf(const Position& position) const;
    std::uint64_t entryOf(const Position& position) const;
    // Both at once (the builder's lookup of a child); layer -1 when not indexed.
    IndexLocation locate(const Position& position) const;
    // The builder's order (RetrogradeIndex): entry order for unfolded layers. A folded layer
    // (b, w) is walked with the white set fixed while the black set varies: the children of a
    // Black-to-move position are read through their colour images, whose major rank comes from
    // the parent's white set, so those reads stay in a few small regions instead of scattered
    // over the layer (3x slower on Kōnane 1x30 in entry order). Where the white domain is fixed
    // (Kōnane) the white sets go in their own rank order ("transposed" entry order), so the
    // entries written for consecutive white sets are neighbours and share cache lines; where it
    // depends on the black set (Ūnane) the order is that of the colour images' entries in layer
    // (w, b).
    IndexedPosition solvingOrder(int layer, std::uint64_t step) const;
    // visit(IndexedPosition) for steps begin..end-1 of the solving order, as solvingOrder gives
    // them, but stepping the white set to the next subset of its rank order instead of
    // unranking every step (the builder's loop; unranking was 17% of a build's time).
    template <class Visit>
    void visitSolvingOrder(int layer, std::uint64_t begin, std::uint64_t end, Visit&& visit) const;
    Position positionAt(int layer, std::uint64_t entry) const;
    // The builder's lookup of children (RetrogradeIndex, child_locator.hpp): the parent packed
    // once, then locateChild(frame, child) == locate(child) for every position one move after it.
    using ChildFrame = ParentFrame;
    ParentFrame parentFrame(const Position& parent) const { return childLocator_.frame(parent); }
    void refreshFrame(ParentFrame& frame, const Position& parent) const { childLocator_.refresh(frame, parent); }
    IndexLocation locateChild(const ParentFrame& frame, const Position& child) const {
        return childLocator_.locate(frame, child);
    }
    // Where each colour's stones can stand, the fold's board symmetry T, and the white sets per
    // black set of a layer (what ChildLocator is made of).
    Bitboard blackBase() const { return blackBase_; }
    Bitboard whiteBase() const { return whiteBase_; }
    const std::optional<BoardTransform>& foldTransform() const { return foldTransform_; }
    std::uint64_t whiteSets(int layer) const { return kBinomial(whiteCells(this->layer(layer)), this->layer(layer).white); }
    // Why the position has no entry (for error messages), or nullopt when it has one.
    std::optional<std::string> coverageProblem(const Position& position) const;

private:
    // visit(Position) for entries begin..end-1 of a layer, in entry order.
    template <class Visit>
    void visitEntries(int layer, std::uint64_t begin, std::uint64_t end, Visit&& visit) const;
    // visit(IndexedPosition) for steps begin..end-1 of the transposed order (white set major).
    template <class Visit>
    void visitTransposed(int layer, std::uint64_t begin, std::uint64_t end, Visit&& visit) const;
    bool fixedWhiteDomain() const { return scheme_ == IndexScheme::KonaneHomeSubsets; }
    IndexedPosition transposedStep(int layer, std::uint64_t step) const;
    int whiteCells(const TableLayer& shape) const {
        return popCount(whiteBase_) - (scheme_ == IndexScheme::UnaneThreeState ? shape.black : 0);
    }
    Bitboard whiteDomain(Bitboard black) const { return whiteBase_ & ~black; }
    // The size of whiteDomain for any black set of `black` stones.
    int whiteDomainCells(int black) const;
    bool indexable(const Position& position) const;
    // Entry of a Black-to-move or unfolded position in its layer.
    std::uint64_t entryInLayer(const Position& position, const TableLayer& shape) const;

    GameKind game_;
    IndexScheme scheme_;
    BoardGeometry geometry_;
    int maxStones_;
    Bitboard blackBase_;
    Bitboard whiteBase_;
    std::vector<TableLayer> layers_;
    std::vector<int> layerNumbers_;  // (black * 65 + white) -> layer, -1 when absent
    std::optional<BoardTransform> foldTransform_;  // T, when the board folds; identity for Ūnane
    ChildLocator childLocator_;
};

// Steps begin..end-1 of a walk whose inner set (`size` elements of `cells`) steps to the next
// subset, until it leaves its universe: then fresh(step) starts over (unranking in full) and
// returns the packed inner set; next(packed) takes each inner set reached by stepping.
template <class Fresh, class Next>
void walkInnerSubsets(std::uint64_t begin, std::uint64_t end, int size, int cells, Fresh&& fresh, Next&& next) {
    const bool stepping = size > 0 && cells <= 62;
    const std::uint64_t limit = std::uint64_t{1} << (cells <= 62 ? cells : 0);
    std::uint64_t packed = 0;
    for (std::uint64_t step = begin; step < end; ++step) {
        if (step != begin && stepping) {
            packed = nextSubset(packed);
            if (packed < limit) {
                next(packed);
                continue;
            }
        }
        packed = fresh(step);
    }
}

template <class Visit>
void TableIndex::visitEntries(int layerNumber, std::uint64_t begin, std::uint64_t end, Visit&& visit) const {
    // Entries with the same black set and side have consecutive white ranks.
    const TableLayer& shape = layer(layerNumber);
    Position position;
    walkInnerSubsets(
        begin, end, shape.white, whiteCells(shape),
        [&](std::uint64_t entry) {
            position = positionAt(layerNumber, entry);
            visit(position);
            return packBits(position.white, whiteDomain(position.black));
        },
        [&](std::uint64_t whitePacked) {
            position.white = unpackBits(whitePacked, whiteDomain(position.black));
            visit(position);
        });
}

template <class Visit>
void TableIndex::visitTransposed(int layerNumber, std::uint64_t begin, std::uint64_t end, Visit&& visit) const {
    // Within one white set, consecutive steps have consecutive black ranks.
    const TableLayer& shape = layer(layerNumber);
    const std::uint64_t whiteSets = kBinomial(whiteCells(shape), shape.white);
    IndexedPosition parent;
    walkInnerSubsets(
        begin, end, shape.black, popCount(blackBase_),
        [&](std::uint64_t step) {
            parent = transposedStep(layerNumber, step);
            visit(parent);
            return packBits(parent.position.black, blackBase_);
        },
        [&](std::uint64_t blackPacked) {
            parent.position.black = unpackBits(blackPacked, blackBase_);
            parent.entry += whiteSets;
            visit(parent);
        });
}

template <class Visit>
void TableIndex::visitSolvingOrder(int layerNumber, std::uint64_t begin, std::uint64_t end, Visit&& visit) const {
    const TableLayer& shape = layer(layerNumber);
    if (shape.sides == 2) {
        std::uint64_t entry = begin;
        visitEntries(layerNumber, begin, end, [&](const Position& position) { visit(IndexedPosition{position, entry++}); });
        return;
    }
    if (fixedWhiteDomain()) {
        visitTransposed(layerNumber, begin, end, visit);
        return;
    }
    // As solvingOrder: entries of the mirror layer (w, b) read through the colour image.
    visitEntries(this->layerNumber(shape.white, shape.black), begin, end, [&](const Position& mirrored) {
        Position position = colourImage(mirrored);
        position.sideToMove = Color::Black;
        visit(IndexedPosition{position, entryInLayer(position, shape)});
    });
}

}  // namespace papamu
