/* tests/test_user_chain.c: a user model gets what the built-in chain gets. tests/user_chain.h is the chain written
   again against the public API only, every callback the built-in sets (the statistics interface included); here
   it must give the built-in's callback values, BCFW's iterates, averages and gaps on it (plain steps in the
   default, compact and sparse compact states; pairwise, away and cached steps; mini-batches), and the same solver
   path: the score-space step exactly when the built-in takes it (double builds). UC_VERBOSE=1 prints the largest
   differences and how many weights differ in any bit (0 as of 0.9.0: user_chain.h repeats the built-in's
   operations in their order).
   One translation unit of the test program (tests/run.c runs suite_user_chain). */
#include "../structsvm.h"
#include "harness.h"
#include "internals.h"
#include "tchain.h"
#include "user_chain.h"

#define UC_TOL (IS_FLOAT_BUILD ? 1e-3 : 1e-9)

/* one random chain data set and both models over it: the built-in (c.p) and the user's (pu) */
typedef struct uc_pair { tchain c; uc_chain u; ssvm_problem pu; } uc_pair;
/* input: 0 dense, 1 sparse with values, 2 sparse binary (attr_val NULL) */
static int uc_pair_make(uc_pair *q, unsigned long long seed, int K, int F, int flags, int input) {
    trng r;
    r.s = seed;
    memset(&q->u, 0, sizeof q->u);
    tchain_make(&q->c, &r, 8, K, F, flags, input > 0);
    if (input == 2) q->c.cfg.attr_val = NULL;
    if (tchain_problem(&q->c, &q->c.p) != SSVM_OK) return 0;
    if (uc_chain_init(&q->u, &q->c.cfg) != SSVM_OK || uc_chain_problem(&q->u, &q->pu) != SSVM_OK) return 0;
    return q->c.p.d == q->pu.d && q->c.p.n == q->pu.n && q->c.p.max_label_len == q->pu.max_label_len && q->c.p.d <= 256;
}
static void uc_pair_free(uc_pair *q) { uc_chain_free(&q->u); tchain_free(&q->c); }

static const char *uc_verbose(void) { const char *v = getenv("UC_VERBOSE"); return v && *v && *v != '0' ? v : NULL; }
/* the largest |a - b| over n doubles, and the count of entries that differ in any bit */
static double uc_maxdiff(const ssvm_real *a, const ssvm_real *b, int n, int *bits) {
    double m = 0;
    int j;
    for (j = 0; j < n; j++) {
        double e = fabs((double)a[j] - (double)b[j]);
        if (!(e <= m)) m = e;
        if (bits) *bits += memcmp(&a[j], &b[j], sizeof(ssvm_real)) != 0;
    }
    return m;
}

/* the callbacks one by one, at random weights: the same labelings, losses, statistics, scores (fresh from the oracle
   and computed), expansions, Gram cache sizes, norms and moves as the built-in's */
