#include "tablebase/table_verify.hpp"

#include <algorithm>
#include <vector>

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "solver/memory_budget.hpp"
#include "tablebase/table_probe.hpp"
#include "tablebase/table_sample_checks.hpp"

namespace papamu {

namespace {

struct LayerCheck {
    bool checked = false;  // the file was read to the end
    std::uint64_t bytes = 0;
    std::uint64_t entries = 0;
    std::vector<std::string> failures;
};

// One layer file in full: header against the index and the manifest, checksum, every block, and
// the win/loss counts against the entries. A layer an interrupted build never wrote is skipped.
LayerCheck checkLayer(const std::string& directory, const TableManifest& manifest, const TableIndex& index, int layer) {
    LayerCheck check;
    const TableLayer& shape = index.layer(layer);
    const std::string path = directory + "/" + layerFileName(shape.black, shape.white);
    const auto listed = std::find_if(manifest.layers.begin(), manifest.layers.end(), [&](const TableManifest::Layer& item) {
        return item.black == shape.black && item.white == shape.white;
    });
    if (!manifest.complete && listed == manifest.layers.end()) return check;
    try {
        const LayerFile file(path, expectedLayerHeader(index, manifest.variant, layer));
        if (listed == manifest.layers.end()) {
            check.failures.push_back(path + ": layer missing from manifest.json");
        } else if (listed->checksum != file.header().checksum || listed->bytes != file.fileBytes()) {
            check.failures.push_back(path + ": checksum or size differs from manifest.json");
        }
        const std::vector<RetrogradeEntry> entries = file.readAll();
        const RetrogradeLayerStats stats = countLayerOutcomes(entries);
        const RetrogradeLayerStats& said = file.header().stats;
        if (stats.wins != said.wins || stats.losses != said.losses || stats.longestWin != said.longestWin ||
            stats.longestLoss != said.longestLoss) {
            check.failures.push_back(path + ": win/loss counts in the header do not match the entries");
        }
        check.checked = true;
        check.bytes = file.fileBytes();
        check.entries = entries.size();
    } catch (const std::exception& error) {
        check.failures.push_back(error.what());
    }
    return check;
}

// The manifest's own failures: an interrupted build (one line for what is missing; the layers it
// did write are still checked), or a layer list that does not match the table's size.
void checkManifest(const std::string& directory, const TableManifest& manifest, const TableIndex& index, TableVerifyReport& report) {
    report.layerCount = index.layerCount();
    report.layersBuilt = static_cast<int>(manifest.layers.size());
    report.incomplete = !manifest.complete;
    if (report.incomplete) {
        report.failures.push_back(directory + ": incomplete: " + std::to_string(report.layersBuilt) + " of " +
                                  std::to_string(report.layerCount) + " layers built (run papamu build again to finish)");
    } else if (static_cast<int>(manifest.layers.size()) != index.layerCount()) {
        report.failures.push_back(directory + "/manifest.json: lists " + std::to_string(manifest.layers.size()) +
                                  " layers, a table up to " + std::to_string(index.maxStones()) + " stones has " +
                                  std::to_string(index.layerCount()));
    }
}

// Every layer's file checked, side by side (a 25 GB table is minutes of decoding), as many at
// once as the memory budget holds of the largest layer decoded; failures reported in layer order.
void checkLayers(const std::string& directory, const TableManifest& manifest, const TableIndex& index, TableVerifyReport& report) {
    std::vector<LayerCheck> checks(static_cast<std::size_t>(index.layerCount()));
    std::uint64_t largestLayer = 1;
    for (int layer = 0; layer < index.layerCount(); ++layer) largestLayer = std::max(largestLayer, index.layerSize(layer));
    const int parallel = static_cast<int>(std::clamp<std::uint64_t>(defaultMemoryBudget() / largestLayer, 1,
                                                                    static_cast<std::uint64_t>(tbb::this_task_arena::max_concurrency())));
    tbb::task_arena arena(parallel);
    arena.execute([&] {
        tbb::parallel_for(0, index.layerCount(), [&](int layer) { checks[static_cast<std::size_t>(layer)] = checkLayer(directory, manifest, index, layer); }, tbb::simple_partitioner());
    });
    for (const LayerCheck& check : checks) {
        report.failures.insert(report.failures.end(), check.failures.begin(), check.failures.end());
        if (!check.checked) continue;
        ++report.layersChecked;
        report.bytesChecked += check.bytes;
        report.entriesChecked += check.entries;
    }
}

// Samples of the values re-checked three ways: exact search, their moves' entries, df-pn.
void checkSamples(const std::string& directory, const TableVerifyOptions& options, TableVerifyReport& report) {
    const TableProbe table(directory);
    const SampleCheckCounts exact = checkByExactSearch(table, options.samples, options.seed, options.sampleStoneLimit, report.failures);
    const SampleCheckCounts equation = checkRetrogradeEquation(table, options.consistencySamples, options.seed, report.failures);
    const SampleCheckCounts proofSearch =
        checkByProofSearch(table, options.proofSearchSamples, options.seed, options.proofSearchHashMegabytes, report.failures);
    report.samplesChecked = exact.samples;
    report.consistencySamplesChecked = equation.samples;
    report.proofSearchSamplesChecked = proofSearch.samples;
    report.proofSearchNodes = proofSearch.searchNodes;
    report.sampleSeconds = exact.seconds + equation.seconds + proofSearch.seconds;
}

}  // namespace

TableVerifyReport verifyTable(const std::string& directory, const TableVerifyOptions& options) {
    TableVerifyReport report;
    report.directory = directory;
    TableManifest manifest;
    try {
        manifest = TableManifest::read(directory);
    } catch (const TableError& error) {
        report.failures.push_back(error.what());
        return report;
    }
    const TableIndex index(manifest.game, BoardGeometry(manifest.size.rows, manifest.size.columns), manifest.maxStones);
    checkManifest(directory, manifest, index, report);
    checkLayers(directory, manifest, index, report);
    if (report.ok()) checkSamples(directory, options, report);
    return report;
}

}  // namespace papamu
