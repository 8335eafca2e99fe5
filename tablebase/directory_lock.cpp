#include "tablebase/directory_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>

namespace papamu {

namespace {

std::string systemError(const std::string& what, int error) { return what + ": " + std::strerror(error); }

// The process id written in the lock file, or 0 when it holds none (yet).
pid_t recordedHolder(int descriptor) {
    std::array<char, 32> text{};
    const ssize_t length = pread(descriptor, text.data(), text.size() - 1, 0);
    pid_t holder = 0;
    for (ssize_t at = 0; at < length && text[at] >= '0' && text[at] <= '9'; ++at) {
        if (holder > 100'000'000) return 0;  // not a process id: the file was written by someone else
        holder = holder * 10 + (text[at] - '0');
    }
    return holder;
}

}  // namespace

DirectoryLock::DirectoryLock(const std::filesystem::path& directory) : directory_(directory) {
    std::error_code error;
    if (!std::filesystem::is_directory(directory, error)) {
        throw std::invalid_argument("table directory " + directory.string() + " does not exist or is not a directory");
    }
    const std::filesystem::path file = directory / kFileName;
    descriptor_ = open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (descriptor_ < 0) throw std::runtime_error(systemError("cannot open the lock file " + file.string(), errno));

    int result = 0;
    do {
        result = flock(descriptor_, LOCK_EX | LOCK_NB);
    } while (result != 0 && errno == EINTR);
    if (result != 0) {
        const int lockError = errno;
        const pid_t holder = lockError == EWOULDBLOCK ? recordedHolder(descriptor_) : 0;
        close(descriptor_);
        if (lockError != EWOULDBLOCK) throw std::runtime_error(systemError("cannot lock " + file.string(), lockError));
        throw DirectoryBusyError("table directory " + directory.string() + " is in use by another papamu build" +
                                     (holder > 0 ? " (process " + std::to_string(holder) + ")" : std::string()) +
                                     "; wait for it to finish or stop it, then build again",
                                 holder);
    }

    const std::string record = std::to_string(getpid()) + "\n";
    if (ftruncate(descriptor_, 0) != 0 ||
        pwrite(descriptor_, record.data(), record.size(), 0) != static_cast<ssize_t>(record.size())) {
        const int writeError = errno;
        close(descriptor_);  // releases the lock too
        throw std::runtime_error(systemError("cannot write the lock file " + file.string(), writeError));
    }
}

DirectoryLock::~DirectoryLock() {
    // Clearing the id is tidiness only (it is read while someone holds the lock, and each holder
    // writes its own), so a failure here is ignored.
    [[maybe_unused]] const int cleared = ftruncate(descriptor_, 0);
    close(descriptor_);
}

}  // namespace papamu
