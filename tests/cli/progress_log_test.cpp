// `solve --progress-log FILE`: the trajectory of a long solve, one JSON line per interval, appended.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_runner.hpp"

using papamu::testing::CommandResult;
using papamu::testing::fileText;
using papamu::testing::jsonLines;
using papamu::testing::runPapamu;
using papamu::testing::ScratchDirectory;

namespace {

// The Ūnane 4x5 start without the pie rule: about 1.4 M nodes, long enough for several lines.
const std::string kPosition = "unane WBWBW/BWBWB/WBWBW/BWBWB b";

}  // namespace

TEST_CASE("solve --progress-log appends a JSON line per interval with the root's numbers", "[cli][solve][progress]") {
    const ScratchDirectory directory("progress-log");
    const std::string log = directory / "solve.log";
    const std::vector<std::string> solve{"solve", kPosition, "--variant", "no-pie", "--hash", "64", "--json",
                                         "--progress-log", log, "--progress-interval", "0.05"};
    const CommandResult first = runPapamu(solve);
    REQUIRE(first.exitCode == 0);
    const auto answer = nlohmann::json::parse(first.out);
    CHECK(answer["value"] == "win");
    const std::vector<nlohmann::json> lines = jsonLines(fileText(log));
    REQUIRE(lines.size() >= 2);
    // Within one search nodes and seconds only grow, a line at least an interval after the one
    // before; a later search of the same command (the principal line's) starts again from 0 s.
    std::uint64_t previousNodes = 0;
    double previousSeconds = 0.0;
    std::size_t searches = 0;
    std::size_t rootSearchLines = 0;
    for (const auto& line : lines) {
        INFO(line.dump());
        CHECK(line["run"] == lines.front()["run"]);
        CHECK(line["time"].get<std::string>().size() == 20);  // 2026-12-02T16:50:00Z
        const double seconds = line["seconds"].get<double>();
        if (searches == 0 || seconds < previousSeconds) {
            ++searches;
            previousNodes = 0;
            previousSeconds = 0.0;
        }
        CHECK(line["nodes"].get<std::uint64_t>() > previousNodes);
        CHECK(seconds - previousSeconds >= 0.05);
        CHECK(line["root_proof_number"].get<std::uint64_t>() > 0);
        CHECK(line["root_disproof_number"].get<std::uint64_t>() > 0);
        CHECK(line["table_used"].get<std::uint64_t>() <= line["table_capacity"].get<std::uint64_t>());
        CHECK(line["nodes_per_second"].get<double>() > 0.0);
        if (searches == 1) {
            ++rootSearchLines;
            CHECK(line["nodes"].get<std::uint64_t>() <= answer["statistics"]["nodes"].get<std::uint64_t>());
        }
        previousNodes = line["nodes"].get<std::uint64_t>();
        previousSeconds = seconds;
    }
    CHECK(rootSearchLines >= 2);

    // A second run appends after the first run's lines, which stay as they were.
    REQUIRE(runPapamu(solve).exitCode == 0);
    const std::vector<nlohmann::json> both = jsonLines(fileText(log));
    REQUIRE(both.size() >= lines.size() + 2);
    for (std::size_t index = 0; index < lines.size(); ++index) CHECK(both[index] == lines[index]);
    CHECK(both[lines.size()]["time"].get<std::string>() >= lines.back()["time"].get<std::string>());
    CHECK(both[lines.size()]["run"].get<std::string>() >= lines.front()["run"].get<std::string>());
}

TEST_CASE("solve --progress-log refuses what it cannot do with one line and exit 2, writing nothing", "[cli][solve][progress]") {
    const ScratchDirectory directory("progress-log-bad");
    const std::string log = directory / "never.log";
    const auto refused = [](const std::vector<std::string>& arguments, const std::string& named) {
        const CommandResult result = runPapamu(arguments);
        INFO(result.err);
        CHECK(result.exitCode == 2);
        CHECK(result.errorLines().size() == 1);
        CHECK_THAT(result.err, Catch::Contains(named));
        CHECK(result.out.empty());
    };
    refused({"solve", "konane", "4x4", "--progress-log", directory / "missing/solve.log"}, "--progress-log");
    refused({"solve", "konane", "4x4", "--progress-interval", "5"}, "--progress-interval needs --progress-log");
    refused({"solve", "konane", "4x4", "--method", "negamax", "--progress-log", log}, "--progress-log");
    refused({"solve", "-", "--progress-log", log}, "--progress-log");
    refused({"solve", "konane", "4x4", "--progress-log", log, "--progress-interval", "0"}, "--progress-interval");
    refused({"solve", "konane", "3x3x3", "--progress-log", log}, "3x3x3");
    CHECK_FALSE(std::filesystem::exists(log));
}

TEST_CASE("a progress log that cannot be written is said once and the solve goes on", "[cli][solve][progress]") {
    REQUIRE(std::filesystem::exists("/dev/full"));  // every write to it fails with ENOSPC
    const CommandResult result = runPapamu({"solve", kPosition, "--variant", "no-pie", "--hash", "64", "--json",
                                            "--progress-log", "/dev/full", "--progress-interval", "0.05"});
    INFO(result.err);
    CHECK(result.exitCode == 0);
    CHECK(nlohmann::json::parse(result.out)["value"] == "win");
    REQUIRE(result.errorLines().size() == 1);
    CHECK_THAT(result.err, Catch::Contains("--progress-log /dev/full: write failed") && Catch::Contains("goes on"));
}
