// rateMoves, bestLine and the batch calls against the reference search of tests/support: every
// position of tiny boards, both games, with and without the pie rule.
#include <catch2/catch.hpp>
#include <algorithm>
#include <vector>

#include "rules/game_dispatch.hpp"
#include "tablebase/batch_probe.hpp"
#include "tablebase/rated_moves.hpp"
#include "tablebase/table_build.hpp"
#include "tablebase/table_probe.hpp"
#include "support/reference_search.hpp"
#include "temporary_directory.hpp"

using namespace papamu;

namespace {

struct TinyTable {
    testing::TemporaryDirectory root;
    TableProbe table;
    reference::Rules rules;

    TinyTable(GameKind kind, BoardSize size, const std::string& variantName)
        : table(build(root, kind, size, Variant::parse(variantName))),
          rules{kind == GameKind::Unane, Variant::parse(variantName).singleJump, Variant::parse(variantName).openAny,
                !Variant::parse(variantName).noPie} {}

    static TableProbe build(const testing::TemporaryDirectory& root, GameKind kind, BoardSize size, const Variant& variant) {
        TableBuildOptions options;
        options.threads = 2;
        buildTable(kind, size, variant, root.string(), options);
        return TableProbe::open(root.string(), kind, size, variant);
    }

    // Every stored position, its colour image where folded, and (Ūnane with the pie rule) White
    // to move with the swap on offer.
    std::vector<Position> everyPosition() const {
        std::vector<Position> positions;
        for (int layer = 0; layer < table.layerCount(); ++layer) {
            for (std::uint64_t entry = 0; entry < table.layerSize(layer); ++entry) {
                positions.push_back(table.positionAt(layer, entry));
                if (table.index().layerFolded(layer)) positions.push_back(table.index().colourImage(positions.back()));
            }
        }
        const std::size_t stored = positions.size();
        for (std::size_t item = 0; item < stored && rules.unane && rules.pieRule; ++item) {
            Position offer = positions[item];
            offer.swapAvailable = true;
            if (offer.sideToMove == Color::White && table.covers(offer)) positions.push_back(offer);
        }
        return positions;
    }
};

void checkRatedMoves(GameKind kind, BoardSize size, const std::string& variantName) {
    INFO(gameName(kind) << " " << size.name() << " " << variantName);
    const TinyTable tiny(kind, size, variantName);
    testing::ReferenceSearch search(tiny.rules);
    std::uint64_t lines = 0;
    for (const Position& position : tiny.everyPosition()) {
        const reference::Board board = reference::fromPosition(position, size.rows, size.columns);
        const RatedPosition rated = rateMoves(tiny.table, position);
        REQUIRE(rated.outcome == search.solve(board));
        const auto expectedMoves = reference::moves(board, tiny.rules);
        REQUIRE(rated.moves.size() == expectedMoves.size());
        for (const RatedMove& item : rated.moves) {
            const auto pair = reference::asPair(item.move);
            REQUIRE(std::count(expectedMoves.begin(), expectedMoves.end(), pair) == 1);
            const Outcome child = search.solve(reference::play(board, pair, tiny.rules.unane, tiny.rules.pieRule));
            REQUIRE(item.value == negate(child.value));
            REQUIRE(item.remoteness == child.remoteness);
        }
        REQUIRE(std::is_sorted(rated.moves.begin(), rated.moves.end(), betterMove));
        if (!rated.moves.empty()) REQUIRE(rated.moves.front().remoteness + 1 == rated.outcome.remoteness);
        if (lines++ % 7 != 0) continue;
        // The best line has the position's length, and each step is the best move of its position.
        const std::vector<Move> line = bestLine(tiny.table, position);
        REQUIRE(static_cast<int>(line.size()) == rated.outcome.remoteness);
        reference::Board walked = board;
        for (const Move move : line) {
            const Outcome before = search.solve(walked);
            walked = reference::play(walked, reference::asPair(move), tiny.rules.unane, tiny.rules.pieRule);
            const Outcome after = search.solve(walked);
            REQUIRE(after.value == negate(before.value));
            REQUIRE(after.remoteness + 1 == before.remoteness);
        }
        REQUIRE(search.solve(walked).remoteness == 0);
    }
}

}  // namespace

TEST_CASE("rated moves agree with a plain search on every position", "[rated]") {
    checkRatedMoves(GameKind::Konane, BoardSize{3, 4}, "standard");
    checkRatedMoves(GameKind::Konane, BoardSize{3, 3}, "single-jump+open-any");
    checkRatedMoves(GameKind::Unane, BoardSize{2, 4}, "standard");
    checkRatedMoves(GameKind::Unane, BoardSize{2, 3}, "no-pie");
}

TEST_CASE("rated moves refuse a position the table does not cover", "[rated]") {
    const TinyTable tiny(GameKind::Konane, BoardSize{2, 4}, "standard");
    const Position offColour{0b10, 0, Color::Black, false};  // a black stone on a white cell
    CHECK_THROWS_AS(rateMoves(tiny.table, offColour), std::invalid_argument);
    CHECK_THROWS_AS(bestLine(tiny.table, offColour), std::invalid_argument);
}

TEST_CASE("batch probes answer each position as single probes do, in order", "[rated][batch]") {
    const TinyTable tiny(GameKind::Unane, BoardSize{2, 4}, "standard");
    std::vector<Position> positions = tiny.everyPosition();
    const Position outside{0b11, 0b11, Color::Black, false};  // two stones on one cell
    positions.insert(positions.begin() + static_cast<std::ptrdiff_t>(positions.size() / 2), outside);
    const std::vector<std::optional<Outcome>> outcomes = probeMany(tiny.table, positions);
    const std::vector<RatedAnswer> answers = rateMany(tiny.table, positions, RateOptions{true, true});
    REQUIRE(outcomes.size() == positions.size());
    REQUIRE(answers.size() == positions.size());
    for (std::size_t item = 0; item < positions.size(); ++item) {
        REQUIRE(outcomes[item] == tiny.table.probe(positions[item]));
        if (!outcomes[item]) {
            REQUIRE_FALSE(answers[item].rated);
            REQUIRE_THAT(answers[item].error, Catch::Contains("not in the table"));
            continue;
        }
        REQUIRE(answers[item].rated->outcome == *outcomes[item]);
        REQUIRE(answers[item].rated->moves == rateMoves(tiny.table, positions[item]).moves);
        REQUIRE(answers[item].bestLine == bestLine(tiny.table, positions[item]));
    }
    CHECK(std::count(outcomes.begin(), outcomes.end(), std::nullopt) == 1);
}
