/* examples/multilabel.c: multilabel classification with a graph over the labels (ssvm_graph), trained by
   BCFW. Each example has L binary labels; every label gets its own linear score on x (plus a bias), and
   every edge of the label graph a 2x2 table of scores for the two labels' states. The graph is
     indep  no edges: L independent binary SVMs trained jointly (Hamming loss)
     tree   the Chow-Liu tree of the training labels (maximum spanning tree of mutual information)
     full   every pair of labels (decoded exactly by enumerating the 2^L labelings)
     cliques  learned: clique generation (SSVM_CLIQUEGEN, Tan et al. CVPR 2015) over every pair as candidates,
            l2,1-squared regulariser; prints the cliques chosen and predicts with those only
   Data: Mulan dense ARFF (.arff or .arff.gz; the labels are the last L columns; read by ssvm_read_arff), e.g. scene (L = 6) or
   yeast (L = 14) from ../shared/data; without files, a synthetic problem it generates itself.
     build/multilabel                                   (synthetic, 6 labels)
     build/multilabel --labels 6 --graph full ../shared/data/scene/scene-train.arff.gz \
                      ../shared/data/scene/scene-test.arff.gz
   Options: --labels L, --graph indep|tree|full|cliques, --lambda x (default 0.01), --passes k (default 30);
   with cliques: --batch k (cliques added per outer iteration, default 2), --eps e (Proposition 2's accuracy,
   default 1e-3) and --gap-tol g (0: the paper's stop rules end the run; > 0: the certificate does).
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
    r = ssvm_read_arff(&rc, ssvm_input_FILE(f), &d->file, &e);
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
    double lambda = 0.01, holdout = 0, gap_tol = 0, max_seconds = 0;
    int passes = 30, L = 6, np = 0, a, i, l, E = 0, *edges = NULL, eval_every = 0, fold = -1, batch = 2, cliques = 0;
    double eps = 1e-3;
    ssvm_solver_kind solver = SSVM_BCFW;
    ssvm_deg_geometry geometry = SSVM_DEG_EUCLIDEAN;
    const char *solver_name = "BCFW";
    for (a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--labels") && a + 1 < argc) L = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--graph") && a + 1 < argc) graph = argv[++a];
        else if (!strcmp(argv[a], "--lambda") && a + 1 < argc) lambda = atof(argv[++a]);
        else if (!strcmp(argv[a], "--passes") && a + 1 < argc) passes = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--holdout") && a + 1 < argc) holdout = atof(argv[++a]);
        else if (!strcmp(argv[a], "--fold") && a + 1 < argc) fold = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--max-seconds") && a + 1 < argc) max_seconds = atof(argv[++a]);
        else if (!strcmp(argv[a], "--gap-tol") && a + 1 < argc) gap_tol = atof(argv[++a]);
        else if (!strcmp(argv[a], "--eval-every") && a + 1 < argc) eval_every = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--batch") && a + 1 < argc) batch = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--eps") && a + 1 < argc) eps = atof(argv[++a]);
        else if (!strcmp(argv[a], "--solver") && a + 1 < argc) {
            solver_name = argv[++a];
            if (!strcmp(solver_name, "bcfw")) solver = SSVM_BCFW;
            else if (!strcmp(solver_name, "ssg")) solver = SSVM_SSG;
            else if (!strcmp(solver_name, "deg")) solver = SSVM_DEG;
            else if (!strcmp(solver_name, "deg-kl")) { solver = SSVM_DEG; geometry = SSVM_DEG_ENTROPIC; }
            else { fprintf(stderr, "--solver: bcfw, ssg, deg or deg-kl\n"); return 2; }
        }
        else if (argv[a][0] != '-' && np < 2) paths[np++] = argv[a];
        else { fprintf(stderr, "usage: %s [--labels L] [--graph indep|tree|full|cliques] [--batch k] [--eps e] [--lambda x] [--passes k] "
                               "[--solver bcfw|ssg|deg|deg-kl] [--holdout f [--fold j]] [--gap-tol g] [--eval-every k] [--max-seconds s] "
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
                                         files are sorted by label set, so a contiguous tail would be biased);
                                         --fold j holds out examples i = j mod k instead (k-fold CV) */
        int k = (int)(1 / holdout + 0.5), keep = 0;
        if (fold < 0) fold = k - 1;
        if (fold >= k) { fprintf(stderr, "--fold: 0..%d\n", k - 1); return 2; }
        dataset_free(&te);
        te = tr; te.n = 0; te.owns = 1;
        memset(&te.file, 0, sizeof te.file);
        te.x = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)tr.n * tr.F);
        te.y = (int *)malloc(sizeof(int) * (size_t)tr.n * L);
        if (!te.x || !te.y) return 1;
        for (i = 0; i < tr.n; i++) {
            dataset *to = (i % k == fold) ? &te : &tr;
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
    } else if (!strcmp(graph, "full") || (cliques = !strcmp(graph, "cliques")) != 0) {
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
        if (cliques) { solver = SSVM_CLIQUEGEN; solver_name = "CLIQUEGEN"; }
        par = ssvm_solver_config_init(&prob, solver);
        par.lambda = lambda; par.max_passes = passes; par.deg.geometry = geometry;
        par.gap_tol = gap_tol; /* 0: run all the passes */
        par.max_seconds = max_seconds; /* 0: no limit */
        par.eval_every = eval_every > 0 ? eval_every : passes; /* an evaluation costs two oracle passes */
        w = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)prob.d);
        if (!cliques) r = ssvm_train(&par, w, sizeof(ssvm_real) * (size_t)prob.d, &final);
        else { /* clique generation; then keep the active cliques only (their tables) for prediction */
            ssvm_solver sv;
            ssvm_cg_status cgs;
            int *act = (int *)malloc(sizeof(int) * (size_t)E), na = 0, k, j, *ed2 = (int *)malloc(sizeof(int) * 2 * (size_t)E);
            par.cg.graph = &model; par.cg.batch = batch; par.cg.eps = eps;
            par.cg.stop_rules = gap_tol > 0 ? 0 : 1;
            if ((r = ssvm_solver_init(&par, &sv)) != SSVM_OK) { printf("solver: %s\n", ssvm_result_string(r)); return 1; }
            r = ssvm_solver_run(&sv);
            ssvm_solver_progress(&sv, &final);
            final.returned = SSVM_W_ITERATE;
            if (r >= 0) ssvm_solver_weights(&sv, SSVM_W_ITERATE, w, sizeof(ssvm_real) * (size_t)prob.d);
            ssvm_solver_cg_active(&sv, act, sizeof(int) * (size_t)E, &na);
            ssvm_solver_cg_status(&sv, &cgs);
            ssvm_solver_uninit(&sv);
            printf("cliques chosen (%d of %d):", na, E);
            {
                ssvm_real *tab = (ssvm_real *)malloc(sizeof(ssvm_real) * 4 * (size_t)E);
                memcpy(tab, w + (size_t)L * tr.F, sizeof(ssvm_real) * 4 * (size_t)E);
                for (k = 0; k < na; k++) { /* in activation order */
                    ed2[2 * k] = edges[2 * act[k]]; ed2[2 * k + 1] = edges[2 * act[k] + 1];
                    printf(" %d-%d", ed2[2 * k], ed2[2 * k + 1]);
                    for (j = 0; j < 4; j++) w[(size_t)L * tr.F + 4 * (size_t)k + (size_t)j] = tab[4 * act[k] + j];
                }
                free(tab);
            }
            printf("\n%d outer iterations, sigma %.3g; %s\n", cgs.outer, cgs.sigma,
                   cgs.stop == SSVM_CG_STOP_A3 ? "stopped by A.3 (relative change of f^t)"
                   : cgs.stop == SSVM_CG_STOP_NO_VIOLATOR ? "stopped: no candidate violates" : "stopped by the engine's rules");
            memcpy(edges, ed2, sizeof(int) * 2 * (size_t)na);
            E = na;
            free(act); free(ed2);
        }
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
                   "primal=%.6g dual=%.6g gap=%.3g cliques=%d\n", (double)wrong / ((double)te.n * L), (double)exact / te.n,
                   (2 * tp + fp + fn) ? 2.0 * tp / (double)(2 * tp + fp + fn) : 1.0, macro / L, final.wall_seconds,
                   final.pass, final.oracle_calls, o->primal, o->dual, o->gap, E);
        }
        free(work); free(w); free(yhat); free(tpl);
        ssvm_graph_uninit(&model);
    }
    free(edges); dataset_free(&tr); dataset_free(&te);
    return 0;
}
