/* structsvm.h - v0.1.1 - public domain (Unlicense) structured SVM trainer and decoders in one C header.

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
       ssvm_result r = ssvm_train(&prob, &par, w, NULL);   // w = w_bar (or the converged iterate)
       if (r < 0) printf("%s\n", ssvm_result_string(r));
       int yhat; ssvm_multiclass_predict(K, F, w, x_new, &yhat);

   Your own problem: zero an ssvm_problem (`ssvm_problem p = {0};`: optional callbacks you leave unset must be
   NULL), then set n, d, max_label_len and the callbacks (all take `void *user`):
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
   Optional oracle_scaled(user, i, w, w_scale, y, &delta): the oracle at w_scale*w (w_scale > 0; for a
   linear model, the plain oracle with Delta divided by w_scale). SSG and the multi-sample solver keep
   w lazily scaled; with it their steps cost O(nnz), without it an O(d) copy of w per step. If you copy a
   built-in problem and replace its oracle, the solvers ignore the built-in oracle_scaled (it would bypass
   yours); set your own to keep O(nnz) steps.
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
   | SSVM_EXP/SSVM_LOG/SSVM_SQRT | impl   | libm (double -> double), used by the surrogate losses and the   |
   |                             |        | online solvers; default <math.h>, portable versions when        |
   |                             |        | STRUCTSVM_FREESTANDING and none is given                        |

   RESULTS: every call returns ssvm_result; 0 = SSVM_OK, > 0 = training stopped by a rule (converged,
   pass/oracle/time limit, user), < 0 = error. ssvm_result_string(r) names it.

   SOLVERS (ssvm_params.solver)
     SSVM_BCFW  block-coordinate Frank-Wolfe, Lacoste-Julien et al. ICML 2013, Algorithm 4: one oracle call
                per step, exact line search (or the predefined step 2n/(k+2n)), weighted average
                (rho = 2/(k+2), eq. 14) or the 0.5-suffix average by the doubling trick (App. C/F).
     SSVM_FW    batch Frank-Wolfe, Algorithm 2, line search (or 2/(k+2)); its duality gap is free.
     SSVM_SSG   stochastic subgradient with the Pegasos step 1/(lambda (k+1)) (paper App. F), averages;
                w and its average are kept lazily scaled, O(nnz) a step given oracle_scaled.
   Gap, primal and dual are defined as in the paper (eqs. 3-5; Sec. 4 and App. B.4): dual
   D = l - lambda/2 |w|^2, gap = lambda <w, w - w_s> - l + l_s, primal = D + gap = P(w). They are
   computed at the iterate and at the average by an extra pass of oracle calls that is counted
   separately (eval_oracle_calls) and timed separately.

   ONLINE MULTI-SAMPLE SSVM (ssvm_ms_*; Branson, Beijbom, Belongie, CVPR 2013 supplement, Algorithms 1-3)
     Each step draws K labels for one example from an importance sampler (the loss-augmented argmax
     first), increases the online dual D_t over them in closed form (expand/swap moves, or the exact
     multiclass update of Algorithm 2), shrinks w by (t-1)/t and projects onto |w| <= sqrt(B/lambda).
     Memory O(d) plus an optional capped cache of earlier violators; no per-example dual state. Reports
     P(w), P(w_bar) and the online dual D_t/t. Same ssvm_problem as the other solvers.
       ssvm_ms_params q = ssvm_ms_params_init(); q.K = 5; ssvm_chain_kbest_sampler(&chain, &q.sampler);
       ssvm_ms_train(&prob, &q, w, &final);          // or ssvm_ms_init + ssvm_ms_run / ssvm_ms_step
     Samplers: the problem's oracle (default), ssvm_chain_kbest_sampler (exact k-best loss-augmented
     Viterbi, ssvm_kbest_viterbi), ssvm_multiclass_sampler (top-k classes; enables Algorithm 2).
     Fixes to the printed paper (F1-F6) and choices (D1-D5) are listed at the >>multisample code.

   ONLINE LEARNING WITH SURROGATE LOSSES (ssvm_online_*; Sakaue, Bao, Cao, non-stationary online SP)
     ssvm_online_params q = ssvm_online_params_init(SSVM_LOGISTIC, K, F);  // loss, classes, features
     q.rate = SSVM_RATE_POLYAK; q.diameter = 20;                           // eq. (12), ball of diameter D
     ssvm_online o; ssvm_online_init(&o, &q);
     for each round: ssvm_online_round(&o, x, &y, &yhat, &info);  // yhat ~ pi(W x), then y, OGD step (6)
   | loss (kind)                  | target     | paired decoding (AUTO)        | alpha of (8)              | M       |
   |------------------------------|------------|-------------------------------|---------------------------|---------|
   | SSVM_SMOOTH_HINGE (24)       | 0-1        | GAP (Van der Hoeven 2020/21)  | 1/K                       | 4       |
   | SSVM_LOGISTIC base b (33)    | 0-1        | GAP; or FY (Sakaue et al. 24) | GAP: 1/K if b = 2, else 0;| 1/ln b  |
   |                              |            |                               | FY: 1 - ln b (b < e)      |         |
   | SSVM_SPARSEMAP (simplex)     | 0-1        | FY                            | 1 - 2 sqrt(2(K-1)/K)/lam  | 1/lam   |
   | SSVM_SPARSEMAP_MULTILABEL    | Hamming    | FY                            | 1 - 4/(lam sqrt d)        | 1/lam   |
   | SSVM_FY_GENERIC (callbacks)  | yours      | yours (or closest rho(k))     | params.alpha              | params.M|
   | SSVM_CONV_FY_NDCG (Def. 4.1) | NDCG (22)  | eq. (15) by Frank-Wolfe       | (Thm 4.5: eta >= lambda)  | 1/lam   |
     Rates: SSVM_RATE_CONSTANT (eta, default alpha/M), SSVM_RATE_ADAGRAD (D/sqrt(2 sum |G|^2)),
     SSVM_RATE_POLYAK (12). Projection: Frobenius ball of diameter D around 0, or params.project.
     Binary (Appendix E): SSVM_SMOOTH_HINGE / SSVM_LOGISTIC with n = 2 and binary = 1 use one score <w, x>.
     Predict-only: theta = W x (ssvm_linear_scores), ssvm_decode, ssvm_dist_sample(dist, u) with your u.
     Also predict-safe: ssvm_hungarian (exact linear assignment, O(n^2 m)), ssvm_project_simplex
     (sparsemax), ssvm_project_box, ssvm_surrogate_loss (value and gradient of every loss above).
     Where we deviate from the paper (details at the >>losses code):
     - FY decoding constant: Sec. 3.1 gives alpha = 4 gamma/(lambda nu); the lemma behind it gives
       E[loss] <= 4 gamma/(lambda nu) L, i.e. alpha = 1 - 4 gamma/(lambda nu) (used here).
     - multilabel: gamma = 1/sqrt(d) for the normalised Hamming loss in l2 (1/d violates the bound; tested).
     - logistic + GAP: alpha = 1/K only for base 2; for base e or K (K >= 3) no alpha is claimed.
     - conv FY: Omega = lambda/2 |mu|^2 on all of R^d (projection onto conv{rho(y)} is intractable; the
       lemmas need only conjugacy and strong convexity). Frank-Wolfe: blended pairwise, support <= n.
     - Polyak (12) gets a floor eta_min (default alpha/M) that never binds when (8) holds.

   STATE (BCFW per-example memory, ssvm_params.state)
     SSVM_STATE_AUTO     with stats callbacks: COMPACT_SPARSE for a heap solver (ssvm_solver_init,
                         ssvm_train) when stat_dim averages >= 16 (chains; multiclass with K >= 16), else
                         COMPACT, and COMPACT for a preallocated one (its size is fixed up front);
                         without them: SPARSE
     SSVM_STATE_COMPACT  per example a convex combination sigma_i of s_i(y): w_i = A_i (s_i(y_i) -
                         sigma_i)/(lambda n). Exact (not an approximation); sum_i stat_dim(i) reals.
                         Chain: L*K + K*K per sequence; multiclass: K per example.
     SSVM_STATE_COMPACT_SPARSE  the same sigma_i kept as (index, value) pairs in a pool (as SPARSE's):
                         the same iterates bit for bit, in memory proportional to the labels and label
                         pairs example i has visited (OCR-large, 50 passes: 3.5% of sigma is non-zero,
                         6.0 MB of solver state instead of 44 MB); the same O(stat_dim) time per step.
     SSVM_STATE_SPARSE   w_i as (index, value) pairs on the union of the supports of the psi_i(y) it
                         has seen (the paper's Sec. 4 remark): memory proportional to what example i
                         touches. The pool starts at params.sparse_pool_entries; a heap solver grows
                         and compacts it (state_bytes reports the total), a preallocated one compacts it
                         in place and stops with SSVM_ERR_WORKSPACE (state unchanged) only when the live
                         entries and the block being written do not fit. Both sparse kinds.
     SSVM_STATE_DENSE    w_i as d reals per example (n*d reals).
   ssvm_solver_heap_size() tells the bytes ssvm_solver_init_preallocated needs, before training (AUTO counts
   as the dense COMPACT there). ssvm_solver_init with AUTO starts smaller (COMPACT_SPARSE) and grows its
   pool; ssvm_progress.state_bytes reports what a solver holds, pool included.

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
     ssvm_kbest_viterbi_work_bytes(L, K, k); ssvm_kbest_viterbi(L, K, k, unary, trans, work, ys, scores)
     ssvm_ms_params_init / _check / _heap_size / _init_preallocated / _init / _uninit / _step / _pass /
       _run / _evaluate / _weights / _train; ssvm_chain_kbest_sampler; ssvm_multiclass_sampler
     ssvm_online_params_init / _heap_size / _init_preallocated / _init / _uninit / _reset / _predict /
       _update / _round; ssvm_surrogate_init / _check / _dim / _label_len / _constants / _loss;
       ssvm_decode_work_bytes / ssvm_decode / ssvm_dist_sample / ssvm_dist_expected_loss / ssvm_target_loss
     ssvm_hungarian_work_bytes / ssvm_hungarian; ssvm_project_simplex; ssvm_project_box; ssvm_linear_scores
   DOES NOT (yet): kernels, cutting-plane, dual extragradient, clique generation, latent variables,
   multithreading inside the solver (it is reentrant: one solver and one model object per thread),
   save/load of models. No global state anywhere.

   CHANGES
     0.1.0 (2026-11-21) problem API; BCFW/FW/SSG with compact, sparse and dense per-example state;
                        multiclass and chain models (dense and sparse, Viterbi, k-best Viterbi); online
                        multi-sample SSVM; OGD with surrogate losses, randomized decodings, Hungarian.
     0.1.1 (2026-11-21) ssvm_problem.oracle_scaled (optional; the built-in models set it): SSG steps and the
                        multi-sample solver's default sampler cost O(nnz) instead of O(d).
                        SSVM_STATE_COMPACT_SPARSE (AUTO's choice for heap solvers): the compact state as
                        (index, value) pairs, same iterates, OCR-large 44 -> 6.0 MB. Preallocated sparse
                        pools compact in place before reporting SSVM_ERR_WORKSPACE.

   LICENCE: public domain, see the end of this file.
   =====================================================================================================
*/
#ifndef STRUCTSVM_H
#define STRUCTSVM_H

/* >>config ---------------------------------------------------------------------------------------- */
#define STRUCTSVM_VERSION_MAJOR 0
#define STRUCTSVM_VERSION_MINOR 1
#define STRUCTSVM_VERSION_PATCH 1

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
    /* optional: the oracle at w_scale * w (w_scale > 0), i.e. argmax_y Delta(y_i, y) + w_scale <w, phi(x_i, y)>
       with Delta(y_i, y*) in *delta. SSG and the multi-sample solver keep w lazily scaled; with this callback
       a step costs O(nnz) instead of an O(d) copy of w. For a linear model: the plain oracle with the loss
       term divided by w_scale (the argmax is the same). */
    int (*oracle_scaled)(void *user, int i, const ssvm_real *w, double w_scale, int *y, ssvm_real *delta);
} ssvm_problem;

/* Checks sizes and that the callbacks training needs are set (does not call them). */
STRUCTSVM_DEF ssvm_result ssvm_problem_check(const ssvm_problem *p);

/* Mean task loss of the plain decoder over the problem's examples: (1/n) sum_i Delta(y_i, decode(x_i)).
   ybuf: max_label_len ints. */
STRUCTSVM_DEF ssvm_result ssvm_mean_loss(const ssvm_problem *p, const ssvm_real *w, int *ybuf, double *out);

/* A caller's allocator: both functions or neither; user is passed back to them. */
typedef struct ssvm_allocator {
    void *(*alloc)(size_t bytes, void *user);
    void (*free)(void *ptr, void *user);
    void *user;
} ssvm_allocator;

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
    SSVM_STATE_AUTO = 0, SSVM_STATE_COMPACT = 1, SSVM_STATE_DENSE = 2, SSVM_STATE_SPARSE = 3,
    SSVM_STATE_COMPACT_SPARSE = 4
} ssvm_state_kind;
typedef enum ssvm_which { SSVM_W_ITERATE = 0, SSVM_W_AVERAGE = 1, SSVM_W_BEST = 2 } ssvm_which;

