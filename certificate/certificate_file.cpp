#include "certificate/certificate_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <utility>

#include "rules/game_list.hpp"
#include "support/atomic_file.hpp"
#include "support/little_endian.hpp"

namespace papamu {

namespace {

// Header field offsets (README.md "Header").
constexpr std::size_t kVersionAt = 8, kGameAt = 10, kVariantAt = 11, kRowsAt = 12, kColumnsAt = 13, kSideAt = 14,
                      kSwapAt = 15, kBlackAt = 16, kWhiteAt = 24, kValueAt = 32, kBlockRecordsAt = 36, kRecordsAt = 40,
                      kBlocksAt = 48, kIndexAt = 56, kSizeAt = 64, kBodyChecksumAt = 72, kHeaderChecksumAt = 88;
constexpr int kCompressionLevel = 9;

std::string systemError(const std::string& what, const std::string& path) {
    return what + " " + path + ": " + std::strerror(errno);
}

}  // namespace

// ----------------------------------------------------------------------------------- writing

struct CertificateFileWriter::State {
    std::unique_ptr<AtomicFileWriter> file;  // PATH.tmp until finish() renames it
    CertificateClaim claim;
    std::uint32_t blockRecords = 0;
    XXH3_state_t* hash = nullptr;
    std::vector<std::uint8_t> block;       // encoded records of the open block
    std::uint32_t blockCount = 0;          // records in the open block
    std::vector<std::uint8_t> index;       // encoded index entries
    std::vector<std::uint8_t> compressed;  // scratch
    std::optional<CertificateKey> lastKey;
    std::uint64_t records = 0;
    std::uint64_t blocks = 0;
    std::uint64_t offset = kCertificateHeaderBytes;

