// Fuzzes the puzzle file reader (JSON Lines and CSV, as made by anyone): the first byte picks
// the format, the rest is the file. The reader either refuses the whole file with
// std::invalid_argument (a CSV header without the needed columns) or gives one record per
// line, each a puzzle or a reason; and every puzzle it reads is written back by the JSON Lines
// writer to a line that reads as the same puzzle.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "fuzz/fuzz_check.hpp"
#include "puzzles/puzzle_files.hpp"

using namespace papamu;
using papamu::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const PuzzleFormat format = (data[0] & 1U) != 0 ? PuzzleFormat::Csv : PuzzleFormat::JsonLines;
    const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
    std::vector<PuzzleRecord> records;
    try {
        records = readPuzzleText(text, format, Variant{});
    } catch (const std::invalid_argument& error) {
        require(*error.what() != '\0', "file refused without a reason");
        return 0;
    }
    for (const PuzzleRecord& record : records) {
        require(record.line >= 1, "a record without a line number");
        require(record.puzzle.has_value() != !record.error.empty(), "a record is either a puzzle or an error");
        if (!record.puzzle) continue;
        const std::vector<PuzzleRecord> again = readPuzzleText(puzzleJsonLine(*record.puzzle), PuzzleFormat::JsonLines, Variant{});
        require(again.size() == 1 && again[0].puzzle && *again[0].puzzle == *record.puzzle,
                "puzzle on line " + std::to_string(record.line) + " does not survive writing and reading back");
    }
    return 0;
}
