#pragma once
// The transposition table of the proof-number search: a fixed number of bytes, buckets of four
// entries, each entry holding the WHOLE position (both bitboards, side to move, swap offer), so a
// hash collision can only cost a lookup, never lend one position's proof to another.
// - Two entry layouts (solver/proof_table_entry.hpp), chosen when the table is made: 16-byte
//   entries for boards of up to 32 cells (a bucket is one cache line), 32-byte ones otherwise
//   (two lines). Every operation is written once, as a template on the layout; the public ones
//   pick it with one predictable branch (no virtual call per probe).
// - Memory comes from PageMemory: pages are touched only when used, so the table size (--hash)
//   costs nothing at start-up, and clear() hands touched pages back instead of rewriting them.
//   Huge pages (fewer TLB misses: 1.9 s against 2.4 s CPU on `solve konane 6x6`) cost 2 MiB of
//   zeroing at first touch: a table up to kEagerHugePageBytes uses them from the start (zeroing
//   all of it is cheap), a bigger one only once kHugePageFill of its entries are in use, so a
//   small search on a huge --hash pays for what it touches (solver/README.md has the figures).
// - A table grows: it starts at kGrowthStartBytes (or its size, if smaller) and
//   doubles, in place, each time kGrowthFill of its current entries are in use, up to its size.
//   So a small search on a big --hash touches, zeroes and caches only what it needs (Ūnane 4x5
//   on the default 256 MB: see solver/README.md, "a table that grows"). The bucket of a position
//   is (hash × buckets) >> 64, so on growth bucket b's entries move to buckets b·new/old and up:
//   rehashing from the last bucket down never overwrites a bucket not yet moved. A table shared
//   by several workers grows too, but only while none of them searches (solver/
//   worker_rendezvous.hpp): a store that finds the fill reached raises growthWanted(), and once
//   every worker has stopped at the meeting they all call growTogether(), each moving its share.
// - Replacement inside a bucket evicts the entry of least priority (priorityOf): its work (search
//   nodes spent below it), counted four times for a proof.
// - Garbage collection for runs far longer than the table (df-pn+ practice, as in
//   KomoringHeights): when the table is kGarbageTrigger full, one sweep removes the cheapest
//   unproven entries (by work class, a power of two) until about kGarbageTarget remains in use.
//   Proofs stay; only bucket replacement ever evicts one. Tables under kGarbageMinimumCapacity
//   entries never sweep. The sweep is gentle on purpose (98% -> 90%): measured on 1 MB tables,
//   sweeping down to 60% cost 1.8x the nodes on Kōnane 5x6 and 4.6x on 6x6 against bucket
//   replacement alone, the gentle sweep 1.03x and 1.07x (solver/README.md).
// With several workers, each bucket has a sequence number (a seqlock): a writer makes it odd while
// it changes the bucket and even again after; a reader reads the entries and retries if the
// number was odd or changed meanwhile. So a lookup writes nothing shared: with lock flags every
// lookup took its lock's cache line away from the other cores, and lookups are most of the
// table's traffic. A wide bucket keeps its number in its first entry's spare word, on the line
// the lookup reads anyway; narrow buckets (no spare bits) share a fixed set of stripes, 16 to a
// cache line, so there a store by one core costs the others a miss on a line they read often
// (about 12% of the CPU of two workers on Kōnane 6x6 before wide buckets kept their own).
// Narrow lookups skip the seqlock where a narrow entry is read in one atomic access (x86-64 with
// AVX, solver/sixteen_byte_access.hpp): each entry then reads whole, and an entry is all a
// lookup uses. Writers still take the stripe, to choose a slot and add up work alone.
// Every entry field is read and written as an atomic (acquire loads, release stores: plain
// moves on x86; a narrow entry in one 16-byte move), so a read that overlaps a write is retried
// (or, a narrow entry read whole, cannot see half of it), never a data race.
#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "rules/position.hpp"
#include "solver/page_memory.hpp"
#include "solver/proof_number.hpp"
#include "solver/proof_table_entry.hpp"
#include "solver/work_share.hpp"

