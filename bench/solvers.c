/* bench/solvers.c: `make bench-solvers`. The solvers side by side (the BCFW paper's Figure 1 setting), measured
   the same way: every solver runs on the same ssvm_problem (the chain model), evaluated with the exact oracle
   (primal P, dual D, gap at the vector the solver returns: the average where one is kept, else the iterate) at
   passes 1..10, every 2nd to 30, then every 5th. Per row: effective passes (training oracle calls / n; online
   EG's line-search retries and its n start-up calls included, as the paper counts them), training CPU seconds
   (evaluation excluded), suboptimality P - D_best (D_best: the best dual any solver reached on that problem; for
   the batch methods FW and cutting plane the lower envelope of their primal, as the paper's Figure 1 draws them),
   gap ("-" where the solver has no dual), test error (letters / tokens, of the current vector).
   Rows: BCFW (iterate) and its weighted (eq. 14), 0.5-suffix and uniform averages; BCFW with an approximate
   oracle (the second-best labeling a third of the time, by 2-best Viterbi; line search); FW; SSG (iterate) and
   its weighted, suffix and uniform (SSG-avg) averages; the 1-slack cutting plane (SVM^struct's defaults: planes
   idle 50 iterations dropped; never dropping, 200 planes; a cache of 3 with evaluation every 5 iterations, its
   rows those passes); the multi-sample solver (5 labels a step from the k-best chain sampler); online EG (chain,
   egstra's step-size rule).
   Problems: OCR-small (train fold 0, 626 words) at lambda 0.01 and 0.001, 50 passes, by default; with --full also
   OCR-large (folds 1-9, 6,251 words) at 0.01 and 0.001 (--full-passes, default 30) and CoNLL-2000 chunking at
   lambda = 1/n, the paper's Figure 1 (d) (--conll-passes, default 20), each solver there stopped after the first
   pass past --cap CPU seconds of training (default 60; 0: none; the table says where it stopped). The FULL
   defaults were sized from a two-pass run (estimated 12 CPU minutes, ~29 with 100 / 50 passes; measured: 384 CPU
   s for OCR-large, 440 for CoNLL, 212 for the default OCR-small part).
   D_best also includes a reference run: BCFW for 10 times the passes (at OCR-small's first lambda 5 times
   --to-passes, 2,000 by default: the passes to 0.01 need a D_best within about 0.002 of the optimum; after 500
   passes it is 0.006 below), evaluated once at the end. Seconds are training CPU seconds (evaluation excluded).
   The kernel solver: OCR-small's first 1,000 training letters as multiclass examples against its first 2,000
   test letters, linear BCFW against SSVM_KBCFW with the linear and an RBF kernel on the pixels (held-out error,
   support vectors, CPU seconds; bench/kernel_ocr.h, the same table as make bench-kernel-eg).
   Plots: build/bench_solvers_<problem>.svg, one panel per lambda: suboptimality and test error against effective
   passes (log-log and log-linear), like the paper's Figure 1.
   Passes to 0.01: at OCR-small's first lambda every solver goes on past its 50 passes to --to-passes (400), the
   primal alone evaluated (every 5th pass; no test error), until its suboptimality against the reference is <=
   0.01, or past --to-cap CPU seconds of training (15).
   Last line: RESULT with, per solver, the effective passes to reach a suboptimality of 0.01 and 0.1 on OCR-small
   at lambda = 0.01 (">N": not within the N effective passes the run made) and the suboptimality at the end, then
   the kernel solver's held-out errors, support vectors and seconds. D_best comes from these runs only, so
   suboptimality is an upper bound.
   usage: bench_solvers [shared-dir] [--passes N] [--lambda L] [--to-passes N] [--to-cap S] [--full]
                        [--full-passes N] [--conll-passes N] [--cap S] [--only small|large|conll] [--svg-dir DIR]
   (--only runs one problem; defaults ../shared, svg-dir build) */
