#include "tablebase/rated_moves.hpp"

#include <algorithm>

namespace papamu {

bool betterMove(const RatedMove& left, const RatedMove& right) {
    return betterOutcome(Outcome{left.value, left.remoteness}, Outcome{right.value, right.remoteness});
}

RatedPosition rateMoves(const TableProbe& table, const Position& position) {
    RatedPosition rated{table.outcome(position), {}};
    std::visit(
        [&](const auto& game) {
            MoveList moves;
            game.generateMoves(position, moves);
            rated.moves.reserve(moves.size());
            for (const Move move : moves) {
                const Outcome child = table.outcome(game.applyMove(position, move));
                rated.moves.push_back(RatedMove{move, negate(child.value), child.remoteness});
            }
        },
        table.rules());
    std::stable_sort(rated.moves.begin(), rated.moves.end(), betterMove);
    return rated;
}

std::vector<Move> bestLine(const TableProbe& table, const Position& position) {
    std::vector<Move> line;
    Position current = position;
    for (RatedPosition rated = rateMoves(table, current); !rated.moves.empty(); rated = rateMoves(table, current)) {
        const Move best = rated.moves.front().move;
        line.push_back(best);
        current = std::visit([&](const auto& game) { return game.applyMove(current, best); }, table.rules());
    }
    return line;
}

}  // namespace papamu
