#pragma once
// solve --checkpoint FILE: the table's proofs read in before the search (when FILE exists) and
// written after it, finished, limited or stopped by Ctrl-C; periodic writes go through
// SearchOptions::checkpoint (see createSearch). Format: solver/README.md.
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <string>

#include "solver/checkpoint_file.hpp"

namespace papamu::cli {

// A damaged checkpoint, or one of other rules, is bad input: exit 2, nothing searched.
template <class Search>
void readCheckpointInto(Search& search, const std::string& path, const char* option) {
    try {
        const CheckpointSummary read = readCheckpoint(search.table(), checkpointRules(search.game()), path);
        std::cerr << "papamu solve: resumed from " << path << ": " << read.entries << " entries, " << read.proven << " proven\n";
    } catch (const CheckpointError& error) {
        throw std::invalid_argument(std::string(option) + ": " + error.what());
    }
}

// --resume-from FILE (which must exist; a committed compact checkpoint, say: it is only read),
// then --checkpoint FILE when it exists (the newer state, from an earlier run of this command).
template <class Search>
void resumeFromCheckpoints(Search& search, const std::string& resumeFrom, const std::string& checkpoint) {
    if (!resumeFrom.empty()) readCheckpointInto(search, resumeFrom, "--resume-from");
    if (!checkpoint.empty() && std::filesystem::exists(checkpoint)) readCheckpointInto(search, checkpoint, "--checkpoint");
}

template <class Search>
void saveCheckpoint(const Search& search, const std::string& path) {
    if (path.empty()) return;
    try {
        const CheckpointSummary written = writeCheckpoint(search.table(), checkpointRules(search.game()), path);
        std::cerr << "papamu solve: checkpoint " << path << ": " << written.entries << " entries, " << written.proven << " proven\n";
    } catch (const CheckpointError& error) {
        throw std::invalid_argument(std::string("--checkpoint: ") + error.what());
    }
}

// The periodic write during a search: a failure is a warning, the search goes on.
template <class G>
std::function<void(const ProofTable&)> periodicCheckpoint(const G& game, const std::string& path) {
    return [path, rules = checkpointRules(game)](const ProofTable& table) {
        try {
            writeCheckpoint(table, rules, path);
        } catch (const CheckpointError& error) {
            std::cerr << "papamu solve: warning: " << error.what() << "\n";
        }
    };
}

}  // namespace papamu::cli
