/* bench/online.c: `make bench-online`: non-stationary online structured prediction (Sakaue, Bao, Cao).
   Part 1, the paper's experiment (Appendix E): examples/online_drift.c, 10 trials; the table at t = 1k..10k
   and the three qualitative claims, tested with each constant rate.
   Part 2, beyond the paper, the same three rates (constant alpha/M, AdaGrad, Polyak-style) on drifting real
   streams, cumulative target loss per surrogate (mean +- 95% interval over 5 trials), D = 200 (with the
   appendix's D = 20 every OCR learner stays near chance: unit-norm letter images need |W|_F ~ 100 for unit
   margins), each stream with and without drift:
     OCR letters (../shared/data/ocr): 26 classes, x = 128 pixels + 1, scaled to |x| = 1; one pass over all
       52,152 letters in a random order; drift = at 4 equal intervals the class names are permuted at random.
       Smooth hinge and base-2 logistic with the decoding of Van der Hoeven et al. (alpha = 1/26), base-2
       logistic with the FY decoding of Sakaue et al. 2024 (alpha = 1 - ln 2), SparseMAP with lambda chosen so
       that alpha = 1/2.
     yeast (../shared/data/yeast, train + test, 2,417 genes): 103 features + 1, |x| = 1; three passes, each in a
       random order; drift = at 4 equal intervals a fresh random half of the 14 labels is flipped (0 <-> 1).
       SparseMAP on the box (Hamming target, lambda with alpha = 1/2) and the convolutional FY loss for label
       ranking (NDCG target, lambda = 1, Frank-Wolfe to a relative gap of 1e-4; genes whose flipped labels are
       all 0 have no NDCG and are skipped, the same rounds for every rate).
   Last line: RESULT flips1=<rates, fewest mistakes first> flips10=... flips100=... claims_hold=<k>/3, where
   the claims use the constant rate alpha/M with the M the appendix states (M = 1/ln 2).
   usage: bench_online [shared-dir] [--quick] [--real] [--ocr-D D] [--yeast-D D]   (shared-dir: ../shared) */
#define _POSIX_C_SOURCE 200809L
#define ONLINE_DRIFT_NO_MAIN
#include "../examples/online_drift.c"   /* structsvm.h and the Appendix E experiment */
#include "../examples/ocr_data.h"

/* ------------------------------------------------------------------ a small ARFF reader (dense, numeric) */
typedef struct arff { int n, nf, nl; double *x; int *y; } arff;
static void arff_free(arff *a) { free(a->x); free(a->y); memset(a, 0, sizeof *a); }
/* Appends the rows of a dense ARFF file (read through gzip -dc for .gz) whose rows hold nf numeric
   features followed by nl 0/1 labels. Returns 0 or -1 with a message in err. */
