// tb-verify: checks tables on disk (headers, checksums, every block) and re-solves a sample by search.
#include <nlohmann/json.hpp>
#include <iostream>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/option_ranges.hpp"
#include "tablebase/table_discovery.hpp"
#include "tablebase/table_verify.hpp"

namespace papamu::cli {

int runTableVerify(int argc, char** argv) {
    return guardedRun("tb-verify", [&] {
        options::options_description described("tb-verify options");
        addIntegerOption(described, "samples", "200", "positions re-solved by search per table");
        addIntegerOption(described, "seed", "1", "seed of the sample");
        addIntegerOption(described, "sample-stones", "12", "sample only layers with at most this many stones");
        addJsonOption(described);
        const ParsedArguments arguments = parseArguments(
            argc, argv,
            "papamu tb-verify DIR [--samples N] [--seed S] [--sample-stones K] [--json]\n"
            "DIR is a table directory or a root holding several.\n"
            "exit code 0: every table checks out; 1: a table is damaged or incomplete",
            described);
        if (arguments.helpShown) return kSuccess;
        if (arguments.positional.size() != 1) throw std::invalid_argument("expected one DIR");
        TableVerifyOptions verifyOptions;
        verifyOptions.samples = integerOption(arguments, "samples", 200);
        verifyOptions.seed = integerOption(arguments, "seed", 1);
        verifyOptions.sampleStoneLimit = static_cast<int>(integerOption(arguments, "sample-stones", 12));

        const std::vector<std::string> tables = findTables(arguments.positional[0]);
        bool allGood = true;
        nlohmann::ordered_json reports = nlohmann::ordered_json::array();
        for (const std::string& table : tables) {
            const TableVerifyReport report = verifyTable(table, verifyOptions);
            allGood = allGood && report.ok();
            if (jsonRequested(arguments)) {
                reports.push_back({{"directory", report.directory}, {"ok", report.ok()}, {"incomplete", report.incomplete},
                                   {"layers_built", report.layersBuilt}, {"layer_count", report.layerCount},
                                   {"layers_checked", report.layersChecked}, {"entries_checked", report.entriesChecked},
                                   {"bytes_checked", report.bytesChecked}, {"samples_checked", report.samplesChecked},
                                   {"failures", report.failures}});
            } else if (report.ok()) {
                std::cout << "ok " << report.directory << ": " << report.layersChecked << " layers, " << report.entriesChecked
                          << " entries, " << report.bytesChecked << " bytes, " << report.samplesChecked << " samples re-solved\n";
            } else {
                for (const std::string& failure : report.failures) std::cout << "FAIL " << failure << "\n";
            }
        }
        if (jsonRequested(arguments)) std::cout << nlohmann::ordered_json{{"ok", allGood}, {"tables", reports}}.dump() << "\n";
        return allGood ? kSuccess : kNegative;
    });
}

}  // namespace papamu::cli