typedef struct ssvm_progress {
    int pass;                      /* passes (n steps each; one iteration for FW); the last one is partial
                                      when max_oracle_calls stopped ssvm_solver_run inside it */
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


typedef struct ssvm_params {
    ssvm_solver_kind solver;
    double lambda;               /* regulariser, > 0 (default 0.01) */
    int max_passes;              /* default 50; 0 = no limit */
    long long max_oracle_calls;  /* training calls; 0 = no limit (FW never splits an iteration: it may end up
                                    to n-1 calls past the limit) */
    double max_seconds;          /* solver seconds; 0 = no limit (needs a clock: see STRUCTSVM_NO_CLOCK) */
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
    size_t sparse_pool_entries;  /* SSVM_STATE_SPARSE / _COMPACT_SPARSE: (index, value) pairs reserved up
                                    front for all w_i / sigma_i (at least n, else SSVM_ERR_WORKSPACE).
                                    0: 1 per example in a heap solver (it grows); in a preallocated one,
                                    SPARSE 64 per example, COMPACT_SPARSE every statistic plus one block
                                    (never runs out; 1.5x the dense sigma's bytes: set it lower to save).
                                    A heap solver grows the pool; a preallocated one compacts it in place
                                    and fails with SSVM_ERR_WORKSPACE when the live entries do not fit */
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
    ssvm_real *z;          /* lazy average: w_bar = avg_a * w + avg_b * z (BCFW; SSG within a pass) */
    ssvm_real *wtmp;       /* d: materialised average / FW w_s */
    ssvm_svec sv;          /* step / evaluation accumulator (never both at once) */
    ssvm_real *sigma;      /* compact state */
    size_t *sig_off;       /* n+1 offsets into sigma */
    ssvm_real *stmp;       /* max stat_dim scratch */
    ssvm_real *stmp2;      /* compact sparse: the old sigma_i, dense (max stat_dim) */
    ssvm_real *wi;         /* dense state n*d */
    size_t *sp_off;        /* sparse state: w_i is (sp_idx, sp_val)[sp_off[i] .. + sp_len[i]) */
    int *sp_len, *sp_cap;
    int *sp_idx;
    ssvm_real *sp_val;
    size_t sp_pool_cap, sp_pool_used, sp_live;
    int *sp_order;         /* n: examples by block offset, to compact a preallocated pool in place */
    void *sp_pool_mem;     /* a grown pool (allocated apart from the heap block), else NULL */
    size_t sp_pool_bytes;
    ssvm_svec sv_ws;       /* sparse state: w_s of the current step */
    double *li;            /* n per-example losses l_i */
    int *perm;             /* n */
    int *y, *y2;           /* label buffers */
    double l, l_bar, avg_a, avg_b;
    double w_scale;        /* SSG within a pass: the iterate is w_scale * w, the average avg_a * w + avg_b * z */
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
/* Train from scratch and write the model to w_out: the average if one is kept, else the iterate; when the
   run converged (SSVM_CONVERGED), whichever of the two met gap_tol. final (may be NULL) receives the
   last progress record (zeros if training never started). Uses params.allocator or malloc. */
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
   best score (0, and y untouched, when L or K <= 0 or a pointer is NULL). No allocation, no libc: the
   predict-only firmware decoder. */
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


/* >>decoders: linear assignment (predict-safe) -------------------------------------------------------- */
/* Exact minimum-cost assignment of n rows to distinct columns of an n x m cost matrix (n <= m), row-major
   cost[i*m + j]: the Hungarian method with potentials (Kuhn 1955, Munkres 1957), O(n^2 m). assign[i] = column
   of row i; *total (may be NULL) = the minimum cost, summed in double. Potentials are kept in double in
   float builds too. work: ssvm_hungarian_work_bytes(n, m). Errors: n > m, NaN/Inf or |cost| > 1e290. */
STRUCTSVM_DEF size_t ssvm_hungarian_work_bytes(int n, int m);
STRUCTSVM_DEF ssvm_result ssvm_hungarian(int n, int m, const ssvm_real *cost, void *work, int *assign, double *total);

/* Euclidean projections (predict-safe). out may alias v. Sums in double.
   simplex: argmin_{p >= 0, sum p = 1} |p - v|  (= sparsemax(v)); box: clip to [lo, hi]. */
STRUCTSVM_DEF ssvm_result ssvm_project_simplex(int d, const ssvm_real *v, ssvm_real *out);
STRUCTSVM_DEF ssvm_result ssvm_project_box(int d, const ssvm_real *v, ssvm_real lo, ssvm_real hi, ssvm_real *out);
/* theta = W x for W (d x F, row-major, as ssvm_multiclass's w[y*F + j]); dots accumulate in ssvm_accum */
STRUCTSVM_DEF ssvm_result ssvm_linear_scores(int d, int F, const ssvm_real *W, const ssvm_real *x, ssvm_real *theta);

/* >>losses: surrogate losses and their decodings (predict-safe) --------------------------------------- */
typedef enum ssvm_surrogate_kind {
    SSVM_SMOOTH_HINGE = 0,        /* multiclass 0-1 target; eq. (24), subgradient (28); or binary (one score) */
    SSVM_LOGISTIC = 1,            /* multiclass 0-1 target; (lse(theta) - theta_y) / ln b, eq. (33) / (47) */
    SSVM_SPARSEMAP = 2,           /* multiclass 0-1 target; Omega = lambda/2 |mu|^2 on the simplex (sparsemax) */
    SSVM_SPARSEMAP_MULTILABEL = 3,/* multilabel Hamming target; Omega = lambda/2 |mu|^2 on the box [0,1]^d */
    SSVM_FY_GENERIC = 4,          /* Fenchel-Young loss (5) from your Omega* and its gradient (callbacks) */
    SSVM_CONV_FY_NDCG = 5         /* label ranking, NDCG target (22); convolutional FY loss (Def. 4.1) */
} ssvm_surrogate_kind;

typedef enum ssvm_decoding {
    SSVM_DECODE_AUTO = 0,   /* the decoding paired with the loss: GAP (hinge, logistic), FY (SparseMAP, both),
                               user callback (generic), CONV (ranking) */
    SSVM_DECODE_GAP = 1,    /* Van der Hoeven 2020 / Van der Hoeven, Fusco, Cesa-Bianchi 2021 (full information):
                               the argmax class w.p. 1 - gamma, a uniform class w.p. gamma */
    SSVM_DECODE_FY = 2,     /* Sakaue, Bao, Tsuchiya, Oki (COLT 2024), Algorithm 1: the label closest to the
                               regularized prediction mu, or w.p. p a draw whose mean is mu */
    SSVM_DECODE_ARGMAX = 3, /* deterministic (the mode); no surrogate gap, alpha = 0 */
    SSVM_DECODE_CONV = 4    /* eq. (15): Frank-Wolfe over the Birkhoff polytope (ranking only) */
} ssvm_decoding;

enum { SSVM_FW_LMO_HUNGARIAN = 0, SSVM_FW_LMO_SORT = 1 };

/* The loss (and its paired decoding). Fill with ssvm_surrogate_init, then edit. Labels are ints:
     multiclass (hinge, logistic, SparseMAP): one int in [0, K) (binary: 0 or 1, class 1 when theta[0] > 0);
     multilabel: n ints, each 0 or 1;
     ranking: truth = n relevances >= 0 (ints); a prediction is a permutation, yhat[i] = 0-based position
       of document i. Convention of the paper (A.3): rho(y) = -y/N(y), so documents with the SMALLEST scores
       are ranked first;
     generic FY: label_len ints, interpreted by your callbacks. */
typedef struct ssvm_surrogate {
    ssvm_surrogate_kind kind;
    int n;               /* classes K (multiclass kinds), labels d (multilabel), documents d (ranking),
                            score dimension d (generic FY) */
    int binary;          /* hinge / logistic with n = 2: one score s = theta[0], scores (-s/2, s/2) */
    double base;         /* logistic: logarithm base b > 1 (default 2; 2.718281828459045 = e, or K) */
    double lambda;       /* SparseMAP (both) and conv FY: Omega = lambda/2 |mu|^2 (default 1) */
    ssvm_decoding decoding;
    /* ranking (conv FY) */
    const ssvm_real *rank_weights; /* n position weights w_1 >= ... >= w_n >= 0; NULL = 1/log2(1 + r) (DCG) */
    int fw_max_iter;     /* Frank-Wolfe iterations per decoding (default 1000) */
    double fw_tol;       /* stop at FW gap <= fw_tol * max(1, objective) (default 1e-9; float builds 1e-5) */
    int fw_max_atoms;    /* support cap, >= n (default n: Caratheodory, the permutahedron has dimension n-1) */
    int fw_lmo;          /* SSVM_FW_LMO_HUNGARIAN (default) or SSVM_FW_LMO_SORT (same answer, O(n log n)) */
    /* generic FY: all callbacks take user; a negative return aborts with that code */
    void *user;
    int label_len;       /* ints per label (default 1) */
    int n_classes;       /* labels 0..n_classes-1 for the default decoding (closest rho(k)); 0 = none */
    int max_support;     /* most labels fy_decode may return (default 1) */
    int (*fy_conj)(void *user, const ssvm_real *theta, double *value, ssvm_real *mu); /* Omega*(theta), grad */
    int (*fy_encode)(void *user, const int *y, ssvm_real *rho, double *omega_rho);    /* rho(y), Omega(rho(y)) */
    int (*fy_target)(void *user, const int *yhat, const int *y, double *loss);         /* target loss >= 0 */
    /* the decoding distribution: fills labels (k * label_len ints) and prob (k, sum 1), returns k in
       [1, max_support]; NULL = deterministic closest rho(k) over n_classes labels */
    int (*fy_decode)(void *user, const ssvm_real *theta, const ssvm_real *mu, int max_support, int *labels,
                     double *prob);
} ssvm_surrogate;

/* A decoding distribution pi(theta) as an explicit support (it points into the decode work area). */
typedef struct ssvm_dist {
    int n;               /* support size */
    int label_len;
    int *labels;         /* n * label_len */
    double *prob;        /* n, summing to 1 */
    int mode;            /* index of the most probable label */
    double fw_gap;       /* conv FY: Frank-Wolfe gap at the returned support (else 0) */
    int fw_iters;
    const ssvm_real *mu; /* d: regularized prediction (SparseMAP, generic) or theta + L pi (conv FY), else 0 */
} ssvm_dist;

STRUCTSVM_DEF ssvm_surrogate ssvm_surrogate_init(ssvm_surrogate_kind kind, int n);
STRUCTSVM_DEF ssvm_result ssvm_surrogate_check(const ssvm_surrogate *s);
STRUCTSVM_DEF int ssvm_surrogate_dim(const ssvm_surrogate *s);       /* d, the length of theta (0 if invalid) */
STRUCTSVM_DEF int ssvm_surrogate_label_len(const ssvm_surrogate *s); /* ints per label */
/* The constants of Theorem 3.4 / 4.5 for the loss and its decoding: alpha of the surrogate-gap condition (8)
   (0 = no guarantee known), the self-bounding M (Assumption 3.3), and eta_floor = the smallest learning rate
   allowed by (9) / (18): alpha/M, or lambda for conv FY. See the table in the MANUAL text. */
STRUCTSVM_DEF ssvm_result ssvm_surrogate_constants(const ssvm_surrogate *s, double *alpha, double *M,
                                                   double *eta_floor);
/* Work for ssvm_decode and ssvm_surrogate_loss (the same area serves both). */
STRUCTSVM_DEF size_t ssvm_decode_work_bytes(const ssvm_surrogate *s);
/* pi(theta): the decoding distribution paired with the loss. out points into work. */
STRUCTSVM_DEF ssvm_result ssvm_decode(const ssvm_surrogate *s, const ssvm_real *theta, void *work, size_t bytes,
                                      ssvm_dist *out);
/* The label at the first support index whose cumulative probability exceeds u (u uniform in [0,1)). */
STRUCTSVM_DEF ssvm_result ssvm_dist_sample(const ssvm_dist *dist, double u, int *y);
STRUCTSVM_DEF ssvm_result ssvm_target_loss(const ssvm_surrogate *s, const int *yhat, const int *y, double *out);
/* E_{yhat ~ pi}[loss(yhat, y)], exactly, over the support */
STRUCTSVM_DEF ssvm_result ssvm_dist_expected_loss(const ssvm_surrogate *s, const ssvm_dist *dist, const int *y,
                                                  double *out);
/* L(theta, y) and its (sub)gradient in theta (grad: d reals, may be NULL). Conv FY runs its Frank-Wolfe
   decoding in work first (the envelope gradient, B.3). */
STRUCTSVM_DEF ssvm_result ssvm_surrogate_loss(const ssvm_surrogate *s, const ssvm_real *theta, const int *y,
                                              void *work, size_t bytes, double *value, ssvm_real *grad);

#ifndef STRUCTSVM_PREDICT_ONLY
/* >>online: OGD with constant, AdaGrad or Polyak-style learning rates (training only) ------------------ */
typedef enum ssvm_rate {
    SSVM_RATE_CONSTANT = 0, /* eta (default alpha/M, or lambda for conv FY: the lower end of (9) / (18)) */
    SSVM_RATE_ADAGRAD = 1,  /* D / sqrt(2 sum_{s<=t} |G_s|_F^2) (paper App. E); needs diameter > 0 */
    SSVM_RATE_POLYAK = 2    /* eq. (12): min{2 (L_t - E[loss_t]) / |G_t|_F^2, eta_{t-1}} */
} ssvm_rate;

typedef struct ssvm_online_params {
    ssvm_surrogate loss;
    int n_features;          /* F: x has F reals; W is d x F; the theory wants |x| <= 1 (Assumption 2.2) */
    ssvm_rate rate;          /* default SSVM_RATE_POLYAK */
    double eta;              /* constant rate; 0 = eta_floor of the loss */
    double eta_min;          /* Polyak: the floor (safeguard; 0 = eta_floor of the loss, which (12) never
                                undercuts when the loss has a surrogate gap) */
    double alpha, M;         /* override the loss's constants (0 = ssvm_surrogate_constants) */
    double diameter;         /* D: project W onto the Frobenius ball of radius D/2 around 0 (0 = no ball) */
    int (*project)(void *user, ssvm_real *W, int d, int F); /* or your projection onto a closed convex set
                                (diameter then only feeds AdaGrad); negative return aborts */
    void *project_user;
    unsigned long long seed; /* decoding draws (splitmix64), default 1 */
    ssvm_allocator allocator;/* ssvm_online_init; zero = malloc/free */
} ssvm_online_params;

typedef struct ssvm_online_info {
    double target_loss;      /* loss(yhat_t, y_t) of the drawn prediction */
    double expected_loss;    /* E_{pi(theta_t)}[loss(., y_t)], exact over the support */
    double surrogate;        /* L_t(W_t) */
    double grad_norm2;       /* |G_t|_F^2 = |grad_theta|^2 |x_t|^2 */
    double eta;              /* eta_t used (no step when grad_norm2 == 0) */
    double polyak_bound;     /* 2 (L_t - E[loss_t]) / |G_t|_F^2, the right end of (9); 1e300 when G_t = 0 */
    int support;             /* support size of pi(theta_t) */
    double fw_gap;           /* conv FY decoding gap */
} ssvm_online_info;

/* The learner: transparent, treat the fields as private (W and the counters may be read). */
typedef struct ssvm_online {
    ssvm_online_params par;
    int d, F, label_len;
    double alpha, M, eta_floor, eta_const;
    ssvm_real *W;            /* d x F, row-major; W_1 = 0 */
    ssvm_real *x, *theta, *grad;
    int *yhat;
    void *dwork; size_t dwork_bytes;
    ssvm_dist dist;
    int have_pred;
    double eta_prev, adagrad_sum, x_norm2;
    long long rounds, floor_hits;
    double cum_target, cum_expected, cum_surrogate;
    unsigned long long rng;
    void *heap; size_t heap_bytes; int owns_heap;
} ssvm_online;

STRUCTSVM_DEF ssvm_online_params ssvm_online_params_init(ssvm_surrogate_kind kind, int n, int n_features);
STRUCTSVM_DEF ssvm_result ssvm_online_heap_size(const ssvm_online_params *p, size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_online_init_preallocated(ssvm_online *o, const ssvm_online_params *p, void *heap,
                                                        size_t bytes);
STRUCTSVM_DEF ssvm_result ssvm_online_init(ssvm_online *o, const ssvm_online_params *p);
STRUCTSVM_DEF void ssvm_online_uninit(ssvm_online *o);
/* W = 0, rates, counters and the random stream back to their initial state */
STRUCTSVM_DEF void ssvm_online_reset(ssvm_online *o);
/* Round t, first half (Section 2.1): theta_t = W_t x_t, pi(theta_t), draw yhat_t. x is copied. */
STRUCTSVM_DEF ssvm_result ssvm_online_predict(ssvm_online *o, const ssvm_real *x, int *yhat);
/* Second half: y_t is revealed; losses, gradient, learning rate, W_{t+1} = Proj(W_t - eta_t G_t) (eq. 6). */
STRUCTSVM_DEF ssvm_result ssvm_online_update(ssvm_online *o, const int *y, ssvm_online_info *info);
/* Both halves (full information). yhat and info may be NULL. */
STRUCTSVM_DEF ssvm_result ssvm_online_round(ssvm_online *o, const ssvm_real *x, const int *y, int *yhat,
                                            ssvm_online_info *info);
#endif /* STRUCTSVM_PREDICT_ONLY */

#ifndef STRUCTSVM_PREDICT_ONLY
/* >>multisample ------------------------------------------------------------------------------------ */
/* Exact k-best Viterbi (max-sum) on a chain: the k highest-scoring label sequences, best first, with the same
   conventions as ssvm_viterbi (unary[t*K + s], trans[a + K*b]). Ties go to the lowest index: extending to
   label b at position t, equal scores prefer the lower label at t-1, then the better-ranked prefix; at the
   end, the lower last label. With k = 1 the answer equals ssvm_viterbi's. Sequence r is written to ys[r*L .. r*L+L-1] and its score to scores[r]
   (scores may be NULL). Returns the number found, min(k, K^L), or a negative ssvm_result.
   work: ssvm_kbest_viterbi_work_bytes(L, K, k) bytes (0 means the size overflows). Cost O(L K^2 k). */
STRUCTSVM_DEF size_t ssvm_kbest_viterbi_work_bytes(int L, int K, int k);
STRUCTSVM_DEF int ssvm_kbest_viterbi(int L, int K, int k, const ssvm_real *unary, const ssvm_real *trans, void *work,
                                     int *ys, ssvm_real *scores);

/* Importance sampler of the multi-sample solver (Algorithm 1 line 1). sample() writes up to k_max labels of
   example i, label r at ys + r*stride (stride = the problem's max_label_len), their lengths into lens and
   their losses Delta(y_i, y) into deltas, and returns how many it wrote (0..k_max) or a negative ssvm_result.
   The first label should be the loss-augmented argmax at the given weights (the subgradient: Theorem 2.1 and
   Lemma 2.2 need it); it may skip y_i itself. The solver drops y_i and repeated labels. */
typedef struct ssvm_ms_sampler {
    int (*sample)(void *user, int i, const ssvm_real *w, double w_scale, int k_max, void *work, int *ys, int stride,
                  int *lens, ssvm_real *deltas);
    size_t (*work_bytes)(void *user, int k_max); /* scratch passed as `work`, kept in the solver heap; may be NULL */
    void *user;
    int scaled;     /* 1: sample() reads the weights as w_scale * w[j] (no copy; the solver keeps w lazily
                       scaled); 0: the solver passes the exact weights with w_scale = 1 (an O(d) copy per step) */
    int multiclass; /* 1: labels are distinct classes of an ssvm_multiclass other than y_i, so that
                       <v_i, v_j> = |x|^2 (1 + [i = j]) and the exact update (Algorithm 2) applies */
} ssvm_ms_sampler;
/* The k best loss-augmented labellings of a chain (exact, ssvm_kbest_viterbi), y_i excluded: the first is the
   oracle's answer. Call ssvm_chain_problem(m, ...) first; m must outlive the solver. */
STRUCTSVM_DEF ssvm_result ssvm_chain_kbest_sampler(ssvm_chain *m, ssvm_ms_sampler *out);
/* The k classes with the highest loss-augmented score, y_i excluded, ties to the lowest class; sets
   multiclass = 1. Call ssvm_multiclass_problem(m, ...) first; m must outlive the solver. */
STRUCTSVM_DEF ssvm_result ssvm_multiclass_sampler(ssvm_multiclass *m, ssvm_ms_sampler *out);

typedef enum ssvm_ms_order {
    SSVM_MS_CYCLIC = 0,      /* example i = (t-1) mod n at step t (Algorithm 3 line 2) */
    SSVM_MS_PERMUTATION = 1, /* a fresh random permutation each pass */
    SSVM_MS_SEQUENCE = 2     /* the stream params.sequence[(t-1) mod sequence_len] */
} ssvm_ms_order;
typedef enum ssvm_ms_update {
    SSVM_MS_UPDATE_AUTO = 0,      /* Algorithm 2 when the sampler sets multiclass, else Algorithm 1 */
    SSVM_MS_UPDATE_SWEEP = 1,     /* Algorithm 1: expand/swap moves over the samples, `sweeps` times */
    SSVM_MS_UPDATE_MULTICLASS = 2 /* Algorithm 2 (corrected): the exact maximiser of D_t over the samples */
} ssvm_ms_update;
typedef enum ssvm_ms_averaging {
    SSVM_MS_AVG_NONE = 0,
    SSVM_MS_AVG_UNIFORM = 1, /* w_bar = (1/T) sum_{t=1..T} w^{t-1}, Theorem 2.1.3 */
    SSVM_MS_AVG_WEIGHTED = 2 /* w_bar = 2/(T(T+1)) sum_{t=1..T} t w^t, as the other solvers */
} ssvm_ms_averaging;

typedef struct ssvm_ms_params {
    double lambda;               /* regulariser, > 0 (default 0.01) */
    int K;                       /* labels asked from the sampler per step, >= 1 (default 1) */
    int sweeps;                  /* passes of Algorithm 1 over the samples per step (line 16), >= 1 (default 1) */
    ssvm_ms_update update;       /* default AUTO */
    int line_search;             /* 1 (default): closed-form moves; 0: alpha = 1 on the first sample (Pegasos) */
    int project;                 /* 1 (default): |w| <= sqrt(B/lambda) after each step (Algorithm 3 line 5) */
    double loss_bound;           /* B: a bound on Delta (default 1, the paper's); the radius uses the larger
                                    of B and the largest Delta sampled so far (Lemma 2.3 needs B >= Delta) */
    ssvm_ms_averaging averaging; /* default WEIGHTED (UNIFORM is Theorem 2.1.3's) */
    ssvm_ms_order order;         /* default PERMUTATION (CYCLIC is Algorithm 3's; bad on sorted data) */
    const int *sequence;         /* for SSVM_MS_SEQUENCE, 0-based example indices */
    long long sequence_len;
    int cache_size;              /* earlier violators kept per example and added to the K samples (default 0) */
    size_t cache_max_bytes;      /* cap on the cache's bytes; cache_size shrinks to fit (0 = no cap) */
    ssvm_ms_sampler sampler;     /* all zero (default): the problem's oracle, one label per step */
    int max_passes;              /* default 50; 0 = no limit */
    long long max_oracle_calls;  /* sampler calls; 0 = no limit */
    double max_seconds;          /* solver seconds; 0 = no limit (needs a clock: see STRUCTSVM_NO_CLOCK) */
    double gap_tol;              /* stop when P(w) - D_t/t <= gap_tol after a whole pass (not with
                                    SSVM_MS_SEQUENCE: no certificate there; default 1e-3; 0 = never) */
    int eval_every;              /* evaluate every k passes (default 1; 0 = never) */
    int eval_iterate;            /* primal at w (default 1) */
    int eval_average;            /* primal at w_bar (default 1) */
    unsigned long long seed;     /* default 1 (only SSVM_MS_PERMUTATION draws random numbers) */
    ssvm_progress_fn progress;   /* after every pass; non-zero stops */
    void *progress_user;
    double (*clock)(void *user);
    void *clock_user;
    ssvm_allocator allocator;
} ssvm_ms_params;

/* What one step did (ssvm_ms_step). D_t is the online dual (4) of the t examples seen so far. */
typedef struct ssvm_ms_step_info {
    long long t;          /* this step's index, 1-based */
    int example;
    int n_samples;        /* labels used after dropping y_i and repeats (sampler + cache) */
    double loss;          /* f(w^{t-1}; Z_t) = lambda/2 |w^{t-1}|^2 + l(w^{t-1}; Z_t) (Algorithm 3 line 3) */
    double hinge;         /* l(w^{t-1}; Z_t), eq. 3, from the first sample */
    double grad_norm2;    /* |grad f(w^{t-1}; Z_t)|^2 = |lambda w^{t-1} + v_1|^2 */
    double dual_before;   /* D_{t-1} */
    double dual_update;   /* D_t after the update, before the projection */
    double dual;          /* D_t */
    double proj_scale;    /* the projection's factor s (eq. 28), 1 if none */
    double alpha_sum;     /* sum_j alpha_t^j */
} ssvm_ms_step_info;

/* The solver object: transparent, but treat the fields as private. */
typedef struct ssvm_ms_solver {
    ssvm_problem prob;
    ssvm_ms_params par;
    ssvm_ms_sampler smp;   /* the sampler in use (the default one filled in) */
    int use_mc;            /* Algorithm 2 */
    int nbuf;              /* label slots: K + cache_cap */
    int cache_cap;         /* cached labels per example after the byte cap */
    ssvm_real *wv;         /* w = w_scale * wv */
    ssvm_real *zv;         /* w_bar = avg_p * wv + avg_q * zv */
    ssvm_real *wtmp;       /* d: materialised w or w_bar */
    ssvm_svec u, v, e;     /* u_t^j (eq. 15); a sample's v(X_t, Y) (eq. 7); a move's direction */
    int *ytrue, *ys, *lens, *ybuf2;
    ssvm_real *deltas;
    double *alpha, *cq;    /* per-sample alpha_t^j; c_j / |phi|^2 (Algorithm 2) */
    int *ord;
    int *perm;
    int *cache;            /* n * cache_cap slots of 1 + max_label_len ints: length, label */
    ssvm_real *cache_delta;
    int *cache_count;
    void *swork;           /* sampler scratch */
    double w_scale, ww;    /* |wv|^2, kept up to date in O(nnz) per move, recomputed every pass */
    double avg_p, avg_q;
    double A;              /* sum_{t,Y} alpha_t^Y Delta(Y, Y_t), eq. 4, scaled with every projection */
    double bound;          /* B */
    long long t, seq_pos;
    unsigned long long rng;
    double online_loss;    /* sum_t f(w^{t-1}; Z_t) */
    ssvm_progress prog;
    ssvm_ms_step_info last;
    int best;
    void *heap; size_t heap_bytes; int owns_heap;
} ssvm_ms_solver;

STRUCTSVM_DEF ssvm_ms_params ssvm_ms_params_init(void);
STRUCTSVM_DEF ssvm_result ssvm_ms_params_check(const ssvm_ms_params *q);
STRUCTSVM_DEF ssvm_result ssvm_ms_heap_size(const ssvm_problem *p, const ssvm_ms_params *q, size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_ms_init_preallocated(ssvm_ms_solver *s, const ssvm_problem *p, const ssvm_ms_params *q,
                                                    void *heap, size_t bytes);
STRUCTSVM_DEF ssvm_result ssvm_ms_init(ssvm_ms_solver *s, const ssvm_problem *p, const ssvm_ms_params *q);
STRUCTSVM_DEF void ssvm_ms_uninit(ssvm_ms_solver *s);
/* One online step (Algorithm 3 lines 2-5) on example i, whatever params.order says; info may be NULL. */
STRUCTSVM_DEF ssvm_result ssvm_ms_step(ssvm_ms_solver *s, int i, ssvm_ms_step_info *info);
/* n steps in params.order, no evaluation, no stopping rules. */
STRUCTSVM_DEF ssvm_result ssvm_ms_pass(ssvm_ms_solver *s);
/* Passes until a stopping rule fires (as ssvm_solver_run). */
STRUCTSVM_DEF ssvm_result ssvm_ms_run(ssvm_ms_solver *s);
/* Primal at w and/or w_bar (an oracle pass each, counted as evaluation); dual = D_t/t, gap = primal - dual
   at the iterate (no dual exists at w_bar: dual_avg and gap_avg are NaN). */
STRUCTSVM_DEF ssvm_result ssvm_ms_evaluate(ssvm_ms_solver *s, int iterate, int average, ssvm_progress *out);
STRUCTSVM_DEF ssvm_result ssvm_ms_weights(ssvm_ms_solver *s, ssvm_which which, ssvm_real *out);
/* Train from scratch; w_out = w_bar (or w when averaging is NONE). */
STRUCTSVM_DEF ssvm_result ssvm_ms_train(const ssvm_problem *p, const ssvm_ms_params *q, ssvm_real *w_out,
                                        ssvm_progress *final);
#endif /* STRUCTSVM_PREDICT_ONLY */

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

/* libm through macros (add to the options table): SSVM_EXP, SSVM_LOG, SSVM_SQRT (double -> double).
   Default <math.h>; under STRUCTSVM_FREESTANDING without them, the portable versions below. */
#if !defined(STRUCTSVM_FREESTANDING) && (!defined(SSVM_EXP) || !defined(SSVM_LOG) || !defined(SSVM_SQRT))
#include <math.h>
#endif
#ifndef SSVM_EXP
#ifdef STRUCTSVM_FREESTANDING
#define SSVM_EXP(x) ssvm__exp_portable(x)
#else
#define SSVM_EXP(x) exp(x)
#endif
#endif
#ifndef SSVM_LOG
#ifdef STRUCTSVM_FREESTANDING
#define SSVM_LOG(x) ssvm__log_portable(x)
#else
#define SSVM_LOG(x) log(x)
#endif
#endif
#ifndef SSVM_SQRT
#ifdef STRUCTSVM_FREESTANDING
#define SSVM_SQRT(x) ssvm__sqrt_portable(x)
#else
#define SSVM_SQRT(x) sqrt(x)
#endif
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
    SSVM_ASSERT(!a->base || ((uintptr_t)a->base & 15u) == 0);
    if (off < a->used || bytes > ((size_t)-1) - off) { a->overflow = 1; return 0; }
    a->used = off + bytes;
    if (!a->base || a->used > a->cap) return 0;
    return a->base + off;
}

/* Every heap block goes through these: the caller's allocator if set, else SSVM_MALLOC/SSVM_FREE
   (whose user argument is then NULL); under STRUCTSVM_NO_MALLOC without an allocator, nothing. */
SSVM__PRIV SSVM__MAYBE_UNUSED void *ssvm__alloc_with(const ssvm_allocator *a, size_t bytes) {
    if (a && a->alloc) return a->alloc(bytes, a->user);
#ifndef STRUCTSVM_NO_MALLOC
    return SSVM_MALLOC(bytes, a ? a->user : 0);
#else
    (void)bytes;
    return 0;
#endif
}
SSVM__PRIV SSVM__MAYBE_UNUSED void ssvm__free_with(const ssvm_allocator *a, void *ptr) {
    if (!ptr) return;
    if (a && a->free) { a->free(ptr, a->user); return; }
#ifndef STRUCTSVM_NO_MALLOC
    SSVM_FREE(ptr, a ? a->user : 0);
#endif
}

/* The heap block of a solver's *_init: through the allocator, else malloc (refused under NO_MALLOC). */
SSVM__PRIV SSVM__MAYBE_UNUSED ssvm_result ssvm__heap_for(const ssvm_allocator *a, size_t need, void **heap) {
#ifdef STRUCTSVM_NO_MALLOC
    if (!a->alloc) return SSVM_ERR_NOT_SUPPORTED;
#endif
    *heap = ssvm__alloc_with(a, need);
    return *heap ? SSVM_OK : SSVM_ERR_OUT_OF_MEMORY;
}

/* >>svec */
STRUCTSVM_DEF size_t ssvm_svec_heap_size(int d) {
    ssvm__arena a = {0, 0, 0, 0};
    if (d <= 0) return 0;
    ssvm__take(&a, (size_t)d, sizeof(ssvm_real));
    ssvm__take(&a, (size_t)d, sizeof(int));
    ssvm__take(&a, (size_t)d, 1);
    return a.overflow ? 0 : a.used + 16; /* 0, never a wrapped (too small) size: 32-bit targets */
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
/* a*b*c if it stays below SIZE_MAX/8 (so that a few such terms add up without wrapping), else 0: the size
   queries report a size that does not fit as 0 (like bad sizes), never a wrapped, too small one (32-bit).
   Integers only: no soft-float in predict-only firmware. */
SSVM__PRIV size_t ssvm__size3(size_t a, size_t b, size_t c) {
    size_t lim = ((size_t)-1) / 8;
    if (!a || !b || !c || a > lim / b || a * b > lim / c) return 0;
    return a * b * c;
}
STRUCTSVM_DEF size_t ssvm_viterbi_work_bytes(int L, int K) {
    size_t bp, re;
    if (L <= 0 || K <= 0) return 0;
    bp = ssvm__size3((size_t)L, (size_t)K, sizeof(int));
    re = ssvm__size3((size_t)K + 1, 2, sizeof(ssvm_real));
    if (!bp || !re) return 0;
    return bp + re; /* L*K ints + 2K reals + 2 reals of alignment slack */
}
STRUCTSVM_DEF ssvm_real ssvm_viterbi(int L, int K, const ssvm_real *unary, const ssvm_real *trans, void *work,
                                     int *y) {
    int *bp = (int *)work;
    /* the real-valued part follows the L*K back-pointers, realigned for ssvm_real */
    size_t off = (size_t)L * (size_t)K * sizeof(int);
    ssvm_real *prev, *cur, *tmp, best;
    int t, a, b, arg;
    /* public and without an error code: degenerate input writes nothing (L <= 0 wrote y[-1]) */
    if (L <= 0 || K <= 0 || !unary || !trans || !work || !y) return 0;
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
    if (!ssvm__size3((size_t)L, (size_t)m->n_labels, sizeof(ssvm_real)) || !ssvm_viterbi_work_bytes(L, m->n_labels) ||
        (m->x && !ssvm__size3(m->n_attrs > 0 ? (size_t)m->n_attrs : 1, sizeof(int) + sizeof(ssvm_real), 1)))
        return 0; /* does not fit size_t */
    return ssvm__chain_u_bytes(L, m->n_labels) + ssvm_viterbi_work_bytes(L, m->n_labels) + 32 +
           (m->x ? (size_t)m->n_attrs * (sizeof(int) + sizeof(ssvm_real)) : 0);
}
SSVM__PRIV unsigned char *ssvm__align16(void *p) {
    size_t mis = (size_t)((uintptr_t)p & 15u);
    return (unsigned char *)p + (mis ? 16 - mis : 0);
}

/* decode (aug = 0) or loss-augmented decode (aug > 0: the loss weighted by aug) of sequence i; aug = 1/w_scale
   is the oracle at w_scale * w, whose argmax is that of <w, phi> + Delta / w_scale */
SSVM__PRIV int ssvm__chain_argmax(ssvm_chain *m, int i, const ssvm_real *w, int *y, ssvm_real aug, ssvm_real *delta) {
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
    if (aug > 0) {
        ssvm_real unit = (m->flags & SSVM_CHAIN_COUNTED_LOSS) ? aug : aug / (ssvm_real)L; /* ssvm_real: no double in
                                                                                              float firmware */
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
SSVM__PRIV int ssvm__chain_oracle_scaled(void *user, int i, const ssvm_real *w, double ws, int *y, ssvm_real *delta) {
    if (!(ws > 0) || !ssvm__finite(1.0 / ws)) return SSVM_ERR_INVALID_ARG;
    return ssvm__chain_argmax((ssvm_chain *)user, i, w, y, (ssvm_real)(1.0 / ws), delta);
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
    /* L*K can exceed int even when d = K*F + (2K) + K*K fits: report it instead of overflowing */
    long long dim = (long long)(m->start[i + 1] - m->start[i]) * m->n_labels + (long long)m->n_labels * m->n_labels;
    return dim > INT_MAX ? SSVM_ERR_OVERFLOW : (int)dim;
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
    if (!need) return SSVM_ERR_OVERFLOW; /* the scratch size does not fit size_t */
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
        m->scratch = ssvm__alloc_with(0, need);
        if (!m->scratch) return SSVM_ERR_OUT_OF_MEMORY;
        m->scratch_bytes = need; m->owns_scratch = 1;
#endif
    }
    SSVM_MEMSET(out, 0, sizeof *out);
    out->n = m->n; out->d = ssvm_chain_dim(m); out->max_label_len = L; out->user = m;
    out->truth = ssvm__chain_truth; out->phi = ssvm__chain_phi; out->oracle = ssvm__chain_oracle;
    out->oracle_scaled = ssvm__chain_oracle_scaled;
    out->decode = ssvm__chain_decode; out->loss = ssvm__chain_loss;
    out->stat_dim = ssvm__chain_stat_dim; out->stats = ssvm__chain_stats; out->expand = ssvm__chain_expand;
    return SSVM_OK;
}
STRUCTSVM_DEF void ssvm_chain_free(ssvm_chain *m) {
    if (!m) return;
#ifndef STRUCTSVM_NO_MALLOC
    if (m->owns_scratch) ssvm__free_with(0, m->scratch);
#endif
    m->scratch = 0; m->owns_scratch = 0; m->scratch_bytes = 0;
}
STRUCTSVM_DEF size_t ssvm_chain_predict_work_bytes(int L, int K) {
    if (L <= 0 || K <= 0) return 0;
    if (!ssvm__size3((size_t)L, (size_t)K, sizeof(ssvm_real)) || !ssvm_viterbi_work_bytes(L, K)) return 0;
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
    if (ssvm_chain_dim(&m) <= 0) return SSVM_ERR_OVERFLOW; /* K*F + K*K must fit an int (offsets into w) */
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
/* aug: the weight of the cost term (0: plain decode; 1/w_scale: the oracle at w_scale * w) */
SSVM__PRIV int ssvm__mc_argmax(const ssvm_multiclass *m, int i, const ssvm_real *w, ssvm_real aug, int *y, ssvm_real *delta) {
    int K = m->n_classes, c, best = 0, g = m->labels ? m->labels[i] : 0;
    ssvm_real bv = 0;
    for (c = 0; c < K; c++) {
        ssvm_real v = ssvm__mc_score(m, w, i, c) + (aug != 0 ? aug * ssvm__mc_cost(m, g, c) : 0);
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
SSVM__PRIV int ssvm__mc_oracle_scaled(void *user, int i, const ssvm_real *w, double ws, int *y, ssvm_real *delta) {
    if (!(ws > 0) || !ssvm__finite(1.0 / ws)) return SSVM_ERR_INVALID_ARG;
    return ssvm__mc_argmax((const ssvm_multiclass *)user, i, w, (ssvm_real)(1.0 / ws), y, delta);
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
    out->oracle_scaled = ssvm__mc_oracle_scaled;
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

/* >>sort: a deterministic heapsort of indices 0..n-1 under a strict total order (no recursion, no allocation) */
typedef int (*ssvm__before_fn)(const void *key, int a, int b); /* non-zero: a sorts before b */
SSVM__PRIV SSVM__MAYBE_UNUSED void ssvm__sift(const void *key, ssvm__before_fn before, int *idx, int root, int n) {
    for (;;) {
        int c = 2 * root + 1, t;
        if (c >= n) return;
        /* max-heap by "sorts later": the root holds the element that goes last */
        if (c + 1 < n && before(key, idx[c], idx[c + 1])) c++;
        if (!before(key, idx[root], idx[c])) return;
        t = idx[root]; idx[root] = idx[c]; idx[c] = t;
        root = c;
    }
}
SSVM__PRIV SSVM__MAYBE_UNUSED void ssvm__heapsort(int n, const void *key, ssvm__before_fn before, int *idx) {
    int i, t;
    for (i = 0; i < n; i++) idx[i] = i;
    for (i = n / 2 - 1; i >= 0; i--) ssvm__sift(key, before, idx, i, n);
    for (i = n - 1; i > 0; i--) { t = idx[0]; idx[0] = idx[i]; idx[i] = t; ssvm__sift(key, before, idx, 0, i); }
}
/* doubles descending, ties to the lower index */
SSVM__PRIV SSVM__MAYBE_UNUSED int ssvm__desc_before(const void *k, int a, int b) {
    const double *key = (const double *)k;
    return key[a] > key[b] || (key[a] == key[b] && a < b);
}
SSVM__PRIV SSVM__MAYBE_UNUSED void ssvm__sort_desc(int n, const double *key, int *idx) {
    ssvm__heapsort(n, key, ssvm__desc_before, idx);
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
        (unsigned)q->averaging > (unsigned)SSVM_AVG_SUFFIX || (unsigned)q->state > (unsigned)SSVM_STATE_COMPACT_SPARSE)
        return SSVM_ERR_INVALID_ARG;
    if (q->max_passes < 0 || q->max_oracle_calls < 0 || q->eval_every < 0 || !(q->max_seconds >= 0) ||
        !(q->gap_tol >= 0))
        return SSVM_ERR_INVALID_ARG;
    if (q->sampling == SSVM_SAMPLE_SEQUENCE && (!q->sequence || q->sequence_len <= 0)) return SSVM_ERR_INVALID_ARG;
    if (q->solver == SSVM_FW && q->averaging != SSVM_AVG_NONE) return SSVM_ERR_NOT_SUPPORTED;
    if ((q->allocator.alloc != 0) != (q->allocator.free != 0)) return SSVM_ERR_NULL_CALLBACK;
#ifdef STRUCTSVM_NO_CLOCK
    if (q->max_seconds > 0 && !q->clock) return SSVM_ERR_NOT_SUPPORTED; /* no clock: the limit could never fire */
#endif
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
    if (q->state == SSVM_STATE_COMPACT || q->state == SSVM_STATE_COMPACT_SPARSE) return p->stats ? (int)q->state : -2;
    if (q->state == SSVM_STATE_DENSE) return SSVM_STATE_DENSE;
    if (q->state == SSVM_STATE_SPARSE) return SSVM_STATE_SPARSE;
    return p->stats ? SSVM_STATE_COMPACT : SSVM_STATE_SPARSE;
}

/* the (index, value) pool of the two sparse state kinds and its per-example bookkeeping */
SSVM__PRIV void ssvm__take_pool(ssvm_solver *s, ssvm__arena *a, size_t pool) {
    size_t n = (size_t)s->prob.n;
    s->sp_off = (size_t *)ssvm__take(a, n, sizeof(size_t));
    s->sp_len = (int *)ssvm__take(a, n, sizeof(int));
    s->sp_cap = (int *)ssvm__take(a, n, sizeof(int));
    s->sp_idx = (int *)ssvm__take(a, pool, sizeof(int));
    s->sp_val = (ssvm_real *)ssvm__take(a, pool, sizeof(ssvm_real));
    s->sp_order = (int *)ssvm__take(a, n, sizeof(int));
    s->sp_pool_cap = pool;
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
    s->li = 0; s->sig_off = 0; s->sigma = 0; s->stmp = 0; s->stmp2 = 0; s->wi = 0;
    s->sp_off = 0; s->sp_len = s->sp_cap = s->sp_idx = s->sp_order = 0; s->sp_val = 0;
    s->sv_ws.val = 0; s->sv_ws.idx = 0; s->sv_ws.mark = 0;
    if (s->state_kind >= SSVM_STATE_COMPACT)
        s->li = (double *)ssvm__take(a, n, sizeof(double));
    if (s->state_kind == SSVM_STATE_COMPACT || s->state_kind == SSVM_STATE_COMPACT_SPARSE) {
        s->sig_off = (size_t *)ssvm__take(a, n + 1, sizeof(size_t));
        for (i = 0; i < p->n; i++) {
            int m = p->stat_dim(p->user, i);
            if (m < 0) return (ssvm_result)m; /* a callback's own error code, as everywhere else */
            if (m == 0) return SSVM_ERR_CALLBACK;
            if (s->sig_off) s->sig_off[i] = total;
            total += (size_t)m;
            if ((size_t)m > maxdim) maxdim = (size_t)m;
        }
        if (s->sig_off) s->sig_off[n] = total;
        s->stmp = (ssvm_real *)ssvm__take(a, maxdim, sizeof(ssvm_real));
        if (s->state_kind == SSVM_STATE_COMPACT) s->sigma = (ssvm_real *)ssvm__take(a, total, sizeof(ssvm_real));
        else { /* sigma_i as (index, value) pairs in the sparse state's pool, indexed in statistics space */
            /* default: room for every statistic plus one block, which never runs out (the pool compacts in
               place), at 1.5x the dense sigma's bytes; set a smaller pool to save memory */
            size_t pool = s->par.sparse_pool_entries ? s->par.sparse_pool_entries : total + maxdim;
            if (pool < n) return SSVM_ERR_WORKSPACE;
            s->stmp2 = (ssvm_real *)ssvm__take(a, maxdim, sizeof(ssvm_real));
            ssvm__take_pool(s, a, pool);
        }
    } else if (s->state_kind == SSVM_STATE_DENSE) {
        if (n > ((size_t)-1) / sizeof(ssvm_real) / d) return SSVM_ERR_OVERFLOW;
        s->wi = (ssvm_real *)ssvm__take(a, n * d, sizeof(ssvm_real));
    } else if (s->state_kind == SSVM_STATE_SPARSE) {
        size_t pool = s->par.sparse_pool_entries ? s->par.sparse_pool_entries : 64 * n;
        if (pool < n) return SSVM_ERR_WORKSPACE;
        ssvm__take_pool(s, a, pool);
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
        if (s->sv_ws.mark) { SSVM_MEMSET(s->sv_ws.mark, 0, d); s->sv_ws.nnz = 0; s->sv_ws.d = p->d; s->sv_ws.err = 0; }
    }
    s->l = 0; s->l_bar = 0; s->avg_a = 1; s->avg_b = 1; s->w_scale = 1; s->k = 0; s->avg_count = 0; s->seq_pos = 0;
    s->rng = s->par.seed;
    s->best = s->par.averaging != SSVM_AVG_NONE ? SSVM_W_AVERAGE : SSVM_W_ITERATE;
    s->fw_have = 0;
    SSVM_MEMSET(&s->prog, 0, sizeof s->prog);
    s->prog.primal = s->prog.dual = s->prog.gap = ssvm__nan();
    s->prog.primal_avg = s->prog.dual_avg = s->prog.gap_avg = ssvm__nan();
    s->prog.state_bytes = s->heap_bytes;
}

/* the compact state starts at alpha_i = e_{y_i} (w_i = 0): sigma_i = s_i(y_i) */
SSVM__PRIV ssvm_result ssvm__sparse_reserve(ssvm_solver *s, int i, int need, int limit);
SSVM__PRIV ssvm_result ssvm__init_sigma(ssvm_solver *s) {
    const ssvm_problem *p = &s->prob;
    int i, len, rc;
    if (s->sigma) SSVM_MEMSET(s->sigma, 0, s->sig_off[p->n] * sizeof(ssvm_real));
    for (i = 0; i < p->n; i++) {
        size_t m = s->sig_off[i + 1] - s->sig_off[i], j;
        ssvm_real *out = s->sigma ? s->sigma + s->sig_off[i] : s->stmp;
        len = p->truth(p->user, i, s->y);
        if (len <= 0 || len > p->max_label_len) return len < 0 ? (ssvm_result)len : SSVM_ERR_LABEL;
        if (!s->sigma) { /* the step's scratch starts (and stays) zero */
            SSVM_MEMSET(s->stmp, 0, m * sizeof(ssvm_real));
            SSVM_MEMSET(s->stmp2, 0, m * sizeof(ssvm_real));
        }
        rc = p->stats(p->user, i, s->y, len, 1, out);
        if (rc < 0) { if (!s->sigma) SSVM_MEMSET(s->stmp, 0, m * sizeof(ssvm_real)); return (ssvm_result)rc; }
        if (!s->sigma) { /* compact sparse: keep the non-zeros */
            int cnt = 0;
            ssvm_result r;
            size_t o;
            for (j = 0; j < m; j++) cnt += s->stmp[j] != 0;
            if ((r = ssvm__sparse_reserve(s, i, cnt, (int)m)) != SSVM_OK) {
                SSVM_MEMSET(s->stmp, 0, m * sizeof(ssvm_real));
                return r;
            }
            o = s->sp_off[i]; cnt = 0;
            for (j = 0; j < m; j++)
                if (s->stmp[j] != 0) {
                    s->sp_idx[o + (size_t)cnt] = (int)j; s->sp_val[o + (size_t)cnt] = s->stmp[j]; cnt++;
                    s->stmp[j] = 0; /* the step relies on zeroed scratch */
                }
            s->sp_live += (size_t)cnt;
            s->sp_len[i] = cnt;
        }
    }
    return SSVM_OK;
}

/* owns: the heap block is the solver's (ssvm_solver_init), so a sparse pool may grow from the start */
SSVM__PRIV ssvm_result ssvm__solver_init_in(ssvm_solver *s, const ssvm_problem *p, const ssvm_params *q, void *heap,
                                            size_t bytes, int owns) {
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
    s->heap = heap; s->heap_bytes = need; s->owns_heap = owns;
    ssvm__reset(s);
    if (s->state_kind == SSVM_STATE_COMPACT || s->state_kind == SSVM_STATE_COMPACT_SPARSE) return ssvm__init_sigma(s);
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_solver_init_preallocated(ssvm_solver *s, const ssvm_problem *p, const ssvm_params *q,
                                                        void *heap, size_t bytes) {
    return ssvm__solver_init_in(s, p, q, heap, bytes, 0);
}

/* the solver's allocator for memory beyond its heap block (a growing sparse pool); NULL if none */
SSVM__PRIV void *ssvm__alloc(ssvm_solver *s, size_t bytes) {
    if (!s->owns_heap) return 0; /* a preallocated solver never allocates */
    return ssvm__alloc_with(&s->par.allocator, bytes);
}
SSVM__PRIV void ssvm__free(ssvm_solver *s, void *ptr) { ssvm__free_with(&s->par.allocator, ptr); }
STRUCTSVM_DEF ssvm_result ssvm_solver_init(ssvm_solver *s, const ssvm_problem *p, const ssvm_params *q) {
    size_t need;
    void *heap;
    ssvm_result r;
    ssvm_params q2;
    const ssvm_params *q0 = q;
    if (!s || !q) return SSVM_ERR_INVALID_ARG;
    /* AUTO with statistics: a heap solver can grow a pool, so it takes the sparse compact state (the same
       iterates in a fraction of the memory); a preallocated one keeps the fixed-size dense sigma */
    q2 = *q;
    if (q2.state == SSVM_STATE_AUTO && q2.solver == SSVM_BCFW && p && p->stats && p->stat_dim && p->n > 0) {
        /* ...when sigma is big enough for pairs to pay: 16 statistics per example on average (a pair and
           its share of the bookkeeping cost about 3 dense entries) */
        long long total = 0;
        int i, m;
        for (i = 0; i < p->n; i++) {
            if ((m = p->stat_dim(p->user, i)) <= 0) break; /* the layout reports it */
            total += m;
        }
        q2.state = (i == p->n && total >= 16LL * p->n) ? SSVM_STATE_COMPACT_SPARSE : SSVM_STATE_COMPACT;
    }
    /* a heap solver's sparse pool starts at one entry per example and grows (to about twice the live
       entries) with the supports: no fixed-size pool left dead inside the heap block after the first growth */
    if (p && p->n > 0 && !q2.sparse_pool_entries) {
        int kind = ssvm__state_kind(p, &q2);
        if (kind == SSVM_STATE_SPARSE || kind == SSVM_STATE_COMPACT_SPARSE) q2.sparse_pool_entries = (size_t)p->n;
    }
    q = &q2;
    if ((r = ssvm_solver_heap_size(p, q, &need)) != SSVM_OK) return r;
    if ((r = ssvm__heap_for(&q->allocator, need, &heap)) != SSVM_OK) return r;
    r = ssvm__solver_init_in(s, p, q, heap, need, 1);
    s->heap = heap; s->owns_heap = 1;
    if (r != SSVM_OK) { ssvm_solver_uninit(s); return r; }
    s->par.state = q0->state; s->par.sparse_pool_entries = q0->sparse_pool_entries; /* the caller's, as given */
    return SSVM_OK;
}

STRUCTSVM_DEF void ssvm_solver_uninit(ssvm_solver *s) {
    if (!s) return;
    if (s->sp_pool_mem) { ssvm__free(s, s->sp_pool_mem); s->sp_pool_mem = 0; }
    if (s->owns_heap) ssvm__free_with(&s->par.allocator, s->heap);
    s->heap = 0; s->owns_heap = 0;
}

/* oracle_scaled is usable: set, and not a built-in model's left behind in a copy whose oracle was replaced
   (p = built-in problem; p.oracle = mine;), which would bypass the caller's oracle */
SSVM__PRIV int ssvm__scaled_ok(const ssvm_problem *p) {
    if (!p->oracle_scaled) return 0;
    if (p->oracle_scaled == ssvm__chain_oracle_scaled) return p->oracle == ssvm__chain_oracle;
    if (p->oracle_scaled == ssvm__mc_oracle_scaled) return p->oracle == ssvm__mc_oracle;
    return 1;
}

/* Calls the oracle and checks what it returned. */
/* Calls the oracle at w_scale * w: the plain oracle when w_scale is 1, else oracle_scaled (which the caller
   has checked is set). */
SSVM__PRIV ssvm_result ssvm__call_oracle_at(const ssvm_problem *p, int i, const ssvm_real *w, double w_scale, int *y,
                                            int *len, ssvm_real *delta) {
    *delta = 0;
    *len = w_scale == 1.0 ? p->oracle(p->user, i, w, y, delta) : p->oracle_scaled(p->user, i, w, w_scale, y, delta);
    if (*len < 0) return (ssvm_result)*len;
    if (*len == 0 || *len > p->max_label_len) return SSVM_ERR_CALLBACK;
    if (!ssvm__finite((double)*delta) || *delta < 0) return SSVM_ERR_LOSS;
    return SSVM_OK;
}
SSVM__PRIV ssvm_result ssvm__call_oracle(const ssvm_problem *p, int i, const ssvm_real *w, int *y, int *len,
                                         ssvm_real *delta) {
    return ssvm__call_oracle_at(p, i, w, 1.0, y, len, delta);
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

/* Slides every block down to the front of the pool, in offset order, so that a preallocated pool reclaims the
   blocks left behind by relocations. */
SSVM__PRIV int ssvm__off_before(const void *k, int a, int b) {
    const size_t *off = (const size_t *)k;
    return off[a] < off[b] || (off[a] == off[b] && a < b);
}
SSVM__PRIV void ssvm__sparse_compact(ssvm_solver *s) {
    int n = s->prob.n, k, *ord = s->sp_order;
    size_t used = 0;
    ssvm__heapsort(n, s->sp_off, ssvm__off_before, ord);
    for (k = 0; k < n; k++) { /* used <= the block's offset: a forward copy never overwrites what it reads */
        int e = ord[k], L = s->sp_len[e], j;
        size_t o = s->sp_off[e];
        if (o != used)
            for (j = 0; j < L; j++) { s->sp_idx[used + (size_t)j] = s->sp_idx[o + (size_t)j]; s->sp_val[used + (size_t)j] = s->sp_val[o + (size_t)j]; }
        s->sp_off[e] = used; s->sp_cap[e] = L; used += (size_t)L;
    }
    s->sp_pool_used = used;
}

/* Room for `need` entries of example i's sparse w_i or sigma_i: a fresh block at the end of the pool, or, when
   the pool is full, a pool twice the live size into which every example's entries are compacted. A block
   never exceeds `limit`, the most entries example i can have (d, or stat_dim(i)). */
SSVM__PRIV ssvm_result ssvm__sparse_reserve(ssvm_solver *s, int i, int need, int limit) {
    size_t cap = (size_t)s->sp_cap[i] * 2, newcap, bytes, used = 0;
    int e;
    unsigned char *mem;
    int *nidx;
    ssvm_real *nval;
    if (need <= s->sp_cap[i]) return SSVM_OK;
    if (cap < (size_t)need) cap = (size_t)need;
    if (cap < 8) cap = 8;
    if (cap > (size_t)limit) cap = (size_t)limit; /* sp_cap is an int; need <= limit <= INT_MAX */
    if (cap < (size_t)need) cap = (size_t)need;
    if (s->sp_pool_used + cap <= s->sp_pool_cap) {
        /* the old entries are copied by the caller's rewrite; the old block becomes garbage */
        s->sp_off[i] = s->sp_pool_used; s->sp_cap[i] = (int)cap; s->sp_pool_used += cap;
        return SSVM_OK;
    }
    if (!s->owns_heap) { /* a preallocated pool cannot grow: reclaim the dead blocks, then the least room */
        ssvm__sparse_compact(s); /* keeps example i's old entries too: a failure below must lose nothing */
        if (s->sp_pool_used + cap > s->sp_pool_cap) cap = (size_t)need;
        if (s->sp_pool_used + cap > s->sp_pool_cap) return SSVM_ERR_WORKSPACE;
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
    } else if (s->state_kind == SSVM_STATE_COMPACT_SPARSE) {
        /* the same step on a sparse sigma_i: scattered into stmp2 (old sigma) and stmp (s(y*) - sigma),
           O(stat_dim(i)) like the dense one, and the same arithmetic, so the same iterates bit for bit */
        /* stmp and stmp2 are all zero between steps (the update below re-zeroes them; so does a failure) */
        size_t m = s->sig_off[i + 1] - s->sig_off[i], o = s->sp_off[i], j;
        int cnt = 0;
        for (k = 0; k < s->sp_len[i]; k++) {
            int e = s->sp_idx[o + (size_t)k];
            s->stmp2[e] = s->sp_val[o + (size_t)k];
            s->stmp[e] = -s->sp_val[o + (size_t)k];
        }
        r = SSVM_OK;
        if ((rc = p->stats(p->user, i, s->y, len, 1, s->stmp)) < 0) r = (ssvm_result)rc;
        else if ((rc = p->expand(p->user, i, s->stmp, sc, D)) < 0) r = (ssvm_result)rc;
        else if (D->err) r = (ssvm_result)D->err;
        else { /* room for the new sigma_i (within the old support and s(y*)'s) before anything moves */
            for (j = 0; j < m; j++) cnt += s->stmp[j] != 0 || s->stmp2[j] != 0;
            r = ssvm__sparse_reserve(s, i, cnt, (int)m);
        }
        if (r != SSVM_OK) {
            SSVM_MEMSET(s->stmp, 0, m * sizeof(ssvm_real));
            SSVM_MEMSET(s->stmp2, 0, m * sizeof(ssvm_real));
            return r;
        }
    } else if (s->state_kind == SSVM_STATE_SPARSE) {
        ssvm_svec *E = &s->sv_ws;
        size_t o = s->sp_off[i];
        ssvm_svec_clear(E);
        if ((r = ssvm__add_psi(s, i, s->y, len, sc, E)) != SSVM_OK) return r; /* E = w_s */
        for (k = 0; k < s->sp_len[i]; k++) ssvm_svec_add(D, s->sp_idx[o + k], s->sp_val[o + k]);
        for (k = 0; k < E->nnz; k++) { int j = E->idx[k]; ssvm_svec_add(D, j, -E->val[j]); }
        if (D->err) return (ssvm_result)D->err;
        /* room for the new w_i before anything moves: a full pool (SSVM_ERR_WORKSPACE) or a failed
           allocation must leave w, w_i, l and the average as they were (w = sum_i w_i) */
        if ((r = ssvm__sparse_reserve(s, i, D->nnz, p->d)) != SSVM_OK) return r;
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
    } else if (s->state_kind == SSVM_STATE_COMPACT_SPARSE) {
        size_t m = s->sig_off[i + 1] - s->sig_off[i], o = s->sp_off[i], j; /* reserved above */
        int cnt = 0;
        for (j = 0; j < m; j++) {
            ssvm_real v = s->stmp2[j];
            if (s->stmp[j] != 0) v += (ssvm_real)(gamma * (double)s->stmp[j]);
            s->stmp[j] = 0; s->stmp2[j] = 0;
            if (v != 0) { s->sp_idx[o + (size_t)cnt] = (int)j; s->sp_val[o + (size_t)cnt] = v; cnt++; }
        }
        SSVM_ASSERT(cnt <= s->sp_cap[i]);
        s->sp_live += (size_t)cnt - (size_t)s->sp_len[i];
        s->sp_len[i] = cnt;
    } else if (s->state_kind == SSVM_STATE_SPARSE) {
        /* w_i' = (1-gamma) w_i + gamma w_s = (1-gamma) D + w_s, on the support of D (which covers both) */
        const ssvm_svec *E = &s->sv_ws;
        int m = 0;
        size_t o = s->sp_off[i]; /* reserved above */
        for (k = 0; k < D->nnz; k++) {
            int j = D->idx[k];
            double v = (1 - gamma) * (double)D->val[j] + (E->mark[j] ? (double)E->val[j] : 0.0);
            if (v != 0) { s->sp_idx[o + m] = j; s->sp_val[o + m] = (ssvm_real)v; m++; }
        }
        s->sp_live += (size_t)m - (size_t)s->sp_len[i];
        s->sp_len[i] = m;
        SSVM_ASSERT(o + (size_t)m <= s->sp_pool_cap);
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

/* >>solvers: SSG (Pegasos step, paper App. F). w <- (1-gamma) w + gamma psi_i(y*)/lambda, gamma = 1/(k+1).
   Kept as w = w_scale * w[] (the shrink is O(1)) and, like BCFW's, the average lazily as
   w_bar = avg_a * w[] + avg_b * z, so a step costs O(nnz(psi)) when the problem has oracle_scaled; without it
   the oracle needs the plain w, an O(d) copy per step. ssvm__ssg_fold makes both plain again after each pass. */
SSVM__PRIV void ssvm__ssg_fold(ssvm_solver *s) {
    int j, d = s->prob.d;
    double a = s->w_scale;
    if (s->z) {
        for (j = 0; j < d; j++) s->z[j] = (ssvm_real)(s->avg_a * (double)s->w[j] + s->avg_b * (double)s->z[j]);
        s->avg_a = 0; s->avg_b = 1;
    }
    if (a != 1.0) for (j = 0; j < d; j++) s->w[j] = (ssvm_real)(a * (double)s->w[j]);
    s->w_scale = 1;
}
SSVM__PRIV ssvm_result ssvm__ssg_step(ssvm_solver *s, int i) {
    const ssvm_problem *p = &s->prob;
    double lam = s->par.lambda, gamma = 1.0 / (double)(s->k + 1), c, comp;
    const ssvm_real *wo = s->w;
    ssvm_real delta;
    ssvm_svec *D = &s->sv;
    int len, j, k;
    ssvm_result r;
    if (s->w_scale != 1.0 && !ssvm__scaled_ok(p)) { /* the plain w for the oracle: O(d) */
        for (j = 0; j < p->d; j++) s->wtmp[j] = (ssvm_real)(s->w_scale * (double)s->w[j]);
        wo = s->wtmp;
    }
    r = ssvm__call_oracle_at(p, i, wo, wo == s->w ? s->w_scale : 1.0, s->y, &len, &delta);
    if (r != SSVM_OK) return r;
    s->prog.oracle_calls++;
    ssvm_svec_clear(D);
    if ((r = ssvm__add_psi(s, i, s->y, len, (ssvm_real)(gamma / lam), D)) != SSVM_OK) return r;
    /* shrink by 1 - gamma; at k = 0 that is 0 and w is still 0 (it starts there), so restart the scale */
    if (s->k == 0) s->w_scale = 1;
    else s->w_scale *= 1 - gamma;
    c = 1.0 / s->w_scale;
    comp = s->z ? s->avg_a / s->avg_b : 0; /* keeps w_bar unchanged while w[] moves */
    for (k = 0; k < D->nnz; k++) {
        double old, dv;
        j = D->idx[k];
        old = (double)s->w[j];
        s->w[j] = (ssvm_real)(old + c * (double)D->val[j]);
        dv = (double)s->w[j] - old;
        if (s->z) s->z[j] = (ssvm_real)((double)s->z[j] - comp * dv);
    }
    if (s->z) { /* w_bar <- (1 - rho) w_bar + rho w, O(1) */
        double rho = ssvm__avg_rho(s);
        if (rho >= 1.0) {
            SSVM_MEMSET(s->z, 0, (size_t)p->d * sizeof(ssvm_real)); /* at iterates 1, 2, 4, ... only */
            s->avg_a = s->w_scale; s->avg_b = 1;
        } else {
            s->avg_a = (1 - rho) * s->avg_a + rho * s->w_scale;
            s->avg_b = (1 - rho) * s->avg_b;
        }
    }
    /* the scales shrink like 1/k and 1/k^2: fold before w[] and z lose range (float sooner) */
    {
        double lo = sizeof(ssvm_real) < sizeof(double) ? 1e-12 : 1e-100;
        if (s->w_scale < lo || (s->z && s->avg_b < lo)) ssvm__ssg_fold(s);
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
            s->fw_have = 0; /* s->sv is overwritten now: a pass that fails half-way must not be reused */
            r = ssvm__oracle_pass(s, s->w, &s->sv, &ls, &c);
            s->prog.eval_oracle_calls += c; /* the calls made, also when the pass failed */
            if (r != SSVM_OK) { s->prog.eval_seconds += ssvm__now(s) - t0; return r; }
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

/* limit: stop after max_oracle_calls training calls (ssvm_solver_run); ssvm_solver_pass has no stopping
   rules, as documented, so it always makes n steps */
SSVM__PRIV ssvm_result ssvm__pass(ssvm_solver *s, int limit) {
    int t;
    double t0;
    ssvm_result r = SSVM_OK;
    t0 = ssvm__now(s);
    if (s->par.solver == SSVM_FW) r = ssvm__fw_iter(s);
    else {
        for (t = 0; t < s->prob.n; t++) {
            int i = ssvm__next_index(s);
            if (i < 0) { r = SSVM_ERR_INVALID_ARG; break; }
            r = s->par.solver == SSVM_BCFW ? ssvm__bcfw_step(s, i) : ssvm__ssg_step(s, i);
            if (r != SSVM_OK) break;
            if (limit && s->par.max_oracle_calls && s->prog.oracle_calls >= s->par.max_oracle_calls) break;
        }
        if (s->par.solver == SSVM_SSG) ssvm__ssg_fold(s); /* plain w and w_bar between passes: O(d) a pass */
    }
    s->prog.seconds += ssvm__now(s) - t0;
    if (r == SSVM_OK) s->prog.pass++;
    return r;
}
STRUCTSVM_DEF ssvm_result ssvm_solver_pass(ssvm_solver *s) {
    if (!s || !s->heap) return SSVM_ERR_INVALID_ARG;
    return ssvm__pass(s, 0);
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
        if ((r = ssvm__pass(s, 1)) != SSVM_OK) return r;
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
    if (final) SSVM_MEMSET(final, 0, sizeof *final); /* defined even when init fails */
    if (!w_out) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_solver_init(&s, p, q)) != SSVM_OK) return r;
    r = ssvm_solver_run(&s);
    if (r >= 0) {
        /* converged: the vector whose gap met the tolerance (s.best), so the certificate holds for w_out */
        ssvm_which which = r == SSVM_CONVERGED ? SSVM_W_BEST
                         : q->averaging != SSVM_AVG_NONE ? SSVM_W_AVERAGE : SSVM_W_ITERATE;
        r2 = ssvm_solver_weights(&s, which, w_out);
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


#define SSVM__HUGE 1e300
#define SSVM__LN2 0.69314718055994530942
/* relative rounding of quantities computed from ssvm_real data (gradients are stored in ssvm_real) */
#define SSVM__ROUND_TOL (sizeof(ssvm_real) < sizeof(double) ? 1e-5 : 1e-9)

/* >>math: portable exp/log/sqrt for builds without libm (relative error ~1e-16; tested against libm) */
SSVM__PRIV SSVM__MAYBE_UNUSED double ssvm__pow2i(int k) { /* 2^k for |k| <= 2100 */
    double r = 1, b = k < 0 ? 0.5 : 2.0;
    if (k < 0) k = -k;
    while (k) { if (k & 1) r *= b; b *= b; k >>= 1; }
    return r;
}
SSVM__PRIV SSVM__MAYBE_UNUSED double ssvm__exp_portable(double x) {
    volatile double big = 1e300;
    double r, p, t, kd;
    int k, i;
    if (x != x) return x;
    if (x > 709.8) return big * big;
    if (x < -745.2) return 0.0;
    kd = x / SSVM__LN2;
    k = (int)(kd < 0 ? kd - 0.5 : kd + 0.5);
    /* r = x - k ln2 with ln2 split in a high part exact in 32 bits and a low part */
    r = (x - k * 6.93147180369123816490e-01) - k * 1.90821492927058770002e-10;
    p = 1; t = 1;
    for (i = 1; i <= 16; i++) { t *= r / i; p += t; }
    /* split the scaling so that neither factor overflows or underflows alone */
    return p * ssvm__pow2i(k / 2) * ssvm__pow2i(k - k / 2);
}
SSVM__PRIV SSVM__MAYBE_UNUSED double ssvm__log_portable(double x) {
    volatile double zero = 0.0;
    double s, s2, t, sum;
    int e = 0, i;
    if (x != x) return x;
    if (x < 0) return zero / zero;
    if (x == 0) return -1.0 / zero;
    if (x - x != 0) return x; /* +inf (finite x up to DBL_MAX is scaled down below) */
    while (x > 1.8446744073709552e19) { x *= 5.421010862427522e-20; e += 64; } /* 2^64, 2^-64 */
    while (x < 5.421010862427522e-20) { x *= 1.8446744073709552e19; e -= 64; }
    while (x > 1.4142135623730951) { x *= 0.5; e++; }
    while (x < 0.7071067811865476) { x *= 2.0; e--; }
    s = (x - 1) / (x + 1); s2 = s * s; t = s; sum = 0;
    for (i = 1; i <= 41; i += 2) { sum += t / i; t *= s2; } /* |s| <= 0.172: 2 atanh(s) */
    return 2 * sum + e * SSVM__LN2;
}
SSVM__PRIV SSVM__MAYBE_UNUSED double ssvm__sqrt_portable(double x) {
    volatile double zero = 0.0;
    double y, scale = 1;
    int i;
    if (x != x) return x;
    if (x < 0) return zero / zero;
    if (x == 0 || x - x != 0) return x; /* 0 or +inf */
    while (x > 1.8446744073709552e19) { x *= 5.421010862427522e-20; scale *= 4294967296.0; }
    while (x < 5.421010862427522e-20) { x *= 1.8446744073709552e19; scale *= 2.3283064365386963e-10; }
    while (x > 4) { x *= 0.25; scale *= 2; }
    while (x < 1) { x *= 4; scale *= 0.5; }
    y = 0.5 * (x + 1); /* x in [1, 4]: Newton converges quadratically from here */
    for (i = 0; i < 8; i++) y = 0.5 * (y + x / y);
    return y * scale;
}

/* >>hungarian: shortest augmenting paths with row/column potentials (1-based internally) */
SSVM__PRIV size_t ssvm__hung_bytes(int n, int m) {
    ssvm__arena a = {0, 0, 0, 0};
    ssvm__take(&a, (size_t)n + 1, sizeof(double));      /* u */
    ssvm__take(&a, (size_t)m + 1, sizeof(double));      /* v */
    ssvm__take(&a, (size_t)m + 1, sizeof(double));      /* minv */
    ssvm__take(&a, (size_t)m + 1, sizeof(int));         /* p */
    ssvm__take(&a, (size_t)m + 1, sizeof(int));         /* way */
    ssvm__take(&a, (size_t)m + 1, 1);                   /* used */
    return a.overflow ? 0 : a.used + 16;
}
STRUCTSVM_DEF size_t ssvm_hungarian_work_bytes(int n, int m) {
    if (n <= 0 || m <= 0 || n > m || m > INT_MAX - 1) return 0;
    return ssvm__hung_bytes(n, m);
}
/* cost from cr (ssvm_real) or cd (double), row-major n x m. Returns 0 or an ssvm_result. */
SSVM__PRIV int ssvm__hung(int n, int m, const ssvm_real *cr, const double *cd, void *work, int *assign,
                          double *total) {
    ssvm__arena a;
    double *u, *v, *minv;
    int *p, *way, i, j;
    unsigned char *used;
    a.base = ssvm__align16(work); a.used = 0; a.cap = ssvm__hung_bytes(n, m); a.overflow = 0;
    u = (double *)ssvm__take(&a, (size_t)n + 1, sizeof(double));
    v = (double *)ssvm__take(&a, (size_t)m + 1, sizeof(double));
    minv = (double *)ssvm__take(&a, (size_t)m + 1, sizeof(double));
    p = (int *)ssvm__take(&a, (size_t)m + 1, sizeof(int));
    way = (int *)ssvm__take(&a, (size_t)m + 1, sizeof(int));
    used = (unsigned char *)ssvm__take(&a, (size_t)m + 1, 1);
    for (i = 0; i <= n; i++) u[i] = 0;
    for (j = 0; j <= m; j++) { v[j] = 0; p[j] = 0; way[j] = 0; }
    for (i = 1; i <= n; i++) {
        int j0 = 0;
        p[0] = i;
        for (j = 0; j <= m; j++) { minv[j] = SSVM__HUGE; used[j] = 0; }
        do {
            int i0 = p[j0], j1 = 0;
            double delta = SSVM__HUGE;
            const ssvm_real *rr = cr ? cr + (size_t)(i0 - 1) * m : 0;
            const double *rd = cd ? cd + (size_t)(i0 - 1) * m : 0;
            used[j0] = 1;
            for (j = 1; j <= m; j++) {
                if (!used[j]) {
                    double c = rr ? (double)rr[j - 1] : rd[j - 1], cur = c - u[i0] - v[j];
                    if (cur < minv[j]) { minv[j] = cur; way[j] = j0; }
                    if (minv[j] < delta) { delta = minv[j]; j1 = j; }
                }
            }
            if (j1 == 0) return SSVM_ERR_NONFINITE; /* only reachable with NaN/Inf costs */
            for (j = 0; j <= m; j++) {
                if (used[j]) { u[p[j]] += delta; v[j] -= delta; }
                else minv[j] -= delta;
            }
            j0 = j1;
        } while (p[j0] != 0);
        do { int j1 = way[j0]; p[j0] = p[j1]; j0 = j1; } while (j0);
    }
    for (j = 1; j <= m; j++) if (p[j]) assign[p[j] - 1] = j - 1;
    if (total) {
        double s = 0;
        for (i = 0; i < n; i++) s += cr ? (double)cr[(size_t)i * m + assign[i]] : cd[(size_t)i * m + assign[i]];
        *total = s;
    }
    return 0;
}
STRUCTSVM_DEF ssvm_result ssvm_hungarian(int n, int m, const ssvm_real *cost, void *work, int *assign, double *total) {
    size_t k;
    if (!cost || !work || !assign) return SSVM_ERR_INVALID_ARG;
    if (n <= 0 || m <= 0) return SSVM_ERR_EMPTY;
    if (n > m) return SSVM_ERR_INVALID_ARG;
    if ((size_t)n > ((size_t)-1) / (size_t)m || m > INT_MAX - 1) return SSVM_ERR_OVERFLOW;
    for (k = 0; k < (size_t)n * (size_t)m; k++) {
        double c = (double)cost[k];
        if (!ssvm__finite(c) || c > 1e290 || c < -1e290) return SSVM_ERR_NONFINITE;
    }
    return (ssvm_result)ssvm__hung(n, m, cost, 0, work, assign, total);
}

/* >>projections */
/* tau with sum_i max(v_i - tau, 0) = 1 by Michelot's iteration: the active set {v_i > tau} only shrinks and
   tau only grows, so no marks are needed; at most d passes. Sums in double, on v - max(v): the active values
   lie within 1 of the max, so the shifted tau is in [-1, 0) and keeps full precision for any finite v (unshifted,
   v = (1e17, 0) gave tau = 1e17 and the zero vector). Returns the shifted tau and the max in *vmax. */
SSVM__PRIV double ssvm__simplex_tau_r(int d, const ssvm_real *v, double *vmax) {
    double tau, s = 0, mx = (double)v[0];
    int i, cnt = d, prev;
    for (i = 1; i < d; i++) if ((double)v[i] > mx) mx = (double)v[i];
    for (i = 0; i < d; i++) s += (double)v[i] - mx;
    tau = (s - 1) / d;
    do {
        prev = cnt; s = 0; cnt = 0;
        for (i = 0; i < d; i++) if ((double)v[i] - mx > tau) { s += (double)v[i] - mx; cnt++; }
        if (cnt == 0) break; /* cannot happen: tau < 0 keeps the max active */
        tau = (s - 1) / cnt;
    } while (cnt != prev);
    *vmax = mx;
    return tau;
}
STRUCTSVM_DEF ssvm_result ssvm_project_simplex(int d, const ssvm_real *v, ssvm_real *out) {
    double tau, mx;
    int i;
    if (!v || !out) return SSVM_ERR_INVALID_ARG;
    if (d <= 0) return SSVM_ERR_EMPTY;
    for (i = 0; i < d; i++) if (!ssvm__finite((double)v[i])) return SSVM_ERR_NONFINITE;
    tau = ssvm__simplex_tau_r(d, v, &mx);
    for (i = 0; i < d; i++) { double t = ((double)v[i] - mx) - tau; out[i] = (ssvm_real)(t > 0 ? t : 0); }
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_project_box(int d, const ssvm_real *v, ssvm_real lo, ssvm_real hi, ssvm_real *out) {
    int i;
    if (!v || !out) return SSVM_ERR_INVALID_ARG;
    if (d <= 0) return SSVM_ERR_EMPTY;
    if (!ssvm__finite((double)lo) || !ssvm__finite((double)hi) || lo > hi) return SSVM_ERR_INVALID_ARG;
    for (i = 0; i < d; i++) {
        ssvm_real t = v[i];
        if (!ssvm__finite((double)t)) return SSVM_ERR_NONFINITE;
        out[i] = t < lo ? lo : t > hi ? hi : t;
    }
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_linear_scores(int d, int F, const ssvm_real *W, const ssvm_real *x, ssvm_real *theta) {
    int k;
    if (!W || !x || !theta) return SSVM_ERR_INVALID_ARG;
    if (d <= 0 || F <= 0) return SSVM_ERR_EMPTY;
    for (k = 0; k < d; k++) theta[k] = (ssvm_real)ssvm__dot(F, W + (size_t)k * F, x);
    return SSVM_OK;
}

/* >>losses: shared helpers */
SSVM__PRIV double ssvm__base_log(const ssvm_surrogate *s) { /* ln b */
    return SSVM_LOG(s->base);
}
SSVM__PRIV int ssvm__is_mc(const ssvm_surrogate *s) {
    return s->kind == SSVM_SMOOTH_HINGE || s->kind == SSVM_LOGISTIC || s->kind == SSVM_SPARSEMAP;
}
SSVM__PRIV ssvm_decoding ssvm__dec(const ssvm_surrogate *s) {
    if (s->decoding != SSVM_DECODE_AUTO) return s->decoding;
    switch (s->kind) {
    case SSVM_SMOOTH_HINGE: case SSVM_LOGISTIC: return SSVM_DECODE_GAP;
    case SSVM_SPARSEMAP: case SSVM_SPARSEMAP_MULTILABEL: return SSVM_DECODE_FY;
    case SSVM_CONV_FY_NDCG: return SSVM_DECODE_CONV;
    default: return SSVM_DECODE_AUTO; /* generic FY: the user's callback (or the closest label) */
    }
}

STRUCTSVM_DEF ssvm_surrogate ssvm_surrogate_init(ssvm_surrogate_kind kind, int n) {
    ssvm_surrogate s;
    SSVM_MEMSET(&s, 0, sizeof s);
    s.kind = kind;
    s.n = n;
    s.base = 2.0;
    s.lambda = 1.0;
    s.decoding = SSVM_DECODE_AUTO;
    s.fw_max_iter = 1000;
    s.fw_tol = sizeof(ssvm_real) < sizeof(double) ? 1e-5 : 1e-9;
    s.fw_max_atoms = 0;
    s.fw_lmo = SSVM_FW_LMO_HUNGARIAN;
    s.label_len = 1;
    s.max_support = 1;
    return s;
}
STRUCTSVM_DEF int ssvm_surrogate_dim(const ssvm_surrogate *s) {
    if (!s || s->n <= 0) return 0;
    if ((s->kind == SSVM_SMOOTH_HINGE || s->kind == SSVM_LOGISTIC) && s->binary) return 1;
    return s->n;
}
STRUCTSVM_DEF int ssvm_surrogate_label_len(const ssvm_surrogate *s) {
    if (!s) return 0;
    if (s->kind == SSVM_SPARSEMAP_MULTILABEL || s->kind == SSVM_CONV_FY_NDCG) return s->n;
    if (s->kind == SSVM_FY_GENERIC) return s->label_len;
    return 1;
}
SSVM__PRIV int ssvm__max_atoms(const ssvm_surrogate *s) {
    return s->fw_max_atoms > s->n ? s->fw_max_atoms : s->n;
}
STRUCTSVM_DEF ssvm_result ssvm_surrogate_check(const ssvm_surrogate *s) {
    ssvm_decoding dec;
    int i;
    if (!s) return SSVM_ERR_INVALID_ARG;
    if ((unsigned)s->kind > (unsigned)SSVM_CONV_FY_NDCG || (unsigned)s->decoding > (unsigned)SSVM_DECODE_CONV)
        return SSVM_ERR_INVALID_ARG;
    if (s->n <= 0) return SSVM_ERR_EMPTY;
    if (s->n > (1 << 20)) return SSVM_ERR_OVERFLOW; /* keeps n*n and the work sizes far from int/size_t limits */
    dec = ssvm__dec(s);
    if (ssvm__is_mc(s) && s->n < 2) return SSVM_ERR_EMPTY;
    if (s->binary && (s->n != 2 || (s->kind != SSVM_SMOOTH_HINGE && s->kind != SSVM_LOGISTIC)))
        return SSVM_ERR_INVALID_ARG;
    if (s->kind == SSVM_LOGISTIC && (!(s->base > 1) || !ssvm__finite(s->base))) return SSVM_ERR_INVALID_ARG;
    if ((s->kind == SSVM_SPARSEMAP || s->kind == SSVM_SPARSEMAP_MULTILABEL || s->kind == SSVM_CONV_FY_NDCG) &&
        (!(s->lambda > 0) || !ssvm__finite(s->lambda)))
        return SSVM_ERR_LAMBDA;
    /* which decodings a loss may use */
    switch (dec) {
    case SSVM_DECODE_GAP:
        if (s->kind != SSVM_SMOOTH_HINGE && s->kind != SSVM_LOGISTIC) return SSVM_ERR_NOT_SUPPORTED;
        break;
    case SSVM_DECODE_FY: /* needs a Fenchel-Young loss with a closed-form regularized prediction */
        if (s->kind != SSVM_LOGISTIC && s->kind != SSVM_SPARSEMAP && s->kind != SSVM_SPARSEMAP_MULTILABEL)
            return SSVM_ERR_NOT_SUPPORTED;
        break;
    case SSVM_DECODE_CONV:
        if (s->kind != SSVM_CONV_FY_NDCG) return SSVM_ERR_NOT_SUPPORTED;
        break;
    case SSVM_DECODE_ARGMAX: case SSVM_DECODE_AUTO: break;
    }
    if (s->kind == SSVM_CONV_FY_NDCG) {
        if (s->fw_max_iter <= 0 || !(s->fw_tol >= 0) || s->fw_max_atoms < 0 || (unsigned)s->fw_lmo > 1u)
            return SSVM_ERR_INVALID_ARG;
        if (s->rank_weights) {
            for (i = 0; i < s->n; i++) {
                if (!ssvm__finite((double)s->rank_weights[i])) return SSVM_ERR_NONFINITE;
                if (s->rank_weights[i] < 0) return SSVM_ERR_INVALID_ARG;
                if (i > 0 && s->rank_weights[i] > s->rank_weights[i - 1]) return SSVM_ERR_INVALID_ARG;
            }
        }
    }
    if (s->kind == SSVM_FY_GENERIC) {
        if (!s->fy_conj || !s->fy_encode || !s->fy_target) return SSVM_ERR_NULL_CALLBACK;
        if (s->label_len <= 0 || s->max_support <= 0) return SSVM_ERR_EMPTY;
        if (s->label_len > (1 << 20) || s->max_support > (1 << 20)) return SSVM_ERR_OVERFLOW;
        if (!s->fy_decode && (s->n_classes <= 0 || s->label_len != 1)) return SSVM_ERR_NULL_CALLBACK;
    }
    return SSVM_OK;
}

/* Surrogate-gap constants (see the MANUAL table in the report):
   smooth hinge + GAP   alpha = 1/K, M = 4 (B.1, eqs. 29-30)
   logistic b + GAP     alpha = 1/K for b = 2 (proof at ssvm__gap_gamma), else 0; M = 1/ln b (B.2)
   logistic b + FY      alpha = 1 - 4 gamma/(lambda nu) = 1 - ln b (l1 norm: gamma = 1/2, nu = 2, and the
                        base-b loss is >= |softmax - e_y|_1^2 / (2 ln b), i.e. lambda = 1/ln b)
   SparseMAP + FY       alpha = 1 - 2 sqrt(2 (K-1)/K) / lambda (l2 norm: gamma = sqrt((K-1)/K), nu = sqrt 2)
   multilabel + FY      alpha = 1 - 4 / (lambda sqrt d) (l2 norm: gamma = 1/sqrt d, nu = 1)
   conv FY              no alpha; Theorem 4.5 uses eta >= lambda instead; M = 1/lambda
   The paper (Sec. 3.1) writes alpha = 4 gamma/(lambda nu) for the FY decoding; the lemma it cites
   (Sakaue et al. 2024, Lemma 4: E[loss] <= 4 gamma/(lambda nu) L) gives alpha = 1 - 4 gamma/(lambda nu). */
STRUCTSVM_DEF ssvm_result ssvm_surrogate_constants(const ssvm_surrogate *s, double *alpha, double *M,
                                                   double *eta_floor) {
    double a = 0, m = 0, fl;
    ssvm_result r;
    ssvm_decoding dec;
    if ((r = ssvm_surrogate_check(s)) != SSVM_OK) return r;
    dec = ssvm__dec(s);
    switch (s->kind) {
    case SSVM_SMOOTH_HINGE:
        m = 4;
        if (dec == SSVM_DECODE_GAP) a = 1.0 / s->n;
        break;
    case SSVM_LOGISTIC: {
        double lb = ssvm__base_log(s);
        m = 1 / lb;
        if (dec == SSVM_DECODE_GAP && s->base > 2 - 1e-12 && s->base < 2 + 1e-12) a = 1.0 / s->n;
        if (dec == SSVM_DECODE_FY && lb < 1) a = 1 - lb;
        break;
    }
    case SSVM_SPARSEMAP:
        m = 1 / s->lambda;
        if (dec == SSVM_DECODE_FY) a = 1 - 2 * SSVM_SQRT(2.0 * (s->n - 1) / s->n) / s->lambda;
        break;
    case SSVM_SPARSEMAP_MULTILABEL:
        m = 1 / s->lambda;
        if (dec == SSVM_DECODE_FY) a = 1 - 4 / (s->lambda * SSVM_SQRT((double)s->n));
        break;
    case SSVM_CONV_FY_NDCG:
        m = 1 / s->lambda;
        break;
    case SSVM_FY_GENERIC:
        break;
    }
    if (a < 0) a = 0;
    fl = s->kind == SSVM_CONV_FY_NDCG ? s->lambda : (m > 0 ? a / m : 0);
    if (alpha) *alpha = a;
    if (M) *M = m;
    if (eta_floor) *eta_floor = fl;
    return SSVM_OK;
}

/* Full multiclass score vector phi (K doubles) from theta: binary uses (-s/2, s/2). */
SSVM__PRIV void ssvm__phi(const ssvm_surrogate *s, const ssvm_real *theta, double *phi) {
    int k;
    if (s->binary) { phi[0] = -0.5 * (double)theta[0]; phi[1] = 0.5 * (double)theta[0]; return; }
    for (k = 0; k < s->n; k++) phi[k] = (double)theta[k];
}
SSVM__PRIV int ssvm__argmax_d(int n, const double *v) { /* ties to the lowest index */
    int k, b = 0;
    for (k = 1; k < n; k++) if (v[k] > v[b]) b = k;
    return b;
}
/* log(sum_k exp(phi_k - phi_y)): stabilised by the max; log(1 + s) by a series for small s */
SSVM__PRIV double ssvm__lse_minus(int K, const double *phi, int y) {
    int k, mx = ssvm__argmax_d(K, phi);
    double s = 0, lse;
    for (k = 0; k < K; k++) if (k != mx) s += SSVM_EXP(phi[k] - phi[mx]);
    lse = s < 1e-8 ? s - 0.5 * s * s : SSVM_LOG(1 + s);
    return lse + (phi[mx] - phi[y]);
}
/* smooth hinge on the margin m (eq. 24) and dL/dm */
SSVM__PRIV double ssvm__sh(double m, double *dldm) {
    if (m <= 0) { if (dldm) *dldm = -2; return 1 - 2 * m; }
    if (m < 1) { if (dldm) *dldm = -2 * (1 - m); return (1 - m) * (1 - m); }
    if (dldm) *dldm = 0;
    return 0;
}
/* margin m(theta, y) = phi_y - max_{k != y} phi_k (eq. 23); *other = that argmax (lowest index on ties) */
SSVM__PRIV double ssvm__margin(int K, const double *phi, int y, int *other) {
    int k, o = -1;
    for (k = 0; k < K; k++) if (k != y && (o < 0 || phi[k] > phi[o])) o = k;
    if (other) *other = o;
    return phi[y] - phi[o];
}
/* the loss L(phi, y) of hinge / logistic (needed by the GAP decoding at y = y*) */
SSVM__PRIV double ssvm__mc_value(const ssvm_surrogate *s, const double *phi, int y) {
    if (s->kind == SSVM_SMOOTH_HINGE) return ssvm__sh(ssvm__margin(s->n, phi, y, 0), 0);
    return ssvm__lse_minus(s->n, phi, y) / ssvm__base_log(s);
}
/* The GAP decoding's exploration gamma = min{1, L(theta, y*)}, y* = argmax_k theta_k: predict y* w.p.
   1 - gamma + gamma/K and every other class w.p. gamma/K (Van der Hoeven 2020, Algorithm 1 "Gaptron", with
   the full-information gap map; Van der Hoeven, Fusco, Cesa-Bianchi 2021 use the same form).
   Why (8) holds with alpha = 1/K: y = y*: E[loss] = gamma (K-1)/K <= (1 - 1/K) L(theta, y*).
   y != y*: E[loss] = 1 - gamma/K and L(theta, y) >= L at the runner-up. Smooth hinge: L(theta, y) >=
   1 + 2 m*, gamma = (1 - m*)^2 for m* < 1 (else 0), and 1 - gamma/K <= (1 - 1/K)(1 + 2 m*) for all K >= 2.
   Base-2 logistic: p_y <= min(p*, 1 - p*); gamma = 1 when p* <= 1/2 and -log2 p_y >= 1; for p* = q > 1/2,
   K + log2 q + (K-1) log2(1 - q) is 0 at q = 1/2 and decreasing. Other bases fail (a tie of two classes
   needs 1 <= (1 - alpha) 2 L; base e, K = 2 gives alpha <= 0.28), so ssvm_surrogate_constants says 0. */
SSVM__PRIV double ssvm__gap_gamma(const ssvm_surrogate *s, const double *phi, int ystar) {
    double g = ssvm__mc_value(s, phi, ystar);
    return g < 1 ? g : 1;
}

/* >>decode: work layout */
typedef struct ssvm__dws {
    double *phi;       /* K (multiclass scores; SparseMAP: mu in double) */
    ssvm_real *aux;    /* d: mu, or theta + v (conv FY) */
    double *key;       /* d sort keys */
    int *idx;          /* d */
    ssvm_real *rho;    /* d: generic FY encodings */
    int *labels;       /* cap * label_len */
    double *prob;      /* cap */
    /* ranking only */
    double *v, *g, *pw;/* v = L pi, gradient theta + v, position weights */
    int *sperm;        /* LMO vertex */
    double *hcost;     /* d x d */
    void *hwork;       /* Hungarian */
    double *red;       /* (d+1) x cap, Caratheodory */
    double *cvec;      /* cap */
    int *piv;          /* cap */
    int cap;
} ssvm__dws;
SSVM__PRIV int ssvm__cap(const ssvm_surrogate *s) {
    switch (s->kind) {
    case SSVM_SPARSEMAP_MULTILABEL: return s->n + 2;
    case SSVM_CONV_FY_NDCG: return ssvm__max_atoms(s) + 1;
    case SSVM_FY_GENERIC: return s->max_support;
    default: return s->n;
    }
}
/* x * y, or the arena's overflow flag (32-bit size_t: n is capped at 2^20, but n^2 is not) */
SSVM__PRIV size_t ssvm__mulsz(ssvm__arena *a, size_t x, size_t y) {
    if (y && x > ((size_t)-1) / y) { a->overflow = 1; return 0; }
    return x * y;
}
SSVM__PRIV void ssvm__dws_layout(const ssvm_surrogate *s, ssvm__arena *a, ssvm__dws *w) {
    size_t d = (size_t)s->n, cap = (size_t)ssvm__cap(s), ll = (size_t)ssvm_surrogate_label_len(s);
    SSVM_MEMSET(w, 0, sizeof *w);
    w->cap = (int)cap;
    w->phi = (double *)ssvm__take(a, d, sizeof(double));
    w->aux = (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real));
    w->key = (double *)ssvm__take(a, d, sizeof(double));
    w->idx = (int *)ssvm__take(a, d, sizeof(int));
    w->rho = (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real));
    w->labels = (int *)ssvm__take(a, ssvm__mulsz(a, cap, ll), sizeof(int)); /* multilabel: (d+2) d ints */
    w->prob = (double *)ssvm__take(a, cap, sizeof(double));
    if (s->kind == SSVM_CONV_FY_NDCG) {
        w->v = (double *)ssvm__take(a, d, sizeof(double));
        w->g = (double *)ssvm__take(a, d, sizeof(double));
        w->pw = (double *)ssvm__take(a, d, sizeof(double));
        w->sperm = (int *)ssvm__take(a, d, sizeof(int));
        w->hcost = (double *)ssvm__take(a, ssvm__mulsz(a, d, d), sizeof(double));
        w->hwork = ssvm__take(a, ssvm__hung_bytes(s->n, s->n), 1);
        w->red = (double *)ssvm__take(a, ssvm__mulsz(a, d + 1, cap), sizeof(double));
        w->cvec = (double *)ssvm__take(a, cap, sizeof(double));
        w->piv = (int *)ssvm__take(a, cap, sizeof(int));
    }
}
STRUCTSVM_DEF size_t ssvm_decode_work_bytes(const ssvm_surrogate *s) {
    ssvm__arena a = {0, 0, 0, 0};
    ssvm__dws w;
    if (ssvm_surrogate_check(s) != SSVM_OK) return 0;
    ssvm__dws_layout(s, &a, &w);
    return a.overflow ? 0 : a.used + 16;
}
SSVM__PRIV ssvm_result ssvm__dws_bind(const ssvm_surrogate *s, void *work, size_t bytes, ssvm__dws *w) {
    ssvm__arena a;
    size_t need = ssvm_decode_work_bytes(s);
    if (!work) return SSVM_ERR_INVALID_ARG;
    if (need == 0) return SSVM_ERR_OVERFLOW;
    if (bytes < need) return SSVM_ERR_WORKSPACE;
    a.base = ssvm__align16(work); a.used = 0; a.cap = need - 16; a.overflow = 0;
    ssvm__dws_layout(s, &a, w);
    return a.overflow ? SSVM_ERR_OVERFLOW : SSVM_OK;
}

/* drops zero-probability entries, renormalises (sum in double), finds the mode (first on ties) */
SSVM__PRIV void ssvm__dist_finish(ssvm_dist *o) {
    int j, k = 0, ll = o->label_len, t;
    double sum = 0;
    for (j = 0; j < o->n; j++) {
        if (!(o->prob[j] > 0)) continue;
        if (k != j) {
            for (t = 0; t < ll; t++) o->labels[(size_t)k * ll + t] = o->labels[(size_t)j * ll + t];
            o->prob[k] = o->prob[j];
        }
        sum += o->prob[k];
        k++;
    }
    o->n = k;
    o->mode = 0;
    for (j = 0; j < k; j++) {
        o->prob[j] /= sum;
        if (o->prob[j] > o->prob[o->mode]) o->mode = j;
    }
}
SSVM__PRIV void ssvm__dist_keep_mode(ssvm_dist *o) { /* SSVM_DECODE_ARGMAX */
    int t, ll = o->label_len;
    if (o->n <= 1) return;
    for (t = 0; t < ll; t++) o->labels[t] = o->labels[(size_t)o->mode * ll + t];
    o->prob[0] = 1; o->n = 1; o->mode = 0;
}

/* >>decode: ranking by Frank-Wolfe over the Birkhoff polytope (B.3, eq. 36) */
/* position weight w_r (0-based r); default DCG 1/log2(r + 2) */
SSVM__PRIV double ssvm__pw(const ssvm_surrogate *s, int r) {
    return s->rank_weights ? (double)s->rank_weights[r] : SSVM__LN2 / SSVM_LOG(r + 2.0);
}
/* linear minimisation over permutations: argmin_P <g, P w> is the linear assignment "document i to position
   j at cost g_i w_j" (Hungarian, O(d^3)). The cost is rank one, so sorting gives the same minimum
   (rearrangement: the smallest g gets the largest w; weights are non-increasing): SSVM_FW_LMO_SORT. */
SSVM__PRIV int ssvm__rank_lmo(const ssvm_surrogate *s, ssvm__dws *w, const double *g, int *perm) {
    int d = s->n, i, j;
    if (s->fw_lmo == SSVM_FW_LMO_SORT) {
        for (i = 0; i < d; i++) w->key[i] = -g[i];
        ssvm__sort_desc(d, w->key, w->idx); /* documents by g ascending */
        for (i = 0; i < d; i++) perm[w->idx[i]] = i;
        return 0;
    }
    for (i = 0; i < d; i++)
        for (j = 0; j < d; j++) w->hcost[(size_t)i * d + j] = g[i] * w->pw[j];
    return ssvm__hung(d, d, 0, w->hcost, w->hwork, perm, 0);
}
/* Caratheodory reduction (the active-set control of Beck and Shtern 2017 / Besancon, Pokutta, Wirth 2025 the
   paper cites in B.3): n vertices v_j = P_j w lie on the hyperplane sum_i v_i = sum w, so once n > d they are
   affinely dependent. Find c != 0 with sum_j c_j v_j = 0, sum_j c_j = 0 (Gauss-Jordan on the (d+1) x n matrix
   [v_j; 1], a free column gives c), then move the weights along -c until one is 0: the same point with one
   vertex less. Returns 1 if a vertex was removed. */
SSVM__PRIV int ssvm__caratheodory(const ssvm_surrogate *s, ssvm__dws *w, int n) {
    int d = s->n, rows = d + 1, r, c, k, rank = 0, free_col = -1, best = -1;
    double *A = w->red, *prob = w->prob, *cv = w->cvec, amax = 1, t = 0;
    for (r = 0; r < d; r++)
        for (c = 0; c < n; c++) {
            double x = w->pw[w->labels[(size_t)c * d + r]];
            A[(size_t)r * n + c] = x;
            if (x > amax) amax = x;
        }
    for (c = 0; c < n; c++) A[(size_t)d * n + c] = 1;
    for (c = 0; c < n && rank < rows; c++) {
        int pr = rank;
        double pv = 0;
        for (r = rank; r < rows; r++) {
            double x = A[(size_t)r * n + c];
            if (x < 0) x = -x;
            if (x > pv) { pv = x; pr = r; }
        }
        if (pv <= 1e-11 * amax) { if (free_col < 0) free_col = c; continue; }
        if (pr != rank)
            for (k = 0; k < n; k++) {
                double tmp = A[(size_t)pr * n + k];
                A[(size_t)pr * n + k] = A[(size_t)rank * n + k];
                A[(size_t)rank * n + k] = tmp;
            }
        pv = A[(size_t)rank * n + c];
        for (k = 0; k < n; k++) A[(size_t)rank * n + k] /= pv;
        for (r = 0; r < rows; r++) {
            double f;
            if (r == rank) continue;
            f = A[(size_t)r * n + c];
            if (f != 0) for (k = 0; k < n; k++) A[(size_t)r * n + k] -= f * A[(size_t)rank * n + k];
        }
        w->piv[rank++] = c;
    }
    if (free_col < 0 && c < n) free_col = c; /* rows ran out: every later column is free */
    if (free_col < 0) return 0;
    for (c = 0; c < n; c++) cv[c] = 0;
    cv[free_col] = 1;
    for (k = 0; k < rank; k++) cv[w->piv[k]] = -A[(size_t)k * n + free_col];
    for (r = 0; r < 2 && best < 0; r++) { /* the side of c with a positive entry */
        if (r == 1) for (c = 0; c < n; c++) cv[c] = -cv[c];
        for (c = 0; c < n; c++)
            if (cv[c] > 0 && (best < 0 || prob[c] / cv[c] < t)) { t = prob[c] / cv[c]; best = c; }
    }
    if (best < 0) return 0;
    for (c = 0; c < n; c++) { prob[c] -= t * cv[c]; if (prob[c] < 0) prob[c] = 0; }
    prob[best] = 0;
    return 1;
}
/* removes vertices of zero weight, renormalises; returns the new count */
SSVM__PRIV int ssvm__rank_compact(int d, int n, int *labels, double *prob) {
    int j, k = 0, t;
    double sum = 0;
    for (j = 0; j < n; j++) {
        if (!(prob[j] > 0)) continue;
        if (k != j) {
            for (t = 0; t < d; t++) labels[(size_t)k * d + t] = labels[(size_t)j * d + t];
            prob[k] = prob[j];
        }
        sum += prob[k];
        k++;
    }
    for (j = 0; j < k; j++) prob[j] /= sum;
    return k;
}
SSVM__PRIV void ssvm__rank_v(int d, int n, const int *labels, const double *prob, const double *pw, double *v) {
    int i, j;
    for (i = 0; i < d; i++) v[i] = 0;
    for (j = 0; j < n; j++)
        for (i = 0; i < d; i++) v[i] += prob[j] * pw[labels[(size_t)j * d + i]];
}
/* pi(theta) of eq. (15) with Omega = lambda/2 |.|^2: v* = argmin over the permutahedron conv{P w} of
   f(v) = |theta + v|^2 / (2 lambda) (eq. 36); the weights of the active permutations are pi. Blended pairwise
   conditional gradients (Tsuji, Tanaka, Pokutta 2022), the pairwise-step Frank-Wolfe variant: a pairwise step
   between the worst and the best active permutation when its gap is at least the FW gap, else a FW step to
   the LMO vertex; exact line search (f is quadratic). Pairwise steps never add a vertex; a FW step adds at most
   one, and a Caratheodory reduction keeps at most fw_max_atoms. */
SSVM__PRIV ssvm_result ssvm__rank_decode(const ssvm_surrogate *s, const ssvm_real *theta, ssvm__dws *w,
                                         ssvm_dist *out) {
    int d = s->n, n = 1, it, i, j, cap = w->cap;
    double gap = 0, lam = s->lambda;
    for (i = 0; i < d; i++) w->pw[i] = ssvm__pw(s, i);
    for (i = 0; i < d; i++) w->g[i] = (double)theta[i];
    if (ssvm__rank_lmo(s, w, w->g, w->labels)) return SSVM_ERR_NONFINITE;
    w->prob[0] = 1;
    ssvm__rank_v(d, n, w->labels, w->prob, w->pw, w->v);
    if (d > 1 && d <= cap) {
        /* start from the centre of the permutahedron instead, as the d cyclic shifts of that vertex with equal
           weights, when it is closer to -theta: near ties (theta ~ 0, e.g. W_1 = 0) the optimum is central and
           Frank-Wolfe would need hundreds of steps to walk there from a vertex */
        double fv = 0, fc = 0, mean = 0;
        for (i = 0; i < d; i++) mean += w->pw[i] / d;
        for (i = 0; i < d; i++) {
            double a = (double)theta[i] + w->v[i], c = (double)theta[i] + mean;
            fv += a * a; fc += c * c;
        }
        if (fc < fv) {
            for (j = 1; j < d; j++)
                for (i = 0; i < d; i++) w->labels[(size_t)j * d + i] = (w->labels[i] + j) % d;
            for (j = 0; j < d; j++) w->prob[j] = 1.0 / d;
            n = d;
            ssvm__rank_v(d, n, w->labels, w->prob, w->pw, w->v);
        }
    }
    for (it = 0;; it++) {
        double f = 0, gd = 0, dd = 0, gam, hi = -SSVM__HUGE, lo = SSVM__HUGE, gv = 0, gs = 0;
        int a = 0, b = 0, sidx = -1;
        for (i = 0; i < d; i++) { w->g[i] = (double)theta[i] + w->v[i]; f += w->g[i] * w->g[i]; gv += w->g[i] * w->v[i]; }
        f /= 2 * lam;
        if (ssvm__rank_lmo(s, w, w->g, w->sperm)) return SSVM_ERR_NONFINITE;
        for (i = 0; i < d; i++) gs += w->g[i] * w->pw[w->sperm[i]];
        gap = (gv - gs) / lam; /* FW gap <grad f, v - v_s>, grad f = (theta + v) / lambda: f(v) - f* <= gap */
        if (gap <= s->fw_tol * (f > 1 ? f : 1) || it >= s->fw_max_iter) break;
        for (j = 0; j < n; j++) { /* away (a) and local FW (b) vertices among the active ones */
            double sc = 0;
            for (i = 0; i < d; i++) sc += w->g[i] * w->pw[w->labels[(size_t)j * d + i]];
            if (sc > hi) { hi = sc; a = j; }
            if (sc < lo) { lo = sc; b = j; }
        }
        if ((hi - lo) / lam >= gap && a != b) { /* local pairwise step a -> b */
            for (i = 0; i < d; i++) {
                double di = w->pw[w->labels[(size_t)b * d + i]] - w->pw[w->labels[(size_t)a * d + i]];
                gd += w->g[i] * di; dd += di * di;
            }
            if (!(dd > 0) || !(gd < 0)) break; /* rounding: no descent left */
            gam = -gd / dd;
            if (gam >= w->prob[a]) { w->prob[b] += w->prob[a]; w->prob[a] = 0; }
            else { w->prob[b] += gam; w->prob[a] -= gam; }
        } else { /* FW step towards the LMO vertex s */
            for (i = 0; i < d; i++) {
                double di = w->pw[w->sperm[i]] - w->v[i];
                gd += w->g[i] * di; dd += di * di;
            }
            if (!(dd > 0) || !(gd < 0)) break;
            gam = -gd / dd;
            if (gam > 1) gam = 1;
            for (j = 0; j < n && sidx < 0; j++) { /* is s already active? */
                int same = 1;
                for (i = 0; i < d && same; i++) same = w->labels[(size_t)j * d + i] == w->sperm[i];
                if (same) sidx = j;
            }
            if (sidx < 0) { /* n < cap always holds here: the reduction below keeps n <= cap - 1 */
                for (i = 0; i < d; i++) w->labels[(size_t)n * d + i] = w->sperm[i];
                w->prob[n] = 0;
                sidx = n++;
            }
            for (j = 0; j < n; j++) w->prob[j] *= 1 - gam;
            w->prob[sidx] += gam;
        }
        n = ssvm__rank_compact(d, n, w->labels, w->prob);
        if (n > cap - 1) { /* over fw_max_atoms: Caratheodory, or drop the lightest vertex as a last resort */
            if (!ssvm__caratheodory(s, w, n)) {
                int lo_j = 0;
                for (j = 1; j < n; j++) if (w->prob[j] < w->prob[lo_j]) lo_j = j;
                w->prob[lo_j] = 0;
            }
            n = ssvm__rank_compact(d, n, w->labels, w->prob);
        }
        ssvm__rank_v(d, n, w->labels, w->prob, w->pw, w->v);
    }
    for (i = 0; i < d; i++) w->aux[i] = (ssvm_real)((double)theta[i] + w->v[i]);
    out->n = n; out->label_len = d; out->labels = w->labels; out->prob = w->prob;
    out->fw_gap = gap; out->fw_iters = it; out->mu = w->aux;
    ssvm__dist_finish(out);
    if (ssvm__dec(s) == SSVM_DECODE_ARGMAX) ssvm__dist_keep_mode(out);
    return SSVM_OK;
}

/* mu = projection of theta / lambda onto the simplex, in double, into phi (and aux). SSVM_ERR_NONFINITE when a
   finite theta over a tiny lambda overflows (the projection would be NaN). */
SSVM__PRIV ssvm_result ssvm__sparsemax_d(const ssvm_surrogate *s, const ssvm_real *theta, ssvm__dws *w) {
    int K = s->n, k, cnt = K, prev;
    double sum = 0, tau, mx;
    for (k = 0; k < K; k++) {
        w->key[k] = (double)theta[k] / s->lambda;
        if (!ssvm__finite(w->key[k])) return SSVM_ERR_NONFINITE;
    }
    mx = w->key[0];
    for (k = 1; k < K; k++) if (w->key[k] > mx) mx = w->key[k];
    for (k = 0; k < K; k++) { w->key[k] -= mx; sum += w->key[k]; } /* shifted by the max: see ssvm__simplex_tau_r */
    tau = (sum - 1) / K;
    do { /* Michelot: see ssvm__simplex_tau_r */
        prev = cnt; sum = 0; cnt = 0;
        for (k = 0; k < K; k++) if (w->key[k] > tau) { sum += w->key[k]; cnt++; }
        if (cnt) tau = (sum - 1) / cnt;
    } while (cnt != prev && cnt);
    for (k = 0; k < K; k++) {
        double t = w->key[k] - tau;
        w->phi[k] = t > 0 ? t : 0;
        w->aux[k] = (ssvm_real)w->phi[k];
    }
    return SSVM_OK;
}
/* mu = clip(theta / lambda, 0, 1), in double, into key (and aux) */
SSVM__PRIV void ssvm__boxmap_d(const ssvm_surrogate *s, const ssvm_real *theta, ssvm__dws *w) {
    int i;
    for (i = 0; i < s->n; i++) {
        double t = (double)theta[i] / s->lambda;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        w->key[i] = t;
        w->aux[i] = (ssvm_real)t;
    }
}

/* >>decode: all losses. The FY randomized decoding is Sakaue, Bao, Tsuchiya, Oki (COLT 2024), Algorithm 1 (as
   restated by Shibukawa et al. 2025, Alg. 1): y* = the label closest to mu = grad Omega*(theta),
   Delta = |mu - rho(y*)|, p = min{1, 2 Delta / nu}; y* w.p. 1 - p, else a label drawn with mean mu. */
STRUCTSVM_DEF ssvm_result ssvm_decode(const ssvm_surrogate *s, const ssvm_real *theta, void *work, size_t bytes,
                                      ssvm_dist *out) {
    ssvm__dws w;
    ssvm_result r;
    ssvm_decoding dec;
    int d, K, k, i;
    if (!theta || !out) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_surrogate_check(s)) != SSVM_OK) return r;
    if ((r = ssvm__dws_bind(s, work, bytes, &w)) != SSVM_OK) return r;
    d = ssvm_surrogate_dim(s);
    for (i = 0; i < d; i++) if (!ssvm__finite((double)theta[i])) return SSVM_ERR_NONFINITE;
    dec = ssvm__dec(s);
    SSVM_MEMSET(out, 0, sizeof *out);
    out->label_len = ssvm_surrogate_label_len(s);
    out->labels = w.labels;
    out->prob = w.prob;
    K = s->n;
    switch (s->kind) {
    case SSVM_SMOOTH_HINGE:
    case SSVM_LOGISTIC: {
        int ys;
        ssvm__phi(s, theta, w.phi);
        ys = ssvm__argmax_d(K, w.phi);
        for (k = 0; k < K; k++) { w.labels[k] = k; w.prob[k] = 0; }
        out->n = K;
        if (dec == SSVM_DECODE_GAP) {
            double gam = ssvm__gap_gamma(s, w.phi, ys);
            for (k = 0; k < K; k++) w.prob[k] = gam / K;
            w.prob[ys] += 1 - gam;
        } else if (dec == SSVM_DECODE_FY) { /* logistic: mu = softmax, l1 norm, nu = 2 */
            double z = 0, p;
            for (k = 0; k < K; k++) { w.prob[k] = SSVM_EXP(w.phi[k] - w.phi[ys]); z += w.prob[k]; }
            for (k = 0; k < K; k++) w.prob[k] /= z;
            p = 2 * (1 - w.prob[ys]); /* 2 Delta / nu, Delta = |mu - e_y*|_1 = 2 (1 - mu_y*) */
            if (p > 1) p = 1;
            for (k = 0; k < K; k++) w.prob[k] *= p;
            w.prob[ys] += 1 - p;
        } else {
            w.prob[ys] = 1;
        }
        break;
    }
    case SSVM_SPARSEMAP: { /* l2 norm: nu = sqrt 2; the closest vertex is the argmax of mu */
        double dist2 = 0, p;
        int ys;
        if ((r = ssvm__sparsemax_d(s, theta, &w)) != SSVM_OK) return r;
        out->mu = w.aux;
        ys = ssvm__argmax_d(K, w.phi);
        for (k = 0; k < K; k++) { double t = w.phi[k] - (k == ys ? 1.0 : 0.0); dist2 += t * t; }
        p = dec == SSVM_DECODE_FY ? 2 * SSVM_SQRT(dist2 / 2) : 0;
        if (p > 1) p = 1;
        for (k = 0; k < K; k++) { w.labels[k] = k; w.prob[k] = p * w.phi[k]; }
        w.prob[ys] += 1 - p;
        out->n = K;
        break;
    }
    case SSVM_SPARSEMAP_MULTILABEL: { /* l2 norm: nu = 1; the closest vertex rounds mu (ties to 0) */
        double dist2 = 0, p, prev = 0;
        int nd = 1, j;
        ssvm__boxmap_d(s, theta, &w);
        out->mu = w.aux;
        for (i = 0; i < K; i++) {
            int b = w.key[i] > 0.5;
            w.labels[i] = b;
            dist2 += (w.key[i] - b) * (w.key[i] - b);
        }
        p = dec == SSVM_DECODE_FY ? 2 * SSVM_SQRT(dist2) : 0;
        if (p > 1) p = 1;
        w.prob[0] = 1 - p;
        if (p > 0) { /* a draw with mean mu by thresholds: u ~ U[0,1), yhat_i = [mu_i > u]. Between consecutive
                        distinct values b of mu the label is constant: at most d + 1 atoms, mean exactly mu */
            ssvm__sort_desc(K, w.key, w.idx);
            for (j = K - 1; j >= -1; j--) {
                double b = j >= 0 ? w.key[w.idx[j]] : 1.0;
                if (b <= prev) continue;
                for (i = 0; i < K; i++) w.labels[(size_t)nd * K + i] = w.key[i] >= b; /* u in [prev, b) */
                w.prob[nd++] = p * (b - prev);
                prev = b;
            }
        }
        out->n = nd;
        break;
    }
    case SSVM_CONV_FY_NDCG:
        return ssvm__rank_decode(s, theta, &w, out);
    case SSVM_FY_GENERIC: {
        double val = 0;
        int rc = s->fy_conj(s->user, theta, &val, w.aux), nsup;
        if (rc < 0) return (ssvm_result)rc;
        for (i = 0; i < d; i++) if (!ssvm__finite((double)w.aux[i])) return SSVM_ERR_CALLBACK;
        out->mu = w.aux;
        if (s->fy_decode) {
            nsup = s->fy_decode(s->user, theta, w.aux, s->max_support, w.labels, w.prob);
            if (nsup < 0) return (ssvm_result)nsup;
            if (nsup == 0 || nsup > s->max_support) return SSVM_ERR_CALLBACK;
            for (k = 0; k < nsup; k++) if (!(w.prob[k] >= 0) || !ssvm__finite(w.prob[k])) return SSVM_ERR_CALLBACK;
            out->n = nsup;
        } else { /* deterministic: the label k < n_classes whose rho(k) is closest to mu in l2 */
            double best = SSVM__HUGE;
            int bk = 0;
            for (k = 0; k < s->n_classes; k++) {
                double om = 0, dist2 = 0;
                rc = s->fy_encode(s->user, &k, w.rho, &om);
                if (rc < 0) return (ssvm_result)rc;
                for (i = 0; i < d; i++) { double t = (double)w.rho[i] - (double)w.aux[i]; dist2 += t * t; }
                if (dist2 < best) { best = dist2; bk = k; }
            }
            w.labels[0] = bk; w.prob[0] = 1; out->n = 1;
        }
        break;
    }
    }
    ssvm__dist_finish(out);
    if (out->n == 0) return SSVM_ERR_CALLBACK;
    if (dec == SSVM_DECODE_ARGMAX) ssvm__dist_keep_mode(out);
    return SSVM_OK;
}

STRUCTSVM_DEF ssvm_result ssvm_dist_sample(const ssvm_dist *dist, double u, int *y) {
    double c = 0;
    int j, pick, t;
    if (!dist || !y || !dist->labels || !dist->prob || dist->n <= 0 || dist->label_len <= 0)
        return SSVM_ERR_INVALID_ARG;
    if (!(u >= 0) || !(u < 1)) return SSVM_ERR_INVALID_ARG;
    pick = dist->n - 1;
    for (j = 0; j < dist->n; j++) { c += dist->prob[j]; if (u < c) { pick = j; break; } }
    while (pick > 0 && !(dist->prob[pick] > 0)) pick--; /* rounding at the end of the cumulative sum */
    for (t = 0; t < dist->label_len; t++) y[t] = dist->labels[(size_t)pick * dist->label_len + t];
    return SSVM_OK;
}

/* >>targets */
/* N(y) = max over permutations of sum_i y_i w_pos(i): with non-increasing w, the r-th largest relevance meets
   w_r (rearrangement). Ranks by counting, O(d^2), no scratch. */
SSVM__PRIV double ssvm__ndcg_norm(const ssvm_surrogate *s, const int *y) {
    int d = s->n, i, j;
    double nrm = 0;
    for (i = 0; i < d; i++) {
        int r = 0;
        for (j = 0; j < d; j++) r += y[j] > y[i] || (y[j] == y[i] && j < i);
        nrm += (double)y[i] * ssvm__pw(s, r);
    }
    return nrm;
}
SSVM__PRIV int ssvm__is_perm(int d, const int *p) {
    int i, j;
    for (i = 0; i < d; i++) {
        if (p[i] < 0 || p[i] >= d) return 0;
        for (j = 0; j < i; j++) if (p[j] == p[i]) return 0;
    }
    return 1;
}
SSVM__PRIV ssvm_result ssvm__check_label(const ssvm_surrogate *s, const int *y) {
    int i;
    if (ssvm__is_mc(s)) return (y[0] >= 0 && y[0] < s->n) ? SSVM_OK : SSVM_ERR_LABEL;
    if (s->kind == SSVM_SPARSEMAP_MULTILABEL)
        for (i = 0; i < s->n; i++) if (y[i] != 0 && y[i] != 1) return SSVM_ERR_LABEL;
    if (s->kind == SSVM_CONV_FY_NDCG) {
        for (i = 0; i < s->n; i++) if (y[i] < 0) return SSVM_ERR_LABEL;
        if (!(ssvm__ndcg_norm(s, y) > 0)) return SSVM_ERR_LABEL; /* N(y) = 0: NDCG undefined */
    }
    return SSVM_OK;
}
/* target loss of one prediction; nrm = N(y) for ranking (else unused). y already checked. */
SSVM__PRIV ssvm_result ssvm__target(const ssvm_surrogate *s, const int *yhat, const int *y, double nrm,
                                    double *out) {
    int i, d = s->n;
    switch (s->kind) {
    case SSVM_SMOOTH_HINGE: case SSVM_LOGISTIC: case SSVM_SPARSEMAP:
        if (yhat[0] < 0 || yhat[0] >= d) return SSVM_ERR_LABEL;
        *out = yhat[0] != y[0] ? 1.0 : 0.0; /* 0-1 (A.1) */
        return SSVM_OK;
    case SSVM_SPARSEMAP_MULTILABEL: {
        int wrong = 0;
        for (i = 0; i < d; i++) {
            if (yhat[i] != 0 && yhat[i] != 1) return SSVM_ERR_LABEL;
            wrong += yhat[i] != y[i];
        }
        *out = (double)wrong / d; /* Hamming (A.2) */
        return SSVM_OK;
    }
    case SSVM_CONV_FY_NDCG: {
        double g = 0;
        if (!ssvm__is_perm(d, yhat)) return SSVM_ERR_LABEL;
        for (i = 0; i < d; i++) g += (double)y[i] * ssvm__pw(s, yhat[i]);
        *out = 1 - g / nrm; /* eq. (22) */
        if (*out < 0) *out = 0; /* rounding only: g <= N(y) */
        return SSVM_OK;
    }
    case SSVM_FY_GENERIC: {
        int rc = s->fy_target(s->user, yhat, y, out);
        if (rc < 0) return (ssvm_result)rc;
        if (!ssvm__finite(*out) || *out < 0) return SSVM_ERR_LOSS;
        return SSVM_OK;
    }
    }
    return SSVM_ERR_INVALID_ARG;
}
STRUCTSVM_DEF ssvm_result ssvm_target_loss(const ssvm_surrogate *s, const int *yhat, const int *y, double *out) {
    ssvm_result r;
    if (!yhat || !y || !out) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_surrogate_check(s)) != SSVM_OK) return r;
    if ((r = ssvm__check_label(s, y)) != SSVM_OK) return r;
    return ssvm__target(s, yhat, y, s->kind == SSVM_CONV_FY_NDCG ? ssvm__ndcg_norm(s, y) : 0, out);
}
SSVM__PRIV ssvm_result ssvm__expected(const ssvm_surrogate *s, const ssvm_dist *dist, const int *y, double *out) {
    double e = 0, nrm = s->kind == SSVM_CONV_FY_NDCG ? ssvm__ndcg_norm(s, y) : 0;
    int j;
    for (j = 0; j < dist->n; j++) {
        double l = 0;
        ssvm_result r = ssvm__target(s, dist->labels + (size_t)j * dist->label_len, y, nrm, &l);
        if (r != SSVM_OK) return r;
        e += dist->prob[j] * l;
    }
    *out = e;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_dist_expected_loss(const ssvm_surrogate *s, const ssvm_dist *dist, const int *y,
                                                  double *out) {
    ssvm_result r;
    if (!dist || !y || !out || !dist->labels || !dist->prob || dist->n <= 0) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_surrogate_check(s)) != SSVM_OK) return r;
    if (dist->label_len != ssvm_surrogate_label_len(s)) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm__check_label(s, y)) != SSVM_OK) return r;
    return ssvm__expected(s, dist, y, out);
}

/* >>losses: value and gradient in theta. w is bound; for conv FY, w->v must hold the FW solution at theta. */
SSVM__PRIV ssvm_result ssvm__loss_eval(const ssvm_surrogate *s, const ssvm_real *theta, const int *y, ssvm__dws *w,
                                       double *value, ssvm_real *grad) {
    int K = s->n, k, i, d = ssvm_surrogate_dim(s);
    double L = 0;
    switch (s->kind) {
    case SSVM_SMOOTH_HINGE:
    case SSVM_LOGISTIC: {
        double *gp = w->key; /* gradient in phi */
        ssvm__phi(s, theta, w->phi);
        for (k = 0; k < K; k++) gp[k] = 0;
        if (s->kind == SSVM_SMOOTH_HINGE) { /* eqs. (23), (24); subgradient (28) */
            int o;
            double dl, m = ssvm__margin(K, w->phi, y[0], &o);
            L = ssvm__sh(m, &dl);
            gp[y[0]] = dl; gp[o] = -dl;
        } else { /* eq. (33) in base b: (lse - theta_y) / ln b; gradient (softmax - e_y) / ln b */
            double lb = ssvm__base_log(s), z = 0;
            int mx = ssvm__argmax_d(K, w->phi);
            L = ssvm__lse_minus(K, w->phi, y[0]) / lb;
            for (k = 0; k < K; k++) { gp[k] = SSVM_EXP(w->phi[k] - w->phi[mx]); z += gp[k]; }
            for (k = 0; k < K; k++) gp[k] = (gp[k] / z - (k == y[0] ? 1.0 : 0.0)) / lb;
        }
        if (grad) {
            if (s->binary) grad[0] = (ssvm_real)(0.5 * (gp[1] - gp[0])); /* phi = (-s/2, s/2) */
            else for (k = 0; k < K; k++) grad[k] = (ssvm_real)gp[k];
        }
        break;
    }
    case SSVM_SPARSEMAP: { /* L = lambda/2 (|e_y - theta/lambda|^2 - |mu - theta/lambda|^2) = <theta, mu - e_y> -
                              lambda/2 (|mu|^2 - 1), the second form without the cancellation of |theta/lambda|^2
                              (which lost every digit once theta/lambda ~ 1e8); exactly 0 at mu = e_y */
        double a = 0, b = 0;
        ssvm_result rs = ssvm__sparsemax_d(s, theta, w);
        if (rs != SSVM_OK) return rs;
        for (k = 0; k < K; k++) {
            double e = (k == y[0] ? 1.0 : 0.0);
            a += (double)theta[k] * (w->phi[k] - e);
            b += w->phi[k] * w->phi[k] - e * e;
        }
        L = a - 0.5 * s->lambda * b;
        if (L < 0) L = 0; /* rounding only: FY losses are >= 0 */
        if (grad) for (k = 0; k < K; k++) grad[k] = (ssvm_real)(w->phi[k] - (k == y[0] ? 1.0 : 0.0));
        break;
    }
    case SSVM_SPARSEMAP_MULTILABEL: {
        double a = 0, b = 0; /* as SparseMAP: <theta, mu - y> - lambda/2 (|mu|^2 - |y|^2) */
        ssvm__boxmap_d(s, theta, w);
        for (i = 0; i < K; i++) {
            a += (double)theta[i] * (w->key[i] - y[i]);
            b += w->key[i] * w->key[i] - (double)y[i] * y[i];
        }
        L = a - 0.5 * s->lambda * b;
        if (L < 0) L = 0;
        if (grad) for (i = 0; i < K; i++) grad[i] = (ssvm_real)(w->key[i] - y[i]);
        break;
    }
    case SSVM_CONV_FY_NDCG: {
        /* Omega = lambda/2 |.|^2 on R^d (see the deviation note in the report), rho = -y / N(y), c = 1:
           L = min_v |theta + v|^2/(2 lambda) + lambda/2 |rho|^2 + 1 - <theta, rho>
             = |theta + v - lambda rho|^2 / (2 lambda) + (1 + <v, rho>)    [= L_Omega(theta + L pi, y) + E loss,
           Lemma 4.3, eq. 16], gradient (theta + v)/lambda - rho (envelope theorem, eq. 58) */
        double nrm = ssvm__ndcg_norm(s, y), q = 0, e = 1;
        for (i = 0; i < K; i++) {
            double rho = -(double)y[i] / nrm, t = (double)theta[i] + w->v[i] - s->lambda * rho;
            q += t * t;
            e += w->v[i] * rho;
            if (grad) grad[i] = (ssvm_real)(t / s->lambda);
        }
        if (e < 0) e = 0; /* an expected loss: >= 0 up to rounding */
        L = q / (2 * s->lambda) + e;
        break;
    }
    case SSVM_FY_GENERIC: { /* eq. (5): Omega*(theta) + Omega(rho(y)) - <theta, rho(y)>, gradient mu - rho */
        double val = 0, om = 0, dot = 0;
        int rc = s->fy_conj(s->user, theta, &val, w->aux);
        if (rc < 0) return (ssvm_result)rc;
        rc = s->fy_encode(s->user, y, w->rho, &om);
        if (rc < 0) return (ssvm_result)rc;
        for (i = 0; i < d; i++) {
            if (!ssvm__finite((double)w->aux[i]) || !ssvm__finite((double)w->rho[i])) return SSVM_ERR_CALLBACK;
            dot += (double)theta[i] * (double)w->rho[i];
        }
        L = val + om - dot;
        if (grad) for (i = 0; i < d; i++) grad[i] = (ssvm_real)((double)w->aux[i] - (double)w->rho[i]);
        break;
    }
    }
    if (!ssvm__finite(L)) return SSVM_ERR_NONFINITE;
    *value = L;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_surrogate_loss(const ssvm_surrogate *s, const ssvm_real *theta, const int *y,
                                              void *work, size_t bytes, double *value, ssvm_real *grad) {
    ssvm__dws w;
    ssvm_result r;
    int i, d;
    if (!theta || !y || !value) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_surrogate_check(s)) != SSVM_OK) return r;
    if ((r = ssvm__check_label(s, y)) != SSVM_OK) return r;
    d = ssvm_surrogate_dim(s);
    for (i = 0; i < d; i++) if (!ssvm__finite((double)theta[i])) return SSVM_ERR_NONFINITE;
    if (s->kind == SSVM_CONV_FY_NDCG) { /* the FW solution v first */
        ssvm_dist tmp;
        if ((r = ssvm_decode(s, theta, work, bytes, &tmp)) != SSVM_OK) return r;
    }
    if ((r = ssvm__dws_bind(s, work, bytes, &w)) != SSVM_OK) return r;
    return ssvm__loss_eval(s, theta, y, &w, value, grad);
}

#ifndef STRUCTSVM_PREDICT_ONLY
/* >>online: the learner */
STRUCTSVM_DEF ssvm_online_params ssvm_online_params_init(ssvm_surrogate_kind kind, int n, int n_features) {
    ssvm_online_params p;
    SSVM_MEMSET(&p, 0, sizeof p);
    p.loss = ssvm_surrogate_init(kind, n);
    p.n_features = n_features;
    p.rate = SSVM_RATE_POLYAK;
    p.seed = 1;
    return p;
}
/* validates and derives alpha, M, the rate floor and the constant rate */
SSVM__PRIV ssvm_result ssvm__online_consts(const ssvm_online_params *p, double *alpha, double *M, double *floor,
                                           double *eta_const) {
    double a, m, fl;
    ssvm_result r;
    int d;
    if (!p) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_surrogate_constants(&p->loss, &a, &m, &fl)) != SSVM_OK) return r;
    d = ssvm_surrogate_dim(&p->loss);
    if (p->n_features <= 0) return SSVM_ERR_EMPTY;
    if ((long long)d * p->n_features > INT_MAX) return SSVM_ERR_OVERFLOW;
    if ((unsigned)p->rate > (unsigned)SSVM_RATE_POLYAK) return SSVM_ERR_INVALID_ARG;
    if (!(p->eta >= 0) || !ssvm__finite(p->eta) || !(p->eta_min >= 0) || !ssvm__finite(p->eta_min) ||
        !(p->alpha >= 0) || !(p->alpha < 1) || !(p->M >= 0) || !ssvm__finite(p->M) ||
        !(p->diameter >= 0) || !ssvm__finite(p->diameter))
        return SSVM_ERR_INVALID_ARG;
    if ((p->allocator.alloc != 0) != (p->allocator.free != 0)) return SSVM_ERR_NULL_CALLBACK;
    if (p->alpha > 0) a = p->alpha;
    if (p->M > 0) m = p->M;
    if (p->loss.kind != SSVM_CONV_FY_NDCG) fl = m > 0 ? a / m : 0; /* (9); conv FY: lambda (18) */
    if (p->rate == SSVM_RATE_ADAGRAD && !(p->diameter > 0)) return SSVM_ERR_INVALID_ARG;
    if (p->rate == SSVM_RATE_CONSTANT && !(p->eta > 0) && !(fl > 0)) return SSVM_ERR_NOT_SUPPORTED;
    /* (12) with no surrogate gap can reach eta = 0 and freeze: it needs alpha > 0 or an explicit floor */
    if (p->rate == SSVM_RATE_POLYAK && !(p->eta_min > 0) && !(fl > 0)) return SSVM_ERR_NOT_SUPPORTED;
    if (alpha) *alpha = a;
    if (M) *M = m;
    if (floor) *floor = p->eta_min > 0 ? p->eta_min : fl;
    if (eta_const) *eta_const = p->eta > 0 ? p->eta : fl;
    return SSVM_OK;
}
SSVM__PRIV void ssvm__online_layout(ssvm_online *o, ssvm__arena *a) {
    size_t d = (size_t)o->d, F = (size_t)o->F;
    o->W = (ssvm_real *)ssvm__take(a, d * F, sizeof(ssvm_real));
    o->x = (ssvm_real *)ssvm__take(a, F, sizeof(ssvm_real));
    o->theta = (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real));
    o->grad = (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real));
    o->yhat = (int *)ssvm__take(a, (size_t)o->label_len, sizeof(int));
    o->dwork = ssvm__take(a, o->dwork_bytes, 1);
}
STRUCTSVM_DEF ssvm_result ssvm_online_heap_size(const ssvm_online_params *p, size_t *bytes) {
    ssvm_online o;
    ssvm__arena a = {0, 0, 0, 0};
    ssvm_result r;
    if (!bytes) return SSVM_ERR_INVALID_ARG;
    *bytes = 0;
    if ((r = ssvm__online_consts(p, 0, 0, 0, 0)) != SSVM_OK) return r;
    SSVM_MEMSET(&o, 0, sizeof o);
    o.d = ssvm_surrogate_dim(&p->loss); o.F = p->n_features; o.label_len = ssvm_surrogate_label_len(&p->loss);
    o.dwork_bytes = ssvm_decode_work_bytes(&p->loss);
    if (o.dwork_bytes == 0) return SSVM_ERR_OVERFLOW;
    ssvm__online_layout(&o, &a);
    if (a.overflow) return SSVM_ERR_OVERFLOW;
    *bytes = a.used + 16;
    return SSVM_OK;
}
STRUCTSVM_DEF void ssvm_online_reset(ssvm_online *o) {
    if (!o || !o->W) return;
    SSVM_MEMSET(o->W, 0, (size_t)o->d * (size_t)o->F * sizeof(ssvm_real));
    o->have_pred = 0;
    o->eta_prev = SSVM__HUGE; /* eta_0 = +infinity in (12) */
    o->adagrad_sum = 0;
    o->x_norm2 = 0;
    o->rounds = 0; o->floor_hits = 0;
    o->cum_target = o->cum_expected = o->cum_surrogate = 0;
    o->rng = o->par.seed;
}
STRUCTSVM_DEF ssvm_result ssvm_online_init_preallocated(ssvm_online *o, const ssvm_online_params *p, void *heap,
                                                        size_t bytes) {
    size_t need;
    ssvm__arena a;
    ssvm_result r;
    if (!o || !heap) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_online_heap_size(p, &need)) != SSVM_OK) return r;
    if (bytes < need) return SSVM_ERR_WORKSPACE;
    SSVM_MEMSET(o, 0, sizeof *o);
    o->par = *p;
    if ((r = ssvm__online_consts(p, &o->alpha, &o->M, &o->eta_floor, &o->eta_const)) != SSVM_OK) return r;
    o->d = ssvm_surrogate_dim(&p->loss); o->F = p->n_features; o->label_len = ssvm_surrogate_label_len(&p->loss);
    o->dwork_bytes = ssvm_decode_work_bytes(&p->loss);
    a.base = ssvm__align16(heap); a.used = 0; a.cap = need - 16; a.overflow = 0;
    ssvm__online_layout(o, &a);
    if (a.overflow || !o->dwork) return SSVM_ERR_WORKSPACE;
    o->heap = heap; o->heap_bytes = need; o->owns_heap = 0;
    ssvm_online_reset(o);
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_online_init(ssvm_online *o, const ssvm_online_params *p) {
    size_t need;
    void *heap;
    ssvm_result r;
    if (!o) return SSVM_ERR_INVALID_ARG;
    SSVM_MEMSET(o, 0, sizeof *o);
    if ((r = ssvm_online_heap_size(p, &need)) != SSVM_OK) return r;
    if ((r = ssvm__heap_for(&p->allocator, need, &heap)) != SSVM_OK) return r;
    r = ssvm_online_init_preallocated(o, p, heap, need);
    o->heap = heap; o->owns_heap = 1; o->par.allocator = p->allocator;
    if (r != SSVM_OK) { ssvm_online_uninit(o); return r; }
    return SSVM_OK;
}
STRUCTSVM_DEF void ssvm_online_uninit(ssvm_online *o) {
    if (!o) return;
    if (o->owns_heap) ssvm__free_with(&o->par.allocator, o->heap);
    o->heap = 0; o->owns_heap = 0; o->W = 0;
}
STRUCTSVM_DEF ssvm_result ssvm_online_predict(ssvm_online *o, const ssvm_real *x, int *yhat) {
    ssvm_result r;
    double u, xn = 0;
    int j;
    if (!o || !x || !o->W) return SSVM_ERR_INVALID_ARG;
    o->have_pred = 0; /* x, theta and pi are overwritten below: a failed call must not leave an old round pending */
    for (j = 0; j < o->F; j++) {
        double t = (double)x[j];
        if (!ssvm__finite(t)) return SSVM_ERR_NONFINITE;
        o->x[j] = x[j];
        xn += t * t;
    }
    o->x_norm2 = xn;
    ssvm_linear_scores(o->d, o->F, o->W, o->x, o->theta); /* theta_t = W_t x_t */
    if ((r = ssvm_decode(&o->par.loss, o->theta, o->dwork, o->dwork_bytes, &o->dist)) != SSVM_OK) return r;
    u = (double)(ssvm__rand(&o->rng) >> 11) * (1.0 / 9007199254740992.0); /* [0, 1) with 53 bits */
    if ((r = ssvm_dist_sample(&o->dist, u, o->yhat)) != SSVM_OK) return r;
    if (yhat) for (j = 0; j < o->label_len; j++) yhat[j] = o->yhat[j];
    o->have_pred = 1;
    return SSVM_OK;
}
SSVM__PRIV ssvm_result ssvm__online_project(ssvm_online *o) {
    if (o->par.project) {
        int rc = o->par.project(o->par.project_user, o->W, o->d, o->F), j;
        if (rc < 0) return (ssvm_result)rc;
        for (j = 0; j < o->d * o->F; j++) if (!ssvm__finite((double)o->W[j])) return SSVM_ERR_CALLBACK;
    } else if (o->par.diameter > 0) { /* Frobenius ball of radius D/2 (Assumption 2.2.3: diameter D) */
        double rad = 0.5 * o->par.diameter, n2 = (double)ssvm__dot(o->d * o->F, o->W, o->W);
        if (n2 > rad * rad) ssvm__scal(o->d * o->F, rad / SSVM_SQRT(n2), o->W);
    }
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_online_update(ssvm_online *o, const int *y, ssvm_online_info *info) {
    ssvm__dws w;
    ssvm_result r;
    double L = 0, E = 0, loss = 0, g2 = 0, gn2, bound, eta = 0;
    int k;
    if (!o || !y || !o->W) return SSVM_ERR_INVALID_ARG;
    if (!o->have_pred) return SSVM_ERR_INVALID_ARG; /* ssvm_online_predict first */
    if ((r = ssvm__check_label(&o->par.loss, y)) != SSVM_OK) return r;
    if ((r = ssvm__dws_bind(&o->par.loss, o->dwork, o->dwork_bytes, &w)) != SSVM_OK) return r;
    /* the decoding left pi(theta_t) (and for conv FY its v) in the work area */
    if ((r = ssvm__loss_eval(&o->par.loss, o->theta, y, &w, &L, o->grad)) != SSVM_OK) return r;
    if ((r = ssvm__expected(&o->par.loss, &o->dist, y, &E)) != SSVM_OK) return r;
    {
        double nrm = o->par.loss.kind == SSVM_CONV_FY_NDCG ? ssvm__ndcg_norm(&o->par.loss, y) : 0;
        if ((r = ssvm__target(&o->par.loss, o->yhat, y, nrm, &loss)) != SSVM_OK) return r;
    }
    for (k = 0; k < o->d; k++) g2 += (double)o->grad[k] * (double)o->grad[k];
    gn2 = g2 * o->x_norm2; /* |G_t|_F^2 for G_t = grad x^T */
    bound = gn2 > 0 ? 2 * (L - E) / gn2 : SSVM__HUGE;
    if (gn2 > 0) {
        switch (o->par.rate) {
        case SSVM_RATE_CONSTANT: eta = o->eta_const; break;
        case SSVM_RATE_ADAGRAD:
            o->adagrad_sum += gn2;
            eta = o->par.diameter / SSVM_SQRT(2 * o->adagrad_sum);
            break;
        case SSVM_RATE_POLYAK: /* eq. (12), with the floor eta_min as a safeguard (never active under (8)) */
            eta = bound; /* smooth hinge with y = y*, 0 < m < 1 meets (9) with equality: count real misses only */
            if (eta < o->eta_floor) { if (eta < o->eta_floor * (1 - SSVM__ROUND_TOL)) o->floor_hits++; eta = o->eta_floor; }
            if (eta > o->eta_prev) eta = o->eta_prev;
            o->eta_prev = eta;
            break;
        }
        for (k = 0; k < o->d; k++) { /* W_{t+1} = Proj(W_t - eta G_t), eq. (6) */
            double c = -eta * (double)o->grad[k];
            if (c != 0) ssvm__axpby(o->F, c, o->x, 1.0, o->W + (size_t)k * o->F);
        }
        if ((r = ssvm__online_project(o)) != SSVM_OK) return r;
    }
    o->rounds++;
    o->cum_target += loss; o->cum_expected += E; o->cum_surrogate += L;
    o->have_pred = 0;
    if (info) {
        info->target_loss = loss; info->expected_loss = E; info->surrogate = L;
        info->grad_norm2 = gn2; info->eta = eta; info->polyak_bound = bound;
        info->support = o->dist.n; info->fw_gap = o->dist.fw_gap;
    }
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_online_round(ssvm_online *o, const ssvm_real *x, const int *y, int *yhat,
                                            ssvm_online_info *info) {
    ssvm_result r;
    if (!y) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_online_predict(o, x, yhat)) != SSVM_OK) return r;
    return ssvm_online_update(o, y, info);
}
#endif /* STRUCTSVM_PREDICT_ONLY */

#ifndef STRUCTSVM_PREDICT_ONLY
/* >>multisample: Branson, Beijbom, Belongie 2013 (supplement). Notation: v(X_t, Y) = Psi(X_t, Y) - Psi(X_t, Y_t)
   (eq. 7) is the library's -psi_t(Y); w^t = -(1/(lambda t)) sum_{s<=t} u_s (eq. 5); the online dual is
   D_t = A_t - (lambda t/2)|w^t|^2 with A_t = sum alpha Delta (eq. 4). F_T = sum_t f(w; Z_t), eq. 1, so after
   m full passes (T = mn) D_T/T <= min_w F_T/T = min_w P(w): the reported dual is D_t/t.
   Storage: w = w_scale * wv, so that the shrink w <- (t-1)/t w (Algorithm 1 line 2) and the projection
   cost O(1), and every move costs O(nnz) of its sampled feature vectors.

   Where the printed paper is wrong, and what this code does instead (each checked by a test):
   F1 Eq. 14 / Algorithm 1 line 9 (swap): the gain is a [(<w,v_j> + Delta_j) - (<w,u> + D^{j-1})]
      - a^2 |v_j - u^{j-1}|^2 / (2 lambda t): the printed quadratic term has the wrong sign and |u + v_j|^2 for
      |v_j - u|^2 (the swap moves w by -a (v_j - u)/(lambda t), eqs. 15-16). With u = v_j the swap changes
      nothing, yet the printed step is not 0. (The printed definition of Delta D^swap also subtracts D at the
      rescaled point; the expansion, and this code, use the change from the current point.)
   F2 Algorithm 1 line 5 leaves l_j undefined: it is <w^{t,j-1}, v_j> + Delta_j (the expand derivation).
   F3 Eq. 11 and Algorithm 2 line 1 take <w^{t-1}, v_j>; the maximiser of D_t over alpha_t needs
      w^{t,0} = (t-1)/t w^{t-1}, since w^t = w^{t,0} - u_t/(lambda t). Algorithm 2 also omits that shrink.
   F4 Algorithm 2 is the |phi(x)|^2 = 1 case: with Q = |phi|^2 (11' + I) the thresholds apply to c/|phi|^2.
   F5 Algorithm 2's loop is off by one: its test compares c_(n) with min(s/(n+1), (1+s)/n) where s sums only
      the first n-1 (the denominators belong to n elements, the sum to n-1), and on exit n is one more than
      the active-set size, so lines 8-9 give weight to one class too many (reading past c when all K are
      active) with the threshold of the wrong size. Correct (ssvm__ms_mcqp): the n-th smallest enters iff
      c_(n) < theta_{n-1}, theta_m = min(S_m/(m+1), (1+S_m)/m), theta_0 = 0; alpha = theta_n - c/|phi|^2.
   F6 Lemma 2.3 needs Delta <= 1 for the radius 1/sqrt(lambda); in general the radius must be sqrt(B/lambda)
      with B >= every Delta carrying dual weight (A_t <= tB, and (1+s)/s^2 >= 2). B = max(params.loss_bound,
      the largest Delta sampled so far).
   (Typos without consequence: Lemma 2.2's (lambda t - 2 lambda)/(2t) is lambda (t-1)/(2t); Algorithm 3 line 4
   and Lemmas 2.2-2.5 say "Algorithm 2" for the outer loop.)
   Deviations by choice:
   D1 Default order: a fresh random permutation each pass (Algorithm 3: i = t mod n, SSVM_MS_CYCLIC). On data
      stored grouped (the OCR file) cyclic order is much worse: P(w_bar) after one pass 0.75 vs 0.50.
   D2 Default average: weighted (weights t on w^t, as BCFW/SSG here); Theorem 2.1.3's uniform average of
      w^0 .. w^{T-1} is SSVM_MS_AVG_UNIFORM. The dual reported is D_t/t at the iterate (no dual exists at w_bar).
   D3 Repeated sweeps (line 16) are unspecified for a sample that already has weight: expand = exact coordinate
      ascent on alpha_j in [0, 1 - sum of the others] (may lower it), swap = move to vertex e_j with that weight
      inside u. The first sweep is exactly lines 5 and 9.
   D4 y_i (v = 0, Delta = 0) and repeated labels are dropped from the samples: they cannot change D_t.
   D5 line_search = 0 takes Lemma 2.2's simple step alpha_1 = 1 (Pegasos) only when l(w^{t-1}) > 0. */

SSVM__PRIV double ssvm__ms_sqrt(double x) {
#ifdef SSVM_SQRT
    return (double)SSVM_SQRT(x);
#else
    double y = 1, sc = 1;
    int k;
    if (!(x > 0)) return 0;
    if (!ssvm__finite(x)) return x;
    while (x > 18446744073709551616.0) { x *= 1.0 / 18446744073709551616.0; sc *= 4294967296.0; }
    while (x < 1.0 / 18446744073709551616.0) { x *= 18446744073709551616.0; sc *= 1.0 / 4294967296.0; }
    while (x > 4) { x *= 0.25; sc *= 2; }
    while (x < 0.25) { x *= 4; sc *= 0.5; }
    for (k = 0; k < 7; k++) y = 0.5 * (y + x / y); /* Newton from 1 on [1/4, 4]: full precision after 6 */
    return y * sc;
#endif
}

/* >>multisample: k-best Viterbi. Per position t and label b a list of the (up to) k best prefixes ending in b,
   sorted; list (t, b) is the k-way merge of the lists (t-1, a) shifted by trans[a + K b]. */
STRUCTSVM_DEF size_t ssvm_kbest_viterbi_work_bytes(int L, int K, int k) {
    ssvm__arena a = {0, 0, 0, 0};
    size_t cells;
    if (L <= 0 || K <= 0 || k <= 0) return 0;
    if ((size_t)L > ((size_t)-1) / (size_t)K) return 0;
    cells = (size_t)L * (size_t)K;
    if (cells > ((size_t)-1) / (size_t)k) return 0;
    cells *= (size_t)k;
    ssvm__take(&a, cells, sizeof(ssvm_real));
    ssvm__take(&a, cells, sizeof(int));
    ssvm__take(&a, cells, sizeof(int));
    ssvm__take(&a, (size_t)K, sizeof(int));
    ssvm__take(&a, (size_t)K, sizeof(ssvm_real));
    if (a.overflow || a.used > ((size_t)-1) - 16) return 0;
    return a.used + 16;
}
STRUCTSVM_DEF int ssvm_kbest_viterbi(int L, int K, int k, const ssvm_real *unary, const ssvm_real *trans, void *work,
                                     int *ys, ssvm_real *scores) {
    ssvm__arena ar;
    ssvm_real *sc, *hv;
    int *from, *rank, *head, t, a, b, r, cnt, prev_cnt, total;
    size_t cells;
    if (!unary || !trans || !work || !ys) return SSVM_ERR_INVALID_ARG;
    if (L <= 0 || K <= 0 || k <= 0) return SSVM_ERR_EMPTY;
    if (ssvm_kbest_viterbi_work_bytes(L, K, k) == 0) return SSVM_ERR_OVERFLOW;
    cells = (size_t)L * (size_t)K * (size_t)k;
    ar.base = ssvm__align16(work); ar.used = 0; ar.cap = (size_t)-1; ar.overflow = 0;
    sc = (ssvm_real *)ssvm__take(&ar, cells, sizeof(ssvm_real));
    from = (int *)ssvm__take(&ar, cells, sizeof(int));
    rank = (int *)ssvm__take(&ar, cells, sizeof(int));
    head = (int *)ssvm__take(&ar, (size_t)K, sizeof(int));
    hv = (ssvm_real *)ssvm__take(&ar, (size_t)K, sizeof(ssvm_real)); /* the K list heads' candidate scores */
    /* cell (t, b, r) at ((t*K) + b)*k + r; prefixes ending at position t number K^t per label */
    for (b = 0; b < K; b++) { sc[(size_t)b * k] = unary[b]; from[(size_t)b * k] = -1; rank[(size_t)b * k] = 0; }
    cnt = 1;
    for (t = 1; t < L; t++) {
        prev_cnt = cnt;
        cnt = (long long)prev_cnt * K > (long long)k ? k : prev_cnt * K;
        for (b = 0; b < K; b++) {
            const ssvm_real *e = trans + (size_t)K * b;
            size_t cell = ((size_t)t * K + b) * (size_t)k, pcell = (size_t)(t - 1) * K * (size_t)k;
            for (a = 0; a < K; a++) { head[a] = 0; hv[a] = sc[pcell + (size_t)a * k] + e[a]; }
            for (r = 0; r < cnt; r++) {
                int ba = -1;
                ssvm_real bv = 0;
                if (prev_cnt >= cnt) { /* no list can run out within cnt picks */
                    ba = 0; bv = hv[0];
                    for (a = 1; a < K; a++) if (hv[a] > bv) { bv = hv[a]; ba = a; } /* strict: lowest label on ties */
                } else {
                    for (a = 0; a < K; a++) /* the same order; exhausted lists are skipped */
                        if (head[a] < prev_cnt && (ba < 0 || hv[a] > bv)) { bv = hv[a]; ba = a; }
                }
                sc[cell + r] = bv + unary[(size_t)t * K + b];
                from[cell + r] = ba;
                rank[cell + r] = head[ba];
                if (++head[ba] < prev_cnt) hv[ba] = sc[pcell + (size_t)ba * k + head[ba]] + e[ba];
            }
        }
    }
    /* merge the last position's lists over the final label */
    total = (long long)cnt * K > (long long)k ? k : cnt * K;
    for (b = 0; b < K; b++) head[b] = 0;
    for (r = 0; r < total; r++) {
        int bb = -1, rr, *y = ys + (size_t)r * L;
        ssvm_real bv = 0;
        for (b = 0; b < K; b++) {
            if (head[b] < cnt) {
                ssvm_real v = sc[((size_t)(L - 1) * K + b) * (size_t)k + head[b]];
                if (bb < 0 || v > bv) { bv = v; bb = b; }
            }
        }
        if (scores) scores[r] = bv;
        rr = head[bb];
        head[bb]++;
        y[L - 1] = bb;
        for (t = L - 1; t > 0; t--) {
            size_t cell = ((size_t)t * K + y[t]) * (size_t)k + rr;
            y[t - 1] = from[cell];
            rr = rank[cell];
        }
    }
    return total;
}

/* >>multisample: built-in samplers */
SSVM__PRIV void ssvm__ms_chain_carve(const ssvm_chain *m, int k, ssvm__arena *ar, ssvm_real **u, ssvm_real **tr,
                                     ssvm_real **nzv, int **nzi, void **kb, int **paths, ssvm_real **psc) {
    int K = m->n_labels, F = m->n_attrs, L = m->max_len;
    size_t kbb = ssvm_kbest_viterbi_work_bytes(L, K, k);
    if (kbb == 0) ar->overflow = 1;
    *u = (ssvm_real *)ssvm__take(ar, (size_t)L * (size_t)K, sizeof(ssvm_real));
    *tr = (ssvm_real *)ssvm__take(ar, (size_t)K * (size_t)K, sizeof(ssvm_real));
    *nzv = (ssvm_real *)ssvm__take(ar, (size_t)F, sizeof(ssvm_real));
    *nzi = (int *)ssvm__take(ar, (size_t)F, sizeof(int));
    *kb = ssvm__take(ar, kbb, 1);
    *paths = (int *)ssvm__take(ar, (size_t)k * (size_t)L, sizeof(int));
    *psc = (ssvm_real *)ssvm__take(ar, (size_t)k, sizeof(ssvm_real));
}
SSVM__PRIV size_t ssvm__ms_chain_work(void *user, int k_max) {
    ssvm__arena ar = {0, 0, 0, 0};
    ssvm_real *u, *tr, *nzv, *psc;
    int *nzi, *paths;
    void *kb;
    if (k_max <= 0 || k_max == INT_MAX) return 0;
    ssvm__ms_chain_carve((const ssvm_chain *)user, k_max + 1, &ar, &u, &tr, &nzv, &nzi, &kb, &paths, &psc);
    if (ar.overflow) return (size_t)-1; /* reported as SSVM_ERR_OVERFLOW by the heap-size query */
    return ar.used + 16;
}
/* the k_max best labellings other than y_i */
SSVM__PRIV int ssvm__ms_chain_sample(void *user, int i, const ssvm_real *w, double ws, int k_max, void *work,
                                     int *ys, int stride, int *lens, ssvm_real *deltas) {
    ssvm_chain *m = (ssvm_chain *)user;
    int K = m->n_labels, F = m->n_attrs, p0 = m->start[i], L = m->start[i + 1] - p0, t, s, r, got, out = 0;
    int to = ssvm__chain_trans_off(K, F, m->flags);
    ssvm__arena ar;
    ssvm_real *u, *tr, *nzv, *psc, unit;
    int *nzi, *paths;
    void *kb;
    ar.base = ssvm__align16(work); ar.used = 0; ar.cap = (size_t)-1; ar.overflow = 0;
    ssvm__ms_chain_carve(m, k_max + 1, &ar, &u, &tr, &nzv, &nzi, &kb, &paths, &psc);
    ssvm__chain_scores(m, w, p0, L, u, nzi, nzv);
    unit = (m->flags & SSVM_CHAIN_COUNTED_LOSS) ? (ssvm_real)1 : (ssvm_real)1 / (ssvm_real)L;
    for (t = 0; t < L; t++) {
        int g = m->labels[p0 + t];
        for (s = 0; s < K; s++) {
            ssvm_real *c = u + (size_t)t * K + s;
            *c = (ssvm_real)(ws * (double)*c);
            if (s != g) *c += unit;
        }
    }
    for (s = 0; s < K * K; s++) tr[s] = (ssvm_real)(ws * (double)w[to + s]);
    /* k_max + 1 best, y_i dropped; for k_max = 1 the plain best first (the 2-best only when it is y_i) */
    got = ssvm_kbest_viterbi(L, K, k_max == 1 ? 1 : k_max + 1, u, tr, kb, paths, psc);
    if (got < 0) return got;
    if (k_max == 1 && got == 1) {
        for (r = 0; r < got; r++) {
            for (t = 0; t < L && paths[(size_t)r * L + t] == m->labels[p0 + t]; t++) {}
            if (t == L) break;
        }
        if (r < got) got = ssvm_kbest_viterbi(L, K, k_max + 1, u, tr, kb, paths, psc);
        if (got < 0) return got;
    }
    for (r = 0; r < got && out < k_max; r++) {
        const int *y = paths + (size_t)r * L;
        int wrong = 0;
        for (t = 0; t < L; t++) wrong += y[t] != m->labels[p0 + t];
        if (wrong == 0) continue; /* y_i: v = 0, nothing to learn from it */
        for (t = 0; t < L; t++) ys[(size_t)out * stride + t] = y[t];
        lens[out] = L;
        deltas[out] = (m->flags & SSVM_CHAIN_COUNTED_LOSS) ? (ssvm_real)wrong : (ssvm_real)wrong / (ssvm_real)L;
        out++;
    }
    return out;
}
STRUCTSVM_DEF ssvm_result ssvm_chain_kbest_sampler(ssvm_chain *m, ssvm_ms_sampler *out) {
    if (!m || !out) return SSVM_ERR_INVALID_ARG;
    if (m->n <= 0 || m->n_labels <= 0 || m->n_attrs <= 0 || !m->start || !m->labels || m->max_len <= 0)
        return SSVM_ERR_INVALID_ARG; /* not validated by ssvm_chain_problem */
    SSVM_MEMSET(out, 0, sizeof *out);
    out->sample = ssvm__ms_chain_sample;
    out->work_bytes = ssvm__ms_chain_work;
    out->user = m;
    out->scaled = 1;
    return SSVM_OK;
}

SSVM__PRIV size_t ssvm__ms_mc_work(void *user, int k_max) {
    ssvm_multiclass *m = (ssvm_multiclass *)user;
    (void)k_max;
    return (size_t)m->n_classes * (sizeof(ssvm_real) + 1) + 32;
}
SSVM__PRIV int ssvm__ms_mc_sample(void *user, int i, const ssvm_real *w, double ws, int k_max, void *work, int *ys,
                                  int stride, int *lens, ssvm_real *deltas) {
    ssvm_multiclass *m = (ssvm_multiclass *)user;
    int K = m->n_classes, g = m->labels[i], c, r, out = 0;
    ssvm_real *sc = (ssvm_real *)(void *)ssvm__align16(work);
    unsigned char *taken = (unsigned char *)(sc + K);
    for (c = 0; c < K; c++) {
        sc[c] = (ssvm_real)(ws * (double)ssvm__mc_score(m, w, i, c)) + ssvm__mc_cost(m, g, c);
        taken[c] = (unsigned char)(c == g);
    }
    for (r = 0; r < k_max; r++) {
        int best = -1;
        for (c = 0; c < K; c++)
            if (!taken[c] && (best < 0 || sc[c] > sc[best])) best = c; /* strict: ties to the lowest class */
        if (best < 0) break;
        taken[best] = 1;
        ys[(size_t)out * stride] = best;
        lens[out] = 1;
        deltas[out] = ssvm__mc_cost(m, g, best);
        out++;
    }
    return out;
}
STRUCTSVM_DEF ssvm_result ssvm_multiclass_sampler(ssvm_multiclass *m, ssvm_ms_sampler *out) {
    if (!m || !out) return SSVM_ERR_INVALID_ARG;
    if (m->n <= 0 || m->n_classes <= 0 || m->n_attrs <= 0 || !m->labels || (!m->x && (!m->row_start || !m->attr_id)))
        return SSVM_ERR_INVALID_ARG;
    SSVM_MEMSET(out, 0, sizeof *out);
    out->sample = ssvm__ms_mc_sample;
    out->work_bytes = ssvm__ms_mc_work;
    out->user = m;
    out->scaled = 1;
    out->multiclass = 1;
    return SSVM_OK;
}

/* the default sampler: the problem's loss-augmented oracle, one label; at ws * w through oracle_scaled when the
   problem has it (then the solver passes its scaled store, no O(d) copy) */
SSVM__PRIV int ssvm__ms_oracle_sample(void *user, int i, const ssvm_real *w, double ws, int k_max, void *work, int *ys,
                                      int stride, int *lens, ssvm_real *deltas) {
    const ssvm_problem *p = (const ssvm_problem *)user;
    int len;
    ssvm_result r;
    (void)k_max; (void)work; (void)stride;
    if ((r = ssvm__call_oracle_at(p, i, w, ssvm__scaled_ok(p) ? ws : 1.0, ys, &len, deltas)) != SSVM_OK) return r;
    lens[0] = len;
    return 1;
}

/* >>multisample: parameters, memory */
STRUCTSVM_DEF ssvm_ms_params ssvm_ms_params_init(void) {
    ssvm_ms_params q;
    SSVM_MEMSET(&q, 0, sizeof q);
    q.lambda = 0.01;
    q.K = 1;
    q.sweeps = 1;
    q.update = SSVM_MS_UPDATE_AUTO;
    q.line_search = 1;
    q.project = 1;
    q.loss_bound = 1;
    q.averaging = SSVM_MS_AVG_WEIGHTED; /* deviation: the paper's Theorem 2.1.3 averages uniformly */
    q.order = SSVM_MS_PERMUTATION;      /* deviation: Algorithm 3 visits i = t mod n */
    q.max_passes = 50;
    q.gap_tol = 1e-3;
    q.eval_every = 1;
    q.eval_iterate = 1;
    q.eval_average = 1;
    q.seed = 1;
    return q;
}
STRUCTSVM_DEF ssvm_result ssvm_ms_params_check(const ssvm_ms_params *q) {
    if (!q) return SSVM_ERR_INVALID_ARG;
    if (!(q->lambda > 0) || !ssvm__finite(q->lambda)) return SSVM_ERR_LAMBDA;
    if (q->K <= 0 || q->sweeps <= 0 || q->cache_size < 0 || q->max_passes < 0 || q->max_oracle_calls < 0 ||
        q->eval_every < 0 || !(q->max_seconds >= 0) || !(q->gap_tol >= 0) || !(q->loss_bound >= 0) ||
        !ssvm__finite(q->loss_bound) || !ssvm__finite(q->max_seconds) || !ssvm__finite(q->gap_tol))
        return SSVM_ERR_INVALID_ARG;
    if ((unsigned)q->update > (unsigned)SSVM_MS_UPDATE_MULTICLASS || (unsigned)q->averaging > (unsigned)SSVM_MS_AVG_WEIGHTED ||
        (unsigned)q->order > (unsigned)SSVM_MS_SEQUENCE)
        return SSVM_ERR_INVALID_ARG;
    if (q->K > (INT_MAX - 1) / 2 || q->cache_size > (INT_MAX - 1) / 2) return SSVM_ERR_OVERFLOW;
    if (q->order == SSVM_MS_SEQUENCE && (!q->sequence || q->sequence_len <= 0)) return SSVM_ERR_INVALID_ARG;
    if (!q->sampler.sample && (q->sampler.work_bytes || q->sampler.multiclass)) return SSVM_ERR_NULL_CALLBACK;
    if (q->update == SSVM_MS_UPDATE_MULTICLASS && !q->sampler.multiclass) return SSVM_ERR_NOT_SUPPORTED;
    if ((q->allocator.alloc != 0) != (q->allocator.free != 0)) return SSVM_ERR_NULL_CALLBACK;
#ifdef STRUCTSVM_NO_CLOCK
    if (q->max_seconds > 0 && !q->clock) return SSVM_ERR_NOT_SUPPORTED; /* no clock: the limit could never fire */
#endif
    return SSVM_OK;
}

SSVM__PRIV void ssvm__ms_take_svec(ssvm__arena *a, ssvm_svec *v, int d) {
    v->val = (ssvm_real *)ssvm__take(a, (size_t)d, sizeof(ssvm_real));
    v->idx = (int *)ssvm__take(a, (size_t)d, sizeof(int));
    v->mark = (unsigned char *)ssvm__take(a, (size_t)d, 1);
    v->d = d; v->nnz = 0; v->err = 0;
}
/* Lays out (or sizes, when a->base is NULL) every block; s->prob, s->par, s->smp must be set. */
SSVM__PRIV ssvm_result ssvm__ms_layout(ssvm_ms_solver *s, ssvm__arena *a) {
    const ssvm_problem *p = &s->prob;
    const ssvm_ms_params *q = &s->par;
    size_t d = (size_t)p->d, n = (size_t)p->n, ml = (size_t)p->max_label_len, slot, sw = 0;
    int cap = q->cache_size;
    slot = (1 + ml) * sizeof(int) + sizeof(ssvm_real);
    if (cap > 0 && q->cache_max_bytes > 0) {
        size_t per = n * slot;
        if (per > 0 && (size_t)cap > q->cache_max_bytes / per) cap = (int)(q->cache_max_bytes / per);
    }
    if (cap > 0 && n > ((size_t)-1) / (size_t)cap) return SSVM_ERR_OVERFLOW;
    s->cache_cap = cap;
    s->nbuf = q->K + cap;
    s->wv = (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real));
    s->zv = q->averaging != SSVM_MS_AVG_NONE ? (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real)) : 0;
    s->wtmp = (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real));
    ssvm__ms_take_svec(a, &s->u, p->d);
    ssvm__ms_take_svec(a, &s->v, p->d);
    ssvm__ms_take_svec(a, &s->e, p->d);
    s->ytrue = (int *)ssvm__take(a, ml, sizeof(int));
    s->ybuf2 = (int *)ssvm__take(a, 2 * ml, sizeof(int));
    s->ys = (int *)ssvm__take(a, (size_t)s->nbuf * ml, sizeof(int));
    s->lens = (int *)ssvm__take(a, (size_t)s->nbuf, sizeof(int));
    s->deltas = (ssvm_real *)ssvm__take(a, (size_t)s->nbuf, sizeof(ssvm_real));
    s->alpha = (double *)ssvm__take(a, (size_t)s->nbuf, sizeof(double));
    s->cq = (double *)ssvm__take(a, (size_t)s->nbuf, sizeof(double));
    s->ord = (int *)ssvm__take(a, (size_t)s->nbuf, sizeof(int));
    s->perm = q->order == SSVM_MS_PERMUTATION ? (int *)ssvm__take(a, n, sizeof(int)) : 0;
    s->cache = 0; s->cache_delta = 0; s->cache_count = 0;
    if (cap > 0) {
        s->cache = (int *)ssvm__take(a, n * (size_t)cap, (1 + ml) * sizeof(int));
        s->cache_delta = (ssvm_real *)ssvm__take(a, n * (size_t)cap, sizeof(ssvm_real));
        s->cache_count = (int *)ssvm__take(a, n, sizeof(int));
    }
    if (s->smp.work_bytes) {
        sw = s->smp.work_bytes(s->smp.user, q->K);
        if (sw == (size_t)-1) return SSVM_ERR_OVERFLOW;
    }
    s->swork = ssvm__take(a, sw ? sw : 1, 1);
    return a->overflow ? SSVM_ERR_OVERFLOW : SSVM_OK;
}
SSVM__PRIV void ssvm__ms_set_sampler(ssvm_ms_solver *s) {
    s->smp = s->par.sampler;
    if (!s->smp.sample) {
        SSVM_MEMSET(&s->smp, 0, sizeof s->smp);
        s->smp.sample = ssvm__ms_oracle_sample;
        s->smp.user = 0; /* ssvm_ms_step passes &s->prob: the solver struct may be copied */
        s->smp.scaled = ssvm__scaled_ok(&s->prob);
    }
}
STRUCTSVM_DEF ssvm_result ssvm_ms_heap_size(const ssvm_problem *p, const ssvm_ms_params *q, size_t *bytes) {
    ssvm_ms_solver s;
    ssvm__arena a = {0, 0, 0, 0};
    ssvm_result r;
    if (!bytes) return SSVM_ERR_INVALID_ARG;
    *bytes = 0;
    if ((r = ssvm_problem_check(p)) != SSVM_OK) return r;
    if ((r = ssvm_ms_params_check(q)) != SSVM_OK) return r;
    SSVM_MEMSET(&s, 0, sizeof s);
    s.prob = *p; s.par = *q;
    ssvm__ms_set_sampler(&s);
    if ((r = ssvm__ms_layout(&s, &a)) != SSVM_OK) return r;
    if (a.used > ((size_t)-1) - 16) return SSVM_ERR_OVERFLOW;
    *bytes = a.used + 16;
    return SSVM_OK;
}
SSVM__PRIV void ssvm__ms_reset(ssvm_ms_solver *s) {
    size_t d = (size_t)s->prob.d;
    int i;
    s->use_mc = s->par.update == SSVM_MS_UPDATE_MULTICLASS ||
                (s->par.update == SSVM_MS_UPDATE_AUTO && s->smp.multiclass);
    SSVM_MEMSET(s->wv, 0, d * sizeof(ssvm_real));
    if (s->zv) SSVM_MEMSET(s->zv, 0, d * sizeof(ssvm_real));
    SSVM_MEMSET(s->u.mark, 0, d); SSVM_MEMSET(s->v.mark, 0, d); SSVM_MEMSET(s->e.mark, 0, d);
    if (s->cache_count) for (i = 0; i < s->prob.n; i++) s->cache_count[i] = 0;
    s->w_scale = 1; s->ww = 0; s->avg_p = 0; s->avg_q = 1; s->A = 0;
    s->bound = s->par.loss_bound;
    s->t = 0; s->seq_pos = 0; s->rng = s->par.seed; s->online_loss = 0;
    s->best = s->par.averaging != SSVM_MS_AVG_NONE ? SSVM_W_AVERAGE : SSVM_W_ITERATE;
    SSVM_MEMSET(&s->last, 0, sizeof s->last);
    SSVM_MEMSET(&s->prog, 0, sizeof s->prog);
    s->prog.primal = s->prog.dual = s->prog.gap = ssvm__nan();
    s->prog.primal_avg = s->prog.dual_avg = s->prog.gap_avg = ssvm__nan();
    s->prog.state_bytes = s->heap_bytes;
}
STRUCTSVM_DEF ssvm_result ssvm_ms_init_preallocated(ssvm_ms_solver *s, const ssvm_problem *p, const ssvm_ms_params *q,
                                                    void *heap, size_t bytes) {
    size_t need;
    ssvm__arena a;
    ssvm_result r;
    if (!s || !heap) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_ms_heap_size(p, q, &need)) != SSVM_OK) return r;
    if (bytes < need) return SSVM_ERR_WORKSPACE;
    SSVM_MEMSET(s, 0, sizeof *s);
    s->prob = *p; s->par = *q;
    ssvm__ms_set_sampler(s);
    a.base = ssvm__align16(heap); a.used = 0; a.cap = bytes - 16; a.overflow = 0;
    if ((r = ssvm__ms_layout(s, &a)) != SSVM_OK) return r;
    s->heap = heap; s->heap_bytes = need; s->owns_heap = 0;
    ssvm__ms_reset(s);
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_ms_init(ssvm_ms_solver *s, const ssvm_problem *p, const ssvm_ms_params *q) {
    size_t need;
    void *heap;
    ssvm_result r;
    if (!s) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_ms_heap_size(p, q, &need)) != SSVM_OK) return r;
    if ((r = ssvm__heap_for(&q->allocator, need, &heap)) != SSVM_OK) return r;
    r = ssvm_ms_init_preallocated(s, p, q, heap, need);
    s->heap = heap; s->owns_heap = 1;
    if (r != SSVM_OK) { ssvm_ms_uninit(s); return r; }
    return SSVM_OK;
}
STRUCTSVM_DEF void ssvm_ms_uninit(ssvm_ms_solver *s) {
    if (!s) return;
    if (s->owns_heap) ssvm__free_with(&s->par.allocator, s->heap);
    s->heap = 0; s->owns_heap = 0;
}

