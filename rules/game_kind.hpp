#pragma once
// Which game, which rule variant, which board: everything needed to name a set of rules.
#include <cstdint>
#include <string>
#include <string_view>

namespace papamu {

// The number of each game of rules/game_list.hpp, in list order; stored in table files.
enum class GameKind : std::uint8_t { Konane = 0, Unane = 1 };

// The game's name (GameTraits::name); throws std::invalid_argument for a number of no game.
const char* gameName(GameKind kind);
// Throws std::invalid_argument, listing the names, for anything but a game's name.
GameKind parseGameKind(std::string_view text);

// Rule options. Off by default; each game accepts only its own (see validateVariant).
struct Variant {
    bool singleJump = false;  // Kōnane: a move is one jump only
    bool openAny = false;     // Kōnane: the first removal may take any stone of the mover
    bool noPie = false;       // Ūnane: no pie swap

    bool operator==(const Variant&) const = default;
    // "standard", or the options joined by '+' in a fixed order, e.g. "single-jump+open-any".
    std::string name() const;
    // Accepts "standard", one option name, or several joined by '+' or ','.
    static Variant parse(std::string_view text);
};

// The options as bits, as every file format of papamu stores them: bit 0 single-jump, bit 1
// open-any, bit 2 no-pie; the other bits are zero (readers refuse files where they are not).
inline constexpr std::uint8_t kKnownVariantFlags = 0x7;
std::uint8_t variantFlags(const Variant& variant);
Variant variantFromFlags(std::uint8_t flags);

// Throws std::invalid_argument when the variant has an option the game does not know.
void validateVariant(GameKind kind, const Variant& variant);

// Parses "RxC" (rows x columns); throws std::invalid_argument naming the problem.
struct BoardSize {
    int rows = 0;
    int columns = 0;
    static BoardSize parse(std::string_view text);
    std::string name() const { return std::to_string(rows) + "x" + std::to_string(columns); }
    bool operator==(const BoardSize&) const = default;
};

}  // namespace papamu
