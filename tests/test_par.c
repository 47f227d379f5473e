/* tests/test_par.c: mini-batch BCFW with parallel oracle calls (config.par, MANUAL: PARALLEL BCFW). Bit-identical
   weights for the NULL hook and 1, 2 and 4 pthreads (examples/ssvm_threads.h) on the chain (every state kind),
   multiclass and graph models; batch size 1 = plain BCFW bit for bit; convergence to BCFW's optimum; repeats in
   a batch; gap sampling; the heap size known before training; bad input (-37, -38), broken hooks; checkpoints
   resumed on another thread count.
   One translation unit of the test program (tests/run.c runs suite_par). */
#define _POSIX_C_SOURCE 200809L
#include "../structsvm.h"
#include "harness.h"
#include "internals.h"
#include "tchain.h"
#include "../examples/ssvm_threads.h"

#define PAR_SLOTS 8

/* a chain problem with one model object per task slot (the chain's oracle keeps scratch in its object) */
typedef struct par_chain {
    tchain c;
    ssvm_chain slot[PAR_SLOTS];
    void *users[PAR_SLOTS];
    int nslots;
} par_chain;
static int par_chain_make(par_chain *pc, unsigned long long seed, int n, int K, int F, int sparse) {
    trng r;
    int k;
    r.s = seed;
    memset(pc, 0, sizeof *pc);
    tchain_make(&pc->c, &r, n, K, F, 0, sparse);
    pc->c.cfg.flags |= SSVM_CHAIN_COUNTED_LOSS;
    if (tchain_problem(&pc->c, &pc->c.p) != SSVM_OK) return 0;
    for (k = 0; k < PAR_SLOTS; k++) { /* odd slots borrow the main object's compacted inputs (config.inputs_from) */
        ssvm_chain_config sc = pc->c.cfg;
        if (k % 2) sc.inputs_from = &pc->c.m;
        if (ssvm_chain_init(&sc, &pc->slot[k]) != SSVM_OK) return 0;
        pc->users[k] = &pc->slot[k];
        pc->nslots = k + 1;
    }
    return 1;
}
static void par_chain_free(par_chain *pc) {
    int k;
    for (k = 0; k < pc->nslots; k++) ssvm_chain_uninit(&pc->slot[k]);
    tchain_free(&pc->c);
}

/* a random dense multiclass problem (stateless oracle: no per-slot users needed) */
#define PMC_N 60
#define PMC_F 4
typedef struct pmc { ssvm_real x[PMC_N * PMC_F]; int labels[PMC_N]; ssvm_multiclass m; ssvm_problem p; } pmc;
static int pmc_make(pmc *c, unsigned long long seed, int K) {
    trng r;
    int i, j;
    ssvm_multiclass_config cfg;
    r.s = seed;
    memset(c, 0, sizeof *c);
    for (i = 0; i < PMC_N; i++) {
        c->labels[i] = trng_i(&r, K);
        for (j = 0; j < PMC_F; j++) c->x[i * PMC_F + j] = (ssvm_real)(trng_u(&r) * 2 - 1 + (j == c->labels[i] % PMC_F));
    }
    cfg = ssvm_multiclass_config_init(PMC_N, K, PMC_F, c->x, c->labels);
    if (ssvm_multiclass_init(&cfg, &c->m) != SSVM_OK) return 0;
    return ssvm_multiclass_problem(&c->m, &c->p) == SSVM_OK;
}

/* trains and copies the iterate and the average (if any) into w (2d reals); returns the run's result */
static ssvm_result par_train(const ssvm_solver_config *c, ssvm_real *w, ssvm_progress *out) {
    ssvm_solver s;
    ssvm_result r = ssvm_solver_init(c, &s);
    int d = c->problem->d;
    if (r != SSVM_OK) return r;
    r = ssvm_solver_run(&s);
    memset(w, 0, 2 * (size_t)d * sizeof(ssvm_real));
    if (r >= 0) {
        ssvm_result r2 = ssvm_solver_weights(&s, SSVM_W_ITERATE, w, (size_t)d * sizeof(ssvm_real));
        if (r2 == SSVM_OK && c->averaging != SSVM_AVG_NONE)
            r2 = ssvm_solver_weights(&s, SSVM_W_AVERAGE, w + d, (size_t)d * sizeof(ssvm_real));
        if (r2 != SSVM_OK) r = r2;
    }
    if (out) ssvm_solver_progress(&s, out);
    ssvm_solver_uninit(&s);
    return r;
}

/* the NULL hook and 1, 2, 4 threads give the same bits (iterate, average, and the objectives of the evaluations,
   whose oracle calls run on the hook too); threads == 0: NULL hook */
static void par_check_threads(th_ctx *t, ssvm_solver_config c, const char *what) {
    int d = c.problem->d, nt[4] = {0, 1, 2, 4}, k;
    ssvm_real *w0 = (ssvm_real *)malloc(2 * (size_t)d * sizeof(ssvm_real));
    ssvm_real *w1 = (ssvm_real *)malloc(2 * (size_t)d * sizeof(ssvm_real));
    ssvm_progress p0, p1;
    ssvm_result r0 = SSVM_OK, r1;
    for (k = 0; k < 4; k++) {
        ssvm_threads pool;
        if (nt[k] > 0) {
            if (ssvm_threads_init(&pool, nt[k]) != 0) { th_skip(t, "pthread_create failed"); break; }
            c.par.parallel_for = ssvm_threads_parallel_for;
            c.par.user = &pool;
        } else { c.par.parallel_for = 0; c.par.user = 0; }
        r1 = par_train(&c, k == 0 ? w0 : w1, k == 0 ? &p0 : &p1);
        if (nt[k] > 0) ssvm_threads_uninit(&pool);
        if (k == 0) { r0 = r1; TH_CHECKF(t, r0 > 0, "%s: %s", what, ssvm_result_string(r0)); continue; }
        TH_CHECKF(t, r1 == r0, "%s, %d threads: %d vs %d", what, nt[k], (int)r1, (int)r0);
        TH_CHECKF(t, memcmp(w0, w1, 2 * (size_t)d * sizeof(ssvm_real)) == 0, "%s: %d threads differ", what, nt[k]);
        TH_CHECKF(t, p1.oracle_calls == p0.oracle_calls && p1.steps == p0.steps && p1.pass == p0.pass &&
                     memcmp(&p1.iterate, &p0.iterate, sizeof p0.iterate) == 0 &&
                     memcmp(&p1.average, &p0.average, sizeof p0.average) == 0 &&
                     p1.eval_oracle_calls == p0.eval_oracle_calls, "%s: %d threads' progress differs", what, nt[k]);
    }
    free(w0); free(w1);
}

