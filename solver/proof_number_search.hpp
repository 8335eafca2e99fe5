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
//   not wrong. The recursion itself is SearchWorker::search() (solver/search_worker.hpp).
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
#include "solver/leaf_oracle.hpp"
#include "solver/local_expansion.hpp"
#include "solver/proof_number.hpp"
#include "solver/proof_table.hpp"
#include "solver/search_control.hpp"
#include "solver/search_worker.hpp"
#include "solver/shared_marks.hpp"
#include "solver/worker_rendezvous.hpp"

namespace papamu {

template <Game G, LeafOracle O = NullLeafOracle>
class ProofNumberSearch {
public:
    using GameType = G;

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
        const JobList jobs = listJobs(positions, results);
        searchJobs(jobs, results);
        for (std::size_t index = 0; index < positions.size(); ++index) {
            const std::size_t first = jobs.imageOf[index];
            if (first == positions.size()) continue;
            results[index].value = results[first].value;
            results[index].rootNumbers = results[first].rootNumbers;
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
        return megabytes * kMegabyte + shared + workers * Worker::kMaxDepth * frameBytes + kProgramBytes;
    }

    const G& game() const { return game_; }
    const ProofTable& table() const { return table_; }
    ProofTable& table() { return table_; }  // e.g. to read a checkpoint in before solving
    const SearchOptions& options() const { return options_; }

private:
    using Worker = SearchWorker<ProofNumberSearch>;
    friend Worker;

    // What solveAll() must search. Positions equal up to symmetry are one job: two workers on
    // images of one position would only duplicate each other's work (a board's openings are
    // mostly such images).
    struct JobList {
        std::vector<Position> roots;     // canonical, neither finished nor known
        std::vector<std::size_t> owner;  // the position each root stands for
        std::vector<std::size_t> imageOf;  // per position: the earlier one it is an image of, or size()
    };

    // The jobs of solveAll(); the values already known go straight into `results`.
    JobList listJobs(const std::vector<Position>& positions, std::vector<SearchResult>& results) const {
        JobList jobs;
        jobs.imageOf.assign(positions.size(), positions.size());
        std::unordered_map<Position, std::size_t, PositionHash> firstOf;
        for (std::size_t index = 0; index < positions.size(); ++index) {
            const Position root = canonical(positions[index]);
            const auto [first, isNew] = firstOf.emplace(root, index);
            if (!isNew) {
                jobs.imageOf[index] = first->second;
                continue;
            }
            const ProofPair known = knownNumbers(root, true);
            if (known.proven()) {
                results[index].value = known.won() ? Value::Win : Value::Loss;
            } else {
                jobs.roots.push_back(root);
                jobs.owner.push_back(index);
            }
        }
        return jobs;
    }

    // Every worker takes the next job until none is left, then helps the jobs still running.
    void searchJobs(const JobList& jobs, std::vector<SearchResult>& results) {
        stop_.store(externalStopRequested());
        sharedNodes_.store(0);
        started_ = std::chrono::steady_clock::now();
        sharedRoot_ = false;
        for (auto& worker : workers_) worker->reset();
        std::atomic<std::size_t> next{0};
        std::vector<SearchJob> states(jobs.roots.size());
        runWorkers([&](Worker& worker) {
            for (std::size_t job = next++; job < jobs.roots.size() && !stop_.load(); job = next++) {
                results[jobs.owner[job]] = worker.searchJob(jobs.roots[job]);
                states[job].done.store(true);
            }
            helpUnfinishedJobs(worker, jobs, states);
        });
        sharedRoot_ = true;
        for (std::size_t job = 0; job < jobs.roots.size(); ++job) {
            SearchResult& result = results[jobs.owner[job]];
            result.nodes += states[job].nodes.load();
            if (!result.value) result.rootNumbers = storedNumbers(jobs.roots[job]);
        }
    }

    // A worker with no job left helps one still running (the one with the fewest helpers): one
    // hard opening line would otherwise keep all but one worker idle.
    void helpUnfinishedJobs(Worker& worker, const JobList& jobs, std::vector<SearchJob>& states) {
        while (!stop_.load()) {
            std::size_t helped = jobs.roots.size();
            for (std::size_t job = 0; job < jobs.roots.size(); ++job) {
                if (states[job].done.load()) continue;
                if (helped == jobs.roots.size() || states[job].helpers.load() < states[helped].helpers.load()) helped = job;
            }
            if (helped == jobs.roots.size()) return;
            const std::uint64_t helpedNodes = worker.helpJob(jobs.roots[helped], states[helped]);
            states[helped].nodes.fetch_add(helpedNodes);
            if (helpedNodes != 0) continue;
            // The job's root is proven and its owner not out of it yet: until it is, this worker
            // searches nothing, so it never polls. It must still come to a meeting the owner may
            // be waiting at (to grow the table; waiting, the two hung), and leave the owner the
            // core meanwhile.
            meetIfGrowthWanted();
            std::this_thread::yield();
        }
    }

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
    // Written every Worker::kPollInterval nodes by every worker: on a cache line of its own, apart from
    // stop_ and helpers_, which every worker reads every round.
    alignas(64) std::atomic<std::uint64_t> sharedNodes_{0};
    alignas(64) std::chrono::steady_clock::time_point started_;
};

}  // namespace papamu
