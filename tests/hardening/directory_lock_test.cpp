// One build per table directory: a second one is refused at once, naming the directory and the
// holder, and the lock goes away with its holder however that ends.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "tablebase/directory_lock.hpp"

using namespace papamu;
namespace fs = std::filesystem;

namespace {

// A fresh directory under the system's temporary folder, removed with everything in it.
class ScratchDirectory {
public:
    ScratchDirectory() {
        std::string pattern = (fs::temp_directory_path() / "papamu-lock-test-XXXXXX").string();
        if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
        path_ = pattern;
    }
    ~ScratchDirectory() {
        std::error_code ignored;
        fs::remove_all(path_, ignored);
    }
    const fs::path& path() const { return path_; }

private:
    fs::path path_;
};

// A child process that takes the lock, says so through a pipe, and holds it until told to go
// (or killed). The parent's checks run while the child holds the lock.
class LockingChild {
public:
    explicit LockingChild(const fs::path& directory) {
        int ready[2];
        int release[2];
        if (pipe(ready) != 0 || pipe(release) != 0) throw std::runtime_error("pipe failed");
        pid_ = fork();
        if (pid_ < 0) throw std::runtime_error("fork failed");
        if (pid_ == 0) {
            close(ready[0]);
            close(release[1]);
            char answer = 'n';
            try {
                DirectoryLock lock(directory);
                answer = 'y';
                if (write(ready[1], &answer, 1) != 1) _exit(5);
                char ignored = 0;
                if (read(release[0], &ignored, 1) < 0) _exit(6);  // returns 0 when the parent closes
            } catch (...) {
                if (write(ready[1], &answer, 1) != 1) _exit(5);
                _exit(7);
            }
            _exit(0);
        }
        close(ready[1]);
        close(release[0]);
        releaseWriter_ = release[1];
        char answer = 0;
        holding_ = read(ready[0], &answer, 1) == 1 && answer == 'y';
        close(ready[0]);
    }
    ~LockingChild() {
        if (pid_ > 0) finish();
    }
    bool holding() const { return holding_; }
    pid_t pid() const { return pid_; }
    // Lets the child end normally; returns its exit status.
    int finish() {
        close(releaseWriter_);
        int status = 0;
        waitpid(pid_, &status, 0);
        pid_ = -1;
        return status;
    }
    void kill9() {
        kill(pid_, SIGKILL);
        int status = 0;
        waitpid(pid_, &status, 0);
        close(releaseWriter_);
        pid_ = -1;
    }

private:
    pid_t pid_ = -1;
    int releaseWriter_ = -1;
    bool holding_ = false;
};

}  // namespace

TEST_CASE("a held directory lock refuses a second one in the same process", "[lock]") {
    ScratchDirectory scratch;
    {
        DirectoryLock lock(scratch.path());
        CHECK(lock.directory() == scratch.path());
        std::ifstream record(scratch.path() / ".lock");
        pid_t recorded = 0;
        record >> recorded;
        CHECK(recorded == getpid());
        try {
            DirectoryLock second(scratch.path());
            FAIL("the second lock was granted");
        } catch (const DirectoryBusyError& error) {
            CHECK(error.holder() == getpid());
            CHECK(std::string(error.what()) == "table directory " + scratch.path().string() +
                                                   " is in use by another papamu build (process " +
                                                   std::to_string(getpid()) +
                                                   "); wait for it to finish or stop it, then build again");
        }
    }
    CHECK_NOTHROW(DirectoryLock(scratch.path()));  // released with its owner
    CHECK(fs::exists(scratch.path() / ".lock"));   // the file stays; only the flock matters
}

TEST_CASE("a build in another process holds the lock until it ends", "[lock]") {
    ScratchDirectory scratch;
    LockingChild child(scratch.path());
    REQUIRE(child.holding());
    try {
        DirectoryLock lock(scratch.path());
        FAIL("the lock was granted while another process held it");
    } catch (const DirectoryBusyError& error) {
        CHECK(error.holder() == child.pid());
        const std::string message = error.what();
        CHECK(message.find(scratch.path().string()) != std::string::npos);
        CHECK(message.find("(process " + std::to_string(child.pid()) + ")") != std::string::npos);
    }
    const int status = child.finish();
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    CHECK_NOTHROW(DirectoryLock(scratch.path()));
}

TEST_CASE("a killed build leaves no stale lock", "[lock]") {
    ScratchDirectory scratch;
    LockingChild child(scratch.path());
    REQUIRE(child.holding());
    CHECK_THROWS_AS(DirectoryLock(scratch.path()), DirectoryBusyError);
    child.kill9();
    DirectoryLock lock(scratch.path());  // the kernel dropped the dead holder's lock
    std::ifstream record(scratch.path() / ".lock");
    pid_t recorded = 0;
    record >> recorded;
    CHECK(recorded == getpid());
}

TEST_CASE("a lock file without a process id still refuses, without naming one", "[lock]") {
    ScratchDirectory scratch;
    LockingChild child(scratch.path());
    REQUIRE(child.holding());
    { std::ofstream(scratch.path() / ".lock", std::ios::trunc) << "not a pid"; }
    try {
        DirectoryLock lock(scratch.path());
        FAIL("the lock was granted while another process held it");
    } catch (const DirectoryBusyError& error) {
        CHECK(error.holder() == 0);
        CHECK(std::string(error.what()) == "table directory " + scratch.path().string() +
                                               " is in use by another papamu build; wait for it to finish or "
                                               "stop it, then build again");
    }
}

TEST_CASE("a missing table directory is bad input", "[lock]") {
    ScratchDirectory scratch;
    const fs::path missing = scratch.path() / "absent";
    try {
        DirectoryLock lock(missing);
        FAIL("a missing directory was locked");
    } catch (const std::invalid_argument& error) {
        CHECK(std::string(error.what()) ==
              "table directory " + missing.string() + " does not exist or is not a directory");
    }
    CHECK_FALSE(fs::exists(missing));
}
