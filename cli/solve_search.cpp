#include "cli/solve_search.hpp"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <iostream>

#include "cli/process_usage.hpp"
#include "cli/solve_text.hpp"

namespace papamu::cli {

nlohmann::ordered_json decompositionJson(const SolveSettings& settings) {
    nlohmann::ordered_json json{{"used", static_cast<bool>(settings.decompositionStatistics)}};
    if (!settings.decompositionStatistics) return json;
    const DecompositionStatistics statistics = settings.decompositionStatistics();
    json["region_stones"] = settings.decompositionStones;
    json["probes"] = statistics.probes;
    json["splits"] = statistics.splits;
    json["answered"] = statistics.answered;
    return json;
}

std::optional<std::string> decompositionLine(const SolveSettings& settings) {
    if (!settings.decompositionStatistics) return std::nullopt;
    const DecompositionStatistics statistics = settings.decompositionStatistics();
    return "decomposition: " + std::to_string(statistics.answered) + " positions decided by region values (" +
           std::to_string(statistics.splits) + " split, " + std::to_string(statistics.probes) + " probed)";
}

void addSearchReport(nlohmann::ordered_json& json, const SolveSettings& settings,
                     const std::optional<nlohmann::json>& certificate) {
    json["method"] = "dfpn";
    json["threads"] = settings.threads;
    json["hash_mb"] = settings.hashMegabytes;
    json["peak_rss_mb"] = peakMegabytes();
    if (settings.leafTable.table) json["leaf_table"] = leafTableJson(settings.leafTable);
    json["decomposition"] = decompositionJson(settings);
    if (certificate) json["certificate"] = *certificate;
    if (interrupted(settings)) json["interrupted"] = true;
}

void printSearchReport(std::ostream& out, const SolveSettings& settings, const std::optional<nlohmann::json>& certificate) {
    if (settings.leafTable.table) out << leafTableText(settings.leafTable) << "\n";
    if (const auto line = decompositionLine(settings)) out << *line << "\n";
    if (certificate) out << certificateLine(*certificate) << "\n";
}

SearchOptions searchOptions(const SolveSettings& settings) {
    SearchOptions options;
    options.threads = settings.threads;
    options.hashMegabytes = settings.hashMegabytes;
    options.limits = settings.limits;
    if (settings.interrupt) options.stopRequested = [guard = settings.interrupt] { return guard->stopRequested(); };
    std::function<void(const SearchProgress&)> terminalLine;
    if (settings.progress) {
        // One line on stderr, overwritten in place.
        terminalLine = [](const SearchProgress& progress) {
            std::fprintf(stderr, "\r%s nodes  root pn %s dn %s  %s nodes/s  table %.1f%%  %.0f s   ",
                         compact(static_cast<double>(progress.nodes)).c_str(),
                         compact(static_cast<double>(progress.root.proof)).c_str(),
                         compact(static_cast<double>(progress.root.disproof)).c_str(),
                         compact(perSecond(progress.nodes, progress.seconds)).c_str(),
                         100.0 * static_cast<double>(progress.tableUsed) / static_cast<double>(progress.tableCapacity),
                         progress.seconds);
            std::fflush(stderr);
        };
    }
    if (settings.progressLog) {
        // The search reports at the shorter of the two intervals; the log keeps its own.
        const double logInterval = settings.progressLog->intervalSeconds();
        options.progressInterval = settings.progress ? std::min(1.0, logInterval) : logInterval;
        options.progress = [terminalLine, log = settings.progressLog](const SearchProgress& progress) {
            if (terminalLine) terminalLine(progress);
            log->record(progress);
        };
    } else {
        options.progress = terminalLine;
    }
    return options;
}

void clearProgress(const SolveSettings& settings) {
    if (settings.progress) std::fprintf(stderr, "\r%80s\r", "");
}

bool interrupted(const SolveSettings& settings) { return settings.interrupt && settings.interrupt->stopRequested(); }

std::optional<int> interruptedExit(const SolveSettings& settings) {
    if (!interrupted(settings)) return std::nullopt;
    std::cerr << "papamu solve: interrupted by " << (settings.interrupt->signalNumber() == SIGINT ? "SIGINT (Ctrl-C)" : "SIGTERM")
              << ": the values shown were proven before the stop, the rest are unknown; "
              << (settings.checkpoint.empty() ? std::string("run the command again to finish (nothing is kept between runs)")
                                              : "the same command resumes from " + settings.checkpoint)
              << "\n";
    return settings.interrupt->shellExitCode();
}

}  // namespace papamu::cli
