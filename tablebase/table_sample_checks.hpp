#pragma once
// The second methods tb-verify re-checks a table's values with, each on its own random sample of
// entries (a folded entry is checked for both positions it answers for):
//
// - exact search (solver/outcome_search.hpp): value and remoteness from the rules alone. Its cost
//   grows with the subtree, so it samples only layers of a few stones.
// - the retrograde equation: an entry must equal the best, over the position's moves, of the
//   outcomes its children have in the table (rules/outcome.hpp's one rule), value and
//   remoteness. Any layer, one probe per child: it catches a wrong entry in the largest layers,
//   where no search reaches the remoteness.
// - df-pn (solver/proof_number_search.hpp): the value from the rules alone, independent of the
//   table, on entries drawn from every layer (mostly the large ones, as they hold most entries).
//
// Each appends a precise reason per disagreement to `failures` and returns what it checked.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "tablebase/table_probe.hpp"

namespace papamu {

// Draws entries uniformly from the layers of an index with at most `stoneLimit` stones.
class EntrySampler {
public:
    EntrySampler(const TableIndex& index, int stoneLimit);
    bool empty() const { return layers_.empty(); }
    struct Entry {
        int layer = 0;
        std::uint64_t entry = 0;
    };
    Entry pick(std::mt19937_64& random) const;

private:
    std::vector<int> layers_;
    std::vector<std::uint64_t> endOf_;  // entries in layers_[0..i], so a pick is a binary search
};

struct SampleCheckCounts {
    std::uint64_t samples = 0;     // entries drawn
    std::uint64_t positions = 0;   // positions checked (two for a folded entry)
    std::uint64_t searchNodes = 0; // df-pn only
    double seconds = 0.0;
};

SampleCheckCounts checkByExactSearch(const TableProbe& table, std::uint64_t samples, std::uint64_t seed, int stoneLimit,
                                     std::vector<std::string>& failures);
SampleCheckCounts checkRetrogradeEquation(const TableProbe& table, std::uint64_t samples, std::uint64_t seed,
                                          std::vector<std::string>& failures);
SampleCheckCounts checkByProofSearch(const TableProbe& table, std::uint64_t samples, std::uint64_t seed,
                                     std::size_t hashMegabytes, std::vector<std::string>& failures);

}  // namespace papamu
