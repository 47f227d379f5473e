/* tests/test_kernel.c: the kernel solver SSVM_KBCFW (Algorithm B.1 and batch FW in kernel form). With the linear
   kernel it makes the same iterates as the linear BCFW and FW (w rebuilt from the support set after every step,
   iterate and average, lifted and joint-kernel paths, line search and predefined steps) and reports the same
   primal, dual and gap; an RBF kernel beats the linear model on held-out rings; the row cache changes nothing
   (budget 0, small with evictions, large); the support store's cap; determinism and the preallocated form; bad
   input. One translation unit of the test program (tests/run.c runs suite_kernel). */
#include "../structsvm.h"
#include "harness.h"
#include "tchain.h"

#define KN_FLOAT (sizeof(ssvm_real) < sizeof(double))
#define KN_N 12
#define KN_K 3
#define KN_F 4

typedef struct kn_data {
    ssvm_real x[KN_N * KN_F];
    int labels[KN_N];
    ssvm_multiclass m;
    ssvm_problem p;
    ssvm_dense_kernel dk;
} kn_data;
static int kn_make(kn_data *d, unsigned long long seed) {
    trng r;
    int i, j;
    ssvm_multiclass_config mc;
    r.s = seed;
    for (i = 0; i < KN_N; i++) {
        d->labels[i] = trng_i(&r, KN_K);
        for (j = 0; j < KN_F; j++) d->x[i * KN_F + j] = (ssvm_real)(trng_u(&r) * 2 - 1 + (j == d->labels[i] ? 0.7 : 0));
    }
    mc = ssvm_multiclass_config_init(KN_N, KN_K, KN_F, d->x, d->labels);
    if (ssvm_multiclass_init(&mc, &d->m) != SSVM_OK) return 0;
    if (ssvm_multiclass_problem(&d->m, &d->p) != SSVM_OK) return 0;
    memset(&d->dk, 0, sizeof d->dk);
    d->dk.x = d->x; d->dk.rows = KN_N; d->dk.F = KN_F; d->dk.kind = SSVM_KERNEL_LINEAR;
    return 1;
}

/* the joint-kernel path: the lifted linear kernel written by hand, and an oracle that enumerates the classes */
static int kn_joint(void *user, int a, const int *ya, int la, int b, const int *yb, int lb, double *out) {
    kn_data *d = (kn_data *)user;
    (void)la; (void)lb;
    if (*ya != *yb) { *out = 0; return 0; }
    return ssvm_dense_kernel_fn(&d->dk, a, b, out);
}
static int kn_oracle(void *user, ssvm_solver *s, int which, int i, int *y, ssvm_real *delta) {
    kn_data *d = (kn_data *)user;
    int c, best = 0;
    double bv = 0, f;
    for (c = 0; c < KN_K; c++) {
        ssvm_result r = ssvm_kernel_score(s, which, i, &c, 1, &f);
        if (r != SSVM_OK) return r;
        f += (c != d->labels[i]);
        if (c == 0 || f > bv) { bv = f; best = c; }
    }
    *y = best; *delta = (ssvm_real)(best != d->labels[i]);
    return 1;
}
static int kn_decode(void *user, ssvm_solver *s, int which, int a, int *y) {
    int c, best = 0;
    double bv = 0, f;
    (void)user;
    for (c = 0; c < KN_K; c++) {
        if (ssvm_kernel_score(s, which, a, &c, 1, &f) != SSVM_OK) return SSVM_ERR_CALLBACK;
        if (c == 0 || f > bv) { bv = f; best = c; }
    }
    *y = best;
    return 1;
}

/* w = sum_k coef_k (phi(x_i, y_i) - phi(x_i, y_k)) from the support set */
static void kn_rebuild(th_ctx *t, ssvm_solver *s, const kn_data *d, int which, double *w) {
    long long k, top = ssvm_kernel_support_stored(s);
    int ex, y[1], len, j;
    double c;
    memset(w, 0, sizeof(double) * KN_K * KN_F);
    for (k = 0; k < top; k++) {
        TH_CHECK(t, ssvm_kernel_support(s, which, k, &ex, y, sizeof y, &len, &c) == SSVM_OK);
        if (ex < 0 || c == 0) continue;
        for (j = 0; j < KN_F; j++) {
            w[d->labels[ex] * KN_F + j] += c * (double)d->x[ex * KN_F + j];
            w[y[0] * KN_F + j] -= c * (double)d->x[ex * KN_F + j];
        }
    }
}

