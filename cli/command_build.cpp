// build: solves every position of a board into win/loss tables on disk (tablebase/README.md).
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <thread>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/option_ranges.hpp"
#include "cli/process_usage.hpp"
#include "cli/solve_text.hpp"
#include "tablebase/build_progress.hpp"
#include "tablebase/table_build.hpp"
#include "tablebase/table_directory.hpp"
#include "tablebase/table_index.hpp"
#include "rules/game_dispatch.hpp"
#include "solver/interrupt.hpp"
#include "solver/memory_budget.hpp"

namespace papamu::cli {

namespace {

std::string formatSeconds(double seconds) {
    char text[32];
    if (seconds < 120) {
        std::snprintf(text, sizeof text, "%.0fs", seconds);
    } else {
        std::snprintf(text, sizeof text, "%dm%02ds", static_cast<int>(seconds) / 60, static_cast<int>(seconds) % 60);
    }
    return text;
}

// The one-line progress display on a terminal.
void printProgress(const BuildProgressFigures& figures) {
    std::fprintf(stderr, "\rlayer %d/%d (%d black, %d white): %llu/%llu positions, %.2fM/s, ETA %s   ", figures.layer + 1,
                 figures.layerCount, figures.black, figures.white, static_cast<unsigned long long>(figures.done),
                 static_cast<unsigned long long>(figures.total), figures.positionsPerSecond / 1e6,
                 figures.secondsLeft ? formatSeconds(*figures.secondsLeft).c_str() : "estimating");
    std::fflush(stderr);
}

// The command as typed (argv[0] is "build"), quoted for a POSIX shell where needed: running it
// again resumes from the completed layers.
std::string resumeCommand(int argc, char** argv) {
    std::string command = "papamu";
    for (int word = 0; word < argc; ++word) {
        const std::string text = argv[word];
        const bool plain = !text.empty() && text.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                                                   "-_./=+,:%@") == std::string::npos;
        command += ' ';
        if (plain) {
            command += text;
        } else {
            command += '\'';
            for (const char symbol : text) command += symbol == '\'' ? std::string("'\\''") : std::string(1, symbol);
            command += '\'';
        }
    }
    return command;
}

// The build's figures as one JSON object.
nlohmann::ordered_json summaryJson(const GameSelection& selection, const TableIndex& index, const TableBuildSummary& summary,
                                   int threads) {
    return {{"game", gameName(selection.kind)},
            {"variant", selection.variant.name()},
            {"board", selection.size.name()},
            {"directory", summary.directory},
            {"max_stones", summary.maxStones},
            {"layers", index.layerCount()},
            {"layers_solved", summary.layersSolved},
            {"layers_reused", summary.layersReused},
            {"positions", summary.positions},
            {"entries", summary.entries},
            {"colour_fold", index.colourFolded()},
            {"wins", summary.wins},
            {"losses", summary.losses},
            {"longest_win", summary.longestWin},
            {"longest_loss", summary.longestLoss},
            {"bytes_on_disk", summary.bytesOnDisk},
            {"bits_per_position", summary.bitsPerPosition()},
            {"seconds", summary.seconds},
            {"positions_per_second", perSecond(summary.positions, summary.seconds)},
            {"entries_per_second", perSecond(summary.entries, summary.seconds)},
            {"cpu_seconds", processorSeconds()},
            {"threads", threads},
            {"peak_rss_kib", peakResidentKiB()}};
}

// The build's figures in words, one line a subject.
void printSummary(const TableIndex& index, const TableBuildSummary& summary, int threads) {
    std::printf("table        %s\n", summary.directory.c_str());
    std::printf("positions    %llu in %d layers (%d solved, %d reused), both sides to move\n",
                static_cast<unsigned long long>(summary.positions), index.layerCount(), summary.layersSolved, summary.layersReused);
    std::printf("entries      %llu stored (%s)\n", static_cast<unsigned long long>(summary.entries),
                index.colourFolded() ? "colour-folded: White to move is read from its colour image"
                                     : "not folded: no board symmetry exchanges the cell colours");
    std::printf("wins/losses  %llu / %llu for the side to move; longest win %d plies, longest loss %d plies\n",
                static_cast<unsigned long long>(summary.wins), static_cast<unsigned long long>(summary.losses), summary.longestWin,
                summary.longestLoss);
    std::printf("disk         %llu bytes, %.3f bits per position\n", static_cast<unsigned long long>(summary.bytesOnDisk),
                summary.bitsPerPosition());
    std::printf("time         %.2f s, %.0f positions/s (%.0f entries/s), %d %s, peak memory %.0f MB\n", summary.seconds,
                perSecond(summary.positions, summary.seconds), perSecond(summary.entries, summary.seconds), threads,
                threads == 1 ? "thread" : "threads", peakMegabytes());
}

// The board to build, from GAME RxC; a POSITION or a wrong count of words is refused.
GameSelection boardToBuild(const ParsedArguments& arguments) {
    if (arguments.positional.size() == 1 && arguments.positional[0].find(' ') != std::string::npos) {
        throw std::invalid_argument("build takes GAME RxC (a board), not a POSITION: '" + arguments.positional[0] + "'");
    }
    if (arguments.positional.size() != 2) {
        throw std::invalid_argument("expected GAME RxC, e.g. papamu build konane 4x4 --tb DIR (got " +
                                    std::to_string(arguments.positional.size()) + " arguments)");
    }
    if (!arguments.values.count("tb")) throw std::invalid_argument("--tb DIR is required");
    return selectStart(arguments.positional[0], arguments.positional[1], variantFrom(arguments));
}

ParsedArguments parseBuildArguments(int argc, char** argv) {
    options::options_description described("build options");
    addVariantOption(described);
    addJsonOption(described);
    described.add_options()("tb", options::value<std::string>(), "root directory of the tables, or one table directory (required)");
    addIntegerOption(described, "max-stones", "", "only positions with at most this many stones (default: all)");
    addIntegerOption(described, "threads", "", "worker threads (default: all cores)");
    addMemoryOption(described, "a build that does not fit is refused before it writes anything");
    described.add_options()("no-progress", options::bool_switch(), "no progress line on a terminal");
    return parseArguments(argc, argv, "papamu build GAME RxC --tb DIR [--max-stones K] [--threads N] [--memory SIZE]\n"
                                      "       [--variant V] [--no-progress] [--json]\n"
                                      "Builds or completes the tables; an existing table is never made to cover less.\n"
                                      "exit code 0: built; 2: bad input; 130: stopped by Ctrl-C (completed layers are kept)",
                          described);
}

}  // namespace

