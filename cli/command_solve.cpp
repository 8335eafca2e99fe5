// solve: prove a board (every opening line) or one position with the proof-number search, or
// with the plain memoized negamax baseline for comparison.
// Exit codes: 0 a complete answer (whoever wins), 1 "unknown" (a limit stopped the search),
// 2 bad input (a table that does not fit the memory budget included), 130 (143) stopped by
// Ctrl-C (SIGTERM): what was proven before the stop is printed, the rest shows as unknown.
#include <sys/resource.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/certificate_options.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"
#include "solver/board_solution.hpp"
#include "solver/interrupt.hpp"
#include "solver/memoized_negamax.hpp"
#include "solver/memory_budget.hpp"
#include "solver/proof_number_search.hpp"
#include "tablebase/table_probe.hpp"

namespace papamu::cli {

namespace {

struct SolveSettings {
    int threads = 1;
    std::size_t hashMegabytes = 256;
    SearchLimits limits;
    bool json = false;
    bool all = false;
    bool progress = false;
    std::string method = "dfpn";
    std::string tables;
    std::uint64_t memoryBudget = 0;
    const InterruptGuard* interrupt = nullptr;  // df-pn only: the baseline cannot stop half-way
    CertificateRequest certificate;
};

// The win/loss tables as the solver's leaf oracle; positions the tables do not hold are searched.
struct TableLeafOracle {
    const TableProbe* table = nullptr;
    std::optional<Value> probeValue(const Position& position) const {
        if (position.stoneCount() > table->maxStones()) return std::nullopt;
        const std::optional<Outcome> outcome = table->probe(position);
        if (!outcome) return std::nullopt;
        return outcome->value;
    }
};
static_assert(LeafOracle<TableLeafOracle>);

double peakMegabytes() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

const char* playerName(Color color) { return color == Color::Black ? "first" : "second"; }

std::string valueText(const std::optional<Value>& value) { return value ? valueName(*value) : "unknown"; }

std::string winnerText(const std::optional<Color>& winner) { return winner ? playerName(*winner) : "unknown"; }

double rate(std::uint64_t nodes, double seconds) { return seconds > 0.0 ? static_cast<double>(nodes) / seconds : 0.0; }

std::string compact(double number) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(1);
    if (number >= 1e9) out << number / 1e9 << "G";
    else if (number >= 1e6) out << number / 1e6 << "M";
    else if (number >= 1e3) out << number / 1e3 << "k";
    else out << std::setprecision(0) << number;
    return out.str();
}

nlohmann::json statisticsJson(const SearchResult& result) {
    return {{"nodes", result.nodes},
            {"seconds", result.seconds},
            {"nodes_per_second", rate(result.nodes, result.seconds)},
            {"table_used", result.tableUsed},
            {"table_capacity", result.tableCapacity}};
}

std::string statisticsText(const SearchResult& result) {
    std::ostringstream out;
    out << compact(static_cast<double>(result.nodes)) << " nodes, " << std::fixed << std::setprecision(2)
        << result.seconds << " s, " << compact(rate(result.nodes, result.seconds)) << " nodes/s, table "
        << std::setprecision(1)
        << (result.tableCapacity ? 100.0 * static_cast<double>(result.tableUsed) / static_cast<double>(result.tableCapacity) : 0.0)
        << "%";
    return out.str();
}

std::vector<std::string> moveNames(const BoardGeometry& geometry, const std::vector<Move>& moves) {
    std::vector<std::string> names;
    for (const Move move : moves) names.push_back(moveName(geometry, move));
    return names;
}

std::string joined(const std::vector<std::string>& words) {
    std::string text;
    for (const std::string& word : words) text += (text.empty() ? "" : " ") + word;
    return text;
}

// A progress line on stderr for a terminal, overwritten in place.
SearchOptions searchOptions(const SolveSettings& settings) {
    SearchOptions options;
    options.threads = settings.threads;
    options.hashMegabytes = settings.hashMegabytes;
    options.limits = settings.limits;
    if (settings.interrupt) options.stopRequested = [guard = settings.interrupt] { return guard->stopRequested(); };
    if (settings.progress) {
        options.progress = [](const SearchProgress& progress) {
            std::fprintf(stderr, "\r%s nodes  root pn %s dn %s  %s nodes/s  table %.1f%%  %.0f s   ",
                         compact(static_cast<double>(progress.nodes)).c_str(),
                         compact(static_cast<double>(progress.root.proof)).c_str(),
                         compact(static_cast<double>(progress.root.disproof)).c_str(),
                         compact(rate(progress.nodes, progress.seconds)).c_str(),
                         100.0 * static_cast<double>(progress.tableUsed) / static_cast<double>(progress.tableCapacity),
                         progress.seconds);
            std::fflush(stderr);
        };
    }
    return options;
}

void clearProgress(const SolveSettings& settings) {
    if (settings.progress) std::fprintf(stderr, "\r%80s\r", "");
}

// The search, refused up front when its table would not fit the memory budget; `what` names the
// work for the message. The table is allocated here, so running out of memory anyway (a budget
// above what the system will give) is one line too, not a crash.
template <class G, class O>
ProofNumberSearch<G, O> createSearch(const G& game, O oracle, const SolveSettings& settings, const std::string& what) {
    SearchOptions options = searchOptions(settings);
    requireWithinBudget(ProofNumberSearch<G, O>::memoryEstimate(options), settings.memoryBudget,
                        what + " with a " + std::to_string(settings.hashMegabytes) + " MB table (--hash)");
    try {
        return ProofNumberSearch<G, O>(game, std::move(options), std::move(oracle));
    } catch (const std::bad_alloc&) {
        throw std::invalid_argument("out of memory allocating the " + std::to_string(settings.hashMegabytes) +
                                    " MB transposition table (--hash); try a smaller --hash");
    }
}

// After a Ctrl-C (or SIGTERM): says so on stderr and gives the shell's exit code for it.
std::optional<int> interruptedExit(const SolveSettings& settings) {
    if (!settings.interrupt || !settings.interrupt->stopRequested()) return std::nullopt;
    std::cerr << "papamu solve: interrupted by " << (settings.interrupt->signalNumber() == SIGINT ? "SIGINT (Ctrl-C)" : "SIGTERM")
              << ": the values shown were proven before the stop, the rest are unknown; run the command again to "
                 "finish (nothing is kept between runs)\n";
    return settings.interrupt->shellExitCode();
}

template <class G, class O>
int solveBoard(const G& game, O oracle, const SolveSettings& settings) {
    const BoardGeometry& geometry = game.geometry();
    auto search = createSearch(game, std::move(oracle), settings, "solving " + std::string(gameName(G::kKind)) + " " + geometry.sizeName());
    BoardSolver solver(search, G::kTraits.openingPlies, settings.limits);
    const BoardSolution solution = solver.solve(game.startPosition());
    const auto certificate = writeCertificate(settings.certificate, search, game.startPosition(), solution.value);
    clearProgress(settings);
    const bool pie = solution.value != solution.valueWithoutSwap ||
                     std::any_of(solution.lines.begin(), solution.lines.end(), [](const OpeningLine& line) { return line.swapOffered; });
    const Position start = game.startPosition();
    const std::optional<Color> winner = winnerOf(start, solution.value);
    const std::optional<Color> winnerWithoutPie = winnerOf(start, solution.valueWithoutSwap);
    SearchResult total;
    total.nodes = solution.nodes;
    total.seconds = solution.seconds;
    total.tableUsed = search.table().used();
    total.tableCapacity = search.table().capacity();
    std::vector<std::string> winningOpenings;
    for (const OpeningLine& line : solution.lines) {
        if (line.moves.size() == 1 && winnerOf(line.position, line.value) == Color::Black) {
            winningOpenings.push_back(moveName(geometry, line.moves.front()));
        }
    }
    const auto whiteAnswer = [&](const OpeningLine& line) -> std::string {
        if (line.finished) return "none, the game is over";
        if (!line.value) return "unknown";
        return *line.value == Value::Win ? "reply" : "swap";
    };
    if (settings.json) {
        nlohmann::json lines = nlohmann::json::array();
        nlohmann::json openings = nlohmann::json::array();
        for (const OpeningLine& line : solution.lines) {
            nlohmann::json entry{{"moves", moveNames(geometry, line.moves)},
                                 {"winner", winnerText(winnerOf(line.position, line.value))},
                                 {"value", valueText(line.value)}};
            if (!line.complete) {
                openings.push_back(entry);
                continue;
            }
            entry["principal_line"] = moveNames(geometry, line.principalLine);
            entry["statistics"] = statisticsJson(line.statistics);
            if (line.swapOffered) {
                entry["winner_with_pie"] = winnerText(winnerOf(line.position, line.valueWithSwap) == Color::White ? Color::White : Color::Black);
                entry["white_answer"] = whiteAnswer(line);
            }
            lines.push_back(entry);
        }
        nlohmann::json result{{"game", gameName(G::kKind)},
                              {"board", geometry.sizeName()},
                              {"variant", game.variant().name()},
                              {"method", "dfpn"},
                              {"threads", settings.threads},
                              {"hash_mb", settings.hashMegabytes},
                              {"winner", winnerText(winner)},
                              {"winning_openings", winningOpenings},
                              {"lines", lines},
                              {"statistics", statisticsJson(total)},
                              {"peak_rss_mb", peakMegabytes()}};
        if (G::kTraits.openingPlies > 1) result["openings"] = openings;
        if (pie) result["winner_without_pie"] = winnerText(winnerWithoutPie);
        if (certificate) result["certificate"] = *certificate;
        if (settings.interrupt && settings.interrupt->stopRequested()) result["interrupted"] = true;
        std::cout << result.dump() << "\n";
    } else {
        std::cout << gameName(G::kKind) << " " << geometry.sizeName() << " (" << game.variant().name() << "): "
                  << (winner ? std::string(colorName(*winner)) + " (" + playerName(*winner) + " player) wins" : "unknown")
                  << "\n";
        for (const OpeningLine& line : solution.lines) {
            std::cout << "  " << std::left << std::setw(10) << joined(moveNames(geometry, line.moves)) << " "
                      << std::setw(8) << (winnerOf(line.position, line.value) ? colorName(*winnerOf(line.position, line.value)) : "unknown")
                      << std::right;
            if (line.complete) {
                if (line.swapOffered) std::cout << " pie: White " << std::setw(6) << whiteAnswer(line);
                std::cout << "  " << statisticsText(line.statistics);
                if (!line.principalLine.empty()) std::cout << "  line: " << joined(moveNames(geometry, line.principalLine));
            }
            std::cout << "\n";
        }
        std::cout << "winning first moves for Black" << (pie ? " (without the pie rule)" : "") << ": "
                  << (winningOpenings.empty() ? "none" : joined(winningOpenings)) << "\n";
        if (pie) {
            std::cout << "without the pie rule: " << (winnerWithoutPie ? colorName(*winnerWithoutPie) : "unknown") << " wins\n";
            if (winner == Color::White) {
                std::cout << "with the pie rule: the second player wins: after every first move White either replies "
                             "(where the position is won for White) or swaps (where it is won for Black)\n";
            } else if (winner == Color::Black) {
                std::cout << "with the pie rule: the first player wins: a first move ends the game at once\n";
            }
        }
        std::cout << "total: " << statisticsText(total) << ", peak memory " << std::fixed << std::setprecision(0)
                  << peakMegabytes() << " MB\n";
        if (certificate) std::cout << certificateLine(*certificate) << "\n";
    }
    std::cout.flush();
    if (const auto code = interruptedExit(settings)) return *code;
    return winner ? static_cast<int>(kSuccess) : static_cast<int>(kNegative);
}

template <class G, class O>
int solvePosition(const G& game, O oracle, const Position& position, const SolveSettings& settings) {
    const BoardGeometry& geometry = game.geometry();
    auto search = createSearch(game, std::move(oracle), settings, "solving the position");
    const SearchResult result = search.solve(position);
    std::optional<std::vector<Move>> winning;
    std::vector<Move> line;
    if (result.value == Value::Win) winning = search.winningMoves(position, settings.all);
    if (result.value) line = search.principalLine(position, 64);
    const auto certificate = writeCertificate(settings.certificate, search, position, result.value);
    clearProgress(settings);
    const std::vector<std::string> winningNames = winning ? moveNames(geometry, *winning) : std::vector<std::string>{};
    if (settings.json) {
        nlohmann::json output{{"position", formatPosition(G::kKind, geometry, position)},
                              {"variant", game.variant().name()},
                              {"method", "dfpn"},
                              {"threads", settings.threads},
                              {"value", valueText(result.value)},
                              {"winning_moves", winningNames},
                              {"principal_line", moveNames(geometry, line)},
                              {"statistics", statisticsJson(result)},
                              {"peak_rss_mb", peakMegabytes()}};
        if (settings.interrupt && settings.interrupt->stopRequested()) output["interrupted"] = true;
        if (certificate) output["certificate"] = *certificate;
        std::cout << output.dump() << "\n";
    } else {
        std::cout << valueText(result.value);
        if (!winningNames.empty()) std::cout << " " << joined(winningNames);
        std::cout << "\n";
        if (!line.empty()) std::cout << "line: " << joined(moveNames(geometry, line)) << "\n";
        std::cout << statisticsText(result) << ", peak memory " << std::fixed << std::setprecision(0) << peakMegabytes() << " MB\n";
        if (certificate) std::cout << certificateLine(*certificate) << "\n";
    }
    std::cout.flush();
    if (const auto code = interruptedExit(settings)) return *code;
    return result.value ? static_cast<int>(kSuccess) : static_cast<int>(kNegative);
}

// The baseline: value of the position (for a board, the start) by memoized negamax.
template <class G>
int solveWithBaseline(const G& game, const Position& position, bool board, const SolveSettings& settings) {
    const auto started = std::chrono::steady_clock::now();
    MemoizedNegamax baseline(game);
    const Value value = baseline.solve(position);
    SearchResult result;
    result.value = value;
    result.nodes = baseline.nodes();
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    result.tableUsed = baseline.positionsStored();
    result.tableCapacity = baseline.positionsStored();
    const std::string boardName = game.geometry().sizeName();
    if (settings.json) {
        nlohmann::json output{{"game", gameName(G::kKind)}, {"variant", game.variant().name()}, {"method", "negamax"},
                              {"threads", 1}, {"statistics", statisticsJson(result)}, {"peak_rss_mb", peakMegabytes()}};
        if (board) {
            output["board"] = boardName;
            output["winner"] = winnerText(winnerOf(position, value));
        } else {
            output["position"] = formatPosition(G::kKind, game.geometry(), position);
            output["value"] = valueName(value);
        }
        std::cout << output.dump() << "\n";
    } else {
        if (board) std::cout << gameName(G::kKind) << " " << boardName << ": " << colorName(winnerOf(position, value)) << " wins\n";
        else std::cout << valueName(value) << "\n";
        std::cout << compact(static_cast<double>(result.nodes)) << " nodes, " << std::fixed << std::setprecision(2) << result.seconds
                  << " s, " << result.tableUsed << " positions stored, peak memory " << std::setprecision(0) << peakMegabytes() << " MB\n";
    }
    return static_cast<int>(kSuccess);
}

}  // namespace

