#pragma once
// What papamu knows about a game besides its moves: its names, how its tables index positions,
// how its solves and puzzles are presented. Each game class holds one record,
// `static constexpr GameTraits kTraits`, which the Game concept requires, and rules/game_list.hpp
// lists the games. Code that behaves differently per game reads a field here instead of asking
// which game it is, so a new game supplies one record (the compiler asks for every field) and
// is handled everywhere.
#include <cstddef>
#include <cstdint>
#include <span>

#include "rules/game_kind.hpp"

namespace papamu {

// Where the stones of each colour can ever stand. Decides how tables index positions
// (tablebase/table_index.hpp) and which board symmetry exchanges the colours there.
enum class StoneCells : std::uint8_t {
    HomeColour,  // a stone stays on cells of its own start colour (Kōnane: a jump moves two cells)
    AnyCell,     // any cell, Black's and White's stones on disjoint cells (Ūnane)
};

// How proof-number search rates a position it has not expanded (solver/initial_estimate.hpp).
enum class ProofEstimate : std::uint8_t {
    Mobility,    // (opponent's moves³, own moves³): the player with more moves tends to outlast the other
    GroupCount,  // the game is won by joining one's stones into one group: groups say how far a win is
};

// A feature of a puzzle's main line that gives it a theme word (puzzles/puzzle_grading.hpp).
enum class LineFeature : std::uint8_t {
    MultiJump,  // a winner's move jumps twice or more
    StopShort,  // a winner's jump stops although the stone could jump on
    Removal,    // a winner's move removes a stone without jumping or capturing
    Swap,       // the winner takes the pie swap
};
constexpr std::size_t kLineFeatureCount = 4;
struct PuzzleTheme {
    LineFeature feature;
    const char* word;
};

struct GameTraits {
    GameKind kind;
    const char* name;           // in positions, table directories, JSON: "konane"
    char letter;                // first letter of puzzle ids
    Variant options;            // the variant options the game has (each set option is allowed)
    int openingPlies;           // plies of the opening lines a board solve reports (Kōnane: both removals)
    int searchStoneLimit;       // puzzles drawn by exact search alone: positions with at most this many stones
    StoneCells stoneCells;
    // The rules treat Black and White alike, up to a board symmetry that maps where the stones of
    // one colour stand onto where the other's stand: tables store one colour to move and read
    // the other through that symmetry (tablebase/table_index.hpp, colour folding).
    bool coloursAlike;
    bool pieRule;               // the second player may swap colours after the first move (unless no-pie)
    ProofEstimate proofEstimate;
    std::span<const PuzzleTheme> puzzleThemes;  // in the order they are written, after the length word
};

}  // namespace papamu
