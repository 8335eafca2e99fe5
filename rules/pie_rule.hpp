#pragma once
// What the pie rule decides without search: a position that offers the swap is won by its side
// to move, unless the game is already over there (RULES.md, "Values and remoteness").
//
// Why, by cases on the same board without the offer (the same colour to move, no swap): if that
// board is won for the side to move, the player makes its winning move, which is legal here too;
// if it is lost, the player swaps, and the swap hands exactly that lost board to the opponent.
// Either way the side to move wins, so the value needs no search. Which of the two ways wins
// (and how fast) does: that is the value of the board without the offer.
//
// The search, its certificates and their checker all take a position offering the swap as won
// by this rule, so none of them has to solve the board behind every first move to know that the
// second player wins with the pie rule.
#include "rules/position.hpp"

namespace papamu {

constexpr bool wonByPieRule(const Position& position, bool finished) { return position.swapAvailable && !finished; }

// The board a swap hands over: the same stones, the same colour to move, no offer.
constexpr Position withoutSwapOffer(Position position) {
    position.swapAvailable = false;
    return position;
}

}  // namespace papamu
