/* tests/test_readers.c: the data readers (issue 13 part 2): SVM^light / SVM^multiclass, SVM^hmm, CoNLL columns,
   CRF++ templates and their expansion (against hand-computed names), Mulan ARFF (dense and sparse). Valid
   inputs read back value by value; each kind of malformed input gets its code, line and column; the read
   callback fed one byte at a time gives what the memory buffer gives; a failing allocator never leaks or
   crashes; the real files in ../shared/data parse with their READMEs' counts, and the CoNLL features equal
   the example's former private reader's (examples/conll_data.h). One translation unit of tests/run.c. */
#define _POSIX_C_SOURCE 200809L /* popen: the shared files are .gz */
#include <stdio.h>
#include <stdlib.h>
#include "../structsvm.h"
#include "harness.h"
#include "internals.h"
#include "../examples/conll_data.h"

/* ---- inputs: the memory buffer, or a callback that hands out `step` bytes a call ---- */
typedef struct rd_src { const char *s; size_t n, pos, step; } rd_src;
static int rd_read(void *user, void *buf, size_t bytes, size_t *got) {
    rd_src *r = (rd_src *)user;
    size_t k = r->n - r->pos;
    if (k > r->step) k = r->step;
    if (k > bytes) k = bytes;
    memcpy(buf, r->s + r->pos, k);
    r->pos += k;
    *got = k;
    return 0;
}
static int rd_fail_read(void *user, void *buf, size_t bytes, size_t *got) {
    (void)user; (void)buf; (void)bytes; *got = 0;
    return -1;
}

/* ---- a counting allocator that can fail at the k-th allocation ---- */
typedef struct rd_alloc { long allocs, frees, fail_at; } rd_alloc;
static void *rd_a(void *user, size_t bytes) {
    rd_alloc *a = (rd_alloc *)user;
    if (a->fail_at > 0 && a->allocs + 1 >= a->fail_at) return NULL;
    a->allocs++;
    return malloc(bytes ? bytes : 1);
}
static void rd_f(void *user, void *p) { ((rd_alloc *)user)->frees++; free(p); }

enum { F_SVML, F_HMM, F_CONLL, F_TMPL, F_ARFF };
typedef union rd_any { ssvm_svmlight_data l; ssvm_conll_data c; ssvm_template t; ssvm_arff_data a; } rd_any;

static ssvm_result rd_call(int fmt, const ssvm_reader_config *c, ssvm_input in, rd_any *o, ssvm_read_error *e) {
    switch (fmt) {
    case F_SVML: return ssvm_read_svmlight(c, in, &o->l, e);
    case F_HMM: return ssvm_read_svmhmm(c, in, &o->l, e);
    case F_CONLL: return ssvm_read_conll(c, in, &o->c, e);
    case F_TMPL: return ssvm_read_template(c, in, &o->t, e);
    default: return ssvm_read_arff(c, in, &o->a, e);
    }
}
static void rd_free(int fmt, rd_any *o) {
    switch (fmt) {
    case F_SVML: case F_HMM: ssvm_svmlight_data_uninit(&o->l); break;
    case F_CONLL: ssvm_conll_data_uninit(&o->c); break;
    case F_TMPL: ssvm_template_uninit(&o->t); break;
    default: ssvm_arff_data_uninit(&o->a); break;
    }
}
static int rd_ieq(const int *a, const int *b, size_t n) { return n == 0 || (a && b && memcmp(a, b, n * sizeof(int)) == 0); }
static int rd_req(const ssvm_real *a, const ssvm_real *b, size_t n) { return n == 0 || (a && b && memcmp(a, b, n * sizeof(ssvm_real)) == 0); }
static int rd_deq(const ssvm_dict *a, const ssvm_dict *b) {
    int i;
    if (a->n != b->n) return 0;
    for (i = 0; i < a->n; i++) if (strcmp(ssvm_dict_str(a, i), ssvm_dict_str(b, i)) != 0) return 0;
    return 1;
}
/* the two results are the same data */
static int rd_same(int fmt, const rd_any *x, const rd_any *y) {
    if (fmt == F_SVML || fmt == F_HMM) {
        const ssvm_svmlight_data *a = &x->l, *b = &y->l;
        size_t nnz = (size_t)a->row_start[a->n];
        return a->n == b->n && a->n_attrs == b->n_attrs && a->n_labels == b->n_labels && a->n_seq == b->n_seq &&
               rd_ieq(a->row_start, b->row_start, (size_t)a->n + 1) && rd_ieq(a->attr_id, b->attr_id, nnz) &&
               rd_req(a->attr_val, b->attr_val, nnz) && rd_ieq(a->labels, b->labels, (size_t)a->n) &&
               (!a->n_seq || (rd_ieq(a->seq_start, b->seq_start, (size_t)a->n_seq + 1) &&
                              memcmp(a->qid, b->qid, (size_t)a->n_seq * sizeof(long)) == 0));
    }
    if (fmt == F_CONLL) {
        const ssvm_conll_data *a = &x->c, *b = &y->c;
        return a->n_seq == b->n_seq && a->n_tok == b->n_tok && a->n_cols == b->n_cols &&
               rd_ieq(a->seq_start, b->seq_start, (size_t)a->n_seq + 1) &&
               rd_ieq(a->cell, b->cell, (size_t)a->n_tok * (size_t)a->n_cols) && rd_deq(&a->strs, &b->strs);
    }
    if (fmt == F_TMPL) {
        const ssvm_template *a = &x->t, *b = &y->t;
        th_template_view va = TH_TP(a), vb = TH_TP(b);
        return a->n == b->n && a->bigram == b->bigram && va.n_items == vb.n_items &&
               rd_ieq(va.first, vb.first, (size_t)a->n + 1) && rd_ieq(va.item, vb.item, 4 * (size_t)va.n_items);
    }
    {
        const ssvm_arff_data *a = &x->a, *b = &y->a;
        size_t nnz = a->sparse ? (size_t)a->row_start[a->n] : 0;
        return a->n == b->n && a->n_attrs == b->n_attrs && a->n_labels == b->n_labels && a->sparse == b->sparse &&
               (a->sparse ? rd_ieq(a->row_start, b->row_start, (size_t)a->n + 1) && rd_ieq(a->attr_id, b->attr_id, nnz) &&
                                rd_req(a->attr_val, b->attr_val, nnz)
                          : rd_req(a->x, b->x, (size_t)a->n * (size_t)a->n_attrs)) &&
               rd_ieq(a->labels, b->labels, (size_t)a->n * (size_t)a->n_labels) &&
               rd_deq(&a->attr_names, &b->attr_names) && rd_deq(&a->label_names, &b->label_names);
    }
}

/* Read text from memory into *o (the caller frees it), and check that the callback one byte at a time (and 7
   bytes at a time) gives the same code, position and data. */
static ssvm_result rd_read_all(th_ctx *t, int fmt, const ssvm_reader_config *c, const char *text, rd_any *o,
                               ssvm_read_error *e) {
    size_t steps[2] = {1, 7};
    int k;
    ssvm_result r = rd_call(fmt, c, ssvm_input_memory(text, strlen(text)), o, e);
    for (k = 0; k < 2; k++) {
        rd_src src;
        rd_any o2;
        ssvm_read_error e2;
        ssvm_result r2;
        src.s = text; src.n = strlen(text); src.pos = 0; src.step = steps[k];
        r2 = rd_call(fmt, c, ssvm_input_callback(rd_read, &src), &o2, &e2);
        TH_CHECKF(t, r2 == r, "callback step %d: %d, memory %d", (int)steps[k], (int)r2, (int)r);
        if (r < 0) TH_CHECKF(t, e2.line == e->line && e2.column == e->column, "callback %ld:%ld, memory %ld:%ld",
                             e2.line, e2.column, e->line, e->column);
        else if (r2 == SSVM_OK) TH_CHECK(t, rd_same(fmt, o, &o2));
        if (r2 == SSVM_OK) rd_free(fmt, &o2);
    }
    return r;
}
/* A malformed input: the code and the 1-based position */
static void rd_bad(th_ctx *t, int fmt, const ssvm_reader_config *c, const char *text, ssvm_result code, long line,
                   long col) {
    rd_any o;
    ssvm_read_error e;
    ssvm_result r = rd_read_all(t, fmt, c, text, &o, &e);
    TH_CHECKF(t, r == code && e.line == line && e.column == col, "input \"%s\": got %d at %ld:%ld (%s), expected %d at %ld:%ld",
              text, (int)r, e.line, e.column, e.message ? e.message : "-", (int)code, line, col);
    if (r == SSVM_OK) rd_free(fmt, &o);
}