static void test_user_chain_callbacks_match(th_ctx *t) {
    static const int flags[4] = {0, SSVM_CHAIN_BIASES, SSVM_CHAIN_COUNTED_LOSS, SSVM_CHAIN_ATTR_MAJOR | SSVM_CHAIN_BIASES};
    int f, in, i, j, k, bad = 0, cases = 0;
    double tol = IS_FLOAT_BUILD ? 1e-5 : 1e-12, worst = 0;
    for (f = 0; f < 4; f++)
        for (in = 0; in < 3; in++) {
            uc_pair q;
            trng r;
            ssvm_problem *pb = &q.c.p, *pu = &q.pu;
            ssvm_real w[256], wb[256], wu[256], zb[256], zu[256], st[64];
            int yb[8], yu[8], posb[64], posu[64], d, lenb, lenu, nb, nu, gram_ok = 0;
            size_t gb = 0, gu = 0, sb = 0;
            void *cb = NULL, *cu = NULL, *hb = NULL, *hu = NULL;
            ssvm_svec vb, vu;
            double scb[64], scu[64], a[64], bound_b = 0, bound_u = 0;
            if (!uc_pair_make(&q, 300u + (unsigned)(f * 3 + in), 4, 4, flags[f], in)) {
                TH_CHECK(t, 0); uc_pair_free(&q); continue;
            }
            d = pb->d;
            r.s = 17u + (unsigned)(f * 3 + in);
            for (j = 0; j < d; j++) w[j] = (ssvm_real)(trng_u(&r) * 2 - 1);
            TH_CHECK(t, ssvm_svec_get_heap_size(d, &sb) == SSVM_OK);
            hb = malloc(sb); hu = malloc(sb);
            TH_CHECK(t, hb && hu && ssvm_svec_init_preallocated(d, hb, sb, &vb) == SSVM_OK &&
                        ssvm_svec_init_preallocated(d, hu, sb, &vu) == SSVM_OK);
            /* the Gram caches' sizes (asked before any oracle call, as the solver does; each model lays its own out) */
            TH_CHECK(t, (pb->stat_gram != NULL) == (pu->stat_gram != NULL)); /* both: double builds only */
            gb = gu = 0;
            if (pb->stat_gram) {
                TH_CHECK(t, pb->stat_gram(pb->user, NULL, &gb, NULL) == 0 && pu->stat_gram(pu->user, NULL, &gu, NULL) == 0);
                TH_CHECKF(t, gb > 0 && gu > 0, "Gram cache sizes %lu and %lu", (unsigned long)gb, (unsigned long)gu);
            }
            for (i = 0; i < pb->n; i++) {
                ssvm_real db = -1, du = -2, eb = 0, eu = 0;
                double n2b = -1, n2u = -2;
                int m = pb->stat_dim(pb->user, i), L;
                TH_CHECK(t, m == pu->stat_dim(pu->user, i) && m > 0 && m <= 64);
                if (m <= 0 || m > 64) continue;
                /* the oracle at w (w_scale 1, then 2) and the decoder */
                lenb = pb->oracle(pb->user, i, w, 2.0, yb, &db); lenu = pu->oracle(pu->user, i, w, 2.0, yu, &du);
                bad += lenb != lenu || lenb <= 0 || memcmp(yb, yu, sizeof(int) * (size_t)lenb) || db != du;
                lenb = pb->decode(pb->user, i, w, yb); lenu = pu->decode(pu->user, i, w, yu);
                bad += lenb != lenu || memcmp(yb, yu, sizeof(int) * (size_t)lenb);
                lenb = pb->oracle(pb->user, i, w, 1.0, yb, &db); lenu = pu->oracle(pu->user, i, w, 1.0, yu, &du);
                bad += lenb != lenu || lenb <= 0 || memcmp(yb, yu, sizeof(int) * (size_t)lenb) || db != du;
                L = lenb;
                TH_CHECK(t, pb->loss(pb->user, i, yb, L, &eb) == 0 && pu->loss(pu->user, i, yu, L, &eu) == 0 && eb == eu);
                TH_CHECK(t, pb->truth(pb->user, i, yb) == pu->truth(pu->user, i, yu) && !memcmp(yb, yu, sizeof(int) * (size_t)L));
                lenb = pb->oracle(pb->user, i, w, 1.0, yb, &db); lenu = pu->oracle(pu->user, i, w, 1.0, yu, &du);
                /* the support of s(y*), every statistic's score: fresh (the oracle's own) and computed */
                nb = pb->stat_support(pb->user, i, yb, L, posb); nu = pu->stat_support(pu->user, i, yu, L, posu);
                bad += nb != nu || nb <= 0 || memcmp(posb, posu, sizeof(int) * (size_t)nb);
                for (k = 0; k < m; k++) posb[k] = k;
                TH_CHECK(t, pb->stat_scores(pb->user, i, w, posb, m, 1, scb) == 0 &&
                            pu->stat_scores(pu->user, i, w, posb, m, 1, scu) == 0);
                for (k = 0; k < m; k++) { double e = fabs(scb[k] - scu[k]); if (!(e <= worst)) worst = e; }
                TH_CHECK(t, pb->stat_scores(pb->user, i, w, posb, m, 0, scb) == 0 &&
                            pu->stat_scores(pu->user, i, w, posb, m, 0, scu) == 0);
                for (k = 0; k < m; k++) { double e = fabs(scb[k] - scu[k]); if (!(e <= worst)) worst = e; }
                /* phi, the statistics, expand and expand_at into dense vectors */
                ssvm_svec_clear(&vb); ssvm_svec_clear(&vu);
                TH_CHECK(t, pb->phi(pb->user, i, yb, L, (ssvm_real)0.5, &vb) == 0 && pu->phi(pu->user, i, yu, L, (ssvm_real)0.5, &vu) == 0);
                bad += vb.nnz != vu.nnz || memcmp(vb.idx, vu.idx, sizeof(int) * (size_t)vb.nnz);
                for (k = 0; k < vb.nnz; k++) bad += fabs((double)vb.val[vb.idx[k]] - (double)vu.val[vb.idx[k]]) > tol;
                for (k = 0; k < m; k++) st[k] = (ssvm_real)(trng_u(&r) < 0.5 ? 0 : trng_u(&r) * 2 - 1);
                for (k = 0; k < m; k++) posb[k] = k;
                for (k = 0; k < 2; k++) {
                    int e;
                    ssvm_svec_clear(&vb); ssvm_svec_clear(&vu);
                    if (k == 0) TH_CHECK(t, pb->expand(pb->user, i, st, (ssvm_real)0.25, &vb) == 0 &&
                                            pu->expand(pu->user, i, st, (ssvm_real)0.25, &vu) == 0);
                    else TH_CHECK(t, pb->stat_expand_at(pb->user, i, st, posb, m, (ssvm_real)0.25, &vb) == 0 &&
                                     pu->stat_expand_at(pu->user, i, st, posb, m, (ssvm_real)0.25, &vu) == 0);
                    bad += vb.nnz != vu.nnz || memcmp(vb.idx, vu.idx, sizeof(int) * (size_t)vb.nnz);
                    for (e = 0; e < vb.nnz; e++) bad += fabs((double)vb.val[vb.idx[e]] - (double)vu.val[vb.idx[e]]) > tol;
                }
                /* the Gram caches (filled after the first oracle call, as in the solver), |D|^2 and the move */
                if (!cb && gb && gu) {
                    cb = malloc(gb); cu = malloc(gu);
                    gram_ok = cb && cu && pb->stat_gram(pb->user, cb, &gb, &bound_b) == 0 &&
                              pu->stat_gram(pu->user, cu, &gu, &bound_u) == 0;
                    TH_CHECK(t, gram_ok && bound_b == bound_u);
                }
                for (k = 0; k < nb; k++) a[k] = trng_u(&r) * 2 - 1;
                if (gram_ok) {
                    TH_CHECK(t, pb->stat_norm2(pb->user, cb, i, posu, a, nb, &n2b) == 0 &&
                                pu->stat_norm2(pu->user, cu, i, posu, a, nb, &n2u) == 0);
                    if (!(fabs(n2b - n2u) <= worst)) worst = fabs(n2b - n2u);
                }
                memcpy(wb, w, sizeof(ssvm_real) * (size_t)d); memcpy(wu, w, sizeof(ssvm_real) * (size_t)d);
                memcpy(zb, w, sizeof(ssvm_real) * (size_t)d); memcpy(zu, w, sizeof(ssvm_real) * (size_t)d);
                if (pb->stat_move)
                    TH_CHECK(t, pb->stat_move(pb->user, i, posu, a, nb, -0.3, wb, 0.7, zb) == 0 &&
                                pu->stat_move(pu->user, i, posu, a, nb, -0.3, wu, 0.7, zu) == 0);
                bad += uc_maxdiff(wb, wu, d, NULL) > tol || uc_maxdiff(zb, zu, d, NULL) > tol;
                if (pb->stat_move)
                    TH_CHECK(t, pb->stat_move(pb->user, i, posu, a, nb, 0.2, wb, 0, NULL) == 0 &&
                                pu->stat_move(pu->user, i, posu, a, nb, 0.2, wu, 0, NULL) == 0);
                bad += uc_maxdiff(wb, wu, d, NULL) > tol;
            }
            cases++;
            free(cb); free(cu); free(hb); free(hu);
            uc_pair_free(&q);
        }
    if (uc_verbose()) printf("    callbacks: largest score / norm difference %g\n", worst);
    TH_CHECKF(t, bad == 0, "%d callback results differ", bad);
    TH_CHECKF(t, worst <= tol, "scores or norms %g apart", worst);
    TH_CHECK(t, cases == 12);
}

