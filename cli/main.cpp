// papamu: solve Kōnane and Ūnane boards, probe win/loss tables, make and verify puzzles.
#include <array>
#include <cstring>
#include <iostream>
#include <string_view>

#include "cli/build_commit.hpp"
#include "cli/commands.hpp"

namespace {

using papamu::cli::Command;

constexpr std::array kCommands{
    Command{"start", "print the start position of a board", papamu::cli::runStart},
    Command{"show", "draw a position with coordinates", papamu::cli::runShow},
    Command{"moves", "list the legal moves of a position", papamu::cli::runMoves},
    Command{"play", "apply moves to a position and print the result", papamu::cli::runPlay},
    Command{"perft", "count move sequences of a given length", papamu::cli::runPerft},
    Command{"puzzles", "make puzzle sets with unique solutions", papamu::cli::runPuzzles},
    Command{"verify", "check a claimed winning line or a puzzle file", papamu::cli::runVerify},
    Command{"solve", "prove who wins a board or a position (proof-number search)", papamu::cli::runSolve},
    Command{"bench", "solve a fixed set of boards: node-count signature and speed", papamu::cli::runBench},
    Command{"build", "build win/loss tables of a board", papamu::cli::runBuild},
    Command{"probe", "look up a position and its moves in the tables", papamu::cli::runProbe},
    Command{"tb-verify", "check tables on disk and re-solve a sample", papamu::cli::runTableVerify},
    Command{"checkpoint", "inspect a solve's checkpoint, or compact it to a size to keep", papamu::cli::runCheckpoint},
    Command{"serve", "the local web explorer: positions, tables, puzzles", papamu::cli::runServeProgram},
};

void printUsage(std::ostream& out) {
    out << "usage: papamu COMMAND [ARGUMENTS] [--help]\n\ncommands:\n";
    for (const Command& command : kCommands) {
        out << "  " << command.name << std::string(12 - std::strlen(command.name), ' ') << command.summary << "\n";
    }
    out << "\nPositions are written as in RULES.md, e.g. 'konane WBWB/BWBW/WBWB/BWBW b'.\n"
           "'papamu help COMMAND' is 'papamu COMMAND --help'; '-' reads a POSITION (or a batch) from\n"
           "standard input, or writes a file to standard output.\n"
           "Exit codes: 0 success, 1 a negative answer, 2 bad input (arguments, files named),\n"
           "3 internal error (a bug or an allocation failure; the message says \"internal error\").\n";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        printUsage(std::cerr);
        return 2;
    }
    const std::string_view name = argv[1];
    if (name == "help" && argc >= 3) {
        // `papamu help CMD` is `papamu CMD --help`.
        for (const Command& command : kCommands) {
            if (std::string_view(argv[2]) == command.name) {
                char helpFlag[] = "--help";
                char* arguments[] = {argv[2], helpFlag, nullptr};
                return command.run(2, arguments);
            }
        }
        std::cerr << "papamu: error: unknown command '" << argv[2] << "' (see papamu --help)\n";
        return 2;
    }
    if (name == "--help" || name == "-h" || name == "help") {
        printUsage(std::cout);
        return 0;
    }
    if (name == "--version") {
        std::cout << "papamu " << PAPAMU_VERSION << " (" << papamu::buildCommit() << ")\n";
        return 0;
    }
    for (const Command& command : kCommands) {
        if (name == command.name) return command.run(argc - 1, argv + 1);
    }
    std::cerr << "papamu: error: unknown command '" << name << "' (see papamu --help)\n";
    return 2;
}
