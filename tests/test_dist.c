/* tests/test_dist.c: training over a caller's collective (config.dist, MANUAL: DISTRIBUTED TRAINING), with K ranks
   as threads of this process (examples/ssvm_loopback.h, rank-order sums): batch FW and the cutting plane equal
   one process to rounding (the sums are taken per rank, then over ranks); CoCoA+ BCFW reaches the certified gap
   of one process on multiclass and chain problems, with the same w on every rank; size 1 is BCFW bit for bit;
   example weights; the handshake (mismatched lambda, d, rank indices, a rank whose init fails), a failing hook, an
   oracle failing on one rank, a stop asked by one rank's progress callback, checkpoints per rank (resumed bit for
   bit; a checkpoint of another moment refused on every rank); ranks whose vectors part (as builds that round apart
   would) stopped with SSVM_ERR_COLLECTIVE on all; the evaluation schedule and the stopping rules agreed where one
   rank's own arithmetic would decide otherwise; shard ranges. No case may hang: every failure reaches every rank. One translation unit of the test program (tests/run.c runs suite_dist). */
#define _POSIX_C_SOURCE 200809L
#include "../structsvm.h"
#include "harness.h"
#include "internals.h"
#include "tchain.h"
#include "../examples/ssvm_loopback.h"
#include <unistd.h>

#define DJ_MAX 8
#define DMC_N 90
#define DMC_F 6
#define DMC_K 5

/* a random dense multiclass problem (its oracle keeps no scratch: the ranks may share it) */
typedef struct dmc { ssvm_real x[DMC_N * DMC_F]; int labels[DMC_N]; ssvm_real wt[DMC_N]; ssvm_multiclass m; ssvm_problem p; } dmc;
static int dmc_make(dmc *c, unsigned long long seed, int F) {
    trng r;
    int i, j;
    ssvm_multiclass_config cfg;
    r.s = seed;
    memset(c, 0, sizeof *c);
    for (i = 0; i < DMC_N; i++) {
        c->labels[i] = trng_i(&r, DMC_K);
        c->wt[i] = (ssvm_real)(0.25 + trng_u(&r) * 2);
        for (j = 0; j < F; j++) c->x[i * F + j] = (ssvm_real)(trng_u(&r) * 2 - 1 + 0.8 * (j == c->labels[i] % F));
    }
    cfg = ssvm_multiclass_config_init(DMC_N, DMC_K, F, c->x, c->labels);
    if (ssvm_multiclass_init(&cfg, &c->m) != SSVM_OK) return 0;
    return ssvm_multiclass_problem(&c->m, &c->p) == SSVM_OK;
}

/* one distributed job: K ranks on the loopback, each training on its shard of full[rank] (the same data; a model
   object per rank where the oracle keeps scratch), from one configuration; what each rank ended with */
typedef struct dj dj;
struct dj {
    ssvm_loopback lb;
    int K;
    const ssvm_problem *full[DJ_MAX];
    ssvm_solver_config base;
    void (*tweak)(dj *j, int rank, ssvm_solver_config *c, ssvm_problem *p); /* a rank's own change, or NULL */
    int (*body)(dj *j, int rank, ssvm_solver *s);  /* after init: the run (NULL: ssvm_solver_run) */
    void *ctx;
    ssvm_result init_res[DJ_MAX], res[DJ_MAX];
    ssvm_real w[DJ_MAX][DMC_K * DMC_F * 4 + 256];
    ssvm_progress prog[DJ_MAX];
    /* checkpoints: a buffer per rank */
    unsigned char *ck[DJ_MAX];
    size_t ck_len[DJ_MAX];
};
static void dj_rank(void *arg, int rank) {
    dj *j = (dj *)arg;
    ssvm_shard sh;
    ssvm_problem p;
    ssvm_solver_config c = j->base;
    ssvm_solver s;
    int first = 0, cnt = 0;
    ssvm_shard_range(j->full[rank]->n, rank, j->K, &first, &cnt);
    ssvm_problem_shard(j->full[rank], first, cnt, &sh, &p);
    c.problem = &p;
    c.dist.allreduce = ssvm_loopback_allreduce; c.dist.user = &j->lb.ranks[rank];
    c.dist.rank = rank; c.dist.size = j->K;
    if (j->tweak) j->tweak(j, rank, &c, &p);
    j->init_res[rank] = ssvm_solver_init(&c, &s);
    j->res[rank] = j->init_res[rank];
    if (j->init_res[rank] != SSVM_OK) return;
    j->res[rank] = j->body ? (ssvm_result)j->body(j, rank, &s) : ssvm_solver_run(&s);
    ssvm_solver_progress(&s, &j->prog[rank]);
    if (j->res[rank] >= 0) ssvm_solver_weights(&s, SSVM_W_BEST, j->w[rank], sizeof j->w[rank]);
    ssvm_solver_uninit(&s);
}
static int dj_run(dj *j, int K) {
    int k;
    j->K = K;
    for (k = 0; k < K; k++) if (!j->full[k]) j->full[k] = j->full[0];
    if (ssvm_loopback_init(&j->lb, K, 4096) != 0) return 0;
    k = ssvm_loopback_run(&j->lb, dj_rank, j);
    ssvm_loopback_uninit(&j->lb);
    return k == 0;
}
/* a job on dmc_make(seed)'s data with kind's default configuration (0 when an allocation failed; both freed) */
static int dj_new(th_ctx *t, int seed, ssvm_solver_kind kind, dmc **pc, dj **pj) {
    dmc *c = (dmc *)calloc(1, sizeof *c);
    dj *j = (dj *)calloc(1, sizeof *j);
    TH_CHECK(t, c && j && dmc_make(c, seed, DMC_F));
    *pc = c; *pj = j;
    if (!c || !j) { free(c); free(j); return 0; }
    j->full[0] = &c->p;
    j->base = ssvm_solver_config_init(&c->p, kind);
    return 1;
}
static ssvm_result one_process(const ssvm_solver_config *c, ssvm_real *w, size_t wb, ssvm_progress *pr) {
    ssvm_solver s;
    ssvm_result r = ssvm_solver_init(c, &s);
    if (r != SSVM_OK) return r;
    r = ssvm_solver_run(&s);
    ssvm_solver_progress(&s, pr);
    if (r >= 0) ssvm_solver_weights(&s, SSVM_W_BEST, w, wb);
    ssvm_solver_uninit(&s);
    return r;
}
/* every rank ended with the same code and the same bits of w (the collective's promise kept through training) */
static void dj_same_on_all(th_ctx *t, const dj *j, int d, const char *what) {
    int k;
    for (k = 1; k < j->K; k++) {
        TH_CHECKF(t, j->res[k] == j->res[0], "%s: rank %d ended %d, rank 0 %d", what, k, j->res[k], j->res[0]);
        TH_CHECKF(t, memcmp(j->w[k], j->w[0], (size_t)d * sizeof(ssvm_real)) == 0, "%s: rank %d's w differs", what, k);
        TH_CHECKF(t, memcmp(&j->prog[k].iterate, &j->prog[0].iterate, sizeof j->prog[0].iterate) == 0 &&
                     j->prog[k].pass == j->prog[0].pass, "%s: rank %d's objective or pass differs", what, k);
    }
}
static double max_rel_diff(const ssvm_real *a, const ssvm_real *b, int d) {
    double m = 0, s = 0;
    int j;
    for (j = 0; j < d; j++) { double e = fabs((double)a[j] - (double)b[j]); if (e > m) m = e; if (fabs((double)b[j]) > s) s = fabs((double)b[j]); }
    return m / (s > 1 ? s : 1);
}

