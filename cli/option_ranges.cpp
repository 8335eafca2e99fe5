#include "cli/option_ranges.hpp"

#include <array>
#include <charconv>
#include <limits>
#include <stdexcept>

#include "solver/memory_budget.hpp"

namespace papamu::cli {

namespace {

constexpr std::uint64_t kLargest = std::numeric_limits<std::int64_t>::max();

// One row per option name, shared by every command that takes it.
constexpr std::array kRanges{
    OptionRange{"threads", 1, 1024, ""},
    OptionRange{"hash", 1, 1000000000000ULL, "MB"},  // the memory budget (--memory) is the real limit
    OptionRange{"node-limit", 0, kLargest, "nodes"},
    OptionRange{"seed", 0, std::numeric_limits<std::uint64_t>::max(), ""},
    OptionRange{"count", 1, 1000000, "puzzles"},
    OptionRange{"min-remoteness", 1, 64, "plies"},
    OptionRange{"max-remoteness", 0, 64, "plies"},
    OptionRange{"max-stones", 1, 64, "stones"},
    OptionRange{"max-draws", 0, kLargest, "positions"},
    OptionRange{"samples", 0, 1000000000, "positions"},
    OptionRange{"sample-stones", 1, 64, "stones"},
    OptionRange{"consistency-samples", 0, 1000000000, "positions"},
    OptionRange{"dfpn-samples", 0, 1000000000, "positions"},
    OptionRange{"depth", 0, 64, "plies"},
    OptionRange{"port", 0, 65535, ""},
    OptionRange{"search-slots", 1, 1024, "searches"},
    OptionRange{"max-nodes", 1, kLargest, "nodes"},
    OptionRange{"decomposition-stones", 2, 32, "stones"},
};

constexpr double kLongestTimeLimit = 1e9;

}  // namespace

const OptionRange& optionRange(std::string_view name) {
    for (const OptionRange& range : kRanges) {
        if (range.name == name) return range;
    }
    std::string message = "no range for option --";
    message.append(name);
    throw std::logic_error(message);
}

std::string rangeText(const OptionRange& range) {
    std::string text = std::to_string(range.low);
    text.append("..").append(std::to_string(range.high));
    if (!range.unit.empty()) text.append(" ").append(range.unit);
    return text;
}

void addIntegerOption(options::options_description& described, const char* name, const std::string& fallback,
                      const std::string& help) {
    const std::string text = help + " (" + rangeText(optionRange(name)) + ")";
    if (fallback.empty()) {
        described.add_options()(name, options::value<std::string>(), text.c_str());
    } else {
        described.add_options()(name, options::value<std::string>()->default_value(fallback), text.c_str());
    }
}

void addMemoryOption(options::options_description& described, const std::string& guards) {
    std::string help = "memory budget, e.g. 8G, 512M or 50% (default: 75% of the available memory)";
    if (!guards.empty()) help += "; " + guards;
    described.add_options()("memory", options::value<std::string>(), help.c_str());
}

std::uint64_t memoryBudgetOption(const ParsedArguments& arguments) {
    return arguments.values.count("memory") ? parseMemorySize(arguments.values["memory"].as<std::string>()) : defaultMemoryBudget();
}

void addTimeLimitOption(options::options_description& described) {
    described.add_options()("time-limit", options::value<std::string>()->default_value("0"),
                            "stop after S seconds; what is not proven by then shows as unknown (0: no limit; at most 1e9)");
}

std::uint64_t parseIntegerOption(std::string_view name, std::string_view text) {
    const OptionRange& range = optionRange(name);
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < range.low || value > range.high) {
        std::string message = "--";
        message.append(name).append(" must be a whole number in ").append(rangeText(range)).append(", not '").append(text).append("'");
        throw std::invalid_argument(message);
    }
    return value;
}

std::optional<std::uint64_t> integerOption(const ParsedArguments& arguments, std::string_view name) {
    const std::string key(name);
    if (!arguments.values.count(key)) return std::nullopt;
    return parseIntegerOption(name, arguments.values[key].as<std::string>());
}

std::uint64_t integerOption(const ParsedArguments& arguments, std::string_view name, std::uint64_t fallback) {
    return integerOption(arguments, name).value_or(fallback);
}

double parseSecondsOption(std::string_view name, std::string_view text, bool zeroAllowed) {
    double seconds = -1.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seconds);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || !(seconds >= 0.0) ||
        (!zeroAllowed && seconds == 0.0) || seconds > kLongestTimeLimit) {
        std::string message = "--";
        message.append(name).append(zeroAllowed ? " must be a number of seconds from 0 to 1e9, not '"
                                                : " must be a number of seconds above 0, at most 1e9, not '");
        message.append(text).append("'");
        throw std::invalid_argument(message);
    }
    return seconds;
}

double secondsOption(const ParsedArguments& arguments, std::string_view name, bool zeroAllowed, double fallback) {
    const std::string key(name);
    if (!arguments.values.count(key)) return fallback;
    return parseSecondsOption(name, arguments.values[key].as<std::string>(), zeroAllowed);
}

double timeLimitOption(const ParsedArguments& arguments) { return secondsOption(arguments, "time-limit", true, 0.0); }

}  // namespace papamu::cli
