#include "cli/leaf_table_report.hpp"

#include <cstdio>

#include "cli/solve_text.hpp"

namespace papamu::cli {

namespace {

double probeSeconds(const LeafTableCounts& counts) { return static_cast<double>(counts.nanoseconds.load()) * 1e-9; }

}  // namespace

std::string leafTableText(const LeafTableUse& use) {
    const std::uint64_t probes = use.counts->probes.load();
    const std::uint64_t answered = use.counts->answered.load();
    char share[32] = "";
    if (probes > 0) std::snprintf(share, sizeof share, " (%.1f%%)", 100.0 * static_cast<double>(answered) / static_cast<double>(probes));
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.2f s", probeSeconds(*use.counts));
    return "leaf table: " + use.table->directory() + " (up to " + std::to_string(use.table->maxStones()) + " stones): " +
           compact(static_cast<double>(probes)) + " probes, " + compact(static_cast<double>(answered)) + " answered" + share + ", " +
           seconds + " probing";
}

nlohmann::ordered_json leafTableJson(const LeafTableUse& use) {
    return {{"directory", use.table->directory()},
            {"max_stones", use.table->maxStones()},
            {"probes", use.counts->probes.load()},
            {"answered", use.counts->answered.load()},
            {"probe_seconds", probeSeconds(*use.counts)}};
}

}  // namespace papamu::cli
