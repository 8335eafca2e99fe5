#include "puzzles/puzzle_statistics.hpp"

#include <algorithm>
#include <map>
#include <sstream>

namespace papamu {

namespace {

nlohmann::ordered_json summaryOf(const std::vector<int>& values) {
    if (values.empty()) return nlohmann::ordered_json::object();
    std::vector<int> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    double sum = 0;
    for (const int value : sorted) sum += value;
    return {{"min", sorted.front()},
            {"median", sorted[sorted.size() / 2]},
            {"mean", sum / static_cast<double>(sorted.size())},
            {"max", sorted.back()}};
}

}  // namespace

nlohmann::ordered_json puzzleRunStatistics(const PuzzleRun& run, double seconds) {
    std::map<int, int> lengths, ratings;
    std::map<std::string, int> themes;
    std::vector<int> lengthValues, ratingValues;
    for (const Puzzle& puzzle : run.puzzles) {
        ++lengths[puzzle.length];
        ++ratings[puzzle.rating / 100 * 100];
        lengthValues.push_back(puzzle.length);
        ratingValues.push_back(puzzle.rating);
        std::istringstream words(puzzle.theme);
        for (std::string word; words >> word;) ++themes[word];
    }
    nlohmann::ordered_json stats;
    stats["puzzles"] = run.puzzles.size();
    stats["draws"] = run.draws;
    stats["analysed"] = run.analysed;
    stats["seconds"] = seconds;
    stats["puzzles_per_second"] = seconds > 0 ? static_cast<double>(run.puzzles.size()) / seconds : 0.0;
    stats["length"] = summaryOf(lengthValues);
    stats["rating"] = summaryOf(ratingValues);
    nlohmann::ordered_json lengthHistogram = nlohmann::ordered_json::object();
    for (const auto& [length, count] : lengths) lengthHistogram[std::to_string(length)] = count;
    nlohmann::ordered_json ratingHistogram = nlohmann::ordered_json::object();
    for (const auto& [bucket, count] : ratings) ratingHistogram[std::to_string(bucket)] = count;
    nlohmann::ordered_json themeCounts = nlohmann::ordered_json::object();
    for (const auto& [theme, count] : themes) themeCounts[theme] = count;
    stats["length_histogram"] = lengthHistogram;
    stats["rating_histogram_100"] = ratingHistogram;
    stats["themes"] = themeCounts;
    return stats;
}


}  // namespace papamu
