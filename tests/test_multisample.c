/* tests/test_multisample.c: the online multi-sample solver (Branson et al. 2013).
   k-best Viterbi and the samplers against enumeration; every expand/swap move against a fine grid of its
   one-dimensional dual problem; the multiclass update (Algorithm 2, corrected) against a brute-force QP;
   Lemmas 2.2 and 2.3 step by step; Theorem 2.1.1 (regret) and 2.1.3 (averaged iterate) on synthetic data;
   K = 1 against Pegasos (the library's SSG) and against the single-sample dual update; the violator cache;
   bad input; determinism; stopping rules. One translation unit of the test program (suite_multisample). */
#include "../structsvm.h"
#include "harness.h"
#include "tchain.h"
#include "internals.h" /* ssvm__* internals, through tests/impl.c */

/* the RNG and the random chain data come from tests/tchain.h (shared with tests/test_core.c) */
typedef trng tms_rng;
#define tms_u trng_u
#define tms_i trng_i
static double tms_gauss(tms_rng *r) { /* sum of 4 uniforms, unit-ish variance */
    return (tms_u(r) + tms_u(r) + tms_u(r) + tms_u(r) - 2.0) * 1.7320508075688772;
}

/* ------------------------------------------------------------------ a generic toy problem: M labels per
   example with arbitrary random feature vectors phi(x_i, y) in R^d and random losses (no structure). */
#define TMS_TOY_MAXN 40
#define TMS_TOY_MAXM 7
#define TMS_TOY_MAXD 9
typedef struct tms_toy {
    int n, M, d;
    ssvm_real phi[TMS_TOY_MAXN * TMS_TOY_MAXM * TMS_TOY_MAXD];
    ssvm_real loss[TMS_TOY_MAXN * TMS_TOY_MAXM];
    int truth[TMS_TOY_MAXN];
    ssvm_problem p;
} tms_toy;
static int tms_toy_truth(void *u, int i, int *y) { *y = ((tms_toy *)u)->truth[i]; return 1; }
static int tms_toy_phi(void *u, int i, const int *y, int len, ssvm_real sc, ssvm_svec *out) {
    tms_toy *c = (tms_toy *)u;
    if (len != 1 || *y < 0 || *y >= c->M) return SSVM_ERR_LABEL;
    ssvm_svec_add_dense(out, 0, c->phi + ((size_t)i * c->M + *y) * c->d, c->d, sc);
    return out->err;
}
static double tms_toy_score(const tms_toy *c, int i, int y, const ssvm_real *w, double ws) {
    double s = 0;
    int j;
    for (j = 0; j < c->d; j++) s += (double)w[j] * (double)c->phi[((size_t)i * c->M + y) * c->d + j];
    return ws * s;
}
static int tms_toy_oracle(void *u, int i, const ssvm_real *w, double ws, int *y, ssvm_real *delta) {
    tms_toy *c = (tms_toy *)u;
    int k, b = 0;
    double bv = 0;
    for (k = 0; k < c->M; k++) {
        double v = (double)c->loss[i * c->M + k] + tms_toy_score(c, i, k, w, ws);
        if (k == 0 || v > bv) { bv = v; b = k; }
    }
    *y = b; *delta = c->loss[i * c->M + b];
    return 1;
}
static int tms_toy_decode(void *u, int i, const ssvm_real *w, int *y) {
    tms_toy *c = (tms_toy *)u;
    int k, b = 0;
    double bv = 0;
    for (k = 0; k < c->M; k++) {
        double v = tms_toy_score(c, i, k, w, 1);
        if (k == 0 || v > bv) { bv = v; b = k; }
    }
    *y = b;
    return 1;
}
static int tms_toy_loss(void *u, int i, const int *y, int len, ssvm_real *delta) {
    tms_toy *c = (tms_toy *)u;
    if (len != 1 || *y < 0 || *y >= c->M) return SSVM_ERR_LABEL;
    *delta = c->loss[i * c->M + *y];
    return 0;
}
/* a user sampler: the k best loss-augmented labels other than y_i (scaled weights) */
static int tms_toy_sample(void *u, int i, const ssvm_real *w, double ws, int k_max, void *work, int *ys, int stride,
                          int *lens, ssvm_real *deltas) {
    tms_toy *c = (tms_toy *)u;
    unsigned char taken[TMS_TOY_MAXM];
    int r, k, out = 0;
    (void)work;
    memset(taken, 0, sizeof taken);
    taken[c->truth[i]] = 1;
    for (r = 0; r < k_max; r++) {
        int b = -1;
        double bv = 0;
        for (k = 0; k < c->M; k++) {
            double v;
            if (taken[k]) continue;
            v = (double)c->loss[i * c->M + k] + tms_toy_score(c, i, k, w, ws);
            if (b < 0 || v > bv) { bv = v; b = k; }
        }
        if (b < 0) break;
        taken[b] = 1;
        ys[out * stride] = b; lens[out] = 1; deltas[out] = c->loss[i * c->M + b];
        out++;
    }
    return out;
}
static void tms_toy_make(tms_toy *c, tms_rng *r, int n, int M, int d, double scale) {
    int i, y, j;
    memset(c, 0, sizeof *c);
    c->n = n; c->M = M; c->d = d;
    for (i = 0; i < n; i++) {
        c->truth[i] = tms_i(r, M);
        for (y = 0; y < M; y++) {
            c->loss[i * M + y] = (ssvm_real)(y == c->truth[i] ? 0.0 : 0.1 + 0.9 * tms_u(r));
            for (j = 0; j < d; j++) c->phi[((size_t)i * M + y) * d + j] = (ssvm_real)(scale * (tms_u(r) * 2 - 1));
        }
    }
    c->p = ssvm_problem_config_init(n, d, 1);
    c->p.user = c;
    c->p.truth = tms_toy_truth; c->p.phi = tms_toy_phi; c->p.oracle = tms_toy_oracle;
    c->p.decode = tms_toy_decode; c->p.loss = tms_toy_loss;
}
static void tms_toy_sampler(tms_toy *c, ssvm_ms_sampler *s) {
    memset(s, 0, sizeof *s);
    s->sample = tms_toy_sample; s->user = c;
}

/* ------------------------------------------------------------------ small multiclass and chain data */
#define TMS_MC_MAXN 4000
typedef struct tms_mc {
    ssvm_multiclass_config cfg; ssvm_multiclass m; ssvm_real x[TMS_MC_MAXN * 6]; int lab[TMS_MC_MAXN]; ssvm_real cost[36];
    ssvm_problem p;
} tms_mc;
/* K blobs: x = e_{y mod (F-1)} * sep + noise, last attribute 1 (a bias) */
static void tms_mc_make(tms_mc *d, unsigned long long seed, int n, int K, int F, double sep, double noise, int costs) {
    tms_rng r;
    int i, j;
    r.s = seed;
    memset(d, 0, sizeof *d);
    for (i = 0; i < n; i++) {
        d->lab[i] = tms_i(&r, K);
        for (j = 0; j < F - 1; j++)
            d->x[i * F + j] = (ssvm_real)((j == d->lab[i] % (F - 1) ? sep : 0.0) + noise * tms_gauss(&r));
        d->x[i * F + F - 1] = 1;
    }
    for (i = 0; i < K; i++) for (j = 0; j < K; j++) d->cost[i * K + j] = (ssvm_real)(i == j ? 0 : 0.2 + 0.8 * tms_u(&r));
    d->cfg = ssvm_multiclass_config_init(n, K, F, d->x, d->lab);
    if (costs) d->cfg.cost = d->cost;
    ssvm_multiclass_init(&d->cfg, &d->m);
    ssvm_multiclass_problem(&d->m, &d->p);
}

typedef tchain tms_ch;
static void tms_ch_make(tms_ch *c, tms_rng *r, int n, int K, int F, int flags, int sparse) {
    tchain_make(c, r, n, K, F, flags, sparse);
    tchain_problem(c, &c->p);
}

/* dense v(X_i, y) = phi(x_i, y) - phi(x_i, y_i) through the problem's callbacks */
static void tms_dense_v(const ssvm_problem *p, ssvm_svec *sv, int i, const int *y, int len, double *out) {
    int yt[16], tl, k;
    tl = p->truth(p->user, i, yt);
    ssvm_svec_clear(sv);
    p->phi(p->user, i, y, len, 1, sv);
    p->phi(p->user, i, yt, tl, -1, sv);
    for (k = 0; k < p->d; k++) out[k] = 0;
    for (k = 0; k < sv->nnz; k++) out[sv->idx[k]] = (double)sv->val[sv->idx[k]];
}
static double tms_dot(int d, const double *a, const double *b) {
    double s = 0;
    int k;
    for (k = 0; k < d; k++) s += a[k] * b[k];
    return s;
}
static ssvm_svec *tms_svec(int d, void **mem) {
    ssvm_svec *v = (ssvm_svec *)malloc(sizeof *v);
    size_t bytes = 0;
    ssvm_svec_get_heap_size(d, &bytes);
    *mem = malloc(bytes);
    ssvm_svec_init_preallocated(d, *mem, bytes, v);
    return v;
}
static void tms_weights(ssvm_solver *s, double *out) {
    const ssvm_problem *prob = ssvm_solver_config_of(s)->problem; /* NULL after a failed init */
    size_t d = prob ? (size_t)prob->d : 0;
    ssvm_real *w = (ssvm_real *)malloc(sizeof(ssvm_real) * d);
    size_t j;
    ssvm_solver_weights(s, SSVM_W_ITERATE, w, sizeof(ssvm_real) * d);
    for (j = 0; j < d; j++) out[j] = (double)w[j];
    free(w);
}
/* max_y Delta(y_i, y) + <w, v(X_i, y)> by enumeration over the toy's labels (>= 0: y = y_i gives 0) */
static double tms_toy_hinge(const tms_toy *c, int i, const double *w) {
    int y, j;
    double best = 0;
    for (y = 0; y < c->M; y++) {
        double h = (double)c->loss[i * c->M + y];
        for (j = 0; j < c->d; j++)
            h += w[j] * ((double)c->phi[((size_t)i * c->M + y) * c->d + j] - (double)c->phi[((size_t)i * c->M + c->truth[i]) * c->d + j]);
        if (h > best) best = h;
    }
    return best;
}

