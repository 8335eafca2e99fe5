#pragma once
// One in-memory file for a whole fuzzing run, reached by path like a file on disk, for the
// targets whose readers open files by name (layer files, certificates).
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <string>
#include <vector>

#include "fuzz/fuzz_check.hpp"

namespace papamu::fuzz {

class MemoryFile {
public:
    explicit MemoryFile(const char* name) : descriptor_(memfd_create(name, MFD_CLOEXEC)) {
        require(descriptor_ >= 0, "memfd_create failed");
        path_ = "/proc/self/fd/" + std::to_string(descriptor_);
    }
    void assign(const std::vector<std::uint8_t>& bytes) {
        require(ftruncate(descriptor_, 0) == 0, "ftruncate failed");
        require(pwrite(descriptor_, bytes.data(), bytes.size(), 0) == static_cast<ssize_t>(bytes.size()), "pwrite failed");
    }
    const std::string& path() const { return path_; }

private:
    int descriptor_;
    std::string path_;
};

}  // namespace papamu::fuzz
