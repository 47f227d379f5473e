/* tests/test_model.c: model files (0.4, issue 13 item 1). Round trips of every kind (weights bit-exact in the
   build that wrote them), the bytes against the documented layout (an independent writer and CRC-32 here),
   files written "by the other precision" (explicit bytes), every truncation, every single-byte corruption, a
   future version, a wrong kind, overflowing and inconsistent sizes, non-finite and out-of-range weights;
   predictions of a loaded model against the model's own predict calls and the training decoders (dense and
   sparse), a trained chain's summary; the path / FILE* wrappers and the info printer. One translation unit
   of the test program (tests/run.c); the no-malloc path is in tests/nomalloc.c. */
#define _POSIX_C_SOURCE 200809L
#include <unistd.h> /* close */
#include <locale.h> /* setlocale: the export in a comma locale */
#include "../structsvm.h"
#include "harness.h"

#define IS_FLOAT_BUILD (sizeof(ssvm_real) < sizeof(double))
/* constants compared with stored doubles are cast: under FLT_EVAL_METHOD 2 (x87, -m32) 0.01 is a long double */

typedef struct mrng { unsigned long long s; } mrng;
static double mr_u(mrng *r) { /* uniform [0,1) */
    r->s = r->s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(r->s >> 11) * (1.0 / 9007199254740992.0);
}
static int mr_i(mrng *r, int n) { return (int)(mr_u(r) * n); }

/* CRC-32 bit by bit (the reference definition), independent of the library's table */
static unsigned long crc32_ref(const unsigned char *p, size_t n) {
    unsigned long c = 0xFFFFFFFFul;
    size_t i;
    int k;
    for (i = 0; i < n; i++) {
        c ^= p[i];
        for (k = 0; k < 8; k++) c = (c & 1ul) ? (c >> 1) ^ 0xEDB88320ul : c >> 1;
    }
    return c ^ 0xFFFFFFFFul;
}
static unsigned long get32(const unsigned char *p) {
    return (unsigned long)p[0] | ((unsigned long)p[1] << 8) | ((unsigned long)p[2] << 16) | ((unsigned long)p[3] << 24);
}
static void put32(unsigned char *p, unsigned long v) {
    p[0] = (unsigned char)(v & 255u); p[1] = (unsigned char)((v >> 8) & 255u);
    p[2] = (unsigned char)((v >> 16) & 255u); p[3] = (unsigned char)((v >> 24) & 255u);
}
static void put64(unsigned char *p, unsigned long long v) { put32(p, (unsigned long)(v & 0xFFFFFFFFu)); put32(p + 4, (unsigned long)(v >> 32)); }
static void putf64(unsigned char *p, double v) {
    unsigned long long u;
    memcpy(&u, &v, 8);
    put64(p, u);
}
/* re-seal a file edited in place: its CRC over all but the last 4 bytes */
static void reseal(unsigned char *p, size_t n) { put32(p + n - 4, crc32_ref(p, n - 4)); }

/* a model of each kind with random weights (w: room for 256), names on some */
static const char *const g_labels[] = {"O", "B-NP", "I-NP", "caf\xc3\xa9 \"q\"\\"};
static const char *const g_attrs[] = {"w[0]=the", "w[-1]=a", "bias", "", "x:y", "p"};
static const int g_edges[] = {0, 1, 1, 2, 3, 1};
static ssvm_model make_model(int kind, ssvm_real *w, mrng *r) {
    ssvm_model m;
    int k;
    switch (kind) {
    case SSVM_MODEL_MULTICLASS:
        m = ssvm_model_config_init(kind, 4 * 6, w); m.n_labels = 4; m.n_attrs = 6;
        m.n_label_names = 4; m.label_names = g_labels; m.n_attr_names = 6; m.attr_names = g_attrs;
        break;
    case SSVM_MODEL_CHAIN:
        m = ssvm_model_config_init(kind, 3 * 5 + 2 * 3 + 9, w); m.n_labels = 3; m.n_attrs = 5;
        m.flags = SSVM_CHAIN_BIASES; m.n_label_names = 3; m.label_names = g_labels + 1;
        break;
    case SSVM_MODEL_GRAPH:
        m = ssvm_model_config_init(kind, 4 * 3 + 4 * 3, w); m.n_labels = 4; m.n_attrs = 3;
        m.n_edges = 3; m.edges = g_edges; m.method = SSVM_GRAPH_TREE; m.flags = SSVM_GRAPH_COUNTED_LOSS;
        break;
    case SSVM_MODEL_ASSIGN:
        m = ssvm_model_config_init(kind, 5, w); m.n_attrs = 5; m.flags = SSVM_ASSIGN_DUMMY;
        break;
    default:
        m = ssvm_model_config_init(SSVM_MODEL_USER, 7, w); m.user_tag = 0xDEADBEEFul; m.n_labels = 9; m.n_attrs = 2;
        m.max_label_len = 11; m.flags = -5; m.n_label_names = 2; m.label_names = g_attrs;
        break;
    }
    for (k = 0; k < m.d; k++) w[k] = (ssvm_real)((mr_u(r) - 0.5) * 10.0);
    if (m.d > 1) w[1] = (ssvm_real)-0.0;
    m.summary.solver = SSVM_BCFW; m.summary.passes = 17; m.summary.lambda = 0.01; m.summary.primal = 1.5;
    m.summary.dual = 1.25; m.summary.gap = 0.25; m.summary.wall_seconds = 2.5; m.summary.oracle_calls = 123456789012LL;
    m.summary.seed = 0xFEDCBA9876543210ULL;
    return m;
}
static unsigned char *save_alloc(const ssvm_model *m, size_t *n) {
    unsigned char *buf;
    size_t written = 0;
    *n = 0;
    if (ssvm_model_save_get_size(m, n) != SSVM_OK) return NULL;
    buf = (unsigned char *)malloc(*n);
    if (!buf || ssvm_model_save(m, buf, *n, &written) != SSVM_OK || written != *n) { free(buf); return NULL; }
    return buf;
}
/* load from an exact-size copy, so that ASan sees any read past the end */
static ssvm_result load_exact(const unsigned char *p, size_t n, int kind, ssvm_model *m) {
    unsigned char *c = (unsigned char *)malloc(n ? n : 1);
    ssvm_result r;
    if (n) memcpy(c, p, n);
    r = ssvm_model_load(c, n, kind, m);
    free(c);
    return r;
}
static int same_names(int n, const char *const *a, const char *const *b) {
    int k;
    for (k = 0; k < n; k++) if (strcmp(a[k], b[k]) != 0) return 0;
    return 1;
}

static void test_model_crc32_reference(th_ctx *t) {
    /* the check value of CRC-32/ISO-HDLC, then a saved file's last 4 bytes against the bitwise CRC */
    ssvm_real w[256];
    mrng r = {7};
    size_t n;
    unsigned char *buf;
    ssvm_model m = make_model(SSVM_MODEL_CHAIN, w, &r);
    TH_CHECK(t, crc32_ref((const unsigned char *)"123456789", 9) == 0xCBF43926ul);
    buf = save_alloc(&m, &n);
    TH_CHECK(t, buf != NULL);
    if (!buf) return;
    TH_CHECK(t, get32(buf + n - 4) == crc32_ref(buf, n - 4));
    free(buf);
}