/* >>multisample: the lazily scaled iterate and average */
SSVM__PRIV double ssvm__ms_now(const ssvm_ms_solver *s) {
    if (s->par.clock) return s->par.clock(s->par.clock_user);
#ifndef STRUCTSVM_NO_CLOCK
    return (double)clock() / (double)CLOCKS_PER_SEC;
#else
    return 0.0;
#endif
}
/* wv <- w_scale*wv, zv <- w_bar, |wv|^2 recomputed: O(d), once per pass or when a scale runs out of range */
SSVM__PRIV void ssvm__ms_fold(ssvm_ms_solver *s) {
    int j, d = s->prob.d;
    double ww = 0, a = s->w_scale;
    if (s->zv) {
        for (j = 0; j < d; j++) s->zv[j] = (ssvm_real)(s->avg_p * (double)s->wv[j] + s->avg_q * (double)s->zv[j]);
        s->avg_p = 0; s->avg_q = 1;
    }
    for (j = 0; j < d; j++) {
        double x = a * (double)s->wv[j];
        s->wv[j] = (ssvm_real)x;
        ww += (double)s->wv[j] * (double)s->wv[j];
    }
    s->w_scale = 1; s->ww = ww;
}
SSVM__PRIV void ssvm__ms_materialize(const ssvm_ms_solver *s, int average, ssvm_real *out) {
    int j, d = s->prob.d;
    if (average && s->zv) {
        for (j = 0; j < d; j++) out[j] = (ssvm_real)(s->avg_p * (double)s->wv[j] + s->avg_q * (double)s->zv[j]);
    } else {
        for (j = 0; j < d; j++) out[j] = (ssvm_real)(s->w_scale * (double)s->wv[j]);
    }
}
/* w_bar <- (1 - rho) w_bar + rho w, O(1) */
SSVM__PRIV void ssvm__ms_avg_push(ssvm_ms_solver *s, double rho) {
    if (!s->zv) return;
    if (rho >= 1) { /* restart at w */
        SSVM_MEMSET(s->zv, 0, (size_t)s->prob.d * sizeof(ssvm_real));
        s->avg_p = s->w_scale; s->avg_q = 1;
        return;
    }
    s->avg_p = (1 - rho) * s->avg_p + rho * s->w_scale;
    s->avg_q = (1 - rho) * s->avg_q;
}
/* The move u <- u + g E, w <- w - g E/(lambda t) (eqs. 15-16 with E = v, or E = v - u for a swap), in O(nnz(E)):
   wv and the lazy average compensate in the touched coordinates only; |wv|^2 is updated exactly. */
