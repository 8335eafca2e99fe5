// start, show, moves, play: the commands that only need the rules.
#include <algorithm>
#include <iostream>
#include <optional>
#include <nlohmann/json.hpp>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "json/game_json.hpp"
#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"

namespace papamu::cli {

namespace {

// `singleArgument` commands take the position alone: a stray word (often an unquoted position
// split by the shell) is an error, not something to ignore.
GameSelection positionArgument(const ParsedArguments& arguments, const char* command, bool singleArgument) {
    if (arguments.positional.empty()) {
        throw std::invalid_argument(std::string("missing POSITION (see papamu ") + command + " --help)");
    }
    if (singleArgument && arguments.positional.size() > 1) {
        throw std::invalid_argument("expected one POSITION argument, got " + std::to_string(arguments.positional.size()) +
                                    " (quote the position: '" + arguments.positional.front() + " ...')");
    }
    return selectPosition(positionText(arguments.positional.front()), variantFrom(arguments));
}

// show, moves and play take the same options (--variant, --json) and a POSITION first; nullopt
// when --help was asked for (and shown).
struct PositionCommand {
    ParsedArguments arguments;
    GameSelection selection;
};

std::optional<PositionCommand> parsePositionCommand(int argc, char** argv, const char* command, const std::string& usage,
                                                    bool singleArgument) {
    options::options_description described(std::string(command) + " options");
    addVariantOption(described);
    addJsonOption(described);
    ParsedArguments arguments =
        parseArguments(argc, argv, usage + "\nPOSITION - reads the position from standard input", described);
    if (arguments.helpShown) return std::nullopt;
    GameSelection selection = positionArgument(arguments, command, singleArgument);
    return PositionCommand{std::move(arguments), std::move(selection)};
}

// show --json: the position, whether it is over and who won, the stones and the rows.
nlohmann::ordered_json shownJson(const GameSelection& selection, const BoardGeometry& geometry, std::optional<Color> winner) {
    const Position& position = selection.position;
    nlohmann::ordered_json json = positionJson(selection.inGame());
    json["finished"] = winner.has_value();
    json["winner"] = colorText(winner);
    json["swap_available"] = position.swapAvailable;
    json["stones"] = {{"black", popCount(position.black)}, {"white", popCount(position.white)}};
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (int row = geometry.rows() - 1; row >= 0; --row) rows.push_back(rowSymbols(geometry, position, row));
    json["rows"] = rows;  // top row first, as drawn
    return json;
}

// The board drawn with its row numbers and column letters.
void printBoard(const BoardGeometry& geometry, const Position& position) {
    // Past column z the names take two letters, so every column gets room for two.
    const std::size_t width = geometry.columns() > 26 ? 3 : 2;
    const auto padded = [width](const std::string& text) { return std::string(width - text.size(), ' ') + text; };
    for (int row = geometry.rows() - 1; row >= 0; --row) {
        const std::string label = std::to_string(row + 1);
        std::cout << std::string(3 - std::min<std::size_t>(3, label.size()), ' ') << label << " ";
        for (const char symbol : rowSymbols(geometry, position, row)) std::cout << padded(std::string(1, symbol));
        std::cout << "\n";
    }
    std::cout << "    ";
    for (int column = 0; column < geometry.columns(); ++column) std::cout << padded(columnName(column));
    std::cout << "\n";
}

// Under the board: the game, and who has won or who moves.
void printShownState(const GameSelection& selection, const BoardGeometry& geometry, std::optional<Color> winner) {
    std::cout << "\n" << gameName(selection.kind) << " " << geometry.sizeName() << ", variant " << selection.variant.name() << "\n";
    if (winner) {
        std::cout << "game over: " << colorName(*winner) << " has won\n";
        return;
    }
    std::cout << colorName(selection.position.sideToMove) << " to move";
    if (selection.position.swapAvailable) std::cout << " (may swap)";
    std::cout << "\n";
}

}  // namespace

int runStart(int argc, char** argv) {
    return guardedRun("start", [&] {
        options::options_description described("start options");
        addVariantOption(described);
        const ParsedArguments arguments = parseArguments(argc, argv, "papamu start GAME RxC [--variant V]", described);
        if (arguments.helpShown) return kSuccess;
        if (arguments.positional.size() > 2) {
            throw std::invalid_argument("unexpected argument '" + arguments.positional[2] + "' after GAME RxC");
        }
        if (arguments.positional.size() != 2) throw std::invalid_argument("expected GAME RxC, e.g. papamu start konane 6x6");
        const GameSelection selection = selectStart(arguments.positional[0], arguments.positional[1], variantFrom(arguments));
        std::cout << formatPosition(selection.kind, BoardGeometry(selection.size.rows, selection.size.columns), selection.position) << "\n";
        return kSuccess;
    });
}

int runShow(int argc, char** argv) {
    return guardedRun("show", [&] {
        const auto command = parsePositionCommand(argc, argv, "show", "papamu show POSITION [--variant V] [--json]", true);
        if (!command) return kSuccess;
        const GameSelection& selection = command->selection;
        return visitGame(selection.kind, selection.size, selection.variant, [&](const auto& game) {
            const std::optional<Color> winner = winnerOfEndedGame(game, selection.position);
            if (jsonRequested(command->arguments)) {
                std::cout << shownJson(selection, game.geometry(), winner).dump() << "\n";
            } else {
                printBoard(game.geometry(), selection.position);
                printShownState(selection, game.geometry(), winner);
            }
            return kSuccess;
        });
    });
}

int runMoves(int argc, char** argv) {
    return guardedRun("moves", [&] {
        const auto command = parsePositionCommand(argc, argv, "moves", "papamu moves POSITION [--variant V] [--json]", true);
        if (!command) return kSuccess;
        const ParsedArguments& arguments = command->arguments;
        const GameSelection& selection = command->selection;
        return visitGame(selection.kind, selection.size, selection.variant, [&](const auto& game) {
            MoveList moves;
            game.generateMoves(selection.position, moves);
            if (jsonRequested(arguments)) {
                nlohmann::json list = nlohmann::json::array();
                for (const Move move : moves) list.push_back(moveName(game.geometry(), move));
                nlohmann::ordered_json json = positionJson(selection.inGame());
                json["moves"] = list;
                std::cout << json.dump() << "\n";
            } else {
                for (const Move move : moves) std::cout << moveName(game.geometry(), move) << "\n";
            }
            return kSuccess;
        });
    });
}

int runPlay(int argc, char** argv) {
    return guardedRun("play", [&] {
        const auto command = parsePositionCommand(argc, argv, "play", "papamu play POSITION MOVE... [--variant V] [--json]", false);
        if (!command) return kSuccess;
        const ParsedArguments& arguments = command->arguments;
        const GameSelection& selection = command->selection;
        return visitGame(selection.kind, selection.size, selection.variant, [&](const auto& game) {
            Position position = selection.position;
            for (std::size_t index = 1; index < arguments.positional.size(); ++index) {
                try {
                    position = game.applyMove(position, parseLegalMove(game, position, arguments.positional[index]));
                } catch (const std::invalid_argument& error) {
                    throw std::invalid_argument("move " + std::to_string(index) + ": " + error.what());
                }
            }
            if (jsonRequested(arguments)) {
                nlohmann::ordered_json json = positionJson(PositionInGame{selection.kind, selection.size, selection.variant, position});
                json["from"] = formatPosition(selection.kind, game.geometry(), selection.position);
                json["moves"] = std::vector<std::string>(arguments.positional.begin() + 1, arguments.positional.end());
                json["finished"] = winnerOfEndedGame(game, position).has_value();
                json["winner"] = colorText(winnerOfEndedGame(game, position));
                std::cout << json.dump() << "\n";
            } else {
                std::cout << formatPosition(selection.kind, game.geometry(), position) << "\n";
            }
            return kSuccess;
        });
    });
}

}  // namespace papamu::cli
