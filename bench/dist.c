/* bench/dist.c (make bench-dist): distributed BCFW (config.dist, CoCoA+ with BCFW as the local solver; MANUAL:
   DISTRIBUTED TRAINING) against one process, in passes: how the passes (= rounds, one round a pass) to a certified
   duality gap of 1e-2 and 1e-3 grow with the number of ranks K, and what each rank sends. The K ranks are threads
   of this process (examples/ssvm_loopback.h), so wall times here mean nothing; passes and bytes do. Data, at the
   lambdas the other benches use: OCR-large (the BCFW paper's split, 6,251 words; the chain of bench-ocr with the
   reference model, lambda = 0.01) and CoNLL-2000 (8,936 sentences, the chunking template's 7.4M weights, lambda =
   1e-3). Each rank trains on its contiguous shard (ssvm_shard_range); the gap is evaluated (iterate and average)
   after every pass, summed over the ranks; a K = 1 row is one process (no collective). OCR-large again with 20
   rounds a pass (config.dist.rounds: 20 allreduces of d + 4 doubles a pass, each after n_k / 20 local steps), the
   RESULT fields ocr_r20_k<K>_p2/_p3, unless --rounds or --k is given.
   CoNLL's rows stop at K = 8 (--k 9 .. 64 for more): every rank holds its own d-vectors (w, the average, scratch,
   the round's start: about 50 bytes a weight, 370 MB a rank at d = 7.4M), so K = 16 and 64 need 6 and 24 GB in
   one process here, and each round sweeps d on every rank; on K machines each holds one.
   Usage: bench_dist [shared-dir] [--max-passes P] [--ocr-only | --conll-only] [--rounds R] [--sigma S]
   [--solver bcfw|fw|cp] [--k K] [--eval-every E] [--stop-gap G] [--result-file F] (--k: that K alone, at most
   64; --eval-every: the gap every E passes, so passes to a gap are known to within E; --stop-gap: the certified
   gap a run stops at, default 1e-3; F: the RESULT fields, for make bench-dist's MPI step to append). Last line:
   RESULT ocr_k<K>_p2=<passes to 1e-2> ocr_k<K>_p3=<passes to 1e-3> ... conll_k<K>_p2=... bytes_per_pass_ocr=...
   (-1: not reached within the pass cap).
   Built with mpicc -DBENCH_MPI (build/bench_dist_mpi; make bench-dist runs it under mpirun -np 2 when OpenMPI is
   there): OCR-large on K real MPI ranks (examples/ssvm_mpi.h, SSVM_MPI_ROOT) against one process (rank 0 alone, the
   other ranks waiting), alternating, 3 rounds, medians of wall seconds: 20 passes without evaluation (the cost of
   a pass) and the run to a certified gap of 1e-2 (evaluated every pass), the ranks also with 20 rounds a pass;
   prints its table and the RESULT line with the loopback's fields (--result-file) appended. */
#define _POSIX_C_SOURCE 200809L
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "../examples/ocr_data.h"
#include "../examples/ssvm_loopback.h"
#ifdef BENCH_MPI
#include <mpi.h>
#include "../examples/ssvm_mpi.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXK 64
#ifndef BENCH_MPI
static int g_rounds = 0; /* --rounds R: config.dist.rounds */
static double g_sigma = 0; /* --sigma S: config.dist.sigma (0: K) */
static ssvm_solver_kind g_solver = SSVM_BCFW; /* --solver bcfw|fw|cp */
static int g_eval_every = 1; /* --eval-every E: the gap every E passes (passes to a gap then to within E) */
static double g_stop_gap = 1e-3; /* --stop-gap G: a run ends at this certified gap */
static double cpu_now(void) { return (double)clock() / CLOCKS_PER_SEC; }
#endif

