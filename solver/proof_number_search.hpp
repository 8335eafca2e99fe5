#pragma once
// Depth-first proof-number search (df-pn) with the 1+epsilon threshold trick, over the Game
// concept, proving the value of one position for the side to move.
//
// - Negamax form: a position's proof number is the least disproof number of its children, its
//   disproof number the sum of their proof numbers. New positions start at (1, mobility): a
//   position with many replies is hard to refute.
// - Positions are stored in canonical form under the symmetries the game permits for them, in a
//   ProofTable keyed by the whole position. The game graph is acyclic (every move removes a
//   stone; the swap happens once), so no cycle handling is needed.
// - Each recursion level keeps its children and their last known numbers in a preallocated
//   LocalExpansion (solver/local_expansion.hpp: the node's numbers, the best child, its
//   thresholds), so progress never depends on the table keeping an entry: a tiny table is slow,
//   not wrong. Worker::search() reads as the algorithm: stale check, expand, then pick the best
//   child and descend until the node's numbers reach their thresholds.
// - Parallel: every worker runs df-pn from the root on the shared table. Under a node that looks
//   lost a worker marks the child it enters busy (SharedMarks, solver/shared_marks.hpp) and the
//   others see busy children as harder (a virtual loss), so they spread over children that all
//   need refuting; under a node that looks won they follow the best child together. What another
//   worker stored is read from the table when a worker enters the position. Values never depend
//   on the thread count; node counts do.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <memory>
#include <optional>
#include <thread>
#include <unordered_map>
#include <vector>

#include "rules/game_concept.hpp"
#include "rules/pie_rule.hpp"
#include "rules/symmetry.hpp"
#include "solver/initial_estimate.hpp"
#include "solver/leaf_oracle.hpp"
#include "solver/local_expansion.hpp"
#include "solver/proof_number.hpp"
#include "solver/proof_table.hpp"
#include "solver/search_control.hpp"
#include "solver/shared_marks.hpp"
#include "solver/worker_rendezvous.hpp"

namespace papamu {

template <Game G, LeafOracle O = NullLeafOracle>
class ProofNumberSearch {
public:
    explicit ProofNumberSearch(const G& game, SearchOptions options = {}, O oracle = {})
        : game_(game),
          oracle_(std::move(oracle)),
          options_(std::move(options)),
          symmetries_(game.geometry()),
          table_(ProofTableBytes{options_.tableBytes != 0 ? options_.tableBytes : options_.hashMegabytes << 20}, options_.threads > 1,
                 options_.entryLayout.value_or(ProofTable::layoutFor(game.geometry().cellCount()))) {
        options_.threads = std::clamp(options_.threads, 1, SharedMarks::kMostWorkers);
        for (int index = 0; index < options_.threads; ++index) workers_.push_back(std::make_unique<Worker>(*this, index));
    }

    // Proves the value of `position` for the side to move (nullopt if a limit stopped it).
    SearchResult solve(const Position& position) {
        const auto started = std::chrono::steady_clock::now();
        SearchResult result;
        const Position root = canonical(position);
        const ProofPair known = knownNumbers(root, true);
        if (known.proven()) {
            result.value = known.won() ? Value::Win : Value::Loss;
        } else {
            stop_.store(externalStopRequested());
            rootProven_.store(false);
            sharedNodes_.store(0);
            started_ = started;
            for (auto& worker : workers_) worker->reset();
            runWorkers([&root](Worker& worker) { worker.searchRoot(root); });
            for (auto& worker : workers_) result.nodes += worker->nodes();
            if (rootProven_.load()) result.value = rootValue_;
            if (!result.value) result.rootNumbers = storedNumbers(root);
        }
        result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        result.tableUsed = table_.used();
        result.tableCapacity = table_.capacity();
        return result;
    }