/* BCFW on problem p (line search, lambda 0.05, no evaluation): `passes` passes in state `state` with steps `steps`
   (caching and gap sampling with SSVM_BCFW_STEPS_ALL); returns the run's code, the solver kept in *s */
static ssvm_result uc_train(const ssvm_problem *p, ssvm_state_kind state, ssvm_bcfw_steps steps, int passes, ssvm_solver *s) {
    ssvm_solver_config q = ssvm_solver_config_init(p, SSVM_BCFW);
    ssvm_result r;
    q.max_passes = passes; q.gap_tol = 0; q.eval_every = 0; q.line_search = 1; q.lambda = 0.05; q.state = state;
    q.bcfw.steps = steps;
    if (steps == SSVM_BCFW_STEPS_ALL) { q.bcfw.cache = 1; q.bcfw.gap_sampling = 1; q.bcfw.max_atoms = 6; }
    if ((r = ssvm_solver_init(&q, s)) != SSVM_OK) { memset(s, 0, sizeof *s); return r; }
    return ssvm_solver_run(s);
}
/* the two runs' iterates, averages and gaps (an evaluation of both); the largest differences into *mw and *mg */
static void uc_compare(th_ctx *t, ssvm_solver *a, ssvm_solver *b, int d, double *mw, double *mg, int *bits) {
    ssvm_real wa[256], wb[256];
    ssvm_progress pa, pb;
    int which;
    for (which = 0; which < 2; which++) {
        double e;
        TH_CHECK(t, ssvm_solver_weights(a, (ssvm_which)which, wa, sizeof wa) == SSVM_OK &&
                    ssvm_solver_weights(b, (ssvm_which)which, wb, sizeof wb) == SSVM_OK);
        e = uc_maxdiff(wa, wb, d, bits);
        if (!(e <= *mw)) *mw = e;
    }
    TH_CHECK(t, ssvm_solver_evaluate(a, 1, 1, &pa) == SSVM_OK && ssvm_solver_evaluate(b, 1, 1, &pb) == SSVM_OK);
    TH_CHECK(t, pa.steps == pb.steps && pa.oracle_calls == pb.oracle_calls);
    if (!(fabs(pa.iterate.gap - pb.iterate.gap) <= *mg)) *mg = fabs(pa.iterate.gap - pb.iterate.gap);
    if (!(fabs(pa.average.gap - pb.average.gap) <= *mg)) *mg = fabs(pa.average.gap - pb.average.gap);
    TH_CHECK(t, pa.iterate.gap >= -1e-6 && pb.iterate.gap >= -1e-6);
}

