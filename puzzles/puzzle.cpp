#include "puzzles/puzzle.hpp"

#include <cstdio>
#include <stdexcept>

#include "rules/game_list.hpp"

namespace papamu {

const char* uniquenessName(Uniqueness uniqueness) {
    switch (uniqueness) {
        case Uniqueness::None: return "none";
        case Uniqueness::First: return "first";
        case Uniqueness::Line: return "line";
    }
    return "none";
}

Uniqueness parseUniqueness(std::string_view text) {
    if (text == "first") return Uniqueness::First;
    if (text == "line") return Uniqueness::Line;
    throw std::invalid_argument("unknown uniqueness '" + std::string(text) + "' (expected first or line)");
}

std::string puzzleId(GameKind game, BoardSize board, const Variant& variant, const std::string& positionText) {
    std::uint64_t hash = 0xCBF29CE484222325ULL;
    const auto mix = [&hash](std::string_view text) {
        for (const char c : text) {
            hash ^= static_cast<unsigned char>(c);
            hash *= 0x100000001B3ULL;
        }
    };
    mix(variant.name());
    mix("|");
    mix(positionText);
    char digits[17];
    std::snprintf(digits, sizeof digits, "%016llx", static_cast<unsigned long long>(hash));
    return std::string(1, gameTraits(game).letter) + board.name() + "-" + std::string(digits, 10);
}

}  // namespace papamu
