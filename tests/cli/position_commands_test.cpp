// The rules commands of the real `papamu` binary: start, show, moves, play, perft, --help, and
// bad input of every kind (exit code 2 and a one-line message, never a crash).
#include <catch2/catch.hpp>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "support/command_runner.hpp"

using papamu::testing::CommandResult;
using papamu::testing::runPapamu;

namespace {

const std::string kKonane6 = "konane WBWBWB/BWBWBW/WBWBWB/BWBWBW/WBWBWB/BWBWBW b";

void requireSuccess(const CommandResult& result) {
    INFO("stderr: " << result.err);
    REQUIRE(result.exitCode == 0);
    CHECK(result.err.empty());
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> result;
    std::istringstream stream(text);
    for (std::string line; std::getline(stream, line);) result.push_back(line);
    return result;
}

// Bad input: exit code exactly 2, nothing on stdout, one line on stderr naming the command.
void checkRejected(const std::vector<std::string>& arguments, const std::string& message) {
    const CommandResult result = runPapamu(arguments);
    std::string shown;
    for (const auto& argument : arguments) shown += " [" + argument + "]";
    INFO("papamu" << shown << "\nstdout: " << result.out << "\nstderr: " << result.err);
    CHECK(result.exitCode == 2);
    CHECK(result.out.empty());
    CHECK(result.errorLines().size() == 1);
    CHECK_THAT(result.err, Catch::StartsWith("papamu " + arguments.front() + ": error: ") && Catch::Contains(message));
}

}  // namespace

TEST_CASE("papamu start prints the start position", "[cli]") {
    CommandResult result = runPapamu({"start", "konane", "4x4"});
    requireSuccess(result);
    CHECK(result.out == "konane WBWB/BWBW/WBWB/BWBW b\n");
    result = runPapamu({"start", "unane", "5x6"});
    requireSuccess(result);
    CHECK(result.out == "unane BWBWBW/WBWBWB/BWBWBW/WBWBWB/BWBWBW b\n");
    result = runPapamu({"start", "konane", "1x3", "--variant", "open-any"});
    requireSuccess(result);
    CHECK(result.out == "konane BWB b\n");
}

TEST_CASE("papamu show draws the board, the side to move and the winner", "[cli]") {
    CommandResult result = runPapamu({"show", "konane WBWB/BWBW/WBWB/BWBW b"});
    requireSuccess(result);
    CHECK(result.out == "  4  W B W B\n  3  B W B W\n  2  W B W B\n  1  B W B W\n     a b c d\n\n"
                        "konane 4x4, variant standard\nBlack to move\n");
    result = runPapamu({"show", "unane BW/BB w"});
    requireSuccess(result);
    CHECK_THAT(result.out, Catch::Contains("game over: Black has won"));
    result = runPapamu({"show", "konane .B.B/..../W.W./.... b"});
    requireSuccess(result);
    CHECK_THAT(result.out, Catch::Contains("game over: White has won"));
    result = runPapamu({"show", "unane BWBW/WBWB/BWBW/W.WB w swap"});
    requireSuccess(result);
    CHECK_THAT(result.out, Catch::Contains("White to move (may swap)"));
    result = runPapamu({"show", "unane B.BW/.W.W b", "--variant", "no-pie"});
    requireSuccess(result);
    CHECK_THAT(result.out, Catch::Contains("unane 2x4, variant no-pie\nBlack to move"));
    // Past column z every column gets three characters so the names stay apart.
    result = runPapamu({"show", "konane " + std::string(28, '.') + " w"});
    requireSuccess(result);
    CHECK_THAT(result.out, Catch::Contains("  y  z aa ab\n"));
    CHECK_THAT(result.out, Catch::Contains("  1   .  .  ."));
}

TEST_CASE("papamu moves lists the legal moves", "[cli]") {
    CommandResult result = runPapamu({"moves", kKonane6});
    requireSuccess(result);
    CHECK(result.out == "a1\nc3\nd4\nf6\n");
    result = runPapamu({"moves", kKonane6, "--variant", "open-any"});  // any of the 18 black stones
    requireSuccess(result);
    CHECK(lines(result.out).size() == 18);
    result = runPapamu({"moves", "konane ...B../...W../....../...W../....../...... b", "--json"});
    requireSuccess(result);
    const auto json = nlohmann::json::parse(result.out);
    CHECK(json["moves"] == nlohmann::json::array({"d6-d4", "d6-d2"}));
    result = runPapamu({"moves", "unane BW/BB w"});  // finished: no moves
    requireSuccess(result);
    CHECK(result.out.empty());
}