#define _POSIX_C_SOURCE 200809L
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "../examples/ocr_data.h"
#include "../examples/conll_data.h"
#include "../examples/chunk_model.h"
#include "kernel_ocr.h"
#include <math.h>
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
static void set_iterate(ssvm_solver_config *c) { c->averaging = SSVM_AVG_NONE; }
static void set_suffix(ssvm_solver_config *c) { c->averaging = SSVM_AVG_SUFFIX; }
static void set_uniform(ssvm_solver_config *c) { c->averaging = SSVM_AVG_UNIFORM; }
static void set_cache(ssvm_solver_config *c) { c->cp.cache_size = 3; c->eval_every = 5; }
static void set_nodrop(ssvm_solver_config *c) { c->cp.drop_after = 0; c->cp.max_planes = 200; }
static void set_ms(ssvm_solver_config *c) { c->ms.samples = 5; } /* the sampler is set in run() */
static const row rows[] = {
    {"bcfw", SSVM_BCFW, set_iterate, 0},
    {"bcfw_wavg", SSVM_BCFW, set_none, 0},
    {"bcfw_tavg", SSVM_BCFW, set_suffix, 0},
    {"bcfw_avg", SSVM_BCFW, set_uniform, 0},
    {"bcfw_approx", SSVM_BCFW, set_none, 1},
    {"fw", SSVM_FW, set_none, 0},
    {"ssg", SSVM_SSG, set_iterate, 0},
    {"ssg_wavg", SSVM_SSG, set_none, 0},
    {"ssg_tavg", SSVM_SSG, set_suffix, 0},
    {"ssg_avg", SSVM_SSG, set_uniform, 0},
    {"cutplane", SSVM_CUTTING_PLANE, set_none, 0},
    {"cutplane_nodrop", SSVM_CUTTING_PLANE, set_nodrop, 0},
    {"cutplane_cache", SSVM_CUTTING_PLANE, set_cache, 0},
    {"multisample", SSVM_MULTISAMPLE, set_ms, 0},
    {"online_eg", SSVM_EG, set_none, 0},
};
#define NROWS ((int)(sizeof rows / sizeof rows[0]))

/* the passes evaluated: 1..10, every 2nd to 30, every 5th after, and the last */
static int evaluated(int k, int passes) { return k <= 10 || (k <= 30 && k % 2 == 0) || k % 5 == 0 || k == passes; }
/* the evaluations printed: the first two, passes 5, 10, 20, 50, 100, ... and the last */
static int shown(int idx, int pass, int passes) {
    long m = 5;
    int step = 0;
    if (idx < 2 || pass == passes) return 1;
    while (m < pass) { m = step % 3 == 2 ? m * 5 / 2 : m * 2; step++; } /* 5, 10, 20, 50, 100, 200, 500, ... */
    return m == pass;
}
typedef struct hist { int np, capped, pass[MAXP]; double eff[MAXP], sec[MAXP], P[MAXP], D[MAXP], gap[MAXP], err[MAXP]; } hist;

/* the extension of a run past its `passes` (OCR-small at the first lambda: the RESULT's passes to 0.01): to at most
   `passes` passes, the primal alone (no test error), stopped once P - D <= target (D <= D_best, so the first pass
   at target against D_best is within what the run made) or past `cap` CPU seconds of training */
typedef struct ext { int passes; double cap, target, D; } ext;

