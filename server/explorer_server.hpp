#pragma once
// The HTTP side of `papamu serve`: routes /api/* to ExplorerApi and everything else to the page
// embedded in the binary, with the limits of a local service (bounded body and URL, read and
// write timeouts, a fixed pool of connection threads). cpp-httplib stays inside the .cpp.
#include <cstddef>
#include <memory>
#include <string>

#include "server/explorer_api.hpp"

namespace papamu::server {

struct ServerSettings {
    std::string bind = "127.0.0.1";  // loopback unless told otherwise
    int port = 8080;                 // 0: any free port (tests)
    int threads = 8;                 // connection threads
    std::size_t maxBodyBytes = 64 * 1024;  // POST /api/verify bodies; larger: 413
};

class ExplorerServer {
public:
    ExplorerServer(ExplorerApi& api, ServerSettings settings);
    ~ExplorerServer();
    ExplorerServer(const ExplorerServer&) = delete;
    ExplorerServer& operator=(const ExplorerServer&) = delete;

    // Binds the address; returns the port (the chosen one for port 0). Throws
    // std::runtime_error naming the address when it can not be bound.
    int bind();
    // Serves until stop(); call after bind().
    void run();
    // Safe from any thread; run() returns soon after.
    void stop();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace papamu::server
