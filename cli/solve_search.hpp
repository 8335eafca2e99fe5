#pragma once
// solve's settings and the plumbing around a search: options from the command line, the
// progress line on a terminal, the memory check before the table is allocated, and Ctrl-C.
#include <functional>
#include <iosfwd>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "cli/certificate_options.hpp"
#include "cli/leaf_table_report.hpp"
#include "cli/progress_log.hpp"
#include "cli/solve_checkpoint.hpp"
#include "decomposition/decomposition_oracle.hpp"
#include "solver/interrupt.hpp"
#include "solver/memory_budget.hpp"
#include "solver/proof_number_search.hpp"

namespace papamu::cli {

struct SolveSettings {
    int threads = 1;
    std::size_t hashMegabytes = 256;
    SearchLimits limits;
    bool json = false;
    bool all = false;
    bool progress = false;                      // the line on a terminal
    std::string progressLogPath;                // --progress-log FILE
    double progressInterval = 60.0;             // --progress-interval S
    std::shared_ptr<ProgressLog> progressLog;   // opened from progressLogPath once the input is checked
    std::string method = "dfpn";
    std::uint64_t memoryBudget = 0;
    const InterruptGuard* interrupt = nullptr;  // df-pn only: the baseline cannot stop half-way
    CertificateRequest certificate;             // --certificate FILE (df-pn, one board or position)
    std::string checkpoint;                     // --checkpoint FILE: resume from it, save to it
    std::string resumeFrom;                     // --resume-from FILE: read first, never written
    double checkpointInterval = 600.0;
    LeafTableUse leafTable;                     // --tb: the table the search asks at its leaves (table null: none)
    bool decomposition = false;  // --decomposition on: Kōnane sums of regions decided by game values
    int decompositionStones = 8;  // --decomposition-stones: the largest live region valued
    std::function<DecompositionStatistics()> decompositionStatistics;  // set while the oracle is in use
};

SearchOptions searchOptions(const SolveSettings& settings);
// Whether decomposition was used, and its counts: {"used": false} or {"used": true, "probes", ...}.
nlohmann::ordered_json decompositionJson(const SolveSettings& settings);
// One line for the text output when decomposition was used, nullopt otherwise.
std::optional<std::string> decompositionLine(const SolveSettings& settings);
// What a df-pn run reports beside its answer, boards and positions alike: the method, threads,
// table size, peak memory, leaf table, decomposition, certificate and whether it was interrupted
// (JSON fields), or the lines after the answer (text: leaf table, decomposition, certificate).
void addSearchReport(nlohmann::ordered_json& json, const SolveSettings& settings,
                     const std::optional<nlohmann::json>& certificate);
void printSearchReport(std::ostream& out, const SolveSettings& settings, const std::optional<nlohmann::json>& certificate);
void clearProgress(const SolveSettings& settings);
bool interrupted(const SolveSettings& settings);
// After a Ctrl-C (or SIGTERM): says so on stderr and gives the shell's exit code for it.
std::optional<int> interruptedExit(const SolveSettings& settings);

// The search, refused up front when its table would not fit the memory budget; `what` names the
// work for the message. The table is allocated here, so running out of memory anyway (a budget
// above what the system will give) is one line naming --hash (exit 2), not an internal error.
template <class G, class O>
ProofNumberSearch<G, O> createSearch(const G& game, O oracle, const SolveSettings& settings, const std::string& what) {
    SearchOptions options = searchOptions(settings);
    if (!settings.checkpoint.empty()) {
        options.checkpoint = periodicCheckpoint(game, settings.checkpoint);
        options.checkpointInterval = settings.checkpointInterval;
    }
    requireWithinBudget(ProofNumberSearch<G, O>::memoryEstimate(options), settings.memoryBudget,
                        what + " with a " + std::to_string(settings.hashMegabytes) + " MB table (--hash)");
    try {
        return ProofNumberSearch<G, O>(game, std::move(options), std::move(oracle));
    } catch (const std::bad_alloc&) {
        throw std::invalid_argument("out of memory allocating the " + std::to_string(settings.hashMegabytes) +
                                    " MB transposition table (--hash); try a smaller --hash");
    }
}

}  // namespace papamu::cli
