// probe: a position's value and remoteness from the tables, every move with what it leads to, and
// the best line; with POSITION `-`, one JSON line per position read from stdin (tables opened once).
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "json/game_json.hpp"
#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"
#include "tablebase/batch_probe.hpp"
#include "tablebase/rated_moves.hpp"
#include "tablebase/table_probe.hpp"

namespace papamu::cli {

namespace {

// Input lines taken together, so that a piped file is probed in parallel while an interactive
// caller writing one line at a time still gets each answer at once.
constexpr std::size_t kBatchLines = 4096;

nlohmann::ordered_json answerJson(const TableProbe& table, const std::string& positionText, const RatedAnswer& answer,
                                  RateOptions rate) {
    const BoardGeometry& geometry = table.index().geometry();
    nlohmann::ordered_json json{{"position", positionText},
                                {"value", valueName(answer.rated->outcome.value)},
                                {"remoteness", answer.rated->outcome.remoteness}};
    if (rate.moves) {
        json["moves"] = nlohmann::ordered_json::array();
        for (const RatedMove& item : answer.rated->moves) {
            json["moves"].push_back(ratedMoveJson(geometry, item.move, item.value, item.remoteness));
        }
    }
    if (rate.bestLine) json["best_line"] = moveListJson(geometry, answer.bestLine);
    return json;
}

void printText(const TableProbe& table, const std::string& positionText, const Position& position, const RatedAnswer& answer) {
    const BoardGeometry& geometry = table.index().geometry();
    const Outcome outcome = answer.rated->outcome;
    std::cout << positionText << "\n"
              << colorName(position.sideToMove) << " to move: " << valueName(outcome.value) << " in " << outcome.remoteness
              << (outcome.remoteness == 1 ? " ply" : " plies") << "\n";
    for (const RatedMove& item : answer.rated->moves) {
        const std::string name = moveName(geometry, item.move);
        std::cout << "  " << name << std::string(name.size() < 8 ? 8 - name.size() : 1, ' ') << valueName(item.value)
                  << (item.value == Value::Win ? "  " : " ") << item.remoteness << "\n";
    }
    if (!answer.bestLine.empty()) {
        std::cout << "best line:";
        for (const Move move : answer.bestLine) std::cout << " " << moveName(geometry, move);
        std::cout << "\n";
    }
}

// The tables of the boards met so far, each opened once (one board per game and size: the
// variant is the same for every line).
class TableShelf {
public:
    TableShelf(std::string root, Variant variant) : root_(std::move(root)), variant_(variant) {}