static int arff_append(const char *path, int nf, int nl, arff *a, char *err, size_t errlen) {
    char *qp, *cmd, *buf = NULL, *p, *end, *line;
    size_t len = 0;
    FILE *f;
    int in_data = 0, lineno = 0;
    f = fopen(path, "rb");
    if (!f) { snprintf(err, errlen, "%s: cannot open", path); return -1; }
    fclose(f);
    qp = ocr__shell_quote(path);
    cmd = qp ? (char *)malloc(strlen(qp) + 16) : NULL;
    if (!cmd) { free(qp); snprintf(err, errlen, "out of memory"); return -1; }
    strcpy(cmd, "gzip -dc -- "); strcat(cmd, qp); free(qp);
    fflush(NULL);
    f = popen(cmd, "r");
    free(cmd);
    if (!f) { snprintf(err, errlen, "%s: cannot run gzip", path); return -1; }
    if (ocr__read_all(f, &buf, &len) != 0) { pclose(f); snprintf(err, errlen, "%s: read error", path); return -1; }
    if (pclose(f) != 0) { free(buf); snprintf(err, errlen, "%s: gzip failed", path); return -1; }
    a->nf = nf; a->nl = nl;
    for (p = buf, end = buf + len; p < end; p = line) {
        char *nl_ = (char *)memchr(p, '\n', (size_t)(end - p)), *q;
        int k;
        double *xr;
        int *yr;
        line = nl_ ? nl_ + 1 : end;
        if (nl_) *nl_ = 0; else { /* last line without newline: terminate in a copy-free way */
            if (end > p && buf + len == end) { /* buffer has slack? realloc once */
                size_t off = (size_t)(p - buf);
                char *nb = (char *)realloc(buf, len + 1);
                if (!nb) { free(buf); snprintf(err, errlen, "out of memory"); return -1; }
                buf = nb; p = buf + off; end = buf + len; line = end; buf[len] = 0;
            }
        }
        lineno++;
        while (*p == ' ' || *p == '\t' || *p == '\r') p++;
        if (!*p || *p == '%') continue;
        if (!in_data) { if (!strncmp(p, "@data", 5) || !strncmp(p, "@DATA", 5)) in_data = 1; continue; }
        if (a->n % 256 == 0) {
            double *nx = (double *)realloc(a->x, sizeof(double) * (size_t)(a->n + 256) * nf);
            int *ny = nx ? (int *)realloc(a->y, sizeof(int) * (size_t)(a->n + 256) * nl) : NULL;
            if (nx) a->x = nx;
            if (!nx || !ny) { free(buf); snprintf(err, errlen, "out of memory"); return -1; }
            a->y = ny;
        }
        xr = a->x + (size_t)a->n * nf; yr = a->y + (size_t)a->n * nl;
        for (k = 0; k < nf + nl; k++) {
            double v = strtod(p, &q);
            if (q == p) { free(buf); snprintf(err, errlen, "%s:%d: field %d is not a number", path, lineno, k + 1); return -1; }
            if (k < nf) xr[k] = v;
            else if (v == 0 || v == 1) yr[k - nf] = (int)v;
            else { free(buf); snprintf(err, errlen, "%s:%d: label %d is not 0/1", path, lineno, k - nf + 1); return -1; }
            p = q;
            while (*p == ' ' || *p == '\r') p++;
            if (k < nf + nl - 1) {
                if (*p != ',') { free(buf); snprintf(err, errlen, "%s:%d: %d fields, expected %d", path, lineno, k + 1, nf + nl); return -1; }
                p++;
            }
        }
        if (*p) { free(buf); snprintf(err, errlen, "%s:%d: more than %d fields", path, lineno, nf + nl); return -1; }
        a->n++;
    }
    free(buf);
    if (!in_data) { snprintf(err, errlen, "%s: no @data section", path); return -1; }
    return 0;
}

/* ------------------------------------------------------------------ drifting real-data streams */
#define RD_RATES 3
#define RD_SEG 5        /* segments: 4 drift points at equal intervals */
#define RD_MAX_TRIALS 10
static const char *const rd_rate_name[RD_RATES] = {"constant", "adagrad", "polyak"};

typedef struct rd_cfg { const char *name; ssvm_surrogate loss; } rd_cfg;
typedef struct rd_out { double seg[RD_MAX_TRIALS][RD_SEG]; double eta_end[RD_MAX_TRIALS]; long long skipped; } rd_out;

static void rd_shuffle(int *a, int n, unsigned long long *s) {
    int i;
    for (i = n - 1; i > 0; i--) { int j = (int)(drift_next(s) % (unsigned long long)(i + 1)), t = a[i]; a[i] = a[j]; a[j] = t; }
}

/* One learner on one stream. X: n x F (unit rows), labels: n x L (L = 1: class; else bits). multiclass:
   class names permuted per segment; multilabel/ranking: a random half of the bits flipped per segment. */
