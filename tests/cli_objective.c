/* tests/cli_objective.c: the C-API side of test_cli_objective (tests/cli_test.sh, issue 28): trains a data file
   through the public API only, with what `structsvm learn` documents for the same options (the readers, the
   model and its flags, the solver's defaults, then lambda, gap 0, passes, seed, bias; "gaps" adds the README's
   recommended BCFW options: gap sampling, pairwise steps, plane caching, the suffix average), and prints the
   primal objective of the vector ssvm_train returns (%.17g) and that vector as `structsvm dump` prints it. The
   test compiles it itself and compares both with the tool's stored objective (`structsvm info`) and weights.
     usage: cli_objective svmlight|svmhmm|conll data template|- lambda passes seed bias plain|gaps */
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(const char *what, ssvm_result r) {
    fprintf(stderr, "cli_objective: %s: %s\n", what, ssvm_result_string(r));
    return 1;
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
    int fmt, j;
    if (argc != 9) {
        fprintf(stderr, "usage: cli_objective svmlight|svmhmm|conll data template|- lambda passes seed bias plain|gaps\n");
        return 2;
    }
    fmt = !strcmp(argv[1], "svmlight") ? 0 : !strcmp(argv[1], "svmhmm") ? 1 : 2;
    memset(&l, 0, sizeof l); memset(&c, 0, sizeof c); memset(&f, 0, sizeof f); memset(&tp, 0, sizeof tp);
    ssvm_dict_init(&attrs, NULL); ssvm_dict_init(&labels, NULL);
    rc.bias = atof(argv[7]);
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
    sc.lambda = atof(argv[4]); sc.gap_tol = 0; sc.max_passes = atoi(argv[5]);
    sc.seed = strtoull(argv[6], NULL, 10);
    if (!strcmp(argv[8], "gaps")) {
        sc.bcfw.gap_sampling = 1; sc.bcfw.steps = SSVM_BCFW_STEPS_PAIRWISE; sc.bcfw.cache = 1;
        sc.averaging = SSVM_AVG_SUFFIX;
    }
    w = (ssvm_real *)malloc(sizeof(ssvm_real) * (size_t)p.d);
    if (!w) return 1;
    if ((r = ssvm_train(&sc, w, sizeof(ssvm_real) * (size_t)p.d, &fin)) < 0) return fail("train", r);
    printf("primal %.17g\n", fin.returned == SSVM_W_AVERAGE ? fin.average.primal : fin.iterate.primal);
    for (j = 0; j < p.d; j++) printf("%d %.17g\n", j, (double)w[j]);
    free(w);
    if (fmt == 0) ssvm_multiclass_uninit(&mc); else ssvm_chain_uninit(&ch);
    ssvm_svmlight_data_uninit(&l); ssvm_conll_features_uninit(&f); ssvm_conll_data_uninit(&c);
    ssvm_dict_uninit(&attrs); ssvm_dict_uninit(&labels); ssvm_template_uninit(&tp);
    return 0;
}
