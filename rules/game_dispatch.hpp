#pragma once
// Turns a run-time choice of game into a compile-time one: the solvers are templates over the
// Game concept, so the concrete rules are inlined into their hot loops.
#include <stdexcept>
#include <string>
#include <utility>

#include "rules/game_list.hpp"

namespace papamu {

namespace dispatch_detail {

template <class Visitor, Game First, Game... Rest>
decltype(auto) visitAmong(GameList<First, Rest...>*, GameKind kind, const BoardGeometry& geometry, const Variant& variant,
                          Visitor&& visitor) {
    if constexpr (sizeof...(Rest) == 0) {
        if (kind != First::kKind) throw std::invalid_argument("unknown game number " + std::to_string(static_cast<int>(kind)));
        return std::forward<Visitor>(visitor)(First(geometry, variant));
    } else {
        if (kind == First::kKind) return std::forward<Visitor>(visitor)(First(geometry, variant));
        return visitAmong(static_cast<GameList<Rest...>*>(nullptr), kind, geometry, variant, std::forward<Visitor>(visitor));
    }
}

}  // namespace dispatch_detail

// Calls visitor(game) with the game class of `kind` (one of rules/game_list.hpp); the
// constructors validate the board and variant and throw std::invalid_argument with a one-line reason.
template <class Visitor>
decltype(auto) visitGame(GameKind kind, BoardSize size, const Variant& variant, Visitor&& visitor) {
    const BoardGeometry geometry(size.rows, size.columns);
    return dispatch_detail::visitAmong(static_cast<KnownGames*>(nullptr), kind, geometry, variant, std::forward<Visitor>(visitor));
}

// The game of `kind` on that board, held as a run-time choice.
inline AnyGame makeGame(GameKind kind, BoardSize size, const Variant& variant) {
    return visitGame(kind, size, variant, [](const auto& game) -> AnyGame { return game; });
}

}  // namespace papamu
