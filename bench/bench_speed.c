/* bench/bench_speed.c: `make bench-speed`. What BCFW costs next to the oracle it calls (issue 14, items 4 and 6).
   1. A pass against the oracle: on OCR-small and OCR-large (the counted-Hamming chain without biases,
      lambda = 0.01), dense pixels and sparse attribute ids, after 3 warm-up passes, alternately n bare
      loss-augmented oracle calls (a plain C loop over the problem's oracle at the solver's current w) and one
      BCFW pass (ssvm_solver_pass, no evaluation); CPU seconds (clock()) of each, 7 alternations, the median
      ratio per case. pass_vs_oracle_max: the largest of the four medians.
   2. Time to accuracy: BCFW alone, each config.bcfw technique alone (gap sampling, pairwise steps, plane
      caching) and all together (gap sampling + all steps + caching, 32 atoms): oracle calls, passes, wall and CPU
      seconds (training + evaluation) and oracle-pass equivalents (ope: CPU seconds / the CPU time of n bare
      oracle calls measured in the same run) to reach
        OCR-small primal <= 2.629 (evaluated every pass: a user must know the target was met; the "predicted
        evaluations" rows evaluate only where SSVM_EVAL_PREDICT says the target may be met);
        OCR-large certified gap <= 1e-3 (the gap every 5 passes; long: only with FULL=1, i.e. --full; without it
        OCR-large runs to the cheaper gap <= 1e-2, and the RESULT line says which: large_gap_tol=).
   3. CoNLL-2000 end to end (wall and CPU seconds from reading the gzip'd files to the last test prediction):
      read, featurize (CRF++ template, examples/chunking.template, by the library's readers, as tools/structsvm.c
      does), BCFW at lambda = 1e-3 on the counted-Hamming ATTR_MAJOR chain (examples/chunk_model.h's model)
      until the evaluated primal of the average (the only vector evaluated: eval_iterate = 0) <= 1.2209 (SVM^hmm's objective at eps = 0.1, C = 1000: 1220.92 / C), then
      Viterbi on the test set and conlleval's chunk F1. BCFW with SSVM_EVAL_PREDICT: weighted average, suffix
      average, gap sampling with the suffix average; then plain BCFW evaluated every pass (FULL=1 adds all
      techniques together).
   Last line: RESULT small_target_ope=<best of the rows but plain BCFW evaluated every pass (each technique alone,
   all together, predicted evaluations), ope> small_target_s=<its CPU s>
   large_gap_oracle_ratio=<training oracle calls all-together / plain to the large gap, as bench-gaps counts them> pass_vs_oracle_max=<max median>
   conll_end_to_end_s=<CPU s of the faster CoNLL row (predicted evaluations, in practice): what a quiet machine's wall time would be> conll_f1=<F1> large_gap_tol=<the large
   run's gap> conll_wall_s=<wall s on this machine>  (-1: not run)
   usage: bench_speed [shared-dir] [--full] [--pass-only | --conll-only | --conll-variant R]
                      [--profile small|small-sparse]
   --conll-variant R: only CoNLL's row R (0-3: predicted, suffix, gap + suffix, every pass), for A/B timings */
