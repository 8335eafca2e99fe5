#include "cli/command_line.hpp"

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <new>
#include <stdexcept>
#include <string_view>

#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"

namespace papamu::cli {

const char* const kExitCodeHelp =
    "exit codes: 0 success, 1 a negative answer (see above), 2 bad input (arguments, files named), "
    "3 internal error";

ParsedArguments parseArguments(int argc, char** argv, const std::string& usage,
                               const options::options_description& described) {
    options::options_description all = described;
    all.add_options()("help,h", "show this help");
    options::options_description hidden;
    hidden.add_options()("positional", options::value<std::vector<std::string>>(), "");
    options::options_description parsedOptions;
    parsedOptions.add(all).add(hidden);
    options::positional_options_description positional;
    positional.add("positional", -1);

    ParsedArguments arguments;
    try {
        // Negative numbers and moves never start with '-', so option-like words are options.
        options::store(options::command_line_parser(argc, argv)
                           .options(parsedOptions)
                           .positional(positional)
                           .run(),
                       arguments.values);
        options::notify(arguments.values);
    } catch (const options::error& error) {
        throw std::invalid_argument(error.what());
    }
    if (arguments.values.count("help")) {
        std::cout << "usage: " << usage << "\n\n" << all << "\n" << kExitCodeHelp << "\n";
        arguments.helpShown = true;
    }
    if (arguments.values.count("positional")) {
        arguments.positional = arguments.values["positional"].as<std::vector<std::string>>();
    }
    return arguments;
}

void addVariantOption(options::options_description& described) {
    described.add_options()("variant", options::value<std::string>()->default_value("standard"),
                            "rule options: single-jump, open-any (konane), no-pie (unane); join with +");
}

void addJsonOption(options::options_description& described) {
    described.add_options()("json", options::bool_switch(), "print JSON instead of text");
}

Variant variantFrom(const ParsedArguments& arguments) {
    if (!arguments.values.count("variant")) return {};
    return Variant::parse(arguments.values["variant"].as<std::string>());
}

bool jsonRequested(const ParsedArguments& arguments) {
    return arguments.values.count("json") && arguments.values["json"].as<bool>();
}

std::string positionText(const std::string& argument) {
    if (argument != "-") return argument;
    std::string line;
    if (!std::getline(std::cin, line)) throw std::invalid_argument("POSITION '-': standard input is empty");
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
}

GameSelection selectPosition(const std::string& positionText, const Variant& variant) {
    const PositionInGame parsed = positionFromJson(nlohmann::json(positionText), variant);
    GameSelection selection{parsed.game, parsed.size, parsed.variant, parsed.position, false};
    visitGame(parsed.game, parsed.size, parsed.variant,
              [&](const auto& game) { selection.isStart = parsed.position == game.startPosition(); });
    return selection;
}

GameSelection selectStart(const std::string& gameText, const std::string& sizeText, const Variant& variant) {
    const GameKind kind = parseGameKind(gameText);
    const BoardSize size = BoardSize::parse(sizeText);
    GameSelection selection{kind, size, variant, {}, true};
    visitGame(kind, size, variant, [&](const auto& game) { selection.position = game.startPosition(); });
    return selection;
}

namespace {

// PAPAMU_INJECT_FAILURE=bad_alloc|logic_error makes the next command body fail that way at its
// start, so tests can reach exit code 3 without a real bug or a machine out of memory.
void injectedFailure() {
    const char* failure = std::getenv("PAPAMU_INJECT_FAILURE");
    if (!failure) return;
    const std::string_view kind = failure;
    if (kind == "bad_alloc") throw std::bad_alloc();
    if (kind == "logic_error") throw std::logic_error("injected failure (PAPAMU_INJECT_FAILURE)");
}

int failed(const std::string& command, const std::string& message, int code) {
    std::cerr << "papamu " << command << ": error: " << message << "\n";
    return code;
}

}  // namespace

int guardedRun(const std::string& command, const std::function<int()>& body) {
    try {
        injectedFailure();
        return body();
    } catch (const std::invalid_argument& error) {
        return failed(command, error.what(), kBadInput);
    } catch (const std::filesystem::filesystem_error& error) {
        // A path the user named that can not be used: bad input, said without the library's prefix.
        std::string message = error.code().message();
        if (!error.path1().empty()) message = "'" + error.path1().string() + "': " + message;
        return failed(command, message, kBadInput);
    } catch (const std::bad_alloc&) {
        return failed(command, "internal error: out of memory", kInternalError);
    } catch (const std::logic_error& error) {
        return failed(command, std::string("internal error: ") + error.what(), kInternalError);
    } catch (const std::runtime_error& error) {
        // Files the user named that can not be read or are damaged (tables, puzzle files).
        return failed(command, error.what(), kBadInput);
    } catch (const std::exception& error) {
        return failed(command, std::string("internal error: ") + error.what(), kInternalError);
    }
}

}  // namespace papamu::cli
