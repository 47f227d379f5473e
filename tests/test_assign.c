/* tests/test_assign.c: the assignment model (ssvm_assign): the loss-augmented and plain Hungarian decoders
   against brute force over every (partial) matching, both losses, counted and normalised, square, rectangular
   and with the dummy rule; the Birkhoff polytope view (part scores, costs, part_phi) against phi and the loss;
   bad input; the predict-only entry point; BCFW training to a small duality gap.
   One translation unit of the test program (tests/run.c runs suite_assign). */
#include "../structsvm.h"
#include "harness.h"
#include "tchain.h"

#define TA_MAXN 8
#define TA_MAXM 6
#define TA_MAXC 8
#define TA_MAXF 4
#define TA_PAIRS (TA_MAXN * TA_MAXM * TA_MAXC)

/* small random matching data (heap-allocated: the model points into it) */
typedef struct tasg {
    ssvm_assign_config cfg;
    ssvm_assign m;
    ssvm_problem p;
    int row_start[TA_MAXN + 1], n_cols[TA_MAXN], pair_start[TA_MAXN + 1];
    ssvm_real x[TA_PAIRS * TA_MAXF];
    int pair_attr_start[TA_PAIRS + 1], attr_id[TA_PAIRS * TA_MAXF];
    ssvm_real attr_val[TA_PAIRS * TA_MAXF];
    int labels[TA_MAXN * TA_MAXM];
} tasg;

/* n examples of 1..mmax rows; rect: 0..2 extra columns (with the dummy flag also fewer columns than rows);
   labels: a random permutation, or with the dummy flag a random partial one */
static tasg *tasg_make(trng *r, int n, int mmax, int F, int flags, int rect, int sparse) {
    tasg *c = (tasg *)calloc(1, sizeof(tasg));
    int i, j, k, f, nz = 0, dummy = (flags & SSVM_ASSIGN_DUMMY) != 0;
    for (i = 0; i < n; i++) {
        int m = 1 + trng_i(r, mmax), cols = m, used[TA_MAXC];
        if (rect) cols = dummy ? 1 + trng_i(r, m + 2) : m + trng_i(r, 3);
        if (cols > TA_MAXC) cols = TA_MAXC;
        c->row_start[i + 1] = c->row_start[i] + m;
        c->n_cols[i] = cols;
        c->pair_start[i + 1] = c->pair_start[i] + m * cols;
        for (k = 0; k < cols; k++) used[k] = 0;
        for (j = 0; j < m; j++) {
            int g = -1;
            if (!dummy || trng_u(r) < 0.7) {
                int free_cols = 0, pick;
                for (k = 0; k < cols; k++) free_cols += !used[k];
                if (free_cols > 0) {
                    pick = trng_i(r, free_cols);
                    for (k = 0; k < cols; k++) if (!used[k] && pick-- == 0) { g = k; break; }
                    used[g] = 1;
                }
            }
            c->labels[c->row_start[i] + j] = g;
        }
    }
    for (k = 0; k < c->pair_start[n]; k++) {
        c->pair_attr_start[k] = nz;
        for (f = 0; f < F; f++) {
            double v = trng_u(r) < 0.25 ? 0.0 : trng_u(r) * 2 - 1;
            c->x[k * F + f] = (ssvm_real)v;
            if (v != 0) { c->attr_id[nz] = f; c->attr_val[nz] = (ssvm_real)v; nz++; }
        }
    }
    c->pair_attr_start[c->pair_start[n]] = nz;
    c->cfg = ssvm_assign_config_init(n, F, c->row_start, c->pair_start, c->labels);
    c->cfg.flags = flags;
    if (rect) c->cfg.n_cols = c->n_cols;
    if (sparse) { c->cfg.pair_attr_start = c->pair_attr_start; c->cfg.attr_id = c->attr_id; c->cfg.attr_val = c->attr_val; }
    else c->cfg.x = c->x;
    return c;
}
static ssvm_result tasg_init(tasg *c) {
    ssvm_result r;
    ssvm_assign_uninit(&c->m);
    if ((r = ssvm_assign_init(&c->cfg, &c->m)) != SSVM_OK) return r;
    return ssvm_assign_problem(&c->m, &c->p);
}
static void tasg_free(tasg *c) { if (c) { ssvm_assign_uninit(&c->m); free(c); } }
static int ta_rows(const tasg *c, int i) { return c->row_start[i + 1] - c->row_start[i]; }
static int ta_cols(const tasg *c, int i) { return c->cfg.n_cols ? c->n_cols[i] : ta_rows(c, i); }

