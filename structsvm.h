/* structsvm.h - v0.1.0 - public domain (Unlicense) structured SVM trainer and decoders in one C header.

   Do this:
       #define STRUCTSVM_IMPLEMENTATION
   before you include this file in *one* C or C++ file to create the implementation.

   >>manual (see the MANUAL block below for the quick start, options table, API, limits, changes, licence)
*/
/* MANUAL
   =====================================================================================================
   QUICK START (multiclass, dense features; examples/multiclass.c is the complete program)

       ssvm_multiclass m;                       // describe the data: n examples, K classes, F features
       ssvm_multiclass_init(&m, n, K, F, x, labels);
       ssvm_problem prob;
       ssvm_multiclass_problem(&m, &prob);      // built-in feature map + loss-augmented oracle
       ssvm_params par = ssvm_params_init(SSVM_BCFW);
       par.lambda = 0.01; par.max_passes = 50;
       ssvm_real *w = malloc(prob.d * sizeof *w);
       ssvm_result r = ssvm_train(&prob, &par, w, NULL);   // w = the weighted average w_bar
       if (r < 0) printf("%s\n", ssvm_result_string(r));
       int yhat; ssvm_multiclass_predict(K, F, w, x_new, &yhat);

   Your own problem: fill an ssvm_problem with n, d, max_label_len and callbacks (all take `void *user`):
       truth(user, i, y)                   writes the gold label y_i (ints), returns its length (>= 1)
       phi(user, i, y, len, scale, out)    adds scale*phi(x_i, y) into the sparse accumulator `out`
                                           with ssvm_svec_add / ssvm_svec_add_dense
       oracle(user, i, w, y, &delta)       loss-augmented argmax_y Delta(y_i,y) + <w, phi(x_i,y)>;
                                           writes y, sets delta = Delta(y_i, y), returns len
       decode(user, i, w, y)               plain argmax_y <w, phi(x_i, y)>, returns len (prediction only)
       loss(user, i, y, len, &delta)       Delta(y_i, y) (evaluation only)
   Callbacks return a negative ssvm_result to abort training with that code.
   Optional compact state ("statistics"): if phi(x_i, y) = A_i s_i(y) for a small vector s_i(y) of
   dimension stat_dim(i) (per-position label indicators, transition counts, ...), provide
       stat_dim(user, i), stats(user, i, y, len, scale, s) (s += scale*s_i(y)) and
       expand(user, i, s, scale, out) (out += scale*A_i s)
   and BCFW stores a convex combination of s_i(y) per example instead of a d-vector (see STATE below).
   The built-in models provide all of these.

   BUILD OPTIONS (#define before including; "global" = the same in every file that includes the header)
   | macro                       | where  | effect                                                          |
   |-----------------------------|--------|-----------------------------------------------------------------|
   | STRUCTSVM_IMPLEMENTATION    | 1 file | emit the definitions                                            |
   | STRUCTSVM_REAL float|double | global | storage and arithmetic type ssvm_real (default double)           |
   | STRUCTSVM_ACCUM float|double| global | type of dot-product / objective accumulators (default double,  |
   |                             |        | also in float builds: sums over d terms lose digits in float)  |
   | STRUCTSVM_STATIC            | global | all functions static (private copy per translation unit)        |
   | STRUCTSVM_NO_MALLOC         | impl   | never call malloc: use *_heap_size + *_init_preallocated        |
   | STRUCTSVM_NO_STDIO          | impl   | no stdio anywhere (the header uses none unless asked)           |
   | STRUCTSVM_NO_CLOCK          | impl   | no <time.h>: seconds come only from params.clock                |
   | STRUCTSVM_FREESTANDING      | impl   | no libc headers at all (implies the three above); give          |
   |                             |        | SSVM_SQRT/SSVM_EXP/SSVM_LOG if a feature needs them              |
   | STRUCTSVM_PREDICT_ONLY      | global | decoders and scoring only, no solvers (firmware)                |
   | STRUCTSVM_USE_BLAS          | impl   | dense kernels through CBLAS (dot, axpy, scal, and the chain's   |
   |                             |        | unary scores as one gemm per sequence); link e.g. -lopenblas    |
   | SSVM_ASSERT(x)              | impl   | assertion (default: none; internal invariants only)             |
   | SSVM_MALLOC(sz,u)/SSVM_FREE(p,u) | impl | default allocator, both or neither; u = allocator user ptr  |
   | SSVM_MEMSET / SSVM_MEMCPY   | impl   | memset/memcpy replacements                                      |

   RESULTS: every call returns ssvm_result; 0 = SSVM_OK, > 0 = training stopped by a rule (converged,
   pass/oracle/time limit, user), < 0 = error. ssvm_result_string(r) names it.

   SOLVERS (ssvm_params.solver)
     SSVM_BCFW  block-coordinate Frank-Wolfe, Lacoste-Julien et al. ICML 2013, Algorithm 4: one oracle call
                per step, exact line search (or the predefined step 2n/(k+2n)), weighted average
                (rho = 2/(k+2), eq. 14) or the 0.5-suffix average by the doubling trick (App. C/F).
     SSVM_FW    batch Frank-Wolfe, Algorithm 2, line search (or 2/(k+2)); its duality gap is free.
     SSVM_SSG   stochastic subgradient with the Pegasos step 1/(lambda (k+1)) (paper App. F), averages.
   Gap, primal and dual are defined as in the paper (eqs. 3-5; Sec. 4 and App. B.4): dual
   D = l - lambda/2 |w|^2, gap = lambda <w, w - w_s> - l + l_s, primal = D + gap = P(w). They are
   computed at the iterate and at the average by an extra pass of oracle calls that is counted
   separately (eval_oracle_calls) and timed separately.

   STATE (BCFW per-example memory, ssvm_params.state)
     SSVM_STATE_AUTO     compact if the problem has stats callbacks, else sparse
     SSVM_STATE_COMPACT  per example a convex combination sigma_i of s_i(y): w_i = A_i (s_i(y_i) -
                         sigma_i)/(lambda n). Exact (not an approximation); sum_i stat_dim(i) reals.
                         Chain: L*K + K*K per sequence; multiclass: K per example.
     SSVM_STATE_SPARSE   w_i as (index, value) pairs on the union of the supports of the psi_i(y) it
                         has seen (the paper's Sec. 4 remark): memory proportional to what example i
                         touches. The pool starts at params.sparse_pool_entries; a heap solver grows
                         and compacts it (state_bytes reports the total), a preallocated one stops
                         with SSVM_ERR_WORKSPACE when full.
     SSVM_STATE_DENSE    w_i as d reals per example (n*d reals).
   ssvm_solver_heap_size() tells the bytes before training; ssvm_progress.state_bytes reports them.

   MODELS
     ssvm_multiclass  phi(x, y) = x (x) e_y, dense or sparse x, 0-1 loss or a cost matrix.
     ssvm_chain       first-order chain: unary x_t (x) e_{y_t} (dense or sparse attributes), optional
                      first/last label biases, K*K transitions; Hamming loss normalised by length
                      (default, as in the BCFW reference) or counted (SSVM_CHAIN_COUNTED_LOSS); exact
                      Viterbi, ties to the lowest label index.
       Dense:  m.x = positions x F reals.  Sparse: m.attr_start/attr_id/attr_val (CSR per position;
       attr_val NULL = binary attributes), and SSVM_CHAIN_ATTR_MAJOR to lay the unary weights out as
       w[a*K + s] (one attribute's K weights in one cache line: what large sparse F wants).
       Weight layout: unary block (K*F), then [first-label biases K, last-label biases K], then the
       transitions w[off + a + K*b] for label a followed by label b.
       m.start may begin at an offset > 0: a model over a slice of larger arrays (held-out splits).
       ssvm_chain_problem() validates the data once (labels, ids, NaN/Inf, offsets); decoding then
       trusts it. The oracle writes into the model's scratch: one ssvm_chain per thread.

   API (all return ssvm_result unless noted)
     ssvm_result_string(r)                                  -> const char *
     ssvm_params_init(solver) -> ssvm_params; ssvm_params_check(&q); ssvm_problem_check(&p)
     ssvm_train(&p, &q, w_out, &final_progress)             heap-allocating one-call training
     ssvm_solver_heap_size(&p, &q, &bytes)                  bytes the solver needs, before training
     ssvm_solver_init_preallocated(&s, &p, &q, buf, bytes)  no allocation at all
     ssvm_solver_init(&s, &p, &q) / ssvm_solver_uninit(&s)  via q.allocator or malloc
     ssvm_solver_run(&s)         until a stopping rule; raise s.par.max_passes and call again to go on
     ssvm_solver_pass(&s)        one pass (n steps; one FW iteration), no evaluation
     ssvm_solver_evaluate(&s, iterate, average, &progress)  gap/primal/dual now (counted apart)
     ssvm_solver_weights(&s, SSVM_W_ITERATE|SSVM_W_AVERAGE|SSVM_W_BEST, w_out)
     ssvm_primal(&p, lambda, w, &svec, ybuf, &primal)       P(w) by one oracle pass
     ssvm_mean_loss(&p, w, ybuf, &mean)                     (1/n) sum_i Delta(y_i, decode(x_i))
     ssvm_svec_heap_size(d) -> size_t; ssvm_svec_init_preallocated(&v, d, buf, bytes);
       ssvm_svec_add / _add_dense / _add_sparse / _clear / _dot   (the accumulator phi writes into)
     ssvm_multiclass_init / _dim / _problem / _predict(K, F, w, x, &y)
     ssvm_chain_dim / _scratch_bytes / _problem / _free / _scores(m, w, p0, L, u)
     ssvm_chain_predict_work_bytes(L, K) -> size_t; ssvm_chain_predict(K, F, flags, w, L, x, work, y)
     ssvm_viterbi_work_bytes(L, K) -> size_t; ssvm_viterbi(L, K, unary, trans, work, y) -> best score
   DOES NOT (yet): kernels, cutting-plane, latent variables, multithreading inside the solver (it is
   reentrant: one ssvm_solver and one model object per thread), save/load of models.

   CHANGES
     0.1.0 (2026-11-21) problem API, BCFW/FW/SSG, multiclass and chain models.

   LICENCE: public domain, see the end of this file.
   =====================================================================================================
*/
#ifndef STRUCTSVM_H
#define STRUCTSVM_H

/* >>config ---------------------------------------------------------------------------------------- */
#define STRUCTSVM_VERSION_MAJOR 0
#define STRUCTSVM_VERSION_MINOR 1
#define STRUCTSVM_VERSION_PATCH 0

#ifndef STRUCTSVM_REAL
#define STRUCTSVM_REAL double
#endif
#ifndef STRUCTSVM_ACCUM
#define STRUCTSVM_ACCUM double
#endif
#ifdef STRUCTSVM_STATIC
#if defined(__GNUC__) || defined(__clang__)
#define STRUCTSVM_DEF static __attribute__((unused)) /* a TU uses only some: no -Wunused-function */
#else
#define STRUCTSVM_DEF static
#endif
#else
#define STRUCTSVM_DEF extern
#endif
#ifdef STRUCTSVM_FREESTANDING
#ifndef STRUCTSVM_NO_MALLOC
#define STRUCTSVM_NO_MALLOC
#endif
#ifndef STRUCTSVM_NO_STDIO
#define STRUCTSVM_NO_STDIO
#endif
#ifndef STRUCTSVM_NO_CLOCK
#define STRUCTSVM_NO_CLOCK
#endif
#endif

#include <stddef.h> /* size_t: freestanding */

