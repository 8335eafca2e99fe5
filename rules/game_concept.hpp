#pragma once
// The one interface every solver is written against. A game is a small value object that
// holds its board masks and variant; it never holds search state, so it can be shared by threads.
#include <concepts>
#include <optional>
#include <string>

#include "rules/board_geometry.hpp"
#include "rules/game_kind.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"
#include "rules/symmetry.hpp"

namespace papamu {

template <class G>
concept Game = requires(const G& game, const Position& position, Move move, MoveList& moves) {
    { G::kKind } -> std::convertible_to<GameKind>;
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
    // Which symmetries keep the value of this position (see rules/symmetry.hpp).
    { game.symmetryPermission(position) } -> std::same_as<SymmetryPermission>;
    // Why a position can not occur under these rules, or nullopt when it can be played.
    { game.positionProblem(position) } -> std::same_as<std::optional<std::string>>;
};

// The outcome of a position for the side to move under perfect play.
struct Outcome {
    Value value = Value::Loss;
    int remoteness = 0;  // plies to the end: the winner hurries, the loser delays
    bool operator==(const Outcome&) const = default;
};

}  // namespace papamu