static void test_par_threads_identical_chain(th_ctx *t) {
    static const ssvm_state_kind kinds[4] = {SSVM_STATE_COMPACT, SSVM_STATE_COMPACT_SPARSE, SSVM_STATE_SPARSE, SSVM_STATE_DENSE};
    int k, sparse;
    for (sparse = 0; sparse < 2; sparse++) {
        par_chain pc;
        if (!par_chain_make(&pc, 11 + (unsigned long long)sparse, 8, 4, 4, sparse)) { TH_CHECK(t, 0); par_chain_free(&pc); return; }
        for (k = 0; k < 4; k++) {
            ssvm_solver_config c = ssvm_solver_config_init(&pc.c.p, SSVM_BCFW);
            char what[64];
            c.lambda = 0.05; c.max_passes = 12; c.gap_tol = 0; c.state = kinds[k];
            c.averaging = k == 3 ? SSVM_AVG_SUFFIX : SSVM_AVG_WEIGHTED;
            c.par.batch = 4; c.par.task_users = pc.users;
            sprintf(what, "chain sparse=%d state %d", sparse, (int)kinds[k]);
            par_check_threads(t, c, what);
        }
        par_chain_free(&pc);
    }
}
static void test_par_threads_identical_multiclass(th_ctx *t) {
    pmc m;
    int b;
    if (!pmc_make(&m, 5, 4)) { TH_CHECK(t, 0); return; }
    for (b = 1; b <= PMC_N; b *= 3) { /* 1, 3, 9, 27: repeats in a batch (uniform draws) included */
        ssvm_solver_config c = ssvm_solver_config_init(&m.p, SSVM_BCFW);
        c.lambda = 0.01; c.max_passes = 10; c.gap_tol = 0; c.par.batch = b;
        par_check_threads(t, c, "multiclass");
        c.sampling = SSVM_SAMPLE_PERMUTATION; c.line_search = 0;
        par_check_threads(t, c, "multiclass, permutation, predefined steps");
    }
    ssvm_multiclass_uninit(&m.m);
}
/* the graph model (a chain-shaped tree of 4 binary labels), one model object per slot */
static void test_par_threads_identical_graph(th_ctx *t) {
    enum { N = 30, L = 4, F = 3 };
    ssvm_real x[N * F];
    int y[N * L], edges[2 * (L - 1)], i, j;
    ssvm_graph g[PAR_SLOTS + 1];
    void *users[PAR_SLOTS];
    ssvm_graph_config gc;
    ssvm_problem p;
    trng r;
    r.s = 3;
    for (i = 0; i < N; i++) {
        for (j = 0; j < F; j++) x[i * F + j] = (ssvm_real)(trng_u(&r) * 2 - 1);
        for (j = 0; j < L; j++) y[i * L + j] = (x[i * F + j % F] + 0.3 * (trng_u(&r) - 0.5)) > 0;
    }
    for (j = 0; j + 1 < L; j++) { edges[2 * j] = j; edges[2 * j + 1] = j + 1; }
    gc = ssvm_graph_config_init(N, L, F, x, y);
    gc.n_edges = L - 1; gc.edges = edges;
    for (i = 0; i <= PAR_SLOTS; i++) {
        if (ssvm_graph_init(&gc, &g[i]) != SSVM_OK) { TH_CHECK(t, 0); return; }
        if (i > 0) users[i - 1] = &g[i];
    }
    if (ssvm_graph_problem(&g[0], &p) != SSVM_OK) TH_CHECK(t, 0);
    else {
        ssvm_solver_config c = ssvm_solver_config_init(&p, SSVM_BCFW);
        c.lambda = 0.01; c.max_passes = 8; c.gap_tol = 0; c.par.batch = 5; c.par.task_users = users;
        par_check_threads(t, c, "graph");
    }
    for (i = 0; i <= PAR_SLOTS; i++) ssvm_graph_uninit(&g[i]);
}

/* batch 1 makes BCFW's steps: the oracle at the current w, the same direction, the same line search */
static void test_par_batch1_is_bcfw(th_ctx *t) {
    static const ssvm_state_kind kinds[4] = {SSVM_STATE_COMPACT, SSVM_STATE_COMPACT_SPARSE, SSVM_STATE_SPARSE, SSVM_STATE_DENSE};
    par_chain pc;
    int k, d;
    ssvm_real *wa, *wb;
    if (!par_chain_make(&pc, 21, 8, 3, 4, 0)) { TH_CHECK(t, 0); par_chain_free(&pc); return; }
    d = pc.c.p.d;
    wa = (ssvm_real *)malloc(2 * (size_t)d * sizeof(ssvm_real));
    wb = (ssvm_real *)malloc(2 * (size_t)d * sizeof(ssvm_real));
    for (k = 0; k < 8; k++) {
        ssvm_solver_config c = ssvm_solver_config_init(&pc.c.p, SSVM_BCFW);
        ssvm_progress pa, pb;
        ssvm_result ra, rb;
        c.lambda = 0.02; c.max_passes = 9; c.gap_tol = 0; c.state = kinds[k % 4];
        c.bcfw.build_direction = 1; /* plain BCFW builds D, as the batch's tasks do (not the score-space step) */
        if (k >= 4) { c.line_search = 0; c.averaging = SSVM_AVG_SUFFIX; c.bcfw.gap_sampling = 1; }
        ra = par_train(&c, wa, &pa);
        c.par.batch = 1;
        rb = par_train(&c, wb, &pb);
        TH_CHECKF(t, ra == SSVM_MAX_PASSES && rb == ra, "%d: %d %d", k, (int)ra, (int)rb);
        TH_CHECKF(t, memcmp(wa, wb, 2 * (size_t)d * sizeof(ssvm_real)) == 0, "state %d: batch 1 differs from BCFW", k);
        TH_CHECKF(t, memcmp(&pa.iterate, &pb.iterate, sizeof pa.iterate) == 0 && pa.oracle_calls == pb.oracle_calls,
                  "state %d: progress differs", k);
    }
    free(wa); free(wb);
    par_chain_free(&pc);
}

/* b > 1 is a different sequence of iterates, but the same optimum: the certified gap goes to 0 and the primal
   meets plain BCFW's */
