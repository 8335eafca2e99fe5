#pragma once
// The rule of where a game's stones can ever stand (GameTraits::stoneCells), checked on a whole
// position. Kōnane's jumps move a stone two cells, so a stone never leaves the colour of its start
// cell (RULES.md): a position with a stone on a cell of the other colour is no Kōnane position.
// Every position a user writes passes this rule (parseUserPosition in rules/notation.hpp), and the table index states it as
// the reason such a position is not stored.
#include <optional>
#include <string>

#include "rules/board_geometry.hpp"
#include "rules/game_kind.hpp"
#include "rules/position.hpp"

namespace papamu {

// nullopt when every stone stands where the game lets it stand; otherwise one line naming the
// first offending cell (from a1 on), e.g. "konane: black stone on c1, a white cell: no game reaches it (...)".
std::optional<std::string> stoneCellProblem(GameKind game, const BoardGeometry& geometry, const Position& position);

}  // namespace papamu