static void test_readers_svmlight(th_ctx *t) {
    ssvm_reader_config c = ssvm_reader_config_init();
    rd_any o;
    ssvm_read_error e;
    static const int rs[] = {0, 2, 3, 4}, id[] = {0, 2, 1, 0}, lab[] = {0, 1, 2};
    const char *ok = "1 1:0.5 3:2 # comment\n\n2 2:1\n# only a comment\n3 qid:4 1:-1e-3\r\n";
    ssvm_multiclass m;
    if (rd_read_all(t, F_SVML, &c, ok, &o, &e) != SSVM_OK) { TH_CHECK(t, 0); return; }
    TH_CHECK(t, o.l.n == 3 && o.l.n_labels == 3 && o.l.n_attrs == 3 && o.l.n_seq == 0);
    TH_CHECK(t, rd_ieq(o.l.row_start, rs, 4) && rd_ieq(o.l.attr_id, id, 4) && rd_ieq(o.l.labels, lab, 3));
    TH_CHECK(t, o.l.attr_val[0] == (ssvm_real)0.5 && o.l.attr_val[1] == 2 && o.l.attr_val[2] == 1 &&
                o.l.attr_val[3] == (ssvm_real)-1e-3);
    {
        ssvm_multiclass_config mc = ssvm_svmlight_multiclass_config_init(&o.l);
        TH_CHECK(t, ssvm_multiclass_init(&mc, &m) == SSVM_OK);
    }
    ssvm_svmlight_data_uninit(&o.l);
    /* n_attrs drops the larger indices; the bias comes last */
    c.n_attrs = 2; c.bias = 1;
    if (rd_read_all(t, F_SVML, &c, ok, &o, &e) == SSVM_OK) {
        static const int rs2[] = {0, 2, 4, 6}, id2[] = {0, 2, 1, 2, 0, 2};
        TH_CHECK(t, o.l.n_attrs == 3 && rd_ieq(o.l.row_start, rs2, 4) && rd_ieq(o.l.attr_id, id2, 6));
        TH_CHECK(t, o.l.attr_val[1] == 1 && o.l.attr_val[5] == 1);
        ssvm_svmlight_data_uninit(&o.l);
    } else TH_CHECK(t, 0);
    /* n_attrs as large as a file's indices may be, and one more (INT_MAX with a bias was n_attrs INT_MIN, signed
       overflow); the readers' n_attrs + 1 must fit */
    c.n_attrs = INT_MAX - 2;
    if (rd_read_all(t, F_SVML, &c, ok, &o, &e) == SSVM_OK) {
        TH_CHECK(t, o.l.n_attrs == INT_MAX - 1);
        ssvm_svmlight_data_uninit(&o.l);
    } else TH_CHECK(t, 0);
    c.n_attrs = INT_MAX - 1;
    rd_bad(t, F_SVML, &c, ok, SSVM_ERR_OVERFLOW, 0, 0);
    c.n_attrs = INT_MAX; c.bias = 0;
    rd_bad(t, F_HMM, &c, "1 qid:1 1:1\n", SSVM_ERR_OVERFLOW, 0, 0);
    c = ssvm_reader_config_init();
    rd_bad(t, F_SVML, &c, "x 1:1\n", SSVM_ERR_PARSE, 1, 1);
    rd_bad(t, F_SVML, &c, "1 1:1\n0 1:1\n", SSVM_ERR_LABEL, 2, 1);
    rd_bad(t, F_SVML, &c, "1 1:1\n-3 1:1\n", SSVM_ERR_LABEL, 2, 1);
    rd_bad(t, F_SVML, &c, "1 1:1\n2 1:1 a\n", SSVM_ERR_PARSE, 2, 7);
    rd_bad(t, F_SVML, &c, "1 0:1\n", SSVM_ERR_FEATURE_INDEX, 1, 3);
    rd_bad(t, F_SVML, &c, "1 x:1\n", SSVM_ERR_PARSE, 1, 3);
    rd_bad(t, F_SVML, &c, "1  2:1\t2:3\n", SSVM_ERR_PARSE, 1, 8);
    rd_bad(t, F_SVML, &c, "1 1:abc\n", SSVM_ERR_PARSE, 1, 5);
    rd_bad(t, F_SVML, &c, "1 1:1.5e\n", SSVM_ERR_PARSE, 1, 5);
    rd_bad(t, F_SVML, &c, "1 1:\n", SSVM_ERR_PARSE, 1, 5);
    rd_bad(t, F_SVML, &c, "1 1:1e999\n", SSVM_ERR_NONFINITE, 1, 5);
    rd_bad(t, F_SVML, &c, "1 1:nan\n", SSVM_ERR_PARSE, 1, 5);
    rd_bad(t, F_SVML, &c, "1 qid:z 1:1\n", SSVM_ERR_PARSE, 1, 7);
    rd_bad(t, F_SVML, &c, "", SSVM_ERR_EMPTY, 0, 0);
    rd_bad(t, F_SVML, &c, "# nothing\n\n", SSVM_ERR_EMPTY, 0, 0);
    {
        static const char nul[] = "1 1:1\n2 2:\0" "1\n";
        ssvm_read_error e2;
        TH_CHECK(t, ssvm_read_svmlight(&c, ssvm_input_memory(nul, sizeof nul - 1), &o.l, &e2) == SSVM_ERR_PARSE &&
                    e2.line == 2 && e2.column == 5);
    }
    c.max_line = 8;
    rd_bad(t, F_SVML, &c, "1 1:1\n1 1:1 2:2 3:3\n", SSVM_ERR_PARSE, 2, 9);
    c.max_line = 0;
    { /* a failing read callback; no input at all */
        ssvm_read_error e2;
        TH_CHECK(t, ssvm_read_svmlight(&c, ssvm_input_callback(rd_fail_read, NULL), &o.l, &e2) == SSVM_ERR_IO);
        TH_CHECK(t, ssvm_read_svmlight(&c, ssvm_input_callback(NULL, NULL), &o.l, &e2) == SSVM_ERR_NULL_CALLBACK);
        TH_CHECK(t, ssvm_read_svmlight(NULL, ssvm_input_memory("1 1:1", 5), &o.l, &e2) == SSVM_ERR_INVALID_ARG);
    }
}

