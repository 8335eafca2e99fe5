#pragma once
// Who solves what within one stone count: the layers with the same number of stones never read
// each other, so they can be solved at the same time by different ranks. A layer larger than
// the slice size is cut into slices (equal ranges of its solving order) that different ranks
// solve; the rank of slice 0 then puts the layer together and writes its file. The plan depends
// only on its arguments, so every rank computes the same one without talking to the others.
#include <cstdint>
#include <vector>

namespace papamu::distributed {

struct LayerToSolve {
    int layer = 0;
    std::uint64_t entries = 0;
};

struct WorkUnit {
    int layer = 0;
    int slice = 0;   // 0 .. slices - 1
    int slices = 1;  // 1: the whole layer, written by this unit's rank directly
    std::uint64_t begin = 0;  // steps of the layer's solving order
    std::uint64_t end = 0;
    int rank = 0;
};

// Units for the layers of one stone group, each assigned to a rank: largest first to the rank
// with the fewest entries so far (ties: the lower rank). With one rank nothing is sliced.
// Throws std::invalid_argument for ranks < 1 or sliceEntries 0.
std::vector<WorkUnit> planStoneGroup(const std::vector<LayerToSolve>& layers, int ranks, std::uint64_t sliceEntries);

}  // namespace papamu::distributed
