// The caller's stop hook (SearchOptions::stopRequested, what Ctrl-C drives): a stopped search
// answers "unknown", a stopped board keeps the lines it proved, and what it proved is right.
// Also the memory estimate the CLI checks against the budget.
#include <catch2/catch.hpp>

#include <cstdint>

#include "rules/game_dispatch.hpp"
#include "solver/board_solution.hpp"

namespace papamu {
namespace {

SearchOptions oneWorker() {
    SearchOptions options;
    options.hashMegabytes = 16;
    return options;
}

}  // namespace

TEST_CASE("a stop requested before the search starts answers unknown at once", "[solver][stop]") {
    const KonaneGame game(BoardGeometry(6, 6));
    for (const int threads : {1, 2}) {
        SearchOptions options = oneWorker();
        options.threads = threads;
        int asked = 0;
        options.stopRequested = [&asked] {
            ++asked;
            return true;
        };
        ProofNumberSearch search(game, options);
        const SearchResult result = search.solve(game.startPosition());
        CHECK_FALSE(result.value.has_value());
        CHECK(result.nodes <= std::uint64_t(threads));  // each worker expands the root, sees the stop
        CHECK(asked >= 1);
    }
}

TEST_CASE("a board stopped half-way keeps the lines it proved, and they are right", "[solver][stop]") {
    const KonaneGame game(BoardGeometry(5, 6));
    // The full solve, counting how often the hook is asked (every few thousand nodes).
    SearchOptions counting = oneWorker();
    std::uint64_t polls = 0;
    counting.stopRequested = [&polls] {
        ++polls;
        return false;
    };
    ProofNumberSearch full(game, counting);
    const BoardSolution complete = BoardSolver(full, 2, SearchLimits{}).solve(game.startPosition());
    REQUIRE(complete.value.has_value());
    REQUIRE(polls >= 8);  // enough work to stop in the middle of

    // The same solve, stopped after half as many polls.
    SearchOptions stopping = oneWorker();
    std::uint64_t asked = 0;
    stopping.stopRequested = [&asked, half = polls / 2] { return ++asked > half; };
    ProofNumberSearch partial(game, stopping);
    const BoardSolution stopped = BoardSolver(partial, 2, SearchLimits{}).solve(game.startPosition());
    CHECK(stopped.nodes < complete.nodes);
    REQUIRE(stopped.lines.size() == complete.lines.size());
    int proven = 0;
    int unknown = 0;
    for (std::size_t index = 0; index < stopped.lines.size(); ++index) {
        const OpeningLine& line = stopped.lines[index];
        REQUIRE(line.moves == complete.lines[index].moves);
        if (!line.complete) continue;
        if (line.value) {
            ++proven;
            CHECK(line.value == complete.lines[index].value);
        } else {
            ++unknown;
        }
    }
    CHECK(proven > 0);
    CHECK(unknown > 0);
}

TEST_CASE("the memory estimate covers the table and grows with the workers", "[solver][memory]") {
    using Search = ProofNumberSearch<KonaneGame>;
    SearchOptions options;
    options.hashMegabytes = 1024;
    const std::uint64_t one = Search::memoryEstimate(options);
    CHECK(one > std::uint64_t{1024} << 20);
    CHECK(one < std::uint64_t{1100} << 20);  // the overhead is small next to a large table
    options.threads = 8;
    CHECK(Search::memoryEstimate(options) > one);
    options.hashMegabytes = ~std::size_t{0};  // absurd sizes saturate instead of wrapping around
    CHECK(Search::memoryEstimate(options) == ~std::uint64_t{0});
}

}  // namespace papamu
