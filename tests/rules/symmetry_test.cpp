// Board symmetries: images of a position play the same game (equal move sets up to the map,
// equal perft), and canonical forms are the same for every image.
#include <catch2/catch.hpp>

#include <random>
#include <set>
#include <tuple>

#include "rules/game_dispatch.hpp"
#include "rules/perft.hpp"
#include "rules/symmetry.hpp"
#include "support/rules_test_helpers.hpp"

using namespace papamu;

namespace {

template <class G>
std::vector<std::pair<int, int>> movePairs(const G& game, const Position& position, const BoardTransform* transform) {
    MoveList moves;
    game.generateMoves(position, moves);
    std::vector<std::pair<int, int>> pairs;
    for (const Move move : moves) {
        const Move mapped = transform ? transform->mapMove(move) : move;
        pairs.emplace_back(static_cast<int>(mapped.kind) * 4096 + mapped.from, mapped.to);
    }
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

// Checks every image the game permits for this position; returns how many images were checked.
template <class G>
int checkImages(const G& game, const BoardSymmetries& symmetries, const Position& position, int depth) {
    const SymmetryPermission permission = game.symmetryPermission(position);
    const Position canonical = symmetries.canonical(position, permission);
    INFO(formatPosition(G::kKind, game.geometry(), position) << " variant " << game.variant().name());
    CHECK(symmetries.canonical(canonical, game.symmetryPermission(canonical)) == canonical);
    const std::uint64_t count = perft(game, position, depth);
    const auto ownMoves = movePairs(game, position, nullptr);
    int images = 0;
    Position least = position;  // the canonical form is the least image (black, white, side)
    const auto key = [](const Position& p) { return std::tuple(p.black, p.white, p.sideToMove); };
    for (int transform = 0; transform < (permission.geometric ? symmetries.size() : 1); ++transform) {
        for (const bool swapColours : {false, true}) {
            if (swapColours && !permission.colourSwap) continue;
            const Position image = symmetries.image(position, transform, swapColours);
            INFO("transform " << transform << (swapColours ? " with colour swap" : ""));
            CHECK(perft(game, image, depth) == count);
            CHECK(movePairs(game, position, &symmetries.transforms()[static_cast<std::size_t>(transform)]) ==
                  movePairs(game, image, nullptr));
            CHECK(symmetries.canonical(image, game.symmetryPermission(image)) == canonical);
            if (transform == 0 && !swapColours) CHECK(image == position);
            if (key(image) < key(least)) least = image;
            ++images;
        }
    }
    CHECK(canonical == least);
    CHECK(ownMoves.size() == movePairs(game, canonical, nullptr).size());
    return images;
}

}  // namespace

TEST_CASE("Boards have 8 symmetries when square, 4 otherwise, each a permutation of the cells", "[symmetry]") {
    for (const BoardSize& size : testing::testBoardSizes()) {
        const BoardGeometry geometry(size.rows, size.columns);
        const BoardSymmetries symmetries(geometry);
        INFO(size.name());
        CHECK(symmetries.size() == (size.rows == size.columns ? 8 : 4));
        std::set<std::vector<int>> distinct;
        for (const BoardTransform& transform : symmetries.transforms()) {
            std::vector<int> images;
            for (int cell = 0; cell < geometry.cellCount(); ++cell) images.push_back(transform.mapCell(cell));
            distinct.insert(images);
            CHECK(std::set<int>(images.begin(), images.end()).size() == static_cast<std::size_t>(geometry.cellCount()));
            CHECK(transform.map(geometry.allCells()) == geometry.allCells());
            for (int cell = 0; cell < geometry.cellCount(); ++cell) CHECK(transform.map(cellBit(cell)) == cellBit(transform.mapCell(cell)));
            // Orthogonal neighbours stay neighbours: the geometry the rules see is unchanged.
            for (int cell = 0; cell < geometry.cellCount(); ++cell) {
                CHECK(transform.map(geometry.neighbours(cellBit(cell))) == geometry.neighbours(cellBit(transform.mapCell(cell))));
            }
        }
        // On boards with more than one row and column every transform is a different map.
        if (size.rows > 1 && size.columns > 1) CHECK(distinct.size() == static_cast<std::size_t>(symmetries.size()));
    }
    // On 4x4 the left-right mirror moves black start cells onto white ones; on 5x5 nothing does.
    const BoardSymmetries square4(BoardGeometry(4, 4));
    CHECK_FALSE(square4.transforms()[1].keepsCellColours());
    CHECK(square4.transforms()[3].keepsCellColours());  // the half turn
    const BoardSymmetries square5(BoardGeometry(5, 5));
    for (const BoardTransform& transform : square5.transforms()) CHECK(transform.keepsCellColours());
    // 3x4 (rows x columns): a1 (cell 0) goes to d1 (3), a3 (8) and d3 (11).
    const BoardSymmetries rectangle(BoardGeometry(3, 4));
    std::set<int> cornerImages;
    for (const BoardTransform& transform : rectangle.transforms()) cornerImages.insert(transform.mapCell(0));
    CHECK(cornerImages == std::set<int>{0, 3, 8, 11});
}

TEST_CASE("Images of a position have equal perft, mapped moves and one canonical form", "[symmetry]") {
    std::mt19937_64 random(7);
    const std::vector<BoardSize> sizes{{1, 8}, {3, 3}, {4, 4}, {3, 4}, {5, 6}, {5, 5}, {8, 8}, {2, 5}, {6, 6}};
    for (const GameKind kind : {GameKind::Konane, GameKind::Unane}) {
        for (const BoardSize& size : sizes) {
            if (kind == GameKind::Unane && (size.rows * size.columns) % 2 != 0) continue;
            const std::vector<Variant> variants = kind == GameKind::Konane
                                                      ? std::vector<Variant>{Variant{}, Variant::parse("single-jump")}
                                                      : std::vector<Variant>{Variant{}, Variant::parse("no-pie")};
            for (const Variant& variant : variants) {
                visitGame(kind, size, variant, [&](const auto& game) {
                    const BoardSymmetries symmetries(game.geometry());
                    const int depth = game.geometry().cellCount() > 30 ? 2 : 3;
                    int images = checkImages(game, symmetries, game.startPosition(), depth);
                    for (int plies = 1; plies < 12; ++plies) {
                        images += checkImages(game, symmetries, testing::randomPlayout(game, random, plies), depth);
                    }
                    for (int sample = 0; sample < 4; ++sample) {
                        images += checkImages(game, symmetries, testing::randomBoard(game.geometry(), random, 0.6), depth);
                    }
                    CHECK(images >= 16 * symmetries.size());
                });
            }
        }
    }
}

TEST_CASE("Canonical forms: the least image, and the pie start stays as it is", "[symmetry]") {
    const UnaneGame pie(BoardGeometry(4, 4));
    const BoardSymmetries symmetries(pie.geometry());
    CHECK(symmetries.canonical(pie.startPosition(), pie.symmetryPermission(pie.startPosition())) == pie.startPosition());
    // Kōnane may swap colours: Black to move on a board and its colour-swapped twin are one class.
    const KonaneGame konane(BoardGeometry(4, 4));
    const Position position = testing::positionOf("konane B..W/..../..../.... b");
    const Position twin = testing::positionOf("konane W..B/..../..../.... w");
    CHECK(symmetries.canonical(position, konane.symmetryPermission(position)) ==
          symmetries.canonical(twin, konane.symmetryPermission(twin)));
    const Position canonical = symmetries.canonical(position, konane.symmetryPermission(position));
    for (int transform = 0; transform < symmetries.size(); ++transform) {
        for (const bool swapColours : {false, true}) {
            const Position image = symmetries.image(position, transform, swapColours);
            CHECK(std::tuple(canonical.black, canonical.white, canonical.sideToMove) <=
                  std::tuple(image.black, image.white, image.sideToMove));
        }
    }
    // Without permission nothing changes.
    CHECK(symmetries.canonical(twin, SymmetryPermission{false, false}) == twin);
}

TEST_CASE("A child's canonical form from its parent's images equals the one mapped in full", "[symmetry]") {
    // Real children (every move of positions along random games, both games) and random
    // positions a few cells away, on boards below and above 32 cells, square and not.
    std::mt19937_64 random(1203);
    int compared = 0;
    for (const auto& [rows, columns] : {std::pair{4, 5}, std::pair{5, 5}, std::pair{6, 6}, std::pair{5, 8}, std::pair{8, 8}}) {
        const BoardGeometry geometry(rows, columns);
        const BoardSymmetries symmetries(geometry);
        BoardSymmetries::Images images;
        for (int sample = 0; sample < 300; ++sample) {
            const Bitboard black = random() & geometry.allCells();
            const Position parent{black, random() & geometry.allCells() & ~black, sample % 2 == 0 ? Color::Black : Color::White, false};
            symmetries.imagesOf(parent, images);
            Position child = parent;
            for (int change = 0; change < 1 + sample % 5; ++change) {
                const Bitboard cell = cellBit(static_cast<int>(random() % static_cast<std::uint64_t>(geometry.cellCount())));
                child.black ^= cell;
                child.white &= ~child.black;
            }
            child.sideToMove = opposite(parent.sideToMove);
            for (const SymmetryPermission permission : {SymmetryPermission{true, true}, SymmetryPermission{true, false},
                                                        SymmetryPermission{false, true}, SymmetryPermission{false, false}}) {
                INFO("board " << geometry.sizeName() << ", sample " << sample);
                REQUIRE(symmetries.canonicalNear(images, child, permission) == symmetries.canonical(child, permission));
                ++compared;
            }
        }
    }
    const auto alongRandomGames = [&](const auto& game) {
        const BoardSymmetries symmetries(game.geometry());
        BoardSymmetries::Images images;
        Position position = game.startPosition();
        for (int ply = 0; ply < 40; ++ply) {
            MoveList moves;
            game.generateMoves(position, moves);
            if (moves.empty()) break;
            symmetries.imagesOf(position, images);
            for (const Move move : moves) {
                const Position child = game.applyMove(position, move);
                const SymmetryPermission permission = game.symmetryPermission(child);
                REQUIRE(symmetries.canonicalNear(images, child, permission) == symmetries.canonical(child, permission));
                ++compared;
            }
            position = game.applyMove(position, moves[static_cast<int>(random() % static_cast<std::uint64_t>(moves.size()))]);
        }
    };
    for (const GameKind kind : {GameKind::Konane, GameKind::Unane}) {
        for (const BoardSize size : {BoardSize{4, 5}, BoardSize{6, 6}, BoardSize{5, 8}}) {
            for (const char* variant : {"standard", kind == GameKind::Konane ? "single-jump" : "no-pie"}) {
                visitGame(kind, size, Variant::parse(variant), alongRandomGames);
            }
        }
    }
    CHECK(compared > 6000);
}
