/* tests/test_online.c: the online learner (Sakaue, Bao, Cao) and its decoders. Every loss's gradient
   against finite differences; Fenchel-Young losses >= 0 and zero exactly when rho(y) = grad Omega*(theta);
   sparsemax, box projection and Hungarian against brute force; the surrogate-gap condition (8) for the
   paired decodings; Lemma 4.3's identity (16) for ranking against an exact permutahedron projection; the
   Polyak rate inside (9) at every step; Theorem 3.4's bound on a drifting separable stream; OGD steps,
   projections, AdaGrad, determinism, bad input, workspaces. One translation unit of the test program
   (suite_online); its helpers are prefixed ton_. */
#include "../structsvm.h"
#include "harness.h"
#include "internals.h" /* ssvm__* internals, through tests/impl.c */

#define TON_FLOAT (sizeof(ssvm_real) < sizeof(double))

typedef struct ton_rng { unsigned long long s; } ton_rng;
static double ton_u(ton_rng *r) { /* uniform [0,1) */
    r->s = r->s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(r->s >> 11) * (1.0 / 9007199254740992.0);
}
static int ton_i(ton_rng *r, int n) { return (int)(ton_u(r) * n); }
static double ton_sym(ton_rng *r, double a) { return (2 * ton_u(r) - 1) * a; }

/* a decode/loss work area for s (malloc'ed) */
static void *ton_work(const ssvm_surrogate *s, size_t *bytes) {
    if (ssvm_decode_get_work_size(s, bytes) != SSVM_OK) { *bytes = 0; return NULL; }
    return *bytes ? malloc(*bytes) : NULL;
}
static double ton_loss(const ssvm_surrogate *s, const ssvm_real *th, const int *y, void *w, size_t wb, ssvm_real *g) {
    double v = -1;
    ssvm_result r = ssvm_surrogate_loss(s, th, y, w, wb, &v, g);
    return r == SSVM_OK ? v : -1e300;
}

/* ------------------------------------------------------------------ Hungarian against brute force */
static double ton_brute_assign(int n, int m, const ssvm_real *c, int row, unsigned used, double acc, double best) {
    int j;
    if (row == n) return acc < best ? acc : best;
    for (j = 0; j < m; j++)
        if (!(used >> j & 1u)) best = ton_brute_assign(n, m, c, row + 1, used | 1u << j, acc + (double)c[row * m + j], best);
    return best;
}
static void test_online_hungarian_brute_force(th_ctx *t) {
    ton_rng r = {2024};
    int trial, checked = 0;
    for (trial = 0; trial < 400; trial++) {
        int n = 1 + ton_i(&r, 7), m = n + ton_i(&r, 8 - n), i, j, asg[7], seen[7] = {0, 0, 0, 0, 0, 0, 0};
        ssvm_real c[49];
        double tot = 0, sum = 0, best;
        size_t wb = 0;
        void *work;
        TH_CHECK(t, ssvm_hungarian_get_work_size(n, m, &wb) == SSVM_OK && wb > 0);
        work = malloc(wb);
        for (i = 0; i < n * m; i++)  /* ties on purpose (small integers), or reals of mixed sign */
            c[i] = (ssvm_real)(trial % 2 ? ton_i(&r, 4) - 1 : ton_sym(&r, 10));
        TH_CHECK(t, ssvm_hungarian(n, m, c, work, wb, asg, &tot) == SSVM_OK);
        best = ton_brute_assign(n, m, c, 0, 0u, 0, 1e300);
        for (i = 0; i < n; i++) {
            TH_CHECK(t, asg[i] >= 0 && asg[i] < m);
            if (asg[i] >= 0 && asg[i] < m) { TH_CHECK(t, !seen[asg[i]]); seen[asg[i]] = 1; sum += (double)c[i * m + asg[i]]; }
        }
        TH_CHECKF(t, fabs(tot - best) <= 1e-9 * (1 + fabs(best)), "n %d m %d: %g vs brute %g", n, m, tot, best);
        TH_NEAR(t, sum, tot, 1e-12);
        for (j = 0; j < m; j++) (void)j;
        free(work);
        checked++;
    }
    TH_CHECK(t, checked == 400);
}
static void test_online_hungarian_bad_input(th_ctx *t) {
    ssvm_real c[6] = {1, 2, 3, 4, 5, 6};
    int a[3];
    double tot;
    size_t wb = 0, wb23 = 0, b32 = 1;
    void *w;
    TH_CHECK(t, ssvm_hungarian_get_work_size(3, 3, &wb) == SSVM_OK && wb > 0);
    w = malloc(wb);
    TH_CHECK(t, ssvm_hungarian_get_work_size(3, 2, &b32) == SSVM_ERR_INVALID_ARG && b32 == 0);
    TH_CHECK(t, ssvm_hungarian_get_work_size(2, 3, NULL) == SSVM_ERR_INVALID_ARG);
    TH_CHECK(t, ssvm_hungarian_get_work_size(2, 3, &wb23) == SSVM_OK && wb23 > 0 && wb23 <= wb);
    TH_CHECK(t, ssvm_hungarian(3, 2, c, w, wb, a, &tot) == SSVM_ERR_INVALID_ARG);
    TH_CHECK(t, ssvm_hungarian(0, 2, c, w, wb, a, &tot) == SSVM_ERR_EMPTY);
    TH_CHECK(t, ssvm_hungarian(2, 3, NULL, w, wb, a, &tot) == SSVM_ERR_INVALID_ARG);
    TH_CHECK(t, ssvm_hungarian(2, 3, c, w, wb23 - 1, a, &tot) == SSVM_ERR_WORKSPACE);
    c[4] = (ssvm_real)(0.0 / (c[0] - 1)); /* NaN without a constant-division warning */
    TH_CHECK(t, ssvm_hungarian(2, 3, c, w, wb23, a, &tot) == SSVM_ERR_NONFINITE);
    free(w);
}

/* ------------------------------------------------------------------ projections against brute force */
static void test_online_projections_brute_force(th_ctx *t) {
    ton_rng r = {77};
    int trial;
    for (trial = 0; trial < 500; trial++) {
        int d = 1 + ton_i(&r, 8), i, S, best = -1;
        ssvm_real v[8], p[8], q[8];
        double scale = trial % 3 == 0 ? 0.1 : trial % 3 == 1 ? 1 : 10, bd = 1e300, tol = TON_FLOAT ? 1e-5 : 1e-12;
        double cand[8], bestc[8];
        for (i = 0; i < d; i++) v[i] = (ssvm_real)ton_sym(&r, scale);
        TH_CHECK(t, ssvm_project_simplex(d, v, p) == SSVM_OK);
        /* brute force: every support S, p_i = v_i - tau_S on S; the feasible candidate closest to v */
        for (S = 1; S < 1 << d; S++) {
            double sum = 0, tau, dist = 0;
            int cnt = 0, ok = 1;
            for (i = 0; i < d; i++) if (S >> i & 1) { sum += (double)v[i]; cnt++; }
            tau = (sum - 1) / cnt;
            for (i = 0; i < d; i++) {
                cand[i] = S >> i & 1 ? (double)v[i] - tau : 0;
                if (cand[i] < -1e-15) ok = 0;
                dist += (cand[i] - (double)v[i]) * (cand[i] - (double)v[i]);
            }
            if (ok && dist < bd) { bd = dist; best = S; for (i = 0; i < d; i++) bestc[i] = cand[i]; }
        }
        TH_CHECK(t, best > 0);
        for (i = 0; i < d; i++) TH_CHECKF(t, fabs((double)p[i] - bestc[i]) <= tol * (1 + scale), "d %d i %d: %g vs %g", d, i, (double)p[i], bestc[i]);
        /* in place */
        for (i = 0; i < d; i++) q[i] = v[i];
        TH_CHECK(t, ssvm_project_simplex(d, q, q) == SSVM_OK);
        for (i = 0; i < d; i++) TH_CHECK(t, q[i] == p[i]);
        /* box: clip, and no feasible point is closer */
        TH_CHECK(t, ssvm_project_box(d, v, 0, 1, p) == SSVM_OK);
        {
            int k;
            double dp = 0;
            for (i = 0; i < d; i++) {
                double e = (double)v[i] < 0 ? 0 : (double)v[i] > 1 ? 1 : (double)v[i];
                TH_CHECK(t, (double)p[i] == e);
                dp += ((double)p[i] - (double)v[i]) * ((double)p[i] - (double)v[i]);
            }
            for (k = 0; k < 20; k++) {
                double dq = 0;
                for (i = 0; i < d; i++) { double z = ton_u(&r); dq += (z - (double)v[i]) * (z - (double)v[i]); }
                TH_CHECK(t, dp <= dq + 1e-12);
            }
        }
    }
    {
        ssvm_real v[2] = {0, 1}, o[2];
        TH_CHECK(t, ssvm_project_box(2, v, 1, 0, o) == SSVM_ERR_INVALID_ARG);
        TH_CHECK(t, ssvm_project_simplex(0, v, o) == SSVM_ERR_EMPTY);
    }
}

/* ------------------------------------------------------------------ the losses under test */
/* generic FY from callbacks: the base-e logistic loss (Omega = negative entropy on the simplex) */
typedef struct ton_gen { int K; } ton_gen;
static int ton_gen_conj(void *u, const ssvm_real *th, double *val, ssvm_real *mu) {
    ton_gen *g = (ton_gen *)u;
    int k;
    double mx = -1e300, z = 0;
    for (k = 0; k < g->K; k++) if ((double)th[k] > mx) mx = (double)th[k];
    for (k = 0; k < g->K; k++) z += exp((double)th[k] - mx);
    *val = mx + log(z); /* Omega* = lse */
    for (k = 0; k < g->K; k++) mu[k] = (ssvm_real)(exp((double)th[k] - mx) / z);
    return 0;
}
static int ton_gen_encode(void *u, const int *y, ssvm_real *rho, double *om) {
    ton_gen *g = (ton_gen *)u;
    int k;
    if (y[0] < 0 || y[0] >= g->K) return SSVM_ERR_LABEL;
    for (k = 0; k < g->K; k++) rho[k] = (ssvm_real)(k == y[0]);
    *om = 0; /* Omega(e_y) = 0 */
    return 0;
}
static int ton_gen_target(void *u, const int *yh, const int *y, double *l) { (void)u; *l = yh[0] != y[0]; return 0; }

