/* tests/ocr_export_gen.c: the host half of the OCR firmware test (tools/test_arm_ocr.sh, run by make test-arm). It
   trains the OCR chain (BCFW, reference model with biases, fold 0, 10 passes), exports it with ssvm_model_export_c_FILE
   to DIR/ocr_model.c, and writes DIR/ocr_words.txt: every test word (folds 1-9) with the labels the host model
   predicts (ssvm_model_predict) and its pixels, one line a word: "len y_1 .. y_len hex_1 .. hex_len", hex_t the
   128 pixels of letter t (x[0..127] in the data's order, bit k of the 32 hex digits = x[k]; x[128] is the
   constant 1). tests/ocr_firmware.c, cross-built predict-only, no-malloc, no-stdio for 32-bit ARM, must predict
   the same labels.   usage: ocr_export_gen letter.data[.gz] DIR */
#define _POSIX_C_SOURCE 200809L
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "../examples/ocr_data.h"

int main(int argc, char **argv) {
    ocr_data all, tr, te;
    ssvm_chain_config cfg;
    ssvm_chain ch;
    ssvm_problem p;
    ssvm_solver_config q;
    ssvm_progress fin;
    ssvm_model m;
    ssvm_real *w;
    char err[512], path[4096];
    void *work;
    size_t wb = 0;
    int i, t, k, y[64], len;
    FILE *f;
    ssvm_result r;
    if (argc != 3) { fprintf(stderr, "usage: ocr_export_gen letter.data[.gz] DIR\n"); return 2; }
    if (ocr_load(argv[1], &all, err, sizeof err) != 0) { fprintf(stderr, "ocr_export_gen: %s\n", err); return 1; }
    if (ocr_split(&all, OCR_SMALL, &tr, &te) != 0) return 1;
    ocr_chain(&tr, OCR_MODEL_REFERENCE, &cfg);
    if ((r = ssvm_chain_init(&cfg, &ch)) != SSVM_OK || (r = ssvm_chain_problem(&ch, &p)) != SSVM_OK) goto fail;
    q = ssvm_solver_config_init(&p, SSVM_BCFW);
    q.lambda = 0.01; q.max_passes = 10; q.eval_every = 0;
    w = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)p.d);
    if (!w) return 1;
    if ((r = ssvm_train(&q, w, sizeof(ssvm_real) * (size_t)p.d, &fin)) < 0) goto fail;
    if ((r = ssvm_model_of_chain(&cfg, w, &m)) != SSVM_OK) goto fail;
    snprintf(path, sizeof path, "%s/ocr_model.c", argv[2]);
    if ((r = ssvm_model_export_c_path(&m, "ocr", path)) != SSVM_OK) goto fail;
    snprintf(path, sizeof path, "%s/ocr_words.txt", argv[2]);
    if (!(f = fopen(path, "w"))) { perror(path); return 1; }
    if ((r = ssvm_model_predict_get_work_size(&m, 64, 0, &wb)) != SSVM_OK || !(work = malloc(wb))) goto fail;
    fprintf(f, "%d %d\n", te.n_words, te.n_letters);
    for (i = 0; i < te.n_words; i++) {
        ssvm_model_input in;
        len = te.word_start[i + 1] - te.word_start[i];
        in = ssvm_model_input_init(len, te.x + (size_t)te.word_start[i] * OCR_DIM);
        if ((r = ssvm_model_predict(&m, &in, work, wb, y, sizeof y, NULL)) != SSVM_OK) goto fail;
        fprintf(f, "%d", len);
        for (t = 0; t < len; t++) fprintf(f, " %d", y[t]);
        for (t = 0; t < len; t++) {
            const ssvm_real *x = te.x + (size_t)(te.word_start[i] + t) * OCR_DIM;
            fputc(' ', f);
            for (k = 0; k < 128; k += 4) {
                int nib = (x[k] != 0) | (x[k + 1] != 0) << 1 | (x[k + 2] != 0) << 2 | (x[k + 3] != 0) << 3;
                fputc("0123456789abcdef"[nib], f);
            }
        }
        fputc('\n', f);
    }
    if (fclose(f) != 0) { perror(path); return 1; }
    printf("ocr_export_gen: %d test words, %d letters, d = %d\n", te.n_words, te.n_letters, p.d);
    return 0;
fail:
    fprintf(stderr, "ocr_export_gen: %s\n", ssvm_result_string(r));
    return 1;
}
