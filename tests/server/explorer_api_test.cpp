// The explorer's JSON API against a real `papamu serve` on an ephemeral loopback port, with its
// answers compared to `papamu probe` on the same Konane 4x4 table.
#include <httplib.h>

#include <catch2/catch.hpp>
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <future>
#include <nlohmann/json.hpp>
#include <set>

#include "server/server_process.hpp"
#include "support/command_runner.hpp"

namespace {

using papamu::testing::runPapamu;
using papamu::testing::ServerProcess;
using nlohmann::json;

const std::string kStart4x4 = "konane WBWB/BWBW/WBWB/BWBW b";

// A temporary folder with the Konane 4x4 table (and, on request, a puzzle file from it).
struct TableFolder {
    std::filesystem::path root;
    TableFolder() {
        std::string pattern = (std::filesystem::temp_directory_path() / "papamu-server-test-XXXXXX").string();
        REQUIRE(mkdtemp(pattern.data()) != nullptr);
        root = pattern;
        REQUIRE(runPapamu({"build", "konane", "4x4", "--tb", tables(), "--threads", "1"}).exitCode == 0);
    }
    ~TableFolder() { std::filesystem::remove_all(root); }
    std::string tables() const { return (root / "tables").string(); }
    std::string puzzles() const {
        const std::string path = (root / "konane-4x4.jsonl").string();
        const auto made = runPapamu({"puzzles", "konane", "4x4", "--count", "3", "--min-remoteness", "3", "--tb", tables(), "--out", path});
        INFO(made.err);
        REQUIRE(made.exitCode == 0);
        return path;
    }
};

struct Answer {
    int status = 0;
    json body;
    std::string text;
};

Answer get(const ServerProcess& server, const std::string& path, const httplib::Params& parameters = {}) {
    httplib::Client client(server.host(), server.port());
    client.set_read_timeout(60, 0);
    const auto result = client.Get(path.c_str(), parameters, httplib::Headers{});
    REQUIRE(result);
    Answer answer{result->status, json(), result->body};
    if (result->get_header_value("Content-Type") == "application/json") answer.body = json::parse(result->body);
    return answer;
}

Answer post(const ServerProcess& server, const std::string& path, const std::string& body, const char* type = "application/json") {
    httplib::Client client(server.host(), server.port());
    const auto result = client.Post(path.c_str(), body, type);
    REQUIRE(result);
    Answer answer{result->status, json(), result->body};
    if (result->get_header_value("Content-Type") == "application/json") answer.body = json::parse(result->body);
    return answer;
}

// A 400 (or other failure) with a one-line message that mentions `part`.
void requireError(const Answer& answer, int status, const std::string& part) {
    INFO(answer.text);
    REQUIRE(answer.status == status);
    const std::string message = answer.body.at("error");
    CHECK(message.find('\n') == std::string::npos);
    CHECK(message.find(part) != std::string::npos);
}

json cliProbe(const TableFolder& folder, const std::string& position) {
    const auto result = runPapamu({"probe", position, "--tb", folder.tables(), "--json"});
    REQUIRE(result.exitCode == 0);
    return json::parse(result.out);
}

const std::string kStart6x6 = "konane WBWBWB/BWBWBW/WBWBWB/BWBWBW/WBWBWB/BWBWBW b";
// Unsolved: its first opening line alone took more than 979 M nodes (results/data/frontier.json),
// so a search of it is still running when a test needs a busy slot, however fast the search gets.
const std::string kStart7x7 = "konane BWBWBWB/WBWBWBW/BWBWBWB/WBWBWBW/BWBWBWB/WBWBWBW/BWBWBWB b";

// With --search-slots 1: starts a search of Konane 7x7 (far beyond `seconds`) and returns once
// /api/status shows it holding the slot, after checking that a quick probe is then refused.
// Watching /api/status takes no slot: probing for a 503 instead kept the slot busy itself, so on
// a loaded machine the long search could lose the race fifty times over (CI, 2026-12-03).
std::future<Answer> holdTheOnlySlot(const ServerProcess& server, const std::string& seconds) {
    auto longSearch = std::async(std::launch::async, [&server, seconds] {
        return get(server, "/api/probe", {{"p", kStart7x7}, {"nodes", "20000000"}, {"seconds", seconds}});
    });
    while (get(server, "/api/status").body.at("searches_running") != 1) {
        if (longSearch.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
            const Answer early = longSearch.get();
            INFO(early.text);
            FAIL("the long search ended before it was seen holding the slot");
        }
    }
    requireError(get(server, "/api/probe", {{"p", kStart6x6}, {"nodes", "1"}}), 503, "search slots are busy");
    return longSearch;
}

}  // namespace

