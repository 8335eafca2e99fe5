// The table shape as the game's record decides it (where stones stand, colour folding, the pie
// rule), and the floating-point layer sizes behind the memory estimate: equal to the exact
// sizes where those fit, and never wrapped where they do not.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <utility>

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
            CHECK(estimateBuildMemory(index) == index.totalEntries() + 64ULL * 1024 * 1024);
        }
    }
    // Ūnane 8x8: about 3^64 / 2 entries, far beyond 64 bits; the estimate saturates instead.
    const TableIndex huge(GameKind::Unane, BoardGeometry(8, 8));
    long double total = 0;
    for (int layer = 0; layer < huge.layerCount(); ++layer) total += huge.layerSizeEstimate(layer);
    CHECK(total > std::pow(3.0L, 63));
    CHECK(estimateBuildMemory(huge) == std::numeric_limits<std::uint64_t>::max());
}