/* plain BCFW, 20 passes in the default (AUTO), sparse compact and compact states, every flag and input kind: the
   same iterates, averages and gaps, and the score-space step (Gram cache in the solver) on the user model exactly
   when on the built-in; it must be on in every sparse compact run of a double build */
static void test_user_chain_bcfw_matches_builtin(th_ctx *t) {
    static const int flags[6] = {0, SSVM_CHAIN_BIASES, SSVM_CHAIN_COUNTED_LOSS, SSVM_CHAIN_ATTR_MAJOR,
                                 SSVM_CHAIN_ATTR_MAJOR | SSVM_CHAIN_BIASES, SSVM_CHAIN_BIASES | SSVM_CHAIN_COUNTED_LOSS};
    static const ssvm_state_kind states[3] = {SSVM_STATE_AUTO, SSVM_STATE_COMPACT_SPARSE, SSVM_STATE_COMPACT};
    int f, in, st, cases = 0, same_path = 0, on = 0, on_sparse = 0, bits = 0, total = 0;
    double mw = 0, mg = 0;
    for (f = 0; f < 6; f++)
        for (in = 0; in < 3; in++)
            for (st = 0; st < 3; st++) {
                uc_pair q;
                ssvm_solver a, b;
                int ob, ou;
                if (!uc_pair_make(&q, 700u + (unsigned)(f * 9 + in * 3 + st), 4, 4, flags[f], in)) {
                    TH_CHECK(t, 0); uc_pair_free(&q); continue;
                }
                TH_CHECK(t, uc_train(&q.c.p, states[st], SSVM_BCFW_STEPS_FW, 20, &a) == SSVM_MAX_PASSES);
                TH_CHECK(t, uc_train(&q.pu, states[st], SSVM_BCFW_STEPS_FW, 20, &b) == SSVM_MAX_PASSES);
                if (TH_EN(&a).heap && TH_EN(&b).heap) {
                    ob = TH_BF(&a).sc_gram != NULL && *TH_BF(&a).sc_ready == 1;
                    ou = TH_BF(&b).sc_gram != NULL && *TH_BF(&b).sc_ready == 1;
                    same_path += ob == ou && (TH_BF(&a).sc_gram != NULL) == (TH_BF(&b).sc_gram != NULL);
                    on += ou;
                    on_sparse += ou && states[st] == SSVM_STATE_COMPACT_SPARSE;
                    uc_compare(t, &a, &b, q.c.p.d, &mw, &mg, &bits);
                    total += 2 * q.c.p.d;
                    cases++;
                }
                ssvm_solver_uninit(&a); ssvm_solver_uninit(&b);
                uc_pair_free(&q);
            }
    if (uc_verbose())
        printf("    plain BCFW: weights %g, gaps %g apart; %d of %d weights differ in some bit; score-space step in %d "
               "of %d runs\n", mw, mg, bits, total, on, cases);
    TH_CHECK(t, cases == 54);
    TH_CHECKF(t, same_path == cases, "the same solver path in %d of %d runs", same_path, cases);
    TH_CHECKF(t, on_sparse == (IS_FLOAT_BUILD ? 0 : 18), "the score-space step in %d of the 18 sparse compact runs",
              on_sparse);
    TH_CHECK(t, IS_FLOAT_BUILD ? on == 0 : on >= 18);
    TH_CHECKF(t, mw <= UC_TOL && mg <= UC_TOL, "weights %g, gaps %g apart", mw, mg);
}

