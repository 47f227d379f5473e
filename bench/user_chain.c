/* bench/user_chain.c: does a user model pay for being one? BCFW passes on the built-in chain (ssvm_chain) against
   the same chain written as a user model on the public API (tests/user_chain.h, every callback the built-in sets,
   the statistics interface included), on OCR-small (fold 0, 626 words): the counted-Hamming chain without biases
   on dense pixels (bench-speed's model, the RESULT case), the same on sparse binary attribute ids, and the BCFW
   reference's model (biases, normalised Hamming) on dense pixels. lambda = 0.01, line search, the default state
   (AUTO: the sparse compact state, where double builds take the score-space step), no evaluation.
   After one untimed run of each model (warm-up; its final iterates give the largest weight difference between the
   two models, 0: the same bits, and whether each took the score-space step, a look at the solver's private state
   for this report only), each round times one run of P passes (default 10) on each model from w = 0, CPU seconds
   (clock()), the order alternating between rounds (built-in first in odd rounds); R rounds (default 5). Per case:
   seconds per pass of each run, the medians, the median ratio user / built-in.
   Last line: RESULT user_vs_builtin_pass=<median ratio, first case> builtin_s=<median s/pass> user_s=<median s/pass>
   usage: user_chain [shared-dir] [--passes P] [--rounds R] */
#define _POSIX_C_SOURCE 200809L
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "../examples/ocr_data.h"
#include "../tests/user_chain.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_ROUNDS 64

