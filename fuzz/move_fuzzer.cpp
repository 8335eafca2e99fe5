// Fuzzes the move reader against a fixed set of positions of both games (starts, openings,
// middle games, tiny and extreme boards): the first byte picks the position, the rest is the
// move text. Text is either rejected with std::invalid_argument or resolves to one of the
// position's legal moves, whose canonical name reads back as the same move.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/fuzz_check.hpp"
#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"

using namespace papamu;
using papamu::fuzz::require;

namespace {

struct Setting {
    GameKind kind;
    BoardSize size;
    const char* variant;
};

// The positions reached from each setting's start by always playing the move at a fixed share
// of the move list, for a few plies: starts, openings and positions with jumps and captures.
struct FixedPosition {
    Setting setting;
    Position position;
};

std::vector<FixedPosition> fixedPositions() {
    static const Setting kSettings[] = {
        {GameKind::Konane, {4, 4}, "standard"},     {GameKind::Konane, {6, 6}, "standard"},
        {GameKind::Konane, {5, 6}, "open-any"},      {GameKind::Konane, {1, 8}, "single-jump"},
        {GameKind::Konane, {8, 8}, "standard"},      {GameKind::Konane, {1, 64}, "open-any"},
        {GameKind::Unane, {4, 4}, "standard"},       {GameKind::Unane, {3, 4}, "no-pie"},
        {GameKind::Unane, {5, 6}, "standard"},       {GameKind::Unane, {2, 32}, "standard"},
        {GameKind::Unane, {8, 8}, "no-pie"},
    };
    std::vector<FixedPosition> positions;
    for (const Setting& setting : kSettings) {
        visitGame(setting.kind, setting.size, Variant::parse(setting.variant), [&](const auto& game) {
            for (const int share : {0, 1, 2, 3}) {
                Position position = game.startPosition();
                for (int ply = 0; ply < 8; ++ply) {
                    positions.push_back({setting, position});
                    MoveList moves;
                    game.generateMoves(position, moves);
                    if (moves.size() == 0) break;
                    position = game.applyMove(position, moves[moves.size() * share / 4]);
                }
            }
        });
    }
    return positions;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::vector<FixedPosition> kPositions = fixedPositions();
    if (size == 0) return 0;
    const FixedPosition& fixed = kPositions[data[0] % kPositions.size()];
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    visitGame(fixed.setting.kind, fixed.setting.size, Variant::parse(fixed.setting.variant), [&](const auto& game) {
        const BoardGeometry& geometry = game.geometry();
        try {
            const MoveText written = parseMoveText(geometry, text);
            require(written.isSwap != !written.cells.empty(), "a move text is either the swap or cells");
            for (const int cell : written.cells) {
                require(cell >= 0 && cell < geometry.cellCount(), "a parsed cell is off the board");
            }
        } catch (const std::invalid_argument& error) {
            require(*error.what() != '\0', "move text rejected without a reason");
        }
        try {
            const Move move = parseLegalMove(game, fixed.position, text);
            MoveList moves;
            game.generateMoves(fixed.position, moves);
            require(std::find(moves.begin(), moves.end(), move) != moves.end(), "parsed a move that is not legal");
            const std::string name = moveName(geometry, move);
            require(parseLegalMove(game, fixed.position, name) == move, "move " + name + " did not read back");
        } catch (const std::invalid_argument& error) {
            require(*error.what() != '\0', "illegal move rejected without a reason");
        }
    });
    return 0;
}
