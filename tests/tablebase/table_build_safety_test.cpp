// `papamu build` end to end against the three ways a build can go wrong from outside: a second
// build on the same table directory, Ctrl-C half-way, and a board that cannot fit in memory.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "support/child_process.hpp"
#include "tablebase/directory_lock.hpp"
#include "tablebase/temporary_directory.hpp"

using namespace papamu::testing;
namespace fs = std::filesystem;

namespace {

// Starts papamu with stdout and stderr in files, sends SIGINT as soon as `readyFile` exists (the
// build has completed a layer), and waits at most `patience` for it to end; a process that does
// not end is killed and fails the test. `signalled` says whether the signal was sent before the
// process ended on its own.
CommandResult runAndInterrupt(const std::vector<std::string>& arguments, const fs::path& readyFile, std::chrono::seconds patience,
                              bool& signalled) {
    signalled = false;
    return runWhileWatching(arguments, patience, [&](pid_t child) {
        if (!signalled && fs::exists(readyFile)) {
            kill(child, SIGINT);
            signalled = true;
        }
    });
}

}  // namespace

TEST_CASE("a second build on a locked table directory is refused at once", "[tablebase][build][lock]") {
    TemporaryDirectory root;
    const fs::path table = root.path() / "konane-standard-3x3";
    fs::create_directories(table);
    const papamu::DirectoryLock held(table);  // this process plays the first build
    const auto started = std::chrono::steady_clock::now();
    const CommandResult result = runPapamu({"build", "konane", "3x3", "--tb", root.string(), "--threads", "1"});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    INFO("stderr:\n" << result.err);
    CHECK(result.exitCode == 2);
    CHECK(seconds < 2.0);  // refused, not waiting for the lock
    REQUIRE(result.errorLines().size() == 1);
    CHECK(result.err.rfind("papamu build: error: table directory " + table.string() + " is in use by another papamu build", 0) == 0);
    CHECK(result.err.find("(process " + std::to_string(getpid()) + ")") != std::string::npos);
    CHECK(result.out.empty());
    // Nothing was written next to the lock.
    std::vector<std::string> names;
    for (const auto& item : fs::directory_iterator(table)) names.push_back(item.path().filename().string());
    CHECK(names == std::vector<std::string>{".lock"});
}

TEST_CASE("a build on another board of the same root is not blocked", "[tablebase][build][lock]") {
    TemporaryDirectory root;
    fs::create_directories(root.path() / "konane-standard-3x3");
    const papamu::DirectoryLock held(root.path() / "konane-standard-3x3");
    const CommandResult result = runPapamu({"build", "konane", "2x3", "--tb", root.string(), "--threads", "1"});
    INFO("stderr:\n" << result.err);
    CHECK(result.exitCode == 0);
    CHECK(fs::exists(root.path() / "konane-standard-2x3" / "manifest.json"));
}

TEST_CASE("Ctrl-C during a build keeps the completed layers, says how to resume, and exits 130", "[tablebase][build][interrupt]") {
    // Kōnane 5x5 up to 10 stones takes about 3 s on one thread in Release; the signal is sent as
    // soon as the first layer is on disk (manifest.json appears), so it lands mid-build.
    TemporaryDirectory root;
    const fs::path table = root.path() / "konane-standard-5x5";
    const std::vector<std::string> arguments{"build", "konane", "5x5", "--tb", root.string(), "--max-stones", "10", "--threads", "1"};
    bool signalled = false;
    const CommandResult interrupted = runAndInterrupt(arguments, table / "manifest.json", std::chrono::seconds(15), signalled);
    INFO("stdout:\n" << interrupted.out << "stderr:\n" << interrupted.err);
    REQUIRE(signalled);
    CHECK(interrupted.exitCode == 130);
    CHECK(interrupted.out.empty());  // no summary of a build that did not finish
    CHECK(interrupted.err.find("papamu build: interrupted; completed layers are kept in " + table.string()) != std::string::npos);
    const std::string resume = "papamu build konane 5x5 --tb " + root.string() + " --max-stones 10 --threads 1";
    CHECK(interrupted.err.find("papamu build: to resume, run: " + resume + "\n") != std::string::npos);
    // Some layers were kept, and the manifest does not claim a complete table.
    std::size_t layerFiles = 0;
    for (const auto& item : fs::directory_iterator(table)) layerFiles += item.path().extension() == ".pmtb" ? 1 : 0;
    CHECK(layerFiles >= 1);
    CHECK(fileText((table / "manifest.json").string()).find("\"complete\": false") != std::string::npos);

    const CommandResult resumed = runPapamu(arguments);
    INFO("resumed stdout:\n" << resumed.out << "resumed stderr:\n" << resumed.err);
    REQUIRE(resumed.exitCode == 0);
    CHECK(resumed.out.find(" reused)") != std::string::npos);
    CHECK(resumed.out.find("(0 reused)") == std::string::npos);  // it really resumed

    const CommandResult verified = runPapamu({"tb-verify", table.string(), "--samples", "50"});
    INFO("tb-verify stdout:\n" << verified.out << "stderr:\n" << verified.err);
    CHECK(verified.exitCode == 0);
    CHECK(verified.out.rfind("ok " + table.string() + ": ", 0) == 0);
}

TEST_CASE("a build that cannot fit in the memory budget is refused up front", "[tablebase][build][memory]") {
    TemporaryDirectory root;
    const auto started = std::chrono::steady_clock::now();
    const CommandResult result = runPapamu({"build", "unane", "8x8", "--tb", root.string(), "--memory", "1G"});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    INFO("stderr:\n" << result.err);
    CHECK(result.exitCode == 2);
    CHECK(seconds < 2.0);
    CHECK(result.errorLines().size() == 1);
    CHECK(result.err.find("papamu build: error: building unane 8x8 needs about ") == 0);
    CHECK(result.err.find("more than the memory budget 1.0 GiB (--memory)") != std::string::npos);
    CHECK(fs::is_empty(root.path()));  // nothing written

    // The estimate is the largest layer with the layers it reads, the writer's buffers and 64 MiB:
    // 9.6 GiB for Kōnane 6x6 (table_size_estimate_test.cpp), so 9G is refused and 20G would do.
    const CommandResult tight = runPapamu({"build", "konane", "6x6", "--tb", root.string(), "--memory", "9G"});
    CHECK(tight.exitCode == 2);
    CHECK(tight.err.find("building konane 6x6 needs about 9.6 GiB, more than the memory budget 9.0 GiB") != std::string::npos);
    CHECK(fs::is_empty(root.path()));
    const CommandResult fits = runPapamu({"build", "konane", "3x4", "--tb", root.string(), "--memory", "128M"});
    CHECK(fits.exitCode == 0);
}