static void run(const row *r, approx *A, ssvm_chain *train, ssvm_chain *test, double lambda, int passes, double cap,
                const ext *x, hist *h) {
    ssvm_problem p = ssvm_problem_config_init(A->base.n, A->base.d, A->base.max_label_len);
    ssvm_solver_config c;
    ssvm_solver s;
    ssvm_progress pr;
    ssvm_real *w = (ssvm_real *)malloc((size_t)p.d * sizeof(ssvm_real));
    int k, every, last = x && x->passes > passes ? x->passes : passes, reached = 0;
    ssvm_result rc = SSVM_OK;
    p.user = A; p.truth = ap_truth; p.phi = ap_phi; p.oracle = ap_oracle;
    p.stat_dim = ap_stat_dim; p.stats = ap_stats; p.expand = ap_expand;
    if (r->kind == SSVM_EG) p = A->base; /* EG computes its steps from the chain: the chain's own problem */
    c = ssvm_solver_config_init(&p, r->kind);
    c.lambda = lambda;
    r->setup(&c);
    if (r->kind == SSVM_EG) c.eg.chain = train;
    if (r->kind == SSVM_MULTISAMPLE) ssvm_chain_kbest_sampler(train, &c.ms.sampler);
    every = c.eval_every > 0 ? c.eval_every : 1;
    A->approx = r->approx; A->calls = 0; A->second = 0;
    h->np = 0; h->capped = 0;
    if ((rc = ssvm_solver_init(&c, &s)) != SSVM_OK) { printf("%s: %s\n", r->name, ssvm_result_string(rc)); free(w); return; }
    for (k = 1; k <= last && h->np < MAXP && !reached; k++) {
        int avg = c.averaging != SSVM_AVG_NONE;
        double le = -1, we = 0, cp = k > passes ? x->cap : cap;
        if ((rc = ssvm_solver_pass(&s)) != SSVM_OK) break;
        if (cp > 0 && k < last) { /* the time cap: evaluate this pass and stop */
            ssvm_solver_progress(&s, &pr);
            if (pr.cpu_seconds > cp) h->capped = k;
        }
        if (!h->capped && (k % every || !evaluated(k, k > passes ? last : passes))) continue;
        A->exact = 1; /* every certificate from the exact oracle */
        rc = ssvm_solver_evaluate(&s, 1, avg, &pr);
        A->exact = 0;
        if (rc != SSVM_OK) break;
        if (k <= passes) { /* the extension measures the primal alone (-1: no test error) */
            ssvm_solver_weights(&s, avg ? SSVM_W_AVERAGE : SSVM_W_ITERATE, w, (size_t)p.d * sizeof(ssvm_real));
            ocr_errors(test, w, &le, &we); /* any chain: the error per position */
        }
        h->pass[h->np] = k;
        h->eff[h->np] = (double)pr.oracle_calls / p.n;
        h->sec[h->np] = pr.cpu_seconds; /* CPU: the FULL run shares the machine at nice 19 */
        h->P[h->np] = avg ? pr.average.primal : pr.iterate.primal;
        /* the batch methods keep the best w seen at no cost: their lower envelope, as in the paper's Figure 1 */
        if ((r->kind == SSVM_FW || r->kind == SSVM_CUTTING_PLANE) && h->np > 0 && h->P[h->np - 1] < h->P[h->np])
            h->P[h->np] = h->P[h->np - 1];
        h->D[h->np] = pr.iterate.dual; /* for D_best: the larger of the two duals (NaN for SSG: none) */
        if (avg && pr.average.dual == pr.average.dual && !(pr.average.dual <= h->D[h->np])) h->D[h->np] = pr.average.dual;
        h->gap[h->np] = avg ? pr.average.gap : pr.iterate.gap;
        h->err[h->np] = le;
        h->np++;
        if (k >= passes && x && h->P[h->np - 1] - x->D <= x->target) reached = 1;
        if (h->capped) break;
    }
    if (h->capped) printf("  %s: time cap of %.0f CPU s of training reached after pass %d of %d\n", r->name,
                          h->capped > passes ? x->cap : cap, h->capped, last);
    if (last > passes && !h->capped) {
        if (reached) printf("  %s: extension to pass %d: suboptimality %g reached\n", r->name, h->pass[h->np - 1], x->target);
        else if (k > last) printf("  %s: extension to pass %d: suboptimality %g not reached\n", r->name, last, x->target);
    }
    if (rc < 0) printf("%s: stopped: %s\n", r->name, ssvm_result_string(rc));
    if (r->kind == SSVM_CUTTING_PLANE) {
        ssvm_cp_info ci;
        memset(&ci, 0, sizeof ci);
        ssvm_solver_cp_info(&s, &ci);
        printf("  %s: planes %d (active %d), added %lld, dropped %lld, cached iterations %lld, QP iterations %lld\n",
               r->name, ci.planes, ci.active, ci.added, ci.dropped, ci.cached_iterations, ci.qp_iterations);
    }
    if (r->kind == SSVM_EG) {
        long long rej = 0;
        ssvm_solver_eg_rejected(&s, &rej);
        printf("  %s: %lld line searches ended without a step\n", r->name, rej);
    }
    if (r->approx) printf("  %s: %llu of %llu oracle calls (evaluations included) returned the second-best labeling\n", r->name,
                          A->second, A->calls);
    ssvm_solver_uninit(&s);
    free(w);
}

