// verify: check a claimed winning line, every puzzle of a file (puzzles/README.md), or one claim
// per line of standard input (`verify -`, one JSON line out per claim).
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/certificate_options.hpp"
#include "cli/command_line.hpp"
#include "cli/option_ranges.hpp"
#include "cli/commands.hpp"
#include "cli/puzzle_io.hpp"
#include "json/game_json.hpp"
#include "puzzles/puzzle_checker.hpp"
#include "rules/notation.hpp"

namespace papamu::cli {

namespace {

const char* const kVerifyUsage =
    "papamu verify POSITION MOVE... [--tb DIR] [--variant V] [--json]\n"
    "       papamu verify - [--tb DIR] [--variant V]        (one 'POSITION MOVE...' per line of standard input)\n"
    "       papamu verify --puzzles FILE|- [--tb DIR] [--variant V] [--json]\n"
    "       papamu verify --certificate FILE [GAME RxC | POSITION] [--threads N] [--json]\n\n"
    "A certificate is valid (exit 0) when every recorded winning move and every reply to it leads,\n"
    "by the rules alone, to a recorded position or a finished win; invalid (exit 1) names the\n"
    "first failing position, its move and why; an unreadable certificate exits 2.\n"
    "A claim is 'the side to move wins with this line'. Prints 'valid' (exit 0) or the first\n"
    "faulty move with the reason and a refutation (exit 1). A puzzle file: exit 0 when every\n"
    "puzzle is valid, 1 when one is not; a record that can not be read is bad input (exit 2).\n"
    "--variant applies to records without a variant and must agree with those that have one.\n"
    "'verify -' prints one JSON line per claim (a line that is not a claim gets {\"input\", \"error\"}).";

struct Claim {
    GameSelection selection;
    std::vector<std::string> moves;
};

// Text that is not a move at all is bad input; a well-formed move that is illegal rejects the claim.
Claim claimFrom(const std::string& positionText, std::vector<std::string> moves, const Variant& variant) {
    Claim claim{selectPosition(positionText, variant), std::move(moves)};
    if (claim.moves.empty()) throw std::invalid_argument("expected POSITION MOVE... (no moves given)");
    const BoardGeometry geometry(claim.selection.size.rows, claim.selection.size.columns);
    for (std::size_t index = 0; index < claim.moves.size(); ++index) {
        try {
            parseMoveText(geometry, claim.moves[index]);
        } catch (const std::invalid_argument& error) {
            throw std::invalid_argument("move " + std::to_string(index + 1) + ": " + error.what());
        }
    }
    return claim;
}

// A line of `verify -`: the position's fields (GAME ROWS SIDE, then "swap" when it is on offer),
// then the moves. A "swap" right after SIDE belongs to the position: a swap move is legal only
// where the position offers it, so the line is never ambiguous.
Claim claimFromLine(const std::string& line, const Variant& variant) {
    std::istringstream words(line);
    std::vector<std::string> fields;
    for (std::string word; words >> word;) fields.push_back(word);
    if (fields.size() < 3) throw std::invalid_argument("expected POSITION MOVE... on the line");
    std::size_t positionFields = fields.size() > 3 && fields[3] == "swap" ? 4 : 3;
    std::string positionText;
    for (std::size_t index = 0; index < positionFields; ++index) {
        if (index) positionText += ' ';
        positionText += fields[index];
    }
    return claimFrom(positionText, std::vector<std::string>(fields.begin() + static_cast<long>(positionFields), fields.end()), variant);
}

nlohmann::ordered_json claimJson(const Claim& claim, const LineCheck& check) {
    nlohmann::ordered_json json = positionJson(claim.selection.inGame());
    json["moves"] = claim.moves;
    json["valid"] = check.valid;
    json["complete"] = check.complete;
    if (!check.valid) json["reason"] = check.reason;
    if (check.valid && !check.complete) json["continuation"] = check.continuation;
    return json;
}

LineCheck checkClaim(PuzzleChecker& checker, const Claim& claim) {
    const GameSelection& selection = claim.selection;
    return checker.checkClaim(selection.kind, selection.size, selection.variant, selection.position, claim.moves, Uniqueness::None,
                              false);
}

int verifyClaim(const ParsedArguments& arguments, PuzzleChecker& checker) {
    if (arguments.positional.size() < 2) throw std::invalid_argument("expected POSITION MOVE... (see papamu verify --help)");
    const Claim claim = claimFrom(positionText(arguments.positional.front()),
                                  std::vector<std::string>(arguments.positional.begin() + 1, arguments.positional.end()),
                                  variantFrom(arguments));
    const LineCheck check = checkClaim(checker, claim);
    if (jsonRequested(arguments)) {
        std::cout << claimJson(claim, check).dump() << "\n";
    } else if (!check.valid) {
        std::cout << check.reason << "\n";
    } else {
        std::cout << (check.complete ? "valid" : "valid (line incomplete: " + check.continuation + ")") << "\n";
    }
    return check.valid ? kSuccess : kNegative;
}

int verifyBatch(const ParsedArguments& arguments, PuzzleChecker& checker) {
    int worst = kSuccess;
    for (std::string line; std::getline(std::cin, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        try {
            const Claim claim = claimFromLine(line, variantFrom(arguments));
            const LineCheck check = checkClaim(checker, claim);
            std::cout << claimJson(claim, check).dump() << "\n" << std::flush;
            if (!check.valid) worst = std::max<int>(worst, kNegative);
        } catch (const std::invalid_argument& error) {
            std::cout << nlohmann::ordered_json{{"input", line}, {"error", error.what()}}.dump() << "\n" << std::flush;
            worst = kBadInput;
        }
    }
    return worst;
}

int verifyPuzzleFile(const std::string& path, const ParsedArguments& arguments, PuzzleChecker& checker) {
    const std::vector<PuzzleRecord> records = readPuzzleInput(path, variantFrom(arguments), !arguments.values["variant"].defaulted());
    nlohmann::ordered_json problems = nlohmann::ordered_json::array();
    for (const PuzzleRecord& record : records) {
        const std::optional<std::string> problem = record.puzzle ? checker.checkPuzzle(*record.puzzle) : "malformed: " + record.error;
        if (!problem) continue;
        nlohmann::ordered_json entry{{"line", record.line}};
        if (record.puzzle) entry["id"] = record.puzzle->id;
        entry["problem"] = *problem;
        problems.push_back(entry);
        if (!jsonRequested(arguments)) {
            std::cout << "line " << record.line << (record.puzzle ? " (" + record.puzzle->id + ")" : "") << ": " << *problem << "\n";
        }
    }
    const std::size_t invalid = problems.size();
    const std::string name = path == "-" ? "standard input" : path;
    if (jsonRequested(arguments)) {
        std::cout << nlohmann::ordered_json{{"file", name}, {"puzzles", records.size()}, {"valid", records.size() - invalid},
                                            {"invalid", invalid}, {"problems", problems}}
                         .dump()
                  << "\n";
    } else {
        std::cout << name << ": " << records.size() << " puzzles, " << records.size() - invalid << " valid, " << invalid
                  << " invalid\n";
    }
    return invalid == 0 ? kSuccess : kNegative;
}

}  // namespace

int runVerify(int argc, char** argv) {
    return guardedRun("verify", [&]() -> int {
        options::options_description described("verify options");
        described.add_options()
            ("puzzles", options::value<std::string>(), "check every puzzle of a JSONL or CSV file ('-': standard input)")
            ("tb", options::value<std::string>(), "table root or directory for the outcomes (exact search otherwise)")
            ("certificate", options::value<std::string>(), "check a proof certificate (written by solve --certificate) with the rules alone");
        addIntegerOption(described, "threads", "2", "--certificate: checking threads");
        addVariantOption(described);
        addJsonOption(described);
        const ParsedArguments arguments = parseArguments(argc, argv, kVerifyUsage, described);
        if (arguments.helpShown) return kSuccess;
        const int threads = static_cast<int>(integerOption(arguments, "threads", 2));
        if (arguments.values.count("certificate")) {
            if (arguments.values.count("puzzles") || arguments.values.count("tb")) {
                throw std::invalid_argument("--certificate is checked with the rules alone: it takes no --puzzles or --tb");
            }
            return verifyCertificate(arguments.values["certificate"].as<std::string>(), arguments.positional, variantFrom(arguments),
                                     jsonRequested(arguments), threads);
        }
        if (!arguments.values["threads"].defaulted()) throw std::invalid_argument("--threads applies to --certificate only");
        PuzzleChecker checker(arguments.values.count("tb") ? std::optional<std::string>(arguments.values["tb"].as<std::string>())
                                                           : std::nullopt);
        if (arguments.values.count("puzzles")) {
            if (!arguments.positional.empty()) throw std::invalid_argument("--puzzles takes no POSITION or MOVE arguments");
            return verifyPuzzleFile(arguments.values["puzzles"].as<std::string>(), arguments, checker);
        }
        if (arguments.positional.size() == 1 && arguments.positional[0] == "-") {
            return verifyBatch(arguments, checker);
        }
        return verifyClaim(arguments, checker);
    });
}

}  // namespace papamu::cli
