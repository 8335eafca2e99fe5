#include "tablebase/layer_file.hpp"

#include "solver/page_memory.hpp"

#include "support/little_endian.hpp"

#include <algorithm>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "rules/game_list.hpp"
#include "support/atomic_file.hpp"

namespace papamu {

namespace {

constexpr std::array<char, 8> kMagic{'P', 'A', 'P', 'A', 'M', 'U', 'T', 'B'};
constexpr std::size_t kChecksumOffset = 72;

std::array<std::uint8_t, kLayerHeaderBytes> encodeHeader(const LayerHeader& header) {
    std::array<std::uint8_t, kLayerHeaderBytes> bytes{};
    std::memcpy(bytes.data(), kMagic.data(), kMagic.size());
    putLittle(&bytes[8], kLayerFormatVersion, 4);
    putLittle(&bytes[12], kLayerHeaderBytes, 4);
    bytes[16] = static_cast<std::uint8_t>(header.game);
    bytes[17] = header.variantFlags;
    bytes[18] = static_cast<std::uint8_t>(header.rows);
    bytes[19] = static_cast<std::uint8_t>(header.columns);
    bytes[20] = static_cast<std::uint8_t>(header.black);
    bytes[21] = static_cast<std::uint8_t>(header.white);
    bytes[22] = static_cast<std::uint8_t>(header.scheme);
    bytes[23] = header.encoding;
    putLittle(&bytes[24], header.entries, 8);
    putLittle(&bytes[32], header.blockEntries, 4);
    putLittle(&bytes[36], header.blockCount, 4);
    putLittle(&bytes[40], header.stats.wins, 8);
    putLittle(&bytes[48], header.stats.losses, 8);
    bytes[56] = static_cast<std::uint8_t>(header.stats.longestWin);
    bytes[57] = static_cast<std::uint8_t>(header.stats.longestLoss);
    bytes[58] = header.colourFolded ? 1 : 0;
    putLittle(&bytes[60], kCompressionHuffmanBlocks, 4);
    putLittle(&bytes[64], header.payloadBytes, 8);
    putLittle(&bytes[kChecksumOffset], header.checksum, 8);
    return bytes;
}

// The checksum covers the header (with its checksum field zero) and everything after it.
std::uint64_t fileChecksum(const std::uint8_t* header, const std::uint8_t* payload, std::uint64_t payloadBytes) {
    std::array<std::uint8_t, kLayerHeaderBytes> zeroed{};
    std::memcpy(zeroed.data(), header, kLayerHeaderBytes);
    putLittle(&zeroed[kChecksumOffset], 0, 8);
    XXH3_state_t* state = XXH3_createState();
    XXH3_64bits_reset(state);
    XXH3_64bits_update(state, zeroed.data(), zeroed.size());
    XXH3_64bits_update(state, payload, payloadBytes);
    const std::uint64_t checksum = XXH3_64bits_digest(state);
    XXH3_freeState(state);
    return checksum;
}

// Parses the fixed fields; throws TableError naming the file for anything this reader does not know.
LayerHeader decodeHeader(const std::string& path, const std::uint8_t* bytes, std::uint64_t fileSize) {
    const auto fail = [&](const std::string& why) { throw TableError(path + ": " + why); };
    if (fileSize < kLayerHeaderBytes) fail("truncated: " + std::to_string(fileSize) + " bytes, shorter than the header");
    if (std::memcmp(bytes, kMagic.data(), kMagic.size()) != 0) fail("not a papamu table layer (bad magic)");
    const auto version = static_cast<std::uint32_t>(getLittle(&bytes[8], 4));
    if (version != kLayerFormatVersion) {
        fail("format version " + std::to_string(version) + " is not supported (this reader knows version " +
             std::to_string(kLayerFormatVersion) + ")" +
             (version < kLayerFormatVersion ? "; rebuild the table with papamu build (README.md: version history)" : ""));
    }
    if (getLittle(&bytes[12], 4) != kLayerHeaderBytes) fail("unexpected header size");
    LayerHeader header;
    if (bytes[16] >= allGames().size()) fail("unknown game code " + std::to_string(bytes[16]));
    header.game = static_cast<GameKind>(bytes[16]);
    header.variantFlags = bytes[17];
    if ((header.variantFlags & ~unsigned{kKnownVariantFlags}) != 0) fail("unknown variant flags");
    header.rows = bytes[18];
    header.columns = bytes[19];
    header.black = bytes[20];
    header.white = bytes[21];
    if (bytes[22] != 1 && bytes[22] != 2) fail("unknown index scheme " + std::to_string(bytes[22]));
    header.scheme = static_cast<IndexScheme>(bytes[22]);
    header.encoding = bytes[23];
    if (header.encoding != kEncodingOutcomeByte) fail("unknown entry encoding " + std::to_string(header.encoding));
    header.entries = getLittle(&bytes[24], 8);
    header.blockEntries = static_cast<std::uint32_t>(getLittle(&bytes[32], 4));
    header.blockCount = static_cast<std::uint32_t>(getLittle(&bytes[36], 4));
    header.stats.wins = getLittle(&bytes[40], 8);
    header.stats.losses = getLittle(&bytes[48], 8);
    header.stats.longestWin = bytes[56];
    header.stats.longestLoss = bytes[57];
    if (bytes[58] > 1) fail("unknown colour-fold code " + std::to_string(bytes[58]));
    header.colourFolded = bytes[58] == 1;
    if (bytes[59] != 0) fail("reserved header bytes are not zero");
    if (getLittle(&bytes[60], 4) != kCompressionHuffmanBlocks) fail("unknown compression");
    header.payloadBytes = getLittle(&bytes[64], 8);
    header.checksum = getLittle(&bytes[kChecksumOffset], 8);
    for (std::size_t byte = 80; byte < kLayerHeaderBytes; ++byte) {
        if (bytes[byte] != 0) fail("reserved header bytes are not zero");
    }
    if (header.blockEntries == 0 || header.blockEntries > kMaxBlockEntries) fail("block size out of range");
    const std::uint64_t blocks = header.entries == 0 ? 0 : (header.entries + header.blockEntries - 1) / header.blockEntries;
    if (blocks != header.blockCount) fail("block count does not match the entry count");
    if (header.stats.wins + header.stats.losses != header.entries) fail("win and loss counts do not add up to the entry count");
    if (fileSize != kLayerHeaderBytes + header.payloadBytes) {
        fail(std::string(fileSize < kLayerHeaderBytes + header.payloadBytes ? "truncated" : "trailing bytes") + ": " +
             std::to_string(fileSize) + " bytes, the header says " + std::to_string(kLayerHeaderBytes + header.payloadBytes));
    }
    return header;
}

}  // namespace

bool LayerHeader::sameLayerAs(const LayerHeader& other) const {
    return game == other.game && variantFlags == other.variantFlags && rows == other.rows && columns == other.columns &&
           black == other.black && white == other.white && scheme == other.scheme && colourFolded == other.colourFolded &&
           encoding == other.encoding &&
           entries == other.entries;
}

std::string LayerHeader::describe() const {
    return std::string(gameName(game)) + " " + std::to_string(rows) + "x" + std::to_string(columns) + " variant " +
           variantFromFlags(variantFlags).name() + " layer (" + std::to_string(black) + " black, " + std::to_string(white) +
           " white) scheme " + indexSchemeName(scheme) + (colourFolded ? " colour-folded" : "") + " with " + std::to_string(entries) + " entries";
}

namespace {

// Where the sections of a version-3 payload lie (README.md: layer file): the code table, the
// superblock and block offset tables, the bit stream and its 8 bytes of zero padding.
struct PayloadLayout {
    std::uint64_t codeBytes = 0;        // u16 symbol count, (value, length) pairs, zero padding to 8
    std::uint64_t superblocks = 0;      // u64 each: the stream offset of its first block
    std::uint64_t blockTableBytes = 0;  // u32 per block: offset from its superblock, zero padding to 8
    std::uint64_t streamBytes = 0;

