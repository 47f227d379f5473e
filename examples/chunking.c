/* examples/chunking.c: CoNLL-2000 text chunking with a sparse chain structural SVM trained by BCFW.

     chunking [options] train.txt[.gz] test.txt[.gz]      ("-" reads that file from stdin)

   Features: the standard CRF++ chunking template (19 attributes per token: words at -2..+2, two word
   bigrams, POS at -2..+2, four POS bigrams, three POS trigrams), ids from a dictionary built on the
   training file (exact, no hash collisions; unseen test attributes are dropped).
   options: --lambda L         regulariser (default: chosen on a held-out part, see --select)
            --select L1,L2,..  try these lambdas, training on the first 90% of the training sentences and
                               scoring chunk F1 on the last 10%; then retrain on all with the best
                               (default list: 1e-3,3e-4,1e-4,3e-5; ignored when --lambda is given)
            --passes P (default 30)  --gap G (stop at duality gap G, default 0: run all passes)
            --loss counted|normalised   Hamming loss per token (default) or divided by sentence length
            --min-count C      keep attributes seen at least C times in training (default 1)
            --out FILE         write `word POS gold predicted` lines for conlleval
            --seed S
   Prints per pass: oracle calls, primal, dual and gap at the weighted average (average_*), test chunk F1,
   training wall-clock seconds (evaluation excluded);
   then conlleval's report on the test file. */
#define _POSIX_C_SOURCE 200809L
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "conll_data.h"
#include "chunk_model.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ctx {
    ssvm_solver *s;
    chunk_data *test;
    const conll_corpus *test_corpus;
    const conll_dict *labels;
    ssvm_real *w;
    int *pred;
    int quiet;
} ctx;

static int show(void *user, const ssvm_progress *p) {
    ctx *c = (ctx *)user;
    double f1 = -1;
    if (c->quiet) return 0;
    if (c->test) f1 = chunk_f1_of_average(c->s, c->test, c->test_corpus, c->labels, c->w, c->pred);
    printf("%4d %9lld %14.6g %14.6g %14.6g %8.2f %9.2f\n", p->pass, p->oracle_calls, p->average.primal,
           p->average.dual, p->average.gap, f1, p->wall_seconds);
    fflush(stdout);
    return 0;
}

/* train on `tr`, report per pass against `te` (may be NULL); the weighted average ends up in w */
static int train(chunk_data *tr, chunk_data *te, const conll_corpus *te_corpus, const conll_dict *labels,
                 double lambda, int passes, double gap, unsigned long long seed, int quiet, ssvm_real *w, int *pred) {
    ssvm_problem p;
    ssvm_solver_config q;
    ssvm_solver s;
    ssvm_progress prog;
    ctx c;
    ssvm_result r;
    if ((r = ssvm_chain_problem(&tr->m, &p)) != SSVM_OK) return r;
    q = ssvm_solver_config_init(&p, SSVM_BCFW);
    q.lambda = lambda; q.max_passes = passes; q.gap_tol = gap; q.seed = seed;
    q.eval_iterate = 0; /* the gap at the average only: one evaluation pass per pass, not two */
    q.progress = show; q.progress_user = &c;
    if ((r = ssvm_solver_init(&q, &s)) != SSVM_OK) return r;
    memset(&prog, 0, sizeof prog);
    ssvm_solver_progress(&s, &prog);
    if (!quiet) /* the sparse compact state's pool grows from here: the total is printed after training */
        printf("lambda = %g: %d sentences, d = %d, solver memory at the start %.1f MB\n"
               "pass    oracle average_primal   average_dual    average_gap  test_F1    wall_s\n",
               lambda, p.n, p.d, prog.state_bytes / 1e6);
    c.s = &s; c.test = te; c.test_corpus = te_corpus; c.labels = labels; c.w = w; c.pred = pred; c.quiet = quiet;
    r = ssvm_solver_run(&s);
    if (r >= 0) r = ssvm_solver_weights(&s, SSVM_W_AVERAGE, w, sizeof(ssvm_real) * (size_t)p.d);
    ssvm_solver_progress(&s, &prog);
    if (!quiet) printf("solver memory after training %.1f MB\n", prog.state_bytes / 1e6);
    ssvm_solver_uninit(&s);
    return r < 0 ? r : SSVM_OK;
}