    // Proves several positions on the shared table, one worker per position at a time (job-level
    // parallelism: independent positions split better than one tree). Same values as solve().
    std::vector<SearchResult> solveAll(const std::vector<Position>& positions) {
        std::vector<SearchResult> results(positions.size());
        std::vector<Position> roots;
        std::vector<std::size_t> open;
        // Positions equal up to symmetry are one job: two workers on images of one position
        // would only duplicate each other's work (a board's openings are mostly such images).
        std::vector<std::size_t> sameAs(positions.size(), positions.size());
        std::unordered_map<Position, std::size_t, PositionHash> firstOf;
        for (std::size_t index = 0; index < positions.size(); ++index) {
            const Position root = canonical(positions[index]);
            const auto [first, isNew] = firstOf.emplace(root, index);
            if (!isNew) {
                sameAs[index] = first->second;
                continue;
            }
            const ProofPair known = knownNumbers(root, true);
            if (known.proven()) {
                results[index].value = known.won() ? Value::Win : Value::Loss;
            } else {
                roots.push_back(root);
                open.push_back(index);
            }
        }
        stop_.store(externalStopRequested());
        sharedNodes_.store(0);
        started_ = std::chrono::steady_clock::now();
        sharedRoot_ = false;
        for (auto& worker : workers_) worker->reset();
        std::atomic<std::size_t> next{0};
        // A worker with no job left helps one still running (the one with the fewest helpers):
        // one hard opening line would otherwise keep all but one worker idle.
        std::vector<JobState> jobs(roots.size());
        const auto work = [&](Worker& worker) {
            for (std::size_t job = next++; job < roots.size() && !stop_.load(); job = next++) {
                results[open[job]] = worker.searchJob(roots[job]);
                jobs[job].done.store(true);
            }
            while (!stop_.load()) {
                std::size_t helped = roots.size();
                for (std::size_t job = 0; job < roots.size(); ++job) {
                    if (jobs[job].done.load()) continue;
                    if (helped == roots.size() || jobs[job].helpers.load() < jobs[helped].helpers.load()) helped = job;
                }
                if (helped == roots.size()) break;
                const std::uint64_t helpedNodes = worker.helpJob(roots[helped], jobs[helped]);
                jobs[helped].nodes.fetch_add(helpedNodes);
                if (helpedNodes != 0) continue;
                // The job's root is proven and its owner not out of it yet: until it is, this
                // worker searches nothing, so it never polls. It must still come to a meeting the
                // owner may be waiting at (to grow the table; waiting, the two hung), and leave
                // the owner the core meanwhile.
                meetIfGrowthWanted();
                std::this_thread::yield();
            }
        };
        runWorkers(work);
        sharedRoot_ = true;
        for (std::size_t job = 0; job < roots.size(); ++job) results[open[job]].nodes += jobs[job].nodes.load();
        for (std::size_t job = 0; job < roots.size(); ++job) {
            if (!results[open[job]].value) results[open[job]].rootNumbers = storedNumbers(roots[job]);
        }
        for (std::size_t index = 0; index < positions.size(); ++index) {
            if (sameAs[index] == positions.size()) continue;
            results[index].value = results[sameAs[index]].value;
            results[index].rootNumbers = results[sameAs[index]].rootNumbers;
        }
        for (SearchResult& result : results) {
            result.tableUsed = table_.used();
            result.tableCapacity = table_.capacity();
        }
        return results;
    }

    // The numbers the table holds for a canonical position, if it holds it.
    std::optional<ProofPair> storedNumbers(const Position& canonicalPosition) const {
        typename ProofTable::Found found;
        if (!table_.lookup(canonicalPosition, found)) return std::nullopt;
        return found.numbers;
    }

    // The value of a position if it is finished, covered by the oracle or proven in the table.
    std::optional<Value> knownValue(const Position& position) const {
        const ProofPair known = knownNumbers(canonical(position), false);
        if (!known.proven()) return std::nullopt;
        return known.won() ? Value::Win : Value::Loss;
    }

    // knownValue(), else a search of the position (nullopt if a limit stopped it).
    std::optional<Value> provenValue(const Position& position) {
        if (const auto known = knownValue(position)) return known;
        return solve(position).value;
    }

    // What is known of each move's position, without searching: the rules' end, an oracle's
    // answer or a proof in the table, else the table's numbers (nullopt where none are stored).
    std::vector<MoveNumbers> moveNumbers(const Position& position) const {
        MoveList moves;
        game_.generateMoves(position, moves);
        std::vector<MoveNumbers> known;
        for (const Move move : moves) {
            const Position child = canonical(game_.applyMove(position, move));
            const ProofPair numbers = knownNumbers(child, false);
            known.push_back({move, numbers.proven() ? std::optional<ProofPair>(numbers) : storedNumbers(child)});
        }
        return known;
    }

    // Proves (or finds proven) each child of a won position and returns the winning moves: the
    // first one found, or all of them. Empty for a lost position; nullopt if a limit stopped it.
    std::optional<std::vector<Move>> winningMoves(const Position& position, bool all) {
        if (decidedByPieRule(position)) return winningMovesWithSwapOffer(position, all);
        MoveList moves;
        game_.generateMoves(position, moves);
        std::vector<Move> winning;
        if (!all) {
            // A proof keeps its winning child in the table, so look there before searching.
            for (const Move move : moves) {
                if (knownValue(game_.applyMove(position, move)) == Value::Loss) return std::vector<Move>{move};
            }
        }
        for (const Move move : moves) {
            const Position child = game_.applyMove(position, move);
            const std::optional<Value> value = provenValue(child);
            if (!value) return std::nullopt;
            if (*value == Value::Loss) {
                winning.push_back(move);
                if (!all) break;
            }
        }
        return winning;
    }

