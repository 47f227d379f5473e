/* bench/conll.c: `make bench-conll`. CoNLL-2000 chunking with the sparse chain (CRF++ template, d ~ 7.4M).
   1. A lambda sweep: train BCFW on the first 90% of the training sentences, chunk F1 on the last 10%
      (held out) and, for information only, on the test set; lambda is chosen by the held-out F1.
   2. The final run on all 8,936 training sentences with the chosen lambda: per pass oracle calls, primal,
      dual, gap (at the weighted average), test F1, training wall seconds (evaluation excluded), peak resident
      memory.
   3. The baseline: SSG (Pegasos step, weighted average) at the same lambda for the same passes: per pass the
      primal at its average, test F1 and seconds. Its steps cost O(nnz): the solver keeps w lazily scaled and
      the chain's oracle takes the scale (its w_scale argument).
   Last line: RESULT f1=<test F1> lambda=<chosen> pass_s=<s> train_s=<s> peak_rss_mb=<MB> (training wall seconds)
   usage: bench_conll [shared-dir] [--passes P] [--speed]   (default ../shared, 30 passes; --speed: solver
   seconds per pass only, no evaluation, BCFW then SSG at lambda = 1e-3 on all training sentences, 5 passes
   unless --passes, one line: SPEED real=<float|double> clock=cpu lambda=<l> passes=<P> bcfw_pass_s=<s>
   ssg_pass_s=<s>; tools/bench_vs_old.sh parses it, keep the format. Its per-pass seconds are training CPU
   seconds (progress.cpu_seconds, the clock() time 0.1.1 reported, so that old and new builds compare like
   with like)) */
#define _POSIX_C_SOURCE 200809L
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "../tests/fixtures_conll.h" /* examples/conll_data.h and chunk_peak_rss_mb */
#include "../examples/chunk_model.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct bctx {
    ssvm_solver *s;
    chunk_data *eval;
    const conll_corpus *corpus;
    const conll_dict *labels;
    ssvm_real *w;
    int *pred;
    int print;
    double f1;
} bctx;

static int per_pass(void *user, const ssvm_progress *p) {
    bctx *c = (bctx *)user;
    if (!c->print) return 0;
    c->f1 = chunk_f1_of_average(c->s, c->eval, c->corpus, c->labels, c->w, c->pred);
    if (p->average.dual == p->average.dual)
        printf("%5d %9lld %12.6g %12.6g %12.6g %8.2f %9.2f %9.0f\n", p->pass, p->oracle_calls, p->average.primal,
               p->average.dual, p->average.gap, c->f1, p->wall_seconds, chunk_peak_rss_mb());
    else /* SSG: no dual */
        printf("%5d %9lld %12.6g %12s %12s %8.2f %9.2f %9.0f\n", p->pass, p->oracle_calls, p->average.primal, "-", "-",
               c->f1, p->wall_seconds, chunk_peak_rss_mb());
    fflush(stdout);
    return 0;
}

/* trains; returns training wall seconds (cpu: CPU seconds instead), or -1. w receives the weighted average. */
static double train(ssvm_solver_kind kind, chunk_data *tr, chunk_data *ev, const conll_corpus *corpus,
                    const conll_dict *labels, double lambda, int passes, int print, ssvm_real *w, int *pred,
                    size_t *bytes, int cpu) {
    ssvm_problem p;
    ssvm_solver_config q;
    ssvm_solver s;
    ssvm_progress pr;
    bctx c;
    size_t wb = sizeof(ssvm_real) * (size_t)ssvm_chain_dim(&tr->cfg);
    if (ssvm_chain_problem(&tr->m, &p) != SSVM_OK) return -1;
    q = ssvm_solver_config_init(&p, kind);
    q.lambda = lambda; q.max_passes = passes; q.gap_tol = 0;
    q.eval_iterate = 0;
    q.eval_every = print ? 1 : 0; /* the sweep needs no gap: no evaluation passes */
    q.progress = per_pass; q.progress_user = &c;
    if (ssvm_solver_init(&q, &s) != SSVM_OK) return -1;
    c.s = &s; c.eval = ev; c.corpus = corpus; c.labels = labels; c.w = w; c.pred = pred; c.print = print;
    if (ssvm_solver_run(&s) < 0 || ssvm_solver_weights(&s, SSVM_W_AVERAGE, w, wb) != SSVM_OK ||
        ssvm_solver_progress(&s, &pr) != SSVM_OK) {
        ssvm_solver_uninit(&s);
        return -1;
    }
    if (bytes) { bytes[0] = pr.state_bytes; bytes[1] = SSVM__BF(&s)->_sp_live; } /* the grown pool included; _sp_live: internals,
                                                                        for the table only */
    ssvm_solver_uninit(&s);
    return cpu ? pr.cpu_seconds : pr.wall_seconds;
}

