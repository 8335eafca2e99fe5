// papamu-mpi under mpirun writes the same bytes as `papamu build`: 2 and 3 ranks, whole layers
// and sliced layers, a rank killed in the middle then the same command again, and tb-verify.
#include <catch2/catch.hpp>
#include <sys/wait.h>

#include <filesystem>
#include <map>
#include <string>

#include "support/command_runner.hpp"
#include "tablebase/directory_lock.hpp"
#include "tablebase/layer_file.hpp"
#include "tablebase/table_directory.hpp"
#include "tablebase/temporary_directory.hpp"

using namespace papamu;
namespace fs = std::filesystem;

namespace {

struct Board {
    GameKind game;
    const char* gameText;
    BoardSize size;
};

const Board kKonane{GameKind::Konane, "konane", BoardSize{4, 5}};
const Board kUnane{GameKind::Unane, "unane", BoardSize{3, 4}};

// Exit code, standard output and standard error of a shell command.
testing::CommandResult runShell(const std::string& command) {
    const std::string outPath = testing::temporaryFile("mpi-out");
    const std::string errPath = testing::temporaryFile("mpi-err");
    const int status = std::system((command + " >" + outPath + " 2>" + errPath + " </dev/null").c_str());
    testing::CommandResult result;
    if (status != -1 && WIFEXITED(status)) result.exitCode = WEXITSTATUS(status);
    if (status != -1 && WIFSIGNALED(status)) result.exitCode = 128 + WTERMSIG(status);
    result.out = testing::fileText(outPath);
    result.err = testing::fileText(errPath);
    std::remove(outPath.c_str());
    std::remove(errPath.c_str());
    return result;
}

// mpirun as root too (CI runs as root); --oversubscribe lets 3 ranks share 2 cores.
std::string mpiBuild(int ranks, const Board& board, const std::string& root, const std::string& extra = "") {
    return "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 " + testing::shellQuoted(PAPAMU_MPIEXEC) +
           " --oversubscribe --bind-to none -np " + std::to_string(ranks) + " " + testing::shellQuoted(PAPAMU_MPI_BINARY) +
           " build " + board.gameText + " " + board.size.name() + " --threads 1 --json --tb " + testing::shellQuoted(root) + " " + extra;
}

std::string singleBuild(const Board& board, const std::string& root) {
    return testing::shellQuoted(PAPAMU_BINARY) + " build " + board.gameText + " " + board.size.name() + " --threads 1 --tb " +
           testing::shellQuoted(root);
}

fs::path tableDirectory(const testing::TemporaryDirectory& root, const Board& board) {
    return root.path() / tableDirectoryName(board.game, board.size, Variant{});
}

// Every file of a table directory with its bytes (the lock file too: empty after a build);
// leftover .tmp files of a killed job are not table data and are skipped.
std::map<std::string, std::vector<char>> tableFiles(const fs::path& directory) {
    return testing::directoryFiles(directory, [](const std::string& name) { return name.ends_with(".tmp"); });
}

void requireSuccess(const testing::CommandResult& result) {
    INFO(result.err);
    REQUIRE(result.exitCode == 0);
}

void checkSameAsSingleProcess(const Board& board, int ranks, const std::string& extra, bool sliced) {
    testing::TemporaryDirectory single;
    testing::TemporaryDirectory distributed;
    requireSuccess(runShell(singleBuild(board, single.string())));
    const testing::CommandResult result = runShell(mpiBuild(ranks, board, distributed.string(), extra));
    requireSuccess(result);
    CHECK_THAT(result.out, Catch::Contains("\"layers_reused\":0") && Catch::Contains("\"ranks\":" + std::to_string(ranks)));
    CHECK((result.out.find("\"sliced_layers\":0,") == std::string::npos) == sliced);
    const auto expected = tableFiles(tableDirectory(single, board));
    CHECK(expected.size() > 20);
    CHECK(tableFiles(tableDirectory(distributed, board)) == expected);
    const testing::CommandResult verified = testing::runPapamu({"tb-verify", tableDirectory(distributed, board).string(), "--samples", "50"});
    INFO(verified.out << verified.err);
    CHECK(verified.exitCode == 0);
}

}  // namespace

TEST_CASE("mpirun -np 2, whole layers: Konane 4x5 and Unane 3x4 byte-identical to papamu build", "[mpi]") {
    checkSameAsSingleProcess(kKonane, 2, "", false);
    checkSameAsSingleProcess(kUnane, 2, "", false);
}

TEST_CASE("mpirun -np 3 --oversubscribe, sliced layers: Konane 4x5 and Unane 3x4 byte-identical", "[mpi]") {
    // Slices of 3000 entries: most layers are cut, across block boundaries (blocks hold 32768).
    checkSameAsSingleProcess(kKonane, 3, "--slice-entries 3000", true);
    checkSameAsSingleProcess(kUnane, 3, "--slice-entries 3000", true);
}

TEST_CASE("a rank killed in the middle: no layer looks finished that is not, and a rerun gives the same bytes", "[mpi][resume]") {
    for (const Board& board : {kKonane, kUnane}) {
        testing::TemporaryDirectory single;
        testing::TemporaryDirectory killed;
        requireSuccess(runShell(singleBuild(board, single.string())));
        // Rank 1 kills itself (SIGKILL) after writing its third layer or slice file.
        const std::string command = mpiBuild(2, board, killed.string(), "--slice-entries 5000");
        const testing::CommandResult crashed = runShell("PAPAMU_MPI_KILL_AFTER=1:3 " + command);
        CHECK(crashed.exitCode != 0);
        const fs::path directory = tableDirectory(killed, board);
        CHECK_FALSE(fs::exists(directory / "manifest.json"));  // the manifest only comes with the whole table
        const TableIndex index(board.game, BoardGeometry(board.size.rows, board.size.columns));
        int finished = 0;
        for (int layer = 0; layer < index.layerCount(); ++layer) {
            const fs::path path = directory / layerFileName(index.layer(layer).black, index.layer(layer).white);
            if (!fs::exists(path)) continue;
            CHECK_NOTHROW(LayerFile(path.string(), expectedLayerHeader(index, Variant{}, layer)).readAll());
            ++finished;
        }
        CHECK(finished >= 3);
        CHECK(finished < index.layerCount());

        const testing::CommandResult rerun = runShell(command);
        requireSuccess(rerun);
        CHECK_THAT(rerun.out, Catch::Contains("\"layers_reused\":" + std::to_string(finished)));
        CHECK(tableFiles(directory) == tableFiles(tableDirectory(single, board)));
    }
}

TEST_CASE("papamu-mpi refuses bad input and a locked directory on every rank with one message", "[mpi]") {
    testing::TemporaryDirectory root;
    const testing::CommandResult badBoard = runShell(mpiBuild(2, Board{GameKind::Konane, "konane", BoardSize{0, 5}}, root.string()));
    CHECK(badBoard.exitCode == 2);
    CHECK_THAT(badBoard.err, Catch::Contains("papamu-mpi build: error:"));

    const fs::path directory = tableDirectory(root, kUnane);
    fs::create_directories(directory);
    const DirectoryLock held(directory);
    const testing::CommandResult busy = runShell(mpiBuild(2, kUnane, root.string()));
    CHECK(busy.exitCode == 2);
    CHECK_THAT(busy.err, Catch::Contains("rank 0: table directory") && Catch::Contains("is in use by another papamu build"));
    CHECK(std::distance(fs::directory_iterator(directory), fs::directory_iterator()) == 1);  // the lock file only
}