static void kn_compare_run(th_ctx *t, int joint, int line_search, int batch) {
    kn_data d;
    ssvm_solver lin, ker;
    ssvm_solver_config cl, ck;
    ssvm_progress pl, pk;
    ssvm_step_info il, ik;
    ssvm_real wl[KN_K * KN_F];
    double wk[KN_K * KN_F], worst = 0, tol = KN_FLOAT ? 1e-4 : 1e-10;
    trng r = {77};
    int step, j, which;
    if (!kn_make(&d, 5 + (unsigned long long)joint)) { TH_CHECK(t, 0); return; }
    cl = ssvm_solver_config_init(&d.p, batch ? SSVM_FW : SSVM_BCFW);
    cl.lambda = 0.05; cl.line_search = line_search; cl.state = batch ? SSVM_STATE_AUTO : SSVM_STATE_DENSE; /* FW: none */
    ck = ssvm_solver_config_init(&d.p, SSVM_KBCFW);
    ck.lambda = 0.05; ck.line_search = line_search;
    if (batch) { ck.kernel.batch = 1; ck.averaging = SSVM_AVG_NONE; }
    if (joint) { ck.kernel.user = &d; ck.kernel.joint = kn_joint; ck.kernel.oracle = kn_oracle; ck.kernel.decode = kn_decode; }
    else { ck.kernel.user = &d.dk; ck.kernel.input = ssvm_dense_kernel_fn; ck.kernel.n_labels = KN_K; }
    TH_CHECK(t, ssvm_solver_init(&cl, &lin) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_init(&ck, &ker) == SSVM_OK);
    for (step = 0; step < (batch ? 30 : 200); step++) {
        if (batch) { TH_CHECK(t, ssvm_solver_pass(&lin) == SSVM_OK); TH_CHECK(t, ssvm_solver_pass(&ker) == SSVM_OK); }
        else {
            int i = trng_i(&r, KN_N);
            TH_CHECK(t, ssvm_solver_step(&lin, i, &il) == SSVM_OK);
            TH_CHECK(t, ssvm_solver_step(&ker, i, &ik) == SSVM_OK);
            TH_NEAR(t, ik.gamma, il.gamma, KN_FLOAT ? 1e-3 : 1e-9);
        }
        for (which = 0; which <= (batch ? 0 : 1); which++) {
            TH_CHECK(t, ssvm_solver_weights(&lin, (ssvm_which)which, wl, sizeof wl) == SSVM_OK);
            kn_rebuild(t, &ker, &d, which, wk);
            for (j = 0; j < KN_K * KN_F; j++) {
                double e = fabs(wk[j] - (double)wl[j]) / (1 + fabs((double)wl[j]));
                if (e > worst) worst = e;
            }
        }
    }
    TH_CHECKF(t, worst <= tol, "joint %d line_search %d batch %d: w differs by %g", joint, line_search, batch, worst);
    TH_CHECK(t, ssvm_solver_evaluate(&lin, 1, !batch, &pl) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_evaluate(&ker, 1, !batch, &pk) == SSVM_OK);
    TH_NEAR(t, pk.iterate.primal, pl.iterate.primal, KN_FLOAT ? 1e-4 : 1e-9);
    TH_NEAR(t, pk.iterate.dual, pl.iterate.dual, KN_FLOAT ? 1e-4 : 1e-9);
    TH_NEAR(t, pk.iterate.gap, pl.iterate.gap, KN_FLOAT ? 1e-4 : 1e-9);
    if (!batch) TH_NEAR(t, pk.average.primal, pl.average.primal, KN_FLOAT ? 1e-4 : 1e-9);
    TH_CHECK(t, pk.oracle_calls == pl.oracle_calls && pk.eval_oracle_calls == pl.eval_oracle_calls);
    TH_CHECK(t, ssvm_kernel_support_count(&ker, SSVM_W_ITERATE) > 0 &&
                ssvm_kernel_support_count(&ker, SSVM_W_ITERATE) <= KN_N * (KN_K - 1));
    {   /* ssvm_solver_kernel_stats: the old counters' values, and the support counted triple by triple */
        ssvm_kernel_stats st;
        long long k, nz[2] = {0, 0};
        int ex, yy[1], len;
        double coef;
        TH_CHECK(t, ssvm_solver_kernel_stats(&ker, &st) == SSVM_OK);
        TH_CHECK(t, st.support_iterate == ssvm_kernel_support_count(&ker, SSVM_W_ITERATE) &&
                    st.support_average == ssvm_kernel_support_count(&ker, SSVM_W_AVERAGE) &&
                    st.stored == ssvm_kernel_support_stored(&ker) && st.evaluations == ssvm_kernel_evaluations(&ker));
        for (which = 0; which <= (batch ? 0 : 1); which++)
            for (k = 0; k < st.stored; k++) {
                TH_CHECK(t, ssvm_kernel_support(&ker, which, k, &ex, yy, sizeof yy, &len, &coef) == SSVM_OK);
                if (ex >= 0 && coef != 0) nz[which]++;
            }
        TH_CHECK(t, st.support_iterate == nz[0] && (batch ? st.support_average == 0 : st.support_average == nz[1]));
        TH_CHECK(t, st.support_iterate > 0 && st.stored >= st.support_iterate && (joint || st.evaluations > 0));
        /* another solver kind, NULL: refused, never read as a kernel solver */
        TH_CHECK(t, ssvm_solver_kernel_stats(&lin, &st) == SSVM_ERR_INVALID_ARG && st.stored == 0 && st.evaluations == 0);
        TH_CHECK(t, ssvm_kernel_evaluations(&lin) == 0 && ssvm_kernel_support_stored(&lin) == 0);
        TH_CHECK(t, ssvm_solver_kernel_stats(&ker, 0) == SSVM_ERR_INVALID_ARG);
        TH_CHECK(t, ssvm_solver_kernel_stats(0, &st) == SSVM_ERR_INVALID_ARG);
    }
    {   /* prediction from the support set = the linear model's */
        int i, yk, len, yl;
        for (i = 0; i < KN_N; i++) {
            TH_CHECK(t, ssvm_kernel_predict(&ker, SSVM_W_ITERATE, i, &yk, sizeof yk, &len) == SSVM_OK && len == 1);
            TH_CHECK(t, ssvm_solver_weights(&lin, SSVM_W_ITERATE, wl, sizeof wl) == SSVM_OK);
            ssvm_multiclass_predict(KN_K, KN_F, wl, d.x + i * KN_F, &yl);
            TH_CHECK(t, yk == yl);
        }
    }
    ssvm_solver_uninit(&lin);
    ssvm_solver_uninit(&ker);
}
static void test_kernel_linear_equals_bcfw(th_ctx *t) {
    kn_compare_run(t, 0, 1, 0); /* lifted input kernel, line search */
    kn_compare_run(t, 0, 0, 0); /* predefined step 2n/(k+2n) */
    kn_compare_run(t, 1, 1, 0); /* joint kernel and an oracle in kernel form */
}
static void test_kernel_linear_equals_fw(th_ctx *t) {
    kn_compare_run(t, 0, 1, 1);
    kn_compare_run(t, 1, 1, 1);
    kn_compare_run(t, 0, 0, 1);
}

/* the lifted chain kernel with the linear kernel on positions: the iterates of the linear chain BCFW */
static void test_kernel_chain_equals_bcfw(th_ctx *t) {
    int flags;
    for (flags = 0; flags <= SSVM_CHAIN_BIASES; flags += SSVM_CHAIN_BIASES) {
        tchain c;
        ssvm_problem p;
        ssvm_solver lin, ker;
        ssvm_solver_config cl, ck;
        ssvm_dense_kernel dk;
        ssvm_step_info il, ik;
        ssvm_progress pl, pk;
        ssvm_real wl[64];
        double wk[64], worst = 0;
        static ssvm_real buf[64];
        static int idx[64];
        static unsigned char mark[64];
        ssvm_svec v;
        trng r = {99};
        int step, j, which;
        r.s = 17 + (unsigned long long)flags;
        tchain_make(&c, &r, 6, 3, 4, flags, 0);
        if (tchain_problem(&c, &p) != SSVM_OK || p.d > 64) { TH_CHECK(t, 0); return; }
        memset(&dk, 0, sizeof dk);
        dk.x = c.x; dk.rows = c.start[6]; dk.F = 4; dk.kind = SSVM_KERNEL_LINEAR;
        cl = ssvm_solver_config_init(&p, SSVM_BCFW);
        cl.lambda = 0.05; cl.state = SSVM_STATE_DENSE;
        ck = ssvm_solver_config_init(&p, SSVM_KBCFW);
        ck.lambda = 0.05; ck.kernel.input = ssvm_dense_kernel_fn; ck.kernel.user = &dk; ck.kernel.chain = &c.m;
        ck.kernel.cache_bytes = flags ? (size_t)1 << 16 : 0; /* with and without the row cache */
        TH_CHECK(t, ssvm_solver_init(&cl, &lin) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_init(&ck, &ker) == SSVM_OK);
        v.val = buf; v.idx = idx; v.mark = mark; v.d = p.d; v.nnz = 0; v.err = 0;
        memset(mark, 0, sizeof mark);
        for (step = 0; step < 120; step++) {
            int i = trng_i(&r, 6);
            TH_CHECK(t, ssvm_solver_step(&lin, i, &il) == SSVM_OK);
            TH_CHECK(t, ssvm_solver_step(&ker, i, &ik) == SSVM_OK);
            TH_NEAR(t, ik.gamma, il.gamma, KN_FLOAT ? 1e-3 : 1e-9);
            for (which = 0; which <= 1; which++) {
                long long k, top = ssvm_kernel_support_stored(&ker);
                TH_CHECK(t, ssvm_solver_weights(&lin, (ssvm_which)which, wl, sizeof wl) == SSVM_OK);
                memset(wk, 0, sizeof wk);
                for (k = 0; k < top; k++) {
                    int ex, y[5], len, q;
                    double cf;
                    TH_CHECK(t, ssvm_kernel_support(&ker, which, k, &ex, y, sizeof y, &len, &cf) == SSVM_OK);
                    if (ex < 0 || cf == 0) continue;
                    ssvm_svec_clear(&v);
                    p.phi(p.user, ex, c.labels + c.start[ex], c.start[ex + 1] - c.start[ex], (ssvm_real)1, &v);
                    p.phi(p.user, ex, y, len, (ssvm_real)-1, &v);
                    for (q = 0; q < v.nnz; q++) wk[v.idx[q]] += cf * (double)v.val[v.idx[q]];
                }
                for (j = 0; j < p.d; j++) {
                    double e = fabs(wk[j] - (double)wl[j]) / (1 + fabs((double)wl[j]));
                    if (e > worst) worst = e;
                }
            }
        }
        TH_CHECKF(t, worst <= (KN_FLOAT ? 1e-4 : 1e-10), "flags %d: w differs by %g", flags, worst);
        TH_CHECK(t, ssvm_solver_evaluate(&lin, 1, 1, &pl) == SSVM_OK && ssvm_solver_evaluate(&ker, 1, 1, &pk) == SSVM_OK);
        TH_NEAR(t, pk.iterate.gap, pl.iterate.gap, KN_FLOAT ? 1e-4 : 1e-9);
        TH_NEAR(t, pk.average.primal, pl.average.primal, KN_FLOAT ? 1e-4 : 1e-9);
        {   /* prediction: the training sequences and a "held-out" slice given by positions */
            int i, y[5], yl[5], len, tt;
            static unsigned char work[4096];
            TH_CHECK(t, ssvm_solver_weights(&lin, SSVM_W_AVERAGE, wl, sizeof wl) == SSVM_OK);
            for (i = 0; i < 6; i++) {
                int L = c.start[i + 1] - c.start[i];
                TH_CHECK(t, ssvm_kernel_predict(&ker, SSVM_W_AVERAGE, i, y, sizeof y, &len) == SSVM_OK && len == L);
                TH_CHECK(t, ssvm_chain_predict(3, 4, flags, wl, L, c.x + c.start[i] * 4, work, sizeof work, yl) == SSVM_OK);
                for (tt = 0; tt < L; tt++) TH_CHECK(t, y[tt] == yl[tt]);
            }
            TH_CHECK(t, ssvm_kernel_chain_predict(&ker, SSVM_W_AVERAGE, 1, 3, y, sizeof y) == SSVM_OK);
            TH_CHECK(t, ssvm_chain_predict(3, 4, flags, wl, 3, c.x + 1 * 4, work, sizeof work, yl) == SSVM_OK);
            for (tt = 0; tt < 3; tt++) TH_CHECK(t, y[tt] == yl[tt]);
        }
        ssvm_solver_uninit(&lin); ssvm_solver_uninit(&ker);
        tchain_free(&c);
    }
}

