/* tests/test_engine.c: the one solver engine shared by BCFW, FW, SSG and the multi-sample solver (0.2 API):
   non-finite results as errors, example weights, target_primal, final.returned, the wall clock callback,
   configuration checks, single steps and determinism, and the byte counts of every caller buffer.
   One translation unit of the test program (tests/run.c runs suite_engine). */
#include "../structsvm.h"
#include "harness.h"
#include "tchain.h"

#define EN_MAXN 32
#define EN_MAXF 4

/* a small dense multiclass data set (the model points into it: do not copy a tmc after tmc_init) */
typedef struct tmc {
    ssvm_real x[EN_MAXN * EN_MAXF];
    int labels[EN_MAXN];
    ssvm_real weights[EN_MAXN];
    int n, K, F;
    ssvm_multiclass m;
    ssvm_problem p;
} tmc;
static ssvm_result tmc_init(tmc *c) {
    ssvm_multiclass_config cfg = ssvm_multiclass_config_init(c->n, c->K, c->F, c->x, c->labels);
    ssvm_result r = ssvm_multiclass_init(&cfg, &c->m);
    if (r != SSVM_OK) return r;
    return ssvm_multiclass_problem(&c->m, &c->p);
}
/* random data: n examples, K classes, F features */
static ssvm_result tmc_random(tmc *c, trng *r, int n, int K, int F) {
    int i, j;
    memset(c, 0, sizeof *c);
    c->n = n; c->K = K; c->F = F;
    for (i = 0; i < n; i++) {
        c->labels[i] = trng_i(r, K);
        for (j = 0; j < F; j++) c->x[i * F + j] = (ssvm_real)(trng_u(r) * 2 - 1);
    }
    return tmc_init(c);
}
/* dst: every example i of src repeated reps[i] times (in order) */
static ssvm_result tmc_repeat(tmc *dst, const tmc *src, const int *reps) {
    int i, k, j, n = 0;
    memset(dst, 0, sizeof *dst);
    dst->K = src->K; dst->F = src->F;
    for (i = 0; i < src->n; i++)
        for (k = 0; k < reps[i]; k++) {
            for (j = 0; j < src->F; j++) dst->x[n * src->F + j] = src->x[i * src->F + j];
            dst->labels[n] = src->labels[i];
            n++;
        }
    dst->n = n;
    return tmc_init(dst);
}
/* The non-finite data set: 3 classes, 3 features; example 0 has label 0 and x = (big, 0, 0); the others have
   labels 1 or 2 and x_0 in [0.5, 1]. Every block of w sums to zero and w_{0,0} <= 0 while example 0 is not
   stepped on, so example 0 always violates (its loss-augmented argmax is another class) and its psi is huge. */
static ssvm_result tmc_big(tmc *c, double big) {
    trng r = {777};
    int i;
    memset(c, 0, sizeof *c);
    c->n = 6; c->K = 3; c->F = 3;
    for (i = 0; i < c->n; i++) {
        c->labels[i] = i == 0 ? 0 : 1 + (i % 2);
        c->x[i * 3 + 0] = (ssvm_real)(i == 0 ? big : 0.5 + 0.5 * trng_u(&r));
        c->x[i * 3 + 1] = (ssvm_real)(i == 0 ? 0 : trng_u(&r) * 2 - 1);
        c->x[i * 3 + 2] = (ssvm_real)(i == 0 ? 0 : trng_u(&r) * 2 - 1);
    }
    return tmc_init(c);
}
/* a finite feature that overflows the solvers' squares (and, in float, their scaled steps) */
#define EN_BIG (IS_FLOAT_BUILD ? 1e38 : 1e300)

static int en_finite(double x) { return (x - x) == 0.0; }
static int en_all_finite(const ssvm_real *w, int d) {
    int j;
    for (j = 0; j < d; j++) if (!en_finite((double)w[j])) return 0;
    return 1;
}
static double en_primal(const ssvm_problem *p, double lambda, const ssvm_real *w, ssvm_result *rc) {
    size_t bytes = 0;
    void *work;
    double out = -1;
    ssvm_result r = ssvm_primal_get_work_size(p, &bytes);
    if (r != SSVM_OK) { *rc = r; return out; }
    work = malloc(bytes);
    *rc = ssvm_primal(p, lambda, w, work, bytes, &out);
    free(work);
    return out;
}

/* the solver configurations under test: each BCFW state kind, FW, SSG, MULTISAMPLE */
typedef struct en_kind { ssvm_solver_kind solver; ssvm_state_kind state; const char *name; } en_kind;
static const en_kind en_kinds[] = {
    {SSVM_BCFW, SSVM_STATE_COMPACT, "bcfw/compact"}, {SSVM_BCFW, SSVM_STATE_COMPACT_SPARSE, "bcfw/compact_sparse"},
    {SSVM_BCFW, SSVM_STATE_SPARSE, "bcfw/sparse"},   {SSVM_BCFW, SSVM_STATE_DENSE, "bcfw/dense"},
    {SSVM_FW, SSVM_STATE_AUTO, "fw"}, {SSVM_SSG, SSVM_STATE_AUTO, "ssg"}, {SSVM_MULTISAMPLE, SSVM_STATE_AUTO, "ms"}};
#define EN_NKINDS ((int)(sizeof en_kinds / sizeof en_kinds[0]))
/* the four solvers, each with its default state */
static const ssvm_solver_kind kinds[4] = {SSVM_BCFW, SSVM_FW, SSVM_SSG, SSVM_MULTISAMPLE};
static ssvm_solver_config en_config(const ssvm_problem *p, const en_kind *k) {
    ssvm_solver_config c = ssvm_solver_config_init(p, k->solver);
    c.state = k->state;
    return c;
}

/* every evaluated (non-NaN) progress value is finite; the evaluated iterate primal is there */
typedef struct en_watch { int calls, bad, missing; } en_watch;
static int en_obj_ok(const ssvm_objective *o) {
    return (o->primal != o->primal || en_finite(o->primal)) && (o->dual != o->dual || en_finite(o->dual)) &&
           (o->gap != o->gap || en_finite(o->gap));
}
static int en_watch_fn(void *user, const ssvm_progress *p) {
    en_watch *w = (en_watch *)user;
    w->calls++;
    if (!en_obj_ok(&p->iterate) || !en_obj_ok(&p->average)) w->bad++;
    if (p->iterate.primal != p->iterate.primal) w->missing++;
    return 0;
}