/* BCFW with atoms (pairwise steps; away steps; all steps with plane caching and gap sampling, 6 atoms): atom scores
   through stat_scores (not fresh) and stat_expand_at; the same iterates and gaps. Note: here the two agree because
   they are the same bits. The atoms' discrete choices (the away atom, drop steps, caching, gap sampling) turn a
   last-bit difference into another trajectory (a score summed in another order moved these 20-pass iterates by up
   to 0.5), so a change of the order of the built-in chain's sums shows up here first: repeat it in user_chain.h. */
static void test_user_chain_atoms_match_builtin(th_ctx *t) {
    static const int flags[4] = {0, SSVM_CHAIN_BIASES, SSVM_CHAIN_ATTR_MAJOR | SSVM_CHAIN_COUNTED_LOSS,
                                 SSVM_CHAIN_ATTR_MAJOR | SSVM_CHAIN_BIASES};
    static const ssvm_bcfw_steps steps[3] = {SSVM_BCFW_STEPS_PAIRWISE, SSVM_BCFW_STEPS_AWAY, SSVM_BCFW_STEPS_ALL};
    int f, in, sk, cases = 0, bits = 0, total = 0;
    double mw = 0, mg = 0;
    for (f = 0; f < 4; f++)
        for (in = 0; in < 3; in++)
            for (sk = 0; sk < 3; sk++) {
                uc_pair q;
                ssvm_solver a, b;
                ssvm_result ra, rb;
                if (!uc_pair_make(&q, 1100u + (unsigned)(f * 9 + in * 3 + sk), 3, 4, flags[f], in)) {
                    TH_CHECK(t, 0); uc_pair_free(&q); continue;
                }
                ra = uc_train(&q.c.p, SSVM_STATE_AUTO, steps[sk], 20, &a);
                rb = uc_train(&q.pu, SSVM_STATE_AUTO, steps[sk], 20, &b);
                TH_CHECKF(t, ra == SSVM_MAX_PASSES && rb == SSVM_MAX_PASSES, "%s / %s", ssvm_result_string(ra),
                          ssvm_result_string(rb));
                if (TH_EN(&a).heap && TH_EN(&b).heap) {
                    TH_CHECK(t, TH_BF(&a).sc_gram == NULL && TH_BF(&b).sc_gram == NULL); /* atoms: no score-space step */
                    uc_compare(t, &a, &b, q.c.p.d, &mw, &mg, &bits);
                    total += 2 * q.c.p.d;
                    cases++;
                }
                ssvm_solver_uninit(&a); ssvm_solver_uninit(&b);
                uc_pair_free(&q);
            }
    if (uc_verbose())
        printf("    atoms: weights %g, gaps %g apart; %d of %d weights differ in some bit\n", mw, mg, bits, total);
    TH_CHECK(t, cases == 36);
    TH_CHECKF(t, mw <= UC_TOL && mg <= UC_TOL, "weights %g, gaps %g apart", mw, mg);
}