namespace papamu {

// A table size in bytes (the megabyte constructor covers the usual case).
struct ProofTableBytes {
    std::size_t bytes = 0;
};

// How a shared table's lookups keep clear of a write in progress: the fastest way this processor
// allows (Fastest), or always the seqlock (Sequenced: for tests of that way on any processor).
enum class LookupGuard { Fastest, Sequenced };

class ProofTable {
public:
    static constexpr int kBucketEntries = 4;
    // Fractions of the capacity: a sweep starts above the first and stops near the second.
    static constexpr double kGarbageTrigger = 0.98;
    static constexpr double kGarbageTarget = 0.90;
    static constexpr double kHugePageFill = 1.0 / 32;
    static constexpr std::size_t kEagerHugePageBytes = std::size_t{1} << 30;
    static constexpr std::size_t kGrowthStartBytes = std::size_t{16} << 20;
    static constexpr double kGrowthFill = 0.5;
    // Smaller tables rely on bucket replacement alone (a sweep would run every few stores).
    static constexpr std::size_t kGarbageMinimumCapacity = 4096;
    // Below this many buckets a shared growth's last moves are left to one worker (each step of
    // the shared part ends at a barrier, and the steps halve).
    static constexpr std::size_t kSharedGrowthBuckets = 4096;
    // The stripes of the seqlock (buckets share them round-robin) and what they take.
    static constexpr std::size_t kLockStripes = std::size_t{1} << 16;
    static constexpr std::size_t kLockBytes = kLockStripes * sizeof(std::uint32_t);

    struct Found {
        ProofPair numbers;
        std::uint32_t work = 0;
        bool operator==(const Found&) const = default;
    };

    // What an entry is worth keeping: its work, counted four times for a proof, since a proof is
    // worth more than an estimate. Bucket replacement evicts the least; compact checkpoints keep
    // the most (solver/checkpoint_compaction.hpp).
    static std::uint64_t priorityOf(ProofPair numbers, std::uint32_t work) {
        return numbers.proven() ? std::uint64_t{work} * 4 : std::uint64_t{work};
    }

    // The layout for a board: narrow entries hold positions within the first 32 cells.
    static constexpr EntryLayout layoutFor(int cellCount) {
        return cellCount <= NarrowEntry::kCells ? EntryLayout::Narrow : EntryLayout::Wide;
    }

    // At least one bucket; `concurrent` turns the bucket locks on (needed with several workers).
    // A narrow table refuses (std::invalid_argument) to store a position beyond its 32 cells.
    ProofTable(std::size_t megabytes, bool concurrent, EntryLayout layout = EntryLayout::Wide)
        : ProofTable(ProofTableBytes{megabytes << 20}, concurrent, layout) {}
    ProofTable(ProofTableBytes size, bool concurrent, EntryLayout layout = EntryLayout::Wide,
               LookupGuard guard = LookupGuard::Fastest);

    // A position's bucket, worked out once for a prefetch and the lookup after it (the hash is
    // the same both times). A probe made before the table grew is worked out again.
    struct Probe {
        std::size_t bucket;
        std::size_t bucketCount;
    };

