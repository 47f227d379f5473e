/* tests/impl.c: the one translation unit of the test program that compiles the library's definitions
   (STRUCTSVM_IMPLEMENTATION); every tests/test_*.c includes ../structsvm.h for the declarations only.
   It also exports the internals the white-box tests call (see tests/internals.h). _POSIX_C_SOURCE as in
   the test files, so that every unit sees the same libc declarations. */
#define _POSIX_C_SOURCE 200809L
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "internals.h"

static void th_cp_cache(const ssvm_solver *s, const int **cache, const ssvm_real **cdelta, const int **ccount) {
    *cache = SSVM__CP(s)->_cp_cache; *cdelta = SSVM__CP(s)->_cp_cdelta; *ccount = SSVM__CP(s)->_cp_ccount;
}
static th_ms_view th_ms_view_of(const ssvm_solver *s) {
    th_ms_view v;
    const ssvm__ms_state *m = SSVM__MS(s);
    v.ys = m->_ys; v.deltas = m->_deltas; v.alpha = m->_alpha; v.cache_count = m->_cache_count;
    v.use_mc = m->_use_mc; v.cache_cap = m->_cache_cap; v.bound = m->_bound; v.last = m->_last; v.smp = m->_smp;
    return v;
}
static th_bf_view th_bf_view_of(ssvm_solver *s) {
    th_bf_view v;
    ssvm__bcfw_state *b = SSVM__BF(s);
    v.sc_gram = b->_sc_gram; v.sc_ready = &b->_sc_ready; v.sc_valid = &b->_sc_valid; v.sc_wmax = &b->_sc_wmax;
    v.gp_nunk = &b->_gp_nunk; v.gp_unk = b->_gp_unk;
    v.sigma = &b->_sigma; v.sig_off = &b->_sig_off; v.sp_off = &b->_sp_off; v.sp_len = &b->_sp_len;
    v.sp_idx = &b->_sp_idx; v.sp_val = &b->_sp_val; v.sp_live = &b->_sp_live; v.sp_pool_used = &b->_sp_pool_used;
    v.sig_bits = &b->_sig_bits; v.par_sc = &b->_par_sc;
    return v;
}
#ifdef __cplusplus
extern "C" {
#endif
th_bf_view (*const th_priv_bf_view)(ssvm_solver *) = th_bf_view_of;
th_ms_view (*const th_priv_ms_view)(const ssvm_solver *) = th_ms_view_of;
void (*const th_priv_cp_cache)(const ssvm_solver *, const int **, const ssvm_real **, const int **) = th_cp_cache;
ssvm_result (*const th_priv_fw_iteration)(ssvm_solver *) = ssvm__fw_iteration;
int (*const th_priv_next_index)(ssvm_solver *) = ssvm__next_index;
double (*const th_priv_nan)(void) = ssvm__nan;
void (*const th_priv_fold)(ssvm_solver *) = ssvm__fold;
int (*const th_priv_ms_mcqp)(int, const double *, double *, int *) = ssvm__ms_mcqp;
double (*const th_priv_ms_move_gain)(double, double, double, double, double) = ssvm__ms_move_gain;
double (*const th_priv_ms_move_step)(double, double, double, double, double, double) = ssvm__ms_move_step;
int (*const th_priv_ms_same)(const int *, int, const int *, int) = ssvm__ms_same;
int *(*const th_priv_ms_slot)(const ssvm_solver *, int, int) = ssvm__ms_slot;
double (*const th_priv_exp_portable)(double) = ssvm__exp_portable;
double (*const th_priv_log_portable)(double) = ssvm__log_portable;
double (*const th_priv_sqrt_portable)(double) = ssvm__sqrt_portable;
int (*const th_priv_is_perm)(int, const int *) = ssvm__is_perm;
int (*const th_priv_cp_qp)(int, int, const double *, const double *, double, double *, double *, double, int, double *,
                           double *) = ssvm__cp_qp;
ssvm_result (*const th_priv_ck_save_path)(const ssvm_solver *, const char *, long long) = ssvm__ck_save_path;
#ifdef __cplusplus
}
#endif
