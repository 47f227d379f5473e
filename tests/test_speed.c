/* tests/test_speed.c: the chain's fast BCFW step (>>speed): compact and sparse compact states on the built-in
   chain visit only sigma_i's support and the chain reads dense x's non-zeros compacted once. The fast path must
   give the very same iterates as the generic compact step (reached here by wrapping the statistics callback, which
   turns the fast path off), for dense and sparse inputs, with and without biases, attribute-major or not; the
   compacted non-zeros are counted in ssvm_chain_get_heap_size.
   One translation unit of the test program (tests/run.c runs suite_speed). */
#include "../structsvm.h"
#include "harness.h"
#include "internals.h"
#include "tchain.h"

/* trains BCFW for `passes` passes (no evaluation) in state `kind`; ssvm_train's returned vector into w */
static ssvm_result sp_train(const ssvm_problem *p, ssvm_state_kind kind, int passes, int line_search, ssvm_real *w,
                            ssvm_progress *pr) {
    ssvm_solver_config q = ssvm_solver_config_init(p, SSVM_BCFW);
    q.max_passes = passes; q.gap_tol = 0; q.eval_every = 0; q.state = kind; q.line_search = line_search;
    q.lambda = 0.05;
    q.bcfw.build_direction = 1; /* D built: these tests compare the D step's bits (the score-space step: below) */
    return ssvm_train(&q, w, sizeof(ssvm_real) * (size_t)p->d, pr);
}

static void test_speed_fast_step_equals_generic(th_ctx *t) {
    static const int flags[4] = {0, SSVM_CHAIN_BIASES, SSVM_CHAIN_COUNTED_LOSS, SSVM_CHAIN_ATTR_MAJOR | SSVM_CHAIN_BIASES};
    int f, sparse, kind, ls, j, cases = 0, diffs = 0;
    double maxref = 0;
    for (f = 0; f < 4; f++)
        for (sparse = 0; sparse < 2; sparse++)
            for (kind = 0; kind < 2; kind++)
                for (ls = 0; ls < 2; ls++) {
                    tchain c;
                    trng r;
                    ssvm_problem p, pw;
                    sp_wrap wr;
                    ssvm_real w1[256], w2[256], w3[256];
                    ssvm_progress a, b, e;
                    ssvm_state_kind k = kind ? SSVM_STATE_COMPACT_SPARSE : SSVM_STATE_COMPACT;
                    r.s = 1000u + (unsigned)(f * 8 + sparse * 4 + kind * 2 + ls);
                    tchain_make(&c, &r, 8, 4, 4, flags[f], sparse);
                    if (tchain_problem(&c, &p) != SSVM_OK || p.d > 256) { TH_CHECK(t, 0); tchain_free(&c); continue; }
                    pw = sp_wrapped(&wr, &p);
                    TH_CHECK(t, sp_train(&p, k, 12, ls, w1, &a) == SSVM_MAX_PASSES);
                    TH_CHECK(t, sp_train(&pw, k, 12, ls, w2, &b) == SSVM_MAX_PASSES);
                    /* an independent reference: w_i kept as d reals (no statistics at all) */
                    TH_CHECK(t, sp_train(&p, SSVM_STATE_DENSE, 12, ls, w3, &e) == SSVM_MAX_PASSES);
                    for (j = 0; j < p.d; j++) {
                        diffs += w1[j] != w2[j];
                        if (fabs((double)w1[j] - (double)w3[j]) > maxref) maxref = fabs((double)w1[j] - (double)w3[j]);
                    }
                    TH_CHECK(t, a.oracle_calls == b.oracle_calls && a.steps == b.steps && e.steps == a.steps);
                    cases++;
                    tchain_free(&c);
                }
    TH_CHECKF(t, diffs == 0, "%d weights differ between the fast and the generic compact step", diffs);
    TH_CHECKF(t, maxref < (IS_FLOAT_BUILD ? 1e-3 : 1e-9), "fast compact vs dense state: max diff %g", maxref);
    TH_CHECK(t, cases == 32);
}

/* a long run with the predefined step: the support grows and shrinks (gamma = 1 at the first step of each
   example leaves exact zeros); the fast step must still match the generic one */