    void write(const std::uint8_t* bytes, std::size_t size, bool hashed) {
        file->append(std::string_view(reinterpret_cast<const char*>(bytes), size));
        if (hashed) XXH3_64bits_update(hash, bytes, size);
    }
};

CertificateFileWriter::CertificateFileWriter(std::string path, CertificateClaim claim, std::uint32_t blockRecords)
    : state_(std::make_unique<State>()) {
    if (blockRecords < 1 || blockRecords > kCertificateMaxBlockRecords) throw std::invalid_argument("certificate block size out of range");
    State& state = *state_;
    state.file = std::make_unique<AtomicFileWriter>(std::move(path));
    state.claim = claim;
    state.blockRecords = blockRecords;
    state.hash = XXH3_createState();
    XXH3_64bits_reset(state.hash);
    const std::array<std::uint8_t, kCertificateHeaderBytes> placeholder{};
    state.write(placeholder.data(), placeholder.size(), false);
}

CertificateFileWriter::~CertificateFileWriter() {
    if (!state_) return;
    state_->file.reset();  // without finish(): removes PATH.tmp, the old file stays
    XXH3_freeState(state_->hash);
}

void CertificateFileWriter::add(const CertificateRecord& record) {
    State& state = *state_;
    if (state.lastKey && !(*state.lastKey < record.key)) throw std::logic_error("certificate records out of order");
    if (state.blockCount == 0) {
        std::uint8_t entryKey[kCertificateRecordBytes];
        encodeCertificateRecord(record, entryKey);
        state.index.resize(state.index.size() + kCertificateIndexEntryBytes);
        std::uint8_t* entry = state.index.data() + state.index.size() - kCertificateIndexEntryBytes;
        std::memcpy(entry + 16, entryKey, 17);  // offset and sizes are filled in by flushBlock
    }
    state.lastKey = record.key;
    state.block.resize(state.block.size() + kCertificateRecordBytes);
    encodeCertificateRecord(record, state.block.data() + state.block.size() - kCertificateRecordBytes);
    ++state.records;
    if (++state.blockCount == state.blockRecords) flushBlock();
}

void CertificateFileWriter::flushBlock() {
    State& state = *state_;
    if (state.blockCount == 0) return;
    state.compressed.resize(ZSTD_compressBound(state.block.size()));
    const std::size_t size = ZSTD_compress(state.compressed.data(), state.compressed.size(), state.block.data(),
                                           state.block.size(), kCompressionLevel);
    if (ZSTD_isError(size)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(size));
    std::uint8_t* entry = state.index.data() + state.index.size() - kCertificateIndexEntryBytes;
    putLittle(entry, state.offset, 8);
    putLittle(entry + 8, size, 4);
    putLittle(entry + 12, state.blockCount, 4);
    state.write(state.compressed.data(), size, true);
    state.offset += size;
    ++state.blocks;
    state.block.clear();
    state.blockCount = 0;
}

CertificateFileSummary CertificateFileWriter::finish() {
    State& state = *state_;
    flushBlock();
    const std::uint64_t indexOffset = state.offset;
    state.write(state.index.data(), state.index.size(), true);
    const std::uint64_t size = indexOffset + state.index.size();
    const std::uint64_t bodyChecksum = XXH3_64bits_digest(state.hash);
    std::array<std::uint8_t, kCertificateHeaderBytes> header{};
    std::memcpy(header.data(), kCertificateMagic.data(), kCertificateMagic.size());
    const CertificateClaim& claim = state.claim;
    putLittle(&header[kVersionAt], kCertificateVersion, 2);
    header[kGameAt] = static_cast<std::uint8_t>(claim.game);
    header[kVariantAt] = variantFlags(claim.variant);
    header[kRowsAt] = static_cast<std::uint8_t>(claim.size.rows);
    header[kColumnsAt] = static_cast<std::uint8_t>(claim.size.columns);
    header[kSideAt] = static_cast<std::uint8_t>(claim.root.sideToMove);
    header[kSwapAt] = claim.root.swapAvailable ? 1 : 0;
    putLittle(&header[kBlackAt], claim.root.black, 8);
    putLittle(&header[kWhiteAt], claim.root.white, 8);
    header[kValueAt] = static_cast<std::uint8_t>(claim.rootValue);
    putLittle(&header[kBlockRecordsAt], state.blockRecords, 4);
    putLittle(&header[kRecordsAt], state.records, 8);
    putLittle(&header[kBlocksAt], state.blocks, 8);
    putLittle(&header[kIndexAt], indexOffset, 8);
    putLittle(&header[kSizeAt], size, 8);
    putLittle(&header[kBodyChecksumAt], bodyChecksum, 8);
    putLittle(&header[kHeaderChecksumAt], XXH3_64bits(header.data(), kHeaderChecksumAt), 8);
    state.file->overwrite(0, std::string_view(reinterpret_cast<const char*>(header.data()), header.size()));
    // The new file is complete and on disk before it takes the name: a crash leaves either the
    // old file or the new one, never a mix.
    state.file->commit();
    state.file.reset();
    return CertificateFileSummary{state.records, state.blocks, size, bodyChecksum};
}

// ----------------------------------------------------------------------------------- reading

CertificateFile CertificateFile::open(const std::string& path) {
    const int descriptor = ::open(path.c_str(), O_RDONLY);
    if (descriptor < 0) throw std::runtime_error(systemError("can not open", path));
    struct stat status {};
    if (::fstat(descriptor, &status) != 0 || !S_ISREG(status.st_mode)) {
        ::close(descriptor);
        throw std::runtime_error(path + " is not a regular file");
    }
    CertificateFile file;
    file.size_ = static_cast<std::uint64_t>(status.st_size);
    if (file.size_ < kCertificateHeaderBytes) {
        ::close(descriptor);
        throw CertificateError("truncated: " + std::to_string(file.size_) + " bytes, shorter than the header");
    }
    void* mapped = ::mmap(nullptr, file.size_, PROT_READ, MAP_PRIVATE, descriptor, 0);
    ::close(descriptor);
    if (mapped == MAP_FAILED) throw std::runtime_error(systemError("can not map", path));
    file.data_ = static_cast<const std::uint8_t*>(mapped);
    file.validate();
    return file;
}

CertificateFile::~CertificateFile() {
    if (data_ != nullptr) ::munmap(const_cast<std::uint8_t*>(data_), size_);
}

CertificateFile::CertificateFile(CertificateFile&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(other.size_), claim_(other.claim_), recordCount_(other.recordCount_),
      blockCount_(other.blockCount_), blockRecords_(other.blockRecords_), indexOffset_(other.indexOffset_),
      checksum_(other.checksum_) {}

void CertificateFile::validate() {
    const std::uint8_t* header = data_;
    if (std::memcmp(header, kCertificateMagic.data(), kCertificateMagic.size()) != 0) throw CertificateError("not a papamu certificate (bad magic)");
    const auto version = getLittle(header + kVersionAt, 2);
    if (version != kCertificateVersion) {
        throw CertificateError("certificate format version " + std::to_string(version) + " is not supported (this papamu reads version " +
                               std::to_string(kCertificateVersion) + ")");
    }
    if (getLittle(header + kHeaderChecksumAt, 8) != XXH3_64bits(header, kHeaderChecksumAt)) throw CertificateError("header checksum mismatch");
    if (header[kGameAt] >= allGames().size()) throw CertificateError("unknown game " + std::to_string(header[kGameAt]));
    if ((header[kVariantAt] & ~kKnownVariantFlags) != 0) throw CertificateError("unknown variant flags");
    if (header[kSideAt] > 1 || header[kSwapAt] > 1 || header[kValueAt] > 1) throw CertificateError("bad root flags");
    claim_.game = static_cast<GameKind>(header[kGameAt]);
    claim_.variant = variantFromFlags(header[kVariantAt]);
    claim_.size = BoardSize{header[kRowsAt], header[kColumnsAt]};
    claim_.root = Position{getLittle(header + kBlackAt, 8), getLittle(header + kWhiteAt, 8), static_cast<Color>(header[kSideAt]),
                           header[kSwapAt] == 1};
    claim_.rootValue = static_cast<Value>(header[kValueAt]);
    blockRecords_ = static_cast<std::uint32_t>(getLittle(header + kBlockRecordsAt, 4));
    recordCount_ = getLittle(header + kRecordsAt, 8);
    blockCount_ = getLittle(header + kBlocksAt, 8);
    indexOffset_ = getLittle(header + kIndexAt, 8);
    checksum_ = getLittle(header + kBodyChecksumAt, 8);
    if (getLittle(header + kSizeAt, 8) != size_) {
        throw CertificateError("truncated or extended: the header says " + std::to_string(getLittle(header + kSizeAt, 8)) + " bytes, the file has " +
                               std::to_string(size_));
    }
    if (blockRecords_ < 1 || blockRecords_ > kCertificateMaxBlockRecords) throw CertificateError("records per block out of range");
    // Written without an overflowing sum: a crafted count near 2^64 must not wrap to a small one.
    if (blockCount_ != recordCount_ / blockRecords_ + (recordCount_ % blockRecords_ != 0 ? 1 : 0)) {
        throw CertificateError("block count does not match the record count");
    }
    if (indexOffset_ < kCertificateHeaderBytes || indexOffset_ > size_ || (size_ - indexOffset_) / kCertificateIndexEntryBytes != blockCount_ ||
        (size_ - indexOffset_) % kCertificateIndexEntryBytes != 0) {
        throw CertificateError("block index does not fit the file");
    }
    if (XXH3_64bits(data_ + kCertificateHeaderBytes, size_ - kCertificateHeaderBytes) != checksum_) throw CertificateError("body checksum mismatch (damaged file)");
    std::uint64_t expectedOffset = kCertificateHeaderBytes;
    for (std::uint64_t block = 0; block < blockCount_; ++block) {
        const std::uint8_t* entry = indexEntry(block);
        const std::uint64_t records = getLittle(entry + 12, 4);
        const std::uint64_t wanted = block + 1 < blockCount_ ? blockRecords_ : recordCount_ - block * blockRecords_;
        if (getLittle(entry, 8) != expectedOffset || records != wanted) throw CertificateError("block index entry " + std::to_string(block) + " is inconsistent");
        expectedOffset += getLittle(entry + 8, 4);
        if (block > 0 && !(firstKey(block - 1) < firstKey(block))) throw CertificateError("block index keys out of order");
    }
    if (expectedOffset != indexOffset_) throw CertificateError("blocks do not end where the index starts");
}

const std::uint8_t* CertificateFile::indexEntry(std::uint64_t block) const {
    return data_ + indexOffset_ + block * kCertificateIndexEntryBytes;
}

CertificateKey CertificateFile::firstKey(std::uint64_t block) const { return decodeCertificateKey(indexEntry(block) + 16); }

std::vector<CertificateRecord> CertificateFile::readBlock(std::uint64_t block) const {
    const std::uint8_t* entry = indexEntry(block);
    const std::uint64_t offset = getLittle(entry, 8);
    const std::size_t compressed = getLittle(entry + 8, 4);
    const std::size_t count = getLittle(entry + 12, 4);
    std::vector<std::uint8_t> bytes(count * kCertificateRecordBytes);
    const std::size_t size = ZSTD_decompress(bytes.data(), bytes.size(), data_ + offset, compressed);
    if (ZSTD_isError(size) || size != bytes.size()) throw CertificateError("block " + std::to_string(block) + " does not decompress to its records");
    std::vector<CertificateRecord> records(count);
    for (std::size_t index = 0; index < count; ++index) {
        records[index] = decodeCertificateRecord(bytes.data() + index * kCertificateRecordBytes);
        if (index > 0 && !(records[index - 1].key < records[index].key)) throw CertificateError("records out of order in block " + std::to_string(block));
    }
    if (records.front().key != firstKey(block)) throw CertificateError("block " + std::to_string(block) + " does not start with its index key");
    if (block + 1 < blockCount_ && !(records.back().key < firstKey(block + 1))) throw CertificateError("block " + std::to_string(block) + " overlaps the next");
    return records;
}

std::optional<std::uint64_t> CertificateFile::blockFor(const CertificateKey& key) const {
    std::uint64_t low = 0, high = blockCount_;  // the answer is the last block whose first key <= key
    while (low < high) {
        const std::uint64_t middle = low + (high - low) / 2;
        if (firstKey(middle) <= key) low = middle + 1;
        else high = middle;
    }
    if (low == 0) return std::nullopt;
    return low - 1;
}

CertificateLookup::CertificateLookup(const CertificateFile& file, std::size_t cachedBlocks)
    : file_(file), slots_(std::max<std::size_t>(cachedBlocks, 1)) {}

std::optional<std::uint64_t> CertificateLookup::find(const CertificateKey& key) {
    const std::optional<std::uint64_t> block = file_.blockFor(key);
    if (!block) return std::nullopt;
    Slot& slot = slots_[*block % slots_.size()];
    if (slot.block != *block) {
        slot.records = file_.readBlock(*block);
        slot.block = *block;
    }
    const auto found = std::lower_bound(slot.records.begin(), slot.records.end(), key,
                                        [](const CertificateRecord& record, const CertificateKey& wanted) { return record.key < wanted; });
    if (found == slot.records.end() || found->key != key) return std::nullopt;
    return *block * file_.blockRecords() + static_cast<std::uint64_t>(found - slot.records.begin());
}

}  // namespace papamu