#define _POSIX_C_SOURCE 200809L
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "../examples/ocr_data.h"
#include "../examples/conll_data.h" /* conlleval's chunk scores */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_now(void) { return (double)clock() / (double)CLOCKS_PER_SEC; }
static double wall_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* CPU seconds of n bare loss-augmented oracle calls at w */
static double oracle_pass(const ssvm_problem *p, const ssvm_real *w, int *y) {
    int i;
    double t0 = cpu_now(), sink = 0;
    ssvm_real delta;
    for (i = 0; i < p->n; i++) { p->oracle(p->user, i, w, 1.0, y, &delta); sink += (double)delta; }
    if (sink < 0) printf("?");
    return cpu_now() - t0;
}
static int cmp_d(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

#define ALTS 7
/* the median ratio (BCFW pass / n bare oracle calls) over ALTS alternations; *opass: the median oracle pass */
static double pass_ratio(const ssvm_problem *p, int passes_only, double *opass, double *bpass) {
    ssvm_solver_config c = ssvm_solver_config_init(p, SSVM_BCFW);
    ssvm_solver s;
    ssvm_real *w = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)p->d);
    int *y = (int *)malloc(sizeof(int) * (size_t)p->max_label_len), k;
    double ro[ALTS], rb[ALTS], rr[ALTS];
    c.lambda = 0.01; c.max_passes = 1000000; c.gap_tol = 0; c.eval_every = 0;
    if (!w || !y || ssvm_solver_init(&c, &s) != SSVM_OK) { free(w); free(y); return -1; }
    for (k = 0; k < 3; k++) ssvm_solver_pass(&s);
    for (k = 0; k < (passes_only ? 3 : ALTS); k++) {
        double t0;
        ssvm_solver_weights(&s, SSVM_W_ITERATE, w, sizeof(ssvm_real) * (size_t)p->d);
        if (!passes_only) ro[k] = oracle_pass(p, w, y);
        t0 = cpu_now();
        ssvm_solver_pass(&s);
        rb[k] = cpu_now() - t0;
        if (!passes_only) rr[k] = rb[k] / ro[k];
    }
    ssvm_solver_uninit(&s);
    free(w); free(y);
    if (passes_only) return 0;
    qsort(ro, ALTS, sizeof(double), cmp_d); qsort(rb, ALTS, sizeof(double), cmp_d); qsort(rr, ALTS, sizeof(double), cmp_d);
    *opass = ro[ALTS / 2]; *bpass = rb[ALTS / 2];
    return rr[ALTS / 2];
}

typedef struct variant {
    const char *name;
    int gap, cache;
    ssvm_bcfw_steps steps;
    ssvm_eval_schedule sched;
    ssvm_averaging avg; /* BCFW's average (the default: weighted) */
} variant;
static const variant variants[] = {
    {"bcfw", 0, 0, SSVM_BCFW_STEPS_FW, SSVM_EVAL_FIXED, SSVM_AVG_WEIGHTED},
    {"+gap sampling", 1, 0, SSVM_BCFW_STEPS_FW, SSVM_EVAL_FIXED, SSVM_AVG_WEIGHTED},
    {"+pairwise", 0, 0, SSVM_BCFW_STEPS_PAIRWISE, SSVM_EVAL_FIXED, SSVM_AVG_WEIGHTED},
    {"+cache", 0, 1, SSVM_BCFW_STEPS_FW, SSVM_EVAL_FIXED, SSVM_AVG_WEIGHTED},
    {"+gap +all steps +cache", 1, 1, SSVM_BCFW_STEPS_ALL, SSVM_EVAL_FIXED, SSVM_AVG_WEIGHTED},
    {"bcfw, predicted evaluations", 0, 0, SSVM_BCFW_STEPS_FW, SSVM_EVAL_PREDICT, SSVM_AVG_WEIGHTED},
    {"+gap sampling, predicted evaluations", 1, 0, SSVM_BCFW_STEPS_FW, SSVM_EVAL_PREDICT, SSVM_AVG_WEIGHTED},
    {"suffix average, predicted evaluations", 0, 0, SSVM_BCFW_STEPS_FW, SSVM_EVAL_PREDICT, SSVM_AVG_SUFFIX},
    {"+gap sampling, suffix average, predicted evaluations", 1, 0, SSVM_BCFW_STEPS_FW, SSVM_EVAL_PREDICT, SSVM_AVG_SUFFIX},
    {"+gap +pairwise +cache, suffix average, predicted evaluations", 1, 1, SSVM_BCFW_STEPS_PAIRWISE, SSVM_EVAL_PREDICT,
     SSVM_AVG_SUFFIX},
};
#define V_ALL 4     /* all techniques together */
#define V_PREDICT 5 /* plain BCFW, SSVM_EVAL_PREDICT */
#define V_SUFFIX 7  /* suffix average, SSVM_EVAL_PREDICT */
#define V_GS_SUFFIX 8 /* gap sampling, suffix average, SSVM_EVAL_PREDICT */
#define V_PWC 9     /* the paper's BCPFW with gap sampling and caching, suffix average, SSVM_EVAL_PREDICT (0.6.3) */
#define NV ((int)(sizeof variants / sizeof variants[0]))

typedef struct outcome { int ok, passes; long long calls, ecalls, saved; double wall, cpu; } outcome;

