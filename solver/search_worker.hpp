#pragma once
// One worker of a ProofNumberSearch (solver/proof_number_search.hpp): the df-pn recursion itself.
// search() reads as the algorithm: stale check, expand, then pick the best child and descend until
// the node's numbers reach their thresholds. A worker owns its path (one preallocated
// LocalExpansion per depth, the children of the node it expands) and shares the rest (table,
// marks, node count, stop flag) through the search it belongs to, whose friend it is.

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "rules/game_concept.hpp"
#include "rules/symmetry.hpp"
#include "solver/initial_estimate.hpp"
#include "solver/local_expansion.hpp"
#include "solver/proof_number.hpp"
#include "solver/proof_table.hpp"
#include "solver/shared_marks.hpp"

namespace papamu {

// One position of ProofNumberSearch::solveAll(): finished yet, how many idle workers help it,
// their nodes.
struct SearchJob {
    std::atomic<bool> done{false};
    std::atomic<int> helpers{0};
    std::atomic<std::uint64_t> nodes{0};
};

template <class Search>
class SearchWorker {
public:
    static constexpr int kMaxDepth = 72;  // at most 64 stones to remove, plus the swap
    // Nodes between two polls (poll()): often enough for a prompt stop and progress line, rare
    // enough that the shared node count's cache line is not a meeting point.
    static constexpr std::uint64_t kPollInterval = 1024;

    SearchWorker(Search& search, int index)
        : search_(search), index_(index), frames_(kMaxDepth), searchedChild_(kMaxDepth, 0) {}

    void reset() {
        nodes_ = 0;
        pathLength_ = 0;
        reported_ = 0;
        lastProgress_ = 0.0;
        lastCheckpoint_ = 0.0;
    }
    std::uint64_t nodes() const { return nodes_; }

    void searchRoot(const Position& root) {
        const ProofPair result = search(root, Thresholds{}, 0, false);
        flushNodes();
        if (result.proven() && !search_.rootProven_.exchange(true)) {
            search_.rootValue_ = result.won() ? Value::Win : Value::Loss;
        }
        if (result.proven()) search_.stop_.store(true);
    }

    // Solves the job's position alone (other workers share only the table).
    SearchResult searchJob(const Position& root) {
        const auto started = std::chrono::steady_clock::now();
        const std::uint64_t nodesBefore = nodes_;
        const ProofPair result = search(root, Thresholds{}, 0, false);
        flushNodes();
        SearchResult answer;
        if (result.proven()) answer.value = result.won() ? Value::Win : Value::Loss;
        answer.nodes = nodes_ - nodesBefore;
        answer.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        return answer;
    }

    // Searches another worker's job alongside it until that job is done (or the search
    // stops); the proofs it finds reach the owner through the table. Returns its nodes.
    std::uint64_t helpJob(const Position& root, SearchJob& job) {
        const std::uint64_t nodesBefore = nodes_;
        job.helpers.fetch_add(1);
        search_.helpers_.fetch_add(1);
        helping_ = &job;
        search(root, Thresholds{}, 0, false);
        helping_ = nullptr;
        search_.helpers_.fetch_sub(1);
        job.helpers.fetch_sub(1);
        flushNodes();
        return nodes_ - nodesBefore;
    }

private:
    // Several workers in one tree (one root for all, or helpers in a solveAll() job): virtual
    // losses where a node spreads them.
    bool parallel() const {
        return search_.workers_.size() > 1 && (search_.sharedRoot_ || search_.helpers_.load(std::memory_order_relaxed) > 0);
    }
    bool stopped() const {
        return search_.stop_.load(std::memory_order_relaxed) ||
               (helping_ != nullptr && helping_->done.load(std::memory_order_relaxed));
    }

    // The starting numbers of an unfinished child (in canonical form): what the table knows
    // (one probe, in the bucket its prefetch found), an oracle answer, else the estimate.
    ProofPair initialNumbers(const Position& child, const ChildSketch& sketch, ProofTable::Probe probe) {
        typename ProofTable::Found found;
        if (search_.table_.lookup(child, found, probe)) return found.numbers;
        if (const auto probed = search_.oracle_.probeValue(child)) {
            return *probed == Value::Win ? ProofPair::win() : ProofPair::loss();
        }
        return initialEstimate(search_.game_, child, sketch, scratch_);
    }

    // Lists the node's children with their starting numbers; the node's value when one child
    // already decides it (a move to a lost position) or none is left.
    std::optional<ProofPair> expand(const Position& node, LocalExpansion& expansion) {
        const auto& game = search_.game_;
        moves_.clear();
        game.generateMoves(node, moves_);
        std::array<Position, MoveList::kCapacity>& children = children_;
        search_.symmetries_.imagesOf(node, nodeImages_);
        // The children's buckets are fetched together, after every child is worked out: issued
        // between two children's work, each prefetch stalled the core (most likely its page walk
        // holds its retirement) until it came back (solver/README.md, "Prefetches together").
        // Finished children are neither fetched nor probed.
        for (int index = 0; index < moves_.size(); ++index) {
            const auto at = static_cast<std::size_t>(index);
            children[at] = search_.canonicalNear(nodeImages_, game.applyMove(node, moves_[index]));
            sketches_[at] = sketchChild(game, children[at], scratch_);
            if (!sketches_[at].finished()) probes_[at] = search_.table_.probeOf(children[at]);
        }
        for (int index = 0; index < moves_.size(); ++index) {
            const auto at = static_cast<std::size_t>(index);
            if (!sketches_[at].finished()) search_.table_.prefetch(probes_[at]);
        }
        expansion.clear();
        for (int index = 0; index < moves_.size(); ++index) {
            const auto at = static_cast<std::size_t>(index);
            const Position& child = children[at];
            const ProofPair numbers = sketches_[at].finished() ? finishedNumbers(game, child) : initialNumbers(child, sketches_[at], probes_[at]);
            if (numbers.lost()) return ProofPair::win();  // a move to a lost position wins at once
            if (!numbers.won()) expansion.add(child, numbers);  // a move to a won one never helps
        }
        if (expansion.size() == 0) return ProofPair::loss();
        return std::nullopt;
    }

