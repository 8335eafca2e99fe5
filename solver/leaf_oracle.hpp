#pragma once
// Leaf oracles: anything that may know a position's value without search, such as win/loss
// tables. The solver asks before expanding a new position; the null oracle knows nothing.
// The solver never includes tablebase/: the command line plugs a table probe in here.
#include <concepts>
#include <optional>

#include "rules/color.hpp"
#include "rules/position.hpp"

namespace papamu {

template <class O>
concept LeafOracle = requires(const O& oracle, const Position& position) {
    // The value for the side to move, or nullopt when the oracle does not cover the position.
    { oracle.probeValue(position) } -> std::same_as<std::optional<Value>>;
};

struct NullLeafOracle {
    std::optional<Value> probeValue(const Position&) const { return std::nullopt; }
};

static_assert(LeafOracle<NullLeafOracle>);

// Two oracles asked in turn, the first answer wins (the command line: tables, then decomposition).
template <LeafOracle First, LeafOracle Second>
struct ChainedLeafOracle {
    First first;
    Second second;
    std::optional<Value> probeValue(const Position& position) const {
        if (const std::optional<Value> value = first.probeValue(position)) return value;
        return second.probeValue(position);
    }
};

}  // namespace papamu