TEST_CASE("serve: probe answers agree with papamu probe on the same table", "[server]") {
    TableFolder folder;
    ServerProcess server({"--tb", folder.tables()});
    CHECK(server.firstLine().find("listening on http://127.0.0.1:") != std::string::npos);  // loopback by default
    // The start, every position after one and two plies, and the positions along the best line.
    std::vector<std::string> positions{kStart4x4};
    for (std::size_t index = 0; index < 5 && index < positions.size(); ++index) {
        const json moves = get(server, "/api/position", {{"p", positions[index]}}).body.at("moves");
        for (const json& move : moves) positions.push_back(move.at("after"));
    }
    const json start = get(server, "/api/probe", {{"p", kStart4x4}}).body;
    std::string along = kStart4x4;
    for (const json& move : start.at("best_line")) {
        const json moves = get(server, "/api/position", {{"p", along}}).body.at("moves");
        for (const json& candidate : moves) {
            if (candidate.at("move") == move) along = candidate.at("after");
        }
        positions.push_back(along);
    }
    REQUIRE(positions.size() > 15);
    for (const std::string& position : positions) {
        INFO(position);
        const Answer served = get(server, "/api/probe", {{"p", position}});
        REQUIRE(served.status == 200);
        const json expected = cliProbe(folder, position);
        CHECK(served.body.at("source") == "table");
        CHECK(served.body.at("table") == "konane-standard-4x4");
        for (const char* key : {"position", "value", "remoteness", "best_line"}) CHECK(served.body.at(key) == expected.at(key));
        REQUIRE(served.body.at("moves").size() == expected.at("moves").size());
        for (std::size_t index = 0; index < expected.at("moves").size(); ++index) {
            for (const char* key : {"move", "result_for_mover", "remoteness"}) {
                CHECK(served.body["moves"][index].at(key) == expected["moves"][index].at(key));
            }
        }
    }
    // Published: Konane 4x4 is a win for the second player, so the start is lost for Black.
    CHECK(start.at("value") == "loss");
}

