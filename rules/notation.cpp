#include "rules/notation.hpp"
#include "rules/game_list.hpp"
#include "rules/stone_cells.hpp"

#include <charconv>

namespace papamu {

namespace {

[[noreturn]] void fail(const std::string& message) { throw std::invalid_argument(message); }

std::string ordinal(int number) {
    const int lastTwo = number % 100;
    const char* suffix = (lastTwo >= 11 && lastTwo <= 13) ? "th"
                         : number % 10 == 1               ? "st"
                         : number % 10 == 2               ? "nd"
                         : number % 10 == 3               ? "rd"
                                                          : "th";
    return std::to_string(number) + suffix;
}

// The parts of `text` between `separator`s, empty ones included.
std::vector<std::string_view> splitAt(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    for (;;) {
        const std::size_t end = text.find(separator, start);
        parts.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
        if (end == std::string_view::npos) return parts;
        start = end + 1;
    }
}

// The position's fields: GAME ROWS SIDE [swap], single spaces between them.
std::vector<std::string_view> positionFields(std::string_view text) {
    const std::vector<std::string_view> fields = splitAt(text, ' ');
    for (std::size_t index = 0; index < fields.size(); ++index) {
        if (fields[index].empty()) {
            fail("position '" + std::string(text) + "': field " + std::to_string(index + 1) +
                 " is empty (fields are separated by single spaces: GAME ROWS SIDE [swap])");
        }
    }
    if (fields.size() < 3 || fields.size() > 4) {
        fail("position '" + std::string(text) + "' has " + std::to_string(fields.size()) +
             " fields, expected GAME ROWS SIDE [swap]");
    }
    return fields;
}

// The board size the rows spell (every row as long as the first; rows listed from the top, so
// the k-th listed row is board row rowCount - k + 1).
BoardSize rowsSize(const std::vector<std::string_view>& rows) {
    const int rowCount = static_cast<int>(rows.size());
    const int columnCount = static_cast<int>(rows.front().size());
    for (int listed = 0; listed < rowCount; ++listed) {
        if (static_cast<int>(rows[listed].size()) != columnCount) {
            fail("row " + std::to_string(rowCount - listed) + " (the " + ordinal(listed + 1) + " from the top) has " +
                 std::to_string(rows[listed].size()) + " cells, expected " + std::to_string(columnCount));
        }
    }
    if (columnCount == 0) fail("position rows are empty");
    if (const std::optional<std::string> problem = boardSizeProblem(rowCount, columnCount)) fail(*problem);
    return BoardSize{rowCount, columnCount};
}

// The stones the rows show (B, W, or . for an empty cell), on a board of their size.
void placeStones(const std::vector<std::string_view>& rows, const BoardGeometry& geometry, Position& position) {
    const int rowCount = geometry.rows();
    for (int listed = 0; listed < rowCount; ++listed) {
        const int boardRow = rowCount - listed;
        for (int column = 0; column < geometry.columns(); ++column) {
            const char symbol = rows[listed][column];
            const Bitboard bit = cellBit(geometry.cellAt(boardRow - 1, column));
            if (symbol == 'B') {
                position.black |= bit;
            } else if (symbol == 'W') {
                position.white |= bit;
            } else if (symbol != '.') {
                fail("row " + std::to_string(boardRow) + ", character " + std::to_string(column + 1) + " (cell " +
                     columnName(column) + std::to_string(boardRow) + "): '" + std::string(1, symbol) + "' is not B, W or .");
            }
        }
    }
}

Color sideToMove(std::string_view field) {
    if (field == "b") return Color::Black;
    if (field == "w") return Color::White;
    fail("side to move '" + std::string(field) + "' must be b or w");
}

// The optional fourth field: `swap`, for a game with the pie rule and White to move.
void readSwapField(std::string_view field, GameKind game, Position& position) {
    if (field != "swap") fail("unexpected '" + std::string(field) + "' after the side to move (only 'swap' may follow)");
    if (!gameTraits(game).pieRule) {
        fail("'swap' is only for " + gameNamesWhere([](const GameTraits& traits) { return traits.pieRule; }) + " positions");
    }
    if (position.sideToMove != Color::White) fail("'swap' is offered only to White (side w)");
    position.swapAvailable = true;
}

}  // namespace

std::string columnName(int column) {
    std::string name;
    for (int rest = column + 1; rest > 0; rest = (rest - 1) / 26) {
        name.insert(name.begin(), static_cast<char>('a' + (rest - 1) % 26));
    }
    return name;
}

std::string cellName(const BoardGeometry& geometry, int cell) {
    return columnName(geometry.columnOf(cell)) + std::to_string(geometry.rowOf(cell) + 1);
}

int parseCell(const BoardGeometry& geometry, std::string_view text) {
    std::size_t letters = 0;
    while (letters < text.size() && text[letters] >= 'a' && text[letters] <= 'z') ++letters;
    const std::string_view digits = text.substr(letters);
    // The row must start with a digit 1-9: from_chars would take a sign ("a-1") as a number.
    if (letters == 0 || letters > 2 || digits.empty() || digits.front() < '1' || digits.front() > '9') {
        fail("'" + std::string(text) + "' is not a cell: expected a column letter and a row number, e.g. c3");
    }
    int column = 0;
    for (std::size_t index = 0; index < letters; ++index) column = column * 26 + (text[index] - 'a' + 1);
    --column;
    int row = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), row);
    if (error != std::errc{} || end != digits.data() + digits.size()) {
        fail("'" + std::string(text) + "' is not a cell: '" + std::string(digits) + "' is not a row number");
    }
    if (column >= geometry.columns() || row > geometry.rows()) {
        fail("cell " + std::string(text) + " is off the " + geometry.sizeName() + " board (columns a-" +
             columnName(geometry.columns() - 1) + ", rows 1-" + std::to_string(geometry.rows()) + ")");
    }
    return geometry.cellAt(row - 1, column);
}

