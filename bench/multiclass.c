/* bench/multiclass.c: `make bench-multiclass`. Flat multiclass against liblinear's Crammer-Singer solver
   (`liblinear -s 4`, Keerthi et al. KDD 2008), which solves the same structural SVM: the multiclass model with
   0-1 loss, C = 1 / (lambda n), liblinear's primal = ours / lambda. Data: the OCR letters as flat examples
   (OCR-large: folds 1-9, 47,535 letters, 128 pixels + a constant 1, sparse rows as liblinear keeps them; test:
   fold 0), 26 classes. Rows: lambda 1e-3 and 1e-4, liblinear at -e 0.1 and -e 0.01.
   Per row, alternating in one process for `rounds` rounds (default 3): liblinear's train() (CPU seconds of the
   call alone), then BCFW with exact block steps and shrinking (config.bcfw.steps = SSVM_BCFW_STEPS_EXACT,
   permutation sampling) until its evaluated primal <= liblinear's (config.target_primal, evaluations on the
   SSVM_EVAL_PREDICT schedule; CPU seconds of ssvm_train, its evaluations included). Both primals are computed by
   the same routine (ssvm_primal) from both weight vectors; test accuracy of both. The "solver" column times the
   same BCFW run without evaluations, for the passes the first run needed (what the steps cost, next to liblinear,
   which certifies nothing).
   Built with liblinear (Debian liblinear-dev: the Makefile links it when /usr/include/linear.h exists); without
   it, liblinear's column is skipped with a printed reason and BCFW runs to the recorded primals of liblinear 2.3
   on this data (the issue's).
   Last line: RESULT ratio_1e3_e01=... ratio_1e3_e001=... ratio_1e4_e01=... ratio_1e4_e001=... (median CPU
   ratio, this library / liblinear, -1 without liblinear) solver_ratio_...= (the same without evaluations).
   usage: bench_multiclass [shared-dir] [rounds] [--quick]   (--quick: lambda 1e-3 rows only) */
#define _POSIX_C_SOURCE 200809L
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "../examples/ocr_data.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef BENCH_LIBLINEAR
#include <linear.h>
#endif

static double now(void) { return (double)clock() / (double)CLOCKS_PER_SEC; }

typedef struct flat {
    int n, F, K;
    int *row_start, *attr_id, *label;
    ssvm_real *attr_val;
} flat;

/* the letters of d as sparse rows (the non-zeros of the 129 attributes, the constant 1 included) */
static int flat_of(const ocr_data *d, flat *f) {
    int i, j, nz = 0;
    f->n = d->n_letters; f->F = OCR_DIM; f->K = 26;
    f->row_start = (int *)malloc(sizeof(int) * (size_t)(f->n + 1));
    f->attr_id = (int *)malloc(sizeof(int) * (size_t)f->n * OCR_DIM);
    f->attr_val = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)f->n * OCR_DIM);
    f->label = d->label;
    if (!f->row_start || !f->attr_id || !f->attr_val) return -1;
    f->row_start[0] = 0;
    for (i = 0; i < f->n; i++) {
        for (j = 0; j < OCR_DIM; j++)
            if (d->x[(size_t)i * OCR_DIM + j] != 0) { f->attr_id[nz] = j; f->attr_val[nz] = d->x[(size_t)i * OCR_DIM + j]; nz++; }
        f->row_start[i + 1] = nz;
    }
    return 0;
}

typedef struct side { double cpu, primal, acc; int passes; } side;