static void test_speed_long_run_matches(th_ctx *t) {
    tchain c;
    trng r;
    ssvm_problem p, pw;
    sp_wrap wr;
    ssvm_real w1[256], w2[256];
    int j, diffs = 0;
    r.s = 77;
    tchain_make(&c, &r, 8, 5, 4, SSVM_CHAIN_BIASES, 0);
    TH_CHECK(t, tchain_problem(&c, &p) == SSVM_OK && p.d <= 256);
    pw = sp_wrapped(&wr, &p);
    TH_CHECK(t, sp_train(&p, SSVM_STATE_COMPACT, 60, 1, w1, 0) == SSVM_MAX_PASSES);
    TH_CHECK(t, sp_train(&pw, SSVM_STATE_COMPACT, 60, 1, w2, 0) == SSVM_MAX_PASSES);
    for (j = 0; j < p.d; j++) diffs += w1[j] != w2[j];
    TH_CHECKF(t, diffs == 0, "%d weights differ", diffs);
    TH_CHECK(t, sp_train(&p, SSVM_STATE_COMPACT_SPARSE, 60, 1, w1, 0) == SSVM_MAX_PASSES);
    TH_CHECK(t, sp_train(&pw, SSVM_STATE_COMPACT_SPARSE, 60, 1, w2, 0) == SSVM_MAX_PASSES);
    for (j = 0, diffs = 0; j < p.d; j++) diffs += w1[j] != w2[j];
    TH_CHECKF(t, diffs == 0, "%d weights differ (sparse compact)", diffs);
    tchain_free(&c);
}

/* the compacted non-zeros cost nnz (int + real) bytes in the chain's heap size, and nothing for sparse input */
static void test_speed_heap_counts_nonzeros(th_ctx *t) {
    tchain c;
    trng r;
    ssvm_chain_config z;
    ssvm_real zeros[8 * 5 * 4];
    size_t b1 = 0, b0 = 0, bs = 0;
    int k, nnz = 0, P;
    r.s = 5;
    tchain_make(&c, &r, 8, 3, 4, 0, 0);
    P = c.start[8];
    for (k = 0; k < P * 4; k++) nnz += c.x[k] != 0;
    memset(zeros, 0, sizeof zeros);
    z = c.cfg; z.x = zeros;
    TH_CHECK(t, ssvm_chain_get_heap_size(&c.cfg, &b1) == SSVM_OK);
    TH_CHECK(t, ssvm_chain_get_heap_size(&z, &b0) == SSVM_OK);
    TH_CHECK(t, nnz > 0);
    TH_CHECK(t, b1 - b0 == (size_t)nnz * (sizeof(ssvm_real) + sizeof(int)));
    tchain_make(&c, &r, 8, 3, 4, 0, 1);
    TH_CHECK(t, ssvm_chain_get_heap_size(&c.cfg, &bs) == SSVM_OK);
    TH_CHECK(t, bs < b0); /* no compacted copy for sparse input */
}

/* preallocated: the model in exactly the bytes asked for, the solver too; training works and matches the heap run */
static void test_speed_preallocated_exact_bytes(th_ctx *t) {
    tchain c;
    trng r;
    ssvm_chain m;
    ssvm_problem p;
    ssvm_solver_config q;
    ssvm_solver s;
    size_t mb = 0, sb = 0;
    void *mh, *sh;
    ssvm_real w1[256], w2[256];
    int j, diffs = 0;
    r.s = 9;
    tchain_make(&c, &r, 8, 4, 4, 0, 0);
    TH_CHECK(t, ssvm_chain_get_heap_size(&c.cfg, &mb) == SSVM_OK);
    mh = malloc(mb);
    TH_CHECK(t, mh && ssvm_chain_init_preallocated(&c.cfg, mh, mb, &m) == SSVM_OK && ssvm_chain_problem(&m, &p) == SSVM_OK);
    q = ssvm_solver_config_init(&p, SSVM_BCFW);
    q.max_passes = 10; q.gap_tol = 0; q.eval_every = 0; q.lambda = 0.05;
    TH_CHECK(t, ssvm_solver_get_heap_size(&q, &sb) == SSVM_OK);
    sh = malloc(sb);
    TH_CHECK(t, sh && ssvm_solver_init_preallocated(&q, sh, sb, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
    TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_ITERATE, w1, sizeof w1) == SSVM_OK);
    ssvm_solver_uninit(&s);
    TH_CHECK(t, tchain_problem(&c, &c.p) == SSVM_OK);
    q.problem = &c.p; /* AUTO: the same state kind for a heap and a preallocated solver (1.0) */
    TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK && ssvm_solver_run(&s) == SSVM_MAX_PASSES);
    TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_ITERATE, w2, sizeof w2) == SSVM_OK);
    ssvm_solver_uninit(&s);
    for (j = 0; j < p.d; j++) diffs += w1[j] != w2[j];
    TH_CHECKF(t, diffs == 0, "%d weights differ", diffs);
    ssvm_chain_uninit(&m);
    tchain_free(&c);
    free(mh); free(sh);
}

