#pragma once
// The win/loss tables as a solver leaf oracle (solver/leaf_oracle.hpp): positions within the
// tables' stone limit are answered from disk, the rest are searched. The oracle counts what it
// did (LeafTableCounts), so solve can say how much the table answered and what probing cost.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>

#include "solver/leaf_oracle.hpp"
#include "tablebase/table_probe.hpp"

namespace papamu {

// Shared by every search thread: relaxed counters, touched only for positions within the stone
// limit (a small share of the nodes), so they cost nothing where the table is not asked.
struct LeafTableCounts {
    std::atomic<std::uint64_t> probes{0};       // positions within the stone limit looked up
    std::atomic<std::uint64_t> answered{0};     // of those, found in the table
    std::atomic<std::uint64_t> nanoseconds{0};  // wall time spent in those lookups
};

struct TableLeafOracle {
    const TableProbe* table = nullptr;
    LeafTableCounts* counts = nullptr;  // optional

    std::optional<Value> probeValue(const Position& position) const {
        if (position.stoneCount() > table->maxStones()) return std::nullopt;
        if (counts == nullptr) return valueOf(table->probeSearchLeaf(position));
        const auto started = std::chrono::steady_clock::now();
        const std::optional<Outcome> outcome = table->probeSearchLeaf(position);
        const auto spent = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - started);
        counts->probes.fetch_add(1, std::memory_order_relaxed);
        if (outcome) counts->answered.fetch_add(1, std::memory_order_relaxed);
        counts->nanoseconds.fetch_add(static_cast<std::uint64_t>(spent.count()), std::memory_order_relaxed);
        return valueOf(outcome);
    }

private:
    static std::optional<Value> valueOf(const std::optional<Outcome>& outcome) {
        if (!outcome) return std::nullopt;
        return outcome->value;
    }
};
static_assert(LeafOracle<TableLeafOracle>);

}  // namespace papamu
