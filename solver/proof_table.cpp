#include "solver/proof_table.hpp"

#include <algorithm>

namespace papamu {

ProofTable::ProofTable(std::size_t megabytes, bool concurrent)
    : bucketCount_(std::max<std::size_t>(1, megabytes * (std::size_t{1} << 20) / sizeof(Bucket))),
      concurrent_(concurrent),
      buckets_(new Bucket[bucketCount_]),
      locks_(new std::atomic<std::uint8_t>[kLockStripes]) {
    for (std::size_t stripe = 0; stripe < kLockStripes; ++stripe) locks_[stripe].store(0, std::memory_order_relaxed);
}

std::size_t ProofTable::bucketOf(const Position& position) const {
    // Multiply-shift maps the 64-bit hash onto any bucket count without a division.
    __extension__ using Wide = unsigned __int128;
    const auto hash = static_cast<Wide>(PositionHash{}(position));
    return static_cast<std::size_t>((hash * bucketCount_) >> 64);
}

void ProofTable::lock(std::size_t bucket) const {
    if (!concurrent_) return;
    std::atomic<std::uint8_t>& flag = locks_[bucket % kLockStripes];
    while (flag.exchange(1, std::memory_order_acquire) != 0) {
        while (flag.load(std::memory_order_relaxed) != 0) {
#if defined(__x86_64__)
            __builtin_ia32_pause();
#endif
        }
    }
}

void ProofTable::unlock(std::size_t bucket) const {
    if (concurrent_) locks_[bucket % kLockStripes].store(0, std::memory_order_release);
}

bool ProofTable::lookup(const Position& position, Found& found) const {
    const std::size_t index = bucketOf(position);
    const std::uint8_t tag = tagOf(position);
    const Bucket& bucket = buckets_[index];
    lock(index);
    for (const Entry& entry : bucket.entries) {
        if (matches(entry, position, tag)) {
            found.numbers = ProofPair{entry.proof, entry.disproof};
            found.work = entry.work;
            unlock(index);
            return true;
        }
    }
    unlock(index);
    return false;
}

bool ProofTable::store(const Position& position, ProofPair numbers, std::uint32_t work) {
    const std::size_t index = bucketOf(position);
    const std::uint8_t tag = tagOf(position);
    Bucket& bucket = buckets_[index];
    const auto priority = [](const Entry& entry) {
        const std::uint64_t work64 = entry.work;
        return (entry.proof == 0 || entry.disproof == 0) ? work64 * 4 : work64;
    };
    lock(index);
    Entry* victim = nullptr;
    for (Entry& entry : bucket.entries) {
        if (matches(entry, position, tag)) {
            victim = &entry;
            break;
        }
        if (victim == nullptr || (victim->tag != 0 && (entry.tag == 0 || priority(entry) < priority(*victim)))) {
            victim = &entry;
        }
    }
    const bool filled = victim->tag == 0;
    const std::uint64_t total = (matches(*victim, position, tag) ? std::uint64_t{victim->work} : 0) + work;
    *victim = Entry{position.black, position.white, numbers.proof, numbers.disproof,
                    static_cast<std::uint32_t>(std::min<std::uint64_t>(total, 0xFFFFFFFFU)), tag};
    unlock(index);
    if (filled) used_.fetch_add(1, std::memory_order_relaxed);
    return filled;
}

void ProofTable::clear() {
    for (std::size_t index = 0; index < bucketCount_; ++index) buckets_[index] = Bucket{};
    used_.store(0, std::memory_order_relaxed);
}

}  // namespace papamu
