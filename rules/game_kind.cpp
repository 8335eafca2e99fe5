#include "rules/game_kind.hpp"

#include <charconv>
#include <stdexcept>

namespace papamu {

GameKind parseGameKind(std::string_view text) {
    if (text == "konane") return GameKind::Konane;
    if (text == "unane") return GameKind::Unane;
    throw std::invalid_argument("unknown game '" + std::string(text) + "': expected konane or unane");
}

std::string Variant::name() const {
    std::string result;
    const auto add = [&result](bool on, const char* option) {
        if (!on) return;
        if (!result.empty()) result += '+';
        result += option;
    };
    add(singleJump, "single-jump");
    add(openAny, "open-any");
    add(noPie, "no-pie");
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
        const std::string_view option = text.substr(start, end - start);
        if (option == "single-jump") {
            variant.singleJump = true;
        } else if (option == "open-any") {
            variant.openAny = true;
        } else if (option == "no-pie") {
            variant.noPie = true;
        } else {
            throw std::invalid_argument("unknown variant '" + std::string(option) +
                                        "': expected single-jump, open-any or no-pie");
        }
        start = end + 1;
    }
    return variant;
}

std::uint8_t variantFlags(const Variant& variant) {
    return static_cast<std::uint8_t>((variant.singleJump ? 1U : 0U) | (variant.openAny ? 2U : 0U) | (variant.noPie ? 4U : 0U));
}

Variant variantFromFlags(std::uint8_t flags) {
    return Variant{(flags & 1U) != 0, (flags & 2U) != 0, (flags & 4U) != 0};
}

void validateVariant(GameKind kind, const Variant& variant) {
    if (kind == GameKind::Konane && variant.noPie) {
        throw std::invalid_argument("variant no-pie is for unane, not konane");
    }
    if (kind == GameKind::Unane && (variant.singleJump || variant.openAny)) {
        throw std::invalid_argument(std::string("variant ") +
                                    (variant.singleJump ? "single-jump" : "open-any") +
                                    " is for konane, not unane");
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
    if (size.rows < 1 || size.columns < 1 || static_cast<long long>(size.rows) * size.columns > 64) {
        throw std::invalid_argument("board " + size.name() +
                                    " is not allowed: rows and columns at least 1, at most 64 cells");
    }
    return size;
}

}  // namespace papamu
