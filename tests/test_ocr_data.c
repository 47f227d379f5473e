/* tests/test_ocr_data.c: the OCR loader, splits, writer and synthetic generator (examples/ocr_data.h and
 * tests/fixtures_ocr.h). One translation unit of the test program (suite_ocr_data). */
#define _POSIX_C_SOURCE 200809L /* popen, mkstemp */
#include "../structsvm.h"
#include "harness.h"
#include "fixtures_ocr.h"

/* ---- helpers ---- */

/* Path of the real data in buf, or NULL (with the reason printed by th_skip) when it is not available. */
static const char *tocr_real_path(th_ctx *t, char *buf, size_t n) {
    const char *dir = th_shared_dir();
    FILE *f;
    if (!dir) { th_skip(t, "shared dir not found (set SSVM_SHARED)"); return NULL; }
    snprintf(buf, n, "%s/data/ocr/letter.data.gz", dir);
    f = fopen(buf, "rb");
    if (!f) { th_skip(t, "data/ocr/letter.data.gz not found under the shared dir"); return NULL; }
    fclose(f);
    return buf;
}

static int tocr_load_real(th_ctx *t, ocr_data *d) {
    char path[1100], err[512];
    if (!tocr_real_path(t, path, sizeof path)) return -1;
    if (ocr_load(path, d, err, sizeof err)) { TH_CHECKF(t, 0, "load failed: %s", err); return -1; }
    return 0;
}

static int tocr_same(const ocr_data *a, const ocr_data *b) {
    return a->n_words == b->n_words && a->n_letters == b->n_letters &&
           memcmp(a->word_start, b->word_start, ((size_t)a->n_words + 1) * sizeof(int)) == 0 &&
           memcmp(a->fold, b->fold, (size_t)a->n_words * sizeof(int)) == 0 &&
           memcmp(a->label, b->label, (size_t)a->n_letters * sizeof(int)) == 0 &&
           memcmp(a->x, b->x, (size_t)a->n_letters * OCR_DIM * sizeof(ssvm_real)) == 0;
}

/* Write `len` bytes to a fresh /tmp file; its name goes to path (>= 64 bytes). */
static int tocr_tmpwrite(char *path, const char *text, size_t len) {
    int fd;
    FILE *f;
    strcpy(path, "/tmp/ssvm_ocr_test_XXXXXX");
    fd = mkstemp(path);
    if (fd < 0) return -1;
    f = fdopen(fd, "wb");
    if (!f) { remove(path); return -1; }
    if (fwrite(text, 1, len, f) != len) { fclose(f); remove(path); return -1; }
    return fclose(f) ? -1 : 0;
}

/* letter.data text of a small valid synthetic set (NUL-terminated, malloc'ed). */
static char *tocr_valid_text(int n_words, size_t *len) {
    ocr_data d;
    FILE *f = tmpfile();
    char *buf = NULL, *b2;
    size_t n = 0;
    if (!f) return NULL;
    if (ocr_synthetic(n_words, 0.1, 7, &d) == 0 && ocr_write(&d, f) == 0) {
        rewind(f);
        if (ocr__read_all(f, &buf, &n) == 0) {
            b2 = (char *)realloc(buf, n + 1);
            if (b2) { buf = b2; buf[n] = '\0'; } else { free(buf); buf = NULL; }
        }
    }
    ocr_free(&d);
    fclose(f);
    if (len) *len = n;
    return buf;
}

/* Copy of src with field `field` (0-based) of line `line` (1-based) replaced by repl, or deleted with its
 * TAB when repl is NULL. */
static char *tocr_edit(const char *src, int line, int field, const char *repl) {
    const char *p = src, *fs, *fe;
    char *out;
    size_t n = strlen(src), k;
    int i;
    for (i = 1; i < line; i++) { p = strchr(p, '\n'); if (!p) return NULL; p++; }
    for (i = 0; i < field; i++) { p = strchr(p, '\t'); if (!p) return NULL; p++; }
    fs = p;
    fe = fs + strcspn(fs, "\t\n");
    if (!repl && *fe == '\t') fe++;
    out = (char *)malloc(n + (repl ? strlen(repl) : 0) + 1);
    if (!out) return NULL;
    k = (size_t)(fs - src);
    memcpy(out, src, k);
    if (repl) { memcpy(out + k, repl, strlen(repl)); k += strlen(repl); }
    strcpy(out + k, fe);
    return out;
}

