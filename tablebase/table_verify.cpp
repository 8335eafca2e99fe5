#include "tablebase/table_verify.hpp"

#include <random>
#include <vector>

#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"
#include "solver/outcome_search.hpp"
#include "tablebase/table_probe.hpp"

namespace papamu {

namespace {

std::string outcomeText(Outcome outcome) { return std::string(valueName(outcome.value)) + " in " + std::to_string(outcome.remoteness); }

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
    if (!report.ok() || options.samples == 0) return report;

    const TableProbe table(directory);
    std::vector<int> sampleLayers;
    std::uint64_t sampleEntries = 0;
    for (int layer = 0; layer < index.layerCount(); ++layer) {
        if (index.layerStones(layer) <= options.sampleStoneLimit) {
            sampleLayers.push_back(layer);
            sampleEntries += index.layerSize(layer);
        }
    }
    if (sampleEntries == 0) return report;
    visitGame(manifest.game, manifest.size, manifest.variant, [&](const auto& rules) {
        OutcomeSearch search(rules);
        std::mt19937_64 random(options.seed);
        for (std::uint64_t sample = 0; sample < options.samples; ++sample) {
            // Uniform over all entries of the small layers.
            std::uint64_t pick = std::uniform_int_distribution<std::uint64_t>(0, sampleEntries - 1)(random);
            int layer = sampleLayers.front();
            for (const int candidate : sampleLayers) {
                layer = candidate;
                if (pick < index.layerSize(candidate)) break;
                pick -= index.layerSize(candidate);
            }
            const Position position = index.positionAt(layer, pick);
            const Outcome stored = table.outcomeAt(layer, pick);
            // A folded entry also answers for the colour image: the search checks that one too.
            std::vector<Position> answered{position};
            if (index.layerFolded(layer)) answered.push_back(index.colourImage(position));
            for (const Position& checked : answered) {
                const Outcome searched = search.solve(checked);
                if (!(stored == searched)) {
                    report.failures.push_back("position " + formatPosition(manifest.game, rules.geometry(), checked) + " (layer " +
                                              std::to_string(layer) + ", entry " + std::to_string(pick) + "): table says " +
                                              outcomeText(stored) + ", search says " + outcomeText(searched));
                }
            }
            ++report.samplesChecked;
        }
    });
    return report;
}

}  // namespace papamu
