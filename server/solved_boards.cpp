#include "server/solved_boards.hpp"

#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>
#include <tuple>

#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"

namespace papamu::server {

namespace {

// The start position of a board, so the page can open it.
std::string startPositionText(const std::string& game, const std::string& board, const std::string& variant) {
    const GameKind kind = parseGameKind(game);
    const BoardSize size = BoardSize::parse(board);
    return visitGame(kind, size, Variant::parse(variant),
                     [&](const auto& rules) { return formatPosition(kind, rules.geometry(), rules.startPosition()); });
}

}  // namespace

nlohmann::ordered_json readSolvedBoards(const std::string& resultsDirectory) {
    nlohmann::ordered_json boards = nlohmann::ordered_json::array();
    if (resultsDirectory.empty()) return boards;
    const std::filesystem::path path = std::filesystem::path(resultsDirectory) / "solves.json";
    if (!std::filesystem::exists(path)) return boards;
    std::ifstream in(path);
    try {
        const nlohmann::json record = nlohmann::json::parse(in);
        std::set<std::tuple<std::string, std::string, std::string>> seen;
        for (const nlohmann::json& run : record.at("runs")) {
            // Proof-number runs: they carry the winning first moves (the baseline runs do not).
            if (run.at("method") != "dfpn" || run.value("exit_code", 0) != 0 || !run.contains("winner")) continue;
            const auto game = run.at("game").get<std::string>();
            const auto board = run.at("board").get<std::string>();
            const auto variant = run.at("variant").get<std::string>();
            if (!seen.insert({game, variant, board}).second) continue;
            nlohmann::ordered_json entry{{"game", game},
                                         {"variant", variant},
                                         {"board", board},
                                         {"start", startPositionText(game, board, variant)},
                                         {"winner", run.at("winner")}};
            if (run.contains("winner_without_pie")) entry["winner_without_pie"] = run.at("winner_without_pie");
            entry["winning_openings"] = run.value("winning_openings", nlohmann::json::array());
            entry["certificate"] = {{"file", "results/data/solves.json"},
                                    {"command", run.at("command")},
                                    {"commit", run.at("commit")},
                                    {"date", run.at("date")}};
            boards.push_back(std::move(entry));
        }
    } catch (const std::exception& error) {
        throw std::invalid_argument(path.string() + ": not a solves record: " + error.what());
    }
    return boards;
}

}  // namespace papamu::server
