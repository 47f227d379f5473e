/* tests/user_chain.h: the built-in chain model (ssvm_chain) written again as a *user model*, against the public
 * API only: the data in a public ssvm_chain_config, the oracle on the public ssvm_viterbi, phi and expand into the
 * public ssvm_svec, and every optional callback the built-in sets, the statistics interface included
 * (stat_support, stat_expand_at, stat_scores, stat_gram, stat_norm2, stat_move). The arithmetic follows the
 * built-in's, operation for operation (the same products and sums in the same order), so that BCFW on it takes the
 * same path to the same iterates: tests/test_user_chain.c checks this, bench/user_chain.c times a pass of each.
 *
 *   uc_chain m;  ssvm_problem p;
 *   uc_chain_init(&m, &cfg);         // cfg: dense x or sparse attr_*, flags SSVM_CHAIN_*; it must outlive m
 *   uc_chain_problem(&m, &p);        // every callback, user = &m, scratch_in_user = 1
 *   ...  uc_chain_free(&m);
 *
 * Where it is not the built-in: dense x's non-zeros are compacted at init (the built-in: at its first oracle call,
 * so its stat_gram refuses with SSVM_ERR_NOT_SUPPORTED until then; mini-batch BCFW without per-slot users asks
 * before any oracle call, and the built-in's first batch builds D where this model's is in score space: the same
 * iterates to rounding); the Gram cache's layout lives in the model, not in the cache (a smaller cache);
 * config.inputs_from is ignored (each model object compacts its own copy).
 *
 * Include after ../structsvm.h (declarations only is enough). Every function is static; C99 and C++. */
#ifndef SSVM_TEST_USER_CHAIN_H
#define SSVM_TEST_USER_CHAIN_H
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <stdint.h>
#ifdef STRUCTSVM_USE_BLAS
#include <cblas.h> /* the built-in's dense scores are a GEMM in BLAS builds: so are these (the same bits) */
#endif

#if defined(__GNUC__) || defined(__clang__)
#define UC_FN static __attribute__((unused)) /* a program may use only some of these */
#define UC_PREFETCH(p) __builtin_prefetch(p)  /* a hint, as the built-in's: no effect on any result */
#else
#define UC_FN static
#define UC_PREFETCH(p) ((void)(p))
#endif
/* x86: the oracle's hot functions start on a cache line, as the built-in's (SSVM__HOT): without it the sparse
   oracle's speed depends on where the code lands (bench/user_chain.c measured the user model 17% slower on sparse
   OCR from placement alone) */
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define UC_HOT __attribute__((aligned(64)))
#else
#define UC_HOT
#endif
#define UC_PF_AHEAD 16   /* sparse attribute-major scores: the row of w 16 features ahead, its first 256 bytes */
#define UC_PF_BYTES 256
#define UC_TRI(t, u) ((size_t)(u) * (size_t)((u) + 1) / 2 + (size_t)(t)) /* Gram entry (t, u), t <= u */

typedef struct uc_chain {
    const ssvm_chain_config *cfg; /* the data (read, never copied: it must outlive the model) */
    int K, F, to, max_len;        /* labels, attributes, where the transitions start in w, the longest sequence */
    int am, biases, counted;      /* the flags SSVM_CHAIN_ATTR_MAJOR, _BIASES, _COUNTED_LOSS */
    /* dense x's non-zeros, compacted at init in x's order: position p's are nz_idx/nz_val[nz_start[q] ..
       nz_start[q + 1]), q = p - start[0] (NULL for sparse input) */
    size_t *nz_start;
    int *nz_idx;
    ssvm_real *nz_val;
    ssvm_real *u;                 /* the last oracle (or decode) call's unary scores, loss included, max_len * K */
    void *vit;                    /* ssvm_viterbi's work for max_len positions */
    size_t vit_bytes;
    /* the Gram cache's layout (offsets from its 16-aligned base): [Gram doubles][n + 1 sequence offsets]
       [F reals: a zeroed row][K list heads][max stat_dim links]; gram_bytes 0: no score-space step */
    size_t gram_bytes, g_G, g_off, g_row, g_head, g_link;
} uc_chain;

