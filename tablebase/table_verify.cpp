#include "tablebase/table_verify.hpp"

#include <algorithm>
#include <vector>

#include "tablebase/table_probe.hpp"
#include "tablebase/table_sample_checks.hpp"

namespace papamu {

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
    report.layerCount = index.layerCount();
    report.layersBuilt = static_cast<int>(manifest.layers.size());
    report.incomplete = !manifest.complete;
    if (report.incomplete) {
        // An interrupted build: one line for what is missing, then the layers it did write are checked.
        report.failures.push_back(directory + ": incomplete: " + std::to_string(report.layersBuilt) + " of " +
                                  std::to_string(report.layerCount) + " layers built (run papamu build again to finish)");
    } else if (static_cast<int>(manifest.layers.size()) != index.layerCount()) {
        report.failures.push_back(directory + "/manifest.json: lists " + std::to_string(manifest.layers.size()) +
                                  " layers, a table up to " + std::to_string(index.maxStones()) + " stones has " +
                                  std::to_string(index.layerCount()));
    }
    for (int layer = 0; layer < index.layerCount(); ++layer) {
        const TableLayer& shape = index.layer(layer);
        const std::string path = directory + "/" + layerFileName(shape.black, shape.white);
        const auto built = [&](const TableManifest::Layer& item) { return item.black == shape.black && item.white == shape.white; };
        if (report.incomplete && std::none_of(manifest.layers.begin(), manifest.layers.end(), built)) continue;
        try {
            const LayerFile file(path, expectedLayerHeader(index, manifest.variant, layer));
            const auto listed = std::find_if(manifest.layers.begin(), manifest.layers.end(), [&](const TableManifest::Layer& item) {
                return item.black == shape.black && item.white == shape.white;
            });
            if (listed == manifest.layers.end()) {
                report.failures.push_back(path + ": layer missing from manifest.json");
            } else if (listed->checksum != file.header().checksum || listed->bytes != file.fileBytes()) {
                report.failures.push_back(path + ": checksum or size differs from manifest.json");
            }
            const std::vector<RetrogradeEntry> entries = file.readAll();
            const RetrogradeLayerStats stats = countLayerOutcomes(entries);
            const RetrogradeLayerStats& said = file.header().stats;
            if (stats.wins != said.wins || stats.losses != said.losses || stats.longestWin != said.longestWin ||
                stats.longestLoss != said.longestLoss) {
                report.failures.push_back(path + ": win/loss counts in the header do not match the entries");
            }
            ++report.layersChecked;
            report.bytesChecked += file.fileBytes();
            report.entriesChecked += entries.size();
        } catch (const std::exception& error) {
            report.failures.push_back(error.what());
        }
    }
    if (!report.ok()) return report;

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
    return report;
}

}  // namespace papamu