/* ---------------------------------------------------------------------------------------------- 1 */
static void test_engine_nonfinite_is_error(th_ctx *t) {
    tmc c;
    int k;
    TH_CHECK(t, tmc_big(&c, EN_BIG) == SSVM_OK);
    for (k = 0; k < EN_NKINDS; k++) {
        ssvm_solver_config cfg = en_config(&c.p, &en_kinds[k]);
        ssvm_real w[9];
        ssvm_progress fin;
        ssvm_solver s;
        ssvm_result r;
        int pass, j;
        cfg.max_passes = 30;
        cfg.gap_tol = 0;
        r = ssvm_train(&cfg, w, sizeof w, &fin);
        TH_CHECKF(t, r == SSVM_ERR_NONFINITE, "%s: ssvm_train returned %d (%s)", en_kinds[k].name, (int)r,
                  ssvm_result_string(r));
        TH_CHECKF(t, fin.returned == -1, "%s: returned %d after an error", en_kinds[k].name, fin.returned);
        /* the solver object: run fails, and the iterate is the last finite state */
        for (pass = 0; pass < 2; pass++) { /* with evaluation, and without (the steps themselves must catch it) */
            ssvm_real wi[9];
            cfg.eval_every = pass == 0 ? 1 : 0;
            TH_CHECK(t, ssvm_solver_init(&cfg, &s) == SSVM_OK);
            r = ssvm_solver_run(&s);
            if (pass == 0 || en_kinds[k].solver == SSVM_BCFW || en_kinds[k].solver == SSVM_FW)
                TH_CHECKF(t, r == SSVM_ERR_NONFINITE, "%s eval_every %d: run returned %d (%s)", en_kinds[k].name,
                          cfg.eval_every, (int)r, ssvm_result_string(r));
            else { /* the scaled solvers' steps may stay finite; then P(w) does not */
                TH_CHECKF(t, r == SSVM_ERR_NONFINITE || r == SSVM_MAX_PASSES, "%s: run returned %d", en_kinds[k].name, (int)r);
                if (r == SSVM_MAX_PASSES) {
                    r = ssvm_solver_evaluate(&s, 1, 1, 0);
                    TH_CHECKF(t, r == SSVM_ERR_NONFINITE, "%s: evaluate returned %d", en_kinds[k].name, (int)r);
                }
            }
            for (j = 0; j < 9; j++) wi[j] = (ssvm_real)12345;
            r = ssvm_solver_weights(&s, SSVM_W_ITERATE, wi, sizeof wi);
            TH_CHECKF(t, r == SSVM_OK, "%s: weights returned %d", en_kinds[k].name, (int)r);
            TH_CHECKF(t, en_all_finite(wi, 9), "%s: the iterate is not finite", en_kinds[k].name);
            ssvm_solver_uninit(&s);
        }
    }
}
/* the same engine on a normal problem: success codes, finite progress wherever it was evaluated */
static void test_engine_success_is_finite(th_ctx *t) {
    tmc c;
    trng rg = {31};
    int k;
    TH_CHECK(t, tmc_random(&c, &rg, 8, 3, 3) == SSVM_OK);
    for (k = 0; k < EN_NKINDS; k++) {
        ssvm_solver_config cfg = en_config(&c.p, &en_kinds[k]);
        en_watch wt = {0, 0, 0};
        ssvm_real w[9];
        ssvm_progress fin;
        ssvm_result r;
        cfg.max_passes = 20;
        cfg.gap_tol = 1e-4;
        cfg.progress = en_watch_fn; cfg.progress_user = &wt;
        r = ssvm_train(&cfg, w, sizeof w, &fin);
        TH_CHECKF(t, r == SSVM_CONVERGED || r == SSVM_MAX_PASSES, "%s: %d", en_kinds[k].name, (int)r);
        TH_CHECKF(t, wt.calls == fin.pass && wt.calls > 0, "%s: %d callbacks, %d passes", en_kinds[k].name, wt.calls, fin.pass);
        TH_CHECKF(t, wt.bad == 0 && wt.missing == 0, "%s: %d non-finite, %d missing", en_kinds[k].name, wt.bad, wt.missing);
        TH_CHECK(t, en_obj_ok(&fin.iterate) && en_obj_ok(&fin.average) && en_finite(fin.iterate.primal));
        TH_CHECK(t, en_all_finite(w, 9));
    }
}

/* ---------------------------------------------------------------------------------------------- 2 */
static const int en_reps[6] = {1, 2, 3, 1, 2, 4};
static void test_engine_weights_primal_matches_repeats(th_ctx *t) {
    static tmc a, b;
    trng rg = {4242};
    int trial, j, i;
    double tol = IS_FLOAT_BUILD ? 1e-5 : 1e-12;
    int ybuf[1];
    TH_CHECK(t, tmc_random(&a, &rg, 6, 3, 3) == SSVM_OK);
    TH_CHECK(t, tmc_repeat(&b, &a, en_reps) == SSVM_OK);
    for (i = 0; i < 6; i++) a.weights[i] = (ssvm_real)en_reps[i];
    a.p.weights = a.weights;
    TH_CHECK(t, ssvm_problem_check(&a.p) == SSVM_OK);
    TH_CHECK(t, b.n == 13);
    for (trial = 0; trial < 8; trial++) {
        ssvm_real w[9];
        ssvm_result r1, r2;
        double pa, pb, la = -1, lb = -2, lam = trial % 2 ? 0.01 : 0.3;
        for (j = 0; j < 9; j++) w[j] = (ssvm_real)((trng_u(&rg) * 2 - 1) * (trial < 4 ? 1 : 10));
        pa = en_primal(&a.p, lam, w, &r1);
        pb = en_primal(&b.p, lam, w, &r2);
        TH_CHECK(t, r1 == SSVM_OK && r2 == SSVM_OK);
        TH_CHECKF(t, fabs(pa - pb) <= tol * fabs(pb), "trial %d: weighted %.17g, repeated %.17g", trial, pa, pb);
        TH_CHECK(t, ssvm_mean_loss(&a.p, w, ybuf, sizeof ybuf, &la) == SSVM_OK);
        TH_CHECK(t, ssvm_mean_loss(&b.p, w, ybuf, sizeof ybuf, &lb) == SSVM_OK);
        TH_NEAR(t, la, lb, 1e-12);
        if (trial == 0) { /* the weights matter: unweighted differs */
            double pu;
            a.p.weights = 0;
            pu = en_primal(&a.p, lam, w, &r1);
            TH_CHECK(t, r1 == SSVM_OK && fabs(pu - pb) > 1e-6);
            a.p.weights = a.weights;
        }
    }
}
/* Training on the weighted problem and on the repeated one reaches the same optimum. BCFW / FW stop at a gap
   <= g, so both primals are within g of the common optimum P*: |P_a - P_b| <= g. SSG and the multi-sample
   solver have no exact certificate; both must come within a bound of the BCFW optimum (checked for both
   problems; it is several times what they reach here, and far below the gap between the two problems'
   unweighted and weighted optima). */
static void test_engine_weights_train_matches_repeats(th_ctx *t) {
    static tmc a, b;
    trng rg = {99};
    int i, s;
    /* FW's O(1/k) tail reaches 2e-4 here in about 6,000 iterations, 1e-6 not in 20,000 */
    double g = IS_FLOAT_BUILD ? 1e-3 : 2e-4, cmp = g, pstar = 0;
    const double lam = 0.1;
    TH_CHECK(t, tmc_random(&a, &rg, 6, 3, 3) == SSVM_OK);
    TH_CHECK(t, tmc_repeat(&b, &a, en_reps) == SSVM_OK);
    for (i = 0; i < 6; i++) a.weights[i] = (ssvm_real)en_reps[i];
    a.p.weights = a.weights;
    for (s = 0; s < 4; s++) {
        double pr[2];
        int which;
        for (which = 0; which < 2; which++) {
            const ssvm_problem *p = which ? &b.p : &a.p;
            ssvm_solver_config cfg = ssvm_solver_config_init(p, kinds[s]);
            ssvm_real w[9];
            ssvm_progress fin;
            ssvm_result r, r2;
            cfg.lambda = lam;
            if (kinds[s] == SSVM_BCFW || kinds[s] == SSVM_FW) {
                cfg.gap_tol = g; cfg.max_passes = 50000;
                r = ssvm_train(&cfg, w, sizeof w, &fin);
                TH_CHECKF(t, r == SSVM_CONVERGED, "solver %d problem %d: %d after %d passes", (int)kinds[s], which, (int)r, fin.pass);
            } else {
                cfg.gap_tol = 0; cfg.max_passes = 3000; cfg.eval_every = 0;
                r = ssvm_train(&cfg, w, sizeof w, &fin);
                TH_CHECKF(t, r == SSVM_MAX_PASSES, "solver %d problem %d: %d", (int)kinds[s], which, (int)r);
            }
            pr[which] = en_primal(&a.p, lam, w, &r2); /* the same objective: evaluate both on the weighted one */
            TH_CHECK(t, r2 == SSVM_OK);
        }
        if (s == 0) pstar = pr[0] < pr[1] ? pr[0] : pr[1];
        if (kinds[s] == SSVM_BCFW || kinds[s] == SSVM_FW) {
            TH_CHECKF(t, fabs(pr[0] - pr[1]) <= cmp, "solver %d: weighted %.12g, repeated %.12g", (int)kinds[s], pr[0], pr[1]);
            TH_CHECKF(t, fabs(pr[0] - pstar) <= cmp, "solver %d: %.12g vs P* %.12g", (int)kinds[s], pr[0], pstar);
        } else {
            double bound = IS_FLOAT_BUILD ? 3e-3 : 2e-3;
            TH_CHECKF(t, pr[0] - pstar <= bound && pr[0] - pstar >= -cmp, "solver %d weighted: %.12g vs P* %.12g",
                      (int)kinds[s], pr[0], pstar);
            TH_CHECKF(t, pr[1] - pstar <= bound && pr[1] - pstar >= -cmp, "solver %d repeated: %.12g vs P* %.12g",
                      (int)kinds[s], pr[1], pstar);
        }
    }
}
static void test_engine_weights_bad(th_ctx *t) {
    tmc a;
    trng rg = {5};
    int i;
    ssvm_real w[9];
    ssvm_progress fin;
    double z = 0, out;
    ssvm_solver_config cfg;
    int ybuf[1];
    TH_CHECK(t, tmc_random(&a, &rg, 5, 3, 3) == SSVM_OK);
    for (i = 0; i < 5; i++) a.weights[i] = 1;
    a.p.weights = a.weights;
    TH_CHECK(t, ssvm_problem_check(&a.p) == SSVM_OK);
    a.weights[2] = 0; /* a zero weight alone is fine */
    TH_CHECK(t, ssvm_problem_check(&a.p) == SSVM_OK);
    a.weights[2] = -1;
    TH_CHECK(t, ssvm_problem_check(&a.p) == SSVM_ERR_INVALID_ARG);
    cfg = ssvm_solver_config_init(&a.p, SSVM_BCFW);
    TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &fin) == SSVM_ERR_INVALID_ARG);
    for (i = 0; i < 9; i++) w[i] = 0;
    TH_CHECK(t, ssvm_mean_loss(&a.p, w, ybuf, sizeof ybuf, &out) == SSVM_ERR_INVALID_ARG);
    a.weights[2] = (ssvm_real)(z / z);
    TH_CHECK(t, ssvm_problem_check(&a.p) == SSVM_ERR_NONFINITE);
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_ERR_NONFINITE);
    a.weights[2] = (ssvm_real)(1 / z);
    TH_CHECK(t, ssvm_problem_check(&a.p) == SSVM_ERR_NONFINITE);
    /* weights are relative, but a sum below DBL_MIN would cost the shares c_i / sum c their precision (a
       converged run on a wrong w): refused like a zero sum; lambda sum c likewise */
    for (i = 0; i < 5; i++) a.weights[i] = 0;
    a.weights[0] = (ssvm_real)1e-30; a.weights[1] = (ssvm_real)1e-30;
    TH_CHECK(t, ssvm_problem_check(&a.p) == SSVM_OK);
    cfg.lambda = 1e-280;
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_ERR_LAMBDA);
    cfg.lambda = 0.01;
    if (sizeof(ssvm_real) == sizeof(double)) { /* a float cannot hold a sum below DBL_MIN */
        volatile double tiny = 1e-320;
        a.weights[0] = (ssvm_real)tiny; a.weights[1] = 0;
        TH_CHECK(t, ssvm_problem_check(&a.p) == SSVM_ERR_EMPTY);
        TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &fin) == SSVM_ERR_EMPTY);
    }
    for (i = 0; i < 5; i++) a.weights[i] = 0;
    TH_CHECK(t, ssvm_problem_check(&a.p) == SSVM_ERR_EMPTY);
    TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &fin) == SSVM_ERR_EMPTY);
    TH_CHECK(t, ssvm_mean_loss(&a.p, w, ybuf, sizeof ybuf, &out) == SSVM_ERR_EMPTY);
    {
        ssvm_result r;
        en_primal(&a.p, 0.1, w, &r);
        TH_CHECK(t, r == SSVM_ERR_EMPTY);
    }
}

