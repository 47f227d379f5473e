/* tests/test_ckpt.c: checkpoints and warm starts (>>ckpt). A run stopped at pass k (by max_passes or by the
   progress callback), saved, loaded into a freshly initialised solver and resumed gives weights bit for bit equal
   (memcmp) to a run that never stopped: BCFW in every state kind and with config.bcfw's options, FW, SSG with every
   average, the multi-sample solver; heap and preallocated solvers. Errors: a buffer too small, truncated, corrupted,
   re-sealed bad fields, another version, another problem or solver, an uncovered solver kind; a failed load
   leaves the solver as it was. Files: the atomic write (a write that fails part-way leaves the old checkpoint).
   Warm start: the prox problem's optimum (weak duality against independent primal values), the errors.
   One translation unit of the test program (tests/run.c runs suite_ckpt). */
#define _POSIX_C_SOURCE 200809L
#include "../structsvm.h"
#include "harness.h"
#include "tchain.h"
#include "internals.h"
#include <unistd.h>
#include <stdint.h>
#include <sys/stat.h>

enum { CK_PASSES = 8, CK_STOP = 3 };

static int ck_stop_at(void *user, const ssvm_progress *p) { return p->pass >= *(const int *)user; }

/* the weights (iterate, and average when kept) and the counters after a run */
typedef struct ck_out {
    ssvm_real w[256], a[256];
    int has_avg;
    ssvm_progress prog;
} ck_out;
static void ck_collect(ssvm_solver *s, int d, ck_out *o) {
    memset(o, 0, sizeof *o);
    ssvm_solver_weights(s, SSVM_W_ITERATE, o->w, sizeof o->w);
    o->has_avg = ssvm_solver_weights(s, SSVM_W_AVERAGE, o->a, sizeof o->a) == SSVM_OK;
    ssvm_solver_progress(s, &o->prog);
    (void)d;
}
/* a solver from c, on the heap or preallocated (heap: *mem, to free) */
static ssvm_result ck_init(const ssvm_solver_config *c, int prealloc, ssvm_solver *s, void **mem) {
    size_t bytes = 0;
    ssvm_result r;
    *mem = NULL;
    if (!prealloc) return ssvm_solver_init(c, s);
    if ((r = ssvm_solver_get_heap_size(c, &bytes)) != SSVM_OK) return r;
    if (!(*mem = malloc(bytes))) return SSVM_ERR_OUT_OF_MEMORY;
    return ssvm_solver_init_preallocated(c, *mem, bytes, s);
}
static int ck_same(th_ctx *t, const ck_out *u, const ck_out *v, int d, const char *what) {
    int ok = memcmp(u->w, v->w, sizeof(ssvm_real) * (size_t)d) == 0 && u->has_avg == v->has_avg &&
             (!u->has_avg || memcmp(u->a, v->a, sizeof(ssvm_real) * (size_t)d) == 0) && u->prog.pass == v->prog.pass &&
             u->prog.steps == v->prog.steps && u->prog.oracle_calls == v->prog.oracle_calls &&
             u->prog.eval_oracle_calls == v->prog.eval_oracle_calls &&
             u->prog.oracle_calls_saved == v->prog.oracle_calls_saved &&
             memcmp(&u->prog.iterate, &v->prog.iterate, sizeof u->prog.iterate) == 0;
    TH_CHECKF(t, ok, "%s: the resumed run differs (passes %d/%d, steps %lld/%lld, calls %lld/%lld)", what, u->prog.pass,
              v->prog.pass, u->prog.steps, v->prog.steps, u->prog.oracle_calls, v->prog.oracle_calls);
    return ok;
}

/* Runs c for CK_PASSES passes uninterrupted, and again stopped at CK_STOP (by max_passes, or by_user: the
   progress callback), checkpointed to memory, the solver dropped, a fresh one loaded and run on: the same bits. */
static void ck_roundtrip(th_ctx *t, const ssvm_solver_config *c0, int prealloc, int by_user, const char *what) {
    ssvm_solver_config c = *c0;
    ssvm_solver s;
    ck_out u, v;
    void *mem = NULL, *buf;
    size_t bytes = 0, written = 0;
    int stop = CK_STOP, d = c0->problem->d;
    ssvm_result r;
    c.gap_tol = 0; c.max_passes = CK_PASSES;
    if ((r = ck_init(&c, prealloc, &s, &mem)) != SSVM_OK) { TH_CHECKF(t, 0, "%s: init %s", what, ssvm_result_string(r)); free(mem); return; }
    r = ssvm_solver_run(&s);
    TH_CHECKF(t, r == SSVM_MAX_PASSES, "%s: %s", what, ssvm_result_string(r));
    ck_collect(&s, d, &u);
    ssvm_solver_uninit(&s); free(mem);
    /* interrupted */
    if (by_user) { c.progress = ck_stop_at; c.progress_user = &stop; } else c.max_passes = CK_STOP;
    if (ck_init(&c, prealloc, &s, &mem) != SSVM_OK) { TH_CHECK(t, 0); free(mem); return; }
    r = ssvm_solver_run(&s);
    TH_CHECKF(t, r == (by_user ? SSVM_STOPPED_BY_USER : SSVM_MAX_PASSES), "%s: %s", what, ssvm_result_string(r));
    TH_CHECK(t, ssvm_solver_checkpoint_get_size(&s, &bytes) == SSVM_OK && bytes > 68);
    buf = malloc(bytes);
    TH_CHECK(t, buf != NULL);
    if (!buf) return;
    TH_CHECK(t, ssvm_solver_checkpoint_save(&s, buf, bytes - 1, &written) == SSVM_ERR_WORKSPACE && written == 0);
    TH_CHECK(t, ssvm_solver_checkpoint_save(&s, buf, bytes, &written) == SSVM_OK && written == bytes);
    ssvm_solver_uninit(&s); free(mem);
    /* resumed in a fresh solver of the same configuration (the limits may differ) */
    c.progress = NULL; c.max_passes = CK_STOP;
    if (ck_init(&c, prealloc, &s, &mem) != SSVM_OK) { TH_CHECK(t, 0); free(mem); free(buf); return; }
    r = ssvm_solver_checkpoint_load(&s, buf, bytes);
    TH_CHECKF(t, r == SSVM_OK, "%s: load %s", what, ssvm_result_string(r));
    th_set_limit(&s, "max_passes", (double)(CK_PASSES));
    r = ssvm_solver_run(&s);
    TH_CHECKF(t, r == SSVM_MAX_PASSES, "%s: resumed %s", what, ssvm_result_string(r));
    ck_collect(&s, d, &v);
    ck_same(t, &u, &v, d, what);
    ssvm_solver_uninit(&s); free(mem); free(buf);
}

/* Mid-pass: stopped by max_oracle_calls inside a pass (SSG's w still lazily scaled, a permutation half used), then
   the limit lifted: in the same solver, and after a checkpoint in a fresh one: the same bits. */
static void ck_midpass(th_ctx *t, const ssvm_solver_config *c0, const char *what) {
    ssvm_solver_config c = *c0;
    ssvm_solver s;
    ck_out u, v;
    unsigned char *buf = NULL;
    size_t bytes = 0;
    int pass, d = c0->problem->d;
    c.gap_tol = 0; c.max_passes = CK_PASSES; c.max_oracle_calls = 2 * c0->problem->n + c0->problem->n / 2;
    for (pass = 0; pass < 2; pass++) {
        TH_CHECK(t, ssvm_solver_init(&c, &s) == SSVM_OK);
        TH_CHECKF(t, ssvm_solver_run(&s) == SSVM_MAX_ORACLE_CALLS, "%s", what);
        if (pass == 1) { /* drop the solver: a fresh one from the checkpoint */
            TH_CHECK(t, ssvm_solver_checkpoint_get_size(&s, &bytes) == SSVM_OK && (buf = (unsigned char *)malloc(bytes)) != NULL);
            if (buf) TH_CHECK(t, ssvm_solver_checkpoint_save(&s, buf, bytes, NULL) == SSVM_OK);
            ssvm_solver_uninit(&s);
            TH_CHECK(t, ssvm_solver_init(&c, &s) == SSVM_OK);
            if (buf) TH_CHECK(t, ssvm_solver_checkpoint_load(&s, buf, bytes) == SSVM_OK);
            free(buf);
        }
        th_set_limit(&s, "max_oracle_calls", (double)(0));
        TH_CHECKF(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES, "%s", what);
        ck_collect(&s, d, pass ? &v : &u);
        ssvm_solver_uninit(&s);
    }
    ck_same(t, &u, &v, d, what);
}

/* the chain problem of the tests: 8 sequences, K = 3, F = 3 (dense, with statistics) */
static int ck_chain(tchain *c, unsigned long long seed, int sparse) {
    trng r;
    r.s = seed;
    tchain_make(c, &r, 8, 3, 3, SSVM_CHAIN_BIASES, sparse);
    return tchain_problem(c, &c->p) == SSVM_OK;
}

