#pragma once
// One writer per table directory: `papamu build` holds an exclusive lock on DIR/.lock while it
// writes, so a second build started on the same directory fails at once instead of
// interleaving its files with the first one's.
//
// The lock is flock(2) on DIR/.lock, taken without waiting. The kernel releases it when the
// holder exits for any reason (finished, Ctrl-C, kill -9, crash), so a dead build never leaves
// a stale lock behind. The file keeps the holder's process id as text ("1234\n") only so the
// error can name it; the lock itself is the flock, not the file's existence, and the file is
// left in place when the lock is released (deleting it would let a third process lock a fresh
// file while a second still waits on the old one). Readers (probe) take no lock: layer files
// only appear by rename once complete.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <sys/types.h>

namespace papamu {

// Thrown when another process holds the lock; the message names the directory and, when known,
// the holder's process id. Exit code 2 through the CLI like any other refused request.
class DirectoryBusyError : public std::runtime_error {
public:
    DirectoryBusyError(const std::string& message, pid_t holder) : std::runtime_error(message), holder_(holder) {}
    // The holder's process id, or 0 when the lock file did not say (yet).
    pid_t holder() const noexcept { return holder_; }

private:
    pid_t holder_;
};

class DirectoryLock {
public:
    static constexpr const char* kFileName = ".lock";

    // Locks `directory`, which must exist. Throws DirectoryBusyError when another process (or
    // another DirectoryLock in this one) holds it, std::runtime_error when the lock file cannot
    // be created or locked for another reason (e.g. a read-only directory).
    explicit DirectoryLock(const std::filesystem::path& directory);
    ~DirectoryLock();
    DirectoryLock(const DirectoryLock&) = delete;
    DirectoryLock& operator=(const DirectoryLock&) = delete;

    const std::filesystem::path& directory() const { return directory_; }

private:
    std::filesystem::path directory_;
    int descriptor_ = -1;
};

}  // namespace papamu
