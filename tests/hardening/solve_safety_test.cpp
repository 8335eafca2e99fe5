// `papamu solve` under Ctrl-C and against the memory budget, end to end on the real binary:
// an interrupted solve prints what it proved and exits 130; a table that cannot fit is refused
// up front (or, when the system refuses it anyway, reported in one line), exit 2. Signals are
// sent when the progress line shows, so nothing here depends on how fast the search is.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "support/child_process.hpp"

using namespace papamu::testing;

namespace {

// Starts papamu with standard error on a terminal, where it draws its progress line, sends
// `signal` as soon as that line shows (the search is under way), and waits at most `patience`
// for it to end; a process that does not end is killed and fails the test.
CommandResult signalDuringSearch(const std::vector<std::string>& arguments, int signal, std::chrono::seconds patience) {
    bool sent = false;
    const CommandResult result = runWhileWatching(arguments, patience, ErrorStream::Terminal, [&](pid_t child, const std::string& err) {
        if (!sent && err.find(" nodes/s ") != std::string::npos) {
            kill(child, signal);
            sent = true;
        }
    });
    CHECK(sent);
    return result;
}

}  // namespace

TEST_CASE("Ctrl-C during a board solve prints what was proven and exits 130", "[solve][interrupt]") {
    // Kōnane 6x7 takes far longer than the first progress line (over 20 s on one thread in
    // Release), so the stop lands in the middle of the search: the exit code, the message and
    // the unknown values show that it stopped there rather than at the end.
    const CommandResult result =
        signalDuringSearch({"solve", "konane", "6x7", "--threads", "1", "--hash", "64"}, SIGINT, std::chrono::seconds(60));
    INFO("stdout:\n" << result.out << "stderr:\n" << result.err);
    CHECK(result.exitCode == 130);
    // On the terminal the progress line is cleared, and one line is left: the interruption.
    const std::string shown = withoutOverwrittenText(result.err);
    CHECK(shown.rfind("papamu solve: interrupted by SIGINT (Ctrl-C)", 0) == 0);
    CHECK(std::count(shown.begin(), shown.end(), '\n') == 1);
    // The report is printed in full: the board line, every opening line, the total.
    CHECK(result.out.rfind("konane 6x7 (standard): unknown\n", 0) == 0);
    CHECK(result.out.find("\ntotal: ") != std::string::npos);
    CHECK(result.out.find("unknown") != std::string::npos);
}

TEST_CASE("Ctrl-C during a solve with --checkpoint saves it and says the same command resumes", "[solve][interrupt]") {
    const std::string path = "papamu_interrupt_checkpoint_" + std::to_string(::getpid()) + ".ckpt";
    std::remove(path.c_str());
    const CommandResult result = signalDuringSearch(
        {"solve", "konane", "6x7", "--threads", "1", "--hash", "64", "--checkpoint", path}, SIGINT, std::chrono::seconds(60));
    INFO("stdout:\n" << result.out << "stderr:\n" << result.err);
    CHECK(result.exitCode == 130);
    CHECK(result.err.find("the same command resumes from " + path) != std::string::npos);
    CHECK(result.err.find("nothing is kept between runs") == std::string::npos);
    CHECK(::access(path.c_str(), R_OK) == 0);
    std::remove(path.c_str());
}

TEST_CASE("SIGTERM during a parallel position solve exits 143 with the value unknown", "[solve][interrupt]") {
    // The Ūnane 4x6 start (no pie) takes over ten seconds; two workers share one root here.
    const CommandResult result = signalDuringSearch(
        {"solve", "unane WBWBWB/BWBWBW/WBWBWB/BWBWBW b", "--variant", "no-pie", "--threads", "2", "--hash", "64", "--json"}, SIGTERM,
        std::chrono::seconds(60));
    INFO("stdout:\n" << result.out << "stderr:\n" << result.err);
    CHECK(result.exitCode == 143);
    CHECK(withoutOverwrittenText(result.err).rfind("papamu solve: interrupted by SIGTERM", 0) == 0);
    CHECK(result.out.find("\"interrupted\":true") != std::string::npos);
    CHECK(result.out.find("\"value\":\"unknown\"") != std::string::npos);
}

TEST_CASE("a table larger than the memory budget is refused up front", "[solve][memory]") {
    const auto started = std::chrono::steady_clock::now();
    const CommandResult result = runPapamu({"solve", "konane", "6x6", "--hash", "100000", "--memory", "1G"});
    CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() < 2.0);
    CHECK(result.exitCode == 2);
    REQUIRE(result.errorLines().size() == 1);
    CHECK(result.err ==
          "papamu solve: error: solving konane 6x6 with a 100000 MB table (--hash) needs about 97.7 GiB, more than the "
          "memory budget 1.0 GiB (--memory)\n");
    CHECK(result.out.empty());

    // Without --memory the budget is a share of the machine: a petabyte table never fits.
    const CommandResult unbudgeted = runPapamu({"solve", "konane", "4x4", "--hash", "1000000000"});
    CHECK(unbudgeted.exitCode == 2);
    CHECK(unbudgeted.errorLines().size() == 1);
    CHECK(unbudgeted.err.find("more than the memory budget") != std::string::npos);

    // Within the budget, the same command solves.
    const CommandResult fitting = runPapamu({"solve", "konane", "4x4", "--hash", "16", "--memory", "1G"});
    CHECK(fitting.exitCode == 0);

    const CommandResult bench = runPapamu({"bench", "--hash", "2048", "--memory", "1G"});
    CHECK(bench.exitCode == 2);
    CHECK(bench.err.rfind("papamu bench: error: bench with a 2048 MB table (--hash) needs about 2.0 GiB, more than", 0) == 0);

    const CommandResult nonsense = runPapamu({"solve", "konane", "4x4", "--memory", "lots"});
    CHECK(nonsense.exitCode == 2);
    CHECK(nonsense.err.rfind("papamu solve: error: memory size 'lots' does not start with a number", 0) == 0);
}

// Sanitizers replace operator new with one that aborts on a failed allocation (GCC's ASan and
// TSan do so even with allocator_may_return_null=1), so this runs in ordinary builds only.
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
TEST_CASE("a table the system cannot allocate is one line and exit 2, not a crash", "[solve][memory]") {
    // A budget large enough to let it through, and a table (about 950 TiB) beyond what any
    // x86-64 or AArch64 process can map, so the allocation fails whatever the overcommit setting.
    const CommandResult result = runPapamu({"solve", "konane", "4x4", "--hash", "1000000000", "--memory", "2000T"});
    INFO(result.err);
    CHECK(result.exitCode == 2);
    CHECK(result.errorLines().size() == 1);
    CHECK(result.err.rfind("papamu solve: error: out of memory allocating the 1000000000 MB transposition table", 0) == 0);
}
#endif
