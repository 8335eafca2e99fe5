#pragma once
// One solved layer on disk: a 128-byte header, a Huffman code, block offset tables, and blocks of
// one-byte entries, each block coded on its own so that a probe decodes a few hundred entries.
// Layout, endianness and checksum: README.md.
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/game_kind.hpp"
#include "solver/retrograde_concepts.hpp"
#include "solver/retrograde_entry.hpp"
#include "tablebase/huffman_code.hpp"
#include "tablebase/table_index.hpp"

namespace papamu {

// Anything wrong with a table on disk: missing, truncated, corrupt, or for other rules.
struct TableError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Version history (README.md): 1 stored both sides to move in every layer; 2 adds the
// colour-fold flag (byte 58) and stores folded layers with Black to move only; 3 replaces the
// zstd blocks of 32,768 entries by canonical Huffman blocks of 256 entries (probes 10x faster).
constexpr std::uint32_t kLayerFormatVersion = 3;
constexpr std::uint32_t kLayerHeaderBytes = 128;
constexpr std::uint8_t kEncodingOutcomeByte = 1;  // solver/retrograde_entry.hpp
constexpr std::uint32_t kCompressionHuffmanBlocks = 2;  // 1 was zstd (version 2)
constexpr std::uint32_t kDefaultBlockEntries = 256;
constexpr std::uint32_t kMaxBlockEntries = std::uint32_t{1} << 20;
constexpr std::uint64_t kBlocksPerSuperblock = 256;

// What a layer file says about itself; everything but the checksum is checked on open.
struct LayerHeader {
    GameKind game = GameKind::Konane;
    std::uint8_t variantFlags = 0;  // bit 0 single-jump, bit 1 open-any, bit 2 no-pie
    int rows = 0;
    int columns = 0;
    int black = 0;  // the layer: stone counts
    int white = 0;
    IndexScheme scheme = IndexScheme::KonaneHomeSubsets;
    bool colourFolded = false;  // Black to move only; White to move is read as its colour image
    std::uint8_t encoding = kEncodingOutcomeByte;
    std::uint64_t entries = 0;
    std::uint32_t blockEntries = 0;
    std::uint32_t blockCount = 0;
    RetrogradeLayerStats stats;
    std::uint64_t payloadBytes = 0;  // block table and blocks
    std::uint64_t checksum = 0;

    bool sameLayerAs(const LayerHeader& other) const;
    std::string describe() const;  // "konane 4x4 variant 0 layer (5, 6) with 2450 entries"
};


// An upper bound of the memory writeLayerFile takes besides the entries: the payload at the
// longest code for every entry plus a byte of padding per block, and the offsets (a u64 while
// writing and a u32 in the block table per block). Real layers code in 1-3 bits per entry.
inline long double layerWriteBytes(long double entries, std::uint32_t blockEntries = kDefaultBlockEntries) {
    return entries * (kMaxCodeLength / 8.0L + 13.0L / blockEntries) + 4096;
}

// Writes atomically: to PATH.tmp, fsync, rename over PATH, fsync the directory. Returns the
// number of bytes written. Deterministic: the same entries give the same bytes.
// blockEntries: 1..kMaxBlockEntries.
std::uint64_t writeLayerFile(const std::string& path, LayerHeader header, std::span<const RetrogradeEntry> entries,
                             std::uint32_t blockEntries = kDefaultBlockEntries);

// A per-thread scratch for reading one block: the last block decoded.
class BlockCache {
public:
    BlockCache() = default;
    BlockCache(const BlockCache&) = delete;
    BlockCache& operator=(const BlockCache&) = delete;

private:
    friend class LayerFile;
    const void* owner_ = nullptr;
    std::uint64_t ownerChecksum_ = 0;
    std::uint64_t block_ = 0;
    std::vector<RetrogradeEntry> entries_;
};

// A layer file mapped read-only and validated on open (header fields against `expected`,
// sizes, block table, XXH3 checksum). Reading is const and thread-safe with one BlockCache per thread.
class LayerFile {
public:
    LayerFile(const std::string& path, const LayerHeader& expected);
    ~LayerFile();
    LayerFile(const LayerFile&) = delete;
    LayerFile& operator=(const LayerFile&) = delete;

    const LayerHeader& header() const { return header_; }
    std::uint64_t fileBytes() const { return size_; }
    RetrogradeEntry entry(std::uint64_t index, BlockCache& cache) const;
    // Every entry, each block decoded and checked to end exactly where the next one starts.
    std::vector<RetrogradeEntry> readAll() const;

    // Reads and validates only the header (no expected values, no checksum): for tools.
    static LayerHeader readHeader(const std::string& path);

private:
    void readSections();
    std::uint64_t blockStart(std::uint64_t block) const;  // byte offset in the stream
    void decodeBlock(std::uint64_t block, RetrogradeEntry* out) const;

    std::string path_;
    LayerHeader header_;
    const std::uint8_t* data_ = nullptr;
    std::uint64_t size_ = 0;
    std::unique_ptr<HuffmanCode> code_;
    const std::uint8_t* superblocks_ = nullptr;
    const std::uint8_t* blockOffsets_ = nullptr;
    const std::uint8_t* stream_ = nullptr;
    std::uint64_t streamBytes_ = 0;
};

}  // namespace papamu
