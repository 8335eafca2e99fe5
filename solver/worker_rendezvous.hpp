#pragma once
// A meeting point for the workers of one search, for work that needs the shared table to itself
// (growing it, ProofTable::growWhileAlone): it runs once every worker in the search has arrived,
// and no worker goes on before it is done. A worker that finishes its search leaves; if the others
// are all waiting by then, it runs the work for them. The meeting is rare (a table doubles a few
// times in a solve) and only asked for when a flag says so, so a mutex and a condition variable do.
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <utility>

namespace papamu {

class WorkerRendezvous {
public:
    explicit WorkerRendezvous(std::function<void()> alone) : alone_(std::move(alone)) {}

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

    // Waits until every worker inside has arrived here (or left); the last one runs the work.
    void meet() {
        std::unique_lock lock(mutex_);
        ++waiting_;
        if (waiting_ == inside_) {
            release();
            return;
        }
        const std::uint64_t round = round_;
        released_.wait(lock, [this, round] { return round_ != round; });
    }

    // Meetings held so far (each ran the work once).
    std::uint64_t meetings() const {
        std::lock_guard lock(mutex_);
        return round_;
    }

private:
    void join() {
        std::lock_guard lock(mutex_);
        ++inside_;
    }
    void leave() {
        std::lock_guard lock(mutex_);
        --inside_;
        if (waiting_ > 0 && waiting_ == inside_) release();
    }
    // With the mutex held: the work, then every waiting worker goes on.
    void release() {
        alone_();
        waiting_ = 0;
        ++round_;
        released_.notify_all();
    }

    std::function<void()> alone_;
    mutable std::mutex mutex_;
    std::condition_variable released_;
    int inside_ = 0;
    int waiting_ = 0;
    std::uint64_t round_ = 0;
};

}  // namespace papamu
