#pragma once
// Checks a claim "the side to move wins with this line": moves alternate between the claimant
// (plies 0, 2, 4, ...) and the opponent. Every move must be legal; every claimant move must keep
// the win (lead to a position lost for the opponent); any legal opponent move is accepted. A
// line that stops before the game ends is valid when all that holds ("incomplete"); a caller
// that needs the whole solution (a puzzle file) asks for completeness. Uniqueness, when asked,
// is checked at the claimant's moves of the line as written (First: the first move only).
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "puzzles/move_outcomes.hpp"
#include "puzzles/puzzle.hpp"
#include "rules/notation.hpp"

namespace papamu {

struct LineCheck {
    bool valid = false;
    int faultyMove = -1;  // 0-based index of the first faulty move; -1 when none is to blame
    std::string reason;   // why not valid, e.g. "move 3: c3-c1 loses: White wins in 5 plies with d4-b4"
    bool complete = false;      // the line ends where the game ends
    int remainingPlies = 0;     // when valid and incomplete: plies still to play with best play
    std::string continuation;   // when valid and incomplete: e.g. "Black still wins in 4 more plies with b2-b4"
};

namespace line_check_detail {

inline std::string joinMoves(const BoardGeometry& geometry, const std::vector<ScoredMove>& moves, bool winning) {
    std::string text;
    for (const ScoredMove& move : moves) {
        if (move.wins() != winning) continue;
        text += (text.empty() ? "" : ", ") + moveName(geometry, move.move);
    }
    return text;
}

// "5 plies", "1 ply".
inline std::string pliesText(int plies) { return std::to_string(plies) + (plies == 1 ? " ply" : " plies"); }

// "White wins in 5 plies with d4-b4": the side to move of `position` wins, `moves` scored there.
inline std::string winDescription(const BoardGeometry& geometry, Color winner, int remoteness,
                                  const std::vector<ScoredMove>& moves) {
    std::string text = std::string(colorName(winner)) + " wins in " + pliesText(remoteness);
    if (const int best = bestMoveIndex(moves); best >= 0) text += " with " + moveName(geometry, moves[static_cast<std::size_t>(best)].move);
    return text;
}

// Why the claimant's `move` (written `text`) breaks the claim, or nullopt when it keeps the win
// (and, where `mustBeOnly`, is the only move that does).
template <Game G, OutcomeOracle O>
std::optional<std::string> claimantMoveFault(const G& game, O& oracle, const Position& position, Move move, const std::string& text,
                                             bool mustBeOnly) {
    const BoardGeometry& geometry = game.geometry();
    const std::vector<ScoredMove> scored = scoreMoves(game, oracle, position);
    const auto played = std::find_if(scored.begin(), scored.end(), [&](const ScoredMove& each) { return each.move == move; });
    if (!played->wins()) {
        const Position after = game.applyMove(position, move);
        const Color opponent = after.sideToMove;
        if (played->result.remoteness == 0) return text + " loses: it ends the game and " + colorName(opponent) + " wins";
        return text + " loses: " + winDescription(geometry, opponent, played->result.remoteness, scoreMoves(game, oracle, after));
    }
    if (mustBeOnly && winningMoveCount(scored) > 1) {
        return text + " is not the only winning move (winning moves: " + joinMoves(geometry, scored, true) + ")";
    }
    return std::nullopt;
}

// Where a valid line stops before the game's end: how many plies the claimant still needs, and
// with which move when it is the claimant's turn.
template <Game G, OutcomeOracle O>
void describeRest(const G& game, O& oracle, const Position& position, bool claimantToMove, LineCheck& check) {
    const Outcome rest = oracle.outcome(position);
    // After the claimant's move the opponent is to move in a lost position, and vice versa.
    const Color claimant = claimantToMove ? position.sideToMove : opposite(position.sideToMove);
    check.remainingPlies = rest.remoteness;
    check.continuation = std::string(colorName(claimant)) + " still wins in " + std::to_string(rest.remoteness) + " more " +
                         (rest.remoteness == 1 ? "ply" : "plies");
    if (claimantToMove) {
        const std::vector<ScoredMove> scored = scoreMoves(game, oracle, position);
        check.continuation += " with " + moveName(game.geometry(), scored[static_cast<std::size_t>(bestMoveIndex(scored))].move);
    }
}

}  // namespace line_check_detail

template <Game G, OutcomeOracle O>
LineCheck checkLine(const G& game, O& oracle, const Position& start, const std::vector<std::string>& moves,
                    Uniqueness required, bool requireComplete) {
    LineCheck check;
    const auto fail = [&check](int index, const std::string& reason) {
        check.valid = false;
        check.faultyMove = index;
        check.reason = index >= 0 ? "move " + std::to_string(index + 1) + ": " + reason : reason;
        return check;
    };
    if (moves.empty()) return fail(-1, "the line has no moves");

    Position position = start;
    for (int index = 0; index < static_cast<int>(moves.size()); ++index) {
        const std::string& text = moves[static_cast<std::size_t>(index)];
        if (const std::optional<Color> winner = winnerOfEndedGame(game, position)) {
            return fail(index, text + " comes after the end of the game (" + colorName(*winner) + " has won)");
        }
        Move move;
        try {
            move = parseLegalMove(game, position, text);
        } catch (const std::invalid_argument& error) {
            return fail(index, error.what());
        }
        if (index % 2 == 0) {  // the claimant's move
            const bool mustBeOnly = required == Uniqueness::Line || (required == Uniqueness::First && index == 0);
            if (const auto fault = line_check_detail::claimantMoveFault(game, oracle, position, move, text, mustBeOnly)) {
                return fail(index, *fault);
            }
        }
        position = game.applyMove(position, move);
    }

    check.valid = true;
    check.complete = winnerOfEndedGame(game, position).has_value();
    if (!check.complete) {
        line_check_detail::describeRest(game, oracle, position, moves.size() % 2 == 0, check);
        if (requireComplete) {
            check.valid = false;
            check.reason = "the line stops before the end of the game: " + check.continuation;
        }
    }
    return check;
}

}  // namespace papamu
