#pragma once
// Builds (or resumes) the table of one board: the retrograde builder of solver/ with the layer
// index and layer files of this folder. Used by `papamu build` and by the tests.
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "rules/game_kind.hpp"
#include "solver/retrograde_builder.hpp"
#include "tablebase/layer_file.hpp"

namespace papamu {

struct TableBuildOptions {
    int maxStones = -1;  // every layer when negative
    int threads = 1;
    std::uint32_t blockEntries = kDefaultBlockEntries;
    std::uint64_t chunkEntries = std::uint64_t{1} << 18;
    // Bytes the build may take (`papamu build --memory`): the layers a layer reads are always
    // resident, and layers later layers read are kept instead of reloaded while this allows.
    std::uint64_t memoryBudget = std::numeric_limits<std::uint64_t>::max();
    std::function<void(const RetrogradeProgress&)> progress;
    std::function<bool()> stop;  // asked between chunks; true interrupts (RetrogradeInterrupted)
};

struct TableBuildSummary {
    std::string directory;
    std::uint64_t positions = 0;  // positions of all layers, both sides to move
    std::uint64_t entries = 0;    // entries stored (fewer than positions where layers are colour-folded)
    std::uint64_t wins = 0;  // positions won by the side to move (a folded entry counts twice)
    std::uint64_t losses = 0;
    int longestWin = 0;
    int longestLoss = 0;
    std::uint64_t bytesOnDisk = 0;  // layer files
    double seconds = 0;
    int layersSolved = 0;
    int layersReused = 0;
    std::vector<std::string> rejectedFiles;  // existing files found damaged and rebuilt
    std::vector<RetrogradeLayerReport> layers;
    int maxStones = 0;            // what the table covers now (never less than before the build)
    bool keptLargerTable = false;  // the table on disk covered more than options.maxStones asked
    double bitsPerPosition() const { return positions == 0 ? 0.0 : 8.0 * static_cast<double>(bytesOnDisk) / static_cast<double>(positions); }
};

class TableIndex;

// Where a build writes: ROOT itself when it is already that board's table directory (its name is
// tableDirectoryName), else ROOT/<tableDirectoryName>.
std::string buildDirectory(const std::string& root, GameKind game, BoardSize size, const Variant& variant);
// The stone limit a build of `directory` uses: `requested` (negative: every stone), raised to
// what a table already there covers, so a build never makes a table cover less than it did.
int coveredStoneLimit(const std::string& directory, int requested);

// Writes buildDirectory(ROOT, ...) while holding its DirectoryLock (directory_lock.hpp): throws
// DirectoryBusyError when another build holds it, std::invalid_argument for bad rules or board,
// RetrogradeInterrupted when options.stop asked to stop (completed layers stay on disk).
TableBuildSummary buildTable(GameKind game, BoardSize size, const Variant& variant, const std::string& root,
                             const TableBuildOptions& options);

// Adds up summary.layers (entries, positions, wins, losses, longest lines, layers solved and
// reused) into the summary's totals; buildTable and the MPI build (distributed/) share it.
void tallyLayers(TableBuildSummary& summary, const TableIndex& index);

// An upper bound of the builder's peak memory in bytes, for the memory budget. While a layer is
// solved and written the builder holds it (one byte per entry), the layers its children lie in
// (TableIndex::childLayers with the game's mostStonesRemoved: nothing else need be resident),
// and the layer file writer's buffers (layerWriteBytes); plus a fixed allowance for the process
// and the thread pool. The bound is the largest of these over the layers. Saturates at
// UINT64_MAX instead of overflowing (8x8).
std::uint64_t estimateBuildMemory(const TableIndex& index, const Variant& variant);
// What of `memoryBudget` the builder may give to layers (the one solved and the resident ones):
// the budget less the allowance and the largest layer's writer buffers (0 if that is all of it).
std::uint64_t residentLayerBudget(const TableIndex& index, std::uint64_t memoryBudget);

}  // namespace papamu
