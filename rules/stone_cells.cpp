#include "rules/stone_cells.hpp"

#include "rules/game_list.hpp"
#include "rules/notation.hpp"

namespace papamu {

std::optional<std::string> stoneCellProblem(GameKind game, const BoardGeometry& geometry, const Position& position) {
    if (gameTraits(game).stoneCells != StoneCells::HomeColour) return std::nullopt;
    const Bitboard offBlack = position.black & geometry.whiteHome();
    const Bitboard offWhite = position.white & geometry.blackHome();
    const Bitboard off = offBlack | offWhite;
    if (off == 0) return std::nullopt;
    const int cell = lowestCell(off);
    const bool black = hasCell(offBlack, cell);
    return std::string(gameName(game)) + ": " + (black ? "black" : "white") + " stone on " + cellName(geometry, cell) +
           ", a " + (black ? "white" : "black") +
           " cell: no game reaches it (a stone never leaves the colour of its start cell)";
}

}  // namespace papamu
