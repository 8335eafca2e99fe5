#pragma once
// Which code a binary is: shown by `papamu --version` and written into the figures papamu
// records (e.g. `papamu puzzles --stats`), so that every figure names its commit.

namespace papamu {

// The short commit the binary was built from ("+modified" when tracked files differed from it,
// "unknown" outside a git checkout). Worked out at build time (cmake/BuildCommit.cmake).
const char* buildCommit();

}  // namespace papamu