/* a row's attribute list: position p's ids and values (val NULL: ones) in [*b, *e) */
UC_FN void uc_row(const uc_chain *m, int p, size_t *b, size_t *e, const int **id, const ssvm_real **val) {
    if (m->nz_start) {
        size_t q = (size_t)(p - m->cfg->start[0]);
        *b = m->nz_start[q]; *e = m->nz_start[q + 1]; *id = m->nz_idx; *val = m->nz_val;
    } else {
        *b = (size_t)m->cfg->attr_start[p]; *e = (size_t)m->cfg->attr_start[p + 1];
        *id = m->cfg->attr_id; *val = m->cfg->attr_val;
    }
}
UC_FN int uc_finite(double x) { return x - x == 0; }
UC_FN unsigned char *uc_align16(void *p) {
    uintptr_t a = (uintptr_t)p;
    return (unsigned char *)p + ((16u - (unsigned)(a & 15u)) & 15u);
}

/* ---------------------------------------------------------------- set-up */
/* the Gram cache's size, by the built-in's rule: only where no sequence passes 4,096 positions, the matrices'
   sum_i L_i (L_i + 1) / 2 doubles stay within 2 (d + sum_i stat_dim(i)) and the whole fits a quarter of size_t */
UC_FN void uc_gram_layout(uc_chain *m) {
    const ssvm_chain_config *c = m->cfg;
    int K = m->K, i;
    double gd = 0, total = 0, bytes, d = (double)ssvm_chain_dim(c);
    size_t o = 0, sz[5], *at[5];
    m->gram_bytes = 0;
    for (i = 0; i < c->n; i++) {
        double L = (double)(c->start[i + 1] - c->start[i]);
        if (L > 4096) return;
        gd += L * (L + 1) / 2;
        total += L * K + (double)K * K;
    }
    if (gd > 2.0 * (d + total)) return;
    bytes = gd * sizeof(double) + (c->n + 1.0) * sizeof(size_t) + (double)m->F * sizeof(ssvm_real) +
            (K + (double)m->max_len * K + (double)K * K) * sizeof(int) + 5 * 16;
    if (bytes > 0.25 * (double)(size_t)-1) return;
    sz[0] = (size_t)gd * sizeof(double); sz[1] = ((size_t)c->n + 1) * sizeof(size_t);
    sz[2] = (size_t)m->F * sizeof(ssvm_real); sz[3] = (size_t)K * sizeof(int);
    sz[4] = ((size_t)m->max_len * (size_t)K + (size_t)K * (size_t)K) * sizeof(int);
    at[0] = &m->g_G; at[1] = &m->g_off; at[2] = &m->g_row; at[3] = &m->g_head; at[4] = &m->g_link;
    for (i = 0; i < 5; i++) { *at[i] = o; o += (sz[i] + 15u) & ~(size_t)15u; }
    m->gram_bytes = o + 16; /* + 16: the cache need not be 16-aligned */
}
UC_FN void uc_chain_free(uc_chain *m) {
    if (!m) return;
    free(m->nz_start); free(m->nz_idx); free(m->nz_val); free(m->u); free(m->vit);
    memset(m, 0, sizeof *m);
}
/* validates the data as the built-in does (offsets, labels, attribute ids, finite values) and allocates the
   scratch; an ssvm_result */
