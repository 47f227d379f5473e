/* bench/multisample.c: `make bench-multisample`. The online multi-sample solver (Branson et al. 2013,
   structsvm.h) with K = 1, 2, 5, 10 sampled labels per oracle call, against BCFW and SSG, on
   OCR-large as a chain (6,251 training words, folds 1-9; test fold 0) and on the same letters as isolated
   26-class multiclass examples (47,535 training letters, folds 1-9; 4,617 test letters, fold 0; 52,152 in
   all). Per pass: oracle calls, primal at w_bar and at w, the dual each method maintains, test error and
   training wall seconds (evaluation excluded). Then a summary per method: the primal after 1, 2 and 5 passes
   and the seconds taken. Last line: RESULT key=value ...
   usage: bench_multisample [shared-dir] [--quick]   (shared-dir defaults to ../shared) */
#define _POSIX_C_SOURCE 200809L
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "../examples/ocr_data.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NPASS 5

typedef struct prob_ctx {
    const char *name;
    ssvm_problem train;
    ssvm_chain *ctest;       /* chain: test words */
    ssvm_multiclass *mtest;  /* multiclass: test letters */
    ssvm_chain *ctrain;
    ssvm_multiclass *mtrain;
} prob_ctx;

typedef struct run_log {
    char label[64];
    double primal[NPASS + 1], primal_it[NPASS + 1], dual[NPASS + 1], secs[NPASS + 1], err[NPASS + 1];
    long long calls[NPASS + 1];
    int n;
} run_log;

typedef struct bctx {
    prob_ctx *pc;
    ssvm_solver *s;
    ssvm_real *w;
    size_t w_bytes;
    run_log *log;
} bctx;

static double test_error(prob_ctx *pc, const ssvm_real *w) {
    if (pc->ctest) {
        double le = 0, we = 0;
        ocr_errors(pc->ctest, w, &le, &we);
        return le;
    } else {
        const ssvm_multiclass_config *m = &pc->mtest->config;
        int i, wrong = 0;
        for (i = 0; i < m->n; i++) {
            int y = -1;
            ssvm_multiclass_predict(m->n_labels, m->n_attrs, w, m->x + (size_t)i * m->n_attrs, &y);
            wrong += y != m->labels[i];
        }
        return (double)wrong / m->n;
    }
}

static int row(void *user, const ssvm_progress *p) {
    bctx *c = (bctx *)user;
    run_log *l = c->log;
    double pa = p->average.primal == p->average.primal ? p->average.primal : p->iterate.primal;
    double du = p->average.dual == p->average.dual ? p->average.dual : p->iterate.dual;
    ssvm_solver_weights(c->s, ssvm_solver_config_of(c->s)->averaging != SSVM_AVG_NONE ? SSVM_W_AVERAGE : SSVM_W_ITERATE,
                        c->w, c->w_bytes);
    if (p->pass <= NPASS) {
        l->primal[p->pass] = pa; l->primal_it[p->pass] = p->iterate.primal; l->dual[p->pass] = du;
        l->secs[p->pass] = p->wall_seconds; l->calls[p->pass] = p->oracle_calls;
        l->err[p->pass] = test_error(c->pc, c->w);
        l->n = p->pass;
    }
    printf("%5d %9lld %12.6f %12.6f ", p->pass, p->oracle_calls, pa, p->iterate.primal);
    if (du == du) printf("%12.6f", du);
    else printf("%12s", "-"); /* SSG has no dual */
    printf(" %8.2f%% %9.3f\n", 100 * l->err[p->pass <= NPASS ? p->pass : NPASS], p->wall_seconds);
    fflush(stdout);
    return 0;
}
static void header(const char *label, const prob_ctx *pc, size_t bytes) {
    printf("\n== %s: %s (n=%d, d=%d, workspace %zu bytes)\n", pc->name, label, pc->train.n, pc->train.d, bytes);
    printf(" pass    oracle  primal(avg)    primal(w)         dual  test_err    wall_s\n");
}

