// serve: the web explorer is papamu-serve, built beside papamu (cli/CMakeLists.txt says why);
// `papamu serve ARGUMENTS` becomes that program with the same arguments and the same process
// (so the same pid, signals and exit status).
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"

namespace papamu::cli {

namespace {

// papamu-serve in the folder of the running papamu (as the kernel names it, links resolved).
std::filesystem::path serveProgramPath() {
    std::error_code error;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
    return (error ? std::filesystem::path() : self.parent_path()) / "papamu-serve";
}

}  // namespace

int runServeProgram(int argc, char** argv) {
    const std::filesystem::path program = serveProgramPath();
    std::string name = "papamu-serve";
    std::vector<char*> arguments{name.data()};
    for (int index = 1; index < argc; ++index) arguments.push_back(argv[index]);
    arguments.push_back(nullptr);
    std::cout.flush();
    ::execv(program.c_str(), arguments.data());
    const int failure = errno;  // execv returns only when it failed
    std::cerr << "papamu serve: internal error: cannot start the explorer program " << program.string() << ": "
              << std::strerror(failure) << " (it is built beside papamu: cmake --build BUILD --target papamu-serve)\n";
    return kInternalError;  // an installation without papamu-serve, not the user's input
}

}  // namespace papamu::cli
