/* examples/ocr_data.h: load, split and synthesise the Taskar et al. (2003) OCR letter data.
 * Public domain. Header-only helper for examples/ocr.c (also used by bench/ and tests/, whose own extras,
 * the letter.data writer and the reference-file readers, are in tests/fixtures_ocr.h); every function is
 * static.
 *
 * Include structsvm.h first (it defines ssvm_real). For .gz files define _POSIX_C_SOURCE 200809L at the top
 * of the .c file so that popen() is declared; without it (or with OCR_HAVE_POPEN defined to 0) .gz is refused.
 *
 * letter.data: one letter per line, TAB-separated, trailing TAB: id, letter a-z, next_id (-1 = last letter
 * of its word), word_id, position (1-based), fold 0-9, then 128 pixels 0/1, row-major 16 rows x 8 columns.
 * A word is a run of consecutive lines ending at next_id == -1. */
#ifndef OCR_DATA_H
#define OCR_DATA_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>

#ifndef OCR_HAVE_POPEN
#if (defined(_POSIX_C_SOURCE) && _POSIX_C_SOURCE >= 2) || defined(__APPLE__)
#define OCR_HAVE_POPEN 1
#else
#define OCR_HAVE_POPEN 0
#endif
#endif

/* Every program uses only some of these helpers; keep -Wunused-function quiet. */
#if defined(__GNUC__) || defined(__clang__)
#define OCR_UNUSED __attribute__((unused))
#else
#define OCR_UNUSED
#endif

enum { OCR_ROWS = 16, OCR_COLS = 8, OCR_PIXELS = 128, OCR_DIM = 129, OCR_LABELS = 26 };
enum { OCR_SMALL = 0, OCR_LARGE = 1 };

typedef struct ocr_data {
    int n_words, n_letters;
    int *word_start;   /* n_words+1 offsets into the letters; word w is letters [word_start[w], word_start[w+1]) */
    int *fold;         /* per word, 0..9 */
    int *label;        /* per letter, 'a'..'z' -> 0..25 */
    ssvm_real *x;      /* n_letters x OCR_DIM: x[16c+r] = p[r][c] (column-major, as BCFWstruct), x[128] = 1 */
} ocr_data;

/* ---- internals ---- */

static OCR_UNUSED void ocr__err(char *err, size_t errlen, const char *name, long line, const char *what) {
    if (!err || errlen == 0) return;
    if (line > 0) snprintf(err, errlen, "%s:%ld: %s", name, line, what);
    else snprintf(err, errlen, "%s: %s", name, what);
}

/* Strict decimal integer filling all of [s, e): optional '-', at most 9 digits, so no overflow is possible. */
static OCR_UNUSED int ocr__int(const char *s, const char *e, long *v) {
    int neg = 0;
    long r = 0;
    if (s < e && *s == '-') { neg = 1; s++; }
    if (s == e || e - s > 9) return -1;
    for (; s < e; s++) {
        if (*s < '0' || *s > '9') return -1;
        r = r * 10 + (*s - '0');
    }
    *v = neg ? -r : r;
    return 0;
}

/* Quote for a POSIX shell: 'a'\''b' ; the result is malloc'ed. */
static OCR_UNUSED char *ocr__shell_quote(const char *s) {
    size_t n = strlen(s), i, k = 0;
    char *q = (char *)malloc(4 * n + 3);
    if (!q) return NULL;
    q[k++] = '\'';
    for (i = 0; i < n; i++) {
        if (s[i] == '\'') { memcpy(q + k, "'\\''", 4); k += 4; }
        else q[k++] = s[i];
    }
    q[k++] = '\'';
    q[k] = '\0';
    return q;
}