static void test_ckpt_bcfw_states(th_ctx *t) {
    static const ssvm_state_kind kinds[5] = {SSVM_STATE_AUTO, SSVM_STATE_COMPACT, SSVM_STATE_COMPACT_SPARSE,
                                             SSVM_STATE_SPARSE, SSVM_STATE_DENSE};
    static const char *names[5] = {"bcfw auto", "bcfw compact", "bcfw compact sparse", "bcfw sparse", "bcfw dense"};
    tchain c;
    int k, pre;
    if (!ck_chain(&c, 7, 1)) { TH_CHECK(t, 0); return; }
    for (k = 0; k < 5; k++)
        for (pre = 0; pre < 2; pre++) {
            ssvm_solver_config q = ssvm_solver_config_init(&c.p, SSVM_BCFW);
            q.state = kinds[k]; q.lambda = 0.05;
            ck_roundtrip(t, &q, pre, pre, names[k]);
        }
    tchain_free(&c);
}
static void test_ckpt_bcfw_variants(th_ctx *t) {
    tchain c;
    int v;
    if (!ck_chain(&c, 11, 0)) { TH_CHECK(t, 0); return; }
    for (v = 0; v < 6; v++) {
        ssvm_solver_config q = ssvm_solver_config_init(&c.p, SSVM_BCFW);
        const char *what = "";
        q.lambda = 0.02;
        switch (v) {
        case 0: q.averaging = SSVM_AVG_SUFFIX; what = "bcfw suffix"; break;
        case 1: q.averaging = SSVM_AVG_UNIFORM; what = "bcfw uniform"; break;
        case 2: q.line_search = 0; what = "bcfw predefined steps"; break;
        case 3: q.sampling = SSVM_SAMPLE_PERMUTATION; what = "bcfw permutation"; break;
        case 4: q.averaging = SSVM_AVG_NONE; q.sampling = SSVM_SAMPLE_CYCLIC; what = "bcfw cyclic"; break;
        default: q.oracle_quality = 0.5; q.line_search = 0; q.eval_every = 2; what = "bcfw nu, eval every 2"; break;
        }
        ck_roundtrip(t, &q, 0, v & 1, what);
    }
    tchain_free(&c);
}
/* config.bcfw: gap sampling, pairwise / away / all steps, plane caching, a small atom cap */
static void test_ckpt_bcfw_gaps(th_ctx *t) {
    tchain c;
    int v;
    if (!ck_chain(&c, 13, 0)) { TH_CHECK(t, 0); return; }
    for (v = 0; v < 6; v++) {
        ssvm_solver_config q = ssvm_solver_config_init(&c.p, SSVM_BCFW);
        const char *what = "";
        q.lambda = 0.02;
        switch (v) {
        case 0: q.bcfw.gap_sampling = 1; q.bcfw.gap_check = 2; what = "gap sampling"; break;
        case 1: q.bcfw.steps = SSVM_BCFW_STEPS_PAIRWISE; what = "pairwise"; break;
        case 2: q.bcfw.steps = SSVM_BCFW_STEPS_AWAY; q.bcfw.gap_sampling = 1; what = "away, gap sampling"; break;
        case 3: q.bcfw.steps = SSVM_BCFW_STEPS_ALL; q.bcfw.cache = 1; what = "all steps, cache"; break;
        case 4: q.bcfw.cache = 1; q.bcfw.cache_factor = 0.05; q.bcfw.gap_sampling = 1; what = "cache, gap sampling"; break;
        default: q.bcfw.steps = SSVM_BCFW_STEPS_PAIRWISE; q.bcfw.max_atoms = 2; q.bcfw.gap_degree = 2;
                 q.bcfw.gap_sampling = 1; what = "pairwise, 2 atoms, degree 2"; break;
        }
        ck_roundtrip(t, &q, v == 5, v & 1, what);
    }
    tchain_free(&c);
}
static void test_ckpt_fw_ssg(th_ctx *t) {
    tchain c;
    int v;
    if (!ck_chain(&c, 17, 1)) { TH_CHECK(t, 0); return; }
    for (v = 0; v < 7; v++) {
        ssvm_solver_kind kind = v < 2 ? SSVM_FW : SSVM_SSG;
        ssvm_solver_config q = ssvm_solver_config_init(&c.p, kind);
        const char *what = "";
        q.lambda = 0.05;
        switch (v) {
        case 0: what = "fw"; break;
        case 1: q.line_search = 0; q.eval_every = 3; what = "fw predefined, eval every 3"; break;
        case 2: what = "ssg weighted"; break;
        case 3: q.averaging = SSVM_AVG_SUFFIX; what = "ssg suffix"; break;
        case 4: q.averaging = SSVM_AVG_UNIFORM; q.sampling = SSVM_SAMPLE_PERMUTATION; what = "ssg uniform, permutation"; break;
        case 5: q.averaging = SSVM_AVG_NONE; what = "ssg none"; break;
        default: q.lambda = 1e-4; what = "ssg small lambda (scales fold)"; break;
        }
        ck_roundtrip(t, &q, v == 2, v & 1, what);
    }
    tchain_free(&c);
}
static void test_ckpt_mid_pass(th_ctx *t) {
    tchain c;
    ssvm_solver_config q;
    if (!ck_chain(&c, 53, 1)) { TH_CHECK(t, 0); return; }
    q = ssvm_solver_config_init(&c.p, SSVM_BCFW); q.state = SSVM_STATE_SPARSE; q.sampling = SSVM_SAMPLE_PERMUTATION;
    ck_midpass(t, &q, "bcfw sparse, permutation, mid-pass");
    q = ssvm_solver_config_init(&c.p, SSVM_BCFW); q.bcfw.steps = SSVM_BCFW_STEPS_ALL; q.bcfw.gap_sampling = 1;
    ck_midpass(t, &q, "bcfw all steps, gap sampling, mid-pass");
    q = ssvm_solver_config_init(&c.p, SSVM_SSG); q.lambda = 0.05;
    ck_midpass(t, &q, "ssg mid-pass");
    q = ssvm_solver_config_init(&c.p, SSVM_MULTISAMPLE); q.lambda = 0.05;
    ck_midpass(t, &q, "multisample mid-pass");
    tchain_free(&c);
}
static void test_ckpt_multisample(th_ctx *t) {
    tchain c;
    int v;
    if (!ck_chain(&c, 19, 0)) { TH_CHECK(t, 0); return; }
    for (v = 0; v < 3; v++) {
        ssvm_solver_config q = ssvm_solver_config_init(&c.p, SSVM_MULTISAMPLE);
        q.lambda = 0.05;
        if (v >= 1) { q.ms.samples = 3; TH_CHECK(t, ssvm_chain_kbest_sampler(&c.m, &q.ms.sampler) == SSVM_OK); }
        if (v == 2) { q.ms.cache_size = 2; q.averaging = SSVM_AVG_UNIFORM; }
        ck_roundtrip(t, &q, v == 1, v & 1, v == 0 ? "multisample" : v == 1 ? "multisample k-best" : "multisample cache");
    }
    tchain_free(&c);
}

/* a checkpoint at pass CK_STOP of c (malloc'ed, *bytes) */
static unsigned char *ck_make(const ssvm_solver_config *c0, size_t *bytes) {
    ssvm_solver_config c = *c0;
    ssvm_solver s;
    unsigned char *buf = NULL;
    c.max_passes = CK_STOP; c.gap_tol = 0;
    *bytes = 0;
    if (ssvm_solver_init(&c, &s) != SSVM_OK) return NULL;
    if (ssvm_solver_run(&s) == SSVM_MAX_PASSES && ssvm_solver_checkpoint_get_size(&s, bytes) == SSVM_OK &&
        (buf = (unsigned char *)malloc(*bytes)) != NULL && ssvm_solver_checkpoint_save(&s, buf, *bytes, NULL) != SSVM_OK) {
        free(buf); buf = NULL;
    }
    ssvm_solver_uninit(&s);
    return buf;
}
/* load buf into a fresh solver of c; the code */
static ssvm_result ck_try(const ssvm_solver_config *c, const unsigned char *buf, size_t bytes) {
    ssvm_solver s;
    ssvm_result r;
    if ((r = ssvm_solver_init(c, &s)) != SSVM_OK) return r;
    r = ssvm_solver_checkpoint_load(&s, buf, bytes);
    ssvm_solver_uninit(&s);
    return r;
}
static void ck_put32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v & 255u); p[1] = (unsigned char)((v >> 8) & 255u);
    p[2] = (unsigned char)((v >> 16) & 255u); p[3] = (unsigned char)(v >> 24);
}
/* the CRC-32 (zlib's), computed here independently, to re-seal an edited checkpoint */
static uint32_t ck_crc(const unsigned char *p, size_t n) {
    uint32_t c = 0xFFFFFFFFu;
    int k;
    while (n--) { c ^= *p++; for (k = 0; k < 8; k++) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u))); }
    return ~c;
}
static void ck_reseal(unsigned char *b, size_t bytes) { ck_put32(b + bytes - 4, ck_crc(b, bytes - 4)); }

