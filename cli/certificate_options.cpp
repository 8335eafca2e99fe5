#include "cli/certificate_options.hpp"

#include <cstdio>
#include <iostream>

#include "certificate/certificate_checker.hpp"
#include "cli/command_line.hpp"
#include "rules/notation.hpp"

namespace papamu::cli {

nlohmann::json certificateReport(const std::string& path, const CertificateFileSummary& summary, double seconds) {
    char checksum[17];
    std::snprintf(checksum, sizeof checksum, "%016llx", static_cast<unsigned long long>(summary.checksum));
    return {{"path", path},           {"written", true},          {"positions", summary.records},
            {"bytes", summary.bytes}, {"checksum_xxh3", checksum}, {"seconds", seconds}};
}

std::string certificateLine(const nlohmann::json& report) {
    if (!report.at("written").get<bool>()) {
        return "certificate " + report.at("path").get<std::string>() + ": not written: " + report.at("reason").get<std::string>();
    }
    char line[256];
    std::snprintf(line, sizeof line, "%llu positions, %llu bytes, body checksum %s, %.2f s",
                  static_cast<unsigned long long>(report.at("positions").get<std::uint64_t>()),
                  static_cast<unsigned long long>(report.at("bytes").get<std::uint64_t>()),
                  report.at("checksum_xxh3").get<std::string>().c_str(), report.at("seconds").get<double>());
    return "certificate " + report.at("path").get<std::string>() + ": " + line;
}

namespace {

// The root the user names: a board's start (GAME RxC) or a position; nullopt for none.
std::optional<Position> expectedRoot(const std::vector<std::string>& words, const Variant& variant, const CertificateClaim& claim) {
    if (words.empty()) return std::nullopt;
    GameSelection selection;
    if (words.size() == 1) selection = selectPosition(words[0], variant);
    else if (words.size() == 2) selection = selectStart(words[0], words[1], variant);
    else throw std::invalid_argument("expected at most GAME RxC or POSITION after --certificate FILE");
    if (selection.kind != claim.game || selection.size != claim.size || selection.variant != claim.variant) {
        throw std::invalid_argument(std::string("the certificate is for ") + gameName(claim.game) + " " + claim.size.name() + " (" +
                                    claim.variant.name() + "), not " + gameName(selection.kind) + " " + selection.size.name() + " (" +
                                    selection.variant.name() + ")");
    }
    return selection.position;
}

}  // namespace

int verifyCertificate(const std::string& path, const std::vector<std::string>& rootWords, const Variant& variant, bool json,
                      int threads) {
    std::optional<CertificateFile> file;
    try {
        file.emplace(CertificateFile::open(path));
    } catch (const std::runtime_error& error) {
        throw std::invalid_argument("certificate " + path + ": " + error.what());
    }
    const CertificateClaim& claim = file->claim();
    const std::optional<Position> root = expectedRoot(rootWords, variant, claim);
    CertificateVerdict verdict;
    try {
        verdict = checkCertificate(*file, root, threads);
    } catch (const CertificateError& error) {
        throw std::invalid_argument("certificate " + path + ": " + error.what());
    }
    const BoardGeometry geometry(claim.size.rows, claim.size.columns);
    const std::string rootText = formatPosition(claim.game, geometry, claim.root);
    if (json) {
        nlohmann::json output{{"certificate", path},       {"valid", verdict.valid},   {"game", gameName(claim.game)},
                              {"board", claim.size.name()}, {"variant", claim.variant.name()}, {"root", rootText},
                              {"value", valueName(claim.rootValue)}, {"positions", file->recordCount()}, {"bytes", file->bytes()},
                              {"replies_checked", verdict.replies}, {"seconds", verdict.seconds}, {"threads", threads}};
        if (!verdict.valid) {
            output["reason"] = verdict.reason;
            if (verdict.record) output["record"] = *verdict.record;
            if (!verdict.position.empty()) output["position"] = verdict.position;
            if (!verdict.move.empty()) output["move"] = verdict.move;
        }
        std::cout << output.dump() << "\n";
    } else if (verdict.valid) {
        std::printf("valid: %s is a %s for the side to move (%s %s, %s); %llu positions, %llu bytes, %llu replies checked in %.2f s\n",
                    rootText.c_str(), valueName(claim.rootValue), gameName(claim.game), claim.size.name().c_str(), claim.variant.name().c_str(),
                    static_cast<unsigned long long>(file->recordCount()), static_cast<unsigned long long>(file->bytes()),
                    static_cast<unsigned long long>(verdict.replies), verdict.seconds);
    } else {
        std::cout << "invalid: " << verdict.reason << "\n";
    }
    return verdict.valid ? kSuccess : kNegative;
}

}  // namespace papamu::cli
