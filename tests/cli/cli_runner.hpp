#pragma once
// The command runner of tests/support, and a fresh directory per test.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/command_runner.hpp"

namespace papamu::testing {

// A new empty directory under /tmp, removed with everything in it when the object goes.
class ScratchDirectory {
public:
    explicit ScratchDirectory(const char* tag) {
        std::string pattern = std::string("/tmp/papamu-test-") + tag + "-XXXXXX";
        if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
        path_ = pattern;
    }
    ~ScratchDirectory() { std::filesystem::remove_all(path_); }
    ScratchDirectory(const ScratchDirectory&) = delete;
    ScratchDirectory& operator=(const ScratchDirectory&) = delete;
    std::string operator/(const std::string& name) const { return path_ + "/" + name; }
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

// Each line of `text` parsed as JSON (batch output, JSON-lines files); throws on a bad line.
inline std::vector<nlohmann::json> jsonLines(const std::string& text) {
    std::vector<nlohmann::json> lines;
    std::istringstream stream(text);
    for (std::string line; std::getline(stream, line);) lines.push_back(nlohmann::json::parse(line));
    return lines;
}

}  // namespace papamu::testing