#ifndef BENCH_MPI
/* one run: K ranks (K = 1: one process) on shards of one data set; each rank a chain object of its own */
typedef struct job {
    ssvm_chain *chains;        /* K model objects over the same data */
    double lambda;
    int K, max_passes;
    ssvm_loopback lb;
    int p2, p3, passes;        /* passes to gap 1e-2, 1e-3 (-1: not reached), passes run */
    double gap;                /* the last certified gap (the better vector's) */
    ssvm_result r;
    double doubles;            /* doubles each rank sent */
} job;
typedef struct watch { job *j; int rank; } watch;
static int on_pass(void *u, const ssvm_progress *p) {
    watch *wt = (watch *)u;
    double g = p->iterate.gap, ga = p->average.gap;
    if (ga == ga && (!(g == g) || ga < g)) g = ga;
    if (wt->rank == 0 && g == g) {
        if (wt->j->p2 < 0 && g <= 1e-2) wt->j->p2 = p->pass;
        if (wt->j->p3 < 0 && g <= 1e-3) wt->j->p3 = p->pass;
        wt->j->gap = g;
    }
    if (wt->rank == 0) wt->j->passes = p->pass;
    return 0;
}
static void rank_main(void *arg, int rank) {
    job *j = (job *)arg;
    ssvm_problem full, mine;
    ssvm_shard sh;
    ssvm_solver_config c;
    ssvm_solver s;
    watch wt;
    int first = 0, cnt = 0;
    ssvm_result r;
    if (ssvm_chain_problem(&j->chains[rank], &full) != SSVM_OK) { if (rank == 0) j->r = SSVM_ERR_INVALID_ARG; return; }
    ssvm_shard_range(full.n, rank, j->K, &first, &cnt);
    ssvm_problem_shard(&full, first, cnt, &sh, &mine);
    c = ssvm_solver_config_init(&mine, g_solver);
    c.lambda = j->lambda; c.max_passes = j->max_passes; c.gap_tol = g_stop_gap; c.dist.rounds = g_rounds; c.dist.sigma = g_sigma;
    c.eval_every = g_eval_every;
    wt.j = j; wt.rank = rank;
    c.progress = on_pass; c.progress_user = &wt;
    if (j->K > 1) {
        c.dist.allreduce = ssvm_loopback_allreduce; c.dist.user = &j->lb.ranks[rank];
        c.dist.rank = rank; c.dist.size = j->K;
    }
    r = ssvm_solver_init(&c, &s);
    if (r == SSVM_OK) { r = ssvm_solver_run(&s); ssvm_solver_uninit(&s); }
    if (rank == 0) j->r = r;
}
static int run(ssvm_chain *chains, int d, double lambda, int K, int max_passes, job *j) {
    memset(j, 0, sizeof *j);
    j->chains = chains; j->lambda = lambda; j->K = K; j->max_passes = max_passes; j->p2 = j->p3 = -1;
    if (K == 1) { rank_main(j, 0); return j->r > 0; }
    if (ssvm_loopback_init(&j->lb, K, (size_t)d + 64) != 0) return 0;
    if (ssvm_loopback_run(&j->lb, rank_main, j) != 0) { ssvm_loopback_uninit(&j->lb); return 0; }
    j->doubles = (double)j->lb.doubles;
    ssvm_loopback_uninit(&j->lb);
    return j->r > 0;
}

/* one data set, K = 1, 2, 4, ...: the table's rows and the RESULT fields */
static void study(const char *name, ssvm_chain *chains, int d, double lambda, const int *ks, int nk, int max_passes,
                  char *res, size_t res_len) {
    int q;
    printf("\n%s (d = %d, lambda = %g; pass cap %d; %d round%s a pass)\n", name, d, lambda, max_passes,
           g_rounds > 0 ? g_rounds : 1, g_rounds > 1 ? "s" : "");
    printf("| K  | passes to gap 1e-2 | passes to 1e-3 | passes run | last gap   | KB sent per rank per pass | CPU s "
           "| result |\n");
    printf("|----|--------------------|----------------|------------|------------|---------------------------|-------"
           "|--------|\n");
    for (q = 0; q < nk; q++) {
        job j;
        double c0 = cpu_now(), cpu, kb;
        size_t len = strlen(res);
        int ok = run(chains, d, lambda, ks[q], max_passes, &j);
        cpu = cpu_now() - c0;
        kb = ks[q] > 1 && j.passes > 0 ? j.doubles * 8.0 / 1024.0 / j.passes : 0;
        printf("| %-2d | %18d | %14d | %10d | %10.3g | %25.1f | %5.0f | %s |\n", ks[q], j.p2, j.p3, j.passes, j.gap,
               kb, cpu,
               ok ? ssvm_result_string(j.r) : "error");
        fflush(stdout);
        snprintf(res + len, res_len - len, " %s_k%d_p2=%d %s_k%d_p3=%d", name, ks[q], j.p2, name, ks[q], j.p3);
        if (ks[q] > 1 && q + 1 == nk) {
            len = strlen(res);
            snprintf(res + len, res_len - len, " %s_kb_per_pass=%.1f", name, kb);
        }
    }
}