    // A line of best play from a proven position: a winning move at every won position, and at
    // every lost one the reply whose refutation took the most work. Stops at the end of the game,
    // after `maxPlies`, where a limit left a value unknown, or past the first ply at a swap offer:
    // the pie rule decides it, and which way wins there is a whole board's solve (decidedByPieRule).
    std::vector<Move> principalLine(Position position, int maxPlies) {
        std::vector<Move> line;
        for (int ply = 0; ply < maxPlies; ++ply) {
            if (game_.finishedValue(position)) break;
            if (ply > 0 && decidedByPieRule(position)) break;
            MoveList moves;
            game_.generateMoves(position, moves);
            if (moves.empty()) break;
            const std::optional<Value> value = provenValue(position);
            if (!value) break;
            Move chosen = moves[0];
            if (*value == Value::Win) {
                const auto winning = winningMoves(position, false);
                if (!winning || winning->empty()) break;
                chosen = winning->front();
            } else {
                std::uint64_t mostWork = 0;
                for (const Move move : moves) {
                    typename ProofTable::Found found;
                    if (table_.lookup(canonical(game_.applyMove(position, move)), found) && found.work > mostWork) {
                        mostWork = found.work;
                        chosen = move;
                    }
                }
            }
            line.push_back(chosen);
            position = game_.applyMove(position, chosen);
        }
        return line;
    }

    // The position offers the swap and the game goes on: won by the pie rule (rules/pie_rule.hpp),
    // and where principalLine() stops past its first ply.
    bool decidedByPieRule(const Position& position) const {
        return wonByPieRule(position, game_.finishedValue(position).has_value());
    }

    // Limits for the following solve() calls (a board solve hands each line what is left).
    void setLimits(SearchLimits limits) { options_.limits = limits; }

    // About how many bytes a search with these options holds, for refusing up front what would
    // not fit (solver/memory_budget.hpp): the table, the shared marks and the table's locks,
    // every worker's preallocated frames, and a fixed allowance for the program itself (code,
    // libraries, oneTBB's threads). Saturates rather than wrapping for absurd table sizes.
    static std::uint64_t memoryEstimate(const SearchOptions& options) {
        constexpr std::uint64_t kMegabyte = std::uint64_t{1} << 20;
        constexpr std::uint64_t kProgramBytes = 32 * kMegabyte;
        constexpr std::uint64_t kMost = ~std::uint64_t{0};
        const std::uint64_t megabytes = options.hashMegabytes;
        if (megabytes > kMost / kMegabyte / 2) return kMost;  // the rest is far below 2^63
        const std::uint64_t workers = static_cast<std::uint64_t>(std::max(options.threads, 1));
        const std::uint64_t frameBytes = sizeof(LocalExpansion);
        const std::uint64_t shared = SharedMarks::bytes() + ProofTable::kLockBytes;
        return megabytes * kMegabyte + shared + workers * kMaxDepth * frameBytes + kProgramBytes;
    }

    const G& game() const { return game_; }
    const ProofTable& table() const { return table_; }
    ProofTable& table() { return table_; }  // e.g. to read a checkpoint in before solving
    const SearchOptions& options() const { return options_; }

private:
    static constexpr int kMaxDepth = 72;  // at most 64 stones to remove, plus the swap
    static constexpr std::uint64_t kPollInterval = 1024;

    // One opening line of solveAll(): finished yet, how many idle workers help it, their nodes.
    struct JobState {
        std::atomic<bool> done{false};
        std::atomic<int> helpers{0};
        std::atomic<std::uint64_t> nodes{0};
    };

    // A shared table grows only while every worker waits at the meeting (or has finished).
    void meetIfGrowthWanted() {
        if (table_.growthWanted()) rendezvous_.meet();
    }

    // Runs body(worker) for every worker at once, the first on this thread, each a member of the
    // table's meetings while it runs. Threads of their own, not a pool's tasks: the workers wait
    // for each other at those meetings, and a pool does not promise to run its tasks side by
    // side; and a thread starts in about 0.2 ms where oneTBB's first arena took 3-10 ms, inside
    // the search's time (solver/README.md, "Parallel search"). A worker's exception stops the
    // others and is rethrown once all are back.
    template <class Body>
    void runWorkers(const Body& body) {
        if (workers_.size() == 1) {
            body(*workers_.front());
            return;
        }
        std::vector<std::exception_ptr> failures(workers_.size());
        const auto run = [&](std::size_t index) {
            try {
                const WorkerRendezvous::Membership inside(rendezvous_);
                body(*workers_[index]);
            } catch (...) {
                failures[index] = std::current_exception();
                stop_.store(true);
            }
        };
        {
            std::vector<std::jthread> others;
            others.reserve(workers_.size() - 1);
            for (std::size_t index = 1; index < workers_.size(); ++index) others.emplace_back(run, index);
            run(0);
        }
        for (const std::exception_ptr& failure : failures) {
            if (failure) std::rethrow_exception(failure);
        }
    }

