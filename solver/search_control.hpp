#pragma once
// What a caller sets for a search (threads, table size, limits, progress) and what it gets back.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>

#include "rules/color.hpp"
#include "rules/move.hpp"
#include "solver/proof_number.hpp"
#include "solver/proof_table_entry.hpp"

namespace papamu {
class ProofTable;
}

namespace papamu {

// Zero means "no limit". A limited search that runs out answers "unknown" (no value).
struct SearchLimits {
    double seconds = 0.0;
    std::uint64_t nodes = 0;
};

// A snapshot for a progress line: nodes so far, the root's numbers, the rate.
struct SearchProgress {
    std::uint64_t nodes = 0;
    double seconds = 0.0;
    ProofPair root;
    std::size_t tableUsed = 0;
    std::size_t tableCapacity = 0;
};

struct SearchOptions {
    int threads = 1;
    std::size_t hashMegabytes = 256;
    // When not 0, the table's size in bytes instead of hashMegabytes (tiny tables in tests).
    std::size_t tableBytes = 0;
    // The table's entry layout; nullopt: the narrow one where the board allows it
    // (ProofTable::layoutFor). Set in tests and measurements only: values never depend on it.
    std::optional<EntryLayout> entryLayout;
    SearchLimits limits;
    // Called about once per `progressInterval` seconds from one worker while a search runs.
    std::function<void(const SearchProgress&)> progress;
    double progressInterval = 1.0;
    // Asked every few thousand nodes, where the limits are checked (e.g. InterruptGuard's
    // stopRequested for Ctrl-C): true stops the search like a spent limit, so the answer is
    // "unknown" and everything already proven stays. Empty: never asked.
    std::function<bool()> stopRequested;
    // Called with the table about once per `checkpointInterval` seconds from one worker while a
    // search runs (e.g. writeCheckpoint, solver/checkpoint_file.hpp). Empty: never called.
    std::function<void(const ProofTable&)> checkpoint;
    double checkpointInterval = 600.0;
};

struct SearchResult {
    std::optional<Value> value;  // for the side to move; nullopt when a limit stopped the search
    std::uint64_t nodes = 0;     // positions expanded (node counts vary with threads; values do not)
    double seconds = 0.0;
    std::size_t tableUsed = 0;
    std::size_t tableCapacity = 0;
    // Where a stopped search stands: the root's proof and disproof numbers as the table last
    // held them (how far from a proof either way); nullopt when proven or never stored.
    std::optional<ProofPair> rootNumbers;
};

// A move and the numbers of the position after it, for the side to move there (so a move whose
// position has disproof number 0 wins for the mover); nullopt where the table holds nothing.
struct MoveNumbers {
    Move move;
    std::optional<ProofPair> numbers;
};

}  // namespace papamu