static void test_readers_svmhmm(th_ctx *t) {
    ssvm_reader_config c = ssvm_reader_config_init();
    rd_any o;
    ssvm_read_error e;
    const char *ok = "1 qid:1 1:1 # first token\n2 qid:1 2:1\n\n1 qid:-7 1:1 3:0.25\n";
    if (rd_read_all(t, F_HMM, &c, ok, &o, &e) == SSVM_OK) {
        static const int ss[] = {0, 2, 3}, lab[] = {0, 1, 0};
        ssvm_chain_config cc = ssvm_svmhmm_chain_config_init(&o.l);
        ssvm_chain m;
        TH_CHECK(t, o.l.n == 3 && o.l.n_seq == 2 && o.l.n_labels == 2 && o.l.n_attrs == 3);
        TH_CHECK(t, rd_ieq(o.l.seq_start, ss, 3) && rd_ieq(o.l.labels, lab, 3) && o.l.qid[0] == 1 && o.l.qid[1] == -7);
        TH_CHECK(t, ssvm_chain_init(&cc, &m) == SSVM_OK);
        ssvm_chain_uninit(&m);
        ssvm_svmlight_data_uninit(&o.l);
    } else TH_CHECK(t, 0);
    rd_bad(t, F_HMM, &c, "1 1:1\n", SSVM_ERR_PARSE, 1, 3);
    rd_bad(t, F_HMM, &c, "1\n", SSVM_ERR_PARSE, 1, 2);
    rd_bad(t, F_HMM, &c, "1 qid:1 1:1\n1 qid:2 1:1\n1 qid:1 1:1\n", SSVM_ERR_PARSE, 3, 7);
    rd_bad(t, F_HMM, &c, "1 qid:01 1:1\n1 qid:2 1:1\n1 qid:+1 1:1\n", SSVM_ERR_PARSE, 3, 7);
    rd_bad(t, F_HMM, &c, "1 qid:x 1:1\n", SSVM_ERR_PARSE, 1, 7);
    rd_bad(t, F_HMM, &c, "1 qid:1 1:1 1:2\n", SSVM_ERR_PARSE, 1, 13);
}

static void test_readers_conll(th_ctx *t) {
    ssvm_reader_config c = ssvm_reader_config_init();
    rd_any o;
    ssvm_read_error e;
    if (rd_read_all(t, F_CONLL, &c, "a A B-NP\nb\tB  I-NP \n\n\nc C O\n\n", &o, &e) == SSVM_OK) {
        static const int ss[] = {0, 2, 3};
        TH_CHECK(t, o.c.n_seq == 2 && o.c.n_tok == 3 && o.c.n_cols == 3 && rd_ieq(o.c.seq_start, ss, 3));
        TH_CHECK(t, strcmp(ssvm_dict_str(&o.c.strs, o.c.cell[3 * 1 + 2]), "I-NP") == 0);
        TH_CHECK(t, strcmp(ssvm_dict_str(&o.c.strs, o.c.cell[3 * 2 + 0]), "c") == 0);
        ssvm_conll_data_uninit(&o.c);
    } else TH_CHECK(t, 0);
    rd_bad(t, F_CONLL, &c, "a A B\nb B\n", SSVM_ERR_PARSE, 2, 4);
    rd_bad(t, F_CONLL, &c, "a A B\n\nb B C D\n", SSVM_ERR_PARSE, 3, 7);
    rd_bad(t, F_CONLL, &c, "\n \n\t\n", SSVM_ERR_EMPTY, 0, 0);
}

static void test_readers_template(th_ctx *t) {
    ssvm_reader_config c = ssvm_reader_config_init();
    rd_any o;
    ssvm_read_error e;
    if (rd_read_all(t, F_TMPL, &c, "# c\n\nU00:%x[-2,0]\nU05:%x[-1,0]/%x[0,0]  \nU99:bias\nB\n", &o, &e) == SSVM_OK) {
        TH_CHECK(t, o.t.n == 3 && o.t.bigram == 1);
        ssvm_template_uninit(&o.t);
    } else TH_CHECK(t, 0);
    rd_bad(t, F_TMPL, &c, "U00:%x[0,0]\nX00:%x[0,0]\n", SSVM_ERR_TEMPLATE, 2, 1);
    rd_bad(t, F_TMPL, &c, "U00:%y[0,0]\n", SSVM_ERR_TEMPLATE, 1, 5);
    rd_bad(t, F_TMPL, &c, "U00:%x[a,0]\n", SSVM_ERR_TEMPLATE, 1, 8);
    rd_bad(t, F_TMPL, &c, "U00:%x[0,0\n", SSVM_ERR_TEMPLATE, 1, 11);
    rd_bad(t, F_TMPL, &c, "U00:%x[0,-1]\n", SSVM_ERR_TEMPLATE, 1, 10);
    rd_bad(t, F_TMPL, &c, "U00:%x[0]\n", SSVM_ERR_TEMPLATE, 1, 8);
    rd_bad(t, F_TMPL, &c, "U00:%x[0,0]%\n", SSVM_ERR_TEMPLATE, 1, 12);
    rd_bad(t, F_TMPL, &c, "B\nB01:%x[0,0]\n", SSVM_ERR_TEMPLATE, 2, 5);
    rd_bad(t, F_TMPL, &c, "# only a comment\n", SSVM_ERR_EMPTY, 0, 0);
}

