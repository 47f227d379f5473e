/* tools/structsvm.c: the command-line tool (`make` builds build/structsvm). Public domain (Unlicense).
     structsvm learn [options] train.dat model
     structsvm classify [options] test.dat model predictions
     structsvm predict [options] data model predictions     (no gold labels needed, nothing scored)
     structsvm export-c model out.c
     structsvm info model
     structsvm dump model
     structsvm help [command] | command --help              (every option of each command)
   Data through the library's readers (READERS in the manual), models through its model files (MODEL FILES).
   Formats: svmlight (SVM^multiclass: multiclass model), svmhmm (chain model), conll (chain model over CRF++
   templates, --template), arff (Mulan multilabel: graph model). *.gz files are piped through gzip -dc.
   learn --solver kbcfw (the kernel solver; --kernel, --gamma, --coef0, --degree, --kernel-cache) writes a kernel
   model (SSVM_MODEL_KERNEL: the kernel and the support rows) of svmlight data (the lifted multiclass model) or svmhmm
   data (the lifted chain); the other commands take it as the model it lifts (learn_kernel, check_kernel_opts).
   Built with mpicc -DSTRUCTSVM_TOOL_MPI (make build/structsvm_mpi), `mpirun -np K structsvm_mpi learn ...` trains
   BCFW (CoCoA+), FW or the cutting plane over K ranks (MANUAL: DISTRIBUTED TRAINING): each rank trains on its shard
   of the examples: SVM^light and SVM^hmm data, every K-th example (sequence) from its rank's, the only ones it keeps
   in memory (ssvm_reader_config.shard_count: the file is parsed whole, so every rank has the same dimensions);
   CoNLL and ARFF, read whole on every rank (the same dictionaries and label sets), its ssvm_shard_range part. Rank 0
   prints and writes the model, --checkpoint and --resume name one file per rank (PATH.<rank>); the other commands
   run on rank 0. */
#define _POSIX_C_SOURCE 200809L /* popen for .gz, isatty */
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "../examples/conll_data.h" /* conlleval's chunk scores */
#include "../examples/ssvm_threads.h" /* --threads: a pthread parallel-for for mini-batch BCFW */
#ifdef STRUCTSVM_TOOL_MPI
#include <mpi.h>
#include "../examples/ssvm_mpi.h"
static ssvm_mpi g_mpi; /* the ranks (size 1: one process, as the plain build) */
#define TOOL_RANK g_mpi.rank
#define TOOL_SIZE g_mpi.size
#else
#define TOOL_RANK 0
#define TOOL_SIZE 1
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <math.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <fcntl.h>

/* exit codes (documented in the usage text): 0 done, 1 data or training error, 2 usage error, 3 I/O error */
enum { EXIT_DATA = 1, EXIT_USAGE = 2, EXIT_IO = 3 };

/* the commands (a bit each: the options table says which commands take an option) */
enum { CMD_LEARN = 1, CMD_CLASSIFY = 2, CMD_PREDICT = 4, CMD_EXPORT = 8, CMD_INFO = 16, CMD_DUMP = 32 };
#define CMD_DATA (CMD_LEARN | CMD_CLASSIFY | CMD_PREDICT)
#define CMD_ALL (CMD_DATA | CMD_EXPORT | CMD_INFO | CMD_DUMP)
typedef struct cmddef { const char *name; int bit; const char *usage, *what; } cmddef;
static const cmddef cmddefs[] = {
    {"learn", CMD_LEARN, "structsvm learn [options] train.dat model",
     "  train on train.dat and write the model (the format, --bias and the CoNLL template are kept in it); prints\n"
     "  pass, vector (the one with the smaller gap: the rule stops on either; else the average), primal, dual, gap\n"
     "  and seconds per pass on stderr (in place on a terminal; no dual where the solver's vector has none, as ssg's)\n"},
    {"classify", CMD_CLASSIFY, "structsvm classify [options] test.dat model predictions",
     "  predict labelled data and score it: the predictions go to the file, then the score to stdout (stderr when\n"
     "  the predictions file is '-'; accuracy for\n"
     "  svmlight; per-token accuracy for svmhmm and conll, plus conlleval's chunk F1 for IOB tags; Hamming loss and\n"
     "  subset accuracy for arff); no score is printed unless the predictions file was written whole. conll: the\n"
     "  training file's columns, the tag last (a file without it is predict's); arff: the training file's attribute\n"
     "  and label names, in its order (classify and predict)\n"},
    {"predict", CMD_PREDICT, "structsvm predict [options] data model predictions",
     "  predictions for data with or without gold labels (nothing is scored, nothing printed on stdout). Unlabelled\n"
     "  data: svmlight / svmhmm rows whose label is missing, 0 or ? (svmhmm rows keep their qid:N); arff rows with\n"
     "  ? for the label values (the header still declares the labels); conll files without the tag column (or\n"
     "  with it: it is ignored). The predictions file is what classify writes: one label a line (svmlight), one a\n"
     "  token with a blank line after each sequence (svmhmm), the token's columns and the predicted tag (conll),\n"
     "  the labels as 0/1 separated by commas (arff)\n"},
    {"export-c", CMD_EXPORT, "structsvm export-c model out.c", "  the model as C source for a predict-only build\n"},
    {"info", CMD_INFO, "structsvm info model",
     "  the model's kind, sizes, training summary and metadata (dual and gap only where evaluated, 'primal: not\n"
     "  evaluated' after --eval off)\n"},
    {"dump", CMD_DUMP, "structsvm dump model", "  the weights as text: one 'index value' line each (%.17g: the same double read back)\n"},
};
#define N_CMDS ((int)(sizeof cmddefs / sizeof cmddefs[0]))
typedef struct optdef { const char *name, *name2; int value, cmds; const char *help; } optdef;
static const optdef optdefs[] = {
    {"--format", NULL, 1, CMD_DATA,
     "  --format F     svmlight (SVM^multiclass: a multiclass model) | svmhmm (a chain) | conll (a chain over CRF++\n"
     "                 templates) | arff (Mulan multilabel: a graph model); default: arff for *.arff[.gz], conll with\n"
     "                 --template, else svmlight; classify and predict take the model's (a different one is refused)\n"},
    {"--template", NULL, 1, CMD_DATA,
     "  --template T   conll: CRF++ feature templates (e.g. examples/chunking.template); classify and predict use the\n"
     "                 template kept in the model when none is given (another template than the kept one is refused);\n"
     "                 another format: refused\n"},
    {"--labels", NULL, 1, CMD_DATA,
     "  --labels L     arff: the labels are the last L attributes (default: learn, the trailing {0,1} attributes;\n"
     "                 classify and predict, the model's label count); another format: refused\n"},
    {"--bias", NULL, 1, CMD_DATA,
     "  --bias B       svmlight, svmhmm: a constant feature of value B on every row (default 1; 0: none; learn\n"
     "                 --init: the initial model's). conll has none (write a template such as U99:bias) and arff\n"
     "                 always adds 1: --bias is refused for both. Kept in the model: classify and predict take the\n"
     "                 model's (a different one is refused; a model without one: 0)\n"},
    {"-c", NULL, 1, CMD_LEARN,
     "  -c C           SVM^struct's C (objective 1/2|w|^2 + C/n sum of slacks): lambda = 1/C\n"},
    {"--lambda", NULL, 1, CMD_LEARN, "  --lambda L     the regulariser (default 0.01; -c overrides)\n"},
    {"--gap", "-e", 1, CMD_LEARN,
     "  -e E, --gap E  stop when an evaluated duality gap <= E (default 0.001; 0: never); E > 0 not with --solver\n"
     "                 ssg or --eval off (no gap is evaluated)\n"},
    {"--passes", NULL, 1, CMD_LEARN, "  --passes P     at most P passes (default 50)\n"},
    {"--seed", NULL, 1, CMD_LEARN,
     "  --seed S       the random seed (default 1): the same seed, the same model; with --resume give the first\n"
     "                 run's (the run goes on with the checkpoint's random state; the seed is only recorded; without\n"
     "                 it the model records the seed as unknown)\n"},
    {"--solver", NULL, 1, CMD_LEARN,
     "  --solver S     bcfw: block-coordinate Frank-Wolfe (default; every format)\n"
     "                 fw: batch Frank-Wolfe; ssg: stochastic subgradient (no dual: stop it with --passes or\n"
     "                 --target-primal); cp: the 1-slack cutting plane of SVM^struct (every format)\n"
     "                 ms: the online multi-sample solver (Branson et al. 2013; every format; --samples, --sweeps)\n"
     "                 deg: dual extragradient (Taskar et al. 2006): svmlight, and arff with at most 16 labels\n"
     "                 (--eta, --geometry); not chains\n"
     "                 eg: online exponentiated gradient (Collins et al. 2008): svmhmm and conll only (--eta,\n"
     "                 --eg-start)\n"
     "                 cliquegen: clique generation (Tan et al. 2015): arff only, 2 to 24 labels; every label pair\n"
     "                 is a candidate and the model keeps the pairs it learns (--cg-eps, --cg-batch)\n"
     "                 kbcfw: kernelised BCFW (Lacoste-Julien et al. 2013, App. B.5): svmlight (the lifted multiclass\n"
     "                 model) and svmhmm (the lifted chain, a kernel on tokens); the model file keeps the kernel and\n"
     "                 the support rows (--kernel, --gamma, --coef0, --degree, --kernel-cache; no checkpoints,\n"
     "                 --init or MPI ranks)\n"},
    {"--target-primal", NULL, 1, CMD_LEARN,
     "  --target-primal P  stop when an evaluated primal <= P (the objective 1/2 lambda |w|^2 + mean loss; not with\n"
     "                 --eval off)\n"},
    {"--average", NULL, 1, CMD_LEARN,
     "  --average A    weighted | suffix | uniform | none: the average the solver keeps (default: the solver's:\n"
     "                 weighted for bcfw, ssg, ms and kbcfw, uniform for deg, none for the others); bcfw and ssg\n"
     "                 take all four, ms none, weighted or uniform, kbcfw none or weighted, deg uniform, fw, cp, eg\n"
     "                 and cliquegen none (the suffix average restarts at each power of 2 of the step count)\n"},
    {"--returned", NULL, 1, CMD_LEARN,
     "  --returned R   best (the vector that met the rule, else the average; default) | average | iterate: the\n"
     "                 vector written to the model (the model keeps that vector's primal, dual and gap)\n"},
    {"--eval", NULL, 1, CMD_LEARN,
     "  --eval E       every (an evaluation, and a progress line with primal and gap, every pass; default) |\n"
     "                 predict (the first pass, then only where the decay of the past gaps says -e may be met,\n"
     "                 and at twice the last evaluated pass: fewer evaluation passes, the same certified gap; the\n"
     "                 other passes print no objective; the same as every with -e 0 or --solver ssg) | off (no\n"
     "                 evaluation: --passes alone stops the run; no gap is certified); the last --eval given wins\n"},
    {"--gap-sampling", NULL, 0, CMD_LEARN, "  --gap-sampling bcfw: draw examples by their block gaps (Osokin et al. 2016)\n"},
    {"--steps", NULL, 1, CMD_LEARN,
     "  --steps S      bcfw: fw | pairwise | away | all (pairwise and away steps over stored labelings) | exact\n"
     "                 (multiclass: each example's subproblem solved exactly, with shrinking; the fastest there)\n"},
    {"--cache", NULL, 0, CMD_LEARN,
     "  --cache        bcfw: reuse a stored labeling instead of the oracle when its gap is large enough\n"},
    {"--max-atoms", NULL, 1, CMD_LEARN,
     "  --max-atoms N  bcfw with --steps pairwise|away|all or --cache: labelings stored per example, >= 2 (default\n"
     "                 32); without them: refused\n"},
    {"--threads", NULL, 1, CMD_LEARN,
     "  --threads N    bcfw: run the oracle calls of a mini-batch on N threads, 1 to 256 (default 1); the model\n"
     "                 depends only on the seed and the batch, never on N\n"},
    {"--rounds", NULL, 1, CMD_LEARN,
     "  --rounds R     bcfw over MPI ranks (CoCoA+): R allreduces of the weights a pass instead of 1, 1 to 1000000\n"
     "                 (default 1): more rounds, fewer passes to a gap (MANUAL: DISTRIBUTED TRAINING); one\n"
     "                 process: refused\n"},
    {"--batch", NULL, 1, CMD_LEARN,
     "  --batch B      bcfw: mini-batch BCFW of B examples, at most n (default 0 = plain BCFW; with --threads > 1:\n"
     "                 32, or n if fewer); Frank-Wolfe steps only: with --batch or --threads > 1, --steps\n"
     "                 pairwise|away|all and --cache are refused\n"},
    {"--samples", NULL, 1, CMD_LEARN,
     "  --samples N    ms: labels drawn per step, 1 to 1000 (default 1: the oracle's); more than 1 takes the top\n"
     "                 classes (svmlight) or the k-best Viterbi labelings (svmhmm, conll); arff: 1 only\n"},
    {"--sweeps", NULL, 1, CMD_LEARN, "  --sweeps N     ms: passes of the update over the samples per step, 1 to 1000 (default 1)\n"},
    {"--eta", NULL, 1, CMD_LEARN,
     "  --eta E        deg: the step size, > 0 (default: 1/L by a power iteration); eg: the initial per-example\n"
     "                 step size, > 0 (default 0.5)\n"},
    {"--geometry", NULL, 1, CMD_LEARN, "  --geometry G   deg: euclidean (default) | entropic projections of the dual blocks\n"},
    {"--eg-start", NULL, 1, CMD_LEARN,
     "  --eg-start S   eg: the gold label's initial potential at every position, >= 0 (default 0: uniform dual)\n"},
    {"--cg-eps", NULL, 1, CMD_LEARN, "  --cg-eps E     cliquegen: the smoothing's accuracy (Proposition 2), > 0 (default 0.001)\n"},
    {"--cg-batch", NULL, 1, CMD_LEARN, "  --cg-batch K   cliquegen: label pairs activated per outer iteration, >= 1 (default 2)\n"},
    {"--kernel", NULL, 1, CMD_LEARN,
     "  --kernel K     kbcfw: linear <x, x'> | rbf exp(-gamma |x - x'|^2) (default) | poly (gamma <x, x'> +\n"
     "                 coef0)^degree, on the rows with the --bias feature\n"},
    {"--gamma", NULL, 1, CMD_LEARN, "  --gamma G      kbcfw, rbf and poly: > 0 (default 1/F, F the features with the bias)\n"},
    {"--coef0", NULL, 1, CMD_LEARN, "  --coef0 C      kbcfw, poly: the constant (default 0)\n"},
    {"--degree", NULL, 1, CMD_LEARN, "  --degree D     kbcfw, poly: 1 to 100 (default 3)\n"},
    {"--kernel-cache", NULL, 1, CMD_LEARN,
     "  --kernel-cache B  kbcfw: bytes for cached rows of kernel values (n doubles a row; default 67108864; 0:\n"
     "                 none); the model does not depend on it\n"},
    {"--graph", NULL, 1, CMD_LEARN,
     "  --graph G      arff: indep | tree (Chow-Liu tree of the training labels; default indep; not with cliquegen;\n"
     "                 another format: refused)\n"},
    {"--checkpoint", NULL, 1, CMD_LEARN,
     "  --checkpoint C save the run's state to C (atomically: C.tmp.XXXXXX, then renamed) every N passes; bcfw, fw, ssg\n"
     "                 and ms only; a file, not '-'\n"},
    {"--checkpoint-every", NULL, 1, CMD_LEARN, "  --checkpoint-every N  with --checkpoint: every N passes (default 1)\n"},
    {"--resume", NULL, 1, CMD_LEARN,
     "  --resume C     go on from checkpoint C (the same data and options; --seed the first run's: the checkpoint's\n"
     "                 random state goes on, the seed is only recorded, unknown without --seed; --passes counts from\n"
     "                 the start; a mini-batch run: the same --batch, any --threads; --threads > 1 alone means --batch\n"
     "                 32); a file, not '-'\n"},
    {"--init", NULL, 1, CMD_LEARN,
     "  --init M       warm start from model M (a model of the kind and shape this data trains: the same labels and\n"
     "                 features, arff: the same graph; bcfw and fw only: they minimise lambda/2|w - w0|^2 + the loss,\n"
     "                 w0 = M's weights; without --bias, M's bias)\n"},
    {"--help", "-h", 0, CMD_ALL, "  -h, --help     this text (structsvm help CMD: the same)\n"},
};
#define N_OPTS ((int)(sizeof optdefs / sizeof optdefs[0]))
static const char *usage_notes =
    "files: '-' is standard input for a file read (data, model, --template, --init: one of them a command) and\n"
    "standard output for a file written (model, predictions, out.c); --checkpoint and --resume take files. *.gz data\n"
    "is read through gzip -dc (a corrupt or cut file is an I/O error). Every file written goes to a new\n"
    "NAME.tmp.XXXXXX first (NAME's permissions) and is renamed over NAME only when complete, so a failed, killed or\n"
    "concurrent run never leaves a torn file where a good one was (a symbolic link: its target, the link stays; a\n"
    "device or FIFO is written in place); the output paths are checked before the data is read: a file this user\n"
    "may not write is refused, and so is an output that is also an input or another output (--resume C\n"
    "--checkpoint C excepted). A model keeps no times: the same command on the same input writes the same\n"
    "bytes. An option given twice is a usage error (--eval: the last wins). Numbers are decimal, as in the data\n"
    "files (no hex, no spaces, no inf or nan).\n"
    "exit status: 0 done, 1 data or training error, 2 usage error (an unknown option, a bad or missing value, an\n"
    "option or solver that does not apply), 3 I/O error (a file that cannot be read or written; the message gives\n"
    "the system's reason).\n";