    const TableProbe& forBoard(GameKind game, BoardSize size) {
        const std::pair<int, std::string> key{static_cast<int>(game), size.name()};
        auto found = tables_.find(key);
        if (found == tables_.end()) {
            visitGame(game, size, variant_, [](const auto&) {});  // a variant the game lacks: its own message
            found = tables_.emplace(key, std::make_unique<TableProbe>(TableProbe::open(root_, game, size, variant_))).first;
        }
        return *found->second;
    }

private:
    std::string root_;
    Variant variant_;
    std::map<std::pair<int, std::string>, std::unique_ptr<TableProbe>> tables_;
};

struct BatchLine {
    std::uint64_t number = 0;
    std::string text;
    const TableProbe* table = nullptr;  // null when the line is bad (error says why)
    Position position;
    std::string error;
};

// Rates the lines that parsed, one library call per table, and prints one JSON line per input
// line in input order. Returns the number of error lines.
std::uint64_t answerBatch(std::vector<BatchLine>& lines, RateOptions rate) {
    std::map<const TableProbe*, std::vector<std::size_t>> byTable;
    for (std::size_t item = 0; item < lines.size(); ++item) {
        if (lines[item].table != nullptr) byTable[lines[item].table].push_back(item);
    }
    std::vector<RatedAnswer> answers(lines.size());
    for (const auto& [table, items] : byTable) {
        std::vector<Position> positions;
        for (const std::size_t item : items) positions.push_back(lines[item].position);
        std::vector<RatedAnswer> rated = rateMany(*table, positions, rate);
        for (std::size_t slot = 0; slot < items.size(); ++slot) answers[items[slot]] = std::move(rated[slot]);
    }
    std::uint64_t errors = 0;
    for (std::size_t item = 0; item < lines.size(); ++item) {
        const BatchLine& line = lines[item];
        const std::string& error = line.table == nullptr ? line.error : answers[item].error;
        if (!error.empty()) {
            ++errors;
            std::cout << nlohmann::ordered_json{{"line", line.number}, {"input", line.text}, {"error", error}}.dump() << "\n";
        } else {
            std::cout << answerJson(*line.table, line.text, answers[item], rate).dump() << "\n";
        }
    }
    std::cout.flush();
    return errors;
}

BatchLine parseBatchLine(TableShelf& shelf, std::uint64_t number, std::string text) {
    BatchLine line{number, std::move(text), nullptr, {}, {}};
    try {
        const PositionText parsed = parseUserPosition(line.text);
        line.position = parsed.position;
        line.table = &shelf.forBoard(parsed.game, parsed.size);
    } catch (const std::invalid_argument& error) {
        line.error = error.what();
    } catch (const TableError& error) {
        line.error = error.what();
    }
    return line;
}

int runBatch(const std::string& root, const Variant& variant, RateOptions rate) {
    std::ios::sync_with_stdio(false);  // buffered stdin: lines already written are read as one batch
    TableShelf shelf(root, variant);
    std::uint64_t number = 0;
    std::uint64_t errors = 0;
    std::string text;
    std::vector<BatchLine> lines;
    while (std::getline(std::cin, text)) {
        do {
            ++number;
            if (!text.empty() && text.back() == '\r') text.pop_back();
            if (text.find_first_not_of(" \t") != std::string::npos) lines.push_back(parseBatchLine(shelf, number, text));
        } while (lines.size() < kBatchLines && std::cin.rdbuf()->in_avail() > 0 && std::getline(std::cin, text));
        errors += answerBatch(lines, rate);
        lines.clear();
    }
    if (errors > 0) std::cerr << "papamu probe: error: " << errors << " input line" << (errors == 1 ? "" : "s") << " could not be probed\n";
    return errors > 0 ? kBadInput : kSuccess;
}

}  // namespace

int runProbe(int argc, char** argv) {
    return guardedRun("probe", [&]() -> int {
        options::options_description described("probe options");
        addVariantOption(described);
        addJsonOption(described);
        described.add_options()("tb", options::value<std::string>(), "table root (or one table directory); required")(
            "brief", options::bool_switch(), "value and remoteness only (no moves, no best line)");
        const ParsedArguments arguments = parseArguments(
            argc, argv, "papamu probe POSITION --tb DIR [--variant V] [--json] [--brief]\n       papamu probe - --tb DIR  (positions from stdin, one JSON line each)",
            described);
        if (arguments.helpShown) return kSuccess;
        if (arguments.positional.size() != 1) throw std::invalid_argument("expected one POSITION (quote it), or - to read positions from stdin");
        if (!arguments.values.count("tb")) throw std::invalid_argument("--tb DIR is required");
        const std::string root = arguments.values["tb"].as<std::string>();
        const bool brief = arguments.values["brief"].as<bool>();
        const RateOptions rate{!brief, !brief};
        if (arguments.positional[0] == "-") return runBatch(root, variantFrom(arguments), rate);
        const GameSelection selection = selectPosition(arguments.positional[0], variantFrom(arguments));
        const TableProbe table = TableProbe::open(root, selection.kind, selection.size, selection.variant);
        const std::vector<RatedAnswer> answers = rateMany(table, std::span(&selection.position, 1), rate);
        if (!answers[0].rated) throw std::invalid_argument(answers[0].error);
        const std::string positionText = formatPosition(selection.kind, table.index().geometry(), selection.position);
        if (jsonRequested(arguments)) {
            std::cout << answerJson(table, positionText, answers[0], rate).dump() << "\n";
        } else {
            printText(table, positionText, selection.position, answers[0]);
        }
        return kSuccess;
    });
}

}  // namespace papamu::cli
