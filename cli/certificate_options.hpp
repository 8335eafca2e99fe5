#pragma once
// `--certificate FILE` of `papamu solve` (write the proof of a solved position and report it)
// and of `papamu verify` (check a certificate with the rules alone).
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "solver/certificate_builder.hpp"

namespace papamu::cli {

struct CertificateRequest {
    std::string path;  // empty: no certificate asked for
    GameKind kind = GameKind::Konane;
    BoardSize size;
};

// The JSON report of a certificate (path, positions, bytes, checksum, seconds), or a reason
// why none was written; `text` receives the same for people.
nlohmann::json certificateReport(const std::string& path, const CertificateFileSummary& summary, double seconds);

// Writes the certificate of `root` having `value` after a solve; nullopt (and no file) when no
// certificate was asked for. An unknown value writes nothing and says why.
template <class G, class O>
std::optional<nlohmann::json> writeCertificate(const CertificateRequest& request, ProofNumberSearch<G, O>& search,
                                               const Position& root, const std::optional<Value>& value) {
    if (request.path.empty()) return std::nullopt;
    if (!value) return nlohmann::json{{"path", request.path}, {"written", false}, {"reason", "the value is unknown"}};
    const auto started = std::chrono::steady_clock::now();
    CertificateBuilder builder(search);
    const auto summary = builder.write(request.path, request.kind, request.size, root, *value);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (!summary) return nlohmann::json{{"path", request.path}, {"written", false}, {"reason", "a search limit stopped the proof walk"}};
    return certificateReport(request.path, *summary, seconds);
}

// One line for the text output: "certificate FILE: N positions, B bytes, …" or why not.
std::string certificateLine(const nlohmann::json& report);

// `papamu verify --certificate FILE [GAME RxC | POSITION]`: 0 valid, 1 invalid (the first failing
// position, its move and why), bad input and unreadable certificates throw std::invalid_argument.
int verifyCertificate(const std::string& path, const std::vector<std::string>& rootWords, const Variant& variant, bool json,
                      int threads);

}  // namespace papamu::cli
