/* tests/cli_api.c: the C-API half of "the same answer by every path" (tests/cli_test.sh, test_cli_same_as_api):
   reads a data file with the library's readers and trains it with ssvm_train exactly as the documented options of
   `structsvm learn` say (the solver's defaults, then lambda, gap, passes, seed; svmlight: multiclass; svmhmm and
   conll: a chain with the counted Hamming loss, conll attribute-major over a CRF++ template), and writes the
   weights' bytes (as the model file stores them: f64 little-endian) to out. cli_test.sh compares them with the
   weights in the tool's model file, byte for byte.
     usage: cli_api svmlight|svmhmm|conll data template|- lambda gap passes seed bias out
            cli_api kbcfw|kbcfw-svmhmm train test linear|rbf|poly lambda gap passes seed bias out   (the test rows'
            accuracy, or per-token accuracy of the lifted chain: ssvm_kernel_chain_predict on the test tokens) */
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(const char *what, ssvm_result r) { fprintf(stderr, "cli_api: %s: %s\n", what, ssvm_result_string(r)); return 1; }

/* cli_api kbcfw[-svmhmm] train test kernel lambda gap passes seed bias out: `structsvm learn --solver kbcfw --kernel kernel`'s
   twin (its defaults: gamma 1/F, coef0 0, degree 3, the weighted average), the test rows' labels from the solver
   itself (ssvm_kernel_predict on the rows after the training rows, SSVM_W_AVERAGE: what the tool keeps after a
   pass-limit stop), and the line classify prints, "accuracy P% (right of n)", written to out */
static int kbcfw_main(char **argv, int hmm) {
    ssvm_reader_config rc = ssvm_reader_config_init();
    ssvm_read_error e;
    ssvm_svmlight_data tr, te;
    ssvm_multiclass mc;
    ssvm_multiclass_config mcc;
    ssvm_chain ch;
    ssvm_chain_config chc;
    ssvm_problem p;
    ssvm_solver_config sc;
    ssvm_solver s;
    ssvm_dense_kernel dk;
    ssvm_result r;
    ssvm_real *x;
    FILE *out;
    int i, k, F, right = 0, y, len, K;
    rc.bias = atof(argv[9]);
    r = hmm ? ssvm_read_svmhmm_path(&rc, argv[2], &tr, &e) : ssvm_read_svmlight_path(&rc, argv[2], &tr, &e);
    if (r != SSVM_OK) return fail("read train", r);
    F = tr.n_attrs;
    rc.n_attrs = F - (rc.bias != 0 ? 1 : 0); /* as classify reads with the model's features */
    r = hmm ? ssvm_read_svmhmm_path(&rc, argv[3], &te, &e) : ssvm_read_svmlight_path(&rc, argv[3], &te, &e);
    if (r != SSVM_OK) return fail("read test", r);
    if (te.n_attrs != F) return fail("test features", SSVM_ERR_SHAPE);
    x = (ssvm_real *)calloc((size_t)(tr.n + te.n) * (size_t)F, sizeof(ssvm_real));
    if (!x) return 1;
    for (i = 0; i < tr.n; i++)
        for (k = tr.row_start[i]; k < tr.row_start[i + 1]; k++) x[(size_t)i * (size_t)F + (size_t)tr.attr_id[k]] += tr.attr_val[k];
    for (i = 0; i < te.n; i++)
        for (k = te.row_start[i]; k < te.row_start[i + 1]; k++)
            x[(size_t)(tr.n + i) * (size_t)F + (size_t)te.attr_id[k]] += te.attr_val[k];
    if (hmm) { /* the lifted chain: the tool's counted Hamming loss, a kernel on tokens */
        chc = ssvm_svmhmm_chain_config_init(&tr);
        chc.flags = SSVM_CHAIN_COUNTED_LOSS;
        if ((r = ssvm_chain_init(&chc, &ch)) == SSVM_OK) r = ssvm_chain_problem(&ch, &p);
        K = chc.n_labels;
    } else {
        mcc = ssvm_svmlight_multiclass_config_init(&tr);
        if ((r = ssvm_multiclass_init(&mcc, &mc)) == SSVM_OK) r = ssvm_multiclass_problem(&mc, &p);
        K = mcc.n_labels;
    }
    if (r != SSVM_OK) return fail("model", r);
    memset(&dk, 0, sizeof dk);
    dk.x = x; dk.rows = tr.n + te.n; dk.F = F; dk.gamma = 1.0 / F; dk.coef0 = 0; dk.degree = 3;
    dk.kind = !strcmp(argv[4], "linear") ? SSVM_KERNEL_LINEAR : !strcmp(argv[4], "poly") ? SSVM_KERNEL_POLY : SSVM_KERNEL_RBF;
    sc = ssvm_solver_config_init(&p, SSVM_KBCFW);
    sc.lambda = atof(argv[5]); sc.gap_tol = atof(argv[6]); sc.max_passes = atoi(argv[7]);
    sc.seed = strtoull(argv[8], NULL, 10);
    sc.kernel.input = ssvm_dense_kernel_fn; sc.kernel.user = &dk; sc.kernel.n_labels = K;
    if (hmm) sc.kernel.chain = &ch;
    if ((r = ssvm_solver_init(&sc, &s)) != SSVM_OK) return fail("init", r);
    if ((r = ssvm_solver_run(&s)) < 0) return fail("train", r);
    if (hmm) { /* each test sequence by its token rows (at most the longest training sequence) */
        int q, t, yy[4096];
        for (q = 0; q < te.n_seq; q++) {
            int L = te.seq_start[q + 1] - te.seq_start[q];
            if (L > 4096) return fail("sequence", SSVM_ERR_TOO_LARGE);
            if ((r = ssvm_kernel_chain_predict(&s, SSVM_W_AVERAGE, tr.n + te.seq_start[q], L, yy, sizeof yy)) != SSVM_OK)
                return fail("predict", r);
            for (t = 0; t < L; t++) right += yy[t] == te.labels[te.seq_start[q] + t];
        }
    } else
        for (i = 0; i < te.n; i++) {
            if ((r = ssvm_kernel_predict(&s, SSVM_W_AVERAGE, tr.n + i, &y, sizeof y, &len)) != SSVM_OK) return fail("predict", r);
            right += y == te.labels[i];
        }
    if (!(out = fopen(argv[10], "w"))) { perror(argv[10]); return 1; }
    fprintf(out, "%saccuracy %.2f%% (%d of %d)\n", hmm ? "per-token " : "", 100.0 * (double)right / (double)te.n, right, te.n);
    fclose(out);
    ssvm_solver_uninit(&s);
    if (hmm) ssvm_chain_uninit(&ch); else ssvm_multiclass_uninit(&mc);
    ssvm_svmlight_data_uninit(&tr); ssvm_svmlight_data_uninit(&te);
    free(x);
    return 0;
}

