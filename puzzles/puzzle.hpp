#pragma once
// One puzzle as the files carry it: a position where the side to move wins, and the answer.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rules/color.hpp"
#include "rules/game_kind.hpp"

namespace papamu {

// How far a puzzle's answer is the only one.
enum class Uniqueness : std::uint8_t {
    None,   // only claimed correct (used for plain claims, never written to a puzzle)
    First,  // exactly one legal move wins in the puzzle position
    Line,   // at every move of the winner along the solution, exactly one legal move wins
};
const char* uniquenessName(Uniqueness uniqueness);
// "first" or "line"; throws std::invalid_argument for anything else.
Uniqueness parseUniqueness(std::string_view text);

struct Puzzle {
    std::string id;
    GameKind game = GameKind::Konane;
    Variant variant;
    BoardSize board;
    std::string position;  // RULES.md position text
    Color sideToMove = Color::Black;
    std::vector<std::string> solution;  // both sides' moves in RULES.md notation, winner first
    int length = 0;                     // plies of the solution (its number of moves)
    int rating = 0;                     // puzzles/README.md gives the formula
    std::string theme;                  // space-separated theme words, possibly empty
    Uniqueness unique = Uniqueness::Line;

    bool operator==(const Puzzle&) const = default;
};

// A stable id from the rules and the position: "k5x6-" or "u4x5-" and 10 hex digits of a
// 64-bit FNV-1a hash, so the same puzzle gets the same id in every set.
std::string puzzleId(GameKind game, BoardSize board, const Variant& variant, const std::string& positionText);

}  // namespace papamu
