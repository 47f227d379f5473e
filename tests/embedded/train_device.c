/* tests/embedded/train_device.c: BCFW training on a microcontroller (`make test-device`, tools/device.sh).
   Built twice from this one file: for the MPS2 AN386 board (Cortex-M4F) that qemu-system-arm runs bare-metal
   (with device_rt.c: no OS, no libc, output and exit status by semihosting), and for the host (-DDEVICE_HOST,
   stdio), with the same library switches (float, STRUCTSVM_FREESTANDING, STRUCTSVM_ONLY_BCFW, STRUCTSVM_NO_GAPS) and
   -ffp-contract=off. Both print the same report; tools/device.sh checks that the lines marked "=" agree
   byte for byte (the weights' hash and the objective's bits) and that the gap is certified.
   -DDEVICE_CHAIN: the chain model (the letters as words, d = 4,082); else multiclass (the same letters one
   by one, d = 3,354). The data is const (flash): the lit pixels' ids of device_data.h, written at build
   time by device_data.c. All memory is static, sized by the library's *_get_heap_size calls: the build
   script passes DEV_SOLVER_HEAP (and DEV_MODEL_HEAP for the chain) after a first run that prints them. */
#define STRUCTSVM_IMPLEMENTATION
#include "../../structsvm.h"
#include "device_rt.h"
#include "device_data.h"

#ifndef DEV_SOLVER_HEAP
#define DEV_SOLVER_HEAP 1048576 /* the sizing run: big enough, then the exact size */
#endif
#ifndef DEV_MODEL_HEAP
#define DEV_MODEL_HEAP 65536
#endif
/* lambda and the certified gap: a stronger regulariser for the chain, whose 40 blocks make BCFW's passes
   slow to close the gap (tools/device.sh prints the primal beside it) */
#ifndef DEV_LAMBDA
#ifdef DEVICE_CHAIN
#define DEV_LAMBDA 0.1
#else
#define DEV_LAMBDA 0.01
#endif
#endif
#ifndef DEV_GAP_TOL
#define DEV_GAP_TOL 0.01
#endif

#ifdef DEVICE_CHAIN
enum { DEV_D = DEV_K * DEV_F + 2 * DEV_K + DEV_K * DEV_K, DEV_LMAX = 32 };
static unsigned char model_heap[DEV_MODEL_HEAP];
static unsigned char test_heap[DEV_MODEL_HEAP];
#else
enum { DEV_D = DEV_K * DEV_F, DEV_LMAX = 1 };
#endif
static unsigned char solver_heap[DEV_SOLVER_HEAP] __attribute__((aligned(16)));
static ssvm_real w[DEV_D];
static int yhat[DEV_LMAX];

#ifdef DEVICE_HOST
#include <stdio.h>
void dev_puts(const char *s) { fputs(s, stdout); }
void dev_exit(int status) { fflush(stdout); (void)status; }
unsigned long long dev_ticks(void) { return 0; }
double dev_insn_per_tick(void) { return 0; }
unsigned long dev_stack_used(void) { return 0; }
unsigned long dev_stack_size(void) { return 0; }
#endif

/* ---- output without printf: whole lines through dev_puts ---- */
static char line[160];
static int line_len;
static void put(const char *s) { while (*s && line_len < (int)sizeof line - 2) line[line_len++] = *s++; }
static void end_line(void) { line[line_len++] = '\n'; line[line_len] = 0; dev_puts(line); line_len = 0; }
static void put_u(unsigned long long v) {
    char b[24];
    int k = 23;
    b[k] = 0;
    do { b[--k] = (char)('0' + (int)(v % 10)); v /= 10; } while (v);
    put(b + k);
}
static void put_i(long long v) { if (v < 0) { put("-"); put_u((unsigned long long)-v); } else put_u((unsigned long long)v); }
static void put_hex(unsigned long long v, int digits) {
    char b[20];
    int k;
    for (k = digits - 1; k >= 0; k--) { b[k] = "0123456789abcdef"[v & 15]; v >>= 4; }
    b[digits] = 0;
    put(b);
}
/* 7 significant digits, d.dddddde+XX; the same arithmetic on both sides (the bits follow as hex) */
static void put_g(double v) {
    int e = 0, k;
    unsigned long long m;
    if (v != v) { put("nan"); return; }
    if (v < 0) { put("-"); v = -v; }
    if (v > 1e300) { put("inf"); return; }
    if (v != 0) {
        while (v >= 10) { v /= 10; e++; }
        while (v < 1) { v *= 10; e--; }
    }
    m = (unsigned long long)(v * 1e6 + 0.5);
    if (m >= 10000000ull) { m /= 10; e++; }
    put_u(m / 1000000ull); put(".");
    for (k = 100000; k >= 1; k /= 10) put_u((m / (unsigned long long)k) % 10);
    put(e < 0 ? "e-" : "e+");
    put_u((unsigned long long)(e < 0 ? -e : e));
}
static unsigned long long bits64(double v) {
    union { double d; unsigned long long u; } b;
    b.d = v;
    return b.u;
}
static void kv_g(const char *key, double v, int exact) {
    put(exact ? "= " : "  "); put(key); put(" "); put_g(v);
    if (exact) { put(" (0x"); put_hex(bits64(v), 16); put(")"); }
    end_line();
}
static void kv_u(const char *key, unsigned long long v, int exact) {
    put(exact ? "= " : "  "); put(key); put(" "); put_u(v); end_line();
}
static int fail(const char *what, ssvm_result r) {
    put("error "); put(what); put(": "); put(ssvm_result_string(r)); end_line();
    return 1;
}

