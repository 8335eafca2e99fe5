// Certificates: written from a df-pn proof, accepted by the rules-only checker on small boards of
// both games and every pie setting, and each kind of tampering rejected with its reason.
#include <catch2/catch.hpp>
#include <filesystem>

#include "../tablebase/temporary_directory.hpp"
#include "certificate/certificate_checker.hpp"
#include "rules/game_dispatch.hpp"
#include "rules/notation.hpp"
#include "rules/pie_rule.hpp"
#include "solver/certificate_builder.hpp"
#include "solver/memoized_negamax.hpp"

namespace papamu {
namespace {

using testing::TemporaryDirectory;

struct Proof {
    CertificateClaim claim;
    std::vector<CertificateRecord> records;
};

// The start position of a board proven by df-pn, and its certificate records.
Proof proveStart(GameKind kind, BoardSize size, Variant variant) {
    return visitGame(kind, size, variant, [&](const auto& game) {
        SearchOptions options;
        options.hashMegabytes = 16;
        ProofNumberSearch search(game, options);
        const Position start = game.startPosition();
        const std::optional<Value> value = search.solve(start).value;
        REQUIRE(value);
        MemoizedNegamax reference(game);
        REQUIRE(reference.solve(start) == *value);  // an independent method agrees on the claim
        CertificateBuilder builder(search);
        auto records = builder.collect(start, *value);
        REQUIRE(records);
        return Proof{CertificateClaim{kind, variant, size, start, *value}, std::move(*records)};
    });
}

std::string writeProof(const TemporaryDirectory& directory, const Proof& proof, const std::string& name = "proof.cert",
                       std::uint32_t blockRecords = 16) {
    const std::string path = (directory.path() / name).string();
    CertificateFileWriter writer(path, proof.claim, blockRecords);
    for (const CertificateRecord& record : proof.records) writer.add(record);
    writer.finish();
    return path;
}

CertificateVerdict check(const std::string& path, int threads = 2, std::optional<Position> root = std::nullopt) {
    const CertificateFile file = CertificateFile::open(path);
    return checkCertificate(file, root, threads);
}

TEST_CASE("certificates of small boards verify with the rules alone", "[certificate]") {
    struct Case {
        GameKind kind;
        BoardSize size;
        const char* variant;
        std::optional<Value> startValue;  // where results/ records it; negamax agrees in any case
    };
    // Values from results/RESULTS.md (and the negamax agreement inside proveStart).
    const std::vector<Case> cases{
        {GameKind::Konane, {4, 4}, "standard", Value::Loss},  {GameKind::Konane, {5, 5}, "standard", Value::Win},
        {GameKind::Konane, {3, 4}, "single-jump", std::nullopt}, {GameKind::Unane, {3, 4}, "standard", Value::Loss},
        {GameKind::Unane, {3, 4}, "no-pie", Value::Win},      {GameKind::Unane, {4, 4}, "standard", Value::Loss},
        {GameKind::Unane, {4, 4}, "no-pie", Value::Win},
    };
    TemporaryDirectory directory;
    for (const Case& test : cases) {
        CAPTURE(gameName(test.kind), test.size.name(), test.variant);
        const Proof proof = proveStart(test.kind, test.size, Variant::parse(test.variant));
        if (test.startValue) CHECK(proof.claim.rootValue == *test.startValue);
        const std::string path = writeProof(directory, proof);
        const CertificateFile file = CertificateFile::open(path);
        CHECK(file.claim() == proof.claim);
        CHECK(file.recordCount() == proof.records.size());
        for (const int threads : {1, 2}) {
            const CertificateVerdict verdict = checkCertificate(file, proof.claim.root, threads);
            CHECK(verdict.reason == "");
            CHECK(verdict.valid);
            CHECK(verdict.records == proof.records.size());
            CHECK(verdict.replies > 0);
        }
    }
}

// The pie rule proves a swap offer without a record (rules/pie_rule.hpp). A record there, as in
// papamu's certificates before the checker knew the rule, is checked like any other and counts
// as reached: a wrong move at the offer is rejected although the rule alone proves the root.
TEST_CASE("a swap offer is proven by the pie rule, and a record there is still checked", "[certificate]") {
    TemporaryDirectory directory;
    const UnaneGame game(BoardGeometry(3, 4));
    const BoardSymmetries symmetries(game.geometry());
    const auto canonical = [&](const Position& position) { return symmetries.canonical(position, game.symmetryPermission(position)); };
    const Position root = parsePosition("unane BWBW/W.BB/BWBW w swap").position;  // after b2-c2: White wins by swapping
    const Position behind = withoutSwapOffer(root);
    MemoizedNegamax reference(game);
    REQUIRE(reference.solve(behind) == Value::Loss);
    const CertificateClaim claim{GameKind::Unane, Variant{}, {3, 4}, root, Value::Win};

    const CertificateVerdict byRule = check(writeProof(directory, Proof{claim, {}}));
    CHECK(byRule.valid);
    CHECK(byRule.records == 0);

    SearchOptions options;
    options.hashMegabytes = 16;
    ProofNumberSearch search(game, options);
    REQUIRE(search.solve(behind).value == Value::Loss);
    CertificateBuilder builder(search);
    const auto behindRecords = builder.collect(behind, Value::Loss);
    REQUIRE(behindRecords);
    REQUIRE_FALSE(behindRecords->empty());
    const auto withRootRecord = [&](Move move) {
        Proof proof{claim, *behindRecords};
        proof.records.push_back(CertificateRecord{CertificateKey::of(canonical(root)), move});
        std::sort(proof.records.begin(), proof.records.end(), [](const auto& a, const auto& b) { return a.key < b.key; });
        return proof;
    };
    const CertificateVerdict bySwapping = check(writeProof(directory, withRootRecord(Move::swap()), "swap.cert"));
    CHECK(bySwapping.reason == "");
    CHECK(bySwapping.valid);
    CHECK(bySwapping.records == behindRecords->size() + 1);

    MoveList moves;
    game.generateMoves(canonical(root), moves);
    std::optional<Move> losing;
    for (const Move move : moves) {
        if (move.kind != MoveKind::Swap && reference.solve(game.applyMove(canonical(root), move)) == Value::Win) losing = move;
    }
    REQUIRE(losing);
    const CertificateVerdict wrong = check(writeProof(directory, withRootRecord(*losing), "wrong.cert"));
    CHECK_FALSE(wrong.valid);
    CHECK(wrong.move == moveName(game.geometry(), *losing));

    const CertificateVerdict surplus = check(writeProof(directory, Proof{claim, *behindRecords}, "surplus.cert"));
    CHECK_FALSE(surplus.valid);  // the rule proves the root, so nothing reaches the records behind it
    CHECK_THAT(surplus.reason, Catch::Contains("is not reached from the root"));
}

TEST_CASE("tampered certificates are rejected with the reason", "[certificate]") {
    TemporaryDirectory directory;
    const Proof proof = proveStart(GameKind::Konane, {5, 5}, Variant{});
    REQUIRE(proof.claim.rootValue == Value::Win);
    REQUIRE(proof.records.size() > 20);
    const KonaneGame game(BoardGeometry(5, 5));
    const BoardSymmetries symmetries(game.geometry());
    const CertificateKey rootKey = CertificateKey::of(symmetries.canonical(proof.claim.root, game.symmetryPermission(proof.claim.root)));

    SECTION("a winning move replaced by a losing one") {
        // The first record with a move that loses (at the root every opening wins).
        Proof tampered = proof;
        MemoizedNegamax reference(game);
        std::optional<Move> losing;
        for (CertificateRecord& record : tampered.records) {
            MoveList moves;
            game.generateMoves(record.key.position(), moves);
            for (const Move move : moves) {
                if (reference.solve(game.applyMove(record.key.position(), move)) == Value::Win) losing = move;
            }
            if (!losing) continue;
            record.move = *losing;
            break;
        }
        REQUIRE(losing);
        const CertificateVerdict verdict = check(writeProof(directory, tampered));
        CHECK_FALSE(verdict.valid);
        CHECK(verdict.move == moveName(game.geometry(), *losing));
        CHECK(verdict.record);
        CHECK_THAT(verdict.reason, Catch::Contains("record") && (Catch::Contains("not in the certificate") || Catch::Contains("lost for the winner")));
    }
    SECTION("a record removed") {
        Proof tampered = proof;
        const auto removed = std::find_if(tampered.records.begin(), tampered.records.end(), [&](const auto& record) { return record.key != rootKey; });
        const Position missing = removed->key.position();
        tampered.records.erase(removed);
        const CertificateVerdict verdict = check(writeProof(directory, tampered));
        CHECK_FALSE(verdict.valid);
        CHECK_THAT(verdict.reason, Catch::Contains(formatPosition(GameKind::Konane, game.geometry(), missing) + ") is not in the certificate"));
    }
    SECTION("the root's record removed") {
        Proof tampered = proof;
        std::erase_if(tampered.records, [&](const auto& record) { return record.key == rootKey; });
        const CertificateVerdict verdict = check(writeProof(directory, tampered));
        CHECK_FALSE(verdict.valid);
        CHECK_THAT(verdict.reason, Catch::StartsWith("root: the root") && Catch::Contains("is not in the certificate"));
    }
    SECTION("a record nothing reaches") {
        Proof tampered = proof;
        // A real winning position of the board, but not one this proof needs.
        Position surplus = proof.records.back().key.position();
        surplus.black &= surplus.black - 1;
        tampered.records.push_back(CertificateRecord{CertificateKey::of(surplus), proof.records.back().move});
        std::sort(tampered.records.begin(), tampered.records.end(), [](const auto& a, const auto& b) { return a.key < b.key; });
        const auto last = std::unique(tampered.records.begin(), tampered.records.end(), [](const auto& a, const auto& b) { return a.key == b.key; });
        tampered.records.erase(last, tampered.records.end());
        const CertificateVerdict verdict = check(writeProof(directory, tampered));
        CHECK_FALSE(verdict.valid);
        CHECK_THAT(verdict.reason, Catch::Contains("record"));
    }
    SECTION("a different root") {
        const Position other = parsePosition("konane BWBWB/WBWBW/BWBWB/WBWBW/BWBWB w").position;
        const CertificateVerdict verdict = check(writeProof(directory, proof), 2, other);
        CHECK_FALSE(verdict.valid);
        CHECK_THAT(verdict.reason, Catch::StartsWith("the certificate proves"));
    }
    SECTION("a wrong claimed value") {
        Proof tampered = proof;
        tampered.claim.rootValue = Value::Loss;
        const CertificateVerdict verdict = check(writeProof(directory, tampered));
        CHECK_FALSE(verdict.valid);
        CHECK_THAT(verdict.reason, Catch::StartsWith("root: after the reply"));
    }
    SECTION("damaged or foreign files are unreadable") {
        const std::string path = writeProof(directory, proof);
        const std::vector<char> original = testing::fileBytes(path);
        const auto unreadable = [&](std::vector<char> bytes, const std::string& reason) {
            testing::writeBytes(path, bytes);
            CHECK_THROWS_WITH(CertificateFile::open(path), Catch::Contains(reason));
        };
        std::vector<char> flipped = original;
        flipped[flipped.size() / 2] ^= 0x10;
        unreadable(flipped, "body checksum mismatch");
        unreadable(std::vector<char>(original.begin(), original.end() - 7), "truncated");
        unreadable(std::vector<char>(original.begin(), original.begin() + 50), "truncated");
        std::vector<char> header = original;
        header[32] ^= 1;  // the claimed value, without updating the header checksum
        unreadable(header, "header checksum mismatch");
        std::vector<char> version = original;
        version[8] = 2;
        unreadable(version, "format version 2 is not supported");
        std::vector<char> magic = original;
        magic[0] = 'X';
        unreadable(magic, "not a papamu certificate");
    }
}

TEST_CASE("the certificate writer keeps the old file until the new one is complete", "[certificate]") {
    TemporaryDirectory directory;
    const Proof proof = proveStart(GameKind::Unane, {3, 4}, Variant::parse("no-pie"));
    REQUIRE(proof.records.size() > 1);
    const std::string path = writeProof(directory, proof);
    const std::vector<char> before = testing::fileBytes(path);
    {
        CertificateFileWriter writer(path, proof.claim);
        writer.add(proof.records.front());
        CHECK_THROWS_AS(writer.add(proof.records.front()), std::logic_error);  // out of order
    }  // abandoned without finish()
    CHECK(testing::fileBytes(path) == before);
    CHECK_FALSE(std::filesystem::exists(path + ".tmp"));
    CHECK(check(path).valid);
}

}  // namespace
}  // namespace papamu
