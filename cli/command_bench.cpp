// bench: solves a fixed set of small boards single-threaded, like a chess engine's bench. The
// total node count is a signature of the search (it changes only when the search does; the
// recorded one is in cli/bench_signature.hpp); the rate measures the machine. --baseline runs the memoized negamax on the same set, side by side.
#include <chrono>
#include <iomanip>
#include <sstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <type_traits>

#include "cli/bench_signature.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/option_ranges.hpp"
#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"
#include "solver/memoized_negamax.hpp"
#include "solver/memory_budget.hpp"
#include "solver/proof_number_search.hpp"

namespace papamu::cli {

namespace {

struct BenchBoard {
    GameKind kind;
    int rows;
    int columns;
    const char* variant;
};

// Fixed forever: changing this list changes the signature.
constexpr BenchBoard kBenchBoards[] = {
    {GameKind::Konane, 4, 4, "standard"}, {GameKind::Konane, 4, 5, "standard"}, {GameKind::Konane, 5, 5, "standard"},
    {GameKind::Konane, 5, 6, "standard"}, {GameKind::Konane, 4, 6, "single-jump"}, {GameKind::Unane, 3, 4, "standard"},
    {GameKind::Unane, 4, 4, "no-pie"},    {GameKind::Unane, 3, 6, "no-pie"},
};

struct BenchRun {
    Value value = Value::Loss;
    std::uint64_t nodes = 0;
    double seconds = 0.0;
};

double secondsSince(std::chrono::steady_clock::time_point started) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
}

}  // namespace

int runBench(int argc, char** argv) {
    return guardedRun("bench", [&]() -> int {
        options::options_description described("bench options");
        addJsonOption(described);
        addIntegerOption(described, "hash", std::to_string(kBenchHashMegabytes), "table size");
        addMemoryOption(described, "a --hash table that does not fit is refused");
        described.add_options()("baseline", options::bool_switch(), "also run the memoized negamax baseline and print the ratios");
        const ParsedArguments arguments = parseArguments(argc, argv, "papamu bench [--hash MB] [--memory SIZE] [--baseline] [--json]", described);
        if (arguments.helpShown) return kSuccess;
        if (!arguments.positional.empty()) throw std::invalid_argument("bench takes no arguments");
        const std::size_t megabytes = integerOption(arguments, "hash", kBenchHashMegabytes);
        const bool baseline = arguments.values["baseline"].as<bool>();
        const std::uint64_t memoryBudget = memoryBudgetOption(arguments);
        nlohmann::json entries = nlohmann::json::array();
        std::uint64_t totalNodes = 0;
        double totalSeconds = 0.0;
        double baselineSeconds = 0.0;
        for (const BenchBoard& board : kBenchBoards) {
            const Variant variant = Variant::parse(board.variant);
            visitGame(board.kind, BoardSize{board.rows, board.columns}, variant, [&](const auto& game) {
                SearchOptions options;
                options.hashMegabytes = megabytes;
                requireWithinBudget(ProofNumberSearch<std::decay_t<decltype(game)>>::memoryEstimate(options), memoryBudget,
                                    "bench with a " + std::to_string(megabytes) + " MB table (--hash)");
                ProofNumberSearch search(game, options);
                const SearchResult result = search.solve(game.startPosition());
                totalNodes += result.nodes;
                totalSeconds += result.seconds;
                nlohmann::json entry{{"position", formatPosition(board.kind, game.geometry(), game.startPosition())},
                                     {"variant", variant.name()},
                                     {"value", valueName(*result.value)},
                                     {"nodes", result.nodes},
                                     {"seconds", result.seconds}};
                std::ostringstream line;
                line << std::left << std::setw(7) << gameName(board.kind) << std::setw(5) << game.geometry().sizeName()
                     << std::setw(12) << variant.name() << std::setw(5) << valueName(*result.value) << std::right
                     << std::setw(10) << result.nodes << " nodes " << std::fixed << std::setprecision(3) << std::setw(8)
                     << result.seconds << " s";
                if (baseline) {
                    const auto started = std::chrono::steady_clock::now();
                    MemoizedNegamax negamax(game);
                    const Value value = negamax.solve(game.startPosition());
                    const double seconds = secondsSince(started);
                    if (value != *result.value) throw std::runtime_error("baseline and df-pn disagree on " + entry["position"].get<std::string>());
                    baselineSeconds += seconds;
                    entry["baseline_nodes"] = negamax.nodes();
                    entry["baseline_seconds"] = seconds;
                    line << "   baseline " << std::setw(10) << negamax.nodes() << " nodes " << std::setw(8) << seconds << " s  x"
                         << std::setprecision(1) << (result.seconds > 0 ? seconds / result.seconds : 0.0);
                }
                entries.push_back(entry);
                if (!jsonRequested(arguments)) std::cout << line.str() << "\n";
            });
        }
        const double rate = totalSeconds > 0 ? static_cast<double>(totalNodes) / totalSeconds : 0.0;
        if (jsonRequested(arguments)) {
            nlohmann::json output{{"positions", entries}, {"nodes", totalNodes}, {"seconds", totalSeconds}, {"nodes_per_second", rate}};
            if (baseline) output["baseline_seconds"] = baselineSeconds;
            std::cout << output.dump() << "\n";
        } else {
            std::cout << "nodes " << totalNodes << "\nnodes/s " << static_cast<std::uint64_t>(rate) << "\n";
            if (megabytes == kBenchHashMegabytes && totalNodes != kBenchSignature) {
                std::cout << "the node count differs from the recorded signature " << kBenchSignature
                          << " (cli/bench_signature.hpp): the search has changed\n";
            }
            if (baseline) std::cout << "baseline/dfpn time ratio " << std::fixed << std::setprecision(1) << baselineSeconds / totalSeconds << "\n";
        }
        return kSuccess;
    });
}

}  // namespace papamu::cli