TEST_CASE("papamu play applies moves and explains an illegal one", "[cli]") {
    CommandResult result = runPapamu({"play", kKonane6, "a1", "b1", "a3-a1"});
    requireSuccess(result);
    CHECK(result.out == "konane WBWBWB/BWBWBW/WBWBWB/.WBWBW/.BWBWB/B.BWBW w\n");
    result = runPapamu({"play", "konane ...B../...W../....../...W../....../...... b", "d6-d4-d2"});
    requireSuccess(result);
    CHECK(result.out == "konane ....../....../....../....../...B../...... w\n");
    result = runPapamu({"play", "unane WBWB/BWBW/WBWB/BWBW b", "a1-b1"});
    requireSuccess(result);
    CHECK(result.out == "unane WBWB/BWBW/WBWB/.BBW w swap\n");
    result = runPapamu({"play", "unane WBWB/BWBW/WBWB/BWBW b", "a1-b1", "swap"});
    requireSuccess(result);
    CHECK(result.out == "unane WBWB/BWBW/WBWB/.BBW w\n");
    result = runPapamu({"play", kKonane6});  // no moves: the position itself
    requireSuccess(result);
    CHECK(result.out == kKonane6 + "\n");
    checkRejected({"play", "konane ....../....../...B../....../....../...... b", "d4-d6"},
                  "move 1: d4-d6 is not a legal move here: d5 holds no enemy stone");
    checkRejected({"play", kKonane6, "a1", "b3"}, "move 2: b3 is not a legal move here: b3 is not next to the empty cell a1");
    checkRejected({"play", "unane WBWB/BWBW/WBWB/BWBW b", "a1-b1", "d1-c1", "swap"},
                  "move 3: swap is not a legal move here: the pie swap is offered only to White, on White's first turn");
    checkRejected({"play", kKonane6, "a9"}, "cell a9 is off the 6x6 board");
    checkRejected({"play", kKonane6, "a1--a3"}, "has an empty cell between dashes");
    checkRejected({"play", kKonane6, ""}, "empty move");
}

TEST_CASE("Every command refuses an off-colour Konane position, naming the cell", "[cli]") {
    // A Kōnane stone never leaves the colour of its start cell (RULES.md): b1 is a white cell.
    const std::string offColour = "konane .B.B/..../W.W./.B.. b";
    const std::string reason = "konane: black stone on b1, a white cell: no game reaches it";
    checkRejected({"show", offColour}, reason);
    checkRejected({"moves", offColour}, reason);
    checkRejected({"play", offColour, "d4-d2"}, reason);
    checkRejected({"perft", offColour, "2"}, reason);
    checkRejected({"solve", offColour}, reason);
    checkRejected({"verify", offColour, "d4-d2"}, reason);
    checkRejected({"probe", offColour, "--tb", "no-such-table-root"}, reason);  // refused before any table is looked for
    // A white stone on a black cell (c1) is named the same way.
    checkRejected({"moves", "konane .B.B/..../W.W./..W. w"}, "konane: white stone on c1, a black cell");
    // The same stones on their own colours are a position like any other.
    requireSuccess(runPapamu({"moves", "konane .B.B/..../W.W./B... b"}));
    // Ūnane stones stand anywhere: the same pattern is an Ūnane position.
    requireSuccess(runPapamu({"show", "unane .B.B/..../W.W./.B.. b"}));
}

TEST_CASE("papamu perft reproduces the figures of RULES.md", "[cli][perft]") {
    const auto perftOf = [](std::vector<std::string> arguments) {
        arguments.insert(arguments.begin(), "perft");
        const CommandResult result = runPapamu(arguments);
        requireSuccess(result);
        return result.out;
    };
    const char* konane[] = {"4", "12", "28", "156", "668", "4192"};
    for (int depth = 1; depth <= 6; ++depth) {
        CHECK(perftOf({"konane", "6x6", std::to_string(depth)}) == std::string(konane[depth - 1]) + "\n");
    }
    const char* pie[] = {"24", "472", "7172", "83084"};
    const char* noPie[] = {"24", "448", "6724", "76360"};
    for (int depth = 1; depth <= 4; ++depth) {
        CHECK(perftOf({"unane", "4x4", std::to_string(depth)}) == std::string(pie[depth - 1]) + "\n");
        CHECK(perftOf({"unane", "4x4", std::to_string(depth), "--variant", "no-pie"}) == std::string(noPie[depth - 1]) + "\n");
    }
    // The position form from the start counts the same sequences, swap included.
    CHECK(perftOf({kKonane6, "5"}) == "668\n");
    CHECK(perftOf({"unane WBWB/BWBW/WBWB/BWBW b", "2"}) == "472\n");
    // Its mirror image is a full board too, but not the start: no swap is offered after it.
    CHECK(perftOf({"unane BWBW/WBWB/BWBW/WBWB b", "2"}) == "448\n");
    CHECK(perftOf({"konane", "6x6", "0"}) == "1\n");
}