static void test_model_layout(th_ctx *t) {
    /* the documented layout, read back byte by byte */
    ssvm_real w[256];
    mrng r = {8};
    size_t n, k;
    unsigned char *buf;
    ssvm_model m = make_model(SSVM_MODEL_GRAPH, w, &r);
    buf = save_alloc(&m, &n);
    TH_CHECK(t, buf != NULL);
    if (!buf) return;
    TH_CHECK(t, memcmp(buf, "SSVMODEL", 8) == 0);
    TH_CHECK(t, get32(buf + 8) == 1 && get32(buf + 12) == 144);
    TH_CHECK(t, get32(buf + 16) == n && get32(buf + 20) == 0);
    TH_CHECK(t, get32(buf + 24) == SSVM_MODEL_GRAPH && get32(buf + 32) == (unsigned long)m.d);
    TH_CHECK(t, get32(buf + 36) == 4 && get32(buf + 40) == 3 && get32(buf + 48) == 1 && get32(buf + 52) == 1);
    TH_CHECK(t, get32(buf + 56) == 3 && get32(buf + 68) == 0 && get32(buf + 72) == 17);
    TH_CHECK(t, n == 144 + 8 * 3 + 8 * (size_t)m.d + 4);
    for (k = 0; k < 6; k++) TH_CHECK(t, get32(buf + 144 + 4 * k) == (unsigned long)g_edges[k]);
    for (k = 0; k < (size_t)m.d; k++) {
        unsigned long long u = (unsigned long long)get32(buf + 168 + 8 * k) | ((unsigned long long)get32(buf + 172 + 8 * k) << 32);
        double v;
        memcpy(&v, &u, 8);
        TH_CHECK(t, v == (double)w[k]);
    }
    free(buf);
}

static void test_model_roundtrip_every_kind(th_ctx *t) {
    int kind;
    for (kind = SSVM_MODEL_USER; kind <= SSVM_MODEL_ASSIGN; kind++) {
        ssvm_real w[256];
        mrng r = {100 + (unsigned)kind};
        size_t n, heap_bytes = 0;
        unsigned char *buf;
        ssvm_model m = make_model(kind, w, &r), l;
        ssvm_result res;
        buf = save_alloc(&m, &n);
        TH_CHECKF(t, buf != NULL, "kind %d", kind);
        if (!buf) continue;
        res = load_exact(buf, n, kind, &l);
        TH_CHECKF(t, res == SSVM_OK, "kind %d: %s", kind, ssvm_result_string(res));
        if (res == SSVM_OK) {
            TH_CHECK(t, l.kind == m.kind && l.user_tag == m.user_tag && l.d == m.d && l.n_labels == m.n_labels);
            TH_CHECK(t, l.n_attrs == m.n_attrs && l.max_label_len == m.max_label_len && l.flags == m.flags);
            TH_CHECK(t, l.method == m.method && l.n_edges == m.n_edges);
            TH_CHECK(t, m.n_edges == 0 || memcmp(l.edges, m.edges, 2 * sizeof(int) * (size_t)m.n_edges) == 0);
            TH_CHECKF(t, memcmp(l.w, m.w, sizeof(ssvm_real) * (size_t)m.d) == 0, "kind %d: weights not bit-exact", kind);
            TH_CHECK(t, l.n_attr_names == m.n_attr_names && l.n_label_names == m.n_label_names);
            TH_CHECK(t, same_names(m.n_attr_names, l.attr_names, m.attr_names));
            TH_CHECK(t, same_names(m.n_label_names, l.label_names, m.label_names));
            TH_CHECK(t, (l.n_attr_names == 0) == (l.attr_names == NULL));
            TH_CHECK(t, l.summary.solver == m.summary.solver && l.summary.passes == 17 && l.summary.lambda == (double)0.01);
            TH_CHECK(t, l.summary.primal == 1.5 && l.summary.dual == 1.25 && l.summary.gap == 0.25);
            TH_CHECK(t, l.summary.wall_seconds == 2.5 && l.summary.oracle_calls == 123456789012LL);
            TH_CHECK(t, l.summary.seed == 0xFEDCBA9876543210ULL);
            ssvm_model_uninit(&l);
            TH_CHECK(t, l.w == NULL && l.d == 0);
        }
        /* any kind, and the preallocated path into a heap of exactly the size asked (no pointer into buf) */
        TH_CHECK(t, ssvm_model_load_get_heap_size(buf, n, SSVM_MODEL_ANY, &heap_bytes) == SSVM_OK && heap_bytes > 0);
        {
            unsigned char *heap = (unsigned char *)malloc(heap_bytes);
            TH_CHECK(t, ssvm_model_load_preallocated(buf, n, SSVM_MODEL_ANY, heap, heap_bytes - 1, &l) == SSVM_ERR_WORKSPACE);
            TH_CHECK(t, ssvm_model_load_preallocated(buf, n, SSVM_MODEL_ANY, heap, heap_bytes, &l) == SSVM_OK);
            memset(buf, 0, n); /* the model must not point into the file */
            TH_CHECK(t, memcmp(l.w, m.w, sizeof(ssvm_real) * (size_t)m.d) == 0);
            TH_CHECK(t, same_names(m.n_label_names, l.label_names, m.label_names));
            ssvm_model_uninit(&l); /* nothing to free: the heap is the caller's */
            free(heap);
        }
        /* a buffer longer than the file: the rest is ignored */
        {
            unsigned char *big = (unsigned char *)calloc(n + 100, 1);
            size_t w2 = 0;
            TH_CHECK(t, ssvm_model_save(&m, big, n + 100, &w2) == SSVM_OK && w2 == n);
            TH_CHECK(t, ssvm_model_save(&m, big, n - 1, &w2) == SSVM_ERR_WORKSPACE && w2 == 0);
            TH_CHECK(t, ssvm_model_load(big, n + 100, kind, &l) == SSVM_OK);
            ssvm_model_uninit(&l);
            free(big);
        }
        free(buf);
    }
}

