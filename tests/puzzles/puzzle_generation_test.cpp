// Generated puzzles: correct and unique by an independent brute-force search, accepted by the
// checker, and the same for the same seed.
#include <catch2/catch.hpp>
#include <random>

#include "puzzles/brute_force.hpp"
#include "puzzles/outcome_oracle.hpp"
#include "puzzles/position_sources.hpp"
#include "puzzles/puzzle_checker.hpp"
#include "puzzles/puzzle_files.hpp"
#include "puzzles/puzzle_generator.hpp"
#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"
#include "support/command_runner.hpp"

using namespace papamu;

namespace {

PuzzleRun makePuzzles(GameKind kind, BoardSize size, Uniqueness uniqueness, int count, std::uint64_t seed,
                      int maxStones = 64) {
    return visitGame(kind, size, Variant{}, [&](const auto& game) {
        using Rules = std::decay_t<decltype(game)>;
        SearchOracle<Rules> oracle(game);
        PlayoutSource<Rules> source(game, maxStones);
        std::mt19937_64 random(seed);
        PuzzleOptions options;
        options.count = count;
        options.uniqueness = uniqueness;
        options.minRemoteness = 1;
        return generatePuzzles(game, oracle, source, random, options);
    });
}

// Checks a puzzle with the brute-force search: the winner's moves of the solution are the only
// winning moves where the puzzle says so, every claimed move wins, and the line ends the game
// with the claimant the winner.
void checkWithBruteForce(const Puzzle& puzzle) {
    INFO(puzzle.position << " " << puzzle.solution.size() << " moves, unique " << uniquenessName(puzzle.unique));
    const PositionText parsed = parsePosition(puzzle.position);
    visitGame(parsed.game, parsed.size, puzzle.variant, [&](const auto& game) {
        reference::Rules rules;
        rules.unane = parsed.game == GameKind::Unane;
        testing::BruteForce brute(rules);
        Position position = parsed.position;
        reference::Board board = reference::fromPosition(position, parsed.size.rows, parsed.size.columns);
        REQUIRE(reference::moves(board, rules).size() >= 3);
        REQUIRE(brute.wins(board));
        for (std::size_t ply = 0; ply < puzzle.solution.size(); ++ply) {
            const Move move = parseLegalMove(game, position, puzzle.solution[ply]);
            if (ply % 2 == 0) {
                const auto winning = brute.winningMoves(board);
                const bool mustBeOnly = puzzle.unique == Uniqueness::Line || ply == 0;
                if (mustBeOnly) REQUIRE(winning.size() == 1);
                REQUIRE(std::find(winning.begin(), winning.end(), reference::asPair(move)) != winning.end());
            }
            board = brute.after(board, reference::asPair(move));
            position = game.applyMove(position, move);
        }
        // The game is over and the claimant has won (in Ūnane a loser's move can end the game).
        REQUIRE(reference::moves(board, rules).empty());
        REQUIRE(brute.wins(board) == (puzzle.solution.size() % 2 == 0));
    });
}

}  // namespace

TEST_CASE("generated puzzles are unique by brute force and pass the checker", "[puzzles]") {
    struct Board {
        GameKind kind;
        BoardSize size;
    };
    const std::vector<Board> boards{{GameKind::Konane, {4, 4}}, {GameKind::Konane, {3, 5}}, {GameKind::Konane, {4, 5}},
                                    {GameKind::Unane, {3, 4}},  {GameKind::Unane, {4, 4}}};
    PuzzleChecker checker;
    for (const Board& board : boards) {
        for (const Uniqueness uniqueness : {Uniqueness::First, Uniqueness::Line}) {
            // Ūnane 4x4 from the full board takes seconds of search: draw from 12 stones down.
            const bool large = board.kind == GameKind::Unane && board.size.rows == 4;
            const PuzzleRun run = makePuzzles(board.kind, board.size, uniqueness, 12, 7, large ? 12 : 64);
            INFO(gameName(board.kind) << " " << board.size.name() << " unique " << uniquenessName(uniqueness));
            REQUIRE(run.puzzles.size() >= 4);  // every board here has puzzles of both kinds
            for (const Puzzle& puzzle : run.puzzles) {
                CHECK(puzzle.unique == uniqueness);
                CHECK(puzzle.length == static_cast<int>(puzzle.solution.size()));
                CHECK(puzzle.rating >= 1000);
                CHECK_FALSE(checker.checkPuzzle(puzzle).has_value());
                checkWithBruteForce(puzzle);
            }
        }
    }
}

TEST_CASE("generated puzzles are distinct up to symmetry", "[puzzles]") {
    const PuzzleRun run = makePuzzles(GameKind::Konane, {4, 4}, Uniqueness::First, 40, 3);
    const KonaneGame game(BoardGeometry(4, 4));
    const BoardSymmetries symmetries(game.geometry());
    std::vector<Position> canonical;
    for (const Puzzle& puzzle : run.puzzles) {
        const Position position = parsePosition(puzzle.position).position;
        const Position form = symmetries.canonical(position, game.symmetryPermission(position));
        CHECK(std::find(canonical.begin(), canonical.end(), form) == canonical.end());
        canonical.push_back(form);
    }
    CHECK(canonical.size() >= 10);
}

