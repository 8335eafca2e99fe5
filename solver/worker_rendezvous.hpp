#pragma once
// A meeting point for the workers of one search, for work that needs the shared table to itself
// (growing it, ProofTable::growTogether): it starts once every worker in the search has arrived,
// then every worker there does its share (solver/work_share.hpp), and no worker goes on before it
// is done. A worker that finishes its search leaves; if the others are all waiting by then, it
// does the work alone for them. A worker that starts late (a task the pool runs after the others
// have begun) comes in only between meetings. The meeting is rare (a table doubles a few times in
// a solve) and only asked for when a flag says so, so a mutex and a condition variable do.
//
// The work is shared rather than left to the last worker to arrive: growing a table means the
// kernel zeroing its new pages, and on the VMs measured that took 7-48 ms for 16 MB, during which
// a second worker sat idle (solver/README.md, "a table that grows").
#include <barrier>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <utility>

#include "solver/work_share.hpp"

namespace papamu {

class WorkerRendezvous {
public:
    using Work = std::function<void(const WorkShare&)>;
    explicit WorkerRendezvous(Work work) : work_(std::move(work)) {}

    // A worker inside the search while it lives: joins on construction, leaves on destruction.
    class Membership {
    public:
        explicit Membership(WorkerRendezvous& rendezvous) : rendezvous_(rendezvous) { rendezvous_.join(); }
        ~Membership() { rendezvous_.leave(); }
        Membership(const Membership&) = delete;
        Membership& operator=(const Membership&) = delete;

    private:
        WorkerRendezvous& rendezvous_;
    };

    // Waits until every worker inside has arrived here (or left), does this worker's share of the
    // work with the others there, and returns once all of them are done.
    void meet() {
        std::unique_lock lock(mutex_);
        const std::uint64_t round = round_;
        const int member = arrived_++;
        if (arrived_ == inside_) {
            members_ = arrived_;
            barrier_.emplace(members_);
            called_.notify_all();
        } else {
            called_.wait(lock, [this, round] { return round_ != round || members_ > 0; });
            if (round_ != round) return;  // a worker that left did it alone meanwhile
        }
        const int members = members_;
        lock.unlock();
        work_(WorkShare(member, members, &*barrier_));
        lock.lock();
        // Nobody goes on before everyone is done, so nobody can arrive at the next meeting early.
        if (++finished_ == members) {
            finish();
        } else {
            called_.wait(lock, [this, round] { return round_ != round; });
        }
    }

    // Meetings held so far (each did the work once).
    std::uint64_t meetings() const {
        std::lock_guard lock(mutex_);
        return round_;
    }

    // Workers held at the door until the meeting under way ends.
    int waitingToJoin() const {
        std::lock_guard lock(mutex_);
        return waitingToJoin_;
    }

private:
    // A worker that comes in while a meeting runs waits at the door until it is over: it would
    // otherwise search a table being moved under it, and its meet() would take it for a member of
    // the meeting under way (and reshape that meeting's barrier around the members still in it).
    void join() {
        std::unique_lock lock(mutex_);
        ++waitingToJoin_;
        called_.wait(lock, [this] { return members_ == 0; });
        --waitingToJoin_;
        ++inside_;
    }
    void leave() {
        std::lock_guard lock(mutex_);
        --inside_;
        // The others are all waiting and have not started: the leaving worker does it for them.
        if (arrived_ > 0 && arrived_ == inside_ && members_ == 0) {
            work_(WorkShare::alone());
            finish();
        }
    }
    // With the mutex held: the meeting is over, every waiting worker goes on.
    void finish() {
        arrived_ = 0;
        members_ = 0;
        finished_ = 0;
        ++round_;
        called_.notify_all();
    }

    Work work_;
    mutable std::mutex mutex_;
    std::condition_variable called_;
    std::optional<std::barrier<>> barrier_;  // made for each meeting's members
    int inside_ = 0;
    int arrived_ = 0;
    int members_ = 0;   // set when the meeting starts: the workers that do the work
    int finished_ = 0;  // members done with their share
    int waitingToJoin_ = 0;
    std::uint64_t round_ = 0;
};

}  // namespace papamu
