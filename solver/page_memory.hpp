#pragma once
// Zeroed memory that costs nothing until it is used: an anonymous private mapping whose pages the
// kernel supplies (already zero) on first touch, so a 64 GB table starts as fast as a 1 MB one.
// Large mappings are aligned to 2 MiB so that `useHugePages()` can turn them into transparent huge
// pages, which takes most of the TLB misses out of random table probes. That is not the default:
// a huge page costs 2 MiB of zeroing on first touch, so a small search on a big table would pay
// for all of it (measured, `solve konane 5x7 --hash 8192`: 17.6 s CPU with huge pages from the
// start, 4.3 s with small pages); the table switches once it is used enough to pay back.
// `zero()` hands the touched pages back instead of writing zeros over the whole range.
#include <cstddef>
#include <cstdint>
#include <vector>

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
    // Asks for huge pages for pages touched from now on (MADV_HUGEPAGE) and, if asked, collapses
    // the pages already there into huge pages (MADV_COLLAPSE). Either may be refused, which only
    // costs speed.
    void useHugePages(bool collapseTouched);

private:
    void* mapping_ = nullptr;
    std::size_t mappedBytes_ = 0;
    void* aligned_ = nullptr;
    std::size_t bytes_ = 0;
};

// `count` zero bytes in a vector whose pages are huge where the kernel allows: the range is
// advised (MADV_HUGEPAGE) after it is reserved and before its first touch. The table builder's
// layers are written and read at random over gigabytes; with 4 KiB pages nearly every access
// missed the TLB (tablebase/README.md, "Huge pages for the layers").
std::vector<std::uint8_t> hugePageBytes(std::size_t count);

}  // namespace papamu
