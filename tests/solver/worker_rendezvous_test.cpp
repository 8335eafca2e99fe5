#include <catch2/catch.hpp>

#include <atomic>
#include <thread>
#include <vector>

#include "solver/worker_rendezvous.hpp"

namespace papamu {

TEST_CASE("a meeting starts once every worker inside has arrived, and each does its share", "[solver][parallel]") {
    constexpr int kWorkers = 4;
    std::atomic<int> arrived{0};
    std::atomic<int> shares{0};
    std::atomic<int> memberSum{0};
    std::atomic<int> pastBarrier{0};
    std::atomic<int> sawEveryoneBeforeBarrier{0};
    WorkerRendezvous rendezvous([&](const WorkShare& share) {
        // Every worker has arrived when the work starts, and every one of them is a member.
        CHECK(arrived.load() == kWorkers);
        CHECK(share.members() == kWorkers);
        memberSum += share.member();
        ++shares;
        share.sync();
        // The barrier lets nobody past before every member has reached it.
        if (shares.load() == kWorkers) ++sawEveryoneBeforeBarrier;
        ++pastBarrier;
    });
    std::atomic<int> sawWorkDone{0};
    {
        std::vector<std::thread> workers;
        std::atomic<int> joined{0};
        for (int index = 0; index < kWorkers; ++index) {
            workers.emplace_back([&] {
                const WorkerRendezvous::Membership inside(rendezvous);
                ++joined;
                while (joined.load() < kWorkers) std::this_thread::yield();  // all inside before anyone meets
                ++arrived;
                rendezvous.meet();
                // No worker goes on before every share is done.
                if (pastBarrier.load() == kWorkers) ++sawWorkDone;
            });
        }
        for (std::thread& worker : workers) worker.join();
    }
    CHECK(shares.load() == kWorkers);
    CHECK(memberSum.load() == 0 + 1 + 2 + 3);  // members 0..3, each once
    CHECK(sawEveryoneBeforeBarrier.load() == kWorkers);
    CHECK(sawWorkDone.load() == kWorkers);
    CHECK(rendezvous.meetings() == 1);
}

TEST_CASE("a worker that leaves does the others' meeting for them", "[solver][parallel]") {
    std::atomic<int> ran{0};
    std::atomic<int> members{0};
    WorkerRendezvous rendezvous([&](const WorkShare& share) {
        members = share.members();
        ++ran;
    });
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
        CHECK(members.load() == 1);  // done alone, by whichever of the two
    }
    leaver.join();
    CHECK(rendezvous.meetings() == 1);
}

// A task the pool starts late can come in while the workers already inside are meeting (the first
// worker alone, say, growing the table before the second has started). It must wait for the
// meeting's end: inside it would search a table being moved, and its meet() would join the
// meeting under way and wait at a barrier nobody else reaches (CI hung so, 2026-12-04).
TEST_CASE("a worker that comes in during a meeting waits for it to end", "[solver][parallel]") {
    std::atomic<bool> meetingRuns{false};
    std::atomic<bool> secondInside{false};
    std::atomic<bool> secondCameInDuringMeeting{false};
    std::thread second;
    WorkerRendezvous* door = nullptr;
    WorkerRendezvous rendezvous([&](const WorkShare& share) {
        CHECK(share.members() == 1);
        meetingRuns = true;
        // Held at the door (fixed) or already inside (the fault): one of the two must happen.
        while (door->waitingToJoin() == 0 && !secondInside.load()) std::this_thread::yield();
        secondCameInDuringMeeting = secondInside.load();
        meetingRuns = false;
    });
    door = &rendezvous;
    {
        const WorkerRendezvous::Membership first(rendezvous);
        second = std::thread([&] {
            while (!meetingRuns.load()) std::this_thread::yield();
            const WorkerRendezvous::Membership inside(rendezvous);
            secondInside = true;
            CHECK_FALSE(meetingRuns.load());
        });
        rendezvous.meet();
    }
    second.join();
    CHECK_FALSE(secondCameInDuringMeeting.load());
    CHECK(rendezvous.meetings() == 1);
    CHECK(rendezvous.waitingToJoin() == 0);
}

TEST_CASE("a lone worker meets at once", "[solver][parallel]") {
    int ran = 0;
    WorkerRendezvous rendezvous([&](const WorkShare& share) {
        CHECK(share.leader());
        CHECK(share.members() == 1);
        share.sync();  // a barrier of one
        ++ran;
    });
    const WorkerRendezvous::Membership inside(rendezvous);
    rendezvous.meet();
    rendezvous.meet();
    CHECK(ran == 2);
}

TEST_CASE("a share's parts cover a range once, in order of members", "[solver][parallel]") {
    for (int members = 1; members <= 5; ++members) {
        std::size_t next = 10;
        for (int member = 0; member < members; ++member) {
            const auto [begin, end] = WorkShare(member, members, nullptr).part(10, 23);
            CHECK(begin == next);
            CHECK(end - begin >= 13 / static_cast<std::size_t>(members));
            CHECK(end - begin <= 13 / static_cast<std::size_t>(members) + 1);
            next = end;
        }
        CHECK(next == 23);
    }
}

}  // namespace papamu
