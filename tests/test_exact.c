/* tests/test_exact.c: BCFW's exact block steps and shrinking (config.bcfw.steps = SSVM_BCFW_STEPS_EXACT, >>exact):
   the step against a brute-force solve of the block's QP, the certified gap against a long reference run, example
   weights against duplicated examples, checkpoints, and the option checks. */
#include "../structsvm.h"
#include "harness.h"

/* a small random multiclass problem: n examples, K classes, F dense attributes (the last a constant 1) */
typedef struct ex_data {
    int n, K, F;
    ssvm_real x[16 * 4];
    int y[16];
    ssvm_real wt[16];
    ssvm_multiclass m;
    ssvm_problem p;
} ex_data;
static double ex_u(unsigned *s) { *s = *s * 1103515245u + 12345u; return (double)((*s >> 8) & 0xFFFFFFu) / 16777216.0; }
static int ex_make(ex_data *d, int n, int K, unsigned seed) {
    ssvm_multiclass_config c;
    int i, j;
    unsigned s = seed;
    d->n = n; d->K = K; d->F = 4;
    for (i = 0; i < n; i++) {
        for (j = 0; j < 3; j++) d->x[i * 4 + j] = (ssvm_real)(2.0 * ex_u(&s) - 1.0);
        d->x[i * 4 + 3] = 1;
        d->y[i] = (int)(ex_u(&s) * K) % K;
        d->wt[i] = 1;
    }
    c = ssvm_multiclass_config_init(n, K, 4, d->x, d->y);
    if (ssvm_multiclass_init(&c, &d->m) != SSVM_OK) return -1;
    return ssvm_multiclass_problem(&d->m, &d->p) == SSVM_OK ? 0 : -1;
}
static ssvm_solver_config ex_config(const ssvm_problem *p, double lambda) {
    ssvm_solver_config c = ssvm_solver_config_init(p, SSVM_BCFW);
    c.lambda = lambda;
    c.bcfw.steps = SSVM_BCFW_STEPS_EXACT;
    return c;
}

/* max over the simplex of g(a) = -lam/2 |u - blk sum_k a_k phi_k|^2 + sh sum_k a_k c_k, phi_k = x (x) e_k, by
   enumerating the supports S and solving each one's KKT system (Gaussian elimination on |S| + 1 unknowns); the
   best feasible point is the optimum (a concave quadratic over a simplex). ux[k] = <u, phi_k>, xx = |x|^2. */
static double ex_brute(int K, const double *ux, double xx, const double *cost, double lam, double blk, double sh,
                       double uu) {
    double best = -1e300;
    int S;
    for (S = 1; S < (1 << K); S++) {
        double A[8][9], a[8];
        int idx[8], m = 0, r, c, k, ok = 1;
        for (k = 0; k < K; k++) if (S >> k & 1) idx[m++] = k;
        /* stationarity on S: lam blk ux_k - lam blk^2 xx a_k + sh c_k - mu = 0; sum a = 1 (unknowns a_S, mu) */
        for (r = 0; r <= m; r++) for (c = 0; c <= m + 1; c++) A[r][c] = 0;
        for (r = 0; r < m; r++) {
            A[r][r] = lam * blk * blk * xx; A[r][m] = 1; A[r][m + 1] = lam * blk * ux[idx[r]] + sh * cost[idx[r]];
        }
        for (c = 0; c < m; c++) A[m][c] = 1;
        A[m][m + 1] = 1;
        for (c = 0; c <= m && ok; c++) { /* partial pivoting */
            int pr = c;
            for (r = c + 1; r <= m; r++) if (fabs(A[r][c]) > fabs(A[pr][c])) pr = r;
            if (fabs(A[pr][c]) < 1e-300) { ok = 0; break; }
            for (k = 0; k <= m + 1; k++) { double t = A[c][k]; A[c][k] = A[pr][k]; A[pr][k] = t; }
            for (r = 0; r <= m; r++) {
                double f;
                if (r == c) continue;
                f = A[r][c] / A[c][c];
                for (k = c; k <= m + 1; k++) A[r][k] -= f * A[c][k];
            }
        }
        if (!ok) continue;
        for (r = 0; r < m; r++) { a[r] = A[r][m + 1] / A[r][r]; if (a[r] < -1e-12) ok = 0; }
        if (ok) {
            double lin = 0, quad = 0, g;
            for (r = 0; r < m; r++) {
                lin += a[r] * (lam * blk * ux[idx[r]] + sh * cost[idx[r]]);
                quad += a[r] * a[r] * xx;
            }
            g = -0.5 * lam * uu + lin - 0.5 * lam * blk * blk * quad;
            if (g > best) best = g;
        }
    }
    return best;
}

