#include "support/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>

namespace papamu {

namespace {

[[noreturn]] void fail(const std::string& path, const char* what, int error) {
    throw AtomicWriteError(path + ": " + what + ": " + std::strerror(error));
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

AtomicFileWriter::AtomicFileWriter(std::string path) : path_(std::move(path)), temporaryPath_(path_ + ".tmp") {
    descriptor_ = ::open(temporaryPath_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (descriptor_ < 0) fail(temporaryPath_, "cannot create", errno);
}

AtomicFileWriter::~AtomicFileWriter() { discard(); }

void AtomicFileWriter::discard() {
    if (descriptor_ < 0) return;
    ::close(descriptor_);
    descriptor_ = -1;
    ::unlink(temporaryPath_.c_str());
}

void AtomicFileWriter::overwrite(std::uint64_t offset, std::string_view bytes) {
    if (descriptor_ < 0) throw std::logic_error("AtomicFileWriter: " + path_ + " is already committed");
    if (offset + bytes.size() > size_) throw std::logic_error("AtomicFileWriter::overwrite past what was written to " + temporaryPath_);
    while (!bytes.empty()) {
        const ssize_t written = ::pwrite(descriptor_, bytes.data(), bytes.size(), static_cast<off_t>(offset));
        if (written < 0) {
            if (errno == EINTR) continue;
            fail(temporaryPath_, "write failed", errno);
        }
        bytes.remove_prefix(static_cast<std::size_t>(written));
        offset += static_cast<std::uint64_t>(written);
    }
}

void AtomicFileWriter::append(std::string_view bytes) {
    if (descriptor_ < 0) throw std::logic_error("AtomicFileWriter: " + path_ + " is already committed");
    const std::uint64_t end = size_;
    size_ += bytes.size();  // overwrite() checks against it
    try {
        overwrite(end, bytes);
    } catch (...) {
        size_ = end;
        throw;
    }
}

void AtomicFileWriter::commit() {
    if (descriptor_ < 0) throw std::logic_error("AtomicFileWriter: " + path_ + " is already committed");
    if (::fsync(descriptor_) != 0) fail(temporaryPath_, "fsync failed", errno);
    const int descriptor = std::exchange(descriptor_, -1);
    if (::close(descriptor) != 0) {
        const int error = errno;
        ::unlink(temporaryPath_.c_str());
        fail(temporaryPath_, "close failed", error);
    }
    if (::rename(temporaryPath_.c_str(), path_.c_str()) != 0) {
        const int error = errno;
        ::unlink(temporaryPath_.c_str());
        fail(path_, "rename failed", error);
    }
    syncDirectoryOf(path_);
}

void writeFileAtomically(const std::string& path, std::initializer_list<std::string_view> pieces) {
    AtomicFileWriter writer(path);
    for (const std::string_view piece : pieces) writer.append(piece);
    writer.commit();
}

}  // namespace papamu
