#pragma once
// solve's text output: compact numbers, search figures, and a solved board in words.
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "rules/board_geometry.hpp"
#include "rules/game_kind.hpp"
#include "rules/move.hpp"
#include "solver/board_summary.hpp"
#include "solver/position_answer.hpp"
#include "solver/search_control.hpp"

namespace papamu::cli {

double perSecond(std::uint64_t count, double seconds);
std::string compact(double number);  // 1.2k, 3.4M, 5.6G
std::string statisticsText(const SearchResult& result);
std::string movesText(const BoardGeometry& geometry, const std::vector<Move>& moves);  // space-separated

// The board's winner, one line per opening, the winning first moves and the pie-rule reasoning.
void printBoardSummary(std::ostream& out, const BoardSummary& summary, GameKind game, const BoardGeometry& geometry,
                       const Variant& variant);

// A solved position: the value and winning moves, the line, and the search figures (no newline
// after the figures, so the caller may add to that line).
// Where a stopped search left the value open: the moves already proven winning and losing for
// the mover, and how many are still open.
std::string openMovesText(const std::vector<MoveNumbers>& moves, const BoardGeometry& geometry);
void printPositionAnswer(std::ostream& out, const PositionAnswer& answer, const BoardGeometry& geometry);

}  // namespace papamu::cli
