// tb-verify: checks tables on disk (headers, checksums, every block) and re-checks samples of their
// values by exact search, by their moves' entries and by df-pn (tablebase/table_sample_checks.hpp).
#include <nlohmann/json.hpp>
#include <iostream>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/option_ranges.hpp"
#include "solver/memory_budget.hpp"
#include "tablebase/table_discovery.hpp"
#include "tablebase/table_verify.hpp"

namespace papamu::cli {

namespace {

ParsedArguments parseVerifyArguments(int argc, char** argv) {
    options::options_description described("tb-verify options");
    addIntegerOption(described, "samples", "200", "positions re-solved by exact search (value and remoteness) per table");
    addIntegerOption(described, "sample-stones", "12", "exact search samples only layers with at most this many stones");
    addIntegerOption(described, "consistency-samples", "1000",
                     "positions of any layer checked against the entries of their moves (value and remoteness)");
    addIntegerOption(described, "dfpn-samples", "20", "positions of any layer re-solved by df-pn (value)");
    addIntegerOption(described, "hash", "256", "df-pn transposition table size");
    addMemoryOption(described, "a --hash table that does not fit is refused");
    addIntegerOption(described, "seed", "1", "seed of the samples");
    addJsonOption(described);
    return parseArguments(argc, argv,
                          "papamu tb-verify DIR [--samples N] [--sample-stones K] [--consistency-samples N] [--dfpn-samples N]\n"
                          "       [--hash MB] [--memory SIZE] [--seed S] [--json]\n"
                          "DIR is a table directory or a root holding several.\n"
                          "exit code 0: every table checks out; 1: a table is damaged or incomplete",
                          described);
}

// The options' samples and table; the df-pn samples' table must fit in --memory.
TableVerifyOptions verifyOptionsFrom(const ParsedArguments& arguments) {
    TableVerifyOptions verifyOptions;
    verifyOptions.samples = integerOption(arguments, "samples", 200);
    verifyOptions.seed = integerOption(arguments, "seed", 1);
    verifyOptions.sampleStoneLimit = static_cast<int>(integerOption(arguments, "sample-stones", 12));
    verifyOptions.consistencySamples = integerOption(arguments, "consistency-samples", 1000);
    verifyOptions.proofSearchSamples = integerOption(arguments, "dfpn-samples", 20);
    verifyOptions.proofSearchHashMegabytes = integerOption(arguments, "hash", 256);
    if (verifyOptions.proofSearchSamples > 0) {
        requireWithinBudget(std::uint64_t{verifyOptions.proofSearchHashMegabytes} << 20, memoryBudgetOption(arguments),
                            "the df-pn samples with a " + std::to_string(verifyOptions.proofSearchHashMegabytes) + " MB table (--hash)");
    }
    return verifyOptions;
}

nlohmann::ordered_json reportJson(const TableVerifyReport& report) {
    return {{"directory", report.directory},
            {"ok", report.ok()},
            {"incomplete", report.incomplete},
            {"layers_built", report.layersBuilt},
            {"layer_count", report.layerCount},
            {"layers_checked", report.layersChecked},
            {"entries_checked", report.entriesChecked},
            {"bytes_checked", report.bytesChecked},
            {"samples_checked", report.samplesChecked},
            {"consistency_samples_checked", report.consistencySamplesChecked},
            {"dfpn_samples_checked", report.proofSearchSamplesChecked},
            {"dfpn_nodes", report.proofSearchNodes},
            {"sample_seconds", report.sampleSeconds},
            {"failures", report.failures}};
}

// One line for a table that checks out, a FAIL line for each failure of one that does not.
void printReport(const TableVerifyReport& report) {
    if (!report.ok()) {
        for (const std::string& failure : report.failures) std::cout << "FAIL " << failure << "\n";
        return;
    }
    std::cout << "ok " << report.directory << ": " << report.layersChecked << " layers, " << report.entriesChecked << " entries, "
              << report.bytesChecked << " bytes; samples: " << report.samplesChecked << " re-solved by exact search, "
              << report.consistencySamplesChecked << " consistent with their moves, " << report.proofSearchSamplesChecked
              << " re-solved by df-pn (" << report.proofSearchNodes << " nodes), " << report.sampleSeconds << " s\n";
}

}  // namespace

int runTableVerify(int argc, char** argv) {
    return guardedRun("tb-verify", [&] {
        const ParsedArguments arguments = parseVerifyArguments(argc, argv);
        if (arguments.helpShown) return kSuccess;
        if (arguments.positional.size() != 1) throw std::invalid_argument("expected one DIR");
        const TableVerifyOptions verifyOptions = verifyOptionsFrom(arguments);
        const bool json = jsonRequested(arguments);
        bool allGood = true;
        nlohmann::ordered_json reports = nlohmann::ordered_json::array();
        for (const std::string& table : findTables(arguments.positional[0])) {
            const TableVerifyReport report = verifyTable(table, verifyOptions);
            allGood = allGood && report.ok();
            if (json) {
                reports.push_back(reportJson(report));
            } else {
                printReport(report);
            }
        }
        if (json) std::cout << nlohmann::ordered_json{{"ok", allGood}, {"tables", reports}}.dump() << "\n";
        return allGood ? kSuccess : kNegative;
    });
}

}  // namespace papamu::cli
