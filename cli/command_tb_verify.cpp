// tb-verify: checks tables on disk (headers, checksums, every block) and re-solves a sample by search.
#include <filesystem>
#include <iostream>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/option_ranges.hpp"
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

        namespace fs = std::filesystem;
        const fs::path root = arguments.positional[0];
        if (!fs::is_directory(root)) throw std::invalid_argument("'" + root.string() + "' is not a directory");
        std::vector<fs::path> tables;
        if (fs::exists(root / "manifest.json")) {
            tables.push_back(root);
        } else {
            for (const auto& item : fs::directory_iterator(root)) {
                if (item.is_directory() && fs::exists(item.path() / "manifest.json")) tables.push_back(item.path());
            }
            std::sort(tables.begin(), tables.end());
        }
        if (tables.empty()) throw std::invalid_argument("no table (manifest.json) in '" + root.string() + "' or its subdirectories");
        bool allGood = true;
        for (const fs::path& table : tables) {
            const TableVerifyReport report = verifyTable(table.string(), verifyOptions);
            if (report.ok()) {
                std::cout << "ok " << report.directory << ": " << report.layersChecked << " layers, " << report.entriesChecked
                          << " entries, " << report.bytesChecked << " bytes, " << report.samplesChecked << " samples re-solved\n";
            } else {
                allGood = false;
                for (const std::string& failure : report.failures) std::cout << "FAIL " << failure << "\n";
            }
        }
        return allGood ? kSuccess : kNegative;
    });
}

}  // namespace papamu::cli
