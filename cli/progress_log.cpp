#include "cli/progress_log.hpp"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <iostream>
#include <stdexcept>

#include "json/game_json.hpp"

namespace papamu::cli {

namespace {

std::string utcNow() {
    const std::time_t now = std::time(nullptr);
    std::tm parts{};
    gmtime_r(&now, &parts);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
    return text;
}

}  // namespace

ProgressLog::ProgressLog(const std::string& path, double intervalSeconds)
    : path_(path), intervalSeconds_(intervalSeconds), runStarted_(utcNow()), file_(std::fopen(path.c_str(), "a")) {
    if (!file_) throw std::invalid_argument("--progress-log: cannot open " + path + " for appending: " + std::strerror(errno));
}

void ProgressLog::record(const SearchProgress& progress) {
    if (!file_) return;
    // A search that reports fewer seconds than the last line is a new one (the certificate's
    // re-proofs, a board's next search): its first report is written at once.
    const bool newSearch = progress.seconds < lastSeconds_;
    if (!newSearch && lastSeconds_ >= 0.0 && progress.seconds - lastSeconds_ < intervalSeconds_) return;
    lastSeconds_ = progress.seconds;
    nlohmann::ordered_json line{{"time", utcNow()}, {"run", runStarted_}};
    line.update(searchProgressJson(progress));
    const std::string text = line.dump() + "\n";
    if (std::fwrite(text.data(), 1, text.size(), file_.get()) != text.size() || std::fflush(file_.get()) != 0) {
        std::cerr << "papamu solve: warning: --progress-log " << path_ << ": write failed (" << std::strerror(errno)
                  << "); the solve goes on without its log\n";
        file_.reset();
    }
}

}  // namespace papamu::cli