/* ------------------------------------------------------------------ SVG: per lambda, suboptimality and test error */
static const char *const colour[NROWS] = {"#1f77b4", "#17becf", "#aec7e8", "#9edae5", "#393b79", "#2ca02c", "#d62728",
                                          "#ff7f0e", "#ffbb78", "#e377c2", "#7f7f7f", "#bcbd22", "#c7c7c7", "#8c564b",
                                          "#9467bd"};
static double lx(double v, double lo, double hi) { return (log10(v) - lo) / (hi - lo); }
static void write_svg(const char *path, const char *title, const double *lambdas, int nl, hist (*H)[NROWS],
                      const double *Dbest) {
    const double pw = 330, ph = 240, ml = 60, mt = 40, gx = 70, gy = 70;
    FILE *f = fopen(path, "w");
    int li, j, k, panel;
    if (!f) { printf("could not write %s\n", path); return; }
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-family=\"sans-serif\" font-size=\"11\">\n",
            ml + nl * (pw + gx) + 150, mt + 2 * (ph + gy));
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    fprintf(f, "<text x=\"%.1f\" y=\"18\" font-size=\"13\">%s</text>\n", ml, title);
    for (li = 0; li < nl; li++)
        for (panel = 0; panel < 2; panel++) { /* 0: suboptimality (log), 1: test error (linear) */
            double x0 = ml + li * (pw + gx), y0 = mt + panel * (ph + gy), xlo = 0, xhi = 0, ylo = 1e300, yhi = -1e300;
            for (j = 0; j < NROWS; j++)
                for (k = 0; k < H[li][j].np; k++) {
                    double e = H[li][j].eff[k], v = panel ? H[li][j].err[k] : H[li][j].P[k] - Dbest[li];
                    if (e > 0 && log10(e) > xhi) xhi = log10(e);
                    if (panel && v < 0) continue; /* no test error measured */
                    if (panel == 0) { if (v > 0) { if (log10(v) < ylo) ylo = log10(v); if (log10(v) > yhi) yhi = log10(v); } }
                    else { if (v < ylo) ylo = v; if (v > yhi) yhi = v; }
                }
            xlo = 0; xhi = ceil(xhi > 0 ? xhi : 1);
            if (panel == 0) { ylo = floor(ylo < -6 ? -6 : ylo); yhi = ceil(yhi); if (yhi <= ylo) yhi = ylo + 1; }
            else { ylo = 0; yhi = ceil(yhi * 20 + 1e-9) / 20; if (yhi <= 0) yhi = 1; }
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"12\">lambda = %g: %s</text>\n",
                    x0 + pw / 2, y0 - 8, lambdas[li], panel ? "test error" : "primal suboptimality");
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"black\"/>\n", x0, y0, pw, ph);
            for (k = 0; k <= (int)(xhi - xlo); k++) { /* decades of effective passes */
                double xx = x0 + pw * k / (xhi - xlo);
                fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", xx, y0, xx, y0 + ph);
                fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%g</text>\n", xx, y0 + ph + 14, pow(10, xlo + k));
            }
            for (k = 0; k <= 5; k++) {
                double yy = y0 + ph - ph * k / 5, v = ylo + (yhi - ylo) * k / 5;
                fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", x0, yy, x0 + pw, yy);
                if (panel == 0) fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">1e%.1f</text>\n", x0 - 4, yy + 4, v);
                else fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.3f</text>\n", x0 - 4, yy + 4, v);
            }
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">effective passes</text>\n", x0 + pw / 2, y0 + ph + 30);
            for (j = 0; j < NROWS; j++) {
                const hist *h = &H[li][j];
                int open = 0;
                for (k = 0; k < h->np; k++) {
                    double v = panel ? h->err[k] : h->P[k] - Dbest[li], yy;
                    if (!(h->eff[k] > 0) || (panel == 0 && !(v > 0)) || (panel && v < 0)) continue;
                    yy = panel ? (v - ylo) / (yhi - ylo) : (log10(v) - ylo) / (yhi - ylo);
                    if (yy < 0) yy = 0;
                    if (yy > 1) yy = 1;
                    if (!open) { fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"", colour[j]); open = 1; }
                    fprintf(f, "%.1f,%.1f ", x0 + pw * lx(h->eff[k], xlo, xhi), y0 + ph - ph * yy);
                }
                if (open) fprintf(f, "\"/>\n");
            }
        }
    for (j = 0; j < NROWS; j++) { /* legend */
        double lxp = ml + nl * (pw + gx) - 20, ly = mt + 10 + 16 * j;
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"3\"/>\n", lxp, ly, lxp + 20, ly, colour[j]);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", lxp + 26, ly + 4, rows[j].name);
    }
    fprintf(f, "</svg>\n");
    if (fclose(f) == 0) printf("plot: %s\n", path);
}

