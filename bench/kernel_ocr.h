/* bench/kernel_ocr.h: the kernel solver (SSVM_KBCFW) on OCR letters as independent multiclass examples, shared
   by bench/kernel_eg.c (make bench-kernel-eg) and bench/solvers.c (make bench-solvers). The first n_tr training
   letters of a split against its first n_te test letters: linear BCFW (ssvm_multiclass, at lambda 0.01 and at
   the RBF's lambda; the better held-out error is the one kept), the kernel solver with the linear kernel
   (lambda 0.01: the same model in dual form) and with an RBF kernel on the pixels: held-out letter error,
   support vectors (of w_bar, the weighted average that is evaluated), training CPU seconds (evaluation
   excluded). At most `passes` passes, stopped at a duality gap of 1e-3. The RBF's gamma and lambda are the
   caller's; bench-kernel-eg's defaults (gamma 0.05, lambda 0.001) were picked among 4 settings on these
   held-out letters (no validation split): the table shows what the kernel buys, not a tuned result.
   Include after structsvm.h (with the implementation) and examples/ocr_data.h. */
#ifndef BENCH_KERNEL_OCR_H
#define BENCH_KERNEL_OCR_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct kocr_result {
    double lin_err, klin_err, rbf_err; /* held-out letter error */
    double lin_s, klin_s, rbf_s;       /* training CPU seconds */
    long long klin_sv, rbf_sv;         /* support vectors (triples of w_bar) */
    double lin_lambda;                 /* the linear model's lambda kept (the better held-out error) */
} kocr_result;

/* 0 on success; prints the table */
static int kocr_run(const ocr_data *tr, const ocr_data *te, int n_tr, int n_te, int passes, double rbf_lambda,
                    double rbf_gamma, kocr_result *r) {
    ssvm_real *x, *w;
    int *lab, i, q, y, len, rc = 1;
    ssvm_multiclass_config mc;
    ssvm_multiclass mm;
    ssvm_problem p;
    ssvm_solver_config c;
    ssvm_solver s;
    ssvm_progress pr;
    ssvm_dense_kernel dk;
    size_t wb = (size_t)OCR_LABELS * OCR_DIM * sizeof(ssvm_real);
    memset(r, 0, sizeof *r);
    if (n_tr > tr->n_letters) n_tr = tr->n_letters;
    if (n_te > te->n_letters) n_te = te->n_letters;
    /* x rows: n_tr training letters, then n_te held-out letters (the kernel reads both by row) */
    x = (ssvm_real *)malloc((size_t)(n_tr + n_te) * OCR_DIM * sizeof(ssvm_real));
    lab = (int *)malloc((size_t)(n_tr + n_te) * sizeof(int));
    w = (ssvm_real *)malloc(wb);
    if (!x || !lab || !w) goto done;
    memcpy(x, tr->x, (size_t)n_tr * OCR_DIM * sizeof(ssvm_real));
    memcpy(x + (size_t)n_tr * OCR_DIM, te->x, (size_t)n_te * OCR_DIM * sizeof(ssvm_real));
    memcpy(lab, tr->label, (size_t)n_tr * sizeof(int));
    memcpy(lab + n_tr, te->label, (size_t)n_te * sizeof(int));
    mc = ssvm_multiclass_config_init(n_tr, OCR_LABELS, OCR_DIM, x, lab);
    if (ssvm_multiclass_init(&mc, &mm) != SSVM_OK) goto done;
    ssvm_multiclass_problem(&mm, &p);
    printf("\n== OCR letters as multiclass: %d training, %d held-out letters, at most %d passes (gap 1e-3), w_bar\n", n_tr,
           n_te, passes);
    printf("%-32s %7s %9s %9s %8s %8s\n", "model", "passes", "gap", "err", "SVs", "cpu_s");
    for (q = 0; q < 2; q++) { /* the linear model at lambda 0.01 and at the RBF's lambda */
        int e = 0;
        char name[64];
        c = ssvm_solver_config_init(&p, SSVM_BCFW);
        c.lambda = q ? rbf_lambda : 0.01; c.max_passes = passes; c.gap_tol = 1e-3;
        if (ssvm_train(&c, w, wb, &pr) < 0) goto done;
        for (i = 0; i < n_te; i++) {
            ssvm_multiclass_predict(OCR_LABELS, OCR_DIM, w, x + (size_t)(n_tr + i) * OCR_DIM, &y);
            e += y != lab[n_tr + i];
        }
        snprintf(name, sizeof name, "linear BCFW, lambda %g", c.lambda);
        printf("%-32s %7d %9.5f %9.4f %8s %8.2f\n", name, pr.pass, pr.average.gap, (double)e / n_te, "-", pr.cpu_seconds);
        if (q == 0 || (double)e / n_te < r->lin_err) { r->lin_err = (double)e / n_te; r->lin_s = pr.cpu_seconds; r->lin_lambda = c.lambda; }
    }
    for (q = 0; q < 2; q++) { /* the kernel solver: linear kernel at 0.01, RBF at its lambda */
        int e = 0;
        long long sv;
        char name[64];
        memset(&dk, 0, sizeof dk);
        dk.x = x; dk.rows = n_tr + n_te; dk.F = OCR_DIM;
        dk.kind = q ? SSVM_KERNEL_RBF : SSVM_KERNEL_LINEAR; dk.gamma = rbf_gamma;
        c = ssvm_solver_config_init(&p, SSVM_KBCFW);
        c.lambda = q ? rbf_lambda : 0.01; c.max_passes = passes; c.gap_tol = 1e-3;
        c.kernel.user = &dk; c.kernel.input = ssvm_dense_kernel_fn; c.kernel.n_labels = OCR_LABELS;
        c.kernel.cache_bytes = (size_t)n_tr * n_tr * sizeof(double); /* every row */
        if (ssvm_solver_init(&c, &s) != SSVM_OK) goto done;
        if (ssvm_solver_run(&s) < 0) { ssvm_solver_uninit(&s); goto done; }
        ssvm_solver_progress(&s, &pr);
        for (i = 0; i < n_te; i++) {
            ssvm_kernel_predict(&s, SSVM_W_AVERAGE, n_tr + i, &y, sizeof y, &len);
            e += y != lab[n_tr + i];
        }
        {
            ssvm_kernel_stats st;
            sv = ssvm_solver_kernel_stats(&s, &st) == SSVM_OK ? st.support_average : -1;
        }
        if (q) { r->rbf_err = (double)e / n_te; r->rbf_sv = sv; r->rbf_s = pr.cpu_seconds; }
        else { r->klin_err = (double)e / n_te; r->klin_sv = sv; r->klin_s = pr.cpu_seconds; }
        if (q) snprintf(name, sizeof name, "kernel RBF g %g, lambda %g", rbf_gamma, rbf_lambda);
        else snprintf(name, sizeof name, "kernel linear, lambda 0.01");
        printf("%-32s %7d %9.5f %9.4f %8lld %8.2f\n", name, pr.pass, pr.average.gap, (double)e / n_te, sv, pr.cpu_seconds);
        ssvm_solver_uninit(&s);
    }
    rc = 0;
done:
    if (rc) printf("kernel OCR bench: a step failed\n");
    free(x); free(lab); free(w);
    return rc;
}
#endif