/* Load text through a temporary file; returns ocr_load's result, message in err. */
static int tocr_load_text(const char *text, size_t len, ocr_data *d, char *err, size_t errlen) {
    char path[64];
    int rc;
    if (tocr_tmpwrite(path, text, len)) { snprintf(err, errlen, "cannot write temp file"); return -2; }
    rc = ocr_load(path, d, err, errlen);
    remove(path);
    return rc;
}

/* Expect text to be rejected with ":line:" in the message. */
static void tocr_expect_bad(th_ctx *t, const char *text, int line, const char *what, const char *must) {
    ocr_data d;
    char err[512], tag[32];
    int rc;
    if (!text) { TH_CHECKF(t, 0, "%s: could not build the input", what); return; }
    err[0] = '\0';
    rc = tocr_load_text(text, strlen(text), &d, err, sizeof err);
    snprintf(tag, sizeof tag, ":%d:", line);
    TH_CHECKF(t, rc == -1, "%s: rc %d", what, rc);
    TH_CHECKF(t, strstr(err, tag) != NULL, "%s: expected '%s' in \"%s\"", what, tag, err);
    if (must) TH_CHECKF(t, strstr(err, must) != NULL, "%s: expected '%s' in \"%s\"", what, must, err);
    TH_CHECK(t, d.n_words == 0 && d.x == NULL);
    if (t->verbose) printf("    %s -> %s\n", what, err);
    ocr_free(&d);
}

/* ---- real data ---- */

static void test_ocr_data_real_counts(th_ctx *t) {
    static const int words[10] = { 626, 704, 684, 698, 693, 651, 739, 717, 690, 675 };
    static const int letters[10] = { 4617, 5375, 5110, 5353, 5270, 5001, 5583, 5370, 5331, 5142 };
    int fw[10] = { 0 }, fl[10] = { 0 }, cnt[26] = { 0 };
    int w, i, j, bad_x = 0, bad_bias = 0, minlen = 99, maxlen = 0, len;
    ocr_data d;
    if (tocr_load_real(t, &d)) return;
    TH_CHECK(t, d.n_letters == 52152);
    TH_CHECK(t, d.n_words == 6877);
    TH_CHECK(t, d.word_start[0] == 0 && d.word_start[d.n_words] == d.n_letters);
    for (w = 0; w < d.n_words; w++) {
        len = d.word_start[w + 1] - d.word_start[w];
        if (len < minlen) minlen = len;
        if (len > maxlen) maxlen = len;
        TH_CHECK(t, d.fold[w] >= 0 && d.fold[w] <= 9);
        if (d.fold[w] < 0 || d.fold[w] > 9) break;
        fw[d.fold[w]]++;
        fl[d.fold[w]] += len;
    }
    TH_CHECK(t, minlen == 3 && maxlen == 14);
    for (i = 0; i < 10; i++) {
        TH_CHECKF(t, fw[i] == words[i], "fold %d: %d words", i, fw[i]);
        TH_CHECKF(t, fl[i] == letters[i], "fold %d: %d letters", i, fl[i]);
    }
    for (i = 0; i < d.n_letters; i++) {
        const ssvm_real *xi = d.x + (size_t)i * OCR_DIM;
        TH_CHECK(t, d.label[i] >= 0 && d.label[i] < 26);
        if (d.label[i] >= 0 && d.label[i] < 26) cnt[d.label[i]]++;
        for (j = 0; j < OCR_PIXELS; j++) bad_x += xi[j] != 0 && xi[j] != 1;
        bad_bias += xi[OCR_PIXELS] != 1;
    }
    TH_CHECK(t, bad_x == 0);
    TH_CHECK(t, bad_bias == 0);
    TH_CHECK(t, cnt['j' - 'a'] == 189 && cnt['e' - 'a'] == 4955);
    ocr_free(&d);
}

