#pragma once
// Checks a certificate with the rules alone: no solver, no tables. Sound by induction on the
// stones left (every move removes a stone, the pie swap happens once): if every record's move
// leads to a position where each reply reaches a record or a finished win, every recorded
// position is a win for its side to move, and so the root's claim holds.
#include <cstdint>
#include <optional>
#include <string>

#include "certificate/certificate_file.hpp"

namespace papamu {

struct CertificateVerdict {
    bool valid = false;
    std::string reason;                      // why not, naming the position, the move and the reply
    std::optional<std::uint64_t> record;     // the first failing record, when a record failed
    std::string position;                    // the failing position in RULES.md notation, if any
    std::string move;                        // its recorded move, if any
    std::uint64_t records = 0;               // records checked
    std::uint64_t replies = 0;               // loser moves generated and followed
    double seconds = 0.0;
};

// `expectedRoot`: the position the proof must start from (a board's start, or one the user
// names); nullopt accepts the root in the header. Throws CertificateError when the header names
// rules that do not exist (an unreadable certificate rather than a wrong proof).
CertificateVerdict checkCertificate(const CertificateFile& file, const std::optional<Position>& expectedRoot, int threads);

}  // namespace papamu