typedef struct ton_cfg { const char *name; ssvm_surrogate s; } ton_cfg;
static int ton_configs(ton_cfg *c, ton_gen *gen) {
    int n = 0;
    c[n].name = "smooth hinge K=4"; c[n].s = ssvm_surrogate_config_init(SSVM_SMOOTH_HINGE, 4); n++;
    c[n].name = "smooth hinge binary"; c[n].s = ssvm_surrogate_config_init(SSVM_SMOOTH_HINGE, 2); c[n].s.binary = 1; n++;
    c[n].name = "logistic base e K=5"; c[n].s = ssvm_surrogate_config_init(SSVM_LOGISTIC, 5); c[n].s.base = 2.718281828459045; n++;
    c[n].name = "logistic base 2 K=3"; c[n].s = ssvm_surrogate_config_init(SSVM_LOGISTIC, 3); n++;
    c[n].name = "logistic base K K=6"; c[n].s = ssvm_surrogate_config_init(SSVM_LOGISTIC, 6); c[n].s.base = 6; n++;
    c[n].name = "logistic base 2 binary"; c[n].s = ssvm_surrogate_config_init(SSVM_LOGISTIC, 2); c[n].s.binary = 1; n++;
    c[n].name = "sparsemap K=5 lambda 1"; c[n].s = ssvm_surrogate_config_init(SSVM_SPARSEMAP, 5); n++;
    c[n].name = "sparsemap K=3 lambda 3"; c[n].s = ssvm_surrogate_config_init(SSVM_SPARSEMAP, 3); c[n].s.lambda = 3; n++;
    c[n].name = "multilabel d=6"; c[n].s = ssvm_surrogate_config_init(SSVM_SPARSEMAP_MULTILABEL, 6); n++;
    c[n].name = "multilabel d=4 lambda 2"; c[n].s = ssvm_surrogate_config_init(SSVM_SPARSEMAP_MULTILABEL, 4); c[n].s.lambda = 2; n++;
    c[n].name = "conv FY NDCG d=5"; c[n].s = ssvm_surrogate_config_init(SSVM_CONV_FY_NDCG, 5); c[n].s.fw_tol = 1e-13; n++;
    c[n].name = "conv FY NDCG d=4 lambda 0.5 sort"; c[n].s = ssvm_surrogate_config_init(SSVM_CONV_FY_NDCG, 4);
    c[n].s.lambda = 0.5; c[n].s.fw_lmo = SSVM_FW_LMO_SORT; c[n].s.fw_tol = 1e-13; n++;
    gen->K = 4;
    c[n].name = "generic FY (logistic)"; c[n].s = ssvm_surrogate_config_init(SSVM_FY_GENERIC, 4); c[n].s.user = gen;
    c[n].s.fy_conj = ton_gen_conj; c[n].s.fy_encode = ton_gen_encode; c[n].s.fy_target = ton_gen_target;
    c[n].s.n_classes = 4; n++;
    return n;
}
static void ton_random_label(const ssvm_surrogate *s, ton_rng *r, int *y) {
    int i, L = ssvm_surrogate_label_len(s);
    if (s->kind == SSVM_SPARSEMAP_MULTILABEL) { for (i = 0; i < L; i++) y[i] = ton_i(r, 2); return; }
    if (s->kind == SSVM_CONV_FY_NDCG) { for (i = 0; i < L; i++) y[i] = ton_i(r, 4); y[ton_i(r, L)] = 1 + ton_i(r, 3); return; }
    y[0] = ton_i(r, s->n);
}

/* the subgradient (28) is a gradient away from ties of the runner-up */
static int ton_hinge_kink(const ssvm_surrogate *s, const ssvm_real *th, int y) {
    double phi[8], a = -1e300, b = -1e300;
    int k, K = s->n;
    if (s->binary) return 0;
    for (k = 0; k < K; k++) phi[k] = (double)th[k];
    for (k = 0; k < K; k++) {
        if (k == y) continue;
        if (phi[k] > a) { b = a; a = phi[k]; } else if (phi[k] > b) b = phi[k];
    }
    return a - b < 1e-2;
}

static void test_online_gradients_finite_differences(th_ctx *t) {
    ton_cfg c[16];
    ton_gen gen;
    ton_rng r = {31337};
    int nc = ton_configs(c, &gen), ci, checked = 0;
    double h = TON_FLOAT ? 3e-3 : 1e-5, tol = TON_FLOAT ? 3e-2 : 2e-6;
    for (ci = 0; ci < nc; ci++) {
        ssvm_surrogate *s = &c[ci].s;
        if (s->kind == SSVM_CONV_FY_NDCG && TON_FLOAT) s->fw_tol = 1e-7;
        int d = ssvm_surrogate_dim(s), trial, i, y[8];
        size_t wb;
        void *w = ton_work(s, &wb);
        TH_CHECKF(t, w != NULL, "%s: no work size", c[ci].name);
        if (!w) continue;
        for (trial = 0; trial < 40; trial++) {
            ssvm_real th[8], g[8], tp[8];
            double L0;
            for (i = 0; i < d; i++) th[i] = (ssvm_real)ton_sym(&r, trial < 20 ? 1.5 : 4);
            ton_random_label(s, &r, y);
            if (s->kind == SSVM_SMOOTH_HINGE && ton_hinge_kink(s, th, y[0])) continue;
            L0 = ton_loss(s, th, y, w, wb, g);
            TH_CHECKF(t, L0 > -1e299, "%s: loss failed", c[ci].name);
            for (i = 0; i < d; i++) {
                double lp, lm, fd;
                int k;
                for (k = 0; k < d; k++) tp[k] = th[k];
                tp[i] = (ssvm_real)((double)th[i] + h); lp = ton_loss(s, tp, y, w, wb, NULL);
                tp[i] = (ssvm_real)((double)th[i] - h); lm = ton_loss(s, tp, y, w, wb, NULL);
                /* divide by the step actually taken (float rounds theta +- h) */
                fd = (lp - lm) / ((double)(ssvm_real)((double)th[i] + h) - (double)(ssvm_real)((double)th[i] - h));
                TH_CHECKF(t, fabs(fd - (double)g[i]) <= tol * (1 + fabs(fd)), "%s trial %d i %d: fd %.9g grad %.9g",
                          c[ci].name, trial, i, fd, (double)g[i]);
                checked++;
            }
        }
        free(w);
    }
    TH_CHECK(t, checked > 1500);
}

/* generic FY built from the logistic's Omega* agrees with the built-in base-e logistic */
static void test_online_generic_fy_matches_logistic(th_ctx *t) {
    ton_cfg c[16];
    ton_gen gen;
    ton_rng r = {5};
    int nc = ton_configs(c, &gen), trial, k;
    ssvm_surrogate lg = ssvm_surrogate_config_init(SSVM_LOGISTIC, 4), *gs = &c[nc - 1].s;
    size_t wb1, wb2;
    void *w1, *w2;
    lg.base = 2.718281828459045;
    w1 = ton_work(&lg, &wb1); w2 = ton_work(gs, &wb2);
    for (trial = 0; trial < 100; trial++) {
        ssvm_real th[4], g1[4], g2[4];
        int y = ton_i(&r, 4);
        ssvm_dist d1, d2;
        double a, b;
        for (k = 0; k < 4; k++) th[k] = (ssvm_real)ton_sym(&r, 3);
        a = ton_loss(&lg, th, &y, w1, wb1, g1);
        b = ton_loss(gs, th, &y, w2, wb2, g2);
        TH_NEAR(t, a, b, TON_FLOAT ? 1e-5 : 1e-12);
        for (k = 0; k < 4; k++) TH_NEAR(t, g1[k], g2[k], TON_FLOAT ? 1e-5 : 1e-12);
        lg.decoding = SSVM_DECODE_ARGMAX;
        TH_CHECK(t, ssvm_decode(&lg, th, w1, wb1, &d1) == SSVM_OK);
        TH_CHECK(t, ssvm_decode(gs, th, w2, wb2, &d2) == SSVM_OK); /* default: the closest rho(k) */
        TH_CHECK(t, d1.n == 1 && d2.n == 1 && d1.labels[0] == d2.labels[0]);
        lg.decoding = SSVM_DECODE_AUTO;
    }
    free(w1); free(w2);
}

