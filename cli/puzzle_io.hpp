#pragma once
// Puzzle files as the commands name them: a path, or "-" for standard input / output.
#include <string>
#include <vector>

#include "puzzles/puzzle_files.hpp"

namespace papamu::cli {

// The records of a puzzle file ("-": standard input). Bad input (std::invalid_argument): a
// directory, an unreadable or empty file, a file where no record can be read (named with the
// first record's problem), a --variant (`variantGiven`) that a puzzle's game does not know or
// that contradicts a record's own variant. Single malformed records come back with their error.
std::vector<PuzzleRecord> readPuzzleInput(const std::string& path, const Variant& variant, bool variantGiven);

// Writes `contents` to `path` through a temporary file and a rename (the old file stays as it
// was until the new one is complete), or to standard output for "-".
void writeOutput(const std::string& path, const std::string& contents);

}  // namespace papamu::cli
