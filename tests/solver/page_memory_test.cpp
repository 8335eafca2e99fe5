// PageMemory and hugePageBytes: memory that reads zero, whatever the kernel does with huge pages.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "solver/page_memory.hpp"

namespace papamu {

TEST_CASE("hugePageBytes gives exactly the bytes asked for, all zero, writable", "[solver]") {
    for (const std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{4095}, (std::size_t{16} << 20) + 3}) {
        std::vector<std::uint8_t> bytes = hugePageBytes(count);
        REQUIRE(bytes.size() == count);
        CHECK(std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t byte) { return byte == 0; }));
        if (count == 0) continue;
        bytes.back() = 2;
        bytes.front() = 1;
        CHECK(bytes.front() == 1);
        CHECK(bytes.back() == (count == 1 ? 1 : 2));
    }
}

TEST_CASE("PageMemory reads zero before use and again after zero()", "[solver]") {
    PageMemory memory((std::size_t{16} << 20) + 5);  // big enough to be aligned for huge pages
    auto* bytes = static_cast<std::uint8_t*>(memory.data());
    REQUIRE(bytes != nullptr);
    CHECK(reinterpret_cast<std::uintptr_t>(bytes) % (std::size_t{2} << 20) == 0);
    CHECK(bytes[0] == 0);
    CHECK(bytes[memory.bytes() - 1] == 0);
    memory.useHugePages(true);
    std::memset(bytes, 7, memory.bytes());
    memory.zero();
    CHECK(std::all_of(bytes, bytes + memory.bytes(), [](std::uint8_t byte) { return byte == 0; }));
}

}  // namespace papamu