/* <w, f(i, j, k)> straight from the dense features, in double */
static double ta_pair_score(const tasg *c, int i, int j, int k, const ssvm_real *w) {
    int f, F = c->cfg.n_attrs;
    double s = 0;
    const ssvm_real *x = c->x + ((size_t)c->pair_start[i] + (size_t)j * ta_cols(c, i) + k) * F;
    for (f = 0; f < F; f++) s += (double)w[f] * (double)x[f];
    return s;
}
static double ta_score(const tasg *c, int i, const int *y, const ssvm_real *w) {
    int j;
    double s = 0;
    for (j = 0; j < ta_rows(c, i); j++) if (y[j] >= 0) s += ta_pair_score(c, i, j, y[j], w);
    return s;
}
/* Delta by edge sets: predicted edges not true (cost_fp), true edges not predicted (cost_fn); Hamming when both
   costs are 0 */
static double ta_loss(const tasg *c, int i, const int *y) {
    int j, m = ta_rows(c, i);
    const int *g = c->labels + c->row_start[i];
    double fp = 0, fn = 0, ham = 0, s;
    for (j = 0; j < m; j++) {
        ham += (y[j] != g[j]);
        if (y[j] >= 0 && y[j] != g[j]) fp++;
        if (g[j] >= 0 && y[j] != g[j]) fn++;
    }
    s = (c->cfg.cost_fp == 0 && c->cfg.cost_fn == 0) ? ham : c->cfg.cost_fp * fp + c->cfg.cost_fn * fn;
    return (c->cfg.flags & SSVM_ASSIGN_COUNTED_LOSS) ? s : s / m;
}

/* brute force: the best aug * Delta(y) + <w, phi(y)> over every matching (dummy: every partial matching) */
typedef struct ta_bf { const tasg *c; int i; const ssvm_real *w; double aug, best; int y[TA_MAXM], used[TA_MAXC]; } ta_bf;
static void ta_bf_rec(ta_bf *b, int j) {
    int k, m = ta_rows(b->c, b->i), cols = ta_cols(b->c, b->i);
    if (j == m) {
        double v = b->aug * ta_loss(b->c, b->i, b->y) + ta_score(b->c, b->i, b->y, b->w);
        if (v > b->best) b->best = v;
        return;
    }
    if (b->c->cfg.flags & SSVM_ASSIGN_DUMMY) { b->y[j] = -1; ta_bf_rec(b, j + 1); }
    for (k = 0; k < cols; k++) {
        if (b->used[k]) continue;
        b->used[k] = 1; b->y[j] = k;
        ta_bf_rec(b, j + 1);
        b->used[k] = 0;
    }
}
static double ta_brute(const tasg *c, int i, const ssvm_real *w, double aug) {
    ta_bf b;
    memset(&b, 0, sizeof b);
    b.c = c; b.i = i; b.w = w; b.aug = aug; b.best = -1e300;
    ta_bf_rec(&b, 0);
    return b.best;
}
/* a valid label of example i: m ints, columns in range (or -1 with the dummy flag), none twice */
static int ta_valid(const tasg *c, int i, const int *y, int len) {
    int j, k;
    if (len != ta_rows(c, i)) return 0;
    for (j = 0; j < len; j++) {
        if (y[j] == -1 && (c->cfg.flags & SSVM_ASSIGN_DUMMY)) continue;
        if (y[j] < 0 || y[j] >= ta_cols(c, i)) return 0;
        for (k = 0; k < j; k++) if (y[k] == y[j]) return 0;
    }
    return 1;
}

