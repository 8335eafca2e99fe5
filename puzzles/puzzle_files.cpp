#include "puzzles/puzzle_files.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "rules/notation.hpp"

namespace papamu {

namespace {

const std::vector<std::string> kCsvColumns{"id", "position", "solution", "rating", "length", "unique",
                                           "theme", "game", "variant", "board", "side"};
// The public chess puzzle sets' header (lichess): FEN is the puzzle position itself here (no
// setup move), Moves the solution, Themes the theme words.
const std::vector<std::string> kLichessColumns{"PuzzleId", "FEN", "Moves", "Rating", "Themes"};

// Our name of a lichess column, or the header word itself.
std::string columnKey(const std::string& header) {
    if (header == "PuzzleId") return "id";
    if (header == "FEN") return "position";
    if (header == "Moves" || header == "moves") return "solution";
    if (header == "Rating") return "rating";
    if (header == "Themes") return "theme";
    return header;
}

std::string sideName(Color color) { return color == Color::Black ? "black" : "white"; }

std::string joinWords(const std::vector<std::string>& words) {
    std::string text;
    for (const std::string& word : words) {
        if (!text.empty()) text += ' ';
        text += word;
    }
    return text;
}

// A CSV field must be UTF-8 text: JSON Lines output could not carry it otherwise. The JSON
// library's own encoder is the check, so "valid" means exactly what the writer accepts.
void requireText(const std::string& column, const std::string& value) {
    try {
        static_cast<void>(nlohmann::json(value).dump());
    } catch (const nlohmann::json::type_error&) {
        throw std::invalid_argument("column " + column + " is not valid UTF-8 text");
    }
}

std::vector<std::string> splitWords(const std::string& text) {
    std::vector<std::string> words;
    std::istringstream stream(text);
    for (std::string word; stream >> word;) words.push_back(word);
    return words;
}

std::string csvField(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string quoted = "\"";
    for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

// Splits one CSV line (RFC 4180 quoting, no line breaks inside fields); throws on bad quoting.
std::vector<std::string> splitCsvLine(std::string_view line) {
    std::vector<std::string> fields;
    std::string field;
    std::size_t at = 0;
    for (;;) {
        field.clear();
        if (at < line.size() && line[at] == '"') {
            ++at;
            for (;;) {
                if (at >= line.size()) throw std::invalid_argument("a quoted field is not closed");
                if (line[at] == '"') {
                    if (at + 1 < line.size() && line[at + 1] == '"') {
                        field += '"';
                        at += 2;
                        continue;
                    }
                    ++at;
                    break;
                }
                field += line[at++];
            }
            if (at < line.size() && line[at] != ',') throw std::invalid_argument("text after a closing quote");
        } else {
            while (at < line.size() && line[at] != ',') {
                if (line[at] == '"') throw std::invalid_argument("a quote inside an unquoted field");
                field += line[at++];
            }
        }
        fields.push_back(field);
        if (at >= line.size()) return fields;
        ++at;  // the comma
    }
}

int parseInteger(const std::string& key, const std::string& text) {
    std::size_t used = 0;
    int value = 0;
    try {
        value = std::stoi(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != text.size() || text.empty()) throw std::invalid_argument(key + " '" + text + "' is not an integer");
    return value;
}

// The fields of one record by name, as text; the solution as a list of moves.
struct RecordFields {
    std::map<std::string, std::string> text;
    std::optional<std::vector<std::string>> solution;
};

// Finds a record's field by name: nullptr where the record has none.
class FieldReader {
public:
    explicit FieldReader(const RecordFields& fields) : fields_(fields) {}
    const std::string* find(const std::string& key) const {
        const auto found = fields_.text.find(key);
        return found == fields_.text.end() ? nullptr : &found->second;
    }
    const std::string& require(const std::string& key) const {
        if (const std::string* value = find(key)) return *value;
        throw std::invalid_argument("missing " + key);
    }

private:
    const RecordFields& fields_;
};

// The optional game, board and side fields must say what the position says.
void requireAgreement(const FieldReader& fields, const PositionText& parsed) {
    if (const std::string* game = fields.find("game"); game && parseGameKind(*game) != parsed.game) {
        throw std::invalid_argument("game '" + *game + "' does not match the position");
    }
    if (const std::string* board = fields.find("board"); board && !(BoardSize::parse(*board) == parsed.size)) {
        throw std::invalid_argument("board '" + *board + "' does not match the position (" + parsed.size.name() + ")");
    }
    if (const std::string* side = fields.find("side")) {
        const bool black = *side == "black" || *side == "b";
        if (!black && *side != "white" && *side != "w") throw std::invalid_argument("side '" + *side + "' is not black or white");
        if ((black ? Color::Black : Color::White) != parsed.position.sideToMove) {
            throw std::invalid_argument("side '" + *side + "' does not match the position");
        }
    }
}

// Moves must at least be written as RULES.md cells, so nothing unreadable (bytes that are not
// even text) travels on to the checker or back out into a JSON file.
void requireReadableMoves(const BoardSize& size, const std::vector<std::string>& solution) {
    const BoardGeometry geometry(size.rows, size.columns);
    for (std::size_t index = 0; index < solution.size(); ++index) {
        try {
            parseMoveText(geometry, solution[index]);
        } catch (const std::invalid_argument& error) {
            throw std::invalid_argument("solution move " + std::to_string(index + 1) + ": " + error.what());
        }
    }
}

Puzzle puzzleFromFields(const RecordFields& fields, const Variant& defaultVariant, int line) {
    const FieldReader field(fields);
    Puzzle puzzle;
    PositionText parsed;
    try {
        parsed = parseUserPosition(field.require("position"));
    } catch (const std::invalid_argument& error) {
        throw std::invalid_argument(std::string("position: ") + error.what());
    }
    puzzle.position = field.require("position");
    puzzle.game = parsed.game;
    puzzle.board = parsed.size;
    puzzle.sideToMove = parsed.position.sideToMove;
    requireAgreement(field, parsed);
    puzzle.variant = field.find("variant") ? Variant::parse(*field.find("variant")) : defaultVariant;
    validateVariant(puzzle.game, puzzle.variant);
    if (!fields.solution) throw std::invalid_argument("missing solution");
    puzzle.solution = *fields.solution;
    requireReadableMoves(parsed.size, puzzle.solution);
    puzzle.unique = parseUniqueness(field.require("unique"));
    puzzle.length = field.find("length") ? parseInteger("length", *field.find("length")) : static_cast<int>(puzzle.solution.size());
    puzzle.rating = field.find("rating") ? parseInteger("rating", *field.find("rating")) : 0;
    puzzle.theme = field.find("theme") ? *field.find("theme") : "";
    puzzle.id = field.find("id") ? *field.find("id") : "line-" + std::to_string(line);
    return puzzle;
}

RecordFields objectFields(const nlohmann::json& object) {
    if (!object.is_object()) throw std::invalid_argument("not a JSON object");
    RecordFields fields;
    for (const auto& [key, value] : object.items()) {
        if (key == "solution" || key == "moves") {
            if (value.is_string()) {
                fields.solution = splitWords(value.get<std::string>());
                continue;
            }
            if (!value.is_array()) throw std::invalid_argument(key + " must be a list of moves");
            std::vector<std::string> moves;
            for (const auto& move : value) {
                if (!move.is_string()) throw std::invalid_argument(key + " must be a list of move strings");
                moves.push_back(move.get<std::string>());
            }
            fields.solution = moves;
        } else if (value.is_string()) {
            fields.text[key] = value.get<std::string>();
        } else if (value.is_number_integer()) {
            fields.text[key] = std::to_string(value.get<long long>());
        } else if (!value.is_null()) {
            throw std::invalid_argument("key '" + key + "' must be a string or an integer");
        }
    }
    return fields;
}

RecordFields jsonFields(const std::string& line) {
    nlohmann::json object;
    try {
        object = nlohmann::json::parse(line);
    } catch (const nlohmann::json::parse_error& error) {
        throw std::invalid_argument("not valid JSON (syntax error at byte " + std::to_string(error.byte) + ")");
    } catch (const nlohmann::json::exception&) {
        throw std::invalid_argument("not valid JSON (a number too large to hold)");
    }
    return objectFields(object);
}

}  // namespace

PuzzleFormat parsePuzzleFormat(std::string_view text) {
    if (text == "jsonl") return PuzzleFormat::JsonLines;
    if (text == "csv") return PuzzleFormat::Csv;
    if (text == "html") return PuzzleFormat::Html;
    if (text == "lichess") return PuzzleFormat::Lichess;
    throw std::invalid_argument("unknown format '" + std::string(text) + "' (expected jsonl, csv, lichess or html)");
}

std::optional<PuzzleFormat> puzzleFormatOfPath(const std::string& path) {
    std::string extension = std::filesystem::path(path).extension().string();
    for (char& letter : extension) letter = static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
    if (extension == ".jsonl" || extension == ".json") return PuzzleFormat::JsonLines;
    if (extension == ".csv") return PuzzleFormat::Csv;
    if (extension == ".html" || extension == ".htm") return PuzzleFormat::Html;
    return std::nullopt;
}

Puzzle puzzleFromObject(const nlohmann::json& object, const Variant& defaultVariant, int line) {
    return puzzleFromFields(objectFields(object), defaultVariant, line);
}

std::string puzzleJsonLine(const Puzzle& puzzle) { return puzzleObject(puzzle).dump(); }

nlohmann::ordered_json puzzleObject(const Puzzle& puzzle) {
    nlohmann::ordered_json object;
    object["id"] = puzzle.id;
    object["game"] = gameName(puzzle.game);
    object["variant"] = puzzle.variant.name();
    object["board"] = puzzle.board.name();
    object["position"] = puzzle.position;
    object["side"] = sideName(puzzle.sideToMove);
    object["solution"] = puzzle.solution;
    object["length"] = puzzle.length;
    object["rating"] = puzzle.rating;
    object["theme"] = puzzle.theme;
    object["unique"] = uniquenessName(puzzle.unique);
    return object;
}

std::string puzzlesToJsonLines(const std::vector<Puzzle>& puzzles) {
    std::string text;
    for (const Puzzle& puzzle : puzzles) text += puzzleJsonLine(puzzle) + "\n";
    return text;
}

std::string csvRow(const std::vector<std::string>& fields) {
    std::string text;
    for (std::size_t column = 0; column < fields.size(); ++column) {
        if (column > 0) text += ',';
        text += csvField(fields[column]);
    }
    return text + "\n";
}

std::string puzzlesToCsv(const std::vector<Puzzle>& puzzles) {
    std::string text = csvRow(kCsvColumns);
    for (const Puzzle& puzzle : puzzles) {
        text += csvRow({puzzle.id, puzzle.position, joinWords(puzzle.solution), std::to_string(puzzle.rating),
                        std::to_string(puzzle.length), uniquenessName(puzzle.unique), puzzle.theme, gameName(puzzle.game),
                        puzzle.variant.name(), puzzle.board.name(), sideName(puzzle.sideToMove)});
    }
    return text;
}

std::string puzzlesToLichessCsv(const std::vector<Puzzle>& puzzles) {
    std::string text = csvRow(kLichessColumns);
    for (const Puzzle& puzzle : puzzles) {
        text += csvRow({puzzle.id, puzzle.position, joinWords(puzzle.solution), std::to_string(puzzle.rating), puzzle.theme});
    }
    return text;
}

std::string puzzlesToText(const std::vector<Puzzle>& puzzles, PuzzleFormat format, const std::string& title) {
    switch (format) {
        case PuzzleFormat::JsonLines: return puzzlesToJsonLines(puzzles);
        case PuzzleFormat::Csv: return puzzlesToCsv(puzzles);
        case PuzzleFormat::Lichess: return puzzlesToLichessCsv(puzzles);
        case PuzzleFormat::Html: return puzzlesToHtml(puzzles, title);
    }
    return {};
}

// A CSV file's header: its columns by key, and whether it is a lichess file (a FEN column).
struct CsvHeader {
    std::vector<std::string> columns;
    bool lichess = false;
};

CsvHeader readCsvHeader(const std::string& line, int lineNumber) {
    CsvHeader header;
    try {
        header.columns = splitCsvLine(line);
    } catch (const std::invalid_argument& error) {
        throw std::invalid_argument("line " + std::to_string(lineNumber) + ": CSV header: " + error.what());
    }
    header.lichess = std::find(header.columns.begin(), header.columns.end(), "FEN") != header.columns.end();
    for (std::string& column : header.columns) column = columnKey(column);
    for (const char* needed : {"position", "solution", "unique"}) {
        // A lichess file says nothing of uniqueness: its puzzles claim the weaker level (a
        // puzzle unique along its line is unique at its first move too).
        if (header.lichess && std::string(needed) == "unique") continue;
        if (std::find(header.columns.begin(), header.columns.end(), needed) == header.columns.end()) {
            throw std::invalid_argument("line " + std::to_string(lineNumber) + ": CSV header has no '" + needed + "' column");
        }
    }
    return header;
}

RecordFields csvFields(const std::string& line, const CsvHeader& header) {
    const std::vector<std::string> values = splitCsvLine(line);
    if (values.size() != header.columns.size()) {
        throw std::invalid_argument(std::to_string(values.size()) + " fields where the header has " +
                                    std::to_string(header.columns.size()));
    }
    RecordFields fields;
    if (header.lichess) fields.text["unique"] = uniquenessName(Uniqueness::First);
    for (std::size_t column = 0; column < header.columns.size(); ++column) {
        const std::string& key = header.columns[column];
        requireText(key, values[column]);
        if (key == "solution") {
            fields.solution = splitWords(values[column]);
        } else if (!values[column].empty()) {
            fields.text[key] = values[column];
        }
    }
    return fields;
}

std::vector<PuzzleRecord> readPuzzleText(const std::string& text, PuzzleFormat format, const Variant& defaultVariant) {
    if (format == PuzzleFormat::Html) throw std::invalid_argument("HTML puzzle sheets can not be read back; use JSONL or CSV");
    if (format == PuzzleFormat::Lichess) format = PuzzleFormat::Csv;  // the header tells the columns
    std::vector<PuzzleRecord> records;
    std::istringstream stream(text);
    std::optional<CsvHeader> header;
    int lineNumber = 0;
    for (std::string line; std::getline(stream, line);) {
        ++lineNumber;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        if (format == PuzzleFormat::Csv && !header) {
            header = readCsvHeader(line, lineNumber);
            continue;
        }
        PuzzleRecord record;
        record.line = lineNumber;
        try {
            const RecordFields fields = format == PuzzleFormat::JsonLines ? jsonFields(line) : csvFields(line, *header);
            record.puzzle = puzzleFromFields(fields, defaultVariant, lineNumber);
        } catch (const std::invalid_argument& error) {
            record.error = error.what();
        }
        records.push_back(std::move(record));
    }
    return records;
}

PuzzleFormat sniffPuzzleFormat(const std::string& text) {
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    if (first != std::string::npos && text[first] == '<') throw std::invalid_argument("not a JSONL or CSV puzzle file (HTML?)");
    return first != std::string::npos && text[first] == '{' ? PuzzleFormat::JsonLines : PuzzleFormat::Csv;
}

std::vector<PuzzleRecord> readPuzzleFile(const std::string& path, const Variant& defaultVariant) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("can not read puzzle file " + path);
    std::ostringstream contents;
    contents << in.rdbuf();
    const std::string text = contents.str();
    std::optional<PuzzleFormat> format = puzzleFormatOfPath(path);
    try {
        if (!format || *format == PuzzleFormat::Html) format = sniffPuzzleFormat(text);
        return readPuzzleText(text, *format, defaultVariant);
    } catch (const std::invalid_argument& error) {
        throw std::runtime_error(path + ": " + error.what());
    }
}

}  // namespace papamu