/* cmd: a command's bit, or 0 for everything */
static void print_help(FILE *f, int cmd) {
    int k, first = 1;
    for (k = 0; k < N_CMDS; k++)
        if (!cmd || cmddefs[k].bit == cmd) { fprintf(f, "%s%s\n", first ? "usage: " : "       ", cmddefs[k].usage); first = 0; }
    if (!cmd) fprintf(f, "       structsvm help [COMMAND] | COMMAND --help\n");
    for (k = 0; k < N_CMDS; k++) if (!cmd || cmddefs[k].bit == cmd) {
        if (!cmd) fprintf(f, "%s:\n", cmddefs[k].name);
        fputs(cmddefs[k].what, f);
    }
    fprintf(f, "options%s:\n", cmd ? "" : " (structsvm help COMMAND: those the command takes)");
    for (k = 0; k < N_OPTS; k++) if (!cmd || (optdefs[k].cmds & cmd)) fputs(optdefs[k].help, f);
    fputs(usage_notes, f);
}
static void print_usage(FILE *f) { print_help(f, 0); }
static int cmd_bit(const char *name) {
    int k;
    for (k = 0; k < N_CMDS; k++) if (!strcmp(name, cmddefs[k].name)) return cmddefs[k].bit;
    return 0;
}

enum { FMT_SVMLIGHT, FMT_SVMHMM, FMT_CONLL, FMT_ARFF };
typedef struct opts {
    int format, passes, graph_tree, labels, threads, batch, eval_predict, eval_off, rounds; /* rounds 0: not given */
    int averaging, returned, gap_sampling, steps, cache, max_atoms; /* -1: the library's default */
    double target;
    double lambda, gap, bias, c; /* c: -c (NaN: not given; it overrides --lambda) */
    unsigned long long seed;
    int seed_set;
    ssvm_solver_kind solver;
    const char *tmpl;
    const char *ckpt, *resume, *init;
    int ckpt_every, fmt_set, bias_set, graph_set, gap_set;
    const char *tmpl_name; /* the template's name in messages (the file, or the model that kept it) */
    /* the other solvers' options (0 or NaN: not given, the library's default) */
    int samples, sweeps, geometry, cg_batch; /* geometry: -1 not given */
    double eta, eg_start, cg_eps;
    /* kbcfw: kernel -1 not given, else ssvm_kernel_kind; gamma, coef0 NaN, degree 0, kcache -1: not given */
    int kernel, degree;
    double gamma, coef0;
    long long kcache;
    const char *solver_name;
    /* predict: unlabelled data; conll_cols: the training file's columns (from the model; 0: unknown) */
    int unlabelled, conll_cols;
} opts;
static const char *fmt_names[4] = {"svmlight", "svmhmm", "conll", "arff"};

/* a file to read ('-': standard input), or NULL and errno (a directory: EISDIR, not a read error later) */
static FILE *open_file(const char *path) {
    struct stat st;
    FILE *f;
    if (!strcmp(path, "-")) return stdin;
    if (!(f = fopen(path, "rb"))) return NULL;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) { fclose(f); errno = EISDIR; return NULL; }
    return f;
}
/* a whole file in memory, NUL-terminated (NULL and errno if it cannot be read) */
static char *slurp(const char *path, size_t *len) {
    FILE *f = open_file(path);
    char *b = NULL, *nb;
    size_t cap = 0, n = 0, got;
    int e = 0;
    if (!f) return NULL;
    for (;;) {
        if (n + 1 >= cap) {
            cap = cap ? 2 * cap : 4096;
            if (!(nb = (char *)realloc(b, cap))) { e = ENOMEM; break; }
            b = nb;
        }
        got = fread(b + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) { if (ferror(f)) e = errno ? errno : EIO; break; }
    }
    if (f != stdin) fclose(f);
    if (e) { free(b); errno = e; return NULL; }
    b[n] = 0;
    *len = n;
    return b;
}
/* the options classify needs, kept in the model's metadata (format version 2): "format: F", "bias: B", and for
   CoNLL "template:" followed by the template file's text to the end; "seed: unknown" after --resume without --seed
   (the summary's seed is then not the run's: info says unknown) */
static char *make_metadata(const opts *o, const char *tmpl_text, int conll_cols) {
    size_t n = 160 + (tmpl_text ? strlen(tmpl_text) : 0);
    char *m = (char *)malloc(n);
    if (!m) return NULL;
    sprintf(m, "format: %s\nbias: %.17g\n", fmt_names[o->format], o->bias);
    /* conll: the training file's columns (the tag last), so that predict knows a file without its tag column */
    if (conll_cols > 0) sprintf(m + strlen(m), "columns: %d\n", conll_cols);
    if (o->resume && !o->seed_set) strcat(m, "seed: unknown (--resume without --seed)\n");
    if (tmpl_text) { strcat(m, "template:\n"); strcat(m, tmpl_text); }
    return m;
}
/* the value after "key: " in the metadata (up to the line's end), or NULL; nothing after "template:" (the
   template's text) is a key */
static const char *meta_value(const char *meta, const char *key) {
    size_t k = strlen(key);
    const char *q = meta;
    while (q && *q) {
        if (!strncmp(q, key, k) && q[k] == ':') return q + k + 1 + (q[k + 1] == ' ');
        if (!strncmp(q, "template:", 9)) return NULL;
        q = strchr(q, '\n');
        if (q) q++;
    }
    return NULL;
}

/* ---- input: a FILE (gzip -dc for *.gz) ---- */
static FILE *open_in(const char *path, int *pipe) {
    size_t n = strlen(path), i;
    FILE *f;
    *pipe = 0;
    if (!strcmp(path, "-")) { *pipe = 2; return stdin; }
    f = open_file(path);
    if (!f || n < 4 || strcmp(path + n - 3, ".gz") != 0) return f;
    fclose(f);
    {
        char *cmd = (char *)malloc(4 * n + 32), *q;
        if (!cmd) return NULL;
        q = cmd + sprintf(cmd, "gzip -dc -- '");
        for (i = 0; i < n; i++) { if (path[i] == '\'') { memcpy(q, "'\\''", 4); q += 4; } else *q++ = path[i]; }
        strcpy(q, "'");
        f = popen(cmd, "r");
        free(cmd);
        *pipe = 1;
    }
    return f;
}
/* 0; 1 when a read failed; 2 when gzip did (a corrupt or truncated .gz: what was read is not the whole file).
   drain: read the rest first (a reader that stopped at an error: gzip's status, not its broken pipe) */
static int close_in(FILE *f, int pipe, int drain) {
    char buf[4096];
    int st, bad = ferror(f) != 0;
    if (pipe == 2) return bad;
    if (!pipe) return fclose(f) != 0 || bad;
    while (drain && !bad && fread(buf, 1, sizeof buf, f) > 0) {}
    bad = bad || ferror(f) != 0;
    st = pclose(f);
    if (bad) return 1;
    return st == -1 || !WIFEXITED(st) || WEXITSTATUS(st) != 0 ? 2 : 0;
}
static int fail_read(const char *path, ssvm_result r, const ssvm_read_error *e) {
    fprintf(stderr, "%s:%ld:%ld: %s (%s)\n", path, e->line, e->column, e->message, ssvm_result_string(r));
    return 1;
}

static void *xmalloc(size_t n) { /* a message on failure; the caller returns EXIT_DATA */
    void *p = malloc(n ? n : 1);
    if (!p) fprintf(stderr, "out of memory (%lu bytes)\n", (unsigned long)n);
    return p;
}
/* a library call's failure on a file: the system's reason for an I/O error */
static int fail_file(const char *path, ssvm_result r) {
    if (r == SSVM_ERR_IO) { fprintf(stderr, "%s: %s: %s\n", path, ssvm_result_string(r), strerror(errno)); return EXIT_IO; }
    fprintf(stderr, "%s: %s\n", path, ssvm_result_string(r));
    return EXIT_DATA;
}
/* a model file ('-': standard input) into m: 0, or the exit code after a message (a directory or a failed read:
   the system's reason, exit 3, never "truncated") */
static int load_model(const char *path, ssvm_model *m) {
    FILE *f = open_file(path);
    ssvm_result r;
    int bad, e;
    if (!f) { fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno)); return EXIT_IO; }
    r = ssvm_model_load_FILE(f, SSVM_MODEL_ANY, m);
    e = errno; bad = ferror(f) != 0;
    if (f != stdin) fclose(f);
    if (bad) {
        if (r == SSVM_OK) ssvm_model_uninit(m);
        fprintf(stderr, "%s: cannot read: %s\n", path, strerror(e));
        return EXIT_IO;
    }
    return r == SSVM_OK ? 0 : fail_file(path, r);
}
/* CRF++ templates ('-': standard input) into tp; *text: the file's text (learn keeps it in the model) */
static int read_template(const char *path, ssvm_template *tp, char **text) {
    ssvm_reader_config rc = ssvm_reader_config_init();
    ssvm_read_error e;
    ssvm_result r;
    size_t len = 0;
    if (!(*text = slurp(path, &len))) { fprintf(stderr, "%s: cannot read: %s\n", path, strerror(errno)); return EXIT_IO; }
    if ((r = ssvm_read_template(&rc, ssvm_input_memory(*text, len), tp, &e)) != SSVM_OK) return fail_read(path, r, &e);
    return 0;
}

/* ---- output: written to NAME.tmp.XXXXXX and renamed over NAME when whole; a symbolic link's target instead (the link
   stays); in place where there is no file to replace (a device or FIFO, or '-': standard output) ---- */
typedef struct outfile {
    const char *name; /* as given ('-': "stdout"), for messages */
    char *path;       /* the regular file renamed over (NAME or a link's target), or NULL: written in place */
    int std;          /* '-': standard output */
} outfile;
/* the file a path names through its symbolic links (a dangling link: the file it would create), malloc'd; NULL
   and errno on failure */
static char *resolve_links(const char *path) {
    size_t n = strlen(path);
    char *p = (char *)malloc(n + 1), *t, *q;
    struct stat st;
    int hops = 0;
    if (!p) return NULL;
    memcpy(p, path, n + 1);
    while (lstat(p, &st) == 0 && S_ISLNK(st.st_mode)) {
        size_t cap = 256, dir;
        ssize_t got;
        if (++hops > 40) { free(p); errno = ELOOP; return NULL; }
        for (t = NULL;; cap *= 2) { /* the link's text, whatever its length */
            if (!(q = (char *)realloc(t, cap))) { free(t); free(p); errno = ENOMEM; return NULL; }
            t = q;
            if ((got = readlink(p, t, cap)) < 0) { int e = errno; free(t); free(p); errno = e; return NULL; }
            if ((size_t)got < cap) break;
        }
        /* relative to the link's directory */
        dir = (t[0] == '/' || !(q = strrchr(p, '/'))) ? 0 : (size_t)(q - p) + 1;
        if (!(q = (char *)malloc(dir + (size_t)got + 1))) { free(t); free(p); errno = ENOMEM; return NULL; }
        memcpy(q, p, dir); memcpy(q + dir, t, (size_t)got); q[dir + (size_t)got] = 0;
        free(t); free(p);
        p = q;
    }
    return p;
}
/* where an output goes, decided again at each write (a path may change during a long run: a link retargeted, a
   FIFO or a file put in its place): of->path the regular file to replace (NAME or its link's target), NULL to
   write in place (a device or FIFO); -1 and errno for a directory or an unresolvable link */
static int out_resolve(outfile *of) {
    struct stat st;
    free(of->path);
    of->path = NULL;
    if (stat(of->name, &st) == 0 && !S_ISREG(st.st_mode)) { /* a directory: refused; a device or FIFO: in place */
        if (S_ISDIR(st.st_mode)) { errno = EISDIR; return -1; }
        return 0;
    }
    return (of->path = resolve_links(of->name)) ? 0 : -1;
}
/* a new temporary file beside the target, NAME.tmp.XXXXXX (mkstemp: created exclusively, never through a link,
   never one another run uses), with the target's permission bits when it exists (else the umask's 0666); its
   stream, the name in *tmp (malloc'd), or NULL and errno */
static FILE *tmp_create(const char *target, const char *mode, char **tmp) {
    size_t n = strlen(target);
    struct stat st;
    mode_t perm, um;
    FILE *f;
    int fd;
    *tmp = NULL;
    if (!(*tmp = (char *)malloc(n + 12))) { errno = ENOMEM; return NULL; }
    memcpy(*tmp, target, n); memcpy(*tmp + n, ".tmp.XXXXXX", 12);
    if ((fd = mkstemp(*tmp)) < 0) { int e = errno; free(*tmp); *tmp = NULL; errno = e; return NULL; }
    if (stat(target, &st) == 0) perm = st.st_mode & 07777;
    else { um = umask(0); umask(um); perm = (mode_t)0666 & ~um; }
    if (fchmod(fd, perm) != 0 || !(f = fdopen(fd, mode))) {
        int e = errno;
        close(fd); remove(*tmp); free(*tmp); *tmp = NULL; errno = e;
        return NULL;
    }
    return f;
}
/* an output path, checked before any work is done: a directory, a file this user may not write (it would be
   replaced all the same by the rename), or a directory where no temporary file can be created, or a device or
   FIFO that is not writable, is refused with the system's reason */