#ifdef __cplusplus
extern "C" {
#endif

typedef STRUCTSVM_REAL ssvm_real;
typedef STRUCTSVM_ACCUM ssvm_accum;

/* >>api ------------------------------------------------------------------------------------------- */
typedef enum ssvm_result {
    SSVM_OK = 0,
    SSVM_CONVERGED = 1,          /* duality gap <= gap_tol */
    SSVM_MAX_PASSES = 2,
    SSVM_MAX_ORACLE_CALLS = 3,
    SSVM_MAX_SECONDS = 4,
    SSVM_STOPPED_BY_USER = 5,    /* the progress callback returned non-zero */
    SSVM_ERR_INVALID_ARG = -1,   /* a NULL pointer or an out-of-range option */
    SSVM_ERR_NULL_CALLBACK = -2, /* a callback the solver needs is NULL */
    SSVM_ERR_EMPTY = -3,         /* n, d, a label length or a class count is zero */
    SSVM_ERR_LAMBDA = -4,        /* lambda <= 0 or not finite */
    SSVM_ERR_NONFINITE = -5,     /* NaN or Inf in features, weights or costs */
    SSVM_ERR_LABEL = -6,         /* a label out of range or of bad length */
    SSVM_ERR_FEATURE_INDEX = -7, /* a feature index outside [0, d) */
    SSVM_ERR_WORKSPACE = -8,     /* the caller's workspace is too small */
    SSVM_ERR_OUT_OF_MEMORY = -9,
    SSVM_ERR_CALLBACK = -10,     /* a callback returned an invalid value */
    SSVM_ERR_OVERFLOW = -11,     /* a size does not fit size_t / int */
    SSVM_ERR_LOSS = -12,         /* a task loss is negative or not finite */
    SSVM_ERR_NOT_SUPPORTED = -13 /* the build or the problem lacks what the option needs */
} ssvm_result;
STRUCTSVM_DEF const char *ssvm_result_string(ssvm_result r);

/* Sparse accumulator: a dense value array over [0, d) plus the list of touched indices, so that building
   a vector and reading it back costs time in its non-zeros. Callbacks add into it; errors are sticky. */
typedef struct ssvm_svec {
    ssvm_real *val;      /* d values; only val[idx[k]] are meaningful */
    int *idx;            /* touched indices, in first-touch order */
    unsigned char *mark; /* d flags */
    int nnz, d;
    int err;             /* first error (ssvm_result < 0), else 0 */
} ssvm_svec;
STRUCTSVM_DEF size_t ssvm_svec_heap_size(int d);
STRUCTSVM_DEF ssvm_result ssvm_svec_init_preallocated(ssvm_svec *v, int d, void *heap, size_t bytes);
STRUCTSVM_DEF void ssvm_svec_add(ssvm_svec *v, int j, ssvm_real x);
/* add scale*x[0..len) at offset off; exact zeros of x are skipped */
STRUCTSVM_DEF void ssvm_svec_add_dense(ssvm_svec *v, int off, const ssvm_real *x, int len, ssvm_real scale);
/* add scale*val[k] at off+stride*idx[k] (val NULL: all ones) */
STRUCTSVM_DEF void ssvm_svec_add_sparse(ssvm_svec *v, int off, int stride, const int *idx, const ssvm_real *val,
                                        int nnz, ssvm_real scale);
STRUCTSVM_DEF void ssvm_svec_clear(ssvm_svec *v);
STRUCTSVM_DEF ssvm_accum ssvm_svec_dot(const ssvm_svec *v, const ssvm_real *w);

/* >>problem --------------------------------------------------------------------------------------- */
typedef struct ssvm_problem {
    int n;             /* examples */
    int d;             /* dimension of w */
    int max_label_len; /* ints in the longest label */
    void *user;
    int (*truth)(void *user, int i, int *y);
    int (*phi)(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_svec *out);
    int (*oracle)(void *user, int i, const ssvm_real *w, int *y, ssvm_real *delta);
    int (*decode)(void *user, int i, const ssvm_real *w, int *y);
    int (*loss)(void *user, int i, const int *y, int len, ssvm_real *delta);
    /* optional compact statistics (all three or none) */
    int (*stat_dim)(void *user, int i);
    int (*stats)(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_real *s);
    int (*expand)(void *user, int i, const ssvm_real *s, ssvm_real scale, ssvm_svec *out);
} ssvm_problem;

/* Checks sizes and that the callbacks training needs are set (does not call them). */
STRUCTSVM_DEF ssvm_result ssvm_problem_check(const ssvm_problem *p);

/* Mean task loss of the plain decoder over the problem's examples: (1/n) sum_i Delta(y_i, decode(x_i)).
   ybuf: max_label_len ints. */
STRUCTSVM_DEF ssvm_result ssvm_mean_loss(const ssvm_problem *p, const ssvm_real *w, int *ybuf, double *out);

#ifndef STRUCTSVM_PREDICT_ONLY
/* >>solvers --------------------------------------------------------------------------------------- */
typedef enum ssvm_solver_kind { SSVM_BCFW = 0, SSVM_FW = 1, SSVM_SSG = 2 } ssvm_solver_kind;
typedef enum ssvm_sampling {
    SSVM_SAMPLE_UNIFORM = 0,     /* i uniform at random each step (the paper) */
    SSVM_SAMPLE_PERMUTATION = 1, /* a fresh random permutation each pass */
    SSVM_SAMPLE_SEQUENCE = 2     /* params.sequence[k mod sequence_len], 0-based */
} ssvm_sampling;
typedef enum ssvm_averaging {
    SSVM_AVG_NONE = 0,
    SSVM_AVG_WEIGHTED = 1, /* w_bar = 2/(k(k+1)) sum_t t w^(t)  (eq. 14) */
    SSVM_AVG_SUFFIX = 2    /* uniform average since the last step index that was a power of 2 */
} ssvm_averaging;
typedef enum ssvm_state_kind {
    SSVM_STATE_AUTO = 0, SSVM_STATE_COMPACT = 1, SSVM_STATE_DENSE = 2, SSVM_STATE_SPARSE = 3
} ssvm_state_kind;
typedef enum ssvm_which { SSVM_W_ITERATE = 0, SSVM_W_AVERAGE = 1, SSVM_W_BEST = 2 } ssvm_which;

typedef struct ssvm_progress {
    int pass;                      /* completed passes (n steps each; one iteration for FW) */
    long long steps;               /* solver steps */
    long long oracle_calls;        /* oracle calls that drove steps */
    long long eval_oracle_calls;   /* oracle calls made only to evaluate gaps/primals */
    double primal, dual, gap;      /* at the iterate; NaN when not evaluated at this pass */
    double primal_avg, dual_avg, gap_avg; /* at the average; NaN when none */
    double seconds;                /* solver time, evaluation excluded */
    double eval_seconds;           /* time spent in evaluation passes */
    size_t state_bytes;            /* bytes of the solver's workspace */
} ssvm_progress;

typedef int (*ssvm_progress_fn)(void *user, const ssvm_progress *p); /* non-zero: stop */

typedef struct ssvm_allocator {
    void *(*alloc)(size_t bytes, void *user);
    void (*free)(void *ptr, void *user);
    void *user;
} ssvm_allocator;

typedef struct ssvm_params {
    ssvm_solver_kind solver;
    double lambda;               /* regulariser, > 0 (default 0.01) */
    int max_passes;              /* default 50; 0 = no limit */
    long long max_oracle_calls;  /* training calls; 0 = no limit */
    double max_seconds;          /* solver seconds; 0 = no limit */
    double gap_tol;              /* stop when an evaluated gap <= gap_tol (default 1e-3; 0 = never) */
    int eval_every;              /* evaluate gap/primal every k passes (default 1; 0 = never) */
    int eval_iterate;            /* evaluate at the iterate (default 1) */
    int eval_average;            /* evaluate at the average (default 1 when averaging) */
    int line_search;             /* 1: exact line search (default); 0: predefined steps */
    ssvm_averaging averaging;    /* default WEIGHTED for BCFW and SSG, NONE for FW */
    ssvm_sampling sampling;      /* default UNIFORM */
    const int *sequence;         /* for SSVM_SAMPLE_SEQUENCE */
    long long sequence_len;
    ssvm_state_kind state;       /* BCFW per-example state, default AUTO */
    size_t sparse_pool_entries;  /* SSVM_STATE_SPARSE: (index, value) pairs reserved up front for all w_i
                                    (0 = 64 per example); a heap solver grows the pool, a preallocated one
                                    fails with SSVM_ERR_WORKSPACE when it is full */
    unsigned long long seed;     /* default 1 */
    ssvm_progress_fn progress;   /* called after every pass; may be NULL */
    void *progress_user;
    double (*clock)(void *user); /* seconds; default clock() unless STRUCTSVM_NO_CLOCK */
    void *clock_user;
    ssvm_allocator allocator;    /* used by ssvm_solver_init / ssvm_train; zero = malloc/free */
} ssvm_params;

STRUCTSVM_DEF ssvm_params ssvm_params_init(ssvm_solver_kind solver);
STRUCTSVM_DEF ssvm_result ssvm_params_check(const ssvm_params *q);

/* The solver object: transparent, but treat the fields as private. */
typedef struct ssvm_solver {
    ssvm_problem prob;
    ssvm_params par;
    int state_kind;
    ssvm_real *w;          /* iterate (d) */
    ssvm_real *z;          /* lazy average: w_bar = avg_a * w + avg_b * z (BCFW); dense w_bar (SSG) */
    ssvm_real *wtmp;       /* d: materialised average / FW w_s */
    ssvm_svec sv;          /* step / evaluation accumulator (never both at once) */
    ssvm_real *sigma;      /* compact state */
    size_t *sig_off;       /* n+1 offsets into sigma */
    ssvm_real *stmp;       /* max stat_dim scratch */
    ssvm_real *wi;         /* dense state n*d */
    size_t *sp_off;        /* sparse state: w_i is (sp_idx, sp_val)[sp_off[i] .. + sp_len[i]) */
    int *sp_len, *sp_cap;
    int *sp_idx;
    ssvm_real *sp_val;
    size_t sp_pool_cap, sp_pool_used, sp_live;
    void *sp_pool_mem;     /* a grown pool (allocated apart from the heap block), else NULL */
    size_t sp_pool_bytes;
    ssvm_svec sv_ws;       /* sparse state: w_s of the current step */
    double *li;            /* n per-example losses l_i */
    int *perm;             /* n */
    int *y, *y2;           /* label buffers */
    double l, l_bar, avg_a, avg_b;
    long long k, avg_count, seq_pos;
    unsigned long long rng;
    ssvm_progress prog;
    int best;              /* SSVM_W_ITERATE or SSVM_W_AVERAGE: smaller last gap */
    int fw_have;           /* FW: wtmp/l_s hold the oracle pass at the current w */
    double fw_ls, fw_secs;
    void *heap; size_t heap_bytes; int owns_heap;
} ssvm_solver;

STRUCTSVM_DEF ssvm_result ssvm_solver_heap_size(const ssvm_problem *p, const ssvm_params *q, size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_solver_init_preallocated(ssvm_solver *s, const ssvm_problem *p, const ssvm_params *q,
                                                        void *heap, size_t bytes);
STRUCTSVM_DEF ssvm_result ssvm_solver_init(ssvm_solver *s, const ssvm_problem *p, const ssvm_params *q);
STRUCTSVM_DEF void ssvm_solver_uninit(ssvm_solver *s);
/* Run until a stopping rule fires; returns it (> 0) or an error (< 0). May be called again after
   raising a limit in s->par to continue. */
STRUCTSVM_DEF ssvm_result ssvm_solver_run(ssvm_solver *s);
/* One pass (n BCFW/SSG steps, one FW iteration), no evaluation, no stopping rules. */
STRUCTSVM_DEF ssvm_result ssvm_solver_pass(ssvm_solver *s);
/* Evaluate primal/dual/gap now (oracle pass per vector, counted as evaluation) into s->prog and *out. */
STRUCTSVM_DEF ssvm_result ssvm_solver_evaluate(ssvm_solver *s, int iterate, int average, ssvm_progress *out);
/* Copy the iterate, the average, or the better of the two by the last gap, into out (d reals). */
STRUCTSVM_DEF ssvm_result ssvm_solver_weights(ssvm_solver *s, ssvm_which which, ssvm_real *out);
/* Train from scratch and write the model (the average if one is kept, else the iterate) to w_out.
   final (may be NULL) receives the last progress record. Uses params.allocator or malloc. */
STRUCTSVM_DEF ssvm_result ssvm_train(const ssvm_problem *p, const ssvm_params *q, ssvm_real *w_out,
                                     ssvm_progress *final);
/* Primal objective P(w) = lambda/2|w|^2 + (1/n) sum_i max_y [Delta - <w, psi_i(y)>] by one oracle pass.
   work: ssvm_svec over d (see ssvm_svec_heap_size), ybuf: 2*max_label_len ints. */
STRUCTSVM_DEF ssvm_result ssvm_primal(const ssvm_problem *p, double lambda, const ssvm_real *w, ssvm_svec *work,
                                      int *ybuf, double *out);
#endif /* STRUCTSVM_PREDICT_ONLY */

/* >>oracles: built-in models ---------------------------------------------------------------------- */
/* Viterbi (max-sum) on a chain: unary[t*K + s], trans[a + K*b] for label a at t and b at t+1.
   work: K*L ints + 2*K reals (ssvm_viterbi_work_bytes). Ties go to the lowest label index. Returns the
   best score. No allocation, no libc: the predict-only firmware decoder. */
STRUCTSVM_DEF size_t ssvm_viterbi_work_bytes(int L, int K);
STRUCTSVM_DEF ssvm_real ssvm_viterbi(int L, int K, const ssvm_real *unary, const ssvm_real *trans, void *work,
                                     int *y);

enum {
    SSVM_CHAIN_BIASES = 1,        /* first-label and last-label bias features (the BCFW OCR model) */
    SSVM_CHAIN_COUNTED_LOSS = 2,  /* Hamming loss counted, not divided by the length */
    SSVM_CHAIN_ATTR_MAJOR = 4     /* unary index a*K + s (default s*F + a); faster for large sparse F */
};
typedef struct ssvm_chain {
    int n;                     /* sequences */
    int n_labels;              /* K */
    int n_attrs;               /* F: dense attributes per position, or the number of sparse attribute ids */
    int flags;
    const int *start;          /* n+1 offsets: positions of sequence i are start[i] .. start[i+1]-1
                                  (start[0] may be > 0: a model over a slice of larger arrays) */
    const ssvm_real *x;        /* dense: positions x F, row-major; NULL when sparse */
    const int *attr_start;     /* sparse: positions+1 offsets into attr_id / attr_val */
    const int *attr_id;
    const ssvm_real *attr_val; /* NULL: every listed attribute has value 1 */
    const int *labels;         /* gold label per position (training and evaluation) */
    int max_len;               /* set by ssvm_chain_problem */
    void *scratch;             /* oracle scratch, ssvm_chain_scratch_bytes() */
    size_t scratch_bytes;
    int owns_scratch;
} ssvm_chain;
STRUCTSVM_DEF int ssvm_chain_dim(const ssvm_chain *m);
/* Validate the data (labels, attribute ids, finite values, offsets) and fill the problem's callbacks.
   scratch: ssvm_chain_scratch_bytes(m) bytes of the caller's, or NULL: keep the model's scratch if it is
   large enough, else allocate one (not under STRUCTSVM_NO_MALLOC; freed by ssvm_chain_free). The
   oracle writes into the scratch: one model object per thread. */
STRUCTSVM_DEF size_t ssvm_chain_scratch_bytes(const ssvm_chain *m);
STRUCTSVM_DEF ssvm_result ssvm_chain_problem(ssvm_chain *m, void *scratch, ssvm_problem *out);
STRUCTSVM_DEF void ssvm_chain_free(ssvm_chain *m);
/* Unary scores of one sequence (positions p0 .. p0+L-1 of the model's data) into u[L*K]. */
STRUCTSVM_DEF void ssvm_chain_scores(const ssvm_chain *m, const ssvm_real *w, int p0, int L, ssvm_real *u);
/* Plain decoding of a dense sequence x[L*F] with weights w for a model of K labels, F attributes and the
   given flags: the predict-only entry point. work: ssvm_chain_predict_work_bytes(L, K). */
STRUCTSVM_DEF size_t ssvm_chain_predict_work_bytes(int L, int K);
STRUCTSVM_DEF ssvm_result ssvm_chain_predict(int K, int F, int flags, const ssvm_real *w, int L, const ssvm_real *x,
                                             void *work, int *y);

typedef struct ssvm_multiclass {
    int n, n_classes, n_attrs;
    const ssvm_real *x;        /* dense n x F, or NULL when sparse */
    const int *row_start;      /* sparse: n+1 offsets */
    const int *attr_id;
    const ssvm_real *attr_val; /* NULL: ones */
    const int *labels;         /* n */
    const ssvm_real *cost;     /* K x K, cost[true*K + pred], zero diagonal; NULL = 0-1 loss */
} ssvm_multiclass;
STRUCTSVM_DEF void ssvm_multiclass_init(ssvm_multiclass *m, int n, int K, int F, const ssvm_real *x, const int *labels);
STRUCTSVM_DEF int ssvm_multiclass_dim(const ssvm_multiclass *m);
STRUCTSVM_DEF ssvm_result ssvm_multiclass_problem(ssvm_multiclass *m, ssvm_problem *out);
/* argmax_y <w_y, x> for one dense x[F]; w laid out w[y*F + j]. */
STRUCTSVM_DEF ssvm_result ssvm_multiclass_predict(int K, int F, const ssvm_real *w, const ssvm_real *x, int *y);

#ifdef __cplusplus
}
#endif
#endif /* STRUCTSVM_H */

/* ================================================================================================= */
/* >>implementation                                                                                  */
/* ================================================================================================= */
#if defined(STRUCTSVM_IMPLEMENTATION) && !defined(STRUCTSVM_IMPLEMENTATION_DONE)
#define STRUCTSVM_IMPLEMENTATION_DONE

#ifndef STRUCTSVM_FREESTANDING
#include <string.h>
#include <float.h>
#endif
#include <limits.h>
#include <stdint.h> /* uintptr_t for alignment: freestanding */
#if !defined(STRUCTSVM_NO_MALLOC) && !defined(SSVM_MALLOC)
#include <stdlib.h>
#endif
#if !defined(STRUCTSVM_NO_CLOCK)
#include <time.h>
#endif
#ifdef STRUCTSVM_USE_BLAS
#include <cblas.h>
#endif

#if defined(SSVM_MALLOC) != defined(SSVM_FREE)
#error "define both SSVM_MALLOC and SSVM_FREE, or neither"
#endif
#if !defined(SSVM_MALLOC) && !defined(STRUCTSVM_NO_MALLOC)
#define SSVM_MALLOC(sz, u) ((void)(u), malloc(sz))
#define SSVM_FREE(p, u) ((void)(u), free(p))
#endif
#ifndef SSVM_ASSERT
#define SSVM_ASSERT(x) ((void)0)
#endif
#ifndef SSVM_MEMSET
#ifdef STRUCTSVM_FREESTANDING
#define SSVM_MEMSET(p, c, n) ssvm__memset((p), (c), (n))
#define SSVM__NEED_MEMSET
#else
#define SSVM_MEMSET(p, c, n) memset((p), (c), (n))
#endif
#endif
#ifndef SSVM_MEMCPY
#ifdef STRUCTSVM_FREESTANDING
#define SSVM_MEMCPY(d, s, n) ssvm__memcpy((d), (s), (n))
#define SSVM__NEED_MEMCPY
#else
#define SSVM_MEMCPY(d, s, n) memcpy((d), (s), (n))
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define SSVM__PRIV static
#if defined(__GNUC__) || defined(__clang__)
#define SSVM__MAYBE_UNUSED __attribute__((unused))
#else
#define SSVM__MAYBE_UNUSED
#endif

/* 2^-52: the eps the BCFW reference adds to the line-search denominator */
#define SSVM__EPS 2.220446049250313e-16

#ifdef SSVM__NEED_MEMSET
SSVM__PRIV SSVM__MAYBE_UNUSED void ssvm__memset(void *p, int c, size_t n) {
    unsigned char *q = (unsigned char *)p;
    while (n--) *q++ = (unsigned char)c;
}
#endif
#ifdef SSVM__NEED_MEMCPY
SSVM__PRIV SSVM__MAYBE_UNUSED void ssvm__memcpy(void *d, const void *s, size_t n) {
    unsigned char *q = (unsigned char *)d;
    const unsigned char *r = (const unsigned char *)s;
    while (n--) *q++ = *r++;
}
#endif

/* NaN and Inf both fail: x - x is NaN for them. Needs no libm (and survives without -ffast-math). */
SSVM__PRIV int ssvm__finite(double x) { return (x - x) == 0.0; }

/* >>kernels: dense loops, or CBLAS under STRUCTSVM_USE_BLAS. The sizeof tests pick the s/d routine at
   compile time; the other branch is dead code. Float builds accumulate dots in double (cblas_dsdot). */
#ifdef STRUCTSVM_USE_BLAS
#define SSVM__IS_FLOAT (sizeof(ssvm_real) == sizeof(float))
#endif
SSVM__PRIV SSVM__MAYBE_UNUSED ssvm_accum ssvm__dot(int n, const ssvm_real *x, const ssvm_real *y) {
#ifdef STRUCTSVM_USE_BLAS
    if (SSVM__IS_FLOAT) return (ssvm_accum)cblas_dsdot(n, (const float *)(const void *)x, 1, (const float *)(const void *)y, 1);
    return (ssvm_accum)cblas_ddot(n, (const double *)(const void *)x, 1, (const double *)(const void *)y, 1);
#else
    ssvm_accum a0 = 0, a1 = 0;
    int k;
    for (k = 0; k + 1 < n; k += 2) { a0 += (ssvm_accum)x[k] * y[k]; a1 += (ssvm_accum)x[k + 1] * y[k + 1]; }
    if (k < n) a0 += (ssvm_accum)x[k] * y[k];
    return a0 + a1;
#endif
}
/* y = alpha*x + beta*y */
SSVM__PRIV SSVM__MAYBE_UNUSED void ssvm__axpby(int n, double alpha, const ssvm_real *x, double beta, ssvm_real *y) {
#ifdef STRUCTSVM_USE_BLAS
    if (SSVM__IS_FLOAT) {
        if (beta != 1) cblas_sscal(n, (float)beta, (float *)(void *)y, 1);
        cblas_saxpy(n, (float)alpha, (const float *)(const void *)x, 1, (float *)(void *)y, 1);
    } else {
        if (beta != 1) cblas_dscal(n, beta, (double *)(void *)y, 1);
        cblas_daxpy(n, alpha, (const double *)(const void *)x, 1, (double *)(void *)y, 1);
    }
#else
    int k;
    for (k = 0; k < n; k++) y[k] = (ssvm_real)(alpha * (double)x[k] + beta * (double)y[k]);
#endif
}
SSVM__PRIV SSVM__MAYBE_UNUSED void ssvm__scal(int n, double a, ssvm_real *x) {
#ifdef STRUCTSVM_USE_BLAS
    if (SSVM__IS_FLOAT) cblas_sscal(n, (float)a, (float *)(void *)x, 1);
    else cblas_dscal(n, a, (double *)(void *)x, 1);
#else
    int k;
    for (k = 0; k < n; k++) x[k] = (ssvm_real)(a * (double)x[k]);
#endif
}

STRUCTSVM_DEF const char *ssvm_result_string(ssvm_result r) {
    switch (r) {
    case SSVM_OK: return "ok";
    case SSVM_CONVERGED: return "converged: duality gap <= tolerance";
    case SSVM_MAX_PASSES: return "stopped: pass limit";
    case SSVM_MAX_ORACLE_CALLS: return "stopped: oracle-call limit";
    case SSVM_MAX_SECONDS: return "stopped: time limit";
    case SSVM_STOPPED_BY_USER: return "stopped by the progress callback";
    case SSVM_ERR_INVALID_ARG: return "invalid argument (NULL pointer or option out of range)";
    case SSVM_ERR_NULL_CALLBACK: return "a required callback is NULL";
    case SSVM_ERR_EMPTY: return "empty problem: n, d, a label length or a class count is zero";
    case SSVM_ERR_LAMBDA: return "lambda must be finite and > 0";
    case SSVM_ERR_NONFINITE: return "NaN or Inf in features, weights or costs";
    case SSVM_ERR_LABEL: return "label out of range or of invalid length";
    case SSVM_ERR_FEATURE_INDEX: return "feature index outside [0, d)";
    case SSVM_ERR_WORKSPACE: return "workspace too small";
    case SSVM_ERR_OUT_OF_MEMORY: return "out of memory";
    case SSVM_ERR_CALLBACK: return "a callback returned an invalid value";
    case SSVM_ERR_OVERFLOW: return "size overflow";
    case SSVM_ERR_LOSS: return "task loss negative or not finite";
    case SSVM_ERR_NOT_SUPPORTED: return "not supported by this build or problem";
    }
    return "unknown result";
}

/* >>memory: a bump arena over one block, used for both the heap-size query (base NULL) and the carve-up */
typedef struct ssvm__arena {
    unsigned char *base;
    size_t used, cap;
    int overflow;
} ssvm__arena;
SSVM__PRIV void *ssvm__take(ssvm__arena *a, size_t count, size_t size) {
    size_t off, bytes;
    if (size && count > ((size_t)-1) / size) { a->overflow = 1; return 0; }
    bytes = count * size;
    off = (a->used + 15u) & ~(size_t)15u; /* 16-byte alignment for every block */
    if (off < a->used || bytes > ((size_t)-1) - off) { a->overflow = 1; return 0; }
    a->used = off + bytes;
    if (!a->base || a->used > a->cap) return 0;
    return a->base + off;
}

/* >>svec */
STRUCTSVM_DEF size_t ssvm_svec_heap_size(int d) {
    ssvm__arena a = {0, 0, 0, 0};
    if (d <= 0) return 0;
    ssvm__take(&a, (size_t)d, sizeof(ssvm_real));
    ssvm__take(&a, (size_t)d, sizeof(int));
    ssvm__take(&a, (size_t)d, 1);
    return a.used + 16;
}
STRUCTSVM_DEF ssvm_result ssvm_svec_init_preallocated(ssvm_svec *v, int d, void *heap, size_t bytes) {
    ssvm__arena a;
    size_t mis;
    if (!v || !heap) return SSVM_ERR_INVALID_ARG;
    if (d <= 0) return SSVM_ERR_EMPTY;
    if (bytes < ssvm_svec_heap_size(d)) return SSVM_ERR_WORKSPACE;
    mis = (size_t)((uintptr_t)heap & 15u);
    a.base = (unsigned char *)heap + (mis ? 16 - mis : 0);
    a.used = 0; a.cap = bytes - 16; a.overflow = 0;
    v->val = (ssvm_real *)ssvm__take(&a, (size_t)d, sizeof(ssvm_real));
    v->idx = (int *)ssvm__take(&a, (size_t)d, sizeof(int));
    v->mark = (unsigned char *)ssvm__take(&a, (size_t)d, 1);
    if (!v->val || !v->idx || !v->mark) return SSVM_ERR_WORKSPACE;
    SSVM_MEMSET(v->mark, 0, (size_t)d);
    v->nnz = 0; v->d = d; v->err = 0;
    return SSVM_OK;
}
STRUCTSVM_DEF void ssvm_svec_add(ssvm_svec *v, int j, ssvm_real x) {
    if ((unsigned)j >= (unsigned)v->d) { if (!v->err) v->err = SSVM_ERR_FEATURE_INDEX; return; }
    if (!ssvm__finite((double)x)) { if (!v->err) v->err = SSVM_ERR_NONFINITE; return; }
    if (v->mark[j]) v->val[j] += x;
    else { v->mark[j] = 1; v->idx[v->nnz++] = j; v->val[j] = x; }
}
STRUCTSVM_DEF void ssvm_svec_add_dense(ssvm_svec *v, int off, const ssvm_real *x, int len, ssvm_real scale) {
    int k;
    if (off < 0 || len < 0 || off > v->d - len) { if (!v->err) v->err = SSVM_ERR_FEATURE_INDEX; return; }
    for (k = 0; k < len; k++) {
        ssvm_real t = x[k];
        if (t != 0) ssvm_svec_add(v, off + k, scale * t);
        else if (t != t) { if (!v->err) v->err = SSVM_ERR_NONFINITE; }
    }
}
STRUCTSVM_DEF void ssvm_svec_add_sparse(ssvm_svec *v, int off, int stride, const int *idx, const ssvm_real *val,
                                        int nnz, ssvm_real scale) {
    int k;
    for (k = 0; k < nnz; k++) {
        long long j = (long long)off + (long long)stride * idx[k];
        if (j < 0 || j >= v->d) { if (!v->err) v->err = SSVM_ERR_FEATURE_INDEX; return; }
        ssvm_svec_add(v, (int)j, val ? scale * val[k] : scale);
    }
}
STRUCTSVM_DEF void ssvm_svec_clear(ssvm_svec *v) {
    int k;
    for (k = 0; k < v->nnz; k++) v->mark[v->idx[k]] = 0;
    v->nnz = 0; v->err = 0;
}
STRUCTSVM_DEF ssvm_accum ssvm_svec_dot(const ssvm_svec *v, const ssvm_real *w) {
    ssvm_accum s = 0;
    int k;
    for (k = 0; k < v->nnz; k++) { int j = v->idx[k]; s += (ssvm_accum)v->val[j] * (ssvm_accum)w[j]; }
    return s;
}

/* >>problem */
STRUCTSVM_DEF ssvm_result ssvm_problem_check(const ssvm_problem *p) {
    if (!p) return SSVM_ERR_INVALID_ARG;
    if (p->n <= 0 || p->d <= 0 || p->max_label_len <= 0) return SSVM_ERR_EMPTY;
    if (!p->truth || !p->phi || !p->oracle) return SSVM_ERR_NULL_CALLBACK;
    if ((p->stat_dim != 0) != (p->stats != 0) || (p->stats != 0) != (p->expand != 0)) return SSVM_ERR_NULL_CALLBACK;
    return SSVM_OK;
}

STRUCTSVM_DEF ssvm_result ssvm_mean_loss(const ssvm_problem *p, const ssvm_real *w, int *ybuf, double *out) {
    int i, len, rc;
    double s = 0;
    if (!p || !w || !ybuf || !out) return SSVM_ERR_INVALID_ARG;
    if (p->n <= 0 || p->d <= 0 || p->max_label_len <= 0) return SSVM_ERR_EMPTY;
    if (!p->decode || !p->loss) return SSVM_ERR_NULL_CALLBACK;
    for (i = 0; i < p->n; i++) {
        ssvm_real delta = 0;
        len = p->decode(p->user, i, w, ybuf);
        if (len < 0) return (ssvm_result)len;
        if (len == 0 || len > p->max_label_len) return SSVM_ERR_CALLBACK;
        rc = p->loss(p->user, i, ybuf, len, &delta);
        if (rc < 0) return (ssvm_result)rc;
        if (!ssvm__finite((double)delta) || delta < 0) return SSVM_ERR_LOSS;
        s += (double)delta;
    }
    *out = s / p->n;
    return SSVM_OK;
}

/* >>oracles: Viterbi */
STRUCTSVM_DEF size_t ssvm_viterbi_work_bytes(int L, int K) {
    if (L <= 0 || K <= 0) return 0;
    return (size_t)L * (size_t)K * sizeof(int) + 2u * (size_t)K * sizeof(ssvm_real) + 2 * sizeof(ssvm_real);
}
STRUCTSVM_DEF ssvm_real ssvm_viterbi(int L, int K, const ssvm_real *unary, const ssvm_real *trans, void *work,
                                     int *y) {
    int *bp = (int *)work;
    /* the real-valued part follows the L*K back-pointers, realigned for ssvm_real */
    size_t off = (size_t)L * (size_t)K * sizeof(int);
    ssvm_real *prev, *cur, *tmp, best;
    int t, a, b, arg;
    off = (off + sizeof(ssvm_real) - 1) / sizeof(ssvm_real) * sizeof(ssvm_real);
    prev = (ssvm_real *)(void *)((unsigned char *)work + off);
    cur = prev + K;
    for (b = 0; b < K; b++) prev[b] = unary[b];
    for (t = 1; t < L; t++) {
        const ssvm_real *u = unary + (size_t)t * K;
        int *bpt = bp + (size_t)t * K;
        for (b = 0; b < K; b++) {
            const ssvm_real *e = trans + (size_t)K * b; /* e[a] = trans[a + K*b] */
            ssvm_real m = prev[0] + e[0];
            int am = 0;
            for (a = 1; a < K; a++) {
                ssvm_real v = prev[a] + e[a];
                if (v > m) { m = v; am = a; } /* strict: ties keep the lowest index */
            }
            cur[b] = m + u[b];
            bpt[b] = am;
        }
        tmp = prev; prev = cur; cur = tmp;
    }
    best = prev[0]; arg = 0;
    for (b = 1; b < K; b++) if (prev[b] > best) { best = prev[b]; arg = b; }
    y[L - 1] = arg;
    for (t = L - 1; t > 0; t--) y[t - 1] = bp[(size_t)t * K + y[t]];
    return best;
}

/* >>oracles: chain model. Layout of w: unary block, [first-label biases K, last-label biases K], K*K
   transitions trans[a + K*b] (label a at t, b at t+1), as in the BCFW reference's OCR model. */
SSVM__PRIV int ssvm__chain_trans_off(int K, int F, int flags) {
    return K * F + ((flags & SSVM_CHAIN_BIASES) ? 2 * K : 0);
}
STRUCTSVM_DEF int ssvm_chain_dim(const ssvm_chain *m) {
    long long d;
    if (!m || m->n_labels <= 0 || m->n_attrs <= 0) return 0;
    d = (long long)m->n_labels * m->n_attrs + ((m->flags & SSVM_CHAIN_BIASES) ? 2LL * m->n_labels : 0) +
        (long long)m->n_labels * m->n_labels;
    return d > INT_MAX ? 0 : (int)d;
}

/* nzi/nzv (F each, or NULL): scratch to gather a dense position's non-zeros once for all K labels */
SSVM__PRIV void ssvm__chain_scores(const ssvm_chain *m, const ssvm_real *w, int p0, int L, ssvm_real *u, int *nzi,
                                   ssvm_real *nzv) {
    int K = m->n_labels, F = m->n_attrs, t, s, k, Lall = L;
#ifdef STRUCTSVM_USE_BLAS
    if (m->x && !(m->flags & SSVM_CHAIN_ATTR_MAJOR)) { /* U (L x K) = X (L x F) W^T, W = unary block (K x F) */
        if (SSVM__IS_FLOAT)
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, L, K, F, 1.0f,
                        (const float *)(const void *)(m->x + (size_t)p0 * F), F, (const float *)(const void *)w, F,
                        0.0f, (float *)(void *)u, K);
        else
            cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, L, K, F, 1.0,
                        (const double *)(const void *)(m->x + (size_t)p0 * F), F, (const double *)(const void *)w, F,
                        0.0, (double *)(void *)u, K);
        L = 0; /* rows done; fall through to the biases */
        (void)nzi; (void)nzv;
    }