static int rd_run(const ssvm_surrogate *loss, int rate, double D, const ssvm_real *X, const int *labels, int n, int F, int L,
                  int passes, int drift, int trial, double *seg_out, double *eta_end, long long *skipped) {
    ssvm_online_config p = ssvm_online_config_init(loss->kind, loss->n, F);
    ssvm_online o;
    unsigned long long s = 0xC0FFEEULL + 1000003ULL * (unsigned long long)trial; /* the stream: same for all rates */
    int *order = (int *)malloc(sizeof(int) * (size_t)n), *y = (int *)malloc(sizeof(int) * (size_t)(L > 26 ? L : 26));
    int *map = (int *)malloc(sizeof(int) * (size_t)(L > 26 ? L : 26)), *yv = (int *)malloc(sizeof(int) * (size_t)L);
    long long T = (long long)n * passes, t, nskip = 0;
    int seg = 0, i, r = 0, K = loss->n;
    double cum = 0;
    p.loss = *loss;
    p.rate = rate == 0 ? SSVM_RATE_CONSTANT : rate == 1 ? SSVM_RATE_ADAGRAD : SSVM_RATE_POLYAK;
    p.diameter = D;
    p.seed = 77ULL + (unsigned long long)trial;
    if (!order || !y || !map || !yv) { r = SSVM_ERR_OUT_OF_MEMORY; goto done; }
    if ((r = ssvm_online_init(&p, &o)) != SSVM_OK) goto done;
    for (i = 0; i < (L == 1 ? K : L); i++) map[i] = L == 1 ? i : 0; /* identity / no flips */
    for (t = 0; t < T; t++) {
        int ex, ok = 1;
        ssvm_online_info info;
        if (t % n == 0) { for (i = 0; i < n; i++) order[i] = i; rd_shuffle(order, n, &s); }
        if (drift && t > 0 && t == (seg + 1) * T / RD_SEG) { /* a drift point */
            seg_out[seg++] = cum;
            if (L == 1) { for (i = 0; i < K; i++) map[i] = i; rd_shuffle(map, K, &s); }
            else { int idx[64]; for (i = 0; i < L; i++) { idx[i] = i; map[i] = 0; } rd_shuffle(idx, L, &s); for (i = 0; i < L / 2; i++) map[idx[i]] = 1; }
        } else if (!drift && t > 0 && t == (seg + 1) * T / RD_SEG) seg_out[seg++] = cum;
        ex = order[t % n];
        if (L == 1) y[0] = map[labels[ex]];
        else {
            int any = 0;
            for (i = 0; i < L; i++) { yv[i] = labels[(size_t)ex * L + i] ^ map[i]; any |= yv[i]; }
            if (loss->kind == SSVM_CONV_FY_NDCG && !any) ok = 0; /* N(y) = 0: no NDCG; same rounds for every rate */
        }
        if (!ok) { nskip++; continue; }
        if ((r = ssvm_online_round(&o, X + (size_t)ex * F, L == 1 ? y : yv, NULL, &info)) != SSVM_OK) break;
        cum += info.target_loss;
    }
    while (seg < RD_SEG) seg_out[seg++] = cum;
    *eta_end = rate == 2 ? o._eta_prev : rate == 0 ? o._eta_const : o._cfg.diameter / sqrt(2 * (o._adagrad_sum > 0 ? o._adagrad_sum : 1));
    *skipped = nskip;
    ssvm_online_uninit(&o);
done:
    free(order); free(y); free(map); free(yv);
    return r;
}

static void rd_table(const char *title, const rd_cfg *cfg, int ncfg, double D, const ssvm_real *X, const int *labels, int n, int F,
                     int L, int passes, int drift, int trials, const char *unit) {
    static rd_out out[8][RD_RATES];
    int c, rt, tr, k;
    long long T = (long long)n * passes;
    printf("\n%s: T = %lld rounds, D = %g, %s, %d trials; cumulative %s at the end of each fifth of the stream\n", title, T, D,
           drift ? "drift at 4 equal intervals" : "no drift", trials, unit);
    printf("%-34s %-9s", "surrogate (decoding, alpha)", "rate");
    for (k = 1; k <= RD_SEG; k++) printf(" %14lld", k * T / RD_SEG);
    printf(" %10s %8s\n", "per round", "eta_T");
    for (c = 0; c < ncfg; c++) {
        double a, M, fl;
        char nm[64];
        ssvm_surrogate_constants(&cfg[c].loss, &a, &M, &fl);
        snprintf(nm, sizeof nm, "%s (%.3g)", cfg[c].name, a);
        for (rt = 0; rt < RD_RATES; rt++) {
            double eta = 0;
            for (tr = 0; tr < trials; tr++) {
                int r = rd_run(&cfg[c].loss, rt, D, X, labels, n, F, L, passes, drift, tr, out[c][rt].seg[tr], &out[c][rt].eta_end[tr],
                               &out[c][rt].skipped);
                if (r != 0) { printf("error: %s\n", ssvm_result_string((ssvm_result)r)); return; }
                eta += out[c][rt].eta_end[tr] / trials;
            }
            printf("%-34s %-9s", rt == 0 ? nm : "", rd_rate_name[rt]);
            for (k = 0; k < RD_SEG; k++) {
                double m = 0, v = 0, h;
                char buf[40];
                for (tr = 0; tr < trials; tr++) m += out[c][rt].seg[tr][k] / trials;
                for (tr = 0; tr < trials; tr++) v += (out[c][rt].seg[tr][k] - m) * (out[c][rt].seg[tr][k] - m);
                h = trials > 1 ? drift_t975(trials - 1) * sqrt(v / (trials - 1) / trials) : 0;
                snprintf(buf, sizeof buf, "%.1f+-%.1f", m, h);
                printf(" %14s", buf);
                if (k == RD_SEG - 1) {
                    printf(" %10.4f %8.3g\n", m / (double)(T - out[c][rt].skipped), eta);
                }
            }
        }
    }
    if (out[ncfg - 1][0].skipped) printf("(rounds skipped for N(y) = 0: %lld of %lld)\n", out[ncfg - 1][0].skipped, T);
}

