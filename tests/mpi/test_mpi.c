/* tests/mpi/test_mpi.c (a folder of its own: the compile matrix builds every C file in tests/ without mpi.h): distributed training under real MPI ranks (make test-mpi: mpirun -np 2 and -np 4; built with mpicc;
   skipped with the reason where MPI is not installed). Every rank holds the same random multiclass problem and
   trains on its shard (ssvm_problem_shard) through examples/ssvm_mpi.h:
   - batch FW over the ranks equals one process to rounding, in each of the three modes;
   - SSVM_MPI_ORDERED gives the bits of examples/ssvm_loopback.h (K threads in this process, rank-order sums);
   - CoCoA+ BCFW reaches one process's certified gap, the same w on every rank;
   - an oracle failing on rank 1: its code there, SSVM_ERR_PEER on the others (no rank waits);
   - a rank that disagrees (lambda): SSVM_ERR_COLLECTIVE on every rank;
   - checkpoints per rank (files) resume the run bit for bit.
   Rank 0 prints; a test fails when it fails on any rank. */
#define _POSIX_C_SOURCE 200809L
#define STRUCTSVM_IMPLEMENTATION
#include "../../structsvm.h"
#include <mpi.h>
#include "../harness.h"
#include "../tchain.h"
#include "../../examples/ssvm_mpi.h"
#include "../../examples/ssvm_loopback.h"

#define MN 120
#define MF 6
#define MK 5
static ssvm_real g_x[MN * MF];
static int g_lab[MN];
static ssvm_multiclass g_m;
static ssvm_problem g_p;
static int g_rank, g_size;

/* every rank's verdict: 1 when ok on all ranks */
static int all_ok(int ok) {
    int all = 0;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return all;
}
/* 1 when every rank's w has rank 0's bits */
static int same_everywhere(const ssvm_real *w, int d) {
    ssvm_real *w0 = (ssvm_real *)malloc((size_t)d * sizeof(ssvm_real));
    int ok;
    memcpy(w0, w, (size_t)d * sizeof(ssvm_real));
    MPI_Bcast(w0, (int)((size_t)d * sizeof(ssvm_real)), MPI_BYTE, 0, MPI_COMM_WORLD);
    ok = memcmp(w0, w, (size_t)d * sizeof(ssvm_real)) == 0;
    free(w0);
    return all_ok(ok);
}
static ssvm_result train(ssvm_solver_config *c, ssvm_real *w, size_t wb, ssvm_progress *pr) {
    ssvm_solver s;
    ssvm_result r = ssvm_solver_init(c, &s);
    if (r != SSVM_OK) return r;
    r = ssvm_solver_run(&s);
    ssvm_solver_progress(&s, pr);
    if (r >= 0) ssvm_solver_weights(&s, SSVM_W_BEST, w, wb);
    ssvm_solver_uninit(&s);
    return r;
}
static double rel_diff(const ssvm_real *a, const ssvm_real *b, int d) {
    double m = 0, s = 0;
    int j;
    for (j = 0; j < d; j++) {
        double e = fabs((double)a[j] - (double)b[j]);
        if (e > m) m = e;
        if (fabs((double)b[j]) > s) s = fabs((double)b[j]);
    }
    return m / (s > 1 ? s : 1);
}
static ssvm_shard g_sh;
static ssvm_problem g_shard;
static void make_shard(void) {
    int f = 0, c = 0;
    ssvm_shard_range(MN, g_rank, g_size, &f, &c);
    ssvm_problem_shard(&g_p, f, c, &g_sh, &g_shard);
}

