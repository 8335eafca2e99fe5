#pragma once
// Zeroed memory that costs nothing until it is used: an anonymous private mapping whose pages the
// kernel supplies (already zero) on first touch, so a 64 GB table starts as fast as a 1 MB one.
// Large mappings are aligned to 2 MiB and offered to transparent huge pages (MADV_HUGEPAGE), which
// takes most of the TLB misses out of random table probes. `zero()` hands the touched pages back
// instead of writing zeros over the whole range.
#include <cstddef>

namespace papamu {

class PageMemory {
public:
    // Throws std::bad_alloc when the system refuses the address range.
    explicit PageMemory(std::size_t bytes);
    ~PageMemory();
    PageMemory(const PageMemory&) = delete;
    PageMemory& operator=(const PageMemory&) = delete;

    void* data() const { return aligned_; }
    std::size_t bytes() const { return bytes_; }
    // Every byte reads zero again; pages never touched cost nothing.
    void zero();

private:
    void* mapping_ = nullptr;
    std::size_t mappedBytes_ = 0;
    void* aligned_ = nullptr;
    std::size_t bytes_ = 0;
};

}  // namespace papamu