/* ---------------------------------------------------------------------------------------------- 3 */
typedef struct en_rec { double best[64]; int n; } en_rec;
static int en_rec_fn(void *user, const ssvm_progress *p) {
    en_rec *r = (en_rec *)user;
    double a = p->iterate.primal, b = p->average.primal, m = a;
    if (b == b && (m != m || b < m)) m = b;
    if (r->n < 64) r->best[r->n++] = m;
    return 0;
}
/* The primal ssvm_train reported for the vector it returned (final.returned), after checking that it is P(w_out) */
static double en_returned_primal(th_ctx *t, const tmc *c, double lambda, const ssvm_real *w, const ssvm_progress *fin) {
    double rt = IS_FLOAT_BUILD ? 1e-5 : 1e-12, rep, got;
    ssvm_result r;
    TH_CHECK(t, fin->returned == SSVM_W_ITERATE || fin->returned == SSVM_W_AVERAGE);
    rep = fin->returned == SSVM_W_AVERAGE ? fin->average.primal : fin->iterate.primal;
    got = en_primal(&c->p, lambda, w, &r);
    TH_CHECK(t, r == SSVM_OK);
    TH_NEAR(t, got, rep, rt);
    return got;
}
static void test_engine_target_primal(th_ctx *t) {
    tmc c;
    trng rg = {2024};
    int s;
    TH_CHECK(t, tmc_random(&c, &rg, 10, 4, 3) == SSVM_OK);
    for (s = 0; s < 4; s++) {
        ssvm_solver_config cfg = ssvm_solver_config_init(&c.p, kinds[s]);
        en_rec rec;
        ssvm_real w[12];
        ssvm_progress fin;
        ssvm_result r;
        double target, got;
        memset(&rec, 0, sizeof rec);
        cfg.gap_tol = 0; cfg.max_passes = 4;
        cfg.progress = en_rec_fn; cfg.progress_user = &rec;
        TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &fin) == SSVM_MAX_PASSES);
        TH_CHECK(t, rec.n == 4);
        target = rec.best[3]; /* reached after 4 passes (maybe earlier) */
        cfg.target_primal = target;
        cfg.max_passes = 100;
        cfg.progress = 0;
        r = ssvm_train(&cfg, w, sizeof w, &fin);
        TH_CHECKF(t, r == SSVM_TARGET_REACHED, "solver %d: %d", (int)kinds[s], (int)r);
        TH_CHECKF(t, fin.pass <= 4, "solver %d: %d passes", (int)kinds[s], fin.pass);
        if (kinds[s] == SSVM_FW) TH_CHECK(t, fin.returned == SSVM_W_ITERATE);
        got = en_returned_primal(t, &c, cfg.lambda, w, &fin);
        TH_CHECKF(t, (fin.returned == SSVM_W_AVERAGE ? fin.average.primal : fin.iterate.primal) <= target,
                  "solver %d: reported primal above the target %.17g", (int)kinds[s], target);
        TH_CHECKF(t, got <= target + (IS_FLOAT_BUILD ? 1e-5 : 1e-12) * fabs(target),
                  "solver %d: P(w_out) %.17g > target %.17g", (int)kinds[s], got, target);
        /* a target never reached: the run goes on to the pass limit */
        cfg.target_primal = -1; cfg.max_passes = 3;
        TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &fin) == SSVM_MAX_PASSES);
    }
}

/* SSVM_EVAL_PREDICT: the rules still fire only on evaluations (certified), with fewer evaluations than the fixed
   schedule; an unreachable target evaluates only at the doubling passes 1, 2, 4, ...; without a rule to predict,
   or without a dual (SSG), every pass is evaluated as with SSVM_EVAL_FIXED; the value is checked */