std::string moveName(const BoardGeometry& geometry, Move move) {
    switch (move.kind) {
        case MoveKind::Removal: return cellName(geometry, move.from);
        case MoveKind::Step: return cellName(geometry, move.from) + "-" + cellName(geometry, move.to);
        case MoveKind::Swap: return "swap";
    }
    return "?";
}

MoveText parseMoveText(const BoardGeometry& geometry, std::string_view text) {
    MoveText written;
    if (text == "swap") {
        written.isSwap = true;
        return written;
    }
    if (text.empty()) fail("empty move");
    for (const std::string_view part : splitAt(text, '-')) {
        if (part.empty()) fail("move '" + std::string(text) + "' has an empty cell between dashes");
        written.cells.push_back(parseCell(geometry, part));
    }
    return written;
}

PositionText parsePosition(std::string_view text) {
    const std::vector<std::string_view> fields = positionFields(text);
    PositionText parsed;
    parsed.game = parseGameKind(fields[0]);
    const std::vector<std::string_view> rows = splitAt(fields[1], '/');
    parsed.size = rowsSize(rows);
    placeStones(rows, BoardGeometry(parsed.size.rows, parsed.size.columns), parsed.position);
    parsed.position.sideToMove = sideToMove(fields[2]);
    if (fields.size() == 4) readSwapField(fields[3], parsed.game, parsed.position);
    return parsed;
}

PositionText parseUserPosition(std::string_view text) {
    PositionText parsed = parsePosition(text);
    const BoardGeometry geometry(parsed.size.rows, parsed.size.columns);
    if (const std::optional<std::string> problem = stoneCellProblem(parsed.game, geometry, parsed.position)) fail(*problem);
    return parsed;
}

std::string rowSymbols(const BoardGeometry& geometry, const Position& position, int row) {
    std::string symbols;
    for (int column = 0; column < geometry.columns(); ++column) {
        const int cell = geometry.cellAt(row, column);
        symbols += hasCell(position.black, cell) ? 'B' : hasCell(position.white, cell) ? 'W' : '.';
    }
    return symbols;
}

std::string formatPosition(GameKind game, const BoardGeometry& geometry, const Position& position) {
    std::string text = gameName(game);
    text += ' ';
    for (int row = geometry.rows() - 1; row >= 0; --row) {
        text += rowSymbols(geometry, position, row);
        if (row > 0) text += '/';
    }
    text += ' ';
    text += colorLetter(position.sideToMove);
    if (position.swapAvailable) text += " swap";
    return text;
}

}  // namespace papamu
