#pragma once
// What a solved board means for its players, read off a BoardSolution: who wins with and without
// the pie rule, which first moves win for Black, and White's answer (reply or swap) after each
// line that offers the swap. Front ends render it (cli/ as text, json/ as JSON); the reasoning
// lives here once. Nothing unproven is ever reported as a loss or as "none": every value that a
// limit left open is kept as unknown (nullopt, or listed in unknownFirstMoves).
#include <algorithm>
#include <optional>
#include <vector>

#include "rules/color.hpp"
#include "rules/move.hpp"
#include "rules/outcome.hpp"
#include "rules/position.hpp"
#include "solver/board_solution.hpp"
#include "solver/search_control.hpp"

namespace papamu {

// White's answer after a line that offers the pie swap.
enum class PieAnswer : std::uint8_t {
    NotOffered,  // no swap on offer at the end of the line
    GameOver,    // the game is over: there is nothing to answer
    Unknown,     // the line's value is not proven
    Reply,       // the position is won for White as it stands: White plays on
    Swap,        // the position is won for Black: White takes Black's side
};
constexpr const char* pieAnswerName(PieAnswer answer) {
    switch (answer) {
        case PieAnswer::NotOffered: return "not offered";
        case PieAnswer::GameOver: return "none, the game is over";
        case PieAnswer::Unknown: return "unknown";
        case PieAnswer::Reply: return "reply";
        case PieAnswer::Swap: return "swap";
    }
    return "unknown";
}

struct OpeningSummary {
    std::vector<Move> moves;           // from the start
    Position position;                 // after the moves, without a swap offer
    std::optional<Value> value;        // for the side to move in `position` (as if no swap were offered)
    std::optional<Color> winner;       // who wins `position` as it stands
    bool complete = false;             // searched itself (statistics and principal line are its own)
    bool swapOffered = false;
    std::optional<Color> winnerWithPie;  // swapOffered only: who wins once White may swap
    PieAnswer whiteAnswer = PieAnswer::NotOffered;
    SearchResult statistics;           // complete lines only
    std::vector<Move> principalLine;   // complete lines only: best play from `position`
};

struct BoardSummary {
    std::optional<Color> winner;            // with the pie rule where it is offered
    bool pieRule = false;                   // the pie rule is offered on this board
    std::optional<Color> winnerWithoutPie;  // pieRule only
    std::vector<Move> winningFirstMoves;    // proven wins for Black without the pie rule
    std::vector<Move> unknownFirstMoves;    // first moves whose value a limit left open
    std::vector<OpeningSummary> lines;
    SearchResult total;                     // nodes and seconds of the whole solve

    // Every value the summary states is proven (the answer a user can rely on in full).
    bool complete() const {
        if (!winner || (pieRule && !winnerWithoutPie) || !unknownFirstMoves.empty()) return false;
        for (const OpeningSummary& line : lines) {
            if (!line.value) return false;
        }
        return true;
    }
};

inline PieAnswer pieAnswerOf(const OpeningLine& line) {
    if (!line.swapOffered) return PieAnswer::NotOffered;
    if (line.finished) return PieAnswer::GameOver;
    if (!line.value) return PieAnswer::Unknown;
    return *line.value == Value::Win ? PieAnswer::Reply : PieAnswer::Swap;
}

inline BoardSummary summarizeBoard(const BoardSolution& solution, const Position& start) {
    BoardSummary summary;
    summary.pieRule = solution.value != solution.valueWithoutSwap ||
                      std::any_of(solution.lines.begin(), solution.lines.end(),
                                  [](const OpeningLine& line) { return line.swapOffered; });
    summary.winner = winnerOf(start, solution.value);
    if (summary.pieRule) summary.winnerWithoutPie = winnerOf(start, solution.valueWithoutSwap);
    summary.total.value = solution.value;
    summary.total.nodes = solution.nodes;
    summary.total.seconds = solution.seconds;
    for (const OpeningLine& line : solution.lines) {
        OpeningSummary opening;
        opening.moves = line.moves;
        opening.position = line.position;
        opening.value = line.value;
        opening.winner = winnerOf(line.position, line.value);
        opening.complete = line.complete;
        opening.swapOffered = line.swapOffered;
        if (line.swapOffered) opening.winnerWithPie = winnerOf(line.position, line.valueWithSwap);
        opening.whiteAnswer = pieAnswerOf(line);
        opening.statistics = line.statistics;
        opening.principalLine = line.principalLine;
        if (line.moves.size() == 1) {
            if (!opening.winner) summary.unknownFirstMoves.push_back(line.moves.front());
            else if (*opening.winner == Color::Black) summary.winningFirstMoves.push_back(line.moves.front());
        }
        summary.lines.push_back(std::move(opening));
    }
    return summary;
}

}  // namespace papamu
