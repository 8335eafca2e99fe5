// The 16-byte entry keeps what a proof needs exactly (the whole position, 0 and infinity) and
// gives up only precision nobody proves with: numbers from 2^25 - 2 up, and the work's low bits.
#include <catch2/catch.hpp>

#include <random>
#include <stdexcept>

#include "rules/konane_game.hpp"
#include "rules/unane_game.hpp"
#include "solver/proof_number_search.hpp"
#include "solver/proof_table.hpp"

namespace papamu {

TEST_CASE("a narrow entry gives back its exact position and only matches it", "[solver]") {
    std::mt19937_64 random(29);
    for (int round = 0; round < 20000; ++round) {
        const Bitboard occupied = random() & 0xFFFFFFFFULL;
        const Bitboard black = occupied & random();
        const Position position{black, occupied & ~black, round % 2 ? Color::White : Color::Black, round % 3 == 0};
        REQUIRE(NarrowEntry::fits(position));
        const NarrowEntry entry = NarrowEntry::of(position, ProofPair{3, 4}, 5);
        REQUIRE(entry.used());
        CHECK(entry.position() == position);
        CHECK(entry.holds(NarrowEntry::keyOf(position)));
        Position otherSide = position;
        otherSide.sideToMove = opposite(position.sideToMove);
        CHECK_FALSE(entry.holds(NarrowEntry::keyOf(otherSide)));
        Position otherSwap = position;
        otherSwap.swapAvailable = !position.swapAvailable;
        CHECK_FALSE(entry.holds(NarrowEntry::keyOf(otherSwap)));
        // One stone changes colour or goes: another key.
        const int cell = static_cast<int>(random() % 32);
        Position changed = position;
        changed.black ^= cellBit(cell);
        changed.white &= ~cellBit(cell);
        CHECK_FALSE(entry.holds(NarrowEntry::keyOf(changed)));
    }
    CHECK_FALSE(NarrowEntry::fits(Position{cellBit(32), 0, Color::Black, false}));
    CHECK_FALSE(NarrowEntry::fits(Position{1, cellBit(40), Color::Black, false}));
    CHECK(NarrowEntry::fits(Position{cellBit(31), cellBit(30), Color::Black, false}));
}

TEST_CASE("a narrow entry keeps proofs exactly and large numbers as large", "[solver]") {
    const Position position{0b0101, 0b1010, Color::Black, false};
    const auto roundTrip = [&position](ProofPair numbers) { return NarrowEntry::of(position, numbers, 1).numbers(); };
    CHECK(roundTrip(ProofPair::win()) == ProofPair::win());
    CHECK(roundTrip(ProofPair::loss()) == ProofPair::loss());
    CHECK(roundTrip(ProofPair{1, 1}) == ProofPair{1, 1});
    const auto largest = static_cast<ProofNumber>(NarrowEntry::kNumberLarge);
    CHECK(largest == (1U << 25) - 2);
    CHECK(roundTrip(ProofPair{largest - 1, 12345}) == ProofPair{largest - 1, 12345});
    CHECK(roundTrip(ProofPair{largest, largest}) == ProofPair{largest, largest});
    // Beyond it: large, never infinite (that would read as proven) and never small.
    CHECK(roundTrip(ProofPair{largest + 1, kProofLimit}) == ProofPair{largest, largest});
    CHECK(roundTrip(ProofPair{1U << 31, 7}) == ProofPair{largest, 7});
    CHECK(roundTrip(ProofPair{0, kProofLimit}) == ProofPair{0, largest});
}

TEST_CASE("a narrow entry keeps the work exactly below 64, else within 1/64 and in order", "[solver]") {
    const Position position{1, 2, Color::White, false};
    const auto roundTrip = [&position](std::uint32_t work) { return NarrowEntry::of(position, ProofPair{2, 2}, work).work(); };
    for (std::uint32_t work = 0; work < 64; ++work) CHECK(roundTrip(work) == work);
    CHECK(roundTrip(64) == 64);
    CHECK(roundTrip(129) == 128);
    CHECK(roundTrip(0xFFFFFFFFU) == 0xFE000000U);
    std::mt19937_64 random(31);
    std::uint32_t previous = 0;
    std::uint32_t previousKept = 0;
    for (int round = 0; round < 100000; ++round) {
        const auto work = static_cast<std::uint32_t>(random() >> (32 + random() % 32));
        const std::uint32_t kept = roundTrip(work);
        REQUIRE(kept <= work);
        REQUIRE(work - kept <= work / 64);
        // Order: more work never reads back as less.
        if (work >= previous) CHECK(kept >= previousKept);
        if (work <= previous) CHECK(kept <= previousKept);
        previous = work;
        previousKept = kept;
    }
}

TEST_CASE("a narrow table holds twice the entries and refuses a position beyond 32 cells", "[solver]") {
    ProofTable wide(1, false, EntryLayout::Wide);
    ProofTable narrow(1, false, EntryLayout::Narrow);
    CHECK(wide.capacity() == 32768);
    CHECK(narrow.capacity() == 65536);
    CHECK(narrow.bytes() == wide.bytes());
    const Position beyond{cellBit(35), cellBit(2), Color::Black, false};
    CHECK_THROWS_AS(narrow.store(beyond, ProofPair::win(), 1), std::invalid_argument);
    ProofTable::Found found;
    CHECK_FALSE(narrow.lookup(beyond, found));
    CHECK(narrow.used() == 0);
    wide.store(beyond, ProofPair::win(), 1);
    REQUIRE(wide.lookup(beyond, found));
    CHECK(found.numbers == ProofPair::win());
}

TEST_CASE("a search takes narrow entries up to 32 cells, wide ones above", "[solver]") {
    CHECK(ProofTable::layoutFor(30) == EntryLayout::Narrow);
    CHECK(ProofTable::layoutFor(32) == EntryLayout::Narrow);
    CHECK(ProofTable::layoutFor(33) == EntryLayout::Wide);
    const ProofNumberSearch fiveBySix(UnaneGame(BoardGeometry(5, 6)));
    CHECK(fiveBySix.table().layout() == EntryLayout::Narrow);
    const ProofNumberSearch sixBySix(KonaneGame(BoardGeometry(6, 6)));
    CHECK(sixBySix.table().layout() == EntryLayout::Wide);
    SearchOptions forced;
    forced.entryLayout = EntryLayout::Wide;
    const ProofNumberSearch forcedWide(UnaneGame(BoardGeometry(5, 6)), forced);
    CHECK(forcedWide.table().layout() == EntryLayout::Wide);
}

}  // namespace papamu

