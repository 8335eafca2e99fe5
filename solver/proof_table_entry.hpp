#pragma once
// The two layouts of a proof-table entry. Both hold the WHOLE position (an exact key: a hash
// collision can only cost a lookup, never lend one position's proof to another).
// - WideEntry, 32 bytes: any board (up to 64 cells). Both bitboards and both numbers in full,
//   the work (to 2^29 - 1, saturating) with the tag in one word, and a spare word that the first
//   entry of a bucket lends the table as the bucket's seqlock (ProofTable).
// - NarrowEntry, 16 bytes: boards of up to 32 cells. The key word is Black's 32 cells below
//   White's; the data word packs the tag, both numbers in kNumberBits and the work in a small
//   float. Four entries fill one cache line, so a lookup reads one line instead of two, and a
//   table holds twice the entries. The search is memory-bound on the frontier boards (85% of the
//   search loop's samples on Ūnane 5x6 waited for a bucket's second line, solver/README.md).
//   What it gives up, both only for positions not proven:
//   - numbers from 2^25 - 2 up are kept as 2^25 - 2 ("large", like kProofLimit in 32 bits);
//     infinity and 0 stay exact, so a proof reads back exactly as stored;
//   - work keeps 6 significant bits (at most 1/64 below the truth, rounded down), enough for
//     what it is for: replacement, garbage classes and compaction priorities.
// Each layout reads and writes its fields as atomics (acquire loads, release stores), so the
// table's seqlock can retry a read that overlapped a write without a data race. A narrow entry
// goes in one 16-byte access, atomic on every x86-64 processor with AVX: there the table needs no
// seqlock for lookups (solver/sixteen_byte_access.hpp).
#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>

#include "rules/position.hpp"
#include "solver/proof_number.hpp"
#include "solver/sixteen_byte_access.hpp"

namespace papamu {

// Which of the two a table uses (ProofTable::layoutFor picks it for a board).
enum class EntryLayout { Wide, Narrow };

namespace proof_table_entry_detail {

inline constexpr std::uint8_t kUsed = 1;
inline constexpr std::uint8_t kWhiteToMove = 2;
inline constexpr std::uint8_t kSwapOffered = 4;

constexpr std::uint8_t tagOf(const Position& position) {
    return static_cast<std::uint8_t>(kUsed | (position.sideToMove == Color::White ? kWhiteToMove : 0) |
                                     (position.swapAvailable ? kSwapOffered : 0));
}
constexpr Position positionOf(Bitboard black, Bitboard white, std::uint8_t tag) {
    return Position{black, white, (tag & kWhiteToMove) ? Color::White : Color::Black, (tag & kSwapOffered) != 0};
}
template <class T>
T loadShared(const T& field) {
    return std::atomic_ref<T>(const_cast<T&>(field)).load(std::memory_order_acquire);
}
template <class T>
void storeShared(T& field, T value) {
    std::atomic_ref<T>(field).store(value, std::memory_order_release);
}

}  // namespace proof_table_entry_detail

struct WideEntry {
    static constexpr int kTagBits = 3;
    static constexpr std::uint32_t kTagMask = (1U << kTagBits) - 1;
    static constexpr std::uint32_t kMostWork = ~std::uint32_t{0} >> kTagBits;

    Bitboard black = 0;
    Bitboard white = 0;
    ProofNumber proof = 0;
    ProofNumber disproof = 0;
    std::uint32_t workAndTag = 0;  // search nodes spent below (saturating) << kTagBits | tag
    // Not part of the entry: in a bucket's first entry, the bucket's seqlock word. load() and
    // store() leave it alone, so storing an entry never disturbs a lock.
    std::uint32_t sequence = 0;

    // What a lookup compares, made once per probe.
    struct Key {
        Bitboard black;
        Bitboard white;
        std::uint8_t tag;
    };
    static constexpr bool fits(const Position&) { return true; }
    static constexpr Key keyOf(const Position& position) {
        return {position.black, position.white, proof_table_entry_detail::tagOf(position)};
    }
    static constexpr WideEntry of(const Position& position, ProofPair numbers, std::uint32_t work) {
        return {position.black, position.white, numbers.proof, numbers.disproof,
                std::min(work, kMostWork) << kTagBits | proof_table_entry_detail::tagOf(position)};
    }
    constexpr std::uint8_t tag() const { return static_cast<std::uint8_t>(workAndTag & kTagMask); }
    constexpr bool used() const { return tag() != 0; }
    constexpr bool holds(const Key& key) const { return tag() == key.tag && black == key.black && white == key.white; }
    constexpr ProofPair numbers() const { return {proof, disproof}; }
    constexpr std::uint32_t work() const { return workAndTag >> kTagBits; }
    constexpr Position position() const { return proof_table_entry_detail::positionOf(black, white, tag()); }