static void test_mpi_fw_modes(th_ctx *t) {
    ssvm_real w1[MK * MF], wk[MK * MF];
    ssvm_progress p1, pk;
    ssvm_solver_config one = ssvm_solver_config_init(&g_p, SSVM_FW), c;
    int mode;
    double tol = IS_FLOAT_BUILD ? 2e-4 : 1e-9;
    one.lambda = 0.02; one.max_passes = 10; one.gap_tol = 0;
    TH_CHECK(t, train(&one, w1, sizeof w1, &p1) == SSVM_MAX_PASSES);
    for (mode = 0; mode < 3; mode++) {
        ssvm_mpi mc;
        ssvm_result r;
        TH_CHECK(t, ssvm_mpi_init(&mc, MPI_COMM_WORLD, (ssvm_mpi_mode)mode) == 0);
        c = one; c.problem = &g_shard;
        ssvm_mpi_dist(&mc, &c.dist);
        r = train(&c, wk, sizeof wk, &pk);
        TH_CHECKF(t, all_ok(r == SSVM_MAX_PASSES), "mode %d: %d", mode, r);
        TH_CHECKF(t, all_ok(rel_diff(wk, w1, g_p.d) <= tol), "mode %d: w differs from one process by %g", mode,
                  rel_diff(wk, w1, g_p.d));
        TH_CHECKF(t, same_everywhere(wk, g_p.d), "mode %d: the ranks' w differ", mode);
        TH_CHECK(t, all_ok(fabs(pk.iterate.gap - p1.iterate.gap) <= 10 * tol * (fabs(p1.iterate.gap) + 1)));
        TH_CHECK(t, mc.calls > 0);
        ssvm_mpi_uninit(&mc);
    }
}

/* ORDERED = the loopback's bits: rank 0 runs the K-thread loopback of the same job and compares */
typedef struct lbjob { ssvm_loopback lb; ssvm_solver_config base; ssvm_real w[MK * MF]; ssvm_result r; } lbjob;
static void lb_rank(void *arg, int rank) {
    lbjob *j = (lbjob *)arg;
    ssvm_shard sh;
    ssvm_problem p;
    ssvm_solver_config c = j->base;
    ssvm_progress pr;
    ssvm_real w[MK * MF];
    int f = 0, n = 0;
    ssvm_result r;
    ssvm_shard_range(MN, rank, j->lb.size, &f, &n);
    ssvm_problem_shard(&g_p, f, n, &sh, &p);
    c.problem = &p;
    c.dist.allreduce = ssvm_loopback_allreduce; c.dist.user = &j->lb.ranks[rank];
    c.dist.rank = rank; c.dist.size = j->lb.size;
    r = train(&c, w, sizeof w, &pr);
    if (rank == 0) { j->r = r; memcpy(j->w, w, sizeof w); }
}
static void test_mpi_ordered_is_loopback(th_ctx *t) {
    static const ssvm_solver_kind kinds[] = {SSVM_BCFW, SSVM_FW, SSVM_CUTTING_PLANE};
    int q;
    for (q = 0; q < 3; q++) {
        ssvm_mpi mc;
        ssvm_real wk[MK * MF];
        ssvm_progress pk;
        ssvm_solver_config c = ssvm_solver_config_init(&g_shard, kinds[q]);
        ssvm_result r;
        int ok = 1;
        c.lambda = 0.03; c.max_passes = 15; c.gap_tol = 0;
        ssvm_mpi_init(&mc, MPI_COMM_WORLD, SSVM_MPI_ORDERED);
        ssvm_mpi_dist(&mc, &c.dist);
        r = train(&c, wk, sizeof wk, &pk);
        if (g_rank == 0) {
            lbjob *j = (lbjob *)calloc(1, sizeof *j);
            j->base = c; j->base.dist.user = 0;
            ok = j && ssvm_loopback_init(&j->lb, g_size, 4096) == 0 && ssvm_loopback_run(&j->lb, lb_rank, j) == 0 &&
                 j->r == r && memcmp(j->w, wk, sizeof wk) == 0;
            if (j) ssvm_loopback_uninit(&j->lb);
            free(j);
        }
        TH_CHECKF(t, all_ok(r == SSVM_MAX_PASSES && ok), "solver %d: MPI ordered %d, the loopback's bits %s", (int)kinds[q],
                  r, ok ? "same" : "differ");
        ssvm_mpi_uninit(&mc);
    }
}