static void test_par_converges(th_ctx *t) {
    par_chain pc;
    int b;
    double tol = IS_FLOAT_BUILD ? 2e-3 : 1e-3, slack = IS_FLOAT_BUILD ? 1e-4 : 1e-9;
    ssvm_real *w;
    ssvm_progress pr, p0;
    ssvm_solver_config c;
    if (!par_chain_make(&pc, 31, 8, 3, 3, 0)) { TH_CHECK(t, 0); par_chain_free(&pc); return; }
    w = (ssvm_real *)malloc(2 * (size_t)pc.c.p.d * sizeof(ssvm_real));
    c = ssvm_solver_config_init(&pc.c.p, SSVM_BCFW);
    c.lambda = 0.1; c.max_passes = 3000; c.gap_tol = tol; c.eval_average = 0;
    TH_CHECK(t, par_train(&c, w, &p0) == SSVM_CONVERGED);
    for (b = 2; b <= 8; b *= 2) {
        ssvm_threads pool;
        c.par.batch = b; c.par.task_users = pc.users;
        if (ssvm_threads_init(&pool, 2) != 0) { th_skip(t, "pthread_create failed"); break; }
        c.par.parallel_for = ssvm_threads_parallel_for; c.par.user = &pool;
        TH_CHECKF(t, par_train(&c, w, &pr) == SSVM_CONVERGED, "batch %d", b);
        ssvm_threads_uninit(&pool);
        TH_CHECKF(t, pr.iterate.gap <= tol && pr.iterate.gap >= -slack, "batch %d: gap %g", b, pr.iterate.gap);
        /* both certified: P* <= each primal <= P* + its gap, and each dual <= the other's primal */
        TH_CHECKF(t, fabs(pr.iterate.primal - p0.iterate.primal) <= (pr.iterate.gap > p0.iterate.gap ? pr.iterate.gap : p0.iterate.gap) + slack,
                  "batch %d: primal %.10g vs BCFW's %.10g", b, pr.iterate.primal, p0.iterate.primal);
        TH_CHECK(t, pr.iterate.dual <= p0.iterate.primal + slack && p0.iterate.dual <= pr.iterate.primal + slack);
        TH_CHECKF(t, pr.steps == pr.oracle_calls && pr.steps == (long long)pr.pass * pc.c.p.n, "batch %d", b);
    }
    free(w);
    par_chain_free(&pc);
}

/* the batch's scratch is in the heap size, which grows with b; a preallocated solver of exactly that size trains */
static void test_par_heap_size(th_ctx *t) {
    pmc m;
    size_t b0, b1, b8;
    ssvm_solver_config c;
    void *heap;
    ssvm_solver s;
    if (!pmc_make(&m, 7, 3)) { TH_CHECK(t, 0); return; }
    c = ssvm_solver_config_init(&m.p, SSVM_BCFW);
    c.max_passes = 3;
    TH_CHECK(t, ssvm_solver_get_heap_size(&c, &b0) == SSVM_OK);
    c.par.batch = 1;
    TH_CHECK(t, ssvm_solver_get_heap_size(&c, &b1) == SSVM_OK);
    c.par.batch = 8;
    TH_CHECK(t, ssvm_solver_get_heap_size(&c, &b8) == SSVM_OK);
    TH_CHECK(t, b0 < b1 && b1 < b8);
    TH_CHECK(t, b8 - b1 >= 7 * ((size_t)m.p.d * (sizeof(ssvm_real) + sizeof(int) + 1))); /* one direction a slot */
    heap = malloc(b8);
    TH_CHECK(t, ssvm_solver_init_preallocated(&c, heap, b8 - 1, &s) == SSVM_ERR_WORKSPACE);
    TH_CHECK(t, ssvm_solver_init_preallocated(&c, heap, b8, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
    ssvm_solver_uninit(&s);
    free(heap);
    ssvm_multiclass_uninit(&m.m);
}

/* hooks that break the contract */
static void par_hook_skip_last(void *user, size_t count, ssvm_task_fn task, void *ctx) {
    size_t i;
    (void)user;
    for (i = 0; i + 1 < count; i++) task(ctx, i);
}
static void par_hook_twice(void *user, size_t count, ssvm_task_fn task, void *ctx) {
    size_t i;
    (void)user;
    for (i = 0; i < count; i++) { task(ctx, i); task(ctx, i); }
}
static void par_hook_reverse(void *user, size_t count, ssvm_task_fn task, void *ctx) {
    size_t i;
    ++*(int *)user;
    for (i = count; i-- > 0;) task(ctx, i);
}
/* a hook that behaves for the first pass's three batches, then skips the last task of the first evaluation chunk */
static void par_hook_skip_4th(void *user, size_t count, ssvm_task_fn task, void *ctx) {
    size_t i;
    int k = ++*(int *)user;
    for (i = 0; i < count; i++) if (k != 4 || i + 1 < count) task(ctx, i);
}
static void test_par_bad_input(th_ctx *t) {
    par_chain pc;
    pmc m;
    ssvm_solver_config c;
    ssvm_solver s;
    ssvm_real w[256];
    void *users[PAR_SLOTS];
    int calls = 0;
    ssvm_threads pool;
    if (!par_chain_make(&pc, 41, 8, 3, 3, 0) || !pmc_make(&m, 9, 3)) { TH_CHECK(t, 0); par_chain_free(&pc); return; }
    TH_CHECK(t, ssvm_result_string(SSVM_ERR_BATCH) != ssvm_result_string(SSVM_ERR_PARALLEL));
    TH_CHECK(t, strlen(ssvm_result_string(SSVM_ERR_BATCH)) > 10 && strlen(ssvm_result_string(SSVM_ERR_PARALLEL)) > 10);
    TH_CHECK(t, (int)SSVM_ERR_BATCH == -37 && (int)SSVM_ERR_PARALLEL == -38);
    c = ssvm_solver_config_init(&m.p, SSVM_BCFW);
    c.par.batch = -1;
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_BATCH);
    c.par.batch = PMC_N + 1;
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_BATCH);
    c.par.batch = PMC_N;
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_OK);
    c.par.batch = 0; c.par.parallel_for = ssvm_threads_parallel_for; /* a hook with batch 0 */
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_BATCH);
    TH_CHECK(t, ssvm_train(&c, w, sizeof w, 0) == SSVM_ERR_BATCH);
    c.par.parallel_for = 0; c.par.task_users = users; /* per-slot users with batch 0 */
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_BATCH);
    c = ssvm_solver_config_init(&m.p, SSVM_SSG);
    c.par.batch = 2;
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_BATCH); /* not BCFW */
    c = ssvm_solver_config_init(&m.p, SSVM_BCFW);
    c.par.batch = 2; c.bcfw.steps = SSVM_BCFW_STEPS_PAIRWISE;
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_BATCH);
    c.bcfw.steps = SSVM_BCFW_STEPS_FW; c.bcfw.cache = 1;
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_BATCH);
    c.bcfw.cache = 0;
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_OK);
    /* the chain's oracle keeps scratch in its object: a hook without per-slot users, or a NULL slot user */
    c = ssvm_solver_config_init(&pc.c.p, SSVM_BCFW);
    c.par.batch = 3; c.par.parallel_for = ssvm_threads_parallel_for; c.par.user = &pool;
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_PARALLEL);
    TH_CHECK(t, ssvm_solver_init(&c, &s) == SSVM_ERR_PARALLEL);
    memcpy(users, pc.users, sizeof users);
    users[2] = 0;
    c.par.task_users = users;
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_PARALLEL);
    users[2] = pc.users[2];
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_OK);
    c.par.parallel_for = 0; c.par.task_users = 0; /* serial: no per-slot users needed */
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_OK);
    /* hooks that skip a task or run one twice: SSVM_ERR_PARALLEL from the pass, the weights untouched by it */
    c.par.task_users = pc.users; c.max_passes = 2; c.gap_tol = 0;
    c.par.parallel_for = par_hook_skip_last;
    TH_CHECK(t, ssvm_solver_init(&c, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_ERR_PARALLEL);
    TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_ITERATE, w, sizeof w) == SSVM_OK);
    TH_CHECK(t, w[0] == 0 && w[pc.c.p.d - 1] == 0); /* no step was applied */
    { /* the first batch's two tasks that ran made their calls: counted (0.6.2), no step */
        ssvm_progress pr;
        ssvm_solver_progress(&s, &pr);
        TH_CHECKF(t, pr.oracle_calls == 2 && pr.steps == 0, "%lld calls, %lld steps", pr.oracle_calls, pr.steps);
    }
    ssvm_solver_uninit(&s);
    c.par.parallel_for = par_hook_twice;
    TH_CHECK(t, ssvm_train(&c, w, sizeof w, 0) == SSVM_ERR_PARALLEL);
    /* any order of the tasks gives the same run; the hook is called once a batch (ceil(8/3) = 3 a pass), and by
       each evaluation once a chunk of b examples (3 an evaluation, of the iterate and of the average each pass) */
    c.par.parallel_for = par_hook_reverse; c.par.user = &calls; c.eval_every = 0;
    TH_CHECK(t, ssvm_train(&c, w, sizeof w, 0) == SSVM_MAX_PASSES);
    TH_CHECK(t, calls == 6);
    calls = 0; c.eval_every = 1;
    TH_CHECK(t, ssvm_train(&c, w, sizeof w, 0) == SSVM_MAX_PASSES);
    TH_CHECKF(t, calls == 6 + 2 * 2 * 3, "%d hook calls", calls);
    /* a hook that skips an evaluation's task: SSVM_ERR_PARALLEL from that evaluation */
    calls = 0; c.par.parallel_for = par_hook_skip_4th;
    TH_CHECK(t, ssvm_solver_init(&c, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_ERR_PARALLEL && calls == 4);
    { /* the two calls of the broken chunk that ran are counted, as a serial evaluation counts its calls */
        ssvm_progress pr;
        ssvm_solver_progress(&s, &pr);
        TH_CHECKF(t, pr.eval_oracle_calls == 2 && pr.oracle_calls == 8, "%lld evaluation calls, %lld training",
                  pr.eval_oracle_calls, pr.oracle_calls);
    }
    ssvm_solver_uninit(&s);
    ssvm_multiclass_uninit(&m.m);
    par_chain_free(&pc);
}

