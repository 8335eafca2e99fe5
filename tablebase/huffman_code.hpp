#pragma once
// A canonical Huffman code over byte values with code lengths of at most kMaxCodeLength bits,
// the entropy coder of layer files (format version 3, README.md). Bits are read and written
// least significant first, so a decoder peeks kMaxCodeLength bits and looks them up in one table.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace papamu {

constexpr int kMaxCodeLength = 12;

class HuffmanCode {
public:
    struct Symbol {
        std::uint8_t value = 0;
        std::uint8_t length = 0;  // 0 only for the sole symbol of a one-symbol code (no bits)
    };
    struct Decoded {
        std::uint8_t value = 0;
        std::uint8_t length = 0;
    };

    // The optimal code (lengths limited) for these counts; deterministic. Symbols with count 0 get no code.
    static HuffmanCode fromCounts(const std::array<std::uint64_t, 256>& counts);
    // The code a file lists; throws std::invalid_argument unless it is a complete prefix code:
    // values strictly increasing, lengths 1..kMaxCodeLength with a Kraft sum of exactly 1 (or one
    // symbol of length 0, or none).
    static HuffmanCode fromSymbols(std::span<const Symbol> symbols);

    const std::vector<Symbol>& symbols() const { return symbols_; }
    bool empty() const { return symbols_.empty(); }
    int length(std::uint8_t value) const { return lengths_[value]; }
    bool has(std::uint8_t value) const { return present_[value]; }
    // The code of a value as its bits are written, first bit lowest.
    std::uint32_t code(std::uint8_t value) const { return codes_[value]; }
    // The symbol whose code starts the low bits of `peek` (the next kMaxCodeLength bits or more).
    Decoded decode(std::uint64_t peek) const { return table_[peek & ((std::uint64_t{1} << kMaxCodeLength) - 1)]; }

private:
    explicit HuffmanCode(std::vector<Symbol> symbols);

    std::vector<Symbol> symbols_;
    std::array<std::uint8_t, 256> lengths_{};
    std::array<bool, 256> present_{};
    std::array<std::uint32_t, 256> codes_{};
    std::vector<Decoded> table_;  // 2^kMaxCodeLength entries
};

}  // namespace papamu