/* the first exact step on a block (alpha = e_truth, w_i = 0) after the others have moved: the dual's gain equals the
   brute-force block optimum's, on random problems of 2-5 classes */
static void test_exact_block_qp(th_ctx *t) {
    int trial;
    for (trial = 0; trial < 40; trial++) {
        ex_data d;
        ssvm_solver s;
        ssvm_solver_config c;
        ssvm_progress before, after;
        ssvm_step_info info;
        ssvm_real w[5 * 4];
        double ux[5] = {0, 0, 0, 0, 0}, cost[5] = {0, 0, 0, 0, 0}, xx = 0, uu = 0, lam = trial % 2 ? 0.05 : 0.5, blk, sh, gain, best, g0;
        int n = 6, K = 2 + trial % 4, i = n - 1, k, j;
        if (ex_make(&d, n, K, 1000u + (unsigned)trial) != 0) { TH_CHECK(t, 0); return; }
        c = ex_config(&d.p, lam);
        c.averaging = SSVM_AVG_NONE; c.bcfw.shrink = 0;
        if (ssvm_solver_init(&c, &s) != SSVM_OK) { TH_CHECK(t, 0); return; }
        for (k = 0; k < 12; k++) TH_CHECK(t, ssvm_solver_step(&s, k % (n - 1), &info) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_evaluate(&s, 1, 0, &before) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_ITERATE, w, sizeof w) == SSVM_OK);
        /* u = w + blk phi(x_i, y_i), the block's data */
        sh = 1.0 / n; blk = sh / lam;
        for (j = 0; j < 4; j++) xx += (double)d.x[i * 4 + j] * (double)d.x[i * 4 + j];
        for (k = 0; k < K; k++) {
            double dot = 0;
            for (j = 0; j < 4; j++) dot += (double)w[k * 4 + j] * (double)d.x[i * 4 + j];
            ux[k] = dot + (k == d.y[i] ? blk * xx : 0);
            cost[k] = k != d.y[i];
        }
        for (j = 0; j < K * 4; j++) {
            double v = (double)w[j] + (j / 4 == d.y[i] ? blk * (double)d.x[i * 4 + j % 4] : 0);
            uu += v * v;
        }
        g0 = -0.5 * lam * uu + lam * blk * ux[d.y[i]] - 0.5 * lam * blk * blk * xx; /* g at e_truth */
        best = ex_brute(K, ux, xx, cost, lam, blk, sh, uu);
        TH_CHECK(t, ssvm_solver_step(&s, i, &info) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_evaluate(&s, 1, 0, &after) == SSVM_OK);
        gain = after.iterate.dual - before.iterate.dual;
        TH_NEAR(t, gain, best - g0, sizeof(ssvm_real) == 8 ? 1e-10 : 2e-5);
        /* the block is now optimal given the others: its FW gap at the next visit is 0 */
        TH_CHECK(t, ssvm_solver_step(&s, i, &info) == SSVM_OK);
        TH_CHECK(t, fabs(info.block_gap) <= (sizeof(ssvm_real) == 8 ? 1e-12 : 1e-5));
        ssvm_solver_uninit(&s);
        ssvm_multiclass_uninit(&d.m);
    }
}

/* the certified gap bounds the true suboptimality (against a long reference run) at every evaluation, at the
   iterate and at the average, with and without shrinking; and the run reaches the reference optimum */
