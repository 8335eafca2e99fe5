// Checkpoints: proven entries survive a write and a read exactly, a search resumed from one
// gives the right value, and every kind of damaged or foreign file is refused with nothing stored.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "rules/konane_game.hpp"
#include "solver/checkpoint_file.hpp"
#include "solver/memoized_negamax.hpp"
#include "solver/proof_number_search.hpp"

namespace papamu {
namespace {

std::string temporaryPath(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("papamu_" + std::to_string(::getpid()) + "_" + name)).string();
}

std::vector<char> readBytes(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

void writeBytes(const std::string& path, const std::vector<char>& bytes) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

SearchOptions smallTable() {
    SearchOptions options;
    options.hashMegabytes = 8;
    return options;
}

}  // namespace

TEST_CASE("a checkpoint keeps every proof exactly and a resumed search finishes right", "[solver]") {
    const KonaneGame game(BoardGeometry(5, 6));
    const std::string rules = checkpointRules(game);
    CHECK(rules == "konane 5x6 standard");
    const std::string path = temporaryPath("resume.ckpt");
    SearchOptions limited = smallTable();
    limited.limits.nodes = 20000;
    ProofNumberSearch first(game, limited);
    REQUIRE_FALSE(first.solve(game.startPosition()).value.has_value());
    const CheckpointSummary written = writeCheckpoint(first.table(), rules, path);
    CHECK(written.proven > 0);
    CHECK_FALSE(std::filesystem::exists(path + ".tmp"));

    ProofNumberSearch second(game, smallTable());
    const CheckpointSummary read = readCheckpoint(second.table(), rules, path);
    CHECK(read.entries == written.entries);
    CHECK(read.proven == written.proven);
    std::uint64_t compared = 0;
    first.table().forEachEntry([&](const Position& position, const ProofTable::Found& found) {
        if (!found.numbers.proven()) return;
        ProofTable::Found copy;
        REQUIRE(second.table().lookup(position, copy));
        CHECK(copy.numbers == found.numbers);
        CHECK(copy.work == found.work);
        ++compared;
    });
    CHECK(compared == written.proven);
    // Read in chunks of 7 entries (the file's entry count is no multiple of 7): the same entries.
    REQUIRE(written.entries % 7 != 0);
    ProofNumberSearch chunked(game, smallTable());
    const CheckpointSummary readInChunks = readCheckpoint(chunked.table(), rules, path, 7);
    CHECK(readInChunks.entries == written.entries);
    CHECK(readInChunks.proven == written.proven);
    CHECK(chunked.table().used() == second.table().used());
    const SearchResult resumed = second.solve(game.startPosition());
    REQUIRE(resumed.value.has_value());
    CHECK(*resumed.value == MemoizedNegamax(game).solve(game.startPosition()));
    std::filesystem::remove(path);
}

TEST_CASE("damaged, foreign and unknown checkpoints are refused and store nothing", "[solver]") {
    const KonaneGame game(BoardGeometry(4, 4));
    ProofNumberSearch search(game, smallTable());
    REQUIRE(search.solve(game.startPosition()).value.has_value());
    const std::string path = temporaryPath("refuse.ckpt");
    const std::string rules = checkpointRules(game);
    writeCheckpoint(search.table(), rules, path);
    const std::vector<char> good = readBytes(path);
    REQUIRE(good.size() > 64);
    const auto refused = [&](const std::vector<char>& bytes, const std::string& expectedWords, const std::string& asRules) {
        writeBytes(path, bytes);
        ProofTable table(1, false);
        try {
            readCheckpoint(table, asRules, path);
            FAIL("accepted a bad checkpoint, expected: " << expectedWords);
        } catch (const CheckpointError& error) {
            CHECK_THAT(error.what(), Catch::Contains(expectedWords));
        }
        CHECK(table.used() == 0);
    };
    refused(good, "not konane 4x4 single-jump", "konane 4x4 single-jump");
    std::vector<char> bytes = good;
    bytes[0] = 'X';
    refused(bytes, "bad magic", rules);
    bytes = good;
    bytes[8] = 3;  // version
    refused(bytes, "format version 3", rules);
    bytes = good;
    bytes[bytes.size() - 20] ^= 1;  // inside the last entry
    refused(bytes, "checksum mismatch", rules);
    bytes = good;
    bytes.resize(bytes.size() - 5);
    refused(bytes, "truncated", rules);
    bytes = good;
    bytes.push_back(0);
    refused(bytes, "truncated, or bytes after the end", rules);
    refused(std::vector<char>{}, "bad magic", rules);
    std::filesystem::remove(path);
    ProofTable table(1, false);
    CHECK_THROWS_AS(readCheckpoint(table, rules, path), CheckpointError);  // no file at all
}

}  // namespace papamu

namespace papamu {

// A checkpoint lists its entries in the writing table's bucket order (sorted by hash). Read into a
// table still at its start size, they once piled up in a few buckets at a time and replacement
// dropped most of them (3.0 M of a 5x6 checkpoint's entries read back as 1.0-1.7 M).
TEST_CASE("a checkpoint read into a fresh growing table keeps every entry", "[solver]") {
    const EntryLayout layout = GENERATE(EntryLayout::Wide, EntryLayout::Narrow);
    ProofTable written(256, false, layout);
    std::mt19937_64 random(37);
    // Three times the start size's entries at a fifth of the full size's: no replacement in either table.
    const std::size_t count = 3 * written.currentCapacity();
    while (written.used() < count) {
        const Bitboard occupied = random() & 0xFFFFFFFFULL;
        const Bitboard black = occupied & random();
        written.store(Position{black, occupied & ~black, Color::Black, false}, ProofPair::win(), 1);
    }
    REQUIRE(written.used() == count);
    const std::string path = temporaryPath("sorted.ckpt");
    REQUIRE(writeCheckpoint(written, "unane 4x8 no-pie", path).entries == count);
    ProofTable read(256, false, layout);
    REQUIRE(read.currentCapacity() < count);
    CHECK(readCheckpoint(read, "unane 4x8 no-pie", path).entries == count);
    CHECK(read.used() == count);
    std::size_t missing = 0;
    written.forEachEntry([&](const Position& position, const ProofTable::Found&) {
        ProofTable::Found found;
        missing += read.lookup(position, found) ? 0 : 1;
    });
    CHECK(missing == 0);
    std::filesystem::remove(path);
}

}  // namespace papamu
