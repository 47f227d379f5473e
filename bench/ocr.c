/* bench/ocr.c: `make bench-ocr`. BCFW (+w_bar), batch FW and SSG (+w_bar) on OCR-small and OCR-large at
   lambda = 0.01 and 0.001; per pass: oracle calls, primal, dual, gap at the average and primal, gap at the
   iterate ("-" where not kept or not defined), per-letter test error, training wall seconds (evaluation
   excluded), state bytes. Then the replay against the authors' reference, the speed-up over the reference's 2.1 s per
   BCFW pass, how small a preallocated sparse-state pool can be, and the 4,030-dimensional counted-Hamming
   model. Last line: RESULT key=value ... (its seconds are training wall seconds)
   usage: bench_ocr [shared-dir] [--quick] [--speed] [--pool]   (shared-dir defaults to ../shared; --speed:
   seconds per pass of each solver only, no evaluation, one line: what `make bench-blas` compares; --pool:
   only the preallocated-pool table, e.g. from a float build:
   cc -O2 -DSTRUCTSVM_REAL=float bench/ocr.c -o build/bench_ocr_f -lm && ./build/bench_ocr_f ../shared --pool)
   tools/bench_vs_old.sh (make bench-ocr) parses --speed's one "SPEED ... <name>_pass_s=<s> ..." line: keep it.
   Its per-pass seconds are training CPU seconds (progress.cpu_seconds, the clock() time 0.1.1 reported, so
   that old and new builds compare like with like; the line says clock=cpu). */
#define _POSIX_C_SOURCE 200809L
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "../tests/fixtures_ocr.h" /* examples/ocr_data.h and the reference-file readers */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef STRUCTSVM_USE_BLAS
#define SPEED_BLAS 1
#else
#define SPEED_BLAS 0
#endif

typedef struct bctx {
    ssvm_solver *s;
    ssvm_chain *test;
    ssvm_real *w;
    size_t w_bytes;
    int every;            /* print every k passes */
} bctx;

/* "-" where a quantity does not exist (SSG has no dual) */
static void num(char *buf, double v) {
    if (v == v) snprintf(buf, 32, "%.6g", v);
    else snprintf(buf, 32, "-");
}

static int row(void *user, const ssvm_progress *p) {
    bctx *c = (bctx *)user;
    double le = 0, we = 0;
    if (p->pass % c->every && p->pass != 1) return 0;
    ssvm_solver_weights(c->s, ssvm_solver_config_of(c->s)->averaging != SSVM_AVG_NONE ? SSVM_W_AVERAGE : SSVM_W_ITERATE,
                        c->w, c->w_bytes);
    ocr_errors(c->test, c->w, &le, &we);
    {
        char a[5][32];
        num(a[0], p->average.primal);
        num(a[1], p->average.dual);
        num(a[2], p->average.gap);
        num(a[3], p->iterate.primal);
        num(a[4], p->iterate.gap);
        printf("%5d %9lld %14s %12s %11s %14s %11s %8.2f%% %9.3f %11zu\n", p->pass, p->oracle_calls, a[0], a[1], a[2],
               a[3], a[4], 100 * le, p->wall_seconds, p->state_bytes);
    }
    fflush(stdout);
    return 0;
}

/* an initialised chain model over d's words */
static ssvm_result chain_of(const ocr_data *d, int model, ssvm_chain *m) {
    ssvm_chain_config c;
    ocr_chain(d, model, &c);
    return ssvm_chain_init(&c, m);
}