UC_FN int uc_chain_init(uc_chain *m, const ssvm_chain_config *c) {
    int i, P, L = 0;
    long long k;
    if (!m) return SSVM_ERR_INVALID_ARG;
    memset(m, 0, sizeof *m);
    if (!c) return SSVM_ERR_INVALID_ARG;
    if (c->n <= 0 || c->n_labels <= 0 || c->n_attrs <= 0) return SSVM_ERR_EMPTY;
    if (!c->start || (!c->x && (!c->attr_start || !c->attr_id)) || !c->labels || c->start[0] < 0)
        return SSVM_ERR_INVALID_ARG;
    if (ssvm_chain_dim(c) <= 0) return SSVM_ERR_OVERFLOW;
    for (i = 0; i < c->n; i++) {
        int len = c->start[i + 1] - c->start[i];
        if (len <= 0) return SSVM_ERR_EMPTY;
        if (len > L) L = len;
    }
    P = c->start[c->n];
    for (i = c->start[0]; i < P; i++) if (c->labels[i] < 0 || c->labels[i] >= c->n_labels) return SSVM_ERR_LABEL;
    if (c->x) {
        for (k = (long long)c->start[0] * c->n_attrs; k < (long long)P * c->n_attrs; k++)
            if (!uc_finite((double)c->x[k])) return SSVM_ERR_NONFINITE;
    } else {
        if (c->attr_start[c->start[0]] < 0) return SSVM_ERR_INVALID_ARG;
        for (i = c->start[0]; i < P; i++) if (c->attr_start[i + 1] < c->attr_start[i]) return SSVM_ERR_INVALID_ARG;
        for (k = c->attr_start[c->start[0]]; k < c->attr_start[P]; k++) {
            if (c->attr_id[k] < 0 || c->attr_id[k] >= c->n_attrs) return SSVM_ERR_FEATURE_INDEX;
            if (c->attr_val && !uc_finite((double)c->attr_val[k])) return SSVM_ERR_NONFINITE;
        }
    }
    m->cfg = c; m->K = c->n_labels; m->F = c->n_attrs; m->max_len = L;
    m->am = (c->flags & SSVM_CHAIN_ATTR_MAJOR) != 0;
    m->biases = (c->flags & SSVM_CHAIN_BIASES) != 0;
    m->counted = (c->flags & SSVM_CHAIN_COUNTED_LOSS) != 0;
    m->to = m->K * m->F + (m->biases ? 2 * m->K : 0);
    if (ssvm_viterbi_get_work_size(L, m->K, &m->vit_bytes) != SSVM_OK) return SSVM_ERR_OVERFLOW;
    m->u = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)L * (size_t)m->K);
    m->vit = malloc(m->vit_bytes);
    if (!m->u || !m->vit) { uc_chain_free(m); return SSVM_ERR_OUT_OF_MEMORY; }
    if (c->x) { /* the non-zeros of x, in its order */
        size_t Pn = (size_t)(P - c->start[0]), F = (size_t)m->F, nnz = 0, p, j;
        const ssvm_real *x = c->x + (size_t)c->start[0] * F;
        for (j = 0; j < Pn * F; j++) nnz += x[j] != 0;
        m->nz_start = (size_t *)malloc(sizeof(size_t) * (Pn + 1));
        m->nz_idx = (int *)malloc(sizeof(int) * (nnz ? nnz : 1));
        m->nz_val = (ssvm_real *)malloc(sizeof(ssvm_real) * (nnz ? nnz : 1));
        if (!m->nz_start || !m->nz_idx || !m->nz_val) { uc_chain_free(m); return SSVM_ERR_OUT_OF_MEMORY; }
        nnz = 0;
        for (p = 0; p < Pn; p++) {
            m->nz_start[p] = nnz;
            for (j = 0; j < F; j++)
                if (x[p * F + j] != 0) { m->nz_idx[nnz] = (int)j; m->nz_val[nnz] = x[p * F + j]; nnz++; }
        }
        m->nz_start[Pn] = nnz;
    }
    uc_gram_layout(m);
    return SSVM_OK;
}

/* ---------------------------------------------------------------- the oracle and the decoder */
/* unary scores of sequence i (positions p0 .. p0+L-1) into m->u, then the biases */
UC_FN UC_HOT void uc_scores(const uc_chain *m, const ssvm_real *w, int p0, int L) {
    const ssvm_chain_config *c = m->cfg;
    int K = m->K, F = m->F, t, s, rows = L;
    size_t k, b, e;
    ssvm_real *u = m->u;
#ifdef STRUCTSVM_USE_BLAS
    if (c->x && !m->am) { /* U (L x K) = X (L x F) W^T, W the unary block (K x F), as the built-in */
        if (sizeof(ssvm_real) == sizeof(float))
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, L, K, F, 1.0f,
                        (const float *)(const void *)(c->x + (size_t)p0 * F), F, (const float *)(const void *)w, F,
                        0.0f, (float *)(void *)u, K);
        else
            cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, L, K, F, 1.0,
                        (const double *)(const void *)(c->x + (size_t)p0 * F), F, (const double *)(const void *)w, F,
                        0.0, (double *)(void *)u, K);
        rows = 0; /* the rows done: on to the biases */
    }
