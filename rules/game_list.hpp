#pragma once
// The one list of games. Adding a game: its class with a `kTraits` record (rules/<game>_game.*),
// its number in GameKind (rules/game_kind.hpp), and its class here; the checks below and the
// Game concept say what is missing.
#include <array>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "rules/game_concept.hpp"
#include "rules/konane_game.hpp"
#include "rules/unane_game.hpp"

namespace papamu {

template <Game... Games>
struct GameList {
    static constexpr std::array<GameTraits, sizeof...(Games)> traits{Games::kTraits...};
    // Any one of the games, for holding a run-time choice (visit it with std::visit).
    using AnyGame = std::variant<Games...>;
};

using KnownGames = GameList<KonaneGame, UnaneGame>;
using AnyGame = KnownGames::AnyGame;

namespace game_list_detail {

constexpr bool sameText(const char* left, const char* right) { return std::string_view(left) == std::string_view(right); }

// Every record complete and plausible; GameKind numbers the games in list order (tables store
// the number); names and puzzle letters unique.
constexpr bool wellFormed(std::span<const GameTraits> games) {
    for (std::size_t index = 0; index < games.size(); ++index) {
        const GameTraits& game = games[index];
        if (static_cast<std::size_t>(game.kind) != index) return false;
        if (game.name == nullptr || std::string_view(game.name).empty() || game.letter == '\0') return false;
        if (game.openingPlies < 1 || game.searchStoneLimit < 1) return false;
        for (const PuzzleTheme& theme : game.puzzleThemes) {
            if (theme.word == nullptr || std::string_view(theme.word).empty()) return false;
        }
        for (std::size_t other = 0; other < index; ++other) {
            if (sameText(games[other].name, game.name) || games[other].letter == game.letter) return false;
        }
    }
    return true;
}

}  // namespace game_list_detail

static_assert(game_list_detail::wellFormed(KnownGames::traits), "rules/game_list.hpp: a game record is incomplete or clashes with another");

constexpr std::span<const GameTraits> allGames() { return KnownGames::traits; }

// Words joined for a message: "a", "a or b", "a, b or c".
inline std::string alternativesText(std::span<const std::string> words) {
    std::string text;
    for (std::size_t index = 0; index < words.size(); ++index) {
        if (index > 0) text += index + 1 == words.size() ? " or " : ", ";
        text += words[index];
    }
    return text;
}

// The names of the games whose record satisfies `has`, for messages ("konane or unane").
template <class Predicate>
std::string gameNamesWhere(Predicate has) {
    std::vector<std::string> names;
    for (const GameTraits& game : allGames()) {
        if (has(game)) names.emplace_back(game.name);
    }
    return alternativesText(names);
}

// The record of a game; throws std::invalid_argument for a number that names no game (a damaged
// or newer file).
constexpr const GameTraits& gameTraits(GameKind kind) {
    const auto index = static_cast<std::size_t>(kind);
    if (index >= KnownGames::traits.size()) throw std::invalid_argument("unknown game number " + std::to_string(index));
    return KnownGames::traits[index];
}

}  // namespace papamu
