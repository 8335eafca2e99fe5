#include "distributed/distributed_build.hpp"

#include <csignal>
#include <chrono>
#include <filesystem>
#include <cstdio>
#include <memory>

#include "distributed/slice_file.hpp"
#include "distributed/work_plan.hpp"
#include "rules/game_dispatch.hpp"
#include "tablebase/directory_lock.hpp"
#include "tablebase/layer_solver.hpp"
#include "tablebase/table_directory.hpp"

namespace papamu::distributed {

namespace {

// Runs one step on this rank and returns its failure ("" when it succeeded) for MpiSession::agree.
template <class Step>
std::string attempt(Step&& step) {
    try {
        step();
        return {};
    } catch (const std::exception& error) {
        return error.what();
    }
}

void requireAgreement(const MpiSession& session, const std::string& failure) {
    const std::string reason = session.agree(failure);
    if (!reason.empty()) throw std::runtime_error(reason);
}

class RankBuild {
public:
    RankBuild(const MpiSession& session, LayerSolver& solver, const DistributedBuildOptions& options)
        : session_(session), solver_(solver), options_(options), solved_(static_cast<std::size_t>(solver.index().layerCount()), false) {}

    // Solves the layers [first, last), which have the same number of stones.
    void buildStoneGroup(int first, int last) {
        const std::vector<LayerToSolve> layers = layersToSolve(first, last);
        const std::vector<WorkUnit> units = planStoneGroup(layers, session_.size(), options_.sliceEntries);
        const int slicesBefore = slices_;
        for (const WorkUnit& unit : units) {
            slices_ += unit.slices > 1 ? 1 : 0;
            slicedLayers_ += unit.slices > 1 && unit.slice == 0 ? 1 : 0;
        }
        requireAgreement(session_, attempt([&] {
                             for (const WorkUnit& unit : units) {
                                 if (unit.rank == session_.rank()) solveUnit(unit);
                             }
                         }));
        if (slices_ > slicesBefore) {  // the same on every rank: they share the plan
            requireAgreement(session_, attempt([&] {
                                 for (const WorkUnit& unit : units) {
                                     if (unit.rank == session_.rank() && unit.slices > 1 && unit.slice == 0) assembleLayer(unit.layer, units);
                                 }
                             }));
        }
        if (options_.progress && session_.rank() == 0) {
            std::fprintf(stderr, "papamu-mpi build: %d stones: %d layers, %zu solved in %zu units on %d ranks\n",
                         solver_.index().layerStones(first), last - first, layers.size(), units.size(), session_.size());
        }
    }

    const std::vector<bool>& solved() const { return solved_; }
    int slicedLayers() const { return slicedLayers_; }
    int slices() const { return slices_; }

private:
    // The layers of the group without a valid file: rank 0 checks (validating each file in full,
    // as a resumed single-process build does) and tells the others.
    std::vector<LayerToSolve> layersToSolve(int first, int last) {
        std::vector<unsigned char> missing(static_cast<std::size_t>(last - first), 0);
        requireAgreement(session_, attempt([&] {
                             if (session_.rank() != 0) return;
                             for (int layer = first; layer < last; ++layer) missing[static_cast<std::size_t>(layer - first)] = !solver_.store().layerComplete(layer);
                         }));
        session_.broadcast(missing, 0);
        std::vector<LayerToSolve> layers;
        for (int layer = first; layer < last; ++layer) {
            if (!missing[static_cast<std::size_t>(layer - first)]) continue;
            layers.push_back(LayerToSolve{layer, solver_.index().layerSize(layer)});
            solved_[static_cast<std::size_t>(layer)] = true;
        }
        return layers;
    }

    void solveUnit(const WorkUnit& unit) {
        if (unit.slices == 1) {
            solver_.writeLayer(unit.layer, solver_.solveLayer(unit.layer));
        } else {
            const std::vector<RetrogradeEntry> values = solver_.solveSteps(unit.layer, unit.begin, unit.end);
            writeSliceFile(sliceFileName(solver_.store().layerPath(unit.layer), unit.slice, unit.slices), unit.begin, values);
        }
        if (session_.rank() == options_.killRank && ++unitsWritten_ >= options_.killAfterUnits) std::raise(SIGKILL);
    }

