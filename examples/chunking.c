/* examples/chunking.c: CoNLL-2000 text chunking with a sparse chain structural SVM trained by BCFW.

     chunking [options] train.txt[.gz] test.txt[.gz]      ("-" reads that file from stdin)

   Data and features come from the library's readers (ssvm_read_conll, ssvm_read_template,
   ssvm_conll_featurize): the standard CRF++ chunking template, examples/chunking.template (19 attributes per
   token: words at -2..+2, two word bigrams, POS at -2..+2, four POS bigrams, three POS trigrams), ids from a
   dictionary built on the training file (exact, no hash collisions; unseen test attributes are dropped).
   Only the scorer (conlleval's numbers) still comes from examples/conll_data.h.
   options: --lambda L         regulariser (default: chosen on a held-out part, see --select)
            --select L1,L2,..  try these lambdas, training on the first 90% of the training sentences and
                               scoring chunk F1 on the last 10%; then retrain on all with the best
                               (default list: 1e-3,3e-4,1e-4,3e-5; ignored when --lambda is given)
            --passes P (default 30)  --gap G (stop at duality gap G, default 0: run all passes)
            --loss counted|normalised   Hamming loss per token (default) or divided by sentence length
            --min-count C      keep attributes seen at least C times in training (default 1)
            --out FILE         write `word POS gold predicted` lines for conlleval
            --template FILE    CRF++ feature templates (default examples/chunking.template)
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

/* The chain data, and the scoring of a slice of it against the gold tags of the data it was built from. */
typedef struct corpus {
    ssvm_conll_data d;     /* the file's cells */
    ssvm_conll_features f; /* the template's attributes and the label ids */
} corpus;

/* chunk_model.h's glue takes examples/conll_data.h's conll_features: the same arrays under other names */
static conll_features as_conll_features(const ssvm_conll_features *f) {
    conll_features v;
    v.n_sent = f->n_seq; v.n_tok = f->n_tok; v.n_attr = f->n_attrs; v.n_labels = f->n_labels;
    v.sent_start = f->seq_start; v.attr_start = f->attr_start; v.attr_id = f->attr_id; v.label = f->labels;
    return v;
}

/* conlleval scores of w on c's sentences (a slice of `gold`'s tokens) */
static int score(chunk_data *c, const ssvm_conll_data *gold, const ssvm_dict *labels, const ssvm_real *w, int *pred,
                 conll_scores *out) {
    int r, i, t, t0 = c->cfg.start[0], n = c->cfg.n, nt = c->cfg.start[n] - t0;
    int *ss = (int *)malloc(sizeof(int) * (size_t)(n + 1));
    const char **g = (const char **)malloc(sizeof(char *) * (size_t)(nt + 1)), **p = (const char **)malloc(sizeof(char *) * (size_t)(nt + 1));
    memset(out, 0, sizeof *out);
    if (!ss || !g || !p) { free(ss); free(g); free(p); return SSVM_ERR_OUT_OF_MEMORY; }
    if ((r = chunk_predict(c, w, pred)) == SSVM_OK) {
        for (i = 0; i <= n; i++) ss[i] = c->cfg.start[i] - t0;
        for (t = 0; t < nt; t++) {
            g[t] = ssvm_dict_str(&gold->strs, gold->cell[(size_t)(t0 + t) * (size_t)gold->n_cols + (size_t)(gold->n_cols - 1)]);
            p[t] = ssvm_dict_str(labels, pred[t0 + t]);
        }
        r = conll_score_tags(n, ss, g, p, out) == 0 ? SSVM_OK : SSVM_ERR_INVALID_ARG;
    }
    free(ss); free(g); free(p);
    return r;
}
static double f1_of(chunk_data *c, const ssvm_conll_data *gold, const ssvm_dict *labels, const ssvm_real *w, int *pred) {
    conll_scores sc;
    double f1 = -1;
    if (score(c, gold, labels, w, pred, &sc) == SSVM_OK) f1 = sc.f1;
    conll_scores_free(&sc);
    return f1;
}

typedef struct ctx {
    ssvm_solver *s;
    chunk_data *test;
    const ssvm_conll_data *test_corpus;
    const ssvm_dict *labels;
    ssvm_real *w;
    int *pred;
    int quiet;
} ctx;

static int show(void *user, const ssvm_progress *p) {
    ctx *c = (ctx *)user;
    double f1 = -1;
    if (c->quiet) return 0;
    if (c->test && ssvm_solver_weights(c->s, SSVM_W_AVERAGE, c->w, sizeof(ssvm_real) * (size_t)ssvm_chain_dim(&c->test->cfg)) == SSVM_OK)
        f1 = f1_of(c->test, c->test_corpus, c->labels, c->w, c->pred);
    printf("%4d %9lld %14.6g %14.6g %14.6g %8.2f %9.2f\n", p->pass, p->oracle_calls, p->average.primal,
           p->average.dual, p->average.gap, f1, p->wall_seconds);
    fflush(stdout);
    return 0;
}

