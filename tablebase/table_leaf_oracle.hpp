#pragma once
// The win/loss tables as a solver leaf oracle (solver/leaf_oracle.hpp): positions within the
// tables' stone limit are answered from disk, the rest are searched.
#include <optional>

#include "solver/leaf_oracle.hpp"
#include "tablebase/table_probe.hpp"

namespace papamu {

struct TableLeafOracle {
    const TableProbe* table = nullptr;
    std::optional<Value> probeValue(const Position& position) const {
        if (position.stoneCount() > table->maxStones()) return std::nullopt;
        const std::optional<Outcome> outcome = table->probe(position);
        if (!outcome) return std::nullopt;
        return outcome->value;
    }
};
static_assert(LeafOracle<TableLeafOracle>);

}  // namespace papamu