static outcome run(const ssvm_problem *p, const variant *v, double lambda, double target, double gap_tol,
                   int max_passes, int every) {
    ssvm_solver_config c = ssvm_solver_config_init(p, SSVM_BCFW);
    ssvm_solver s;
    ssvm_progress pr;
    ssvm_result r;
    outcome o;
    memset(&o, 0, sizeof o);
    memset(&pr, 0, sizeof pr);
    c.lambda = lambda; c.max_passes = max_passes; c.gap_tol = gap_tol; c.target_primal = target;
    c.eval_every = every; c.eval_average = every == 1; c.eval_schedule = v->sched; c.averaging = v->avg;
    c.bcfw.gap_sampling = v->gap; c.bcfw.cache = v->cache; c.bcfw.steps = v->steps; c.bcfw.max_atoms = 32;
    if (ssvm_solver_init(&c, &s) != SSVM_OK) return o;
    r = ssvm_solver_run(&s);
    ssvm_solver_progress(&s, &pr);
    o.ok = r == SSVM_TARGET_REACHED || r == SSVM_CONVERGED;
    o.passes = pr.pass; o.calls = pr.oracle_calls; o.ecalls = pr.eval_oracle_calls; o.saved = pr.oracle_calls_saved;
    o.wall = pr.wall_seconds + pr.eval_wall_seconds; o.cpu = pr.cpu_seconds + pr.eval_cpu_seconds;
    ssvm_solver_uninit(&s);
    return o;
}
static void row(const char *name, const outcome *o, double opass) {
    printf("| %s | %s | %d | %lld + %lld | %lld | %.2f | %.2f | %.1f |\n", name, o->ok ? "yes" : "no", o->passes,
           o->calls, o->ecalls, o->saved, o->wall, o->cpu, o->cpu / opass);
    fflush(stdout);
}
static void head(const char *title, double opass) {
    printf("\n#### %s (one bare oracle pass = %.4f CPU s)\n", title, opass);
    printf("| variant | reached | passes | oracle calls (train + eval) | saved by cache | wall s | CPU s | ope |\n"
           "|---|---|---:|---:|---:|---:|---:|---:|\n");
}

