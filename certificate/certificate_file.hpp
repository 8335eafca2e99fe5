#pragma once
// Writing and reading certificate files (layout: certificate/README.md).
// The writer streams sorted records into zstd blocks and replaces the target file only when the
// whole certificate is on disk; the reader memory-maps the file, checks every byte it can before
// answering (header, checksums, block index) and decompresses one block at a time.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "certificate/certificate_format.hpp"

namespace papamu {

struct CertificateFileSummary {
    std::uint64_t records = 0;
    std::uint64_t blocks = 0;
    std::uint64_t bytes = 0;     // the whole file
    std::uint64_t checksum = 0;  // XXH3-64 of the body, as in the header
};

class CertificateFileWriter {
public:
    static constexpr std::uint32_t kDefaultBlockRecords = 256;

    // Starts a temporary file beside `path`; nothing at `path` changes until finish().
    CertificateFileWriter(std::string path, CertificateClaim claim, std::uint32_t blockRecords = kDefaultBlockRecords);
    ~CertificateFileWriter();
    CertificateFileWriter(const CertificateFileWriter&) = delete;
    CertificateFileWriter& operator=(const CertificateFileWriter&) = delete;

    // Records must come in strictly increasing key order (std::logic_error otherwise).
    void add(const CertificateRecord& record);
    // Writes the last block, the index and the header, then replaces `path` atomically.
    CertificateFileSummary finish();

private:
    struct State;
    void flushBlock();
    std::unique_ptr<State> state_;
};

class CertificateFile {
public:
    // Throws CertificateError naming what is wrong (std::runtime_error when it can not be opened).
    static CertificateFile open(const std::string& path);
    ~CertificateFile();
    CertificateFile(CertificateFile&& other) noexcept;
    CertificateFile& operator=(CertificateFile&&) = delete;
    CertificateFile(const CertificateFile&) = delete;

    const CertificateClaim& claim() const { return claim_; }
    std::uint64_t recordCount() const { return recordCount_; }
    std::uint64_t blockCount() const { return blockCount_; }
    std::uint32_t blockRecords() const { return blockRecords_; }
    std::uint64_t bytes() const { return size_; }
    std::uint64_t checksum() const { return checksum_; }

    // The records of one block, decoded and checked for order against the index.
    std::vector<CertificateRecord> readBlock(std::uint64_t block) const;
    // The block whose key range could hold `key`; nullopt when it sorts before every record.
    std::optional<std::uint64_t> blockFor(const CertificateKey& key) const;

private:
    CertificateFile() = default;
    void validate();
    CertificateKey firstKey(std::uint64_t block) const;
    const std::uint8_t* indexEntry(std::uint64_t block) const;

    const std::uint8_t* data_ = nullptr;
    std::uint64_t size_ = 0;
    CertificateClaim claim_;
    std::uint64_t recordCount_ = 0;
    std::uint64_t blockCount_ = 0;
    std::uint32_t blockRecords_ = 0;
    std::uint64_t indexOffset_ = 0;
    std::uint64_t checksum_ = 0;
};

// Finds records by key, keeping recently decompressed blocks; one per thread.
class CertificateLookup {
public:
    explicit CertificateLookup(const CertificateFile& file, std::size_t cachedBlocks = 4096);
    // The global index of the record with this key, or nullopt.
    std::optional<std::uint64_t> find(const CertificateKey& key);

private:
    struct Slot {
        std::uint64_t block = ~std::uint64_t{0};
        std::vector<CertificateRecord> records;
    };
    const CertificateFile& file_;
    std::vector<Slot> slots_;
};

}  // namespace papamu