/* >>speed (0.7.0): plain BCFW's score-space step (<D, w> from the oracle's scores, |D|^2 from Gram matrices, w and the
   average moved row by row) against the D step (bcfw.build_direction = 1): the same iterates and averages up to
   rounding, over 12 passes of every input kind, flag, averaging and step rule; double builds only (float builds
   keep D: the check is then that the path is off) */
static void sc_run(const ssvm_problem *p, int build, int ls, ssvm_averaging avg, ssvm_solver *s) {
    ssvm_solver_config q = ssvm_solver_config_init(p, SSVM_BCFW);
    q.max_passes = 12; q.gap_tol = 0; q.eval_every = 0; q.state = SSVM_STATE_COMPACT_SPARSE; q.line_search = ls;
    q.lambda = 0.05; q.averaging = avg; q.bcfw.build_direction = build;
    if (avg == SSVM_AVG_SUFFIX) q.bcfw.gap_sampling = 1; /* its estimates come from the step's <D, w> too */
    if (ssvm_solver_init(&q, s) != SSVM_OK) { memset(s, 0, sizeof *s); return; }
    (void)ssvm_solver_run(s);
}
static double sc_maxdiff(ssvm_solver *a, ssvm_solver *b, ssvm_which which, int d) {
    ssvm_real wa[256], wb[256];
    double m = 0;
    int j;
    if (ssvm_solver_weights(a, which, wa, sizeof wa) != SSVM_OK || ssvm_solver_weights(b, which, wb, sizeof wb) != SSVM_OK)
        return 1e300;
    for (j = 0; j < d; j++) {
        double e = fabs((double)wa[j] - (double)wb[j]);
        if (!(e <= m)) m = e;
    }
    return m;
}
static void test_speed_score_step_matches_direction(th_ctx *t) {
    static const int flags[5] = {0, SSVM_CHAIN_BIASES, SSVM_CHAIN_COUNTED_LOSS, SSVM_CHAIN_ATTR_MAJOR | SSVM_CHAIN_BIASES,
                                 SSVM_CHAIN_BIASES | SSVM_CHAIN_COUNTED_LOSS};
    static const ssvm_averaging avgs[3] = {SSVM_AVG_WEIGHTED, SSVM_AVG_SUFFIX, SSVM_AVG_NONE};
    int f, in, ls, av, cases = 0, on = 0;
    double maxw = 0, maxa = 0, maxd = 0;
    for (f = 0; f < 5; f++)
        for (in = 0; in < 3; in++) /* dense, sparse with values, sparse binary */
            for (ls = 0; ls < 2; ls++)
                for (av = 0; av < 3; av++) {
                    tchain c;
                    trng r;
                    ssvm_problem p;
                    ssvm_solver a, b;
                    ssvm_progress pa, pb;
                    r.s = 500u + (unsigned)(f * 18 + in * 6 + ls * 3 + av);
                    tchain_make(&c, &r, 8, 4, 4, flags[f], in > 0);
                    if (in == 2) c.cfg.attr_val = NULL;
                    if (tchain_problem(&c, &p) != SSVM_OK || p.d > 256) { TH_CHECK(t, 0); tchain_free(&c); continue; }
                    sc_run(&p, 0, ls, avgs[av], &a);
                    sc_run(&p, 1, ls, avgs[av], &b);
                    TH_CHECK(t, TH_EN(&a).heap && TH_EN(&b).heap && TH_BF(&b).sc_gram == NULL);
                    on += TH_BF(&a).sc_gram != NULL && (*TH_BF(&a).sc_ready) == 1;
                    if (TH_EN(&a).heap && TH_EN(&b).heap) {
                        double e1 = sc_maxdiff(&a, &b, SSVM_W_ITERATE, p.d), e2 = avgs[av] != SSVM_AVG_NONE ?
                            sc_maxdiff(&a, &b, SSVM_W_AVERAGE, p.d) : 0;
                        int avg = avgs[av] != SSVM_AVG_NONE; /* the average's dual reads l_bar (review of 0.7.0) */
                        TH_CHECK(t, ssvm_solver_evaluate(&a, 1, avg, &pa) == SSVM_OK &&
                                    ssvm_solver_evaluate(&b, 1, avg, &pb) == SSVM_OK);
                        if (e1 > maxw) maxw = e1;
                        if (e2 > maxa) maxa = e2;
                        if (!(fabs(pa.iterate.dual - pb.iterate.dual) <= maxd)) maxd = fabs(pa.iterate.dual - pb.iterate.dual);
                        if (avg && !(fabs(pa.average.dual - pb.average.dual) <= maxd))
                            maxd = fabs(pa.average.dual - pb.average.dual);
                        TH_CHECK(t, pa.oracle_calls == pb.oracle_calls && pa.steps == pb.steps);
                        cases++;
                    }
                    ssvm_solver_uninit(&a); ssvm_solver_uninit(&b);
                    tchain_free(&c);
                }
    TH_CHECK(t, cases == 90);
    TH_CHECKF(t, on == (IS_FLOAT_BUILD ? 0 : 90), "the score-space step ran in %d of 90 cases", on);
    TH_CHECKF(t, maxw < 1e-11 && maxa < 1e-11 && maxd < 1e-11, "iterate %g, average %g, duals %g apart", maxw, maxa, maxd);
}

