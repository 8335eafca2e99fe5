// The perft figures of RULES.md, reproduced by the bitboard generators.
#include <catch2/catch.hpp>

#include "rules/game_dispatch.hpp"
#include "rules/perft.hpp"

using namespace papamu;

TEST_CASE("Konane 6x6 perft from the start matches RULES.md", "[perft]") {
    const KonaneGame game(BoardGeometry(6, 6));
    const std::uint64_t expected[] = {1, 4, 12, 28, 156, 668, 4192};
    for (int depth = 0; depth <= 6; ++depth) CHECK(perft(game, game.startPosition(), depth) == expected[depth]);
}

TEST_CASE("Unane 4x4 perft with and without the pie rule matches RULES.md", "[perft]") {
    const UnaneGame pie(BoardGeometry(4, 4));
    const UnaneGame noPie(BoardGeometry(4, 4), Variant::parse("no-pie"));
    const std::uint64_t withPie[] = {1, 24, 472, 7172, 83084};
    const std::uint64_t withoutPie[] = {1, 24, 448, 6724, 76360};
    for (int depth = 0; depth <= 4; ++depth) {
        CHECK(perft(pie, pie.startPosition(), depth) == withPie[depth]);
        CHECK(perft(noPie, noPie.startPosition(), depth) == withoutPie[depth]);
    }
}
