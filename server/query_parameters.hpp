#pragma once
// The query parameters of one endpoint, read strictly: only the names it takes, each at most
// once, numbers in full. Every problem is an std::invalid_argument naming the parameter (a 400).
#include <initializer_list>
#include <cstdint>
#include <map>
#include <string>

namespace papamu::server {

using QueryParameters = std::multimap<std::string, std::string>;

class Parameters {
public:
    // Throws for a name not in `accepted`, or one given more than once.
    Parameters(const QueryParameters& given, std::initializer_list<const char*> accepted);
    std::string optional(const std::string& name, const std::string& fallback = "") const;
    std::string required(const std::string& name) const;
    bool has(const std::string& name) const { return given_.count(name) != 0; }

private:
    const QueryParameters& given_;
};

// The whole of `text` as a number (no sign, space or suffix left over).
std::uint64_t parseCount(const std::string& name, const std::string& text);
double parseSeconds(const std::string& name, const std::string& text);

}  // namespace papamu::server
