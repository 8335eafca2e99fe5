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
int runPuzzles(int argc, char** argv);
int runVerify(int argc, char** argv);
int runSolve(int argc, char** argv);
int runBench(int argc, char** argv);
int runBuild(int argc, char** argv);
int runProbe(int argc, char** argv);
int runTableVerify(int argc, char** argv);
// `papamu serve`: hands the process over to papamu-serve, next to this program (serve_program.cpp).
int runServeProgram(int argc, char** argv);
// papamu-serve's command itself (command_serve.cpp, compiled into papamu-serve alone).
int runServe(int argc, char** argv);
int runCheckpoint(int argc, char** argv);

}  // namespace papamu::cli
