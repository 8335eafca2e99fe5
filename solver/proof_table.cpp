#include "solver/proof_table.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <type_traits>

#include "solver/sixteen_byte_access.hpp"

namespace papamu {

namespace {

std::size_t bucketBytesOf(EntryLayout layout) {
    return ProofTable::kBucketEntries * (layout == EntryLayout::Narrow ? sizeof(NarrowEntry) : sizeof(WideEntry));
}

}  // namespace

ProofTable::ProofTable(ProofTableBytes size, bool concurrent, EntryLayout layout, LookupGuard guard)
    : layout_(layout),
      bucketBytes_(bucketBytesOf(layout)),
      fullBucketCount_(std::max<std::size_t>(1, size.bytes / bucketBytes_)),
      concurrent_(concurrent),
      sequencedLookups_(concurrent && !(layout == EntryLayout::Narrow && guard == LookupGuard::Fastest &&
                                        sixteenByteAccessIsAtomic())),
      bucketCount_(startBucketCount()),
      memory_(fullBucketCount_ * bucketBytes_),
      sequences_(layout == EntryLayout::Narrow ? new std::uint32_t[kLockStripes]() : nullptr),
      garbageTrigger_(static_cast<std::size_t>(static_cast<double>(capacity()) * kGarbageTrigger)) {
    if (bytes() <= kEagerHugePageBytes) {
        hugePages_.store(true, std::memory_order_relaxed);
        memory_.useHugePages(false);
    }
}

std::size_t ProofTable::startBucketCount() const {
    return std::min(fullBucketCount_, std::max<std::size_t>(1, kGrowthStartBytes / bucketBytes_));
}

bool ProofTable::growthDue() const {
    return bucketCount_ < fullBucketCount_ &&
           static_cast<double>(used()) >= static_cast<double>(currentCapacity()) * kGrowthFill;
}

void ProofTable::growTogether(const WorkShare& share) {
    for (;;) {
        // The leader plans each doubling (and sets the count the moves use); the barrier shows
        // the plan to every member, and no member reads it again before growIn's last barrier.
        if (share.leader()) {
            growthWanted_.store(false, std::memory_order_relaxed);
            growth_ = growthDue() ? Growth{bucketCount_, std::min(fullBucketCount_, bucketCount_ * 2)} : Growth{};
            if (growth_.to != 0) bucketCount_ = growth_.to;
        }
        share.sync();
        const Growth growth = growth_;
        if (growth.to == 0) return;
        withLayout([&]<class E>(E) { growIn<E>(growth.from, share); });
    }
}

void ProofTable::reserve(std::size_t entries) {
    std::size_t count = bucketCount_;
    while (count < fullBucketCount_ && static_cast<double>(count * kBucketEntries) * kGrowthFill < static_cast<double>(entries)) {
        count = std::min(fullBucketCount_, count * 2);
    }
    // Rehashing into any larger count is safe in place: bucket b's entries go to b * new / old and up.
    if (count > bucketCount_) growTo(count);
}

void ProofTable::growTo(std::size_t count) {
    const std::size_t before = bucketCount_;
    bucketCount_ = count;
    withLayout([&]<class E>(E) { growIn<E>(before, WorkShare::alone()); });
}

template <class E>
void ProofTable::growIn(std::size_t before, const WorkShare& share) {
    std::size_t evicted = 0;
    std::size_t moved = before;  // buckets [moved, before) are moved already
    // With a whole ratio new/old, bucket b's entries go to buckets [b·ratio, (b+1)·ratio) and no
    // other bucket's do; so the buckets whose entries all land at `moved` and above can move at
    // once, each member its own part, a step at a time (a barrier between steps). The last few
    // move the one-worker way, from the last down, by the leader alone.
    if (share.members() > 1 && bucketCount_ % before == 0) {
        const std::size_t ratio = bucketCount_ / before;
        while (moved >= kSharedGrowthBuckets) {
            const std::size_t first = (moved + ratio - 1) / ratio;
            const auto [begin, end] = share.part(first, moved);
            evicted += moveBuckets<E>(begin, end);
            share.sync();
            moved = first;
        }
    }
    if (share.leader()) evicted += moveBuckets<E>(0, moved);
    used_[kSharedShard].count.fetch_sub(static_cast<std::int64_t>(evicted), std::memory_order_relaxed);
    share.sync();
}

template <class E>
std::size_t ProofTable::moveBuckets(std::size_t begin, std::size_t end) {
    std::size_t evicted = 0;
    for (std::size_t index = end; index-- > begin;) {
        const Bucket<E> moving = buckets<E>()[index];
        buckets<E>()[index] = Bucket<E>{};
        for (const E& entry : moving.entries) {
            if (entry.used()) evicted += place(bucketOf(entry.position()), entry) ? 1 : 0;
        }
    }
    return evicted;
}

template <class E>
bool ProofTable::place(std::size_t bucket, const E& entry) {
    E* victim = nullptr;
    for (E& slot : buckets<E>()[bucket].entries) {
        if (!slot.used()) {
            slot = entry;
            return false;
        }
        if (victim == nullptr || priority(slot) < priority(*victim)) victim = &slot;
    }
    if (priority(*victim) < priority(entry)) *victim = entry;
    return true;
}

std::size_t ProofTable::bucketOf(const Position& position) const {
    // Multiply-shift maps the 64-bit hash onto any bucket count without a division.
    __extension__ using Wide = unsigned __int128;
    const auto hash = static_cast<Wide>(PositionHash{}(position));
    return static_cast<std::size_t>((hash * bucketCount_) >> 64);
}

namespace {

void pause() {
#if defined(__x86_64__)
    __builtin_ia32_pause();
#endif
}

}  // namespace

template <class E>
std::atomic_ref<std::uint32_t> ProofTable::sequenceOf(std::size_t bucket) const {
    if constexpr (std::is_same_v<E, WideEntry>) {
        return std::atomic_ref<std::uint32_t>(buckets<E>()[bucket].entries[0].sequence);
    } else {
        return std::atomic_ref<std::uint32_t>(sequences_[bucket % kLockStripes]);
    }
}

template <class E>
void ProofTable::lock(std::size_t bucket) const {
    if (!concurrent_) return;
    const std::atomic_ref<std::uint32_t> sequence = sequenceOf<E>(bucket);
    for (;;) {
        std::uint32_t even = sequence.load(std::memory_order_relaxed);
        // Acquire: the writes to the bucket come after the sequence turned odd.
        if ((even & 1) == 0 && sequence.compare_exchange_weak(even, even + 1, std::memory_order_acquire)) return;
        pause();
    }
}

template <class E>
void ProofTable::unlock(std::size_t bucket) const {
    if (!concurrent_) return;
    const std::atomic_ref<std::uint32_t> sequence = sequenceOf<E>(bucket);
    sequence.store(sequence.load(std::memory_order_relaxed) + 1, std::memory_order_release);
}

template <class E>
std::uint32_t ProofTable::beginRead(std::size_t bucket) const {
    if (!sequencedLookups_) return 0;
    const std::atomic_ref<std::uint32_t> sequence = sequenceOf<E>(bucket);
    for (;;) {
        const std::uint32_t begun = sequence.load(std::memory_order_acquire);
        if ((begun & 1) == 0) return begun;
        pause();
    }
}

template <class E>
bool ProofTable::endRead(std::size_t bucket, std::uint32_t begun) const {
    // The entry loads before this are acquires, so this load cannot move above them; a read that
    // saw any value of a write that began after `begun` sees its odd sequence here.
    return !sequencedLookups_ || sequenceOf<E>(bucket).load(std::memory_order_relaxed) == begun;
}

// forEachEntry (in the header) locks through these.
template void ProofTable::lock<WideEntry>(std::size_t) const;
template void ProofTable::lock<NarrowEntry>(std::size_t) const;
template void ProofTable::unlock<WideEntry>(std::size_t) const;
template void ProofTable::unlock<NarrowEntry>(std::size_t) const;

bool ProofTable::lookup(const Position& position, Found& found, Probe probe) const {
    const std::size_t index = probe.bucketCount == bucketCount_ ? probe.bucket : bucketOf(position);
    return withLayout([&]<class E>(E) { return lookupIn<E>(index, position, found); });
}

template <class E>
bool ProofTable::lookupIn(std::size_t index, const Position& position, Found& found) const {
    // A narrow table never holds a position beyond its cells (store refuses one): not found.
    if (!E::fits(position)) return false;
    const typename E::Key key = E::keyOf(position);
    const Bucket<E>& bucket = buckets<E>()[index];
    for (;;) {
        const std::uint32_t begun = beginRead<E>(index);
        bool hit = false;
        for (const E& shared : bucket.entries) {
            const E entry = E::load(shared);
            if (entry.holds(key)) {
                found.numbers = entry.numbers();
                found.work = entry.work();
                hit = true;
                break;
            }
        }
        if (endRead<E>(index, begun)) return hit;
    }
}

bool ProofTable::store(const Position& position, ProofPair numbers, std::uint32_t work, int writer) {
    const std::size_t index = bucketOf(position);
    // Summing the used-entry shards reads lines the other workers write, so the fill is checked
    // on one store in kFillCheckInterval (by bucket, so at random: the sweep starts a few stores late at most).
    if (index % kFillCheckInterval == 0) collectIfFull();
    if (!touched_.load(std::memory_order_relaxed)) touched_.store(true, std::memory_order_relaxed);
    const bool filled = withLayout([&]<class E>(E) { return storeIn<E>(index, position, numbers, work); });
    if (filled) {
        countStored(writer);
        if (index % kFillCheckInterval == 0) {
            switchToHugePagesWhenUsed();
            // One worker is alone with its table and grows it at once; shared, it asks the workers to meet.
            if (growthDue()) {
                if (concurrent_) {
                    growthWanted_.store(true, std::memory_order_relaxed);
                } else {
                    growTogether();
                }
            }
        }
    }
    return filled;
}

void ProofTable::countStored(int writer) {
    if (writer < 0 || static_cast<std::size_t>(writer) >= kWorkerShards) {
        used_[kSharedShard].count.fetch_add(1, std::memory_order_relaxed);
        return;
    }
    // The worker's own shard: a load and a store, not a locked add. The locked add waited for the
    // line that used() on the other worker had just read, and drained the store buffer: store()
    // took 72 samples per million nodes on a 2-thread Kōnane 6x6 line, 31 at one thread and 31
    // now (solver/README.md, "A store's locked add, and a new machine").
    std::atomic<std::int64_t>& count = used_[static_cast<std::size_t>(writer)].count;
    count.store(count.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

template <class E>
bool ProofTable::storeIn(std::size_t index, const Position& position, ProofPair numbers, std::uint32_t work) {
    if (!E::fits(position)) throw std::invalid_argument("a position beyond 32 cells stored in a narrow proof table");
    const typename E::Key key = E::keyOf(position);
    Bucket<E>& bucket = buckets<E>()[index];
    lock<E>(index);
    E* victim = nullptr;
    for (E& entry : bucket.entries) {
        if (entry.holds(key)) {
            victim = &entry;
            break;
        }
        if (victim == nullptr || (victim->used() && (!entry.used() || priority(entry) < priority(*victim)))) {
            victim = &entry;
        }
    }
    const bool filled = !victim->used();
    const bool held = victim->holds(key);
    const std::uint64_t total = (held ? std::uint64_t{victim->work()} : 0) + work;
    // A worker leaving a position that another worker proved while it was inside brings back its
    // own unfinished numbers: the proof stays (7-22 times a 2-thread Kōnane 6x6 solve).
    const ProofPair kept = held && victim->numbers().proven() && !numbers.proven() ? victim->numbers() : numbers;
    E::store(*victim, E::of(position, kept, static_cast<std::uint32_t>(std::min<std::uint64_t>(total, 0xFFFFFFFFU))));
    unlock<E>(index);
    return filled;
}

void ProofTable::switchToHugePagesWhenUsed() {
    if (static_cast<double>(used()) < static_cast<double>(capacity()) * kHugePageFill) return;
    if (hugePages_.load(std::memory_order_relaxed) || hugePages_.exchange(true)) return;
    memory_.useHugePages(true);
}

void ProofTable::collapseHugePages() {
    if (hugePages_.load(std::memory_order_relaxed)) memory_.useHugePages(true);
}

void ProofTable::collectIfFull() {
    if (used() < garbageTrigger_.load(std::memory_order_relaxed)) return;
    if (capacity() < kGarbageMinimumCapacity) return;
    if (collecting_.exchange(true, std::memory_order_acquire)) return;  // another worker sweeps
    const auto fraction = [this](double part) { return static_cast<std::size_t>(static_cast<double>(capacity()) * part); };
    collectGarbage(fraction(kGarbageTarget));
    // A sweep that could not get below the trigger (a table of proofs) waits for a tenth of the
    // capacity of new entries before the next, so sweeps never follow each other store by store.
    garbageTrigger_.store(std::max(fraction(kGarbageTrigger), used() + capacity() / 10), std::memory_order_relaxed);
    collecting_.store(false, std::memory_order_release);
}

std::size_t ProofTable::collectGarbage(std::size_t targetUsed) {
    collections_.fetch_add(1, std::memory_order_relaxed);
    if (used() <= targetUsed) return 0;
    return withLayout([&]<class E>(E) { return collectIn<E>(targetUsed); });
}

template <class E>
std::size_t ProofTable::collectIn(std::size_t targetUsed) {
    const std::size_t inUse = used();
    const auto removable = [](const E& entry) { return entry.used() && !entry.numbers().proven(); };
    // Pass 1: how many unproven entries fall in each work class.
    std::array<std::size_t, kWorkClasses> perClass{};
    for (std::size_t index = 0; index < bucketCount_; ++index) {
        lock<E>(index);
        for (const E& entry : buckets<E>()[index].entries) {
            if (removable(entry)) ++perClass[static_cast<std::size_t>(workClass(entry.work()))];
        }
        unlock<E>(index);
    }
    // The least class that, with every class below it, frees enough.
    const std::size_t wanted = inUse - targetUsed;
    int cut = 0;
    for (std::size_t freed = 0; cut < kWorkClasses - 1; ++cut) {
        freed += perClass[static_cast<std::size_t>(cut)];
        if (freed >= wanted) break;
    }
    // Pass 2: remove them.
    std::size_t removed = 0;
    for (std::size_t index = 0; index < bucketCount_; ++index) {
        lock<E>(index);
        for (E& entry : buckets<E>()[index].entries) {
            if (removable(entry) && workClass(entry.work()) <= cut) {
                E::store(entry, E{});
                ++removed;
            }
        }
        unlock<E>(index);
    }
    used_[kSharedShard].count.fetch_sub(static_cast<std::int64_t>(removed), std::memory_order_relaxed);
    return removed;
}

void ProofTable::clear() {
    if (touched_.load(std::memory_order_relaxed)) memory_.zero();
    touched_.store(false, std::memory_order_relaxed);
    // Pages handed back keep their advice; a big table collapses again once it is used again.
    hugePages_.store(bytes() <= kEagerHugePageBytes, std::memory_order_relaxed);
    for (UsedShard& shard : used_) shard.count.store(0, std::memory_order_relaxed);
    bucketCount_ = startBucketCount();
    growthWanted_.store(false, std::memory_order_relaxed);
    garbageTrigger_.store(static_cast<std::size_t>(static_cast<double>(capacity()) * kGarbageTrigger), std::memory_order_relaxed);
}

}  // namespace papamu