/* one run; returns training wall seconds (evaluation excluded) */
static double run(const char *title, ssvm_chain *mtrain, ssvm_chain *mtest, ssvm_solver_kind kind, double lambda,
                  int passes, int every, size_t *state_bytes) {
    ssvm_problem p;
    ssvm_solver_config q;
    ssvm_solver s;
    ssvm_progress pr;
    bctx c;
    ssvm_result r;
    if (ssvm_chain_problem(mtrain, &p) != SSVM_OK) return -1;
    q = ssvm_solver_config_init(&p, kind);
    q.lambda = lambda; q.max_passes = passes; q.gap_tol = 0; /* evaluated every pass; rows every `every` */
    q.progress = row; q.progress_user = &c;
    if (ssvm_solver_init(&q, &s) != SSVM_OK) return -1;
    memset(&pr, 0, sizeof pr);
    ssvm_solver_progress(&s, &pr);
    c.s = &s; c.test = mtest; c.every = every;
    c.w_bytes = sizeof(ssvm_real) * (size_t)p.d;
    c.w = (ssvm_real *)malloc(c.w_bytes);
    printf("\n== %s %s lambda=%g (n=%d, d=%d, state %zu bytes at the start)\n", title,
           kind == SSVM_BCFW ? "BCFW (+w_bar)" : kind == SSVM_FW ? "batch FW" : "SSG (+w_bar)", lambda, p.n, p.d,
           pr.state_bytes);
    printf(" pass    oracle average_primal average_dual average_gap iterate_primal iterate_gap  test_let    wall_s  state_bytes\n");
    r = ssvm_solver_run(&s);
    if (r < 0) printf("error: %s\n", ssvm_result_string(r));
    ssvm_solver_progress(&s, &pr);
    if (state_bytes) *state_bytes = pr.state_bytes; /* at the end: a sparse state's pool grows */
    if (s._state_kind == SSVM_STATE_COMPACT_SPARSE) /* internals, for the table only */
        printf("  sparse compact state: %zu of the %zu label statistics are non-zero (%.1f%%)\n", SSVM__BF(&s)->_sp_live,
               SSVM__BF(&s)->_sig_off[p.n], 100.0 * (double)SSVM__BF(&s)->_sp_live / (double)SSVM__BF(&s)->_sig_off[p.n]);
    ssvm_solver_uninit(&s);
    free(c.w);
    return pr.wall_seconds;
}

/* How small a preallocated pool can be: BCFW with SSVM_STATE_COMPACT_SPARSE from one caller buffer, the pool
   a fraction of the dense sigma's entries, against the dense compact state's buffer. */
static void pool_table(ssvm_chain *m, const char *title, double lambda, int passes) {
    ssvm_problem p;
    ssvm_solver_config q;
    ssvm_solver s;
    size_t dense_bytes = 0, entries = 0, bytes;
    int f, i;
    if (ssvm_chain_problem(m, &p) != SSVM_OK) return;
    for (i = 0; i < p.n; i++) entries += (size_t)p.stat_dim(p.user, i);
    q = ssvm_solver_config_init(&p, SSVM_BCFW);
    q.lambda = lambda; q.max_passes = passes; q.gap_tol = 0; q.eval_every = 0;
    q.state = SSVM_STATE_COMPACT;
    ssvm_solver_get_heap_size(&q, &dense_bytes);
    printf("\n#### %s, lambda = %g, %d passes from one preallocated buffer (ssvm_real = %s)\n", title, lambda,
           passes, sizeof(ssvm_real) == sizeof(float) ? "float" : "double");
    printf("  dense compact state: %zu statistics, buffer %zu bytes\n", entries, dense_bytes);
    printf("  sparse compact state, pool = entries / f:\n     f   pool_entries  buffer_bytes  result\n");
    for (f = 4; f <= 32; f *= 2) {
        unsigned char *buf;
        ssvm_result r;
        ssvm_progress pr;
        size_t live = 0;
        q.state = SSVM_STATE_COMPACT_SPARSE; q.sparse_pool_entries = entries / (size_t)f;
        if (ssvm_solver_get_heap_size(&q, &bytes) != SSVM_OK) continue;
        buf = (unsigned char *)malloc(bytes);
        memset(&pr, 0, sizeof pr);
        r = ssvm_solver_init_preallocated(&q, buf, bytes, &s);
        if (r == SSVM_OK) {
            r = ssvm_solver_run(&s);
            ssvm_solver_progress(&s, &pr);
            live = SSVM__BF(&s)->_sp_live; /* internals, for the table only */
            ssvm_solver_uninit(&s);
        }
        printf("  %4d %14zu %13zu  %s after %d passes (live entries then: %zu)\n", f,
               q.sparse_pool_entries, bytes, ssvm_result_string(r), pr.pass, live);
        free(buf);
    }
}