    // Looks the exact position up; false when it is not stored.
    bool lookup(const Position& position, Found& found) const { return lookup(position, found, probeOf(position)); }
    // The same, in the bucket `probe` found for the position (from probeOf()).
    bool lookup(const Position& position, Found& found, Probe probe) const;
    // Stores or updates the position, adding `work` to the work already recorded for it.
    // Returns true when it took a slot that was empty. May run a garbage collection first.
    // `writer`: the storing worker's index, which picks the used-entry count it adds to; no two
    // threads may store with one index at once. kAnyWriter (any thread) counts in a shared one.
    static constexpr int kAnyWriter = -1;
    bool store(const Position& position, ProofPair numbers, std::uint32_t work, int writer = kAnyWriter);
    // A shared table whose fill asks for growth: the search should call growTogether() soon.
    bool growthWanted() const { return growthWanted_.load(std::memory_order_relaxed); }
    // Doubles the table as often as its fill asks, the members of `share` together (every one
    // calls it), while no other thread uses the table.
    void growTogether(const WorkShare& share = WorkShare::alone());
    // Grows the table at once (up to its size) so that `entries` stay below its growth fill: for
    // bulk loads, whose order need not spread the stores over the buckets. Only while no other
    // thread uses it.
    void reserve(std::size_t entries);
    // After a bulk load (a checkpoint read in), if the table uses huge pages: the pages whose
    // first touch found no free huge page, and fell back to 4 KiB, are collapsed now. Reading a
    // 16 GB checkpoint fills the page cache, and a resumed Ūnane 5x6 table held 2.7 of its 12 GB
    // in small pages: 97 k nodes/s, 290-410 k once collapsed (solver/README.md, table memory).
    void collapseHugePages();
    // Forgets every entry (cheap: only pages touched since the last clear are handed back).
    void clear();
    // One sweep removing the cheapest unproven entries until at most `targetUsed` remain (or no
    // unproven entry is left); returns how many it removed. store() calls it when the table fills.
    std::size_t collectGarbage(std::size_t targetUsed);
    // Calls visit(position, found) for every stored entry, each read under its bucket's stripe
    // (other workers may go on storing meanwhile: every entry read is one that was stored).
    template <class Visit>
    void forEachEntry(Visit&& visit) const {
        withLayout([&]<class E>(E) {
            for (std::size_t index = 0; index < bucketCount_; ++index) {
                Bucket<E> copy;
                lock<E>(index);
                for (int slot = 0; slot < kBucketEntries; ++slot) copy.entries[slot] = E::load(buckets<E>()[index].entries[slot]);
                unlock<E>(index);
                for (const E& entry : copy.entries) {
                    if (entry.used()) visit(entry.position(), Found{entry.numbers(), entry.work()});
                }
            }
        });
    }
    // Where the position's bucket is, for prefetch() and the lookup after it.
    Probe probeOf(const Position& position) const { return Probe{bucketOf(position), bucketCount_}; }
    // Starts loading the bucket into the cache, so that several lookups overlap. A wide bucket is
    // two cache lines: a lookup that does not match in the first reads the second.
    void prefetch(Probe probe) const {
        const char* bucket = static_cast<const char*>(memory_.data()) + probe.bucket * bucketBytes_;
        __builtin_prefetch(bucket);
        if (layout_ == EntryLayout::Wide) __builtin_prefetch(bucket + 64);
    }

    // Starts loading what a store of the position will lock, where that is not its bucket: a
    // narrow bucket's stripe. The search calls it on entering a node, whose store follows the
    // node's expansion: a stripe lock that waited for its line was 14% of a 2-thread Ūnane 4x5
    // solve's samples (solver/README.md, "Stripes fetched before the store").
    void prefetchForStore(Probe probe) const {
        if (concurrent_ && layout_ == EntryLayout::Narrow) __builtin_prefetch(&sequences_[probe.bucket % kLockStripes], 1);
    }

    EntryLayout layout() const { return layout_; }
    // Whether lookups read the bucket's seqlock (a shared table, unless its entries read whole).
    bool sequencedLookups() const { return sequencedLookups_; }
    // The table's size (what it may grow to), in entries and bytes.
    std::size_t capacity() const { return fullBucketCount_ * kBucketEntries; }
    std::size_t bytes() const { return fullBucketCount_ * bucketBytes_; }
    // The entries it has now: below capacity() while a one-worker table is still growing.
    std::size_t currentCapacity() const { return bucketCount_ * kBucketEntries; }
    // Entries in use, counted exactly.
    std::size_t used() const {
        std::int64_t total = 0;
        for (const UsedShard& shard : used_) total += shard.count.load(std::memory_order_relaxed);
        return static_cast<std::size_t>(std::max<std::int64_t>(total, 0));
    }
    // Garbage collections run so far.
    std::uint64_t collections() const { return collections_.load(std::memory_order_relaxed); }

private:
    template <class E>
    struct Bucket {
        E entries[kBucketEntries];
    };

    static constexpr int kWorkClasses = 33;  // floor(log2(work)) + 1 for 32-bit work, 0 for none

    template <class E>
    static std::uint64_t priority(const E& entry) { return priorityOf(entry.numbers(), entry.work()); }
    static int workClass(std::uint32_t work) { return work == 0 ? 0 : 32 - __builtin_clz(work); }