/* ---- CoNLL end to end ---- */
/* a gzip'd CoNLL file through gzip -dc, as tools/structsvm.c reads one */
static ssvm_result read_gz(const ssvm_reader_config *rc, const char *path, ssvm_conll_data *out, ssvm_read_error *e) {
    char cmd[1200];
    FILE *f;
    ssvm_result r;
    snprintf(cmd, sizeof cmd, "gzip -dc -- '%s'", path);
    if (!(f = popen(cmd, "r"))) return SSVM_ERR_IO;
    r = ssvm_read_conll(rc, ssvm_input_FILE(f), out, e);
    if (pclose(f) != 0 && r == SSVM_OK) r = SSVM_ERR_IO;
    return r;
}
typedef struct conll_run { double wall, cpu, f1, read_cpu, train_cpu, eval_cpu; int passes; long long calls; int ok; } conll_run;
static conll_run conll_end_to_end(const char *shared, const variant *v) {
    char ptr[1024], pte[1024];
    conll_run out;
    ssvm_reader_config rc = ssvm_reader_config_init();
    ssvm_conll_data dtr, dte;
    ssvm_conll_features ftr, fte;
    ssvm_template tp;
    ssvm_dict attrs, labels;
    ssvm_read_error e;
    ssvm_chain_config cc;
    ssvm_chain m;
    ssvm_problem p;
    ssvm_solver_config c;
    ssvm_real *w = NULL;
    int *pred = NULL, i, *gl = NULL;
    double w0 = wall_now(), c0 = cpu_now();
    memset(&out, 0, sizeof out);
    out.f1 = -1;
    memset(&dtr, 0, sizeof dtr); memset(&dte, 0, sizeof dte); memset(&ftr, 0, sizeof ftr); memset(&fte, 0, sizeof fte);
    memset(&tp, 0, sizeof tp); memset(&attrs, 0, sizeof attrs); memset(&labels, 0, sizeof labels);
    snprintf(ptr, sizeof ptr, "%s/data/conll2000/train.txt.gz", shared);
    snprintf(pte, sizeof pte, "%s/data/conll2000/test.txt.gz", shared);
    ssvm_dict_init(&attrs, NULL); ssvm_dict_init(&labels, NULL);
    e.message = "";
    if (ssvm_read_template_path(&rc, "examples/chunking.template", &tp, &e) != SSVM_OK ||
        read_gz(&rc, ptr, &dtr, &e) != SSVM_OK || read_gz(&rc, pte, &dte, &e) != SSVM_OK ||
        ssvm_conll_featurize(&rc, &dtr, &tp, &attrs, &labels, 1, 1, &ftr, &e) != SSVM_OK ||
        ssvm_conll_featurize(&rc, &dte, &tp, &attrs, &labels, 0, 1, &fte, &e) != SSVM_OK) {
        printf("CoNLL: cannot read or featurize the data (%s)\n", e.message);
        goto done;
    }
    out.read_cpu = cpu_now() - c0;
    cc = ssvm_conll_chain_config_init(&ftr);
    cc.flags = SSVM_CHAIN_ATTR_MAJOR | SSVM_CHAIN_COUNTED_LOSS;
    if (ssvm_chain_init(&cc, &m) != SSVM_OK || ssvm_chain_problem(&m, &p) != SSVM_OK) goto done;
    w = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)p.d);
    c = ssvm_solver_config_init(&p, SSVM_BCFW);
    c.lambda = 1e-3; c.max_passes = 200; c.gap_tol = 0; c.target_primal = 1.2209; c.eval_every = 1;
    c.eval_schedule = v->sched;
    c.eval_iterate = 0; /* the certificate is the average's primal: one evaluation pass a pass, not two */
    c.bcfw.gap_sampling = v->gap; c.bcfw.cache = v->cache; c.bcfw.steps = v->steps; c.bcfw.max_atoms = 32;
    c.averaging = v->avg;
    {
        ssvm_solver s;
        ssvm_progress pr;
        ssvm_result r;
        memset(&pr, 0, sizeof pr);
        if (!w || ssvm_solver_init(&c, &s) != SSVM_OK) { ssvm_chain_uninit(&m); goto done; }
        r = ssvm_solver_run(&s);
        ssvm_solver_progress(&s, &pr);
        out.ok = r == SSVM_TARGET_REACHED;
        out.passes = pr.pass; out.calls = pr.oracle_calls + pr.eval_oracle_calls;
        out.train_cpu = pr.cpu_seconds; out.eval_cpu = pr.eval_cpu_seconds;
        ssvm_solver_weights(&s, SSVM_W_AVERAGE, w, sizeof(ssvm_real) * (size_t)p.d); /* whose primal met it */
        ssvm_solver_uninit(&s);
    }
    ssvm_chain_uninit(&m);
    { /* the test predictions and conlleval's chunk F1 (test tags unseen in training: -1, scored as such) */
        ssvm_chain_config tc = ssvm_conll_chain_config_init(&fte);
        ssvm_chain tm;
        ssvm_problem tpb;
        const char **g = NULL, **pp = NULL;
        conll_scores sc;
        gl = (int *)malloc(sizeof(int) * (size_t)(fte.n_tok > 0 ? fte.n_tok : 1));
        pred = (int *)malloc(sizeof(int) * (size_t)(fte.n_tok > 0 ? fte.n_tok : 1));
        if (!gl || !pred) goto done;
        for (i = 0; i < fte.n_tok; i++) gl[i] = fte.labels[i] < 0 ? 0 : fte.labels[i];
        tc.labels = gl;
        tc.flags = SSVM_CHAIN_ATTR_MAJOR | SSVM_CHAIN_COUNTED_LOSS;
        if (ssvm_chain_init(&tc, &tm) != SSVM_OK || ssvm_chain_problem(&tm, &tpb) != SSVM_OK) goto done;
        for (i = 0; i < tpb.n; i++) tpb.decode(tpb.user, i, w, pred + tc.start[i]);
        ssvm_chain_uninit(&tm);
        out.wall = wall_now() - w0; out.cpu = cpu_now() - c0; /* the last test prediction */
        g = (const char **)malloc(sizeof(char *) * (size_t)(fte.n_tok + 1));
        pp = (const char **)malloc(sizeof(char *) * (size_t)(fte.n_tok + 1));
        if (g && pp) {
            for (i = 0; i < fte.n_tok; i++) {
                g[i] = ssvm_dict_str(&dte.strs, dte.cell[(size_t)i * (size_t)dte.n_cols + (size_t)(dte.n_cols - 1)]);
                pp[i] = ssvm_dict_str(&labels, pred[i]);
            }
            if (conll_score_tags(dte.n_seq, dte.seq_start, g, pp, &sc) == 0) { out.f1 = sc.f1; conll_scores_free(&sc); }
        }
        free(g); free(pp);
    }
