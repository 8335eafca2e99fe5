#include "tablebase/table_index.hpp"

#include <algorithm>
#include <stdexcept>

#include "rules/game_list.hpp"
#include "rules/stone_cells.hpp"
#include "tablebase/subset_rank.hpp"

namespace papamu {

namespace {

constexpr int kCountSlots = BoardGeometry::kMaxCells + 1;

// Where a colour's stones can stand: its home cells, or the whole board.
Bitboard stoneBase(StoneCells cells, const BoardGeometry& geometry, Color color) {
    if (cells == StoneCells::AnyCell) return geometry.allCells();
    return color == Color::Black ? geometry.blackHome() : geometry.whiteHome();
}

// The board symmetry T of the colour fold (table_index.hpp): the first that maps the cells
// Black's stones can stand on onto White's. The identity for Ūnane, whose stones stand anywhere;
// for Kōnane a mirror that sends the black home cells onto the white ones, where there is one.
std::optional<BoardTransform> foldTransformFor(const GameTraits& game, const BoardGeometry& geometry) {
    if (!game.coloursAlike) return std::nullopt;
    const Bitboard black = stoneBase(game.stoneCells, geometry, Color::Black);
    const Bitboard white = stoneBase(game.stoneCells, geometry, Color::White);
    const BoardSymmetries symmetries(geometry);
    for (const BoardTransform& transform : symmetries.transforms()) {
        if (transform.map(black) == white) return transform;
    }
    return std::nullopt;
}

}  // namespace

IndexScheme indexSchemeOf(GameKind game) {
    switch (gameTraits(game).stoneCells) {
        case StoneCells::HomeColour: return IndexScheme::KonaneHomeSubsets;
        case StoneCells::AnyCell: return IndexScheme::UnaneThreeState;
    }
    throw std::logic_error("indexSchemeOf: a game without a table index scheme");
}

const char* indexSchemeName(IndexScheme scheme) {
    return scheme == IndexScheme::KonaneHomeSubsets ? "konane-home-subsets" : "unane-three-state";
}

TableIndex::TableIndex(GameKind game, const BoardGeometry& geometry, int maxStones)
    : game_(game),
      scheme_(indexSchemeOf(game)),
      geometry_(geometry),
      maxStones_(0),
      blackBase_(stoneBase(gameTraits(game).stoneCells, geometry, Color::Black)),
      whiteBase_(stoneBase(gameTraits(game).stoneCells, geometry, Color::White)),
      layerNumbers_(static_cast<std::size_t>(kCountSlots * kCountSlots), -1),
      foldTransform_(foldTransformFor(gameTraits(game), geometry)) {
    maxStones_ = maxStones < 0 ? fullStones() : std::min(maxStones, fullStones());
    const int blackCells = popCount(blackBase_);
    const int cells = geometry.cellCount();
    for (int stones = 0; stones <= maxStones_; ++stones) {
        for (int black = 0; black <= std::min(stones, blackCells); ++black) {
            const int white = stones - black;
            if (white > whiteDomainCells(black)) continue;
            const std::uint64_t perSide = kBinomial(blackCells, black) * kBinomial(whiteDomainCells(black), white);
            layerNumbers_[static_cast<std::size_t>(black * kCountSlots + white)] = static_cast<int>(layers_.size());
            // With a pie rule (Ūnane) the full board is left unfolded: Black's first move offers
            // the swap and White's does not, so there the colours are not interchangeable.
            const bool folded = foldTransform_.has_value() && !(gameTraits(game).pieRule && stones == cells);
            layers_.push_back(TableLayer{black, white, perSide, folded ? 1 : 2});
        }
    }
    childLocator_ = ChildLocator(*this);
}

int TableIndex::fullStones() const { return popCount(blackBase_ | whiteBase_); }

int TableIndex::whiteDomainCells(int black) const {
    // Disjoint bases (Kōnane's home colours): black takes none of White's cells. Shared bases
    // (Ūnane's whole board): every black stone takes one.
    const bool shared = (blackBase_ & whiteBase_) != 0;
    return popCount(whiteBase_) - (shared ? black : 0);
}

long double TableIndex::layerSizeEstimate(int layerNumber) const {
    const auto binomial = [](int n, int k) {
        long double result = 1;
        for (int i = 1; i <= k; ++i) result = result * static_cast<long double>(n - k + i) / static_cast<long double>(i);
        return result;
    };
    const TableLayer& shape = layer(layerNumber);
    return shape.sides * binomial(popCount(blackBase_), shape.black) * binomial(whiteDomainCells(shape.black), shape.white);
}

int TableIndex::layerNumber(int black, int white) const {
    if (black < 0 || white < 0 || black >= kCountSlots || white >= kCountSlots) return -1;
    return layerNumbers_[static_cast<std::size_t>(black * kCountSlots + white)];
}

std::vector<int> TableIndex::childLayers(int layerNumber, StoneRemoval removal) const {
    const TableLayer& shape = layer(layerNumber);
    std::vector<int> found;
    // A child with these counts and side to move lies where layerOf puts it.
    const auto add = [&](int black, int white, Color toMove) {
        const int plain = this->layerNumber(black, white);
        if (plain < 0) return;
        const bool image = toMove == Color::White && layers_[static_cast<std::size_t>(plain)].sides == 1;
        found.push_back(image ? this->layerNumber(white, black) : plain);
    };
    for (const Color mover : {Color::Black, Color::White}) {
        if (mover == Color::White && shape.sides == 1) continue;  // folded: Black to move only
        const bool black = mover == Color::Black;
        for (int taken = 1; taken <= removal.own; ++taken) {
            add(shape.black - (black ? taken : 0), shape.white - (black ? 0 : taken), opposite(mover));
        }
        for (int taken = 1; taken <= removal.enemy; ++taken) {
            add(shape.black - (black ? 0 : taken), shape.white - (black ? taken : 0), opposite(mover));
        }
    }
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
    return found;
}

std::uint64_t TableIndex::totalEntries() const {
    std::uint64_t total = 0;
    for (int layer = 0; layer < layerCount(); ++layer) total += layerSize(layer);
    return total;
}

std::uint64_t TableIndex::totalPositions() const {
    std::uint64_t total = 0;
    for (const TableLayer& shape : layers_) total += shape.positions();
    return total;
}

Position TableIndex::colourImage(const Position& position) const {
    if (!foldTransform_) throw std::logic_error("colourImage: the " + geometry_.sizeName() + " table is not colour-folded");
    const bool identity = foldTransform_->index() == 0;
    return Position{identity ? position.white : foldTransform_->map(position.white),
                    identity ? position.black : foldTransform_->map(position.black), opposite(position.sideToMove),
                    position.swapAvailable};
}

bool TableIndex::indexable(const Position& position) const {
    return !position.swapAvailable && (position.black & ~blackBase_) == 0 && (position.white & ~whiteBase_) == 0 &&
           (position.black & position.white) == 0;
}

std::uint64_t TableIndex::entryInLayer(const Position& position, const TableLayer& shape) const {
    const Bitboard domain = whiteDomain(position.black);
    const std::uint64_t blackRank = rankSubset(packBits(position.black, blackBase_));
    const std::uint64_t whiteRank = rankSubset(packBits(position.white, domain));
    const std::uint64_t side = position.sideToMove == Color::Black ? 0 : 1;
    return side * shape.perSide + blackRank * kBinomial(popCount(domain), shape.white) + whiteRank;
}

int TableIndex::layerOf(const Position& position) const {
    if (!indexable(position)) return -1;
    const int black = popCount(position.black);
    const int white = popCount(position.white);
    const int plain = layerNumber(black, white);
    if (plain < 0 || position.sideToMove == Color::Black || layers_[static_cast<std::size_t>(plain)].sides == 2) return plain;
    // White to move in a folded layer: its colour image's layer, (white, black).
    return layerNumber(white, black);
}

IndexLocation TableIndex::locate(const Position& position) const {
    const int found = layerOf(position);
    if (found < 0) return {};
    const TableLayer& shape = layers_[static_cast<std::size_t>(found)];
    const bool image = shape.sides == 1 && position.sideToMove == Color::White;
    return {found, entryInLayer(image ? colourImage(position) : position, shape)};
}

IndexedPosition TableIndex::solvingOrder(int layerNumber, std::uint64_t step) const {
    const TableLayer& shape = layer(layerNumber);
    if (shape.sides == 2) return {positionAt(layerNumber, step), step};
    if (fixedWhiteDomain()) return transposedStep(layerNumber, step);
    // Step s is entry s of the mirror layer (w, b) read backwards through the colour image:
    // Q = positionAt((w, b), s) has Black to move, P = (T(Q.white), T(Q.black)) Black to move
    // is a position of this layer, and s -> P is a bijection (T is one).
    Position position = colourImage(positionAt(this->layerNumber(shape.white, shape.black), step));
    position.sideToMove = Color::Black;
    return {position, entryInLayer(position, shape)};
}

IndexedPosition TableIndex::transposedStep(int layerNumber, std::uint64_t step) const {
    // Step s is white rank s / C(black cells, b) and black rank s % C(black cells, b).
    const TableLayer& shape = layer(layerNumber);
    const std::uint64_t blackSets = kBinomial(popCount(blackBase_), shape.black);
    const std::uint64_t whiteSets = kBinomial(whiteCells(shape), shape.white);
    const std::uint64_t entry = (step % blackSets) * whiteSets + step / blackSets;
    return {positionAt(layerNumber, entry), entry};
}

std::uint64_t TableIndex::entryOf(const Position& position) const {
    const IndexLocation location = locate(position);
    if (location.layer < 0) throw std::invalid_argument("entryOf: the position is not in the table");
    return location.entry;
}

Position TableIndex::positionAt(int layerNumber, std::uint64_t entry) const {
    const TableLayer& shape = layer(layerNumber);
    Position position;
    position.sideToMove = entry >= shape.perSide ? Color::White : Color::Black;
    if (entry >= shape.perSide) entry -= shape.perSide;
    const int blackCells = popCount(blackBase_);
    const std::uint64_t whiteSets = kBinomial(whiteCells(shape), shape.white);
    position.black = unpackBits(unrankSubset(entry / whiteSets, shape.black, blackCells), blackBase_);
    position.white = unpackBits(unrankSubset(entry % whiteSets, shape.white, whiteCells(shape)), whiteDomain(position.black));
    return position;
}

std::optional<std::string> TableIndex::coverageProblem(const Position& position) const {
    if ((position.occupied() & ~geometry_.allCells()) != 0) return "stones outside the " + geometry_.sizeName() + " board";
    if ((position.black & position.white) != 0) return "a cell holds two stones";
    if (position.swapAvailable) return "positions offering the pie swap are not stored (probe answers them by a one-ply lookahead)";
    if (const std::optional<std::string> problem = stoneCellProblem(game_, geometry_, position)) return *problem;
    if (position.stoneCount() > maxStones_) {
        return "the position has " + std::to_string(position.stoneCount()) + " stones, the table was built up to " +
               std::to_string(maxStones_);
    }
    return std::nullopt;
}

}  // namespace papamu
