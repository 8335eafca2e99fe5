#include "solver/checkpoint_file.hpp"

#include "support/atomic_file.hpp"

#include <xxhash.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <algorithm>
#include <string_view>
#include <fstream>
#include <memory>
#include <vector>

namespace papamu {

namespace {

constexpr std::array<char, 8> kMagic{'P', 'A', 'P', 'A', 'M', 'U', 'C', 'P'};
constexpr std::size_t kEntryBytes = 32;
constexpr std::uint8_t kWhiteToMove = 1;
constexpr std::uint8_t kSwapOffered = 2;
constexpr std::uint32_t kLongestRules = 256;

// Little-endian encoding, whatever the machine.
template <class Unsigned>
void putLittle(std::vector<unsigned char>& out, Unsigned value) {
    for (std::size_t byte = 0; byte < sizeof(Unsigned); ++byte) out.push_back(static_cast<unsigned char>(value >> (8 * byte)));
}
template <class Unsigned>
Unsigned getLittle(const unsigned char* in) {
    Unsigned value = 0;
    for (std::size_t byte = 0; byte < sizeof(Unsigned); ++byte) value |= static_cast<Unsigned>(Unsigned{in[byte]} << (8 * byte));
    return value;
}

std::string systemError(const std::string& what, const std::string& path) {
    return "checkpoint " + path + ": " + what + ": " + std::strerror(errno);
}

// Buffered appends to the new file with a running checksum.
class ChecksummedWriter {
public:
    explicit ChecksummedWriter(AtomicFileWriter& file) : file_(file), state_(XXH64_createState(), XXH64_freeState) {
        if (!state_) throw std::bad_alloc();
        XXH64_reset(state_.get(), 0);
        buffer_.reserve(kFlushBytes + 64);
    }
    std::vector<unsigned char>& buffer() { return buffer_; }
    void flushIfFull() {
        if (buffer_.size() >= kFlushBytes) flush();
    }
    void flush() {
        XXH64_update(state_.get(), buffer_.data(), buffer_.size());
        file_.append(std::string_view(reinterpret_cast<const char*>(buffer_.data()), buffer_.size()));
        buffer_.clear();
    }
    // Flushes, then appends the checksum of everything written.
    void finish() {
        flush();
        putLittle<std::uint64_t>(buffer_, XXH64_digest(state_.get()));
        file_.append(std::string_view(reinterpret_cast<const char*>(buffer_.data()), buffer_.size()));
        buffer_.clear();
    }

private:
    static constexpr std::size_t kFlushBytes = std::size_t{1} << 20;
    AtomicFileWriter& file_;
    std::unique_ptr<XXH64_state_t, XXH_errorcode (*)(XXH64_state_t*)> state_;
    std::vector<unsigned char> buffer_;
};

bool saved(const ProofTable::Found& found) { return found.numbers.proven() || found.work >= kCheckpointUnprovenWork; }

void putHeader(std::vector<unsigned char>& out, const std::string& rules, std::uint64_t entries) {
    out.insert(out.end(), kMagic.begin(), kMagic.end());
    putLittle<std::uint32_t>(out, kCheckpointVersion);
    putLittle<std::uint32_t>(out, static_cast<std::uint32_t>(rules.size()));
    out.insert(out.end(), rules.begin(), rules.end());
    putLittle<std::uint64_t>(out, entries);
}

void putEntry(std::vector<unsigned char>& out, const Position& position, const ProofTable::Found& found) {
    putLittle<std::uint64_t>(out, position.black);
    putLittle<std::uint64_t>(out, position.white);
    putLittle<std::uint32_t>(out, found.numbers.proof);
    putLittle<std::uint32_t>(out, found.numbers.disproof);
    putLittle<std::uint32_t>(out, found.work);
    out.push_back(static_cast<unsigned char>((position.sideToMove == Color::White ? kWhiteToMove : 0) |
                                             (position.swapAvailable ? kSwapOffered : 0)));
    out.insert(out.end(), 3, 0);
}

}  // namespace

CheckpointSummary writeCheckpoint(const ProofTable& table, const std::string& rules, const std::string& path) {
    if (rules.size() > kLongestRules) throw CheckpointError("checkpoint " + path + ": rules text too long");
    // The entry count goes in the header, so count first; entries stored meanwhile by other
    // workers are simply left for the next checkpoint (the count is re-checked while writing).
    CheckpointSummary summary;
    table.forEachEntry([&](const Position&, const ProofTable::Found& found) {
        if (!saved(found)) return;
        ++summary.entries;
        if (found.numbers.proven()) ++summary.proven;
    });
    try {
        AtomicFileWriter file(path);
        ChecksummedWriter writer(file);
        putHeader(writer.buffer(), rules, summary.entries);
        std::uint64_t written = 0;
        Position lastPosition;
        ProofTable::Found lastFound;
        table.forEachEntry([&](const Position& position, const ProofTable::Found& found) {
            if (!saved(found) || written == summary.entries) return;
            putEntry(writer.buffer(), position, found);
            lastPosition = position;
            lastFound = found;
            ++written;
            writer.flushIfFull();
        });
        // Entries replaced since the count: pad with the last one written (storing an entry twice
        // is harmless), or, with none at all, give up (the old checkpoint stays).
        if (written == 0 && summary.entries != 0) {
            throw CheckpointError("checkpoint " + path + ": the table changed while it was written");
        }
        for (; written < summary.entries; ++written) putEntry(writer.buffer(), lastPosition, lastFound);
        writer.finish();
        file.commit();
    } catch (const AtomicWriteError& error) {
        throw CheckpointError(std::string("checkpoint: ") + error.what());
    }
    return summary;
}

namespace {

// The header of a checkpoint file, read and checked field by field.
struct CheckpointHeader {
    std::string rules;
    std::uint64_t count = 0;
    std::uint64_t entriesAt = 0;  // offset of the first entry
    std::vector<unsigned char> bytes;  // the header as it stands in the file, for the checksum
};

// Reads exactly `size` bytes or reports how many came.
std::size_t readUpTo(std::ifstream& file, unsigned char* into, std::size_t size) {
    file.read(reinterpret_cast<char*>(into), static_cast<std::streamsize>(size));
    return static_cast<std::size_t>(file.gcount());
}

bool validEntry(const unsigned char* entry) {
    const auto black = getLittle<std::uint64_t>(entry);
    const auto white = getLittle<std::uint64_t>(entry + 8);
    const auto proof = getLittle<std::uint32_t>(entry + 16);
    const auto disproof = getLittle<std::uint32_t>(entry + 20);
    return (black & white) == 0 && (proof != 0 || disproof != 0) && (entry[28] & ~(kWhiteToMove | kSwapOffered)) == 0 &&
           entry[29] == 0 && entry[30] == 0 && entry[31] == 0;
}

// Streams the entries of an open checkpoint a chunk at a time.
class CheckpointReader {
public:
    CheckpointReader(const std::string& path, std::uint64_t fileBytes, std::uint64_t chunkEntries)
        : path_(path), fileBytes_(fileBytes), chunkEntries_(std::max<std::uint64_t>(chunkEntries, 1)), file_(path, std::ios::binary),
          buffer_(chunkEntries_ * kEntryBytes) {
        if (!file_) throw CheckpointError(systemError("cannot open", path));
    }

