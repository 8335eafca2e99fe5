#pragma once
// Unsigned LEB128 integers (7 bits a byte, high bit set on every byte but the last) for the
// compressed file formats, where most numbers are small deltas: `readVarint` rejects a number
// that runs past the end of the buffer or past 64 bits instead of reading beyond either.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace papamu {

inline void putVarint(std::vector<std::uint8_t>& out, std::uint64_t value) {
    while (value >= 0x80) {
        out.push_back(static_cast<std::uint8_t>(value | 0x80));
        value >>= 7;
    }
    out.push_back(static_cast<std::uint8_t>(value));
}

// Reads one number at `at`, advancing it; false (and `at` unspecified) for a malformed one.
inline bool readVarint(const std::uint8_t* data, std::size_t size, std::size_t& at, std::uint64_t& value) {
    value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (at >= size) return false;
        const std::uint8_t byte = data[at++];
        if (shift == 63 && byte > 1) return false;
        value |= static_cast<std::uint64_t>(byte & 0x7F) << shift;
        if ((byte & 0x80) == 0) return true;
    }
    return false;
}

}  // namespace papamu