SSVM__PRIV void ssvm__ms_apply(ssvm_ms_solver *s, const ssvm_svec *E, double g, double lt, int add_to_u) {
    double c = -g / (lt * s->w_scale), comp = s->zv ? s->avg_p / s->avg_q : 0, ww = s->ww;
    int k;
    for (k = 0; k < E->nnz; k++) {
        int j = E->idx[k];
        double x = (double)E->val[j], old = (double)s->wv[j], nw;
        s->wv[j] = (ssvm_real)(old + c * x);
        nw = (double)s->wv[j];
        ww += nw * nw - old * old;
        if (s->zv) s->zv[j] = (ssvm_real)((double)s->zv[j] - comp * (nw - old));
        if (add_to_u) ssvm_svec_add(&s->u, j, (ssvm_real)(g * x));
    }
    s->ww = ww < 0 ? 0 : ww;
}
/* <w, E> with w = w_scale * wv, and |E|^2 */
SSVM__PRIV void ssvm__ms_dots(const ssvm_ms_solver *s, const ssvm_svec *E, double *wE, double *EE) {
    double a = 0, b = 0;
    int k;
    for (k = 0; k < E->nnz; k++) {
        int j = E->idx[k];
        double x = (double)E->val[j];
        a += (double)s->wv[j] * x;
        b += x * x;
    }
    *wE = s->w_scale * a;
    *EE = b;
}
/* out = phi(x_i, y) - phi(x_i, y_i) = v(X_i, y), eq. 7 */
SSVM__PRIV ssvm_result ssvm__ms_build_v(ssvm_ms_solver *s, int i, const int *y, int len, int tlen, ssvm_svec *out) {
    const ssvm_problem *p = &s->prob;
    int rc;
    ssvm_svec_clear(out);
    if ((rc = p->phi(p->user, i, y, len, 1, out)) < 0) return (ssvm_result)rc;
    if ((rc = p->phi(p->user, i, s->ytrue, tlen, -1, out)) < 0) return (ssvm_result)rc;
    if (out->err) return (ssvm_result)out->err;
    { /* drop the entries that cancelled (positions where y agrees with y_i): later passes skip them */
        int k, m = 0;
        for (k = 0; k < out->nnz; k++) {
            int j = out->idx[k];
            if (out->val[j] != 0) out->idx[m++] = j;
            else out->mark[j] = 0;
        }
        out->nnz = m;
    }
    return SSVM_OK;
}

