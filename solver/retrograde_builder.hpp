#pragma once
// Solves every position of an index, layer by layer from the fewest stones up, in parallel.
// Every move except the pie swap removes a stone, so a layer's children lie in earlier layers,
// which are complete and read-only while it is solved: each position of the layer is evaluated
// once from its children (no retrograde queue needed), and threads never write the same entry.
// Game-agnostic: the rules come from the Game concept, the ranking from the index, and where
// layers are kept from the store (both supplied by tablebase/).
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/game_concept.hpp"
#include "solver/retrograde_concepts.hpp"
#include "solver/retrograde_entry.hpp"

namespace papamu {

// Thrown out of build() when the stop request says so; completed layers stay in the store.
struct RetrogradeInterrupted : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct RetrogradeProgress {
    int layer = 0;
    int layerCount = 0;
    std::uint64_t done = 0;   // entries of this layer solved so far
    std::uint64_t total = 0;  // entries of this layer
    double layerSeconds = 0;
    bool reused = false;  // the layer was found complete in the store, not solved now
};

struct RetrogradeLayerReport {
    int layer = 0;
    std::uint64_t entries = 0;
    bool reused = false;  // found complete in the store (a resumed build)
    double seconds = 0;
    RetrogradeLayerStats stats;
};

template <Game G, RetrogradeIndex I, RetrogradeStore S>
class RetrogradeBuilder {
public:
    RetrogradeBuilder(const G& game, const I& index, S& store, int threads)
        : game_(game), index_(index), store_(store), threads_(threads) {
        const auto count = static_cast<std::size_t>(index_.layerCount());
        resident_.resize(count);
        residentData_ = std::make_unique<std::atomic<const RetrogradeEntry*>[]>(count);
        accessed_ = std::make_unique<std::atomic<bool>[]>(count);
        for (std::size_t layer = 0; layer < count; ++layer) {
            residentData_[layer].store(nullptr);
            accessed_[layer].store(false);
        }
    }

    // Called on the building thread between chunks of a layer (and once when a layer is done).
    void setProgressCallback(std::function<void(const RetrogradeProgress&)> callback) { progress_ = std::move(callback); }
    // Asked between chunks; when it answers true the build throws RetrogradeInterrupted.
    void setStopRequest(std::function<bool()> stop) { stop_ = std::move(stop); }
    // Entries evaluated between progress calls and stop checks (tests make it small).
    void setChunkEntries(std::uint64_t entries) { chunkEntries_ = entries < 1 ? 1 : entries; }

    // Pieces of build() for a driver that shares the layers of one stone count between
    // processes (tablebase/layer_solver.hpp). Call them inside a tbb::task_arena; earlier
    // layers are read from the store when first needed, and nothing is saved.
    void startStoneGroup(int stones) { beginStoneGroup(stones); }
    std::vector<RetrogradeEntry> solveWholeLayer(int layer) {
        std::vector<RetrogradeEntry> entries(index_.layerSize(layer));
        solveLayer(layer, entries);
        return entries;
    }
    // Steps [begin, end) of the layer's solving order (index_.solvingOrder): out[step - begin]
    // gets the entry of that step's position.
    void solveSteps(int layer, std::uint64_t begin, std::uint64_t end, std::span<RetrogradeEntry> out) {
        for (std::uint64_t chunk = begin; chunk < end; chunk += chunkEntries_) {
            if (stop_ && stop_()) throw RetrogradeInterrupted("build stopped in layer " + std::to_string(layer));
            tbb::parallel_for(tbb::blocked_range<std::uint64_t>(chunk, std::min(end, chunk + chunkEntries_), 2048),
                              [&](const tbb::blocked_range<std::uint64_t>& range) {
                                  std::uint64_t step = range.begin();
                                  typename I::ChildFrame frame{};
                                  index_.visitSolvingOrder(layer, range.begin(), range.end(), [&](const IndexedPosition& parent) {
                                      out[step++ - begin] = solveParent(frame, parent.position, layer);
                                  });
                              });
        }
    }

    std::vector<RetrogradeLayerReport> build() {
        // Everything runs in one arena of the asked size, the store's work too (the parallel
        // compression of a layer file, the validation of layers found on disk), so a build with
        // N threads never uses more than N cores and 1-against-2-thread figures are fair.
        tbb::task_arena arena(threads_);
        return arena.execute([&] { return buildLayers(); });
    }

private:
    std::vector<RetrogradeLayerReport> buildLayers() {
        std::vector<RetrogradeLayerReport> reports;
        const int count = index_.layerCount();
        for (int layer = 0; layer < count; ++layer) {
            if (layer == 0 || index_.layerStones(layer) != index_.layerStones(layer - 1)) beginStoneGroup(index_.layerStones(layer));
            RetrogradeLayerReport report;
            report.layer = layer;
            report.entries = index_.layerSize(layer);
            const auto started = std::chrono::steady_clock::now();
            if (store_.layerComplete(layer)) {
                report.reused = true;
                report.stats = store_.layerStats(layer);
            } else {
                std::vector<RetrogradeEntry> entries(report.entries);
                solveLayer(layer, entries);
                report.stats = countLayerOutcomes(entries);
                store_.saveLayer(layer, entries, report.stats);
                makeResident(layer, std::move(entries));
            }
            report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            if (progress_) progress_(RetrogradeProgress{layer, count, report.entries, report.entries, report.seconds, report.reused});
            reports.push_back(report);
        }
        return reports;
    }