#endif
    for (t = 0; t < L; t++) {
        ssvm_real *ut = u + (size_t)t * K;
        int p = p0 + t;
        if (m->x && nzi && !(m->flags & SSVM_CHAIN_ATTR_MAJOR)) {
            const ssvm_real *x = m->x + (size_t)p * F;
            int nz = 0;
            for (k = 0; k < F; k++) if (x[k] != 0) { nzi[nz] = k; nzv[nz] = x[k]; nz++; }
            for (s = 0; s < K; s++) {
                const ssvm_real *ws = w + (size_t)s * F;
                ssvm_real a0 = 0, a1 = 0; /* two chains: the adds no longer wait on each other */
                for (k = 0; k + 1 < nz; k += 2) { a0 += ws[nzi[k]] * nzv[k]; a1 += ws[nzi[k + 1]] * nzv[k + 1]; }
                if (k < nz) a0 += ws[nzi[k]] * nzv[k];
                ut[s] = a0 + a1;
            }
        } else if (m->x) {
            const ssvm_real *x = m->x + (size_t)p * F;
            if (m->flags & SSVM_CHAIN_ATTR_MAJOR) {
                for (s = 0; s < K; s++) ut[s] = 0;
                for (k = 0; k < F; k++) {
                    const ssvm_real *wa = w + (size_t)k * K;
                    ssvm_real v = x[k];
                    if (v != 0) for (s = 0; s < K; s++) ut[s] += v * wa[s];
                }
            } else {
                for (s = 0; s < K; s++) {
                    const ssvm_real *ws = w + (size_t)s * F;
                    ssvm_real acc = 0;
                    for (k = 0; k < F; k++) acc += ws[k] * x[k];
                    ut[s] = acc;
                }
            }
        } else {
            int b = m->attr_start[p], e = m->attr_start[p + 1];
            for (s = 0; s < K; s++) ut[s] = 0;
            for (k = b; k < e; k++) {
                int a = m->attr_id[k];
                ssvm_real v = m->attr_val ? m->attr_val[k] : (ssvm_real)1;
                if (m->flags & SSVM_CHAIN_ATTR_MAJOR) {
                    const ssvm_real *wa = w + (size_t)a * K;
                    for (s = 0; s < K; s++) ut[s] += v * wa[s];
                } else {
                    for (s = 0; s < K; s++) ut[s] += v * w[(size_t)s * F + a];
                }
            }
        }
    }
    if (m->flags & SSVM_CHAIN_BIASES) {
        const ssvm_real *first = w + (size_t)K * F, *last = first + K;
        for (s = 0; s < K; s++) { u[s] += first[s]; u[(size_t)(Lall - 1) * K + s] += last[s]; }
    }
}
STRUCTSVM_DEF void ssvm_chain_scores(const ssvm_chain *m, const ssvm_real *w, int p0, int L, ssvm_real *u) {
    ssvm__chain_scores(m, w, p0, L, u, 0, 0);
}

