// Compact checkpoints (version 2): the block codec round-trips every kind of entry and refuses
// damage; compaction keeps exactly the entries of highest priority within its budget; a search
// resumed from a compact checkpoint gives the right values; a damaged compact file stores nothing.
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "rules/konane_game.hpp"
#include "rules/unane_game.hpp"
#include "solver/checkpoint_compaction.hpp"
#include "solver/checkpoint_file.hpp"
#include "solver/memoized_negamax.hpp"
#include "solver/proof_number_search.hpp"
#include "support/little_endian.hpp"
#include "support/varint.hpp"

namespace papamu {
namespace {

std::string scratchPath(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("papamu_" + std::to_string(::getpid()) + "_" + name)).string();
}

std::vector<std::uint8_t> fileBytes(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

void replaceFileBytes(const std::string& path, const std::vector<std::uint8_t>& bytes) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

using Key = std::tuple<Bitboard, Bitboard, std::uint8_t>;
Key keyOf(const Position& position) { return {position.black, position.white, checkpointTurnFlags(position)}; }

std::map<Key, CheckpointEntry> entriesOf(const std::string& path) {
    std::map<Key, CheckpointEntry> entries;
    forEachCheckpointEntry(path, "", [&](const CheckpointEntry& entry) { entries[keyOf(entry.position)] = entry; });
    return entries;
}

// Random entries of every kind: both sides to move, swap offers, plain and other proofs,
// estimates from 1 to the largest numbers, work up to the 32-bit limit, runs of equal black stones.
std::vector<CheckpointEntry> randomEntries(std::size_t count, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::vector<CheckpointEntry> entries;
    Bitboard black = 0;
    while (entries.size() < count) {
        if (random() % 3 != 0) black = random() & 0x3FFFFFFF;
        CheckpointEntry entry;
        entry.position = checkpointPosition(black, random() & ~black & 0xFFFFFFFFFFULL, static_cast<std::uint8_t>(random() % 4));
        switch (random() % 5) {
            case 0: entry.numbers = ProofPair::win(); break;
            case 1: entry.numbers = ProofPair::loss(); break;
            case 2: entry.numbers = ProofPair{0, static_cast<ProofNumber>(random() % 7 + 1)}; break;
            case 3: entry.numbers = ProofPair{kProofLimit, kProofInfinity}; break;
            default: entry.numbers = ProofPair{static_cast<ProofNumber>(random() % 100000 + 1), static_cast<ProofNumber>(random() % 100 + 1)};
        }
        entry.work = random() % 4 == 0 ? UINT32_MAX : static_cast<std::uint32_t>(random() % 5000);
        entries.push_back(entry);
    }
    std::sort(entries.begin(), entries.end(), checkpointKeyLess);
    entries.erase(std::unique(entries.begin(), entries.end(),
                              [](const CheckpointEntry& left, const CheckpointEntry& right) {
                                  return !checkpointKeyLess(left, right) && !checkpointKeyLess(right, left);
                              }),
                  entries.end());
    return entries;
}

std::string decodeAll(const std::vector<std::uint8_t>& block, std::vector<CheckpointEntry>& decoded) {
    const CheckpointBlockHeader header = readCheckpointBlockHeader(block.data());
    if (header.compressedBytes != block.size() - kCheckpointBlockHeaderBytes) return "compressed size";
    return decodeCheckpointBlock(header, block.data() + kCheckpointBlockHeaderBytes,
                                 [&](const CheckpointEntry& entry) { decoded.push_back(entry); });
}

SearchOptions tableOf(std::size_t megabytes) {
    SearchOptions options;
    options.hashMegabytes = megabytes;
    return options;
}

}  // namespace

TEST_CASE("varints round-trip every width and refuse numbers that run past their bytes or 64 bits", "[solver]") {
    std::vector<std::uint8_t> bytes;
    const std::vector<std::uint64_t> values{0, 1, 127, 128, 16383, 16384, 0xFFFFFFFFULL, UINT64_MAX - 1, UINT64_MAX};
    for (const std::uint64_t value : values) putVarint(bytes, value);
    CHECK(bytes.size() == 1 + 1 + 1 + 2 + 2 + 3 + 5 + 10 + 10);
    std::size_t at = 0;
    for (const std::uint64_t value : values) {
        std::uint64_t read = 0;
        REQUIRE(readVarint(bytes.data(), bytes.size(), at, read));
        CHECK(read == value);
    }
    CHECK(at == bytes.size());
    std::uint64_t read = 0;
    at = 0;
    CHECK_FALSE(readVarint(bytes.data(), 4, at = 3, read));  // 128 cut after its first byte
    const std::vector<std::uint8_t> tooLong(10, 0xFF);
    CHECK_FALSE(readVarint(tooLong.data(), tooLong.size(), at = 0, read));
    std::vector<std::uint8_t> overflow(9, 0xFF);
    overflow.push_back(0x02);  // bit 64
    CHECK_FALSE(readVarint(overflow.data(), overflow.size(), at = 0, read));
}

TEST_CASE("a checkpoint block gives back every entry exactly and refuses what it did not write", "[solver]") {
    const std::vector<CheckpointEntry> entries = randomEntries(5000, 7);
    REQUIRE(entries.size() > 4900);
    const std::vector<std::uint8_t> block = encodeCheckpointBlock(entries, 3);
    CHECK(block.size() < entries.size() * 16);
    std::vector<CheckpointEntry> decoded;
    REQUIRE(decodeAll(block, decoded).empty());
    REQUIRE(decoded.size() == entries.size());
    for (std::size_t index = 0; index < entries.size(); ++index) {
        CHECK(decoded[index].position == entries[index].position);
        CHECK(decoded[index].numbers == entries[index].numbers);
        CHECK(decoded[index].work == entries[index].work);
    }
    // Unsorted or repeated keys are a programming error of the writer.
    std::vector<CheckpointEntry> unsorted{entries[1], entries[0]};
    CHECK_THROWS_AS(encodeCheckpointBlock(unsorted, 3), std::logic_error);
    CHECK_THROWS_AS(encodeCheckpointBlock(std::vector<CheckpointEntry>{entries[0], entries[0]}, 3), std::logic_error);
    // A header announcing other sizes, and a damaged frame.
    std::vector<std::uint8_t> bad = block;
    putLittle(&bad[0], entries.size() + 1, 4);
    decoded.clear();
    CHECK_THAT(decodeAll(bad, decoded), Catch::Contains("ends inside entry"));
    bad = block;
    putLittle(&bad[4], getLittle(&bad[4], 4) + 1, 4);
    decoded.clear();
    CHECK_THAT(decodeAll(bad, decoded), Catch::Contains("does not decompress"));
    bad = block;
    bad[kCheckpointBlockHeaderBytes + bad.size() / 2] ^= 0x5A;
    decoded.clear();
    CHECK_FALSE(decodeAll(bad, decoded).empty());
}

TEST_CASE("compaction with room for everything keeps every entry exactly", "[solver]") {
    const UnaneGame game(BoardGeometry(3, 4), Variant::parse("no-pie"));
    ProofNumberSearch search(game, tableOf(8));
    REQUIRE(search.solve(game.startPosition()).value.has_value());
    const std::string full = scratchPath("all.ckpt");
    const std::string compact = scratchPath("all.compact");
    const CheckpointSummary written = writeCheckpoint(search.table(), checkpointRules(game), full);
    const CompactionSummary summary = compactCheckpoint(full, compact, 100 << 20);
    CHECK(summary.sourceEntries == written.entries);
    CHECK(summary.entries == written.entries);
    CHECK(summary.proven == written.proven);
    CHECK(summary.lowestPriority == 0);
    CHECK(summary.bytes == std::filesystem::file_size(compact));
    CHECK(summary.bytes * 4 < std::filesystem::file_size(full));
    const auto before = entriesOf(full);
    const auto after = entriesOf(compact);
    REQUIRE(after.size() == before.size());
    for (const auto& [key, entry] : before) {
        const CheckpointEntry& copy = after.at(key);
        CHECK(copy.numbers == entry.numbers);
        CHECK(copy.work == entry.work);
    }
    std::filesystem::remove(full);
    std::filesystem::remove(compact);
}

TEST_CASE("compaction fits the budget with the entries of highest priority, and a search resumes from it", "[solver]") {
    const KonaneGame game(BoardGeometry(5, 6));
    const std::string rules = checkpointRules(game);
    SearchOptions limited = tableOf(8);
    limited.limits.nodes = 60000;
    ProofNumberSearch first(game, limited);
    REQUIRE_FALSE(first.solve(game.startPosition()).value.has_value());
    const std::string full = scratchPath("budget.ckpt");
    const std::string compact = scratchPath("budget.compact");
    writeCheckpoint(first.table(), rules, full);
    const auto source = entriesOf(full);
    const bool startWon = MemoizedNegamax(game).solve(game.startPosition()) == Value::Win;
    for (const std::uint64_t budget : {std::uint64_t{60000}, std::uint64_t{8000}, std::uint64_t{1500}}) {
        CAPTURE(budget);
        const CompactionSummary summary = compactCheckpoint(full, compact, budget);
        CHECK(summary.bytes <= budget);
        CHECK(summary.entries > 0);
        CHECK(summary.entries < source.size());
        // Nothing dropped outranks anything kept.
        const auto kept = entriesOf(compact);
        REQUIRE(kept.size() == summary.entries);
        std::uint64_t lowestKept = UINT64_MAX, highestDropped = 0;
        for (const auto& [key, entry] : source) {
            const std::uint64_t priority = ProofTable::priorityOf(entry.numbers, entry.work);
            if (kept.count(key)) {
                CHECK(kept.at(key).numbers == entry.numbers);
                lowestKept = std::min(lowestKept, priority);
            } else {
                highestDropped = std::max(highestDropped, priority);
            }
        }
        CHECK(lowestKept >= highestDropped);
        CHECK(lowestKept == summary.lowestPriority);
        // Resumed from it, the search reaches the true value (negamax).
        ProofNumberSearch resumed(game, tableOf(8));
        const CheckpointSummary read = readCheckpoint(resumed.table(), rules, compact);
        CHECK(read.entries == summary.entries);
        const SearchResult result = resumed.solve(game.startPosition());
        REQUIRE(result.value.has_value());
        CHECK((*result.value == Value::Win) == startWon);
    }
    CHECK_THROWS_WITH(compactCheckpoint(full, compact, 100), Catch::Contains("cannot hold even the header"));
    std::filesystem::remove(full);
    std::filesystem::remove(compact);
}

TEST_CASE("compaction merges the checkpoints of independent runs: proofs first, disagreements refused", "[solver]") {
    const std::string rules = "konane 4x4 standard";
    const std::string first = scratchPath("merge-1.ckpt"), second = scratchPath("merge-2.ckpt");
    const std::string merged = scratchPath("merge.compact");
    const Position shared{0b0110, 0b1001, Color::Black, false};
    const Position onlyFirst{0b0001, 0b0010, Color::White, false};
    const Position onlySecond{0b0100, 0b1000, Color::Black, false};
    ProofTable one(1, false), two(1, false);
    one.store(shared, ProofPair::win(), 10);                  // priority 40: a proof
    two.store(shared, ProofPair{3, 5}, 5000);                 // priority 5000: an estimate
    one.store(onlyFirst, ProofPair::loss(), 7);
    two.store(onlySecond, ProofPair{2, 9}, 2000);
    writeCheckpoint(one, rules, first);
    writeCheckpoint(two, rules, second);
    const CompactionSummary summary = compactCheckpoints({first, second}, merged, 1 << 20);
    CHECK(summary.sourceEntries == 4);
    CHECK(summary.entries == 3);
    const auto kept = entriesOf(merged);
    REQUIRE(kept.size() == 3);
    CHECK(kept.at(keyOf(shared)).numbers == ProofPair::win());
    CHECK(kept.at(keyOf(onlyFirst)).numbers == ProofPair::loss());
    CHECK(kept.at(keyOf(onlySecond)).numbers == ProofPair{2, 9});
    // One position proven both ways: some proof is wrong, so nothing is written.
    ProofTable contrary(1, false);
    contrary.store(shared, ProofPair::loss(), 10);
    writeCheckpoint(contrary, rules, second);
    std::filesystem::remove(merged);
    CHECK_THROWS_WITH(compactCheckpoints({first, second}, merged, 1 << 20), Catch::Contains("proven won in one and lost in another"));
    CHECK_FALSE(std::filesystem::exists(merged));
    // Checkpoints of other rules do not mix.
    writeCheckpoint(contrary, "konane 4x4 single-jump", second);
    CHECK_THROWS_WITH(compactCheckpoints({first, second}, merged, 1 << 20), Catch::Contains("not konane 4x4 standard"));
    CHECK_THROWS_AS(compactCheckpoints({}, merged, 1 << 20), CheckpointError);
    for (const std::string& path : {first, second, merged}) std::filesystem::remove(path);
}

// Near the root the entries of two sessions tie (work saturates at 2^32 nodes): the source named
// first, the newest, must win, or a resumed run starts from old numbers. Thousands of ties, so
// that an unstable sort would mix the sources (a handful sorts in insertion order by luck).
TEST_CASE("of one position's estimates of equal work, compaction keeps the first source's", "[solver]") {
    const std::string rules = "konane 6x6 standard";
    const std::string newer = scratchPath("tie-new.ckpt"), older = scratchPath("tie-old.ckpt");
    const std::string merged = scratchPath("tie.compact");
    ProofTable fresh(4, false), stale(4, false);
    std::mt19937_64 random(11);
    std::vector<Position> positions;
    for (int index = 0; index < 3000; ++index) {
        const Bitboard black = random() & 0xFFFFFFFFFULL;
        const Position position{black, random() & ~black & 0xFFFFFFFFFULL, index % 2 ? Color::White : Color::Black, false};
        const std::uint32_t work = index % 3 == 0 ? UINT32_MAX : 4096;  // saturated, or worked enough to be saved
        fresh.store(position, ProofPair{2, static_cast<ProofNumber>(index + 1)}, work);
        stale.store(position, ProofPair{3, static_cast<ProofNumber>(index + 1)}, work);
        positions.push_back(position);
    }
    writeCheckpoint(fresh, rules, newer);
    writeCheckpoint(stale, rules, older);
    for (const bool newestFirst : {true, false}) {
        CAPTURE(newestFirst);
        compactCheckpoints(newestFirst ? std::vector<std::string>{newer, older} : std::vector<std::string>{older, newer}, merged, 1 << 20);
        const auto kept = entriesOf(merged);
        int fromFirst = 0;
        for (const Position& position : positions) {
            const auto found = kept.find(keyOf(position));
            if (found != kept.end() && found->second.numbers.proof == (newestFirst ? 2U : 3U)) ++fromFirst;
        }
        CHECK(fromFirst == static_cast<int>(kept.size()));
        CHECK(kept.size() > 2900);  // the few the tables replaced aside
    }
    for (const std::string& path : {newer, older, merged}) std::filesystem::remove(path);
}

TEST_CASE("a damaged or unknown compact checkpoint is refused and stores nothing", "[solver]") {
    const KonaneGame game(BoardGeometry(4, 5));
    ProofNumberSearch search(game, tableOf(8));
    REQUIRE(search.solve(game.startPosition()).value.has_value());
    const std::string rules = checkpointRules(game);
    const std::string full = scratchPath("damage.ckpt");
    const std::string path = scratchPath("damage.compact");
    writeCheckpoint(search.table(), rules, full);
    compactCheckpoint(full, path, 1 << 20);
    const std::vector<std::uint8_t> good = fileBytes(path);
    const auto refused = [&](const std::vector<std::uint8_t>& bytes, const std::string& expectedWords) {
        replaceFileBytes(path, bytes);
        ProofTable table(1, false);
        try {
            readCheckpoint(table, rules, path);
            FAIL("accepted a bad compact checkpoint, expected: " << expectedWords);
        } catch (const CheckpointError& error) {
            CHECK_THAT(error.what(), Catch::Contains(expectedWords));
        }
        CHECK(table.used() == 0);
    };
    // The checksum recomputed after a change: only the content checks can catch it.
    const auto resealed = [](std::vector<std::uint8_t> bytes) {
        putLittle(&bytes[bytes.size() - 8], XXH64(bytes.data(), bytes.size() - 8, 0), 8);
        return bytes;
    };
    const std::size_t entriesAt = 24 + rules.size();
    const std::size_t firstBlock = entriesAt + 8;
    std::vector<std::uint8_t> bytes = good;
    bytes[firstBlock + kCheckpointBlockHeaderBytes + 3] ^= 0x10;
    refused(bytes, "checksum mismatch");
    refused(resealed(bytes), "block 0");
    bytes = good;
    putLittle(&bytes[entriesAt - 8], getLittle(&bytes[entriesAt - 8], 8) + 1, 8);
    refused(resealed(bytes), "entries announced");
    bytes = good;
    putLittle(&bytes[entriesAt], 1000, 8);  // more blocks than the file holds
    refused(resealed(bytes), "truncated");
    bytes = good;
    putLittle(&bytes[firstBlock + 8], 1u << 30, 4);  // a compressed size past the end of the file
    refused(resealed(bytes), "truncated");
    bytes = good;
    bytes[8] = 3;
    refused(bytes, "format version 3");
    bytes = good;
    bytes.resize(bytes.size() - 3);
    refused(bytes, "truncated");
    replaceFileBytes(path, good);  // and the file as written reads back
    ProofTable table(1, false);
    CHECK(readCheckpoint(table, rules, path).entries > 0);
    std::filesystem::remove(path);
    std::filesystem::remove(full);
}

}  // namespace papamu