static void rd_ocr(const char *shared, int trials, int quick, double D) {
    char path[1024], err[512];
    ocr_data all;
    ssvm_real *X;
    rd_cfg cfg[4];
    int i, j, n;
    snprintf(path, sizeof path, "%s/data/ocr/letter.data.gz", shared);
    if (ocr_load(path, &all, err, sizeof err) != 0) { printf("\nOCR part skipped: %s\n", err); return; }
    n = quick ? 8000 : all.n_letters;
    X = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)all.n_letters * OCR_DIM);
    for (i = 0; i < all.n_letters; i++) { /* |x| = 1 (Assumption 2.2) */
        double s = 0;
        for (j = 0; j < OCR_DIM; j++) s += (double)all.x[(size_t)i * OCR_DIM + j] * (double)all.x[(size_t)i * OCR_DIM + j];
        for (j = 0; j < OCR_DIM; j++) X[(size_t)i * OCR_DIM + j] = (ssvm_real)((double)all.x[(size_t)i * OCR_DIM + j] / sqrt(s));
    }
    cfg[0].name = "smooth hinge (gap)"; cfg[0].loss = ssvm_surrogate_config_init(SSVM_SMOOTH_HINGE, 26);
    cfg[1].name = "logistic b=2 (gap)"; cfg[1].loss = ssvm_surrogate_config_init(SSVM_LOGISTIC, 26);
    cfg[2].name = "logistic b=2 (FY)"; cfg[2].loss = ssvm_surrogate_config_init(SSVM_LOGISTIC, 26);
    cfg[2].loss.decoding = SSVM_DECODE_FY;
    cfg[3].name = "SparseMAP (FY)"; cfg[3].loss = ssvm_surrogate_config_init(SSVM_SPARSEMAP, 26);
    cfg[3].loss.lambda = 4 * sqrt(2.0 * 25 / 26); /* alpha = 1 - 2 sqrt(2 (K-1)/K) / lambda = 1/2 */
    rd_table("OCR letters, 26 classes", cfg, 4, D, X, all.label, n, OCR_DIM, 1, 1, 0, trials, "mistakes");
    rd_table("OCR letters, 26 classes", cfg, 4, D, X, all.label, n, OCR_DIM, 1, 1, 1, trials, "mistakes");
    free(X);
    ocr_free(&all);
}