/* Fenchel-Young losses are >= 0 and vanish exactly when rho(y) = grad Omega*(theta) */
static void test_online_fy_nonnegative_and_zero(th_ctx *t) {
    ton_rng r = {99};
    int trial, i, k;
    for (trial = 0; trial < 200; trial++) {
        int K = 2 + ton_i(&r, 5), y = ton_i(&r, K), yy[6];
        double lam = 0.5 + 2 * ton_u(&r), L;
        ssvm_real th[6];
        ssvm_surrogate s = ssvm_surrogate_config_init(SSVM_SPARSEMAP, K), m = ssvm_surrogate_config_init(SSVM_SPARSEMAP_MULTILABEL, K);
        size_t wb, wm;
        void *w, *wmv;
        s.lambda = lam; m.lambda = lam;
        w = ton_work(&s, &wb); wmv = ton_work(&m, &wm);
        /* random theta: >= 0 */
        for (k = 0; k < K; k++) th[k] = (ssvm_real)ton_sym(&r, 3);
        L = ton_loss(&s, th, &y, w, wb, NULL);
        TH_CHECK(t, L >= 0);
        /* theta_y >= max_k theta_k + lambda: sparsemax(theta/lambda) = e_y, L = 0 exactly */
        for (k = 0; k < K; k++) th[k] = (ssvm_real)ton_sym(&r, 1);
        th[y] = (ssvm_real)(2 + lam * (1 + ton_u(&r)));
        TH_CHECK(t, ton_loss(&s, th, &y, w, wb, NULL) == 0.0);
        /* a margin of lambda/2: mu != e_y, L > 0 */
        for (k = 0; k < K; k++) th[k] = 0;
        th[y] = (ssvm_real)(lam / 2);
        TH_CHECK(t, ton_loss(&s, th, &y, w, wb, NULL) > 1e-3 * lam);
        /* multilabel box */
        for (i = 0; i < K; i++) { yy[i] = ton_i(&r, 2); th[i] = (ssvm_real)(yy[i] ? lam * (1 + ton_u(&r)) : -ton_u(&r)); }
        TH_CHECK(t, ton_loss(&m, th, yy, wmv, wm, NULL) == 0.0);
        th[0] = (ssvm_real)(0.5 * lam);
        TH_CHECK(t, ton_loss(&m, th, yy, wmv, wm, NULL) > 1e-3 * lam);
        for (i = 0; i < K; i++) th[i] = (ssvm_real)ton_sym(&r, 3);
        TH_CHECK(t, ton_loss(&m, th, yy, wmv, wm, NULL) >= 0);
        free(w); free(wmv);
    }
    { /* logistic: softmax never equals e_y, so L > 0 even at a margin of 30 */
        ssvm_surrogate lg = ssvm_surrogate_config_init(SSVM_LOGISTIC, 3);
        size_t wb;
        void *w = ton_work(&lg, &wb);
        ssvm_real th[3] = {30, 0, 0};
        int y = 0;
        double L = ton_loss(&lg, th, &y, w, wb, NULL);
        TH_CHECK(t, L > 0 && L < 1e-12);
        free(w);
    }
    { /* conv FY: L = 0 at theta = lambda rho(y) - P* w (P* an optimal ranking), > 0 nearby */
        int d = 5, y[5] = {2, 0, 3, 1, 0}, pos[5] = {1, 3, 0, 2, 4};
        ssvm_surrogate s = ssvm_surrogate_config_init(SSVM_CONV_FY_NDCG, d);
        size_t wb;
        void *w;
        ssvm_real th[5];
        double nrm = 0, L;
        s.fw_tol = 1e-14; s.lambda = 0.7;
        w = ton_work(&s, &wb);
        for (i = 0; i < d; i++) nrm += y[i] / log2(pos[i] + 2.0);
        for (i = 0; i < d; i++) th[i] = (ssvm_real)(-s.lambda * y[i] / nrm - 1 / log2(pos[i] + 2.0));
        L = ton_loss(&s, th, y, w, wb, NULL);
        TH_CHECKF(t, L >= 0 && L <= (TON_FLOAT ? 1e-5 : 1e-9), "conv FY at its zero: %g", L);
        th[1] = (ssvm_real)((double)th[1] - 0.3);
        TH_CHECK(t, ton_loss(&s, th, y, w, wb, NULL) > 1e-4);
        free(w);
    }
}

/* ------------------------------------------------------------------ surrogate gap (8) */
typedef struct ton_gapcfg { const char *name; ssvm_surrogate s; double alpha; } ton_gapcfg;
/* E_pi[loss] <= (1 - alpha) L(theta, y) for every label y, on random and tied theta; returns the worst ratio */
static double ton_gap_check(th_ctx *t, const char *name, const ssvm_surrogate *s, double alpha, ton_rng *r, int trials) {
    size_t wb;
    void *w = ton_work(s, &wb);
    int d = ssvm_surrogate_dim(s), L = ssvm_surrogate_label_len(s), trial, i, code, ncodes;
    double worst = 0, slack = TON_FLOAT ? 1e-5 : 1e-12;
    ncodes = s->kind == SSVM_SPARSEMAP_MULTILABEL ? 1 << L : s->n;
    for (trial = 0; trial < trials; trial++) {
        ssvm_real th[10];
        ssvm_dist dist;
        double scale = trial % 4 == 0 ? 0.05 : trial % 4 == 1 ? 0.5 : trial % 4 == 2 ? 2 : 6;
        for (i = 0; i < d; i++) th[i] = (ssvm_real)ton_sym(r, scale);
        if (trial % 5 == 0 && d > 1) th[1] = th[0];                  /* ties */
        if (s->kind == SSVM_SPARSEMAP_MULTILABEL && trial % 3 == 0)  /* mu in the interior of the box */
            for (i = 0; i < d; i++) th[i] = (ssvm_real)(s->lambda * ton_u(r));
        if (ssvm_decode(s, th, w, wb, &dist) != SSVM_OK) { TH_CHECK(t, 0); break; }
        for (code = 0; code < ncodes; code++) {
            int y[10];
            double e = -1, l;
            ssvm_real g[10];
            if (s->kind == SSVM_SPARSEMAP_MULTILABEL) for (i = 0; i < L; i++) y[i] = code >> i & 1;
            else y[0] = code;
            TH_CHECK(t, ssvm_dist_expected_loss(s, &dist, y, &e) == SSVM_OK);
            l = ton_loss(s, th, y, w, wb, g);
            /* the loss call reused the work area: decode again before the next label */
            if (ssvm_decode(s, th, w, wb, &dist) != SSVM_OK) TH_CHECK(t, 0);
            if (alpha > 0) TH_CHECKF(t, e <= (1 - alpha) * l + slack, "%s: E %.9g > (1-alpha) L = %.9g", name, e, (1 - alpha) * l);
            if (l > 1e-9 && e / l > worst) worst = e / l;
        }
    }
    free(w);
    return worst;
}
static void test_online_surrogate_gap(th_ctx *t) {
    ton_rng r = {8080};
    ton_gapcfg c[16];
    int n = 0, i, K;
    double a, M, fl, worst;
    for (K = 2; K <= 6; K += 2) {
        c[n].name = "smooth hinge + gap"; c[n].s = ssvm_surrogate_config_init(SSVM_SMOOTH_HINGE, K); n++;
        c[n].name = "logistic base 2 + gap"; c[n].s = ssvm_surrogate_config_init(SSVM_LOGISTIC, K); n++;
        c[n].name = "logistic base 2 + FY"; c[n].s = ssvm_surrogate_config_init(SSVM_LOGISTIC, K); c[n].s.decoding = SSVM_DECODE_FY; n++;
        c[n].name = "sparsemap + FY"; c[n].s = ssvm_surrogate_config_init(SSVM_SPARSEMAP, K);
        c[n].s.lambda = 2 * 2 * sqrt(2.0 * (K - 1) / K); n++; /* alpha = 1/2 */
    }
    c[n].name = "smooth hinge binary + gap"; c[n].s = ssvm_surrogate_config_init(SSVM_SMOOTH_HINGE, 2); c[n].s.binary = 1; n++;
    c[n].name = "logistic base 2 binary + gap"; c[n].s = ssvm_surrogate_config_init(SSVM_LOGISTIC, 2); c[n].s.binary = 1; n++;
    c[n].name = "multilabel d=3 + FY"; c[n].s = ssvm_surrogate_config_init(SSVM_SPARSEMAP_MULTILABEL, 3); c[n].s.lambda = 8 / sqrt(3.0); n++;
    c[n].name = "multilabel d=6 + FY"; c[n].s = ssvm_surrogate_config_init(SSVM_SPARSEMAP_MULTILABEL, 6); c[n].s.lambda = 3; n++;
    for (i = 0; i < n; i++) {
        TH_CHECK(t, ssvm_surrogate_constants(&c[i].s, &a, &M, &fl) == SSVM_OK);
        TH_CHECKF(t, a > 0, "%s: alpha %g", c[i].name, a);
        c[i].alpha = a;
        ton_gap_check(t, c[i].name, &c[i].s, a, &r, 300);
    }
    /* the constants themselves */
    {
        ssvm_surrogate s = ssvm_surrogate_config_init(SSVM_SMOOTH_HINGE, 5);
        ssvm_surrogate_constants(&s, &a, &M, &fl); TH_NEAR(t, a, 0.2, 1e-15); TH_NEAR(t, M, 4, 1e-15);
        s = ssvm_surrogate_config_init(SSVM_LOGISTIC, 2); s.binary = 1;
        ssvm_surrogate_constants(&s, &a, &M, &fl); TH_NEAR(t, a, 0.5, 1e-15); TH_NEAR(t, fl, log(2.0) / 2, 1e-12);
        s.decoding = SSVM_DECODE_FY;
        ssvm_surrogate_constants(&s, &a, &M, &fl); TH_NEAR(t, a, 1 - log(2.0), 1e-12);
        s = ssvm_surrogate_config_init(SSVM_LOGISTIC, 3); s.base = 2.718281828459045; /* no guarantee known */
        ssvm_surrogate_constants(&s, &a, &M, &fl); TH_CHECK(t, a == 0 && fl == 0);
        s = ssvm_surrogate_config_init(SSVM_SPARSEMAP, 5); /* lambda = 1 is below 2 sqrt(2 (K-1)/K): no gap */
        ssvm_surrogate_constants(&s, &a, &M, &fl); TH_CHECK(t, a == 0);
        /* conv FY: (18)'s floor lambda holds for the prediction drawn from (15) only; under argmax none is known, and
           the constant and Polyak rates need an explicit eta / eta_min (until 0.17 they ran at lambda) */
        s = ssvm_surrogate_config_init(SSVM_CONV_FY_NDCG, 4); s.lambda = 0.5;
        ssvm_surrogate_constants(&s, &a, &M, &fl); TH_CHECK(t, fl == 0.5 && M == 2);
        s.decoding = SSVM_DECODE_ARGMAX;
        ssvm_surrogate_constants(&s, &a, &M, &fl); TH_CHECK(t, fl == 0);
        {
            ssvm_online_config oc = ssvm_online_config_init(SSVM_CONV_FY_NDCG, 4, 3);
            size_t hb = 0;
            TH_CHECK(t, ssvm_online_get_heap_size(&oc, &hb) == SSVM_OK);
            oc.loss.decoding = SSVM_DECODE_ARGMAX;
            TH_CHECK(t, ssvm_online_get_heap_size(&oc, &hb) == SSVM_ERR_NOT_SUPPORTED);
            oc.rate = SSVM_RATE_POLYAK;
            TH_CHECK(t, ssvm_online_get_heap_size(&oc, &hb) == SSVM_ERR_NOT_SUPPORTED);
            oc.eta_min = 0.1;
            TH_CHECK(t, ssvm_online_get_heap_size(&oc, &hb) == SSVM_OK);
        }
    }
    /* why base e gets alpha = 0: a two-class tie, where no decoding can meet alpha = 1/K */
    {
        ssvm_surrogate s = ssvm_surrogate_config_init(SSVM_LOGISTIC, 2);
        ssvm_real th[2] = {0, 0};
        size_t wb;
        void *w;
        ssvm_dist dist;
        int y;
        double e[2], l = 0;
        s.base = 2.718281828459045;
        w = ton_work(&s, &wb);
        for (y = 0; y < 2; y++) { /* L = ln 2 for both labels; E[loss | 0] + E[loss | 1] = 1 for any decoding */
            l = ton_loss(&s, th, &y, w, wb, NULL);
            ssvm_decode(&s, th, w, wb, &dist);
            ssvm_dist_expected_loss(&s, &dist, &y, &e[y]);
        }
        TH_NEAR(t, e[0] + e[1], 1, 1e-12);
        TH_CHECK(t, e[0] + e[1] > 2 * (1 - 0.5) * l + 0.3); /* 1 > 0.69: alpha = 1/2 is impossible */
        free(w);
    }
    /* why multilabel uses gamma = 1/sqrt(d): with gamma = 1/d (Shibukawa et al. 2025, Sec. 2.3) the bound
       E <= 4 gamma/(lambda nu) L fails */
    {
        ssvm_surrogate s = ssvm_surrogate_config_init(SSVM_SPARSEMAP_MULTILABEL, 6);
        worst = ton_gap_check(t, "multilabel lambda 1 (no alpha)", &s, 0, &r, 400);
        TH_CHECKF(t, worst > 4.0 / 6 + 0.05, "worst E/L %g", worst);
        TH_CHECKF(t, worst <= 4 / sqrt(6.0) + 1e-9, "worst E/L %g", worst);
    }
}

