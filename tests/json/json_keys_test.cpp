// json/: the shared keys, round trips, and the board summary read off a real solve.
#include <catch2/catch.hpp>

#include "json/board_summary_json.hpp"
#include "json/game_json.hpp"
#include "json/puzzle_json.hpp"
#include "rules/game_dispatch.hpp"
#include "solver/board_solution.hpp"

using namespace papamu;

TEST_CASE("values are win, loss or unknown, never none", "[json]") {
    CHECK(valueText(Value::Win) == "win");
    CHECK(valueText(Value::Loss) == "loss");
    CHECK(valueText(std::nullopt) == "unknown");
    CHECK(valueFromText("unknown") == std::nullopt);
    CHECK(valueFromText("loss") == Value::Loss);
    CHECK_THROWS_WITH(valueFromText("none"), Catch::Contains("'none'"));
}

TEST_CASE("a position round-trips with its game, board, variant and side", "[json]") {
    const PositionInGame original = positionFromJson(nlohmann::json("unane BWBW/WBWB/BW.W w swap"));
    const nlohmann::ordered_json json = original;
    CHECK(json.dump() ==
          R"({"position":"unane BWBW/WBWB/BW.W w swap","game":"unane","board":"3x4","variant":"standard","side":"white"})");
    const PositionInGame back = nlohmann::json::parse(json.dump()).get<PositionInGame>();
    CHECK(back.position == original.position);
    CHECK(back.size == original.size);
    // Keys that contradict the position name themselves; positions are checked against the rules.
    CHECK_THROWS_WITH(positionFromJson(nlohmann::json{{"position", "konane WBWB/BWBW b"}, {"board", "3x3"}}),
                      Catch::Contains("board '3x3'"));
    CHECK_THROWS_WITH(positionFromJson(nlohmann::json{{"board", "3x3"}}), Catch::Contains("missing key 'position'"));
    CHECK_THROWS_AS(positionFromJson(nlohmann::json("konane WBWB/BWBW b"), Variant::parse("no-pie")), std::invalid_argument);
}

TEST_CASE("an outcome round-trips and a move is rated for its mover", "[json]") {
    const Outcome outcome{Value::Win, 7};
    const nlohmann::json json = outcome;
    CHECK(json == nlohmann::json{{"value", "win"}, {"remoteness", 7}});
    CHECK(json.get<Outcome>() == outcome);
    CHECK_THROWS_WITH(outcomeFromJson(nlohmann::json{{"value", "win"}, {"remoteness", -1}}), Catch::Contains("remoteness"));
    const BoardGeometry geometry(4, 4);
    const Move removal = Move::removal(0);
    CHECK(ratedMoveJson(geometry, removal, Value::Loss, 3).dump() == R"({"move":"a1","result_for_mover":"loss","remoteness":3})");
}

TEST_CASE("a puzzle round-trips through its JSON record", "[json]") {
    Puzzle puzzle;
    puzzle.game = GameKind::Konane;
    puzzle.board = BoardSize{4, 4};
    puzzle.position = "konane WBWB/BWBW/WBWB/.WBW w";
    puzzle.sideToMove = Color::White;
    puzzle.solution = {"b1"};
    puzzle.length = 1;
    puzzle.id = "k4x4-test";
    const nlohmann::json json = puzzle;
    CHECK(json["solution"] == nlohmann::json::array({"b1"}));
    CHECK(json["side"] == "white");
    CHECK(json.get<Puzzle>() == puzzle);
}

TEST_CASE("the board summary of Ūnane 3x4: the second player wins with the pie, Black without", "[json][solver]") {
    const UnaneGame game(BoardGeometry(3, 4), Variant{});
    SearchOptions options;
    options.hashMegabytes = 8;
    ProofNumberSearch search(game, options);
    BoardSolver solver(search, 1, SearchLimits{});
    const BoardSummary summary = summarizeBoard(solver.solve(game.startPosition()), game.startPosition());
    CHECK(summary.complete());
    CHECK(summary.pieRule);
    CHECK(summary.winner == Color::White);
    CHECK(summary.winnerWithoutPie == Color::Black);
    CHECK(summary.unknownFirstMoves.empty());
    REQUIRE(summary.winningFirstMoves.size() == 1);  // b2-c2
    const nlohmann::ordered_json json = boardSummaryJson(summary, GameKind::Unane, game.geometry(), game.variant());
    CHECK(json["winning_first_moves"] == nlohmann::json::array({"b2-c2"}));
    for (const auto& line : json["lines"]) {
        // A line's value is for the side to move after it: White, who answers by replying where it wins.
        CHECK(line["position"].get<std::string>().back() == 'w');
        CHECK((line["value"] == "win") == (line["white_answer"] == "reply"));
    }
}

TEST_CASE("a node limit leaves first moves unknown, never lost", "[json][solver]") {
    const UnaneGame game(BoardGeometry(4, 4), Variant::parse("no-pie"));  // 42 k nodes: far beyond the limit
    SearchOptions options;
    options.hashMegabytes = 8;
    ProofNumberSearch search(game, options);
    SearchLimits limits;
    limits.nodes = 100;
    BoardSolver solver(search, 1, limits);
    const BoardSummary summary = summarizeBoard(solver.solve(game.startPosition()), game.startPosition());
    CHECK_FALSE(summary.complete());
    CHECK_FALSE(summary.unknownFirstMoves.empty());
    const nlohmann::ordered_json json = boardSummaryJson(summary, GameKind::Unane, game.geometry(), game.variant());
    CHECK(json["complete"] == false);
    CHECK(json["unknown_first_moves"].size() == summary.unknownFirstMoves.size());
}
