// build: solves every position of a board into win/loss tables on disk (tablebase/README.md).
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <thread>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
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

// A one-line progress display on a terminal: the layer, positions done, rate and time left.
// Positions count both sides to move: an entry of a colour-folded layer solves two.
class ProgressLine {
public:
    ProgressLine(const TableIndex& index) : index_(index), started_(std::chrono::steady_clock::now()) {
        for (int layer = 0; layer < index.layerCount(); ++layer) total_ += index.layer(layer).positions();
    }
    void update(const RetrogradeProgress& progress) {
        const std::uint64_t images = index_.layerFolded(progress.layer) ? 2 : 1;
        const std::uint64_t done = finishedBefore(progress.layer) + images * progress.done;
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
        if (progress.reused) skipped_ += images * progress.total;  // found complete: not part of the rate
        const double rate = elapsed > 0 ? static_cast<double>(done - skipped_) / elapsed : 0.0;
        const double left = rate > 0 ? static_cast<double>(total_ - done) / rate : 0.0;
        const TableLayer& shape = index_.layer(progress.layer);
        std::fprintf(stderr, "\rlayer %d/%d (%d black, %d white): %llu/%llu positions, %.2fM/s, ETA %s   ", progress.layer + 1,
                     progress.layerCount, shape.black, shape.white, static_cast<unsigned long long>(done),
                     static_cast<unsigned long long>(total_), rate / 1e6, formatSeconds(left).c_str());
        std::fflush(stderr);
    }
    void finish() { std::fprintf(stderr, "\n"); }

private:
    std::uint64_t finishedBefore(int layer) {
        while (summedLayers_ < layer) summed_ += index_.layer(summedLayers_++).positions();
        return summed_;
    }
    const TableIndex& index_;
    std::chrono::steady_clock::time_point started_;
    std::uint64_t total_ = 0;
    std::uint64_t summed_ = 0;
    int summedLayers_ = 0;
    std::uint64_t skipped_ = 0;
};

double processorSeconds() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           1e-6 * static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

long peakResidentKiB() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
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

}  // namespace

int runBuild(int argc, char** argv) {
    return guardedRun("build", [&]() -> int {
        options::options_description described("build options");
        addVariantOption(described);
        addJsonOption(described);
        described.add_options()("tb", options::value<std::string>(), "root directory of the tables (required)")(
            "max-stones", options::value<int>(), "only positions with at most this many stones")(
            "threads", options::value<int>(), "worker threads (default: all cores)")(
            "memory", options::value<std::string>(), "memory budget, e.g. 8G, 512M, 50% (default: 75% of available memory)");
        const ParsedArguments arguments =
            parseArguments(argc, argv, "papamu build GAME RxC --tb DIR [--max-stones K] [--threads N] [--memory SIZE] [--variant V] [--json]", described);
        if (arguments.helpShown) return kSuccess;
        if (arguments.positional.size() != 2) throw std::invalid_argument("expected GAME RxC");
        if (!arguments.values.count("tb")) throw std::invalid_argument("--tb DIR is required");
        const GameSelection selection = selectStart(arguments.positional[0], arguments.positional[1], variantFrom(arguments));
        TableBuildOptions buildOptions;
        buildOptions.maxStones = positiveOption(arguments, "max-stones", -1, 0, 64);
        const int cores = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
        buildOptions.threads = positiveOption(arguments, "threads", cores, 1, 1024);
        const std::string root = arguments.values["tb"].as<std::string>();

        const TableIndex index(selection.kind, BoardGeometry(selection.size.rows, selection.size.columns), buildOptions.maxStones);
        // Refused before anything is written, rather than killed by the system half-way.
        const std::uint64_t budget =
            arguments.values.count("memory") ? parseMemorySize(arguments.values["memory"].as<std::string>()) : defaultMemoryBudget();
        requireWithinBudget(estimateBuildMemory(index), budget,
                            "building " + std::string(gameName(selection.kind)) + " " + selection.size.name());
        ProgressLine line(index);
        const bool terminal = ::isatty(STDERR_FILENO) != 0;
        if (terminal) buildOptions.progress = [&](const RetrogradeProgress& progress) { line.update(progress); };
        const InterruptGuard interrupt;
        buildOptions.stop = [&] { return interrupt.stopRequested(); };
        TableBuildSummary summary;
        try {
            summary = buildTable(selection.kind, selection.size, selection.variant, root, buildOptions);
        } catch (const RetrogradeInterrupted&) {
            if (terminal) line.finish();
            std::cerr << "papamu build: interrupted; completed layers are kept in " << root << "/"
                      << tableDirectoryName(selection.kind, selection.size, selection.variant) << "\n"
                      << "papamu build: to resume, run: " << resumeCommand(argc, argv) << "\n";
            return interrupt.shellExitCode();
        }
        if (terminal) line.finish();
        for (const std::string& rejected : summary.rejectedFiles) std::cerr << "papamu build: rebuilt damaged layer: " << rejected << "\n";
        const double rate = summary.seconds > 0 ? static_cast<double>(summary.positions) / summary.seconds : 0.0;
        const double entryRate = summary.seconds > 0 ? static_cast<double>(summary.entries) / summary.seconds : 0.0;
        if (jsonRequested(arguments)) {
            nlohmann::ordered_json json{{"game", gameName(selection.kind)},
                                        {"variant", selection.variant.name()},
                                        {"board", selection.size.name()},
                                        {"directory", summary.directory},
                                        {"max_stones", index.maxStones()},
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
                                        {"positions_per_second", rate},
                                        {"entries_per_second", entryRate},
                                        {"cpu_seconds", processorSeconds()},
                                        {"threads", buildOptions.threads},
                                        {"peak_rss_kib", peakResidentKiB()}};
            std::cout << json.dump() << "\n";
        } else {
            std::printf("table        %s\n", summary.directory.c_str());
            std::printf("positions    %llu in %d layers (%d solved, %d reused), both sides to move\n",
                        static_cast<unsigned long long>(summary.positions), index.layerCount(), summary.layersSolved,
                        summary.layersReused);
            std::printf("entries      %llu stored (%s)\n", static_cast<unsigned long long>(summary.entries),
                        index.colourFolded() ? "colour-folded: White to move is read from its colour image"
                                             : "not folded: no board symmetry exchanges the cell colours");
            std::printf("wins/losses  %llu / %llu for the side to move; longest win %d plies, longest loss %d plies\n",
                        static_cast<unsigned long long>(summary.wins), static_cast<unsigned long long>(summary.losses),
                        summary.longestWin, summary.longestLoss);
            std::printf("disk         %llu bytes, %.3f bits per position\n", static_cast<unsigned long long>(summary.bytesOnDisk),
                        summary.bitsPerPosition());
            std::printf("time         %.2f s, %.0f positions/s (%.0f entries/s), %d threads, peak memory %ld KiB\n",
                        summary.seconds, rate, entryRate, buildOptions.threads, peakResidentKiB());
        }
        return kSuccess;
    });
}

}  // namespace papamu::cli
