// The table shape as the game's record decides it (where stones stand, colour folding, the pie
// rule), and the floating-point layer sizes behind the memory estimate: equal to the exact
// sizes where those fit, and never wrapped where they do not.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <utility>

#include "rules/game_dispatch.hpp"
#include "rules/game_list.hpp"
#include "tablebase/table_build.hpp"
#include "tablebase/table_index.hpp"

using namespace papamu;

TEST_CASE("the index scheme follows where the game's stones can stand", "[index][traits]") {
    CHECK(indexSchemeOf(GameKind::Konane) == IndexScheme::KonaneHomeSubsets);
    CHECK(indexSchemeOf(GameKind::Unane) == IndexScheme::UnaneThreeState);
    for (const GameTraits& game : allGames()) {
        const TableIndex index(game.kind, BoardGeometry(4, 4));
        CHECK(index.scheme() == indexSchemeOf(game.kind));
        CHECK(index.fullStones() == 16);
        CHECK(index.colourFolded() == game.coloursAlike);
        // With a pie rule the full board keeps both sides to move; every other layer is folded.
        for (int layer = 0; layer < index.layerCount(); ++layer) {
            const bool fullBoard = index.layerStones(layer) == 16;
            CHECK(index.layerFolded(layer) == !(fullBoard && game.pieRule));
        }
    }
}

TEST_CASE("layer size estimates equal the exact sizes, and do not wrap on boards too big to build", "[index][memory]") {
    for (const GameTraits& game : allGames()) {
        for (const auto& [rows, columns] : {std::pair{3, 4}, std::pair{4, 5}, std::pair{3, 5}}) {
            const TableIndex index(game.kind, BoardGeometry(rows, columns));
            long double total = 0;
            for (int layer = 0; layer < index.layerCount(); ++layer) {
                CHECK(index.layerSizeEstimate(layer) == static_cast<long double>(index.layerSize(layer)));
                total += index.layerSizeEstimate(layer);
            }
            CHECK(total == static_cast<long double>(index.totalEntries()));
            if (game.kind == GameKind::Unane && rows * columns % 2 == 1) {  // the rules refuse the board
                CHECK_THROWS_AS(estimateBuildMemory(index, Variant{}), std::invalid_argument);
                continue;
            }
            // At least every layer with the layers it reads, at most every layer at once.
            const std::uint64_t estimate = visitGame(game.kind, BoardSize{rows, columns}, Variant{}, [&](const auto& rules) {
                const std::uint64_t bound = estimateBuildMemory(index, Variant{});
                for (int layer = 0; layer < index.layerCount(); ++layer) {
                    std::uint64_t working = index.layerSize(layer) + 64ULL * 1024 * 1024;
                    for (const int read : index.childLayers(layer, rules.mostStonesRemoved(index.layerStones(layer)))) working += index.layerSize(read);
                    CHECK(bound >= working);
                }
                return bound;
            });
            CHECK(estimate < 3 * index.totalEntries() + 64ULL * 1024 * 1024);
        }
    }
    // Ūnane 8x8: about 3^64 / 2 entries, far beyond 64 bits; the estimate saturates instead.
    const TableIndex huge(GameKind::Unane, BoardGeometry(8, 8));
    long double total = 0;
    for (int layer = 0; layer < huge.layerCount(); ++layer) total += huge.layerSizeEstimate(layer);
    CHECK(total > std::pow(3.0L, 63));
    CHECK(estimateBuildMemory(huge, Variant{}) == std::numeric_limits<std::uint64_t>::max());
}

TEST_CASE("the memory estimate of Kōnane 6x6 is its largest layer with the two it reads", "[index][memory]") {
    // Every layer is folded (Black to move, 18 home cells a side). Layer (9, 10) has
    // C(18,9) C(18,10) = 2,127,513,960 entries; its children, Black having jumped one or two white
    // stones, are (9, 9) and (9, 8) with White to move, read as layers (9, 9) (2,363,904,400) and
    // (8, 9) (2,127,513,960): 6,618,932,320 bytes, the most of any layer. Besides: 64 MiB and the
    // writer's bound for the largest layer, (9, 9): 2,363,904,400 (1.5 + 13 / 256) + 4096.
    const TableIndex index(GameKind::Konane, BoardGeometry(6, 6));
    const long double writer = 2363904400.0L * (1.5L + 13.0L / 256) + 4096;
    CHECK(estimateBuildMemory(index, Variant{}) == static_cast<std::uint64_t>(67108864.0L + 6618932320.0L + writer));
    CHECK(estimateBuildMemory(index, Variant{}) < 20ULL * 1000 * 1000 * 1000);  // `--memory 20G` accepts it
}
