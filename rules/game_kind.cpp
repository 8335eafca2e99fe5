#include "rules/game_kind.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <vector>

#include "rules/board_geometry.hpp"
#include "rules/game_list.hpp"

namespace papamu {

namespace {

// Every rule option: its name and its switch in Variant, in the order Variant::name writes them;
// the position is also the option's bit in files (variantFlags), so new options go at the end.
struct VariantOption {
    const char* name;
    bool Variant::*flag;
};
constexpr VariantOption kVariantOptions[] = {
    {"single-jump", &Variant::singleJump}, {"open-any", &Variant::openAny}, {"no-pie", &Variant::noPie}};

}  // namespace

const char* gameName(GameKind kind) { return gameTraits(kind).name; }

GameKind parseGameKind(std::string_view text) {
    for (const GameTraits& game : allGames()) {
        if (text == game.name) return game.kind;
    }
    throw std::invalid_argument("unknown game '" + std::string(text) + "': expected " + gameNamesWhere([](const GameTraits&) { return true; }));
}

std::string Variant::name() const {
    std::string result;
    for (const VariantOption& option : kVariantOptions) {
        if (!(this->*option.flag)) continue;
        if (!result.empty()) result += '+';
        result += option.name;
    }
    return result.empty() ? "standard" : result;
}

Variant Variant::parse(std::string_view text) {
    Variant variant;
    if (text == "standard") return variant;
    if (text.empty()) throw std::invalid_argument("empty variant name");
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find_first_of("+,", start);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view name = text.substr(start, end - start);
        const auto known = std::find_if(std::begin(kVariantOptions), std::end(kVariantOptions),
                                        [&](const VariantOption& option) { return name == option.name; });
        if (known == std::end(kVariantOptions)) {
            std::vector<std::string> names;
            for (const VariantOption& option : kVariantOptions) names.emplace_back(option.name);
            throw std::invalid_argument("unknown variant '" + std::string(name) + "': expected " + alternativesText(names));
        }
        variant.*known->flag = true;
        start = end + 1;
    }
    return variant;
}

std::uint8_t variantFlags(const Variant& variant) {
    unsigned flags = 0;
    for (std::size_t bit = 0; bit < std::size(kVariantOptions); ++bit) {
        if (variant.*kVariantOptions[bit].flag) flags |= 1U << bit;
    }
    return static_cast<std::uint8_t>(flags);
}

Variant variantFromFlags(std::uint8_t flags) {
    Variant variant;
    for (std::size_t bit = 0; bit < std::size(kVariantOptions); ++bit) variant.*kVariantOptions[bit].flag = ((flags >> bit) & 1U) != 0;
    return variant;
}

void validateVariant(GameKind kind, const Variant& variant) {
    const GameTraits& game = gameTraits(kind);
    for (const VariantOption& option : kVariantOptions) {
        if (!(variant.*option.flag) || game.options.*option.flag) continue;
        const std::string owners = gameNamesWhere([&](const GameTraits& other) { return other.options.*option.flag; });
        throw std::invalid_argument(std::string("variant ") + option.name + " is for " + owners + ", not " + game.name);
    }
}

BoardSize BoardSize::parse(std::string_view text) {
    const std::size_t cross = text.find('x');
    if (cross == std::string_view::npos) {
        throw std::invalid_argument("board size '" + std::string(text) +
                                    "' must be written ROWSxCOLUMNS, e.g. 5x6");
    }
    const auto parseNumber = [&text](std::string_view part, const char* what) {
        int value = 0;
        const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
        if (part.empty() || error != std::errc{} || end != part.data() + part.size()) {
            throw std::invalid_argument("board size '" + std::string(text) + "': " + what +
                                        " '" + std::string(part) + "' is not a number");
        }
        return value;
    };
    BoardSize size;
    size.rows = parseNumber(text.substr(0, cross), "rows");
    size.columns = parseNumber(text.substr(cross + 1), "columns");
    if (const std::optional<std::string> problem = boardSizeProblem(size.rows, size.columns)) throw std::invalid_argument(*problem);
    return size;
}

}  // namespace papamu