/* mini-batch BCFW (config.par, batches of 3, sparse compact state): the tasks serially without a hook, then through
   a hook with a model object per slot (task_users: the built-in's borrow the main chain's inputs, the user's are
   models of their own). The same iterates to rounding and the same path. Dense input without a hook is the one
   case that is not the same bits: the built-in compacts dense x's non-zeros at its first oracle call, so its
   stat_gram refuses (SSVM_ERR_NOT_SUPPORTED) at the first batch, which is asked before any oracle call, and that
   batch builds D; the user model, compacted at init, takes the score-space step from the first batch on. */
static void uc_serial_for(void *user, size_t count, ssvm_task_fn task, void *ctx) {
    size_t i;
    (void)user;
    for (i = 0; i < count; i++) task(ctx, i);
}
static void test_user_chain_minibatch_matches_builtin(th_ctx *t) {
    static const int flags[3] = {0, SSVM_CHAIN_BIASES, SSVM_CHAIN_ATTR_MAJOR | SSVM_CHAIN_COUNTED_LOSS};
    int f, in, hook, cases = 0, same_path = 0, on = 0, bits = 0, total = 0, k;
    double mw = 0, mg = 0;
    for (f = 0; f < 3; f++)
        for (in = 0; in < 3; in++)
            for (hook = 0; hook < 2; hook++) {
                uc_pair q;
                ssvm_chain sb[3];
                uc_chain su[3];
                void *ub[3], *uu[3];
                ssvm_solver a, b;
                ssvm_solver_config c;
                int ok = 1;
                memset(sb, 0, sizeof sb); memset(su, 0, sizeof su);
                if (!uc_pair_make(&q, 1500u + (unsigned)(f * 6 + in * 2 + hook), 4, 4, flags[f], in)) {
                    TH_CHECK(t, 0); uc_pair_free(&q); continue;
                }
                for (k = 0; k < 3 && hook; k++) {
                    ssvm_chain_config cc = q.c.cfg;
                    cc.inputs_from = &q.c.m;
                    ok &= ssvm_chain_init(&cc, &sb[k]) == SSVM_OK && uc_chain_init(&su[k], &q.c.cfg) == SSVM_OK;
                    ub[k] = &sb[k]; uu[k] = &su[k];
                }
                TH_CHECK(t, ok);
                c = ssvm_solver_config_init(&q.c.p, SSVM_BCFW);
                c.max_passes = 20; c.gap_tol = 0; c.eval_every = 0; c.lambda = 0.05; c.state = SSVM_STATE_COMPACT_SPARSE;
                c.par.batch = 3;
                if (hook) { c.par.parallel_for = uc_serial_for; c.par.task_users = ub; }
                TH_CHECK(t, ok && ssvm_solver_init(&c, &a) == SSVM_OK);
                c.problem = &q.pu;
                if (hook) c.par.task_users = uu;
                TH_CHECK(t, ok && ssvm_solver_init(&c, &b) == SSVM_OK);
                if (ok && TH_EN(&a).heap && TH_EN(&b).heap) {
                    int ob, ou;
                    TH_CHECK(t, ssvm_solver_run(&a) == SSVM_MAX_PASSES && ssvm_solver_run(&b) == SSVM_MAX_PASSES);
                    ob = TH_BF(&a).sc_gram != NULL && *TH_BF(&a).sc_ready == 1;
                    ou = TH_BF(&b).sc_gram != NULL && *TH_BF(&b).sc_ready == 1;
                    same_path += ob == ou;
                    on += ou;
                    uc_compare(t, &a, &b, q.c.p.d, &mw, &mg, (in > 0 || hook) ? &bits : NULL);
                    total += (in > 0 || hook) ? 2 * q.c.p.d : 0;
                    cases++;
                }
                ssvm_solver_uninit(&a); ssvm_solver_uninit(&b);
                for (k = 0; k < 3; k++) { ssvm_chain_uninit(&sb[k]); uc_chain_free(&su[k]); }
                uc_pair_free(&q);
            }
    if (uc_verbose())
        printf("    mini-batch: weights %g, gaps %g apart; %d of %d weights differ in some bit (without dense serial "
               "runs); score-space step in %d of %d runs\n", mw, mg, bits, total, on, cases);
    TH_CHECK(t, cases == 18);
    TH_CHECKF(t, same_path == cases, "the same solver path in %d of %d runs", same_path, cases);
    TH_CHECK(t, on == (IS_FLOAT_BUILD ? 0 : 18));
    TH_CHECKF(t, mw <= UC_TOL && mg <= UC_TOL, "weights %g, gaps %g apart", mw, mg);
}

