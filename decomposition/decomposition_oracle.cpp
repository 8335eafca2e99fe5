#include "decomposition/decomposition_oracle.hpp"

#include <mutex>
#include <vector>

#include "cgt/game_value_table.hpp"
#include "decomposition/region_split.hpp"
#include "decomposition/region_values.hpp"

namespace papamu {

struct DecompositionOracle::State {
    State(const KonaneGame& game, DecompositionLimits limitsGiven)
        : limits(limitsGiven), splitter(game, limitsGiven.clusterStates, limitsGiven.regionStones), values(game.variant(), table) {}

    std::mutex mutex;
    DecompositionLimits limits;
    RegionSplitter splitter;
    GameValueTable table;
    RegionValues values;
    RegionSplit split;
    std::vector<GameValueId> regionValues;
    DecompositionStatistics statistics;
};

DecompositionOracle::DecompositionOracle(const KonaneGame& game, DecompositionLimits limits)
    : geometry_(game.geometry()), allCells_(game.geometry().allCells()), state_(std::make_shared<State>(game, limits)) {}

DecompositionStatistics DecompositionOracle::statistics() const {
    const std::lock_guard lock(state_->mutex);
    return state_->statistics;
}

std::optional<Value> DecompositionOracle::probeSplit(const Position& position) const {
    State& state = *state_;
    const std::lock_guard lock(state.mutex);
    ++state.statistics.probes;
    if (!state.splitter.split(position, state.split)) return std::nullopt;
    ++state.statistics.splits;
    if (state.table.size() > state.limits.tableForms) {
        state.table.clear();
        state.values.clear();
    }
    state.regionValues.clear();
    for (int index = 0; index < state.split.count; ++index) {
        const Region& region = state.split.regions[index];
        if (!region.live) continue;
        state.regionValues.push_back(state.values.value(packRegion(geometry_, region.cells, region.black, region.white)));
    }
    ++state.statistics.answered;
    if (state.regionValues.empty()) return Value::Loss;  // nobody can move anywhere
    GameValueId others = GameValueTable::kZero;
    for (std::size_t index = 0; index + 1 < state.regionValues.size(); ++index) {
        others = state.table.sum(others, state.regionValues[index]);
    }
    const GameValueId last = state.regionValues.back();
    const bool moverWins = position.sideToMove == Color::Black ? state.table.leftWinsSumMovingFirst(others, last)
                                                               : state.table.rightWinsSumMovingFirst(others, last);
    return moverWins ? Value::Win : Value::Loss;
}

}  // namespace papamu