typedef struct ssvm__chain_scratch { ssvm_real *u; void *vit; } ssvm__chain_scratch;
SSVM__PRIV size_t ssvm__chain_u_bytes(int L, int K) {
    return ((size_t)L * (size_t)K * sizeof(ssvm_real) + 15u) & ~(size_t)15u;
}
STRUCTSVM_DEF size_t ssvm_chain_scratch_bytes(const ssvm_chain *m) {
    int i, L = 0;
    if (!m || !m->start || m->n <= 0 || m->n_labels <= 0) return 0;
    for (i = 0; i < m->n; i++) if (m->start[i + 1] - m->start[i] > L) L = m->start[i + 1] - m->start[i];
    if (L <= 0) return 0;
    return ssvm__chain_u_bytes(L, m->n_labels) + ssvm_viterbi_work_bytes(L, m->n_labels) + 32 +
           (m->x ? (size_t)m->n_attrs * (sizeof(int) + sizeof(ssvm_real)) : 0);
}
SSVM__PRIV unsigned char *ssvm__align16(void *p) {
    size_t mis = (size_t)((uintptr_t)p & 15u);
    return (unsigned char *)p + (mis ? 16 - mis : 0);
}

/* decode (aug = 0) or loss-augmented decode (aug = 1) of sequence i */
SSVM__PRIV int ssvm__chain_argmax(ssvm_chain *m, int i, const ssvm_real *w, int *y, int aug, ssvm_real *delta) {
    int K = m->n_labels, F = m->n_attrs, p0 = m->start[i], L = m->start[i + 1] - p0, t, wrong = 0;
    unsigned char *base = ssvm__align16(m->scratch);
    ssvm_real *u = (ssvm_real *)(void *)base;
    unsigned char *vit = base + ssvm__chain_u_bytes(m->max_len, K);
    ssvm_real *nzv = 0;
    int *nzi = 0;
    if (m->x) { /* gather buffers after the Viterbi work area, reals first for alignment */
        size_t vb = (ssvm_viterbi_work_bytes(m->max_len, K) + 15u) & ~(size_t)15u;
        nzv = (ssvm_real *)(void *)(vit + vb);
        nzi = (int *)(void *)(nzv + F);
    }
    ssvm__chain_scores(m, w, p0, L, u, nzi, nzv);
    if (aug) {
        ssvm_real unit = (m->flags & SSVM_CHAIN_COUNTED_LOSS) ? (ssvm_real)1 : (ssvm_real)1 / (ssvm_real)L;
        int s;
        for (t = 0; t < L; t++) {
            int g = m->labels[p0 + t];
            for (s = 0; s < K; s++) if (s != g) u[(size_t)t * K + s] += unit;
        }
    }
    ssvm_viterbi(L, K, u, w + ssvm__chain_trans_off(K, F, m->flags), vit, y);
    if (delta) {
        for (t = 0; t < L; t++) wrong += (y[t] != m->labels[p0 + t]);
        *delta = (m->flags & SSVM_CHAIN_COUNTED_LOSS) ? (ssvm_real)wrong : (ssvm_real)wrong / (ssvm_real)L;
    }
    return L;
}
SSVM__PRIV int ssvm__chain_truth(void *user, int i, int *y) {
    ssvm_chain *m = (ssvm_chain *)user;
    int p0 = m->start[i], L = m->start[i + 1] - p0, t;
    for (t = 0; t < L; t++) y[t] = m->labels[p0 + t];
    return L;
}
SSVM__PRIV int ssvm__chain_check_label(const ssvm_chain *m, int i, const int *y, int len) {
    int t;
    if (len != m->start[i + 1] - m->start[i]) return SSVM_ERR_LABEL;
    for (t = 0; t < len; t++) if (y[t] < 0 || y[t] >= m->n_labels) return SSVM_ERR_LABEL;
    return 0;
}
SSVM__PRIV int ssvm__chain_phi(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_svec *out) {
    ssvm_chain *m = (ssvm_chain *)user;
    int K = m->n_labels, F = m->n_attrs, p0 = m->start[i], t, rc;
    int to = ssvm__chain_trans_off(K, F, m->flags);
    if ((rc = ssvm__chain_check_label(m, i, y, len)) != 0) return rc;
    for (t = 0; t < len; t++) {
        int p = p0 + t, s = y[t];
        if (m->x) {
            if (m->flags & SSVM_CHAIN_ATTR_MAJOR) {
                int k;
                const ssvm_real *x = m->x + (size_t)p * F;
                for (k = 0; k < F; k++) if (x[k] != 0) ssvm_svec_add(out, k * K + s, scale * x[k]);
            } else ssvm_svec_add_dense(out, s * F, m->x + (size_t)p * F, F, scale);
        } else {
            int b = m->attr_start[p];
            if (m->flags & SSVM_CHAIN_ATTR_MAJOR)
                ssvm_svec_add_sparse(out, s, K, m->attr_id + b, m->attr_val ? m->attr_val + b : 0, m->attr_start[p + 1] - b, scale);
            else
                ssvm_svec_add_sparse(out, s * F, 1, m->attr_id + b, m->attr_val ? m->attr_val + b : 0, m->attr_start[p + 1] - b, scale);
        }
        if (t + 1 < len) ssvm_svec_add(out, to + y[t] + K * y[t + 1], scale);
    }
    if (m->flags & SSVM_CHAIN_BIASES) {
        ssvm_svec_add(out, K * F + y[0], scale);
        ssvm_svec_add(out, K * F + K + y[len - 1], scale);
    }
    return out->err;
}
SSVM__PRIV int ssvm__chain_oracle(void *user, int i, const ssvm_real *w, int *y, ssvm_real *delta) {
    return ssvm__chain_argmax((ssvm_chain *)user, i, w, y, 1, delta);
}
SSVM__PRIV int ssvm__chain_decode(void *user, int i, const ssvm_real *w, int *y) {
    return ssvm__chain_argmax((ssvm_chain *)user, i, w, y, 0, 0);
}
SSVM__PRIV int ssvm__chain_loss(void *user, int i, const int *y, int len, ssvm_real *delta) {
    ssvm_chain *m = (ssvm_chain *)user;
    int p0 = m->start[i], t, wrong = 0, rc;
    if ((rc = ssvm__chain_check_label(m, i, y, len)) != 0) return rc;
    for (t = 0; t < len; t++) wrong += (y[t] != m->labels[p0 + t]);
    *delta = (m->flags & SSVM_CHAIN_COUNTED_LOSS) ? (ssvm_real)wrong : (ssvm_real)wrong / (ssvm_real)len;
    return 0;
}
/* statistics s(y) = [one-hot of y_t for t < L (L*K), transition counts (K*K)]; the biases are read off the
   first and last rows, so they need no entries of their own */
