/* examples/conll_data.h: CoNLL-2000 text chunking data for the structsvm.h examples and tests.
 * Public domain (unlicense): do what you want with it, no warranty.
 *
 * Header-only; every function is static, every name starts with conll_ (conll_*_ is internal).
 * Reading .gz files needs popen: define _POSIX_C_SOURCE 200809L before the first #include.
 *
 *   conll_corpus c;  conll_dict attrs, labels;  conll_features tr;  char err[256];
 *   if (conll_load("train.txt.gz", &c, err, sizeof err)) { puts(err); ... }
 *   conll_dict_init(&attrs); conll_dict_init(&labels);
 *   conll_featurize(&c, &attrs, &labels, 1, 1, &tr, err, sizeof err);  -- grow=1 on training data
 *   ... conll_featurize(&test, &attrs, &labels, 0, 1, &te, ...)          -- grow=0 on test data
 *   conll_score(&test, predicted_label_ids, &labels, &scores);          -- conlleval's numbers
 *
 * Pieces:
 *   conll_dict     string -> dense int id (0..n-1 in insertion order); open addressing, growable.
 *   conll_corpus   tokens (word, POS, chunk tag as ids into one string table) and sentence offsets.
 *   conll_features the CRF++ chunking template (19 attributes per token) as CSR arrays, labels as ids.
 *   conll_scores   token accuracy and chunk precision / recall / F1, computed as conlleval does.
 *   conll_write    `word POS gold pred` lines, a blank line after each sentence: conlleval's input. */
#ifndef CONLL_DATA_H
#define CONLL_DATA_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <limits.h>
#include <stdint.h>

/* Not every program uses every helper; keep the compilers quiet about the unused ones. */
#if defined(__GNUC__) || defined(__clang__)
#define CONLL_FN static __attribute__((unused))
#else
#define CONLL_FN static
#endif

/* popen is POSIX, not C99: it is declared only when the includer asked for POSIX. */
#if defined(_POSIX_C_SOURCE) || defined(__APPLE__)
#define CONLL_HAVE_POPEN_ 1
#else
#define CONLL_HAVE_POPEN_ 0
#endif

