// Inputs found by fuzz/puzzle_file_fuzzer.cpp, kept as tests so the bugs stay fixed.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "puzzles/puzzle_files.hpp"

using namespace papamu;

// Fuzz finding (uncaught nlohmann::json::type_error 316): a CSV puzzle whose last move had a
// byte that is not UTF-8 ("a3-a\xc5") was accepted as a puzzle, and writing it as JSON Lines
// then threw. A reader must not accept a puzzle that the writers cannot write.
TEST_CASE("a CSV puzzle with a malformed move is refused by its line, or writes back", "[fuzz][puzzles]") {
    const std::string csv =
        "id,position,moves,rating,length,unique,theme,game,variant,board,side\n"
        "k5x6-62bd581c03,konane B.BW../W....B/B..W../W....B/BW.WBW b,c5-e5 f1-f3 f4-f2 d1-f1 a1-c1 f1-f3 a3-a\xc5,"
        "2108,7,line,long,konane,standard,5x6,black\n";
    const std::vector<PuzzleRecord> records = readPuzzleText(csv, PuzzleFormat::Csv, Variant{});
    REQUIRE(records.size() == 1);
    CHECK(records[0].line == 2);
    if (records[0].puzzle) {
        std::string line;
        CHECK_NOTHROW(line = puzzleJsonLine(*records[0].puzzle));
        const std::vector<PuzzleRecord> again = readPuzzleText(line, PuzzleFormat::JsonLines, Variant{});
        REQUIRE(again.size() == 1);
        CHECK(again[0].puzzle == records[0].puzzle);
    } else {
        CHECK_FALSE(records[0].error.empty());
    }
}

// Fuzz finding (uncaught nlohmann::json::type_error 316): a byte that is not UTF-8 in a CSV
// column other than the moves (here the theme) reached the JSON writer.
TEST_CASE("a CSV puzzle with a column that is not UTF-8 text is refused by its line", "[fuzz][puzzles]") {
    const std::string csv =
        "id,position,moves,rating,length,unique,theme,game,variant,board,side\n"
        "k5x6-62bd581c03,konane B.BW../W....B/B..W../W....B/BW.WBW b,c5-e5 f1-f3 f4-f2 d1-f1 a1-c1 f1-f3 a3-a1,"
        "2108,7,line,lon\xff\xeb,konane,standard,5x6,black\n";
    const std::vector<PuzzleRecord> records = readPuzzleText(csv, PuzzleFormat::Csv, Variant{});
    REQUIRE(records.size() == 1);
    CHECK_FALSE(records[0].puzzle.has_value());
    CHECK(records[0].error == "column theme is not valid UTF-8 text");
}

// Fuzz finding (uncaught nlohmann::json::out_of_range 406): a JSON Lines record with a number
// too large for any type ("7e54795") escaped the reader instead of being reported for its line.
TEST_CASE("a JSON Lines puzzle with an overflowing number is refused by its line", "[fuzz][puzzles]") {
    const std::string jsonl = "{\"id\":\"x\",\"rating\":7e54795}\n";
    const std::vector<PuzzleRecord> records = readPuzzleText(jsonl, PuzzleFormat::JsonLines, Variant{});
    REQUIRE(records.size() == 1);
    CHECK_FALSE(records[0].puzzle.has_value());
    CHECK(records[0].error.find("not valid JSON") != std::string::npos);
}