int main(int argc, char **argv) {
    ssvm_reader_config rc = ssvm_reader_config_init();
    ssvm_read_error e;
    ssvm_svmlight_data l;
    ssvm_conll_data c;
    ssvm_conll_features f;
    ssvm_template tp;
    ssvm_dict attrs, labels;
    ssvm_multiclass mc;
    ssvm_chain ch;
    ssvm_multiclass_config mcc;
    ssvm_chain_config chc;
    ssvm_problem p;
    ssvm_solver_config sc;
    ssvm_progress fin;
    ssvm_real *w;
    ssvm_result r;
    FILE *out;
    int fmt, j, k;
    if (argc == 11 && (!strcmp(argv[1], "kbcfw") || !strcmp(argv[1], "kbcfw-svmhmm")))
        return kbcfw_main(argv, !strcmp(argv[1], "kbcfw-svmhmm"));
    if (argc != 10) { fprintf(stderr, "usage: cli_api svmlight|svmhmm|conll data template|- lambda gap passes seed bias out\n"); return 2; }
    fmt = !strcmp(argv[1], "svmlight") ? 0 : !strcmp(argv[1], "svmhmm") ? 1 : 2;
    memset(&l, 0, sizeof l); memset(&c, 0, sizeof c); memset(&f, 0, sizeof f); memset(&tp, 0, sizeof tp);
    ssvm_dict_init(&attrs, NULL); ssvm_dict_init(&labels, NULL);
    rc.bias = atof(argv[8]);
    if (fmt == 0) r = ssvm_read_svmlight_path(&rc, argv[2], &l, &e);
    else if (fmt == 1) r = ssvm_read_svmhmm_path(&rc, argv[2], &l, &e);
    else {
        if ((r = ssvm_read_template_path(&rc, argv[3], &tp, &e)) != SSVM_OK) return fail("template", r);
        if ((r = ssvm_read_conll_path(&rc, argv[2], &c, &e)) == SSVM_OK) {
            rc.bias = 0;
            r = ssvm_conll_featurize(&rc, &c, &tp, &attrs, &labels, 1, 1, &f, &e);
        }
    }
    if (r != SSVM_OK) return fail("read", r);
    if (fmt == 0) {
        mcc = ssvm_svmlight_multiclass_config_init(&l);
        if ((r = ssvm_multiclass_init(&mcc, &mc)) == SSVM_OK) r = ssvm_multiclass_problem(&mc, &p);
    } else {
        chc = fmt == 2 ? ssvm_conll_chain_config_init(&f) : ssvm_svmhmm_chain_config_init(&l);
        chc.flags = SSVM_CHAIN_COUNTED_LOSS | (fmt == 2 ? SSVM_CHAIN_ATTR_MAJOR : 0);
        if ((r = ssvm_chain_init(&chc, &ch)) == SSVM_OK) r = ssvm_chain_problem(&ch, &p);
    }
    if (r != SSVM_OK) return fail("model", r);
    sc = ssvm_solver_config_init(&p, SSVM_BCFW);
    sc.lambda = atof(argv[4]); sc.gap_tol = atof(argv[5]); sc.max_passes = atoi(argv[6]);
    sc.seed = strtoull(argv[7], NULL, 10);
    w = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)p.d);
    if (!w) return 1;
    if ((r = ssvm_train(&sc, w, sizeof(ssvm_real) * (size_t)p.d, &fin)) < 0) return fail("train", r);
    if (!(out = fopen(argv[9], "wb"))) { perror(argv[9]); return 1; }
    for (j = 0; j < p.d; j++) { /* as the model file stores them */
        double v = (double)w[j];
        unsigned long long u;
        memcpy(&u, &v, 8);
        for (k = 0; k < 8; k++) fputc((int)((u >> (8 * k)) & 255u), out);
    }
    fclose(out);
    free(w);
    if (fmt == 0) ssvm_multiclass_uninit(&mc); else ssvm_chain_uninit(&ch);
    ssvm_svmlight_data_uninit(&l); ssvm_conll_features_uninit(&f); ssvm_conll_data_uninit(&c);
    ssvm_dict_uninit(&attrs); ssvm_dict_uninit(&labels); ssvm_template_uninit(&tp);
    return 0;
}
