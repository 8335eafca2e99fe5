// puzzles: generate a set of puzzles with unique solutions (puzzles/README.md).
// The output file is replaced only when the run succeeds; after Ctrl-C what was found is written.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <random>

#include "cli/build_commit.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/option_ranges.hpp"
#include "cli/puzzle_io.hpp"
#include "puzzles/outcome_oracle.hpp"
#include "puzzles/position_sources.hpp"
#include "puzzles/puzzle_generator.hpp"
#include "puzzles/puzzle_statistics.hpp"
#include "rules/game_dispatch.hpp"
#include "solver/interrupt.hpp"

namespace papamu::cli {

namespace {

const char* const kPuzzlesUsage =
    "papamu puzzles GAME RxC --count N --out FILE|- [--tb DIR] [--seed S] [--min-remoteness D] [--max-remoteness D]\n"
    "       [--unique first|line] [--format jsonl|csv|lichess|html] [--variant V] [--reachable] [--max-stones K]\n"
    "       [--max-draws N] [--stats FILE] [--no-progress] [--json]\n"
    "FILE is replaced only when all N puzzles are found ('-': standard output). --json prints the run's\n"
    "figures on standard output (not with --out -).\n"
    "exit code 0: N puzzles written; 1: fewer found within the draws (FILE left as it was);\n"
    "2: bad input; 130: stopped by Ctrl-C (the puzzles found so far replace FILE; none found: FILE left as it was)";

void describePuzzleOptions(options::options_description& described) {
    addIntegerOption(described, "count", "", "number of puzzles to make (required)");
    described.add_options()
        ("out", options::value<std::string>(), "output file (required; '-': standard output)")
        ("format", options::value<std::string>(), "jsonl, csv, lichess or html (default: from the extension of --out, else jsonl)")
        ("tb", options::value<std::string>(), "table root or directory: outcomes from tables, positions drawn from them");
    addIntegerOption(described, "seed", "1", "random seed (same seed and tables: same file)");
    addIntegerOption(described, "min-remoteness", "3", "shortest solution");
    addIntegerOption(described, "max-remoteness", "0", "longest solution (0: no limit)");
    described.add_options()
        ("unique", options::value<std::string>()->default_value("line"), "first: one winning first move; line: one winning move at every turn of the solution")
        ("reachable", options::bool_switch(), "only positions reachable from the start (drawn from play-outs)");
    addIntegerOption(described, "max-stones", "", "draw positions with at most this many stones (default: the table's limit, else 20 for konane, 14 for unane)");
    addIntegerOption(described, "max-draws", "0", "give up after this many drawn positions (0: 2000 per puzzle)");
    described.add_options()
        ("stats", options::value<std::string>(), "also write run figures (speed, length and rating distributions) as JSON")
        ("no-progress", options::bool_switch(), "no progress line on a terminal");
    addVariantOption(described);
    addJsonOption(described);
}

// The longest win among the positions a table run draws from (what --min-remoteness can ask).
int longestTableWin(const TableProbe& table, int maxStones) {
    int longest = 0;
    for (const TableManifest::Layer& layer : table.manifest().layers) {
        if (layer.black + layer.white <= maxStones) longest = std::max(longest, layer.stats.longestWin);
    }
    return longest;
}

struct PuzzleRequest {
    GameSelection selection;
    PuzzleOptions options;
    std::string out;
    PuzzleFormat format = PuzzleFormat::JsonLines;
    std::uint64_t seed = 1;
    bool reachable = false;
    std::optional<int> maxStones;
};

PuzzleRequest requestFrom(const ParsedArguments& arguments) {
    if (arguments.positional.size() != 2) {
        throw std::invalid_argument("expected GAME RxC, e.g. papamu puzzles konane 5x6 --count 100 --out p.jsonl");
    }
    if (!arguments.values.count("count")) throw std::invalid_argument("missing --count N");
    if (!arguments.values.count("out")) throw std::invalid_argument("missing --out FILE (or --out - for standard output)");
    PuzzleRequest request;
    request.selection = selectStart(arguments.positional[0], arguments.positional[1], variantFrom(arguments));
    request.out = arguments.values["out"].as<std::string>();
    request.format = puzzleFormatOfPath(request.out).value_or(PuzzleFormat::JsonLines);
    if (arguments.values.count("format")) request.format = parsePuzzleFormat(arguments.values["format"].as<std::string>());
    if (request.out == "-" && jsonRequested(arguments)) {
        throw std::invalid_argument("--json prints the run's figures on standard output, where --out - writes the puzzles");
    }
    PuzzleOptions& options = request.options;
    options.count = static_cast<int>(*integerOption(arguments, "count"));
    options.minRemoteness = static_cast<int>(integerOption(arguments, "min-remoteness", 3));
    options.maxRemoteness = static_cast<int>(integerOption(arguments, "max-remoteness", 0));
    options.uniqueness = parseUniqueness(arguments.values["unique"].as<std::string>());
    options.maxDraws = integerOption(arguments, "max-draws", 0);
    if (options.maxRemoteness != 0 && options.maxRemoteness < options.minRemoteness) {
        throw std::invalid_argument("--max-remoteness " + std::to_string(options.maxRemoteness) + " is below --min-remoteness " +
                                    std::to_string(options.minRemoteness));
    }
    request.reachable = arguments.values["reachable"].as<bool>();
    request.seed = integerOption(arguments, "seed", 1);
    if (const auto stones = integerOption(arguments, "max-stones")) request.maxStones = static_cast<int>(*stones);
    const int cells = request.selection.size.rows * request.selection.size.columns;
    if (request.maxStones && *request.maxStones > cells) {
        throw std::invalid_argument("--max-stones " + std::to_string(*request.maxStones) + " is more than the " + std::to_string(cells) +
                                    " cells of the board");
    }
    return request;
}

// Every move removes a stone and the swap happens once, so no win from K stones is longer than
// K + 1 plies: asking for more would only run out of draws.
void requireReachableRemoteness(const PuzzleOptions& options, int maxStones, std::optional<int> longestWin) {
    const int longest = longestWin.value_or(maxStones + 1);
    if (options.minRemoteness > longest) {
        throw std::invalid_argument("--min-remoteness " + std::to_string(options.minRemoteness) + " is longer than any win " +
                                    (longestWin ? "in the table" : "with at most " + std::to_string(maxStones) + " stones") +
                                    " (longest: " + std::to_string(longest) + " plies)");
    }
}

// A line on stderr while the run goes on (a terminal only), at most five times a second.
std::function<void(std::size_t, std::uint64_t)> progressLine(int count) {
    auto last = std::make_shared<std::chrono::steady_clock::time_point>();
    return [count, last](std::size_t found, std::uint64_t draws) {
        const auto now = std::chrono::steady_clock::now();
        if (now - *last < std::chrono::milliseconds(200) && static_cast<int>(found) < count) return;
        *last = now;
        std::fprintf(stderr, "\r%zu/%d puzzles, %llu positions drawn   ", found, count, static_cast<unsigned long long>(draws));
        std::fflush(stderr);
    };
}

template <class Rules>
PuzzleRun generate(const Rules& game, const ParsedArguments& arguments, PuzzleRequest& request, nlohmann::ordered_json& figures) {
    std::mt19937_64 random(request.seed);
    int maxStones = request.maxStones.value_or(Rules::kTraits.searchStoneLimit);
    figures["source"] = "playouts";
    figures["oracle"] = "search";
    if (!arguments.values.count("tb")) {
        requireReachableRemoteness(request.options, maxStones, std::nullopt);
        figures["max_stones"] = maxStones;
        SearchOracle<Rules> oracle(game);
        PlayoutSource<Rules> positions(game, maxStones);
        return generatePuzzles(game, oracle, positions, random, request.options);
    }
    const TableProbe table = TableProbe::open(arguments.values["tb"].as<std::string>(), Rules::kKind, request.selection.size,
                                              request.selection.variant);
    figures["oracle"] = "tables";
    TableOracle<Rules> oracle(game, table);
    if (!request.maxStones) maxStones = request.reachable ? std::max(table.maxStones(), maxStones) : table.maxStones();
    figures["max_stones"] = maxStones;
    if (!request.reachable) requireReachableRemoteness(request.options, maxStones, longestTableWin(table, maxStones));
    if (request.reachable) {
        PlayoutSource<Rules> positions(game, maxStones);
        return generatePuzzles(game, oracle, positions, random, request.options);
    }
    figures["source"] = "tables";
    TableSource<Rules> positions(game, table, maxStones);
    return generatePuzzles(game, oracle, positions, random, request.options);
}

}  // namespace

int runPuzzles(int argc, char** argv) {
    return guardedRun("puzzles", [&]() -> int {
        options::options_description described("puzzles options");
        describePuzzleOptions(described);
        const ParsedArguments arguments = parseArguments(argc, argv, kPuzzlesUsage, described);
        if (arguments.helpShown) return kSuccess;
        PuzzleRequest request = requestFrom(arguments);
        const GameSelection& selection = request.selection;
        const InterruptGuard interrupt;
        request.options.stop = [&interrupt] { return interrupt.stopRequested(); };
        const bool terminal = isatty(STDERR_FILENO) != 0 && !arguments.values["no-progress"].as<bool>();
        if (terminal) request.options.progress = progressLine(request.options.count);

        nlohmann::ordered_json figures{{"command", "papamu puzzles"}, {"commit", buildCommit()}, {"game", gameName(selection.kind)},
                                       {"variant", selection.variant.name()}, {"board", selection.size.name()},
                                       {"count", request.options.count}, {"seed", request.seed},
                                       {"unique", uniquenessName(request.options.uniqueness)},
                                       {"min_remoteness", request.options.minRemoteness},
                                       {"max_remoteness", request.options.maxRemoteness}};
        const auto started = std::chrono::steady_clock::now();
        const PuzzleRun run = visitGame(selection.kind, selection.size, selection.variant,
                                        [&](const auto& game) { return generate(game, arguments, request, figures); });
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        if (terminal) std::fprintf(stderr, "\n");
        figures["reachable"] = request.reachable || figures["source"] == "playouts";  // play-outs are reachable by construction
        figures.update(puzzleRunStatistics(run, seconds));

        const bool found = static_cast<int>(run.puzzles.size()) == request.options.count;
        if (!found && !run.stopped) {
            std::cerr << "papamu puzzles: only " << run.puzzles.size() << " of " << request.options.count << " puzzles found within "
                      << run.draws << " draws; " << (request.out == "-" ? "nothing written" : request.out + " left as it was") << "\n";
            return kNegative;
        }
        if (run.puzzles.empty() && run.stopped) {
            std::cerr << "papamu puzzles: interrupted before any puzzle was found; nothing written"
                      << (request.out == "-" ? "" : ", " + request.out + " left as it was") << "\n";
            return interrupt.shellExitCode();
        }
        const std::string title = std::string(gameName(selection.kind)) + " " + selection.size.name() + " puzzles (" +
                                  selection.variant.name() + ", seed " + std::to_string(request.seed) + ")";
        writeOutput(request.out, puzzlesToText(run.puzzles, request.format, title));
        if (arguments.values.count("stats")) writeOutput(arguments.values["stats"].as<std::string>(), figures.dump(2) + "\n");
        if (jsonRequested(arguments)) std::cout << figures.dump() << "\n";
        std::cerr << (run.stopped ? "papamu puzzles: interrupted: wrote " : "wrote ") << run.puzzles.size() << " puzzles to "
                  << (request.out == "-" ? "standard output" : request.out) << " (" << run.draws << " draws, " << run.analysed
                  << " positions analysed, " << seconds << " s)\n";
        return run.stopped ? interrupt.shellExitCode() : kSuccess;
    });
}

}  // namespace papamu::cli
