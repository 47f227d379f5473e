/* tests/fixtures_conll.h: the CoNLL-side helpers only the tests and the benchmarks use, on top of the
 * examples' examples/conll_data.h (included here; the chain model glue stays in examples/chunk_model.h).
 * Every function is static. */
#ifndef SSVM_TEST_FIXTURES_CONLL_H
#define SSVM_TEST_FIXTURES_CONLL_H
#include "../examples/conll_data.h"

/* Peak resident memory of this process in MB (Linux /proc; -1 elsewhere). */
CONLL_FN double chunk_peak_rss_mb(void) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    double mb = -1;
    if (!f) return -1;
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "VmHWM:", 6)) { mb = atof(line + 6) / 1024.0; break; }
    fclose(f);
    return mb;
}
#endif /* SSVM_TEST_FIXTURES_CONLL_H */