    std::uint64_t superblockTable() const { return codeBytes; }
    std::uint64_t blockTable() const { return codeBytes + 8 * superblocks; }
    std::uint64_t stream() const { return blockTable() + blockTableBytes; }
    std::uint64_t total() const { return stream() + streamBytes + kStreamPadding; }

    static constexpr std::uint64_t kStreamPadding = 8;
    static std::uint64_t roundUp8(std::uint64_t bytes) { return (bytes + 7) / 8 * 8; }
    PayloadLayout(std::uint64_t symbols, std::uint64_t blocks, std::uint64_t streamBytesIn)
        : codeBytes(roundUp8(2 + 2 * symbols)),
          superblocks((blocks + kBlocksPerSuperblock - 1) / kBlocksPerSuperblock),
          blockTableBytes(roundUp8(4 * blocks)),
          streamBytes(streamBytesIn) {}
};

std::array<std::uint64_t, 256> countValues(std::span<const RetrogradeEntry> entries) {
    using Counts = std::array<std::uint64_t, 256>;
    return tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, entries.size(), 1 << 16), Counts{},
        [&](const tbb::blocked_range<std::size_t>& range, Counts counts) {
            for (std::size_t item = range.begin(); item != range.end(); ++item) ++counts[entries[item]];
            return counts;
        },
        [](Counts left, const Counts& right) {
            for (std::size_t value = 0; value < left.size(); ++value) left[value] += right[value];
            return left;
        });
}