/* The closed-form maximiser of the one-dimensional dual gain
       Delta D(g) = g (wE + lE) - g^2 EE / (2 lambda t),   g in [lo, hi]
   of the move u <- u + g E: the expand move (Algorithm 1 line 5: E = v_j, lE = Delta_j) and the swap move
   (line 9 / eq. 14: E = v_j - u_t^{j-1}, lE = Delta_j - D_t^{j-1}). EE = 0: the gain is linear. */
SSVM__PRIV double ssvm__ms_move_step(double wE, double lE, double EE, double lt, double lo, double hi) {
    double num = wE + lE, g;
    if (EE > 0) g = lt * num / EE;
    else g = num > 0 ? hi : (num < 0 ? lo : 0);
    if (g < lo) g = lo;
    if (g > hi) g = hi;
    return g;
}
SSVM__PRIV SSVM__MAYBE_UNUSED double ssvm__ms_move_gain(double g, double wE, double lE, double EE, double lt) {
    return g * (wE + lE) - g * g * EE / (2 * lt);
}

/* The exact multiclass update, Algorithm 2 corrected (see the README): minimise
       1/2 a' Q a + c' a  subject to a >= 0, sum a <= 1,   Q = qn (I + 11'),  qn = |phi(x)|^2 > 0
   with cq = c/qn given. KKT: a_j = max(0, theta - cq_j) with, for the active set A of the n smallest cq and
   C = sum_A cq, theta = C/(n+1) if that leaves sum a < 1, else (1+C)/n; the valid one is always the smaller,
   theta = min(C/(n+1), (1+C)/n) (eq. 25's inverse with the simplex constraint). The n-th smallest enters iff
   cq_(n) < theta of the first n-1 (equivalently of the first n), so the loop stops at the first failure.
   ord: K ints of scratch. Returns the active-set size. */
