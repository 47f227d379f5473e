/* tests/embedded/bcfw_chain.c: a firmware-sized BCFW trainer of the chain model, for `make footprint`
   (tools/footprint.sh): OCR-sized model (K = 26, F = 129, biases, d = 4,082), a few sequences in RAM, the
   model's scratch and the solver's memory from caller buffers (ssvm_chain_get_heap_size +
   ssvm_chain_init_preallocated, ssvm_solver_get_heap_size + ssvm_solver_init_preallocated), then
   ssvm_solver_run and ssvm_solver_weights. Built for size only (it is not run: tests/embedded/train_device.c is the
   trainer that runs, under qemu-system-arm, `make test-device`); the data and buffers are
   .bss and reached through volatile pointers. -DBASELINE: the same program without the library calls. */
#ifndef BASELINE
#define STRUCTSVM_IMPLEMENTATION
#define STRUCTSVM_NO_PARALLEL /* no threads on the target: leave mini-batch BCFW out (MANUAL: PARALLEL BCFW) */
#define STRUCTSVM_NO_DIST     /* one device, no collective: leave distributed training out (DISTRIBUTED TRAINING) */
#endif
#include "../../structsvm.h"

enum { K = 26, F = 129, N = 4, LMAX = 14, P = N * LMAX, D = K * F + 2 * K + K * K };

static ssvm_real x_mem[P * F];
static int label_mem[P];
static int start_mem[N + 1] = {0, 14, 28, 42, 56};
static ssvm_real w_out[D];
static unsigned char scratch[8192];       /* >= ssvm_chain_get_heap_size() */
static unsigned char heap[160 * 1024];    /* >= ssvm_solver_get_heap_size(): about 40 bytes per weight */
static const ssvm_real *volatile x_ptr = x_mem;
static const int *volatile label_ptr = label_mem;
static const int *volatile start_ptr = start_mem;
volatile int sink;

int main(void) {
#ifndef BASELINE
    ssvm_chain_config c;
    ssvm_chain m;
    ssvm_problem prob;
    ssvm_solver_config par;
    ssvm_solver s;
    size_t need;
    ssvm_result r;
    c = ssvm_chain_config_init(N, K, F, start_ptr, label_ptr);
    c.flags = SSVM_CHAIN_BIASES; c.x = x_ptr;
    if (ssvm_chain_get_heap_size(&c, &need) != SSVM_OK || need > sizeof scratch) return 1;
    if (ssvm_chain_init_preallocated(&c, scratch, sizeof scratch, &m) != SSVM_OK) return 2;
    if (ssvm_chain_problem(&m, &prob) != SSVM_OK) return 2;
    par = ssvm_solver_config_init(&prob, SSVM_BCFW);
    par.lambda = 0.01; par.max_passes = 10;
    if (ssvm_solver_get_heap_size(&par, &need) != SSVM_OK || need > sizeof heap) return 3;
    if (ssvm_solver_init_preallocated(&par, heap, sizeof heap, &s) != SSVM_OK) return 4;
    r = ssvm_solver_run(&s);
    if (r < 0) return 5;
    if (ssvm_solver_weights(&s, SSVM_W_AVERAGE, w_out, sizeof w_out) != SSVM_OK) return 6;
    sink = (int)w_out[0];
#else
    sink = (int)x_ptr[0] + label_ptr[0] + start_ptr[1] + scratch[0] + heap[0] + (int)w_out[0];
#endif
    return 0;
}
