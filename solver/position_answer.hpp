#pragma once
// Everything `solve POSITION` answers: the value for the side to move, the winning moves (the
// first found, or all) and a line of best play. A limit can leave the value or the list of
// winning moves open; `complete()` says whether the whole answer is proven. Where the value is
// left open, every move with what the table holds of the position after it: which moves are
// already proven wins or losses for the mover, and how far the rest are from either (a frontier
// solve stopped after hours says which first moves it has settled).
#include <optional>
#include <vector>

#include "solver/proof_number_search.hpp"

namespace papamu {

struct PositionAnswer {
    SearchResult result;                       // result.value: for the side to move
    std::optional<std::vector<Move>> winningMoves;  // empty for a loss; nullopt where unknown
    std::vector<Move> principalLine;
    std::vector<MoveNumbers> openMoves;        // every legal move, when result.value is unknown

    bool complete() const { return result.value.has_value() && winningMoves.has_value(); }
};

template <class G, class O>
PositionAnswer answerPosition(ProofNumberSearch<G, O>& search, const Position& position, bool allWinningMoves,
                              int principalPlies = 64) {
    PositionAnswer answer;
    answer.result = search.solve(position);
    if (answer.result.value == Value::Win) answer.winningMoves = search.winningMoves(position, allWinningMoves);
    if (answer.result.value == Value::Loss) answer.winningMoves = std::vector<Move>{};
    if (answer.result.value) answer.principalLine = search.principalLine(position, principalPlies);
    else answer.openMoves = search.moveNumbers(position);
    return answer;
}

}  // namespace papamu
