/* tests/fuzz_ckpt.c: libFuzzer harness for the checkpoint loader, ssvm_solver_checkpoint_load (>>ckpt; make
   fuzz-ckpt; clang -fsanitize=fuzzer,address,undefined). Set up once: a small dense and a sparse chain problem
   and a multiclass problem, and CK_CONFIGS solver configurations over them (BCFW in the compact, compact sparse,
   sparse and dense states and with config.bcfw's pairwise steps, gap sampling and plane cache, FW, SSG, the
   multi-sample solver with the k-best sampler and a cache). Each input is tried as is and once more with its
   CRC re-sealed (so the checks after the checksum see the mutations too); a configuration whose fingerprint the
   input carries gets a freshly initialised solver (heap, or preallocated for some), every other one its standing
   solver. The load must return a documented code; a failed load must leave the solver's weights and counters as
   they were; a load that succeeds must leave a usable solver: two passes run (any result code), the iterate
   and the average stay finite, and a re-save succeeds. Any breach aborts. Built with -DFUZZ_CKPT_SEEDS (no
   libFuzzer) it is the seed writer: one checkpoint per configuration after a few passes (one stopped mid-pass)
   into the directory argv[1]. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "harness.h"
#include "tchain.h"
#define TH_DEFINE_VIEWS /* its own implementation unit, not linked with tests/impl.c: the views compiled here */
#include "internals.h"

enum { CK_CONFIGS = 9 };

typedef struct fz_world {
    tchain dense, sparse;
    ssvm_multiclass mc;
    ssvm_problem mp;
    ssvm_real mc_x[12 * 3];
    int mc_y[12];
    ssvm_solver_config cfg[CK_CONFIGS];
    int prealloc[CK_CONFIGS];
    uint64_t fp[CK_CONFIGS];      /* the fingerprint a checkpoint of each configuration carries */
    ssvm_solver standing[CK_CONFIGS];
    ssvm_real base_w[CK_CONFIGS][256];
} fz_world;

static void check(int ok, const char *what) {
    if (!ok) { fprintf(stderr, "fuzz_ckpt: %s\n", what); abort(); }
}

/* the problems and configurations (deterministic: the seed writer and the fuzzer build the same ones) */
static void fz_setup(fz_world *z) {
    trng r;
    ssvm_multiclass_config mcc;
    int k;
    memset(z, 0, sizeof *z);
    r.s = 7; tchain_make(&z->dense, &r, 8, 3, 3, SSVM_CHAIN_BIASES, 0);
    check(tchain_problem(&z->dense, &z->dense.p) == SSVM_OK, "dense chain");
    r.s = 11; tchain_make(&z->sparse, &r, 8, 3, 3, SSVM_CHAIN_BIASES, 1);
    check(tchain_problem(&z->sparse, &z->sparse.p) == SSVM_OK, "sparse chain");
    for (k = 0; k < 12 * 3; k++) z->mc_x[k] = (ssvm_real)((k * 7 % 11) - 5) * (ssvm_real)0.2;
    for (k = 0; k < 12; k++) z->mc_y[k] = k % 3;
    mcc = ssvm_multiclass_config_init(12, 3, 3, z->mc_x, z->mc_y);
    check(ssvm_multiclass_init(&mcc, &z->mc) == SSVM_OK && ssvm_multiclass_problem(&z->mc, &z->mp) == SSVM_OK, "multiclass");
    for (k = 0; k < CK_CONFIGS; k++) {
        ssvm_solver_config *c = &z->cfg[k];
        switch (k) {
        case 0: *c = ssvm_solver_config_init(&z->dense.p, SSVM_BCFW); c->state = SSVM_STATE_COMPACT; break;
        case 1: *c = ssvm_solver_config_init(&z->sparse.p, SSVM_BCFW); c->state = SSVM_STATE_COMPACT_SPARSE; break;
        case 2: *c = ssvm_solver_config_init(&z->sparse.p, SSVM_BCFW); c->state = SSVM_STATE_SPARSE;
                c->sampling = SSVM_SAMPLE_PERMUTATION; z->prealloc[k] = 1; break;
        case 3: *c = ssvm_solver_config_init(&z->mp, SSVM_BCFW); c->state = SSVM_STATE_DENSE; c->averaging = SSVM_AVG_UNIFORM; break;
        case 4: *c = ssvm_solver_config_init(&z->dense.p, SSVM_BCFW); c->bcfw.steps = SSVM_BCFW_STEPS_PAIRWISE;
                c->bcfw.max_atoms = 3; c->bcfw.gap_sampling = 1; c->bcfw.gap_check = 2; c->bcfw.cache = 1;
                z->prealloc[k] = 1; break;
        case 5: *c = ssvm_solver_config_init(&z->sparse.p, SSVM_FW); break;
        case 6: *c = ssvm_solver_config_init(&z->mp, SSVM_SSG); c->averaging = SSVM_AVG_SUFFIX;
                c->sampling = SSVM_SAMPLE_PERMUTATION; break;
        case 7: *c = ssvm_solver_config_init(&z->dense.p, SSVM_MULTISAMPLE); c->ms.samples = 3; c->ms.cache_size = 2;
                check(ssvm_chain_kbest_sampler(&z->dense.m, &c->ms.sampler) == SSVM_OK, "k-best sampler"); break;
        default: *c = ssvm_solver_config_init(&z->dense.p, SSVM_BCFW); c->bcfw.steps = SSVM_BCFW_STEPS_AWAY;
                 c->bcfw.gap_sampling = 1; break;
        }
        c->lambda = 0.05;
        c->gap_tol = 0;
    }
}
/* a solver of configuration k: heap, or in one malloc'ed block (*mem) */
static ssvm_result fz_init(const fz_world *z, int k, ssvm_solver *s, void **mem) {
    size_t bytes = 0;
    ssvm_result r;
    *mem = NULL;
    if (!z->prealloc[k]) return ssvm_solver_init(&z->cfg[k], s);
    if ((r = ssvm_solver_get_heap_size(&z->cfg[k], &bytes)) != SSVM_OK) return r;
    if (!(*mem = malloc(bytes))) return SSVM_ERR_OUT_OF_MEMORY;
    return ssvm_solver_init_preallocated(&z->cfg[k], *mem, bytes, s);
}
/* a checkpoint of configuration k after `calls` oracle calls (malloc'ed; *bytes) */
static unsigned char *fz_checkpoint(const fz_world *z, int k, long long calls, size_t *bytes) {
    ssvm_solver s;
    void *mem;
    unsigned char *buf = NULL;
    ssvm_result r;
    r = fz_init(z, k, &s, &mem);
    if (r != SSVM_OK) fprintf(stderr, "config %d: %s\n", k, ssvm_result_string(r));
    check(r == SSVM_OK, "init");
    {
        ssvm_solver_limits l;
        ssvm_solver_limits_of(&s, &l);
        l.max_passes = 100; l.max_oracle_calls = calls;
        ssvm_solver_set_limits(&s, &l);
    }
    r = ssvm_solver_run(&s);
    check(r >= 0, "a seed run failed");
    check(ssvm_solver_checkpoint_get_size(&s, bytes) == SSVM_OK && (buf = (unsigned char *)malloc(*bytes)) != NULL, "size");
    check(ssvm_solver_checkpoint_save(&s, buf, *bytes, NULL) == SSVM_OK, "save");
    ssvm_solver_uninit(&s);
    free(mem);
    return buf;
}

