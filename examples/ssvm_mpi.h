/* examples/ssvm_mpi.h: MPI as structsvm.h's collective (config.dist; MANUAL: DISTRIBUTED TRAINING). Public domain,
   like the library. The library never links MPI: this file is for the programs that do (build with mpicc; Debian:
   openmpi-bin, libopenmpi-dev). Include after structsvm.h and <mpi.h>.

       MPI_Init(&argc, &argv);
       ssvm_mpi mc;
       ssvm_mpi_init(&mc, MPI_COMM_WORLD, SSVM_MPI_ROOT);
       ssvm_problem shard = ...;                   // this rank's examples (ssvm_shard_range, ssvm_problem_shard)
       ssvm_solver_config c = ssvm_solver_config_init(&shard, SSVM_BCFW);
       ssvm_mpi_dist(&mc, &c.dist);                // allreduce, user, rank, size
       ... ssvm_train(&c, w, sizeof w, &final) on every rank: the same w on all ...
       ssvm_mpi_uninit(&mc);
       MPI_Finalize();

   Three ways to sum, all giving every rank the same bits (the library's requirement):
     SSVM_MPI_ROOT     MPI_Reduce to rank 0, then MPI_Bcast of its result (default). Every rank gets rank 0's bits
                       whatever the MPI's reduction algorithm; about the traffic of one MPI_Allreduce.
     SSVM_MPI_ORDERED  MPI_Gather to rank 0, the sum there in rank order, then MPI_Bcast: the same bits from run to
                       run and as examples/ssvm_loopback.h's (K ranks in one process), for bit-reproducible runs; rank 0
                       holds K x count doubles (K x (d + 4) for the library's largest call).
     SSVM_MPI_FAST     MPI_Allreduce alone: only where your MPI promises every rank the same bits (OpenMPI's and
                       MPICH's defaults sum in an order that can differ between ranks for some sizes: check yours).
   A failed MPI call returns -1 from the hook (with MPI_ERRORS_RETURN set on the communicator; under MPI's default
   handler MPI_ERRORS_ARE_FATAL the job aborts instead). MPI defines no state after an error: a call that fails on
   some ranks only (MPI_ERRORS_RETURN) can leave the others waiting in the next one (ROOT and ORDERED make two calls
   an allreduce), so keep MPI_ERRORS_ARE_FATAL unless your MPI offers fault tolerance (ULFM). The scratch's size is
   agreed on every rank (rank 0's malloc failing fails all). Counts above INT_MAX are sent in pieces. */
#ifndef SSVM_MPI_H
#define SSVM_MPI_H
#if defined(__GNUC__) || defined(__clang__)
#define SSVM_MPI__FN static __attribute__((unused)) /* a program may use only some */
#else
#define SSVM_MPI__FN static
#endif
#include <limits.h>
#include <stdlib.h>

typedef enum ssvm_mpi_mode { SSVM_MPI_ROOT = 0, SSVM_MPI_ORDERED = 1, SSVM_MPI_FAST = 2 } ssvm_mpi_mode;
typedef struct ssvm_mpi {
    MPI_Comm comm;
    ssvm_mpi_mode mode;
    int rank, size;
    double *scratch;        /* ROOT: count doubles (rank 0); ORDERED: size x count doubles (rank 0) */
    size_t cap;             /* doubles the scratch holds: grows the same way on every rank (all call with one count) */
    long long calls, doubles; /* allreduces so far, and the doubles each rank sent */
} ssvm_mpi;

SSVM_MPI__FN int ssvm_mpi_init(ssvm_mpi *m, MPI_Comm comm, ssvm_mpi_mode mode) {
    m->comm = comm; m->mode = mode; m->scratch = 0; m->cap = 0; m->calls = 0; m->doubles = 0;
    if (MPI_Comm_rank(comm, &m->rank) != MPI_SUCCESS || MPI_Comm_size(comm, &m->size) != MPI_SUCCESS) return -1;
    return 0;
}
SSVM_MPI__FN void ssvm_mpi_uninit(ssvm_mpi *m) { free(m->scratch); m->scratch = 0; m->cap = 0; }
/* the scratch for count doubles (ROOT) or size x count (ORDERED) on rank 0; every rank takes part in the agreement
   (rank 0's malloc may fail: then every rank returns -1) */
SSVM_MPI__FN int ssvm_mpi__room(ssvm_mpi *m, size_t count) {
    size_t need = count;
    int ok = 1;
    if (count > ((size_t)-1) / sizeof(double) / (size_t)(m->size > 0 ? m->size : 1)) ok = 0; /* before any product */
    else if (m->mode == SSVM_MPI_ORDERED) need = count * (size_t)m->size;
    if (ok && need <= m->cap) return 0;
    if (ok && m->rank == 0) {
        double *p = (double *)realloc(m->scratch, need * sizeof(double));
        if (p) m->scratch = p; else ok = 0;
    }
    if (MPI_Bcast(&ok, 1, MPI_INT, 0, m->comm) != MPI_SUCCESS || !ok) return -1;
    m->cap = need;
    return 0;
}
/* ssvm_allreduce_fn: user is the ssvm_mpi */
SSVM_MPI__FN int ssvm_mpi_allreduce(void *user, double *buf, size_t count) {
    ssvm_mpi *m = (ssvm_mpi *)user;
    size_t off = 0, piece, j;
    int k;
    m->calls++; m->doubles += (long long)count;
    if (m->mode == SSVM_MPI_FAST) {
        for (; off < count; off += piece) {
            piece = count - off < (size_t)INT_MAX ? count - off : (size_t)INT_MAX;
            if (MPI_Allreduce(MPI_IN_PLACE, buf + off, (int)piece, MPI_DOUBLE, MPI_SUM, m->comm) != MPI_SUCCESS) return -1;
        }
        return 0;
    }
    if (ssvm_mpi__room(m, count < (size_t)INT_MAX ? count : (size_t)INT_MAX) != 0) return -1;
    for (; off < count; off += piece) {
        piece = count - off < (size_t)INT_MAX ? count - off : (size_t)INT_MAX;
        if (m->mode == SSVM_MPI_ROOT) {
            if (MPI_Reduce(buf + off, m->rank == 0 ? m->scratch : 0, (int)piece, MPI_DOUBLE, MPI_SUM, 0, m->comm) !=
                MPI_SUCCESS) return -1;
            if (m->rank == 0) for (j = 0; j < piece; j++) buf[off + j] = m->scratch[j];
        } else {
            if (MPI_Gather(buf + off, (int)piece, MPI_DOUBLE, m->rank == 0 ? m->scratch : 0, (int)piece, MPI_DOUBLE, 0,
                           m->comm) != MPI_SUCCESS) return -1;
            if (m->rank == 0)
                for (j = 0; j < piece; j++) { /* rank order, as examples/ssvm_loopback.h */
                    double v = m->scratch[j];
                    for (k = 1; k < m->size; k++) v += m->scratch[(size_t)k * piece + j];
                    buf[off + j] = v;
                }
        }
        if (MPI_Bcast(buf + off, (int)piece, MPI_DOUBLE, 0, m->comm) != MPI_SUCCESS) return -1;
    }
    return 0;
}
/* config.dist for this communicator */
SSVM_MPI__FN void ssvm_mpi_dist(ssvm_mpi *m, ssvm_dist_config *d) {
    d->allreduce = ssvm_mpi_allreduce; d->user = m; d->rank = m->rank; d->size = m->size;
}
#endif /* SSVM_MPI_H */
