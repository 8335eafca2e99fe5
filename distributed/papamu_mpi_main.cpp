// papamu-mpi: `papamu build` shared between the ranks of an MPI job, e.g.
//   mpirun -np 4 papamu-mpi build konane 5x6 --tb /shared/tables --threads 4
// Same arguments and files as `papamu build`; README.md says how to run it on a cluster.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string_view>
#include <thread>

#include "cli/command_line.hpp"
#include "cli/option_ranges.hpp"
#include "distributed/distributed_build.hpp"
#include "solver/memory_budget.hpp"
#include "tablebase/table_directory.hpp"
#include "tablebase/table_index.hpp"

using namespace papamu;
using namespace papamu::cli;

namespace {

void printSummary(const distributed::DistributedBuildSummary& distributedSummary, const TableIndex& index, const ParsedArguments& arguments, int ranks, int threads) {
    const TableBuildSummary& summary = distributedSummary.table;
    if (jsonRequested(arguments)) {
        const nlohmann::ordered_json json{{"directory", summary.directory},       {"layers", index.layerCount()},
                                          {"layers_solved", summary.layersSolved}, {"layers_reused", summary.layersReused},
                                          {"positions", summary.positions},        {"entries", summary.entries},
                                          {"wins", summary.wins},                  {"losses", summary.losses},
                                          {"bytes_on_disk", summary.bytesOnDisk},  {"seconds", summary.seconds},
                                          {"ranks", ranks},                        {"threads_per_rank", threads},
                                          {"sliced_layers", distributedSummary.slicedLayers}, {"slices", distributedSummary.slices}};
        std::cout << json.dump() << "\n";
        return;
    }
    std::printf("table        %s\n", summary.directory.c_str());
    std::printf("positions    %llu in %d layers (%d solved, %d reused), both sides to move\n",
                static_cast<unsigned long long>(summary.positions), index.layerCount(), summary.layersSolved, summary.layersReused);
    std::printf("wins/losses  %llu / %llu for the side to move; longest win %d plies, longest loss %d plies\n",
                static_cast<unsigned long long>(summary.wins), static_cast<unsigned long long>(summary.losses), summary.longestWin,
                summary.longestLoss);
    std::printf("work         %d ranks x %d threads; %d layers solved in %d slices by several ranks\n", ranks, threads,
                distributedSummary.slicedLayers, distributedSummary.slices);
    std::printf("time         %.2f s\n", summary.seconds);
}

int runBuild(const distributed::MpiSession& session, int argc, char** argv) {
    options::options_description described("papamu-mpi build options");
    addVariantOption(described);
    addJsonOption(described);
    described.add_options()("tb", options::value<std::string>(), "root directory of the tables, shared by all ranks (required)");
    addIntegerOption(described, "max-stones", "", "only positions with at most this many stones");
    addIntegerOption(described, "threads", "", "oneTBB threads per rank (default: the machine's cores / its ranks)");
    described.add_options()(
        "slice-entries", options::value<std::uint64_t>(), "cut layers with more entries into slices for several ranks (default 16777216)")(
        "progress", "print a line on standard error after each stone group")(
        "memory", options::value<std::string>(), "memory budget per rank, e.g. 8G (default: 75% of available memory / ranks on the machine)");
    const ParsedArguments arguments = parseArguments(
        argc, argv, "mpirun -np N papamu-mpi build GAME RxC --tb DIR [--threads T] [--max-stones K] [--variant V] [--json]", described);
    if (arguments.helpShown) return kSuccess;
    if (arguments.positional.size() != 2) throw std::invalid_argument("expected GAME RxC");
    if (!arguments.values.count("tb")) throw std::invalid_argument("--tb DIR is required");
    const GameSelection selection = selectStart(arguments.positional[0], arguments.positional[1], variantFrom(arguments));
    TableBuildOptions options;
    if (const auto maxStones = integerOption(arguments, "max-stones")) options.maxStones = static_cast<int>(*maxStones);
    const int cores = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
    options.threads = static_cast<int>(integerOption(arguments, "threads", static_cast<std::uint64_t>(std::max(1, cores / session.localSize()))));
    distributed::DistributedBuildOptions distributedOptions;
    if (arguments.values.count("slice-entries")) distributedOptions.sliceEntries = arguments.values["slice-entries"].as<std::uint64_t>();
    if (distributedOptions.sliceEntries == 0) throw std::invalid_argument("--slice-entries must be at least 1");
    distributedOptions.progress = arguments.values.count("progress") > 0;
    distributed::readFaultInjection(std::getenv("PAPAMU_MPI_KILL_AFTER"), distributedOptions);

    const TableIndex index(selection.kind, BoardGeometry(selection.size.rows, selection.size.columns), options.maxStones);
    // Each rank may hold every layer it reads (as one process does), so the bound is per rank.
    const std::uint64_t budget = arguments.values.count("memory") ? parseMemorySize(arguments.values["memory"].as<std::string>())
                                                                  : defaultMemoryBudget() / static_cast<std::uint64_t>(session.localSize());
    requireWithinBudget(estimateBuildMemory(index, selection.variant), budget,
                        "building " + std::string(gameName(selection.kind)) + " " + selection.size.name() + " on one rank");
    options.memoryBudget = budget;
    const distributed::DistributedBuildSummary summary = distributed::buildTableDistributed(session, selection.kind, selection.size, selection.variant,
                                                                         arguments.values["tb"].as<std::string>(), options, distributedOptions);
    if (session.rank() == 0) {
        for (const std::string& rejected : summary.table.rejectedFiles) std::cerr << "papamu-mpi build: rebuilt damaged layer: " << rejected << "\n";
        printSummary(summary, index, arguments, session.size(), options.threads);
    }
    return kSuccess;
}

}  // namespace

int main(int argc, char** argv) {
    const distributed::MpiSession session(argc, argv);
    // Every rank parses the same arguments and reaches the same verdict; rank 0 speaks for all
    // (--help, the summary, the one error line).
    if (session.rank() != 0) std::cout.setstate(std::ios::failbit);
    try {
        if (argc < 2 || std::string_view(argv[1]) != "build") throw std::invalid_argument("usage: mpirun -np N papamu-mpi build GAME RxC --tb DIR (see papamu-mpi build --help)");
        return runBuild(session, argc - 1, argv + 1);
    } catch (const std::exception& error) {
        if (session.rank() == 0) std::cerr << "papamu-mpi build: error: " << error.what() << "\n";
        return kBadInput;
    }
}
