// Puzzles and verification on built tables (--tb): drawn from the tables, checked by search too.
#include <catch2/catch.hpp>

#include "support/command_runner.hpp"
#include "tablebase/temporary_directory.hpp"

using namespace papamu;

TEST_CASE("papamu puzzles --tb draws from tables; the puzzles verify with and without tables", "[puzzles][tables]") {
    testing::TemporaryDirectory tables;
    REQUIRE(testing::runPapamu({"build", "konane", "4x4", "--tb", tables.string()}).exitCode == 0);
    REQUIRE(testing::runPapamu({"build", "unane", "3x4", "--tb", tables.string()}).exitCode == 0);
    for (const auto& [game, board] : {std::pair<std::string, std::string>{"konane", "4x4"}, {"unane", "3x4"}}) {
        INFO(game << " " << board);
        const std::string first = (tables.path() / (game + "-a.jsonl")).string();
        const std::string second = (tables.path() / (game + "-b.jsonl")).string();
        const std::string stats = (tables.path() / (game + "-stats.json")).string();
        for (const std::string& out : {first, second}) {
            const testing::CommandResult made = testing::runPapamu({"puzzles", game, board, "--tb", tables.string(), "--count", "12",
                                                                    "--min-remoteness", "1", "--seed", "9", "--out", out,
                                                                    "--stats", stats});
            REQUIRE(made.exitCode == 0);
        }
        CHECK(testing::fileText(first) == testing::fileText(second));
        CHECK_THAT(testing::fileText(stats), Catch::Contains("\"source\": \"tables\""));
        const testing::CommandResult withTables = testing::runPapamu({"verify", "--puzzles", first, "--tb", tables.string()});
        CHECK(withTables.exitCode == 0);
        CHECK_THAT(withTables.out, Catch::Contains("12 puzzles, 12 valid, 0 invalid"));
        CHECK(testing::runPapamu({"verify", "--puzzles", first}).exitCode == 0);

        const std::string reachable = (tables.path() / (game + "-r.jsonl")).string();
        REQUIRE(testing::runPapamu({"puzzles", game, board, "--tb", tables.string(), "--reachable", "--count", "5",
                                    "--min-remoteness", "1", "--out", reachable, "--stats", stats})
                    .exitCode == 0);
        CHECK_THAT(testing::fileText(stats), Catch::Contains("\"source\": \"playouts\""));
        CHECK(testing::runPapamu({"verify", "--puzzles", reachable, "--tb", tables.string()}).exitCode == 0);
    }
    // A claim checked against the tables, and a board without a table: bad input.
    const testing::CommandResult claim =
        testing::runPapamu({"verify", "konane WBWB/BWBW/WBWB/BWBW b", "a1", "--tb", tables.string()});
    CHECK(claim.exitCode == 1);
    CHECK_THAT(claim.out, Catch::StartsWith("move 1: a1 loses: White wins in"));
    CHECK(testing::runPapamu({"verify", "konane WBWBW/BWBWB/WBWBW/BWBWB b", "a1", "--tb", tables.string()}).exitCode == 2);
}
