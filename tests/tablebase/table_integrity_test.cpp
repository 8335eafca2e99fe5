// Damaged tables are detected with a clear reason: a flipped byte, a truncated file, a missing
// layer, a changed header; tb-verify reports each and exits 1.
#include <catch2/catch.hpp>
#include <cstdlib>

#include "tablebase/layer_file.hpp"
#include "tablebase/table_build.hpp"
#include "tablebase/table_directory.hpp"
#include "tablebase/table_probe.hpp"
#include "tablebase/table_verify.hpp"
#include "temporary_directory.hpp"

using namespace papamu;
namespace fs = std::filesystem;

namespace {

struct BuiltTable {
    testing::TemporaryDirectory root;
    fs::path directory;
    fs::path layer;  // a mid-sized layer file to damage
    BuiltTable() {
        TableBuildOptions options;
        options.blockEntries = 1024;
        directory = buildTable(GameKind::Unane, BoardSize{2, 4}, Variant{}, root.string(), options).directory;
        layer = directory / layerFileName(2, 2);
    }
    void probeEverything() const {
        const TableProbe table(directory.string());
        for (int index = 0; index < table.layerCount(); ++index) {
            for (std::uint64_t entry = 0; entry < table.layerSize(index); ++entry) table.outcomeAt(index, entry);
        }
    }
    std::string verifyFailures() const {
        const TableVerifyReport report = verifyTable(directory.string(), TableVerifyOptions{});
        std::string all;
        for (const auto& failure : report.failures) all += failure + "\n";
        return all;
    }
};

}  // namespace

TEST_CASE("an intact table verifies and probes", "[integrity]") {
    BuiltTable table;
    const TableVerifyReport report = verifyTable(table.directory.string(), TableVerifyOptions{});
    CHECK(report.ok());
    CHECK(report.samplesChecked == 200);
    CHECK(report.layersChecked == TableIndex(GameKind::Unane, BoardGeometry(2, 4)).layerCount());
    CHECK_NOTHROW(table.probeEverything());
}

TEST_CASE("a flipped payload byte fails the checksum", "[integrity]") {
    BuiltTable table;
    auto bytes = testing::fileBytes(table.layer);
    bytes[bytes.size() - 3] = static_cast<char>(bytes[bytes.size() - 3] ^ 0x10);
    testing::writeBytes(table.layer, bytes);
    CHECK_THROWS_WITH(table.probeEverything(), Catch::Contains("checksum mismatch") && Catch::Contains("layer-b02-w02"));
    CHECK_THAT(table.verifyFailures(), Catch::Contains("layer-b02-w02.pmtb: checksum mismatch"));
}

TEST_CASE("a truncated layer file is reported as truncated", "[integrity]") {
    BuiltTable table;
    auto bytes = testing::fileBytes(table.layer);
    bytes.resize(bytes.size() - 10);
    testing::writeBytes(table.layer, bytes);
    CHECK_THAT(table.verifyFailures(), Catch::Contains("layer-b02-w02.pmtb: truncated"));
    bytes.resize(50);
    testing::writeBytes(table.layer, bytes);
    CHECK_THAT(table.verifyFailures(), Catch::Contains("shorter than the header"));
}

TEST_CASE("a missing layer is reported", "[integrity]") {
    BuiltTable table;
    fs::remove(table.layer);
    CHECK_THAT(table.verifyFailures(), Catch::Contains("layer-b02-w02.pmtb: cannot open"));
    CHECK_THROWS_WITH(table.probeEverything(), Catch::Contains("cannot open"));
}

TEST_CASE("changed header fields are rejected", "[integrity]") {
    BuiltTable table;
    const auto original = testing::fileBytes(table.layer);
    SECTION("a newer format version") {
        auto bytes = original;
        bytes[8] = 4;
        testing::writeBytes(table.layer, bytes);
        CHECK_THAT(table.verifyFailures(), Catch::Contains("format version 4 is not supported (this reader knows version 3)"));
    }
    SECTION("a version-2 file (zstd blocks) is refused by number, with what to do") {
        auto bytes = original;
        bytes[8] = 2;
        testing::writeBytes(table.layer, bytes);
        CHECK_THAT(table.verifyFailures(), Catch::Contains("format version 2 is not supported (this reader knows version 3); "
                                                           "rebuild the table with papamu build"));
        CHECK_THROWS_WITH(table.probeEverything(), Catch::Contains("format version 2 is not supported"));
    }
    SECTION("an older format version (both sides stored, no colour fold)") {
        auto bytes = original;
        bytes[8] = 1;
        testing::writeBytes(table.layer, bytes);
        CHECK_THAT(table.verifyFailures(), Catch::Contains("format version 1 is not supported"));
    }
    SECTION("the colour fold turned off") {
        auto bytes = original;
        REQUIRE(bytes[58] == 1);
        bytes[58] = 0;
        testing::writeBytes(table.layer, bytes);
        CHECK_THAT(table.verifyFailures(), Catch::Contains("header says") && Catch::Contains("colour-folded"));
    }
    SECTION("an unknown colour-fold code") {
        auto bytes = original;
        bytes[58] = 7;
        testing::writeBytes(table.layer, bytes);
        CHECK_THAT(table.verifyFailures(), Catch::Contains("unknown colour-fold code 7"));
    }
    SECTION("another layer's counts") {
        auto bytes = original;
        bytes[20] = 1;  // black stones of the layer
        testing::writeBytes(table.layer, bytes);
        CHECK_THAT(table.verifyFailures(), Catch::Contains("header says") && Catch::Contains("(1 black, 2 white)"));
    }
    SECTION("another variant") {
        auto bytes = original;
        bytes[17] = 4;  // no-pie
        testing::writeBytes(table.layer, bytes);
        CHECK_THAT(table.verifyFailures(), Catch::Contains("variant no-pie"));
    }
    SECTION("bad magic") {
        auto bytes = original;
        bytes[0] = 'X';
        testing::writeBytes(table.layer, bytes);
        CHECK_THAT(table.verifyFailures(), Catch::Contains("bad magic"));
    }
    SECTION("a changed count the reader cannot check by itself still fails the checksum") {
        auto bytes = original;
        bytes[56] = static_cast<char>(bytes[56] + 1);  // longest win
        testing::writeBytes(table.layer, bytes);
        CHECK_THAT(table.verifyFailures(), Catch::Contains("checksum mismatch"));
    }
}

