/* tests/only.c: a build that leaves solvers out (MANUAL: BUILD OPTIONS). Compiled with -DSTRUCTSVM_ONLY_BCFW
   -DSTRUCTSVM_NO_GAPS (build/test_only_bcfw: BCFW without config.bcfw's options, the smallest trainer) and with
   -DSTRUCTSVM_NO_BCFW (build/test_no_bcfw) and with -DSTRUCTSVM_NO_GAPS alone (build/test_no_gaps: every solver,
   BCFW without its options; the others refuse BCFW's block options as the full build does): the kept solvers train as in the full
   build (the same bits as a reference run of the full library cannot be had in this unit, so the checks are
   the certificate and the weights' finiteness), and every left-out kind is SSVM_ERR_NOT_SUPPORTED from
   ssvm_solver_config_check, ssvm_solver_get_heap_size, ssvm_solver_init and ssvm_train, never a crash. */
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "harness.h"
#include "tchain.h"

static int kept(ssvm_solver_kind k) {
#if defined(STRUCTSVM_ONLY_BCFW)
    return k == SSVM_BCFW;
#elif defined(STRUCTSVM_NO_BCFW)
    return k != SSVM_BCFW;
#else
    (void)k;
    return 1; /* STRUCTSVM_NO_GAPS alone leaves no solver out */
#endif
}

static void test_only_left_out_refused(th_ctx *t) {
    trng r = {5};
    tchain c;
    int k, refused = 0;
    tchain_make(&c, &r, 8, 3, 4, 0, 0);
    TH_CHECK(t, tchain_problem(&c, &c.p) == SSVM_OK);
    for (k = 0; k <= (int)SSVM_EG; k++) {
        ssvm_solver_config q = ssvm_solver_config_init(&c.p, (ssvm_solver_kind)k);
        ssvm_solver s;
        size_t bytes = 1;
        ssvm_real w[64];
        if (kept((ssvm_solver_kind)k)) continue;
        TH_CHECKF(t, ssvm_solver_config_check(&q) == SSVM_ERR_NOT_SUPPORTED, "kind %d", k);
        TH_CHECKF(t, ssvm_solver_get_heap_size(&q, &bytes) == SSVM_ERR_NOT_SUPPORTED && bytes == 0, "kind %d", k);
        TH_CHECKF(t, ssvm_solver_init(&q, &s) == SSVM_ERR_NOT_SUPPORTED, "kind %d", k);
        TH_CHECKF(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_NOT_SUPPORTED, "kind %d", k);
        refused++;
    }
#if defined(STRUCTSVM_ONLY_BCFW) || defined(STRUCTSVM_NO_BCFW)
    TH_CHECK(t, refused >= 1);
#else
    TH_CHECK(t, refused == 0);
#endif
    {   /* a kind out of range stays an invalid argument */
        ssvm_solver_config q = ssvm_solver_config_init(&c.p, SSVM_BCFW);
        q.solver = (ssvm_solver_kind)99;
        TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_INVALID_ARG);
    }
    tchain_free(&c);
}

#ifdef STRUCTSVM_NO_GAPS
/* without >>gaps: each of config.bcfw's options is SSVM_ERR_NOT_SUPPORTED at every door, plain BCFW trains, and
   the gap-estimate and atom accessors say NOT_SUPPORTED */
static void test_only_no_gaps_refused(th_ctx *t) {
    trng r = {7};
    tchain c;
    int k;
    tchain_make(&c, &r, 8, 3, 4, SSVM_CHAIN_BIASES, 0);
    TH_CHECK(t, tchain_problem(&c, &c.p) == SSVM_OK);
    for (k = 0; k < 4; k++) {
        ssvm_solver_config q = ssvm_solver_config_init(&c.p, SSVM_BCFW);
        ssvm_solver s;
        size_t bytes = 1;
        ssvm_real w[128];
        if (k == 0) q.bcfw.gap_sampling = 1;
        if (k == 1) q.bcfw.steps = SSVM_BCFW_STEPS_PAIRWISE;
        if (k == 2) q.bcfw.steps = SSVM_BCFW_STEPS_AWAY;
        if (k == 3) q.bcfw.cache = 1;
        TH_CHECKF(t, ssvm_solver_config_check(&q) == SSVM_ERR_NOT_SUPPORTED, "option %d", k);
        TH_CHECKF(t, ssvm_solver_get_heap_size(&q, &bytes) == SSVM_ERR_NOT_SUPPORTED && bytes == 0, "option %d", k);
        TH_CHECKF(t, ssvm_solver_init(&q, &s) == SSVM_ERR_NOT_SUPPORTED, "option %d", k);
        TH_CHECKF(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_NOT_SUPPORTED, "option %d", k);
    }
    {   /* plain BCFW: trains; the options' accessors have nothing to give */
        ssvm_solver_config q = ssvm_solver_config_init(&c.p, SSVM_BCFW);
        ssvm_solver s;
        ssvm_progress pr;
        double g[8];
        int cnt;
        q.max_passes = 200; q.gap_tol = 1e-2; q.lambda = 0.1;
        TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_run(&s) == SSVM_CONVERGED);
        TH_CHECK(t, ssvm_solver_progress(&s, &pr) == SSVM_OK && pr.iterate.gap <= 1e-2 && pr.gap_estimate != pr.gap_estimate);
        TH_CHECK(t, ssvm_solver_gap_estimates(&s, g, sizeof g) == SSVM_ERR_NOT_SUPPORTED);
        TH_CHECK(t, ssvm_solver_atom_count(&s, 0, &cnt) == SSVM_ERR_NOT_SUPPORTED);
        ssvm_solver_uninit(&s);
    }
