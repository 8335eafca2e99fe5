#pragma once
// The children of one node while df-pn works below it (KomoringHeights calls this a local
// expansion): each child's canonical position and last known numbers, the node's numbers put
// together from them, the child to search next and the thresholds it gets.
//
// Negamax form, numbers for the side to move: a node's proof number is the least disproof number
// of its children (one refuted reply suffices), its disproof number the sum of their proof numbers
// (every reply must be won). Children proven won for the side to move there never help the node
// and are dropped.
#include <algorithm>
#include <array>
#include <cstdint>

#include "rules/move.hpp"
#include "rules/position.hpp"
#include "solver/proof_number.hpp"
#include "solver/shared_marks.hpp"

namespace papamu {

// Search continues below a node while both its numbers stay under these.
struct Thresholds {
    ProofNumber proof = kProofInfinity;
    ProofNumber disproof = kProofInfinity;

    bool reachedBy(ProofPair numbers) const { return numbers.proof >= proof || numbers.disproof >= disproof; }
};

// Pawlewicz & Lew's 1+epsilon trick, epsilon = 1 / divisor (per game: thresholdDivisor in
// solver/initial_estimate.hpp): a child keeps being searched until its disproof number passes the
// runner-up's by that fraction, which removes most re-expansions.
constexpr std::uint64_t onePlusEpsilon(std::uint64_t runnerUp, std::uint64_t divisor = 4) {
    return runnerUp >= (~std::uint64_t{0} / 2) ? runnerUp : runnerUp + (runnerUp + divisor - 1) / divisor;  // none: stays "none"
}

// How hard a child looks to a worker while `workers` others are inside it (a virtual loss): its
// disproof number grows by half for each, so parallel workers spread over different children.
constexpr std::uint64_t withVirtualLoss(ProofNumber disproof, unsigned workers) {
    return std::uint64_t{disproof} + std::uint64_t{workers} * (std::uint64_t{disproof} / 2 + 1);
}

// Whether workers should spread over a node's children (virtual losses) or all follow its best
// child. A node that looks lost (proof number above its disproof number) needs every child
// refuted, so workers on different children all do needed work; a node that looks won needs one
// child, and a second worker sent to the runner-up mostly searches what the proof will not use.
// Spreading everywhere cost 1.38x the nodes of one worker at two threads, spreading only here
// 1.05x (solver/README.md).
constexpr bool spreadsWorkers(ProofPair node) { return node.proof > node.disproof; }

// Which child bestChild() takes among those equally easy to refute (the same disproof number):
// the one whose proof number is larger or smaller. The game's starting estimate decides which
// (childTieBreak in solver/initial_estimate.hpp), since its proof number means something
// different in each game.
enum class ChildTieBreak : std::uint8_t { LargerProof, SmallerProof };

class LocalExpansion {
    // The one rule that makes a node's numbers from its children's (negamax form, above).
    struct NodeNumbers {
        ProofNumber proofSum = 0;
        ProofNumber leastDisproof = kProofInfinity;

        void add(ProofPair child) {
            proofSum = saturatingAdd(proofSum, child.proof);
            leastDisproof = std::min(leastDisproof, child.disproof);
        }
        // No child (or every one won for the opponent) leaves {infinity, 0}: lost. One child lost
        // there: won.
        ProofPair result() const {
            if (leastDisproof == 0) return ProofPair::win();
            return ProofPair{leastDisproof, proofSum};
        }
    };

public:
    void clear() {
        count_ = 0;
        tracked_ = false;
    }
    // A child starts with no other worker inside it (all a lone worker ever sees).
    void add(const Position& child, ProofPair numbers) {
        const auto index = static_cast<std::size_t>(count_);
        children_[index] = child;
        numbers_[index] = numbers;
        busy_[index] = 0;
        ++count_;
    }
    // With several workers, where the node spreads them: how many others are inside each child
    // now (the children's slots are worked out the first time).
    void readBusy(const SharedMarks& marks) {
        if (!tracked_) {
            for (std::size_t index = 0; index < static_cast<std::size_t>(count_); ++index) slots_[index] = SharedMarks::slotOf(children_[index]);
            tracked_ = true;
        }
        for (std::size_t index = 0; index < static_cast<std::size_t>(count_); ++index) busy_[index] = marks.workersInside(slots_[index]);
    }
    int size() const { return count_; }
    const Position& child(int index) const { return children_[static_cast<std::size_t>(index)]; }
    ProofPair& numbers(int index) { return numbers_[static_cast<std::size_t>(index)]; }
    const ProofPair& numbers(int index) const { return numbers_[static_cast<std::size_t>(index)]; }
    // Workers inside the child as last read (readBusy).
    std::uint32_t busy(int index) const { return busy_[static_cast<std::size_t>(index)]; }

