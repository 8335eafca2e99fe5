// The builder's rule on entries (moveKey, entryFromBestKey) picks exactly what BestOutcome
// (rules/outcome.hpp) picks, for every pair of children and every single child.
#include <catch2/catch.hpp>
#include <algorithm>
#include <initializer_list>

#include "solver/retrograde_entry.hpp"

using namespace papamu;

namespace {

RetrogradeEntry bestByKeys(std::initializer_list<RetrogradeEntry> children) {
    unsigned best = kNoMoveKey;
    for (const RetrogradeEntry child : children) best = std::max(best, moveKey(child));
    return entryFromBestKey(best);
}

RetrogradeEntry bestByOutcomes(std::initializer_list<RetrogradeEntry> children) {
    BestOutcome best;
    for (const RetrogradeEntry child : children) best.addChild(decodeOutcome(child));
    return encodeOutcome(best.result());
}

}  // namespace

TEST_CASE("entries of children fold by key exactly as outcomes fold by BestOutcome", "[retrograde][outcome]") {
    CHECK(bestByKeys({}) == encodeOutcome(Outcome{Value::Loss, 0}));
    // Remoteness up to 126: the parent is one ply further and must fit the 7 bits too.
    for (unsigned first = 0; first < 256; ++first) {
        if ((first & 0x7FU) > 126) continue;
        const auto a = static_cast<RetrogradeEntry>(first);
        REQUIRE(bestByKeys({a}) == bestByOutcomes({a}));
        for (unsigned second = 0; second < 256; ++second) {
            if ((second & 0x7FU) > 126) continue;
            const auto b = static_cast<RetrogradeEntry>(second);
            REQUIRE(bestByKeys({a, b}) == bestByOutcomes({a, b}));
            REQUIRE(bestByKeys({b, a, b}) == bestByOutcomes({b, a, b}));
        }
    }
    // Spot values: a lost child (remoteness 4) gives a win in 5 over any won child; with only won
    // children the longest holds out.
    CHECK(decodeOutcome(bestByKeys({0x80 | 9, 4, 0x80 | 2})) == Outcome{Value::Win, 5});
    CHECK(decodeOutcome(bestByKeys({0x80 | 9, 0x80 | 2})) == Outcome{Value::Loss, 10});
    CHECK(decodeOutcome(bestByKeys({6, 2, 0x80 | 30})) == Outcome{Value::Win, 3});
}