static int out_check(const char *name, outfile *of) {
    char *tmp;
    FILE *f;
    of->path = NULL;
    if ((of->std = !strcmp(name, "-")) != 0) { of->name = "stdout"; return 0; }
    of->name = name;
    if (out_resolve(of) != 0 || (!of->path && access(name, W_OK) != 0) ||
        (of->path && access(of->path, F_OK) == 0 && access(of->path, W_OK) != 0)) {
        fprintf(stderr, "%s: cannot write: %s\n", name, strerror(errno));
        return EXIT_IO;
    }
    if (!of->path) return 0;
    if (!(f = tmp_create(of->path, "wb", &tmp))) { fprintf(stderr, "%s: cannot write: %s\n", name, strerror(errno)); return EXIT_IO; }
    fclose(f);
    remove(tmp);
    free(tmp);
    return 0;
}
/* the stream to write (*tmp: NAME.tmp.XXXXXX, or NULL in place), or NULL and errno; the path is resolved again */
static FILE *out_open(outfile *of, const char *mode, char **tmp) {
    *tmp = NULL;
    if (of->std) return stdout;
    if (out_resolve(of) != 0) return NULL;
    if (!of->path) return fopen(of->name, mode);
    return tmp_create(of->path, mode, tmp);
}
/* an output that is also an input (or another output) would be lost when it is written: the same file by device
   and inode (through links), or the same name where the output does not exist yet; '-' never clashes */
static int same_file(const char *a, const char *b) {
    struct stat sa, sb;
    if (!a || !b || !strcmp(a, "-") || !strcmp(b, "-")) return 0;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    return !strcmp(a, b);
}
static int out_clash(const outfile *of, const char *what, const char *in) {
    if (of->std || !of->path || !same_file(of->name, in)) return 0; /* a device or FIFO loses no file */
    fprintf(stderr, "%s: also %s (an output never overwrites an input or another output)\n", of->name, what);
    return EXIT_USAGE;
}
/* closes f (standard output: flushed) and, when ok, renames NAME.tmp over NAME, else removes it (NAME keeps what
   it had): 0, or the errno of a failed write, close or rename */
static int out_close(const outfile *of, FILE *f, char *tmp, int ok) {
    int e = ferror(f) ? (errno ? errno : EIO) : 0;
    if (f == stdout) { if (fflush(f) != 0 && !e) e = errno; }
    else if (fclose(f) != 0 && !e) e = errno;
    if (tmp && ok && !e && rename(tmp, of->path) != 0) e = errno;
    if (tmp && (!ok || e)) remove(tmp);
    free(tmp);
    return e;
}
/* one output written whole by write(obj, f) (a model, C source, a checkpoint): 0, or the exit code after a message
   (a failed write: exit 3 and the system's reason) */
static int out_write(outfile *of, ssvm_result (*write)(const void *obj, FILE *f), const void *obj) {
    char *tmp;
    FILE *f = out_open(of, "wb", &tmp);
    ssvm_result r;
    int e, c;
    if (!f) { fprintf(stderr, "%s: cannot write: %s\n", of->name, strerror(errno)); return EXIT_IO; }
    r = write(obj, f);
    e = r == SSVM_OK ? 0 : errno; /* a failed write's reason, before the close */
    c = out_close(of, f, tmp, r == SSVM_OK);
    if (r == SSVM_OK && !(e = c)) return 0;
    if (r != SSVM_OK && r != SSVM_ERR_WORKSPACE && r != SSVM_ERR_IO) { /* not the write: the model or solver */
        fprintf(stderr, "%s: %s\n", of->name, ssvm_result_string(r));
        return EXIT_DATA;
    }
    fprintf(stderr, "%s: cannot write: %s\n", of->name, strerror(e ? e : EIO));
    return EXIT_IO;
}
/* out_write's writers (the library's FILE variants: a short write is SSVM_ERR_IO, SSVM_ERR_WORKSPACE before 0.18) */
static ssvm_result write_model(const void *m, FILE *f) { return ssvm_model_save_FILE((const ssvm_model *)m, f); }
static ssvm_result write_c(const void *m, FILE *f) { return ssvm_model_export_c_FILE((const ssvm_model *)m, "model", f); }
static int fwrite_all(void *f, const void *bytes, size_t n) { return fwrite(bytes, 1, n, (FILE *)f) != n; }
static ssvm_result write_checkpoint(const void *s, FILE *f) {
    ssvm_result r = ssvm_solver_checkpoint_write((const ssvm_solver *)s, fwrite_all, f);
    return r == SSVM_OK && fflush(f) != 0 ? SSVM_ERR_IO : r;
}

/* everything read from one data file */
typedef struct data {
    ssvm_svmlight_data l;
    ssvm_conll_data c;
    ssvm_conll_features f;
    ssvm_arff_data a;
} data;
static void data_free(data *d) {
    ssvm_svmlight_data_uninit(&d->l); ssvm_conll_features_uninit(&d->f); ssvm_conll_data_uninit(&d->c);
    ssvm_arff_data_uninit(&d->a);
}
/* read path in o->format; CoNLL also featurizes (grow at learn time). shard (MPI ranks, SVM^light and SVM^hmm):
   keep only this rank's examples (ssvm_reader_config.shard_count), with the whole file's dimensions */
static int read_data(const opts *o, const char *path, int n_attrs, ssvm_template *tp, ssvm_dict *attrs,
                     ssvm_dict *labels, int grow, int shard, data *d) {
    ssvm_reader_config rc = ssvm_reader_config_init();
    ssvm_read_error e;
    ssvm_result r;
    int pipe;
    FILE *f = open_in(path, &pipe);
    int bad, err, ci;
    memset(d, 0, sizeof *d);
    if (!f) { fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno)); return EXIT_IO; }
    rc.n_attrs = n_attrs;
    rc.bias = o->format == FMT_ARFF ? 1 : o->bias;
    rc.unlabelled = o->unlabelled; /* predict: labels may be missing (READERS: config.unlabelled) */
    if (o->format == FMT_ARFF) rc.n_labels = o->labels;
    if (shard && TOOL_SIZE > 1 && (o->format == FMT_SVMLIGHT || o->format == FMT_SVMHMM)) {
        rc.shard_index = TOOL_RANK; rc.shard_count = TOOL_SIZE;
    }
    if (o->format == FMT_SVMLIGHT) r = ssvm_read_svmlight(&rc, ssvm_input_FILE(f), &d->l, &e);
    else if (o->format == FMT_SVMHMM) r = ssvm_read_svmhmm(&rc, ssvm_input_FILE(f), &d->l, &e);
    else if (o->format == FMT_CONLL) r = ssvm_read_conll(&rc, ssvm_input_FILE(f), &d->c, &e);
    else r = ssvm_read_arff(&rc, ssvm_input_FILE(f), &d->a, &e);
    err = errno;
    /* a failed read or gzip before a parse error: what was parsed may be a prefix, or the garbage of a corrupt .gz */
    ci = close_in(f, pipe, r != SSVM_OK);
    bad = ci || r == SSVM_ERR_IO;
    if (bad) {
        if (ci == 2) fprintf(stderr, "%s: gzip failed (a corrupt or truncated .gz file)\n", path);
        else fprintf(stderr, "%s: cannot read: %s\n", path, strerror(err ? err : EIO));
        if (r == SSVM_OK) data_free(d);
        return EXIT_IO;
    }
    if (r == SSVM_ERR_EMPTY && rc.shard_count > 1 && strncmp(e.message, "no examples in this shard", 25) == 0) {
        fprintf(stderr, "%s: fewer examples than %d ranks: none for rank %d\n", path, rc.shard_count, rc.shard_index);
        return EXIT_USAGE; /* as the ranks' ssvm_shard_range split of CoNLL and ARFF data */
    }
    if (r != SSVM_OK) return fail_read(path, r, &e);
    if (o->format == FMT_CONLL) {
        rc.bias = 0;
        /* predict: a file with one column fewer than the training file's has no tag column; with as many, its
           tags are read (and ignored); a model that does not say how many columns (0.9.0) expects the tags */
        rc.unlabelled = 0;
        if (!o->unlabelled && o->conll_cols > 0 && d->c.n_cols != o->conll_cols) { /* classify scores the last column */
            fprintf(stderr, "%s: %d columns; the model was trained on %d (classify needs the tag column; use predict)\n",
                    path, d->c.n_cols, o->conll_cols);
            data_free(d);
            return EXIT_DATA;
        }
        if (o->unlabelled && o->conll_cols > 0) {
            if (d->c.n_cols == o->conll_cols - 1) rc.unlabelled = 1;
            else if (d->c.n_cols != o->conll_cols) {
                fprintf(stderr, "%s: %d columns; the model was trained on %d (give %d without the tag column, or %d)\n",
                        path, d->c.n_cols, o->conll_cols, o->conll_cols - 1, o->conll_cols);
                data_free(d);
                return EXIT_DATA;
            }
        }
        r = ssvm_conll_featurize(&rc, &d->c, tp, attrs, labels, grow, 1, &d->f, &e);
        if (r != SSVM_OK) return fail_read(o->tmpl_name ? o->tmpl_name : "template", r, &e);
    }
    return 0;
}

/* ---- learn ---- */
typedef struct run_state {
    int tty, every, failed, width; /* failed: the exit code of a failed checkpoint; width: the last line's (tty) */
    outfile *ckpt;
    const ssvm_solver *s;
} run_state;
static int progress(void *user, const ssvm_progress *p) {
    run_state *u = (run_state *)user;
    /* the vector with the smaller gap (the stopping rule reads either: the line shows the one that would meet it,
       named; ms's average has none), else the average when one was evaluated */
    const ssvm_objective *ob = p->average.primal == p->average.primal ? &p->average : &p->iterate;
    char line[256];
    int n;
    if (isfinite(p->iterate.gap) && !(isfinite(p->average.gap) && p->average.gap <= p->iterate.gap)) ob = &p->iterate;
    if (!isfinite(ob->primal)) /* --eval predict or off: a pass without an evaluation */
        snprintf(line, sizeof line, "pass %4d  (not evaluated)  %.2f s", p->pass, p->wall_seconds);
    else { /* no non-finite number: a vector without a dual (ssg) prints none */
        n = snprintf(line, sizeof line, "pass %4d  %s primal %.6g", p->pass,
                     ob == &p->iterate ? "iterate" : "average", ob->primal);
        if (isfinite(ob->dual)) n += snprintf(line + n, sizeof line - (size_t)n, "  dual %.6g", ob->dual);
        if (isfinite(ob->gap)) n += snprintf(line + n, sizeof line - (size_t)n, "  gap %.3g", ob->gap);
        snprintf(line + n, sizeof line - (size_t)n, "  %.2f s", p->wall_seconds);
    }
    n = (int)strlen(line);
    if (TOOL_RANK != 0) { /* MPI: rank 0 prints */
    } else if (u->tty) { /* in place: spaces over the rest of a longer line before it */
        fprintf(stderr, "\r%s%*s", line, u->width > n ? u->width - n : 0, "");
        u->width = n;
    } else fprintf(stderr, "%s\n", line);
    fflush(stderr);
    if (u->ckpt && p->pass % u->every == 0) /* the state after this pass and its evaluation */
        if ((u->failed = out_write(u->ckpt, write_checkpoint, u->s)) != 0) return 1;
    return 0;
}
/* what each solver takes (the library's SOLVERS AT A GLANCE): the averages, checkpoints, warm starts */
enum { AV_NONE = 1 << SSVM_AVG_NONE, AV_WEIGHTED = 1 << SSVM_AVG_WEIGHTED, AV_SUFFIX = 1 << SSVM_AVG_SUFFIX,
       AV_UNIFORM = 1 << SSVM_AVG_UNIFORM };
static int solver_averages(ssvm_solver_kind k) {
    switch (k) {
    case SSVM_BCFW: case SSVM_SSG: return AV_NONE | AV_WEIGHTED | AV_SUFFIX | AV_UNIFORM;
    case SSVM_MULTISAMPLE: return AV_NONE | AV_WEIGHTED | AV_UNIFORM;
    case SSVM_DEG: return AV_UNIFORM;
    case SSVM_KBCFW: return AV_NONE | AV_WEIGHTED;
    default: return AV_NONE;
    }
}
static int usage_err(const char *fmt, const char *a, const char *b) {
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return EXIT_USAGE;
}
/* the options that belong to one format (learn: the format given or guessed; classify and predict: the model's):
   another format's is a usage error that says why, never ignored */
static int check_format_opts(const opts *o) {
    const char *fm = fmt_names[o->format];
    if (o->bias_set && o->format == FMT_CONLL)
        return usage_err("--bias: conll has no bias option (%s)%s", "a template such as U99:bias adds one", "");
    if (o->bias_set && o->format == FMT_ARFF)
        return usage_err("--bias: arff always adds a constant feature of 1 (%s)%s", "it is not an option", "");
    if (o->tmpl && o->format != FMT_CONLL) return usage_err("--template: conll only, not %s%s", fm, "");
    if (o->labels > 0 && o->format != FMT_ARFF) return usage_err("--labels: arff only (the label attributes), not %s%s", fm, "");
    if (o->graph_set && o->format != FMT_ARFF) return usage_err("--graph: arff only (the graph over its labels), not %s%s", fm, "");
    return 0;
}
/* learn's options against the solver and the format, before any file is touched: an option that does not apply
   is a usage error that says why (never a library code after the run) */
/* the kernel solver's options: --kernel and its parameters only with --solver kbcfw, each parameter only with a kernel
   that has it; kbcfw only on svmlight data and in one process */