TEST_CASE("papamu perft --divide and --json", "[cli][perft]") {
    CommandResult result = runPapamu({"perft", "konane", "6x6", "6", "--divide"});
    requireSuccess(result);
    const auto divided = lines(result.out);
    REQUIRE(divided.size() == 5);
    CHECK(divided[0].rfind("a1 ", 0) == 0);
    std::uint64_t sum = 0;
    for (std::size_t index = 0; index + 1 < divided.size(); ++index) sum += std::stoull(divided[index].substr(divided[index].find(' ') + 1));
    CHECK(sum == 4192);
    CHECK(divided.back() == "total 4192");

    result = runPapamu({"perft", "unane", "4x4", "3", "--divide", "--json"});
    requireSuccess(result);
    const auto json = nlohmann::json::parse(result.out);
    CHECK(json["nodes"] == 7172);
    CHECK(json["depth"] == 3);
    CHECK(json["variant"] == "standard");
    CHECK(json["position"] == "unane WBWB/BWBW/WBWB/BWBW b");
    REQUIRE(json["divide"].size() == 24);
    std::uint64_t jsonSum = 0;
    for (const auto& entry : json["divide"]) jsonSum += entry["nodes"].get<std::uint64_t>();
    CHECK(jsonSum == 7172);
    CHECK(json["divide"][0]["move"] == "a1-a2");

    result = runPapamu({"perft", "unane", "4x4", "2", "--json", "--variant", "no-pie"});
    requireSuccess(result);
    CHECK(nlohmann::json::parse(result.out)["nodes"] == 448);
    CHECK_FALSE(nlohmann::json::parse(result.out).contains("divide"));

    result = runPapamu({"perft", "konane", "6x6", "3", "--stats"});
    REQUIRE(result.exitCode == 0);
    CHECK(result.out == "28\n");
    CHECK_THAT(result.err, Catch::Contains("nodes/s") && Catch::Contains("positions expanded"));
}

TEST_CASE("Bad input of every kind: exit code 2 and one line", "[cli][errors]") {
    checkRejected({"start"}, "expected GAME RxC");
    checkRejected({"start", "chess", "4x4"}, "unknown game 'chess'");
    checkRejected({"start", "konane", "9x9"}, "board 9x9 is not allowed");
    checkRejected({"start", "konane", "0x4"}, "board 0x4 is not allowed");
    checkRejected({"start", "konane", "4"}, "must be written ROWSxCOLUMNS");
    checkRejected({"start", "konane", "4xb"}, "columns 'b' is not a number");
    checkRejected({"start", "konane", "99999999999x1"}, "is not a number");
    checkRejected({"start", "unane", "3x3"}, "is not allowed for unane");
    checkRejected({"start", "unane", "1x2"}, "at least 4 cells");
    checkRejected({"start", "konane", "4x4", "--variant", "no-pie"}, "variant no-pie is for unane, not konane");
    checkRejected({"start", "unane", "4x4", "--variant", "single-jump"}, "variant single-jump is for konane, not unane");
    checkRejected({"start", "konane", "4x4", "--variant", "bogus"}, "unknown variant 'bogus'");
    checkRejected({"start", "konane", "4x4", "--variant"}, "variant");
    checkRejected({"start", "konane", "4x4", "--bogus"}, "bogus");
    checkRejected({"start", "konane", "4x4", "extra"}, "unexpected argument 'extra' after GAME RxC");
    checkRejected({"show"}, "missing POSITION");
    checkRejected({"show", "konane", "WB/BW", "b"}, "expected one POSITION argument, got 3");
    checkRejected({"moves", "konane WB/BW b", "a1"}, "expected one POSITION argument, got 2");
    checkRejected({"show", "konane WBWB/BWB/WBWB/BWBW b"}, "row 3 (the 2nd from the top) has 3 cells, expected 4");
    checkRejected({"show", "konane WBWB/BWxW/WBWB/BWBW b"}, "row 3, character 3 (cell c3): 'x' is not B, W or .");
    checkRejected({"moves", "konane WB/BW x"}, "side to move 'x' must be b or w");
    checkRejected({"moves", "konane WB/BW b extra"}, "unexpected 'extra'");
    checkRejected({"moves", "konane WB/BW b swap extra"}, "has 5 fields");
    checkRejected({"moves", "konane  WB/BW b"}, "field 2 is empty");
    checkRejected({"moves", "konane WB/BW w swap"}, "'swap' is only for unane positions");
    checkRejected({"moves", "unane WB/BW b swap"}, "'swap' is offered only to White");
    checkRejected({"moves", "unane WB/BW w swap", "--variant", "no-pie"}, "the pie swap is off in variant no-pie");
    checkRejected({"moves", "unane BWB/WBW/BWB b"}, "is not allowed for unane");
    checkRejected({"moves", "konane BWBWBWBW/BWBWBWBW/BWBWBWBW/BWBWBWBW/BWBWBWBW/BWBWBWBW/BWBWBWBW/BWBWBWBW/BWBWBWBW b"},
                  "board 9x8 is not allowed: it has 72 cells, at most 64 are allowed");
    checkRejected({"moves", "chess WB/BW b"}, "unknown game 'chess'");
    checkRejected({"perft", "konane", "6x6"}, "expected POSITION D or GAME RxC D");
    checkRejected({"perft", "konane", "6x6", "x"}, "depth 'x' must be a whole number from 0 to 64");
    checkRejected({"perft", "konane", "6x6", "65"}, "depth '65' must be a whole number from 0 to 64");
    checkRejected({"perft", "konane", "6x6", "3x"}, "depth '3x'");
    checkRejected({"perft", "konane", "6x6", "-1"}, "-1");
    checkRejected({"perft", "konane WB/BW b", "2", "--variant", "no-pie"}, "no-pie is for unane");
    checkRejected({"perft", "konane", "6x6", "2", "--divide=yes"}, "divide");

    const CommandResult unknown = runPapamu({"frobnicate"});
    CHECK(unknown.exitCode == 2);
    CHECK(unknown.errorLines() == std::vector<std::string>{"papamu: error: unknown command 'frobnicate' (see papamu --help)"});
    CHECK(runPapamu({}).exitCode == 2);
}