/* a reference for D_best: BCFW (weighted average) for ref passes without evaluations, then its dual (the
   iterate's and the average's, the larger); -1e300 when it fails */
static double reference_dual(approx *A, double lambda, int ref, double cap, int *done, double *primal) {
    ssvm_problem p = A->base;
    ssvm_solver_config c = ssvm_solver_config_init(&p, SSVM_BCFW);
    ssvm_solver s;
    ssvm_progress pr;
    double D = -1e300;
    int k;
    ssvm_result rc = SSVM_OK;
    c.lambda = lambda; c.max_passes = ref; c.gap_tol = 0; c.eval_every = 0;
    *primal = 0; *done = 0;
    if (ssvm_solver_init(&c, &s) != SSVM_OK) return D;
    for (k = 1; k <= ref && rc == SSVM_OK; k++) { /* pass by pass: the time cap (CPU seconds, 0: none) */
        rc = ssvm_solver_pass(&s);
        *done = k;
        if (cap > 0 && ssvm_solver_progress(&s, &pr) == SSVM_OK && pr.cpu_seconds > cap) break;
    }
    if (rc >= 0 && ssvm_solver_evaluate(&s, 1, 1, &pr) == SSVM_OK) {
        D = pr.iterate.dual > pr.average.dual ? pr.iterate.dual : pr.average.dual;
        *primal = pr.average.primal < pr.iterate.primal ? pr.average.primal : pr.iterate.primal;
    }
    ssvm_solver_uninit(&s);
    return D;
}

/* the effective passes to a target: the number, or ">N" (N: the effective passes of the last evaluation) when the
   run ended first, "-" when it has no evaluation */
static const char *passes_to(char *buf, size_t bytes, double need, const hist *h) {
    if (need >= 0) snprintf(buf, bytes, "%.6g", need);
    else if (h->np > 0) snprintf(buf, bytes, ">%.6g", h->eff[h->np - 1]);
    else snprintf(buf, bytes, "-");
    return buf;
}