/* ------------------------------------------------------------------ ranking: NDCG and Lemma 4.3 */
static int ton_next_perm(int *a, int n) { /* lexicographic */
    int i = n - 2, j, tmp;
    while (i >= 0 && a[i] >= a[i + 1]) i--;
    if (i < 0) return 0;
    j = n - 1;
    while (a[j] <= a[i]) j--;
    tmp = a[i]; a[i] = a[j]; a[j] = tmp;
    for (i++, j = n - 1; i < j; i++, j--) { tmp = a[i]; a[i] = a[j]; a[j] = tmp; }
    return 1;
}
static double ton_w(int r) { return 1 / log2(r + 2.0); }
static double ton_ndcg_norm_brute(int d, const int *y) {
    int p[8], i;
    double best = 0;
    for (i = 0; i < d; i++) p[i] = i;
    do {
        double g = 0;
        for (i = 0; i < d; i++) g += y[i] * ton_w(p[i]);
        if (g > best) best = g;
    } while (ton_next_perm(p, d));
    return best;
}
/* Euclidean projection of z onto the permutahedron conv{P w} (w decreasing) by sorting + pool adjacent
   violators (Blondel et al. 2020): p = z - v o sigma^-1, v = non-increasing isotonic fit of z_sigma - w */
static void ton_permutahedron_proj(int d, const double *z, double *p) {
    int idx[8], i, j, nb = 0, bs[8], bl[8];
    double s[8], bv[8];
    for (i = 0; i < d; i++) idx[i] = i;
    for (i = 0; i < d; i++) for (j = i + 1; j < d; j++) if (z[idx[j]] > z[idx[i]]) { int tmp = idx[i]; idx[i] = idx[j]; idx[j] = tmp; }
    for (i = 0; i < d; i++) s[i] = z[idx[i]] - ton_w(i);
    for (i = 0; i < d; i++) { /* PAV for a non-increasing fit */
        bs[nb] = i; bl[nb] = 1; bv[nb] = s[i]; nb++;
        while (nb > 1 && bv[nb - 2] < bv[nb - 1]) {
            bv[nb - 2] = (bv[nb - 2] * bl[nb - 2] + bv[nb - 1] * bl[nb - 1]) / (bl[nb - 2] + bl[nb - 1]);
            bl[nb - 2] += bl[nb - 1]; nb--;
        }
    }
    for (j = 0; j < nb; j++) for (i = bs[j]; i < bs[j] + bl[j]; i++) p[idx[i]] = z[idx[i]] - bv[j];
}
static void test_online_ndcg_target_brute_force(th_ctx *t) {
    ton_rng r = {41};
    int trial;
    for (trial = 0; trial < 100; trial++) {
        int d = 2 + ton_i(&r, 5), y[8], p[8], i;
        ssvm_surrogate s = ssvm_surrogate_config_init(SSVM_CONV_FY_NDCG, d);
        double nrm, l, g = 0, best = 2;
        for (i = 0; i < d; i++) y[i] = ton_i(&r, 4);
        y[ton_i(&r, d)] = 2;
        nrm = ton_ndcg_norm_brute(d, y);
        for (i = 0; i < d; i++) p[i] = i;
        do { /* min over permutations is 0 (Assumption 2.2.1) */
            TH_CHECK(t, ssvm_target_loss(&s, p, y, &l) == SSVM_OK);
            if (l < best) best = l;
        } while (ton_next_perm(p, d));
        TH_NEAR(t, best, 0, 1e-12);
        for (i = 0; i < d; i++) p[i] = d - 1 - i;
        for (i = 0; i < d; i++) g += y[i] * ton_w(p[i]);
        TH_CHECK(t, ssvm_target_loss(&s, p, y, &l) == SSVM_OK);
        TH_NEAR(t, l, 1 - g / nrm, 1e-12);
        p[0] = p[1];
        TH_CHECK(t, ssvm_target_loss(&s, p, y, &l) == SSVM_ERR_LABEL);
    }
    {
        ssvm_surrogate s = ssvm_surrogate_config_init(SSVM_CONV_FY_NDCG, 3);
        int y[3] = {0, 0, 0}, p[3] = {0, 1, 2};
        double l;
        TH_CHECK(t, ssvm_target_loss(&s, p, y, &l) == SSVM_ERR_LABEL); /* N(y) = 0 */
    }
}
static void test_online_lemma43_identity(th_ctx *t) {
    ton_rng r = {4343};
    int trial, checked = 0;
    double tol = TON_FLOAT ? 2e-4 : 1e-7;
    for (trial = 0; trial < 120; trial++) {
        int d = 3 + ton_i(&r, 4), y[8], i, j, p[8];
        ssvm_surrogate s = ssvm_surrogate_config_init(SSVM_CONV_FY_NDCG, d);
        ssvm_real th[8];
        size_t wb;
        void *w;
        ssvm_dist dist;
        double lam = trial % 3 == 0 ? 0.5 : trial % 3 == 1 ? 1 : 2, nrm, z[8], vex[8], vs[8], rho[8];
        double Lex = 0, LO = 0, E = 0, Elib = -1, Llib, rr = 0, dot = 0, viol = -1e300;
        s.lambda = lam; s.fw_tol = TON_FLOAT ? 1e-7 : 1e-13; s.fw_lmo = trial % 2 ? SSVM_FW_LMO_SORT : SSVM_FW_LMO_HUNGARIAN;
        w = ton_work(&s, &wb);
        for (i = 0; i < d; i++) { th[i] = (ssvm_real)ton_sym(&r, trial % 4 == 0 ? 0.2 : 2); y[i] = ton_i(&r, 4); }
        y[ton_i(&r, d)] = 3;
        nrm = ton_ndcg_norm_brute(d, y);
        for (i = 0; i < d; i++) rho[i] = -y[i] / nrm;
        TH_CHECK(t, ssvm_decode(&s, th, w, wb, &dist) == SSVM_OK);
        TH_CHECKF(t, dist.n >= 1 && dist.n <= d, "support %d > d %d", dist.n, d);
        /* v = L pi from the support, E_pi[loss] by enumerating it */
        for (i = 0; i < d; i++) vs[i] = 0;
        for (j = 0; j < dist.n; j++) {
            double g = 0;
            int *perm = dist.labels + j * d;
            for (i = 0; i < d; i++) { vs[i] += dist.prob[j] * ton_w(perm[i]); g += y[i] * ton_w(perm[i]); }
            E += dist.prob[j] * (1 - g / nrm);
        }
        TH_CHECK(t, ssvm_dist_expected_loss(&s, &dist, y, &Elib) == SSVM_OK);
        TH_NEAR(t, Elib, E, 1e-12);
        /* the exact minimiser v* = Proj_permutahedron(-theta), checked by the variational inequality over
           all vertices */
        for (i = 0; i < d; i++) z[i] = -(double)th[i];
        ton_permutahedron_proj(d, z, vex);
        for (i = 0; i < d; i++) p[i] = i;
        do {
            double ip = 0;
            for (i = 0; i < d; i++) ip += (z[i] - vex[i]) * (ton_w(p[i]) - vex[i]);
            if (ip > viol) viol = ip;
        } while (ton_next_perm(p, d));
        TH_CHECKF(t, viol <= 1e-10, "permutahedron projection: VI violated by %g", viol);
        for (i = 0; i < d; i++) TH_CHECKF(t, fabs(vs[i] - vex[i]) <= (TON_FLOAT ? 1e-2 : 1e-5), "v[%d] %g vs exact %g", i, vs[i], vex[i]);
        /* L_{Omega_tau}(theta, y) from the exact minimiser; L_Omega(theta + L pi, y) at the support */
        for (i = 0; i < d; i++) {
            double a = (double)th[i] + vex[i], b = (double)th[i] + vs[i];
            Lex += a * a; LO += b * b; rr += rho[i] * rho[i]; dot += (double)th[i] * rho[i];
        }
        Lex = Lex / (2 * lam) + lam / 2 * rr + 1 - dot;
        for (i = 0; i < d; i++) LO -= 2 * lam * ((double)th[i] + vs[i]) * rho[i];
        LO = LO / (2 * lam) + lam / 2 * rr;
        /* identity (16): E_pi[loss] = L_{Omega_tau}(theta, y) - L_Omega(theta + L pi, y) */
        TH_CHECKF(t, fabs(E - (Lex - LO)) <= tol, "eq. (16): E %.12g vs %.12g", E, Lex - LO);
        Llib = ton_loss(&s, th, y, w, wb, NULL);
        TH_CHECKF(t, fabs(Llib - Lex) <= tol, "loss %.12g vs exact %.12g", Llib, Lex);
        free(w);
        checked++;
    }
    TH_CHECK(t, checked == 120);
}
/* a long Frank-Wolfe run with the support capped at d stays within the cap (Caratheodory reductions) */
static void test_online_fw_support_cap(th_ctx *t) {
    ton_rng r = {606};
    int trial;
    for (trial = 0; trial < 40; trial++) {
        int d = 6 + ton_i(&r, 3), i;
        ssvm_surrogate s = ssvm_surrogate_config_init(SSVM_CONV_FY_NDCG, d);
        ssvm_real th[8];
        size_t wb;
        void *w;
        ssvm_dist dist;
        double sum = 0, z[8], vex[8], v[8];
        int j;
        s.fw_tol = 0; s.fw_max_iter = 400; /* never converged: stresses the active set */
        w = ton_work(&s, &wb);
        for (i = 0; i < d; i++) th[i] = (ssvm_real)ton_sym(&r, 0.3);
        TH_CHECK(t, ssvm_decode(&s, th, w, wb, &dist) == SSVM_OK);
        TH_CHECK(t, dist.n >= 1 && dist.n <= d);
        for (i = 0; i < d; i++) v[i] = 0;
        for (j = 0; j < dist.n; j++) {
            int seen[8] = {0, 0, 0, 0, 0, 0, 0, 0}, ok = 1;
            sum += dist.prob[j];
            TH_CHECK(t, dist.prob[j] > 0);
            for (i = 0; i < d; i++) { if (seen[dist.labels[j * d + i]]++) ok = 0; v[i] += dist.prob[j] * ton_w(dist.labels[j * d + i]); }
            TH_CHECK(t, ok);
        }
        TH_NEAR(t, sum, 1, 1e-12);
        for (i = 0; i < d; i++) z[i] = -(double)th[i];
        ton_permutahedron_proj(d, z, vex);
        /* f(v) - f* <= FW gap and f is (1/lambda)-strongly convex in v: |v - v*| <= sqrt(2 lambda gap) */
        TH_CHECK(t, dist.fw_gap >= -1e-12 && dist.fw_gap < 1e-3);
        for (i = 0; i < d; i++)
            TH_CHECKF(t, fabs(v[i] - vex[i]) <= sqrt(2 * s.lambda * (dist.fw_gap > 0 ? dist.fw_gap : 0)) + (TON_FLOAT ? 1e-4 : 1e-9),
                      "v %g vs exact %g, FW gap %g", v[i], vex[i], dist.fw_gap);
        free(w);
    }
}

