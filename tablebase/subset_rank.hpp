#pragma once
// Ranking k-element subsets of an n-element set densely (the combinatorial number system), and
// moving bits between a board and a "domain" of cells (a portable pext/pdep).
#include <array>
#include <cstdint>
#include <type_traits>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "rules/bitboard.hpp"

namespace papamu {

class BinomialTable {
public:
    static constexpr int kMax = 64;
    constexpr BinomialTable() {
        for (int n = 0; n <= kMax; ++n) {
            values_[static_cast<std::size_t>(n)][0] = 1;
            for (int k = 1; k <= n; ++k) {
                values_[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)] =
                    values_[static_cast<std::size_t>(n - 1)][static_cast<std::size_t>(k - 1)] +
                    (k <= n - 1 ? values_[static_cast<std::size_t>(n - 1)][static_cast<std::size_t>(k)] : 0);
            }
        }
    }
    // C(n, k), 0 when k > n or k < 0. Exact up to C(64, 32) < 2^63.
    constexpr std::uint64_t operator()(int n, int k) const {
        if (k < 0 || n < 0 || k > n) return 0;
        return values_[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
    }

private:
    std::array<std::array<std::uint64_t, kMax + 1>, kMax + 1> values_{};
};

inline constexpr BinomialTable kBinomial{};

// Bits of `bits` that lie in `domain`, packed to the low end in the order of the domain's cells.
constexpr std::uint64_t packBits(Bitboard bits, Bitboard domain) {
#if defined(__BMI2__)
    if (!std::is_constant_evaluated()) return _pext_u64(bits, domain);
#endif
    std::uint64_t packed = 0;
    for (Bitboard rest = bits & domain; rest != 0;) {
        const int cell = popLowestCell(rest);
        packed |= std::uint64_t{1} << popCount(domain & (cellBit(cell) - 1));
    }
    return packed;
}

// The inverse of packBits: bit i of `packed` goes to the i-th lowest cell of `domain`.
constexpr Bitboard unpackBits(std::uint64_t packed, Bitboard domain) {
#if defined(__BMI2__)
    if (!std::is_constant_evaluated()) return _pdep_u64(packed, domain);
#endif
    Bitboard bits = 0;
    for (int index = 0; domain != 0; ++index) {
        const int cell = popLowestCell(domain);
        if ((packed >> index) & 1U) bits |= cellBit(cell);
    }
    return bits;
}

// The rank (below) of every subset of the 16 lowest elements, computed at compile time
// (subset_rank.cpp): ranking is the builder's hot path, and sets of the usual boards (Kōnane up
// to 32 cells, a domain of at most 16 cells per colour) then rank in one load instead of a loop.
extern const std::array<std::uint16_t, std::size_t{1} << 16> kLowSubsetRanks;

// Rank of a set among all sets of the same size: sum of C(c_i, i + 1) over its elements
// c_0 < c_1 < ... (combinatorial number system); dense in 0 .. C(n, k) - 1.
constexpr std::uint64_t rankSubsetByLoop(std::uint64_t set, std::uint64_t rank = 0, int taken = 1) {
    for (; set != 0; ++taken) rank += kBinomial(popLowestCell(set), taken);
    return rank;
}

constexpr std::uint64_t rankSubset(std::uint64_t set) {
    if (std::is_constant_evaluated()) return rankSubsetByLoop(set);
    const std::uint64_t low = set & 0xFFFFU;
    return rankSubsetByLoop(set & ~std::uint64_t{0xFFFF}, kLowSubsetRanks[low], popCount(low) + 1);
}

// The set of `size` elements of 0 .. universe - 1 with the given rank: greedy from the largest
// element down.
constexpr std::uint64_t unrankSubset(std::uint64_t rank, int size, int universe) {
    std::uint64_t set = 0;
    int element = universe - 1;
    for (int taken = size; taken >= 1; --taken) {
        while (kBinomial(element, taken) > rank) --element;
        rank -= kBinomial(element, taken);
        set |= std::uint64_t{1} << element;
        --element;
    }
    return set;
}

// The set of the same size with the next rank (rank order is increasing order of the sets as
// integers). `set` must be non-empty; the caller checks that the result stays in its universe.
constexpr std::uint64_t nextSubset(std::uint64_t set) {
    const std::uint64_t ripple = set + (set & (~set + 1));
    return ripple | ((set ^ ripple) >> (lowestCell(set) + 2));
}

}  // namespace papamu