/* hand-computed names, and featurize: ids in order of first occurrence, unknown test names dropped / -1 */
static void test_readers_template_expand(th_ctx *t) {
    static const char *data = "He PRP B-NP\nreckons VBZ B-VP\nthe DT B-NP\n\nSo RB O\n";
    static const char *tmpl = "U00:%x[-2,0]\nU05:%x[-1,0]/%x[0,0]\nU22:%x[0,1]/%x[1,1]/%x[2,1]\nU30:x%x[3,0]y\nU99:bias\n";
    static const struct { int k, tok; const char *name; } want[] = {
        {0, 0, "U00:_B-2"}, {0, 1, "U00:_B-1"}, {0, 2, "U00:He"}, {1, 0, "U05:_B-1/He"}, {1, 2, "U05:reckons/the"},
        {2, 1, "U22:VBZ/DT/_B+1"}, {2, 2, "U22:DT/_B+1/_B+2"}, {2, 3, "U22:RB/_B+1/_B+2"}, {3, 0, "U30:x_B+1y"},
        {3, 3, "U30:x_B+3y"}, {0, 3, "U00:_B-2"}, {4, 1, "U99:bias"}};
    ssvm_reader_config c = ssvm_reader_config_init();
    ssvm_conll_data d;
    ssvm_template tp;
    ssvm_read_error e;
    ssvm_dict attrs, labels;
    ssvm_conll_features f, g;
    char buf[64];
    size_t len, i;
    if (ssvm_read_conll(&c, ssvm_input_memory(data, strlen(data)), &d, &e) != SSVM_OK) { TH_CHECK(t, 0); return; }
    if (ssvm_read_template(&c, ssvm_input_memory(tmpl, strlen(tmpl)), &tp, &e) != SSVM_OK) { TH_CHECK(t, 0); ssvm_conll_data_uninit(&d); return; }
    for (i = 0; i < sizeof want / sizeof want[0]; i++) {
        int s = want[i].tok < 3 ? 0 : 1;
        ssvm_result r = ssvm_template_expand(&tp, want[i].k, &d, s, want[i].tok, buf, sizeof buf, &len);
        TH_CHECKF(t, r == SSVM_OK && strcmp(buf, want[i].name) == 0 && len == strlen(want[i].name),
                  "template %d token %d: \"%s\", expected \"%s\"", want[i].k, want[i].tok, buf, want[i].name);
        /* the size contract: len bytes are refused with the length, len + 1 take it (_B-k names included) */
        {
            size_t l2 = 0, n = strlen(want[i].name);
            TH_CHECKF(t, ssvm_template_expand(&tp, want[i].k, &d, s, want[i].tok, buf, n, &l2) == SSVM_ERR_WORKSPACE &&
                      l2 == n, "template %d token %d: %u bytes, told %u", want[i].k, want[i].tok, (unsigned)n, (unsigned)l2);
            TH_CHECKF(t, ssvm_template_expand(&tp, want[i].k, &d, s, want[i].tok, buf, n + 1, &l2) == SSVM_OK &&
                      l2 == n && strcmp(buf, want[i].name) == 0, "template %d token %d: %u + 1 bytes refused", want[i].k,
                      want[i].tok, (unsigned)n);
        }
    }
    TH_CHECK(t, ssvm_template_expand(&tp, 1, &d, 0, 2, buf, 8, &len) == SSVM_ERR_WORKSPACE && len == 15);
    TH_CHECK(t, ssvm_template_expand(&tp, 1, &d, 1, 2, buf, sizeof buf, &len) == SSVM_ERR_INVALID_ARG);
    ssvm_dict_init(&attrs, NULL); ssvm_dict_init(&labels, NULL);
    if (ssvm_conll_featurize(&c, &d, &tp, &attrs, &labels, 1, 1, &f, &e) == SSVM_OK) {
        /* token 0: U00:_B-2 U05:_B-1/He U22:PRP/VBZ/DT U30:x_B+1y U99:bias = ids 0..4; token 1: 5 6 7 8 4 */
        static const int as[] = {0, 5, 10, 15, 20}, lab[] = {0, 1, 0, 2};
        TH_CHECK(t, f.n_tok == 4 && f.n_seq == 2 && f.n_labels == 3 && rd_ieq(f.attr_start, as, 5) && rd_ieq(f.labels, lab, 4));
        TH_CHECK(t, f.attr_id[4] == 4 && f.attr_id[9] == 4 && f.attr_id[5] == 5 && f.attr_id[15] == 0);
        TH_CHECK(t, strcmp(ssvm_dict_str(&attrs, 2), "U22:PRP/VBZ/DT") == 0 && ssvm_dict_find(&attrs, "U00:He", 6) >= 0);
        TH_CHECK(t, f.n_attrs == attrs.n && attrs.n == 15); /* 5 + 4 + 4 new; token 3 repeats U00:_B-2, U30:x_B+3y, bias */
        { /* a test file: unknown names dropped, unknown labels -1 */
            const char *te = "He PRP I-PP\n";
            ssvm_conll_data d2;
            if (ssvm_read_conll(&c, ssvm_input_memory(te, strlen(te)), &d2, &e) == SSVM_OK &&
                ssvm_conll_featurize(&c, &d2, &tp, &attrs, &labels, 0, 1, &g, &e) == SSVM_OK) {
                /* known: U00:_B-2 (0), U05:_B-1/He (1), U30:x_B+3y (12), U99:bias (4); U22:PRP/_B+1/_B+2 is not */
                static const int gid[] = {0, 1, 12, 4};
                TH_CHECK(t, g.attr_start[1] == 4 && rd_ieq(g.attr_id, gid, 4) && g.labels[0] == -1);
                ssvm_conll_features_uninit(&g);
            } else TH_CHECK(t, 0);
            ssvm_conll_data_uninit(&d2);
        }
        {
            ssvm_chain_config cc = ssvm_conll_chain_config_init(&f);
            ssvm_chain m;
            TH_CHECK(t, ssvm_chain_init(&cc, &m) == SSVM_OK);
            ssvm_chain_uninit(&m);
        }
        ssvm_conll_features_uninit(&f);
    } else TH_CHECK(t, 0);
    { /* min_count 2: U00:_B-2 (tokens 0, 3), U99:bias (all), U30:x_B+3y (tokens 2, 3) stay, in first-occurrence
         order; per token 2, 1, 2, 3 of them */
        ssvm_dict a2, l2;
        ssvm_dict_init(&a2, NULL); ssvm_dict_init(&l2, NULL);
        if (ssvm_conll_featurize(&c, &d, &tp, &a2, &l2, 1, 2, &g, &e) == SSVM_OK) {
            TH_CHECK(t, a2.n == 3 && strcmp(ssvm_dict_str(&a2, 0), "U00:_B-2") == 0 && strcmp(ssvm_dict_str(&a2, 2), "U30:x_B+3y") == 0 &&
                        g.attr_start[4] == 8);
            ssvm_conll_features_uninit(&g);
        } else TH_CHECK(t, 0);
        ssvm_dict_uninit(&a2); ssvm_dict_uninit(&l2);
    }
    { /* templates that name the label column or a missing one: the template's line and column */
        ssvm_template bad;
        const char *b1 = "U00:%x[0,0]\nU01:a%x[0,2]\n", *b2 = "U00:%x[0,5]\n";
        ssvm_dict a3, l3;
        ssvm_dict_init(&a3, NULL); ssvm_dict_init(&l3, NULL);
        if (ssvm_read_template(&c, ssvm_input_memory(b1, strlen(b1)), &bad, &e) == SSVM_OK) {
            TH_CHECK(t, ssvm_conll_featurize(&c, &d, &bad, &a3, &l3, 1, 1, &g, &e) == SSVM_ERR_TEMPLATE && e.line == 2 && e.column == 6);
            c.label_column = 1; /* the POS column as the label: column 2 is then a feature */
            TH_CHECK(t, ssvm_conll_featurize(&c, &d, &bad, &a3, &l3, 1, 1, &g, &e) == SSVM_OK);
            if (g.labels) TH_CHECK(t, strcmp(ssvm_dict_str(&l3, g.labels[1]), "VBZ") == 0);
            ssvm_conll_features_uninit(&g);
            c.label_column = -1;
            ssvm_template_uninit(&bad);
        }
        if (ssvm_read_template(&c, ssvm_input_memory(b2, strlen(b2)), &bad, &e) == SSVM_OK) {
            TH_CHECK(t, ssvm_conll_featurize(&c, &d, &bad, &a3, &l3, 1, 1, &g, &e) == SSVM_ERR_TEMPLATE && e.line == 1 && e.column == 5);
            ssvm_template_uninit(&bad);
        }
        ssvm_dict_uninit(&a3); ssvm_dict_uninit(&l3);
    }
    ssvm_dict_uninit(&attrs); ssvm_dict_uninit(&labels);
    ssvm_template_uninit(&tp);
    ssvm_conll_data_uninit(&d);
}

static const char *rd_arff_head =
    "% comment\n@RELATION 'x: -C 2'\n@attribute a numeric\n@attribute 'b c' REAL\n@attribute L1 {0,1}\n"
    "@attribute L2 { 1 , 0 }\n@data\n";
