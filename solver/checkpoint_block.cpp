#include "solver/checkpoint_block.hpp"

#include <zstd.h>

#include <array>
#include <stdexcept>
#include <tuple>

#include "support/little_endian.hpp"
#include "support/varint.hpp"

namespace papamu {

namespace {

// Bits 2-3 of the flags: how the numbers are stored.
constexpr std::uint8_t kNumbersStored = 0 << 2;
constexpr std::uint8_t kPlainWin = 1 << 2;
constexpr std::uint8_t kPlainLoss = 2 << 2;
constexpr std::uint8_t kNumbersMask = 3 << 2;

enum Column { kBlack, kWhite, kFlags, kNumbers, kWork, kColumns };
constexpr std::size_t kColumnTableBytes = 4 * kColumns;

auto keyOf(const CheckpointEntry& entry) {
    return std::make_tuple(entry.position.black, entry.position.white, checkpointTurnFlags(entry.position));
}

std::uint8_t numbersFlags(const ProofPair& numbers) {
    if (numbers == ProofPair::win()) return kPlainWin;
    if (numbers == ProofPair::loss()) return kPlainLoss;
    return kNumbersStored;
}

// Reads the columns of a decompressed block back, checking each field as it goes.
class ColumnReader {
public:
    ColumnReader(const std::uint8_t* raw, std::size_t size) : raw_(raw) {
        std::size_t at = kColumnTableBytes;
        for (int column = 0; column < kColumns; ++column) {
            const std::size_t length = size < kColumnTableBytes ? 0 : getLittle(raw + 4 * column, 4);
            begin_[column] = at;
            at += length;
            end_[column] = at;
            ok_ = ok_ && size >= kColumnTableBytes && at <= size;
        }
        ok_ = ok_ && at == size;
        for (int column = 0; column < kColumns; ++column) cursor_[column] = begin_[column];
    }
    bool ok() const { return ok_; }
    bool number(Column column, std::uint64_t& value) {
        std::size_t at = cursor_[column] - begin_[column];
        const bool read = readVarint(raw_ + begin_[column], end_[column] - begin_[column], at, value);
        cursor_[column] = begin_[column] + at;
        return read;
    }
    bool byte(Column column, std::uint8_t& value) {
        if (cursor_[column] >= end_[column]) return false;
        value = raw_[cursor_[column]++];
        return true;
    }
    bool allRead() const {
        for (int column = 0; column < kColumns; ++column) {
            if (cursor_[column] != end_[column]) return false;
        }
        return true;
    }

private:
    const std::uint8_t* raw_;
    std::array<std::size_t, kColumns> begin_{}, end_{}, cursor_{};
    bool ok_ = true;
};

bool fitsProofNumber(std::uint64_t value) { return value <= kProofInfinity; }

}  // namespace

bool checkpointKeyLess(const CheckpointEntry& left, const CheckpointEntry& right) { return keyOf(left) < keyOf(right); }

std::vector<std::uint8_t> encodeCheckpointBlock(std::span<const CheckpointEntry> entries, int level) {
    if (entries.empty() || entries.size() > kCheckpointBlockEntries) throw std::logic_error("checkpoint block: bad entry count");
    std::array<std::vector<std::uint8_t>, kColumns> columns;
    const CheckpointEntry* previous = nullptr;
    for (const CheckpointEntry& entry : entries) {
        if (previous != nullptr && !checkpointKeyLess(*previous, entry)) throw std::logic_error("checkpoint block: keys out of order");
        const Position& position = entry.position;
        const bool sameBlack = previous != nullptr && previous->position.black == position.black;
        putVarint(columns[kBlack], position.black - (previous == nullptr ? 0 : previous->position.black));
        putVarint(columns[kWhite], position.white - (sameBlack ? previous->position.white : 0));
        const std::uint8_t numbers = numbersFlags(entry.numbers);
        columns[kFlags].push_back(static_cast<std::uint8_t>(checkpointTurnFlags(position) | numbers));
        if (numbers == kNumbersStored) {
            putVarint(columns[kNumbers], entry.numbers.proof);
            putVarint(columns[kNumbers], entry.numbers.disproof);
        }
        putVarint(columns[kWork], entry.work);
        previous = &entry;
    }
    std::vector<std::uint8_t> raw(kColumnTableBytes);
    for (int column = 0; column < kColumns; ++column) {
        putLittle(&raw[4 * column], columns[column].size(), 4);
        raw.insert(raw.end(), columns[column].begin(), columns[column].end());
    }
    std::vector<std::uint8_t> block(kCheckpointBlockHeaderBytes + ZSTD_compressBound(raw.size()));
    const std::size_t compressed =
        ZSTD_compress(block.data() + kCheckpointBlockHeaderBytes, block.size() - kCheckpointBlockHeaderBytes, raw.data(), raw.size(), level);
    if (ZSTD_isError(compressed)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(compressed));
    block.resize(kCheckpointBlockHeaderBytes + compressed);
    putLittle(&block[0], entries.size(), 4);
    putLittle(&block[4], raw.size(), 4);
    putLittle(&block[8], compressed, 4);
    return block;
}

CheckpointBlockHeader readCheckpointBlockHeader(const std::uint8_t* header) {
    return {static_cast<std::uint32_t>(getLittle(header, 4)), static_cast<std::uint32_t>(getLittle(header + 4, 4)),
            static_cast<std::uint32_t>(getLittle(header + 8, 4))};
}

std::string decodeCheckpointBlock(const CheckpointBlockHeader& header, const std::uint8_t* compressed,
                                  const std::function<void(const CheckpointEntry&)>& visit) {
    if (header.entries == 0 || header.entries > kCheckpointBlockEntries) return "a block of " + std::to_string(header.entries) + " entries";
    // The largest block the encoder can make: every varint at its longest.
    const std::uint64_t largest = kColumnTableBytes + std::uint64_t{header.entries} * (10 + 10 + 1 + 5 + 5 + 5);
    if (header.rawBytes > largest) return "a block announcing " + std::to_string(header.rawBytes) + " bytes";
    std::vector<std::uint8_t> raw(header.rawBytes);
    const std::size_t size = ZSTD_decompress(raw.data(), raw.size(), compressed, header.compressedBytes);
    if (ZSTD_isError(size) || size != raw.size()) return "a block that does not decompress to its announced size";
    ColumnReader reader(raw.data(), raw.size());
    if (!reader.ok()) return "a block whose column lengths do not add up";
    CheckpointEntry previous;
    for (std::uint32_t index = 0; index < header.entries; ++index) {
        std::uint64_t blackDelta = 0, white = 0, work = 0;
        std::uint8_t flags = 0;
        if (!reader.number(kBlack, blackDelta) || !reader.number(kWhite, white) || !reader.byte(kFlags, flags) ||
            !reader.number(kWork, work)) {
            return "a block that ends inside entry " + std::to_string(index);
        }
        CheckpointEntry entry;
        const bool sameBlack = index > 0 && blackDelta == 0;
        entry.position = checkpointPosition((index == 0 ? 0 : previous.position.black) + blackDelta,
                                            white + (sameBlack ? previous.position.white : 0), flags);
        const std::uint8_t numbers = flags & kNumbersMask;
        if ((flags & ~(kCheckpointWhiteToMove | kCheckpointSwapOffered | kNumbersMask)) != 0 || numbers == kNumbersMask) {
            return "entry " + std::to_string(index) + " of a block has unknown flags";
        }
        if (numbers == kPlainWin) {
            entry.numbers = ProofPair::win();
        } else if (numbers == kPlainLoss) {
            entry.numbers = ProofPair::loss();
        } else {
            std::uint64_t proof = 0, disproof = 0;
            if (!reader.number(kNumbers, proof) || !reader.number(kNumbers, disproof)) return "a block that ends inside entry " + std::to_string(index);
            if (!fitsProofNumber(proof) || !fitsProofNumber(disproof)) return "entry " + std::to_string(index) + " of a block has a number out of range";
            entry.numbers = ProofPair{static_cast<ProofNumber>(proof), static_cast<ProofNumber>(disproof)};
        }
        if (work > UINT32_MAX) return "entry " + std::to_string(index) + " of a block has work out of range";
        entry.work = static_cast<std::uint32_t>(work);
        if (!checkpointEntryValid(entry) || (index > 0 && !checkpointKeyLess(previous, entry))) {
            return "entry " + std::to_string(index) + " of a block is not valid";
        }
        visit(entry);
        previous = entry;
    }
    if (!reader.allRead()) return "a block with bytes after its last entry";
    return "";
}

}  // namespace papamu
