#pragma once
// The table build shared between the ranks of an MPI job (README.md, "Design"): stone group by
// stone group, the layers (and slices of big layers) of a group are solved by different ranks,
// each writing the layer files it solved into the shared table directory; a global agreement
// ends every step, and rank 0 checks every layer and writes the manifest at the end. The files
// are byte-identical to those of `papamu build`.
#include <cstdint>
#include <string>

#include "distributed/mpi_session.hpp"
#include "tablebase/table_build.hpp"

namespace papamu::distributed {

struct DistributedBuildOptions {
    // Layers with more entries are cut into slices of about this many solved by several ranks.
    std::uint64_t sliceEntries = std::uint64_t{1} << 24;
    bool progress = false;  // rank 0 prints a line on standard error after each stone group
    // Fault injection for the tests (PAPAMU_MPI_KILL_AFTER="RANK:UNITS"): that rank kills itself
    // with SIGKILL after it has written UNITS layer or slice files. -1: never.
    int killRank = -1;
    int killAfterUnits = 0;
};

struct DistributedBuildSummary {
    TableBuildSummary table;  // complete on rank 0 only
    int slicedLayers = 0;     // layers solved in slices by several ranks, and their slice count
    int slices = 0;
};

// Called by every rank with the same arguments. Rank 0 takes the directory lock for the whole
// job. Throws std::runtime_error with the first failing rank's reason on every rank (a locked
// directory, bad rules, a damaged file...); a rank that dies ends the job through mpirun.
DistributedBuildSummary buildTableDistributed(const MpiSession& session, GameKind game, BoardSize size, const Variant& variant,
                                        const std::string& root, const TableBuildOptions& options,
                                        const DistributedBuildOptions& distributed);

// "RANK:UNITS" from PAPAMU_MPI_KILL_AFTER into the options; throws std::invalid_argument naming a bad value.
void readFaultInjection(const char* text, DistributedBuildOptions& options);

}  // namespace papamu::distributed
