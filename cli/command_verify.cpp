// verify: check a claimed winning line, or every puzzle of a file (puzzles/README.md).
#include <iostream>

#include "cli/certificate_options.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "puzzles/puzzle_checker.hpp"
#include "puzzles/puzzle_files.hpp"
#include "rules/notation.hpp"

namespace papamu::cli {

namespace {

int verifyClaim(const ParsedArguments& arguments, PuzzleChecker& checker) {
    if (arguments.positional.size() < 2) throw std::invalid_argument("expected POSITION MOVE... (see papamu verify --help)");
    const GameSelection selection = selectPosition(arguments.positional.front(), variantFrom(arguments));
    const BoardGeometry geometry(selection.size.rows, selection.size.columns);
    const std::vector<std::string> moves(arguments.positional.begin() + 1, arguments.positional.end());
    // Text that is not a move at all is bad input; a well-formed move that is illegal rejects the claim.
    for (std::size_t index = 0; index < moves.size(); ++index) {
        try {
            parseMoveText(geometry, moves[index]);
        } catch (const std::invalid_argument& error) {
            throw std::invalid_argument("move " + std::to_string(index + 1) + ": " + error.what());
        }
    }
    const LineCheck check = checker.checkClaim(selection.kind, selection.size, selection.variant, selection.position, moves,
                                               Uniqueness::None, false);
    if (!check.valid) {
        std::cout << check.reason << "\n";
        return kNegative;
    }
    std::cout << (check.complete ? "valid" : "valid (line incomplete: " + check.continuation + ")") << "\n";
    return kSuccess;
}

int verifyPuzzleFile(const std::string& path, const ParsedArguments& arguments, PuzzleChecker& checker) {
    const std::vector<PuzzleRecord> records = readPuzzleFile(path, variantFrom(arguments));
    if (records.empty()) throw std::invalid_argument(path + " holds no puzzles");
    int invalid = 0;
    for (const PuzzleRecord& record : records) {
        std::optional<std::string> problem;
        if (!record.puzzle) {
            problem = "malformed: " + record.error;
        } else {
            problem = checker.checkPuzzle(*record.puzzle);
        }
        if (problem) {
            ++invalid;
            std::cout << "line " << record.line << (record.puzzle ? " (" + record.puzzle->id + ")" : "") << ": " << *problem << "\n";
        }
    }
    std::cout << path << ": " << records.size() << " puzzles, " << records.size() - static_cast<std::size_t>(invalid)
              << " valid, " << invalid << " invalid\n";
    return invalid == 0 ? kSuccess : kNegative;
}

}  // namespace

int runVerify(int argc, char** argv) {
    return guardedRun("verify", [&]() -> int {
        options::options_description described("verify options");
        described.add_options()
            ("puzzles", options::value<std::string>(), "check every puzzle of a JSONL or CSV file")
            ("tb", options::value<std::string>(), "table root or directory for the outcomes (exact search otherwise)")
            ("certificate", options::value<std::string>(), "check a proof certificate (written by solve --certificate) with the rules alone")
            ("threads", options::value<int>()->default_value(2), "--certificate: checking threads");
        addJsonOption(described);
        addVariantOption(described);
        const ParsedArguments arguments = parseArguments(
            argc, argv,
            "papamu verify POSITION MOVE... [--tb DIR] [--variant V]\n"
            "       papamu verify --puzzles FILE [--tb DIR] [--variant V]\n"
            "       papamu verify --certificate FILE [GAME RxC | POSITION] [--threads N] [--json]\n\n"
            "A certificate is valid (exit 0) when every recorded winning move and every reply to it leads,\n"
            "by the rules alone, to a recorded position or a finished win; invalid (exit 1) names the\n"
            "first failing position, its move and why; an unreadable certificate exits 2.\n"
            "A claim is 'the side to move wins with this line'. Prints 'valid' (exit 0) or the first\n"
            "faulty move with the reason and a refutation (exit 1); bad input exits 2.",
            described);
        if (arguments.helpShown) return kSuccess;
        if (arguments.values.count("certificate")) {
            const int threads = arguments.values["threads"].as<int>();
            if (threads < 1 || threads > 256) throw std::invalid_argument("--threads must be from 1 to 256");
            if (arguments.values.count("puzzles") || arguments.values.count("tb")) {
                throw std::invalid_argument("--certificate is checked with the rules alone: it takes no --puzzles or --tb");
            }
            return verifyCertificate(arguments.values["certificate"].as<std::string>(), arguments.positional, variantFrom(arguments),
                                     jsonRequested(arguments), threads);
        }
        PuzzleChecker checker(arguments.values.count("tb") ? std::optional<std::string>(arguments.values["tb"].as<std::string>())
                                                           : std::nullopt);
        if (arguments.values.count("puzzles")) {
            if (!arguments.positional.empty()) throw std::invalid_argument("--puzzles takes no POSITION or MOVE arguments");
            return verifyPuzzleFile(arguments.values["puzzles"].as<std::string>(), arguments, checker);
        }
        return verifyClaim(arguments, checker);
    });
}

}  // namespace papamu::cli
