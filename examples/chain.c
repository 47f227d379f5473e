/* examples/chain.c: sequence labelling with the built-in chain model, the shortest complete program. A hidden
   state sequence (K = 3 states that tend to stay) is seen through noisy features; a chain structural SVM
   (unary weights per state and feature, K x K transition weights, Viterbi decoding) is trained by BCFW to a
   certified duality gap, then labels unseen sequences with ssvm_chain_predict.
   Build: cc -O2 examples/chain.c -lm -o chain */
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include <stdio.h>

#define NSEQ 100  /* training sequences (and as many for the test) */
#define LEN 10    /* positions per sequence */
#define K 3       /* labels (states) */
#define F 4       /* features per position: a noisy one-hot of the state, and a constant 1 */

static unsigned rng = 12345;
static double uniform(void) { rng = rng * 1103515245u + 12345u; return (rng >> 8) / 16777216.0; }

int main(void) {
    static ssvm_real x[2 * NSEQ * LEN * F];
    static int y[2 * NSEQ * LEN], start[NSEQ + 1];
    static ssvm_real w[K * F + 2 * K + K * K]; /* ssvm_chain_dim: unary, first/last biases, transitions */
    static unsigned char work[4096];
    ssvm_chain_config cfg;
    ssvm_chain train;
    ssvm_problem prob;
    ssvm_solver_config par;
    ssvm_progress final;
    size_t need;
    int s, t, f, wrong = 0;
    for (s = 0; s < 2 * NSEQ; s++) /* the first NSEQ sequences train, the last NSEQ test */
        for (t = 0; t < LEN; t++) {
            int p = s * LEN + t;
            y[p] = t == 0 || uniform() < 0.2 ? (int)(uniform() * K) : y[p - 1]; /* states tend to stay */
            for (f = 0; f < K; f++) x[p * F + f] = (ssvm_real)((f == y[p]) + 1.2 * (uniform() - 0.5));
            x[p * F + K] = 1;
        }
    for (s = 0; s <= NSEQ; s++) start[s] = s * LEN; /* sequence s is positions [start[s], start[s+1]) */
    cfg = ssvm_chain_config_init(NSEQ, K, F, start, y);
    cfg.x = x;                        /* dense features, positions x F */
    cfg.flags = SSVM_CHAIN_BIASES;    /* first/last-state biases; the loss is Hamming over the length */
    if (ssvm_chain_init(&cfg, &train) != SSVM_OK) return 1; /* validates the data, takes its scratch */
    if (ssvm_chain_problem(&train, &prob) != SSVM_OK || prob.d != (int)(sizeof w / sizeof w[0])) return 1;
    par = ssvm_solver_config_init(&prob, SSVM_BCFW);
    par.lambda = 0.01; par.max_passes = 200; par.gap_tol = 1e-2;
    printf("training: %s", ssvm_result_string(ssvm_train(&par, w, sizeof w, &final)));
    printf(" after %d passes, gap %.2e\n", final.pass,
           final.returned == SSVM_W_AVERAGE ? final.average.gap : final.iterate.gap);
    if (ssvm_chain_predict_get_work_size(LEN, K, &need) != SSVM_OK || need > sizeof work) return 1;
    for (s = NSEQ; s < 2 * NSEQ; s++) { /* the test sequences */
        int yhat[LEN];
        if (ssvm_chain_predict(K, F, cfg.flags, w, LEN, x + s * LEN * F, work, sizeof work, yhat) != SSVM_OK) return 1;
        for (t = 0; t < LEN; t++) wrong += yhat[t] != y[s * LEN + t];
    }
    printf("test error: %.1f%% of %d positions\n", 100.0 * wrong / (NSEQ * LEN), NSEQ * LEN);
    ssvm_chain_uninit(&train);
    return 0;
}