SSVM__PRIV int ssvm__chain_stat_dim(void *user, int i) {
    ssvm_chain *m = (ssvm_chain *)user;
    return (m->start[i + 1] - m->start[i]) * m->n_labels + m->n_labels * m->n_labels;
}
SSVM__PRIV int ssvm__chain_stats(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_real *s) {
    ssvm_chain *m = (ssvm_chain *)user;
    int K = m->n_labels, t, rc;
    if ((rc = ssvm__chain_check_label(m, i, y, len)) != 0) return rc;
    for (t = 0; t < len; t++) {
        s[(size_t)t * K + y[t]] += scale;
        if (t + 1 < len) s[(size_t)len * K + y[t] + K * y[t + 1]] += scale;
    }
    return 0;
}
SSVM__PRIV int ssvm__chain_expand(void *user, int i, const ssvm_real *st, ssvm_real scale, ssvm_svec *out) {
    ssvm_chain *m = (ssvm_chain *)user;
    int K = m->n_labels, F = m->n_attrs, p0 = m->start[i], L = m->start[i + 1] - p0, t, s, q;
    int to = ssvm__chain_trans_off(K, F, m->flags);
    for (t = 0; t < L; t++) {
        int p = p0 + t;
        for (s = 0; s < K; s++) {
            ssvm_real c = st[(size_t)t * K + s];
            if (c == 0) continue;
            c *= scale;
            if (m->x) {
                if (m->flags & SSVM_CHAIN_ATTR_MAJOR) {
                    int k;
                    const ssvm_real *x = m->x + (size_t)p * F;
                    for (k = 0; k < F; k++) if (x[k] != 0) ssvm_svec_add(out, k * K + s, c * x[k]);
                } else ssvm_svec_add_dense(out, s * F, m->x + (size_t)p * F, F, c);
            } else {
                int b = m->attr_start[p];
                if (m->flags & SSVM_CHAIN_ATTR_MAJOR)
                    ssvm_svec_add_sparse(out, s, K, m->attr_id + b, m->attr_val ? m->attr_val + b : 0, m->attr_start[p + 1] - b, c);
                else
                    ssvm_svec_add_sparse(out, s * F, 1, m->attr_id + b, m->attr_val ? m->attr_val + b : 0, m->attr_start[p + 1] - b, c);
            }
            if (m->flags & SSVM_CHAIN_BIASES) {
                if (t == 0) ssvm_svec_add(out, K * F + s, c);
                if (t == L - 1) ssvm_svec_add(out, K * F + K + s, c);
            }
        }
    }
    for (q = 0; q < K * K; q++) {
        ssvm_real c = st[(size_t)L * K + q];
        if (c != 0) ssvm_svec_add(out, to + q, c * scale);
    }
    return out->err;
}

STRUCTSVM_DEF ssvm_result ssvm_chain_problem(ssvm_chain *m, void *scratch, ssvm_problem *out) {
    int i, L = 0, K, F, P;
    long long k;
    size_t need;
    if (!m || !out) return SSVM_ERR_INVALID_ARG;
    if (m->n <= 0 || m->n_labels <= 0 || m->n_attrs <= 0) return SSVM_ERR_EMPTY;
    if (!m->start || (!m->x && (!m->attr_start || !m->attr_id)) || !m->labels) return SSVM_ERR_INVALID_ARG;
    if (ssvm_chain_dim(m) <= 0) return SSVM_ERR_OVERFLOW;
    K = m->n_labels; F = m->n_attrs;
    /* positions start[0] .. start[n]-1 of the arrays: start[0] > 0 makes a model over a slice */
    if (m->start[0] < 0) return SSVM_ERR_INVALID_ARG;
    for (i = 0; i < m->n; i++) {
        int len = m->start[i + 1] - m->start[i];
        if (len <= 0) return SSVM_ERR_EMPTY;
        if (len > L) L = len;
    }
    P = m->start[m->n];
    for (i = m->start[0]; i < P; i++) if (m->labels[i] < 0 || m->labels[i] >= K) return SSVM_ERR_LABEL;
    if (m->x) {
        for (k = (long long)m->start[0] * F; k < (long long)P * F; k++)
            if (!ssvm__finite((double)m->x[k])) return SSVM_ERR_NONFINITE;
    } else {
        if (m->attr_start[m->start[0]] < 0) return SSVM_ERR_INVALID_ARG;
        for (i = m->start[0]; i < P; i++) if (m->attr_start[i + 1] < m->attr_start[i]) return SSVM_ERR_INVALID_ARG;
        for (k = m->attr_start[m->start[0]]; k < m->attr_start[P]; k++) {
            if (m->attr_id[k] < 0 || m->attr_id[k] >= F) return SSVM_ERR_FEATURE_INDEX;
            if (m->attr_val && !ssvm__finite((double)m->attr_val[k])) return SSVM_ERR_NONFINITE;
        }
    }
    m->max_len = L;
    need = ssvm_chain_scratch_bytes(m);
    if (scratch && scratch == m->scratch) { /* the model's own again: it must still be large enough */
        if (m->scratch_bytes < need) return SSVM_ERR_WORKSPACE;
    } else if (scratch) {
        if (m->owns_scratch) ssvm_chain_free(m);
        m->scratch = scratch; m->scratch_bytes = need; m->owns_scratch = 0;
    } else if (!m->scratch || m->scratch_bytes < need) {
        if (m->owns_scratch) ssvm_chain_free(m);
#ifdef STRUCTSVM_NO_MALLOC
        return SSVM_ERR_NOT_SUPPORTED;
#else
        m->scratch = SSVM_MALLOC(need, 0);
        if (!m->scratch) return SSVM_ERR_OUT_OF_MEMORY;
        m->scratch_bytes = need; m->owns_scratch = 1;
#endif
    }
    SSVM_MEMSET(out, 0, sizeof *out);
    out->n = m->n; out->d = ssvm_chain_dim(m); out->max_label_len = L; out->user = m;
    out->truth = ssvm__chain_truth; out->phi = ssvm__chain_phi; out->oracle = ssvm__chain_oracle;
    out->decode = ssvm__chain_decode; out->loss = ssvm__chain_loss;
    out->stat_dim = ssvm__chain_stat_dim; out->stats = ssvm__chain_stats; out->expand = ssvm__chain_expand;
    return SSVM_OK;
}
STRUCTSVM_DEF void ssvm_chain_free(ssvm_chain *m) {
    if (!m) return;
#ifndef STRUCTSVM_NO_MALLOC
    if (m->owns_scratch && m->scratch) SSVM_FREE(m->scratch, 0);
#endif
    m->scratch = 0; m->owns_scratch = 0; m->scratch_bytes = 0;
}
STRUCTSVM_DEF size_t ssvm_chain_predict_work_bytes(int L, int K) {
    if (L <= 0 || K <= 0) return 0;
    return ssvm__chain_u_bytes(L, K) + ssvm_viterbi_work_bytes(L, K) + 16;
}
STRUCTSVM_DEF ssvm_result ssvm_chain_predict(int K, int F, int flags, const ssvm_real *w, int L, const ssvm_real *x,
                                             void *work, int *y) {
    ssvm_chain m;
    int st[2];
    unsigned char *base;
    if (!w || !x || !work || !y) return SSVM_ERR_INVALID_ARG;
    if (K <= 0 || F <= 0 || L <= 0) return SSVM_ERR_EMPTY;
    SSVM_MEMSET(&m, 0, sizeof m);
    m.n = 1; m.n_labels = K; m.n_attrs = F; m.flags = flags; st[0] = 0; st[1] = L; m.start = st; m.x = x;
    base = ssvm__align16(work);
    ssvm_chain_scores(&m, w, 0, L, (ssvm_real *)(void *)base);
    ssvm_viterbi(L, K, (ssvm_real *)(void *)base, w + ssvm__chain_trans_off(K, F, flags),
                 base + ssvm__chain_u_bytes(L, K), y);
    return SSVM_OK;
}

