#pragma once
// What the retrograde builder needs from an index and from a place to keep solved layers. The
// builder knows neither files nor ranking schemes: tablebase/ supplies both through these concepts.
#include <algorithm>
#include <concepts>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "rules/position.hpp"
#include "rules/stone_removal.hpp"
#include "solver/retrograde_entry.hpp"

namespace papamu {

// Counts of one solved layer, kept with the layer so a resumed build can still report them.
struct RetrogradeLayerStats {
    std::uint64_t wins = 0;
    std::uint64_t losses = 0;
    int longestWin = 0;   // largest remoteness among wins
    int longestLoss = 0;  // largest remoteness among losses
};

// The counts of a layer's entries: the builder reports them, table verification recomputes them.
inline RetrogradeLayerStats countLayerOutcomes(const std::vector<RetrogradeEntry>& entries) {
    RetrogradeLayerStats stats;
    for (const RetrogradeEntry entry : entries) {
        const Outcome outcome = decodeOutcome(entry);
        if (outcome.value == Value::Win) {
            ++stats.wins;
            stats.longestWin = std::max(stats.longestWin, outcome.remoteness);
        } else {
            ++stats.losses;
            stats.longestLoss = std::max(stats.longestLoss, outcome.remoteness);
        }
    }
    return stats;
}

// Where a position's entry is: layer -1 when the index has none.
struct IndexLocation {
    int layer = -1;
    std::uint64_t entry = 0;
};

// A position of a layer together with its entry.
struct IndexedPosition {
    Position position;
    std::uint64_t entry = 0;
};

// A dense, perfect index of positions without a pie-swap offer, split into layers. Layers are
// numbered 0..layerCount()-1 in an order where every move leads to an earlier layer, and
// layerStones(l) never decreases with l. Entries of a layer are numbered 0..layerSize(l)-1 and
// include the side to move. An entry may stand for several positions with the same outcome
// (a colour-folded layer stores one side to move; the other is looked up as its colour image):
// positionAt gives one of them, and layerOf/entryOf/locate accept every one of them.
template <class I>
concept RetrogradeIndex = requires(const I& index, const Position& position, int layer, std::uint64_t entry) {
    { index.layerCount() } -> std::convertible_to<int>;
    { index.layerSize(layer) } -> std::convertible_to<std::uint64_t>;
    { index.layerStones(layer) } -> std::convertible_to<int>;
    // The layers a layer's children lie in, when one move removes at most `removal` stones (the
    // game's mostStonesRemoved): the builder keeps these resident while it solves the layer.
    { index.childLayers(layer, StoneRemoval{}) } -> std::same_as<std::vector<int>>;
    // The layer holding a position (with swapAvailable false), or -1 when the index has none.
    { index.layerOf(position) } -> std::convertible_to<int>;
    // The entry of a position inside its layer; only for positions with layerOf(position) >= 0.
    { index.entryOf(position) } -> std::convertible_to<std::uint64_t>;
    { index.positionAt(layer, entry) } -> std::same_as<Position>;
    { index.locate(position) } -> std::same_as<IndexLocation>;
    // The order in which the builder solves a layer: steps 0..layerSize(l)-1 give every entry
    // once, with its position. The index chooses it so that the children of consecutive steps
    // are looked up close together in memory (entry order is not always that order).
    { index.solvingOrder(layer, entry) } -> std::same_as<IndexedPosition>;
    // The same steps begin..end-1 handed to a callback, so the index can step incrementally.
    index.visitSolvingOrder(layer, entry, entry, [](const IndexedPosition&) {});
    // The builder's lookup of children: a ChildFrame (a default one, then refreshFrame(frame,
    // parent) for each parent in turn), then locateChild(frame, child) gives what locate(child)
    // gives, for every position one move after the parent, but faster (the index may use what
    // the move left unchanged, and what consecutive parents share).
    requires std::default_initializable<typename I::ChildFrame>;
    { index.locateChild(index.parentFrame(position), position) } -> std::same_as<IndexLocation>;
    index.refreshFrame(std::declval<typename I::ChildFrame&>(), position);
};

// Where solved layers live between and after builds (files, in tablebase/).
template <class S>
concept RetrogradeStore = requires(S& store, int layer, std::span<const std::uint8_t> entries,
                                   const RetrogradeLayerStats& stats) {
    // True when the layer is already solved and intact (a resumed build skips it).
    { store.layerComplete(layer) } -> std::same_as<bool>;
    { store.loadLayer(layer) } -> std::same_as<std::vector<std::uint8_t>>;
    { store.layerStats(layer) } -> std::same_as<RetrogradeLayerStats>;
    { store.saveLayer(layer, entries, stats) } -> std::same_as<void>;
};

}  // namespace papamu
