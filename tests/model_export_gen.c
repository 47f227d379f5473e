/* tests/model_export_gen.c: the host half of the export-c test (make test builds it per precision). It trains a
   chain (BCFW, biases) and a multiclass model on synthetic data, sets up a graph and an assignment model with
   random weights, exports the four with ssvm_model_export_c_FILE into DIR/model_export.c, and writes DIR/model_cases.h:
   test inputs and the labels the in-memory models predict (ssvm_model_predict), after checking that the same
   models saved and loaded predict them too. tests/model_firmware.c, built predict-only, no-malloc and no-stdio
   against the exported source, must predict the same labels. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"

enum { N = 12, L = 6, K = 4, F = 5, GL = 5, AM = 4, AC = 5 };
static unsigned long long g_s = 12345;
static double u01(void) {
    g_s = g_s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(g_s >> 11) * (1.0 / 9007199254740992.0);
}
static void print_reals(FILE *f, const char *name, const ssvm_real *v, int n) {
    int k;
    fprintf(f, "static const ssvm_real %s[%d] = {", name, n);
    for (k = 0; k < n; k++) fprintf(f, "%s%.17g%s", k % 4 ? " " : "\n    ", (double)v[k], k + 1 < n ? "," : "");
    fprintf(f, "\n};\n");
}
static void print_ints(FILE *f, const char *name, const int *v, int n) {
    int k;
    fprintf(f, "static const int %s[%d] = {", name, n);
    for (k = 0; k < n; k++) fprintf(f, "%s%d%s", k % 16 ? " " : "\n    ", v[k], k + 1 < n ? "," : "");
    fprintf(f, "\n};\n");
}
/* the bits of each weight as a double: the firmware checks the exported values are these exactly */
static void print_bits(FILE *f, const char *name, const ssvm_real *v, int n) {
    int k;
    fprintf(f, "static const unsigned long long %s[%d] = {", name, n);
    for (k = 0; k < n; k++) {
        double d = (double)v[k];
        unsigned long long u;
        memcpy(&u, &d, 8);
        fprintf(f, "%s0x%016llxULL%s", k % 4 ? " " : "\n    ", u, k + 1 < n ? "," : "");
    }
    fprintf(f, "\n};\n");
}
static int fail(const char *what, ssvm_result r) {
    fprintf(stderr, "model_export_gen: %s: %s\n", what, ssvm_result_string(r));
    return 1;
}
/* predicts every case with m, and with m saved and loaded (which must agree) */
static int predict_all(const ssvm_model *m, int cases, int len, int cols, const ssvm_real *x, size_t stride, int *y,
                       int ylen) {
    unsigned char work[1 << 14], *buf;
    ssvm_model l;
    size_t n = 0;
    int i, k, y2[64];
    ssvm_result r;
    if ((r = ssvm_model_save_get_size(m, &n)) != SSVM_OK) return fail("save size", r);
    buf = (unsigned char *)malloc(n);
    if (!buf || (r = ssvm_model_save(m, buf, n, NULL)) != SSVM_OK) return fail("save", r);
    if ((r = ssvm_model_load(buf, n, m->kind, &l)) != SSVM_OK) return fail("load", r);
    for (i = 0; i < cases; i++) {
        ssvm_model_input in = ssvm_model_input_init(len, x + (size_t)i * stride);
        in.cols = cols;
        if ((r = ssvm_model_predict(m, &in, work, sizeof work, y + (size_t)i * ylen, sizeof(int) * (size_t)ylen, NULL)) != SSVM_OK)
            return fail("predict", r);
        if ((r = ssvm_model_predict(&l, &in, work, sizeof work, y2, sizeof y2, NULL)) != SSVM_OK)
            return fail("predict (loaded)", r);
        for (k = 0; k < ylen; k++)
            if (y2[k] != y[(size_t)i * ylen + k]) { fprintf(stderr, "model_export_gen: the loaded model differs\n"); return 1; }
    }
    ssvm_model_uninit(&l);
    free(buf);
    return 0;
}

