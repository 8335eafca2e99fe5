#pragma once
// Short partizan games (combinatorial game theory) in canonical form, held in one table with
// integer ids: each form is stored once, so two canonical ids are equal exactly when the values
// are. Left is the player called Black elsewhere, Right is White. Game-agnostic: a caller builds
// values bottom-up with make() from the values of its positions' options.
//
// Canonical form (Conway, On Numbers and Games; Siegel, Combinatorial Game Theory, II.2): no
// dominated option (a Left option below another Left option, a Right option above another) and
// no reversible option (a Left option G^L with a Right option G^LR <= G is replaced by G^LR's
// Left options; symmetrically for Right). Every short game has exactly one canonical form.
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace papamu {

using GameValueId = std::uint32_t;

class GameValueTable {
public:
    static constexpr GameValueId kZero = 0;  // { | }, always id 0

    GameValueTable();

    // The canonical form of { lefts | rights } whose options are canonical ids of this table.
    GameValueId make(std::span<const GameValueId> lefts, std::span<const GameValueId> rights);
    GameValueId negate(GameValueId value);
    GameValueId sum(GameValueId first, GameValueId second);
    // first <= second (as games: Left does at least as well in second, whoever starts).
    bool lessOrEqual(GameValueId first, GameValueId second);

    // Who wins a game of this value moving first: Left wins unless value <= 0, Right unless value >= 0.
    bool leftWinsMovingFirst(GameValueId value) { return !lessOrEqual(value, kZero); }
    bool rightWinsMovingFirst(GameValueId value) { return !lessOrEqual(kZero, value); }
    // Whether Left moving first wins first + second, with one comparison and no sum:
    // first + second <= 0 exactly when first <= -second.
    bool leftWinsSumMovingFirst(GameValueId first, GameValueId second) { return !lessOrEqual(first, negate(second)); }
    bool rightWinsSumMovingFirst(GameValueId first, GameValueId second) { return !lessOrEqual(negate(second), first); }

    std::span<const GameValueId> leftOptions(GameValueId value) const;
    std::span<const GameValueId> rightOptions(GameValueId value) const;
    // The form written out, e.g. "{0|{0|}}"; zero is "0". For tests and debugging.
    std::string text(GameValueId value) const;

    // Forms stored (canonical values and the intermediate forms met while canonicalising).
    std::size_t size() const { return nodes_.size(); }
    // Forgets every value; ids handed out before are invalid afterwards.
    void clear();

private:
    struct Node {
        std::uint32_t leftBegin;
        std::uint32_t leftCount;
        std::uint32_t rightBegin;
        std::uint32_t rightCount;
    };

    // The id of exactly this form (options sorted, duplicates removed), added if new.
    GameValueId intern(std::vector<GameValueId>& lefts, std::vector<GameValueId>& rights);
    bool removeDominated(std::vector<GameValueId>& options, bool left);
    bool bypassReversible(GameValueId form, std::vector<GameValueId>& lefts, std::vector<GameValueId>& rights);
    static std::uint64_t pairKey(GameValueId first, GameValueId second) {
        return static_cast<std::uint64_t>(first) << 32 | second;
    }

    std::vector<Node> nodes_;
    std::vector<GameValueId> options_;
    std::unordered_multimap<std::uint64_t, GameValueId> formIndex_;  // hash of a form -> its ids
    std::unordered_map<std::uint64_t, bool> lessOrEqual_;
    std::unordered_map<std::uint64_t, GameValueId> sums_;
    std::vector<GameValueId> negations_;  // kNoValue until computed
};

}  // namespace papamu