    static WideEntry load(const WideEntry& shared) {
        using proof_table_entry_detail::loadShared;
        return {loadShared(shared.black), loadShared(shared.white), loadShared(shared.proof), loadShared(shared.disproof),
                loadShared(shared.workAndTag)};
    }
    static void store(WideEntry& shared, const WideEntry& value) {
        using proof_table_entry_detail::storeShared;
        storeShared(shared.black, value.black);
        storeShared(shared.white, value.white);
        storeShared(shared.proof, value.proof);
        storeShared(shared.disproof, value.disproof);
        storeShared(shared.workAndTag, value.workAndTag);
    }
};
static_assert(sizeof(WideEntry) == 32);

// Aligned to its size so that it can be loaded and stored in one access (sixteen_byte_access.hpp).
struct alignas(16) NarrowEntry {
    static constexpr int kCells = 32;
    static constexpr int kNumberBits = 25;
    static constexpr int kWorkBits = 11;  // 5 bits of exponent, 6 of mantissa
    static constexpr std::uint64_t kNumberMask = (std::uint64_t{1} << kNumberBits) - 1;
    static constexpr std::uint64_t kNumberInfinity = kNumberMask;
    static constexpr std::uint64_t kNumberLarge = kNumberMask - 1;
    // The data word, from bit 0: tag (3 bits), proof, disproof, work.
    static constexpr int kProofShift = 3;
    static constexpr int kDisproofShift = kProofShift + kNumberBits;
    static constexpr int kWorkShift = kDisproofShift + kNumberBits;
    static_assert(kWorkShift + kWorkBits == 64);

    std::uint64_t key = 0;   // Black's cells, then White's << 32
    std::uint64_t data = 0;  // 0: the entry is free

    struct Key {
        std::uint64_t word;
        std::uint8_t tag;
    };
    static constexpr bool fits(const Position& position) { return ((position.black | position.white) >> kCells) == 0; }
    static constexpr Key keyOf(const Position& position) {
        return {position.black | (position.white << kCells), proof_table_entry_detail::tagOf(position)};
    }
    static constexpr NarrowEntry of(const Position& position, ProofPair numbers, std::uint32_t work) {
        const std::uint64_t data = proof_table_entry_detail::tagOf(position) | packNumber(numbers.proof) << kProofShift |
                                   packNumber(numbers.disproof) << kDisproofShift | packWork(work) << kWorkShift;
        return {keyOf(position).word, data};
    }
    constexpr bool used() const { return data != 0; }
    constexpr bool holds(const Key& probe) const { return key == probe.word && (data & 7) == probe.tag; }
    constexpr ProofPair numbers() const {
        return {unpackNumber(data >> kProofShift), unpackNumber(data >> kDisproofShift)};
    }
    constexpr std::uint32_t work() const { return unpackWork(data >> kWorkShift); }
    constexpr Position position() const {
        constexpr std::uint64_t lowCells = (std::uint64_t{1} << kCells) - 1;
        return proof_table_entry_detail::positionOf(key & lowCells, key >> kCells, static_cast<std::uint8_t>(data & 7));
    }

    // Whole where sixteenByteAccessIsAtomic(): then a lookup needs no lock (ProofTable).
    static NarrowEntry load(const NarrowEntry& shared) {
        const SixteenBytes words = loadSixteenBytes(&shared);
        return {words.low, words.high};
    }
    static void store(NarrowEntry& shared, const NarrowEntry& value) { storeSixteenBytes(&shared, {value.key, value.data}); }

    static constexpr std::uint64_t packNumber(ProofNumber number) {
        if (number == kProofInfinity) return kNumberInfinity;
        return number < kNumberLarge ? number : kNumberLarge;
    }
    static constexpr ProofNumber unpackNumber(std::uint64_t field) {
        field &= kNumberMask;
        return field == kNumberInfinity ? kProofInfinity : static_cast<ProofNumber>(field);
    }
    // Below 64 exactly; above, (64 + mantissa) << (exponent - 1), rounded down.
    static constexpr std::uint64_t packWork(std::uint32_t work) {
        if (work < 64) return work;
        const int exponent = static_cast<int>(std::bit_width(work)) - 6;
        return static_cast<std::uint64_t>(exponent) << 6 | ((work >> (exponent - 1)) - 64);
    }
    static constexpr std::uint32_t unpackWork(std::uint64_t field) {
        field &= (std::uint64_t{1} << kWorkBits) - 1;
        const auto exponent = static_cast<int>(field >> 6);
        const auto mantissa = static_cast<std::uint32_t>(field & 63);
        return exponent == 0 ? mantissa : (64 + mantissa) << (exponent - 1);
    }
};
static_assert(sizeof(NarrowEntry) == 16);
static_assert(NarrowEntry::unpackWork(NarrowEntry::packWork(0xFFFFFFFFU)) == 0xFE000000U);
static_assert(NarrowEntry::unpackWork(NarrowEntry::packWork(1001)) == 1000);

}  // namespace papamu