/* a user oracle that fails at one example: the batch stops there with its code; what came before stays */
typedef struct par_fail { ssvm_problem inner; int bad, bad_phi; } par_fail;
static int par_fail_oracle(void *user, int i, const ssvm_real *w, double ws, int *y, ssvm_real *delta) {
    const par_fail *f = (const par_fail *)user;
    if (i == f->bad) return SSVM_ERR_LABEL;
    return f->inner.oracle(f->inner.user, i, w, ws, y, delta);
}
static int par_fail_truth(void *user, int i, int *y) { const par_fail *f = (const par_fail *)user; return f->inner.truth(f->inner.user, i, y); }
static int par_fail_phi(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_svec *out) {
    const par_fail *f = (const par_fail *)user;
    if (i == f->bad_phi) return SSVM_ERR_CALLBACK; /* the step's direction fails, after its oracle call */
    return f->inner.phi(f->inner.user, i, y, len, scale, out);
}
static void test_par_oracle_error(th_ctx *t) {
    pmc m;
    par_fail f;
    ssvm_problem p;
    ssvm_solver_config c;
    ssvm_solver s;
    ssvm_progress pr;
    ssvm_real w[64];
    int j, fin = 1;
    if (!pmc_make(&m, 13, 3)) { TH_CHECK(t, 0); return; }
    f.inner = m.p; f.bad = 17; f.bad_phi = -1;
    p = ssvm_problem_config_init(m.p.n, m.p.d, m.p.max_label_len);
    p.user = &f; p.oracle = par_fail_oracle; p.truth = par_fail_truth; p.phi = par_fail_phi;
    c = ssvm_solver_config_init(&p, SSVM_BCFW);
    c.sampling = SSVM_SAMPLE_CYCLIC; c.par.batch = 8; c.state = SSVM_STATE_SPARSE;
    TH_CHECK(t, ssvm_solver_init(&c, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_ERR_LABEL);
    ssvm_solver_progress(&s, &pr);
    /* examples 0..16 applied; the calls on 18..23 of the failing batch were made too and are counted (0.6.2) */
    TH_CHECKF(t, pr.steps == 17 && pr.oracle_calls == 23, "steps %lld, calls %lld", pr.steps, pr.oracle_calls);
    TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_ITERATE, w, sizeof w) == SSVM_OK);
    for (j = 0; j < p.d; j++) fin &= w[j] == w[j];
    TH_CHECK(t, fin);
    ssvm_solver_uninit(&s);
    /* the direction of example 17 fails (its phi), after every call of the batch 16..23 was made: all 24 counted,
       as plain BCFW counts a call whose step then fails; examples 0..16 applied */
    f.bad = -1; f.bad_phi = 17;
    TH_CHECK(t, ssvm_solver_init(&c, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_ERR_CALLBACK);
    ssvm_solver_progress(&s, &pr);
    TH_CHECKF(t, pr.steps == 17 && pr.oracle_calls == 24, "phi: steps %lld, calls %lld", pr.steps, pr.oracle_calls);
    ssvm_solver_uninit(&s);
    ssvm_multiclass_uninit(&m.m);
}

/* slot chains borrowing the main object's compacted dense inputs (ssvm_chain_config.inputs_from): less memory,
   the same decodes, and a mismatched or uninitialised source refused */
static void test_par_chain_inputs_from(th_ctx *t) {
    par_chain pc;
    ssvm_chain_config sc;
    ssvm_chain a, b, u;
    size_t own = 0, borrowed = 0;
    ssvm_real *w;
    int i, k, L, ya[64], yb[64];
    if (!par_chain_make(&pc, 43, 8, 3, 4, 0)) { TH_CHECK(t, 0); par_chain_free(&pc); return; } /* tchain: n <= 8, F <= 4 */
    sc = pc.c.cfg;
    TH_CHECK(t, ssvm_chain_get_heap_size(&sc, &own) == SSVM_OK);
    sc.inputs_from = &pc.c.m;
    TH_CHECK(t, ssvm_chain_get_heap_size(&sc, &borrowed) == SSVM_OK);
    TH_CHECK(t, borrowed < own); /* no copy of the non-zeros */
    TH_CHECK(t, ssvm_chain_init(&sc, &b) == SSVM_OK);
    TH_CHECK(t, ssvm_chain_init(&pc.c.cfg, &a) == SSVM_OK);
    w = (ssvm_real *)calloc((size_t)pc.c.p.d, sizeof *w);
    for (k = 0; w && k < pc.c.p.d; k++) w[k] = (ssvm_real)((k * 37 % 11) - 5) / 7;
    for (i = 0; w && i < pc.c.cfg.n; i++) { /* loss-augmented decodes agree label for label */
        ssvm_problem pa, pb;
        ssvm_real da = 0, db = 0;
        L = pc.c.cfg.start[i + 1] - pc.c.cfg.start[i];
        TH_CHECK(t, L <= 64 && ssvm_chain_problem(&a, &pa) == SSVM_OK && ssvm_chain_problem(&b, &pb) == SSVM_OK);
        if (L > 64) break;
        TH_CHECK(t, pa.oracle(pa.user, i, w, 1, ya, &da) == pb.oracle(pb.user, i, w, 1, yb, &db));
        TH_CHECK(t, memcmp(ya, yb, (size_t)L * sizeof(int)) == 0 && da == db);
    }
    free(w);
    ssvm_chain_uninit(&a);
    sc.x = pc.c.cfg.x + 1; /* other data */
    TH_CHECK(t, ssvm_chain_init(&sc, &u) == SSVM_ERR_INVALID_ARG);
    sc = pc.c.cfg; sc.inputs_from = &b; /* a borrower is not a source */
    TH_CHECK(t, ssvm_chain_init(&sc, &u) == SSVM_ERR_INVALID_ARG);
    memset(&u, 0, sizeof u); sc.inputs_from = &u; /* not initialised */
    TH_CHECK(t, ssvm_chain_init(&sc, &a) == SSVM_ERR_INVALID_ARG);
    ssvm_chain_uninit(&b);
    par_chain_free(&pc);
}

