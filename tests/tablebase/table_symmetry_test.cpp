// Symmetric images of a position (board symmetries, and colour swaps where the rules allow them)
// probe to the same outcome; max-stones tables cover exactly their layers.
#include <catch2/catch.hpp>

#include "rules/game_dispatch.hpp"
#include "tablebase/table_build.hpp"
#include "tablebase/table_probe.hpp"
#include "temporary_directory.hpp"

using namespace papamu;

namespace {

void checkSymmetricImages(GameKind kind, BoardSize size, const Variant& variant) {
    INFO(gameName(kind) << " " << size.name() << " " << variant.name());
    testing::TemporaryDirectory root;
    TableBuildOptions options;
    options.threads = 2;
    options.blockEntries = 512;  // probes of images jump between blocks: keep each one small
    buildTable(kind, size, variant, root.string(), options);
    const TableProbe table = TableProbe::open(root.string(), kind, size, variant);
    visitGame(kind, size, variant, [&](const auto& game) {
        const BoardSymmetries symmetries(game.geometry());
        std::uint64_t compared = 0;
        std::uint64_t uncovered = 0;
        for (int layer = 0; layer < table.layerCount(); ++layer) {
            for (std::uint64_t entry = 0; entry < table.layerSize(layer); entry += 11) {
                const Position position = table.positionAt(layer, entry);
                const SymmetryPermission permission = game.symmetryPermission(position);
                for (int transform = 0; transform < (permission.geometric ? symmetries.size() : 1); ++transform) {
                    for (int swap = 0; swap <= (permission.colourSwap ? 1 : 0); ++swap) {
                        const Position image = symmetries.image(position, transform, swap == 1);
                        // Search leaves are canonical forms, colour swaps included: the leaf probe
                        // reads every image, also those no game reaches (off-colour Kōnane stones).
                        REQUIRE(table.probeSearchLeaf(image) == table.outcomeAt(layer, entry));
                        if (!table.covers(image)) {  // Kōnane colour swaps without a colour-changing flip
                            ++uncovered;
                            continue;
                        }
                        REQUIRE(table.outcome(image) == table.outcomeAt(layer, entry));
                        ++compared;
                    }
                }
            }
        }
        CHECK(compared > table.index().totalEntries() / 11);
        if (kind == GameKind::Konane) CHECK(uncovered > 0);  // the colour-swap path of probeSearchLeaf was taken
        else CHECK(uncovered == 0);
    });
}

}  // namespace

TEST_CASE("symmetric images of a position have the same outcome", "[symmetry]") {
    checkSymmetricImages(GameKind::Konane, BoardSize{4, 4}, Variant{});
    checkSymmetricImages(GameKind::Konane, BoardSize{3, 4}, Variant{});
    checkSymmetricImages(GameKind::Unane, BoardSize{3, 4}, Variant{});
    checkSymmetricImages(GameKind::Unane, BoardSize{2, 4}, Variant::parse("no-pie"));
}

TEST_CASE("a table built up to K stones answers exactly the positions with at most K stones", "[coverage]") {
    testing::TemporaryDirectory root;
    TableBuildOptions options;
    options.maxStones = 6;
    buildTable(GameKind::Unane, BoardSize{4, 4}, Variant{}, root.string(), options);
    const TableProbe table = TableProbe::open(root.string(), GameKind::Unane, BoardSize{4, 4}, Variant{});
    CHECK(table.maxStones() == 6);
    const BoardGeometry geometry(4, 4);
    const Position six{cellBit(0) | cellBit(5) | cellBit(10), cellBit(1) | cellBit(4) | cellBit(15), Color::Black, false};
    CHECK(table.probe(six).has_value());
    Position seven = six;
    seven.white |= cellBit(12);
    CHECK_FALSE(table.probe(seven).has_value());
    CHECK_FALSE(table.covers(seven));
    CHECK_THROWS_WITH(table.outcome(seven), Catch::Contains("7 stones") && Catch::Contains("built up to 6"));
    Position offBoard = six;
    offBoard.black |= cellBit(20);
    CHECK_THROWS_WITH(table.outcome(offBoard), Catch::Contains("outside the board"));
    CHECK_THROWS_WITH(table.requireRules(GameKind::Konane, BoardSize{4, 4}, Variant{}), Catch::Contains("is for unane 4x4"));
    CHECK_THROWS_AS(TableProbe::open(root.string(), GameKind::Unane, BoardSize{4, 4}, Variant::parse("no-pie")), TableError);
}

TEST_CASE("Konane tables reject off-colour stones with a clear reason", "[coverage]") {
    testing::TemporaryDirectory root;
    buildTable(GameKind::Konane, BoardSize{3, 3}, Variant{}, root.string(), TableBuildOptions{});
    const TableProbe table = TableProbe::open(root.string(), GameKind::Konane, BoardSize{3, 3}, Variant{});
    const Position offColour{cellBit(1), cellBit(0), Color::Black, false};
    CHECK_FALSE(table.probe(offColour).has_value());
    CHECK_THROWS_WITH(table.outcome(offColour), Catch::Contains("white stone on a1, a black cell"));
}