// Writes the codes of the entries from `out`, first bit lowest; `out` must hold their bits rounded up.
void encodeBlock(const HuffmanCode& code, std::span<const RetrogradeEntry> entries, std::uint8_t* out) {
    std::uint64_t pending = 0;
    int bits = 0;
    for (const RetrogradeEntry entry : entries) {
        pending |= std::uint64_t{code.code(entry)} << bits;
        bits += code.length(entry);
        while (bits >= 8) {
            *out++ = static_cast<std::uint8_t>(pending);
            pending >>= 8;
            bits -= 8;
        }
    }
    if (bits > 0) *out = static_cast<std::uint8_t>(pending);
}

}  // namespace

std::uint64_t writeLayerFile(const std::string& path, LayerHeader header, std::span<const RetrogradeEntry> entries,
                             std::uint32_t blockEntries) {
    if (blockEntries == 0 || blockEntries > kMaxBlockEntries) {
        throw TableError(path + ": block size " + std::to_string(blockEntries) + " out of range 1.." + std::to_string(kMaxBlockEntries));
    }
    header.entries = entries.size();
    header.blockEntries = blockEntries;
    header.blockCount = static_cast<std::uint32_t>((entries.size() + blockEntries - 1) / blockEntries);
    header.encoding = kEncodingOutcomeByte;
    const HuffmanCode code = HuffmanCode::fromCounts(countValues(entries));
    const auto blockSpan = [&](std::size_t block) {
        const std::size_t begin = block * blockEntries;
        return entries.subspan(begin, std::min<std::size_t>(blockEntries, entries.size() - begin));
    };
    // Pass 1: each block's size (blocks start on a byte); pass 2 encodes them side by side.
    std::vector<std::uint64_t> offsets(std::size_t{header.blockCount} + 1, 0);
    tbb::parallel_for(std::size_t{0}, std::size_t{header.blockCount}, [&](std::size_t block) {
        std::uint64_t bits = 0;
        for (const RetrogradeEntry entry : blockSpan(block)) bits += static_cast<std::uint64_t>(code.length(entry));
        offsets[block + 1] = (bits + 7) / 8;
    });
    for (std::size_t block = 0; block < header.blockCount; ++block) offsets[block + 1] += offsets[block];
    const PayloadLayout layout(code.symbols().size(), header.blockCount, offsets.back());
    std::vector<std::uint8_t> payload(layout.total(), 0);
    putLittle(&payload[0], code.symbols().size(), 2);
    for (std::size_t item = 0; item < code.symbols().size(); ++item) {
        payload[2 + 2 * item] = code.symbols()[item].value;
        payload[3 + 2 * item] = code.symbols()[item].length;
    }
    for (std::size_t block = 0; block < header.blockCount; ++block) {
        const std::uint64_t base = offsets[block - block % kBlocksPerSuperblock];
        if (block % kBlocksPerSuperblock == 0) putLittle(&payload[layout.superblockTable() + 8 * (block / kBlocksPerSuperblock)], base, 8);
        putLittle(&payload[layout.blockTable() + 4 * block], offsets[block] - base, 4);
    }
    std::uint8_t* stream = payload.data() + layout.stream();
    tbb::parallel_for(std::size_t{0}, std::size_t{header.blockCount},
                      [&](std::size_t block) { encodeBlock(code, blockSpan(block), stream + offsets[block]); });
    header.payloadBytes = payload.size();
    header.checksum = 0;
    auto headerBytes = encodeHeader(header);
    header.checksum = fileChecksum(headerBytes.data(), payload.data(), payload.size());
    headerBytes = encodeHeader(header);
    const auto bytes = [](const auto& buffer) { return std::string_view(reinterpret_cast<const char*>(buffer.data()), buffer.size()); };
    try {
        writeFileAtomically(path, {bytes(headerBytes), bytes(payload)});
    } catch (const AtomicWriteError& error) {
        throw TableError(error.what());
    }
    return headerBytes.size() + payload.size();
}

