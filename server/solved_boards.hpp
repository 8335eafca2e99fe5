#pragma once
// The solved boards that results/ records (results/data/solves.json, written by
// bench/record_solves), for /api/solved: one entry per game, variant and board, with the winner,
// the winning first moves and the record that proves it (the command and commit that made it).
#include <nlohmann/json.hpp>
#include <string>

namespace papamu::server {

// Reads DIRECTORY/solves.json; an empty directory name gives an empty list. Throws
// std::invalid_argument naming the file when it is present but not in the expected layout.
nlohmann::ordered_json readSolvedBoards(const std::string& resultsDirectory);

}  // namespace papamu::server