/* the loss-augmented oracle (w_scale 1 and 0.37) and the plain decoder reach the brute-force optimum */
static void test_assign_oracle_brute(th_ctx *t) {
    trng r = {2024};
    double tol = IS_FLOAT_BUILD ? 1e-4 : 1e-9;
    int cfgs, rep, bad = 0, instances = 0;
    for (cfgs = 0; cfgs < 12; cfgs++) {
        int flags = ((cfgs & 1) ? SSVM_ASSIGN_COUNTED_LOSS : 0) | ((cfgs >> 2) == 2 ? SSVM_ASSIGN_DUMMY : 0);
        int asym = (cfgs & 2) != 0, rect = (cfgs >> 2) != 0; /* shapes: square, rectangular, dummy */
        for (rep = 0; rep < 3; rep++) {
            tasg *c = tasg_make(&r, 4, TA_MAXM, 3, flags, rect, rep == 2);
            ssvm_real w[3];
            int i, f, y[TA_MAXM];
            if (asym) { c->cfg.cost_fp = 1; c->cfg.cost_fn = 3; }
            TH_CHECK(t, tasg_init(c) == SSVM_OK);
            for (f = 0; f < 3; f++) w[f] = (ssvm_real)(trng_u(&r) * 4 - 2);
            for (i = 0; i < c->cfg.n && c->p.oracle; i++) {
                ssvm_real delta = -1;
                double ws = 0.37, v;
                int len;
                instances++;
                len = c->p.oracle(c->p.user, i, w, 1.0, y, &delta);
                TH_CHECK(t, len == ta_rows(c, i) && ta_valid(c, i, y, len));
                if (len != ta_rows(c, i) || !ta_valid(c, i, y, len)) { bad++; continue; }
                TH_NEAR(t, delta, ta_loss(c, i, y), tol);
                v = ta_loss(c, i, y) + ta_score(c, i, y, w);
                TH_CHECKF(t, fabs(v - ta_brute(c, i, w, 1.0)) <= tol * (1 + fabs(v)), "cfg %d ex %d: %.12g vs %.12g",
                          cfgs, i, v, ta_brute(c, i, w, 1.0));
                /* at w_scale: argmax Delta + ws <w, phi> = argmax Delta / ws + <w, phi> */
                len = c->p.oracle(c->p.user, i, w, ws, y, &delta);
                TH_CHECK(t, ta_valid(c, i, y, len));
                v = ta_loss(c, i, y) / ws + ta_score(c, i, y, w);
                TH_CHECK(t, fabs(v - ta_brute(c, i, w, 1.0 / ws)) <= tol * (1 + fabs(v)));
                len = c->p.decode(c->p.user, i, w, y);
                TH_CHECK(t, ta_valid(c, i, y, len));
                v = ta_score(c, i, y, w);
                TH_CHECK(t, fabs(v - ta_brute(c, i, w, 0.0)) <= tol * (1 + fabs(v)));
                TH_CHECK(t, c->p.loss(c->p.user, i, y, len, &delta) == 0);
                TH_NEAR(t, delta, ta_loss(c, i, y), tol);
            }
            tasg_free(c);
        }
    }
    TH_CHECK(t, bad == 0 && instances >= 100);
}

