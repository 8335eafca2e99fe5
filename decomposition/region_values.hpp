#pragma once
// The canonical combinatorial game value of a Kōnane region (Black = Left, White = Right), by
// recursion over the region's own positions on its own board (region_board.hpp), memoised by
// the exact region: equal regions anywhere share one value (translation), and so do their
// mirror images (the board's symmetries keep the moves) and colour-swapped images (whose value
// is the negative: Black's moves become White's).
#include <memory>
#include <unordered_map>
#include <vector>

#include "cgt/game_value_table.hpp"
#include "decomposition/region_board.hpp"
#include "rules/konane_game.hpp"
#include "rules/symmetry.hpp"

namespace papamu {

class RegionValues {
public:
    // The values live in `table`; the variant decides the moves (single-jump or not).
    RegionValues(Variant variant, GameValueTable& table) : variant_(variant), table_(table) {}

    GameValueId value(const RegionBoard& region);
    std::size_t size() const { return values_.size(); }
    // Forgets every value (call it together with the table's clear()).
    void clear() { values_.clear(); }

private:
    struct Shape {
        KonaneGame game;
        BoardSymmetries symmetries;
    };
    const Shape& shapeOf(int rows, int columns);
    // The value of a region already in its least form under the symmetries, without colour swap.
    GameValueId valueOfLeast(const RegionBoard& region, const Shape& shape);

    Variant variant_;
    GameValueTable& table_;
    std::unordered_map<RegionBoard, GameValueId, RegionBoardHash> values_;
    std::vector<std::unique_ptr<Shape>> shapes_;  // by rows * 65 + columns, made when first needed
};

}  // namespace papamu