/* a run's training: the header (state bytes at the start), the rows, the state after the run */
static void train_run(prob_ctx *pc, const ssvm_solver_config *q, bctx *c, int show_state) {
    ssvm_solver s;
    ssvm_progress pr;
    ssvm_result r;
    if ((r = ssvm_solver_init(q, &s)) != SSVM_OK) { printf("init failed: %s\n", ssvm_result_string(r)); return; }
    memset(&pr, 0, sizeof pr);
    ssvm_solver_progress(&s, &pr);
    c->s = &s;
    c->w_bytes = sizeof(ssvm_real) * (size_t)pc->train.d;
    c->w = (ssvm_real *)malloc(c->w_bytes);
    header(c->log->label, pc, pr.state_bytes);
    r = ssvm_solver_run(&s);
    if (r < 0) printf("error: %s\n", ssvm_result_string(r));
    ssvm_solver_progress(&s, &pr);
    if (show_state) printf("state after the run: %zu bytes\n", pr.state_bytes); /* BCFW's sparse compact state grows */
    ssvm_solver_uninit(&s);
    free(c->w);
}

static void run_base(prob_ctx *pc, ssvm_solver_kind kind, double lambda, run_log *log) {
    ssvm_solver_config q = ssvm_solver_config_init(&pc->train, kind);
    bctx c;
    memset(log, 0, sizeof *log);
    snprintf(log->label, sizeof log->label, "%s", kind == SSVM_BCFW ? "BCFW (+w_bar)" : "SSG (+w_bar)");
    q.lambda = lambda; q.max_passes = NPASS; q.gap_tol = 0;
    q.sampling = SSVM_SAMPLE_PERMUTATION; /* the same order as the MS runs: a fresh permutation per pass */
    memset(&c, 0, sizeof c);
    c.pc = pc; c.log = log;
    q.progress = row; q.progress_user = &c;
    train_run(pc, &q, &c, 1);
}

/* sampler: 0 = the problem's oracle, 1 = built-in (k-best chain / top-k multiclass) */
static void run_ms(prob_ctx *pc, double lambda, int K, int sampler, int cache, ssvm_ms_update upd, int sweeps,
                   const char *label, run_log *log) {
    ssvm_solver_config q = ssvm_solver_config_init(&pc->train, SSVM_MULTISAMPLE);
    bctx c;
    memset(log, 0, sizeof *log);
    snprintf(log->label, sizeof log->label, "%s", label);
    q.lambda = lambda; q.max_passes = NPASS; q.gap_tol = 0; q.ms.samples = K; q.ms.cache_size = cache; q.ms.update = upd;
    q.ms.sweeps = sweeps;
    if (sampler) {
        if (pc->ctrain) ssvm_chain_kbest_sampler(pc->ctrain, &q.ms.sampler);
        else ssvm_multiclass_sampler(pc->mtrain, &q.ms.sampler);
    }
    memset(&c, 0, sizeof c);
    c.pc = pc; c.log = log;
    q.progress = row; q.progress_user = &c;
    train_run(pc, &q, &c, 0);
}

static void summary(const char *title, double lambda, run_log *logs, int nlogs) {
    int k;
    printf("\n#### %s, lambda = %g: primal P(w_bar) [P(w)] after 1, 2, 5 passes; training wall seconds; test error after 5\n",
           title, lambda);
    printf("%-34s %21s %21s %21s %7s %7s %7s %8s\n", "method", "pass 1", "pass 2", "pass 5", "s@1", "s@2", "s@5", "err@5");
    for (k = 0; k < nlogs; k++) {
        run_log *l = logs + k;
        if (l->n < NPASS) { printf("%-34s (incomplete)\n", l->label); continue; }
        printf("%-34s %9.5f [%9.5f] %9.5f [%9.5f] %9.5f [%9.5f] %7.2f %7.2f %7.2f %7.2f%%\n", l->label, l->primal[1],
               l->primal_it[1], l->primal[2], l->primal_it[2], l->primal[5], l->primal_it[5], l->secs[1], l->secs[2],
               l->secs[5], 100 * l->err[5]);
    }
}

