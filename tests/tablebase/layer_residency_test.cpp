// The builder keeps resident only the layers the layer being solved reads (TableIndex::childLayers
// with the game's mostStonesRemoved), plus what the memory budget lets it keep; the tables are
// byte-identical whatever the budget, also when a build is stopped and resumed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <vector>

#include "rules/game_dispatch.hpp"
#include "tablebase/layer_file_store.hpp"
#include "tablebase/table_build.hpp"
#include "tablebase/table_directory.hpp"
#include "tablebase/table_index.hpp"
#include "temporary_directory.hpp"

using namespace papamu;
namespace fs = std::filesystem;

namespace {

struct Board {
    GameKind game;
    BoardSize size;
    Variant variant;
};

// Even and odd Kōnane boards (folded and not), jumps of one and two hops, the opening
// removals; Ūnane with and without the pie rule (its full board is not folded with it).
const std::vector<Board>& smallBoards() {
    static const std::vector<Board> boards{
        {GameKind::Konane, {4, 4}, Variant{}},
        {GameKind::Konane, {3, 5}, Variant{}},
        {GameKind::Konane, {2, 5}, Variant{}},
        {GameKind::Konane, {3, 5}, Variant{.singleJump = true}},
        {GameKind::Konane, {3, 4}, Variant{.openAny = true}},
        {GameKind::Unane, {3, 4}, Variant{}},
        {GameKind::Unane, {2, 4}, Variant{.noPie = true}},
    };
    return boards;
}

std::string describe(const Board& board) {
    return std::string(gameName(board.game)) + " " + board.size.name() + " " + board.variant.name();
}

// The layers the children of a layer's positions really lie in, by generating every move.
template <class G>
std::set<int> layersReached(const G& rules, const TableIndex& index, int layer) {
    std::set<int> reached;
    MoveList moves;
    for (std::uint64_t entry = 0; entry < index.layerSize(layer); ++entry) {
        const Position parent = index.positionAt(layer, entry);
        if (rules.finishedValue(parent)) continue;
        moves.clear();
        rules.generateMoves(parent, moves);
        for (const Move move : moves) {
            Position child = rules.applyMove(parent, move);
            child.swapAvailable = false;  // read as the same board without the offer
            reached.insert(index.layerOf(child));
        }
    }
    return reached;
}

}  // namespace

TEST_CASE("childLayers names every layer a position's children lie in", "[tablebase][residency]") {
    for (const Board& board : smallBoards()) {
        INFO(describe(board));
        visitGame(board.game, board.size, board.variant, [&](const auto& rules) {
            const TableIndex index(board.game, rules.geometry());
            // The bound is tight: some move takes as many stones as the game says one can.
            int mostNamed = 0;
            int mostReached = 0;
            for (int layer = 0; layer < index.layerCount(); ++layer) {
                INFO("layer " << layer << " (" << index.layer(layer).black << ", " << index.layer(layer).white << ")");
                const std::vector<int> named = index.childLayers(layer, rules.mostStonesRemoved(index.layerStones(layer)));
                const std::set<int> reached = layersReached(rules, index, layer);
                CHECK(std::includes(named.begin(), named.end(), reached.begin(), reached.end()));
                for (const int child : named) mostNamed = std::max(mostNamed, index.layerStones(layer) - index.layerStones(child));
                for (const int child : reached) mostReached = std::max(mostReached, index.layerStones(layer) - index.layerStones(child));
            }
            CHECK(mostNamed == (board.game == GameKind::Konane && board.size.columns == 5 && !board.variant.singleJump ? 2 : 1));
            CHECK(mostReached == mostNamed);
        });
    }
}

TEST_CASE("mostStonesRemoved follows the rules of each game", "[rules][residency]") {
    const KonaneGame konane(BoardGeometry(5, 6));
    CHECK(konane.mostStonesRemoved(30).own == 1);  // the opening removals
    CHECK(konane.mostStonesRemoved(29).enemy == 0);
    CHECK(konane.mostStonesRemoved(28).enemy == 2);  // a 6-cell line: two hops at most
    CHECK(konane.mostStonesRemoved(28).own == 0);
    CHECK(KonaneGame(BoardGeometry(6, 6)).mostStonesRemoved(10).enemy == 2);
    CHECK(KonaneGame(BoardGeometry(1, 9)).mostStonesRemoved(4).enemy == 4);
    CHECK(KonaneGame(BoardGeometry(4, 4)).mostStonesRemoved(4).enemy == 1);
    CHECK(KonaneGame(BoardGeometry(5, 6), Variant{.singleJump = true}).mostStonesRemoved(10).enemy == 1);
    const UnaneGame unane(BoardGeometry(4, 4));
    CHECK(unane.mostStonesRemoved(16).own == 1);
    CHECK(unane.mostStonesRemoved(7).enemy == 1);
}