/* Slurp a stream: parsing from memory is much faster than per-field stdio calls. */
static OCR_UNUSED int ocr__read_all(FILE *f, char **buf, size_t *len) {
    size_t cap = 1 << 20, n = 0, got;
    char *b = (char *)malloc(cap), *nb;
    if (!b) return -1;
    for (;;) {
        if (n == cap) {
            if (cap > ((size_t)-1) / 2) { free(b); return -1; }
            nb = (char *)realloc(b, cap * 2);
            if (!nb) { free(b); return -1; }
            b = nb; cap *= 2;
        }
        got = fread(b + n, 1, cap - n, f);
        n += got;
        if (got == 0) break;
    }
    if (ferror(f)) { free(b); return -1; }
    *buf = b; *len = n;
    return 0;
}

/* ---- public API ---- */

/* Free and zero; safe on a zeroed or already freed struct. */
static OCR_UNUSED void ocr_free(ocr_data *d) {
    if (!d) return;
    free(d->word_start); free(d->fold); free(d->label); free(d->x);
    memset(d, 0, sizeof *d);
}

/* Allocate room for n_words words and n_letters letters; word_start[0] = 0. */
static OCR_UNUSED int ocr__alloc(ocr_data *d, int n_words, int n_letters) {
    memset(d, 0, sizeof *d);
    if (n_words < 0 || n_letters < 0 || n_letters > INT_MAX / OCR_DIM) return -1;
    d->word_start = (int *)malloc(((size_t)n_words + 1) * sizeof(int));
    d->fold = (int *)malloc(((size_t)n_words + 1) * sizeof(int));
    d->label = (int *)malloc(((size_t)n_letters + 1) * sizeof(int));
    d->x = (ssvm_real *)malloc(((size_t)n_letters * OCR_DIM + 1) * sizeof(ssvm_real));
    if (!d->word_start || !d->fold || !d->label || !d->x) { ocr_free(d); return -1; }
    d->word_start[0] = 0;
    return 0;
}

/* Parse letter.data text held in memory (need not be NUL-terminated; CRLF accepted). `name` is used in
 * messages. Returns 0, or -1 with "name:line: what" in err; *out is then zeroed. */