TEST_CASE("serve: start, position, tables, solved and static files", "[server]") {
    TableFolder folder;
    ServerProcess server({"--tb", folder.tables(), "--results", std::string(PAPAMU_SOURCE_DIR) + "/results/data"});
    const Answer start = get(server, "/api/start", {{"game", "unane"}, {"board", "3x4"}, {"variant", "no-pie"}});
    REQUIRE(start.status == 200);
    CHECK(start.body.at("position") == "unane BWBW/WBWB/BWBW b");
    CHECK(start.body.at("variant") == "no-pie");

    const Answer position = get(server, "/api/position", {{"p", kStart4x4}});
    REQUIRE(position.status == 200);
    std::set<std::string> moves;
    for (const json& move : position.body.at("moves")) moves.insert(move.at("move"));
    CHECK(moves == std::set<std::string>{"a1", "b2", "c3", "d4"});  // corners and centre holding Black stones
    CHECK(position.body.at("rows") == json::array({"WBWB", "BWBW", "WBWB", "BWBW"}));
    CHECK(position.body.at("finished") == false);
    CHECK(position.body.at("side") == "black");  // the keys of json/game_json.hpp
    const Answer over = get(server, "/api/position", {{"p", "konane .B.B/..../..../.W.W w"}});
    CHECK(over.body.at("finished") == true);
    CHECK(over.body.at("value") == "loss");

    const Answer tables = get(server, "/api/tables");
    REQUIRE(tables.body.at("tables").size() == 1);
    CHECK(tables.body["tables"][0].at("start") == kStart4x4);

    const Answer idle = get(server, "/api/status");
    CHECK(idle.body == json{{"search_slots", 2}, {"searches_running", 0}});  // the default slots, none taken

    const Answer solved = get(server, "/api/solved");
    REQUIRE(solved.status == 200);
    bool found5x5 = false;
    for (const json& board : solved.body.at("boards")) {
        if (board.at("game") == "konane" && board.at("board") == "5x5") {
            found5x5 = true;
            CHECK(board.at("winner") == "first");  // published: Black wins Konane 5x5
            CHECK(board.at("certificate").at("file") == "results/data/solves.json");
        }
    }
    CHECK(found5x5);

    const Answer page = get(server, "/");
    CHECK(page.status == 200);
    CHECK(page.text.find("papamu explorer") != std::string::npos);
    CHECK(get(server, "/explorer.js").text.find("/api/probe") != std::string::npos);
    // Only the embedded files exist: nothing is read from disk for a URL.
    for (const char* path : {"/../CMakeLists.txt", "/%2e%2e/CMakeLists.txt", "/etc/passwd", "/server/static/index.html", "/CMakeLists.txt"}) {
        INFO(path);
        CHECK(get(server, path).status == 404);
    }
}

TEST_CASE("serve: bad input is a 400 with a one-line message naming the bad part", "[server]") {
    TableFolder folder;
    ServerProcess server({"--tb", folder.tables()});
    requireError(get(server, "/api/probe", {{"p", "konane WBWB/BWBW/WBXB/BWBW b"}}), 400, "X");
    requireError(get(server, "/api/probe", {{"p", "konane WBWB/BWBW/WBWB b w"}}), 400, "");
    requireError(get(server, "/api/probe"), 400, "'p' is required");
    // Off-colour Kōnane stones (a black stone on b1, a white cell) are in no game.
    requireError(get(server, "/api/position", {{"p", "konane .B.B/..../W.W./.B.. b"}}), 400, "black stone on b1, a white cell");
    requireError(get(server, "/api/probe", {{"p", "konane .B.B/..../W.W./.B.. b"}}), 400, "black stone on b1, a white cell");
    requireError(get(server, "/api/probe", {{"p", kStart4x4}, {"depth", "3"}}), 400, "unknown parameter 'depth'");
    requireError(get(server, "/api/status", {{"slots", "3"}}), 400, "unknown parameter 'slots'");
    requireError(get(server, "/api/probe", {{"p", kStart4x4}, {"p", "konane WBWB/BWBW/WBWB/.WBW w"}}), 400, "more than once");
    requireError(get(server, "/api/probe", {{"p", kStart4x4}, {"variant", "no-pie"}}), 400, "no-pie");
    requireError(get(server, "/api/probe", {{"p", kStart4x4}, {"nodes", "12abc"}}), 400, "nodes");
    requireError(get(server, "/api/probe", {{"p", kStart4x4}, {"nodes", "0"}}), 400, "nodes");
    requireError(get(server, "/api/probe", {{"p", kStart4x4}, {"seconds", "1e9"}}), 400, "seconds");
    requireError(get(server, "/api/start", {{"game", "chess"}, {"board", "8x8"}}), 400, "chess");
    requireError(get(server, "/api/start", {{"game", "konane"}, {"board", "9x9"}}), 400, "9x9");
    requireError(get(server, "/api/position", {{"p", "unane WBW/BWB/WBW b"}}), 400, "");  // odd number of cells
    requireError(post(server, "/api/verify", "{not json"), 400, "not JSON");
    requireError(post(server, "/api/verify", R"({"position": ")" + kStart4x4 + R"(", "moves": ["a1"], "extra": 1})"), 400, "extra");
    requireError(post(server, "/api/verify", R"({"position": ")" + kStart4x4 + R"(", "moves": "a1"})"), 400, "moves");
    requireError(post(server, "/api/verify", R"({"position": ")" + kStart4x4 + R"(", "moves": ["a1"]})", "application/x-www-form-urlencoded"), 415, "application/json");
    requireError(post(server, "/api/verify", std::string(100 * 1024, ' '), "application/json"), 413, "too large");
    requireError(get(server, "/api/probe", {{"p", std::string(10000, 'B')}}), 414, "");
    requireError(get(server, "/api/puzzles", {{"file", "../../etc/passwd"}}), 404, "no puzzle file");
}