/* batch FW and the cutting plane: the ranks' iterates are one process's, to rounding */
static void dist_exact(th_ctx *t, ssvm_solver_kind kind, int weights) {
    dmc *c = (dmc *)calloc(1, sizeof *c);
    dj *j = (dj *)calloc(1, sizeof *j);
    static const int Ks[] = {2, 3, 5};
    ssvm_real w1[DMC_K * DMC_F];
    ssvm_progress p1;
    ssvm_solver_config one;
    int q, d;
    /* the cutting plane's working-set QP stops at its tolerance: rounding moves its last iterate a little more */
    double tol = IS_FLOAT_BUILD ? 2e-4 : kind == SSVM_CUTTING_PLANE ? 1e-7 : 1e-9;
    TH_CHECK(t, c && j && dmc_make(c, 11, DMC_F));
    if (!c || !j) { free(c); free(j); return; }
    if (weights) c->p.weights = c->wt;
    d = c->p.d;
    one = ssvm_solver_config_init(&c->p, kind);
    one.lambda = 0.02; one.max_passes = 12; one.gap_tol = 0;
    TH_CHECK(t, one_process(&one, w1, sizeof w1, &p1) == SSVM_MAX_PASSES);
    for (q = 0; q < 3; q++) {
        char what[64];
        memset(j, 0, sizeof *j);
        j->full[0] = &c->p; j->base = one;
        snprintf(what, sizeof what, "solver %d, K %d%s", (int)kind, Ks[q], weights ? ", weights" : "");
        TH_CHECK(t, dj_run(j, Ks[q]));
        TH_CHECKF(t, j->res[0] == SSVM_MAX_PASSES, "%s: %d", what, j->res[0]);
        dj_same_on_all(t, j, d, what);
        TH_CHECKF(t, max_rel_diff(j->w[0], w1, d) <= tol, "%s: w differs from one process by %g", what,
                  max_rel_diff(j->w[0], w1, d));
        TH_NEAR(t, j->prog[0].iterate.primal, p1.iterate.primal, tol);
        TH_NEAR(t, j->prog[0].iterate.dual, p1.iterate.dual, tol);
        TH_NEAR(t, j->prog[0].iterate.gap, p1.iterate.gap, IS_FLOAT_BUILD ? 1e-3 : 10 * tol);
        TH_CHECK(t, j->prog[0].pass == p1.pass);
    }
    free(c); free(j);
}
static void test_dist_fw_equals_one_process(th_ctx *t) { dist_exact(t, SSVM_FW, 0); }
static void test_dist_fw_weights(th_ctx *t) { dist_exact(t, SSVM_FW, 1); }
static void test_dist_cutplane_equals_one_process(th_ctx *t) { dist_exact(t, SSVM_CUTTING_PLANE, 0); }

/* with sigma' = K each round raises the dual (Ma et al. 2015, Lemma 4: the local subproblems are lower bounds):
   the iterate's evaluated dual never falls, on any rank */
typedef struct mono { double last; int drops, passes; } mono;
static mono g_mono[DJ_MAX];
static int mono_cb(void *u, const ssvm_progress *p) {
    mono *m = (mono *)u;
    if (p->iterate.dual == p->iterate.dual) {
        if (m->passes && p->iterate.dual < m->last - 1e-12 * (fabs(m->last) > 1 ? fabs(m->last) : 1)) m->drops++;
        m->last = p->iterate.dual; m->passes++;
    }
    return 0;
}
static void tweak_mono(dj *j, int rank, ssvm_solver_config *c, ssvm_problem *p) {
    (void)j; (void)p;
    memset(&g_mono[rank], 0, sizeof g_mono[rank]);
    c->progress = mono_cb; c->progress_user = &g_mono[rank];
}
static void check_mono(th_ctx *t, const dj *j, const char *what) {
    int k;
    if (IS_FLOAT_BUILD) return; /* float rounding of w moves the dual by more than the last steps raise it */
    for (k = 0; k < j->K; k++)
        TH_CHECKF(t, g_mono[k].drops == 0 && g_mono[k].passes > 0, "%s, rank %d: the dual fell %d times in %d passes",
                  what, k, g_mono[k].drops, g_mono[k].passes);
}

/* CoCoA+ BCFW: the certified gap of one process, on every K; the average and the iterate */
static void dist_bcfw(th_ctx *t, ssvm_averaging avg, int rounds, double sigma) {
    dmc *c = (dmc *)calloc(1, sizeof *c);
    dj *j = (dj *)calloc(1, sizeof *j);
    static const int Ks[] = {2, 4, 8};
    ssvm_real w1[DMC_K * DMC_F];
    ssvm_progress p1;
    ssvm_solver_config one;
    int q, d;
    double tol = IS_FLOAT_BUILD ? 3e-3 : 1e-3;
    TH_CHECK(t, c && j && dmc_make(c, 5, DMC_F));
    if (!c || !j) { free(c); free(j); return; }
    d = c->p.d;
    one = ssvm_solver_config_init(&c->p, SSVM_BCFW);
    one.lambda = 0.05; one.max_passes = 3000; one.gap_tol = tol; one.averaging = avg;
    TH_CHECK(t, one_process(&one, w1, sizeof w1, &p1) == SSVM_CONVERGED);
    for (q = 0; q < 3; q++) {
        char what[80];
        double pk, dk;
        memset(j, 0, sizeof *j);
        j->full[0] = &c->p; j->base = one;
        j->base.dist.rounds = rounds; j->base.dist.sigma = sigma;
        snprintf(what, sizeof what, "BCFW avg %d rounds %d sigma %g, K %d", (int)avg, rounds, sigma, Ks[q]);
        j->tweak = tweak_mono;
        TH_CHECK(t, dj_run(j, Ks[q]));
        if (sigma == 0) check_mono(t, j, what);
        TH_CHECKF(t, j->res[0] == SSVM_CONVERGED, "%s: %d after %d passes", what, j->res[0], j->prog[0].pass);
        dj_same_on_all(t, j, d, what);
        /* both certified: each primal is within its gap of the optimum, so the two are within the sum */
        pk = j->prog[0].returned == SSVM_W_AVERAGE ? j->prog[0].average.primal : j->prog[0].iterate.primal;
        dk = j->prog[0].returned == SSVM_W_AVERAGE ? j->prog[0].average.gap : j->prog[0].iterate.gap;
        TH_CHECKF(t, dk <= tol, "%s: gap %g", what, dk);
        TH_CHECKF(t, fabs(pk - (p1.returned == SSVM_W_AVERAGE ? p1.average.primal : p1.iterate.primal)) <= 2 * tol + 1e-12,
                  "%s: primal %.10g vs one process %.10g", what, pk, p1.iterate.primal);
        if (t->verbose) printf("    %s: %d passes (one process %d)\n", what, j->prog[0].pass, p1.pass);
    }
    free(c); free(j);
}
static void test_dist_bcfw_reaches_gap(th_ctx *t) { dist_bcfw(t, SSVM_AVG_WEIGHTED, 1, 0); }
static void test_dist_bcfw_options(th_ctx *t) {
    if (getenv("SSVM_TEST_QUICK")) { th_skip(t, "SSVM_TEST_QUICK (valgrind): test_dist_bcfw_reaches_gap covers the step"); return; }
    dist_bcfw(t, SSVM_AVG_NONE, 4, 0);   /* the iterate only, 4 rounds a pass */
    dist_bcfw(t, SSVM_AVG_SUFFIX, 1, 0); /* the suffix average */
    dist_bcfw(t, SSVM_AVG_UNIFORM, 2, 2); /* the uniform average; sigma' = 2 (at K 4 and 8 less than K, which
                                             Ma et al. do not prove safe: here it converges) */
}

