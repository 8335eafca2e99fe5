#include "json/board_summary_json.hpp"

#include "json/game_json.hpp"

namespace papamu {

namespace {

nlohmann::ordered_json openingJson(const OpeningSummary& line, GameKind game, const BoardGeometry& geometry) {
    nlohmann::ordered_json json{{"moves", moveListJson(geometry, line.moves)},
                                {"position", formatPosition(game, geometry, line.position)},
                                {"value", valueText(line.value)},
                                {"winner", playerText(line.winner)}};
    if (!line.complete) return json;
    json["principal_line"] = moveListJson(geometry, line.principalLine);
    json["statistics"] = searchStatisticsJson(line.statistics);
    if (line.swapOffered) {
        json["winner_with_pie"] = playerText(line.winnerWithPie);
        json["white_answer"] = pieAnswerName(line.whiteAnswer);
    }
    return json;
}

}  // namespace

const char* playerText(const std::optional<Color>& winner) {
    if (!winner) return "unknown";
    return *winner == Color::Black ? "first" : "second";
}

nlohmann::ordered_json boardSummaryJson(const BoardSummary& summary, GameKind game, const BoardGeometry& geometry,
                                        const Variant& variant) {
    nlohmann::ordered_json lines = nlohmann::ordered_json::array();
    nlohmann::ordered_json openings = nlohmann::ordered_json::array();
    bool longLines = false;
    for (const OpeningSummary& line : summary.lines) {
        (line.complete ? lines : openings).push_back(openingJson(line, game, geometry));
        if (line.moves.size() > 1) longLines = true;
    }
    nlohmann::ordered_json json{{"game", gameName(game)}, {"board", geometry.sizeName()}, {"variant", variant.name()},
                                {"winner", playerText(summary.winner)}};
    if (summary.pieRule) json["winner_without_pie"] = playerText(summary.winnerWithoutPie);
    json["complete"] = summary.complete();
    json["winning_first_moves"] = moveListJson(geometry, summary.winningFirstMoves);
    json["unknown_first_moves"] = moveListJson(geometry, summary.unknownFirstMoves);
    json["lines"] = lines;
    if (longLines) json["openings"] = openings;
    json["statistics"] = searchStatisticsJson(summary.total);
    return json;
}

}  // namespace papamu