int main(int argc, char **argv) {
    const char *files[2] = {NULL, NULL}, *out = NULL, *select = "1e-3,3e-4,1e-4,3e-5";
    double lambda = -1, gap = 0;
    int passes = 30, loss = CHUNK_LOSS_COUNTED, min_count = 1, nf = 0, i, r;
    unsigned long long seed = 1;
    char err[512];
    conll_corpus ctr, cte;
    conll_dict attrs, labels;
    conll_features ftr, fte;
    chunk_data dtr, dte;
    ssvm_real *w;
    int *pred;
    conll_scores sc;

    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--lambda") && v) { lambda = atof(v); i++; }
        else if (!strcmp(a, "--select") && v) { select = v; i++; }
        else if (!strcmp(a, "--passes") && v) { passes = atoi(v); i++; }
        else if (!strcmp(a, "--gap") && v) { gap = atof(v); i++; }
        else if (!strcmp(a, "--loss") && v) { loss = !strcmp(v, "normalised") ? CHUNK_LOSS_NORMALISED : CHUNK_LOSS_COUNTED; i++; }
        else if (!strcmp(a, "--min-count") && v) { min_count = atoi(v); i++; }
        else if (!strcmp(a, "--out") && v) { out = v; i++; }
        else if (!strcmp(a, "--seed") && v) { seed = strtoull(v, NULL, 10); i++; }
        else if ((a[0] != '-' || !strcmp(a, "-")) && nf < 2) files[nf++] = a;
        else { fprintf(stderr, "unknown option %s (see the top of examples/chunking.c)\n", a); return 2; }
    }
    if (nf != 2) { fprintf(stderr, "usage: chunking [options] train.txt[.gz] test.txt[.gz]\n"); return 2; }
    if (conll_load(files[0], &ctr, err, sizeof err) || conll_load(files[1], &cte, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    conll_dict_init(&attrs); conll_dict_init(&labels);
    if (conll_featurize(&ctr, &attrs, &labels, 1, min_count, &ftr, err, sizeof err) ||
        conll_featurize(&cte, &attrs, &labels, 0, 1, &fte, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    printf("train: %d sentences, %d tokens; test: %d sentences, %d tokens; %d attributes, %d labels\n",
           ctr.n_sent, ctr.n_tok, cte.n_sent, cte.n_tok, ftr.n_attr, ftr.n_labels);
    pred = (int *)malloc(sizeof(int) * (size_t)(ctr.n_tok > cte.n_tok ? ctr.n_tok : cte.n_tok));
    if ((r = chunk_data_init(&dte, &fte, 0, fte.n_sent, loss)) != SSVM_OK) { fprintf(stderr, "%s\n", ssvm_result_string((ssvm_result)r)); return 1; }

    if (lambda <= 0) { /* choose lambda on the last 10% of the training sentences */
        int cut = ftr.n_sent - ftr.n_sent / 10;
        chunk_data a, b;
        double best_f1 = -1;
        const char *p = select;
        chunk_data_init(&a, &ftr, 0, cut, loss);
        chunk_data_init(&b, &ftr, cut, ftr.n_sent, loss);
        w = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)ssvm_chain_dim(&a.cfg));
        printf("choosing lambda on a held-out 10%% (%d training sentences, %d held out):\n", cut, ftr.n_sent - cut);
        while (*p) {
            double l = strtod(p, (char **)&p);
            double f1 = -1;
            if (l > 0 && train(&a, NULL, NULL, &labels, l, passes, gap, seed, 1, w, pred) == SSVM_OK &&
                (f1 = chunk_f1(&b, &ctr, &labels, w, pred)) >= 0) {
                printf("  lambda %-8g held-out F1 %.2f\n", l, f1);
                if (f1 > best_f1) { best_f1 = f1; lambda = l; }
            }
            while (*p == ',' || *p == ' ') p++;
        }
        free(w);
        chunk_data_free(&a); chunk_data_free(&b);
        if (lambda <= 0) { fprintf(stderr, "no lambda could be trained\n"); return 1; }
        printf("chose lambda = %g\n", lambda);
    }
    if ((r = chunk_data_init(&dtr, &ftr, 0, ftr.n_sent, loss)) != SSVM_OK) { fprintf(stderr, "%s\n", ssvm_result_string((ssvm_result)r)); return 1; }
    w = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)ssvm_chain_dim(&dtr.cfg));
    r = train(&dtr, &dte, &cte, &labels, lambda, passes, gap, seed, 0, w, pred);
    if (r != SSVM_OK) { fprintf(stderr, "training failed: %s\n", ssvm_result_string((ssvm_result)r)); return 1; }
    chunk_score(&dte, &cte, &labels, w, pred, &sc);
    conll_print_scores(stdout, &sc);
    conll_scores_free(&sc);
    if (out) {
        FILE *f = fopen(out, "w");
        if (!f || conll_write(f, &cte, pred, &labels) != 0) fprintf(stderr, "could not write %s\n", out);
        if (f) fclose(f);
    }
    free(w); free(pred);
    chunk_data_free(&dtr); chunk_data_free(&dte);
    conll_features_free(&ftr); conll_features_free(&fte);
    conll_dict_free(&attrs); conll_dict_free(&labels);
    conll_corpus_free(&ctr); conll_corpus_free(&cte);
    return 0;
}
