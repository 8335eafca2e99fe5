// papamu-serve: the web explorer as a program of its own, what `papamu serve` runs
// (cli/CMakeLists.txt says why). Its arguments are those of `papamu serve`.
#include "cli/commands.hpp"

int main(int argc, char** argv) {
    return papamu::cli::runServe(argc, argv);
}
