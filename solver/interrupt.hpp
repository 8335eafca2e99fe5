#pragma once
// Ctrl-C (SIGINT) and SIGTERM during long work (a build, a solve): the first signal only asks
// the work to stop at its next safe point, so completed layers stay on disk and the command can
// say how to resume; a second signal restores the default action and ends the process at once,
// for a user who does not want to wait.
//
// A signal handler can only reach global state, so this file holds the project's one mutable
// global: a lock-free std::atomic<int> that the handler sets and that stopRequested() reads.
// Lock-free atomics are async-signal-safe (C++17 [support.signal]); a plain
// `volatile std::sig_atomic_t` would be safe for the handler but not for the worker threads
// that poll it. Everything else lives in the InterruptGuard object.
#include <csignal>

namespace papamu {

class InterruptGuard {
public:
    // Installs the handlers (sigaction, SA_RESTART so blocking reads and writes carry on).
    // Only one guard may exist at a time: a second one throws std::logic_error.
    InterruptGuard();
    // Puts back the handlers that were there before, and forgets any signal received.
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;

    // Cheap enough for inner loops (one relaxed atomic load); safe from any thread.
    bool stopRequested() const noexcept;
    // The signal that asked to stop (SIGINT or SIGTERM), or 0 when none has arrived.
    int signalNumber() const noexcept;
    // What a shell reports for a process ended by that signal (128 + number, 130 for Ctrl-C),
    // the customary exit status for a command that stopped on request; 0 when none arrived.
    int shellExitCode() const noexcept;

private:
    struct sigaction previousInterrupt_ {};
    struct sigaction previousTerminate_ {};
};

}  // namespace papamu