/* repeats in a batch with a dense state kind: each example's last draw defers its block update to the second
   parallel phase, the earlier draws update serially (the repeat's direction reads that state). The same bits as
   COMPACT_SPARSE, which never defers, and as 1, 2, 4 threads; the hook runs a second phase in every batch. */
static void test_par_defer_last_draw(th_ctx *t) {
    static const int seq[16] = {0, 1, 0, 2, 3, 3, 3, 4, 5, 6, 7, 5, 1, 2, 6, 7};
    par_chain pc;
    ssvm_solver_config c;
    ssvm_real *wa, *wb;
    ssvm_progress pa, pb;
    int calls = 0, d, k;
    if (!par_chain_make(&pc, 77, 8, 3, 4, 0)) { TH_CHECK(t, 0); par_chain_free(&pc); return; }
    d = pc.c.p.d;
    wa = (ssvm_real *)malloc(4 * (size_t)d * sizeof(ssvm_real));
    wb = wa + 2 * d;
    c = ssvm_solver_config_init(&pc.c.p, SSVM_BCFW);
    c.lambda = 0.05; c.max_passes = 6; c.gap_tol = 0; c.eval_every = 2;
    c.sampling = SSVM_SAMPLE_SEQUENCE; c.sequence = seq; c.sequence_len = 16;
    c.par.batch = 4; c.par.task_users = pc.users;
    c.bcfw.build_direction = 1; /* COMPACT_SPARSE's batches keep D: its bits are COMPACT's (0.7.1) */
    c.state = SSVM_STATE_COMPACT;
    par_check_threads(t, c, "repeats, compact state");
    TH_CHECK(t, par_train(&c, wa, &pa) == SSVM_MAX_PASSES);
    c.state = SSVM_STATE_COMPACT_SPARSE;
    TH_CHECK(t, par_train(&c, wb, &pb) == SSVM_MAX_PASSES);
    TH_CHECK(t, memcmp(wa, wb, 2 * (size_t)d * sizeof(ssvm_real)) == 0);
    TH_CHECK(t, memcmp(&pa.iterate, &pb.iterate, sizeof pa.iterate) == 0 && pa.steps == 48 && pb.steps == 48);
    c.state = SSVM_STATE_DENSE; /* the other deferring kind against SPARSE, which never defers */
    par_check_threads(t, c, "repeats, dense state");
    TH_CHECK(t, par_train(&c, wa, &pa) == SSVM_MAX_PASSES);
    c.state = SSVM_STATE_SPARSE; /* the same steps, rounded otherwise: equal to rounding */
    TH_CHECK(t, par_train(&c, wb, &pb) == SSVM_MAX_PASSES);
    for (k = 0; k < 2 * d; k++) TH_NEAR(t, wa[k], wb[k], IS_FLOAT_BUILD ? 1e-4 : 1e-11);
    c.state = SSVM_STATE_COMPACT; c.eval_every = 0; c.max_passes = 2;
    c.par.parallel_for = par_hook_reverse; c.par.user = &calls;
    TH_CHECK(t, ssvm_train(&c, wa, (size_t)d * sizeof(ssvm_real), 0) == SSVM_MAX_PASSES);
    TH_CHECKF(t, calls == 8, "%d hook calls", calls); /* 4 batches, each with deferred updates: 2 phases */
    calls = 0; c.state = SSVM_STATE_COMPACT_SPARSE;
    TH_CHECK(t, ssvm_train(&c, wb, (size_t)d * sizeof(ssvm_real), 0) == SSVM_MAX_PASSES);
    TH_CHECKF(t, calls == 4, "%d hook calls", calls); /* no second phase */
    TH_CHECK(t, memcmp(wa, wb, (size_t)d * sizeof(ssvm_real)) == 0);
    free(wa);
    par_chain_free(&pc);
}

/* 0.6.2: checkpoints of mini-batch runs. A run stopped at pass 4 on 2 threads, saved, loaded into a new solver on
   another thread count (NULL hook, 1 and 4 threads) and run on to pass 9 gives the bits and counters of a 9-pass run
   that never stopped; every state kind, gap sampling, evaluations every pass. The batch size is fingerprinted:
   another b, or plain BCFW, is SSVM_ERR_CKPT_MISMATCH either way round. */
/* init with the hook of `threads` threads (0: NULL), load ck (if any), run; the weights (iterate, average) into w,
   the progress into pr; when ck_out, the checkpoint after the run (malloc'd) */
