#pragma once
// Progress of a table build in positions (both sides to move), for any display: an entry of a
// colour-folded layer solves a position and its colour image, so it counts twice; layers found
// complete on disk count as done but not towards the rate. The time left is given only once it
// means something (a few seconds in and a few percent done); the first layers are too small and
// too unlike the rest to predict from.
#include <chrono>
#include <cstdint>
#include <optional>

#include "solver/retrograde_builder.hpp"
#include "tablebase/table_index.hpp"

namespace papamu {

struct BuildProgressFigures {
    int layer = 0;  // 0-based
    int layerCount = 0;
    int black = 0;  // stones of the layer
    int white = 0;
    std::uint64_t done = 0;   // positions
    std::uint64_t total = 0;  // positions of every layer
    double positionsPerSecond = 0.0;
    std::optional<double> secondsLeft;
};

class BuildProgress {
public:
    explicit BuildProgress(const TableIndex& index) : index_(index), started_(std::chrono::steady_clock::now()) {
        for (int layer = 0; layer < index.layerCount(); ++layer) total_ += index.layer(layer).positions();
    }

    BuildProgressFigures update(const RetrogradeProgress& progress) {
        const std::uint64_t images = index_.layerFolded(progress.layer) ? 2 : 1;
        const std::uint64_t done = finishedBefore(progress.layer) + images * progress.done;
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
        if (progress.reused) skipped_ += images * progress.total;
        BuildProgressFigures figures;
        figures.layer = progress.layer;
        figures.layerCount = progress.layerCount;
        figures.black = index_.layer(progress.layer).black;
        figures.white = index_.layer(progress.layer).white;
        figures.done = done;
        figures.total = total_;
        figures.positionsPerSecond = elapsed > 0 ? static_cast<double>(done - skipped_) / elapsed : 0.0;
        const bool settled = elapsed >= kSettleSeconds && done - skipped_ >= total_ / kSettleFraction;
        if (settled && figures.positionsPerSecond > 0) {
            figures.secondsLeft = static_cast<double>(total_ - done) / figures.positionsPerSecond;
        }
        return figures;
    }

private:
    static constexpr double kSettleSeconds = 3.0;
    static constexpr std::uint64_t kSettleFraction = 20;  // 5% of the positions

    std::uint64_t finishedBefore(int layer) {
        while (summedLayers_ < layer) summed_ += index_.layer(summedLayers_++).positions();
        return summed_;
    }
    const TableIndex& index_;
    std::chrono::steady_clock::time_point started_;
    std::uint64_t total_ = 0;
    std::uint64_t summed_ = 0;
    int summedLayers_ = 0;
    std::uint64_t skipped_ = 0;
};

}  // namespace papamu
