#pragma once
// The real `papamu` binary with text on its standard input, and a fresh directory per test.
#include <filesystem>
#include <string>
#include <vector>

#include "support/command_runner.hpp"

namespace papamu::testing {

inline CommandResult runPapamuWithInput(const std::vector<std::string>& arguments, const std::string& input,
                                        const std::string& environment = "") {
    const std::string inPath = temporaryFile("in");
    const std::string outPath = temporaryFile("out");
    const std::string errPath = temporaryFile("err");
    {
        std::ofstream in(inPath, std::ios::binary);
        in << input;
    }
    std::string command = environment.empty() ? std::string() : environment + " ";
    command += shellQuoted(PAPAMU_BINARY);
    for (const std::string& argument : arguments) {
        command += ' ';
        command += shellQuoted(argument);
    }
    command.append(" <").append(inPath).append(" >").append(outPath).append(" 2>").append(errPath);
    const int status = std::system(command.c_str());
    CommandResult result;
    if (status != -1 && WIFEXITED(status)) result.exitCode = WEXITSTATUS(status);
    if (status != -1 && WIFSIGNALED(status)) result.exitCode = 128 + WTERMSIG(status);
    result.out = fileText(outPath);
    result.err = fileText(errPath);
    for (const std::string& path : {inPath, outPath, errPath}) std::remove(path.c_str());
    return result;
}

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

}  // namespace papamu::testing