/* one problem: every solver at every lambda; tables, the plot; RESULT for the first lambda when result != 0 */
static int bench_problem(const char *name, const char *title, ssvm_chain *mtr, ssvm_chain *mte, const double *lambdas,
                         int nl, int passes, int ref, double cap, int ref0, const ext *x0, const char *svgdir,
                         int result) {
    static hist H[2][NROWS];
    double need[NROWS], need1[NROWS], last[NROWS], Dbest[2], rneed[NROWS], rneed1[NROWS], rlast[NROWS], Pref = 0;
    approx A;
    int li, j, k, refdone = 0;
    ext x;
    size_t wb = 0;
    char path[1200];
    memset(&A, 0, sizeof A);
    ssvm_chain_problem(mtr, &A.base);
    ssvm_chain_kbest_sampler(mtr, &A.kb);
    if (A.kb.work_bytes) wb = A.kb.work_bytes(A.kb.user, 2);
    A.work = malloc(wb ? wb : 1);
    A.ys = (int *)malloc(2 * (size_t)A.base.max_label_len * sizeof(int));
    A.lens = (int *)malloc(2 * sizeof(int));
    A.deltas = (ssvm_real *)malloc(2 * sizeof(ssvm_real));
    if (!A.work || !A.ys || !A.lens || !A.deltas) return 1;
    printf("\n######## %s: %d passes per solver", title, passes);
    if (cap > 0) printf(", each solver stopped after the first pass past %.0f CPU s of training (the reference: %.0f)", cap, 10 * cap);
    printf("\n");
    for (li = 0; li < nl; li++) {
        int rp = li == 0 && ref0 > ref ? ref0 : ref, extend = li == 0 && x0 && x0->passes > passes;
        Dbest[li] = rp > 0 ? reference_dual(&A, lambdas[li], rp, 10 * cap, &refdone, &Pref) : -1e300;
        if (rp > 0) printf("reference at lambda %g: BCFW %d passes%s, dual %.8g, primal %.8g\n", lambdas[li], refdone,
                           refdone < rp ? " (time cap)" : "", Dbest[li], Pref);
        if (extend) {
            x = *x0; x.D = Dbest[li];
            printf("at lambda %g each solver goes on from pass %d to %d (or %.0f CPU s of training) until its suboptimality"
                   " against the reference is <= %g, its primal alone evaluated (no test error: -)\n", lambdas[li], passes,
                   x.passes, x.cap, x.target);
        }
        fflush(stdout);
        for (j = 0; j < NROWS; j++) {
            run(&rows[j], &A, mtr, mte, lambdas[li], passes, cap, extend ? &x : NULL, &H[li][j]);
            fflush(stdout);
        }
        for (j = 0; j < NROWS; j++)
            for (k = 0; k < H[li][j].np; k++)
                if (H[li][j].D[k] == H[li][j].D[k] && H[li][j].D[k] > Dbest[li]) Dbest[li] = H[li][j].D[k];
        printf("\n== %s, lambda = %g: suboptimality P - D_best (D_best = %.8g, the best dual any run, the reference"
               " included, reached)\n", name, lambdas[li], Dbest[li]);
        printf("%-15s %6s %9s %8s %12s %11s %8s\n", "solver", "pass", "eff_pass", "cpu_s", "subopt", "gap", "test_err");
        for (j = 0; j < NROWS; j++) {
            const hist *h = &H[li][j];
            need[j] = -1; need1[j] = -1; last[j] = -1;
            for (k = 0; k < h->np; k++) {
                int show = shown(k, h->pass[k], passes) || k == h->np - 1;
                char g[32];
                if (h->gap[k] == h->gap[k]) snprintf(g, sizeof g, "%.4g", h->gap[k]);
                else snprintf(g, sizeof g, "-");
                if (show && h->err[k] >= 0)
                    printf("%-15s %6d %9.2f %8.3f %12.5g %11s %7.2f%%\n", rows[j].name, h->pass[k], h->eff[k], h->sec[k],
                           h->P[k] - Dbest[li], g, 100 * h->err[k]);
                else if (show)
                    printf("%-15s %6d %9.2f %8.3f %12.5g %11s %8s\n", rows[j].name, h->pass[k], h->eff[k], h->sec[k],
                           h->P[k] - Dbest[li], g, "-");
                if (need[j] < 0 && h->P[k] - Dbest[li] <= 0.01) need[j] = h->eff[k];
                if (need1[j] < 0 && h->P[k] - Dbest[li] <= 0.1) need1[j] = h->eff[k];
                last[j] = h->P[k] - Dbest[li];
            }
        }
        printf("summary %s lambda=%g: effective passes to subopt 0.1 and 0.01 (>N: not within the N the run made); at the"
               " end: effective passes, subopt, training CPU s; the last test error measured and its effective passes\n",
               name, lambdas[li]);
        printf("  %-15s %9s %9s %9s %10s %8s %8s %9s\n", "solver", "to_0.1", "to_0.01", "eff_end", "subopt_end", "cpu_s",
               "test_err", "at_eff");
        for (j = 0; j < NROWS; j++) {
            const hist *h = &H[li][j];
            char a[32], b[32];
            int m = h->np - 1;
            if (!h->np) { printf("  %-15s (no evaluation)\n", rows[j].name); continue; }
            while (m > 0 && h->err[m] < 0) m--;
            printf("  %-15s %9s %9s %9.2f %10.4g %8.2f %7.2f%% %9.2f\n", rows[j].name, passes_to(a, sizeof a, need1[j], h),
                   passes_to(b, sizeof b, need[j], h), h->eff[h->np - 1], last[j], h->sec[h->np - 1], 100 * h->err[m],
                   h->eff[m]);
        }
        if (li == 0) for (j = 0; j < NROWS; j++) { rneed[j] = need[j]; rneed1[j] = need1[j]; rlast[j] = last[j]; }
    }
    snprintf(path, sizeof path, "%s/bench_solvers_%s.svg", svgdir, name);
    write_svg(path, title, lambdas, nl, H, Dbest);
    if (result) { /* RESULT (the last line): lambdas[0], 0.01 by default */
        printf("\nRESULT lambda=%g", lambdas[0]);
        for (j = 0; j < NROWS; j++) {
            char a[32], b[32];
            printf(" %s_passes_to_0.01=%s %s_passes_to_0.1=%s %s_subopt_end=%.4g", rows[j].name,
                   passes_to(a, sizeof a, rneed[j], &H[0][j]), rows[j].name, passes_to(b, sizeof b, rneed1[j], &H[0][j]),
                   rows[j].name, rlast[j]);
        }
        /* main() ends the line with the kernel solver's keys */
    }
    free(A.work); free(A.ys); free(A.lens); free(A.deltas);
    return 0;
}

