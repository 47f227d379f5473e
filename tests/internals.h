/* tests/internals.h: the white-box tests' one door into the library's internals; no other test file reads a
 * private (`_`-prefixed) field.
 * - Internal functions (SSVM__PRIV, i.e. static, in structsvm.h's implementation) that test_core.c,
 *   test_multisample.c, test_online.c, test_cutplane.c and test_ckpt.c call. Static functions cannot be linked
 *   to, so tests/impl.c, the one unit of the test program with STRUCTSVM_IMPLEMENTATION, exports a const pointer
 *   to each (th_priv_NAME), and in every other unit the macros at the end turn the tests' calls `ssvm__NAME(...)`
 *   into calls through those pointers.
 * - Views (th_*_view, read with TH_EN, TH_BF, TH_MS, TH_ON, TH_TP): pointers into an object's private state
 *   (the fields the tests poison or read) and copies of its scalars, taken at the call. Their bodies, at the
 *   end of this file, are the only test code that reads private fields; impl.c exports them as th_priv_*.
 * A test program that is its own implementation unit and so is not linked with impl.c (nomalloc.c, fuzz_ckpt.c,
 * fuzz/fuzz_readers.c) defines TH_DEFINE_VIEWS before including this file, as impl.c does: the bodies are
 * compiled in it and the TH_* macros call them directly (without STRUCTSVM_IMPLEMENTATION only the views of
 * the public structs). impl.c includes this file too, so a signature that no longer matches structsvm.h is a
 * compile error there. Include after ../structsvm.h. */
#ifndef SSVM_TEST_INTERNALS_H
#define SSVM_TEST_INTERNALS_H