/* ------------------------------------------------------------------ the learner */
/* a drifting stream: labels from a hidden linear rule whose classes are relabelled every `seg` rounds */
typedef struct ton_stream { int d, F, seg, perm[8]; double U[8 * 8]; ton_rng r; } ton_stream;
static void ton_stream_init(ton_stream *s, int d, int F, int seg, unsigned long long seed) {
    int i;
    s->d = d; s->F = F; s->seg = seg; s->r.s = seed;
    for (i = 0; i < d * F; i++) s->U[i] = ton_sym(&s->r, 3);
    for (i = 0; i < d; i++) s->perm[i] = i;
}
/* x on the unit sphere; y from argmax (multiclass) or signs (multilabel) of U x, relabelled by perm */
static void ton_stream_next(ton_stream *s, int t, ssvm_real *x, int *y, int multilabel) {
    int i, k;
    double n2 = 0, best = -1e300;
    if (t > 0 && t % s->seg == 0) { /* a new segment: permute the class names */
        for (i = s->d - 1; i > 0; i--) { int j = ton_i(&s->r, i + 1), tmp = s->perm[i]; s->perm[i] = s->perm[j]; s->perm[j] = tmp; }
    }
    for (i = 0; i < s->F; i++) { double v = ton_sym(&s->r, 1); x[i] = (ssvm_real)v; n2 += v * v; }
    for (i = 0; i < s->F; i++) x[i] = (ssvm_real)((double)x[i] / sqrt(n2));
    for (k = 0; k < s->d; k++) {
        double sc = 0;
        for (i = 0; i < s->F; i++) sc += s->U[k * s->F + i] * (double)x[i];
        if (multilabel) y[s->perm[k]] = sc > 0;
        else if (sc > best) { best = sc; y[0] = s->perm[k]; }
    }
}
static void test_online_polyak_satisfies_9(th_ctx *t) {
    ssvm_online_config p[6];
    int np = 0, c;
    p[np] = ssvm_online_config_init(SSVM_SMOOTH_HINGE, 4, 5); np++;
    p[np] = ssvm_online_config_init(SSVM_LOGISTIC, 3, 5); np++;
    p[np] = ssvm_online_config_init(SSVM_LOGISTIC, 2, 5); p[np].loss.binary = 1; np++;
    p[np] = ssvm_online_config_init(SSVM_LOGISTIC, 5, 5); p[np].loss.decoding = SSVM_DECODE_FY; np++;
    p[np] = ssvm_online_config_init(SSVM_SPARSEMAP, 4, 5); p[np].loss.lambda = 2 * 2 * sqrt(2.0 * 3 / 4); np++;
    p[np] = ssvm_online_config_init(SSVM_SPARSEMAP_MULTILABEL, 4, 5); p[np].loss.lambda = 4; np++;
    for (c = 0; c < np; c++) {
        ssvm_online o;
        ton_stream st;
        int tt, y[8], steps = 0, ml = p[c].loss.kind == SSVM_SPARSEMAP_MULTILABEL;
        double prev = 1e300, slack = TON_FLOAT ? 1e-4 : 1e-9;
        p[c].diameter = 6;
        TH_CHECK(t, ssvm_online_init(&p[c], &o) == SSVM_OK);
        ton_stream_init(&st, p[c].loss.n, 5, 150, 11 + c);
        for (tt = 0; tt < 600; tt++) {
            ssvm_real x[5];
            ssvm_online_info info;
            ton_stream_next(&st, tt, x, y, ml);
            TH_CHECK(t, ssvm_online_round(&o, x, y, NULL, &info) == SSVM_OK);
            if (info.grad_norm2 > 0) {
                /* (9): alpha/M <= eta_t <= 2 (L_t - E[loss_t]) / |G_t|^2, and eta_t non-increasing */
                TH_CHECKF(t, info.eta >= TH_ON(&o).alpha / TH_ON(&o).M * (1 - slack), "case %d t %d: eta %g < alpha/M %g", c, tt, info.eta, TH_ON(&o).alpha / TH_ON(&o).M);
                TH_CHECKF(t, info.eta <= info.polyak_bound * (1 + slack), "case %d t %d: eta %g > bound %g", c, tt, info.eta, info.polyak_bound);
                TH_CHECK(t, info.eta <= prev);
                prev = info.eta;
                steps++;
            }
            TH_CHECK(t, info.expected_loss <= info.surrogate + slack); /* (8) with alpha >= 0 */
        }
        TH_CHECK(t, o.floor_hits == 0);
        TH_CHECK(t, steps > 100);
        ssvm_online_uninit(&o);
    }
    { /* conv FY (Theorem 4.5): the right end of (18) is >= lambda when |x| <= 1 (Lemmas 4.3, 4.4) */
        ssvm_online_config q = ssvm_online_config_init(SSVM_CONV_FY_NDCG, 4, 5);
        ssvm_online o;
        ton_stream st;
        int tt, y[8];
        q.loss.lambda = 0.8; q.loss.fw_tol = TON_FLOAT ? 1e-7 : 1e-12;
        TH_CHECK(t, ssvm_online_init(&q, &o) == SSVM_OK);
        ton_stream_init(&st, 4, 5, 50, 3);
        for (tt = 0; tt < 150; tt++) {
            ssvm_real x[5];
            ssvm_online_info info;
            ton_stream_next(&st, tt, x, y, 1);
            y[tt % 4] = 1;  /* N(y) > 0 */
            TH_CHECK(t, ssvm_online_round(&o, x, y, NULL, &info) == SSVM_OK);
            if (info.grad_norm2 > 1e-12) TH_CHECKF(t, info.polyak_bound >= 0.8 * (1 - 1e-4), "t %d bound %g", tt, info.polyak_bound);
            TH_CHECK(t, info.eta >= 0.8 * (1 - 1e-12) || info.grad_norm2 == 0);
        }
        ssvm_online_uninit(&o);
    }
}

/* Theorem 3.4 on a drifting separable stream: sum_t E[loss_t] <= F_T + (M D / alpha)(D/2 + P_T), eq. (10), for
   the comparator that follows the hidden rule. K = 2 classes, x = (0.8 cos a, 0.8 sin a, 0.6) with |x| = 1 and
   a at least 0.3 rad away from +-90 degrees; the rule scores (-x_1, x_1), so the margin 1.6 |cos a| is at
   least 1.6 sin 0.3 and U = s (-e_1; e_1) with s = 1/(1.6 sin 0.3) has smooth hinge loss 0 (F_T = 0). Every
   2,000 rounds the two class names swap: U_t moves by |(2 s e_1; -2 s e_1)|_F = 2 sqrt(2) s. */
static void test_online_theorem34_bound(th_ctx *t) {
    int rate;
    for (rate = 0; rate < 2; rate++) {
        const int K = 2, F = 3, T = 6000, seg = 2000;
        ssvm_online_config p = ssvm_online_config_init(SSVM_SMOOTH_HINGE, K, F);
        ssvm_online o;
        ton_rng r = {123};
        double Dm = 6, sumE = 0, P = 0, bound, s = 1 / (1.6 * sin(0.3));
        int tt, flip = 0, nseg = 0;
        p.rate = rate == 0 ? SSVM_RATE_CONSTANT : SSVM_RATE_POLYAK;
        p.diameter = Dm;
        TH_CHECK(t, ssvm_online_init(&p, &o) == SSVM_OK);
        TH_CHECK(t, s * sqrt(2.0) <= Dm / 2); /* the comparator lies in the ball */
        for (tt = 0; tt < T; tt++) {
            ssvm_real x[3];
            ssvm_online_info info;
            double a;
            int y;
            if (tt > 0 && tt % seg == 0) { flip ^= 1; nseg++; }
            do a = 6.283185307179586 * ton_u(&r);
            while (fabs(cos(a)) < sin(0.3));
            x[0] = (ssvm_real)(0.8 * cos(a)); x[1] = (ssvm_real)(0.8 * sin(a)); x[2] = (ssvm_real)0.6;
            y = ((double)x[0] > 0) ^ flip;
            TH_CHECK(t, ssvm_online_round(&o, x, &y, NULL, &info) == SSVM_OK);
            sumE += info.expected_loss;
        }
        P = nseg * 2 * sqrt(2.0) * s;
        bound = TH_ON(&o).M * Dm / TH_ON(&o).alpha * (Dm / 2 + P);
        TH_CHECK(t, TH_ON(&o).alpha == 0.5 && TH_ON(&o).M == 4);
        TH_CHECKF(t, sumE <= bound, "rate %d: sum E %g > bound %g", rate, sumE, bound);
        TH_CHECKF(t, bound < 0.2 * T, "the bound %g is not informative", bound);
        /* smooth hinge + GAP decoding: when y = y* and 0 < m < 1, the right end of (9) equals alpha/M exactly,
           so (12) settles at the constant rate alpha/M = 1/(4K) */
        if (rate == 1) TH_NEAR(t, TH_ON(&o).eta_prev, TH_ON(&o).alpha / TH_ON(&o).M, 1e-9);
        ssvm_online_uninit(&o);
    }
}

