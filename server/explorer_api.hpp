#pragma once
// The explorer's JSON API, independent of HTTP: each endpoint takes the request's query
// parameters (and body) and gives a status and a JSON body. README.md lists the endpoints.
// - Parameters are checked strictly: an unknown or repeated parameter, a bad position, move or
//   number is a 400 with a one-line {"error": "..."} naming the bad part.
// - /api/probe searches (positions no table covers) within a per-request node and time budget,
//   capped by the server's maximum, and only while a search slot is free: else 503 at once.
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "server/puzzle_library.hpp"
#include "server/query_parameters.hpp"
#include "server/search_slots.hpp"
#include "server/table_catalog.hpp"
#include "solver/search_control.hpp"

namespace papamu::server {

struct ApiResponse {
    int status = 200;
    std::string body;  // JSON
};

struct ApiLimits {
    SearchLimits defaultBudget{2.0, 1'000'000};  // a probe that names no budget
    SearchLimits largestBudget{10.0, 20'000'000};  // the most a probe may ask for
    int searchSlots = 2;
    std::size_t searchHashMegabytes = 16;
};

class ExplorerApi {
public:
    ExplorerApi(TableCatalog tables, PuzzleLibrary puzzles, nlohmann::ordered_json solvedBoards, ApiLimits limits,
                std::function<bool()> stopRequested);

    ApiResponse start(const QueryParameters& parameters) const;
    ApiResponse position(const QueryParameters& parameters) const;
    ApiResponse probe(const QueryParameters& parameters);
    ApiResponse solved(const QueryParameters& parameters) const;
    ApiResponse tables(const QueryParameters& parameters) const;
    ApiResponse puzzles(const QueryParameters& parameters) const;
    ApiResponse verify(const QueryParameters& parameters, const std::string& body) const;
    // The search slots and how many searches hold one now: a client (or a test) can see that a
    // search is running without competing for a slot itself.
    ApiResponse status(const QueryParameters& parameters) const;

private:
    TableCatalog tables_;
    PuzzleLibrary puzzles_;
    nlohmann::ordered_json solvedBoards_;
    ApiLimits limits_;
    std::function<bool()> stopRequested_;
    SearchSlots slots_;
};

}  // namespace papamu::server
