#pragma once
// Fixed-width little-endian integers in byte buffers, for the file formats (whatever the host's
// byte order): `bytes` is 1 to 8.
#include <cstdint>

namespace papamu {

inline void putLittle(std::uint8_t* out, std::uint64_t value, int bytes) {
    for (int byte = 0; byte < bytes; ++byte) out[byte] = static_cast<std::uint8_t>(value >> (8 * byte));
}

inline std::uint64_t getLittle(const std::uint8_t* in, int bytes) {
    std::uint64_t value = 0;
    for (int byte = 0; byte < bytes; ++byte) value |= static_cast<std::uint64_t>(in[byte]) << (8 * byte);
    return value;
}

}  // namespace papamu