    // The node's numbers from its children's, after dropping the children proven won.
    ProofPair summarize() {
        NodeNumbers node;
        for (int index = 0; index < count_;) {
            const ProofPair numbers = numbers_[static_cast<std::size_t>(index)];
            if (numbers.won()) {
                --count_;
                moveLastTo(index);
                continue;
            }
            node.add(numbers);
            ++index;
        }
        return node.result();
    }

    // The numbers as they stand, without dropping anything (for progress reports; a won child
    // adds nothing to either number); with `searched` >= 0, that child's numbers are
    // `searchedNumbers` (its search's own numbers so far, newer than the copy kept here, which
    // changes only when that search returns).
    ProofPair current(int searched = -1, ProofPair searchedNumbers = {}) const {
        NodeNumbers node;
        for (int index = 0; index < count_; ++index) {
            node.add(index == searched ? searchedNumbers : numbers_[static_cast<std::size_t>(index)]);
        }
        return node.result();
    }

    // The child to search next and its thresholds, for a node with numbers `node` (from
    // summarize(), not yet at `limits`). Each child's busy count (readBusy; always 0 for a lone
    // worker) counts the other workers inside it: where spreadsWorkers(node), their virtual loss
    // steers this one elsewhere. Ties go by `tieBreak`, then to the first child listed. The child may go on
    // until it passes the runner-up by 1 / epsilonDivisor.
    int bestChild(ProofPair node, Thresholds limits, Thresholds& childLimits,
                  ChildTieBreak tieBreak = ChildTieBreak::LargerProof, std::uint64_t epsilonDivisor = 4) const {
        const bool spread = spreadsWorkers(node);
        const auto winsTie = [this, tieBreak](ProofNumber proof, int rival) {
            const ProofNumber rivalProof = numbers_[static_cast<std::size_t>(rival)].proof;
            return tieBreak == ChildTieBreak::LargerProof ? proof > rivalProof : proof < rivalProof;
        };
        int best = -1;
        std::uint64_t bestScore = ~std::uint64_t{0};
        std::uint64_t secondScore = ~std::uint64_t{0};
        for (int index = 0; index < count_; ++index) {
            const ProofPair numbers = numbers_[static_cast<std::size_t>(index)];
            if (numbers.disproof >= limits.proof) continue;  // cannot get a threshold above it
            const std::uint64_t score = withVirtualLoss(numbers.disproof, spread ? busy_[static_cast<std::size_t>(index)] : 0);
            if (score < bestScore || (score == bestScore && winsTie(numbers.proof, best))) {
                secondScore = bestScore;
                bestScore = score;
                best = index;
            } else if (score < secondScore) {
                secondScore = score;
            }
        }
        const ProofPair chosen = numbers_[static_cast<std::size_t>(best)];
        // The child's disproof number must not pass the runner-up's (widened) nor the node's
        // proof threshold; its proof number may use what the node's disproof threshold leaves.
        childLimits.disproof = static_cast<ProofNumber>(std::min<std::uint64_t>(
            limits.proof, std::max<std::uint64_t>(std::uint64_t{chosen.disproof} + 1, onePlusEpsilon(secondScore, epsilonDivisor))));
        childLimits.proof = limits.disproof == kProofInfinity
                                ? kProofInfinity
                                : static_cast<ProofNumber>(std::min<std::uint64_t>(
                                      kProofInfinity, std::uint64_t{limits.disproof} - node.disproof + chosen.proof));
        return best;
    }

private:
    void moveLastTo(int index) {
        const auto to = static_cast<std::size_t>(index);
        const auto from = static_cast<std::size_t>(count_);
        children_[to] = children_[from];
        numbers_[to] = numbers_[from];
        if (tracked_) slots_[to] = slots_[from];
        busy_[to] = busy_[from];
    }

    std::array<Position, MoveList::kCapacity> children_;
    std::array<ProofPair, MoveList::kCapacity> numbers_;
    std::array<std::uint32_t, MoveList::kCapacity> slots_;
    std::array<std::uint32_t, MoveList::kCapacity> busy_;
    int count_ = 0;
    bool tracked_ = false;  // slots_ worked out
};

}  // namespace papamu