    CheckpointError refuse(const std::string& why) const { return CheckpointError("checkpoint " + path_ + ": " + why); }

    CheckpointHeader header() {
        CheckpointHeader header;
        header.bytes.resize(16);
        if (readUpTo(file_, header.bytes.data(), 16) < 16 || !std::equal(kMagic.begin(), kMagic.end(), header.bytes.begin())) {
            throw refuse("not a papamu checkpoint (bad magic)");
        }
        const auto version = getLittle<std::uint32_t>(&header.bytes[8]);
        if (version != kCheckpointVersion) {
            throw refuse("format version " + std::to_string(version) + ", this papamu reads version " + std::to_string(kCheckpointVersion));
        }
        const auto rulesLength = getLittle<std::uint32_t>(&header.bytes[12]);
        if (rulesLength > kLongestRules || fileBytes_ < 16 + std::uint64_t{rulesLength} + 16) throw refuse("truncated header");
        header.bytes.resize(16 + rulesLength + 8);
        if (readUpTo(file_, &header.bytes[16], rulesLength + 8) < rulesLength + 8) throw refuse("truncated header");
        header.rules.assign(header.bytes.begin() + 16, header.bytes.begin() + 16 + rulesLength);
        header.entriesAt = header.bytes.size();
        header.count = getLittle<std::uint64_t>(&header.bytes[header.entriesAt - 8]);
        if (header.count > (fileBytes_ - header.entriesAt - 8) / kEntryBytes ||
            header.entriesAt + header.count * kEntryBytes + 8 != fileBytes_) {
            throw refuse("truncated, or bytes after the end (" + std::to_string(header.count) + " entries announced)");
        }
        return header;
    }

