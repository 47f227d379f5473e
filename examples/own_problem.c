/* examples/own_problem.c: a structured problem of your own, written as callbacks. Each example is a point x
   (2 features and a constant) with L = 3 binary labels; the third label is on mostly where the first two are,
   so the feature map has a term per pair of labels that are both on. The loss-augmented oracle simply tries all 2^L labelings.
   BCFW trains it and certifies the duality gap; then the test set's Hamming error.
   Build: cc -O2 examples/own_problem.c -lm -o own_problem */
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include <stdio.h>

#define N 200                    /* training examples (and as many for the test) */
#define L 3                      /* labels per example: a label is L ints, each 0 or 1 */
#define F 3                      /* features: x1, x2 and a constant 1 */
#define PAIRS (L * (L - 1) / 2)  /* one weight per pair of labels, used when both are on */
#define D (L * F + PAIRS)        /* w = [unary weights of label 0 .. L-1 | pair weights] */

typedef struct data { ssvm_real x[2 * N][F]; int y[2 * N][L]; } data;

/* the gold labeling of example i; returns its length */
static int my_truth(void *user, int i, int *y) {
    const data *d = (const data *)user;
    int l;
    for (l = 0; l < L; l++) y[l] = d->y[i][l];
    return L;
}
/* out += scale * phi(x_i, y): x into label l's block for every label that is on, and 1 for every pair of labels
   that are both on. Returns 0, or SSVM_ERR_LABEL for something that is not a labeling. */
static int my_phi(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_svec *out) {
    const data *d = (const data *)user;
    int a, b, p = 0;
    if (len != L) return SSVM_ERR_LABEL;
    for (a = 0; a < L; a++) {
        if (y[a] != 0 && y[a] != 1) return SSVM_ERR_LABEL;
        if (y[a]) ssvm_svec_add_dense(out, a * F, d->x[i], F, scale);
    }
    for (a = 0; a < L; a++)
        for (b = a + 1; b < L; b++, p++)
            if (y[a] && y[b]) ssvm_svec_add(out, L * F + p, scale);
    return 0;
}
/* Delta(y_i, y): the fraction of the labels that differ */
static int my_loss(void *user, int i, const int *y, int len, ssvm_real *delta) {
    const data *d = (const data *)user;
    int l, wrong = 0;
    if (len != L) return SSVM_ERR_LABEL;
    for (l = 0; l < L; l++) wrong += y[l] != d->y[i][l];
    *delta = (ssvm_real)wrong / L;
    return 0;
}
/* argmax_y [with_loss * Delta(y_i, y) + w_scale <w, phi(x_i, y)>] over all 2^L labelings */
static int argmax(const data *d, int i, const ssvm_real *w, double w_scale, int with_loss, int *y,
                  ssvm_real *delta) {
    int code, best = -1, l, a, b, p;
    double best_score = 0;
    for (code = 0; code < (1 << L); code++) {
        double score = 0;
        int on[L], wrong = 0;
        for (l = 0; l < L; l++) {
            on[l] = (code >> l) & 1;
            wrong += on[l] != d->y[i][l];
            if (on[l]) { int f; for (f = 0; f < F; f++) score += w_scale * w[l * F + f] * d->x[i][f]; }
        }
        for (a = 0, p = 0; a < L; a++)
            for (b = a + 1; b < L; b++, p++)
                if (on[a] && on[b]) score += w_scale * w[L * F + p];
        if (with_loss) score += (double)wrong / L;
        if (best < 0 || score > best_score) { best = code; best_score = score; }
    }
    for (l = 0; l < L; l++) y[l] = (best >> l) & 1;
    if (delta) my_loss((void *)d, i, y, L, delta);
    return L;
}
static int my_oracle(void *user, int i, const ssvm_real *w, double w_scale, int *y, ssvm_real *delta) {
    return argmax((const data *)user, i, w, w_scale, 1, y, delta);
}
static int my_decode(void *user, int i, const ssvm_real *w, int *y) {
    return argmax((const data *)user, i, w, 1.0, 0, y, 0);
}

int main(void) {
    static data d;
    static const double a[L][3] = {{1, 0, -1}, {0, 1, -1}, {1, 1, -2.2}}; /* label l: a_l . (x1, x2, 1) > 0 */
    ssvm_real w[D];
    ssvm_problem prob;
    ssvm_solver_config par;
    ssvm_progress final;
    ssvm_result r;
    int i, l, wrong = 0;
    unsigned s = 7;
    for (i = 0; i < 2 * N; i++) { /* the first N examples train, the last N test */
        s = s * 1103515245u + 12345u; d.x[i][0] = (ssvm_real)(2.0 * ((s >> 8) / 16777216.0));
        s = s * 1103515245u + 12345u; d.x[i][1] = (ssvm_real)(2.0 * ((s >> 8) / 16777216.0));
        d.x[i][2] = 1;
        for (l = 0; l < L; l++) /* with a little label noise */
            d.y[i][l] = (a[l][0] * d.x[i][0] + a[l][1] * d.x[i][1] + a[l][2] > 0) != ((s >> 20) % 50 == (unsigned)l);
    }
    prob = ssvm_problem_config_init(N, D, L); /* n, d, the longest label; every callback NULL */
    prob.user = &d;
    prob.truth = my_truth; prob.phi = my_phi; prob.oracle = my_oracle; /* what training needs */
    prob.decode = my_decode; prob.loss = my_loss;                     /* prediction, ssvm_mean_loss */
    if ((r = ssvm_problem_check(&prob)) != SSVM_OK) { printf("problem: %s\n", ssvm_result_string(r)); return 1; }
    par = ssvm_solver_config_init(&prob, SSVM_BCFW);
    par.lambda = 0.01; par.max_passes = 200; par.gap_tol = 1e-3;
    r = ssvm_train(&par, w, sizeof w, &final);
    printf("training: %s after %d passes, duality gap %.2e (primal %.4f)\n", ssvm_result_string(r), final.pass,
           final.returned == SSVM_W_AVERAGE ? final.average.gap : final.iterate.gap,
           final.returned == SSVM_W_AVERAGE ? final.average.primal : final.iterate.primal);
    if (r < 0) return 1;
    for (i = N; i < 2 * N; i++) { /* the test half, decoded with the trained w */
        int yhat[L];
        my_decode(&d, i, w, yhat);
        for (l = 0; l < L; l++) wrong += yhat[l] != d.y[i][l];
    }
    printf("test Hamming error: %.1f%% (%d of %d labels)\n", 100.0 * wrong / (N * L), wrong, N * L);
    return 0;
}
