// Micro-benchmarks: df-pn against the memoized negamax baseline on the same start positions,
// and the transposition table's lookup. Run: build/bench/solver_benchmark [--benchmark_filter=RE]
#include <benchmark/benchmark.h>

#include "rules/game_dispatch.hpp"
#include "solver/memoized_negamax.hpp"
#include "solver/proof_number_search.hpp"

namespace papamu {
namespace {

struct BoardCase {
    GameKind kind;
    int rows;
    int columns;
    const char* variant;
};

// Small boards, each solved within a second by both provers.
constexpr BoardCase kCases[] = {
    {GameKind::Konane, 4, 5, "standard"}, {GameKind::Konane, 5, 5, "standard"},
    {GameKind::Konane, 5, 6, "standard"}, {GameKind::Unane, 3, 4, "no-pie"},
    {GameKind::Unane, 4, 4, "no-pie"},    {GameKind::Unane, 3, 6, "no-pie"},
};

std::string caseName(const BoardCase& board) {
    return std::string(gameName(board.kind)) + "/" + std::to_string(board.rows) + "x" + std::to_string(board.columns) + "/" +
           board.variant;
}

void proofNumberSearch(benchmark::State& state, BoardCase board, int threads) {
    visitGame(board.kind, BoardSize{board.rows, board.columns}, Variant::parse(board.variant), [&](const auto& game) {
        std::uint64_t nodes = 0;
        for (auto _ : state) {
            SearchOptions options;
            options.threads = threads;
            options.hashMegabytes = 64;
            ProofNumberSearch search(game, options);
            const SearchResult result = search.solve(game.startPosition());
            benchmark::DoNotOptimize(result.value);
            nodes += result.nodes;
        }
        state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
        state.counters["nodes"] = static_cast<double>(nodes) / static_cast<double>(state.iterations());
    });
}

void memoizedNegamax(benchmark::State& state, BoardCase board) {
    visitGame(board.kind, BoardSize{board.rows, board.columns}, Variant::parse(board.variant), [&](const auto& game) {
        std::uint64_t nodes = 0;
        for (auto _ : state) {
            MemoizedNegamax baseline(game);
            benchmark::DoNotOptimize(baseline.solve(game.startPosition()));
            nodes += baseline.nodes();
        }
        state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
        state.counters["nodes"] = static_cast<double>(nodes) / static_cast<double>(state.iterations());
    });
}

void tableLookup(benchmark::State& state) {
    ProofTable table(64, false);
    std::uint64_t key = 0x9E3779B97F4A7C15ULL;
    for (int index = 0; index < 1000000; ++index) {
        key = key * 6364136223846793005ULL + 1442695040888963407ULL;
        table.store(Position{key, ~key, Color::Black, false}, ProofPair{1, 2}, 1);
    }
    for (auto _ : state) {
        key = key * 6364136223846793005ULL + 1442695040888963407ULL;
        ProofTable::Found found;
        benchmark::DoNotOptimize(table.lookup(Position{key, ~key, Color::Black, false}, found));
    }
}

const bool kRegistered = [] {
    for (const BoardCase& board : kCases) {
        benchmark::RegisterBenchmark(("dfpn/" + caseName(board) + "/threads:1").c_str(), proofNumberSearch, board, 1)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
        benchmark::RegisterBenchmark(("dfpn/" + caseName(board) + "/threads:2").c_str(), proofNumberSearch, board, 2)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
        benchmark::RegisterBenchmark(("negamax/" + caseName(board)).c_str(), memoizedNegamax, board)
            ->Unit(benchmark::kMillisecond);
    }
    benchmark::RegisterBenchmark("table/lookup", tableLookup);
    return true;
}();

}  // namespace
}  // namespace papamu

BENCHMARK_MAIN();
