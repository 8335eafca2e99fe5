#pragma once
// Turns a run-time choice of game into a compile-time one: the solvers are templates over the
// Game concept, so the concrete rules are inlined into their hot loops.
#include <utility>

#include "rules/game_concept.hpp"
#include "rules/konane_game.hpp"
#include "rules/unane_game.hpp"

namespace papamu {

static_assert(Game<KonaneGame>);
static_assert(Game<UnaneGame>);

// Calls visitor(game) with a KonaneGame or an UnaneGame; the constructors validate the board and
// variant and throw std::invalid_argument with a one-line reason.
template <class Visitor>
decltype(auto) visitGame(GameKind kind, BoardSize size, const Variant& variant, Visitor&& visitor) {
    const BoardGeometry geometry(size.rows, size.columns);
    if (kind == GameKind::Konane) return std::forward<Visitor>(visitor)(KonaneGame(geometry, variant));
    return std::forward<Visitor>(visitor)(UnaneGame(geometry, variant));
}

}  // namespace papamu
