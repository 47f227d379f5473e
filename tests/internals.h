/* tests/internals.h: the library internals (SSVM__PRIV, i.e. static, functions of structsvm.h's
 * implementation) that the white-box tests in test_core.c, test_multisample.c and test_online.c call.
 * Static functions cannot be linked to, so tests/impl.c, the one unit with STRUCTSVM_IMPLEMENTATION,
 * exports a const pointer to each (th_priv_NAME), and in every other unit the macros below turn the
 * tests' calls `ssvm__NAME(...)` into calls through those pointers. impl.c includes this file
 * too, so a signature that no longer matches structsvm.h is a compile error there.
 * Include after ../structsvm.h. */
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
/* the cutting plane's working-set QP (test_cutplane.c) */
extern int (*const th_priv_cp_qp)(int m, int ld, const double *G, const double *l, double lam, double *a, double *Ga,
                                  double tol, int max_iter, double *gap, double *xi);
/* the multi-sample solver's step state (test_multisample.c; its state is private to its section): pointers into it
   and copies of its scalars, taken at the call */
typedef struct th_ms_view {
    const int *ys;               /* the step's samples, max_label_len ints each */
    const ssvm_real *deltas;     /* their losses */
    const double *alpha;         /* their weights */
    const int *cache_count;      /* per example, cached violators */
    int use_mc, cache_cap;
    double bound;                /* B, the radius' loss bound */
    ssvm_step_info last;         /* the last step */
    ssvm_ms_sampler smp;         /* the sampler in use */
} th_ms_view;
extern th_ms_view (*const th_priv_ms_view)(const ssvm_solver *s);
#define TH_MS(s) th_priv_ms_view(s)
/* BCFW's own state (test_speed.c, test_par.c, test_ckpt.c): pointers into it (fields the tests poison or read),
   and the Gram block's address */
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
#define TH_BF(s) th_priv_bf_view(s)
/* the cutting plane's cache of labelings (test_cutplane.c; its state is private to its section) */
extern void (*const th_priv_cp_cache)(const ssvm_solver *s, const int **cache, const ssvm_real **cdelta,
                                      const int **ccount);
/* the checkpoint's atomic file write with a write that fails after fail_after bytes (test_ckpt.c) */
extern ssvm_result (*const th_priv_ck_save_path)(const ssvm_solver *s, const char *path, long long fail_after);
#ifdef __cplusplus
}
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
#define ssvm__cp_qp th_priv_cp_qp
#endif
#endif