/* truth, phi and loss: phi(y) . w is the pair-score sum, the truth has zero loss, bad labels are refused */
static void test_assign_phi_truth_loss(th_ctx *t) {
    trng r = {7};
    int sparse;
    double tol = IS_FLOAT_BUILD ? 1e-5 : 1e-12;
    for (sparse = 0; sparse < 2; sparse++) {
        tasg *c = tasg_make(&r, 5, 5, 4, SSVM_ASSIGN_DUMMY, 1, sparse);
        size_t bytes = 0;
        void *heap;
        ssvm_svec v;
        ssvm_real w[4], delta = -1;
        int i, f, y[TA_MAXM], len;
        TH_CHECK(t, tasg_init(c) == SSVM_OK);
        TH_CHECK(t, c->p.d == 4 && c->p.max_label_len >= 1 && c->p.parts == 0);
        TH_CHECK(t, ssvm_svec_get_heap_size(4, &bytes) == SSVM_OK);
        heap = malloc(bytes);
        TH_CHECK(t, ssvm_svec_init_preallocated(4, heap, bytes, &v) == SSVM_OK);
        for (f = 0; f < 4; f++) w[f] = (ssvm_real)(trng_u(&r) - 0.5);
        for (i = 0; i < 5; i++) {
            len = c->p.truth(c->p.user, i, y);
            TH_CHECK(t, len == ta_rows(c, i));
            TH_CHECK(t, c->p.loss(c->p.user, i, y, len, &delta) == 0 && delta == 0);
            ssvm_svec_clear(&v);
            TH_CHECK(t, c->p.phi(c->p.user, i, y, len, (ssvm_real)1, &v) == 0);
            TH_NEAR(t, ssvm_svec_dot(&v, w), ta_score(c, i, y, w), tol);
            if (len >= 2 && ta_cols(c, i) >= 1) { /* a column twice */
                y[0] = 0; y[1] = 0;
                ssvm_svec_clear(&v);
                TH_CHECK(t, c->p.phi(c->p.user, i, y, len, (ssvm_real)1, &v) == SSVM_ERR_LABEL);
                TH_CHECK(t, c->p.loss(c->p.user, i, y, len, &delta) == SSVM_ERR_LABEL);
            }
            y[0] = ta_cols(c, i);
            TH_CHECK(t, c->p.loss(c->p.user, i, y, len, &delta) == SSVM_ERR_LABEL);
            TH_CHECK(t, c->p.loss(c->p.user, i, y, len + 1, &delta) == SSVM_ERR_LABEL);
        }
        free(heap);
        tasg_free(c);
    }
}

/* the Birkhoff view: at random permutations, sum_p z_p cost_p = Delta and sum_p z_p score_p = <w, phi>;
   part_phi of a permutation's z is phi, and of any z the z-weighted pair features */
static void test_assign_parts(th_ctx *t) {
    trng r = {31};
    double tol = IS_FLOAT_BUILD ? 1e-5 : 1e-12;
    int cfgs;
    for (cfgs = 0; cfgs < 8; cfgs++) {
        int flags = (cfgs & 1) ? SSVM_ASSIGN_COUNTED_LOSS : 0, sparse = (cfgs & 4) != 0;
        tasg *c = tasg_make(&r, 4, TA_MAXM, 3, flags, 0, sparse);
        size_t bytes = 0;
        void *heap;
        ssvm_svec v, u;
        ssvm_real w[3], score[TA_MAXM * TA_MAXM], cost[TA_MAXM * TA_MAXM], z[TA_MAXM * TA_MAXM];
        int i, f, rep, msz = 0;
        if (cfgs & 2) { c->cfg.cost_fp = 0.5; c->cfg.cost_fn = 2; }
        TH_CHECK(t, tasg_init(c) == SSVM_OK);
        TH_CHECK(t, c->p.parts && c->p.part_scores && c->p.part_phi && ssvm_problem_check(&c->p) == SSVM_OK);
        if (!c->p.parts) { tasg_free(c); continue; }
        TH_CHECK(t, ssvm_svec_get_heap_size(3, &bytes) == SSVM_OK);
        heap = malloc(2 * bytes);
        TH_CHECK(t, ssvm_svec_init_preallocated(3, heap, bytes, &v) == SSVM_OK);
        TH_CHECK(t, ssvm_svec_init_preallocated(3, (char *)heap + bytes, bytes, &u) == SSVM_OK);
        for (f = 0; f < 3; f++) w[f] = (ssvm_real)(trng_u(&r) * 2 - 1);
        for (i = 0; i < 4; i++) {
            int m, p, y[TA_MAXM];
            TH_CHECK(t, c->p.parts(c->p.user, i, &msz) == SSVM_POLYTOPE_BIRKHOFF && msz == ta_rows(c, i));
            m = msz;
            TH_CHECK(t, c->p.part_scores(c->p.user, i, w, score, cost) == 0);
            for (rep = 0; rep < 6; rep++) {
                double sc = 0, co = 0;
                int j, k;
                for (j = 0; j < m; j++) y[j] = j;
                for (j = m - 1; j > 0; j--) { k = trng_i(&r, j + 1); p = y[j]; y[j] = y[k]; y[k] = p; }
                if (rep == 0) c->p.truth(c->p.user, i, y);
                for (p = 0; p < m * m; p++) z[p] = (ssvm_real)(y[p / m] == p % m);
                for (p = 0; p < m * m; p++) { sc += (double)z[p] * score[p]; co += (double)z[p] * cost[p]; }
                TH_NEAR(t, co, ta_loss(c, i, y), tol);
                TH_NEAR(t, sc, ta_score(c, i, y, w), tol);
                ssvm_svec_clear(&v); ssvm_svec_clear(&u);
                TH_CHECK(t, c->p.part_phi(c->p.user, i, z, (ssvm_real)-0.5, &v) == 0);
                TH_CHECK(t, c->p.phi(c->p.user, i, y, m, (ssvm_real)-0.5, &u) == 0);
                for (f = 0; f < 3; f++) {
                    double a = v.mark[f] ? (double)v.val[f] : 0, b = u.mark[f] ? (double)u.val[f] : 0;
                    TH_NEAR(t, a, b, tol);
                }
            }
            /* any z: a doubly stochastic-looking random matrix */
            for (p = 0; p < m * m; p++) z[p] = (ssvm_real)trng_u(&r);
            ssvm_svec_clear(&v);
            TH_CHECK(t, c->p.part_phi(c->p.user, i, z, (ssvm_real)2, &v) == 0);
            for (f = 0; f < 3; f++) {
                double a = v.mark[f] ? (double)v.val[f] : 0, b = 0;
                for (p = 0; p < m * m; p++) b += 2.0 * (double)z[p] * (double)c->x[((size_t)c->pair_start[i] + p) * 3 + f];
                TH_NEAR(t, a, b, tol);
            }
        }
        free(heap);
        tasg_free(c);
    }
    { /* rectangular or dummy problems have no polytope view */
        tasg *c = tasg_make(&r, 3, 4, 2, 0, 1, 0);
        c->n_cols[0] = ta_rows(c, 0) + 1; /* one example surely rectangular */
        c->pair_start[1] = ta_rows(c, 0) * c->n_cols[0];
        { int i; for (i = 1; i < 3; i++) c->pair_start[i + 1] = c->pair_start[i] + ta_rows(c, i) * c->n_cols[i]; }
        TH_CHECK(t, tasg_init(c) == SSVM_OK && c->p.parts == 0 && c->p.part_scores == 0 && c->p.part_phi == 0);
        tasg_free(c);
        c = tasg_make(&r, 3, 4, 2, SSVM_ASSIGN_DUMMY, 0, 0);
        TH_CHECK(t, tasg_init(c) == SSVM_OK && c->p.parts == 0);
        tasg_free(c);
    }
}

