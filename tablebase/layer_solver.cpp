#include "tablebase/layer_solver.hpp"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "rules/game_dispatch.hpp"
#include "tablebase/table_directory.hpp"

namespace papamu {

// The builder for the board's game, behind one virtual call per layer or range (never per node).
struct LayerSolver::Engine {
    virtual ~Engine() = default;
    virtual std::vector<RetrogradeEntry> solveLayer(int layer) = 0;
    virtual void solveSteps(int layer, std::uint64_t begin, std::uint64_t end, std::span<RetrogradeEntry> out) = 0;
    tbb::task_arena arena;
    explicit Engine(int threads) : arena(threads) {}
};

template <class G>
struct LayerSolver::EngineFor final : LayerSolver::Engine {
    EngineFor(const G& game, const TableIndex& index, LayerFileStore& store, const TableBuildOptions& options)
        : Engine(options.threads), builder(game, index, store, options.threads) {
        builder.setChunkEntries(options.chunkEntries);
        builder.setResidentBudget(residentLayerBudget(index, options.memoryBudget));
        if (options.stop) builder.setStopRequest(options.stop);
    }
    std::vector<RetrogradeEntry> solveLayer(int layer) override {
        return arena.execute([&] { return builder.solveWholeLayer(layer); });
    }
    void solveSteps(int layer, std::uint64_t begin, std::uint64_t end, std::span<RetrogradeEntry> out) override {
        arena.execute([&] { builder.solveSteps(layer, begin, end, out); });
    }
    RetrogradeBuilder<G, TableIndex, LayerFileStore> builder;
};

LayerSolver::LayerSolver(GameKind game, BoardSize size, const Variant& variant, const std::string& directory,
                         const TableBuildOptions& options)
    : directory_(directory),
      options_(options),
      variant_(variant),
      index_(game, BoardGeometry(size.rows, size.columns), options.maxStones),
      store_(directory, index_, variant, options.blockEntries) {
    engine_ = visitGame(game, size, variant, [&](const auto& rules) -> std::unique_ptr<Engine> {
        return std::make_unique<EngineFor<std::decay_t<decltype(rules)>>>(rules, index_, store_, options_);
    });
}

LayerSolver::~LayerSolver() = default;

std::vector<RetrogradeEntry> LayerSolver::solveLayer(int layer) { return engine_->solveLayer(layer); }

std::vector<RetrogradeEntry> LayerSolver::solveSteps(int layer, std::uint64_t begin, std::uint64_t end) {
    std::vector<RetrogradeEntry> values(end - begin);
    engine_->solveSteps(layer, begin, end, values);
    return values;
}

void LayerSolver::placeSteps(int layer, std::uint64_t begin, std::span<const RetrogradeEntry> values,
                             std::span<RetrogradeEntry> layerEntries) {
    engine_->arena.execute([&] {
        tbb::parallel_for(std::size_t{0}, values.size(), std::size_t{4096}, [&](std::size_t first) {
            const std::size_t last = std::min(values.size(), first + 4096);
            for (std::size_t at = first; at < last; ++at) layerEntries[index_.solvingOrder(layer, begin + at).entry] = values[at];
        });
    });
}

RetrogradeLayerStats LayerSolver::writeLayer(int layer, const std::vector<RetrogradeEntry>& entries) {
    LayerHeader header = expectedLayerHeader(index_, variant_, layer);
    header.stats = countLayerOutcomes(entries);
    engine_->arena.execute(
        [&] { writeLayerFile(store_.layerPath(layer), header, entries, options_.blockEntries); });
    return header.stats;
}

TableBuildSummary LayerSolver::finish(const std::vector<bool>& solved) {
    TableBuildSummary summary;
    summary.directory = directory_;
    engine_->arena.execute([&] {
        for (int layer = 0; layer < index_.layerCount(); ++layer) {
            if (!store_.layerComplete(layer)) {
                const std::string why = store_.rejectedFiles().empty() ? "missing" : store_.rejectedFiles().back();
                throw TableError(store_.layerPath(layer) + ": layer is not complete after the build (" + why + ")");
            }
            RetrogradeLayerReport report;
            report.layer = layer;
            report.entries = index_.layerSize(layer);
            report.reused = !solved[static_cast<std::size_t>(layer)];
            report.stats = store_.layerStats(layer);
            summary.layers.push_back(report);
        }
    });
    store_.finish();
    tallyLayers(summary, index_);
    summary.bytesOnDisk = store_.bytesOnDisk();
    return summary;
}

}  // namespace papamu
