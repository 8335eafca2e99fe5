// The build progress figures: positions count both sides (a folded entry twice), and no time
// left is guessed from the first moments of a build.
#include <catch2/catch.hpp>

#include "tablebase/build_progress.hpp"

using namespace papamu;

TEST_CASE("build progress counts positions and waits before it predicts the time left", "[tablebase][progress]") {
    const TableIndex index(GameKind::Konane, BoardGeometry(4, 4), -1);
    REQUIRE(index.colourFolded());
    BuildProgress progress(index);
    std::uint64_t total = 0;
    for (int layer = 0; layer < index.layerCount(); ++layer) total += index.layer(layer).positions();
    RetrogradeProgress step;
    step.layer = 0;
    step.layerCount = index.layerCount();
    step.total = index.layerSize(0);
    step.done = step.total;
    const BuildProgressFigures first = progress.update(step);
    CHECK(first.total == total);
    CHECK(first.total == 131072);  // every position of Kōnane 4x4, both sides to move
    CHECK(first.done == (index.layerFolded(0) ? 2 : 1) * step.done);
    CHECK(first.layerCount == index.layerCount());
    // A moment into the build, with almost nothing done: no wild estimate.
    CHECK_FALSE(first.secondsLeft.has_value());
}