/* one OGD step by hand; the ball; a user projection; AdaGrad's rate */
static int ton_proj_calls;
static int ton_box_proj(void *u, ssvm_real *W, int d, int F) {
    int i;
    (void)u;
    ton_proj_calls++;
    for (i = 0; i < d * F; i++) W[i] = W[i] > (ssvm_real)0.1 ? (ssvm_real)0.1 : W[i] < (ssvm_real)-0.1 ? (ssvm_real)-0.1 : W[i];
    return 0;
}
static void test_online_ogd_steps_and_projections(th_ctx *t) {
    ssvm_online_config p = ssvm_online_config_init(SSVM_LOGISTIC, 3, 4);
    ssvm_online o;
    ssvm_real x[4] = {(ssvm_real)0.5, (ssvm_real)-0.5, (ssvm_real)0.5, (ssvm_real)0.5}, W0[12], th[3], g[3];
    int y = 2, i, k, tt;
    ssvm_online_info info;
    size_t wb;
    void *w;
    double L, tol = TON_FLOAT ? 1e-6 : 1e-14;
    ton_rng r = {17};
    p.rate = SSVM_RATE_CONSTANT; p.eta = 0.3;
    TH_CHECK(t, ssvm_online_init(&p, &o) == SSVM_OK);
    for (i = 0; i < 12; i++) o.W[i] = W0[i] = (ssvm_real)ton_sym(&r, 1);
    TH_CHECK(t, ssvm_online_round(&o, x, &y, NULL, &info) == SSVM_OK);
    ssvm_linear_scores(3, 4, W0, x, th);
    w = ton_work(&p.loss, &wb);
    L = ton_loss(&p.loss, th, &y, w, wb, g);
    TH_NEAR(t, info.surrogate, L, tol);
    TH_NEAR(t, info.eta, 0.3, 1e-15);
    for (k = 0; k < 3; k++) for (i = 0; i < 4; i++) TH_NEAR(t, o.W[k * 4 + i], (double)W0[k * 4 + i] - 0.3 * (double)g[k] * (double)x[i], tol);
    free(w);
    ssvm_online_uninit(&o);
    /* the Frobenius ball of diameter D */
    p.eta = 50; p.diameter = 1;
    TH_CHECK(t, ssvm_online_init(&p, &o) == SSVM_OK);
    for (tt = 0; tt < 50; tt++) {
        double n2 = 0;
        y = tt % 3;
        TH_CHECK(t, ssvm_online_round(&o, x, &y, NULL, NULL) == SSVM_OK);
        for (i = 0; i < 12; i++) n2 += (double)o.W[i] * (double)o.W[i];
        TH_CHECK(t, sqrt(n2) <= 0.5 * (1 + 1e-6));
        x[tt % 4] = (ssvm_real)-x[tt % 4];
    }
    ssvm_online_uninit(&o);
    /* a user projection replaces the ball */
    p.project = ton_box_proj; ton_proj_calls = 0;
    TH_CHECK(t, ssvm_online_init(&p, &o) == SSVM_OK);
    for (tt = 0; tt < 20; tt++) {
        y = tt % 3;
        TH_CHECK(t, ssvm_online_round(&o, x, &y, NULL, NULL) == SSVM_OK);
        for (i = 0; i < 12; i++) TH_CHECK(t, fabs((double)o.W[i]) <= 0.1 + 1e-7);
    }
    TH_CHECK(t, ton_proj_calls == 20);
    ssvm_online_uninit(&o);
    /* AdaGrad: eta_t = D / sqrt(2 sum_s |G_s|^2) */
    p.project = NULL; p.rate = SSVM_RATE_ADAGRAD; p.diameter = 20;
    TH_CHECK(t, ssvm_online_init(&p, &o) == SSVM_OK);
    {
        double sum = 0;
        for (tt = 0; tt < 30; tt++) {
            y = tt % 3;
            TH_CHECK(t, ssvm_online_round(&o, x, &y, NULL, &info) == SSVM_OK);
            sum += info.grad_norm2;
            if (info.grad_norm2 > 0) TH_NEAR(t, info.eta, 20 / sqrt(2 * sum), 1e-12);
        }
    }
    ssvm_online_uninit(&o);
}

static void test_online_determinism_and_reset(th_ctx *t) {
    ssvm_online_config p = ssvm_online_config_init(SSVM_SMOOTH_HINGE, 5, 4);
    ssvm_online a, b, c;
    ton_stream s1, s2, s3;
    int tt, same = 1, diff = 0, y[8], ya, yb, yc, i;
    p.seed = 42;
    TH_CHECK(t, ssvm_online_init(&p, &a) == SSVM_OK);
    TH_CHECK(t, ssvm_online_init(&p, &b) == SSVM_OK);
    p.seed = 43;
    TH_CHECK(t, ssvm_online_init(&p, &c) == SSVM_OK);
    ton_stream_init(&s1, 5, 4, 100, 9); ton_stream_init(&s2, 5, 4, 100, 9); ton_stream_init(&s3, 5, 4, 100, 9);
    for (tt = 0; tt < 300; tt++) {
        ssvm_real x[4];
        ton_stream_next(&s1, tt, x, y, 0); ssvm_online_round(&a, x, y, &ya, NULL);
        ton_stream_next(&s2, tt, x, y, 0); ssvm_online_round(&b, x, y, &yb, NULL);
        ton_stream_next(&s3, tt, x, y, 0); ssvm_online_round(&c, x, y, &yc, NULL);
        same &= ya == yb; diff += ya != yc;
    }
    TH_CHECK(t, same);
    TH_CHECK(t, memcmp(a.W, b.W, sizeof(ssvm_real) * 20) == 0);
    TH_CHECK(t, diff > 0);
    TH_CHECK(t, a.rounds == 300 && a.cum_target == b.cum_target);
    /* reset: the same run again */
    ssvm_online_reset(&b);
    for (i = 0; i < 20; i++) TH_CHECK(t, b.W[i] == 0);
    ton_stream_init(&s2, 5, 4, 100, 9);
    for (tt = 0; tt < 300; tt++) { ssvm_real x[4]; ton_stream_next(&s2, tt, x, y, 0); ssvm_online_round(&b, x, y, &yb, NULL); }
    TH_CHECK(t, memcmp(a.W, b.W, sizeof(ssvm_real) * 20) == 0);
    ssvm_online_uninit(&a); ssvm_online_uninit(&b); ssvm_online_uninit(&c);
}

