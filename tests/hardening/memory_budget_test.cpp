// --memory values, the machine's default budget, and the up-front refusal of oversized work.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "solver/memory_budget.hpp"

using namespace papamu;

namespace {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;
const MachineMemory kMachine{24 * kGiB, 20 * kGiB};

std::string rejection(const std::string& text) {
    try {
        parseMemorySize(text, kMachine);
    } catch (const std::invalid_argument& error) {
        return error.what();
    }
    return "accepted";
}

}  // namespace

TEST_CASE("memory sizes are read with binary units, any case", "[memory]") {
    CHECK(parseMemorySize("8G", kMachine) == 8 * kGiB);
    CHECK(parseMemorySize("8g", kMachine) == 8 * kGiB);
    CHECK(parseMemorySize("8GB", kMachine) == 8 * kGiB);
    CHECK(parseMemorySize("512M", kMachine) == 512 * kMiB);
    CHECK(parseMemorySize("2048MiB", kMachine) == 2 * kGiB);
    CHECK(parseMemorySize("1.5GiB", kMachine) == 3 * kGiB / 2);
    CHECK(parseMemorySize("0.5G", kMachine) == 512 * kMiB);
    CHECK(parseMemorySize("64k", kMachine) == 65536);
    CHECK(parseMemorySize("2T", kMachine) == 2 * 1024 * kGiB);
    CHECK(parseMemorySize("1000000", kMachine) == 1000000);
    CHECK(parseMemorySize("100b", kMachine) == 100);
    CHECK(parseMemorySize("0.1K", kMachine) == 102);  // 102.4 bytes, rounded down
    CHECK(parseMemorySize("1.00000000000000000000001K", kMachine) == 1024);  // digits past 18 ignored
}

TEST_CASE("a percentage is a share of the physical memory", "[memory]") {
    CHECK(parseMemorySize("50%", kMachine) == 12 * kGiB);
    CHECK(parseMemorySize("100%", kMachine) == 24 * kGiB);
    CHECK(parseMemorySize("12.5%", kMachine) == 3 * kGiB);
    CHECK(rejection("101%") == "memory size '101%' is more than 100% of the memory (expected e.g. 8G, 512M, 1.5GiB or 50%)");
}

TEST_CASE("malformed memory sizes are rejected with the reason", "[memory]") {
    CHECK(rejection("") == "memory size '' does not start with a number (expected e.g. 8G, 512M, 1.5GiB or 50%)");
    CHECK(rejection("G") == "memory size 'G' does not start with a number (expected e.g. 8G, 512M, 1.5GiB or 50%)");
    CHECK(rejection("8X") == "memory size '8X' has an unknown unit 'x' (expected e.g. 8G, 512M, 1.5GiB or 50%)");
    CHECK(rejection("1.G").find("no digit after the decimal point") != std::string::npos);
    CHECK(rejection("0") == "memory size '0' is zero; the memory budget must be at least one byte (expected e.g. 8G, "
                            "512M, 1.5GiB or 50%)");
    CHECK(rejection("0.5").find("is zero") != std::string::npos);
    CHECK(rejection("16777216T") == "memory size '16777216T' is more than 2^64 bytes (expected e.g. 8G, 512M, "
                                    "1.5GiB or 50%)");
    CHECK(rejection(std::string(400, '9')).find("more than 2^64 bytes") != std::string::npos);
    for (const char* text : {"-1G", " 8G", "8G ", "8 G", "1e9", "0x10", "inf", "nan", "8GiBs", "8bb", "8.5.1G", "+8G"}) {
        INFO(text);
        CHECK(rejection(text) != "accepted");
    }
}

TEST_CASE("the largest size below 2^64 bytes is accepted", "[memory]") {
    CHECK(parseMemorySize("16777215T", kMachine) == (std::uint64_t{16777215} << 40));
}

TEST_CASE("memory sizes are printed with one decimal and a binary unit", "[memory]") {
    CHECK(formatMemorySize(0) == "0 B");
    CHECK(formatMemorySize(1023) == "1023 B");
    CHECK(formatMemorySize(1024) == "1.0 KiB");
    CHECK(formatMemorySize(1536) == "1.5 KiB");
    CHECK(formatMemorySize(512 * kMiB) == "512.0 MiB");
    CHECK(formatMemorySize(34 * kGiB) == "34.0 GiB");
    CHECK(formatMemorySize(3 * 1024 * kGiB) == "3.0 TiB");
    CHECK(formatMemorySize(~std::uint64_t{0}) == "16.0 EiB");
}

TEST_CASE("work beyond the budget is refused with the estimate", "[memory]") {
    CHECK_NOTHROW(requireWithinBudget(18 * kGiB, 18 * kGiB, "building konane 6x6"));
    CHECK_NOTHROW(requireWithinBudget(0, 1, "anything"));
    try {
        requireWithinBudget(34 * kGiB, 18 * kGiB, "building konane 6x6");
        FAIL("no exception");
    } catch (const std::invalid_argument& error) {
        CHECK(std::string(error.what()) ==
              "building konane 6x6 needs about 34.0 GiB, more than the memory budget 18.0 GiB (--memory)");
    }
    CHECK_THROWS_AS(requireWithinBudget(18 * kGiB + 1, 18 * kGiB, "solving"), std::invalid_argument);
}

TEST_CASE("the default budget is three quarters of this machine's available memory", "[memory]") {
    CHECK(defaultMemoryBudget(kMachine) == 15 * kGiB);
    const MachineMemory machine = machineMemory();
    CHECK(machine.physicalBytes >= 64 * kMiB);
    CHECK(machine.availableBytes > 0);
    CHECK(machine.availableBytes <= machine.physicalBytes);
    CHECK(defaultMemoryBudget(machine) == machine.availableBytes / 4 * 3);
    CHECK(parseMemorySize("100%") == machineMemory().physicalBytes);
}