TEST_CASE("a line-unique puzzle set is also first-unique, and a first-unique one need not be line-unique", "[puzzles]") {
    PuzzleChecker checker;
    const PuzzleRun line = makePuzzles(GameKind::Konane, {4, 5}, Uniqueness::Line, 15, 11);
    for (Puzzle puzzle : line.puzzles) {
        puzzle.unique = Uniqueness::First;
        CHECK_FALSE(checker.checkPuzzle(puzzle).has_value());
    }
    const PuzzleRun first = makePuzzles(GameKind::Konane, {4, 5}, Uniqueness::First, 30, 11);
    int notLineUnique = 0;
    for (Puzzle puzzle : first.puzzles) {
        puzzle.unique = Uniqueness::Line;
        if (const auto problem = checker.checkPuzzle(puzzle)) {
            CHECK_THAT(*problem, Catch::Contains("is not the only winning move"));
            ++notLineUnique;
        }
    }
    CHECK(notLineUnique > 0);
}

TEST_CASE("puzzles respect the remoteness range", "[puzzles]") {
    visitGame(GameKind::Konane, {4, 5}, Variant{}, [](const auto& game) {
        using Rules = std::decay_t<decltype(game)>;
        SearchOracle<Rules> oracle(game);
        PlayoutSource<Rules> source(game, 64);
        std::mt19937_64 random(5);
        PuzzleOptions options;
        options.count = 10;
        options.minRemoteness = 5;
        options.maxRemoteness = 7;
        const PuzzleRun run = generatePuzzles(game, oracle, source, random, options);
        REQUIRE(run.puzzles.size() == 10);
        for (const Puzzle& puzzle : run.puzzles) {
            CHECK(puzzle.length >= 5);
            CHECK(puzzle.length <= 7);
        }
    });
}

TEST_CASE("papamu puzzles: same seed gives the same bytes, another seed other puzzles", "[puzzles][cli]") {
    const std::string first = testing::temporaryFile("puzzles-a") + ".jsonl";
    const std::string second = testing::temporaryFile("puzzles-b") + ".jsonl";
    const std::string third = testing::temporaryFile("puzzles-c") + ".jsonl";
    const auto make = [](const std::string& out, const std::string& seed) {
        return testing::runPapamu({"puzzles", "konane", "4x5", "--count", "15", "--seed", seed, "--out", out});
    };
    REQUIRE(make(first, "42").exitCode == 0);
    REQUIRE(make(second, "42").exitCode == 0);
    REQUIRE(make(third, "43").exitCode == 0);
    const std::string text = testing::fileText(first);
    CHECK(std::count(text.begin(), text.end(), '\n') == 15);
    CHECK(text == testing::fileText(second));
    CHECK(text != testing::fileText(third));
    const testing::CommandResult verified = testing::runPapamu({"verify", "--puzzles", first});
    CHECK(verified.exitCode == 0);
    CHECK_THAT(verified.out, Catch::Contains("15 puzzles, 15 valid, 0 invalid"));
    for (const std::string& path : {first, second, third}) std::remove(path.c_str());
}

TEST_CASE("papamu puzzles writes CSV and HTML that verify and print", "[puzzles][cli]") {
    const std::string csv = testing::temporaryFile("puzzles") + ".csv";
    const std::string html = testing::temporaryFile("puzzles") + ".html";
    REQUIRE(testing::runPapamu({"puzzles", "unane", "3x4", "--count", "8", "--unique", "first", "--min-remoteness", "1", "--out", csv}).exitCode == 0);
    CHECK(testing::fileText(csv).rfind("id,position,solution,rating,", 0) == 0);
    CHECK(testing::runPapamu({"verify", "--puzzles", csv}).exitCode == 0);
    REQUIRE(testing::runPapamu({"puzzles", "konane", "4x4", "--count", "5", "--min-remoteness", "1", "--out", html}).exitCode == 0);
    const std::string sheet = testing::fileText(html);
    CHECK(std::count(sheet.begin(), sheet.end(), '\n') > 10);
    CHECK_THAT(sheet, Catch::Contains("<svg"));
    CHECK_THAT(sheet, Catch::Contains("to play and win"));
    CHECK_THAT(sheet, Catch::Contains("page-break-before: always"));
    CHECK_THAT(sheet, Catch::Contains("Answers"));
    std::remove(csv.c_str());
    std::remove(html.c_str());
}

TEST_CASE("papamu puzzles rejects bad options with exit 2", "[puzzles][cli]") {
    CHECK(testing::runPapamu({"puzzles", "konane", "4x5", "--count", "3"}).exitCode == 2);
    CHECK(testing::runPapamu({"puzzles", "konane", "4x5", "--count", "3", "--out", "/tmp/x.jsonl", "--unique", "both"}).exitCode == 2);
    CHECK(testing::runPapamu({"puzzles", "unane", "3x3", "--count", "3", "--out", "/tmp/x.jsonl"}).exitCode == 2);
}
