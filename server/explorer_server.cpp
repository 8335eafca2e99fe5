#include "server/explorer_server.hpp"

#include <httplib.h>

#include <stdexcept>

#include "server/static_assets.hpp"

namespace papamu::server {

namespace {

constexpr const char* kJsonType = "application/json";

void addSafetyHeaders(httplib::Response& response) {
    response.set_header("Cache-Control", "no-store");
    response.set_header("X-Content-Type-Options", "nosniff");
    // The page uses nothing but itself: no CDN, no inline script, no other origin.
    response.set_header("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'");
}

void send(httplib::Response& response, const ApiResponse& answer) {
    response.status = answer.status;
    response.set_content(answer.body, kJsonType);
    addSafetyHeaders(response);
}

// For errors the library answers itself (404, 413, 414, ...): a one-line JSON message too.
httplib::Server::HandlerResponse describeError(const httplib::Request& request, httplib::Response& response) {
    if (!response.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
    std::string message = "HTTP status " + std::to_string(response.status);
    if (response.status == 404) message = "nothing at " + request.path;
    if (response.status == 413) message = "request body too large";
    response.set_content(nlohmann::json{{"error", message}}.dump(), kJsonType);
    addSafetyHeaders(response);
    return httplib::Server::HandlerResponse::Handled;
}

}  // namespace

struct ExplorerServer::Impl {
    Impl(ExplorerApi& explorer, ServerSettings chosen) : api(explorer), settings(std::move(chosen)) {}
    ExplorerApi& api;
    ServerSettings settings;
    httplib::Server http;
};

ExplorerServer::ExplorerServer(ExplorerApi& api, ServerSettings settings)
    : impl_(std::make_unique<Impl>(api, std::move(settings))) {
    httplib::Server& http = impl_->http;
    const int threads = std::max(impl_->settings.threads, 1);
    http.new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<std::size_t>(threads)); };
    http.set_payload_max_length(impl_->settings.maxBodyBytes);
    http.set_read_timeout(5, 0);
    http.set_write_timeout(5, 0);
    http.set_keep_alive_timeout(2);
    // Headers and body go out in separate writes: without this, Nagle's algorithm and the
    // client's delayed acknowledgement hold every answer back ~40 ms.
    http.set_tcp_nodelay(true);
    http.set_error_handler(httplib::Server::HandlerWithResponse(describeError));
    http.set_exception_handler([](const httplib::Request&, httplib::Response& response, std::exception_ptr) {
        send(response, ApiResponse{500, nlohmann::json{{"error", "internal error"}}.dump()});
    });

    ExplorerApi& explorer = impl_->api;
    const auto route = [&http](const char* path, auto member) {
        http.Get(path, [member](const httplib::Request& request, httplib::Response& response) {
            send(response, member(request.params));
        });
    };
    route("/api/start", [&explorer](const QueryParameters& parameters) { return explorer.start(parameters); });
    route("/api/position", [&explorer](const QueryParameters& parameters) { return explorer.position(parameters); });
    route("/api/probe", [&explorer](const QueryParameters& parameters) { return explorer.probe(parameters); });
    route("/api/solved", [&explorer](const QueryParameters& parameters) { return explorer.solved(parameters); });
    route("/api/tables", [&explorer](const QueryParameters& parameters) { return explorer.tables(parameters); });
    route("/api/status", [&explorer](const QueryParameters& parameters) { return explorer.status(parameters); });
    route("/api/puzzles", [&explorer](const QueryParameters& parameters) { return explorer.puzzles(parameters); });
    http.Post("/api/verify", [&explorer](const httplib::Request& request, httplib::Response& response) {
        // A form-encoded body would be taken for query parameters: JSON only.
        if (request.get_header_value("Content-Type").rfind("application/json", 0) != 0) {
            send(response, ApiResponse{415, nlohmann::json{{"error", "send the body as Content-Type: application/json"}}.dump()});
            return;
        }
        send(response, explorer.verify(request.params, request.body));
    });
    // Everything else is the embedded page, looked up by exact path in memory.
    http.Get(R"(/[A-Za-z0-9._-]*)", [](const httplib::Request& request, httplib::Response& response) {
        const std::optional<StaticAsset> asset = findStaticAsset(request.path);
        if (!asset) {
            response.status = 404;
            return;
        }
        response.set_content(std::string(asset->body), std::string(asset->contentType).c_str());
        addSafetyHeaders(response);
    });
}

ExplorerServer::~ExplorerServer() = default;

int ExplorerServer::bind() {
    const ServerSettings& settings = impl_->settings;
    const int port = settings.port == 0 ? impl_->http.bind_to_any_port(settings.bind)
                                        : (impl_->http.bind_to_port(settings.bind, settings.port) ? settings.port : -1);
    if (port < 0) {
        throw std::runtime_error("can not listen on " + settings.bind + ":" + std::to_string(settings.port) +
                                 " (address in use, or not an address of this machine)");
    }
    return port;
}

void ExplorerServer::run() { impl_->http.listen_after_bind(); }

void ExplorerServer::stop() { impl_->http.stop(); }

}  // namespace papamu::server
