// The bitboard generators against the cell-by-cell reference (tests/support/reference_rules.hpp):
// the same move sets, the same positions after each move (by applyMove and by visitChildren),
// and the same perft, on random positions of many board shapes, for both games and every variant.
#include <catch2/catch.hpp>

#include <set>

#include "rules/game_dispatch.hpp"
#include "rules/perft.hpp"
#include "support/reference_rules.hpp"
#include "support/rules_test_helpers.hpp"

using namespace papamu;

namespace {

reference::Rules referenceRules(GameKind kind, const Variant& variant) {
    return reference::Rules{kind == GameKind::Unane, variant.singleJump, variant.openAny, !variant.noPie};
}

bool sameBoard(const reference::Board& left, const reference::Board& right) {
    return left.cells == right.cells && left.side == right.side && left.swap == right.swap;
}

// Compares the moves of one position and the position after each of them; returns the number of
// moves so callers can see that the comparison was not vacuous.
template <class G>
int compareMoves(const G& game, const reference::Rules& rules, const Position& position) {
    const BoardGeometry& geometry = game.geometry();
    const reference::Board board = reference::fromPosition(position, geometry.rows(), geometry.columns());
    MoveList moves;
    game.generateMoves(position, moves);
    std::vector<std::pair<int, int>> generated;
    for (const Move move : moves) generated.push_back(reference::asPair(move));
    std::sort(generated.begin(), generated.end());
    INFO(formatPosition(G::kKind, geometry, position) << " variant " << game.variant().name());
    CHECK(std::adjacent_find(generated.begin(), generated.end()) == generated.end());  // no duplicates
    CHECK(generated == reference::moves(board, rules));
    for (const Move move : moves) {
        const reference::Board expected = reference::play(board, reference::asPair(move), rules.unane, rules.pieRule);
        const Position next = game.applyMove(position, move);
        INFO("after " << moveName(geometry, move));
        CHECK(sameBoard(reference::fromPosition(next, geometry.rows(), geometry.columns()), expected));
    }
    // visitChildren, made from the bitboards without moves: the same positions in the same order.
    std::vector<Position> visited;
    game.visitChildren(position, [&visited](const Position& child) { visited.push_back(child); });
    std::vector<Position> applied;
    for (const Move move : moves) applied.push_back(game.applyMove(position, move));
    CHECK(visited == applied);
    return moves.size();
}

template <class G>
void comparePerft(const G& game, const reference::Rules& rules, const Position& position, int depth) {
    const BoardGeometry& geometry = game.geometry();
    INFO(formatPosition(G::kKind, geometry, position) << " variant " << game.variant().name() << " depth " << depth);
    CHECK(perft(game, position, depth) ==
          reference::perft(reference::fromPosition(position, geometry.rows(), geometry.columns()), rules, depth));
}

// Enough depth to reach several moves deep, small enough that the reference stays quick.
int perftDepth(const BoardGeometry& geometry, GameKind kind) {
    if (kind == GameKind::Unane) return geometry.cellCount() <= 16 ? 4 : 3;
    return geometry.cellCount() <= 36 ? 5 : 4;
}

std::vector<Variant> variantsOf(GameKind kind) {
    if (kind == GameKind::Unane) return {Variant{}, Variant::parse("no-pie")};
    return {Variant{}, Variant::parse("single-jump"), Variant::parse("open-any"), Variant::parse("single-jump+open-any")};
}

bool playable(GameKind kind, const BoardSize& size) {
    const int cells = size.rows * size.columns;
    return kind == GameKind::Konane || (cells % 2 == 0 && cells >= 4);
}

template <class G>
void compareOnRandomPositions(const G& game, std::mt19937_64& random) {
    const reference::Rules rules = referenceRules(G::kKind, game.variant());
    const BoardGeometry& geometry = game.geometry();
    const int depth = perftDepth(geometry, G::kKind);
    long long movesCompared = 0;
    // Play-outs from the start: every position along the way, perft from a few of them.
    for (int playout = 0; playout < 12; ++playout) {
        Position position = game.startPosition();
        for (int ply = 0;; ++ply) {
            MoveList moves;
            game.generateMoves(position, moves);
            movesCompared += compareMoves(game, rules, position);
            if (ply % 5 == playout % 5) comparePerft(game, rules, position, depth);
            if (moves.empty()) break;
            std::uniform_int_distribution<int> pick(0, moves.size() - 1);
            position = game.applyMove(position, moves[pick(random)]);
        }
    }
    // Sparse and dense random boards with stones of either colour anywhere.
    for (const double stoneChance : {0.2, 0.45, 0.7, 0.9}) {
        for (int sample = 0; sample < 8; ++sample) {
            Position position = testing::randomBoard(geometry, random, stoneChance);
            if (G::kKind == GameKind::Unane && !game.variant().noPie && position.sideToMove == Color::White) {
                position.swapAvailable = sample % 2 == 1;
            }
            movesCompared += compareMoves(game, rules, position);
            if (sample == 0) comparePerft(game, rules, position, depth);
        }
    }
    // Kōnane's opening phases on boards of any colouring: full, and exactly one empty cell.
    if (G::kKind == GameKind::Konane) {
        for (const int empty : {0, 1, 2}) {
            for (int sample = 0; sample < 3; ++sample) {
                const Position position = testing::randomBoard(geometry, random, 0.0, empty);
                movesCompared += compareMoves(game, rules, position);
                if (sample == 0) comparePerft(game, rules, position, depth);
            }
        }
    }
    CHECK(movesCompared > 0);
}

}  // namespace

TEST_CASE("Bitboard generators agree with the reference on random positions", "[reference]") {
    std::mt19937_64 random(20261130);
    for (const GameKind kind : {GameKind::Konane, GameKind::Unane}) {
        for (const BoardSize& size : testing::testBoardSizes()) {
            if (!playable(kind, size)) continue;
            for (const Variant& variant : variantsOf(kind)) {
                DYNAMIC_SECTION(gameName(kind) << " " << size.name() << " " << variant.name()) {
                    visitGame(kind, size, variant, [&](const auto& game) { compareOnRandomPositions(game, random); });
                }
            }
        }
    }
}

TEST_CASE("Reference and bitboard perft agree from the start, deeper", "[reference][perft]") {
    const std::vector<std::tuple<GameKind, BoardSize, const char*, int>> cases{
        {GameKind::Konane, {4, 4}, "standard", 7},   {GameKind::Konane, {5, 5}, "standard", 6},
        {GameKind::Konane, {3, 6}, "open-any", 5},   {GameKind::Konane, {4, 5}, "single-jump", 6},
        {GameKind::Unane, {3, 4}, "standard", 4},    {GameKind::Unane, {2, 5}, "no-pie", 4},
        {GameKind::Unane, {1, 8}, "standard", 6},    {GameKind::Unane, {4, 4}, "standard", 4},
    };
    for (const auto& [kind, size, variantName, depth] : cases) {
        const Variant variant = Variant::parse(variantName);
        visitGame(kind, size, variant, [&](const auto& game) {
            comparePerft(game, referenceRules(kind, variant), game.startPosition(), depth);
        });
    }
}
