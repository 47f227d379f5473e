/* bench/block_repeat.c: `make bench-block-repeat`. Issue 30's question for chains: does taking several pairwise
   steps on one example's active set before moving on (r consecutive ssvm_solver_step calls on each drawn example)
   pay, as exact block steps do for flat multiclass? OCR-small, the counted-Hamming chain without biases, lambda
   0.01, config.bcfw.steps = PAIRWISE, no average, permutation-free uniform draws by the program (the same draws for
   every r), until the certified gap of the iterate (one evaluation a pass, not timed) <= 0.05; r = 1, 3, 5, without
   and with plane caching (config.bcfw.cache, which lets the repeated steps use stored labelings instead of the
   oracle). The same on a multilabel graph model: scene (Mulan ARFF, 6 labels, the full graph of 15 pairs, exact
   inference by enumeration), lambda 0.01, to certified gap 0.01. CPU seconds of the steps alone. About 30 CPU
   seconds.
   Last line: RESULT repeat3_over_1=... repeat3_over_1_cache=... graph_repeat3_over_1=... graph_repeat3_over_1_cache=...
   (training CPU ratios; > 1: repeating does not pay; -1: not run)
   usage: bench_block_repeat [shared-dir] */
#define _POSIX_C_SOURCE 200809L
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "../examples/ocr_data.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) { return (double)clock() / (double)CLOCKS_PER_SEC; }

static double run(const ssvm_problem *p, double lambda, int r, int cache, double tol) {
    ssvm_solver_config c = ssvm_solver_config_init(p, SSVM_BCFW);
    ssvm_solver s;
    ssvm_step_info info;
    ssvm_progress pr;
    double train = 0;
    unsigned rs = 1;
    int pass, i, k;
    c.lambda = lambda; c.bcfw.steps = SSVM_BCFW_STEPS_PAIRWISE; c.bcfw.cache = cache;
    c.averaging = SSVM_AVG_NONE; c.eval_every = 0;
    if (ssvm_solver_init(&c, &s) != SSVM_OK) return -1;
    for (pass = 1; pass <= 1000; pass++) {
        double t0 = now();
        for (i = 0; i < p->n; i++) {
            int e;
            rs = rs * 1103515245u + 12345u;
            e = (int)((rs >> 8) % (unsigned)p->n);
            for (k = 0; k < r; k++) ssvm_solver_step(&s, e, &info);
        }
        train += now() - t0;
        ssvm_solver_evaluate(&s, 1, 0, &pr);
        if (pr.iterate.gap <= tol) break;
    }
    printf("%-6d %-6s %-7d %-10.3e %-9.5f %-13lld %-8.3f\n", r, cache ? "yes" : "no", pass, pr.iterate.gap,
           pr.iterate.primal, pr.oracle_calls, train);
    ssvm_solver_uninit(&s);
    return train;
}

/* scene's training file through gzip (the library never runs a program), labels the last 6 columns, a bias */
static int load_scene(const char *shared, ssvm_arff_data *d) {
    char cmd[1200];
    ssvm_reader_config rc = ssvm_reader_config_init();
    ssvm_read_error e;
    FILE *f;
    int r;
    snprintf(cmd, sizeof cmd, "%s/data/scene/scene-train.arff.gz", shared);
    if (strchr(cmd, '\'') || !(f = fopen(cmd, "rb"))) return -1;
    fclose(f);
    snprintf(cmd, sizeof cmd, "gzip -dc '%s/data/scene/scene-train.arff.gz'", shared);
    if (!(f = popen(cmd, "r"))) return -1;
    rc.n_labels = 6; rc.bias = 1;
    r = ssvm_read_arff(&rc, ssvm_input_FILE(f), d, &e);
    if (pclose(f) != 0 || r != SSVM_OK || d->sparse) return -1;
    return 0;
}

int main(int argc, char **argv) {
    const char *shared = argc > 1 ? argv[1] : "../shared";
    char path[1024], err[512];
    ocr_data all, tr, te;
    ssvm_chain_config cc;
    ssvm_chain ch;
    ssvm_problem p;
    double t1, t3, t1c, t3c, g1 = -1, g3 = -1, g1c = -1, g3c = -1;
    ssvm_arff_data scene;
    snprintf(path, sizeof path, "%s/data/ocr/letter.data.gz", shared);
    if (ocr_load(path, &all, err, sizeof err) != 0) {
        printf("bench-block-repeat: skipped, the OCR data is not there (%s)\nRESULT skipped=1\n", err);
        return 0;
    }
    if (ocr_split(&all, OCR_SMALL, &tr, &te) != 0) return 1;
    ocr_chain(&tr, OCR_MODEL_COUNTED, &cc);
    if (ssvm_chain_init(&cc, &ch) != SSVM_OK || ssvm_chain_problem(&ch, &p) != SSVM_OK) return 1;
    printf("OCR-small chain (counted Hamming), lambda 0.01, pairwise steps, r steps a visit, to certified gap 0.05\n");
    printf("%-6s %-6s %-7s %-10s %-9s %-13s %-8s\n", "r", "cache", "passes", "gap", "primal", "oracle calls", "train s");
    t1 = run(&p, 0.01, 1, 0, 0.05); t3 = run(&p, 0.01, 3, 0, 0.05); run(&p, 0.01, 5, 0, 0.05);
    t1c = run(&p, 0.01, 1, 1, 0.05); t3c = run(&p, 0.01, 3, 1, 0.05); run(&p, 0.01, 5, 1, 0.05);
    ssvm_chain_uninit(&ch);
    memset(&scene, 0, sizeof scene);
    if (load_scene(shared, &scene) != 0) printf("scene: skipped, %s/data/scene/scene-train.arff.gz not read\n", shared);
    else {
        int edges[30], E = 0, a, b;
        ssvm_graph_config gc = ssvm_graph_config_init(scene.n, scene.n_labels, scene.n_attrs, scene.x, scene.labels);
        ssvm_graph g;
        for (a = 0; a < scene.n_labels; a++)
            for (b = a + 1; b < scene.n_labels; b++) { edges[2 * E] = a; edges[2 * E + 1] = b; E++; }
        gc.n_edges = E; gc.edges = edges;
        if (ssvm_graph_init(&gc, &g) != SSVM_OK || ssvm_graph_problem(&g, &p) != SSVM_OK) return 1;
        printf("scene (n = %d, %d labels, full graph), lambda 0.01, pairwise steps, to certified gap 0.01\n", scene.n,
               scene.n_labels);
        printf("%-6s %-6s %-7s %-10s %-9s %-13s %-8s\n", "r", "cache", "passes", "gap", "primal", "oracle calls", "train s");
        g1 = run(&p, 0.01, 1, 0, 0.01); g3 = run(&p, 0.01, 3, 0, 0.01); run(&p, 0.01, 5, 0, 0.01);
        g1c = run(&p, 0.01, 1, 1, 0.01); g3c = run(&p, 0.01, 3, 1, 0.01); run(&p, 0.01, 5, 1, 0.01);
        ssvm_graph_uninit(&g);
        ssvm_arff_data_uninit(&scene);
    }
    printf("RESULT repeat3_over_1=%.3f repeat3_over_1_cache=%.3f graph_repeat3_over_1=%.3f graph_repeat3_over_1_cache=%.3f\n",
           t3 / t1, t3c / t1c, g1 > 0 ? g3 / g1 : -1.0, g1c > 0 ? g3c / g1c : -1.0);
    return 0;
}
