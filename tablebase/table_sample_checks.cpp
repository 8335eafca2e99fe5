#include "tablebase/table_sample_checks.hpp"

#include <algorithm>
#include <chrono>

#include "rules/notation.hpp"
#include "solver/outcome_search.hpp"
#include "solver/proof_number_search.hpp"

namespace papamu {

namespace {

std::string outcomeText(Outcome outcome) { return std::string(valueName(outcome.value)) + " in " + std::to_string(outcome.remoteness); }

// The three checks draw from separate streams of one seed, so that adding samples to one check
// leaves the others' positions unchanged (and the exact search keeps the stream it always had).
std::mt19937_64 streamOf(std::uint64_t seed, std::uint64_t check) {
    if (check == 0) return std::mt19937_64(seed);
    std::seed_seq sequence{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32), static_cast<std::uint32_t>(check)};
    return std::mt19937_64(sequence);
}

// Draws `samples` entries and calls check(position, stored, where) for each position an entry
// answers for: the entry's own and, in a folded layer, its colour image.
template <class Check>
SampleCheckCounts forEachSampledPosition(const TableProbe& table, const EntrySampler& sampler, std::uint64_t samples,
                                         std::mt19937_64 random, Check&& check) {
    const auto started = std::chrono::steady_clock::now();
    SampleCheckCounts counts;
    const TableIndex& index = table.index();
    for (std::uint64_t sample = 0; sample < samples && !sampler.empty(); ++sample) {
        const EntrySampler::Entry picked = sampler.pick(random);
        const Position position = index.positionAt(picked.layer, picked.entry);
        const Outcome stored = table.outcomeAt(picked.layer, picked.entry);
        const std::string where = " (layer " + std::to_string(picked.layer) + ", entry " + std::to_string(picked.entry) + ")";
        check(position, stored, where);
        ++counts.positions;
        if (index.layerFolded(picked.layer)) {
            check(index.colourImage(position), stored, where + ", its colour image");
            ++counts.positions;
        }
        ++counts.samples;
    }
    counts.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return counts;
}

}  // namespace

EntrySampler::EntrySampler(const TableIndex& index, int stoneLimit) {
    std::uint64_t total = 0;
    for (int layer = 0; layer < index.layerCount(); ++layer) {
        if (index.layerStones(layer) > stoneLimit || index.layerSize(layer) == 0) continue;
        total += index.layerSize(layer);
        layers_.push_back(layer);
        endOf_.push_back(total);
    }
}

EntrySampler::Entry EntrySampler::pick(std::mt19937_64& random) const {
    const std::uint64_t pick = std::uniform_int_distribution<std::uint64_t>(0, endOf_.back() - 1)(random);
    const std::size_t slot = static_cast<std::size_t>(std::upper_bound(endOf_.begin(), endOf_.end(), pick) - endOf_.begin());
    const std::uint64_t before = slot == 0 ? 0 : endOf_[slot - 1];
    return Entry{layers_[slot], pick - before};
}

SampleCheckCounts checkByExactSearch(const TableProbe& table, std::uint64_t samples, std::uint64_t seed, int stoneLimit,
                                     std::vector<std::string>& failures) {
    const EntrySampler sampler(table.index(), stoneLimit);
    return std::visit(
        [&](const auto& game) {
            OutcomeSearch search(game);
            return forEachSampledPosition(table, sampler, samples, streamOf(seed, 0), [&](const Position& position, Outcome stored, const std::string& where) {
                const Outcome searched = search.solve(position);
                if (stored == searched) return;
                failures.push_back("position " + formatPosition(table.game(), game.geometry(), position) + where + ": table says " +
                                   outcomeText(stored) + ", search says " + outcomeText(searched));
            });
        },
        table.rules());
}

SampleCheckCounts checkRetrogradeEquation(const TableProbe& table, std::uint64_t samples, std::uint64_t seed,
                                          std::vector<std::string>& failures) {
    const EntrySampler sampler(table.index(), table.maxStones());
    return std::visit(
        [&](const auto& game) {
            return forEachSampledPosition(table, sampler, samples, streamOf(seed, 1), [&](const Position& position, Outcome stored, const std::string& where) {
                Outcome expected;
                if (const std::optional<Value> finished = game.finishedValue(position)) {
                    expected = Outcome{*finished, 0};
                } else {
                    BestOutcome best;
                    game.visitChildren(position, [&](const Position& child) { best.addChild(table.outcome(child)); });
                    expected = best.result();
                }
                if (table.outcome(position) == expected && stored == expected) return;
                failures.push_back("position " + formatPosition(table.game(), game.geometry(), position) + where + ": table says " +
                                   outcomeText(stored) + ", its moves in the table give " + outcomeText(expected));
            });
        },
        table.rules());
}

SampleCheckCounts checkByProofSearch(const TableProbe& table, std::uint64_t samples, std::uint64_t seed,
                                     std::size_t hashMegabytes, std::vector<std::string>& failures) {
    const EntrySampler sampler(table.index(), table.maxStones());
    return std::visit(
        [&](const auto& game) {
            SearchOptions options;
            options.hashMegabytes = hashMegabytes;
            // One search for the whole sample: its table keeps earlier proofs, keyed by the whole position.
            ProofNumberSearch search(game, options);
            std::uint64_t nodes = 0;
            SampleCheckCounts counts =
                forEachSampledPosition(table, sampler, samples, streamOf(seed, 2), [&](const Position& position, Outcome stored, const std::string& where) {
                    const SearchResult result = search.solve(position);
                    nodes += result.nodes;
                    if (result.value == stored.value) return;
                    failures.push_back("position " + formatPosition(table.game(), game.geometry(), position) + where + ": table says " +
                                       std::string(valueName(stored.value)) + ", df-pn says " +
                                       (result.value ? std::string(valueName(*result.value)) : std::string("unknown")));
                });
            counts.searchNodes = nodes;
            return counts;
        },
        table.rules());
}

}  // namespace papamu
