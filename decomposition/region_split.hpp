#pragma once
// The sound split of a Kōnane jump-phase position into regions that can never interact
// (decomposition/README.md has the rule and its proof): clusters of orthogonally connected
// stones, each with its reach (every cell its stones can ever occupy, found by playing out the
// cluster alone with moves of both colours in any order), merged while two reaches overlap or
// touch. Regions where neither colour can ever move are marked dead.
#include <array>
#include <cstdint>
#include <vector>

#include "rules/konane_game.hpp"

namespace papamu {

struct Region {
    Bitboard cells = 0;  // the reach: every cell a stone of the region can ever stand on
    Bitboard black = 0;
    Bitboard white = 0;
    bool live = false;  // some colour has a move in the region (now, hence ever)
    int stoneCount() const { return popCount(black | white); }
};

struct RegionSplit {
    std::array<Region, BoardGeometry::kMaxCells> regions;
    int count = 0;
};

class RegionSplitter {
public:
    // `stateLimit`: the most positions one cluster may have before the split gives up;
    // `stoneLimit`: the most stones of a live region (a bigger one makes the split give up at
    // once, before any exploring: its value would not be computed anyway).
    RegionSplitter(const KonaneGame& game, int stateLimit, int stoneLimit);

    // Splits the stones of `position` (played in the jump phase: the caller checks it has two or
    // more empty cells) into at least two regions; false when they are one region, when a live
    // region has more stones than the limit, or when a cluster has more positions than the limit.
    // Not thread-safe: it reuses its buffers.
    bool split(const Position& position, RegionSplit& split);

private:
    struct Reach {
        Bitboard cells = 0;
        bool live = false;
        bool complete = false;  // false: the state limit was reached
    };
    struct State {
        Bitboard black = 0;
        Bitboard white = 0;
        std::uint32_t stamp = 0;
    };
    struct CacheEntry {
        Bitboard black = 0;
        Bitboard white = 0;
        Reach reach;
    };

    bool measure(Region& region);
    bool measureBig(Region& region) const;
    Reach reachOf(Bitboard black, Bitboard white);
    Reach explore(Bitboard black, Bitboard white);
    bool insertState(Bitboard black, Bitboard white);

    KonaneGame game_;
    int stateLimit_;
    int stoneLimit_;
    std::vector<State> visited_;  // open addressing, emptied by bumping stamp_
    std::uint32_t stamp_ = 0;
    std::vector<State> pending_;
    std::vector<CacheEntry> cache_;  // direct-mapped, keyed by the exact cluster
};

}  // namespace papamu
