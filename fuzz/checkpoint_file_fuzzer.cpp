// Fuzzes the checkpoint reader (both versions: full entries and compact zstd blocks) with
// arbitrary bytes as a checkpoint file. Whatever the bytes, forEachCheckpointEntry must throw
// CheckpointError with a reason before visiting anything, or visit exactly the announced number
// of entries, each a valid one (no cell with two stones, not proven both ways). Random bytes
// almost never carry a valid XXH64, so when the first input byte is odd the harness writes the
// checksum into the file's last 8 bytes (format: solver/README.md) and the checks behind it, the
// block decoder's above all, get fuzzed too.
#include <xxhash.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz/fuzz_check.hpp"
#include "fuzz/memory_file.hpp"
#include "solver/checkpoint_file.hpp"
#include "support/little_endian.hpp"

using namespace papamu;
using papamu::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static papamu::fuzz::MemoryFile file("papamu-checkpoint-fuzz");
    if (size == 0) return 0;
    std::vector<std::uint8_t> bytes(data + 1, data + size);
    if ((data[0] & 1U) != 0 && bytes.size() >= 8) putLittle(&bytes[bytes.size() - 8], XXH64(bytes.data(), bytes.size() - 8, 0), 8);
    file.assign(bytes);
    std::uint64_t visited = 0;
    try {
        const CheckpointContents contents = forEachCheckpointEntry(file.path(), "", [&](const CheckpointEntry& entry) {
            ++visited;
            require((entry.position.black & entry.position.white) == 0, "an entry with two stones on one cell");
            require(entry.numbers.proof != 0 || entry.numbers.disproof != 0, "an entry proven both ways");
        }, 3);
        require(visited == contents.entries, "visited another number of entries than announced");
    } catch (const CheckpointError& error) {
        require(visited == 0, "refused after visiting entries");
        require(*error.what() != '\0', "refused without a reason");
    }
    return 0;
}