/* ================================================================== k-best Viterbi */
/* enumerate all K^L sequences; sort by score descending (stable on the enumeration code) */
typedef struct tms_path { double score; int y[5]; } tms_path;
static int tms_path_cmp(const void *a, const void *b) {
    double x = ((const tms_path *)a)->score, y = ((const tms_path *)b)->score;
    return x < y ? 1 : (x > y ? -1 : 0);
}
static double tms_seq_score(int L, int K, const ssvm_real *un, const ssvm_real *tr, const int *y) {
    double s = (double)un[y[0]];
    int t;
    for (t = 1; t < L; t++) s += (double)tr[y[t - 1] + K * y[t]] + (double)un[t * K + y[t]];
    return s;
}
static void test_multisample_kbest_viterbi_brute_force(th_ctx *t) {
    tms_rng r = {2024};
    int trial, checked = 0;
    double tol = IS_FLOAT_BUILD ? 1e-5 : 1e-12;
    for (trial = 0; trial < 300; trial++) {
        int L = 1 + tms_i(&r, 5), K = 1 + tms_i(&r, 4), k = 1 + tms_i(&r, trial % 3 == 0 ? 30 : 4), ties = trial % 4 == 3;
        ssvm_real un[5 * 4], tr[16], sc[30];
        int ys[30 * 5], yv[5], n = -1, total = 1, c, j, q;
        tms_path *all;
        size_t wbytes = 0;
        void *work;
        TH_CHECK(t, ssvm_kbest_viterbi_get_work_size(L, K, k, &wbytes) == SSVM_OK && wbytes > 0);
        work = malloc(wbytes);
        for (j = 0; j < L * K; j++) un[j] = (ssvm_real)(ties ? tms_i(&r, 3) : tms_u(&r) * 4 - 2);
        for (j = 0; j < K * K; j++) tr[j] = (ssvm_real)(ties ? tms_i(&r, 3) : tms_u(&r) * 4 - 2);
        for (j = 0; j < L; j++) total *= K;
        all = (tms_path *)malloc(sizeof(tms_path) * (size_t)total);
        for (c = 0; c < total; c++) {
            int v = c;
            for (j = 0; j < L; j++) { all[c].y[j] = v % K; v /= K; }
            all[c].score = tms_seq_score(L, K, un, tr, all[c].y);
        }
        qsort(all, (size_t)total, sizeof *all, tms_path_cmp);
        TH_CHECK(t, ssvm_kbest_viterbi(L, K, k, un, tr, work, wbytes, ys, sizeof ys, sc, &n) == SSVM_OK);
        TH_CHECKF(t, n == (k < total ? k : total), "trial %d: %d found, want %d", trial, n, k < total ? k : total);
        for (j = 0; j < n; j++) {
            /* the j-th score equals the j-th best of the enumeration; the sequence scores what it claims */
            TH_CHECKF(t, fabs((double)sc[j] - all[j].score) <= tol * (1 + fabs(all[j].score)), "trial %d rank %d: %g vs %g",
                      trial, j, (double)sc[j], all[j].score);
            TH_CHECK(t, fabs(tms_seq_score(L, K, un, tr, ys + j * L) - (double)sc[j]) <= tol * (1 + fabs((double)sc[j])));
            if (!ties) TH_CHECK(t, memcmp(ys + j * L, all[j].y, sizeof(int) * (size_t)L) == 0);
            for (q = 0; q < j; q++) TH_CHECK(t, memcmp(ys + j * L, ys + q * L, sizeof(int) * (size_t)L) != 0);
            checked++;
        }
        /* k = 1 is ssvm_viterbi, ties included */
        {
            size_t vb = 0;
            void *vw;
            ssvm_real best = 0;
            TH_CHECK(t, ssvm_viterbi_get_work_size(L, K, &vb) == SSVM_OK);
            vw = malloc(vb);
            TH_CHECK(t, ssvm_viterbi(L, K, un, tr, vw, vb, yv, &best) == SSVM_OK);
            TH_CHECK(t, memcmp(yv, ys, sizeof(int) * (size_t)L) == 0 && best == sc[0]);
            free(vw);
        }
        free(all); free(work);
    }
    TH_CHECK(t, checked > 800);
    /* bad arguments */
    {
        ssvm_real u1[2] = {0, 0}, t1[4] = {0, 0, 0, 0};
        int y1[4], got = -1;
        unsigned char w1[256];
        size_t b1 = 0, big = 1;
        TH_CHECK(t, ssvm_kbest_viterbi(0, 2, 1, u1, t1, w1, sizeof w1, y1, sizeof y1, NULL, &got) == SSVM_ERR_EMPTY && got == 0);
        TH_CHECK(t, ssvm_kbest_viterbi(1, 2, 0, u1, t1, w1, sizeof w1, y1, sizeof y1, NULL, &got) == SSVM_ERR_EMPTY);
        TH_CHECK(t, ssvm_kbest_viterbi(1, 2, 1, NULL, t1, w1, sizeof w1, y1, sizeof y1, NULL, &got) == SSVM_ERR_INVALID_ARG);
        TH_CHECK(t, ssvm_kbest_viterbi(1, 2, 1, u1, t1, w1, sizeof w1, y1, sizeof y1, NULL, NULL) == SSVM_ERR_INVALID_ARG);
        TH_CHECK(t, ssvm_kbest_viterbi_get_work_size(1 << 30, 1 << 30, 1 << 30, &big) == SSVM_ERR_OVERFLOW || sizeof(size_t) > 8);
        TH_CHECK(t, ssvm_kbest_viterbi_get_work_size(1, 2, 2, NULL) == SSVM_ERR_INVALID_ARG);
        TH_CHECK(t, ssvm_kbest_viterbi_get_work_size(1, 2, 2, &b1) == SSVM_OK && b1 > 0 && b1 <= sizeof w1);
        /* byte counts: one short of the work, room for one sequence of the two asked */
        TH_CHECK(t, ssvm_kbest_viterbi(1, 2, 2, u1, t1, w1, b1 - 1, y1, sizeof y1, NULL, &got) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_kbest_viterbi(1, 2, 2, u1, t1, w1, b1, y1, sizeof(int), NULL, &got) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_kbest_viterbi(1, 2, 2, u1, t1, w1, b1, y1, sizeof y1, NULL, &got) == SSVM_OK && got == 2);
    }
}

/* the chain sampler = the k best loss-augmented labellings at w_scale * w other than y_i, by enumeration;
   its first label is the problem's oracle answer whenever that is not y_i */
static void test_multisample_chain_sampler_brute_force(th_ctx *t) {
    tms_rng r = {77};
    int trial, checked = 0, first_is_oracle = 0;
    double tol = IS_FLOAT_BUILD ? 1e-4 : 1e-10;
    for (trial = 0; trial < 60; trial++) {
        tms_ch c;
        ssvm_ms_sampler smp;
        int flagsets[4] = {0, SSVM_CHAIN_BIASES, SSVM_CHAIN_COUNTED_LOSS, SSVM_CHAIN_BIASES | SSVM_CHAIN_ATTR_MAJOR};
        int K = 2 + tms_i(&r, 3), F = 1 + tms_i(&r, 4), kmax = 1 + tms_i(&r, 5), i, j;
        double ws = 0.2 + 2 * tms_u(&r);
        ssvm_real *w, *wm;
        void *work, *mem;
        ssvm_svec *sv;
        tms_ch_make(&c, &r, 1 + tms_i(&r, 8), K, F, flagsets[trial % 4], (trial / 4) % 2);
        TH_CHECK(t, ssvm_chain_kbest_sampler(&c.m, &smp) == SSVM_OK);
        TH_CHECK(t, smp.multiclass == 0 && smp.user == &c.m && smp.work_bytes != NULL);
        w = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)c.p.d);
        wm = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)c.p.d);
        for (j = 0; j < c.p.d; j++) { w[j] = (ssvm_real)(tms_u(&r) * 2 - 1); wm[j] = (ssvm_real)(ws * (double)w[j]); }
        work = malloc(smp.work_bytes(smp.user, kmax));
        sv = tms_svec(c.p.d, &mem);
        for (i = 0; i < c.p.n; i++) {
            int L = c.start[i + 1] - c.start[i], ys[6 * 5], lens[6], total = 1, code, got, q, yo[5];
            ssvm_real dl[6], od;
            double *vals, v;
            for (j = 0; j < L; j++) total *= K;
            vals = (double *)malloc(sizeof(double) * (size_t)total);
            /* all loss-augmented scores at ws*w but y_i's, sorted descending */
            got = 0;
            for (code = 0; code < total; code++) {
                int y[5], cc = code, same = 1;
                ssvm_real d0;
                for (j = 0; j < L; j++) { y[j] = cc % K; cc /= K; same &= y[j] == c.labels[c.start[i] + j]; }
                if (same) continue;
                ssvm_svec_clear(sv);
                c.p.phi(c.p.user, i, y, L, 1, sv);
                c.p.loss(c.p.user, i, y, L, &d0);
                vals[got++] = (double)ssvm_svec_dot(sv, wm) + (double)d0;
            }
            for (j = 1; j < got; j++) { /* insertion sort, descending */
                double x = vals[j];
                for (q = j; q > 0 && vals[q - 1] < x; q--) vals[q] = vals[q - 1];
                vals[q] = x;
            }
            q = smp.sample(smp.user, i, w, ws, kmax, work, ys, 5, lens, dl);
            TH_CHECKF(t, q == (kmax < got ? kmax : got), "trial %d: %d labels, want %d", trial, q, kmax < got ? kmax : got);
            for (j = 0; j < q; j++) {
                ssvm_real d0;
                TH_CHECK(t, lens[j] == L);
                ssvm_svec_clear(sv);
                c.p.phi(c.p.user, i, ys + j * 5, L, 1, sv);
                c.p.loss(c.p.user, i, ys + j * 5, L, &d0);
                TH_NEAR(t, dl[j], d0, 1e-6);
                v = (double)ssvm_svec_dot(sv, wm) + (double)d0;
                TH_CHECKF(t, fabs(v - vals[j]) <= tol * (1 + fabs(vals[j])), "trial %d i %d rank %d: %g vs %g", trial, i, j, v, vals[j]);
                checked++;
            }
            /* the oracle at w_scale * w (its w_scale argument), as the solver calls it */
            TH_CHECK(t, c.p.oracle(c.p.user, i, w, ws, yo, &od) == L);
            if (q > 0 && memcmp(yo, c.labels + c.start[i], sizeof(int) * (size_t)L) != 0) {
                double vo;
                ssvm_svec_clear(sv);
                c.p.phi(c.p.user, i, yo, L, 1, sv);
                vo = (double)ssvm_svec_dot(sv, wm) + (double)od;
                TH_CHECK(t, fabs(vo - vals[0]) <= tol * (1 + fabs(vo))); /* same optimum value */
                first_is_oracle += memcmp(yo, ys, sizeof(int) * (size_t)L) == 0;
            }
            free(vals);
        }
        free(w); free(wm); free(work); free(mem); free(sv);
        tchain_free(&c);
    }
    TH_CHECK(t, checked > 300 && first_is_oracle > 50);
    TH_CHECK(t, ssvm_chain_kbest_sampler(NULL, NULL) == SSVM_ERR_INVALID_ARG);
    {
        ssvm_chain m;
        ssvm_ms_sampler smp;
        memset(&m, 0, sizeof m);
        TH_CHECK(t, ssvm_chain_kbest_sampler(&m, &smp) == SSVM_ERR_INVALID_ARG); /* not validated */
    }
}

static void test_multisample_multiclass_sampler(th_ctx *t) {
    int trial;
    for (trial = 0; trial < 40; trial++) {
        tms_mc d;
        ssvm_ms_sampler smp;
        int K = 2 + trial % 5, F = 3, i, j, kmax = 1 + trial % 6;
        ssvm_real w[7 * 3];
        double ws = 0.5 + trial * 0.1;
        void *work;
        tms_rng r;
        r.s = (unsigned long long)trial + 5;
        tms_mc_make(&d, (unsigned long long)trial, 20, K, F, 1.0, 0.7, trial % 2);
        for (j = 0; j < K * F; j++) w[j] = (ssvm_real)(tms_u(&r) * 2 - 1);
        TH_CHECK(t, ssvm_multiclass_sampler(&d.m, &smp) == SSVM_OK && smp.multiclass == 1 && smp.user == &d.m);
        work = malloc(smp.work_bytes(smp.user, kmax));
        for (i = 0; i < 20; i++) {
            int ys[8], lens[8], q, g = d.lab[i], c, want = kmax < K - 1 ? kmax : K - 1;
            ssvm_real dl[8];
            double prev = 1e300;
            unsigned char seen[8];
            memset(seen, 0, sizeof seen);
            q = smp.sample(smp.user, i, w, ws, kmax, work, ys, 1, lens, dl);
            TH_CHECK(t, q == want);
            for (j = 0; j < q; j++) {
                double v = ws * (double)(w[ys[j] * F] * d.x[i * F] + w[ys[j] * F + 1] * d.x[i * F + 1] + w[ys[j] * F + 2] * d.x[i * F + 2]);
                double cst = d.m.config.cost ? (double)d.cost[g * K + ys[j]] : 1.0;
                TH_CHECK(t, ys[j] != g && !seen[ys[j]] && lens[j] == 1);
                seen[ys[j]] = 1;
                TH_NEAR(t, dl[j], cst, 1e-6);
                v += cst;
                TH_CHECK(t, v <= prev + 1e-5);
                prev = v;
            }
            /* nothing left out scores higher than the last one taken */
            for (c = 0; c < K; c++) {
                double v;
                if (c == g || seen[c] || q == 0) continue;
                v = ws * (double)(w[c * F] * d.x[i * F] + w[c * F + 1] * d.x[i * F + 1] + w[c * F + 2] * d.x[i * F + 2]) +
                    (d.m.config.cost ? (double)d.cost[g * K + c] : 1.0);
                TH_CHECK(t, v <= prev + 1e-5);
            }
        }
        free(work);
    }
    TH_CHECK(t, ssvm_multiclass_sampler(NULL, NULL) == SSVM_ERR_INVALID_ARG);
}