SSVM__PRIV int ssvm__ms_mcqp(int K, const double *cq, double *alpha, int *ord) {
    int j, k, n = 0;
    double S = 0, theta = 0;
    for (j = 0; j < K; j++) { /* insertion sort by (cq, index): ascending, deterministic */
        int x = ord[j] = j;
        for (k = j; k > 0 && cq[ord[k - 1]] > cq[x]; k--) ord[k] = ord[k - 1];
        ord[k] = x;
        alpha[j] = 0;
    }
    for (k = 0; k < K; k++) {
        double c = cq[ord[k]];
        theta = n == 0 ? 0 : (S / (n + 1) < (1 + S) / n ? S / (n + 1) : (1 + S) / n);
        if (!(c < theta)) break;
        S += c; n++;
    }
    if (n == 0) return 0;
    theta = S / (n + 1) < (1 + S) / n ? S / (n + 1) : (1 + S) / n;
    for (k = 0; k < n; k++) alpha[ord[k]] = theta - cq[ord[k]];
    return n;
}

/* per-example cache of earlier violators, most recent first */
SSVM__PRIV int *ssvm__ms_slot(const ssvm_ms_solver *s, int i, int c) {
    return s->cache + ((size_t)i * (size_t)s->cache_cap + (size_t)c) * (size_t)(1 + s->prob.max_label_len);
}
SSVM__PRIV int ssvm__ms_same(const int *a, int la, const int *b, int lb) {
    int k;
    if (la != lb) return 0;
    for (k = 0; k < la; k++) if (a[k] != b[k]) return 0;
    return 1;
}
SSVM__PRIV void ssvm__ms_cache_touch(ssvm_ms_solver *s, int i, const int *y, int len, ssvm_real delta) {
    int cnt = s->cache_count[i], pos, c, ml = s->prob.max_label_len;
    int *base = ssvm__ms_slot(s, i, 0);
    ssvm_real *db = s->cache_delta + (size_t)i * (size_t)s->cache_cap;
    for (pos = 0; pos < cnt; pos++) {
        int *sl = base + (size_t)pos * (1 + ml);
        if (ssvm__ms_same(sl + 1, sl[0], y, len)) break;
    }
    if (pos == cnt) { /* new: drop the oldest when full */
        if (cnt < s->cache_cap) s->cache_count[i] = ++cnt;
        pos = cnt - 1;
    }
    for (c = pos; c > 0; c--) { /* shift [0, pos) down by one slot, free slot 0 */
        SSVM_MEMCPY(base + (size_t)c * (1 + ml), base + (size_t)(c - 1) * (1 + ml), (size_t)(1 + ml) * sizeof(int));
        db[c] = db[c - 1];
    }
    base[0] = len;
    for (c = 0; c < len; c++) base[1 + c] = y[c];
    db[0] = delta;
}