/* long sequences keep D: the score-space step only where its Gram matrices (sum_i L_i (L_i + 1) / 2 doubles) stay
   within 2 (d + sum_i stat_dim) and no sequence passes 4,096 positions (review of 0.7.0: memory quadratic in L,
   and L (L + 1) / 2 wrapping a 32-bit size_t) */
static void test_speed_score_step_size_rule(th_ctx *t) {
    static const int lens[3] = {5000, 100, 3};
    int k;
    for (k = 0; k < 3; k++) {
        int L = lens[k], p0;
        int start[2];
        int *labels = (int *)malloc(sizeof(int) * (size_t)L);
        ssvm_real *x = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)L);
        ssvm_chain_config cc;
        ssvm_chain m;
        ssvm_problem p;
        ssvm_solver_config q;
        ssvm_solver s;
        start[0] = 0; start[1] = L;
        for (p0 = 0; p0 < L; p0++) { labels[p0] = p0 % 2; x[p0] = (ssvm_real)(p0 % 2 ? 1 : -1); }
        cc = ssvm_chain_config_init(1, 2, 1, start, labels);
        cc.x = x;
        TH_CHECK(t, ssvm_chain_init(&cc, &m) == SSVM_OK && ssvm_chain_problem(&m, &p) == SSVM_OK);
        q = ssvm_solver_config_init(&p, SSVM_BCFW);
        q.max_passes = 3; q.gap_tol = 0; q.eval_every = 0; q.state = SSVM_STATE_COMPACT_SPARSE; q.lambda = 0.1;
        TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK);
        /* d = 6, stat_dim = 2 L + 4: only L = 3 fits (6 Gram entries) */
        TH_CHECKF(t, (TH_BF(&s).sc_gram != NULL) == (k == 2 && !IS_FLOAT_BUILD), "L = %d: score-space step %s", L,
                  TH_BF(&s).sc_gram ? "on" : "off");
        TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
        ssvm_solver_uninit(&s);
        ssvm_chain_uninit(&m);
        free(labels); free(x);
    }
}

/* near overflow (a bound on |w| forced up) the score-space step builds D and takes the D step's test and move;
   the run goes on to the same iterates up to rounding. Inputs so large that |D|^2 overflows: SSVM_ERR_NONFINITE
   on both paths, w left finite. */