#endif
    for (t = 0; t < rows; t++) {
        ssvm_real *ut = u + (size_t)t * K;
        int p = p0 + t;
        const int *id;
        const ssvm_real *val;
        uc_row(m, p, &b, &e, &id, &val);
        if (c->x && !m->am) { /* label-major dense: K dot products over the non-zeros, two chains of adds */
            const int *zi = id + b;
            const ssvm_real *zv = val + b;
            size_t nz = e - b;
            for (s = 0; s < K; s++) {
                const ssvm_real *ws = w + (size_t)s * F;
                ssvm_real a0 = 0, a1 = 0;
                for (k = 0; k + 1 < nz; k += 2) { a0 += ws[zi[k]] * zv[k]; a1 += ws[zi[k + 1]] * zv[k + 1]; }
                if (k < nz) a0 += ws[zi[k]] * zv[k];
                ut[s] = a0 + a1;
            }
        } else if (c->x) { /* attribute-major dense: K weights in a row per non-zero */
            for (s = 0; s < K; s++) ut[s] = 0;
            for (k = b; k < e; k++) {
                const ssvm_real *wa = w + (size_t)id[k] * K;
                ssvm_real v = val[k];
                for (s = 0; s < K; s++) ut[s] += v * wa[s];
            }
        } else if (m->am) { /* attribute-major sparse: rows of w fetched ahead */
            size_t kend = (size_t)c->attr_start[p0 + L], rb = (size_t)K * sizeof(ssvm_real), o;
            if (rb > UC_PF_BYTES) rb = UC_PF_BYTES;
            for (s = 0; s < K; s++) ut[s] = 0;
            for (k = b; k < e; k++) {
                const ssvm_real *wa = w + (size_t)id[k] * K;
                ssvm_real v = val ? val[k] : (ssvm_real)1;
                if (k + UC_PF_AHEAD < kend) { /* the sequence's later features, never past its end */
                    const unsigned char *f = (const unsigned char *)(w + (size_t)id[k + UC_PF_AHEAD] * K);
                    for (o = 0; o < rb; o += 64) UC_PREFETCH(f + o);
                    UC_PREFETCH(f + rb - 1);
                }
                for (s = 0; s < K; s++) ut[s] += v * wa[s];
            }
        } else { /* label-major sparse: K weights F apart */
            for (s = 0; s < K; s++) ut[s] = 0;
            for (k = b; k < e; k++) {
                int a = id[k];
                ssvm_real v = val ? val[k] : (ssvm_real)1;
                for (s = 0; s < K; s++) ut[s] += v * w[(size_t)s * F + a];
            }
        }
    }
    if (m->biases) {
        const ssvm_real *first = w + (size_t)K * F, *last = first + K;
        for (s = 0; s < K; s++) { u[s] += first[s]; u[(size_t)(L - 1) * K + s] += last[s]; }
    }
}
/* plain (aug = 0) or loss-augmented (aug > 0: the Hamming loss weighted by aug) Viterbi on sequence i */
UC_FN UC_HOT int uc_argmax(uc_chain *m, int i, const ssvm_real *w, int *y, ssvm_real aug, ssvm_real *delta) {
    const ssvm_chain_config *c = m->cfg;
    int K = m->K, p0 = c->start[i], L = c->start[i + 1] - p0, t, s, wrong = 0, r;
    uc_scores(m, w, p0, L);
    if (aug > 0) {
        ssvm_real unit = m->counted ? aug : aug / (ssvm_real)L;
        for (t = 0; t < L; t++) {
            int g = c->labels[p0 + t];
            for (s = 0; s < K; s++) if (s != g) m->u[(size_t)t * K + s] += unit;
        }
    }
    if ((r = (int)ssvm_viterbi(L, K, m->u, w + m->to, m->vit, m->vit_bytes, y, NULL)) != SSVM_OK) return r;
    if (delta) {
        for (t = 0; t < L; t++) wrong += y[t] != c->labels[p0 + t];
        *delta = m->counted ? (ssvm_real)wrong : (ssvm_real)wrong / (ssvm_real)L;
    }
    return L;
}
UC_FN UC_HOT int uc_oracle(void *user, int i, const ssvm_real *w, double ws, int *y, ssvm_real *delta) {
    if (!(ws > 0) || !uc_finite(1.0 / ws)) return SSVM_ERR_INVALID_ARG;
    return uc_argmax((uc_chain *)user, i, w, y, ws == 1.0 ? (ssvm_real)1 : (ssvm_real)(1.0 / ws), delta);
}
UC_FN int uc_decode(void *user, int i, const ssvm_real *w, int *y) {
    return uc_argmax((uc_chain *)user, i, w, y, 0, NULL);
}