static void test_readers_arff(th_ctx *t) {
    ssvm_reader_config c = ssvm_reader_config_init();
    rd_any o;
    ssvm_read_error e;
    char text[1024];
    sprintf(text, "%s0.5,1,0,1\n%% mid\n\n-2, 3e1 ,'1',0\n", rd_arff_head);
    if (rd_read_all(t, F_ARFF, &c, text, &o, &e) == SSVM_OK) {
        static const int lab[] = {0, 1, 1, 0};
        TH_CHECK(t, o.a.n == 2 && o.a.n_attrs == 2 && o.a.n_labels == 2 && !o.a.sparse);
        TH_CHECK(t, o.a.x[0] == (ssvm_real)0.5 && o.a.x[1] == 1 && o.a.x[2] == -2 && o.a.x[3] == 30 && rd_ieq(o.a.labels, lab, 4));
        TH_CHECK(t, o.a.attr_names.n == 2 && strcmp(ssvm_dict_str(&o.a.attr_names, 1), "b c") == 0);
        TH_CHECK(t, o.a.label_names.n == 2 && strcmp(ssvm_dict_str(&o.a.label_names, 1), "L2") == 0);
        {
            ssvm_graph_config gc = ssvm_arff_graph_config(&o.a);
            ssvm_graph m;
            TH_CHECK(t, ssvm_graph_init(&gc, &m) == SSVM_OK);
            ssvm_graph_uninit(&m);
        }
        ssvm_arff_data_uninit(&o.a);
    } else TH_CHECK(t, 0);
    c.bias = 1; c.n_labels = 1;
    if (rd_read_all(t, F_ARFF, &c, text, &o, &e) == SSVM_OK) {
        TH_CHECK(t, o.a.n_attrs == 4 && o.a.n_labels == 1 && o.a.x[2] == 0 && o.a.x[3] == 1 && o.a.labels[0] == 1);
        ssvm_arff_data_uninit(&o.a);
    } else TH_CHECK(t, 0);
    c = ssvm_reader_config_init();
    sprintf(text, "%s{0 2, 2 1}\n{ }\n{1 -1,3 0}\n", rd_arff_head);
    if (rd_read_all(t, F_ARFF, &c, text, &o, &e) == SSVM_OK) {
        /* L2 is declared {1,0}: absent means its first value, 1 */
        static const int rs[] = {0, 1, 1, 2}, id[] = {0, 1}, lab[] = {1, 1, 0, 1, 0, 0};
        TH_CHECK(t, o.a.n == 3 && o.a.sparse && rd_ieq(o.a.row_start, rs, 4) && rd_ieq(o.a.attr_id, id, 2) && rd_ieq(o.a.labels, lab, 6));
        TH_CHECK(t, o.a.attr_val[0] == 2 && o.a.attr_val[1] == -1);
        ssvm_arff_data_uninit(&o.a);
    } else TH_CHECK(t, 0);
    /* malformed rows: the data starts at line 8 */
#define RD_ROW(row, code, col) do { sprintf(text, "%s%s\n", rd_arff_head, row); rd_bad(t, F_ARFF, &c, text, code, 8, col); } while (0)
    RD_ROW("1,2,0", SSVM_ERR_PARSE, 6);
    RD_ROW("1,2,0,1,5", SSVM_ERR_PARSE, 8);
    RD_ROW("?,1,0,1", SSVM_ERR_PARSE, 1);
    RD_ROW("1,x,0,1", SSVM_ERR_PARSE, 3);
    RD_ROW("1,2,2,1", SSVM_ERR_LABEL, 5);
    RD_ROW("1,1e400,0,1", SSVM_ERR_NONFINITE, 3);
    RD_ROW("1,,0,1", SSVM_ERR_PARSE, 3);
    RD_ROW("1,'2,0,1", SSVM_ERR_PARSE, 3);
    RD_ROW("'3'51,2,0,1", SSVM_ERR_PARSE, 4); /* after a closing quote, the comma and nothing else */
    RD_ROW("1,2,'0' 1,1", SSVM_ERR_PARSE, 9);
    RD_ROW("{0 2, 0 1}", SSVM_ERR_PARSE, 7);
    RD_ROW("{0 2},{3}", SSVM_ERR_PARSE, 6);
    RD_ROW("{9 1}", SSVM_ERR_FEATURE_INDEX, 2);
    RD_ROW("{0 1 1 2}", SSVM_ERR_PARSE, 6);
    RD_ROW("{x 1}", SSVM_ERR_PARSE, 2);
    RD_ROW("{0 1", SSVM_ERR_PARSE, 5);
    sprintf(text, "%s1,2,0,1\n{0 1}\n", rd_arff_head);
    rd_bad(t, F_ARFF, &c, text, SSVM_ERR_PARSE, 9, 1);
#undef RD_ROW
    rd_bad(t, F_ARFF, &c, "@relation r\n@attribute a numeric\n@attribute L {0,1}\n", SSVM_ERR_PARSE, 4, 1);
    rd_bad(t, F_ARFF, &c, "@relation r\n@attribute a numeric\n@attribute a {0,1}\n@data\n", SSVM_ERR_PARSE, 3, 12);
    rd_bad(t, F_ARFF, &c, "@relation r\n@attribute s string\n@attribute L {0,1}\n@data\n", SSVM_ERR_PARSE, 2, 14);
    rd_bad(t, F_ARFF, &c, "@relation r\n@attribute L {0,1}\n@attribute a numeric\n@data\n1,1\n", SSVM_ERR_LABEL, 3, 1);
    rd_bad(t, F_ARFF, &c, "@relation r\n@attribute L {0,1,0}\n@data\n", SSVM_ERR_PARSE, 2, 19);
    rd_bad(t, F_ARFF, &c, "@relation r\n@attribute L {0,1\n@data\n", SSVM_ERR_PARSE, 2, 18);
    rd_bad(t, F_ARFF, &c, "@relation r\n@attribute L {0,1} x\n@data\n", SSVM_ERR_PARSE, 2, 20);
    rd_bad(t, F_ARFF, &c, "@relation r\n@attribute L {0,1}\n@data\n% none\n", SSVM_ERR_EMPTY, 0, 0);
    rd_bad(t, F_ARFF, &c, "@relation r\n@data\n", SSVM_ERR_PARSE, 2, 1);
    rd_bad(t, F_ARFF, &c, "1,2\n", SSVM_ERR_PARSE, 1, 1);
    rd_bad(t, F_ARFF, &c, "@relation r\n@attrib a numeric\n", SSVM_ERR_PARSE, 2, 1);
    c.n_labels = 3; /* 'b c' (line 4) is not {0,1} */
    sprintf(text, "%s1,2,0,1\n", rd_arff_head);
    rd_bad(t, F_ARFF, &c, text, SSVM_ERR_LABEL, 4, 1);
    c.n_labels = 5;
    rd_bad(t, F_ARFF, &c, text, SSVM_ERR_LABEL, 7, 1);
}

/* Every allocation failure in turn: an error, never a crash, and every block given back */
static void test_readers_alloc_failures(th_ctx *t) {
    static const char *inputs[5] = {
        "1 1:0.5 3:2\n2 2:1\n3 1:1\n", "1 qid:1 1:1\n2 qid:1 2:1\n1 qid:2 1:1\n", "a A B\nb B I\n\nc C O\n",
        "U00:%x[-1,0]/%x[0,0]\nU01:%x[0,1]\nB\n",
        "@relation r\n@attribute a numeric\n@attribute b {x,y}\n@attribute L {0,1}\n@data\n1,x,0\n2,y,1\n"};
    int fmt;
    for (fmt = 0; fmt < 5; fmt++) {
        long k;
        int ok = 0;
        for (k = 1; k < 200 && !ok; k++) {
            rd_alloc a = {0, 0, 0};
            ssvm_reader_config c = ssvm_reader_config_init();
            rd_any o;
            ssvm_read_error e;
            ssvm_result r;
            rd_src src;
            a.fail_at = k;
            c.allocator.user = &a; c.allocator.alloc = rd_a; c.allocator.free = rd_f;
            src.s = inputs[fmt]; src.n = strlen(inputs[fmt]); src.pos = 0; src.step = 3;
            r = rd_call(fmt, &c, k % 2 ? ssvm_input_memory(src.s, src.n) : ssvm_input_callback(rd_read, &src), &o, &e);
            if (r == SSVM_OK) { ok = 1; rd_free(fmt, &o); }
            else TH_CHECKF(t, r == SSVM_ERR_OUT_OF_MEMORY, "format %d, failure at allocation %ld: %d", fmt, k, (int)r);
            TH_CHECKF(t, a.allocs == a.frees, "format %d, failure at %ld: %ld allocations, %ld frees", fmt, k, a.allocs, a.frees);
        }
        TH_CHECK(t, ok);
    }
}

