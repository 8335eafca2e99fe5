// Writes the seed corpus of the layer file fuzzer: small valid layer files from the real writer,
// each prefixed with the harness's flag byte (1: keep the checksum right after mutation).
// Usage: layer_file_seeds DIRECTORY
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tablebase/layer_file.hpp"

using namespace papamu;

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: layer_file_seeds DIRECTORY\n");
        return 2;
    }
    const std::filesystem::path directory = argv[1];
    struct Seed {
        const char* name;
        GameKind game;
        int rows, columns, black, white;
        IndexScheme scheme;
        bool colourFolded;
        std::size_t entries;
        std::uint32_t blockEntries;
    };
    const Seed seeds[] = {
        {"konane_4x4_small_blocks", GameKind::Konane, 4, 4, 2, 1, IndexScheme::KonaneHomeSubsets, true, 300, 64},
        {"konane_4x4_one_block", GameKind::Konane, 4, 4, 3, 3, IndexScheme::KonaneHomeSubsets, false, 200, 4096},
        {"unane_3x4_several_blocks", GameKind::Unane, 3, 4, 2, 2, IndexScheme::UnaneThreeState, true, 1000, 128},
        {"unane_2x2_empty", GameKind::Unane, 2, 2, 0, 0, IndexScheme::UnaneThreeState, false, 0, 64},
    };
    for (const Seed& seed : seeds) {
        std::vector<RetrogradeEntry> entries(seed.entries);
        LayerHeader header;
        header.game = seed.game;
        header.rows = seed.rows;
        header.columns = seed.columns;
        header.black = seed.black;
        header.white = seed.white;
        header.scheme = seed.scheme;
        header.colourFolded = seed.colourFolded;
        for (std::size_t index = 0; index < entries.size(); ++index) {
            // A varied but compressible pattern of wins and losses with small remoteness.
            const bool win = (index * 7 + index / 13) % 3 != 0;
            entries[index] = encodeOutcome({win ? Value::Win : Value::Loss, static_cast<int>(index % 9)});
            (win ? header.stats.wins : header.stats.losses) += 1;
        }
        const std::filesystem::path layer = directory / (std::string(seed.name) + ".layer");
        writeLayerFile(layer.string(), header, entries, seed.blockEntries);
        std::ifstream in(layer, std::ios::binary);
        std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::ofstream out(directory / seed.name, std::ios::binary);
        out.put('\x01');
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        std::filesystem::remove(layer);
    }
    return 0;
}
