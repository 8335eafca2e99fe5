#pragma once
// The numeric options of every subcommand and their one allowed range each. Values are read as
// text and checked here, so "-5" never wraps to a huge unsigned number and every refusal is one
// line naming the option and its range (exit 2). A new numeric option gets its range here.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "cli/command_line.hpp"

namespace papamu::cli {

struct OptionRange {
    std::string_view name;  // without the leading --
    std::uint64_t low;
    std::uint64_t high;
    std::string_view unit;  // for help and messages, e.g. "MB"; may be empty
};

// The range of an option; throws std::logic_error for a name without one (a programming error).
const OptionRange& optionRange(std::string_view name);
// "1..1024" (with the unit where there is one).
std::string rangeText(const OptionRange& range);

// Adds --NAME taking a whole number; `fallback` is the default shown in --help (empty: none).
void addIntegerOption(options::options_description& described, const char* name, const std::string& fallback,
                      const std::string& help);
// Adds --memory SIZE (8G, 512M, 50%; solver/memory_budget.hpp), with `guards` saying what the
// budget refuses up front, e.g. "a --hash table that does not fit is refused".
void addMemoryOption(options::options_description& described, const std::string& guards);
// The budget --memory gives, or 75% of the available memory when it was not given.
std::uint64_t memoryBudgetOption(const ParsedArguments& arguments);
// Adds --time-limit (seconds, a decimal number from 0 to 1e9).
void addTimeLimitOption(options::options_description& described);

// The checked value of --NAME, or nullopt when it was not given and has no default.
std::optional<std::uint64_t> integerOption(const ParsedArguments& arguments, std::string_view name);
std::uint64_t integerOption(const ParsedArguments& arguments, std::string_view name, std::uint64_t fallback);
double timeLimitOption(const ParsedArguments& arguments);
// A decimal number of seconds at most 1e9 (also above 0 unless `zeroAllowed`): --time-limit,
// --checkpoint-interval, serve's --max-seconds. Given as text, like the whole numbers above.
double secondsOption(const ParsedArguments& arguments, std::string_view name, bool zeroAllowed, double fallback);
double parseSecondsOption(std::string_view name, std::string_view text, bool zeroAllowed);

// Parses `text` as a whole number within the option's range; throws std::invalid_argument
// "--NAME must be a whole number from LOW to HIGH, not 'TEXT'".
std::uint64_t parseIntegerOption(std::string_view name, std::string_view text);

}  // namespace papamu::cli
