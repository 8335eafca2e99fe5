// perft: counts move sequences; the move generator's correctness and speed signature.
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/option_ranges.hpp"
#include "cli/solve_text.hpp"
#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"
#include "rules/perft.hpp"

namespace papamu::cli {

namespace {

int parseDepth(const std::string& text) {
    try {
        return static_cast<int>(parseIntegerOption("depth", text));
    } catch (const std::invalid_argument&) {
        throw std::invalid_argument("depth '" + text + "' must be a whole number from 0 to 64");
    }
}

// The position to count from: POSITION D, or GAME RxC D for a board's start.
GameSelection perftSelection(const ParsedArguments& arguments) {
    const auto& words = arguments.positional;
    if (words.size() == 2 && words[0] != "-" && words[0].find(' ') == std::string::npos) {
        // Not a position (those hold spaces): most likely GAME RxC without D.
        throw std::invalid_argument("expected POSITION D or GAME RxC D (a POSITION is one quoted argument)");
    }
    if (words.size() == 2) return selectPosition(positionText(words[0]), variantFrom(arguments));
    if (words.size() == 3) return selectStart(words[0], words[1], variantFrom(arguments));
    throw std::invalid_argument("expected POSITION D or GAME RxC D");
}

// perft with --divide: the count under each first move, handed to `each(move, count)`.
template <class G, class Each>
void perftDivided(const G& game, const Position& position, int depth, PerftTally& tally, const Each& each) {
    MoveList moves;
    game.generateMoves(position, moves);
    ++tally.expanded;
    for (const Move move : moves) {
        const std::uint64_t before = tally.leaves;
        perftTally(game, game.applyMove(position, move), depth - 1, tally);
        each(move, tally.leaves - before);
    }
}

// --stats, on stderr. Leaves are counted in bulk at the last level, so leaves/s overstates the
// work; positions expanded (move lists generated) per second is the honest rate.
void printPerftStatistics(int depth, const PerftTally& tally, double seconds) {
    const auto rate = [seconds](std::uint64_t count) { return static_cast<std::uint64_t>(perSecond(count, seconds)); };
    std::cerr << "perft " << depth << ": " << tally.leaves << " nodes in " << seconds << " s, " << rate(tally.leaves)
              << " nodes/s; " << tally.expanded << " positions expanded, " << rate(tally.expanded) << " positions/s\n";
}

ParsedArguments parsePerftArguments(int argc, char** argv) {
    options::options_description described("perft options");
    addVariantOption(described);
    addJsonOption(described);
    described.add_options()("divide", options::bool_switch(), "list the count under each first move")(
        "stats", options::bool_switch(), "print time and nodes per second on stderr");
    return parseArguments(argc, argv,
                          "papamu perft POSITION D | papamu perft GAME RxC D [--divide] [--stats] [--variant V] [--json]\n"
                          "POSITION - reads the position from standard input",
                          described);
}

}  // namespace

int runPerft(int argc, char** argv) {
    return guardedRun("perft", [&] {
        const ParsedArguments arguments = parsePerftArguments(argc, argv);
        if (arguments.helpShown) return kSuccess;
        const GameSelection selection = perftSelection(arguments);
        const int depth = parseDepth(arguments.positional.back());
        const bool divide = arguments.values["divide"].as<bool>();
        const bool json = jsonRequested(arguments);
        return visitGame(selection.kind, selection.size, selection.variant, [&](const auto& game) {
            const auto started = std::chrono::steady_clock::now();
            PerftTally tally;
            nlohmann::json divided = nlohmann::json::array();
            if (divide && depth > 0) {
                perftDivided(game, selection.position, depth, tally, [&](Move move, std::uint64_t count) {
                    if (json) {
                        divided.push_back({{"move", moveName(game.geometry(), move)}, {"nodes", count}});
                    } else {
                        std::cout << moveName(game.geometry(), move) << " " << count << "\n";
                    }
                });
            } else {
                perftTally(game, selection.position, depth, tally);
            }
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            if (json) {
                nlohmann::json result{{"position", formatPosition(selection.kind, game.geometry(), selection.position)},
                                      {"variant", selection.variant.name()},
                                      {"depth", depth},
                                      {"nodes", tally.leaves},
                                      {"positions_expanded", tally.expanded},
                                      {"seconds", seconds}};
                if (divide) result["divide"] = divided;
                std::cout << result.dump() << "\n";
            } else {
                std::cout << (divide ? "total " : "") << tally.leaves << "\n";
            }
            if (arguments.values["stats"].as<bool>()) printPerftStatistics(depth, tally, seconds);
            return kSuccess;
        });
    });
}

}  // namespace papamu::cli
