#include "cli/solve_text.hpp"

#include <iomanip>
#include <ostream>
#include <sstream>

#include "json/board_summary_json.hpp"
#include "json/game_json.hpp"
#include "rules/notation.hpp"

namespace papamu::cli {

namespace {

std::string winnerWords(const std::optional<Color>& winner) {
    if (!winner) return "unknown";
    std::string text = colorName(*winner);
    text.append(" (").append(playerText(winner)).append(" player) wins");
    return text;
}

std::string firstMovesText(const BoardSummary& summary, const BoardGeometry& geometry) {
    std::string text = summary.winningFirstMoves.empty() ? "none" : movesText(geometry, summary.winningFirstMoves);
    if (summary.unknownFirstMoves.empty()) return text;
    if (summary.winningFirstMoves.empty()) text = "none proven";
    return text + "; unknown: " + movesText(geometry, summary.unknownFirstMoves);
}

}  // namespace

double perSecond(std::uint64_t count, double seconds) { return seconds > 0.0 ? static_cast<double>(count) / seconds : 0.0; }

std::string compact(double number) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(1);
    if (number >= 1e9) out << number / 1e9 << "G";
    else if (number >= 1e6) out << number / 1e6 << "M";
    else if (number >= 1e3) out << number / 1e3 << "k";
    else out << std::setprecision(0) << number;
    return out.str();
}

std::string statisticsText(const SearchResult& result) {
    std::ostringstream out;
    out << compact(static_cast<double>(result.nodes)) << " nodes, " << std::fixed << std::setprecision(2) << result.seconds
        << " s, " << compact(perSecond(result.nodes, result.seconds)) << " nodes/s";
    if (result.tableCapacity) {
        out << ", table " << std::setprecision(1)
            << 100.0 * static_cast<double>(result.tableUsed) / static_cast<double>(result.tableCapacity) << "%";
    }
    if (result.rootNumbers) {
        out << ", stopped at root proof number " << compact(result.rootNumbers->proof) << ", disproof number "
            << compact(result.rootNumbers->disproof);
    }
    return out.str();
}

std::string movesText(const BoardGeometry& geometry, const std::vector<Move>& moves) {
    std::string text;
    for (const Move move : moves) {
        if (!text.empty()) text += ' ';
        text += moveName(geometry, move);
    }
    return text;
}

void printPositionAnswer(std::ostream& out, const PositionAnswer& answer, const BoardGeometry& geometry) {
    out << valueText(answer.result.value);
    if (answer.valueByPieRule) out << " (by the pie rule)";
    if (answer.result.value == Value::Win) {
        const char* unknown = answer.valueByPieRule ? "(winning moves unknown: a limit stopped the search of the board without the swap offer)"
                                                    : "(winning moves unknown: a limit stopped the search)";
        out << " " << (answer.winningMoves ? movesText(geometry, *answer.winningMoves) : unknown);
    }
    out << "\n";
    if (!answer.principalLine.empty()) {
        out << "line: " << movesText(geometry, answer.principalLine);
        if (answer.lineEndsAtSwapOffer) out << ", then the swap is on offer: won by the pie rule";
        out << "\n";
    }
    if (!answer.openMoves.empty()) out << openMovesText(answer.openMoves, geometry) << "\n";
    out << statisticsText(answer.result);
}

std::string openMovesText(const std::vector<MoveNumbers>& moves, const BoardGeometry& geometry) {
    std::vector<Move> winning;
    std::vector<Move> losing;
    for (const MoveNumbers& known : moves) {
        if (known.numbers && known.numbers->lost()) winning.push_back(known.move);
        if (known.numbers && known.numbers->won()) losing.push_back(known.move);
    }
    const auto listed = [&geometry](const std::vector<Move>& list) { return list.empty() ? std::string("none") : movesText(geometry, list); };
    return "moves proven so far: winning " + listed(winning) + "; losing " + listed(losing) + "; " +
           std::to_string(moves.size() - winning.size() - losing.size()) + " of " + std::to_string(moves.size()) + " open";
}

void printBoardSummary(std::ostream& out, const BoardSummary& summary, GameKind game, const BoardGeometry& geometry,
                       const Variant& variant) {
    out << gameName(game) << " " << geometry.sizeName() << " (" << variant.name() << "): " << winnerWords(summary.winner) << "\n";
    for (const OpeningSummary& line : summary.lines) {
        out << "  " << std::left << std::setw(10) << movesText(geometry, line.moves) << " " << std::setw(8)
            << (line.winner ? colorName(*line.winner) : "unknown") << std::right;
        if (line.complete) {
            if (line.swapOffered) out << " pie: White " << std::setw(6) << pieAnswerName(line.whiteAnswer);
            out << "  " << statisticsText(line.statistics);
            if (!line.principalLine.empty()) out << "  line: " << movesText(geometry, line.principalLine);
        }
        out << "\n";
    }
    out << "winning first moves for Black" << (summary.pieRule ? " (without the pie rule)" : "") << ": "
        << firstMovesText(summary, geometry) << "\n";
    if (summary.pieRule) {
        out << "without the pie rule: " << winnerWords(summary.winnerWithoutPie) << "\n";
        if (summary.winner == Color::White) {
            out << "with the pie rule: the second player wins: after every first move White either replies "
                   "(where the position is won for White) or swaps (where it is won for Black)\n";
        } else if (summary.winner == Color::Black) {
            out << "with the pie rule: the first player wins: a first move ends the game at once\n";
        }
    }
}

}  // namespace papamu::cli