/* a file written by hand from the documented layout: a multiclass model K = 2, F = 2, weights v[4] */
static size_t hand_file(unsigned char *p, const double *v, unsigned long version, unsigned long kind) {
    size_t n = 144 + 8 * 4 + 4, k;
    memset(p, 0, n);
    memcpy(p, "SSVMODEL", 8);
    put32(p + 8, version); put32(p + 12, 144); put64(p + 16, n);
    put32(p + 24, kind); put32(p + 32, 4); put32(p + 36, 2); put32(p + 40, 2);
    put32(p + 68, 0xFFFFFFFFul); /* solver -1 */
    putf64(p + 88, 0.5); putf64(p + 96, 0.0 / 1.0);
    for (k = 0; k < 4; k++) putf64(p + 144 + 8 * k, v[k]);
    reseal(p, n);
    return n;
}
static void test_model_cross_precision(th_ctx *t) {
    /* a double build's weights (0.1 is no float) and a float build's (exactly floats), as explicit bytes:
       each build reads both; the double build bit-exact, the float build rounded to nearest */
    unsigned char p[256];
    double dbl[4] = {0.1, -1e-3, 12345.678901234567, 1e30};
    double flt[4];
    ssvm_model m;
    size_t n;
    int k;
    for (k = 0; k < 4; k++) flt[k] = (double)(float)dbl[k];
    n = hand_file(p, dbl, 1, SSVM_MODEL_MULTICLASS);
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_MULTICLASS, &m) == SSVM_OK);
    if (m.w) {
        for (k = 0; k < 4; k++) TH_CHECK(t, m.w[k] == (ssvm_real)dbl[k]);
        TH_CHECK(t, m.summary.solver == -1 && m.summary.lambda == 0.5);
        ssvm_model_uninit(&m);
    }
    n = hand_file(p, flt, 1, SSVM_MODEL_MULTICLASS);
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_MULTICLASS, &m) == SSVM_OK);
    if (m.w) {
        for (k = 0; k < 4; k++) TH_CHECK(t, (double)m.w[k] == flt[k]); /* exact in both builds */
        ssvm_model_uninit(&m);
    }
    /* beyond float range: an error in a float build, read exactly in a double build; NaN/Inf in both */
    dbl[3] = 1e39;
    n = hand_file(p, dbl, 1, SSVM_MODEL_MULTICLASS);
    if (IS_FLOAT_BUILD) TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_ERR_NONFINITE);
    else {
        TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_OK && m.w && m.w[3] == (double)1e39);
        ssvm_model_uninit(&m);
    }
    dbl[3] = 1e308 * 10.0;
    n = hand_file(p, dbl, 1, SSVM_MODEL_MULTICLASS);
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_ERR_NONFINITE);
    dbl[3] = dbl[3] - dbl[3];
    n = hand_file(p, dbl, 1, SSVM_MODEL_MULTICLASS);
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_ERR_NONFINITE);
}

static void test_model_every_truncation(th_ctx *t) {
    int kind;
    for (kind = SSVM_MODEL_USER; kind <= SSVM_MODEL_ASSIGN; kind++) {
        ssvm_real w[256];
        mrng r = {200 + (unsigned)kind};
        size_t n, len, heap = 0;
        ssvm_model m = make_model(kind, w, &r), l;
        unsigned char *buf = save_alloc(&m, &n);
        int bad = 0;
        if (!buf) { TH_CHECK(t, buf != NULL); continue; }
        for (len = 0; len < n; len++) {
            ssvm_result res = load_exact(buf, len, SSVM_MODEL_ANY, &l);
            if (res != SSVM_ERR_TRUNCATED) { bad++; if (res == SSVM_OK) ssvm_model_uninit(&l); }
            if (ssvm_model_load_get_heap_size(buf, len, SSVM_MODEL_ANY, &heap) != SSVM_ERR_TRUNCATED || heap) bad++;
        }
        TH_CHECKF(t, bad == 0, "kind %d: %d truncations not reported as SSVM_ERR_TRUNCATED", kind, bad);
        free(buf);
    }
}

static void test_model_every_byte_corrupted(th_ctx *t) {
    /* every byte, xor-ed with a random non-zero value: always an error, and never a crash or over-read */
    int kind;
    for (kind = SSVM_MODEL_USER; kind <= SSVM_MODEL_ASSIGN; kind++) {
        ssvm_real w[256];
        mrng r = {300 + (unsigned)kind};
        size_t n, k;
        ssvm_model m = make_model(kind, w, &r), l;
        unsigned char *buf = save_alloc(&m, &n);
        int ok = 0, checksum = 0;
        if (!buf) { TH_CHECK(t, buf != NULL); continue; }
        for (k = 0; k < n; k++) {
            unsigned char x = (unsigned char)(1 + mr_i(&r, 255)), old = buf[k];
            ssvm_result res;
            buf[k] ^= x;
            res = load_exact(buf, n, SSVM_MODEL_ANY, &l);
            if (res == SSVM_OK) { ok++; ssvm_model_uninit(&l); }
            if (res == SSVM_ERR_CHECKSUM) checksum++;
            buf[k] = old;
        }
        TH_CHECKF(t, ok == 0, "kind %d: %d corrupted files loaded", kind, ok);
        TH_CHECKF(t, (size_t)checksum >= n - 24, "kind %d: %d of %d corruptions by the checksum", kind, checksum, (int)n);
        free(buf);
    }
}

static void test_model_version_and_kind(th_ctx *t) {
    double v[4] = {1, 2, 3, 4};
    unsigned char p[256];
    size_t n;
    ssvm_model m;
    n = hand_file(p, v, SSVM_MODEL_FORMAT_VERSION + 1, SSVM_MODEL_MULTICLASS);
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_ERR_VERSION);
    TH_CHECK(t, load_exact(p, 12, SSVM_MODEL_ANY, &m) == SSVM_ERR_VERSION); /* known from the first 12 bytes */
    n = hand_file(p, v, 0, SSVM_MODEL_MULTICLASS);
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_ERR_FORMAT);
    n = hand_file(p, v, 1, SSVM_MODEL_MULTICLASS);
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_CHAIN, &m) == SSVM_ERR_KIND);
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_USER, &m) == SSVM_ERR_KIND);
    TH_CHECK(t, load_exact(p, n, 99, &m) == SSVM_ERR_INVALID_ARG);
    n = hand_file(p, v, 1, SSVM_MODEL_KERNEL + 1); /* a kind this library does not know */
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_ERR_KIND);
    n = hand_file(p, v, 1, SSVM_MODEL_KERNEL); /* a kernel model of a multiclass model's shape (no 3 parameters) */
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_ERR_FORMAT);
    n = hand_file(p, v, 1, SSVM_MODEL_MULTICLASS);
    p[0] = 'X';
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_ERR_FORMAT);
    TH_CHECK(t, load_exact(p, 3, SSVM_MODEL_ANY, &m) == SSVM_ERR_FORMAT); /* not even the magic's start */
    TH_CHECK(t, load_exact((const unsigned char *)"SSV", 3, SSVM_MODEL_ANY, &m) == SSVM_ERR_TRUNCATED);
    TH_CHECK(t, ssvm_model_load(NULL, 0, SSVM_MODEL_ANY, &m) == SSVM_ERR_INVALID_ARG);
}

