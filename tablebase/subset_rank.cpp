#include "tablebase/subset_rank.hpp"

#include <bit>

namespace papamu {

namespace {

constexpr std::array<std::uint16_t, std::size_t{1} << 16> lowSubsetRanks() {
    std::array<std::uint16_t, std::size_t{1} << 16> ranks{};
    // Every rank of a subset of 16 elements is below C(16, 8) = 12870: it fits 16 bits.
    // The largest element of a set of k elements adds C(largest, k) to the rank of the others.
    for (std::size_t set = 1; set < ranks.size(); ++set) {
        const int largest = static_cast<int>(std::bit_width(set)) - 1;
        ranks[set] = static_cast<std::uint16_t>(ranks[set ^ (std::size_t{1} << largest)] + kBinomial(largest, std::popcount(set)));
    }
    return ranks;
}

}  // namespace

// Constant-initialised (no code runs at start-up, so no initialisation order to worry about).
constinit const std::array<std::uint16_t, std::size_t{1} << 16> kLowSubsetRanks = lowSubsetRanks();

}  // namespace papamu
