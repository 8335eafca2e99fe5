// The transposition table keeps whole positions: no two positions ever share an entry.
#include <unistd.h>

#include <catch2/catch.hpp>

#include <atomic>
#include <barrier>
#include <fstream>
#include <random>
#include <thread>
#include <unordered_map>
#include <vector>

#include "solver/proof_table.hpp"
#include "solver/sixteen_byte_access.hpp"
#include "solver/work_share.hpp"

namespace papamu {
namespace {

// The bytes of one entry of a layout, for capacity checks.
std::size_t entryBytes(EntryLayout layout) { return layout == EntryLayout::Narrow ? 16 : 32; }

// A random position a table of `layout` can hold: Black and White apart, on up to 40 and from
// cell 40 (wide) or within the first 16 and the next 16 cells (narrow: a board of 32 cells).
Position randomPosition(std::mt19937_64& random, EntryLayout layout, Color side, bool swap = false) {
    if (layout == EntryLayout::Narrow) return Position{random() & 0xFFFFULL, random() & 0xFFFF0000ULL, side, swap};
    return Position{random() & 0xFFFFFFFFFFULL, random() & 0xFFFFFF0000000000ULL, side, swap};
}

}  // namespace

TEST_CASE("a one-bucket table answers only for the exact position", "[solver]") {
    const EntryLayout layout = GENERATE(EntryLayout::Wide, EntryLayout::Narrow);
    ProofTable table(0, false, layout);  // rounds up to one bucket of four entries
    REQUIRE(table.capacity() == 4);
    std::mt19937_64 random(3);
    std::unordered_map<Position, ProofPair, PositionHash> stored;
    for (int round = 0; round < 2000; ++round) {
        // Positions that differ only in the side to move or the swap offer are different keys.
        Position position{random() & 0xFF, random() & 0xFF00, round % 2 ? Color::White : Color::Black, round % 3 == 0};
        const ProofPair numbers{static_cast<ProofNumber>(random() % 100 + 1), static_cast<ProofNumber>(random() % 100 + 1)};
        table.store(position, numbers, static_cast<std::uint32_t>(random() % 10));
        stored[position] = numbers;
        Position probe{random() & 0xFF, random() & 0xFF00, round % 2 ? Color::Black : Color::White, round % 5 == 0};
        ProofTable::Found found;
        if (table.lookup(probe, found)) {
            REQUIRE(stored.count(probe) == 1);
            CHECK(found.numbers == stored[probe]);
        }
        REQUIRE(table.lookup(position, found));
        CHECK(found.numbers == numbers);
    }
    CHECK(table.used() == 4);
}

TEST_CASE("a proof stays when unfinished numbers of the same position are stored over it", "[solver]") {
    // A worker that was inside a position while another proved it stores its own numbers on leaving.
    const EntryLayout layout = GENERATE(EntryLayout::Wide, EntryLayout::Narrow);
    ProofTable table(0, false, layout);
    const Position won{0x0F, 0xF000, Color::Black, false};
    const Position open{0x0F, 0xF000, Color::White, false};  // the same stones, White to move
    table.store(won, ProofPair::win(), 10);
    table.store(open, ProofPair{3, 4}, 1);
    table.store(won, ProofPair{5, 6}, 7);
    table.store(open, ProofPair{8, 9}, 1);
    ProofTable::Found found;
    REQUIRE(table.lookup(won, found));
    CHECK(found.numbers == ProofPair::win());
    CHECK(found.work == 17);  // the leaving worker's work still counts
    REQUIRE(table.lookup(open, found));
    CHECK(found.numbers == ProofPair{8, 9});  // unfinished over unfinished: the newer numbers
    table.store(open, ProofPair::loss(), 1);
    REQUIRE(table.lookup(open, found));
    CHECK(found.numbers == ProofPair::loss());  // a proof over unfinished numbers replaces them
}

TEST_CASE("replacement keeps the entries with the most work, proofs counting more", "[solver]") {
    ProofTable table(0, false, GENERATE(EntryLayout::Wide, EntryLayout::Narrow));
    for (std::uint64_t index = 0; index < 4; ++index) {
        table.store(Position{index + 1, 0, Color::Black, false}, index == 0 ? ProofPair::win() : ProofPair{3, 3},
                    static_cast<std::uint32_t>(10 + index));
    }
    table.store(Position{99, 0, Color::Black, false}, ProofPair{1, 1}, 1);
    ProofTable::Found found;
    CHECK(table.lookup(Position{99, 0, Color::Black, false}, found));
    CHECK(table.lookup(Position{1, 0, Color::Black, false}, found));  // a proof with work 10 counts as 40
    CHECK_FALSE(table.lookup(Position{2, 0, Color::Black, false}, found));  // least work: replaced
    CHECK(table.lookup(Position{4, 0, Color::Black, false}, found));
}

}  // namespace papamu