/* the chain (a model object per rank: its oracle keeps scratch), compact sparse states through the D path */
static void test_dist_bcfw_chain(th_ctx *t) {
    tchain *ch = (tchain *)calloc(DJ_MAX + 1, sizeof *ch);
    dj *j = (dj *)calloc(1, sizeof *j);
    ssvm_real w1[256];
    ssvm_progress p1;
    ssvm_solver_config one;
    int k, q;
    double tol = IS_FLOAT_BUILD ? 3e-3 : 1e-3;
    if (getenv("SSVM_TEST_QUICK")) { /* valgrind: thousands of passes */
        th_skip(t, "SSVM_TEST_QUICK"); free(ch); free(j); return;
    }
    if (!ch || !j) { free(ch); free(j); TH_CHECK(t, 0); return; }
    for (k = 0; k <= DJ_MAX; k++) {
        trng r;
        r.s = 77;
        tchain_make(&ch[k], &r, 8, 4, 3, 0, k % 2);
        TH_CHECK(t, tchain_problem(&ch[k], &ch[k].p) == SSVM_OK);
    }
    one = ssvm_solver_config_init(&ch[DJ_MAX].p, SSVM_BCFW);
    one.lambda = 0.1; one.max_passes = 10000; one.gap_tol = tol; /* about 1,800 passes on one process, 5,900 at K 3 */
    TH_CHECK(t, (int)sizeof w1 >= ch[0].p.d * (int)sizeof(ssvm_real));
    TH_CHECK(t, one_process(&one, w1, sizeof w1, &p1) == SSVM_CONVERGED);
    for (q = 2; q <= 3; q++) { /* 8 sequences: 4 and 3 a rank (K 3: 5,900 passes) */
        char what[48];
        memset(j, 0, sizeof *j);
        for (k = 0; k < q; k++) j->full[k] = &ch[k].p;
        j->base = one;
        snprintf(what, sizeof what, "chain, K %d", q);
        j->tweak = tweak_mono;
        TH_CHECK(t, dj_run(j, q));
        check_mono(t, j, what);
        TH_CHECKF(t, j->res[0] == SSVM_CONVERGED, "%s: %d after %d passes (one process: %d), gaps %g %g", what, j->res[0],
                  j->prog[0].pass, p1.pass, j->prog[0].iterate.gap, j->prog[0].average.gap);
        dj_same_on_all(t, j, ch[0].p.d, what);
        TH_CHECKF(t, fabs(j->prog[0].average.primal - p1.average.primal) <= 2 * tol ||
                     fabs(j->prog[0].iterate.primal - p1.iterate.primal) <= 2 * tol,
                  "%s: primal %.10g vs %.10g", what, j->prog[0].average.primal, p1.average.primal);
    }
    for (k = 0; k <= DJ_MAX; k++) tchain_free(&ch[k]);
    free(ch); free(j);
}

/* size 1 (with a hook) is one process: BCFW's bits */
static void test_dist_size_one_is_bcfw(th_ctx *t) {
    dmc *c = (dmc *)calloc(1, sizeof *c);
    ssvm_loopback lb;
    ssvm_solver_config a, b;
    ssvm_real wa[DMC_K * DMC_F], wb[DMC_K * DMC_F];
    ssvm_progress pa, pb;
    TH_CHECK(t, c && dmc_make(c, 3, DMC_F) && ssvm_loopback_init(&lb, 1, 64) == 0);
    if (!c) return;
    a = ssvm_solver_config_init(&c->p, SSVM_BCFW);
    a.max_passes = 7; a.gap_tol = 0;
    b = a;
    b.dist.allreduce = ssvm_loopback_allreduce; b.dist.user = &lb.ranks[0]; b.dist.size = 1;
    TH_CHECK(t, one_process(&a, wa, sizeof wa, &pa) == SSVM_MAX_PASSES);
    TH_CHECK(t, one_process(&b, wb, sizeof wb, &pb) == SSVM_MAX_PASSES);
    TH_CHECK(t, memcmp(wa, wb, sizeof wa) == 0 && memcmp(&pa.average, &pb.average, sizeof pa.average) == 0);
    TH_CHECK(t, lb.calls == 0);
    ssvm_loopback_uninit(&lb);
    free(c);
}

/* options that do not go with ranks, each with its code (checked before any collective call) */
static int dummy_allreduce(void *u, double *b, size_t n) { (void)u; (void)b; (void)n; return 0; }
static void test_dist_bad_config(th_ctx *t) {
    dmc *c = (dmc *)calloc(1, sizeof *c);
    ssvm_solver_config q, b;
    TH_CHECK(t, c && dmc_make(c, 3, DMC_F));
    if (!c) return;
    b = ssvm_solver_config_init(&c->p, SSVM_BCFW);
    b.dist.allreduce = dummy_allreduce; b.dist.size = 4; b.dist.rank = 1;
    TH_CHECK(t, ssvm_solver_config_check(&b) == SSVM_OK);
    q = b; q.dist.allreduce = 0; TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_NULL_CALLBACK);
    q = b; q.dist.rank = 4; TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_INVALID_ARG);
    q = b; q.dist.rank = -1; TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_INVALID_ARG);
    q = b; q.dist.size = -2; TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_INVALID_ARG);
    q = b; q.dist.size = 1; TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_INVALID_ARG); /* rank 1 of 1 */
    q = b; q.dist.rounds = -1; TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_INVALID_ARG);
    q = b; q.dist.sigma = 0.5; TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_INVALID_ARG);
    q = b; q.dist.sigma = 5; TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_INVALID_ARG);
    q = b; q.dist.sigma = 2.5; TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_OK);
    q = b; q.solver = SSVM_SSG; TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_NOT_SUPPORTED);
    q = b; q.max_oracle_calls = 100; TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_NOT_SUPPORTED);
    q = b; q.line_search = 0; TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_NOT_SUPPORTED);
    q = b; q.solver = SSVM_FW; q.averaging = SSVM_AVG_NONE; q.line_search = 0; TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_OK);
#ifndef STRUCTSVM_NO_GAPS
    q = b; q.bcfw.gap_sampling = 1; TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_BCFW_COMBINATION);
    q = b; q.bcfw.steps = SSVM_BCFW_STEPS_PAIRWISE; TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_BCFW_COMBINATION);
#endif
    q = b; q.par.batch = 4; TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_BATCH ||
                                        ssvm_solver_config_check(&q) == SSVM_ERR_NOT_SUPPORTED);
    free(c);
}

