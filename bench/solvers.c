/* bench/solvers.c: `make bench-solvers`. The solvers side by side on OCR-small (the BCFW paper's Figure 1
   setting), measured the same way: every solver runs on the same ssvm_problem (the reference chain model),
   evaluated after every pass with the exact oracle (primal P, dual D, gap at the vector the solver returns:
   the average where one is kept, else the iterate). Per row: effective passes (training oracle calls / n),
   training wall seconds (evaluation excluded), suboptimality P - D_best (D_best: the best dual any solver
   reached; for the batch methods FW and cutting plane the lower envelope of their primal, as the paper's
   Figure 1 draws them), gap ("-" where the solver has no dual), test letter error (of the current vector);
   pass = iterations (n steps each). Last line: RESULT with, per solver,
   the effective passes to reach a suboptimality of 0.01 and of 0.1 at lambda = 0.01 (-1: not within the run)
   and the suboptimality at the end. D_best comes from these runs only, so suboptimality is an upper bound.
   Rows: BCFW (weighted average), BCFW with an approximate oracle (the second-best labeling a third of the
   time, by 2-best Viterbi; line search), FW, SSG (weighted average), SSG-avg (uniform average), the 1-slack
   cutting plane (SVM^struct's defaults: planes idle 50 iterations dropped; never dropping, 200 planes; a cache
   of 3 with evaluation every 5 iterations, its rows those passes).
   To add a solver (kernel BCFW, online EG): one entry in `rows` below with its kind and a setup function.
   usage: bench_solvers [shared-dir] [--passes N] [--lambda L]   (defaults ../shared, 100, both 0.01 and 0.001) */
#define _POSIX_C_SOURCE 200809L
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "../examples/ocr_data.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXP 400

/* the problem's oracle, or (approx on, exact off) every third call by hash the second-best labeling */
typedef struct approx {
    ssvm_problem base;
    ssvm_ms_sampler kb;  /* 2-best loss-augmented Viterbi */
    void *work;
    int *ys, *lens;
    ssvm_real *deltas;
    int approx, exact;
    unsigned long long calls, second;
} approx;
static int ap_oracle(void *u, int i, const ssvm_real *w, double ws, int *y, ssvm_real *d) {
    approx *A = (approx *)u;
    unsigned long long h = (++A->calls) * 0x9E3779B97F4A7C15ULL;
    int k, L = A->base.max_label_len;
    if (!A->approx || A->exact || (h >> 33) % 3 != 0) return A->base.oracle(A->base.user, i, w, ws, y, d);
    k = A->kb.sample(A->kb.user, i, w, ws, 2, A->work, A->ys, L, A->lens, A->deltas);
    if (k < 0) return k;
    if (k == 0) return A->base.oracle(A->base.user, i, w, ws, y, d);
    k = k >= 2 ? 1 : 0;
    memcpy(y, A->ys + k * L, (size_t)A->lens[k] * sizeof(int));
    *d = A->deltas[k];
    A->second += (unsigned long long)k;
    return A->lens[k];
}
static int ap_truth(void *u, int i, int *y) { approx *A = (approx *)u; return A->base.truth(A->base.user, i, y); }
static int ap_phi(void *u, int i, const int *y, int len, ssvm_real sc, ssvm_svec *o) {
    approx *A = (approx *)u;
    return A->base.phi(A->base.user, i, y, len, sc, o);
}
/* the compact statistics passed through, so that BCFW keeps the state it has on the plain chain problem */
static int ap_stat_dim(void *u, int i) { approx *A = (approx *)u; return A->base.stat_dim(A->base.user, i); }
static int ap_stats(void *u, int i, const int *y, int len, ssvm_real sc, ssvm_real *st) {
    approx *A = (approx *)u;
    return A->base.stats(A->base.user, i, y, len, sc, st);
}
static int ap_expand(void *u, int i, const ssvm_real *st, ssvm_real sc, ssvm_svec *o) {
    approx *A = (approx *)u;
    return A->base.expand(A->base.user, i, st, sc, o);
}

typedef struct row { const char *name; ssvm_solver_kind kind; void (*setup)(ssvm_solver_config *c); int approx; } row;
static void set_none(ssvm_solver_config *c) { (void)c; }
static void set_uniform(ssvm_solver_config *c) { c->averaging = SSVM_AVG_UNIFORM; }
static void set_cache(ssvm_solver_config *c) { c->cp.cache_size = 3; c->eval_every = 5; }
static void set_nodrop(ssvm_solver_config *c) { c->cp.drop_after = 0; c->cp.max_planes = 200; }
static const row rows[] = {
    {"bcfw_wavg", SSVM_BCFW, set_none, 0},
    {"bcfw_approx", SSVM_BCFW, set_none, 1},
    {"fw", SSVM_FW, set_none, 0},
    {"ssg_wavg", SSVM_SSG, set_none, 0},
    {"ssg_avg", SSVM_SSG, set_uniform, 0},
    {"cutplane", SSVM_CUTTING_PLANE, set_none, 0},
    {"cutplane_nodrop", SSVM_CUTTING_PLANE, set_nodrop, 0},
    {"cutplane_cache", SSVM_CUTTING_PLANE, set_cache, 0},
    /* {"kbcfw_linear", SSVM_..., set_..., 0},  {"online_eg", SSVM_..., set_..., 0}: the other solvers of issue 15 */
};
#define NROWS ((int)(sizeof rows / sizeof rows[0]))