static int ex_check_gap(void *user, const ssvm_progress *p) {
    double *ref = (double *)user; /* ref[0] = P*, ref[1] = worst violation */
    double v1 = (p->iterate.primal - ref[0]) - p->iterate.gap, v2 = (p->average.primal - ref[0]) - p->average.gap;
    if (p->iterate.gap == p->iterate.gap && v1 > ref[1]) ref[1] = v1;
    if (p->average.gap == p->average.gap && v2 > ref[1]) ref[1] = v2;
    return 0;
}
static void test_exact_certified_gap(th_ctx *t) {
    ex_data d;
    ssvm_solver_config c;
    ssvm_progress fin;
    ssvm_real w[4 * 4];
    double ref[2], pstar;
    int shrink;
    if (ex_make(&d, 16, 4, 77u) != 0) { TH_CHECK(t, 0); return; }
    c = ex_config(&d.p, 0.01);
    c.max_passes = 3000; c.gap_tol = sizeof(ssvm_real) == 8 ? 1e-13 : 1e-5; c.averaging = SSVM_AVG_NONE;
    TH_CHECK(t, ssvm_train(&c, w, sizeof w, &fin) == SSVM_CONVERGED);
    pstar = fin.iterate.primal - fin.iterate.gap; /* the reference optimum, within 1e-13 */
    for (shrink = 0; shrink <= 2; shrink++) { /* 2: shrinking without part_scores_at (examples, not labels) */
        ssvm_problem q = d.p;
        if (shrink == 2) q.part_scores_at = 0;
        ref[0] = pstar; ref[1] = -1;
        c = ex_config(&q, 0.01);
        c.max_passes = 300; c.gap_tol = 0; c.bcfw.shrink = shrink > 0; c.progress = ex_check_gap; c.progress_user = ref;
        TH_CHECK(t, ssvm_train(&c, w, sizeof w, &fin) == SSVM_MAX_PASSES);
        TH_CHECKF(t, ref[1] <= (sizeof(ssvm_real) == 8 ? 1e-12 : 2e-5), "shrink %d: primal - P* exceeds the gap by %g",
                  shrink, ref[1]);
        TH_CHECKF(t, fin.iterate.primal - pstar <= 1e-3, "shrink %d: %.3g above P*", shrink,
                  fin.iterate.primal - pstar);
    }
    ssvm_multiclass_uninit(&d.m);
}

/* example weights c_i = 2 give the optimum of the problem with those examples written twice */
static void test_exact_weights(th_ctx *t) {
    ex_data d, e;
    ssvm_solver_config c;
    ssvm_progress f1, f2;
    ssvm_real w1[3 * 4], w2[3 * 4];
    int i, j;
    if (ex_make(&d, 8, 3, 5u) != 0) { TH_CHECK(t, 0); return; }
    e = d;
    for (i = 0; i < 3; i++) { /* e: d's examples, the first three twice */
        for (j = 0; j < 4; j++) e.x[(8 + i) * 4 + j] = d.x[i * 4 + j];
        e.y[8 + i] = d.y[i];
        d.wt[i] = 2;
    }
    {
        ssvm_multiclass_config mc = ssvm_multiclass_config_init(11, 3, 4, e.x, e.y);
        TH_CHECK(t, ssvm_multiclass_init(&mc, &e.m) == SSVM_OK && ssvm_multiclass_problem(&e.m, &e.p) == SSVM_OK);
    }
    d.p.weights = d.wt;
    c = ex_config(&d.p, 0.05); c.max_passes = 5000; c.gap_tol = sizeof(ssvm_real) == 8 ? 1e-12 : 1e-5;
    TH_CHECK(t, ssvm_train(&c, w1, sizeof w1, &f1) == SSVM_CONVERGED);
    c = ex_config(&e.p, 0.05); c.max_passes = 5000; c.gap_tol = sizeof(ssvm_real) == 8 ? 1e-12 : 1e-5;
    TH_CHECK(t, ssvm_train(&c, w2, sizeof w2, &f2) == SSVM_CONVERGED);
    TH_NEAR(t, f1.iterate.primal, f2.iterate.primal, sizeof(ssvm_real) == 8 ? 1e-9 : 1e-4);
    TH_CHECK(t, f1.iterate.primal > 0);
    for (j = 0; j < 12; j++) TH_NEAR(t, w1[j], w2[j], sizeof(ssvm_real) == 8 ? 1e-4 : 1e-2);
    ssvm_multiclass_uninit(&d.m);
    ssvm_multiclass_uninit(&e.m);
}