CONLL_FN void conll_err_(char *err, size_t errlen, const char *fmt, ...) {
    va_list ap;
    if (!err || !errlen) return;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* realloc to n elements with an overflow check; NULL on failure (the old block stays valid). */
CONLL_FN void *conll_realloc_(void *p, size_t n, size_t elem) {
    if (n == 0) n = 1;
    if (n > (size_t)-1 / elem) return NULL;
    return realloc(p, n * elem);
}

/* ------------------------------------------------------------------------------------------ */
/* String -> id dictionary.                                                                   */

/* A slot keeps the key's hash next to its id, so a probe compares strings only on a real
 * match and growing the table never rereads the keys. */
typedef struct conll_slot_ { uint32_t hash; int id; /* -1 = empty */ } conll_slot_;

typedef struct conll_dict {
    int n;             /* number of keys; ids are 0..n-1 in insertion order */
    int id_cap;        /* capacity of off[] minus one */
    int cap;           /* hash slots, a power of two, kept at most half full so probes stay short */
    conll_slot_ *slot;
    size_t *off;       /* per id: offset of its NUL-terminated key in buf; off[n] = buf_len */
    char *buf;         /* all keys back to back: one allocation instead of one per key */
    size_t buf_len, buf_cap;
} conll_dict;

CONLL_FN void conll_dict_init(conll_dict *d) {
    d->n = d->id_cap = d->cap = 0;
    d->slot = NULL; d->off = NULL; d->buf = NULL;
    d->buf_len = d->buf_cap = 0;
}

CONLL_FN void conll_dict_free(conll_dict *d) {
    if (!d) return;
    free(d->slot); free(d->off); free(d->buf);
    conll_dict_init(d);
}

/* FNV-1a, then MurmurHash3's 64-bit finaliser: FNV alone leaves the low bits (the ones a
 * power-of-two table uses) poorly mixed for keys that differ only near the end. */
CONLL_FN uint32_t conll_hash_(const char *s, size_t len) {
    uint64_t h = 14695981039346656037ULL;
    size_t i;
    for (i = 0; i < len; i++) { h ^= (unsigned char)s[i]; h *= 1099511628211ULL; }
    h ^= h >> 33; h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33; h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return (uint32_t)h;
}

/* Index of the slot holding key s, or of the empty slot where it would go (linear probing). */
CONLL_FN uint32_t conll_dict_probe_(const conll_dict *d, const char *s, size_t len, uint32_t h) {
    uint32_t mask = (uint32_t)d->cap - 1, i = h & mask;
    for (;;) {
        const conll_slot_ *sl = &d->slot[i];
        if (sl->id < 0) return i;
        if (sl->hash == h && d->off[sl->id + 1] - d->off[sl->id] - 1 == len &&
            memcmp(d->buf + d->off[sl->id], s, len) == 0) return i;
        i = (i + 1) & mask;
    }
}

/* Id of key s[0..len), or -1 if absent. */
CONLL_FN int conll_dict_find(const conll_dict *d, const char *s, size_t len) {
    if (!d || !d->cap) return -1;
    return d->slot[conll_dict_probe_(d, s, len, conll_hash_(s, len))].id;
}

/* Id of key s[0..len), adding it if absent; -1 when out of memory or full (INT_MAX/4 keys).
 * Adding may move the keys, so pointers from conll_dict_str die on the next add. */
CONLL_FN int conll_dict_add(conll_dict *d, const char *s, size_t len) {
    uint32_t h = conll_hash_(s, len), i;
    int id;
    if (d->cap) {
        i = conll_dict_probe_(d, s, len, h);
        if (d->slot[i].id >= 0) return d->slot[i].id;
    }
    if (d->n >= INT_MAX / 4) return -1; /* keeps 2*cap and every size below in int range */
    if (2 * (d->n + 1) > d->cap) {
        int ncap = d->cap ? 2 * d->cap : 64, j;
        uint32_t mask = (uint32_t)ncap - 1;
        conll_slot_ *ns = (conll_slot_ *)conll_realloc_(NULL, (size_t)ncap, sizeof(conll_slot_));
        if (!ns) return -1;
        for (j = 0; j < ncap; j++) { ns[j].hash = 0; ns[j].id = -1; }
        for (j = 0; j < d->cap; j++) {
            uint32_t k;
            if (d->slot[j].id < 0) continue;
            k = d->slot[j].hash & mask;
            while (ns[k].id >= 0) k = (k + 1) & mask;
            ns[k] = d->slot[j];
        }
        free(d->slot);
        d->slot = ns; d->cap = ncap;
    }
    if (d->n + 1 > d->id_cap) {
        int ncap = d->id_cap ? 2 * d->id_cap : 64;
        size_t *no = (size_t *)conll_realloc_(d->off, (size_t)ncap + 1, sizeof(size_t));
        if (!no) return -1;
        d->off = no;
        if (d->id_cap == 0) d->off[0] = 0;
        d->id_cap = ncap;
    }
    if (len + 1 > d->buf_cap - d->buf_len) {
        size_t ncap = d->buf_cap ? d->buf_cap : 4096;
        char *nb;
        while (len + 1 > ncap - d->buf_len) {
            if (ncap > (size_t)-1 / 2) return -1;
            ncap *= 2;
        }
        nb = (char *)conll_realloc_(d->buf, ncap, 1);
        if (!nb) return -1;
        d->buf = nb; d->buf_cap = ncap;
    }
    id = d->n;
    memcpy(d->buf + d->buf_len, s, len);
    d->buf[d->buf_len + len] = '\0';
    d->buf_len += len + 1;
    d->off[id + 1] = d->buf_len;
    /* the table may have grown since the probe above: find the empty slot again */
    i = conll_dict_probe_(d, s, len, h);
    d->slot[i].hash = h;
    d->slot[i].id = id;
    d->n++;
    return id;
}

/* Key of id (NUL-terminated), or NULL if id is out of range. */
CONLL_FN const char *conll_dict_str(const conll_dict *d, int id) {
    if (!d || id < 0 || id >= d->n) return NULL;
    return d->buf + d->off[id];
}

CONLL_FN size_t conll_dict_len(const conll_dict *d, int id) {
    if (!d || id < 0 || id >= d->n) return 0;
    return d->off[id + 1] - d->off[id] - 1;
}

/* ------------------------------------------------------------------------------------------ */
/* Corpus reader.                                                                             */

typedef struct conll_corpus {
    int n_sent, n_tok;
    int *sent_start;          /* n_sent+1: sentence s is tokens sent_start[s] .. sent_start[s+1]-1 */
    int *word, *pos, *chunk;  /* per token: id in strs */
    conll_dict strs;          /* each distinct string of the file stored once */
} conll_corpus;

CONLL_FN void conll_corpus_init(conll_corpus *c) {
    c->n_sent = c->n_tok = 0;
    c->sent_start = c->word = c->pos = c->chunk = NULL;
    conll_dict_init(&c->strs);
}

CONLL_FN void conll_corpus_free(conll_corpus *c) {
    if (!c) return;
    free(c->sent_start); free(c->word); free(c->pos); free(c->chunk);
    conll_dict_free(&c->strs);
    conll_corpus_init(c);
}

/* Strings of token t; valid until the corpus is freed. */
CONLL_FN const char *conll_word(const conll_corpus *c, int t) { return conll_dict_str(&c->strs, c->word[t]); }
CONLL_FN const char *conll_pos(const conll_corpus *c, int t) { return conll_dict_str(&c->strs, c->pos[t]); }
CONLL_FN const char *conll_chunk(const conll_corpus *c, int t) { return conll_dict_str(&c->strs, c->chunk[t]); }

/* Parse text[0..len) (need not be NUL-terminated). name is used in error messages.
 * Lines are `word POS chunk`, columns separated by spaces or tabs; blank (or all-blank) lines end
 * sentences. A trailing CR is ignored, so CRLF files load; the last sentence needs no blank line.
 * Returns 0, or -1 with "name:line: message" in err and *out left empty. */
CONLL_FN int conll_parse(const char *text, size_t len, const char *name, conll_corpus *out,
                         char *err, size_t errlen) {
    const char *p, *end;
    unsigned long line = 0;
    int tok_cap = 0, sent_cap = 0, sent_open = 0;
    conll_corpus c;
    conll_corpus_init(&c);
    if (!out) { conll_err_(err, errlen, "conll_parse: no output corpus"); return -1; }
    conll_corpus_init(out);
    if (!name) name = "<memory>";
    if (!text) { text = ""; len = 0; }
    p = text;
    end = text + len;
    while (p < end) {
        const char *nl = (const char *)memchr(p, '\n', (size_t)(end - p));
        const char *q = p, *e = nl ? nl : end;
        const char *f[3];
        size_t fl[3];
        int nf = 0, k;
        p = nl ? nl + 1 : end;
        line++;
        if (memchr(q, '\0', (size_t)(e - q))) {
            conll_err_(err, errlen, "%s:%lu: NUL byte in line", name, line);
            goto fail;
        }
        while (e > q && (e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t')) e--;
        while (q < e) { /* split on runs of blanks */
            const char *s;
            while (q < e && (*q == ' ' || *q == '\t')) q++;
            if (q == e) break;
            s = q;
            while (q < e && *q != ' ' && *q != '\t') q++;
            if (nf < 3) { f[nf] = s; fl[nf] = (size_t)(q - s); }
            nf++;
        }
        if (nf == 0) { /* sentence break; repeated blank lines are harmless */
            if (sent_open) { c.n_sent++; sent_open = 0; }
            continue;
        }
        if (nf != 3) {
            conll_err_(err, errlen, "%s:%lu: expected 3 columns (word POS chunk), found %d", name, line, nf);
            goto fail;
        }
        if (c.n_tok >= INT_MAX - 1) { conll_err_(err, errlen, "%s:%lu: too many tokens", name, line); goto fail; }
        if (c.n_tok >= tok_cap) {
            int nc = tok_cap ? (tok_cap < INT_MAX / 2 ? 2 * tok_cap : INT_MAX - 1) : 4096;
            int *w = (int *)conll_realloc_(c.word, (size_t)nc, sizeof(int));
            if (w) c.word = w;
            w = w ? (int *)conll_realloc_(c.pos, (size_t)nc, sizeof(int)) : NULL;
            if (w) c.pos = w;
            w = w ? (int *)conll_realloc_(c.chunk, (size_t)nc, sizeof(int)) : NULL;
            if (!w) goto oom;
            c.chunk = w;
            tok_cap = nc;
        }
        if (!sent_open) { /* sent_start[n_sent] = first token, plus room for the closing entry */
            if (c.n_sent + 2 > sent_cap) {
                int nc = sent_cap ? (sent_cap < INT_MAX / 2 ? 2 * sent_cap : INT_MAX) : 1024;
                int *s = (int *)conll_realloc_(c.sent_start, (size_t)nc, sizeof(int));
                if (!s) goto oom;
                c.sent_start = s; sent_cap = nc;
            }
            c.sent_start[c.n_sent] = c.n_tok;
            sent_open = 1;
        }
        for (k = 0; k < 3; k++) {
            int id = conll_dict_add(&c.strs, f[k], fl[k]);
            if (id < 0) goto oom;
            (k == 0 ? c.word : k == 1 ? c.pos : c.chunk)[c.n_tok] = id;
        }
        c.n_tok++;
    }
    if (sent_open) c.n_sent++;
    if (c.n_sent == 0) {
        conll_err_(err, errlen, "%s: no sentences (empty file?)", name);
        goto fail;
    }
    c.sent_start[c.n_sent] = c.n_tok;
    *out = c;
    return 0;
oom:
    conll_err_(err, errlen, "%s:%lu: out of memory", name, line);
fail:
    conll_corpus_free(&c);
    return -1;
}

/* Read all of f into a NUL-terminated heap buffer; NULL on read error or out of memory. */
CONLL_FN char *conll_slurp_(FILE *f, size_t *len) {
    size_t cap = 1 << 16, n = 0, got;
    char *buf = (char *)malloc(cap);
    if (!buf) return NULL;
    for (;;) {
        if (cap - n < 2) {
            char *nb;
            if (cap > (size_t)-1 / 2) { free(buf); return NULL; }
            nb = (char *)realloc(buf, cap * 2);
            if (!nb) { free(buf); return NULL; }
            buf = nb; cap *= 2;
        }
        got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) break;
    }
    if (ferror(f)) { free(buf); return NULL; }
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* Load a CoNLL file: path "-" is stdin, a name ending in ".gz" goes through `gzip -dc`, anything
 * else is read as is. Returns 0, or -1 with "file:line: message" (or "file: message") in err. */
CONLL_FN int conll_load(const char *path, conll_corpus *out, char *err, size_t errlen) {
    FILE *f;
    char *text;
    size_t len = 0, plen;
    int rc, is_pipe = 0, is_stdin;
    if (out) conll_corpus_init(out);
    if (!path || !out) { conll_err_(err, errlen, "conll_load: null argument"); return -1; }
    plen = strlen(path);
    is_stdin = strcmp(path, "-") == 0;
    if (is_stdin) {
        f = stdin;
    } else {
        f = fopen(path, "rb"); /* also for .gz: a clear error before gzip prints its own */
        if (!f) { conll_err_(err, errlen, "%s: cannot open", path); return -1; }
        if (plen >= 3 && strcmp(path + plen - 3, ".gz") == 0) {
#if CONLL_HAVE_POPEN_
            /* Single-quote the path for sh; a quote inside becomes '\'' ; "--" guards a leading '-'.
             * gzip's own message goes to /dev/null: the caller gets ours in err. */
            const char *pre = "gzip -dc -- '", *post = "' 2>/dev/null";
            size_t i, n = strlen(pre);
            char *cmd;
            fclose(f);
            if (plen > ((size_t)-1 - 64) / 4) { conll_err_(err, errlen, "%s: path too long", path); return -1; }
            cmd = (char *)malloc(n + 4 * plen + strlen(post) + 1);
            if (!cmd) { conll_err_(err, errlen, "%s: out of memory", path); return -1; }
            memcpy(cmd, pre, n);
            for (i = 0; i < plen; i++) {
                if (path[i] == '\'') { memcpy(cmd + n, "'\\''", 4); n += 4; }
                else cmd[n++] = path[i];
            }
            strcpy(cmd + n, post);
            f = popen(cmd, "r");
            free(cmd);
            if (!f) { conll_err_(err, errlen, "%s: cannot run gzip", path); return -1; }
            is_pipe = 1;
#else
            fclose(f);
            conll_err_(err, errlen, "%s: .gz needs popen (define _POSIX_C_SOURCE 200809L) or gunzip it first", path);
            return -1;
#endif
        }
    }
    text = conll_slurp_(f, &len);
#if CONLL_HAVE_POPEN_
    if (is_pipe) {
        int st = pclose(f);
        if (text && st != 0) {
            free(text);
            conll_err_(err, errlen, "%s: gzip -dc failed (not gzip data? status %d)", path, st);
            return -1;
        }
    } else
#endif
    if (!is_stdin) fclose(f);
    (void)is_pipe;
    if (!text) { conll_err_(err, errlen, "%s: read error or out of memory", path); return -1; }
    rc = conll_parse(text, len, is_stdin ? "<stdin>" : path, out, err, errlen);
    free(text);
    return rc;
}

/* ------------------------------------------------------------------------------------------ */
/* Features: the CRF++ chunking template.                                                     */

/* U00..U04 word at -2..+2, U05/U06 word bigrams, U10..U14 POS at -2..+2, U15..U18 POS bigrams,
 * U20..U22 POS trigrams. col 0 = word, 1 = POS. */
typedef struct conll_template_ { const char *name; int col, n, off[3]; } conll_template_;
#define CONLL_N_TEMPLATES 19
static const conll_template_ conll_templates_[CONLL_N_TEMPLATES] = {
    {"U00", 0, 1, {-2, 0, 0}}, {"U01", 0, 1, {-1, 0, 0}}, {"U02", 0, 1, {0, 0, 0}},
    {"U03", 0, 1, {1, 0, 0}},  {"U04", 0, 1, {2, 0, 0}},
    {"U05", 0, 2, {-1, 0, 0}}, {"U06", 0, 2, {0, 1, 0}},
    {"U10", 1, 1, {-2, 0, 0}}, {"U11", 1, 1, {-1, 0, 0}}, {"U12", 1, 1, {0, 0, 0}},
    {"U13", 1, 1, {1, 0, 0}},  {"U14", 1, 1, {2, 0, 0}},
    {"U15", 1, 2, {-2, -1, 0}}, {"U16", 1, 2, {-1, 0, 0}}, {"U17", 1, 2, {0, 1, 0}},
    {"U18", 1, 2, {1, 2, 0}},
    {"U20", 1, 3, {-2, -1, 0}}, {"U21", 1, 3, {-1, 0, 1}}, {"U22", 1, 3, {0, 1, 2}}};

typedef struct conll_features {
    int n_sent, n_tok;
    int n_attr;       /* attribute dictionary size after featurizing: attr ids are 0..n_attr-1 */
    int n_labels;     /* label dictionary size after featurizing: label ids are 0..n_labels-1 */
    int *sent_start;  /* n_sent+1, as in the corpus */
    int *attr_start;  /* n_tok+1: token t has attributes attr_id[attr_start[t] .. attr_start[t+1]-1] */
    int *attr_id;     /* at most 19 per token, distinct within a token (every template has its own prefix) */
    int *label;       /* per token: gold label id, or -1 for a tag the label dictionary lacks (only when
                       * grow=0, e.g. test's I-LST). No model can predict it, so count such a token as
                       * an error and leave it out of any loss that indexes by label. */
} conll_features;

CONLL_FN void conll_features_free(conll_features *f) {
    if (!f) return;
    free(f->sent_start); free(f->attr_start); free(f->attr_id); free(f->label);
    f->sent_start = f->attr_start = f->attr_id = f->label = NULL;
    f->n_sent = f->n_tok = f->n_attr = f->n_labels = 0;
}

/* Write attribute string `Uxx:a/b/c` for template tp at token t of sentence [s0, s1) into *buf.
 * Out-of-sentence positions are _B-1, _B-2 before and _B+1, _B+2 after, as CRF++ writes them.
 * Returns the length, or (size_t)-1 when out of memory. */
CONLL_FN size_t conll_attr_key_(const conll_corpus *c, int s0, int s1, int t, const conll_template_ *tp,
                                char **buf, size_t *cap) {
    static const char *const before[2] = {"_B-1", "_B-2"}, *const after[2] = {"_B+1", "_B+2"};
    const char *part[3];
    size_t plen[3], need = 4, n;
    int k;
    for (k = 0; k < tp->n; k++) {
        int u = t + tp->off[k];
        if (u < s0) part[k] = before[s0 - u - 1];
        else if (u >= s1) part[k] = after[u - s1];
        else {
            int id = tp->col == 0 ? c->word[u] : c->pos[u];
            part[k] = conll_dict_str(&c->strs, id);
            plen[k] = conll_dict_len(&c->strs, id);
            need += plen[k] + 1;
            continue;
        }
        plen[k] = 4;
        need += 5;
    }
    if (need > *cap) {
        size_t nc = *cap ? *cap : 256;
        char *nb;
        while (nc < need) nc *= 2;
        nb = (char *)realloc(*buf, nc);
        if (!nb) return (size_t)-1;
        *buf = nb; *cap = nc;
    }
    memcpy(*buf, tp->name, 3);
    (*buf)[3] = ':';
    n = 4;
    for (k = 0; k < tp->n; k++) {
        if (k) (*buf)[n++] = '/';
        memcpy(*buf + n, part[k], plen[k]);
        n += plen[k];
    }
    return n;
}

/* Turn corpus c into features.
 * grow=1 (training): unseen attributes and labels are added to attrs / labels. With min_count > 1
 *   only attributes seen at least min_count times in c are added (counted on c alone).
 * grow=0 (test): attributes missing from attrs are dropped; labels missing from labels become -1.
 * A dictionary rather than feature hashing: ids are exact (no collisions), so weights can be
 * read back per attribute, and CoNLL-2000's ~339k training attributes fit in a few MB.
 * Returns 0, or -1 with a message in err (out of memory, corpus too large); *out is then empty. */
CONLL_FN int conll_featurize(const conll_corpus *c, conll_dict *attrs, conll_dict *labels, int grow,
                             int min_count, conll_features *out, char *err, size_t errlen) {
    conll_features f;
    char *key = NULL;
    size_t key_cap = 0, kl;
    int s, t, k, nnz = 0;
    f.sent_start = f.attr_start = f.attr_id = f.label = NULL;
    f.n_sent = f.n_tok = f.n_attr = f.n_labels = 0;
    if (out) *out = f;
    if (!c || !attrs || !labels || !out) { conll_err_(err, errlen, "conll_featurize: null argument"); return -1; }
    if (c->n_tok > (INT_MAX - 1) / CONLL_N_TEMPLATES) { conll_err_(err, errlen, "conll_featurize: corpus too large"); return -1; }
    f.n_sent = c->n_sent;
    f.n_tok = c->n_tok;
    f.sent_start = (int *)conll_realloc_(NULL, (size_t)c->n_sent + 1, sizeof(int));
    f.attr_start = (int *)conll_realloc_(NULL, (size_t)c->n_tok + 1, sizeof(int));
    f.attr_id = (int *)conll_realloc_(NULL, (size_t)c->n_tok * CONLL_N_TEMPLATES, sizeof(int));
    f.label = (int *)conll_realloc_(NULL, (size_t)c->n_tok, sizeof(int));
    if (!f.sent_start || !f.attr_start || !f.attr_id || !f.label) goto oom;
    if (c->n_sent > 0) memcpy(f.sent_start, c->sent_start, ((size_t)c->n_sent + 1) * sizeof(int));
    else f.sent_start[0] = 0;

    if (grow && min_count > 1) {
        /* Count every attribute in a scratch dictionary, then add the frequent ones in order of
         * first occurrence, so ids do not depend on hash order. */
        conll_dict tmp;
        int *cnt = NULL, cnt_cap = 0, id, bad = 0;
        conll_dict_init(&tmp);
        for (s = 0; s < c->n_sent && !bad; s++)
            for (t = c->sent_start[s]; t < c->sent_start[s + 1] && !bad; t++)
                for (k = 0; k < CONLL_N_TEMPLATES; k++) {
                    kl = conll_attr_key_(c, c->sent_start[s], c->sent_start[s + 1], t, &conll_templates_[k], &key, &key_cap);
                    id = kl == (size_t)-1 ? -1 : conll_dict_add(&tmp, key, kl);
                    if (id >= cnt_cap) {
                        int nc = cnt_cap ? 2 * cnt_cap : 4096, *nb;
                        nb = (int *)conll_realloc_(cnt, (size_t)nc, sizeof(int));
                        if (!nb) { bad = 1; break; }
                        memset(nb + cnt_cap, 0, (size_t)(nc - cnt_cap) * sizeof(int));
                        cnt = nb; cnt_cap = nc;
                    }
                    if (id < 0) { bad = 1; break; }
                    if (cnt[id] < INT_MAX) cnt[id]++;
                }
        for (id = 0; id < tmp.n && !bad; id++)
            if (cnt[id] >= min_count && conll_dict_add(attrs, conll_dict_str(&tmp, id), conll_dict_len(&tmp, id)) < 0) bad = 1;
        free(cnt);
        conll_dict_free(&tmp);
        if (bad) goto oom;
    }

    for (s = 0; s < c->n_sent; s++) {
        int s0 = c->sent_start[s], s1 = c->sent_start[s + 1];
        for (t = s0; t < s1; t++) {
            const char *tag = conll_dict_str(&c->strs, c->chunk[t]);
            size_t tl = conll_dict_len(&c->strs, c->chunk[t]);
            f.attr_start[t] = nnz;
            for (k = 0; k < CONLL_N_TEMPLATES; k++) {
                int id;
                kl = conll_attr_key_(c, s0, s1, t, &conll_templates_[k], &key, &key_cap);
                if (kl == (size_t)-1) goto oom;
                if (grow && min_count <= 1) {
                    id = conll_dict_add(attrs, key, kl);
                    if (id < 0) goto oom;
                } else {
                    id = conll_dict_find(attrs, key, kl);
                }
                if (id >= 0) f.attr_id[nnz++] = id;
            }
            if (grow) {
                f.label[t] = conll_dict_add(labels, tag, tl);
                if (f.label[t] < 0) goto oom;
            } else {
                f.label[t] = conll_dict_find(labels, tag, tl);
            }
        }
    }
    f.attr_start[c->n_tok] = nnz;
    if (nnz < c->n_tok * CONLL_N_TEMPLATES) { /* test data drops attributes: give the rest back */
        int *nb = (int *)conll_realloc_(f.attr_id, (size_t)nnz, sizeof(int));
        if (nb) f.attr_id = nb;
    }
    f.n_attr = attrs->n;
    f.n_labels = labels->n;
    free(key);
    *out = f;
    return 0;
oom:
    free(key);
    conll_features_free(&f);
    conll_err_(err, errlen, "conll_featurize: out of memory");
    return -1;
}

/* ------------------------------------------------------------------------------------------ */
/* Scorer: a re-implementation of conlleval (CoNLL-2000 evaluation script, version 2004-01-26).
 *
 * A tag splits at its first '-' into prefix and type ("B-NP" -> "B","NP"; "O" -> "O",""); like
 * the Perl, a type "0" counts as "" (Perl truthiness). Between consecutive tags (prev, cur):
 *   chunk start: (B,B) (I,B) (O,B) (O,I) (E,E) (E,I) (O,E); or cur is not O/'.' and the type
 *                changes; or cur is '[' or ']'.
 *   chunk end:   (B,B) (B,O) (I,B) (I,O) (E,E) (E,I) (E,O); or prev is not O/'.' and the type
 *                changes; or prev is '[' or ']'.
 * So I-X after O or after a different type starts a chunk; I-X after B-X/I-X continues it. The
 * 2004 script has no rule for S (IOBES): S-X only starts a chunk by a change of type.
 * Each sentence is followed by a boundary step (gold and guess "O", not a token), which closes
 * every B/I chunk; sentences never share a chunk. A gold chunk is correct if the guess starts a
 * chunk of the same type at the same token, and both end at the same token with no type mismatch
 * inside. Precision = correct/guessed chunks, recall = correct/gold chunks, F1 = 2PR/(P+R), and
 * accuracy = tokens whose whole tag is right / tokens; all in percent, 0 when undefined. */

typedef struct conll_type_score {
    const char *type;            /* e.g. "NP"; points into conll_scores' own storage */
    long correct, found_correct, found_guessed;
    double precision, recall, f1;
} conll_type_score;

typedef struct conll_scores {
    long n_tok, correct_tags;
    long found_correct;          /* chunks in the gold tags */
    long found_guessed;          /* chunks in the predicted tags */
    long correct;                /* chunks right in both boundaries and type */
    double accuracy, precision, recall, f1; /* percent, as conlleval prints them */
    int n_types;
    conll_type_score *types;     /* per chunk type, sorted by name as conlleval lists them */
    conll_dict type_names_;
} conll_scores;

CONLL_FN void conll_scores_free(conll_scores *s) {
    if (!s) return;
    free(s->types);
    s->types = NULL; s->n_types = 0;
    conll_dict_free(&s->type_names_);
}

enum { CONLL_TB_, CONLL_TI_, CONLL_TO_, CONLL_TE_, CONLL_TLB_, CONLL_TRB_, CONLL_TDOT_, CONLL_TOTHER_ };

typedef struct conll_eval_ {
    int in_correct, last_c, last_g, last_ct, last_gt;
    long correct, found_c, found_g, tags, tok;
    conll_dict types;            /* chunk type -> id, so type comparisons are int compares */
    long *t_correct, *t_found_c, *t_found_g;
    int t_cap;
} conll_eval_;

CONLL_FN int conll_start_(int pt, int t, int ptype, int type) {
    if ((pt == CONLL_TB_ && t == CONLL_TB_) || (pt == CONLL_TI_ && t == CONLL_TB_) ||
        (pt == CONLL_TO_ && t == CONLL_TB_) || (pt == CONLL_TO_ && t == CONLL_TI_) ||
        (pt == CONLL_TE_ && t == CONLL_TE_) || (pt == CONLL_TE_ && t == CONLL_TI_) ||
        (pt == CONLL_TO_ && t == CONLL_TE_)) return 1;
    if (t != CONLL_TO_ && t != CONLL_TDOT_ && ptype != type) return 1;
    return t == CONLL_TLB_ || t == CONLL_TRB_;
}

CONLL_FN int conll_end_(int pt, int t, int ptype, int type) {
    if ((pt == CONLL_TB_ && t == CONLL_TB_) || (pt == CONLL_TB_ && t == CONLL_TO_) ||
        (pt == CONLL_TI_ && t == CONLL_TB_) || (pt == CONLL_TI_ && t == CONLL_TO_) ||
        (pt == CONLL_TE_ && t == CONLL_TE_) || (pt == CONLL_TE_ && t == CONLL_TI_) ||
        (pt == CONLL_TE_ && t == CONLL_TO_)) return 1;
    if (pt != CONLL_TO_ && pt != CONLL_TDOT_ && ptype != type) return 1;
    return pt == CONLL_TRB_ || pt == CONLL_TLB_;
}

/* Split tag into prefix kind, prefix length and type id; -1 when out of memory. */
CONLL_FN int conll_split_(conll_eval_ *ev, const char *tag, int *kind, size_t *plen) {
    const char *dash = strchr(tag, '-'), *type = dash ? dash + 1 : "";
    size_t tl = strlen(type);
    int id;
    *plen = dash ? (size_t)(dash - tag) : strlen(tag);
    *kind = CONLL_TOTHER_;
    if (*plen == 1) {
        switch (tag[0]) {
        case 'B': *kind = CONLL_TB_; break;
        case 'I': *kind = CONLL_TI_; break;
        case 'O': *kind = CONLL_TO_; break;
        case 'E': *kind = CONLL_TE_; break;
        case '[': *kind = CONLL_TLB_; break;
        case ']': *kind = CONLL_TRB_; break;
        case '.': *kind = CONLL_TDOT_; break;
        default: break;
        }
    }
    if (tl == 1 && type[0] == '0') tl = 0; /* Perl: "0" is false, so conlleval replaces it by "" */
    id = conll_dict_add(&ev->types, type, tl);
    if (id >= ev->t_cap) {
        int nc = ev->t_cap ? 2 * ev->t_cap : 32;
        long *a = (long *)conll_realloc_(ev->t_correct, (size_t)nc, sizeof(long));
        if (a) ev->t_correct = a;
        a = a ? (long *)conll_realloc_(ev->t_found_c, (size_t)nc, sizeof(long)) : NULL;
        if (a) ev->t_found_c = a;
        a = a ? (long *)conll_realloc_(ev->t_found_g, (size_t)nc, sizeof(long)) : NULL;
        if (!a) return -1;
        ev->t_found_g = a;
        memset(ev->t_correct + ev->t_cap, 0, (size_t)(nc - ev->t_cap) * sizeof(long));
        memset(ev->t_found_c + ev->t_cap, 0, (size_t)(nc - ev->t_cap) * sizeof(long));
        memset(ev->t_found_g + ev->t_cap, 0, (size_t)(nc - ev->t_cap) * sizeof(long));
        ev->t_cap = nc;
    }
    return id;
}

/* One line of conlleval's input: gold tag, guessed tag; boundary=1 for a sentence break. */
CONLL_FN int conll_eval_step_(conll_eval_ *ev, const char *gold, const char *guess, int boundary) {
    int c, g, ct, gt, sc, sg;
    size_t cl, gl;
    if ((ct = conll_split_(ev, gold, &c, &cl)) < 0 || (gt = conll_split_(ev, guess, &g, &gl)) < 0) return -1;
    if (ev->in_correct) {
        int ec = conll_end_(ev->last_c, c, ev->last_ct, ct), eg = conll_end_(ev->last_g, g, ev->last_gt, gt);
        if (ec && eg && ev->last_gt == ev->last_ct) {
            ev->in_correct = 0;
            ev->correct++; ev->t_correct[ev->last_ct]++;
        } else if (ec != eg || gt != ct) {
            ev->in_correct = 0;
        }
    }
    sc = conll_start_(ev->last_c, c, ev->last_ct, ct);
    sg = conll_start_(ev->last_g, g, ev->last_gt, gt);
    if (sc && sg && gt == ct) ev->in_correct = 1;
    if (sc) { ev->found_c++; ev->t_found_c[ct]++; }
    if (sg) { ev->found_g++; ev->t_found_g[gt]++; }
    if (!boundary) {
        if (cl == gl && memcmp(gold, guess, cl) == 0 && gt == ct) ev->tags++;
        ev->tok++;
    }
    ev->last_c = c; ev->last_g = g; ev->last_ct = ct; ev->last_gt = gt;
    return 0;
}

CONLL_FN int conll_type_cmp_(const void *a, const void *b) {
    return strcmp(((const conll_type_score *)a)->type, ((const conll_type_score *)b)->type);
}

CONLL_FN double conll_pct_(long num, long den) { return den > 0 ? 100.0 * (double)num / (double)den : 0.0; }
CONLL_FN double conll_f1_(double p, double r) { return p + r > 0 ? 2 * p * r / (p + r) : 0.0; }

/* Score predicted tags against gold tags, both given per token as strings; sentence s is tokens
 * sent_start[s] .. sent_start[s+1]-1. Returns 0, or -1 for a NULL tag or out of memory (*out is
 * then empty).
 * Free *out with conll_scores_free. */
CONLL_FN int conll_score_tags(int n_sent, const int *sent_start, const char *const *gold,
                              const char *const *pred, conll_scores *out) {
    conll_eval_ ev;
    int s, t, i, ok = 1;
    size_t k;
    if (!out) return -1;
    memset(out, 0, sizeof *out);
    conll_dict_init(&out->type_names_);
    out->types = NULL;
    memset(&ev, 0, sizeof ev);
    conll_dict_init(&ev.types);
    ev.t_correct = ev.t_found_c = ev.t_found_g = NULL;
    ev.last_c = ev.last_g = CONLL_TO_; /* conlleval starts as if after an "O" line */
    ev.last_ct = ev.last_gt = conll_split_(&ev, "O", &i, &k);
    if (ev.last_ct < 0 || (n_sent > 0 && (!sent_start || !gold || !pred))) ok = 0;
    for (s = 0; s < n_sent && ok; s++) {
        for (t = sent_start[s]; t < sent_start[s + 1] && ok; t++)
            if (!gold[t] || !pred[t] || conll_eval_step_(&ev, gold[t], pred[t], 0)) ok = 0;
        if (ok && conll_eval_step_(&ev, "O", "O", 1)) ok = 0;
    }
    if (ok && ev.in_correct) { ev.correct++; ev.t_correct[ev.last_ct]++; }
    if (ok) {
        out->types = (conll_type_score *)conll_realloc_(NULL, (size_t)ev.types.n, sizeof(conll_type_score));
        if (!out->types) ok = 0;
    }
    for (i = 0; ok && i < ev.types.n; i++) {
        conll_type_score *ts;
        if (!ev.t_found_c[i] && !ev.t_found_g[i]) continue;
        if (conll_dict_add(&out->type_names_, conll_dict_str(&ev.types, i), conll_dict_len(&ev.types, i)) < 0) { ok = 0; break; }
        ts = &out->types[out->n_types++];
        ts->correct = ev.t_correct[i]; ts->found_correct = ev.t_found_c[i]; ts->found_guessed = ev.t_found_g[i];
        ts->precision = conll_pct_(ts->correct, ts->found_guessed);
        ts->recall = conll_pct_(ts->correct, ts->found_correct);
        ts->f1 = conll_f1_(ts->precision, ts->recall);
    }
    if (ok) {
        /* names are final now, so pointers into the name table stay valid */
        for (i = 0; i < out->n_types; i++) out->types[i].type = conll_dict_str(&out->type_names_, i);
        qsort(out->types, (size_t)out->n_types, sizeof(conll_type_score), conll_type_cmp_);
        out->n_tok = ev.tok; out->correct_tags = ev.tags;
        out->found_correct = ev.found_c; out->found_guessed = ev.found_g; out->correct = ev.correct;
        out->accuracy = conll_pct_(ev.tags, ev.tok);
        out->precision = conll_pct_(ev.correct, ev.found_g);
        out->recall = conll_pct_(ev.correct, ev.found_c);
        out->f1 = conll_f1_(out->precision, out->recall);
    }
    conll_dict_free(&ev.types);
    free(ev.t_correct); free(ev.t_found_c); free(ev.t_found_g);
    if (!ok) { conll_scores_free(out); return -1; }
    return 0;
}

/* Score predicted label ids (ids of the labels dictionary, one per token) against the corpus's
 * gold tags. Gold tags the dictionary lacks (test's I-LST) are scored as strings, so they are
 * simply never matched. Returns 0, or -1 for an out-of-range predicted id or out of memory. */
CONLL_FN int conll_score(const conll_corpus *gold, const int *pred, const conll_dict *labels, conll_scores *out) {
    const char **g, **p;
    int t, rc = -1;
    if (!out) return -1;
    memset(out, 0, sizeof *out);
    conll_dict_init(&out->type_names_);
    out->types = NULL;
    if (!gold || !pred) return -1;
    g = (const char **)conll_realloc_(NULL, (size_t)gold->n_tok, sizeof(char *));
    p = (const char **)conll_realloc_(NULL, (size_t)gold->n_tok, sizeof(char *));
    if (g && p) {
        for (t = 0; t < gold->n_tok; t++) {
            g[t] = conll_chunk(gold, t);
            p[t] = conll_dict_str(labels, pred[t]);
            if (!p[t]) break;
        }
        if (t == gold->n_tok) rc = conll_score_tags(gold->n_sent, gold->sent_start, g, p, out);
    }
    free(g); free(p);
    return rc;
}

/* conlleval's report: overall line, then one line per chunk type. */
CONLL_FN void conll_print_scores(FILE *f, const conll_scores *s) {
    int i;
    fprintf(f, "processed %ld tokens with %ld phrases; found: %ld phrases; correct: %ld.\n",
            s->n_tok, s->found_correct, s->found_guessed, s->correct);
    if (s->n_tok > 0)
        fprintf(f, "accuracy: %6.2f%%; precision: %6.2f%%; recall: %6.2f%%; FB1: %6.2f\n",
                s->accuracy, s->precision, s->recall, s->f1);
    for (i = 0; i < s->n_types; i++)
        fprintf(f, "%17s: precision: %6.2f%%; recall: %6.2f%%; FB1: %6.2f  %ld\n", s->types[i].type,
                s->types[i].precision, s->types[i].recall, s->types[i].f1, s->types[i].found_guessed);
}

/* ------------------------------------------------------------------------------------------ */
/* Writer.                                                                                    */

/* Write `word POS gold pred` per token and a blank line after each sentence: conlleval's input.
 * pred holds label ids of labels; pred == NULL writes the 3-column original instead.
 * Returns 0, or -1 on an out-of-range id or a write error. */
CONLL_FN int conll_write(FILE *f, const conll_corpus *c, const int *pred, const conll_dict *labels) {
    int s, t;
    for (s = 0; s < c->n_sent; s++) {
        for (t = c->sent_start[s]; t < c->sent_start[s + 1]; t++) {
            if (pred) {
                const char *p = conll_dict_str(labels, pred[t]);
                if (!p) return -1;
                fprintf(f, "%s %s %s %s\n", conll_word(c, t), conll_pos(c, t), conll_chunk(c, t), p);
            } else {
                fprintf(f, "%s %s %s\n", conll_word(c, t), conll_pos(c, t), conll_chunk(c, t));
            }
        }
        fputc('\n', f);
    }
    return ferror(f) ? -1 : 0;
}

#endif /* CONLL_DATA_H */
