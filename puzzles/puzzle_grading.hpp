#pragma once
// The difficulty rating and the themes of a puzzle, from its main line (puzzles/README.md has
// the formula and the list of themes with their definitions).
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "puzzles/move_outcomes.hpp"

namespace papamu {

// rating = 1000 + 250 (w - 1) + 150 log2(m) + 30 r, rounded, where w is the number of winner
// moves in the solution, m the number of legal moves in the puzzle position and r the mean
// number of plies the opponent needs to win after a wrong first move (0 when there is none).
inline int puzzleRating(const std::vector<LineStep>& line) {
    if (line.empty()) return 0;
    const int winnerMoves = (static_cast<int>(line.size()) + 1) / 2;
    const std::vector<ScoredMove>& first = line.front().moves;
    double refutation = 0;
    int wrong = 0;
    for (const ScoredMove& move : first) {
        if (move.wins()) continue;
        refutation += move.result.remoteness;
        ++wrong;
    }
    if (wrong > 0) refutation /= wrong;
    const double rating = 1000.0 + 250.0 * (winnerMoves - 1) + 150.0 * std::log2(static_cast<double>(first.size())) +
                          30.0 * refutation;
    return static_cast<int>(std::lround(rating));
}

namespace grading_detail {

inline int stepsBetween(const BoardGeometry& geometry, const Move& move) {
    return std::abs(geometry.rowOf(move.from) - geometry.rowOf(move.to)) +
           std::abs(geometry.columnOf(move.from) - geometry.columnOf(move.to));
}

// A Kōnane jump that stops although the same stone could jump on in the same direction.
inline bool stopsShort(const BoardGeometry& geometry, const LineStep& step) {
    const Move played = step.choice().move;
    if (played.kind != MoveKind::Step) return false;
    const int length = stepsBetween(geometry, played);
    for (const ScoredMove& other : step.moves) {
        const Move move = other.move;
        if (move.kind != MoveKind::Step || move.from != played.from || stepsBetween(geometry, move) <= length) continue;
        const bool sameRow = geometry.rowOf(move.to) == geometry.rowOf(played.to) && geometry.rowOf(move.to) == geometry.rowOf(move.from);
        const bool sameColumn = geometry.columnOf(move.to) == geometry.columnOf(played.to) &&
                                geometry.columnOf(move.to) == geometry.columnOf(move.from);
        const bool sameSide = (move.to > move.from) == (played.to > played.from);
        if ((sameRow || sameColumn) && sameSide) return true;
    }
    return false;
}

}  // namespace grading_detail

// Space-separated theme words in a fixed order: the length word, then the game's own themes.
template <Game G>
std::string puzzleThemes(const G& game, const std::vector<LineStep>& line) {
    using namespace grading_detail;
    const BoardGeometry& geometry = game.geometry();
    const int winnerMoves = (static_cast<int>(line.size()) + 1) / 2;
    std::vector<std::string> themes;
    themes.push_back(winnerMoves == 1 ? "one-move" : winnerMoves == 2 ? "short" : winnerMoves <= 4 ? "long" : "very-long");

    std::array<bool, kLineFeatureCount> present{};  // by LineFeature
    const auto mark = [&present](LineFeature feature, bool seen) {
        bool& found = present[static_cast<std::size_t>(feature)];
        found = found || seen;
    };
    bool forcing = line.size() > 1;
    for (std::size_t ply = 0; ply < line.size(); ++ply) {
        const LineStep& step = line[ply];
        const Move move = step.choice().move;
        if (ply % 2 == 1) {
            forcing = forcing && step.moves.size() == 1;
            continue;
        }
        mark(LineFeature::MultiJump, move.kind == MoveKind::Step && stepsBetween(geometry, move) >= 4);
        mark(LineFeature::StopShort, stopsShort(geometry, step));
        mark(LineFeature::Removal, move.kind == MoveKind::Removal);
        mark(LineFeature::Swap, move.kind == MoveKind::Swap);
    }
    // The game's own themes, in its order (GameTraits::puzzleThemes).
    for (const PuzzleTheme& theme : G::kTraits.puzzleThemes) {
        if (present[static_cast<std::size_t>(theme.feature)]) themes.push_back(theme.word);
    }
    if (forcing) themes.push_back("forcing");

    std::string text;
    for (const std::string& theme : themes) text += (text.empty() ? "" : " ") + theme;
    return text;
}

}  // namespace papamu
