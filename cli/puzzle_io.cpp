#include "cli/puzzle_io.hpp"

#include <filesystem>
#include <iostream>
#include <iterator>
#include <stdexcept>

namespace papamu::cli {

namespace {

void requireVariant(const PuzzleRecord& record, const Variant& variant) {
    const Puzzle& puzzle = *record.puzzle;
    try {
        validateVariant(puzzle.game, variant);
    } catch (const std::invalid_argument& error) {
        throw std::invalid_argument("--variant " + variant.name() + " does not apply to the " + gameName(puzzle.game) +
                                    " puzzle on line " + std::to_string(record.line) + ": " + error.what());
    }
    if (!(puzzle.variant == variant)) {
        throw std::invalid_argument("line " + std::to_string(record.line) + ": the puzzle's variant is " + puzzle.variant.name() +
                                    ", --variant says " + variant.name());
    }
}

}  // namespace

std::vector<PuzzleRecord> readPuzzleInput(const std::string& path, const Variant& variant, bool variantGiven) {
    std::vector<PuzzleRecord> records;
    std::string name = path;
    try {
        if (path == "-") {
            name = "standard input";
            const std::string text{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
            records = readPuzzleText(text, sniffPuzzleFormat(text), variant);
        } else {
            if (std::filesystem::is_directory(path)) throw std::invalid_argument("'" + path + "' is a directory, not a puzzle file");
            records = readPuzzleFile(path, variant);
        }
    } catch (const std::runtime_error& error) {
        throw std::invalid_argument(error.what());
    }
    if (records.empty()) throw std::invalid_argument(name + " holds no puzzles (no records)");
    const PuzzleRecord* firstReadable = nullptr;
    for (const PuzzleRecord& record : records) {
        if (!record.puzzle) continue;
        if (!firstReadable) firstReadable = &record;
        if (variantGiven) requireVariant(record, variant);
    }
    if (!firstReadable) {
        throw std::invalid_argument(name + " holds no readable puzzle: line " + std::to_string(records.front().line) + ": " +
                                    records.front().error);
    }
    return records;
}

void writeOutput(const std::string& path, const std::string& contents) {
    if (path == "-") {
        std::cout << contents << std::flush;
        if (!std::cout) throw std::runtime_error("writing to standard output failed");
        return;
    }
    writeFileAtomically(path, contents);
}

}  // namespace papamu::cli
