/* tests/fuzz/fuzz_readers.c: libFuzzer harnesses for the data readers (issue 13 part 5), one binary per reader:
     clang -g -O1 -fsanitize=fuzzer,address,undefined -DFUZZ_READER=FUZZ_ARFF tests/fuzz/fuzz_readers.c
   (tools/fuzz_readers.sh builds and runs them all: `make fuzz-readers`). Each input is read from memory and
   again through the read callback in chunks whose size the input's first byte picks; the two must agree (same
   code, same position, same data), else the harness aborts. What a reader returns is walked completely, so a
   bad offset or id shows up under ASan; the CoNLL harness also featurizes with a fixed template, and the
   template harness expands its templates over a fixed sentence. */
#ifndef FUZZ_NO_IMPL /* tools/fuzz_readers.sh links one shared implementation object (-fsanitize=fuzzer-no-link) */
#define STRUCTSVM_IMPLEMENTATION
#endif
#include "../../structsvm.h"
#define TH_DEFINE_VIEWS /* not linked with tests/impl.c: the views compiled here (the template's, from the header) */
#include "../internals.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_SVMLIGHT 1
#define FUZZ_SVMHMM 2
#define FUZZ_CONLL 3
#define FUZZ_TEMPLATE 4
#define FUZZ_ARFF 5
#ifndef FUZZ_READER
#error "define FUZZ_READER (FUZZ_SVMLIGHT, FUZZ_SVMHMM, FUZZ_CONLL, FUZZ_TEMPLATE or FUZZ_ARFF)"
#endif

typedef struct src { const uint8_t *p; size_t n, pos, step; } src;
static int rd(void *user, void *buf, size_t bytes, size_t *got) {
    src *s = (src *)user;
    size_t k = s->n - s->pos;
    if (k > s->step) k = s->step;
    if (k > bytes) k = bytes;
    if (k) memcpy(buf, s->p + s->pos, k);
    s->pos += k;
    *got = k;
    return 0;
}
#define CHECK(c) do { if (!(c)) abort(); } while (0)

static __attribute__((unused)) void walk_dict(const ssvm_dict *d) {
    int i;
    for (i = 0; i < d->n; i++) CHECK(strlen(ssvm_dict_str(d, i)) == ssvm_dict_len(d, i) && ssvm_dict_find(d, ssvm_dict_str(d, i), ssvm_dict_len(d, i)) == i);
}
static __attribute__((unused)) int ieq(const int *a, const int *b, size_t n) { return n == 0 || memcmp(a, b, n * sizeof(int)) == 0; }
static __attribute__((unused)) int req(const ssvm_real *a, const ssvm_real *b, size_t n) { return n == 0 || memcmp(a, b, n * sizeof(ssvm_real)) == 0; }

