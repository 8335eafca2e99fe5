#pragma once
// TableProbe: look up the outcome of a position in a built table (the Fathom-like API).
//
//   TableProbe table("/work/tables/konane-standard-5x6");   // or TableProbe::open(root, game, size, variant)
//   if (std::optional<Outcome> outcome = table.probe(position)) ...  // nullopt: not covered
//   Outcome sure = table.outcome(position);  // throws std::invalid_argument saying why not covered
//
// Layer files are memory-mapped and validated (header, checksum) the first time a layer is
// needed; a probe decompresses one block into a per-thread cache, so probing is const and
// thread-safe. Positions offering the pie swap are answered from the same board without it.
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "rules/game_list.hpp"
#include "tablebase/layer_file.hpp"
#include "tablebase/table_directory.hpp"
#include "tablebase/table_index.hpp"

namespace papamu {

class TableProbe {
public:
    // A table directory (the one holding manifest.json). Throws TableError when it is unusable.
    explicit TableProbe(const std::string& directory);
    // ROOT/<game-variant-board> or ROOT itself; throws TableError when there is no such table.
    static TableProbe open(const std::string& root, GameKind game, BoardSize size, const Variant& variant);

    GameKind game() const { return manifest_.game; }
    const Variant& variant() const { return manifest_.variant; }
    BoardSize size() const { return manifest_.size; }
    int maxStones() const { return index_.maxStones(); }
    const std::string& directory() const { return directory_; }
    const TableIndex& index() const { return index_; }
    const TableManifest& manifest() const { return manifest_; }
    // The table's rules, built once (std::visit them to generate and apply moves).
    const std::variant<KonaneGame, UnaneGame>& rules() const { return rules_; }

    // Throws std::invalid_argument unless the table is for exactly these rules and board.
    void requireRules(GameKind game, BoardSize size, const Variant& variant) const;
    // Why the table has no answer for a position of its board, or nullopt when it has one.
    std::optional<std::string> coverageProblem(const Position& position) const;
    bool covers(const Position& position) const { return !coverageProblem(position); }
    // The outcome for the side to move, or nullopt when the position is not covered.
    std::optional<Outcome> probe(const Position& position) const;
    // The outcome; throws std::invalid_argument naming the reason when not covered.
    Outcome outcome(const Position& position) const;
    // The probe of search leaves (table_leaf_oracle.hpp): builds no reason (no allocation), and
    // reads a position whose stones stand on the other colour's cells (a colour-swapped canonical
    // form of the solver, never a position of play) through its colour swap, which has the same
    // value for the side to move in a game that treats the colours alike. nullopt: not covered.
    std::optional<Outcome> probeSearchLeaf(const Position& position) const;

    // Layer enumeration, e.g. to draw random positions: entries 0..layerSize(layer)-1.
    int layerCount() const { return index_.layerCount(); }
    const TableLayer& layer(int layer) const { return index_.layer(layer); }
    std::uint64_t layerSize(int layer) const { return index_.layerSize(layer); }
    Position positionAt(int layer, std::uint64_t entry) const { return index_.positionAt(layer, entry); }
    Outcome outcomeAt(int layer, std::uint64_t entry) const;

private:
    const LayerFile& layerFile(int layer) const;

    std::string directory_;
    TableManifest manifest_;
    TableIndex index_;
    AnyGame rules_;  // built once: probes must not rebuild masks
    mutable std::vector<std::unique_ptr<LayerFile>> files_;
    mutable std::unique_ptr<std::once_flag[]> opened_;
};

}  // namespace papamu