static OCR_UNUSED int ocr_parse(const char *buf, size_t len, const char *name, ocr_data *out,
                                char *err, size_t errlen) {
    const char *p = buf, *end = buf + len, *nl, *s, *e, *q;
    size_t n_lines = 0;
    long line = 0, v[6], prev_next = -1, prev_word = 0, prev_fold = 0, pos = 0;
    char msg[160];
    int k, nw = 0, nl_count = 0;
    ssvm_real *xi;

    memset(out, 0, sizeof *out);
    if (len == 0) { ocr__err(err, errlen, name, 1, "empty file, no letters"); return -1; }
    for (q = buf; q < end; q++) {
        q = (const char *)memchr(q, '\n', (size_t)(end - q));
        if (!q) break;
        n_lines++;
    }
    if (end[-1] != '\n') n_lines++;
    if (n_lines > (size_t)(INT_MAX / OCR_DIM - 1)) { ocr__err(err, errlen, name, 0, "too many lines"); return -1; }
    if (ocr__alloc(out, (int)n_lines, (int)n_lines)) { ocr__err(err, errlen, name, 0, "out of memory"); return -1; }

    while (p < end) {
        line++;
        nl = (const char *)memchr(p, '\n', (size_t)(end - p));
        s = p;
        e = nl ? nl : end;
        p = nl ? nl + 1 : end;
        if (e > s && e[-1] == '\r') e--;
        if (e > s && e[-1] == '\t') e--;  /* the file's trailing TAB (optional) */
        if (e == s) { ocr__err(err, errlen, name, line, "empty line"); goto fail; }
        xi = out->x + (size_t)nl_count * OCR_DIM;
        /* fields 0..133; q ends up at the end of each field */
        for (k = 0; k < 6 + OCR_PIXELS; k++) {
            q = (const char *)memchr(s, '\t', (size_t)(e - s));
            if (!q) q = e;
            if (q == e && k < 6 + OCR_PIXELS - 1) {
                snprintf(msg, sizeof msg, "expected 134 TAB-separated fields (6 + 128 pixels), got %d", k + 1);
                ocr__err(err, errlen, name, line, msg); goto fail;
            }
            if (k >= 6) {
                int j = k - 6, r = j / OCR_COLS, c = j % OCR_COLS;
                if (q - s != 1 || (*s != '0' && *s != '1')) {
                    snprintf(msg, sizeof msg, "pixel %d (row %d, col %d) must be 0 or 1", j, r, c);
                    ocr__err(err, errlen, name, line, msg); goto fail;
                }
                xi[OCR_ROWS * c + r] = (ssvm_real)(*s - '0');
            } else if (k == 1) {
                if (q - s != 1 || *s < 'a' || *s > 'z') {
                    ocr__err(err, errlen, name, line, "letter field must be one character a-z"); goto fail;
                }
                v[1] = *s - 'a';
            } else if (ocr__int(s, q, &v[k])) {
                static const char *const fname[6] = { "id", "", "next_id", "word_id", "position", "fold" };
                snprintf(msg, sizeof msg, "field %d (%s) is not an integer", k + 1, fname[k]);
                ocr__err(err, errlen, name, line, msg); goto fail;
            }
            s = q < e ? q + 1 : e;
        }
        if (q != e) {
            ocr__err(err, errlen, name, line, "more than 134 fields (6 + 128 pixels)"); goto fail;
        }
        xi[OCR_PIXELS] = (ssvm_real)1;

        if (v[0] < 1) { ocr__err(err, errlen, name, line, "id must be positive"); goto fail; }
        if (v[2] != -1 && v[2] < 1) { ocr__err(err, errlen, name, line, "next_id must be -1 or a positive id"); goto fail; }
        if (v[5] < 0 || v[5] > 9) { ocr__err(err, errlen, name, line, "fold must be 0-9"); goto fail; }
        if (prev_next != -1) { /* continuing a word */
            if (v[0] != prev_next) {
                snprintf(msg, sizeof msg, "id %ld does not match next_id %ld of the previous line", v[0], prev_next);
                ocr__err(err, errlen, name, line, msg); goto fail;
            }
            if (v[3] != prev_word) { ocr__err(err, errlen, name, line, "word_id changes inside a word"); goto fail; }
            if (v[5] != prev_fold) { ocr__err(err, errlen, name, line, "fold changes inside a word"); goto fail; }
            pos++;
        } else {
            pos = 1;
            out->word_start[nw] = nl_count;
            out->fold[nw] = (int)v[5];
            nw++;
        }
        if (v[4] != pos) {
            snprintf(msg, sizeof msg, "position %ld, expected %ld", v[4], pos);
            ocr__err(err, errlen, name, line, msg); goto fail;
        }
        out->label[nl_count++] = (int)v[1];
        prev_next = v[2]; prev_word = v[3]; prev_fold = v[5];
    }
    if (prev_next != -1) {
        snprintf(msg, sizeof msg, "last word not terminated: next_id %ld but the file ends", prev_next);
        ocr__err(err, errlen, name, line, msg); goto fail;
    }
    out->n_words = nw;
    out->n_letters = nl_count;
    out->word_start[nw] = nl_count;
    return 0;
fail:
    ocr_free(out);
    return -1;
}

/* path "-" = stdin; "*.gz" is read through `gzip -dc`; else fopen. Returns 0, or -1 with "file:line: what"
 * (or "file: what" for I/O errors) in err, *out zeroed. *out is overwritten, not freed. */