    // Calls visit(chunk, entries in it, index of its first entry) for the entries in file order.
    template <class Visit>
    void forEachChunk(const CheckpointHeader& header, Visit&& visit) {
        file_.clear();
        file_.seekg(static_cast<std::streamoff>(header.entriesAt));
        for (std::uint64_t first = 0; first < header.count; first += chunkEntries_) {
            const std::uint64_t entries = std::min<std::uint64_t>(chunkEntries_, header.count - first);
            const std::size_t bytes = static_cast<std::size_t>(entries) * kEntryBytes;
            if (readUpTo(file_, buffer_.data(), bytes) < bytes) throw CheckpointError(systemError("cannot read", path_));
            visit(buffer_.data(), entries, first);
        }
    }

    std::uint64_t storedChecksum(const CheckpointHeader& header) {
        file_.clear();
        file_.seekg(static_cast<std::streamoff>(header.entriesAt + header.count * kEntryBytes));
        std::array<unsigned char, 8> checksum{};
        if (readUpTo(file_, checksum.data(), checksum.size()) < checksum.size()) throw CheckpointError(systemError("cannot read", path_));
        return getLittle<std::uint64_t>(checksum.data());
    }

private:
    std::string path_;
    std::uint64_t fileBytes_;
    std::uint64_t chunkEntries_;
    std::ifstream file_;
    std::vector<unsigned char> buffer_;
};

std::uint64_t fileSize(const std::string& path) {
    std::error_code error;
    const auto size = std::filesystem::file_size(path, error);
    if (error) {
        errno = error.value();
        throw CheckpointError(systemError("cannot open", path));
    }
    return size;
}

}  // namespace

CheckpointSummary readCheckpoint(ProofTable& table, const std::string& rules, const std::string& path, std::uint64_t chunkEntries) {
    CheckpointReader reader(path, fileSize(path), chunkEntries);
    const CheckpointHeader header = reader.header();
    // First pass: the checksum and every entry, before anything is stored.
    std::unique_ptr<XXH64_state_t, XXH_errorcode (*)(XXH64_state_t*)> state(XXH64_createState(), XXH64_freeState);
    if (!state) throw std::bad_alloc();
    XXH64_reset(state.get(), 0);
    XXH64_update(state.get(), header.bytes.data(), header.bytes.size());
    std::uint64_t invalid = header.count;
    reader.forEachChunk(header, [&](const unsigned char* chunk, std::uint64_t entries, std::uint64_t first) {
        XXH64_update(state.get(), chunk, static_cast<std::size_t>(entries) * kEntryBytes);
        for (std::uint64_t entry = 0; entry < entries && invalid == header.count; ++entry) {
            if (!validEntry(chunk + entry * kEntryBytes)) invalid = first + entry;
        }
    });
    if (XXH64_digest(state.get()) != reader.storedChecksum(header)) throw reader.refuse("checksum mismatch (the file is damaged)");
    if (header.rules != rules) throw reader.refuse("written for " + header.rules + ", not " + rules);
    if (invalid != header.count) throw reader.refuse("entry " + std::to_string(invalid) + " is not valid");
    // Second pass: store.
    CheckpointSummary summary;
    reader.forEachChunk(header, [&](const unsigned char* chunk, std::uint64_t entries, std::uint64_t) {
        for (const unsigned char* entry = chunk; entry < chunk + entries * kEntryBytes; entry += kEntryBytes) {
            const Position position{getLittle<std::uint64_t>(entry), getLittle<std::uint64_t>(entry + 8),
                                    (entry[28] & kWhiteToMove) ? Color::White : Color::Black, (entry[28] & kSwapOffered) != 0};
            const ProofPair numbers{getLittle<std::uint32_t>(entry + 16), getLittle<std::uint32_t>(entry + 20)};
            ProofTable::Found present;
            // A checkpoint read twice (or into a table that already knows more) adds no work twice.
            if (table.lookup(position, present) && present.numbers == numbers) continue;
            table.store(position, numbers, getLittle<std::uint32_t>(entry + 24));
            ++summary.entries;
            if (numbers.proven()) ++summary.proven;
        }
    });
    return summary;
}

}  // namespace papamu
