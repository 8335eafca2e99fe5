#include "certificate/certificate_format.hpp"

namespace papamu {

namespace {

void putLittle(std::uint8_t* out, std::uint64_t value) {
    for (int byte = 0; byte < 8; ++byte) out[byte] = static_cast<std::uint8_t>(value >> (8 * byte));
}

std::uint64_t getLittle(const std::uint8_t* in) {
    std::uint64_t value = 0;
    for (int byte = 0; byte < 8; ++byte) value |= static_cast<std::uint64_t>(in[byte]) << (8 * byte);
    return value;
}

}  // namespace

void encodeCertificateRecord(const CertificateRecord& record, std::uint8_t* out) {
    putLittle(out, record.key.black);
    putLittle(out + 8, record.key.white);
    out[16] = record.key.tag;
    out[17] = static_cast<std::uint8_t>(record.move.kind);
    out[18] = record.move.from;
    out[19] = record.move.to;
}

CertificateKey decodeCertificateKey(const std::uint8_t* in) {
    CertificateKey key{getLittle(in), getLittle(in + 8), in[16]};
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
