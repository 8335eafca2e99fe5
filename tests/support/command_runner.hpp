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

// The lines of a text, without their newlines.
inline std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream stream(text);
    for (std::string line; std::getline(stream, line);) lines.push_back(line);
    return lines;
}

struct CommandResult {
    int exitCode = -1;  // 128 + signal number when the process was killed by a signal
    std::string out;
    std::string err;

    std::vector<std::string> outputLines() const { return splitLines(out); }
    std::vector<std::string> errorLines() const { return splitLines(err); }
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

// `input` becomes the standard input; `environment` (e.g. "NAME=value") is set for the command.
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
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string here.
    for (const std::string& argument : arguments) {
        command += ' ';
        command += shellQuoted(argument);
    }
    command.append(" >").append(outPath).append(" 2>").append(errPath).append(" <").append(inPath);
    const int status = std::system(command.c_str());
    CommandResult result;
    if (status != -1 && WIFEXITED(status)) result.exitCode = WEXITSTATUS(status);
    if (status != -1 && WIFSIGNALED(status)) result.exitCode = 128 + WTERMSIG(status);
    result.out = fileText(outPath);
    result.err = fileText(errPath);
    for (const std::string& path : {inPath, outPath, errPath}) std::remove(path.c_str());
    return result;
}

inline CommandResult runPapamu(const std::vector<std::string>& arguments) { return runPapamuWithInput(arguments, ""); }

inline CommandResult runPapamu(std::initializer_list<std::string> arguments) {
    return runPapamu(std::vector<std::string>(arguments));
}

}  // namespace papamu::testing