/* train on `tr`, report per pass against `te` (may be NULL); the weighted average ends up in w */
static int train(chunk_data *tr, chunk_data *te, const ssvm_conll_data *te_corpus, const ssvm_dict *labels,
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

/* Read a CoNLL file: "-" is stdin, *.gz goes through `gzip -dc` (the example's business: the library reads a
   FILE, a buffer or a callback, and never runs a program). */
static int load(const char *path, ssvm_conll_data *d) {
    ssvm_reader_config rc = ssvm_reader_config_init();
    ssvm_read_error e;
    size_t n = strlen(path);
    int gz = n > 3 && !strcmp(path + n - 3, ".gz"), r;
    FILE *f;
    if (!strcmp(path, "-")) f = stdin;
    else if (gz) {
        char *cmd = (char *)malloc(4 * n + 32), *q;
        size_t i;
        if (!cmd) return 1;
        q = cmd + sprintf(cmd, "gzip -dc -- '");
        for (i = 0; i < n; i++) { if (path[i] == '\'') { memcpy(q, "'\\''", 4); q += 4; } else *q++ = path[i]; }
        strcpy(q, "'");
        if (!(f = fopen(path, "rb"))) { free(cmd); fprintf(stderr, "%s: cannot open\n", path); return 1; }
        fclose(f);
        f = popen(cmd, "r");
        free(cmd);
    } else f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "%s: cannot open\n", path); return 1; }
    r = ssvm_read_conll(&rc, ssvm_input_FILE(f), d, &e);
    if (gz && pclose(f) != 0 && r == SSVM_OK) { ssvm_conll_data_uninit(d); fprintf(stderr, "%s: gzip -dc failed\n", path); return 1; }
    if (!gz && f != stdin) fclose(f);
    if (r != SSVM_OK) { fprintf(stderr, "%s:%ld:%ld: %s (%s)\n", path, e.line, e.column, e.message, ssvm_result_string((ssvm_result)r)); return 1; }
    return 0;
}

int main(int argc, char **argv) {
    const char *files[2] = {NULL, NULL}, *out = NULL, *select = "1e-3,3e-4,1e-4,3e-5", *tmpl = "examples/chunking.template";
    double lambda = -1, gap = 0;
    int passes = 30, loss = CHUNK_LOSS_COUNTED, min_count = 1, nf = 0, i, r;
    unsigned long long seed = 1;
    ssvm_reader_config rc = ssvm_reader_config_init();
    ssvm_read_error e;
    ssvm_template tp;
    ssvm_dict attrs, labels;
    corpus ctr, cte;
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
        else if (!strcmp(a, "--template") && v) { tmpl = v; i++; }
        else if (!strcmp(a, "--seed") && v) { seed = strtoull(v, NULL, 10); i++; }
        else if ((a[0] != '-' || !strcmp(a, "-")) && nf < 2) files[nf++] = a;
        else { fprintf(stderr, "unknown option %s (see the top of examples/chunking.c)\n", a); return 2; }
    }
    if (nf != 2) { fprintf(stderr, "usage: chunking [options] train.txt[.gz] test.txt[.gz]\n"); return 2; }
    if ((r = ssvm_read_template_path(&rc, tmpl, &tp, &e)) != SSVM_OK) {
        fprintf(stderr, "%s:%ld:%ld: %s (%s; run from the repository root or give --template)\n", tmpl, e.line, e.column,
                e.message, ssvm_result_string((ssvm_result)r));
        return 1;
    }
    if (load(files[0], &ctr.d) || load(files[1], &cte.d)) return 1;
    ssvm_dict_init(&attrs, NULL); ssvm_dict_init(&labels, NULL);
    if ((r = ssvm_conll_featurize(&rc, &ctr.d, &tp, &attrs, &labels, 1, min_count, &ctr.f, &e)) != SSVM_OK ||
        (r = ssvm_conll_featurize(&rc, &cte.d, &tp, &attrs, &labels, 0, 1, &cte.f, &e)) != SSVM_OK) {
        fprintf(stderr, "features: %s (%s)\n", e.message, ssvm_result_string((ssvm_result)r));
        return 1;
    }
    ftr = as_conll_features(&ctr.f);
    fte = as_conll_features(&cte.f);
    fte.n_attr = ftr.n_attr = ctr.f.n_attrs; /* test's were counted against the same, final dictionary */
    printf("train: %d sentences, %d tokens; test: %d sentences, %d tokens; %d attributes, %d labels\n",
           ctr.d.n_seq, ctr.d.n_tok, cte.d.n_seq, cte.d.n_tok, ftr.n_attr, ftr.n_labels);
    pred = (int *)malloc(sizeof(int) * (size_t)(ctr.d.n_tok > cte.d.n_tok ? ctr.d.n_tok : cte.d.n_tok));
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
                (f1 = f1_of(&b, &ctr.d, &labels, w, pred)) >= 0) {
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
    r = train(&dtr, &dte, &cte.d, &labels, lambda, passes, gap, seed, 0, w, pred);
    if (r != SSVM_OK) { fprintf(stderr, "training failed: %s\n", ssvm_result_string((ssvm_result)r)); return 1; }
    score(&dte, &cte.d, &labels, w, pred, &sc);
    conll_print_scores(stdout, &sc);
    conll_scores_free(&sc);
    if (out) { /* every column of the test file, then the prediction */
        FILE *f = fopen(out, "w");
        int s, t, k;
        for (s = 0; f && s < cte.d.n_seq; s++) {
            for (t = cte.d.seq_start[s]; t < cte.d.seq_start[s + 1]; t++) {
                for (k = 0; k < cte.d.n_cols; k++) fprintf(f, "%s ", ssvm_dict_str(&cte.d.strs, cte.d.cell[(size_t)t * (size_t)cte.d.n_cols + (size_t)k]));
                fprintf(f, "%s\n", ssvm_dict_str(&labels, pred[t]));
            }
            fputc('\n', f);
        }
        if (!f || ferror(f)) fprintf(stderr, "could not write %s\n", out);
        if (f) fclose(f);
    }
    free(w); free(pred);
    chunk_data_free(&dtr); chunk_data_free(&dte);
    ssvm_conll_features_uninit(&ctr.f); ssvm_conll_features_uninit(&cte.f);
    ssvm_conll_data_uninit(&ctr.d); ssvm_conll_data_uninit(&cte.d);
    ssvm_dict_uninit(&attrs); ssvm_dict_uninit(&labels);
    ssvm_template_uninit(&tp);
    return 0;
}
