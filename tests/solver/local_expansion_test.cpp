// How a parallel worker picks its child: the shared marks count workers inside a position, and a
// busy child is avoided only where the node needs every child refuted.
#include <catch2/catch.hpp>

#include "solver/local_expansion.hpp"
#include "solver/shared_marks.hpp"

namespace papamu {

namespace {

Position stones(std::uint64_t black) { return Position{black, 0, Color::Black, false}; }

}  // namespace

TEST_CASE("shared marks count the workers inside a slot", "[solver]") {
    SharedMarks marks;
    const std::uint32_t slot = SharedMarks::slotOf(stones(0x1234));
    REQUIRE(slot < SharedMarks::kSlots);
    CHECK(marks.workersInside(slot) == 0);

    marks.enter(slot);
    marks.enter(slot);
    CHECK(marks.workersInside(slot) == 2);
    const std::uint32_t other = SharedMarks::slotOf(stones(0x5678));
    REQUIRE(other != slot);
    CHECK(marks.workersInside(other) == 0);

    marks.leave(slot);
    CHECK(marks.workersInside(slot) == 1);
    marks.leave(slot);
    CHECK(marks.workersInside(slot) == 0);
}

TEST_CASE("a busy child is passed over where the node looks lost, not where it looks won", "[solver]") {
    SharedMarks marks;
    const Position easy = stones(0x3);
    const Position harder = stones(0x5);
    marks.enter(SharedMarks::slotOf(easy));  // another worker searches the easy child
    REQUIRE(SharedMarks::slotOf(easy) != SharedMarks::slotOf(harder));

    LocalExpansion expansion;
    expansion.clear();
    // Disproof numbers 4 and 5: with one worker inside, the easy child weighs 4 + 3 = 7 > 5.
    expansion.add(easy, ProofPair{1, 4});
    expansion.add(harder, ProofPair{1, 5});
    CHECK(expansion.busy(0) == 0);  // nothing read yet: what a lone worker sees
    expansion.readBusy(marks);
    CHECK(expansion.busy(0) == 1);
    CHECK(expansion.busy(1) == 0);
    Thresholds childLimits;

    // Proof number 4 (least disproof) above the disproof number 2 (sum of proofs): the children
    // look won for their side, so every one of them will have to be refuted.
    const ProofPair looksLost = expansion.summarize();
    REQUIRE(looksLost == ProofPair{4, 2});
    REQUIRE(spreadsWorkers(looksLost));
    CHECK(expansion.child(expansion.bestChild(looksLost, Thresholds{}, childLimits)) == harder);

    // The same children under a node that looks won (one child suffices): the best one, busy or not.
    const ProofPair looksWon{4, 40};
    REQUIRE_FALSE(spreadsWorkers(looksWon));
    CHECK(expansion.child(expansion.bestChild(looksWon, Thresholds{}, childLimits)) == easy);
    CHECK(childLimits.disproof == 7);  // passes the runner-up's 5 by a quarter: 1+epsilon, no virtual loss

    // The other worker leaves: read again, the easy child is first under both.
    marks.leave(SharedMarks::slotOf(easy));
    expansion.readBusy(marks);
    CHECK(expansion.child(expansion.bestChild(looksLost, Thresholds{}, childLimits)) == easy);

    // Alone (no counts read), the easy child is searched first under both.
    LocalExpansion alone;
    alone.clear();
    alone.add(easy, ProofPair{1, 4});
    alone.add(harder, ProofPair{1, 5});
    CHECK(alone.child(alone.bestChild(alone.summarize(), Thresholds{}, childLimits)) == easy);
}

TEST_CASE("children equally easy to refute are ordered by the tie-break, then by listing", "[solver]") {
    LocalExpansion expansion;
    expansion.clear();
    const Position first = stones(0x1);
    const Position larger = stones(0x2);
    const Position smaller = stones(0x4);
    const Position harder = stones(0x8);
    expansion.add(first, ProofPair{5, 3});
    expansion.add(larger, ProofPair{9, 3});
    expansion.add(smaller, ProofPair{2, 3});
    expansion.add(harder, ProofPair{1, 4});  // least proof number, but a higher disproof number
    const ProofPair node = expansion.summarize();
    REQUIRE(node == ProofPair{3, 17});
    Thresholds childLimits;
    CHECK(expansion.child(expansion.bestChild(node, Thresholds{}, childLimits, ChildTieBreak::LargerProof)) == larger);
    CHECK(childLimits.disproof == 4);  // the runner-up has the same 3: just past it
    CHECK(expansion.child(expansion.bestChild(node, Thresholds{}, childLimits, ChildTieBreak::SmallerProof)) == smaller);

    // Equal on both numbers: the first listed.
    LocalExpansion even;
    even.clear();
    even.add(first, ProofPair{5, 3});
    even.add(larger, ProofPair{5, 3});
    for (const ChildTieBreak tieBreak : {ChildTieBreak::LargerProof, ChildTieBreak::SmallerProof}) {
        CHECK(even.child(even.bestChild(even.summarize(), Thresholds{}, childLimits, tieBreak)) == first);
    }
}

TEST_CASE("a node's current numbers can count the child under search at its newer numbers", "[solver]") {
    LocalExpansion expansion;
    expansion.clear();
    expansion.add(stones(1), ProofPair{5, 40});
    expansion.add(stones(2), ProofPair{7, 30});
    expansion.add(stones(3), ProofPair{2, 90});
    // Proof number: the least child disproof number; disproof number: the sum of their proof numbers.
    CHECK(expansion.current() == ProofPair{30, 14});
    CHECK(expansion.current(1, ProofPair{20, 12}) == ProofPair{12, 27});
    CHECK(expansion.current(1, ProofPair{7, 60}) == ProofPair{40, 14});
    CHECK(expansion.current(0, ProofPair::loss()) == ProofPair{0, kProofInfinity});
}

}  // namespace papamu