/* >>oracles: multiclass, phi(x, y) = x (x) e_y with w[y*F + j] */
STRUCTSVM_DEF void ssvm_multiclass_init(ssvm_multiclass *m, int n, int K, int F, const ssvm_real *x, const int *labels) {
    if (!m) return;
    SSVM_MEMSET(m, 0, sizeof *m);
    m->n = n; m->n_classes = K; m->n_attrs = F; m->x = x; m->labels = labels;
}
STRUCTSVM_DEF int ssvm_multiclass_dim(const ssvm_multiclass *m) {
    long long d;
    if (!m || m->n_classes <= 0 || m->n_attrs <= 0) return 0;
    d = (long long)m->n_classes * m->n_attrs;
    return d > INT_MAX ? 0 : (int)d;
}
SSVM__PRIV ssvm_real ssvm__mc_score(const ssvm_multiclass *m, const ssvm_real *w, int i, int y) {
    const ssvm_real *wy = w + (size_t)y * m->n_attrs;
    ssvm_real acc = 0;
    int k;
    if (m->x) {
        /* in ssvm_real, like the chain's scores: a predict-only float build needs no double arithmetic */
        const ssvm_real *x = m->x + (size_t)i * m->n_attrs;
        ssvm_real a1 = 0;
        for (k = 0; k + 1 < m->n_attrs; k += 2) { acc += wy[k] * x[k]; a1 += wy[k + 1] * x[k + 1]; }
        if (k < m->n_attrs) acc += wy[k] * x[k];
        acc += a1;
    } else {
        for (k = m->row_start[i]; k < m->row_start[i + 1]; k++)
            acc += wy[m->attr_id[k]] * (m->attr_val ? m->attr_val[k] : (ssvm_real)1);
    }
    return acc;
}
SSVM__PRIV ssvm_real ssvm__mc_cost(const ssvm_multiclass *m, int t, int p) {
    if (m->cost) return m->cost[(size_t)t * m->n_classes + p];
    return (ssvm_real)(t != p);
}
SSVM__PRIV int ssvm__mc_argmax(const ssvm_multiclass *m, int i, const ssvm_real *w, int aug, int *y, ssvm_real *delta) {
    int K = m->n_classes, c, best = 0, g = m->labels ? m->labels[i] : 0;
    ssvm_real bv = 0;
    for (c = 0; c < K; c++) {
        ssvm_real v = ssvm__mc_score(m, w, i, c) + (aug ? ssvm__mc_cost(m, g, c) : 0);
        if (c == 0 || v > bv) { bv = v; best = c; }
    }
    *y = best;
    if (delta) *delta = ssvm__mc_cost(m, g, best);
    return 1;
}
SSVM__PRIV int ssvm__mc_truth(void *user, int i, int *y) { *y = ((ssvm_multiclass *)user)->labels[i]; return 1; }
SSVM__PRIV int ssvm__mc_phi(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_svec *out) {
    ssvm_multiclass *m = (ssvm_multiclass *)user;
    int F = m->n_attrs;
    if (len != 1 || *y < 0 || *y >= m->n_classes) return SSVM_ERR_LABEL;
    if (m->x) ssvm_svec_add_dense(out, *y * F, m->x + (size_t)i * F, F, scale);
    else {
        int b = m->row_start[i];
        ssvm_svec_add_sparse(out, *y * F, 1, m->attr_id + b, m->attr_val ? m->attr_val + b : 0, m->row_start[i + 1] - b, scale);
    }
    return out->err;
}
SSVM__PRIV int ssvm__mc_oracle(void *user, int i, const ssvm_real *w, int *y, ssvm_real *delta) {
    return ssvm__mc_argmax((const ssvm_multiclass *)user, i, w, 1, y, delta);
}
SSVM__PRIV int ssvm__mc_decode(void *user, int i, const ssvm_real *w, int *y) {
    return ssvm__mc_argmax((const ssvm_multiclass *)user, i, w, 0, y, 0);
}
SSVM__PRIV int ssvm__mc_loss(void *user, int i, const int *y, int len, ssvm_real *delta) {
    ssvm_multiclass *m = (ssvm_multiclass *)user;
    if (len != 1 || *y < 0 || *y >= m->n_classes) return SSVM_ERR_LABEL;
    *delta = ssvm__mc_cost(m, m->labels[i], *y);
    return 0;
}
SSVM__PRIV int ssvm__mc_stat_dim(void *user, int i) { (void)i; return ((ssvm_multiclass *)user)->n_classes; }
SSVM__PRIV int ssvm__mc_stats(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_real *s) {
    ssvm_multiclass *m = (ssvm_multiclass *)user;
    (void)i;
    if (len != 1 || *y < 0 || *y >= m->n_classes) return SSVM_ERR_LABEL;
    s[*y] += scale;
    return 0;
}
SSVM__PRIV int ssvm__mc_expand(void *user, int i, const ssvm_real *s, ssvm_real scale, ssvm_svec *out) {
    ssvm_multiclass *m = (ssvm_multiclass *)user;
    int c, F = m->n_attrs;
    for (c = 0; c < m->n_classes; c++) {
        if (s[c] == 0) continue;
        if (m->x) ssvm_svec_add_dense(out, c * F, m->x + (size_t)i * F, F, s[c] * scale);
        else {
            int b = m->row_start[i];
            ssvm_svec_add_sparse(out, c * F, 1, m->attr_id + b, m->attr_val ? m->attr_val + b : 0, m->row_start[i + 1] - b, s[c] * scale);
        }
    }
    return out->err;
}
STRUCTSVM_DEF ssvm_result ssvm_multiclass_problem(ssvm_multiclass *m, ssvm_problem *out) {
    int i, K, F;
    long long k;
    if (!m || !out) return SSVM_ERR_INVALID_ARG;
    if (m->n <= 0 || m->n_classes <= 0 || m->n_attrs <= 0) return SSVM_ERR_EMPTY;
    if ((!m->x && (!m->row_start || !m->attr_id)) || !m->labels) return SSVM_ERR_INVALID_ARG;
    if (ssvm_multiclass_dim(m) <= 0) return SSVM_ERR_OVERFLOW;
    K = m->n_classes; F = m->n_attrs;
    for (i = 0; i < m->n; i++) if (m->labels[i] < 0 || m->labels[i] >= K) return SSVM_ERR_LABEL;
    if (m->x) {
        for (k = 0; k < (long long)m->n * F; k++) if (!ssvm__finite((double)m->x[k])) return SSVM_ERR_NONFINITE;
    } else {
        if (m->row_start[0] != 0) return SSVM_ERR_INVALID_ARG;
        for (i = 0; i < m->n; i++) if (m->row_start[i + 1] < m->row_start[i]) return SSVM_ERR_INVALID_ARG;
        for (k = 0; k < m->row_start[m->n]; k++) {
            if (m->attr_id[k] < 0 || m->attr_id[k] >= F) return SSVM_ERR_FEATURE_INDEX;
            if (m->attr_val && !ssvm__finite((double)m->attr_val[k])) return SSVM_ERR_NONFINITE;
        }
    }
    if (m->cost) {
        for (k = 0; k < (long long)K * K; k++)
            if (!ssvm__finite((double)m->cost[k]) || m->cost[k] < 0) return SSVM_ERR_LOSS;
        for (i = 0; i < K; i++) if (m->cost[(size_t)i * K + i] != 0) return SSVM_ERR_LOSS;
    }
    SSVM_MEMSET(out, 0, sizeof *out);
    out->n = m->n; out->d = ssvm_multiclass_dim(m); out->max_label_len = 1; out->user = m;
    out->truth = ssvm__mc_truth; out->phi = ssvm__mc_phi; out->oracle = ssvm__mc_oracle;
    out->decode = ssvm__mc_decode; out->loss = ssvm__mc_loss;
    out->stat_dim = ssvm__mc_stat_dim; out->stats = ssvm__mc_stats; out->expand = ssvm__mc_expand;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_multiclass_predict(int K, int F, const ssvm_real *w, const ssvm_real *x, int *y) {
    ssvm_multiclass m;
    int lab = 0;
    if (!w || !x || !y) return SSVM_ERR_INVALID_ARG;
    if (K <= 0 || F <= 0) return SSVM_ERR_EMPTY;
    SSVM_MEMSET(&m, 0, sizeof m);
    m.n = 1; m.n_classes = K; m.n_attrs = F; m.x = x; m.labels = &lab;
    ssvm__mc_argmax(&m, 0, w, 0, y, 0);
    return SSVM_OK;
}

#ifndef STRUCTSVM_PREDICT_ONLY
/* >>solvers: shared pieces */
STRUCTSVM_DEF ssvm_params ssvm_params_init(ssvm_solver_kind solver) {
    ssvm_params q;
    SSVM_MEMSET(&q, 0, sizeof q);
    q.solver = solver;
    q.lambda = 0.01;
    q.max_passes = 50;
    q.gap_tol = 1e-3;
    q.eval_every = 1;
    q.eval_iterate = 1;
    q.eval_average = 1;
    q.line_search = 1;
    q.averaging = solver == SSVM_FW ? SSVM_AVG_NONE : SSVM_AVG_WEIGHTED;
    q.sampling = SSVM_SAMPLE_UNIFORM;
    q.state = SSVM_STATE_AUTO;
    q.seed = 1;
    return q;
}
STRUCTSVM_DEF ssvm_result ssvm_params_check(const ssvm_params *q) {
    if (!q) return SSVM_ERR_INVALID_ARG;
    if (!(q->lambda > 0) || !ssvm__finite(q->lambda)) return SSVM_ERR_LAMBDA;
    if ((unsigned)q->solver > (unsigned)SSVM_SSG || (unsigned)q->sampling > (unsigned)SSVM_SAMPLE_SEQUENCE ||
        (unsigned)q->averaging > (unsigned)SSVM_AVG_SUFFIX || (unsigned)q->state > (unsigned)SSVM_STATE_SPARSE)
        return SSVM_ERR_INVALID_ARG;
    if (q->max_passes < 0 || q->max_oracle_calls < 0 || q->eval_every < 0 || !(q->max_seconds >= 0) ||
        !(q->gap_tol >= 0))
        return SSVM_ERR_INVALID_ARG;
    if (q->sampling == SSVM_SAMPLE_SEQUENCE && (!q->sequence || q->sequence_len <= 0)) return SSVM_ERR_INVALID_ARG;
    if (q->solver == SSVM_FW && q->averaging != SSVM_AVG_NONE) return SSVM_ERR_NOT_SUPPORTED;
    if ((q->allocator.alloc != 0) != (q->allocator.free != 0)) return SSVM_ERR_NULL_CALLBACK;
    return SSVM_OK;
}

SSVM__PRIV double ssvm__now(const ssvm_solver *s) {
    if (s->par.clock) return s->par.clock(s->par.clock_user);
#ifndef STRUCTSVM_NO_CLOCK
    return (double)clock() / (double)CLOCKS_PER_SEC;
#else
    return 0.0;
#endif
}
SSVM__PRIV double ssvm__nan(void) {
    volatile double z = 0.0;
    return z / z;
}
/* splitmix64: tiny, full-period, and the same stream on every platform */
SSVM__PRIV unsigned long long ssvm__rand(unsigned long long *st) {
    unsigned long long z = (*st += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
SSVM__PRIV int ssvm__rand_below(unsigned long long *st, int n) { /* unbiased by rejection */
    unsigned long long lim = (0xFFFFFFFFFFFFFFFFULL / (unsigned long long)n) * (unsigned long long)n, r;
    do r = ssvm__rand(st); while (r >= lim);
    return (int)(r % (unsigned long long)n);
}

SSVM__PRIV int ssvm__state_kind(const ssvm_problem *p, const ssvm_params *q) {
    if (q->solver != SSVM_BCFW) return -1;
    if (q->state == SSVM_STATE_COMPACT) return p->stats ? SSVM_STATE_COMPACT : -2;
    if (q->state == SSVM_STATE_DENSE) return SSVM_STATE_DENSE;
    if (q->state == SSVM_STATE_SPARSE) return SSVM_STATE_SPARSE;
    return p->stats ? SSVM_STATE_COMPACT : SSVM_STATE_SPARSE;
}

/* Lays out (or sizes, when s->heap is NULL) every block of the solver in one arena. */
SSVM__PRIV ssvm_result ssvm__layout(ssvm_solver *s, ssvm__arena *a) {
    const ssvm_problem *p = &s->prob;
    size_t d = (size_t)p->d, n = (size_t)p->n, total = 0, maxdim = 0;
    int i;
    s->w = (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real));
    s->z = (s->par.averaging != SSVM_AVG_NONE) ? (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real)) : 0;
    s->wtmp = (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real));
    s->sv.val = (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real));
    s->sv.idx = (int *)ssvm__take(a, d, sizeof(int));
    s->sv.mark = (unsigned char *)ssvm__take(a, d, 1);
    s->y = (int *)ssvm__take(a, (size_t)p->max_label_len, sizeof(int));
    s->y2 = (int *)ssvm__take(a, (size_t)p->max_label_len, sizeof(int));
    s->perm = (s->par.sampling == SSVM_SAMPLE_PERMUTATION) ? (int *)ssvm__take(a, n, sizeof(int)) : 0;
    s->li = 0; s->sig_off = 0; s->sigma = 0; s->stmp = 0; s->wi = 0;
    s->sp_off = 0; s->sp_len = s->sp_cap = s->sp_idx = 0; s->sp_val = 0; s->sv_ws.val = 0;
    if (s->state_kind >= SSVM_STATE_COMPACT)
        s->li = (double *)ssvm__take(a, n, sizeof(double));
    if (s->state_kind == SSVM_STATE_COMPACT) {
        s->sig_off = (size_t *)ssvm__take(a, n + 1, sizeof(size_t));
        for (i = 0; i < p->n; i++) {
            int m = p->stat_dim(p->user, i);
            if (m <= 0) return SSVM_ERR_CALLBACK;
            if (s->sig_off) s->sig_off[i] = total;
            total += (size_t)m;
            if ((size_t)m > maxdim) maxdim = (size_t)m;
        }
        if (s->sig_off) s->sig_off[n] = total;
        s->sigma = (ssvm_real *)ssvm__take(a, total, sizeof(ssvm_real));
        s->stmp = (ssvm_real *)ssvm__take(a, maxdim, sizeof(ssvm_real));
    } else if (s->state_kind == SSVM_STATE_DENSE) {
        if (n > ((size_t)-1) / sizeof(ssvm_real) / d) return SSVM_ERR_OVERFLOW;
        s->wi = (ssvm_real *)ssvm__take(a, n * d, sizeof(ssvm_real));
    } else if (s->state_kind == SSVM_STATE_SPARSE) {
        size_t pool = s->par.sparse_pool_entries ? s->par.sparse_pool_entries : 64 * n;
        if (pool < n) return SSVM_ERR_WORKSPACE;
        s->sp_off = (size_t *)ssvm__take(a, n, sizeof(size_t));
        s->sp_len = (int *)ssvm__take(a, n, sizeof(int));
        s->sp_cap = (int *)ssvm__take(a, n, sizeof(int));
        s->sp_idx = (int *)ssvm__take(a, pool, sizeof(int));
        s->sp_val = (ssvm_real *)ssvm__take(a, pool, sizeof(ssvm_real));
        s->sp_pool_cap = pool;
        s->sv_ws.val = (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real));
        s->sv_ws.idx = (int *)ssvm__take(a, d, sizeof(int));
        s->sv_ws.mark = (unsigned char *)ssvm__take(a, d, 1);
    }
    return a->overflow ? SSVM_ERR_OVERFLOW : SSVM_OK;
}

STRUCTSVM_DEF ssvm_result ssvm_solver_heap_size(const ssvm_problem *p, const ssvm_params *q, size_t *bytes) {
    ssvm_solver s;
    ssvm__arena a = {0, 0, 0, 0};
    ssvm_result r;
    if (!bytes) return SSVM_ERR_INVALID_ARG;
    *bytes = 0;
    if ((r = ssvm_problem_check(p)) != SSVM_OK) return r;
    if ((r = ssvm_params_check(q)) != SSVM_OK) return r;
    SSVM_MEMSET(&s, 0, sizeof s);
    s.prob = *p; s.par = *q;
    s.state_kind = ssvm__state_kind(p, q);
    if (s.state_kind == -2) return SSVM_ERR_NOT_SUPPORTED;
    if ((r = ssvm__layout(&s, &a)) != SSVM_OK) return r;
    *bytes = a.used + 16; /* slack to align the caller's block */
    return SSVM_OK;
}

SSVM__PRIV void ssvm__reset(ssvm_solver *s) {
    const ssvm_problem *p = &s->prob;
    size_t d = (size_t)p->d;
    int i;
    SSVM_MEMSET(s->w, 0, d * sizeof(ssvm_real));
    if (s->z) SSVM_MEMSET(s->z, 0, d * sizeof(ssvm_real));
    SSVM_MEMSET(s->sv.mark, 0, d); s->sv.nnz = 0; s->sv.d = p->d; s->sv.err = 0;
    if (s->li) for (i = 0; i < p->n; i++) s->li[i] = 0;
    if (s->wi) SSVM_MEMSET(s->wi, 0, (size_t)p->n * d * sizeof(ssvm_real));
    if (s->sp_off) {
        for (i = 0; i < p->n; i++) { s->sp_off[i] = 0; s->sp_len[i] = 0; s->sp_cap[i] = 0; }
        s->sp_pool_used = 0; s->sp_live = 0;
        SSVM_MEMSET(s->sv_ws.mark, 0, d); s->sv_ws.nnz = 0; s->sv_ws.d = p->d; s->sv_ws.err = 0;
    }
    s->l = 0; s->l_bar = 0; s->avg_a = 1; s->avg_b = 1; s->k = 0; s->avg_count = 0; s->seq_pos = 0;
    s->rng = s->par.seed;
    s->best = s->par.averaging != SSVM_AVG_NONE ? SSVM_W_AVERAGE : SSVM_W_ITERATE;
    s->fw_have = 0;
    SSVM_MEMSET(&s->prog, 0, sizeof s->prog);
    s->prog.primal = s->prog.dual = s->prog.gap = ssvm__nan();
    s->prog.primal_avg = s->prog.dual_avg = s->prog.gap_avg = ssvm__nan();
    s->prog.state_bytes = s->heap_bytes;
}

/* the compact state starts at alpha_i = e_{y_i} (w_i = 0): sigma_i = s_i(y_i) */
SSVM__PRIV ssvm_result ssvm__init_sigma(ssvm_solver *s) {
    const ssvm_problem *p = &s->prob;
    int i, len, rc;
    SSVM_MEMSET(s->sigma, 0, s->sig_off[p->n] * sizeof(ssvm_real));
    for (i = 0; i < p->n; i++) {
        len = p->truth(p->user, i, s->y);
        if (len <= 0 || len > p->max_label_len) return len < 0 ? (ssvm_result)len : SSVM_ERR_LABEL;
        rc = p->stats(p->user, i, s->y, len, 1, s->sigma + s->sig_off[i]);
        if (rc < 0) return (ssvm_result)rc;
    }
    return SSVM_OK;
}

STRUCTSVM_DEF ssvm_result ssvm_solver_init_preallocated(ssvm_solver *s, const ssvm_problem *p, const ssvm_params *q,
                                                        void *heap, size_t bytes) {
    size_t need;
    ssvm__arena a;
    ssvm_result r;
    if (!s || !heap) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_solver_heap_size(p, q, &need)) != SSVM_OK) return r;
    if (bytes < need) return SSVM_ERR_WORKSPACE;
    SSVM_MEMSET(s, 0, sizeof *s);
    s->prob = *p; s->par = *q;
    s->state_kind = ssvm__state_kind(p, q);
    a.base = ssvm__align16(heap); a.used = 0; a.cap = bytes - 16; a.overflow = 0;
    if ((r = ssvm__layout(s, &a)) != SSVM_OK) return r;
    s->heap = heap; s->heap_bytes = need; s->owns_heap = 0;
    ssvm__reset(s);
    if (s->state_kind == SSVM_STATE_COMPACT) return ssvm__init_sigma(s);
    return SSVM_OK;
}

/* the solver's allocator for memory beyond its heap block (a growing sparse pool); NULL if none */
SSVM__PRIV void *ssvm__alloc(ssvm_solver *s, size_t bytes) {
    if (!s->owns_heap) return 0; /* a preallocated solver never allocates */
    if (s->par.allocator.alloc) return s->par.allocator.alloc(bytes, s->par.allocator.user);
#ifndef STRUCTSVM_NO_MALLOC
    return SSVM_MALLOC(bytes, 0);
#else
    return 0;
#endif
}
SSVM__PRIV void ssvm__free(ssvm_solver *s, void *ptr) {
    if (!ptr) return;
    if (s->par.allocator.free) { s->par.allocator.free(ptr, s->par.allocator.user); return; }
#ifndef STRUCTSVM_NO_MALLOC
    SSVM_FREE(ptr, 0);
#endif
}
STRUCTSVM_DEF ssvm_result ssvm_solver_init(ssvm_solver *s, const ssvm_problem *p, const ssvm_params *q) {
    size_t need;
    void *heap;
    ssvm_result r;
    if (!s) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_solver_heap_size(p, q, &need)) != SSVM_OK) return r;
    if (q->allocator.alloc) heap = q->allocator.alloc(need, q->allocator.user);
    else {
#ifdef STRUCTSVM_NO_MALLOC
        return SSVM_ERR_NOT_SUPPORTED;
#else
        heap = SSVM_MALLOC(need, 0);
#endif
    }
    if (!heap) return SSVM_ERR_OUT_OF_MEMORY;
    r = ssvm_solver_init_preallocated(s, p, q, heap, need);
    s->heap = heap; s->owns_heap = 1;
    if (r != SSVM_OK) { ssvm_solver_uninit(s); return r; }
    return SSVM_OK;
}

