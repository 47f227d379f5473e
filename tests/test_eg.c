/* tests/test_eg.c: online exponentiated gradient (SSVM_EG) on the chain model. Forward-backward marginals, pair
   counts and log Z against brute-force enumeration; the starting w (alpha uniform) against enumeration; the dual
   never decreasing under the line search; convergence to the optimum BCFW certifies (small gap); determinism
   and the preallocated form; bad input.
   One translation unit of the test program (tests/run.c runs suite_eg). */
#include "../structsvm.h"
#include "harness.h"
#include "tchain.h"

#define EG_FLOAT (sizeof(ssvm_real) < sizeof(double))

static void test_eg_marginals_brute(th_ctx *t) {
    trng r = {5};
    static unsigned char work[4096];
    double node[5 * 3], edge[9], mu[5 * 3], pair[9], bmu[5 * 3], bpair[9], lz = 0;
    int rep;
    for (rep = 0; rep < 40; rep++) {
        int L = 1 + rep % 5, K = 1 + rep % 3, y[5], k, j, c, tt;
        double Z = 0, big = rep % 4 == 0 ? 300 : 2; /* large potentials: log space must hold */
        long long N = 1;
        for (j = 0; j < L * K; j++) node[j] = (trng_u(&r) * 2 - 1) * big;
        for (j = 0; j < K * K; j++) edge[j] = (trng_u(&r) * 2 - 1) * big;
        for (j = 0; j < L; j++) N *= K;
        memset(bmu, 0, sizeof bmu); memset(bpair, 0, sizeof bpair);
        {   /* enumerate: scores shifted by the largest so that exp stays finite */
            double mx = -1e300;
            for (c = 0; c < N; c++) {
                double s = 0;
                for (k = c, tt = 0; tt < L; tt++, k /= K) y[tt] = k % K;
                for (tt = 0; tt < L; tt++) s += node[tt * K + y[tt]] + (tt + 1 < L ? edge[y[tt] + K * y[tt + 1]] : 0);
                if (s > mx) mx = s;
            }
            for (c = 0; c < N; c++) {
                double s = 0, pr;
                for (k = c, tt = 0; tt < L; tt++, k /= K) y[tt] = k % K;
                for (tt = 0; tt < L; tt++) s += node[tt * K + y[tt]] + (tt + 1 < L ? edge[y[tt] + K * y[tt + 1]] : 0);
                pr = exp(s - mx);
                Z += pr;
                for (tt = 0; tt < L; tt++) {
                    bmu[tt * K + y[tt]] += pr;
                    if (tt + 1 < L) bpair[y[tt] + K * y[tt + 1]] += pr;
                }
            }
            for (j = 0; j < L * K; j++) bmu[j] /= Z;
            for (j = 0; j < K * K; j++) bpair[j] /= Z;
            Z = mx + log(Z);
        }
        TH_CHECK(t, ssvm_chain_marginals(L, K, node, edge, work, sizeof work, mu, pair, &lz) == SSVM_OK);
        TH_NEAR(t, lz, Z, 1e-12);
        for (j = 0; j < L * K; j++) TH_NEAR(t, mu[j], bmu[j], 1e-10);
        for (j = 0; j < K * K; j++) TH_NEAR(t, pair[j], bpair[j], 1e-10);
    }
    {   /* bad input */
        size_t b = 0;
        TH_CHECK(t, ssvm_chain_marginals_get_work_size(0, 2, &b) == SSVM_ERR_EMPTY);
        TH_CHECK(t, ssvm_chain_marginals(2, 2, node, edge, work, 8, mu, pair, &lz) == SSVM_ERR_WORKSPACE);
        node[1] = NAN;
        TH_CHECK(t, ssvm_chain_marginals(2, 2, node, edge, work, sizeof work, mu, pair, &lz) == SSVM_ERR_NONFINITE);
    }
}

/* a small chain problem (dense, biases) and its problem */
static int eg_setup(tchain *c, ssvm_problem *p, unsigned long long seed, int flags) {
    trng r;
    r.s = seed;
    tchain_make(c, &r, 6, 3, 4, flags, 0);
    return tchain_problem(c, p) == SSVM_OK;
}