/* ---- the real files (gzip through popen: the test's business, not the library's) ---- */
static int rd_open_gz(th_ctx *t, const char *rel, FILE **f) {
    const char *sh = th_shared_dir();
    char cmd[1200], path[1100];
    FILE *g;
    if (!sh) { th_skip(t, "../shared not found (set SSVM_SHARED)"); return 0; }
    snprintf(path, sizeof path, "%s/data/%s", sh, rel);
    g = fopen(path, "rb");
    if (!g) { printf("    %s: ", path); th_skip(t, "absent"); return 0; }
    fclose(g);
    snprintf(cmd, sizeof cmd, "gzip -dc '%s'", path);
    *f = popen(cmd, "r");
    if (!*f) { th_skip(t, "cannot run gzip"); return 0; }
    return 1;
}
static void rd_arff_file(th_ctx *t, const char *rel, int n, int F, int L, const int *pos) {
    ssvm_reader_config c = ssvm_reader_config_init();
    ssvm_arff_data d;
    ssvm_read_error e;
    FILE *f;
    ssvm_result r;
    int i, l;
    if (!rd_open_gz(t, rel, &f)) return;
    r = ssvm_read_arff(&c, ssvm_input_FILE(f), &d, &e);
    pclose(f);
    TH_CHECKF(t, r == SSVM_OK, "%s: %d at %ld:%ld %s", rel, (int)r, e.line, e.column, e.message);
    if (r != SSVM_OK) return;
    TH_CHECK(t, d.n == n && d.n_attrs == F && d.n_labels == L && !d.sparse);
    for (l = 0; l < L; l++) {
        int cnt = 0;
        for (i = 0; i < d.n; i++) cnt += d.labels[(size_t)i * L + l];
        TH_CHECKF(t, cnt == pos[l], "%s label %d: %d positives, README %d", rel, l, cnt, pos[l]);
    }
    ssvm_arff_data_uninit(&d);
}
static void test_readers_scene_yeast(th_ctx *t) {
    static const int sc_tr[] = {227, 165, 197, 196, 277, 224}, sc_te[] = {200, 199, 200, 237, 256, 207};
    static const int ye_tr[] = {476, 645, 598, 532, 441, 378, 261, 289, 98, 161, 198, 1128, 1116, 21};
    static const int ye_te[] = {286, 393, 385, 330, 281, 219, 167, 191, 80, 92, 91, 688, 683, 13};
    rd_arff_file(t, "scene/scene-train.arff.gz", 1211, 294, 6, sc_tr);
    rd_arff_file(t, "scene/scene-test.arff.gz", 1196, 294, 6, sc_te);
    rd_arff_file(t, "yeast/yeast-train.arff.gz", 1500, 103, 14, ye_tr);
    rd_arff_file(t, "yeast/yeast-test.arff.gz", 917, 103, 14, ye_te);
}
/* CoNLL-2000 test file: the README's counts, and the 19-template file's features equal conll_data.h's */
static void test_readers_conll2000(th_ctx *t) {
    ssvm_reader_config c = ssvm_reader_config_init();
    ssvm_conll_data d;
    ssvm_template tp;
    ssvm_conll_features f;
    ssvm_dict attrs, labels;
    ssvm_read_error e;
    FILE *fp;
    ssvm_result r;
    conll_corpus cc;
    conll_dict ca, cl;
    conll_features cf;
    char err[256], path[1100];
    const char *sh = th_shared_dir();
    if (!rd_open_gz(t, "conll2000/test.txt.gz", &fp)) return;
    r = ssvm_read_conll(&c, ssvm_input_FILE(fp), &d, &e);
    pclose(fp);
    TH_CHECKF(t, r == SSVM_OK, "%d at %ld:%ld %s", (int)r, e.line, e.column, e.message);
    if (r != SSVM_OK) return;
    TH_CHECK(t, d.n_seq == 2012 && d.n_tok == 47377 && d.n_cols == 3);
    r = ssvm_read_template_path(&c, "examples/chunking.template", &tp, &e);
    TH_CHECKF(t, r == SSVM_OK && tp.n == 19 && tp.bigram, "template: %d at %ld:%ld", (int)r, e.line, e.column);
    if (r != SSVM_OK) { ssvm_conll_data_uninit(&d); return; }
    ssvm_dict_init(&attrs, NULL); ssvm_dict_init(&labels, NULL);
    r = ssvm_conll_featurize(&c, &d, &tp, &attrs, &labels, 1, 1, &f, &e);
    TH_CHECK(t, r == SSVM_OK);
    snprintf(path, sizeof path, "%s/data/conll2000/test.txt.gz", sh);
    conll_dict_init(&ca); conll_dict_init(&cl);
    if (r == SSVM_OK && conll_load(path, &cc, err, sizeof err) == 0) {
        if (conll_featurize(&cc, &ca, &cl, 1, 1, &cf, err, sizeof err) == 0) {
            int i, same = cf.n_attr == f.n_attrs && cf.n_labels == f.n_labels && labels.n == 19 &&
                          rd_ieq(cf.attr_start, f.attr_start, (size_t)f.n_tok + 1) &&
                          rd_ieq(cf.attr_id, f.attr_id, (size_t)f.attr_start[f.n_tok]) && rd_ieq(cf.label, f.labels, (size_t)f.n_tok);
            for (i = 0; same && i < attrs.n; i++) same = strcmp(conll_dict_str(&ca, i), ssvm_dict_str(&attrs, i)) == 0;
            TH_CHECKF(t, same, "attributes %d vs %d, labels %d vs %d", f.n_attrs, cf.n_attr, f.n_labels, cf.n_labels);
            conll_features_free(&cf);
        } else TH_CHECK(t, 0);
        conll_corpus_free(&cc);
    } else TH_CHECK(t, 0);
    conll_dict_free(&ca); conll_dict_free(&cl);
    if (r == SSVM_OK) ssvm_conll_features_uninit(&f);
    ssvm_dict_uninit(&attrs); ssvm_dict_uninit(&labels);
    ssvm_template_uninit(&tp);
    ssvm_conll_data_uninit(&d);
}
static void test_readers_path(th_ctx *t) {
    ssvm_reader_config c = ssvm_reader_config_init();
    ssvm_svmlight_data d;
    ssvm_read_error e;
    TH_CHECK(t, ssvm_read_svmlight_path(&c, "no/such/file.dat", &d, &e) == SSVM_ERR_IO && e.line == 0);
    TH_CHECK(t, strcmp(ssvm_result_string(SSVM_ERR_PARSE), "unknown result") != 0 &&
                strcmp(ssvm_result_string(SSVM_ERR_IO), "unknown result") != 0 &&
                strcmp(ssvm_result_string(SSVM_ERR_TEMPLATE), "unknown result") != 0);
}

/* config.unlabelled: data to predict. SVM^light / SVM^hmm labels `0`, `?` or missing read as -1; ARFF `?` labels
   as -1 (a feature's `?` stays an error); ssvm_conll_featurize takes no label column. Without the flag the same
   inputs are the errors they always were. */
