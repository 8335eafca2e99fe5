// The builder in pieces (LayerSolver, used by the MPI build) writes the same bytes as buildTable:
// layers solved whole or as slices of their solving order put together again, then finish().
#include <catch2/catch.hpp>

#include <map>

#include "tablebase/directory_lock.hpp"
#include "tablebase/layer_solver.hpp"
#include "tablebase/table_directory.hpp"
#include "temporary_directory.hpp"

using namespace papamu;
namespace fs = std::filesystem;

TEST_CASE("layers solved whole and in slices give the files of buildTable", "[layer-solver]") {
    const GameKind game = GENERATE(GameKind::Konane, GameKind::Unane);
    const BoardSize size = game == GameKind::Konane ? BoardSize{4, 4} : BoardSize{2, 4};
    testing::TemporaryDirectory reference;
    testing::TemporaryDirectory pieces;
    TableBuildOptions options;
    options.threads = 2;
    options.blockEntries = 1000;
    const TableBuildSummary expected = buildTable(game, size, Variant{}, reference.string(), options);

    const std::string directory = pieces.string() + "/" + tableDirectoryName(game, size, Variant{});
    fs::create_directories(directory);
    LayerSolver solver(game, size, Variant{}, directory, options);
    const TableIndex& index = solver.index();
    std::vector<bool> solved(static_cast<std::size_t>(index.layerCount()), true);
    int sliced = 0;
    for (int layer = 0; layer < index.layerCount(); ++layer) {
        const std::uint64_t entries = index.layerSize(layer);
        if (layer % 2 == 0 || entries < 3) {
            solver.writeLayer(layer, solver.solveLayer(layer));
            continue;
        }
        // Three uneven slices, solved in reverse order: placement must not depend on order.
        std::vector<RetrogradeEntry> whole(entries, 0xff);
        const std::uint64_t cuts[] = {0, entries / 5, entries / 2, entries};
        for (int slice = 2; slice >= 0; --slice) {
            const std::vector<RetrogradeEntry> values = solver.solveSteps(layer, cuts[slice], cuts[slice + 1]);
            REQUIRE(values.size() == cuts[slice + 1] - cuts[slice]);
            solver.placeSteps(layer, cuts[slice], values, whole);
        }
        CHECK(whole == solver.solveLayer(layer));
        solver.writeLayer(layer, whole);
        ++sliced;
    }
    CHECK(sliced > 3);
    const TableBuildSummary summary = solver.finish(solved);
    CHECK(summary.layersSolved == expected.layersSolved);
    CHECK(summary.positions == expected.positions);
    CHECK(summary.wins == expected.wins);
    CHECK(summary.bytesOnDisk == expected.bytesOnDisk);
    CHECK(testing::tableFiles(directory) == testing::tableFiles(expected.directory));
}

TEST_CASE("LayerSolver::finish refuses a table with a missing layer", "[layer-solver]") {
    testing::TemporaryDirectory root;
    const std::string directory = root.string() + "/t";
    fs::create_directories(directory);
    TableBuildOptions options;
    LayerSolver solver(GameKind::Unane, BoardSize{2, 2}, Variant{}, directory, options);
    solver.writeLayer(0, solver.solveLayer(0));
    CHECK_THROWS_WITH(solver.finish(std::vector<bool>(static_cast<std::size_t>(solver.index().layerCount()), true)),
                      Catch::Contains("layer-b00-w01.pmtb: layer is not complete after the build (missing)"));
    CHECK_FALSE(fs::exists(directory + "/manifest.json"));
}
