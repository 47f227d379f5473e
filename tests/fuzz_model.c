/* tests/fuzz_model.c: libFuzzer harness for the model loader (make fuzz-model; clang -fsanitize=fuzzer,address,
   undefined). Each input is loaded as is (any kind, the allocating and the preallocated paths), then once more
   with its CRC re-sealed, so that the checks after the checksum see the mutations too. A model that loads must
   (1) save back to the very bytes it was loaded from, (2) predict with its built-in kind without an error
   other than those documented for the input, and (3) load identically through the preallocated path; any
   breach aborts (a kernel model: its scores too). Built with -DFUZZ_MODEL_SEEDS (no libFuzzer) it is the seed writer instead: one small valid
   file per kind into the directory argv[1]. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"

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

#ifndef FUZZ_MODEL_SEEDS
static void check(int ok, const char *what) {
    if (!ok) { fprintf(stderr, "fuzz_model: %s\n", what); abort(); }
}
/* a model that loaded: re-save, reload preallocated, predict */
static void exercise(const unsigned char *data, size_t size, const ssvm_model *m) {
    size_t n = 0, heap_bytes = 0, need = 0, k;
    unsigned char *out, *heap;
    ssvm_model p;
    ssvm_result r;
    check(ssvm_model_check(m) == SSVM_OK, "a loaded model fails ssvm_model_check");
    check(ssvm_model_save_get_size(m, &n) == SSVM_OK && n <= size, "save size");
    out = (unsigned char *)malloc(n);
    check(out && ssvm_model_save(m, out, n, NULL) == SSVM_OK, "save");
    /* the same bytes (a float build rounds the weights: there only the shape must survive) */
    check(sizeof(ssvm_real) < sizeof(double) || memcmp(out, data, n) == 0, "re-saved bytes differ from the file");
    free(out);
    check(ssvm_model_load_get_heap_size(data, size, m->kind, &heap_bytes) == SSVM_OK, "heap size");
    heap = (unsigned char *)malloc(heap_bytes);
    check(heap && ssvm_model_load_preallocated(data, size, m->kind, heap, heap_bytes, &p) == SSVM_OK, "preallocated");
    check(p.d == m->d && memcmp(p.w, m->w, sizeof(ssvm_real) * (size_t)m->d) == 0, "preallocated weights");
    free(heap);
    /* predict: an input of 3 rows (assign: 3 x 4) of features 1, 0, -1, ... dense, then sparse */
    if (m->kind == SSVM_MODEL_USER) return;
    if (m->kind == SSVM_MODEL_GRAPH && m->n_labels > 12 && m->method != SSVM_GRAPH_TREE) return; /* 2^L: slow */
    /* the harness's own dense rows are rows x n_attrs reals: a kernel model's n_attrs is a header field with no w
       behind it (1e9 asked 26 GB of the harness, not of the library), so wide inputs are not predicted here */
    if (m->n_attrs > (1 << 20)) return;
    {
        int rows = m->kind == SSVM_MODEL_ASSIGN ? 12 : 3, len = 3, F = m->n_attrs, *ids, *st, nz = 0, y[64];
        int *yb = y;
        size_t xs = (size_t)rows * (size_t)F, ylen;
        ssvm_real *x = (ssvm_real *)malloc(xs * sizeof(ssvm_real));
        void *work;
        ssvm_model_input in = ssvm_model_input_init(len, x);
        in.cols = 4;
        ids = (int *)malloc(xs * sizeof(int));
        st = (int *)malloc(((size_t)rows + 1) * sizeof(int));
        check(x && ids && st, "malloc");
        for (k = 0; k < xs; k++) x[k] = (ssvm_real)((int)(k % 3) - 1);
        r = ssvm_model_predict_get_work_size(m, len, 4, &need);
        ylen = m->kind == SSVM_MODEL_GRAPH ? (size_t)m->n_labels : 3;
        if (ylen > 64) yb = (int *)malloc(ylen * sizeof(int));
        /* the same for predict's work: a kernel model with no support rows has d = 3 whatever its n_labels, and
           its K scores (1e9 asked 8.6 GB of the harness's malloc; the library reported the size correctly) */
        if (r == SSVM_OK && need > ((size_t)1 << 28)) r = SSVM_ERR_OUT_OF_MEMORY;
        work = malloc(r == SSVM_OK && need ? need : 1);
        if (r == SSVM_OK) {
            r = ssvm_model_predict(m, &in, work, need, yb, ylen * sizeof(int), NULL);
            check(r == SSVM_OK || r == SSVM_ERR_NONFINITE, "dense predict"); /* scores may overflow */
            if (m->kind == SSVM_MODEL_KERNEL) { /* the K scores: the same answer as predict's */
                size_t ns = (size_t)m->n_labels * ((m->flags & SSVM_MODEL_KERNEL_CHAIN) ? (size_t)len : 1u);
                double *sc = (double *)malloc(sizeof(double) * ns);
                ssvm_result r2;
                check(sc != NULL, "malloc");
                r2 = ssvm_model_kernel_scores(m, &in, work, need, sc, sizeof(double) * ns);
                /* a float build: the double scores may be finite beyond FLT_MAX, where predict's are not; a chain:
                   finite scores whose Viterbi path overflows (predict's SSVM_ERR_NONFINITE since 0.18) */
                check(r2 == r || ((sizeof(ssvm_real) < sizeof(double) || (m->flags & SSVM_MODEL_KERNEL_CHAIN)) &&
                                  r2 == SSVM_OK && r == SSVM_ERR_NONFINITE),
                      "kernel scores and predict disagree");
                free(sc);
            }
            for (k = 0; k < (size_t)rows; k++) {
                int j;
                st[k] = nz;
                for (j = 0; j < F; j++) if (x[k * (size_t)F + (size_t)j] != 0) ids[nz++] = j;
            }
            st[rows] = nz;
            in.x = NULL; in.attr_start = st; in.attr_id = ids;
            r = ssvm_model_predict(m, &in, work, need, yb, ylen * sizeof(int), NULL);
            check(r == SSVM_OK || r == SSVM_ERR_NONFINITE || (m->kind == SSVM_MODEL_ASSIGN && r == SSVM_ERR_NOT_SUPPORTED),
                  "sparse predict");
        }
        if (yb != y) free(yb);
        free(work); free(x); free(ids); free(st);
    }
}
static void one(const unsigned char *data, size_t size) {
    ssvm_model m;
    ssvm_result r = ssvm_model_load(data, size, SSVM_MODEL_ANY, &m);
    check(r == SSVM_OK || (r >= SSVM_ERR_KIND && r <= SSVM_ERR_FORMAT) || r == SSVM_ERR_OVERFLOW ||
              r == SSVM_ERR_NONFINITE || r == SSVM_ERR_OUT_OF_MEMORY, "an undocumented load error");
    if (r != SSVM_OK) return;
    exercise(data, size, &m);
    ssvm_model_uninit(&m);
}
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    one(data, size);
    if (size >= 148) { /* re-seal: the CRC over the bytes the header's size field covers (clamped to size) */
        uint64_t total = 0;
        unsigned char *c = (unsigned char *)malloc(size);
        int k;
        for (k = 7; k >= 0; k--) total = (total << 8) | data[16 + k];
        if (total < 148 || total > size) total = size;
        memcpy(c, data, size);
        {
            uint32_t crc = crc32_ref(c, (size_t)total - 4);
            for (k = 0; k < 4; k++) c[(size_t)total - 4 + (size_t)k] = (unsigned char)(crc >> (8 * k));
        }
        one(c, size);
        free(c);
    }
    return 0;
}
#else
/* seeds: one small valid model of each kind, with names and a summary */
int main(int argc, char **argv) {
    static const char *const names[] = {"O", "B-NP", "I-NP", "x"};
    static const int edges[] = {0, 1, 1, 2};
    ssvm_real w[64], kw[13] = {0.5, 1, 2, 1, -0.5, 0.25, -0.5, 0.25, -1, 0.75, 0.5, 0, -0.5};
    int kind, k;
    char path[4096];
    if (argc < 2) { fprintf(stderr, "usage: %s dir\n", argv[0]); return 2; }
    for (k = 0; k < 64; k++) w[k] = (ssvm_real)((k * 37 % 11) - 5) * (ssvm_real)0.25;
    for (kind = SSVM_MODEL_USER; kind <= SSVM_MODEL_KERNEL; kind++) {
        ssvm_model m;
        ssvm_result r;
        switch (kind) {
        case SSVM_MODEL_MULTICLASS: m = ssvm_model_config_init(kind, 6, w); m.n_labels = 3; m.n_attrs = 2; break;
        case SSVM_MODEL_CHAIN:
            m = ssvm_model_config_init(kind, 3 * 2 + 6 + 9, w); m.n_labels = 3; m.n_attrs = 2; m.flags = SSVM_CHAIN_BIASES;
            break;
        case SSVM_MODEL_GRAPH:
            m = ssvm_model_config_init(kind, 3 * 2 + 8, w); m.n_labels = 3; m.n_attrs = 2; m.n_edges = 2; m.edges = edges;
            break;
        case SSVM_MODEL_ASSIGN: m = ssvm_model_config_init(kind, 3, w); m.n_attrs = 3; m.flags = SSVM_ASSIGN_DUMMY; break;
        case SSVM_MODEL_KERNEL: /* polynomial (gamma 0.5, coef0 1, degree 2), K 3, F 2, two support examples */
            m = ssvm_model_config_init(kind, 3 + 2 * (2 + 3), kw); m.n_labels = 3; m.n_attrs = 2; m.method = 2;
            break;
        default: m = ssvm_model_config_init(kind, 5, w); m.n_labels = 4; m.user_tag = 7; break;
        }
        if (kind != SSVM_MODEL_ASSIGN) { m.n_label_names = m.n_labels; m.label_names = names; }
        m.summary.solver = 0; m.summary.lambda = 0.01; m.summary.passes = 3;
        snprintf(path, sizeof path, "%s/seed_%s.ssvm", argv[1], ssvm_model_kind_string(kind));
        if ((r = ssvm_model_save_path(&m, path)) != SSVM_OK) {
            fprintf(stderr, "%s: %s\n", path, ssvm_result_string(r));
            return 1;
        }
    }
    { /* the lifted chain's kernel model: K 2, F 2, transitions and biases, two support positions (RBF, gamma 0.5) */
        ssvm_real cw[19] = {0.5, 0, 0, 0.5, -0.5, -0.25, 0.25, 0.1, -0.1, 0.2, -0.2, 1, 0, 0.5, -0.5, 0, 1, -0.25, 0.25};
        ssvm_model m = ssvm_model_config_init(SSVM_MODEL_KERNEL, 19, cw);
        ssvm_result r;
        m.n_labels = 2; m.n_attrs = 2; m.method = 1; m.flags = SSVM_MODEL_KERNEL_CHAIN | SSVM_CHAIN_BIASES;
        snprintf(path, sizeof path, "%s/seed_kernel_chain.ssvm", argv[1]);
        if ((r = ssvm_model_save_path(&m, path)) != SSVM_OK) {
            fprintf(stderr, "%s: %s\n", path, ssvm_result_string(r));
            return 1;
        }
    }
    (void)crc32_ref;
    return 0;
}
#endif
