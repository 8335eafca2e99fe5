#pragma once
// One worker's part in work that the workers of a search do together while none of them searches
// (growing the shared table: solver/worker_rendezvous.hpp, ProofTable::growTogether): which
// member it is, how many there are, and the barrier they all pass between the work's steps. A
// lone worker's share is the whole work and its barrier a no-op.
#include <barrier>
#include <cstddef>
#include <utility>

namespace papamu {

class WorkShare {
public:
    static WorkShare alone() { return WorkShare(0, 1, nullptr); }
    WorkShare(int member, int members, std::barrier<>* barrier) : member_(member), members_(members), barrier_(barrier) {}

    int member() const { return member_; }
    int members() const { return members_; }
    // The member that does what only one may (the first to arrive).
    bool leader() const { return member_ == 0; }

    // Waits until every member has got here. What any member wrote before it, every member sees after.
    void sync() const {
        if (barrier_ != nullptr) barrier_->arrive_and_wait();
    }

    // This member's part of [begin, end): consecutive members take consecutive parts, within one
    // item of the same size.
    std::pair<std::size_t, std::size_t> part(std::size_t begin, std::size_t end) const {
        const std::size_t size = end - begin;
        const auto members = static_cast<std::size_t>(members_);
        const auto member = static_cast<std::size_t>(member_);
        return {begin + size * member / members, begin + size * (member + 1) / members};
    }

private:
    int member_;
    int members_;
    std::barrier<>* barrier_;
};

}  // namespace papamu
