#pragma once
// The builder's store (solver/retrograde_concepts.hpp RetrogradeStore) backed by layer files: a
// layer counts as complete only when its file opens and validates in full, so a build that was
// killed resumes from exactly the layers that were finished; the manifest is rewritten after each.
#include <optional>
#include <string>
#include <vector>

#include "tablebase/layer_file.hpp"
#include "tablebase/table_directory.hpp"
#include "tablebase/table_index.hpp"

namespace papamu {

class LayerFileStore {
public:
    LayerFileStore(std::string directory, const TableIndex& index, const Variant& variant, std::uint32_t blockEntries);

    bool layerComplete(int layer);
    std::vector<std::uint8_t> loadLayer(int layer);
    RetrogradeLayerStats layerStats(int layer);
    void saveLayer(int layer, std::span<const std::uint8_t> entries, const RetrogradeLayerStats& stats);
    // Marks the manifest complete once every layer is written.
    void finish();

    std::string layerPath(int layer) const;
    // Why an existing layer file was not reused (it is then rebuilt), for the build's log.
    const std::vector<std::string>& rejectedFiles() const { return rejected_; }
    std::uint64_t bytesOnDisk() const;

private:
    void writeManifest(bool complete) const;

    std::string directory_;
    const TableIndex& index_;
    Variant variant_;
    std::uint32_t blockEntries_;
    std::vector<std::optional<LayerHeader>> headers_;  // of layers known complete
    std::vector<std::uint64_t> fileBytes_;
    std::vector<std::string> rejected_;
};

}  // namespace papamu
