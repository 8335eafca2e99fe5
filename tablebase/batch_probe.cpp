#include "tablebase/batch_probe.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace papamu {

namespace {

// A probe takes microseconds: chunks of this many positions keep scheduling overhead small.
constexpr std::size_t kGrain = 64;

RatedAnswer rateOne(const TableProbe& table, const Position& position, RateOptions options) {
    RatedAnswer answer;
    if (std::optional<std::string> problem = table.coverageProblem(position)) {
        answer.error = "position not in the table " + table.directory() + ": " + *problem;
        return answer;
    }
    answer.rated = options.moves ? rateMoves(table, position) : RatedPosition{table.outcome(position), {}};
    if (options.bestLine) answer.bestLine = bestLine(table, position);
    return answer;
}

}  // namespace

std::vector<std::optional<Outcome>> probeMany(const TableProbe& table, std::span<const Position> positions) {
    std::vector<std::optional<Outcome>> outcomes(positions.size());
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, positions.size(), kGrain), [&](const tbb::blocked_range<std::size_t>& range) {
        for (std::size_t item = range.begin(); item != range.end(); ++item) outcomes[item] = table.probe(positions[item]);
    });
    return outcomes;
}

std::vector<RatedAnswer> rateMany(const TableProbe& table, std::span<const Position> positions, RateOptions options) {
    std::vector<RatedAnswer> answers(positions.size());
    // Rating a position probes all its moves (and the best line many more): smaller chunks.
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, positions.size(), 4), [&](const tbb::blocked_range<std::size_t>& range) {
        for (std::size_t item = range.begin(); item != range.end(); ++item) answers[item] = rateOne(table, positions[item], options);
    });
    return answers;
}

}  // namespace papamu
