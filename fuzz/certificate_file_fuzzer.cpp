// Fuzzes the certificate reader and checker with arbitrary bytes as a certificate file. Whatever
// the bytes, opening must succeed or throw CertificateError with a reason, and a file that opens
// must be checked to a verdict (valid, or invalid with a reason) or a CertificateError, never a
// crash. Random bytes almost never carry valid XXH3 checksums, so when the first input byte is
// odd the harness writes the size and both checksums into the file (format:
// certificate/README.md) and the structural checks behind them get fuzzed too.
#include <xxhash.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "certificate/certificate_checker.hpp"
#include "fuzz/fuzz_check.hpp"
#include "fuzz/memory_file.hpp"
#include "support/little_endian.hpp"

using namespace papamu;
using papamu::fuzz::require;

namespace {

void writeSizeAndChecksums(std::vector<std::uint8_t>& file) {
    putLittle(&file[64], file.size(), 8);
    putLittle(&file[72], XXH3_64bits(file.data() + kCertificateHeaderBytes, file.size() - kCertificateHeaderBytes), 8);
    putLittle(&file[88], XXH3_64bits(file.data(), 88), 8);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static papamu::fuzz::MemoryFile file("papamu-certificate-fuzz");
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
