// df-pn against the memoized negamax baseline and the exact OutcomeSearch, on start positions and
// random positions of several boards, both games, every variant; table size and threads must not
// change a value.
#include <catch2/catch.hpp>
#include <random>
#include <vector>

#include "rules/game_dispatch.hpp"
#include "solver/memoized_negamax.hpp"
#include "solver/outcome_search.hpp"
#include "solver/proof_number_search.hpp"
#include "support/rules_test_helpers.hpp"

namespace papamu {
namespace {

// Positions reached by random legal moves from the start, some of them finished.
template <class G>
std::vector<Position> randomPositions(const G& game, int count, int maxPlies, unsigned seed) {
    std::mt19937 random(seed);
    std::vector<Position> positions;
    while (static_cast<int>(positions.size()) < count) {
        Position position = game.startPosition();
        const int plies = static_cast<int>(random() % static_cast<unsigned>(maxPlies + 1));
        for (int ply = 0; ply < plies; ++ply) {
            MoveList moves;
            game.generateMoves(position, moves);
            if (moves.empty()) break;
            position = game.applyMove(position, moves[static_cast<int>(random() % static_cast<unsigned>(moves.size()))]);
        }
        positions.push_back(position);
    }
    return positions;
}

SearchOptions withThreads(int threads, std::size_t megabytes) {
    SearchOptions options;
    options.threads = threads;
    options.hashMegabytes = megabytes;
    return options;
}

struct Board {
    GameKind kind;
    int rows;
    int columns;
    const char* variant;
};

// Small enough for the baseline to solve the start in well under a second.
const std::vector<Board> kBoards{
    {GameKind::Konane, 1, 6, "standard"},   {GameKind::Konane, 2, 5, "standard"},
    {GameKind::Konane, 3, 3, "standard"},   {GameKind::Konane, 3, 4, "standard"},
    {GameKind::Konane, 4, 4, "standard"},   {GameKind::Konane, 3, 5, "single-jump"},
    {GameKind::Konane, 4, 4, "open-any"},   {GameKind::Konane, 4, 4, "single-jump+open-any"},
    {GameKind::Konane, 4, 5, "standard"},   {GameKind::Unane, 2, 2, "standard"},
    {GameKind::Unane, 2, 3, "no-pie"},      {GameKind::Unane, 2, 4, "standard"},
    {GameKind::Unane, 3, 4, "no-pie"},      {GameKind::Unane, 3, 4, "standard"},
    {GameKind::Unane, 2, 6, "no-pie"},      {GameKind::Unane, 4, 3, "standard"},
};

}  // namespace

TEST_CASE("df-pn agrees with the baseline and OutcomeSearch on start and random positions", "[solver]") {
    for (const Board& board : kBoards) {
        visitGame(board.kind, BoardSize{board.rows, board.columns}, Variant::parse(board.variant), [&](const auto& game) {
            INFO(gameName(board.kind) << " " << board.rows << "x" << board.columns << " " << board.variant);
            ProofNumberSearch search(game, withThreads(1, 4));
            MemoizedNegamax baseline(game);
            OutcomeSearch reference(game);
            std::vector<Position> positions{game.startPosition()};
            for (const Position& position : randomPositions(game, 40, game.geometry().cellCount(), 7U)) {
                positions.push_back(position);
            }
            for (const Position& position : positions) {
                const SearchResult result = search.solve(position);
                REQUIRE(result.value.has_value());
                CHECK(*result.value == baseline.solve(position));
                CHECK(*result.value == reference.solve(position).value);
            }
        });
    }
}

TEST_CASE("a one-bucket table and two or four threads give the same values", "[solver]") {
    for (const Board& board : kBoards) {
        visitGame(board.kind, BoardSize{board.rows, board.columns}, Variant::parse(board.variant), [&](const auto& game) {
            INFO(gameName(board.kind) << " " << board.rows << "x" << board.columns << " " << board.variant);
            // 0 MB rounds up to a single bucket of four entries: almost every entry is overwritten.
            ProofNumberSearch tiny(game, withThreads(1, 0));
            ProofNumberSearch parallel(game, withThreads(2, 4));
            ProofNumberSearch parallelFour(game, withThreads(4, 4));
            MemoizedNegamax baseline(game);
            std::vector<Position> positions{game.startPosition()};
            for (const Position& position : randomPositions(game, 15, game.geometry().cellCount(), 11U)) {
                positions.push_back(position);
            }
            for (const Position& position : positions) {
                const Value expected = baseline.solve(position);
                CHECK(tiny.solve(position).value == expected);
                CHECK(parallel.solve(position).value == expected);
                CHECK(parallelFour.solve(position).value == expected);
            }
        });
    }
}

TEST_CASE("winning moves are exactly the moves to lost positions", "[solver]") {
    const KonaneGame game(BoardGeometry(4, 5));
    ProofNumberSearch search(game, withThreads(1, 4));
    MemoizedNegamax baseline(game);
    for (const Position& position : randomPositions(game, 30, 12, 5U)) {
        const auto winning = search.winningMoves(position, true);
        REQUIRE(winning.has_value());
        MoveList moves;
        game.generateMoves(position, moves);
        std::vector<Move> expected;
        for (const Move move : moves) {
            if (baseline.solve(game.applyMove(position, move)) == Value::Loss) expected.push_back(move);
        }
        CHECK(*winning == expected);
    }
}

TEST_CASE("a node limit stops the search with no value", "[solver]") {
    const KonaneGame game(BoardGeometry(6, 6));
    SearchOptions options = withThreads(1, 4);
    options.limits.nodes = 2000;
    ProofNumberSearch search(game, options);
    const SearchResult result = search.solve(game.startPosition());
    CHECK_FALSE(result.value.has_value());
    CHECK(result.nodes >= 2000);
    CHECK(result.nodes < 10000);
    // Where it stopped: neither number is 0 (no proof) and both are past the untouched (1, 1).
    REQUIRE(result.rootNumbers.has_value());
    CHECK(result.rootNumbers->proof > 1);
    CHECK(result.rootNumbers->disproof > 1);
    CHECK_FALSE(result.rootNumbers->proven());
    // The same board's openings as jobs stop with numbers too; a finished search reports none.
    const std::vector<SearchResult> lines = search.solveAll({game.startPosition()});
    CHECK(lines.front().rootNumbers.has_value());
    ProofNumberSearch unlimited(KonaneGame(BoardGeometry(4, 4)), withThreads(1, 4));
    CHECK_FALSE(unlimited.solve(KonaneGame(BoardGeometry(4, 4)).startPosition()).rootNumbers.has_value());
}

}  // namespace papamu

