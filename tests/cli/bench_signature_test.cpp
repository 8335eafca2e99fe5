// The bench signature: `papamu bench` must count exactly the nodes recorded in
// cli/bench_signature.hpp. A change of search behaviour makes this fail until the number is
// updated on purpose.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "cli/bench_signature.hpp"
#include "support/command_runner.hpp"

using namespace papamu::testing;

TEST_CASE("papamu bench counts the nodes of the recorded signature", "[bench]") {
    const CommandResult result = runPapamu({"bench", "--json"});
    INFO("stderr:\n" << result.err);
    REQUIRE(result.exitCode == 0);
    const nlohmann::json bench = nlohmann::json::parse(result.out);
    REQUIRE(bench.at("positions").size() == 8);
    std::uint64_t sum = 0;
    for (const auto& position : bench.at("positions")) {
        CHECK(position.at("nodes").get<std::uint64_t>() > 0);
        sum += position.at("nodes").get<std::uint64_t>();
    }
    CHECK(sum == bench.at("nodes").get<std::uint64_t>());
    INFO("if the search changed on purpose, record the new count in cli/bench_signature.hpp");
    CHECK(bench.at("nodes").get<std::uint64_t>() == papamu::cli::kBenchSignature);
}
