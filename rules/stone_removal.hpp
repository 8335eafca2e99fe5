#pragma once
// How many stones one move can take off the board, which decides which smaller stone counts a
// position's children can have (the table builder keeps exactly those layers in memory).
namespace papamu {

// The most stones of each colour one move removes; a move removes stones of one colour only
// (the mover's own, or the opponent's).
struct StoneRemoval {
    int own = 0;    // of the side that moves
    int enemy = 0;  // of the other side
};

}  // namespace papamu
