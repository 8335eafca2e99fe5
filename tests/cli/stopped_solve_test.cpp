// A position solve stopped by a limit says what it settled: every move, proven ones with their
// value for the mover (checked here by full solves of the positions after them), the others
// with the table's numbers. This is what a frontier run stopped after hours reports.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using papamu::testing::CommandResult;
using papamu::testing::runPapamu;

namespace {

std::string firstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace

TEST_CASE("a stopped position solve lists every move, the proven ones right", "[cli]") {
    const std::string start = firstLine(runPapamu({"start", "unane", "4x5"}).out);
    const CommandResult stopped =
        runPapamu({"solve", start, "--variant", "no-pie", "--node-limit", "600000", "--json", "--no-progress"});
    REQUIRE(stopped.exitCode == 1);
    const nlohmann::json answer = nlohmann::json::parse(stopped.out);
    CHECK(answer["value"] == "unknown");
    const std::vector<std::string> legal = runPapamu({"moves", start, "--variant", "no-pie"}).outputLines();
    REQUIRE(legal.size() == 31);
    const nlohmann::json& moves = answer["move_numbers"];
    REQUIRE(moves.size() == legal.size());
    std::string losing;
    int proven = 0;
    for (std::size_t index = 0; index < legal.size(); ++index) {
        const nlohmann::json& move = moves[index];
        INFO(move.dump());
        CHECK(move["move"] == legal[index]);
        const std::string result = move["result_for_mover"];
        if (result == "unknown") {
            // Stored numbers of an open position are never a proof.
            if (move.contains("proof_number")) CHECK((move["proof_number"] > 0 && move["disproof_number"] > 0));
            continue;
        }
        ++proven;
        CHECK_FALSE(move.contains("proof_number"));
        if (result == "loss") losing += (losing.empty() ? "" : " ") + legal[index];
        // The value for the mover is the opposite of the full solve's after the move.
        const std::string after = firstLine(runPapamu({"play", start, legal[index], "--variant", "no-pie"}).out);
        const nlohmann::json full = nlohmann::json::parse(runPapamu({"solve", after, "--variant", "no-pie", "--json", "--no-progress"}).out);
        CHECK(full["value"] == (result == "win" ? "loss" : "win"));
    }
    CHECK(proven > 0);
    CHECK(proven < static_cast<int>(legal.size()));
    // The text says the same in one line.
    const CommandResult text = runPapamu({"solve", start, "--variant", "no-pie", "--node-limit", "600000", "--no-progress"});
    CHECK(text.exitCode == 1);
    CHECK_THAT(text.out, Catch::Contains("; losing " + losing + "; " + std::to_string(legal.size() - static_cast<std::size_t>(proven)) +
                                         " of 31 open\n"));
    // A proven position has no such list.
    const nlohmann::json solved = nlohmann::json::parse(runPapamu({"solve", start, "--variant", "no-pie", "--json", "--no-progress"}).out);
    CHECK(solved["value"] == "win");
    CHECK_FALSE(solved.contains("move_numbers"));
}