int runSolve(int argc, char** argv) {
    return guardedRun("solve", [&]() -> int {
        options::options_description described("solve options");
        addVariantOption(described);
        addJsonOption(described);
        described.add_options()("threads", options::value<int>()->default_value(1), "search threads")(
            "hash", options::value<std::size_t>()->default_value(256), "transposition table size in MB")(
            "memory", options::value<std::string>(),
            "memory budget, e.g. 8G, 512M or 50% (default: 75% of the available memory); a --hash table "
            "that does not fit is refused")(
            "time-limit", options::value<double>()->default_value(0.0), "stop after S seconds with 'unknown' (0: none)")(
            "node-limit", options::value<std::uint64_t>()->default_value(0), "stop after N nodes with 'unknown' (0: none)")(
            "all", options::bool_switch(), "POSITION: list every winning move, not just one")(
            "tb", options::value<std::string>(), "directory of win/loss tables to probe at the leaves")(
            "method", options::value<std::string>()->default_value("dfpn"),
            "dfpn (proof-number search) or negamax (the plain memoized baseline, value only)")(
            "no-progress", options::bool_switch(), "no progress line on a terminal")(
            "certificate", options::value<std::string>(),
            "write a proof certificate of the value to FILE (check it with papamu verify --certificate FILE)");
        const ParsedArguments arguments = parseArguments(
            argc, argv,
            "papamu solve GAME RxC | papamu solve POSITION [--all]  [--threads N] [--hash MB] [--tb DIR] "
            "[--time-limit S] [--node-limit N] [--memory SIZE] [--certificate FILE] [--json]\n"
            "exit code 0: solved, 1: unknown (a limit was reached), 2: bad input, 130: stopped by Ctrl-C "
            "(what was proven so far is printed)",
            described);
        if (arguments.helpShown) return kSuccess;
        const auto& words = arguments.positional;
        GameSelection selection;
        bool board = false;
        if (words.size() == 1) {
            selection = selectPosition(words[0], variantFrom(arguments));
        } else if (words.size() == 2) {
            selection = selectStart(words[0], words[1], variantFrom(arguments));
            board = true;
        } else {
            throw std::invalid_argument("expected GAME RxC or POSITION");
        }
        SolveSettings settings;
        settings.threads = arguments.values["threads"].as<int>();
        if (settings.threads < 1 || settings.threads > 256) throw std::invalid_argument("--threads must be from 1 to 256");
        settings.hashMegabytes = arguments.values["hash"].as<std::size_t>();
        if (settings.hashMegabytes < 1) throw std::invalid_argument("--hash must be at least 1 MB");
        settings.limits.seconds = arguments.values["time-limit"].as<double>();
        if (settings.limits.seconds < 0.0) throw std::invalid_argument("--time-limit must not be negative");
        settings.limits.nodes = arguments.values["node-limit"].as<std::uint64_t>();
        settings.json = jsonRequested(arguments);
        settings.all = arguments.values["all"].as<bool>();
        settings.method = arguments.values["method"].as<std::string>();
        if (settings.method != "dfpn" && settings.method != "negamax") {
            throw std::invalid_argument("--method must be dfpn or negamax, not '" + settings.method + "'");
        }
        if (arguments.values.count("certificate")) {
            if (settings.method != "dfpn") throw std::invalid_argument("--certificate needs --method dfpn (the baseline keeps no proof)");
            settings.certificate = CertificateRequest{arguments.values["certificate"].as<std::string>(), selection.kind, selection.size};
        }
        settings.progress = !arguments.values["no-progress"].as<bool>() && isatty(STDERR_FILENO) != 0;
        settings.memoryBudget = arguments.values.count("memory") ? parseMemorySize(arguments.values["memory"].as<std::string>())
                                                                 : defaultMemoryBudget();
        std::optional<TableProbe> tables;
        if (arguments.values.count("tb")) {
            try {
                tables.emplace(TableProbe::open(arguments.values["tb"].as<std::string>(), selection.kind, selection.size, selection.variant));
            } catch (const TableError& error) {
                throw std::invalid_argument(std::string("--tb: ") + error.what());
            }
            tables->requireRules(selection.kind, selection.size, selection.variant);
        }
        // Ctrl-C stops the proof-number search cleanly; the baseline has no stop hook, so there
        // the signal keeps its default action.
        std::optional<InterruptGuard> interrupt;
        if (settings.method == "dfpn") settings.interrupt = &interrupt.emplace();
        return visitGame(selection.kind, selection.size, selection.variant, [&](const auto& game) {
            if (settings.method == "negamax") return solveWithBaseline(game, selection.position, board, settings);
            if (tables) {
                const TableLeafOracle oracle{&*tables};
                return board ? solveBoard(game, oracle, settings) : solvePosition(game, oracle, selection.position, settings);
            }
            return board ? solveBoard(game, NullLeafOracle{}, settings)
                         : solvePosition(game, NullLeafOracle{}, selection.position, settings);
        });
    });
}

}  // namespace papamu::cli