#ifndef FUZZ_CKPT_SEEDS
static fz_world *world;

static uint64_t rd64(const unsigned char *p) {
    uint64_t v = 0;
    int k;
    for (k = 7; k >= 0; k--) v = (v << 8) | p[k];
    return v;
}

static int fz_finite(const ssvm_real *w, int d) {
    int j;
    for (j = 0; j < d; j++) if (!(w[j] == w[j]) || w[j] - w[j] != 0) return 0;
    return 1;
}
static int fz_documented(ssvm_result r) {
    return r == SSVM_OK || r == SSVM_ERR_FORMAT || r == SSVM_ERR_TRUNCATED || r == SSVM_ERR_CHECKSUM ||
           r == SSVM_ERR_VERSION || r == SSVM_ERR_NONFINITE || r == SSVM_ERR_CKPT_SOLVER || r == SSVM_ERR_CKPT_MISMATCH ||
           r == SSVM_ERR_WORKSPACE || r == SSVM_ERR_OUT_OF_MEMORY || r == SSVM_ERR_OVERFLOW;
}
/* a loaded solver: two passes, finite weights, a re-save */
static void fz_exercise(ssvm_solver *s, int d) {
    static ssvm_real w[256];
    size_t bytes = 0;
    unsigned char *buf = NULL;
    int t;
    for (t = 0; t < 2; t++) {
        /* What the loader cannot tell from a real state: finite values off the feasible set (sigma_i off the
           simplex, a huge scale) may overflow, which the engine's guard reports as SSVM_ERR_NONFINITE; labelings
           (the multi-sample cache, config.bcfw's atoms) are opaque to the library and reach phi, whose check (the
           built-in models') says SSVM_ERR_LABEL. Success must come with finite weights. */
        ssvm_result r = ssvm_solver_pass(s);
        if (r == SSVM_ERR_NONFINITE || r == SSVM_ERR_LABEL) break;
        /* a multi-sample solver saved after a failed step stays halted with that step's code, whatever it was
           (a user callback's own negative code included): the load restores it faithfully */
        if (r < 0 && ssvm_solver_config_of(s)->solver == SSVM_MULTISAMPLE && (int)r == TH_MS(s).halted) break;
        check(r >= 0, "a pass after a load fails other than SSVM_ERR_NONFINITE or SSVM_ERR_LABEL");
        check(ssvm_solver_weights(s, SSVM_W_ITERATE, w, sizeof w) == SSVM_OK && fz_finite(w, d), "a non-finite iterate after a load");
        if (ssvm_solver_weights(s, SSVM_W_AVERAGE, w, sizeof w) == SSVM_OK)
            check(fz_finite(w, d), "a non-finite average after a load");
    }
    check(ssvm_solver_checkpoint_get_size(s, &bytes) == SSVM_OK && (buf = (unsigned char *)malloc(bytes)) != NULL,
          "checkpoint size after a load");
    check(ssvm_solver_checkpoint_save(s, buf, bytes, NULL) == SSVM_OK, "re-save after a load");
    free(buf);
}
static void fz_one(const unsigned char *data, size_t size) {
    static ssvm_real w[256];
    int k;
    for (k = 0; k < CK_CONFIGS; k++) {
        int d = world->cfg[k].problem->d;
        ssvm_result r;
        if (size >= 56 && rd64(data + 48) == world->fp[k]) { /* this configuration's: a fresh solver */
            ssvm_solver s;
            ssvm_progress before, after;
            void *mem;
            check(fz_init(world, k, &s, &mem) == SSVM_OK, "init");
            ssvm_solver_progress(&s, &before);
            r = ssvm_solver_checkpoint_load(&s, data, size);
            check(fz_documented(r), "an undocumented load error");
            if (r == SSVM_OK) fz_exercise(&s, d);
            else {
                ssvm_solver_progress(&s, &after);
                check(ssvm_solver_weights(&s, SSVM_W_ITERATE, w, sizeof w) == SSVM_OK && fz_finite(w, d) &&
                          memcmp(w, world->base_w[k], sizeof(ssvm_real) * (size_t)d) == 0 &&
                          before.pass == after.pass && before.steps == after.steps,
                      "a failed load changed the solver");
            }
            ssvm_solver_uninit(&s);
            free(mem);
        } else { /* any other: refused, the standing solver untouched */
            r = ssvm_solver_checkpoint_load(&world->standing[k], data, size);
            check(r != SSVM_OK && fz_documented(r), "a load of another configuration's checkpoint");
            check(ssvm_solver_weights(&world->standing[k], SSVM_W_ITERATE, w, sizeof w) == SSVM_OK &&
                      memcmp(w, world->base_w[k], sizeof(ssvm_real) * (size_t)d) == 0,
                  "a failed load changed the standing solver");
        }
    }
}
static uint32_t crc32_ref(const unsigned char *p, size_t n) {
    uint32_t c = 0xFFFFFFFFu;
    size_t i;
    int k;
    for (i = 0; i < n; i++) {
        c ^= p[i];
        for (k = 0; k < 8; k++) c = (c & 1u) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
    }
    return c ^ 0xFFFFFFFFu;
}
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv) {
    int k;
    (void)argc; (void)argv;
    world = (fz_world *)malloc(sizeof *world);
    check(world != NULL, "malloc");
    fz_setup(world);
    for (k = 0; k < CK_CONFIGS; k++) {
        size_t bytes = 0;
        unsigned char *b = fz_checkpoint(world, k, 2 * world->cfg[k].problem->n, &bytes);
        check(bytes >= 56, "seed");
        world->fp[k] = rd64(b + 48);
        free(b);
        check(ssvm_solver_init(&world->cfg[k], &world->standing[k]) == SSVM_OK, "standing solver");
        check(ssvm_solver_weights(&world->standing[k], SSVM_W_ITERATE, world->base_w[k], sizeof world->base_w[k]) == SSVM_OK,
              "weights");
    }
    return 0;
}
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_one(data, size);
    if (size >= 68) { /* re-seal: the CRC over the bytes the header's size field covers (clamped to size) */
        uint64_t total = rd64(data + 16);
        unsigned char *c = (unsigned char *)malloc(size);
        uint32_t crc;
        int k;
        if (total < 68 || total > size) total = size;
        check(c != NULL, "malloc");
        memcpy(c, data, size);
        crc = crc32_ref(c, (size_t)total - 4);
        for (k = 0; k < 4; k++) c[(size_t)total - 4 + (size_t)k] = (unsigned char)(crc >> (8 * k));
        fz_one(c, size);
        free(c);
    }
    return 0;
}
#else
/* seeds: each configuration's checkpoint after 3 passes, and after 2.5 passes (mid-pass) */
int main(int argc, char **argv) {
    static fz_world z;
    char path[4096];
    int k, mid;
    if (argc < 2) { fprintf(stderr, "usage: %s dir\n", argv[0]); return 2; }
    fz_setup(&z);
    for (k = 0; k < CK_CONFIGS; k++)
        for (mid = 0; mid < 2; mid++) {
            int n = z.cfg[k].problem->n;
            size_t bytes = 0;
            unsigned char *b = fz_checkpoint(&z, k, mid ? 2 * n + n / 2 : 3 * n, &bytes);
            FILE *f;
            snprintf(path, sizeof path, "%s/seed_%d%s.ckpt", argv[1], k, mid ? "_mid" : "");
            if (!(f = fopen(path, "wb")) || fwrite(b, 1, bytes, f) != bytes || fclose(f) != 0) {
                fprintf(stderr, "%s: cannot write\n", path);
                return 1;
            }
            free(b);
        }
    return 0;
}
#endif
