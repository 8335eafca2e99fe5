// Every numeric option of every subcommand, given bad values: exit code 2 before any work, and
// one line naming the option. One range per option across commands.
#include <catch2/catch.hpp>

#include "cli_runner.hpp"

using papamu::testing::CommandResult;
using papamu::testing::runPapamu;

namespace {

struct NumericOption {
    std::vector<std::string> command;  // everything else the command needs
    std::string name;
    std::string aboveRange;  // the smallest value past the top of the range
};

const std::vector<NumericOption> kOptions{
    {{"solve", "konane", "4x4"}, "threads", "1025"},
    {{"solve", "konane", "4x4"}, "hash", "1000000000001"},
    {{"solve", "konane", "4x4"}, "node-limit", "9223372036854775808"},
    {{"solve", "konane", "4x4"}, "time-limit", "1e10"},
    {{"build", "konane", "4x4", "--tb", "/nonexistent/tables"}, "threads", "1025"},
    {{"build", "konane", "4x4", "--tb", "/nonexistent/tables"}, "max-stones", "65"},
    {{"tb-verify", "/nonexistent/tables"}, "samples", "1000000001"},
    {{"tb-verify", "/nonexistent/tables"}, "seed", "18446744073709551616"},
    {{"tb-verify", "/nonexistent/tables"}, "sample-stones", "65"},
    {{"tb-verify", "/nonexistent/tables"}, "consistency-samples", "1000000001"},
    {{"tb-verify", "/nonexistent/tables"}, "dfpn-samples", "1000000001"},
    {{"tb-verify", "/nonexistent/tables"}, "hash", "1000000000001"},
    {{"puzzles", "konane", "4x4", "--count", "1", "--out", "/nonexistent/p.jsonl"}, "count", "1000001"},
    {{"puzzles", "konane", "4x4", "--count", "1", "--out", "/nonexistent/p.jsonl"}, "seed", "18446744073709551616"},
    {{"puzzles", "konane", "4x4", "--count", "1", "--out", "/nonexistent/p.jsonl"}, "min-remoteness", "65"},
    {{"puzzles", "konane", "4x4", "--count", "1", "--out", "/nonexistent/p.jsonl"}, "max-remoteness", "65"},
    {{"puzzles", "konane", "4x4", "--count", "1", "--out", "/nonexistent/p.jsonl"}, "max-stones", "65"},
    {{"puzzles", "konane", "4x4", "--count", "1", "--out", "/nonexistent/p.jsonl"}, "max-draws", "9223372036854775808"},
    {{"bench"}, "hash", "1000000000001"},
    {{"verify", "--certificate", "/nonexistent/c.cert"}, "threads", "1025"},
    {{"solve", "konane", "4x4", "--checkpoint", "/nonexistent/c.checkpoint"}, "checkpoint-interval", "1e10"},
    {{"solve", "konane", "4x4", "--progress-log", "/nonexistent/p.log"}, "progress-interval", "1e10"},
    // An address that can not be bound: were a value accepted, serve would fail there, with a
    // message that does not name the option, instead of serving forever.
    {{"serve", "--bind", "999.0.0.1"}, "port", "65536"},
    {{"serve", "--bind", "999.0.0.1"}, "threads", "1025"},
    {{"serve", "--bind", "999.0.0.1"}, "search-slots", "1025"},
    {{"serve", "--bind", "999.0.0.1"}, "max-nodes", "9223372036854775808"},
    {{"serve", "--bind", "999.0.0.1"}, "max-seconds", "1e10"},
};

bool isSeconds(const std::string& name) {
    return name == "time-limit" || name == "checkpoint-interval" || name == "progress-interval" || name == "max-seconds";
}

}  // namespace

TEST_CASE("every numeric option of every command refuses bad values with exit 2, naming the option", "[cli][options]") {
    for (const NumericOption& option : kOptions) {
        std::vector<std::string> badValues{"-1", "-5", "abc", "1.5", "3x", "", "99999999999999999999999", option.aboveRange};
        if (isSeconds(option.name)) badValues = {"-1", "abc", "1x", "", "nan", "inf", option.aboveRange};
        if (option.name == "checkpoint-interval" || option.name == "progress-interval" || option.name == "max-seconds") {
            badValues.push_back("0");  // must be above 0
        }
        if (option.name == "threads" || option.name == "search-slots" || option.name == "max-nodes") badValues.push_back("0");
        for (const std::string& value : badValues) {
            std::vector<std::string> arguments = option.command;
            arguments.push_back("--" + option.name + "=" + value);
            const CommandResult result = runPapamu(arguments);
            INFO(arguments.front() << " --" << option.name << "=" << value << "\nstderr: " << result.err);
            CHECK(result.exitCode == 2);
            CHECK(result.errorLines().size() == 1);
            CHECK_THAT(result.err, Catch::Contains("--" + option.name));
            CHECK(result.out.empty());
        }
        // The value as a separate word, where "-5" could be taken for an option: still exit 2 and named.
        std::vector<std::string> arguments = option.command;
        arguments.insert(arguments.end(), {"--" + option.name, "-5"});
        const CommandResult result = runPapamu(arguments);
        INFO(arguments.front() << " --" << option.name << " -5\nstderr: " << result.err);
        CHECK(result.exitCode == 2);
        CHECK_THAT(result.err, Catch::Contains(option.name));
    }
}

