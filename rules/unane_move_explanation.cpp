// Ūnane: why a written move is illegal. Kept apart from move generation, which must stay lean.
#include "rules/notation.hpp"
#include "rules/unane_game.hpp"

namespace papamu {

std::string UnaneGame::explainIllegalMove(const Position& position, const MoveText& written) const {
    const auto name = [this](int cell) { return cellName(geometry_, cell); };
    if (const auto finished = finishedValue(position)) {
        const Color winner = *finished == Value::Win ? position.sideToMove : opposite(position.sideToMove);
        return std::string("the game is over: ") + colorName(winner) + " has won";
    }
    if (written.isSwap) {
        if (!pieRule()) return "the pie swap is off in variant no-pie";
        return "the pie swap is offered only to White, on White's first turn";
    }
    const std::string sideName = position.sideToMove == Color::Black ? "black" : "white";
    const int from = written.cells.front();
    if (!hasCell(position.own(), from)) return name(from) + " holds no " + sideName + " stone";
    if (written.cells.size() == 1) {
        const Bitboard threats = geometry_.neighbours(cellBit(from)) & position.enemy();
        return name(from) + " is next to an enemy stone (" + name(lowestCell(threats)) +
               ") and can not be removed";
    }
    if (written.cells.size() > 2) return "a capture moves one stone one cell";
    const int to = written.cells[1];
    if ((geometry_.neighbours(cellBit(from)) & cellBit(to)) == 0) {
        return name(from) + "-" + name(to) + " is not a step to an orthogonally adjacent cell";
    }
    return name(to) + " holds no enemy stone";
}

}  // namespace papamu
