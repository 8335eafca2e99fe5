// Ctrl-C and SIGTERM: the first asks long work to stop, a second ends the process, and the
// handlers that were there before come back when the guard goes.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdint>
#include <stdexcept>
#include <thread>

#include "solver/interrupt.hpp"

using namespace papamu;

namespace {

// Set by the test's own handler, to see that the guard put it back (a handler can only reach
// a global).
std::atomic<int> testHandlerCalls{0};
extern "C" void countingHandler(int) { testHandlerCalls.fetch_add(1); }

}  // namespace

TEST_CASE("a signal asks to stop and is reported once", "[interrupt]") {
    for (const int number : {SIGINT, SIGTERM}) {
        InterruptGuard guard;
        CHECK_FALSE(guard.stopRequested());
        CHECK(guard.signalNumber() == 0);
        CHECK(guard.shellExitCode() == 0);
        REQUIRE(std::raise(number) == 0);  // the process must survive: the guard only records it
        CHECK(guard.stopRequested());
        CHECK(guard.signalNumber() == number);
        CHECK(guard.shellExitCode() == 128 + number);
    }
}

TEST_CASE("a loop in another thread sees the stop request", "[interrupt]") {
    InterruptGuard guard;
    std::atomic<bool> started{false};
    std::uint64_t iterations = 0;
    std::thread worker([&] {
        started = true;
        while (!guard.stopRequested()) ++iterations;
    });
    while (!started) std::this_thread::yield();
    std::raise(SIGINT);
    worker.join();  // would hang (and hit the test timeout) if the request were not seen
    CHECK(guard.signalNumber() == SIGINT);
}

TEST_CASE("the previous handlers come back and the flag is cleared", "[interrupt]") {
    struct sigaction mine {};
    mine.sa_handler = countingHandler;
    sigemptyset(&mine.sa_mask);
    struct sigaction originalInterrupt {};
    struct sigaction originalTerminate {};
    REQUIRE(sigaction(SIGINT, &mine, &originalInterrupt) == 0);
    REQUIRE(sigaction(SIGTERM, &mine, &originalTerminate) == 0);
    testHandlerCalls = 0;
    {
        InterruptGuard guard;
        std::raise(SIGTERM);
        CHECK(guard.stopRequested());
        CHECK(testHandlerCalls == 0);  // the guard's handler ran, not ours
    }
    std::raise(SIGINT);
    std::raise(SIGTERM);
    CHECK(testHandlerCalls == 2);
    {
        InterruptGuard fresh;  // a new guard starts without the old request
        CHECK_FALSE(fresh.stopRequested());
    }
    sigaction(SIGINT, &originalInterrupt, nullptr);
    sigaction(SIGTERM, &originalTerminate, nullptr);
}

TEST_CASE("only one guard may be active at a time", "[interrupt]") {
    InterruptGuard guard;
    CHECK_THROWS_AS(InterruptGuard(), std::logic_error);
    std::raise(SIGINT);
    CHECK(guard.stopRequested());  // the refused second guard did not disturb the first
}

TEST_CASE("a second signal ends the process with the default action", "[interrupt]") {
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        // Exit codes say how far the child got when it was not killed.
        InterruptGuard guard;
        std::raise(SIGINT);
        if (!guard.stopRequested()) _exit(3);
        std::raise(SIGINT);
        _exit(4);  // reached only if the second Ctrl-C did not end the process
    }
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    INFO("status " << status);
    REQUIRE(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGINT);
}
