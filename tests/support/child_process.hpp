#pragma once
// Runs papamu as a real child process so a test can signal it while it works (Ctrl-C, SIGTERM).
#include <catch2/catch.hpp>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "support/command_runner.hpp"

namespace papamu::testing {

// Starts papamu with stdout and stderr in files and calls `whileRunning(child)` every few
// milliseconds until it ends (that is where a test sends its signal). Waits at most `patience`;
// a process that does not end by itself is killed and fails the test.
inline CommandResult runWhileWatching(const std::vector<std::string>& arguments, std::chrono::seconds patience,
                                      const std::function<void(pid_t)>& whileRunning) {
    const std::string outPath = temporaryFile("out");
    const std::string errPath = temporaryFile("err");
    std::vector<std::string> words{PAPAMU_BINARY};
    words.insert(words.end(), arguments.begin(), arguments.end());
    std::vector<char*> argv;
    for (std::string& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        const int out = open(outPath.c_str(), O_WRONLY | O_TRUNC);
        const int err = open(errPath.c_str(), O_WRONLY | O_TRUNC);
        const int none = open("/dev/null", O_RDONLY);
        if (out < 0 || err < 0 || none < 0) _exit(126);
        dup2(out, STDOUT_FILENO);
        dup2(err, STDERR_FILENO);
        dup2(none, STDIN_FILENO);
        execv(argv[0], argv.data());
        _exit(127);
    }
    int status = 0;
    pid_t ended = 0;
    const auto deadline = std::chrono::steady_clock::now() + patience;
    while ((ended = waitpid(child, &status, WNOHANG)) == 0 && std::chrono::steady_clock::now() < deadline) {
        whileRunning(child);
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (ended == 0) {
        kill(child, SIGKILL);
        waitpid(child, &status, 0);
    }
    CommandResult result;
    if (WIFEXITED(status)) result.exitCode = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) result.exitCode = 128 + WTERMSIG(status);
    result.out = fileText(outPath);
    result.err = fileText(errPath);
    std::remove(outPath.c_str());
    std::remove(errPath.c_str());
    INFO("stdout:\n" << result.out << "stderr:\n" << result.err);
    REQUIRE(ended == child);  // it stopped on its own, well before the patience ran out
    return result;
}

}  // namespace papamu::testing
