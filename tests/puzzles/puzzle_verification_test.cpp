// Checking claims and puzzle files: each kind of wrong answer is rejected with its reason, and
// the verify command's exit codes follow the contract (0 valid, 1 not, 2 bad input).
#include <catch2/catch.hpp>
#include <fstream>

#include "puzzles/puzzle_checker.hpp"
#include "puzzles/puzzle_files.hpp"
#include "rules/notation.hpp"
#include "support/command_runner.hpp"

using namespace papamu;

namespace {

// Positions found with `papamu puzzles` on Kōnane 4x5 and Ūnane 4x4, answers checked by hand
// against `papamu moves`/`play`.
const std::string kForced = "konane ..WBW/..B.B/W..../.WB.. w";      // b1-d1 d4-b4 e4-e2 wins, the only way
const std::string kThreeChoices = "konane WBWBW/BWB.B/....W/B.... w";  // a4-a2, c4-c2 lose; b3-d3 wins
const std::string kTwoWins = "konane WBWBW/B.B../W.W../BW..B b";      // c3-c1 and a1-c1 both win at once
const std::string kUnane = "unane ..BW/.B../.BW./B... b";             // b3 c2-b2 a1 wins, the only way

LineCheck claim(const std::string& position, const std::vector<std::string>& moves, Uniqueness uniqueness = Uniqueness::None,
                bool complete = false) {
    PuzzleChecker checker;
    const PositionText parsed = parsePosition(position);
    return checker.checkClaim(parsed.game, parsed.size, Variant{}, parsed.position, moves, uniqueness, complete);
}

std::string writeTemporary(const std::string& tag, const std::string& text) {
    const std::string path = testing::temporaryFile(tag.c_str()) + (tag == "csv" ? ".csv" : ".jsonl");
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

}  // namespace

TEST_CASE("a correct line is valid, complete or not", "[verify]") {
    const LineCheck full = claim(kForced, {"b1-d1", "d4-b4", "e4-e2"}, Uniqueness::Line, true);
    CHECK(full.valid);
    CHECK(full.complete);
    const LineCheck partial = claim(kForced, {"b1-d1"});
    CHECK(partial.valid);
    CHECK_FALSE(partial.complete);
    CHECK(partial.remainingPlies == 2);
    CHECK(partial.continuation == "White still wins in 2 more plies");
    const LineCheck partialRequired = claim(kForced, {"b1-d1"}, Uniqueness::None, true);
    CHECK_FALSE(partialRequired.valid);
    CHECK_THAT(partialRequired.reason, Catch::StartsWith("the line stops before the end of the game"));
}

TEST_CASE("a losing move is refuted with the opponent's quickest win", "[verify]") {
    const LineCheck wrong = claim(kThreeChoices, {"a4-a2"});
    CHECK_FALSE(wrong.valid);
    CHECK(wrong.faultyMove == 0);
    CHECK(wrong.reason == "move 1: a4-a2 loses: Black wins in 5 plies with b4-b2");
    CHECK(claim(kThreeChoices, {"c4-c2"}).reason == "move 1: c4-c2 loses: Black wins in 3 plies with a3-c3");
    CHECK(claim(kThreeChoices, {"b3-d3"}).valid);
}

TEST_CASE("illegal moves and moves after the end reject the claim", "[verify]") {
    const LineCheck illegal = claim(kForced, {"b1-b3"});
    CHECK_FALSE(illegal.valid);
    CHECK(illegal.reason == "move 1: b1-b3 is not a legal move here: b2 holds no enemy stone");
    const LineCheck late = claim(kForced, {"b1-d1", "d4-b4", "e4-e2", "a1"});
    CHECK(late.faultyMove == 3);
    CHECK(late.reason == "move 4: a1 comes after the end of the game (White has won)");
    // The opponent's moves only need to be legal.
    CHECK(claim(kForced, {"b1-d1", "d4-d2"}).reason.find("is not a legal move here") != std::string::npos);
}

TEST_CASE("uniqueness is checked at the level asked", "[verify]") {
    CHECK(claim(kTwoWins, {"a1-c1"}, Uniqueness::None, true).valid);
    const LineCheck first = claim(kTwoWins, {"a1-c1"}, Uniqueness::First, true);
    CHECK_FALSE(first.valid);
    CHECK(first.reason == "move 1: a1-c1 is not the only winning move (winning moves: c3-c1, a1-c1)");
    const std::string kLonger = "konane WBWBW/B..WB/W.W../B.BWB b";
    CHECK(claim(kLonger, {"e3-c3", "d1-b1", "a1-c1"}, Uniqueness::First, true).valid);
    CHECK(claim(kLonger, {"e3-c3", "d1-b1", "a1-c1"}, Uniqueness::Line, true).reason ==
          "move 3: a1-c1 is not the only winning move (winning moves: c3-c1, a1-c1)");
}

TEST_CASE("verify --puzzles rejects each wrong puzzle of a hand-made set with its reason", "[verify][cli]") {
    const std::string jsonl =
        R"({"id":"good","position":")" + kForced + R"(","solution":["b1-d1","d4-b4","e4-e2"],"unique":"line"})" "\n"
        R"({"id":"wrong","position":")" + kThreeChoices + R"(","solution":["a4-a2","b4-b2","c4-a4"],"unique":"first"})" "\n"
        R"({"id":"not-unique","position":"konane WBWBW/B..WB/W.W../B.BWB b","solution":["e3-c3","d1-b1","a1-c1"],"unique":"line"})" "\n"
        "\n"
        R"({"id":"illegal","position":")" + kForced + R"(","solution":["b1-b3","d4-b4","e4-e2"],"unique":"line"})" "\n"
        R"({"id":"broken","position":")" + kForced + R"(","solution":[)" "\n"
        R"({"id":"short","position":")" + kForced + R"(","solution":["b1-d1"],"unique":"line"})" "\n"
        R"({"id":"length","position":")" + kForced + R"(","solution":["b1-d1","d4-b4","e4-e2"],"length":4,"unique":"line"})" "\n"
        R"({"id":"no-unique","position":")" + kForced + R"(","solution":["b1-d1","d4-b4","e4-e2"]})" "\n"
        R"({"id":"unane","game":"unane","board":"4x4","position":")" + kUnane + R"(","side":"black","solution":["b3","c2-b2","a1"],"unique":"line"})" "\n";
    const std::string path = writeTemporary("jsonl", jsonl);
    const testing::CommandResult result = testing::runPapamu({"verify", "--puzzles", path});
    CHECK(result.exitCode == 1);
    CHECK_THAT(result.out, !Catch::Contains("(good)"));
    CHECK_THAT(result.out, Catch::Contains("line 2 (wrong): move 1: a4-a2 loses: Black wins in 5 plies with b4-b2\n"));
    CHECK_THAT(result.out, Catch::Contains("line 3 (not-unique): move 3: a1-c1 is not the only winning move"));
    CHECK_THAT(result.out, Catch::Contains("line 5 (illegal): move 1: b1-b3 is not a legal move here"));
    CHECK_THAT(result.out, Catch::Contains("line 6: malformed: not valid JSON"));
    CHECK_THAT(result.out, Catch::Contains("line 7 (short): the line stops before the end of the game"));
    CHECK_THAT(result.out, Catch::Contains("line 8 (length): length 4 does not match the 3 moves of the solution"));
    CHECK_THAT(result.out, Catch::Contains("line 9: malformed: missing unique"));
    CHECK_THAT(result.out, !Catch::Contains("(unane)"));
    CHECK_THAT(result.out, Catch::Contains("9 puzzles, 2 valid, 7 invalid"));
    std::remove(path.c_str());
}

TEST_CASE("verify --puzzles reads hand-written CSV with its own column order", "[verify][cli]") {
    const std::string csv =
        "moves,unique,position,note\n"
        "b1-d1 d4-b4 e4-e2,line," + kForced + ",\"forced, short\"\n"
        "a1-c1,first," + kTwoWins + ",two ways\n"
        "b1-d1 d4-b4,line,\"" + kForced + "\n"
        "b3 c2-b2 a1,line,\"" + kUnane + "\",\"quoted \"\"note\"\"\"\n";
    const std::string path = writeTemporary("csv", csv);
    const testing::CommandResult result = testing::runPapamu({"verify", "--puzzles", path});
    CHECK(result.exitCode == 1);
    CHECK_THAT(result.out, Catch::Contains("line 3 (line-3): move 1: a1-c1 is not the only winning move"));
    CHECK_THAT(result.out, Catch::Contains("line 4: malformed: a quoted field is not closed"));
    CHECK_THAT(result.out, Catch::Contains("4 puzzles, 2 valid, 2 invalid"));
    std::remove(path.c_str());
}

TEST_CASE("verify exit codes: 0 valid, 1 rejected claim, 2 bad input", "[verify][cli]") {
    const testing::CommandResult valid = testing::runPapamu({"verify", kForced, "b1-d1", "d4-b4", "e4-e2"});
    CHECK(valid.exitCode == 0);
    CHECK(valid.out == "valid\n");
    const testing::CommandResult incomplete = testing::runPapamu({"verify", kThreeChoices, "b3-d3"});
    CHECK(incomplete.exitCode == 0);
    CHECK(incomplete.out == "valid (line incomplete: White still wins in 6 more plies)\n");
    const testing::CommandResult losing = testing::runPapamu({"verify", kThreeChoices, "c4-c2"});
    CHECK(losing.exitCode == 1);
    CHECK(losing.out == "move 1: c4-c2 loses: Black wins in 3 plies with a3-c3\n");
    CHECK(testing::runPapamu({"verify", kForced, "b1-b3"}).exitCode == 1);
    CHECK(testing::runPapamu({"verify", "konane ..WBW/..B.B/W..../.WB.. x", "b1-d1"}).exitCode == 2);
    CHECK(testing::runPapamu({"verify", "konane ..WBW/..B.B/W..../.WB w", "b1-d1"}).exitCode == 2);
    CHECK(testing::runPapamu({"verify", kForced, "zz"}).exitCode == 2);
    CHECK(testing::runPapamu({"verify", kForced}).exitCode == 2);
    CHECK(testing::runPapamu({"verify", "--puzzles", "/nonexistent/puzzles.jsonl"}).exitCode == 2);
    const std::string empty = writeTemporary("jsonl", "\n");
    CHECK(testing::runPapamu({"verify", "--puzzles", empty}).exitCode == 2);
    const std::string headerless = writeTemporary("csv", "id,position\nx,konane ..WBW/..B.B/W..../.WB.. w\n");
    CHECK(testing::runPapamu({"verify", "--puzzles", headerless}).exitCode == 2);
    std::remove(empty.c_str());
    std::remove(headerless.c_str());
}
