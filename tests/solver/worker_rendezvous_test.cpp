#include <catch2/catch.hpp>

#include <atomic>
#include <thread>
#include <vector>

#include "solver/worker_rendezvous.hpp"

namespace papamu {

TEST_CASE("a meeting runs its work once, after every worker inside has arrived", "[solver][parallel]") {
    std::atomic<int> ran{0};
    std::atomic<int> arrived{0};
    std::atomic<int> sawWorkBeforeLeaving{0};
    WorkerRendezvous rendezvous([&] {
        // Every worker has arrived when the work runs.
        CHECK(arrived.load() == 4);
        ++ran;
    });
    {
        std::vector<std::thread> workers;
        std::atomic<int> joined{0};
        for (int index = 0; index < 4; ++index) {
            workers.emplace_back([&] {
                const WorkerRendezvous::Membership inside(rendezvous);
                ++joined;
                while (joined.load() < 4) std::this_thread::yield();  // all inside before anyone meets
                ++arrived;
                rendezvous.meet();
                // No worker goes on before the work is done.
                if (ran.load() == 1) ++sawWorkBeforeLeaving;
            });
        }
        for (std::thread& worker : workers) worker.join();
    }
    CHECK(ran.load() == 1);
    CHECK(sawWorkBeforeLeaving.load() == 4);
    CHECK(rendezvous.meetings() == 1);
}

TEST_CASE("a worker that leaves lets the others' meeting go on", "[solver][parallel]") {
    std::atomic<int> ran{0};
    WorkerRendezvous rendezvous([&] { ++ran; });
    std::atomic<bool> bothInside{false};
    std::atomic<bool> waiting{false};
    std::thread leaver;
    {
        const WorkerRendezvous::Membership first(rendezvous);
        leaver = std::thread([&] {
            const WorkerRendezvous::Membership second(rendezvous);
            bothInside = true;
            // Leaves without meeting once the first worker is at the meeting; it may leave before
            // the first arrives, too: either way the meeting must not wait for it.
            while (!waiting.load()) std::this_thread::yield();
        });
        while (!bothInside.load()) std::this_thread::yield();
        waiting = true;
        rendezvous.meet();
        CHECK(ran.load() == 1);
    }
    leaver.join();
    CHECK(rendezvous.meetings() == 1);
}

TEST_CASE("a lone worker meets at once", "[solver][parallel]") {
    int ran = 0;
    WorkerRendezvous rendezvous([&] { ++ran; });
    const WorkerRendezvous::Membership inside(rendezvous);
    rendezvous.meet();
    rendezvous.meet();
    CHECK(ran == 2);
}

}  // namespace papamu