/* two rings: class 0 inside radius 1, class 1 at radius 2.5; 60 training and 60 held-out points */
#define RG_N 60
typedef struct rg_data { ssvm_real x[2 * RG_N * 3]; int labels[2 * RG_N]; } rg_data;
static void rg_make(rg_data *g) {
    trng r = {2024};
    int i;
    for (i = 0; i < 2 * RG_N; i++) {
        double ang = trng_u(&r) * 6.283185307179586, rad;
        g->labels[i] = i % 2;
        rad = g->labels[i] ? 2.5 + 0.4 * (trng_u(&r) - 0.5) : 1.0 * trng_u(&r);
        g->x[i * 3] = (ssvm_real)(rad * cos(ang)); g->x[i * 3 + 1] = (ssvm_real)(rad * sin(ang));
        g->x[i * 3 + 2] = 1; /* a constant feature: the linear model's bias */
    }
}
static ssvm_result rg_kernel_run(rg_data *g, size_t cache, ssvm_solver *s, ssvm_multiclass *m, ssvm_problem *p,
                                 ssvm_dense_kernel *dk, ssvm_progress *fin) {
    ssvm_multiclass_config mc = ssvm_multiclass_config_init(RG_N, 2, 3, g->x, g->labels);
    ssvm_solver_config c;
    ssvm_result r;
    if ((r = ssvm_multiclass_init(&mc, m)) != SSVM_OK || (r = ssvm_multiclass_problem(m, p)) != SSVM_OK) return r;
    memset(dk, 0, sizeof *dk);
    dk->x = g->x; dk->rows = 2 * RG_N; dk->F = 3; dk->kind = SSVM_KERNEL_RBF; dk->gamma = 0.5;
    c = ssvm_solver_config_init(p, SSVM_KBCFW);
    c.lambda = 0.01; c.max_passes = 30; c.gap_tol = 1e-3;
    c.kernel.user = dk; c.kernel.input = ssvm_dense_kernel_fn; c.kernel.n_labels = 2; c.kernel.cache_bytes = cache;
    if ((r = ssvm_solver_init(&c, s)) != SSVM_OK) return r;
    r = ssvm_solver_run(s);
    ssvm_solver_progress(s, fin);
    return r;
}
static void test_kernel_rbf_beats_linear(th_ctx *t) {
    static rg_data g;
    ssvm_multiclass m;
    ssvm_problem p;
    ssvm_dense_kernel dk;
    ssvm_solver s;
    ssvm_progress fin;
    ssvm_solver_config c;
    ssvm_real w[6];
    int i, err_lin = 0, err_rbf = 0, y, len;
    ssvm_result r;
    rg_make(&g);
    r = rg_kernel_run(&g, 0, &s, &m, &p, &dk, &fin);
    TH_CHECKF(t, r == SSVM_CONVERGED, "%s", ssvm_result_string(r));
    c = ssvm_solver_config_init(&p, SSVM_BCFW);
    c.lambda = 0.01; c.max_passes = 200; c.gap_tol = 1e-3;
    TH_CHECK(t, ssvm_train(&c, w, sizeof w, 0) >= 0);
    for (i = RG_N; i < 2 * RG_N; i++) { /* the held-out rows */
        int yl;
        ssvm_multiclass_predict(2, 3, w, g.x + i * 3, &yl);
        err_lin += yl != g.labels[i];
        TH_CHECK(t, ssvm_kernel_predict(&s, SSVM_W_AVERAGE, i, &y, sizeof y, &len) == SSVM_OK);
        err_rbf += y != g.labels[i];
    }
    TH_CHECKF(t, err_rbf <= 3 && err_lin >= 10, "held-out errors: rbf %d, linear %d of %d", err_rbf, err_lin, RG_N);
    TH_CHECK(t, fin.iterate.gap <= 1e-3 || fin.average.gap <= 1e-3);
    TH_CHECK(t, ssvm_kernel_support_count(&s, SSVM_W_ITERATE) > 0 && ssvm_kernel_support_count(&s, SSVM_W_ITERATE) <= RG_N);
    ssvm_solver_uninit(&s);
}
static void test_kernel_cache_identical(th_ctx *t) {
    static rg_data g;
    ssvm_multiclass m;
    ssvm_problem p;
    ssvm_dense_kernel dk;
    ssvm_solver s[3];
    ssvm_progress f[3];
    size_t budget[3];
    int q, same = 1;
    long long k, top;
    rg_make(&g);
    budget[0] = 0; budget[1] = 2 * RG_N * sizeof(double) + 5; budget[2] = (size_t)1 << 20; /* none, 2 rows, all */
    for (q = 0; q < 3; q++) TH_CHECK(t, rg_kernel_run(&g, budget[q], &s[q], &m, &p, &dk, &f[q]) == SSVM_CONVERGED);
    top = ssvm_kernel_support_stored(&s[0]);
    for (q = 1; q < 3; q++) {
        TH_CHECK(t, ssvm_kernel_support_stored(&s[q]) == top);
        TH_CHECK(t, f[q].iterate.primal == f[0].iterate.primal && f[q].average.gap == f[0].average.gap);
        TH_CHECK(t, f[q].pass == f[0].pass && f[q].oracle_calls == f[0].oracle_calls);
        for (k = 0; k < top; k++) {
            int e0, e1, y0, y1, l0, l1;
            double c0, c1, a0, a1;
            ssvm_kernel_support(&s[0], SSVM_W_ITERATE, k, &e0, &y0, sizeof y0, &l0, &c0);
            ssvm_kernel_support(&s[q], SSVM_W_ITERATE, k, &e1, &y1, sizeof y1, &l1, &c1);
            ssvm_kernel_support(&s[0], SSVM_W_AVERAGE, k, &e0, &y0, sizeof y0, &l0, &a0);
            ssvm_kernel_support(&s[q], SSVM_W_AVERAGE, k, &e1, &y1, sizeof y1, &l1, &a1);
            same &= e0 == e1 && y0 == y1 && c0 == c1 && a0 == a1;
        }
    }
    TH_CHECK(t, same);
    /* the full cache evaluates each training row once: fewer kernel values than none at all */
    TH_CHECK(t, ssvm_kernel_evaluations(&s[2]) < ssvm_kernel_evaluations(&s[0]));
    TH_CHECK(t, ssvm_kernel_evaluations(&s[2]) <= (long long)RG_N * RG_N + 4LL * RG_N * RG_N);
    for (q = 0; q < 3; q++) ssvm_solver_uninit(&s[q]);
}

