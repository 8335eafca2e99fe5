// `papamu puzzles` under Ctrl-C, end to end on the real binary: the puzzles found so far are
// written (valid ones, replacing FILE), the run says so and exits 130; interrupted before any
// puzzle was found, it writes nothing and an existing FILE keeps what it held. The signal is
// sent when the progress line shows the awaited count, never after a fixed delay.
#include <catch2/catch.hpp>

#include <csignal>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "support/child_process.hpp"
#include "tablebase/temporary_directory.hpp"

using namespace papamu::testing;

namespace {

// Runs papamu with standard error on a terminal (where puzzles draws its progress line) and sends
// SIGINT once that line matches `awaited`.
CommandResult interruptWhenShown(const std::vector<std::string>& arguments, const std::regex& awaited) {
    bool sent = false;
    const CommandResult result = runWhileWatching(arguments, std::chrono::seconds(60), ErrorStream::Terminal,
                                                  [&](pid_t child, const std::string& err) {
                                                      if (!sent && std::regex_search(err, awaited)) {
                                                          kill(child, SIGINT);
                                                          sent = true;
                                                      }
                                                  });
    CHECK(sent);
    return result;
}

std::vector<std::string> fileLines(const std::string& path) {
    std::vector<std::string> lines;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

}  // namespace

TEST_CASE("Ctrl-C during puzzles writes the valid puzzles found so far and exits 130", "[puzzles][interrupt]") {
    TemporaryDirectory root;
    const std::string out = (root.path() / "found.jsonl").string();
    std::ofstream(out) << "an older file\n";
    // Kōnane 4x4 has far fewer puzzles than asked for, and 2000 draws per puzzle keep the run
    // going for minutes: it ends by the signal, sent once at least one puzzle is found.
    const CommandResult result = interruptWhenShown({"puzzles", "konane", "4x4", "--count", "100000", "--out", out, "--seed", "7"},
                                                    std::regex("[1-9][0-9]*/100000 puzzles"));
    INFO("stdout:\n" << result.out << "stderr:\n" << result.err);
    CHECK(result.exitCode == 130);
    const std::string shown = withoutOverwrittenText(result.err);
    std::smatch wrote;
    REQUIRE(std::regex_search(shown, wrote, std::regex("papamu puzzles: interrupted: wrote ([0-9]+) puzzles to " + out + " \\(")));
    const std::size_t count = std::stoul(wrote[1].str());
    CHECK(count >= 1);
    const std::vector<std::string> lines = fileLines(out);
    CHECK(lines.size() == count);
    CHECK(lines.front() != "an older file");
    // Every puzzle written is a whole record that verify checks and finds valid.
    const CommandResult checked = runPapamu({"verify", "--puzzles", out});
    INFO("verify:\n" << checked.out << checked.err);
    CHECK(checked.exitCode == 0);
    CHECK_THAT(checked.out, Catch::EndsWith(std::to_string(count) + " puzzles, " + std::to_string(count) + " valid, 0 invalid\n"));
}

TEST_CASE("Ctrl-C before any puzzle is found leaves an existing output file as it was", "[puzzles][interrupt]") {
    TemporaryDirectory root;
    const std::string out = (root.path() / "keep.jsonl").string();
    std::ofstream(out) << "precious\n";
    // No Kōnane win from 6 stones lasts 7 plies (every jump takes a stone and the last stone can
    // not jump), so this run never finds a puzzle: it draws positions until the signal (the draws
    // allowed would take hours).
    const CommandResult result = interruptWhenShown(
        {"puzzles", "konane", "4x4", "--count", "5", "--out", out, "--max-stones", "6", "--min-remoteness", "7", "--max-draws", "1000000000"},
        std::regex("\r0/5 puzzles, [1-9]"));
    INFO("stdout:\n" << result.out << "stderr:\n" << result.err);
    CHECK(result.exitCode == 130);
    CHECK_THAT(withoutOverwrittenText(result.err),
               Catch::Contains("papamu puzzles: interrupted before any puzzle was found; nothing written, " + out + " left as it was\n"));
    CHECK(fileLines(out) == std::vector<std::string>{"precious"});
}