static void test_engine_eval_predict(th_ctx *t) {
    tmc c;
    trng rg = {91};
    ssvm_solver_config cfg;
    ssvm_real w[12];
    ssvm_progress fix, pre;
    en_rec rec;
    double target, got;
    int k;
    TH_CHECK(t, tmc_random(&c, &rg, 30, 4, 3) == SSVM_OK);
    /* the primal target: what the fixed schedule reaches at pass 40 */
    cfg = ssvm_solver_config_init(&c.p, SSVM_BCFW);
    cfg.lambda = 0.01; cfg.gap_tol = 0; cfg.max_passes = 40;
    memset(&rec, 0, sizeof rec);
    cfg.progress = en_rec_fn; cfg.progress_user = &rec;
    TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &fix) == SSVM_MAX_PASSES);
    target = rec.best[39];
    for (k = 0; k < 40; k++) if (rec.best[k] < target) target = rec.best[k];
    cfg.progress = 0; cfg.max_passes = 400; cfg.target_primal = target;
    TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &fix) == SSVM_TARGET_REACHED);
    cfg.eval_schedule = SSVM_EVAL_PREDICT;
    TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &pre) == SSVM_TARGET_REACHED);
    got = en_returned_primal(t, &c, cfg.lambda, w, &pre);
    TH_CHECKF(t, got <= target + (IS_FLOAT_BUILD ? 1e-5 : 1e-12) * fabs(target), "P(w_out) %.17g > target %.17g", got, target);
    /* the same stopping pass (the doubling alone would evaluate at 32, then 64) with fewer evaluations */
    TH_CHECKF(t, pre.pass == fix.pass && pre.eval_oracle_calls < fix.eval_oracle_calls,
              "predict: %d passes, %lld evaluation calls; fixed: %d, %lld", pre.pass, pre.eval_oracle_calls, fix.pass,
              fix.eval_oracle_calls);
    TH_CHECK(t, pre.eval_oracle_calls % (2 * c.n) == 0); /* whole evaluations, iterate and average */
    /* the gap rule */
    cfg.target_primal = -HUGE_VAL; cfg.gap_tol = 1e-2; cfg.max_passes = 4000;
    cfg.eval_schedule = SSVM_EVAL_FIXED;
    TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &fix) == SSVM_CONVERGED);
    cfg.eval_schedule = SSVM_EVAL_PREDICT;
    TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &pre) == SSVM_CONVERGED);
    TH_CHECK(t, (pre.returned == SSVM_W_AVERAGE ? pre.average.gap : pre.iterate.gap) <= 1e-2);
    TH_CHECKF(t, pre.pass >= fix.pass && pre.eval_oracle_calls < fix.eval_oracle_calls,
              "gap: predict %d passes, %lld calls; fixed %d, %lld", pre.pass, pre.eval_oracle_calls, fix.pass,
              fix.eval_oracle_calls);
    /* a target below the optimum (the dual bounds it): only the doubling passes 1, 2, 4, 8, 16, 32 of 40 */
    cfg.gap_tol = 0; cfg.target_primal = -1; cfg.max_passes = 40;
    TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &pre) == SSVM_MAX_PASSES);
    TH_CHECKF(t, pre.eval_oracle_calls == 6LL * 2 * c.n, "%lld evaluation calls", pre.eval_oracle_calls);
    /* on the eval_every grid: passes 3, 6, 12, 24 of 40 */
    cfg.eval_every = 3;
    TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &pre) == SSVM_MAX_PASSES);
    TH_CHECKF(t, pre.eval_oracle_calls == 4LL * 2 * c.n, "grid: %lld evaluation calls", pre.eval_oracle_calls);
    cfg.eval_every = 1;
    { /* the history is in the checkpoint: the loaded run skips pass 11 as the saved one does (its last evaluation
         was at pass 8); a version-1 checkpoint is tests/test_ckpt.c's */
        ssvm_solver a, b;
        ssvm_progress pa, pb;
        unsigned char *buf;
        size_t need = 0;
        cfg.max_passes = 10;
        TH_CHECK(t, ssvm_solver_init(&cfg, &a) == SSVM_OK && ssvm_solver_init(&cfg, &b) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_run(&a) == SSVM_MAX_PASSES);
        TH_CHECK(t, ssvm_solver_checkpoint_get_size(&a, &need) == SSVM_OK && need > 0);
        buf = (unsigned char *)malloc(need);
        TH_CHECK(t, buf && ssvm_solver_checkpoint_save(&a, buf, need, &need) == SSVM_OK);
        TH_CHECK(t, buf && ssvm_solver_checkpoint_load(&b, buf, need) == SSVM_OK);
        th_set_limit(&a, "max_passes", (double)(11)); th_set_limit(&b, "max_passes", (double)(11));
        TH_CHECK(t, ssvm_solver_run(&a) == SSVM_MAX_PASSES && ssvm_solver_run(&b) == SSVM_MAX_PASSES);
        ssvm_solver_progress(&a, &pa); ssvm_solver_progress(&b, &pb);
        TH_CHECKF(t, pa.eval_oracle_calls == 4LL * 2 * c.n && pb.eval_oracle_calls == 4LL * 2 * c.n,
                  "went on: %lld, loaded: %lld evaluation calls", pa.eval_oracle_calls, pb.eval_oracle_calls);
        free(buf);
        ssvm_solver_uninit(&a); ssvm_solver_uninit(&b);
        cfg.max_passes = 40;
    }
    /* nothing to predict: every pass */
    cfg.target_primal = -HUGE_VAL; cfg.max_passes = 7;
    TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &pre) == SSVM_MAX_PASSES);
    TH_CHECK(t, pre.eval_oracle_calls == 7LL * 2 * c.n);
    /* SSG has no dual to bound the optimum: its target is evaluated every pass */
    cfg = ssvm_solver_config_init(&c.p, SSVM_SSG);
    cfg.gap_tol = 0; cfg.target_primal = -1; cfg.max_passes = 7; cfg.eval_schedule = SSVM_EVAL_PREDICT;
    TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &pre) == SSVM_MAX_PASSES);
    TH_CHECK(t, pre.eval_oracle_calls == 7LL * 2 * c.n);
    cfg.eval_schedule = (ssvm_eval_schedule)2;
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_ERR_INVALID_ARG);
}

/* ---------------------------------------------------------------------------------------------- 4 */
static void test_engine_returned_vector(th_ctx *t) {
    tmc c;
    trng rg = {8};
    int s;
    TH_CHECK(t, tmc_random(&c, &rg, 10, 4, 3) == SSVM_OK);
    for (s = 0; s < 4; s++) {
        ssvm_solver_config cfg = ssvm_solver_config_init(&c.p, kinds[s]);
        ssvm_real w[12], wv[12];
        ssvm_progress fin;
        ssvm_result r;
        ssvm_solver sv;
        int j, same;
        double rep;
        /* no rule met: the average when one is kept, else the iterate */
        cfg.gap_tol = 0; cfg.max_passes = 5;
        TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &fin) == SSVM_MAX_PASSES);
        TH_CHECK(t, fin.returned == (kinds[s] == SSVM_FW ? SSVM_W_ITERATE : SSVM_W_AVERAGE));
        /* and it is that vector: the same run through the solver object */
        TH_CHECK(t, ssvm_solver_init(&cfg, &sv) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_run(&sv) == SSVM_MAX_PASSES);
        TH_CHECK(t, ssvm_solver_weights(&sv, (ssvm_which)fin.returned, wv, sizeof wv) == SSVM_OK);
        ssvm_solver_uninit(&sv);
        for (same = 1, j = 0; j < 12; j++) same &= w[j] == wv[j];
        TH_CHECKF(t, same, "solver %d: w_out is not the returned vector", (int)kinds[s]);
        if (kinds[s] != SSVM_FW) {
            cfg.averaging = SSVM_AVG_NONE;
            TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &fin) == SSVM_MAX_PASSES);
            TH_CHECK(t, fin.returned == SSVM_W_ITERATE);
            TH_CHECK(t, en_finite(fin.iterate.primal) && fin.average.primal != fin.average.primal);
            cfg.averaging = SSVM_AVG_WEIGHTED;
        }
        if (kinds[s] == SSVM_SSG) { /* SSG keeps no dual: no gap, so gap_tol never stops it (target_primal does) */
            cfg.gap_tol = 5e-2; cfg.max_passes = 50;
            TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &fin) == SSVM_MAX_PASSES);
            TH_CHECK(t, fin.iterate.gap != fin.iterate.gap && fin.average.gap != fin.average.gap);
            TH_CHECK(t, en_finite(fin.iterate.primal) && en_finite(fin.average.primal));
            continue;
        }
        /* converged: the vector whose gap met gap_tol */
        cfg.gap_tol = 5e-2; cfg.max_passes = 10000;
        r = ssvm_train(&cfg, w, sizeof w, &fin);
        TH_CHECKF(t, r == SSVM_CONVERGED, "solver %d: %d", (int)kinds[s], (int)r);
        rep = fin.returned == SSVM_W_AVERAGE ? fin.average.gap : fin.iterate.gap;
        TH_CHECKF(t, rep <= cfg.gap_tol, "solver %d: the returned vector's gap %g", (int)kinds[s], rep);
        en_returned_primal(t, &c, cfg.lambda, w, &fin);
    }
}