#ifdef __cplusplus
extern "C" {
#endif
/* solvers (test_core.c) */
extern ssvm_result (*const th_priv_fw_iteration)(ssvm_solver *s);
extern int (*const th_priv_next_index)(ssvm_solver *s);
extern double (*const th_priv_nan)(void);
/* the multi-sample solver (test_multisample.c) */
extern void (*const th_priv_fold)(ssvm_solver *s);
extern int (*const th_priv_ms_mcqp)(int K, const double *cq, double *alpha, int *ord);
extern double (*const th_priv_ms_move_gain)(double g, double wE, double lE, double EE, double lt);
extern double (*const th_priv_ms_move_step)(double wE, double lE, double EE, double lt, double lo, double hi);
extern int (*const th_priv_ms_same)(const int *a, int la, const int *b, int lb);
extern int *(*const th_priv_ms_slot)(const ssvm_solver *s, int i, int c);
/* the online learner's helpers (test_online.c) */
extern double (*const th_priv_exp_portable)(double x);
extern double (*const th_priv_log_portable)(double x);
extern double (*const th_priv_sqrt_portable)(double x);
extern int (*const th_priv_is_perm)(int d, const int *p);
/* the readers' numbers (test_readers.c) */
extern int (*const th_priv_parse_num)(const char *s, size_t n, double *v);
extern double (*const th_priv_num_product)(unsigned long long m, long long e10);
/* the cutting plane's working-set QP (test_cutplane.c) */
extern int (*const th_priv_cp_qp)(int m, int ld, const double *G, const double *l, double lam, double *a, double *Ga,
                                  double tol, int max_iter, double *gap, double *xi);
/* the checkpoint's atomic file write with a write that fails after fail_after bytes (test_ckpt.c) */
extern ssvm_result (*const th_priv_ck_save_path)(const ssvm_solver *s, const char *path, long long fail_after);

/* the solver object's own fields, every solver (test_core.c, test_multisample.c, test_speed.c, test_par.c,
   test_user_chain.c): pointers to the iterate, the average's terms and the counters (test_par.c poisons z and
   avg_b), copies of what init fixed */
typedef struct th_engine_view {
    ssvm_real *w, *z;            /* the iterate (times *w_scale: SSG, multi-sample) and the lazy average's z (or NULL) */
    double *l, *l_bar;           /* the dual's loss terms of the iterate and of the average */
    double *avg_a, *avg_b;       /* w_bar = avg_a w + avg_b z */
    double *w_scale;
    long long *k;                /* steps taken */
    int state_kind;              /* the SSVM_STATE_* init chose */
    const void *heap;            /* the heap block; NULL: not initialised */
    const void *grown_mem;       /* a grown sparse pool, allocated apart from the heap block, else NULL */
    int *ev_last;                /* SSVM_EVAL_PREDICT: the last evaluated pass (test_dist.c makes one rank's differ) */
} th_engine_view;
extern th_engine_view (*const th_priv_engine_view)(ssvm_solver *s);
/* the multi-sample solver's step state (test_multisample.c, fuzz_ckpt.c; its state is private to its section) */
typedef struct th_ms_view {
    const int *ys;               /* the step's samples, max_label_len ints each */
    const ssvm_real *deltas;     /* their losses */
    const double *alpha;         /* their weights */
    const int *cache_count;      /* per example, cached violators */
    int use_mc, cache_cap;
    double bound;                /* B, the radius' loss bound */
    ssvm_step_info last;         /* the last step */
    ssvm_ms_sampler smp;         /* the sampler in use */
    int halted;                  /* a failed step's code (the solver refuses further steps), else 0 */
} th_ms_view;
extern th_ms_view (*const th_priv_ms_view)(const ssvm_solver *s);
/* BCFW's own state (test_core.c, test_speed.c, test_par.c, test_ckpt.c, test_user_chain.c, nomalloc.c): the
   Gram block's address and pointers to the fields the tests poison or read */
typedef struct th_bf_view {
    const void *sc_gram;         /* the score-space step's cache, the model's (NULL: the step keeps D) */
    int *sc_ready, *sc_valid;
    double *sc_wmax;
    int *gp_nunk, *gp_unk;       /* >>gaps: the unknown estimates' list */
    /* the per-example blocks (addresses of the fields: tests swap a pool in and out) */
    ssvm_real **sigma;
    size_t **sig_off, **sp_off;
    int **sp_len, **sp_idx;
    ssvm_real **sp_val;
    size_t *sp_live, *sp_pool_used;
    unsigned char **sig_bits;
    int *par_sc;
} th_bf_view;
extern th_bf_view (*const th_priv_bf_view)(ssvm_solver *s);
/* the cutting plane's cache of labelings (test_cutplane.c; its state is private to its section) */
extern void (*const th_priv_cp_cache)(const ssvm_solver *s, const int **cache, const ssvm_real **cdelta,
                                      const int **ccount);
/* the dual extragradient's L and step eta (test_deg.c) */
extern void (*const th_priv_deg_step)(const ssvm_solver *s, double *L, double *eta);
/* the online learner's constants and last rate (test_online.c) */
typedef struct th_online_view { double alpha, M, eta_prev; } th_online_view;
extern th_online_view (*const th_priv_online_view)(const ssvm_online *o);
/* a template file's parsed items (test_readers.c, fuzz/fuzz_readers.c: two reads must agree) */
typedef struct th_template_view {
    int n_items;
    const int *first;            /* n+1 offsets into the items */
    const int *item;             /* 4 ints per item */
} th_template_view;
extern th_template_view (*const th_priv_template_view)(const ssvm_template *t);
#ifdef __cplusplus
}
#endif

