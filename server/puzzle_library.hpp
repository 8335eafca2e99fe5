#pragma once
// The puzzle files a server was started with (--puzzles FILE), read once at start-up. Requests
// name a file by its base name; no path from a request is ever opened.
#include <string>
#include <vector>

#include "puzzles/puzzle.hpp"

namespace papamu::server {

struct PuzzleSet {
    std::string name;  // the file's base name, e.g. "konane-4x5.jsonl"
    std::vector<Puzzle> puzzles;
};

class PuzzleLibrary {
public:
    // Throws std::invalid_argument naming the file and line of a malformed record, or a file
    // without puzzles, and std::runtime_error for a file that can not be read.
    explicit PuzzleLibrary(const std::vector<std::string>& paths);
    const std::vector<PuzzleSet>& sets() const { return sets_; }
    // nullptr when no loaded file has that base name.
    const PuzzleSet* find(const std::string& name) const;

private:
    std::vector<PuzzleSet> sets_;
};

}  // namespace papamu::server
