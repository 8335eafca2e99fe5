#pragma once
// Solves every position of an index, layer by layer from the fewest stones up, in parallel.
// Every move except the pie swap removes a stone, so a layer's children lie in earlier layers,
// which are complete and read-only while it is solved: each position of the layer is evaluated
// once from its children (no retrograde queue needed), and threads never write the same entry.
// Game-agnostic: the rules come from the Game concept, the ranking from the index, and where
// layers are kept from the store (both supplied by tablebase/). While a layer is solved only the
// layers its children lie in must be in memory (the index names them from the game's
// mostStonesRemoved); others are kept only within the resident budget.
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <limits>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/game_concept.hpp"
#include "solver/page_memory.hpp"
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
        residentData_.assign(count, nullptr);
        reads_.resize(count);
        lastReader_.assign(count, -1);
        for (int layer = 0; layer < index_.layerCount(); ++layer) {
            reads_[static_cast<std::size_t>(layer)] = index_.childLayers(layer, game_.mostStonesRemoved(index_.layerStones(layer)));
            for (const int read : reads_[static_cast<std::size_t>(layer)]) lastReader_[static_cast<std::size_t>(read)] = layer;
        }
    }

    // Called on the building thread between chunks of a layer (and once when a layer is done).
    void setProgressCallback(std::function<void(const RetrogradeProgress&)> callback) { progress_ = std::move(callback); }
    // Asked between chunks; when it answers true the build throws RetrogradeInterrupted.
    void setStopRequest(std::function<bool()> stop) { stop_ = std::move(stop); }
    // Entries evaluated between progress calls and stop checks (tests make it small).
    void setChunkEntries(std::uint64_t entries) { chunkEntries_ = entries < 1 ? 1 : entries; }
    // Bytes (one per entry) the layer being solved and the resident layers may take together.
    // The layers it reads are resident whatever the budget; a layer that a later layer reads is
    // kept (rather than loaded again from the store) only while it fits. 0 keeps exactly the
    // layers read; the default keeps every layer some later layer reads.
    void setResidentBudget(std::uint64_t bytes) { residentBudget_ = bytes; }
    // The layers in memory now, in increasing order (while a layer is solved: the layers it reads,
    // and those the budget keeps).
    std::vector<int> residentLayers() const {
        std::vector<int> layers;
        for (std::size_t layer = 0; layer < residentData_.size(); ++layer) {
            if (residentData_[layer] != nullptr) layers.push_back(static_cast<int>(layer));
        }
        return layers;
    }

    // Pieces of build() for a driver that shares the layers of one stone count between
    // processes (tablebase/layer_solver.hpp). Call them inside a tbb::task_arena; the layers
    // read are loaded from the store when a layer is first asked for, and nothing is saved.
    std::vector<RetrogradeEntry> solveWholeLayer(int layer) {
        prepareLayer(layer);
        std::vector<RetrogradeEntry> entries = hugePageBytes(index_.layerSize(layer));
        solveLayer(layer, entries);
        return entries;
    }
    // Steps [begin, end) of the layer's solving order (index_.solvingOrder): out[step - begin]
    // gets the entry of that step's position.
    void solveSteps(int layer, std::uint64_t begin, std::uint64_t end, std::span<RetrogradeEntry> out) {
        prepareLayer(layer);
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
            RetrogradeLayerReport report;
            report.layer = layer;
            report.entries = index_.layerSize(layer);
            const auto started = std::chrono::steady_clock::now();
            if (store_.layerComplete(layer)) {
                report.reused = true;
                report.stats = store_.layerStats(layer);
            } else {
                prepareLayer(layer);
                std::vector<RetrogradeEntry> entries = hugePageBytes(report.entries);
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

    // Only the layers prepareLayer made resident are read: a child anywhere else means the
    // index's childLayers (or the game's mostStonesRemoved) missed a layer.
    const RetrogradeEntry* residentLayer(int layer) const {
        if (const RetrogradeEntry* data = residentData_[static_cast<std::size_t>(layer)]) return data;
        throw std::logic_error("retrograde builder: layer " + std::to_string(layer) + " is read but not among the layers named for it");
    }

    // Between layers, never during one (threads hold pointers into the layers they read): makes
    // resident exactly the layers `layer` reads, plus the layers later layers read while the
    // budget allows (those read soonest first); loads from the store those not in memory.
    void prepareLayer(int layer) {
        if (preparedLayer_ == layer) return;
        const std::vector<int>& reads = reads_[static_cast<std::size_t>(layer)];
        const auto isRead = [&](int other) { return std::find(reads.begin(), reads.end(), other) != reads.end(); };
        long double needed = static_cast<long double>(index_.layerSize(layer));
        for (const int read : reads) needed += static_cast<long double>(index_.layerSize(read));
        std::vector<std::pair<int, int>> keepable;  // (next reader, layer)
        for (const int resident : residentLayers()) {
            if (isRead(resident)) continue;
            const int next = nextReader(resident, layer);
            if (next < 0) {
                dropLayer(resident);
            } else {
                keepable.emplace_back(next, resident);
            }
        }
        std::sort(keepable.begin(), keepable.end());
        for (const auto& [next, resident] : keepable) {
            const auto size = static_cast<long double>(index_.layerSize(resident));
            if (needed + size > static_cast<long double>(residentBudget_)) {
                dropLayer(resident);
            } else {
                needed += size;
            }
        }
        for (const int read : reads) {
            const auto slot = static_cast<std::size_t>(read);
            if (residentData_[slot] != nullptr) continue;
            resident_[slot] = store_.loadLayer(read);
            if (resident_[slot].size() != index_.layerSize(read)) {
                throw std::runtime_error("retrograde builder: stored layer " + std::to_string(read) + " has the wrong size");
            }
            residentData_[slot] = resident_[slot].data();
        }
        preparedLayer_ = layer;  // only once every layer read is in memory
    }

    // The first layer after `after` that reads `layer`, or -1 when none does.
    int nextReader(int layer, int after) const {
        for (int reader = after + 1; reader <= lastReader_[static_cast<std::size_t>(layer)]; ++reader) {
            const std::vector<int>& reads = reads_[static_cast<std::size_t>(reader)];
            if (std::find(reads.begin(), reads.end(), layer) != reads.end()) return reader;
        }
        return -1;
    }

    void dropLayer(int layer) {
        const auto slot = static_cast<std::size_t>(layer);
        residentData_[slot] = nullptr;
        std::vector<RetrogradeEntry>().swap(resident_[slot]);
    }

    // A layer just solved stays in memory if a later layer reads it (the next prepareLayer
    // decides whether the budget keeps it).
    void makeResident(int layer, std::vector<RetrogradeEntry>&& entries) {
        const auto slot = static_cast<std::size_t>(layer);
        if (lastReader_[slot] <= layer) return;
        resident_[slot] = std::move(entries);
        residentData_[slot] = resident_[slot].data();
    }

    G game_;
    const I& index_;
    S& store_;
    int threads_;
    std::uint64_t chunkEntries_ = std::uint64_t{1} << 18;
    std::function<void(const RetrogradeProgress&)> progress_;
    std::function<bool()> stop_;
    std::uint64_t residentBudget_ = std::numeric_limits<std::uint64_t>::max();
    int preparedLayer_ = -1;
    std::vector<std::vector<RetrogradeEntry>> resident_;
    std::vector<const RetrogradeEntry*> residentData_;  // resident_[layer].data(), or null
    std::vector<std::vector<int>> reads_;  // per layer: the layers its children lie in
    std::vector<int> lastReader_;          // per layer: the last layer reading it, -1 if none
};

}  // namespace papamu
