// An interrupted build resumes from its complete layers and ends byte-identical to one that ran
// straight through: stopped in-process mid-layer, and a real `papamu build` killed with SIGKILL.
#include <catch2/catch.hpp>
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <map>
#include <thread>

#include "tablebase/directory_lock.hpp"
#include "tablebase/table_build.hpp"
#include "tablebase/table_directory.hpp"
#include "temporary_directory.hpp"

using namespace papamu;
namespace fs = std::filesystem;

TEST_CASE("a build stopped mid-layer resumes to byte-identical files", "[resume]") {
    testing::TemporaryDirectory straight;
    testing::TemporaryDirectory interrupted;
    TableBuildOptions options;
    options.threads = 2;
    options.blockEntries = 2048;
    options.chunkEntries = 1000;
    const TableBuildSummary reference = buildTable(GameKind::Unane, BoardSize{3, 4}, Variant{}, straight.string(), options);

    int chunks = 0;
    TableBuildOptions stopping = options;
    stopping.stop = [&] { return ++chunks > 300; };  // well inside the build, in the middle of a layer
    CHECK_THROWS_AS(buildTable(GameKind::Unane, BoardSize{3, 4}, Variant{}, interrupted.string(), stopping), RetrogradeInterrupted);
    const fs::path directory = interrupted.path() / tableDirectoryName(GameKind::Unane, BoardSize{3, 4}, Variant{});
    const std::size_t layersBefore = testing::tableFiles(directory).size() - 1;  // less the manifest
    CHECK(layersBefore > 3);
    CHECK(layersBefore < static_cast<std::size_t>(reference.layers.size()));

    // A crash while writing leaves a temporary file; a damaged layer must be rebuilt, not trusted.
    testing::writeBytes(directory / (layerFileName(1, 1) + ".tmp"), std::vector<char>(100, 'x'));
    auto damaged = testing::fileBytes(directory / layerFileName(2, 1));
    damaged.resize(damaged.size() / 2);
    testing::writeBytes(directory / layerFileName(2, 1), damaged);

    const TableBuildSummary resumed = buildTable(GameKind::Unane, BoardSize{3, 4}, Variant{}, interrupted.string(), options);
    CHECK(resumed.layersReused == static_cast<int>(layersBefore) - 1);
    REQUIRE(resumed.rejectedFiles.size() == 1);
    CHECK_THAT(resumed.rejectedFiles.front(), Catch::Contains("layer-b02-w01.pmtb: truncated"));
    CHECK(resumed.wins == reference.wins);
    fs::remove(directory / (layerFileName(1, 1) + ".tmp"));
    CHECK(testing::tableFiles(directory) == testing::tableFiles(reference.directory));
}

TEST_CASE("a papamu build killed with SIGKILL resumes to byte-identical files", "[resume][cli]") {
    testing::TemporaryDirectory straight;
    testing::TemporaryDirectory killed;
    const auto build = [](const std::string& root) {
        return std::string(PAPAMU_BINARY) + " build konane 4x5 --threads 1 --tb " + root + " > /dev/null 2>&1";
    };
    REQUIRE(WEXITSTATUS(std::system(build(straight.string()).c_str())) == 0);
    const fs::path directory = killed.path() / tableDirectoryName(GameKind::Konane, BoardSize{4, 5}, Variant{});
    // Kill it as soon as some layers exist, so it dies in the middle of the build.
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        ::execl("/bin/sh", "sh", "-c", ("exec " + build(killed.string())).c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    std::size_t seen = 0;
    while (std::chrono::steady_clock::now() < deadline) {
        seen = fs::exists(directory) ? static_cast<std::size_t>(std::distance(fs::directory_iterator(directory), fs::directory_iterator())) : 0;
        if (seen >= 20) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    CHECK(WIFSIGNALED(status));
    REQUIRE(WEXITSTATUS(std::system(build(killed.string()).c_str())) == 0);
    auto files = testing::tableFiles(directory);
    for (auto it = files.begin(); it != files.end();) it = it->first.ends_with(".tmp") ? files.erase(it) : std::next(it);
    CHECK(files == testing::tableFiles(straight.path() / tableDirectoryName(GameKind::Konane, BoardSize{4, 5}, Variant{})));
}
