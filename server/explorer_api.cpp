#include "server/explorer_api.hpp"

#include <set>
#include <stdexcept>

#include "puzzles/line_check.hpp"
#include "json/game_json.hpp"
#include "json/puzzle_json.hpp"
#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"
#include "server/position_probe.hpp"
#include "server/position_request.hpp"
#include "server/query_parameters.hpp"

namespace papamu::server {

namespace {

using Json = nlohmann::ordered_json;

// An answer other than 200 or 400, e.g. 404 for an unknown puzzle file, 503 when busy.
struct ApiFailure : std::runtime_error {
    ApiFailure(int code, const std::string& message) : std::runtime_error(message), status(code) {}
    int status;
};

ApiResponse errorResponse(int status, const std::string& message) {
    return ApiResponse{status, Json{{"error", message}}.dump()};
}

// Turns every failure into a status and a one-line {"error": ...}: bad input is a 400, never a
// crash or a half answer.
template <class Body>
ApiResponse guarded(Body&& body) {
    try {
        return ApiResponse{200, body().dump()};
    } catch (const ApiFailure& failure) {
        return errorResponse(failure.status, failure.what());
    } catch (const std::invalid_argument& error) {
        return errorResponse(400, error.what());
    } catch (const std::exception& error) {
        return errorResponse(500, std::string("internal error: ") + error.what());
    }
}

// A probe's budget: the default, or what the request asks within the server's maximum.
SearchLimits requestedBudget(const Parameters& parameters, const ApiLimits& limits) {
    SearchLimits budget = limits.defaultBudget;
    if (parameters.has("nodes")) {
        budget.nodes = parseCount("nodes", parameters.required("nodes"));
        if (budget.nodes == 0 || budget.nodes > limits.largestBudget.nodes) {
            throw std::invalid_argument("parameter 'nodes': must be between 1 and " + std::to_string(limits.largestBudget.nodes));
        }
    }
    if (parameters.has("seconds")) {
        budget.seconds = parseSeconds("seconds", parameters.required("seconds"));
        if (!(budget.seconds > 0.0) || budget.seconds > limits.largestBudget.seconds) {
            throw std::invalid_argument("parameter 'seconds': must be more than 0 and at most " +
                                        std::to_string(limits.largestBudget.seconds));
        }
    }
    return budget;
}

// The rows of a position text from the top, e.g. ["WBWB", "BWBW", ...], for drawing.
Json rowsJson(const std::string& text) {
    Json rows = Json::array();
    const std::size_t first = text.find(' ') + 1;
    const std::string board = text.substr(first, text.find(' ', first) - first);
    for (std::size_t start = 0;;) {
        const std::size_t slash = board.find('/', start);
        rows.push_back(board.substr(start, slash - start));
        if (slash == std::string::npos) break;
        start = slash + 1;
    }
    return rows;
}

// The keys of `papamu probe --json` (json/game_json.hpp), with each move's resulting position.
Json probeJson(const PositionRequest& request, const ProbeAnswer& answer) {
    const BoardGeometry geometry(request.size.rows, request.size.columns);
    Json json = positionJson(request);
    json["source"] = probeSourceName(answer.source);
    json["value"] = valueText(answer.value);
    json["remoteness"] = answer.remoteness ? Json(*answer.remoteness) : Json(nullptr);
    json["moves"] = Json::array();
    for (const MoveAnswer& move : answer.moves) {
        Json rated = ratedMoveJson(geometry, move.move, move.value, move.remoteness);
        rated["after"] = move.after;
        json["moves"].push_back(std::move(rated));
    }
    json["best_line"] = moveListJson(geometry, answer.bestLine);
    if (answer.source == ProbeSource::Search) {
        SearchResult figures;
        figures.value = answer.value;
        figures.nodes = answer.nodes;
        figures.seconds = answer.seconds;
        json["statistics"] = searchStatisticsJson(figures);
    }
    return json;
}

Json lineCheckJson(const LineCheck& check) {
    return Json{{"valid", check.valid},
                {"faulty_move", check.faultyMove >= 0 ? Json(check.faultyMove + 1) : Json(nullptr)},
                {"reason", check.reason},
                {"complete", check.complete},
                {"remaining_plies", check.remainingPlies},
                {"continuation", check.continuation}};
}

// A JSON body's string field; absent gives the fallback.
std::string stringField(const nlohmann::json& body, const char* name, const std::string& fallback) {
    if (!body.contains(name)) return fallback;
    if (!body[name].is_string()) throw std::invalid_argument(std::string("field '") + name + "' must be a string");
    return body[name].get<std::string>();
}

}  // namespace

ExplorerApi::ExplorerApi(TableCatalog tables, PuzzleLibrary puzzles, nlohmann::ordered_json solvedBoards, ApiLimits limits,
                         std::function<bool()> stopRequested)
    : tables_(std::move(tables)),
      puzzles_(std::move(puzzles)),
      solvedBoards_(std::move(solvedBoards)),
      limits_(limits),
      stopRequested_(std::move(stopRequested)),
      slots_(limits.searchSlots) {}

ApiResponse ExplorerApi::start(const QueryParameters& given) const {
    return guarded([&] {
        const Parameters parameters(given, {"game", "board", "variant"});
        return positionJson(readStartRequest(parameters.required("game"), parameters.required("board"), parameters.optional("variant")));
    });
}

ApiResponse ExplorerApi::position(const QueryParameters& given) const {
    return guarded([&] {
        const Parameters parameters(given, {"p", "variant"});
        const PositionRequest request = readPositionRequest(parameters.required("p"), parameters.optional("variant"));
        return visitGame(request.game, request.size, request.variant, [&](const auto& game) {
            const BoardGeometry& geometry = game.geometry();
            Json json = positionJson(request);
            json["rows"] = rowsJson(json["position"].get<std::string>());
            json["column_names"] = Json::array();
            for (int column = 0; column < geometry.columns(); ++column) json["column_names"].push_back(columnName(column));
            json["swap_available"] = request.position.swapAvailable;
            MoveList moves;
            const std::optional<Value> finished = game.finishedValue(request.position);
            if (!finished) game.generateMoves(request.position, moves);
            const bool over = finished || moves.empty();
            json["finished"] = over;
            json["value"] = over ? Json(valueName(finished.value_or(Value::Loss))) : Json(nullptr);
            json["moves"] = Json::array();
            for (const Move move : moves) {
                const bool swap = move.kind == MoveKind::Swap;
                json["moves"].push_back({{"move", moveName(geometry, move)},
                                         {"from", swap ? Json(nullptr) : Json(cellName(geometry, move.from))},
                                         {"to", swap ? Json(nullptr) : Json(cellName(geometry, move.to))},
                                         {"after", formatPosition(request.game, geometry, game.applyMove(request.position, move))}});
            }
            return json;
        });
    });
}

ApiResponse ExplorerApi::probe(const QueryParameters& given) {
    return guarded([&] {
        const Parameters parameters(given, {"p", "variant", "nodes", "seconds"});
        const PositionRequest request = readPositionRequest(parameters.required("p"), parameters.optional("variant"));
        const SearchLimits budget = requestedBudget(parameters, limits_);
        if (const TableProbe* table = tables_.covering(request.game, request.size, request.variant, request.position)) {
            Json json = probeJson(request, probeFromTable(request, *table));
            json["table"] = tableDirectoryName(table->game(), table->size(), table->variant());
            return json;
        }
        const auto lease = slots_.tryAcquire();
        if (!lease) {
            throw ApiFailure(503, "all " + std::to_string(slots_.capacity()) + " search slots are busy; try again shortly");
        }
        return probeJson(request, probeBySearch(request, SearchBudget{budget, limits_.searchHashMegabytes, stopRequested_}));
    });
}

ApiResponse ExplorerApi::solved(const QueryParameters& given) const {
    return guarded([&] {
        const Parameters parameters(given, {});
        return Json{{"boards", solvedBoards_}};
    });
}

ApiResponse ExplorerApi::status(const QueryParameters& given) const {
    return guarded([&] {
        const Parameters parameters(given, {});
        return Json{{"search_slots", slots_.capacity()}, {"searches_running", slots_.inUse()}};
    });
}

ApiResponse ExplorerApi::tables(const QueryParameters& given) const {
    return guarded([&] {
        const Parameters parameters(given, {});
        Json list = Json::array();
        for (const auto& table : tables_.tables()) {
            const PositionRequest start = readStartRequest(gameName(table->game()), table->size().name(), table->variant().name());
            list.push_back({{"game", gameName(table->game())},
                            {"variant", table->variant().name()},
                            {"board", table->size().name()},
                            {"max_stones", table->maxStones()},
                            {"start", positionText(start)}});
        }
        return Json{{"tables", list}};
    });
}

ApiResponse ExplorerApi::puzzles(const QueryParameters& given) const {
    return guarded([&] {
        const Parameters parameters(given, {"file", "n"});
        if (!parameters.has("file")) {
            if (parameters.has("n")) throw std::invalid_argument("parameter 'n' needs 'file'");
            Json files = Json::array();
            for (const PuzzleSet& set : puzzles_.sets()) files.push_back({{"file", set.name}, {"count", set.puzzles.size()}});
            return Json{{"files", files}};
        }
        const std::string name = parameters.required("file");
        const PuzzleSet* set = puzzles_.find(name);
        if (!set) throw ApiFailure(404, "no puzzle file named '" + name + "' was loaded (see /api/puzzles)");
        const auto number = parseCount("n", parameters.optional("n", "1"));
        if (number < 1 || number > set->puzzles.size()) {
            throw std::invalid_argument("parameter 'n': must be between 1 and " + std::to_string(set->puzzles.size()));
        }
        return Json{{"file", set->name},
                    {"n", number},
                    {"count", set->puzzles.size()},
                    {"puzzle", Json(set->puzzles[number - 1])}};
    });
}

ApiResponse ExplorerApi::verify(const QueryParameters& given, const std::string& text) const {
    return guarded([&] {
        const Parameters parameters(given, {});
        nlohmann::json body;
        try {
            body = nlohmann::json::parse(text);
        } catch (const nlohmann::json::parse_error& error) {
            throw std::invalid_argument(std::string("the body is not JSON: ") + error.what());
        }
        if (!body.is_object()) throw std::invalid_argument("the body must be a JSON object");
        for (const auto& [key, value] : body.items()) {
            static const std::set<std::string> kFields{"position", "variant", "moves", "unique", "complete"};
            if (!kFields.count(key)) throw std::invalid_argument("unknown field '" + key + "' (fields: position, variant, moves, unique, complete)");
        }
        if (!body.contains("position")) throw std::invalid_argument("field 'position' is required");
        const PositionRequest request = readPositionRequest(stringField(body, "position", ""), stringField(body, "variant", ""));
        if (!body.contains("moves") || !body["moves"].is_array()) throw std::invalid_argument("field 'moves' must be an array of moves");
        std::vector<std::string> moves;
        for (const auto& move : body["moves"]) {
            if (!move.is_string()) throw std::invalid_argument("field 'moves' must hold strings such as \"d6-d4\"");
            moves.push_back(move.get<std::string>());
        }
        const std::string uniqueText = stringField(body, "unique", "none");
        const Uniqueness uniqueness = uniqueText == "none" ? Uniqueness::None : parseUniqueness(uniqueText);
        if (body.contains("complete") && !body["complete"].is_boolean()) throw std::invalid_argument("field 'complete' must be true or false");
        const bool requireComplete = body.value("complete", false);
        const TableProbe* table = tables_.covering(request.game, request.size, request.variant, request.position);
        if (!table) {
            throw ApiFailure(422, "no table of this server covers " + positionText(request) +
                                      " (verify answers from tables only; start papamu serve with --tb)");
        }
        return visitGame(request.game, request.size, request.variant, [&](const auto& game) {
            TableOracle oracle(game, *table);
            Json json = lineCheckJson(checkLine(game, oracle, request.position, moves, uniqueness, requireComplete));
            json["position"] = positionText(request);
            return json;
        });
    });
}

}  // namespace papamu::server