static int check_kernel_opts(const opts *o) {
    const char *kn = o->kernel == SSVM_KERNEL_LINEAR ? "linear" : o->kernel == SSVM_KERNEL_POLY ? "poly" : "rbf";
    const char *k = o->kernel >= 0 ? "--kernel" : o->gamma == o->gamma ? "--gamma" : o->coef0 == o->coef0 ? "--coef0"
                  : o->degree > 0 ? "--degree" : o->kcache >= 0 ? "--kernel-cache" : NULL;
    if (o->solver != SSVM_KBCFW) return k ? usage_err("%s: only with --solver kbcfw, not %s", k, o->solver_name) : 0;
    if (o->gamma == o->gamma && o->kernel == SSVM_KERNEL_LINEAR) return usage_err("--gamma: the %s kernel has none%s", kn, "");
    if (o->coef0 == o->coef0 && o->kernel != SSVM_KERNEL_POLY) return usage_err("--coef0: only with --kernel poly, not %s%s", kn, "");
    if (o->degree > 0 && o->kernel != SSVM_KERNEL_POLY) return usage_err("--degree: only with --kernel poly, not %s%s", kn, "");
    if (o->format == FMT_CONLL)
        return usage_err("--solver kbcfw: svmlight and svmhmm only, not conll (%s)%s",
                         "its template features run to millions of attributes, and the kernel holds rows dense", "");
    if (o->format == FMT_ARFF)
        return usage_err("--solver kbcfw: svmlight and svmhmm only, not arff (%s)%s",
                         "the library lifts kernels to the multiclass and chain models, not the graph model", "");
    if (TOOL_SIZE > 1) return usage_err("--solver kbcfw: one process only (%s)%s", "its support set is not sharded", "");
    return 0;
}
static int check_learn_opts(const opts *o) {
    const char *sv = o->solver_name, *fm = fmt_names[o->format];
    int bcfw = o->solver == SSVM_BCFW, chain = o->format == FMT_SVMHMM || o->format == FMT_CONLL;
    static const char *avg_names[4] = {"none", "weighted", "suffix", "uniform"};
    int rc;
    if ((rc = check_format_opts(o)) != 0) return rc;
    if (o->ckpt_every > 0 && !o->ckpt) return usage_err("--checkpoint-every: only with --checkpoint (%s)%s", "nothing would be saved", "");
    if (o->eval_off && o->target == o->target)
        return usage_err("--target-primal: --eval off evaluates no primal (%s)%s", "--eval every or predict", "");
    if (o->gap_set && o->gap > 0 && o->eval_off) return usage_err("-e/--gap: --eval off evaluates no gap (%s)%s", "--eval every or predict", "");
    if (o->gap_set && o->gap > 0 && o->solver == SSVM_SSG)
        return usage_err("-e/--gap: --solver ssg has no dual, so no gap (%s)%s", "stop it with --passes or --target-primal", "");
    if (!bcfw) {
        const char *b = o->gap_sampling ? "--gap-sampling" : o->steps >= 0 ? "--steps" : o->cache ? "--cache"
                      : o->max_atoms > 0 ? "--max-atoms" : o->batch > 0 ? "--batch" : o->threads > 1 ? "--threads" : NULL;
        if (b) return usage_err("%s: only with --solver bcfw, not %s", b, sv);
    }
    if (o->rounds && !bcfw) return usage_err("--rounds: only with --solver bcfw (CoCoA+), not %s%s", sv, "");
    if (o->rounds && TOOL_SIZE < 2)
        return usage_err("--rounds: only over MPI ranks (%s)%s", "mpirun -np K structsvm_mpi learn, K >= 2", "");
    if (o->steps == SSVM_BCFW_STEPS_EXACT && o->format != FMT_SVMLIGHT)
        return usage_err("--steps exact: only with multiclass data (--format svmlight), not %s%s", fm, "");
    if (o->steps == SSVM_BCFW_STEPS_EXACT && (o->gap_sampling || o->cache || o->batch > 0 || o->threads > 1))
        return usage_err("--steps exact: not with %s%s", o->gap_sampling ? "--gap-sampling" : o->cache ? "--cache"
                         : o->batch > 0 ? "--batch" : "--threads", "");
    if ((o->batch > 0 || o->threads > 1) && (o->cache || o->steps == SSVM_BCFW_STEPS_PAIRWISE || o->steps == SSVM_BCFW_STEPS_AWAY ||
                                             o->steps == SSVM_BCFW_STEPS_ALL)) {
        static const char *st[] = {"--steps fw", "--steps pairwise", "--steps away", "--steps all", "--steps exact"};
        fprintf(stderr, "%s: not with %s (mini-batch BCFW takes Frank-Wolfe steps only, no stored labelings)\n",
                o->cache ? "--cache" : st[o->steps], o->batch > 0 ? "--batch" : "--threads");
        return EXIT_USAGE;
    }
    if (o->max_atoms > 0 && !o->cache && (o->steps < 0 || o->steps == SSVM_BCFW_STEPS_FW || o->steps == SSVM_BCFW_STEPS_EXACT))
        return usage_err("--max-atoms: only with --steps pairwise, away or all, or --cache (%s)%s",
                         "the labelings they store", "");
    if ((o->samples || o->sweeps) && o->solver != SSVM_MULTISAMPLE)
        return usage_err("%s: only with --solver ms, not %s", o->samples ? "--samples" : "--sweeps", sv);
    if (o->eta == o->eta && o->solver != SSVM_DEG && o->solver != SSVM_EG) return usage_err("%s: only with --solver deg or eg, not %s", "--eta", sv);
    if (o->geometry >= 0 && o->solver != SSVM_DEG) return usage_err("%s: only with --solver deg, not %s", "--geometry", sv);
    if (o->eg_start == o->eg_start && o->solver != SSVM_EG) return usage_err("%s: only with --solver eg, not %s", "--eg-start", sv);
    if ((o->cg_eps == o->cg_eps || o->cg_batch) && o->solver != SSVM_CLIQUEGEN)
        return usage_err("%s: only with --solver cliquegen, not %s", o->cg_batch ? "--cg-batch" : "--cg-eps", sv);
    if (o->solver == SSVM_DEG && chain)
        return usage_err("--solver deg: needs a label polytope (svmlight's classes, or arff with at most 16 labels); %s is a chain%s",
                         fm, "");
    if (o->solver == SSVM_EG && !chain) return usage_err("--solver eg: chains only (svmhmm, conll), not %s%s", fm, "");
    if (o->solver == SSVM_CLIQUEGEN && o->format != FMT_ARFF) return usage_err("--solver cliquegen: arff only (it learns which label pairs to link), not %s%s", fm, "");
    if (o->solver == SSVM_CLIQUEGEN && o->graph_set)
        return usage_err("--graph %s: not with cliquegen (it learns its own graph: every pair is a candidate)%s",
                         o->graph_tree ? "tree" : "indep", "");
    if (o->samples > 1 && o->format == FMT_ARFF)
        return usage_err("--samples: more than 1 needs a sampler; the arff (graph) model has none (%s)%s", "give --samples 1", "");
    if (o->averaging >= 0 && !(solver_averages(o->solver) & (1 << o->averaging))) {
        char buf[96] = "";
        int k;
        for (k = 0; k < 4; k++) if (solver_averages(o->solver) & (1 << k)) { strcat(buf, *buf ? ", " : ""); strcat(buf, avg_names[k]); }
        fprintf(stderr, "--average %s: --solver %s keeps %s\n", avg_names[o->averaging], sv, buf);
        return EXIT_USAGE;
    }
    if (o->returned == SSVM_W_AVERAGE && (solver_averages(o->solver) == AV_NONE || o->averaging == SSVM_AVG_NONE))
        return usage_err("--returned average: --solver %s %s", sv, solver_averages(o->solver) == AV_NONE ? "keeps no average" : "with --average none keeps none");
    if ((o->ckpt || o->resume) && o->solver != SSVM_BCFW && o->solver != SSVM_FW && o->solver != SSVM_SSG && o->solver != SSVM_MULTISAMPLE)
        return usage_err("%s: checkpoints cover bcfw, fw, ssg and ms, not %s", o->ckpt ? "--checkpoint" : "--resume", sv);
    if (o->init && o->solver != SSVM_BCFW && o->solver != SSVM_FW) return usage_err("--init: a warm start needs --solver bcfw or fw, not %s%s", sv, "");
    if ((o->ckpt && !strcmp(o->ckpt, "-")) || (o->resume && !strcmp(o->resume, "-")))
        return usage_err("%s: a file, not '-' (%s)", o->ckpt && !strcmp(o->ckpt, "-") ? "--checkpoint" : "--resume",
                         "checkpoints are written and read by name");
    return check_kernel_opts(o);
}
/* --init: the weights of a model of the kind and shape this data trains (the same labels, features, graph and
   layout) mean the same; another model's do not, even of the same dimension */
static int same_shape(const ssvm_model *a, const ssvm_model *b) {
    const int layout = SSVM_CHAIN_BIASES | SSVM_CHAIN_ATTR_MAJOR;
    int k, same = a->kind == b->kind && a->d == b->d && a->n_labels == b->n_labels && a->n_attrs == b->n_attrs &&
                  a->n_edges == b->n_edges && (a->kind != SSVM_MODEL_CHAIN || (a->flags & layout) == (b->flags & layout));
    for (k = 0; same && k < 2 * a->n_edges; k++) same = a->edges[k] == b->edges[k];
    return same;
}
static void print_shape(const ssvm_model *m) {
    fprintf(stderr, "a %s model of %d labels, %d features", ssvm_model_kind_string(m->kind), m->n_labels, m->n_attrs);
    if (m->kind == SSVM_MODEL_GRAPH) fprintf(stderr, ", %d edges", m->n_edges);
    fprintf(stderr, " (%d weights)", m->d);
}
/* a training call's failure: the options the library refuses are a usage error naming them (exit 2), the rest a
   data or training error (exit 1) */
static int fail_training(ssvm_result r) {
    const char *opt = r == SSVM_ERR_BATCH ? "--batch/--threads: " : r == SSVM_ERR_LAMBDA ? "--lambda/-c: " : "";
    /* the data were checked when read: a non-finite value in training is the weights' or the objective's */
    fprintf(stderr, "training: %s%s%s\n", opt, ssvm_result_string(r),
            r == SSVM_ERR_NONFINITE ? " (the weights or the objective overflowed: features too large, --lambda too small or -c too large)" : "");
    return *opt || r == SSVM_ERR_BCFW_OPTION || r == SSVM_ERR_BCFW_COMBINATION || r == SSVM_ERR_NOT_SUPPORTED ||
           r == SSVM_ERR_INVALID_ARG ? EXIT_USAGE : EXIT_DATA;
}
/* ---- learn --solver kbcfw: the kernel solver on svmlight data (the lifted multiclass model) or svmhmm data (the
   lifted chain, the kernel on tokens), written as an SSVM_MODEL_KERNEL model file (the kernel and the support rows;
   MODEL FILES). The rows (examples or tokens) are made dense for ssvm_dense_kernel_fn (n x F reals, the bias feature
   included), as ssvm_model_predict densifies each row it predicts. ---- */
