#pragma once
// Proof and disproof numbers: 32-bit counts that saturate below infinity, so a sum of huge
// numbers never turns into a false proof. Infinity means "proven impossible".
#include <algorithm>
#include <cstdint>

namespace papamu {

using ProofNumber = std::uint32_t;

inline constexpr ProofNumber kProofInfinity = 0xFFFFFFFFU;
// Largest finite value: sums and products stop here instead of reaching infinity.
inline constexpr ProofNumber kProofLimit = kProofInfinity - 1;

constexpr ProofNumber saturatingAdd(ProofNumber a, ProofNumber b) {
    if (a == kProofInfinity || b == kProofInfinity) return kProofInfinity;
    const std::uint64_t sum = std::uint64_t{a} + b;
    return sum >= kProofLimit ? kProofLimit : static_cast<ProofNumber>(sum);
}

// Proof and disproof number of a position for the side to move: pn counts the leaves still to
// prove a win, dn those still to prove a loss. pn == 0 is a proven win, dn == 0 a proven loss.
struct ProofPair {
    ProofNumber proof = 1;
    ProofNumber disproof = 1;

    bool proven() const { return proof == 0 || disproof == 0; }
    bool won() const { return proof == 0; }
    bool lost() const { return disproof == 0; }
    static constexpr ProofPair win() { return {0, kProofInfinity}; }
    static constexpr ProofPair loss() { return {kProofInfinity, 0}; }
    bool operator==(const ProofPair&) const = default;
};

}  // namespace papamu
