#pragma once
// Finding tables on disk: a table is a directory holding manifest.json (table_directory.hpp).
#include <string>
#include <vector>

namespace papamu {

// DIR itself when it is a table, else every table directly inside it, sorted by name. Throws
// TableError when DIR is not a directory or holds no table.
std::vector<std::string> findTables(const std::string& directory);

}  // namespace papamu
