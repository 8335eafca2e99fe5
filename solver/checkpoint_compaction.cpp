#include "solver/checkpoint_compaction.hpp"

#include <algorithm>
#include <filesystem>
#include <span>
#include <vector>

#include "solver/checkpoint_file.hpp"

namespace papamu {

namespace {

// What a file takes beyond its blocks with the longest rules text (before the rules are known).
constexpr std::uint64_t kCompactOverheadBytes = compactCheckpointOverheadBytes(kLongestCheckpointRules);
// No encoding is smaller than this per entry (one byte per column at best, before zstd), so at
// most budget / kFewestBytesPerEntry entries can be wanted.
constexpr std::uint64_t kFewestBytesPerEntry = 2;

struct Candidate {
    CheckpointEntry entry;
    std::uint64_t priority = 0;
    std::uint32_t source = 0;  // the index of its file among the sources
};

bool morePriority(const Candidate& left, const Candidate& right) {
    if (left.priority != right.priority) return left.priority > right.priority;
    // Ties in a fixed order, the same file every time; one position's entries by source (removeRepeats).
    if (checkpointKeyLess(left.entry, right.entry)) return true;
    if (checkpointKeyLess(right.entry, left.entry)) return false;
    return left.source < right.source;
}

// Keeps at most `limit` candidates of highest priority, dropping the rest; returns the priority
// a newcomer needs from now on.
std::uint64_t keepBest(std::vector<Candidate>& candidates, std::size_t limit) {
    if (candidates.size() <= limit) return 0;
    std::nth_element(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(limit), candidates.end(), morePriority);
    candidates.resize(limit);
    return std::min_element(candidates.begin(), candidates.end(),
                            [](const Candidate& left, const Candidate& right) { return left.priority < right.priority; })
        ->priority;
}

// Collapses the entries of one position (a version 1 writer pads with its last entry; merged
// sources share positions) into one: a proof before any estimate (a fact outranks a guess,
// whatever the work), else the entry of most priority, else the one of the source named first.
// Ties are common where it matters most: work saturates at 2^32 nodes and a table keeps it to 6
// significant bits, so near the root a new run's entries and the previous compact copy's tie,
// and an unordered pick put the old copy's numbers back at the root (Ūnane 5x6, 2026-12-03: a
// resumed run restarted from the root numbers of two sessions before). A position proven won in
// one source and lost in another means a wrong proof somewhere: refused, nothing written.
void removeRepeats(std::vector<Candidate>& candidates) {
    std::sort(candidates.begin(), candidates.end(), [](const Candidate& left, const Candidate& right) {
        if (checkpointKeyLess(left.entry, right.entry)) return true;
        if (checkpointKeyLess(right.entry, left.entry)) return false;
        if (left.entry.numbers.proven() != right.entry.numbers.proven()) return left.entry.numbers.proven();
        if (left.priority != right.priority) return left.priority > right.priority;
        return left.source < right.source;
    });
    const auto sameKey = [](const Candidate& left, const Candidate& right) {
        return !checkpointKeyLess(left.entry, right.entry) && !checkpointKeyLess(right.entry, left.entry);
    };
    for (std::size_t index = 1; index < candidates.size(); ++index) {
        const CheckpointEntry& first = candidates[index - 1].entry;
        const CheckpointEntry& second = candidates[index].entry;
        if (sameKey(candidates[index - 1], candidates[index]) && second.numbers.proven() && first.numbers.won() != second.numbers.won()) {
            throw CheckpointError("checkpoints disagree: a position (black " + std::to_string(first.position.black) + ", white " +
                                  std::to_string(first.position.white) + ") is proven won in one and lost in another");
        }
    }
    candidates.erase(std::unique(candidates.begin(), candidates.end(), sameKey), candidates.end());
}

// The first `count` candidates (by priority) as blocks in key order; returns their bytes.
std::uint64_t encodeBest(const std::vector<Candidate>& byPriority, std::size_t count, int level, std::uint64_t overhead,
                         std::vector<std::vector<std::uint8_t>>& blocks) {
    std::vector<CheckpointEntry> chosen;
    chosen.reserve(count);
    for (std::size_t index = 0; index < count; ++index) chosen.push_back(byPriority[index].entry);
    std::sort(chosen.begin(), chosen.end(), checkpointKeyLess);
    blocks.clear();
    std::uint64_t bytes = overhead;
    for (std::size_t first = 0; first < chosen.size(); first += kCheckpointBlockEntries) {
        const std::size_t size = std::min<std::size_t>(kCheckpointBlockEntries, chosen.size() - first);
        blocks.push_back(encodeCheckpointBlock(std::span<const CheckpointEntry>(chosen.data() + first, size), level));
        bytes += blocks.back().size();
    }
    return bytes;
}

}  // namespace

CompactionSummary compactCheckpoints(const std::vector<std::string>& sources, const std::string& target, std::uint64_t maxBytes,
                                     int level) {
    if (sources.empty()) throw CheckpointError("checkpoint " + target + ": no source to compact");
    if (maxBytes <= kCompactOverheadBytes) {
        throw CheckpointError("checkpoint " + target + ": " + std::to_string(maxBytes) + " bytes cannot hold even the header");
    }
    const auto wanted = static_cast<std::size_t>((maxBytes - kCompactOverheadBytes) / kFewestBytesPerEntry);
    CompactionSummary summary;
    std::vector<Candidate> candidates;
    std::uint64_t needed = 0;
    std::string rules;  // the first source's; the others must match
    for (std::uint32_t index = 0; index < sources.size(); ++index) {
        const CheckpointContents contents = forEachCheckpointEntry(sources[index], rules, [&](const CheckpointEntry& entry) {
            ++summary.sourceEntries;
            if (entry.numbers.proven()) ++summary.sourceProven;
            const std::uint64_t priority = ProofTable::priorityOf(entry.numbers, entry.work);
            if (priority < needed) return;
            candidates.push_back(Candidate{entry, priority, index});
            // Repeats (across sources) are removed only at the end, so they may take room here.
            if (candidates.size() >= 2 * wanted) needed = keepBest(candidates, wanted);
        });
        rules = contents.rules;
    }
    removeRepeats(candidates);
    keepBest(candidates, wanted);
    std::sort(candidates.begin(), candidates.end(), morePriority);
    // Shrink until the file fits: each try scales the count by how far over the last one was.
    std::size_t count = candidates.size();
    const std::uint64_t overhead = compactCheckpointOverheadBytes(rules.size());
    std::vector<std::vector<std::uint8_t>> blocks;
    for (std::uint64_t bytes = encodeBest(candidates, count, level, overhead, blocks); bytes > maxBytes && count > 0;
         bytes = encodeBest(candidates, count, level, overhead, blocks)) {
        const double scale = static_cast<double>(maxBytes - overhead) / static_cast<double>(bytes - overhead);
        count = std::min(count - 1, static_cast<std::size_t>(static_cast<double>(count) * scale * 0.99));
    }
    writeCompactCheckpoint(blocks, count, rules, target);
    summary.entries = count;
    for (std::size_t index = 0; index < count; ++index) {
        if (candidates[index].entry.numbers.proven()) ++summary.proven;
    }
    summary.lowestPriority = count < summary.sourceEntries && count > 0 ? candidates[count - 1].priority : 0;
    std::error_code error;
    summary.bytes = std::filesystem::file_size(target, error);
    return summary;
}

}  // namespace papamu
