/* tests/ocr_firmware.c: the target half of the OCR firmware test (tools/test_arm_ocr.sh). The library is built
   predict-only, without malloc and without stdio; the model is only the C source ssvm_model_export_c_FILE wrote
   (DIR/ocr_model.c, by tests/ocr_export_gen.c on the host). The program (not the library) reads DIR/ocr_words.txt
   with stdio: every OCR test word's pixels and the host model's labels; it must predict the same labels with
   ssvm_chain_predict and the exported weights. Prints the harness's lines.   usage: ocr_firmware ocr_words.txt */
#define STRUCTSVM_PREDICT_ONLY
#define STRUCTSVM_NO_MALLOC
#define STRUCTSVM_NO_STDIO
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "ocr_model.c"
#include <stdio.h>

static unsigned char g_work[1 << 14];
static ssvm_real g_x[64 * OCR_N_ATTRS];

int main(int argc, char **argv) {
    int nw, nl, i, t, k, len, host[64], y[64], bad = 0, err = 0, letters = 0;
    char hex[40];
    FILE *f;
    printf("structsvm tests, the exported OCR model in a predict-only no-malloc no-stdio build, ssvm_real = %s\n",
           sizeof(ssvm_real) == sizeof(float) ? "float" : "double");
    if (argc != 2 || !(f = fopen(argv[1], "r")) || fscanf(f, "%d %d", &nw, &nl) != 2 || OCR_N_ATTRS != 129) {
        printf("FAIL  test_export_ocr_words (no words file)\n0 passed, 1 failed, 0 skipped\n");
        return 1;
    }
    for (i = 0; i < nw; i++) {
        if (fscanf(f, "%d", &len) != 1 || len < 1 || len > 64) { err++; break; }
        for (t = 0; t < len; t++) if (fscanf(f, "%d", &host[t]) != 1) err++;
        for (t = 0; t < len; t++) {
            ssvm_real *x = g_x + t * OCR_N_ATTRS;
            if (fscanf(f, "%32s", hex) != 1) { err++; break; }
            for (k = 0; k < 128; k++) {
                char c = hex[k / 4];
                int v = c >= 'a' ? c - 'a' + 10 : c - '0';
                x[k] = (ssvm_real)((v >> (k % 4)) & 1);
            }
            x[128] = 1;
        }
        if (err) break;
        err += ssvm_chain_predict(OCR_N_LABELS, OCR_N_ATTRS, OCR_FLAGS, ocr_w, len, g_x, g_work, sizeof g_work, y) != SSVM_OK;
        for (t = 0; t < len; t++) bad += y[t] != host[t];
        letters += len;
    }
    fclose(f);
    if (bad || err || letters != nl) {
        printf("    FAIL %d of %d letters differ, %d errors, %d letters read of %d\nFAIL  test_export_ocr_words\n", bad,
               letters, err, letters, nl);
        printf("0 passed, 1 failed, 0 skipped\n");
        return 1;
    }
    printf("ok    test_export_ocr_words (%d words, %d letters, the host model's labels)\n1 passed, 0 failed, 0 skipped\n", nw, letters);
    return 0;
}