/* ---------------------------------------------------------------------------------------------- 5 */
typedef struct en_clock { double now; long calls; } en_clock;
static double en_tick(void *user) {
    en_clock *c = (en_clock *)user;
    c->calls++;
    return c->now += 1.0;
}
static void test_engine_clock(th_ctx *t) {
    tmc c;
    trng rg = {77};
    int k;
    TH_CHECK(t, tmc_random(&c, &rg, 8, 3, 3) == SSVM_OK);
    for (k = 0; k < EN_NKINDS; k++) {
        ssvm_solver_config cfg = en_config(&c.p, &en_kinds[k]);
        en_clock ck = {0, 0};
        ssvm_solver s;
        ssvm_progress pr;
        ssvm_result r;
        cfg.clock = en_tick; cfg.clock_user = &ck;
        cfg.gap_tol = 0; cfg.max_passes = 0; cfg.max_seconds = 3.5;
        TH_CHECK(t, ssvm_solver_init(&cfg, &s) == SSVM_OK);
        r = ssvm_solver_run(&s);
        TH_CHECKF(t, r == SSVM_MAX_SECONDS, "%s: %d", en_kinds[k].name, (int)r);
        TH_CHECK(t, ssvm_solver_progress(&s, &pr) == SSVM_OK);
        /* one tick per timed section: a pass (or an FW iteration) and an evaluation each read the clock twice;
           FW's iteration also takes over the evaluation pass it reuses (two ticks of training a pass) */
        double slack = en_kinds[k].solver == SSVM_FW ? 2.0 : 1.0;
        TH_CHECKF(t, pr.wall_seconds >= cfg.max_seconds && pr.wall_seconds < cfg.max_seconds + slack,
                  "%s: wall %g", en_kinds[k].name, pr.wall_seconds);
        TH_CHECKF(t, pr.wall_seconds > 0 && pr.eval_wall_seconds > 0, "%s: wall %g eval %g", en_kinds[k].name,
                  pr.wall_seconds, pr.eval_wall_seconds);
        TH_CHECK(t, pr.wall_seconds == floor(pr.wall_seconds) && pr.eval_wall_seconds == floor(pr.eval_wall_seconds));
        TH_CHECKF(t, 2.0 * (pr.wall_seconds + pr.eval_wall_seconds) <= (double)ck.calls, "%s: %g + %g from %ld calls",
                  en_kinds[k].name, pr.wall_seconds, pr.eval_wall_seconds, ck.calls);
        if (en_kinds[k].solver != SSVM_FW) { /* FW moves its step's reused evaluation into training time */
            TH_CHECKF(t, pr.wall_seconds == (double)pr.pass, "%s: wall %g, %d passes", en_kinds[k].name, pr.wall_seconds, pr.pass);
            TH_CHECKF(t, pr.eval_wall_seconds == (double)pr.pass * (cfg.averaging != SSVM_AVG_NONE ? 1 : 1),
                      "%s: eval wall %g, %d passes", en_kinds[k].name, pr.eval_wall_seconds, pr.pass);
        }
        TH_CHECK(t, pr.cpu_seconds >= 0 && pr.eval_cpu_seconds >= 0);
        /* raise the limit and continue: the clock keeps counting */
        th_set_limit(&s, "max_seconds", (double)(6.5));
        TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_SECONDS);
        TH_CHECK(t, ssvm_solver_progress(&s, &pr) == SSVM_OK);
        TH_CHECK(t, pr.wall_seconds >= 6.5 && pr.wall_seconds < 6.5 + slack);
        ssvm_solver_uninit(&s);
    }
    { /* ssvm_train reports the same */
        ssvm_solver_config cfg = ssvm_solver_config_init(&c.p, SSVM_BCFW);
        en_clock ck = {100, 0};
        ssvm_real w[9];
        ssvm_progress fin;
        cfg.clock = en_tick; cfg.clock_user = &ck;
        cfg.gap_tol = 0; cfg.max_passes = 0; cfg.max_seconds = 2;
        TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &fin) == SSVM_MAX_SECONDS);
        TH_CHECK(t, fin.wall_seconds == 2 && fin.pass == 2 && fin.eval_wall_seconds == 2 && fin.cpu_seconds >= 0);
        TH_CHECK(t, fin.returned == SSVM_W_AVERAGE);
    }
}

/* A callback error in a step: BCFW, SSG fail before they move and may step again; the multi-sample solver may
   have moved part of the way, so it halts (every later step returns the same code) with finite weights */
typedef struct en_failing { const ssvm_problem *inner; int fail; } en_failing;
static int en_failing_oracle(void *user, int i, const ssvm_real *w, double ws, int *y, ssvm_real *delta) {
    en_failing *f = (en_failing *)user;
    if (f->fail) return SSVM_ERR_CALLBACK;
    return f->inner->oracle(f->inner->user, i, w, ws, y, delta);
}
static int en_failing_truth(void *user, int i, int *y) {
    en_failing *f = (en_failing *)user;
    return f->inner->truth(f->inner->user, i, y);
}
static int en_failing_phi(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_svec *out) {
    en_failing *f = (en_failing *)user;
    return f->inner->phi(f->inner->user, i, y, len, scale, out);
}
static void test_engine_step_error(th_ctx *t) {
    tmc c;
    trng rg = {4321};
    int s;
    TH_CHECK(t, tmc_random(&c, &rg, 6, 3, 3) == SSVM_OK);
    for (s = 0; s < 4; s++) {
        en_failing f;
        ssvm_problem p = ssvm_problem_config_init(c.p.n, c.p.d, c.p.max_label_len);
        ssvm_solver_config cfg;
        ssvm_solver sv;
        ssvm_real w[9];
        ssvm_result want;
        if (kinds[s] == SSVM_FW) continue;
        f.inner = &c.p; f.fail = 0;
        p.user = &f; p.truth = en_failing_truth; p.phi = en_failing_phi; p.oracle = en_failing_oracle;
        cfg = ssvm_solver_config_init(&p, kinds[s]);
        TH_CHECK(t, ssvm_solver_init(&cfg, &sv) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_step(&sv, 0, 0) == SSVM_OK);
        f.fail = 1;
        TH_CHECK(t, ssvm_solver_step(&sv, 1, 0) == SSVM_ERR_CALLBACK);
        f.fail = 0;
        want = kinds[s] == SSVM_MULTISAMPLE ? SSVM_ERR_CALLBACK : SSVM_OK;
        TH_CHECKF(t, ssvm_solver_step(&sv, 2, 0) == want, "solver %d", (int)kinds[s]);
        want = ssvm_solver_run(&sv); /* the others train on: a stopping rule (> 0) */
        TH_CHECKF(t, kinds[s] == SSVM_MULTISAMPLE ? want == SSVM_ERR_CALLBACK : want > 0, "solver %d: run %d",
                  (int)kinds[s], (int)want);
        TH_CHECK(t, ssvm_solver_weights(&sv, SSVM_W_ITERATE, w, sizeof w) == SSVM_OK && en_all_finite(w, 9));
        ssvm_solver_uninit(&sv);
    }
}

/* A multiclass sampler whose labels do not have the multiclass Gram matrix (equal norms, <v_1, v_3> = -1 instead
   of |v|^2 / 2) is refused: Algorithm 2's closed form would silently under-maximise D_t */