TEST_CASE("the message gives the allowed range, the same in every command", "[cli][options]") {
    const CommandResult solve = runPapamu({"solve", "konane", "4x4", "--threads=2000"});
    const CommandResult build = runPapamu({"build", "konane", "4x4", "--tb", "/nonexistent", "--threads=2000"});
    CHECK(solve.err == "papamu solve: error: --threads must be a whole number in 1..1024, not '2000'\n");
    CHECK(build.err == "papamu build: error: --threads must be a whole number in 1..1024, not '2000'\n");
    const CommandResult hash = runPapamu({"solve", "konane", "4x4", "--hash=-5"});
    CHECK_THAT(hash.err, Catch::Contains("--hash must be a whole number in 1..1000000000000 MB, not '-5'"));
}

TEST_CASE("every --help lists every option and the exit codes; help CMD is CMD --help", "[cli][help]") {
    const std::vector<std::pair<std::string, std::vector<std::string>>> commands{
        {"start", {"--variant"}},
        {"show", {"--variant", "--json"}},
        {"moves", {"--variant", "--json"}},
        {"play", {"--variant", "--json"}},
        {"perft", {"--variant", "--json", "--divide", "--stats"}},
        {"puzzles", {"--count", "--out", "--format", "--tb", "--seed", "--min-remoteness", "--max-remoteness", "--unique",
                     "--reachable", "--max-stones", "--max-draws", "--stats", "--no-progress", "--variant", "--json"}},
        {"verify", {"--puzzles", "--tb", "--certificate", "--threads", "--variant", "--json"}},
        {"solve", {"--variant", "--json", "--threads", "--hash", "--memory", "--time-limit", "--node-limit", "--all", "--tb",
                   "--method", "--no-progress", "--certificate", "--progress-log", "--progress-interval"}},
        {"bench", {"--hash", "--memory", "--baseline", "--json"}},
        {"build", {"--tb", "--max-stones", "--threads", "--memory", "--no-progress", "--variant", "--json"}},
        {"tb-verify", {"--samples", "--seed", "--sample-stones", "--consistency-samples", "--dfpn-samples", "--hash", "--memory", "--json"}},
    };
    for (const auto& [command, options] : commands) {
        const CommandResult help = runPapamu({command, "--help"});
        INFO(command << "\n" << help.out);
        CHECK(help.exitCode == 0);
        for (const std::string& option : options) CHECK_THAT(help.out, Catch::Contains(option));
        CHECK_THAT(help.out, Catch::Contains("exit codes: 0 success") && Catch::Contains("3 internal error"));
        const CommandResult viaHelp = runPapamu({"help", command});
        CHECK(viaHelp.exitCode == 0);
        CHECK(viaHelp.out == help.out);
    }
    // The usage line names the options users missed there.
    CHECK_THAT(runPapamu({"solve", "--help"}).out, Catch::Contains("[--method dfpn|negamax]") && Catch::Contains("[--no-progress]"));
    CHECK_THAT(runPapamu({"puzzles", "--help"}).out, Catch::Contains("[--max-draws N]"));
    CHECK_THAT(runPapamu({"tb-verify", "--help"}).out, Catch::Contains("[--sample-stones K]") && Catch::Contains("[--dfpn-samples N]"));
    CHECK_THAT(runPapamu({"build", "--help"}).out, Catch::Contains("[--memory SIZE]"));
    CHECK(runPapamu({"help", "nonsense"}).exitCode == 2);
}

TEST_CASE("exit code 3 is an internal error; bad input stays 2", "[cli][exit]") {
    const CommandResult allocation =
        papamu::testing::runPapamuWithInput({"moves", "konane WBWB/BWBW/WBWB/BWBW b"}, "", "PAPAMU_INJECT_FAILURE=bad_alloc");
    CHECK(allocation.exitCode == 3);
    CHECK(allocation.err == "papamu moves: error: internal error: out of memory\n");
    const CommandResult logic =
        papamu::testing::runPapamuWithInput({"solve", "konane", "4x4"}, "", "PAPAMU_INJECT_FAILURE=logic_error");
    CHECK(logic.exitCode == 3);
    CHECK_THAT(logic.err, Catch::StartsWith("papamu solve: error: internal error: "));
    // A --hash too large for the machine is the user's input, not a bug.
    CHECK(runPapamu({"solve", "konane", "4x4", "--hash", "1000000000", "--memory", "1G"}).exitCode == 2);
    CHECK(runPapamu({"moves", "konane WBWB/BWB b"}).exitCode == 2);
}