static void test_online_bad_input(th_ctx *t) {
    ssvm_online_config p = ssvm_online_config_init(SSVM_SMOOTH_HINGE, 3, 2);
    ssvm_online o;
    ssvm_real x[2] = {1, 0};
    int y = 1;
    size_t b;
    TH_CHECK(t, ssvm_online_init(&p, NULL) == SSVM_ERR_INVALID_ARG);
    TH_CHECK(t, ssvm_online_init(NULL, &o) == SSVM_ERR_INVALID_ARG);
    p.n_features = 0; TH_CHECK(t, ssvm_online_init(&p, &o) == SSVM_ERR_EMPTY); p.n_features = 2;
    p.loss.n = 1; TH_CHECK(t, ssvm_online_init(&p, &o) == SSVM_ERR_EMPTY); p.loss.n = 3;
    p.loss.binary = 1; TH_CHECK(t, ssvm_online_init(&p, &o) == SSVM_ERR_INVALID_ARG); p.loss.binary = 0;
    p.rate = SSVM_RATE_ADAGRAD; TH_CHECK(t, ssvm_online_init(&p, &o) == SSVM_ERR_INVALID_ARG); p.rate = SSVM_RATE_POLYAK;
    p.eta = -1; TH_CHECK(t, ssvm_online_init(&p, &o) == SSVM_ERR_INVALID_ARG); p.eta = 0;
    p.alpha = 1; TH_CHECK(t, ssvm_online_init(&p, &o) == SSVM_ERR_INVALID_ARG); p.alpha = 0;
    p.loss.decoding = SSVM_DECODE_FY; TH_CHECK(t, ssvm_online_init(&p, &o) == SSVM_ERR_NOT_SUPPORTED);
    p.loss.decoding = SSVM_DECODE_ARGMAX; /* no gap: Polyak would freeze */
    TH_CHECK(t, ssvm_online_init(&p, &o) == SSVM_ERR_NOT_SUPPORTED);
    p.eta_min = 0.01; TH_CHECK(t, ssvm_online_init(&p, &o) == SSVM_OK); ssvm_online_uninit(&o);
    p.eta_min = 0; p.loss.decoding = SSVM_DECODE_AUTO;
    p.loss.kind = SSVM_LOGISTIC; p.loss.base = 1; TH_CHECK(t, ssvm_online_init(&p, &o) == SSVM_ERR_INVALID_ARG);
    p.loss.base = 2; p.loss.kind = SSVM_SPARSEMAP; p.loss.lambda = 0; TH_CHECK(t, ssvm_online_init(&p, &o) == SSVM_ERR_LAMBDA);
    p.loss.lambda = 1; p.rate = SSVM_RATE_CONSTANT; /* lambda = 1, K = 3: alpha = 0 and no eta */
    TH_CHECK(t, ssvm_online_init(&p, &o) == SSVM_ERR_NOT_SUPPORTED);
    p.loss.kind = SSVM_FY_GENERIC; TH_CHECK(t, ssvm_online_init(&p, &o) == SSVM_ERR_NULL_CALLBACK);
    p = ssvm_online_config_init(SSVM_SMOOTH_HINGE, 3, 2);
    TH_CHECK(t, ssvm_online_get_heap_size(&p, NULL) == SSVM_ERR_INVALID_ARG);
    TH_CHECK(t, ssvm_online_get_heap_size(&p, &b) == SSVM_OK && b > 0);
    TH_CHECK(t, ssvm_online_init(&p, &o) == SSVM_OK);
    TH_CHECK(t, ssvm_online_update(&o, &y, NULL) == SSVM_ERR_INVALID_ARG); /* no prediction yet */
    y = 3; TH_CHECK(t, ssvm_online_round(&o, x, &y, NULL, NULL) == SSVM_ERR_LABEL);
    y = -1; TH_CHECK(t, ssvm_online_round(&o, x, &y, NULL, NULL) == SSVM_ERR_LABEL);
    y = 0;
    x[1] = (ssvm_real)(0.0 / (x[1] * 0)); /* NaN */
    TH_CHECK(t, ssvm_online_round(&o, x, &y, NULL, NULL) == SSVM_ERR_NONFINITE);
    x[1] = 0;
    TH_CHECK(t, ssvm_online_round(&o, x, &y, NULL, NULL) == SSVM_OK);
    ssvm_online_uninit(&o);
    ssvm_online_uninit(&o); /* twice is harmless */
    { /* decode / loss / target bad input */
        ssvm_surrogate s = ssvm_surrogate_config_init(SSVM_SMOOTH_HINGE, 3);
        ssvm_real th[3] = {0, 1, 2};
        ssvm_dist dist;
        double v;
        size_t wb = 0;
        void *w;
        int yy = 0, yh = 5;
        TH_CHECK(t, ssvm_decode_get_work_size(&s, NULL) == SSVM_ERR_INVALID_ARG);
        TH_CHECK(t, ssvm_decode_get_work_size(&s, &wb) == SSVM_OK && wb > 0);
        w = malloc(wb);
        TH_CHECK(t, ssvm_decode(&s, th, w, wb - 1, &dist) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_decode(&s, th, NULL, wb, &dist) == SSVM_ERR_INVALID_ARG);
        TH_CHECK(t, ssvm_decode(&s, th, w, wb, &dist) == SSVM_OK);
        TH_CHECK(t, ssvm_dist_sample(&dist, 1.0, &yy) == SSVM_ERR_INVALID_ARG);
        TH_CHECK(t, ssvm_target_loss(&s, &yh, &yy, &v) == SSVM_ERR_LABEL);
        yy = 7; TH_CHECK(t, ssvm_surrogate_loss(&s, th, &yy, w, wb, &v, NULL) == SSVM_ERR_LABEL);
        th[0] = (ssvm_real)(1 / (th[0] * 0 + 0.0 * th[1])); /* inf or NaN */
        yy = 0; TH_CHECK(t, ssvm_surrogate_loss(&s, th, &yy, w, wb, &v, NULL) == SSVM_ERR_NONFINITE);
        s.kind = SSVM_CONV_FY_NDCG;
        { ssvm_real rw[3] = {1, 2, 0}; s.rank_weights = rw; TH_CHECK(t, ssvm_surrogate_check(&s) == SSVM_ERR_INVALID_ARG); }
        free(w);
        /* sizes: (d + 2) d ints of multilabel support overflow a 32-bit size_t; beyond 2^20 is refused */
        s = ssvm_surrogate_config_init(SSVM_SPARSEMAP_MULTILABEL, 1 << 20);
        wb = 1;
        if (sizeof(size_t) < 8) TH_CHECK(t, ssvm_decode_get_work_size(&s, &wb) == SSVM_ERR_OVERFLOW && wb == 0);
        else TH_CHECK(t, ssvm_decode_get_work_size(&s, &wb) == SSVM_OK && (double)wb > 4398046511104.0 /* 2^42 */);
        s.n = (1 << 20) + 1;
        wb = 1;
        TH_CHECK(t, ssvm_surrogate_check(&s) == SSVM_ERR_OVERFLOW);
        TH_CHECK(t, ssvm_decode_get_work_size(&s, &wb) == SSVM_ERR_OVERFLOW && wb == 0);
    }
}

/* preallocated: the exact size at an unaligned address works; one byte less does not */
static void test_online_preallocated_heap(th_ctx *t) {
    ssvm_online_config p = ssvm_online_config_init(SSVM_CONV_FY_NDCG, 5, 3);
    ssvm_online o;
    size_t need;
    unsigned char *mem;
    ssvm_real x[3] = {(ssvm_real)0.6, (ssvm_real)0.0, (ssvm_real)0.8};
    int y[5] = {1, 0, 2, 0, 0}, yh[5], tt;
    TH_CHECK(t, ssvm_online_get_heap_size(&p, &need) == SSVM_OK);
    mem = (unsigned char *)malloc(need + 1);
    TH_CHECK(t, ssvm_online_init_preallocated(&p, mem + 1, need - 1, &o) == SSVM_ERR_WORKSPACE);
    TH_CHECK(t, ssvm_online_init_preallocated(&p, mem + 1, need, &o) == SSVM_OK);
    for (tt = 0; tt < 20; tt++) TH_CHECK(t, ssvm_online_round(&o, x, y, yh, NULL) == SSVM_OK);
    TH_CHECK(t, ssvm__is_perm(5, yh));
    ssvm_online_uninit(&o); /* does not free a caller's heap */
    free(mem);
}

/* sampling follows the probabilities */
static void test_online_dist_sampling(th_ctx *t) {
    ssvm_surrogate s = ssvm_surrogate_config_init(SSVM_SMOOTH_HINGE, 4);
    ssvm_real th[4] = {(ssvm_real)0.3, (ssvm_real)0.1, (ssvm_real)-0.2, (ssvm_real)0.25};
    size_t wb;
    void *w = ton_work(&s, &wb);
    ssvm_dist dist;
    int cnt[4] = {0, 0, 0, 0}, i, k, y, N = 40000;
    ton_rng r = {1};
    TH_CHECK(t, ssvm_decode(&s, th, w, wb, &dist) == SSVM_OK);
    TH_CHECK(t, dist.n == 4);
    for (i = 0; i < N; i++) { ssvm_dist_sample(&dist, ton_u(&r), &y); cnt[y]++; }
    for (k = 0; k < dist.n; k++) {
        double pk = dist.prob[k], f = (double)cnt[dist.labels[k]] / N;
        TH_CHECKF(t, fabs(f - pk) <= 4 * sqrt(pk * (1 - pk) / N) + 1e-9, "class %d: %g vs %g", dist.labels[k], f, pk);
    }
    /* gamma = (1 - m*)^2 with m* = 0.05: argmax class 0 gets 1 - gamma + gamma/4 */
    TH_NEAR(t, dist.prob[dist.mode], 1 - 0.9025 * 0.75, TON_FLOAT ? 1e-6 : 1e-12);
    free(w);
}

/* the portable exp/log/sqrt used under STRUCTSVM_FREESTANDING */
static void test_online_portable_math(th_ctx *t) {
    ton_rng r = {3};
    int i;
    double worst = 0;
    for (i = 0; i < 20000; i++) {
        double x = ton_sym(&r, 700), a = ssvm__exp_portable(x), b = exp(x), e = fabs(a - b) / b;
        double y = exp(ton_sym(&r, 700)), c = ssvm__log_portable(y), d = log(y), f = fabs(c - d) / (fabs(d) > 1 ? fabs(d) : 1);
        double g = ssvm__sqrt_portable(y), h = sqrt(y), q = fabs(g - h) / h;
        if (e > worst) worst = e;
        if (f > worst) worst = f;
        if (q > worst) worst = q;
    }
    TH_CHECKF(t, worst < 1e-14, "worst relative error %g", worst);
    TH_CHECK(t, ssvm__exp_portable(-800) == 0 && ssvm__exp_portable(0) == 1);
    TH_CHECK(t, ssvm__log_portable(1) == 0 && ssvm__sqrt_portable(4) == 2 && ssvm__sqrt_portable(0) == 0);
}

/* ssvm_project_simplex ends on every input: values within an ulp of the threshold made 0.13's Michelot loop swap
   one value in and out of the active set for ever (the vector below; ssvm_project_birkhoff, which calls it per row
   and column, hung the dual extragradient on CMU house). Then 100,000 vectors built the same way (a max and values
   near -1, -1/2, -1/3, a few ulps apart) against the sort-based projection (Held, Wolfe, Crowder 1974). */
/* the projection and the SparseMAP decoding of finite vectors whose spread overflows a sum (the max-shifted values
   were summed all at once: -inf, tau -inf, the output inf / NaN with SSVM_OK) */
static void test_online_simplex_wide(th_ctx *t) {
    const double big = TON_FLOAT ? 3e38 : 1e308;
    ssvm_real v[4], o[4];
    int i;
    v[0] = (ssvm_real)-1; v[1] = (ssvm_real)big; v[2] = (ssvm_real)-big; v[3] = (ssvm_real)0.5;
    TH_CHECK(t, ssvm_project_simplex(4, v, o) == SSVM_OK);
    for (i = 0; i < 4; i++) TH_CHECKF(t, o[i] == (i == 1 ? 1 : 0), "out[%d] = %g", i, (double)o[i]);
    {
        ssvm_surrogate s = ssvm_surrogate_config_init(SSVM_SPARSEMAP, 4);
        size_t wb;
        void *w = ton_work(&s, &wb);
        ssvm_dist dist;
        double e = -1;
        int y = 1;
        v[1] = (ssvm_real)(big / 2); v[2] = (ssvm_real)(-big / 2); /* theta / lambda, lambda = 1 */
        TH_CHECK(t, w && ssvm_decode(&s, v, w, wb, &dist) == SSVM_OK);
        TH_CHECK(t, ssvm_dist_expected_loss(&s, &dist, &y, &e) == SSVM_OK && e == 0);
        free(w);
    }
}
static void test_online_simplex_rounding(th_ctx *t) {
    static const double hang[6] = {-3.3306690738754696e-15, -0.33333333333333776, -0.50000000000000244,
                                   -0.33333333333333598, -1.0000000000000062, -0.33333333333333287};
    const double bases[3] = {-1.0, -0.5, -1.0 / 3};
    unsigned long long st = 88172645463325252ULL;
    ssvm_real v[8], o[8];
    double worst = 0, sum;
    int i, k, d, cases;
    for (i = 0; i < 6; i++) v[i] = (ssvm_real)hang[i];
    TH_CHECK(t, ssvm_project_simplex(6, v, o) == SSVM_OK);
    for (sum = 0, i = 0; i < 6; i++) { TH_CHECK(t, o[i] >= 0); sum += (double)o[i]; }
    TH_NEAR(t, sum, 1, 1e-6);
    for (cases = 0; cases < 100000; cases++) {
        double srt[8], cum = 0, tau = 0;
        d = 3 + (int)(st % 5);
        for (i = 0; i < d; i++) {
            st ^= st << 13; st ^= st >> 7; st ^= st << 17;
            v[i] = (ssvm_real)((i == 0 ? 0.0 : bases[(st >> 8) % 3]) +
                               (double)((long long)((st >> 20) % 64) - 32) * ldexp(1, -52 + (int)(st % 5)));
        }
        if (ssvm_project_simplex(d, v, o) != SSVM_OK) { TH_CHECK(t, 0); return; }
        for (i = 0; i < d; i++) srt[i] = (double)v[i];
        for (i = 1; i < d; i++) for (k = i; k > 0 && srt[k] > srt[k - 1]; k--) { double x = srt[k]; srt[k] = srt[k - 1]; srt[k - 1] = x; }
        for (i = 0; i < d; i++) { cum += srt[i]; if (srt[i] - (cum - 1) / (i + 1) > 0) tau = (cum - 1) / (i + 1); }
        for (i = 0; i < d; i++) {
            double ref = (double)v[i] - tau > 0 ? (double)v[i] - tau : 0, e = fabs((double)o[i] - ref);
            if (e > worst) worst = e;
        }
    }
    TH_CHECKF(t, worst <= (sizeof(ssvm_real) < sizeof(double) ? 1e-6 : 1e-12), "worst error %g", worst);
}

