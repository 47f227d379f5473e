/* examples/online_drift.c: the experiment of Appendix E of Sakaue, Bao, Cao, "Non-Stationary Online
   Structured Prediction with Surrogate Losses" (../shared/papers/nonstationary-online-surrogate.txt).

   Online binary classification, T = 10,000 rounds: x_t uniform on the unit circle, label sign<u, x_t> with
   u = (1,1)/sqrt 2, all labels multiplied by -1 at 1, 10 or 100 flips at equal intervals. Base-2 logistic
   loss (47) on one weight vector w in R^2 (the library's binary mode), the randomized decoding of Van der
   Hoeven et al. (alpha = 1/2), OGD projected on the ball of diameter D = 20, 10 trials. Cumulative mistakes
   of the sampled predictions for five learning rates:
     const_half_ln2   alpha/M with M = 1/ln 2 as the appendix states ([31, Lemma 2]):  ln2/2   = 0.347
     const_inv_2ln2   the value the appendix prints, 1/(2 ln 2):                       1/(2ln2) = 0.721
     const_tight      alpha/M* with the smallest valid M* = sup_m s(-m)^2 / (2 ln 2 ln(1+e^-m)) = 0.2938
                      (s = the sigmoid; |grad|^2 <= 2 M L, Assumption 3.3; derivation in the report) = 1.702
     adagrad          D / sqrt(2 sum_s |G_s|^2)
     polyak           eq. (12)
   All three constants satisfy (9) (any M >= M* is valid), so all three carry Theorem 3.4's guarantee.
   Prints mean and 95% interval (Student t, df = trials-1) at t = 1k, 2k, ..., 10k and writes an SVG plot.

   usage: online_drift [--trials N] [--rounds T] [--svg FILE]     (default 10, 10000, build/online_drift.svg)
   Build: cc -O2 examples/online_drift.c -lm -o online_drift */
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define DRIFT_RATES 5
#define DRIFT_SETTINGS 3
#define DRIFT_MAX_TRIALS 100
#define DRIFT_POINTS 100 /* plot resolution: every T/100 rounds */

static const char *const drift_rate_name[DRIFT_RATES] = {"const_half_ln2", "const_inv_2ln2", "const_tight", "adagrad",
                                                         "polyak"};
static const int drift_flips[DRIFT_SETTINGS] = {1, 10, 100};

typedef struct drift_result {
    int trials, rounds;
    /* cumulative mistakes at the plot points: [setting][rate][trial][point] */
    float cum[DRIFT_SETTINGS][DRIFT_RATES][DRIFT_MAX_TRIALS][DRIFT_POINTS + 1];
} drift_result;

/* M* = sup_m sigmoid(-m)^2 / (2 ln 2 ln(1 + e^-m)) for the binary base-2 logistic loss, by a fine grid */
static double drift_tight_M(void) {
    double best = 0, m;
    for (m = -12; m <= 12; m += 1e-4) {
        double s = 1 / (1 + exp(m)), v = s * s / (2 * log(2.0) * log1p(exp(-m)));
        if (v > best) best = v;
    }
    return best;
}