/* a long BCFW run for the optimum's bracket: best dual <= min P <= best primal */
static void bracket(prob_ctx *pc, double lambda, int passes, double *lo, double *hi) {
    ssvm_solver_config q = ssvm_solver_config_init(&pc->train, SSVM_BCFW);
    ssvm_progress pr;
    size_t wb = sizeof(ssvm_real) * (size_t)pc->train.d;
    ssvm_real *w = (ssvm_real *)malloc(wb);
    q.lambda = lambda; q.max_passes = passes; q.gap_tol = 0; q.eval_every = passes;
    memset(&pr, 0, sizeof pr);
    ssvm_train(&q, w, wb, &pr);
    *lo = pr.average.dual > pr.iterate.dual ? pr.average.dual : pr.iterate.dual;
    *hi = pr.average.primal < pr.iterate.primal ? pr.average.primal : pr.iterate.primal;
    free(w);
}

/* all methods on both problems at one lambda; fills the RESULT fields when res is non-NULL */
static void block(prob_ctx *chain, prob_ctx *mc, double lambda, int quick, char *res, size_t rescap) {
    run_log clog[8], mlog[12];
    int i, Ks[4] = {1, 2, 5, 10};
    double clo = 0, chi = 0, mlo = 0, mhi = 0;
    printf("\n################ lambda = %g\n", lambda);
    for (i = 0; i < 4; i++) {
        char lab[64];
        snprintf(lab, sizeof lab, "MS K=%d (k-best Viterbi)", Ks[i]);
        run_ms(chain, lambda, Ks[i], 1, 0, SSVM_MS_UPDATE_AUTO, 1, lab, &clog[i]);
    }
    run_ms(chain, lambda, 1, 0, 4, SSVM_MS_UPDATE_AUTO, 1, "MS K=1+4 cached (oracle + cache)", &clog[4]);
    run_ms(chain, lambda, 5, 1, 0, SSVM_MS_UPDATE_SWEEP, 3, "MS K=5 k-best, 3 sweeps", &clog[5]);
    run_base(chain, SSVM_BCFW, lambda, &clog[6]);
    run_base(chain, SSVM_SSG, lambda, &clog[7]);
    if (!quick) bracket(chain, lambda, 40, &clo, &chi);
    for (i = 0; i < 4; i++) {
        char lab[64];
        snprintf(lab, sizeof lab, "MS K=%d top-k, Alg. 2 (exact)", Ks[i]);
        run_ms(mc, lambda, Ks[i], 1, 0, SSVM_MS_UPDATE_AUTO, 1, lab, &mlog[i]);
    }
    for (i = 1; i < 4; i++) {
        char lab[64];
        snprintf(lab, sizeof lab, "MS K=%d top-k, Alg. 1", Ks[i]);
        run_ms(mc, lambda, Ks[i], 1, 0, SSVM_MS_UPDATE_SWEEP, 1, lab, &mlog[3 + i]);
    }
    run_ms(mc, lambda, 25, 1, 0, SSVM_MS_UPDATE_AUTO, 1, "MS K=25 all classes, Alg. 2", &mlog[7]);
    run_ms(mc, lambda, 1, 0, 4, SSVM_MS_UPDATE_SWEEP, 1, "MS K=1+4 cached (oracle + cache)", &mlog[8]);
    run_base(mc, SSVM_BCFW, lambda, &mlog[9]);
    run_base(mc, SSVM_SSG, lambda, &mlog[10]);
    if (!quick) bracket(mc, lambda, 40, &mlo, &mhi);

    summary("OCR-large chain", lambda, clog, 8);
    if (!quick) printf("  optimum bracket from 40 BCFW passes: %.5f <= min P <= %.5f\n", clo, chi);
    summary("OCR letters multiclass", lambda, mlog, 11);
    if (!quick) printf("  optimum bracket from 40 BCFW passes: %.5f <= min P <= %.5f\n", mlo, mhi);
    if (res) {
        size_t u = 0;
        for (i = 0; i < 4; i++) u += (size_t)snprintf(res + u, rescap - u, " chain_K%d_p1=%.5f", Ks[i], clog[i].primal[1]);
        u += (size_t)snprintf(res + u, rescap - u, " chain_bcfw_p1=%.5f chain_ssg_p1=%.5f", clog[6].primal[1], clog[7].primal[1]);
        for (i = 0; i < 4; i++) u += (size_t)snprintf(res + u, rescap - u, " mc_K%d_p1=%.5f", Ks[i], mlog[i].primal[1]);
        snprintf(res + u, rescap - u, " mc_bcfw_p1=%.5f mc_ssg_p1=%.5f", mlog[9].primal[1], mlog[10].primal[1]);
    }
}