static void test_model_bad_sizes(th_ctx *t) {
    /* sealed files (valid CRC) whose fields lie: each its own error, never a crash */
    double v[4] = {1, 2, 3, 4};
    unsigned char p[512];
    size_t n;
    ssvm_model m;
    n = hand_file(p, v, 1, SSVM_MODEL_MULTICLASS);
    put32(p + 32, 0x80000000ul); reseal(p, n); /* d beyond int */
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_ERR_OVERFLOW);
    n = hand_file(p, v, 1, SSVM_MODEL_MULTICLASS);
    put32(p + 32, 0xFFFFFFFFul); put32(p + 36, 0xFFFFFFFFul); reseal(p, n);
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_ERR_OVERFLOW);
    n = hand_file(p, v, 1, SSVM_MODEL_CHAIN); /* a chain with biases and K = INT_MAX: K + 2 must not overflow an int */
    put32(p + 36, 0x7FFFFFFFul); put32(p + 48, (unsigned long)SSVM_CHAIN_BIASES); reseal(p, n);
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) < 0);
    n = hand_file(p, v, 1, SSVM_MODEL_MULTICLASS);
    put32(p + 56, 0x7FFFFFFFul); reseal(p, n); /* edges the file does not hold */
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_ERR_FORMAT);
    n = hand_file(p, v, 1, SSVM_MODEL_MULTICLASS);
    put64(p + 80, 0xFFFFFFFFFFFFFFF0ULL); reseal(p, n); /* a names table larger than the file */
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_ERR_FORMAT);
    n = hand_file(p, v, 1, SSVM_MODEL_MULTICLASS);
    put64(p + 16, 0xFFFFFFFFFFFFFFFFULL); /* the file's size: more than the buffer */
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_ERR_TRUNCATED);
    put64(p + 16, 10); /* less than a header */
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_ERR_FORMAT);
    n = hand_file(p, v, 1, SSVM_MODEL_MULTICLASS);
    put32(p + 36, 4); put32(p + 40, 1); reseal(p, n); /* K*F = d still, but 4 x 1: fine */
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_OK);
    ssvm_model_uninit(&m);
    put32(p + 36, 3); reseal(p, n); /* K*F != d */
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_ERR_FORMAT);
    n = hand_file(p, v, 1, SSVM_MODEL_MULTICLASS);
    put32(p + 64, 2); reseal(p, n); /* two label names promised, none there */
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_ERR_FORMAT);
    n = hand_file(p, v, 1, SSVM_MODEL_MULTICLASS);
    put32(p + 12, 160); reseal(p, n); /* another header size */
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_ERR_FORMAT);
    n = hand_file(p, v, 1, SSVM_MODEL_MULTICLASS);
    put32(p + 76, 1); reseal(p, n); /* reserved */
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_ERR_FORMAT);
    n = hand_file(p, v, 1, SSVM_MODEL_MULTICLASS);
    put32(p + 48, 4); reseal(p, n); /* flags a multiclass model does not have */
    TH_CHECK(t, load_exact(p, n, SSVM_MODEL_ANY, &m) == SSVM_ERR_FORMAT);
    /* graphs: a repeated edge, a self-loop, an endpoint out of range, a tree decoder on a cycle */
    {
        ssvm_real w[256];
        mrng r = {5};
        ssvm_model g = make_model(SSVM_MODEL_GRAPH, w, &r);
        unsigned char *buf = save_alloc(&g, &n);
        static const int cases[4][6] = {{0, 1, 1, 0, 3, 1}, {0, 1, 2, 2, 3, 1}, {0, 1, 1, 4, 3, 1}, {0, 1, 1, 2, 2, 0}};
        int c, k;
        if (!buf) { TH_CHECK(t, buf != NULL); return; }
        for (c = 0; c < 4; c++) {
            for (k = 0; k < 6; k++) put32(buf + 144 + 4 * k, (unsigned long)cases[c][k]);
            reseal(buf, n);
            TH_CHECKF(t, load_exact(buf, n, SSVM_MODEL_ANY, &m) == SSVM_ERR_FORMAT, "graph case %d", c);
        }
        put32(buf + 52, SSVM_GRAPH_ENUM); reseal(buf, n); /* the cycle with enumeration: fine */
        TH_CHECK(t, load_exact(buf, n, SSVM_MODEL_ANY, &m) == SSVM_OK);
        ssvm_model_uninit(&m);
        free(buf);
    }
}

static void test_model_check_on_save(th_ctx *t) {
    ssvm_real w[256];
    mrng r = {9};
    size_t n = 1;
    ssvm_model m = make_model(SSVM_MODEL_CHAIN, w, &r), b;
    const char *holes[3] = {"a", NULL, "c"};
    b = m; b.d = m.d - 1;
    TH_CHECK(t, ssvm_model_save_get_size(&b, &n) == SSVM_ERR_INVALID_ARG && n == 0);
    b = m; b.n_labels = 0;
    TH_CHECK(t, ssvm_model_check(&b) == SSVM_ERR_EMPTY);
    b = m; b.kind = 9;
    TH_CHECK(t, ssvm_model_check(&b) == SSVM_ERR_KIND);
    b = m; b.flags = 64;
    TH_CHECK(t, ssvm_model_check(&b) == SSVM_ERR_INVALID_ARG);
    b = m; b.n_label_names = 2;
    TH_CHECK(t, ssvm_model_check(&b) == SSVM_ERR_INVALID_ARG);
    b = m; b.label_names = holes;
    TH_CHECK(t, ssvm_model_check(&b) == SSVM_ERR_INVALID_ARG);
    b = m; b.w = NULL;
    TH_CHECK(t, ssvm_model_check(&b) == SSVM_ERR_INVALID_ARG);
    w[3] = (ssvm_real)(w[2] - w[2]) / (ssvm_real)(w[2] - w[2]);
    TH_CHECK(t, ssvm_model_check(&m) == SSVM_ERR_NONFINITE);
    w[3] = 1;
    TH_CHECK(t, ssvm_model_check(&m) == SSVM_OK);
    b = make_model(SSVM_MODEL_GRAPH, w, &r);
    {
        int self[6] = {0, 1, 1, 1, 3, 1};
        b.edges = self;
        TH_CHECK(t, ssvm_model_check(&b) == SSVM_ERR_GRAPH);
    }
    TH_CHECK(t, ssvm_model_check(NULL) == SSVM_ERR_INVALID_ARG);
}

