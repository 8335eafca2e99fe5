#pragma once
// Bitboards: one bit per cell, bit index = row * columns + column (row 0 is the bottom row).
#include <bit>
#include <cstdint>

namespace papamu {

using Bitboard = std::uint64_t;

constexpr Bitboard cellBit(int cell) { return Bitboard{1} << cell; }
constexpr int popCount(Bitboard bits) { return std::popcount(bits); }
constexpr int lowestCell(Bitboard bits) { return std::countr_zero(bits); }
constexpr bool hasCell(Bitboard bits, int cell) { return (bits >> cell) & 1U; }

// Removes and returns the lowest set cell; the idiom for iterating set bits without allocation.
constexpr int popLowestCell(Bitboard& bits) {
    const int cell = std::countr_zero(bits);
    bits &= bits - 1;
    return cell;
}

// Shift that treats negative amounts as right shifts and out-of-range amounts as "everything
// falls off", so direction tables can be written with signed strides.
constexpr Bitboard shiftBy(Bitboard bits, int amount) {
    if (amount >= 64 || amount <= -64) return 0;
    return amount >= 0 ? bits << amount : bits >> (-amount);
}

}  // namespace papamu