/* ================================================================== the moves */
/* the dual gain of u <- u + g E, evaluated from the vectors (not the one-dimensional formula):
   D(g) - D(0) = g lE - (lambda t/2)(|w - g E/(lambda t)|^2 - |w|^2) */
static double tms_gain_dense(int d, const double *w, const double *E, double lE, double g, double lt) {
    double a = 0, b = 0;
    int k;
    for (k = 0; k < d; k++) { double x = w[k] - g * E[k] / lt; a += x * x; b += w[k] * w[k]; }
    return g * lE - 0.5 * lt * (a - b);
}
/* grid check: the gain at g is within tol of the best of 4001 points of [lo, hi] (and not worse than any) */
static int tms_grid_ok(int d, const double *w, const double *E, double lE, double g, double lt, double lo, double hi,
                       double *best_grid) {
    int k;
    double gg = tms_gain_dense(d, w, E, lE, g, lt), best = -1e300;
    for (k = 0; k <= 4000; k++) {
        double x = lo + (hi - lo) * k / 4000.0, v = tms_gain_dense(d, w, E, lE, x, lt);
        if (v > best) best = v;
    }
    *best_grid = best;
    return gg >= best - 1e-9 * (1 + fabs(best)) && g >= lo - 1e-15 && g <= hi + 1e-15;
}

/* ssvm__ms_move_step on random instances of the expand (line 5) and swap (line 9) problems; the printed
   eq. 14 (denominator |u + v|^2) is not the maximiser, which is why the code uses |v - u|^2 */
static void test_multisample_moves_exact_1d(th_ctx *t) {
    tms_rng r = {99};
    int trial, paper_worse = 0, bad = 0, n = 0;
    for (trial = 0; trial < 400; trial++) {
        int d = 1 + tms_i(&r, 6), k, swap = trial % 2;
        double w[6], v[6], u[6], E[6], lam = 0.01 + tms_u(&r), lt, dl = tms_u(&r), Dk = tms_u(&r), g, lo, hi, best;
        double wE = 0, EE = 0, lE;
        long long tt = 1 + tms_i(&r, 50);
        lt = lam * (double)tt;
        for (k = 0; k < d; k++) {
            w[k] = tms_u(&r) * 2 - 1; v[k] = (tms_u(&r) * 2 - 1) * (trial % 7 == 0 ? 0.0 : 1.0);
            u[k] = tms_u(&r) * 2 - 1;
        }
        if (!swap) { /* expand: E = v, lE = Delta, g in [0, 1 - alpha_sum] */
            double asum = tms_u(&r);
            for (k = 0; k < d; k++) E[k] = v[k];
            lE = dl; lo = 0; hi = 1 - asum;
        } else {     /* swap: E = v - u, lE = Delta - D^{j-1}, g in [0, 1] */
            for (k = 0; k < d; k++) E[k] = v[k] - u[k];
            lE = dl - Dk; lo = 0; hi = 1;
        }
        for (k = 0; k < d; k++) { wE += w[k] * E[k]; EE += E[k] * E[k]; }
        g = ssvm__ms_move_step(wE, lE, EE, lt, lo, hi);
        if (!tms_grid_ok(d, w, E, lE, g, lt, lo, hi, &best)) bad++;
        /* the closed-form gain formula equals the dense evaluation */
        TH_CHECK(t, fabs(ssvm__ms_move_gain(g, wE, lE, EE, lt) - tms_gain_dense(d, w, E, lE, g, lt)) <= 1e-9 * (1 + fabs(best)));
        n++;
        if (swap) { /* the printed eq. 14: lambda t [(<w,v> + Delta) - (<w,u> + D)] / |u + v|^2, clipped to [0, 1] */
            double wv = 0, wu = 0, uv2 = 0, gp;
            for (k = 0; k < d; k++) { wv += w[k] * v[k]; wu += w[k] * u[k]; uv2 += (u[k] + v[k]) * (u[k] + v[k]); }
            gp = uv2 > 0 ? lt * ((wv + dl) - (wu + Dk)) / uv2 : 0;
            gp = gp < 0 ? 0 : (gp > 1 ? 1 : gp);
            if (tms_gain_dense(d, w, E, lE, gp, lt) < best - 1e-6) paper_worse++;
        }
    }
    TH_CHECKF(t, bad == 0, "%d of %d moves not the grid maximum", bad, n);
    TH_CHECKF(t, paper_worse > 20, "the printed swap step was optimal in all but %d cases", paper_worse);
}

/* A dense reference of Algorithm 1 (with the corrected swap) run next to the solver: every move the solver
   makes is checked against a grid of its one-dimensional problem, and its alphas and w^t equal the
   reference's. Generic toy problems (no structure), K = 1..5, 1-3 sweeps, with and without the cache. */
static void test_multisample_solver_moves_match_reference(th_ctx *t) {
    tms_rng r = {314};
    int cfg, bad_grid = 0, moves = 0, swaps = 0;
    double tol = IS_FLOAT_BUILD ? 2e-4 : 1e-9;
    for (cfg = 0; cfg < 12; cfg++) {
        tms_toy c;
        ssvm_solver_config q;
        ssvm_solver s;
        int d, step, j, k, sw;
        double *w, *wn, *V, *u, *E, *alpha;
        void *mem;
        ssvm_svec *sv;
        tms_toy_make(&c, &r, 6 + tms_i(&r, 10), 3 + tms_i(&r, 5), 2 + tms_i(&r, 6), 0.2 + tms_u(&r));
        d = c.d;
        q = ssvm_solver_config_init(&c.p, SSVM_MULTISAMPLE);
        q.lambda = 0.02 + 0.3 * tms_u(&r);
        q.ms.samples = 1 + cfg % 5; q.ms.sweeps = 1 + cfg % 3; q.ms.cache_size = cfg % 4 == 3 ? 2 : 0;
        q.sampling = SSVM_SAMPLE_CYCLIC;
        tms_toy_sampler(&c, &q.ms.sampler);
        TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK);
        w = (double *)malloc(sizeof(double) * (size_t)d); wn = (double *)malloc(sizeof(double) * (size_t)d);
        V = (double *)malloc(sizeof(double) * (size_t)d * 12); u = (double *)malloc(sizeof(double) * (size_t)d);
        E = (double *)malloc(sizeof(double) * (size_t)d); alpha = (double *)malloc(sizeof(double) * 12);
        sv = tms_svec(d, &mem);
        for (step = 0; step < 60; step++) {
            ssvm_step_info info;
            int i = step % c.n, ns;
            long long tt = *TH_EN(&s).k + 1;
            double lt = q.lambda * (double)tt, asum = 0, Dk = 0, maxdiff = 0;
            tms_weights(&s, w);
            TH_CHECK(t, ssvm_solver_step(&s, i, &info) == SSVM_OK);
            TH_CHECK(t, info.t == tt && info.example == i && *TH_EN(&s).k == tt);
            ns = info.n_samples;
            /* the reference, on the samples the solver used (TH_MS(&s).ys after the step) */
            for (j = 0; j < ns; j++) { tms_dense_v(&c.p, sv, i, TH_MS(&s).ys + j, 1, V + (size_t)j * d); alpha[j] = 0; }
            for (k = 0; k < d; k++) { w[k] *= (double)(tt - 1) / (double)tt; u[k] = 0; }
            for (sw = 0; sw < q.ms.sweeps; sw++)
                for (j = 0; j < ns; j++) {
                    double *v = V + (size_t)j * d, lE, lo, hi, g, best, wE = 0, EE = 0;
                    int is_swap = !(asum < 1);
                    if (!is_swap) { for (k = 0; k < d; k++) E[k] = v[k]; lE = (double)TH_MS(&s).deltas[j]; lo = -alpha[j]; hi = 1 - asum; }
                    else { for (k = 0; k < d; k++) E[k] = v[k] - u[k]; lE = (double)TH_MS(&s).deltas[j] - Dk; lo = 0; hi = 1; }
                    for (k = 0; k < d; k++) { wE += w[k] * E[k]; EE += E[k] * E[k]; }
                    g = EE > 0 ? lt * (wE + lE) / EE : (wE + lE > 0 ? hi : (wE + lE < 0 ? lo : 0));
                    g = g < lo ? lo : (g > hi ? hi : g);
                    if (!tms_grid_ok(d, w, E, lE, g, lt, lo, hi, &best)) bad_grid++;
                    moves++; swaps += is_swap;
                    if (g == 0) continue;
                    for (k = 0; k < d; k++) { w[k] -= g * E[k] / lt; u[k] += g * E[k]; }
                    if (!is_swap) {
                        alpha[j] += g; asum = g == hi ? 1 : asum + g; Dk += g * (double)TH_MS(&s).deltas[j];
                    } else {
                        for (k = 0; k < ns; k++) alpha[k] *= 1 - g;
                        alpha[j] += g; Dk = (1 - g) * Dk + g * (double)TH_MS(&s).deltas[j];
                    }
                }
            for (j = 0; j < ns; j++) TH_CHECKF(t, fabs(alpha[j] - TH_MS(&s).alpha[j]) <= tol, "cfg %d step %d alpha %d: %.12g vs %.12g", cfg, step, j, alpha[j], TH_MS(&s).alpha[j]);
            TH_NEAR(t, info.alpha_sum, asum, tol);
            for (k = 0; k < d; k++) w[k] *= info.proj_scale;
            tms_weights(&s, wn);
            for (k = 0; k < d; k++) if (fabs(wn[k] - w[k]) > maxdiff) maxdiff = fabs(wn[k] - w[k]);
            TH_CHECKF(t, maxdiff <= tol * (1 + sqrt(tms_dot(d, w, w))), "cfg %d step %d: |w - w_ref| = %g", cfg, step, maxdiff);
        }
        ssvm_solver_uninit(&s);
        free(w); free(wn); free(V); free(u); free(E); free(alpha); free(mem); free(sv);
    }
    TH_CHECKF(t, bad_grid == 0, "%d of %d moves not the grid maximum", bad_grid, moves);
    TH_CHECKF(t, swaps > 50 && moves > swaps + 200, "moves %d, swaps %d: both kinds must be exercised", moves, swaps);
}

/* ================================================================== Algorithm 2 */
/* solve A x = b (n <= 8) by Gaussian elimination with partial pivoting; 0 if singular */
static int tms_solve(int n, double *A, double *b, double *x) {
    int i, j, k;
    for (k = 0; k < n; k++) {
        int p = k;
        for (i = k + 1; i < n; i++) if (fabs(A[i * n + k]) > fabs(A[p * n + k])) p = i;
        if (fabs(A[p * n + k]) < 1e-14) return 0;
        if (p != k) {
            for (j = 0; j < n; j++) { double tmp = A[k * n + j]; A[k * n + j] = A[p * n + j]; A[p * n + j] = tmp; }
            { double tmp = b[k]; b[k] = b[p]; b[p] = tmp; }
        }
        for (i = k + 1; i < n; i++) {
            double f = A[i * n + k] / A[k * n + k];
            for (j = k; j < n; j++) A[i * n + j] -= f * A[k * n + j];
            b[i] -= f * b[k];
        }
    }
    for (i = n - 1; i >= 0; i--) {
        double s = b[i];
        for (j = i + 1; j < n; j++) s -= A[i * n + j] * x[j];
        x[i] = s / A[i * n + i];
    }
    return 1;
}
static double tms_qp_obj(int K, const double *Q, const double *c, const double *a) {
    double o = 0;
    int i, j;
    for (i = 0; i < K; i++) {
        o += c[i] * a[i];
        for (j = 0; j < K; j++) o += 0.5 * a[i] * Q[i * K + j] * a[j];
    }
    return o;
}
/* min 1/2 a'Qa + c'a, a >= 0, sum a <= 1, for any positive definite Q: every support set, with the sum
   constraint inactive (stationary point) or active (KKT with one multiplier); the best feasible one */
