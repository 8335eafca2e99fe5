#include "cgt/game_value_table.hpp"

#include <algorithm>

namespace papamu {

namespace {

constexpr GameValueId kNoValue = ~GameValueId{0};

void sortUnique(std::vector<GameValueId>& options) {
    std::sort(options.begin(), options.end());
    options.erase(std::unique(options.begin(), options.end()), options.end());
}

std::uint64_t formHash(const std::vector<GameValueId>& lefts, const std::vector<GameValueId>& rights) {
    std::uint64_t hash = 0x9E3779B97F4A7C15ULL ^ lefts.size();
    const auto mix = [&hash](std::uint64_t word) {
        hash ^= word + 0x632BE59BD9B4E019ULL + (hash << 6) + (hash >> 2);
        hash *= 0xC2B2AE3D27D4EB4FULL;
    };
    for (const GameValueId id : lefts) mix(id);
    mix(0xFFFFFFFFULL);  // separates the two lists
    for (const GameValueId id : rights) mix(id);
    return hash;
}

}  // namespace

GameValueTable::GameValueTable() { clear(); }

void GameValueTable::clear() {
    nodes_.clear();
    options_.clear();
    formIndex_.clear();
    lessOrEqual_.clear();
    sums_.clear();
    negations_.clear();
    std::vector<GameValueId> none;
    intern(none, none);  // zero gets id 0
}

std::span<const GameValueId> GameValueTable::leftOptions(GameValueId value) const {
    const Node& node = nodes_[value];
    return {options_.data() + node.leftBegin, node.leftCount};
}

std::span<const GameValueId> GameValueTable::rightOptions(GameValueId value) const {
    const Node& node = nodes_[value];
    return {options_.data() + node.rightBegin, node.rightCount};
}

GameValueId GameValueTable::intern(std::vector<GameValueId>& lefts, std::vector<GameValueId>& rights) {
    sortUnique(lefts);
    sortUnique(rights);
    const std::uint64_t hash = formHash(lefts, rights);
    const auto [first, last] = formIndex_.equal_range(hash);
    for (auto found = first; found != last; ++found) {
        const GameValueId id = found->second;
        const auto storedLefts = leftOptions(id);
        const auto storedRights = rightOptions(id);
        if (std::equal(lefts.begin(), lefts.end(), storedLefts.begin(), storedLefts.end()) &&
            std::equal(rights.begin(), rights.end(), storedRights.begin(), storedRights.end())) {
            return id;
        }
    }
    const auto id = static_cast<GameValueId>(nodes_.size());
    Node node{};
    node.leftBegin = static_cast<std::uint32_t>(options_.size());
    node.leftCount = static_cast<std::uint32_t>(lefts.size());
    options_.insert(options_.end(), lefts.begin(), lefts.end());
    node.rightBegin = static_cast<std::uint32_t>(options_.size());
    node.rightCount = static_cast<std::uint32_t>(rights.size());
    options_.insert(options_.end(), rights.begin(), rights.end());
    nodes_.push_back(node);
    negations_.push_back(kNoValue);
    formIndex_.emplace(hash, id);
    return id;
}

// G <= H unless some G^L >= H or some H^R <= G (the definition; memoised on ids, which name
// immutable forms, canonical or not).
bool GameValueTable::lessOrEqual(GameValueId first, GameValueId second) {
    if (first == second) return true;
    const std::uint64_t key = pairKey(first, second);
    if (const auto found = lessOrEqual_.find(key); found != lessOrEqual_.end()) return found->second;
    bool result = true;
    // Copies of the spans' bounds: recursive calls may grow options_ and move its storage.
    const Node firstNode = nodes_[first];
    const Node secondNode = nodes_[second];
    for (std::uint32_t index = 0; result && index < firstNode.leftCount; ++index) {
        if (lessOrEqual(second, options_[firstNode.leftBegin + index])) result = false;
    }
    for (std::uint32_t index = 0; result && index < secondNode.rightCount; ++index) {
        if (lessOrEqual(options_[secondNode.rightBegin + index], first)) result = false;
    }
    lessOrEqual_.emplace(key, result);
    return result;
}

// Drops every option another option of the same player dominates. Options are canonical and
// distinct, so two of them are never equal and dominance is strict.
bool GameValueTable::removeDominated(std::vector<GameValueId>& options, bool left) {
    std::vector<GameValueId> kept;
    for (const GameValueId option : options) {
        bool dominated = false;
        for (const GameValueId other : options) {
            if (other == option) continue;
            if (left ? lessOrEqual(option, other) : lessOrEqual(other, option)) {
                dominated = true;
                break;
            }
        }
        if (!dominated) kept.push_back(option);
    }
    const bool changed = kept.size() != options.size();
    options.swap(kept);
    return changed;
}

// Replaces the first reversible option found (form is the id of { lefts | rights }); true if one was.
bool GameValueTable::bypassReversible(GameValueId form, std::vector<GameValueId>& lefts, std::vector<GameValueId>& rights) {
    for (std::size_t index = 0; index < lefts.size(); ++index) {
        const GameValueId option = lefts[index];
        for (const GameValueId reply : std::vector<GameValueId>(rightOptions(option).begin(), rightOptions(option).end())) {
            if (!lessOrEqual(reply, form)) continue;
            lefts.erase(lefts.begin() + static_cast<std::ptrdiff_t>(index));
            const auto replacements = leftOptions(reply);
            lefts.insert(lefts.end(), replacements.begin(), replacements.end());
            return true;
        }
    }
    for (std::size_t index = 0; index < rights.size(); ++index) {
        const GameValueId option = rights[index];
        for (const GameValueId reply : std::vector<GameValueId>(leftOptions(option).begin(), leftOptions(option).end())) {
            if (!lessOrEqual(form, reply)) continue;
            rights.erase(rights.begin() + static_cast<std::ptrdiff_t>(index));
            const auto replacements = rightOptions(reply);
            rights.insert(rights.end(), replacements.begin(), replacements.end());
            return true;
        }
    }
    return false;
}

GameValueId GameValueTable::make(std::span<const GameValueId> leftSpan, std::span<const GameValueId> rightSpan) {
    std::vector<GameValueId> lefts(leftSpan.begin(), leftSpan.end());
    std::vector<GameValueId> rights(rightSpan.begin(), rightSpan.end());
    for (;;) {
        sortUnique(lefts);
        sortUnique(rights);
        removeDominated(lefts, true);
        removeDominated(rights, false);
        const GameValueId form = intern(lefts, rights);
        if (!bypassReversible(form, lefts, rights)) return form;
    }
}

GameValueId GameValueTable::negate(GameValueId value) {
    if (negations_[value] != kNoValue) return negations_[value];
    // The negative of a canonical form is canonical: swap the sides and negate each option.
    std::vector<GameValueId> lefts;
    std::vector<GameValueId> rights;
    for (const GameValueId option : std::vector<GameValueId>(rightOptions(value).begin(), rightOptions(value).end())) {
        lefts.push_back(negate(option));
    }
    for (const GameValueId option : std::vector<GameValueId>(leftOptions(value).begin(), leftOptions(value).end())) {
        rights.push_back(negate(option));
    }
    const GameValueId negative = intern(lefts, rights);
    negations_[value] = negative;
    negations_[negative] = value;
    return negative;
}

GameValueId GameValueTable::sum(GameValueId first, GameValueId second) {
    if (first == kZero) return second;
    if (second == kZero) return first;
    if (first > second) std::swap(first, second);
    const std::uint64_t key = pairKey(first, second);
    if (const auto found = sums_.find(key); found != sums_.end()) return found->second;
    // G + H = { G^L + H, G + H^L | G^R + H, G + H^R }.
    std::vector<GameValueId> lefts;
    std::vector<GameValueId> rights;
    const auto add = [this](std::vector<GameValueId>& into, std::span<const GameValueId> options, GameValueId other) {
        for (const GameValueId option : std::vector<GameValueId>(options.begin(), options.end())) {
            into.push_back(sum(option, other));
        }
    };
    add(lefts, leftOptions(first), second);
    add(lefts, leftOptions(second), first);
    add(rights, rightOptions(first), second);
    add(rights, rightOptions(second), first);
    const GameValueId result = make(lefts, rights);
    sums_.emplace(key, result);
    return result;
}

std::string GameValueTable::text(GameValueId value) const {
    if (value == kZero) return "0";
    std::string out = "{";
    const auto list = [&](std::span<const GameValueId> options) {
        for (std::size_t index = 0; index < options.size(); ++index) {
            if (index != 0) out += ",";
            out += text(options[index]);
        }
    };
    list(leftOptions(value));
    out += "|";
    list(rightOptions(value));
    out += "}";
    return out;
}

}  // namespace papamu