static void test_readers_unlabelled(th_ctx *t) {
    ssvm_reader_config c = ssvm_reader_config_init();
    rd_any o;
    ssvm_read_error e;
    char text[1024];
    const char *svml = "2 1:1\n0 2:1\n? 1:0.5 # c\n1:1 3:2\nqid:4 2:1\n";
    rd_bad(t, F_SVML, &c, "? 1:1\n", SSVM_ERR_PARSE, 1, 1);
    rd_bad(t, F_SVML, &c, "1:1 2:1\n", SSVM_ERR_PARSE, 1, 1);
    rd_bad(t, F_SVML, &c, "0 1:1\n", SSVM_ERR_LABEL, 1, 1);
    rd_bad(t, F_HMM, &c, "qid:1 1:1\n", SSVM_ERR_PARSE, 1, 1);
    c.unlabelled = 1;
    if (rd_read_all(t, F_SVML, &c, svml, &o, &e) == SSVM_OK) {
        static const int lab[] = {1, -1, -1, -1, -1}, rs[] = {0, 1, 2, 3, 5, 6}, id[] = {0, 1, 0, 0, 2, 1};
        TH_CHECK(t, o.l.n == 5 && o.l.n_labels == 2 && o.l.n_attrs == 3 && rd_ieq(o.l.labels, lab, 5));
        TH_CHECK(t, rd_ieq(o.l.row_start, rs, 6) && rd_ieq(o.l.attr_id, id, 6) && o.l.attr_val[4] == 2);
        ssvm_svmlight_data_uninit(&o.l);
    } else TH_CHECK(t, 0);
    rd_bad(t, F_SVML, &c, "1 1:1\n-1 1:1\n", SSVM_ERR_LABEL, 2, 1); /* a label that is there must still be valid */
    rd_bad(t, F_SVML, &c, "?? 1:1\n", SSVM_ERR_PARSE, 1, 1);
    if (rd_read_all(t, F_HMM, &c, "? qid:1 1:1\nqid:1 2:1\n\n0 qid:2 1:1\n", &o, &e) == SSVM_OK) {
        static const int lab[] = {-1, -1, -1}, ss[] = {0, 2, 3};
        TH_CHECK(t, o.l.n == 3 && o.l.n_seq == 2 && o.l.n_labels == 0 && rd_ieq(o.l.labels, lab, 3) && rd_ieq(o.l.seq_start, ss, 3));
        ssvm_svmlight_data_uninit(&o.l);
    } else TH_CHECK(t, 0);
    rd_bad(t, F_HMM, &c, "? 1:1\n", SSVM_ERR_PARSE, 1, 3); /* SVM^hmm still needs its qid */
    sprintf(text, "%s0.5,1,?,1\n-2,3,0,?\n", rd_arff_head);
    if (rd_read_all(t, F_ARFF, &c, text, &o, &e) == SSVM_OK) {
        static const int lab[] = {-1, 1, 0, -1};
        TH_CHECK(t, o.a.n == 2 && o.a.n_labels == 2 && o.a.x[3] == 3 && rd_ieq(o.a.labels, lab, 4));
        ssvm_arff_data_uninit(&o.a);
    } else TH_CHECK(t, 0);
    sprintf(text, "%s?,1,0,1\n", rd_arff_head);
    rd_bad(t, F_ARFF, &c, text, SSVM_ERR_PARSE, 8, 1); /* a feature's ? */
    c.unlabelled = 2; /* a flag: 0 or 1 */
    TH_CHECK(t, ssvm_read_svmlight(&c, ssvm_input_memory("1 1:1\n", 6), &o.l, &e) == SSVM_ERR_INVALID_ARG);
    c.unlabelled = 0;
    /* a bias that ssvm_real cannot hold (float: beyond FLT_MAX) is the config's error, never an inf in the data */
    c.bias = sizeof(ssvm_real) == sizeof(float) ? 1e39 : HUGE_VAL;
    TH_CHECK(t, ssvm_read_svmlight(&c, ssvm_input_memory("1 1:1\n", 6), &o.l, &e) == SSVM_ERR_INVALID_ARG);
    sprintf(text, "%s0.5,1,0,1\n", rd_arff_head);
    TH_CHECK(t, ssvm_read_arff(&c, ssvm_input_memory(text, strlen(text)), &o.a, &e) == SSVM_ERR_INVALID_ARG);
    c.bias = 0;
    sprintf(text, "%s0.5,1,?,1\n", rd_arff_head);
    rd_bad(t, F_ARFF, &c, text, SSVM_ERR_PARSE, 8, 7);
    { /* CoNLL: the test file without its tag column gives the labelled file's attribute ids, labels -1 */
        const char *tmpl = "U00:%x[0,0]\nU01:%x[0,1]/%x[-1,1]\nB\n", *tr = "He PRP B-NP\nruns VBZ B-VP\n",
                   *te = "He PRP\nruns VBZ\n";
        ssvm_template tp;
        ssvm_conll_data dl, du;
        ssvm_conll_features fl, gl, gu;
        ssvm_dict attrs, labels;
        ssvm_dict_init(&attrs, NULL); ssvm_dict_init(&labels, NULL);
        if (ssvm_read_template(&c, ssvm_input_memory(tmpl, strlen(tmpl)), &tp, &e) == SSVM_OK &&
            ssvm_read_conll(&c, ssvm_input_memory(tr, strlen(tr)), &dl, &e) == SSVM_OK &&
            ssvm_read_conll(&c, ssvm_input_memory(te, strlen(te)), &du, &e) == SSVM_OK) {
            TH_CHECK(t, ssvm_conll_featurize(&c, &dl, &tp, &attrs, &labels, 1, 1, &fl, &e) == SSVM_OK);
            TH_CHECK(t, ssvm_conll_featurize(&c, &dl, &tp, &attrs, &labels, 0, 1, &gl, &e) == SSVM_OK);
            /* without the flag, column 1 of the 2-column file is its label column: the template's %x[0,1] is refused */
            TH_CHECK(t, ssvm_conll_featurize(&c, &du, &tp, &attrs, &labels, 0, 1, &gu, &e) == SSVM_ERR_TEMPLATE);
            c.unlabelled = 1;
            if (ssvm_conll_featurize(&c, &du, &tp, &attrs, &labels, 0, 1, &gu, &e) == SSVM_OK) {
                static const int lab[] = {-1, -1};
                TH_CHECK(t, gu.n_tok == 2 && gu.n_seq == 1 && rd_ieq(gu.labels, lab, 2) && labels.n == 2);
                TH_CHECK(t, rd_ieq(gu.attr_start, gl.attr_start, 3) && rd_ieq(gu.attr_id, gl.attr_id, (size_t)gl.attr_start[2]));
                TH_CHECK(t, gl.attr_start[2] == 4 && gl.labels[0] == 0 && gl.labels[1] == 1);
                ssvm_conll_features_uninit(&gu);
            } else TH_CHECK(t, 0);
            c.unlabelled = 0;
            ssvm_conll_features_uninit(&fl); ssvm_conll_features_uninit(&gl);
            ssvm_conll_data_uninit(&dl); ssvm_conll_data_uninit(&du); ssvm_template_uninit(&tp);
        } else TH_CHECK(t, 0);
        ssvm_dict_uninit(&attrs); ssvm_dict_uninit(&labels);
    }
}

static ssvm_result rd_svml(int hmm, const ssvm_reader_config *c, const char *text, ssvm_svmlight_data *o,
                           ssvm_read_error *e) {
    ssvm_input in = ssvm_input_memory(text, strlen(text));
    return hmm ? ssvm_read_svmhmm(c, in, o, e) : ssvm_read_svmlight(c, in, o, e);
}
/* config.shard_count: shard k of K keeps rows (SVM^hmm: sequences) e with e % K == k, in file order, with the whole
   file's n_attrs, n_labels and bias index (the largest feature sits in one shard's row only); the K shards together
   are the whole read, row by row; a malformed line in another shard's row fails every shard at the same place; a
   shard index out of range is refused, and a shard with no example is SSVM_ERR_EMPTY. */
