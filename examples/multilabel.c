/* examples/multilabel.c: multilabel classification with a graph over the labels (ssvm_graph), trained by
   BCFW. Each example has L binary labels; every label gets its own linear score on x (plus a bias), and
   every edge of the label graph a 2x2 table of scores for the two labels' states. The graph is
     indep  no edges: L independent binary SVMs trained jointly (Hamming loss)
     tree   the Chow-Liu tree of the training labels (maximum spanning tree of mutual information)
     full   every pair of labels (decoded exactly by enumerating the 2^L labelings)
   Data: Mulan dense ARFF (.arff or .arff.gz; the labels are the last L columns; read by ssvm_read_arff), e.g. scene (L = 6) or
   yeast (L = 14) from ../shared/data; without files, a synthetic problem it generates itself.
     build/multilabel                                   (synthetic, 6 labels)
     build/multilabel --labels 6 --graph full ../shared/data/scene/scene-train.arff.gz \
                      ../shared/data/scene/scene-test.arff.gz
   Options: --labels L, --graph indep|tree|full, --lambda x (default 0.01), --passes k (default 30).
   Prints the test Hamming loss, subset accuracy, micro and macro F1.
   Build: cc -O2 examples/multilabel.c -lm -o multilabel */
#define _POSIX_C_SOURCE 200809L /* popen, to read .gz through gzip -dc */
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

/* A data set: n rows of F features (a constant 1 added last, so that each label has a bias) and L labels. */
typedef struct dataset {
    int n, F, L;
    ssvm_real *x;        /* n x F */
    int *y;              /* n x L, 0/1 */
    ssvm_arff_data file; /* what the library's ARFF reader returned (x and y point into it), or zeros */
    int owns;            /* x and y were malloc'ed here */
} dataset;
static void dataset_free(dataset *d) {
    if (d->owns) { free(d->x); free(d->y); }
    ssvm_arff_data_uninit(&d->file);
    memset(d, 0, sizeof *d);
}

/* ------------------------------------------------------------------------------ reading Mulan ARFF */
/* The library's reader (ssvm_read_arff, dense or sparse ARFF) with the labels the last L attributes and the
   bias as one more feature; .gz goes through `gzip -dc` here (the library never runs a program). */
static int load_arff(const char *path, int L, dataset *d) {
    ssvm_reader_config rc = ssvm_reader_config_init();
    ssvm_read_error e;
    size_t len = strlen(path);
    int gz = len > 3 && strcmp(path + len - 3, ".gz") == 0, r;
    FILE *f;
    memset(d, 0, sizeof *d);
    if (gz) { /* through gzip; the path goes inside single quotes, so refuse one that contains a quote */
        char *cmd;
        if (strchr(path, '\'') || !(f = fopen(path, "rb"))) { fprintf(stderr, "%s: cannot read\n", path); return 1; }
        fclose(f);
        cmd = (char *)malloc(len + 32);
        if (!cmd) return 1;
        sprintf(cmd, "gzip -dc '%s'", path);
        f = popen(cmd, "r");
        free(cmd);
    } else f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "%s: cannot read\n", path); return 1; }
    rc.n_labels = L;
    rc.bias = 1;
    r = ssvm_read_arff(&rc, ssvm_input_file(f), &d->file, &e);
    if (gz) { if (pclose(f) != 0 && r == SSVM_OK) { ssvm_arff_data_uninit(&d->file); fprintf(stderr, "%s: gzip -dc failed\n", path); return 1; } }
    else fclose(f);
    if (r != SSVM_OK) {
        fprintf(stderr, "%s:%ld:%ld: %s (%s)\n", path, e.line, e.column, e.message, ssvm_result_string((ssvm_result)r));
        return 1;
    }
    if (d->file.sparse) { fprintf(stderr, "%s: sparse ARFF: this example wants dense rows\n", path); ssvm_arff_data_uninit(&d->file); return 1; }
    d->n = d->file.n; d->F = d->file.n_attrs; d->L = d->file.n_labels; d->x = d->file.x; d->y = d->file.labels;
    return 0;
}

/* ------------------------------------------------------------------------------ synthetic data */
/* 6 labels driven by 8 Gaussian-ish features; label 1 usually follows label 0 and label 3 excludes label 2,
   which the pairwise tables can learn and independent labels cannot. */
static unsigned long long rng_state = 12345;
static double uniform(void) {
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(rng_state >> 11) * (1.0 / 9007199254740992.0);
}
static void make_synthetic(int n, dataset *d) {
    int i, l, k, F = 8;
    memset(d, 0, sizeof *d);
    d->n = n; d->L = 6; d->F = F + 1; d->owns = 1;
    d->x = (ssvm_real *)malloc((size_t)n * d->F * sizeof(ssvm_real));
    d->y = (int *)malloc((size_t)n * d->L * sizeof(int));
    for (i = 0; i < n; i++) {
        ssvm_real *x = d->x + (size_t)i * d->F;
        int *y = d->y + (size_t)i * d->L;
        for (k = 0; k < F; k++) x[k] = (ssvm_real)(uniform() + uniform() + uniform() - 1.5);
        x[F] = 1;
        for (l = 0; l < d->L; l++) y[l] = x[l] + x[l + 2] + 0.6 * (uniform() - 0.5) > 0.3;
        if (uniform() < 0.8) y[1] = y[0];
        if (y[2] && uniform() < 0.8) y[3] = 0;
    }
}