/* a run saved after 5 passes and resumed gives the uninterrupted run's bits (alpha, the shrinking counters) */
static void test_exact_checkpoint(th_ctx *t) {
    ex_data d;
    ssvm_solver_config c;
    ssvm_solver a, b;
    ssvm_real wa[4 * 4], wb[4 * 4];
    unsigned char *buf;
    size_t bytes = 0, written = 0;
    int k;
    if (ex_make(&d, 16, 4, 9u) != 0) { TH_CHECK(t, 0); return; }
    c = ex_config(&d.p, 0.01);
    c.max_passes = 5; c.gap_tol = 0; c.sampling = SSVM_SAMPLE_PERMUTATION;
    TH_CHECK(t, ssvm_solver_init(&c, &a) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&a) == SSVM_MAX_PASSES);
    TH_CHECK(t, ssvm_solver_checkpoint_get_size(&a, &bytes) == SSVM_OK);
    buf = (unsigned char *)malloc(bytes);
    TH_CHECK(t, buf && ssvm_solver_checkpoint_save(&a, buf, bytes, &written) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_init(&c, &b) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_checkpoint_load(&b, buf, written) == SSVM_OK);
    for (k = 0; k < 10; k++) { TH_CHECK(t, ssvm_solver_pass(&a) == SSVM_OK); TH_CHECK(t, ssvm_solver_pass(&b) == SSVM_OK); }
    TH_CHECK(t, ssvm_solver_weights(&a, SSVM_W_AVERAGE, wa, sizeof wa) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_weights(&b, SSVM_W_AVERAGE, wb, sizeof wb) == SSVM_OK);
    TH_CHECK(t, memcmp(wa, wb, sizeof wa) == 0);
    ssvm_solver_uninit(&a); ssvm_solver_uninit(&b);
    /* shrinking shapes the iterates: a checkpoint of the other setting is another run (it loaded and resumed to
       neither run's bits) */
    c.bcfw.shrink = !c.bcfw.shrink;
    TH_CHECK(t, ssvm_solver_init(&c, &b) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_checkpoint_load(&b, buf, written) == SSVM_ERR_CKPT_MISMATCH);
    ssvm_solver_uninit(&b);
    free(buf);
    ssvm_multiclass_uninit(&d.m);
}

/* the options: combinations not covered, problems without the declared interface */
static void test_exact_options(th_ctx *t) {
    ex_data d;
    ssvm_solver_config c;
    ssvm_problem q;
    if (ex_make(&d, 6, 3, 3u) != 0) { TH_CHECK(t, 0); return; }
    c = ex_config(&d.p, 0.1);
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_OK);
    c.bcfw.gap_sampling = 1; TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_BCFW_COMBINATION);
    c = ex_config(&d.p, 0.1); c.bcfw.cache = 1; TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_BCFW_COMBINATION);
    c = ex_config(&d.p, 0.1); c.line_search = 0; TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_BCFW_COMBINATION);
    c = ex_config(&d.p, 0.1); c.bcfw.shrink = 2; TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_BCFW_OPTION);
    c = ex_config(&d.p, 0.1); c.bcfw.steps = (ssvm_bcfw_steps)5; TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_BCFW_OPTION);
    c = ex_config(&d.p, 0.1); c.par.batch = 2; TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_BATCH);
    q = d.p; q.part_orthogonal = 0;
    c = ex_config(&q, 0.1); TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_NOT_SUPPORTED);
    { ssvm_input in = ssvm_input_file(stdin); (void)in; } /* 0.10's name of ssvm_input_FILE still compiles */
    c = ssvm_solver_config_init(&d.p, SSVM_SSG); c.bcfw.steps = SSVM_BCFW_STEPS_EXACT;
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_BCFW_COMBINATION);
    ssvm_multiclass_uninit(&d.m);
}