namespace papamu {
namespace {

// Resident memory of this process in bytes (Linux: the second field of /proc/self/statm, in pages).
std::size_t residentBytes() {
    std::ifstream statm("/proc/self/statm");
    std::size_t pages = 0;
    std::size_t resident = 0;
    statm >> pages >> resident;
    return resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
}

}  // namespace

TEST_CASE("an 8 GB table costs memory only where it is used, and clear() keeps it so", "[solver]") {
    const std::size_t before = residentBytes();
    ProofTable table(8192, false);
    REQUIRE(table.bytes() == std::size_t{8192} << 20);
    for (std::uint64_t index = 1; index <= 100; ++index) table.store(Position{index, index << 32, Color::Black, false}, ProofPair{2, 3}, 1);
    CHECK(table.used() == 100);
    // 100 entries touch at most 100 pages (2 MiB each with huge pages): far below 8 GB.
    CHECK(residentBytes() < before + (std::size_t{512} << 20));
    table.clear();
    CHECK(table.used() == 0);
    CHECK(residentBytes() < before + (std::size_t{512} << 20));
    ProofTable::Found found;
    CHECK_FALSE(table.lookup(Position{1, std::uint64_t{1} << 32, Color::Black, false}, found));
    table.store(Position{7, 7, Color::White, false}, ProofPair::win(), 5);
    REQUIRE(table.lookup(Position{7, 7, Color::White, false}, found));
    CHECK(found.numbers == ProofPair::win());
    CHECK(found.work == 5);
}

TEST_CASE("garbage collection removes the cheapest unproven entries and keeps every proof", "[solver]") {
    const EntryLayout layout = GENERATE(EntryLayout::Wide, EntryLayout::Narrow);
    ProofTable table(1, false, layout);  // 32768 entries, 65536 narrow ones
    const std::size_t capacity = table.capacity();
    REQUIRE(capacity == (std::size_t{1} << 20) / entryBytes(layout));
    std::mt19937_64 random(11);
    std::unordered_map<Position, ProofTable::Found, PositionHash> stored;
    // Fill to just below the trigger by hand, so that no automatic sweep runs yet.
    while (table.used() < capacity * 8 / 10) {
        const Position position = randomPosition(random, layout, Color::Black);
        const bool proof = random() % 8 == 0;
        const auto work = static_cast<std::uint32_t>(1U << (random() % 12));
        table.store(position, proof ? ProofPair::loss() : ProofPair{3, 4}, work);
        ProofTable::Found found;
        REQUIRE(table.lookup(position, found));
        stored[position] = found;
    }
    // Bucket replacement may have evicted some entries while filling: keep those still present.
    for (auto it = stored.begin(); it != stored.end();) {
        ProofTable::Found found;
        it = table.lookup(it->first, found) ? std::next(it) : stored.erase(it);
    }
    const std::size_t usedBefore = table.used();
    REQUIRE(stored.size() == usedBefore);
    const std::size_t removed = table.collectGarbage(capacity / 2);
    CHECK(table.used() == usedBefore - removed);
    CHECK(table.used() <= capacity / 2);
    std::uint32_t leastKeptWork = ~std::uint32_t{0};
    std::uint32_t mostRemovedWork = 0;
    std::size_t present = 0;
    for (const auto& [position, entry] : stored) {
        ProofTable::Found found;
        const bool kept = table.lookup(position, found);
        if (!kept) {
            CHECK_FALSE(entry.numbers.proven());
            mostRemovedWork = std::max(mostRemovedWork, entry.work);
            continue;
        }
        ++present;
        CHECK(found.numbers == entry.numbers);
        if (!entry.numbers.proven()) leastKeptWork = std::min(leastKeptWork, entry.work);
    }
    CHECK(present == table.used());
    CHECK(removed > 0);
    // Every unproven entry kept took more work than every one removed (one power-of-two class cut).
    CHECK(leastKeptWork > mostRemovedWork);
    for (const auto& [position, entry] : stored) {
        ProofTable::Found found;
        if (entry.numbers.proven()) CHECK(table.lookup(position, found));
    }
}

TEST_CASE("a filling table sweeps by itself and keeps its proofs", "[solver]") {
    const EntryLayout layout = GENERATE(EntryLayout::Wide, EntryLayout::Narrow);
    ProofTable table(1, false, layout);
    std::mt19937_64 random(5);
    std::vector<Position> proofs;
    for (int round = 0; round < 200000; ++round) {
        const Position position = randomPosition(random, layout, Color::White);
        const bool proof = round % 200 == 0;
        table.store(position, proof ? ProofPair::win() : ProofPair{5, 5}, proof ? 1000 : 1);
        if (proof) proofs.push_back(position);
    }
    CHECK(table.collections() > 0);
    CHECK(table.used() < table.capacity());
    std::size_t kept = 0;
    for (const Position& position : proofs) {
        ProofTable::Found found;
        kept += table.lookup(position, found) ? 1 : 0;
    }
    CHECK(kept == proofs.size());
}

TEST_CASE("lookups during concurrent stores never see half of a store", "[solver]") {
    // One bucket, five positions: every store evicts or rewrites an entry another thread may be
    // reading. Each store writes numbers (n, n + 1) and work n for its own position, so a lookup
    // that mixed two stores (of one entry, or of two positions) breaks the pattern.
    // Both ways of guarding a lookup: the seqlock, and where this processor reads a narrow entry
    // in one access, none.
    const LookupGuard guard = GENERATE(LookupGuard::Fastest, LookupGuard::Sequenced);
    ProofTable table(ProofTableBytes{0}, true, GENERATE(EntryLayout::Wide, EntryLayout::Narrow), guard);
    REQUIRE(table.capacity() == 4);
    const auto position = [](std::uint64_t index) { return Position{index + 1, (index + 1) << 16, Color::Black, false}; };
    constexpr int kRounds = 20000;
    std::atomic<int> storing{0};
    std::vector<std::thread> writers;
    for (std::uint64_t writer = 0; writer < 2; ++writer) {
        writers.emplace_back([&table, &position, &storing, writer] {
            for (std::uint32_t round = 1; round <= kRounds; ++round) {
                const std::uint64_t index = (round + writer) % 5;
                const ProofNumber number = round * 8 + static_cast<ProofNumber>(index);
                table.store(position(index), ProofPair{number, number + 1}, number);
                if (round == 1) storing.fetch_add(1);
            }
        });
    }
    // Reads start once both writers are storing (slow thread start-up under the sanitizers once
    // left every lookup before the first store), and go on until at least one found an entry:
    // once the writers are done, four of the five positions are in the table.
    while (storing.load() < 2) std::this_thread::yield();
    int hits = 0;
    bool consistent = true;
    for (int round = 0; round < kRounds || hits == 0; ++round) {
        const std::uint64_t index = static_cast<std::uint64_t>(round) % 5;
        ProofTable::Found found;
        if (!table.lookup(position(index), found)) continue;
        ++hits;
        const ProofNumber number = found.numbers.proof;
        // The work adds up over rewrites of one position, so only its own numbers are checked
        // exactly; the position's index is in every number it was stored with. (Narrow entries
        // keep the work to within 1/64, rounded down.)
        consistent = consistent && found.numbers.disproof == number + 1 && number % 8 == index && found.work >= number - number / 64;
    }
    for (std::thread& writer : writers) writer.join();
    CHECK(consistent);
    CHECK(hits > 0);
    ProofTable::Found found;
    std::size_t stored = 0;
    for (std::uint64_t index = 0; index < 5; ++index) stored += table.lookup(position(index), found) ? 1 : 0;
    CHECK(stored == 4);
}

TEST_CASE("stores from several workers at once are counted exactly", "[solver]") {
    // Workers 0 and 1 count in shards of their own (no locked add), two threads without an index
    // and a worker past the shards in the shared one; every position is new, so used() must be
    // the number of stores that took an empty slot (a full bucket evicts instead, seldom here).
    ProofTable table(64, true, GENERATE(EntryLayout::Wide, EntryLayout::Narrow));
    constexpr std::uint64_t kPerThread = 20000;
    const std::vector<int> writers = {0, 1, ProofTable::kAnyWriter, ProofTable::kAnyWriter, 40};
    std::atomic<std::size_t> filled{0};
    std::vector<std::thread> threads;
    for (std::size_t thread = 0; thread < writers.size(); ++thread) {
        threads.emplace_back([&table, &writers, &filled, thread] {
            std::size_t mine = 0;
            for (std::uint64_t index = 0; index < kPerThread; ++index) {
                const Position position{thread * kPerThread + index + 1, 0, Color::Black, false};
                mine += table.store(position, ProofPair{1, 1}, 1, writers[thread]) ? 1 : 0;
            }
            filled.fetch_add(mine);
        });
    }
    for (std::thread& thread : threads) thread.join();
    CHECK(table.used() == filled.load());
    CHECK(filled.load() > writers.size() * kPerThread * 99 / 100);
}

TEST_CASE("a shared table's lookups skip the seqlock only where narrow entries read whole", "[solver]") {
    const bool whole = sixteenByteAccessIsAtomic();
#if defined(__x86_64__) && !defined(__SANITIZE_THREAD__)
    // On x86-64 the answer is the processor's AVX flag.
    CHECK(whole == (__builtin_cpu_supports("avx") != 0));
#else
    CHECK_FALSE(whole);
#endif
    CHECK(ProofTable(1, true, EntryLayout::Narrow).sequencedLookups() == !whole);
    CHECK(ProofTable(ProofTableBytes{1 << 20}, true, EntryLayout::Narrow, LookupGuard::Sequenced).sequencedLookups());
    CHECK(ProofTable(1, true, EntryLayout::Wide).sequencedLookups());
    CHECK_FALSE(ProofTable(1, false, EntryLayout::Narrow).sequencedLookups());
    CHECK_FALSE(ProofTable(1, false, EntryLayout::Wide).sequencedLookups());
}

TEST_CASE("sixteen-byte loads and stores keep both halves in place", "[solver]") {
    alignas(16) std::uint64_t words[4] = {1, 2, 3, 4};
    storeSixteenBytes(&words[2], SixteenBytes{0x0123456789ABCDEFULL, 0xFEDCBA9876543210ULL});
    CHECK(words[0] == 1);
    CHECK(words[1] == 2);
    CHECK(words[2] == 0x0123456789ABCDEFULL);
    CHECK(words[3] == 0xFEDCBA9876543210ULL);
    const SixteenBytes read = loadSixteenBytes(&words[0]);
    CHECK(read.low == 1);
    CHECK(read.high == 2);
}

}  // namespace papamu

