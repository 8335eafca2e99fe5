#pragma once
// JSON of the rules' and solver's values, one definition for every front end (json/README.md
// lists the keys). Output is nlohmann::ordered_json, so keys keep the order written here; the
// to_json templates also fill a plain nlohmann::json. Readers throw std::invalid_argument that
// names the bad key.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/board_geometry.hpp"
#include "rules/color.hpp"
#include "rules/game_concept.hpp"
#include "rules/game_kind.hpp"
#include "rules/move.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"
#include "solver/position_answer.hpp"
#include "solver/search_control.hpp"

namespace papamu {

// "win" or "loss" for a proven value, "unknown" where a limit left it open; never "none".
std::string valueText(const std::optional<Value>& value);
// Reads "win", "loss" or "unknown" (nullopt); throws std::invalid_argument otherwise.
std::optional<Value> valueFromText(std::string_view text);
// "black" or "white" (lowercase, as in puzzle files); "unknown" for nullopt.
std::string colorText(const std::optional<Color>& color);

// A position with the rules it is played under: {"position": RULES.md text, "game", "board",
// "variant", "side"}. `side` is the side to move.
struct PositionInGame {
    GameKind game = GameKind::Konane;
    BoardSize size;
    Variant variant;
    Position position;
};
nlohmann::ordered_json positionJson(const PositionInGame& position);
// Reads {"position": TEXT, "variant"?: NAME} or the bare TEXT; checks the position against its
// game, board and variant ("game"/"board"/"side", when present, must agree with it).
PositionInGame positionFromJson(const nlohmann::json& json, const Variant& defaultVariant = {});

// A move is its RULES.md name ("b2-c2", "c3", "swap"); a line is a list of names.
nlohmann::ordered_json moveListJson(const BoardGeometry& geometry, const std::vector<Move>& moves);

// Value and remoteness of a position: {"value", "remoteness"}; `value` for the side to move.
nlohmann::ordered_json outcomeJson(const Outcome& outcome);
Outcome outcomeFromJson(const nlohmann::json& json);

// One move rated for the player who makes it: {"move", "result_for_mover", "remoteness"} where
// `remoteness` is that of the position the move leads to (plies from there to the end).
nlohmann::ordered_json ratedMoveJson(const BoardGeometry& geometry, Move move, const std::optional<Value>& resultForMover,
                                     std::optional<int> remoteness);

// Search figures: {"nodes", "seconds", "nodes_per_second", "table_used", "table_capacity"}, and
// {"root_proof_number", "root_disproof_number"} where a stopped search left the root unproven.
nlohmann::ordered_json searchStatisticsJson(const SearchResult& result);
// A running search's snapshot under the same keys: the root's numbers always.
nlohmann::ordered_json searchProgressJson(const SearchProgress& progress);

// A solved position: positionJson's keys plus {"value", "complete", "winning_moves",
// "principal_line", "statistics"}; `complete` is false where a limit left anything unknown, and
// where the value is unknown, "move_numbers" (moveNumbersJson) says what is known of each move.
nlohmann::ordered_json positionAnswerJson(const PositionInGame& position, const PositionAnswer& answer);
// Per move: {"move", "result_for_mover": win | loss | unknown}, and for an unknown one the
// table's "proof_number" and "disproof_number" of the position after it, for the side to move
// there (the opponent: a small proof number leans to a refutation), where the table holds them.
nlohmann::ordered_json moveNumbersJson(const BoardGeometry& geometry, const std::vector<MoveNumbers>& moves);

// ADL hooks for nlohmann: json j = outcome; outcome = j.get<Outcome>(); likewise PositionInGame.
template <class Json>
void to_json(Json& json, const Outcome& outcome) {
    json = Json(outcomeJson(outcome));
}
template <class Json>
void from_json(const Json& json, Outcome& outcome) {
    outcome = outcomeFromJson(nlohmann::json(json));
}
template <class Json>
void to_json(Json& json, const PositionInGame& position) {
    json = Json(positionJson(position));
}
template <class Json>
void from_json(const Json& json, PositionInGame& position) {
    position = positionFromJson(nlohmann::json(json));
}

}  // namespace papamu