/* the models of ssvm_model_of_* against the data's own predict calls and training decoders */
enum { PN = 6, PL = 5, PK = 3, PF = 7 };
static void test_model_predict_matches(th_ctx *t) {
    mrng r = {4242};
    ssvm_real x[PN * PL * PF], w[1024], xv[PN * PL * PF];
    int lab[PN * PL], start[PN + 1], as[PN * PL + 1], aid[PN * PL * PF], i, k, p, bad = 0, nnz = 0;
    unsigned char work[1 << 14];
    size_t need = 0, n;
    unsigned char *buf;
    ssvm_model m, l;
    ssvm_problem prob;
    /* sparse copies of the same rows (about half the entries zero) */
    for (k = 0; k < PN * PL * PF; k++) x[k] = mr_u(&r) < 0.5 ? 0 : (ssvm_real)(mr_u(&r) * 2 - 1);
    for (p = 0; p < PN * PL; p++) {
        as[p] = nnz;
        for (k = 0; k < PF; k++) if (x[p * PF + k] != 0) { aid[nnz] = k; xv[nnz] = x[p * PF + k]; nnz++; }
        lab[p] = mr_i(&r, PK);
    }
    as[PN * PL] = nnz;
    for (i = 0; i <= PN; i++) start[i] = i * PL;
    for (k = 0; k < 1024; k++) w[k] = (ssvm_real)(mr_u(&r) * 2 - 1);
    /* chain, biases and attribute-major layout both */
    {
        int flags;
        for (flags = 0; flags < 4; flags++) { /* bit 0: biases, bit 1: attribute-major */
            ssvm_chain_config c = ssvm_chain_config_init(PN, PK, PF, start, lab);
            ssvm_chain ch;
            int fl = (flags & 1) | ((flags & 2) ? SSVM_CHAIN_ATTR_MAJOR : 0);
            c.flags = fl; c.attr_start = as; c.attr_id = aid; c.attr_val = xv;
            TH_CHECK(t, ssvm_chain_init(&c, &ch) == SSVM_OK);
            TH_CHECK(t, ssvm_chain_problem(&ch, &prob) == SSVM_OK);
            TH_CHECK(t, ssvm_model_of_chain(&c, w, &m) == SSVM_OK && m.flags == fl);
            buf = save_alloc(&m, &n);
            TH_CHECK(t, buf && ssvm_model_load(buf, n, SSVM_MODEL_CHAIN, &l) == SSVM_OK);
            TH_CHECK(t, ssvm_model_predict_get_work_size(&l, PL, 0, &need) == SSVM_OK && need <= sizeof work);
            for (i = 0; i < PN; i++) {
                int yd[PL], ys[PL], yt[PL], yc[PL], len = 0;
                ssvm_model_input in = ssvm_model_input_init(PL, x + (size_t)i * PL * PF);
                TH_CHECK(t, ssvm_model_predict(&l, &in, work, sizeof work, yd, sizeof yd, &len) == SSVM_OK && len == PL);
                TH_CHECK(t, ssvm_chain_predict(PK, PF, fl, w, PL, in.x, work, sizeof work, yc) == SSVM_OK);
                in.x = NULL; in.attr_start = as + i * PL; in.attr_id = aid; in.attr_val = xv;
                TH_CHECK(t, ssvm_model_predict(&l, &in, work, sizeof work, ys, sizeof ys, &len) == SSVM_OK);
                TH_CHECK(t, prob.decode(prob.user, i, w, yt) == PL);
                for (k = 0; k < PL; k++) bad += yd[k] != yc[k] || ys[k] != yt[k];
                TH_CHECK(t, ssvm_model_predict(&l, &in, work, need - 1, ys, sizeof ys, &len) == SSVM_ERR_WORKSPACE);
                TH_CHECK(t, ssvm_model_predict(&l, &in, work, sizeof work, ys, sizeof ys - 1, &len) == SSVM_ERR_WORKSPACE);
            }
            ssvm_model_uninit(&l); free(buf); ssvm_chain_uninit(&ch);
        }
    }
    /* multiclass: rows of the same data as examples */
    {
        ssvm_multiclass_config c = ssvm_multiclass_config_init(PN * PL, PK, PF, NULL, lab);
        ssvm_multiclass mc;
        c.row_start = as; c.attr_id = aid; c.attr_val = xv;
        TH_CHECK(t, ssvm_multiclass_init(&c, &mc) == SSVM_OK && ssvm_multiclass_problem(&mc, &prob) == SSVM_OK);
        TH_CHECK(t, ssvm_model_of_multiclass(&c, w, &m) == SSVM_OK);
        buf = save_alloc(&m, &n);
        TH_CHECK(t, buf && ssvm_model_load(buf, n, SSVM_MODEL_ANY, &l) == SSVM_OK);
        for (p = 0; p < PN * PL; p++) {
            int yd = -1, ys = -1, yt = -2, yc = -3;
            ssvm_model_input in = ssvm_model_input_init(1, x + (size_t)p * PF);
            TH_CHECK(t, ssvm_model_predict(&l, &in, NULL, 0, &yd, sizeof yd, NULL) == SSVM_OK);
            TH_CHECK(t, ssvm_multiclass_predict(PK, PF, w, in.x, &yc) == SSVM_OK);
            in.x = NULL; in.attr_start = as + p; in.attr_id = aid; in.attr_val = xv;
            TH_CHECK(t, ssvm_model_predict(&l, &in, NULL, 0, &ys, sizeof ys, NULL) == SSVM_OK);
            prob.decode(prob.user, p, w, &yt);
            bad += yd != yc || ys != yt;
        }
        ssvm_model_uninit(&l); free(buf); ssvm_multiclass_uninit(&mc);
    }
    /* graph: L = 4 labels over the first 6*5 rows as examples, a tree and a cycle */
    {
        int glab[PN * PL * 4], method;
        static const int cyc[8] = {0, 1, 1, 2, 2, 0, 2, 3};
        for (k = 0; k < PN * PL * 4; k++) glab[k] = mr_i(&r, 2);
        for (method = 0; method < 2; method++) {
            ssvm_graph_config c = ssvm_graph_config_init(PN * PL, 4, PF, NULL, glab);
            ssvm_graph g;
            c.row_start = as; c.attr_id = aid; c.attr_val = xv;
            c.n_edges = method ? 4 : 3; c.edges = method ? cyc : g_edges; c.method = method ? SSVM_GRAPH_ENUM : SSVM_GRAPH_AUTO;
            TH_CHECK(t, ssvm_graph_init(&c, &g) == SSVM_OK && ssvm_graph_problem(&g, &prob) == SSVM_OK);
            TH_CHECK(t, ssvm_model_of_graph(&c, w, &m) == SSVM_OK);
            buf = save_alloc(&m, &n);
            TH_CHECK(t, buf && ssvm_model_load(buf, n, SSVM_MODEL_GRAPH, &l) == SSVM_OK);
            TH_CHECK(t, ssvm_model_predict_get_work_size(&l, 1, 0, &need) == SSVM_OK && need <= sizeof work);
            for (p = 0; p < PN * PL; p++) {
                int yd[4], ys[4], yt[4], yc[4], len = 0;
                ssvm_model_input in = ssvm_model_input_init(1, x + (size_t)p * PF);
                TH_CHECK(t, ssvm_model_predict(&l, &in, work, sizeof work, yd, sizeof yd, &len) == SSVM_OK && len == 4);
                TH_CHECK(t, ssvm_graph_predict(4, PF, c.n_edges, c.edges, c.method, w, in.x, work, sizeof work, yc) == SSVM_OK);
                in.x = NULL; in.attr_start = as + p; in.attr_id = aid; in.attr_val = xv;
                TH_CHECK(t, ssvm_model_predict(&l, &in, work, sizeof work, ys, sizeof ys, &len) == SSVM_OK);
                prob.decode(prob.user, p, w, yt);
                for (k = 0; k < 4; k++) bad += yd[k] != yc[k] || ys[k] != yt[k];
            }
            ssvm_model_uninit(&l); free(buf); ssvm_graph_uninit(&g);
        }
    }
    /* assign: a 3 x 4 matching with the dummy rule, dense pairs */
    {
        int rs[2] = {0, 3}, ps[2] = {0, 12}, alab[3] = {0, 1, 2}, nc = 4;
        ssvm_assign_config c = ssvm_assign_config_init(1, PF, rs, ps, alab);
        int ya[3], yc[3], len = 0;
        ssvm_model_input in = ssvm_model_input_init(3, x);
        c.n_cols = &nc; c.x = x; c.flags = SSVM_ASSIGN_DUMMY;
        TH_CHECK(t, ssvm_model_of_assign(&c, w, &m) == SSVM_OK);
        buf = save_alloc(&m, &n);
        TH_CHECK(t, buf && ssvm_model_load(buf, n, SSVM_MODEL_ASSIGN, &l) == SSVM_OK);
        in.cols = 4;
        TH_CHECK(t, ssvm_model_predict_get_work_size(&l, 3, 4, &need) == SSVM_OK && need <= sizeof work);
        TH_CHECK(t, ssvm_model_predict(&l, &in, work, sizeof work, ya, sizeof ya, &len) == SSVM_OK && len == 3);
        TH_CHECK(t, ssvm_assign_predict(3, 4, PF, SSVM_ASSIGN_DUMMY, w, x, work, sizeof work, yc) == SSVM_OK);
        for (k = 0; k < 3; k++) bad += ya[k] != yc[k];
        in.x = NULL; in.attr_start = as; in.attr_id = aid;
        TH_CHECK(t, ssvm_model_predict(&l, &in, work, sizeof work, ya, sizeof ya, &len) == SSVM_ERR_NOT_SUPPORTED);
        ssvm_model_uninit(&l); free(buf);
    }
    /* a user model has no built-in predict; sparse ids are checked */
    {
        ssvm_model u = ssvm_model_config_init(SSVM_MODEL_USER, 3, w);
        int y = 0, badid[1] = {PF}, st2[2] = {0, 1};
        ssvm_model_input in = ssvm_model_input_init(1, x);
        TH_CHECK(t, ssvm_model_predict(&u, &in, work, sizeof work, &y, sizeof y, NULL) == SSVM_ERR_KIND);
        TH_CHECK(t, ssvm_model_predict_get_work_size(&u, 1, 0, &need) == SSVM_ERR_KIND);
        ssvm_multiclass_config empty = ssvm_multiclass_config_init(1, 0, PF, x, lab);
        TH_CHECK(t, ssvm_model_of_multiclass(&empty, w, &u) == SSVM_ERR_EMPTY);
        u = ssvm_model_config_init(SSVM_MODEL_MULTICLASS, PK * PF, w); u.n_labels = PK; u.n_attrs = PF;
        in.x = NULL; in.attr_start = st2; in.attr_id = badid;
        TH_CHECK(t, ssvm_model_predict(&u, &in, NULL, 0, &y, sizeof y, NULL) == SSVM_ERR_FEATURE_INDEX);
    }
    TH_CHECKF(t, bad == 0, "%d labels differ", bad);
}

