/* tests/test_gaps.c: BCFW's config.bcfw options (Osokin et al., ICML 2016): block gap estimates and gap
   sampling, the explicit atom set with pairwise and away steps (dual feasibility and monotonicity checked at
   every step, drop steps, the atom cap), plane caching (calls saved, the certified optimum unchanged),
   determinism, the heap size known before training, bad configurations (-30, -31).
   One translation unit of the test program (tests/run.c runs suite_gaps). */
#include "../structsvm.h"
#include "harness.h"
#include "tchain.h"

#define GP_MAXN 24
#define GP_MAXF 3

typedef struct gmc { /* small dense multiclass */
    ssvm_real x[GP_MAXN * GP_MAXF];
    int labels[GP_MAXN];
    int n, K, F;
    ssvm_multiclass m;
    ssvm_problem p;
} gmc;
static ssvm_result gmc_random(gmc *c, trng *r, int n, int K, int F) {
    ssvm_multiclass_config cfg;
    ssvm_result e;
    int i, j;
    memset(c, 0, sizeof *c);
    c->n = n; c->K = K; c->F = F;
    for (i = 0; i < n; i++) {
        c->labels[i] = trng_i(r, K);
        for (j = 0; j < F; j++) c->x[i * F + j] = (ssvm_real)(trng_u(r) * 2 - 1);
    }
    cfg = ssvm_multiclass_config_init(n, K, F, c->x, c->labels);
    if ((e = ssvm_multiclass_init(&cfg, &c->m)) != SSVM_OK) return e;
    return ssvm_multiclass_problem(&c->m, &c->p);
}

/* a chain problem of 8 sequences (dense features, counted Hamming loss) */
static int gp_chain(tchain *c, unsigned long long seed) {
    trng r;
    r.s = seed;
    tchain_make(c, &r, 8, 3, 3, 0, 0);
    return tchain_problem(c, &c->p) == SSVM_OK;
}

/* w and l recovered from the atoms through the problem's own callbacks: w = sum_i sum_k alpha_k psi_i(y_k) /
   (lambda n), l = sum_i sum_k alpha_k Delta_k / n. Checks every weight >= 0 and their sum = 1 per example. */
static int gp_from_atoms(th_ctx *t, const ssvm_solver *s, const ssvm_problem *p, double lam, double *w, double *l) {
    ssvm_svec v;
    size_t bytes;
    void *heap;
    int i, k, cnt, y[64], yt[64], len, tl, j, ok = 1;
    double a, dl;
    ssvm_svec_get_heap_size(p->d, &bytes);
    heap = malloc(bytes);
    ssvm_svec_init_preallocated(p->d, heap, bytes, &v);
    for (j = 0; j < p->d; j++) w[j] = 0;
    *l = 0;
    for (i = 0; i < p->n; i++) {
        double sum = 0;
        if (ssvm_solver_atom_count(s, i, &cnt) != SSVM_OK) { ok = 0; break; }
        tl = p->truth(p->user, i, yt);
        for (k = 0; k < cnt; k++) {
            ssvm_solver_atom(s, i, k, &a, &dl, y, sizeof y, &len);
            if (a < 0) ok = 0;
            sum += a;
            if (a == 0) continue;
            ssvm_svec_clear(&v);
            p->phi(p->user, i, yt, tl, 1, &v);
            p->phi(p->user, i, y, len, -1, &v);
            for (j = 0; j < v.nnz; j++) w[v.idx[j]] += a * (double)v.val[v.idx[j]] / (lam * p->n);
            *l += a * dl / p->n;
        }
        TH_NEAR(t, sum, 1.0, 1e-9);
    }
    free(heap);
    return ok;
}
static double gp_dual(const double *w, double l, int d, double lam) {
    double ww = 0;
    int j;
    for (j = 0; j < d; j++) ww += w[j] * w[j];
    return l - 0.5 * lam * ww;
}

/* right after a check pass every estimate is the exact block gap: against a step's own g_i (engine state) and
   against g_i computed here from the atoms (atom state); their sum is the certified gap */
