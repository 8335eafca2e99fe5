#pragma once
// `papamu serve --port 0` as a child process for the API tests: the test waits for its
// "listening on http://HOST:PORT/" line (never a fixed sleep) and talks to it over loopback.
#include <catch2/catch.hpp>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <string>
#include <vector>

namespace papamu::testing {

class ServerProcess {
public:
    explicit ServerProcess(const std::vector<std::string>& arguments) {
        std::vector<std::string> words{PAPAMU_BINARY, "serve", "--port", "0"};
        words.insert(words.end(), arguments.begin(), arguments.end());
        std::vector<char*> argv;
        for (std::string& word : words) argv.push_back(word.data());
        argv.push_back(nullptr);
        int pipeEnds[2];
        REQUIRE(pipe(pipeEnds) == 0);
        pid_ = fork();
        REQUIRE(pid_ >= 0);
        if (pid_ == 0) {
            dup2(pipeEnds[1], STDOUT_FILENO);
            close(pipeEnds[0]);
            close(pipeEnds[1]);
            execv(argv[0], argv.data());
            _exit(127);
        }
        close(pipeEnds[1]);
        output_ = fdopen(pipeEnds[0], "r");
        firstLine_ = readLine();
        const std::string marker = "listening on http://";
        const auto at = firstLine_.find(marker);
        INFO("first line of papamu serve: " << firstLine_);
        REQUIRE(at != std::string::npos);
        const std::string address = firstLine_.substr(at + marker.size());
        host_ = address.substr(0, address.find(':'));
        port_ = std::stoi(address.substr(address.find(':') + 1));
    }
    ~ServerProcess() {
        if (pid_ > 0) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
        if (output_) std::fclose(output_);
    }
    ServerProcess(const ServerProcess&) = delete;
    ServerProcess& operator=(const ServerProcess&) = delete;

    const std::string& host() const { return host_; }
    int port() const { return port_; }
    const std::string& firstLine() const { return firstLine_; }

    // Sends SIGINT, as Ctrl-C does.
    void interrupt() { kill(pid_, SIGINT); }

    // Sends SIGTERM (a second signal, after interrupt(), would end it at once, so not then)
    // and waits for the process; returns its exit status and the rest of stdout.
    std::pair<int, std::string> terminate(bool alreadySignalled = false) {
        if (!alreadySignalled) kill(pid_, SIGTERM);
        std::string rest;
        for (std::string line = readLine(); !line.empty(); line = readLine()) rest += line;
        int status = 0;
        waitpid(pid_, &status, 0);
        pid_ = -1;
        return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), rest};
    }

private:
    std::string readLine() {
        std::string line;
        for (int symbol = std::fgetc(output_); symbol != EOF; symbol = std::fgetc(output_)) {
            line += static_cast<char>(symbol);
            if (symbol == '\n') break;
        }
        return line;
    }

    pid_t pid_ = -1;
    std::FILE* output_ = nullptr;
    std::string firstLine_;
    std::string host_;
    int port_ = 0;
};

}  // namespace papamu::testing
