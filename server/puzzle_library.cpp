#include "server/puzzle_library.hpp"

#include <filesystem>
#include <stdexcept>

#include "puzzles/puzzle_files.hpp"

namespace papamu::server {

PuzzleLibrary::PuzzleLibrary(const std::vector<std::string>& paths) {
    for (const std::string& path : paths) {
        PuzzleSet set{std::filesystem::path(path).filename().string(), {}};
        if (find(set.name)) throw std::invalid_argument("--puzzles " + path + ": a file named " + set.name + " is already loaded");
        for (const PuzzleRecord& record : readPuzzleFile(path, Variant{})) {
            if (!record.puzzle) {
                throw std::invalid_argument("--puzzles " + path + ": line " + std::to_string(record.line) + ": " + record.error);
            }
            set.puzzles.push_back(*record.puzzle);
        }
        if (set.puzzles.empty()) throw std::invalid_argument("--puzzles " + path + ": no puzzles in it");
        sets_.push_back(std::move(set));
    }
}

const PuzzleSet* PuzzleLibrary::find(const std::string& name) const {
    for (const PuzzleSet& set : sets_) {
        if (set.name == name) return &set;
    }
    return nullptr;
}

}  // namespace papamu::server
