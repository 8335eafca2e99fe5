#pragma once
// Moves of both games and a fixed-capacity move list (no allocation in search loops).
#include <array>
#include <cassert>
#include <cstdint>

namespace papamu {

enum class MoveKind : std::uint8_t {
    Removal = 0,  // Kōnane opening removal, Ūnane removal: `from` is the cell, `to` equals it
    Step = 1,     // Kōnane jump (any length, same direction) or Ūnane capture: `from` to `to`
    Swap = 2,     // Ūnane pie swap
};

struct Move {
    MoveKind kind = MoveKind::Removal;
    std::uint8_t from = 0;
    std::uint8_t to = 0;

    static constexpr Move removal(int cell) {
        return Move{MoveKind::Removal, static_cast<std::uint8_t>(cell), static_cast<std::uint8_t>(cell)};
    }
    static constexpr Move step(int from, int to) {
        return Move{MoveKind::Step, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
    }
    static constexpr Move swap() { return Move{MoveKind::Swap, 0, 0}; }

    bool operator==(const Move&) const = default;
};

// Capacity bound, for any position on any board of at most 64 cells:
// - Kōnane: a jump is fixed by its landing cell and direction (the chain of empty cells behind
//   it leads back to exactly one starting stone), so at most 4 x 62 jumps; removals at most 64.
// - Ūnane: a capture is an adjacent (own, enemy) pair, at most 112 edges on an 8x8 board;
//   removals at most 64 more, plus the swap: at most 177.
class MoveList {
public:
    static constexpr int kCapacity = 256;

    void push(Move move) {
        assert(size_ < kCapacity);
        storage_.moves[size_++] = move;
    }
    void clear() { size_ = 0; }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Move& operator[](int index) const { return storage_.moves[index]; }
    Move& operator[](int index) { return storage_.moves[index]; }
    const Move* begin() const { return storage_.moves; }
    const Move* end() const { return storage_.moves + size_; }
    Move* begin() { return storage_.moves; }
    Move* end() { return storage_.moves + size_; }
    bool contains(Move move) const {
        for (const Move& candidate : *this) {
            if (candidate == move) return true;
        }
        return false;
    }

private:
    // Left uninitialised on purpose: a list is made at every node of a search, and zeroing 256
    // moves each time cost more than generating them. Only the first size_ entries are read.
    union Storage {
        Storage() {}
        Move moves[kCapacity];
    } storage_;
    int size_ = 0;
};

}  // namespace papamu