#endif
#ifdef BENCH_MPI
static double wall_now(void) { return MPI_Wtime(); }
static int cmp_d(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
static double median3(double *v) { qsort(v, 3, sizeof *v, cmp_d); return v[1]; }
/* one run on this rank's shard (mpi: over the communicator; else one process); returns wall seconds, *passes */
static double mpi_run(const ssvm_problem *full, int mpi, ssvm_mpi *mc, int passes, double gap, int rounds, int *done) {
    ssvm_problem mine = *full;
    ssvm_shard sh;
    ssvm_solver_config c;
    ssvm_solver s;
    ssvm_progress pr;
    double t0;
    ssvm_result r;
    memset(&pr, 0, sizeof pr);
    if (mpi) {
        int first = 0, cnt = 0;
        ssvm_shard_range(full->n, mc->rank, mc->size, &first, &cnt);
        ssvm_problem_shard(full, first, cnt, &sh, &mine);
    }
    c = ssvm_solver_config_init(&mine, SSVM_BCFW);
    c.lambda = 0.01; c.max_passes = passes; c.gap_tol = gap; c.eval_every = gap > 0 ? 1 : 0;
    if (mpi) { ssvm_mpi_dist(mc, &c.dist); c.dist.rounds = rounds; }
    t0 = wall_now();
    if ((r = ssvm_solver_init(&c, &s)) != SSVM_OK) return -1;
    r = ssvm_solver_run(&s);
    ssvm_solver_progress(&s, &pr);
    ssvm_solver_uninit(&s);
    *done = pr.pass;
    return r > 0 ? wall_now() - t0 : -1;
}
static int main_mpi(int argc, char **argv) {
    const char *shared = "../shared", *result_file = 0;
    char path[1024], err[256], fields[4096] = "";
    ocr_data all, tr, te;
    ssvm_chain_config cc;
    ssvm_chain ch;
    ssvm_problem p;
    ssvm_mpi mc;
    double t1[3], tk[3], g1[3], gk[3], gr[3];
    int i, q, n1 = 0, nk = 0, nr = 0;
    MPI_Init(&argc, &argv);
    ssvm_mpi_init(&mc, MPI_COMM_WORLD, SSVM_MPI_ROOT);
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--result-file") && i + 1 < argc) result_file = argv[++i];
        else shared = argv[i];
    }
    snprintf(path, sizeof path, "%s/data/ocr/letter.data.gz", shared);
    if (ocr_load(path, &all, err, sizeof err) != 0) {
        if (mc.rank == 0) printf("bench-dist (MPI): skipped, cannot read %s (%s)\nRESULT mpi_skipped=1\n", path, err);
        MPI_Finalize();
        return 0;
    }
    ocr_split(&all, OCR_LARGE, &tr, &te);
    ocr_chain(&tr, OCR_MODEL_REFERENCE, &cc);
    if (ssvm_chain_init(&cc, &ch) != SSVM_OK || ssvm_chain_problem(&ch, &p) != SSVM_OK) MPI_Abort(MPI_COMM_WORLD, 1);
    if (mc.rank == 0) printf("bench-dist (MPI): OCR-large, %d ranks against one process, alternating, 3 rounds\n", mc.size);
    for (q = 0; q < 3; q++) {
        /* one process: rank 0 alone, the others wait */
        if (mc.rank == 0) { t1[q] = mpi_run(&p, 0, &mc, 20, 0, 1, &n1); g1[q] = mpi_run(&p, 0, &mc, 2000, 1e-2, 1, &n1); }
        MPI_Barrier(MPI_COMM_WORLD);
        tk[q] = mpi_run(&p, 1, &mc, 20, 0, 1, &nk);
        gk[q] = mpi_run(&p, 1, &mc, 2000, 1e-2, 1, &nk);
        gr[q] = mpi_run(&p, 1, &mc, 2000, 1e-2, 20, &nr); /* 20 rounds a pass */
        MPI_Barrier(MPI_COMM_WORLD);
    }
    if (mc.rank == 0) {
        double a = median3(t1), b = median3(tk), c = median3(g1), d = median3(gk), e = median3(gr);
        FILE *f = result_file ? fopen(result_file, "r") : 0;
        printf("| run                         | one process | %d MPI ranks | ratio (ranks / one) |\n", mc.size);
        printf("|-----------------------------|-------------|-------------|---------------------|\n");
        printf("| 20 passes, no evaluation    | %9.2f s | %9.2f s | %19.3f |\n", a, b, b / a);
        printf("| to gap 1e-2 (eval each pass)| %9.2f s | %9.2f s | %19.3f |\n", c, d, d / c);
        printf("| passes to gap 1e-2          | %11d | %11d |                     |\n", n1, nk);
        printf("| to 1e-2, 20 rounds a pass   | %9.2f s | %9.2f s | %19.3f |\n", c, e, e / c);
        printf("| passes, 20 rounds a pass    | %11d | %11d |                     |\n", n1, nr);
        if (f) { if (!fgets(fields, sizeof fields, f)) fields[0] = 0; fclose(f); }
        fields[strcspn(fields, "\n")] = 0;
        printf("\nRESULT %s%smpi%d_pass_ratio=%.3f mpi%d_gap_ratio=%.3f mpi_passes_one=%d mpi_passes_ranks=%d "
               "mpi%d_gap_ratio_r20=%.3f mpi_passes_ranks_r20=%d\n", fields, fields[0] ? " " : "", mc.size, b / a, mc.size,
               d / c, n1, nk, mc.size, e / c, nr);
    }
    ssvm_chain_uninit(&ch);
    ocr_free(&tr); ocr_free(&te); ocr_free(&all);
    ssvm_mpi_uninit(&mc);
    MPI_Finalize();
    return 0;
}
#endif
int main(int argc, char **argv) {
#ifdef BENCH_MPI
    return main_mpi(argc, argv);
#else
    const char *shared = "../shared", *result_file = 0;
    static const int ks_ocr[] = {1, 2, 4, 8, 16, 64}, ks_conll[] = {1, 2, 4, 8};
    int i, k, max_passes = 400, do_ocr = 1, do_conll = 1, only_k = 0, rounds_set = 0;
    char res[4096] = "";
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--max-passes") && i + 1 < argc) max_passes = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--ocr-only")) do_conll = 0;
        else if (!strcmp(argv[i], "--conll-only")) do_ocr = 0;
        else if (!strcmp(argv[i], "--result-file") && i + 1 < argc) result_file = argv[++i];
        else if (!strcmp(argv[i], "--rounds") && i + 1 < argc) { g_rounds = atoi(argv[++i]); rounds_set = 1; }
        else if (!strcmp(argv[i], "--sigma") && i + 1 < argc) g_sigma = atof(argv[++i]);
        else if (!strcmp(argv[i], "--eval-every") && i + 1 < argc)
            g_eval_every = atoi(argv[++i]) > 0 ? atoi(argv[i]) : 1;
        else if (!strcmp(argv[i], "--k") && i + 1 < argc) {
            char *end;
            long v = strtol(argv[++i], &end, 10);
            only_k = *end || v < 1 || v > MAXK ? -1 : (int)v;
        }
        else if (!strcmp(argv[i], "--stop-gap") && i + 1 < argc) g_stop_gap = atof(argv[++i]);
        else if (!strcmp(argv[i], "--solver") && i + 1 < argc) {
            const char *v = argv[++i];
            g_solver = !strcmp(v, "fw") ? SSVM_FW : !strcmp(v, "cp") ? SSVM_CUTTING_PLANE : SSVM_BCFW;
        }
        else shared = argv[i];
    }
    if (only_k < 0 || only_k > MAXK) { fprintf(stderr, "bench_dist: --k takes 1 to %d\n", MAXK); return 2; }
    if (only_k > 8 && do_conll) /* each rank holds its own d-vectors: about 370 MB a rank on CoNLL */
        printf("CoNLL at --k %d: about %.1f GB in this one process (each rank's d-vectors)\n", only_k, 0.37 * only_k);
    printf("bench-dist: CoCoA+ BCFW over K loopback ranks (threads; passes and bytes, not seconds)\n");
    if (do_ocr) {
        char path[1024], err[256];
        ocr_data all, tr, te;
        ssvm_chain_config cc;
        ssvm_chain *ch = (ssvm_chain *)calloc(MAXK, sizeof *ch);
        snprintf(path, sizeof path, "%s/data/ocr/letter.data.gz", shared);
        if (!ch || ocr_load(path, &all, err, sizeof err) != 0) {
            printf("OCR-large: skipped, cannot read %s (%s)\n", path, err);
        } else {
            ocr_split(&all, OCR_LARGE, &tr, &te);
            ocr_chain(&tr, OCR_MODEL_REFERENCE, &cc);
            if (ssvm_chain_init(&cc, &ch[0]) != SSVM_OK) return 1;
            for (k = 1; k < MAXK; k++) {
                ssvm_chain_config sc = cc;
                sc.inputs_from = &ch[0]; /* the compacted pixels once */
                if (ssvm_chain_init(&sc, &ch[k]) != SSVM_OK) return 1;
            }
            {
                ssvm_problem p;
                ssvm_chain_problem(&ch[0], &p);
                int nk = (int)(sizeof ks_ocr / sizeof ks_ocr[0]);
                study("ocr", ch, p.d, 0.01, only_k ? &only_k : ks_ocr, only_k ? 1 : nk, max_passes, res, sizeof res);
                if (!rounds_set && !only_k && g_solver == SSVM_BCFW) { /* 20 rounds a pass (K = 1: one process) */
                    g_rounds = 20;
                    study("ocr_r20", ch, p.d, 0.01, ks_ocr + 1, nk - 1, max_passes, res, sizeof res);
                    g_rounds = 0;
                }
            }
            for (k = MAXK - 1; k >= 0; k--) ssvm_chain_uninit(&ch[k]);
            ocr_free(&tr); ocr_free(&te); ocr_free(&all);
        }
        free(ch);
    }
    if (do_conll) {
        char ptr[1024];
        ssvm_reader_config rc = ssvm_reader_config_init();
        ssvm_conll_data dtr;
        ssvm_conll_features ftr;
        ssvm_template tp;
        ssvm_dict attrs, labels;
        ssvm_read_error e;
        FILE *f;
        int nch = only_k > 8 ? only_k : 8; /* a chain object per rank (their oracles keep scratch) */
        ssvm_chain *ch = (ssvm_chain *)calloc((size_t)nch, sizeof *ch);
        memset(&dtr, 0, sizeof dtr); memset(&ftr, 0, sizeof ftr); memset(&tp, 0, sizeof tp);
        ssvm_dict_init(&attrs, NULL); ssvm_dict_init(&labels, NULL);
        e.message = "";
        snprintf(ptr, sizeof ptr, "gzip -dc '%s/data/conll2000/train.txt.gz'", shared);
        f = popen(ptr, "r");
        if (!ch || !f || ssvm_read_template_path(&rc, "examples/chunking.template", &tp, &e) != SSVM_OK ||
            ssvm_read_conll(&rc, ssvm_input_FILE(f), &dtr, &e) != SSVM_OK ||
            ssvm_conll_featurize(&rc, &dtr, &tp, &attrs, &labels, 1, 1, &ftr, &e) != SSVM_OK) {
            printf("\nCoNLL: skipped, cannot read or featurize %s/data/conll2000/train.txt.gz (%s)\n", shared, e.message);
        } else {
            ssvm_chain_config cc = ssvm_conll_chain_config_init(&ftr);
            ssvm_problem p;
            cc.flags = SSVM_CHAIN_ATTR_MAJOR | SSVM_CHAIN_COUNTED_LOSS;
            for (k = 0; k < nch; k++) if (ssvm_chain_init(&cc, &ch[k]) != SSVM_OK) return 1;
            ssvm_chain_problem(&ch[0], &p);
            study("conll", ch, p.d, 1e-3, only_k ? &only_k : ks_conll,
                  only_k ? 1 : (int)(sizeof ks_conll / sizeof ks_conll[0]), max_passes / 4, res,
                  sizeof res);
            for (k = nch - 1; k >= 0; k--) ssvm_chain_uninit(&ch[k]);
        }
        if (f) pclose(f);
        ssvm_conll_features_uninit(&ftr); ssvm_conll_data_uninit(&dtr);
        ssvm_template_uninit(&tp); ssvm_dict_uninit(&attrs); ssvm_dict_uninit(&labels);
        free(ch);
    }
    if (result_file) {
        FILE *o = fopen(result_file, "w");
        if (o) { fprintf(o, "%s\n", res + (res[0] == ' ')); fclose(o); }
    }
    printf("\nRESULT%s\n", res);
    return 0;
#endif
}
