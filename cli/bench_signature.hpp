#pragma once
// The signature of the search: the total node count of `papamu bench` with the default table
// size, single-threaded, on its fixed list of boards. It changes only when the search behaves
// differently, and tests/cli/bench_signature_test.cpp fails until this number is updated, so a
// commit that changes the search says so on purpose (with the new figure in its message).
#include <cstddef>
#include <cstdint>

namespace papamu::cli {

inline constexpr std::size_t kBenchHashMegabytes = 64;
inline constexpr std::uint64_t kBenchSignature = 351802;

}  // namespace papamu::cli
