// `papamu solve --certificate` and `papamu verify --certificate` end to end: exit codes 0 valid,
// 1 invalid, 2 unreadable or bad input; JSON and text reports.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../tablebase/temporary_directory.hpp"
#include "support/command_runner.hpp"

namespace papamu {
namespace {

using testing::runPapamu;

TEST_CASE("solve writes a certificate that verify accepts", "[certificate][cli]") {
    testing::TemporaryDirectory directory;
    const std::string path = (directory.path() / "unane-3x4.cert").string();
    const auto solved = runPapamu({"solve", "unane", "3x4", "--variant", "no-pie", "--hash", "16", "--certificate", path, "--json"});
    REQUIRE(solved.exitCode == 0);
    const auto report = nlohmann::json::parse(solved.out).at("certificate");
    CHECK(report.at("written") == true);
    CHECK(report.at("positions").get<int>() > 40);
    CHECK(report.at("bytes").get<std::uintmax_t>() == std::filesystem::file_size(path));

    const auto checked = runPapamu({"verify", "--certificate", path, "unane", "3x4", "--variant", "no-pie", "--json", "--threads", "2"});
    CHECK(checked.exitCode == 0);
    const auto verdict = nlohmann::json::parse(checked.out);
    CHECK(verdict.at("valid") == true);
    CHECK(verdict.at("value") == "win");  // without the pie rule Black wins
    CHECK(verdict.at("root") == "unane BWBW/WBWB/BWBW b");
    CHECK(verdict.at("positions") == report.at("positions"));

    const auto text = runPapamu({"verify", "--certificate", path});
    CHECK(text.exitCode == 0);
    CHECK_THAT(text.out, Catch::StartsWith("valid: unane BWBW/WBWB/BWBW b is a win for the side to move"));

    SECTION("another root is a rejected claim") {
        const auto other = runPapamu({"verify", "--certificate", path, "unane BWBW/WBWB/BWB. w", "--variant", "no-pie"});
        CHECK(other.exitCode == 1);
        CHECK_THAT(other.out, Catch::StartsWith("invalid: the certificate proves unane BWBW/WBWB/BWBW b, not unane BWBW/WBWB/BWB. w"));
    }
    SECTION("another board or variant is bad input") {
        const auto board = runPapamu({"verify", "--certificate", path, "unane", "4x4", "--variant", "no-pie"});
        CHECK(board.exitCode == 2);
        CHECK_THAT(board.err, Catch::Contains("the certificate is for unane 3x4 (no-pie), not unane 4x4 (no-pie)"));
        const auto variant = runPapamu({"verify", "--certificate", path, "unane", "3x4"});
        CHECK(variant.exitCode == 2);
        CHECK_THAT(variant.err, Catch::Contains("the certificate is for unane 3x4 (no-pie), not unane 3x4 (standard)"));
    }
    SECTION("damaged and missing files are unreadable") {
        std::vector<char> bytes = testing::fileBytes(path);
        bytes[bytes.size() - 30] ^= 0x01;
        testing::writeBytes(path, bytes);
        const auto damaged = runPapamu({"verify", "--certificate", path});
        CHECK(damaged.exitCode == 2);
        CHECK_THAT(damaged.err, Catch::Contains("body checksum mismatch"));
        const auto missing = runPapamu({"verify", "--certificate", (directory.path() / "none.cert").string()});
        CHECK(missing.exitCode == 2);
        CHECK_THAT(missing.err, Catch::Contains("can not open"));
    }
}

// With the pie rule every first move offers the swap, which wins by the rule (rules/pie_rule.hpp):
// the board's certificate needs no record, and the checker still tries every first move.
TEST_CASE("with the pie rule a board's certificate is the first moves alone", "[certificate][cli]") {
    testing::TemporaryDirectory directory;
    const std::string path = (directory.path() / "unane-5x6.cert").string();
    // Ūnane 5x6 is unsolved without the pie rule; with it, the rule decides every first move.
    const auto solved = runPapamu({"solve", "unane BWBWBW/WBWBWB/BWBWBW/WBWBWB/BWBWBW b", "--certificate", path, "--json"});
    REQUIRE(solved.exitCode == 0);
    const auto answer = nlohmann::json::parse(solved.out);
    CHECK(answer.at("value") == "loss");
    CHECK(answer.at("complete") == true);
    CHECK(answer.at("line_end") == "swap_offer");
    CHECK(answer.at("principal_line").size() == 1);
    CHECK(answer.at("certificate").at("positions") == 0);
    const auto checked = runPapamu({"verify", "--certificate", path, "--json"});
    CHECK(checked.exitCode == 0);
    const auto verdict = nlohmann::json::parse(checked.out);
    CHECK(verdict.at("valid") == true);
    CHECK(verdict.at("value") == "loss");
    CHECK(verdict.at("replies_checked") == 49);  // Black's 49 first moves on 5x6
}

TEST_CASE("a position solve writes its certificate; an unknown value writes none", "[certificate][cli]") {
    testing::TemporaryDirectory directory;
    const std::string path = (directory.path() / "position.cert").string();
    const std::string position = "konane BWB.B/WB.BW/B.BWB/.BWBW/BWBWB w";
    const auto solved = runPapamu({"solve", position, "--hash", "16", "--certificate", path});
    REQUIRE(solved.exitCode == 0);
    CHECK_THAT(solved.out, Catch::Contains("certificate " + path + ": "));
    const auto checked = runPapamu({"verify", "--certificate", path, position});
    CHECK(checked.exitCode == 0);

    const std::string limited = (directory.path() / "limited.cert").string();
    const auto stopped = runPapamu({"solve", "konane", "6x6", "--node-limit", "100", "--certificate", limited, "--json"});
    CHECK(stopped.exitCode == 1);
    CHECK(nlohmann::json::parse(stopped.out).at("certificate").at("written") == false);
    CHECK_FALSE(std::filesystem::exists(limited));

    const auto baseline = runPapamu({"solve", "konane", "4x4", "--method", "negamax", "--certificate", limited});
    CHECK(baseline.exitCode == 2);
    CHECK_THAT(baseline.err, Catch::Contains("--certificate needs --method dfpn"));
}

}  // namespace
}  // namespace papamu
