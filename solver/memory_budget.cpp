#include "solver/memory_budget.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <utility>

namespace papamu {

namespace {

constexpr std::uint64_t kKibibyte = 1024;

[[noreturn]] void reject(std::string_view text, const std::string& why) {
    throw std::invalid_argument("memory size '" + std::string(text) + "' " + why +
                                " (expected e.g. 8G, 512M, 1.5GiB or 50%)");
}

// "MemTotal:  24684084 kB" -> bytes, for the named field of /proc/meminfo.
std::optional<std::uint64_t> meminfoField(const std::string& wanted) {
    std::ifstream meminfo("/proc/meminfo");
    std::string name;
    std::uint64_t kibibytes = 0;
    std::string unit;
    while (meminfo >> name >> kibibytes >> unit) {
        if (name == wanted + ":") return kibibytes * kKibibyte;
    }
    return std::nullopt;
}

// A container's memory limit (cgroup v2, then v1), when it is set at all; the unlimited v1
// value is a huge number, which the caller's min() with the physical memory absorbs.
std::optional<std::uint64_t> containerLimit() {
    for (const char* path : {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
        std::ifstream file(path);
        std::uint64_t limit = 0;
        if (file >> limit) return limit;  // "max" (no limit) fails to parse and is skipped
    }
    return std::nullopt;
}

std::uint64_t sysconfBytes(int name) {
    const long pages = sysconf(name);
    const long pageSize = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || pageSize <= 0) return 0;
    return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(pageSize);
}

char lowered(char symbol) { return symbol >= 'A' && symbol <= 'Z' ? static_cast<char>(symbol - 'A' + 'a') : symbol; }

}  // namespace

MachineMemory machineMemory() {
    MachineMemory machine;
    machine.physicalBytes = meminfoField("MemTotal").value_or(sysconfBytes(_SC_PHYS_PAGES));
    machine.availableBytes = meminfoField("MemAvailable").value_or(sysconfBytes(_SC_AVPHYS_PAGES));
    if (const auto limit = containerLimit()) machine.physicalBytes = std::min(machine.physicalBytes, *limit);
    machine.availableBytes = std::min(machine.availableBytes, machine.physicalBytes);
    return machine;
}

std::uint64_t defaultMemoryBudget(const MachineMemory& machine) { return machine.availableBytes / 4 * 3; }

std::uint64_t defaultMemoryBudget() { return defaultMemoryBudget(machineMemory()); }

std::uint64_t parseMemorySize(std::string_view text, const MachineMemory& machine) {
    // Digits are read by hand: strtod would also take exponents, hex, "inf" and leading blanks.
    // The fraction is kept as an exact ratio so that e.g. 0.5G is exactly 512 MiB.
    std::size_t at = 0;
    long double integerPart = 0;
    std::size_t integerDigits = 0;
    for (; at < text.size() && text[at] >= '0' && text[at] <= '9'; ++at, ++integerDigits) {
        integerPart = integerPart * 10 + (text[at] - '0');
    }
    if (integerDigits == 0) reject(text, "does not start with a number");
    std::uint64_t fractionNumerator = 0;
    long double fractionDenominator = 1;
    if (at < text.size() && text[at] == '.') {
        ++at;
        std::size_t fractionDigits = 0;
        for (; at < text.size() && text[at] >= '0' && text[at] <= '9'; ++at, ++fractionDigits) {
            if (fractionDigits >= 18) continue;  // beyond a byte's precision for any unit
            fractionNumerator = fractionNumerator * 10 + static_cast<std::uint64_t>(text[at] - '0');
            fractionDenominator *= 10;
        }
        if (fractionDigits == 0) reject(text, "has no digit after the decimal point");
    }
    const auto scaled = [&](long double factor) {
        return integerPart * factor + static_cast<long double>(fractionNumerator) * factor / fractionDenominator;
    };
    std::string unit;
    for (; at < text.size(); ++at) unit += lowered(text[at]);

    long double bytes = 0;
    if (unit == "%") {
        if (scaled(1) > 100) reject(text, "is more than 100% of the memory");
        bytes = scaled(static_cast<long double>(machine.physicalBytes)) / 100;
    } else {
        static constexpr std::array<std::pair<std::string_view, int>, 14> kUnits = {{
            {"", 0}, {"b", 0}, {"k", 10}, {"kb", 10}, {"kib", 10}, {"m", 20}, {"mb", 20},
            {"mib", 20}, {"g", 30}, {"gb", 30}, {"gib", 30}, {"t", 40}, {"tb", 40}, {"tib", 40}}};
        const auto known =
            std::find_if(kUnits.begin(), kUnits.end(), [&](const auto& entry) { return entry.first == unit; });
        if (known == kUnits.end()) reject(text, "has an unknown unit '" + unit + "'");
        bytes = scaled(std::ldexp(1.0L, known->second));
    }
    if (bytes >= std::ldexp(1.0L, 64)) reject(text, "is more than 2^64 bytes");
    const auto whole = static_cast<std::uint64_t>(std::floor(bytes));
    if (whole == 0) reject(text, "is zero; the memory budget must be at least one byte");
    return whole;
}

std::uint64_t parseMemorySize(std::string_view text) { return parseMemorySize(text, machineMemory()); }

std::string formatMemorySize(std::uint64_t bytes) {
    static constexpr std::array<const char*, 6> kUnits = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    if (bytes < kKibibyte) return std::to_string(bytes) + " B";
    double scaled = static_cast<double>(bytes) / kKibibyte;
    std::size_t unit = 0;
    while (scaled >= 1024 && unit + 1 < kUnits.size()) {
        scaled /= 1024;
        ++unit;
    }
    std::array<char, 32> text{};
    std::snprintf(text.data(), text.size(), "%.1f %s", scaled, kUnits[unit]);
    return text.data();
}

void requireWithinBudget(std::uint64_t estimateBytes, std::uint64_t budgetBytes, std::string_view what) {
    if (estimateBytes <= budgetBytes) return;
    throw std::invalid_argument(std::string(what) + " needs about " + formatMemorySize(estimateBytes) +
                                ", more than the memory budget " + formatMemorySize(budgetBytes) + " (--memory)");
}

}  // namespace papamu
