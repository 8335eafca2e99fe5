// solve: prove a board (every opening line) or one position with the proof-number search, or
// with the plain memoized negamax baseline for comparison; `solve -` solves one position per
// line of standard input and prints one JSON line for each.
// Exit codes: 0 a complete answer (whoever wins), 1 "unknown" somewhere (a limit stopped the
// search), 2 bad input (a table that does not fit the memory budget included), 3 internal error,
// 130 (143) stopped by Ctrl-C (SIGTERM): what was proven before the stop is printed.
#include <unistd.h>

#include <iostream>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/option_ranges.hpp"
#include "cli/solve_runs.hpp"
#include "rules/game_dispatch.hpp"
#include "tablebase/table_leaf_oracle.hpp"

namespace papamu::cli {

namespace {

const char* const kSolveUsage =
    "papamu solve GAME RxC | papamu solve POSITION [--all] | papamu solve - [--all]\n"
    "       [--variant V] [--threads N] [--hash MB] [--memory SIZE] [--tb DIR] [--time-limit S]\n"
    "       [--node-limit N] [--method dfpn|negamax] [--decomposition on|off] [--decomposition-stones N]\n"
    "       [--certificate FILE] [--checkpoint FILE [--checkpoint-interval S]] [--resume-from FILE]\n"
    "       [--no-progress] [--progress-log FILE [--progress-interval S]] [--json]\n"
    "'-' reads one POSITION per line from standard input and prints one JSON line per position\n"
    "(a line that is not a position gets {\"input\", \"error\"}).\n"
    "exit code 0: every value shown is proven; 1: some value is unknown (a limit was reached);\n"
    "2: bad input; 3: internal error; 130: stopped by Ctrl-C (what was proven so far is printed)";

void describeSolveOptions(options::options_description& described) {
    addVariantOption(described);
    addJsonOption(described);
    addIntegerOption(described, "threads", "1", "search threads");
    addIntegerOption(described, "hash", "256", "transposition table size (starts at 16 MB and grows to it as it fills; with several threads the workers pause while it grows)");
    addMemoryOption(described, "a --hash table that does not fit is refused");
    addTimeLimitOption(described);
    addIntegerOption(described, "node-limit", "0", "stop after N nodes; what is not proven shows as unknown (0: none)");
    described.add_options()("all", options::bool_switch(), "POSITION or -: list every winning move, not just one")(
        "tb", options::value<std::string>(), "directory of win/loss tables to probe at the leaves (dfpn only)")(
        "method", options::value<std::string>()->default_value("dfpn"),
        "dfpn (proof-number search) or negamax (the plain memoized baseline: value only, one thread, no --tb, "
        "--all or limits)")("no-progress", options::bool_switch(), "no progress line on a terminal")(
        "certificate", options::value<std::string>(),
        "write a proof certificate of the value to FILE (check it with papamu verify --certificate FILE)")(
        "checkpoint", options::value<std::string>(),
        "FILE: resume from FILE if it exists; save the proofs to it every --checkpoint-interval seconds and at "
        "the end, after Ctrl-C too (format: solver/README.md)")(
        "checkpoint-interval", options::value<std::string>()->default_value("600"), "seconds between checkpoints (above 0, at most 1e9)")(
        "resume-from", options::value<std::string>(),
        "FILE: read this checkpoint (either version, e.g. a compact one from papamu checkpoint compact) before "
        "the search and never write it; with --checkpoint, that file is read after it when it exists")(
        "progress-log", options::value<std::string>(),
        "FILE: append one JSON line every --progress-interval seconds (nodes, rate, the root's proof and "
        "disproof numbers, table fill), so a long solve leaves its trajectory (cli/progress_log.hpp)")(
        "progress-interval", options::value<std::string>()->default_value("60"),
        "seconds between --progress-log lines (above 0, at most 1e9)");
    described.add_options()(
        "decomposition", options::value<std::string>()->default_value("off"),
        "on: konane positions that split into independent regions are decided by adding the regions' "
        "combinatorial game values (decomposition/README.md); off: plain search");
    addIntegerOption(described, "decomposition-stones", "8",
                     "with --decomposition on: the largest live region valued (more: fewer nodes, far more CPU per node)");
}

SolveSettings settingsFrom(const ParsedArguments& arguments) {
    SolveSettings settings;
    settings.threads = static_cast<int>(integerOption(arguments, "threads", 1));
    settings.hashMegabytes = integerOption(arguments, "hash", 256);
    settings.limits.seconds = timeLimitOption(arguments);
    settings.limits.nodes = integerOption(arguments, "node-limit", 0);
    settings.json = jsonRequested(arguments);
    settings.all = arguments.values["all"].as<bool>();
    settings.method = arguments.values["method"].as<std::string>();
    if (settings.method != "dfpn" && settings.method != "negamax") {
        throw std::invalid_argument("--method must be dfpn or negamax, not '" + settings.method + "'");
    }
    settings.progress = !arguments.values["no-progress"].as<bool>() && isatty(STDERR_FILENO) != 0;
    settings.memoryBudget = memoryBudgetOption(arguments);
    if (arguments.values.count("checkpoint")) settings.checkpoint = arguments.values["checkpoint"].as<std::string>();
    settings.checkpointInterval = secondsOption(arguments, "checkpoint-interval", false, 600.0);
    if (arguments.values.count("resume-from")) settings.resumeFrom = arguments.values["resume-from"].as<std::string>();
    settings.progressInterval = secondsOption(arguments, "progress-interval", false, 60.0);
    if (arguments.values.count("progress-log")) settings.progressLogPath = arguments.values["progress-log"].as<std::string>();
    if (settings.progressLogPath.empty() && !arguments.values["progress-interval"].defaulted()) {
        throw std::invalid_argument("--progress-interval needs --progress-log FILE");
    }
    if (!settings.resumeFrom.empty() && settings.resumeFrom == settings.checkpoint) {
        throw std::invalid_argument("--resume-from names the --checkpoint file: give --checkpoint alone (it is read, then written)");
    }
    const std::string decomposition = arguments.values["decomposition"].as<std::string>();
    if (decomposition != "on" && decomposition != "off") {
        throw std::invalid_argument("--decomposition must be on or off, not '" + decomposition + "'");
    }
    settings.decomposition = decomposition == "on";
    settings.decompositionStones = static_cast<int>(integerOption(arguments, "decomposition-stones", 8));
    if (!settings.decomposition && !arguments.values["decomposition-stones"].defaulted()) {
        throw std::invalid_argument("--decomposition-stones needs --decomposition on");
    }
    return settings;
}

// Options that do not apply are refused with the reason, never silently ignored.
void rejectCombinations(const ParsedArguments& arguments, const SolveSettings& settings, bool board) {
    if (board && settings.all) throw std::invalid_argument("--all lists the winning moves of a POSITION; a board lists every first move already");
    if (settings.method != "negamax") return;
    const auto given = [&](const char* name) { return !arguments.values[name].defaulted(); };
    for (const char* name : {"threads", "tb", "time-limit", "node-limit", "hash", "memory", "decomposition"}) {
        if (arguments.values.count(name) && given(name)) {
            throw std::invalid_argument(std::string("--") + name + " does not apply to --method negamax (the baseline runs "
                                        "one thread to the end without a table)");
        }
    }
    if (settings.all) throw std::invalid_argument("--all does not apply to --method negamax (it gives the value only)");
    if (arguments.values.count("certificate")) throw std::invalid_argument("--certificate needs --method dfpn (the baseline keeps no proof)");
    if (arguments.values.count("checkpoint")) throw std::invalid_argument("--checkpoint needs --method dfpn (the baseline keeps no table)");
    if (arguments.values.count("resume-from")) throw std::invalid_argument("--resume-from needs --method dfpn (the baseline keeps no table)");
    if (arguments.values.count("progress-log")) throw std::invalid_argument("--progress-log needs --method dfpn (the baseline reports no progress)");
}

std::optional<TableProbe> openTables(const ParsedArguments& arguments, const GameSelection& selection) {
    if (!arguments.values.count("tb")) return std::nullopt;
    std::optional<TableProbe> tables;
    try {
        tables.emplace(TableProbe::open(arguments.values["tb"].as<std::string>(), selection.kind, selection.size, selection.variant));
    } catch (const TableError& error) {
        throw std::invalid_argument(std::string("--tb: ") + error.what());
    }
    tables->requireRules(selection.kind, selection.size, selection.variant);
    return tables;
}

int solveSelection(const ParsedArguments& arguments, const GameSelection& selection, bool board, const SolveSettings& settings) {
    if (settings.decomposition && selection.kind != GameKind::Konane) {
        throw std::invalid_argument("--decomposition on applies to konane only (unane positions are not sums of regions)");
    }
    const std::optional<TableProbe> tables = openTables(arguments, selection);
    return visitGame(selection.kind, selection.size, selection.variant, [&](const auto& game) {
        if (settings.method == "negamax") return solveWithBaseline(game, selection.inGame(), board, settings);
        const auto run = [&](auto oracle, const SolveSettings& used) {
            return board ? solveBoard(game, std::move(oracle), used) : solvePosition(game, std::move(oracle), selection.inGame(), used);
        };
        LeafTableCounts counts;
        SolveSettings used = settings;
        if (tables) used.leafTable = LeafTableUse{&*tables, &counts};
        const TableLeafOracle tableOracle{tables ? &*tables : nullptr, &counts};
        if constexpr (std::is_same_v<std::decay_t<decltype(game)>, KonaneGame>) {
            if (settings.decomposition) {
                const DecompositionOracle decomposition(game, DecompositionLimits::forRegionStones(settings.decompositionStones));
                used.decompositionStatistics = [decomposition] { return decomposition.statistics(); };
                if (!tables) return run(decomposition, used);
                return run(ChainedLeafOracle<TableLeafOracle, DecompositionOracle>{tableOracle, decomposition}, used);
            }
        }
        if (tables) return run(tableOracle, used);
        return run(NullLeafOracle{}, used);
    });
}

// `solve -`: one JSON line per input line; the exit code is the worst of the lines.
int solveBatch(const ParsedArguments& arguments, SolveSettings settings) {
    settings.json = true;
    settings.progress = false;
    int worst = kSuccess;
    for (std::string line; std::getline(std::cin, line);) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        if (line.back() == '\r') line.pop_back();
        GameSelection selection;
        try {
            selection = selectPosition(line, variantFrom(arguments));
        } catch (const std::invalid_argument& error) {
            std::cout << nlohmann::ordered_json{{"input", line}, {"error", error.what()}}.dump() << "\n" << std::flush;
            worst = kBadInput;
            continue;
        }
        const int code = solveSelection(arguments, selection, false, settings);
        if (code > kInternalError) return code;  // interrupted: stop reading
        worst = std::max(worst, code);
    }
    return worst;
}

}  // namespace