/* ---------------------------------------------------------------- labels, phi, loss */
UC_FN int uc_truth(void *user, int i, int *y) {
    const uc_chain *m = (const uc_chain *)user;
    int p0 = m->cfg->start[i], L = m->cfg->start[i + 1] - p0, t;
    for (t = 0; t < L; t++) y[t] = m->cfg->labels[p0 + t];
    return L;
}
UC_FN int uc_check_label(const uc_chain *m, int i, const int *y, int len) {
    int t;
    if (len != m->cfg->start[i + 1] - m->cfg->start[i]) return SSVM_ERR_LABEL;
    for (t = 0; t < len; t++) if (y[t] < 0 || y[t] >= m->K) return SSVM_ERR_LABEL;
    return 0;
}
/* out += c x_p (x) e_s, the unary features of label s at position p, through the checked ssvm_svec_add */
UC_FN void uc_add_unary(const uc_chain *m, int p, int s, ssvm_real c, ssvm_svec *out) {
    int K = m->K, F = m->F;
    if (m->nz_start) {
        size_t q = (size_t)(p - m->cfg->start[0]), k, e = m->nz_start[q + 1];
        if (m->am) for (k = m->nz_start[q]; k < e; k++) ssvm_svec_add(out, m->nz_idx[k] * K + s, c * m->nz_val[k]);
        else for (k = m->nz_start[q]; k < e; k++) ssvm_svec_add(out, s * F + m->nz_idx[k], c * m->nz_val[k]);
    } else {
        int b = m->cfg->attr_start[p], nnz = m->cfg->attr_start[p + 1] - b;
        const ssvm_real *v = m->cfg->attr_val ? m->cfg->attr_val + b : NULL;
        if (m->am) ssvm_svec_add_sparse(out, s, K, m->cfg->attr_id + b, v, nnz, c);
        else ssvm_svec_add_sparse(out, s * F, 1, m->cfg->attr_id + b, v, nnz, c);
    }
}
UC_FN int uc_phi(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_svec *out) {
    const uc_chain *m = (const uc_chain *)user;
    const ssvm_chain_config *c = m->cfg;
    int K = m->K, F = m->F, p0 = c->start[i], t, rc;
    if ((rc = uc_check_label(m, i, y, len)) != 0) return rc;
    for (t = 0; t < len; t++) {
        int p = p0 + t;
        if (t + 1 < len && !c->x && m->am) { /* the next position's entries of out, fetched ahead */
            int k, e = c->attr_start[p + 2], j;
            for (k = c->attr_start[p + 1]; k < e; k++) {
                j = c->attr_id[k] * K + y[t + 1];
                if ((unsigned)j < (unsigned)out->d) { UC_PREFETCH(out->mark + j); UC_PREFETCH(out->val + j); }
            }
        }
        uc_add_unary(m, p, y[t], scale, out);
        if (t + 1 < len) ssvm_svec_add(out, m->to + y[t] + K * y[t + 1], scale);
    }
    if (m->biases) {
        ssvm_svec_add(out, K * F + y[0], scale);
        ssvm_svec_add(out, K * F + K + y[len - 1], scale);
    }
    return out->err;
}
UC_FN int uc_loss(void *user, int i, const int *y, int len, ssvm_real *delta) {
    const uc_chain *m = (const uc_chain *)user;
    int p0 = m->cfg->start[i], t, wrong = 0, rc;
    if ((rc = uc_check_label(m, i, y, len)) != 0) return rc;
    for (t = 0; t < len; t++) wrong += y[t] != m->cfg->labels[p0 + t];
    *delta = m->counted ? (ssvm_real)wrong : (ssvm_real)wrong / (ssvm_real)len;
    return 0;
}

/* ---------------------------------------------------------------- compact statistics */
/* s(y) = [one-hot of y_t for each t (L*K), transition counts (K*K)]; the biases read the first and last rows */
UC_FN int uc_stat_dim(void *user, int i) {
    const uc_chain *m = (const uc_chain *)user;
    long long dim = (long long)(m->cfg->start[i + 1] - m->cfg->start[i]) * m->K + (long long)m->K * m->K;
    return dim > INT_MAX ? SSVM_ERR_OVERFLOW : (int)dim;
}
UC_FN int uc_stats(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_real *s) {
    const uc_chain *m = (const uc_chain *)user;
    int K = m->K, t, rc;
    if ((rc = uc_check_label(m, i, y, len)) != 0) return rc;
    for (t = 0; t < len; t++) {
        s[(size_t)t * K + y[t]] += scale;
        if (t + 1 < len) s[(size_t)len * K + y[t] + K * y[t + 1]] += scale;
    }
    return 0;
}
UC_FN int uc_expand(void *user, int i, const ssvm_real *st, ssvm_real scale, ssvm_svec *out) {
    const uc_chain *m = (const uc_chain *)user;
    int K = m->K, F = m->F, p0 = m->cfg->start[i], L = m->cfg->start[i + 1] - p0, t, s, q;
    for (t = 0; t < L; t++)
        for (s = 0; s < K; s++) {
            ssvm_real c = st[(size_t)t * K + s];
            if (c == 0) continue;
            c *= scale;
            uc_add_unary(m, p0 + t, s, c, out);
            if (m->biases) {
                if (t == 0) ssvm_svec_add(out, K * F + s, c);
                if (t == L - 1) ssvm_svec_add(out, K * F + K + s, c);
            }
        }
    for (q = 0; q < K * K; q++) {
        ssvm_real c = st[(size_t)L * K + q];
        if (c != 0) ssvm_svec_add(out, m->to + q, c * scale);
    }
    return out->err;
}

