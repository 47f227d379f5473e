/* tests/embedded/multiclass_predict.c: firmware-sized predict-only multiclass scorer, for `make footprint`
   (tools/footprint.sh): K = 26 classes, F = 129 features, w[y*F + j]. w and x live in RAM (.bss) and are
   reached through volatile pointers. -DBASELINE: the same program without the library call. */
#define STRUCTSVM_PREDICT_ONLY
#ifndef BASELINE
#define STRUCTSVM_IMPLEMENTATION
#endif
#include "../../structsvm.h"

enum { K = 26, F = 129 };

static ssvm_real w_mem[K * F];
static ssvm_real x_mem[F];
static const ssvm_real *volatile w_ptr = w_mem;
static const ssvm_real *volatile x_ptr = x_mem;
volatile int sink;

int main(void) {
    const ssvm_real *w = w_ptr, *x = x_ptr;
    int y = -1;
#ifndef BASELINE
    if (ssvm_multiclass_predict(K, F, w, x, &y) != SSVM_OK) return 1;
#else
    y = (int)(w[0] + x[0]);
#endif
    sink = y;
    return 0;
}