/* >>multisample: one step, Algorithm 3 lines 2-5 around Algorithm 1 (or 2) */
STRUCTSVM_DEF ssvm_result ssvm_ms_step(ssvm_ms_solver *s, int i, ssvm_ms_step_info *info) {
    const ssvm_problem *p;
    const ssvm_ms_params *q;
    ssvm_ms_step_info st;
    double lam, lt, a_prev, w2_prev, Dk = 0, asum = 0, bnd, r2;
    long long t;
    int tlen, got, ns = 0, j, k, sw, ml, first_argmax = 0, rc;
    const ssvm_real *wpass;
    double g1 = 0, vv1 = 0;
    ssvm_result r;
    if (!s || !s->heap) return SSVM_ERR_INVALID_ARG;
    p = &s->prob; q = &s->par; ml = p->max_label_len;
    if (i < 0 || i >= p->n) return SSVM_ERR_INVALID_ARG;
    t = s->t + 1;
    lam = q->lambda; lt = lam * (double)t;
    a_prev = s->w_scale;
    w2_prev = a_prev * a_prev * s->ww;
    SSVM_MEMSET(&st, 0, sizeof st);
    st.t = t; st.example = i;
    st.dual_before = s->A - 0.5 * lam * (double)(t - 1) * w2_prev; /* D_{t-1} (D_0 = 0) */

    tlen = p->truth(p->user, i, s->ytrue);
    if (tlen < 0) return (ssvm_result)tlen;
    if (tlen == 0 || tlen > ml) return SSVM_ERR_LABEL;

    /* Algorithm 1 line 1: the samples, at w^{t-1} */
    if (s->smp.scaled) wpass = s->wv;
    else { ssvm__ms_materialize(s, 0, s->wtmp); wpass = s->wtmp; }
    got = s->smp.sample(q->sampler.sample ? s->smp.user : (void *)&s->prob, i, wpass, s->smp.scaled ? s->w_scale : 1.0, q->K, s->swork, s->ys, ml, s->lens,
                        s->deltas);
    if (got < 0) return (ssvm_result)got;
    if (got > q->K) return SSVM_ERR_CALLBACK;
    s->prog.oracle_calls++;
    /* keep the labels that are not y_i and not repeats; append the cached ones */
    for (j = 0; j < got; j++) {
        int *y = s->ys + (size_t)j * ml, len = s->lens[j], dup;
        double dl = (double)s->deltas[j];
        if (len <= 0 || len > ml) return SSVM_ERR_CALLBACK;
        if (!ssvm__finite(dl) || dl < 0) return SSVM_ERR_LOSS;
        dup = ssvm__ms_same(y, len, s->ytrue, tlen);
        for (k = 0; k < ns && !dup; k++) dup = ssvm__ms_same(y, len, s->ys + (size_t)k * ml, s->lens[k]);
        if (dup) continue;
        if (j == 0) first_argmax = 1;
        if (ns != j) {
            for (k = 0; k < len; k++) s->ys[(size_t)ns * ml + k] = y[k];
            s->lens[ns] = len; s->deltas[ns] = s->deltas[j];
        }
        ns++;
    }
    if (s->cache_cap > 0) {
        int c;
        for (c = 0; c < s->cache_count[i]; c++) {
            int *sl = ssvm__ms_slot(s, i, c), dup = 0;
            for (k = 0; k < ns && !dup; k++) dup = ssvm__ms_same(sl + 1, sl[0], s->ys + (size_t)k * ml, s->lens[k]);
            if (dup) continue;
            for (k = 0; k < sl[0]; k++) s->ys[(size_t)ns * ml + k] = sl[1 + k];
            s->lens[ns] = sl[0];
            s->deltas[ns] = s->cache_delta[(size_t)i * (size_t)s->cache_cap + (size_t)c];
            ns++;
        }
    }
    for (j = 0; j < ns; j++) { s->alpha[j] = 0; if ((double)s->deltas[j] > s->bound) s->bound = (double)s->deltas[j]; }
    st.n_samples = ns;

    /* Theorem 2.1.3's average of w^{t-1} */
    if (q->averaging == SSVM_MS_AVG_UNIFORM) ssvm__ms_avg_push(s, 1.0 / (double)t);
    /* Algorithm 1 line 2: w^{t,0} = (t-1)/t w^{t-1}, u = 0, D = 0, alpha = 0. At t = 1, w^0 = 0: keep the scale. */
    if (t > 1) s->w_scale *= (double)(t - 1) / (double)t;
    ssvm_svec_clear(&s->u);

    if (ns > 0 && !q->line_search) {
        /* Lemma 2.2's simple step (Pegasos): alpha = 1 on the subgradient v_1 if it is one (l(w^{t-1}) > 0;
           a sampler that skips y_i returns a non-violating label when y_i is the argmax), nothing else */
        if (first_argmax) {
            if ((r = ssvm__ms_build_v(s, i, s->ys, s->lens[0], tlen, &s->v)) != SSVM_OK) return r;
            ssvm__ms_dots(s, &s->v, &g1, &vv1);
            g1 = s->w_scale > 0 ? g1 * a_prev / s->w_scale : 0;
            if (g1 + (double)s->deltas[0] > 0) {
                ssvm__ms_apply(s, &s->v, 1.0, lt, 0);
                s->alpha[0] = 1; asum = 1; Dk = (double)s->deltas[0];
            }
        }
    } else if (ns > 0 && s->use_mc) {
        /* Algorithm 2 (corrected): c_j = -lambda t (<w^{t,0}, v_j> + Delta_j), eq. 11 at w^{t,0} */
        double qn = 0, g, vv;
        for (j = 0; j < ns; j++) {
            if ((r = ssvm__ms_build_v(s, i, s->ys + (size_t)j * ml, s->lens[j], tlen, &s->v)) != SSVM_OK) return r;
            ssvm__ms_dots(s, &s->v, &g, &vv);
            if (j == 0) {
                qn = 0.5 * vv; /* |v|^2 = 2 |phi(x)|^2 for a class other than y_i (eq. 21) */
                if (first_argmax) { g1 = s->w_scale > 0 ? g * a_prev / s->w_scale : 0; vv1 = vv; }
            } else if (vv > 2 * qn * (1 + 1e-5) + 1e-300 || vv < 2 * qn * (1 - 1e-5)) {
                return SSVM_ERR_CALLBACK; /* the sampler's labels do not have the multiclass Gram matrix */
            }
            s->cq[j] = -lt * (g + (double)s->deltas[j]);
        }
        if (qn > 0) {
            for (j = 0; j < ns; j++) s->cq[j] /= qn;
            ssvm__ms_mcqp(ns, s->cq, s->alpha, s->ord);
        } else { /* phi(x) = 0: the gain is linear, all weight on the smallest c if it is negative */
            int b = 0;
            for (j = 1; j < ns; j++) if (s->cq[j] < s->cq[b]) b = j;
            for (j = 0; j < ns; j++) s->alpha[j] = 0;
            if (s->cq[b] < 0) s->alpha[b] = 1;
        }
        /* u_t = sum_j alpha_j v_j, built from phi in O(sum of nnz); w^t = w^{t,0} - u_t/(lambda t) */
        ssvm_svec_clear(&s->e);
        for (j = 0; j < ns; j++) {
            if (s->alpha[j] <= 0) continue;
            rc = p->phi(p->user, i, s->ys + (size_t)j * ml, s->lens[j], (ssvm_real)s->alpha[j], &s->e);
            if (rc < 0) return (ssvm_result)rc;
            asum += s->alpha[j];
            Dk += s->alpha[j] * (double)s->deltas[j];
        }
        if (asum > 0) {
            if ((rc = p->phi(p->user, i, s->ytrue, tlen, (ssvm_real)-asum, &s->e)) < 0) return (ssvm_result)rc;
            if (s->e.err) return (ssvm_result)s->e.err;
            ssvm__ms_apply(s, &s->e, 1.0, lt, 0); /* u_t itself is not needed after the update */
        }
    } else if (ns > 0) {
        /* Algorithm 1, lines 3-16. Repeated sweeps (line 16) revisit a sample that already has weight: the expand
           move is then exact coordinate ascent on alpha_j in [0, 1 - sum of the others] (it may lower alpha_j),
           and the swap move is the paper's with that sample's weight included in u (a move towards the vertex
           e_j); on the first sweep both are exactly lines 5 and 9. */
        for (sw = 0; sw < q->sweeps; sw++) {
            for (j = 0; j < ns; j++) {
                double wE, EE, g, lo, hi;
                const int *y = s->ys + (size_t)j * ml;
                if ((r = ssvm__ms_build_v(s, i, y, s->lens[j], tlen, &s->v)) != SSVM_OK) return r;
                if (asum < 1) { /* expand, line 5 */
                    ssvm__ms_dots(s, &s->v, &wE, &EE);
                    if (sw == 0 && j == 0 && first_argmax) { g1 = s->w_scale > 0 ? wE * a_prev / s->w_scale : 0; vv1 = EE; }
                    lo = -s->alpha[j]; hi = 1 - asum;
                    g = ssvm__ms_move_step(wE, (double)s->deltas[j], EE, lt, lo, hi);
                    if (g == 0) continue;
                    ssvm__ms_apply(s, &s->v, g, lt, sw + 1 < q->sweeps || j + 1 < ns); /* u is read by later moves only */
                    s->alpha[j] += g;
                    if (g == hi) asum = 1; /* line 7 reaches the simplex face exactly */
                    else asum += g;
                    Dk += g * (double)s->deltas[j]; /* eq. 17 with s = 1 */
                } else { /* swap, line 9 / eq. 14 with the corrected denominator |v_j - u|^2 */
                    double lE = (double)s->deltas[j] - Dk, sc;
                    int m;
                    ssvm_svec_clear(&s->e);
                    for (m = 0; m < s->v.nnz; m++) ssvm_svec_add(&s->e, s->v.idx[m], s->v.val[s->v.idx[m]]);
                    for (m = 0; m < s->u.nnz; m++) ssvm_svec_add(&s->e, s->u.idx[m], -s->u.val[s->u.idx[m]]);
                    if (s->e.err) return (ssvm_result)s->e.err;
                    ssvm__ms_dots(s, &s->e, &wE, &EE);
                    g = ssvm__ms_move_step(wE, lE, EE, lt, 0, 1);
                    if (g == 0) continue;
                    /* u <- (1-g) u + g v_j = u + g (v_j - u) (eq. 15, s = 1 - g); w per eq. 16 */
                    ssvm__ms_apply(s, &s->e, g, lt, sw + 1 < q->sweeps || j + 1 < ns);
                    sc = 1 - g;
                    for (m = 0; m < ns; m++) s->alpha[m] *= sc;
                    s->alpha[j] += g;
                    Dk = sc * Dk + g * (double)s->deltas[j]; /* eq. 17 */
                }
            }
        }
    }
    if (s->u.err) return (ssvm_result)s->u.err;

    /* the loss f(w^{t-1}; Z_t) this step suffered and its gradient lambda w^{t-1} + v_1 (Lemma 2.2) */
    if (first_argmax && g1 + (double)s->deltas[0] > 0) {
        st.hinge = g1 + (double)s->deltas[0];
        st.grad_norm2 = lam * lam * w2_prev + 2 * lam * g1 + vv1;
    } else {
        st.hinge = 0;
        st.grad_norm2 = lam * lam * w2_prev;
    }
    if (st.grad_norm2 < 0) st.grad_norm2 = 0;
    st.loss = 0.5 * lam * w2_prev + st.hinge;
    s->online_loss += st.loss;

    /* D_t = A_t - (lambda t/2)|w^t|^2, A_t = A_{t-1} + D_t^K (eq. 13) */
    s->A += Dk;
    st.dual_update = s->A - 0.5 * lt * s->w_scale * s->w_scale * s->ww;
    st.alpha_sum = asum;
    st.proj_scale = 1;
    /* Algorithm 3 line 5 with radius sqrt(B/lambda): scaling w scales every alpha, and A with them (Lemma 2.3) */
    bnd = s->bound > 0 ? s->bound : 0;
    r2 = bnd / lam;
    if (q->project && s->w_scale * s->w_scale * s->ww > r2) {
        double sc = bnd > 0 ? ssvm__ms_sqrt(r2 / (s->w_scale * s->w_scale * s->ww)) : 0;
        if (sc > 0) { s->w_scale *= sc; s->A *= sc; }
        else { /* B = 0: every loss is 0, the ball is {0}; fold first so that w_bar does not move */
            ssvm__ms_fold(s);
            SSVM_MEMSET(s->wv, 0, (size_t)p->d * sizeof(ssvm_real));
            s->ww = 0; s->A = 0;
        }
        st.proj_scale = sc;
    }
    st.dual = s->A - 0.5 * lt * s->w_scale * s->w_scale * s->ww;
    if (q->averaging == SSVM_MS_AVG_WEIGHTED) ssvm__ms_avg_push(s, 2.0 / (double)(t + 1));
    /* remember the labels that carry weight */
    if (s->cache_cap > 0)
        for (j = ns - 1; j >= 0; j--)
            if (s->alpha[j] > 0) ssvm__ms_cache_touch(s, i, s->ys + (size_t)j * ml, s->lens[j], s->deltas[j]);
    s->t = t;
    s->prog.steps++;
    s->last = st;
    if (info) *info = st;
    /* keep the scales in range (O(d), rare: they shrink like 1/t within a pass and are folded every pass) */
    if (s->w_scale < 1e-30 || (s->zv && s->avg_q < 1e-30)) ssvm__ms_fold(s);
    return SSVM_OK;
}