/* ---------------------------------------------------------------- the statistics interface */
/* s(y)'s support: the L unary one-hots (ascending), then the transitions' positions sorted, repeats dropped */
UC_FN int uc_stat_support(void *user, int i, const int *y, int len, int *q) {
    const uc_chain *m = (const uc_chain *)user;
    int K = m->K, LK = len * K, n = 0, t, b0, a, v, k, rc;
    if ((rc = uc_check_label(m, i, y, len)) != 0) return rc;
    for (t = 0; t < len; t++) q[n++] = t * K + y[t];
    b0 = n;
    for (t = 0; t + 1 < len; t++) { /* insertion sort: at most L - 1 entries */
        v = LK + y[t] + K * y[t + 1];
        a = n;
        while (a > b0 && q[a - 1] > v) a--;
        if (a > b0 && q[a - 1] == v) continue;
        for (k = n; k > a; k--) q[k] = q[k - 1];
        q[a] = v; n++;
    }
    return n;
}
/* D += c x_p (x) e_s straight into the accumulator's public arrays: the indices are valid by construction (checked
   at init) and a non-finite value shows up in the step's |D|^2, as in the built-in */
UC_FN void uc_unary_into(const uc_chain *m, int p, int s, ssvm_real c, ssvm_svec *D) {
    int base = m->am ? s : s * m->F, stride = m->am ? m->K : 1, nnz = D->nnz;
    const int *id;
    const ssvm_real *val;
    size_t k, b, e;
    unsigned char *mark = D->mark;
    ssvm_real *dv = D->val;
    int *di = D->idx;
    uc_row(m, p, &b, &e, &id, &val);
    if (val)
        for (k = b; k < e; k++) {
            int j = base + stride * id[k];
            ssvm_real x = c * val[k];
            if (mark[j]) dv[j] += x;
            else { mark[j] = 1; di[nnz++] = j; dv[j] = x; }
        }
    else
        for (k = b; k < e; k++) {
            int j = base + stride * id[k];
            if (mark[j]) dv[j] += c;
            else { mark[j] = 1; di[nnz++] = j; dv[j] = c; }
        }
    D->nnz = nnz;
}
UC_FN int uc_stat_expand_at(void *user, int i, const ssvm_real *st, const int *pos, int cnt, ssvm_real scale,
                            ssvm_svec *out) {
    const uc_chain *m = (const uc_chain *)user;
    int K = m->K, F = m->F, p0 = m->cfg->start[i], L = m->cfg->start[i + 1] - p0, LK = L * K, k;
    for (k = 0; k < cnt; k++) {
        int q = pos[k];
        ssvm_real c = st[q];
        if (c == 0) continue;
        if (q < LK) {
            int t = q / K, s = q - t * K;
            c *= scale;
            uc_unary_into(m, p0 + t, s, c, out);
            if (m->biases) {
                if (t == 0) ssvm_svec_add(out, K * F + s, c);
                if (t == L - 1) ssvm_svec_add(out, K * F + K + s, c);
            }
        } else ssvm_svec_add(out, m->to + (q - LK), c * scale);
    }
    return out->err;
}
/* <x_p (x) e_s, w>: the oracle's two chains of adds over the row's non-zeros */
UC_FN double uc_unary_dot(const uc_chain *m, const ssvm_real *w, int p, int s) {
    size_t stride = m->am ? (size_t)m->K : 1, k, b, e;
    const ssvm_real *wb = w + (m->am ? (size_t)s : (size_t)s * (size_t)m->F);
    const int *id;
    const ssvm_real *val;
    ssvm_real a0 = 0, a1 = 0;
    uc_row(m, p, &b, &e, &id, &val);
    if (!val) {
        for (k = b; k + 1 < e; k += 2) { a0 += wb[stride * (size_t)id[k]]; a1 += wb[stride * (size_t)id[k + 1]]; }
        if (k < e) a0 += wb[stride * (size_t)id[k]];
    } else if (stride == 1) {
        for (k = b; k + 1 < e; k += 2) { a0 += wb[id[k]] * val[k]; a1 += wb[id[k + 1]] * val[k + 1]; }
        if (k < e) a0 += wb[id[k]] * val[k];
    } else {
        for (k = b; k + 1 < e; k += 2) {
            a0 += wb[stride * (size_t)id[k]] * val[k];
            a1 += wb[stride * (size_t)id[k + 1]] * val[k + 1];
        }
        if (k < e) a0 += wb[stride * (size_t)id[k]] * val[k];
    }
    return (double)a0 + (double)a1;
}
/* score[k] = <A_i e_pos[k], w>; fresh: a unary statistic's score is the last oracle call's (at this w, aug = 1)
   with the loss it added taken off */