TEST_CASE("papamu --version names the commit the binary was built from", "[cli]") {
    // The checkout's HEAD as git gives it, worked out here independently of the build's script.
    std::string head;
    if (FILE* git = popen("git -C '" PAPAMU_SOURCE_DIR "' rev-parse --short HEAD 2>/dev/null", "r")) {
        char buffer[64];
        while (std::fgets(buffer, sizeof buffer, git) != nullptr) head += buffer;
        if (pclose(git) != 0) head.clear();
    }
    while (!head.empty() && (head.back() == '\n' || head.back() == '\r')) head.pop_back();
    const CommandResult result = runPapamu({"--version"});
    requireSuccess(result);
    const std::regex format(R"(papamu \d+\.\d+\.\d+ \(([0-9a-f]+(\+modified)?|unknown)\)\n)");
    std::smatch match;
    REQUIRE(std::regex_match(result.out, match, format));
    // Built from this checkout: its commit (or "unknown" where there is no git to ask).
    const std::string commit = match[1].str();
    if (head.empty()) {
        CHECK(commit == "unknown");
    } else {
        CHECK(commit.substr(0, commit.find('+')) == head);
    }
}

TEST_CASE("Every subcommand answers --help with its usage and exit code 0", "[cli]") {
    const CommandResult overview = runPapamu({"--help"});
    requireSuccess(overview);
    std::vector<std::string> commands;
    bool inList = false;
    for (const std::string& line : lines(overview.out)) {
        if (line == "commands:") {
            inList = true;
        } else if (inList && line.rfind("  ", 0) == 0) {
            commands.push_back(line.substr(2, line.find(' ', 2) - 2));
        } else if (inList) {
            break;
        }
    }
    for (const char* expected : {"start", "show", "moves", "play", "perft"}) {
        CHECK(std::find(commands.begin(), commands.end(), expected) != commands.end());
    }
    for (const std::string& command : commands) {
        INFO(command);
        const CommandResult help = runPapamu({command, "--help"});
        CHECK(help.exitCode == 0);
        CHECK_THAT(help.out, Catch::StartsWith("usage: papamu " + command));
        CHECK(runPapamu({"help", command}).out == help.out);
        // Every option of the list under "COMMAND options:" is named in the usage above it.
        const std::string::size_type listStart = help.out.find("\n" + command + " options:\n");
        REQUIRE(listStart != std::string::npos);
        const std::string usage = help.out.substr(0, listStart);
        int listed = 0;
        for (const std::string& line : lines(help.out.substr(listStart + 1))) {
            if (line.rfind("  --", 0) != 0) continue;
            const std::string option = line.substr(2, line.find_first_of(" =", 2) - 2);
            ++listed;
            INFO(option);
            CHECK(std::regex_search(usage, std::regex(option + "(?![a-z-])")));  // the whole name, not a prefix of another
        }
        CHECK(listed > 0);
    }
}