/* theta = 0: alpha_i uniform, so w0 = (1/(lambda n)) sum_i [phi(x_i, y_i) - mean_y phi(x_i, y)] */
static void test_eg_start_brute(th_ctx *t) {
    tchain c;
    ssvm_problem p;
    ssvm_solver s;
    ssvm_solver_config cfg;
    ssvm_real w[64], wb[64];
    static ssvm_real buf[1 << 12];
    static int idx[1 << 12];
    static unsigned char mark[1 << 12];
    ssvm_svec v;
    int i, j, d;
    if (!eg_setup(&c, &p, 3, SSVM_CHAIN_BIASES)) { TH_CHECK(t, 0); return; }
    d = p.d;
    TH_CHECK(t, d <= 64);
    v.val = buf; v.idx = idx; v.mark = mark; v.d = d; v.nnz = 0; v.err = 0;
    memset(mark, 0, sizeof mark);
    cfg = ssvm_solver_config_init(&p, SSVM_EG);
    cfg.eg.chain = &c.m; cfg.lambda = 0.1;
    TH_CHECK(t, ssvm_solver_init(&cfg, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_ITERATE, w, sizeof w) == SSVM_OK);
    memset(wb, 0, sizeof wb);
    for (i = 0; i < p.n; i++) {
        int L = c.start[i + 1] - c.start[i], y[5], k, tt;
        long long N = 1, cc;
        for (tt = 0; tt < L; tt++) N *= 3;
        ssvm_svec_clear(&v);
        p.phi(p.user, i, c.labels + c.start[i], L, (ssvm_real)1, &v);
        for (cc = 0; cc < N; cc++) {
            for (k = (int)cc, tt = 0; tt < L; tt++, k /= 3) y[tt] = k % 3;
            p.phi(p.user, i, y, L, (ssvm_real)(-1.0 / (double)N), &v);
        }
        for (k = 0; k < v.nnz; k++) wb[v.idx[k]] += (ssvm_real)(v.val[v.idx[k]] / (0.1 * p.n));
    }
    for (j = 0; j < d; j++) TH_NEAR(t, w[j], wb[j], EG_FLOAT ? 1e-4 : 1e-10);
    ssvm_solver_uninit(&s);
    tchain_free(&c);
}

/* One EG step against enumeration (Collins et al. 2008, Fig. 2 with C = lambda n): from alpha uniform,
   alpha_0'(y) ~ exp(eta (Delta(y) + <w, phi(x_0, y)>)) over all labelings of example 0 (the step is accepted:
   the dual rises), w' = (1/(lambda n)) sum_i [phi(x_i, y_i) - E_alpha_i' phi(x_i, y)], and the dual
   (1/n) sum_i E_alpha_i' Delta - lambda/2 |w'|^2, each recomputed from the enumerated distributions. A wrong
   sign, a missing 1/(lambda n) or 1/n, or a step scaled by C would each move w' or D' off these values. */