UC_FN int uc_stat_scores(void *user, int i, const ssvm_real *w, const int *pos, int cnt, int fresh, double *score) {
    const uc_chain *m = (const uc_chain *)user;
    int K = m->K, F = m->F, p0 = m->cfg->start[i], L = m->cfg->start[i + 1] - p0, LK = L * K, k;
    ssvm_real unit = m->counted ? (ssvm_real)1 : (ssvm_real)1 / (ssvm_real)L;
    const int *gold = m->cfg->labels + p0;
    for (k = 0; k < cnt; k++) {
        int q = pos[k];
        if (q >= LK) score[k] = (double)w[m->to + (q - LK)];
        else if (fresh) score[k] = (double)m->u[q] - (q % K != gold[q / K] ? (double)unit : 0.0);
        else {
            int t = q / K, c = q - t * K;
            double v = uc_unary_dot(m, w, p0 + t, c);
            if (m->biases) {
                if (t == 0) v += (double)w[(size_t)K * F + (size_t)c];
                if (t == L - 1) v += (double)w[(size_t)K * F + K + (size_t)c];
            }
            score[k] = v;
        }
    }
    return 0;
}
/* cache NULL: its size. Else each sequence's Gram matrix <x_t, x_u> (t <= u) and *bound = max(1, max_t |x_t|_1),
   what one row adds to any one weight (a repeated attribute id adds up, as in phi) */
UC_FN int uc_stat_gram(void *user, void *cache, size_t *bytes, double *bound) {
    const uc_chain *m = (const uc_chain *)user;
    const ssvm_chain_config *c = m->cfg;
    unsigned char *base;
    double *Gall, xm = 1;
    size_t *off, k, b, e, b2, e2, go = 0;
    ssvm_real *row;
    int *head, i, t, u;
    const int *id, *id2;
    const ssvm_real *val, *val2;
    if (!cache) { *bytes = m->gram_bytes; return 0; }
    if (!m->gram_bytes || *bytes < m->gram_bytes) return SSVM_ERR_WORKSPACE;
    base = uc_align16(cache);
    Gall = (double *)(void *)(base + m->g_G); off = (size_t *)(void *)(base + m->g_off);
    row = (ssvm_real *)(void *)(base + m->g_row); head = (int *)(void *)(base + m->g_head);
    memset(row, 0, (size_t)m->F * sizeof(ssvm_real));
    for (i = 0; i < m->K; i++) head[i] = -1;
    for (i = 0; i < c->n; i++) {
        int p0 = c->start[i], L = c->start[i + 1] - p0;
        double *G = Gall + go;
        off[i] = go;
        go += (size_t)L * (size_t)(L + 1) / 2;
        for (t = 0; t < L; t++) {
            double l1 = 0;
            uc_row(m, p0 + t, &b, &e, &id, &val);
            for (k = b; k < e; k++) { /* x_t scattered */
                double v = val ? (double)val[k] : 1.0;
                row[id[k]] += (ssvm_real)v;
                l1 += v < 0 ? -v : v;
            }
            if (l1 > xm) xm = l1;
            for (u = t; u < L; u++) {
                double s = 0;
                uc_row(m, p0 + u, &b2, &e2, &id2, &val2);
                for (k = b2; k < e2; k++) s += (double)row[id2[k]] * (val2 ? (double)val2[k] : 1.0);
                G[UC_TRI(t, u)] = s;
            }
            for (k = b; k < e; k++) row[id[k]] = 0;
        }
    }
    off[c->n] = go;
    *bound = xm; /* the biases and transitions add 1 */
    return 0;
}
/* |sum_k a_k A_i e_pos[k]|^2 = sum_c |sum_t a_(t,c) x_t|^2 (+ the biases' and transitions' squares), the cross
   terms of label c from a list of its earlier entries (the cache's heads and links, left reset) */