static void test_gaps_estimates_exact(th_ctx *t) {
    tchain c;
    int mode, i, n;
    double tol = IS_FLOAT_BUILD ? 1e-4 : 1e-9;
    if (!gp_chain(&c, 11)) { TH_CHECK(t, 0); return; }
    n = c.p.n;
    for (mode = 0; mode < 5; mode++) {
        ssvm_solver_config cfg = ssvm_solver_config_init(&c.p, SSVM_BCFW);
        ssvm_solver s;
        ssvm_progress pr;
        double g[GP_MAXN], sum = 0;
        cfg.bcfw.gap_sampling = 1;
        if (mode == 0) cfg.state = SSVM_STATE_COMPACT;
        if (mode == 1) cfg.state = SSVM_STATE_DENSE;
        if (mode == 2) cfg.state = SSVM_STATE_SPARSE;
        if (mode == 3) cfg.state = SSVM_STATE_COMPACT_SPARSE;
        if (mode == 4) cfg.bcfw.steps = SSVM_BCFW_STEPS_ALL;
        for (i = 0; i < (mode == 4 ? n : 1); i++) {
            TH_CHECK(t, ssvm_solver_init(&cfg, &s) == SSVM_OK);
            TH_CHECK(t, ssvm_solver_pass(&s) == SSVM_OK && ssvm_solver_pass(&s) == SSVM_OK && ssvm_solver_pass(&s) == SSVM_OK);
            TH_CHECK(t, ssvm_solver_evaluate(&s, 1, 0, &pr) == SSVM_OK);
            TH_CHECK(t, ssvm_solver_gap_estimates(&s, g, sizeof g) == SSVM_OK);
            if (i == 0) {
                int k;
                for (sum = 0, k = 0; k < n; k++) sum += g[k];
                TH_NEAR(t, sum, pr.iterate.gap, tol);
                TH_NEAR(t, pr.gap_estimate, pr.iterate.gap, tol);
            }
            if (mode < 4) { /* every example: a fresh solver, the same run, then one step on it */
                int k;
                for (k = 0; k < n; k++) {
                    ssvm_solver s2;
                    ssvm_step_info info;
                    ssvm_solver_init(&cfg, &s2);
                    ssvm_solver_pass(&s2); ssvm_solver_pass(&s2); ssvm_solver_pass(&s2);
                    ssvm_solver_evaluate(&s2, 1, 0, 0);
                    TH_CHECK(t, ssvm_solver_step(&s2, k, &info) == SSVM_OK);
                    TH_NEAR(t, g[k], info.block_gap > 0 ? info.block_gap : 0, tol);
                    ssvm_solver_uninit(&s2);
                }
            } else { /* g_i from the atoms and a brute-force oracle call here */
                double w[256], l, lam = cfg.lambda, gi, wiw = 0, li = 0, wsw = 0;
                int y[64], yt[64], len, tl, k, cnt, j;
                ssvm_real wr[256], delta;
                ssvm_svec v;
                size_t bytes;
                void *heap;
                gp_from_atoms(t, &s, &c.p, lam, w, &l);
                ssvm_solver_weights(&s, SSVM_W_ITERATE, wr, sizeof wr);
                ssvm_svec_get_heap_size(c.p.d, &bytes);
                heap = malloc(bytes);
                ssvm_svec_init_preallocated(c.p.d, heap, bytes, &v);
                tl = c.p.truth(c.p.user, i, yt);
                ssvm_solver_atom_count(&s, i, &cnt);
                for (k = 0; k < cnt; k++) { /* lambda <w_i, w> and l_i */
                    double a, dl;
                    ssvm_solver_atom(&s, i, k, &a, &dl, y, sizeof y, &len);
                    ssvm_svec_clear(&v);
                    c.p.phi(c.p.user, i, yt, tl, 1, &v); c.p.phi(c.p.user, i, y, len, -1, &v);
                    for (j = 0; j < v.nnz; j++) wiw += a * (double)v.val[v.idx[j]] * (double)wr[v.idx[j]] / n;
                    li += a * dl / n;
                }
                len = c.p.oracle(c.p.user, i, wr, 1.0, y, &delta);
                ssvm_svec_clear(&v);
                c.p.phi(c.p.user, i, yt, tl, 1, &v); c.p.phi(c.p.user, i, y, len, -1, &v);
                for (j = 0; j < v.nnz; j++) wsw += (double)v.val[v.idx[j]] * (double)wr[v.idx[j]] / n;
                gi = wiw - li - wsw + (double)delta / n;
                TH_NEAR(t, g[i], gi > 0 ? gi : 0, tol);
                free(heap);
            }
            ssvm_solver_uninit(&s);
        }
    }
    tchain_free(&c);
}

/* FW steps on the atoms (caching on but never hit) take plain BCFW's iterates: the same w as the compact and
   the dense state, and the atoms reproduce w and sum to 1 per example */
