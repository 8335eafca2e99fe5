#pragma once
// A fixed number of searches may run at once; a request that finds every slot taken is refused
// at once (HTTP 503) instead of waiting, so no queue of searches can grow without bound.
#include <atomic>
#include <optional>

namespace papamu::server {

class SearchSlots {
public:
    explicit SearchSlots(int capacity) : capacity_(capacity) {}
    SearchSlots(const SearchSlots&) = delete;
    SearchSlots& operator=(const SearchSlots&) = delete;

    // Holds a slot while it lives.
    class Lease {
    public:
        explicit Lease(SearchSlots& slots) : slots_(&slots) {}
        Lease(Lease&& other) noexcept : slots_(other.slots_) { other.slots_ = nullptr; }
        Lease(const Lease&) = delete;
        Lease& operator=(const Lease&) = delete;
        Lease& operator=(Lease&&) = delete;
        ~Lease() {
            if (slots_) slots_->inUse_.fetch_sub(1);
        }

    private:
        SearchSlots* slots_;
    };

    // A lease, or nullopt when all slots are in use.
    std::optional<Lease> tryAcquire() {
        int used = inUse_.load();
        while (used < capacity_) {
            if (inUse_.compare_exchange_weak(used, used + 1)) return Lease(*this);
        }
        return std::nullopt;
    }
    int capacity() const { return capacity_; }
    int inUse() const { return inUse_.load(); }

private:
    const int capacity_;
    std::atomic<int> inUse_{0};
};

}  // namespace papamu::server
