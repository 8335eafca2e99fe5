#pragma once
// Draws candidate positions and keeps those that make a puzzle: the side to move wins, the
// remoteness is in range, there are at least 3 legal moves and not all of them win, exactly
// one move wins (Uniqueness::First) or exactly one move wins at every winner's turn of the main
// line (Uniqueness::Line), and no symmetric image of the position was drawn before.
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <unordered_set>
#include <vector>

#include "puzzles/move_outcomes.hpp"
#include "puzzles/puzzle.hpp"
#include "puzzles/puzzle_grading.hpp"
#include "rules/notation.hpp"
#include "rules/symmetry.hpp"

namespace papamu {

struct PuzzleOptions {
    int count = 100;
    int minRemoteness = 3;
    int maxRemoteness = 0;  // 0: no upper limit
    Uniqueness uniqueness = Uniqueness::Line;
    std::uint64_t maxDraws = 0;  // candidate draws before giving up; 0: 2000 per puzzle asked
    std::function<bool()> stop;  // asked before every draw: true ends the run early (Ctrl-C)
    std::function<void(std::size_t found, std::uint64_t draws)> progress;  // after every analysed position
};

struct PuzzleRun {
    std::vector<Puzzle> puzzles;
    std::uint64_t draws = 0;     // positions drawn from the source (including empty draws)
    std::uint64_t analysed = 0;  // distinct positions (up to symmetry) whose outcome was looked at
    bool stopped = false;        // options.stop ended the run before it was done
};

// The puzzle of `position`, or nullopt when it does not make one under `options`.
template <Game G, OutcomeOracle O>
std::optional<Puzzle> analysePuzzle(const G& game, O& oracle, const Position& position, const PuzzleOptions& options) {
    if (game.finishedValue(position)) return std::nullopt;
    const Outcome outcome = oracle.outcome(position);
    if (outcome.value != Value::Win || outcome.remoteness < options.minRemoteness) return std::nullopt;
    if (options.maxRemoteness > 0 && outcome.remoteness > options.maxRemoteness) return std::nullopt;
    const std::vector<ScoredMove> rootMoves = scoreMoves(game, oracle, position);
    if (rootMoves.size() < 3 || winningMoveCount(rootMoves) != 1) return std::nullopt;

    const std::vector<LineStep> line = mainLine(game, oracle, position);
    if (options.uniqueness == Uniqueness::Line) {
        for (std::size_t ply = 0; ply < line.size(); ply += 2) {
            if (winningMoveCount(line[ply].moves) != 1) return std::nullopt;
        }
    }

    const BoardGeometry& geometry = game.geometry();
    Puzzle puzzle;
    puzzle.game = G::kKind;
    puzzle.variant = game.variant();
    puzzle.board = BoardSize{geometry.rows(), geometry.columns()};
    puzzle.position = formatPosition(G::kKind, geometry, position);
    puzzle.id = puzzleId(puzzle.game, puzzle.board, puzzle.variant, puzzle.position);
    puzzle.sideToMove = position.sideToMove;
    for (const LineStep& step : line) puzzle.solution.push_back(moveName(geometry, step.choice().move));
    puzzle.length = static_cast<int>(line.size());
    puzzle.rating = puzzleRating(line);
    puzzle.theme = puzzleThemes(game, line);
    puzzle.unique = options.uniqueness;
    return puzzle;
}

template <Game G, OutcomeOracle O, class Source>
PuzzleRun generatePuzzles(const G& game, O& oracle, Source& source, std::mt19937_64& random, const PuzzleOptions& options) {
    const BoardSymmetries symmetries(game.geometry());
    const std::uint64_t maxDraws = options.maxDraws > 0 ? options.maxDraws : 2000ULL * static_cast<std::uint64_t>(options.count);
    std::unordered_set<Position, PositionHash> seen;  // canonical forms of every position looked at
    PuzzleRun run;
    while (static_cast<int>(run.puzzles.size()) < options.count && run.draws < maxDraws) {
        if (options.stop && options.stop()) {
            run.stopped = true;
            break;
        }
        ++run.draws;
        const std::optional<Position> drawn = source.next(random);
        if (!drawn) continue;
        if (!seen.insert(symmetries.canonical(*drawn, game.symmetryPermission(*drawn))).second) continue;
        ++run.analysed;
        if (std::optional<Puzzle> puzzle = analysePuzzle(game, oracle, *drawn, options)) {
            run.puzzles.push_back(std::move(*puzzle));
        }
        if (options.progress) options.progress(run.puzzles.size(), run.draws);
    }
    return run;
}

}  // namespace papamu
