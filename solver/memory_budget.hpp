#pragma once
// How much memory a build or a solve may use. Work that would not fit is refused up front with
// its estimate, rather than being killed by the system half-way through (and, for a build,
// leaving the user to guess why).
#include <cstdint>
#include <string>
#include <string_view>

namespace papamu {

// What the machine has, in bytes. `availableBytes` is what can be used without pushing other
// programs into swap (Linux's MemAvailable); it is never more than `physicalBytes`.
struct MachineMemory {
    std::uint64_t physicalBytes = 0;
    std::uint64_t availableBytes = 0;
};

// Reads /proc/meminfo (MemTotal, MemAvailable); falls back to sysconf when it is missing.
MachineMemory machineMemory();

// The budget when `--memory` is not given: 75% of the available memory, leaving room for the
// page cache the table files are read through and for whatever else runs on the machine.
std::uint64_t defaultMemoryBudget(const MachineMemory& machine);
std::uint64_t defaultMemoryBudget();

// Parses a `--memory` value: a number with an optional fraction and an optional unit, e.g.
// "8G", "512M", "1.5GiB", "2048MB", "1000000" (bytes), or a share of the physical memory,
// e.g. "50%". Units are case-insensitive and all binary (K = KB = KiB = 1024 bytes, and so on
// up to T), because that is how memory is sized and what `free` shows. Throws
// std::invalid_argument with a one-line reason for anything else, for zero, and for values
// beyond 2^64 bytes.
std::uint64_t parseMemorySize(std::string_view text, const MachineMemory& machine);
std::uint64_t parseMemorySize(std::string_view text);

// One decimal and a binary unit: "34.0 GiB", "512.0 MiB", "900 B".
std::string formatMemorySize(std::uint64_t bytes);

// Throws std::invalid_argument when `estimateBytes` exceeds `budgetBytes`, e.g.
// "building konane 6x6 needs about 34.0 GiB, more than the memory budget 18.0 GiB (--memory)".
// `what` names the work ("building konane 6x6").
void requireWithinBudget(std::uint64_t estimateBytes, std::uint64_t budgetBytes, std::string_view what);

}  // namespace papamu