static void rd_yeast(const char *shared, int trials, int quick, double D) {
    char path[1024], err[512];
    arff a;
    ssvm_real *X;
    rd_cfg cfg[2];
    int i, j, F = 104;
    memset(&a, 0, sizeof a);
    snprintf(path, sizeof path, "%s/data/yeast/yeast-train.arff.gz", shared);
    if (arff_append(path, 103, 14, &a, err, sizeof err) != 0) { printf("\nyeast part skipped: %s\n", err); arff_free(&a); return; }
    snprintf(path, sizeof path, "%s/data/yeast/yeast-test.arff.gz", shared);
    if (arff_append(path, 103, 14, &a, err, sizeof err) != 0) { printf("\nyeast part skipped: %s\n", err); arff_free(&a); return; }
    if (a.n != 2417) printf("(yeast: %d rows, README says 2,417)\n", a.n);
    X = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)a.n * F);
    for (i = 0; i < a.n; i++) { /* 103 features and a constant, scaled to |x| = 1 */
        double s = 1;
        for (j = 0; j < 103; j++) s += a.x[(size_t)i * 103 + j] * a.x[(size_t)i * 103 + j];
        for (j = 0; j < 103; j++) X[(size_t)i * F + j] = (ssvm_real)(a.x[(size_t)i * 103 + j] / sqrt(s));
        X[(size_t)i * F + 103] = (ssvm_real)(1 / sqrt(s));
    }
    cfg[0].name = "SparseMAP box (FY)"; cfg[0].loss = ssvm_surrogate_config_init(SSVM_SPARSEMAP_MULTILABEL, 14);
    cfg[0].loss.lambda = 8 / sqrt(14.0); /* alpha = 1 - 4/(lambda sqrt d) = 1/2 */
    rd_table("yeast multilabel, 14 labels", cfg, 1, D, X, a.y, quick ? 800 : a.n, F, 14, 3, 0, trials, "Hamming loss");
    rd_table("yeast multilabel, 14 labels", cfg, 1, D, X, a.y, quick ? 800 : a.n, F, 14, 3, 1, trials, "Hamming loss");
    cfg[1].name = "conv FY, NDCG (FW)"; cfg[1].loss = ssvm_surrogate_config_init(SSVM_CONV_FY_NDCG, 14);
    cfg[1].loss.fw_tol = 1e-4;                /* FW gap <= 1e-4 max(1, f): |v - v*| <= sqrt(2e-4 lambda max(1, f)) */
    cfg[1].loss.fw_lmo = SSVM_FW_LMO_SORT;    /* exact for this rank-1 cost, same vertices as the Hungarian LMO */
    rd_table("yeast label ranking, 14 labels", cfg + 1, 1, D, X, a.y, quick ? 800 : a.n, F, 14, 3, 0, trials, "NDCG loss");
    rd_table("yeast label ranking, 14 labels", cfg + 1, 1, D, X, a.y, quick ? 800 : a.n, F, 14, 3, 1, trials, "NDCG loss");
    free(X);
    arff_free(&a);
}

int main(int argc, char **argv) {
    static drift_result res;
    static const int all[DRIFT_RATES] = {0, 1, 2, 3, 4};
    const char *shared = "../shared";
    char order[DRIFT_SETTINGS][256];
    int quick = 0, i, r, trials, k[3], only_real = 0;
    double ocr_D = 200, yeast_D = 200;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) quick = 1;
        else if (!strcmp(argv[i], "--real")) only_real = 1; /* skip Part 1 (exploration) */
        else if (!strcmp(argv[i], "--ocr-D") && i + 1 < argc) ocr_D = atof(argv[++i]);
        else if (!strcmp(argv[i], "--yeast-D") && i + 1 < argc) yeast_D = atof(argv[++i]);
        else shared = argv[i];
    }
    trials = quick ? 3 : 10;
    printf("structsvm.h bench-online: ssvm_real = %s\n", sizeof(ssvm_real) == sizeof(float) ? "float" : "double");
    printf("\n#### Part 1: the experiment of Appendix E (T = 10,000, %d trials); M* = %.6f (alpha/M* = %.4f)\n", trials,
           drift_tight_M(), 0.5 / drift_tight_M());
    if (only_real) { rd_ocr(shared, quick ? 2 : 5, quick, ocr_D); rd_yeast(shared, quick ? 2 : 5, quick, yeast_D); return 0; }
    if ((r = drift_experiment(&res, trials, 10000)) != 0) { printf("error: %s\n", ssvm_result_string((ssvm_result)r)); return 1; }
    drift_print_table(&res);
    printf("\norder of mistakes at T (fewest first):\n");
    for (i = 0; i < DRIFT_SETTINGS; i++) {
        drift_order(&res, i, all, DRIFT_RATES, order[i], sizeof order[i]);
        printf("  %3d flips: %s\n", drift_flips[i], order[i]);
    }
    for (i = 0; i < 3; i++) {
        printf("\nclaims with the constant rate %s:\n", drift_rate_name[i]);
        k[i] = drift_claims(&res, i, 1);
        printf("  %d/3 hold\n", k[i]);
    }
    if (drift_svg(&res, "build/online_drift.svg") == 0) printf("\nplot: build/online_drift.svg\n");

    printf("\n#### Part 2: drifting real data (%d trials per cell)\n", quick ? 2 : 5);
    rd_ocr(shared, quick ? 2 : 5, quick, ocr_D);
    rd_yeast(shared, quick ? 2 : 5, quick, yeast_D);

    printf("\nclaims_hold: %d/3 with alpha/M (M = 1/ln 2), %d/3 with 1/(2 ln 2), %d/3 with alpha/M*\n", k[0], k[1], k[2]);
    printf("RESULT flips1=%s flips10=%s flips100=%s claims_hold=%d/3\n", order[0], order[1], order[2], k[0]);
    return 0;
}