static void test_speed_score_step_guards(th_ctx *t) {
    tchain c;
    trng r;
    ssvm_problem p;
    ssvm_solver_config q;
    ssvm_solver a, b;
    ssvm_real w[256];
    int i, j, k, fin = 1;
    r.s = 31;
    tchain_make(&c, &r, 8, 4, 4, SSVM_CHAIN_BIASES, 0);
    TH_CHECK(t, tchain_problem(&c, &p) == SSVM_OK && p.d <= 256);
    q = ssvm_solver_config_init(&p, SSVM_BCFW);
    q.gap_tol = 0; q.eval_every = 0; q.state = SSVM_STATE_COMPACT_SPARSE; q.lambda = 0.05;
    TH_CHECK(t, ssvm_solver_init(&q, &a) == SSVM_OK && ssvm_solver_init(&q, &b) == SSVM_OK);
    for (k = 0; k < 3; k++) { TH_CHECK(t, ssvm_solver_pass(&a) == SSVM_OK && ssvm_solver_pass(&b) == SSVM_OK); }
    for (k = 0; k < 2 * p.n; k++) {
        i = k % p.n;
        (*TH_BF(&a).sc_wmax) = 2e306; (*TH_BF(&a).sc_valid) = 1; /* every step of a: the D path's test and move */
        TH_CHECK(t, ssvm_solver_step(&a, i, 0) == SSVM_OK && ssvm_solver_step(&b, i, 0) == SSVM_OK);
    }
    TH_CHECK(t, sc_maxdiff(&a, &b, SSVM_W_ITERATE, p.d) < 1e-11 && sc_maxdiff(&a, &b, SSVM_W_AVERAGE, p.d) < 1e-11);
    TH_CHECK(t, IS_FLOAT_BUILD || ((*TH_BF(&a).sc_ready) == 1 && (*TH_BF(&a).sc_valid) == 0));
    ssvm_solver_uninit(&a); ssvm_solver_uninit(&b);
    if (IS_FLOAT_BUILD) { tchain_free(&c); return; } /* float builds keep D (the first half: the D path twice) */
    for (j = 0; j < 8 * 5 * 4; j++) c.x[j] *= (ssvm_real)1e200;
    TH_CHECK(t, tchain_problem(&c, &p) == SSVM_OK);
    for (k = 0; k < 2; k++) {
        ssvm_result rr;
        q = ssvm_solver_config_init(&p, SSVM_BCFW);
        q.max_passes = 3; q.gap_tol = 0; q.eval_every = 0; q.state = SSVM_STATE_COMPACT_SPARSE; q.lambda = 0.05;
        q.bcfw.build_direction = k;
        TH_CHECK(t, ssvm_solver_init(&q, &a) == SSVM_OK);
        rr = ssvm_solver_run(&a);
        TH_CHECKF(t, rr == SSVM_ERR_NONFINITE, "build_direction %d: %s", k, ssvm_result_string(rr));
        TH_CHECK(t, ssvm_solver_weights(&a, SSVM_W_ITERATE, w, sizeof w) == SSVM_OK);
        for (j = 0; j < p.d; j++) fin &= (double)w[j] - (double)w[j] == 0; /* finite: not inf, not NaN */
        ssvm_solver_uninit(&a);
    }
    TH_CHECK(t, fin);
    tchain_free(&c);
}

/* the bound on |w| that lets the score-space step skip the overflow test (review of 0.7.0: its bookkeeping was
   untested): after every step, max_j |w_j| <= _sc_wmax; it is measured at the first step, after a checkpoint load,
   and in a later pass once it nears overflow (a bound poisoned to 2e306 is gone after a pass), else carried over */
