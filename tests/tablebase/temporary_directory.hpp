#pragma once
// A fresh directory under the system temp dir, removed with everything in it at scope exit.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "tablebase/directory_lock.hpp"

namespace papamu::testing {

class TemporaryDirectory {
public:
    TemporaryDirectory() {
        std::string pattern = (std::filesystem::temp_directory_path() / "papamu-tb-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
        path_ = pattern;
    }
    ~TemporaryDirectory() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    TemporaryDirectory(const TemporaryDirectory&) = delete;
    TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
    const std::filesystem::path& path() const { return path_; }
    std::string string() const { return path_.string(); }

private:
    std::filesystem::path path_;
};

inline std::vector<char> fileBytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::vector<char>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline void writeBytes(const std::filesystem::path& path, const std::vector<char>& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// Every file of a directory with its bytes, by name, except those `skip` names.
inline std::map<std::string, std::vector<char>> directoryFiles(const std::filesystem::path& directory,
                                                               const std::function<bool(const std::string&)>& skip) {
    std::map<std::string, std::vector<char>> files;
    for (const auto& item : std::filesystem::directory_iterator(directory)) {
        const std::string name = item.path().filename().string();
        if (!skip(name)) files[name] = fileBytes(item.path());
    }
    return files;
}

// Every file of a table directory with its bytes, by name; not the build's lock file (it holds
// the last builder's process id, not table data).
inline std::map<std::string, std::vector<char>> tableFiles(const std::filesystem::path& directory) {
    return directoryFiles(directory, [](const std::string& name) { return name == DirectoryLock::kFileName; });
}

}  // namespace papamu::testing