static unsigned long long drift_next(unsigned long long *s) { /* splitmix64 */
    unsigned long long z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static double drift_unif(unsigned long long *s) { return (double)(drift_next(s) >> 11) * (1.0 / 9007199254740992.0); }

/* one run of one rate on one stream; returns 0 or an ssvm_result */
static int drift_run(int flips, int rate, int trial, int T, float *cum_out) {
    ssvm_online_config p = ssvm_online_config_init(SSVM_LOGISTIC, 2, 2);
    ssvm_online o;
    unsigned long long xs = 1000003ULL * (unsigned long long)(trial + 1) + 17ULL * (unsigned long long)flips;
    double eta_const[3];
    int t, sign = 1, next_flip = 1, r, pt = 0;
    double mistakes = 0;
    eta_const[0] = 0.5 * log(2.0);         /* alpha / M, M = 1/ln 2 */
    eta_const[1] = 1 / (2 * log(2.0));     /* as printed in Appendix E */
    eta_const[2] = 0.5 / drift_tight_M();  /* alpha / M* */
    p.loss.binary = 1;          /* one score <w, x>: class 1 <=> label +1 */
    p.loss.base = 2;            /* eq. (47) */
    p.diameter = 20;            /* D = 20 */
    p.seed = 7919ULL * (unsigned long long)(trial + 1) + (unsigned long long)rate; /* decoding draws */
    if (rate <= 2) { p.rate = SSVM_RATE_CONSTANT; p.eta = eta_const[rate]; }
    else p.rate = rate == 3 ? SSVM_RATE_ADAGRAD : SSVM_RATE_POLYAK;
    if ((r = ssvm_online_init(&p, &o)) != SSVM_OK) return r;
    cum_out[pt++] = 0;
    for (t = 0; t < T; t++) {
        ssvm_real x[2];
        double a = 6.283185307179586 * drift_unif(&xs);
        int y, yhat;
        /* flips at equal intervals: the k-th at round k T / (flips + 1) */
        while (next_flip <= flips && t >= (long long)next_flip * T / (flips + 1)) { sign = -sign; next_flip++; }
        x[0] = (ssvm_real)cos(a); x[1] = (ssvm_real)sin(a);
        y = ((x[0] + x[1] >= 0) ? 1 : -1) * sign > 0; /* sign<u, x> with u = (1,1)/sqrt 2, flipped */
        if ((r = ssvm_online_round(&o, x, &y, &yhat, NULL)) != SSVM_OK) { ssvm_online_uninit(&o); return r; }
        mistakes += yhat != y;
        if ((t + 1) % (T / DRIFT_POINTS) == 0 && pt <= DRIFT_POINTS) cum_out[pt++] = (float)mistakes;
    }
    ssvm_online_uninit(&o);
    return 0;
}

static int drift_experiment(drift_result *res, int trials, int T) {
    int s, rt, tr, r;
    res->trials = trials; res->rounds = T;
    for (s = 0; s < DRIFT_SETTINGS; s++)
        for (rt = 0; rt < DRIFT_RATES; rt++)
            for (tr = 0; tr < trials; tr++)
                if ((r = drift_run(drift_flips[s], rt, tr, T, res->cum[s][rt][tr])) != 0) return r;
    return 0;
}

/* two-sided 97.5% Student t quantile for df = 1..30 (then 1.96) */
static double drift_t975(int df) {
    static const double q[30] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                 2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                                 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
    return df < 1 ? 0 : df <= 30 ? q[df - 1] : 1.96;
}
static void drift_stats(const drift_result *res, int s, int rt, int pt, double *mean, double *half) {
    int tr, n = res->trials;
    double m = 0, v = 0;
    for (tr = 0; tr < n; tr++) m += res->cum[s][rt][tr][pt];
    m /= n;
    for (tr = 0; tr < n; tr++) v += (res->cum[s][rt][tr][pt] - m) * (res->cum[s][rt][tr][pt] - m);
    *mean = m;
    *half = n > 1 ? drift_t975(n - 1) * sqrt(v / (n - 1) / n) : 0;
}

static void drift_print_table(const drift_result *res) {
    int s, rt, k;
    for (s = 0; s < DRIFT_SETTINGS; s++) {
        printf("\n%d flip%s: cumulative mistakes, mean +- 95%% half-width over %d trials\n", drift_flips[s],
               drift_flips[s] > 1 ? "s" : "", res->trials);
        printf("%-16s", "t");
        for (k = 1; k <= 10; k++) printf(" %13d", k * res->rounds / 10);
        printf("\n");
        for (rt = 0; rt < DRIFT_RATES; rt++) {
            printf("%-16s", drift_rate_name[rt]);
            for (k = 1; k <= 10; k++) {
                double m, h;
                char buf[32];
                drift_stats(res, s, rt, k * DRIFT_POINTS / 10, &m, &h);
                snprintf(buf, sizeof buf, "%.1f+-%.1f", m, h);
                printf(" %13s", buf);
            }
            printf("\n");
        }
    }
}

/* rates in ascending order of mean mistakes at T, among the given subset */
static void drift_order(const drift_result *res, int s, const int *rates, int n, char *out, size_t outlen) {
    int ord[DRIFT_RATES], i, j;
    double m[DRIFT_RATES], h;
    for (i = 0; i < n; i++) { ord[i] = rates[i]; drift_stats(res, s, rates[i], DRIFT_POINTS, &m[i], &h); }
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++)
            if (m[j] < m[i]) { double tm = m[i]; int to = ord[i]; m[i] = m[j]; ord[i] = ord[j]; m[j] = tm; ord[j] = to; }
    out[0] = 0;
    for (i = 0; i < n; i++) {
        if (i) strncat(out, ",", outlen - strlen(out) - 1);
        strncat(out, drift_rate_name[ord[i]], outlen - strlen(out) - 1);
    }
}