static void test_gaps_atoms_reproduce_state(th_ctx *t) {
    tchain c;
    int kind, j;
    ssvm_real w[3][256];
    double tol = IS_FLOAT_BUILD ? 1e-4 : 1e-9;
    if (!gp_chain(&c, 12)) { TH_CHECK(t, 0); return; }
    for (kind = 0; kind < 3; kind++) {
        ssvm_solver_config cfg = ssvm_solver_config_init(&c.p, SSVM_BCFW);
        ssvm_solver s;
        int k;
        cfg.state = kind == 0 ? SSVM_STATE_COMPACT : SSVM_STATE_DENSE;
        if (kind == 2) { cfg.bcfw.cache = 1; cfg.bcfw.cache_factor = 1e300; cfg.bcfw.cache_nu = 1e300; }
        TH_CHECK(t, ssvm_solver_init(&cfg, &s) == SSVM_OK);
        for (k = 0; k < 5; k++) TH_CHECK(t, ssvm_solver_pass(&s) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_ITERATE, w[kind], sizeof w[kind]) == SSVM_OK);
        if (kind == 2) {
            double wa[256], l;
            ssvm_progress pr;
            TH_CHECK(t, gp_from_atoms(t, &s, &c.p, cfg.lambda, wa, &l));
            for (j = 0; j < c.p.d; j++) TH_NEAR(t, wa[j], w[2][j], tol);
            ssvm_solver_evaluate(&s, 1, 0, &pr);
            TH_NEAR(t, gp_dual(wa, l, c.p.d, cfg.lambda), pr.iterate.dual, tol);
            TH_CHECK(t, pr.oracle_calls_saved == 0);
        }
        ssvm_solver_uninit(&s);
    }
    for (j = 0; j < c.p.d; j++) { TH_NEAR(t, w[2][j], w[0][j], tol); TH_NEAR(t, w[1][j], w[0][j], tol); }
    tchain_free(&c);
}

/* every step of pairwise / away / all, on a chain and a multiclass problem, with the default cap and a cap of
   2: weights >= 0 summing to 1, w and l from the atoms = the solver's, the dual never lower */
static void gp_monotone(th_ctx *t, const ssvm_problem *p, ssvm_bcfw_steps steps, int cap, int cache, int *drops) {
    ssvm_solver_config cfg = ssvm_solver_config_init(p, SSVM_BCFW);
    ssvm_solver s;
    double w[256], l, dprev = 0, tol = IS_FLOAT_BUILD ? 1e-4 : 1e-10;
    ssvm_real wr[256];
    int k, j, bad = 0, badw = 0, maxcnt = 0;
    cfg.bcfw.steps = steps; cfg.bcfw.max_atoms = cap; cfg.bcfw.cache = cache; cfg.bcfw.gap_sampling = cache;
    if (ssvm_solver_init(&cfg, &s) != SSVM_OK) { TH_CHECK(t, 0); return; }
    for (k = 0; k < 40 * p->n; k++) {
        ssvm_step_info info;
        double dn;
        int i = (int)((k * 7 + k / 3) % p->n), cnt;
        if (ssvm_solver_step(&s, i, &info) != SSVM_OK) { TH_CHECK(t, 0); break; }
        ssvm_solver_weights(&s, SSVM_W_ITERATE, wr, sizeof wr);
        if (!gp_from_atoms(t, &s, p, cfg.lambda, w, &l)) { TH_CHECK(t, 0); break; }
        for (j = 0; j < p->d; j++) if (fabs(w[j] - (double)wr[j]) > tol * (1 + fabs(w[j]))) badw++;
        dn = gp_dual(w, l, p->d, cfg.lambda);
        if (k > 0 && dn < dprev - tol * (1 + fabs(dprev))) bad++;
        dprev = dn;
        if (info.bcfw_drop) (*drops)++;
        ssvm_solver_atom_count(&s, i, &cnt);
        if (cnt > maxcnt) maxcnt = cnt;
    }
    TH_CHECKF(t, bad == 0, "steps %d cap %d: the dual fell %d times", (int)steps, cap, bad);
    TH_CHECKF(t, badw == 0, "steps %d cap %d: w from the atoms differs %d times", (int)steps, cap, badw);
    TH_CHECK(t, maxcnt <= cap);
    ssvm_solver_uninit(&s);
}
static void test_gaps_dual_monotone(th_ctx *t) {
    tchain c;
    gmc m;
    trng r;
    int st, drops = 0;
    r.s = 5;
    if (!gp_chain(&c, 13) || gmc_random(&m, &r, 20, 4, 3) != SSVM_OK) { TH_CHECK(t, 0); return; }
    for (st = 1; st <= 3; st++) {
        gp_monotone(t, &c.p, (ssvm_bcfw_steps)st, 32, 0, &drops);
        gp_monotone(t, &c.p, (ssvm_bcfw_steps)st, 2, 0, &drops);
        gp_monotone(t, &c.p, (ssvm_bcfw_steps)st, 3, 1, &drops);
        gp_monotone(t, &m.p, (ssvm_bcfw_steps)st, 32, 1, &drops);
        gp_monotone(t, &m.p, (ssvm_bcfw_steps)st, 2, 0, &drops);
    }
    TH_CHECK(t, drops > 0);
    ssvm_multiclass_uninit(&m.m);
    tchain_free(&c);
}

