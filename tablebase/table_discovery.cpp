#include "tablebase/table_discovery.hpp"

#include <algorithm>
#include <filesystem>

#include "tablebase/layer_file.hpp"

namespace papamu {

std::vector<std::string> findTables(const std::string& directory) {
    namespace fs = std::filesystem;
    const fs::path root = directory;
    std::error_code error;
    if (!fs::is_directory(root, error)) throw TableError("'" + directory + "' is not a directory");
    if (fs::exists(root / "manifest.json", error)) return {directory};
    std::vector<std::string> tables;
    for (const auto& item : fs::directory_iterator(root, error)) {
        if (item.is_directory(error) && fs::exists(item.path() / "manifest.json", error)) tables.push_back(item.path().string());
    }
    if (error) throw TableError("'" + directory + "' can not be read: " + error.message());
    std::sort(tables.begin(), tables.end());
    if (tables.empty()) throw TableError("no table (manifest.json) in '" + directory + "' or its subdirectories");
    return tables;
}

}  // namespace papamu
