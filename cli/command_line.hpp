#pragma once
// What every subcommand shares: option parsing with --help, the game/board/position arguments,
// and the exit-code contract (0 success, 1 a negative answer, 2 bad input, 3 internal error).
#include <boost/program_options.hpp>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "json/game_json.hpp"
#include "rules/game_kind.hpp"
#include "rules/position.hpp"

namespace papamu::cli {

namespace options = boost::program_options;

enum ExitCode : int { kSuccess = 0, kNegative = 1, kBadInput = 2, kInternalError = 3 };
// Printed at the end of every --help.
extern const char* const kExitCodeHelp;

// A subcommand's arguments after parsing; `positional` holds the words that are not options.
struct ParsedArguments {
    options::variables_map values;
    std::vector<std::string> positional;
    bool helpShown = false;
};

// Parses argv (argv[0] is the subcommand name); prints usage, every option and the exit codes
// and sets helpShown on --help.
// Throws std::invalid_argument for unknown options or malformed values.
ParsedArguments parseArguments(int argc, char** argv, const std::string& usage,
                               const options::options_description& described);

// The options most commands take: --variant and --json.
void addVariantOption(options::options_description& described);
void addJsonOption(options::options_description& described);
Variant variantFrom(const ParsedArguments& arguments);
bool jsonRequested(const ParsedArguments& arguments);

// A position to work on, given either as one POSITION argument (RULES.md format) or as
// GAME RxC for the start position. Validated against the game, the board and the variant.
struct GameSelection {
    GameKind kind = GameKind::Konane;
    BoardSize size;
    Variant variant;
    Position position;
    bool isStart = false;
    PositionInGame inGame() const { return {kind, size, variant, position}; }
};
// POSITION "-" is read from the first line of standard input.
std::string positionText(const std::string& argument);
GameSelection selectPosition(const std::string& positionText, const Variant& variant);
GameSelection selectStart(const std::string& gameText, const std::string& sizeText, const Variant& variant);

// Runs a command body, turning exceptions into a one-line message on stderr and an exit code:
// std::invalid_argument, std::runtime_error (files the user named) and filesystem errors are bad
// input (2); std::bad_alloc, other logic errors and anything else are "internal error" (3).
// PAPAMU_INJECT_FAILURE=bad_alloc|logic_error in the environment fails the body at its start
// that way (for tests of exit code 3).
int guardedRun(const std::string& command, const std::function<int()>& body);

}  // namespace papamu::cli