static double tms_qp_brute(int K, const double *Q, const double *c, double *best) {
    int mask, i, j;
    double bo = 0;
    for (i = 0; i < K; i++) best[i] = 0;
    for (mask = 1; mask < (1 << K); mask++) {
        int idx[8], m = 0, eq;
        for (i = 0; i < K; i++) if (mask >> i & 1) idx[m++] = i;
        for (eq = 0; eq < 2; eq++) {
            double A[81], b[9], x[9], a[8], s = 0;
            int n = m + eq, ok = 1;
            for (i = 0; i < m; i++) {
                for (j = 0; j < m; j++) A[i * n + j] = Q[idx[i] * K + idx[j]];
                if (eq) A[i * n + m] = 1;
                b[i] = -c[idx[i]];
            }
            if (eq) { for (j = 0; j < m; j++) A[m * n + j] = 1; A[m * n + m] = 0; b[m] = 1; }
            if (!tms_solve(n, A, b, x)) continue;
            for (i = 0; i < K; i++) a[i] = 0;
            for (i = 0; i < m; i++) { if (x[i] < -1e-12) ok = 0; a[idx[i]] = x[i] < 0 ? 0 : x[i]; s += a[idx[i]]; }
            if (!ok || s > 1 + 1e-12) continue;
            if (tms_qp_obj(K, Q, c, a) < bo) { bo = tms_qp_obj(K, Q, c, a); for (i = 0; i < K; i++) best[i] = a[i]; }
        }
    }
    return bo;
}
/* Algorithm 2 exactly as printed (with |phi|^2 = 1): for comparison only */
static void tms_alg2_printed(int K, const double *c, double *alpha) {
    int ord[8], i, j, n = 1;
    double s = 0, th;
    for (i = 0; i < K; i++) { ord[i] = i; alpha[i] = 0; }
    for (i = 1; i < K; i++) for (j = i; j > 0 && c[ord[j - 1]] > c[ord[j]]; j--) { int x = ord[j]; ord[j] = ord[j - 1]; ord[j - 1] = x; }
    while (n <= K && c[ord[n - 1]] <= (s / (n + 1) < (1 + s) / n ? s / (n + 1) : (1 + s) / n)) { s += c[ord[n - 1]]; n++; }
    th = s / (n + 1) < (1 + s) / n ? s / (n + 1) : (1 + s) / n;
    for (i = 1; i <= n && i <= K; i++) alpha[ord[i - 1]] = -(c[ord[i - 1]] - th);
}
static void test_multisample_multiclass_qp_brute_force(th_ctx *t) {
    tms_rng r = {55};
    int trial, regimes[3] = {0, 0, 0}, printed_wrong = 0;
    for (trial = 0; trial < 3000; trial++) {
        int K = 1 + tms_i(&r, 6), i, j, ord[8], n;
        double q = 0.05 + 3 * tms_u(&r), c[8], cq[8], Q[64], a[8], b[8], sum = 0, spread = trial % 3 == 0 ? 0.2 : (trial % 3 == 1 ? 2.0 : 20.0);
        for (i = 0; i < K; i++) { c[i] = (tms_u(&r) * 2 - 1.3) * spread * q; cq[i] = c[i] / q; }
        if (trial % 11 == 0 && K > 1) c[1] = c[0], cq[1] = cq[0]; /* ties */
        for (i = 0; i < K; i++) for (j = 0; j < K; j++) Q[i * K + j] = q * (1.0 + (i == j));
        n = ssvm__ms_mcqp(K, cq, a, ord);
        tms_qp_brute(K, Q, c, b);
        for (i = 0; i < K; i++) {
            TH_CHECKF(t, fabs(a[i] - b[i]) <= 1e-9, "trial %d K %d: alpha[%d] %.15g vs QP %.15g", trial, K, i, a[i], b[i]);
            sum += a[i];
        }
        regimes[n == 0 ? 0 : (sum > 1 - 1e-12 ? 2 : 1)]++;
        if (q == q) { /* the printed algorithm (on c/|phi|^2, its implicit units) */
            double pa[8], err = 0;
            tms_alg2_printed(K, cq, pa);
            for (i = 0; i < K; i++) if (fabs(pa[i] - b[i]) > err) err = fabs(pa[i] - b[i]);
            if (err > 1e-6) printed_wrong++;
        }
    }
    /* all three regimes (nothing, interior, on the simplex face) occur; the printed Algorithm 2 is wrong often */
    TH_CHECKF(t, regimes[0] > 100 && regimes[1] > 100 && regimes[2] > 100, "regimes %d %d %d", regimes[0], regimes[1], regimes[2]);
    TH_CHECKF(t, printed_wrong > 300, "printed Algorithm 2 wrong in only %d cases", printed_wrong);
}

/* the solver's multiclass step (Algorithm 2 on the samples) = the QP (9) optimum built from the vectors:
   Q_ij = <v_i, v_j>, c_j = -lambda t (<w^{t,0}, v_j> + Delta_j) with w^{t,0} = (t-1)/t w^{t-1} */
static void test_multisample_multiclass_step_is_qp_optimum(th_ctx *t) {
    int cfg, checked = 0, active_face = 0;
    double tol = IS_FLOAT_BUILD ? 2e-4 : 1e-9;
    for (cfg = 0; cfg < 6; cfg++) {
        tms_mc dd;
        ssvm_solver_config q;
        ssvm_solver s;
        int K = 3 + cfg % 4, F = 4, d, step, i, j, k;
        double *w, *V, Q[64], c[8], b[8];
        void *mem;
        ssvm_svec *sv;
        tms_mc_make(&dd, 100 + (unsigned long long)cfg, 30, K, F, 1.0, 0.8, cfg % 2);
        d = dd.p.d;
        q = ssvm_solver_config_init(&dd.p, SSVM_MULTISAMPLE);
        q.lambda = cfg < 3 ? 0.05 : 0.5; q.ms.samples = K - 1 - cfg % 2; q.sampling = SSVM_SAMPLE_CYCLIC;
        TH_CHECK(t, ssvm_multiclass_sampler(&dd.m, &q.ms.sampler) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK);
        TH_CHECK(t, TH_MS(&s).use_mc == 1);
        w = (double *)malloc(sizeof(double) * (size_t)d); V = (double *)malloc(sizeof(double) * (size_t)d * 8);
        sv = tms_svec(d, &mem);
        for (step = 0; step < 90; step++) {
            ssvm_step_info info;
            long long tt = *TH_EN(&s).k + 1;
            double lt = q.lambda * (double)tt, sum = 0;
            i = step % 30;
            tms_weights(&s, w);
            for (k = 0; k < d; k++) w[k] *= (double)(tt - 1) / (double)tt;
            TH_CHECK(t, ssvm_solver_step(&s, i, &info) == SSVM_OK);
            for (j = 0; j < info.n_samples; j++) tms_dense_v(&dd.p, sv, i, TH_MS(&s).ys + j, 1, V + (size_t)j * d);
            for (j = 0; j < info.n_samples; j++) {
                for (k = 0; k < info.n_samples; k++) Q[j * info.n_samples + k] = tms_dot(d, V + (size_t)j * d, V + (size_t)k * d);
                c[j] = -lt * (tms_dot(d, w, V + (size_t)j * d) + (double)TH_MS(&s).deltas[j]);
            }
            tms_qp_brute(info.n_samples, Q, c, b);
            for (j = 0; j < info.n_samples; j++) {
                TH_CHECKF(t, fabs(TH_MS(&s).alpha[j] - b[j]) <= tol, "cfg %d step %d alpha %d: %.12g vs %.12g", cfg, step, j, TH_MS(&s).alpha[j], b[j]);
                sum += b[j];
            }
            active_face += sum > 1 - 1e-9;
            checked++;
        }
        ssvm_solver_uninit(&s);
        free(w); free(V); free(mem); free(sv);
    }
    TH_CHECK(t, checked == 540 && active_face > 20);
}

/* ================================================================== Lemmas 2.2 and 2.3, step by step */
/* For each step: f(w^{t-1}; Z_t) by enumeration; D_t recomputed from the alphas the solver reports
   (A_t = s (A_{t-1} + sum_j alpha_j Delta_j), D_t = A_t - lambda t/2 |w^t|^2); then
   D_t(before projection) - D_{t-1} >= f - |grad f|^2/(2 lambda t)   (Lemma 2.2)
   D_t(after projection) >= D_t(before)                              (Lemma 2.3)
   and, summed, D_T >= sum_t f - sum_t |grad f_t|^2/(2 lambda t)     (Lemma 2.4's first inequality). */
static void test_multisample_lemma_2_2_and_2_3(th_ctx *t) {
    tms_rng r = {8080};
    int cfg, steps = 0, projections = 0, fails22 = 0, fails23 = 0;
    double tol = IS_FLOAT_BUILD ? 2e-3 : 1e-9;
    for (cfg = 0; cfg < 16; cfg++) {
        tms_toy c;
        ssvm_solver_config q;
        ssvm_solver s;
        int d, step;
        double *w, *wn, Aref = 0, sumf = 0, sumg = 0;
        tms_toy_make(&c, &r, 5 + tms_i(&r, 20), 2 + tms_i(&r, 5), 1 + tms_i(&r, 8), cfg % 4 == 0 || cfg % 4 == 3 ? 3.0 : 0.2 + tms_u(&r));
        d = c.d;
        q = ssvm_solver_config_init(&c.p, SSVM_MULTISAMPLE);
        q.lambda = cfg % 3 == 0 ? 0.01 : (cfg % 3 == 1 ? 0.3 : 2.0);
        q.ms.samples = 1 + cfg % 4; q.ms.sweeps = 1 + (cfg / 4) % 2; q.ms.cache_size = cfg % 5 == 2 ? 3 : 0;
        q.line_search = cfg % 4 != 3; /* Pegasos steps leave the ball often: Lemma 2.3 is exercised */
        q.ms.update = cfg % 8 == 5 ? SSVM_MS_UPDATE_SWEEP : SSVM_MS_UPDATE_AUTO;
        if (cfg % 2) tms_toy_sampler(&c, &q.ms.sampler);
        TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK);
        w = (double *)malloc(sizeof(double) * (size_t)d); wn = (double *)malloc(sizeof(double) * (size_t)d);
        for (step = 0; step < 200; step++) {
            ssvm_step_info info;
            int i = ssvm__next_index(&s), j;
            long long tt = *TH_EN(&s).k + 1;
            double f, lt = q.lambda * (double)tt, Dprev = Aref - 0.5 * q.lambda * (double)(tt - 1) * 0, w2, D, g2;
            tms_weights(&s, w);
            w2 = tms_dot(d, w, w);
            Dprev = Aref - 0.5 * q.lambda * (double)(tt - 1) * w2;
            f = 0.5 * q.lambda * w2 + tms_toy_hinge(&c, i, w);
            TH_CHECK(t, ssvm_solver_step(&s, i, &info) == SSVM_OK);
            TH_NEAR(t, info.loss, f, tol);
            TH_NEAR(t, info.dual_before, Dprev, tol);
            for (j = 0; j < info.n_samples; j++) {
                TH_CHECK(t, TH_MS(&s).alpha[j] >= -1e-12);
                Aref += TH_MS(&s).alpha[j] * (double)TH_MS(&s).deltas[j];
            }
            TH_CHECK(t, info.alpha_sum <= 1 + 1e-12);
            /* the dual before the projection: undo the projection's factor on w */
            tms_weights(&s, wn);
            D = Aref - 0.5 * lt * tms_dot(d, wn, wn) / (info.proj_scale * info.proj_scale);
            TH_NEAR(t, info.dual_update, D, tol * (1 + fabs(D)));
            g2 = info.grad_norm2;
            if (info.dual_update - Dprev < f - g2 / (2 * lt) - tol * (1 + fabs(Dprev))) fails22++;
            Aref *= info.proj_scale;
            D = Aref - 0.5 * lt * tms_dot(d, wn, wn);
            TH_NEAR(t, info.dual, D, tol * (1 + fabs(D)));
            if (info.dual < info.dual_update - tol * (1 + fabs(D))) fails23++;
            projections += info.proj_scale < 1;
            sumf += f; sumg += g2 / (2 * lt);
            steps++;
        }
        TH_CHECKF(t, TH_MS(&s).last.dual >= sumf - sumg - tol * (1 + fabs(sumf)) * 10, "cfg %d: D_T %.12g < %.12g", cfg, TH_MS(&s).last.dual, sumf - sumg);
        ssvm_solver_uninit(&s);
        free(w); free(wn);
    }
    TH_CHECKF(t, fails22 == 0, "Lemma 2.2 failed in %d of %d steps", fails22, steps);
    TH_CHECKF(t, fails23 == 0, "Lemma 2.3 failed in %d steps", fails23);
    TH_CHECKF(t, projections > 50, "only %d projections: Lemma 2.3 not exercised", projections);
}