static void test_kernel_support_cap_prealloc(th_ctx *t) {
    kn_data d;
    ssvm_solver s, s2;
    ssvm_solver_config c;
    ssvm_progress f1, f2;
    size_t bytes = 0, bytes2 = 0;
    void *heap;
    long long k;
    int same = 1;
    if (!kn_make(&d, 41)) { TH_CHECK(t, 0); return; }
    c = ssvm_solver_config_init(&d.p, SSVM_KBCFW);
    c.kernel.user = &d.dk; c.kernel.input = ssvm_dense_kernel_fn; c.kernel.n_labels = KN_K;
    c.max_passes = 5; c.gap_tol = 0;
    TH_CHECK(t, ssvm_solver_get_heap_size(&c, &bytes) == SSVM_OK && bytes > 0);
    heap = malloc(bytes);
    TH_CHECK(t, ssvm_solver_init_preallocated(&c, heap, bytes - 1, &s) == SSVM_ERR_WORKSPACE);
    TH_CHECK(t, ssvm_solver_init_preallocated(&c, heap, bytes, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
    TH_CHECK(t, ssvm_solver_init(&c, &s2) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&s2) == SSVM_MAX_PASSES);
    ssvm_solver_progress(&s, &f1); ssvm_solver_progress(&s2, &f2);
    TH_CHECK(t, f1.iterate.primal == f2.iterate.primal && f1.average.primal == f2.average.primal); /* deterministic */
    for (k = 0; k < ssvm_kernel_support_stored(&s); k++) {
        int e0, e1, y0, y1, l0, l1;
        double c0, c1;
        ssvm_kernel_support(&s, SSVM_W_AVERAGE, k, &e0, &y0, sizeof y0, &l0, &c0);
        ssvm_kernel_support(&s2, SSVM_W_AVERAGE, k, &e1, &y1, sizeof y1, &l1, &c1);
        same &= e0 == e1 && y0 == y1 && c0 == c1;
    }
    TH_CHECK(t, same);
    ssvm_solver_uninit(&s2);
    free(heap);
    /* a cap of 2 triples: the run stops with SSVM_ERR_SUPPORT_FULL and the state stays usable */
    c.kernel.max_support = 2;
    TH_CHECK(t, ssvm_solver_get_heap_size(&c, &bytes2) == SSVM_OK && bytes2 < bytes);
    TH_CHECK(t, ssvm_solver_init(&c, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_ERR_SUPPORT_FULL);
    TH_CHECK(t, ssvm_kernel_support_stored(&s) == 2);
    TH_CHECK(t, ssvm_solver_evaluate(&s, 1, 1, &f1) == SSVM_OK && f1.iterate.gap >= -1e-9);
    ssvm_solver_uninit(&s);
}

static int kn_nan_kernel(void *user, int a, int b, double *out) { (void)user; *out = a == b ? NAN : 0; return 0; }
static int kn_neg_kernel(void *user, int a, int b, double *out) { (void)user; (void)b; *out = a == b ? -1 : 0; return 0; }
static void test_kernel_bad_input(th_ctx *t) {
    kn_data d;
    ssvm_solver s;
    ssvm_solver_config c;
    ssvm_real w[KN_K * KN_F];
    double sc[KN_K];
    int y = 0, len;
    if (!kn_make(&d, 43)) { TH_CHECK(t, 0); return; }
    c = ssvm_solver_config_init(&d.p, SSVM_KBCFW);
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_NULL_CALLBACK);
    c.kernel.input = ssvm_dense_kernel_fn; c.kernel.user = &d.dk;
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_EMPTY); /* n_labels */
    c.kernel.n_labels = KN_K;
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_OK);
    TH_CHECK(t, ssvm_train(&c, w, sizeof w, 0) == SSVM_ERR_NOT_SUPPORTED); /* no w to return */
    c.averaging = SSVM_AVG_SUFFIX;
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_NOT_SUPPORTED);
    c.averaging = SSVM_AVG_WEIGHTED; c.kernel.batch = 1;
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_NOT_SUPPORTED); /* FW keeps no average */
    c.kernel.batch = 2; c.averaging = SSVM_AVG_NONE;
    TH_CHECK(t, ssvm_solver_config_check(&c) == SSVM_ERR_INVALID_ARG);
    c.kernel.batch = 1;
    TH_CHECK(t, ssvm_solver_init(&c, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_step(&s, 0, 0) == SSVM_ERR_NOT_SUPPORTED);
    TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_ITERATE, w, sizeof w) == SSVM_ERR_NOT_SUPPORTED);
    TH_CHECK(t, ssvm_kernel_score(&s, SSVM_W_AVERAGE, 0, &y, 1, sc) == SSVM_ERR_NOT_SUPPORTED);
    y = KN_K;
    TH_CHECK(t, ssvm_kernel_score(&s, SSVM_W_ITERATE, 0, &y, 1, sc) == SSVM_ERR_LABEL);
    TH_CHECK(t, ssvm_kernel_scores(&s, SSVM_W_ITERATE, 0, sc, sizeof sc - 1) == SSVM_ERR_WORKSPACE);
    TH_CHECK(t, ssvm_kernel_predict(&s, SSVM_W_ITERATE, 0, &y, 0, &len) == SSVM_ERR_WORKSPACE);
    ssvm_solver_uninit(&s);
    c.kernel.batch = 0; c.averaging = SSVM_AVG_WEIGHTED;
    c.kernel.input = kn_nan_kernel;
    TH_CHECK(t, ssvm_solver_init(&c, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_ERR_KERNEL);
    ssvm_solver_uninit(&s);
    c.kernel.input = kn_neg_kernel; /* k(x, x) = -1: |w_i - w_s|^2 < 0 */
    TH_CHECK(t, ssvm_solver_init(&c, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_ERR_KERNEL);
    ssvm_solver_uninit(&s);
    {
        ssvm_dense_kernel bad = d.dk;
        double v;
        bad.kind = SSVM_KERNEL_POLY; bad.degree = 0;
        TH_CHECK(t, ssvm_dense_kernel_fn(&bad, 0, 1, &v) == SSVM_ERR_INVALID_ARG);
        bad.degree = 2; bad.gamma = 1; bad.coef0 = 1;
        TH_CHECK(t, ssvm_dense_kernel_fn(&bad, 0, 1, &v) == 0);
        TH_CHECK(t, ssvm_dense_kernel_fn(&bad, 0, KN_N, &v) == SSVM_ERR_INVALID_ARG);
    }
}

/* ---- kernel model files (SSVM_MODEL_KERNEL; ssvm_model_of_kernel at >>kernel, >>kmodel in >>model) ---- */
#define KM_N 40 /* training rows, then as many held-out rows */
#define KM_K 3
#define KM_F 4
typedef struct km_data {
    ssvm_real x[2 * KM_N * KM_F];
    int labels[2 * KM_N];
    ssvm_multiclass m;
    ssvm_problem p;
    ssvm_dense_kernel dk;
    ssvm_solver s;
} km_data;
/* three classes around three corners, a constant last feature; trains kind for 15 passes (weighted average) */
static ssvm_result km_train(km_data *d, ssvm_kernel_kind kind) {
    trng r = {77};
    int i, j;
    ssvm_multiclass_config mc;
    ssvm_solver_config c;
    ssvm_result e;
    for (i = 0; i < 2 * KM_N; i++) {
        d->labels[i] = trng_i(&r, KM_K);
        for (j = 0; j + 1 < KM_F; j++)
            d->x[i * KM_F + j] = (ssvm_real)(trng_u(&r) * 2 - 1 + (j == d->labels[i] ? 0.8 : 0));
        d->x[i * KM_F + KM_F - 1] = 1;
    }
    mc = ssvm_multiclass_config_init(KM_N, KM_K, KM_F, d->x, d->labels);
    if ((e = ssvm_multiclass_init(&mc, &d->m)) != SSVM_OK || (e = ssvm_multiclass_problem(&d->m, &d->p)) != SSVM_OK) return e;
    memset(&d->dk, 0, sizeof d->dk);
    d->dk.x = d->x; d->dk.rows = 2 * KM_N; d->dk.F = KM_F; d->dk.kind = kind;
    d->dk.gamma = kind == SSVM_KERNEL_LINEAR ? 7 : 0.5; /* linear: ignored (the model keeps 0) */
    d->dk.coef0 = kind == SSVM_KERNEL_POLY ? 1 : 3; d->dk.degree = kind == SSVM_KERNEL_POLY ? 3 : 9;
    c = ssvm_solver_config_init(&d->p, SSVM_KBCFW);
    c.lambda = 0.05; c.max_passes = 15; c.gap_tol = 0;
    c.kernel.user = &d->dk; c.kernel.input = ssvm_dense_kernel_fn; c.kernel.n_labels = KM_K; c.kernel.cache_bytes = 1 << 16;
    if ((e = ssvm_solver_init(&c, &d->s)) != SSVM_OK) return e;
    e = ssvm_solver_run(&d->s);
    return e < 0 ? e : SSVM_OK;
}
static unsigned long km_crc(const unsigned char *p, size_t n) {
    unsigned long c = 0xFFFFFFFFul;
    int k;
    while (n--) { c ^= *p++; for (k = 0; k < 8; k++) c = (c & 1u) ? (c >> 1) ^ 0xEDB88320ul : c >> 1; }
    return (c ^ 0xFFFFFFFFul) & 0xFFFFFFFFul;
}
static void km_reseal(unsigned char *f, size_t n) {
    unsigned long c = km_crc(f, n - 4);
    int k;
    for (k = 0; k < 4; k++) f[n - 4 + (size_t)k] = (unsigned char)(c >> (8 * k));
}
/* Saved, loaded, then on every row (40 training, 40 held-out) the loaded model's K scores equal the solver's
   (ssvm_kernel_scores) to rounding: |a - b| <= tol (1 + max |b|), tol 1e-9 in double, 1e-5 in float (the model
   keeps gamma and the coefficients as ssvm_real); the labels equal ssvm_kernel_predict's wherever the best two scores
   are further apart than that; sparse input gives the dense input's scores bit for bit. Linear, RBF, polynomial;
   iterate, average and best. */
static void test_kernel_model_predict(th_ctx *t) {
    static km_data d;
    const double tol = KN_FLOAT ? 1e-5 : 1e-9; /* measured: 0 (bit for bit) in double, 4.3e-7 in float */
    int q, wi, i, c, j;
    for (q = 0; q < 3; q++) {
        ssvm_result r = km_train(&d, (ssvm_kernel_kind)q);
        TH_CHECKF(t, r == SSVM_OK, "kind %d: %s", q, ssvm_result_string(r));
        if (r != SSVM_OK) return;
        for (wi = 0; wi < 3; wi++) {
            int which = wi == 0 ? SSVM_W_ITERATE : wi == 1 ? SSVM_W_AVERAGE : SSVM_W_BEST;
            size_t bytes = 0, fb = 0, wb = 0;
            ssvm_real *buf;
            unsigned char *file;
            void *work;
            ssvm_model m, l;
            int S = 0, seen[KM_N], bad_sc = 0, bad_y = 0, bad_sp = 0, yl, ym, len;
            long long k;
            double worst = 0;
            TH_CHECK(t, ssvm_model_of_kernel_get_size(&d.s, which, &bytes) == SSVM_OK && bytes >= 3 * sizeof(ssvm_real));
            buf = (ssvm_real *)malloc(bytes);
            TH_CHECK(t, ssvm_model_of_kernel(&d.s, which, buf, bytes - 1, &m) == SSVM_ERR_WORKSPACE);
            TH_CHECK(t, ssvm_model_of_kernel(&d.s, which, buf, bytes, &m) == SSVM_OK);
            TH_CHECK(t, m.kind == SSVM_MODEL_KERNEL && m.n_labels == KM_K && m.n_attrs == KM_F && m.method == q);
            if (which == SSVM_W_BEST) { /* the iterate's or the average's model, byte for byte: compare with that one */
                int v, found = -1;
                for (v = 0; v < 2; v++) {
                    size_t b2 = 0;
                    ssvm_real *o;
                    ssvm_model mo;
                    TH_CHECK(t, ssvm_model_of_kernel_get_size(&d.s, v, &b2) == SSVM_OK);
                    o = (ssvm_real *)malloc(b2);
                    if (ssvm_model_of_kernel(&d.s, v, o, b2, &mo) == SSVM_OK && mo.d == m.d &&
                        memcmp(mo.w, m.w, sizeof(ssvm_real) * (size_t)m.d) == 0 && found < 0)
                        found = v;
                    free(o);
                }
                TH_CHECK(t, found >= 0);
                which = found < 0 ? SSVM_W_AVERAGE : found;
            }
            TH_CHECK(t, (m.d - 3) % (KM_F + KM_K) == 0);
            /* the support examples: those with a non-zero coefficient */
            memset(seen, 0, sizeof seen);
            for (k = 0; k < ssvm_kernel_support_stored(&d.s); k++) {
                int e, y, l2;
                double cf;
                if (ssvm_kernel_support(&d.s, which, k, &e, &y, sizeof y, &l2, &cf) == SSVM_OK && e >= 0 && cf != 0 && !seen[e]) { seen[e] = 1; S++; }
            }
            TH_CHECKF(t, (m.d - 3) / (KM_F + KM_K) == S, "support examples %d, expected %d", (m.d - 3) / (KM_F + KM_K), S);
            TH_CHECK(t, m.w[0] == (ssvm_real)(q == 0 ? 0 : 0.5) && m.w[1] == (ssvm_real)(q == 2 ? 1 : 0) && m.w[2] == (ssvm_real)(q == 2 ? 3 : 0));
            ssvm_model_set_summary(&m, 0, 0);
            TH_CHECK(t, ssvm_model_save_get_size(&m, &fb) == SSVM_OK);
            file = (unsigned char *)malloc(fb);
            TH_CHECK(t, ssvm_model_save(&m, file, fb, 0) == SSVM_OK);
            TH_CHECK(t, ssvm_model_load(file, fb, SSVM_MODEL_KERNEL, &l) == SSVM_OK);
            TH_CHECK(t, l.d == m.d && memcmp(l.w, m.w, sizeof(ssvm_real) * (size_t)m.d) == 0);
            TH_CHECK(t, ssvm_model_predict_get_work_size(&l, 1, 0, &wb) == SSVM_OK && wb >= (KM_F + KM_K) * sizeof(double));
            work = malloc(wb);
            for (i = 0; i < 2 * KM_N; i++) {
                double a[KM_K], b[KM_K], sp[KM_K], scale = 1, b1 = -1e300, b2 = -1e300;
                ssvm_model_input in = ssvm_model_input_init(1, d.x + i * KM_F);
                int st[2], ids[KM_F], nz = 0;
                ssvm_real vals[KM_F];
                TH_CHECK(t, ssvm_kernel_scores(&d.s, which, i, b, sizeof b) == SSVM_OK);
                TH_CHECK(t, ssvm_model_kernel_scores(&l, &in, work, wb, a, sizeof a) == SSVM_OK);
                for (c = 0; c < KM_K; c++) if (fabs(b[c]) + 1 > scale) scale = fabs(b[c]) + 1;
                for (c = 0; c < KM_K; c++) {
                    double e = fabs(a[c] - b[c]) / scale;
                    if (e > worst) worst = e;
                    bad_sc += e > tol;
                    if (b[c] > b1) { b2 = b1; b1 = b[c]; } else if (b[c] > b2) b2 = b[c];
                }
                TH_CHECK(t, ssvm_model_predict(&l, &in, work, wb, &ym, sizeof ym, &len) == SSVM_OK && len == 1);
                TH_CHECK(t, ssvm_kernel_predict(&d.s, which, i, &yl, sizeof yl, &len) == SSVM_OK);
                if (b1 - b2 > 2 * tol * scale) bad_y += ym != yl;
                for (j = 0; j < KM_F; j++) if (d.x[i * KM_F + j] != 0) { ids[nz] = j; vals[nz++] = d.x[i * KM_F + j]; }
                st[0] = 0; st[1] = nz;
                in.x = NULL; in.attr_start = st; in.attr_id = ids; in.attr_val = vals;
                TH_CHECK(t, ssvm_model_kernel_scores(&l, &in, work, wb, sp, sizeof sp) == SSVM_OK);
                bad_sp += memcmp(sp, a, sizeof a) != 0;
            }
            TH_CHECKF(t, bad_sc == 0, "kind %d which %d: %d scores off, worst %g", q, which, bad_sc, worst);
            TH_CHECKF(t, bad_y == 0, "kind %d which %d: %d labels differ", q, which, bad_y);
            TH_CHECK(t, bad_sp == 0);
            ssvm_model_uninit(&l);
            free(work); free(file); free(buf);
        }
        ssvm_solver_uninit(&d.s);
        ssvm_multiclass_uninit(&d.m);
    }
}
/* A kernel model file: re-saves to the same bytes, loads preallocated alike; every truncation and every flipped
   byte is refused with an error code; with the CRC re-sealed, a bad kernel kind, parameters the kernel does not
   use, a degree out of range, a d that is not 3 + S (F + K) or flags are SSVM_ERR_FORMAT; ssvm_model_check refuses
   the same in memory; a save into a missing directory is SSVM_ERR_IO; the builder refuses what it cannot build. */
static void test_kernel_model_files(th_ctx *t) {
    static km_data d;
    size_t bytes = 0, fb = 0, hb = 0, n, k;
    ssvm_real *buf;
    unsigned char *file, *f2, *heap;
    ssvm_model m, l, p, bad;
    int refused = 0, errs = 0;
    double sc[KM_K];
    char path[64];
    FILE *fp;
    ssvm_result r;
    if ((r = km_train(&d, SSVM_KERNEL_POLY)) != SSVM_OK) { TH_CHECKF(t, 0, "%s", ssvm_result_string(r)); return; }
    TH_CHECK(t, ssvm_model_of_kernel_get_size(&d.s, SSVM_W_AVERAGE, &bytes) == SSVM_OK);
    buf = (ssvm_real *)malloc(bytes);
    TH_CHECK(t, ssvm_model_of_kernel(&d.s, SSVM_W_AVERAGE, buf, bytes, &m) == SSVM_OK);
    m.metadata = "format: svmlight\n";
    TH_CHECK(t, ssvm_model_save_get_size(&m, &fb) == SSVM_OK);
    file = (unsigned char *)malloc(fb); f2 = (unsigned char *)malloc(fb);
    TH_CHECK(t, ssvm_model_save(&m, file, fb, 0) == SSVM_OK);
    TH_CHECK(t, ssvm_model_load(file, fb, SSVM_MODEL_ANY, &l) == SSVM_OK && l.kind == SSVM_MODEL_KERNEL);
    TH_CHECK(t, ssvm_model_load(file, fb, SSVM_MODEL_MULTICLASS, &p) == SSVM_ERR_KIND);
    TH_CHECK(t, ssvm_model_save(&l, f2, fb, 0) == SSVM_OK && memcmp(f2, file, fb) == 0);
    TH_CHECK(t, ssvm_model_load_get_heap_size(file, fb, SSVM_MODEL_KERNEL, &hb) == SSVM_OK);
    heap = (unsigned char *)malloc(hb);
    TH_CHECK(t, ssvm_model_load_preallocated(file, fb, SSVM_MODEL_KERNEL, heap, hb, &p) == SSVM_OK);
    TH_CHECK(t, p.d == l.d && memcmp(p.w, l.w, sizeof(ssvm_real) * (size_t)l.d) == 0 && p.method == 2);
    free(heap);
    /* truncated: every shorter prefix; flipped: every byte */
    for (n = 0; n < fb; n++) refused += ssvm_model_load(file, n, SSVM_MODEL_ANY, &p) < 0;
    TH_CHECKF(t, refused == (int)fb, "%d of %d prefixes refused", refused, (int)fb);
    for (k = 0, refused = 0; k < fb; k++) {
        memcpy(f2, file, fb);
        f2[k] ^= 0x41;
        r = ssvm_model_load(f2, fb, SSVM_MODEL_ANY, &p);
        if (r == SSVM_OK) ssvm_model_uninit(&p); else refused++;
    }
    TH_CHECKF(t, refused == (int)fb, "%d of %d flipped bytes refused", refused, (int)fb);
    /* re-sealed: the kernel kind (52), flags (48), gamma (144), coef0 (152), degree (160), d (32) */
    {
        static const struct { size_t off; int bytes; double v; } mut[] = {
            {52, 4, 3}, {52, 4, -1}, {48, 4, 1}, {160, 8, 0}, {160, 8, 2.5}, {160, 8, 101}, {160, 8, -3}, {32, 4, 4}};
        int q;
        for (q = 0; q < (int)(sizeof mut / sizeof mut[0]); q++) {
            memcpy(f2, file, fb);
            if (mut[q].bytes == 4) {
                long v = (long)mut[q].v;
                unsigned long u = (unsigned long)v & 0xFFFFFFFFul;
                int b;
                for (b = 0; b < 4; b++) f2[mut[q].off + (size_t)b] = (unsigned char)(u >> (8 * b));
            } else {
                double v = mut[q].v;
                unsigned long long u;
                int b;
                memcpy(&u, &v, 8);
                for (b = 0; b < 8; b++) f2[mut[q].off + (size_t)b] = (unsigned char)(u >> (8 * b));
            }
            km_reseal(f2, fb);
            r = ssvm_model_load(f2, fb, SSVM_MODEL_ANY, &p);
            if (r == SSVM_OK) ssvm_model_uninit(&p);
            TH_CHECKF(t, r == SSVM_ERR_FORMAT, "mutation %d: %s", q, ssvm_result_string(r));
        }
        /* a linear model whose gamma is not 0, an RBF model with a degree */
        memcpy(f2, file, fb);
        f2[52] = 0; km_reseal(f2, fb);
        TH_CHECK(t, ssvm_model_load(f2, fb, SSVM_MODEL_ANY, &p) == SSVM_ERR_FORMAT);
        f2[52] = 1; km_reseal(f2, fb);
        TH_CHECK(t, ssvm_model_load(f2, fb, SSVM_MODEL_ANY, &p) == SSVM_ERR_FORMAT);
    }
    /* in memory */
    bad = m; bad.method = 3; errs += ssvm_model_check(&bad) == SSVM_OK;
    bad = m; bad.method = 0; errs += ssvm_model_check(&bad) == SSVM_OK; /* linear with gamma, coef0, degree */
    bad = m; bad.d = m.d - 1; errs += ssvm_model_check(&bad) == SSVM_OK;
    bad = m; bad.flags = 1; errs += ssvm_model_check(&bad) == SSVM_OK;
    bad = m; bad.n_edges = 1; errs += ssvm_model_check(&bad) == SSVM_OK;
    TH_CHECK(t, errs == 0);
    {
        ssvm_model mc = ssvm_model_config_init(SSVM_MODEL_MULTICLASS, KM_K * KM_F, d.x);
        ssvm_model_input in = ssvm_model_input_init(1, d.x);
        double work[KM_F + KM_K + 2];
        mc.n_labels = KM_K; mc.n_attrs = KM_F;
        TH_CHECK(t, ssvm_model_kernel_scores(&mc, &in, work, sizeof work, sc, sizeof sc) == SSVM_ERR_KIND);
        TH_CHECK(t, ssvm_model_kernel_scores(&l, &in, work, sizeof work, sc, sizeof sc - 1) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_model_kernel_scores(&l, &in, work, 8, sc, sizeof sc) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_model_kernel_scores(&l, &in, work, sizeof work, sc, sizeof sc) == SSVM_OK);
    }
    /* files: a missing directory is SSVM_ERR_IO (no file, no .tmp); a save and a load round trip */
    TH_CHECK(t, ssvm_model_save_path(&m, "/nonexistent-structsvm-dir/k.model") == SSVM_ERR_IO);
    snprintf(path, sizeof path, "/tmp/ssvm_kmodel_%d.model", (int)(fb & 0xFFFF));
    TH_CHECK(t, ssvm_model_save_path(&m, path) == SSVM_OK);
    TH_CHECK(t, ssvm_model_load_path(path, SSVM_MODEL_KERNEL, &p) == SSVM_OK);
    TH_CHECK(t, p.d == l.d && memcmp(p.w, l.w, sizeof(ssvm_real) * (size_t)l.d) == 0 && p.metadata && !strcmp(p.metadata, m.metadata));
    ssvm_model_uninit(&p);
    if ((fp = fopen(path, "r+b")) != NULL) { /* cut short on disk */
        fseek(fp, 0, SEEK_SET); fclose(fp);
        fp = fopen(path, "wb");
        if (fp) { fwrite(file, 1, fb / 2, fp); fclose(fp); }
        TH_CHECK(t, ssvm_model_load_path(path, SSVM_MODEL_ANY, &p) == SSVM_ERR_TRUNCATED);
    }
    remove(path);
    ssvm_model_uninit(&l);
    /* what the builder cannot build: no dense kernel, the chain, a solver that is not kbcfw, an unknown which */
    {
        ssvm_solver_config c = *ssvm_solver_config_of(&d.s);
        ssvm_solver s2;
        size_t b2;
        TH_CHECK(t, ssvm_model_of_kernel_get_size(&d.s, 5, &b2) == SSVM_ERR_INVALID_ARG);
        c.kernel.input = kn_neg_kernel; c.progress = 0;
        TH_CHECK(t, ssvm_solver_init(&c, &s2) == SSVM_OK);
        TH_CHECK(t, ssvm_model_of_kernel_get_size(&s2, SSVM_W_ITERATE, &b2) == SSVM_ERR_NOT_SUPPORTED);
        ssvm_solver_uninit(&s2);
        c = ssvm_solver_config_init(&d.p, SSVM_BCFW);
        TH_CHECK(t, ssvm_solver_init(&c, &s2) == SSVM_OK);
        TH_CHECK(t, ssvm_model_of_kernel_get_size(&s2, SSVM_W_ITERATE, &b2) == SSVM_ERR_INVALID_ARG);
        ssvm_solver_uninit(&s2);
    }
    free(file); free(f2); free(buf);
    ssvm_solver_uninit(&d.s);
    ssvm_multiclass_uninit(&d.m);
}

/* The lifted chain's kernel model (SSVM_MODEL_KERNEL_CHAIN, with and without SSVM_CHAIN_BIASES; RBF and polynomial):
   saved and loaded, its Viterbi labels on every window of 1 to 3 positions of the data (sequences the solver never
   saw as such) equal ssvm_kernel_chain_predict's, dense and sparse input alike, iterate and average; re-sealed with
   the chain flag cleared, the file is SSVM_ERR_FORMAT (the transitions do not fit the multiclass layout). */
static void test_kernel_model_chain(th_ctx *t) {
    int flags, q;
    for (flags = 0; flags <= SSVM_CHAIN_BIASES; flags += SSVM_CHAIN_BIASES)
        for (q = 1; q <= 2; q++) {
            static tchain c;
            ssvm_problem p;
            ssvm_solver s;
            ssvm_solver_config ck;
            ssvm_dense_kernel dk;
            trng r = {5};
            int which, p0, L, bad = 0, checked = 0, n = 8, maxlen = 0, i;
            r.s = 31 + (unsigned long long)(flags * 2 + q);
            tchain_make(&c, &r, n, 3, 4, flags, 0);
            if (tchain_problem(&c, &p) != SSVM_OK) { TH_CHECK(t, 0); return; }
            for (i = 0; i < n; i++) if (c.start[i + 1] - c.start[i] > maxlen) maxlen = c.start[i + 1] - c.start[i];
            memset(&dk, 0, sizeof dk);
            dk.x = c.x; dk.rows = c.start[n]; dk.F = 4; dk.kind = (ssvm_kernel_kind)q; dk.gamma = 0.7; dk.coef0 = 1; dk.degree = 2;
            ck = ssvm_solver_config_init(&p, SSVM_KBCFW);
            ck.lambda = 0.05; ck.max_passes = 10; ck.gap_tol = 0;
            ck.kernel.input = ssvm_dense_kernel_fn; ck.kernel.user = &dk; ck.kernel.chain = &c.m;
            TH_CHECK(t, ssvm_solver_init(&ck, &s) == SSVM_OK);
            TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
            for (which = 0; which <= 1; which++) {
                size_t bytes = 0, fb = 0, wb = 0;
                ssvm_real *buf;
                unsigned char *file;
                void *work;
                ssvm_model m, l;
                TH_CHECK(t, ssvm_model_of_kernel_get_size(&s, which, &bytes) == SSVM_OK);
                buf = (ssvm_real *)malloc(bytes);
                TH_CHECK(t, ssvm_model_of_kernel(&s, which, buf, bytes, &m) == SSVM_OK);
                TH_CHECK(t, m.flags == (SSVM_MODEL_KERNEL_CHAIN | flags) && m.n_labels == 3 && m.n_attrs == 4);
                TH_CHECK(t, (size_t)m.d * sizeof(ssvm_real) == bytes);
                TH_CHECK(t, ssvm_model_save_get_size(&m, &fb) == SSVM_OK);
                file = (unsigned char *)malloc(fb);
                TH_CHECK(t, ssvm_model_save(&m, file, fb, 0) == SSVM_OK);
                TH_CHECK(t, ssvm_model_load(file, fb, SSVM_MODEL_KERNEL, &l) == SSVM_OK);
                TH_CHECK(t, ssvm_model_predict_get_work_size(&l, 3, 0, &wb) == SSVM_OK);
                work = malloc(wb);
                for (L = 1; L <= 3 && L <= maxlen; L++)
                    for (p0 = 0; p0 + L <= c.start[n]; p0++) {
                        int y[3], ym[3], ys[3], len = 0, tt, st[4], ids[3 * 4], nz = 0, j;
                        ssvm_real vals[3 * 4];
                        ssvm_model_input in = ssvm_model_input_init(L, c.x + p0 * 4);
                        TH_CHECK(t, ssvm_kernel_chain_predict(&s, which, p0, L, y, sizeof y) == SSVM_OK);
                        TH_CHECK(t, ssvm_model_predict(&l, &in, work, wb, ym, sizeof ym, &len) == SSVM_OK && len == L);
                        for (tt = 0; tt < L; tt++) {
                            st[tt] = nz;
                            for (j = 0; j < 4; j++) if (c.x[(p0 + tt) * 4 + j] != 0) { ids[nz] = j; vals[nz++] = c.x[(p0 + tt) * 4 + j]; }
                        }
                        st[L] = nz;
                        in.x = NULL; in.attr_start = st; in.attr_id = ids; in.attr_val = vals;
                        TH_CHECK(t, ssvm_model_predict(&l, &in, work, wb, ys, sizeof ys, &len) == SSVM_OK && len == L);
                        for (tt = 0; tt < L; tt++) bad += y[tt] != ym[tt] || ys[tt] != ym[tt];
                        checked++;
                    }
                TH_CHECKF(t, bad == 0 && checked > 20, "flags %d kernel %d which %d: %d of %d windows differ", flags, q, which, bad, checked);
                file[48] = 0; km_reseal(file, fb); /* the chain flag cleared */
                TH_CHECK(t, ssvm_model_load(file, fb, SSVM_MODEL_ANY, &m) == SSVM_ERR_FORMAT);
                ssvm_model_uninit(&l);
                free(work); free(file); free(buf);
            }
            ssvm_solver_uninit(&s);
            tchain_free(&c);
        }
}

/* a kernel whose negative directions span examples (k(a, a) = 1, k(a, b) = -0.9): every block's |w_i - w_s|^2 is
   >= 0, so only |w|^2 (an evaluation) and FW's |w - w_s|^2 show it; SSVM_ERR_KERNEL from both (0.18.0: BCFW
   CONVERGED with |w|^2 = -85, FW 200 passes at gamma 0) */
static int kn_cross_kernel(void *user, int a, int b, double *out) { (void)user; *out = a == b ? 1.0 : -0.9; return 0; }
static void test_kernel_not_psd_across(th_ctx *t) {
    ssvm_real x[4] = {0, 0, 0, 0};
    int lab[4] = {0, 0, 0, 0}, fw;
    ssvm_multiclass_config mc = ssvm_multiclass_config_init(4, 2, 1, x, lab);
    ssvm_multiclass m;
    ssvm_problem p;
    TH_CHECK(t, ssvm_multiclass_init(&mc, &m) == SSVM_OK && ssvm_multiclass_problem(&m, &p) == SSVM_OK);
    for (fw = 0; fw <= 1; fw++) {
        ssvm_solver_config c = ssvm_solver_config_init(&p, SSVM_KBCFW);
        ssvm_solver s;
        ssvm_result r;
        c.kernel.input = kn_cross_kernel; c.kernel.n_labels = 2; c.lambda = 0.1; c.gap_tol = 1e-3; c.max_passes = 200;
        c.seed = 1;
        if (fw) { c.kernel.batch = 1; c.averaging = SSVM_AVG_NONE; }
        TH_CHECK(t, ssvm_solver_init(&c, &s) == SSVM_OK);
        r = ssvm_solver_run(&s);
        TH_CHECKF(t, r == SSVM_ERR_KERNEL, "%s: %s", fw ? "FW" : "BCFW", ssvm_result_string(r));
        ssvm_solver_uninit(&s);
    }
}

void suite_kernel(th_ctx *t) {
    TH_RUN(t, test_kernel_linear_equals_bcfw);
    TH_RUN(t, test_kernel_linear_equals_fw);
    TH_RUN(t, test_kernel_chain_equals_bcfw);
    TH_RUN(t, test_kernel_rbf_beats_linear);
    TH_RUN(t, test_kernel_cache_identical);
    TH_RUN(t, test_kernel_support_cap_prealloc);
    TH_RUN(t, test_kernel_bad_input);
    TH_RUN(t, test_kernel_not_psd_across);
    TH_RUN(t, test_kernel_model_predict);
    TH_RUN(t, test_kernel_model_files);
    TH_RUN(t, test_kernel_model_chain);
}
