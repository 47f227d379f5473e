/* examples/house.c: learning linear assignment on the CMU "house" sequence with ssvm_assign (structsvm.h).

   Usage: build/house [DATA] [--lambda L] [--passes P] [--gaps 0,10,...] [--solver bcfw|ssg|deg|deg-kl] [--seed S]
                      [--max-seconds S] [--squared] [--synthetic]
     --max-seconds S: stop each training run after S seconds of training (config.max_seconds; 0: no limit)
     DATA: the cmu_house directory (holding cmu_house.tar.gz), the shared root (../shared, holding
     data/cmu_house/cmu_house.tar.gz) or the tarball itself. Members are read with popen("tar -xzOf ..."), so
     nothing is unpacked on disk. Without DATA (or with --synthetic) the program runs on synthetic frames it
     generates, so the demo works without ../shared.

   Protocol (Caetano, McAuley, Cheng, Le, Smola, "Learning Graph Matching", TPAMI 31(6) 2009, linear
   assignment setting). 111 frames of a toy house, the same 30 hand-labelled landmarks in each. The frames are
   split into train / validate / test (frames 1,4,7,... / 2,5,8,... / 3,6,9,...), and the tarball's
   pairs/housesK_{train,validate,test}.txt list, for each frame gap K = 0, 10, ..., 90, pairs of frames K
   apart whose first frame is in that split (two lines per pair). One structured example = one pair:
     rows    = the 30 landmarks of the first frame,
     columns = the 30 landmarks of the second frame, shuffled by a permutation drawn from --seed (so the truth
               is not the identity in storage order), truth row j -> the column holding landmark j,
     f(x, j, k) = the elementwise absolute difference (--squared: squared) of the two landmarks' 60-bin
               shape-context histograms, each normalised to sum 1 (F = 60; no bias: every matching of a
               square example would get the same bias term, so it could not change the argmax).
   The oracle maximises <w, phi>, so a good w is negative on the difference features: w = all -1 is plain
   L1 shape-context matching, the untrained baseline reported next to the trained model (Caetano et al.'s
   "no learning" curve). The task loss, and the reported matching error, is the fraction of landmarks
   mismatched (normalised Hamming loss over rows). Training uses the train pairs of every gap in --gaps
   (default all ten); lambda is chosen on the validate pairs of the same gaps from {1, 0.1, 0.01, 1e-3, 1e-4}
   unless --lambda is given; the table reports the test error per gap for the trained and the uniform w.
   Caetano et al. train one model per gap; --gaps K does that for one K.

   Build: make build/house (or: cc -std=c99 -O2 examples/house.c -o build/house -lm). Public domain. */
#define _POSIX_C_SOURCE 200809L /* popen */
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

#define H_FRAMES 111
#define H_PTS 30
#define H_BINS 60
#define H_GAPS 10

typedef struct hpair { int a, b, gap; } hpair;
typedef struct hdata {
    double *hist;                     /* (H_FRAMES + 1) frames x H_PTS x H_BINS, frame f (1-based) at f*H_PTS*H_BINS */
    unsigned char loaded[H_FRAMES + 1];
    char tar[1024];                   /* the tarball, or "" for synthetic data */
    hpair *pairs[3];                  /* train, validate, test */
    int npairs[3];
} hdata;
static const char *h_split_name[3] = {"train", "validate", "test"};