static void test_ckpt_errors(th_ctx *t) {
    tchain c, c2, c3;
    ssvm_solver_config q, q2;
    unsigned char *buf, *bad;
    size_t bytes, off;
    double nan = th_priv_nan();
    uint64_t u;
    if (!ck_chain(&c, 23, 0) || !ck_chain(&c2, 29, 0)) { TH_CHECK(t, 0); return; }
    q = ssvm_solver_config_init(&c.p, SSVM_BCFW);
    q.lambda = 0.05; q.averaging = SSVM_AVG_WEIGHTED;
    buf = ck_make(&q, &bytes);
    TH_CHECK(t, buf != NULL);
    if (!buf) return;
    bad = (unsigned char *)malloc(bytes);
    TH_CHECK(t, ck_try(&q, buf, bytes) == SSVM_OK);
    /* truncated, corrupted, not a checkpoint, a later version */
    TH_CHECK(t, ck_try(&q, buf, bytes - 1) == SSVM_ERR_TRUNCATED);
    TH_CHECK(t, ck_try(&q, buf, 10) == SSVM_ERR_TRUNCATED);
    TH_CHECK(t, ck_try(&q, buf, 0) == SSVM_ERR_TRUNCATED);
    memcpy(bad, buf, bytes); bad[bytes / 2] ^= 0x10;
    TH_CHECK(t, ck_try(&q, bad, bytes) == SSVM_ERR_CHECKSUM);
    memcpy(bad, buf, bytes); bad[3] = 'X';
    TH_CHECK(t, ck_try(&q, bad, bytes) == SSVM_ERR_FORMAT);
    memcpy(bad, buf, bytes); ck_put32(bad + 8, SSVM_CHECKPOINT_FORMAT_VERSION + 1); ck_reseal(bad, bytes);
    TH_CHECK(t, ck_try(&q, bad, bytes) == SSVM_ERR_VERSION);
    memcpy(bad, buf, bytes); ck_put32(bad + 56, 1); ck_reseal(bad, bytes);
    TH_CHECK(t, ck_try(&q, bad, bytes) == SSVM_ERR_FORMAT);
    /* re-sealed bad fields: a negative pass count, a NaN weight (the body's first weight: after 4+8*3+8*12+8 +
       8*5+8*3+8+4 bytes of counters and scalars) */
    memcpy(bad, buf, bytes); ck_put32(bad + 64, 0xFFFFFFFFu); ck_reseal(bad, bytes);
    TH_CHECK(t, ck_try(&q, bad, bytes) == SSVM_ERR_FORMAT);
    off = 64 + 4 + 8 * 3 + 8 * 12 + 8 + 8 * 5 + 8 * 3 + 8 + 4;
    memcpy(&u, &nan, 8);
    memcpy(bad, buf, bytes);
    { int k; for (k = 0; k < 8; k++) bad[off + (size_t)k] = (unsigned char)((u >> (8 * k)) & 255u); }
    ck_reseal(bad, bytes);
    TH_CHECK(t, ck_try(&q, bad, bytes) == SSVM_ERR_NONFINITE);
    /* the precision field (a float build's checkpoint in a double build, or the reverse) */
    memcpy(bad, buf, bytes); ck_put32(bad + 40, sizeof(ssvm_real) == 8 ? 4u : 8u); ck_reseal(bad, bytes);
    TH_CHECK(t, ck_try(&q, bad, bytes) == SSVM_ERR_CKPT_MISMATCH);
    /* another problem: other labels with the same dimensions, other dimensions; another solver or option */
    q2 = q; q2.problem = &c2.p;
    TH_CHECK(t, ck_try(&q2, buf, bytes) == SSVM_ERR_CKPT_MISMATCH);
    {
        trng r;
        r.s = 31;
        tchain_make(&c3, &r, 6, 3, 3, SSVM_CHAIN_BIASES, 0);
        TH_CHECK(t, tchain_problem(&c3, &c3.p) == SSVM_OK);
        q2 = q; q2.problem = &c3.p;
        TH_CHECK(t, ck_try(&q2, buf, bytes) == SSVM_ERR_CKPT_MISMATCH);
        tchain_free(&c3);
    }
    q2 = q; q2.lambda = 0.04;
    TH_CHECK(t, ck_try(&q2, buf, bytes) == SSVM_ERR_CKPT_MISMATCH);
    q2 = q; q2.state = SSVM_STATE_DENSE;
    TH_CHECK(t, ck_try(&q2, buf, bytes) == SSVM_ERR_CKPT_MISMATCH);
    q2 = q; q2.bcfw.gap_sampling = 1;
    TH_CHECK(t, ck_try(&q2, buf, bytes) == SSVM_ERR_CKPT_MISMATCH);
    q2 = ssvm_solver_config_init(&c.p, SSVM_SSG); q2.lambda = 0.05;
    TH_CHECK(t, ck_try(&q2, buf, bytes) == SSVM_ERR_CKPT_MISMATCH);
    /* a failed load changes nothing: the same solver then runs as a fresh one */
    {
        ssvm_solver s;
        ssvm_real w1[256], w2[256];
        ssvm_solver_config q3 = q;
        ssvm_progress fin;
        q3.max_passes = 4; q3.gap_tol = 0;
        TH_CHECK(t, ssvm_train(&q3, w1, sizeof w1, &fin) == SSVM_MAX_PASSES);
        TH_CHECK(t, ssvm_solver_init(&q3, &s) == SSVM_OK);
        memcpy(bad, buf, bytes); ck_put32(bad + 64, 0xFFFFFFFFu); ck_reseal(bad, bytes);
        TH_CHECK(t, ssvm_solver_checkpoint_load(&s, bad, bytes) == SSVM_ERR_FORMAT);
        TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
        TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_AVERAGE, w2, sizeof w2) == SSVM_OK);
        TH_CHECK(t, memcmp(w1, w2, sizeof(ssvm_real) * (size_t)c.p.d) == 0);
        ssvm_solver_uninit(&s);
    }
    /* arguments */
    {
        ssvm_solver s;
        size_t n;
        TH_CHECK(t, ssvm_solver_checkpoint_get_size(NULL, &n) == SSVM_ERR_INVALID_ARG);
        TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_checkpoint_get_size(&s, NULL) == SSVM_ERR_INVALID_ARG);
        TH_CHECK(t, ssvm_solver_checkpoint_save(&s, NULL, 100, NULL) == SSVM_ERR_INVALID_ARG);
        TH_CHECK(t, ssvm_solver_checkpoint_write(&s, NULL, NULL) == SSVM_ERR_NULL_CALLBACK);
        TH_CHECK(t, ssvm_solver_checkpoint_load(&s, NULL, 100) == SSVM_ERR_INVALID_ARG);
        ssvm_solver_uninit(&s);
    }
    free(bad); free(buf);
    tchain_free(&c); tchain_free(&c2);
}

static void ck_put64(unsigned char *p, uint64_t v) { ck_put32(p, (uint32_t)(v & 0xFFFFFFFFu)); ck_put32(p + 4, (uint32_t)(v >> 32)); }
/* From a review of the promises (each failed before its fix): a checkpoint before the first pass in permutation
   order held the heap's bytes (a preallocated heap of 0xFF made the solver's own checkpoint unloadable); the
   built direction missing from the fingerprint; hostile counters at their end (an overflow at the next step);
   bytes after the declared size accepted */