static ssvm_result par_run_hook(ssvm_solver_config c, int threads, const unsigned char *ck, size_t ckn, ssvm_real *w,
                                ssvm_progress *pr, unsigned char **ck_out, size_t *ck_bytes) {
    ssvm_threads pool;
    ssvm_solver s;
    ssvm_result r;
    size_t d = (size_t)c.problem->d, wr = 0;
    if (threads > 0) {
        if (ssvm_threads_init(&pool, threads) != 0) return SSVM_ERR_PARALLEL;
        c.par.parallel_for = ssvm_threads_parallel_for; c.par.user = &pool;
    } else { c.par.parallel_for = 0; c.par.user = 0; }
    r = ssvm_solver_init(&c, &s);
    if (r == SSVM_OK) {
        r = ck ? ssvm_solver_checkpoint_load(&s, ck, ckn) : SSVM_OK;
        if (r == SSVM_OK) r = ssvm_solver_run(&s);
        memset(w, 0, 2 * d * sizeof(ssvm_real));
        ssvm_solver_weights(&s, SSVM_W_ITERATE, w, d * sizeof(ssvm_real));
        ssvm_solver_weights(&s, SSVM_W_AVERAGE, w + d, d * sizeof(ssvm_real));
        ssvm_solver_progress(&s, pr);
        if (ck_out && ssvm_solver_checkpoint_get_size(&s, ck_bytes) == SSVM_OK &&
            (*ck_out = (unsigned char *)malloc(*ck_bytes)) != 0 &&
            (ssvm_solver_checkpoint_save(&s, *ck_out, *ck_bytes, &wr) != SSVM_OK || wr != *ck_bytes)) {
            free(*ck_out); *ck_out = 0;
        }
        ssvm_solver_uninit(&s);
    }
    if (threads > 0) ssvm_threads_uninit(&pool);
    return r;
}
static void test_par_checkpoint(th_ctx *t) {
    static const ssvm_state_kind kinds[4] = {SSVM_STATE_COMPACT, SSVM_STATE_COMPACT_SPARSE, SSVM_STATE_SPARSE, SSVM_STATE_DENSE};
    par_chain pc;
    int v, h, d;
    ssvm_real *wa, *wb;
    if (!par_chain_make(&pc, 29, 8, 4, 4, 0)) { TH_CHECK(t, 0); par_chain_free(&pc); return; }
    d = pc.c.p.d;
    wa = (ssvm_real *)malloc(2 * (size_t)d * sizeof(ssvm_real));
    wb = (ssvm_real *)malloc(2 * (size_t)d * sizeof(ssvm_real));
    for (v = 0; v < 5 && wa && wb; v++) {
        ssvm_solver_config c = ssvm_solver_config_init(&pc.c.p, SSVM_BCFW);
        ssvm_progress pa, pb;
        unsigned char *ck = 0;
        size_t ckn = 0;
        ssvm_result r;
        c.lambda = 0.05; c.gap_tol = 0; c.state = kinds[v % 4]; c.eval_every = v == 4 ? 1 : 3;
        c.averaging = v == 3 ? SSVM_AVG_SUFFIX : SSVM_AVG_WEIGHTED;
        c.bcfw.gap_sampling = v == 4; c.par.batch = 3; c.par.task_users = pc.users;
        c.max_passes = 9; /* the run that never stops */
        r = par_run_hook(c, 2, 0, 0, wa, &pa, 0, 0);
        TH_CHECKF(t, r == SSVM_MAX_PASSES, "v%d: %s", v, ssvm_result_string(r));
        c.max_passes = 4; /* stopped at pass 4 on 2 threads, saved */
        r = par_run_hook(c, 2, 0, 0, wb, &pb, &ck, &ckn);
        TH_CHECKF(t, r == SSVM_MAX_PASSES && ck && pb.pass == 4, "v%d stopped: %s", v, ssvm_result_string(r));
        TH_CHECKF(t, memcmp(wa, wb, 2 * (size_t)d * sizeof(ssvm_real)) != 0, "v%d: 4 and 9 passes, the same weights", v);
        c.max_passes = 9;
        for (h = 0; h < 3 && ck; h++) { /* resumed on the NULL hook, 1 and 4 threads */
            int threads = h == 0 ? 0 : h == 1 ? 1 : 4;
            r = par_run_hook(c, threads, ck, ckn, wb, &pb, 0, 0);
            TH_CHECKF(t, r == SSVM_MAX_PASSES, "v%d resumed on %d threads: %s", v, threads, ssvm_result_string(r));
            TH_CHECKF(t, memcmp(wa, wb, 2 * (size_t)d * sizeof(ssvm_real)) == 0, "v%d resumed on %d threads: weights differ",
                      v, threads);
            TH_CHECKF(t, pb.pass == pa.pass && pb.steps == pa.steps && pb.oracle_calls == pa.oracle_calls &&
                         pb.eval_oracle_calls == pa.eval_oracle_calls &&
                         memcmp(&pb.iterate, &pa.iterate, sizeof pa.iterate) == 0 &&
                         memcmp(&pb.average, &pa.average, sizeof pa.average) == 0 &&
                         memcmp(&pb.gap_estimate, &pa.gap_estimate, sizeof pa.gap_estimate) == 0,
                      "v%d resumed on %d threads: progress differs (pass %d/%d, calls %lld/%lld)", v, threads, pb.pass,
                      pa.pass, pb.oracle_calls, pa.oracle_calls);
        }
        if (v == 0 && ck) { /* another batch size, plain BCFW: another run, either way round */
            ssvm_solver_config o = c;
            unsigned char *ck2 = 0;
            size_t n2 = 0;
            o.par.batch = 4;
            TH_CHECK(t, par_run_hook(o, 0, ck, ckn, wb, &pb, 0, 0) == SSVM_ERR_CKPT_MISMATCH);
            o.par.batch = 0; o.par.task_users = 0;
            TH_CHECK(t, par_run_hook(o, 0, ck, ckn, wb, &pb, 0, 0) == SSVM_ERR_CKPT_MISMATCH);
            TH_CHECK(t, par_run_hook(o, 0, 0, 0, wb, &pb, &ck2, &n2) == SSVM_MAX_PASSES && ck2);
            TH_CHECK(t, ck2 && par_run_hook(c, 2, ck2, n2, wb, &pb, 0, 0) == SSVM_ERR_CKPT_MISMATCH);
            free(ck2);
        }
        free(ck);
    }
    free(wa); free(wb);
    par_chain_free(&pc);
}

/* 0.6.2: the tasks take the SPEED path (per-slot step positions, each example's bitmap bits on bytes of their own).
   Against the generic compact step, reached by wrapping the chain's callbacks (the solver then no longer recognises
   the chain; each slot's wrapper forwards to that slot's chain object): the same bits on 2 and 4 threads, for
   COMPACT and COMPACT_SPARSE, dense and sparse inputs, with a batch that repeats examples. */
