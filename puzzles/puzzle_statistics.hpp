#pragma once
// Figures of a puzzle run for `--stats` and `--json`: speed and the distributions of lengths,
// ratings (100-point buckets) and themes.
#include <nlohmann/json.hpp>

#include "puzzles/puzzle_generator.hpp"

namespace papamu {

// {"puzzles", "draws", "analysed", "seconds", "puzzles_per_second", "length", "rating",
//  "length_histogram", "rating_histogram_100", "themes"}; length and rating as {min, median, mean, max}.
nlohmann::ordered_json puzzleRunStatistics(const PuzzleRun& run, double seconds);

}  // namespace papamu