/* ================================================================== Theorem 2.1 */
/* 2.1.1 on a one-pass stream of T fresh multiclass examples: the average prediction loss at w^{t-1} is at most
   min_w F_T/T + L^2 (log T + 1)/(2 lambda T), L = sqrt(lambda) + 2R, R >= |Psi(X, Y)| = |x|. min F_T/T <= P(w)
   for any w; we use BCFW's answer. The bound is checked to be far below the error of a trivial predictor. */
static void test_multisample_regret_bound(th_ctx *t) {
    static tms_mc dd;
    int cfg, T = 4000, i, j, F = 4, K = 3;
    double lam = 0.4, R = 0, Umin, bound, L2, trivial;
    ssvm_real *wb;
    ssvm_solver_config bq;
    ssvm_progress pr;
    tms_mc_make(&dd, 4242, T, K, F, 3.0, 0.3, 0);
    bq = ssvm_solver_config_init(&dd.p, SSVM_BCFW);
    for (i = 0; i < T; i++) {
        double nx = 0;
        for (j = 0; j < F; j++) nx += (double)dd.x[i * F + j] * (double)dd.x[i * F + j];
        if (sqrt(nx) > R) R = sqrt(nx);
    }
    wb = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)dd.p.d);
    bq.lambda = lam; bq.max_passes = 60; bq.gap_tol = 1e-4; bq.eval_every = 10;
    TH_CHECK(t, ssvm_train(&bq, wb, sizeof(ssvm_real) * (size_t)dd.p.d, &pr) >= 0);
    Umin = pr.average.primal < pr.iterate.primal ? pr.average.primal : pr.iterate.primal; /* >= min_w F_T / T */
    L2 = (sqrt(lam) + 2 * R) * (sqrt(lam) + 2 * R);
    bound = Umin + L2 * (log((double)T) + 1) / (2 * lam * T);
    trivial = 0;
    for (i = 0; i < T; i++) trivial += dd.lab[i] != 0; /* w = 0 predicts class 0 */
    trivial /= T;
    printf("    regret bound %.4f (min F_T/T <= %.4f, R = %.3f), error of w = 0: %.4f\n", bound, Umin, R, trivial);
    TH_CHECKF(t, bound < 0.5 * trivial, "bound %.4f vs trivial error %.4f: the test would be vacuous", bound, trivial);
    for (cfg = 0; cfg < 3; cfg++) {
        ssvm_solver_config q = ssvm_solver_config_init(&dd.p, SSVM_MULTISAMPLE);
        ssvm_solver s;
        double mistakes = 0, sumf = 0, G = 0;
        size_t wbytes = sizeof(ssvm_real) * (size_t)dd.p.d;
        ssvm_real *w = (ssvm_real *)malloc(wbytes);
        q.lambda = lam; q.ms.samples = cfg == 0 ? 1 : 2;
        q.ms.update = cfg == 2 ? SSVM_MS_UPDATE_MULTICLASS : SSVM_MS_UPDATE_SWEEP;
        TH_CHECK(t, ssvm_multiclass_sampler(&dd.m, &q.ms.sampler) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK);
        for (i = 0; i < T; i++) { /* the stream: each example once, in order */
            ssvm_step_info info;
            int yhat;
            ssvm_solver_weights(&s, SSVM_W_ITERATE, w, wbytes);
            dd.p.decode(dd.p.user, i, w, &yhat);
            mistakes += yhat != dd.lab[i];
            TH_CHECK(t, ssvm_solver_step(&s, i, &info) == SSVM_OK);
            sumf += info.loss;
            if (sqrt(info.grad_norm2) > G) G = sqrt(info.grad_norm2);
        }
        mistakes /= T; sumf /= T;
        printf("    cfg %d: online error %.4f, mean f(w^{t-1}) %.4f, max |grad f| %.3f (L = %.3f)\n", cfg, mistakes, sumf, G, sqrt(L2));
        TH_CHECKF(t, mistakes <= bound, "cfg %d: online error %.4f > bound %.4f", cfg, mistakes, bound);
        /* Lemma 2.4 with the observed gradient bound G <= L */
        TH_CHECKF(t, sumf <= Umin + G * G * (log((double)T) + 1) / (2 * lam * T), "cfg %d: mean f %.4f", cfg, sumf);
        TH_CHECK(t, G <= sqrt(L2) + 1e-9);
        TH_CHECK(t, mistakes <= sumf + 1e-12); /* Lemma 2.6 on average */
        ssvm_solver_uninit(&s);
        free(w);
    }
    free(wb);
}

/* 2.1.3: after m passes (T = mn) with the uniform average of w^0 .. w^{T-1},
   P(w_bar) <= min P + L^2 (log(mn) + 1)/(2 lambda m n); min P bracketed by BCFW to 1e-5 */
static void test_multisample_averaged_iterate_bound(th_ctx *t) {
    static tms_mc dd;
    int n = 80, F = 4, K = 4, m, i, j, cfg;
    double lam = 0.2, R = 0, opt, L2;
    ssvm_solver_config bq;
    ssvm_progress pr;
    ssvm_real *w;
    tms_mc_make(&dd, 777, n, K, F, 1.2, 0.5, 1);
    bq = ssvm_solver_config_init(&dd.p, SSVM_BCFW);
    for (i = 0; i < n; i++) {
        double nx = 0;
        for (j = 0; j < F; j++) nx += (double)dd.x[i * F + j] * (double)dd.x[i * F + j];
        if (sqrt(nx) > R) R = sqrt(nx);
    }
    L2 = (sqrt(lam) + 2 * R) * (sqrt(lam) + 2 * R);
    w = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)dd.p.d);
    bq.lambda = lam; bq.max_passes = 2000; bq.gap_tol = IS_FLOAT_BUILD ? 1e-4 : 1e-6; bq.eval_every = 5;
    TH_CHECK(t, ssvm_train(&bq, w, sizeof(ssvm_real) * (size_t)dd.p.d, &pr) == SSVM_CONVERGED);
    opt = pr.average.primal < pr.iterate.primal ? pr.average.primal : pr.iterate.primal;
    for (cfg = 0; cfg < 3; cfg++) {
        ssvm_solver_config q = ssvm_solver_config_init(&dd.p, SSVM_MULTISAMPLE);
        ssvm_solver s;
        q.lambda = lam; q.averaging = SSVM_AVG_UNIFORM; q.sampling = cfg == 1 ? SSVM_SAMPLE_PERMUTATION : SSVM_SAMPLE_CYCLIC;
        q.ms.samples = cfg == 2 ? 3 : 1; q.gap_tol = 0; q.eval_every = 0;
        TH_CHECK(t, ssvm_multiclass_sampler(&dd.m, &q.ms.sampler) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK);
        for (m = 1; m <= 40; m++) {
            double bound = opt + L2 * (log((double)m * n) + 1) / (2 * lam * m * n);
            TH_CHECK(t, ssvm_solver_pass(&s) == SSVM_OK);
            if (m == 1 || m == 5 || m == 40) {
                ssvm_progress e;
                TH_CHECK(t, ssvm_solver_evaluate(&s, 1, 1, &e) == SSVM_OK);
                TH_CHECKF(t, e.average.primal <= bound, "cfg %d m %d: P(w_bar) %.6f > %.6f", cfg, m, e.average.primal, bound);
                /* weak duality for the online dual after full passes, and the bound is not vacuous */
                TH_CHECKF(t, e.iterate.dual <= opt + 1e-9 && e.iterate.primal >= opt - 1e-6, "cfg %d m %d: dual %.6f primal %.6f opt %.6f", cfg, m, e.iterate.dual, e.iterate.primal, opt);
                if (m == 40) TH_CHECKF(t, bound < 0.5 * (1.0 + opt) && e.average.primal < opt + 0.05, "m 40: bound %.4f, P %.4f", bound, e.average.primal);
            }
        }
        ssvm_solver_uninit(&s);
    }
    free(w);
}

/* ================================================================== K = 1 */
/* With line_search = 0 and no projection, K = 1 is Pegasos: the library's SSG on the same example sequence
   gives the same iterate and the same weighted average. With the exact step (line_search = 1) K = 1 is the
   single-sample dual ascent: w^t = (t-1)/t w^{t-1} + alpha psi/(lambda t), alpha = clip(lambda t H/|psi|^2, 0, 1)
   with H = <w^{t,0}, v> + Delta, i.e. PA-I with C = 1/(lambda t) after the Pegasos shrink; checked against a
   dense implementation of exactly that, with the projection. */
static void test_multisample_k1_reduces_to_single_sample(th_ctx *t) {
    tms_mc dd;
    int seq[600], j, k, n = 40;
    ssvm_solver_config sq;
    ssvm_solver ss;
    ssvm_solver_config q;
    ssvm_solver ms;
    ssvm_progress ps, pm;
    ssvm_real a1[15], a2[15], w1[15], w2[15];
    double tol = IS_FLOAT_BUILD ? 1e-4 : 1e-11, maxd = 0;
    tms_rng r = {1};
    tms_mc_make(&dd, 31, n, 3, 5, 1.0, 1.0, 0);
    for (j = 0; j < 600; j++) seq[j] = tms_i(&r, n);
    sq = ssvm_solver_config_init(&dd.p, SSVM_SSG);
    sq.lambda = 0.05; sq.sampling = SSVM_SAMPLE_SEQUENCE; sq.sequence = seq; sq.sequence_len = 600;
    sq.max_passes = 15; sq.gap_tol = 0; sq.eval_every = 0;
    TH_CHECK(t, ssvm_solver_init(&sq, &ss) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&ss) == SSVM_MAX_PASSES);
    q = ssvm_solver_config_init(&dd.p, SSVM_MULTISAMPLE);
    q.lambda = 0.05; q.sampling = SSVM_SAMPLE_SEQUENCE; q.sequence = seq; q.sequence_len = 600; q.max_passes = 15;
    q.gap_tol = 0; q.eval_every = 0; q.line_search = 0; q.ms.project = 0; q.averaging = SSVM_AVG_WEIGHTED;
    TH_CHECK(t, ssvm_solver_init(&q, &ms) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&ms) == SSVM_MAX_PASSES);
    ssvm_solver_weights(&ss, SSVM_W_ITERATE, w1, sizeof w1); ssvm_solver_weights(&ms, SSVM_W_ITERATE, w2, sizeof w2);
    ssvm_solver_weights(&ss, SSVM_W_AVERAGE, a1, sizeof a1); ssvm_solver_weights(&ms, SSVM_W_AVERAGE, a2, sizeof a2);
    for (j = 0; j < 15; j++) {
        TH_NEAR(t, w2[j], w1[j], tol);
        TH_NEAR(t, a2[j], a1[j], tol);
        if (fabs((double)w1[j]) > maxd) maxd = fabs((double)w1[j]);
    }
    ssvm_solver_progress(&ss, &ps); ssvm_solver_progress(&ms, &pm);
    TH_CHECK(t, maxd > 0.1 && pm.oracle_calls == ps.oracle_calls);
    ssvm_solver_uninit(&ss); ssvm_solver_uninit(&ms);

    /* the exact single-sample update, K = 1, one sweep, projection on */
    {
        int step, d = dd.p.d, projected = 0, clipped = 0, interior = 0;
        double w[15], v[15];
        void *mem;
        ssvm_svec *sv = tms_svec(d, &mem);
        q = ssvm_solver_config_init(&dd.p, SSVM_MULTISAMPLE);
        q.lambda = 0.02; q.sampling = SSVM_SAMPLE_CYCLIC;
        TH_CHECK(t, ssvm_solver_init(&q, &ms) == SSVM_OK);
        for (k = 0; k < d; k++) w[k] = 0;
        for (step = 0; step < 400; step++) {
            ssvm_real wc[15], dl;
            int y, i = step % n;
            long long tt = step + 1;
            double lt = q.lambda * (double)tt, H, vv, alpha, nrm;
            for (k = 0; k < d; k++) wc[k] = (ssvm_real)w[k];
            dd.p.oracle(dd.p.user, i, wc, 1.0, &y, &dl);
            TH_CHECK(t, ssvm_solver_step(&ms, i, NULL) == SSVM_OK);
            for (k = 0; k < d; k++) w[k] *= (double)(tt - 1) / (double)tt;
            if (y != dd.lab[i]) {
                tms_dense_v(&dd.p, sv, i, &y, 1, v);
                H = tms_dot(d, w, v) + (double)dl; vv = tms_dot(d, v, v);
                alpha = lt * H / vv;
                if (alpha >= 1) { alpha = 1; clipped++; } else if (alpha > 0) interior++;
                if (alpha < 0) alpha = 0;
                for (k = 0; k < d; k++) w[k] -= alpha * v[k] / lt;
            }
            nrm = sqrt(tms_dot(d, w, w));
            if (nrm > sqrt(TH_MS(&ms).bound / q.lambda)) { /* B = max(loss_bound, every Delta sampled) */
                for (k = 0; k < d; k++) w[k] *= sqrt(TH_MS(&ms).bound / q.lambda) / nrm;
                projected++;
            }
            {
                double got[15], md = 0;
                tms_weights(&ms, got);
                for (k = 0; k < d; k++) if (fabs(got[k] - w[k]) > md) md = fabs(got[k] - w[k]);
                TH_CHECKF(t, md <= tol * (1 + sqrt(tms_dot(d, w, w))), "step %d: |w - w_ref| %g", step, md);
            }
        }
        TH_CHECKF(t, clipped > 5 && interior > 5, "clipped %d interior %d", clipped, interior);
        (void)projected;
        ssvm_solver_uninit(&ms);
        free(mem); free(sv);
    }
}