/* The three qualitative claims of Appendix E ("Results"), made testable; `cst` is the constant rate used as
   "constant". Criteria fixed before running:
   1 flip:    "Polyak-style performs slightly worse than AdaGrad, yet remains competitive":
              adagrad < polyak <= 1.5 adagrad
   10 flips:  "the constant rate performs worst; AdaGrad and Polyak-style are close, with Polyak-style
              slightly better": constant > max(adagrad, polyak), polyak < adagrad <= 1.5 polyak
   100 flips: "the constant rate again performs worst, and AdaGrad is clearly worse than Polyak-style":
              constant > max(adagrad, polyak), polyak < adagrad and the 95% intervals at T do not overlap */
static int drift_claims(const drift_result *res, int cst, int verbose) {
    double mc[3], hc[3], ma[3], ha[3], mp[3], hp[3];
    int s, c1, c2, c3;
    for (s = 0; s < 3; s++) {
        drift_stats(res, s, cst, DRIFT_POINTS, &mc[s], &hc[s]);
        drift_stats(res, s, 3, DRIFT_POINTS, &ma[s], &ha[s]);
        drift_stats(res, s, 4, DRIFT_POINTS, &mp[s], &hp[s]);
    }
    c1 = ma[0] < mp[0] && mp[0] <= 1.5 * ma[0];
    c2 = mc[1] > ma[1] && mc[1] > mp[1] && mp[1] < ma[1] && ma[1] <= 1.5 * mp[1];
    c3 = mc[2] > ma[2] && mc[2] > mp[2] && mp[2] < ma[2] && mp[2] + hp[2] < ma[2] - ha[2];
    if (verbose) {
        printf("  claim 1 (1 flip):    adagrad %.1f < polyak %.1f <= 1.5 adagrad: %s\n", ma[0], mp[0], c1 ? "holds" : "does not hold");
        printf("  claim 2 (10 flips):  %s %.1f worst (adagrad %.1f, polyak %.1f), polyak < adagrad <= 1.5 polyak: %s\n",
               drift_rate_name[cst], mc[1], ma[1], mp[1], c2 ? "holds" : "does not hold");
        printf("  claim 3 (100 flips): %s %.1f worst (adagrad %.1f+-%.1f, polyak %.1f+-%.1f), intervals apart: %s\n",
               drift_rate_name[cst], mc[2], ma[2], ha[2], mp[2], hp[2], c3 ? "holds" : "does not hold");
    }
    return c1 + c2 + c3;
}