static void test_ckpt_review(th_ctx *t) {
    tchain c;
    ssvm_solver_config q;
    ssvm_solver s;
    unsigned char *buf, *bad;
    size_t bytes;
    int fill;
    if (!ck_chain(&c, 37, 0)) { TH_CHECK(t, 0); return; }
    q = ssvm_solver_config_init(&c.p, SSVM_BCFW);
    q.lambda = 0.05; q.sampling = SSVM_SAMPLE_PERMUTATION;
    {   /* before any pass, and after one caller's step: heaps of 0x00 and 0xFF give the same bytes, which load */
        unsigned char *ck[2] = {0, 0};
        size_t need = 0, n[2] = {0, 0};
        TH_CHECK(t, ssvm_solver_get_heap_size(&q, &need) == SSVM_OK);
        for (fill = 0; fill < 2; fill++) {
            void *heap = malloc(need);
            if (!heap) { TH_CHECK(t, 0); break; }
            memset(heap, fill ? 0xFF : 0x00, need);
            TH_CHECK(t, ssvm_solver_init_preallocated(&q, heap, need, &s) == SSVM_OK);
            TH_CHECK(t, ssvm_solver_step(&s, 2, NULL) == SSVM_OK);
            TH_CHECK(t, ssvm_solver_checkpoint_get_size(&s, &n[fill]) == SSVM_OK);
            ck[fill] = (unsigned char *)malloc(n[fill]);
            TH_CHECK(t, ck[fill] && ssvm_solver_checkpoint_save(&s, ck[fill], n[fill], NULL) == SSVM_OK);
            ssvm_solver_uninit(&s);
            free(heap);
        }
        TH_CHECK(t, ck[0] && ck[1] && n[0] == n[1]);
        if (ck[0] && ck[1] && n[0] == n[1]) {
            /* the same bytes but for the clock's seconds (the body's wall and CPU seconds) */
            size_t o = 64 + 4 + 8 * 3 + 8 * 6, k;
            int diff = 0;
            for (k = 0; k < n[0] - 4; k++) diff += (k < o || k >= o + 32) && ck[0][k] != ck[1][k];
            TH_CHECK(t, diff == 0);
            TH_CHECK(t, ck_try(&q, ck[1], n[1]) == SSVM_OK && ck_try(&q, ck[0], n[0]) == SSVM_OK);
        }
        free(ck[0]); free(ck[1]);
    }
    buf = ck_make(&q, &bytes);
    bad = buf ? (unsigned char *)malloc(bytes + 16) : NULL;
    TH_CHECK(t, buf && bad);
    if (!buf || !bad) { free(buf); tchain_free(&c); return; }
    {   /* the built direction is in the fingerprint */
        ssvm_solver_config q2 = q;
        q2.bcfw.build_direction = 1;
        TH_CHECK(t, ck_try(&q2, buf, bytes) == SSVM_ERR_CKPT_MISMATCH);
    }
    /* counters: steps (body + 4) at 2^62 refused; the pass count (body + 0) at INT_MAX loads, and a pass then is
       SSVM_ERR_OVERFLOW, never an overflow */
    memcpy(bad, buf, bytes); ck_put64(bad + 68, (uint64_t)1 << 62); ck_reseal(bad, bytes);
    TH_CHECK(t, ck_try(&q, bad, bytes) == SSVM_ERR_FORMAT);
    memcpy(bad, buf, bytes); ck_put64(bad + 68, ((uint64_t)1 << 62) - 1); ck_reseal(bad, bytes);
    TH_CHECK(t, ck_try(&q, bad, bytes) == SSVM_OK);
    memcpy(bad, buf, bytes); ck_put32(bad + 64, 0x7FFFFFFFu); ck_reseal(bad, bytes);
    TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_checkpoint_load(&s, bad, bytes) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_pass(&s) == SSVM_ERR_OVERFLOW);
    {
        ssvm_solver_limits lim;
        TH_CHECK(t, ssvm_solver_limits_of(&s, &lim) == SSVM_OK);
        lim.max_passes = 0; lim.gap_tol = 0;
        TH_CHECK(t, ssvm_solver_set_limits(&s, &lim) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_run(&s) == SSVM_ERR_OVERFLOW);
    }
    ssvm_solver_uninit(&s);
    /* bytes after the declared size */
    memcpy(bad, buf, bytes); memset(bad + bytes, 0, 16);
    TH_CHECK(t, ck_try(&q, bad, bytes + 16) == SSVM_ERR_FORMAT);
    TH_CHECK(t, ck_try(&q, bad, bytes) == SSVM_OK);
    free(bad); free(buf);
    tchain_free(&c);
}

/* A run stopped by its progress callback at the pass where it converges, saved there and resumed (or simply run
   again), stops at that pass as the run that never stopped did (it trained one pass more: the rules were not
   applied to the pass the stop came at) */
typedef struct ck_stopper { int at; ssvm_solver *s; unsigned char *buf; size_t bytes; } ck_stopper;
static int ck_stop_save(void *user, const ssvm_progress *p) {
    ck_stopper *u = (ck_stopper *)user;
    if (p->pass != u->at) return 0;
    if (ssvm_solver_checkpoint_get_size(u->s, &u->bytes) == SSVM_OK && (u->buf = (unsigned char *)malloc(u->bytes)) != NULL)
        ssvm_solver_checkpoint_save(u->s, u->buf, u->bytes, NULL);
    return 1;
}
static void test_ckpt_stop_at_convergence(th_ctx *t) {
    tchain c;
    ssvm_solver_config q;
    ssvm_solver a, b;
    ssvm_progress pa, pb;
    ssvm_real wa[256], wb[256];
    ck_stopper st;
    int d;
    if (!ck_chain(&c, 41, 0)) { TH_CHECK(t, 0); return; }
    d = c.p.d;
    q = ssvm_solver_config_init(&c.p, SSVM_BCFW);
    q.lambda = 0.05; q.gap_tol = 0.05; q.max_passes = 500;
    TH_CHECK(t, ssvm_solver_init(&q, &a) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&a) == SSVM_CONVERGED && ssvm_solver_progress(&a, &pa) == SSVM_OK && pa.pass > 1);
    TH_CHECK(t, ssvm_solver_weights(&a, SSVM_W_BEST, wa, sizeof wa) == SSVM_OK);
    /* stopped at that pass by the callback, the checkpoint saved there */
    memset(&st, 0, sizeof st);
    st.at = pa.pass; st.s = &b;
    q.progress = ck_stop_save; q.progress_user = &st;
    TH_CHECK(t, ssvm_solver_init(&q, &b) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&b) == SSVM_STOPPED_BY_USER && st.buf != NULL);
    /* run again: converged at once, at that pass */
    TH_CHECK(t, ssvm_solver_run(&b) == SSVM_CONVERGED && ssvm_solver_progress(&b, &pb) == SSVM_OK);
    TH_CHECK(t, pb.pass == pa.pass && pb.steps == pa.steps);
    TH_CHECK(t, ssvm_solver_weights(&b, SSVM_W_BEST, wb, sizeof wb) == SSVM_OK);
    TH_CHECK(t, memcmp(wa, wb, (size_t)d * sizeof(ssvm_real)) == 0);
    ssvm_solver_uninit(&b);
    /* resumed from the checkpoint: the same */
    if (st.buf) {
        q.progress = 0; q.progress_user = 0;
        TH_CHECK(t, ssvm_solver_init(&q, &b) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_checkpoint_load(&b, st.buf, st.bytes) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_run(&b) == SSVM_CONVERGED && ssvm_solver_progress(&b, &pb) == SSVM_OK);
        TH_CHECK(t, pb.pass == pa.pass && pb.steps == pa.steps);
        TH_CHECK(t, ssvm_solver_weights(&b, SSVM_W_BEST, wb, sizeof wb) == SSVM_OK);
        TH_CHECK(t, memcmp(wa, wb, (size_t)d * sizeof(ssvm_real)) == 0);
        /* a step since the evaluation: it no longer describes the state, so the run goes on */
        TH_CHECK(t, ssvm_solver_step(&b, 0, NULL) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_progress(&b, &pb) == SSVM_OK && pb.iterate.primal != pb.iterate.primal);
        TH_CHECK(t, ssvm_solver_run(&b) == SSVM_CONVERGED && ssvm_solver_progress(&b, &pb) == SSVM_OK &&
                    pb.pass > pa.pass);
        ssvm_solver_uninit(&b);
        /* the same checkpoint loaded on other features (the fingerprint does not cover them): the numbers it brought
           are evaluated again before they may stop the run, so a CONVERGED is the loaded state's own (it was the
           stored gap's: a false certificate) */
        {
            tchain c2;
            trng r2;
            ssvm_solver_config q2 = q;
            ssvm_progress pe;
            int k, rc;
            r2.s = 41;
            tchain_make(&c2, &r2, 8, 3, 3, SSVM_CHAIN_BIASES, 0);
            for (k = 0; k < (int)(sizeof c2.x / sizeof c2.x[0]); k++) c2.x[k] *= 3;
            TH_CHECK(t, tchain_problem(&c2, &c2.p) == SSVM_OK);
            q2.problem = &c2.p;
            TH_CHECK(t, ssvm_solver_init(&q2, &b) == SSVM_OK);
            TH_CHECK(t, ssvm_solver_checkpoint_load(&b, st.buf, st.bytes) == SSVM_OK);
            rc = ssvm_solver_run(&b);
            TH_CHECK(t, ssvm_solver_progress(&b, &pb) == SSVM_OK);
            TH_CHECK(t, ssvm_solver_evaluate(&b, 1, 1, &pe) == SSVM_OK);
            TH_CHECKF(t, rc == SSVM_CONVERGED && (pe.iterate.gap <= q.gap_tol || pe.average.gap <= q.gap_tol) &&
                         pe.iterate.gap == pb.iterate.gap && pe.average.gap == pb.average.gap,
                      "rc %d, gaps run %g %g, now %g %g", rc, pb.iterate.gap, pb.average.gap, pe.iterate.gap, pe.average.gap);
            ssvm_solver_uninit(&b);
            tchain_free(&c2);
        }
    }
    ssvm_solver_uninit(&a);
    free(st.buf);
    tchain_free(&c);
}

/* the kinds checkpoints do not cover: their own code, at every entry point */
static void test_ckpt_uncovered(th_ctx *t) {
    tchain c;
    ssvm_solver s;
    size_t n;
    unsigned char b[64];
    int v;
    if (!ck_chain(&c, 37, 0)) { TH_CHECK(t, 0); return; }
    for (v = 0; v < 2; v++) { /* the cutting plane, online EG (mini-batch BCFW is covered since 0.6.2: test_par) */
        ssvm_solver_config q = ssvm_solver_config_init(&c.p, v == 0 ? SSVM_CUTTING_PLANE : SSVM_EG);
        if (v == 1) q.eg.chain = &c.m;
        TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_checkpoint_get_size(&s, &n) == SSVM_ERR_CKPT_SOLVER);
        TH_CHECK(t, ssvm_solver_checkpoint_save(&s, b, sizeof b, NULL) == SSVM_ERR_CKPT_SOLVER);
        TH_CHECK(t, ssvm_solver_checkpoint_load(&s, b, sizeof b) == SSVM_ERR_CKPT_SOLVER);
        TH_CHECK(t, ssvm_solver_checkpoint_save_path(&s, "/nonexistent/x") == SSVM_ERR_CKPT_SOLVER);
        ssvm_solver_uninit(&s);
    }
    tchain_free(&c);
}