static double cpu_now(void) { return (double)clock() / (double)CLOCKS_PER_SEC; }
static int cmp_d(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static double median(const double *v, int n) {
    double s[MAX_ROUNDS];
    memcpy(s, v, sizeof(double) * (size_t)n);
    qsort(s, (size_t)n, sizeof(double), cmp_d);
    return n % 2 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
}

/* P passes of BCFW on p from w = 0: CPU seconds per pass; the final iterate into w (d reals), the score-space
   step's use into *sc; -1 on an error */
static double timed_run(const ssvm_problem *p, int passes, ssvm_real *w, int *sc) {
    ssvm_solver_config c = ssvm_solver_config_init(p, SSVM_BCFW);
    ssvm_solver s;
    ssvm_result r;
    double t0, t;
    c.lambda = 0.01; c.max_passes = passes; c.gap_tol = 0; c.eval_every = 0; c.line_search = 1;
    if (ssvm_solver_init(&c, &s) != SSVM_OK) return -1;
    t0 = cpu_now();
    r = ssvm_solver_run(&s);
    t = cpu_now() - t0;
    *sc = SSVM__BF(&s)->_sc_gram != NULL && SSVM__BF(&s)->_sc_ready == 1; /* private: the report's path column */
    if (r != SSVM_MAX_PASSES || ssvm_solver_weights(&s, SSVM_W_ITERATE, w, sizeof(ssvm_real) * (size_t)p->d) != SSVM_OK)
        t = -1;
    ssvm_solver_uninit(&s);
    return t < 0 ? -1 : t / passes;
}

int main(int argc, char **argv) {
    const char *shared = "../shared";
    const char *names[3] = {"OCR-small dense, counted Hamming", "OCR-small sparse, counted Hamming",
                            "OCR-small dense, biases (reference model)"};
    char path[1024], err[256];
    ocr_data all, tr, te;
    ocr_sparse sp;
    int passes = 10, rounds = 5, i, k, j, ok = 1;
    double res_ratio = -1, res_b = -1, res_u = -1;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--passes") && i + 1 < argc) passes = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--rounds") && i + 1 < argc) rounds = atoi(argv[++i]);
        else shared = argv[i];
    }
    if (passes < 1 || rounds < 1 || rounds > MAX_ROUNDS) { printf("usage: user_chain [shared-dir] [--passes P] [--rounds R<=64]\n"); return 2; }
    snprintf(path, sizeof path, "%s/data/ocr/letter.data.gz", shared);
    if (ocr_load(path, &all, err, sizeof err) != 0) {
        printf("bench user_chain needs the OCR data: %s\nRESULT skipped=1\n", err);
        return 0;
    }
    if (ocr_split(&all, OCR_SMALL, &tr, &te) || ocr_sparse_init(&tr, &sp)) { printf("OCR split failed\n"); return 1; }
    printf("structsvm.h bench user_chain: ssvm_real = %s; BCFW, lambda = 0.01, line search, default state, %d passes "
           "a run, %d rounds; CPU seconds (clock()), the machine may be shared\n",
           sizeof(ssvm_real) == sizeof(float) ? "float" : "double", passes, rounds);
    for (k = 0; k < 3; k++) {
        ssvm_chain_config cc;
        ssvm_chain m;
        uc_chain u;
        ssvm_problem pb, pu;
        ssvm_real *wb, *wu;
        double tb[MAX_ROUNDS], tu[MAX_ROUNDS], rr[MAX_ROUNDS], maxdiff = 0;
        int scb = 0, scu = 0, bits = 0;
        if (k == 1) ocr_chain_sparse(&tr, OCR_MODEL_COUNTED, &sp, &cc);
        else ocr_chain(&tr, k == 2 ? OCR_MODEL_REFERENCE : OCR_MODEL_COUNTED, &cc);
        if (ssvm_chain_init(&cc, &m) != SSVM_OK || ssvm_chain_problem(&m, &pb) != SSVM_OK ||
            uc_chain_init(&u, &cc) != SSVM_OK || uc_chain_problem(&u, &pu) != SSVM_OK) {
            printf("%s: model init failed\n", names[k]);
            return 1;
        }
        wb = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)pb.d);
        wu = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)pb.d);
        if (!wb || !wu) return 1;
        printf("\n#### %s (n = %d, d = %d)\n| round | first | built-in s/pass | user s/pass | user / built-in |\n"
               "|---:|---|---:|---:|---:|\n", names[k], pb.n, pb.d);
        /* the warm-up: every timed run repeats its computation */
        if (timed_run(&pb, passes, wb, &scb) <= 0 || timed_run(&pu, passes, wu, &scu) <= 0) { printf("a run failed\n"); ok = 0; }
        for (j = 0; ok && j < pb.d; j++) {
            double e = (double)wb[j] - (double)wu[j];
            if (e < 0) e = -e;
            if (!(e <= maxdiff)) maxdiff = e;
            bits += memcmp(&wb[j], &wu[j], sizeof(ssvm_real)) != 0;
        }
        for (i = 0; ok && i < rounds; i++) {
            int s1, s2;
            if (i % 2 == 0) { tb[i] = timed_run(&pb, passes, wb, &s1); tu[i] = timed_run(&pu, passes, wu, &s2); }
            else { tu[i] = timed_run(&pu, passes, wu, &s2); tb[i] = timed_run(&pb, passes, wb, &s1); }
            if (tb[i] <= 0 || tu[i] <= 0) { printf("a run failed\n"); ok = 0; break; }
            rr[i] = tu[i] / tb[i];
            printf("| %d | %s | %.5f | %.5f | %.3f |\n", i + 1, i % 2 ? "user" : "built-in", tb[i], tu[i], rr[i]);
            fflush(stdout);
        }
        if (ok) {
            double mb = median(tb, rounds), mu = median(tu, rounds), mr = median(rr, rounds);
            printf("median: built-in %.5f s/pass, user %.5f s/pass, user / built-in %.3f; final weights: max |diff| %g "
                   "(%d of %d differ in some bit); score-space step: built-in %s, user %s\n",
                   mb, mu, mr, maxdiff, bits, pb.d, scb ? "yes" : "no", scu ? "yes" : "no");
            if (k == 0) { res_ratio = mr; res_b = mb; res_u = mu; }
        }
        free(wb); free(wu);
        uc_chain_free(&u);
        ssvm_chain_uninit(&m);
        if (!ok) break;
    }
    ocr_sparse_free(&sp);
    ocr_free(&all); ocr_free(&tr); ocr_free(&te);
    printf("\nRESULT user_vs_builtin_pass=%.3f builtin_s=%.5f user_s=%.5f\n", res_ratio, res_b, res_u);
    return ok ? 0 : 1;
}