/* the handshake: a rank that disagrees (lambda, d, its index) or whose init fails; every rank learns it */
static int g_tweak_kind;
static dmc *g_other; /* a problem of another d */
static void tweak_one(dj *j, int rank, ssvm_solver_config *c, ssvm_problem *p) {
    (void)j;
    if (rank != 1) return;
    if (g_tweak_kind == 0) c->lambda *= 1.5;
    if (g_tweak_kind == 1) p->d = g_other->p.d; /* what a rank with other data would say */
    if (g_tweak_kind == 2) c->dist.rank = 0;    /* two ranks 0 */
    if (g_tweak_kind == 3) p->n = 0;            /* its own init fails: SSVM_ERR_EMPTY */
    if (g_tweak_kind == 4) c->max_passes = 3;   /* a stopping rule that differs */
    if (g_tweak_kind == 5) c->dist.rank = 7;    /* an index out of range: its own INVALID_ARG, never a hang */
}
static void test_dist_handshake(th_ctx *t) {
    dmc *c = (dmc *)calloc(1, sizeof *c), *o = (dmc *)calloc(1, sizeof *o);
    dj *j = (dj *)calloc(1, sizeof *j);
    int kind, k;
    TH_CHECK(t, c && o && j && dmc_make(c, 3, DMC_F) && dmc_make(o, 3, DMC_F - 1));
    if (!c || !o || !j) { free(c); free(o); free(j); return; }
    g_other = o;
    for (kind = 0; kind < 6; kind++) {
        memset(j, 0, sizeof *j);
        j->full[0] = &c->p;
        j->base = ssvm_solver_config_init(&c->p, SSVM_BCFW);
        j->base.max_passes = 2;
        j->tweak = tweak_one; g_tweak_kind = kind;
        TH_CHECK(t, dj_run(j, 3));
        for (k = 0; k < 3; k++) {
            ssvm_result want = kind == 3 ? (k == 1 ? SSVM_ERR_EMPTY : SSVM_ERR_PEER)
                             : kind == 5 ? (k == 1 ? SSVM_ERR_INVALID_ARG : SSVM_ERR_PEER) : SSVM_ERR_COLLECTIVE;
            TH_CHECKF(t, j->init_res[k] == want, "case %d, rank %d: init %d, want %d", kind, k, j->init_res[k], want);
        }
    }
    free(c); free(o); free(j);
}

/* ssvm_train's own checks (here rank 1's w buffer too small) fail on one rank: it joins the others' handshake with
   its code (SSVM_ERR_WORKSPACE there, SSVM_ERR_PEER elsewhere), never leaving them waiting */
typedef struct dtrain { ssvm_loopback lb; const ssvm_problem *full; ssvm_result res[DJ_MAX]; ssvm_real w[DJ_MAX][64]; } dtrain;
static void dtrain_rank(void *arg, int rank) {
    dtrain *q = (dtrain *)arg;
    ssvm_shard sh;
    ssvm_problem p;
    ssvm_solver_config c;
    int first = 0, cnt = 0;
    ssvm_shard_range(q->full->n, rank, 3, &first, &cnt);
    ssvm_problem_shard(q->full, first, cnt, &sh, &p);
    c = ssvm_solver_config_init(&p, SSVM_BCFW);
    c.max_passes = 3;
    c.dist.allreduce = ssvm_loopback_allreduce; c.dist.user = &q->lb.ranks[rank];
    c.dist.rank = rank; c.dist.size = 3;
    q->res[rank] = ssvm_train(&c, q->w[rank], rank == 1 ? sizeof(ssvm_real) : sizeof q->w[rank], 0);
}
static void test_dist_train_refuses_on_one_rank(th_ctx *t) {
    dmc *c = (dmc *)calloc(1, sizeof *c);
    dtrain *q = (dtrain *)calloc(1, sizeof *q);
    int k;
    TH_CHECK(t, c && q && dmc_make(c, 3, DMC_F));
    if (!c || !q) { free(c); free(q); return; }
    TH_CHECK(t, c->p.d <= 64);
    q->full = &c->p;
    TH_CHECK(t, ssvm_loopback_init(&q->lb, 3, 4096) == 0);
    TH_CHECK(t, ssvm_loopback_run(&q->lb, dtrain_rank, q) == 0);
    ssvm_loopback_uninit(&q->lb);
    for (k = 0; k < 3; k++) {
        ssvm_result want = k == 1 ? SSVM_ERR_WORKSPACE : SSVM_ERR_PEER;
        TH_CHECKF(t, q->res[k] == want, "rank %d: %d, want %d", k, q->res[k], want);
    }
    free(c); free(q);
}

/* the hook fails (on every rank, as a collective does) at its n-th call: every rank stops with SSVM_ERR_COLLECTIVE */
static void test_dist_hook_fails(th_ctx *t) {
    dmc *c = (dmc *)calloc(1, sizeof *c);
    dj *j = (dj *)calloc(1, sizeof *j);
    static const ssvm_solver_kind kinds[] = {SSVM_BCFW, SSVM_FW, SSVM_CUTTING_PLANE};
    int q, k, at;
    TH_CHECK(t, c && j && dmc_make(c, 3, DMC_F));
    if (!c || !j) { free(c); free(j); return; }
    for (q = 0; q < 3; q++)
        for (at = 1; at <= 9; at += 4) {
            memset(j, 0, sizeof *j);
            j->full[0] = &c->p;
            j->base = ssvm_solver_config_init(&c->p, kinds[q]);
            j->base.max_passes = 5; j->base.gap_tol = 0;
            j->K = 3;
            if (ssvm_loopback_init(&j->lb, 3, 4096) != 0) { TH_CHECK(t, 0); break; }
            j->lb.fail_at = at;
            for (k = 1; k < 3; k++) j->full[k] = j->full[0];
            TH_CHECK(t, ssvm_loopback_run(&j->lb, dj_rank, j) == 0);
            ssvm_loopback_uninit(&j->lb);
            for (k = 0; k < 3; k++) TH_CHECKF(t, j->res[k] == SSVM_ERR_COLLECTIVE, "solver %d, fail at %d, rank %d: %d",
                                             (int)kinds[q], at, k, j->res[k]);
        }
    free(c); free(j);
}

/* an oracle failing on rank 2 only: rank 2 its own code, the others SSVM_ERR_PEER, at once (no rank waits) */
typedef struct failing { ssvm_problem inner; int calls, fail_at; } failing;
static int failing_oracle(void *u, int i, const ssvm_real *w, double ws, int *y, ssvm_real *delta) {
    failing *f = (failing *)u;
    if (++f->calls == f->fail_at) return SSVM_ERR_CALLBACK;
    return f->inner.oracle(f->inner.user, i, w, ws, y, delta);
}
static int failing_truth(void *u, int i, int *y) { failing *f = (failing *)u; return f->inner.truth(f->inner.user, i, y); }
static int failing_phi(void *u, int i, const int *y, int len, ssvm_real sc, ssvm_svec *out) {
    failing *f = (failing *)u;
    return f->inner.phi(f->inner.user, i, y, len, sc, out);
}
static failing g_fail[DJ_MAX];
static void tweak_failing(dj *j, int rank, ssvm_solver_config *c, ssvm_problem *p) {
    ssvm_problem q;
    (void)j; (void)c;
    if (rank != 2) return;
    g_fail[rank].inner = *p; g_fail[rank].calls = 0; g_fail[rank].fail_at = g_tweak_kind;
    q = ssvm_problem_config_init(p->n, p->d, p->max_label_len);
    q.user = &g_fail[rank]; q.truth = failing_truth; q.phi = failing_phi; q.oracle = failing_oracle;
    *p = q;
}
static void test_dist_oracle_fails(th_ctx *t) {
    dmc *c = (dmc *)calloc(1, sizeof *c);
    dj *j = (dj *)calloc(1, sizeof *j);
    static const ssvm_solver_kind kinds[] = {SSVM_BCFW, SSVM_FW, SSVM_CUTTING_PLANE};
    int q, k, at;
    TH_CHECK(t, c && j && dmc_make(c, 3, DMC_F));
    if (!c || !j) { free(c); free(j); return; }
    for (q = 0; q < 3; q++)
        for (at = 3; at <= 60; at += 19) { /* in a training pass and in an evaluation */
            memset(j, 0, sizeof *j);
            j->full[0] = &c->p;
            j->base = ssvm_solver_config_init(&c->p, kinds[q]);
            j->base.max_passes = 6; j->base.gap_tol = 0;
            j->tweak = tweak_failing; g_tweak_kind = at;
            TH_CHECK(t, dj_run(j, 4));
            for (k = 0; k < 4; k++) {
                ssvm_result want = k == 2 ? SSVM_ERR_CALLBACK : SSVM_ERR_PEER;
                TH_CHECKF(t, j->res[k] == want, "solver %d, call %d, rank %d: %d, want %d", (int)kinds[q], at, k,
                          j->res[k], want);
            }
        }
    free(c); free(j);
}