/* the evaluations printed: the first two, passes 5, 10, 20, 50, 100, ... and the last */
static int shown(int idx, int pass, int passes) {
    long m = 5;
    int step = 0;
    if (idx < 2 || pass == passes) return 1;
    while (m < pass) { m = step % 3 == 2 ? m * 5 / 2 : m * 2; step++; } /* 5, 10, 20, 50, 100, 200, 500, ... */
    return m == pass;
}
typedef struct hist { int np, pass[MAXP]; double eff[MAXP], sec[MAXP], P[MAXP], D[MAXP], gap[MAXP], err[MAXP]; } hist;

static void run(const row *r, approx *A, ssvm_chain *test, double lambda, int passes, hist *h) {
    ssvm_problem p = ssvm_problem_config_init(A->base.n, A->base.d, A->base.max_label_len);
    ssvm_solver_config c;
    ssvm_solver s;
    ssvm_progress pr;
    ssvm_real *w = (ssvm_real *)malloc((size_t)p.d * sizeof(ssvm_real));
    int k, every;
    ssvm_result rc = SSVM_OK;
    p.user = A; p.truth = ap_truth; p.phi = ap_phi; p.oracle = ap_oracle;
    p.stat_dim = ap_stat_dim; p.stats = ap_stats; p.expand = ap_expand;
    c = ssvm_solver_config_init(&p, r->kind);
    c.lambda = lambda;
    r->setup(&c);
    every = c.eval_every > 0 ? c.eval_every : 1;
    A->approx = r->approx; A->calls = 0; A->second = 0;
    h->np = 0;
    if ((rc = ssvm_solver_init(&c, &s)) != SSVM_OK) { printf("%s: %s\n", r->name, ssvm_result_string(rc)); free(w); return; }
    for (k = 1; k <= passes && h->np < MAXP; k++) {
        int avg = c.averaging != SSVM_AVG_NONE;
        double le = 0, we = 0;
        if ((rc = ssvm_solver_pass(&s)) != SSVM_OK) break;
        if (k % every) continue;
        A->exact = 1; /* every certificate from the exact oracle */
        rc = ssvm_solver_evaluate(&s, 1, avg, &pr);
        A->exact = 0;
        if (rc != SSVM_OK) break;
        if (shown(h->np, k, passes)) { /* the test error only where a row is printed (6,251 test words) */
            ssvm_solver_weights(&s, avg ? SSVM_W_AVERAGE : SSVM_W_ITERATE, w, (size_t)p.d * sizeof(ssvm_real));
            ocr_errors(test, w, &le, &we);
        }
        h->pass[h->np] = k;
        h->eff[h->np] = (double)pr.oracle_calls / p.n;
        h->sec[h->np] = pr.wall_seconds;
        h->P[h->np] = avg ? pr.average.primal : pr.iterate.primal;
        /* the batch methods keep the best w seen at no cost: their lower envelope, as in the paper's Figure 1 */
        if ((r->kind == SSVM_FW || r->kind == SSVM_CUTTING_PLANE) && h->np > 0 && h->P[h->np - 1] < h->P[h->np])
            h->P[h->np] = h->P[h->np - 1];
        h->D[h->np] = avg ? (pr.average.dual == pr.average.dual ? pr.average.dual : pr.iterate.dual) : pr.iterate.dual;
        h->gap[h->np] = avg ? pr.average.gap : pr.iterate.gap;
        h->err[h->np] = le;
        h->np++;
    }
    if (rc < 0) printf("%s: stopped: %s\n", r->name, ssvm_result_string(rc));
    if (r->kind == SSVM_CUTTING_PLANE) {
        ssvm_cp_info ci;
        memset(&ci, 0, sizeof ci);
        ssvm_solver_cp_info(&s, &ci);
        printf("  %s: planes %d (active %d), added %lld, dropped %lld, cached iterations %lld, QP iterations %lld\n",
               r->name, ci.planes, ci.active, ci.added, ci.dropped, ci.cached_iterations, ci.qp_iterations);
    }
    if (r->approx) printf("  %s: %llu of %llu oracle calls (evaluations included) returned the second-best labeling\n", r->name,
                          A->second, A->calls);
    ssvm_solver_uninit(&s);
    free(w);
}

