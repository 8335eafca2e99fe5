#pragma once
// The subcommands of `papamu`. Each lives in its own command_*.cpp and takes (argc, argv) with
// argv[0] the subcommand name; each returns an exit code of cli::ExitCode.
namespace papamu::cli {

struct Command {
    const char* name;
    const char* summary;
    int (*run)(int argc, char** argv);
};

int runStart(int argc, char** argv);
int runShow(int argc, char** argv);
int runMoves(int argc, char** argv);
int runPlay(int argc, char** argv);
int runPerft(int argc, char** argv);

}  // namespace papamu::cli
