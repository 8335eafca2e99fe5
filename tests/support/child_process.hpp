#pragma once
// Runs papamu as a real child process so a test can signal it while it works (Ctrl-C, SIGTERM),
// at the moment something observable happens (a line on standard error, a file appearing),
// never after a fixed delay.
#include <catch2/catch.hpp>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "support/command_runner.hpp"

namespace papamu::testing {

// Where the child's standard error goes: a file, or a pseudo-terminal, as in an interactive shell
// (papamu draws its progress line only there).
enum class ErrorStream { File, Terminal };

namespace child_process_detail {

// Standard error collected from a file or from the master side of a pseudo-terminal.
class ErrorCapture {
public:
    explicit ErrorCapture(ErrorStream stream) : stream_(stream), path_(temporaryFile("err")) {
        if (stream_ == ErrorStream::File) return;
        master_ = posix_openpt(O_RDWR | O_NOCTTY);
        REQUIRE(master_ >= 0);
        REQUIRE(grantpt(master_) == 0);
        REQUIRE(unlockpt(master_) == 0);
        // The parent keeps the terminal side open too, so the child's exit does not hang it up
        // and what it wrote last can still be read.
        terminal_ = open(ptsname(master_), O_RDWR | O_NOCTTY);
        REQUIRE(terminal_ >= 0);
        termios settings{};
        REQUIRE(tcgetattr(terminal_, &settings) == 0);
        settings.c_oflag &= ~static_cast<tcflag_t>(OPOST);  // bytes as written: no "\n" -> "\r\n"
        REQUIRE(tcsetattr(terminal_, TCSANOW, &settings) == 0);
        fcntl(master_, F_SETFL, fcntl(master_, F_GETFL) | O_NONBLOCK);
        fcntl(master_, F_SETFD, FD_CLOEXEC);    // papamu holds only its own side
        fcntl(terminal_, F_SETFD, FD_CLOEXEC);  // dup2 onto stderr clears the flag on the copy
    }
    ~ErrorCapture() {
        if (master_ >= 0) close(master_);
        if (terminal_ >= 0) close(terminal_);
        std::remove(path_.c_str());
    }
    ErrorCapture(const ErrorCapture&) = delete;
    ErrorCapture& operator=(const ErrorCapture&) = delete;

    // In the child: the descriptor to make its standard error, or -1.
    int openForChild() const { return stream_ == ErrorStream::File ? open(path_.c_str(), O_WRONLY | O_TRUNC) : terminal_; }

    // Everything written so far.
    const std::string& text() {
        if (stream_ == ErrorStream::File) {
            text_ = fileText(path_);
        } else {
            readAvailable();
        }
        return text_;
    }

    // After the child has ended: what is still on its way through the terminal, until it has
    // been quiet for a while.
    const std::string& finalText() {
        if (stream_ == ErrorStream::Terminal) {
            pollfd ready{master_, POLLIN, 0};
            while (poll(&ready, 1, 200) > 0 && readAvailable()) {
            }
        }
        return text();
    }

private:
    // True when something was read.
    bool readAvailable() {
        char buffer[4096];
        bool any = false;
        for (ssize_t count; (count = read(master_, buffer, sizeof buffer)) > 0;) {
            text_.append(buffer, static_cast<std::size_t>(count));
            any = true;
        }
        return any;
    }

    ErrorStream stream_;
    std::string path_;
    int master_ = -1;
    int terminal_ = -1;
    std::string text_;
};

}  // namespace child_process_detail

// Starts papamu with stdout in a file and stderr as `stream` says, and calls
// `whileRunning(child, stderrSoFar)` every few milliseconds until it ends (that is where a test
// sends its signal, once what it waits for has happened). Waits at most `patience`; a process
// that does not end by itself is killed and fails the test.
inline CommandResult runWhileWatching(const std::vector<std::string>& arguments, std::chrono::seconds patience, ErrorStream stream,
                                      const std::function<void(pid_t, const std::string&)>& whileRunning) {
    const std::string outPath = temporaryFile("out");
    child_process_detail::ErrorCapture error(stream);
    std::vector<std::string> words{PAPAMU_BINARY};
    words.insert(words.end(), arguments.begin(), arguments.end());
    std::vector<char*> argv;
    for (std::string& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        const int out = open(outPath.c_str(), O_WRONLY | O_TRUNC);
        const int err = error.openForChild();
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
        whileRunning(child, error.text());
        std::this_thread::sleep_for(std::chrono::milliseconds(5));  // polling interval, not a wait for the child
    }
    if (ended == 0) {
        kill(child, SIGKILL);
        waitpid(child, &status, 0);
    }
    CommandResult result;
    if (WIFEXITED(status)) result.exitCode = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) result.exitCode = 128 + WTERMSIG(status);
    result.out = fileText(outPath);
    result.err = error.finalText();
    std::remove(outPath.c_str());
    INFO("stdout:\n" << result.out << "stderr:\n" << result.err);
    REQUIRE(ended == child);  // it stopped on its own, well before the patience ran out
    return result;
}

// The same with stderr in a file, for a test that watches something else (a file appearing).
inline CommandResult runWhileWatching(const std::vector<std::string>& arguments, std::chrono::seconds patience,
                                      const std::function<void(pid_t)>& whileRunning) {
    return runWhileWatching(arguments, patience, ErrorStream::File, [&](pid_t child, const std::string&) { whileRunning(child); });
}

// Standard error as a person would read it on a terminal: each progress line ends in "\r" and is
// overwritten by what follows, so only the text after the last "\r" of each line remains.
inline std::string withoutOverwrittenText(const std::string& text) {
    std::string result;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        const std::string line = text.substr(start, end - start);
        const std::size_t lastReturn = line.rfind('\r');
        result += lastReturn == std::string::npos ? line : line.substr(lastReturn + 1);
        if (end < text.size()) result += '\n';
        start = end + 1;
    }
    return result;
}

}  // namespace papamu::testing
