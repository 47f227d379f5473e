/* tests/run.c: the one test runner. Built twice by `make test` (STRUCTSVM_REAL=double and =float);
   each run ends with the line `N passed, N failed, N skipped`. Optional argv[1]: run only tests whose
   name contains it. Tests that need ../shared skip with a printed reason when it is absent. */
#define _POSIX_C_SOURCE 200809L /* popen for .gz inputs */
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "../examples/ocr_data.h"
#include "../examples/conll_data.h"
#include "harness.h"
#include "test_core.c"
#include "test_multisample.c"
#include "test_online.c"
#include "test_ocr_data.c"
#include "test_conll.c"

int main(int argc, char **argv) {
    th_ctx t;
    memset(&t, 0, sizeof t);
    t.filter = argc > 1 ? argv[1] : 0;
    printf("structsvm tests, ssvm_real = %s\n", sizeof(ssvm_real) == sizeof(float) ? "float" : "double");
    suite_core(&t);
    suite_multisample(&t);
    suite_online(&t);
    suite_ocr_data(&t);
    suite_conll(&t);
    printf("%d passed, %d failed, %d skipped\n", t.passed, t.failed, t.skipped);
    return t.failed ? 1 : 0;
}
