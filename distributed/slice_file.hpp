#pragma once
// A slice of a layer solved by one rank, handed to the rank that writes the layer file: the
// entries of a range of the layer's solving order, uncompressed. Lives in the table directory
// only while a job runs (the writer of the layer removes it; rank 0 removes leftovers of a
// killed job before it starts), so a cluster file system carries it between nodes.
//
// File `layer-bBB-wWW.pmtb.slice-K-of-N` (K, N: the slice and the slice count), little-endian:
//   0  8  magic "PAPAMUSL"
//   8  4  format version (1)
//   12 4  zero
//   16 8  first step of the range
//   24 8  entry count of the range
//   32 8  XXH3_64bits (seed 0) of the entries
//   40 .. entries, one byte each (solver/retrograde_entry.hpp)
// Written like layer files (support/atomic_file.hpp): a slice is either absent or complete.
// The reader rejects a wrong magic, version, range or size and a checksum mismatch.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "solver/retrograde_entry.hpp"

namespace papamu::distributed {

std::string sliceFileName(const std::string& layerPath, int slice, int slices);
void writeSliceFile(const std::string& path, std::uint64_t begin, std::span<const RetrogradeEntry> values);
// Throws TableError naming the file when it is missing, damaged or holds another range.
std::vector<RetrogradeEntry> readSliceFile(const std::string& path, std::uint64_t begin, std::uint64_t count);
// Removes every slice file (and its .tmp) in the directory; returns how many.
int removeSliceFiles(const std::string& directory);

}  // namespace papamu::distributed