static void test_ocr_data_real_split(th_ctx *t) {
    ocr_data d, tr, te, f3;
    int w, first0 = -1, a, b;
    if (tocr_load_real(t, &d)) return;
    TH_CHECK(t, ocr_split(&d, OCR_SMALL, &tr, &te) == 0);
    TH_CHECK(t, tr.n_words == 626 && tr.n_letters == 4617);
    TH_CHECK(t, te.n_words == 6251 && te.n_letters == 47535);
    for (w = 0; w < tr.n_words; w++) TH_CHECK(t, tr.fold[w] == 0);
    for (w = 0; w < te.n_words; w++) TH_CHECK(t, te.fold[w] >= 1);
    /* file order: the first fold-0 word of the file is the first training word */
    for (w = 0; w < d.n_words && first0 < 0; w++) if (d.fold[w] == 0) first0 = w;
    a = d.word_start[first0]; b = d.word_start[first0 + 1];
    TH_CHECK(t, tr.word_start[1] == b - a);
    TH_CHECK(t, memcmp(tr.label, d.label + a, (size_t)(b - a) * sizeof(int)) == 0);
    TH_CHECK(t, memcmp(tr.x, d.x + (size_t)a * OCR_DIM, (size_t)(b - a) * OCR_DIM * sizeof(ssvm_real)) == 0);
    ocr_free(&tr); ocr_free(&te);

    TH_CHECK(t, ocr_split(&d, OCR_LARGE, &tr, &te) == 0);
    TH_CHECK(t, tr.n_words == 6251 && tr.n_letters == 47535);
    TH_CHECK(t, te.n_words == 626 && te.n_letters == 4617);
    ocr_free(&tr); ocr_free(&te);

    TH_CHECK(t, ocr_select_folds(&d, 3, 3, &f3) == 0);
    TH_CHECK(t, f3.n_words == 698 && f3.n_letters == 5353);
    ocr_free(&f3);
    TH_CHECK(t, ocr_select_folds(&d, 2, 1, &f3) == -1);
    TH_CHECK(t, ocr_split(&d, 7, &tr, &te) == -1);
    ocr_free(&d);
    ocr_free(&d);  /* freeing twice is safe */
}

/* Check x[16c+r] = p[r][c] against our own reading of the raw lines. */
static void test_ocr_data_real_column_major(th_ctx *t) {
    char path[1100], *qp, *cmd, *line;
    static const int want[3] = { 1, 2, 30001 };  /* line numbers; letter 2 is an 'm' */
    int ln = 0, k = 0, j, r, c, mism = 0, checked = 0;
    long v;
    FILE *pf;
    ocr_data d;
    if (tocr_load_real(t, &d)) return;
    tocr_real_path(t, path, sizeof path);
    qp = ocr__shell_quote(path);
    cmd = (char *)malloc(strlen(qp) + 32);
    line = (char *)malloc(4096);
    sprintf(cmd, "gzip -dc -- %s", qp);
    pf = popen(cmd, "r");
    TH_CHECK(t, pf != NULL);
    while (pf && k < 3 && fgets(line, 4096, pf)) {
        char *p = line, *q;
        if (++ln != want[k]) continue;
        k++;
        TH_CHECK(t, d.label[ln - 1] == line[strcspn(line, "\t") + 1] - 'a');
        for (j = 0; j < 6; j++) { p = strchr(p, '\t'); if (p) p++; else break; }
        TH_CHECK(t, p != NULL);
        if (!p) break;
        for (j = 0; j < 128; j++) {
            v = strtol(p, &q, 10);
            p = q + 1;
            r = j / 8; c = j % 8;
            mism += d.x[(size_t)(ln - 1) * OCR_DIM + 16 * c + r] != (ssvm_real)v;
            checked++;
        }
    }
    if (pf) pclose(pf);
    TH_CHECK(t, k == 3 && checked == 3 * 128);
    TH_CHECK(t, mism == 0);
    /* a transposed (row-major) reading would differ on this letter */
    for (mism = 0, j = 0; j < 128; j++)
        mism += d.x[OCR_DIM + j] != d.x[OCR_DIM + 16 * (j % 8) + j / 8];
    TH_CHECK(t, mism > 0);
    free(qp); free(cmd); free(line);
    ocr_free(&d);
}