static void test_eg_step_brute(th_ctx *t) {
    tchain c;
    ssvm_problem p;
    ssvm_solver s;
    ssvm_solver_config cfg;
    ssvm_progress pr;
    ssvm_step_info info;
    ssvm_real w[64], wb[64];
    static ssvm_real buf[1 << 12];
    static int idx[1 << 12];
    static unsigned char mark[1 << 12];
    static double logit[1 << 10];
    ssvm_svec v;
    const double lam = 0.5, eta = 0.3;
    double l = 0, nw = 0;
    int i, j, d;
    if (!eg_setup(&c, &p, 11, SSVM_CHAIN_BIASES)) { TH_CHECK(t, 0); return; }
    d = p.d;
    TH_CHECK(t, d <= 64);
    v.val = buf; v.idx = idx; v.mark = mark; v.d = d; v.nnz = 0; v.err = 0;
    memset(mark, 0, sizeof mark);
    cfg = ssvm_solver_config_init(&p, SSVM_EG);
    cfg.eg.chain = &c.m; cfg.lambda = lam; cfg.eg.eta = eta; cfg.eg.grow = 1;
    TH_CHECK(t, ssvm_solver_init(&cfg, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_ITERATE, w, sizeof w) == SSVM_OK); /* w0 (checked above) */
    memset(wb, 0, sizeof wb);
    for (i = 0; i < p.n; i++) {
        int L = c.start[i + 1] - c.start[i], y[5], k, tt;
        long long N = 1, cc;
        double mx = -1e300, Z = 0;
        TH_CHECK(t, L <= 5);
        for (tt = 0; tt < L; tt++) N *= 3;
        for (cc = 0; cc < N; cc++) { /* example 0: the EG logits at w0; the others stay uniform */
            ssvm_real dl = 0;
            double f = 0;
            for (k = (int)cc, tt = 0; tt < L; tt++, k /= 3) y[tt] = k % 3;
            if (i == 0) {
                ssvm_svec_clear(&v);
                p.phi(p.user, i, y, L, (ssvm_real)1, &v);
                f = (double)ssvm_svec_dot(&v, w);
                p.loss(p.user, i, y, L, &dl);
                f = eta * ((double)dl + f);
            }
            logit[cc] = f;
            if (f > mx) mx = f;
        }
        for (cc = 0; cc < N; cc++) Z += exp(logit[cc] - mx);
        ssvm_svec_clear(&v);
        p.phi(p.user, i, c.labels + c.start[i], L, (ssvm_real)1, &v);
        for (cc = 0; cc < N; cc++) {
            double a = exp(logit[cc] - mx) / Z;
            ssvm_real dl = 0;
            for (k = (int)cc, tt = 0; tt < L; tt++, k /= 3) y[tt] = k % 3;
            p.phi(p.user, i, y, L, (ssvm_real)(-a), &v);
            p.loss(p.user, i, y, L, &dl);
            l += a * (double)dl / p.n;
        }
        for (k = 0; k < v.nnz; k++) wb[v.idx[k]] += (ssvm_real)(v.val[v.idx[k]] / (lam * p.n));
    }
    for (j = 0; j < d; j++) nw += (double)wb[j] * (double)wb[j];
    TH_CHECK(t, ssvm_solver_step(&s, 0, &info) == SSVM_OK);
    TH_NEAR(t, info.gamma, eta, 1e-12); /* accepted without halving */
    TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_ITERATE, w, sizeof w) == SSVM_OK);
    for (j = 0; j < d; j++) TH_NEAR(t, w[j], wb[j], EG_FLOAT ? 1e-4 : 1e-10);
    TH_CHECK(t, ssvm_solver_evaluate(&s, 1, 0, &pr) == SSVM_OK);
    TH_NEAR(t, pr.iterate.dual, l - 0.5 * lam * nw, EG_FLOAT ? 1e-4 : 1e-10);
    ssvm_solver_uninit(&s);
    tchain_free(&c);
}

