/* tests/model_firmware.c: the firmware half of the export-c test. The library is built predict-only, without
   malloc and without stdio; the models come only from the C source ssvm_model_export_c_FILE wrote
   (build/export/<real>/model_export.c, by tests/model_export_gen.c), the inputs and the host models' labels from
   model_cases.h next to it. Every label must match. The program (not the library) prints the harness's lines. */
#define STRUCTSVM_PREDICT_ONLY
#define STRUCTSVM_NO_MALLOC
#define STRUCTSVM_NO_STDIO
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "model_export.c"
#include "model_cases.h"
#include <stdio.h>
#include <string.h>

static unsigned char g_work[1 << 14];

/* argv[1] (`make test T=name`): only the tests whose name contains it; the others are not counted */
static const char *g_filter;
static int g_ran;
static int wanted(const char *name) {
    char full[64];
    snprintf(full, sizeof full, "test_export_%s", name);
    return !g_filter || strstr(full, g_filter) != 0;
}
/* one test line per model: the count of labels that differ from the host's */
static int report(const char *name, int bad, int total, int err) {
    if (!wanted(name)) return 0;
    g_ran++;
    if (bad || err) printf("    FAIL %s: %d of %d differ, %d calls failed\nFAIL  test_export_%s\n", name, bad, total, err, name);
    else printf("ok    test_export_%s (%d values)\n", name, total);
    return bad || err;
}
/* the exported weights, bit for bit the host model's */
static int weights_differ(const ssvm_real *w, const unsigned long long *bits, int d) {
    int k, bad = 0;
    for (k = 0; k < d; k++) {
        double v = (double)w[k];
        unsigned long long u;
        memcpy(&u, &v, 8);
        bad += u != bits[k];
    }
    return bad;
}
int main(int argc, char **argv) {
    int i, k, bad, err, failed = 0, y[64];
    g_filter = argc > 1 && argv[1][0] ? argv[1] : 0;
    printf("structsvm tests, exported models in a predict-only no-malloc no-stdio build, ssvm_real = %s\n",
           sizeof(ssvm_real) == sizeof(float) ? "float" : "double");
    bad = weights_differ(chain_m_w, case_chain_wbits, CHAIN_M_D) + weights_differ(mc_m_w, case_mc_wbits, MC_M_D) +
          weights_differ(graph_m_w, case_graph_wbits, GRAPH_M_D) + weights_differ(asg_m_w, case_asg_wbits, ASG_M_D);
    failed += report("weights_exact", bad, CHAIN_M_D + MC_M_D + GRAPH_M_D + ASG_M_D, 0);
    bad = err = 0;
    for (i = 0; i < CASE_N; i++) { /* chain: Viterbi with the exported weights */
        err += ssvm_chain_predict(CHAIN_M_N_LABELS, CHAIN_M_N_ATTRS, CHAIN_M_FLAGS, chain_m_w, CASE_L,
                                  case_chain_x + i * CASE_L * CHAIN_M_N_ATTRS, g_work, sizeof g_work, y) != SSVM_OK;
        for (k = 0; k < CASE_L; k++) bad += y[k] != case_chain_y[i * CASE_L + k];
    }
    failed += report("chain", bad, CASE_N * CASE_L, err);
    bad = err = 0;
    for (i = 0; i < CASE_N * CASE_L; i++) {
        err += ssvm_multiclass_predict(MC_M_N_LABELS, MC_M_N_ATTRS, mc_m_w, case_mc_x + i * MC_M_N_ATTRS, y) != SSVM_OK;
        bad += y[0] != case_mc_y[i];
    }
    failed += report("multiclass", bad, CASE_N * CASE_L, err);
    bad = err = 0;
    for (i = 0; i < CASE_N; i++) {
        err += ssvm_graph_predict(GRAPH_M_N_LABELS, GRAPH_M_N_ATTRS, GRAPH_M_N_EDGES, graph_m_edges, GRAPH_M_METHOD,
                                  graph_m_w, case_graph_x + i * GRAPH_M_N_ATTRS, g_work, sizeof g_work, y) != SSVM_OK;
        for (k = 0; k < GRAPH_M_N_LABELS; k++) bad += y[k] != case_graph_y[i * GRAPH_M_N_LABELS + k];
    }
    failed += report("graph", bad, CASE_N * GRAPH_M_N_LABELS, err);
    bad = err = 0;
    for (i = 0; i < CASE_N; i++) {
        err += ssvm_assign_predict(CASE_AM, CASE_AC, ASG_M_N_ATTRS, ASG_M_FLAGS & SSVM_ASSIGN_DUMMY, asg_m_w,
                                   case_asg_x + i * CASE_AM * CASE_AC * ASG_M_N_ATTRS, g_work, sizeof g_work, y) != SSVM_OK;
        for (k = 0; k < CASE_AM; k++) bad += y[k] != case_asg_y[i * CASE_AM + k];
    }
    failed += report("assign", bad, CASE_N * CASE_AM, err);
    printf("%d passed, %d failed, 0 skipped\n", g_ran - failed, failed);
    return failed ? 1 : 0;
}
