#include "solver/interrupt.hpp"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace papamu {

namespace {

// The one mutable global of the project (see interrupt.hpp): kNoGuard while no InterruptGuard
// exists, 0 while one exists and no signal has arrived, else the number of the signal.
constexpr int kNoGuard = -1;
std::atomic<int> receivedSignal{kNoGuard};
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs a lock-free flag");

extern "C" void onStopSignal(int number) {
    int expected = 0;
    if (receivedSignal.compare_exchange_strong(expected, number)) return;
    // A second signal: the user insists. Only async-signal-safe calls here (signal, raise); the
    // raised signal stays blocked until this handler returns, then the default action ends the
    // process. errno is preserved, as every handler must.
    const int savedErrno = errno;
    std::signal(number, SIG_DFL);
    std::raise(number);
    errno = savedErrno;
}

void install(int number, struct sigaction& previous) {
    struct sigaction action {};
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(number, &action, &previous) != 0) {
        throw std::runtime_error(std::string("cannot install the handler for signal ") + std::to_string(number) +
                                 ": " + std::strerror(errno));
    }
}

}  // namespace

InterruptGuard::InterruptGuard() {
    int expected = kNoGuard;
    if (!receivedSignal.compare_exchange_strong(expected, 0)) {
        throw std::logic_error("an InterruptGuard is already active; only one may exist at a time");
    }
    try {
        install(SIGINT, previousInterrupt_);
        install(SIGTERM, previousTerminate_);
    } catch (...) {
        sigaction(SIGINT, &previousInterrupt_, nullptr);
        receivedSignal.store(kNoGuard);
        throw;
    }
}

InterruptGuard::~InterruptGuard() {
    sigaction(SIGTERM, &previousTerminate_, nullptr);
    sigaction(SIGINT, &previousInterrupt_, nullptr);
    receivedSignal.store(kNoGuard);
}

bool InterruptGuard::stopRequested() const noexcept { return receivedSignal.load(std::memory_order_relaxed) > 0; }

int InterruptGuard::signalNumber() const noexcept {
    const int number = receivedSignal.load(std::memory_order_relaxed);
    return number > 0 ? number : 0;
}

int InterruptGuard::shellExitCode() const noexcept {
    const int number = signalNumber();
    return number > 0 ? 128 + number : 0;
}

}  // namespace papamu
