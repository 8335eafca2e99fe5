#include "cli/command_line.hpp"

#include <iostream>
#include <new>
#include <stdexcept>

#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"

namespace papamu::cli {

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
        std::cout << "usage: " << usage << "\n\n" << all;
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

GameSelection selectPosition(const std::string& positionText, const Variant& variant) {
    const PositionText parsed = parsePosition(positionText);
    GameSelection selection{parsed.game, parsed.size, variant, parsed.position, false};
    visitGame(parsed.game, parsed.size, variant, [&](const auto& game) {
        if (const auto problem = game.positionProblem(parsed.position)) {
            throw std::invalid_argument("position '" + positionText + "': " + *problem);
        }
        selection.isStart = parsed.position == game.startPosition();
    });
    return selection;
}

GameSelection selectStart(const std::string& gameText, const std::string& sizeText, const Variant& variant) {
    const GameKind kind = parseGameKind(gameText);
    const BoardSize size = BoardSize::parse(sizeText);
    GameSelection selection{kind, size, variant, {}, true};
    visitGame(kind, size, variant, [&](const auto& game) { selection.position = game.startPosition(); });
    return selection;
}

int positiveOption(const ParsedArguments& arguments, const char* name, int fallback, int low, int high) {
    if (!arguments.values.count(name)) return fallback;
    const int value = arguments.values[name].as<int>();
    if (value < low || value > high) {
        throw std::invalid_argument(std::string("--") + name + " must be from " + std::to_string(low) + " to " + std::to_string(high));
    }
    return value;
}

int guardedRun(const std::string& command, const std::function<int()>& body) {
    try {
        return body();
    } catch (const std::invalid_argument& error) {
        std::cerr << "papamu " << command << ": error: " << error.what() << "\n";
        return kBadInput;
    } catch (const std::bad_alloc&) {
        std::cerr << "papamu " << command << ": error: out of memory\n";
        return kBadInput;
    } catch (const std::exception& error) {
        std::cerr << "papamu " << command << ": error: " << error.what() << "\n";
        return kBadInput;
    }
}

}  // namespace papamu::cli
