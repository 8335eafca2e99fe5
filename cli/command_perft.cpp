// perft: counts move sequences; the move generator's correctness and speed signature.
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/option_ranges.hpp"
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

}  // namespace

int runPerft(int argc, char** argv) {
    return guardedRun("perft", [&] {
        options::options_description described("perft options");
        addVariantOption(described);
        addJsonOption(described);
        described.add_options()("divide", options::bool_switch(), "list the count under each first move")(
            "stats", options::bool_switch(), "print time and nodes per second on stderr");
        const ParsedArguments arguments =
            parseArguments(argc, argv, "papamu perft POSITION D | papamu perft GAME RxC D [--divide] [--stats] [--variant V] [--json]\n"
                               "POSITION - reads the position from standard input", described);
        if (arguments.helpShown) return kSuccess;
        const auto& words = arguments.positional;
        GameSelection selection;
        if (words.size() == 2 && words[0] != "-" && words[0].find(' ') == std::string::npos) {
            // Not a position (those hold spaces): most likely GAME RxC without D.
            throw std::invalid_argument("expected POSITION D or GAME RxC D (a POSITION is one quoted argument)");
        }
        if (words.size() == 2) {
            selection = selectPosition(positionText(words[0]), variantFrom(arguments));
        } else if (words.size() == 3) {
            selection = selectStart(words[0], words[1], variantFrom(arguments));
        } else {
            throw std::invalid_argument("expected POSITION D or GAME RxC D");
        }
        const int depth = parseDepth(words.back());
        const bool divide = arguments.values["divide"].as<bool>();
        return visitGame(selection.kind, selection.size, selection.variant, [&](const auto& game) {
            const auto started = std::chrono::steady_clock::now();
            PerftTally tally;
            nlohmann::json divided = nlohmann::json::array();
            if (divide && depth > 0) {
                MoveList moves;
                game.generateMoves(selection.position, moves);
                ++tally.expanded;
                for (const Move move : moves) {
                    const std::uint64_t before = tally.leaves;
                    perftTally(game, game.applyMove(selection.position, move), depth - 1, tally);
                    const std::uint64_t count = tally.leaves - before;
                    if (jsonRequested(arguments)) {
                        divided.push_back({{"move", moveName(game.geometry(), move)}, {"nodes", count}});
                    } else {
                        std::cout << moveName(game.geometry(), move) << " " << count << "\n";
                    }
                }
            } else {
                perftTally(game, selection.position, depth, tally);
            }
            const std::uint64_t total = tally.leaves;
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            if (jsonRequested(arguments)) {
                nlohmann::json result{{"position", formatPosition(selection.kind, game.geometry(), selection.position)},
                                      {"variant", selection.variant.name()},
                                      {"depth", depth},
                                      {"nodes", total},
                                      {"positions_expanded", tally.expanded},
                                      {"seconds", seconds}};
                if (divide) result["divide"] = divided;
                std::cout << result.dump() << "\n";
            } else {
                std::cout << (divide ? "total " : "") << total << "\n";
            }
            if (arguments.values["stats"].as<bool>()) {
                // Leaves are counted in bulk at the last level, so leaves/s overstates the work;
                // positions expanded (move lists generated) per second is the honest rate.
                const auto perSecond = [seconds](std::uint64_t count) {
                    return static_cast<std::uint64_t>(seconds > 0 ? static_cast<double>(count) / seconds : 0.0);
                };
                std::cerr << "perft " << depth << ": " << total << " nodes in " << seconds << " s, " << perSecond(total)
                          << " nodes/s; " << tally.expanded << " positions expanded, " << perSecond(tally.expanded)
                          << " positions/s\n";
            }
            return kSuccess;
        });
    });
}

}  // namespace papamu::cli
