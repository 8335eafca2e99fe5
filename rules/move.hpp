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
        moves_[static_cast<std::size_t>(size_++)] = move;
    }
    void clear() { size_ = 0; }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Move& operator[](int index) const { return moves_[static_cast<std::size_t>(index)]; }
    Move& operator[](int index) { return moves_[static_cast<std::size_t>(index)]; }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }
    Move* begin() { return moves_.data(); }
    Move* end() { return moves_.data() + size_; }
    bool contains(Move move) const {
        for (const Move& candidate : *this) {
            if (candidate == move) return true;
        }
        return false;
    }

private:
    std::array<Move, kCapacity> moves_;
    int size_ = 0;
};

}  // namespace papamu