SSVM__PRIV int ssvm__ms_next(ssvm_ms_solver *s) {
    const ssvm_ms_params *q = &s->par;
    int n = s->prob.n, i;
    long long pos = s->seq_pos++;
    if (q->order == SSVM_MS_SEQUENCE) {
        i = q->sequence[pos % q->sequence_len];
        return (i >= 0 && i < n) ? i : -1;
    }
    if (q->order == SSVM_MS_PERMUTATION) {
        int k = (int)(pos % n);
        if (k == 0) {
            int j;
            for (j = 0; j < n; j++) s->perm[j] = j;
            for (j = n - 1; j > 0; j--) {
                int r = ssvm__rand_below(&s->rng, j + 1), tmp = s->perm[j];
                s->perm[j] = s->perm[r]; s->perm[r] = tmp;
            }
        }
        return s->perm[k];
    }
    return (int)(pos % n);
}
STRUCTSVM_DEF ssvm_result ssvm_ms_pass(ssvm_ms_solver *s) {
    int k;
    double t0;
    ssvm_result r = SSVM_OK;
    if (!s || !s->heap) return SSVM_ERR_INVALID_ARG;
    t0 = ssvm__ms_now(s);
    for (k = 0; k < s->prob.n; k++) {
        int i = ssvm__ms_next(s);
        if (i < 0) { r = SSVM_ERR_INVALID_ARG; break; }
        if ((r = ssvm_ms_step(s, i, 0)) != SSVM_OK) break;
        if (s->par.max_oracle_calls && s->prog.oracle_calls >= s->par.max_oracle_calls) break;
    }
    ssvm__ms_fold(s); /* exact |w|^2 for the dual, fresh scales */
    s->prog.seconds += ssvm__ms_now(s) - t0;
    if (r == SSVM_OK) s->prog.pass++;
    return r;
}
STRUCTSVM_DEF ssvm_result ssvm_ms_evaluate(ssvm_ms_solver *s, int iterate, int average, ssvm_progress *out) {
    double t0, P;
    ssvm_result r = SSVM_OK;
    if (!s || !s->heap) return SSVM_ERR_INVALID_ARG;
    t0 = ssvm__ms_now(s);
    s->prog.primal = s->prog.dual = s->prog.gap = ssvm__nan();
    s->prog.primal_avg = s->prog.dual_avg = s->prog.gap_avg = ssvm__nan();
    if (iterate) {
        ssvm__ms_materialize(s, 0, s->wtmp);
        r = ssvm_primal(&s->prob, s->par.lambda, s->wtmp, &s->v, s->ybuf2, &P);
        s->prog.eval_oracle_calls += s->prob.n;
        if (r == SSVM_OK) {
            s->prog.primal = P;
            if (s->t > 0) {
                s->prog.dual = (s->A - 0.5 * s->par.lambda * (double)s->t * s->w_scale * s->w_scale * s->ww) / (double)s->t;
                s->prog.gap = P - s->prog.dual;
            }
        }
    }
    if (r == SSVM_OK && average && s->zv) {
        ssvm__ms_materialize(s, 1, s->wtmp);
        r = ssvm_primal(&s->prob, s->par.lambda, s->wtmp, &s->v, s->ybuf2, &P);
        s->prog.eval_oracle_calls += s->prob.n;
        if (r == SSVM_OK) s->prog.primal_avg = P;
    }
    s->prog.eval_seconds += ssvm__ms_now(s) - t0;
    if (r != SSVM_OK) return r;
    if (s->prog.primal == s->prog.primal && s->prog.primal_avg == s->prog.primal_avg)
        s->best = s->prog.primal_avg <= s->prog.primal ? SSVM_W_AVERAGE : SSVM_W_ITERATE;
    if (out) *out = s->prog;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_ms_run(ssvm_ms_solver *s) {
    const ssvm_ms_params *q;
    ssvm_result r;
    if (!s || !s->heap) return SSVM_ERR_INVALID_ARG;
    q = &s->par;
    for (;;) {
        if (q->max_passes && s->prog.pass >= q->max_passes) return SSVM_MAX_PASSES;
        if (q->max_oracle_calls && s->prog.oracle_calls >= q->max_oracle_calls) return SSVM_MAX_ORACLE_CALLS;
        if (q->max_seconds > 0 && s->prog.seconds >= q->max_seconds) return SSVM_MAX_SECONDS;
        if ((r = ssvm_ms_pass(s)) != SSVM_OK) return r;
        s->prog.primal = s->prog.dual = s->prog.gap = ssvm__nan();
        s->prog.primal_avg = s->prog.dual_avg = s->prog.gap_avg = ssvm__nan();
        if (q->eval_every && s->prog.pass % q->eval_every == 0 && (q->eval_iterate || (q->eval_average && s->zv)))
            if ((r = ssvm_ms_evaluate(s, q->eval_iterate, q->eval_average, 0)) != SSVM_OK) return r;
        if (q->progress && q->progress(q->progress_user, &s->prog)) return SSVM_STOPPED_BY_USER;
        /* P(w) - D_t/t certifies only after whole passes in which every example was visited equally
           often (D_T/T <= min F_T/T, Thm 2.1): not after a pass cut short, nor for a caller's sequence */
        if (q->gap_tol > 0 && s->prog.gap == s->prog.gap && s->prog.gap <= q->gap_tol &&
            q->order != SSVM_MS_SEQUENCE && s->prog.steps % s->prob.n == 0) {
            s->best = SSVM_W_ITERATE;
            return SSVM_CONVERGED;
        }
    }
}
STRUCTSVM_DEF ssvm_result ssvm_ms_weights(ssvm_ms_solver *s, ssvm_which which, ssvm_real *out) {
    if (!s || !out || !s->heap) return SSVM_ERR_INVALID_ARG;
    if (which == SSVM_W_BEST) which = (ssvm_which)s->best;
    if (which == SSVM_W_AVERAGE) {
        if (!s->zv) return SSVM_ERR_NOT_SUPPORTED;
        ssvm__ms_materialize(s, 1, out);
    } else if (which == SSVM_W_ITERATE) ssvm__ms_materialize(s, 0, out);
    else return SSVM_ERR_INVALID_ARG;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_ms_train(const ssvm_problem *p, const ssvm_ms_params *q, ssvm_real *w_out,
                                        ssvm_progress *final) {
    ssvm_ms_solver s;
    ssvm_result r, r2;
    if (!w_out) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_ms_init(&s, p, q)) != SSVM_OK) return r;
    r = ssvm_ms_run(&s);
    if (r >= 0) {
        r2 = ssvm_ms_weights(&s, q->averaging != SSVM_MS_AVG_NONE ? SSVM_W_AVERAGE : SSVM_W_ITERATE, w_out);
        if (r2 != SSVM_OK) r = r2;
    }
    if (final) *final = s.prog;
    ssvm_ms_uninit(&s);
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