static double sc_wabs(ssvm_solver *s, int d) {
    double m = 0;
    const ssvm_real *w = TH_EN(s).w;
    int j;
    for (j = 0; j < d; j++) { double v = fabs((double)w[j]); if (!(v <= m)) m = v; }
    return m;
}
static void test_speed_score_step_w_bound(th_ctx *t) {
    tchain c;
    trng r;
    ssvm_problem p;
    ssvm_solver_config q;
    ssvm_solver a, b;
    unsigned char *buf;
    size_t bytes = 0, written = 0;
    int k, i, steps = 0, held = 1, raised = 0;
    r.s = 77;
    tchain_make(&c, &r, 8, 4, 4, SSVM_CHAIN_BIASES, 1);
    TH_CHECK(t, tchain_problem(&c, &p) == SSVM_OK);
    q = ssvm_solver_config_init(&p, SSVM_BCFW);
    q.gap_tol = 0; q.eval_every = 0; q.state = SSVM_STATE_COMPACT_SPARSE; q.lambda = 0.01;
    TH_CHECK(t, ssvm_solver_init(&q, &a) == SSVM_OK && ssvm_solver_init(&q, &b) == SSVM_OK);
    if (IS_FLOAT_BUILD) { /* float builds keep D: no bound to keep */
        TH_CHECK(t, TH_BF(&a).sc_gram == NULL);
        ssvm_solver_uninit(&a); ssvm_solver_uninit(&b); tchain_free(&c);
        return;
    }
    for (k = 0; k < 3 * p.n; k++) { /* steps, no pass: one measurement, then raised by every step */
        double before = (*TH_BF(&a).sc_valid) ? (*TH_BF(&a).sc_wmax) : -1;
        i = (int)(trng_u(&r) * p.n);
        TH_CHECK(t, ssvm_solver_step(&a, i, 0) == SSVM_OK);
        TH_CHECK(t, (*TH_BF(&a).sc_ready) == 1 && (*TH_BF(&a).sc_valid));
        held &= sc_wabs(&a, p.d) <= (*TH_BF(&a).sc_wmax) * (1 + 1e-12);
        raised += before >= 0 && (*TH_BF(&a).sc_wmax) > before;
        steps++;
    }
    TH_CHECKF(t, held, "max |w| above the bound after some of %d steps", steps);
    TH_CHECKF(t, raised > p.n, "the bound raised in %d of %d steps", raised, steps);
    /* carried over to the next pass (no sweep of d a pass), measured again there once it nears overflow */
    {
        double carried = (*TH_BF(&a).sc_wmax);
        TH_CHECK(t, ssvm_solver_pass(&a) == SSVM_OK);
        TH_CHECKF(t, (*TH_BF(&a).sc_wmax) >= carried, "a pass re-measured a bound far from overflow (%g < %g)",
                  (*TH_BF(&a).sc_wmax), carried);
    }
    (*TH_BF(&a).sc_wmax) = 2e306; /* near overflow: the next pass measures it again (once) */
    TH_CHECK(t, ssvm_solver_pass(&a) == SSVM_OK);
    TH_CHECKF(t, (*TH_BF(&a).sc_valid) && (*TH_BF(&a).sc_wmax) < 1e300 && sc_wabs(&a, p.d) <= (*TH_BF(&a).sc_wmax) * (1 + 1e-12),
              "after a pass: bound %g, max |w| %g", (*TH_BF(&a).sc_wmax), sc_wabs(&a, p.d));
    /* a load replaces w: b, 8 passes on, is loaded into a whose bound is stale (poisoned low, then high) */
    for (k = 0; k < 8; k++) TH_CHECK(t, ssvm_solver_pass(&b) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_checkpoint_get_size(&b, &bytes) == SSVM_OK);
    buf = (unsigned char *)malloc(bytes);
    TH_CHECK(t, buf && ssvm_solver_checkpoint_save(&b, buf, bytes, &written) == SSVM_OK);
    for (k = 0; k < 2 && buf; k++) {
        (*TH_BF(&a).sc_wmax) = k ? 1e300 : 0; (*TH_BF(&a).sc_valid) = 1;
        TH_CHECK(t, ssvm_solver_checkpoint_load(&a, buf, written) == SSVM_OK);
        TH_CHECK(t, k || sc_wabs(&a, p.d) > 0); /* a bound of 0 would be stale */
        TH_CHECK(t, ssvm_solver_step(&a, 0, 0) == SSVM_OK);
        TH_CHECKF(t, (*TH_BF(&a).sc_valid) && (*TH_BF(&a).sc_wmax) < 1e300 && sc_wabs(&a, p.d) <= (*TH_BF(&a).sc_wmax) * (1 + 1e-12),
                  "after a load (poison %d): bound %g, max |w| %g", k, (*TH_BF(&a).sc_wmax), sc_wabs(&a, p.d));
    }
    free(buf);
    ssvm_solver_uninit(&a); ssvm_solver_uninit(&b);
    tchain_free(&c);
}