/* the Gram cache's size rule, the built-in's: none (0 bytes) once a sequence passes 4,096 positions or the matrices
   outgrow 2 (d + sum_i stat_dim); the solver then keeps D on both models (the sizes themselves may differ: each
   model lays its cache out its own way) */
static void test_user_chain_gram_size_rule(th_ctx *t) {
    static const int lens[3] = {5000, 100, 3};
    int k;
    for (k = 0; k < 3; k++) {
        int L = lens[k], j, start[2];
        int *labels = (int *)malloc(sizeof(int) * (size_t)L);
        ssvm_real *x = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)L);
        ssvm_chain_config cc;
        ssvm_chain m;
        uc_chain u;
        ssvm_problem pb, pu;
        size_t gb = 1, gu = 2;
        start[0] = 0; start[1] = L;
        for (j = 0; j < L; j++) { labels[j] = j % 2; x[j] = (ssvm_real)(j % 2 ? 1 : -1); }
        cc = ssvm_chain_config_init(1, 2, 1, start, labels);
        cc.x = x;
        TH_CHECK(t, ssvm_chain_init(&cc, &m) == SSVM_OK && ssvm_chain_problem(&m, &pb) == SSVM_OK);
        TH_CHECK(t, uc_chain_init(&u, &cc) == SSVM_OK && uc_chain_problem(&u, &pu) == SSVM_OK);
        if (!pb.stat_gram) TH_CHECK(t, !pu.stat_gram && sizeof(ssvm_real) < sizeof(double)); /* float: no score space */
        else {
            TH_CHECK(t, pb.stat_gram(pb.user, NULL, &gb, NULL) == 0 && pu.stat_gram(pu.user, NULL, &gu, NULL) == 0);
            TH_CHECKF(t, (gb > 0) == (k == 2) && (gu > 0) == (k == 2), "L = %d: %lu and %lu bytes", L,
                      (unsigned long)gb, (unsigned long)gu);
        }
        ssvm_chain_uninit(&m); uc_chain_free(&u);
        free(labels); free(x);
    }
}