    bool externalStopRequested() const { return options_.stopRequested && options_.stopRequested(); }

    Position canonical(const Position& position) const {
        return symmetries_.canonical(position, game_.symmetryPermission(position));
    }
    // The same for a child of the node whose images are given (BoardSymmetries::canonicalNear).
    Position canonicalNear(const BoardSymmetries::Images& node, const Position& child) const {
        return symmetries_.canonicalNear(node, child, game_.symmetryPermission(child));
    }

    // The winning moves where the swap is on offer: the swap alone when the board without the
    // offer is lost for the side to move (no other move can win then), else that board's
    // winning moves, the swap losing. So its one search decides the question.
    std::optional<std::vector<Move>> winningMovesWithSwapOffer(const Position& position, bool all) {
        const Position withoutOffer = withoutSwapOffer(position);
        const std::optional<Value> value = provenValue(withoutOffer);
        if (!value) return std::nullopt;
        if (*value == Value::Loss) return std::vector<Move>{Move::swap()};
        return winningMoves(withoutOffer, all);
    }

    // Finished positions, swap offers (the pie rule), oracle answers and proven table entries;
    // (1, 1) when nothing is known.
    ProofPair knownNumbers(const Position& canonicalPosition, bool countMoves) const {
        if (const auto finished = game_.finishedValue(canonicalPosition)) {
            return *finished == Value::Win ? ProofPair::win() : ProofPair::loss();
        }
        if (wonByPieRule(canonicalPosition, false)) return ProofPair::win();
        typename ProofTable::Found found;
        if (table_.lookup(canonicalPosition, found) && found.numbers.proven()) return found.numbers;
        if (const auto probed = oracle_.probeValue(canonicalPosition)) {
            return *probed == Value::Win ? ProofPair::win() : ProofPair::loss();
        }
        if (countMoves) {
            MoveList moves;
            game_.generateMoves(canonicalPosition, moves);
            if (moves.empty()) return ProofPair::loss();
        }
        return ProofPair{1, 1};
    }

    class Worker {
    public:
        Worker(ProofNumberSearch& search, int index)
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
        std::uint64_t helpJob(const Position& root, JobState& job) {
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
            // Each child's moves are counted while the prefetches of the children before it are in
            // flight; finished children are neither fetched nor probed.
            for (int index = 0; index < moves_.size(); ++index) {
                const auto at = static_cast<std::size_t>(index);
                children[at] = search_.canonicalNear(nodeImages_, game.applyMove(node, moves_[index]));
                sketches_[at] = sketchChild(game, children[at], scratch_);
                if (!sketches_[at].finished()) probes_[at] = search_.table_.prefetch(children[at]);
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
            if (search_.table_.lookup(node, stored) && limits.reachedBy(stored.numbers)) return stored.numbers;
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
                const int best = expansion.bestChild(result, limits, childLimits, childTieBreak(G::kTraits.proofEstimate),
                                                     thresholdDivisor(G::kTraits.proofEstimate));
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

        ProofNumberSearch& search_;
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
        JobState* helping_ = nullptr;  // the solveAll() job this worker helps, if any
    };

    G game_;
    O oracle_;
    SearchOptions options_;
    BoardSymmetries symmetries_;
    ProofTable table_;
    SharedMarks marks_;
    WorkerRendezvous rendezvous_{[this](const WorkShare& share) { table_.growTogether(share); }};
    std::vector<std::unique_ptr<Worker>> workers_;
    std::atomic<bool> stop_{false};
    bool sharedRoot_ = true;  // false while solveAll() hands each worker its own positions
    std::atomic<int> helpers_{0};  // workers of solveAll() helping another's job
    std::atomic<bool> rootProven_{false};
    Value rootValue_ = Value::Loss;
    // Written every kPollInterval nodes by every worker: on a cache line of its own, apart from
    // stop_ and helpers_, which every worker reads every round.
    alignas(64) std::atomic<std::uint64_t> sharedNodes_{0};
    alignas(64) std::chrono::steady_clock::time_point started_;
};

}  // namespace papamu
