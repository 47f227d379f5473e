/* tests/tchain.h: what tests/test_core.c and tests/test_multisample.c share: a small RNG and random chain
   data sets (dense or sparse, up to 8 sequences of 1..5 positions, K <= 5 labels, F <= 4 attributes).
   Include after ../structsvm.h and harness.h. */
#ifndef SSVM_TEST_TCHAIN_H
#define SSVM_TEST_TCHAIN_H

/* float builds: the looser tolerances the tests pick with this */
#define IS_FLOAT_BUILD (sizeof(ssvm_real) < sizeof(double))

typedef struct trng { unsigned long long s; } trng;
TH_FN double trng_u(trng *r) { /* uniform [0,1) */
    r->s = r->s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(r->s >> 11) * (1.0 / 9007199254740992.0);
}
TH_FN int trng_i(trng *r, int n) { return (int)(trng_u(r) * n); }

/* ---------------------------------------------------------------- small random chain data sets */
typedef struct tchain {
    ssvm_chain_config cfg; /* the data (tests edit it, then call tchain_problem) */
    ssvm_chain m;          /* the model object, set by tchain_problem */
    int start[9];
    ssvm_real x[8 * 5 * 4];
    int attr_start[8 * 5 + 1], attr_id[8 * 5 * 4];
    ssvm_real attr_val[8 * 5 * 4];
    int labels[8 * 5];
    ssvm_problem p; /* filled by the callers that need it */
} tchain;
TH_FN void tchain_make(tchain *c, trng *r, int n, int K, int F, int flags, int sparse) {
    int i, p = 0, k, nz = 0;
    memset(c, 0, sizeof *c);
    c->start[0] = 0;
    for (i = 0; i < n; i++) c->start[i + 1] = c->start[i] + 1 + trng_i(r, 5);
    for (p = 0; p < c->start[n]; p++) {
        c->labels[p] = trng_i(r, K);
        c->attr_start[p] = nz;
        for (k = 0; k < F; k++) {
            double v = trng_u(r) < 0.3 ? 0.0 : trng_u(r) * 2 - 1;
            c->x[p * F + k] = (ssvm_real)v;
            if (v != 0) { c->attr_id[nz] = k; c->attr_val[nz] = (ssvm_real)v; nz++; }
        }
    }
    c->attr_start[c->start[n]] = nz;
    c->cfg = ssvm_chain_config_init(n, K, F, c->start, c->labels);
    c->cfg.flags = flags;
    if (sparse) { c->cfg.attr_start = c->attr_start; c->cfg.attr_id = c->attr_id; c->cfg.attr_val = c->attr_val; }
    else c->cfg.x = c->x;
}
/* (re)initialises the model object from c->cfg (heap scratch) and fills *p: the 0.1.1 ssvm_chain_problem(&m, 0, p) */
TH_FN ssvm_result tchain_problem(tchain *c, ssvm_problem *p) {
    ssvm_result r;
    ssvm_chain_uninit(&c->m);
    if ((r = ssvm_chain_init(&c->cfg, &c->m)) != SSVM_OK) return r;
    return ssvm_chain_problem(&c->m, p);
}
TH_FN void tchain_free(tchain *c) { ssvm_chain_uninit(&c->m); }
/* the chain's callbacks through a wrapper: same numbers, but the solver no longer recognises the chain (its SPEED
   path is off: the generic compact step); tests/test_speed.c and tests/test_par.c */
typedef struct sp_wrap { ssvm_problem inner; } sp_wrap;
TH_FN int sp_stats(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_real *s) {
    sp_wrap *w = (sp_wrap *)user;
    return w->inner.stats(w->inner.user, i, y, len, scale, s);
}
TH_FN int sp_stat_dim(void *user, int i) { sp_wrap *w = (sp_wrap *)user; return w->inner.stat_dim(w->inner.user, i); }
TH_FN int sp_expand(void *user, int i, const ssvm_real *st, ssvm_real scale, ssvm_svec *out) {
    sp_wrap *w = (sp_wrap *)user;
    return w->inner.expand(w->inner.user, i, st, scale, out);
}
TH_FN int sp_truth(void *user, int i, int *y) { sp_wrap *w = (sp_wrap *)user; return w->inner.truth(w->inner.user, i, y); }
TH_FN int sp_phi(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_svec *out) {
    sp_wrap *w = (sp_wrap *)user;
    return w->inner.phi(w->inner.user, i, y, len, scale, out);
}
TH_FN int sp_oracle(void *user, int i, const ssvm_real *wt, double ws, int *y, ssvm_real *delta) {
    sp_wrap *w = (sp_wrap *)user;
    return w->inner.oracle(w->inner.user, i, wt, ws, y, delta);
}
TH_FN int sp_decode(void *user, int i, const ssvm_real *wt, int *y) {
    sp_wrap *w = (sp_wrap *)user;
    return w->inner.decode(w->inner.user, i, wt, y);
}
TH_FN int sp_loss(void *user, int i, const int *y, int len, ssvm_real *delta) {
    sp_wrap *w = (sp_wrap *)user;
    return w->inner.loss(w->inner.user, i, y, len, delta);
}
TH_FN ssvm_problem sp_wrapped(sp_wrap *w, const ssvm_problem *p) {
    ssvm_problem q = *p;
    w->inner = *p;
    q.user = w;
    q.truth = sp_truth; q.phi = sp_phi; q.oracle = sp_oracle; q.decode = sp_decode; q.loss = sp_loss;
    q.stat_dim = sp_stat_dim; q.stats = sp_stats; q.expand = sp_expand;
    /* the statistics interface is not forwarded (its callbacks would get the wrapper as user): the D path */
    q.stat_support = 0; q.stat_expand_at = 0; q.stat_scores = 0; q.stat_gram = 0; q.stat_norm2 = 0; q.stat_move = 0;
    return q;
}

#endif