/* ================================================================== cache, sparsity, memory */
static void test_multisample_violator_cache(th_ctx *t) {
    tms_rng r = {606};
    tms_ch c;
    ssvm_solver_config q;
    ssvm_solver s;
    size_t b0, b1, b2;
    int step, used_cached = 0, ml;
    tms_ch_make(&c, &r, 8, 3, 3, SSVM_CHAIN_BIASES, 0);
    ml = c.p.max_label_len;
    q = ssvm_solver_config_init(&c.p, SSVM_MULTISAMPLE);
    q.lambda = 0.05; q.ms.samples = 1; q.ms.cache_size = 3; q.sampling = SSVM_SAMPLE_CYCLIC;
    TH_CHECK(t, ssvm_solver_get_heap_size(&q, &b1) == SSVM_OK);
    q.ms.cache_size = 0;
    TH_CHECK(t, ssvm_solver_get_heap_size(&q, &b0) == SSVM_OK);
    TH_CHECK(t, b1 > b0 + (size_t)(8 * 3 * ml) * sizeof(int));
    /* the byte cap: room for one label per example only */
    q.ms.cache_size = 3; q.ms.cache_max_bytes = (size_t)8 * ((1 + (size_t)ml) * sizeof(int) + sizeof(ssvm_real)) + 5;
    TH_CHECK(t, ssvm_solver_get_heap_size(&q, &b2) == SSVM_OK && b2 < b1);
    TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK && TH_MS(&s).cache_cap == 1);
    ssvm_solver_uninit(&s);
    q.ms.cache_max_bytes = 0;
    TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK && TH_MS(&s).cache_cap == 3);
    for (step = 0; step < 8 * 12; step++) {
        ssvm_step_info info;
        int i = step % 8, before = TH_MS(&s).cache_count[i], j, k, yo[5], L = c.start[i + 1] - c.start[i];
        int cached[3 * 6], nc = before;
        ssvm_real dl;
        size_t wbytes = sizeof(ssvm_real) * (size_t)c.p.d;
        ssvm_real *w = (ssvm_real *)malloc(wbytes);
        for (j = 0; j < before; j++) { int *sl = ssvm__ms_slot(&s, i, j); memcpy(cached + j * 6, sl + 1, sizeof(int) * (size_t)sl[0]); }
        ssvm_solver_weights(&s, SSVM_W_ITERATE, w, wbytes);
        c.p.oracle(c.p.user, i, w, 1.0, yo, &dl);
        TH_CHECK(t, ssvm_solver_step(&s, i, &info) == SSVM_OK);
        /* the samples: the oracle's label (unless y_i), then every cached label not equal to it */
        {
            int is_truth = memcmp(yo, c.labels + c.start[i], sizeof(int) * (size_t)L) == 0, dup = 0, pos = 0;
            for (j = 0; j < nc; j++) dup += !is_truth && memcmp(cached + j * 6, yo, sizeof(int) * (size_t)L) == 0;
            TH_CHECK(t, info.n_samples == (is_truth ? 0 : 1) + nc - dup);
            if (!is_truth) { TH_CHECK(t, memcmp(TH_MS(&s).ys, yo, sizeof(int) * (size_t)L) == 0); pos = 1; }
            for (j = 0; j < nc; j++) {
                if (!is_truth && memcmp(cached + j * 6, yo, sizeof(int) * (size_t)L) == 0) continue;
                TH_CHECK(t, memcmp(TH_MS(&s).ys + pos * ml, cached + j * 6, sizeof(int) * (size_t)L) == 0);
                if (TH_MS(&s).alpha[pos] > 0) used_cached++;
                pos++;
            }
        }
        /* afterwards: at most 3, no repeats, and every label with weight is cached, the first sample's in front */
        TH_CHECK(t, TH_MS(&s).cache_count[i] <= 3);
        for (j = 0; j < TH_MS(&s).cache_count[i]; j++)
            for (k = 0; k < j; k++) TH_CHECK(t, !ssvm__ms_same(ssvm__ms_slot(&s, i, j) + 1, L, ssvm__ms_slot(&s, i, k) + 1, L));
        for (j = 0; j < info.n_samples && j < 3; j++) {
            int found = 0;
            if (TH_MS(&s).alpha[j] <= 0) continue;
            for (k = 0; k < TH_MS(&s).cache_count[i]; k++) found |= ssvm__ms_same(ssvm__ms_slot(&s, i, k) + 1, L, TH_MS(&s).ys + j * ml, L);
            TH_CHECK(t, found);
        }
        if (info.n_samples > 0 && TH_MS(&s).alpha[0] > 0) TH_CHECK(t, ssvm__ms_same(ssvm__ms_slot(&s, i, 0) + 1, L, TH_MS(&s).ys, L));
        free(w);
    }
    TH_CHECKF(t, used_cached > 20, "cached labels got weight only %d times", used_cached);
    ssvm_solver_uninit(&s);
    tchain_free(&c);
}

/* the lazy scale: a step changes only the coordinates in the sampled vectors' support (no O(d) pass per step),
   with a user sampler and with the default one (the problem's oracle, called with the solver's w_scale); both
   give the same weights */
typedef struct tms_sparse { int d; } tms_sparse;
static int tms_sp_truth(void *u, int i, int *y) { (void)u; *y = i % 3; return 1; }
static int tms_sp_phi(void *u, int i, const int *y, int len, ssvm_real sc, ssvm_svec *out) {
    tms_sparse *c = (tms_sparse *)u;
    (void)len;
    ssvm_svec_add(out, (i * 7 + *y * 131) % c->d, sc);
    ssvm_svec_add(out, (i * 13 + *y * 17 + 1) % c->d, (ssvm_real)(0.5 * sc));
    return out->err;
}
static int tms_sp_oracle(void *u, int i, const ssvm_real *w, double ws, int *y, ssvm_real *delta) {
    tms_sparse *c = (tms_sparse *)u;
    int k, b = 0;
    double bv = -1e300;
    for (k = 0; k < 3; k++) {
        double v = (k != i % 3) + ws * ((double)w[(i * 7 + k * 131) % c->d] + 0.5 * (double)w[(i * 13 + k * 17 + 1) % c->d]);
        if (v > bv) { bv = v; b = k; }
    }
    *y = b; *delta = (ssvm_real)(b != i % 3);
    return 1;
}
static int tms_sp_sample(void *u, int i, const ssvm_real *w, double ws, int k_max, void *work, int *ys, int stride,
                         int *lens, ssvm_real *deltas) {
    tms_sparse *c = (tms_sparse *)u;
    int k, b = 0;
    double bv = -1e300;
    (void)k_max; (void)work; (void)stride;
    for (k = 0; k < 3; k++) {
        double v = (k != i % 3) + ws * ((double)w[(i * 7 + k * 131) % c->d] + 0.5 * (double)w[(i * 13 + k * 17 + 1) % c->d]);
        if (v > bv) { bv = v; b = k; }
    }
    ys[0] = b; lens[0] = 1; deltas[0] = (ssvm_real)(b != i % 3);
    return 1;
}
static void test_multisample_sparse_steps(th_ctx *t) {
    tms_sparse c;
    ssvm_problem p;
    ssvm_solver_config q;
    ssvm_solver a, b;
    int step, j, over = 0, over_b = 0;
    size_t wbytes;
    ssvm_real *before, *before_b, *wa, *wb;
    c.d = 20000;
    wbytes = sizeof(ssvm_real) * (size_t)c.d;
    p = ssvm_problem_config_init(500, c.d, 1);
    p.user = &c;
    p.truth = tms_sp_truth; p.phi = tms_sp_phi; p.oracle = tms_sp_oracle;
    q = ssvm_solver_config_init(&p, SSVM_MULTISAMPLE);
    q.lambda = 0.1; q.sampling = SSVM_SAMPLE_CYCLIC;
    TH_CHECK(t, ssvm_solver_init(&q, &b) == SSVM_OK); /* the problem's oracle, at the solver's w_scale */
    q.ms.sampler.sample = tms_sp_sample; q.ms.sampler.user = &c;
    TH_CHECK(t, ssvm_solver_init(&q, &a) == SSVM_OK);
    before = (ssvm_real *)malloc(wbytes); before_b = (ssvm_real *)malloc(wbytes);
    for (step = 0; step < 400; step++) {
        int changed = 0, changed_b = 0;
        memcpy(before, TH_EN(&a).w, wbytes);
        memcpy(before_b, TH_EN(&b).w, wbytes);
        TH_CHECK(t, ssvm_solver_step(&a, step, NULL) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_step(&b, step, NULL) == SSVM_OK);
        for (j = 0; j < c.d; j++) {
            changed += memcmp(&before[j], &TH_EN(&a).w[j], sizeof(ssvm_real)) != 0;
            changed_b += memcmp(&before_b[j], &TH_EN(&b).w[j], sizeof(ssvm_real)) != 0;
        }
        if (changed > 4) over++; /* v = phi(y) - phi(y_i): at most 4 coordinates */
        if (changed_b > 4) over_b++;
    }
    TH_CHECKF(t, over == 0, "%d steps touched more than the sampled support", over);
    TH_CHECKF(t, over_b == 0, "default sampler: %d steps touched more than the sampled support", over_b);
    TH_CHECK(t, *TH_EN(&a).w_scale != 1.0); /* the scale is in use (not folded every step) */
    wa = (ssvm_real *)malloc(wbytes); wb = (ssvm_real *)malloc(wbytes);
    ssvm_solver_weights(&a, SSVM_W_ITERATE, wa, wbytes); ssvm_solver_weights(&b, SSVM_W_ITERATE, wb, wbytes);
    for (j = 0; j < c.d; j++) if (fabs((double)wa[j] - (double)wb[j]) > (IS_FLOAT_BUILD ? 1e-5 : 1e-12)) { TH_CHECK(t, 0); break; }
    ssvm_solver_weights(&a, SSVM_W_AVERAGE, wa, wbytes); ssvm_solver_weights(&b, SSVM_W_AVERAGE, wb, wbytes);
    for (j = 0; j < c.d; j++) if (fabs((double)wa[j] - (double)wb[j]) > (IS_FLOAT_BUILD ? 1e-5 : 1e-12)) { TH_CHECK(t, 0); break; }
    ssvm_solver_uninit(&a); ssvm_solver_uninit(&b);
    free(before); free(before_b); free(wa); free(wb);
}