/* a write callback into memory that can fail after some bytes */
typedef struct ck_sink { unsigned char *p; size_t n, cap; long long fail_at; } ck_sink;
static int ck_sink_write(void *user, const void *bytes, size_t n) {
    ck_sink *k = (ck_sink *)user;
    if (k->fail_at >= 0 && (long long)(k->n + n) > k->fail_at) return 1;
    if (k->n + n > k->cap) return 1;
    memcpy(k->p + k->n, bytes, n);
    k->n += n;
    return 0;
}
static int ck_file_equals(const char *path, const unsigned char *b, size_t n) {
    FILE *f = fopen(path, "rb");
    unsigned char *x;
    size_t got;
    int same;
    if (!f) return 0;
    x = (unsigned char *)malloc(n + 1);
    got = x ? fread(x, 1, n + 1, f) : 0;
    fclose(f);
    same = x && got == n && memcmp(x, b, n) == 0;
    free(x);
    return same;
}
/* files: save_file, load_file, the callback, and the atomic replacement under a write that fails part-way */
static void test_ckpt_files_atomic(th_ctx *t) {
    tchain c;
    ssvm_solver_config q;
    ssvm_solver s, s2;
    char path[] = "/tmp/ssvm_ckpt_testXXXXXX", tmp[64];
    unsigned char *b1, *b2;
    size_t n1 = 0, n2 = 0;
    ck_sink k;
    int fd = mkstemp(path);
    FILE *f;
    TH_CHECK(t, fd >= 0);
    if (fd < 0) return;
    close(fd);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    if (!ck_chain(&c, 41, 0)) { TH_CHECK(t, 0); return; }
    q = ssvm_solver_config_init(&c.p, SSVM_BCFW);
    q.max_passes = 2; q.gap_tol = 0; q.bcfw.steps = SSVM_BCFW_STEPS_PAIRWISE;
    TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
    TH_CHECK(t, ssvm_solver_checkpoint_save_path(&s, path) == SSVM_OK);
    TH_CHECK(t, access(tmp, F_OK) != 0);
    TH_CHECK(t, ssvm_solver_checkpoint_get_size(&s, &n1) == SSVM_OK);
    b1 = (unsigned char *)malloc(n1);
    TH_CHECK(t, b1 && ssvm_solver_checkpoint_save(&s, b1, n1, NULL) == SSVM_OK);
    TH_CHECK(t, ck_file_equals(path, b1, n1));
    /* the callback gives the same bytes; one that fails is SSVM_ERR_IO */
    k.p = (unsigned char *)malloc(n1); k.n = 0; k.cap = n1; k.fail_at = -1;
    TH_CHECK(t, ssvm_solver_checkpoint_write(&s, ck_sink_write, &k) == SSVM_OK && k.n == n1 && memcmp(k.p, b1, n1) == 0);
    k.n = 0; k.fail_at = 100;
    TH_CHECK(t, ssvm_solver_checkpoint_write(&s, ck_sink_write, &k) == SSVM_ERR_IO);
    free(k.p);
    /* two more passes, then a save that dies part-way: the old checkpoint stays, whole, and no temporary */
    th_set_limit(&s, "max_passes", (double)(4));
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
    TH_CHECK(t, ssvm_solver_checkpoint_get_size(&s, &n2) == SSVM_OK);
    b2 = (unsigned char *)malloc(n2);
    TH_CHECK(t, b2 && ssvm_solver_checkpoint_save(&s, b2, n2, NULL) == SSVM_OK);
    TH_CHECK(t, th_priv_ck_save_path(&s, path, 100) == SSVM_ERR_IO);
    TH_CHECK(t, th_priv_ck_save_path(&s, path, (long long)n2 - 3) == SSVM_ERR_IO);
    TH_CHECK(t, ck_file_equals(path, b1, n1));
    TH_CHECK(t, access(tmp, F_OK) != 0);
    /* a temporary the OS cannot create (a directory in its way): SSVM_ERR_IO, the old file stays */
    TH_CHECK(t, mkdir(tmp, 0700) == 0);
    TH_CHECK(t, ssvm_solver_checkpoint_save_path(&s, path) == SSVM_ERR_IO);
    TH_CHECK(t, ck_file_equals(path, b1, n1));
    rmdir(tmp);
    /* the old checkpoint loads and resumes where it was */
    TH_CHECK(t, ssvm_solver_init(&q, &s2) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_checkpoint_load_path(&s2, path) == SSVM_OK);
    {
        ssvm_progress pr;
        TH_CHECK(t, ssvm_solver_progress(&s2, &pr) == SSVM_OK && pr.pass == 2);
    }
    /* a good save replaces it; a file that is not a checkpoint, or no file */
    TH_CHECK(t, ssvm_solver_checkpoint_save_path(&s, path) == SSVM_OK && ck_file_equals(path, b2, n2));
    f = fopen(path, "wb");
    if (f) { fputs("not a checkpoint", f); fclose(f); }
    TH_CHECK(t, ssvm_solver_checkpoint_load_path(&s2, path) == SSVM_ERR_FORMAT);
    remove(path);
    TH_CHECK(t, ssvm_solver_checkpoint_load_path(&s2, path) == SSVM_ERR_IO);
    ssvm_solver_uninit(&s2); ssvm_solver_uninit(&s);
    free(b1); free(b2);
    tchain_free(&c);
}

/* lambda/2 |w - w0|^2 + loss(w), the loss from ssvm_primal (which is lambda/2 |w|^2 + loss) */
static double ck_prox_primal(const ssvm_problem *p, double lam, const ssvm_real *w, const ssvm_real *w0) {
    size_t bytes = 0;
    void *work;
    double P = 0, ww = 0, dd = 0;
    int j;
    ssvm_primal_get_work_size(p, &bytes);
    work = malloc(bytes);
    if (!work || ssvm_primal(p, lam, w, work, bytes, &P) != SSVM_OK) P = 1e300;
    free(work);
    for (j = 0; j < p->d; j++) {
        ww += (double)w[j] * (double)w[j];
        dd += ((double)w[j] - (double)w0[j]) * ((double)w[j] - (double)w0[j]);
    }
    return P - 0.5 * lam * ww + 0.5 * lam * dd;
}
/* Warm start: a model trained on one data set, a new data set of the same dimension. BCFW and FW minimise the
   prox problem P'(w) = lambda/2 |w - w0|^2 + loss(w): w starts at w0; the reported primal is P' computed here
   independently; BCFW's prox gap (the engine's gap with the w0 terms) equals the sum of its block gaps (computed
   from the dual state alone, where w0 cancels); each solver's dual bounds P' from below at the other's answer,
   at w0 and at the plain optimum (weak duality); the gap falls; BCFW's checkpoints of a warm run resume bit for
   bit. (On this data the prox problem's dual optimum is spread over many labelings: both converge slowly, so
   the test checks certificates, not a tight optimum.) */
