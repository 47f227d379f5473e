/* tests/impl.c: the one translation unit of the test program that compiles the library's definitions
   (STRUCTSVM_IMPLEMENTATION); every tests/test_*.c includes ../structsvm.h for the declarations only.
   It also exports the internals the white-box tests call and the views' bodies (see tests/internals.h).
   _POSIX_C_SOURCE as in the test files, so that every unit sees the same libc declarations. */
#define _POSIX_C_SOURCE 200809L
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#define TH_DEFINE_VIEWS
#include "internals.h"

#ifdef __cplusplus
extern "C" {
#endif
th_engine_view (*const th_priv_engine_view)(ssvm_solver *) = th_engine_view_of;
th_bf_view (*const th_priv_bf_view)(ssvm_solver *) = th_bf_view_of;
th_ms_view (*const th_priv_ms_view)(const ssvm_solver *) = th_ms_view_of;
th_online_view (*const th_priv_online_view)(const ssvm_online *) = th_online_view_of;
th_template_view (*const th_priv_template_view)(const ssvm_template *) = th_template_view_of;
void (*const th_priv_cp_cache)(const ssvm_solver *, const int **, const ssvm_real **, const int **) = th_cp_cache;
void (*const th_priv_deg_step)(const ssvm_solver *, double *, double *) = th_deg_step;
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
int (*const th_priv_parse_num)(const char *, size_t, double *) = ssvm__parse_num;
double (*const th_priv_num_product)(unsigned long long, long long) = ssvm__num_product;
int (*const th_priv_cp_qp)(int, int, const double *, const double *, double, double *, double *, double, int, double *,
                           double *) = ssvm__cp_qp;
ssvm_result (*const th_priv_ck_save_path)(const ssvm_solver *, const char *, long long) = ssvm__ck_save_path;
#ifdef __cplusplus
}
#endif