    // Run by the rank of slice 0 once every slice of the layer is on disk.
    void assembleLayer(int layer, const std::vector<WorkUnit>& units) {
        std::vector<RetrogradeEntry> entries(solver_.index().layerSize(layer));
        std::vector<std::string> files;
        for (const WorkUnit& unit : units) {
            if (unit.layer != layer) continue;
            files.push_back(sliceFileName(solver_.store().layerPath(layer), unit.slice, unit.slices));
            const std::vector<RetrogradeEntry> values = readSliceFile(files.back(), unit.begin, unit.end - unit.begin);
            solver_.placeSteps(layer, unit.begin, values, entries);
        }
        solver_.writeLayer(layer, entries);
        for (const std::string& file : files) std::filesystem::remove(file);
    }

    const MpiSession& session_;
    LayerSolver& solver_;
    const DistributedBuildOptions& options_;
    std::vector<bool> solved_;
    int unitsWritten_ = 0;
    int slicedLayers_ = 0;
    int slices_ = 0;
};

}  // namespace

DistributedBuildSummary buildTableDistributed(const MpiSession& session, GameKind game, BoardSize size, const Variant& variant,
                                        const std::string& root, const TableBuildOptions& options,
                                        const DistributedBuildOptions& distributed) {
    const auto started = std::chrono::steady_clock::now();
    const std::string directory = root + "/" + tableDirectoryName(game, size, variant);
    // Rank 0 holds the lock from before the first file is written until the manifest says
    // complete (or the job dies, when the kernel releases it); the other ranks write only
    // between agreements that follow its taking the lock.
    std::unique_ptr<DirectoryLock> lock;
    requireAgreement(session, attempt([&] {
                         if (session.rank() != 0) return;
                         visitGame(game, size, variant, [](const auto&) { return 0; });  // bad rules before any directory
                         std::filesystem::create_directories(directory);
                         lock = std::make_unique<DirectoryLock>(directory);
                         removeSliceFiles(directory);  // leftovers of a killed job
                     }));
    std::unique_ptr<LayerSolver> solver;
    requireAgreement(session, attempt([&] { solver = std::make_unique<LayerSolver>(game, size, variant, directory, options); }));
    RankBuild build(session, *solver, distributed);
    const TableIndex& index = solver->index();
    for (int first = 0; first < index.layerCount();) {
        int last = first + 1;
        while (last < index.layerCount() && index.layerStones(last) == index.layerStones(first)) ++last;
        build.buildStoneGroup(first, last);
        first = last;
    }
    DistributedBuildSummary summary;
    requireAgreement(session, attempt([&] {
                         if (session.rank() == 0) summary.table = solver->finish(build.solved());
                     }));
    summary.table.directory = directory;
    summary.table.rejectedFiles = solver->store().rejectedFiles();
    summary.table.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    summary.slicedLayers = build.slicedLayers();
    summary.slices = build.slices();
    return summary;
}

void readFaultInjection(const char* text, DistributedBuildOptions& options) {
    if (text == nullptr || *text == '\0') return;
    const std::string value = text;
    const std::size_t colon = value.find(':');
    try {
        if (colon == std::string::npos) throw std::invalid_argument("no colon");
        std::size_t used = 0;
        options.killRank = std::stoi(value.substr(0, colon), &used);
        if (used != colon) throw std::invalid_argument("rank");
        options.killAfterUnits = std::stoi(value.substr(colon + 1), &used);
        if (used != value.size() - colon - 1 || options.killRank < 0 || options.killAfterUnits < 1) throw std::invalid_argument("units");
    } catch (const std::exception&) {
        throw std::invalid_argument("PAPAMU_MPI_KILL_AFTER must be RANK:UNITS (e.g. 1:1), not '" + value + "'");
    }
}

}  // namespace papamu::distributed