/* write(load(file)) reproduces letter.data byte for byte (its ids and word_ids are sequential). */
static void test_ocr_data_real_roundtrip(th_ctx *t) {
    char path[1100], tmp[64], err[512], *qp, *cmd, *b1, *b2;
    size_t n1, n2, total = 0;
    int diff = 0;
    FILE *pf, *f;
    ocr_data d, e;
    if (tocr_load_real(t, &d)) return;
    tocr_real_path(t, path, sizeof path);
    strcpy(tmp, "/tmp/ssvm_ocr_rt_XXXXXX");
    {
        int fd = mkstemp(tmp);
        f = fd >= 0 ? fdopen(fd, "w+b") : NULL;
    }
    TH_CHECK(t, f != NULL);
    if (!f) { ocr_free(&d); return; }
    TH_CHECK(t, ocr_write(&d, f) == 0);
    rewind(f);
    qp = ocr__shell_quote(path);
    cmd = (char *)malloc(strlen(qp) + 32);
    sprintf(cmd, "gzip -dc -- %s", qp);
    b1 = (char *)malloc(65536); b2 = (char *)malloc(65536);
    pf = popen(cmd, "r");
    TH_CHECK(t, pf != NULL);
    while (pf) {
        n1 = fread(b1, 1, 65536, pf);
        n2 = fread(b2, 1, n1 ? n1 : 1, f);
        if (n1 != n2 || memcmp(b1, b2, n1)) { diff = 1; break; }
        total += n1;
        if (n1 == 0) break;
    }
    if (pf) pclose(pf);
    fclose(f);
    TH_CHECK(t, !diff);
    TH_CHECK(t, total == 14557249);
    TH_CHECK(t, ocr_load(tmp, &e, err, sizeof err) == 0);
    TH_CHECK(t, tocr_same(&d, &e));
    remove(tmp);
    free(qp); free(cmd); free(b1); free(b2);
    ocr_free(&d); ocr_free(&e);
}

/* ---- synthetic data ---- */