#if FUZZ_READER == FUZZ_SVMLIGHT || FUZZ_READER == FUZZ_SVMHMM
typedef ssvm_svmlight_data data;
static ssvm_result reader(const ssvm_reader_config *c, ssvm_input in, data *d, ssvm_read_error *e) {
    return FUZZ_READER == FUZZ_SVMHMM ? ssvm_read_svmhmm(c, in, d, e) : ssvm_read_svmlight(c, in, d, e);
}
static void walk(const data *d) {
    int i, k;
    CHECK(d->n > 0 && d->row_start[0] == 0);
    for (i = 0; i < d->n; i++) {
        CHECK(d->labels[i] >= 0 && d->labels[i] < d->n_labels && d->row_start[i] <= d->row_start[i + 1]);
        for (k = d->row_start[i]; k < d->row_start[i + 1]; k++)
            CHECK(d->attr_id[k] >= 0 && d->attr_id[k] < d->n_attrs && d->attr_val[k] - d->attr_val[k] == 0);
    }
    if (FUZZ_READER == FUZZ_SVMHMM) {
        ssvm_chain_config cc = ssvm_svmhmm_chain_config_init(d);
        ssvm_chain m;
        CHECK(d->n_seq > 0 && d->seq_start[0] == 0 && d->seq_start[d->n_seq] == d->n);
        for (i = 0; i < d->n_seq; i++) CHECK(d->seq_start[i] < d->seq_start[i + 1]);
        if (ssvm_chain_init(&cc, &m) == SSVM_OK) ssvm_chain_uninit(&m);
    } else {
        ssvm_multiclass_config mc = ssvm_svmlight_multiclass_config_init(d);
        ssvm_multiclass m;
        if (ssvm_multiclass_init(&mc, &m) == SSVM_OK) ssvm_multiclass_uninit(&m);
    }
}
static int same(const data *a, const data *b) {
    size_t nnz = (size_t)a->row_start[a->n];
    return a->n == b->n && a->n_attrs == b->n_attrs && a->n_labels == b->n_labels && a->n_seq == b->n_seq &&
           ieq(a->row_start, b->row_start, (size_t)a->n + 1) && ieq(a->attr_id, b->attr_id, nnz) &&
           req(a->attr_val, b->attr_val, nnz) && ieq(a->labels, b->labels, (size_t)a->n);
}
static void release(data *d) { ssvm_svmlight_data_uninit(d); }
#elif FUZZ_READER == FUZZ_CONLL
typedef ssvm_conll_data data;
static ssvm_result reader(const ssvm_reader_config *c, ssvm_input in, data *d, ssvm_read_error *e) {
    return ssvm_read_conll(c, in, d, e);
}
static void walk(const data *d) {
    static const char *tmpl = "U00:%x[-2,0]\nU05:%x[-1,0]/%x[0,0]\nU22:%x[0,1]/%x[1,1]/%x[2,1]\nU9:x\nB\n";
    ssvm_reader_config c = ssvm_reader_config_init();
    ssvm_template tp;
    ssvm_dict a, l;
    ssvm_conll_features f;
    ssvm_read_error e;
    size_t k;
    int i;
    walk_dict(&d->strs);
    for (k = 0; k < (size_t)d->n_tok * (size_t)d->n_cols; k++) CHECK(d->cell[k] >= 0 && d->cell[k] < d->strs.n);
    for (i = 0; i < d->n_seq; i++) CHECK(d->seq_start[i] < d->seq_start[i + 1]);
    CHECK(ssvm_read_template(&c, ssvm_input_memory(tmpl, strlen(tmpl)), &tp, &e) == SSVM_OK);
    ssvm_dict_init(&a, NULL); ssvm_dict_init(&l, NULL);
    if (ssvm_conll_featurize(&c, d, &tp, &a, &l, 1, 1 + (d->n_tok & 1), &f, &e) == SSVM_OK) {
        ssvm_chain_config cc = ssvm_conll_chain_config_init(&f);
        ssvm_chain m;
        walk_dict(&a); walk_dict(&l);
        if (ssvm_chain_init(&cc, &m) == SSVM_OK) ssvm_chain_uninit(&m);
        ssvm_conll_features_uninit(&f);
    } else CHECK(e.message != NULL && (d->n_cols < 2 || e.line != 0 || e.message[0] == 'o' || e.message[0] == 's'));
    ssvm_dict_uninit(&a); ssvm_dict_uninit(&l);
    ssvm_template_uninit(&tp);
}
static int same(const data *a, const data *b) {
    int i, ok = a->n_seq == b->n_seq && a->n_tok == b->n_tok && a->n_cols == b->n_cols &&
                ieq(a->seq_start, b->seq_start, (size_t)a->n_seq + 1) && ieq(a->cell, b->cell, (size_t)a->n_tok * (size_t)a->n_cols) &&
                a->strs.n == b->strs.n;
    for (i = 0; ok && i < a->strs.n; i++) ok = strcmp(ssvm_dict_str(&a->strs, i), ssvm_dict_str(&b->strs, i)) == 0;
    return ok;
}
static void release(data *d) { ssvm_conll_data_uninit(d); }
#elif FUZZ_READER == FUZZ_TEMPLATE
typedef ssvm_template data;
static ssvm_result reader(const ssvm_reader_config *c, ssvm_input in, data *d, ssvm_read_error *e) {
    return ssvm_read_template(c, in, d, e);
}
static void walk(const data *tp) {
    static const char *text = "He PRP B-NP\nreckons VBZ B-VP\nthe DT B-NP\n";
    ssvm_reader_config c = ssvm_reader_config_init();
    ssvm_conll_data d;
    ssvm_read_error e;
    char buf[256];
    size_t len;
    int k, t;
    CHECK(ssvm_read_conll(&c, ssvm_input_memory(text, strlen(text)), &d, &e) == SSVM_OK);
    for (k = 0; k < tp->n; k++)
        for (t = 0; t < 3; t++) {
            ssvm_result r = ssvm_template_expand(tp, k, &d, 0, t, buf, sizeof buf, &len);
            CHECK(r == SSVM_OK || r == SSVM_ERR_TEMPLATE || r == SSVM_ERR_WORKSPACE || r == SSVM_ERR_OUT_OF_MEMORY);
            if (r == SSVM_OK) CHECK(strlen(buf) == len);
        }
    ssvm_conll_data_uninit(&d);
}
static int same(const data *a, const data *b) {
    th_template_view va = TH_TP(a), vb = TH_TP(b);
    return a->n == b->n && a->bigram == b->bigram && va.n_items == vb.n_items && ieq(va.first, vb.first, (size_t)a->n + 1) &&
           ieq(va.item, vb.item, 4 * (size_t)va.n_items);
}
static void release(data *d) { ssvm_template_uninit(d); }
#else
typedef ssvm_arff_data data;
static ssvm_result reader(const ssvm_reader_config *c, ssvm_input in, data *d, ssvm_read_error *e) {
    return ssvm_read_arff(c, in, d, e);
}
static void walk(const data *d) {
    size_t k;
    int i;
    ssvm_graph_config g = ssvm_arff_graph_config(d);
    ssvm_graph m;
    walk_dict(&d->attr_names); walk_dict(&d->label_names);
    CHECK(d->label_names.n == d->n_labels);
    for (k = 0; k < (size_t)d->n * (size_t)d->n_labels; k++) CHECK(d->labels[k] == 0 || d->labels[k] == 1);
    if (d->sparse) {
        for (i = 0; i < d->n; i++)
            for (k = (size_t)d->row_start[i]; k < (size_t)d->row_start[i + 1]; k++)
                CHECK(d->attr_id[k] >= 0 && d->attr_id[k] < d->n_attrs && d->attr_val[k] - d->attr_val[k] == 0);
    } else for (k = 0; k < (size_t)d->n * (size_t)d->n_attrs; k++) CHECK(d->x[k] - d->x[k] == 0);
    if (d->n_labels <= 12 && d->n_attrs > 0 && ssvm_graph_init(&g, &m) == SSVM_OK) ssvm_graph_uninit(&m);
}
static int same(const data *a, const data *b) {
    size_t nnz = a->sparse ? (size_t)a->row_start[a->n] : 0;
    return a->n == b->n && a->n_attrs == b->n_attrs && a->n_labels == b->n_labels && a->sparse == b->sparse &&
           (a->sparse ? ieq(a->row_start, b->row_start, (size_t)a->n + 1) && ieq(a->attr_id, b->attr_id, nnz) && req(a->attr_val, b->attr_val, nnz)
                      : req(a->x, b->x, (size_t)a->n * (size_t)a->n_attrs)) &&
           ieq(a->labels, b->labels, (size_t)a->n * (size_t)a->n_labels) && a->attr_names.n == b->attr_names.n;
}
static void release(data *d) { ssvm_arff_data_uninit(d); }
#endif

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n);
int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n) {
    ssvm_reader_config c = ssvm_reader_config_init();
    data a, b;
    ssvm_read_error ea, eb;
    ssvm_result ra, rb;
    src s;
    if (n == 0) return 0;
    c.max_line = 4096;           /* lines longer than this are an error path worth reaching too */
    c.bias = (p[0] & 1) ? 1 : 0; /* the first byte picks the options and the callback's chunk size */
    c.n_labels = (p[0] >> 1) & 3;
    c.n_attrs = (p[0] & 8) ? 5 : 0;
    s.p = p + 1; s.n = n - 1; s.pos = 0; s.step = 1 + (size_t)(p[0] >> 4) * 7;
    ra = reader(&c, ssvm_input_memory(p + 1, n - 1), &a, &ea);
    rb = reader(&c, ssvm_input_callback(rd, &s), &b, &eb);
    CHECK(ra == rb);
    if (ra == SSVM_OK) {
        CHECK(same(&a, &b));
        walk(&a);
        release(&a); release(&b);
    } else {
        CHECK(ra < 0 && ea.line == eb.line && ea.column == eb.column && ea.message != NULL);
        CHECK(ra == SSVM_ERR_PARSE || ra == SSVM_ERR_TEMPLATE || ra == SSVM_ERR_EMPTY || ra == SSVM_ERR_LABEL ||
              ra == SSVM_ERR_FEATURE_INDEX || ra == SSVM_ERR_NONFINITE || ra == SSVM_ERR_OVERFLOW);
    }
    return 0;
}
