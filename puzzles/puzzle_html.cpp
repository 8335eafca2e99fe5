// The printable puzzle sheet: one SVG diagram per puzzle with coordinates and the task, then
// the answers on a page of their own.
#include <sstream>

#include "puzzles/puzzle_files.hpp"
#include "rules/notation.hpp"

namespace papamu {

namespace {

constexpr int kCell = 28;    // pixels per cell
constexpr int kMargin = 20;  // room for the coordinates

std::string escapeHtml(const std::string& text) {
    std::string escaped;
    for (const char c : text) {
        switch (c) {
            case '&': escaped += "&amp;"; break;
            case '<': escaped += "&lt;"; break;
            case '>': escaped += "&gt;"; break;
            case '"': escaped += "&quot;"; break;
            default: escaped += c;
        }
    }
    return escaped;
}

std::string boardSvg(const Puzzle& puzzle) {
    const PositionText parsed = parsePosition(puzzle.position);
    const BoardGeometry geometry(parsed.size.rows, parsed.size.columns);
    const int width = kMargin + geometry.columns() * kCell + 4;
    const int height = geometry.rows() * kCell + kMargin + 4;
    std::ostringstream svg;
    svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
        << "\" viewBox=\"0 0 " << width << " " << height << "\" role=\"img\" aria-label=\""
        << escapeHtml(puzzle.position) << "\">\n";
    for (int row = 0; row < geometry.rows(); ++row) {
        for (int column = 0; column < geometry.columns(); ++column) {
            const int x = kMargin + column * kCell;
            const int y = (geometry.rows() - 1 - row) * kCell + 2;
            const bool dark = (row + column) % 2 == 0;
            svg << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << kCell << "\" height=\"" << kCell
                << "\" fill=\"" << (dark ? "#c8a46e" : "#e8d3a9") << "\" stroke=\"#6b4f2a\" stroke-width=\"0.5\"/>";
            const int cell = geometry.cellAt(row, column);
            const bool black = hasCell(parsed.position.black, cell);
            if (black || hasCell(parsed.position.white, cell)) {
                svg << "<circle cx=\"" << x + kCell / 2 << "\" cy=\"" << y + kCell / 2 << "\" r=\"" << kCell / 2 - 3
                    << "\" fill=\"" << (black ? "#111" : "#fafafa") << "\" stroke=\"#111\" stroke-width=\"1.2\"/>";
            }
        }
        svg << "<text x=\"" << kMargin / 2 << "\" y=\"" << (geometry.rows() - 1 - row) * kCell + 2 + kCell / 2 + 4
            << "\" font-size=\"11\" text-anchor=\"middle\">" << row + 1 << "</text>\n";
    }
    for (int column = 0; column < geometry.columns(); ++column) {
        svg << "<text x=\"" << kMargin + column * kCell + kCell / 2 << "\" y=\"" << geometry.rows() * kCell + 2 + 14
            << "\" font-size=\"11\" text-anchor=\"middle\">" << columnName(column) << "</text>";
    }
    svg << "\n</svg>";
    return svg.str();
}

std::string numberedSolution(const Puzzle& puzzle) {
    std::string text;
    for (std::size_t ply = 0; ply < puzzle.solution.size(); ++ply) {
        if (ply % 2 == 0) {
            if (ply > 0) text += ' ';
            text += std::to_string(ply / 2 + 1);
            text += '.';
        }
        text += ' ';
        text += puzzle.solution[ply];
    }
    return text;
}

}  // namespace

std::string puzzlesToHtml(const std::vector<Puzzle>& puzzles, const std::string& title) {
    std::ostringstream html;
    html << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" << escapeHtml(title)
         << "</title>\n<style>\n"
            "body { font-family: Georgia, serif; margin: 1.5em; }\n"
            "h1 { font-size: 1.4em; }\n"
            ".sheet { display: flex; flex-wrap: wrap; gap: 1.2em; }\n"
            ".puzzle { break-inside: avoid; page-break-inside: avoid; width: 15em; }\n"
            ".puzzle h2 { font-size: 1em; margin: 0 0 0.3em 0; }\n"
            ".task { font-weight: bold; margin: 0.3em 0; }\n"
            ".meta { font-size: 0.8em; color: #555; }\n"
            ".answers { break-before: page; page-break-before: always; }\n"
            ".answers li { margin-bottom: 0.3em; }\n"
            "</style>\n</head>\n<body>\n<h1>"
         << escapeHtml(title) << "</h1>\n<div class=\"sheet\">\n";
    for (std::size_t index = 0; index < puzzles.size(); ++index) {
        const Puzzle& puzzle = puzzles[index];
        html << "<div class=\"puzzle\">\n<h2>Puzzle " << index + 1 << "</h2>\n" << boardSvg(puzzle) << "\n<p class=\"task\">"
             << colorName(puzzle.sideToMove) << " to play and win</p>\n<p class=\"meta\">" << gameName(puzzle.game) << " "
             << puzzle.board.name() << ", " << escapeHtml(puzzle.variant.name()) << " &middot; rating " << puzzle.rating
             << " &middot; " << escapeHtml(puzzle.id) << "</p>\n</div>\n";
    }
    html << "</div>\n<section class=\"answers\">\n<h1>Answers</h1>\n<ol>\n";
    for (const Puzzle& puzzle : puzzles) {
        html << "<li><b>" << colorName(puzzle.sideToMove) << ":</b> " << escapeHtml(numberedSolution(puzzle)) << " <span class=\"meta\">("
             << puzzle.length << " plies" << (puzzle.theme.empty() ? "" : "; " + escapeHtml(puzzle.theme)) << ")</span></li>\n";
    }
    html << "</ol>\n</section>\n</body>\n</html>\n";
    return html.str();
}

}  // namespace papamu
