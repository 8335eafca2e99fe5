// Fuzzes the position reader: any text is either rejected with std::invalid_argument or parsed
// into a position that prints back to exactly the same text (the format is canonical), and
// each game's positionProblem() and move generator cope with whatever parsed.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "fuzz/fuzz_check.hpp"
#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"

using namespace papamu;
using papamu::fuzz::require;

namespace {

// A game's view of the parsed stones: whatever it says of them, legal positions must keep
// printing and parsing back as they are through a move.
template <class G>
void exercise(const G& game, const Position& position) {
    const std::optional<std::string> problem = game.positionProblem(position);
    if (problem) {
        require(!problem->empty(), "positionProblem gave an empty reason");
        return;
    }
    const BoardGeometry& geometry = game.geometry();
    MoveList moves;
    game.generateMoves(position, moves);
    for (const Move move : moves) {
        const Position next = game.applyMove(position, move);
        require(!game.positionProblem(next), "a legal move led to a position with a problem");
        const std::string text = formatPosition(G::kKind, geometry, next);
        const PositionText reparsed = parsePosition(text);
        require(reparsed.position == next, "position after " + moveName(geometry, move) + " did not round-trip");
        const Move again = parseLegalMove(game, position, moveName(geometry, move));
        require(again == move, "move " + moveName(geometry, move) + " did not parse back to itself");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    PositionText parsed;
    try {
        parsed = parsePosition(text);
    } catch (const std::invalid_argument& error) {
        require(*error.what() != '\0', "rejected without a reason");
        return 0;
    }
    require(parsed.size.rows >= 1 && parsed.size.columns >= 1 && parsed.size.rows * parsed.size.columns <= 64,
            "parsed a board outside 1..64 cells");
    const BoardGeometry geometry(parsed.size.rows, parsed.size.columns);
    const std::string printed = formatPosition(parsed.game, geometry, parsed.position);
    require(printed == text, "round trip changed '" + std::string(text) + "' into '" + printed + "'");

    for (const GameKind kind : {GameKind::Konane, GameKind::Unane}) {
        try {
            visitGame(kind, parsed.size, Variant{}, [&](const auto& game) { exercise(game, parsed.position); });
        } catch (const std::invalid_argument&) {
            // The board does not suit this game (e.g. Ūnane on an odd number of cells).
        }
    }
    return 0;
}
