#pragma once
// Compaction of a checkpoint into a compact one (format version 2) no bigger than a byte budget:
// the entries of highest ProofTable::priorityOf (the most-worked proofs, then the most-worked
// estimates) are kept, the rest dropped. Dropping is always sound: every entry is a fact about
// its own exact position (a proof) or a heuristic (an estimate), never a claim about another, so
// a search resumed from any subset reaches the same values; what a dropped entry costs is the
// search below it, done again when the search needs it, and the entries of least work are the
// ones cheapest to redo. This is how a solve of many hours survives machines that are not kept:
// its multi-GB checkpoint becomes a file of tens of MB that can be committed.
#include <cstdint>
#include <string>
#include <vector>

namespace papamu {

struct CompactionSummary {
    std::uint64_t sourceEntries = 0;
    std::uint64_t sourceProven = 0;
    std::uint64_t entries = 0;  // kept
    std::uint64_t proven = 0;   // kept
    std::uint64_t bytes = 0;    // of the file written
    std::uint64_t lowestPriority = 0;  // of the entries kept (0 when all were)
};

inline constexpr int kCompactionLevel = 19;  // zstd: the file is written once and kept long

// Writes to `target` (atomically, replacing it) the most valuable entries of the checkpoints at
// `sources` (either version, all of one game's rules: e.g. the checkpoints of independent runs
// on one board, merged; a position in several keeps its entry of most priority, and of entries
// of equal priority the one of the source named first: name the newest first) that fit in
// `maxBytes`. Throws CheckpointError for a bad source, sources of different rules, a budget too
// small for the header, or a write that fails; `target` is then untouched.
CompactionSummary compactCheckpoints(const std::vector<std::string>& sources, const std::string& target, std::uint64_t maxBytes,
                                     int level = kCompactionLevel);
inline CompactionSummary compactCheckpoint(const std::string& source, const std::string& target, std::uint64_t maxBytes,
                                           int level = kCompactionLevel) {
    return compactCheckpoints({source}, target, maxBytes, level);
}

}  // namespace papamu