namespace {

// Rewrites layer (2, 2) of the table with `change` applied to every entry, checksum, counts and
// manifest all consistent: a table whose bytes check out but whose values are wrong.
template <class Change>
void rewriteLayerValues(const BuiltTable& table, Change&& change) {
    const TableIndex index(GameKind::Unane, BoardGeometry(2, 4));
    const int layer = index.layerNumber(2, 2);
    const LayerHeader expected = expectedLayerHeader(index, Variant{}, layer);
    std::vector<RetrogradeEntry> entries = LayerFile(table.layer.string(), expected).readAll();
    for (RetrogradeEntry& entry : entries) entry = change(entry);
    const RetrogradeLayerStats stats = countLayerOutcomes(entries);
    LayerHeader header = expected;
    header.stats = stats;
    const std::uint64_t bytes = writeLayerFile(table.layer.string(), header, entries, 1024);
    TableManifest manifest = TableManifest::read(table.directory.string());
    for (TableManifest::Layer& item : manifest.layers) {
        if (item.black != 2 || item.white != 2) continue;
        item.bytes = bytes;
        item.checksum = LayerFile::readHeader(table.layer.string()).checksum;
        item.stats = stats;
    }
    manifest.write(table.directory.string());
}

RetrogradeEntry everyWinALoss(RetrogradeEntry entry) { return static_cast<RetrogradeEntry>(entry & 0x7FU); }
// Values kept, every remoteness two plies longer (so even parity arguments do not see it).
RetrogradeEntry twoPliesLonger(RetrogradeEntry entry) { return static_cast<RetrogradeEntry>(entry + 2); }

TableVerifyOptions onlySamples(std::uint64_t exact, std::uint64_t consistency, std::uint64_t proofSearch) {
    TableVerifyOptions options;
    options.samples = exact;
    options.consistencySamples = consistency;
    options.proofSearchSamples = proofSearch;
    return options;
}

}  // namespace

TEST_CASE("an intact table passes all three sample checks, each drawing what it was asked", "[integrity]") {
    BuiltTable table;
    const TableVerifyReport report = verifyTable(table.directory.string(), onlySamples(100, 700, 30));
    CHECK(report.ok());
    CHECK(report.samplesChecked == 100);
    CHECK(report.consistencySamplesChecked == 700);
    CHECK(report.proofSearchSamplesChecked == 30);
    CHECK(report.proofSearchNodes > 0);
    const TableVerifyReport none = verifyTable(table.directory.string(), onlySamples(0, 0, 0));
    CHECK(none.ok());
    CHECK(none.samplesChecked + none.consistencySamplesChecked + none.proofSearchSamplesChecked == 0);
}

TEST_CASE("a wrong table value is caught by tb-verify's re-solving", "[integrity]") {
    BuiltTable table;
    rewriteLayerValues(table, everyWinALoss);
    const TableVerifyReport report = verifyTable(table.directory.string(), onlySamples(2000, 0, 0));
    REQUIRE_FALSE(report.ok());
    CHECK_THAT(report.failures.front(), Catch::Contains("table says loss") && Catch::Contains("search says win"));
}

TEST_CASE("a wrong value is caught by df-pn alone, from any layer", "[integrity]") {
    BuiltTable table;
    rewriteLayerValues(table, everyWinALoss);
    const TableVerifyReport report = verifyTable(table.directory.string(), onlySamples(0, 0, 400));
    REQUIRE_FALSE(report.ok());
    CHECK_THAT(report.failures.front(), Catch::Contains("layer " + std::to_string(TableIndex(GameKind::Unane, BoardGeometry(2, 4)).layerNumber(2, 2))) &&
                                            Catch::Contains("table says loss, df-pn says win"));
}

TEST_CASE("a wrong remoteness is caught by the moves' entries, which df-pn can not see", "[integrity]") {
    BuiltTable table;
    rewriteLayerValues(table, twoPliesLonger);
    CHECK(verifyTable(table.directory.string(), onlySamples(0, 0, 400)).ok());  // values are right
    const TableVerifyReport report = verifyTable(table.directory.string(), onlySamples(0, 1000, 0));
    REQUIRE_FALSE(report.ok());
    CHECK_THAT(report.failures.front(), Catch::Contains("its moves in the table give"));
    const TableVerifyReport exact = verifyTable(table.directory.string(), onlySamples(2000, 0, 0));
    REQUIRE_FALSE(exact.ok());
}

TEST_CASE("tb-verify exits 1 on a damaged table and 0 on a good one", "[integrity][cli]") {
    BuiltTable table;
    const std::string command = std::string(PAPAMU_BINARY) + " tb-verify " + table.root.string() + " --samples 50 > /dev/null";
    CHECK(WEXITSTATUS(std::system(command.c_str())) == 0);
    auto bytes = testing::fileBytes(table.layer);
    bytes[200] = static_cast<char>(bytes[200] ^ 1);
    testing::writeBytes(table.layer, bytes);
    CHECK(WEXITSTATUS(std::system(command.c_str())) == 1);
}
