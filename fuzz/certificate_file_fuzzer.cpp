// Fuzzes the certificate reader and checker with arbitrary bytes as a certificate file. Whatever
// the bytes, opening must succeed or throw CertificateError with a reason, and a file that opens
// must be checked to a verdict (valid, or invalid with a reason) or a CertificateError, never a
// crash. Random bytes almost never carry valid XXH3 checksums, so when the first input byte is
// odd the harness writes the size and both checksums into the file (format:
// certificate/README.md) and the structural checks behind them get fuzzed too.
#include <sys/mman.h>
#include <unistd.h>
#include <xxhash.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "certificate/certificate_checker.hpp"
#include "fuzz/fuzz_check.hpp"
#include "support/little_endian.hpp"

using namespace papamu;
using papamu::fuzz::require;

namespace {

void writeSizeAndChecksums(std::vector<std::uint8_t>& file) {
    putLittle(&file[64], file.size(), 8);
    putLittle(&file[72], XXH3_64bits(file.data() + kCertificateHeaderBytes, file.size() - kCertificateHeaderBytes), 8);
    putLittle(&file[88], XXH3_64bits(file.data(), 88), 8);
}

// One in-memory file for the whole run, reached by path like a file on disk.
class MemoryFile {
public:
    MemoryFile() : descriptor_(memfd_create("papamu-certificate-fuzz", MFD_CLOEXEC)) {
        require(descriptor_ >= 0, "memfd_create failed");
        path_ = "/proc/self/fd/" + std::to_string(descriptor_);
    }
    void assign(const std::vector<std::uint8_t>& bytes) {
        require(ftruncate(descriptor_, 0) == 0, "ftruncate failed");
        require(pwrite(descriptor_, bytes.data(), bytes.size(), 0) == static_cast<ssize_t>(bytes.size()), "pwrite failed");
    }
    const std::string& path() const { return path_; }

private:
    int descriptor_;
    std::string path_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static MemoryFile file;
    if (size == 0) return 0;
    std::vector<std::uint8_t> bytes(data + 1, data + size);
    if ((data[0] & 1U) != 0 && bytes.size() >= kCertificateHeaderBytes) writeSizeAndChecksums(bytes);
    file.assign(bytes);
    try {
        const CertificateFile certificate = CertificateFile::open(file.path());
        const CertificateVerdict verdict = checkCertificate(certificate, std::nullopt, 1);
        require(verdict.valid || !verdict.reason.empty(), "rejected without a reason");
    } catch (const CertificateError& error) {
        require(*error.what() != '\0', "refused without a reason");
    }
    return 0;
}