static void test_ocr_data_synthetic_basic(th_ctx *t) {
    ocr_data a, b, c;
    int w, i, j, len, ok = 1, min_dist = 1000, informative = 0, dist, y;
    int *big = (int *)calloc(26 * 26, sizeof(int)), tot[26] = { 0 }, mx[26] = { 0 };
    ocr__model *m = (ocr__model *)malloc(sizeof *m);
    TH_CHECK(t, ocr_synthetic(300, 0.05, 42, &a) == 0);
    TH_CHECK(t, ocr_synthetic(300, 0.05, 42, &b) == 0);
    TH_CHECK(t, ocr_synthetic(300, 0.05, 43, &c) == 0);
    TH_CHECK(t, tocr_same(&a, &b));
    TH_CHECK(t, !tocr_same(&a, &c));
    TH_CHECK(t, a.n_words == 300 && a.word_start[0] == 0 && a.word_start[300] == a.n_letters);
    for (w = 0; w < a.n_words; w++) {
        len = a.word_start[w + 1] - a.word_start[w];
        ok &= len >= 3 && len <= 12 && a.fold[w] == w % 10;
        for (i = a.word_start[w]; i < a.word_start[w + 1]; i++) {
            ok &= a.label[i] >= 0 && a.label[i] < 26 && a.x[(size_t)i * OCR_DIM + 128] == 1;
            for (j = 0; j < 128; j++) ok &= a.x[(size_t)i * OCR_DIM + j] == 0 || a.x[(size_t)i * OCR_DIM + j] == 1;
            if (i > a.word_start[w]) big[26 * a.label[i - 1] + a.label[i]]++;
        }
    }
    TH_CHECK(t, ok);
    /* transitions carry information: for most letters one successor takes a large share */
    for (i = 0; i < 26 * 26; i++) { tot[i / 26] += big[i]; if (big[i] > mx[i / 26]) mx[i / 26] = big[i]; }
    for (i = 0; i < 26; i++) informative += tot[i] >= 20 && mx[i] * 4 > tot[i];
    TH_CHECKF(t, informative >= 15, "%d letters with a dominant successor", informative);
    /* templates are distinct, and with noise 0 an unshifted letter is exactly its template */
    ocr__build_model(m);
    for (i = 0; i < 26; i++)
        for (j = 0; j < i; j++) {
            int k;
            for (dist = 0, k = 0; k < 128; k++) dist += m->tmpl[i][k] != m->tmpl[j][k];
            if (dist < min_dist) min_dist = dist;
        }
    TH_CHECKF(t, min_dist >= 24, "min template distance %d", min_dist);
    ocr_free(&c);
    TH_CHECK(t, ocr_synthetic(50, 0.0, 1, &c) == 0);
    for (dist = 0, i = 0; i < c.n_letters; i++) {
        int same = 1;
        y = c.label[i];
        for (j = 0; j < 128; j++) same &= c.x[(size_t)i * OCR_DIM + 16 * (j % 8) + j / 8] == m->tmpl[y][j];
        dist += same;
    }
    TH_CHECKF(t, dist * 10 > c.n_letters * 6, "%d of %d letters unshifted", dist, c.n_letters);
    ocr_free(&a); ocr_free(&b); ocr_free(&c);
    TH_CHECK(t, ocr_synthetic(-1, 0.1, 1, &c) == -1);
    TH_CHECK(t, ocr_synthetic(5, 1.5, 1, &c) == -1 && c.x == NULL);
    free(big); free(m);
}

static void test_ocr_data_synthetic_roundtrip(th_ctx *t) {
    ocr_data a, b;
    char err[512];
    size_t len;
    char *text = tocr_valid_text(120, &len);
    TH_CHECK(t, text != NULL);
    if (!text) return;
    TH_CHECK(t, ocr_synthetic(120, 0.1, 7, &a) == 0);
    err[0] = '\0';
    TH_CHECKF(t, tocr_load_text(text, len, &b, err, sizeof err) == 0, "%s", err);
    TH_CHECK(t, tocr_same(&a, &b));
    ocr_free(&a); ocr_free(&b);
    free(text);
}

/* ---- malformed input ---- */

