#pragma once
// What the workers of one parallel proof-number search tell each other besides the table: per
// slot (a position's hash picks one of kSlots), one 32-bit word holding
// - in its low 8 bits, how many workers are inside a position of the slot right now (the others
//   count it as a virtual loss and go elsewhere), and
// - in its upper 24 bits, how many times a position of the slot has been stored (a generation
//   that wraps): a worker re-reads a child from the table only when the child's generation
//   changed since it last read it, instead of re-reading every child every round.
// A slot shared by several positions only costs a needless re-read or virtual loss, never a
// wrong number: the table, keyed by the whole position, stays the only source of numbers.
// One word per slot, so entering and leaving a position are one atomic add each.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "rules/position.hpp"

namespace papamu {

class SharedMarks {
public:
    static constexpr std::size_t kSlots = std::size_t{1} << 16;
    // The inside count has 8 bits: more workers than this could carry it into the generation.
    static constexpr int kMostWorkers = 255;

    SharedMarks() : words_(new std::atomic<std::uint32_t>[kSlots]) {
        for (std::size_t slot = 0; slot < kSlots; ++slot) words_[slot].store(0, std::memory_order_relaxed);
    }

    static std::uint32_t slotOf(const Position& position) {
        return static_cast<std::uint32_t>(PositionHash{}(position) >> (64 - kSlotBits));
    }
    static unsigned workersInside(std::uint32_t mark) { return mark & kInsideMask; }
    // Whether a position of the slot was stored between reading `before` and `now`.
    static bool storedBetween(std::uint32_t before, std::uint32_t now) { return ((before ^ now) & ~kInsideMask) != 0; }

    // Acquire: a changed generation read here comes with the store that changed it (best effort:
    // the numbers are read from the table under its lock anyway).
    std::uint32_t read(std::uint32_t slot) const { return words_[slot].load(std::memory_order_acquire); }
    void enter(std::uint32_t slot) { words_[slot].fetch_add(1, std::memory_order_relaxed); }
    // After the position was stored: one more generation, and one worker fewer inside if `entered`.
    void stored(std::uint32_t slot, bool entered) {
        words_[slot].fetch_add(entered ? kGeneration - 1 : kGeneration, std::memory_order_release);
    }

    static constexpr std::uint64_t bytes() { return kSlots * sizeof(std::atomic<std::uint32_t>); }

private:
    static constexpr int kSlotBits = 16;
    static constexpr std::uint32_t kInsideMask = 0xFF;
    static constexpr std::uint32_t kGeneration = 0x100;

    std::unique_ptr<std::atomic<std::uint32_t>[]> words_;
};

}  // namespace papamu