static void test_model_trained_chain_summary(th_ctx *t) {
    /* a chain trained by BCFW, its summary from ssvm_model_set_summary, saved, loaded: same labels as the
       trained model's decoder on every sequence, same summary */
    mrng r = {77};
    enum { N = 10, L = 6, K = 3, F = 5 };
    ssvm_real x[N * L * F], w[K * F + 2 * K + K * K];
    int lab[N * L], start[N + 1], i, k, bad = 0;
    unsigned char work[4096];
    ssvm_chain_config c;
    ssvm_chain ch;
    ssvm_problem prob;
    ssvm_solver_config cfg;
    ssvm_progress fin;
    ssvm_model m, l;
    unsigned char *buf;
    size_t n;
    for (i = 0; i < N * L; i++) {
        lab[i] = mr_i(&r, K);
        for (k = 0; k < F; k++) x[i * F + k] = (ssvm_real)((k == lab[i]) + mr_u(&r) - 0.5);
    }
    for (i = 0; i <= N; i++) start[i] = i * L;
    c = ssvm_chain_config_init(N, K, F, start, lab);
    c.x = x; c.flags = SSVM_CHAIN_BIASES;
    TH_CHECK(t, ssvm_chain_init(&c, &ch) == SSVM_OK && ssvm_chain_problem(&ch, &prob) == SSVM_OK);
    cfg = ssvm_solver_config_init(&prob, SSVM_BCFW);
    cfg.max_passes = 10; cfg.lambda = 0.05; cfg.seed = 3;
    TH_CHECK(t, ssvm_train(&cfg, w, sizeof w, &fin) >= 0);
    TH_CHECK(t, ssvm_model_of_chain(&c, w, &m) == SSVM_OK);
    ssvm_model_set_summary(&m, &cfg, &fin);
    TH_CHECK(t, m.summary.solver == SSVM_BCFW && m.summary.passes == fin.pass && m.summary.seed == 3);
    buf = save_alloc(&m, &n);
    TH_CHECK(t, buf && ssvm_model_load(buf, n, SSVM_MODEL_CHAIN, &l) == SSVM_OK);
    TH_CHECK(t, l.summary.lambda == (double)0.05 && l.summary.passes == fin.pass && l.summary.oracle_calls == fin.oracle_calls);
    TH_CHECK(t, l.summary.primal == (fin.returned == SSVM_W_AVERAGE ? fin.average.primal : fin.iterate.primal));
    for (i = 0; i < N; i++) {
        int yl[L], yt[L];
        ssvm_model_input in = ssvm_model_input_init(L, x + (size_t)i * L * F);
        TH_CHECK(t, ssvm_model_predict(&l, &in, work, sizeof work, yl, sizeof yl, NULL) == SSVM_OK);
        prob.decode(prob.user, i, w, yt);
        for (k = 0; k < L; k++) bad += yl[k] != yt[k];
    }
    TH_CHECKF(t, bad == 0, "%d labels differ from the trained model's", bad);
    ssvm_model_uninit(&l); free(buf); ssvm_chain_uninit(&ch);
}