static int learn_kernel(const opts *o, const char *train_path, const char *model_path) {
    data d;
    ssvm_multiclass mc;
    ssvm_multiclass_config mcc;
    ssvm_chain ch;
    ssvm_chain_config chc;
    ssvm_problem p;
    ssvm_solver_config sc;
    ssvm_solver s;
    ssvm_dense_kernel dk;
    ssvm_progress final;
    ssvm_model m;
    run_state rs;
    ssvm_real *x = NULL, *buf = NULL;
    char *meta = NULL;
    size_t bytes = 0, nf;
    ssvm_result r, r2;
    ssvm_which which;
    outfile mo;
    int rc, i, k, K, tty = isatty(2), chain = o->format == FMT_SVMHMM;
    if ((rc = out_check(model_path, &mo)) != 0 || (rc = out_clash(&mo, "the training data", train_path)) != 0 ||
        (rc = out_clash(&mo, "the template", o->tmpl)) != 0) {
        free(mo.path);
        return rc;
    }
    if ((rc = read_data(o, train_path, 0, NULL, NULL, NULL, 1, 0, &d)) != 0) return rc;
    if (chain) { /* the lifted chain: a kernel on tokens (rows), the chain's counted Hamming loss as learn's */
        chc = ssvm_svmhmm_chain_config_init(&d.l);
        chc.flags = SSVM_CHAIN_COUNTED_LOSS;
        if ((r = ssvm_chain_init(&chc, &ch)) == SSVM_OK) r = ssvm_chain_problem(&ch, &p);
        K = chc.n_labels;
    } else {
        mcc = ssvm_svmlight_multiclass_config_init(&d.l);
        if ((r = ssvm_multiclass_init(&mcc, &mc)) == SSVM_OK) r = ssvm_multiclass_problem(&mc, &p);
        K = mcc.n_labels;
    }
    if (r != SSVM_OK) { fprintf(stderr, "%s: %s\n", train_path, ssvm_result_string(r)); return EXIT_DATA; }
    if ((size_t)d.l.n > ((size_t)-1) / sizeof(ssvm_real) / (size_t)d.l.n_attrs) { fprintf(stderr, "%s: too large\n", train_path); return EXIT_DATA; }
    nf = (size_t)d.l.n * (size_t)d.l.n_attrs;
    if (!(x = (ssvm_real *)xmalloc(nf * sizeof(ssvm_real)))) return EXIT_DATA;
    memset(x, 0, nf * sizeof(ssvm_real));
    for (i = 0; i < d.l.n; i++) /* repeated ids add up, as the decoders' sums (and ssvm_model_kernel_scores) */
        for (k = d.l.row_start[i]; k < d.l.row_start[i + 1]; k++)
            x[(size_t)i * (size_t)d.l.n_attrs + (size_t)d.l.attr_id[k]] += d.l.attr_val ? d.l.attr_val[k] : (ssvm_real)1;
    memset(&dk, 0, sizeof dk);
    dk.x = x; dk.rows = d.l.n; dk.F = d.l.n_attrs;
    dk.kind = o->kernel >= 0 ? (ssvm_kernel_kind)o->kernel : SSVM_KERNEL_RBF;
    dk.gamma = o->gamma == o->gamma ? o->gamma : 1.0 / (double)d.l.n_attrs;
    dk.coef0 = o->coef0 == o->coef0 ? o->coef0 : 0;
    dk.degree = o->degree > 0 ? o->degree : 3;
    fprintf(stderr, "%d %s, %d features, %d classes, kernel %s\n", p.n, chain ? "sequences" : "examples", d.l.n_attrs, K,
            dk.kind == SSVM_KERNEL_LINEAR ? "linear" : dk.kind == SSVM_KERNEL_RBF ? "rbf" : "poly");
    sc = ssvm_solver_config_init(&p, SSVM_KBCFW);
    sc.lambda = o->lambda; sc.gap_tol = o->gap; sc.max_passes = o->passes; sc.seed = o->seed;
    sc.eval_schedule = o->eval_predict ? SSVM_EVAL_PREDICT : SSVM_EVAL_FIXED;
    if (o->eval_off) sc.eval_every = 0;
    if (o->target == o->target) sc.target_primal = o->target;
    if (o->averaging >= 0) sc.averaging = (ssvm_averaging)o->averaging;
    sc.kernel.input = ssvm_dense_kernel_fn; sc.kernel.user = &dk; sc.kernel.n_labels = K;
    if (chain) sc.kernel.chain = &ch;
    sc.kernel.cache_bytes = o->kcache >= 0 ? (size_t)o->kcache : (size_t)64 << 20;
    memset(&rs, 0, sizeof rs);
    rs.tty = tty; rs.every = 1; rs.s = &s;
    sc.progress = progress; sc.progress_user = &rs;
    if ((r = ssvm_solver_init(&sc, &s)) != SSVM_OK) return fail_training(r);
    r = ssvm_solver_run(&s);
    if (tty) fprintf(stderr, "\n");
    if (r < 0) return r == SSVM_ERR_LAMBDA ? fail_training(r) : (fprintf(stderr, "training: %s\n", ssvm_result_string(r)), EXIT_DATA);
    ssvm_solver_progress(&s, &final);
    /* which support set: as for the linear models, the vector that met the rule that stopped the run (the average
       when it met it and the iterate did no better), else the average when one is kept, else the iterate */
    which = o->returned >= 0 ? (ssvm_which)o->returned : sc.averaging == SSVM_AVG_NONE ? SSVM_W_ITERATE : SSVM_W_AVERAGE;
    if (o->returned < 0 && sc.averaging != SSVM_AVG_NONE && (r == SSVM_CONVERGED || r == SSVM_TARGET_REACHED ||
                                                             r == SSVM_PRECISION)) {
        int by_gap = r != SSVM_TARGET_REACHED; /* SSVM_PRECISION: the smaller gap */
        double a = by_gap ? final.iterate.gap : final.iterate.primal, b = by_gap ? final.average.gap : final.average.primal;
        double tol = by_gap ? sc.gap_tol : sc.target_primal;
        int ia = a == a && (a <= tol || r == SSVM_PRECISION), ib = b == b && (b <= tol || r == SSVM_PRECISION);
        which = ib && !(ia && a < b) ? SSVM_W_AVERAGE : ia ? SSVM_W_ITERATE : SSVM_W_AVERAGE;
    }
    if ((r2 = ssvm_model_of_kernel_get_size(&s, which, &bytes)) == SSVM_OK && (buf = (ssvm_real *)xmalloc(bytes ? bytes : 1)) != NULL)
        r2 = ssvm_model_of_kernel(&s, which, buf, bytes, &m);
    if (!buf) return EXIT_DATA;
    if (r2 != SSVM_OK) { fprintf(stderr, "model: %s\n", ssvm_result_string(r2)); return EXIT_DATA; }
    fprintf(stderr, "%s\n%d support %s\n", ssvm_result_string(r),
            (m.d - 3 - (chain ? K * K : 0)) / (m.n_attrs + m.n_labels), chain ? "tokens" : "examples");
    final.returned = (int)which;
    final.wall_seconds = 0; /* no times in the model: the same command writes the same bytes */
    ssvm_model_set_summary(&m, &sc, &final);
    if (!(m.metadata = meta = make_metadata(o, NULL, 0))) return EXIT_DATA;
    rc = out_write(&mo, write_model, &m); /* through model_path.tmp and a rename */
    ssvm_solver_uninit(&s);
    if (rc != 0) return rc;
    free(meta); free(buf); free(x); free(mo.path);
    if (chain) ssvm_chain_uninit(&ch); else ssvm_multiclass_uninit(&mc);
    data_free(&d);
    return 0;
}
static int learn(const opts *o0, const char *train_path, const char *model_path) {
    opts oo = *o0, *o = &oo;
    data d;
    ssvm_template tp;
    ssvm_dict attrs, labels;
    ssvm_multiclass mc;
    ssvm_chain ch;
    ssvm_graph gr;
    ssvm_multiclass_config mcc;
    ssvm_chain_config chc;
    ssvm_graph_config grc;
    ssvm_problem p;
    ssvm_solver_config sc;
    ssvm_progress final;
    ssvm_model m;
    ssvm_real *w;
    ssvm_result r;
    ssvm_solver s;
    ssvm_model im;
    run_state rs;
    outfile mo, co;
    char *tmpl_text = NULL, *meta = NULL;
    const char **an = NULL, **ln = NULL;
    int tty = isatty(2), i, E = 0, have_pool = 0, rc, *cand = NULL, *tree = NULL;
    const int sharded = TOOL_SIZE > 1 && (o->format == FMT_SVMLIGHT || o->format == FMT_SVMHMM); /* read_data's shard */
    ssvm_threads pool;
    void **slot_users = NULL, *slot_models = NULL;
    ssvm_dict_init(&attrs, NULL); ssvm_dict_init(&labels, NULL);
    memset(&tp, 0, sizeof tp);
    if ((rc = check_learn_opts(o)) != 0) return rc;
    if (o->solver == SSVM_KBCFW) return learn_kernel(o, train_path, model_path); /* a section of its own */
    if (o->format == FMT_CONLL) {
        if (!o->tmpl) { fprintf(stderr, "conll needs --template\n"); return 2; }
        if ((rc = read_template(o->tmpl, &tp, &tmpl_text)) != 0) return rc;
    }
    /* the output paths first: a long run is not lost to a typo in the model's path */
    if (TOOL_SIZE > 1) { /* MPI: a checkpoint file per rank (PATH.<rank>), the model from rank 0 */
        static char ck[4096], rs_[4096];
        if (o->ckpt) { snprintf(ck, sizeof ck, "%s.%d", o->ckpt, TOOL_RANK); o->ckpt = ck; }
        if (o->resume) { snprintf(rs_, sizeof rs_, "%s.%d", o->resume, TOOL_RANK); o->resume = rs_; }
    }
    memset(&mo, 0, sizeof mo); memset(&co, 0, sizeof co);
    if ((TOOL_RANK == 0 && (rc = out_check(model_path, &mo)) != 0) || (o->ckpt && (rc = out_check(o->ckpt, &co)) != 0))
        return rc;
    /* an output that is an input: lost (the data, the template, the checkpoint resumed from as the model, the
       model as the checkpoint; --init M writing M is read first, --resume C --checkpoint C goes on writing C) */
    if ((TOOL_RANK == 0 && ((rc = out_clash(&mo, "the training data", train_path)) != 0 ||
                            (rc = out_clash(&mo, "the template", o->tmpl)) != 0 ||
                            (rc = out_clash(&mo, "the checkpoint resumed", o->resume)) != 0 ||
                            (rc = out_clash(&mo, "the checkpoint", o->ckpt)) != 0)) ||
        (o->ckpt && ((rc = out_clash(&co, "the training data", train_path)) != 0 ||
                     (rc = out_clash(&co, "the template", o->tmpl)) != 0 ||
                     (rc = out_clash(&co, "the initial model", o->init)) != 0 ||
                     (TOOL_RANK != 0 && (rc = out_clash(&co, "the model", model_path)) != 0)))) {
        free(mo.path); free(co.path);
        return rc;
    }
    memset(&im, 0, sizeof im);
    if (o->init) { /* warm start: the model's weights as the prox centre (ssvm_solver_config_warm_start below) */
        const char *mb;
        if ((rc = load_model(o->init, &im)) != 0) return rc;
        /* no --bias: the initial model's (the same features, so the same dimension) */
        if (!o->bias_set && (o->format == FMT_SVMLIGHT || o->format == FMT_SVMHMM) && (mb = meta_value(im.metadata, "bias")) != NULL)
            o->bias = atof(mb);
    }
    if ((rc = read_data(o, train_path, 0, &tp, &attrs, &labels, 1, 1, &d)) != 0) return rc;
    if (o->format == FMT_ARFF && o->solver == SSVM_DEG && d.a.n_labels > SSVM_GRAPH_POLYTOPE_MAX_LABELS) {
        fprintf(stderr, "--solver deg: %s has %d labels; its simplex over the labelings needs at most %d\n", train_path,
                d.a.n_labels, SSVM_GRAPH_POLYTOPE_MAX_LABELS);
        return EXIT_USAGE;
    }
    if (o->solver == SSVM_CLIQUEGEN && (d.a.n_labels < 2 || d.a.n_labels > SSVM_GRAPH_ENUM_MAX_LABELS)) {
        fprintf(stderr, "--solver cliquegen: %s has %d labels; the candidate pairs need 2 to %d\n", train_path,
                d.a.n_labels, SSVM_GRAPH_ENUM_MAX_LABELS);
        return EXIT_USAGE;
    }
    if (o->format == FMT_SVMLIGHT) {
        mcc = ssvm_svmlight_multiclass_config_init(&d.l);
        if ((r = ssvm_multiclass_init(&mcc, &mc)) == SSVM_OK) r = ssvm_multiclass_problem(&mc, &p);
    } else if (o->format == FMT_ARFF) {
        grc = ssvm_arff_graph_config(&d.a);
        if (o->graph_tree) { /* the Chow-Liu tree: L - 1 edges */
            size_t bytes = 0;
            void *work = NULL;
            if ((r = ssvm_chow_liu_get_work_size(d.a.n_labels, &bytes)) == SSVM_OK &&
                (!(work = xmalloc(bytes)) || !(tree = (int *)xmalloc(sizeof(int) * 2 * (size_t)d.a.n_labels))))
                r = SSVM_ERR_OUT_OF_MEMORY;
            if (r == SSVM_OK) r = ssvm_chow_liu(d.a.n, d.a.n_labels, d.a.labels, work, bytes, tree, &E);
            free(work);
            if (r != SSVM_OK) { fprintf(stderr, "--graph tree: %s: %s\n", train_path, ssvm_result_string(r)); return EXIT_DATA; }
            grc.n_edges = E; grc.edges = E ? tree : NULL;
        }
        if (o->solver == SSVM_CLIQUEGEN) { /* the candidates: every pair of labels */
            int a, b, L = d.a.n_labels;
            if (!(cand = (int *)xmalloc(sizeof(int) * (size_t)(L * (L - 1))))) return EXIT_DATA;
            for (a = 0; a < L; a++) for (b = a + 1; b < L; b++) { cand[2 * E] = a; cand[2 * E + 1] = b; E++; }
            grc.n_edges = E; grc.edges = cand;
        }
        if ((r = ssvm_graph_init(&grc, &gr)) == SSVM_OK) r = ssvm_graph_problem(&gr, &p);
    } else {
        chc = o->format == FMT_CONLL ? ssvm_conll_chain_config_init(&d.f) : ssvm_svmhmm_chain_config_init(&d.l);
        chc.flags = SSVM_CHAIN_COUNTED_LOSS | (o->format == FMT_CONLL ? SSVM_CHAIN_ATTR_MAJOR : 0);
        if ((r = ssvm_chain_init(&chc, &ch)) == SSVM_OK) r = ssvm_chain_problem(&ch, &p);
    }
    if (r != SSVM_OK) { fprintf(stderr, "%s: %s\n", train_path, ssvm_result_string(r)); return 1; }
    if (TOOL_RANK == 0) fprintf(stderr, "%d examples, %d weights\n", sharded ? d.l.n_total : p.n, p.d);
#ifdef STRUCTSVM_TOOL_MPI
    if (sharded) { /* SVM^light / SVM^hmm: the reader kept this rank's examples (e % K == rank) */
        if (TOOL_RANK == 0) fprintf(stderr, "%d ranks, %d examples on rank 0 (index %% %d == 0)\n", TOOL_SIZE, p.n, TOOL_SIZE);
    } else if (TOOL_SIZE > 1) { /* CoNLL, ARFF: this rank's shard of the examples (every rank read them all: the same
                                   dictionaries and label sets) */
        static ssvm_shard shard;
        ssvm_problem whole = p;
        int first = 0, count = 0;
        if (ssvm_shard_range(whole.n, TOOL_RANK, TOOL_SIZE, &first, &count) != SSVM_OK || count < 1 ||
            ssvm_problem_shard(&whole, first, count, &shard, &p) != SSVM_OK) {
            fprintf(stderr, "%s: %d examples for %d ranks: fewer than one a rank\n", train_path, whole.n, TOOL_SIZE);
            return EXIT_USAGE;
        }
        if (TOOL_RANK == 0) fprintf(stderr, "%d ranks, examples %d .. %d on rank 0\n", TOOL_SIZE, first, first + count - 1);
    }
#endif
    sc = ssvm_solver_config_init(&p, o->solver);
    sc.lambda = o->lambda; sc.gap_tol = o->gap; sc.max_passes = o->passes; sc.seed = o->seed;
    sc.eval_schedule = o->eval_predict ? SSVM_EVAL_PREDICT : SSVM_EVAL_FIXED;
    if (o->eval_off) sc.eval_every = 0;
    if (o->target == o->target) sc.target_primal = o->target;
    if (o->averaging >= 0) sc.averaging = (ssvm_averaging)o->averaging;
    if (o->gap_sampling) sc.bcfw.gap_sampling = 1;
    if (o->steps >= 0) sc.bcfw.steps = (ssvm_bcfw_steps)o->steps;
    if (o->cache) sc.bcfw.cache = 1;
    if (o->max_atoms > 0) sc.bcfw.max_atoms = o->max_atoms;
    if (o->solver == SSVM_MULTISAMPLE) {
        if (o->samples > 0) sc.ms.samples = o->samples;
        if (o->sweeps > 0) sc.ms.sweeps = o->sweeps;
        if (o->samples > 1) { /* more labels a step than the oracle's one: the model's sampler */
            r = o->format == FMT_SVMLIGHT ? ssvm_multiclass_sampler(&mc, &sc.ms.sampler) : ssvm_chain_kbest_sampler(&ch, &sc.ms.sampler);
            if (r != SSVM_OK) { fprintf(stderr, "--samples: %s\n", ssvm_result_string(r)); return EXIT_DATA; }
        }
    }
    if (o->solver == SSVM_DEG) {
        if (o->eta == o->eta) sc.deg.eta = o->eta;
        if (o->geometry >= 0) sc.deg.geometry = (ssvm_deg_geometry)o->geometry;
        if (!p.parts) { fprintf(stderr, "--solver deg: this model has no label polytope\n"); return EXIT_USAGE; }
    }
    if (o->solver == SSVM_EG) {
        sc.eg.chain = &ch;
        if (o->eta == o->eta) sc.eg.eta = o->eta;
        if (o->eg_start == o->eg_start) sc.eg.start = o->eg_start;
    }
    if (o->solver == SSVM_CLIQUEGEN) {
        sc.cg.graph = &gr;
        if (o->cg_eps == o->cg_eps) sc.cg.eps = o->cg_eps;
        if (o->cg_batch > 0) sc.cg.batch = o->cg_batch;
    }
    memset(&rs, 0, sizeof rs);
    rs.tty = tty; rs.ckpt = o->ckpt ? &co : NULL; rs.every = o->ckpt_every > 0 ? o->ckpt_every : 1; rs.s = &s;
    sc.progress = progress; sc.progress_user = &rs;
#ifdef STRUCTSVM_TOOL_MPI
    if (TOOL_SIZE > 1) { /* BCFW: CoCoA+ (--rounds a pass); FW, the cutting plane: exact */
        ssvm_mpi_dist(&g_mpi, &sc.dist);
        sc.dist.rounds = o->rounds > 1 ? o->rounds : 0; /* 1 is the default's 0: the same run, fingerprint and all */
    }
#endif
    w = (ssvm_real *)xmalloc(sizeof(ssvm_real) * (size_t)p.d);
    if (!w) return EXIT_DATA;
    if (o->init) { /* a model of another kind or shape is refused, even of the same dimension */
        ssvm_model want;
        r = o->format == FMT_SVMLIGHT ? ssvm_model_of_multiclass(&mcc, w, &want)
          : o->format == FMT_ARFF ? ssvm_model_of_graph(&grc, w, &want) : ssvm_model_of_chain(&chc, w, &want);
        if (r == SSVM_OK && !same_shape(&im, &want)) {
            fprintf(stderr, "%s: no warm start for this data: ", o->init);
            print_shape(&im);
            fprintf(stderr, "; this data trains ");
            print_shape(&want);
            if (im.kind == want.kind && im.n_attrs != want.n_attrs && (o->format == FMT_SVMLIGHT || o->format == FMT_SVMHMM))
                fprintf(stderr, "; --bias %.17g%s", o->bias, o->bias_set ? "" : ": give the bias it was trained with");
            else if (im.kind == want.kind && im.n_labels == want.n_labels && im.n_attrs == want.n_attrs &&
                     im.n_edges == want.n_edges)
                fprintf(stderr, "; %s", im.kind == SSVM_MODEL_GRAPH ? "another graph" : "another weight layout (svmhmm or conll)");
            fputc('\n', stderr);
            return EXIT_DATA;
        }
    }
    if (o->init && (r = ssvm_solver_config_warm_start(&sc, &im)) != SSVM_OK) {
        fprintf(stderr, "%s: %s", o->init, ssvm_result_string(r));
        if (im.d != p.d && (o->format == FMT_SVMLIGHT || o->format == FMT_SVMHMM))
            fprintf(stderr, " (%d weights, this data %d; --bias %.17g%s)", im.d, p.d, o->bias,
                    o->bias_set ? "" : ": give the bias it was trained with");
        fputc('\n', stderr);
        return 1;
    }
    if (o->batch > 0 || o->threads > 1) { /* mini-batch BCFW (MANUAL: PARALLEL BCFW) */
        int b = o->batch > 0 ? o->batch : 32, k;
        if (o->batch > p.n) { /* a batch of more examples than there are: refused, not clamped */
            fprintf(stderr, "--batch %d: more than the %d examples%s\n", o->batch, p.n, TOOL_SIZE > 1 ? " of this rank" : "");
            return EXIT_USAGE;
        }
        if (b > p.n) b = p.n; /* --threads' default of 32 */
        sc.par.batch = b;
        if (o->threads > 1) {
            if (ssvm_threads_init(&pool, o->threads) != 0) { fprintf(stderr, "--threads: cannot start threads\n"); return 1; }
            have_pool = 1;
            sc.par.parallel_for = ssvm_threads_parallel_for; sc.par.user = &pool;
        }
        if (o->format != FMT_SVMLIGHT) { /* chain and graph oracles keep scratch in their object: one per slot */
            slot_users = (void **)calloc((size_t)b, sizeof(void *));
            slot_models = calloc((size_t)b, o->format == FMT_ARFF ? sizeof(ssvm_graph) : sizeof(ssvm_chain));
            if (!slot_users || !slot_models) { fprintf(stderr, "out of memory\n"); return EXIT_DATA; }
            for (k = 0; k < b; k++) {
                if (o->format == FMT_ARFF) { ssvm_graph *g = (ssvm_graph *)slot_models + k; r = ssvm_graph_init(&grc, g); slot_users[k] = g; }
                else { /* the slot borrows ch's compacted inputs (dense x), not a copy each */
                    ssvm_chain *c = (ssvm_chain *)slot_models + k;
                    ssvm_chain_config sc = chc;
                    sc.inputs_from = &ch;
                    r = ssvm_chain_init(&sc, c); slot_users[k] = c;
                }
                if (r != SSVM_OK) { fprintf(stderr, "%s\n", ssvm_result_string(r)); return 1; }
            }
            sc.par.task_users = slot_users;
        }
    }
    /* ssvm_train's steps, with a solver of our own for the checkpoints */
    if ((r = ssvm_solver_init(&sc, &s)) != SSVM_OK) return fail_training(r); /* an option the solver refuses is the user's */
    ssvm_model_uninit(&im); /* the solver keeps its own copy of w0 */
    if (o->resume && (r = ssvm_solver_checkpoint_load_path(&s, o->resume)) != SSVM_OK) return fail_file(o->resume, r);
    if (o->resume) { /* --passes counts from the start: a checkpoint at or past it would train nothing */
        ssvm_progress at;
        memset(&at, 0, sizeof at);
        ssvm_solver_progress(&s, &at);
        if (at.pass >= o->passes) {
            fprintf(stderr, "%s: the checkpoint is at pass %d; --passes %d would train nothing (give more)\n",
                    o->resume, at.pass, o->passes);
            return EXIT_USAGE;
        }
    }
    r = ssvm_solver_run(&s);
    if (have_pool) ssvm_threads_uninit(&pool);
    if (slot_models) {
        for (i = 0; i < sc.par.batch; i++) {
            if (o->format == FMT_ARFF) ssvm_graph_uninit((ssvm_graph *)slot_models + i);
            else ssvm_chain_uninit((ssvm_chain *)slot_models + i);
        }
        free(slot_models); free(slot_users);
    }
    if (tty) fprintf(stderr, "\n");
    if (rs.failed) return rs.failed; /* the checkpoint's write: exit 3 with the reason, as any output */
    if (r < 0) return r == SSVM_ERR_INVALID_ARG ? (fprintf(stderr, "training: %s\n", ssvm_result_string(r)), EXIT_DATA)
                                               : fail_training(r);
    {   /* what ssvm_train returns: the vector that met the rule, else the average if one is kept */
        ssvm_which which = (r == SSVM_CONVERGED || r == SSVM_TARGET_REACHED || r == SSVM_PRECISION) ? SSVM_W_BEST
                                                                                                        : SSVM_W_AVERAGE;
        ssvm_result r2;
        size_t wbytes = sizeof(ssvm_real) * (size_t)p.d;
        if (o->returned >= 0) which = (ssvm_which)o->returned; /* --returned average | iterate */
        r2 = ssvm_solver_weights(&s, which, w, wbytes);
        if (r2 == SSVM_ERR_NOT_SUPPORTED && which == SSVM_W_AVERAGE && o->returned < 0)
            r2 = ssvm_solver_weights(&s, which = SSVM_W_ITERATE, w, wbytes);
        ssvm_solver_progress(&s, &final);
        if (which == SSVM_W_BEST && r2 == SSVM_OK) {
            /* the model keeps the objective of the vector written: the one the library's SSVM_W_BEST gave. Its rule
               (ssvm_solver_run): the vector that met the rule that stopped the run, the gap's for SSVM_CONVERGED,
               the primal against --target-primal for SSVM_TARGET_REACHED; the average when it met it and the
               iterate did no better. Checked bit for bit against that vector (the other one if they differ). */
            const ssvm_solver_config *cf = ssvm_solver_config_of(&s);
            int by_gap = r != SSVM_TARGET_REACHED; /* (the gap rule's allowance aside: a mismatch takes the other) */
            double a = by_gap ? final.iterate.gap : final.iterate.primal, b = by_gap ? final.average.gap : final.average.primal;
            double tol = by_gap ? cf->gap_tol : cf->target_primal;
            int ia = a == a && a <= tol, ib = b == b && b <= tol;
            ssvm_real *w2 = (ssvm_real *)xmalloc(wbytes);
            which = ib && !(ia && a < b) ? SSVM_W_AVERAGE : ia ? SSVM_W_ITERATE : SSVM_W_AVERAGE;
            if (!w2) return EXIT_DATA;
            if (ssvm_solver_weights(&s, which, w2, wbytes) != SSVM_OK || memcmp(w, w2, wbytes) != 0)
                which = which == SSVM_W_AVERAGE ? SSVM_W_ITERATE : SSVM_W_AVERAGE;
            free(w2);
        }
        if (r2 == SSVM_OK && o->solver == SSVM_CLIQUEGEN) { /* the model keeps the learned pairs only, their tables */
            int *act = (int *)xmalloc(sizeof(int) * (size_t)(E + 1)), na = 0, k, j, F = d.a.n_attrs, L = d.a.n_labels;
            int *all = (int *)xmalloc(sizeof(int) * 2 * (size_t)(E + 1));
            ssvm_real *tab = (ssvm_real *)xmalloc(sizeof(ssvm_real) * 4 * (size_t)(E + 1));
            if (!act || !tab || !all) return EXIT_DATA;
            if ((r2 = ssvm_solver_cg_active(&s, act, sizeof(int) * (size_t)E, &na)) == SSVM_OK) {
                memcpy(tab, w + (size_t)L * (size_t)F, sizeof(ssvm_real) * 4 * (size_t)E);
                memcpy(all, cand, sizeof(int) * 2 * (size_t)E);
                for (k = 0; k < na; k++) { /* in activation order */
                    cand[2 * k] = all[2 * act[k]]; cand[2 * k + 1] = all[2 * act[k] + 1];
                    for (j = 0; j < 4; j++) w[(size_t)L * (size_t)F + 4 * (size_t)k + (size_t)j] = tab[4 * (size_t)act[k] + (size_t)j];
                }
                grc.n_edges = na; grc.edges = na ? cand : NULL;
                fprintf(stderr, "%d of %d label pairs learned\n", na, E);
            }
            free(act); free(tab); free(all);
        }
        final.returned = (int)which;
        final.wall_seconds = 0; /* no times in the model: the same command writes the same bytes */
        ssvm_solver_uninit(&s);
        if (r2 != SSVM_OK) { fprintf(stderr, "training: %s\n", ssvm_result_string(r2)); return 1; }
    }
    if (TOOL_RANK == 0) fprintf(stderr, "%s\n", ssvm_result_string(r));
    if (TOOL_RANK != 0) r = SSVM_ERR_NOT_SUPPORTED; /* MPI: rank 0 writes the model (the same w on every rank) */
    else if (o->format == FMT_SVMLIGHT) r = ssvm_model_of_multiclass(&mcc, w, &m);
    else if (o->format == FMT_ARFF) r = ssvm_model_of_graph(&grc, w, &m);
    else r = ssvm_model_of_chain(&chc, w, &m);
    if (r == SSVM_OK) {
        ssvm_model_set_summary(&m, &sc, &final);
        m.metadata = meta = make_metadata(o, tmpl_text, o->format == FMT_CONLL ? d.c.n_cols : 0); /* classify reads them back */
        if (o->format == FMT_CONLL) { /* names: the attribute dictionary rebuilds the ids at classify time */
            an = (const char **)xmalloc(sizeof(char *) * (size_t)(attrs.n + 1));
            ln = (const char **)xmalloc(sizeof(char *) * (size_t)(labels.n + 1));
            if (!an || !ln) return EXIT_DATA;
            for (i = 0; i < attrs.n; i++) an[i] = ssvm_dict_str(&attrs, i);
            for (i = 0; i < labels.n; i++) ln[i] = ssvm_dict_str(&labels, i);
            m.n_attr_names = attrs.n; m.attr_names = an; m.n_label_names = labels.n; m.label_names = ln;
        } else if (o->format == FMT_ARFF) {
            an = (const char **)xmalloc(sizeof(char *) * (size_t)(d.a.n_attrs + 1));
            ln = (const char **)xmalloc(sizeof(char *) * (size_t)(d.a.n_labels + 1));
            if (!an || !ln) return EXIT_DATA;
            for (i = 0; i < d.a.attr_names.n; i++) an[i] = ssvm_dict_str(&d.a.attr_names, i);
            if (i < d.a.n_attrs) an[i++] = "(bias)";
            for (i = 0; i < d.a.n_labels; i++) ln[i] = ssvm_dict_str(&d.a.label_names, i);
            m.n_attr_names = d.a.n_attrs; m.attr_names = an; m.n_label_names = d.a.n_labels; m.label_names = ln;
        }
        if ((rc = out_write(&mo, write_model, &m)) != 0) return rc; /* through model_path.tmp and a rename */
    }
    if (TOOL_RANK == 0 && r != SSVM_OK) { fprintf(stderr, "%s: %s\n", model_path, ssvm_result_string(r)); return EXIT_DATA; }
    free(an); free(ln); free(w); free(meta); free(tmpl_text); free(mo.path); free(co.path);
    if (o->format == FMT_SVMLIGHT) ssvm_multiclass_uninit(&mc);
    else if (o->format == FMT_ARFF) { ssvm_graph_uninit(&gr); free(cand); free(tree); }
    else ssvm_chain_uninit(&ch);
    data_free(&d);
    ssvm_dict_uninit(&attrs); ssvm_dict_uninit(&labels); ssvm_template_uninit(&tp);
    return 0;
}

