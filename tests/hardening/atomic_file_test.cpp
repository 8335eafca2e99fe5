// writeFileAtomically (support/): a reader sees the old file or the new one, never a part; a
// failed write leaves the old file as it was and no temporary file behind.
#include <catch2/catch.hpp>

#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <string>

#include "support/atomic_file.hpp"
#include "tablebase/temporary_directory.hpp"

using namespace papamu;
namespace fs = std::filesystem;

namespace {

std::string contentsOf(const fs::path& path) {
    const std::vector<char> bytes = testing::fileBytes(path);
    return std::string(bytes.begin(), bytes.end());
}

// Lowers the file size limit for this process while it lives, so that writes past `bytes` fail
// with EFBIG as on a full disk (SIGXFSZ ignored, so the write returns the error instead).
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes) {
        getrlimit(RLIMIT_FSIZE, &saved_);
        previousHandler_ = std::signal(SIGXFSZ, SIG_IGN);
        rlimit lowered = saved_;
        lowered.rlim_cur = bytes;
        REQUIRE(setrlimit(RLIMIT_FSIZE, &lowered) == 0);
    }
    ~FileSizeLimit() {
        setrlimit(RLIMIT_FSIZE, &saved_);
        std::signal(SIGXFSZ, previousHandler_);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

private:
    rlimit saved_{};
    void (*previousHandler_)(int) = nullptr;
};

}  // namespace

TEST_CASE("an atomic write creates a file, then replaces it whole, from several pieces") {
    const testing::TemporaryDirectory directory;
    const fs::path path = directory.path() / "file.txt";
    writeFileAtomically(path.string(), "first version\n");
    CHECK(contentsOf(path) == "first version\n");
    writeFileAtomically(path.string(), {"second", " ", "version", std::string_view("\0!", 2)});
    CHECK(contentsOf(path) == std::string("second version\0!", 16));
    CHECK_FALSE(fs::exists(path.string() + ".tmp"));
    writeFileAtomically(path.string(), "");
    CHECK(fs::file_size(path) == 0);
}

TEST_CASE("a write that fails part-way (file size limit, like a full disk) leaves the old file intact") {
    const testing::TemporaryDirectory directory;
    const fs::path path = directory.path() / "table.bin";
    const std::string old(1000, 'o');
    writeFileAtomically(path.string(), old);
    {
        const FileSizeLimit limit(4096);
        const std::string large(10000, 'n');
        CHECK_THROWS_AS(writeFileAtomically(path.string(), {large.substr(0, 3000), large.substr(3000)}), AtomicWriteError);
        CHECK_THROWS_WITH(writeFileAtomically(path.string(), large), Catch::Contains("table.bin.tmp: write failed"));
    }
    CHECK(contentsOf(path) == old);
    CHECK_FALSE(fs::exists(path.string() + ".tmp"));
}

TEST_CASE("a temporary file that cannot be created or renamed is an error naming it; the old file stays") {
    const testing::TemporaryDirectory directory;
    const fs::path path = directory.path() / "manifest.json";
    writeFileAtomically(path.string(), "old");
    fs::create_directory(path.string() + ".tmp");  // the temporary name is taken by a directory
    CHECK_THROWS_WITH(writeFileAtomically(path.string(), "new"), Catch::Contains("manifest.json.tmp: cannot create"));
    CHECK(contentsOf(path) == "old");
    fs::remove(path.string() + ".tmp");

    const fs::path occupied = directory.path() / "occupied";  // renaming a file over a directory fails
    fs::create_directory(occupied);
    CHECK_THROWS_WITH(writeFileAtomically(occupied.string(), "new"), Catch::Contains("occupied: rename failed"));
    CHECK(fs::is_directory(occupied));
    CHECK_FALSE(fs::exists(occupied.string() + ".tmp"));

    CHECK_THROWS_AS(writeFileAtomically((directory.path() / "missing" / "file").string(), "x"), AtomicWriteError);
}

TEST_CASE("a streamed atomic write: appended pieces, a header rewritten last, the name taken only at commit") {
    const testing::TemporaryDirectory directory;
    const fs::path path = directory.path() / "proof.cert";
    writeFileAtomically(path.string(), "old");
    {
        AtomicFileWriter writer(path.string());
        writer.append("HEADER");
        writer.append("body");
        writer.overwrite(0, "header");
        CHECK_THROWS_AS(writer.overwrite(8, "past the end"), std::logic_error);
        CHECK(contentsOf(path) == "old");  // not yet
        CHECK(contentsOf(writer.temporaryPath()) == "headerbody");
        writer.commit();
        CHECK_THROWS_AS(writer.append("more"), std::logic_error);
    }
    CHECK(contentsOf(path) == "headerbody");
    {
        AtomicFileWriter abandoned(path.string());
        abandoned.append("half a file");
    }  // destroyed without commit, as when an error or a signal ends the writing
    CHECK(contentsOf(path) == "headerbody");
    CHECK_FALSE(fs::exists(path.string() + ".tmp"));
}
