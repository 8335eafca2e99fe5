// Fuzzes the table layer reader with arbitrary bytes as a layer file. Whatever the bytes, the
// reader must answer with TableError (or succeed on a consistent file), never crash or read
// outside the file. Random bytes almost never carry a valid XXH3 checksum, which would stop
// every input at the first check; so when the first input byte is odd the harness writes the
// correct checksum into the file (format: tablebase/README.md), and the structural checks
// behind it (code table, block tables, Huffman blocks) get fuzzed too.
#include <xxhash.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "fuzz/fuzz_check.hpp"
#include "fuzz/memory_file.hpp"
#include "tablebase/layer_file.hpp"

using namespace papamu;
using papamu::fuzz::require;

namespace {

constexpr std::size_t kChecksumOffset = 72;
// In real use the expected entry count comes from the table index and bounds the memory a
// layer may ask for; here the file's own header is the expectation, so it is capped instead.
constexpr std::uint64_t kMaxEntries = std::uint64_t{1} << 20;

void writeChecksum(std::vector<std::uint8_t>& file) {
    std::memset(&file[kChecksumOffset], 0, 8);
    const std::uint64_t checksum = XXH3_64bits(file.data(), file.size());
    for (int byte = 0; byte < 8; ++byte) file[kChecksumOffset + byte] = static_cast<std::uint8_t>(checksum >> (8 * byte));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static papamu::fuzz::MemoryFile file("papamu-layer-fuzz");
    if (size == 0) return 0;
    std::vector<std::uint8_t> bytes(data + 1, data + size);
    if ((data[0] & 1U) != 0 && bytes.size() >= kLayerHeaderBytes) writeChecksum(bytes);
    file.assign(bytes);

    try {
        LayerFile wrongRules(file.path(), LayerHeader{});  // an empty Kōnane 0x0 layer: never this file
        require(wrongRules.header().entries == 0, "a file was accepted for a layer it does not hold");
    } catch (const TableError& error) {
        require(*error.what() != '\0', "rejected without a reason");
    }

    LayerHeader header;
    try {
        header = LayerFile::readHeader(file.path());
    } catch (const TableError&) {
        return 0;
    }
    if (header.entries > kMaxEntries) return 0;
    try {
        const LayerFile layer(file.path(), header);
        const std::vector<RetrogradeEntry> entries = layer.readAll();
        require(entries.size() == header.entries, "readAll returned the wrong number of entries");
        BlockCache cache;
        for (const std::uint64_t index : {std::uint64_t{0}, header.entries / 2, header.entries - 1}) {
            if (index >= header.entries) continue;
            require(layer.entry(index, cache) == entries[index], "entry() and readAll() disagree");
        }
    } catch (const TableError& error) {
        require(*error.what() != '\0', "rejected without a reason");
    }
    return 0;
}
