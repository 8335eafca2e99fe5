#include "tablebase/huffman_code.hpp"

#include <algorithm>
#include <queue>
#include <stdexcept>
#include <string>

namespace papamu {

namespace {

// Code lengths of a Huffman code for the counts (all positive), ties broken by node number so
// the result is the same on every machine.
std::vector<int> huffmanLengths(const std::vector<std::uint64_t>& counts) {
    const std::size_t leaves = counts.size();
    std::vector<std::uint64_t> weight(counts);
    std::vector<std::size_t> parent(2 * leaves, 0);
    using Node = std::pair<std::uint64_t, std::size_t>;
    std::priority_queue<Node, std::vector<Node>, std::greater<>> queue;
    for (std::size_t leaf = 0; leaf < leaves; ++leaf) queue.emplace(counts[leaf], leaf);
    while (queue.size() > 1) {
        const Node first = queue.top();
        queue.pop();
        const Node second = queue.top();
        queue.pop();
        const std::size_t node = weight.size();
        weight.push_back(first.first + second.first);
        parent[first.second] = node;
        parent[second.second] = node;
        queue.emplace(weight.back(), node);
    }
    const std::size_t root = weight.size() - 1;
    std::vector<int> depth(weight.size(), 0);
    for (std::size_t node = root; node-- > 0;) depth[node] = depth[parent[node]] + 1;
    return std::vector<int>(depth.begin(), depth.begin() + static_cast<std::ptrdiff_t>(leaves));
}

}  // namespace

HuffmanCode HuffmanCode::fromCounts(const std::array<std::uint64_t, 256>& counts) {
    std::vector<std::uint8_t> values;
    std::vector<std::uint64_t> used;
    for (int value = 0; value < 256; ++value) {
        if (counts[static_cast<std::size_t>(value)] == 0) continue;
        values.push_back(static_cast<std::uint8_t>(value));
        used.push_back(counts[static_cast<std::size_t>(value)]);
    }
    std::vector<Symbol> symbols;
    if (values.size() == 1) symbols.push_back(Symbol{values[0], 0});
    if (values.size() < 2) return HuffmanCode(symbols);
    // Too long codes come from very rare values: halve the ratios between counts (rounding up,
    // so no count reaches 0) until the longest code fits. At most 64 rounds for 64-bit counts.
    std::vector<int> lengths = huffmanLengths(used);
    while (*std::max_element(lengths.begin(), lengths.end()) > kMaxCodeLength) {
        for (std::uint64_t& count : used) count = (count + 1) / 2;
        lengths = huffmanLengths(used);
    }
    for (std::size_t item = 0; item < values.size(); ++item) symbols.push_back(Symbol{values[item], static_cast<std::uint8_t>(lengths[item])});
    return HuffmanCode(symbols);
}

HuffmanCode HuffmanCode::fromSymbols(std::span<const Symbol> symbols) {
    const auto fail = [](const std::string& why) { throw std::invalid_argument("invalid Huffman code: " + why); };
    if (symbols.size() == 1 && symbols[0].length != 0) fail("a sole symbol must have length 0");
    std::uint64_t kraft = 0;  // in units of 2^-kMaxCodeLength
    for (std::size_t item = 0; item < symbols.size() && symbols.size() > 1; ++item) {
        if (item > 0 && symbols[item].value <= symbols[item - 1].value) fail("values not strictly increasing");
        if (symbols[item].length < 1 || symbols[item].length > kMaxCodeLength) fail("code length out of range");
        kraft += std::uint64_t{1} << (kMaxCodeLength - symbols[item].length);
    }
    if (symbols.size() > 1 && kraft != (std::uint64_t{1} << kMaxCodeLength)) fail("not a complete prefix code");
    return HuffmanCode(std::vector<Symbol>(symbols.begin(), symbols.end()));
}

HuffmanCode::HuffmanCode(std::vector<Symbol> symbols) : symbols_(std::move(symbols)), table_(std::size_t{1} << kMaxCodeLength) {
    for (const Symbol& symbol : symbols_) {
        lengths_[symbol.value] = symbol.length;
        present_[symbol.value] = true;
    }
    if (symbols_.size() == 1) {
        std::fill(table_.begin(), table_.end(), Decoded{symbols_[0].value, 0});
        return;
    }
    // Canonical order: by length, then value. Codes count up most significant bit first; they
    // are stored reversed because the stream is read from the lowest bit.
    std::vector<Symbol> order(symbols_);
    std::stable_sort(order.begin(), order.end(), [](const Symbol& left, const Symbol& right) { return left.length < right.length; });
    std::uint32_t next = 0;
    int previousLength = 0;
    for (const Symbol& symbol : order) {
        next <<= (symbol.length - previousLength);
        previousLength = symbol.length;
        std::uint32_t reversed = 0;
        for (int bit = 0; bit < symbol.length; ++bit) reversed |= ((next >> bit) & 1U) << (symbol.length - 1 - bit);
        codes_[symbol.value] = reversed;
        for (std::uint32_t high = 0; high < (1U << (kMaxCodeLength - symbol.length)); ++high) {
            table_[reversed | (high << symbol.length)] = Decoded{symbol.value, symbol.length};
        }
        ++next;
    }
}

}  // namespace papamu