STRUCTSVM_DEF void ssvm_solver_uninit(ssvm_solver *s) {
    if (!s) return;
    if (s->sp_pool_mem) { ssvm__free(s, s->sp_pool_mem); s->sp_pool_mem = 0; }
    if (s->owns_heap && s->heap) {
        if (s->par.allocator.free) s->par.allocator.free(s->heap, s->par.allocator.user);
#ifndef STRUCTSVM_NO_MALLOC
        else SSVM_FREE(s->heap, 0);
#endif
    }
    s->heap = 0; s->owns_heap = 0;
}

/* Calls the oracle and checks what it returned. */
SSVM__PRIV ssvm_result ssvm__call_oracle(const ssvm_problem *p, int i, const ssvm_real *w, int *y, int *len,
                                         ssvm_real *delta) {
    *delta = 0;
    *len = p->oracle(p->user, i, w, y, delta);
    if (*len < 0) return (ssvm_result)*len;
    if (*len == 0 || *len > p->max_label_len) return SSVM_ERR_CALLBACK;
    if (!ssvm__finite((double)*delta) || *delta < 0) return SSVM_ERR_LOSS;
    return SSVM_OK;
}

/* out += scale * psi_i(y) = scale * (phi(x_i, y_i) - phi(x_i, y)) */
SSVM__PRIV ssvm_result ssvm__add_psi(ssvm_solver *s, int i, const int *y, int len, ssvm_real scale, ssvm_svec *out) {
    const ssvm_problem *p = &s->prob;
    int tl = p->truth(p->user, i, s->y2), rc;
    if (tl < 0) return (ssvm_result)tl;
    if (tl == 0 || tl > p->max_label_len) return SSVM_ERR_LABEL;
    rc = p->phi(p->user, i, s->y2, tl, scale, out);
    if (rc < 0) return (ssvm_result)rc;
    rc = p->phi(p->user, i, y, len, -scale, out);
    if (rc < 0) return (ssvm_result)rc;
    return out->err ? (ssvm_result)out->err : SSVM_OK;
}

/* Lazy averaging for BCFW: w_bar = avg_a * w + avg_b * z. With w' = w + delta (sparse) and
   w_bar' = (1-rho) w_bar + rho w': avg_a' = (1-rho) avg_a + rho, avg_b' = (1-rho) avg_b,
   z' = z - (avg_a/avg_b) delta. rho = 1 restarts the average at w'. Cost: O(nnz(delta)). */
SSVM__PRIV void ssvm__avg_update(ssvm_solver *s, double rho, const ssvm_svec *dir, double coef) {
    int k, d = s->prob.d;
    double a = s->avg_a, b = s->avg_b;
    if (rho >= 1.0) {
        SSVM_MEMSET(s->z, 0, (size_t)d * sizeof(ssvm_real));
        s->avg_a = 1; s->avg_b = 1;
        return;
    }
    {
        double c = -(a / b) * coef;
        for (k = 0; k < dir->nnz; k++) { int j = dir->idx[k]; s->z[j] += (ssvm_real)(c * (double)dir->val[j]); }
    }
    s->avg_a = (1 - rho) * a + rho;
    s->avg_b = (1 - rho) * b;
    /* z grows like 1/avg_b: fold it back into a plain vector before it loses range (O(d), rare) */
    if (s->avg_b < (sizeof(ssvm_real) < sizeof(double) ? 1e-15 : 1e-100)) {
        int j;
        for (j = 0; j < d; j++) s->z[j] = (ssvm_real)(s->avg_a * (double)s->w[j] + s->avg_b * (double)s->z[j]);
        /* now w_bar = z: represent as 0*w + 1*z */
        s->avg_a = 0; s->avg_b = 1;
    }
}
SSVM__PRIV double ssvm__avg_rho(ssvm_solver *s) {
    /* called after step k (0-based) produced iterate k+1 */
    if (s->par.averaging == SSVM_AVG_WEIGHTED) return 2.0 / (double)(s->k + 2);
    else {
        long long t = s->k + 1; /* doubling trick: restart at iterates 1, 2, 4, 8, ... */
        if ((t & (t - 1)) == 0) { s->avg_count = 1; return 1.0; }
        s->avg_count++;
        return 1.0 / (double)s->avg_count;
    }
}
SSVM__PRIV void ssvm__avg_materialize(const ssvm_solver *s, ssvm_real *out) {
    int j, d = s->prob.d;
    if (s->par.solver == SSVM_SSG) { SSVM_MEMCPY(out, s->z, (size_t)d * sizeof(ssvm_real)); return; }
    SSVM_MEMCPY(out, s->z, (size_t)d * sizeof(ssvm_real));
    ssvm__axpby(d, s->avg_a, s->w, s->avg_b, out);
    (void)j;
}

SSVM__PRIV int ssvm__next_index(ssvm_solver *s) {
    const ssvm_params *q = &s->par;
    int n = s->prob.n, i;
    if (q->sampling == SSVM_SAMPLE_SEQUENCE) {
        i = q->sequence[s->seq_pos % q->sequence_len];
        s->seq_pos++;
        return (i >= 0 && i < n) ? i : -1;
    }
    if (q->sampling == SSVM_SAMPLE_PERMUTATION) {
        long long pos = s->k % n;
        if (pos == 0) { /* a fresh Fisher-Yates permutation per pass */
            int j;
            for (j = 0; j < n; j++) s->perm[j] = j;
            for (j = n - 1; j > 0; j--) {
                int r = ssvm__rand_below(&s->rng, j + 1), t = s->perm[j];
                s->perm[j] = s->perm[r]; s->perm[r] = t;
            }
        }
        return s->perm[pos];
    }
    return ssvm__rand_below(&s->rng, n);
}

/* Room for `need` entries of example i's sparse w_i: a fresh block at the end of the pool, or, when the
   pool is full, a pool twice the live size into which every example's entries are compacted. */
SSVM__PRIV ssvm_result ssvm__sparse_reserve(ssvm_solver *s, int i, int need) {
    size_t cap = (size_t)s->sp_cap[i] * 2, newcap, bytes, used = 0;
    int e;
    unsigned char *mem;
    int *nidx;
    ssvm_real *nval;
    if (need <= s->sp_cap[i]) return SSVM_OK;
    if (cap < (size_t)need) cap = (size_t)need;
    if (cap < 8) cap = 8;
    if (s->sp_pool_used + cap <= s->sp_pool_cap) {
        /* the old entries are copied by the caller's rewrite; the old block becomes garbage */
        s->sp_off[i] = s->sp_pool_used; s->sp_cap[i] = (int)cap; s->sp_pool_used += cap;
        return SSVM_OK;
    }
    newcap = 2 * (s->sp_live + cap);
    if (newcap < s->sp_pool_cap) newcap = s->sp_pool_cap;
    if (newcap > ((size_t)-1) / (sizeof(int) + sizeof(ssvm_real)) - 16) return SSVM_ERR_OVERFLOW;
    bytes = newcap * (sizeof(int) + sizeof(ssvm_real)) + 16;
    mem = (unsigned char *)ssvm__alloc(s, bytes);
    if (!mem) return s->owns_heap ? SSVM_ERR_OUT_OF_MEMORY : SSVM_ERR_WORKSPACE;
    nval = (ssvm_real *)(void *)ssvm__align16(mem);
    nidx = (int *)(void *)(nval + newcap);
    for (e = 0; e < s->prob.n; e++) { /* compact: every block shrinks to its length */
        size_t k, o = s->sp_off[e];
        int L = s->sp_len[e];
        for (k = 0; k < (size_t)L; k++) { nidx[used + k] = s->sp_idx[o + k]; nval[used + k] = s->sp_val[o + k]; }
        s->sp_off[e] = used; s->sp_cap[e] = L; used += (size_t)L;
    }
    s->sp_off[i] = used; s->sp_cap[i] = (int)cap; used += cap;
    ssvm__free(s, s->sp_pool_mem);
    s->sp_pool_mem = mem; s->sp_pool_bytes = bytes;
    s->sp_idx = nidx; s->sp_val = nval; s->sp_pool_cap = newcap; s->sp_pool_used = used;
    s->prog.state_bytes = s->heap_bytes + bytes;
    return SSVM_OK;
}

/* >>solvers: BCFW, Algorithm 4 */
SSVM__PRIV ssvm_result ssvm__bcfw_step(ssvm_solver *s, int i) {
    const ssvm_problem *p = &s->prob;
    double lam = s->par.lambda, n = (double)p->n, ls, li, gamma, dot, nrm;
    ssvm_real delta, sc = (ssvm_real)(1.0 / (lam * n));
    ssvm_svec *D = &s->sv;
    int len, k, rc;
    ssvm_result r;
    /* y* = argmax H_i(y; w); w_s = psi_i(y*)/(lambda n); l_s = L_i(y*)/n */
    if ((r = ssvm__call_oracle(p, i, s->w, s->y, &len, &delta)) != SSVM_OK) return r;
    s->prog.oracle_calls++;
    ls = (double)delta / n;
    li = s->li[i];
    ssvm_svec_clear(D);
    /* D = w_i - w_s */
    if (s->state_kind == SSVM_STATE_COMPACT) {
        ssvm_real *sig = s->sigma + s->sig_off[i];
        size_t m = s->sig_off[i + 1] - s->sig_off[i], j;
        for (j = 0; j < m; j++) s->stmp[j] = -sig[j];
        if ((rc = p->stats(p->user, i, s->y, len, 1, s->stmp)) < 0) return (ssvm_result)rc;
        /* w_i - w_s = A_i (s(y*) - sigma_i) / (lambda n) */
        if ((rc = p->expand(p->user, i, s->stmp, sc, D)) < 0) return (ssvm_result)rc;
        if (D->err) return (ssvm_result)D->err;
    } else if (s->state_kind == SSVM_STATE_SPARSE) {
        ssvm_svec *E = &s->sv_ws;
        size_t o = s->sp_off[i];
        ssvm_svec_clear(E);
        if ((r = ssvm__add_psi(s, i, s->y, len, sc, E)) != SSVM_OK) return r; /* E = w_s */
        for (k = 0; k < s->sp_len[i]; k++) ssvm_svec_add(D, s->sp_idx[o + k], s->sp_val[o + k]);
        for (k = 0; k < E->nnz; k++) { int j = E->idx[k]; ssvm_svec_add(D, j, -E->val[j]); }
        if (D->err) return (ssvm_result)D->err;
    } else {
        ssvm_real *wi = s->wi + (size_t)i * (size_t)p->d;
        int j;
        if ((r = ssvm__add_psi(s, i, s->y, len, -sc, D)) != SSVM_OK) return r;
        for (j = 0; j < p->d; j++) if (wi[j] != 0) ssvm_svec_add(D, j, wi[j]);
    }
    dot = (double)ssvm_svec_dot(D, s->w);
    nrm = 0;
    for (k = 0; k < D->nnz; k++) { double v = (double)D->val[D->idx[k]]; nrm += v * v; }
    if (s->par.line_search) {
        gamma = (dot - (li - ls) / lam) / (nrm + SSVM__EPS);
        if (gamma < 0) gamma = 0;
        if (gamma > 1) gamma = 1;
    } else gamma = 2.0 * n / ((double)s->k + 2.0 * n);
    /* w <- w - gamma D ; w_i <- w_i - gamma D ; l_i <- (1-gamma) l_i + gamma l_s */
    for (k = 0; k < D->nnz; k++) { int j = D->idx[k]; s->w[j] -= (ssvm_real)(gamma * (double)D->val[j]); }
    if (s->state_kind == SSVM_STATE_COMPACT) {
        ssvm_real *sig = s->sigma + s->sig_off[i];
        size_t m = s->sig_off[i + 1] - s->sig_off[i], j;
        for (j = 0; j < m; j++) if (s->stmp[j] != 0) sig[j] += (ssvm_real)(gamma * (double)s->stmp[j]);
    } else if (s->state_kind == SSVM_STATE_SPARSE) {
        /* w_i' = (1-gamma) w_i + gamma w_s = (1-gamma) D + w_s, on the support of D (which covers both) */
        const ssvm_svec *E = &s->sv_ws;
        int m = 0;
        size_t o;
        if ((r = ssvm__sparse_reserve(s, i, D->nnz)) != SSVM_OK) return r;
        o = s->sp_off[i];
        for (k = 0; k < D->nnz; k++) {
            int j = D->idx[k];
            double v = (1 - gamma) * (double)D->val[j] + (E->mark[j] ? (double)E->val[j] : 0.0);
            if (v != 0) { s->sp_idx[o + m] = j; s->sp_val[o + m] = (ssvm_real)v; m++; }
        }
        s->sp_live += (size_t)m - (size_t)s->sp_len[i];
        s->sp_len[i] = m;
    } else {
        ssvm_real *wi = s->wi + (size_t)i * (size_t)p->d;
        for (k = 0; k < D->nnz; k++) { int j = D->idx[k]; wi[j] -= (ssvm_real)(gamma * (double)D->val[j]); }
    }
    {
        double li_new = (1 - gamma) * li + gamma * ls;
        s->l += li_new - li;
        s->li[i] = li_new;
    }
    if (s->par.averaging != SSVM_AVG_NONE) {
        double rho = ssvm__avg_rho(s);
        ssvm__avg_update(s, rho, D, -gamma);
        s->l_bar = (1 - rho) * s->l_bar + rho * s->l;
    }
    s->k++;
    s->prog.steps++;
    return SSVM_OK;
}

/* >>solvers: SSG (Pegasos step). w <- (1-gamma) w + gamma psi_i(y*)/lambda, gamma = 1/(k+1). Dense O(d) per
   step for the shrink and the average (the oracle takes a plain w). */