static void test_eg_dual_monotone(th_ctx *t) {
    tchain c;
    ssvm_problem p;
    ssvm_solver s;
    ssvm_solver_config cfg;
    ssvm_progress pr;
    ssvm_step_info info;
    double last;
    int k, rej = 0;
    if (!eg_setup(&c, &p, 7, SSVM_CHAIN_BIASES)) { TH_CHECK(t, 0); return; }
    cfg = ssvm_solver_config_init(&p, SSVM_EG);
    cfg.eg.chain = &c.m; cfg.lambda = 0.01; cfg.eg.eta = 50; /* a large first step: the line search must act */
    TH_CHECK(t, ssvm_solver_init(&cfg, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_evaluate(&s, 1, 0, &pr) == SSVM_OK);
    last = pr.iterate.dual;
    for (k = 0; k < 300; k++) {
        TH_CHECK(t, ssvm_solver_step(&s, k % p.n, &info) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_evaluate(&s, 1, 0, &pr) == SSVM_OK);
        TH_CHECKF(t, pr.iterate.dual >= last - (EG_FLOAT ? 1e-5 : 1e-12) * (1 + fabs(last)), "step %d: dual %.17g < %.17g",
                  k, pr.iterate.dual, last);
        TH_CHECK(t, pr.iterate.gap >= -(EG_FLOAT ? 1e-4 : 1e-10));
        if (info.gamma < 50.0 && k < p.n) rej++; /* a halved first step */
        last = pr.iterate.dual;
    }
    TH_CHECK(t, rej > 0); /* the line search did halve */
    TH_CHECK(t, pr.oracle_calls >= 300 + p.n); /* n at the start, at least one per step */
    ssvm_solver_uninit(&s);
    /* no halvings and a huge step: steps are refused (G2), the dual still never decreases */
    cfg.eg.eta = 1e4; cfg.eg.halvings = cfg.eg.halvings_first = 0; cfg.eg.grow = 1;
    TH_CHECK(t, ssvm_solver_init(&cfg, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_evaluate(&s, 1, 0, &pr) == SSVM_OK);
    last = pr.iterate.dual;
    for (k = 0; k < 60; k++) {
        TH_CHECK(t, ssvm_solver_step(&s, k % p.n, &info) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_evaluate(&s, 1, 0, &pr) == SSVM_OK);
        TH_CHECK(t, pr.iterate.dual >= last - (EG_FLOAT ? 1e-5 : 1e-12) * (1 + fabs(last)));
        TH_CHECK(t, info.gamma == 0 || info.gamma == 1e4);
        last = pr.iterate.dual;
    }
    { long long rej = -1;
      TH_CHECK(t, ssvm_solver_eg_rejected(&s, &rej) == SSVM_OK && rej > 0 && pr.oracle_calls == p.n + 60);
      TH_CHECK(t, ssvm_eg_rejected(&s) == rej); /* 0.10's name, kept until 1.0 */
      TH_CHECK(t, ssvm_solver_eg_rejected(&s, NULL) == SSVM_ERR_INVALID_ARG); }
    ssvm_solver_uninit(&s);
    TH_CHECK(t, ssvm_eg_rejected(&s) == 0); /* after uninit (a use after free until 0.17), zeroed, another solver */
    memset(&s, 0, sizeof s);
    TH_CHECK(t, ssvm_eg_rejected(&s) == 0);
    cfg = ssvm_solver_config_init(&p, SSVM_BCFW);
    TH_CHECK(t, ssvm_solver_init(&cfg, &s) == SSVM_OK && ssvm_eg_rejected(&s) == 0);
    ssvm_solver_uninit(&s);
    tchain_free(&c);
}

/* EG reaches the optimum BCFW certifies: gap small, its primal within the gap of BCFW's dual */
static void test_eg_converges_to_bcfw(th_ctx *t) {
    tchain c;
    ssvm_problem p;
    ssvm_solver_config cfg;
    ssvm_progress fb, fe;
    ssvm_real w[64];
    double lam = 0.1;
    int flags;
    for (flags = 0; flags <= SSVM_CHAIN_BIASES; flags += SSVM_CHAIN_BIASES) {
        if (!eg_setup(&c, &p, 9 + flags, flags)) { TH_CHECK(t, 0); return; }
        cfg = ssvm_solver_config_init(&p, SSVM_BCFW);
        cfg.lambda = lam; cfg.max_passes = 5000; cfg.gap_tol = 1e-3;
        TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &fb) == SSVM_CONVERGED);
        if (getenv("EG_DEBUG")) printf("bcfw pass %d P %.12g D %.12g\n", fb.pass, fb.iterate.primal, fb.iterate.dual);
        cfg = ssvm_solver_config_init(&p, SSVM_EG);
        cfg.eg.chain = &c.m; cfg.lambda = lam; cfg.max_passes = 3000; cfg.gap_tol = EG_FLOAT ? 1e-3 : 1e-4;
        cfg.eval_every = 10; cfg.eg.start = flags ? 3 : 0; /* the tilted start reaches the same optimum */
        TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &fe) == SSVM_CONVERGED);
        if (getenv("EG_DEBUG")) printf("eg pass %d P %.12g D %.12g rej?\n", fe.pass, fe.iterate.primal, fe.iterate.dual);
        TH_CHECK(t, fe.iterate.gap <= cfg.gap_tol);
        /* both intervals [D, P] hold the optimum: they must meet, and EG's is the narrower */
        TH_CHECKF(t, fe.iterate.primal >= fb.iterate.dual - 1e-6 && fe.iterate.dual <= fb.iterate.primal + 1e-6,
                  "EG [%g, %g] vs BCFW [%g, %g]", fe.iterate.dual, fe.iterate.primal, fb.iterate.dual, fb.iterate.primal);
        TH_CHECK(t, fabs(fe.iterate.primal - fb.iterate.primal) <= fb.iterate.gap + fe.iterate.gap + 1e-6);
        tchain_free(&c);
    }
}