static int ck_first_gap(void *user, const ssvm_progress *p) {
    if (p->pass == 1) *(double *)user = p->iterate.gap;
    return 0;
}
static void test_ckpt_warm_start(th_ctx *t) {
    tchain a, b;
    ssvm_solver_config q;
    ssvm_real w0[256], wb[256], wf[256], wp[256], w[256];
    ssvm_progress fin, fb, ff;
    ssvm_model m;
    ssvm_solver s;
    double lam = 0.05, tol = IS_FLOAT_BUILD ? 1e-4 : 1e-9, g1b = 0, g1f = 0;
    if (!ck_chain(&a, 43, 0) || !ck_chain(&b, 47, 1)) { TH_CHECK(t, 0); return; }
    q = ssvm_solver_config_init(&a.p, SSVM_BCFW);
    q.lambda = lam; q.max_passes = 30;
    TH_CHECK(t, ssvm_train(&q, w0, sizeof w0, &fin) >= 0);
    TH_CHECK(t, ssvm_model_of_chain(&a.cfg, w0, &m) == SSVM_OK);
    /* the new data: plain, and warm-started BCFW and FW */
    q = ssvm_solver_config_init(&b.p, SSVM_BCFW);
    q.lambda = lam; q.max_passes = 100; q.gap_tol = 0;
    TH_CHECK(t, ssvm_train(&q, wp, sizeof wp, &fin) == SSVM_MAX_PASSES);
    TH_CHECK(t, ssvm_solver_config_warm_start(&q, &m) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_ITERATE, w, sizeof w) == SSVM_OK &&
                memcmp(w, w0, sizeof(ssvm_real) * (size_t)b.p.d) == 0); /* it starts at w0 */
    ssvm_solver_uninit(&s);
    q.max_passes = 200; q.averaging = SSVM_AVG_NONE; q.bcfw.gap_sampling = 1; q.bcfw.gap_check = 1;
    q.progress = ck_first_gap; q.progress_user = &g1b;
    TH_CHECK(t, ssvm_train(&q, wb, sizeof wb, &fb) == SSVM_MAX_PASSES);
    q = ssvm_solver_config_init(&b.p, SSVM_FW);
    q.lambda = lam; q.max_passes = 200; q.gap_tol = 0; q.progress = ck_first_gap; q.progress_user = &g1f;
    TH_CHECK(t, ssvm_solver_config_warm_start(&q, &m) == SSVM_OK);
    TH_CHECK(t, ssvm_train(&q, wf, sizeof wf, &ff) == SSVM_MAX_PASSES);
    {
        const ssvm_objective *ob = &fb.iterate, *of = &ff.iterate;
        double Pb = ck_prox_primal(&b.p, lam, wb, w0), Pf = ck_prox_primal(&b.p, lam, wf, w0);
        double P0 = ck_prox_primal(&b.p, lam, w0, w0), Pp = ck_prox_primal(&b.p, lam, wp, w0);
        double rt = IS_FLOAT_BUILD ? 1e-4 : 1e-9;
        TH_NEAR(t, ob->primal, Pb, rt);
        TH_NEAR(t, of->primal, Pf, rt);
        TH_NEAR(t, fb.gap_estimate, ob->gap, rt); /* sum of block gaps = the prox gap */
        TH_CHECK(t, ob->dual <= Pf + tol && ob->dual <= P0 + tol && ob->dual <= Pp + tol && ob->dual <= Pb + tol);
        TH_CHECK(t, of->dual <= Pb + tol && of->dual <= P0 + tol && of->dual <= Pp + tol && of->dual <= Pf + tol);
        TH_CHECK(t, ob->gap >= -tol && of->gap >= -tol);
        TH_CHECK(t, ob->gap < 0.1 * g1b && of->gap < 0.1 * g1f);
        TH_CHECK(t, Pb < P0 && Pf < P0);
        TH_CHECK(t, Pb <= Pp + ob->gap + tol); /* the plain optimum is no better for P' */
        TH_CHECK(t, fabs(Pb - Pf) <= ob->gap + of->gap + tol);
    }
    /* a warm run's checkpoint resumes bit for bit; the warm start is in the fingerprint */
    q = ssvm_solver_config_init(&b.p, SSVM_BCFW);
    q.lambda = lam;
    TH_CHECK(t, ssvm_solver_config_warm_start(&q, &m) == SSVM_OK);
    ck_roundtrip(t, &q, 0, 0, "warm bcfw");
    q.bcfw.steps = SSVM_BCFW_STEPS_ALL; q.bcfw.cache = 1;
    ck_roundtrip(t, &q, 1, 1, "warm bcfw all steps, cache");
    q = ssvm_solver_config_init(&b.p, SSVM_FW); q.lambda = lam;
    TH_CHECK(t, ssvm_solver_config_warm_start(&q, &m) == SSVM_OK);
    ck_roundtrip(t, &q, 0, 1, "warm fw");
    {
        size_t n = 0;
        unsigned char *buf = ck_make(&q, &n);
        ssvm_solver_config q2 = q;
        TH_CHECK(t, buf != NULL);
        q2.warm_w = NULL;
        if (buf) TH_CHECK(t, ck_try(&q2, buf, n) == SSVM_ERR_CKPT_MISMATCH);
        free(buf);
    }
    /* errors: another dimension, a solver without a warm start, a NaN */
    {
        ssvm_model m2 = m;
        ssvm_real bad[256];
        m2.d = b.p.d - 1;
        q = ssvm_solver_config_init(&b.p, SSVM_BCFW);
        TH_CHECK(t, ssvm_solver_config_warm_start(&q, &m2) == SSVM_ERR_WARM_START);
        TH_CHECK(t, ssvm_solver_config_warm_start(&q, NULL) == SSVM_ERR_INVALID_ARG);
        q.warm_w = w0; q.warm_w_bytes = sizeof(ssvm_real) * (size_t)(b.p.d - 1);
        TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_WARM_START);
        q = ssvm_solver_config_init(&b.p, SSVM_SSG);
        q.warm_w = w0; q.warm_w_bytes = sizeof w0;
        TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_WARM_START);
        TH_CHECK(t, ssvm_train(&q, w, sizeof w, &fin) == SSVM_ERR_WARM_START);
        q.solver = SSVM_MULTISAMPLE;
        TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_WARM_START);
        memcpy(bad, w0, sizeof bad);
        bad[1] = (ssvm_real)th_priv_nan();
        q = ssvm_solver_config_init(&b.p, SSVM_FW);
        q.warm_w = bad; q.warm_w_bytes = sizeof bad;
        TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_NONFINITE);
    }
    tchain_free(&a); tchain_free(&b);
}

/* Model metadata (format version 2): saved and loaded back; without it the file is the version-1 file, byte for
   byte as 0.4 wrote it; a version-1 file with the field set, or metadata without its NUL, is SSVM_ERR_FORMAT. */
static void test_ckpt_model_metadata(th_ctx *t) {
    ssvm_real w[6] = {1, -2, 0.5, 0.25, 3, -1};
    ssvm_model m = ssvm_model_config_init(SSVM_MODEL_MULTICLASS, 6, w), l;
    unsigned char b1[1024], b2[1024];
    size_t n1 = 0, n2 = 0;
    m.n_labels = 2; m.n_attrs = 3;
    TH_CHECK(t, ssvm_model_save(&m, b1, sizeof b1, &n1) == SSVM_OK);
    TH_CHECK(t, b1[8] == 1 && n1 == 144 + 48 + 4);
    m.metadata = "";
    TH_CHECK(t, ssvm_model_save(&m, b2, sizeof b2, &n2) == SSVM_OK && n2 == n1 && memcmp(b1, b2, n1) == 0);
    m.metadata = "format: svmlight\nbias: 1\n";
    TH_CHECK(t, ssvm_model_save(&m, b2, sizeof b2, &n2) == SSVM_OK);
    TH_CHECK(t, b2[8] == 2 && n2 == n1 + strlen(m.metadata) + 1);
    TH_CHECK(t, ssvm_model_load(b2, n2, SSVM_MODEL_MULTICLASS, &l) == SSVM_OK);
    TH_CHECK(t, l.metadata && strcmp(l.metadata, m.metadata) == 0 && memcmp(l.w, w, sizeof w) == 0);
    ssvm_model_uninit(&l);
    TH_CHECK(t, ssvm_model_load(b1, n1, SSVM_MODEL_MULTICLASS, &l) == SSVM_OK && l.metadata == NULL);
    ssvm_model_uninit(&l);
    b1[76] = 1; ck_reseal(b1, n1);
    TH_CHECK(t, ssvm_model_load(b1, n1, SSVM_MODEL_ANY, &l) == SSVM_ERR_FORMAT);
    b2[n2 - 5] = 'x'; ck_reseal(b2, n2); /* the metadata's NUL overwritten */
    TH_CHECK(t, ssvm_model_load(b2, n2, SSVM_MODEL_ANY, &l) == SSVM_ERR_FORMAT);
    b2[8] = 3; ck_reseal(b2, n2);
    TH_CHECK(t, ssvm_model_load(b2, n2, SSVM_MODEL_ANY, &l) == SSVM_ERR_VERSION);
}

/* fuzz-ckpt's finding (tests/fuzz/crashes/ckpt/ssg_wscale_denormal): SSG's lazy scale at offset 220 (the header,
   the counters, the seconds, l, l_bar, the averaging scales) loaded as 1e-313 was accepted, and every oracle call
   after it refused 1/ws = Inf. A real scale lies in (0, 1] with a finite inverse: anything else is SSVM_ERR_FORMAT. */
static void ck_putf64(unsigned char *p, double v) {
    uint64_t u;
    int k;
    memcpy(&u, &v, sizeof u);
    for (k = 0; k < 8; k++) p[k] = (unsigned char)((u >> (8 * k)) & 255u);
}
static void test_ckpt_wscale_range(th_ctx *t) {
    static const double bad_ws[4] = {1e-313, 2.0, 0.0, -0.5};
    tchain c;
    ssvm_solver_config q;
    ssvm_solver s;
    unsigned char *buf, *ed;
    ssvm_real w[64];
    size_t bytes = 0;
    int k, j, fin = 1;
    if (!ck_chain(&c, 31, 0)) { TH_CHECK(t, 0); return; }
    q = ssvm_solver_config_init(&c.p, SSVM_SSG);
    q.lambda = 0.05;
    buf = ck_make(&q, &bytes);
    ed = buf ? (unsigned char *)malloc(bytes) : NULL;
    TH_CHECK(t, buf != NULL && ed != NULL && bytes > 228 && c.p.d <= 64);
    if (!buf || !ed) { free(buf); tchain_free(&c); return; }
    TH_CHECK(t, ck_try(&q, buf, bytes) == SSVM_OK);
    for (k = 0; k < 4; k++) {
        memcpy(ed, buf, bytes); ck_putf64(ed + 220, bad_ws[k]); ck_reseal(ed, bytes);
        TH_CHECKF(t, ck_try(&q, ed, bytes) == SSVM_ERR_FORMAT, "w_scale %g", bad_ws[k]);
    }
    /* a scale in range still loads, and the run goes on with finite weights */
    memcpy(ed, buf, bytes); ck_putf64(ed + 220, 0.5); ck_reseal(ed, bytes);
    TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_checkpoint_load(&s, ed, bytes) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_pass(&s) >= 0);
    TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_ITERATE, w, sizeof w) == SSVM_OK);
    for (j = 0; j < c.p.d; j++) fin = fin && w[j] - w[j] == 0;
    TH_CHECK(t, fin);
    ssvm_solver_uninit(&s);
    free(ed); free(buf);
    tchain_free(&c);
}

