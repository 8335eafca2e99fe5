// puzzles: generate a set of puzzles with unique solutions (puzzles/README.md).
#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "puzzles/outcome_oracle.hpp"
#include "puzzles/position_sources.hpp"
#include "puzzles/puzzle_files.hpp"
#include "puzzles/puzzle_generator.hpp"
#include "rules/game_dispatch.hpp"

namespace papamu::cli {

namespace {

nlohmann::ordered_json summaryOf(const std::vector<int>& values) {
    if (values.empty()) return nlohmann::ordered_json::object();
    std::vector<int> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    double sum = 0;
    for (const int value : sorted) sum += value;
    return {{"min", sorted.front()},
            {"median", sorted[sorted.size() / 2]},
            {"mean", sum / static_cast<double>(sorted.size())},
            {"max", sorted.back()}};
}

// Figures of a run: speed and the distributions of lengths, ratings (100-point buckets) and themes.
nlohmann::ordered_json runStatistics(const PuzzleRun& run, double seconds) {
    std::map<int, int> lengths, ratings;
    std::map<std::string, int> themes;
    std::vector<int> lengthValues, ratingValues;
    for (const Puzzle& puzzle : run.puzzles) {
        ++lengths[puzzle.length];
        ++ratings[puzzle.rating / 100 * 100];
        lengthValues.push_back(puzzle.length);
        ratingValues.push_back(puzzle.rating);
        std::istringstream words(puzzle.theme);
        for (std::string word; words >> word;) ++themes[word];
    }
    nlohmann::ordered_json stats;
    stats["puzzles"] = run.puzzles.size();
    stats["draws"] = run.draws;
    stats["analysed"] = run.analysed;
    stats["seconds"] = seconds;
    stats["puzzles_per_second"] = seconds > 0 ? static_cast<double>(run.puzzles.size()) / seconds : 0.0;
    stats["length"] = summaryOf(lengthValues);
    stats["rating"] = summaryOf(ratingValues);
    nlohmann::ordered_json lengthHistogram = nlohmann::ordered_json::object();
    for (const auto& [length, count] : lengths) lengthHistogram[std::to_string(length)] = count;
    nlohmann::ordered_json ratingHistogram = nlohmann::ordered_json::object();
    for (const auto& [bucket, count] : ratings) ratingHistogram[std::to_string(bucket)] = count;
    nlohmann::ordered_json themeCounts = nlohmann::ordered_json::object();
    for (const auto& [theme, count] : themes) themeCounts[theme] = count;
    stats["length_histogram"] = lengthHistogram;
    stats["rating_histogram_100"] = ratingHistogram;
    stats["themes"] = themeCounts;
    return stats;
}

}  // namespace

int runPuzzles(int argc, char** argv) {
    return guardedRun("puzzles", [&]() -> int {
        options::options_description described("puzzles options");
        described.add_options()
            ("count", options::value<int>(), "number of puzzles to make (required)")
            ("out", options::value<std::string>(), "output file (required); written to FILE.tmp, then renamed")
            ("format", options::value<std::string>(), "jsonl, csv or html (default: from the extension of --out, else jsonl)")
            ("tb", options::value<std::string>(), "table root or directory: outcomes from tables, positions drawn from them")
            ("seed", options::value<std::uint64_t>()->default_value(1), "random seed (same seed and tables: same file)")
            ("min-remoteness", options::value<int>()->default_value(3), "shortest solution, in plies")
            ("max-remoteness", options::value<int>()->default_value(0), "longest solution, in plies (0: no limit)")
            ("unique", options::value<std::string>()->default_value("line"), "first: one winning first move; line: one winning move at every turn of the solution")
            ("reachable", options::bool_switch(), "only positions reachable from the start (drawn from play-outs)")
            ("max-stones", options::value<int>(), "draw positions with at most this many stones (default: the table's limit, else 20 for konane, 14 for unane)")
            ("max-draws", options::value<std::uint64_t>()->default_value(0), "give up after this many drawn positions (0: 2000 per puzzle)")
            ("stats", options::value<std::string>(), "also write run figures (speed, length and rating distributions) as JSON");
        addVariantOption(described);
        const ParsedArguments arguments = parseArguments(
            argc, argv,
            "papamu puzzles GAME RxC --count N --out FILE [--tb DIR] [--seed S] [--min-remoteness D] [--max-remoteness D]\n"
            "       [--unique first|line] [--format jsonl|csv|html] [--variant V] [--reachable] [--max-stones K] [--stats FILE]",
            described);
        if (arguments.helpShown) return kSuccess;
        if (arguments.positional.size() != 2) throw std::invalid_argument("expected GAME RxC, e.g. papamu puzzles konane 5x6 --count 100 --out p.jsonl");
        if (!arguments.values.count("count")) throw std::invalid_argument("missing --count N");
        if (!arguments.values.count("out")) throw std::invalid_argument("missing --out FILE");
        const GameSelection selection = selectStart(arguments.positional[0], arguments.positional[1], variantFrom(arguments));
        const std::string out = arguments.values["out"].as<std::string>();
        PuzzleFormat format = puzzleFormatOfPath(out).value_or(PuzzleFormat::JsonLines);
        if (arguments.values.count("format")) format = parsePuzzleFormat(arguments.values["format"].as<std::string>());

        PuzzleOptions puzzleOptions;
        puzzleOptions.count = arguments.values["count"].as<int>();
        puzzleOptions.minRemoteness = arguments.values["min-remoteness"].as<int>();
        puzzleOptions.maxRemoteness = arguments.values["max-remoteness"].as<int>();
        puzzleOptions.uniqueness = parseUniqueness(arguments.values["unique"].as<std::string>());
        puzzleOptions.maxDraws = arguments.values["max-draws"].as<std::uint64_t>();
        if (puzzleOptions.count < 1) throw std::invalid_argument("--count must be at least 1");
        if (puzzleOptions.minRemoteness < 1) throw std::invalid_argument("--min-remoteness must be at least 1");
        if (puzzleOptions.maxRemoteness != 0 && puzzleOptions.maxRemoteness < puzzleOptions.minRemoteness) {
            throw std::invalid_argument("--max-remoteness is below --min-remoteness");
        }
        const bool reachable = arguments.values["reachable"].as<bool>();
        const std::uint64_t seed = arguments.values["seed"].as<std::uint64_t>();
        const std::optional<int> maxStonesOption =
            arguments.values.count("max-stones") ? std::optional<int>(arguments.values["max-stones"].as<int>()) : std::nullopt;

        return visitGame(selection.kind, selection.size, selection.variant, [&](const auto& game) -> int {
            using Rules = std::decay_t<decltype(game)>;
            std::mt19937_64 random(seed);
            PuzzleRun run;
            std::string source = "playouts";
            std::string oracleName = "search";
            int maxStones = maxStonesOption.value_or(gameTraits(selection.kind).searchStoneLimit);
            const auto started = std::chrono::steady_clock::now();
            if (arguments.values.count("tb")) {
                const TableProbe table = TableProbe::open(arguments.values["tb"].as<std::string>(), selection.kind, selection.size, selection.variant);
                oracleName = "tables";
                TableOracle<Rules> oracle(game, table);
                if (!maxStonesOption) maxStones = reachable ? std::max(table.maxStones(), maxStones) : table.maxStones();
                if (reachable) {
                    PlayoutSource<Rules> positions(game, maxStones);
                    run = generatePuzzles(game, oracle, positions, random, puzzleOptions);
                } else {
                    source = "tables";
                    TableSource<Rules> positions(game, table, maxStones);
                    run = generatePuzzles(game, oracle, positions, random, puzzleOptions);
                }
            } else {
                SearchOracle<Rules> oracle(game);
                PlayoutSource<Rules> positions(game, maxStones);
                run = generatePuzzles(game, oracle, positions, random, puzzleOptions);
            }
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

            const std::string title = std::string(gameName(selection.kind)) + " " + selection.size.name() + " puzzles (" +
                                      selection.variant.name() + ", seed " + std::to_string(seed) + ")";
            writeFileAtomically(out, puzzlesToText(run.puzzles, format, title));
            if (arguments.values.count("stats")) {
                nlohmann::ordered_json stats;
                stats["command"] = "papamu puzzles";
                stats["commit"] = PAPAMU_GIT_COMMIT;
                stats["game"] = gameName(selection.kind);
                stats["variant"] = selection.variant.name();
                stats["board"] = selection.size.name();
                stats["count"] = puzzleOptions.count;
                stats["seed"] = seed;
                stats["unique"] = uniquenessName(puzzleOptions.uniqueness);
                stats["min_remoteness"] = puzzleOptions.minRemoteness;
                stats["max_remoteness"] = puzzleOptions.maxRemoteness;
                stats["max_stones"] = maxStones;
                stats["reachable"] = reachable || source == "playouts";  // play-outs are reachable by construction
                stats["source"] = source;
                stats["oracle"] = oracleName;
                stats.update(runStatistics(run, seconds));
                writeFileAtomically(arguments.values["stats"].as<std::string>(), stats.dump(2) + "\n");
            }
            std::cerr << "wrote " << run.puzzles.size() << " puzzles to " << out << " (" << run.draws << " draws, "
                      << run.analysed << " positions analysed, " << seconds << " s, "
                      << (seconds > 0 ? static_cast<double>(run.puzzles.size()) / seconds : 0.0) << " puzzles/s)\n";
            if (static_cast<int>(run.puzzles.size()) < puzzleOptions.count) {
                std::cerr << "papamu puzzles: only " << run.puzzles.size() << " of " << puzzleOptions.count
                          << " puzzles found within " << run.draws << " draws\n";
                return static_cast<int>(kNegative);
            }
            return static_cast<int>(kSuccess);
        });
    });
}

}  // namespace papamu::cli
