#pragma once
// Runs the real `papamu` binary (PAPAMU_BINARY) through the shell and captures its exit code,
// standard output and standard error, for end-to-end tests of the command line.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace papamu::testing {

struct CommandResult {
    int exitCode = -1;  // 128 + signal number when the process was killed by a signal
    std::string out;
    std::string err;

    // Lines of standard error, without the final newline.
    std::vector<std::string> errorLines() const {
        std::vector<std::string> lines;
        std::istringstream stream(err);
        for (std::string line; std::getline(stream, line);) lines.push_back(line);
        return lines;
    }
};

inline std::string shellQuoted(const std::string& word) {
    std::string quoted = "'";
    for (const char symbol : word) quoted += symbol == '\'' ? std::string("'\\''") : std::string(1, symbol);
    return quoted + "'";
}

inline std::string temporaryFile(const char* tag) {
    std::string pattern = std::string("/tmp/papamu-test-") + tag + "-XXXXXX";
    const int descriptor = mkstemp(pattern.data());
    if (descriptor < 0) throw std::runtime_error("mkstemp failed");
    close(descriptor);
    return pattern;
}

inline std::string fileText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

inline CommandResult runPapamu(const std::vector<std::string>& arguments) {
    const std::string outPath = temporaryFile("out");
    const std::string errPath = temporaryFile("err");
    std::string command = shellQuoted(PAPAMU_BINARY);
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string here.
    for (const std::string& argument : arguments) {
        command += ' ';
        command += shellQuoted(argument);
    }
    command.append(" >").append(outPath).append(" 2>").append(errPath).append(" </dev/null");
    const int status = std::system(command.c_str());
    CommandResult result;
    if (status != -1 && WIFEXITED(status)) result.exitCode = WEXITSTATUS(status);
    if (status != -1 && WIFSIGNALED(status)) result.exitCode = 128 + WTERMSIG(status);
    result.out = fileText(outPath);
    result.err = fileText(errPath);
    std::remove(outPath.c_str());
    std::remove(errPath.c_str());
    return result;
}

inline CommandResult runPapamu(std::initializer_list<std::string> arguments) {
    return runPapamu(std::vector<std::string>(arguments));
}

}  // namespace papamu::testing