UC_FN int uc_stat_norm2(void *user, void *cache, int i, const int *pos, const double *av, int cnt, double *out) {
    const uc_chain *m = (const uc_chain *)user;
    unsigned char *base = uc_align16(cache);
    int K = m->K, L = m->cfg->start[i + 1] - m->cfg->start[i], LK = L * K, k, e;
    int *head = (int *)(void *)(base + m->g_head), *link = (int *)(void *)(base + m->g_link);
    const double *G = (const double *)(const void *)(base + m->g_G) + ((const size_t *)(const void *)(base + m->g_off))[i];
    double nrm = 0;
    for (k = 0; k < cnt; k++) {
        int q = pos[k];
        double a = av[k];
        if (q < LK) { /* positions ascend, so the label's earlier entries are at earlier t */
            int t = q / K, c = q - t * K;
            double cross = 0;
            for (e = head[c]; e >= 0; e = link[e]) cross += av[e] * G[UC_TRI(pos[e] / K, t)];
            nrm += a * (a * G[UC_TRI(t, t)] + 2 * cross);
            if (m->biases) nrm += (t == 0) * a * a + (t == L - 1) * a * a;
            link[k] = head[c]; head[c] = k;
        } else nrm += a * a;
    }
    for (k = 0; k < cnt; k++) if (pos[k] < LK) head[pos[k] % K] = -1;
    *out = nrm;
    return 0;
}
/* w += cw sum_k a_k A_i e_pos[k] (and z += cz the same), row by row */
UC_FN int uc_stat_move(void *user, int i, const int *pos, const double *av, int cnt, double cw, ssvm_real *w,
                       double cz, ssvm_real *z) {
    const uc_chain *m = (const uc_chain *)user;
    int K = m->K, F = m->F, p0 = m->cfg->start[i], L = m->cfg->start[i + 1] - p0, LK = L * K, n, zc = z != NULL;
    size_t k, b, e, stride = m->am ? (size_t)K : 1;
    const int *id;
    const ssvm_real *val;
    for (n = 0; n < cnt; n++) {
        int q = pos[n];
        double a = av[n], ga = cw * a, ca = cz * a;
        size_t j;
        if (q >= LK) {
            j = (size_t)m->to + (size_t)(q - LK);
            w[j] += (ssvm_real)ga;
            if (zc) z[j] += (ssvm_real)ca;
        } else {
            int t = q / K, c = q - t * K;
            size_t rowoff = m->am ? (size_t)c : (size_t)c * (size_t)F;
            ssvm_real *wb = w + rowoff, *zb = zc ? z + rowoff : NULL;
            uc_row(m, p0 + t, &b, &e, &id, &val);
            if (!val) {
                if (zc)
                    for (k = b; k < e; k++) {
                        size_t o = stride * (size_t)id[k];
                        wb[o] += (ssvm_real)ga;
                        zb[o] += (ssvm_real)ca;
                    }
                else for (k = b; k < e; k++) wb[stride * (size_t)id[k]] += (ssvm_real)ga;
            } else if (zc)
                for (k = b; k < e; k++) {
                    size_t o = stride * (size_t)id[k];
                    double v = (double)val[k];
                    wb[o] += (ssvm_real)(ga * v);
                    zb[o] += (ssvm_real)(ca * v);
                }
            else for (k = b; k < e; k++) wb[stride * (size_t)id[k]] += (ssvm_real)(ga * (double)val[k]);
            if (m->biases) {
                j = (size_t)K * F + (size_t)c; /* the first position's bias; the last one's K further */
                if (t == 0) { w[j] += (ssvm_real)ga; if (zc) z[j] += (ssvm_real)ca; }
                if (t == L - 1) { w[j + K] += (ssvm_real)ga; if (zc) z[j + K] += (ssvm_real)ca; }
            }
        }
    }
    return 0;
}

/* ---------------------------------------------------------------- the problem */
/* every callback the built-in chain sets, user = m (m initialised; it must outlive the solver); an ssvm_result */
UC_FN int uc_chain_problem(uc_chain *m, ssvm_problem *out) {
    if (!m || !out || !m->cfg || !m->u) return SSVM_ERR_INVALID_ARG;
    *out = ssvm_problem_config_init(m->cfg->n, ssvm_chain_dim(m->cfg), m->max_len);
    out->user = m;
    out->truth = uc_truth; out->phi = uc_phi; out->oracle = uc_oracle; out->decode = uc_decode; out->loss = uc_loss;
    out->stat_dim = uc_stat_dim; out->stats = uc_stats; out->expand = uc_expand;
    out->stat_support = uc_stat_support; out->stat_expand_at = uc_stat_expand_at;
    out->stat_scores = uc_stat_scores;
    if (sizeof(ssvm_real) == sizeof(double)) { /* as the built-in: score space is a double builds' step */
        out->stat_gram = uc_stat_gram; out->stat_norm2 = uc_stat_norm2; out->stat_move = uc_stat_move;
    }
    out->scratch_in_user = 1; /* the oracle's scores live in *m: one model object per thread */
    return SSVM_OK;
}
#endif