/* bad input gets its own code, from the size query and from both inits */
static ssvm_result ta_init_code(tasg *c) {
    size_t bytes = 0;
    ssvm_result r1 = ssvm_assign_get_heap_size(&c->cfg, &bytes), r2 = ssvm_assign_init(&c->cfg, &c->m);
    void *heap = malloc(1024 * 1024);
    ssvm_assign m2;
    ssvm_result r3 = ssvm_assign_init_preallocated(&c->cfg, heap, 1024 * 1024, &m2);
    free(heap);
    ssvm_assign_uninit(&c->m);
    return (r1 == r2 && r2 == r3) ? r1 : SSVM_ERR_CALLBACK; /* CALLBACK: the three disagree */
}
/* one example of m rows and cols columns (cols == m: square), labels row j -> j (the caller edits them) */
static tasg *ta_one(int m, int cols, int sparse) {
    trng r = {11};
    tasg *c = tasg_make(&r, 1, 1, 2, 0, 0, sparse);
    int j, k, nz = 0;
    c->row_start[1] = m; c->n_cols[0] = cols; c->pair_start[1] = m * cols;
    for (j = 0; j < m; j++) c->labels[j] = j < cols ? j : -1;
    for (k = 0; k < m * cols; k++) {
        c->x[2 * k] = (ssvm_real)(k % 5) - 2; c->x[2 * k + 1] = (ssvm_real)1;
        c->pair_attr_start[k] = nz;
        c->attr_id[nz] = 0; c->attr_val[nz] = (ssvm_real)(k % 5) - 2; nz++;
        c->attr_id[nz] = 1; c->attr_val[nz] = (ssvm_real)1; nz++;
    }
    c->pair_attr_start[m * cols] = nz;
    c->cfg.n_cols = cols == m ? 0 : c->n_cols;
    return c;
}
static void test_assign_bad_input(th_ctx *t) {
    tasg *c = ta_one(3, 2, 0);
    TH_CHECK(t, ta_init_code(c) == SSVM_ERR_SHAPE); /* more rows than columns, no dummy rule */
    c->cfg.flags = SSVM_ASSIGN_DUMMY;               /* the same data as a partial matching (row 2 unmatched) */
    TH_CHECK(t, ta_init_code(c) == SSVM_OK);
    c->cfg.n_cols = 0;                              /* square: 9 pairs expected, 6 given */
    TH_CHECK(t, ta_init_code(c) == SSVM_ERR_INVALID_ARG);
    tasg_free(c);

    c = ta_one(3, 3, 0);
    TH_CHECK(t, ta_init_code(c) == SSVM_OK);
    c->labels[1] = 3;                               /* out of range */
    TH_CHECK(t, ta_init_code(c) == SSVM_ERR_LABEL);
    c->labels[1] = -1;                              /* unmatched without the dummy rule */
    TH_CHECK(t, ta_init_code(c) == SSVM_ERR_LABEL);
    c->labels[1] = -2;
    c->cfg.flags = SSVM_ASSIGN_DUMMY;
    TH_CHECK(t, ta_init_code(c) == SSVM_ERR_LABEL);
    c->cfg.flags = 0;
    c->labels[1] = 0;                               /* column 0 twice */
    TH_CHECK(t, ta_init_code(c) == SSVM_ERR_LABEL);
    c->labels[1] = 2; c->labels[2] = 1;
    TH_CHECK(t, ta_init_code(c) == SSVM_OK);
    c->x[3] = (ssvm_real)NAN;
    TH_CHECK(t, ta_init_code(c) == SSVM_ERR_NONFINITE);
    c->x[3] = (ssvm_real)HUGE_VAL;
    TH_CHECK(t, ta_init_code(c) == SSVM_ERR_NONFINITE);
    c->x[3] = 0;
    c->cfg.cost_fp = -1;
    TH_CHECK(t, ta_init_code(c) == SSVM_ERR_LOSS);
    c->cfg.cost_fp = HUGE_VAL;
    TH_CHECK(t, ta_init_code(c) == SSVM_ERR_LOSS);
    c->cfg.cost_fp = 0;
    c->cfg.n = 0;
    TH_CHECK(t, ta_init_code(c) == SSVM_ERR_EMPTY);
    c->cfg.n = 1;
    c->cfg.n_attrs = 0;
    TH_CHECK(t, ta_init_code(c) == SSVM_ERR_EMPTY);
    c->cfg.n_attrs = 2;
    c->cfg.flags = 64;
    TH_CHECK(t, ta_init_code(c) == SSVM_ERR_INVALID_ARG);
    c->cfg.flags = 0;
    c->cfg.labels = 0;
    TH_CHECK(t, ta_init_code(c) == SSVM_ERR_INVALID_ARG);
    c->cfg.labels = c->labels;
    c->row_start[1] = 0;                            /* an example with no rows */
    TH_CHECK(t, ta_init_code(c) == SSVM_ERR_EMPTY);
    tasg_free(c);

    c = ta_one(3, 3, 1);
    TH_CHECK(t, ta_init_code(c) == SSVM_OK);
    c->attr_id[4] = 2;                              /* F = 2 */
    TH_CHECK(t, ta_init_code(c) == SSVM_ERR_FEATURE_INDEX);
    c->attr_id[4] = -1;
    TH_CHECK(t, ta_init_code(c) == SSVM_ERR_FEATURE_INDEX);
    c->attr_id[4] = 0;
    c->attr_val[4] = (ssvm_real)NAN;
    TH_CHECK(t, ta_init_code(c) == SSVM_ERR_NONFINITE);
    c->attr_val[4] = 1;
    c->pair_attr_start[2] = 7;                      /* offsets decrease */
    TH_CHECK(t, ta_init_code(c) == SSVM_ERR_INVALID_ARG);
    tasg_free(c);

    { /* a preallocated heap one byte short, and a problem from a model whose init failed */
        size_t bytes = 0;
        void *heap;
        ssvm_assign m;
        ssvm_problem p;
        c = ta_one(4, 4, 0);
        TH_CHECK(t, ssvm_assign_get_heap_size(&c->cfg, &bytes) == SSVM_OK && bytes > 0);
        TH_CHECK(t, ssvm_assign_get_heap_size(&c->cfg, 0) == SSVM_ERR_INVALID_ARG);
        heap = malloc(bytes);
        TH_CHECK(t, ssvm_assign_init_preallocated(&c->cfg, heap, bytes - 1, &m) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_assign_problem(&m, &p) == SSVM_ERR_INVALID_ARG);
        TH_CHECK(t, ssvm_assign_init_preallocated(&c->cfg, heap, bytes, &m) == SSVM_OK);
        TH_CHECK(t, ssvm_assign_problem(&m, &p) == SSVM_OK && p.n == 1 && p.d == 2 && p.max_label_len == 4);
        ssvm_assign_uninit(&m);
        free(heap);
        tasg_free(c);
    }
}

