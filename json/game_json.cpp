#include "json/game_json.hpp"

#include <stdexcept>

#include "rules/game_dispatch.hpp"

namespace papamu {

namespace {

const nlohmann::json& requiredKey(const nlohmann::json& json, const char* key) {
    if (!json.is_object()) throw std::invalid_argument("expected a JSON object");
    const auto found = json.find(key);
    if (found == json.end()) throw std::invalid_argument(std::string("missing key '") + key + "'");
    return *found;
}

std::string stringAt(const nlohmann::json& json, const char* key) {
    const nlohmann::json& value = requiredKey(json, key);
    if (!value.is_string()) throw std::invalid_argument(std::string("key '") + key + "' must be a string");
    return value.get<std::string>();
}

double perSecond(std::uint64_t count, double seconds) { return seconds > 0.0 ? static_cast<double>(count) / seconds : 0.0; }

}  // namespace

std::string valueText(const std::optional<Value>& value) { return value ? valueName(*value) : "unknown"; }

std::optional<Value> valueFromText(std::string_view text) {
    if (text == "win") return Value::Win;
    if (text == "loss") return Value::Loss;
    if (text == "unknown") return std::nullopt;
    throw std::invalid_argument("value '" + std::string(text) + "' is not win, loss or unknown");
}

std::string colorText(const std::optional<Color>& color) {
    if (!color) return "unknown";
    return *color == Color::Black ? "black" : "white";
}

nlohmann::ordered_json positionJson(const PositionInGame& position) {
    const BoardGeometry geometry(position.size.rows, position.size.columns);
    return {{"position", formatPosition(position.game, geometry, position.position)},
            {"game", gameName(position.game)},
            {"board", position.size.name()},
            {"variant", position.variant.name()},
            {"side", colorText(position.position.sideToMove)}};
}

PositionInGame positionFromJson(const nlohmann::json& json, const Variant& defaultVariant) {
    const std::string text = json.is_string() ? json.get<std::string>() : stringAt(json, "position");
    const PositionText parsed = parseUserPosition(text);  // its errors name the position already
    PositionInGame position{parsed.game, parsed.size, defaultVariant, parsed.position};
    if (json.is_object()) {
        if (json.contains("variant")) position.variant = Variant::parse(stringAt(json, "variant"));
        if (json.contains("game") && stringAt(json, "game") != gameName(parsed.game)) {
            throw std::invalid_argument("game '" + stringAt(json, "game") + "' does not match the position");
        }
        if (json.contains("board") && stringAt(json, "board") != parsed.size.name()) {
            throw std::invalid_argument("board '" + stringAt(json, "board") + "' does not match the position (" + parsed.size.name() + ")");
        }
        if (json.contains("side") && stringAt(json, "side") != colorText(parsed.position.sideToMove)) {
            throw std::invalid_argument("side '" + stringAt(json, "side") + "' does not match the position");
        }
    }
    visitGame(position.game, position.size, position.variant, [&](const auto& game) {
        if (const auto problem = game.positionProblem(position.position)) {
            throw std::invalid_argument("position '" + text + "': " + *problem);
        }
    });
    return position;
}

nlohmann::ordered_json moveListJson(const BoardGeometry& geometry, const std::vector<Move>& moves) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const Move move : moves) list.push_back(moveName(geometry, move));
    return list;
}

nlohmann::ordered_json outcomeJson(const Outcome& outcome) {
    return {{"value", valueName(outcome.value)}, {"remoteness", outcome.remoteness}};
}

Outcome outcomeFromJson(const nlohmann::json& json) {
    const std::optional<Value> value = valueFromText(stringAt(json, "value"));
    if (!value) throw std::invalid_argument("an outcome's value must be win or loss");
    const nlohmann::json& remoteness = requiredKey(json, "remoteness");
    if (!remoteness.is_number_integer() || remoteness.get<long long>() < 0 || remoteness.get<long long>() > 64) {
        throw std::invalid_argument("key 'remoteness' must be an integer from 0 to 64");
    }
    return Outcome{*value, remoteness.get<int>()};
}

nlohmann::ordered_json ratedMoveJson(const BoardGeometry& geometry, Move move, const std::optional<Value>& resultForMover,
                                     std::optional<int> remoteness) {
    nlohmann::ordered_json json{{"move", moveName(geometry, move)}, {"result_for_mover", valueText(resultForMover)}};
    if (remoteness) json["remoteness"] = *remoteness;
    return json;
}

nlohmann::ordered_json searchStatisticsJson(const SearchResult& result) {
    nlohmann::ordered_json json{{"nodes", result.nodes},
                                {"seconds", result.seconds},
                                {"nodes_per_second", perSecond(result.nodes, result.seconds)},
                                {"table_used", result.tableUsed},
                                {"table_capacity", result.tableCapacity}};
    if (result.rootNumbers) {
        json["root_proof_number"] = result.rootNumbers->proof;
        json["root_disproof_number"] = result.rootNumbers->disproof;
    }
    return json;
}

nlohmann::ordered_json searchProgressJson(const SearchProgress& progress) {
    return nlohmann::ordered_json{{"nodes", progress.nodes},
                                  {"seconds", progress.seconds},
                                  {"nodes_per_second", perSecond(progress.nodes, progress.seconds)},
                                  {"table_used", progress.tableUsed},
                                  {"table_capacity", progress.tableCapacity},
                                  {"root_proof_number", progress.root.proof},
                                  {"root_disproof_number", progress.root.disproof}};
}

nlohmann::ordered_json positionAnswerJson(const PositionInGame& position, const PositionAnswer& answer) {
    const BoardGeometry geometry(position.size.rows, position.size.columns);
    nlohmann::ordered_json json = positionJson(position);
    json["value"] = valueText(answer.result.value);
    json["complete"] = answer.complete();
    json["winning_moves"] = moveListJson(geometry, answer.winningMoves.value_or(std::vector<Move>{}));
    json["principal_line"] = moveListJson(geometry, answer.principalLine);
    if (answer.valueByPieRule) json["value_by"] = "pie_rule";
    if (answer.lineEndsAtSwapOffer) json["line_end"] = "swap_offer";
    json["statistics"] = searchStatisticsJson(answer.result);
    if (!answer.openMoves.empty()) json["move_numbers"] = moveNumbersJson(geometry, answer.openMoves);
    return json;
}

nlohmann::ordered_json moveNumbersJson(const BoardGeometry& geometry, const std::vector<MoveNumbers>& moves) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const MoveNumbers& known : moves) {
        std::optional<Value> forMover;
        if (known.numbers && known.numbers->proven()) forMover = known.numbers->lost() ? Value::Win : Value::Loss;
        nlohmann::ordered_json json{{"move", moveName(geometry, known.move)}, {"result_for_mover", valueText(forMover)}};
        if (known.numbers && !forMover) {
            json["proof_number"] = known.numbers->proof;
            json["disproof_number"] = known.numbers->disproof;
        }
        list.push_back(std::move(json));
    }
    return list;
}

}  // namespace papamu