/* ---- classify and predict ---- */
/* a failure before the predictions are written whole: NAME.tmp is closed and removed (NAME keeps what it had) */
static int abandon_out(outfile *of, FILE *out, char *pred_tmp) {
    out_close(of, out, pred_tmp, 0);
    return EXIT_DATA;
}
/* predict: the data need no gold labels (o->unlabelled) and nothing is scored; classify scores, and prints the
   score only once the predictions file is written whole and renamed into place */
static int classify(const opts *o0, const char *test_path, const char *model_path, const char *pred_path, int predict) {
    opts oo = *o0, *o = &oo;
    char score[512];
    const char *mv;
    ssvm_model m;
    data d;
    ssvm_template tp;
    ssvm_dict attrs, labels;
    ssvm_result r;
    FILE *out;
    outfile po;
    char *pred_tmp, *tmpl_text = NULL;
    int *y = NULL, i, t, k, ylen, rc, mkind;
    void *work = NULL;
    size_t wb = 0, yb;
    long right = 0, total = 0, exact = 0;
    score[0] = 0;
    o->unlabelled = predict;
    ssvm_dict_init(&attrs, NULL); ssvm_dict_init(&labels, NULL);
    memset(&tp, 0, sizeof tp);
    if ((rc = out_check(pred_path, &po)) != 0) return rc;
    if ((rc = out_clash(&po, "the data", test_path)) != 0 || (rc = out_clash(&po, "the model", model_path)) != 0 ||
        (rc = out_clash(&po, "the template", o->tmpl)) != 0) {
        free(po.path);
        return rc;
    }
    if ((rc = load_model(model_path, &m)) != 0) return rc;
    /* a kernel model (learn --solver kbcfw) predicts as the model it lifts: multiclass, or a chain */
    mkind = m.kind != SSVM_MODEL_KERNEL ? m.kind : (m.flags & SSVM_MODEL_KERNEL_CHAIN) ? SSVM_MODEL_CHAIN : SSVM_MODEL_MULTICLASS;
    /* what learn kept in the model: the format, the bias, the template; an option given here must agree with it
       (a CoNLL model read as svmhmm would score garbage) */
    if ((mv = meta_value(m.metadata, "format")) != NULL) {
        int k, kept = -1;
        for (k = 0; k < 4; k++) if (!strncmp(mv, fmt_names[k], strlen(fmt_names[k])) && mv[strlen(fmt_names[k])] == '\n') kept = k;
        if (kept >= 0 && o->fmt_set && o->format != kept) {
            fprintf(stderr, "%s: trained with --format %s, not %s\n", model_path, fmt_names[kept], fmt_names[o->format]);
            return EXIT_USAGE;
        }
        if (kept >= 0) o->format = kept;
    }
    if ((rc = check_format_opts(o)) != 0) return rc; /* --bias, --template, --labels of another format */
    if (o->format == FMT_CONLL || o->format == FMT_ARFF) /* the model's bias is what the format always has */
        o->bias = o->format == FMT_ARFF ? 1 : 0; /* (arff models before 0.10 kept 0, conll ones any --bias) */
    else if ((mv = meta_value(m.metadata, "bias")) != NULL) {
        double kept = atof(mv);
        if (o->bias_set && o->bias != kept) {
            fprintf(stderr, "%s: trained with --bias %.17g, not %.17g\n", model_path, kept, o->bias);
            return EXIT_USAGE;
        }
        o->bias = kept;
    } else if (!o->bias_set) o->bias = 0; /* a model without metadata: no bias feature */
    if ((mv = meta_value(m.metadata, "columns")) != NULL) o->conll_cols = atoi(mv);
    o->tmpl_name = o->tmpl ? o->tmpl : model_path; /* the template kept in the model, when none is given */
    if (o->format == FMT_CONLL) {
        ssvm_reader_config cfg = ssvm_reader_config_init();
        ssvm_read_error e;
        const char *mt = meta_value(m.metadata, "template");
        if (!o->tmpl && mt && *mt == '\n') { /* the template text kept by learn */
            if ((r = ssvm_read_template(&cfg, ssvm_input_memory(mt + 1, strlen(mt + 1)), &tp, &e)) != SSVM_OK)
                return fail_read(model_path, r, &e);
        } else if (!o->tmpl) { fprintf(stderr, "conll needs --template\n"); return 2; }
        else if ((rc = read_template(o->tmpl, &tp, &tmpl_text)) != 0) return rc;
        else if (mt && *mt == '\n' && strcmp(mt + 1, tmpl_text) != 0) { /* the weights mean the kept template's features */
            fprintf(stderr, "%s: trained with another template than %s (the model keeps its own: give none, or the same)\n",
                    model_path, o->tmpl);
            return EXIT_USAGE;
        }
        if (m.n_attr_names != m.n_attrs || m.n_label_names != m.n_labels) { fprintf(stderr, "%s: no names in the model\n", model_path); return 1; }
        for (i = 0; i < m.n_attr_names; i++) ssvm_dict_add(&attrs, m.attr_names[i], strlen(m.attr_names[i]), NULL);
        for (i = 0; i < m.n_label_names; i++) ssvm_dict_add(&labels, m.label_names[i], strlen(m.label_names[i]), NULL);
    }
    /* arff without --labels: the model's labels are the data's last attributes (learn --labels L: L of them, not
       the trailing {0,1} ones) */
    if (o->format == FMT_ARFF && o->labels == 0 && mkind == SSVM_MODEL_GRAPH && m.n_labels > 0) o->labels = m.n_labels;
    /* SVM^light / SVM^hmm: the model's features (the bias, if any, was its last) and no more */
    if ((rc = read_data(o, test_path, o->format == FMT_ARFF ? 0 : m.n_attrs - (o->bias != 0 ? 1 : 0), &tp, &attrs, &labels,
                        0, 0, &d)) != 0)
        return rc;
    if ((mkind == SSVM_MODEL_MULTICLASS) != (o->format == FMT_SVMLIGHT) || (mkind == SSVM_MODEL_GRAPH) != (o->format == FMT_ARFF)) {
        fprintf(stderr, "%s: a %s model does not take this format\n", model_path, ssvm_model_kind_string(m.kind));
        return 1;
    }
    if (o->format == FMT_ARFF && d.a.n_attrs != m.n_attrs) { fprintf(stderr, "%s: %d features, the model %d\n", test_path, d.a.n_attrs, m.n_attrs); return EXIT_DATA; }
    if (o->format == FMT_ARFF && d.a.n_labels != m.n_labels) { /* the gold labels are read per model label */
        fprintf(stderr, "%s: %d labels, the model %d\n", test_path, d.a.n_labels, m.n_labels);
        return EXIT_DATA;
    }
    if (o->format == FMT_ARFF) { /* the columns by name, when the model keeps them: the same features and labels in
                                    the training file's order (never remapped: another order is another file) */
        const char *dn = NULL, *mn = NULL, *what = NULL;
        int j = 0;
        if (m.n_attr_names == m.n_attrs && m.attr_names)
            for (j = 0; j < d.a.attr_names.n && j < m.n_attr_names; j++)
                if (strcmp(dn = ssvm_dict_str(&d.a.attr_names, j), mn = m.attr_names[j]) != 0) { what = "attribute"; break; }
        if (!what && m.n_label_names == m.n_labels && m.label_names)
            for (j = 0; j < d.a.label_names.n && j < m.n_label_names; j++)
                if (strcmp(dn = ssvm_dict_str(&d.a.label_names, j), mn = m.label_names[j]) != 0) { what = "label"; break; }
        if (what) {
            fprintf(stderr, "%s: %s %d is '%s', the model's is '%s' (the training file's %ss, in its order)\n", test_path,
                    what, j + 1, dn, mn, what);
            return EXIT_DATA;
        }
    }
    /* the predictions go to pred_path.tmp, renamed over pred_path once written whole (or in place: out_check) */
    if (!(out = out_open(&po, "w", &pred_tmp))) { fprintf(stderr, "%s: cannot write: %s\n", po.name, strerror(errno)); return EXIT_IO; }
    {
        int maxlen = 1;
        const int *ss = o->format == FMT_CONLL ? d.c.seq_start : d.l.seq_start;
        int nseq = o->format == FMT_CONLL ? d.c.n_seq : d.l.n_seq;
        if (mkind == SSVM_MODEL_CHAIN) for (i = 0; i < nseq; i++) if (ss[i + 1] - ss[i] > maxlen) maxlen = ss[i + 1] - ss[i];
        if (m.kind == SSVM_MODEL_GRAPH) maxlen = m.n_labels;
        yb = sizeof(int) * (size_t)maxlen;
        y = (int *)xmalloc(yb);
        if ((r = ssvm_model_predict_get_work_size(&m, maxlen, 0, &wb)) != SSVM_OK) fprintf(stderr, "%s\n", ssvm_result_string(r));
        else work = xmalloc(wb ? wb : 1);
        if (r != SSVM_OK || !y || !work) return abandon_out(&po, out, pred_tmp);
    }
    if (o->format == FMT_SVMLIGHT) {
        for (i = 0; i < d.l.n; i++) {
            ssvm_model_input in = ssvm_model_input_init(1, NULL);
            in.attr_start = d.l.row_start + i; in.attr_id = d.l.attr_id; in.attr_val = d.l.attr_val;
            if ((r = ssvm_model_predict(&m, &in, work, wb, y, yb, &ylen)) != SSVM_OK) break;
            fprintf(out, "%d\n", y[0] + 1);
            right += y[0] == d.l.labels[i];
            total++;
        }
        if (r == SSVM_OK && !predict) sprintf(score, "accuracy %.2f%% (%ld of %ld)\n", 100.0 * (double)right / (double)total, right, total);
    } else if (o->format == FMT_ARFF) {
        for (i = 0; i < d.a.n; i++) {
            ssvm_model_input in = ssvm_model_input_init(1, d.a.sparse ? NULL : d.a.x + (size_t)i * (size_t)d.a.n_attrs);
            int errs = 0;
            if (d.a.sparse) { in.attr_start = d.a.row_start + i; in.attr_id = d.a.attr_id; in.attr_val = d.a.attr_val; }
            if ((r = ssvm_model_predict(&m, &in, work, wb, y, yb, &ylen)) != SSVM_OK) break;
            for (k = 0; k < m.n_labels; k++) {
                fprintf(out, "%s%d", k ? "," : "", y[k]);
                errs += y[k] != d.a.labels[(size_t)i * (size_t)m.n_labels + (size_t)k]; /* predict: -1 never equal */
            }
            fputc('\n', out);
            right += m.n_labels - errs; total += m.n_labels; exact += errs == 0;
        }
        if (r == SSVM_OK && !predict)
            sprintf(score, "Hamming loss %.4f, subset accuracy %.2f%% (%ld of %d)\n", 1.0 - (double)right / (double)total,
                    100.0 * (double)exact / (double)d.a.n, exact, d.a.n);
    } else { /* chains */
        int conll = o->format == FMT_CONLL, nseq = conll ? d.c.n_seq : d.l.n_seq, ntok = conll ? d.c.n_tok : d.l.n;
        const int *ss = conll ? d.c.seq_start : d.l.seq_start, *as = conll ? d.f.attr_start : d.l.row_start;
        const int *ai = conll ? d.f.attr_id : d.l.attr_id, *gold = conll ? d.f.labels : d.l.labels;
        const ssvm_real *av = conll ? NULL : d.l.attr_val;
        int *pred = (int *)xmalloc(sizeof(int) * (size_t)ntok);
        if (!pred) return abandon_out(&po, out, pred_tmp);
        for (i = 0; i < nseq; i++) {
            ssvm_model_input in = ssvm_model_input_init(ss[i + 1] - ss[i], NULL);
            in.attr_start = as + ss[i]; in.attr_id = ai; in.attr_val = av;
            if ((r = ssvm_model_predict(&m, &in, work, wb, y, yb, &ylen)) != SSVM_OK) break;
            for (t = 0; t < ylen; t++) {
                pred[ss[i] + t] = y[t];
                right += y[t] == gold[ss[i] + t];
                if (conll) {
                    for (k = 0; k < d.c.n_cols; k++) fprintf(out, "%s ", ssvm_dict_str(&d.c.strs, d.c.cell[(size_t)(ss[i] + t) * (size_t)d.c.n_cols + (size_t)k]));
                    fprintf(out, "%s\n", ssvm_dict_str(&labels, y[t]));
                } else fprintf(out, "%d\n", y[t] + 1);
            }
            total += ylen;
            fputc('\n', out);
        }
        if (r == SSVM_OK && !predict) sprintf(score, "per-token accuracy %.2f%% (%ld of %ld)\n", 100.0 * (double)right / (double)total, right, total);
        if (r == SSVM_OK && conll && !predict) { /* conlleval's chunk scores when the tags look like IOB */
            const char **g = (const char **)malloc(sizeof(char *) * (size_t)ntok), **p = (const char **)malloc(sizeof(char *) * (size_t)ntok);
            conll_scores cs;
            int iob = 1;
            for (t = 0; g && p && t < ntok; t++) {
                g[t] = ssvm_dict_str(&d.c.strs, d.c.cell[(size_t)t * (size_t)d.c.n_cols + (size_t)(d.c.n_cols - 1)]);
                p[t] = ssvm_dict_str(&labels, pred[t]);
                if (!(g[t][0] == 'O' && !g[t][1]) && !((g[t][0] == 'B' || g[t][0] == 'I') && g[t][1] == '-')) iob = 0;
            }
            if (g && p && iob && conll_score_tags(nseq, ss, g, p, &cs) == 0) {
                sprintf(score + strlen(score), "chunk precision %.2f%%, recall %.2f%%, F1 %.2f\n", cs.precision, cs.recall, cs.f1);
                conll_scores_free(&cs);
            }
            free(g); free(p);
        }
        free(pred);
    }
    { /* a short write (a full disk) is an error, and pred_path keeps what it had */
        int e = out_close(&po, out, pred_tmp, r == SSVM_OK);
        if (r != SSVM_OK) { fprintf(stderr, "predict: %s\n", ssvm_result_string(r)); return EXIT_DATA; }
        if (e) { fprintf(stderr, "%s: cannot write: %s\n", po.name, strerror(e)); return EXIT_IO; }
    }
    if (*score) { /* only now: the predictions are in place; to stderr when they went to stdout ('-') */
        FILE *so = po.std ? stderr : stdout;
        fputs(score, so);
        if (fflush(so) != 0 || ferror(so)) { fprintf(stderr, "%s: cannot write: %s\n", po.std ? "stderr" : "stdout", strerror(errno)); return EXIT_IO; }
    }
    free(y); free(work); free(tmpl_text); free(po.path);
    data_free(&d);
    ssvm_model_uninit(&m);
    ssvm_dict_uninit(&attrs); ssvm_dict_uninit(&labels); ssvm_template_uninit(&tp);
    return 0;
}

