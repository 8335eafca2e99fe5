#pragma once
// JSON of a solved board (solver/board_summary.hpp); the keys are listed in json/README.md.
#include <nlohmann/json.hpp>

#include "rules/board_geometry.hpp"
#include "rules/game_kind.hpp"
#include "solver/board_summary.hpp"

namespace papamu {

// "first" (Black, who moves first) or "second" (White); "unknown" for nullopt.
const char* playerText(const std::optional<Color>& winner);

// {"game", "board", "variant", "winner", "winner_without_pie"?, "complete", "winning_first_moves",
//  "unknown_first_moves", "lines", "openings"?, "statistics"}; "openings" (lines put together
// from longer ones) only where a line is longer than one move (Kōnane).
nlohmann::ordered_json boardSummaryJson(const BoardSummary& summary, GameKind game, const BoardGeometry& geometry,
                                        const Variant& variant);

}  // namespace papamu
