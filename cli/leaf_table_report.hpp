#pragma once
// What solve says about the table it was given (--tb): which table, up to how many stones, how
// many leaves it was asked and answered, and the time spent probing.
#include <nlohmann/json.hpp>
#include <string>

#include "tablebase/table_leaf_oracle.hpp"

namespace papamu::cli {

struct LeafTableUse {
    const TableProbe* table = nullptr;
    const LeafTableCounts* counts = nullptr;
};

// "leaf table: DIR (up to 8 stones): 1.2M probes, 1.0M answered (83.1%), 0.41 s probing"
std::string leafTableText(const LeafTableUse& use);
// {"directory", "max_stones", "probes", "answered", "probe_seconds"}
nlohmann::ordered_json leafTableJson(const LeafTableUse& use);

}  // namespace papamu::cli
