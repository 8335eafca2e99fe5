#include "solver/checkpoint_file.hpp"

#include <xxhash.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string_view>
#include <vector>

#include "support/atomic_file.hpp"
#include "support/little_endian.hpp"

namespace papamu {

namespace {

constexpr std::array<std::uint8_t, 8> kMagic{'P', 'A', 'P', 'A', 'M', 'U', 'C', 'P'};
constexpr std::size_t kEntryBytes = 32;
constexpr std::size_t kChecksumBytes = 8;

using HashState = std::unique_ptr<XXH64_state_t, XXH_errorcode (*)(XXH64_state_t*)>;

HashState newHash() {
    HashState state(XXH64_createState(), XXH64_freeState);
    if (!state) throw std::bad_alloc();
    XXH64_reset(state.get(), 0);
    return state;
}

void appendLittle(std::vector<std::uint8_t>& out, std::uint64_t value, int bytes) {
    out.resize(out.size() + static_cast<std::size_t>(bytes));
    putLittle(&out[out.size() - static_cast<std::size_t>(bytes)], value, bytes);
}

std::string systemError(const std::string& what, const std::string& path) {
    return "checkpoint " + path + ": " + what + ": " + std::strerror(errno);
}

// Buffered appends to the new file with a running checksum.
class ChecksummedWriter {
public:
    explicit ChecksummedWriter(AtomicFileWriter& file) : file_(file), state_(newHash()) { buffer_.reserve(kFlushBytes + 64); }
    std::vector<std::uint8_t>& buffer() { return buffer_; }
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
        appendLittle(buffer_, XXH64_digest(state_.get()), kChecksumBytes);
        file_.append(std::string_view(reinterpret_cast<const char*>(buffer_.data()), buffer_.size()));
        buffer_.clear();
    }

private:
    static constexpr std::size_t kFlushBytes = std::size_t{1} << 20;
    AtomicFileWriter& file_;
    HashState state_;
    std::vector<std::uint8_t> buffer_;
};

bool saved(const ProofTable::Found& found) { return found.numbers.proven() || found.work >= kCheckpointUnprovenWork; }

void putHeader(std::vector<std::uint8_t>& out, std::uint32_t version, const std::string& rules, std::uint64_t entries) {
    out.insert(out.end(), kMagic.begin(), kMagic.end());
    appendLittle(out, version, 4);
    appendLittle(out, rules.size(), 4);
    out.insert(out.end(), rules.begin(), rules.end());
    appendLittle(out, entries, 8);
}

void putEntry(std::vector<std::uint8_t>& out, const Position& position, const ProofTable::Found& found) {
    appendLittle(out, position.black, 8);
    appendLittle(out, position.white, 8);
    appendLittle(out, found.numbers.proof, 4);
    appendLittle(out, found.numbers.disproof, 4);
    appendLittle(out, found.work, 4);
    out.push_back(checkpointTurnFlags(position));
    out.insert(out.end(), 3, 0);
}

void checkRulesLength(const std::string& rules, const std::string& path) {
    if (rules.size() > kLongestCheckpointRules) throw CheckpointError("checkpoint " + path + ": rules text too long");
}

}  // namespace

