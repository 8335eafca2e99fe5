// Progress reports during a search: the root's numbers follow the search below it. A node keeps
// its own copy of the numbers of the child it searches, changed only when that search returns;
// near the root of a long solve that is hours, so reports of that copy stood still for a whole
// session (the Ūnane 5x6 solve's progress log).
#include <catch2/catch.hpp>

#include <set>
#include <utility>
#include <vector>

#include "rules/unane_game.hpp"
#include "solver/proof_number_search.hpp"

namespace papamu {

TEST_CASE("progress reports the root's numbers as the search below it moves them", "[solver]") {
    Variant noPie;
    noPie.noPie = true;
    const UnaneGame game(BoardGeometry(5, 6), noPie);
    SearchOptions options;
    options.hashMegabytes = 64;
    options.limits.nodes = 16384 * 24;
    options.progressInterval = 0.0;
    std::vector<ProofPair> reported;
    options.progress = [&reported](const SearchProgress& progress) { reported.push_back(progress.root); };
    ProofNumberSearch search(game, options);
    const SearchResult result = search.solve(game.startPosition());
    REQUIRE_FALSE(result.value.has_value());
    REQUIRE(result.rootNumbers.has_value());
    REQUIRE(reported.size() >= 20);
    // The root's first child is searched for all of these nodes: the root's copy of its numbers
    // never changes, the numbers reported must.
    std::set<std::pair<ProofNumber, ProofNumber>> distinct;
    for (const ProofPair numbers : reported) distinct.emplace(numbers.proof, numbers.disproof);
    CHECK(distinct.size() >= 5);
    // The last report came at the stop, one expansion before the numbers the stopped search stored.
    CHECK(reported.back().proof > 0);
    CHECK(reported.back().disproof > 0);
}

}  // namespace papamu
