// Inputs found by fuzz/layer_file_fuzzer.cpp, kept as tests so the bugs stay fixed.
#include <catch2/catch.hpp>

#include <sys/resource.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "tablebase/layer_file.hpp"

using namespace papamu;
namespace fs = std::filesystem;

namespace {

long peakResidentKibibytes() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

}  // namespace

// Fuzz finding (out-of-memory): a layer whose block size is far larger than its entry count
// (legal: the writer takes any block size, and a small layer fits in one block) made entry()
// size its block cache by the block size, not by the entries the block holds: a 200-entry
// layer with 2^30-entry blocks allocated and zeroed 1 GiB per probe. Blocks are now at most
// kMaxBlockEntries (2^20) entries: the largest allowed block still must not be allocated whole.
TEST_CASE("probing a small layer written with huge blocks takes memory for its entries only", "[fuzz][layer]") {
    std::string pattern = (fs::temp_directory_path() / "papamu-layer-regression-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    const fs::path directory = pattern;
    const std::string path = (directory / "layer").string();

    std::vector<RetrogradeEntry> entries(200);
    LayerHeader header;
    header.game = GameKind::Konane;
    header.rows = 4;
    header.columns = 4;
    header.black = 3;
    header.white = 3;
    header.scheme = IndexScheme::KonaneHomeSubsets;
    for (std::size_t index = 0; index < entries.size(); ++index) {
        const bool win = index % 3 != 0;
        entries[index] = encodeOutcome({win ? Value::Win : Value::Loss, static_cast<int>(index % 7)});
        (win ? header.stats.wins : header.stats.losses) += 1;
    }
    header.entries = entries.size();
    const auto probeEverything = [&](const std::string& layerPath) {
        const LayerFile layer(layerPath, header);
        BlockCache cache;
        for (std::uint64_t index = 0; index < entries.size(); ++index) CHECK(layer.entry(index, cache) == entries[index]);
        CHECK(layer.readAll() == entries);
    };
    // The same probes first on the same entries in small blocks, so that what any first read
    // costs (code pages faulted in, thread pools, Catch's own state: 516 KiB once in CI) is
    // already in the peak; what the huge-block probes add after it is the block cache alone.
    const std::string smallBlocksPath = (directory / "small-blocks").string();
    writeLayerFile(smallBlocksPath, header, entries, 64);
    writeLayerFile(path, header, entries, kMaxBlockEntries);
    probeEverything(smallBlocksPath);

    const long before = peakResidentKibibytes();
    probeEverything(path);
    const long grownKibibytes = peakResidentKibibytes() - before;
    CHECK(grownKibibytes < 512);  // the buggy reader grew by 1 GiB (by 1 MiB at today's largest block)
    fs::remove_all(directory);
}
