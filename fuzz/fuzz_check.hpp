#pragma once
// What a fuzz target does when it finds a broken promise (as opposed to input that is merely
// rejected): print what and abort, so libFuzzer saves the input as a crash.
#include <cstdio>
#include <cstdlib>
#include <string>

namespace papamu::fuzz {

[[noreturn]] inline void brokenPromise(const std::string& what) {
    std::fprintf(stderr, "fuzz check failed: %s\n", what.c_str());
    std::abort();
}

inline void require(bool holds, const std::string& what) {
    if (!holds) brokenPromise(what);
}

}  // namespace papamu::fuzz
