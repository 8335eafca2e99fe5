#pragma once
// The process's part in an MPI job (Open MPI): started once in main, finalized at scope exit.
// Only the main thread calls MPI (MPI_THREAD_FUNNELED); oneTBB threads do the solving in between.
// Every collective here is called by all ranks in the same order, which is what lets a failure
// on one rank end the job on all of them with one message instead of a hang.
#include <string>
#include <vector>

namespace papamu::distributed {

class MpiSession {
public:
    MpiSession(int& argc, char**& argv);
    ~MpiSession();
    MpiSession(const MpiSession&) = delete;
    MpiSession& operator=(const MpiSession&) = delete;

    int rank() const { return rank_; }
    int size() const { return size_; }
    // Ranks of this job on this machine (they share its cores and memory).
    int localSize() const { return localSize_; }

    // The global agreement after each step: every rank says whether its part succeeded (with
    // the reason when not); all ranks get "" when all succeeded, else the lowest failing rank's
    // reason prefixed with "rank N: ".
    std::string agree(const std::string& failure) const;
    // The root's bytes on every rank.
    void broadcast(std::vector<unsigned char>& bytes, int root) const;

private:
    int rank_ = 0;
    int size_ = 1;
    int localSize_ = 1;
};

}  // namespace papamu::distributed