/* a stop asked by one rank's progress callback stops all, at the same pass */
static int stop_on_rank1(void *u, const ssvm_progress *p) { return u != 0 && p->pass == 3; }
static void tweak_progress(dj *j, int rank, ssvm_solver_config *c, ssvm_problem *p) {
    (void)j; (void)p;
    c->progress = stop_on_rank1;
    c->progress_user = rank == 1 ? (void *)c : 0;
}
static void test_dist_progress_stop(th_ctx *t) {
    dmc *c;
    dj *j;
    int k;
    if (!dj_new(t, 3, SSVM_BCFW, &c, &j)) return;
    j->base.max_passes = 20; j->base.gap_tol = 0;
    j->tweak = tweak_progress;
    TH_CHECK(t, dj_run(j, 3));
    for (k = 0; k < 3; k++) TH_CHECKF(t, j->res[k] == SSVM_STOPPED_BY_USER && j->prog[k].pass == 3, "rank %d: %d at pass %d",
                                     k, j->res[k], j->prog[k].pass);
    dj_same_on_all(t, j, c->p.d, "progress stop");
    free(c); free(j);
}

/* checkpoints per rank: saved at pass 4, resumed by fresh solvers to pass 9 = the uninterrupted run bit for bit;
   one rank with a checkpoint of pass 2: every rank refuses (and starts over); a corrupt one on rank 0: its own
   code there, SSVM_ERR_PEER elsewhere */
static int g_ck_mode;
static int ck_body(dj *j, int rank, ssvm_solver *s) {
    ssvm_result r;
    size_t n = 0;
    if (g_ck_mode == 0) { /* save at 2 and 4, then go on to 9 */
        th_set_limit(s, "max_passes", 2);
        if ((r = ssvm_solver_run(s)) != SSVM_MAX_PASSES) return r;
        if (rank == 1) {
            ssvm_solver_checkpoint_get_size(s, &n);
            j->ck[rank + DJ_MAX / 2] = (unsigned char *)malloc(n);
            ssvm_solver_checkpoint_save(s, j->ck[rank + DJ_MAX / 2], n, &j->ck_len[rank + DJ_MAX / 2]);
        }
        th_set_limit(s, "max_passes", 4);
        if ((r = ssvm_solver_run(s)) != SSVM_MAX_PASSES) return r;
        if ((r = ssvm_solver_checkpoint_get_size(s, &n)) != SSVM_OK) return r;
        j->ck[rank] = (unsigned char *)malloc(n);
        if ((r = ssvm_solver_checkpoint_save(s, j->ck[rank], n, &j->ck_len[rank])) != SSVM_OK) return r;
        th_set_limit(s, "max_passes", 9);
        return ssvm_solver_run(s);
    }
    if (g_ck_mode == 1) { /* resume */
        if ((r = ssvm_solver_checkpoint_load(s, j->ck[rank], j->ck_len[rank])) != SSVM_OK) return r;
        th_set_limit(s, "max_passes", 9);
        return ssvm_solver_run(s);
    }
    if (g_ck_mode == 2) /* rank 1 loads its pass-2 checkpoint */
        return ssvm_solver_checkpoint_load(s, rank == 1 ? j->ck[rank + DJ_MAX / 2] : j->ck[rank],
                                           rank == 1 ? j->ck_len[rank + DJ_MAX / 2] : j->ck_len[rank]);
    if (g_ck_mode == 4) { /* checkpoint files: rank 1's is missing, so nothing is applied anywhere; all go on to 9 */
        char path[256];
        snprintf(path, sizeof path, "%s.%d", (const char *)j->ctx, rank == 1 ? 99 : rank);
        r = ssvm_solver_checkpoint_load_path(s, path);
        if (r != (rank == 1 ? SSVM_ERR_IO : SSVM_ERR_PEER)) return SSVM_ERR_INVALID_ARG - 1000 + (int)r;
        th_set_limit(s, "max_passes", 9);
        return ssvm_solver_run(s);
    }
    if (g_ck_mode == 3) { /* rank 0's is corrupt */
        if (rank == 0) j->ck[0][j->ck_len[0] / 2] ^= 0x40;
        r = ssvm_solver_checkpoint_load(s, j->ck[rank], j->ck_len[rank]);
        if (rank == 0) j->ck[0][j->ck_len[0] / 2] ^= 0x40;
        return r;
    }
    return SSVM_ERR_INVALID_ARG;
}
static void test_dist_ckpt(th_ctx *t) {
    dmc *c = (dmc *)calloc(1, sizeof *c);
    dj *j = (dj *)calloc(1, sizeof *j), *j2 = (dj *)calloc(1, sizeof *j2);
    static const ssvm_solver_kind kinds[] = {SSVM_BCFW, SSVM_FW, SSVM_BCFW};
    char dir[] = "/tmp/ssvm_dist_ckXXXXXX", base[300], path[320];
    int q, k;
    TH_CHECK(t, c && j && j2 && dmc_make(c, 9, DMC_F));
    TH_CHECK(t, mkdtemp(dir) != 0);
    snprintf(base, sizeof base, "%s/ck", dir);
    if (!c || !j || !j2) { free(c); free(j); free(j2); return; }
    for (q = 0; q < 3; q++) {
        memset(j, 0, sizeof *j);
        j->full[0] = &c->p;
        j->base = ssvm_solver_config_init(&c->p, kinds[q]);
        j->base.gap_tol = 0;
        if (q == 2) { /* the sparse state from a pool of 32 pairs (n = 30 a rank): a checkpoint's check must grow it (and keep it) */
            j->base.state = SSVM_STATE_SPARSE; j->base.sparse_pool_entries = 32;
        }
        j->body = ck_body; g_ck_mode = 0;
        TH_CHECK(t, dj_run(j, 3));
        TH_CHECK(t, j->res[0] == SSVM_MAX_PASSES && j->prog[0].pass == 9);
        /* resume */
        memcpy(j2, j, sizeof *j2);
        memset(j2->w, 0, sizeof j2->w);
        g_ck_mode = 1;
        TH_CHECK(t, dj_run(j2, 3));
        for (k = 0; k < 3; k++) {
            TH_CHECKF(t, j2->res[k] == SSVM_MAX_PASSES, "solver %d, rank %d: resumed run %d", (int)kinds[q], k, j2->res[k]);
            TH_CHECKF(t, memcmp(j2->w[k], j->w[k], (size_t)c->p.d * sizeof(ssvm_real)) == 0,
                      "solver %d, rank %d: the resumed run's w differs", (int)kinds[q], k);
        }
        g_ck_mode = 2;
        TH_CHECK(t, dj_run(j2, 3));
        for (k = 0; k < 3; k++) TH_CHECKF(t, j2->res[k] == SSVM_ERR_CKPT_MISMATCH, "solver %d, rank %d: %d", (int)kinds[q],
                                         k, j2->res[k]);
        g_ck_mode = 3;
        TH_CHECK(t, dj_run(j2, 3));
        TH_CHECKF(t, j2->res[0] < 0 && j2->res[0] != SSVM_ERR_PEER, "rank 0: %d", j2->res[0]);
        for (k = 1; k < 3; k++) TH_CHECKF(t, j2->res[k] == SSVM_ERR_PEER, "solver %d, rank %d: %d", (int)kinds[q], k, j2->res[k]);
        for (k = 0; k < 3; k++) { /* the files, but rank 1's is missing: each solver goes on as it was (pass 0) */
            FILE *f;
            snprintf(path, sizeof path, "%s.%d", base, k);
            TH_CHECK(t, (f = fopen(path, "wb")) != 0);
            if (f) { TH_CHECK(t, fwrite(j->ck[k], 1, j->ck_len[k], f) == j->ck_len[k]); fclose(f); }
        }
        g_ck_mode = 4; j2->ctx = base;
        memset(j2->w, 0, sizeof j2->w);
        TH_CHECK(t, dj_run(j2, 3));
        for (k = 0; k < 3; k++) {
            TH_CHECKF(t, j2->res[k] == SSVM_MAX_PASSES, "solver %d, rank %d: after a missing file %d", (int)kinds[q], k,
                      j2->res[k]);
            TH_CHECKF(t, memcmp(j2->w[k], j->w[k], (size_t)c->p.d * sizeof(ssvm_real)) == 0,
                      "solver %d, rank %d: after a failed load, w differs from the run that never tried", (int)kinds[q], k);
            snprintf(path, sizeof path, "%s.%d", base, k);
            remove(path);
        }
        for (k = 0; k < DJ_MAX; k++) free(j->ck[k]);
    }
    rmdir(dir);
    free(c); free(j); free(j2);
}