/* a step whose state update fails (a preallocated sparse pool out of room: SSVM_ERR_WORKSPACE) leaves w, the
   average, l and the state's scratch as they were, on the score-space path as on the D path (review of 0.7.0);
   training then goes on from the last good state */
static void test_speed_score_step_workspace(th_ctx *t) {
    int seed, path, fails = 0, oks = 0, same = 1, on = 0;
    for (seed = 0; seed < 6; seed++)
        for (path = 0; path < 2; path++) {
            tchain c;
            trng r;
            ssvm_problem p;
            ssvm_solver_config q;
            ssvm_solver a;
            ssvm_progress pr;
            ssvm_real w0[256], z0[256];
            size_t bytes = 0;
            unsigned char *buf;
            int k, f = 0;
            r.s = 900u + (unsigned)seed;
            tchain_make(&c, &r, 8, 4, 4, SSVM_CHAIN_BIASES, seed & 1);
            TH_CHECK(t, tchain_problem(&c, &p) == SSVM_OK && p.d <= 256);
            q = ssvm_solver_config_init(&p, SSVM_BCFW);
            q.gap_tol = 0; q.eval_every = 0; q.state = SSVM_STATE_COMPACT_SPARSE; q.lambda = 0.05;
            q.averaging = SSVM_AVG_WEIGHTED; q.sparse_pool_entries = (size_t)p.n * 10; q.bcfw.build_direction = path;
            TH_CHECK(t, ssvm_solver_get_heap_size(&q, &bytes) == SSVM_OK);
            buf = (unsigned char *)malloc(bytes);
            if (!buf || ssvm_solver_init_preallocated(&q, buf, bytes, &a) != SSVM_OK) {
                TH_CHECK(t, 0); free(buf); tchain_free(&c); continue;
            }
            on += path == 0 && TH_BF(&a).sc_gram != NULL;
            for (k = 0; k < 3000 && f < 4; k++) {
                int i = (int)(trng_u(&r) * p.n);
                double l0 = *TH_EN(&a).l, lb0 = *TH_EN(&a).l_bar, ab0 = *TH_EN(&a).avg_a, bb0 = *TH_EN(&a).avg_b;
                ssvm_result rr;
                memcpy(w0, TH_EN(&a).w, sizeof(ssvm_real) * (size_t)p.d);
                memcpy(z0, TH_EN(&a).z, sizeof(ssvm_real) * (size_t)p.d);
                rr = ssvm_solver_step(&a, i, 0);
                if (rr == SSVM_OK) { oks++; continue; }
                f++;
                TH_CHECKF(t, rr == SSVM_ERR_WORKSPACE, "%s", ssvm_result_string(rr));
                same &= !memcmp(w0, TH_EN(&a).w, sizeof(ssvm_real) * (size_t)p.d) &&
                        !memcmp(z0, TH_EN(&a).z, sizeof(ssvm_real) * (size_t)p.d) && *TH_EN(&a).l == l0 &&
                        *TH_EN(&a).l_bar == lb0 && *TH_EN(&a).avg_a == ab0 && *TH_EN(&a).avg_b == bb0;
            }
            fails += f;
            /* the state still gives w: the iterate's gap is >= 0 and its dual is l - lambda/2 |w|^2 */
            TH_CHECK(t, ssvm_solver_evaluate(&a, 1, 0, &pr) == SSVM_OK && pr.iterate.gap >= -1e-9);
            ssvm_solver_uninit(&a);
            free(buf);
            tchain_free(&c);
        }
    TH_CHECKF(t, fails >= 12 && oks > 0, "%d failed steps, %d good ones", fails, oks);
    TH_CHECK(t, same);
    TH_CHECK(t, on == (IS_FLOAT_BUILD ? 0 : 6));
}

void suite_speed(th_ctx *t) {
    TH_RUN(t, test_speed_fast_step_equals_generic);
    TH_RUN(t, test_speed_score_step_matches_direction);
    TH_RUN(t, test_speed_score_step_guards);
    TH_RUN(t, test_speed_score_step_size_rule);
    TH_RUN(t, test_speed_score_step_w_bound);
    TH_RUN(t, test_speed_score_step_workspace);
    TH_RUN(t, test_speed_long_run_matches);
    TH_RUN(t, test_speed_heap_counts_nonzeros);
    TH_RUN(t, test_speed_preallocated_exact_bytes);
}
