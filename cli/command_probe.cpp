// probe: a position's value and remoteness from the tables, and every move with what it leads to.
#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "json/game_json.hpp"
#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"
#include "tablebase/table_probe.hpp"

namespace papamu::cli {

namespace {

struct RatedMove {
    Move move;
    Value value;  // for the player making the move
    int remoteness;  // of the position it leads to
};

// Best first: winning moves fastest first, then losing moves longest first.
bool betterMove(const RatedMove& left, const RatedMove& right) {
    return betterOutcome(Outcome{left.value, left.remoteness}, Outcome{right.value, right.remoteness});
}

}  // namespace

int runProbe(int argc, char** argv) {
    return guardedRun("probe", [&] {
        options::options_description described("probe options");
        addVariantOption(described);
        addJsonOption(described);
        described.add_options()("tb", options::value<std::string>(), "table root (or one table directory); required");
        const ParsedArguments arguments = parseArguments(argc, argv, "papamu probe POSITION --tb DIR [--variant V] [--json]", described);
        if (arguments.helpShown) return kSuccess;
        if (arguments.positional.size() != 1) throw std::invalid_argument("expected one POSITION (quote it)");
        if (!arguments.values.count("tb")) throw std::invalid_argument("--tb DIR is required");
        const GameSelection selection = selectPosition(arguments.positional[0], variantFrom(arguments));
        const TableProbe table = TableProbe::open(arguments.values["tb"].as<std::string>(), selection.kind, selection.size, selection.variant);
        return visitGame(selection.kind, selection.size, selection.variant, [&](const auto& game) {
            const Outcome outcome = table.outcome(selection.position);
            std::vector<RatedMove> rated;
            MoveList moves;
            game.generateMoves(selection.position, moves);
            for (const Move move : moves) {
                const Outcome child = table.outcome(game.applyMove(selection.position, move));
                rated.push_back(RatedMove{move, negate(child.value), child.remoteness});
            }
            std::stable_sort(rated.begin(), rated.end(), betterMove);
            const std::string positionText = formatPosition(selection.kind, game.geometry(), selection.position);
            if (jsonRequested(arguments)) {
                nlohmann::ordered_json json{{"position", positionText},
                                            {"value", valueName(outcome.value)},
                                            {"remoteness", outcome.remoteness},
                                            {"moves", nlohmann::ordered_json::array()}};
                for (const RatedMove& item : rated) {
                    json["moves"].push_back(ratedMoveJson(game.geometry(), item.move, item.value, item.remoteness));
                }
                std::cout << json.dump() << "\n";
            } else {
                std::cout << positionText << "\n"
                          << colorName(selection.position.sideToMove) << " to move: " << valueName(outcome.value) << " in "
                          << outcome.remoteness << (outcome.remoteness == 1 ? " ply" : " plies") << "\n";
                for (const RatedMove& item : rated) {
                    const std::string name = moveName(game.geometry(), item.move);
                    std::cout << "  " << name << std::string(name.size() < 8 ? 8 - name.size() : 1, ' ') << valueName(item.value)
                              << (item.value == Value::Win ? "  " : " ") << item.remoteness << "\n";
                }
            }
            return kSuccess;
        });
    });
}

}  // namespace papamu::cli