static int ocr_problem(const ocr_data *all, int which, const double *lambdas, int nl, int passes, double cap,
                       const ext *x0, const char *svgdir, int result) {
    ocr_data tr, te;
    ssvm_chain_config cc;
    ssvm_chain mtr, mte;
    char title[256];
    int rc;
    ocr_split(all, which, &tr, &te);
    ocr_chain(&tr, OCR_MODEL_REFERENCE, &cc);
    if (ssvm_chain_init(&cc, &mtr) != SSVM_OK) return 1;
    ocr_chain(&te, OCR_MODEL_REFERENCE, &cc);
    if (ssvm_chain_init(&cc, &mte) != SSVM_OK) return 1;
    snprintf(title, sizeof title, "OCR-%s: train %d words, test %d; ssvm_real = %s", which == OCR_SMALL ? "small" : "large",
             tr.n_words, te.n_words, sizeof(ssvm_real) == sizeof(float) ? "float" : "double");
    rc = bench_problem(which == OCR_SMALL ? "ocr_small" : "ocr_large", title, &mtr, &mte, lambdas, nl, passes, 10 * passes,
                       cap, x0 ? 5 * x0->passes : 0, x0, svgdir, result);
    ssvm_chain_uninit(&mtr); ssvm_chain_uninit(&mte);
    ocr_free(&tr); ocr_free(&te);
    return rc;
}

/* CoNLL-2000 as the paper's Figure 1 (d): lambda = 1/n, the Hamming loss normalised by the length */
static int conll_problem(const char *shared, int passes, double cap, const char *svgdir) {
    char ptr[1024], pte[1024], err[512], title[256];
    conll_corpus ctr, cte;
    conll_dict attrs, labels;
    conll_features ftr, fte;
    chunk_data tr, te;
    double lambda;
    int rc;
    snprintf(ptr, sizeof ptr, "%s/data/conll2000/train.txt.gz", shared);
    snprintf(pte, sizeof pte, "%s/data/conll2000/test.txt.gz", shared);
    if (conll_load(ptr, &ctr, err, sizeof err) || conll_load(pte, &cte, err, sizeof err)) {
        printf("CoNLL skipped: %s\n", err);
        return 0;
    }
    conll_dict_init(&attrs); conll_dict_init(&labels);
    if (conll_featurize(&ctr, &attrs, &labels, 1, 1, &ftr, err, sizeof err) ||
        conll_featurize(&cte, &attrs, &labels, 0, 1, &fte, err, sizeof err)) {
        printf("%s\n", err);
        return 1;
    }
    if (chunk_data_init(&tr, &ftr, 0, ftr.n_sent, CHUNK_LOSS_NORMALISED) != SSVM_OK ||
        chunk_data_init(&te, &fte, 0, fte.n_sent, CHUNK_LOSS_NORMALISED) != SSVM_OK)
        return 1;
    lambda = 1.0 / ftr.n_sent;
    snprintf(title, sizeof title, "CoNLL-2000: train %d sentences, test %d (token error); lambda = 1/n", ftr.n_sent, fte.n_sent);
    rc = bench_problem("conll", title, &tr.m, &te.m, &lambda, 1, passes, 10 * passes, cap, 0, NULL, svgdir, 0);
    chunk_data_free(&tr); chunk_data_free(&te);
    conll_features_free(&ftr); conll_features_free(&fte);
    conll_dict_free(&attrs); conll_dict_free(&labels);
    conll_corpus_free(&ctr); conll_corpus_free(&cte);
    return rc;
}

