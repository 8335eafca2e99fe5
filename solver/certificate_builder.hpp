#pragma once
// Turns a finished proof-number search into a certificate (certificate/README.md): a winning
// move at every position of the proof where the winner is to move, nothing where the loser is
// (a checker generates all of those moves itself), down to finished positions only, so that the
// certificate depends on neither the search nor any table.
//
// The walk starts at the root and asks the search for values. Where the transposition table
// still holds proofs of several winning moves, it takes the one whose proof took the least
// work, as the smallest subtree; where the table has lost the proof (replaced entries), it
// re-proves children until it finds a losing one. Positions are shared by their canonical form,
// so a transposition is proven once. Positions offering the pie swap are won by the rule, so a
// proof ends there (a board's start with the pie rule is proven lost by its first moves alone).
#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "certificate/certificate_file.hpp"
#include "rules/game_concept.hpp"
#include "rules/pie_rule.hpp"
#include "solver/proof_number_search.hpp"

namespace papamu {

template <Game G, LeafOracle O>
class CertificateBuilder {
public:
    explicit CertificateBuilder(ProofNumberSearch<G, O>& search) : search_(search), symmetries_(search.game().geometry()) {}

    // The records proving that `root` has `value` for the side to move, sorted by key; nullopt
    // when a search limit (or a stop request) left a needed value unknown.
    std::optional<std::vector<CertificateRecord>> collect(const Position& root, Value value) {
        records_.clear();
        const bool complete = value == Value::Win ? proveWin(canonical(root)) : proveLoss(root);
        if (!complete) return std::nullopt;
        std::vector<CertificateRecord> sorted;
        sorted.reserve(records_.size());
        for (const auto& [position, move] : records_) sorted.push_back(CertificateRecord{CertificateKey::of(position), move});
        std::sort(sorted.begin(), sorted.end(), [](const CertificateRecord& a, const CertificateRecord& b) { return a.key < b.key; });
        return sorted;
    }

    // Writes the proof to `path` (replaced only when complete); nullopt as for collect().
    std::optional<CertificateFileSummary> write(const std::string& path, GameKind kind, const BoardSize& size, const Position& root,
                                                Value value) {
        const auto records = collect(root, value);
        if (!records) return std::nullopt;
        CertificateFileWriter writer(path, CertificateClaim{kind, search_.game().variant(), size, root, value});
        for (const CertificateRecord& record : *records) writer.add(record);
        return writer.finish();
    }

private:
    Position canonical(const Position& position) const {
        return symmetries_.canonical(position, search_.game().symmetryPermission(position));
    }

    // `position` is canonical, its side to move wins and the game is not over. A swap offer
    // needs no record: the checker takes it as won by the pie rule (rules/pie_rule.hpp).
    bool proveWin(const Position& position) {
        if (wonByPieRule(position, false)) return true;
        if (records_.count(position) != 0) return true;
        const std::optional<Move> move = winningMove(position);
        if (!move) return false;
        records_.emplace(position, *move);
        return proveLoss(search_.game().applyMove(position, *move));
    }

    // The side to move at `position` loses: every reply must lead to a proven win or the end.
    bool proveLoss(const Position& position) {
        const G& game = search_.game();
        if (const auto finished = game.finishedValue(position)) return requireValue(*finished == Value::Loss, position);
        MoveList replies;
        game.generateMoves(position, replies);
        for (const Move reply : replies) {
            const Position next = game.applyMove(position, reply);
            if (const auto finished = game.finishedValue(next)) {
                if (!requireValue(*finished == Value::Win, next)) return false;
                continue;
            }
            if (!proveWin(canonical(next))) return false;
        }
        return true;
    }

    // The winning move of a won position: an immediate end if there is one, else the child
    // whose proof of loss took the least work, else the first child a new search proves lost.
    std::optional<Move> winningMove(const Position& position) {
        const G& game = search_.game();
        MoveList moves;
        game.generateMoves(position, moves);
        std::optional<Move> cheapest;
        std::uint64_t leastWork = ~std::uint64_t{0};
        for (const Move move : moves) {
            const Position child = canonical(game.applyMove(position, move));
            if (endsLost(child)) return move;
            typename ProofTable::Found found;
            if (search_.table().lookup(child, found) && found.numbers.lost() && found.work < leastWork) {
                leastWork = found.work;
                cheapest = move;
            }
        }
        if (cheapest) return cheapest;
        for (const Move move : moves) {
            const Position child = game.applyMove(position, move);
            const std::optional<Value> value = search_.provenValue(child);
            if (!value) return std::nullopt;
            if (*value == Value::Loss) return move;
        }
        requireValue(false, position);
        return std::nullopt;
    }

    bool endsLost(const Position& position) const {
        const G& game = search_.game();
        if (const auto finished = game.finishedValue(position)) return *finished == Value::Loss;
        MoveList moves;
        game.generateMoves(position, moves);
        return moves.empty();
    }

    // A value the proof needs and the rules contradict means the search was wrong: never write that.
    static bool requireValue(bool holds, const Position&) {
        if (!holds) throw std::logic_error("certificate: the proof search claimed a value that the rules contradict");
        return true;
    }

    ProofNumberSearch<G, O>& search_;
    BoardSymmetries symmetries_;
    std::unordered_map<Position, Move, PositionHash> records_;
};

}  // namespace papamu
