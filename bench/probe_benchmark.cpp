// Probe latency of a built table: random positions drawn over the whole table (so most probes
// decode a block: the cold case) and one position probed again and again (the warm case).
// Run: PAPAMU_PROBE_TABLE=TABLE_ROOT/konane-standard-5x6 build/bench/probe_benchmark
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "tablebase/table_probe.hpp"

namespace papamu {
namespace {

std::vector<Position> drawPositions(const TableProbe& table, std::size_t count) {
    std::mt19937_64 random(20261130);
    std::uint64_t total = 0;
    for (int layer = 0; layer < table.layerCount(); ++layer) total += table.layerSize(layer);
    std::vector<Position> positions;
    positions.reserve(count);
    while (positions.size() < count) {
        // Uniform over all entries, so big layers are probed as often as they are large.
        std::uint64_t pick = random() % total;
        int layer = 0;
        while (pick >= table.layerSize(layer)) pick -= table.layerSize(layer++);
        Position position = table.positionAt(layer, pick);
        // A colour-folded entry answers for two positions: probe White to move half the time.
        if (table.index().layerFolded(layer) && (random() & 1U) != 0) position = table.index().colourImage(position);
        positions.push_back(position);
    }
    return positions;
}

void probeRandom(benchmark::State& state, const TableProbe* table) {
    const std::vector<Position> positions = drawPositions(*table, 1 << 16);
    // Open (map and fully validate) every layer first: that one-time cost is the table's opening,
    // measured apart ("probe/open-all-layers"), not the latency of a probe.
    for (const Position& position : positions) benchmark::DoNotOptimize(table->probe(position));
    std::size_t next = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(table->probe(positions[next]));
        next = (next + 1) & (positions.size() - 1);
    }
}

// Maps and validates every layer file (header, full XXH3 checksum, block table): the price of
// the first probe into each layer, paid once per process.
void openAllLayers(benchmark::State& state, const std::string* directory) {
    for (auto _ : state) {
        const TableProbe table(*directory);
        for (int layer = 0; layer < table.layerCount(); ++layer) {
            if (table.layerSize(layer) > 0) benchmark::DoNotOptimize(table.outcomeAt(layer, 0));
        }
    }
}

void probeSame(benchmark::State& state, const TableProbe* table) {
    const Position position = drawPositions(*table, 1).front();
    for (auto _ : state) benchmark::DoNotOptimize(table->probe(position));
}

}  // namespace
}  // namespace papamu

int main(int argc, char** argv) {
    const char* directory = std::getenv("PAPAMU_PROBE_TABLE");
    if (directory == nullptr) {
        std::fprintf(stderr, "probe_benchmark: set PAPAMU_PROBE_TABLE to a table directory built by papamu build\n");
        return 2;
    }
    const papamu::TableProbe table(directory);
    const std::string path(directory);
    benchmark::RegisterBenchmark("probe/open-all-layers", papamu::openAllLayers, &path)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("probe/random", papamu::probeRandom, &table);
    benchmark::RegisterBenchmark("probe/same", papamu::probeSame, &table);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
