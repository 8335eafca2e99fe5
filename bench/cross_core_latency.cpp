// How long one cache line takes to travel between two cores: two threads, pinned to the cores
// given (default 0 and 1), hand a counter back and forth; prints the one-way time in ns.
// Why: a parallel search pays this for every line one worker writes and the other reads next,
// and on a VM it changes with where the host puts the vCPUs (51 ns and 250 ns in one session,
// solver/README.md), so thread figures are only comparable alongside it.
// usage: cross_core_latency [CPU_A CPU_B] [--json]
#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <thread>

namespace {

constexpr int kRoundTrips = 1'000'000;

bool pinTo(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return pthread_setaffinity_np(pthread_self(), sizeof set, &set) == 0;
}

// One measurement over kRoundTrips round trips, in ns one way; nullopt if a thread could not be
// pinned (then neither spins: two spinning threads on one CPU would take a time slice per turn).
std::optional<double> measureOnce(int first, int second) {
    alignas(64) std::atomic<int> turn{0};
    std::atomic<int> ready{0};
    std::atomic<bool> failed{false};
    const auto pinOrFail = [&](int cpu) {
        if (!pinTo(cpu)) failed.store(true);
        ready.fetch_add(1);
        while (ready.load() < 2) {}
        return !failed.load();
    };
    std::thread other([&] {
        if (!pinOrFail(second)) return;
        for (int round = 0; round < kRoundTrips; ++round) {
            while (turn.load(std::memory_order_acquire) != 2 * round + 1) {}
            turn.store(2 * round + 2, std::memory_order_release);
        }
    });
    if (!pinOrFail(first)) {
        other.join();
        return std::nullopt;
    }
    const auto started = std::chrono::steady_clock::now();
    for (int round = 0; round < kRoundTrips; ++round) {
        turn.store(2 * round + 1, std::memory_order_release);
        while (turn.load(std::memory_order_acquire) != 2 * round + 2) {}
    }
    const auto elapsed = std::chrono::steady_clock::now() - started;
    other.join();
    return std::chrono::duration<double, std::nano>(elapsed).count() / kRoundTrips / 2;
}

// The median of three measurements.
std::optional<double> oneWayNanoseconds(int first, int second) {
    double samples[3];
    for (double& sample : samples) {
        const std::optional<double> measured = measureOnce(first, second);
        if (!measured) return std::nullopt;
        sample = *measured;
    }
    std::sort(std::begin(samples), std::end(samples));
    return samples[1];
}

}  // namespace

int main(int argc, char** argv) {
    int cpus[2] = {0, 1};
    int given = 0;
    bool json = false;
    for (int index = 1; index < argc; ++index) {
        if (std::strcmp(argv[index], "--json") == 0) {
            json = true;
        } else if (given < 2) {
            char* end = nullptr;
            const long cpu = std::strtol(argv[index], &end, 10);
            if (*end != '\0' || cpu < 0 || cpu >= CPU_SETSIZE) {
                std::fprintf(stderr, "cross_core_latency: not a CPU number: %s\n", argv[index]);
                return 2;
            }
            cpus[given++] = static_cast<int>(cpu);
        } else {
            std::fprintf(stderr, "cross_core_latency: unexpected argument: %s\n", argv[index]);
            return 2;
        }
    }
    if (given == 1) {
        std::fprintf(stderr, "cross_core_latency: give two CPU numbers or none\n");
        return 2;
    }
    if (cpus[0] == cpus[1]) {
        std::fprintf(stderr, "cross_core_latency: give two different CPUs\n");
        return 2;
    }
    const std::optional<double> nanoseconds = oneWayNanoseconds(cpus[0], cpus[1]);
    if (!nanoseconds) {
        std::fprintf(stderr, "cross_core_latency: could not pin threads to CPUs %d and %d\n", cpus[0], cpus[1]);
        return 2;
    }
    if (json) {
        std::printf("{\"cpus\": [%d, %d], \"one_way_ns\": %.1f}\n", cpus[0], cpus[1], *nanoseconds);
    } else {
        std::printf("CPUs %d and %d: %.1f ns one way\n", cpus[0], cpus[1], *nanoseconds);
    }
    return 0;
}
