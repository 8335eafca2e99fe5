#pragma once
// Loads and stores of 16 aligned bytes in one access, so that a narrow proof-table entry (key and
// data, solver/proof_table_entry.hpp) is read whole or not at all, without a lock.
// - Every x86-64 processor that reports AVX performs an aligned MOVDQA as one single-copy-atomic
//   access: Intel SDM vol. 3A §9.1.1 and AMD APM vol. 2 §7.3.2 say so since late 2021, for all such
//   processors past and future (GCC PR104688; LLVM lowers 16-byte atomics this way with AVX).
//   The instruction itself is SSE2, in every x86-64 build; only the guarantee needs the check.
// - Elsewhere (no AVX, another architecture, ThreadSanitizer builds, which must see every access
//   as an atomic), the same calls do two 8-byte atomics: still free of data races, but a reader
//   may see halves of two stores, so the table keeps its seqlock for lookups there.
// - Written as inline assembly on purpose: with an intrinsic the compiler may fold the load into
//   another instruction's operand, and only the moves named above carry the guarantee.
#include <atomic>
#include <cstdint>

#if defined(__x86_64__) && !defined(__SANITIZE_THREAD__)
#include <emmintrin.h>
#define PAPAMU_SIXTEEN_BYTE_MOVES 1
#else
#define PAPAMU_SIXTEEN_BYTE_MOVES 0
#endif

namespace papamu {

struct SixteenBytes {
    std::uint64_t low = 0;
    std::uint64_t high = 0;
};

// Whether loadSixteenBytes and storeSixteenBytes are single-copy atomic on this processor, in this build.
inline bool sixteenByteAccessIsAtomic() {
#if PAPAMU_SIXTEEN_BYTE_MOVES
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx") != 0;
#else
    return false;
#endif
}

// `address` must be 16-byte aligned. Acquire ordering: x86 keeps the order of loads, and the
// "memory" clobber keeps the compiler from moving later accesses above it.
inline SixteenBytes loadSixteenBytes(const void* address) {
#if PAPAMU_SIXTEEN_BYTE_MOVES
    __m128i value;
    asm volatile("movdqa %1, %0" : "=x"(value) : "m"(*static_cast<const __m128i*>(address)) : "memory");
    return {static_cast<std::uint64_t>(_mm_cvtsi128_si64(value)),
            static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(value, value)))};
#else
    auto* words = static_cast<std::uint64_t*>(const_cast<void*>(address));
    return {std::atomic_ref<std::uint64_t>(words[0]).load(std::memory_order_acquire),
            std::atomic_ref<std::uint64_t>(words[1]).load(std::memory_order_acquire)};
#endif
}

// `address` must be 16-byte aligned. Release ordering: the "memory" clobber keeps the compiler
// from moving earlier accesses below it (x86 keeps the order of stores).
inline void storeSixteenBytes(void* address, SixteenBytes value) {
#if PAPAMU_SIXTEEN_BYTE_MOVES
    const __m128i packed = _mm_set_epi64x(static_cast<long long>(value.high), static_cast<long long>(value.low));
    asm volatile("movdqa %1, %0" : "=m"(*static_cast<__m128i*>(address)) : "x"(packed) : "memory");
#else
    auto* words = static_cast<std::uint64_t*>(address);
    std::atomic_ref<std::uint64_t>(words[0]).store(value.low, std::memory_order_release);
    std::atomic_ref<std::uint64_t>(words[1]).store(value.high, std::memory_order_release);
#endif
}

}  // namespace papamu