/* a decimal number filling all of v, as the library's data reader takes: [+-]digits, and with frac
   [+-]digits[.digits][(e|E)[+-]digits] (no space, hex, inf or nan, which strtod would take) */
static int is_decimal(const char *v, int frac) {
    int digits = 0;
    if (*v == '+' || *v == '-') v++;
    for (; *v >= '0' && *v <= '9'; v++) digits++;
    if (frac && *v == '.') for (v++; *v >= '0' && *v <= '9'; v++) digits++;
    if (!digits) return 0;
    if (frac && (*v == 'e' || *v == 'E')) {
        v++;
        if (*v == '+' || *v == '-') v++;
        if (!(*v >= '0' && *v <= '9')) return 0;
        while (*v >= '0' && *v <= '9') v++;
    }
    return !*v;
}
/* strict numbers: the whole value, decimal, in range; else a usage error naming the option */
static int num_ll(const char *opt, const char *v, long long lo, long long hi, long long *out) {
    char *end;
    long long x;
    errno = 0;
    x = strtoll(v, &end, 10);
    if (!is_decimal(v, 0) || *end || errno || x < lo || x > hi) {
        fprintf(stderr, "%s: '%s' is not a whole number in [%lld, %lld]\n", opt, v, lo, hi);
        return 0;
    }
    *out = x;
    return 1;
}
static int num_int(const char *opt, const char *v, int lo, int hi, int *out) {
    long long x;
    if (!num_ll(opt, v, lo, hi, &x)) return 0;
    *out = (int)x;
    return 1;
}
static int num_dbl(const char *opt, const char *v, double lo, double hi, int open_lo, double *out) {
    char *end;
    double x;
    errno = 0;
    x = strtod(v, &end);
    if (!is_decimal(v, 1) || *end || errno || !isfinite(x) || x < lo || x > hi || (open_lo && x == lo)) {
        fprintf(stderr, "%s: '%s' is not a number in %s%g, %g]\n", opt, v, open_lo ? "(" : "[", lo, hi);
        return 0;
    }
    *out = x;
    return 1;
}

static const optdef *find_opt(const char *a) {
    int k;
    for (k = 0; k < N_OPTS; k++)
        if (!strcmp(a, optdefs[k].name) || (optdefs[k].name2 && !strcmp(a, optdefs[k].name2))) return &optdefs[k];
    return NULL;
}

/* standard output written whole (help, info, dump, a score): 0, or exit 3 and the system's reason */
static int stdout_done(void) {
    if (fflush(stdout) == 0 && !ferror(stdout)) return 0;
    fprintf(stderr, "stdout: cannot write: %s\n", strerror(errno));
    return EXIT_IO;
}

/* info: ssvm_model_print's lines, but no non-finite number: a primal not evaluated (--eval off) says so, a dual or
   gap that does not exist (ssg, ms's average) or was not evaluated is left out; the seed of a model resumed
   without --seed is unknown (the metadata's "seed: unknown"), not the summary's default */
static ssvm_result print_info(const ssvm_model *m, FILE *f) {
    char *buf = NULL, *q, *nl;
    size_t len = 0;
    FILE *mf = open_memstream(&buf, &len);
    ssvm_result r;
    int in_meta = 0;
    const char *sv = meta_value(m->metadata, "seed"); /* "unknown": --resume without --seed */
    if (!mf) return SSVM_ERR_OUT_OF_MEMORY;
    r = ssvm_model_print(m, mf);
    if (fclose(mf) != 0 && r == SSVM_OK) r = SSVM_ERR_OUT_OF_MEMORY;
    if (r != SSVM_OK) { free(buf); return r; }
    for (q = buf; q && *q; q = nl) {
        size_t k = (nl = strchr(q, '\n')) != NULL ? (size_t)(++nl - q) : strlen(q);
        const char *v = NULL;
        if (!strncmp(q, "metadata:", 9)) in_meta = 1; /* the metadata's lines are the tool's text: as they are */
        if (!in_meta) v = !strncmp(q, "primal: ", 8) ? q + 8 : !strncmp(q, "dual: ", 6) ? q + 6 : !strncmp(q, "gap: ", 5) ? q + 5 : NULL;
        if (v && !isfinite(strtod(v, NULL))) {
            if (*q == 'p') fputs("primal: not evaluated\n", f);
        } else if (!in_meta && sv && !strncmp(sv, "unknown", 7) && !strncmp(q, "seed: ", 6)) fputs("seed: unknown\n", f);
        else fwrite(q, 1, k, f);
    }
    free(buf);
    return (fflush(f) != 0 || ferror(f)) ? SSVM_ERR_WORKSPACE : SSVM_OK;
}