/* ------------------------------------------------------------------------------ main */
int main(int argc, char **argv) {
    dataset tr, te;
    const char *graph = "tree", *paths[2] = {NULL, NULL};
    double lambda = 0.01, holdout = 0, gap_tol = 0;
    int passes = 30, L = 6, np = 0, a, i, l, E = 0, *edges = NULL, eval_every = 0;
    ssvm_solver_kind solver = SSVM_BCFW;
    ssvm_deg_geometry geometry = SSVM_DEG_EUCLIDEAN;
    const char *solver_name = "BCFW";
    for (a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--labels") && a + 1 < argc) L = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--graph") && a + 1 < argc) graph = argv[++a];
        else if (!strcmp(argv[a], "--lambda") && a + 1 < argc) lambda = atof(argv[++a]);
        else if (!strcmp(argv[a], "--passes") && a + 1 < argc) passes = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--holdout") && a + 1 < argc) holdout = atof(argv[++a]);
        else if (!strcmp(argv[a], "--gap-tol") && a + 1 < argc) gap_tol = atof(argv[++a]);
        else if (!strcmp(argv[a], "--eval-every") && a + 1 < argc) eval_every = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--solver") && a + 1 < argc) {
            solver_name = argv[++a];
            if (!strcmp(solver_name, "bcfw")) solver = SSVM_BCFW;
            else if (!strcmp(solver_name, "ssg")) solver = SSVM_SSG;
            else if (!strcmp(solver_name, "deg")) solver = SSVM_DEG;
            else if (!strcmp(solver_name, "deg-kl")) { solver = SSVM_DEG; geometry = SSVM_DEG_ENTROPIC; }
            else { fprintf(stderr, "--solver: bcfw, ssg, deg or deg-kl\n"); return 2; }
        }
        else if (argv[a][0] != '-' && np < 2) paths[np++] = argv[a];
        else { fprintf(stderr, "usage: %s [--labels L] [--graph indep|tree|full] [--lambda x] [--passes k] "
                               "[--solver bcfw|ssg|deg|deg-kl] [--holdout f] [--gap-tol g] [--eval-every k] "
                               "[train.arff[.gz] test.arff[.gz]]\n", argv[0]); return 2; }
    }
    if (np == 2) {
        if (load_arff(paths[0], L, &tr) || load_arff(paths[1], L, &te)) return 1;
        if (te.F != tr.F) { fprintf(stderr, "train has %d features, test %d\n", tr.F - 1, te.F - 1); return 1; }
    } else if (np == 0) {
        make_synthetic(600, &tr); make_synthetic(600, &te);
        printf("synthetic data (give train and test ARFF files to use real data)\n");
    } else { fprintf(stderr, "give both a train and a test file, or neither\n"); return 2; }
    L = tr.L;
    if (holdout > 0 && holdout < 1) { /* choose lambda: every k-th training example becomes the test set (the
                                         files are sorted by label set, so a contiguous tail would be biased) */
        int k = (int)(1 / holdout + 0.5), keep = 0;
        dataset_free(&te);
        te = tr; te.n = 0; te.owns = 1;
        memset(&te.file, 0, sizeof te.file);
        te.x = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)tr.n * tr.F);
        te.y = (int *)malloc(sizeof(int) * (size_t)tr.n * L);
        if (!te.x || !te.y) return 1;
        for (i = 0; i < tr.n; i++) {
            dataset *to = (i % k == k - 1) ? &te : &tr;
            int j = to == &te ? te.n++ : keep++;
            memmove(to->x + (size_t)j * tr.F, tr.x + (size_t)i * tr.F, sizeof(ssvm_real) * (size_t)tr.F);
            memmove(to->y + (size_t)j * L, tr.y + (size_t)i * L, sizeof(int) * (size_t)L);
        }
        tr.n = keep;
        printf("holding out every %d-th training example (%d) as the test set\n", k, te.n);
    }
    printf("train %d, test %d examples; %d features (+ bias), %d labels; graph %s\n", tr.n, te.n, tr.F - 1, L, graph);

    /* the label graph */
    edges = (int *)malloc(sizeof(int) * (size_t)(L * (L - 1) + 2));
    if (!strcmp(graph, "tree")) {
        size_t bytes = 0;
        void *work;
        ssvm_chow_liu_get_work_size(L, &bytes);
        work = malloc(bytes);
        if (ssvm_chow_liu(tr.n, L, tr.y, work, bytes, edges, &E) != SSVM_OK) return 1;
        free(work);
        printf("Chow-Liu tree:");
        for (i = 0; i < E; i++) printf(" %d-%d", edges[2 * i], edges[2 * i + 1]);
        printf("\n");
    } else if (!strcmp(graph, "full")) {
        for (a = 0; a < L; a++)
            for (l = a + 1; l < L; l++) { edges[2 * E] = a; edges[2 * E + 1] = l; E++; }
    } else if (strcmp(graph, "indep") != 0) { fprintf(stderr, "unknown graph %s\n", graph); return 2; }

    {
        ssvm_graph_config cfg = ssvm_graph_config_init(tr.n, L, tr.F, tr.x, tr.y);
        ssvm_graph model;
        ssvm_problem prob;
        ssvm_solver_config par;
        ssvm_progress final;
        ssvm_result r;
        ssvm_real *w;
        size_t work_bytes = 0;
        void *work;
        int *yhat = (int *)malloc(sizeof(int) * (size_t)L);
        long tp = 0, fp = 0, fn = 0, wrong = 0, exact = 0, *tpl = (long *)calloc((size_t)L * 3, sizeof(long));
        double macro = 0;
        cfg.n_edges = E; cfg.edges = edges;
        if ((r = ssvm_graph_init(&cfg, &model)) != SSVM_OK) { printf("model: %s\n", ssvm_result_string(r)); return 1; }
        ssvm_graph_problem(&model, &prob);
        par = ssvm_solver_config_init(&prob, solver);
        par.lambda = lambda; par.max_passes = passes; par.deg.geometry = geometry;
        par.gap_tol = gap_tol; /* 0: run all the passes */
        par.eval_every = eval_every > 0 ? eval_every : passes; /* an evaluation costs two oracle passes */
        w = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)prob.d);
        r = ssvm_train(&par, w, sizeof(ssvm_real) * (size_t)prob.d, &final);
        if (r < 0) { printf("training: %s\n", ssvm_result_string(r)); return 1; }
        printf("%s, lambda %g: %s after %d passes, %.2f s (%lld oracle calls); duality gap %.2e\n", solver_name,
               lambda, ssvm_result_string(r), final.pass, final.wall_seconds, final.oracle_calls,
               final.returned == SSVM_W_AVERAGE ? final.average.gap : final.iterate.gap);

        /* test: the predict-only entry point, one example at a time */
        ssvm_graph_predict_get_work_size(L, E, edges, SSVM_GRAPH_AUTO, &work_bytes);
        work = malloc(work_bytes);
        for (i = 0; i < te.n; i++) {
            const int *y = te.y + (size_t)i * L;
            int errs = 0;
            if (ssvm_graph_predict(L, te.F, E, edges, SSVM_GRAPH_AUTO, w, te.x + (size_t)i * te.F, work, work_bytes,
                                   yhat) != SSVM_OK) return 1;
            for (l = 0; l < L; l++) {
                errs += yhat[l] != y[l];
                tpl[3 * l + 0] += yhat[l] && y[l];   /* true positives */
                tpl[3 * l + 1] += yhat[l] && !y[l];  /* false positives */
                tpl[3 * l + 2] += !yhat[l] && y[l];  /* false negatives */
            }
            wrong += errs;
            exact += errs == 0;
        }
        for (l = 0; l < L; l++) {
            long t = tpl[3 * l], f1d = 2 * t + tpl[3 * l + 1] + tpl[3 * l + 2];
            tp += t; fp += tpl[3 * l + 1]; fn += tpl[3 * l + 2];
            macro += f1d ? 2.0 * t / f1d : 1.0; /* a label never present nor predicted counts as 1 */
        }
        printf("test: Hamming loss %.4f, subset accuracy %.4f, micro F1 %.4f, macro F1 %.4f\n",
               (double)wrong / ((double)te.n * L), (double)exact / te.n,
               (2 * tp + fp + fn) ? 2.0 * tp / (double)(2 * tp + fp + fn) : 1.0, macro / L);
        { /* one line for scripts (bench/graph.sh) */
            const ssvm_objective *o = final.returned == SSVM_W_AVERAGE ? &final.average : &final.iterate;
            printf("RESULT hamming=%.4f subset=%.4f micro_f1=%.4f macro_f1=%.4f train_s=%.3f passes=%d oracle_calls=%lld "
                   "primal=%.6g dual=%.6g gap=%.3g\n", (double)wrong / ((double)te.n * L), (double)exact / te.n,
                   (2 * tp + fp + fn) ? 2.0 * tp / (double)(2 * tp + fp + fn) : 1.0, macro / L, final.wall_seconds,
                   final.pass, final.oracle_calls, o->primal, o->dual, o->gap);
        }
        free(work); free(w); free(yhat); free(tpl);
        ssvm_graph_uninit(&model);
    }
    free(edges); dataset_free(&tr); dataset_free(&te);
    return 0;
}
