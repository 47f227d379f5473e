/* tests/fixtures_ocr.h: the OCR helpers only the tests and the benchmarks use, on top of the examples'
 * examples/ocr_data.h (included here): a letter.data writer, and readers for the authors' reference files
 * in ../shared/reference/bcfw_ocr (trajectory CSVs and the .gz example-index sequences; the latter need
 * popen, so define _POSIX_C_SOURCE 200809L before the first #include). Every function is static.
 * Include ../structsvm.h first. */
#ifndef SSVM_TEST_FIXTURES_OCR_H
#define SSVM_TEST_FIXTURES_OCR_H
#include "../examples/ocr_data.h"

/* Write in letter.data format: ids are line numbers, word_ids 1.., trailing TAB, LF; pixel = x > 0.5.
 * Returns 0, or -1 on a bad label/fold or a write error. */
static OCR_UNUSED int ocr_write(const ocr_data *d, FILE *f) {
    char line[512];  /* 6 numbers + 128 "0\t" + newline fits easily */
    int w, i, j, n, id;
    for (w = 0; w < d->n_words; w++) {
        if (d->fold[w] < 0 || d->fold[w] > 9) return -1;
        for (i = d->word_start[w]; i < d->word_start[w + 1]; i++) {
            const ssvm_real *xi = d->x + (size_t)i * OCR_DIM;
            if (d->label[i] < 0 || d->label[i] >= OCR_LABELS) return -1;
            id = i + 1;
            n = snprintf(line, sizeof line, "%d\t%c\t%d\t%d\t%d\t%d\t", id, 'a' + d->label[i],
                         i + 1 < d->word_start[w + 1] ? id + 1 : -1, w + 1, i - d->word_start[w] + 1, d->fold[w]);
            if (n < 0 || n > 100) return -1;
            for (j = 0; j < OCR_PIXELS; j++) {
                line[n++] = xi[OCR_ROWS * (j % OCR_COLS) + j / OCR_COLS] > (ssvm_real)0.5 ? '1' : '0';
                line[n++] = '\t';
            }
            line[n++] = '\n';
            if (fwrite(line, 1, (size_t)n, f) != (size_t)n) return -1;
        }
    }
    return ferror(f) ? -1 : 0;
}

/* ---- the authors' reference files in ../shared/reference/bcfw_ocr --------------------------------- */
/* one CSV row: pass, eff_pass, primal, dual, gap, primal_raw, dual_raw, gap_raw (NaN where absent) */
typedef struct ocr_ref_row { double v[8]; } ocr_ref_row;
static OCR_UNUSED int ocr_read_ref_csv(const char *path, ocr_ref_row *rows, int maxrows) {
    FILE *f = fopen(path, "rb");
    char line[2048];
    int n = 0;
    if (!f) return -1;
    if (!fgets(line, sizeof line, f)) { fclose(f); return -1; }
    while (n < maxrows && fgets(line, sizeof line, f)) {
        char *p = line;
        int k;
        for (k = 0; k < 8; k++) {
            rows[n].v[k] = strtod(p, &p);
            if (*p == ',') p++;
        }
        n++;
    }
    fclose(f);
    return n;
}
/* the reference's example indices (1-based in the file) as 0-based ints; NULL if unreadable */
static OCR_UNUSED int *ocr_read_indices(const char *path, long long *count) {
#if OCR_HAVE_POPEN
    char cmd[1200];
    FILE *f;
    int *seq, v;
    long long n = 0, cap = 1 << 20;
    if (strchr(path, '\'') || strlen(path) > 1000) return NULL;
    snprintf(cmd, sizeof cmd, "gzip -dc -- '%s' 2>/dev/null", path);
    f = popen(cmd, "r");
    if (!f) return NULL;
    seq = (int *)malloc(sizeof(int) * (size_t)cap);
    if (!seq) { pclose(f); return NULL; }
    while (n < cap && fscanf(f, "%d", &v) == 1) seq[n++] = v - 1;
    pclose(f);
    *count = n;
    if (!n) { free(seq); return NULL; }
    return seq;
#else
    (void)path; (void)count;
    return NULL;
#endif
}

#endif /* SSVM_TEST_FIXTURES_OCR_H */