static void test_readers_shard(th_ctx *t) {
    static const char *lt = "1 1:0.5 3:1\n2 2:-1\n# comment\n\n3 1:2 9:0.25\n1 4:1\n2 1:1 2:1\n4 3:0.5\n1 5:2 6:1\n";
    static const char *ht = "1 qid:4 1:1\n2 qid:4 2:1\n1 qid:9 3:0.5\n3 qid:2 1:1 7:2\n3 qid:2 2:1\n2 qid:2 1:1\n"
                            "1 qid:5 4:1\n2 qid:6 1:2\n";
    int hmm, K, k;
    for (hmm = 0; hmm < 2; hmm++) {
        ssvm_reader_config c = ssvm_reader_config_init();
        ssvm_svmlight_data all, sh;
        ssvm_read_error e;
        const char *text = hmm ? ht : lt;
        int ex_all = hmm ? 5 : 7;
        c.bias = 1;
        if (rd_svml(hmm, &c, text, &all, &e) != SSVM_OK) { TH_CHECK(t, 0); continue; }
        TH_CHECK(t, all.n_total == ex_all && all.n_attrs == (hmm ? 8 : 10));
        for (K = 1; K <= 4; K++) {
            int *taken = (int *)calloc((size_t)all.n, sizeof(int));
            for (k = 0; k < K && taken; k++) {
                int q, ex, row = 0;
                c.shard_count = K; c.shard_index = k;
                if (rd_svml(hmm, &c, text, &sh, &e) != SSVM_OK) { TH_CHECKF(t, 0, "K %d shard %d: %s", K, k, e.message); continue; }
                TH_CHECKF(t, sh.n_attrs == all.n_attrs && sh.n_labels == all.n_labels && sh.n_total == ex_all,
                          "hmm %d K %d shard %d: F %d K %d total %d", hmm, K, k, sh.n_attrs, sh.n_labels, sh.n_total);
                TH_CHECK(t, hmm ? sh.n_seq == (ex_all - k + K - 1) / K : sh.n == (ex_all - k + K - 1) / K);
                for (ex = k, q = 0; ex < ex_all; ex += K, q++) { /* example ex of the file = example q of the shard */
                    int a0 = hmm ? all.seq_start[ex] : ex, a1 = hmm ? all.seq_start[ex + 1] : ex + 1, r, j;
                    if (hmm) TH_CHECK(t, q < sh.n_seq && sh.qid[q] == all.qid[ex] && sh.seq_start[q] == row);
                    for (r = a0; r < a1 && row < sh.n; r++, row++) {
                        int n1 = all.row_start[r + 1] - all.row_start[r];
                        TH_CHECK(t, sh.labels[row] == all.labels[r] && sh.row_start[row + 1] - sh.row_start[row] == n1);
                        for (j = 0; j < n1; j++)
                            TH_CHECK(t, sh.attr_id[sh.row_start[row] + j] == all.attr_id[all.row_start[r] + j] &&
                                            sh.attr_val[sh.row_start[row] + j] == all.attr_val[all.row_start[r] + j]);
                        taken[r]++;
                    }
                }
                TH_CHECK(t, row == sh.n);
                ssvm_svmlight_data_uninit(&sh);
            }
            for (k = 0; k < all.n && taken; k++) TH_CHECKF(t, taken[k] == 1, "K %d: row %d in %d shards", K, k, taken[k]);
            free(taken);
        }
        { /* a bad line in the last example's row: every shard fails there */
            char bad[512];
            ssvm_read_error e0;
            snprintf(bad, sizeof bad, "%s%s", text, hmm ? "1 qid:8 x:1\n" : "1 x:1\n");
            c.shard_count = 0; c.shard_index = 0;
            TH_CHECK(t, rd_svml(hmm, &c, bad, &sh, &e0) == SSVM_ERR_PARSE);
            for (k = 0; k < 3; k++) {
                c.shard_count = 3; c.shard_index = k;
                TH_CHECK(t, rd_svml(hmm, &c, bad, &sh, &e) == SSVM_ERR_PARSE && e.line == e0.line && e.column == e0.column);
            }
        }
        c.shard_count = 3; c.shard_index = 3;
        TH_CHECK(t, rd_svml(hmm, &c, text, &sh, &e) == SSVM_ERR_INVALID_ARG);
        c.shard_index = -1;
        TH_CHECK(t, rd_svml(hmm, &c, text, &sh, &e) == SSVM_ERR_INVALID_ARG);
        c.shard_count = -2; c.shard_index = 0;
        TH_CHECK(t, rd_svml(hmm, &c, text, &sh, &e) == SSVM_ERR_INVALID_ARG);
        c.shard_count = ex_all + 1; c.shard_index = ex_all;
        TH_CHECK(t, rd_svml(hmm, &c, text, &sh, &e) == SSVM_ERR_EMPTY);
        ssvm_svmlight_data_uninit(&all);
    }
}

/* numbers: what strtod gives, for any length of token (a long one is put in canonical form: at most 768 digits
   and a sticky 1); the portable product (STRUCTSVM_FREESTANDING) overflows to inf beyond 10^400 */
static char *rd_num(const char *a, char c, size_t k, const char *b) {
    size_t la = strlen(a), lb = strlen(b);
    char *s = (char *)malloc(la + k + lb + 1);
    if (!s) return 0;
    memcpy(s, a, la); memset(s + la, c, k); memcpy(s + la + k, b, lb + 1);
    return s;
}
static int rd_inf(double x) { return x == HUGE_VAL || x == -HUGE_VAL; } /* not a comparison with DBL_MAX's digits:
                                                                          x87 compares them in long double */
static void test_readers_numbers(th_ctx *t) {
    static const struct { const char *a; char c; size_t k; const char *b; } longs[] = {
        {"1.7976931348623157", '0', 200, "e308"}, {"0.", '0', 1000000, "1e1000000"}, {"1", '0', 1000000, "e-1000000"},
        {"9007199254740993.", '0', 900, "1"}, {"9007199254740993", '0', 900, ""}, {"9007199254740992.", '9', 900, ""},
        {"-0.", '0', 400, "24703282292062327e-307"}, {"1", '0', 5, "e-330"}, {"2.", '5', 1000, "e-1"}};
    unsigned long long x = 88172645463325252ULL;
    char buf[80];
    size_t i;
    int bad = 0, j;
    for (i = 0; i < sizeof longs / sizeof longs[0]; i++) {
        char *s = rd_num(longs[i].a, longs[i].c, longs[i].k, longs[i].b);
        double v = 0, w;
        int r;
        if (!s) { TH_CHECK(t, 0); return; }
        r = ssvm__parse_num(s, strlen(s), &v);
        w = strtod(s, 0);
        TH_CHECKF(t, r == (rd_inf(w) ? -2 : 0) && v == w, "%.40s... (%u chars): %d %.17g, strtod %.17g", s, (unsigned)strlen(s), r, v, w);
        free(s);
    }
    for (i = 0; i < 100000; i++) { /* 15-44 random digits, a point somewhere, an exponent in [-350, 349] */
        int nd, p = 0, dot;
        double v = 0, w;
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        nd = 15 + (int)(x % 30); dot = (int)(x / 30 % 40);
        for (j = 0; j < nd; j++) {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            buf[p++] = (char)('0' + (int)(x % 10));
            if (j == dot) buf[p++] = '.';
        }
        sprintf(buf + p, "e%d", (int)(x / 10 % 700) - 350);
        w = strtod(buf, 0);
        if (ssvm__parse_num(buf, strlen(buf), &v) != (rd_inf(w) ? -2 : 0) || (!rd_inf(w) && v != w)) {
            if (bad++ < 3) TH_CHECKF(t, 0, "%s: %.17g, strtod %.17g", buf, v, w);
        }
    }
    TH_CHECKF(t, bad == 0, "%d of 100000 random numbers differ from strtod", bad);
    TH_CHECK(t, rd_inf(ssvm__num_product(1, 401)) && ssvm__num_product(1, -401) == 0);
    TH_CHECK(t, rd_inf(ssvm__num_product(18, 308)) && ssvm__num_product(5, -300) > 0);
    TH_CHECK(t, fabs(ssvm__num_product(1234567, 200) / 1.234567e206 - 1) < 1e-14);
}

void suite_readers(th_ctx *t) {
    TH_RUN(t, test_readers_numbers);
    TH_RUN(t, test_readers_svmlight);
    TH_RUN(t, test_readers_svmhmm);
    TH_RUN(t, test_readers_conll);
    TH_RUN(t, test_readers_template);
    TH_RUN(t, test_readers_template_expand);
    TH_RUN(t, test_readers_arff);
    TH_RUN(t, test_readers_alloc_failures);
    TH_RUN(t, test_readers_path);
    TH_RUN(t, test_readers_unlabelled);
    TH_RUN(t, test_readers_scene_yeast);
    TH_RUN(t, test_readers_conll2000);
    TH_RUN(t, test_readers_shard);
}
