#pragma once
// Checkpoints of a proof-number search: the proven entries of its table (and the unproven ones
// that took at least kCheckpointUnprovenWork nodes), so that a long solve stopped by Ctrl-C, a
// crash or a reboot resumes instead of starting over. Format: solver/README.md ("Checkpoint
// files"). Written atomically (PATH.tmp, fsync, rename, fsync of the directory); the reader
// checks magic, version, rules and checksum before it stores anything.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "rules/game_concept.hpp"
#include "solver/proof_table.hpp"

namespace papamu {

// A checkpoint that cannot be read or written; the message names the file and the problem.
class CheckpointError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

inline constexpr std::uint32_t kCheckpointVersion = 1;
inline constexpr std::uint32_t kCheckpointUnprovenWork = 1024;

// The rules a checkpoint belongs to, e.g. "konane 6x6 standard": its entries are canonical under
// these rules' symmetries, so they mean nothing under others.
template <Game G>
std::string checkpointRules(const G& game) {
    return std::string(gameName(G::kKind)) + " " + game.geometry().sizeName() + " " + game.variant().name();
}

struct CheckpointSummary {
    std::uint64_t entries = 0;
    std::uint64_t proven = 0;
};

// Writes the table's proofs (and its most-worked unproven entries) to `path`, replacing it.
CheckpointSummary writeCheckpoint(const ProofTable& table, const std::string& rules, const std::string& path);
// Stores every entry of the checkpoint at `path` into the table. Throws CheckpointError, having
// stored nothing, for a file that is damaged, of another version or of other rules.
// The file is read twice (checked, then stored) in chunks of `chunkEntries` entries of 32 bytes,
// so reading needs a few MB on top of the table, not the file's size.
inline constexpr std::uint64_t kCheckpointChunkEntries = std::uint64_t{1} << 16;
CheckpointSummary readCheckpoint(ProofTable& table, const std::string& rules, const std::string& path,
                                 std::uint64_t chunkEntries = kCheckpointChunkEntries);

}  // namespace papamu