static double median(double *v, int n) {
    int i, j;
    for (i = 1; i < n; i++) for (j = i; j > 0 && v[j] < v[j - 1]; j--) { double t = v[j]; v[j] = v[j - 1]; v[j - 1] = t; }
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static double accuracy(const flat *te, const ssvm_real *w) {
    ssvm_multiclass_config c = ssvm_multiclass_config_init(te->n, te->K, te->F, 0, te->label);
    ssvm_multiclass m;
    ssvm_problem p;
    int i, right = 0, y;
    c.row_start = te->row_start; c.attr_id = te->attr_id; c.attr_val = te->attr_val;
    if (ssvm_multiclass_init(&c, &m) != SSVM_OK || ssvm_multiclass_problem(&m, &p) != SSVM_OK) return -1;
    for (i = 0; i < te->n; i++) { p.decode(p.user, i, w, &y); right += y == te->label[i]; }
    return (double)right / te->n;
}

static double primal_of(const ssvm_problem *p, double lambda, const ssvm_real *w) {
    size_t bytes = 0;
    void *work;
    double v = -1;
    if (ssvm_primal_get_work_size(p, &bytes) != SSVM_OK) return -1;
    work = malloc(bytes ? bytes : 1);
    if (ssvm_primal(p, lambda, w, work, bytes, &v) != SSVM_OK) v = -1;
    free(work);
    return v;
}

/* BCFW, exact block steps and shrinking, to target (eval on: the PREDICT schedule) or for `passes` passes with no
   evaluation (passes > 0) */
static side run_bcfw(const ssvm_problem *p, double lambda, double target, int passes, const flat *te, ssvm_real *w) {
    ssvm_solver_config c = ssvm_solver_config_init(p, SSVM_BCFW);
    ssvm_progress fin;
    side s;
    double t0;
    ssvm_result r;
    c.lambda = lambda;
    c.bcfw.steps = SSVM_BCFW_STEPS_EXACT;
    c.sampling = SSVM_SAMPLE_PERMUTATION;
    c.gap_tol = 0;
    if (passes > 0) { c.max_passes = passes; c.eval_every = 0; c.averaging = SSVM_AVG_WEIGHTED; }
    else { c.max_passes = 5000; c.target_primal = target; c.eval_schedule = SSVM_EVAL_PREDICT; }
    t0 = now();
    r = ssvm_train(&c, w, sizeof(ssvm_real) * (size_t)p->d, &fin);
    s.cpu = now() - t0;
    if (r != SSVM_TARGET_REACHED && r != SSVM_MAX_PASSES) fprintf(stderr, "bcfw: %s\n", ssvm_result_string(r));
    s.passes = fin.pass;
    s.primal = primal_of(p, lambda, w);
    s.acc = accuracy(te, w);
    return s;
}

#ifdef BENCH_LIBLINEAR
static void quiet(const char *s) { (void)s; }
typedef struct ll_data { struct problem prob; struct feature_node *nodes; double *y; } ll_data;
static int ll_of(const flat *f, ll_data *L) {
    int i, k, at = 0;
    L->nodes = (struct feature_node *)malloc(sizeof(struct feature_node) * (size_t)(f->row_start[f->n] + f->n));
    L->y = (double *)malloc(sizeof(double) * (size_t)f->n);
    L->prob.x = (struct feature_node **)malloc(sizeof(struct feature_node *) * (size_t)f->n);
    if (!L->nodes || !L->y || !L->prob.x) return -1;
    for (i = 0; i < f->n; i++) {
        L->prob.x[i] = L->nodes + at;
        for (k = f->row_start[i]; k < f->row_start[i + 1]; k++) {
            L->nodes[at].index = f->attr_id[k] + 1; L->nodes[at].value = (double)f->attr_val[k]; at++;
        }
        L->nodes[at].index = -1; L->nodes[at].value = 0; at++;
        L->y[i] = f->label[i];
    }
    L->prob.l = f->n; L->prob.n = f->F; L->prob.y = L->y; L->prob.bias = -1;
    return 0;
}
/* liblinear's train() at (C, eps); its w (feature-major, classes in model->label's order) into ours (w[c*F + j]) */
static side run_ll(const ll_data *L, const flat *f, const ssvm_problem *p, double lambda, double eps, const flat *te,
                   ssvm_real *w) {
    struct parameter par;
    struct model *m;
    side s;
    double t0;
    int j, c;
    memset(&par, 0, sizeof par);
    par.solver_type = MCSVM_CS; par.C = 1.0 / (lambda * f->n); par.eps = eps;
    t0 = now();
    m = train(&L->prob, &par);
    s.cpu = now() - t0;
    for (j = 0; j < f->F; j++)
        for (c = 0; c < m->nr_class; c++) w[(size_t)m->label[c] * f->F + j] = (ssvm_real)m->w[(size_t)j * m->nr_class + c];
    free_and_destroy_model(&m);
    s.passes = 0;
    s.primal = primal_of(p, lambda, w);
    s.acc = accuracy(te, w);
    return s;
}
#endif

int main(int argc, char **argv) {
    const char *shared = argc > 1 ? argv[1] : "../shared";
    int rounds = argc > 2 && atoi(argv[2]) > 0 ? atoi(argv[2]) : 3, quick = 0, a, row, r;
    /* liblinear 2.3's primals on this data (CPU-independent), for a build without liblinear */
    static const double lambdas[2] = {1e-3, 1e-4}, epss[2] = {0.1, 0.01};
    static const double recorded[4] = {0.599252, 0.598925, 0.528173, 0.527969};
    double ratio[4] = {-1, -1, -1, -1}, sratio[4] = {-1, -1, -1, -1};
    char path[1024], err[512];
    ocr_data all, tr, te;
    flat ftr, fte;
    ssvm_multiclass_config mc;
    ssvm_multiclass m;
    ssvm_problem p;
    ssvm_real *w;
#ifdef BENCH_LIBLINEAR
    ll_data L;
#endif
    for (a = 1; a < argc; a++) if (!strcmp(argv[a], "--quick")) quick = 1;
    snprintf(path, sizeof path, "%s/data/ocr/letter.data.gz", shared);
    if (ocr_load(path, &all, err, sizeof err) != 0) {
        printf("bench-multiclass: skipped, the OCR data is not there (%s)\nRESULT skipped=1\n", err);
        return 0;
    }
    if (ocr_split(&all, OCR_LARGE, &tr, &te) != 0 || flat_of(&tr, &ftr) != 0 || flat_of(&te, &fte) != 0) return 1;
    mc = ssvm_multiclass_config_init(ftr.n, ftr.K, ftr.F, 0, ftr.label);
    mc.row_start = ftr.row_start; mc.attr_id = ftr.attr_id; mc.attr_val = ftr.attr_val;
    if (ssvm_multiclass_init(&mc, &m) != SSVM_OK || ssvm_multiclass_problem(&m, &p) != SSVM_OK) return 1;
    w = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)p.d);
    if (!w) return 1;
    printf("flat multiclass: OCR-large letters, n = %d, %d classes, %d attributes (%.1f non-zeros a row), test %d\n",
           ftr.n, ftr.K, ftr.F, (double)ftr.row_start[ftr.n] / ftr.n, fte.n);