done:
    free(w); free(pred); free(gl);
    ssvm_conll_features_uninit(&ftr); ssvm_conll_features_uninit(&fte);
    ssvm_conll_data_uninit(&dtr); ssvm_conll_data_uninit(&dte);
    ssvm_dict_uninit(&attrs); ssvm_dict_uninit(&labels); ssvm_template_uninit(&tp);
    return out;
}

int main(int argc, char **argv) {
    const char *shared = "../shared", *profile = NULL;
    char path[1024], err[256];
    ocr_data all, str, ste, ltr, lte;
    ocr_sparse ss, ls;
    ssvm_chain_config cc;
    ssvm_chain m[4];
    ssvm_problem p[4];
    const char *names[4] = {"OCR-small dense", "OCR-small sparse", "OCR-large dense", "OCR-large sparse"};
    double ratio_max = -1, opass[4], bpass[4], ratio[4];
    double small_ope = -1, small_s = -1, large_ratio = -1, large_tol, conll_s = -1, conll_f1 = -1, conll_wall = -1;
    int i, full = 0, pass_only = 0, conll_only = 0, conll_row = -1;
    const char *threads_file = NULL; /* make bench-speed: bench_threads' output, its threads2_speedup joins our line */
    char threads2[64] = "";
    outcome so[NV];
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--full")) full = 1;
        else if (!strcmp(argv[i], "--pass-only")) pass_only = 1;
        else if (!strcmp(argv[i], "--conll-only")) conll_only = 1;
        else if (!strcmp(argv[i], "--conll-variant") && i + 1 < argc) { conll_only = 1; conll_row = atoi(argv[++i]); }
        else if (!strcmp(argv[i], "--profile") && i + 1 < argc) profile = argv[++i];
        else if (!strcmp(argv[i], "--threads-result") && i + 1 < argc) threads_file = argv[++i];
        else shared = argv[i];
    }
    large_tol = full ? 1e-3 : 1e-2;
    snprintf(path, sizeof path, "%s/data/ocr/letter.data.gz", shared);
    if (ocr_load(path, &all, err, sizeof err) != 0) {
        printf("bench-speed needs the OCR data: %s\nRESULT skipped=1\n", err);
        return 0;
    }
    ocr_split(&all, OCR_SMALL, &str, &ste);
    ocr_split(&all, OCR_LARGE, &ltr, &lte);
    if (ocr_sparse_init(&str, &ss) || ocr_sparse_init(&ltr, &ls)) return 1;
    for (i = 0; i < 4; i++) {
        const ocr_data *d = i < 2 ? &str : &ltr;
        if (i % 2) ocr_chain_sparse(d, OCR_MODEL_COUNTED, i < 2 ? &ss : &ls, &cc);
        else ocr_chain(d, OCR_MODEL_COUNTED, &cc);
        if (ssvm_chain_init(&cc, &m[i]) != SSVM_OK || ssvm_chain_problem(&m[i], &p[i]) != SSVM_OK) return 1;
    }
    if (profile) { /* for callgrind: 3 warm-up + 3 passes, no oracle loop */
        pass_ratio(&p[strcmp(profile, "small-sparse") ? 0 : 1], 1, NULL, NULL);
        return 0;
    }
    printf("structsvm.h bench-speed: ssvm_real = %s; CPU seconds (clock()), the machine may be shared\n",
           sizeof(ssvm_real) == sizeof(float) ? "float" : "double");
    printf("\n#### A BCFW pass against n bare loss-augmented oracle calls (median of %d alternations, after 3 passes)\n",
           ALTS);
    printf("| case | n | oracle pass s | BCFW pass s | ratio |\n|---|---:|---:|---:|---:|\n");
    for (i = 0; i < (conll_only ? 0 : 4); i++) {
        ratio[i] = pass_ratio(&p[i], 0, &opass[i], &bpass[i]);
        printf("| %s | %d | %.4f | %.4f | %.3f |\n", names[i], p[i].n, opass[i], bpass[i], ratio[i]);
        fflush(stdout);
        if (ratio[i] > ratio_max) ratio_max = ratio[i];
    }
    if (!pass_only && !conll_only) {
        head("OCR-small (dense), counted Hamming, lambda = 0.01: to primal <= 2.629, evaluated every pass (predicted "
             "rows: SSVM_EVAL_PREDICT)", opass[0]);
        for (i = 0; i < NV; i++) {
            so[i] = run(&p[0], &variants[i], 0.01, 2.629, 0, 1000, 1);
            row(variants[i].name, &so[i], opass[0]);
            if (i > 0 && so[i].ok && (small_ope < 0 || so[i].cpu / opass[0] < small_ope)) {
                small_ope = so[i].cpu / opass[0]; small_s = so[i].cpu;
            }
        }
        {
            outcome a, b;
            char t[200];
            snprintf(t, sizeof t, "OCR-large (dense), lambda = 0.01: to certified gap <= %g, the gap every 5 passes%s",
                     large_tol, full ? "" : " (FULL=1 for 1e-3)");
            head(t, opass[2]);
            a = run(&p[2], &variants[0], 0.01, -1e300, large_tol, 300, 5);
            row(variants[0].name, &a, opass[2]);
            b = run(&p[2], &variants[V_ALL], 0.01, -1e300, large_tol, 300, 5);
            row(variants[V_ALL].name, &b, opass[2]);
            if (a.ok && b.ok) large_ratio = (double)b.calls / (double)a.calls;
            a = run(&p[2], &variants[V_PREDICT], 0.01, -1e300, large_tol, 300, 1); /* the grid every pass */
            row(variants[V_PREDICT].name, &a, opass[2]);
        }
    }
    if (!pass_only) {
        printf("\n#### CoNLL-2000 end to end: read, featurize, BCFW at lambda = 1e-3 to primal <= 1.2209 (evaluated "
               "every pass, or SSVM_EVAL_PREDICT's passes), test predictions\n");
        printf("| variant | reached | passes | oracle calls | wall s | CPU s (read + train + eval + rest) | test chunk F1 |\n"
               "|---|---|---:|---:|---:|---:|---:|\n");
        {
            int vs[6] = {V_PREDICT, V_SUFFIX, V_GS_SUFFIX, 0, V_PWC, V_ALL}, k;
            for (k = 0; k < (full ? 6 : 5); k++) { /* all techniques on CoNLL: FULL=1 only (minutes) */
                conll_run r;
                if (conll_row >= 0 && k != conll_row) continue;
                r = conll_end_to_end(shared, &variants[vs[k]]);
                printf("| %s | %s | %d | %lld | %.2f | %.2f (%.2f + %.2f + %.2f + %.2f) | %.2f |\n", variants[vs[k]].name,
                       r.ok ? "yes" : "no", r.passes, r.calls, r.wall, r.cpu, r.read_cpu, r.train_cpu, r.eval_cpu,
                       r.cpu - r.read_cpu - r.train_cpu - r.eval_cpu, r.f1);
                fflush(stdout);
                if (r.ok && (conll_s < 0 || r.cpu < conll_s)) { conll_s = r.cpu; conll_wall = r.wall; conll_f1 = r.f1; }
            }
        }
    }
    if (threads_file) { /* the RESULT line bench/threads.c printed in the same make bench-speed */
        FILE *tf = fopen(threads_file, "r");
        char line[512];
        double sp;
        while (tf && fgets(line, sizeof line, tf))
            if (!strncmp(line, "RESULT ", 7) && strstr(line, "threads2_speedup=") &&
                sscanf(strstr(line, "threads2_speedup=") + 17, "%lf", &sp) == 1)
                snprintf(threads2, sizeof threads2, " threads2_speedup=%.2f", sp);
        if (tf) fclose(tf);
    }
    printf("\nRESULT small_target_ope=%.1f small_target_s=%.2f large_gap_oracle_ratio=%.3f pass_vs_oracle_max=%.3f "
           "conll_end_to_end_s=%.2f conll_f1=%.2f%s large_gap_tol=%g conll_wall_s=%.2f\n",
           small_ope, small_s, large_ratio, ratio_max, conll_s, conll_f1, threads2, large_tol, conll_wall);
    for (i = 0; i < 4; i++) ssvm_chain_uninit(&m[i]);
    ocr_sparse_free(&ss); ocr_sparse_free(&ls);
    return 0;
}
