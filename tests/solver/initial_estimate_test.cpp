// The starting numbers of a new position, counted by hand on small positions: Kōnane's mobility
// cubes (both sides' moves) and Ūnane's group count with its one-move wins.
#include <catch2/catch.hpp>

#include "rules/konane_game.hpp"
#include "rules/unane_game.hpp"
#include "solver/initial_estimate.hpp"
#include "support/rules_test_helpers.hpp"

using namespace papamu;
using papamu::testing::positionOf;

namespace {

// A position's starting numbers from the rules alone, as the search's expansion puts them
// together: the finished value, else the estimate.
template <class G>
ProofPair initialNumbersByRules(const G& game, const Position& position, MoveList& scratch) {
    const ChildSketch sketch = sketchChild(game, position, scratch);
    return sketch.finished() ? finishedNumbers(game, position) : initialEstimate(game, position, sketch, scratch);
}

template <class G>
ProofPair estimateOf(const G& game, const Position& position) {
    MoveList scratch;
    return initialNumbersByRules(game, position, scratch);
}

}  // namespace

TEST_CASE("mobility weights are cubes, never 0, and fit a proof number", "[solver][estimate]") {
    CHECK(mobilityWeight(0) == 1);
    CHECK(mobilityWeight(1) == 1);
    CHECK(mobilityWeight(2) == 8);
    CHECK(mobilityWeight(10) == 1000);
    CHECK(mobilityWeight(MoveList::kCapacity) == 256U * 256U * 256U);
}

TEST_CASE("Kōnane starts a position from both sides' moves, cubed", "[solver][estimate]") {
    const KonaneGame game(BoardGeometry(4, 4));
    // Black a1 can jump b1 and c3 can jump c2, both to c1; White's only jump is c2 over c3 to c4.
    const Position black = positionOf("konane ..../..B./..W./BW.. b");
    CHECK(estimateOf(game, black) == ProofPair{1, 8});  // opponent 1 move, own 2
    const Position white = positionOf("konane ..../..B./..W./BW.. w");
    CHECK(estimateOf(game, white) == ProofPair{8, 1});
    // The full board: four opening removals each (a1 b2 c3 d4 for Black, a4 b3 c2 d1 for White).
    CHECK(estimateOf(game, game.startPosition()) == ProofPair{64, 64});
}

TEST_CASE("Ūnane starts a position from its groups, and a one-move win starts proven", "[solver][estimate]") {
    const UnaneGame game(BoardGeometry(4, 4), Variant::parse("no-pie"));
    // Black a1 captures b1 and joins c1: won before the search expands it.
    CHECK(estimateOf(game, positionOf("unane ..../..../..../BWBW b")) == ProofPair::win());
    // Three isolated Black stones, no capture: three removals, none leaves one group.
    const Position threeGroups = positionOf("unane B.B./..../W.../.W.B b");
    REQUIRE_FALSE(game.finishedValue(threeGroups).has_value());
    CHECK(estimateOf(game, threeGroups) == ProofPair{9, 1});
    // Two groups that no move joins: the plain estimate (2², 1 + moves / 4).
    const Position apart = positionOf("unane BW../..../..../..WB b");
    REQUIRE_FALSE(game.winsInOneMove(apart));
    CHECK(estimateOf(game, apart) == ProofPair{4, 1});
}

TEST_CASE("a finished child is known from its sketch, without the table", "[solver][estimate]") {
    MoveList scratch;
    const UnaneGame unane(BoardGeometry(4, 4), Variant::parse("no-pie"));
    // White (who just moved) is one group: Black to move has lost, and has no move to count.
    const Position lost = positionOf("unane ..../.WW./..../B..B b");
    REQUIRE(unane.finishedValue(lost) == Value::Loss);
    const ChildSketch finished = sketchChild(unane, lost, scratch);
    CHECK(finished.finished());
    CHECK(finishedNumbers(unane, lost) == ProofPair::loss());
    CHECK(initialNumbersByRules(unane, lost, scratch) == ProofPair::loss());
    // Kōnane: a player without a jump has lost.
    const KonaneGame konane(BoardGeometry(4, 4));
    const Position stuck = positionOf("konane ..../..../..../B..W b");
    CHECK(sketchChild(konane, stuck, scratch).finished());
    CHECK(initialNumbersByRules(konane, stuck, scratch) == ProofPair::loss());
    // One that goes on counts its moves: a1-b1 (a capture) and the removal of d1; a1 touches
    // White, so it cannot be removed.
    const Position open = positionOf("unane W.../..../..../BW.B b");
    REQUIRE_FALSE(unane.finishedValue(open).has_value());
    const ChildSketch going = sketchChild(unane, open, scratch);
    CHECK_FALSE(going.finished());
    CHECK(going.moves == 2);
}
