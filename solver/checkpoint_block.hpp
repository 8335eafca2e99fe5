#pragma once
// The blocks of a compact checkpoint (format version 2; layout in solver/README.md, "Compact
// checkpoints"): up to kCheckpointBlockEntries table entries in key order, stored column by
// column and compressed with zstd. Sorted keys make the black stones a small delta and, under the
// same black stones, the white ones too; separate columns put like bytes together; a plain proof
// (0, infinity) or disproof costs a flag instead of two numbers. So an entry takes a few bytes
// instead of the 32 of a full checkpoint, which is what lets a long solve's most-worked entries
// fit in a file small enough to commit.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "rules/position.hpp"
#include "solver/proof_number.hpp"

namespace papamu {

// One table entry as a checkpoint holds it.
struct CheckpointEntry {
    Position position;
    ProofPair numbers;
    std::uint32_t work = 0;
};

// The turn flags of an entry, the same in both versions: bit 0 White to move, bit 1 swap offered.
inline constexpr std::uint8_t kCheckpointWhiteToMove = 1;
inline constexpr std::uint8_t kCheckpointSwapOffered = 2;
inline std::uint8_t checkpointTurnFlags(const Position& position) {
    return static_cast<std::uint8_t>((position.sideToMove == Color::White ? kCheckpointWhiteToMove : 0) |
                                     (position.swapAvailable ? kCheckpointSwapOffered : 0));
}
inline Position checkpointPosition(Bitboard black, Bitboard white, std::uint8_t flags) {
    return Position{black, white, (flags & kCheckpointWhiteToMove) ? Color::White : Color::Black, (flags & kCheckpointSwapOffered) != 0};
}

// What every entry of either version must be: no cell with two stones, not proven both ways.
inline bool checkpointEntryValid(const CheckpointEntry& entry) {
    return (entry.position.black & entry.position.white) == 0 && (entry.numbers.proof != 0 || entry.numbers.disproof != 0);
}

inline constexpr std::uint32_t kCheckpointBlockEntries = std::uint32_t{1} << 20;
// The block header in the file: entries (4), decompressed bytes (4), compressed bytes (4).
inline constexpr std::size_t kCheckpointBlockHeaderBytes = 12;

// The order of entries inside a block: black stones, white stones, then the flags.
bool checkpointKeyLess(const CheckpointEntry& left, const CheckpointEntry& right);

// One block, header included, of 1 to kCheckpointBlockEntries entries sorted by
// checkpointKeyLess with no key twice. zstd `level` trades time for size.
std::vector<std::uint8_t> encodeCheckpointBlock(std::span<const CheckpointEntry> entries, int level);

struct CheckpointBlockHeader {
    std::uint32_t entries = 0;
    std::uint32_t rawBytes = 0;
    std::uint32_t compressedBytes = 0;
};
CheckpointBlockHeader readCheckpointBlockHeader(const std::uint8_t* header);

// Decodes the compressed bytes of a block, calling visit(entry) in key order. Returns "" when
// the whole block is well formed, else what is wrong with it (visit may have seen a prefix, so
// a reader that must store nothing from a bad file checks every block before storing any).
std::string decodeCheckpointBlock(const CheckpointBlockHeader& header, const std::uint8_t* compressed,
                                  const std::function<void(const CheckpointEntry&)>& visit);

}  // namespace papamu
