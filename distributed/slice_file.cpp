#include "distributed/slice_file.hpp"

#include <xxhash.h>

#include <array>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "support/atomic_file.hpp"
#include "support/little_endian.hpp"
#include "tablebase/layer_file.hpp"

namespace papamu::distributed {

namespace {

constexpr std::array<char, 8> kSliceMagic{'P', 'A', 'P', 'A', 'M', 'U', 'S', 'L'};
constexpr std::uint32_t kSliceFormatVersion = 1;
constexpr std::size_t kSliceHeaderBytes = 40;
constexpr const char* kSliceMarker = ".pmtb.slice-";

}  // namespace

std::string sliceFileName(const std::string& layerPath, int slice, int slices) {
    return layerPath + ".slice-" + std::to_string(slice) + "-of-" + std::to_string(slices);
}

void writeSliceFile(const std::string& path, std::uint64_t begin, std::span<const RetrogradeEntry> values) {
    std::array<std::uint8_t, kSliceHeaderBytes> header{};
    std::memcpy(header.data(), kSliceMagic.data(), kSliceMagic.size());
    putLittle(&header[8], kSliceFormatVersion, 4);
    putLittle(&header[16], begin, 8);
    putLittle(&header[24], values.size(), 8);
    putLittle(&header[32], XXH3_64bits(values.data(), values.size()), 8);
    writeFileAtomically(path, {std::string_view(reinterpret_cast<const char*>(header.data()), header.size()),
                               std::string_view(reinterpret_cast<const char*>(values.data()), values.size())});
}

std::vector<RetrogradeEntry> readSliceFile(const std::string& path, std::uint64_t begin, std::uint64_t count) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw TableError(path + ": slice file missing (did a rank of this job fail?)");
    std::array<std::uint8_t, kSliceHeaderBytes> header{};
    in.read(reinterpret_cast<char*>(header.data()), header.size());
    if (!in) throw TableError(path + ": truncated slice header");
    if (std::memcmp(header.data(), kSliceMagic.data(), kSliceMagic.size()) != 0) throw TableError(path + ": not a slice file (bad magic)");
    if (getLittle(&header[8], 4) != kSliceFormatVersion) throw TableError(path + ": unknown slice format version");
    if (getLittle(&header[12], 4) != 0) throw TableError(path + ": reserved slice header bytes are not zero");
    if (getLittle(&header[16], 8) != begin || getLittle(&header[24], 8) != count) {
        throw TableError(path + ": holds steps from " + std::to_string(getLittle(&header[16], 8)) + " (" +
                         std::to_string(getLittle(&header[24], 8)) + " entries), expected from " + std::to_string(begin) + " (" +
                         std::to_string(count) + ")");
    }
    std::vector<RetrogradeEntry> values(count);
    in.read(reinterpret_cast<char*>(values.data()), static_cast<std::streamsize>(count));
    if (static_cast<std::uint64_t>(in.gcount()) != count || in.peek() != std::ifstream::traits_type::eof()) {
        throw TableError(path + ": slice size differs from its header");
    }
    if (XXH3_64bits(values.data(), values.size()) != getLittle(&header[32], 8)) throw TableError(path + ": slice checksum mismatch");
    return values;
}

int removeSliceFiles(const std::string& directory) {
    int removed = 0;
    for (const auto& item : std::filesystem::directory_iterator(directory)) {
        if (item.path().filename().string().find(kSliceMarker) == std::string::npos) continue;
        std::filesystem::remove(item.path());
        ++removed;
    }
    return removed;
}

}  // namespace papamu::distributed
