// The canonical Huffman code of layer files: optimal lengths, the length limit, decoding by
// table, and rejection of codes that are not complete prefix codes.
#include <catch2/catch.hpp>

#include <random>

#include "tablebase/huffman_code.hpp"

using namespace papamu;

namespace {

// Encodes values LSB first as the layer writer does and decodes them back through the table.
std::vector<std::uint8_t> roundTrip(const HuffmanCode& code, const std::vector<std::uint8_t>& values) {
    std::vector<std::uint8_t> bytes(values.size() * 2 + 16, 0);
    std::uint64_t position = 0;
    for (const std::uint8_t value : values) {
        for (int bit = 0; bit < code.length(value); ++bit, ++position) {
            bytes[position / 8] |= static_cast<std::uint8_t>(((code.code(value) >> bit) & 1U) << (position % 8));
        }
    }
    std::vector<std::uint8_t> decoded;
    std::uint64_t read = 0;
    for (std::size_t item = 0; item < values.size(); ++item) {
        std::uint64_t word = 0;
        for (int byte = 0; byte < 8; ++byte) word |= std::uint64_t{bytes[read / 8 + static_cast<std::uint64_t>(byte)]} << (8 * byte);
        const HuffmanCode::Decoded symbol = code.decode(word >> (read % 8));
        decoded.push_back(symbol.value);
        read += symbol.length;
    }
    CHECK(read == position);
    return decoded;
}

}  // namespace

TEST_CASE("Huffman codes give the textbook lengths and decode what they encode", "[huffman]") {
    std::array<std::uint64_t, 256> counts{};
    counts[0x80] = 50;  // win in 0
    counts[1] = 25;
    counts[0x83] = 13;
    counts[5] = 12;
    const HuffmanCode code = HuffmanCode::fromCounts(counts);
    CHECK(code.symbols().size() == 4);
    CHECK(code.length(0x80) == 1);
    CHECK(code.length(1) == 2);
    CHECK(code.length(0x83) == 3);
    CHECK(code.length(5) == 3);
    CHECK_FALSE(code.has(2));
    const std::vector<std::uint8_t> values{0x80, 1, 5, 0x83, 0x80, 0x80, 1, 5};
    CHECK(roundTrip(code, values) == values);
}

TEST_CASE("very rare values still get codes of at most the length limit", "[huffman]") {
    std::array<std::uint64_t, 256> counts{};
    for (int value = 0; value < 40; ++value) counts[static_cast<std::size_t>(value)] = std::uint64_t{1} << value;  // a Fibonacci-like skew
    const HuffmanCode code = HuffmanCode::fromCounts(counts);
    std::vector<std::uint8_t> values;
    std::mt19937 random(7);
    for (int item = 0; item < 2000; ++item) values.push_back(static_cast<std::uint8_t>(random() % 40));
    for (int value = 0; value < 40; ++value) {
        CHECK(code.length(static_cast<std::uint8_t>(value)) >= 1);
        CHECK(code.length(static_cast<std::uint8_t>(value)) <= kMaxCodeLength);
    }
    CHECK(code.length(39) == 1);
    CHECK(roundTrip(code, values) == values);
    // The code a file lists is accepted back as it is.
    CHECK(HuffmanCode::fromSymbols(code.symbols()).symbols().size() == 40);
}

TEST_CASE("a one-value code takes no bits; an empty one has no symbols", "[huffman]") {
    std::array<std::uint64_t, 256> counts{};
    CHECK(HuffmanCode::fromCounts(counts).empty());
    counts[0x85] = 1000;
    const HuffmanCode code = HuffmanCode::fromCounts(counts);
    REQUIRE(code.symbols().size() == 1);
    CHECK(code.length(0x85) == 0);
    CHECK(code.decode(0x1234).value == 0x85);
    CHECK(code.decode(0x1234).length == 0);
}

TEST_CASE("codes that are not complete prefix codes are refused", "[huffman]") {
    using Symbol = HuffmanCode::Symbol;
    const std::vector<std::pair<std::vector<Symbol>, std::string>> bad{
        {{{1, 1}}, "a sole symbol must have length 0"},
        {{{1, 1}, {2, 2}}, "not a complete prefix code"},              // Kraft sum 3/4
        {{{1, 1}, {2, 1}, {3, 1}}, "not a complete prefix code"},      // Kraft sum 3/2
        {{{2, 1}, {1, 1}}, "values not strictly increasing"},
        {{{1, 0}, {2, 1}}, "code length out of range"},
        {{{1, 1}, {2, 13}}, "code length out of range"},
    };
    for (const auto& [symbols, reason] : bad) {
        CHECK_THROWS_WITH(HuffmanCode::fromSymbols(symbols), Catch::Contains(reason));
    }
    CHECK_NOTHROW(HuffmanCode::fromSymbols(std::vector<Symbol>{{1, 1}, {2, 2}, {3, 2}}));
}