#ifdef TH_DEFINE_VIEWS /* the views' bodies: tests/impl.c, and the programs that are their own implementation unit */
#if defined(__GNUC__) || defined(__clang__)
#define TH_VIEW_FN static __attribute__((unused))
#else
#define TH_VIEW_FN static
#endif
TH_VIEW_FN th_engine_view th_engine_view_of(ssvm_solver *s) {
    th_engine_view v;
    v.w = s->_w; v.z = s->_z; v.l = &s->_l; v.l_bar = &s->_l_bar; v.avg_a = &s->_avg_a; v.avg_b = &s->_avg_b;
    v.w_scale = &s->_w_scale; v.k = &s->_k; v.state_kind = s->_state_kind; v.heap = s->_heap;
    v.grown_mem = s->_grown_mem; v.ev_last = &s->_ev.last;
    return v;
}
TH_VIEW_FN th_online_view th_online_view_of(const ssvm_online *o) {
    th_online_view v;
    v.alpha = o->_alpha; v.M = o->_M; v.eta_prev = o->_eta_prev;
    return v;
}
TH_VIEW_FN th_template_view th_template_view_of(const ssvm_template *t) {
    th_template_view v;
    v.n_items = t->_n_items; v.first = t->_first; v.item = t->_item;
    return v;
}
#ifdef STRUCTSVM_IMPLEMENTATION /* the solvers' own states: types of the implementation */
TH_VIEW_FN th_ms_view th_ms_view_of(const ssvm_solver *s) {
    th_ms_view v;
    const ssvm__ms_state *m = SSVM__MS(s);
    v.ys = m->_ys; v.deltas = m->_deltas; v.alpha = m->_alpha; v.cache_count = m->_cache_count;
    v.use_mc = m->_use_mc; v.cache_cap = m->_cache_cap; v.bound = m->_bound; v.last = m->_last; v.smp = m->_smp;
    v.halted = m->_halted;
    return v;
}
TH_VIEW_FN th_bf_view th_bf_view_of(ssvm_solver *s) {
    th_bf_view v;
    ssvm__bcfw_state *b = SSVM__BF(s);
    v.sc_gram = b->_sc_gram; v.sc_ready = &b->_sc_ready; v.sc_valid = &b->_sc_valid; v.sc_wmax = &b->_sc_wmax;
    v.gp_nunk = &b->_gp_nunk; v.gp_unk = b->_gp_unk;
    v.sigma = &b->_sigma; v.sig_off = &b->_sig_off; v.sp_off = &b->_sp_off; v.sp_len = &b->_sp_len;
    v.sp_idx = &b->_sp_idx; v.sp_val = &b->_sp_val; v.sp_live = &b->_sp_live; v.sp_pool_used = &b->_sp_pool_used;
    v.sig_bits = &b->_sig_bits; v.par_sc = &b->_par_sc;
    return v;
}
TH_VIEW_FN void th_cp_cache(const ssvm_solver *s, const int **cache, const ssvm_real **cdelta, const int **ccount) {
    *cache = SSVM__CP(s)->_cp_cache; *cdelta = SSVM__CP(s)->_cp_cdelta; *ccount = SSVM__CP(s)->_cp_ccount;
}
TH_VIEW_FN void th_deg_step(const ssvm_solver *s, double *L, double *eta) {
    *L = SSVM__DG(s)->_dg_L; *eta = SSVM__DG(s)->_dg_eta;
}
#endif
#define TH_EN(s) th_engine_view_of(s)
#define TH_MS(s) th_ms_view_of(s)
#define TH_BF(s) th_bf_view_of(s)
#define TH_ON(o) th_online_view_of(o)
#define TH_TP(t) th_template_view_of(t)
#else
#define TH_EN(s) th_priv_engine_view(s)
#define TH_MS(s) th_priv_ms_view(s)
#define TH_BF(s) th_priv_bf_view(s)
#define TH_ON(o) th_priv_online_view(o)
#define TH_TP(t) th_priv_template_view(t)
#endif

#ifndef STRUCTSVM_IMPLEMENTATION
#define ssvm__fw_iteration th_priv_fw_iteration
#define ssvm__next_index th_priv_next_index
#define ssvm__nan th_priv_nan
#define ssvm__fold th_priv_fold
#define ssvm__ms_mcqp th_priv_ms_mcqp
#define ssvm__ms_move_gain th_priv_ms_move_gain
#define ssvm__ms_move_step th_priv_ms_move_step
#define ssvm__ms_same th_priv_ms_same
#define ssvm__ms_slot th_priv_ms_slot
#define ssvm__exp_portable th_priv_exp_portable
#define ssvm__log_portable th_priv_log_portable
#define ssvm__sqrt_portable th_priv_sqrt_portable
#define ssvm__is_perm th_priv_is_perm
#define ssvm__parse_num th_priv_parse_num
#define ssvm__num_product th_priv_num_product
#define ssvm__cp_qp th_priv_cp_qp
#endif
#endif
