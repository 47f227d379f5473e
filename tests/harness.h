/* tests/harness.h: the tiny test harness shared by every tests/test_*.c file.
 *
 * A test is `static void test_<suite>_<what>(th_ctx *t)`; it uses TH_CHECK / TH_NEAR, or calls th_skip()
 * with a reason. Each tests/test_<suite>.c is a translation unit of its own (it includes ../structsvm.h
 * without the implementation, this file and the fixtures it uses) and exports one
 * `void suite_<suite>(th_ctx *t)` that calls TH_RUN(t, test) for each of its tests; tests/run.c calls
 * every suite and prints the closing line `N passed, N failed, N skipped`.
 * Tests check correctness only; they never time anything. */
#ifndef SSVM_TEST_HARNESS_H
#define SSVM_TEST_HARNESS_H
#include <stdio.h>
#include <string.h>
#include <math.h>
#include <stdlib.h>

#if defined(__GNUC__) || defined(__clang__)
#define TH_FN static __attribute__((unused)) /* a runner may use only some helpers */
#else
#define TH_FN static
#endif

typedef struct th_ctx th_ctx;
struct th_ctx {
    int passed, failed, skipped;
    int cur_failed, cur_skipped; /* state of the running test */
    const char *cur_name;
    const char *filter;          /* run only tests whose name contains this (argv[1]) */
    int verbose;
    int shard, nshards, index;   /* SSVM_TEST_SHARD=i/n: run only the matching tests numbered i mod n (CI) */
    /* set by the runner when SSVM_TEST_CLAIM names a directory shared by the n shards: a shard runs test number
       `index` only if it claims it first (1), so the shards share the tests by who is free, not by i mod n */
    int (*claim)(struct th_ctx *t, int index);
    const char *claim_dir;
};