/* a drop step takes an atom out of the active set: a labeling active before is gone (or at weight 0) after */
static void test_gaps_drop_steps(th_ctx *t) {
    gmc m;
    trng r;
    int st, seen = 0;
    r.s = 9;
    if (gmc_random(&m, &r, 16, 5, 3) != SSVM_OK) { TH_CHECK(t, 0); return; }
    for (st = 1; st <= 3; st++) {
        ssvm_solver_config cfg = ssvm_solver_config_init(&m.p, SSVM_BCFW);
        ssvm_solver s;
        int k;
        cfg.bcfw.steps = (ssvm_bcfw_steps)st;
        cfg.lambda = 0.1;
        TH_CHECK(t, ssvm_solver_init(&cfg, &s) == SSVM_OK);
        for (k = 0; k < 30 * m.n; k++) {
            int i = k % m.n, cb, ca, a, b, yb[8][1], ya[1], len, gone = 0;
            double wb[8], wa;
            ssvm_step_info info;
            ssvm_solver_atom_count(&s, i, &cb);
            for (a = 0; a < cb && a < 8; a++) ssvm_solver_atom(&s, i, a, &wb[a], 0, yb[a], sizeof yb[a], &len);
            if (ssvm_solver_step(&s, i, &info) != SSVM_OK) { TH_CHECK(t, 0); break; }
            if (!info.bcfw_drop || info.bcfw_step == 1) continue;
            seen++;
            ssvm_solver_atom_count(&s, i, &ca);
            for (a = 0; a < cb && a < 8; a++) {
                int found = 0;
                if (wb[a] <= 0) continue;
                for (b = 0; b < ca; b++) {
                    ssvm_solver_atom(&s, i, b, &wa, 0, ya, sizeof ya, &len);
                    if (ya[0] == yb[a][0] && wa > 0) found = 1;
                }
                if (!found) gone++;
            }
            TH_CHECK(t, gone >= 1);
        }
        ssvm_solver_uninit(&s);
    }
    TH_CHECK(t, seen > 0);
    ssvm_multiclass_uninit(&m.m);
}

/* plane caching saves oracle calls and still reaches the optimum certified without it (pairwise steps, gap
   <= 1e-6); plain FW steps (with caching, or with gap sampling) certify a looser gap on their O(1/k) tail */
static void test_gaps_cache_converges(th_ctx *t) {
    tchain c;
    int mode;
    double ref = 0;
    if (!gp_chain(&c, 14)) { TH_CHECK(t, 0); return; }
    for (mode = 0; mode < 6; mode++) {
        ssvm_solver_config cfg = ssvm_solver_config_init(&c.p, SSVM_BCFW);
        ssvm_real w[256];
        ssvm_progress pr;
        ssvm_result r;
        double tolg = mode >= 4 ? (IS_FLOAT_BUILD ? 1e-2 : 1e-3) : IS_FLOAT_BUILD ? 1e-3 : 1e-6;
        cfg.gap_tol = tolg; cfg.max_passes = 5000; cfg.eval_average = 0; cfg.lambda = 0.1;
        cfg.bcfw.steps = SSVM_BCFW_STEPS_PAIRWISE;
        if (mode == 1) cfg.bcfw.cache = 1;
        if (mode == 2) { cfg.bcfw.cache = 1; cfg.bcfw.gap_sampling = 1; cfg.bcfw.steps = SSVM_BCFW_STEPS_ALL; cfg.eval_every = 5; }
        if (mode == 3) { cfg.bcfw.cache = 1; cfg.bcfw.steps = SSVM_BCFW_STEPS_AWAY; }
        if (mode == 4) { cfg.bcfw.cache = 1; cfg.bcfw.steps = SSVM_BCFW_STEPS_FW; }
        if (mode == 5) { cfg.bcfw.gap_sampling = 1; cfg.bcfw.steps = SSVM_BCFW_STEPS_FW; }
        r = ssvm_train(&cfg, w, sizeof w, &pr);
        TH_CHECKF(t, r == SSVM_CONVERGED, "mode %d: %s after %d passes", mode, ssvm_result_string(r), pr.pass);
        if (getenv("GP_VERBOSE")) printf("    mode %d: %d passes, %lld calls, %lld saved\n", mode, pr.pass, pr.oracle_calls, pr.oracle_calls_saved);
        TH_CHECK(t, pr.iterate.gap <= tolg);
        if (mode == 0) ref = pr.iterate.primal;
        else TH_NEAR(t, pr.iterate.primal, ref, 2 * tolg);
        if (cfg.bcfw.cache) TH_CHECKF(t, pr.oracle_calls_saved > 0, "mode %d saved none", mode);
        else TH_CHECK(t, pr.oracle_calls_saved == 0);
        TH_CHECK(t, pr.steps == pr.oracle_calls + pr.oracle_calls_saved);
    }
    tchain_free(&c);
}

