/* examples/ocr.c: handwritten-word recognition with a chain structural SVM (Taskar et al.'s OCR data).

     ocr [options] letter.data[.gz]     the real data (get it from ../shared/data/ocr or the original site)
     zcat letter.data.gz | ocr -        from stdin
     ocr --synthetic [words]            OCR-like data generated here (what `make demo` runs)

   options: --split small|large   small: train fold 0, test folds 1-9 (the BCFW reference's "ocr", default)
                                  large: train folds 1-9, test fold 0 (the ICML paper's OCR-large)
            --solver bcfw|fw|ssg  (default bcfw)      --lambda L   (default 0.01)
            --passes P (default 20)  --gap G (stop at duality gap G, default 0.001; 0 = never)
            --target-primal P     stop as soon as an evaluated primal objective (at the iterate or at the
                                  average) is <= P (result "target primal reached"); e.g. a value a
                                  longer run reached, to time how fast a setting gets there
            --eval-every k        evaluate primal, dual and gap (an extra oracle pass per vector, timed
                                  apart) only every k passes (default 1; 0 = never: then neither --gap nor
                                  --target-primal can stop the run)
            --test-every k        decode the test set only every k passes (default 1; 0 = only at the end);
                                  the test set is always decoded once more at the end with the model
                                  training returns (unless the last row already shows that model)
            --sparse              give the chain the pixels as sparse binary attribute ids (the lit pixels
                                  and the constant 1: attr_start/attr_id, attr_val NULL) instead of the
                                  dense x: the same model, weights and iterates, fewer operations
            --model reference|counted   reference: first/last-letter biases and Hamming loss normalised by
                                        length (d = 4,082); counted: no biases, counted loss (d = 4,030)
            --seed S   --noise p (synthetic pixel noise, default 0.1)
            --threads N --batch B   mini-batch BCFW of B examples (default 0: plain BCFW; 32 when N > 1), the
                                  oracle calls of a batch on N threads (examples/ssvm_threads.h); the model
                                  depends on the seed and B only, never on N (MANUAL: PARALLEL BCFW)
   Prints a row per pass that evaluated or tested: oracle calls; primal, dual and gap at the weighted average
   (average_*) and primal and gap at the iterate (iterate_*), "-" where not evaluated or not defined (FW
   keeps no average, SSG has no dual); the test errors per letter and per word (word%: the mean over words of
   each word's fraction of wrong letters, the BCFW paper's measure, not words with any error) of the model a user would
   ship (the average when one is kept); and the training wall-clock seconds so far (evaluation and test
   decoding excluded). Then the stopping rule, the wall and CPU seconds of training, evaluation and test
   decoding, and the final model's test errors. */
#define _POSIX_C_SOURCE 200809L
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "ocr_data.h"
#include "ssvm_threads.h" /* --threads: a pthread parallel-for */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct run_ctx {
    ssvm_solver *s;
    ssvm_chain *test;
    ssvm_real *w;
    size_t w_bytes;
    int test_every;
    int tested_pass;          /* the last pass whose (shown) model was decoded on the test set, else -1 */
    double le, we;            /* its errors */
    double test_cpu;          /* CPU seconds spent decoding the test set */
} run_ctx;

