/* bench/model.c (make bench-model): model file sizes and save / load times for the OCR chain (K = 26 letters,
   F = 128 pixels, biases, label names a..z) and the CoNLL-2000 chunking chain (the attributes and tags of
   examples/chunking.c's featurizer on ../shared/data/conll2000/train.txt.gz, attribute-major, with every
   attribute and label name). Weights are random: size and time do not depend on their values. Times: the best
   of 5 runs, wall clock, from and to memory (no disk). Ends with one RESULT line. */
#define _POSIX_C_SOURCE 200809L
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "../examples/conll_data.h"
#include <time.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
/* size, best save and load seconds of m */
static int measure(const char *name, const ssvm_model *m, size_t *bytes, double *save_s, double *load_s) {
    unsigned char *buf;
    ssvm_model l;
    int rep;
    ssvm_result r;
    *save_s = *load_s = 1e30;
    if ((r = ssvm_model_save_get_size(m, bytes)) != SSVM_OK) { fprintf(stderr, "%s: %s\n", name, ssvm_result_string(r)); return 1; }
    buf = (unsigned char *)malloc(*bytes);
    for (rep = 0; rep < 5; rep++) {
        double t0 = now(), t1;
        if ((r = ssvm_model_save(m, buf, *bytes, NULL)) != SSVM_OK) return 1;
        t1 = now();
        if (t1 - t0 < *save_s) *save_s = t1 - t0;
        t0 = now();
        if ((r = ssvm_model_load(buf, *bytes, SSVM_MODEL_CHAIN, &l)) != SSVM_OK) { fprintf(stderr, "%s\n", ssvm_result_string(r)); return 1; }
        t1 = now();
        if (t1 - t0 < *load_s) *load_s = t1 - t0;
        if (memcmp(l.w, m->w, sizeof(ssvm_real) * (size_t)m->d) != 0) { fprintf(stderr, "%s: weights differ\n", name); return 1; }
        ssvm_model_uninit(&l);
    }
    free(buf);
    printf("| %-8s | %6d | %7d | %9d | %11zu | %9.3f | %9.3f |\n", name, m->n_labels, m->n_attrs, m->d, *bytes,
           1e3 * *save_s, 1e3 * *load_s);
    return 0;
}
int main(int argc, char **argv) {
    const char *shared = argc > 1 ? argv[1] : "../shared";
    static char letters[26][2];
    const char *lnames[26];
    ssvm_real *w;
    ssvm_model m;
    size_t ocr_bytes = 0, conll_bytes = 0;
    double ocr_save, ocr_load, conll_save = 0, conll_load_s = 0;
    unsigned long long s = 1;
    int k;
    char path[4096], err[256];
    printf("| model    | labels | attrs   | weights   | file bytes  | save ms   | load ms   |\n");
    printf("|----------|--------|---------|-----------|-------------|-----------|-----------|\n");
    /* OCR */
    m = ssvm_model_config_init(SSVM_MODEL_CHAIN, 26 * 128 + 2 * 26 + 26 * 26, NULL);
    m.n_labels = 26; m.n_attrs = 128; m.flags = SSVM_CHAIN_BIASES;
    w = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)m.d);
    for (k = 0; k < m.d; k++) { s = s * 6364136223846793005ULL + 1442695040888963407ULL; w[k] = (ssvm_real)((double)(s >> 11) / 9007199254740992.0 - 0.5); }
    for (k = 0; k < 26; k++) { letters[k][0] = (char)('a' + k); letters[k][1] = 0; lnames[k] = letters[k]; }
    m.w = w; m.label_names = lnames; m.n_label_names = 26;
    if (measure("ocr", &m, &ocr_bytes, &ocr_save, &ocr_load)) return 1;
    free(w);
    /* CoNLL-2000 */
    snprintf(path, sizeof path, "%s/data/conll2000/train.txt.gz", shared);
    {
        conll_corpus c;
        conll_dict attrs, labels;
        conll_features f;
        const char **an, **ln;
        conll_dict_init(&attrs); conll_dict_init(&labels);
        if (conll_load(path, &c, err, sizeof err) || conll_featurize(&c, &attrs, &labels, 1, 1, &f, err, sizeof err)) {
            printf("conll: skipped (%s)\n", err);
        } else {
            m = ssvm_model_config_init(SSVM_MODEL_CHAIN, 0, NULL);
            m.n_labels = f.n_labels; m.n_attrs = f.n_attr; m.flags = SSVM_CHAIN_ATTR_MAJOR;
            m.d = f.n_labels * f.n_attr + f.n_labels * f.n_labels;
            w = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)m.d);
            for (k = 0; k < m.d; k++) { s = s * 6364136223846793005ULL + 1442695040888963407ULL; w[k] = (ssvm_real)((double)(s >> 11) / 9007199254740992.0 - 0.5); }
            an = (const char **)malloc(sizeof(char *) * (size_t)f.n_attr);
            ln = (const char **)malloc(sizeof(char *) * (size_t)f.n_labels);
            for (k = 0; k < f.n_attr; k++) an[k] = conll_dict_str(&attrs, k);
            for (k = 0; k < f.n_labels; k++) ln[k] = conll_dict_str(&labels, k);
            m.w = w; m.attr_names = an; m.n_attr_names = f.n_attr; m.label_names = ln; m.n_label_names = f.n_labels;
            if (measure("conll", &m, &conll_bytes, &conll_save, &conll_load_s)) return 1;
            free(w); free(an); free(ln);
            conll_features_free(&f); conll_corpus_free(&c);
        }
        conll_dict_free(&attrs); conll_dict_free(&labels);
    }
    printf("RESULT ocr_bytes=%zu ocr_load_ms=%.3f conll_bytes=%zu conll_load_ms=%.3f real=%s\n", ocr_bytes,
           1e3 * ocr_load, conll_bytes, 1e3 * conll_load_s, sizeof(ssvm_real) == sizeof(float) ? "float" : "double");
    return 0;
}
