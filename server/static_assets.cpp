#include "server/static_assets.hpp"

namespace papamu::server {

std::optional<StaticAsset> findStaticAsset(std::string_view path) {
    if (path == "/") path = "/index.html";
    for (const StaticAsset& asset : staticAssets()) {
        if (asset.path == path) return asset;
    }
    return std::nullopt;
}

}  // namespace papamu::server