/* ------------------------------------------------------------------ SVG: one panel per setting */
static int drift_svg(const drift_result *res, const char *path) {
    static const char *const col[DRIFT_RATES] = {"#9467bd", "#d62728", "#8c564b", "#1f77b4", "#2ca02c"};
    const double pw = 330, ph = 250, ml = 58, mt = 34, gap = 40;
    FILE *f = fopen(path, "w");
    int s, rt, k;
    if (!f) return -1;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-family=\"sans-serif\" font-size=\"11\">\n",
            ml + DRIFT_SETTINGS * (pw + gap), mt + ph + 90);
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    for (s = 0; s < DRIFT_SETTINGS; s++) {
        double x0 = ml + s * (pw + gap), y0 = mt, ymax = 1, m, h;
        for (rt = 0; rt < DRIFT_RATES; rt++) {
            drift_stats(res, s, rt, DRIFT_POINTS, &m, &h);
            if (m + h > ymax) ymax = m + h;
        }
        ymax = ceil(ymax / 100) * 100;
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"13\">%d flip%s</text>\n", x0 + pw / 2, y0 - 12,
                drift_flips[s], drift_flips[s] > 1 ? "s" : "");
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"black\"/>\n", x0, y0, pw, ph);
        for (k = 0; k <= 5; k++) { /* ticks */
            double yy = y0 + ph - ph * k / 5, xx = x0 + pw * k / 5;
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", x0, yy, x0 + pw, yy);
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.0f</text>\n", x0 - 4, yy + 4, ymax * k / 5);
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%dk</text>\n", xx, y0 + ph + 14, res->rounds * k / 5 / 1000);
        }
        for (rt = 0; rt < DRIFT_RATES; rt++) { /* 95% band, then the mean */
            fprintf(f, "<polygon fill=\"%s\" fill-opacity=\"0.18\" stroke=\"none\" points=\"", col[rt]);
            for (k = 0; k <= DRIFT_POINTS; k++) {
                drift_stats(res, s, rt, k, &m, &h);
                fprintf(f, "%.1f,%.1f ", x0 + pw * k / DRIFT_POINTS, y0 + ph - ph * (m + h) / ymax);
            }
            for (k = DRIFT_POINTS; k >= 0; k--) {
                drift_stats(res, s, rt, k, &m, &h);
                fprintf(f, "%.1f,%.1f ", x0 + pw * k / DRIFT_POINTS, y0 + ph - ph * (m - h > 0 ? m - h : 0) / ymax);
            }
            fprintf(f, "\"/>\n<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\" points=\"", col[rt]);
            for (k = 0; k <= DRIFT_POINTS; k++) {
                drift_stats(res, s, rt, k, &m, &h);
                fprintf(f, "%.1f,%.1f ", x0 + pw * k / DRIFT_POINTS, y0 + ph - ph * m / ymax);
            }
            fprintf(f, "\"/>\n");
        }
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">round t</text>\n", x0 + pw / 2, y0 + ph + 30);
    }
    fprintf(f, "<text x=\"14\" y=\"%.1f\" transform=\"rotate(-90 14 %.1f)\" text-anchor=\"middle\">cumulative mistakes</text>\n",
            mt + ph / 2, mt + ph / 2);
    for (rt = 0; rt < DRIFT_RATES; rt++) { /* legend */
        double lx = ml + rt * 190, ly = mt + ph + 58;
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"3\"/>\n", lx, ly, lx + 22, ly, col[rt]);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", lx + 28, ly + 4, drift_rate_name[rt]);
    }
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#555\">base-2 logistic, decoding of Van der Hoeven et al. (alpha = 1/2), D = 20, mean and 95%% interval over %d trials</text>\n",
            ml, mt + ph + 80, res->trials);
    fprintf(f, "</svg>\n");
    return fclose(f) == 0 ? 0 : -1;
}

#ifndef ONLINE_DRIFT_NO_MAIN
int main(int argc, char **argv) {
    static drift_result res;
    const char *svg = "build/online_drift.svg";
    int trials = 10, T = 10000, i, r, cst;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--trials") && i + 1 < argc) trials = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--rounds") && i + 1 < argc) T = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--svg") && i + 1 < argc) svg = argv[++i];
        else { fprintf(stderr, "usage: %s [--trials N] [--rounds T] [--svg FILE]\n", argv[0]); return 2; }
    }
    if (trials < 1 || trials > DRIFT_MAX_TRIALS || T < DRIFT_POINTS || T % DRIFT_POINTS) {
        fprintf(stderr, "trials in 1..%d, rounds a positive multiple of %d\n", DRIFT_MAX_TRIALS, DRIFT_POINTS);
        return 2;
    }
    printf("Appendix E: T = %d, %d trials, base-2 logistic, alpha = 1/2, D = 20; M* = %.6f\n", T, trials, drift_tight_M());
    if ((r = drift_experiment(&res, trials, T)) != 0) { printf("error: %s\n", ssvm_result_string((ssvm_result)r)); return 1; }
    drift_print_table(&res);
    {
        static const int all[DRIFT_RATES] = {0, 1, 2, 3, 4};
        char buf[256];
        printf("\norder of mistakes at T (fewest first):\n");
        for (i = 0; i < DRIFT_SETTINGS; i++) {
            drift_order(&res, i, all, DRIFT_RATES, buf, sizeof buf);
            printf("  %3d flips: %s\n", drift_flips[i], buf);
        }
    }
    for (cst = 0; cst < 2; cst++) {
        printf("\nclaims with constant = %s:\n", drift_rate_name[cst]);
        printf("  %d/3 hold\n", drift_claims(&res, cst, 1));
    }
    if (drift_svg(&res, svg) == 0) printf("\nplot: %s\n", svg);
    else printf("\ncould not write %s\n", svg);
    return 0;
}
#endif