static void test_dist_shard_range(th_ctx *t) {
    int f, c, k, next, size;
    for (size = 1; size <= 9; size++) {
        next = 0;
        for (k = 0; k < size; k++) {
            TH_CHECK(t, ssvm_shard_range(23, k, size, &f, &c) == SSVM_OK);
            TH_CHECK(t, f == next && (c == 23 / size || c == 23 / size + 1));
            next = f + c;
        }
        TH_CHECK(t, next == 23);
    }
    TH_CHECK(t, ssvm_shard_range(5, 3, 3, &f, &c) == SSVM_ERR_INVALID_ARG);
    TH_CHECK(t, ssvm_shard_range(5, 0, 0, &f, &c) == SSVM_ERR_INVALID_ARG);
}

/* Ranks whose vectors part: rank 1's w moved by an ulp after 2 passes (what a build that rounds otherwise, a libm,
   FMA contraction or a BLAS kernel, would do to FW's step or the cutting plane's QP). The next exchange finds it
   on every rank: the next pass (BCFW's round compares its start, FW's and the cutting plane's pass their iterate)
   and an evaluation (after one at equal vectors, which passes), each SSVM_ERR_COLLECTIVE everywhere, never a
   certificate over mixed vectors. */
static int g_part_mode;
static int part_body(dj *j, int rank, ssvm_solver *s) {
    ssvm_result r;
    ssvm_progress pr;
    (void)j;
    th_set_limit(s, "max_passes", 2);
    if ((r = ssvm_solver_run(s)) != SSVM_MAX_PASSES) return r;
    if (g_part_mode == 1 && (r = ssvm_solver_evaluate(s, 1, 1, &pr)) != SSVM_OK) return r; /* equal: passes */
    if (rank == 1) {
        ssvm_real *w = th_priv_engine_view(s).w;
        w[3] = w[3] != 0 ? w[3] * (1 + (ssvm_real)1e-6) : (ssvm_real)1e-30;
    }
    if (g_part_mode == 1) return ssvm_solver_evaluate(s, 1, 0, &pr);
    th_set_limit(s, "max_passes", 4);
    return ssvm_solver_run(s);
}
static void test_dist_ranks_part(th_ctx *t) {
    dmc *c = (dmc *)calloc(1, sizeof *c);
    dj *j = (dj *)calloc(1, sizeof *j);
    static const ssvm_solver_kind kinds[] = {SSVM_BCFW, SSVM_FW, SSVM_CUTTING_PLANE};
    int q, k;
    TH_CHECK(t, c && j && dmc_make(c, 3, DMC_F));
    if (!c || !j) { free(c); free(j); return; }
    for (g_part_mode = 0; g_part_mode < 2; g_part_mode++)
        for (q = 0; q < 3; q++) {
            memset(j, 0, sizeof *j);
            j->full[0] = &c->p;
            j->base = ssvm_solver_config_init(&c->p, kinds[q]);
            j->base.gap_tol = 0;
            /* no evaluation in the run: FW and the cutting plane would take the evaluation's pass (at the vector
               before the change) as the next iteration's, and the QP's w then overwrites the changed one */
            j->base.eval_every = g_part_mode == 0 ? 0 : 1;
            j->body = part_body;
            TH_CHECK(t, dj_run(j, 3));
            for (k = 0; k < 3; k++)
                TH_CHECKF(t, j->res[k] == SSVM_ERR_COLLECTIVE, "solver %d, %s: rank %d ended %d", (int)kinds[q],
                          g_part_mode ? "evaluation" : "next pass", k, j->res[k]);
        }
    free(c); free(j);
}

/* SSVM_EVAL_PREDICT reads libm's exp and log, which need not round alike on every rank: the ranks agree (due on
   one: due on all). Rank 1's history is made to ask an evaluation after each pass (its last evaluated pass set
   to 0, as if its prediction differed); every rank then evaluates at every pass, with the same numbers, where
   without the agreement rank 1 alone would call the evaluation's allreduce. Then the stopping rules: rank 1's
   gap_tol raised after init (its own test would stop it at once); every rank follows rank 0's rule. */
