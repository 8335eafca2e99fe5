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
    const auto solved = runPapamu({"solve", "unane", "3x4", "--hash", "16", "--certificate", path, "--json"});
    REQUIRE(solved.exitCode == 0);
    const auto report = nlohmann::json::parse(solved.out).at("certificate");
    CHECK(report.at("written") == true);
    CHECK(report.at("positions").get<int>() > 100);
    CHECK(report.at("bytes").get<std::uintmax_t>() == std::filesystem::file_size(path));

    const auto checked = runPapamu({"verify", "--certificate", path, "unane", "3x4", "--json", "--threads", "2"});
    CHECK(checked.exitCode == 0);
    const auto verdict = nlohmann::json::parse(checked.out);
    CHECK(verdict.at("valid") == true);
    CHECK(verdict.at("value") == "loss");  // with the pie rule the second player wins
    CHECK(verdict.at("root") == "unane BWBW/WBWB/BWBW b");
    CHECK(verdict.at("positions") == report.at("positions"));

    const auto text = runPapamu({"verify", "--certificate", path});
    CHECK(text.exitCode == 0);
    CHECK_THAT(text.out, Catch::StartsWith("valid: unane BWBW/WBWB/BWBW b is a loss for the side to move"));

    SECTION("another root is a rejected claim") {
        const auto other = runPapamu({"verify", "--certificate", path, "unane BWBW/WBWB/BWB. w"});
        CHECK(other.exitCode == 1);
        CHECK_THAT(other.out, Catch::StartsWith("invalid: the certificate proves unane BWBW/WBWB/BWBW b, not unane BWBW/WBWB/BWB. w"));
    }
    SECTION("another board or variant is bad input") {
        const auto board = runPapamu({"verify", "--certificate", path, "unane", "4x4"});
        CHECK(board.exitCode == 2);
        CHECK_THAT(board.err, Catch::Contains("the certificate is for unane 3x4 (standard), not unane 4x4 (standard)"));
        const auto variant = runPapamu({"verify", "--certificate", path, "unane", "3x4", "--variant", "no-pie"});
        CHECK(variant.exitCode == 2);
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
