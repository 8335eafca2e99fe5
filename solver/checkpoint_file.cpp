#include "solver/checkpoint_file.hpp"

#include "support/atomic_file.hpp"

#include <xxhash.h>

#include <array>
#include <cerrno>
#include <cstring>
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

CheckpointSummary readCheckpoint(ProofTable& table, const std::string& rules, const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw CheckpointError(systemError("cannot open", path));
    const std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    if (file.bad()) throw CheckpointError(systemError("cannot read", path));
    const auto refuse = [&path](const std::string& why) { return CheckpointError("checkpoint " + path + ": " + why); };
    if (bytes.size() < kMagic.size() + 8 || !std::equal(kMagic.begin(), kMagic.end(), bytes.begin())) {
        throw refuse("not a papamu checkpoint (bad magic)");
    }
    const auto version = getLittle<std::uint32_t>(&bytes[8]);
    if (version != kCheckpointVersion) {
        throw refuse("format version " + std::to_string(version) + ", this papamu reads version " + std::to_string(kCheckpointVersion));
    }
    const auto rulesLength = getLittle<std::uint32_t>(&bytes[12]);
    if (rulesLength > kLongestRules || bytes.size() < 16 + std::size_t{rulesLength} + 16) throw refuse("truncated header");
    const std::string fileRules(bytes.begin() + 16, bytes.begin() + 16 + rulesLength);
    const std::size_t entriesAt = 16 + std::size_t{rulesLength} + 8;
    const auto count = getLittle<std::uint64_t>(&bytes[entriesAt - 8]);
    if (count > (bytes.size() - entriesAt - 8) / kEntryBytes || entriesAt + count * kEntryBytes + 8 != bytes.size()) {
        throw refuse("truncated, or bytes after the end (" + std::to_string(count) + " entries announced)");
    }
    if (XXH64(bytes.data(), bytes.size() - 8, 0) != getLittle<std::uint64_t>(&bytes[bytes.size() - 8])) {
        throw refuse("checksum mismatch (the file is damaged)");
    }
    if (fileRules != rules) throw refuse("written for " + fileRules + ", not " + rules);
    // Check every entry before storing any.
    for (std::uint64_t index = 0; index < count; ++index) {
        const unsigned char* entry = &bytes[entriesAt + index * kEntryBytes];
        const auto black = getLittle<std::uint64_t>(entry);
        const auto white = getLittle<std::uint64_t>(entry + 8);
        const auto proof = getLittle<std::uint32_t>(entry + 16);
        const auto disproof = getLittle<std::uint32_t>(entry + 20);
        if ((black & white) != 0 || (proof == 0 && disproof == 0) || (entry[28] & ~(kWhiteToMove | kSwapOffered)) != 0 ||
            entry[29] != 0 || entry[30] != 0 || entry[31] != 0) {
            throw refuse("entry " + std::to_string(index) + " is not valid");
        }
    }
    CheckpointSummary summary;
    for (std::uint64_t index = 0; index < count; ++index) {
        const unsigned char* entry = &bytes[entriesAt + index * kEntryBytes];
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
    return summary;
}

}  // namespace papamu
