#pragma once
// Checkpoints of a proof-number search: the proven entries of its table (and the unproven ones
// that took at least kCheckpointUnprovenWork nodes), so that a long solve stopped by Ctrl-C, a
// crash or a reboot resumes instead of starting over. Two versions (solver/README.md,
// "Checkpoint files"): 1, the full table, 32 bytes an entry, what a solve writes while it runs;
// 2, compact, compressed blocks of selected entries (solver/checkpoint_compaction.hpp), small
// enough to keep in a repository when the machine is not kept. Written atomically (PATH.tmp,
// fsync, rename, fsync of the directory); a reader checks magic, version, rules, checksum and
// every entry before it hands out any.
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/game_concept.hpp"
#include "solver/checkpoint_block.hpp"
#include "solver/proof_table.hpp"

namespace papamu {

// A checkpoint that cannot be read or written; the message names the file and the problem.
class CheckpointError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

inline constexpr std::uint32_t kCheckpointVersion = 1;
inline constexpr std::uint32_t kCompactCheckpointVersion = 2;
inline constexpr std::uint32_t kCheckpointUnprovenWork = 1024;
inline constexpr std::uint32_t kLongestCheckpointRules = 256;

// The bytes of a compact checkpoint that are not blocks: magic, version, rules length, rules,
// entry count, block count, checksum (layout: solver/README.md).
constexpr std::uint64_t compactCheckpointOverheadBytes(std::uint64_t rulesLength) { return 8 + 4 + 4 + rulesLength + 8 + 8 + 8; }

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

// Writes the table's proofs (and its most-worked unproven entries) to `path` (version 1),
// replacing it.
CheckpointSummary writeCheckpoint(const ProofTable& table, const std::string& rules, const std::string& path);
// Writes a compact checkpoint (version 2) of `entries` entries from blocks made by
// encodeCheckpointBlock, replacing `path`.
void writeCompactCheckpoint(const std::vector<std::vector<std::uint8_t>>& blocks, std::uint64_t entries, const std::string& rules,
                            const std::string& path);

// What a checkpoint file says about itself.
struct CheckpointContents {
    std::uint32_t version = 0;
    std::string rules;
    std::uint64_t entries = 0;
};

// Checks the whole checkpoint at `path` (either version), then calls visit(entry) for each of
// its entries. Throws CheckpointError, having visited nothing, for a file that is damaged, of an
// unknown version or, when `rules` is not empty, of other rules. The file is read twice (checked,
// then visited) a chunk at a time: `chunkEntries` entries of 32 bytes for version 1, a block for
// version 2, so reading needs a few MB, not the file's size. `checked(contents)`, when given, is
// called once the file has passed the check, before the first visit.
inline constexpr std::uint64_t kCheckpointChunkEntries = std::uint64_t{1} << 16;
CheckpointContents forEachCheckpointEntry(const std::string& path, const std::string& rules,
                                          const std::function<void(const CheckpointEntry&)>& visit,
                                          std::uint64_t chunkEntries = kCheckpointChunkEntries,
                                          const std::function<void(const CheckpointContents&)>& checked = {});

// Stores every entry of the checkpoint at `path` into the table: forEachCheckpointEntry, so a bad
// file stores nothing. The table first grows to hold them all (ProofTable::reserve): a file lists
// its entries in the writing table's bucket order, i.e. sorted by hash, so stores into a table
// still small would pile several entries into each bucket before the fill asked for growth, and
// bucket replacement would drop most of them (3.0 M of a 5x6 checkpoint's entries read back as
// 1.0-1.7 M before this).
CheckpointSummary readCheckpoint(ProofTable& table, const std::string& rules, const std::string& path,
                                 std::uint64_t chunkEntries = kCheckpointChunkEntries);

}  // namespace papamu
