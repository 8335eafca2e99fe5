// The published results of RULES.md, reproduced by solving the boards' opening lines.
#include <catch2/catch.hpp>

#include "rules/game_dispatch.hpp"
#include "solver/board_solution.hpp"
#include "solver/memoized_negamax.hpp"

namespace papamu {
namespace {

template <class G>
BoardSolution solveBoard(const G& game, int threads = 1) {
    SearchOptions options;
    options.threads = threads;
    options.hashMegabytes = 32;
    ProofNumberSearch search(game, options);
    BoardSolver solver(search, G::kTraits.openingPlies, SearchLimits{});
    return solver.solve(game.startPosition());
}

}  // namespace

TEST_CASE("Konane 4x4 is won by White, 5x5 by Black, 6x6 by White", "[solver][published]") {
    const BoardSolution small = solveBoard(KonaneGame(BoardGeometry(4, 4)));
    CHECK(small.value == Value::Loss);  // for Black, who moves first
    const BoardSolution middle = solveBoard(KonaneGame(BoardGeometry(5, 5)));
    CHECK(middle.value == Value::Win);
    const BoardSolution large = solveBoard(KonaneGame(BoardGeometry(6, 6)), 2);
    CHECK(large.value == Value::Loss);
    // 6x6: four removals for Black, each with its replies, and every line won by White.
    int removals = 0;
    int refutations = 0;
    for (const OpeningLine& line : large.lines) {
        REQUIRE(line.value.has_value());
        if (line.moves.size() == 1) {
            ++removals;
            CHECK(*line.value == Value::Win);  // White, to move, wins
        } else {
            // Not every reply holds, but the best one does: the removal's value says so above.
            if (*line.value == Value::Loss) ++refutations;
            CHECK_FALSE(line.principalLine.empty());
        }
    }
    CHECK(refutations >= 4);
    CHECK(removals == 4);
    CHECK(large.lines.size() == 16);  // 4 removals + 12 replies (perft 2 = 12)
}

TEST_CASE("Unane 3x4: Black wins without the pie rule, the second player with it", "[solver][published]") {
    const BoardSolution solution = solveBoard(UnaneGame(BoardGeometry(3, 4)));
    CHECK(solution.valueWithoutSwap == Value::Win);
    CHECK(solution.value == Value::Loss);
    const BoardSolution noPie = solveBoard(UnaneGame(BoardGeometry(3, 4), Variant::parse("no-pie")));
    CHECK(noPie.value == Value::Win);
    CHECK(noPie.valueWithoutSwap == Value::Win);
    // 2RC - R - C first moves, each a line of its own.
    CHECK(solution.lines.size() == 2 * 12 - 3 - 4);
    int winningFirstMoves = 0;
    for (const OpeningLine& line : solution.lines) {
        CHECK(line.swapOffered);
        REQUIRE(line.value.has_value());
        if (*line.value == Value::Loss) ++winningFirstMoves;
        CHECK(line.valueWithSwap == Value::Win);
    }
    CHECK(winningFirstMoves >= 1);
}

TEST_CASE("board values agree with the baseline on the start positions, pie rule included", "[solver]") {
    for (const char* size : {"2x4", "3x4", "4x3", "2x6", "4x4"}) {
        for (const char* variant : {"standard", "no-pie"}) {
            const UnaneGame game(BoardGeometry(BoardSize::parse(size).rows, BoardSize::parse(size).columns), Variant::parse(variant));
            INFO(size << " " << variant);
            MemoizedNegamax baseline(game);
            CHECK(solveBoard(game).value == baseline.solve(game.startPosition()));
        }
    }
    for (const char* size : {"3x4", "4x4", "4x5", "3x6"}) {
        const KonaneGame game(BoardGeometry(BoardSize::parse(size).rows, BoardSize::parse(size).columns));
        INFO(size);
        MemoizedNegamax baseline(game);
        CHECK(solveBoard(game).value == baseline.solve(game.startPosition()));
    }
}

}  // namespace papamu