/* the same seed gives the same weights bit for bit; the heap is known before training and never grows */
static void test_gaps_determinism_heap(th_ctx *t) {
    tchain c;
    int rep, j, same = 1;
    ssvm_real w[2][256];
    size_t b32 = 0, b64 = 0;
    if (!gp_chain(&c, 15)) { TH_CHECK(t, 0); return; }
    for (rep = 0; rep < 2; rep++) {
        ssvm_solver_config cfg = ssvm_solver_config_init(&c.p, SSVM_BCFW);
        ssvm_solver s;
        size_t bytes;
        void *heap;
        ssvm_progress pr;
        cfg.bcfw.cache = 1; cfg.bcfw.gap_sampling = 1; cfg.bcfw.steps = SSVM_BCFW_STEPS_ALL; cfg.bcfw.max_atoms = 3;
        cfg.max_passes = 30; cfg.gap_tol = 0; cfg.seed = 77;
        TH_CHECK(t, ssvm_solver_get_heap_size(&cfg, &bytes) == SSVM_OK);
        heap = malloc(bytes);
        TH_CHECK(t, ssvm_solver_init_preallocated(&cfg, heap, bytes - 1, &s) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_solver_init_preallocated(&cfg, heap, bytes, &s) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
        ssvm_solver_progress(&s, &pr);
        TH_CHECK(t, pr.state_bytes == bytes);
        ssvm_solver_weights(&s, SSVM_W_AVERAGE, w[rep], sizeof w[rep]);
        ssvm_solver_uninit(&s);
        free(heap);
        b32 = bytes;
        cfg.bcfw.max_atoms = 6;
        ssvm_solver_get_heap_size(&cfg, &b64);
    }
    for (j = 0; j < c.p.d; j++) if (memcmp(&w[0][j], &w[1][j], sizeof(ssvm_real)) != 0) same = 0;
    TH_CHECK(t, same);
    TH_CHECK(t, b64 > b32);
    tchain_free(&c);
}

/* without evaluations an exact check runs every gap_check passes (counted as evaluation); the estimate figure
   is NaN until every example was measured, then their sum */
static void test_gaps_check_pass(th_ctx *t) {
    tchain c;
    ssvm_solver_config cfg;
    ssvm_solver s;
    ssvm_progress pr;
    if (!gp_chain(&c, 17)) { TH_CHECK(t, 0); return; }
    cfg = ssvm_solver_config_init(&c.p, SSVM_BCFW);
    cfg.eval_every = 0; cfg.gap_tol = 0; cfg.max_passes = 7; cfg.bcfw.gap_sampling = 1; cfg.bcfw.gap_check = 3;
    TH_CHECK(t, ssvm_solver_init(&cfg, &s) == SSVM_OK);
    ssvm_solver_progress(&s, &pr);
    TH_CHECK(t, pr.gap_estimate != pr.gap_estimate);
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
    ssvm_solver_progress(&s, &pr);
    TH_CHECK(t, pr.eval_oracle_calls == 2 * c.p.n);
    TH_CHECK(t, pr.gap_estimate == pr.gap_estimate && pr.gap_estimate >= 0);
    ssvm_solver_uninit(&s);
    tchain_free(&c);
}

/* >>speed (0.6.3): on the built-in chain the atoms' values come from memoised unary scores and the moves' directions
   are built in statistics space; through a wrapper of the callbacks the solver takes the generic phi path. Driven
   by the same steps, both must agree to rounding in w and the step sizes, then in the block gap estimates (also
   after an exact check pass) and the atom counts, until a tie lets rounding decide differently: two moves along
   one line (FW and away with two atoms), two atoms of equal value (common after an exact line search), or the
   oracle's own tie. A case stops comparing there; the first pass, one atom an example, has no such tie, so every
   case must get through it, and most steps overall must compare. Dense, sparse and binary (attr_val NULL)
   inputs, with and without biases, attribute-major, a warm start (the first step scores dense x before the
   chain compacts it, at w != 0), every step kind, caching on and off, a cap of 3 that forces drops. Not reached
   here: the capped step's second round with FW moves on (it needs an away move that gains nothing). */
/* every attribute of every position non-zero (dense and sparse alike): distinct labelings then score differently,
   so that no exact tie lets rounding pick another atom in one path than in the other. binary: sparse attributes
   without values (attr_val NULL, ones), a random non-empty subset of the F at each position */
static void gp_no_zero_attrs(tchain *c, trng *r, int binary) {
    int p, k, F = c->cfg.n_attrs, P = c->start[c->cfg.n], nz = 0;
    for (p = 0; p < P; p++) {
        int first = nz;
        c->attr_start[p] = nz;
        for (k = 0; k < F; k++) {
            ssvm_real v = (ssvm_real)((0.2 + trng_u(r)) * (trng_u(r) < 0.5 ? -1 : 1));
            if (binary) v = (ssvm_real)(trng_u(r) < 0.5 || (k == F - 1 && nz == first) ? 1 : 0);
            c->x[p * F + k] = v;
            if (v != 0) { c->attr_id[nz] = k; c->attr_val[nz] = v; nz++; }
        }
    }
    c->attr_start[P] = nz;
    if (binary) c->cfg.attr_val = NULL;
}
/* 1 when example i's atoms tie at w, so that rounding may make the two paths pick different ones: the two least
   values among the active atoms (the away atom) or the two largest among all (the cache's and the capped step's
   best). After an exact line search between s and a their values are equal in exact arithmetic: this is common. */
static int gp_atoms_tie(const ssvm_solver *s, const ssvm_problem *p, int i, const ssvm_real *w, ssvm_svec *v) {
    double lo1 = 1e300, lo2 = 1e300, hi1 = -1e300, hi2 = -1e300, a, dl, val;
    int k, cnt, y[64], len;
    ssvm_solver_atom_count(s, i, &cnt);
    for (k = 0; k < cnt; k++) {
        ssvm_solver_atom(s, i, k, &a, &dl, y, sizeof y, &len);
        ssvm_svec_clear(v);
        p->phi(p->user, i, y, len, 1, v);
        val = dl + (double)ssvm_svec_dot(v, w); /* the value up to a constant of the example */
        if (a > 0) {
            if (val < lo1) { lo2 = lo1; lo1 = val; } else if (val < lo2) lo2 = val;
        }
        if (val > hi1) { hi2 = hi1; hi1 = val; } else if (val > hi2) hi2 = val;
    }
    return (lo2 < 1e300 && lo2 - lo1 < 1e-7 * (1 + fabs(lo1))) || (hi2 > -1e300 && hi1 - hi2 < 1e-7 * (1 + fabs(hi1)));
}
static void test_gaps_chain_fast_equals_generic(th_ctx *t) {
    static const int flags[3] = {0, SSVM_CHAIN_BIASES,
                                 SSVM_CHAIN_ATTR_MAJOR | SSVM_CHAIN_BIASES | SSVM_CHAIN_COUNTED_LOSS};
    double tol = IS_FLOAT_BUILD ? 2e-3 : 1e-9, maxd = 0, svheap[256 * 3];
    int f, sparse, st, cache, cases = 0, whole = 0, same = 0, shorter = 0, hits = 0, kinds[4] = {0, 0, 0, 0}, bigger = 0;
    for (f = 0; f < 3; f++)
        for (sparse = 0; sparse < 2; sparse++)
            for (st = 1; st <= 3; st++)
                for (cache = 0; cache < 2; cache++) {
                    tchain c;
                    trng r;
                    ssvm_problem pw;
                    sp_wrap wr;
                    ssvm_solver_config c1, c2;
                    ssvm_solver s1, s2;
                    ssvm_real w1[256], w2[256], w0[256];
                    ssvm_svec sv;
                    double g1[8], g2[8];
                    size_t h1 = 0, h2 = 0;
                    int k, j, i, n1, n2;
                    r.s = 77u + (unsigned)(f * 12 + sparse * 6 + st * 2 + cache);
                    tchain_make(&c, &r, 8, 4, 3, flags[f], sparse);
                    gp_no_zero_attrs(&c, &r, sparse && f == 2);
                    if (tchain_problem(&c, &c.p) != SSVM_OK || c.p.d > 256) { TH_CHECK(t, 0); tchain_free(&c); continue; }
                    pw = sp_wrapped(&wr, &c.p);
                    TH_CHECK(t, ssvm_svec_init_preallocated(c.p.d, svheap, sizeof svheap, &sv) == SSVM_OK);
                    c1 = ssvm_solver_config_init(&c.p, SSVM_BCFW);
                    c1.lambda = 0.05; c1.eval_every = 0; c1.gap_tol = 0;
                    c1.bcfw.steps = (ssvm_bcfw_steps)st; c1.bcfw.cache = cache; c1.bcfw.max_atoms = cache ? 3 : 32;
                    for (j = 0; j < c.p.d; j++) w0[j] = (ssvm_real)(0.2 * trng_u(&r) - 0.1);
                    c1.warm_w = w0; /* the first step scores dense x before the chain compacts it, at w != 0 */
                    c1.warm_w_bytes = sizeof w0;
                    c2 = c1; c2.problem = &pw;
                    ssvm_solver_get_heap_size(&c1, &h1);
                    ssvm_solver_get_heap_size(&c2, &h2);
                    bigger += h1 > h2; /* the fast path's scratch: proof that it is the one taken */
                    if (ssvm_solver_init(&c1, &s1) != SSVM_OK) { TH_CHECK(t, 0); tchain_free(&c); continue; }
                    if (ssvm_solver_init(&c2, &s2) != SSVM_OK) {
                        TH_CHECK(t, 0);
                        ssvm_solver_uninit(&s1);
                        tchain_free(&c);
                        continue;
                    }
                    for (k = 0; k < 30 * c.p.n; k++) {
                        ssvm_step_info a, b;
                        i = k < c.p.n ? k : (int)((k * 5 + k / 4) % c.p.n); /* a first pass that visits all */
                        ssvm_solver_weights(&s1, SSVM_W_ITERATE, w1, sizeof w1);
                        if (gp_atoms_tie(&s1, &c.p, i, w1, &sv)) break;
                        if (k == 12 * c.p.n) { /* an exact check pass on both: estimates and the cache rule's G */
                            TH_CHECK(t, ssvm_solver_evaluate(&s1, 1, 0, 0) == SSVM_OK);
                            TH_CHECK(t, ssvm_solver_evaluate(&s2, 1, 0, 0) == SSVM_OK);
                        }
                        if (ssvm_solver_step(&s1, i, &a) != SSVM_OK || ssvm_solver_step(&s2, i, &b) != SSVM_OK) {
                            TH_CHECK(t, 0);
                            break;
                        }
                        /* two moves along one line (FW and away with two atoms, one of them s) tie in exact
                           arithmetic: rounding may pick either, and their bookkeeping differs from then on */
                        if (a.bcfw_step != b.bcfw_step || a.cache_hit != b.cache_hit || a.bcfw_drop != b.bcfw_drop) break;
                        /* the oracle's own ties (binary attributes) at two w equal to rounding: another y* */
                        if (fabs(a.gamma - b.gamma) > tol) break;
                        same++;
                        hits += a.cache_hit;
                        if (a.bcfw_step >= 0 && a.bcfw_step < 4) kinds[a.bcfw_step]++;
                        ssvm_solver_weights(&s1, SSVM_W_ITERATE, w1, sizeof w1);
                        ssvm_solver_weights(&s2, SSVM_W_ITERATE, w2, sizeof w2);
                        for (j = 0; j < c.p.d; j++)
                            if (fabs((double)w1[j] - (double)w2[j]) > maxd) maxd = fabs((double)w1[j] - (double)w2[j]);
                    }
                    shorter += k < c.p.n; /* the first pass (one atom an example) has no tie but FW = pairwise */
                    if (k == 30 * c.p.n) { /* no tie on the way: the end states too, after an exact check */
                        TH_CHECK(t, ssvm_solver_evaluate(&s1, 1, 0, 0) == SSVM_OK);
                        TH_CHECK(t, ssvm_solver_evaluate(&s2, 1, 0, 0) == SSVM_OK);
                        TH_CHECK(t, ssvm_solver_gap_estimates(&s1, g1, sizeof g1) == SSVM_OK);
                        TH_CHECK(t, ssvm_solver_gap_estimates(&s2, g2, sizeof g2) == SSVM_OK);
                        for (i = 0; i < c.p.n; i++) {
                            if (fabs(g1[i] - g2[i]) > maxd) maxd = fabs(g1[i] - g2[i]);
                            ssvm_solver_atom_count(&s1, i, &n1);
                            ssvm_solver_atom_count(&s2, i, &n2);
                            TH_CHECK(t, n1 == n2);
                        }
                        whole++;
                    }
                    cases++;
                    ssvm_solver_uninit(&s1);
                    ssvm_solver_uninit(&s2);
                    tchain_free(&c);
                }
    TH_CHECKF(t, maxd < tol, "fast vs generic atoms: max difference %g (w, gamma, gap estimates)", maxd);
    /* many steps compared (x86-64 double: about 5,700 of 8,640 steps, 19 of 36 cases whole; float 5,000 and 16;
       gcc -m32's x87 excess precision, whose rounding differs more from the generic path's: 4,340 and 11) */
    TH_CHECKF(t, cases == 36 && bigger == 36 && same >= 36 * 30 * 8 / 4 && whole >= 6 && shorter == 0,
              "%d cases, %d with the fast path, %d steps compared, %d cases whole, %d stopped in the first pass", cases,
              bigger, same, whole, shorter);
    TH_CHECKF(t, hits > 0 && kinds[1] > 0 && kinds[2] > 0 && kinds[3] > 0, "hits %d, FW %d, away %d, pairwise %d",
              hits, kinds[1], kinds[2], kinds[3]);
}

static void test_gaps_bad_config(th_ctx *t) {
    tchain c;
    ssvm_solver_config cfg;
    ssvm_solver s;
    int seq[2] = {0, 1};
    double g[8];
    if (!gp_chain(&c, 16)) { TH_CHECK(t, 0); return; }
#define GP_BAD(edit, code) do { cfg = ssvm_solver_config_init(&c.p, SSVM_BCFW); edit; \
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == (code)); } while (0)
    GP_BAD(cfg.bcfw.steps = (ssvm_bcfw_steps)5, SSVM_ERR_BCFW_OPTION);
    GP_BAD((cfg.bcfw.gap_sampling = 1, cfg.bcfw.gap_degree = 0), SSVM_ERR_BCFW_OPTION);
    GP_BAD((cfg.bcfw.gap_sampling = 1, cfg.bcfw.gap_degree = 1.0 / 0.0), SSVM_ERR_BCFW_OPTION);
    GP_BAD(cfg.bcfw.gap_sampling = 2, SSVM_ERR_BCFW_OPTION);
    GP_BAD(cfg.bcfw.gap_check = -1, SSVM_ERR_BCFW_OPTION);
    GP_BAD(cfg.bcfw.build_direction = 2, SSVM_ERR_BCFW_OPTION);
    GP_BAD(cfg.bcfw.build_direction = -1, SSVM_ERR_BCFW_OPTION);
    GP_BAD(cfg.bcfw.build_direction = 1, SSVM_OK);
    GP_BAD((cfg.bcfw.cache = 1, cfg.bcfw.cache_factor = -0.5), SSVM_ERR_BCFW_OPTION);
    GP_BAD((cfg.bcfw.cache = 1, cfg.bcfw.cache_nu = 0.0 / 0.0), SSVM_ERR_BCFW_OPTION);
    GP_BAD((cfg.bcfw.steps = SSVM_BCFW_STEPS_PAIRWISE, cfg.bcfw.max_atoms = 1), SSVM_ERR_BCFW_OPTION);
    GP_BAD((cfg.solver = SSVM_SSG, cfg.bcfw.gap_sampling = 1), SSVM_ERR_BCFW_COMBINATION);
    GP_BAD((cfg.solver = SSVM_FW, cfg.averaging = SSVM_AVG_NONE, cfg.bcfw.cache = 1), SSVM_ERR_BCFW_COMBINATION);
    GP_BAD((cfg.bcfw.gap_sampling = 1, cfg.sampling = SSVM_SAMPLE_SEQUENCE, cfg.sequence = seq, cfg.sequence_len = 2),
           SSVM_ERR_BCFW_COMBINATION);
    GP_BAD((cfg.bcfw.gap_sampling = 1, cfg.sampling = SSVM_SAMPLE_CYCLIC), SSVM_ERR_BCFW_COMBINATION);
    GP_BAD((cfg.bcfw.steps = SSVM_BCFW_STEPS_AWAY, cfg.line_search = 0), SSVM_ERR_BCFW_COMBINATION);
    GP_BAD(memset(&cfg.bcfw, 0, sizeof cfg.bcfw), SSVM_OK); /* zeroed: plain BCFW */
    GP_BAD((cfg.bcfw.gap_sampling = 1, cfg.sampling = SSVM_SAMPLE_PERMUTATION), SSVM_OK);
    TH_CHECK(t, strcmp(ssvm_result_string(SSVM_ERR_BCFW_OPTION), "unknown result") != 0);
    TH_CHECK(t, strcmp(ssvm_result_string(SSVM_ERR_BCFW_COMBINATION), "unknown result") != 0);
    cfg = ssvm_solver_config_init(&c.p, SSVM_BCFW);
    TH_CHECK(t, ssvm_solver_init(&cfg, &s) == SSVM_OK);
    {
        int cnt;
        TH_CHECK(t, ssvm_solver_gap_estimates(&s, g, sizeof g) == SSVM_ERR_NOT_SUPPORTED);
        TH_CHECK(t, ssvm_solver_atom_count(&s, 0, &cnt) == SSVM_ERR_NOT_SUPPORTED);
    }
    ssvm_solver_uninit(&s);
    cfg.bcfw.steps = SSVM_BCFW_STEPS_PAIRWISE; cfg.bcfw.gap_sampling = 1;
    TH_CHECK(t, ssvm_solver_init(&cfg, &s) == SSVM_OK);
    {
        int cnt, y[8], len;
        double a;
        TH_CHECK(t, ssvm_solver_gap_estimates(&s, g, sizeof g - 1) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_solver_atom_count(&s, c.p.n, &cnt) == SSVM_ERR_INVALID_ARG);
        TH_CHECK(t, ssvm_solver_atom_count(&s, 0, &cnt) == SSVM_OK && cnt == 1);
        TH_CHECK(t, ssvm_solver_atom(&s, 0, 1, &a, 0, y, sizeof y, &len) == SSVM_ERR_INVALID_ARG);
        TH_CHECK(t, ssvm_solver_atom(&s, 0, 0, &a, 0, y, 0, &len) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_solver_atom(&s, 0, 0, &a, 0, y, sizeof y, &len) == SSVM_OK && a == 1.0);
    }
    ssvm_solver_uninit(&s);
    tchain_free(&c);
}

void suite_gaps(th_ctx *t) {
    TH_RUN(t, test_gaps_estimates_exact);
    TH_RUN(t, test_gaps_atoms_reproduce_state);
    TH_RUN(t, test_gaps_dual_monotone);
    TH_RUN(t, test_gaps_drop_steps);
    TH_RUN(t, test_gaps_cache_converges);
    TH_RUN(t, test_gaps_determinism_heap);
    TH_RUN(t, test_gaps_check_pass);
    TH_RUN(t, test_gaps_chain_fast_equals_generic);
    TH_RUN(t, test_gaps_bad_config);
}