int runSolve(int argc, char** argv) {
    return guardedRun("solve", [&]() -> int {
        options::options_description described("solve options");
        describeSolveOptions(described);
        const ParsedArguments arguments = parseArguments(argc, argv, kSolveUsage, described);
        if (arguments.helpShown) return kSuccess;
        const auto& words = arguments.positional;
        SolveSettings settings = settingsFrom(arguments);
        const bool batch = words.size() == 1 && words[0] == "-";
        const bool board = words.size() == 2;
        if (words.empty() || words.size() > 2) {
            throw std::invalid_argument("expected GAME RxC, one quoted POSITION or - (got " + std::to_string(words.size()) + " arguments)");
        }
        rejectCombinations(arguments, settings, board);
        // Ctrl-C stops the proof-number search cleanly; the baseline has no stop hook, so there
        // the signal keeps its default action.
        std::optional<InterruptGuard> interrupt;
        if (settings.method == "dfpn") settings.interrupt = &interrupt.emplace();
        if (batch) {
            if (arguments.values.count("certificate")) throw std::invalid_argument("--certificate proves one board or POSITION, not a batch (-)");
            for (const char* name : {"checkpoint", "resume-from", "progress-log"}) {
                if (arguments.values.count(name)) {
                    throw std::invalid_argument(std::string("--") + name + " applies to one board or POSITION, not a batch (-)");
                }
            }
            return solveBatch(arguments, settings);
        }
        const GameSelection selection = board ? selectStart(words[0], words[1], variantFrom(arguments))
                                              : selectPosition(words[0], variantFrom(arguments));
        if (arguments.values.count("certificate")) {
            settings.certificate = CertificateRequest{arguments.values["certificate"].as<std::string>(), selection.kind, selection.size};
        }
        // Opened last, so that input refused above leaves no file behind.
        if (!settings.progressLogPath.empty()) settings.progressLog = std::make_shared<ProgressLog>(settings.progressLogPath, settings.progressInterval);
        return solveSelection(arguments, selection, board, settings);
    });
}

}  // namespace papamu::cli
