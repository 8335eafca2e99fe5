#include "solver/page_memory.hpp"

#include <sys/mman.h>

#include <cstdint>
#include <cstring>
#include <new>

namespace papamu {

// Linux 6.1 and later; older C library headers lack the name.
#if defined(__linux__) && !defined(MADV_COLLAPSE)
#define MADV_COLLAPSE 25
#endif

namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;

// Huge pages only pay off (and alignment only matters) for mappings of several huge pages.
bool wantsHugePages(std::size_t bytes) { return bytes >= 4 * kHugePage; }

}  // namespace

PageMemory::PageMemory(std::size_t bytes) : bytes_(bytes) {
    if (bytes == 0) return;
    const std::size_t slack = wantsHugePages(bytes) ? kHugePage : 0;
    if (bytes > SIZE_MAX - slack) throw std::bad_alloc();
    mappedBytes_ = bytes + slack;
    mapping_ = mmap(nullptr, mappedBytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mapping_ == MAP_FAILED) {
        mapping_ = nullptr;
        throw std::bad_alloc();
    }
    const auto address = reinterpret_cast<std::uintptr_t>(mapping_);
    aligned_ = reinterpret_cast<void*>(slack == 0 ? address : (address + kHugePage - 1) & ~(kHugePage - 1));
}

void PageMemory::useHugePages(bool collapseTouched) {
    if (aligned_ == nullptr || !wantsHugePages(bytes_)) return;
#ifdef MADV_HUGEPAGE
    madvise(aligned_, bytes_, MADV_HUGEPAGE);  // hints: refused is fine
#endif
#ifdef MADV_COLLAPSE
    if (collapseTouched) madvise(aligned_, bytes_, MADV_COLLAPSE);
#endif
}

PageMemory::~PageMemory() {
    if (mapping_ != nullptr) munmap(mapping_, mappedBytes_);
}

void PageMemory::zero() {
    if (aligned_ == nullptr) return;
    // A private anonymous page handed back reads as zeros on its next touch.
    if (madvise(mapping_, mappedBytes_, MADV_DONTNEED) != 0) std::memset(aligned_, 0, bytes_);
}

std::vector<std::uint8_t> hugePageBytes(std::size_t count) {
    std::vector<std::uint8_t> bytes;
    bytes.reserve(count);
#ifdef MADV_HUGEPAGE
    if (wantsHugePages(count)) {
        // The whole huge pages inside the reservation (the allocator's header may sit before it).
        const auto begin = (reinterpret_cast<std::uintptr_t>(bytes.data()) + kHugePage - 1) & ~(kHugePage - 1);
        const auto end = (reinterpret_cast<std::uintptr_t>(bytes.data()) + count) & ~(kHugePage - 1);
        if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);  // a hint: refused is fine
    }
#endif
    bytes.resize(count);
    return bytes;
}

}  // namespace papamu
