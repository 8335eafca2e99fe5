#pragma once
// The proof certificate file, version 1: what a solve claims and the records that prove it.
// certificate/README.md is the full byte-level specification; this header is its C++ form.
//
// A certificate proves "the side to move at the root wins" (or loses) by listing, for every
// position of the proof where the winner is to move, the one winning move chosen. Positions where
// the loser is to move are not stored: a checker generates all their moves itself. Records are
// canonical positions (rules/symmetry.hpp, under what the game permits for each position),
// sorted, so that a checker finds one by binary search in a memory-mapped file.
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "rules/color.hpp"
#include "rules/game_kind.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"

namespace papamu {

inline constexpr std::array<char, 8> kCertificateMagic{'P', 'A', 'P', 'A', 'M', 'U', 'C', 'E'};
inline constexpr std::uint16_t kCertificateVersion = 1;
inline constexpr std::size_t kCertificateHeaderBytes = 96;
inline constexpr std::size_t kCertificateRecordBytes = 20;
inline constexpr std::size_t kCertificateIndexEntryBytes = 40;
inline constexpr std::uint32_t kCertificateMaxBlockRecords = 65536;

// A certificate that can not be read: bad magic, unknown version, damaged bytes, wrong sizes.
// Distinct from a readable certificate whose proof is wrong (certificate_checker.hpp).
class CertificateError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Everything a certificate claims about the game, from its header.
struct CertificateClaim {
    GameKind game = GameKind::Konane;
    Variant variant;
    BoardSize size;
    Position root;
    Value rootValue = Value::Win;  // for the side to move at the root
    bool operator==(const CertificateClaim&) const = default;
};

// The sort key of a record: the position, compared as (black, white, tag) unsigned.
struct CertificateKey {
    Bitboard black = 0;
    Bitboard white = 0;
    std::uint8_t tag = 0;  // bit 0: White to move; bit 1: the pie swap is on offer

    static CertificateKey of(const Position& position) {
        return {position.black, position.white,
                static_cast<std::uint8_t>((position.sideToMove == Color::White ? 1U : 0U) | (position.swapAvailable ? 2U : 0U))};
    }
    Position position() const { return Position{black, white, (tag & 1U) ? Color::White : Color::Black, (tag & 2U) != 0}; }
    auto operator<=>(const CertificateKey&) const = default;
};

// One winner-to-move position of the proof and the winning move chosen there.
struct CertificateRecord {
    CertificateKey key;
    Move move;
};

// Byte encoding of records and index keys (little-endian), shared by writer and reader.
void encodeCertificateRecord(const CertificateRecord& record, std::uint8_t* out);
CertificateRecord decodeCertificateRecord(const std::uint8_t* in);
CertificateKey decodeCertificateKey(const std::uint8_t* in);

}  // namespace papamu
