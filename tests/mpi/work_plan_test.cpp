// The plan every rank computes alone, and the slice files that hand slices to the layer's writer.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>

#include "distributed/slice_file.hpp"
#include "distributed/work_plan.hpp"
#include "tablebase/layer_file.hpp"
#include "tablebase/temporary_directory.hpp"

using namespace papamu;
using namespace papamu::distributed;

TEST_CASE("a plan covers every step of every layer once and balances the ranks", "[mpi][plan]") {
    const std::vector<LayerToSolve> layers{{7, 10'000}, {8, 250}, {9, 0}, {10, 9'999}, {11, 40'001}};
    const std::vector<WorkUnit> units = planStoneGroup(layers, 3, 4'000);
    std::map<int, std::uint64_t> covered;
    std::vector<std::uint64_t> load(3, 0);
    for (const LayerToSolve& layer : layers) {
        std::vector<WorkUnit> mine;
        std::copy_if(units.begin(), units.end(), std::back_inserter(mine), [&](const WorkUnit& unit) { return unit.layer == layer.layer; });
        std::sort(mine.begin(), mine.end(), [](const WorkUnit& left, const WorkUnit& right) { return left.slice < right.slice; });
        REQUIRE_FALSE(mine.empty());
        CHECK(mine.front().begin == 0);
        CHECK(mine.back().end == layer.entries);
        for (std::size_t at = 0; at < mine.size(); ++at) {
            CHECK(mine[at].slice == static_cast<int>(at));
            CHECK(mine[at].slices == static_cast<int>(mine.size()));
            if (at > 0) CHECK(mine[at].begin == mine[at - 1].end);
            CHECK(mine[at].end - mine[at].begin <= 4'000);
            load[static_cast<std::size_t>(mine[at].rank)] += mine[at].end - mine[at].begin;
        }
        covered[layer.layer] = mine.size();
    }
    CHECK(covered == std::map<int, std::uint64_t>{{7, 3}, {8, 1}, {9, 1}, {10, 3}, {11, 11}});
    // 60,250 entries over 3 ranks: greedy largest-first keeps each within one slice of a third.
    for (const std::uint64_t entries : load) CHECK(entries >= 60'250 / 3 - 4'000);
    // Every rank computes the same plan.
    const std::vector<WorkUnit> again = planStoneGroup(layers, 3, 4'000);
    REQUIRE(again.size() == units.size());
    for (std::size_t at = 0; at < units.size(); ++at) CHECK((again[at].rank == units[at].rank && again[at].begin == units[at].begin));
}

TEST_CASE("one rank solves whole layers, and bad plans are refused", "[mpi][plan]") {
    const std::vector<WorkUnit> units = planStoneGroup({{0, 1'000'000}, {1, 5}}, 1, 10);
    REQUIRE(units.size() == 2);
    CHECK((units[0].slices == 1 && units[0].end == 1'000'000 && units[0].rank == 0));
    // Shares of a layer too big for entries * slice in 64 bits stay exact.
    const std::uint64_t huge = std::uint64_t{1} << 62;
    const std::vector<WorkUnit> big = planStoneGroup({{3, huge}}, 2, huge / 3);
    REQUIRE(big.size() == 4);
    CHECK(big[1].begin == huge / 4);
    CHECK(big[3].end == huge);
    CHECK_THROWS_AS(planStoneGroup({{0, 1}}, 0, 10), std::invalid_argument);
    CHECK_THROWS_AS(planStoneGroup({{0, 1}}, 2, 0), std::invalid_argument);
}

TEST_CASE("slice files round-trip and reject damage, another range and leftovers", "[mpi][slice]") {
    testing::TemporaryDirectory directory;
    const std::string layer = directory.string() + "/layer-b03-w02.pmtb";
    const std::string path = sliceFileName(layer, 1, 4);
    CHECK(path == layer + ".slice-1-of-4");
    const std::vector<RetrogradeEntry> values{0x81, 0x02, 0x80, 0x05, 0x00};
    writeSliceFile(path, 100, values);
    CHECK(readSliceFile(path, 100, 5) == values);
    CHECK_THROWS_WITH(readSliceFile(path, 101, 5), Catch::Contains("holds steps from 100 (5 entries), expected from 101 (5)"));
    CHECK_THROWS_WITH(readSliceFile(path + "x", 100, 5), Catch::Contains("slice file missing"));

    auto bytes = testing::fileBytes(path);
    bytes.back() ^= 1;
    testing::writeBytes(path, bytes);
    CHECK_THROWS_WITH(readSliceFile(path, 100, 5), Catch::Contains("slice checksum mismatch"));
    bytes.push_back(0);
    testing::writeBytes(path, bytes);
    CHECK_THROWS_WITH(readSliceFile(path, 100, 5), Catch::Contains("slice size differs"));
    bytes[0] = 'X';
    testing::writeBytes(path, bytes);
    CHECK_THROWS_WITH(readSliceFile(path, 100, 5), Catch::Contains("bad magic"));
    testing::writeBytes(path, std::vector<char>(10, 0));
    CHECK_THROWS_WITH(readSliceFile(path, 100, 5), Catch::Contains("truncated"));

    testing::writeBytes(layer, std::vector<char>(3, 0));
    testing::writeBytes(sliceFileName(layer, 0, 4) + ".tmp", std::vector<char>(3, 0));
    CHECK(removeSliceFiles(directory.string()) == 2);
    CHECK(std::filesystem::exists(layer));  // the layer file stays
}
