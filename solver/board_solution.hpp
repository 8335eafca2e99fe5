#pragma once
// Solving a board: the start position's opening lines, each proven separately on one shared
// table, and the board's value put together from them.
// - Lines are all move sequences of `linePlies` moves from the start (Kōnane: Black's removal and
//   White's reply, 2; Ūnane: Black's first move, 1), shorter where the game ends earlier.
// - A line that ends in a position offering the pie swap is solved as the same position without
//   the offer (White's ordinary reply). The swap itself leads to that very position with the
//   players exchanged, so the offer position is a win for the side to move unless the game is
//   already over: the swapper simply takes whichever side wins. Both the value without the swap
//   (as if `no-pie`) and with it come out of one solve.
#include <algorithm>
#include <chrono>
#include <optional>
#include <vector>

#include "rules/game_concept.hpp"
#include "solver/proof_number_search.hpp"

namespace papamu {

struct OpeningLine {
    std::vector<Move> moves;       // from the start
    Position position;             // after the moves (without a swap offer)
    bool complete = false;         // a leaf: searched, rather than put together from longer lines
    bool swapOffered = false;      // the line ends where the side to move could swap
    bool finished = false;         // the game is over at the end of the line
    // Value for the side to move at the end of the line, as if no swap were offered.
    std::optional<Value> value;
    // The same with the swap on offer where swapOffered (equal to `value` elsewhere).
    std::optional<Value> valueWithSwap;
    SearchResult statistics;       // leaves only
    std::vector<Move> principalLine;  // leaves only: best play from the end of the line
};

struct BoardSolution {
    // Depth-first order, a prefix before its extensions; the start itself only if it is a leaf.
    std::vector<OpeningLine> lines;
    std::optional<Value> value;          // the start position for Black, with the swap if offered
    std::optional<Value> valueWithoutSwap;  // the same if no swap were ever offered
    std::uint64_t nodes = 0;
    double seconds = 0.0;
};

template <Game G, LeafOracle O>
class BoardSolver {
public:
    BoardSolver(ProofNumberSearch<G, O>& search, int linePlies, SearchLimits totalLimits, int principalPlies = 64)
        : search_(search), linePlies_(linePlies), limits_(totalLimits), principalPlies_(principalPlies) {}

    BoardSolution solve(const Position& start) {
        const auto started = std::chrono::steady_clock::now();
        // The line tree, the start included as line 0 (dropped from the answer at the end).
        std::vector<OpeningLine> lines;
        std::vector<Move> prefix;
        enumerate(start, prefix, lines);
        const std::vector<std::size_t> leafLines = solveLeaves(lines);
        for (std::size_t index = lines.size(); index-- > 0;) {
            if (!lines[index].complete) combineExtensions(lines, index);
        }
        // A line of best play after every proven leaf (mostly table hits by now).
        for (const std::size_t index : leafLines) {
            OpeningLine& line = lines[index];
            if (line.value) line.principalLine = search_.principalLine(line.position, principalPlies_);
        }
        BoardSolution solution;
        solution.value = lines.front().valueWithSwap;
        solution.valueWithoutSwap = lines.front().value;
        for (const OpeningLine& line : lines) solution.nodes += line.statistics.nodes;
        if (!lines.front().complete) lines.erase(lines.begin());
        solution.lines = std::move(lines);
        solution.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        return solution;
    }

private:
    // Every leaf proven on the shared table, the workers taking leaves as jobs; returns the
    // leaves' indices in `lines`.
    std::vector<std::size_t> solveLeaves(std::vector<OpeningLine>& lines) {
        std::vector<Position> leaves;
        std::vector<std::size_t> leafLines;
        for (std::size_t index = 0; index < lines.size(); ++index) {
            if (lines[index].complete) {
                leaves.push_back(lines[index].position);
                leafLines.push_back(index);
            }
        }
        search_.setLimits(limits_);
        const std::vector<SearchResult> results = search_.solveAll(leaves);
        for (std::size_t leaf = 0; leaf < leaves.size(); ++leaf) {
            OpeningLine& line = lines[leafLines[leaf]];
            line.statistics = results[leaf];
            line.value = results[leaf].value;
            line.valueWithSwap = line.value;
            if (line.swapOffered && !line.finished) line.valueWithSwap = Value::Win;
        }
        return leafLines;
    }

    // An inner line's values from its extensions (which follow it in `lines`; called deepest
    // first): won if one extension is lost, unknown if none is and one is unknown, else lost.
    static void combineExtensions(std::vector<OpeningLine>& lines, std::size_t index) {
        OpeningLine& line = lines[index];
        line.value = Value::Loss;
        line.valueWithSwap = Value::Loss;
        bool plainUnknown = false;
        bool swapUnknown = false;
        const std::size_t length = line.moves.size();
        for (std::size_t next = index + 1; next < lines.size() && lines[next].moves.size() > length; ++next) {
            if (lines[next].moves.size() != length + 1) continue;
            if (lines[next].value == Value::Loss) line.value = Value::Win;
            if (!lines[next].value) plainUnknown = true;
            if (lines[next].valueWithSwap == Value::Loss) line.valueWithSwap = Value::Win;
            if (!lines[next].valueWithSwap) swapUnknown = true;
        }
        if (line.value != Value::Win && plainUnknown) line.value.reset();
        if (line.valueWithSwap != Value::Win && swapUnknown) line.valueWithSwap.reset();
    }

    void enumerate(const Position& position, std::vector<Move>& prefix, std::vector<OpeningLine>& lines) {
        const G& game = search_.game();
        OpeningLine line;
        line.moves = prefix;
        line.position = position;
        line.swapOffered = position.swapAvailable;
        line.position.swapAvailable = false;
        line.finished = game.finishedValue(line.position).has_value();
        MoveList moves;
        if (!line.finished) game.generateMoves(position, moves);
        line.complete = static_cast<int>(prefix.size()) == linePlies_ || moves.empty() || position.swapAvailable;
        lines.push_back(line);
        if (line.complete) return;
        for (const Move move : moves) {
            prefix.push_back(move);
            enumerate(game.applyMove(position, move), prefix, lines);
            prefix.pop_back();
        }
    }

    ProofNumberSearch<G, O>& search_;
    int linePlies_;
    SearchLimits limits_;
    int principalPlies_;
};

}  // namespace papamu
