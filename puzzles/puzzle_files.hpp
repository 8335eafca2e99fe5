#pragma once
// Puzzle files: JSON Lines, CSV and lichess-style CSV (written and read), and a printable HTML
// sheet (written). The layouts are described in puzzles/README.md. Files are written with
// writeFileAtomically (support/), so a reader never sees half a file under the final name.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "puzzles/puzzle.hpp"
#include "support/atomic_file.hpp"  // writeFileAtomically, for the files written from these texts

namespace papamu {

enum class PuzzleFormat { JsonLines, Csv, Lichess, Html };

// "jsonl", "csv", "lichess" or "html"; throws std::invalid_argument otherwise.
PuzzleFormat parsePuzzleFormat(std::string_view text);
// From the file name, in any letter case: .jsonl/.json, .csv, .html/.htm; nullopt otherwise.
std::optional<PuzzleFormat> puzzleFormatOfPath(const std::string& path);

// One puzzle as a JSON object (the JSONL record of puzzles/README.md), and back; a record without
// `variant` gets `defaultVariant`, `line` names it in errors and default ids. Throws
// std::invalid_argument naming the bad key.
nlohmann::ordered_json puzzleObject(const Puzzle& puzzle);
Puzzle puzzleFromObject(const nlohmann::json& object, const Variant& defaultVariant, int line);
std::string puzzleJsonLine(const Puzzle& puzzle);  // without the newline
std::string puzzlesToJsonLines(const std::vector<Puzzle>& puzzles);
std::string puzzlesToCsv(const std::vector<Puzzle>& puzzles);
// Header PuzzleId,FEN,Moves,Rating,Themes (FEN holds the RULES.md position, Moves the solution).
std::string puzzlesToLichessCsv(const std::vector<Puzzle>& puzzles);
std::string puzzlesToHtml(const std::vector<Puzzle>& puzzles, const std::string& title);
std::string puzzlesToText(const std::vector<Puzzle>& puzzles, PuzzleFormat format, const std::string& title);


// One record of a puzzle file as read: a puzzle, or why its line could not be read.
struct PuzzleRecord {
    int line = 0;  // 1-based line number in the file
    std::optional<Puzzle> puzzle;
    std::string error;
};

// Reads every record; blank lines are skipped, a CSV file's first line is its header. A record
// without `variant` gets `defaultVariant`. Malformed records come back with their error; a CSV
// header without the needed columns throws std::invalid_argument.
std::vector<PuzzleRecord> readPuzzleText(const std::string& text, PuzzleFormat format, const Variant& defaultVariant);
// JSON Lines when the first non-blank character is '{', else CSV (either header); throws
// std::invalid_argument for what looks like HTML.
PuzzleFormat sniffPuzzleFormat(const std::string& text);
// Picks the format from the extension (.jsonl/.json, .csv), else from the first non-blank
// character ('{' means JSON Lines). Throws std::runtime_error when the file can not be read.
std::vector<PuzzleRecord> readPuzzleFile(const std::string& path, const Variant& defaultVariant);

}  // namespace papamu