typedef struct rlog { int n; double v[10][6]; } rlog;
static int rlog_cb(void *u, const ssvm_progress *p) {
    rlog *l = (rlog *)u;
    if (l->n < 10) {
        l->v[l->n][0] = p->average.primal; l->v[l->n][1] = p->average.dual; l->v[l->n][2] = p->average.gap;
        l->v[l->n][3] = p->iterate.primal; l->v[l->n][4] = p->iterate.dual; l->v[l->n][5] = p->iterate.gap;
        l->n++;
    }
    return 0;
}
/* max relative error of passes 1-10 against a reference CSV (BCFW replays the reference's indices) */
static double replay(const char *shared, ssvm_chain *m, ssvm_solver_kind kind, double lambda, const int *seq,
                     long long seqlen, const char *csv) {
    char path[1024];
    ocr_ref_row ref[10];
    ssvm_problem p;
    ssvm_solver_config q;
    rlog l;
    ssvm_real *w;
    double maxerr = 0;
    int i, k;
    snprintf(path, sizeof path, "%s/reference/bcfw_ocr/%s", shared, csv);
    if (ocr_read_ref_csv(path, ref, 10) != 10) return -1;
    if (ssvm_chain_problem(m, &p) != SSVM_OK) return -1;
    q = ssvm_solver_config_init(&p, kind);
    q.lambda = lambda; q.max_passes = 10; q.gap_tol = 0;
    if (kind == SSVM_BCFW) { q.sampling = SSVM_SAMPLE_SEQUENCE; q.sequence = seq; q.sequence_len = seqlen; }
    memset(&l, 0, sizeof l);
    q.progress = rlog_cb; q.progress_user = &l;
    w = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)p.d);
    ssvm_train(&q, w, sizeof(ssvm_real) * (size_t)p.d, NULL);
    free(w);
    for (i = 0; i < l.n; i++)
        for (k = 0; k < (kind == SSVM_BCFW ? 6 : 3); k++) {
            double got = kind == SSVM_BCFW ? l.v[i][k] : l.v[i][k + 3], want = ref[i].v[k + 2];
            double e = (got - want) / want;
            if (e < 0) e = -e;
            if (e > maxerr) maxerr = e;
        }
    printf("  %-28s passes 1-10, primal/dual/gap%s: max relative error %.3g\n", csv,
           kind == SSVM_BCFW ? " (average and iterate)" : "", maxerr);
    return maxerr;
}

