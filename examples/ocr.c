/* examples/ocr.c: handwritten-word recognition with a chain structural SVM (Taskar et al.'s OCR data).

     ocr [options] letter.data[.gz]     the real data (get it from ../shared/data/ocr or the original site)
     zcat letter.data.gz | ocr -        from stdin
     ocr --synthetic [words]            OCR-like data generated here (what `make demo` runs)

   options: --split small|large   small: train fold 0, test folds 1-9 (the BCFW reference's "ocr", default)
                                  large: train folds 1-9, test fold 0 (the ICML paper's OCR-large)
            --solver bcfw|fw|ssg  (default bcfw)      --lambda L   (default 0.01)
            --passes P (default 20)  --gap G (stop at duality gap G, default 0.001)
            --model reference|counted   reference: first/last-letter biases and Hamming loss normalised by
                                        length (d = 4,082); counted: no biases, counted loss (d = 4,030)
            --seed S   --noise p (synthetic pixel noise, default 0.1)
   Prints per pass: oracle calls, primal, dual, gap (at the weighted average and the iterate), the test
   errors per letter and per word, and seconds. */
#define _POSIX_C_SOURCE 200809L
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "ocr_data.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct run_ctx {
    ssvm_solver *s;
    ssvm_chain *test;
    ssvm_real *w;
} run_ctx;

static int show(void *user, const ssvm_progress *p) {
    run_ctx *c = (run_ctx *)user;
    double le = 0, we = 0;
    /* the model a user would ship: the average if the solver keeps one */
    ssvm_solver_weights(c->s, c->s->par.averaging != SSVM_AVG_NONE ? SSVM_W_AVERAGE : SSVM_W_ITERATE, c->w);
    ocr_errors(c->test, c->w, &le, &we);
    printf("%4d %9lld %11.6f %11.6f %10.6f %11.6f %10.6f %8.2f%% %8.2f%% %8.3f\n", p->pass, p->oracle_calls,
           p->primal_avg == p->primal_avg ? p->primal_avg : p->primal,
           p->dual_avg == p->dual_avg ? p->dual_avg : p->dual,
           p->gap_avg == p->gap_avg ? p->gap_avg : p->gap, p->primal, p->gap, 100 * le, 100 * we, p->seconds);
    fflush(stdout);
    return 0;
}

int main(int argc, char **argv) {
    const char *path = NULL, *split = "small", *solver = "bcfw", *model = "reference";
    double lambda = 0.01, gap = 1e-3, noise = 0.1;
    int passes = 20, synthetic = 0, i;
    unsigned long long seed = 1;
    char err[512];
    ocr_data all, train, test;
    ssvm_chain mtrain, mtest;
    ssvm_problem prob, tprob;
    ssvm_params par;
    ssvm_solver s;
    ssvm_result r;
    run_ctx ctx;

    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--synthetic")) {
            synthetic = 1000;
            if (v && v[0] >= '0' && v[0] <= '9') { synthetic = atoi(v); i++; }
        } else if (!strcmp(a, "--split") && v) { split = v; i++; }
        else if (!strcmp(a, "--solver") && v) { solver = v; i++; }
        else if (!strcmp(a, "--lambda") && v) { lambda = atof(v); i++; }
        else if (!strcmp(a, "--passes") && v) { passes = atoi(v); i++; }
        else if (!strcmp(a, "--gap") && v) { gap = atof(v); i++; }
        else if (!strcmp(a, "--model") && v) { model = v; i++; }
        else if (!strcmp(a, "--seed") && v) { seed = strtoull(v, NULL, 10); i++; }
        else if (!strcmp(a, "--noise") && v) { noise = atof(v); i++; }
        else if (a[0] != '-' || !strcmp(a, "-")) path = a;
        else { fprintf(stderr, "unknown option %s (see the comment at the top of examples/ocr.c)\n", a); return 2; }
    }
    if (synthetic) {
        if (ocr_synthetic(synthetic, noise, seed, &all) != 0) { fprintf(stderr, "synthetic data failed\n"); return 1; }
        printf("synthetic OCR-like data: %d words, %d letters, pixel noise %.2f\n", all.n_words, all.n_letters, noise);
    } else {
        if (!path) { fprintf(stderr, "usage: ocr [options] letter.data[.gz] | - | --synthetic [words]\n"); return 2; }
        if (ocr_load(path, &all, err, sizeof err) != 0) { fprintf(stderr, "%s\n", err); return 1; }
    }
    if (ocr_split(&all, strcmp(split, "large") ? OCR_SMALL : OCR_LARGE, &train, &test) != 0) {
        fprintf(stderr, "split failed\n");
        return 1;
    }
    ocr_chain(&train, strcmp(model, "counted") ? OCR_MODEL_REFERENCE : OCR_MODEL_COUNTED, &mtrain);
    ocr_chain(&test, strcmp(model, "counted") ? OCR_MODEL_REFERENCE : OCR_MODEL_COUNTED, &mtest);
    if ((r = ssvm_chain_problem(&mtrain, NULL, &prob)) != SSVM_OK) { fprintf(stderr, "%s\n", ssvm_result_string(r)); return 1; }
    if ((r = ssvm_chain_problem(&mtest, NULL, &tprob)) != SSVM_OK) { fprintf(stderr, "%s\n", ssvm_result_string(r)); return 1; }

    par = ssvm_params_init(!strcmp(solver, "fw") ? SSVM_FW : !strcmp(solver, "ssg") ? SSVM_SSG : SSVM_BCFW);
    par.lambda = lambda; par.max_passes = passes; par.gap_tol = gap; par.seed = seed;
    par.progress = show; par.progress_user = &ctx;
    if ((r = ssvm_solver_init(&s, &prob, &par)) != SSVM_OK) { fprintf(stderr, "%s\n", ssvm_result_string(r)); return 1; }
    printf("train %d words / %d letters, test %d words / %d letters; d = %d; %s, lambda = %g; solver memory %.2f MB\n",
           train.n_words, train.n_letters, test.n_words, test.n_letters, prob.d, solver, lambda, s.heap_bytes / 1e6);
    ctx.s = &s; ctx.test = &mtest; ctx.w = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)prob.d);
    printf("pass   oracle     primal       dual        gap   primal_it    gap_it  letter%%    word%%  seconds\n");
    r = ssvm_solver_run(&s);
    printf("%s after %d passes, %.3f s solver time (+%.3f s evaluating the gap), solver memory %.2f MB\n",
           ssvm_result_string(r), s.prog.pass, s.prog.seconds, s.prog.eval_seconds, s.prog.state_bytes / 1e6);
    ssvm_solver_uninit(&s);
    free(ctx.w);
    ssvm_chain_free(&mtrain); ssvm_chain_free(&mtest);
    ocr_free(&train); ocr_free(&test); ocr_free(&all);
    return r < 0;
}
