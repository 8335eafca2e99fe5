#pragma once
#include <vector>

namespace papamu {

// The cells a move names, before any rule is applied: one for a removal, two or more for a
// jump or capture written with its landing cells, none for the swap.
struct MoveText {
    bool isSwap = false;
    std::vector<int> cells;
};

}  // namespace papamu
