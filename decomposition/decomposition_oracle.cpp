#include "decomposition/decomposition_oracle.hpp"

#include <cstdint>
#include <mutex>
#include <vector>

#include "cgt/game_value_table.hpp"
#include "decomposition/region_split.hpp"
#include "decomposition/region_values.hpp"

namespace papamu {

// Not in an anonymous namespace: DecompositionOracle::State (declared in the header, so with
// external linkage) holds one, and GCC warns when such a member's type has internal linkage.
namespace decomposition_detail {

// The oracle's last answers, direct-mapped and keyed by the exact position: df-pn asks again for
// the same child each time it re-expands a parent (an answered child is never stored in its
// table), and most questions get no answer, which is worth remembering too.
struct AnswerCache {
    static constexpr std::size_t kSlots = std::size_t{1} << 14;
    enum class Answer : std::uint8_t { Empty, None, Loss, Win };
    struct Entry {
        Bitboard black = 0;
        Bitboard white = 0;
        Color side = Color::Black;
        Answer answer = Answer::Empty;
    };
    std::vector<Entry> entries = std::vector<Entry>(kSlots);

    Entry& slot(const Position& position) { return entries[PositionHash{}(position) & (kSlots - 1)]; }
    static bool holds(const Entry& entry, const Position& position) {
        return entry.answer != Answer::Empty && entry.black == position.black && entry.white == position.white &&
               entry.side == position.sideToMove;
    }
    static std::optional<Value> valueOf(const Entry& entry) {
        if (entry.answer == Answer::None) return std::nullopt;
        return entry.answer == Answer::Win ? Value::Win : Value::Loss;
    }
    static void store(Entry& entry, const Position& position, std::optional<Value> value) {
        const Answer answer = !value ? Answer::None : *value == Value::Win ? Answer::Win : Answer::Loss;
        entry = Entry{position.black, position.white, position.sideToMove, answer};
    }
};

}  // namespace decomposition_detail

using decomposition_detail::AnswerCache;

struct DecompositionOracle::State {
    State(const KonaneGame& game, DecompositionLimits limitsGiven)
        : limits(limitsGiven), splitter(game, limitsGiven.clusterStates, limitsGiven.regionStones), values(game.variant(), table) {}

    std::optional<Value> answer(const BoardGeometry& geometry, const Position& position);

    std::mutex mutex;
    DecompositionLimits limits;
    RegionSplitter splitter;
    GameValueTable table;
    RegionValues values;
    RegionSplit split;
    std::vector<GameValueId> regionValues;
    DecompositionStatistics statistics;
    AnswerCache answers;
};

DecompositionOracle::DecompositionOracle(const KonaneGame& game, DecompositionLimits limits)
    : geometry_(game.geometry()),
      allCells_(game.geometry().allCells()),
      positionStones_(limits.positionStones),
      state_(std::make_shared<State>(game, limits)) {}

DecompositionStatistics DecompositionOracle::statistics() const {
    const std::lock_guard lock(state_->mutex);
    return state_->statistics;
}

std::optional<Value> DecompositionOracle::probeSplit(const Position& position) const {
    State& state = *state_;
    const std::lock_guard lock(state.mutex);
    ++state.statistics.probes;
    AnswerCache::Entry& entry = state.answers.slot(position);
    if (AnswerCache::holds(entry, position)) return AnswerCache::valueOf(entry);
    const std::optional<Value> value = state.answer(geometry_, position);
    AnswerCache::store(entry, position, value);
    return value;
}

// The value by the sum of the regions, nullopt when the position does not split into regions
// small enough (called with the mutex held).
std::optional<Value> DecompositionOracle::State::answer(const BoardGeometry& geometry, const Position& position) {
    State& state = *this;
    if (!state.splitter.split(position, state.split)) return std::nullopt;
    ++state.statistics.splits;
    if (state.table.size() > state.limits.tableForms || state.values.size() > state.limits.regionValues) {
        state.table.clear();
        state.values.clear();
    }
    state.regionValues.clear();
    for (int index = 0; index < state.split.count; ++index) {
        const Region& region = state.split.regions[index];
        if (!region.live) continue;
        state.regionValues.push_back(state.values.value(packRegion(geometry, region.cells, region.black, region.white)));
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
