// Damaged table files are refused, never read: every truncation, every single-bit flip, and a
// header from a future format version (even one with a valid checksum).
#include <catch2/catch.hpp>

#include <unistd.h>
#include <xxhash.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tablebase/layer_file.hpp"

using namespace papamu;
namespace fs = std::filesystem;

namespace {

class ScratchLayer {
public:
    ScratchLayer() {
        std::string pattern = (fs::temp_directory_path() / "papamu-layer-damage-XXXXXX").string();
        if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
        directory_ = pattern;
        entries_.resize(500);
        header_.game = GameKind::Unane;
        header_.rows = 3;
        header_.columns = 4;
        header_.black = 2;
        header_.white = 3;
        header_.scheme = IndexScheme::UnaneThreeState;
        for (std::size_t index = 0; index < entries_.size(); ++index) {
            const bool win = (index * 5 + index / 7) % 3 != 0;
            entries_[index] = encodeOutcome({win ? Value::Win : Value::Loss, static_cast<int>(index % 11)});
            (win ? header_.stats.wins : header_.stats.losses) += 1;
        }
        writeLayerFile(path(), header_, entries_, 64);
        header_.entries = entries_.size();
        std::ifstream in(path(), std::ios::binary);
        original_.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    ~ScratchLayer() {
        std::error_code ignored;
        fs::remove_all(directory_, ignored);
    }
    std::string path() const { return (directory_ / "layer").string(); }
    const LayerHeader& header() const { return header_; }
    const std::vector<RetrogradeEntry>& entries() const { return entries_; }
    const std::vector<char>& original() const { return original_; }
    void write(const std::vector<char>& bytes) const {
        std::ofstream out(path(), std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    // Opens and reads every entry; returns the TableError message, or "" when all went through.
    std::string readProblem() const {
        try {
            const LayerFile layer(path(), header_);
            if (layer.readAll() != entries_) return "read wrong entries";
            return "";
        } catch (const TableError& error) {
            return error.what();
        }
    }

private:
    fs::path directory_;
    LayerHeader header_;
    std::vector<RetrogradeEntry> entries_;
    std::vector<char> original_;
};

}  // namespace

TEST_CASE("an intact layer file reads back exactly", "[layer][damage]") {
    const ScratchLayer layer;
    CHECK(layer.readProblem().empty());
}

TEST_CASE("a layer file cut short anywhere is refused", "[layer][damage]") {
    const ScratchLayer layer;
    const std::vector<char>& original = layer.original();
    for (std::size_t length = 0; length < original.size(); ++length) {
        layer.write(std::vector<char>(original.begin(), original.begin() + static_cast<std::ptrdiff_t>(length)));
        INFO("cut to " << length << " of " << original.size() << " bytes");
        const std::string problem = layer.readProblem();
        CHECK(problem.find("truncated") != std::string::npos);
        CHECK_THROWS_AS(LayerFile::readHeader(layer.path()), TableError);
    }
}

TEST_CASE("every single-bit flip in a layer file is detected", "[layer][damage]") {
    const ScratchLayer layer;
    std::vector<char> damaged = layer.original();
    for (std::size_t byte = 0; byte < damaged.size(); ++byte) {
        for (int bit = 0; bit < 8; ++bit) {
            damaged[byte] = static_cast<char>(damaged[byte] ^ (1 << bit));
            layer.write(damaged);
            INFO("bit " << bit << " of byte " << byte);
            CHECK_FALSE(layer.readProblem().empty());
            damaged[byte] = static_cast<char>(damaged[byte] ^ (1 << bit));
        }
    }
}

TEST_CASE("a header of another format version is refused, even with a valid checksum", "[layer][damage]") {
    const ScratchLayer layer;
    std::vector<char> future = layer.original();
    future[8] = static_cast<char>(kLayerFormatVersion + 1);  // format version, little-endian at byte 8
    // Recompute the checksum (XXH3-64 of the file with its checksum field, bytes 72..79, zeroed)
    // so that only the version can be the reason.
    std::memset(&future[72], 0, 8);
    const std::uint64_t checksum = XXH3_64bits(future.data(), future.size());
    for (int byte = 0; byte < 8; ++byte) future[72 + byte] = static_cast<char>(checksum >> (8 * byte));
    layer.write(future);
    CHECK(layer.readProblem() == layer.path() + ": format version " + std::to_string(kLayerFormatVersion + 1) +
                                     " is not supported (this reader knows version " +
                                     std::to_string(kLayerFormatVersion) + ")");
}