namespace papamu {

namespace {

// How many of the stored positions the table still holds; each one it holds has its numbers exactly.
std::size_t presentExactly(const ProofTable& table, const std::unordered_map<Position, ProofPair, PositionHash>& stored) {
    std::size_t present = 0;
    for (const auto& [position, numbers] : stored) {
        ProofTable::Found found;
        if (!table.lookup(position, found)) continue;
        CHECK(found.numbers == numbers);
        ++present;
    }
    return present;
}

}  // namespace

TEST_CASE("a one-worker table grows in place and keeps every entry", "[solver]") {
    const EntryLayout layout = GENERATE(EntryLayout::Wide, EntryLayout::Narrow);
    ProofTable table(256, false, layout);
    REQUIRE(table.capacity() == (std::size_t{256} << 20) / entryBytes(layout));
    const std::size_t start = table.currentCapacity();
    CHECK(start == ProofTable::kGrowthStartBytes / entryBytes(layout));
    std::mt19937_64 random(17);
    std::unordered_map<Position, ProofPair, PositionHash> stored;
    // Enough entries for three doublings (16 -> 128 MB), each checked after every growth.
    std::size_t growths = 0;
    std::size_t lastCapacity = start;
    while (table.currentCapacity() < 8 * start) {
        const Color side = random() % 2 ? Color::White : Color::Black;
        const Position position = randomPosition(random, layout, side, random() % 7 == 0);
        const ProofPair numbers{static_cast<ProofNumber>(random() % 1000), static_cast<ProofNumber>(random() % 1000 + 1)};
        table.store(position, numbers, static_cast<std::uint32_t>(random() % 50));
        stored[position] = numbers;
        if (table.currentCapacity() == lastCapacity) continue;
        CHECK(table.currentCapacity() == 2 * lastCapacity);
        lastCapacity = table.currentCapacity();
        ++growths;
    }
    CHECK(growths == 3);
    // Filling to half, about one bucket in twenty gets a fifth entry and evicts its cheapest one
    // (random numbers here: 5.3% of the entries over the three doublings); the rest is there, exactly.
    const std::size_t present = presentExactly(table, stored);
    CHECK(present == table.used());
    CHECK(present > stored.size() * 93 / 100);
    std::size_t visited = 0;
    table.forEachEntry([&visited](const Position&, const ProofTable::Found&) { ++visited; });
    CHECK(visited == present);
    table.clear();
    CHECK(table.currentCapacity() == start);
    CHECK(table.used() == 0);
}

TEST_CASE("a small table has its whole size from the start", "[solver]") {
    CHECK(ProofTable(8, false).currentCapacity() == ProofTable(8, false).capacity());
    CHECK(ProofTable(8, true).currentCapacity() == ProofTable(8, true).capacity());
}

namespace {

// Every entry of a table, as the exact position and what it holds.
std::unordered_map<Position, ProofTable::Found, PositionHash> entriesOf(const ProofTable& table) {
    std::unordered_map<Position, ProofTable::Found, PositionHash> entries;
    table.forEachEntry([&entries](const Position& position, const ProofTable::Found& found) { entries[position] = found; });
    return entries;
}

// Grows `table` with `members` threads sharing the work, as the workers of a search do.
void growTogether(ProofTable& table, int members) {
    std::barrier<> barrier(members);
    std::vector<std::thread> threads;
    for (int member = 0; member < members; ++member) {
        threads.emplace_back([&table, &barrier, member, members] { table.growTogether(WorkShare(member, members, &barrier)); });
    }
    for (std::thread& thread : threads) thread.join();
}

}  // namespace

TEST_CASE("a shared table grows only when asked to, while no worker searches", "[solver]") {
    const EntryLayout layout = GENERATE(EntryLayout::Wide, EntryLayout::Narrow);
    const int members = GENERATE(1, 2, 3);
    ProofTable table(64, true, layout);
    const std::size_t start = table.currentCapacity();
    REQUIRE(start == ProofTable::kGrowthStartBytes / entryBytes(layout));
    REQUIRE(table.capacity() == 4 * start);
    CHECK_FALSE(table.growthWanted());
    std::mt19937_64 random(23);
    std::unordered_map<Position, ProofPair, PositionHash> stored;
    // Stores past half of the start size: the table asks for growth but keeps its size meanwhile.
    while (stored.size() < start * 6 / 10) {
        const Position position = randomPosition(random, layout, Color::Black);
        const ProofPair numbers{static_cast<ProofNumber>(random() % 1000 + 1), static_cast<ProofNumber>(random() % 1000 + 1)};
        table.store(position, numbers, static_cast<std::uint32_t>(random() % 50));
        stored[position] = numbers;
    }
    CHECK(table.growthWanted());
    CHECK(table.currentCapacity() == start);
    // A copy grown by one worker (as it filled): shared growth must leave exactly the same
    // entries, however the buckets were split between the members. (A doubling never evicts:
    // buckets 2b and 2b+1 take bucket b's entries and no other's.)
    ProofTable alone(64, false, layout);
    table.forEachEntry([&alone](const Position& position, const ProofTable::Found& found) {
        alone.store(position, found.numbers, found.work);
    });
    REQUIRE(alone.currentCapacity() == 2 * start);  // it grew as the copy filled
    // At 60% of the start size one doubling brings it under half, so it grows once.
    const std::size_t usedBefore = table.used();
    growTogether(table, members);
    CHECK_FALSE(table.growthWanted());
    CHECK(table.currentCapacity() == 2 * start);
    CHECK(table.used() <= usedBefore);
    const std::size_t present = presentExactly(table, stored);
    CHECK(present == table.used());
    CHECK(present > stored.size() * 90 / 100);
    CHECK(entriesOf(table) == entriesOf(alone));
    // Asked again with nothing new stored, it does not grow.
    growTogether(table, members);
    CHECK(table.currentCapacity() == 2 * start);
    table.clear();
    CHECK(table.currentCapacity() == start);
    CHECK_FALSE(table.growthWanted());
}

}  // namespace papamu