/* a NaN weight or a bad w_scale is refused by the oracle, never a wrong matching */
static void test_assign_oracle_bad_w(th_ctx *t) {
    trng r = {3};
    tasg *c = tasg_make(&r, 2, 4, 2, 0, 0, 0);
    ssvm_real w[2], delta = 0;
    int y[TA_MAXM];
    TH_CHECK(t, tasg_init(c) == SSVM_OK);
    w[0] = (ssvm_real)NAN; w[1] = 1;
    TH_CHECK(t, c->p.oracle(c->p.user, 0, w, 1.0, y, &delta) == SSVM_ERR_NONFINITE);
    TH_CHECK(t, c->p.decode(c->p.user, 0, w, y) == SSVM_ERR_NONFINITE);
    w[0] = 1;
    TH_CHECK(t, c->p.oracle(c->p.user, 0, w, 0.0, y, &delta) == SSVM_ERR_INVALID_ARG);
    TH_CHECK(t, c->p.oracle(c->p.user, 0, w, -1.0, y, &delta) == SSVM_ERR_INVALID_ARG);
    tasg_free(c);
}

/* ssvm_assign_predict (dense, one example) decodes as the model's decode callback does */
static void test_assign_predict(th_ctx *t) {
    trng r = {555};
    int dummy;
    double tol = IS_FLOAT_BUILD ? 1e-4 : 1e-9;
    for (dummy = 0; dummy < 2; dummy++) {
        int flags = dummy ? SSVM_ASSIGN_DUMMY : 0;
        tasg *c = tasg_make(&r, 6, TA_MAXM, 3, flags, 1, 0);
        ssvm_real w[3];
        int i, f, y[TA_MAXM], y2[TA_MAXM];
        TH_CHECK(t, tasg_init(c) == SSVM_OK);
        for (f = 0; f < 3; f++) w[f] = (ssvm_real)(trng_u(&r) * 2 - 1);
        for (i = 0; i < 6; i++) {
            int m = ta_rows(c, i), cols = ta_cols(c, i);
            size_t bytes = 0;
            void *work;
            TH_CHECK(t, ssvm_assign_predict_get_work_size(m, cols, flags, &bytes) == SSVM_OK);
            work = malloc(bytes);
            TH_CHECK(t, ssvm_assign_predict(m, cols, 3, flags, w, c->x + (size_t)c->pair_start[i] * 3, work, bytes - 1,
                                            y) == SSVM_ERR_WORKSPACE);
            TH_CHECK(t, ssvm_assign_predict(m, cols, 3, flags, w, c->x + (size_t)c->pair_start[i] * 3, work, bytes, y) ==
                        SSVM_OK);
            TH_CHECK(t, c->p.decode(c->p.user, i, w, y2) == m);
            TH_CHECK(t, ta_valid(c, i, y, m));
            TH_NEAR(t, ta_score(c, i, y, w), ta_score(c, i, y2, w), tol);
            TH_NEAR(t, ta_score(c, i, y, w), ta_brute(c, i, w, 0.0), tol);
            free(work);
        }
        tasg_free(c);
    }
    {
        size_t bytes = 1;
        TH_CHECK(t, ssvm_assign_predict_get_work_size(3, 2, 0, &bytes) == SSVM_ERR_SHAPE && bytes == 0);
        TH_CHECK(t, ssvm_assign_predict_get_work_size(3, 2, SSVM_ASSIGN_DUMMY, &bytes) == SSVM_OK && bytes > 0);
        TH_CHECK(t, ssvm_assign_predict_get_work_size(0, 2, 0, &bytes) == SSVM_ERR_EMPTY);
        TH_CHECK(t, ssvm_assign_predict_get_work_size(2, 2, 0, 0) == SSVM_ERR_INVALID_ARG);
    }
}