int main(int argc, char **argv) {
    const char *shared = "../shared";
    char ptr[1024], pte[1024], err[512];
    double lambdas[5] = {1e-2, 3e-3, 1e-3, 3e-4, 1e-4}, best_l = 0, best_f1 = -1, secs, f1 = -1;
    int passes = 30, speed = 0, passes_set = 0, i, cut, *pred;
    conll_corpus ctr, cte;
    conll_dict attrs, labels;
    conll_features ftr, fte;
    chunk_data a, b, all, test;
    ssvm_real *w;
    conll_scores sc;
    size_t bytes[2] = {0, 0};
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--passes") && i + 1 < argc) { passes = atoi(argv[++i]); passes_set = 1; }
        else if (!strcmp(argv[i], "--speed")) speed = 1;
        else shared = argv[i];
    }
    snprintf(ptr, sizeof ptr, "%s/data/conll2000/train.txt.gz", shared);
    snprintf(pte, sizeof pte, "%s/data/conll2000/test.txt.gz", shared);
    if (conll_load(ptr, &ctr, err, sizeof err) || conll_load(pte, &cte, err, sizeof err)) {
        printf("bench-conll needs the CoNLL-2000 data: %s\nRESULT skipped=1\n", err);
        return 0;
    }
    conll_dict_init(&attrs); conll_dict_init(&labels);
    if (conll_featurize(&ctr, &attrs, &labels, 1, 1, &ftr, err, sizeof err) ||
        conll_featurize(&cte, &attrs, &labels, 0, 1, &fte, err, sizeof err)) {
        printf("%s\n", err);
        return 1;
    }
    printf("structsvm.h bench-conll: ssvm_real = %s; train %d sentences / %d tokens, test %d / %d; %d attributes "
           "(CRF++ template, dictionary), %d labels; d = %d; Hamming loss counted per token\n",
           sizeof(ssvm_real) == sizeof(float) ? "float" : "double", ctr.n_sent, ctr.n_tok, cte.n_sent, cte.n_tok,
           ftr.n_attr, ftr.n_labels, ftr.n_attr * ftr.n_labels + ftr.n_labels * ftr.n_labels);
    pred = (int *)malloc(sizeof(int) * (size_t)(ctr.n_tok > cte.n_tok ? ctr.n_tok : cte.n_tok));
    cut = ftr.n_sent - ftr.n_sent / 10;
    chunk_data_init(&a, &ftr, 0, cut, CHUNK_LOSS_COUNTED);
    chunk_data_init(&b, &ftr, cut, ftr.n_sent, CHUNK_LOSS_COUNTED);
    chunk_data_init(&all, &ftr, 0, ftr.n_sent, CHUNK_LOSS_COUNTED);
    chunk_data_init(&test, &fte, 0, fte.n_sent, CHUNK_LOSS_COUNTED);
    w = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)ssvm_chain_dim(&all.cfg));
    if (speed) { /* solver seconds per pass only, no evaluation: tools/bench_vs_old.sh compares builds */
        double bs, ss;
        if (!passes_set) passes = 5;
        bs = train(SSVM_BCFW, &all, NULL, NULL, &labels, 1e-3, passes, 0, w, pred, NULL, 1);
        ss = train(SSVM_SSG, &all, NULL, NULL, &labels, 1e-3, passes, 0, w, pred, NULL, 1);
        if (bs < 0 || ss < 0) { printf("bench-conll --speed: training failed\n"); return 1; }
        printf("SPEED real=%s clock=cpu lambda=%g passes=%d bcfw_pass_s=%.4f ssg_pass_s=%.4f\n",
               sizeof(ssvm_real) == sizeof(float) ? "float" : "double", 1e-3, passes, bs / passes, ss / passes);
        goto done;
    }

    printf("\n#### lambda sweep: BCFW %d passes on the first %d training sentences; F1 on the held-out last %d "
           "(chooses lambda) and on the test set (for information)\n", passes, cut, ftr.n_sent - cut);
    printf("   lambda  heldout_F1  test_F1    wall_s\n");
    for (i = 0; i < 5; i++) {
        double hf, tf;
        secs = train(SSVM_BCFW, &a, NULL, NULL, &labels, lambdas[i], passes, 0, w, pred, NULL, 0);
        hf = chunk_f1(&b, &ctr, &labels, w, pred);
        tf = chunk_f1(&test, &cte, &labels, w, pred);
        printf("%9g %11.2f %8.2f %9.2f\n", lambdas[i], hf, tf, secs);
        if (hf > best_f1) { best_f1 = hf; best_l = lambdas[i]; }
    }
    printf("chosen lambda = %g (held-out F1 %.2f)\n", best_l, best_f1);

    printf("\n#### final: BCFW on all %d training sentences, lambda = %g\n", ftr.n_sent, best_l);
    printf(" pass    oracle       primal         dual          gap  test_F1    wall_s  peak_MB\n");
    secs = train(SSVM_BCFW, &all, &test, &cte, &labels, best_l, passes, 1, w, pred, bytes, 0);
    if (chunk_score(&test, &cte, &labels, w, pred, &sc) == SSVM_OK) { f1 = sc.f1; conll_print_scores(stdout, &sc); }
    conll_scores_free(&sc);
    {
        double dd = (double)ssvm_chain_dim(&all.cfg), dense_sig = 8.0 * ((double)ftr.n_tok * ftr.n_labels +
                                                                     (double)ftr.n_sent * ftr.n_labels * ftr.n_labels);
        printf("solver state %.1f MB: w, the lazy-average vector z and a scratch d-vector (3 x %.1f MB), one "
               "sparse accumulator over d (%.1f MB), the per-sentence label statistics sigma_i as %zu (index, value) "
               "pairs in a pool with room to grow, and per-sentence offsets (%.1f MB; dense they would be %.1f MB)\n",
               bytes[0] / 1e6, 8.0 * dd / 1e6, 13.0 * dd / 1e6, bytes[1], (bytes[0] - 37.0 * dd) / 1e6, dense_sig / 1e6);
    }
    {
        double ssg_s;
        printf("\n#### baseline: SSG (Pegasos step, weighted average) on all %d training sentences, lambda = %g; "
               "it has no dual, so no gap\n", ftr.n_sent, best_l);
        printf(" pass    oracle       primal         dual          gap  test_F1    wall_s  peak_MB\n");
        ssg_s = train(SSVM_SSG, &all, &test, &cte, &labels, best_l, passes, 1, w, pred, NULL, 0);
        printf("SSG: %.3f s a pass\n", ssg_s / passes);
    }
    printf("\nRESULT f1=%.2f lambda=%g pass_s=%.3f train_s=%.2f peak_rss_mb=%.0f\n", f1, best_l, secs / passes, secs,
           chunk_peak_rss_mb());
done:
    free(w); free(pred);
    chunk_data_free(&a); chunk_data_free(&b); chunk_data_free(&all); chunk_data_free(&test);
    conll_features_free(&ftr); conll_features_free(&fte);
    conll_dict_free(&attrs); conll_dict_free(&labels);
    conll_corpus_free(&ctr); conll_corpus_free(&cte);
    return 0;
}
