#include "certificate/certificate_format.hpp"

#include "support/little_endian.hpp"

namespace papamu {

void encodeCertificateRecord(const CertificateRecord& record, std::uint8_t* out) {
    putLittle(out, record.key.black, 8);
    putLittle(out + 8, record.key.white, 8);
    out[16] = record.key.tag;
    out[17] = static_cast<std::uint8_t>(record.move.kind);
    out[18] = record.move.from;
    out[19] = record.move.to;
}

CertificateKey decodeCertificateKey(const std::uint8_t* in) {
    CertificateKey key{getLittle(in, 8), getLittle(in + 8, 8), in[16]};
    if ((key.tag & ~3U) != 0) throw CertificateError("record with unknown position flags " + std::to_string(key.tag));
    return key;
}

CertificateRecord decodeCertificateRecord(const std::uint8_t* in) {
    CertificateRecord record;
    record.key = decodeCertificateKey(in);
    if (in[17] > static_cast<std::uint8_t>(MoveKind::Swap)) throw CertificateError("record with unknown move kind " + std::to_string(in[17]));
    record.move = Move{static_cast<MoveKind>(in[17]), in[18], in[19]};
    return record;
}

}  // namespace papamu
