/* examples/multiclass.c: the shortest complete structsvm.h program. Three Gaussian blobs in 2-D, a
   multiclass structural SVM trained by BCFW, progress per pass, then the test error.
   Build: cc -O2 examples/multiclass.c -lm -o multiclass */
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include <stdio.h>
#include <stdlib.h>

#define N 300
#define K 3
#define F 3 /* x, y and a constant 1 so that each class gets a bias */

static int show(void *user, const ssvm_progress *p) {
    (void)user;
    /* at the weighted average w_bar (what ssvm_train returns unless the iterate met the gap first) */
    printf("pass %2d  average primal %.5f  dual %.5f  gap %.2e  (%lld oracle calls, %.3f s wall)\n",
           p->pass, p->average.primal, p->average.dual, p->average.gap, p->oracle_calls, p->wall_seconds);
    return 0; /* non-zero would stop training */
}

int main(void) {
    static ssvm_real x[2 * N * F];
    static int y[2 * N];
    ssvm_real w[K * F];
    ssvm_multiclass_config cfg;
    ssvm_multiclass train;
    ssvm_problem prob;
    ssvm_solver_config par;
    ssvm_progress final;
    int i, errors = 0;
    unsigned s = 1;
    for (i = 0; i < 2 * N; i++) { /* first N rows train, last N test */
        double u1, u2;
        y[i] = i % K;
        s = s * 1103515245u + 12345u; u1 = (s >> 8) / 16777216.0 - 0.5;
        s = s * 1103515245u + 12345u; u2 = (s >> 8) / 16777216.0 - 0.5;
        x[i * F + 0] = (ssvm_real)(2.0 * (y[i] == 1) + 1.5 * u1);
        x[i * F + 1] = (ssvm_real)(2.0 * (y[i] == 2) + 1.5 * u2);
        x[i * F + 2] = 1;
    }
    cfg = ssvm_multiclass_config_init(N, K, F, x, y); /* the first N rows */
    if (ssvm_multiclass_init(&cfg, &train) != SSVM_OK) return 1; /* validates the data */
    if (ssvm_multiclass_problem(&train, &prob) != SSVM_OK) return 1;
    par = ssvm_solver_config_init(&prob, SSVM_BCFW);
    par.lambda = 0.01; par.max_passes = 20; par.gap_tol = 1e-4; par.progress = show;
    printf("training: %s\n", ssvm_result_string(ssvm_train(&par, w, sizeof w, &final)));
    printf("returned the %s\n", final.returned == SSVM_W_AVERAGE ? "weighted average" : "iterate");
    for (i = 0; i < N; i++) {
        int yhat;
        ssvm_multiclass_predict(K, F, w, x + (N + i) * F, &yhat);
        errors += yhat != y[N + i];
    }
    printf("test error: %.1f%% (%d of %d)\n", 100.0 * errors / N, errors, N);
    ssvm_multiclass_uninit(&train);
    return 0;
}
