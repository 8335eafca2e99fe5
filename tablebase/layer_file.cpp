#include "tablebase/layer_file.hpp"

#include <algorithm>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include <tbb/parallel_for.h>

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

void putLittle(std::uint8_t* out, std::uint64_t value, int bytes) {
    for (int byte = 0; byte < bytes; ++byte) out[byte] = static_cast<std::uint8_t>(value >> (8 * byte));
}

std::uint64_t getLittle(const std::uint8_t* in, int bytes) {
    std::uint64_t value = 0;
    for (int byte = 0; byte < bytes; ++byte) value |= static_cast<std::uint64_t>(in[byte]) << (8 * byte);
    return value;
}

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
    putLittle(&bytes[60], kCompressionZstd, 4);
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
             std::to_string(kLayerFormatVersion) + ")");
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
    if (getLittle(&bytes[60], 4) != kCompressionZstd) fail("unknown compression");
    header.payloadBytes = getLittle(&bytes[64], 8);
    header.checksum = getLittle(&bytes[kChecksumOffset], 8);
    for (std::size_t byte = 80; byte < kLayerHeaderBytes; ++byte) {
        if (bytes[byte] != 0) fail("reserved header bytes are not zero");
    }
    if (header.blockEntries == 0 && header.entries != 0) fail("block size 0");
    const std::uint64_t blocks = header.entries == 0 ? 0 : (header.entries + header.blockEntries - 1) / header.blockEntries;
    if (blocks != header.blockCount) fail("block count does not match the entry count");
    if (header.stats.wins + header.stats.losses != header.entries) fail("win and loss counts do not add up to the entry count");
    if (fileSize != kLayerHeaderBytes + header.payloadBytes) {
        fail(std::string(fileSize < kLayerHeaderBytes + header.payloadBytes ? "truncated" : "trailing bytes") + ": " +
             std::to_string(fileSize) + " bytes, the header says " + std::to_string(kLayerHeaderBytes + header.payloadBytes));
    }
    if (header.payloadBytes < 8 * (std::uint64_t{header.blockCount} + 1)) fail("payload shorter than its block table");
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

std::uint64_t writeLayerFile(const std::string& path, LayerHeader header, std::span<const RetrogradeEntry> entries,
                             std::uint32_t blockEntries, int compressionLevel) {
    header.entries = entries.size();
    header.blockEntries = blockEntries;
    header.blockCount = static_cast<std::uint32_t>((entries.size() + blockEntries - 1) / blockEntries);
    header.encoding = kEncodingOutcomeByte;
    std::vector<std::vector<std::uint8_t>> blocks(header.blockCount);
    tbb::parallel_for(std::size_t{0}, blocks.size(), [&](std::size_t block) {
        const std::size_t begin = block * blockEntries;
        const std::size_t count = std::min<std::size_t>(blockEntries, entries.size() - begin);
        std::vector<std::uint8_t>& out = blocks[block];
        out.resize(ZSTD_compressBound(count));
        const std::size_t size = ZSTD_compress(out.data(), out.size(), entries.data() + begin, count, compressionLevel);
        if (ZSTD_isError(size)) throw TableError(path + ": compression failed: " + ZSTD_getErrorName(size));
        out.resize(size);
    });
    std::vector<std::uint8_t> payload(8 * (blocks.size() + 1));
    std::uint64_t offset = 0;
    for (std::size_t block = 0; block <= blocks.size(); ++block) {
        putLittle(&payload[8 * block], offset, 8);
        if (block < blocks.size()) offset += blocks[block].size();
    }
    for (const auto& block : blocks) payload.insert(payload.end(), block.begin(), block.end());
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

BlockCache::BlockCache() : context_(ZSTD_createDCtx()) {}
BlockCache::~BlockCache() { ZSTD_freeDCtx(static_cast<ZSTD_DCtx*>(context_)); }

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
        const std::uint64_t blocksBytes = header_.payloadBytes - 8 * (std::uint64_t{header_.blockCount} + 1);
        std::uint64_t previous = 0;
        for (std::uint64_t block = 0; block <= header_.blockCount; ++block) {
            const std::uint64_t offset = getLittle(payload + 8 * block, 8);
            if (offset < previous || offset > blocksBytes) throw TableError(path + ": block table is out of order");
            previous = offset;
        }
        if (previous != blocksBytes) throw TableError(path + ": block table does not end at the end of the file");
    } catch (...) {
        if (data_ != nullptr) ::munmap(const_cast<std::uint8_t*>(data_), size_);
        throw;
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

void LayerFile::decompressBlock(std::uint64_t block, void* context, RetrogradeEntry* out) const {
    const std::uint8_t* payload = data_ + kLayerHeaderBytes;
    const std::uint8_t* blocks = payload + 8 * (std::uint64_t{header_.blockCount} + 1);
    const std::uint64_t begin = getLittle(payload + 8 * block, 8);
    const std::uint64_t end = getLittle(payload + 8 * (block + 1), 8);
    const std::uint64_t expected = std::min<std::uint64_t>(header_.blockEntries, header_.entries - block * header_.blockEntries);
    const std::size_t size = ZSTD_decompressDCtx(static_cast<ZSTD_DCtx*>(context), out, expected, blocks + begin, end - begin);
    if (ZSTD_isError(size) || size != expected) {
        throw TableError(path_ + ": block " + std::to_string(block) + " does not decompress to " + std::to_string(expected) +
                         " entries");
    }
}

RetrogradeEntry LayerFile::entry(std::uint64_t index, BlockCache& cache) const {
    if (index >= header_.entries) throw std::out_of_range(path_ + ": entry " + std::to_string(index) + " out of range");
    const std::uint64_t block = index / header_.blockEntries;
    if (cache.owner_ != this || cache.ownerChecksum_ != header_.checksum || cache.block_ != block) {
        cache.owner_ = nullptr;  // stays invalid if decompression throws
        // The last block may be short, and a small layer may declare huge blocks: size by what
        // this block really holds so a valid header can not make a probe allocate gigabytes.
        cache.entries_.resize(std::min<std::uint64_t>(header_.blockEntries, header_.entries - block * header_.blockEntries));
        decompressBlock(block, cache.context_, cache.entries_.data());
        cache.owner_ = this;
        cache.ownerChecksum_ = header_.checksum;
        cache.block_ = block;
    }
    return cache.entries_[index - block * header_.blockEntries];
}

std::vector<RetrogradeEntry> LayerFile::readAll() const {
    std::vector<RetrogradeEntry> entries(header_.entries);
    tbb::parallel_for(std::uint64_t{0}, std::uint64_t{header_.blockCount}, [&](std::uint64_t block) {
        BlockCache cache;
        decompressBlock(block, cache.context_, entries.data() + block * header_.blockEntries);
    });
    return entries;
}

}  // namespace papamu