static void test_ocr_data_malformed(th_ctx *t) {
    size_t len;
    char *ok = tocr_valid_text(2, &len), *s, *s2, *last;
    int n_lines = 0, i;
    char err[512];
    ocr_data a, b;
    TH_CHECK(t, ok != NULL);
    if (!ok) return;
    for (i = 0; ok[i]; i++) n_lines += ok[i] == '\n';

    s = tocr_edit(ok, 2, 133, NULL);          tocr_expect_bad(t, s, 2, "133 fields", "got 133"); free(s);
    s = tocr_edit(ok, 2, 133, "0\t1");        tocr_expect_bad(t, s, 2, "135 fields", "more than 134"); free(s);
    s = tocr_edit(ok, 2, 10, "");             tocr_expect_bad(t, s, 2, "empty pixel", NULL); free(s);
    s = tocr_edit(ok, 3, 1, "#");             tocr_expect_bad(t, s, 3, "letter #", "a-z"); free(s);
    s = tocr_edit(ok, 3, 1, "ab");            tocr_expect_bad(t, s, 3, "letter ab", NULL); free(s);
    s = tocr_edit(ok, 2, 6 + 40, "2");        tocr_expect_bad(t, s, 2, "pixel 2", "pixel 40 (row 5, col 0)"); free(s);
    s = tocr_edit(ok, 1, 5, "10");            tocr_expect_bad(t, s, 1, "fold 10", NULL); free(s);
    s = tocr_edit(ok, 1, 0, "1x");            tocr_expect_bad(t, s, 1, "id 1x", NULL); free(s);
    s = tocr_edit(ok, 1, 0, "99999999999999999999"); tocr_expect_bad(t, s, 1, "id overflow", NULL); free(s);
    s = tocr_edit(ok, 1, 2, "7");             tocr_expect_bad(t, s, 2, "next_id chain", "next_id 7"); free(s);
    s = tocr_edit(ok, 1, 2, "-5");            tocr_expect_bad(t, s, 1, "next_id -5", NULL); free(s);
    s = tocr_edit(ok, 2, 3, "9");             tocr_expect_bad(t, s, 2, "word_id change", NULL); free(s);
    s = tocr_edit(ok, 2, 5, "3");             tocr_expect_bad(t, s, 2, "fold change", NULL); free(s);
    s = tocr_edit(ok, 2, 4, "5");             tocr_expect_bad(t, s, 2, "position", NULL); free(s);
    tocr_expect_bad(t, "", 1, "empty file", NULL);
    /* a blank line after line 1 */
    s = (char *)malloc(len + 2);
    last = strchr(ok, '\n');
    memcpy(s, ok, (size_t)(last - ok) + 1);
    s[last - ok + 1] = '\n';
    strcpy(s + (last - ok) + 2, last + 1);
    tocr_expect_bad(t, s, 2, "blank line", NULL);
    free(s);
    /* last word not terminated: the final letter points on, or the final line is cut off */
    s = tocr_edit(ok, n_lines, 2, "1000");    tocr_expect_bad(t, s, n_lines, "unterminated (next_id)", NULL); free(s);
    s = (char *)malloc(len + 1);
    strcpy(s, ok);
    s[len - 1] = '\0';
    last = strrchr(s, '\n');
    last[1] = '\0';
    tocr_expect_bad(t, s, n_lines - 1, "unterminated (cut)", "not terminated");
    free(s);

    /* accepted variants: CRLF, no trailing TAB, no final newline */
    TH_CHECK(t, tocr_load_text(ok, len, &a, err, sizeof err) == 0);
    s = (char *)malloc(2 * len + 1);
    for (i = 0, len = 0; ok[i]; i++) { if (ok[i] == '\n') s[len++] = '\r'; s[len++] = ok[i]; }
    s[len] = '\0';
    TH_CHECKF(t, tocr_load_text(s, len, &b, err, sizeof err) == 0, "CRLF: %s", err);
    TH_CHECK(t, tocr_same(&a, &b));
    ocr_free(&b);
    for (i = 0, len = 0; ok[i]; i++) if (!(ok[i] == '\t' && ok[i + 1] == '\n')) s[len++] = ok[i];
    s[len] = '\0';
    TH_CHECKF(t, tocr_load_text(s, len, &b, err, sizeof err) == 0, "no trailing TAB: %s", err);
    TH_CHECK(t, tocr_same(&a, &b));
    ocr_free(&b);
    s2 = tocr_edit(ok, 1, 0, "1");  /* unchanged copy */
    TH_CHECKF(t, tocr_load_text(s2, strlen(s2) - 1, &b, err, sizeof err) == 0, "no final newline: %s", err);
    TH_CHECK(t, tocr_same(&a, &b));
    ocr_free(&a); ocr_free(&b);
    free(s); free(s2); free(ok);
}

