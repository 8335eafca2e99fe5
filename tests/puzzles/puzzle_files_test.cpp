// Puzzle files: JSON Lines and CSV round trips, quoting, and what the readers refuse.
#include <catch2/catch.hpp>

#include "puzzles/puzzle_files.hpp"

using namespace papamu;

namespace {

std::vector<Puzzle> samplePuzzles() {
    Puzzle konane;
    konane.id = "k4x5-0123456789";
    konane.game = GameKind::Konane;
    konane.variant = Variant::parse("single-jump");
    konane.board = {4, 5};
    konane.position = "konane ..WBW/..B.B/W..../.WB.. w";
    konane.sideToMove = Color::White;
    konane.solution = {"b1-d1", "d4-b4", "e4-e2"};
    konane.length = 3;
    konane.rating = 1578;
    konane.theme = "short forcing";
    konane.unique = Uniqueness::Line;
    Puzzle unane;
    unane.id = "odd, \"quoted\" id";
    unane.game = GameKind::Unane;
    unane.board = {3, 4};
    unane.position = "unane BWBW/WBBB/BW.W w swap";
    unane.sideToMove = Color::White;
    unane.solution = {"b3-b2", "a3-a2", "d1-d2"};
    unane.length = 3;
    unane.rating = 2370;
    unane.theme = "";
    unane.unique = Uniqueness::First;
    return {konane, unane};
}

std::vector<Puzzle> readBack(const std::string& text, PuzzleFormat format) {
    std::vector<Puzzle> puzzles;
    for (const PuzzleRecord& record : readPuzzleText(text, format, Variant{})) {
        INFO("line " << record.line << ": " << record.error);
        REQUIRE(record.puzzle);
        puzzles.push_back(*record.puzzle);
    }
    return puzzles;
}

}  // namespace

TEST_CASE("JSON Lines round trip", "[files]") {
    const std::vector<Puzzle> puzzles = samplePuzzles();
    const std::string text = puzzlesToJsonLines(puzzles);
    CHECK(text.rfind(R"({"id":"k4x5-0123456789","game":"konane","variant":"single-jump","board":"4x5",)", 0) == 0);
    CHECK(readBack(text, PuzzleFormat::JsonLines) == puzzles);
}

TEST_CASE("CSV round trip with quoting", "[files]") {
    const std::vector<Puzzle> puzzles = samplePuzzles();
    const std::string text = puzzlesToCsv(puzzles);
    CHECK(text.rfind("id,position,solution,rating,length,unique,theme,game,variant,board,side\n", 0) == 0);
    CHECK(text.find("\"odd, \"\"quoted\"\" id\"") != std::string::npos);
    CHECK(readBack(text, PuzzleFormat::Csv) == puzzles);
}

TEST_CASE("readers report malformed records by line and keep reading", "[files]") {
    const std::string text =
        "{\"position\":\"konane ..WBW/..B.B/W..../.WB.. w\",\"solution\":[\"b1-d1\"],\"unique\":\"line\",\"side\":\"black\"}\n"
        "[1,2]\n"
        "{\"position\":\"konane ..WBW/..B.B/W..../.WB w\",\"solution\":[],\"unique\":\"line\"}\n"
        "{\"position\":\"konane ..WBW/..B.B/W..../.WB.. w\",\"solution\":[\"b1-d1\"],\"unique\":\"all\"}\n"
        "{\"position\":\"konane ..WBW/..B.B/W..../.WB.. w\",\"solution\":[\"b1-d1\"],\"unique\":\"line\",\"board\":\"5x4\"}\n"
        "{\"position\":\"konane ..WBW/..B.B/W..../.WB.. w\",\"solution\":[\"b1-d1\"],\"unique\":\"line\",\"variant\":\"no-pie\"}\n"
        "{\"position\":\"konane ..WBW/..B.B/W..../.WB.. w\",\"solution\":\"b1-d1 d4-b4\",\"unique\":\"first\",\"rating\":\"x\"}\n"
        "{\"position\":\"konane ..WBW/..B.B/W..../.WB.. w\",\"solution\":\"b1-d1 d4-b4\",\"unique\":\"first\"}\n";
    const std::vector<PuzzleRecord> records = readPuzzleText(text, PuzzleFormat::JsonLines, Variant{});
    REQUIRE(records.size() == 8);
    CHECK(records[0].error == "side 'black' does not match the position");
    CHECK(records[1].error == "not a JSON object");
    CHECK_THAT(records[2].error, Catch::StartsWith("position: "));
    CHECK(records[3].error == "unknown uniqueness 'all' (expected first or line)");
    CHECK(records[4].error == "board '5x4' does not match the position (4x5)");
    CHECK_FALSE(records[5].error.empty());
    CHECK(records[6].error == "rating 'x' is not an integer");
    REQUIRE(records[7].puzzle);
    CHECK(records[7].line == 8);
    CHECK(records[7].puzzle->solution == std::vector<std::string>{"b1-d1", "d4-b4"});
    CHECK(records[7].puzzle->id == "line-8");
    CHECK(records[7].puzzle->length == 2);
}

TEST_CASE("puzzle ids are stable and depend on rules and position", "[files]") {
    const std::string position = "konane ..WBW/..B.B/W..../.WB.. w";
    const std::string id = puzzleId(GameKind::Konane, {4, 5}, Variant{}, position);
    CHECK(id.size() == std::string("k4x5-").size() + 10);
    CHECK(id.rfind("k4x5-", 0) == 0);
    CHECK(id == puzzleId(GameKind::Konane, {4, 5}, Variant{}, position));
    CHECK(id != puzzleId(GameKind::Konane, {4, 5}, Variant::parse("single-jump"), position));
}

TEST_CASE("formats are chosen by name and extension", "[files]") {
    CHECK(parsePuzzleFormat("csv") == PuzzleFormat::Csv);
    CHECK_THROWS_AS(parsePuzzleFormat("xml"), std::invalid_argument);
    CHECK(puzzleFormatOfPath("a/b.jsonl") == PuzzleFormat::JsonLines);
    CHECK(puzzleFormatOfPath("b.html") == PuzzleFormat::Html);
    CHECK_FALSE(puzzleFormatOfPath("b.txt").has_value());
}