static const double en_gram_f[4][2] = {{0, 0}, {1, 0}, {0.5, 0.86602540378443865}, {-1, 0}}; /* v_1, v_2 at 60 deg */
static int en_gram_truth(void *u, int i, int *y) { (void)u; (void)i; y[0] = 0; return 1; }
static int en_gram_phi(void *u, int i, const int *y, int len, ssvm_real sc, ssvm_svec *o) {
    ssvm_real f[2];
    (void)u; (void)i; (void)len;
    f[0] = (ssvm_real)en_gram_f[y[0]][0]; f[1] = (ssvm_real)en_gram_f[y[0]][1];
    ssvm_svec_add_dense(o, 0, f, 2, sc);
    return 0;
}
static int en_gram_oracle(void *u, int i, const ssvm_real *w, double ws, int *y, ssvm_real *d) {
    int c, b = 0;
    double bv = -1e300;
    (void)u; (void)i;
    for (c = 0; c < 4; c++) {
        double v = (c != 0) + ws * ((double)w[0] * en_gram_f[c][0] + (double)w[1] * en_gram_f[c][1]);
        if (v > bv) { bv = v; b = c; }
    }
    y[0] = b; *d = (ssvm_real)(b != 0);
    return 1;
}
static int en_gram_sample(void *u, int i, const ssvm_real *w, double ws, int k, void *work, int *ys, int st, int *lens,
                          ssvm_real *d) {
    int r;
    (void)i; (void)w; (void)ws; (void)work;
    for (r = 0; r < k && r < 3; r++) { ys[r * st] = *(const int *)u ? 1 + (r == 2) : r + 1; lens[r] = 1; d[r] = 1; }
    return r;
}
static void test_engine_ms_gram_checked(th_ctx *t) {
    ssvm_problem p = ssvm_problem_config_init(1, 2, 1);
    ssvm_solver_config c;
    ssvm_solver s;
    int repeat = 0;
    p.truth = en_gram_truth; p.phi = en_gram_phi; p.oracle = en_gram_oracle;
    c = ssvm_solver_config_init(&p, SSVM_MULTISAMPLE);
    c.ms.samples = 3; c.ms.sampler.sample = en_gram_sample; c.ms.sampler.user = &repeat;
    c.ms.sampler.multiclass = 1; c.ms.project = 0; c.lambda = 1;
    TH_CHECK(t, ssvm_solver_init(&c, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_step(&s, 0, 0) == SSVM_ERR_CALLBACK);
    ssvm_solver_uninit(&s);
    /* labels 1, 2, 2 (the repeat dropped): <v_1, v_2> = |v|^2 / 2, the multiclass Gram matrix, accepted */
    repeat = 1;
    TH_CHECK(t, ssvm_solver_init(&c, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_step(&s, 0, 0) == SSVM_OK);
    ssvm_solver_uninit(&s);
}
/* A preallocated init that fails while it builds the compact state leaves an object that refuses to run */
static int en_flaky_calls;
static int en_flaky_truth(void *u, int i, int *y) { /* the multiclass model's truth, failing once on example 1 */
    const ssvm_multiclass *m = (const ssvm_multiclass *)u;
    if (i == 1 && en_flaky_calls++ == 0) return SSVM_ERR_LABEL;
    y[0] = m->config.labels[i];
    return 1;
}
static void test_engine_failed_init_refuses(th_ctx *t) {
    tmc c;
    trng rg = {11};
    ssvm_problem p;
    ssvm_solver_config cfg;
    ssvm_solver s;
    size_t need = 0;
    void *heap;
    TH_CHECK(t, tmc_random(&c, &rg, 4, 2, 2) == SSVM_OK);
    p = c.p; p.truth = en_flaky_truth; /* user stays the multiclass model */
    en_flaky_calls = 0;
    cfg = ssvm_solver_config_init(&p, SSVM_BCFW);
    cfg.state = SSVM_STATE_COMPACT;
    TH_CHECK(t, ssvm_solver_get_heap_size(&cfg, &need) == SSVM_OK);
    heap = malloc(need);
    TH_CHECK(t, heap != 0);
    TH_CHECK(t, ssvm_solver_init_preallocated(&cfg, heap, need, &s) == SSVM_ERR_LABEL);
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_ERR_INVALID_ARG);
    TH_CHECK(t, ssvm_solver_step(&s, 0, 0) == SSVM_ERR_INVALID_ARG);
    ssvm_solver_uninit(&s);
    free(heap);
}

/* ---------------------------------------------------------------------------------------------- 6 */
static void test_engine_config_checks(th_ctx *t) {
    tmc c;
    trng rg = {3};
    ssvm_problem e = ssvm_problem_config_init(7, 11, 3);
    ssvm_solver_config cfg;
    double z = 0;
    TH_CHECK(t, e.n == 7 && e.d == 11 && e.max_label_len == 3);
    TH_CHECK(t, !e.user && !e.truth && !e.phi && !e.oracle && !e.decode && !e.loss && !e.stat_dim && !e.stats &&
                !e.expand && !e.weights);
    TH_CHECK(t, ssvm_problem_check(&e) == SSVM_ERR_NULL_CALLBACK);
    TH_CHECK(t, tmc_random(&c, &rg, 5, 3, 2) == SSVM_OK);
    /* defaults are valid for every solver */
    TH_CHECK(t, (cfg = ssvm_solver_config_init(&c.p, SSVM_BCFW), ssvm_solver_config_check(&cfg)) == SSVM_OK);
    TH_CHECK(t, (cfg = ssvm_solver_config_init(&c.p, SSVM_FW), ssvm_solver_config_check(&cfg)) == SSVM_OK);
    TH_CHECK(t, (cfg = ssvm_solver_config_init(&c.p, SSVM_SSG), ssvm_solver_config_check(&cfg)) == SSVM_OK);
    TH_CHECK(t, (cfg = ssvm_solver_config_init(&c.p, SSVM_MULTISAMPLE), ssvm_solver_config_check(&cfg)) == SSVM_OK);
    /* averaging: SUFFIX is not the multi-sample solver's, UNIFORM only its */
    cfg = ssvm_solver_config_init(&c.p, SSVM_MULTISAMPLE);
    cfg.averaging = SSVM_AVG_SUFFIX;
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_ERR_NOT_SUPPORTED);
    {
        ssvm_real w[6];
        ssvm_solver s;
        TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, 0) == SSVM_ERR_NOT_SUPPORTED);
        TH_CHECK(t, ssvm_solver_init(&cfg, &s) == SSVM_ERR_NOT_SUPPORTED);
    }
    cfg.averaging = SSVM_AVG_UNIFORM;
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_OK);
    cfg = ssvm_solver_config_init(&c.p, SSVM_BCFW);
    cfg.averaging = SSVM_AVG_UNIFORM; /* 0.4: SSG-avg, and BCFW likewise (tests/test_cutplane.c) */
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_OK);
    cfg.averaging = SSVM_AVG_SUFFIX;
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_OK);
    cfg = ssvm_solver_config_init(&c.p, SSVM_SSG);
    cfg.averaging = SSVM_AVG_UNIFORM;
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_OK);
    cfg = ssvm_solver_config_init(&c.p, SSVM_FW);
    cfg.averaging = SSVM_AVG_WEIGHTED;
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_ERR_NOT_SUPPORTED);
    /* lambda */
    cfg = ssvm_solver_config_init(&c.p, SSVM_BCFW);
    cfg.lambda = 0;
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_ERR_LAMBDA);
    cfg.lambda = -1;
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_ERR_LAMBDA);
    cfg.lambda = z / z;
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_ERR_LAMBDA);
    cfg.lambda = 1 / z;
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_ERR_LAMBDA);
    cfg.lambda = 0;
    {
        ssvm_real w[6];
        TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, 0) == SSVM_ERR_LAMBDA);
    }
    /* NULL problem, NULL config */
    cfg = ssvm_solver_config_init(0, SSVM_BCFW);
    TH_CHECK(t, cfg.problem == 0);
    TH_CHECK(t, ssvm_solver_config_check(&cfg) == SSVM_ERR_INVALID_ARG);
    TH_CHECK(t, ssvm_solver_config_check(0) == SSVM_ERR_INVALID_ARG);
    {
        size_t bytes = 1;
        ssvm_solver s;
        ssvm_real w[6];
        TH_CHECK(t, ssvm_solver_get_heap_size(&cfg, &bytes) == SSVM_ERR_INVALID_ARG && bytes == 0);
        TH_CHECK(t, ssvm_solver_init(&cfg, &s) == SSVM_ERR_INVALID_ARG);
        TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, 0) == SSVM_ERR_INVALID_ARG);
    }
}

