// PAPAMU_MPI_KILL_AFTER, the tests' way to kill a rank in the middle of a build, read strictly:
// a typo must not silently run a build without the fault.
#include <catch2/catch.hpp>

#include "distributed/distributed_build.hpp"

using namespace papamu::distributed;

TEST_CASE("PAPAMU_MPI_KILL_AFTER is RANK:UNITS or nothing", "[mpi][fault]") {
    DistributedBuildOptions options;
    readFaultInjection(nullptr, options);
    readFaultInjection("", options);
    CHECK(options.killRank == -1);
    readFaultInjection("1:3", options);
    CHECK((options.killRank == 1 && options.killAfterUnits == 3));
    for (const char* bad : {"1", "1:", ":3", "a:3", "1:3x", "-1:3", "1:0", "1;3"}) {
        DistributedBuildOptions untouched;
        CHECK_THROWS_WITH(readFaultInjection(bad, untouched), Catch::Contains("PAPAMU_MPI_KILL_AFTER must be RANK:UNITS") && Catch::Contains(bad));
    }
}