int main(int argc, char **argv) {
    static ssvm_real cx[N * L * F], mx[N * L * F], gx[N * F], ax[N * AM * AC * F];
    static int clab[N * L], start[N + 1], mlab[N * L], glab[N * GL], asg[AM];
    static ssvm_real cw[K * F + 2 * K + K * K], mw[K * F], gw[GL * F + 4 * 4], aw[F];
    static int cy[N * L], my[N * L], gy[N * GL], ay[N * AM];
    static const int gedges[8] = {0, 1, 1, 2, 2, 0, 3, 4};
    char path[4096];
    FILE *f;
    int i, k, p;
    ssvm_result r;
    ssvm_model cm, mm, gm, am;
    if (argc < 2) { fprintf(stderr, "usage: %s dir\n", argv[0]); return 2; }
    for (p = 0; p < N * L; p++) {
        clab[p] = (int)(u01() * K);
        for (k = 0; k < F; k++) cx[p * F + k] = (ssvm_real)((k == clab[p]) + 1.2 * (u01() - 0.5));
        mlab[p] = clab[p];
    }
    for (i = 0; i <= N; i++) start[i] = i * L;
    for (k = 0; k < N * L * F; k++) mx[k] = cx[k];
    {   /* the chain, trained */
        ssvm_chain_config c = ssvm_chain_config_init(N, K, F, start, clab);
        ssvm_chain ch;
        ssvm_problem prob;
        ssvm_solver_config q;
        ssvm_progress fin;
        c.x = cx; c.flags = SSVM_CHAIN_BIASES;
        if ((r = ssvm_chain_init(&c, &ch)) != SSVM_OK || (r = ssvm_chain_problem(&ch, &prob)) != SSVM_OK) return fail("chain", r);
        q = ssvm_solver_config_init(&prob, SSVM_BCFW);
        q.max_passes = 20; q.lambda = 0.01;
        if ((r = ssvm_train(&q, cw, sizeof cw, &fin)) < 0) return fail("chain training", r);
        if ((r = ssvm_model_of_chain(&c, cw, &cm)) != SSVM_OK) return fail("chain model", r);
        ssvm_model_set_summary(&cm, &q, &fin);
        ssvm_chain_uninit(&ch);
    }
    {   /* multiclass over the same positions, trained */
        ssvm_multiclass_config c = ssvm_multiclass_config_init(N * L, K, F, mx, mlab);
        ssvm_multiclass mc;
        ssvm_problem prob;
        ssvm_solver_config q;
        ssvm_progress fin;
        if ((r = ssvm_multiclass_init(&c, &mc)) != SSVM_OK || (r = ssvm_multiclass_problem(&mc, &prob)) != SSVM_OK)
            return fail("multiclass", r);
        q = ssvm_solver_config_init(&prob, SSVM_BCFW);
        q.max_passes = 20; q.lambda = 0.01;
        if ((r = ssvm_train(&q, mw, sizeof mw, &fin)) < 0) return fail("multiclass training", r);
        if ((r = ssvm_model_of_multiclass(&c, mw, &mm)) != SSVM_OK) return fail("multiclass model", r);
        ssvm_model_set_summary(&mm, &q, &fin);
    }
    {   /* a graph (a triangle and an edge; enumeration) and an assignment model (dummy rule), random weights */
        ssvm_graph_config g = ssvm_graph_config_init(N, GL, F, gx, glab);
        int rs[2] = {0, AM}, ps[2] = {0, AM * AC}, nc = AC;
        ssvm_assign_config a = ssvm_assign_config_init(1, F, rs, ps, asg);
        for (k = 0; k < N * F; k++) gx[k] = (ssvm_real)(u01() * 2 - 1);
        for (k = 0; k < N * AM * AC * F; k++) ax[k] = (ssvm_real)(u01() * 2 - 1);
        for (k = 0; k < GL * F + 16; k++) gw[k] = (ssvm_real)(u01() * 2 - 1);
        for (k = 0; k < F; k++) aw[k] = (ssvm_real)(u01() * 2 - 1);
        g.n_edges = 4; g.edges = gedges; g.method = SSVM_GRAPH_ENUM;
        a.n_cols = &nc; a.x = ax; a.flags = SSVM_ASSIGN_DUMMY;
        if ((r = ssvm_model_of_graph(&g, gw, &gm)) != SSVM_OK) return fail("graph model", r);
        if ((r = ssvm_model_of_assign(&a, aw, &am)) != SSVM_OK) return fail("assign model", r);
    }
    if (predict_all(&cm, N, L, 0, cx, (size_t)L * F, cy, L) || predict_all(&mm, N * L, 1, 0, mx, F, my, 1) ||
        predict_all(&gm, N, 1, 0, gx, F, gy, GL) || predict_all(&am, N, AM, AC, ax, (size_t)AM * AC * F, ay, AM))
        return 1;
    snprintf(path, sizeof path, "%s/model_export.c", argv[1]);
    if (!(f = fopen(path, "w"))) { perror(path); return 1; }
    if ((r = ssvm_model_export_c_FILE(&cm, "chain_m", f)) != SSVM_OK || (r = ssvm_model_export_c_FILE(&mm, "mc_m", f)) != SSVM_OK ||
        (r = ssvm_model_export_c_FILE(&gm, "graph_m", f)) != SSVM_OK || (r = ssvm_model_export_c_FILE(&am, "asg_m", f)) != SSVM_OK)
        return fail("export", r);
    if (fclose(f) != 0) { perror(path); return 1; }
    snprintf(path, sizeof path, "%s/model_cases.h", argv[1]);
    if (!(f = fopen(path, "w"))) { perror(path); return 1; }
    fprintf(f, "/* written by tests/model_export_gen.c: inputs and the host models' labels */\n");
    fprintf(f, "enum { CASE_N = %d, CASE_L = %d, CASE_AM = %d, CASE_AC = %d };\n", N, L, AM, AC);
    print_reals(f, "case_chain_x", cx, N * L * F); print_ints(f, "case_chain_y", cy, N * L);
    print_reals(f, "case_mc_x", mx, N * L * F); print_ints(f, "case_mc_y", my, N * L);
    print_reals(f, "case_graph_x", gx, N * F); print_ints(f, "case_graph_y", gy, N * GL);
    print_reals(f, "case_asg_x", ax, N * AM * AC * F); print_ints(f, "case_asg_y", ay, N * AM);
    print_bits(f, "case_chain_wbits", cw, cm.d); print_bits(f, "case_mc_wbits", mw, mm.d);
    print_bits(f, "case_graph_wbits", gw, gm.d); print_bits(f, "case_asg_wbits", aw, am.d);
    if (fclose(f) != 0) { perror(path); return 1; }
    return 0;
}
