// The checker must trust nothing but the rules: no file of certificate/ may include a header of
// the solver or the tables, and the check itself stays small enough to read in one sitting.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

TEST_CASE("the certificate library includes rules/ and its own headers only", "[certificate]") {
    const std::filesystem::path folder = std::filesystem::path(PAPAMU_SOURCE_DIR) / "certificate";
    int sources = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        const std::string extension = entry.path().extension().string();
        if (extension != ".cpp" && extension != ".hpp") continue;
        ++sources;
        std::ifstream in(entry.path());
        int lines = 0;
        for (std::string line; std::getline(in, line); ++lines) {
            if (line.rfind("#include \"", 0) != 0) continue;
            CAPTURE(entry.path().filename().string(), line);
            // support/ is the plumbing below rules/ (atomic file writes), no part of any solver.
            const bool allowed = line.rfind("#include \"rules/", 0) == 0 || line.rfind("#include \"certificate/", 0) == 0 ||
                                 line.rfind("#include \"support/", 0) == 0;
            CHECK(allowed);
        }
        if (entry.path().filename() == "certificate_checker.cpp") CHECK(lines <= 300);
    }
    CHECK(sources >= 6);
}

}  // namespace