LayerFile::LayerFile(const std::string& path, const LayerHeader& expected) : path_(path) {
    const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) throw TableError(path + ": cannot open: " + std::strerror(errno));
    struct stat status {};
    if (::fstat(descriptor, &status) != 0) {
        ::close(descriptor);
        throw TableError(path + ": cannot stat: " + std::strerror(errno));
    }
    size_ = static_cast<std::uint64_t>(status.st_size);
    if (size_ > 0) {
        void* mapped = ::mmap(nullptr, size_, PROT_READ, MAP_SHARED, descriptor, 0);
        if (mapped == MAP_FAILED) {
            ::close(descriptor);
            throw TableError(path + ": mmap failed: " + std::strerror(errno));
        }
        data_ = static_cast<const std::uint8_t*>(mapped);
    }
    ::close(descriptor);
    try {
        header_ = decodeHeader(path, data_, size_);
        if (!header_.sameLayerAs(expected)) {
            throw TableError(path + ": header says " + header_.describe() + ", expected " + expected.describe());
        }
        const std::uint8_t* payload = data_ + kLayerHeaderBytes;
        if (fileChecksum(data_, payload, header_.payloadBytes) != header_.checksum) {
            throw TableError(path + ": checksum mismatch (the file is corrupt)");
        }
        readSections();
    } catch (...) {
        if (data_ != nullptr) ::munmap(const_cast<std::uint8_t*>(data_), size_);
        throw;
    }
}

// The code table and the offsets, all checked, so that decoding a block stays inside the file.
void LayerFile::readSections() {
    const auto fail = [&](const std::string& why) { throw TableError(path_ + ": " + why); };
    const std::uint8_t* payload = data_ + kLayerHeaderBytes;
    if (header_.payloadBytes < 2) fail("payload shorter than its code table");
    const std::uint64_t symbolCount = getLittle(payload, 2);
    if (symbolCount > 256 || (symbolCount == 0) != (header_.entries == 0)) fail("bad code table size");
    const PayloadLayout empty(symbolCount, header_.blockCount, 0);
    if (header_.payloadBytes < empty.total()) fail("payload shorter than its code and block tables");
    const PayloadLayout layout(symbolCount, header_.blockCount, header_.payloadBytes - empty.total());
    std::vector<HuffmanCode::Symbol> symbols(symbolCount);
    for (std::size_t item = 0; item < symbolCount; ++item) symbols[item] = {payload[2 + 2 * item], payload[3 + 2 * item]};
    try {
        code_ = std::make_unique<HuffmanCode>(HuffmanCode::fromSymbols(symbols));
    } catch (const std::invalid_argument& error) {
        fail(error.what());
    }
    for (std::uint64_t byte = 2 + 2 * symbolCount; byte < layout.codeBytes; ++byte) {
        if (payload[byte] != 0) fail("code table padding is not zero");
    }
    superblocks_ = payload + layout.superblockTable();
    blockOffsets_ = payload + layout.blockTable();
    stream_ = payload + layout.stream();
    streamBytes_ = layout.streamBytes;
    std::uint64_t previous = 0;
    for (std::uint64_t block = 0; block < header_.blockCount; ++block) {
        if (block % kBlocksPerSuperblock == 0 && getLittle(blockOffsets_ + 4 * block, 4) != 0) fail("block table is out of order");
        const std::uint64_t offset = blockStart(block);
        if (offset < previous || offset > streamBytes_) fail("block table is out of order");
        previous = offset;
    }
    for (std::uint64_t byte = layout.blockTable() + 4 * header_.blockCount; byte < layout.stream(); ++byte) {
        if (payload[byte] != 0) fail("block table padding is not zero");
    }
    for (std::uint64_t byte = 0; byte < PayloadLayout::kStreamPadding; ++byte) {
        if (stream_[streamBytes_ + byte] != 0) fail("stream padding is not zero");
    }
}

