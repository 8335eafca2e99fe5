#pragma once
// Checks a table on disk: the manifest, every layer file in full (header against the index and the
// manifest, checksum, every block, the win/loss counts), then re-checks random samples of its
// values by three second methods (tablebase/table_sample_checks.hpp): exact search on small
// layers (value and remoteness), the retrograde equation on every layer (value and remoteness
// against the children's entries) and df-pn on every layer (value).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace papamu {

struct TableVerifyOptions {
    std::uint64_t samples = 200;  // re-solved by exact search
    std::uint64_t seed = 1;
    // Exact-search samples come from layers with at most this many stones, so search stays fast.
    int sampleStoneLimit = 12;
    std::uint64_t consistencySamples = 1000;  // checked against their children's entries, any layer
    std::uint64_t proofSearchSamples = 20; // re-solved by df-pn, any layer
    std::size_t proofSearchHashMegabytes = 256;
};

struct TableVerifyReport {
    std::string directory;
    int layersChecked = 0;
    std::uint64_t bytesChecked = 0;
    std::uint64_t entriesChecked = 0;
    std::uint64_t samplesChecked = 0;           // exact search
    std::uint64_t consistencySamplesChecked = 0;   // retrograde equation (consistency with the moves)
    std::uint64_t proofSearchSamplesChecked = 0;
    std::uint64_t proofSearchNodes = 0;
    double sampleSeconds = 0.0;                 // the three sample checks together
    int layerCount = 0;       // layers of a complete table of this extent
    int layersBuilt = 0;      // layers the manifest lists
    bool incomplete = false;  // the build did not finish: one failure says so, unbuilt layers are not listed
    std::vector<std::string> failures;  // each a precise reason; empty when the table is good
    bool ok() const { return failures.empty(); }
};

TableVerifyReport verifyTable(const std::string& directory, const TableVerifyOptions& options);

}  // namespace papamu