static void test_mpi_bcfw_gap(th_ctx *t) {
    ssvm_real w1[MK * MF], wk[MK * MF];
    ssvm_progress p1, pk;
    ssvm_solver_config one = ssvm_solver_config_init(&g_p, SSVM_BCFW), c;
    ssvm_mpi mc;
    ssvm_result r;
    double tol = IS_FLOAT_BUILD ? 3e-3 : 1e-3, P1, Pk;
    one.lambda = 0.05; one.max_passes = 3000; one.gap_tol = tol;
    TH_CHECK(t, train(&one, w1, sizeof w1, &p1) == SSVM_CONVERGED);
    ssvm_mpi_init(&mc, MPI_COMM_WORLD, SSVM_MPI_ROOT);
    c = one; c.problem = &g_shard;
    ssvm_mpi_dist(&mc, &c.dist);
    r = train(&c, wk, sizeof wk, &pk);
    TH_CHECKF(t, all_ok(r == SSVM_CONVERGED), "%d after %d passes", r, pk.pass);
    TH_CHECK(t, same_everywhere(wk, g_p.d));
    P1 = p1.returned == SSVM_W_AVERAGE ? p1.average.primal : p1.iterate.primal;
    Pk = pk.returned == SSVM_W_AVERAGE ? pk.average.primal : pk.iterate.primal;
    TH_CHECKF(t, all_ok(fabs(P1 - Pk) <= 2 * tol), "primal %.10g vs one process %.10g", Pk, P1);
    if (g_rank == 0) printf("    %d ranks: %d passes to gap %g (one process: %d)\n", g_size, pk.pass, tol, p1.pass);
    ssvm_mpi_uninit(&mc);
}

typedef struct failing { ssvm_problem inner; int calls; } failing;
static int failing_oracle(void *u, int i, const ssvm_real *w, double ws, int *y, ssvm_real *delta) {
    failing *f = (failing *)u;
    if (++f->calls == 30) return SSVM_ERR_CALLBACK;
    return f->inner.oracle(f->inner.user, i, w, ws, y, delta);
}
static int failing_truth(void *u, int i, int *y) { failing *f = (failing *)u; return f->inner.truth(f->inner.user, i, y); }
static int failing_phi(void *u, int i, const int *y, int len, ssvm_real sc, ssvm_svec *out) {
    failing *f = (failing *)u;
    return f->inner.phi(f->inner.user, i, y, len, sc, out);
}
static void test_mpi_failures(th_ctx *t) {
    static const ssvm_solver_kind kinds[] = {SSVM_BCFW, SSVM_FW};
    int q;
    for (q = 0; q < 2; q++) {
        ssvm_mpi mc;
        failing f;
        ssvm_problem p = g_shard;
        ssvm_solver_config c;
        ssvm_real w[MK * MF];
        ssvm_progress pr;
        ssvm_result r, want;
        if (g_rank == 1) {
            f.inner = g_shard; f.calls = 0;
            p = ssvm_problem_config_init(g_shard.n, g_shard.d, g_shard.max_label_len);
            p.user = &f; p.truth = failing_truth; p.phi = failing_phi; p.oracle = failing_oracle;
        }
        c = ssvm_solver_config_init(&p, kinds[q]);
        c.max_passes = 8; c.gap_tol = 0;
        ssvm_mpi_init(&mc, MPI_COMM_WORLD, SSVM_MPI_ROOT);
        ssvm_mpi_dist(&mc, &c.dist);
        r = train(&c, w, sizeof w, &pr);
        want = g_rank == 1 ? SSVM_ERR_CALLBACK : SSVM_ERR_PEER;
        TH_CHECKF(t, all_ok(r == want), "solver %d, rank %d: %d, want %d", (int)kinds[q], g_rank, r, want);
        /* a rank that disagrees: lambda */
        c = ssvm_solver_config_init(&g_shard, kinds[q]);
        ssvm_mpi_dist(&mc, &c.dist);
        if (g_rank == 1) c.lambda = 0.5;
        r = train(&c, w, sizeof w, &pr);
        TH_CHECKF(t, all_ok(r == SSVM_ERR_COLLECTIVE), "solver %d, rank %d: %d", (int)kinds[q], g_rank, r);
        ssvm_mpi_uninit(&mc);
    }
}

