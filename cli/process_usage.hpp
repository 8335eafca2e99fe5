#pragma once
// What this process has used so far (getrusage(RUSAGE_SELF)), for the figures a command reports.

namespace papamu::cli {

double processorSeconds();  // user + system CPU seconds
long peakResidentKiB();     // peak resident memory in KiB (Linux's ru_maxrss)
double peakMegabytes();     // the same in MiB

}  // namespace papamu::cli