LayerFile::~LayerFile() {
    if (data_ != nullptr) ::munmap(const_cast<std::uint8_t*>(data_), size_);
}

LayerHeader LayerFile::readHeader(const std::string& path) {
    const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) throw TableError(path + ": cannot open: " + std::strerror(errno));
    std::array<std::uint8_t, kLayerHeaderBytes> bytes{};
    const ssize_t read = ::pread(descriptor, bytes.data(), bytes.size(), 0);
    struct stat status {};
    ::fstat(descriptor, &status);
    ::close(descriptor);
    if (read < static_cast<ssize_t>(kLayerHeaderBytes)) {
        throw TableError(path + ": truncated: shorter than the header");
    }
    return decodeHeader(path, bytes.data(), static_cast<std::uint64_t>(status.st_size));
}

std::uint64_t LayerFile::blockStart(std::uint64_t block) const {
    return getLittle(superblocks_ + 8 * (block / kBlocksPerSuperblock), 8) + getLittle(blockOffsets_ + 4 * block, 4);
}

void LayerFile::decodeBlock(std::uint64_t block, RetrogradeEntry* out) const {
    const std::uint64_t start = blockStart(block);
    const std::uint64_t end = block + 1 < header_.blockCount ? blockStart(block + 1) : streamBytes_;
    const std::uint64_t count = std::min<std::uint64_t>(header_.blockEntries, header_.entries - block * header_.blockEntries);
    std::uint64_t position = 8 * start;
    const std::uint64_t limit = 8 * end;
    for (std::uint64_t item = 0; item < count; ++item) {
        // In bounds: position <= limit <= 8 * streamBytes, and the stream has 8 bytes of padding.
        if (position > limit) break;
        std::uint64_t word;
        std::memcpy(&word, stream_ + (position >> 3), sizeof word);
        const HuffmanCode::Decoded decoded = code_->decode(word >> (position & 7));
        out[item] = decoded.value;
        position += decoded.length;
    }
    if ((position + 7) / 8 != end) {
        throw TableError(path_ + ": block " + std::to_string(block) + " does not decode to " + std::to_string(count) + " entries");
    }
}

RetrogradeEntry LayerFile::entry(std::uint64_t index, BlockCache& cache) const {
    if (index >= header_.entries) throw std::out_of_range(path_ + ": entry " + std::to_string(index) + " out of range");
    const std::uint64_t block = index / header_.blockEntries;
    if (cache.owner_ != this || cache.ownerChecksum_ != header_.checksum || cache.block_ != block) {
        cache.owner_ = nullptr;  // stays invalid if decoding throws
        // The last block may be short: size by what this block really holds.
        cache.entries_.resize(std::min<std::uint64_t>(header_.blockEntries, header_.entries - block * header_.blockEntries));
        decodeBlock(block, cache.entries_.data());
        cache.owner_ = this;
        cache.ownerChecksum_ = header_.checksum;
        cache.block_ = block;
    }
    return cache.entries_[index - block * header_.blockEntries];
}

std::vector<RetrogradeEntry> LayerFile::readAll() const {
    std::vector<RetrogradeEntry> entries = hugePageBytes(header_.entries);
    tbb::parallel_for(std::uint64_t{0}, std::uint64_t{header_.blockCount},
                      [&](std::uint64_t block) { decodeBlock(block, entries.data() + block * header_.blockEntries); });
    return entries;
}

}  // namespace papamu