int runBuild(int argc, char** argv) {
    return guardedRun("build", [&]() -> int {
        const ParsedArguments arguments = parseBuildArguments(argc, argv);
        if (arguments.helpShown) return kSuccess;
        const GameSelection selection = boardToBuild(arguments);
        TableBuildOptions buildOptions;
        if (const auto maxStones = integerOption(arguments, "max-stones")) buildOptions.maxStones = static_cast<int>(*maxStones);
        const unsigned cores = std::max(1U, std::thread::hardware_concurrency());
        buildOptions.threads = static_cast<int>(integerOption(arguments, "threads", cores));
        const std::string root = arguments.values["tb"].as<std::string>();

        const std::string directory = buildDirectory(root, selection.kind, selection.size, selection.variant);
        const TableIndex index(selection.kind, BoardGeometry(selection.size.rows, selection.size.columns),
                               coveredStoneLimit(directory, buildOptions.maxStones));
        // Refused before anything is written, rather than killed by the system half-way.
        const std::uint64_t budget = memoryBudgetOption(arguments);
        requireWithinBudget(estimateBuildMemory(index, selection.variant), budget,
                            "building " + std::string(gameName(selection.kind)) + " " + selection.size.name());
        buildOptions.memoryBudget = budget;
        BuildProgress line(index);
        const bool terminal = ::isatty(STDERR_FILENO) != 0 && !arguments.values["no-progress"].as<bool>();
        if (terminal) buildOptions.progress = [&](const RetrogradeProgress& progress) { printProgress(line.update(progress)); };
        const InterruptGuard interrupt;
        buildOptions.stop = [&] { return interrupt.stopRequested(); };
        TableBuildSummary summary;
        try {
            summary = buildTable(selection.kind, selection.size, selection.variant, root, buildOptions);
        } catch (const RetrogradeInterrupted&) {
            if (terminal) std::fprintf(stderr, "\n");
            std::cerr << "papamu build: interrupted; completed layers are kept in " << directory << "\n"
                      << "papamu build: to resume, run: " << resumeCommand(argc, argv) << "\n";
            return interrupt.shellExitCode();
        }
        if (terminal) std::fprintf(stderr, "\n");
        if (summary.keptLargerTable) {
            std::cerr << "papamu build: the table already covers up to " << summary.maxStones
                      << " stones; kept as it is (a build never makes a table cover less)\n";
        }
        for (const std::string& rejected : summary.rejectedFiles) std::cerr << "papamu build: rebuilt damaged layer: " << rejected << "\n";
        if (jsonRequested(arguments)) {
            std::cout << summaryJson(selection, index, summary, buildOptions.threads).dump() << "\n";
        } else {
            printSummary(index, summary, buildOptions.threads);
        }
        return kSuccess;
    });
}

}  // namespace papamu::cli