#ifndef STRUCTSVM_ONLY_BCFW
    {   /* BCFW's block options on the other solvers: the combination's error, as in the full build (the NO_GAPS
           build checks them in its own ssvm__gaps_check_config) */
        static const ssvm_solver_kind others[] = {SSVM_FW, SSVM_SSG, SSVM_CUTTING_PLANE, SSVM_MULTISAMPLE};
        for (k = 0; k < 4; k++) {
            ssvm_solver_config q = ssvm_solver_config_init(&c.p, others[k]);
            q.state = SSVM_STATE_DENSE;
            TH_CHECKF(t, ssvm_solver_config_check(&q) == SSVM_ERR_BCFW_COMBINATION, "kind %d state", (int)others[k]);
            q.state = SSVM_STATE_AUTO; q.bcfw.build_direction = 1;
            TH_CHECKF(t, ssvm_solver_config_check(&q) == SSVM_ERR_BCFW_COMBINATION, "kind %d build_direction",
                      (int)others[k]);
            q.bcfw.build_direction = 0;
            TH_CHECKF(t, ssvm_solver_config_check(&q) == SSVM_OK, "kind %d plain", (int)others[k]);
        }
        {   /* and on BCFW they are options like any other */
            ssvm_solver_config q = ssvm_solver_config_init(&c.p, SSVM_BCFW);
            q.state = SSVM_STATE_DENSE; q.bcfw.build_direction = 1;
            TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_OK);
        }
    }
#endif
    tchain_free(&c);
}
#endif

/* the kept solvers that train a chain from its defaults do, to a finite certificate */
static void test_only_kept_train(th_ctx *t) {
    static const ssvm_solver_kind kinds[] = {SSVM_BCFW, SSVM_FW, SSVM_SSG, SSVM_CUTTING_PLANE};
    trng r = {6};
    tchain c;
    int k, trained = 0;
    tchain_make(&c, &r, 8, 3, 4, SSVM_CHAIN_BIASES, 0);
    TH_CHECK(t, tchain_problem(&c, &c.p) == SSVM_OK);
    for (k = 0; k < 4; k++) {
        ssvm_solver_config q = ssvm_solver_config_init(&c.p, kinds[k]);
        ssvm_real w[128];
        ssvm_progress pr;
        int j, fin = 1;
        if (!kept(kinds[k])) continue;
        q.max_passes = 200; q.gap_tol = 1e-2; q.lambda = 0.1;
        TH_CHECKF(t, ssvm_train(&q, w, sizeof w, &pr) > 0, "kind %d", (int)kinds[k]);
        for (j = 0; j < c.p.d; j++) fin &= w[j] == w[j] && w[j] - w[j] == 0;
        TH_CHECK(t, fin && pr.pass >= 1 && pr.iterate.primal == pr.iterate.primal);
        trained++;
    }
    TH_CHECK(t, trained >= 1);
    tchain_free(&c);
}

#ifdef STRUCTSVM_NO_DIST
/* without >>dist: config.dist with more than one rank is SSVM_ERR_NOT_SUPPORTED at every door (no collective call is
   made: the hook would fail the test), one rank trains as ever */
static int never_called(void *u, double *b, size_t n) { (void)u; (void)b; (void)n; return 1; }
static void test_only_no_dist_refused(th_ctx *t) {
    trng r = {9};
    tchain c;
    ssvm_solver_config q;
    ssvm_solver s;
    size_t bytes = 1;
    ssvm_real w[128];
    tchain_make(&c, &r, 8, 3, 4, SSVM_CHAIN_BIASES, 0);
    TH_CHECK(t, tchain_problem(&c, &c.p) == SSVM_OK);
    q = ssvm_solver_config_init(&c.p, SSVM_BCFW);
    q.dist.allreduce = never_called; q.dist.size = 2; q.dist.rank = 1;
    TH_CHECK(t, ssvm_solver_config_check(&q) == SSVM_ERR_NOT_SUPPORTED);
    TH_CHECK(t, ssvm_solver_get_heap_size(&q, &bytes) == SSVM_ERR_NOT_SUPPORTED && bytes == 0);
    TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_ERR_NOT_SUPPORTED);
    TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_NOT_SUPPORTED);
    q.dist.size = 1; q.dist.rank = 0; q.max_passes = 3;
    TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_MAX_PASSES);
    tchain_free(&c);
}
#endif

int main(int argc, char **argv) {
    th_ctx t;
    memset(&t, 0, sizeof t);
    t.filter = argc > 1 ? argv[1] : 0;
#ifdef STRUCTSVM_ONLY_BCFW
    printf("structsvm tests, STRUCTSVM_ONLY_BCFW%s\n",
#ifdef STRUCTSVM_NO_GAPS
           " + STRUCTSVM_NO_GAPS"
#else
           ""
#endif
#ifdef STRUCTSVM_NO_DIST
           " + STRUCTSVM_NO_DIST"
#endif
    );
#elif defined(STRUCTSVM_NO_BCFW)
    printf("structsvm tests, STRUCTSVM_NO_BCFW\n");
#else
    printf("structsvm tests, STRUCTSVM_NO_GAPS\n");
#endif
    TH_RUN(&t, test_only_left_out_refused);
    TH_RUN(&t, test_only_kept_train);
#ifdef STRUCTSVM_NO_GAPS
    TH_RUN(&t, test_only_no_gaps_refused);
#endif
#ifdef STRUCTSVM_NO_DIST
    TH_RUN(&t, test_only_no_dist_refused);
#endif
    printf("%d passed, %d failed, %d skipped\n", t.passed, t.failed, t.skipped);
    return t.failed ? 1 : 0;
}
