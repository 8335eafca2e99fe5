// The game list and its records: every lookup by game number or name goes through them, so a
// game's name, letter, variant options and table facts come from one place.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "rules/game_dispatch.hpp"

using namespace papamu;

TEST_CASE("The game list numbers the games in order and names each once", "[traits]") {
    REQUIRE(allGames().size() == 2);
    std::set<std::string> names;
    std::set<char> letters;
    for (std::size_t index = 0; index < allGames().size(); ++index) {
        const GameTraits& game = allGames()[index];
        CHECK(static_cast<std::size_t>(game.kind) == index);
        CHECK(&gameTraits(game.kind) == &game);
        CHECK(parseGameKind(game.name) == game.kind);
        CHECK(std::string(gameName(game.kind)) == game.name);
        names.insert(game.name);
        letters.insert(game.letter);
    }
    CHECK(names == std::set<std::string>{"konane", "unane"});
    CHECK(letters == std::set<char>{'k', 'u'});
    CHECK_THROWS_WITH(gameTraits(static_cast<GameKind>(7)), "unknown game number 7");
    CHECK_THROWS_WITH(parseGameKind("chess"), "unknown game 'chess': expected konane or unane");
}

TEST_CASE("Each game class carries its record, and dispatch builds the class the record names", "[traits]") {
    STATIC_REQUIRE(KonaneGame::kTraits.openingPlies == 2);
    STATIC_REQUIRE(UnaneGame::kTraits.openingPlies == 1);
    STATIC_REQUIRE(UnaneGame::kTraits.pieRule);
    STATIC_REQUIRE_FALSE(KonaneGame::kTraits.pieRule);
    STATIC_REQUIRE(KonaneGame::kTraits.stoneCells == StoneCells::HomeColour);
    STATIC_REQUIRE(UnaneGame::kTraits.stoneCells == StoneCells::AnyCell);
    for (const GameTraits& traits : allGames()) {
        const BoardSize size{4, 4};
        visitGame(traits.kind, size, Variant{}, [&](const auto& game) {
            using G = std::decay_t<decltype(game)>;
            CHECK(G::kKind == traits.kind);
            CHECK(std::string(G::kTraits.name) == traits.name);
            CHECK(game.geometry().sizeName() == "4x4");
        });
        const AnyGame held = makeGame(traits.kind, size, Variant{});
        CHECK(held.index() == static_cast<std::size_t>(traits.kind));
    }
    CHECK_THROWS_WITH(visitGame(static_cast<GameKind>(2), BoardSize{4, 4}, Variant{}, [](const auto&) { return 0; }),
                      "unknown game number 2");
}

TEST_CASE("Variant options are checked against the options the game's record lists", "[traits]") {
    for (const GameTraits& game : allGames()) CHECK_NOTHROW(validateVariant(game.kind, game.options));
    CHECK_NOTHROW(validateVariant(GameKind::Konane, Variant::parse("single-jump+open-any")));
    CHECK_THROWS_WITH(validateVariant(GameKind::Konane, Variant::parse("no-pie")), "variant no-pie is for unane, not konane");
    CHECK_THROWS_WITH(validateVariant(GameKind::Unane, Variant::parse("open-any")), "variant open-any is for konane, not unane");
    CHECK_THROWS_WITH(validateVariant(GameKind::Unane, Variant::parse("open-any,single-jump")),
                      "variant single-jump is for konane, not unane");
    CHECK(Variant::parse("open-any,single-jump").name() == "single-jump+open-any");
    CHECK(Variant::parse("no-pie").name() == "no-pie");
    CHECK(Variant{}.name() == "standard");
    CHECK_THROWS_WITH(Variant::parse("single-jump+fast"), "unknown variant 'fast': expected single-jump, open-any or no-pie");
    CHECK(gameNamesWhere([](const GameTraits& game) { return game.pieRule; }) == "unane");
    CHECK(gameNamesWhere([](const GameTraits&) { return false; }).empty());
}

TEST_CASE("One board-size check serves geometry, size arguments and position text", "[traits]") {
    CHECK_FALSE(boardSizeProblem(8, 8).has_value());
    CHECK_FALSE(boardSizeProblem(1, 64).has_value());
    CHECK(boardSizeProblem(0, 4) == "board 0x4 is not allowed: rows and columns must be at least 1");
    CHECK(boardSizeProblem(3, -1) == "board 3x-1 is not allowed: rows and columns must be at least 1");
    CHECK(boardSizeProblem(13, 5) == "board 13x5 is not allowed: it has 65 cells, at most 64 are allowed");
    CHECK(boardSizeProblem(100000, 100000) == "board 100000x100000 is not allowed: it has 10000000000 cells, at most 64 are allowed");
    CHECK_THROWS_WITH(BoardGeometry(13, 5), *boardSizeProblem(13, 5));
    CHECK_THROWS_WITH(BoardSize::parse("13x5"), *boardSizeProblem(13, 5));
    CHECK_THROWS_WITH(BoardSize::parse("0x5"), *boardSizeProblem(0, 5));
}
