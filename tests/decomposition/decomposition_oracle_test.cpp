// The decomposition's answers against plain search (memoized negamax) on thousands of random
// jump-phase positions of small boards, both jump variants; and df-pn with the oracle against
// df-pn without it, certificates included.
#include <catch2/catch.hpp>

#include "decomposition/decomposition_oracle.hpp"
#include "decomposition/region_values.hpp"
#include "random_positions.hpp"
#include "solver/memoized_negamax.hpp"
#include "solver/proof_number_search.hpp"

namespace papamu {
namespace {

TEST_CASE("decomposition oracle agrees with plain search on random positions") {
    int answered = 0;
    int losses = 0;
    for (const char* variant : {"standard", "single-jump"}) {
        for (const auto& [rows, columns] : {std::pair{4, 4}, {4, 5}, {5, 5}, {3, 7}, {4, 6}, {2, 9}}) {
            const KonaneGame game(BoardGeometry(rows, columns), Variant::parse(variant));
            const DecompositionOracle oracle(game);
            MemoizedNegamax baseline(game);
            for (const Position& position : testing::randomJumpPhasePositions(game, 600, static_cast<unsigned>(rows * 11 + columns))) {
                const std::optional<Value> value = oracle.probeValue(position);
                if (!value) continue;
                INFO(variant << " " << rows << "x" << columns << " black " << position.black << " white " << position.white
                             << " side " << colorLetter(position.sideToMove));
                REQUIRE(*value == baseline.solve(position));
                ++answered;
                if (*value == Value::Loss) ++losses;
            }
            CHECK(oracle.statistics().answered > 0);
        }
    }
    CHECK(answered > 2000);
    CHECK(losses > 200);
    CHECK(answered - losses > 200);
}

TEST_CASE("decomposition answers stay right when its tables are cleared again and again") {
    const KonaneGame game(BoardGeometry(4, 5));
    DecompositionLimits limits;
    limits.tableForms = 8;
    limits.regionValues = 8;
    const DecompositionOracle oracle(game, limits);
    MemoizedNegamax baseline(game);
    int answered = 0;
    for (const Position& position : testing::randomJumpPhasePositions(game, 400, 99)) {
        const std::optional<Value> value = oracle.probeValue(position);
        if (!value) continue;
        REQUIRE(*value == baseline.solve(position));
        ++answered;
    }
    CHECK(answered > 100);
}

TEST_CASE("equal regions in different places share one value") {
    const KonaneGame game(BoardGeometry(5, 5));
    GameValueTable table;
    RegionValues values(game.variant(), table);
    // B W . on the bottom row, and the same three cells two rows up and one column right.
    const BoardGeometry& geometry = game.geometry();
    const Bitboard low = cellBit(geometry.cellAt(0, 0)) | cellBit(geometry.cellAt(0, 1)) | cellBit(geometry.cellAt(0, 2));
    const RegionBoard first = packRegion(geometry, low, cellBit(0), cellBit(1));
    const RegionBoard second = packRegion(geometry, low << 11, cellBit(11), cellBit(12));
    CHECK(first == second);
    CHECK(first.rows == 1);
    CHECK(first.columns == 3);
    // Black's jump is its only move, and it ends the region: the value is 1.
    const GameValueId one = table.make(std::vector<GameValueId>{GameValueTable::kZero}, {});
    CHECK(values.value(first) == one);
    CHECK(values.size() == 2);
}

TEST_CASE("df-pn with decomposition gives the values of df-pn without it") {
    for (const char* variant : {"standard", "single-jump"}) {
        const KonaneGame game(BoardGeometry(4, 5), Variant::parse(variant));
        SearchOptions options;
        options.hashMegabytes = 8;
        ProofNumberSearch plain(game, options);
        ProofNumberSearch decomposed(game, options, DecompositionOracle(game));
        SearchOptions twoThreads = options;
        twoThreads.threads = 2;  // the workers share the oracle's state
        ProofNumberSearch shared(game, twoThreads, DecompositionOracle(game));
        for (const Position& position : testing::randomJumpPhasePositions(game, 200, 77)) {
            const std::optional<Value> value = plain.solve(position).value;
            CHECK(value == decomposed.solve(position).value);
            CHECK(value == shared.solve(position).value);
        }
        CHECK(plain.solve(game.startPosition()).value == decomposed.solve(game.startPosition()).value);
        CHECK(plain.solve(game.startPosition()).value == shared.solve(game.startPosition()).value);
    }
}

}  // namespace
}  // namespace papamu