static OCR_UNUSED int ocr_load(const char *path, ocr_data *out, char *err, size_t errlen) {
    FILE *f;
    char *buf = NULL;
    size_t len = 0, pl;
    int is_gz, rc, rd;
    const char *name;

    memset(out, 0, sizeof *out);
    if (!path) { ocr__err(err, errlen, "(null)", 0, "no path"); return -1; }
    name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    pl = strlen(path);
    is_gz = pl > 3 && strcmp(path + pl - 3, ".gz") == 0;
    if (strcmp(path, "-") == 0) {
        rd = ocr__read_all(stdin, &buf, &len);
    } else {
        f = fopen(path, "rb");  /* also for .gz: a clear message beats gzip's exit status */
        if (!f) { ocr__err(err, errlen, name, 0, "cannot open"); return -1; }
        if (!is_gz) {
            rd = ocr__read_all(f, &buf, &len);
            fclose(f);
        } else {
#if OCR_HAVE_POPEN
            char *qp = ocr__shell_quote(path), *cmd;
            FILE *pf;
            int st;
            fclose(f);
            cmd = qp ? (char *)malloc(strlen(qp) + 16) : NULL;
            if (!cmd) { free(qp); ocr__err(err, errlen, name, 0, "out of memory"); return -1; }
            strcpy(cmd, "gzip -dc -- ");
            strcat(cmd, qp);
            free(qp);
            fflush(NULL);  /* the child must not inherit unflushed stdio buffers */
            pf = popen(cmd, "r");
            free(cmd);
            if (!pf) { ocr__err(err, errlen, name, 0, "cannot run gzip -dc"); return -1; }
            rd = ocr__read_all(pf, &buf, &len);
            st = pclose(pf);
            if (rd == 0 && st != 0) {
                free(buf);
                ocr__err(err, errlen, name, 0, "gzip -dc failed (corrupt or truncated .gz?)");
                return -1;
            }
#else
            fclose(f);
            ocr__err(err, errlen, name, 0, ".gz needs popen(): define _POSIX_C_SOURCE 200809L, or gunzip first");
            return -1;
#endif
        }
    }
    if (rd) { ocr__err(err, errlen, name, 0, "read error or out of memory"); return -1; }
    rc = ocr_parse(buf, len, name, out, err, errlen);
    free(buf);
    return rc;
}

/* Words of `all` whose fold is in [lo, hi], in order. Returns 0 (possibly with no words) or -1. */
static OCR_UNUSED int ocr_select_folds(const ocr_data *all, int lo, int hi, ocr_data *out) {
    int w, nw = 0, nl = 0, a, b;
    memset(out, 0, sizeof *out);
    if (!all || lo > hi) return -1;
    for (w = 0; w < all->n_words; w++)
        if (all->fold[w] >= lo && all->fold[w] <= hi) { nw++; nl += all->word_start[w + 1] - all->word_start[w]; }
    if (ocr__alloc(out, nw, nl)) return -1;
    nw = 0; nl = 0;
    for (w = 0; w < all->n_words; w++) {
        if (all->fold[w] < lo || all->fold[w] > hi) continue;
        a = all->word_start[w]; b = all->word_start[w + 1];
        memcpy(out->label + nl, all->label + a, (size_t)(b - a) * sizeof(int));
        memcpy(out->x + (size_t)nl * OCR_DIM, all->x + (size_t)a * OCR_DIM,
               (size_t)(b - a) * OCR_DIM * sizeof(ssvm_real));
        out->fold[nw] = all->fold[w];
        nl += b - a;
        out->word_start[++nw] = nl;
    }
    out->n_words = nw;
    out->n_letters = nl;
    return 0;
}

/* OCR_SMALL: train fold 0, test folds 1..9 (BCFWstruct "ocr"); OCR_LARGE: the reverse (ICML 2013 paper). */
static OCR_UNUSED int ocr_split(const ocr_data *all, int which, ocr_data *train, ocr_data *test) {
    int rc;
    memset(train, 0, sizeof *train);
    memset(test, 0, sizeof *test);
    if (which == OCR_SMALL) rc = ocr_select_folds(all, 0, 0, train) || ocr_select_folds(all, 1, 9, test);
    else if (which == OCR_LARGE) rc = ocr_select_folds(all, 1, 9, train) || ocr_select_folds(all, 0, 0, test);
    else return -1;
    if (rc) { ocr_free(train); ocr_free(test); return -1; }
    return 0;
}