static void test_model_files_and_print(th_ctx *t) {
    ssvm_real w[256];
    mrng r = {11};
    ssvm_model m = make_model(SSVM_MODEL_CHAIN, w, &r), l;
    char path[] = "/tmp/ssvm_model_testXXXXXX", line[256];
    int fd = mkstemp(path), found = 0;
    FILE *f;
    TH_CHECK(t, fd >= 0);
    if (fd < 0) return;
    close(fd);
    TH_CHECK(t, ssvm_model_save_path(&m, path) == SSVM_OK);
    TH_CHECK(t, ssvm_model_load_path(path, SSVM_MODEL_CHAIN, &l) == SSVM_OK);
    TH_CHECK(t, l.w && memcmp(l.w, w, sizeof(ssvm_real) * (size_t)m.d) == 0);
    ssvm_model_uninit(&l);
    TH_CHECK(t, ssvm_model_load_path(path, SSVM_MODEL_GRAPH, &l) == SSVM_ERR_KIND);
    remove(path);
    TH_CHECK(t, ssvm_model_load_path(path, SSVM_MODEL_ANY, &l) == SSVM_ERR_IO); /* 0.18: every failed open is IO */
    TH_CHECK(t, ssvm_model_load_path(".", SSVM_MODEL_ANY, &l) == SSVM_ERR_IO);  /* a read error (EISDIR) too */
    f = tmpfile();
    TH_CHECK(t, f != NULL);
    if (!f) return;
    TH_CHECK(t, ssvm_model_save_FILE(&m, f) == SSVM_OK);
    rewind(f);
    TH_CHECK(t, ssvm_model_load_FILE(f, SSVM_MODEL_ANY, &l) == SSVM_OK && l.d == m.d);
    ssvm_model_uninit(&l);
    rewind(f);
    TH_CHECK(t, ssvm_model_print(&m, f) == SSVM_OK);
    rewind(f);
    while (fgets(line, sizeof line, f)) {
        found += strcmp(line, "kind: chain (2)\n") == 0;
        found += strcmp(line, "label names: 3 B-NP I-NP caf\xc3\xa9 \"q\"\\\n") == 0;
        found += strcmp(line, "solver: bcfw\n") == 0;
        found += strcmp(line, "oracle calls: 123456789012\n") == 0;
    }
    TH_CHECKF(t, found == 4, "%d of 4 info lines", found);
    fclose(f);
    f = tmpfile();
    if (!f) return;
    TH_CHECK(t, ssvm_model_export_c_FILE(&m, "ocr_model", f) == SSVM_OK);
    TH_CHECK(t, ssvm_model_export_c_FILE(&m, "9bad", f) == SSVM_ERR_INVALID_ARG);
    TH_CHECK(t, ssvm_model_export_c_FILE(&m, "a-b", f) == SSVM_ERR_INVALID_ARG);
    rewind(f);
    found = 0;
    while (fgets(line, sizeof line, f)) {
        found += strcmp(line, "#define OCR_MODEL_D 30\n") == 0;
        found += strstr(line, "const ssvm_real ocr_model_w[OCR_MODEL_D] = {") == line;
        found += strstr(line, "\"B-NP\", \"I-NP\", \"caf\\303\\251 \\042q\\042\\134\"") != NULL;
    }
    TH_CHECKF(t, found == 3, "%d of 3 export lines", found);
    fclose(f);
    /* a write that fails while stdio still buffers it (a full disk) is reported by each FILE writer, not only at
       the caller's fclose; /dev/full fails every write with ENOSPC (Linux and the BSDs) */
    f = fopen("/dev/full", "w");
    if (!f) { th_skip(t, "no /dev/full: the full-disk writes are not tested"); return; }
    TH_CHECK(t, ssvm_model_print(&m, f) == SSVM_ERR_IO);
    clearerr(f);
    TH_CHECK(t, ssvm_model_export_c_FILE(&m, "ocr_model", f) == SSVM_ERR_IO);
    clearerr(f);
    TH_CHECK(t, ssvm_model_save_FILE(&m, f) == SSVM_ERR_IO);
    fclose(f);
}

/* the built-in oracles with finite weights whose scores overflow ssvm_real (a float build's 3.4e38, a double's
   1.8e308): SSVM_ERR_NONFINITE, never a class picked by comparisons with inf or NaN (a float DEG run stopped
   CONVERGED on a negative primal: the engine's objective, in double, took the wrong class for the max) */
static void test_model_scores_overflow(th_ctx *t) {
    const ssvm_real big = sizeof(ssvm_real) == sizeof(float) ? (ssvm_real)1e30 : (ssvm_real)1e200;
    ssvm_real x[2 * 3], w[64];
    int lab[2] = {0, 1}, glab[2 * 3] = {0, 1, 0, 1, 0, 1}, start[2] = {0, 2}, y[3], k, sign;
    static const int edges[4] = {0, 1, 1, 2};
    ssvm_problem prob;
    ssvm_real delta;
    for (sign = 0; sign < 2; sign++) { /* +inf scores, then inf - inf = NaN ones */
        for (k = 0; k < 6; k++) x[k] = big;
        for (k = 0; k < 64; k++) w[k] = sign && (k & 1) ? -big : big;
        {
            ssvm_multiclass_config c = ssvm_multiclass_config_init(2, 2, 3, x, lab);
            ssvm_multiclass mc;
            TH_CHECK(t, ssvm_multiclass_init(&c, &mc) == SSVM_OK && ssvm_multiclass_problem(&mc, &prob) == SSVM_OK);
            TH_CHECKF(t, prob.oracle(prob.user, 0, w, 1.0, y, &delta) == SSVM_ERR_NONFINITE, "multiclass %d", sign);
            TH_CHECKF(t, prob.decode(prob.user, 1, w, y) == SSVM_ERR_NONFINITE, "multiclass decode %d", sign);
            ssvm_multiclass_uninit(&mc);
        }
        {
            ssvm_chain_config c = ssvm_chain_config_init(1, 2, 3, start, lab);
            ssvm_chain ch;
            c.x = x;
            TH_CHECK(t, ssvm_chain_init(&c, &ch) == SSVM_OK && ssvm_chain_problem(&ch, &prob) == SSVM_OK);
            TH_CHECKF(t, prob.oracle(prob.user, 0, w, 1.0, y, &delta) == SSVM_ERR_NONFINITE, "chain %d", sign);
            ssvm_chain_uninit(&ch);
        }
        {
            ssvm_graph_config c = ssvm_graph_config_init(2, 3, 1, x, glab);
            ssvm_graph g;
            c.n_edges = 2; c.edges = edges;
            TH_CHECK(t, ssvm_graph_init(&c, &g) == SSVM_OK && ssvm_graph_problem(&g, &prob) == SSVM_OK);
            TH_CHECKF(t, prob.oracle(prob.user, 0, w, 1.0, y, &delta) == SSVM_ERR_NONFINITE, "graph %d", sign);
            ssvm_graph_uninit(&g);
        }
    }
    /* predict on a caller's dense x with a NaN or an Inf (finite weights): SSVM_ERR_NONFINITE from the multiclass
       and chain calls and ssvm_model_predict, as graph, assign, kernel and every sparse input were (they returned
       SSVM_OK and a label); then finite x whose scores overflow, sparse */
    {
        static const int st[3] = {0, 2, 4}, ids[4] = {0, 2, 1, 2};
        ssvm_real xv[3 * 2], sv[4];
        unsigned char work[1024];
        ssvm_model m;
        int kind, bad;
        for (k = 0; k < 64; k++) w[k] = (ssvm_real)(k % 5) - 2;
        for (bad = 0; bad < 3; bad++) {
            volatile double zero = 0;
            for (k = 0; k < 6; k++) xv[k] = (ssvm_real)(k + 1);
            xv[4] = bad == 0 ? (ssvm_real)(zero / zero) : bad == 1 ? (ssvm_real)(1 / zero) : (ssvm_real)(-1 / zero);
            TH_CHECKF(t, ssvm_multiclass_predict(2, 3, w, xv + 3, y) == SSVM_ERR_NONFINITE, "multiclass predict %d", bad);
            TH_CHECKF(t, ssvm_chain_predict(2, 3, 0, w, 2, xv, work, sizeof work, y) == SSVM_ERR_NONFINITE,
                      "chain predict %d", bad);
            for (kind = SSVM_MODEL_MULTICLASS; kind <= SSVM_MODEL_CHAIN; kind++) {
                ssvm_model_input in = ssvm_model_input_init(kind == SSVM_MODEL_CHAIN ? 2 : 1, xv + (kind == SSVM_MODEL_CHAIN ? 0 : 3));
                m = ssvm_model_config_init(kind, kind == SSVM_MODEL_CHAIN ? 2 * 3 + 4 : 2 * 3, w);
                m.n_labels = 2; m.n_attrs = 3;
                TH_CHECKF(t, ssvm_model_predict(&m, &in, work, sizeof work, y, sizeof y, NULL) == SSVM_ERR_NONFINITE,
                          "model predict kind %d, %d", kind, bad);
            }
        }
        for (k = 0; k < 4; k++) sv[k] = big;
        for (k = 0; k < 64; k++) w[k] = big;
        for (kind = SSVM_MODEL_MULTICLASS; kind <= SSVM_MODEL_CHAIN; kind++) {
            ssvm_model_input in = ssvm_model_input_init(kind == SSVM_MODEL_CHAIN ? 2 : 1, NULL);
            in.attr_start = st; in.attr_id = ids; in.attr_val = sv;
            m = ssvm_model_config_init(kind, kind == SSVM_MODEL_CHAIN ? 2 * 3 + 4 : 2 * 3, w);
            m.n_labels = 2; m.n_attrs = 3;
            TH_CHECKF(t, ssvm_model_predict(&m, &in, work, sizeof work, y, sizeof y, NULL) == SSVM_ERR_NONFINITE,
                      "sparse model predict kind %d", kind);
        }
    }
    /* weights a little smaller: finite scores, an answer */
    for (k = 0; k < 64; k++) w[k] = (ssvm_real)1;
    {
        ssvm_multiclass_config c = ssvm_multiclass_config_init(2, 2, 3, x, lab);
        ssvm_multiclass mc;
        TH_CHECK(t, ssvm_multiclass_init(&c, &mc) == SSVM_OK && ssvm_multiclass_problem(&mc, &prob) == SSVM_OK);
        TH_CHECK(t, prob.oracle(prob.user, 0, w, 1.0, y, &delta) == 1);
        ssvm_multiclass_uninit(&mc);
    }
}