/* ------------------------------------------------------------------ reading the tarball */
static FILE *h_member(const hdata *D, const char *member) {
    char cmd[2300];
    if (strchr(D->tar, '\'') || strchr(member, '\'')) return NULL;
    snprintf(cmd, sizeof cmd, "tar -xzOf '%s' '%s' 2>/dev/null", D->tar, member);
    return popen(cmd, "r");
}
static int h_load_frame(hdata *D, int f) {
    char member[64];
    FILE *p;
    int j, b, ok = 1;
    double *h = D->hist + (size_t)f * H_PTS * H_BINS;
    if (D->loaded[f]) return 1;
    snprintf(member, sizeof member, "house%03d.scf", f);
    if (!(p = h_member(D, member))) return 0;
    for (j = 0; j < H_PTS && ok; j++) {
        double s = 0;
        for (b = 0; b < H_BINS; b++) {
            if (fscanf(p, "%lf", &h[j * H_BINS + b]) != 1 || h[j * H_BINS + b] < 0) { ok = 0; break; }
            s += h[j * H_BINS + b];
        }
        for (b = 0; ok && s > 0 && b < H_BINS; b++) h[j * H_BINS + b] /= s;
    }
    if (pclose(p) != 0) ok = 0;
    D->loaded[f] = (unsigned char)ok;
    return ok;
}
/* the frame number of a path ending in houseNNN.scf */
static int h_frame_of(const char *path) {
    const char *s = strrchr(path, '/');
    int f = 0;
    s = s ? s + 1 : path;
    if (sscanf(s, "house%d.scf", &f) != 1 || f < 1 || f > H_FRAMES) return 0;
    return f;
}
static int h_add_pair(hdata *D, int split, int a, int b, int gap) {
    hpair *np = (hpair *)realloc(D->pairs[split], (size_t)(D->npairs[split] + 1) * sizeof(hpair));
    if (!np) return 0;
    D->pairs[split] = np;
    np[D->npairs[split]].a = a; np[D->npairs[split]].b = b; np[D->npairs[split]].gap = gap;
    D->npairs[split]++;
    return 1;
}
static int h_load_pairs(hdata *D, int split, int gap) {
    char member[64], tok[8][1024];
    FILE *p;
    int ok = 1;
    snprintf(member, sizeof member, "pairs/houses%d_%s.txt", gap, h_split_name[split]);
    if (!(p = h_member(D, member))) return 0;
    for (;;) {
        int k, a, b;
        for (k = 0; k < 8; k++) if (fscanf(p, "%1023s", tok[k]) != 1) break;
        if (k == 0) break;
        if (k < 8) { ok = 0; break; }
        a = h_frame_of(tok[1]); b = h_frame_of(tok[5]);
        if (!a || !b || !h_load_frame(D, a) || !h_load_frame(D, b) || !h_add_pair(D, split, a, b, gap)) { ok = 0; break; }
    }
    if (pclose(p) != 0) ok = 0;
    return ok;
}