TEST_CASE("serve: puzzles and verify use the puzzle line check", "[server]") {
    TableFolder folder;
    const std::string puzzles = folder.puzzles();
    ServerProcess server({"--tb", folder.tables(), "--puzzles", puzzles});
    const Answer files = get(server, "/api/puzzles");
    REQUIRE(files.body.at("files").size() == 1);
    CHECK(files.body["files"][0].at("file") == "konane-4x4.jsonl");
    const Answer first = get(server, "/api/puzzles", {{"file", "konane-4x4.jsonl"}, {"n", "1"}});
    REQUIRE(first.status == 200);
    const json puzzle = first.body.at("puzzle");
    requireError(get(server, "/api/puzzles", {{"file", "konane-4x4.jsonl"}, {"n", "99"}}), 400, "n");

    json claim{{"position", puzzle.at("position")}, {"moves", puzzle.at("solution")}, {"unique", "line"}, {"complete", true}};
    const Answer valid = post(server, "/api/verify", claim.dump());
    INFO(valid.text);
    REQUIRE(valid.status == 200);
    CHECK(valid.body.at("valid") == true);
    CHECK(valid.body.at("complete") == true);
    // A losing first move: rejected with the refutation, as `papamu verify` says it.
    const json probe = get(server, "/api/probe", {{"p", puzzle.at("position")}}).body;
    std::string losing;
    for (const json& move : probe.at("moves")) {
        if (move.at("result_for_mover") == "loss") losing = move.at("move");
    }
    REQUIRE(!losing.empty());
    const Answer wrong = post(server, "/api/verify", json{{"position", puzzle.at("position")}, {"moves", {losing}}}.dump());
    REQUIRE(wrong.status == 200);
    CHECK(wrong.body.at("valid") == false);
    CHECK(wrong.body.at("faulty_move") == 1);
    const auto cli = runPapamu({"verify", puzzle.at("position"), losing, "--tb", folder.tables()});
    CHECK(cli.exitCode == 1);
    CHECK(cli.out.find(wrong.body.at("reason").get<std::string>()) != std::string::npos);
    // A position no table covers: verify answers from tables only.
    requireError(post(server, "/api/verify", R"({"position": "konane BWBWB/WBWBW/BWBWB/WBWBW/BWBWB b", "moves": ["c3"]})"), 422, "no table");
}