namespace papamu {

TEST_CASE("a wide entry keeps its position and tag beside the work, and never touches the bucket's lock word", "[solver]") {
    std::mt19937_64 random(37);
    for (int round = 0; round < 2000; ++round) {
        const Bitboard occupied = random();
        const Bitboard black = occupied & random();
        const Position position{black, occupied & ~black, round % 2 ? Color::White : Color::Black, round % 3 == 0};
        const auto work = static_cast<std::uint32_t>(random() >> (32 + random() % 32));
        const WideEntry entry = WideEntry::of(position, ProofPair{7, 9}, work);
        CHECK(entry.used());
        CHECK(entry.position() == position);
        CHECK(entry.holds(WideEntry::keyOf(position)));
        CHECK(entry.numbers() == ProofPair{7, 9});
        CHECK(entry.work() == std::min(work, WideEntry::kMostWork));
    }
    // Work saturates at 2^29 - 1 and never spills into the tag.
    const Position position{0b0110, 0b1001, Color::White, true};
    const WideEntry most = WideEntry::of(position, ProofPair::win(), 0xFFFFFFFFU);
    CHECK(most.work() == (1U << 29) - 1);
    CHECK(most.position() == position);
    CHECK(most.numbers() == ProofPair::win());

    // The lock word of a bucket's first entry survives every store into that entry.
    WideEntry slot;
    slot.sequence = 42;
    WideEntry::store(slot, most);
    CHECK(slot.sequence == 42);
    WideEntry::store(slot, WideEntry{});
    CHECK(slot.sequence == 42);
    CHECK_FALSE(slot.used());
    CHECK(WideEntry::load(slot).sequence == 0);  // a loaded copy carries entry fields only
}

}  // namespace papamu