static void test_par_speed_path_bits(th_ctx *t) {
    static const ssvm_state_kind kinds[2] = {SSVM_STATE_COMPACT, SSVM_STATE_COMPACT_SPARSE};
    int sparse, k, h, j, d;
    for (sparse = 0; sparse < 2; sparse++) {
        par_chain pc;
        sp_wrap wm, ws[PAR_SLOTS];
        void *wusers[PAR_SLOTS];
        ssvm_problem pw;
        ssvm_real *wa, *wb;
        if (!par_chain_make(&pc, 53 + (unsigned long long)sparse, 8, 5, 4, sparse)) { TH_CHECK(t, 0); par_chain_free(&pc); return; }
        d = pc.c.p.d;
        pw = sp_wrapped(&wm, &pc.c.p); /* tchain.h: the generic compact step */
        for (j = 0; j < PAR_SLOTS; j++) { ws[j].inner = pc.c.p; ws[j].inner.user = pc.users[j]; wusers[j] = &ws[j]; }
        wa = (ssvm_real *)malloc(2 * (size_t)d * sizeof(ssvm_real));
        wb = (ssvm_real *)malloc(2 * (size_t)d * sizeof(ssvm_real));
        for (k = 0; k < 2 && wa && wb; k++)
            for (h = 0; h < 2; h++) {
                ssvm_solver_config c = ssvm_solver_config_init(&pc.c.p, SSVM_BCFW), g;
                ssvm_progress pa, pb;
                ssvm_result ra, rb;
                c.lambda = 0.03; c.max_passes = 10; c.gap_tol = 0; c.eval_every = 2; c.state = kinds[k];
                c.sampling = SSVM_SAMPLE_UNIFORM; /* draws that repeat examples within a batch of 6 */
                c.par.batch = 6; c.par.task_users = pc.users;
                c.bcfw.build_direction = 1; /* else COMPACT_SPARSE's batches run in score space (0.7.1) */
                g = c; g.problem = &pw; g.par.task_users = wusers;
                ra = par_run_hook(c, h ? 4 : 2, 0, 0, wa, &pa, 0, 0);
                rb = par_run_hook(g, h ? 4 : 2, 0, 0, wb, &pb, 0, 0);
                TH_CHECKF(t, ra == SSVM_MAX_PASSES && rb == SSVM_MAX_PASSES, "sparse=%d state %d: %s / %s", sparse,
                          (int)kinds[k], ssvm_result_string(ra), ssvm_result_string(rb));
                TH_CHECKF(t, memcmp(wa, wb, 2 * (size_t)d * sizeof(ssvm_real)) == 0 &&
                             memcmp(&pa.iterate, &pb.iterate, sizeof pa.iterate) == 0 &&
                             memcmp(&pa.average, &pb.average, sizeof pa.average) == 0,
                          "sparse=%d state %d, %d threads: the speed path differs from the generic step", sparse,
                          (int)kinds[k], h ? 4 : 2);
            }
        if (sparse == 0) { /* the tasks do take the SPEED path: only it keeps the COMPACT state's support bitmap, a
                              superset of sigma's non-zeros (the generic step leaves it as init set it: empty) */
            ssvm_solver_config c = ssvm_solver_config_init(&pc.c.p, SSVM_BCFW);
            ssvm_solver s;
            size_t j2, nz = 0, missing = 0;
            c.lambda = 0.03; c.max_passes = 3; c.gap_tol = 0; c.eval_every = 0; c.state = SSVM_STATE_COMPACT;
            c.par.batch = 6; c.par.task_users = pc.users;
            if (ssvm_solver_init(&c, &s) == SSVM_OK && (*TH_BF(&s).sig_bits) && ssvm_solver_run(&s) == SSVM_MAX_PASSES) {
                for (j = 0; j < pc.c.p.n; j++)
                    for (j2 = (*TH_BF(&s).sig_off)[j]; j2 < (*TH_BF(&s).sig_off)[j + 1]; j2++) {
                        size_t b = 8 * ((*TH_BF(&s).sig_off)[j] / 8 + (size_t)j) + (j2 - (*TH_BF(&s).sig_off)[j]);
                        if ((*TH_BF(&s).sigma)[j2] == 0) continue;
                        nz++;
                        missing += !(((*TH_BF(&s).sig_bits)[b >> 3] >> (b & 7)) & 1u);
                    }
                TH_CHECKF(t, nz > 0 && missing == 0, "%lu of %lu non-zero statistics without their bit",
                          (unsigned long)missing, (unsigned long)nz);
            } else TH_CHECK(t, 0);
            ssvm_solver_uninit(&s);
        }
        free(wa); free(wb);
        par_chain_free(&pc);
    }
}

/* the average in a batch (0.7.1: a test of what no other test reaches): a restart of the average (suffix
   averaging restarts at iterate 64, the last step of 8 passes of 8 examples in batches of 4) makes the average
   the iterate, bit for bit; a fold of the average (its scale below 1e-100, or 1e-15 in float; it reads z),
   forced in the third slot of a batch by poking the scale down and z up (the same average), leaves the run on
   the average of the run without the poke, to rounding */
static void test_par_average_phase(th_ctx *t) {
    par_chain pc;
    ssvm_solver_config c;
    ssvm_solver a, b;
    ssvm_real *w, *wa;
    double thr = IS_FLOAT_BUILD ? 1e-15 : 1e-100, r0, r1, nb, scale, maxd = 0;
    int d, j, k, h;
    if (!par_chain_make(&pc, 41, 8, 4, 4, 0)) { TH_CHECK(t, 0); par_chain_free(&pc); return; }
    d = pc.c.p.d;
    w = (ssvm_real *)malloc(2 * (size_t)d * sizeof(ssvm_real));
    wa = (ssvm_real *)malloc(2 * (size_t)d * sizeof(ssvm_real));
    c = ssvm_solver_config_init(&pc.c.p, SSVM_BCFW);
    c.lambda = 0.05; c.max_passes = 8; c.gap_tol = 0; c.eval_every = 0; c.averaging = SSVM_AVG_SUFFIX;
    c.par.batch = 4; c.par.task_users = pc.users;
    for (h = 0; h < 2; h++) { /* the NULL hook; the hook in reverse order */
        int calls = 0;
        c.par.parallel_for = h ? par_hook_reverse : 0; c.par.user = h ? &calls : 0;
        TH_CHECK(t, par_train(&c, w, 0) == SSVM_MAX_PASSES);
        TH_CHECK(t, memcmp(w, w + d, (size_t)d * sizeof(ssvm_real)) == 0);
    }
    c.averaging = SSVM_AVG_WEIGHTED; c.par.parallel_for = 0; c.par.user = 0;
    TH_CHECK(t, ssvm_solver_init(&c, &a) == SSVM_OK && ssvm_solver_init(&c, &b) == SSVM_OK);
    for (k = 0; k < 2; k++) TH_CHECK(t, ssvm_solver_pass(&a) == SSVM_OK && ssvm_solver_pass(&b) == SSVM_OK);
    r0 = 2.0 / (double)(*TH_EN(&b).k + 2); r1 = 2.0 / (double)(*TH_EN(&b).k + 3);
    nb = thr / ((1 - r0) * (1 - r1)) * (1 + 1e-9); /* above the threshold after two slots, below after three */
    scale = *TH_EN(&b).avg_b / nb;
    for (j = 0; j < d; j++) TH_EN(&b).z[j] = (ssvm_real)((double)TH_EN(&b).z[j] * scale);
    *TH_EN(&b).avg_b = nb;
    for (k = 0; k < 3; k++) TH_CHECK(t, ssvm_solver_pass(&a) == SSVM_OK && ssvm_solver_pass(&b) == SSVM_OK);
    TH_CHECKF(t, *TH_EN(&b).avg_b > 1e-3, "no fold: scale %g", *TH_EN(&b).avg_b);
    TH_CHECK(t, ssvm_solver_weights(&a, SSVM_W_AVERAGE, wa, (size_t)d * sizeof(ssvm_real)) == SSVM_OK &&
                ssvm_solver_weights(&b, SSVM_W_AVERAGE, w, (size_t)d * sizeof(ssvm_real)) == SSVM_OK);
    for (j = 0; j < d; j++) if (!(fabs((double)w[j] - (double)wa[j]) <= maxd)) maxd = fabs((double)w[j] - (double)wa[j]);
    TH_CHECKF(t, maxd < (IS_FLOAT_BUILD ? 1e-3 : 1e-9), "the folded run's average %g apart", maxd);
    ssvm_solver_uninit(&a); ssvm_solver_uninit(&b);
    free(w); free(wa);
    par_chain_free(&pc);
}

