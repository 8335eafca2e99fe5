// checkpoint: what a checkpoint file holds, and its compaction into a compact one of at most
// --max-size bytes (solver/checkpoint_compaction.hpp) that a solve resumes from like any checkpoint.
#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "solver/checkpoint_compaction.hpp"
#include "solver/checkpoint_file.hpp"
#include "solver/memory_budget.hpp"

namespace papamu::cli {

namespace {

constexpr const char* kUsage =
    "papamu checkpoint info FILE [--json]\n"
    "papamu checkpoint compact SOURCE... TARGET --max-size SIZE [--json]\n"
    "  info: the file's version, rules and entries (the whole file is checked first)\n"
    "  compact: the most-worked entries of the SOURCEs (one board's, e.g. of independent runs: merged) that fit\n"
    "  in SIZE (e.g. 40M, 300K), compressed, to TARGET; `papamu solve … --resume-from TARGET` goes on from it;\n"
    "  name the newest SOURCE first: of one position's entries of equal work, the first SOURCE's is kept";

int showInfo(const std::string& path, bool json) {
    CheckpointSummary summary;
    std::uint64_t work = 0;
    // A CheckpointError (a runtime_error naming the file) is bad input to guardedRun: exit 2.
    const CheckpointContents contents = forEachCheckpointEntry(path, "", [&](const CheckpointEntry& entry) {
        ++summary.entries;
        if (entry.numbers.proven()) ++summary.proven;
        work = std::max<std::uint64_t>(work, entry.work);
    });
    if (json) {
        std::cout << nlohmann::json{{"version", contents.version}, {"rules", contents.rules}, {"entries", summary.entries},
                                    {"proven", summary.proven}, {"most_work", work}}
                         .dump()
                  << "\n";
    } else {
        std::cout << path << ": version " << contents.version << ", " << contents.rules << ", " << summary.entries << " entries ("
                  << summary.proven << " proven), most work " << work << " nodes\n";
    }
    return kSuccess;
}

int compact(const std::vector<std::string>& sources, const std::string& target, std::uint64_t maxBytes, bool json) {
    const CompactionSummary summary = compactCheckpoints(sources, target, maxBytes);
    if (json) {
        std::cout << nlohmann::json{{"source_entries", summary.sourceEntries}, {"source_proven", summary.sourceProven},
                                    {"entries", summary.entries},          {"proven", summary.proven},
                                    {"bytes", summary.bytes},              {"lowest_priority", summary.lowestPriority}}
                         .dump()
                  << "\n";
    } else {
        std::cout << target << ": " << summary.entries << " of " << summary.sourceEntries << " entries (" << summary.proven << " of "
                  << summary.sourceProven << " proven), " << summary.bytes << " bytes";
        if (summary.lowestPriority > 0) std::cout << "; kept priority " << summary.lowestPriority << " and up";
        std::cout << "\n";
    }
    return kSuccess;
}

}  // namespace

int runCheckpoint(int argc, char** argv) {
    return guardedRun("checkpoint", [&]() -> int {
        options::options_description described("checkpoint options");
        addJsonOption(described);
        described.add_options()("max-size", options::value<std::string>(),
                                "compact: the most the new file may take, e.g. 45M or 300K (binary units: K = 1024 bytes)");
        const ParsedArguments arguments = parseArguments(argc, argv, kUsage, described);
        if (arguments.helpShown) return kSuccess;
        const auto& words = arguments.positional;
        const bool json = jsonRequested(arguments);
        if (words.size() == 2 && words[0] == "info") return showInfo(words[1], json);
        if (words.size() >= 3 && words[0] == "compact") {
            if (!arguments.values.count("max-size")) throw std::invalid_argument("compact needs --max-size SIZE");
            const std::string size = arguments.values["max-size"].as<std::string>();
            if (size.find('%') != std::string::npos) throw std::invalid_argument("--max-size '" + size + "' must be a size in bytes, not a share of memory");
            std::uint64_t maxBytes = 0;
            try {
                maxBytes = parseMemorySize(size);
            } catch (const std::invalid_argument& error) {
                throw std::invalid_argument(std::string("--max-size: ") + error.what());
            }
            const std::vector<std::string> sources(words.begin() + 1, words.end() - 1);
            if (std::find(sources.begin(), sources.end(), words.back()) != sources.end()) {
                throw std::invalid_argument("compact: TARGET must not be a SOURCE (the source would be lost)");
            }
            return compact(sources, words.back(), maxBytes, json);
        }
        throw std::invalid_argument("expected 'info FILE' or 'compact SOURCE... TARGET --max-size SIZE'");
    });
}

}  // namespace papamu::cli