/* ssvm_model_export_c_FILE's numbers: C constants in any locale (a program that called setlocale with a comma
   decimal got "0,5": two initialisers, and the firmware 0 5 -1 25 for 0.5 -1.25), -0.0 kept ("-0" is the int 0), a
   double model beyond FLT_MAX guarded against a float build. The weights are read back with strtod in the "C"
   locale and compared bit for bit; a comma locale comes from the system or from make test's build/loc (LOCPATH). */
static int export_weights(th_ctx *t, const ssvm_model *m, char *text, size_t cap, double *back, int n) {
    FILE *f = tmpfile();
    size_t len;
    char *p, *e;
    int k = 0;
    if (!f) return -1;
    TH_CHECK(t, ssvm_model_export_c_FILE(m, "loc", f) == SSVM_OK);
    rewind(f);
    len = fread(text, 1, cap - 1, f);
    text[len] = 0;
    fclose(f);
    p = strstr(text, "loc_w[LOC_D] = {");
    if (!p) return -1;
    p += strlen("loc_w[LOC_D] = {");
    while (k < n) {
        while (*p == ' ' || *p == '\n' || *p == ',') p++;
        back[k] = strtod(p, &e);
        if (e == p) break;
        /* a C floating constant: a point or an exponent (else it is an int) */
        if (!memchr(p, '.', (size_t)(e - p)) && !memchr(p, 'e', (size_t)(e - p))) return -2;
        k++;
        p = e;
    }
    while (*p == ' ' || *p == '\n') p++;
    return *p == '}' ? k : -3;
}
static void test_model_export_c_numbers(th_ctx *t) {
    static const char *const comma[] = {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8", "ru_RU.UTF-8"};
    ssvm_real w[8];
    double back[8];
    static char text[2][4096];
    ssvm_model m;
    int k, n, got = 0;
    const char *old;
    char saved[64];
    w[0] = (ssvm_real)0.5; w[1] = (ssvm_real)-1.25; w[2] = (ssvm_real)2; w[3] = (ssvm_real)0.1;
    w[4] = (ssvm_real)-0.0; w[5] = (ssvm_real)1e-30; w[6] = (ssvm_real)-3e7; w[7] = (ssvm_real)(1.0 / 3.0);
    m = ssvm_model_config_init(SSVM_MODEL_MULTICLASS, 8, w);
    m.n_labels = 2; m.n_attrs = 4;
    n = export_weights(t, &m, text[0], sizeof text[0], back, 8);
    TH_CHECKF(t, n == 8, "%d weights read back in the C locale", n);
    for (k = 0; k < 8 && n == 8; k++) {
        ssvm_real v = (ssvm_real)back[k];
        TH_CHECKF(t, memcmp(&v, &w[k], sizeof v) == 0, "weight %d: %.17g for %.17g", k, back[k], (double)w[k]);
    }
    TH_CHECK(t, strstr(text[0], "needs_a_double_build") == NULL);
    /* the same text under a locale whose decimal point is a comma */
    old = setlocale(LC_NUMERIC, NULL);
    snprintf(saved, sizeof saved, "%s", old ? old : "C");
    for (k = 0; k < (int)(sizeof comma / sizeof *comma) && !got; k++) {
        char b[16];
        if (!setlocale(LC_NUMERIC, comma[k])) continue;
        snprintf(b, sizeof b, "%.1f", 0.5);
        if (strcmp(b, "0,5") == 0) got = 1;
        else setlocale(LC_NUMERIC, saved);
    }
    if (got) {
        (void)export_weights(t, &m, text[1], sizeof text[1], back, 8); /* its strtod reads commas: the texts */
        setlocale(LC_NUMERIC, saved);
        TH_CHECKF(t, strcmp(text[0], text[1]) == 0, "the export in %s differs from the C locale's", comma[k - 1]);
    }
    /* a weight beyond FLT_MAX (a double build only): the text refuses a float build */
    if (sizeof(ssvm_real) == sizeof(double)) {
        w[6] = (ssvm_real)1e300;
        n = export_weights(t, &m, text[0], sizeof text[0], back, 8);
        TH_CHECKF(t, n == 8 && back[6] == (double)w[6], "n %d, back[6] %.17g", n, back[6]); /* x87: not 1e300 */
        TH_CHECK(t, strstr(text[0], "typedef char loc_w_needs_a_double_build[sizeof(ssvm_real) >= sizeof(double) ? 1 : -1];") != NULL);
    }
    if (!got) th_skip(t, "no locale with a decimal comma (de_DE, fr_FR, ru_RU; make test builds one with localedef "
                         "when Debian's locales package is there): the export under a comma locale is not tested");
}

void suite_model(th_ctx *t) {
    TH_RUN(t, test_model_scores_overflow);
    TH_RUN(t, test_model_export_c_numbers);
    TH_RUN(t, test_model_crc32_reference);
    TH_RUN(t, test_model_layout);
    TH_RUN(t, test_model_roundtrip_every_kind);
    TH_RUN(t, test_model_cross_precision);
    TH_RUN(t, test_model_every_truncation);
    TH_RUN(t, test_model_every_byte_corrupted);
    TH_RUN(t, test_model_version_and_kind);
    TH_RUN(t, test_model_bad_sizes);
    TH_RUN(t, test_model_check_on_save);
    TH_RUN(t, test_model_predict_matches);
    TH_RUN(t, test_model_trained_chain_summary);
    TH_RUN(t, test_model_files_and_print);
}