static int g_pred_mode;
static int pred_body(dj *j, int rank, ssvm_solver *s) {
    ssvm_result r;
    ssvm_progress pr;
    int pass;
    (void)j;
    if (g_pred_mode == 1) {
        if (rank == 1) th_set_limit(s, "gap_tol", 1e9);
        return ssvm_solver_run(s);
    }
    th_set_limit(s, "max_passes", 1);
    if ((r = ssvm_solver_run(s)) != SSVM_MAX_PASSES) return r;
    for (pass = 2; pass <= 12; pass++) {
        if (rank == 1) *th_priv_engine_view(s).ev_last = 0;
        th_set_limit(s, "max_passes", pass);
        if ((r = ssvm_solver_run(s)) != SSVM_MAX_PASSES) return r;
        ssvm_solver_progress(s, &pr);
        if (pr.iterate.gap != pr.iterate.gap) return SSVM_ERR_INVALID_ARG - 1000 - pass; /* not evaluated */
    }
    return SSVM_MAX_PASSES;
}
static void test_dist_decisions_agreed(th_ctx *t) {
    dmc *c = (dmc *)calloc(1, sizeof *c);
    dj *j = (dj *)calloc(1, sizeof *j);
    static const ssvm_solver_kind kinds[] = {SSVM_BCFW, SSVM_FW};
    ssvm_real w1[DMC_K * DMC_F];
    ssvm_progress p1;
    int q, k;
    TH_CHECK(t, c && j && dmc_make(c, 4, DMC_F));
    if (!c || !j) { free(c); free(j); return; }
    for (q = 0; q < 2; q++) {
        memset(j, 0, sizeof *j);
        j->full[0] = &c->p;
        j->base = ssvm_solver_config_init(&c->p, kinds[q]);
        j->base.eval_schedule = SSVM_EVAL_PREDICT; j->base.gap_tol = 1e-9; j->base.max_passes = 1;
        j->body = pred_body; g_pred_mode = 0;
        TH_CHECK(t, dj_run(j, 2));
        TH_CHECKF(t, j->res[0] == SSVM_MAX_PASSES && j->prog[0].pass == 12, "solver %d: %d at pass %d", (int)kinds[q],
                  j->res[0], j->prog[0].pass);
        dj_same_on_all(t, j, c->p.d, "PREDICT, one rank due");
    }
    for (q = 0; q < 2; q++) { /* the rules: rank 0's, on every rank; the same run as one process */
        ssvm_solver_config one = ssvm_solver_config_init(&c->p, kinds[q]);
        one.lambda = 0.05; one.gap_tol = 1e-2; one.max_passes = 500;
        TH_CHECK(t, one_process(&one, w1, sizeof w1, &p1) == SSVM_CONVERGED);
        memset(j, 0, sizeof *j);
        j->full[0] = &c->p; j->base = one;
        j->body = pred_body; g_pred_mode = 1;
        TH_CHECK(t, dj_run(j, 3));
        for (k = 0; k < 3; k++)
            TH_CHECKF(t, j->res[k] == SSVM_CONVERGED && j->prog[k].pass == j->prog[0].pass && j->prog[0].pass > 1,
                      "solver %d, rank %d: %d at pass %d (rank 0: pass %d)", (int)kinds[q], k, j->res[k],
                      j->prog[k].pass, j->prog[0].pass);
        dj_same_on_all(t, j, c->p.d, "rank 0's rule");
    }
    free(c); free(j);
}

/* A rank's own arithmetic after the pass's exchange (as a build that rounds apart would): rank 1's configuration
   changed after init, which the handshake cannot see. FW with rank 1's step 2/(k+2) instead of the line search:
   its w parts after one pass, with no evaluation and no further exchange of w; the pass's end finds it
   (SSVM_ERR_COLLECTIVE on all, where the run would have ended with MAX_PASSES and different vectors). The cutting
   plane with rank 1's QP capped at one iteration: rank 1 fails (SSVM_ERR_QP) after the plane's exchange, the others
   learn it at the pass's end (SSVM_ERR_PEER) instead of waiting at the next exchange. */
static int g_own_mode;
static void tweak_own(dj *j, int rank, ssvm_solver_config *c, ssvm_problem *p) { (void)j; (void)rank; (void)c; (void)p; }
static int own_body(dj *j, int rank, ssvm_solver *s) {
    (void)j;
    if (rank == 1) {
        ssvm_solver_config *c = (ssvm_solver_config *)ssvm_solver_config_of(s); /* a test's poke: not an API */
        if (g_own_mode == 0) c->line_search = 0;
        else { c->cp.qp_max_iter = 1; c->cp.qp_tol = 1e-15; }
    }
    return ssvm_solver_run(s);
}
static void test_dist_rank_own_arithmetic(th_ctx *t) {
    dmc *c = (dmc *)calloc(1, sizeof *c);
    dj *j = (dj *)calloc(1, sizeof *j);
    int k;
    TH_CHECK(t, c && j && dmc_make(c, 6, DMC_F));
    if (!c || !j) { free(c); free(j); return; }
    for (g_own_mode = 0; g_own_mode < 2; g_own_mode++) {
        memset(j, 0, sizeof *j);
        j->full[0] = &c->p;
        j->base = ssvm_solver_config_init(&c->p, g_own_mode == 0 ? SSVM_FW : SSVM_CUTTING_PLANE);
        j->base.gap_tol = 0;
        j->base.max_passes = g_own_mode == 0 ? 1 : 12;
        j->base.eval_every = g_own_mode == 0 ? 0 : 1;
        j->tweak = tweak_own; j->body = own_body;
        TH_CHECK(t, dj_run(j, 3));
        for (k = 0; k < 3; k++) {
            ssvm_result want = g_own_mode == 0 ? SSVM_ERR_COLLECTIVE : k == 1 ? SSVM_ERR_QP : SSVM_ERR_PEER;
            TH_CHECKF(t, j->res[k] == want, "%s: rank %d ended %d, expected %d", g_own_mode ? "cutting plane" : "FW", k,
                      j->res[k], want);
        }
    }
    free(c); free(j);
}

/* From a review of the promises (each failed before its fix). Example weights are the whole problem's: a shard
   whose weights are all 0 trains (it was SSVM_ERR_EMPTY on that rank), and shards whose finite sums overflow
   together are SSVM_ERR_OVERFLOW on every rank (every share c_i / sum c was 0: CONVERGED at once on gap 0). */
static ssvm_real g_wts[DMC_N];
static void tweak_weights(dj *j, int rank, ssvm_solver_config *c, ssvm_problem *p) {
    int first = 0, cnt = 0;
    (void)c;
    ssvm_shard_range(j->full[rank]->n, rank, j->K, &first, &cnt);
    p->weights = g_wts + first;
}
static void test_dist_weights_whole(th_ctx *t) {
    dmc *c = (dmc *)calloc(1, sizeof *c);
    dj *j = (dj *)calloc(1, sizeof *j);
    ssvm_problem pw;
    ssvm_real w1[DMC_K * DMC_F];
    ssvm_progress p1;
    int k, mode;
    TH_CHECK(t, c && j && dmc_make(c, 8, DMC_F));
    if (!c || !j) { free(c); free(j); return; }
    for (mode = 0; mode < 2; mode++) {
        ssvm_solver_config one;
        for (k = 0; k < DMC_N; k++) g_wts[k] = mode == 0 ? (ssvm_real)(k < 2 * DMC_N / 3 ? 1 : 0) : (ssvm_real)1e-30;
        if (mode == 1 && sizeof(ssvm_real) == sizeof(double)) for (k = 0; k < DMC_N; k++) g_wts[k] = (ssvm_real)6e306;
        if (mode == 1 && sizeof(ssvm_real) != sizeof(double)) continue; /* a float's weights cannot sum past 1e308 */
        pw = c->p; pw.weights = g_wts;
        one = ssvm_solver_config_init(&pw, SSVM_BCFW);
        one.max_passes = mode == 0 ? 3000 : 20; one.gap_tol = mode == 0 ? 1e-3 : 0;
        memset(j, 0, sizeof *j);
        j->full[0] = &c->p;
        j->base = one;
        j->tweak = tweak_weights;
        TH_CHECK(t, dj_run(j, 3));
        if (mode == 0) { /* rank 2's 30 examples weigh 0: trains, all ranks alike, to one process's optimum */
            TH_CHECK(t, one_process(&one, w1, sizeof w1, &p1) == SSVM_CONVERGED);
            for (k = 0; k < 3; k++) TH_CHECKF(t, j->res[k] == SSVM_CONVERGED, "rank %d: %d", k, j->res[k]);
            dj_same_on_all(t, j, c->p.d, "a shard of zero weights");
            { /* both within 1e-3 of the optimum: their best primals within 2e-3 */
                double a = j->prog[0].average.primal == j->prog[0].average.primal ? j->prog[0].average.primal : 1e9;
                double b = p1.average.primal == p1.average.primal ? p1.average.primal : 1e9;
                if (j->prog[0].iterate.primal < a) a = j->prog[0].iterate.primal;
                if (p1.iterate.primal < b) b = p1.iterate.primal;
                TH_NEAR(t, a, b, 2e-3);
            }
        } else { /* 90 x 6e306: each shard's 30 sum to 1.8e308 (finite), the whole to inf */
            TH_CHECK(t, one_process(&one, w1, sizeof w1, &p1) == SSVM_ERR_OVERFLOW);
            for (k = 0; k < 3; k++) TH_CHECKF(t, j->init_res[k] == SSVM_ERR_OVERFLOW, "rank %d: %d", k, j->init_res[k]);
        }
    }
    free(c); free(j);
}