/* .gz through a path that needs shell quoting; missing and corrupt files; stdin. */
static void test_ocr_data_paths(th_ctx *t) {
    size_t len;
    char *ok = tocr_valid_text(5, &len), *qp, *qg, *cmd;
    char path[96], gz[100], err[512];
    int fd, rc;
    ocr_data a, b;
    FILE *f;
    TH_CHECK(t, ok != NULL);
    if (!ok) return;
    TH_CHECK(t, ocr_synthetic(5, 0.1, 7, &a) == 0);
    strcpy(path, "/tmp/ssvm ocr 'q' $(x)_XXXXXX");
    fd = mkstemp(path);
    TH_CHECK(t, fd >= 0);
    if (fd < 0) { free(ok); ocr_free(&a); return; }
    f = fdopen(fd, "wb");
    TH_CHECK(t, f && fwrite(ok, 1, len, f) == len);
    if (f) fclose(f);
    sprintf(gz, "%s.gz", path);
    qp = ocr__shell_quote(path); qg = ocr__shell_quote(gz);
    cmd = (char *)malloc(strlen(qp) + strlen(qg) + 32);
    sprintf(cmd, "gzip -c -- %s > %s", qp, qg);
    rc = system(cmd);
    TH_CHECK(t, rc == 0);
    TH_CHECKF(t, ocr_load(gz, &b, err, sizeof err) == 0, "%s", err);
    TH_CHECK(t, tocr_same(&a, &b));
    ocr_free(&b);
    /* stdin */
    if (freopen(path, "rb", stdin)) {
        TH_CHECKF(t, ocr_load("-", &b, err, sizeof err) == 0, "%s", err);
        TH_CHECK(t, tocr_same(&a, &b));
        ocr_free(&b);
    }
    /* a plain file named .gz is corrupt for gzip */
    remove(gz);
    rename(path, gz);
    printf("    (a gzip error message about a bad .gz is expected here)\n");
    fflush(stdout);
    TH_CHECK(t, ocr_load(gz, &b, err, sizeof err) == -1);
    TH_CHECK(t, strstr(err, "gzip") != NULL);
    remove(gz);
    TH_CHECK(t, ocr_load(gz, &b, err, sizeof err) == -1);
    TH_CHECK(t, ocr_load(path, &b, err, sizeof err) == -1);
    TH_CHECK(t, strstr(err, "cannot open") != NULL);
    TH_CHECK(t, b.x == NULL);
    free(ok); free(qp); free(qg); free(cmd);
    ocr_free(&a);
}

/* Random byte edits and truncations of a valid file: the parser must return 0 or -1, never crash. */
static void test_ocr_data_fuzz(th_ctx *t) {
    size_t len, n, i;
    char *ok = tocr_valid_text(4, &len), *s, err[256];
    static const char alphabet[] = "01\t\n\r-9a#z ";
    ocr__rng g;
    int it, k, rc, n_ok = 0, sane = 1;
    ocr_data d;
    TH_CHECK(t, ok != NULL);
    if (!ok) return;
    s = (char *)malloc(len + 1);
    g.s = 12345;
    for (it = 0; it < 3000; it++) {
        memcpy(s, ok, len);
        n = len;
        for (k = 1 + ocr__below(&g, 3); k > 0; k--)
            s[ocr__below(&g, (int)len)] = alphabet[ocr__below(&g, (int)sizeof alphabet - 1)];
        if (ocr__below(&g, 4) == 0) n = (size_t)ocr__below(&g, (int)len + 1);
        err[0] = '\0';
        rc = ocr_parse(s, n, "fuzz", &d, err, sizeof err);
        if (rc == 0) {
            n_ok++;
            for (i = 0; i < (size_t)d.n_words; i++) sane &= d.word_start[i] < d.word_start[i + 1];
            sane &= d.word_start[d.n_words] == d.n_letters;
        } else {
            sane &= rc == -1 && strncmp(err, "fuzz:", 5) == 0 && d.x == NULL;
        }
        ocr_free(&d);
    }
    TH_CHECK(t, sane);
    TH_CHECK(t, n_ok > 0 && n_ok < 3000);
    free(s); free(ok);
}

void suite_ocr_data(th_ctx *t) {
    TH_RUN(t, test_ocr_data_real_counts);
    TH_RUN(t, test_ocr_data_real_split);
    TH_RUN(t, test_ocr_data_real_column_major);
    TH_RUN(t, test_ocr_data_real_roundtrip);
    TH_RUN(t, test_ocr_data_synthetic_basic);
    TH_RUN(t, test_ocr_data_synthetic_roundtrip);
    TH_RUN(t, test_ocr_data_malformed);
    TH_RUN(t, test_ocr_data_paths);
    TH_RUN(t, test_ocr_data_fuzz);
}