/* the engine's clock (config.clock; under STRUCTSVM_FREESTANDING the only one): emulated instructions, so
   that the engine's training and evaluation "seconds" are instructions (0 on the host) */
static double insn_per_tick;
static double dev_clock(void *user) { (void)user; return (double)dev_ticks() * insn_per_tick; }

int main(void) {
    ssvm_problem prob, tprob;
    ssvm_solver_config par;
    ssvm_solver s;
    ssvm_progress pr;
    size_t need_solver = 0, need_model = 0, need_test = 0;
    ssvm_result r, stop;
    unsigned long long t0, t1, h = 1469598103934665603ull;
    long wrong = 0, total = 0;
    int i, t, k;
#ifdef DEVICE_CHAIN
    ssvm_chain_config c, ct;
    ssvm_chain m, mt;
    c = ssvm_chain_config_init(DEV_TRAIN_WORDS, DEV_K, DEV_F, dev_TRAIN_word_start, dev_TRAIN_label);
    c.flags = SSVM_CHAIN_BIASES; c.x = 0; c.attr_start = dev_TRAIN_attr_start; c.attr_id = dev_TRAIN_attr_id;
    ct = ssvm_chain_config_init(DEV_TEST_WORDS, DEV_K, DEV_F, dev_TEST_word_start, dev_TEST_label);
    ct.flags = SSVM_CHAIN_BIASES; ct.x = 0; ct.attr_start = dev_TEST_attr_start; ct.attr_id = dev_TEST_attr_id;
    if ((r = ssvm_chain_get_heap_size(&c, &need_model)) != SSVM_OK) return fail("ssvm_chain_get_heap_size", r);
    if ((r = ssvm_chain_get_heap_size(&ct, &need_test)) != SSVM_OK) return fail("ssvm_chain_get_heap_size", r);
#ifndef DEV_SIZING
    if (need_model > sizeof model_heap || need_test > sizeof test_heap) {
        put("need model_heap "); put_u(need_model > need_test ? need_model : need_test); end_line();
        return 3;
    }
#endif
    if ((r = ssvm_chain_init_preallocated(&c, model_heap, sizeof model_heap, &m)) != SSVM_OK) return fail("ssvm_chain_init_preallocated", r);
    if ((r = ssvm_chain_init_preallocated(&ct, test_heap, sizeof test_heap, &mt)) != SSVM_OK) return fail("ssvm_chain_init_preallocated", r);
    if ((r = ssvm_chain_problem(&m, &prob)) != SSVM_OK || (r = ssvm_chain_problem(&mt, &tprob)) != SSVM_OK)
        return fail("ssvm_chain_problem", r);
    put("  model chain (BCFW), "); put(DEV_DATA_NAME); end_line();
#else
    ssvm_multiclass_config c, ct;
    ssvm_multiclass m, mt;
    c = ssvm_multiclass_config_init(DEV_TRAIN_LETTERS, DEV_K, DEV_F, 0, dev_TRAIN_label);
    c.row_start = dev_TRAIN_attr_start; c.attr_id = dev_TRAIN_attr_id;
    ct = ssvm_multiclass_config_init(DEV_TEST_LETTERS, DEV_K, DEV_F, 0, dev_TEST_label);
    ct.row_start = dev_TEST_attr_start; ct.attr_id = dev_TEST_attr_id;
    if ((r = ssvm_multiclass_init(&c, &m)) != SSVM_OK || (r = ssvm_multiclass_init(&ct, &mt)) != SSVM_OK)
        return fail("ssvm_multiclass_init", r);
    if ((r = ssvm_multiclass_problem(&m, &prob)) != SSVM_OK || (r = ssvm_multiclass_problem(&mt, &tprob)) != SSVM_OK)
        return fail("ssvm_multiclass_problem", r);
    put("  model multiclass (BCFW), "); put(DEV_DATA_NAME); end_line();
#endif
    if (prob.d != DEV_D) return fail("dimension", SSVM_ERR_INVALID_ARG);
    par = ssvm_solver_config_init(&prob, SSVM_BCFW);
    par.lambda = DEV_LAMBDA;
    par.gap_tol = DEV_GAP_TOL;
    par.max_passes = 500;
    par.state = SSVM_STATE_COMPACT;  /* the smallest fixed memory (MANUAL: STATE) */
    par.averaging = SSVM_AVG_NONE;   /* one d-vector less; the certificate is the iterate's */
    par.eval_average = 0;
    par.eval_every = 5;
    if ((r = ssvm_solver_get_heap_size(&par, &need_solver)) != SSVM_OK) return fail("ssvm_solver_get_heap_size", r);
    put("  sizes solver_heap "); put_u(need_solver); put(" model_heap "); put_u(need_model > need_test ? need_model : need_test);
    end_line();
#ifdef DEV_SIZING
    return 0;
#endif
    if (need_solver > sizeof solver_heap) { put("need solver_heap "); put_u(need_solver); end_line(); return 3; }
    insn_per_tick = dev_insn_per_tick();
    par.clock = dev_clock;
    if ((r = ssvm_solver_init_preallocated(&par, solver_heap, sizeof solver_heap, &s)) != SSVM_OK)
        return fail("ssvm_solver_init_preallocated", r);
    t0 = dev_ticks();
    stop = ssvm_solver_run(&s);
    t1 = dev_ticks();
    if (stop < 0) return fail("ssvm_solver_run", stop);
    if ((r = ssvm_solver_progress(&s, &pr)) != SSVM_OK) return fail("ssvm_solver_progress", r);
    if ((r = ssvm_solver_weights(&s, SSVM_W_ITERATE, w, sizeof w)) != SSVM_OK) return fail("ssvm_solver_weights", r);
    for (k = 0; k < DEV_D; k++) { /* FNV-1a over the weights' bytes */
        const unsigned char *b = (const unsigned char *)&w[k];
        for (t = 0; t < (int)sizeof(ssvm_real); t++) { h ^= b[t]; h *= 1099511628211ull; }
    }
    for (i = 0; i < tprob.n; i++) {
        int L = tprob.decode(tprob.user, i, w, yhat);
        if (L <= 0 || L > DEV_LMAX) return fail("decode", (ssvm_result)(L < 0 ? L : SSVM_ERR_INVALID_ARG));
#ifdef DEVICE_CHAIN
        for (t = 0; t < L; t++) wrong += yhat[t] != dev_TEST_label[dev_TEST_word_start[i] + t];
#else
        wrong += yhat[0] != dev_TEST_label[i];
#endif
        total += L;
    }
    put("= stopped "); put(ssvm_result_string(stop)); end_line();
    kv_u("passes", (unsigned long long)pr.pass, 1);
    kv_u("oracle_calls", (unsigned long long)(pr.oracle_calls + pr.eval_oracle_calls), 1);
    kv_g("primal", pr.iterate.primal, 1);
    kv_g("gap", pr.iterate.gap, 1);
    put("= test_error "); put_i(wrong); put("/"); put_i(total); end_line();
    put("= weights_fnv1a 0x"); put_hex(h, 16); end_line();
    kv_u("insn_per_tick_x1000", (unsigned long long)(insn_per_tick * 1000 + 0.5), 0);
    kv_u("run_insn", (unsigned long long)((double)(t1 - t0) * insn_per_tick), 0);
    kv_u("train_insn", (unsigned long long)pr.wall_seconds, 0);
    kv_u("eval_insn", (unsigned long long)pr.eval_wall_seconds, 0);
    kv_u("evaluations", (unsigned long long)(pr.eval_oracle_calls / prob.n), 0);
    kv_u("stack_used", dev_stack_used(), 0);
    kv_u("stack_size", dev_stack_size(), 0);
    return pr.iterate.gap <= DEV_GAP_TOL ? 0 : 4;
}
