#pragma once
// Everything `solve POSITION` answers: the value for the side to move, the winning moves (the
// first found, or all) and a line of best play. A limit can leave the value or the list of
// winning moves open; `complete()` says whether the whole answer is proven. Where the value is
// left open, every move with what the table holds of the position after it: which moves are
// already proven wins or losses for the mover, and how far the rest are from either (a frontier
// solve stopped after hours says which first moves it has settled). Where the swap is on offer
// the value is the pie rule's (rules/pie_rule.hpp) and the winning moves are the search's.
#include <optional>
#include <vector>

#include "rules/pie_rule.hpp"
#include "solver/proof_number_search.hpp"

namespace papamu {

struct PositionAnswer {
    SearchResult result;                       // result.value: for the side to move
    std::optional<std::vector<Move>> winningMoves;  // empty for a loss; nullopt where unknown
    std::vector<Move> principalLine;
    std::vector<MoveNumbers> openMoves;        // every legal move, when result.value is unknown
    bool valueByPieRule = false;               // the position offers the swap: won by the pie rule
    bool lineEndsAtSwapOffer = false;          // the line stops where the pie rule decides (principalLine)

    bool complete() const { return result.value.has_value() && winningMoves.has_value(); }
};

template <class G, class O>
PositionAnswer answerPosition(ProofNumberSearch<G, O>& search, const Position& position, bool allWinningMoves,
                              int principalPlies = 64) {
    PositionAnswer answer;
    answer.result = search.solve(position);
    answer.valueByPieRule = search.decidedByPieRule(position);
    bool movesSearchable = true;
    if (answer.valueByPieRule) {
        // The search that names the winning moves: its figures are the answer's. Stopped by a
        // limit, it leaves the moves unknown (a second try would only meet the same limit).
        const SearchResult withoutOffer = search.solve(withoutSwapOffer(position));
        answer.result.nodes += withoutOffer.nodes;
        answer.result.seconds += withoutOffer.seconds;
        answer.result.tableUsed = withoutOffer.tableUsed;
        answer.result.rootNumbers = withoutOffer.rootNumbers;
        movesSearchable = withoutOffer.value.has_value();
    }
    if (answer.result.value == Value::Win && movesSearchable) answer.winningMoves = search.winningMoves(position, allWinningMoves);
    if (answer.result.value == Value::Loss) answer.winningMoves = std::vector<Move>{};
    if (answer.result.value && movesSearchable) answer.principalLine = search.principalLine(position, principalPlies);
    if (!answer.result.value) answer.openMoves = search.moveNumbers(position);
    Position lineEnd = position;
    for (const Move move : answer.principalLine) lineEnd = search.game().applyMove(lineEnd, move);
    answer.lineEndsAtSwapOffer = !answer.principalLine.empty() && search.decidedByPieRule(lineEnd);
    return answer;
}

}  // namespace papamu
