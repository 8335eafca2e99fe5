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

namespace papamu {

// Search continues below a node while both its numbers stay under these.
struct Thresholds {
    ProofNumber proof = kProofInfinity;
    ProofNumber disproof = kProofInfinity;

    bool reachedBy(ProofPair numbers) const { return numbers.proof >= proof || numbers.disproof >= disproof; }
};

// Pawlewicz & Lew's 1+epsilon trick with epsilon = 1/4: a child keeps being searched until its
// disproof number passes the runner-up's by a quarter, which removes most re-expansions.
constexpr std::uint64_t onePlusEpsilon(std::uint64_t runnerUp) {
    return runnerUp >= (~std::uint64_t{0} / 2) ? runnerUp : runnerUp + (runnerUp + 3) / 4;  // none: stays "none"
}

// How hard a child looks to a worker while `workers` others are inside it (a virtual loss): its
// disproof number grows by half for each, so parallel workers spread over different children.
constexpr std::uint64_t withVirtualLoss(ProofNumber disproof, unsigned workers) {
    return std::uint64_t{disproof} + std::uint64_t{workers} * (std::uint64_t{disproof} / 2 + 1);
}

class LocalExpansion {
public:
    void clear() { count_ = 0; }
    void add(const Position& child, ProofPair numbers) {
        children_[static_cast<std::size_t>(count_)] = child;
        numbers_[static_cast<std::size_t>(count_)] = numbers;
        ++count_;
    }
    int size() const { return count_; }
    const Position& child(int index) const { return children_[static_cast<std::size_t>(index)]; }
    ProofPair& numbers(int index) { return numbers_[static_cast<std::size_t>(index)]; }
    const ProofPair& numbers(int index) const { return numbers_[static_cast<std::size_t>(index)]; }

    // The node's numbers from its children's, after dropping the children proven won.
    ProofPair summarize() {
        ProofNumber proofSum = 0;
        ProofNumber leastDisproof = kProofInfinity;
        for (int index = 0; index < count_;) {
            const ProofPair numbers = numbers_[static_cast<std::size_t>(index)];
            if (numbers.won()) {
                --count_;
                children_[static_cast<std::size_t>(index)] = children_[static_cast<std::size_t>(count_)];
                numbers_[static_cast<std::size_t>(index)] = numbers_[static_cast<std::size_t>(count_)];
                continue;
            }
            proofSum = saturatingAdd(proofSum, numbers.proof);
            leastDisproof = std::min(leastDisproof, numbers.disproof);
            ++index;
        }
        if (count_ == 0) return ProofPair::loss();
        if (leastDisproof == 0) return ProofPair::win();
        return ProofPair{leastDisproof, proofSum};
    }

    // The numbers as they stand, without dropping anything (for progress reports).
    ProofPair current() const {
        ProofNumber proofSum = 0;
        ProofNumber leastDisproof = kProofInfinity;
        for (int index = 0; index < count_; ++index) {
            proofSum = saturatingAdd(proofSum, numbers_[static_cast<std::size_t>(index)].proof);
            leastDisproof = std::min(leastDisproof, numbers_[static_cast<std::size_t>(index)].disproof);
        }
        return ProofPair{leastDisproof, proofSum};
    }

    // The child to search next and its thresholds, for a node with numbers `node` (from
    // summarize(), not yet at `limits`). `busyWorkers(child)` counts the other workers inside a
    // child (always 0 for a lone worker): their virtual loss steers this one elsewhere.
    template <class BusyWorkers>
    int bestChild(ProofPair node, Thresholds limits, BusyWorkers&& busyWorkers, Thresholds& childLimits) const {
        int best = -1;
        std::uint64_t bestScore = ~std::uint64_t{0};
        std::uint64_t secondScore = ~std::uint64_t{0};
        for (int index = 0; index < count_; ++index) {
            const ProofPair numbers = numbers_[static_cast<std::size_t>(index)];
            if (numbers.disproof >= limits.proof) continue;  // cannot get a threshold above it
            const std::uint64_t score = withVirtualLoss(numbers.disproof, busyWorkers(children_[static_cast<std::size_t>(index)]));
            if (score < bestScore) {
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
            limits.proof, std::max<std::uint64_t>(std::uint64_t{chosen.disproof} + 1, onePlusEpsilon(secondScore))));
        childLimits.proof = limits.disproof == kProofInfinity
                                ? kProofInfinity
                                : static_cast<ProofNumber>(std::min<std::uint64_t>(
                                      kProofInfinity, std::uint64_t{limits.disproof} - node.disproof + chosen.proof));
        return best;
    }

private:
    std::array<Position, MoveList::kCapacity> children_;
    std::array<ProofPair, MoveList::kCapacity> numbers_;
    int count_ = 0;
};

}  // namespace papamu
