#include "cli/process_usage.hpp"

#include <sys/resource.h>

namespace papamu::cli {

namespace {

rusage usageSoFar() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage;
}

}  // namespace

double processorSeconds() {
    const rusage usage = usageSoFar();
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           1e-6 * static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

long peakResidentKiB() { return usageSoFar().ru_maxrss; }

double peakMegabytes() { return static_cast<double>(peakResidentKiB()) / 1024.0; }

}  // namespace papamu::cli