/* ---- synthetic data ---- */

typedef struct ocr__rng { unsigned long long s; } ocr__rng;

static OCR_UNUSED unsigned long long ocr__next(ocr__rng *g) {  /* splitmix64 */
    unsigned long long z = (g->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static OCR_UNUSED double ocr__unif(ocr__rng *g) { return (double)(ocr__next(g) >> 11) * (1.0 / 9007199254740992.0); }
static OCR_UNUSED int ocr__below(ocr__rng *g, int n) { return (int)(ocr__next(g) % (unsigned long long)n); }

/* Sample an index from non-negative weights w[0..n-1]. */
static OCR_UNUSED int ocr__pick(ocr__rng *g, const double *w, int n) {
    double tot = 0, u;
    int i;
    for (i = 0; i < n; i++) tot += w[i];
    u = ocr__unif(g) * tot;
    for (i = 0; i < n - 1; i++) { if (u < w[i]) return i; u -= w[i]; }
    return n - 1;
}

typedef struct ocr__model {
    unsigned char tmpl[OCR_LABELS][OCR_PIXELS];    /* row-major p[r][c] = tmpl[8r+c] */
    double start[OCR_LABELS], trans[OCR_LABELS][OCR_LABELS];  /* unnormalised weights */
} ocr__model;

/* 2-pixel-wide Bresenham line: thin 1-pixel strokes would make the templates too sparse. */
static OCR_UNUSED void ocr__line(unsigned char *t, int r0, int c0, int r1, int c1) {
    int dr = r1 > r0 ? r1 - r0 : r0 - r1, dc = c1 > c0 ? c1 - c0 : c0 - c1;
    int sr = r0 < r1 ? 1 : -1, sc = c0 < c1 ? 1 : -1, e = dc - dr, e2;
    for (;;) {
        t[OCR_COLS * r0 + c0] = 1;
        if (c0 + 1 < OCR_COLS) t[OCR_COLS * r0 + c0 + 1] = 1;
        if (r0 == r1 && c0 == c1) break;
        e2 = 2 * e;
        if (e2 > -dr) { e -= dr; c0 += sc; }
        if (e2 < dc) { e += dc; r0 += sr; }
    }
}

/* The fixed generative model (same for every seed, so train and test sets drawn with different seeds match):
 * glyphs are random polylines, re-drawn until they differ from all earlier ones in >= 24 pixels. */
static OCR_UNUSED void ocr__build_model(ocr__model *m) {
    ocr__rng g;
    int k, j, a, tries, ns, r, c, r1, c1, ink, dist, ok;
    g.s = 0x0C12DA7A5EEDULL;
    for (k = 0; k < OCR_LABELS; k++) {
        for (tries = 0; tries < 10000; tries++) {
            memset(m->tmpl[k], 0, OCR_PIXELS);
            ns = 2 + ocr__below(&g, 3);
            r = 2 + ocr__below(&g, 12); c = ocr__below(&g, 7);
            for (j = 0; j < ns; j++) {
                r1 = 2 + ocr__below(&g, 12); c1 = ocr__below(&g, 7);
                ocr__line(m->tmpl[k], r, c, r1, c1);
                r = r1; c = c1;
            }
            if (ocr__below(&g, 3) == 0) {  /* sometimes a detached stroke (a crossbar or a dot) */
                r = 2 + ocr__below(&g, 12); c = ocr__below(&g, 7); c1 = c + ocr__below(&g, 3);
                ocr__line(m->tmpl[k], r, c, r, c1 > 6 ? 6 : c1);
            }
            for (ink = 0, j = 0; j < OCR_PIXELS; j++) ink += m->tmpl[k][j];
            ok = ink >= 20 && ink <= 64;
            for (a = 0; ok && a < k; a++) {
                for (dist = 0, j = 0; j < OCR_PIXELS; j++) dist += m->tmpl[k][j] != m->tmpl[a][j];
                ok = dist >= 24;
            }
            if (ok) break;
        }
    }
    /* Bigram chain: each letter strongly favours three successors, so transitions carry information. */
    for (a = 0; a < OCR_LABELS; a++) {
        m->start[a] = 1.0 + ocr__below(&g, 4);
        for (j = 0; j < OCR_LABELS; j++) m->trans[a][j] = 1.0;
        m->trans[a][ocr__below(&g, OCR_LABELS)] += 30.0;
        m->trans[a][ocr__below(&g, OCR_LABELS)] += 15.0;
        m->trans[a][ocr__below(&g, OCR_LABELS)] += 8.0;
    }
}

/* n_words words of length 3..12 from the fixed model; each pixel flipped with probability `noise`, a quarter
 * of the letters shifted by one pixel; fold = word index mod 10. Deterministic in seed. Returns 0 or -1. */
static OCR_UNUSED int ocr_synthetic(int n_words, double noise, unsigned long long seed, ocr_data *out) {
    ocr__model *m;
    ocr__rng g;
    int w, t, len, y = 0, r, c, sr, sc, j, d, nl = 0;
    memset(out, 0, sizeof *out);
    if (n_words < 0 || n_words > INT_MAX / (12 * OCR_DIM) || !(noise >= 0.0 && noise <= 1.0)) return -1;
    m = (ocr__model *)malloc(sizeof *m);
    if (!m) return -1;
    ocr__build_model(m);
    if (ocr__alloc(out, n_words, 12 * n_words)) { free(m); return -1; }
    g.s = seed;
    for (w = 0; w < n_words; w++) {
        len = 3 + ocr__below(&g, 10);
        for (t = 0; t < len; t++, nl++) {
            ssvm_real *xi = out->x + (size_t)nl * OCR_DIM;
            y = t == 0 ? ocr__pick(&g, m->start, OCR_LABELS) : ocr__pick(&g, m->trans[y], OCR_LABELS);
            out->label[nl] = y;
            sr = sc = 0;
            if (ocr__below(&g, 4) == 0) {  /* one of the 8 neighbouring offsets */
                d = ocr__below(&g, 8);
                if (d >= 4) d++;
                sr = d / 3 - 1; sc = d % 3 - 1;
            }
            for (j = 0; j < OCR_PIXELS; j++) {
                int v;
                r = j / OCR_COLS - sr; c = j % OCR_COLS - sc;
                v = r >= 0 && r < OCR_ROWS && c >= 0 && c < OCR_COLS ? m->tmpl[y][OCR_COLS * r + c] : 0;
                if (ocr__unif(&g) < noise) v = !v;
                xi[OCR_ROWS * (j % OCR_COLS) + j / OCR_COLS] = (ssvm_real)v;
            }
            xi[OCR_PIXELS] = (ssvm_real)1;
        }
        out->fold[w] = w % 10;
        out->word_start[w + 1] = nl;
    }
    out->n_words = n_words;
    out->n_letters = nl;
    free(m);
    {   /* give back the room reserved for all-12-letter words */
        ssvm_real *nx = (ssvm_real *)realloc(out->x, ((size_t)nl * OCR_DIM + 1) * sizeof(ssvm_real));
        int *nlab = (int *)realloc(out->label, ((size_t)nl + 1) * sizeof(int));
        if (nx) out->x = nx;
        if (nlab) out->label = nlab;
    }
    return 0;
}


/* ---- glue to structsvm.h: the OCR chain model and its test errors --------------------------------- */
enum { OCR_MODEL_REFERENCE = 0, /* biases + Hamming normalised by length: the BCFW reference, d = 4,082 */
       OCR_MODEL_COUNTED = 1 }; /* no biases, counted Hamming: most other sequence SVMs, d = 4,030 */
/* Fill a chain configuration over d's words, dense pixels (c->x); it points into d, which must outlive it.
   Then ssvm_chain_init(c, &m) (or ssvm_chain_init_preallocated) and ssvm_chain_problem(&m, &p). */
static OCR_UNUSED void ocr_chain(const ocr_data *d, int model, ssvm_chain_config *c) {
    *c = ssvm_chain_config_init(d->n_words, OCR_LABELS, OCR_DIM, d->word_start, d->label);
    c->flags = model == OCR_MODEL_COUNTED ? SSVM_CHAIN_COUNTED_LOSS : SSVM_CHAIN_BIASES;
    c->x = d->x;
}
/* The same pixels as sparse binary attribute ids (the lit pixels and the constant attribute 128 of each
   letter): the same model and the same w, but the unary scores cost the lit pixels instead of all 129. */
typedef struct ocr_sparse { int *attr_start, *attr_id; } ocr_sparse;
static OCR_UNUSED void ocr_sparse_free(ocr_sparse *s) {
    free(s->attr_start); free(s->attr_id);
    s->attr_start = s->attr_id = NULL;
}
/* Returns 0, or -1 (out of memory, or a pixel value other than 0 or 1: not expressible as binary ids). */
static OCR_UNUSED int ocr_sparse_init(const ocr_data *d, ocr_sparse *s) {
    size_t nz = 0, p, k;
    memset(s, 0, sizeof *s);
    for (p = 0; p < (size_t)d->n_letters * OCR_DIM; p++) {
        if (d->x[p] != 0 && d->x[p] != 1) return -1;
        nz += d->x[p] != 0;
    }
    if (nz > (size_t)INT_MAX) return -1;
    s->attr_start = (int *)malloc(sizeof(int) * ((size_t)d->n_letters + 1));
    s->attr_id = (int *)malloc(sizeof(int) * (nz ? nz : 1));
    if (!s->attr_start || !s->attr_id) { ocr_sparse_free(s); return -1; }
    nz = 0;
    for (p = 0; p < (size_t)d->n_letters; p++) {
        s->attr_start[p] = (int)nz;
        for (k = 0; k < OCR_DIM; k++)
            if (d->x[p * OCR_DIM + k] != 0) s->attr_id[nz++] = (int)k;
    }
    s->attr_start[d->n_letters] = (int)nz;
    return 0;
}
/* ocr_chain over the sparse attributes of ocr_sparse_init(d, s) (attr_val NULL: binary). */
static OCR_UNUSED void ocr_chain_sparse(const ocr_data *d, int model, const ocr_sparse *s, ssvm_chain_config *c) {
    ocr_chain(d, model, c);
    c->x = NULL;
    c->attr_start = s->attr_start; c->attr_id = s->attr_id; c->attr_val = NULL;
}
/* Per-letter error (wrong letters / letters) and per-word error as the reference reports it (the mean over
   words of the fraction of wrong letters), by plain Viterbi decoding with w. m: an initialised model. */
static OCR_UNUSED int ocr_errors(ssvm_chain *m, const ssvm_real *w, double *letter_err, double *word_err) {
    ssvm_problem p;
    int i, t, *y = NULL;
    long wrong = 0, total = 0;
    double wsum = 0;
    if (ssvm_chain_problem(m, &p) != SSVM_OK) return -1;
    y = (int *)malloc(sizeof(int) * (size_t)p.max_label_len);
    if (!y) return -1;
    for (i = 0; i < p.n; i++) {
        int L = p.decode(p.user, i, w, y), ww = 0;
        if (L <= 0) { free(y); return -1; }
        for (t = 0; t < L; t++) ww += y[t] != m->config.labels[m->config.start[i] + t];
        wrong += ww; total += L; wsum += (double)ww / L;
    }
    free(y);
    *letter_err = (double)wrong / (double)total;
    *word_err = wsum / p.n;
    return 0;
}

#endif /* OCR_DATA_H */
