#include "server/query_parameters.hpp"

#include <charconv>
#include <set>
#include <stdexcept>

namespace papamu::server {

namespace {

template <class Number>
Number parseNumber(const std::string& name, const std::string& text) {
    Number number{};
    const auto [end, problem] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (problem != std::errc() || end != text.data() + text.size() || text.empty()) {
        throw std::invalid_argument("parameter '" + name + "': '" + text + "' is not a number");
    }
    return number;
}

}  // namespace

Parameters::Parameters(const QueryParameters& given, std::initializer_list<const char*> accepted) : given_(given) {
    const std::set<std::string> names(accepted.begin(), accepted.end());
    for (const auto& [name, value] : given) {
        if (!names.count(name)) {
            std::string list;
            for (const char* known : accepted) list += (list.empty() ? "" : ", ") + std::string(known);
            throw std::invalid_argument("unknown parameter '" + name + "'" +
                                        (list.empty() ? " (this endpoint takes none)" : " (this endpoint takes " + list + ")"));
        }
        if (given.count(name) > 1) throw std::invalid_argument("parameter '" + name + "' given more than once");
    }
}

std::string Parameters::optional(const std::string& name, const std::string& fallback) const {
    const auto found = given_.find(name);
    return found == given_.end() ? fallback : found->second;
}

std::string Parameters::required(const std::string& name) const {
    const auto found = given_.find(name);
    if (found == given_.end()) throw std::invalid_argument("parameter '" + name + "' is required");
    return found->second;
}

std::uint64_t parseCount(const std::string& name, const std::string& text) { return parseNumber<std::uint64_t>(name, text); }

double parseSeconds(const std::string& name, const std::string& text) { return parseNumber<double>(name, text); }

}  // namespace papamu::server
