#pragma once
// What the workers of one parallel proof-number search tell each other besides the table: per
// slot (a position's hash picks one of kSlots), how many workers are inside a position of the
// slot right now. The others count a busy child as a virtual loss and go elsewhere.
// - Only a node that spreads its workers (spreadsWorkers in solver/local_expansion.hpp) reads its
//   children's counts, so a worker marks a position only when it came in from such a node.
// - Nothing else is shared here: a worker learns what another stored from the table, when it
//   enters a child (the search's stale check). Every write to these words costs the other cores a
//   cache miss on their next read of the line (about 250 ns between the two cores of the 2-core
//   machine, against 0.6 us for a whole node), so each node that marks costs two such writes and
//   the rest none (solver/README.md, "Parallel search").
// A slot shared by several positions only costs a needless virtual loss, never a wrong number:
// the table, keyed by the whole position, stays the only source of numbers.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "rules/position.hpp"

namespace papamu {

class SharedMarks {
public:
    static constexpr std::size_t kSlots = std::size_t{1} << 16;
    // The most workers a search runs (the virtual loss grows with the count; more would gain nothing).
    static constexpr int kMostWorkers = 255;

    SharedMarks() : words_(new std::atomic<std::uint32_t>[kSlots]) {
        for (std::size_t slot = 0; slot < kSlots; ++slot) words_[slot].store(0, std::memory_order_relaxed);
    }

    static std::uint32_t slotOf(const Position& position) {
        return static_cast<std::uint32_t>(PositionHash{}(position) >> (64 - kSlotBits));
    }

    std::uint32_t workersInside(std::uint32_t slot) const { return words_[slot].load(std::memory_order_relaxed); }
    void enter(std::uint32_t slot) { words_[slot].fetch_add(1, std::memory_order_relaxed); }
    void leave(std::uint32_t slot) { words_[slot].fetch_sub(1, std::memory_order_relaxed); }

    static constexpr std::uint64_t bytes() { return kSlots * sizeof(std::atomic<std::uint32_t>); }

private:
    static constexpr int kSlotBits = 16;

    std::unique_ptr<std::atomic<std::uint32_t>[]> words_;
};

}  // namespace papamu