static void test_mpi_ckpt_files(th_ctx *t) {
    ssvm_mpi mc;
    ssvm_solver_config c = ssvm_solver_config_init(&g_shard, SSVM_BCFW);
    ssvm_solver s, s2;
    ssvm_real wa[MK * MF], wb[MK * MF];
    char path[64];
    int ok = 1;
    snprintf(path, sizeof path, "build/mpi_ckpt.%d", g_rank);
    c.max_passes = 3; c.gap_tol = 0;
    ssvm_mpi_init(&mc, MPI_COMM_WORLD, SSVM_MPI_ROOT);
    ssvm_mpi_dist(&mc, &c.dist);
    ok &= ssvm_solver_init(&c, &s) == SSVM_OK;
    ok &= ssvm_solver_run(&s) == SSVM_MAX_PASSES;
    ok &= ssvm_solver_checkpoint_save_path(&s, path) == SSVM_OK;
    ok &= th_set_limit(&s, "max_passes", 7) == SSVM_OK && ssvm_solver_run(&s) == SSVM_MAX_PASSES;
    ok &= ssvm_solver_weights(&s, SSVM_W_BEST, wa, sizeof wa) == SSVM_OK;
    ssvm_solver_uninit(&s);
    ok &= ssvm_solver_init(&c, &s2) == SSVM_OK;
    ok &= ssvm_solver_checkpoint_load_path(&s2, path) == SSVM_OK;
    ok &= th_set_limit(&s2, "max_passes", 7) == SSVM_OK && ssvm_solver_run(&s2) == SSVM_MAX_PASSES;
    ok &= ssvm_solver_weights(&s2, SSVM_W_BEST, wb, sizeof wb) == SSVM_OK;
    ssvm_solver_uninit(&s2);
    remove(path);
    TH_CHECK(t, all_ok(ok && memcmp(wa, wb, sizeof wa) == 0));
    ssvm_mpi_uninit(&mc);
}

int main(int argc, char **argv) {
    th_ctx t;
    trng r;
    int i, j, failed = 0, passed = 0, skipped = 0;
    ssvm_multiclass_config cfg;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g_size);
    memset(&t, 0, sizeof t);
    t.filter = argc > 1 ? argv[1] : 0;
    if (g_rank != 0 && !freopen("/dev/null", "w", stdout)) return 1;
    printf("structsvm MPI tests, %d ranks, ssvm_real = %s\n", g_size, IS_FLOAT_BUILD ? "float" : "double");
    r.s = 21;
    for (i = 0; i < MN; i++) {
        g_lab[i] = trng_i(&r, MK);
        for (j = 0; j < MF; j++) g_x[i * MF + j] = (ssvm_real)(trng_u(&r) * 2 - 1 + 0.8 * (j == g_lab[i] % MF));
    }
    cfg = ssvm_multiclass_config_init(MN, MK, MF, g_x, g_lab);
    if (ssvm_multiclass_init(&cfg, &g_m) != SSVM_OK || ssvm_multiclass_problem(&g_m, &g_p) != SSVM_OK) return 1;
    make_shard();
    if (g_size < 2) printf("    (one rank: run under mpirun -np 2 or more for the distributed cases)\n");
    TH_RUN(&t, test_mpi_fw_modes);
    TH_RUN(&t, test_mpi_ordered_is_loopback);
    TH_RUN(&t, test_mpi_bcfw_gap);
    if (g_size >= 2) TH_RUN(&t, test_mpi_failures);
    TH_RUN(&t, test_mpi_ckpt_files);
    MPI_Allreduce(&t.failed, &failed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    passed = t.passed; skipped = t.skipped;
    printf("%d passed, %d failed, %d skipped\n", failed ? passed - failed : passed, failed, skipped);
    ssvm_multiclass_uninit(&g_m);
    MPI_Finalize();
    return failed ? 1 : 0;
}
