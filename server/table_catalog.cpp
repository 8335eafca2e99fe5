#include "server/table_catalog.hpp"

#include <algorithm>
#include <filesystem>

namespace papamu::server {

namespace {

bool holdsManifest(const std::filesystem::path& directory) {
    return std::filesystem::is_regular_file(directory / "manifest.json");
}

}  // namespace

TableCatalog::TableCatalog(const std::vector<std::string>& roots) {
    for (const std::string& root : roots) {
        std::vector<std::filesystem::path> directories;
        if (holdsManifest(root)) {
            directories.emplace_back(root);
        } else if (std::filesystem::is_directory(root)) {
            for (const auto& entry : std::filesystem::directory_iterator(root)) {
                if (entry.is_directory() && holdsManifest(entry.path())) directories.push_back(entry.path());
            }
        }
        if (directories.empty()) throw TableError("--tb " + root + ": no table there (no manifest.json in it or its folders)");
        std::sort(directories.begin(), directories.end());
        for (const auto& directory : directories) {
            auto table = std::make_unique<TableProbe>(directory.string());
            // The first root that has a table for a set of rules wins; later copies are ignored.
            if (!find(table->game(), table->size(), table->variant())) tables_.push_back(std::move(table));
        }
    }
}

const TableProbe* TableCatalog::find(GameKind game, BoardSize size, const Variant& variant) const {
    for (const auto& table : tables_) {
        if (table->game() == game && table->size() == size && table->variant() == variant) return table.get();
    }
    return nullptr;
}

const TableProbe* TableCatalog::covering(GameKind game, BoardSize size, const Variant& variant,
                                         const Position& position) const {
    const TableProbe* table = find(game, size, variant);
    return table && table->covers(position) ? table : nullptr;
}

}  // namespace papamu::server
