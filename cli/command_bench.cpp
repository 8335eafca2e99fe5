// bench: solves a fixed set of small boards single-threaded, like a chess engine's bench. The
// total node count is a signature of the search (it changes only when the search does; the
// recorded one is in cli/bench_signature.hpp); the rate measures the machine. --baseline runs the memoized negamax on the same set, side by side.
#include <chrono>
#include <iomanip>
#include <sstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/bench_signature.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/option_ranges.hpp"
#include "cli/solve_text.hpp"
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

struct BenchSettings {
    std::size_t hashMegabytes = kBenchHashMegabytes;
    std::uint64_t memoryBudget = 0;
    bool baseline = false;
};

struct BenchTotals {
    std::uint64_t nodes = 0;
    double seconds = 0.0;
    double baselineSeconds = 0.0;
};

// --baseline: the memoized negamax on the same start, which must give df-pn's value.
template <class G>
void addBaseline(const G& game, const SearchResult& searched, nlohmann::json& entry, std::ostringstream& line, BenchTotals& totals) {
    const auto started = std::chrono::steady_clock::now();
    MemoizedNegamax negamax(game);
    const Value value = negamax.solve(game.startPosition());
    const double seconds = secondsSince(started);
    if (value != *searched.value) throw std::runtime_error("baseline and df-pn disagree on " + entry["position"].get<std::string>());
    totals.baselineSeconds += seconds;
    entry["baseline_nodes"] = negamax.nodes();
    entry["baseline_seconds"] = seconds;
    line << "   baseline " << std::setw(10) << negamax.nodes() << " nodes " << std::setw(8) << seconds << " s  x"
         << std::setprecision(1) << (searched.seconds > 0 ? seconds / searched.seconds : 0.0);
}

// Solves one bench board's start: its JSON entry, its line of text into `line`.
template <class G>
nlohmann::json benchBoard(const G& game, GameKind kind, const Variant& variant, const BenchSettings& settings, BenchTotals& totals,
                          std::ostringstream& line) {
    SearchOptions options;
    options.hashMegabytes = settings.hashMegabytes;
    requireWithinBudget(ProofNumberSearch<G>::memoryEstimate(options), settings.memoryBudget,
                        "bench with a " + std::to_string(settings.hashMegabytes) + " MB table (--hash)");
    ProofNumberSearch search(game, options);
    const SearchResult result = search.solve(game.startPosition());
    totals.nodes += result.nodes;
    totals.seconds += result.seconds;
    nlohmann::json entry{{"position", formatPosition(kind, game.geometry(), game.startPosition())},
                         {"variant", variant.name()},
                         {"value", valueName(*result.value)},
                         {"nodes", result.nodes},
                         {"seconds", result.seconds}};
    line << std::left << std::setw(7) << gameName(kind) << std::setw(5) << game.geometry().sizeName() << std::setw(12) << variant.name()
         << std::setw(5) << valueName(*result.value) << std::right << std::setw(10) << result.nodes << " nodes " << std::fixed
         << std::setprecision(3) << std::setw(8) << result.seconds << " s";
    if (settings.baseline) addBaseline(game, result, entry, line, totals);
    return entry;
}

// The totals, and in text whether the node count is still the recorded signature.
void printTotals(const nlohmann::json& entries, const BenchTotals& totals, const BenchSettings& settings, bool json) {
    const double rate = perSecond(totals.nodes, totals.seconds);
    if (json) {
        nlohmann::json output{{"positions", entries}, {"nodes", totals.nodes}, {"seconds", totals.seconds}, {"nodes_per_second", rate}};
        if (settings.baseline) output["baseline_seconds"] = totals.baselineSeconds;
        std::cout << output.dump() << "\n";
        return;
    }
    std::cout << "nodes " << totals.nodes << "\nnodes/s " << static_cast<std::uint64_t>(rate) << "\n";
    if (settings.hashMegabytes == kBenchHashMegabytes && totals.nodes != kBenchSignature) {
        std::cout << "the node count differs from the recorded signature " << kBenchSignature
                  << " (cli/bench_signature.hpp): the search has changed\n";
    }
    if (settings.baseline) {
        std::cout << "baseline/dfpn time ratio " << std::fixed << std::setprecision(1) << totals.baselineSeconds / totals.seconds << "\n";
    }
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
        BenchSettings settings;
        settings.hashMegabytes = integerOption(arguments, "hash", kBenchHashMegabytes);
        settings.baseline = arguments.values["baseline"].as<bool>();
        settings.memoryBudget = memoryBudgetOption(arguments);
        const bool json = jsonRequested(arguments);
        nlohmann::json entries = nlohmann::json::array();
        BenchTotals totals;
        for (const BenchBoard& board : kBenchBoards) {
            const Variant variant = Variant::parse(board.variant);
            visitGame(board.kind, BoardSize{board.rows, board.columns}, variant, [&](const auto& game) {
                std::ostringstream line;
                entries.push_back(benchBoard(game, board.kind, variant, settings, totals, line));
                if (!json) std::cout << line.str() << "\n";
            });
        }
        printTotals(entries, totals, settings, json);
        return kSuccess;
    });
}

}  // namespace papamu::cli
