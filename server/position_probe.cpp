#include "server/position_probe.hpp"

#include <algorithm>
#include <chrono>

#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"
#include "solver/proof_number_search.hpp"
#include "tablebase/rated_moves.hpp"

namespace papamu::server {

namespace {

// Search answers best first: wins, then losses, then unknown values (search gives no remoteness;
// table answers come ordered by tablebase/rated_moves).
int moveRank(const MoveAnswer& move) {
    if (!move.value) return 2;
    return *move.value == Value::Win ? 0 : 1;
}
bool searchedBefore(const MoveAnswer& left, const MoveAnswer& right) { return moveRank(left) < moveRank(right); }

// What is left of a request's budget as limits for the next search.
class BudgetClock {
public:
    explicit BudgetClock(SearchLimits limits) : limits_(limits), started_(std::chrono::steady_clock::now()) {}
    void spend(std::uint64_t nodes) { nodesUsed_ += nodes; }
    std::uint64_t nodesUsed() const { return nodesUsed_; }
    double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count(); }
    bool spent() const {
        return (limits_.nodes != 0 && nodesUsed_ >= limits_.nodes) || (limits_.seconds > 0.0 && seconds() >= limits_.seconds);
    }
    SearchLimits remaining() const {
        SearchLimits left;
        if (limits_.nodes != 0) left.nodes = limits_.nodes - std::min(nodesUsed_, limits_.nodes);
        if (limits_.seconds > 0.0) left.seconds = std::max(limits_.seconds - seconds(), 1e-6);
        return left;
    }

private:
    SearchLimits limits_;
    std::chrono::steady_clock::time_point started_;
    std::uint64_t nodesUsed_ = 0;
};

template <Game G>
std::optional<Value> boundedValue(ProofNumberSearch<G>& search, BudgetClock& clock, const Position& position) {
    if (const auto known = search.knownValue(position)) return known;
    if (clock.spent()) return std::nullopt;
    search.setLimits(clock.remaining());
    const SearchResult result = search.solve(position);
    clock.spend(result.nodes);
    return result.value;
}

// A line of best play as far as the budget proves it: at a won position the first move proven
// to win, at a lost one the first move (every move loses; search does not rank them by length).
// Not ProofNumberSearch::principalLine, whose inner searches would each get the whole budget.
template <Game G>
std::vector<Move> boundedLine(const G& game, ProofNumberSearch<G>& search, BudgetClock& clock, Position position) {
    constexpr int kMostPlies = 64;
    std::vector<Move> line;
    for (int ply = 0; ply < kMostPlies && !game.finishedValue(position); ++ply) {
        MoveList moves;
        game.generateMoves(position, moves);
        const std::optional<Value> value = boundedValue(search, clock, position);
        if (moves.empty() || !value) break;
        std::optional<Move> chosen;
        for (const Move move : moves) {
            if (*value == Value::Loss || boundedValue(search, clock, game.applyMove(position, move)) == Value::Loss) {
                chosen = move;
                break;
            }
        }
        if (!chosen) break;
        line.push_back(*chosen);
        position = game.applyMove(position, *chosen);
    }
    return line;
}

}  // namespace

const char* probeSourceName(ProbeSource source) { return source == ProbeSource::Table ? "table" : "search"; }

ProbeAnswer probeFromTable(const PositionRequest& request, const TableProbe& table) {
    const BoardGeometry geometry(request.size.rows, request.size.columns);
    return visitGame(request.game, request.size, request.variant, [&](const auto& game) {
        const RatedPosition rated = rateMoves(table, request.position);
        ProbeAnswer answer;
        answer.source = ProbeSource::Table;
        answer.value = rated.outcome.value;
        answer.remoteness = rated.outcome.remoteness;
        for (const RatedMove& move : rated.moves) {
            answer.moves.push_back(MoveAnswer{move.move,
                                              formatPosition(request.game, geometry, game.applyMove(request.position, move.move)),
                                              move.value, move.remoteness});
        }
        answer.bestLine = bestLine(table, request.position);
        return answer;
    });
}

ProbeAnswer probeBySearch(const PositionRequest& request, const SearchBudget& budget) {
    return visitGame(request.game, request.size, request.variant, [&](const auto& game) {
        const BoardGeometry& geometry = game.geometry();
        SearchOptions options;
        options.threads = 1;
        options.hashMegabytes = budget.hashMegabytes;
        options.stopRequested = budget.stopRequested;
        ProofNumberSearch search(game, options);
        BudgetClock clock(budget.limits);
        ProbeAnswer answer;
        answer.source = ProbeSource::Search;
        answer.value = boundedValue(search, clock, request.position);
        MoveList moves;
        if (!game.finishedValue(request.position)) game.generateMoves(request.position, moves);
        if (moves.empty()) answer.remoteness = 0;  // the game is over: its value needs no search
        for (const Move move : moves) {
            const Position child = game.applyMove(request.position, move);
            const std::optional<Value> childValue = boundedValue(search, clock, child);
            answer.moves.push_back(MoveAnswer{move, formatPosition(request.game, geometry, child),
                                             childValue ? std::optional<Value>(negate(*childValue)) : std::nullopt,
                                             std::nullopt});
        }
        std::stable_sort(answer.moves.begin(), answer.moves.end(), searchedBefore);
        if (answer.value) answer.bestLine = boundedLine(game, search, clock, request.position);
        answer.nodes = clock.nodesUsed();
        answer.seconds = clock.seconds();
        return answer;
    });
}

}  // namespace papamu::server
