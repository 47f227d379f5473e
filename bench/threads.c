/* bench/threads.c (make bench-threads): mini-batch BCFW (config.par) on OCR-small (the counted-Hamming chain
   without biases, d = 4,030, lambda = 0.01) with 1 and 2 threads (examples/ssvm_threads.h): the wall-clock time
   of a fixed number of passes, no evaluation, the runs alternating (1, 2, 1, 2, ...), the median of each; plain
   BCFW (one thread) beside them. The weights of the 1- and 2-thread runs must be the same bits (checked).
   Amdahl: with T1, T2 the medians, the serial fraction s solves T2 = T1 (s + (1 - s) / 2): s = 2 T2 / T1 - 1.
   The bare oracle pass (n loss-augmented Viterbi calls at the same w, a plain loop) is timed too: the part of
   a pass that is the oracle. Usage: bench_threads [shared-dir] [--passes P] [--batch B] [--rounds R]
   (9 rounds by default; 5 before 0.6.1)
   Each round also times 1 and 2 threads with an evaluation after every pass (iterate and average; since 0.6 its
   oracle calls run on the hook too): threads2_speedup_eval.
   Then (0.7.1) the same three runs with the COMPACT_SPARSE state, a heap solver's default on chains, where plain
   BCFW and the batches' serial phase take the score-space step (MANUAL: SPEED): sparse_threads2_speedup and
   sparse_vs_bcfw (plain BCFW there is faster than with COMPACT, so this is the figure a default user sees).
   Last line: RESULT threads2_speedup=<T1/T2> vs_bcfw=<T_bcfw/T2> serial_fraction=<s> batch=<B> ... threads2_speedup_eval=<x>
   sparse_threads2_speedup=<x> sparse_vs_bcfw=<x> */
#define _POSIX_C_SOURCE 200809L
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "../examples/ocr_data.h"
#include "../examples/ssvm_threads.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double wall(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
static ssvm_state_kind g_state = SSVM_STATE_COMPACT; /* --state sparse: COMPACT_SPARSE */
static int cmp_d(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp_d);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* a parallel-for that runs the tasks in order on this thread and adds the CPU seconds they take */
typedef struct timed { double cpu; } timed;
static void timed_for(void *user, size_t count, ssvm_task_fn task, void *ctx) {
    timed *tm = (timed *)user;
    clock_t a = clock();
    size_t i;
    for (i = 0; i < count; i++) task(ctx, i);
    tm->cpu += (double)(clock() - a) / CLOCKS_PER_SEC;
}
/* CPU seconds of a 1-thread run and the share of them inside the tasks (the parallel part): the Amdahl
   figure, which a loaded machine does not distort as it does wall-clock times */
static double task_share(const ssvm_problem *p, int passes, int batch, void *const *users, ssvm_real *w) {
    ssvm_solver_config c = ssvm_solver_config_init(p, SSVM_BCFW);
    timed tm;
    clock_t a;
    double total;
    tm.cpu = 0;
    c.lambda = 0.01; c.max_passes = passes; c.gap_tol = 0; c.eval_every = 0; c.state = g_state;
    c.par.batch = batch; c.par.task_users = users; c.par.parallel_for = timed_for; c.par.user = &tm;
    a = clock();
    if (ssvm_train(&c, w, (size_t)p->d * sizeof(ssvm_real), 0) != SSVM_MAX_PASSES) return -1;
    total = (double)(clock() - a) / CLOCKS_PER_SEC;
    return total > 0 ? tm.cpu / total : -1;
}

/* one training run of `passes` passes; threads 0 = plain BCFW; g_eval: an evaluation (iterate and average) after
   every pass, its oracle calls on the same hook; returns wall seconds (-1 on error) */
static int g_eval = 0;
static double run(const ssvm_problem *p, int passes, int batch, int threads, void *const *users, ssvm_real *w) {
    ssvm_solver_config c = ssvm_solver_config_init(p, SSVM_BCFW);
    ssvm_threads pool;
    ssvm_result r;
    double t0, t;
    c.lambda = 0.01; c.max_passes = passes; c.gap_tol = 0; c.eval_every = g_eval; c.state = g_state;
    if (threads > 0) {
        if (ssvm_threads_init(&pool, threads) != 0) return -1;
        c.par.batch = batch; c.par.task_users = users;
        c.par.parallel_for = ssvm_threads_parallel_for; c.par.user = &pool;
    }
    t0 = wall();
    r = ssvm_train(&c, w, (size_t)p->d * sizeof(ssvm_real), 0);
    t = wall() - t0;
    if (threads > 0) ssvm_threads_uninit(&pool);
    if (r != SSVM_MAX_PASSES) { printf("train: %s\n", ssvm_result_string(r)); return -1; }
    return t;
}