    // Calls `operation(E{})` with the table's entry layout E: the one place that picks it.
    template <class Operation>
    decltype(auto) withLayout(Operation&& operation) const {
        return layout_ == EntryLayout::Narrow ? operation(NarrowEntry{}) : operation(WideEntry{});
    }
    template <class E>
    Bucket<E>* buckets() const { return static_cast<Bucket<E>*>(memory_.data()); }
    std::size_t bucketOf(const Position& position) const;
    template <class E>
    bool lookupIn(std::size_t index, const Position& position, Found& found) const;
    template <class E>
    bool storeIn(std::size_t index, const Position& position, ProofPair numbers, std::uint32_t work);
    template <class E>
    void growIn(std::size_t before, const WorkShare& share);
    // Moves the entries of buckets [begin, end), the last first, to their buckets at the current
    // count; returns how many were evicted on the way.
    template <class E>
    std::size_t moveBuckets(std::size_t begin, std::size_t end);
    template <class E>
    std::size_t collectIn(std::size_t targetUsed);
    // A bucket's seqlock word: a wide bucket's own, a narrow bucket's stripe's.
    template <class E>
    std::atomic_ref<std::uint32_t> sequenceOf(std::size_t bucket) const;
    // Writers (and whole-bucket readers) hold the lock; lookups use beginRead/endRead instead.
    template <class E>
    void lock(std::size_t bucket) const;
    template <class E>
    void unlock(std::size_t bucket) const;
    template <class E>
    std::uint32_t beginRead(std::size_t bucket) const;  // waits out a writer
    template <class E>
    bool endRead(std::size_t bucket, std::uint32_t begun) const;  // false: read again
    void collectIfFull();
    std::size_t startBucketCount() const;
    bool growthDue() const;
    // Rehashes every entry into the first `count` buckets (more than now), in place.
    void growTo(std::size_t count);
    // Puts `entry` into `bucket` (one not shared: growth runs alone): a free slot, else in place
    // of the entry of least priority. Returns whether one was evicted.
    template <class E>
    bool place(std::size_t bucket, const E& entry);
    void switchToHugePagesWhenUsed();

    EntryLayout layout_;
    std::size_t bucketBytes_;
    std::size_t fullBucketCount_;
    bool concurrent_;
    bool sequencedLookups_;
    std::size_t bucketCount_;  // in use now: fullBucketCount_ unless still growing
    PageMemory memory_;
    std::unique_ptr<std::uint32_t[]> sequences_;  // narrow buckets' stripes (none for wide): odd while written
    // Workers read the members above on every probe. The count of used entries changes on most
    // stores, so it lives apart, in shards on their own cache lines, one per worker (by its
    // index): one shared counter beside the read-mostly members made every store invalidate the
    // other workers' copy of that line, and two threads searched no faster than one; shards
    // picked by bucket still moved a line between the cores on most stores (perf: store() 5.9%
    // of the samples of two workers, against 1.4% at one). A worker's shard has no other writer,
    // so it adds without a locked instruction (countStored); the last shard is for the rest
    // (kAnyWriter, indices past the worker shards, and the evictions of growth and sweeps).
    struct alignas(64) UsedShard {
        std::atomic<std::int64_t> count{0};
    };
    static constexpr std::size_t kWorkerShards = 16;
    static constexpr std::size_t kSharedShard = kWorkerShards;
    std::array<UsedShard, kWorkerShards + 1> used_{};
    // The fill is checked on one store in this many (summing the shards reads the workers' lines).
    static constexpr std::size_t kFillCheckInterval = 16;
    void countStored(int writer);
    alignas(64) std::atomic<std::size_t> garbageTrigger_;
    std::atomic<bool> collecting_{false};
    std::atomic<bool> hugePages_{false};
    std::atomic<std::uint64_t> collections_{0};
    std::atomic<bool> touched_{false};  // anything stored since the last clear()
    std::atomic<bool> growthWanted_{false};
    // The growth under way in growTogether(), as its leader planned it for every member: bucket
    // counts before and after (after 0: none).
    struct Growth {
        std::size_t from = 0;
        std::size_t to = 0;
    };
    Growth growth_;
};

}  // namespace papamu