/* fuzz-ckpt's finding (tests/fuzz/crashes/ckpt/gaps_unknown_list; found independently of test_ckpt_inconsistent's
   fix): gap sampling's unknown list unk[0 .. nunk) and its positions upos[] range-checked only, nunk = 0 with some
   upos[i] = 0 made the next refresh write unk[-1]. They must be inverse to each other (edited file bytes here). The layout from the end (gap sampling, no atoms; n = 8, P = 8):
   the CRC (4), the evaluation history (format 2), the tree (2P f64), G (f64), last_check, nunk (i32), upos, unk
   (n i32 each). */
static int32_t ck_get32(const unsigned char *p) {
    return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
}
static void test_ckpt_gaps_unknown_list(th_ctx *t) {
    tchain c;
    ssvm_solver_config q;
    ssvm_solver s;
    unsigned char *buf, *ed;
    size_t bytes = 0, o_nunk, o_upos, o_unk;
    int i, measured = 1;
    if (!ck_chain(&c, 37, 0)) { TH_CHECK(t, 0); return; }
    q = ssvm_solver_config_init(&c.p, SSVM_BCFW);
    q.lambda = 0.05; q.bcfw.gap_sampling = 1;
    buf = ck_make(&q, &bytes);
    ed = buf ? (unsigned char *)malloc(bytes) : NULL;
    TH_CHECK(t, buf != NULL && ed != NULL && c.p.n == 8 && bytes > 300);
    if (!buf || !ed || c.p.n != 8 || bytes <= 300) { free(buf); free(ed); tchain_free(&c); return; }
    /* before the CRC, format 2's evaluation history: CK_STOP (<= its 8 entries) evaluated passes of iterate and
       average (the "measured" check below fails if these offsets go wrong) */
    o_nunk = bytes - 4 - (4 + 8 + 2 * (4 + 20 * (size_t)CK_STOP)) - 16 * 8 - 8 - 4 - 4;
    o_upos = o_nunk - 4 * 8; o_unk = o_upos - 4 * 8;
    /* after 3 passes every estimate is measured: nunk = 0, every upos -1 (this also checks the offsets) */
    for (i = 0; i < 8; i++) measured = measured && ck_get32(buf + o_upos + 4 * (size_t)i) == -1;
    TH_CHECK(t, ck_get32(buf + o_nunk) == 0 && measured);
    TH_CHECK(t, ck_try(&q, buf, bytes) == SSVM_OK);
    /* the finding: an example listed at position 0 of an empty list */
    memcpy(ed, buf, bytes); ck_put32(ed + o_upos, 0); ck_reseal(ed, bytes);
    TH_CHECK(t, ck_try(&q, ed, bytes) == SSVM_ERR_FORMAT);
    /* a list of one, example 3: consistent, loads and runs */
    memcpy(ed, buf, bytes); ck_put32(ed + o_nunk, 1); ck_put32(ed + o_unk, 3); ck_put32(ed + o_upos + 12, 0);
    ck_reseal(ed, bytes);
    TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_checkpoint_load(&s, ed, bytes) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_pass(&s) >= 0);
    ssvm_solver_uninit(&s);
    /* the list says 3, its position says not listed */
    memcpy(ed, buf, bytes); ck_put32(ed + o_nunk, 1); ck_put32(ed + o_unk, 3); ck_reseal(ed, bytes);
    TH_CHECK(t, ck_try(&q, ed, bytes) == SSVM_ERR_FORMAT);
    /* 3 listed twice */
    memcpy(ed, buf, bytes); ck_put32(ed + o_nunk, 2); ck_put32(ed + o_unk, 3); ck_put32(ed + o_unk + 4, 3);
    ck_put32(ed + o_upos + 12, 0); ck_reseal(ed, bytes);
    TH_CHECK(t, ck_try(&q, ed, bytes) == SSVM_ERR_FORMAT);
    free(ed); free(buf);
    tchain_free(&c);
}

/* fields each in range but inconsistent together (a file with a valid CRC, written by the library from a solver
   whose private state was edited): the gap estimates' unknown list against its positions, and a compact sparse
   list that does not ascend; both are SSVM_ERR_FORMAT and the loading solver is left as it was */
static void test_ckpt_inconsistent(th_ctx *t) {
    int start[3] = {0, 4, 8}, labels[8] = {0, 1, 2, 0, 1, 2, 0, 1}, k, v;
    ssvm_real x[8 * 3];
    ssvm_chain_config cc;
    ssvm_chain m;
    ssvm_problem p;
    for (k = 0; k < 24; k++) x[k] = (ssvm_real)((k * 7 % 5) - 2) * (ssvm_real)0.3;
    cc = ssvm_chain_config_init(2, 3, 3, start, labels);
    cc.x = x;
    if (ssvm_chain_init(&cc, &m) != SSVM_OK || ssvm_chain_problem(&m, &p) != SSVM_OK) { TH_CHECK(t, 0); return; }
    for (v = 0; v < 3; v++) {
        ssvm_solver_config c = ssvm_solver_config_init(&p, SSVM_BCFW);
        ssvm_solver s, s2;
        size_t bytes = 0, off[2];
        int len[2], *idx = NULL, md;
        ssvm_real *val = NULL;
        void *buf;
        size_t *o0; int *l0, *i0; ssvm_real *v0;
        ssvm_progress pr;
        c.max_passes = 1; c.gap_tol = 0;
        if (v < 2) c.bcfw.gap_sampling = 1;
        else { c.state = SSVM_STATE_COMPACT_SPARSE; c.eval_every = 0; }
        TH_CHECK(t, ssvm_solver_init(&c, &s) == SSVM_OK);
        if (v == 2) TH_CHECK(t, ssvm_solver_run(&s) >= 0);
        o0 = (*TH_BF(&s).sp_off); l0 = (*TH_BF(&s).sp_len); i0 = (*TH_BF(&s).sp_idx); v0 = (*TH_BF(&s).sp_val);
        if (v == 0) (*TH_BF(&s).gp_nunk) = 0; /* positions set, list empty */
        else if (v == 1) { int a = TH_BF(&s).gp_unk[0]; TH_BF(&s).gp_unk[0] = TH_BF(&s).gp_unk[1]; TH_BF(&s).gp_unk[1] = a; } /* positions disagree */
        else { /* example 0's list: one index repeated */
            md = (int)((*TH_BF(&s).sig_off)[1] - (*TH_BF(&s).sig_off)[0]);
            idx = (int *)calloc((size_t)md, sizeof(int)); val = (ssvm_real *)calloc((size_t)md, sizeof(ssvm_real));
            off[0] = 0; off[1] = (size_t)md; len[0] = md; len[1] = 0;
            for (k = 0; idx && val && k < md; k++) { idx[k] = 0; val[k] = (ssvm_real)0.001; }
            (*TH_BF(&s).sp_off) = off; (*TH_BF(&s).sp_len) = len; (*TH_BF(&s).sp_idx) = idx; (*TH_BF(&s).sp_val) = val;
        }
        TH_CHECK(t, ssvm_solver_checkpoint_get_size(&s, &bytes) == SSVM_OK);
        buf = malloc(bytes);
        TH_CHECK(t, buf && ssvm_solver_checkpoint_save(&s, buf, bytes, NULL) == SSVM_OK);
        (*TH_BF(&s).sp_off) = o0; (*TH_BF(&s).sp_len) = l0; (*TH_BF(&s).sp_idx) = i0; (*TH_BF(&s).sp_val) = v0;
        ssvm_solver_uninit(&s);
        TH_CHECK(t, ssvm_solver_init(&c, &s2) == SSVM_OK);
        TH_CHECKF(t, ssvm_solver_checkpoint_load(&s2, buf, bytes) == SSVM_ERR_FORMAT, "case %d", v);
        TH_CHECK(t, ssvm_solver_progress(&s2, &pr) == SSVM_OK && pr.pass == 0 && pr.steps == 0); /* untouched */
        TH_CHECK(t, ssvm_solver_run(&s2) >= 0);
        ssvm_solver_uninit(&s2);
        free(buf); free(idx); free(val);
    }
    ssvm_chain_uninit(&m);
}

/* SSVM_EVAL_PREDICT's history (format version 2): a loaded solver saves the same bytes, and evaluates where the
   uninterrupted run does (pass 11 is skipped: the last evaluation was at 8); a version-1 checkpoint (the same
   bytes without the history block, as 0.5 wrote them) loads with the history empty, also into a solver that has
   one, so its next pass is evaluated; a history that contradicts the counters is SSVM_ERR_FORMAT and leaves the
   solver as it was (the same bytes saved again) */