/* ---------------------------------------------------------------------------------------------- 7 */
/* after one step from w = 0 on example i of a multiclass problem, every class block of w is a multiple of x_i */
static int en_blocks_parallel(const tmc *c, const ssvm_real *w, int i) {
    int k, j, F = c->F, nz = 0;
    const ssvm_real *x = c->x + i * F;
    for (k = 0; k < c->K; k++) {
        const ssvm_real *b = w + k * F;
        double num = 0, den = 0;
        for (j = 0; j < F; j++) { num += (double)b[j] * (double)x[j]; den += (double)x[j] * (double)x[j]; }
        for (j = 0; j < F; j++) {
            double e = (double)b[j] - num / den * (double)x[j];
            if (fabs(e) > 1e-5 * (1 + fabs((double)b[j]))) return 0;
            if (b[j] != 0) nz++;
        }
    }
    return nz > 0;
}
static void test_engine_step(th_ctx *t) {
    tmc c;
    trng rg = {1234};
    const ssvm_solver_kind kinds[3] = {SSVM_BCFW, SSVM_SSG, SSVM_MULTISAMPLE};
    int s;
    TH_CHECK(t, tmc_random(&c, &rg, 6, 3, 3) == SSVM_OK);
    for (s = 0; s < 3; s++) {
        ssvm_solver_config cfg = ssvm_solver_config_init(&c.p, kinds[s]);
        ssvm_solver sv;
        ssvm_step_info info;
        ssvm_progress pr;
        ssvm_real w[9];
        int i;
        for (i = 0; i < c.n; i++) { /* a fresh solver per example: one step from w = 0 */
            TH_CHECK(t, ssvm_solver_init(&cfg, &sv) == SSVM_OK);
            memset(&info, 0x55, sizeof info);
            TH_CHECK(t, ssvm_solver_step(&sv, i, &info) == SSVM_OK);
            TH_CHECKF(t, info.example == i && info.t == 1, "solver %d: example %d t %lld", (int)kinds[s], info.example, info.t);
            if (kinds[s] == SSVM_BCFW) TH_CHECK(t, info.gamma > 0 && info.gamma <= 1);
            if (kinds[s] == SSVM_SSG) TH_CHECK(t, info.gamma == 1);
            if (kinds[s] == SSVM_MULTISAMPLE) TH_CHECK(t, info.n_samples == 1 && info.alpha_sum > 0);
            TH_CHECK(t, ssvm_solver_weights(&sv, SSVM_W_ITERATE, w, sizeof w) == SSVM_OK);
            TH_CHECKF(t, en_blocks_parallel(&c, w, i), "solver %d: the step was not on example %d", (int)kinds[s], i);
            TH_CHECK(t, ssvm_solver_progress(&sv, &pr) == SSVM_OK);
            TH_CHECK(t, pr.steps == 1 && pr.oracle_calls == 1 && pr.pass == 0 && pr.eval_oracle_calls == 0);
            /* a second step: t counts on */
            TH_CHECK(t, ssvm_solver_step(&sv, (i + 1) % c.n, &info) == SSVM_OK);
            TH_CHECK(t, info.example == (i + 1) % c.n && info.t == 2);
            TH_CHECK(t, ssvm_solver_step(&sv, i, 0) == SSVM_OK); /* info may be NULL */
            TH_CHECK(t, ssvm_solver_progress(&sv, &pr) == SSVM_OK && pr.steps == 3 && pr.oracle_calls == 3);
            TH_CHECK(t, ssvm_solver_step(&sv, -1, &info) == SSVM_ERR_INVALID_ARG);
            TH_CHECK(t, ssvm_solver_step(&sv, c.n, &info) == SSVM_ERR_INVALID_ARG);
            TH_CHECK(t, ssvm_solver_progress(&sv, &pr) == SSVM_OK && pr.steps == 3);
            ssvm_solver_uninit(&sv);
        }
    }
    {
        ssvm_solver_config cfg = ssvm_solver_config_init(&c.p, SSVM_FW);
        ssvm_solver sv;
        ssvm_step_info info;
        TH_CHECK(t, ssvm_solver_init(&cfg, &sv) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_step(&sv, 0, &info) == SSVM_ERR_NOT_SUPPORTED);
        ssvm_solver_uninit(&sv);
    }
    TH_CHECK(t, ssvm_solver_step(0, 0, 0) == SSVM_ERR_INVALID_ARG);
}
static void test_engine_determinism(th_ctx *t) {
    tmc c;
    trng rg = {555};
    const ssvm_sampling smp[4] = {SSVM_SAMPLE_UNIFORM, SSVM_SAMPLE_PERMUTATION, SSVM_SAMPLE_CYCLIC, SSVM_SAMPLE_SEQUENCE};
    const int seq[7] = {3, 0, 5, 5, 1, 2, 4};
    int s, q, rep;
    TH_CHECK(t, tmc_random(&c, &rg, 7, 3, 3) == SSVM_OK);
    for (s = 0; s < 4; s++)
        for (q = 0; q < 4; q++) {
            ssvm_real w[2][9], wa[2][9];
            ssvm_progress fin[2];
            ssvm_solver_config cfg = ssvm_solver_config_init(&c.p, kinds[s]);
            cfg.sampling = smp[q];
            cfg.sequence = seq; cfg.sequence_len = 7;
            cfg.seed = 987654321ULL;
            cfg.gap_tol = 0; cfg.max_passes = 6;
            for (rep = 0; rep < 2; rep++) {
                ssvm_solver sv;
                TH_CHECK(t, ssvm_train(&cfg, w[rep], sizeof w[rep], &fin[rep]) == SSVM_MAX_PASSES);
                /* the solver object, stepped by passes, lands on the same iterate */
                TH_CHECK(t, ssvm_solver_init(&cfg, &sv) == SSVM_OK);
                TH_CHECK(t, ssvm_solver_run(&sv) == SSVM_MAX_PASSES);
                TH_CHECK(t, ssvm_solver_weights(&sv, kinds[s] == SSVM_FW ? SSVM_W_ITERATE : SSVM_W_AVERAGE, wa[rep],
                                                sizeof wa[rep]) == SSVM_OK);
                ssvm_solver_uninit(&sv);
            }
            TH_CHECKF(t, memcmp(w[0], w[1], sizeof w[0]) == 0, "solver %d sampling %d: weights differ", (int)kinds[s], q);
            TH_CHECKF(t, memcmp(wa[0], w[0], sizeof w[0]) == 0, "solver %d sampling %d: train vs run", (int)kinds[s], q);
            TH_CHECK(t, fin[0].steps == fin[1].steps && fin[0].oracle_calls == fin[1].oracle_calls);
            TH_CHECK(t, memcmp(&fin[0].iterate, &fin[1].iterate, sizeof fin[0].iterate) == 0);
            if (kinds[s] != SSVM_FW && smp[q] == SSVM_SAMPLE_UNIFORM) { /* the seed is what fixes the stream */
                ssvm_real w3[9];
                cfg.seed = 12345;
                TH_CHECK(t, ssvm_train(&cfg, w3, sizeof w3, 0) == SSVM_MAX_PASSES);
                TH_CHECKF(t, memcmp(w3, w[0], sizeof w3) != 0, "solver %d: another seed, the same weights", (int)kinds[s]);
            }
        }
}

/* ---------------------------------------------------------------------------------------------- 8 */
static void test_engine_byte_counts(th_ctx *t) {
    tmc c;
    trng rg = {66};
    size_t need;
    unsigned char *work;
    TH_CHECK(t, tmc_random(&c, &rg, 5, 3, 3) == SSVM_OK);
    { /* weights and train */
        ssvm_solver_config cfg = ssvm_solver_config_init(&c.p, SSVM_BCFW);
        ssvm_solver sv;
        ssvm_real *w = (ssvm_real *)malloc(9 * sizeof(ssvm_real));
        ssvm_progress fin;
        cfg.max_passes = 2;
        TH_CHECK(t, ssvm_solver_init(&cfg, &sv) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_run(&sv) == SSVM_MAX_PASSES);
        TH_CHECK(t, ssvm_solver_weights(&sv, SSVM_W_ITERATE, w, 9 * sizeof(ssvm_real) - 1) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_solver_weights(&sv, SSVM_W_AVERAGE, w, 8 * sizeof(ssvm_real)) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_solver_weights(&sv, SSVM_W_BEST, w, 0) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_solver_weights(&sv, SSVM_W_ITERATE, w, 9 * sizeof(ssvm_real)) == SSVM_OK);
        ssvm_solver_uninit(&sv);
        TH_CHECK(t, ssvm_train(&cfg, w, 9 * sizeof(ssvm_real) - 1, &fin) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, fin.returned == -1 && fin.pass == 0);
        TH_CHECK(t, ssvm_train(&cfg, w, 9 * sizeof(ssvm_real), &fin) == SSVM_MAX_PASSES);
        free(w);
    }
    { /* primal */
        ssvm_real w[9] = {0};
        double out = -1;
        TH_CHECK(t, ssvm_primal_get_work_size(&c.p, &need) == SSVM_OK && need > 0);
        work = (unsigned char *)malloc(need);
        TH_CHECK(t, ssvm_primal(&c.p, 0.1, w, work, need - 1, &out) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_primal(&c.p, 0.1, w, work, need, &out) == SSVM_OK);
        TH_NEAR(t, out, 1.0, 1e-12); /* w = 0: every hinge is max Delta = 1 */
        free(work);
    }
    { /* viterbi, k-best viterbi */
        const int L = 4, K = 3;
        ssvm_real u[12], tr[9], best = 0, sc[5];
        int y[4], y2[4], ys[20], found = -1, j;
        trng r2 = {9};
        for (j = 0; j < L * K; j++) u[j] = (ssvm_real)trng_u(&r2);
        for (j = 0; j < K * K; j++) tr[j] = (ssvm_real)(trng_u(&r2) - 0.5);
        TH_CHECK(t, ssvm_viterbi_get_work_size(L, K, &need) == SSVM_OK);
        work = (unsigned char *)malloc(need);
        TH_CHECK(t, ssvm_viterbi(L, K, u, tr, work, need - 1, y, &best) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_viterbi(L, K, u, tr, work, need, y, &best) == SSVM_OK);
        free(work);
        TH_CHECK(t, ssvm_kbest_viterbi_get_work_size(L, K, 5, &need) == SSVM_OK);
        work = (unsigned char *)malloc(need);
        TH_CHECK(t, ssvm_kbest_viterbi(L, K, 5, u, tr, work, need - 1, ys, sizeof ys, sc, &found) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, found == 0);
        TH_CHECK(t, ssvm_kbest_viterbi(L, K, 5, u, tr, work, need, ys, sizeof ys - 1, sc, &found) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_kbest_viterbi(L, K, 5, u, tr, work, need, ys, sizeof ys, sc, &found) == SSVM_OK);
        TH_CHECK(t, found == 5);
        for (j = 0; j < L; j++) y2[j] = ys[j];
        TH_CHECK(t, memcmp(y, y2, sizeof y) == 0);
        TH_NEAR(t, sc[0], best, 1e-6);
        free(work);
    }
    { /* chain predict: K = 3, F = 2, no flags: d = K F + K K */
        const int K = 3, F = 2, L = 5;
        ssvm_real w[15], x[10];
        int y[5], j;
        trng r3 = {10};
        for (j = 0; j < 15; j++) w[j] = (ssvm_real)(trng_u(&r3) - 0.5);
        for (j = 0; j < 10; j++) x[j] = (ssvm_real)(trng_u(&r3) - 0.5);
        TH_CHECK(t, ssvm_chain_predict_get_work_size(L, K, &need) == SSVM_OK);
        work = (unsigned char *)malloc(need);
        TH_CHECK(t, ssvm_chain_predict(K, F, 0, w, L, x, work, need - 1, y) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_chain_predict(K, F, 0, w, L, x, work, need, y) == SSVM_OK);
        for (j = 0; j < L; j++) TH_CHECK(t, y[j] >= 0 && y[j] < K);
        free(work);
    }
    { /* hungarian */
        ssvm_real cost[12];
        int assign[3], j;
        double total = 0;
        trng r4 = {11};
        for (j = 0; j < 12; j++) cost[j] = (ssvm_real)trng_u(&r4);
        TH_CHECK(t, ssvm_hungarian_get_work_size(3, 4, &need) == SSVM_OK);
        work = (unsigned char *)malloc(need);
        TH_CHECK(t, ssvm_hungarian(3, 4, cost, work, need - 1, assign, &total) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_hungarian(3, 4, cost, work, need, assign, &total) == SSVM_OK);
        TH_CHECK(t, assign[0] != assign[1] && assign[1] != assign[2] && assign[0] != assign[2]);
        free(work);
    }
    { /* mean loss's label buffer */
        ssvm_real w[9] = {0};
        int ybuf[1];
        double out;
        TH_CHECK(t, ssvm_mean_loss(&c.p, w, ybuf, sizeof ybuf - 1, &out) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_mean_loss(&c.p, w, ybuf, sizeof ybuf, &out) == SSVM_OK);
    }
}