TEST_CASE("while a layer is solved exactly the layers it reads are resident", "[tablebase][residency]") {
    const std::uint64_t budget = GENERATE(std::uint64_t{0}, std::numeric_limits<std::uint64_t>::max());
    for (const Board& board : {smallBoards()[1], smallBoards()[2], smallBoards()[5]}) {
        INFO(describe(board) << ", budget " << budget);
        testing::TemporaryDirectory root;
        visitGame(board.game, board.size, board.variant, [&](const auto& rules) {
            const TableIndex index(board.game, rules.geometry());
            LayerFileStore store(root.string(), index, board.variant, kDefaultBlockEntries);
            RetrogradeBuilder builder(rules, index, store, 2);
            builder.setResidentBudget(budget);
            builder.setChunkEntries(64);
            std::map<int, std::vector<std::vector<int>>> seen;  // per layer, at each progress call
            builder.setProgressCallback([&](const RetrogradeProgress& progress) { seen[progress.layer].push_back(builder.residentLayers()); });
            builder.build();
            std::vector<std::vector<int>> reads;
            for (int layer = 0; layer < index.layerCount(); ++layer) {
                reads.push_back(index.childLayers(layer, rules.mostStonesRemoved(index.layerStones(layer))));
            }
            const auto readLater = [&](int layer, int from) {
                for (int reader = from; reader < index.layerCount(); ++reader) {
                    if (std::count(reads[reader].begin(), reads[reader].end(), layer) > 0) return true;
                }
                return false;
            };
            for (int layer = 0; layer < index.layerCount(); ++layer) {
                INFO("layer " << layer);
                const std::vector<std::vector<int>>& calls = seen[layer];
                REQUIRE(calls.size() >= 2);  // each chunk while solving, then the layer done
                for (std::size_t call = 0; call + 1 < calls.size(); ++call) {
                    const std::vector<int>& resident = calls[call];
                    if (budget == 0) {
                        CHECK(resident == reads[layer]);
                    } else {
                        CHECK(std::includes(resident.begin(), resident.end(), reads[layer].begin(), reads[layer].end()));
                        for (const int kept : resident) CHECK(readLater(kept, layer));
                    }
                }
                // Once solved, the layer itself stays only if a later layer reads it.
                const std::vector<int>& after = calls.back();
                CHECK(std::count(after.begin(), after.end(), layer) == (readLater(layer, layer + 1) ? 1 : 0));
            }
        });
    }
}

TEST_CASE("tables are byte-identical whatever the memory budget", "[tablebase][residency]") {
    for (const Board& board : smallBoards()) {
        INFO(describe(board));
        const TableIndex index(board.game, BoardGeometry(board.size.rows, board.size.columns));
        testing::TemporaryDirectory unlimited;
        TableBuildOptions options;
        options.threads = 2;
        const TableBuildSummary reference = buildTable(board.game, board.size, board.variant, unlimited.string(), options);
        // Nothing kept beyond what a layer reads; on some boards also the least budget papamu
        // build accepts (layers kept only where the layer solved reads less than the largest).
        std::vector<std::uint64_t> budgets{0};
        if (board.size.rows == 3) budgets.push_back(estimateBuildMemory(index, board.variant));
        for (const std::uint64_t budget : budgets) {
            testing::TemporaryDirectory tight;
            options.memoryBudget = budget;
            const TableBuildSummary summary = buildTable(board.game, board.size, board.variant, tight.string(), options);
            CHECK(summary.layersSolved == index.layerCount());
            CHECK(testing::tableFiles(summary.directory) == testing::tableFiles(reference.directory));
        }
    }
}

TEST_CASE("a build with the least memory stopped mid-layer resumes to byte-identical files", "[tablebase][residency][resume]") {
    for (const Board& board : {smallBoards()[1], smallBoards()[5]}) {
        INFO(describe(board));
        testing::TemporaryDirectory straight;
        testing::TemporaryDirectory interrupted;
        TableBuildOptions options;
        options.threads = 2;
        options.chunkEntries = 64;
        options.memoryBudget = 0;
        const TableBuildSummary reference = buildTable(board.game, board.size, board.variant, straight.string(), options);
        const TableIndex index(board.game, BoardGeometry(board.size.rows, board.size.columns));
        std::uint64_t allChunks = 0;
        for (int layer = 0; layer < index.layerCount(); ++layer) allChunks += (index.layerSize(layer) + 63) / 64;
        std::uint64_t chunks = 0;
        TableBuildOptions stopping = options;
        stopping.stop = [&] { return ++chunks > allChunks / 2; };  // half-way, inside a layer
        CHECK_THROWS_AS(buildTable(board.game, board.size, board.variant, interrupted.string(), stopping), RetrogradeInterrupted);
        const TableBuildSummary resumed = buildTable(board.game, board.size, board.variant, interrupted.string(), options);
        CHECK(resumed.layersReused > 3);
        CHECK(resumed.layersSolved > 0);
        CHECK(testing::tableFiles(resumed.directory) == testing::tableFiles(reference.directory));
    }
}
