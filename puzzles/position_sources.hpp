#pragma once
// Where candidate puzzle positions come from. Both sources are deterministic functions of the
// random generator they are handed (std::mt19937_64, seeded explicitly by the caller).
//
// - PlayoutSource: a game from the start with uniformly random legal moves, played to the end;
//   one position of it is picked uniformly among those with at most `maxStones` stones and
//   the game not over. Such positions are reachable by construction.
// - TableSource: a layer of the table picked uniformly among those with 3 to `maxStones`
//   stones, then an entry of it uniformly, unranked to a position (and, in a colour-folded
//   layer, replaced by its colour image half of the time, so both sides move). Such positions may be
//   unreachable from the start; callers that need reachable positions use PlayoutSource
//   (with a table as the oracle).
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "rules/game_concept.hpp"
#include "tablebase/table_probe.hpp"

namespace papamu {

// A choice in [0, bound) that does not depend on the standard library's distributions (their
// algorithms are unspecified), so a seed gives the same puzzles with any compiler. The modulo
// bias is below bound / 2^64, far too small to matter for a puzzle draw.
inline std::uint64_t randomBelow(std::mt19937_64& random, std::uint64_t bound) { return random() % bound; }

template <Game G>
class PlayoutSource {
public:
    PlayoutSource(const G& game, int maxStones) : game_(game), maxStones_(maxStones) {}

    // nullopt when this play-out never had a position within the stone limit.
    std::optional<Position> next(std::mt19937_64& random) {
        eligible_.clear();
        Position position = game_.startPosition();
        MoveList moves;
        for (;;) {
            moves.clear();
            if (!game_.finishedValue(position)) game_.generateMoves(position, moves);
            if (moves.empty()) break;
            if (position.stoneCount() <= maxStones_) eligible_.push_back(position);
            position = game_.applyMove(position, moves[static_cast<int>(randomBelow(random, static_cast<std::uint64_t>(moves.size())))]);
        }
        if (eligible_.empty()) return std::nullopt;
        return eligible_[randomBelow(random, eligible_.size())];
    }

private:
    G game_;
    int maxStones_;
    std::vector<Position> eligible_;
};

template <Game G>
class TableSource {
public:
    TableSource(const G& game, const TableProbe& table, int maxStones) : game_(game), table_(table) {
        for (int layer = 0; layer < table.layerCount(); ++layer) {
            const int stones = table.layer(layer).stones();
            if (stones >= 3 && stones <= maxStones && table.layerSize(layer) > 0) layers_.push_back(layer);
        }
    }

    // nullopt when the drawn entry is not a position these rules can play.
    std::optional<Position> next(std::mt19937_64& random) {
        if (layers_.empty()) return std::nullopt;
        const int layer = layers_[randomBelow(random, layers_.size())];
        Position position = table_.positionAt(layer, randomBelow(random, table_.layerSize(layer)));
        // A folded layer stores Black to move only: White to move is drawn as the colour image.
        if (table_.index().layerFolded(layer) && randomBelow(random, 2) == 1) position = table_.index().colourImage(position);
        if (game_.positionProblem(position)) return std::nullopt;
        return position;
    }

private:
    G game_;
    const TableProbe& table_;
    std::vector<int> layers_;
};

}  // namespace papamu
