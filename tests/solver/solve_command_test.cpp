// `papamu solve` end to end: JSON answers, exit codes, limits.
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

namespace {

struct Run {
    int exitCode = -1;
    std::string output;
};

Run runPapamu(const std::string& arguments) {
    const std::string command = std::string(PAPAMU_BINARY) + " " + arguments + " 2>/dev/null";
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    Run run;
    std::array<char, 4096> buffer{};
    while (std::fgets(buffer.data(), static_cast<int>(buffer.size()), pipe) != nullptr) run.output += buffer.data();
    const int status = pclose(pipe);
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

}  // namespace

TEST_CASE("solve konane 4x4 --json names the winner and every opening line", "[solver][cli]") {
    const Run run = runPapamu("solve konane 4x4 --json --hash 8");
    REQUIRE(run.exitCode == 0);
    const auto result = nlohmann::json::parse(run.output);
    CHECK(result["game"] == "konane");
    CHECK(result["board"] == "4x4");
    CHECK(result["variant"] == "standard");
    CHECK(result["winner"] == "second");
    CHECK(result["winning_first_moves"].empty());
    // Every removal of Black's followed by every reply of White's: perft 2 is 12.
    REQUIRE(result["lines"].size() == 12);
    CHECK(result["openings"].size() == 4);
    for (const auto& line : result["lines"]) {
        CHECK(line["moves"].size() == 2);
        CHECK((line["winner"] == "first" || line["winner"] == "second"));
    }
    CHECK(result["statistics"]["nodes"].get<std::uint64_t>() > 0);
}

TEST_CASE("solve unane 3x4 --json: Black wins without the pie, the second player with it", "[solver][cli]") {
    const Run run = runPapamu("solve unane 3x4 --json --hash 8");
    REQUIRE(run.exitCode == 0);
    const auto result = nlohmann::json::parse(run.output);
    CHECK(result["winner"] == "second");
    CHECK(result["winner_without_pie"] == "first");
    CHECK(result["lines"].size() == 17);
    CHECK_FALSE(result["winning_first_moves"].empty());
    const Run noPie = runPapamu("solve unane 3x4 --variant no-pie --json --hash 8");
    CHECK(nlohmann::json::parse(noPie.output)["winner"] == "first");
}

TEST_CASE("solve POSITION --all lists every winning move", "[solver][cli]") {
    // Kōnane 6x6 after a1 b1: Black has exactly one jump, a3-a1.
    const Run run = runPapamu("solve 'konane WBWBWB/BWBWBW/WBWBWB/BWBWBW/WBWBWB/..BWBW b' --all --json --hash 8");
    REQUIRE(run.exitCode == 0);
    const auto result = nlohmann::json::parse(run.output);
    CHECK((result["value"] == "win" || result["value"] == "loss"));
    if (result["value"] == "win") CHECK(result["winning_moves"] == nlohmann::json::array({"a3-a1"}));
    else CHECK(result["winning_moves"].empty());
    const Run small = runPapamu("solve 'konane WBWB/BWBW/WBWB/.WBW w' --all --json --hash 8");
    const auto answer = nlohmann::json::parse(small.output);
    CHECK(answer["value"] == "win");  // White wins Kōnane 4x4 whatever Black removes
    CHECK_FALSE(answer["winning_moves"].empty());
}

// A swap offer is won by the pie rule (rules/pie_rule.hpp); which way wins is the board behind it.
TEST_CASE("solve of a swap offer: the value by the pie rule, the moves by the board behind it", "[solver][cli]") {
    // Ūnane 3x4 after b2-c2 (won for Black without the offer: White swaps) and after a1-a2 (lost
    // for Black: White replies).
    const Run swap = runPapamu("solve 'unane BWBW/W.BB/BWBW w swap' --hash 8");
    REQUIRE(swap.exitCode == 0);
    CHECK_THAT(swap.output, Catch::StartsWith("win (by the pie rule) swap\nline: swap "));
    const Run reply = runPapamu("solve 'unane BWBW/BBWB/.WBW w swap' --all --json --hash 8");
    REQUIRE(reply.exitCode == 0);
    const auto replied = nlohmann::json::parse(reply.output);
    CHECK(replied["value_by"] == "pie_rule");
    const Run behind = runPapamu("solve 'unane BWBW/BBWB/.WBW w' --all --json --hash 8");
    CHECK(replied["winning_moves"] == nlohmann::json::parse(behind.output)["winning_moves"]);
    CHECK(replied["winning_moves"].size() == 6);
    // Ūnane 5x6 is unsolved without the pie rule: the value stands, the moves stay unknown.
    const Run limited = runPapamu("solve 'unane BWBWBW/WBWBWB/BWBWBW/BBWBWB/.WBWBW w swap' --node-limit 2000 --hash 8");
    CHECK(limited.exitCode == 1);
    CHECK_THAT(limited.output, Catch::StartsWith("win (by the pie rule) (winning moves unknown: a limit stopped the search of "
                                                 "the board without the swap offer)\n"));
    const Run start = runPapamu("solve 'unane BWBWBW/WBWBWB/BWBWBW/WBWBWB/BWBWBW b' --hash 8");
    CHECK(start.exitCode == 0);
    CHECK_THAT(start.output, Catch::StartsWith("loss\nline: a1-a2, then the swap is on offer: won by the pie rule\n"));
}

TEST_CASE("a node limit answers unknown with exit code 1; bad input exits 2", "[solver][cli]") {
    const Run limited = runPapamu("solve konane 6x6 --node-limit 5000 --json --hash 8");
    CHECK(limited.exitCode == 1);
    CHECK(nlohmann::json::parse(limited.output)["winner"] == "unknown");
    CHECK(runPapamu("solve konane 6x6 --threads 0").exitCode == 2);
    CHECK(runPapamu("solve chess 6x6").exitCode == 2);
    CHECK(runPapamu("solve konane 6x6 --method guess").exitCode == 2);
}

TEST_CASE("the baseline method gives the same board value", "[solver][cli]") {
    const Run run = runPapamu("solve unane 3x4 --variant no-pie --method negamax --json");
    REQUIRE(run.exitCode == 0);
    CHECK(nlohmann::json::parse(run.output)["winner"] == "first");
}

TEST_CASE("solve --checkpoint saves after a node limit and the next run resumes from it", "[solver][cli]") {
    const std::string path = "papamu_solve_checkpoint_test_" + std::to_string(::getpid()) + ".ckpt";
    std::remove(path.c_str());
    const Run limited = runPapamu("solve konane 5x6 --json --hash 8 --node-limit 50000 --checkpoint " + path);
    CHECK(limited.exitCode == 1);
    const Run resumed = runPapamu("solve konane 5x6 --json --hash 8 --checkpoint " + path);
    REQUIRE(resumed.exitCode == 0);
    const Run fresh = runPapamu("solve konane 5x6 --json --hash 8");
    REQUIRE(fresh.exitCode == 0);
    const auto resumedJson = nlohmann::json::parse(resumed.output);
    const auto freshJson = nlohmann::json::parse(fresh.output);
    CHECK(resumedJson["winner"] == freshJson["winner"]);
    CHECK(resumedJson["winning_first_moves"] == freshJson["winning_first_moves"]);
    CHECK(resumedJson["complete"] == true);
    CHECK(resumedJson["statistics"]["nodes"].get<std::uint64_t>() < freshJson["statistics"]["nodes"].get<std::uint64_t>());
    const Run foreign = runPapamu("solve konane 4x6 --hash 8 --checkpoint " + path);
    CHECK(foreign.exitCode == 2);
    std::remove(path.c_str());
}

TEST_CASE("checkpoint info and compact: a compact checkpoint within its size that a solve resumes from", "[solver][cli]") {
    const std::string stem = "papamu_checkpoint_command_test_" + std::to_string(::getpid());
    const std::string full = stem + ".ckpt", compact = stem + ".compact";
    std::remove(full.c_str());
    REQUIRE(runPapamu("solve konane 5x6 --json --hash 8 --node-limit 50000 --checkpoint " + full).exitCode == 1);
    const Run info = runPapamu("checkpoint info " + full + " --json");
    REQUIRE(info.exitCode == 0);
    const auto infoJson = nlohmann::json::parse(info.output);
    CHECK(infoJson["version"] == 1);
    CHECK(infoJson["rules"] == "konane 5x6 standard");
    const auto fullEntries = infoJson["entries"].get<std::uint64_t>();
    CHECK(fullEntries > 1000);
    const Run compacted = runPapamu("checkpoint compact " + full + " " + compact + " --max-size 20K --json");
    REQUIRE(compacted.exitCode == 0);
    const auto compactJson = nlohmann::json::parse(compacted.output);
    CHECK(compactJson["source_entries"] == fullEntries);
    CHECK(compactJson["entries"].get<std::uint64_t>() < fullEntries);
    CHECK(compactJson["bytes"].get<std::uint64_t>() <= 20 * 1024);
    CHECK(std::filesystem::file_size(compact) == compactJson["bytes"].get<std::uint64_t>());
    const Run compactInfo = runPapamu("checkpoint info " + compact + " --json");
    REQUIRE(compactInfo.exitCode == 0);
    CHECK(nlohmann::json::parse(compactInfo.output)["version"] == 2);
    CHECK(nlohmann::json::parse(compactInfo.output)["entries"] == compactJson["entries"]);
    // --resume-from reads it and leaves it as it is; --checkpoint takes what the search adds.
    const std::string continued = stem + ".continued";
    std::remove(continued.c_str());
    const Run readOnly = runPapamu("solve konane 5x6 --json --hash 8 --resume-from " + compact + " --checkpoint " + continued);
    REQUIRE(readOnly.exitCode == 0);
    CHECK(nlohmann::json::parse(readOnly.output)["winner"] == "second");
    CHECK(std::filesystem::file_size(compact) == compactJson["bytes"].get<std::uint64_t>());
    CHECK(nlohmann::json::parse(runPapamu("checkpoint info " + continued + " --json").output)["version"] == 1);
    CHECK(runPapamu("solve konane 5x6 --hash 8 --resume-from " + stem + ".missing").exitCode == 2);
    CHECK(runPapamu("solve konane 5x6 --hash 8 --resume-from " + compact + " --checkpoint " + compact).exitCode == 2);
    CHECK(runPapamu("solve konane 5x6 --method negamax --resume-from " + compact).exitCode == 2);
    CHECK(runPapamu("solve konane 4x6 --hash 8 --resume-from " + compact).exitCode == 2);  // other rules
    std::remove(continued.c_str());
    const Run resumed = runPapamu("solve konane 5x6 --json --hash 8 --checkpoint " + compact);
    REQUIRE(resumed.exitCode == 0);
    CHECK(nlohmann::json::parse(resumed.output)["winner"] == "second");
    CHECK(nlohmann::json::parse(runPapamu("checkpoint info " + compact + " --json").output)["version"] == 1);  // rewritten in full
    // Bad input: exit 2, and the files named are left as they were.
    const auto sizeBefore = std::filesystem::file_size(full);
    CHECK(runPapamu("checkpoint compact " + full + " " + full + " --max-size 20K").exitCode == 2);
    CHECK(runPapamu("checkpoint compact " + full + " " + compact + " " + full + " --max-size 20K").exitCode == 2);
    const Run twice = runPapamu("checkpoint compact " + full + " " + full + " " + stem + ".twice --max-size 1M --json");
    REQUIRE(twice.exitCode == 0);  // one file given twice: its entries once
    CHECK(nlohmann::json::parse(twice.output)["source_entries"] == 2 * fullEntries);
    CHECK(nlohmann::json::parse(twice.output)["entries"].get<std::uint64_t>() <= fullEntries);
    std::remove((stem + ".twice").c_str());
    CHECK(runPapamu("checkpoint compact " + full + " " + compact + " --max-size 50%").exitCode == 2);
    CHECK(runPapamu("checkpoint compact " + full + " " + compact + " --max-size 12Q").exitCode == 2);
    CHECK(runPapamu("checkpoint compact " + full + " " + compact).exitCode == 2);
    CHECK(runPapamu("checkpoint compact " + full + " " + compact + " --max-size 100").exitCode == 2);
    CHECK(runPapamu("checkpoint info " + stem + ".missing").exitCode == 2);
    CHECK(runPapamu("checkpoint frobnicate " + full).exitCode == 2);
    CHECK(std::filesystem::file_size(full) == sizeBefore);
    std::remove(full.c_str());
    std::remove(compact.c_str());
}

// The values of a solved board that must not depend on how they were found.
nlohmann::json boardValues(const nlohmann::json& solved) {
    nlohmann::json values{{"winner", solved["winner"]}, {"winning_first_moves", solved["winning_first_moves"]}, {"lines", nlohmann::json::array()}};
    if (solved.contains("winner_without_pie")) values["winner_without_pie"] = solved["winner_without_pie"];
    for (const auto& line : solved["lines"]) values["lines"].push_back({line["moves"], line["value"], line.value("winner_with_pie", "")});
    return values;
}

TEST_CASE("solve --tb with a partial table: the same values, and it says what the table answered", "[solver][cli]") {
    char pattern[] = "/tmp/papamu-leaf-table-XXXXXX";
    REQUIRE(mkdtemp(pattern) != nullptr);
    const std::string root = pattern;
    struct Board {
        std::string arguments;  // GAME RxC [--variant V]
        std::string directory;
        int maxStones;
    };
    for (const Board& board : {Board{"konane 4x5", "konane-standard-4x5", 8}, Board{"konane 5x5", "konane-standard-5x5", 8},
                               Board{"unane 3x4", "unane-standard-3x4", 7}, Board{"unane 3x4 --variant no-pie", "unane-no-pie-3x4", 6}}) {
        INFO(board.arguments);
        REQUIRE(runPapamu("build " + board.arguments + " --max-stones " + std::to_string(board.maxStones) + " --threads 1 --tb " + root)
                    .exitCode == 0);
        const auto plain = nlohmann::json::parse(runPapamu("solve " + board.arguments + " --json --hash 16").output);
        const Run withTable = runPapamu("solve " + board.arguments + " --json --hash 16 --tb " + root);
        REQUIRE(withTable.exitCode == 0);
        const auto leaves = nlohmann::json::parse(withTable.output);
        CHECK(boardValues(leaves) == boardValues(plain));
        CHECK_FALSE(plain.contains("leaf_table"));
        const auto& used = leaves["leaf_table"];
        CHECK(used["max_stones"] == board.maxStones);
        CHECK(used["directory"] == root + "/" + board.directory);
        CHECK(used["probes"].get<std::uint64_t>() > 0);
        // Every leaf within the stone limit is in the table, colour-swapped canonical forms included.
        CHECK(used["answered"] == used["probes"]);
        CHECK(used["probe_seconds"].get<double>() >= 0.0);
    }
    // The text says it too, and a position solve with the table reports the same way.
    const Run text = runPapamu("solve konane 4x5 --hash 16 --tb " + root);
    CHECK(text.output.find("\nleaf table: " + root + "/konane-standard-4x5 (up to 8 stones): ") != std::string::npos);
    const Run position = runPapamu("solve 'konane WBWBW/BWBWB/WBWBW/.WBWB w' --json --hash 16 --tb " + root);
    CHECK(nlohmann::json::parse(position.output)["leaf_table"]["answered"].get<std::uint64_t>() > 0);
    CHECK(nlohmann::json::parse(position.output)["value"] ==
          nlohmann::json::parse(runPapamu("solve 'konane WBWBW/BWBWB/WBWBW/.WBWB w' --json --hash 16").output)["value"]);
    std::filesystem::remove_all(root);
}
