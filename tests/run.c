/* tests/run.c: the test runner. It links with tests/impl.c (the library's definitions) and every
   tests/test_*.c, each a translation unit exporting one suite_NAME; `make test` builds the program twice
   (build/double/ and build/float/ objects: STRUCTSVM_REAL=double and =float). Each run ends with the line
   `N passed, N failed, N skipped`. Optional argv[1]: run only tests whose name contains it (test names are
   test_<suite>_<what>, so a suite name selects a whole file). Tests that need ../shared skip with a printed
   reason when it is absent. By hand, e.g.:
     cc -std=c99 -O2 -g tests/run.c tests/impl.c tests/test_*.c -o build/test_double -lm
     ./build/test_double viterbi
   One test file compiles on its own: cc -std=c99 -Wall -Wextra -pedantic -Werror -c tests/test_online.c */
#if defined(__unix__) || defined(__APPLE__)
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <unistd.h>
#define RUN_CAN_CLAIM 1
#endif
#include <stdio.h>
#include <string.h>
#include "../structsvm.h"
#include "harness.h"

#ifdef RUN_CAN_CLAIM
/* SSVM_TEST_CLAIM=dir with SSVM_TEST_SHARD=i/n: the shards of one program share dir, and a test runs in the shard
   that first creates dir/<its number> (O_EXCL): the shards balance themselves, however long each test takes */
static int run_claim(th_ctx *t, int index) {
    char path[1024];
    int fd;
    if (snprintf(path, sizeof path, "%s/%d", t->claim_dir, index) >= (int)sizeof path) return index % t->nshards == t->shard;
    fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0600);
    if (fd < 0) return 0;
    close(fd);
    return 1;
}
#endif

/* one per tests/test_NAME.c */
void suite_core(th_ctx *t);
void suite_engine(th_ctx *t);
void suite_multisample(th_ctx *t);
void suite_online(th_ctx *t);
void suite_ocr_data(th_ctx *t);
void suite_conll(th_ctx *t);
void suite_graph(th_ctx *t);
void suite_assign(th_ctx *t);
void suite_deg(th_ctx *t);
void suite_cliquegen(th_ctx *t);
void suite_cutplane(th_ctx *t);
void suite_gaps(th_ctx *t);
void suite_exact(th_ctx *t);
void suite_eg(th_ctx *t);
void suite_kernel(th_ctx *t);
void suite_model(th_ctx *t);
void suite_readers(th_ctx *t);
void suite_ckpt(th_ctx *t);
void suite_speed(th_ctx *t);
void suite_user_chain(th_ctx *t);
void suite_par(th_ctx *t);
void suite_dist(th_ctx *t);

int main(int argc, char **argv) {
    th_ctx t;
    memset(&t, 0, sizeof t);
    t.filter = argc > 1 ? argv[1] : 0;
    /* SSVM_TEST_SHARD=i/n (tools/run_tests.sh with TEST_JOBS=n): one of n processes sharing the tests */
    if (getenv("SSVM_TEST_SHARD") && *getenv("SSVM_TEST_SHARD") &&
        (sscanf(getenv("SSVM_TEST_SHARD"), "%d/%d", &t.shard, &t.nshards) != 2 ||
        t.nshards < 1 || t.shard < 0 || t.shard >= t.nshards)) {
        printf("run: SSVM_TEST_SHARD must be i/n with 0 <= i < n\n");
        return 2;
    }
#ifdef RUN_CAN_CLAIM
    if (t.nshards > 1 && getenv("SSVM_TEST_CLAIM") && *getenv("SSVM_TEST_CLAIM")) {
        t.claim = run_claim;
        t.claim_dir = getenv("SSVM_TEST_CLAIM");
    }
#endif
    printf("structsvm tests, ssvm_real = %s\n", sizeof(ssvm_real) == sizeof(float) ? "float" : "double");
#ifndef RUN_PAR_ONLY /* make test-tsan: only tests/test_par.c and test_dist.c (the threads), a small ThreadSanitizer build */
    suite_core(&t);
    suite_engine(&t);
    suite_multisample(&t);
    suite_online(&t);
    suite_ocr_data(&t);
    suite_conll(&t);
    suite_graph(&t);
    suite_assign(&t);
    suite_deg(&t);
    suite_cliquegen(&t);
    suite_cutplane(&t);
    suite_gaps(&t);
    suite_exact(&t);
    suite_eg(&t);
    suite_kernel(&t);
    suite_model(&t);
    suite_readers(&t);
    suite_ckpt(&t);
    suite_speed(&t);
    suite_user_chain(&t);
#endif
    suite_par(&t);
    suite_dist(&t); /* the loopback collective's threads: also under ThreadSanitizer */
    printf("%d passed, %d failed, %d skipped\n", t.passed, t.failed, t.skipped);
    return t.failed ? 1 : 0;
}
