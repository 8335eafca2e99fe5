#pragma once
// `solve --progress-log FILE`: a long solve's trajectory, one JSON line appended every
// --progress-interval seconds (format below), so that a run that never finishes still shows how
// its root's numbers moved and a later session can project it. The terminal's progress line
// (solve_search.cpp) is overwritten in place and gone once the run ends; this file stays.
//
// Each line: {"time": UTC ISO 8601 of the write, "run": UTC ISO 8601 of the command's start,
// then searchProgressJson's keys (json/game_json.hpp): "nodes", "seconds", "nodes_per_second",
// "table_used", "table_capacity", "root_proof_number", "root_disproof_number"}. Nodes and seconds
// count from the start of the search that reports them (a resumed run starts again from 0; its
// lines carry their own "run"). A board solve reports the opening line its first worker is on.
// Lines are appended, never rewritten: the runs of a resumed solve follow one another.
#include <cstdio>
#include <memory>
#include <string>

#include "solver/search_control.hpp"

namespace papamu::cli {

class ProgressLog {
public:
    // Opens FILE for appending (created if missing); throws std::invalid_argument naming
    // --progress-log when it cannot be opened. `intervalSeconds`: the least time between lines.
    ProgressLog(const std::string& path, double intervalSeconds);
    ProgressLog(const ProgressLog&) = delete;
    ProgressLog& operator=(const ProgressLog&) = delete;

    double intervalSeconds() const { return intervalSeconds_; }
    // Appends a line when `intervalSeconds` have passed since the last one (or a new search
    // began). A write that fails is said once on stderr and ends the log, never the solve.
    void record(const SearchProgress& progress);

private:
    struct Closer {
        void operator()(std::FILE* file) const { std::fclose(file); }
    };
    std::string path_;
    double intervalSeconds_;
    std::string runStarted_;
    std::unique_ptr<std::FILE, Closer> file_;
    double lastSeconds_ = -1.0;
};

}  // namespace papamu::cli
