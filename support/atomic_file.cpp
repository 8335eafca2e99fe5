#include "support/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace papamu {

namespace {

[[noreturn]] void fail(const std::string& path, const char* what, int error) {
    throw AtomicWriteError(path + ": " + what + ": " + std::strerror(error));
}

void writeAll(int descriptor, std::string_view bytes, const std::string& path) {
    while (!bytes.empty()) {
        const ssize_t written = ::write(descriptor, bytes.data(), bytes.size());
        if (written < 0) {
            if (errno == EINTR) continue;
            fail(path, "write failed", errno);
        }
        bytes.remove_prefix(static_cast<std::size_t>(written));
    }
}

// The rename is only durable once the directory entry is on disk.
void syncDirectoryOf(const std::string& path) {
    const std::string directory = std::filesystem::path(path).parent_path().string();
    const std::string name = directory.empty() ? "." : directory;
    const int descriptor = ::open(name.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (descriptor < 0) fail(name, "cannot open the directory to sync it", errno);
    // EINVAL: the file system cannot sync directories (some network and special file systems).
    const bool synced = ::fsync(descriptor) == 0 || errno == EINVAL;
    const int error = errno;
    ::close(descriptor);
    if (!synced) fail(name, "directory fsync failed", error);
}

}  // namespace

void writeFileAtomically(const std::string& path, std::initializer_list<std::string_view> pieces) {
    const std::string temporary = path + ".tmp";
    const int descriptor = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (descriptor < 0) fail(temporary, "cannot create", errno);
    try {
        for (const std::string_view piece : pieces) writeAll(descriptor, piece, temporary);
        if (::fsync(descriptor) != 0) fail(temporary, "fsync failed", errno);
    } catch (...) {
        ::close(descriptor);
        ::unlink(temporary.c_str());
        throw;
    }
    if (::close(descriptor) != 0) {
        const int error = errno;
        ::unlink(temporary.c_str());
        fail(temporary, "close failed", error);
    }
    if (::rename(temporary.c_str(), path.c_str()) != 0) {
        const int error = errno;
        ::unlink(temporary.c_str());
        fail(path, "rename failed", error);
    }
    syncDirectoryOf(path);
}

}  // namespace papamu