#define TH_CHECK(t, cond) do { if (!(cond)) { (t)->cur_failed++; \
    printf("    FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); } } while (0)
#define TH_CHECKF(t, cond, ...) do { if (!(cond)) { (t)->cur_failed++; \
    printf("    FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); printf(__VA_ARGS__); printf("\n"); } } while (0)
/* |a-b| <= tol * max(1, |b|): relative for large values, absolute near 0 */
#define TH_NEAR(t, a, b, tol) do { double th_a_ = (double)(a), th_b_ = (double)(b); \
    double th_s_ = fabs(th_b_) > 1.0 ? fabs(th_b_) : 1.0; \
    if (!(fabs(th_a_ - th_b_) <= (tol) * th_s_)) { (t)->cur_failed++; \
    printf("    FAIL %s:%d: %s = %.17g, expected %s = %.17g (tol %g)\n", __FILE__, __LINE__, #a, th_a_, #b, th_b_, (double)(tol)); } } while (0)

TH_FN void th_skip(th_ctx *t, const char *why) {
    t->cur_skipped = 1;
    printf("    skip: %s\n", why);
}

#define TH_RUN(t, fn) th_run_((t), #fn, fn)
TH_FN void th_run_(th_ctx *t, const char *name, void (*fn)(th_ctx *)) {
    if (t->filter && !strstr(name, t->filter)) return;
    if (t->nshards > 1) {
        int idx = t->index++;
        if (t->claim ? !t->claim(t, idx) : idx % t->nshards != t->shard) return;
    }
    t->cur_failed = 0; t->cur_skipped = 0; t->cur_name = name;
    fn(t);
    if (t->cur_failed) { t->failed++; printf("FAIL  %s\n", name); }
    else if (t->cur_skipped) { t->skipped++; printf("skip  %s\n", name); }
    else { t->passed++; printf("ok    %s\n", name); }
    fflush(stdout);
}

/* Where ../shared is: $SSVM_SHARED, else ../shared relative to the repository root (the cwd of make). */
TH_FN const char *th_shared_dir(void) {
    static char buf[1024];
    const char *env = getenv("SSVM_SHARED");
    FILE *f;
    if (env && *env) return env;
    strcpy(buf, "../shared");
    f = fopen("../shared/data/README.md", "rb");
    if (f) { fclose(f); return buf; }
    return NULL;
}
#if defined(STRUCTSVM_H) && !defined(STRUCTSVM_PREDICT_ONLY)
/* raise one limit between runs through the checked door (ssvm_solver_set_limits); returns its code */
TH_FN int th_set_limit(ssvm_solver *s, const char *field, double v) {
    ssvm_solver_limits l;
    int r = ssvm_solver_limits_of(s, &l);
    if (r != SSVM_OK) return r;
    if (!strcmp(field, "max_passes")) l.max_passes = (int)v;
    else if (!strcmp(field, "max_oracle_calls")) l.max_oracle_calls = (long long)v;
    else if (!strcmp(field, "max_seconds")) l.max_seconds = v;
    else if (!strcmp(field, "gap_tol")) l.gap_tol = v;
    else return SSVM_ERR_INVALID_ARG;
    return ssvm_solver_set_limits(s, &l);
}
/* The reproducibility contract's first line (MANUAL: REPRODUCIBILITY): ssvm_solver_init and
   ssvm_solver_get_heap_size + ssvm_solver_init_preallocated on one configuration give the same bits: iterate,
   average and every evaluated objective, for each solver kind the problem supports (the others must refuse
   both ways with the same code). Returns the number of kinds compared. */
TH_FN int th_heap_vs_prealloc(th_ctx *t, const ssvm_problem *p, const char *what) {
    static const ssvm_solver_kind kinds[] = {SSVM_BCFW, SSVM_FW, SSVM_SSG, SSVM_MULTISAMPLE, SSVM_CUTTING_PLANE,
                                             SSVM_DEG, SSVM_EG};
    int k, compared = 0;
    for (k = 0; k < (int)(sizeof kinds / sizeof kinds[0]); k++) {
        ssvm_solver_config q = ssvm_solver_config_init(p, kinds[k]);
        ssvm_solver a, b;
        size_t bytes = 0, wb = sizeof(ssvm_real) * (size_t)p->d;
        void *heap;
        ssvm_real *w1 = (ssvm_real *)malloc(wb), *w2 = (ssvm_real *)malloc(wb);
        ssvm_progress pa, pb;
        int r1, r2, which;
        q.max_passes = 6; q.gap_tol = 0; q.lambda = 0.05;
        memset(&a, 0, sizeof a); memset(&b, 0, sizeof b);
        r1 = ssvm_solver_init(&q, &a);
        r2 = ssvm_solver_get_heap_size(&q, &bytes);
        heap = r2 == SSVM_OK ? malloc(bytes) : 0;
        if (r2 == SSVM_OK) r2 = ssvm_solver_init_preallocated(&q, heap, bytes, &b);
        TH_CHECKF(t, r1 == r2, "%s, solver %d: init %d, preallocated %d", what, (int)kinds[k], r1, r2);
        if (r1 == SSVM_OK && r2 == SSVM_OK) {
            r1 = ssvm_solver_run(&a); r2 = ssvm_solver_run(&b);
            TH_CHECKF(t, r1 == r2 && r1 > 0, "%s, solver %d: run %d vs %d", what, (int)kinds[k], r1, r2);
            ssvm_solver_progress(&a, &pa); ssvm_solver_progress(&b, &pb);
            TH_CHECKF(t, memcmp(&pa.iterate, &pb.iterate, sizeof pa.iterate) == 0 &&
                         memcmp(&pa.average, &pb.average, sizeof pa.average) == 0,
                      "%s, solver %d: objectives differ (%.17g vs %.17g)", what, (int)kinds[k], pa.iterate.primal,
                      pb.iterate.primal);
            for (which = 0; which < 2; which++) {
                int e1 = ssvm_solver_weights(&a, (ssvm_which)which, w1, wb);
                int e2 = ssvm_solver_weights(&b, (ssvm_which)which, w2, wb);
                TH_CHECKF(t, e1 == e2 && (e1 != SSVM_OK || memcmp(w1, w2, wb) == 0),
                          "%s, solver %d, vector %d: weights differ", what, (int)kinds[k], which);
            }
            compared++;
        }
        ssvm_solver_uninit(&a); ssvm_solver_uninit(&b);
        free(heap); free(w1); free(w2);
    }
    return compared;
}
#endif
#endif