int main(int argc, char **argv) {
    const char *shared = "../shared";
    char path[1024], err[512], res[1024];
    ocr_data all, tr, te;
    ssvm_chain_config cctr, ccte;
    ssvm_chain ctr, cte;
    ssvm_multiclass_config cmtr, cmte;
    ssvm_multiclass mtr, mte;
    prob_ctx chain, mc;
    int quick = 0, i;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) quick = 1;
        else shared = argv[i];
    }
    snprintf(path, sizeof path, "%s/data/ocr/letter.data.gz", shared);
    if (ocr_load(path, &all, err, sizeof err) != 0) {
        printf("bench-multisample needs the OCR data: %s\n", err);
        printf("RESULT skipped=1\n");
        return 0;
    }
    if (ocr_split(&all, OCR_LARGE, &tr, &te) != 0) { printf("RESULT skipped=1\n"); return 0; }
    ocr_chain(&tr, OCR_MODEL_REFERENCE, &cctr);
    ocr_chain(&te, OCR_MODEL_REFERENCE, &ccte);
    if (ssvm_chain_init(&cctr, &ctr) != SSVM_OK || ssvm_chain_init(&ccte, &cte) != SSVM_OK) {
        printf("bench-multisample: the OCR chains do not validate\n");
        return 1;
    }
    memset(&chain, 0, sizeof chain);
    chain.name = "OCR-large chain";
    if (ssvm_chain_problem(&ctr, &chain.train) != SSVM_OK) return 1;
    chain.ctest = &cte; chain.ctrain = &ctr;
    cmtr = ssvm_multiclass_config_init(tr.n_letters, OCR_LABELS, OCR_DIM, tr.x, tr.label);
    cmte = ssvm_multiclass_config_init(te.n_letters, OCR_LABELS, OCR_DIM, te.x, te.label);
    if (ssvm_multiclass_init(&cmtr, &mtr) != SSVM_OK || ssvm_multiclass_init(&cmte, &mte) != SSVM_OK) {
        printf("bench-multisample: the OCR letters do not validate\n");
        return 1;
    }
    memset(&mc, 0, sizeof mc);
    mc.name = "OCR letters multiclass";
    if (ssvm_multiclass_problem(&mtr, &mc.train) != SSVM_OK) return 1;
    mc.mtest = &mte; mc.mtrain = &mtr;
    printf("structsvm.h bench-multisample: ssvm_real = %s, %d passes per method, every method visits the examples\n"
           "in a fresh random permutation each pass (seed 1)\n", sizeof(ssvm_real) == sizeof(float) ? "float" : "double", NPASS);
    printf("OCR-large chain: %d training words (%d letters), %d test words; multiclass: %d training letters, %d test letters (%d in all)\n",
           tr.n_words, tr.n_letters, te.n_words, tr.n_letters, te.n_letters, tr.n_letters + te.n_letters);
    printf("MS = online multi-sample dual updates (Branson et al. 2013), one sampler call = one oracle call per step;\n"
           "the dual column is the online dual D_t/t for MS and the averaged BCFW dual for BCFW; test error of w_bar.\n");
    res[0] = 0;
    block(&chain, &mc, 0.01, quick, res, sizeof res);
    if (!quick) block(&chain, &mc, 0.001, quick, NULL, 0);
    printf("\nRESULT lambda=0.01%s\n", res);
    ssvm_chain_uninit(&ctr); ssvm_chain_uninit(&cte);
    ssvm_multiclass_uninit(&mtr); ssvm_multiclass_uninit(&mte);
    ocr_free(&tr); ocr_free(&te); ocr_free(&all);
    return 0;
}