/* both averages against their definitions, kept densely next to the lazy representation; folding the
   representation (as every pass end does) changes neither vector */
static void test_multisample_averages(th_ctx *t) {
    tms_rng r = {12};
    int mode;
    for (mode = 1; mode <= 2; mode++) {
        tms_toy c;
        ssvm_solver_config q;
        ssvm_solver s;
        double w[TMS_TOY_MAXD], avg[TMS_TOY_MAXD], wsum = 0;
        ssvm_real wa[TMS_TOY_MAXD];
        int step, k;
        tms_toy_make(&c, &r, 10, 4, 5, 0.5);
        q = ssvm_solver_config_init(&c.p, SSVM_MULTISAMPLE);
        q.lambda = 0.05; q.ms.samples = 2; q.averaging = mode == 1 ? SSVM_AVG_UNIFORM : SSVM_AVG_WEIGHTED;
        tms_toy_sampler(&c, &q.ms.sampler);
        TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK);
        for (k = 0; k < c.d; k++) avg[k] = 0;
        for (step = 1; step <= 95; step++) {
            if (mode == 1) { /* uniform over w^0 .. w^{T-1} */
                tms_weights(&s, w);
                for (k = 0; k < c.d; k++) avg[k] = (avg[k] * (step - 1) + w[k]) / step;
            }
            TH_CHECK(t, ssvm_solver_step(&s, ssvm__next_index(&s), NULL) == SSVM_OK);
            if (step % 20 == 0) ssvm__fold(&s);
            if (mode == 2) { /* weight t on w^t */
                tms_weights(&s, w);
                wsum += step;
                for (k = 0; k < c.d; k++) avg[k] += (w[k] - avg[k]) * step / wsum;
            }
            if (step % 7 == 0 || step == 95) {
                TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_AVERAGE, wa, sizeof wa) == SSVM_OK);
                for (k = 0; k < c.d; k++) TH_NEAR(t, wa[k], avg[k], IS_FLOAT_BUILD ? 1e-4 : 1e-10);
            }
        }
        ssvm_solver_uninit(&s);
    }
}

/* ================================================================== the run loop */
typedef struct tms_prog { int calls, below; double last_dual; } tms_prog;
static int tms_prog_cb(void *u, const ssvm_progress *p) {
    tms_prog *c = (tms_prog *)u;
    c->calls++;
    if (p->iterate.dual == p->iterate.dual && p->iterate.primal < p->iterate.dual - (IS_FLOAT_BUILD ? 1e-4 : 1e-10)) c->below++;
    if (p->iterate.dual == p->iterate.dual && p->iterate.gap < -(IS_FLOAT_BUILD ? 1e-4 : 1e-10)) c->below++;
    c->last_dual = p->iterate.dual;
    return 0;
}
static int tms_stop3(void *u, const ssvm_progress *p) { (void)u; return p->pass >= 3; }
static void test_multisample_run_progress_and_stopping(th_ctx *t) {
    tms_rng r = {42};
    tms_mc dd;
    tms_ch c;
    ssvm_solver_config q;
    ssvm_progress pr;
    tms_prog pc;
    ssvm_real w[15], *wc;
    size_t wcb;
    int cfg;
    tms_mc_make(&dd, 9, 40, 3, 5, 1.0, 1.0, 0);
    tms_ch_make(&c, &r, 8, 3, 3, SSVM_CHAIN_BIASES, 0);
    wcb = sizeof(ssvm_real) * (size_t)c.p.d;
    wc = (ssvm_real *)malloc(wcb);
    /* weak duality at every pass: primal(w) >= D_t/t, for several configurations and both models */
    for (cfg = 0; cfg < 6; cfg++) {
        q = ssvm_solver_config_init(cfg < 3 ? &dd.p : &c.p, SSVM_MULTISAMPLE);
        q.max_passes = 12; q.gap_tol = 0; q.ms.samples = 1 + cfg % 3; q.ms.cache_size = cfg == 4 ? 2 : 0;
        memset(&pc, 0, sizeof pc);
        q.progress = tms_prog_cb; q.progress_user = &pc;
        if (cfg < 3) {
            if (cfg) ssvm_multiclass_sampler(&dd.m, &q.ms.sampler);
            TH_CHECK(t, ssvm_train(&q, w, sizeof w, &pr) == SSVM_MAX_PASSES);
        } else {
            if (cfg != 4) ssvm_chain_kbest_sampler(&c.m, &q.ms.sampler);
            TH_CHECK(t, ssvm_train(&q, wc, wcb, &pr) == SSVM_MAX_PASSES);
        }
        TH_CHECK(t, pc.calls == 12 && pc.below == 0);
        TH_CHECK(t, pr.iterate.primal == pr.iterate.primal && pr.average.primal == pr.average.primal && pr.average.dual != pr.average.dual);
        TH_CHECK(t, pr.oracle_calls == 12LL * (cfg < 3 ? 40 : 8) && pr.eval_oracle_calls == 2LL * 12 * (cfg < 3 ? 40 : 8));
        TH_CHECK(t, pr.state_bytes > 0 && pr.returned == SSVM_W_AVERAGE);
    }
    q = ssvm_solver_config_init(&dd.p, SSVM_MULTISAMPLE);
    q.progress = tms_stop3;
    TH_CHECK(t, ssvm_train(&q, w, sizeof w, &pr) == SSVM_STOPPED_BY_USER && pr.pass == 3);
    q.progress = 0; q.max_oracle_calls = 100;
    TH_CHECK(t, ssvm_train(&q, w, sizeof w, &pr) == SSVM_MAX_ORACLE_CALLS && pr.oracle_calls == 100);
    q.max_oracle_calls = 0; q.max_passes = 4; q.gap_tol = 0; q.eval_every = 2;
    TH_CHECK(t, ssvm_train(&q, w, sizeof w, &pr) == SSVM_MAX_PASSES && pr.pass == 4 && pr.eval_oracle_calls == 2 * 2 * 40);
    /* the online gap closes: O(log T / T) */
    q.max_passes = 5000; q.gap_tol = 0.02; q.eval_every = 5; q.lambda = 0.1;
    TH_CHECK(t, ssvm_train(&q, w, sizeof w, &pr) == SSVM_CONVERGED && pr.iterate.gap <= 0.02 && pr.iterate.gap >= 0);
    TH_CHECK(t, pr.returned == SSVM_W_ITERATE); /* only the iterate has an (online) dual, so a gap */
    /* a caller's sequence gives no certificate: the same run never claims convergence */
    {
        int seq[3] = {0, 1, 2};
        q.sampling = SSVM_SAMPLE_SEQUENCE; q.sequence = seq; q.sequence_len = 3; q.max_passes = 40; q.gap_tol = 10;
        TH_CHECK(t, ssvm_train(&q, w, sizeof w, &pr) == SSVM_MAX_PASSES);
        /* nor do uniform draws (some examples visited more often than others) */
        q.sampling = SSVM_SAMPLE_UNIFORM; q.sequence = 0; q.sequence_len = 0;
        TH_CHECK(t, ssvm_train(&q, w, sizeof w, &pr) == SSVM_MAX_PASSES);
        q.sampling = SSVM_SAMPLE_CYCLIC;
        TH_CHECK(t, ssvm_train(&q, w, sizeof w, &pr) == SSVM_CONVERGED);
        q.sampling = SSVM_SAMPLE_PERMUTATION; q.sequence = 0; q.sequence_len = 0;
        TH_CHECK(t, ssvm_train(&q, w, sizeof w, &pr) == SSVM_CONVERGED && pr.pass == 5);
        /* nor are examples the caller chose: n steps on example 0 before the sampler's passes (the steps counted
           n a pass as before, the whole passes in permutation order afterwards) */
        {
            ssvm_solver s;
            int k;
            TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK);
            for (k = 0; k < dd.p.n; k++) TH_CHECK(t, ssvm_solver_step(&s, 0, 0) == SSVM_OK);
            TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
            ssvm_solver_uninit(&s);
            TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK); /* the same solver without them certifies */
            TH_CHECK(t, ssvm_solver_run(&s) == SSVM_CONVERGED);
            ssvm_solver_uninit(&s);
        }
        /* a pass cut short by the oracle limit is not a certificate either */
        q.max_oracle_calls = 30; q.eval_every = 1;
        TH_CHECK(t, ssvm_train(&q, w, sizeof w, &pr) == SSVM_MAX_ORACLE_CALLS);
        q.max_oracle_calls = 0; q.gap_tol = 0.02; q.max_passes = 5000; q.eval_every = 5;
    }
    /* continuing a run after raising the limit */
    {
        ssvm_solver s;
        ssvm_progress sp;
        q = ssvm_solver_config_init(&dd.p, SSVM_MULTISAMPLE);
        q.max_passes = 2; q.gap_tol = 0;
        TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES && *TH_EN(&s).k == 80);
        th_set_limit(&s, "max_passes", (double)(3));
        TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES && *TH_EN(&s).k == 120);
        TH_CHECK(t, ssvm_solver_progress(&s, &sp) == SSVM_OK && sp.pass == 3 && sp.steps == 120);
        ssvm_solver_uninit(&s);
    }
    free(wc);
    tchain_free(&c);
}

static void test_multisample_determinism(th_ctx *t) {
    tms_mc dd;
    ssvm_solver_config q;
    ssvm_real w1[15], w2[15];
    tms_mc_make(&dd, 5, 40, 3, 5, 1.0, 2.0, 0);
    q = ssvm_solver_config_init(&dd.p, SSVM_MULTISAMPLE);
    q.max_passes = 6; q.seed = 77; q.ms.samples = 2;
    ssvm_multiclass_sampler(&dd.m, &q.ms.sampler);
    TH_CHECK(t, ssvm_train(&q, w1, sizeof w1, NULL) >= 0);
    TH_CHECK(t, ssvm_train(&q, w2, sizeof w2, NULL) >= 0);
    TH_CHECK(t, memcmp(w1, w2, sizeof w1) == 0);
    q.seed = 78;
    TH_CHECK(t, ssvm_train(&q, w2, sizeof w2, NULL) >= 0);
    TH_CHECK(t, memcmp(w1, w2, sizeof w1) != 0);
}

