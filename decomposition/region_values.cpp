#include "decomposition/region_values.hpp"

namespace papamu {

const KonaneGame& RegionValues::gameOf(int rows, int columns) {
    if (games_.empty()) games_.resize(65 * 65);
    std::unique_ptr<KonaneGame>& game = games_[static_cast<std::size_t>(rows * 65 + columns)];
    if (!game) game = std::make_unique<KonaneGame>(BoardGeometry(rows, columns), variant_);
    return *game;
}

RegionBoard RegionValues::childOf(const RegionBoard& region, const KonaneGame& game, const Position& position, Move move) const {
    const Position next = game.applyMove(position, move);
    return RegionBoard{region.rows, region.columns, next.black, next.white};
}

GameValueId RegionValues::value(const RegionBoard& region) {
    if (const auto found = values_.find(region); found != values_.end()) return found->second;
    const KonaneGame& game = gameOf(region.rows, region.columns);
    std::vector<GameValueId> options[2];
    MoveList moves;
    for (const Color mover : {Color::Black, Color::White}) {
        const Position position{region.black, region.white, mover, false};
        moves.clear();
        // Jumps whatever the number of empty cells: the region's box may be full but for one.
        game.generateJumps(position, moves);
        for (const Move move : moves) options[colorIndex(mover)].push_back(value(childOf(region, game, position, move)));
    }
    const GameValueId result = table_.make(options[0], options[1]);
    values_.emplace(region, result);
    return result;
}

}  // namespace papamu
