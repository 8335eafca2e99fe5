#pragma once
// The explorer's page, compiled into the binary from server/static/ (embed_static.cmake), so
// static files are served from memory only: no URL ever becomes a path on disk.
#include <optional>
#include <span>
#include <string_view>

namespace papamu::server {

struct StaticAsset {
    std::string_view path;         // URL path, e.g. "/explorer.js"
    std::string_view contentType;  // e.g. "text/javascript; charset=utf-8"
    std::string_view body;
};

// Every embedded file (generated source).
std::span<const StaticAsset> staticAssets();
// The asset served at a URL path; "/" is "/index.html". nullopt for anything else.
std::optional<StaticAsset> findStaticAsset(std::string_view path);

}  // namespace papamu::server
