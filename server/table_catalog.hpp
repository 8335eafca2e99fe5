#pragma once
// The tables a running server answers from: every table directory found under the --tb roots,
// opened once at start-up and shared by all request threads (TableProbe is const and
// thread-safe). Looked up by the exact rules and board of a request.
#include <memory>
#include <string>
#include <vector>

#include "rules/game_kind.hpp"
#include "rules/position.hpp"
#include "tablebase/table_probe.hpp"

namespace papamu::server {

class TableCatalog {
public:
    // Each root is a table directory (holding manifest.json) or a folder of them. Throws
    // TableError for a root that holds no table, or a table that can not be opened.
    explicit TableCatalog(const std::vector<std::string>& roots);

    // The table for exactly these rules and board, or nullptr.
    const TableProbe* find(GameKind game, BoardSize size, const Variant& variant) const;
    // The table that answers this position, or nullptr (none for the rules, or too many stones).
    const TableProbe* covering(GameKind game, BoardSize size, const Variant& variant, const Position& position) const;
    const std::vector<std::unique_ptr<TableProbe>>& tables() const { return tables_; }

private:
    std::vector<std::unique_ptr<TableProbe>> tables_;
};

}  // namespace papamu::server
