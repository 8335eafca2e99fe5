#pragma once
// solve's three runs: a whole board (every opening line), one position, and the memoized-negamax
// baseline. Each prints text or JSON and returns the exit code: 0 when every value shown is
// proven, 1 when a limit left any of them unknown, 130/143 after Ctrl-C/SIGTERM.
#include <chrono>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command_line.hpp"
#include "cli/process_usage.hpp"
#include "cli/solve_search.hpp"
#include "cli/solve_text.hpp"
#include "json/board_summary_json.hpp"
#include "json/game_json.hpp"
#include "solver/board_solution.hpp"
#include "solver/board_summary.hpp"
#include "solver/memoized_negamax.hpp"
#include "solver/position_answer.hpp"

namespace papamu::cli {

template <class G, class O>
int solveBoard(const G& game, O oracle, const SolveSettings& settings) {
    const BoardGeometry& geometry = game.geometry();
    auto search = createSearch(game, std::move(oracle), settings,
                               "solving " + std::string(gameName(G::kKind)) + " " + geometry.sizeName());
    resumeFromCheckpoints(search, settings.resumeFrom, settings.checkpoint);
    BoardSolver solver(search, G::kTraits.openingPlies, settings.limits);
    const Position start = game.startPosition();
    const BoardSolution solution = solver.solve(start);
    saveCheckpoint(search, settings.checkpoint);
    const auto certificate = writeCertificate(settings.certificate, search, start, solution.value);
    BoardSummary summary = summarizeBoard(solution, start);
    clearProgress(settings);
    summary.total.tableUsed = search.table().used();
    summary.total.tableCapacity = search.table().capacity();
    if (settings.json) {
        nlohmann::ordered_json json = boardSummaryJson(summary, G::kKind, geometry, game.variant());
        addSearchReport(json, settings, certificate);
        std::cout << json.dump() << "\n";
    } else {
        printBoardSummary(std::cout, summary, G::kKind, geometry, game.variant());
        std::cout << "total: " << statisticsText(summary.total) << ", peak memory " << std::fixed << std::setprecision(0)
                  << peakMegabytes() << " MB\n";
        printSearchReport(std::cout, settings, certificate);
    }
    std::cout.flush();
    if (const auto code = interruptedExit(settings)) return *code;
    return summary.complete() ? kSuccess : kNegative;
}

template <class G, class O>
int solvePosition(const G& game, O oracle, const PositionInGame& position, const SolveSettings& settings) {
    auto search = createSearch(game, std::move(oracle), settings, "solving the position");
    resumeFromCheckpoints(search, settings.resumeFrom, settings.checkpoint);
    const PositionAnswer answer = answerPosition(search, position.position, settings.all);
    saveCheckpoint(search, settings.checkpoint);
    const auto certificate = writeCertificate(settings.certificate, search, position.position, answer.result.value);
    clearProgress(settings);
    if (settings.json) {
        nlohmann::ordered_json json = positionAnswerJson(position, answer);
        addSearchReport(json, settings, certificate);
        std::cout << json.dump() << "\n";
    } else {
        printPositionAnswer(std::cout, answer, game.geometry());
        std::cout << ", peak memory " << std::fixed << std::setprecision(0) << peakMegabytes() << " MB\n";
        printSearchReport(std::cout, settings, certificate);
    }
    std::cout.flush();
    if (const auto code = interruptedExit(settings)) return *code;
    return answer.complete() ? kSuccess : kNegative;
}

// The baseline: value of the position (for a board, the start) by memoized negamax.
template <class G>
int solveWithBaseline(const G& game, const PositionInGame& position, bool board, const SolveSettings& settings) {
    const auto started = std::chrono::steady_clock::now();
    MemoizedNegamax baseline(game);
    const Value value = baseline.solve(position.position);
    SearchResult result;
    result.value = value;
    result.nodes = baseline.nodes();
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const std::optional<Color> winner = winnerOf(position.position, value);
    if (settings.json) {
        nlohmann::ordered_json json;
        if (board) {
            json = {{"game", gameName(G::kKind)}, {"board", game.geometry().sizeName()}, {"variant", game.variant().name()},
                    {"winner", playerText(winner)}};
        } else {
            json = positionJson(position);
            json["value"] = valueName(value);
        }
        json["complete"] = true;
        json["method"] = "negamax";
        json["threads"] = 1;
        json["positions_stored"] = baseline.positionsStored();
        json["statistics"] = searchStatisticsJson(result);
        json["peak_rss_mb"] = peakMegabytes();
        std::cout << json.dump() << "\n";
    } else {
        if (board) std::cout << gameName(G::kKind) << " " << game.geometry().sizeName() << ": " << colorName(*winner) << " wins\n";
        else std::cout << valueName(value) << "\n";
        std::cout << statisticsText(result) << ", " << baseline.positionsStored() << " positions stored, peak memory "
                  << std::fixed << std::setprecision(0) << peakMegabytes() << " MB\n";
    }
    return kSuccess;
}

}  // namespace papamu::cli