/* 0.7.1: with the COMPACT_SPARSE state on the built-in chain (double builds), a batch's steps run in score space
   (ssvm__sc_step with from_w: the tasks merge the statistics, the serial phase scores them at the current w with
   row dots and takes |D|^2 from the Gram matrices); the same iterates as the D path (bcfw.build_direction = 1)
   to rounding, over dense / sparse inputs, biases, attribute-major weights, batches with repeats, line search on and off and each
   averaging; bit-identical for every thread count (par_check_threads) */
static void test_par_score_step(th_ctx *t) {
    static const ssvm_averaging avgs[3] = {SSVM_AVG_WEIGHTED, SSVM_AVG_SUFFIX, SSVM_AVG_NONE};
    static const int flags[3] = {0, SSVM_CHAIN_BIASES, SSVM_CHAIN_BIASES | SSVM_CHAIN_ATTR_MAJOR};
    int sparse, bias, ls, av, cases = 0, on = 0;
    double maxd = 0;
    for (sparse = 0; sparse < 2; sparse++)
        for (bias = 0; bias < 3; bias++)
            for (ls = 0; ls < 2; ls++)
                for (av = 0; av < 3; av++) {
                    par_chain pc;
                    ssvm_solver_config c;
                    ssvm_solver a, b;
                    ssvm_progress pa, pb;
                    ssvm_real wa[256], wb[256];
                    int j, k, d, ok;
                    if (!par_chain_make(&pc, 600 + (unsigned long long)(sparse * 18 + bias * 6 + ls * 3 + av), 8, 4, 4,
                                        sparse)) {
                        TH_CHECK(t, 0); par_chain_free(&pc); continue;
                    }
                    if (bias) { /* the model objects again, with first/last-label biases (attribute-major w) */
                        for (k = 0; k < pc.nslots; k++) ssvm_chain_uninit(&pc.slot[k]);
                        pc.c.cfg.flags |= flags[bias];
                        ok = tchain_problem(&pc.c, &pc.c.p) == SSVM_OK;
                        for (k = 0; k < pc.nslots && ok; k++) {
                            ssvm_chain_config sc = pc.c.cfg;
                            if (k % 2) sc.inputs_from = &pc.c.m;
                            ok = ssvm_chain_init(&sc, &pc.slot[k]) == SSVM_OK;
                        }
                        if (!ok) { TH_CHECK(t, 0); par_chain_free(&pc); continue; }
                    }
                    d = pc.c.p.d;
                    c = ssvm_solver_config_init(&pc.c.p, SSVM_BCFW);
                    /* 5 passes: nearer the optimum an exact line search leaves two labelings of a block with equal
                       loss-augmented scores, and rounding then picks the oracle's labeling (seen at pass 8 of one
                       case): the two paths' runs part, both correct */
                    c.lambda = 0.04; c.max_passes = 5; c.gap_tol = 0; c.eval_every = 0; c.line_search = ls;
                    c.averaging = avgs[av]; c.state = SSVM_STATE_COMPACT_SPARSE; c.sampling = SSVM_SAMPLE_UNIFORM;
                    c.par.batch = 5; c.par.task_users = pc.users;
                    if (av == 1) { /* few passes: near the optimum the estimates are 0 or rounding (1e-17), and the
                                      draws they weight then part the two paths' runs */
                        c.bcfw.gap_sampling = 1; c.max_passes = 3;
                    }
                    if (av == 0 && ls == 1) par_check_threads(t, c, "score-space batches");
                    TH_CHECK(t, d <= 256 && ssvm_solver_init(&c, &a) == SSVM_OK);
                    c.bcfw.build_direction = 1;
                    TH_CHECK(t, ssvm_solver_init(&c, &b) == SSVM_OK);
                    TH_CHECK(t, ssvm_solver_run(&a) == SSVM_MAX_PASSES && ssvm_solver_run(&b) == SSVM_MAX_PASSES);
                    on += (*TH_BF(&a).par_sc) == 1 && (*TH_BF(&a).sc_ready) == 1 && (*TH_BF(&b).par_sc) == 0;
                    TH_CHECK(t, ssvm_solver_evaluate(&a, 1, avgs[av] != SSVM_AVG_NONE, &pa) == SSVM_OK &&
                                ssvm_solver_evaluate(&b, 1, avgs[av] != SSVM_AVG_NONE, &pb) == SSVM_OK);
                    TH_CHECK(t, pa.steps == pb.steps && pa.oracle_calls == pb.oracle_calls);
                    if (!(fabs(pa.iterate.dual - pb.iterate.dual) <= maxd)) maxd = fabs(pa.iterate.dual - pb.iterate.dual);
                    if (avgs[av] != SSVM_AVG_NONE && !(fabs(pa.average.dual - pb.average.dual) <= maxd))
                        maxd = fabs(pa.average.dual - pb.average.dual);
                    for (k = 0; k < (avgs[av] != SSVM_AVG_NONE ? 2 : 1); k++) {
                        ssvm_which wh = k ? SSVM_W_AVERAGE : SSVM_W_ITERATE;
                        TH_CHECK(t, ssvm_solver_weights(&a, wh, wa, sizeof wa) == SSVM_OK &&
                                    ssvm_solver_weights(&b, wh, wb, sizeof wb) == SSVM_OK);
                        for (j = 0; j < d; j++)
                            if (!(fabs((double)wa[j] - (double)wb[j]) <= maxd)) maxd = fabs((double)wa[j] - (double)wb[j]);
                    }
                    cases++;
                    ssvm_solver_uninit(&a); ssvm_solver_uninit(&b);
                    par_chain_free(&pc);
                }
    TH_CHECK(t, cases == 36);
    TH_CHECKF(t, on == (IS_FLOAT_BUILD ? 0 : 36), "score-space batches in %d of 36 cases", on);
    TH_CHECKF(t, maxd < (IS_FLOAT_BUILD ? 1e-30 : 1e-11), "weights and duals %g apart", maxd);
}

void suite_par(th_ctx *t) {
    TH_RUN(t, test_par_chain_inputs_from);
    TH_RUN(t, test_par_threads_identical_chain);
    TH_RUN(t, test_par_threads_identical_multiclass);
    TH_RUN(t, test_par_threads_identical_graph);
    TH_RUN(t, test_par_batch1_is_bcfw);
    TH_RUN(t, test_par_converges);
    TH_RUN(t, test_par_heap_size);
    TH_RUN(t, test_par_bad_input);
    TH_RUN(t, test_par_oracle_error);
    TH_RUN(t, test_par_defer_last_draw);
    TH_RUN(t, test_par_checkpoint);
    TH_RUN(t, test_par_speed_path_bits);
    TH_RUN(t, test_par_average_phase);
    TH_RUN(t, test_par_score_step);
}
