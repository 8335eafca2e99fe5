#pragma once
// Checks a table on disk: the manifest, every layer file in full (header against the index and the
// manifest, checksum, every block, the win/loss counts), then re-solves a random sample of
// positions by plain search (solver/outcome_search.hpp) and compares value and remoteness.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace papamu {

struct TableVerifyOptions {
    std::uint64_t samples = 200;
    std::uint64_t seed = 1;
    // Samples come from layers with at most this many stones, so search stays fast.
    int sampleStoneLimit = 12;
};

struct TableVerifyReport {
    std::string directory;
    int layersChecked = 0;
    std::uint64_t bytesChecked = 0;
    std::uint64_t entriesChecked = 0;
    std::uint64_t samplesChecked = 0;
    int layerCount = 0;       // layers of a complete table of this extent
    int layersBuilt = 0;      // layers the manifest lists
    bool incomplete = false;  // the build did not finish: one failure says so, unbuilt layers are not listed
    std::vector<std::string> failures;  // each a precise reason; empty when the table is good
    bool ok() const { return failures.empty(); }
};

TableVerifyReport verifyTable(const std::string& directory, const TableVerifyOptions& options);

}  // namespace papamu
