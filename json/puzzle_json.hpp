#pragma once
// A puzzle in JSON: the JSONL record of puzzles/README.md ("id", "game", "variant", "board",
// "position", "side", "solution", "length", "rating", "theme", "unique"). The record is a file
// format, so its one definition stays beside the file reader (puzzles/puzzle_files.cpp); these
// hooks let every front end write `json j = puzzle` and `j.get<Puzzle>()`.
#include <nlohmann/json.hpp>

#include "puzzles/puzzle_files.hpp"

namespace papamu {

template <class Json>
void to_json(Json& json, const Puzzle& puzzle) {
    json = Json(puzzleObject(puzzle));
}
template <class Json>
void from_json(const Json& json, Puzzle& puzzle) {
    puzzle = puzzleFromObject(nlohmann::json(json), Variant{}, 0);
}

}  // namespace papamu
