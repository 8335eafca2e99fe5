// serve: the local web explorer (server/), on loopback unless told otherwise, until Ctrl-C.
#include <atomic>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <thread>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/option_ranges.hpp"
#include "server/explorer_server.hpp"
#include "server/solved_boards.hpp"
#include "solver/interrupt.hpp"

namespace papamu::cli {

namespace {

constexpr const char* kUsage =
    "papamu serve [--tb DIR]... [--puzzles FILE]... [--port 8080] [--bind 127.0.0.1] [--threads N]\n"
    "       [--results DIR] [--search-slots N] [--max-nodes N] [--max-seconds S]\n\n"
    "Serves the explorer page and its JSON API (server/README.md) until Ctrl-C or SIGTERM.\n"
    "Prints 'listening on http://HOST:PORT/' once it accepts connections.";

// Stops the server when a signal arrives. Polled, because a signal handler may not call into
// the server; the poll is far shorter than anyone notices after Ctrl-C.
void stopOnSignal(const InterruptGuard& guard, server::ExplorerServer& explorer, const std::atomic<bool>& finished) {
    while (!finished.load() && !guard.stopRequested()) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    explorer.stop();
}

}  // namespace

int runServe(int argc, char** argv) {
    return guardedRun("serve", [&] {
        options::options_description described("serve options");
        described.add_options()
            ("tb", options::value<std::vector<std::string>>(), "table root or table directory (repeatable)")
            ("puzzles", options::value<std::vector<std::string>>(), "puzzle file, JSONL or CSV (repeatable)")
            ("results", options::value<std::string>()->default_value("results/data"), "folder of solves.json, for /api/solved")
            ("bind", options::value<std::string>()->default_value("127.0.0.1"), "address to listen on");
        addIntegerOption(described, "port", "8080", "TCP port (0: any free port)");
        addIntegerOption(described, "threads", "8", "connection threads");
        addIntegerOption(described, "search-slots", "2", "searches at once; more get 503");
        addIntegerOption(described, "max-nodes", "20000000", "most nodes a probe may ask for");
        described.add_options()("max-seconds", options::value<std::string>()->default_value("10"),
                                "most seconds a probe may ask for (above 0, at most 1e9)");
        const ParsedArguments arguments = parseArguments(argc, argv, kUsage, described);
        if (arguments.helpShown) return kSuccess;
        if (!arguments.positional.empty()) throw std::invalid_argument("unexpected argument '" + arguments.positional[0] + "'");
        const auto& values = arguments.values;
        const int port = static_cast<int>(integerOption(arguments, "port", 8080));
        const int threads = static_cast<int>(integerOption(arguments, "threads", 8));
        server::ApiLimits limits;
        limits.searchSlots = static_cast<int>(integerOption(arguments, "search-slots", 2));
        limits.largestBudget = SearchLimits{secondsOption(arguments, "max-seconds", false, 10.0), integerOption(arguments, "max-nodes", 20'000'000)};
        limits.defaultBudget.seconds = std::min(limits.defaultBudget.seconds, limits.largestBudget.seconds);
        limits.defaultBudget.nodes = std::min(limits.defaultBudget.nodes, limits.largestBudget.nodes);
        const auto list = [&](const char* name) {
            return values.count(name) ? values[name].as<std::vector<std::string>>() : std::vector<std::string>{};
        };
        const std::string results = values["results"].as<std::string>();

        InterruptGuard guard;
        server::ExplorerApi api(server::TableCatalog(list("tb")), server::PuzzleLibrary(list("puzzles")),
                                server::readSolvedBoards(std::filesystem::is_directory(results) ? results : ""), limits,
                                [&guard] { return guard.stopRequested(); });
        server::ExplorerServer explorer(api, server::ServerSettings{values["bind"].as<std::string>(), port,
                                                                    threads, 64 * 1024});
        const int boundPort = explorer.bind();
        std::atomic<bool> finished{false};
        std::thread watcher(stopOnSignal, std::cref(guard), std::ref(explorer), std::cref(finished));
        std::cout << "papamu serve: listening on http://" << values["bind"].as<std::string>() << ":" << boundPort << "/" << std::endl;
        explorer.run();
        finished.store(true);
        watcher.join();
        std::cout << "papamu serve: stopped" << std::endl;
        return kSuccess;
    });
}

}  // namespace papamu::cli