/* 1.0: what may change between runs changes through ssvm_solver_set_limits, which checks every field as
   ssvm_solver_config_check does and changes nothing when one is bad; ssvm_solver_config_of is read-only (the rest of
   the configuration, lambda, line_search, sampling, ..., is fixed at init: 0.7.1 read them live, and a lowered
   lambda gave SSVM_CONVERGED with a negative gap). A run in two parts equals one run, bit for bit. */
static int en_count_fn(void *user, const ssvm_progress *p) { (void)p; ++*(int *)user; return 0; }
static int en_limits_equal(const ssvm_solver_limits *a, const ssvm_solver_limits *b) { /* field by field (padding) */
    return a->max_passes == b->max_passes && a->max_oracle_calls == b->max_oracle_calls &&
           a->max_seconds == b->max_seconds && a->gap_tol == b->gap_tol && a->target_primal == b->target_primal &&
           a->eval_every == b->eval_every && a->eval_iterate == b->eval_iterate && a->eval_average == b->eval_average &&
           a->eval_schedule == b->eval_schedule && a->progress == b->progress && a->progress_user == b->progress_user &&
           a->clock == b->clock && a->clock_user == b->clock_user;
}
static void test_engine_limits_door(th_ctx *t) {
    tmc c;
    trng r = {77};
    ssvm_solver a, b;
    ssvm_solver_limits l0, l, l2;
    ssvm_real wa[64], wb[64];
    int k, calls = 0;
    ssvm_solver_config q;
    TH_CHECK(t, tmc_random(&c, &r, 20, 4, 3) == SSVM_OK);
    q = ssvm_solver_config_init(&c.p, SSVM_BCFW);
    q.max_passes = 5; q.gap_tol = 0; q.lambda = 0.1;
    TH_CHECK(t, ssvm_solver_init(&q, &a) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_limits_of(&a, &l0) == SSVM_OK && l0.max_passes == 5 && l0.gap_tol == 0 &&
                l0.eval_every == 1 && l0.progress == 0);
    TH_CHECK(t, ssvm_solver_run(&a) == SSVM_MAX_PASSES);
    for (k = 0; k < 14; k++) { /* each bad value refused, and nothing changed */
        l = l0;
        switch (k) {
        case 0: l.max_passes = -1; break;
        case 1: l.max_oracle_calls = -1; break;
        case 2: l.max_seconds = -1; break;
        case 3: l.max_seconds = HUGE_VAL; break;
        case 4: l.max_seconds = nan(""); break;
        case 5: l.gap_tol = -1e-3; break;
        case 6: l.gap_tol = nan(""); break;
        case 7: l.gap_tol = HUGE_VAL; break;
        case 8: l.target_primal = nan(""); break;
        case 9: l.eval_every = -1; break;
        case 10: l.eval_iterate = 2; break;
        case 11: l.eval_average = -1; break;
        case 12: l.eval_schedule = (ssvm_eval_schedule)7; break;
        default: l.eval_schedule = (ssvm_eval_schedule)-1; break;
        }
        TH_CHECKF(t, ssvm_solver_set_limits(&a, &l) == SSVM_ERR_INVALID_ARG, "case %d", k);
        TH_CHECK(t, ssvm_solver_limits_of(&a, &l2) == SSVM_OK && en_limits_equal(&l2, &l0));
    }
    TH_CHECK(t, ssvm_solver_set_limits(0, &l0) == SSVM_ERR_INVALID_ARG && ssvm_solver_set_limits(&a, 0) == SSVM_ERR_INVALID_ARG);
    TH_CHECK(t, ssvm_solver_limits_of(&a, 0) == SSVM_ERR_INVALID_ARG && ssvm_solver_limits_of(0, &l) == SSVM_ERR_INVALID_ARG);
    TH_CHECK(t, ssvm_solver_run(&a) == SSVM_MAX_PASSES); /* still 5: nothing was raised */
    /* valid limits take effect: 12 passes, a progress callback, then a gap rule */
    l = l0; l.max_passes = 12; l.progress = en_count_fn; l.progress_user = &calls;
    TH_CHECK(t, ssvm_solver_set_limits(&a, &l) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&a) == SSVM_MAX_PASSES && calls == 7);
    TH_CHECK(t, ssvm_solver_config_of(&a)->max_passes == 12 && ssvm_solver_config_of(&a)->lambda == q.lambda);
    /* the same 12 passes in one run: the same bits */
    q.max_passes = 12;
    TH_CHECK(t, ssvm_solver_init(&q, &b) == SSVM_OK && ssvm_solver_run(&b) == SSVM_MAX_PASSES);
    TH_CHECK(t, ssvm_solver_weights(&a, SSVM_W_ITERATE, wa, sizeof wa) == SSVM_OK &&
                ssvm_solver_weights(&b, SSVM_W_ITERATE, wb, sizeof wb) == SSVM_OK &&
                memcmp(wa, wb, sizeof(ssvm_real) * (size_t)c.p.d) == 0);
    l = l0; l.max_passes = 0; l.gap_tol = 1e300; /* a gap rule that the next evaluation meets */
    TH_CHECK(t, ssvm_solver_set_limits(&a, &l) == SSVM_OK && ssvm_solver_run(&a) == SSVM_CONVERGED);
    ssvm_solver_uninit(&a); ssvm_solver_uninit(&b);
}

void suite_engine(th_ctx *t) {
    TH_RUN(t, test_engine_limits_door);
    TH_RUN(t, test_engine_nonfinite_is_error);
    TH_RUN(t, test_engine_success_is_finite);
    TH_RUN(t, test_engine_weights_primal_matches_repeats);
    TH_RUN(t, test_engine_weights_train_matches_repeats);
    TH_RUN(t, test_engine_weights_bad);
    TH_RUN(t, test_engine_target_primal);
    TH_RUN(t, test_engine_eval_predict);
    TH_RUN(t, test_engine_returned_vector);
    TH_RUN(t, test_engine_clock);
    TH_RUN(t, test_engine_config_checks);
    TH_RUN(t, test_engine_step);
    TH_RUN(t, test_engine_step_error);
    TH_RUN(t, test_engine_ms_gram_checked);
    TH_RUN(t, test_engine_failed_init_refuses);
    TH_RUN(t, test_engine_determinism);
    TH_RUN(t, test_engine_byte_counts);
}
