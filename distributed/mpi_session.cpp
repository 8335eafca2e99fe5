#include "distributed/mpi_session.hpp"

#include <mpi.h>

#include <stdexcept>

namespace papamu::distributed {

MpiSession::MpiSession(int& argc, char**& argv) {
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    // Errors in MPI calls end the job (the default handler); a lost rank must not leave the others waiting.
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    MPI_Comm local = MPI_COMM_NULL;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &local);
    MPI_Comm_size(local, &localSize_);
    MPI_Comm_free(&local);
    if (provided < MPI_THREAD_FUNNELED) {
        MPI_Finalize();
        throw std::runtime_error("the MPI library does not support threads (MPI_THREAD_FUNNELED)");
    }
}

MpiSession::~MpiSession() { MPI_Finalize(); }

std::string MpiSession::agree(const std::string& failure) const {
    int mine = failure.empty() ? size_ : rank_;
    int first = size_;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (first == size_) return {};
    std::vector<unsigned char> text(failure.begin(), failure.end());
    broadcast(text, first);
    return "rank " + std::to_string(first) + ": " + std::string(text.begin(), text.end());
}

void MpiSession::broadcast(std::vector<unsigned char>& bytes, int root) const {
    unsigned long long length = bytes.size();
    MPI_Bcast(&length, 1, MPI_UNSIGNED_LONG_LONG, root, MPI_COMM_WORLD);
    bytes.resize(length);
    if (length > 0) MPI_Bcast(bytes.data(), static_cast<int>(length), MPI_UNSIGNED_CHAR, root, MPI_COMM_WORLD);
}

}  // namespace papamu::distributed
