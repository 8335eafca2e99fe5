// Issue 12: what a demanding user hit in every command, one test case per item, end to end.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using papamu::testing::CommandResult;
using papamu::testing::fileText;
using papamu::testing::jsonLines;
using papamu::testing::runPapamu;
using papamu::testing::runPapamuWithInput;
using papamu::testing::ScratchDirectory;

namespace {

const std::string kKonane4 = "konane WBWB/BWBW/WBWB/BWBW b";

void writeText(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

}  // namespace

TEST_CASE("1: a limit never turns into none or loss: unknown everywhere, exit 1", "[cli][issue12]") {
    const CommandResult text = runPapamu({"solve", "unane", "4x4", "--node-limit", "100", "--hash", "8"});
    INFO(text.out);
    CHECK(text.exitCode == 1);
    CHECK_THAT(text.out, !Catch::Contains("): none\n") && !Catch::Contains("unknown wins"));
    CHECK_THAT(text.out, Catch::Contains("unknown: ") && Catch::Contains("without the pie rule: unknown\n"));
    const nlohmann::json json = nlohmann::json::parse(runPapamu({"solve", "unane", "4x4", "--node-limit", "100", "--hash", "8", "--json"}).out);
    CHECK(json["complete"] == false);
    CHECK_FALSE(json["unknown_first_moves"].empty());
    CHECK(json["winner_without_pie"] == "unknown");
    for (const auto& line : json["lines"]) {
        if (line["value"] == "unknown") CHECK(line["winner"] == "unknown");
    }
    const CommandResult konane = runPapamu({"solve", "konane", "5x6", "--node-limit", "2000", "--hash", "8"});
    CHECK(konane.exitCode == 1);
    CHECK_THAT(konane.out, !Catch::Contains("winning first moves for Black: none\n"));
    CHECK_THAT(konane.out, Catch::Contains("winning first moves for Black: none proven; unknown: a1 c3 a5\n"));
}

TEST_CASE("2: a failed puzzles run leaves the output file as it was", "[cli][issue12]") {
    const ScratchDirectory scratch("puzzles-keep");
    REQUIRE(runPapamu({"build", "konane", "4x4", "--tb", scratch.path(), "--threads", "1"}).exitCode == 0);
    const std::string keep = scratch / "keep.jsonl";
    writeText(keep, "precious\n");
    // Impossible: longer than any win in the table; refused up front.
    const CommandResult impossible = runPapamu({"puzzles", "konane", "4x4", "--count", "5", "--tb", scratch.path(), "--out", keep,
                                                "--min-remoteness", "20"});
    CHECK(impossible.exitCode == 2);
    CHECK_THAT(impossible.err, Catch::Contains("--min-remoteness 20 is longer than any win in the table (longest: 11 plies)"));
    const CommandResult stones = runPapamu({"puzzles", "konane", "4x4", "--count", "5", "--out", keep, "--max-stones", "30"});
    CHECK(stones.exitCode == 2);
    CHECK_THAT(stones.err, Catch::Contains("--max-stones 30 is more than the 16 cells of the board"));
    const CommandResult searchOnly = runPapamu({"puzzles", "konane", "4x4", "--count", "5", "--out", keep, "--max-stones", "6",
                                                "--min-remoteness", "9"});
    CHECK(searchOnly.exitCode == 2);
    CHECK_THAT(searchOnly.err, Catch::Contains("--min-remoteness 9 is longer than any win with at most 6 stones (longest: 7 plies)"));
    // Possible but not found within the draws: exit 1, the file untouched.
    const CommandResult short_ = runPapamu({"puzzles", "konane", "4x4", "--count", "500", "--tb", scratch.path(), "--out", keep,
                                            "--max-draws", "50"});
    CHECK(short_.exitCode == 1);
    CHECK_THAT(short_.err, Catch::Contains("left as it was"));
    CHECK(fileText(keep) == "precious\n");
    CHECK_FALSE(std::filesystem::exists(keep + ".tmp"));
}

TEST_CASE("3: a smaller build never shrinks a finished table", "[cli][issue12]") {
    const ScratchDirectory scratch("build-shrink");
    REQUIRE(runPapamu({"build", "konane", "4x4", "--tb", scratch.path(), "--threads", "1"}).exitCode == 0);
    const CommandResult smaller = runPapamu({"build", "konane", "4x4", "--tb", scratch.path(), "--max-stones", "6", "--json"});
    CHECK(smaller.exitCode == 0);
    CHECK_THAT(smaller.err, Catch::Contains("already covers up to 16 stones"));
    CHECK(nlohmann::json::parse(smaller.out)["max_stones"] == 16);
    const std::string manifest = fileText(scratch / "konane-standard-4x4/manifest.json");
    CHECK(nlohmann::json::parse(manifest)["max_stones"] == 16);
    CHECK(runPapamu({"probe", kKonane4, "--tb", scratch.path()}).exitCode == 0);
    // 10: a table directory given as --tb is built in place, not nested.
    const CommandResult inPlace = runPapamu({"build", "konane", "4x4", "--tb", scratch / "konane-standard-4x4", "--json"});
    CHECK(inPlace.exitCode == 0);
    CHECK(nlohmann::json::parse(inPlace.out)["directory"] == scratch / "konane-standard-4x4");
    CHECK_FALSE(std::filesystem::exists(scratch / "konane-standard-4x4/konane-standard-4x4"));
}

TEST_CASE("4: '-' reads positions and batches from standard input and writes to standard output", "[cli][issue12]") {
    const CommandResult moves = runPapamuWithInput({"moves", "-"}, "konane WBWB/BWBW/WBWB/.WBW w\n");
    CHECK(moves.exitCode == 0);
    CHECK(moves.out == "b1\na2\n");
    CHECK(runPapamuWithInput({"show", "-"}, "").exitCode == 2);

    const CommandResult batch = runPapamuWithInput({"solve", "-", "--hash", "8"},
                                                   "konane WBWB/BWBW/WBWB/.WBW w\n\nnot a position\nunane BW/BB w\n");
    CHECK(batch.exitCode == 2);  // the worst line: one was not a position
    const std::vector<nlohmann::json> answers = jsonLines(batch.out);
    REQUIRE(answers.size() == 3);
    CHECK(answers[0]["value"] == "win");
    CHECK(answers[0]["side"] == "white");
    CHECK(answers[1]["input"] == "not a position");
    CHECK(answers[2]["value"] == "loss");
    CHECK(answers[2]["complete"] == true);

    const CommandResult claims = runPapamuWithInput({"verify", "-"}, "konane WBWB/BWBW/WBWB/.WBW w b1 a3-a1\n"
                                                                     "konane WBWB/BWBW/WBWB/BWBW b a1\n");
    const std::vector<nlohmann::json> checked = jsonLines(claims.out);
    REQUIRE(checked.size() == 2);
    CHECK(checked[0]["valid"] == true);
    CHECK(checked[0]["moves"] == nlohmann::json::array({"b1", "a3-a1"}));
    CHECK(checked[1]["valid"] == false);
    CHECK(claims.exitCode == 1);

    const CommandResult generated = runPapamu({"puzzles", "konane", "5x5", "--count", "3", "--max-stones", "12", "--out", "-"});
    REQUIRE(generated.exitCode == 0);
    CHECK(jsonLines(generated.out).size() == 3);
    CHECK_FALSE(std::filesystem::exists("-"));
    const CommandResult verified = runPapamuWithInput({"verify", "--puzzles", "-"}, generated.out);
    CHECK(verified.exitCode == 0);
    CHECK(verified.out == "standard input: 3 puzzles, 3 valid, 0 invalid\n");
}

TEST_CASE("5: value is a position's, result_for_mover a move's, in every command", "[cli][issue12]") {
    const ScratchDirectory scratch("keys");
    REQUIRE(runPapamu({"build", "konane", "4x4", "--tb", scratch.path(), "--threads", "1"}).exitCode == 0);
    const nlohmann::json probe = nlohmann::json::parse(runPapamu({"probe", kKonane4, "--tb", scratch.path(), "--json"}).out);
    CHECK(probe["value"] == "loss");  // Black to move loses Kōnane 4x4
    for (const auto& move : probe["moves"]) {
        CHECK(move["result_for_mover"] == "loss");
        CHECK_FALSE(move.contains("value"));
    }
    const nlohmann::json solved = nlohmann::json::parse(runPapamu({"solve", "konane", "4x4", "--hash", "8", "--json"}).out);
    for (const auto& line : solved["lines"]) {
        // After Black's removal and White's reply Black is to move: `value` is Black's.
        CHECK(line["position"].get<std::string>().back() == 'b');
        CHECK((line["value"] == "win") == (line["winner"] == "first"));
    }
}

TEST_CASE("7: options that do not apply are refused with the reason", "[cli][issue12]") {
    CHECK_THAT(runPapamu({"solve", "konane", "4x4", "--all"}).err, Catch::Contains("--all lists the winning moves of a POSITION"));
    CHECK_THAT(runPapamu({"solve", "konane", "4x4", "--method", "negamax", "--threads", "2"}).err,
               Catch::Contains("--threads does not apply to --method negamax"));
    CHECK(runPapamu({"solve", "konane", "4x4", "--method", "negamax", "--tb", "x"}).exitCode == 2);
    CHECK(runPapamu({"solve", kKonane4, "--method", "negamax", "--all"}).exitCode == 2);
    const ScratchDirectory scratch("variant");
    const CommandResult made = runPapamu({"puzzles", "konane", "4x4", "--count", "2", "--out", scratch / "k.jsonl"});
    REQUIRE(made.exitCode == 0);
    const CommandResult wrongVariant = runPapamu({"verify", "--puzzles", scratch / "k.jsonl", "--variant", "no-pie"});
    CHECK(wrongVariant.exitCode == 2);
    CHECK_THAT(wrongVariant.err, Catch::Contains("--variant no-pie does not apply to the konane puzzle on line 1"));
    CHECK(runPapamu({"verify", kKonane4, "a1", "--threads", "3"}).exitCode == 2);
}

TEST_CASE("8: errors name the bad part", "[cli][issue12]") {
    CHECK_THAT(runPapamu({"build", kKonane4, "--tb", "x"}).err, Catch::Contains("build takes GAME RxC (a board), not a POSITION"));
    const CommandResult proc = runPapamu({"build", "konane", "3x3", "--tb", "/proc/nope"});
    CHECK(proc.exitCode == 2);
    CHECK_THAT(proc.err, Catch::Contains("/proc/nope") && !Catch::Contains("filesystem error"));
    const ScratchDirectory scratch("errors");
    CHECK_THAT(runPapamu({"verify", "--puzzles", scratch.path()}).err, Catch::Contains("is a directory, not a puzzle file"));
    writeText(scratch / "garbage.jsonl", "{not json\n{\"also\": \n");
    const CommandResult garbage = runPapamu({"verify", "--puzzles", scratch / "garbage.jsonl"});
    CHECK(garbage.exitCode == 2);
    CHECK_THAT(garbage.err, Catch::Contains("holds no readable puzzle: line 1: not valid JSON (syntax error at byte 3)"));
    CHECK_THAT(garbage.err, !Catch::Contains("json.exception"));
}

TEST_CASE("9: --json for verify, tb-verify, puzzles, show and play; an interrupted table is 'incomplete'", "[cli][issue12]") {
    const nlohmann::json claim = nlohmann::json::parse(runPapamu({"verify", "konane WBWB/BWBW/WBWB/.WBW w", "b1", "--json"}).out);
    CHECK(claim["valid"] == true);
    CHECK(claim["complete"] == false);
    CHECK_THAT(claim["continuation"].get<std::string>(), Catch::Contains("White still wins"));
    const nlohmann::json shown = nlohmann::json::parse(runPapamu({"show", "unane BW/BB w", "--json"}).out);
    CHECK(shown["winner"] == "black");
    CHECK(shown["rows"] == nlohmann::json::array({"BW", "BB"}));
    const nlohmann::json played = nlohmann::json::parse(runPapamu({"play", kKonane4, "a1", "--json"}).out);
    CHECK(played["position"] == "konane WBWB/BWBW/WBWB/.WBW w");
    CHECK(played["side"] == "white");

    const ScratchDirectory scratch("tb-json");
    REQUIRE(runPapamu({"build", "konane", "3x3", "--tb", scratch.path(), "--threads", "1"}).exitCode == 0);
    const nlohmann::json verified =
        nlohmann::json::parse(runPapamu({"tb-verify", scratch.path(), "--samples", "5", "--dfpn-samples", "7", "--json"}).out);
    CHECK(verified["ok"] == true);
    CHECK(verified["tables"][0]["layers_checked"].get<int>() > 0);
    CHECK(verified["tables"][0]["samples_checked"] == 5);
    CHECK(verified["tables"][0]["consistency_samples_checked"] == 1000);
    CHECK(verified["tables"][0]["dfpn_samples_checked"] == 7);
    const nlohmann::json figures =
        nlohmann::json::parse(runPapamu({"puzzles", "konane", "4x4", "--count", "2", "--out", scratch / "p.csv", "--json"}).out);
    CHECK(figures["puzzles"] == 2);

    // An interrupted build: the manifest lists the layers written so far and is not complete.
    const std::string manifestPath = scratch / "konane-standard-3x3/manifest.json";
    nlohmann::json manifest = nlohmann::json::parse(fileText(manifestPath));
    const std::size_t layers = manifest["layers"].size();
    for (int dropped = 0; dropped < 3; ++dropped) {
        std::filesystem::remove(scratch / ("konane-standard-3x3/" + manifest["layers"].back()["file"].get<std::string>()));
        manifest["layers"].erase(manifest["layers"].size() - 1);
    }
    manifest["complete"] = false;
    writeText(manifestPath, manifest.dump(1));
    const CommandResult incomplete = runPapamu({"tb-verify", scratch.path(), "--samples", "0"});
    CHECK(incomplete.exitCode == 1);
    CHECK(incomplete.out == "FAIL " + scratch / "konane-standard-3x3" + ": incomplete: " + std::to_string(layers - 3) + " of " +
                                std::to_string(layers) + " layers built (run papamu build again to finish)\n");
}

TEST_CASE("10: file formats by extension in any case, lichess CSV, one name for the solution", "[cli][issue12]") {
    const ScratchDirectory scratch("formats");
    REQUIRE(runPapamu({"puzzles", "konane", "4x4", "--count", "2", "--out", scratch / "x.HTML"}).exitCode == 0);
    CHECK_THAT(fileText(scratch / "x.HTML"), Catch::StartsWith("<!DOCTYPE html>"));
    REQUIRE(runPapamu({"puzzles", "konane", "4x4", "--count", "2", "--out", scratch / "p.csv"}).exitCode == 0);
    CHECK_THAT(fileText(scratch / "p.csv"), Catch::StartsWith("id,position,solution,rating,"));
    REQUIRE(runPapamu({"puzzles", "konane", "4x4", "--count", "2", "--out", scratch / "l.csv", "--format", "lichess"}).exitCode == 0);
    CHECK_THAT(fileText(scratch / "l.csv"), Catch::StartsWith("PuzzleId,FEN,Moves,Rating,Themes\n"));
    const CommandResult read = runPapamu({"verify", "--puzzles", scratch / "l.csv"});
    CHECK(read.exitCode == 0);
    CHECK_THAT(read.out, Catch::EndsWith("2 puzzles, 2 valid, 0 invalid\n"));
    const CommandResult build = runPapamu({"build", "konane", "3x3", "--tb", scratch.path(), "--threads", "1"});
    CHECK_THAT(build.out, Catch::Contains(" 1 thread, ") && Catch::Contains(" MB\n") && !Catch::Contains("KiB"));
}

TEST_CASE("10: an off-colour Konane position is refused by every reader, naming the cell", "[cli][issue12]") {
    // b1 is a white cell (row + column odd); a black stone there is in no Kōnane game.
    const std::string offColour = "konane .B.B/..../W.W./.B.. b";
    const std::string reason = "konane: black stone on b1, a white cell: no game reaches it";
    const ScratchDirectory scratch("off-colour");
    writeText(scratch / "p.jsonl", "{\"id\":\"k1\",\"position\":\"" + offColour + "\",\"solution\":[\"d4-d2\"],\"length\":1}\n");
    const CommandResult file = runPapamu({"verify", "--puzzles", scratch / "p.jsonl"});
    CHECK(file.exitCode == 2);
    CHECK_THAT(file.err, Catch::Contains("line 1: position: " + reason));
    // Batches answer the line with the reason and go on.
    for (const std::string command : {"solve", "verify"}) {
        const std::string line = command == "verify" ? offColour + " d4-d2" : offColour;
        const CommandResult batch = runPapamuWithInput({command, "-"}, line + "\n");
        INFO(command << ": " << batch.out << batch.err);
        CHECK(batch.exitCode == 2);
        const std::vector<nlohmann::json> answers = jsonLines(batch.out);
        REQUIRE(answers.size() == 1);
        CHECK(answers[0]["input"] == line);
        CHECK_THAT(answers[0]["error"].get<std::string>(), Catch::StartsWith(reason));
    }
}

TEST_CASE("solve says how it searched, for a board and for a position alike", "[cli][solve]") {
    for (const std::string& target : {std::string("konane 4x4"), kKonane4}) {
        std::vector<std::string> arguments{"solve"};
        if (target == kKonane4) arguments.push_back(target);
        else arguments.insert(arguments.end(), {"konane", "4x4"});
        arguments.insert(arguments.end(), {"--threads", "2", "--hash", "8", "--json"});
        const CommandResult result = runPapamu(arguments);
        INFO(target << ": " << result.err);
        REQUIRE(result.exitCode == 0);
        const nlohmann::json json = nlohmann::json::parse(result.out);
        CHECK(json["method"] == "dfpn");
        CHECK(json["threads"] == 2);
        CHECK(json["hash_mb"] == 8);
        CHECK(json["peak_rss_mb"].get<double>() > 0);
        CHECK(json["decomposition"] == nlohmann::json{{"used", false}});
        CHECK_FALSE(json.contains("interrupted"));
    }
}