SSVM__PRIV ssvm_result ssvm__ssg_step(ssvm_solver *s, int i) {
    const ssvm_problem *p = &s->prob;
    double lam = s->par.lambda, gamma = 1.0 / (double)(s->k + 1);
    ssvm_real delta;
    ssvm_svec *D = &s->sv;
    int len, j, k;
    ssvm_result r;
    if ((r = ssvm__call_oracle(p, i, s->w, s->y, &len, &delta)) != SSVM_OK) return r;
    s->prog.oracle_calls++;
    ssvm_svec_clear(D);
    if ((r = ssvm__add_psi(s, i, s->y, len, (ssvm_real)(gamma / lam), D)) != SSVM_OK) return r;
    ssvm__scal(p->d, 1 - gamma, s->w);
    for (k = 0; k < D->nnz; k++) { j = D->idx[k]; s->w[j] += D->val[j]; }
    if (s->par.averaging != SSVM_AVG_NONE) {
        double rho = ssvm__avg_rho(s);
        ssvm__axpby(p->d, rho, s->w, 1 - rho, s->z);
    }
    s->k++;
    s->prog.steps++;
    return SSVM_OK;
}

/* One oracle pass at w: w_s = sum_i psi_i(y_i*)/(lambda n) into acc, l_s = sum_i L_i(y_i*)/n. */
SSVM__PRIV ssvm_result ssvm__oracle_pass(ssvm_solver *s, const ssvm_real *w, ssvm_svec *acc, double *ls,
                                         long long *calls) {
    const ssvm_problem *p = &s->prob;
    double lam = s->par.lambda, n = (double)p->n, l = 0;
    ssvm_real sc = (ssvm_real)(1.0 / (lam * n)), delta;
    int i, len;
    ssvm_result r;
    ssvm_svec_clear(acc);
    for (i = 0; i < p->n; i++) {
        if ((r = ssvm__call_oracle(p, i, w, s->y, &len, &delta)) != SSVM_OK) return r;
        (*calls)++;
        l += (double)delta;
        if ((r = ssvm__add_psi(s, i, s->y, len, sc, acc)) != SSVM_OK) return r;
    }
    *ls = l / n;
    return SSVM_OK;
}

/* primal, dual and gap at (w, l) from an oracle pass; l is NaN for SSG (no dual) */
SSVM__PRIV ssvm_result ssvm__eval_at(ssvm_solver *s, const ssvm_real *w, double l, double *primal, double *dual,
                                     double *gap) {
    double lam = s->par.lambda, ls, ww = 0, wws;
    int j;
    ssvm_result r = ssvm__oracle_pass(s, w, &s->sv, &ls, &s->prog.eval_oracle_calls);
    if (r != SSVM_OK) return r;
    ww = (double)ssvm__dot(s->prob.d, w, w);
    wws = (double)ssvm_svec_dot(&s->sv, w);
    (void)j;
    if (l == l) {
        *dual = l - 0.5 * lam * ww;
        *gap = lam * (ww - wws) - l + ls;
        *primal = *dual + *gap;
    } else {
        *dual = *gap = ssvm__nan();
        *primal = 0.5 * lam * ww - lam * wws + ls;
    }
    return SSVM_OK;
}

STRUCTSVM_DEF ssvm_result ssvm_solver_evaluate(ssvm_solver *s, int iterate, int average, ssvm_progress *out) {
    double t0;
    ssvm_result r = SSVM_OK;
    if (!s || !s->heap) return SSVM_ERR_INVALID_ARG;
    t0 = ssvm__now(s);
    s->prog.primal = s->prog.dual = s->prog.gap = ssvm__nan();
    s->prog.primal_avg = s->prog.dual_avg = s->prog.gap_avg = ssvm__nan();
    if (s->par.solver == SSVM_FW) {
        /* FW's own oracle pass at w gives the gap; keep it for the next step */
        if (iterate || average) {
            double ls = 0, ww = 0, wws;
            int j;
            long long c = 0;
            if ((r = ssvm__oracle_pass(s, s->w, &s->sv, &ls, &c)) != SSVM_OK) return r;
            s->prog.eval_oracle_calls += c;
            ww = (double)ssvm__dot(s->prob.d, s->w, s->w);
            (void)j;
            wws = (double)ssvm_svec_dot(&s->sv, s->w);
            s->prog.dual = s->l - 0.5 * s->par.lambda * ww;
            s->prog.gap = s->par.lambda * (ww - wws) - s->l + ls;
            s->prog.primal = s->prog.dual + s->prog.gap;
            s->fw_have = 1; s->fw_ls = ls;
            s->fw_secs = ssvm__now(s) - t0;
        }
    } else {
        double lit = s->par.solver == SSVM_SSG ? ssvm__nan() : s->l;
        double lav = s->par.solver == SSVM_SSG ? ssvm__nan() : s->l_bar;
        if (iterate)
            r = ssvm__eval_at(s, s->w, lit, &s->prog.primal, &s->prog.dual, &s->prog.gap);
        if (r == SSVM_OK && average && s->par.averaging != SSVM_AVG_NONE) {
            ssvm__avg_materialize(s, s->wtmp);
            r = ssvm__eval_at(s, s->wtmp, lav, &s->prog.primal_avg, &s->prog.dual_avg, &s->prog.gap_avg);
        }
    }
    s->prog.eval_seconds += ssvm__now(s) - t0;
    if (r != SSVM_OK) return r;
    /* remember which vector has the smaller gap (primal for SSG) */
    {
        double a = s->par.solver == SSVM_SSG ? s->prog.primal : s->prog.gap;
        double b = s->par.solver == SSVM_SSG ? s->prog.primal_avg : s->prog.gap_avg;
        if (a == a && b == b) s->best = b <= a ? SSVM_W_AVERAGE : SSVM_W_ITERATE;
    }
    if (out) *out = s->prog;
    return SSVM_OK;
}

/* >>solvers: batch FW, Algorithm 2 (one iteration = one oracle pass) */
SSVM__PRIV ssvm_result ssvm__fw_iter(ssvm_solver *s) {
    const ssvm_problem *p = &s->prob;
    double lam = s->par.lambda, ls, ww = 0, wws, gap, nrm = 0, gamma;
    int j;
    ssvm_svec *ws = &s->sv;
    ssvm_result r;
    if (!s->fw_have) {
        long long c = 0;
        if ((r = ssvm__oracle_pass(s, s->w, ws, &ls, &c)) != SSVM_OK) return r;
        s->prog.oracle_calls += c;
    } else {
        ls = s->fw_ls;
        /* the evaluation pass is reused by this step: count it as a training pass */
        s->prog.eval_oracle_calls -= p->n;
        s->prog.oracle_calls += p->n;
        s->prog.eval_seconds -= s->fw_secs;
        s->prog.seconds += s->fw_secs;
    }
    s->fw_have = 0;
    /* dense w_s */
    SSVM_MEMSET(s->wtmp, 0, (size_t)p->d * sizeof(ssvm_real));
    for (j = 0; j < ws->nnz; j++) s->wtmp[ws->idx[j]] = ws->val[ws->idx[j]];
    ww = (double)ssvm__dot(p->d, s->w, s->w);
    wws = (double)ssvm_svec_dot(ws, s->w);
    /* |w - w_s|^2 directly: the expanded form cancels badly once w is close to w_s */
    for (j = 0; j < p->d; j++) { double e = (double)s->w[j] - (double)s->wtmp[j]; nrm += e * e; }
    gap = lam * (ww - wws) - s->l + ls;
    if (s->par.line_search) {
        gamma = gap / (lam * (nrm + SSVM__EPS));
        if (gamma < 0) gamma = 0;
        if (gamma > 1) gamma = 1;
    } else gamma = 2.0 / ((double)s->k + 2.0);
    ssvm__axpby(p->d, gamma, s->wtmp, 1 - gamma, s->w);
    s->l = (1 - gamma) * s->l + gamma * ls;
    s->k++;
    s->prog.steps++;
    return SSVM_OK;
}

STRUCTSVM_DEF ssvm_result ssvm_solver_pass(ssvm_solver *s) {
    int t;
    double t0;
    ssvm_result r = SSVM_OK;
    if (!s || !s->heap) return SSVM_ERR_INVALID_ARG;
    t0 = ssvm__now(s);
    if (s->par.solver == SSVM_FW) r = ssvm__fw_iter(s);
    else {
        for (t = 0; t < s->prob.n; t++) {
            int i = ssvm__next_index(s);
            if (i < 0) { r = SSVM_ERR_INVALID_ARG; break; }
            r = s->par.solver == SSVM_BCFW ? ssvm__bcfw_step(s, i) : ssvm__ssg_step(s, i);
            if (r != SSVM_OK) break;
            if (s->par.max_oracle_calls && s->prog.oracle_calls >= s->par.max_oracle_calls) break;
        }
    }
    s->prog.seconds += ssvm__now(s) - t0;
    if (r == SSVM_OK) s->prog.pass++;
    return r;
}

STRUCTSVM_DEF ssvm_result ssvm_solver_run(ssvm_solver *s) {
    const ssvm_params *q;
    ssvm_result r;
    if (!s || !s->heap) return SSVM_ERR_INVALID_ARG;
    q = &s->par;
    for (;;) {
        if (q->max_passes && s->prog.pass >= q->max_passes) return SSVM_MAX_PASSES;
        if (q->max_oracle_calls && s->prog.oracle_calls >= q->max_oracle_calls) return SSVM_MAX_ORACLE_CALLS;
        if (q->max_seconds > 0 && s->prog.seconds >= q->max_seconds) return SSVM_MAX_SECONDS;
        if ((r = ssvm_solver_pass(s)) != SSVM_OK) return r;
        s->prog.primal = s->prog.dual = s->prog.gap = ssvm__nan();
        s->prog.primal_avg = s->prog.dual_avg = s->prog.gap_avg = ssvm__nan();
        if (q->eval_every && s->prog.pass % q->eval_every == 0) {
            int it = q->eval_iterate || q->solver == SSVM_FW;
            int av = q->eval_average && q->averaging != SSVM_AVG_NONE;
            if ((r = ssvm_solver_evaluate(s, it, av, 0)) != SSVM_OK) return r;
        }
        if (q->progress && q->progress(q->progress_user, &s->prog)) return SSVM_STOPPED_BY_USER;
        if (q->gap_tol > 0 && ((s->prog.gap == s->prog.gap && s->prog.gap <= q->gap_tol) ||
                               (s->prog.gap_avg == s->prog.gap_avg && s->prog.gap_avg <= q->gap_tol))) {
            s->best = (s->prog.gap_avg == s->prog.gap_avg && s->prog.gap_avg <= q->gap_tol &&
                       !(s->prog.gap == s->prog.gap && s->prog.gap < s->prog.gap_avg)) ? SSVM_W_AVERAGE : SSVM_W_ITERATE;
            return SSVM_CONVERGED;
        }
    }
}

STRUCTSVM_DEF ssvm_result ssvm_solver_weights(ssvm_solver *s, ssvm_which which, ssvm_real *out) {
    if (!s || !out || !s->heap) return SSVM_ERR_INVALID_ARG;
    if (which == SSVM_W_BEST) which = (ssvm_which)s->best;
    if (which == SSVM_W_AVERAGE) {
        if (s->par.averaging == SSVM_AVG_NONE) return SSVM_ERR_NOT_SUPPORTED;
        ssvm__avg_materialize(s, out);
    } else if (which == SSVM_W_ITERATE) SSVM_MEMCPY(out, s->w, (size_t)s->prob.d * sizeof(ssvm_real));
    else return SSVM_ERR_INVALID_ARG;
    return SSVM_OK;
}

STRUCTSVM_DEF ssvm_result ssvm_train(const ssvm_problem *p, const ssvm_params *q, ssvm_real *w_out,
                                     ssvm_progress *final) {
    ssvm_solver s;
    ssvm_result r, r2;
    if (!w_out) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_solver_init(&s, p, q)) != SSVM_OK) return r;
    r = ssvm_solver_run(&s);
    if (r >= 0) {
        r2 = ssvm_solver_weights(&s, q->averaging != SSVM_AVG_NONE ? SSVM_W_AVERAGE : SSVM_W_ITERATE, w_out);
        if (r2 != SSVM_OK) r = r2;
    }
    if (final) *final = s.prog;
    ssvm_solver_uninit(&s);
    return r;
}

STRUCTSVM_DEF ssvm_result ssvm_primal(const ssvm_problem *p, double lambda, const ssvm_real *w, ssvm_svec *work,
                                      int *ybuf, double *out) {
    ssvm_solver s;
    double dual, gap;
    ssvm_result r;
    int j;
    if (!w || !work || !ybuf || !out) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_problem_check(p)) != SSVM_OK) return r;
    if (!(lambda > 0) || !ssvm__finite(lambda)) return SSVM_ERR_LAMBDA;
    if (work->d != p->d) return SSVM_ERR_WORKSPACE;
    for (j = 0; j < p->d; j++) if (!ssvm__finite((double)w[j])) return SSVM_ERR_NONFINITE;
    SSVM_MEMSET(&s, 0, sizeof s);
    s.prob = *p; s.par = ssvm_params_init(SSVM_SSG); s.par.lambda = lambda;
    s.y = ybuf; s.y2 = ybuf + p->max_label_len;
    s.sv = *work;
    r = ssvm__eval_at(&s, w, ssvm__nan(), out, &dual, &gap);
    *work = s.sv;
    return r;
}
#endif /* STRUCTSVM_PREDICT_ONLY */

#ifdef __cplusplus
}
#endif
#endif /* STRUCTSVM_IMPLEMENTATION */

/*
   ------------------------------------------------------------------------------------------------
   LICENCE
   This is free and unencumbered software released into the public domain (the Unlicense).
   Anyone is free to copy, modify, publish, use, compile, sell, or distribute this software, either in
   source code form or as a compiled binary, for any purpose, commercial or non-commercial, and by any
   means. In jurisdictions that recognize copyright laws, the author or authors of this software
   dedicate any and all copyright interest in the software to the public domain. THE SOFTWARE IS
   PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND. See UNLICENSE and <https://unlicense.org>.
   ------------------------------------------------------------------------------------------------
*/