/* ssvm_problem_check on the user model: whole, it passes; the score-space group (gram, norm2, move) is all three or
   none and needs the scores, which need the sparse statistics (SSVM_ERR_NULL_CALLBACK) */
static void test_user_chain_problem_check(th_ctx *t) {
    uc_pair q;
    ssvm_problem p;
    if (!uc_pair_make(&q, 5, 3, 3, SSVM_CHAIN_BIASES, 0)) { TH_CHECK(t, 0); uc_pair_free(&q); return; }
    TH_CHECK(t, ssvm_problem_check(&q.pu) == SSVM_OK);
    TH_CHECK(t, q.pu.scratch_in_user == 1 && q.pu.user == (void *)&q.u);
    q.pu.stat_gram = uc_stat_gram; q.pu.stat_norm2 = uc_stat_norm2; q.pu.stat_move = uc_stat_move; /* float too */
    TH_CHECK(t, ssvm_problem_check(&q.pu) == SSVM_OK);
    p = q.pu; p.stat_move = NULL;
    TH_CHECK(t, ssvm_problem_check(&p) == SSVM_ERR_NULL_CALLBACK);
    p = q.pu; p.stat_norm2 = NULL;
    TH_CHECK(t, ssvm_problem_check(&p) == SSVM_ERR_NULL_CALLBACK);
    p = q.pu; p.stat_support = NULL; p.stat_expand_at = NULL; /* scores without the sparse statistics */
    TH_CHECK(t, ssvm_problem_check(&p) == SSVM_ERR_NULL_CALLBACK);
    p = q.pu; p.stat_expand_at = NULL;
    TH_CHECK(t, ssvm_problem_check(&p) == SSVM_ERR_NULL_CALLBACK);
    p = q.pu; p.stat_scores = NULL; /* score space without the scores */
    TH_CHECK(t, ssvm_problem_check(&p) == SSVM_ERR_NULL_CALLBACK);
    p = q.pu; p.stat_gram = NULL; p.stat_norm2 = NULL; p.stat_move = NULL;
    TH_CHECK(t, ssvm_problem_check(&p) == SSVM_OK); /* the scores without score space (the chain's float builds) */
    p = q.pu; p.stat_scores = NULL; p.stat_gram = NULL; p.stat_norm2 = NULL; p.stat_move = NULL;
    TH_CHECK(t, ssvm_problem_check(&p) == SSVM_OK); /* the sparse statistics alone */
    uc_pair_free(&q);
}

void suite_user_chain(th_ctx *t) {
    TH_RUN(t, test_user_chain_callbacks_match);
    TH_RUN(t, test_user_chain_bcfw_matches_builtin);
    TH_RUN(t, test_user_chain_atoms_match_builtin);
    TH_RUN(t, test_user_chain_minibatch_matches_builtin);
    TH_RUN(t, test_user_chain_gram_size_rule);
    TH_RUN(t, test_user_chain_problem_check);
}
