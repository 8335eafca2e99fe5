#include "certificate/certificate_checker.hpp"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <vector>

#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"
#include "rules/pie_rule.hpp"

namespace papamu {

namespace {

// The first failure by record order, so that the verdict does not depend on the thread count.
struct FirstFailure {
    std::mutex mutex;
    std::atomic<std::uint64_t> record{~std::uint64_t{0}};
    std::string reason;
    Position position;
    std::optional<Move> move;

    void report(std::uint64_t index, const Position& at, std::optional<Move> chosen, std::string why) {
        const std::lock_guard lock(mutex);
        if (index >= record.load()) return;
        record.store(index);
        reason = std::move(why);
        position = at;
        move = chosen;
    }
};

// Which records some proof step leads to: a record nobody reaches is surplus, and rejected.
class ReachedRecords {
public:
    explicit ReachedRecords(std::uint64_t count) : words_((count + 63) / 64), count_(count) {}
    void mark(std::uint64_t index) { words_[index / 64].fetch_or(std::uint64_t{1} << (index % 64), std::memory_order_relaxed); }
    std::optional<std::uint64_t> firstUnreached() const {
        for (std::uint64_t index = 0; index < count_; ++index) {
            if (((words_[index / 64].load(std::memory_order_relaxed) >> (index % 64)) & 1U) == 0) return index;
        }
        return std::nullopt;
    }

private:
    std::vector<std::atomic<std::uint64_t>> words_;
    std::uint64_t count_;
};

template <Game G>
class ProofChecker {
public:
    ProofChecker(const G& game, const CertificateFile& file)
        : game_(game), file_(file), symmetries_(game.geometry()), reached_(file.recordCount()),
          lookups_([&file] { return CertificateLookup(file); }) {}

    // Every reply of the loser in `position` must end the game won for the winner, offer the
    // swap (won by the pie rule) or reach a record; returns the reason when one does not.
    std::optional<std::string> checkLoserPosition(const Position& position, std::uint64_t& replies) {
        if (const auto finished = game_.finishedValue(position)) {
            if (*finished == Value::Loss) return std::nullopt;
            return "the move leads to a finished position won by the opponent: " + text(position);
        }
        MoveList moves;
        game_.generateMoves(position, moves);
        CertificateLookup& lookup = lookups_.local();
        for (const Move reply : moves) {
            ++replies;
            const Position next = game_.applyMove(position, reply);
            if (const auto finished = game_.finishedValue(next)) {
                if (*finished == Value::Win) continue;
                return "the reply " + moveName(game_.geometry(), reply) + " ends the game lost for the winner: " + text(next);
            }
            const Position key = canonical(next);
            const std::optional<std::uint64_t> found = lookup.find(CertificateKey::of(key));
            if (found) reached_.mark(*found);
            if (wonByPieRule(next, false)) continue;  // won by the pie rule, with or without a record
            if (!found) {
                return "after the reply " + moveName(game_.geometry(), reply) + " the position " + text(next) +
                       " (canonical form " + text(key) + ") is not in the certificate";
            }
        }
        return std::nullopt;
    }

    // A record: a canonical, playable, unfinished position and a legal move that wins.
    std::optional<std::string> checkRecord(const CertificateRecord& record, std::uint64_t& replies) {
        const Position position = record.key.position();
        if (const auto problem = game_.positionProblem(position)) return "the position can not occur: " + *problem;
        if (canonical(position) != position) return "the position is not in canonical form (" + text(canonical(position)) + ")";
        if (game_.finishedValue(position)) return "the position is already finished and needs no record";
        MoveList moves;
        game_.generateMoves(position, moves);
        if (!moves.contains(record.move)) return "the recorded move is not legal here";
        return checkLoserPosition(game_.applyMove(position, record.move), replies);
    }

    void checkRecords(FirstFailure& failure, std::atomic<std::uint64_t>& replies) {
        tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, file_.blockCount(), 1), [&](const auto& range) {
            std::uint64_t localReplies = 0;
            for (std::uint64_t block = range.begin(); block != range.end(); ++block) {
                const std::uint64_t first = block * file_.blockRecords();
                if (first > failure.record.load(std::memory_order_relaxed)) break;  // an earlier failure decides
                const std::vector<CertificateRecord> records = file_.readBlock(block);
                for (std::size_t offset = 0; offset < records.size(); ++offset) {
                    if (const auto why = checkRecord(records[offset], localReplies)) {
                        failure.report(first + offset, records[offset].key.position(), records[offset].move, *why);
                        break;
                    }
                }
            }
            replies.fetch_add(localReplies, std::memory_order_relaxed);
        });
    }