TEST_CASE("serve: a search that runs out of budget answers unknown, never a guess", "[server]") {
    ServerProcess server({});
    const Answer spent = get(server, "/api/probe", {{"p", kStart6x6}, {"nodes", "1"}});
    REQUIRE(spent.status == 200);
    CHECK(spent.body.at("source") == "search");
    CHECK(spent.body.at("value") == "unknown");
    CHECK(spent.body.at("remoteness").is_null());
    CHECK(spent.body.at("best_line").empty());
    for (const json& move : spent.body.at("moves")) {
        CHECK(move.at("result_for_mover") == "unknown");
        CHECK(!move.contains("remoteness"));
    }
    CHECK(spent.body.at("statistics").at("nodes").get<int>() >= 1);
    // With enough budget the same search proves a published value: Black wins Konane 5x5.
    const Answer proven = get(server, "/api/probe", {{"p", "konane BWBWB/WBWBW/BWBWB/WBWBW/BWBWB b"}, {"nodes", "2000000"}});
    REQUIRE(proven.status == 200);
    CHECK(proven.body.at("value") == "win");
    std::set<std::string> winning;
    for (const json& move : proven.body.at("moves")) {
        CHECK(move.at("result_for_mover") != "unknown");
        if (move.at("result_for_mover") == "win") winning.insert(move.at("move"));
    }
    CHECK(winning == std::set<std::string>{"a1", "e1", "c3", "a5", "e5"});  // results/data/solves.json
    CHECK(proven.body.at("best_line").size() > 4);
}

TEST_CASE("serve: a search beyond the free slots is refused with 503, not queued", "[server]") {
    ServerProcess server({"--search-slots", "1"});
    auto longSearch = holdTheOnlySlot(server, "2");
    const Answer finished = longSearch.get();
    CHECK(finished.status == 200);
    CHECK(finished.body.at("value") == "unknown");  // 2 s are far too few for Konane 7x7
    // The slot is free again afterwards.
    CHECK(get(server, "/api/status").body.at("searches_running") == 0);
    CHECK(get(server, "/api/probe", {{"p", kStart6x6}, {"nodes", "1"}}).status == 200);
}

TEST_CASE("serve: SIGTERM stops the server cleanly", "[server]") {
    ServerProcess server({});
    CHECK(get(server, "/api/start", {{"game", "konane"}, {"board", "4x4"}}).status == 200);
    const auto [status, rest] = server.terminate();
    CHECK(status == 0);
    CHECK(rest.find("stopped") != std::string::npos);
}

TEST_CASE("serve: Ctrl-C during a search stops the search and the server", "[server]") {
    ServerProcess server({"--search-slots", "1"});
    const auto started = std::chrono::steady_clock::now();
    auto longSearch = holdTheOnlySlot(server, "10");
    server.interrupt();
    const Answer answer = longSearch.get();
    CHECK(answer.status == 200);
    CHECK(answer.body.at("value") == "unknown");  // stopped, not guessed
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(8));
    const auto [status, rest] = server.terminate(true);
    CHECK(status == 0);
    CHECK(rest.find("stopped") != std::string::npos);
}

TEST_CASE("serve: bad options exit with status 2 and a one-line message", "[server]") {
    const auto noTable = runPapamu({"serve", "--tb", "/nonexistent/tables", "--port", "0"});
    CHECK(noTable.exitCode == 2);
    CHECK(noTable.err.find("/nonexistent/tables") != std::string::npos);
    const auto badPort = runPapamu({"serve", "--port", "70000"});
    CHECK(badPort.exitCode == 2);
    CHECK(badPort.err.find("--port") != std::string::npos);
}

// (--port 70000: a papamu that served by itself would refuse it with status 2, not wait forever.)
TEST_CASE("serve: a papamu without papamu-serve beside it says so in one line, status 3", "[server]") {
    std::string pattern = (std::filesystem::temp_directory_path() / "papamu-lonely-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    const std::filesystem::path folder = pattern;
    std::filesystem::copy_file(PAPAMU_BINARY, folder / "papamu");
    const std::string errors = (folder / "err").string();
    const std::string command = papamu::testing::shellQuoted((folder / "papamu").string()) + " serve --port 70000 2>" +
                                papamu::testing::shellQuoted(errors);
    const int status = std::system(command.c_str());
    const std::string message = papamu::testing::fileText(errors);
    std::filesystem::remove_all(folder);
    INFO(message);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 3);
    CHECK(std::count(message.begin(), message.end(), '\n') == 1);
    CHECK(message.find((folder / "papamu-serve").string()) != std::string::npos);
}