int main(int argc, char **argv) {
    const char *shared = "../shared";
    char path[1024], err[512];
    ocr_data all, small_tr, small_te, large_tr, large_te;
    ssvm_chain ms, mst, ml, mlt, mc, mct;
    int quick = 0, speed = 0, pool = 0, i, *seq;
    long long seqlen = 0;
    double lambdas[2] = {0.01, 0.001}, small_s = 0, large_s = 0, rep = 0, e;
    size_t large_bytes = 0;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) quick = 1;
        else if (!strcmp(argv[i], "--speed")) speed = 1;
        else if (!strcmp(argv[i], "--pool")) pool = 1;
        else shared = argv[i];
    }
    snprintf(path, sizeof path, "%s/data/ocr/letter.data.gz", shared);
    if (ocr_load(path, &all, err, sizeof err) != 0) {
        printf("bench-ocr needs the OCR data: %s\n", err);
        printf("RESULT skipped=1\n");
        return 0;
    }
    ocr_split(&all, OCR_SMALL, &small_tr, &small_te);
    ocr_split(&all, OCR_LARGE, &large_tr, &large_te);
    if (chain_of(&small_tr, OCR_MODEL_REFERENCE, &ms) != SSVM_OK || chain_of(&small_te, OCR_MODEL_REFERENCE, &mst) != SSVM_OK ||
        chain_of(&large_tr, OCR_MODEL_REFERENCE, &ml) != SSVM_OK || chain_of(&large_te, OCR_MODEL_REFERENCE, &mlt) != SSVM_OK) {
        printf("bench-ocr: the OCR chains do not validate\n");
        return 1;
    }
    if (pool) { /* only the preallocated-pool table (build with -DSTRUCTSVM_REAL=float for firmware figures) */
        pool_table(&ms, "OCR-small", 0.01, 50);
        return 0;
    }
    if (speed) { /* solver seconds per pass only, no evaluation: `make bench-blas` compares builds */
        ssvm_solver_kind kinds[3] = {SSVM_BCFW, SSVM_FW, SSVM_SSG};
        const char *names[3] = {"bcfw", "fw", "ssg"};
        printf("SPEED blas=%d real=%s clock=cpu", SPEED_BLAS, sizeof(ssvm_real) == sizeof(float) ? "float" : "double");
        for (i = 0; i < 6; i++) {
            ssvm_problem p;
            ssvm_solver_config q;
            ssvm_solver s;
            ssvm_progress pr;
            ssvm_chain *m = i < 3 ? &ms : &ml;
            memset(&pr, 0, sizeof pr);
            ssvm_chain_problem(m, &p);
            q = ssvm_solver_config_init(&p, kinds[i % 3]);
            q.max_passes = i < 3 ? 20 : 5; q.eval_every = 0; q.gap_tol = 0;
            if (ssvm_solver_init(&q, &s) != SSVM_OK || ssvm_solver_run(&s) < 0) {
                printf("\nbench-ocr --speed: training failed\n");
                return 1;
            }
            ssvm_solver_progress(&s, &pr);
            printf(" %s_%s_pass_s=%.4f", names[i % 3], i < 3 ? "small" : "large", pr.cpu_seconds / q.max_passes);
            ssvm_solver_uninit(&s);
        }
        printf("\n");
        return 0;
    }
    printf("structsvm.h bench-ocr: ssvm_real = %s; OCR-small: train %d words (fold 0), test %d; OCR-large: train %d (folds 1-9), test %d\n",
           sizeof(ssvm_real) == sizeof(float) ? "float" : "double", small_tr.n_words, small_te.n_words,
           large_tr.n_words, large_te.n_words);

    printf("\n#### Replay of the authors' reference (BCFWstruct, OCR-small)\n");
    snprintf(path, sizeof path, "%s/reference/bcfw_ocr/bcfw_indices_n626_seed1.txt.gz", shared);
    seq = ocr_read_indices(path, &seqlen);
    if (seq) {
        e = replay(shared, &ms, SSVM_BCFW, 0.01, seq, seqlen, "BCFW_ocr_lambda0.01.csv"); if (e > rep) rep = e;
        e = replay(shared, &ms, SSVM_BCFW, 0.001, seq, seqlen, "BCFW_ocr_lambda0.001.csv"); if (e > rep) rep = e;
    }
    e = replay(shared, &ms, SSVM_FW, 0.01, seq, seqlen, "FW_ocr_lambda0.01.csv"); if (e > rep) rep = e;
    e = replay(shared, &ms, SSVM_FW, 0.001, seq, seqlen, "FW_ocr_lambda0.001.csv"); if (e > rep) rep = e;
    free(seq);

    for (i = 0; i < 2; i++) {
        int sp = quick ? 5 : 20;
        double t;
        printf("\n#### OCR-small, lambda = %g\n", lambdas[i]);
        t = run("OCR-small", &ms, &mst, SSVM_BCFW, lambdas[i], sp, 1, NULL);
        if (i == 0) small_s = t / sp;
        printf("  BCFW: %.4f s wall per pass; the reference's BCFWstruct: 2.1 s per pass -> %.0fx faster\n", t / sp, 2.1 / (t / sp));
        run("OCR-small", &ms, &mst, SSVM_FW, lambdas[i], sp, 1, NULL);
        run("OCR-small", &ms, &mst, SSVM_SSG, lambdas[i], sp, 1, NULL);
    }
    for (i = 0; i < 2; i++) {
        int lp = quick ? 5 : 50;
        double t;
        size_t b;
        printf("\n#### OCR-large, lambda = %g\n", lambdas[i]);
        t = run("OCR-large", &ml, &mlt, SSVM_BCFW, lambdas[i], lp, quick ? 1 : 5, &b);
        if (i == 0) { large_s = t; large_bytes = b; }
        printf("  BCFW: %d passes in %.2f s training wall time (%.4f s per pass), state %zu bytes after the run (dense per-example w_i would be %.0f MB)\n",
               lp, t, t / lp, b, 8.0 * large_tr.n_words * 4082 / 1e6);
        run("OCR-large", &ml, &mlt, SSVM_FW, lambdas[i], lp, quick ? 1 : 5, NULL);
        run("OCR-large", &ml, &mlt, SSVM_SSG, lambdas[i], lp, quick ? 1 : 5, NULL);
    }
    if (!quick) pool_table(&ms, "OCR-small", 0.01, 50);
    printf("\n#### Counted Hamming, no biases (d = 4,030), lambda = 0.01, OCR-small\n");
    chain_of(&small_tr, OCR_MODEL_COUNTED, &mc); chain_of(&small_te, OCR_MODEL_COUNTED, &mct);
    run("OCR-small counted", &mc, &mct, SSVM_BCFW, 0.01, quick ? 5 : 20, 1, NULL);
    run("OCR-small counted", &mc, &mct, SSVM_FW, 0.01, quick ? 5 : 20, 1, NULL);
    run("OCR-small counted", &mc, &mct, SSVM_SSG, 0.01, quick ? 5 : 20, 1, NULL);

    printf("\nRESULT small_pass_s=%.4f large_50pass_s=%.2f replay_max_rel_err=%.3g large_state_bytes=%zu\n",
           small_s, quick ? -1.0 : large_s, rep, large_bytes);
    ssvm_chain_uninit(&ms); ssvm_chain_uninit(&mst); ssvm_chain_uninit(&ml); ssvm_chain_uninit(&mlt);
    ssvm_chain_uninit(&mc); ssvm_chain_uninit(&mct);
    ocr_free(&small_tr); ocr_free(&small_te); ocr_free(&large_tr); ocr_free(&large_te); ocr_free(&all);
    return 0;
}
