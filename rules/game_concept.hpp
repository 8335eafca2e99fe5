#pragma once
// The one interface every solver is written against. A game is a small value object that
// holds its board masks and variant; it never holds search state, so it can be shared by threads.
#include <concepts>
#include <optional>
#include <string>

#include "rules/board_geometry.hpp"
#include "rules/game_kind.hpp"
#include "rules/game_traits.hpp"
#include "rules/move.hpp"
#include "rules/outcome.hpp"
#include "rules/position.hpp"
#include "rules/stone_removal.hpp"
#include "rules/symmetry.hpp"

namespace papamu {

template <class G>
concept Game = requires(const G& game, const Position& position, Move move, MoveList& moves, int stones) {
    // The game's record (rules/game_traits.hpp) and its number, the same as the record's.
    { G::kTraits } -> std::convertible_to<GameTraits>;
    { G::kKind } -> std::convertible_to<GameKind>;
    requires G::kKind == G::kTraits.kind;
    { game.geometry() } -> std::same_as<const BoardGeometry&>;
    { game.variant() } -> std::same_as<const Variant&>;
    { game.startPosition() } -> std::same_as<Position>;
    // The value for the side to move of a position that the rules declare over before any
    // move is looked at (Ūnane's one-group rule). A position with no legal move is a loss,
    // which solvers find through an empty move list, so Kōnane always answers nullopt.
    { game.finishedValue(position) } -> std::same_as<std::optional<Value>>;
    // Appends every legal move (none for a finished position) to an empty list.
    { game.generateMoves(position, moves) } -> std::same_as<void>;
    // The position after a legal move; behaviour for an illegal move is undefined.
    { game.applyMove(position, move) } -> std::same_as<Position>;
    // The most stones of each colour one legal move removes from a position with `stones`
    // stones on the board (an upper bound the rules guarantee, not a search).
    { game.mostStonesRemoved(stones) } -> std::same_as<StoneRemoval>;
    // Which symmetries keep the value of this position (see rules/symmetry.hpp).
    { game.symmetryPermission(position) } -> std::same_as<SymmetryPermission>;
    // Why a position can not occur under these rules, or nullopt when it can be played.
    { game.positionProblem(position) } -> std::same_as<std::optional<std::string>>;
};

// The winner of a position the rules have ended (decided by the rules, or no legal move for the
// side to move, which loses), or nullopt while the game goes on.
template <Game G>
std::optional<Color> winnerOfEndedGame(const G& game, const Position& position) {
    if (const std::optional<Value> value = game.finishedValue(position)) return winnerOf(position, *value);
    MoveList moves;
    game.generateMoves(position, moves);
    if (moves.empty()) return winnerOf(position, Value::Loss);
    return std::nullopt;
}

}  // namespace papamu
