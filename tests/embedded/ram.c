/* tests/embedded/ram.c: the RAM side of `make footprint` (tools/footprint.sh), computed on the host with
   ssvm_real = float and, where gcc -m32 works, the same 32-bit sizes as a Cortex-M (int, size_t, pointers).
   Prints the bytes an OCR-sized model needs: w (d = 4,082 floats), the chain decoder's work area for a word
   of L = 14 letters, the multiclass scorer's w, and for the OCR small split (train fold 0 of
   ../shared/data/ocr/letter.data.gz; synthetic words of the same count without it) BCFW's solver heap
   (ssvm_solver_get_heap_size of the default configuration: what ssvm_solver_init_preallocated needs) and
   the chain model's scratch (ssvm_chain_get_heap_size).
   Lines are "key value note" for the script to format. */
#define _POSIX_C_SOURCE 200809L
#define STRUCTSVM_IMPLEMENTATION
#include "../../structsvm.h"
#include "../../examples/ocr_data.h"

int main(void) {
    const char *sh = getenv("SSVM_SHARED");
    char path[1024], err[256];
    ocr_data all, train, test;
    ssvm_chain_config c;
    ssvm_chain m;
    ssvm_problem p;
    ssvm_solver_config par;
    size_t heap = 0, scratch = 0, chain_work = 0;
    int i, maxlen = 0, real = 1;
    snprintf(path, sizeof path, "%s/data/ocr/letter.data.gz", sh && *sh ? sh : "../shared");
    if (ocr_load(path, &all, err, sizeof err) == 0 && ocr_split(&all, OCR_SMALL, &train, &test) == 0) {
        ocr_free(&all); ocr_free(&test);
    } else {
        real = 0; /* the OCR small split has 626 words */
        if (ocr_synthetic(626, 0.1, 1, &train) != 0) { printf("error cannot build synthetic words\n"); return 1; }
    }
    ocr_chain(&train, OCR_MODEL_REFERENCE, &c);
    if (ssvm_chain_get_heap_size(&c, &scratch) != SSVM_OK) { printf("error ssvm_chain_get_heap_size\n"); return 1; }
    if (ssvm_chain_init(&c, &m) != SSVM_OK) { printf("error ssvm_chain_init\n"); return 1; }
    if (ssvm_chain_problem(&m, &p) != SSVM_OK) { printf("error ssvm_chain_problem\n"); return 1; }
    /* the default configuration, sized for ssvm_solver_init_preallocated (firmware has no heap to grow) */
    par = ssvm_solver_config_init(&p, SSVM_BCFW);
    if (ssvm_solver_get_heap_size(&par, &heap) != SSVM_OK) { printf("error ssvm_solver_get_heap_size\n"); return 1; }
    if (ssvm_chain_predict_get_work_size(14, OCR_LABELS, &chain_work) != SSVM_OK) {
        printf("error ssvm_chain_predict_get_work_size\n"); return 1;
    }
    for (i = 0; i < train.n_words; i++)
        if (train.word_start[i + 1] - train.word_start[i] > maxlen) maxlen = train.word_start[i + 1] - train.word_start[i];
    printf("ptr_bits %d\n", (int)(8 * sizeof(void *)));
    printf("d %d\n", p.d);
    printf("w_bytes %lu\n", (unsigned long)((size_t)p.d * sizeof(ssvm_real)));
    printf("chain_work_L14 %lu\n", (unsigned long)chain_work);
    printf("mc_w_bytes %lu\n", (unsigned long)((size_t)OCR_LABELS * OCR_DIM * sizeof(ssvm_real)));
    printf("split %s\n", real ? "OCR small (fold 0)" : "synthetic (../shared absent)");
    printf("n %d\nletters %d\nmaxlen %d\n", train.n_words, train.n_letters, maxlen);
    printf("bcfw_heap %lu\n", (unsigned long)heap);
    printf("chain_scratch %lu\n", (unsigned long)scratch);
    printf("x_bytes %lu\n", (unsigned long)((size_t)train.n_letters * OCR_DIM * sizeof(ssvm_real)));
    ssvm_chain_uninit(&m);
    ocr_free(&train);
    return 0;
}
