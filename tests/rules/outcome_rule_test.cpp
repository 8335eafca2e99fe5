// The one outcome rule (rules/outcome.hpp): the winner takes the quickest win, the loser holds
// out longest; a position without moves is lost at once.
#include <catch2/catch.hpp>

#include "rules/outcome.hpp"

using namespace papamu;

namespace {

constexpr Outcome win(int plies) { return Outcome{Value::Win, plies}; }
constexpr Outcome loss(int plies) { return Outcome{Value::Loss, plies}; }

}  // namespace

TEST_CASE("A move is worth the other value, one ply further, to the player making it", "[outcome]") {
    STATIC_REQUIRE(outcomeAfterMove(loss(0)) == win(1));
    STATIC_REQUIRE(outcomeAfterMove(win(4)) == loss(5));
}

TEST_CASE("A win beats a loss, a quicker win a slower one, a longer loss a shorter one; ties are not better", "[outcome]") {
    CHECK(betterOutcome(win(9), loss(1)));
    CHECK_FALSE(betterOutcome(loss(1), win(9)));
    CHECK(betterOutcome(win(1), win(3)));
    CHECK_FALSE(betterOutcome(win(3), win(1)));
    CHECK(betterOutcome(loss(6), loss(2)));
    CHECK_FALSE(betterOutcome(loss(2), loss(6)));
    CHECK_FALSE(betterOutcome(win(3), win(3)));
    CHECK_FALSE(betterOutcome(loss(3), loss(3)));
}

TEST_CASE("BestOutcome folds children: quickest win if any child is lost, else the longest loss", "[outcome]") {
    BestOutcome none;
    CHECK(none.result() == loss(0));

    BestOutcome mixed;
    for (const Outcome child : {win(2), loss(6), win(8), loss(2), loss(4)}) mixed.addChild(child);
    CHECK(mixed.result() == win(3));  // the child lost in 2 plies, one ply more

    BestOutcome allWon;
    for (const Outcome child : {win(2), win(8), win(1)}) allWon.addChild(child);
    CHECK(allWon.result() == loss(9));  // the opponent's slowest win, one ply more
}

TEST_CASE("The winner of a position follows from its value for the side to move", "[outcome]") {
    Position position;
    position.sideToMove = Color::White;
    CHECK(winnerOf(position, Value::Win) == Color::White);
    CHECK(winnerOf(position, Value::Loss) == Color::Black);
    CHECK(winnerOf(position, std::optional<Value>{}) == std::nullopt);
    CHECK(winnerOf(position, std::optional<Value>{Value::Loss}) == Color::Black);
}