    void solveLayer(int layer, std::vector<RetrogradeEntry>& entries) {
        const auto started = std::chrono::steady_clock::now();
        const std::uint64_t total = entries.size();
        for (std::uint64_t begin = 0; begin < total; begin += chunkEntries_) {
            if (stop_ && stop_()) throw RetrogradeInterrupted("build stopped in layer " + std::to_string(layer));
            const std::uint64_t end = std::min(total, begin + chunkEntries_);
            tbb::parallel_for(tbb::blocked_range<std::uint64_t>(begin, end, 2048),
                              [&](const tbb::blocked_range<std::uint64_t>& range) {
                                  typename I::ChildFrame frame{};
                                  index_.visitSolvingOrder(layer, range.begin(), range.end(), [&](const IndexedPosition& parent) {
                                      entries[parent.entry] = solveParent(frame, parent.position, layer);
                                  });
                              });
            if (progress_) {
                const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
                progress_(RetrogradeProgress{layer, index_.layerCount(), end, total, seconds});
            }
        }
    }

    // The entry of one position of `layer`, from its children in earlier layers; `frame` is the
    // index's packed form of the previous parent of this walk (or default), made this parent's.
    RetrogradeEntry solveParent(typename I::ChildFrame& frame, const Position& parent, int layer) const {
        index_.refreshFrame(frame, parent);
        return entryFromChildren(game_, parent, [&](const Position& child) {
            if (!child.swapAvailable) return lookup(index_.locateChild(frame, child), layer);
            Position plain = child;
            plain.swapAvailable = false;
            const Outcome withoutSwap = decodeOutcome(lookup(index_.locateChild(frame, plain), layer));
            return encodeOutcome(outcomeWithSwapOffer(withoutSwap, game_.finishedValue(plain).has_value()));
        });
    }

    RetrogradeEntry lookup(const IndexLocation location, int parentLayer) const {
        if (location.layer < 0 || location.layer >= parentLayer) [[unlikely]] throwNotEarlier(location.layer, parentLayer);
        return residentLayer(location.layer)[location.entry];
    }
    // Out of line, so the lookup of every child inlines into the child loop.
    [[noreturn, gnu::cold, gnu::noinline]] static void throwNotEarlier(int childLayer, int parentLayer) {
        throw std::logic_error("retrograde builder: a move of layer " + std::to_string(parentLayer) + " leads to layer " +
                               std::to_string(childLayer) + ", not an earlier one");
    }

    // Earlier layers stay in memory while they are used; one not used during a whole group of
    // layers with the same stone count is dropped, and loaded back from the store if needed again.
    const RetrogradeEntry* residentLayer(int layer) const {
        const auto slot = static_cast<std::size_t>(layer);
        if (!accessed_[slot].load(std::memory_order_relaxed)) accessed_[slot].store(true, std::memory_order_relaxed);
        if (const RetrogradeEntry* data = residentData_[slot].load(std::memory_order_acquire)) return data;
        const std::lock_guard lock(residentMutex_);
        if (const RetrogradeEntry* data = residentData_[slot].load(std::memory_order_acquire)) return data;
        resident_[slot] = store_.loadLayer(layer);
        if (resident_[slot].size() != index_.layerSize(layer)) {
            throw std::runtime_error("retrograde builder: stored layer " + std::to_string(layer) + " has the wrong size");
        }
        residentData_[slot].store(resident_[slot].data(), std::memory_order_release);
        return resident_[slot].data();
    }

    void makeResident(int layer, std::vector<RetrogradeEntry>&& entries) {
        const auto slot = static_cast<std::size_t>(layer);
        resident_[slot] = std::move(entries);
        residentData_[slot].store(resident_[slot].data(), std::memory_order_release);
        accessed_[slot].store(true);
    }

    void beginStoneGroup(int stones) {
        for (std::size_t slot = 0; slot < resident_.size(); ++slot) {
            const bool used = accessed_[slot].exchange(false);
            const bool before = index_.layerStones(static_cast<int>(slot)) < stones;
            if (!used && before && residentData_[slot].load() != nullptr) {
                residentData_[slot].store(nullptr);
                std::vector<RetrogradeEntry>().swap(resident_[slot]);
            }
        }
    }

    G game_;
    const I& index_;
    S& store_;
    int threads_;
    std::uint64_t chunkEntries_ = std::uint64_t{1} << 18;
    std::function<void(const RetrogradeProgress&)> progress_;
    std::function<bool()> stop_;
    mutable std::mutex residentMutex_;
    mutable std::vector<std::vector<RetrogradeEntry>> resident_;
    std::unique_ptr<std::atomic<const RetrogradeEntry*>[]> residentData_;
    std::unique_ptr<std::atomic<bool>[]> accessed_;
};

}  // namespace papamu
