/* tests/embedded/chain_predict.c: firmware-sized predict-only chain decoder, for `make footprint`
   (tools/footprint.sh). An OCR-sized model: K = 26 labels, F = 129 attributes, first/last-label biases,
   d = 4,082 weights; one word of L = 14 letters. w and x live in RAM (.bss) and are reached through
   volatile pointers, so nothing can be folded away and they do not count as .text.
   -DBASELINE: the same program without the library call, to isolate the library's own code. */
#define STRUCTSVM_PREDICT_ONLY
#ifndef BASELINE
#define STRUCTSVM_IMPLEMENTATION
#endif
#include "../../structsvm.h"

enum { K = 26, F = 129, L = 14, D = K * F + 2 * K + K * K };

static ssvm_real w_mem[D];
static ssvm_real x_mem[L * F];
static unsigned char work[4096]; /* >= ssvm_chain_predict_get_work_size(L, K), checked below */
static const ssvm_real *volatile w_ptr = w_mem;
static const ssvm_real *volatile x_ptr = x_mem;
volatile int sink;

int main(void) {
    const ssvm_real *w = w_ptr, *x = x_ptr;
    int y[L], t;
#ifndef BASELINE
    size_t need;
    if (ssvm_chain_predict_get_work_size(L, K, &need) != SSVM_OK || need > sizeof work) return 1;
    if (ssvm_chain_predict(K, F, SSVM_CHAIN_BIASES, w, L, x, work, sizeof work, y) != SSVM_OK) return 2;
#else
    for (t = 0; t < L; t++) y[t] = (int)(w[t] + x[t]) + work[t];
#endif
    for (t = 0; t < L; t++) sink = y[t];
    return 0;
}