/* BCFW (lambda 1) on a small random matching problem (labels decoded at a hidden w*) reaches gap 1e-6, with the
   duality certificate (primal >= dual), and the fit decodes most training rows right */
static void test_assign_bcfw_train(th_ctx *t) {
    trng r = {4242};
    int cfgs;
    double g = IS_FLOAT_BUILD ? 1e-4 : 1e-6;
    for (cfgs = 0; cfgs < 3; cfgs++) {
        int flags = cfgs == 2 ? SSVM_ASSIGN_DUMMY : 0;
        tasg *c = tasg_make(&r, TA_MAXN, 5, TA_MAXF, flags, cfgs == 2, cfgs == 1);
        ssvm_real wstar[TA_MAXF], w[TA_MAXF];
        ssvm_solver_config cfg;
        ssvm_progress fin;
        ssvm_result res;
        double mean = 1;
        int i, f, yb[TA_MAXM];
        if (cfgs == 1) { c->cfg.cost_fp = 1; c->cfg.cost_fn = 3; }
        TH_CHECK(t, tasg_init(c) == SSVM_OK);
        for (f = 0; f < TA_MAXF; f++) wstar[f] = (ssvm_real)(trng_u(&r) * 2 - 1);
        for (i = 0; i < c->cfg.n; i++) { /* truth = the decode at w* (so the data are nearly separable) */
            int len = c->p.decode(c->p.user, i, wstar, yb), j;
            for (j = 0; j < len; j++) c->labels[c->row_start[i] + j] = yb[j];
        }
        TH_CHECK(t, tasg_init(c) == SSVM_OK);
        cfg = ssvm_solver_config_init(&c->p, SSVM_BCFW);
        cfg.lambda = 1.0; cfg.gap_tol = g; cfg.max_passes = 20000;
        res = ssvm_train(&cfg, w, sizeof w, &fin);
        TH_CHECKF(t, res == SSVM_CONVERGED, "cfg %d: %d (%s) after %d passes, gap %g", cfgs, (int)res,
                  ssvm_result_string(res), fin.pass, fin.iterate.gap);
        TH_CHECK(t, fin.iterate.gap <= g && fin.iterate.primal >= fin.iterate.dual - 1e-9);
        TH_CHECK(t, ssvm_mean_loss(&c->p, w, yb, sizeof yb, &mean) == SSVM_OK);
        TH_CHECKF(t, mean <= 0.25, "cfg %d: training loss %g", cfgs, mean);
        tasg_free(c);
    }
}

/* ssvm_solver_init and get_heap_size + init_preallocated: the same bits for every solver kind (MANUAL: REPRODUCIBILITY) */
static void test_assign_init_equals_preallocated(th_ctx *t) {
    trng r = {31};
    int sparse;
    for (sparse = 0; sparse < 2; sparse++) {
        tasg *c = tasg_make(&r, 5, 4, 3, 0, 0, sparse);
        TH_CHECK(t, tasg_init(c) == SSVM_OK);
        TH_CHECK(t, th_heap_vs_prealloc(t, &c->p, sparse ? "assignment, sparse x" : "assignment") >= 5);
        tasg_free(c);
    }
}
void suite_assign(th_ctx *t) {
    TH_RUN(t, test_assign_init_equals_preallocated);
    TH_RUN(t, test_assign_oracle_brute);
    TH_RUN(t, test_assign_phi_truth_loss);
    TH_RUN(t, test_assign_parts);
    TH_RUN(t, test_assign_bad_input);
    TH_RUN(t, test_assign_oracle_bad_w);
    TH_RUN(t, test_assign_predict);
    TH_RUN(t, test_assign_bcfw_train);
}