CheckpointSummary writeCheckpoint(const ProofTable& table, const std::string& rules, const std::string& path) {
    checkRulesLength(rules, path);
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
        putHeader(writer.buffer(), kCheckpointVersion, rules, summary.entries);
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

void writeCompactCheckpoint(const std::vector<std::vector<std::uint8_t>>& blocks, std::uint64_t entries, const std::string& rules,
                            const std::string& path) {
    checkRulesLength(rules, path);
    try {
        AtomicFileWriter file(path);
        ChecksummedWriter writer(file);
        putHeader(writer.buffer(), kCompactCheckpointVersion, rules, entries);
        appendLittle(writer.buffer(), blocks.size(), 8);
        for (const std::vector<std::uint8_t>& block : blocks) {
            writer.buffer().insert(writer.buffer().end(), block.begin(), block.end());
            writer.flushIfFull();
        }
        writer.finish();
        file.commit();
    } catch (const AtomicWriteError& error) {
        throw CheckpointError(std::string("checkpoint: ") + error.what());
    }
}

namespace {

// Sequential reads of a checkpoint file with a running checksum; every read is checked against
// what is left of the file, so a length field cannot make the reader allocate or seek past it.
class CheckpointStream {
public:
    explicit CheckpointStream(const std::string& path) : path_(path), file_(path, std::ios::binary), state_(newHash()) {
        std::error_code error;
        remaining_ = std::filesystem::file_size(path, error);
        if (error) errno = error.value();
        if (error || !file_) throw CheckpointError(systemError("cannot open", path));
    }
    CheckpointError refuse(const std::string& why) const { return CheckpointError("checkpoint " + path_ + ": " + why); }
    std::uint64_t remaining() const { return remaining_; }
    // Reads `size` bytes, counted in the checksum unless `hashed` is false.
    void read(std::uint8_t* into, std::size_t size, const char* whatEnds, bool hashed = true) {
        if (size > remaining_) throw refuse(whatEnds);
        file_.read(reinterpret_cast<char*>(into), static_cast<std::streamsize>(size));
        if (static_cast<std::size_t>(file_.gcount()) != size) throw CheckpointError(systemError("cannot read", path_));
        remaining_ -= size;
        if (hashed) XXH64_update(state_.get(), into, size);
    }
    std::uint64_t readNumber(int bytes, const char* whatEnds) {
        std::array<std::uint8_t, 8> buffer{};
        read(buffer.data(), static_cast<std::size_t>(bytes), whatEnds);
        return getLittle(buffer.data(), bytes);
    }
    // The stored checksum must be all that is left, and match.
    void checkEnd() {
        if (remaining_ != kChecksumBytes) throw refuse("truncated, or bytes after the end");
        const std::uint64_t digest = XXH64_digest(state_.get());
        std::array<std::uint8_t, kChecksumBytes> stored{};
        read(stored.data(), stored.size(), "truncated", false);
        if (getLittle(stored.data(), kChecksumBytes) != digest) throw refuse("checksum mismatch (the file is damaged)");
    }

private:
    std::string path_;
    std::ifstream file_;
    HashState state_;
    std::uint64_t remaining_ = 0;
};

CheckpointContents readHeader(CheckpointStream& stream) {
    std::array<std::uint8_t, 8> magic{};
    if (stream.remaining() < magic.size()) throw stream.refuse("not a papamu checkpoint (bad magic)");
    stream.read(magic.data(), magic.size(), "truncated header");
    if (magic != kMagic) throw stream.refuse("not a papamu checkpoint (bad magic)");
    CheckpointContents contents;
    contents.version = static_cast<std::uint32_t>(stream.readNumber(4, "truncated header"));
    if (contents.version != kCheckpointVersion && contents.version != kCompactCheckpointVersion) {
        throw stream.refuse("format version " + std::to_string(contents.version) + ", this papamu reads versions " +
                            std::to_string(kCheckpointVersion) + " and " + std::to_string(kCompactCheckpointVersion));
    }
    const auto rulesLength = static_cast<std::uint32_t>(stream.readNumber(4, "truncated header"));
    if (rulesLength > kLongestCheckpointRules) throw stream.refuse("truncated header");
    contents.rules.resize(rulesLength);
    stream.read(reinterpret_cast<std::uint8_t*>(contents.rules.data()), rulesLength, "truncated header");
    contents.entries = stream.readNumber(8, "truncated header");
    return contents;
}

CheckpointEntry fullEntry(const std::uint8_t* entry) {
    CheckpointEntry decoded;
    decoded.position = checkpointPosition(getLittle(entry, 8), getLittle(entry + 8, 8), entry[28]);
    decoded.numbers = ProofPair{static_cast<ProofNumber>(getLittle(entry + 16, 4)), static_cast<ProofNumber>(getLittle(entry + 20, 4))};
    decoded.work = static_cast<std::uint32_t>(getLittle(entry + 24, 4));
    return decoded;
}

// A version 1 entry: a valid entry, known flag bits only, zero padding.
bool validEntry(const std::uint8_t* entry) {
    return checkpointEntryValid(fullEntry(entry)) && (entry[28] & ~(kCheckpointWhiteToMove | kCheckpointSwapOffered)) == 0 &&
           entry[29] == 0 && entry[30] == 0 && entry[31] == 0;
}

// The entries of a version 1 file, a chunk at a time. `visit` null: only checked, and the first
// bad entry is put in `problem` (reported after the checksum, which names damage better).
void passFullEntries(CheckpointStream& stream, const CheckpointContents& contents, std::uint64_t chunkEntries,
                     const std::function<void(const CheckpointEntry&)>* visit, std::string& problem) {
    const std::uint64_t entryBytes = stream.remaining() - std::min<std::uint64_t>(stream.remaining(), kChecksumBytes);
    if (stream.remaining() < kChecksumBytes || entryBytes % kEntryBytes != 0 || entryBytes / kEntryBytes != contents.entries) {
        throw stream.refuse("truncated, or bytes after the end (" + std::to_string(contents.entries) + " entries announced)");
    }
    chunkEntries = std::max<std::uint64_t>(chunkEntries, 1);
    std::vector<std::uint8_t> chunk(static_cast<std::size_t>(std::min(chunkEntries, std::max<std::uint64_t>(contents.entries, 1))) * kEntryBytes);
    for (std::uint64_t first = 0; first < contents.entries; first += chunkEntries) {
        const std::uint64_t entries = std::min(chunkEntries, contents.entries - first);
        stream.read(chunk.data(), static_cast<std::size_t>(entries) * kEntryBytes, "truncated");
        for (std::uint64_t index = 0; index < entries; ++index) {
            const std::uint8_t* entry = &chunk[static_cast<std::size_t>(index) * kEntryBytes];
            if (visit == nullptr && problem.empty() && !validEntry(entry)) problem = "entry " + std::to_string(first + index) + " is not valid";
            if (visit != nullptr) (*visit)(fullEntry(entry));
        }
    }
}

// The blocks of a version 2 file; `visit` null: only checked, the first bad block in `problem`.
void passCompactBlocks(CheckpointStream& stream, const CheckpointContents& contents,
                       const std::function<void(const CheckpointEntry&)>* visit, std::string& problem) {
    const std::uint64_t blocks = stream.readNumber(8, "truncated header");
    if (blocks > stream.remaining() / kCheckpointBlockHeaderBytes) throw stream.refuse("truncated (" + std::to_string(blocks) + " blocks announced)");
    const std::function<void(const CheckpointEntry&)> ignore = [](const CheckpointEntry&) {};
    std::uint64_t entries = 0;
    std::vector<std::uint8_t> compressed;
    for (std::uint64_t block = 0; block < blocks; ++block) {
        std::array<std::uint8_t, kCheckpointBlockHeaderBytes> header{};
        stream.read(header.data(), header.size(), "truncated");
        const CheckpointBlockHeader blockHeader = readCheckpointBlockHeader(header.data());
        if (blockHeader.compressedBytes > stream.remaining()) throw stream.refuse("truncated (block " + std::to_string(block) + ")");
        compressed.resize(blockHeader.compressedBytes);
        stream.read(compressed.data(), compressed.size(), "truncated");
        if (!problem.empty()) continue;
        const std::string wrong = decodeCheckpointBlock(blockHeader, compressed.data(), visit == nullptr ? ignore : *visit);
        if (!wrong.empty()) problem = "block " + std::to_string(block) + ": " + wrong;
        entries += blockHeader.entries;
    }
    if (problem.empty() && entries != contents.entries) {
        problem = std::to_string(contents.entries) + " entries announced, " + std::to_string(entries) + " in the blocks";
    }
}

// Returns what is wrong with the entries ("" when nothing); a visiting pass finds nothing wrong,
// since it follows a checking one.
std::string passEntries(CheckpointStream& stream, const CheckpointContents& contents, std::uint64_t chunkEntries,
                        const std::function<void(const CheckpointEntry&)>* visit) {
    std::string problem;
    if (contents.version == kCheckpointVersion) {
        passFullEntries(stream, contents, chunkEntries, visit, problem);
    } else {
        passCompactBlocks(stream, contents, visit, problem);
    }
    return problem;
}

}  // namespace

CheckpointContents forEachCheckpointEntry(const std::string& path, const std::string& rules,
                                          const std::function<void(const CheckpointEntry&)>& visit, std::uint64_t chunkEntries,
                                          const std::function<void(const CheckpointContents&)>& checked) {
    // First pass: the checksum and every entry, before anything is visited.
    CheckpointStream check(path);
    const CheckpointContents contents = readHeader(check);
    const std::string problem = passEntries(check, contents, chunkEntries, nullptr);
    check.checkEnd();
    if (!rules.empty() && contents.rules != rules) throw check.refuse("written for " + contents.rules + ", not " + rules);
    if (!problem.empty()) throw check.refuse(problem);
    if (checked) checked(contents);
    CheckpointStream stream(path);
    readHeader(stream);
    passEntries(stream, contents, chunkEntries, &visit);
    return contents;
}

CheckpointSummary readCheckpoint(ProofTable& table, const std::string& rules, const std::string& path, std::uint64_t chunkEntries) {
    CheckpointSummary summary;
    forEachCheckpointEntry(
        path, rules,
        [&](const CheckpointEntry& entry) {
            ProofTable::Found present;
            // A checkpoint read twice (or into a table that already knows more) adds no work twice.
            if (table.lookup(entry.position, present) && present.numbers == entry.numbers) return;
            table.store(entry.position, entry.numbers, entry.work);
            ++summary.entries;
            if (entry.numbers.proven()) ++summary.proven;
        },
        chunkEntries, [&table](const CheckpointContents& contents) { table.reserve(table.used() + contents.entries); });
    table.collapseHugePages();
    return summary;
}

}  // namespace papamu
