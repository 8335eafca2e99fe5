#include "decomposition/region_values.hpp"

#include <utility>

namespace papamu {

const RegionValues::Shape& RegionValues::shapeOf(int rows, int columns) {
    if (shapes_.empty()) shapes_.resize(65 * 65);
    std::unique_ptr<Shape>& shape = shapes_[static_cast<std::size_t>(rows * 65 + columns)];
    if (!shape) {
        const BoardGeometry geometry(rows, columns);
        shape = std::make_unique<Shape>(Shape{KonaneGame(geometry, variant_), BoardSymmetries(geometry)});
    }
    return *shape;
}

GameValueId RegionValues::value(const RegionBoard& region) {
    const Shape& shape = shapeOf(region.rows, region.columns);
    const SymmetryPermission mirrorsOnly{.geometric = true, .colourSwap = false};
    const Position plain = shape.symmetries.canonical(Position{region.black, region.white, Color::Black, false}, mirrorsOnly);
    const Position swapped = shape.symmetries.canonical(Position{region.white, region.black, Color::Black, false}, mirrorsOnly);
    const bool negated = std::pair(swapped.black, swapped.white) < std::pair(plain.black, plain.white);
    const Position& least = negated ? swapped : plain;
    const GameValueId result = valueOfLeast(RegionBoard{region.rows, region.columns, least.black, least.white}, shape);
    return negated ? table_.negate(result) : result;
}

GameValueId RegionValues::valueOfLeast(const RegionBoard& region, const Shape& shape) {
    if (const auto found = values_.find(region); found != values_.end()) return found->second;
    std::vector<GameValueId> options[2];
    MoveList moves;
    for (const Color mover : {Color::Black, Color::White}) {
        const Position position{region.black, region.white, mover, false};
        moves.clear();
        // Jumps whatever the number of empty cells: the region's box may be full but for one.
        shape.game.generateJumps(position, moves);
        for (const Move move : moves) {
            const Position next = shape.game.applyMove(position, move);
            options[colorIndex(mover)].push_back(value(RegionBoard{region.rows, region.columns, next.black, next.white}));
        }
    }
    const GameValueId result = table_.make(options[0], options[1]);
    values_.emplace(region, result);
    return result;
}

}  // namespace papamu