int main(int argc, char **argv) {
    const char *shared = "../shared", *svgdir = "build", *only = NULL;
    char path[1024], err[256];
    ocr_data all;
    double lambdas[2] = {0.01, 0.001}, cap = 60;
    int passes = 50, full_passes = 30, conll_passes = 20, to_passes = 400, full = 0, nl = 2, i, rc = 0;
    double to_cap = 15;
    ext x;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--passes") && i + 1 < argc) passes = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--full-passes") && i + 1 < argc) full_passes = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--conll-passes") && i + 1 < argc) conll_passes = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--cap") && i + 1 < argc) cap = atof(argv[++i]);
        else if (!strcmp(argv[i], "--to-passes") && i + 1 < argc) to_passes = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--to-cap") && i + 1 < argc) to_cap = atof(argv[++i]);
        else if (!strcmp(argv[i], "--only") && i + 1 < argc) { only = argv[++i]; full = 1; }
        else if (!strcmp(argv[i], "--lambda") && i + 1 < argc) { lambdas[0] = atof(argv[++i]); nl = 1; }
        else if (!strcmp(argv[i], "--svg-dir") && i + 1 < argc) svgdir = argv[++i];
        else if (!strcmp(argv[i], "--full")) full = 1;
        else shared = argv[i];
    }
    if (passes < 1) passes = 1;
    if (full_passes < 1) full_passes = 1;
    if (conll_passes < 1) conll_passes = 1;
    snprintf(path, sizeof path, "%s/data/ocr/letter.data.gz", shared);
    if (ocr_load(path, &all, err, sizeof err) != 0) {
        printf("bench-solvers needs the OCR data: %s\nRESULT skipped=1\n", err);
        return 0;
    }
    printf("structsvm.h bench-solvers%s\n", only ? " --only" : full ? " --full (OCR-large, CoNLL, OCR-small)" : " (OCR-small; --full adds OCR-large and CoNLL)");
    if (full) { /* the large problems first: the RESULT line stays last */
        if (!only || !strcmp(only, "large")) rc = ocr_problem(&all, OCR_LARGE, lambdas, nl, full_passes, cap, NULL, svgdir, 0);
        if (!rc && (!only || !strcmp(only, "conll"))) rc = conll_problem(shared, conll_passes, cap, svgdir);
        if (rc) { ocr_free(&all); return rc; }
    }
    x.passes = to_passes; x.cap = to_cap; x.target = 0.01; x.D = -1e300;
    if (!only || !strcmp(only, "small")) {
        ocr_data tr, te;
        kocr_result kr;
        /* the kernel solver: OCR-small's letters as multiclass examples, RBF on the pixels against the linear model
           (bench/kernel_ocr.h, the same table as make bench-kernel-eg); before the chain runs, so that RESULT stays last */
        ocr_split(&all, OCR_SMALL, &tr, &te);
        printf("\n######## the kernel solver (SSVM_KBCFW) on OCR-small's letters, RBF kernel on the pixels\n");
        rc = kocr_run(&tr, &te, 1000, 2000, 20, 0.001, 0.05, &kr);
        ocr_free(&tr); ocr_free(&te);
        if (!rc) rc = ocr_problem(&all, OCR_SMALL, lambdas, nl, passes, 0, &x, svgdir, 1);
        if (!rc)
            printf(" kernel_lin_err=%.4f kernel_rbf_err=%.4f kernel_rbf_sv=%lld kernel_lin_cpu_s=%.2f kernel_rbf_cpu_s=%.2f\n",
                   kr.lin_err, kr.rbf_err, kr.rbf_sv, kr.lin_s, kr.rbf_s);
    }
    ocr_free(&all);
    return rc;
}
