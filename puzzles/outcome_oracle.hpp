#pragma once
// Where puzzles get exact outcomes from: a solved table when one covers the position, else an
// exact memoized search. Puzzle code is written against the OutcomeOracle concept only, so the
// same generator and checker run on tables, on search, or on both.
#include <concepts>
#include <cstdint>
#include <optional>

#include "rules/game_concept.hpp"
#include "solver/outcome_search.hpp"
#include "tablebase/table_probe.hpp"

namespace papamu {

// An exact value and remoteness, for the side to move, of any position of one game and board.
template <class O>
concept OutcomeOracle = requires(O& oracle, const Position& position) {
    { oracle.outcome(position) } -> std::same_as<Outcome>;
};

// Exact search with a memo that is dropped when it grows past `memoLimit` positions, so a long
// puzzle run does not grow without bound. Dropping it never changes an answer, only the time.
template <Game G>
class SearchOracle {
public:
    explicit SearchOracle(const G& game, std::uint64_t memoLimit = 12'000'000)
        : game_(game), memoLimit_(memoLimit), search_(std::in_place, game) {}

    Outcome outcome(const Position& position) {
        if (search_->positionsSolved() > memoLimit_) search_.emplace(game_);
        return search_->solve(position);
    }

private:
    G game_;
    std::uint64_t memoLimit_;
    std::optional<OutcomeSearch<G>> search_;
};

// A table first; positions it does not cover (more stones than were built) go to search.
template <Game G>
class TableOracle {
public:
    TableOracle(const G& game, const TableProbe& table) : table_(table), fallback_(game) {}

    Outcome outcome(const Position& position) {
        if (const std::optional<Outcome> found = table_.probe(position)) return *found;
        return fallback_.outcome(position);
    }

private:
    const TableProbe& table_;
    SearchOracle<G> fallback_;
};

}  // namespace papamu