    // Expands `node` and searches below it until its numbers reach `limits`. `marked`: the
    // parent spreads its workers, so the others are told while this worker is inside.
    ProofPair search(const Position& node, Thresholds limits, int depth, bool marked) {
        // The parent's copy of this position's numbers may be stale (a transposition, or
        // another worker, may have moved it on): the table decides whether to go on.
        typename ProofTable::Found stored;
        const ProofTable::Probe probe = search_.table_.probeOf(node);
        if (search_.table_.lookup(node, stored, probe) && limits.reachedBy(stored.numbers)) return stored.numbers;
        search_.table_.prefetchForStore(probe);
        const std::uint64_t nodesBefore = nodes_;
        if (++nodes_ % kPollInterval == 0) poll();
        LocalExpansion& expansion = frames_[static_cast<std::size_t>(depth)];
        const std::optional<ProofPair> decided = expand(node, expansion);
        const bool inside = marked && !decided;
        const std::uint32_t slot = inside ? SharedMarks::slotOf(node) : 0;
        if (inside) search_.marks_.enter(slot);
        ProofPair result = decided.value_or(ProofPair{});
        while (!decided) {
            result = expansion.summarize();
            if (result.proven() || limits.reachedBy(result) || stopped()) break;
            const bool spread = spreadsWorkers(result) && parallel();
            if (spread) expansion.readBusy(search_.marks_);
            Thresholds childLimits;
            const int best = expansion.bestChild(result, limits, childLimits, childTieBreak(Search::GameType::kTraits.proofEstimate),
                                                 thresholdDivisor(Search::GameType::kTraits.proofEstimate));
            searchedChild_[static_cast<std::size_t>(depth)] = best;
            pathLength_ = depth + 1;
            expansion.numbers(best) = search(expansion.child(best), childLimits, depth + 1, spread);
        }
        pathLength_ = depth;
        const std::uint64_t work = nodes_ - nodesBefore;
        search_.table_.store(node, result, static_cast<std::uint32_t>(std::min<std::uint64_t>(work, 0xFFFFFFFFU)), index_);
        if (inside) search_.marks_.leave(slot);
        return result;
    }

    void flushNodes() {
        search_.sharedNodes_.fetch_add(nodes_ - reported_, std::memory_order_relaxed);
        reported_ = nodes_;
    }

    // Every kPollInterval nodes: publish the node count, let a shared table grow, enforce
    // limits (and the caller's stop request), report progress.
    void poll() {
        flushNodes();
        search_.meetIfGrowthWanted();
        const auto& options = search_.options_;
        if (search_.externalStopRequested()) search_.stop_.store(true);
        const std::uint64_t total = search_.sharedNodes_.load(std::memory_order_relaxed);
        if (options.limits.nodes != 0 && total >= options.limits.nodes) search_.stop_.store(true);
        if (options.limits.seconds <= 0.0 && !options.progress && !options.checkpoint) return;
        if (nodes_ % (kPollInterval * 16) != 0) return;
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - search_.started_).count();
        if (options.limits.seconds > 0.0 && seconds >= options.limits.seconds) search_.stop_.store(true);
        if (index_ == 0 && options.checkpoint && seconds - lastCheckpoint_ >= options.checkpointInterval) {
            options.checkpoint(search_.table_);
            lastCheckpoint_ = seconds;
        }
        if (index_ == 0 && options.progress && seconds - lastProgress_ >= options.progressInterval) {
            lastProgress_ = seconds;
            SearchProgress progress;
            progress.nodes = total;
            progress.seconds = seconds;
            progress.root = rootNumbers();
            progress.tableUsed = search_.table_.used();
            progress.tableCapacity = search_.table_.capacity();
            options.progress(progress);
        }
    }

    // The root's numbers now: each node on this worker's path with the child it searches
    // counted at that child's numbers so far, from the deepest expanded node up. A node's own
    // copy of the searched child's numbers changes only when that search returns, which near
    // the root of a long solve can take the whole session.
    ProofPair rootNumbers() const {
        // poll() runs as a node is entered, before its expansion: the path's last expanded
        // node is the one searching it (the root's, before the root is expanded).
        auto depth = static_cast<std::size_t>(std::max(pathLength_ - 1, 0));
        ProofPair numbers = frames_[depth].current();
        while (depth-- > 0) numbers = frames_[depth].current(searchedChild_[depth], numbers);
        return numbers;
    }

    Search& search_;
    int index_;
    std::vector<LocalExpansion> frames_;
    // The path below the root: the child each of its first pathLength_ nodes is searching.
    std::vector<int> searchedChild_;
    int pathLength_ = 0;
    BoardSymmetries::Images nodeImages_;                 // the node being expanded
    std::array<Position, MoveList::kCapacity> children_;  // its children
    std::array<ChildSketch, MoveList::kCapacity> sketches_;  // and their sketches
    std::array<ProofTable::Probe, MoveList::kCapacity> probes_;  // their buckets
    MoveList moves_;
    MoveList scratch_;
    std::uint64_t nodes_ = 0;
    std::uint64_t reported_ = 0;
    double lastProgress_ = 0.0;
    double lastCheckpoint_ = 0.0;
    SearchJob* helping_ = nullptr;  // the solveAll() job this worker helps, if any
};

}  // namespace papamu