/* ------------------------------------------------------------------ synthetic frames (no data needed) */
static unsigned long long h_rng_state(unsigned long long *s) {
    unsigned long long z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static double h_unif(unsigned long long *s) { return (double)(h_rng_state(s) >> 11) * (1.0 / 9007199254740992.0); }
/* Landmark histograms that drift along the sequence (a random walk on bins 0..39: the shape seen from a
   slowly moving viewpoint) plus bins 40..59 redrawn in every frame (clutter): plain L1 matching is misled by
   the clutter, a learned w can ignore it. Pairs as in the real lists: first frame in the split, K apart. */
static void h_synthetic(hdata *D, unsigned long long seed) {
    unsigned long long s = seed * 7919u + 17u;
    double walk[H_PTS * H_BINS];
    int f, j, b, K, split;
    for (j = 0; j < H_PTS * H_BINS; j++) walk[j] = h_unif(&s);
    for (f = 1; f <= H_FRAMES; f++) {
        double *h = D->hist + (size_t)f * H_PTS * H_BINS;
        for (j = 0; j < H_PTS; j++) {
            double sum = 0;
            for (b = 0; b < H_BINS; b++) {
                double *v = &walk[j * H_BINS + b];
                if (b < 40) { *v += (h_unif(&s) - 0.5) * 0.25; if (*v < 0) *v = -*v; h[j * H_BINS + b] = *v; }
                else h[j * H_BINS + b] = 4.0 * h_unif(&s);
                sum += h[j * H_BINS + b];
            }
            for (b = 0; b < H_BINS; b++) h[j * H_BINS + b] /= sum;
        }
        D->loaded[f] = 1;
    }
    for (split = 0; split < 3; split++)
        for (K = 0; K < H_GAPS * 10; K += 10)
            for (f = 1 + split; f + K <= H_FRAMES; f += 3) h_add_pair(D, split, f, f + K, K);
}

/* ------------------------------------------------------------------ features of one pair */
/* perm: column k holds landmark perm[k] of frame b; truth[j] = the column of landmark j */
static void h_perm(int idx, unsigned long long seed, int *perm, int *truth) {
    unsigned long long s = seed * 1000003u + (unsigned long long)idx * 7777u + 1u;
    int k;
    for (k = 0; k < H_PTS; k++) perm[k] = k;
    for (k = H_PTS - 1; k > 0; k--) {
        int r = (int)(h_unif(&s) * (k + 1)), t = perm[k];
        perm[k] = perm[r]; perm[r] = t;
    }
    for (k = 0; k < H_PTS; k++) truth[perm[k]] = k;
}
static void h_features(const hdata *D, const hpair *p, const int *perm, int squared, ssvm_real *x) {
    const double *ha = D->hist + (size_t)p->a * H_PTS * H_BINS, *hb = D->hist + (size_t)p->b * H_PTS * H_BINS;
    int j, k, b;
    for (j = 0; j < H_PTS; j++)
        for (k = 0; k < H_PTS; k++) {
            ssvm_real *out = x + ((size_t)j * H_PTS + k) * H_BINS;
            for (b = 0; b < H_BINS; b++) {
                double d = ha[j * H_BINS + b] - hb[perm[k] * H_BINS + b];
                out[b] = (ssvm_real)(squared ? d * d : fabs(d));
            }
        }
}

/* ------------------------------------------------------------------ evaluation: mean fraction mismatched */
typedef struct heval { double err[H_GAPS], all; int n[H_GAPS], total; } heval;
static int h_evaluate(const hdata *D, int split, const int *use_gap, const ssvm_real *w, int squared,
                      unsigned long long seed, heval *ev) {
    size_t bytes = 0;
    void *work;
    ssvm_real *x = (ssvm_real *)malloc((size_t)H_PTS * H_PTS * H_BINS * sizeof(ssvm_real));
    int i, j, perm[H_PTS], truth[H_PTS], y[H_PTS];
    memset(ev, 0, sizeof *ev);
    if (ssvm_assign_predict_get_work_size(H_PTS, H_PTS, 0, &bytes) != SSVM_OK || !x) { free(x); return 0; }
    work = malloc(bytes);
    for (i = 0; work && i < D->npairs[split]; i++) {
        const hpair *p = &D->pairs[split][i];
        int g = p->gap / 10, wrong = 0;
        if (!use_gap[g]) continue;
        h_perm(i + 100000 * (split + 1), seed, perm, truth);
        h_features(D, p, perm, squared, x);
        if (ssvm_assign_predict(H_PTS, H_PTS, H_BINS, 0, w, x, work, bytes, y) != SSVM_OK) { free(work); free(x); return 0; }
        for (j = 0; j < H_PTS; j++) wrong += (y[j] != truth[j]);
        ev->err[g] += (double)wrong / H_PTS; ev->n[g]++;
        ev->all += (double)wrong / H_PTS; ev->total++;
    }
    for (i = 0; i < H_GAPS; i++) if (ev->n[i]) ev->err[i] /= ev->n[i];
    if (ev->total) ev->all /= ev->total;
    free(work); free(x);
    return work != NULL;
}

static double h_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv) {
    hdata D;
    const char *dir = NULL, *gaps = NULL;
    double lambda = -1, grid[5] = {1, 0.1, 0.01, 1e-3, 1e-4}, best_err = 2, train_s = 0, max_seconds = 0;
    int passes = 50, squared = 0, synthetic = 0, use_gap[H_GAPS], a, i, g, j, n = 0, ngrid, gi, best_passes = 0;
    unsigned long long seed = 1;
    ssvm_solver_kind solver = SSVM_BCFW;
    ssvm_deg_geometry geometry = SSVM_DEG_EUCLIDEAN;
    int *row_start = NULL, *pair_start = NULL, *labels = NULL;
    ssvm_real *x = NULL, w[H_BINS], best_w[H_BINS], base_w[H_BINS];
    ssvm_assign_config cfg;
    ssvm_assign model;
    ssvm_problem prob;
    heval ev_tr, ev_base;

    memset(&D, 0, sizeof D);
    for (a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--lambda") && a + 1 < argc) lambda = atof(argv[++a]);
        else if (!strcmp(argv[a], "--passes") && a + 1 < argc) passes = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--gaps") && a + 1 < argc) gaps = argv[++a];
        else if (!strcmp(argv[a], "--seed") && a + 1 < argc) seed = (unsigned long long)atoll(argv[++a]);
        else if (!strcmp(argv[a], "--max-seconds") && a + 1 < argc) max_seconds = atof(argv[++a]);
        else if (!strcmp(argv[a], "--solver") && a + 1 < argc) {
            a++;
            if (!strcmp(argv[a], "bcfw")) solver = SSVM_BCFW;
            else if (!strcmp(argv[a], "ssg")) solver = SSVM_SSG;
            else if (!strcmp(argv[a], "deg")) solver = SSVM_DEG;
            else if (!strcmp(argv[a], "deg-kl")) { solver = SSVM_DEG; geometry = SSVM_DEG_ENTROPIC; }
            else { fprintf(stderr, "--solver: bcfw, ssg, deg or deg-kl\n"); return 2; }
        } else if (!strcmp(argv[a], "--squared")) squared = 1;
        else if (!strcmp(argv[a], "--synthetic")) synthetic = 1;
        else if (argv[a][0] == '-') {
            fprintf(stderr, "usage: %s [DATA] [--lambda L] [--passes P] [--gaps 0,10,...] [--solver bcfw|ssg|deg|deg-kl] "
                            "[--seed S] [--max-seconds S] [--squared] [--synthetic]\n", argv[0]);
            return 2;
        } else dir = argv[a];
    }
    if (passes <= 0 || (lambda != -1 && !(lambda > 0)) || !(max_seconds >= 0)) {
        fprintf(stderr, "bad --passes, --lambda or --max-seconds\n");
        return 2;
    }
    for (g = 0; g < H_GAPS; g++) use_gap[g] = gaps == NULL;
    if (gaps) {
        const char *s = gaps;
        while (*s) {
            char *end;
            long K = strtol(s, &end, 10);
            if (end == s || K < 0 || K > 90 || K % 10) { fprintf(stderr, "--gaps: multiples of 10 in 0..90\n"); return 2; }
            use_gap[K / 10] = 1;
            s = *end == ',' ? end + 1 : end;
            if (*end && *end != ',') { fprintf(stderr, "--gaps: comma-separated\n"); return 2; }
        }
    }
    D.hist = (double *)calloc((size_t)(H_FRAMES + 1) * H_PTS * H_BINS, sizeof(double));
    if (!D.hist) return 1;
    if (dir && !synthetic) { /* find the tarball */
        const char *cand[3] = {"%s/cmu_house.tar.gz", "%s/data/cmu_house/cmu_house.tar.gz", "%s"};
        for (i = 0; i < 3 && !D.tar[0]; i++) {
            FILE *f;
            snprintf(D.tar, sizeof D.tar, cand[i], dir);
            if ((i < 2 || strstr(dir, ".tar.gz")) && (f = fopen(D.tar, "rb"))) fclose(f);
            else D.tar[0] = 0;
        }
        if (!D.tar[0]) printf("no cmu_house.tar.gz under %s: synthetic data instead\n", dir);
    }
    if (D.tar[0]) {
        int split, K;
        for (split = 0; split < 3; split++)
            for (K = 0; K < H_GAPS; K++)
                if (!h_load_pairs(&D, split, 10 * K)) { fprintf(stderr, "%s: cannot read pairs for gap %d (%s)\n", D.tar, 10 * K, h_split_name[split]); return 1; }
        printf("CMU house from %s: pairs train %d, validate %d, test %d\n", D.tar, D.npairs[0], D.npairs[1], D.npairs[2]);
    } else {
        h_synthetic(&D, seed);
        printf("synthetic house-like data (seed %llu): pairs train %d, validate %d, test %d\n", seed, D.npairs[0],
               D.npairs[1], D.npairs[2]);
    }

    /* the training set: every train pair of the chosen gaps, one assignment example each */
    for (i = 0; i < D.npairs[0]; i++) n += use_gap[D.pairs[0][i].gap / 10];
    if (n == 0) { fprintf(stderr, "no training pairs\n"); return 1; }
    row_start = (int *)malloc((size_t)(n + 1) * sizeof(int));
    pair_start = (int *)malloc((size_t)(n + 1) * sizeof(int));
    labels = (int *)malloc((size_t)n * H_PTS * sizeof(int));
    x = (ssvm_real *)malloc((size_t)n * H_PTS * H_PTS * H_BINS * sizeof(ssvm_real));
    if (!row_start || !pair_start || !labels || !x) { fprintf(stderr, "out of memory\n"); return 1; }
    for (i = 0, j = 0; i < D.npairs[0]; i++) {
        int perm[H_PTS];
        if (!use_gap[D.pairs[0][i].gap / 10]) continue;
        row_start[j] = j * H_PTS; pair_start[j] = j * H_PTS * H_PTS;
        h_perm(i + 100000, seed, perm, labels + (size_t)j * H_PTS);
        h_features(&D, &D.pairs[0][i], perm, squared, x + (size_t)j * H_PTS * H_PTS * H_BINS);
        j++;
    }
    row_start[n] = n * H_PTS; pair_start[n] = n * H_PTS * H_PTS;
    cfg = ssvm_assign_config_init(n, H_BINS, row_start, pair_start, labels);
    cfg.x = x;
    if (ssvm_assign_init(&cfg, &model) != SSVM_OK || ssvm_assign_problem(&model, &prob) != SSVM_OK) {
        fprintf(stderr, "bad training data\n");
        return 1;
    }

    /* train at each lambda of the grid (or the given one); keep the best on validate */
    ngrid = lambda > 0 ? 1 : 5;
    if (lambda > 0) grid[0] = lambda;
    printf("%d training examples (30 x 30, F = %d), %s, %d passes\n", n, H_BINS, solver == SSVM_BCFW ? "BCFW" : solver == SSVM_SSG ? "SSG" : geometry ? "DEG (entropic)" : "DEG (Euclidean)", passes);
    printf("  lambda     train_s  primal        gap       validate_err\n");
    for (gi = 0; gi < ngrid; gi++) {
        ssvm_solver_config sc = ssvm_solver_config_init(&prob, solver);
        ssvm_progress fin;
        ssvm_result r;
        heval ev;
        double t0 = h_now(), dt;
        sc.lambda = grid[gi]; sc.max_passes = passes; sc.gap_tol = 1e-4; sc.seed = seed;
        sc.max_seconds = max_seconds;
        sc.deg.geometry = geometry; /* read by SSVM_DEG only */
        r = ssvm_train(&sc, w, sizeof w, &fin);
        dt = h_now() - t0;
        if (r < 0) { fprintf(stderr, "training: %s\n", ssvm_result_string(r)); return 1; }
        if (!h_evaluate(&D, 1, use_gap, w, squared, seed, &ev)) { fprintf(stderr, "evaluation failed\n"); return 1; }
        printf("  %-9g  %7.3f  %-12.6g  %-9.3g  %.4f\n", grid[gi], dt,
               fin.returned == SSVM_W_AVERAGE ? fin.average.primal : fin.iterate.primal,
               fin.returned == SSVM_W_AVERAGE ? fin.average.gap : fin.iterate.gap, ev.all);
        if (ev.all < best_err) {
            best_err = ev.all; lambda = grid[gi]; train_s = dt; best_passes = fin.pass; memcpy(best_w, w, sizeof w);
        }
    }
    for (j = 0; j < H_BINS; j++) base_w[j] = -1; /* plain L1 shape-context matching */
    if (!h_evaluate(&D, 2, use_gap, best_w, squared, seed, &ev_tr) ||
        !h_evaluate(&D, 2, use_gap, base_w, squared, seed, &ev_base)) { fprintf(stderr, "evaluation failed\n"); return 1; }
    printf("lambda %g (validate error %.4f), trained in %.3f s\n", lambda, best_err, train_s);
    printf("test matching error (fraction of landmarks mismatched) per frame gap:\n");
    printf("  gap  pairs  untrained(w=-1)  trained\n");
    for (g = 0; g < H_GAPS; g++)
        if (ev_tr.n[g]) printf("  %3d  %5d  %15.4f  %7.4f\n", 10 * g, ev_tr.n[g], ev_base.err[g], ev_tr.err[g]);
    printf("  all  %5d  %15.4f  %7.4f\n", ev_tr.total, ev_base.all, ev_tr.all);
    printf("RESULT house_test_error=%.4f house_untrained_error=%.4f lambda=%g train_s=%.3f passes=%d\n", ev_tr.all,
           ev_base.all, lambda, train_s, best_passes);
    ssvm_assign_uninit(&model);
    free(row_start); free(pair_start); free(labels); free(x);
    for (i = 0; i < 3; i++) free(D.pairs[i]);
    free(D.hist);
    return 0;
}
