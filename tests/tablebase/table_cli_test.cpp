// papamu build / probe / tb-verify from the outside: output formats and exit codes.
#include <catch2/catch.hpp>
#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>
#include <nlohmann/json.hpp>

#include "temporary_directory.hpp"

namespace {

struct Run {
    int status;
    std::string output;
};

Run run(const std::string& arguments) {
    const std::string command = std::string(PAPAMU_BINARY) + " " + arguments + " 2>&1";
    FILE* pipe = ::popen(command.c_str(), "r");
    std::string output;
    std::array<char, 4096> buffer{};
    while (std::fgets(buffer.data(), static_cast<int>(buffer.size()), pipe) != nullptr) output += buffer.data();
    const int status = ::pclose(pipe);
    return Run{WEXITSTATUS(status), output};
}

}  // namespace

TEST_CASE("build, probe and tb-verify work together from the command line", "[cli]") {
    papamu::testing::TemporaryDirectory root;
    const Run built = run("build konane 3x4 --tb " + root.string() + " --json");
    REQUIRE(built.status == 0);
    const auto summary = nlohmann::json::parse(built.output);
    CHECK(summary["positions"] == 2 * 4096);
    CHECK(summary["wins"].get<std::uint64_t>() + summary["losses"].get<std::uint64_t>() == 2 * 4096);

    // Kōnane 3x4 start: Black removes a corner or a centre stone of its colour.
    const Run probed = run("probe 'konane BWBW/WBWB/BWBW b' --json --tb " + root.string());
    REQUIRE(probed.status == 0);
    const auto json = nlohmann::json::parse(probed.output);
    CHECK(json["position"] == "konane BWBW/WBWB/BWBW b");
    REQUIRE(json["moves"].size() >= 2);
    const bool win = json["value"] == "win";
    // Best first: winning moves fastest first, then losing moves longest first; a won position's
    // best move is one ply shorter than the position.
    CHECK((json["moves"][0]["result_for_mover"] == "win") == win);
    CHECK(json["moves"][0]["remoteness"].get<int>() + 1 == json["remoteness"].get<int>());
    for (std::size_t index = 1; index < json["moves"].size(); ++index) {
        const auto& before = json["moves"][index - 1];
        const auto& after = json["moves"][index];
        if (before["result_for_mover"] == after["result_for_mover"]) {
            if (before["result_for_mover"] == "win") CHECK(before["remoteness"] <= after["remoteness"]);
            else CHECK(before["remoteness"] >= after["remoteness"]);
        } else {
            CHECK(before["result_for_mover"] == "win");
        }
    }

    const Run finished = run("probe 'konane B.../..../.... w' --json --tb " + root.string());
    REQUIRE(finished.status == 0);
    CHECK(nlohmann::json::parse(finished.output) ==
          nlohmann::json::parse(R"({"position":"konane B.../..../.... w","value":"loss","remoteness":0,"moves":[],"best_line":[]})"));

    const Run text = run("probe 'konane BWBW/WBWB/BWBW b' --tb " + root.string());
    CHECK_THAT(text.output, Catch::Contains("Black to move: "));
    // The best line has as many moves as the position's remoteness.
    CHECK(json["best_line"].size() == json["remoteness"].get<std::size_t>());
    CHECK(json["best_line"][0] == json["moves"][0]["move"]);
    CHECK_THAT(text.output, Catch::Contains("best line: " + json["best_line"][0].get<std::string>() + " "));

    const Run offColour = run("probe 'konane .B../..../.... w' --tb " + root.string());
    CHECK(offColour.status == 2);
    CHECK_THAT(offColour.output, Catch::Contains("konane: black stone on b3, a white cell: no game reaches it"));
    const Run noTable = run("probe 'konane BWBWB/WBWBW/BWBWB b' --tb " + root.string());
    CHECK(noTable.status == 2);
    CHECK_THAT(noTable.output, Catch::Contains("no table for konane 3x5"));
    CHECK(run("tb-verify " + root.string() + " --samples 100").status == 0);
}

TEST_CASE("build rejects bad input with exit code 2", "[cli]") {
    papamu::testing::TemporaryDirectory root;
    CHECK(run("build konane 3x4").status == 2);
    CHECK(run("build chess 3x4 --tb " + root.string()).status == 2);
    CHECK(run("build unane 3x3 --tb " + root.string()).status == 2);
    CHECK(run("build konane 3x4 --tb " + root.string() + " --variant no-pie").status == 2);
    CHECK(run("build konane 3x4 --tb " + root.string() + " --threads 0").status == 2);
    CHECK(run("tb-verify " + root.string() + "/missing").status == 2);
}

TEST_CASE("probe - answers one JSON line per input line, errors included, in order", "[cli][batch]") {
    papamu::testing::TemporaryDirectory root;
    REQUIRE(run("build konane 3x4 --tb " + root.string()).status == 0);
    const std::string input = (root.path() / "positions.txt").string();
    std::ofstream(input) << "konane BWBW/WBWB/BWBW b\n"
                            "konane BWBW/WBWB/.WBW w\n"
                            "konane BWBW/WBWX/BWBW b\n"      // bad character
                            "\n"                             // blank: skipped
                            "konane .B../..../.... w\n"      // off-colour: no game reaches it
                            "konane BWBWB/WBWBW/BWBWB b\n"   // no table for 3x5
                            "konane B.../..../.... w\r\n";  // CRLF accepted
    const Run batch = run("probe - --tb " + root.string() + " < " + input);
    CHECK(batch.status == 2);
    std::vector<nlohmann::json> lines;
    std::istringstream stream(batch.output);
    for (std::string line; std::getline(stream, line);) {
        if (!line.empty() && line[0] == '{') lines.push_back(nlohmann::json::parse(line));
    }
    REQUIRE(lines.size() == 6);
    // Each good line is exactly what a single probe prints.
    const Run single = run("probe 'konane BWBW/WBWB/BWBW b' --json --tb " + root.string());
    CHECK(lines[0] == nlohmann::json::parse(single.output));
    CHECK(lines[1]["position"] == "konane BWBW/WBWB/.WBW w");
    CHECK(lines[1]["moves"].size() == 2);
    CHECK(lines[2]["line"] == 3);
    CHECK(lines[2]["input"] == "konane BWBW/WBWX/BWBW b");
    CHECK_THAT(lines[2]["error"].get<std::string>(), Catch::Contains("row 2"));
    CHECK(lines[3]["line"] == 5);
    CHECK_THAT(lines[3]["error"].get<std::string>(), Catch::Contains("black stone on b3, a white cell"));
    CHECK(lines[4]["line"] == 6);
    CHECK_THAT(lines[4]["error"].get<std::string>(), Catch::Contains("no table for konane 3x5"));
    CHECK(lines[5]["remoteness"] == 0);
    CHECK_THAT(batch.output, Catch::Contains("3 input lines could not be probed"));

    const Run brief = run("probe - --brief --tb " + root.string() + " < " + input);
    std::istringstream briefStream(brief.output);
    std::string first;
    std::getline(briefStream, first);
    CHECK(nlohmann::json::parse(first) == nlohmann::json{{"position", "konane BWBW/WBWB/BWBW b"},
                                                         {"value", lines[0]["value"]},
                                                         {"remoteness", lines[0]["remoteness"]}});
    std::ofstream(input) << "konane BWBW/WBWB/BWBW b\n";
    CHECK(run("probe - --tb " + root.string() + " < " + input).status == 0);
}