static int tool_main(int argc, char **argv);
int main(int argc, char **argv) {
#ifdef STRUCTSVM_TOOL_MPI
    int rc;
    MPI_Init(&argc, &argv);
    if (ssvm_mpi_init(&g_mpi, MPI_COMM_WORLD, SSVM_MPI_ROOT) != 0) MPI_Abort(MPI_COMM_WORLD, EXIT_IO);
    /* the other commands on rank 0 only; learn on every rank */
    rc = (TOOL_SIZE > 1 && TOOL_RANK != 0 && (argc < 2 || strcmp(argv[1], "learn"))) ? 0 : tool_main(argc, argv);
    ssvm_mpi_uninit(&g_mpi);
    if (rc != 0) MPI_Abort(MPI_COMM_WORLD, rc); /* a rank's failure ends every rank: none waits in a collective */
    MPI_Finalize();
    return rc;
#else
    return tool_main(argc, argv);
#endif
}
static int tool_main(int argc, char **argv) {
    opts o;
    const char *pos[3] = {NULL, NULL, NULL}, *cmd;
    int np = 0, i, fmt_set = 0, cbit, n_stdin;
    char seen[N_OPTS];
    double nan_ = strtod("nan", NULL);
    memset(&o, 0, sizeof o);
    o.passes = 50; o.lambda = 0.01; o.gap = 1e-3; o.seed = 1; o.solver = SSVM_BCFW; o.format = FMT_SVMLIGHT;
    o.averaging = -1; o.returned = -1; o.steps = -1; o.geometry = -1; o.solver_name = "bcfw";
    o.target = nan_; o.eta = nan_; o.eg_start = nan_; o.cg_eps = nan_; o.c = nan_;
    memset(seen, 0, sizeof seen);
    o.kernel = -1; o.gamma = nan_; o.coef0 = nan_; o.kcache = -1;
    if (argc < 2) { print_usage(stderr); return EXIT_USAGE; }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        if (argc > 3) { fprintf(stderr, "%s: one command at most\n", argv[1]); return EXIT_USAGE; }
        if (argc == 3 && !(cbit = cmd_bit(argv[2]))) { fprintf(stderr, "help: unknown command %s\n", argv[2]); print_usage(stderr); return EXIT_USAGE; }
        print_help(stdout, argc == 3 ? cmd_bit(argv[2]) : 0);
        return stdout_done();
    }
    cmd = argv[1];
    if (!(cbit = cmd_bit(cmd))) { fprintf(stderr, "unknown command %s\n", cmd); print_usage(stderr); return EXIT_USAGE; }
    for (i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        const optdef *od;
        long long ll;
        if (a[0] != '-' || !strcmp(a, "-")) { /* a positional argument ('-': standard input) */
            if (np == 3) { fprintf(stderr, "%s: too many arguments (structsvm help %s)\n", a, cmd); return EXIT_USAGE; }
            pos[np++] = a;
            continue;
        }
        if (!(od = find_opt(a))) { fprintf(stderr, "unknown option %s (structsvm help %s lists the options)\n", a, cmd); return EXIT_USAGE; }
        if (!(od->cmds & cbit)) {
            int k, first = 1;
            fprintf(stderr, "%s is not an option of %s (", a, cmd);
            for (k = 0; k < N_CMDS; k++) if (od->cmds & cmddefs[k].bit) { fprintf(stderr, "%s%s", first ? "" : ", ", cmddefs[k].name); first = 0; }
            fprintf(stderr, " only)\n");
            return EXIT_USAGE;
        }
        if (!strcmp(od->name, "--help")) { print_help(stdout, cbit); return stdout_done(); }
        if (seen[od - optdefs] && strcmp(od->name, "--eval") != 0) { /* --eval alone: the last wins */
            fprintf(stderr, "%s given twice%s%s%s\n", od->name, od->name2 ? " (or as " : "", od->name2 ? od->name2 : "",
                    od->name2 ? ")" : "");
            return EXIT_USAGE;
        }
        seen[od - optdefs] = 1;
        if (od->value && !v) { fprintf(stderr, "%s needs a value\n", a); return EXIT_USAGE; }
        if (od->value) i++;
        if (!strcmp(od->name, "--format")) {
            fmt_set = 1;
            if (!strcmp(v, "svmlight")) o.format = FMT_SVMLIGHT;
            else if (!strcmp(v, "svmhmm")) o.format = FMT_SVMHMM;
            else if (!strcmp(v, "conll")) o.format = FMT_CONLL;
            else if (!strcmp(v, "arff")) o.format = FMT_ARFF;
            else { fprintf(stderr, "--format: svmlight, svmhmm, conll or arff, not '%s'\n", v); return EXIT_USAGE; }
        } else if (!strcmp(od->name, "--template")) o.tmpl = v;
        else if (!strcmp(od->name, "-c")) { if (!num_dbl(a, v, 0, 1e300, 1, &o.c)) return EXIT_USAGE; }
        else if (!strcmp(od->name, "--lambda")) { if (!num_dbl(a, v, 0, 1e300, 1, &o.lambda)) return EXIT_USAGE; }
        else if (!strcmp(od->name, "--gap")) { if (!num_dbl(a, v, 0, 1e300, 0, &o.gap)) return EXIT_USAGE; o.gap_set = 1; }
        else if (!strcmp(od->name, "--passes")) { if (!num_int(a, v, 1, 100000000, &o.passes)) return EXIT_USAGE; }
        else if (!strcmp(od->name, "--seed")) {
            if (!num_ll(a, v, 0, 9223372036854775807LL, &ll)) return EXIT_USAGE;
            o.seed = (unsigned long long)ll; o.seed_set = 1;
        }
        else if (!strcmp(od->name, "--eval")) {
            /* the last --eval wins: each value sets both */
            if (!strcmp(v, "every")) { o.eval_predict = 0; o.eval_off = 0; }
            else if (!strcmp(v, "predict")) { o.eval_predict = 1; o.eval_off = 0; }
            else if (!strcmp(v, "off")) { o.eval_predict = 0; o.eval_off = 1; }
            else { fprintf(stderr, "--eval: every, predict or off, not '%s'\n", v); return EXIT_USAGE; }
        }
        else if (!strcmp(od->name, "--threads")) { if (!num_int(a, v, 1, 256, &o.threads)) return EXIT_USAGE; }
        else if (!strcmp(od->name, "--rounds")) { if (!num_int(a, v, 1, 1000000, &o.rounds)) return EXIT_USAGE; }
        else if (!strcmp(od->name, "--batch")) { if (!num_int(a, v, 0, 1000000, &o.batch)) return EXIT_USAGE; }
        else if (!strcmp(od->name, "--labels")) { if (!num_int(a, v, 1, 1000000, &o.labels)) return EXIT_USAGE; }
        else if (!strcmp(od->name, "--bias")) { if (!num_dbl(a, v, -1e30, 1e30, 0, &o.bias)) return EXIT_USAGE; o.bias_set = 1; }
        else if (!strcmp(od->name, "--graph")) {
            o.graph_set = 1;
            if (!strcmp(v, "tree")) o.graph_tree = 1;
            else if (!strcmp(v, "indep")) o.graph_tree = 0;
            else { fprintf(stderr, "--graph: indep or tree, not '%s'\n", v); return EXIT_USAGE; }
        }
        else if (!strcmp(od->name, "--checkpoint")) o.ckpt = v;
        else if (!strcmp(od->name, "--checkpoint-every")) { if (!num_int(a, v, 1, 100000000, &o.ckpt_every)) return EXIT_USAGE; }
        else if (!strcmp(od->name, "--resume")) o.resume = v;
        else if (!strcmp(od->name, "--init")) o.init = v;
        else if (!strcmp(od->name, "--solver")) {
            static const struct { const char *name; ssvm_solver_kind kind; } solvers[] = {
                {"bcfw", SSVM_BCFW}, {"fw", SSVM_FW}, {"ssg", SSVM_SSG}, {"cp", SSVM_CUTTING_PLANE},
                {"ms", SSVM_MULTISAMPLE}, {"deg", SSVM_DEG}, {"eg", SSVM_EG}, {"cliquegen", SSVM_CLIQUEGEN},
                {"kbcfw", SSVM_KBCFW}};
            size_t k;
            for (k = 0; k < sizeof solvers / sizeof solvers[0]; k++) if (!strcmp(v, solvers[k].name)) break;
            if (k == sizeof solvers / sizeof solvers[0]) {
                fprintf(stderr, "--solver: bcfw, fw, ssg, cp, ms, deg, eg, cliquegen or kbcfw, not '%s'\n", v);
                return EXIT_USAGE;
            }
            o.solver = solvers[k].kind; o.solver_name = solvers[k].name;
        }
        else if (!strcmp(od->name, "--target-primal")) { if (!num_dbl(a, v, -1e300, 1e300, 0, &o.target)) return EXIT_USAGE; }
        else if (!strcmp(od->name, "--average")) {
            if (!strcmp(v, "weighted")) o.averaging = SSVM_AVG_WEIGHTED;
            else if (!strcmp(v, "suffix")) o.averaging = SSVM_AVG_SUFFIX;
            else if (!strcmp(v, "uniform")) o.averaging = SSVM_AVG_UNIFORM;
            else if (!strcmp(v, "none")) o.averaging = SSVM_AVG_NONE;
            else { fprintf(stderr, "--average: weighted, suffix, uniform or none, not '%s'\n", v); return EXIT_USAGE; }
        }
        else if (!strcmp(od->name, "--returned")) {
            if (!strcmp(v, "best")) o.returned = -1;
            else if (!strcmp(v, "average")) o.returned = SSVM_W_AVERAGE;
            else if (!strcmp(v, "iterate")) o.returned = SSVM_W_ITERATE;
            else { fprintf(stderr, "--returned: best, average or iterate, not '%s'\n", v); return EXIT_USAGE; }
        }
        else if (!strcmp(od->name, "--steps")) {
            if (!strcmp(v, "fw")) o.steps = SSVM_BCFW_STEPS_FW;
            else if (!strcmp(v, "pairwise")) o.steps = SSVM_BCFW_STEPS_PAIRWISE;
            else if (!strcmp(v, "away")) o.steps = SSVM_BCFW_STEPS_AWAY;
            else if (!strcmp(v, "all")) o.steps = SSVM_BCFW_STEPS_ALL;
            else if (!strcmp(v, "exact")) o.steps = SSVM_BCFW_STEPS_EXACT;
            else { fprintf(stderr, "--steps: fw, pairwise, away, all or exact, not '%s'\n", v); return EXIT_USAGE; }
        }
        else if (!strcmp(od->name, "--gap-sampling")) o.gap_sampling = 1;
        else if (!strcmp(od->name, "--cache")) o.cache = 1;
        else if (!strcmp(od->name, "--max-atoms")) { if (!num_int(a, v, 2, 1000000, &o.max_atoms)) return EXIT_USAGE; }
        else if (!strcmp(od->name, "--samples")) { if (!num_int(a, v, 1, 1000, &o.samples)) return EXIT_USAGE; }
        else if (!strcmp(od->name, "--sweeps")) { if (!num_int(a, v, 1, 1000, &o.sweeps)) return EXIT_USAGE; }
        else if (!strcmp(od->name, "--eta")) { if (!num_dbl(a, v, 0, 1e300, 1, &o.eta)) return EXIT_USAGE; }
        else if (!strcmp(od->name, "--geometry")) {
            if (!strcmp(v, "euclidean")) o.geometry = SSVM_DEG_EUCLIDEAN;
            else if (!strcmp(v, "entropic")) o.geometry = SSVM_DEG_ENTROPIC;
            else { fprintf(stderr, "--geometry: euclidean or entropic, not '%s'\n", v); return EXIT_USAGE; }
        }
        else if (!strcmp(od->name, "--eg-start")) { if (!num_dbl(a, v, 0, 1e6, 0, &o.eg_start)) return EXIT_USAGE; }
        else if (!strcmp(od->name, "--cg-eps")) { if (!num_dbl(a, v, 0, 1e300, 1, &o.cg_eps)) return EXIT_USAGE; }
        else if (!strcmp(od->name, "--cg-batch")) { if (!num_int(a, v, 1, 1000000, &o.cg_batch)) return EXIT_USAGE; }
        else if (!strcmp(od->name, "--kernel")) {
            if (!strcmp(v, "linear")) o.kernel = SSVM_KERNEL_LINEAR;
            else if (!strcmp(v, "rbf")) o.kernel = SSVM_KERNEL_RBF;
            else if (!strcmp(v, "poly")) o.kernel = SSVM_KERNEL_POLY;
            else { fprintf(stderr, "--kernel: linear, rbf or poly, not '%s'\n", v); return EXIT_USAGE; }
        }
        else if (!strcmp(od->name, "--gamma")) { if (!num_dbl(a, v, 0, 1e300, 1, &o.gamma)) return EXIT_USAGE; }
        else if (!strcmp(od->name, "--coef0")) { if (!num_dbl(a, v, -1e300, 1e300, 0, &o.coef0)) return EXIT_USAGE; }
        else if (!strcmp(od->name, "--degree")) { if (!num_int(a, v, 1, SSVM_MODEL_KERNEL_MAX_DEGREE, &o.degree)) return EXIT_USAGE; }
        else if (!strcmp(od->name, "--kernel-cache")) { if (!num_ll(a, v, 0, 1LL << 48, &o.kcache)) return EXIT_USAGE; }
        else { fprintf(stderr, "%s: not handled (a bug)\n", a); return EXIT_USAGE; }
    }
    o.fmt_set = fmt_set;
    if (o.c == o.c) o.lambda = 1.0 / o.c; /* -c overrides --lambda, in any order */
    /* '-': standard input for one input at most (the data, a model, --template, --init) */
    n_stdin = (np > 0 && !strcmp(pos[0], "-")) + (o.tmpl && !strcmp(o.tmpl, "-")) + (o.init && !strcmp(o.init, "-")) +
              ((cbit == CMD_CLASSIFY || cbit == CMD_PREDICT) && np > 1 && !strcmp(pos[1], "-"));
    if (n_stdin > 1) { fprintf(stderr, "%s: '-' (standard input) given for %d inputs; one at most\n", cmd, n_stdin); return EXIT_USAGE; }
    if (n_stdin && TOOL_SIZE > 1) { /* mpirun gives standard input to rank 0 alone */
        fprintf(stderr, "%s: '-' (standard input): not with more than one process (every rank reads its inputs)\n", cmd);
        return EXIT_USAGE;
    }
    if (!fmt_set && pos[0]) {
        size_t n = strlen(pos[0]);
        if ((n > 5 && !strcmp(pos[0] + n - 5, ".arff")) || (n > 8 && !strcmp(pos[0] + n - 8, ".arff.gz"))) o.format = FMT_ARFF;
        else if (o.tmpl) o.format = FMT_CONLL;
    }
    if (o.tmpl) o.tmpl_name = o.tmpl;
    /* learn: a constant feature by default where the format has no other bias (svmlight, svmhmm; arff always has
       one, conll never: --template); classify and predict take the model's; --init: the initial model's */
    if (cbit == CMD_LEARN && !o.bias_set) o.bias = o.format == FMT_CONLL ? 0 : 1; /* arff: always 1 (kept as used) */
    if (cbit == CMD_LEARN && np == 2) return learn(&o, pos[0], pos[1]);
    if ((cbit == CMD_CLASSIFY || cbit == CMD_PREDICT) && np == 3) return classify(&o, pos[0], pos[1], pos[2], cbit == CMD_PREDICT);
    if (!strcmp(cmd, "dump") && np == 1) { /* the weights as text, exactly (%.17g reads back the same double) */
        ssvm_model m;
        int j, rc;
        if ((rc = load_model(pos[0], &m)) != 0) return rc;
        for (j = 0; j < m.d; j++) printf("%d %.17g\n", j, (double)m.w[j]);
        ssvm_model_uninit(&m);
        return stdout_done();
    }
    if ((!strcmp(cmd, "export-c") && np == 2) || (!strcmp(cmd, "info") && np == 1)) {
        ssvm_model m;
        ssvm_result r = SSVM_OK;
        outfile co;
        int rc;
        if (np == 2 && (rc = out_check(pos[1], &co)) != 0) return rc;
        if (np == 2 && (rc = out_clash(&co, "the model", pos[0])) != 0) { free(co.path); return rc; }
        if ((rc = load_model(pos[0], &m)) != 0) return rc;
        if (np == 2) { rc = out_write(&co, write_c, &m); free(co.path); } /* through out.c.tmp and a rename */
        else r = print_info(&m, stdout);
        ssvm_model_uninit(&m);
        if (r == SSVM_ERR_WORKSPACE) return stdout_done(); /* a failed write (a full disk) */
        if (r != SSVM_OK) return fail_file("stdout", r);
        return rc;
    }
    for (i = 0; i < N_CMDS; i++) if (cmddefs[i].bit == cbit) break;
    fprintf(stderr, "%s: wrong number of arguments\nusage: %s  (structsvm help %s: the options)\n", cmd, cmddefs[i].usage, cmd);
    return EXIT_USAGE;
}