/* which state a solver keeps: ssvm_solver_state_kind (AUTO resolved; AUTO itself for exact steps' alpha) */
static void test_exact_state_kind(th_ctx *t) {
    ex_data d;
    ssvm_solver_config c;
    ssvm_solver s;
    ssvm_state_kind k = SSVM_STATE_DENSE;
    if (ex_make(&d, 6, 3, 4u) != 0) { TH_CHECK(t, 0); return; }
    c = ssvm_solver_config_init(&d.p, SSVM_BCFW);
    TH_CHECK(t, ssvm_solver_init(&c, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_state_kind(&s, &k) == SSVM_OK && k == SSVM_STATE_COMPACT); /* K = 3 < 16 */
    ssvm_solver_uninit(&s);
    c.state = SSVM_STATE_DENSE;
    TH_CHECK(t, ssvm_solver_init(&c, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_state_kind(&s, &k) == SSVM_OK && k == SSVM_STATE_DENSE);
    ssvm_solver_uninit(&s);
    c = ex_config(&d.p, 0.1);
    TH_CHECK(t, ssvm_solver_init(&c, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_state_kind(&s, &k) == SSVM_OK && k == SSVM_STATE_AUTO);
    TH_CHECK(t, ssvm_solver_state_kind(&s, NULL) == SSVM_ERR_INVALID_ARG);
    ssvm_solver_uninit(&s);
    c = ssvm_solver_config_init(&d.p, SSVM_SSG);
    TH_CHECK(t, ssvm_solver_init(&c, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_state_kind(&s, &k) == SSVM_ERR_NOT_SUPPORTED);
    ssvm_solver_uninit(&s);
    ssvm_multiclass_uninit(&d.m);
}

/* finite features whose |phi|^2 overflows a double: exact steps report SSVM_ERR_NONFINITE, as plain BCFW's run does
   (init said SSVM_ERR_CALLBACK, though the only callback is the library's own part_orthogonal) */
static void test_exact_huge_features(th_ctx *t) {
    static ssvm_real x[4 * 2];
    static const int lab[4] = {0, 1, 1, 0};
    ssvm_multiclass_config mc;
    ssvm_multiclass m;
    ssvm_problem p;
    ssvm_solver_config c;
    ssvm_solver s;
    ssvm_result r;
    const double big = sizeof(ssvm_real) < sizeof(double) ? 3e38 : 1e200; /* float: |x|^2 in double stays finite */
    x[0] = (ssvm_real)big; x[1] = 1; x[2] = -1; x[3] = (ssvm_real)big;
    x[4] = 1; x[5] = 1; x[6] = (ssvm_real)-big; x[7] = 0;
    mc = ssvm_multiclass_config_init(4, 2, 2, x, lab);
    TH_CHECK(t, ssvm_multiclass_init(&mc, &m) == SSVM_OK && ssvm_multiclass_problem(&m, &p) == SSVM_OK);
    c = ssvm_solver_config_init(&p, SSVM_BCFW);
    c.bcfw.steps = SSVM_BCFW_STEPS_EXACT; c.max_passes = 5;
    r = ssvm_solver_init(&c, &s);
    if (r == SSVM_OK) { r = ssvm_solver_run(&s); ssvm_solver_uninit(&s); }
    TH_CHECKF(t, r == SSVM_ERR_NONFINITE, "%s", ssvm_result_string(r));
    ssvm_multiclass_uninit(&m);
}

void suite_exact(th_ctx *t);
void suite_exact(th_ctx *t) {
    TH_RUN(t, test_exact_huge_features);
    TH_RUN(t, test_exact_block_qp);
    TH_RUN(t, test_exact_certified_gap);
    TH_RUN(t, test_exact_weights);
    TH_RUN(t, test_exact_checkpoint);
    TH_RUN(t, test_exact_options);
    TH_RUN(t, test_exact_state_kind);
}
