// Built tables agree position by position with a plain memoized search over the reference rules
// of tests/support (cell by cell, no bitboards), for several boards of both games and every variant.
#include <catch2/catch.hpp>
#include <vector>

#include "rules/game_dispatch.hpp"
#include "solver/outcome_search.hpp"
#include "tablebase/table_build.hpp"
#include "tablebase/table_directory.hpp"
#include "tablebase/table_probe.hpp"
#include "support/reference_search.hpp"
#include "temporary_directory.hpp"

using namespace papamu;

namespace {

void checkAgainstReference(GameKind kind, BoardSize size, const std::string& variantName) {
    INFO(gameName(kind) << " " << size.name() << " " << variantName);
    const Variant variant = Variant::parse(variantName);
    testing::TemporaryDirectory root;
    TableBuildOptions options;
    options.threads = 2;
    options.blockEntries = 4096;  // several blocks per layer even on tiny boards
    const TableBuildSummary summary = buildTable(kind, size, variant, root.string(), options);
    const TableProbe table = TableProbe::open(root.string(), kind, size, variant);
    testing::ReferenceSearch search(reference::Rules{kind == GameKind::Unane, variant.singleJump, variant.openAny, !variant.noPie});
    std::uint64_t checked = 0;
    std::uint64_t wins = 0;
    for (int layer = 0; layer < table.layerCount(); ++layer) {
        for (std::uint64_t entry = 0; entry < table.layerSize(layer); ++entry) {
            // The entry's position and, in a colour-folded layer, the colour image it also answers for.
            std::vector<Position> answered{table.positionAt(layer, entry)};
            if (table.index().layerFolded(layer)) answered.push_back(table.index().colourImage(answered.front()));
            const Outcome stored = table.outcomeAt(layer, entry);
            for (Position position : answered) {
                const Outcome expected = search.solve(reference::fromPosition(position, size.rows, size.columns));
                REQUIRE(stored == expected);
                REQUIRE(*table.probe(position) == expected);
                wins += stored.value == Value::Win ? 1 : 0;
                ++checked;
                // White to move with the swap on offer: answered by lookahead, never stored.
                if (kind == GameKind::Unane && !variant.noPie && position.sideToMove == Color::White && entry % 5 == 0) {
                    position.swapAvailable = true;
                    auto board = reference::fromPosition(position, size.rows, size.columns);
                    REQUIRE(*table.probe(position) == search.solve(board));
                }
            }
        }
    }
    CHECK(checked == summary.positions);
    CHECK(checked == table.index().totalPositions());
    CHECK(wins == summary.wins);
}

}  // namespace

TEST_CASE("Konane tables agree with a plain search on every position", "[agreement]") {
    checkAgainstReference(GameKind::Konane, BoardSize{3, 3}, "standard");
    checkAgainstReference(GameKind::Konane, BoardSize{2, 4}, "standard");
    checkAgainstReference(GameKind::Konane, BoardSize{3, 4}, "standard");
    checkAgainstReference(GameKind::Konane, BoardSize{4, 4}, "standard");
    checkAgainstReference(GameKind::Konane, BoardSize{1, 7}, "standard");
}

TEST_CASE("Konane variant tables agree with a plain search on every position", "[agreement]") {
    checkAgainstReference(GameKind::Konane, BoardSize{3, 4}, "single-jump");
    checkAgainstReference(GameKind::Konane, BoardSize{3, 4}, "open-any");
    checkAgainstReference(GameKind::Konane, BoardSize{4, 4}, "single-jump+open-any");
    checkAgainstReference(GameKind::Konane, BoardSize{1, 7}, "single-jump");
}

TEST_CASE("Unane tables agree with a plain search on every position", "[agreement]") {
    checkAgainstReference(GameKind::Unane, BoardSize{2, 2}, "standard");
    checkAgainstReference(GameKind::Unane, BoardSize{2, 3}, "standard");
    checkAgainstReference(GameKind::Unane, BoardSize{2, 4}, "standard");
    checkAgainstReference(GameKind::Unane, BoardSize{3, 4}, "standard");
}

TEST_CASE("Unane no-pie tables agree with a plain search on every position", "[agreement]") {
    checkAgainstReference(GameKind::Unane, BoardSize{2, 2}, "no-pie");
    checkAgainstReference(GameKind::Unane, BoardSize{2, 3}, "no-pie");
    checkAgainstReference(GameKind::Unane, BoardSize{3, 4}, "no-pie");
}

TEST_CASE("tables give the published results", "[agreement]") {
    testing::TemporaryDirectory root;
    TableBuildOptions options;
    options.threads = 2;
    const auto start = [](int rows, int columns) {
        const BoardGeometry geometry(rows, columns);
        return Position{geometry.blackHome(), geometry.whiteHome(), Color::Black, false};
    };
    buildTable(GameKind::Konane, BoardSize{4, 4}, Variant{}, root.string(), options);
    CHECK(TableProbe::open(root.string(), GameKind::Konane, BoardSize{4, 4}, Variant{}).outcome(start(4, 4)).value == Value::Loss);
    buildTable(GameKind::Konane, BoardSize{3, 5}, Variant{}, root.string(), options);
    CHECK(TableProbe::open(root.string(), GameKind::Konane, BoardSize{3, 5}, Variant{}).outcome(start(3, 5)) ==
          OutcomeSearch(KonaneGame(BoardGeometry(3, 5))).solve(start(3, 5)));
    // Ūnane 3x4: Black wins without the pie rule; with it, the second player wins.
    buildTable(GameKind::Unane, BoardSize{3, 4}, Variant::parse("no-pie"), root.string(), options);
    CHECK(TableProbe::open(root.string(), GameKind::Unane, BoardSize{3, 4}, Variant::parse("no-pie")).outcome(start(3, 4)).value ==
          Value::Win);
    buildTable(GameKind::Unane, BoardSize{3, 4}, Variant{}, root.string(), options);
    CHECK(TableProbe::open(root.string(), GameKind::Unane, BoardSize{3, 4}, Variant{}).outcome(start(3, 4)).value == Value::Loss);
}
