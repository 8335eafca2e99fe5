// The pie rule's shortcut (rules/pie_rule.hpp): a position offering the swap is won for its side
// to move without search, and its winning moves are the swap or the winning moves of the board
// behind it. Checked against the plain memoized negamax, which plays the swap as a move like any
// other and knows nothing of the shortcut, on every first move of Ūnane 3x4 and 4x4.
#include <algorithm>
#include <catch2/catch.hpp>
#include <vector>

#include "rules/pie_rule.hpp"
#include "rules/unane_game.hpp"
#include "solver/memoized_negamax.hpp"
#include "solver/position_answer.hpp"

namespace papamu {
namespace {

SearchOptions pieTestTable() {
    SearchOptions options;
    options.hashMegabytes = 4;
    return options;
}

// The moves of `position` that the baseline finds winning, in move order.
std::vector<Move> baselineWinningMoves(const UnaneGame& game, MemoizedNegamax<UnaneGame>& baseline, const Position& position) {
    MoveList moves;
    game.generateMoves(position, moves);
    std::vector<Move> winning;
    for (const Move move : moves) {
        if (baseline.solve(game.applyMove(position, move)) == Value::Loss) winning.push_back(move);
    }
    return winning;
}

TEST_CASE("a swap offer is won without search, and its winning moves are the baseline's", "[solver]") {
    int wonBySwapping = 0;
    int wonByReplying = 0;
    for (const BoardSize size : {BoardSize{3, 4}, BoardSize{4, 4}}) {
        CAPTURE(size.name());
        const UnaneGame game(BoardGeometry(size.rows, size.columns));
        MemoizedNegamax baseline(game);
        const Position start = game.startPosition();
        MoveList firstMoves;
        game.generateMoves(start, firstMoves);
        for (const Move first : firstMoves) {
            const Position offer = game.applyMove(start, first);
            REQUIRE(offer.swapAvailable);
            if (game.finishedValue(offer)) {
                CHECK_FALSE(wonByPieRule(offer, true));
                continue;
            }
            ProofNumberSearch search(game, pieTestTable());
            const SearchResult result = search.solve(offer);
            CHECK(result.value == Value::Win);
            CHECK(result.nodes == 0);  // the rule, not a search
            CHECK(baseline.solve(offer) == Value::Win);
            const auto winning = search.winningMoves(offer, true);
            REQUIRE(winning.has_value());
            const std::vector<Move> expected = baselineWinningMoves(game, baseline, offer);
            CHECK(*winning == expected);
            const bool swapWins = baseline.solve(withoutSwapOffer(offer)) == Value::Loss;
            if (swapWins) CHECK(*winning == std::vector<Move>{Move::swap()});  // nothing else can win then
            else CHECK(std::find(winning->begin(), winning->end(), Move::swap()) == winning->end());
            (swapWins ? wonBySwapping : wonByReplying) += 1;
            // The line starts with a winning move and goes on past the offer it answers.
            const PositionAnswer answer = answerPosition(search, offer, false);
            CHECK(answer.valueByPieRule);
            CHECK(answer.complete());
            REQUIRE_FALSE(answer.principalLine.empty());
            CHECK(baseline.solve(game.applyMove(offer, answer.principalLine.front())) == Value::Loss);
            CHECK_FALSE(answer.lineEndsAtSwapOffer);
        }
    }
    CHECK(wonBySwapping > 0);  // both ways occur, so both branches are checked
    CHECK(wonByReplying > 0);
}

TEST_CASE("with the pie rule a start position is lost by its first moves alone", "[solver]") {
    const UnaneGame game(BoardGeometry(5, 6));  // unsolved without the pie rule
    ProofNumberSearch search(game, pieTestTable());
    const PositionAnswer answer = answerPosition(search, game.startPosition(), false);
    CHECK(answer.result.value == Value::Loss);
    CHECK(answer.result.nodes <= 1);
    CHECK(answer.complete());
    CHECK_FALSE(answer.valueByPieRule);
    CHECK(answer.principalLine.size() == 1);  // Black's move, then the offer the rule decides
    CHECK(answer.lineEndsAtSwapOffer);
}

}  // namespace
}  // namespace papamu