namespace papamu {

// Tables far smaller than the search fill up, replace and sweep (garbage collection); values must
// not change, in either entry layout. 128 KB holds 4096 wide entries (the least number that
// sweeps) or 8192 narrow ones; these searches need more.
TEST_CASE("tiny tables that sweep give the values of a big table and of the baseline", "[solver]") {
    const EntryLayout layout = GENERATE(EntryLayout::Wide, EntryLayout::Narrow);
    const std::vector<Board> boards{{GameKind::Konane, 5, 5, "standard"},
                                    {GameKind::Konane, 4, 6, "standard"},
                                    {GameKind::Unane, 3, 4, "standard"},
                                    {GameKind::Unane, 4, 4, "no-pie"}};
    std::uint64_t sweeps = 0;
    for (const Board& board : boards) {
        visitGame(board.kind, BoardSize{board.rows, board.columns}, Variant::parse(board.variant), [&](const auto& game) {
            INFO(gameName(board.kind) << " " << board.rows << "x" << board.columns << " " << board.variant);
            SearchOptions tinyOptions = withThreads(1, 0);
            tinyOptions.tableBytes = 128 << 10;
            tinyOptions.entryLayout = layout;
            ProofNumberSearch tiny(game, tinyOptions);
            ProofNumberSearch big(game, withThreads(1, 16));
            MemoizedNegamax baseline(game);
            std::vector<Position> positions{game.startPosition()};
            for (const Position& position : randomPositions(game, 20, game.geometry().cellCount() / 2, 13U)) {
                positions.push_back(position);
            }
            for (const Position& position : positions) {
                const Value expected = baseline.solve(position);
                const SearchResult small = tiny.solve(position);
                REQUIRE(small.value.has_value());
                CHECK(*small.value == expected);
                CHECK(big.solve(position).value == expected);
                CHECK(small.tableUsed <= small.tableCapacity);
            }
            sweeps += tiny.table().collections();
        });
    }
    CHECK(sweeps > 0);  // the test really exercised garbage collection
}

TEST_CASE("two workers grow their shared table as they fill it, one search and several jobs", "[solver][parallel]") {
    const KonaneGame game(BoardGeometry(6, 6));
    // The Kōnane 6x6 start (a loss for Black): 380-410 k entries at 2 threads, well past half of
    // the table's 16 MB start (262 k entries), so the workers must meet to grow it. (Its hardest
    // opening line alone, 290-340 k, came too near that line to be sure of it.)
    ProofNumberSearch one(game, withThreads(2, 64));
    const std::size_t start = one.table().currentCapacity();
    REQUIRE(start < one.table().capacity());
    CHECK(one.solve(game.startPosition()).value == Value::Loss);
    CHECK(one.table().currentCapacity() > start);
    CHECK(one.table().used() <= one.table().currentCapacity());
    // The positions after each of Black's openings, as jobs (solveAll): White wins them all
    // (Kōnane 6x6 is a second-player win).
    std::vector<Position> afterOpening;
    MoveList openings;
    game.generateMoves(game.startPosition(), openings);
    for (const Move opening : openings) afterOpening.push_back(game.applyMove(game.startPosition(), opening));
    ProofNumberSearch jobs(game, withThreads(2, 64));
    for (const SearchResult& result : jobs.solveAll(afterOpening)) CHECK(result.value == Value::Win);
    CHECK(jobs.table().currentCapacity() > start);
}

}  // namespace papamu