/* sparsemax, SparseMAP and the multilabel loss keep their precision for large finite scores */
static void test_online_simplex_large_values(th_ctx *t) {
    ssvm_real v[3] = {(ssvm_real)1e17, 0, (ssvm_real)-3e17}, o[3];
    TH_CHECK(t, ssvm_project_simplex(3, v, o) == SSVM_OK);
    TH_CHECKF(t, o[0] == 1 && o[1] == 0 && o[2] == 0, "(%g %g %g)", (double)o[0], (double)o[1], (double)o[2]);
    v[0] = (ssvm_real)1e30; v[1] = (ssvm_real)1e30;
    TH_CHECK(t, ssvm_project_simplex(3, v, o) == SSVM_OK);
    TH_CHECKF(t, o[0] == (ssvm_real)0.5 && o[1] == (ssvm_real)0.5 && o[2] == 0, "(%g %g %g)", (double)o[0], (double)o[1], (double)o[2]);
    { /* theta / lambda = 1e17: mu = e_0, L(theta, 1) = <theta, mu - e_1> = 1e5, gradient mu - e_1 */
        ssvm_surrogate s = ssvm_surrogate_config_init(SSVM_SPARSEMAP, 3);
        ssvm_real th[3] = {(ssvm_real)1e5, 0, 0}, g[3] = {0, 0, 0};
        size_t wb;
        void *w;
        ssvm_dist d;
        double L = -1;
        int y = 1;
        s.lambda = 1e-12;
        w = ton_work(&s, &wb);
        TH_CHECK(t, ssvm_decode(&s, th, w, wb, &d) == SSVM_OK && d.n == 1 && d.labels[0] == 0);
        TH_CHECK(t, ssvm_surrogate_loss(&s, th, &y, w, wb, &L, g) == SSVM_OK);
        TH_NEAR(t, L, 1e5, 1e-9);
        TH_CHECK(t, g[0] == 1 && g[1] == -1 && g[2] == 0);
        free(w);
    }
    { /* multilabel: mu = (1, 0), y = (0, 1): L = <theta, mu - y> = 2e5 */
        ssvm_surrogate s = ssvm_surrogate_config_init(SSVM_SPARSEMAP_MULTILABEL, 2);
        ssvm_real th[2] = {(ssvm_real)1e5, (ssvm_real)-1e5};
        size_t wb;
        void *w;
        double L = -1;
        int y[2] = {0, 1};
        s.lambda = 1e-12;
        w = ton_work(&s, &wb);
        TH_CHECK(t, ssvm_surrogate_loss(&s, th, y, w, wb, &L, NULL) == SSVM_OK);
        TH_NEAR(t, L, 2e5, 1e-9);
        free(w);
    }
}

/* a failed ssvm_online_predict (NaN in x) must not leave the previous round pending: its x was half overwritten */
static void test_online_failed_predict_clears_pending(th_ctx *t) {
    ssvm_online_config p = ssvm_online_config_init(SSVM_SMOOTH_HINGE, 3, 2);
    ssvm_online o;
    ssvm_real x1[2] = {1, 0}, x2[2] = {(ssvm_real)0.5, 0};
    int y = 1;
    x2[1] = (ssvm_real)(0.0 / (x2[1] * 0)); /* NaN */
    TH_CHECK(t, ssvm_online_init(&p, &o) == SSVM_OK);
    TH_CHECK(t, ssvm_online_predict(&o, x1, NULL) == SSVM_OK);
    TH_CHECK(t, ssvm_online_predict(&o, x2, NULL) == SSVM_ERR_NONFINITE);
    TH_CHECK(t, ssvm_online_update(&o, &y, NULL) == SSVM_ERR_INVALID_ARG);
    TH_CHECK(t, o.W[0] == 0 && o.W[1] == 0 && o.rounds == 0);
    TH_CHECK(t, ssvm_online_predict(&o, x1, NULL) == SSVM_OK);
    TH_CHECK(t, ssvm_online_update(&o, &y, NULL) == SSVM_OK && o.rounds == 1);
    ssvm_online_uninit(&o);
}

/* the portable log and sqrt up to DBL_MAX (they returned x itself above 1e308) */
static void test_online_portable_math_large(th_ctx *t) {
    double xs[3] = {1e308, 1.5e308, 1.7976931348623157e308};
    volatile double big = 1e300;
    double inf = big * big;
    int i;
    for (i = 0; i < 3; i++) {
        TH_NEAR(t, ssvm__log_portable(xs[i]), log(xs[i]), 1e-15);
        TH_NEAR(t, ssvm__sqrt_portable(xs[i]), sqrt(xs[i]), 1e-15);
    }
    TH_CHECK(t, ssvm__log_portable(inf) == inf && ssvm__sqrt_portable(inf) == inf);
}


/* SparseMAP with a finite theta whose theta/lambda overflows: an error code, not a NaN distribution */
static void test_online_sparsemap_overflow(th_ctx *t) {
    ssvm_surrogate s = ssvm_surrogate_config_init(SSVM_SPARSEMAP, 3);
    ssvm_real theta[3], grad[3];
    ssvm_dist dist;
    int y = 0;
    double L;
    size_t wb;
    void *work;
    s.lambda = 1e-300; /* 1e38 / 1e-300 overflows double, in float and double builds alike */
    theta[0] = (ssvm_real)1e38; theta[1] = 0; theta[2] = 0;
    TH_CHECK(t, ssvm_decode_get_work_size(&s, &wb) == SSVM_OK);
    work = malloc(wb);
    TH_CHECK(t, ssvm_decode(&s, theta, work, wb, &dist) == SSVM_ERR_NONFINITE);
    TH_CHECK(t, ssvm_surrogate_loss(&s, theta, &y, work, wb, &L, grad) == SSVM_ERR_NONFINITE);
    theta[0] = 1; /* and a sane theta still works */
    TH_CHECK(t, ssvm_decode(&s, theta, work, wb, &dist) == SSVM_OK);
    free(work);
}

/* OGD's projection (6) onto the Frobenius ball when |W - eta G|^2 overflows (a finite eta accepted at init, or
   |x| ~ 1e160): the point of norm D/2 in the direction of W - eta G (it was scaled by R / sqrt(inf) = 0: W = 0 with
   SSVM_OK). Smooth hinge, three classes, |x| = 1, W_1 = 0: W_2 = -G_1 / |G_1|. */
static void test_online_ball_overflow(th_ctx *t) {
    int k, y = 1, yhat;
    double n2 = 0;
    ssvm_real x[2] = {(ssvm_real)0.6, (ssvm_real)0.8};
    ssvm_online_config q = ssvm_online_config_init(SSVM_SMOOTH_HINGE, 3, 2);
    ssvm_online o;
    ssvm_online_info info;
    q.rate = SSVM_RATE_CONSTANT;
    q.eta = TON_FLOAT ? 1e25 : 1e200; /* |eta G|^2 past ssvm_real's range, eta G within it */
    q.diameter = 2;
    TH_CHECK(t, ssvm_online_init(&q, &o) == SSVM_OK);
    TH_CHECK(t, ssvm_online_round(&o, x, &y, &yhat, &info) == SSVM_OK);
    for (k = 0; k < o.d * o.F; k++) n2 += (double)o.W[k] * (double)o.W[k];
    TH_NEAR(t, sqrt(n2), 1.0, TON_FLOAT ? 1e-5 : 1e-12);
    ssvm_online_uninit(&o);
}

void suite_online(th_ctx *t) {
    TH_RUN(t, test_online_ball_overflow);
    TH_RUN(t, test_online_hungarian_brute_force);
    TH_RUN(t, test_online_sparsemap_overflow);
    TH_RUN(t, test_online_hungarian_bad_input);
    TH_RUN(t, test_online_projections_brute_force);
    TH_RUN(t, test_online_gradients_finite_differences);
    TH_RUN(t, test_online_generic_fy_matches_logistic);
    TH_RUN(t, test_online_fy_nonnegative_and_zero);
    TH_RUN(t, test_online_surrogate_gap);
    TH_RUN(t, test_online_ndcg_target_brute_force);
    TH_RUN(t, test_online_lemma43_identity);
    TH_RUN(t, test_online_fw_support_cap);
    TH_RUN(t, test_online_polyak_satisfies_9);
    TH_RUN(t, test_online_theorem34_bound);
    TH_RUN(t, test_online_ogd_steps_and_projections);
    TH_RUN(t, test_online_determinism_and_reset);
    TH_RUN(t, test_online_bad_input);
    TH_RUN(t, test_online_preallocated_heap);
    TH_RUN(t, test_online_dist_sampling);
    TH_RUN(t, test_online_portable_math);
    TH_RUN(t, test_online_simplex_rounding);
    TH_RUN(t, test_online_simplex_wide);
    TH_RUN(t, test_online_simplex_large_values);
    TH_RUN(t, test_online_failed_predict_clears_pending);
    TH_RUN(t, test_online_portable_math_large);
}
