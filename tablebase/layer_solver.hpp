#pragma once
// The table builder in pieces, for a driver that shares one build between processes (the MPI
// build of distributed/): solve a whole layer or a range of its solving order, put ranges
// together, write a layer file, and finally check every layer and write the manifest. Each
// piece is what buildTable does for one layer, so the files are byte-identical to its files.
// The caller owns the table directory (it exists and the caller holds its DirectoryLock, or
// another process of the same job does); earlier layers are read from their files there.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "solver/retrograde_entry.hpp"
#include "tablebase/layer_file_store.hpp"
#include "tablebase/table_build.hpp"
#include "tablebase/table_index.hpp"

namespace papamu {

class LayerSolver {
public:
    // Throws std::invalid_argument for bad rules or board. Uses options.threads oneTBB threads,
    // options.blockEntries, chunkEntries, memoryBudget and stop (progress is not called).
    // Solving a layer first makes exactly the layers it reads resident (and keeps others later
    // layers read while memoryBudget allows), loading them from their files.
    LayerSolver(GameKind game, BoardSize size, const Variant& variant, const std::string& directory,
                const TableBuildOptions& options);
    ~LayerSolver();
    LayerSolver(const LayerSolver&) = delete;
    LayerSolver& operator=(const LayerSolver&) = delete;

    const TableIndex& index() const { return index_; }
    LayerFileStore& store() { return store_; }
    const std::string& directory() const { return directory_; }

    // Every entry of the layer, in entry order.
    std::vector<RetrogradeEntry> solveLayer(int layer);
    // Steps [begin, end) of the layer's solving order (TableIndex::solvingOrder), in that order.
    std::vector<RetrogradeEntry> solveSteps(int layer, std::uint64_t begin, std::uint64_t end);
    // Puts the values of steps [begin, begin + values.size()) at their entries of `layer`.
    void placeSteps(int layer, std::uint64_t begin, std::span<const RetrogradeEntry> values,
                    std::span<RetrogradeEntry> layerEntries);
    // Writes the layer file (atomically, as the single-process build does); not the manifest.
    RetrogradeLayerStats writeLayer(int layer, const std::vector<RetrogradeEntry>& entries);
    // Validates every layer file (throws TableError naming the first one missing or damaged),
    // writes the manifest marked complete, and returns the build's summary; `solved` says which
    // layers this job solved (the others were reused).
    TableBuildSummary finish(const std::vector<bool>& solved);

private:
    struct Engine;
    template <class G>
    struct EngineFor;

    std::string directory_;
    TableBuildOptions options_;
    Variant variant_;
    TableIndex index_;
    LayerFileStore store_;
    std::unique_ptr<Engine> engine_;
};

}  // namespace papamu
