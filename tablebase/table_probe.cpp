#include "tablebase/table_probe.hpp"

#include <stdexcept>

#include "rules/game_dispatch.hpp"
#include "solver/retrograde_entry.hpp"

namespace papamu {

namespace {

TableIndex indexFor(const TableManifest& manifest, const std::string& directory) {
    try {
        return TableIndex(manifest.game, BoardGeometry(manifest.size.rows, manifest.size.columns), manifest.maxStones);
    } catch (const std::invalid_argument& error) {
        throw TableError(directory + "/manifest.json: " + error.what());
    }
}

AnyGame rulesFor(const TableManifest& manifest) { return makeGame(manifest.game, manifest.size, manifest.variant); }

// One decoded block per thread; probes from any number of threads share nothing else.
BlockCache& threadBlockCache() {
    thread_local BlockCache cache;
    return cache;
}

}  // namespace

TableProbe::TableProbe(const std::string& directory)
    : directory_(directory), manifest_(TableManifest::read(directory)), index_(indexFor(manifest_, directory)), rules_(rulesFor(manifest_)) {
    if (!manifest_.complete) throw TableError(directory + ": the table is incomplete (its build has not finished; run papamu build again to resume)");
    if (static_cast<int>(manifest_.layers.size()) != index_.layerCount()) {
        throw TableError(directory + "/manifest.json: lists " + std::to_string(manifest_.layers.size()) + " layers, the board has " +
                         std::to_string(index_.layerCount()) + " up to " + std::to_string(index_.maxStones()) + " stones");
    }
    if (manifest_.colourFolded != index_.colourFolded()) {
        throw TableError(directory + "/manifest.json: colour_fold is " + (manifest_.colourFolded ? "true" : "false") +
                         ", this reader's index for the board says " + (index_.colourFolded() ? "true" : "false"));
    }
    for (int layer = 0; layer < index_.layerCount(); ++layer) {
        const TableManifest::Layer& listed = manifest_.layers[static_cast<std::size_t>(layer)];
        const TableLayer& shape = index_.layer(layer);
        if (listed.black != shape.black || listed.white != shape.white || listed.sides != shape.sides ||
            listed.entries != shape.entries()) {
            throw TableError(directory + "/manifest.json: layer " + std::to_string(layer) + " does not match the board's index");
        }
    }
    files_.resize(static_cast<std::size_t>(index_.layerCount()));
    opened_ = std::make_unique<std::once_flag[]>(files_.size());
}

TableProbe TableProbe::open(const std::string& root, GameKind game, BoardSize size, const Variant& variant) {
    TableProbe table(resolveTableDirectory(root, game, size, variant));
    table.requireRules(game, size, variant);
    return table;
}

void TableProbe::requireRules(GameKind game, BoardSize size, const Variant& variant) const {
    if (game != manifest_.game || !(size == manifest_.size) || !(variant == manifest_.variant)) {
        throw std::invalid_argument("the table in " + directory_ + " is for " + gameName(manifest_.game) + " " +
                                    manifest_.size.name() + " variant " + manifest_.variant.name() + ", not " + gameName(game) +
                                    " " + size.name() + " variant " + variant.name());
    }
}

std::optional<std::string> TableProbe::coverageProblem(const Position& position) const {
    std::optional<std::string> problem = std::visit([&](const auto& rules) { return rules.positionProblem(position); }, rules_);
    if (problem) return problem;
    Position plain = position;
    plain.swapAvailable = false;
    return index_.coverageProblem(plain);
}

const LayerFile& TableProbe::layerFile(int layer) const {
    const auto slot = static_cast<std::size_t>(layer);
    std::call_once(opened_[slot], [&] {
        const TableLayer& shape = index_.layer(layer);
        const std::string path = directory_ + "/" + layerFileName(shape.black, shape.white);
        files_[slot] = std::make_unique<LayerFile>(path, expectedLayerHeader(index_, manifest_.variant, layer));
        if (files_[slot]->header().checksum != manifest_.layers[slot].checksum) {
            files_[slot].reset();
            throw TableError(path + ": checksum differs from the one in manifest.json (mixed builds?)");
        }
    });
    return *files_[slot];
}

Outcome TableProbe::outcomeAt(int layer, std::uint64_t entry) const {
    return decodeOutcome(layerFile(layer).entry(entry, threadBlockCache()));
}

std::optional<Outcome> TableProbe::probe(const Position& position) const {
    if (coverageProblem(position)) return std::nullopt;
    Position plain = position;
    plain.swapAvailable = false;
    const IndexLocation location = index_.locate(plain);
    const Outcome stored = outcomeAt(location.layer, location.entry);
    if (!position.swapAvailable) return stored;
    const bool finished = std::visit([&](const auto& rules) { return rules.finishedValue(plain).has_value(); }, rules_);
    return outcomeWithSwapOffer(stored, finished);
}

std::optional<Outcome> TableProbe::probeSearchLeaf(const Position& position) const {
    if (position.swapAvailable) return probe(position);
    IndexLocation location = index_.locate(position);
    if (location.layer < 0 && gameTraits(manifest_.game).coloursAlike) {
        location = index_.locate(Position{position.white, position.black, opposite(position.sideToMove), false});
    }
    if (location.layer < 0) return std::nullopt;
    return outcomeAt(location.layer, location.entry);
}

Outcome TableProbe::outcome(const Position& position) const {
    if (const auto problem = coverageProblem(position)) {
        throw std::invalid_argument("position not in the table " + directory_ + ": " + *problem);
    }
    return *probe(position);
}

}  // namespace papamu