static void test_eg_determinism_prealloc(th_ctx *t) {
    tchain c;
    ssvm_problem p;
    ssvm_solver s;
    ssvm_solver_config cfg;
    ssvm_progress f1, f2;
    ssvm_real w1[64], w2[64];
    size_t bytes = 0;
    void *heap;
    int j, same = 1;
    if (!eg_setup(&c, &p, 21, SSVM_CHAIN_BIASES)) { TH_CHECK(t, 0); return; }
    cfg = ssvm_solver_config_init(&p, SSVM_EG);
    cfg.eg.chain = &c.m; cfg.max_passes = 7; cfg.gap_tol = 0; cfg.seed = 3;
    TH_CHECK(t, ssvm_train(&cfg, w1, sizeof w1, &f1) == SSVM_MAX_PASSES);
    TH_CHECK(t, ssvm_solver_get_heap_size(&cfg, &bytes) == SSVM_OK && bytes > 0);
    heap = malloc(bytes);
    TH_CHECK(t, ssvm_solver_init_preallocated(&cfg, heap, bytes - 1, &s) == SSVM_ERR_WORKSPACE);
    TH_CHECK(t, ssvm_solver_init_preallocated(&cfg, heap, bytes, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
    TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_ITERATE, w2, sizeof w2) == SSVM_OK);
    ssvm_solver_progress(&s, &f2);
    for (j = 0; j < p.d; j++) same &= w1[j] == w2[j];
    TH_CHECK(t, same);
    TH_CHECK(t, f1.oracle_calls == f2.oracle_calls && f1.iterate.primal == f2.iterate.primal);
    free(heap);
    cfg.seed = 4; /* another permutation stream, another path */
    TH_CHECK(t, ssvm_train(&cfg, w2, sizeof w2, &f2) == SSVM_MAX_PASSES);
    for (same = 1, j = 0; j < p.d; j++) same &= w1[j] == w2[j];
    TH_CHECK(t, !same);
    tchain_free(&c);
}

static void test_eg_bad_input(th_ctx *t) {
    tchain c, c2;
    ssvm_problem p, p2;
    ssvm_solver_config cfg;
    ssvm_real w[64];
    if (!eg_setup(&c, &p, 31, 0) || !eg_setup(&c2, &p2, 32, 0)) { TH_CHECK(t, 0); return; }
    cfg = ssvm_solver_config_init(&p, SSVM_EG);
    TH_CHECK(t, cfg.averaging == SSVM_AVG_NONE && cfg.sampling == SSVM_SAMPLE_PERMUTATION && cfg.eg.eta == 0.5);
    TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, 0) == SSVM_ERR_NOT_SUPPORTED); /* no chain */
    cfg.eg.chain = &c2.m;
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_ERR_INVALID_ARG); /* another chain's problem */
    cfg.eg.chain = &c.m;
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_OK);
    cfg.averaging = SSVM_AVG_WEIGHTED;
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_ERR_NOT_SUPPORTED);
    cfg.averaging = SSVM_AVG_NONE; cfg.eg.eta = 0;
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_ERR_INVALID_ARG);
    cfg.eg.eta = NAN;
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_ERR_INVALID_ARG);
    cfg.eg.eta = 0.5; cfg.eg.grow = 0.5;
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_ERR_INVALID_ARG);
    cfg.eg.grow = 1.05; cfg.eg.halvings = -1;
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_ERR_INVALID_ARG);
    cfg.eg.halvings = 5; cfg.eg.start = INFINITY;
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_ERR_INVALID_ARG);
    TH_CHECK(t, ssvm_result_string(SSVM_ERR_KERNEL) != ssvm_result_string(SSVM_ERR_SUPPORT_FULL));
    tchain_free(&c); tchain_free(&c2);
}

void suite_eg(th_ctx *t) {
    TH_RUN(t, test_eg_marginals_brute);
    TH_RUN(t, test_eg_start_brute);
    TH_RUN(t, test_eg_step_brute);
    TH_RUN(t, test_eg_dual_monotone);
    TH_RUN(t, test_eg_converges_to_bcfw);
    TH_RUN(t, test_eg_determinism_prealloc);
    TH_RUN(t, test_eg_bad_input);
}
