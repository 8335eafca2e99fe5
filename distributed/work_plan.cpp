#include "distributed/work_plan.hpp"

#include <algorithm>
#include <stdexcept>

namespace papamu::distributed {

std::vector<WorkUnit> planStoneGroup(const std::vector<LayerToSolve>& layers, int ranks, std::uint64_t sliceEntries) {
    if (ranks < 1) throw std::invalid_argument("a plan needs at least one rank");
    if (sliceEntries == 0) throw std::invalid_argument("the slice size must be at least one entry");
    std::vector<WorkUnit> units;
    for (const LayerToSolve& layer : layers) {
        const std::uint64_t wanted = ranks == 1 ? 1 : (layer.entries + sliceEntries - 1) / sliceEntries;
        const int slices = static_cast<int>(std::max<std::uint64_t>(1, wanted));
        for (int slice = 0; slice < slices; ++slice) {
            // floor(entries * at / slices) without the product, which overflows on the largest layers.
            const auto share = [&](int at) {
                const auto count = static_cast<std::uint64_t>(slices);
                const auto step = static_cast<std::uint64_t>(at);
                return layer.entries / count * step + layer.entries % count * step / count;
            };
            units.push_back(WorkUnit{layer.layer, slice, slices, share(slice), share(slice + 1), 0});
        }
    }
    std::vector<std::size_t> order(units.size());
    for (std::size_t at = 0; at < order.size(); ++at) order[at] = at;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t left, std::size_t right) {
        return units[left].end - units[left].begin > units[right].end - units[right].begin;
    });
    std::vector<std::uint64_t> load(static_cast<std::size_t>(ranks), 0);
    for (const std::size_t at : order) {
        const auto lightest = static_cast<std::size_t>(std::min_element(load.begin(), load.end()) - load.begin());
        units[at].rank = static_cast<int>(lightest);
        load[lightest] += units[at].end - units[at].begin;
    }
    return units;
}

}  // namespace papamu::distributed