static double cpu_now(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* the model a user would ship during training: the average if the solver keeps one */
static ssvm_which shipped(ssvm_solver *s) {
    return ssvm_solver_config_of(s)->averaging != SSVM_AVG_NONE ? SSVM_W_AVERAGE : SSVM_W_ITERATE; /* read-only */
}
static int test_errors(run_ctx *c, ssvm_which which, double *le, double *we) {
    double t0 = cpu_now();
    int r = ssvm_solver_weights(c->s, which, c->w, c->w_bytes) == SSVM_OK ? ocr_errors(c->test, c->w, le, we) : -1;
    c->test_cpu += cpu_now() - t0;
    return r;
}

static void num(double v, int width, int prec) {
    if (v == v) printf(" %*.*f", width, prec, v);
    else printf(" %*s", width, "-");
}

static int show(void *user, const ssvm_progress *p) {
    run_ctx *c = (run_ctx *)user;
    int test = c->test_every > 0 && p->pass % c->test_every == 0;
    int evaluated = p->iterate.primal == p->iterate.primal || p->average.primal == p->average.primal;
    if (!test && !evaluated) return 0;
    if (test) {
        if (test_errors(c, shipped(c->s), &c->le, &c->we) != 0) return 1;
        c->tested_pass = p->pass;
    }
    printf("%4d %9lld", p->pass, p->oracle_calls);
    num(p->average.primal, 14, 6); num(p->average.dual, 12, 6); num(p->average.gap, 11, 6);
    num(p->iterate.primal, 14, 6); num(p->iterate.gap, 11, 6);
    if (test) printf(" %7.2f%% %7.2f%%", 100 * c->le, 100 * c->we);
    else printf(" %8s %8s", "-", "-");
    printf(" %8.3f\n", p->wall_seconds);
    fflush(stdout);
    return 0;
}

static int fail(const char *what, ssvm_result r) {
    fprintf(stderr, "%s: %s\n", what, ssvm_result_string(r));
    return 1;
}

int main(int argc, char **argv) {
    const char *path = NULL, *split = "small", *solver = "bcfw", *model = "reference";
    double lambda = 0.01, gap = 1e-3, noise = 0.1, target = 0;
    int passes = 20, synthetic = 0, eval_every = 1, test_every = 1, sparse = 0, have_target = 0, i, mdl;
    int threads = 1, batch = 0;
    ssvm_threads pool;
    ssvm_chain *slots = NULL;
    void **users = NULL;
    unsigned long long seed = 1;
    char err[512];
    ocr_data all, train, test;
    ocr_sparse sptrain, sptest;
    ssvm_chain_config ctrain, ctest;
    ssvm_chain mtrain, mtest;
    ssvm_problem prob;
    ssvm_solver_config par;
    ssvm_solver s;
    ssvm_progress prog;
    ssvm_which which;
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
        else if (!strcmp(a, "--target-primal") && v) { target = atof(v); have_target = 1; i++; }
        else if (!strcmp(a, "--eval-every") && v) { eval_every = atoi(v); i++; }
        else if (!strcmp(a, "--test-every") && v) { test_every = atoi(v); i++; }
        else if (!strcmp(a, "--sparse")) sparse = 1;
        else if (!strcmp(a, "--model") && v) { model = v; i++; }
        else if (!strcmp(a, "--seed") && v) { seed = strtoull(v, NULL, 10); i++; }
        else if (!strcmp(a, "--noise") && v) { noise = atof(v); i++; }
        else if (!strcmp(a, "--threads") && v) { threads = atoi(v); i++; }
        else if (!strcmp(a, "--batch") && v) { batch = atoi(v); i++; }
        else if (a[0] != '-' || !strcmp(a, "-")) path = a;
        else { fprintf(stderr, "unknown option %s (see the comment at the top of examples/ocr.c)\n", a); return 2; }
    }
    if (threads < 1 || batch < 0) { fprintf(stderr, "--threads takes a count >= 1, --batch >= 0\n"); return 2; }
    if (threads > 1 && batch == 0) batch = 32;
    if (eval_every < 0 || test_every < 0 || passes < 0) {
        fprintf(stderr, "--passes, --eval-every and --test-every take a count >= 0\n");
        return 2;
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
    mdl = strcmp(model, "counted") ? OCR_MODEL_REFERENCE : OCR_MODEL_COUNTED;
    memset(&sptrain, 0, sizeof sptrain); memset(&sptest, 0, sizeof sptest);
    if (sparse) {
        if (ocr_sparse_init(&train, &sptrain) != 0 || ocr_sparse_init(&test, &sptest) != 0) {
            fprintf(stderr, "--sparse: out of memory, or pixels that are not 0/1\n");
            return 1;
        }
        ocr_chain_sparse(&train, mdl, &sptrain, &ctrain);
        ocr_chain_sparse(&test, mdl, &sptest, &ctest);
    } else {
        ocr_chain(&train, mdl, &ctrain);
        ocr_chain(&test, mdl, &ctest);
    }
    if ((r = ssvm_chain_init(&ctrain, &mtrain)) != SSVM_OK) return fail("training data", r);
    if ((r = ssvm_chain_init(&ctest, &mtest)) != SSVM_OK) return fail("test data", r);
    if ((r = ssvm_chain_problem(&mtrain, &prob)) != SSVM_OK) return fail("training problem", r);

    par = ssvm_solver_config_init(&prob, !strcmp(solver, "fw") ? SSVM_FW : !strcmp(solver, "ssg") ? SSVM_SSG : SSVM_BCFW);
    par.lambda = lambda; par.max_passes = passes; par.gap_tol = gap; par.seed = seed;
    par.eval_every = eval_every;
    if (have_target) par.target_primal = target;
    par.progress = show; par.progress_user = &ctx;
    if (batch > 0) { /* mini-batch BCFW; the chain's oracle keeps scratch in its object: one object per task slot */
        if (batch > prob.n) batch = prob.n;
        par.par.batch = batch;
        slots = (ssvm_chain *)calloc((size_t)batch, sizeof *slots);
        users = (void **)calloc((size_t)batch, sizeof *users);
        if (!slots || !users) return fail("slots", SSVM_ERR_OUT_OF_MEMORY);
        for (i = 0; i < batch; i++) {
            ssvm_chain_config sc = ctrain;
            sc.inputs_from = &mtrain; /* its compacted pixels, not a copy per slot */
            if ((r = ssvm_chain_init(&sc, &slots[i])) != SSVM_OK) return fail("slot model", r);
            users[i] = &slots[i];
        }
        par.par.task_users = users;
        if (threads > 1) {
            if (ssvm_threads_init(&pool, threads) != 0) { fprintf(stderr, "cannot start %d threads\n", threads); return 1; }
            par.par.parallel_for = ssvm_threads_parallel_for; par.par.user = &pool;
        }
        printf("mini-batch BCFW: batch %d, %d thread%s\n", batch, threads, threads > 1 ? "s" : "");
    }
    if ((r = ssvm_solver_init(&par, &s)) != SSVM_OK) return fail("solver", r);
    memset(&prog, 0, sizeof prog);
    ssvm_solver_progress(&s, &prog);
    printf("train %d words / %d letters, test %d words / %d letters; d = %d; %s pixels; %s, lambda = %g; "
           "solver memory %.2f MB\n", train.n_words, train.n_letters, test.n_words, test.n_letters, prob.d,
           sparse ? "sparse" : "dense", solver, lambda, prog.state_bytes / 1e6);
    if (have_target) printf("stopping at an evaluated primal <= %g\n", target);
    memset(&ctx, 0, sizeof ctx);
    ctx.s = &s; ctx.test = &mtest; ctx.test_every = test_every; ctx.tested_pass = -1;
    ctx.w_bytes = sizeof(ssvm_real) * (size_t)prob.d;
    ctx.w = (ssvm_real *)malloc(ctx.w_bytes);
    if (!ctx.w) return fail("weights", SSVM_ERR_OUT_OF_MEMORY);
    printf("pass    oracle average_primal average_dual average_gap iterate_primal iterate_gap  letter%%    word%%   wall_s\n");
    r = ssvm_solver_run(&s);
    memset(&prog, 0, sizeof prog);
    ssvm_solver_progress(&s, &prog);
    printf("%s after %d passes: training %.3f s wall (%.3f s CPU); evaluating the objectives %.3f s wall "
           "(%.3f s CPU, %lld oracle calls); test decoding %.3f s CPU; solver memory %.2f MB\n",
           ssvm_result_string(r), prog.pass, prog.wall_seconds, prog.cpu_seconds, prog.eval_wall_seconds,
           prog.eval_cpu_seconds, prog.eval_oracle_calls, ctx.test_cpu, prog.state_bytes / 1e6);
    if (r >= 0) {
        /* the model training returns (as ssvm_train): the vector that met the rule, else the shipped one */
        which = (r == SSVM_CONVERGED || r == SSVM_TARGET_REACHED || r == SSVM_PRECISION) ? SSVM_W_BEST : shipped(&s);
        if ((ctx.tested_pass != prog.pass || which != shipped(&s)) && test_errors(&ctx, which, &ctx.le, &ctx.we) != 0)
            r = SSVM_ERR_INVALID_ARG;
        if (r >= 0)
            printf("final model (%s, pass %d): test error %.2f%% per letter, %.2f%% per word (mean Hamming)\n",
                   which == SSVM_W_BEST ? "the vector that met the rule" :
                   which == SSVM_W_AVERAGE ? "the weighted average" : "the iterate", prog.pass, 100 * ctx.le, 100 * ctx.we);
    }
    ssvm_solver_uninit(&s);
    if (par.par.parallel_for) ssvm_threads_uninit(&pool);
    if (slots) { for (i = 0; i < batch; i++) ssvm_chain_uninit(&slots[i]); free(slots); free(users); }
    free(ctx.w);
    ssvm_chain_uninit(&mtrain); ssvm_chain_uninit(&mtest);
    ocr_sparse_free(&sptrain); ocr_sparse_free(&sptest);
    ocr_free(&train); ocr_free(&test); ocr_free(&all);
    return r < 0;
}
