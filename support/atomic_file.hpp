#pragma once
// Replacing a file so that a reader, a crash or a full disk leaves either the old file or the new
// one, never a mix: write PATH.tmp, fsync it, rename it over PATH, fsync the directory (without
// the last step the rename itself may be lost in a crash). Every writer of papamu uses this.
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

// Writes the pieces one after the other as the new contents of `path`.
void writeFileAtomically(const std::string& path, std::initializer_list<std::string_view> pieces);
inline void writeFileAtomically(const std::string& path, std::string_view contents) { writeFileAtomically(path, {contents}); }

}  // namespace papamu
