// The transposition table keeps whole positions: no two positions ever share an entry.
#include <catch2/catch.hpp>
#include <random>
#include <unordered_map>

#include "solver/proof_table.hpp"

namespace papamu {

TEST_CASE("a one-bucket table answers only for the exact position", "[solver]") {
    ProofTable table(0, false);  // rounds up to one bucket of four entries
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

TEST_CASE("replacement keeps the entries with the most work, proofs counting more", "[solver]") {
    ProofTable table(0, false);
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