int main(int argc, char **argv) {
    const char *shared = "../shared";
    char path[1024], err[256];
    ocr_data all, tr, te;
    ssvm_chain_config cc;
    ssvm_chain mtr, mte;
    approx A;
    static hist H[2][NROWS];
    double lambdas[2] = {0.01, 0.001}, need[NROWS], need1[NROWS], last[NROWS];
    int passes = 100, nl = 2, i, li, j, k;
    size_t wb = 0;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--passes") && i + 1 < argc) passes = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--lambda") && i + 1 < argc) { lambdas[0] = atof(argv[++i]); nl = 1; }
        else shared = argv[i];
    }
    snprintf(path, sizeof path, "%s/data/ocr/letter.data.gz", shared);
    if (ocr_load(path, &all, err, sizeof err) != 0) {
        printf("bench-solvers needs the OCR data: %s\nRESULT skipped=1\n", err);
        return 0;
    }
    ocr_split(&all, OCR_SMALL, &tr, &te);
    ocr_chain(&tr, OCR_MODEL_REFERENCE, &cc);
    if (ssvm_chain_init(&cc, &mtr) != SSVM_OK) return 1;
    ocr_chain(&te, OCR_MODEL_REFERENCE, &cc);
    if (ssvm_chain_init(&cc, &mte) != SSVM_OK) return 1;
    memset(&A, 0, sizeof A);
    ssvm_chain_problem(&mtr, &A.base);
    ssvm_chain_kbest_sampler(&mtr, &A.kb);
    if (A.kb.work_bytes) wb = A.kb.work_bytes(A.kb.user, 2);
    A.work = malloc(wb ? wb : 1);
    A.ys = (int *)malloc(2 * (size_t)A.base.max_label_len * sizeof(int));
    A.lens = (int *)malloc(2 * sizeof(int));
    A.deltas = (ssvm_real *)malloc(2 * sizeof(ssvm_real));
    printf("structsvm.h bench-solvers: OCR-small, train %d words, test %d; %d passes per solver; ssvm_real = %s\n",
           tr.n_words, te.n_words, passes, sizeof(ssvm_real) == sizeof(float) ? "float" : "double");
    for (li = 0; li < nl; li++) {
        double Dbest = -1e300;
        for (j = 0; j < NROWS; j++) run(&rows[j], &A, &mte, lambdas[li], passes, &H[li][j]);
        for (j = 0; j < NROWS; j++)
            for (k = 0; k < H[li][j].np; k++) if (H[li][j].D[k] == H[li][j].D[k] && H[li][j].D[k] > Dbest) Dbest = H[li][j].D[k];
        printf("\n== lambda = %g: suboptimality P - D_best (D_best = %.8g, the best dual any solver reached)\n",
               lambdas[li], Dbest);
        printf("%-15s %6s %9s %8s %12s %11s %8s\n", "solver", "pass", "eff_pass", "wall_s", "subopt", "gap", "test_err");
        for (j = 0; j < NROWS; j++) {
            const hist *h = &H[li][j];
            need[j] = -1; need1[j] = -1; last[j] = -1;
            for (k = 0; k < h->np; k++) {
                int show = shown(k, h->pass[k], passes) || k == h->np - 1;
                char g[32];
                if (h->gap[k] == h->gap[k]) snprintf(g, sizeof g, "%.4g", h->gap[k]);
                else snprintf(g, sizeof g, "-");
                if (show) printf("%-15s %6d %9.2f %8.3f %12.5g %11s %7.2f%%\n", rows[j].name, h->pass[k], h->eff[k], h->sec[k],
                                 h->P[k] - Dbest, g, 100 * h->err[k]);
                if (need[j] < 0 && h->P[k] - Dbest <= 0.01) need[j] = h->eff[k];
                if (need1[j] < 0 && h->P[k] - Dbest <= 0.1) need1[j] = h->eff[k];
                last[j] = h->P[k] - Dbest;
            }
        }
        if (li == 0) { /* RESULT: lambdas[0] (0.01 by default) */
            printf("\nRESULT lambda=%g", lambdas[0]);
            for (j = 0; j < NROWS; j++)
                printf(" %s_passes_to_0.01=%.2f %s_passes_to_0.1=%.2f %s_subopt_end=%.4g", rows[j].name, need[j],
                       rows[j].name, need1[j], rows[j].name, last[j]);
            printf("\n");
        }
    }
    ssvm_chain_uninit(&mtr); ssvm_chain_uninit(&mte);
    free(A.work); free(A.ys); free(A.lens); free(A.deltas);
    ocr_free(&all); ocr_free(&tr); ocr_free(&te);
    return 0;
}
