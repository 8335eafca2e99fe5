#pragma once
// What /api/probe answers: a position's value and remoteness, every legal move with the value and
// remoteness it leads to, and a line of best play. From a table when one covers the position;
// else from a df-pn search within a node and time budget, which gives values without
// remoteness and says "unknown" for whatever the budget did not settle: never a guess.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "rules/color.hpp"
#include "rules/move.hpp"
#include "server/position_request.hpp"
#include "solver/search_control.hpp"
#include "tablebase/table_probe.hpp"

namespace papamu::server {

enum class ProbeSource { Table, Search };
const char* probeSourceName(ProbeSource source);

struct MoveAnswer {
    Move move;
    std::string after;                // the position it leads to
    std::optional<Value> value;       // for the player making the move; nullopt: unknown
    std::optional<int> remoteness;    // of the position it leads to; nullopt: unknown
};

struct ProbeAnswer {
    ProbeSource source = ProbeSource::Table;
    std::optional<Value> value;       // for the side to move; nullopt: the budget ran out
    std::optional<int> remoteness;    // tables only (search proves values, not distances)
    std::vector<MoveAnswer> moves;     // best first: quickest wins, then longest losses, then unknown
    std::vector<Move> bestLine;
    std::uint64_t nodes = 0;          // search only: positions expanded
    double seconds = 0.0;
};

// Every answer from the table (which must cover the position).
ProbeAnswer probeFromTable(const PositionRequest& request, const TableProbe& table);

struct SearchBudget {
    SearchLimits limits;              // nodes and seconds for the whole request (0: none)
    std::size_t hashMegabytes = 16;
    std::function<bool()> stopRequested;  // the server is shutting down
};
// Bounded df-pn for the position, then for each move's position, then the best line, each with
// what is left of the budget.
ProbeAnswer probeBySearch(const PositionRequest& request, const SearchBudget& budget);

}  // namespace papamu::server