int main(int argc, char **argv) {
    const char *shared = "../shared";
    char path[1024], err[256];
    ocr_data all, tr, te;
    ssvm_chain m, *slots;
    void **users;
    ssvm_chain_config cc;
    ssvm_problem p;
    ssvm_real *w1, *w2, *w0;
    double *t0, *t1, *t2, *e1, *e2, m0, m1, m2, me1, me2, ora, s, share, s0, s1, s2;
    int i, k, passes = 10, batch = 32, rounds = 9, same = 1, y[64];
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--passes") && i + 1 < argc) passes = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--batch") && i + 1 < argc) batch = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--rounds") && i + 1 < argc) rounds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--state") && i + 1 < argc) g_state = !strcmp(argv[++i], "sparse") ? SSVM_STATE_COMPACT_SPARSE : SSVM_STATE_COMPACT;
        else shared = argv[i];
    }
    if (passes < 1 || batch < 1 || rounds < 1) { printf("bad arguments\n"); return 1; }
    snprintf(path, sizeof path, "%s/data/ocr/letter.data.gz", shared);
    if (ocr_load(path, &all, err, sizeof err) != 0) {
        printf("bench-threads needs the OCR data: %s\nRESULT skipped=1\n", err);
        return 0;
    }
    ocr_split(&all, OCR_SMALL, &tr, &te);
    ocr_chain(&tr, OCR_MODEL_COUNTED, &cc);
    if (ssvm_chain_init(&cc, &m) != SSVM_OK || ssvm_chain_problem(&m, &p) != SSVM_OK) return 1;
    /* the chain's oracle keeps its Viterbi tables in its object: one object per task slot, over the same data */
    slots = (ssvm_chain *)calloc((size_t)batch, sizeof *slots);
    users = (void **)calloc((size_t)batch, sizeof *users);
    for (k = 0; k < batch; k++) {
        ssvm_chain_config sc = cc;
        sc.inputs_from = &m; /* m's compacted pixels, not a copy per slot */
        if (ssvm_chain_init(&sc, &slots[k]) != SSVM_OK) return 1;
        users[k] = &slots[k];
    }
    w0 = (ssvm_real *)calloc((size_t)p.d, sizeof(ssvm_real));
    w1 = (ssvm_real *)calloc((size_t)p.d, sizeof(ssvm_real));
    w2 = (ssvm_real *)calloc((size_t)p.d, sizeof(ssvm_real));
    t0 = (double *)calloc((size_t)rounds, sizeof(double));
    t1 = (double *)calloc((size_t)rounds, sizeof(double));
    t2 = (double *)calloc((size_t)rounds, sizeof(double));
    e1 = (double *)calloc((size_t)rounds, sizeof(double));
    e2 = (double *)calloc((size_t)rounds, sizeof(double));
    printf("OCR-small: n = %d words, d = %d, lambda = 0.01, %d passes a run, no evaluation (then an evaluation every "
           "pass), batch %d, %d rounds\n",
           p.n, p.d, passes, batch, rounds);
    run(&p, 1, batch, 2, users, w2); /* warm-up */
    for (k = 0; k < rounds; k++) { /* alternating: BCFW, 1 thread, 2 threads */
        if ((t0[k] = run(&p, passes, batch, 0, users, w0)) < 0) return 1;
        if ((t1[k] = run(&p, passes, batch, 1, users, w1)) < 0) return 1;
        if ((t2[k] = run(&p, passes, batch, 2, users, w2)) < 0) return 1;
        same &= memcmp(w1, w2, (size_t)p.d * sizeof(ssvm_real)) == 0;
        g_eval = 1; /* the same with an evaluation every pass (its oracle calls on the hook too) */
        if ((e1[k] = run(&p, passes, batch, 1, users, w1)) < 0) return 1;
        if ((e2[k] = run(&p, passes, batch, 2, users, w2)) < 0) return 1;
        g_eval = 0;
        same &= memcmp(w1, w2, (size_t)p.d * sizeof(ssvm_real)) == 0;
        printf("  round %d: BCFW %.3f s, batch %d x 1 thread %.3f s, x 2 threads %.3f s; evaluated every pass: %.3f s, "
               "%.3f s\n", k + 1, t0[k], batch, t1[k], t2[k], e1[k], e2[k]);
        fflush(stdout);
    }
    { /* the bare oracle pass at the trained w: n calls in a plain loop, the best of 5 */
        double best = 1e300;
        ssvm_real delta;
        for (k = 0; k < 5; k++) {
            double a = wall();
            for (i = 0; i < p.n; i++) p.oracle(p.user, i, w2, 1.0, y, &delta);
            a = wall() - a;
            if (a < best) best = a;
        }
        ora = best;
    }
    m0 = median(t0, rounds); m1 = median(t1, rounds); m2 = median(t2, rounds);
    me1 = median(e1, rounds); me2 = median(e2, rounds);
    { /* the COMPACT_SPARSE state (the default), alternating as above, no evaluation; t0..t2 reused */
        ssvm_state_kind keep = g_state;
        g_state = SSVM_STATE_COMPACT_SPARSE;
        for (k = 0; k < rounds; k++) {
            if ((t0[k] = run(&p, passes, batch, 0, users, w0)) < 0) return 1;
            if ((t1[k] = run(&p, passes, batch, 1, users, w1)) < 0) return 1;
            if ((t2[k] = run(&p, passes, batch, 2, users, w2)) < 0) return 1;
            same &= memcmp(w1, w2, (size_t)p.d * sizeof(ssvm_real)) == 0;
        }
        s0 = median(t0, rounds); s1 = median(t1, rounds); s2 = median(t2, rounds);
        g_state = keep;
    }
    s = 2 * m2 / m1 - 1;
    share = task_share(&p, passes, batch, users, w0);
    printf("\n| run                      | median wall s | per pass ms | speed-up vs 1 thread |\n");
    printf("|--------------------------|---------------|-------------|----------------------|\n");
    printf("| plain BCFW               | %13.3f | %11.2f | %20.2f |\n", m0, 1e3 * m0 / passes, m1 / m0);
    printf("| mini-batch %3d, 1 thread | %13.3f | %11.2f | %20.2f |\n", batch, m1, 1e3 * m1 / passes, 1.0);
    printf("| mini-batch %3d, 2 threads| %13.3f | %11.2f | %20.2f |\n", batch, m2, 1e3 * m2 / passes, m1 / m2);
    printf("| evaluated, 1 thread      | %13.3f | %11.2f | %20.2f |\n", me1, 1e3 * me1 / passes, 1.0);
    printf("| evaluated, 2 threads     | %13.3f | %11.2f | %20.2f |\n", me2, 1e3 * me2 / passes, me1 / me2);
    printf("| sparse state: plain BCFW | %13.3f | %11.2f | %20.2f |\n", s0, 1e3 * s0 / passes, s1 / s0);
    printf("| sparse state: 1 thread   | %13.3f | %11.2f | %20.2f |\n", s1, 1e3 * s1 / passes, 1.0);
    printf("| sparse state: 2 threads  | %13.3f | %11.2f | %20.2f |\n", s2, 1e3 * s2 / passes, s1 / s2);
    printf("\nbare oracle pass (n calls, one thread): %.2f ms = %.0f%% of a 1-thread mini-batch pass\n", 1e3 * ora,
           100 * ora * passes / m1);
    printf("Amdahl: serial fraction from the wall times s = 2 T2/T1 - 1 = %.2f (a loaded machine inflates it);\n"
           "  measured in CPU time: %.0f%% of a 1-thread run is inside the tasks, so 2 idle cores give at most %.2fx\n",
           s, 100 * share, 1 / ((1 - share) + share / 2));
    printf("1- and 2-thread weights %s\n", same ? "bit-identical" : "DIFFER");
    printf("\nRESULT threads2_speedup=%.2f vs_bcfw=%.2f serial_fraction=%.2f task_cpu_share=%.2f amdahl2_bound=%.2f batch=%d "
           "identical=%d threads2_speedup_eval=%.2f sparse_threads2_speedup=%.2f sparse_vs_bcfw=%.2f\n", m1 / m2, m0 / m2, s,
           share, 1 / ((1 - share) + share / 2), batch, same, me1 / me2, s1 / s2, s0 / s2);
    for (k = 0; k < batch; k++) ssvm_chain_uninit(&slots[k]);
    ssvm_chain_uninit(&m);
    free(slots); free(users); free(w0); free(w1); free(w2); free(t0); free(t1); free(t2); free(e1); free(e2);
    ocr_free(&all); ocr_free(&tr); ocr_free(&te);
    return same ? 0 : 1;
}
