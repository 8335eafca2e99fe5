#pragma once
// Kōnane decomposition as a solver leaf oracle (solver/leaf_oracle.hpp): a jump-phase position
// whose stones split into independent regions (region_split.hpp), each small enough, is decided
// by adding the regions' canonical game values (region_values.hpp, cgt/): Black (Left) to move
// wins unless the sum is <= 0, White unless it is >= 0. Regions where nobody can ever move are
// dropped. The answer is exact, so df-pn, its tables and certificates treat it like a table's.
//
// The oracle is copied into the search; copies share one state behind a mutex (the solver's
// workers may probe at once). A cheap test runs first without the lock: jump phase, and stones
// that are not one orthogonally connected group (one group is one region, no split), at most
// `positionStones` stones. Answers (and non-answers) are remembered by the exact position in a
// small direct-mapped cache, since df-pn asks again for a child each time it re-expands a parent.
#include <cstdint>
#include <memory>
#include <optional>

#include "rules/konane_game.hpp"
#include "solver/leaf_oracle.hpp"

namespace papamu {

struct DecompositionLimits {
    // Measured on `papamu solve konane 5x6|6x6|5x7 --decomposition on` (decomposition/README.md):
    // bigger limits answer more positions and save nodes, but cost far more CPU per node.
    int regionStones = 8;                // a bigger live region is not evaluated (no answer)
    int clusterStates = 32 * 8;          // a cluster with more positions makes the split give up
    int positionStones = 16;             // positions with more stones are not probed at all
    // The value table and the region memo are cleared when either grows past its bound (about
    // 100 MB together at most; the answer and reach caches take 4 MB more).
    std::size_t tableForms = 2'000'000;
    std::size_t regionValues = 1'000'000;

    // The limits for regions of up to `stones` stones (the command line's --decomposition-stones).
    static DecompositionLimits forRegionStones(int stones) {
        DecompositionLimits limits;
        limits.regionStones = stones;
        limits.clusterStates = 32 * stones;
        limits.positionStones = stones * 2;
        return limits;
    }
};

struct DecompositionStatistics {
    std::uint64_t probes = 0;    // questions past the cheap test (repeats included)
    std::uint64_t splits = 0;    // positions that split into two or more regions (a repeat still in
                                 // the answer cache is not counted again)
    std::uint64_t answered = 0;  // of those, positions decided by the sum of region values
};

class DecompositionOracle {
public:
    explicit DecompositionOracle(const KonaneGame& game, DecompositionLimits limits = {});

    std::optional<Value> probeValue(const Position& position) const {
        const Bitboard occupied = position.occupied();
        const Bitboard empty = allCells_ & ~occupied;
        if ((empty & (empty - 1)) == 0) return std::nullopt;  // the opening: fewer than two empty cells
        if (popCount(occupied) > positionStones_) return std::nullopt;
        if (geometry_.isSingleGroup(occupied) || occupied == 0) return std::nullopt;
        return probeSplit(position);
    }

    DecompositionStatistics statistics() const;

private:
    struct State;
    std::optional<Value> probeSplit(const Position& position) const;

    BoardGeometry geometry_;
    Bitboard allCells_;
    int positionStones_;
    std::shared_ptr<State> state_;
};
static_assert(LeafOracle<DecompositionOracle>);

}  // namespace papamu