#ifdef BENCH_LIBLINEAR
    set_print_string_function(quiet);
    if (ll_of(&ftr, &L) != 0) return 1;
    printf("liblinear %d, train() -s 4 (MCSVM_CS), in this process; CPU seconds, medians of %d alternating rounds\n",
           LIBLINEAR_VERSION, rounds);
#else
    printf("liblinear: skipped (built without /usr/include/linear.h; Debian liblinear-dev); BCFW runs to liblinear"
           " 2.3's recorded primals\n");
#endif
    printf("%-8s %-5s | %-9s %-10s %-6s | %-6s %-9s %-10s %-6s %-8s | %-6s %-7s\n", "lambda", "eps", "ll CPU", "ll primal",
           "ll acc", "passes", "BCFW CPU", "primal", "acc", "solver", "ratio", "solver");
    for (row = 0; row < 4; row++) {
        double lam = lambdas[row / 2], eps = epss[row % 2], tl[16], tb[16], ts[16], rt[16], rs[16];
        side l = {0, 0, 0, 0}, b = {0, 0, 0, 0}, sv = {0, 0, 0, 0};
        int have_ll = 0;
        if (quick && row >= 2) break;
        if (rounds > 16) rounds = 16;
        for (r = 0; r < rounds; r++) {
            double target = recorded[row];
#ifdef BENCH_LIBLINEAR
            l = run_ll(&L, &ftr, &p, lam, eps, &fte, w);
            target = l.primal; have_ll = 1;
#endif
            tl[r] = l.cpu;
            b = run_bcfw(&p, lam, target, 0, &fte, w);
            tb[r] = b.cpu;
            if (b.primal > target) printf("  (round %d: BCFW stopped at primal %.6f above the target %.6f)\n", r, b.primal, target);
            sv = run_bcfw(&p, lam, target, b.passes, &fte, w);
            ts[r] = sv.cpu;
            rt[r] = have_ll ? tb[r] / tl[r] : -1;
            rs[r] = have_ll ? ts[r] / tl[r] : -1;
        }
        printf("%-8g %-5g | %-9.3f %-10.6f %-6.4f | %-6d %-9.3f %-10.6f %-6.4f %-8.3f | %-6.2f %-7.2f\n", lam, eps,
               have_ll ? median(tl, rounds) : -1.0, have_ll ? l.primal : recorded[row], have_ll ? l.acc : -1.0, b.passes,
               median(tb, rounds), b.primal, b.acc, median(ts, rounds), have_ll ? median(rt, rounds) : -1.0,
               have_ll ? median(rs, rounds) : -1.0);
        if (have_ll) { ratio[row] = median(rt, rounds); sratio[row] = median(rs, rounds); }
        fflush(stdout);
    }
    printf("RESULT ratio_1e3_e01=%.3f ratio_1e3_e001=%.3f ratio_1e4_e01=%.3f ratio_1e4_e001=%.3f solver_ratio_1e3_e01=%.3f "
           "solver_ratio_1e3_e001=%.3f solver_ratio_1e4_e01=%.3f solver_ratio_1e4_e001=%.3f\n",
           ratio[0], ratio[1], ratio[2], ratio[3], sratio[0], sratio[1], sratio[2], sratio[3]);
    free(w);
    return 0;
}
