#pragma once
// The transposition table of the proof-number search: a fixed number of bytes, buckets of four
// entries, each entry holding the WHOLE position (both bitboards, side to move, swap offer), so a
// hash collision can only cost a lookup, never lend one position's proof to another.
// Replacement keeps the entries that took the most work; proven entries count their work four
// times, since a proof is worth more than an estimate. With several workers, each bucket is
// guarded by one of a fixed set of spin locks (lock striping).
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "rules/position.hpp"
#include "solver/proof_number.hpp"

namespace papamu {

class ProofTable {
public:
    static constexpr int kBucketEntries = 4;

    struct Entry {
        Bitboard black = 0;
        Bitboard white = 0;
        ProofNumber proof = 0;
        ProofNumber disproof = 0;
        std::uint32_t work = 0;   // search nodes spent below this position, saturating
        std::uint8_t tag = 0;     // kUsed | side to move | swap offer
    };
    static_assert(sizeof(Entry) == 32);

    struct Found {
        ProofPair numbers;
        std::uint32_t work = 0;
    };

    // At least one bucket; `concurrent` turns the bucket locks on (needed with several workers).
    ProofTable(std::size_t megabytes, bool concurrent);

    // Looks the exact position up; false when it is not stored.
    bool lookup(const Position& position, Found& found) const;
    // Stores or updates the position, adding `work` to the work already recorded for it.
    // Returns true when it took a slot that was empty.
    bool store(const Position& position, ProofPair numbers, std::uint32_t work);
    void clear();
    // Starts loading the position's bucket into the cache, so that several lookups overlap.
    void prefetch(const Position& position) const { __builtin_prefetch(&buckets_[bucketOf(position)]); }

    std::size_t capacity() const { return bucketCount_ * kBucketEntries; }
    std::size_t bytes() const { return bucketCount_ * sizeof(Bucket); }
    // Entries in use, counted exactly (only ever grows until clear()).
    std::size_t used() const { return used_.load(std::memory_order_relaxed); }

private:
    struct Bucket {
        Entry entries[kBucketEntries];
    };
    static constexpr std::uint8_t kUsed = 1;
    static constexpr std::uint8_t kWhiteToMove = 2;
    static constexpr std::uint8_t kSwapOffered = 4;
    static constexpr std::size_t kLockStripes = std::size_t{1} << 16;

    static std::uint8_t tagOf(const Position& position) {
        return static_cast<std::uint8_t>(kUsed | (position.sideToMove == Color::White ? kWhiteToMove : 0) |
                                         (position.swapAvailable ? kSwapOffered : 0));
    }
    static bool matches(const Entry& entry, const Position& position, std::uint8_t tag) {
        return entry.tag == tag && entry.black == position.black && entry.white == position.white;
    }
    std::size_t bucketOf(const Position& position) const;
    void lock(std::size_t bucket) const;
    void unlock(std::size_t bucket) const;

    std::size_t bucketCount_;
    bool concurrent_;
    std::unique_ptr<Bucket[]> buckets_;
    std::unique_ptr<std::atomic<std::uint8_t>[]> locks_;
    std::atomic<std::size_t> used_{0};
};

}  // namespace papamu