    // The root: a won root must be a record or offer the swap; a lost one is checked as a loser position.
    std::optional<std::string> checkRoot(const Position& root, Value claimed, std::uint64_t& replies) {
        if (const auto problem = game_.positionProblem(root)) return "the root can not occur: " + *problem;
        if (claimed == Value::Loss) return checkLoserPosition(root, replies);
        if (const auto finished = game_.finishedValue(root)) {
            return *finished == Value::Win ? std::nullopt : std::optional<std::string>("the root is a finished loss, not a win");
        }
        const std::optional<std::uint64_t> found = lookups_.local().find(CertificateKey::of(canonical(root)));
        if (found) reached_.mark(*found);
        if (found || wonByPieRule(root, false)) return std::nullopt;
        return "the root (canonical form " + text(canonical(root)) + ") is not in the certificate";
    }

    std::optional<std::uint64_t> firstUnreached() const { return reached_.firstUnreached(); }
    std::string text(const Position& position) const { return formatPosition(G::kKind, game_.geometry(), position); }
    const G& game() const { return game_; }

private:
    Position canonical(const Position& position) const { return symmetries_.canonical(position, game_.symmetryPermission(position)); }

    G game_;
    const CertificateFile& file_;
    BoardSymmetries symmetries_;
    ReachedRecords reached_;
    tbb::enumerable_thread_specific<CertificateLookup> lookups_;
};

template <Game G>
CertificateVerdict checkWith(const G& game, const CertificateFile& file, const std::optional<Position>& expectedRoot) {
    CertificateVerdict verdict;
    const CertificateClaim& claim = file.claim();
    ProofChecker<G> checker(game, file);
    const auto fail = [&](std::string reason) {
        verdict.reason = std::move(reason);
        return verdict;
    };
    if (expectedRoot && *expectedRoot != claim.root) {
        return fail("the certificate proves " + checker.text(claim.root) + ", not " + checker.text(*expectedRoot));
    }
    std::uint64_t rootReplies = 0;
    if (const auto why = checker.checkRoot(claim.root, claim.rootValue, rootReplies)) {
        verdict.position = checker.text(claim.root);
        return fail("root: " + *why);
    }
    FirstFailure failure;
    std::atomic<std::uint64_t> replies{rootReplies};
    checker.checkRecords(failure, replies);
    verdict.replies = replies.load();
    verdict.records = file.recordCount();
    if (failure.record.load() != ~std::uint64_t{0}) {
        verdict.record = failure.record.load();
        verdict.position = checker.text(failure.position);
        if (failure.move) verdict.move = moveName(game.geometry(), *failure.move);
        return fail("record " + std::to_string(*verdict.record) + " (" + verdict.position + ", move " + verdict.move + "): " + failure.reason);
    }
    if (const auto surplus = checker.firstUnreached()) {
        verdict.record = *surplus;
        const CertificateRecord record = file.readBlock(*surplus / file.blockRecords())[*surplus % file.blockRecords()];
        verdict.position = checker.text(record.key.position());
        return fail("record " + std::to_string(*surplus) + " (" + verdict.position + ") is not reached from the root");
    }
    verdict.valid = true;
    return verdict;
}

}  // namespace

CertificateVerdict checkCertificate(const CertificateFile& file, const std::optional<Position>& expectedRoot, int threads) {
    const auto started = std::chrono::steady_clock::now();
    const CertificateClaim& claim = file.claim();
    tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(std::max(threads, 1)));
    CertificateVerdict verdict;
    try {
        verdict = visitGame(claim.game, claim.size, claim.variant, [&](const auto& game) { return checkWith(game, file, expectedRoot); });
    } catch (const std::invalid_argument& error) {
        throw CertificateError(std::string("the header names rules papamu does not have: ") + error.what());
    }
    verdict.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return verdict;
}

}  // namespace papamu