/* ================================================================== bad input */
static int tms_bad_mode;
static int tms_bad_sample(void *u, int i, const ssvm_real *w, double ws, int k_max, void *work, int *ys, int stride,
                          int *lens, ssvm_real *deltas) {
    (void)u; (void)w; (void)ws; (void)work; (void)stride;
    ys[0] = (i + 1) % 3; lens[0] = 1; deltas[0] = 1;
    switch (tms_bad_mode) {
    case 1: return k_max + 1;              /* more than asked */
    case 2: deltas[0] = -1; return 1;      /* negative loss */
    case 3: lens[0] = 0; return 1;         /* empty label */
    case 4: return SSVM_ERR_LABEL;         /* an error of its own */
    case 5: { volatile double z = 0; deltas[0] = (ssvm_real)(z / z); return 1; }
    case 6: ys[0] = 7; return 1;           /* a label the model rejects */
    }
    return 1;
}
static unsigned char tms_static_heap[1 << 15];
static void tms_free(void *u, void *p) { (void)u; free(p); }
static void test_multisample_bad_input(th_ctx *t) {
    tms_mc dd;
    tms_rng r = {5};
    tms_ch c;
    ssvm_solver_config q;
    ssvm_solver s;
    ssvm_problem p;
    ssvm_real w[15];
    size_t bytes;
    int mode, seq[3] = {0, 1, 99};
    tms_mc_make(&dd, 5, 40, 3, 5, 1.0, 1.0, 0);
    p = dd.p;
    q = ssvm_solver_config_init(&p, SSVM_MULTISAMPLE); /* reads p at init: the edits below take effect */
    q.max_passes = 2;
    TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) >= 0);
    TH_CHECK(t, ssvm_train(NULL, w, sizeof w, NULL) == SSVM_ERR_INVALID_ARG);
    q.problem = NULL; TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_INVALID_ARG); q.problem = &p;
    TH_CHECK(t, ssvm_train(&q, NULL, sizeof w, NULL) == SSVM_ERR_INVALID_ARG);
    TH_CHECK(t, ssvm_train(&q, w, sizeof w - 1, NULL) == SSVM_ERR_WORKSPACE);
    p.oracle = 0; TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_NULL_CALLBACK); p = dd.p;
    p.phi = 0; TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_NULL_CALLBACK); p = dd.p;
    p.n = 0; TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_EMPTY); p = dd.p;
    q.ms.samples = 0; TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_INVALID_ARG); q.ms.samples = 1;
    q.ms.samples = -3; TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_INVALID_ARG); q.ms.samples = 1;
    q.ms.sweeps = 0; TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_INVALID_ARG); q.ms.sweeps = 1;
    q.lambda = 0; TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_LAMBDA);
    q.lambda = -1; TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_LAMBDA);
    { volatile double z = 0; q.lambda = z / z; } TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_LAMBDA);
    q.lambda = 0.01;
    { volatile double z = 0; q.ms.loss_bound = z / z; } TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_INVALID_ARG);
    q.ms.loss_bound = -1; TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_INVALID_ARG); q.ms.loss_bound = 1;
    q.ms.cache_size = -1; TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_INVALID_ARG); q.ms.cache_size = 0;
    q.ms.update = (ssvm_ms_update)7; TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_INVALID_ARG);
    q.ms.update = SSVM_MS_UPDATE_MULTICLASS; TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_NOT_SUPPORTED);
    q.ms.update = SSVM_MS_UPDATE_AUTO;
    /* the switches are 0 or 1 */
    q.ms.project = -1; TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_INVALID_ARG); q.ms.project = 1;
    q.line_search = 2; TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_INVALID_ARG);
    q.line_search = -1; TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_INVALID_ARG); q.line_search = 1;
    q.sampling = SSVM_SAMPLE_SEQUENCE; TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_INVALID_ARG);
    q.sequence = seq; q.sequence_len = 3; TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_INVALID_ARG);
    q.sampling = SSVM_SAMPLE_PERMUTATION; q.sequence = 0; q.sequence_len = 0;
    q.ms.sampler.multiclass = 1; TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_NULL_CALLBACK); q.ms.sampler.multiclass = 0;
    q.max_passes = -1; TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_INVALID_ARG); q.max_passes = 2;
    q.allocator.alloc = 0; q.allocator.free = tms_free; TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_NULL_CALLBACK);
    q.allocator.free = 0;
    /* a misbehaving sampler: its own code, never a crash */
    q.ms.sampler.sample = tms_bad_sample;
    for (mode = 0; mode <= 6; mode++) {
        ssvm_result want[7] = {SSVM_MAX_PASSES, SSVM_ERR_CALLBACK, SSVM_ERR_LOSS, SSVM_ERR_LABEL, SSVM_ERR_LABEL,
                               SSVM_ERR_LOSS, SSVM_ERR_LABEL};
        ssvm_result got;
        tms_bad_mode = mode;
        q.gap_tol = 0;
        got = ssvm_train(&q, w, sizeof w, NULL);
        TH_CHECKF(t, got == want[mode], "mode %d: %s", mode, ssvm_result_string(got));
    }
    /* a sampler that claims the multiclass Gram matrix on a chain */
    tms_ch_make(&c, &r, 6, 3, 2, 0, 0);
    q = ssvm_solver_config_init(&c.p, SSVM_MULTISAMPLE);
    q.max_passes = 2; q.ms.samples = 3;
    TH_CHECK(t, ssvm_chain_kbest_sampler(&c.m, &q.ms.sampler) == SSVM_OK);
    q.ms.sampler.multiclass = 1;
    {
        size_t wcb = sizeof(ssvm_real) * (size_t)c.p.d;
        ssvm_real *wc = (ssvm_real *)malloc(wcb);
        TH_CHECK(t, ssvm_train(&q, wc, wcb, NULL) == SSVM_ERR_CALLBACK);
        free(wc);
    }
    tchain_free(&c);
    /* workspace: one byte short, misaligned static buffer, NULLs */
    q = ssvm_solver_config_init(&dd.p, SSVM_MULTISAMPLE);
    q.max_passes = 3; q.ms.samples = 2; q.ms.cache_size = 2;
    ssvm_multiclass_sampler(&dd.m, &q.ms.sampler);
    TH_CHECK(t, ssvm_solver_get_heap_size(&q, &bytes) == SSVM_OK && bytes <= sizeof tms_static_heap - 3);
    TH_CHECK(t, ssvm_solver_get_heap_size(&q, NULL) == SSVM_ERR_INVALID_ARG);
    TH_CHECK(t, ssvm_solver_init_preallocated(&q, tms_static_heap + 3, bytes - 1, &s) == SSVM_ERR_WORKSPACE);
    TH_CHECK(t, ssvm_solver_init_preallocated(&q, NULL, bytes, &s) == SSVM_ERR_INVALID_ARG);
    TH_CHECK(t, ssvm_solver_init_preallocated(&q, tms_static_heap + 3, bytes, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
    TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_BEST, w, sizeof w) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_step(&s, -1, NULL) == SSVM_ERR_INVALID_ARG && ssvm_solver_step(&s, 40, NULL) == SSVM_ERR_INVALID_ARG);
    {
        ssvm_progress sp;
        TH_CHECK(t, ssvm_solver_progress(&s, &sp) == SSVM_OK && sp.state_bytes == bytes);
    }
    ssvm_solver_uninit(&s); /* does not own the buffer: nothing freed */
    TH_CHECK(t, ssvm_solver_step(&s, 0, NULL) == SSVM_ERR_INVALID_ARG);
    TH_CHECK(t, ssvm_solver_pass(NULL) == SSVM_ERR_INVALID_ARG && ssvm_solver_run(NULL) == SSVM_ERR_INVALID_ARG);
    q.averaging = SSVM_AVG_NONE;
    TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_AVERAGE, w, sizeof w) == SSVM_ERR_NOT_SUPPORTED);
    ssvm_solver_uninit(&s);
    /* the multi-sample solver has no suffix average */
    q.averaging = SSVM_AVG_SUFFIX;
    TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_NOT_SUPPORTED);
    TH_CHECK(t, ssvm_solver_config_check(NULL) == SSVM_ERR_INVALID_ARG);
    TH_CHECK(t, ssvm_multiclass_sampler(NULL, &q.ms.sampler) == SSVM_ERR_INVALID_ARG);
}

/* The default sampler calls the problem's oracle on the solver's lazily scaled store with its w_scale (no O(d)
   copy a step). The same iterate as a sampler that materialises w = w_scale * w[] and calls the same oracle at
   w_scale 1 (0.1.1's path for problems without oracle_scaled), chain and multiclass, with projection and line
   search on. */
typedef struct tms_mat { const ssvm_problem *p; int calls, scaled; } tms_mat; /* scaled: calls with w_scale != 1 */
static size_t tms_mat_work(void *u, int k_max) {
    (void)k_max;
    return sizeof(ssvm_real) * (size_t)((tms_mat *)u)->p->d;
}
static int tms_mat_sample(void *u, int i, const ssvm_real *w, double ws, int k_max, void *work, int *ys, int stride,
                          int *lens, ssvm_real *deltas) {
    const ssvm_problem *p = ((tms_mat *)u)->p;
    ssvm_real *wm = (ssvm_real *)work;
    int j, len;
    (void)k_max; (void)stride;
    ((tms_mat *)u)->calls++;
    ((tms_mat *)u)->scaled += ws != 1.0;
    for (j = 0; j < p->d; j++) wm[j] = (ssvm_real)(ws * (double)w[j]);
    len = p->oracle(p->user, i, wm, 1.0, ys, deltas);
    if (len < 0) return len;
    lens[0] = len;
    return 1;
}
static void test_multisample_default_sampler_scaled_oracle(th_ctx *t) {
    int prob, j;
    double tol = IS_FLOAT_BUILD ? 1e-4 : 1e-10;
    for (prob = 0; prob < 2; prob++) {
        tms_rng r = {777};
        tms_ch c;
        tms_mc mc;
        tms_mat mat;
        ssvm_problem p;
        ssvm_solver_config q;
        ssvm_solver a, b;
        ssvm_progress pa, pb;
        double *wa, *wb, worst = 0, big = 0;
        if (prob == 0) { tms_ch_make(&c, &r, 8, 3, 4, SSVM_CHAIN_BIASES, 1); p = c.p; }
        else { tms_mc_make(&mc, 17, 40, 4, 6, 1.0, 0.8, 1); p = mc.p; }
        mat.p = &p; mat.calls = 0; mat.scaled = 0;
        q = ssvm_solver_config_init(&p, SSVM_MULTISAMPLE);
        q.lambda = 0.02; q.max_passes = 6; q.gap_tol = 0; q.eval_every = 0; q.seed = 5;
        TH_CHECK(t, ssvm_solver_init(&q, &a) == SSVM_OK);
        q.ms.sampler.sample = tms_mat_sample; q.ms.sampler.work_bytes = tms_mat_work; q.ms.sampler.user = &mat;
        TH_CHECK(t, ssvm_solver_init(&q, &b) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_config_of(&a)->ms.sampler.sample == NULL && TH_MS(&a).smp.sample != NULL && TH_MS(&a).smp.sample != tms_mat_sample);
        TH_CHECK(t, TH_MS(&b).smp.sample == tms_mat_sample);
        TH_CHECK(t, ssvm_solver_run(&a) == SSVM_MAX_PASSES && ssvm_solver_run(&b) == SSVM_MAX_PASSES);
        wa = (double *)malloc(sizeof(double) * (size_t)p.d); wb = (double *)malloc(sizeof(double) * (size_t)p.d);
        tms_weights(&a, wa); tms_weights(&b, wb);
        for (j = 0; j < p.d; j++) {
            if (fabs(wa[j] - wb[j]) > worst) worst = fabs(wa[j] - wb[j]);
            if (fabs(wa[j]) > big) big = fabs(wa[j]);
        }
        TH_CHECKF(t, worst <= tol * (1 + big) && big > 0.05, "prob %d: %g (|w| %g)", prob, worst, big);
        TH_CHECK(t, ssvm_solver_progress(&a, &pa) == SSVM_OK && ssvm_solver_progress(&b, &pb) == SSVM_OK);
        TH_CHECK(t, pa.oracle_calls == pb.oracle_calls && pa.oracle_calls == mat.calls);
        /* the samplers were called on a scaled store (w_scale != 1) at most steps: the path is exercised */
        TH_CHECKF(t, 2 * mat.scaled > mat.calls, "prob %d: %d of %d calls scaled", prob, mat.scaled, mat.calls);
        ssvm_solver_uninit(&a); ssvm_solver_uninit(&b);
        if (prob == 0) tchain_free(&c);
        free(wa); free(wb);
    }
}

void suite_multisample(th_ctx *t) {
    TH_RUN(t, test_multisample_kbest_viterbi_brute_force);
    TH_RUN(t, test_multisample_chain_sampler_brute_force);
    TH_RUN(t, test_multisample_multiclass_sampler);
    TH_RUN(t, test_multisample_moves_exact_1d);
    TH_RUN(t, test_multisample_solver_moves_match_reference);
    TH_RUN(t, test_multisample_multiclass_qp_brute_force);
    TH_RUN(t, test_multisample_multiclass_step_is_qp_optimum);
    TH_RUN(t, test_multisample_lemma_2_2_and_2_3);
    TH_RUN(t, test_multisample_regret_bound);
    TH_RUN(t, test_multisample_averaged_iterate_bound);
    TH_RUN(t, test_multisample_k1_reduces_to_single_sample);
    TH_RUN(t, test_multisample_violator_cache);
    TH_RUN(t, test_multisample_sparse_steps);
    TH_RUN(t, test_multisample_averages);
    TH_RUN(t, test_multisample_run_progress_and_stopping);
    TH_RUN(t, test_multisample_determinism);
    TH_RUN(t, test_multisample_bad_input);
    TH_RUN(t, test_multisample_default_sampler_scaled_oracle);
}
