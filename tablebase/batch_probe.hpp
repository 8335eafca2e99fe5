#pragma once
// Many lookups in one call, spread over threads with oneTBB: for the puzzle generator, servers
// and `papamu probe --tb DIR -`. The table is opened once and shared (TableProbe is thread-safe).
//
//   std::vector<std::optional<Outcome>> outcomes = probeMany(table, positions);  // nullopt: not covered
//   std::vector<RatedAnswer> answers = rateMany(table, positions, {.bestLine = true});
//
// Answers come back in the order of the positions. A position the table does not cover gives
// an empty answer (with the reason for rateMany); a damaged table throws TableError as probe does.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tablebase/rated_moves.hpp"
#include "tablebase/table_probe.hpp"

namespace papamu {

std::vector<std::optional<Outcome>> probeMany(const TableProbe& table, std::span<const Position> positions);

struct RateOptions {
    bool moves = true;     // rate every move (else only the outcome)
    bool bestLine = false; // also the best line to the end
};

struct RatedAnswer {
    std::optional<RatedPosition> rated;  // empty when the position is not covered
    std::vector<Move> bestLine;          // when asked for
    std::string error;                   // why not covered, when rated is empty
};

std::vector<RatedAnswer> rateMany(const TableProbe& table, std::span<const Position> positions, RateOptions options);

}  // namespace papamu
