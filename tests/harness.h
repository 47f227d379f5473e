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
#endif
