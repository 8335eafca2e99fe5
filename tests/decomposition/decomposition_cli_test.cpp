// `papamu solve --decomposition on|off` end to end: the same winners, the output says whether it
// was used, certificates made with it verify, and options that do not apply are refused.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "../tablebase/temporary_directory.hpp"
#include "support/command_runner.hpp"

namespace papamu {
namespace {

using testing::runPapamu;

TEST_CASE("solve --decomposition on finds the winners of plain search and says it was used", "[decomposition][cli]") {
    for (const char* board : {"5x5", "4x6"}) {
        const auto plain = runPapamu({"solve", "konane", board, "--hash", "16", "--json"});
        const auto decomposed =
            runPapamu({"solve", "konane", board, "--hash", "16", "--json", "--decomposition", "on", "--decomposition-stones", "10"});
        REQUIRE(plain.exitCode == 0);
        REQUIRE(decomposed.exitCode == 0);
        const auto without = nlohmann::json::parse(plain.out);
        const auto with = nlohmann::json::parse(decomposed.out);
        CHECK(without.at("winner") == with.at("winner"));
        CHECK(without.at("winning_first_moves") == with.at("winning_first_moves"));
        CHECK(without.at("decomposition").at("used") == false);
        CHECK(with.at("decomposition").at("used") == true);
        CHECK(with.at("decomposition").at("answered").get<std::uint64_t>() > 0);
        CHECK(with.at("decomposition").at("region_stones") == 10);
    }
    const auto text = runPapamu({"solve", "konane", "5x5", "--hash", "16", "--decomposition", "on"});
    CHECK_THAT(text.out, Catch::Contains("decomposition: "));
}

TEST_CASE("a certificate proved with decomposition verifies by the rules alone", "[decomposition][cli]") {
    testing::TemporaryDirectory directory;
    const std::string path = (directory.path() / "konane-5x5.cert").string();
    const auto solved = runPapamu({"solve", "konane", "5x5", "--hash", "16", "--decomposition", "on", "--certificate", path, "--json"});
    REQUIRE(solved.exitCode == 0);
    REQUIRE(nlohmann::json::parse(solved.out).at("certificate").at("written") == true);
    const auto checked = runPapamu({"verify", "--certificate", path, "konane", "5x5", "--json"});
    CHECK(checked.exitCode == 0);
    CHECK(nlohmann::json::parse(checked.out).at("valid") == true);
}

TEST_CASE("Leaf tables (--tb) and decomposition work together, tables asked first", "[decomposition][cli]") {
    testing::TemporaryDirectory directory;
    const std::string tables = directory.path().string();
    REQUIRE(runPapamu({"build", "konane", "4x5", "--tb", tables, "--max-stones", "8", "--threads", "1"}).exitCode == 0);
    const auto both = runPapamu({"solve", "konane", "4x5", "--tb", tables, "--decomposition", "on", "--json", "--hash", "16"});
    REQUIRE(both.exitCode == 0);
    const auto json = nlohmann::json::parse(both.out);
    CHECK(json.at("winner") == "second");  // as plain search finds (Kōnane 4x5, every opening)
    CHECK(json.at("leaf_table").at("answered").get<std::uint64_t>() > 0);
    CHECK(json.at("decomposition").at("used") == true);
    const auto plain = nlohmann::json::parse(runPapamu({"solve", "konane", "4x5", "--json", "--hash", "16"}).out);
    CHECK(plain.at("winner") == json.at("winner"));
    CHECK(plain.at("winning_first_moves") == json.at("winning_first_moves"));
}

TEST_CASE("solve refuses --decomposition where it does not apply", "[decomposition][cli]") {
    const auto bad = runPapamu({"solve", "konane", "4x4", "--decomposition", "yes"});
    CHECK(bad.exitCode == 2);
    CHECK_THAT(bad.err, Catch::Contains("--decomposition must be on or off, not 'yes'"));
    const auto unane = runPapamu({"solve", "unane", "3x4", "--decomposition", "on"});
    CHECK(unane.exitCode == 2);
    CHECK_THAT(unane.err, Catch::Contains("konane only"));
    const auto stones = runPapamu({"solve", "konane", "4x4", "--decomposition-stones", "10"});
    CHECK(stones.exitCode == 2);
    CHECK_THAT(stones.err, Catch::Contains("--decomposition-stones needs --decomposition on"));
    const auto range = runPapamu({"solve", "konane", "4x4", "--decomposition", "on", "--decomposition-stones", "1"});
    CHECK(range.exitCode == 2);
    CHECK_THAT(range.err, Catch::Contains("--decomposition-stones"));
    const auto baseline = runPapamu({"solve", "konane", "4x4", "--method", "negamax", "--decomposition", "on"});
    CHECK(baseline.exitCode == 2);
    CHECK_THAT(baseline.err, Catch::Contains("--decomposition does not apply to --method negamax"));
}

}  // namespace
}  // namespace papamu
