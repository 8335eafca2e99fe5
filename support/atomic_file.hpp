#pragma once
// Replacing a file so that a reader, a crash or a full disk leaves either the old file or the new
// one, never a mix: write PATH.tmp, fsync it, rename it over PATH, fsync the directory (without
// the last step the rename itself may be lost in a crash). Every writer of papamu uses this.
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>

namespace papamu {

// A write that did not happen; the message names the file and the system's reason. The old file
// (if any) is untouched and no PATH.tmp is left behind.
class AtomicWriteError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A new version of a file, written piece by piece into PATH.tmp; it takes the name PATH only at
// commit(). Destroyed without commit() (an error, an interruption), it removes PATH.tmp.
class AtomicFileWriter {
public:
    // Creates (or truncates) PATH.tmp.
    explicit AtomicFileWriter(std::string path);
    ~AtomicFileWriter();
    AtomicFileWriter(const AtomicFileWriter&) = delete;
    AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;

    void append(std::string_view bytes);
    // Rewrites bytes already written, from `offset` (a header filled in at the end).
    void overwrite(std::uint64_t offset, std::string_view bytes);
    // fsync, close, rename over PATH, fsync the directory.
    void commit();

    const std::string& path() const { return path_; }
    const std::string& temporaryPath() const { return temporaryPath_; }

private:
    void discard();

    std::string path_;
    std::string temporaryPath_;
    int descriptor_ = -1;
    std::uint64_t size_ = 0;
};

// Writes the pieces one after the other as the new contents of `path`.
void writeFileAtomically(const std::string& path, std::initializer_list<std::string_view> pieces);
inline void writeFileAtomically(const std::string& path, std::string_view contents) { writeFileAtomically(path, {contents}); }

}  // namespace papamu