static void test_ckpt_eval_schedule(th_ctx *t) {
    tchain c;
    ssvm_solver_config q;
    ssvm_solver a, b;
    ssvm_progress pa, pb;
    unsigned char *buf, *v1, *bad, *re;
    size_t bytes = 0, blk, n1, at, rb = 0;
    if (!ck_chain(&c, 23, 0)) { TH_CHECK(t, 0); tchain_free(&c); return; }
    q = ssvm_solver_config_init(&c.p, SSVM_BCFW);
    q.lambda = 0.05; q.gap_tol = 0; q.target_primal = -1; /* unreachable: evaluations at passes 1, 2, 4, 8 */
    q.eval_schedule = SSVM_EVAL_PREDICT; q.max_passes = 10;
    TH_CHECK(t, ssvm_solver_init(&q, &a) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&a) == SSVM_MAX_PASSES);
    TH_CHECK(t, ssvm_solver_checkpoint_get_size(&a, &bytes) == SSVM_OK);
    buf = (unsigned char *)malloc(bytes); v1 = (unsigned char *)malloc(bytes); bad = (unsigned char *)malloc(bytes);
    re = (unsigned char *)malloc(2 * bytes); /* a's later states may take more room */
    if (!buf || !v1 || !bad || !re) {
        TH_CHECK(t, 0); free(buf); free(v1); free(bad); free(re); ssvm_solver_uninit(&a); tchain_free(&c); return;
    }
    TH_CHECK(t, ssvm_solver_checkpoint_save(&a, buf, bytes, &bytes) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_init(&q, &b) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_checkpoint_load(&b, buf, bytes) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_checkpoint_save(&b, re, bytes, &rb) == SSVM_OK && rb == bytes && memcmp(re, buf, bytes) == 0);
    th_set_limit(&a, "max_passes", (double)(11)); th_set_limit(&b, "max_passes", (double)(11));
    TH_CHECK(t, ssvm_solver_run(&a) == SSVM_MAX_PASSES && ssvm_solver_run(&b) == SSVM_MAX_PASSES);
    ssvm_solver_progress(&a, &pa); ssvm_solver_progress(&b, &pb);
    TH_CHECKF(t, pa.eval_oracle_calls == 4LL * 2 * c.p.n && pb.eval_oracle_calls == pa.eval_oracle_calls,
              "pass 11: %lld and %lld evaluation calls (passes 1, 2, 4, 8)", pa.eval_oracle_calls, pb.eval_oracle_calls);
    ssvm_solver_uninit(&b);
    /* version 1: the history block is 4 + 8 + 2 * (4 + 4 * (4 + 8 + 8)) bytes before the CRC */
    blk = 4 + 8 + 2 * (4 + 4 * 20);
    n1 = bytes - blk;
    memcpy(v1, buf, n1 - 4);
    ck_put32(v1 + 8, 1);
    ck_put32(v1 + 16, (uint32_t)n1); ck_put32(v1 + 20, 0);
    ck_reseal(v1, n1);
    /* into a, whose history (passes 1, 2, 4, 8) must go */
    TH_CHECK(t, ssvm_solver_checkpoint_load(&a, v1, n1) == SSVM_OK);
    th_set_limit(&a, "max_passes", (double)(11));
    TH_CHECK(t, ssvm_solver_run(&a) == SSVM_MAX_PASSES);
    ssvm_solver_progress(&a, &pa);
    TH_CHECKF(t, pa.eval_oracle_calls == 5LL * 2 * c.p.n, "version 1: %lld evaluation calls (pass 11 evaluated)",
              pa.eval_oracle_calls);
    /* the history's last evaluated pass past the saved pass 10; a pass out of order; a wrong last */
    at = bytes - 4 - blk;
    TH_CHECK(t, ssvm_solver_checkpoint_save(&a, re, 2 * bytes, &rb) == SSVM_OK);
    memcpy(bad, buf, bytes); ck_put32(bad + at, 11); ck_reseal(bad, bytes);
    TH_CHECK(t, ssvm_solver_checkpoint_load(&a, bad, bytes) == SSVM_ERR_FORMAT);
    memcpy(bad, buf, bytes); ck_put32(bad + at + 12 + 4, 3); ck_reseal(bad, bytes); /* the iterate's first pass 1 -> 3 > 2 */
    TH_CHECK(t, ssvm_solver_checkpoint_load(&a, bad, bytes) == SSVM_ERR_FORMAT);
    memcpy(bad, buf, bytes); ck_put32(bad + at, 4); ck_reseal(bad, bytes); /* last evaluated 8 -> 4 */
    TH_CHECK(t, ssvm_solver_checkpoint_load(&a, bad, bytes) == SSVM_ERR_FORMAT);
    { /* the failed loads left a as it was: the same bytes saved again */
        size_t rb2 = 0;
        unsigned char *re2 = (unsigned char *)malloc(rb > 0 ? rb : 1);
        TH_CHECK(t, re2 && ssvm_solver_checkpoint_save(&a, re2, rb, &rb2) == SSVM_OK && rb2 == rb && memcmp(re, re2, rb) == 0);
        free(re2);
    }
    ssvm_solver_uninit(&a);
    free(buf); free(v1); free(bad); free(re);
    tchain_free(&c);
}

/* a run stopped at SSVM_PRECISION (gap within its rounding allowance, gap_tol 1e-30 below it; exact steps reach it
   in both precisions), saved and loaded: the loaded numbers are evaluated again before they may stop the run, as
   for SSVM_CONVERGED (0.19.0's first cut returned PRECISION on the checkpoint's numbers) */
static void test_ckpt_precision_reevaluated(th_ctx *t) {
    enum { N = 200, F = 16, K = 5 };
    ssvm_real *x = (ssvm_real *)malloc(sizeof(ssvm_real) * N * F);
    int lab[N], i, j;
    unsigned u = 12345;
    ssvm_multiclass_config mc;
    ssvm_multiclass m;
    ssvm_problem p;
    ssvm_solver_config c;
    ssvm_solver s, s2;
    ssvm_progress pr, p2;
    size_t bytes = 0, wr = 0;
    void *buf = 0;
    long long before;
    TH_CHECK(t, x != 0);
    if (!x) return;
    for (i = 0; i < N; i++) {
        lab[i] = i % K;
        for (j = 0; j < F; j++) {
            u = u * 1103515245u + 12345u;
            x[i * F + j] = (ssvm_real)((double)((u >> 8) & 0xffff) / 65536.0 + (j == lab[i] ? 0.5 : 0));
        }
    }
    mc = ssvm_multiclass_config_init(N, K, F, x, lab);
    TH_CHECK(t, ssvm_multiclass_init(&mc, &m) == SSVM_OK && ssvm_multiclass_problem(&m, &p) == SSVM_OK);
    c = ssvm_solver_config_init(&p, SSVM_BCFW);
    c.lambda = 1e-2; c.gap_tol = 1e-30; c.seed = 1; c.max_passes = 20000; c.bcfw.steps = SSVM_BCFW_STEPS_EXACT;
    TH_CHECK(t, ssvm_solver_init(&c, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_PRECISION);
    ssvm_solver_progress(&s, &pr);
    TH_CHECKF(t, pr.pass < 20000 && pr.iterate.gap < 1e-4, "pass %d gap %g", pr.pass, pr.iterate.gap);
    TH_CHECK(t, ssvm_solver_checkpoint_get_size(&s, &bytes) == SSVM_OK && (buf = malloc(bytes)) != 0);
    TH_CHECK(t, buf && ssvm_solver_checkpoint_save(&s, buf, bytes, &wr) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_init(&c, &s2) == SSVM_OK);
    TH_CHECK(t, buf && ssvm_solver_checkpoint_load(&s2, buf, wr) == SSVM_OK);
    ssvm_solver_progress(&s2, &p2);
    before = p2.eval_oracle_calls;
    TH_CHECK(t, ssvm_solver_run(&s2) == SSVM_PRECISION);
    ssvm_solver_progress(&s2, &p2);
    TH_CHECKF(t, p2.eval_oracle_calls > before && p2.pass == pr.pass, "eval calls %lld -> %lld, pass %d / %d", before,
              p2.eval_oracle_calls, p2.pass, pr.pass);
    ssvm_solver_uninit(&s2);
    ssvm_solver_uninit(&s);
    ssvm_multiclass_uninit(&m);
    free(buf);
    free(x);
}

void suite_ckpt(th_ctx *t) {
    TH_RUN(t, test_ckpt_precision_reevaluated);
    TH_RUN(t, test_ckpt_inconsistent);
    TH_RUN(t, test_ckpt_bcfw_states);
    TH_RUN(t, test_ckpt_bcfw_variants);
    TH_RUN(t, test_ckpt_bcfw_gaps);
    TH_RUN(t, test_ckpt_fw_ssg);
    TH_RUN(t, test_ckpt_multisample);
    TH_RUN(t, test_ckpt_mid_pass);
    TH_RUN(t, test_ckpt_errors);
    TH_RUN(t, test_ckpt_uncovered);
    TH_RUN(t, test_ckpt_files_atomic);
    TH_RUN(t, test_ckpt_warm_start);
    TH_RUN(t, test_ckpt_model_metadata);
    TH_RUN(t, test_ckpt_wscale_range);
    TH_RUN(t, test_ckpt_gaps_unknown_list);
    TH_RUN(t, test_ckpt_eval_schedule);
    TH_RUN(t, test_ckpt_review);
    TH_RUN(t, test_ckpt_stop_at_convergence);
}
