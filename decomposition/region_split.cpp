#include "decomposition/region_split.hpp"

namespace papamu {

namespace {

constexpr std::size_t kCacheSlots = std::size_t{1} << 16;

std::uint64_t clusterHash(Bitboard black, Bitboard white) {
    std::uint64_t key = black * 0x9E3779B97F4A7C15ULL ^ (white + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    key ^= key >> 31;
    key *= 0x94D049BB133111EBULL;
    return key ^ (key >> 29);
}

}  // namespace

RegionSplitter::RegionSplitter(const KonaneGame& game, int stateLimit, int stoneLimit)
    : game_(game), stateLimit_(stateLimit), stoneLimit_(stoneLimit), cache_(kCacheSlots) {
    std::size_t slots = 2;
    while (slots < 2 * static_cast<std::size_t>(stateLimit)) slots *= 2;
    visited_.resize(slots);
    pending_.reserve(static_cast<std::size_t>(stateLimit) + 1);
}

bool RegionSplitter::insertState(Bitboard black, Bitboard white) {
    const std::size_t mask = visited_.size() - 1;
    for (std::size_t slot = clusterHash(black, white) & mask;; slot = (slot + 1) & mask) {
        State& state = visited_[slot];
        if (state.stamp != stamp_) {
            state = State{black, white, stamp_};
            return true;
        }
        if (state.black == black && state.white == white) return false;
    }
}

// Every position the cluster can reach with moves of either colour in any order (in a sum the
// turns inside one region need not alternate), and the union of the cells its stones occupy.
RegionSplitter::Reach RegionSplitter::explore(Bitboard black, Bitboard white) {
    Reach reach{black | white, false, true};
    if (black == 0 || white == 0) return reach;  // one colour alone never jumps
    if (++stamp_ == 0) {
        for (State& state : visited_) state.stamp = 0;
        stamp_ = 1;
    }
    pending_.clear();
    insertState(black, white);
    pending_.push_back(State{black, white, 0});
    int states = 1;
    MoveList moves;
    while (!pending_.empty()) {
        const State state = pending_.back();
        pending_.pop_back();
        for (const Color mover : {Color::Black, Color::White}) {
            const Position position{state.black, state.white, mover, false};
            moves.clear();
            game_.generateJumps(position, moves);
            if (!moves.empty()) reach.live = true;
            for (const Move move : moves) {
                const Position next = game_.applyMove(position, move);
                if (!insertState(next.black, next.white)) continue;
                if (++states > stateLimit_) {
                    reach.complete = false;
                    return reach;
                }
                reach.cells |= cellBit(move.to);
                pending_.push_back(State{next.black, next.white, 0});
            }
        }
    }
    return reach;
}

RegionSplitter::Reach RegionSplitter::reachOf(Bitboard black, Bitboard white) {
    CacheEntry& entry = cache_[clusterHash(black, white) & (kCacheSlots - 1)];
    if (entry.black == black && entry.white == white && (black | white) != 0) return entry.reach;
    const Reach reach = explore(black, white);
    entry = CacheEntry{black, white, reach};
    return reach;
}

// A region with more stones than the limit: worth nothing unless nobody can ever move in it,
// false when it is live (it would not be valued).
bool RegionSplitter::measureBig(Region& region) const {
    MoveList moves;
    game_.generateJumps(Position{region.black, region.white, Color::Black, false}, moves);
    game_.generateJumps(Position{region.black, region.white, Color::White, false}, moves);
    region.cells = region.black | region.white;
    region.live = false;
    return moves.empty();
}

bool RegionSplitter::measure(Region& region) {
    if (region.stoneCount() > stoneLimit_) return measureBig(region);
    const Reach reach = reachOf(region.black, region.white);
    region.cells = reach.cells;
    region.live = reach.live;
    return reach.complete;
}

bool RegionSplitter::split(const Position& position, RegionSplit& split) {
    const BoardGeometry& geometry = game_.geometry();
    const Bitboard occupied = position.occupied();
    split.count = 0;
    for (Bitboard rest = occupied; rest != 0;) {
        const Bitboard cluster = geometry.floodFill(rest & (~rest + 1), occupied);
        rest &= ~cluster;
        Region& region = split.regions[split.count++];
        region = Region{0, position.black & cluster, position.white & cluster, false};
        // A live cluster too big to be valued ends the split before any exploring.
        if (region.stoneCount() > stoneLimit_ && !measureBig(region)) return false;
    }
    if (split.count < 2) return false;
    for (int index = 0; index < split.count; ++index) {
        if (!measure(split.regions[index])) return false;
    }
    // Merge while two reaches overlap or touch: only then can a stone of one meet a stone of the other.
    for (bool merged = true; merged;) {
        merged = false;
        for (int first = 0; first < split.count && !merged; ++first) {
            Region& region = split.regions[first];
            const Bitboard near = region.cells | geometry.neighbours(region.cells);
            for (int second = first + 1; second < split.count; ++second) {
                const Region& other = split.regions[second];
                if ((near & other.cells) == 0) continue;
                region.black |= other.black;
                region.white |= other.white;
                split.regions[second] = split.regions[--split.count];
                if (split.count < 2) return false;
                if (!measure(region)) return false;
                merged = true;
                break;
            }
        }
    }
    return true;
}

}  // namespace papamu