/* ssvm_solver_pass on ranks ends its pass as ssvm_solver_run does: rank 1's cutting plane failing alone (its QP
   capped) is SSVM_ERR_PEER on the others, who waited at the next exchange before (a hang) */
static int pass_body(dj *j, int rank, ssvm_solver *s) {
    int k;
    ssvm_result r = SSVM_OK;
    (void)j;
    if (rank == 1) {
        ssvm_solver_config *c = (ssvm_solver_config *)ssvm_solver_config_of(s); /* a test's poke: not an API */
        c->cp.qp_max_iter = 1; c->cp.qp_tol = 1e-15;
    }
    for (k = 0; k < 12 && r == SSVM_OK; k++) r = ssvm_solver_pass(s);
    return r;
}
static void test_dist_pass_agreed(th_ctx *t) {
    dmc *c;
    dj *j;
    int k;
    if (!dj_new(t, 6, SSVM_CUTTING_PLANE, &c, &j)) return;
    j->body = pass_body;
    TH_CHECK(t, dj_run(j, 3));
    for (k = 0; k < 3; k++)
        TH_CHECKF(t, j->res[k] == (k == 1 ? SSVM_ERR_QP : SSVM_ERR_PEER), "rank %d ended %d", k, j->res[k]);
    free(c); free(j);
}

/* a CoCoA+ round where rank 2's oracle fails once, part of the way: the ranks' moves before it are applied (w
   stays the sum of the blocks), so a second run converges as a run without the failure does (it stalled: w was put
   back while the blocks kept their moves) */
static int rerun_body(dj *j, int rank, ssvm_solver *s) {
    ssvm_result r = ssvm_solver_run(s);
    (void)j;
    if (r != (rank == 2 ? SSVM_ERR_CALLBACK : SSVM_ERR_PEER)) return SSVM_ERR_INVALID_ARG; /* not the failure asked */
    return ssvm_solver_run(s);
}
static void test_dist_failed_round_resumes(th_ctx *t) {
    dmc *c;
    dj *j;
    int k;
    if (!dj_new(t, 12, SSVM_BCFW, &c, &j)) return;
    j->base.lambda = 0.01; j->base.averaging = SSVM_AVG_NONE; j->base.gap_tol = sizeof(ssvm_real) == 8 ? 2e-3 : 5e-3;
    j->base.max_passes = 4000;
    j->tweak = tweak_failing; g_tweak_kind = 20; /* rank 2's 20th call: its first pass's second round */
    j->body = rerun_body;
    TH_CHECK(t, dj_run(j, 3));
    for (k = 0; k < 3; k++) TH_CHECKF(t, j->res[k] == SSVM_CONVERGED, "rank %d ended %d", k, j->res[k]);
    free(c); free(j);
}

/* a CoCoA+ round whose exchange fails leaves w back at the round's start and the blocks moved: the solver refuses
   every later call with the code, a checkpoint save included (it would save a state no run has; get_size needs
   no collective, so it shows the refusal is the solver's) */
static int broken_body(dj *j, int rank, ssvm_solver *s) {
    unsigned char *ck = NULL;
    size_t n = 0;
    ssvm_result r, want = SSVM_ERR_COLLECTIVE;
    (void)j; (void)rank;
    if (ssvm_solver_checkpoint_get_size(s, &n) != SSVM_OK || !(ck = (unsigned char *)malloc(n)) ||
        ssvm_solver_checkpoint_save(s, ck, n, NULL) != SSVM_OK) { free(ck); return SSVM_ERR_OUT_OF_MEMORY; }
    r = ssvm_solver_run(s);
    if (r == want && ssvm_solver_checkpoint_get_size(s, &n) == want && ssvm_solver_pass(s) == want &&
        ssvm_solver_evaluate(s, 1, 1, NULL) == want && ssvm_solver_run(s) == want)
        r = SSVM_OK; /* (a load, which would clear it, needs the collective: the loopback stays failed) */
    else if (r == SSVM_OK) r = SSVM_ERR_INVALID_ARG;
    free(ck);
    return r;
}
static void test_dist_broken_round(th_ctx *t) {
    dmc *c;
    dj *j;
    int k;
    if (!dj_new(t, 5, SSVM_BCFW, &c, &j)) return;
    j->base.max_passes = 5; j->base.gap_tol = 0;
    j->body = broken_body;
    j->K = 3;
    if (ssvm_loopback_init(&j->lb, 3, 4096) != 0) { TH_CHECK(t, 0); free(c); free(j); return; }
    j->lb.fail_at = 4; /* after init's three: the first round's exchange */
    for (k = 1; k < 3; k++) j->full[k] = j->full[0];
    TH_CHECK(t, ssvm_loopback_run(&j->lb, dj_rank, j) == 0);
    ssvm_loopback_uninit(&j->lb);
    for (k = 0; k < 3; k++) TH_CHECKF(t, j->res[k] == SSVM_OK, "rank %d: %d", k, j->res[k]);
    free(c); free(j);
}

void suite_dist(th_ctx *t);
void suite_dist(th_ctx *t) {
    TH_RUN(t, test_dist_shard_range);
    TH_RUN(t, test_dist_bad_config);
    TH_RUN(t, test_dist_size_one_is_bcfw);
    TH_RUN(t, test_dist_fw_equals_one_process);
    TH_RUN(t, test_dist_fw_weights);
    TH_RUN(t, test_dist_cutplane_equals_one_process);
    TH_RUN(t, test_dist_bcfw_reaches_gap);
    TH_RUN(t, test_dist_bcfw_options);
    TH_RUN(t, test_dist_bcfw_chain);
    TH_RUN(t, test_dist_handshake);
    TH_RUN(t, test_dist_train_refuses_on_one_rank);
    TH_RUN(t, test_dist_hook_fails);
    TH_RUN(t, test_dist_oracle_fails);
    TH_RUN(t, test_dist_progress_stop);
    TH_RUN(t, test_dist_ckpt);
    TH_RUN(t, test_dist_ranks_part);
    TH_RUN(t, test_dist_decisions_agreed);
    TH_RUN(t, test_dist_rank_own_arithmetic);
    TH_RUN(t, test_dist_weights_whole);
    TH_RUN(t, test_dist_pass_agreed);
    TH_RUN(t, test_dist_failed_round_resumes);
    TH_RUN(t, test_dist_broken_round);
}
