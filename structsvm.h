/* structsvm.h - v0.13.0 - public domain (Unlicense) structured SVM trainer and decoders in one C header.

   Do this:
       #define STRUCTSVM_IMPLEMENTATION
   before you include this file in *one* C or C++ file to create the implementation.

   >>manual (see the MANUAL block below for the quick start, options table, API, limits, changes, licence)
*/
/* MANUAL
   =====================================================================================================
   CONTENTS (a guide, then a reference; comments in the code cite the capitalised names, e.g. "MANUAL: GAPS")
     1. QUICK START   2. CONCEPTS: problem, oracle, gap and results, STATE, engine   3. MODELS
     4. SOLVERS: SOLVERS AT A GLANCE (the table); BCFW's options: APPROXIMATE ORACLES, GAPS, EXACT BLOCK STEPS,
        PARALLEL BCFW, DISTRIBUTED TRAINING, STATISTICS INTERFACE and SPEED; the other solvers: ONLINE MULTI-SAMPLE,
        DUAL EXTRAGRADIENT, CLIQUE GENERATION, 1-SLACK CUTTING PLANE, KERNELS, ONLINE EG, SURROGATE LOSSES
     5. THE ENGINE: stopping rules, evaluation, what ssvm_train returns, sampling, example weights, REPRODUCIBILITY
     6. DEVIATIONS FROM THE PAPERS (every ID with its >>marker)   7. FILES: MODEL FILES, READERS, CHECKPOINTS
     8. BUILD OPTIONS   9. API REFERENCE: API GRAMMAR, API, CALLBACKS   10. DOES NOT
   Measured figures and timings: bench/README.md. Changes and migration tables: VERSION HISTORY (end of file).

   =====================================================================================================
   1. QUICK START (multiclass, dense features; examples/multiclass.c is the complete program)

       ssvm_multiclass_config mc = ssvm_multiclass_config_init(n, K, F, x, labels); // n examples, K classes,
       ssvm_multiclass m;                                       // F features; x is n x F, row-major
       ssvm_problem prob;
       ssvm_progress final;
       if (ssvm_multiclass_init(&mc, &m) != SSVM_OK) return 1; // validates labels, NaN/Inf, ids, costs once
       ssvm_multiclass_problem(&m, &prob);                      // built-in feature map + loss-augmented oracle
       ssvm_solver_config cfg = ssvm_solver_config_init(&prob, SSVM_BCFW);  // defaults; edit what you need
       cfg.lambda = 0.01; cfg.max_passes = 50;
       size_t w_bytes = (size_t)prob.d * sizeof(ssvm_real);
       ssvm_real *w = (ssvm_real *)malloc(w_bytes);
       ssvm_result r = ssvm_train(&cfg, w, w_bytes, &final);   // > 0: the rule that stopped it, < 0: error
       if (r < 0) printf("%s\n", ssvm_result_string(r));
       else printf("w is the %s\n", final.returned == SSVM_W_AVERAGE ? "average" : "iterate");
       int yhat; ssvm_multiclass_predict(K, F, w, x_new, &yhat);
       free(w); ssvm_multiclass_uninit(&m);

   Other models: 3 (examples/chain.c, multilabel.c, house.c). Other solvers: 4. Saving the model: 7.

   2. CONCEPTS
   Problem. n examples (x_i, y_i), a joint feature map phi into R^d and a loss Delta(y_i, y) >= 0; training
     minimises P(w) = lambda/2 |w|^2 + (1/n) sum_i H_i(w), H_i(w) = max_y Delta(y_i, y) - <w, psi_i(y)>,
     psi_i(y) = phi(x_i, y_i) - phi(x_i, y) (with example weights, 5). The built-in models (3) fill an ssvm_problem;
     your own problem fills it with callbacks:
       ssvm_problem p = ssvm_problem_config_init(n, d, max_label_len);  // every callback and weights NULL
       p.user = &data; p.truth = my_truth; p.phi = my_phi; p.oracle = my_oracle;  // what training needs
       p.decode = my_decode; p.loss = my_loss;                  // optional: prediction, ssvm_mean_loss
     A label is an array of at most max_label_len ints whose meaning is yours. Every callback takes `user` first
     and returns a negative ssvm_result to stop the call that made it (a step, a pass, an evaluation, ssvm_primal,
     ssvm_mean_loss) with that code. Contracts: CALLBACKS (9); examples/own_problem.c is a complete one. Optional
     compact state ("statistics"): if phi(x_i, y) = A_i s_i(y) for a small vector s_i(y) of dimension stat_dim(i)
     (per-position label indicators, transition counts, ...), set stat_dim, stats and expand, and BCFW stores a convex
     combination of s_i(y) per example instead of a d-vector (STATE below; the STATISTICS INTERFACE on top: 4).
   Oracle. oracle(user, i, w, w_scale, y, &delta) writes y* = argmax_y Delta(y_i, y) + w_scale <w, phi(x_i, y)>
     and *delta = the unscaled Delta(y_i, y*). SSG and the multi-sample solver keep w lazily scaled (w = w_scale v,
     so the shrink w <- (1 - gamma) w costs O(1)) and pass v with its scale: a step costs O(nnz), never an O(d)
     copy of w. BCFW, FW, every evaluation and ssvm_primal pass exactly 1.0. A linear oracle multiplies its scores
     <w, phi> by w_scale (or, the same argmax, divides Delta by w_scale while searching); a multiclass one:
       for (c = 0; c < K; c++) {                  // Delta(y_i, c) + w_scale <w_c, x_i>
           double v = (c != label[i]) + w_scale * dot(F, w + c * F, x + i * F);
           if (c == 0 || v > bv) { bv = v; best = c; }
       }
       *y = best; *delta = (ssvm_real)(best != label[i]); return 1;   // the label's length
     An oracle that only approximates the argmax: APPROXIMATE ORACLES (4).
   Gap and results. As in the BCFW paper (eqs. 3-5; Sec. 4 and App. B.4), with l the dual's loss term and w_s,
     l_s the oracle's corner: dual D = l - lambda/2 |w|^2, gap = lambda <w, w - w_s> - l + l_s, primal = D + gap =
     P(w). The gap certifies w only when computed with the exact oracle. Every call returns ssvm_result:
     0 = SSVM_OK, > 0 = training stopped by a rule (SSVM_CONVERGED, SSVM_TARGET_REACHED, pass/oracle/time limit,
     user, SSVM_SOLVER_RULE), < 0 = error; ssvm_result_string(r) names it.
   STATE (BCFW's per-example memory, ssvm_solver_config.state; GAPS' atoms and EXACT BLOCK STEPS keep their own)
     SSVM_STATE_AUTO: with stats callbacks COMPACT_SPARSE when stat_dim averages >= 16 (chains; multiclass with K >=
       16), else COMPACT; without them SPARSE; the same for a heap and a preallocated solver (REPRODUCIBILITY).
       ssvm_solver_state_kind(&s, &kind) tells which one a solver keeps.
     SSVM_STATE_COMPACT: per example a convex combination sigma_i of s_i(y): w_i = A_i (s_i(y_i) - sigma_i) / (lambda
       n). Exact; sum_i stat_dim(i) reals (chain: L*K + K*K per sequence; multiclass: K per
       example). The smallest fixed memory (AUTO may hold more: a full pool and the score-space Gram matrices).
     SSVM_STATE_COMPACT_SPARSE: the same sigma_i as (index, value) pairs in a pool, in memory proportional to the
       labels and label pairs example i has visited; COMPACT's iterates to rounding (REPRODUCIBILITY), the same time.
     SSVM_STATE_SPARSE: w_i as (index, value) pairs on the union of the supports of the psi_i(y) it has seen (the
       paper's Sec. 4 remark): memory proportional to what example i touches. SSVM_STATE_DENSE: w_i as d reals (n*d).
     The sparse kinds' pool starts at config.sparse_pool_entries: a heap solver starts at one entry per example, grows
       and compacts it; a preallocated one compacts it in place and stops with SSVM_ERR_WORKSPACE (state unchanged)
       only when the live entries and the block being written do not fit (its default pool, in the heap size: SPARSE
       64 entries per example, COMPACT_SPARSE every statistic plus one block, never short).
       ssvm_progress.state_bytes reports what a solver holds, pool included.
   Engine. ssvm_solver_config_init(&prob, solver) returns the defaults, which you edit; ssvm_train(&cfg, w, ...)
     trains in one call, or ssvm_solver_init + ssvm_solver_run / _pass / _step / _evaluate drive one solver object
     (ssvm_solver) yourself. The same engine runs every solver: stopping rules, evaluation and reproducibility in 5.

   3. MODELS (a *_config describes the data; *_init validates it once; decoding then trusts it)
     A model's problem keeps a pointer to the model: it must outlive the solver. The chain, graph and assignment keep
     the oracle's scratch in their object: one object per thread (PARALLEL BCFW: task_users). Signatures: API (9).
     ssvm_multiclass: phi(x, y) = x (x) e_y, dense or sparse x, 0-1 loss or a cost matrix (cost[true*K + pred], zero
       diagonal). ssvm_multiclass_config_init(n, K, F, x, labels); sparse: x = NULL and row_start/attr_id/attr_val;
       _init needs no memory.
     ssvm_chain: first-order chain, unary x_t (x) e_{y_t} (dense or sparse attributes), optional first/last label
       biases, K*K transitions; Hamming loss normalised by length (default, as in the BCFW reference) or counted
       (SSVM_CHAIN_COUNTED_LOSS); exact Viterbi, ties to the lowest label index. ssvm_chain_config_init(n, K, F,
       start, labels). Dense: cfg.x = positions x F reals. Sparse: cfg.attr_start/attr_id/attr_val (CSR per position;
       attr_val NULL = binary attributes), and SSVM_CHAIN_ATTR_MAJOR (cfg.flags) lays the unary weights out as
       w[a*K + s] (one attribute's K weights in one cache line: what large sparse F wants). Weight layout: unary block
       (K*F), then [first-label biases K, last-label biases K], then the transitions w[off + a + K*b] for label a
       followed by label b. cfg.start may begin at an offset > 0 (a slice of larger arrays: held-out splits).
       ssvm_chain_init (or _init_preallocated with ssvm_chain_get_heap_size bytes) validates the data (labels, ids,
       NaN/Inf, offsets) and sets up the oracle's scratch; dense x's non-zeros are compacted once (SPEED): x must not
       change after init.
     ssvm_graph: multilabel (examples/multilabel.c), L binary labels, a score per label and state, a 2x2 table per
       edge e = (edges[2e], edges[2e+1]) of a graph you give (none, a tree, any graph; an endpoint out of range, a
       self-loop or an edge given twice is SSVM_ERR_GRAPH). ssvm_graph_config_init(n, L, F, x, labels), then n_edges,
       edges, method, flags SSVM_GRAPH_COUNTED_LOSS; sparse: x = NULL and row_start/attr_id/attr_val;
       ssvm_graph_dim(&cfg) = L*F + 4E. phi(x, y) = [y_l x at w[l*F + a]; one-hot of (y_a, y_b) at w[L*F + 4e + 2 y_a
       + y_b]]; a label is L ints of 0/1; Hamming loss / L (default) or counted; compact statistics [y (L), edge
       one-hots (4E)]. Init validates the data and checks the graph against the method (TREE on a cycle, or
       enumeration beyond 24 labels, fail there). With L <= SSVM_GRAPH_POLYTOPE_MAX_LABELS = 16 the problem also has
       the simplex view for DUAL EXTRAGRADIENT (part p = labeling p, y_l = bit l of p; part_scores by Gray-code
       enumeration; part_phi through label and edge marginals; O(2^L (L + E) + L nnz(x))). Exact decoders,
       predict-safe: ssvm_graph_map (unary[2l + s], pair[4e + 2 s_a + s_b]; truth != NULL adds label_cost per label
       with y_l != truth[l]) with method SSVM_GRAPH_TREE (max-product on a forest, O(L + E); a cycle: SSVM_ERR_GRAPH),
       SSVM_GRAPH_ENUM (all 2^L labelings in Gray-code order, a table lookup per edge of the flipped label, O(2^L
       degree): ~20 labels is practical, more than SSVM_GRAPH_ENUM_MAX_LABELS = 24 is SSVM_ERR_TOO_LARGE) or
       SSVM_GRAPH_AUTO (tree on a forest, else enumeration); ties: state 0 (tree, from each component's lowest label),
       the first best in Gray order (enumeration). ssvm_chow_liu: the maximum spanning tree of the labels' empirical
       mutual information (no smoothing), L-1 edges.
     ssvm_assign: matching (examples/house.c), example i maps rows j < m_i to distinct columns k < c_i, phi(x_i, y) =
       sum_j f(x_i, j, y(j)), d = F pair features; the oracle maximises the score, so w must score good pairs high
       (w = -1 on difference features = nearest match). ssvm_assign_config_init(n, F, row_start, pair_start, labels);
       cfg.n_cols (NULL: square, c_i = m_i); dense cfg.x (F reals per pair, pair (j, k) of example i at pair_start[i]
       + j*c_i + k) or sparse cfg.pair_attr_start/attr_id/attr_val (per global pair; attr_val NULL = ones). Label:
       m_i ints, the column of each row. Loss: Hamming over rows by default; cost_fp/cost_fn > 0 give the asymmetric
       edge cost of Taskar et al. 2006 (the BCFW paper's matching task: cost_fp 1, cost_fn 3) for a predicted edge not
       in the truth and a missed true edge; both divided by m_i unless SSVM_ASSIGN_COUNTED_LOSS. SSVM_ASSIGN_DUMMY:
       partial matchings, label -1 = row unmatched (zero features score 0: give f a constant feature to learn the
       threshold), solved with m_i extra dummy columns; without it m_i > c_i is SSVM_ERR_SHAPE. Oracle and decode:
       exact, ssvm_hungarian's method on the negated score (+ loss) matrix, O(m^2 (c + m)) a call; a NaN/Inf score is
       SSVM_ERR_NONFINITE. Init validates shapes, labels (in range, no column twice: SSVM_ERR_LABEL), ids, NaN/Inf,
       costs (SSVM_ERR_LOSS). When every example is square and DUMMY is off, the problem also has the Birkhoff view for
       the dual extragradient: parts (m_i), part_scores (score[j*m + k] = <w, f(j, k)>, cost = the row's loss of
       column k, normalised alike; either may be NULL) and part_phi; otherwise those three stay NULL.

   4. SOLVERS (ssvm_solver_config.solver; one engine, 5, runs them all)
   SOLVERS AT A GLANCE. Each solver's row of the algorithm table (>>algorithms) declares what it supports; the
   config check and every SSVM_ERR_NOT_SUPPORTED answer come from those rows. Side by side: make bench-solvers.
   | SSVM_         | paper, algorithm               | cost                     | supports (averaging: default) | pick it    |
   |---------------|--------------------------------|--------------------------|-------------------------------|------------|
   | BCFW          | Lacoste-Julien, Jaggi, Schmidt,| a step: one oracle call, | step ckpt warm state,bcfw par | the default|
   |               | Pletscher, ICML 2013, Alg. 4   | O(nnz) (SPEED)           | dist dual; none/wtd/sfx/unif  | (certified |
   |               |                                |                          | (weighted); exact block steps | gap)       |
   | FW            | the same, Algorithm 2          | n calls an iteration;    | ckpt warm dist dual; none;    | batch;     |
   |               |                                | the gap is free          | iterate always evaluated      | exact dist |
   | SSG           | Pegasos step 1/(lambda (k+1)), | a step: one call, O(nnz) | step ckpt; all four (weighted)| baseline   |
   |               | the BCFW paper's App. F        | (lazily scaled w)        | no dual (dual, gap NaN)       |            |
   | MULTISAMPLE   | Branson, Beijbom, Belongie,    | a step: ms.samples labels| step ckpt dual D_t; none/wtd/ | a k-best   |
   |               | CVPR 2013 supp., Algs. 1-3     | from a sampler, O(d) mem.| unif (wtd); gap: whole passes | sampler    |
   | DEG           | Taskar, Lacoste-Julien, Jordan,| 2 part_scores calls and  | dual; uniform (uniform);      | tractable  |
   |               | JMLR 2006, Alg. 1 and eq. 10   | 2 projections an example | needs parts()                 | polytope   |
   | CLIQUEGEN     | Tan et al., CVPR 2015 (supp.)  | n MAPs on the active     | dual; none; own stop rule; no | learn the  |
   |               |                                | graph a pass             | example weights               | label pairs|
   | CUTTING_PLANE | Joachims, Finley, Yu, MLJ 2009,| n calls and a QP an      | dist dual; none; iterate      | SVM^struct |
   |               | Algorithm 4                    | iteration                | always evaluated              | 1-slack    |
   | KBCFW         | the BCFW paper, App. B.5,      | kernel values per        | step (not batch) dual; none/  | a kernel   |
   |               | Algorithm B.1                  | support triple           | wtd (weighted); no w          |            |
   | EG            | Collins, Globerson, Koo,       | forward-backward a step  | step dual; none;              | chains;    |
   |               | Carreras, Bartlett, JMLR 2008  |                          | ssvm_chain only               | EG's dual  |
   Supports: step = ssvm_solver_step (else SSVM_ERR_NOT_SUPPORTED); averaging = config.averaging accepted (else
   NOT_SUPPORTED); ckpt = ssvm_solver_checkpoint_* (else SSVM_ERR_CKPT_SOLVER); warm = config.warm_w (else
   SSVM_ERR_WARM_START); state,bcfw = config.state and config.bcfw's options (else SSVM_ERR_BCFW_COMBINATION);
   par = config.par (else SSVM_ERR_BATCH); dist = config.dist with size > 1 (else NOT_SUPPORTED). Example weights
   (ssvm_problem.weights): every solver but clique generation (NOT_SUPPORTED).
   Steps and averages. BCFW steps by exact line search, or with line_search = 0 the predefined 2n/(k+2n); FW by
   line search or 2/(k+2), and has no average. Averaging: SSVM_AVG_NONE, SSVM_AVG_WEIGHTED (rho = 2/(k+2),
   eq. 14), SSVM_AVG_SUFFIX (the 0.5-suffix average by the doubling trick, App. C/F), SSVM_AVG_UNIFORM (SSG-avg:
   w_bar = (1/T) sum_t w^t from the start, the BCFW paper's Figs. 3-4; BCFW accepts it too); all kept lazily.

   APPROXIMATE ORACLES (config.oracle_quality = nu; BCFW paper Sec. 3 and Appendix C)
     An oracle of multiplicative quality nu in (0, 1] returns a labeling whose block gap is at least nu times the
     best one's (eq. 12). config.oracle_quality = nu (default 1; 0 means 1; outside [0, 1]: SSVM_ERR_INVALID_ARG)
     matters only with line_search = 0: BCFW then steps 2n/(nu k + 2n), FW 2/(nu k + 2), and Theorems C.1/C.3 hold
     with rates slowed by 1/nu^2 (O(n/(nu^2 k))). Line search (the default) needs no declaration: it is at least as
     good as any fixed step of Lemma C.2, and Theorems C.4/C.5 give its rates (C = C_f/nu). The gap from an
     approximate oracle underestimates the true one and certifies nothing: evaluate with the exact oracle swapped in
     around ssvm_solver_evaluate. SSG, multi-sample, DEG and the cutting plane ignore nu (its planes stay valid).

   GAPS (BCFW's config.bcfw; code at >>gaps; Osokin, Alayrac, Lukasewitz, Dokania, Lacoste-Julien, ICML 2016, "Minding
   the gaps for block Frank-Wolfe optimization of structured SVMs", Secs. 3.1-3.3; defaults as in the authors' release)
     Block gaps g_i = lambda <w_i - w_s, w> - l_i + l_s (sum_i g_i = the duality gap). With gap_sampling, pairwise/away
       steps or cache on, an estimate of every g_i is kept: refreshed at each oracle call on i, made exact by every
       evaluation of the iterate (an "exact check"; after gap_check passes without one, default 10, the run loop adds
       one, counted as evaluation). progress.gap_estimate, their sum, is an ESTIMATE (NaN until every example was
       measured once); only iterate.gap is certified. ssvm_solver_gap_estimates() copies them.
     gap_sampling = 1: i drawn with probability g_i^gap_degree / sum_j g_j^gap_degree (default degree 1) by a sum tree
       (O(log n) a draw and an update, rebuilt from the leaves: no drift); never-measured examples first, uniformly;
       all estimates 0: uniform. config.sampling is ignored (SEQUENCE or CYCLIC: -31).
     steps = PAIRWISE (the paper's default), AWAY (FW and away) or ALL (whichever of FW, away, pairwise raises the
       dual most, as the release does). The per-example dual is then up to max_atoms labelings ("atoms", default 32;
       found by a 64-bit FNV-1a hash of (len, y)) with weights alpha_k >= 0 summing to 1: w_i = sum_k alpha_k
       psi_i(y_k) c_i/(lambda sum c). Away atom: the active one of least H_i(y_k; w) = Delta_k - <w, psi_i(y_k)>. Step
       sizes: FW [0, 1], away [0, alpha_a / (1 - alpha_a)] (>= 2 active atoms), pairwise [0, alpha_a]; the largest
       drops the away atom (FW at 1 keeps only y*). Every move is an exact line search: the dual never decreases
       (tested). This state replaces config.state (w_i rebuilt from the atoms: |atoms| + 3 phi calls a step).
     The cap: with all max_atoms slots at positive weight, a new labeling enters only by a move that frees a slot (FW
       at 1, pairwise at alpha_a); else the step goes towards the best stored labeling and the new one is dropped. The
       dual stays monotone; the optimum needs max_atoms above the solution's active-set size (it can bind: OCR-small,
       pairwise, 8 atoms). A zero-weight atom is removed, or with cache kept as a plane (the least valued makes room).
     cache = 1 (plane caching): before the oracle call on i the stored labelings are scored; the best one replaces the
       oracle when its block gap is > 0 and >= max(cache_factor g_i, cache_nu c_i/sum c G), G the last exact gap (the
       release's rule: F = 0.25, nu = 0.01, nu/n with plain weights; g_i refreshed only at oracle calls; our changes:
       6). progress.oracle_calls_saved counts saved calls (steps = oracle_calls + saved). Pays when scoring the stored
       labelings (for a user problem a phi call and a dot product each) costs less than the oracle.
     Through the statistics interface (e.g. the built-in chain; >>speed) a step calls no phi: atoms are scored as
       sum_q s_q(y) <A_i e_q, w> from scores asked once a step (s(y) kept while it has <= 2 max_label_len entries),
       moves built in statistics space, expanded once (stat_expand_at): the generic step to rounding (a tie may go
       the other way); its scratch is in the heap size. Not built: the paper's regularisation path (its Sec. 4),
       deterministic max-gap sampling.
     Memory: max_atoms * n * (max_label_len + 7) ints-worth, fixed before training (ssvm_solver_get_heap_size);
       ssvm_solver_atom_count / ssvm_solver_atom read the atoms. Options where they do not apply (another solver,
       line_search = 0 with atoms): SSVM_ERR_BCFW_COMBINATION (-31); values out of range, build_direction not 0 or 1
       (SPEED): SSVM_ERR_BCFW_OPTION (-30). A zeroed config.bcfw is plain BCFW.

   EXACT BLOCK STEPS (config.bcfw.steps = SSVM_BCFW_STEPS_EXACT, config.bcfw.shrink; code at >>exact)
     For labels that are a small simplex with orthogonal features (the polytope callbacks with SSVM_POLYTOPE_SIMPLEX,
       plus part_orthogonal: ssvm_multiclass sets them), each visit solves example i's subproblem of BCFW's dual
       exactly over all its labelings instead of one FW step: Crammer and Singer's per-example problem (JMLR 2001,
       Sec. 6), as the sequential dual method of Keerthi, Sundararajan, Chang, Hsieh, Lin (KDD 2008; liblinear -s 4)
       solves it. The state is alpha_i, a distribution over the labels (n * K doubles); the step scores every label
       (part_scores), projects alpha_i + (score + cost) / (blk |x_i|^2) onto the simplex (blk = c_i / (lambda sum c);
       the exact minimiser because the block's Hessian is a multiple of I) and moves w by the change. Averages,
       example weights, checkpoints, warm starts, evaluations and stopping rules are plain BCFW's; info->block_gap is
       the block's FW gap before the move (over the labels the visit scored).
     shrink = 1 (default): a visit whose block gap over all labels is exactly 0 (alpha_i a vertex that is the block's
       argmax) makes the example's next 2^z - 1 visits free (z such visits in a row, at most 63 skipped); a visit with
       a gap resets z. With part_scores_at (the multiclass model's), a label at alpha 0 whose score + cost is below
       every label in the new support leaves the example's list (liblinear's rule): a visit then works over the
       listed labels only, and scores all again at every 8th visit and whenever the list's gap is 0. Evaluations
       score every example and label: the certified gap is over all. Deviations X1-X3: 6. Not with gap sampling,
       caching or line_search = 0 (SSVM_ERR_BCFW_COMBINATION), mini-batches (SSVM_ERR_BATCH), a problem without
       part_orthogonal (SSVM_ERR_NOT_SUPPORTED). Permutation sampling converges in fewer passes here, as in liblinear.

   PARALLEL BCFW (config.par: mini-batch BCFW with the oracle calls on the caller's threads; code at >>par)
     Wang, Sadhanala, Dai, Neiswanger, Sra, Xing, ICML 2016 (AP-BCFW, mini-batch tau = b), made deterministic: the
       result depends only on the seed and b, never on the threads or their timing (deviations P1-P4: 6).
       ssvm_threads pool; ssvm_threads_init(&pool, 2);      // examples/ssvm_threads.h (pthreads; not the header)
       cfg.par.batch = 32;                                  // 0 (default): plain BCFW
       cfg.par.parallel_for = ssvm_threads_parallel_for; cfg.par.user = &pool;
       cfg.par.task_users = users;                          // chain, graph, assignment: b model objects (below)
     A batch: b examples drawn as BCFW draws them; parallel_for(user, b, task, ctx) runs b tasks, each the oracle call
       at the batch's starting w and the direction D = w_i - w_s with |D|^2; then each block's BCFW step (Algorithm 4
       lines 5-9) runs serially in draw order at the w of that moment; with a dense state (COMPACT, DENSE) the block
       state updates run as a second parallel phase, except a repeated example's earlier draws. A pass is n steps in
       batches of b (the last shorter), cut at max_oracle_calls; all else is BCFW's. Evaluations run on the hook in
       chunks of b, summed in example order (the same bits); gap sampling's exact check stays serial.
     The hook runs task(ctx, 0 .. count-1), each exactly once, in any order on any threads, and returns when all are
       done; NULL runs them serially (the same bits). A skipped or repeated task is SSVM_ERR_PARALLEL (-38), found on
       return: the oracle phase's batch is not applied, an evaluation fails (weights untouched), the update phase
       runs the skipped updates serially, applies the batch and still returns -38.
     Thread safety is the caller's: in a task the oracle, truth, phi and (compact state) stats and expand run
       concurrently for distinct slots, reading w and the solver's state, never writing them. With task_users (b
       pointers) slot t passes task_users[t] as `user` to every callback. The chain, graph and assignment keep scratch
       in their object (their problems set ssvm_problem.scratch_in_user = 1, as should a user oracle with scratch in
       its user): one object per slot (*_init again over the same config; a slot chain's config inputs_from = the
       main chain shares its compacted dense x, SPEED). The multiclass model and a stateless user oracle need none.
     Memory (in the heap size): n bytes, and per slot a direction (d reals, ints and bytes; a second d-vector with
       SSVM_STATE_SPARSE, two statistic vectors with a compact state), two labels and one solver view. Errors:
       SSVM_ERR_BATCH (-37) for b < 0 or > n, a hook or task_users with b = 0, or b with another solver, pairwise/away
       steps or caching; SSVM_ERR_PARALLEL (-38) for the hook's contract, a NULL task_users[t] with a non-NULL problem
       user, or a model with scratch under a hook without task_users. A batch's serial part is O(nnz(D)) a step, plus
       max |w| once a pass; tasks take the SPEED paths. The library never creates threads (STRUCTSVM_NO_PARALLEL: 8).
       Not built: asynchronous updates, a parallel sum of an evaluation's psi, batched atom steps.

   DISTRIBUTED TRAINING (config.dist: BCFW, FW and the cutting plane over the caller's collective; code at >>dist)
     The header never links MPI nor opens a socket: it takes your allreduce, as it takes your parallel-for.
       ssvm_mpi mc; ssvm_mpi_init(&mc, MPI_COMM_WORLD, SSVM_MPI_ROOT);   // examples/ssvm_mpi.h (mpicc)
       ssvm_shard sh; ssvm_problem mine; int first, count;
       ssvm_shard_range(full.n, mc.rank, mc.size, &first, &count);     // or load only your examples
       ssvm_problem_shard(&full, first, count, &sh, &mine);            // examples first .. first+count-1
       cfg = ssvm_solver_config_init(&mine, SSVM_BCFW); ssvm_mpi_dist(&mc, &cfg.dist);
       ssvm_train(&cfg, w, w_bytes, &final);                           // on every rank: the same w on all
     config.dist: allreduce, user, rank, size, rounds, sigma. allreduce(user, buf, count) sums buf over the ranks in
       place, gives every rank the same bits, and fails on all ranks or none. examples/ssvm_loopback.h runs K ranks as
       threads (sums in rank order); examples/ssvm_mpi.h wraps MPI (reduce + broadcast in rank order: the loopback's
       bits; or a plain MPI_Allreduce).
     Every rank makes the same calls (init, run, pass, evaluate, checkpoint load) with the same options on its shard.
       Init's handshake compares rank 0's d, lambda, solver and the shared options (stopping rules, evaluation,
       averaging, config.dist, config.cp) with each rank's, checks the ranks' indices are 0 .. size-1 once each, and
       sums c (n) over all ranks: the loss term's 1/n is the whole problem's. Traffic: one allreduce of d + 2 doubles
       per oracle pass (each evaluation, FW's and the cutting plane's iteration, each CoCoA+ round) and, with
       max_seconds or a progress callback, one of 1 double a pass to agree on the stop (any rank may stop all).
     Exact mode (FW, the cutting plane, every evaluation): each rank sums its shard's psi and losses, one allreduce,
       then the one-process algorithm on identical numbers; the gap is certified over all. Iterates, primal, dual and
       gap are one process's to rounding (tested to 1e-9, the cutting plane 1e-7, over 12 iterations; differences can
       grow over hundreds), bit for bit with one rank.
     CoCoA+ BCFW (Ma, Smith, Jaggi, Jordan, Richtarik, Takac, ICML 2015, "Adding vs. averaging in distributed
       primal-dual optimization": the adding variant, gamma = 1, sigma' = K, of Jaggi et al., NIPS 2014, CoCoA; Wang
       et al., ICML 2016, give the mini-batch view; not in the project's papers, their numbering not cited): a round is n_k / dist.rounds BCFW steps on the rank's own blocks against
       v = w + sigma' dw_k, each with the line search gamma = (<w_i - w_s, v> - (l_i - l_s)/lambda) / (sigma'
       |w_i - w_s|^2), then w += sum_k dw_k, l += sum_k dl_k. Blocks never leave their rank; every round's point is
       dual feasible, so the engine's gap and rules hold; with sigma' = K the dual never falls (tested). Theirs, for
       L-Lipschitz losses: gap eps after O(1/((1 - Theta) eps)) rounds, local quality Theta. dist.rounds (default 1)
       rounds a pass; dist.sigma (0 = K) below K is not covered. Deviations M1-M3: 6. Passes to a gap grow with K:
       it pays when one machine cannot hold the data or the oracle dwarfs the allreduce, not on small problems.
     Not with ranks: the solvers without dist in the table, max_oracle_calls (each rank counts its own calls), warm
       starts, a caller's sequence, ssvm_solver_step (steps run in rounds).
     Errors: a failed hook or a disagreement at the handshake is SSVM_ERR_COLLECTIVE (-39) on every rank; a rank whose
       own init, pass or evaluation fails returns its code and still joins the exchange, so the others return
       SSVM_ERR_PEER (-40) instead of waiting. Checkpoints are per rank: all are checked before any is applied (one
       bad: its code there, PEER elsewhere), then rank 0's pass, l and w are compared with each rank's (another
       moment: SSVM_ERR_CKPT_MISMATCH on all, every rank back at the start).

   STATISTICS INTERFACE (optional, on top of the statistics of 2; the built-in chain sets it; contracts: CALLBACKS)
     BCFW's step moves along D = A_i (s_i(y*) - sigma_i) / (lambda n); with stat_dim, stats and expand alone it builds
     D over all m_i statistics. Six more callbacks let the step work in time ~ the statistics it changes and take the
     built-in chain's paths (SPEED; a model without them gets the same iterates to rounding, REPRODUCIBILITY):
       p.stat_support = my_support; p.stat_expand_at = my_expand_at;     // sparse statistics: both or neither
       p.stat_scores = my_scores;                                        // scores: on the sparse statistics
       p.stat_gram = my_gram; p.stat_norm2 = my_norm2;                   // score space: all three or none,
       p.stat_move = my_move;                                            //   on top of the scores
     Read only with the statistics (a problem that clears stats ignores it); a wrapper that changes `user` must
     forward them too or set them NULL. tests/user_chain.h is the chain as a user model with all of them.
   SPEED (BCFW's step at the cost of what it changes; code at >>speed; make bench-speed)
     Sparse statistics: COMPACT keeps a bit per statistic marking a superset of sigma_i's support (sum_i stat_dim(i)/8
       + n bytes), COMPACT_SPARSE merges its ascending list with s(y*)'s support; a step visits only those positions,
       in the generic order: the same iterates bit for bit. Scores: config.bcfw's atoms (GAPS).
     Score space (ssvm__sc_step): with COMPACT_SPARSE in double builds, without atoms, where the Gram matrices stay
       small (the chain: no sequence over 4,096 positions, sum_i L_i (L_i + 1) / 2 <= 2 (d + sum_i stat_dim(i))
       doubles), a step never builds D: <D, w> from the model's scores (the oracle's own when it can), |D|^2 from the
       Gram matrices, w and the average moved by the model; mini-batches too. The D step's iterates to rounding, not
       its bits (REPRODUCIBILITY); near 1e306 it falls back to D; bcfw.build_direction = 1 keeps D. Known limit: |D|^2
       from the Gram form loses precision when two nearly equal positions carry opposite coefficients. The D step
       tests w's new entries one by one only when |w|^2 or |D|^2 exceeds 1e300 (1e75 in float). Dense chain inputs:
       x's non-zeros compacted once (at the first decode; in ssvm_chain_get_heap_size), read in x's order.

   ONLINE MULTI-SAMPLE SSVM (SSVM_MULTISAMPLE; Branson, Beijbom, Belongie, CVPR 2013 supplement, Algorithms 1-3)
     Each step draws ms.samples labels for one example from an importance sampler (the loss-augmented argmax first),
     increases the online dual D_t over them in closed form (expand/swap moves, or the exact multiclass update of
     Algorithm 2), shrinks w by (t-1)/t and projects onto |w| <= sqrt(B/lambda) (ms.project, B = ms.loss_bound or the
     largest Delta seen). Memory O(d) plus an optional capped cache of earlier violators (ms.cache_size,
     ms.cache_max_bytes). Reports P(w), P(w_bar) and, at the iterate, the online dual D_t/t and the gap P(w) - D_t/t.
     Averaging WEIGHTED (default), UNIFORM (Theorem 2.1.3's) or NONE; line_search = 0: Lemma 2.2's Pegasos step.
       ssvm_solver_config c = ssvm_solver_config_init(&prob, SSVM_MULTISAMPLE);
       c.ms.samples = 5; ssvm_chain_kbest_sampler(&chain, &c.ms.sampler);
       ssvm_train(&c, w, w_bytes, &final);        // or ssvm_solver_init + ssvm_solver_run / ssvm_solver_step
     Samplers: the problem's oracle (default: one label a step), ssvm_chain_kbest_sampler (exact k-best loss-augmented
     Viterbi, ssvm_kbest_viterbi), ssvm_multiclass_sampler (top-k classes; enables Algorithm 2), or yours
     (ms.sampler.sample: CALLBACKS). Fixes to the printed paper F1-F6 and choices D1-D5: 6.

   DUAL EXTRAGRADIENT (SSVM_DEG; Taskar, Lacoste-Julien, Jordan, JMLR 2006; Alg. 1, eq. 10 in extragradient-vs-bcfw)
     A batch saddle-point method for label sets with a tractable polytope, through the polytope callbacks of
     ssvm_problem (parts, part_scores, part_phi): example i's label as a vertex z of the simplex over its enumerated
     labelings (SSVM_POLYTOPE_SIMPLEX: ssvm_multiclass, ssvm_graph with L <= 16) or of the Birkhoff polytope
     (SSVM_POLYTOPE_BIRKHOFF: ssvm_assign, square, no dummy), with phi and Delta linear in z. The saddle function
     L(w, z) = lambda/2|w|^2 + sum_i p_i [<c_i, z_i> - <w, phi(x_i,y_i) - F_i z_i>] has max over z P(w) and min over w
     BCFW's dual D(z) (alpha_i = z_i): primal, dual and gap mean what they mean for BCFW.
       ssvm_solver_config c = ssvm_solver_config_init(&prob, SSVM_DEG);
       c.deg.geometry = SSVM_DEG_ENTROPIC;        // or SSVM_DEG_EUCLIDEAN (default)
       ssvm_train(&c, w, w_bytes, &final);         // one pass = one iteration = 2 part_scores calls per example
     z geometry: Euclidean (simplex by thresholding; Birkhoff by Dykstra's alternating projections,
     ssvm_project_birkhoff) or entropic (softmax, ssvm_project_simplex_kl; Birkhoff by log-domain Sinkhorn with Newton
     steps, O(m^3) each, ssvm_sinkhorn); w is always Euclidean. deg.proj_tol, deg.proj_max_iter bound the Birkhoff
     projections. Iterate = w(z^t) of the last z^t certified by D(z^t); average = w_bar (the algorithm's output)
     certified by max(D(z^t), D(z_bar)). Deviations E1-E5: 6. It converges as O(1/t) where BCFW has cheap passes (make
     bench-graph). Limits: on the graph model an iteration scores all 2^L labelings twice per example; the marginal
     polytope of a tree (Taskar et al. 2006, sec. 5) is not built; the entropic geometry uses the Euclidean step's L
     (valid, conservative by up to sqrt(parts)).

   CLIQUE GENERATION (SSVM_CLIQUEGEN; Tan, Shi, van den Hengel, Shen, Gao, Hu, Zhang, CVPR 2015; its Algorithms 1
   and 2, not in the shared folder, reconstructed from the supplement clique-generation-l21-ssvm.txt)
     Learns which label pairs to use. The candidates are the edges of an ssvm_graph (e.g. every pair); w = [u; omega_1
     .. omega_T], omega_k the 4-entry table of candidate k. Problem (10): lambda/2 |u|^2 + lambda/2 (sum_k
     |omega_k|)^2 + (1/n) sum_i hinge_i, whose squared group norm drives whole tables to 0; Algorithm 2 solves its
     smoothed form (11), + sigma/2 |omega|^2, sigma = lambda eps / (2 Theta) (Proposition 2; Theta = L for the counted
     Hamming loss, 1 for Hamming / L), on the active cliques only.
       ssvm_graph_config g = ssvm_graph_config_init(n, L, F, x, labels); g.n_edges = T; g.edges = pairs;
       ssvm_graph m; ssvm_graph_init(&g, &m); ssvm_graph_problem(&m, &prob);
       ssvm_solver_config c = ssvm_solver_config_init(&prob, SSVM_CLIQUEGEN);
       c.cg.graph = &m;                            // the candidates; prob must be this model's problem
       ssvm_solver_init(&c, &s); ssvm_solver_run(&s);  // then ssvm_solver_cg_active(&s, idx, bytes, &k)
     config.cg: eps 1e-3 (or sigma_fixed + sigma), batch 2 cliques per outer iteration, theta0 2 and theta_growth 2
     (A.2), eps_inner 0.005 (A.1), max_inner_passes 0 (none), eps_outer 0.05 (A.3), stop_rules 1, all_active 0. A pass
     is one pass of Algorithm 2 (n loss-augmented MAPs on the active graph by the graph model's exact decoders), then
     f_h, A.2 and A.1; when A.1 fires, Algorithm 1's outer step: f^t, A.3, then every inactive candidate is scored by
     |v_k|, the norm of its block of the dual's z (the group gradient of Proposition 1), and the `batch` most violated
     are activated (warm start). With stop_rules 1, A.3 or "no candidate violates" ends ssvm_solver_run with
     SSVM_SOLVER_RULE after a final evaluation; with 0 only the engine's rules end it. The evaluation is the full
     problem (10): its primal at w (inactive tables 0) and a dual bound over ALL candidates (the conjugate of the
     squared l2,1 norm is the squared l_inf,2 norm: a never-activated clique that should be used raises the gap), so
     progress.iterate.gap certifies the learned graph; ssvm_solver_cg_status reads the outer loop. ssvm_l21sq_grad is
     Algorithm 3 alone: it returns the MAXIMISER of <z, omega> - Omega(omega), i.e. grad Omega*, not Omega*(z).
     Reconstructions C1-C9: 6. (11)'s dual is smooth with constant s = lambda/sigma: a small eps makes Algorithm 2
     slow and jumpy (gaps of (10) below ~1e-2 take thousands of passes); the default stop rules are the paper's.
     Limits: pairwise candidates only, input-independent tables; cyclic candidate sets need L <= 24 (enumeration); no
     example weights, no average, no ssvm_solver_step; memory n (L + 4T) reals (make bench-cliques).

   1-SLACK CUTTING PLANE (SSVM_CUTTING_PLANE; Joachims, Finley, Yu, Machine Learning 2009, Algorithm 4)
     Each iteration calls the oracle at every example (one "pass"), adds the joint plane of those n labelings to a
     working set, and solves the QP over it (6); w is its solution.
       ssvm_solver_config c = ssvm_solver_config_init(&prob, SSVM_CUTTING_PLANE);
       c.gap_tol = 1e-4;                      // Algorithm 4's eps (see below)
       c.cp.cache_size = 3; c.eval_every = 5; // optional: SVM^struct's labeling cache
       ssvm_train(&c, w, w_bytes, &final);    // or ssvm_solver_init + _run; ssvm_solver_cp_info(&s, &info)
     The objective is the engine's P(w), i.e. SVM^struct's 1-slack 1/2|w|^2 + C xi divided by C, lambda = 1/C
     (SVM^struct's n-slack C_n, as in BCFW's lambda = 1/(C_n n), is C / n). The working-set weights a are a feasible
     BCFW dual point with the same w, so D = <a, l> - lambda/2|w|^2 and gap = P(w) - D are certificates comparable
     across solvers. gap = [Algorithm 4's violation H(w) - xi] + [the QP's own gap], so gap <= gap_tol implies the
     paper's stopping rule. Like FW it reuses the evaluation's pass (THE ENGINE); averaging must be NONE. config.cp:
     max_planes (default 100, the trivial plane xi >= 0 included; memory max_planes * d reals plus max_planes^2
     doubles), drop_after (default 50; 0 = never), cache_size (default 0), qp_tol (0: gap_tol/4, or 1e-9 / float 1e-6
     when gap_tol = 0), qp_max_iter (default 100000). Not reaching qp_tol in qp_max_iter iterations is SSVM_ERR_QP; a
     full working set whose every plane is active is SSVM_ERR_PLANES (w and a stay consistent and readable). An
     ssvm_cp_info: planes, active, added, dropped, cached_iterations, qp_iterations, qp_gap, xi.

   KERNELS (SSVM_KBCFW; Lacoste-Julien, Jaggi, Schmidt, Pletscher, ICML 2013, Appendix B.5, Algorithm B.1)
     The model is the sparse dual: triples (example i, labeling y != y_i, alpha_i(y)); w = sum_k c_k psi_i(y), c_k =
     alpha c_i / (lambda sum c), is never formed. Steps, line search (inner products as sums of kernel values), the
     weighted average (eq. 14, of alpha), primal, dual and gap are BCFW's, run by the engine; ssvm_train and
     ssvm_solver_weights return SSVM_ERR_NOT_SUPPORTED (no w to copy). config.kernel.batch = 1 runs batch FW
     (Algorithm 2) in the same form (averaging NONE; its |w_s|^2 costs n^2 psi products a pass).
       ssvm_dense_kernel dk = {x, rows, F, SSVM_KERNEL_RBF, 0.5};      // x: training rows, then held-out rows
       ssvm_solver_config c = ssvm_solver_config_init(&mc_prob, SSVM_KBCFW);  // an ssvm_multiclass problem
       c.kernel.input = ssvm_dense_kernel_fn; c.kernel.user = &dk; c.kernel.n_labels = K;
       c.kernel.cache_bytes = 64 << 20;                         // rows of k(x_a, .) kept (n doubles a row)
       ssvm_solver_init(&c, &s); ssvm_solver_run(&s);
       ssvm_kernel_predict(&s, SSVM_W_AVERAGE, row, &yhat, sizeof yhat, &len);  // any row dk knows
     Three ways in. (1) An input kernel k(x_a, x_b) with n_labels = K, lifted to the multiclass joint kernel k(x_a,
     x_b) [y = y'] (ssvm_multiclass's layout) with the library's oracle and decoder: x_a's K scores cost one
     input-kernel value per support example; the problem gives n, truth and loss. (1b) An input kernel on positions
     with kernel.chain = &chain (config.problem from ssvm_chain_problem), lifted as the chain's map: sum_{t,t'} k(x_t,
     x'_t') [y_t = y'_t'] + transition-pair (+ with SSVM_CHAIN_BIASES the two bias) matches; Viterbi on unary scores
     from the support set (a kernel value per pair of positions) and on explicit transition and bias weights;
     ssvm_kernel_chain_predict decodes any positions your kernel knows. ssvm_dense_kernel_fn: a built-in input kernel
     on dense rows (linear, RBF exp(-gamma |x - x'|^2), polynomial). (2) Any model: a joint kernel k((x_a, y), (x_b,
     y')) and an oracle (optionally a decoder) scoring labels with ssvm_kernel_score(s, which, i, y, len, &f); the
     problem gives n, max_label_len, truth; a dynamic-programming oracle decomposes the kernel itself from
     ssvm_kernel_support.
     Cost: a score is one kernel value per support triple; a step adds O(|S_i|^2) psi products for |w_i - w_s|^2.
     ssvm_kernel_support_count(&s, which) counts support vectors (the paper's bound O(R^2 / (lambda eps)); at most
     one new triple a step). Cache: config.kernel.cache_bytes buys floor(bytes / (8 n)) rows (at most n; positions
     for the chain) of the input kernel over the training examples, FIFO; results identical with any budget
     (tested); the joint-kernel path has none (your callback may keep one). Support store: fixed at init,
     config.kernel.max_support triples; 0 = n (K - 1) for the lifted model, else n * max_passes (raising max_passes
     later does not grow it); a step needing one more returns SSVM_ERR_SUPPORT_FULL and changes nothing; without
     averaging a triple whose alpha reaches 0 is freed. A non-finite kernel value, or |w_i - w_s|^2 < 0 (not positive
     semi-definite), is SSVM_ERR_KERNEL. Choices K1-K3: 6. Not built: lifting for ssvm_graph and ssvm_assign, the
     suffix average, kernels for the other solvers. Against the linear model: make bench-kernel-eg.
     Model files (lifted models with ssvm_dense_kernel_fn, whose rows 0 .. n-1 are the training examples or chain
     positions; else SSVM_ERR_NOT_SUPPORTED): ssvm_model_of_kernel_get_size(&s, which, &bytes) (exact) and
     ssvm_model_of_kernel(&s, which, buf, bytes, &m) (which: SSVM_W_ITERATE, _AVERAGE or _BEST) give an
     SSVM_MODEL_KERNEL model in buf that saves, loads and predicts as every kind (MODEL FILES): per support example
     (chain: position) its input row and K coefficients a[y] = [y = y_i] C_i - sum_{k: y_k = y} c_k (C_i = sum of its
     triples' c_k), so f(x, y) = sum_s a_s[y] k(x_s, x) needs no solver; the chain adds its K K transition (and 2 K
     bias) weights summed from the triples and decodes by Viterbi. A double build's loaded model scores as
     ssvm_kernel_scores bit for bit, a float build to 1e-5 (tested); its labels are ssvm_kernel_predict's and
     ssvm_kernel_chain_predict's. ssvm_model_kernel_scores(&m, &in, work, work_bytes, scores, bytes): the K scores.
     Not built: a model file for your own input or joint kernel (the file keeps the rows themselves).

   ONLINE EG (SSVM_EG; Collins, Globerson, Koo, Carreras, Bartlett, JMLR 2008, max-margin case) for ssvm_chain
     The dual of example i is a Gibbs distribution over its labelings with part potentials theta_i (a row per
     position and one K*K transition table: exact, as every update adds the same transition gradient at every
     position). A step: the part gradients at w (loss + unary score + bias; transition weight), theta_i += eta_i grad,
     the marginals by forward-backward in log space (ssvm_chain_marginals; one expectation-oracle call, counted in
     oracle_calls), accepted when the dual D = l - lambda/2 |w|^2 does not decrease, else eta_i halved and retried (at
     most eg.halvings_first = 2 times at an example's first visit, eg.halvings = 5 later); eta_i *= eg.grow = 1.05
     after each line search; eta_i starts at eg.eta = 0.5 (egstra-0.2's rule). With C = lambda n its dual is n times
     the engine's: primal, dual and gap are the engine's, so it compares directly with BCFW.
       ssvm_solver_config c = ssvm_solver_config_init(&chain_prob, SSVM_EG);
       c.eg.chain = &chain;                          // the model whose problem chain_prob is (required)
       ssvm_train(&c, w, w_bytes, &final);           // averaging NONE, sampling PERMUTATION by default
     Memory: sum_i (L_i K + K K) potentials and as many marginals. Choices G1-G4: 6. It lags BCFW (no bug: the step
     is tested against brute force): the uniform start's w is far longer than the optimum; eg.start > 0 (that
     potential on every gold label) helps, the step size does not (make bench-solvers).

   ONLINE LEARNING WITH SURROGATE LOSSES (ssvm_online_*; Sakaue, Bao, Cao, non-stationary online SP)
     ssvm_online_config q = ssvm_online_config_init(SSVM_LOGISTIC, K, F);  // loss, classes, features
     q.rate = SSVM_RATE_POLYAK; q.diameter = 20;                           // eq. (12), ball of diameter D
     ssvm_online o; ssvm_online_init(&q, &o);
     for each round: ssvm_online_round(&o, x, &y, &yhat, &info);  // yhat ~ pi(W x), then y, OGD step (6)
   | loss (kind)                  | target     | paired decoding (AUTO)        | alpha of (8)              | M       |
   |------------------------------|------------|-------------------------------|---------------------------|---------|
   | SSVM_SMOOTH_HINGE (24)       | 0-1        | GAP (Van der Hoeven 2020/21)  | 1/K                       | 4       |
   | SSVM_LOGISTIC base b (33)    | 0-1        | GAP; or FY (Sakaue et al. 24) | GAP: 1/K if b = 2, else 0;| 1/ln b  |
   |                              |            |                               | FY: 1 - ln b (b < e)      |         |
   | SSVM_SPARSEMAP (simplex)     | 0-1        | FY                            | 1 - 2 sqrt(2(K-1)/K)/lam  | 1/lam   |
   | SSVM_SPARSEMAP_MULTILABEL    | Hamming    | FY                            | 1 - 4/(lam sqrt d)        | 1/lam   |
   | SSVM_FY_GENERIC (callbacks)  | yours      | yours (or closest rho(k))     | config.alpha              | config.M|
   | SSVM_CONV_FY_NDCG (Def. 4.1) | NDCG (22)  | eq. (15) by Frank-Wolfe       | (Thm 4.5: eta >= lambda)  | 1/lam   |
     Rates: SSVM_RATE_CONSTANT (eta, default alpha/M), SSVM_RATE_ADAGRAD (D/sqrt(2 sum |G|^2)), SSVM_RATE_POLYAK
     (12). Projection: Frobenius ball of diameter D around 0, or config.project(project_user, W, d, F) (negative:
     abort with that code; a NaN/Inf W after it is SSVM_ERR_CALLBACK). Binary (Appendix E): SSVM_SMOOTH_HINGE /
     SSVM_LOGISTIC with n = 2 and binary = 1 use one score <w, x>. Predict-only: theta = W x (ssvm_linear_scores),
     ssvm_decode, ssvm_dist_sample(dist, u) with your u; also predict-safe: ssvm_hungarian (exact linear assignment,
     O(n^2 m)), ssvm_project_simplex (sparsemax), ssvm_project_box, ssvm_surrogate_loss (value and gradient of every
     loss above). Deviations from the paper: 6.

   5. THE ENGINE (ssvm_solver: one object and one run loop for every solver)
     *_init copies the config and the problem (they need not outlive it; the data behind them must). ssvm_solver_run
     makes passes (n steps; one FW iteration) until a rule fires, and returns it. Before a pass: max_passes (default
     50) -> SSVM_MAX_PASSES; max_oracle_calls (training calls; it also ends a pass early, except FW's) ->
     SSVM_MAX_ORACLE_CALLS; max_seconds (training wall seconds, checked between passes) -> SSVM_MAX_SECONDS; 0 = no
     limit. After a pass: the evaluation if pass % eval_every == 0 (default 1; 0 = never; with SSVM_EVAL_PREDICT only
     where predicted, below), then progress() (non-zero -> SSVM_STOPPED_BY_USER), then gap_tol (default 1e-3; 0 =
     off): an evaluated gap <= gap_tol at the iterate or the average -> SSVM_CONVERGED, then target_primal (default
     -1e300: off): an evaluated primal <= target_primal -> SSVM_TARGET_REACHED. A solver's own rule returns
     SSVM_SOLVER_RULE. gap_tol and target_primal read only evaluations. SSG has no gap (use target_primal or a limit);
     the multi-sample gap P(w) - D_t/t is tested only after whole passes and never with SSVM_SAMPLE_SEQUENCE (D_t/t
     bounds min P only when every example was visited equally often). To go on, raise a limit and call ssvm_solver_run
     again; the limits (stopping rules, evaluation, progress, clock) change only through an ssvm_solver_limits:
     ssvm_solver_limits_of, edit, ssvm_solver_set_limits (CHECKPOINTS), checked as ssvm_solver_config_check does (one
     bad field, e.g. a NaN gap_tol: SSVM_ERR_INVALID_ARG, nothing changed). All else (lambda, line_search, sampling,
     the state, the solver's options) is checked at init and fixed (ssvm_solver_config_of(&s) is read-only).
     Evaluation: primal, dual and gap by one oracle pass (w_scale 1) at the iterate (eval_iterate, default 1) and
     one at the average (eval_average, default 1; when one is kept), counted in eval_oracle_calls and timed in
     eval_wall_seconds / eval_cpu_seconds, never in oracle_calls / wall_seconds / cpu_seconds.
     ssvm_solver_evaluate evaluates now. Batch FW (and the cutting plane) always evaluates its iterate and its next
     iteration reuses that pass (its calls and seconds then count as training). ssvm_progress.iterate and
     .average (ssvm_objective {primal, dual, gap}) are NaN at a pass with no evaluation; dual and gap are NaN where
     no dual exists (SSG; the multi-sample average).
     Evaluation schedule (config.eval_schedule). SSVM_EVAL_FIXED (default): every eval_every passes.
     SSVM_EVAL_PREDICT (our construction): on the same grid, only (a) the first evaluation, (b) the first grid pass at
     or after twice the last one's, (c) where the decay e ~ pass^-r fitted to each vector's evaluations (through the
     last one and the latest at or before half its pass; r in [1/2, 4], 1 after one) puts its gap at or below gap_tol,
     or its primal excess over the best dual seen at or below target_primal - D_best. What is certified is unchanged;
     a prediction too early costs an evaluation, one too late passes (at most up to the doubling). With no gap and no
     dual (SSG), or no rule set, every grid pass is evaluated. Worth it where an evaluation costs about a pass (BCFW),
     not for batch FW and the cutting plane. Its history is in checkpoints (version 2; a version-1 one: empty).
     Clock: wall = config.clock, else CLOCK_MONOTONIC or C11 timespec_get, else time() (whole seconds); CPU = clock().
     What ssvm_train returns in w_out (w_bytes >= d * sizeof(ssvm_real), else SSVM_ERR_WORKSPACE): after
     SSVM_CONVERGED or SSVM_TARGET_REACHED, the vector that met the rule (the average, unless only the iterate met it
     or the iterate's value is strictly smaller); after any other stop, the average if one is kept (averaging !=
     SSVM_AVG_NONE), else the iterate. final->returned says which (SSVM_W_ITERATE or SSVM_W_AVERAGE); after an error
     it is -1 and w_out is not written. ssvm_solver_weights(&s, SSVM_W_BEST, ...) gives the vector that met the rule,
     else the better of the two at the last evaluation by gap (by primal where a vector has no dual).
     Sampling (config.sampling; FW ignores it): SSVM_SAMPLE_UNIFORM (i uniform each step; BCFW and SSG default),
     SSVM_SAMPLE_PERMUTATION (a fresh random permutation each pass; MULTISAMPLE default), SSVM_SAMPLE_SEQUENCE
     (config.sequence[k mod sequence_len], 0-based; an entry outside [0, n) stops with SSVM_ERR_INVALID_ARG),
     SSVM_SAMPLE_CYCLIC (i = k mod n). config.seed (default 1) drives a splitmix64 stream that is the same on every
     platform: the same seed gives the same run (ssvm_solver_step: the example you choose).
     Example weights: ssvm_problem.weights = n reals c_i >= 0 with sum > 0 (ssvm_problem_check and every init: a NaN
     or Inf weight is SSVM_ERR_NONFINITE, a negative one SSVM_ERR_INVALID_ARG, all 0 SSVM_ERR_EMPTY, a sum that
     overflows SSVM_ERR_OVERFLOW) turn the loss term (1/n) sum_i H_i(w) into sum_i c_i H_i(w) / sum_i c_i: in the
     primal, the dual and the gap, every solver's step (BCFW's block i weighs c_i / (lambda sum c); SSG's and the
     multi-sample step's v and Delta scale by c_i n / sum c), every evaluation, ssvm_primal and ssvm_mean_loss.
     Examples are still drawn uniformly. Integer weights give the primal of the dataset with example i repeated c_i
     times, and training reaches its optimum (tested).
     Non-finite results are errors: a NaN/Inf primal, dual or gap at an evaluation, or a step whose size, direction
     or new weights would not be finite, stops with SSVM_ERR_NONFINITE. BCFW, FW and SSG test before they write (the
     last finite state stays readable); a multi-sample step may fail half-way (after the average and the shrink), so
     any error halts that solver: every later step returns the same code, the weights stay finite and readable.

   REPRODUCIBILITY (what is the same, bit for bit, and what only to rounding)
     Bit for bit (tested), for one configuration and seed: ssvm_solver_init and ssvm_solver_get_heap_size +
     ssvm_solver_init_preallocated, for every solver on every built-in model; any thread count of mini-batch BCFW,
     and the NULL hook; a resumed run and the uninterrupted one; a run in two parts (ssvm_solver_set_limits between
     them) and one run; two runs of one build on one machine. C and C++ builds of the same code with the same
     compiler and flags do the same arithmetic (every test runs both ways; the two are not compared).
     To rounding only: COMPACT and COMPACT_SPARSE where the latter takes the score-space step (the built-in chain in
     double builds; 1e-11, tested), and the score-space step against the D path generally (bcfw.build_direction = 1
     keeps D and the bits); a problem with and without the statistics interface (the compact states' sparse visits
     give the D path's bits; score space and the atoms' statistics-space scoring do not); mini-batch b = 1 and plain
     BCFW unless build_direction = 1; float against double; different compilers, flags (FMA contraction) or BLAS. An
     exact tie between two labelings' loss-augmented scores after different roundings can part two runs that agree to
     rounding. Across platforms: IEEE-754 binary32/binary64 with no library call whose rounding varies (under
     STRUCTSVM_FREESTANDING the portable sqrt/exp/log are plain arithmetic) gives the same bits wherever compilers emit
     the same operations: make test-device trains BCFW bare-metal on a Cortex-M4F (qemu; float, STRUCTSVM_FREESTANDING,
     STRUCTSVM_ONLY_BCFW) and on x86-64 to the same bits with -ffp-contract=off (the default under -std=c99; GNU modes
     fuse a*b+c on the M4F). libm's SSVM_SQRT/EXP/LOG from <math.h> need not round alike.

   6. DEVIATIONS FROM THE PAPERS (fixed, reconstructed or chosen: a gist per ID; its marker's code argues it in full)
   Multi-sample (>>multisample; Branson et al.). Fixes to the printed paper: F1 the swap move's gain (eq. 14, Alg. 1
     line 9: the quadratic term's sign and |v_j - u|^2); F2 l_j of Alg. 1 line 5 (<w^{t,j-1}, v_j> + Delta_j); F3 eq.
     11 / Alg. 2 line 1 need the shrunk w^{t,0} = (t-1)/t w^{t-1}; F4 Alg. 2 beyond |phi(x)|^2 = 1 (thresholds on
     c/|phi|^2); F5 Alg. 2's off-by-one loop; F6 the radius sqrt(B/lambda) (Lemma 2.3's 1/sqrt(lambda) needs Delta
     <= 1). Choices: D1 a fresh permutation each pass (not Alg. 3's cyclic order); D2 the weighted average by
     default; D3 repeated sweeps over samples with weight (exact coordinate ascent); D4 y_i and repeated labels
     dropped; D5 line_search = 0 takes the Pegasos step only when l(w^{t-1}) > 0.
   Dual extragradient (>>deg): E1 w kept in the ball |w| <= sqrt(2 Theta / lambda), which
     holds the optimum (so the problem is the regularised one); E2 z distances weighted by p_i, eta = 1/L, L = lambda
     + |B~|_2 by power iteration x 1.05 (counted as oracle calls; the report's eta < |F|^-2 is a misprint for eta <=
     1/|F|); E3 the memory-efficient form (report 3.2.2): only w-sized vectors; E4 the last iterate reported besides
     the average; E5 a Birkhoff projection short of deg.proj_tol is rounded onto the polytope (Altschuler, Weed,
     Rigollet 2017): z stays feasible, the dual bound valid.
   Clique generation (>>cliquegen; reconstructed from the supplement): C1 alpha_i kept through its statistics (L + 4T
     numbers), the update along e_yhat - alpha_i clipped to [0, 1], so (15) holds exactly; C2 the step's own curvature
     a^2 + nu, not the global s = lambda / sigma (~1/s too short); C2b a step that lowers the dual of (11) is halved
     until it does not; C3 f_h's hinge term the mean of the pass's MAP values; C4 candidate k violates when |v_k| >
     sum_active |omega_j| (Algorithm 3's tau/s); C5 a warm start keeps alpha, resets theta to theta0 and the A.1
     window; C6 the dual bound D(c alpha), best c in [0, 1]; C7 Theta exact for the Hamming loss, eps 1e-3; C8 no
     clique active at the start, batch 2; C9 A.2 compares f_h with f_{h-1}, A.3 / no violator returns
     SSVM_SOLVER_RULE (the paper's rules stop well before a small gap of (10): read the gap).
   1-slack cutting plane (>>cutplane; from SVM^struct 3.x, not in Algorithm 4): the working-set QP by pairwise FW with
     exact line search on the Gram matrix (Lacoste-Julien, Jaggi 2015), warm started, its FW gap the QP's (qp_tol is
     certified); planes at weight 0 for drop_after iterations dropped, a full set drops the longest idle one; the
     cache adds each example's best cached labeling's plane, no oracle call, when violated by more than gap_tol beyond
     xi; right after an evaluation its exact pass is used, so the cache saves calls only with eval_every > 1 or 0.
   Kernels (>>kernel; the paper gives no cache, store or lifting): K1 the lifted multiclass and chain models and
     their FIFO cache of input-kernel rows; K2 the support store fixed at init (SSVM_ERR_SUPPORT_FULL, state
     unchanged); K3 without averaging a triple whose alpha reaches 0 is freed, with it triples stay.
   Online EG (>>eg): G1 theta = 0 at the start (alpha uniform), or eg.start on the gold labels; G2 a line search whose
     every halving fails takes no step (ssvm_solver_eg_rejected); G3 "first pass" is each example's first visit;
     G4 example weights enter through w and l, not the step.
   Surrogate losses (>>losses): FY decoding alpha = 1 - 4 gamma/(lambda nu) (Sec. 3.1 omits "1 -"); multilabel gamma
     = 1/sqrt(d) in l2 (1/d violates the bound); logistic + GAP's alpha = 1/K only for base 2; conv FY's Omega on all
     of R^d, its Frank-Wolfe blended pairwise with support <= n; Polyak (12) floored at eta_min (default alpha/M).
   GAPS (>>gaps; against the authors' release): plane caching takes G = +Inf before the first exact check, an
     unmeasured g_i never lets the cache replace the oracle, max_atoms is a hard cap with memory fixed up front.
   Exact block steps (>>exact): X1 Michelot's finite projection, not Crammer and Singer's sort (the same minimiser);
     X2 shrinking backs off per example (2^z - 1 skipped visits), not by liblinear's dual bounds; X3 a shrunk label
     returns at the example's next full visit, not at liblinear's un-shrinking at its stopping test.
   Parallel BCFW (>>par): P1 synchronous: a batch's calls read the same w (b - 1 steps of delay at most);
     P2 one exact line search per block in draw order, not one common step: the dual never decreases, b = 1 is plain
     BCFW bit for bit (with bcfw.build_direction = 1 where BCFW steps in score space); P3 an example drawn twice in a
     batch keeps both draws; P4 the paper's numbers not cited, its rates not relied on (convergence tested).
   Distributed CoCoA+ (>>dist): M1 the local solver is H BCFW steps (Theta only in expectation); M2 the average is
     over rounds (rho at round t), not steps; M3 not with config.bcfw's gaps options or exact steps
     (BCFW_COMBINATION), mini-batch (BATCH) or line_search = 0.
   Evaluation schedule SSVM_EVAL_PREDICT (5): our construction, not from the papers.

   7. FILES
   MODEL FILES (ssvm_model: save, load, predict, export as C; code at >>model)
     A model is what predicting needs, nothing of the data: the kind (SSVM_MODEL_MULTICLASS, _CHAIN, _GRAPH, _ASSIGN,
       SSVM_MODEL_KERNEL (KERNELS), or
       SSVM_MODEL_USER with your user_tag, n_labels, n_attrs, max_label_len and flags), the shape (K or L, F, flags, the
       graph's method and edges), the d weights, optional NUL-terminated names (n_attr_names 0 or F, n_label_names 0 or
       K / L; any counts for a user model), optional metadata and a training summary (solver, lambda, passes, oracle
       calls, primal, dual and gap of the returned weights, wall seconds, seed; informative only).
       ssvm_model m, l;
       ssvm_model_of_chain(&cfg, w, &m);              // or _of_multiclass / _of_graph / _of_assign (pointers, no copy)
       ssvm_model_set_summary(&m, &solver_cfg, &final);   // [T] from what ssvm_train returned
       m.label_names = names; m.n_label_names = K;    // optional
       ssvm_model_save_path(&m, "ocr.model");         // or ssvm_model_save_get_size + ssvm_model_save(buf)
       ssvm_model_load_path("ocr.model", SSVM_MODEL_CHAIN, &l);  // SSVM_MODEL_ANY accepts every kind
       ssvm_model_input in = ssvm_model_input_init(len, x);      // dense rows; or x NULL and attr_start/_id/_val
       ssvm_model_predict_get_work_size(&l, len, 0, &bytes);
       ssvm_model_predict(&l, &in, work, bytes, y, y_bytes, &y_len);  ssvm_model_uninit(&l);
     Memory (also under STRUCTSVM_NO_STDIO): ssvm_model_save_get_size, ssvm_model_save(&m, buf, buf_bytes, &written);
       ssvm_model_load_get_heap_size(buf, bytes, kind, &heap_bytes), ssvm_model_load_preallocated(buf, bytes, kind,
       heap, heap_bytes, &m): the whole file is checked first, then weights (as ssvm_real), edges and names are copied
       into heap (a graph's edges checked in O(L + E) scratch there), so buf may go; bytes may exceed the file.
       ssvm_model_load does the same with SSVM_MALLOC (NOT_SUPPORTED under STRUCTSVM_NO_MALLOC); ssvm_model_uninit
       frees what it allocated and nothing else.
     Files (stdio): ssvm_model_save_path and ssvm_model_export_c_path write path.tmp and rename it over path only
       when whole (under STRUCTSVM_NO_MALLOC, with no room for the name, in place); _save_FILE streams through fwrite.
       ssvm_model_load_path / _load_FILE check the 24-byte envelope before they allocate, then read exactly the
       declared size (NOT_SUPPORTED under STRUCTSVM_NO_MALLOC). Errors: a path that does not open for reading
       SSVM_ERR_INVALID_ARG, a read error SSVM_ERR_TRUNCATED, a file not created, written or renamed SSVM_ERR_IO (see
       errno), _save_FILE's short write SSVM_ERR_WORKSPACE; a crash mid-write leaves a file that loads as
       SSVM_ERR_TRUNCATED or _CHECKSUM, never as a model. ssvm_model_print(&m, f): "key: value" lines (kind, shape,
       edges, label names, |w|^2, max |w_j|, the summary, metadata), as `structsvm info` prints.
     Metadata: m.metadata, optional NUL-terminated text saved and loaded back, never read by the library; `structsvm
       learn` keeps "format: F", "bias: B" and for CoNLL the template in it, so classify needs neither --bias nor
       --template.
     Format: version 1, or 2 when the model has metadata (SSVM_MODEL_FORMAT_VERSION = 2; both are read); integers
       little-endian, written byte by byte (the same bytes on every host); f64 = IEEE-754 binary64; weights stored as
       (double)w, so float and double builds read each other's files (a double build exactly; a float build rounds to
       nearest). Offset: field. 0: magic "SSVMODEL"; 8: u32 x 2 format version (1 or 2), header bytes (144); 16: u64
       file bytes, checksum included; 24: u32 x 2 kind (0 user, 1 multiclass, 2 chain, 3 graph, 4 assign, 5 kernel), user tag;
       32: u32 x 4 d, n_labels, n_attrs, max_label_len; 48: i32 x 2 flags, method (two's complement); 56: u32 x 3
       n_edges E, n_attr_names, n_label_names; 68: i32 x 2 solver (-1: not recorded), passes; 76: u32 version 1:
       reserved, 0; version 2: metadata bytes M (>= 2, its NUL included); 80: u64 names bytes S; 88: f64 x 5 lambda,
       primal, dual, gap, wall seconds (NaN: unknown); 128: i64, u64 oracle calls, seed; 144: u32 x 2E the edges
       (a, b) of a graph; 144 + 8E: f64 x d the weights; + 8d: S bytes, the attribute names, then the label names,
       each NUL-terminated; + S: M bytes, version 2's metadata, one NUL-terminated string; end - 4: u32 CRC-32
       (IEEE 802.3 / zlib's crc32) of every byte before it.
     Kernel models (kind 5): n_labels K, n_attrs F, method the kernel (0 linear, 1 RBF, 2 polynomial), flags 0
       (multiclass) or SSVM_MODEL_KERNEL_CHAIN (8) | SSVM_CHAIN_BIASES; weights: gamma, coef0, degree (those the
       kernel does not use 0), for a chain the K K transitions (a + K b) and, with biases, K first- and K last-label
       weights, then per support row its F inputs and K coefficients: d = 3 [+ K K [+ 2 K]] + S (F + K). The loader
       refuses any other d, method or flags, an RBF gamma < 0, a parameter the kernel does not use that is not 0 and a
       degree not a whole number in 1 .. SSVM_MODEL_KERNEL_MAX_DEGREE (100) as SSVM_ERR_FORMAT; older loaders read
       kind 5 as SSVM_ERR_KIND. Work: (F + K) doubles + 16 bytes, a chain (F + len K) doubles, len K reals and
       Viterbi's + 32. Export as C writes its d reals; ssvm_model_predict predicts from them in a predict-only build.
     Load errors, checked in this order: SSVM_ERR_FORMAT (no magic), _TRUNCATED (short of the 12 bytes or the size
       field), _FORMAT (version 0) / SSVM_ERR_VERSION (later), _FORMAT (header bytes != 144, file < 148), _CHECKSUM,
       _KIND (not the kind asked, or unknown), _OVERFLOW (a count > INT_MAX), _FORMAT (sizes, reserved fields, a shape
       or edge or name not the kind's, metadata), _NONFINITE (a NaN/Inf weight, or > FLT_MAX in a float build).
       Nothing is read past the size field or the buffer. ssvm_model_check(&m) (every save and export) checks the same
       in memory, but repeated edges and the method against a cycle.
     Predict: ssvm_model_predict dispatches on the kind, for dense x to the model's own call (ssvm_multiclass_predict,
       ssvm_chain_predict, ssvm_graph_predict, ssvm_assign_predict: the same labels bit for bit), for sparse x (CSR
       rows: positions, the example, or assign's pairs) to the training decoder's scoring (the same order of sums as
       decode on sparse data), validating ids and values. Label length: 1 (multiclass), len (chain, assign: rows), L
       (graph). Work: ssvm_model_predict_get_work_size(&m, len, cols, &bytes) (0 for multiclass: work may be NULL).
     Export as C (stdio): ssvm_model_export_c_FILE(&m, "ocr", f) writes `const ssvm_real ocr_w[OCR_D]` ("%.17g": the
       same values bit for bit in a build of the same precision; a float build of a double model rounds to nearest),
       ocr_edges (graph), ocr_label_names (when named), and the macros OCR_KIND, OCR_D, OCR_N_LABELS, OCR_N_ATTRS,
       OCR_FLAGS, OCR_METHOD, OCR_N_EDGES. A firmware build needs only those and the predict-only header:
       #define STRUCTSVM_PREDICT_ONLY                  // plus STRUCTSVM_NO_MALLOC, STRUCTSVM_NO_STDIO if you like
       #include "structsvm.h"
       #include "ocr_model.c"                           // or compile it apart: it declares its arrays extern
       ssvm_chain_predict(OCR_N_LABELS, OCR_N_ATTRS, OCR_FLAGS, ocr_w, len, x, work, work_bytes, y);  // tested

   READERS (data files; code at >>readers)
     Every reader takes an ssvm_input: ssvm_input_memory(buf, bytes), ssvm_input_callback(read, user) (read(user,
     buf, bytes, &got) until got = 0; non-zero return: SSVM_ERR_IO) or, with stdio, ssvm_input_FILE(FILE*); and
     ssvm_read_*_path(cfg, path, ...) opens a file ("rb"). No popen, no shell: decompress (.gz) yourself (the
     examples pipe through gzip -dc). All sources give the same data and errors (tested). A leading UTF-8 byte order
     mark is skipped (error columns count after it). Memory: config.allocator (zero: SSVM_MALLOC; under
     STRUCTSVM_NO_MALLOC required, else SSVM_ERR_NOT_SUPPORTED); each result has its *_uninit. Errors:
     SSVM_ERR_PARSE (malformed), SSVM_ERR_TEMPLATE, SSVM_ERR_IO, and the model codes where they fit (SSVM_ERR_LABEL,
     SSVM_ERR_FEATURE_INDEX, SSVM_ERR_NONFINITE for a value that overflows a double, SSVM_ERR_EMPTY for no data,
     SSVM_ERR_OVERFLOW, SSVM_ERR_OUT_OF_MEMORY); ssvm_read_error gets the 1-based line and column of the offending
     byte (column = line length + 1 when something is missing at the end).
     Lines end in LF or CRLF; a NUL byte, or a line longer than config.max_line (default 16 MB), is SSVM_ERR_PARSE.
     Numbers: decimal with optional fraction and exponent (no nan/inf, no hex); up to 19 significant digits and
     |exponent| <= 22 are converted exactly (the double strtod gives, in any locale), others by strtod (under
     STRUCTSVM_FREESTANDING by a product that may be off in the last bit).
     ssvm_reader_config (ssvm_reader_config_init): allocator, max_line; n_attrs (SVM^light / SVM^hmm: indices above
     it are dropped, for test data against a trained model); bias (non-zero: an extra attribute of that value on
     every row, last); n_labels (ARFF); label_column (CoNLL, default -1 = the last); unlabelled (default 0: every
     reader requires its labels). Unlabelled data (unlabelled = 1, data to predict): SVM^light / SVM^hmm accept a row
     whose label is `0`, `?` or missing (the line starts with idx:val, or qid:N) and store -1 for it (n_labels is
     then the largest label read, 0 if none); ARFF accepts `?` as a label value (-1; a feature's `?` stays an
     error); CoNLL files are read as they are, and ssvm_conll_featurize takes no column as the label (every column
     may feed the templates, every label is -1; label_column is ignored). Rows with labels read as usual.
     ssvm_read_svmlight: `label idx:val ... # comment` (SVM^light, SVM^multiclass); label an integer >= 1 (0-based in
       ssvm_svmlight_data.labels), indices >= 1 strictly increasing (0-based ids), an optional qid:N after the label
       ignored; ssvm_svmlight_multiclass_config_init. ssvm_read_svmhmm: `label qid:N idx:val ...`, the lines of one
       qid form a sequence and must be consecutive (a qid seen again later is SSVM_ERR_PARSE);
       ssvm_svmhmm_chain_config_init. ssvm_read_conll: whitespace-separated columns, one token a line, the same count
       on every line, blank lines between sequences; every distinct cell string in one ssvm_dict.
     ssvm_read_template: CRF++ templates, `U<text>` with %x[row,col] macros (row relative to the token, col 0-based);
       `B` asks for the label bigrams (the chain always has its K x K table; a B template with %x is
       SSVM_ERR_TEMPLATE); `#` and blank lines skipped; positions past a sequence's ends read _B-1, _B-2, ... and
       _B+1, _B+2, ... as in CRF++ (examples/chunking.template: the CoNLL-2000 example's 19 templates).
       ssvm_conll_featurize turns the attribute names of every template at every token into ids of a caller's
       ssvm_dict (grow = 1 adds, with min_count the CRF++ -f cut-off; grow = 0 drops the unknown and gives -1 for an
       unknown label), ids in first-occurrence order: ssvm_conll_features, ssvm_conll_chain_config_init (sparse
       chain); ssvm_template_expand gives one name.
     ssvm_read_arff: Weka ARFF as Mulan writes it, dense or sparse (`{i v, ...}`, absent = 0, or a nominal's first
       value) rows; attributes numeric / real / integer or nominal (a feature's value is its index in the list); the
       labels, nominal {0,1}, are the last n_labels attributes, or with n_labels = 0 every trailing {0,1} attribute
       (a {0,1} feature just before them would count as a label: give n_labels then). Names in attr_names /
       label_names (ssvm_dict), for a model's names. ssvm_arff_graph_config (dense x or CSR as read).

   CHECKPOINTS AND WARM STARTS (ssvm_solver_checkpoint_*, config.warm_w; code at >>ckpt)
     A checkpoint is the whole state of a run (w and the average with their lazy scales, the per-example dual state,
       config.bcfw's estimates and atoms, the random generator and permutation, counters, progress and seconds, so
       max_seconds counts on, batch FW's reused pass, the multi-sample dual, radius and cache). A solver initialised
       with the same configuration on the same problem and loaded from it continues bit for bit: a run stopped at
       pass k (max_passes, the progress callback, or between ssvm_solver_run / _pass / _step calls) and resumed gives
       the weights, average and counters of a run that never stopped (memcmp; tested for every covered case). Saved
       from the progress callback it is the state after that pass and its evaluation.
       ssvm_solver_checkpoint_get_size(&s, &bytes);             // grows with a sparse state: ask before each save
       ssvm_solver_checkpoint_save(&s, buf, bytes, &written);   // memory (NO_STDIO, NO_MALLOC), or
       ssvm_solver_checkpoint_write(&s, write, user);           // a callback: write(user, p, n) != 0 is SSVM_ERR_IO
       ssvm_solver_checkpoint_save_path(&s, "run.ckpt");        // atomic: run.ckpt.tmp, fflush, fclose, rename
       ... later, another process: ssvm_solver_init(&same_config, &s2);
       ssvm_solver_checkpoint_load_path(&s2, "run.ckpt");       // or _load(&s2, buf, bytes)
       ssvm_solver_limits_of(&s2, &l); l.max_passes = 100; ssvm_solver_set_limits(&s2, &l); ssvm_solver_run(&s2);
     The rename is atomic on POSIX (on Windows it fails when path exists: remove it first), so a killed process
       leaves the last good checkpoint; a failed write, close or rename is SSVM_ERR_IO and removes path.tmp.
     Covered: the ckpt column of SOLVERS AT A GLANCE (SSVM_BCFW in every state kind and option, SSVM_FW, SSVM_SSG,
       SSVM_MULTISAMPLE, whose sampler's own state is yours; mini-batch BCFW fingerprints b, not the hook: saved on 2
       threads, it resumes on 1 or 4 bit for bit, but a pass cut by max_oracle_calls ends with a short batch: resume
       at a pass's end); the others: SSVM_ERR_CKPT_SOLVER at every entry point.
     Must match (a 64-bit FNV-1a fingerprint and the header), else SSVM_ERR_CKPT_MISMATCH: the solver kind, n, d,
       max_label_len, sizeof(ssvm_real) (float and double checkpoints do not mix), the state kind in use, lambda,
       line_search, averaging, sampling, oracle_quality, the config.bcfw / config.ms options the solver reads,
       config.par.batch (when > 0), a caller's sequence, every example's true label (truth) and weight c_i, the warm
       start's w0. Features are not fingerprinted (no feature call at save or load): other features with the same
       labels and dimensions are yours to avoid. May change: the stopping rules, progress, clock, allocator, the
       parallel-for hook and its users, sparse_pool_entries (a preallocated pool too small: SSVM_ERR_WORKSPACE), and
       the evaluation settings (but with config.bcfw's estimates evaluations steer gap sampling: keep them for bits).
     Loading checks the whole buffer before it writes the solver (a failed load leaves it as it was): SSVM_ERR_FORMAT
       (the magic, version 0, a field out of range or inconsistent, bytes left over: >>ckpt), _TRUNCATED, _VERSION
       (later), SSVM_ERR_CHECKSUM (CRC-32), _CKPT_SOLVER, _CKPT_MISMATCH, _NONFINITE (a NaN/Inf weight or state
       value). Finite values off the feasible set (sigma_i off the simplex, w far from sum_i w_i) cannot be told from
       a real state: a pass may end in SSVM_ERR_NONFINITE or give a model no real run would. Labelings in the state
       (the multi-sample cache, atoms) reach phi: only a phi that checks its labels (the built-in models' do) is safe
       against a hostile checkpoint.
     Format version 2 (SSVM_CHECKPOINT_FORMAT_VERSION; version 1 is read too), little-endian, byte by byte (layout at
       >>ckpt): a 64-byte header (magic "SSVMCKPT", version, header and file bytes, solver, n, d, max_label_len,
       sizeof(ssvm_real), state kind or -1, the fingerprint, two reserved u32), the body in ssvm__ck_body's order (f64
       reals, i32 / i64 integers; version 2 adds SSVM_EVAL_PREDICT's history), the CRC-32 (zlib's) of all before it.
     Warm start (config.warm_w, warm_w_bytes; ssvm_solver_config_warm_start(&c, &model) sets them from a model of the
       same d, else SSVM_ERR_WARM_START): a new run, on new data if you like, from the weights w0 of an earlier one
       (copied at init; no dual state: alpha_i belongs to the old data). BCFW and FW use w0 as the prox centre (the
       "biased regulariser" of transfer SVMs): they minimise P'(w) = lambda/2 |w - w0|^2 + sum_i c_i H_i(w) / sum c
       from alpha_i = e_{y_i}, i.e. from w0; BCFW's steps and block gaps are the plain ones at w; batch FW moves
       towards w0 + w_s, its gap lowered by lambda <w0, w>. Evaluations report P' = P - lambda <w0, w> + lambda/2
       |w0|^2, D' = D + lambda/2 |w0|^2, gap' = gap - lambda <w0, w> (certifies P'; tested). The answer is pulled
       towards w0 (the more, the less data). Other solvers: SSVM_ERR_WARM_START (SSG's and the multi-sample solver's
       first step, gamma = 1, erases any start; the prox term would add O(d) to every O(nnz) step).

   8. BUILD OPTIONS (#define before including; "global": the same in every file that includes the header; the rest
   act where STRUCTSVM_IMPLEMENTATION is defined)
     STRUCTSVM_IMPLEMENTATION (in one file): emit the definitions.
     Global: STRUCTSVM_REAL float|double: the storage and arithmetic type ssvm_real (default double); STRUCTSVM_ACCUM
       float|double: dot-product / objective accumulators (default double, also in float builds: sums over d terms
       lose digits in float); STRUCTSVM_STATIC: all functions static (a private copy per translation unit);
       STRUCTSVM_PREDICT_ONLY: decoders and scoring only, no solvers (firmware; [T] in the API).
     STRUCTSVM_NO_MALLOC: never call malloc: *_get_heap_size + *_init_preallocated, or *_init with a config.allocator
       (without one: NOT_SUPPORTED). STRUCTSVM_NO_STDIO: no stdio anywhere (the header uses none unless asked): no
       <stdio.h>, no _FILE / _path functions. STRUCTSVM_NO_CLOCK: no <time.h>: wall seconds come only from
       config.clock (without it they stay 0, and max_seconds is NOT_SUPPORTED); CPU seconds 0.
       STRUCTSVM_FREESTANDING: no libc headers at all (implies the three above); give SSVM_SQRT/SSVM_EXP/SSVM_LOG if
       a feature needs them.
     Leaving code out (what is left out answers NOT_SUPPORTED): STRUCTSVM_NO_PARALLEL: mini-batch BCFW (config.par);
       STRUCTSVM_NO_DIST: distributed training (config.dist with size > 1); STRUCTSVM_NO_<KIND>: one solver, its row
       of the algorithm table and its section (config.solver = SSVM_<KIND>: NOT_SUPPORTED; its own functions, e.g.
       ssvm_solver_cp_info, undefined), <KIND> one of BCFW, FW, SSG, MULTISAMPLE, DEG, CLIQUEGEN, CUTTING_PLANE,
       KBCFW, EG; STRUCTSVM_ONLY_<KIND>: keep only the kinds so named (several may be given), as stb's STBI_ONLY_PNG
       (make footprint: code size, compile time); STRUCTSVM_NO_GAPS: >>gaps and >>exact, config.bcfw's options (gap
       sampling, pairwise/away/exact steps, caching); plain BCFW is unchanged: the smallest trainer (make test-device
       builds so).
     STRUCTSVM_USE_BLAS: dense kernels through CBLAS (dot, axpy, scal, and the chain's unary scores as one gemm per
       sequence); link e.g. -lopenblas. STRUCTSVM_NO_OLD_NAMES (in any file): drop the old names of renamed functions
       (API GRAMMAR).
     Replacements: SSVM_ASSERT(x) (default: none; internal invariants only); SSVM_MALLOC(sz,u) / SSVM_FREE(p,u), the
       default allocator, both or neither, u = config.allocator.user (NULL unless set; user last here, unlike the
       callbacks); SSVM_MEMSET / SSVM_MEMCPY; SSVM_EXP/SSVM_LOG/SSVM_SQRT: libm (double -> double) for the surrogate
       losses and the online solvers; default <math.h>, portable versions under STRUCTSVM_FREESTANDING if none given.

   9. API REFERENCE
   API GRAMMAR (how every name and argument list is built, and the exceptions)
     Objects: ssvm_X_config_init(...) -> a config you edit; ssvm_X_get_heap_size(&cfg, &bytes);
       ssvm_X_init_preallocated(&cfg, heap, bytes, &obj) or ssvm_X_init(&cfg, &obj) (malloc); ssvm_X_uninit(&obj). A
       function that creates an object takes it last (the *_init, ssvm_model_load(buf, bytes, ..., &m)), one of an
       existing object first (ssvm_solver_step(&s, i, &info), ssvm_solver_checkpoint_load(&s, buf, bytes)). Config
       producers from data end in _config_init too (ssvm_svmhmm_chain_config_init(&data)). Accessors:
       ssvm_solver_<what>(&s, &out) -> ssvm_result (ssvm_solver_cp_info, ssvm_solver_cg_status, ...).
     Sizes, one suffix per meaning: _get_heap_size (an object's memory for its life, init_preallocated's bytes),
       _get_work_size (one call's scratch: its work and work_bytes), _get_size (the bytes a save will write). Every
       heap, work area and buffer the library writes comes with its byte count (out, out_bytes): too small is
       SSVM_ERR_WORKSPACE.
     I/O, one suffix per medium, the same for models, checkpoints and exports: memory (buf, bytes), a write callback
       (_write), a FILE * (_FILE) and a path (_path, written atomically: path.tmp, then rename); the readers take an
       ssvm_input (ssvm_input_memory, ssvm_input_FILE, ...) or a path (ssvm_read_<format>_path).
     Codes: one per fault wherever it is found: a label length outside [1, max_label_len] from any callback is
       SSVM_ERR_LABEL; a failed open, read, write, close or rename is SSVM_ERR_IO for models, checkpoints and readers;
       an option out of range is SSVM_ERR_INVALID_ARG except where a specific code tells the caller what to change
       (SSVM_ERR_LAMBDA; SSVM_ERR_BCFW_OPTION / _COMBINATION for config.bcfw; SSVM_ERR_BATCH for config.par;
       SSVM_ERR_WARM_START; SSVM_ERR_NOT_SUPPORTED for what a solver or build does not have).
     Exceptions (kept until 1.0): the kernel solver's counters return long long (ssvm_kernel_support_count,
       ssvm_kernel_support_stored, ssvm_kernel_evaluations; to move with the kernel model file); `which` of the kernel
       functions and `kind` of ssvm_model_load_path are int where ssvm_which / ssvm_model_kind exist (a C++ caller
       passing an int would stop compiling); outputs whose size an argument of the same call fixes take no byte
       count: a decoded y / yhat (L or label_len ints: ssvm_viterbi's y, ssvm_multiclass_predict's one int, the graph
       and assignment predictors'), assign (n ints), out / theta / grad (d reals), scores (k reals). The _dim functions
       return the int d (0: an invalid config). Old names of renamed functions (ssvm_model_save_file,
       ssvm_model_export_c, ssvm_cg_status_of, ssvm_svmhmm_chain_config, ...; VERSION HISTORY) stay as macros until
       1.0; STRUCTSVM_NO_OLD_NAMES drops them.

   API (an index: prototypes at >>api and each section's declarations; all return ssvm_result unless noted;
   [T] = not in STRUCTSVM_PREDICT_ONLY builds)
     ssvm_result_string(r) -> const char *; ssvm_problem_config_init(n, d, max_label_len) -> ssvm_problem;
       ssvm_problem_check(&p); ssvm_mean_loss(&p, w, ybuf, ybuf_bytes, &mean) = sum_i c_i Delta(y_i, decode(x_i)) /
       sum_i c_i; ssvm_primal_get_work_size, ssvm_primal(&p, lambda, w, work, work_bytes, &primal) [T]
     the accumulator phi writes into: ssvm_svec_get_heap_size, ssvm_svec_init_preallocated, ssvm_svec_add / _add_dense
       / _add_sparse / _clear (void) / _dot (-> ssvm_accum)
     solver [T]: ssvm_solver_config_init(&p, solver) -> ssvm_solver_config; ssvm_solver_config_check(&c);
       ssvm_solver_get_heap_size(&c, &bytes) (before training); ssvm_solver_init_preallocated(&c, heap, bytes, &s) (no
       allocation at all); ssvm_solver_init(&c, &s) (c.allocator or SSVM_MALLOC) / ssvm_solver_uninit(&s);
       ssvm_solver_run(&s) (until a stopping rule); ssvm_solver_pass(&s) (one pass, no evaluation, no stopping rules);
       ssvm_solver_step(&s, i, &info) (one step on example i, not FW; info may be NULL); ssvm_solver_evaluate(&s,
       iterate, average, &progress) (now, counted apart); ssvm_solver_progress(&s, &progress);
       ssvm_solver_config_of(&s) -> const ssvm_solver_config *; ssvm_solver_limits_of(&s, &limits),
       ssvm_solver_set_limits(&s, &limits); ssvm_solver_weights(&s, SSVM_W_ITERATE|SSVM_W_AVERAGE|SSVM_W_BEST, out,
       out_bytes); ssvm_solver_state_kind(&s, &kind) (what AUTO picked); ssvm_train(&c, w_out, w_bytes, &final) (init,
       run, weights, uninit)
     per solver [T]: ssvm_solver_gap_estimates, ssvm_solver_atom_count, ssvm_solver_atom (GAPS); ssvm_solver_cp_info;
       ssvm_solver_cg_status, ssvm_solver_cg_active, ssvm_l21sq_grad_get_work_size, ssvm_l21sq_grad (CLIQUE
       GENERATION); ssvm_solver_eg_rejected; ssvm_shard_range, ssvm_problem_shard (distributed);
       ssvm_solver_checkpoint_get_size / _save / _write / _load / _save_path / _load_path (stdio),
       ssvm_solver_config_warm_start (CHECKPOINTS). Models and readers: 7.
     multiclass: ssvm_multiclass_config_init -> config, ssvm_multiclass_dim -> int, ssvm_multiclass_init / _uninit /
       _problem, ssvm_multiclass_predict(K, F, w, x, &y), ssvm_multiclass_sampler [T]
     chain: ssvm_chain_config_init -> config, ssvm_chain_dim -> int, ssvm_chain_get_heap_size,
       ssvm_chain_init_preallocated, ssvm_chain_init (SSVM_MALLOC; not under NO_MALLOC), ssvm_chain_uninit,
       ssvm_chain_problem, ssvm_chain_scores, ssvm_chain_predict_get_work_size, ssvm_chain_predict(K, F, flags, w,
       L, x, work, work_bytes, y), ssvm_chain_kbest_sampler [T],
       ssvm_chain_marginals_get_work_size, ssvm_chain_marginals (forward-backward, log Z) [T];
       ssvm_viterbi_get_work_size, ssvm_viterbi(L, K, unary, trans, work, work_bytes, y, &score);
       ssvm_kbest_viterbi_get_work_size, ssvm_kbest_viterbi [T]
     graph: ssvm_graph_config_init -> config, ssvm_graph_dim -> int, ssvm_graph_get_heap_size / _init_preallocated /
       _init / _uninit / _problem, ssvm_graph_map_get_work_size, ssvm_graph_map (3), ssvm_chow_liu_get_work_size,
       ssvm_chow_liu, ssvm_graph_predict_get_work_size, ssvm_graph_predict (plain MAP for one dense x)
     assign: ssvm_assign_config_init -> config, ssvm_assign_dim -> int, ssvm_assign_get_heap_size,
       ssvm_assign_init_preallocated, ssvm_assign_init (SSVM_MALLOC; not under NO_MALLOC), ssvm_assign_uninit,
       ssvm_assign_problem, ssvm_assign_predict_get_work_size, ssvm_assign_predict (one dense example, x = m*c pairs
       of F reals)
     kernel [T]: ssvm_kernel_score, ssvm_kernel_scores (lifted: K doubles), ssvm_kernel_predict,
       ssvm_kernel_chain_predict (lifted chain), ssvm_kernel_support_count / _support_stored / ssvm_kernel_evaluations
       (-> long long), ssvm_kernel_support, ssvm_dense_kernel_fn (an input kernel callback)
     decoders and losses (predict-safe): ssvm_hungarian_get_work_size, ssvm_hungarian, ssvm_project_simplex,
       ssvm_project_box, ssvm_linear_scores; ssvm_surrogate_config_init(kind, n) -> ssvm_surrogate,
       ssvm_surrogate_check / _dim (-> int) / _label_len (-> int) / _constants(&s, &alpha, &M, &eta_floor),
       ssvm_decode_get_work_size, ssvm_decode, ssvm_surrogate_loss, ssvm_target_loss, ssvm_dist_sample,
       ssvm_dist_expected_loss
     online [T]: ssvm_online_config_init(kind, n, F) -> config, ssvm_online_get_heap_size,
       ssvm_online_init_preallocated, ssvm_online_init, ssvm_online_uninit, ssvm_online_reset (void),
       ssvm_online_predict, ssvm_online_update, ssvm_online_round

   CALLBACKS: what each returns, what the library checks ("Library"), what is left to you ("Yours")
     Every callback that returns a label: a length outside [1, max_label_len] is SSVM_ERR_LABEL.
     truth(user, i, y): writes y_i, returns its length. Called for every psi_i built (each step, each evaluated
       example) and at init for the compact state: keep it a copy.
     phi(user, i, y, len, scale, out): adds scale*phi(x_i, y) into the sparse accumulator out with ssvm_svec_add /
       _add_dense / _add_sparse; returns 0 (any value >= 0 is ignored). psi_i(y) is built from two calls, +scale at
       y_i and -scale at y: phi must be linear in scale. Library: out's sticky error after each call, an index outside
       [0, d) is SSVM_ERR_FEATURE_INDEX, a NaN/Inf value SSVM_ERR_NONFINITE. Yours: the label. y comes from truth,
       your oracle or a sampler and the library never reads its values: check len and every value in phi and return
       SSVM_ERR_LABEL (the built-in models do); a bad label left unchecked indexes whatever phi lets it index.
     oracle(user, i, w, w_scale, y, &delta): the argmax of 2 (Oracle), returns its length; w_scale > 0 with 1/w_scale
       finite (the built-in oracles: SSVM_ERR_INVALID_ARG otherwise). Library: *delta is 0 before the call; a NaN/Inf
       or negative *delta is SSVM_ERR_LOSS. Yours: that y* is the argmax (an approximate oracle voids the gap as a
       certificate), that *delta is Delta(y_i, y*), the label (phi).
     decode(user, i, w, y): plain argmax_y <w, phi(x_i, y)>, returns its length (prediction and ssvm_mean_loss only;
       optional). loss(user, i, y, len, &delta): sets *delta = Delta(y_i, y), returns 0 (ssvm_mean_loss only;
       optional); Library: a NaN/Inf or negative *delta is SSVM_ERR_LOSS; Yours: the label.
     stat_dim(user, i): m_i >= 1, the length of s_i(y), the same at every call (Library: 0 is SSVM_ERR_CALLBACK).
       Called by ssvm_solver_get_heap_size and *_init (n times each, or more) for a compact state; never in a step.
       stats(user, i, y, len, scale, s): s[0 .. m_i) += scale*s_i(y), returns 0; Yours: the label.
     expand(user, i, s, scale, out): out += scale*A_i s, returns 0. Library: out's sticky error, as for phi. Yours:
       phi(x_i, y) = A_i s_i(y) exactly, which the library cannot check (a quick test: BCFW gives the same iterates
       with SSVM_STATE_COMPACT and SSVM_STATE_SPARSE). stat_dim, stats and expand: all three or none (else
       SSVM_ERR_NULL_CALLBACK); only BCFW's compact states call them.
     stat_support(user, i, y, len, pos): writes the positions q where s_i(y)_q may be non-zero, ascending, no repeats
       (room for m_i ints), returns their count. Library: a count over m_i, a position outside [0, m_i) or out of
       order is SSVM_ERR_CALLBACK. Yours: every position stats writes is listed; the label (SSVM_ERR_LABEL).
     stat_expand_at(user, i, s, pos, cnt, scale, out): out += scale * sum_k s[pos[k]] A_i e_pos[k], in the listed
       order; returns 0. Library: out's sticky error. Yours: the same as expand restricted to the listed positions.
     stat_scores(user, i, w, pos, cnt, fresh, score): score[k] = <A_i e_pos[k], w>, returns 0. fresh = 1: the last
       oracle call on this user was example i at this w with w_scale 1, and nothing changed since; the model may
       answer from that call's own scores (less the loss it added). Yours: exactness (it is the step's <D, w>).
     stat_gram(user, cache, &bytes, &bound): cache NULL: *bytes = the cache's size for the whole problem (0: no score
       space, the step builds D; asked by get_heap_size, in the heap). Else fills it and sets *bound >= the sum of
       |entries| that one statistic's column A_i e_q adds to any one entry of w (the step's overflow test);
       SSVM_ERR_NOT_SUPPORTED: not yet (the step builds D, asks again at its next step). Library: a bound below 1 or
       not finite is SSVM_ERR_CALLBACK.
     stat_norm2(user, cache, i, pos, a, cnt, &out): *out = |sum_k a[k] A_i e_pos[k]|^2 (pos ascending), returns 0.
       The cache is also its scratch: called from one thread at a time.
     stat_move(user, i, pos, a, cnt, cw, w, cz, z): w += cw * sum_k a[k] A_i e_pos[k], and the same with cz into z
       when z is not NULL; returns 0. Called after the state moved: it must not fail once stat_gram has succeeded (a
       failure ends the run with its code and leaves w off the state; re-initialise the solver).
     progress(progress_user, &p): 0 to go on, non-zero to stop (SSVM_STOPPED_BY_USER). Called by ssvm_solver_run
       after every pass and its evaluation (never by ssvm_solver_pass or _step); p points into the solver, valid
       during the call.
     clock(clock_user): wall-clock seconds from any fixed origin, non-decreasing; only differences are used
       (wall_seconds, eval_wall_seconds, max_seconds). Not checked. CPU seconds always come from clock() (0 under
       STRUCTSVM_NO_CLOCK).
     allocator.alloc(user, bytes): a block of `bytes` (any alignment: the library aligns inside it) or NULL, which is
       SSVM_ERR_OUT_OF_MEMORY. allocator.free(user, ptr) never gets NULL. Both or neither (else
       SSVM_ERR_NULL_CALLBACK). Used by ssvm_solver_init (one block, plus a sparse pool that grows apart from it),
       ssvm_train and ssvm_online_init; zero: SSVM_MALLOC / SSVM_FREE.
     ms.sampler.sample(user, i, w, w_scale, k_max, work, ys, stride, lens, deltas): writes up to k_max = ms.samples
       labels scored at w_scale * w (label r at ys + r*stride, stride = max_label_len; lengths in lens, Delta(y_i, y)
       in deltas) and returns how many (0 .. k_max). Library: more than k_max is SSVM_ERR_CALLBACK; a NaN/Inf or
       negative delta is SSVM_ERR_LOSS; y_i and repeated labels are dropped; with multiclass = 1 the samples' Gram
       matrix is checked (its diagonal and row 0; else SSVM_ERR_CALLBACK). Yours: the first label is the
       loss-augmented argmax (Theorem 2.1 and Lemma 2.2 need it; it may skip y_i). work_bytes(user, k_max): its
       scratch, kept in the solver's heap, (size_t)-1 when it does not fit (SSVM_ERR_OVERFLOW); may be NULL. A call
       counts as one oracle call.
     Polytope callbacks (parts, part_scores, part_phi; part_orthogonal, part_scores_at): DUAL EXTRAGRADIENT and EXACT
       BLOCK STEPS; the built-in models set them where they apply (3).

   10. DOES NOT (yet)
     Training: the "Not built" and "Limits" items of 4 (kernels lifted for ssvm_graph and ssvm_assign, clique
     generation beyond pairwise candidates, DEG over tree marginal polytopes, ...), graphs with more than 24 labels
     that are not forests (no approximate MAP), latent variables, threads inside the solver (it is reentrant: one
     solver and one model object per thread; PARALLEL BCFW runs oracle calls on your threads). No global state.
     Model files: compress; load without copying (no mmap view); read a newer format version; keep the multiclass
     cost matrix or any training data; replace a file atomically through ssvm_model_save_FILE or a write callback;
     predict for SSVM_MODEL_USER (SSVM_ERR_KIND) or from sparse assignment input (SSVM_ERR_NOT_SUPPORTED); export
     attribute names or metadata to C; save training state (that is a checkpoint).
     Checkpoints: the uncovered solvers; fingerprint features; convert between float and double; carry a dual state
     to new data; compress.
     Readers: string / date / relational ARFF attributes, missing feature values (?), instance weights, Mulan's XML
     label files or MEKA's -C option (give n_labels); SVM^light's binary +1/-1 labels (labels start at 1); CRF++'s
     %t macros and bigram templates with observations; compressed input; OCR letter.data (examples/ocr_data.h).

   CHANGES AND MIGRATION TABLES: see VERSION HISTORY at the end of this file (newest first).

   LICENCE: public domain, see the end of this file.
   =====================================================================================================
*/
#ifndef STRUCTSVM_H
#define STRUCTSVM_H

/* >>config ---------------------------------------------------------------------------------------- */
#define STRUCTSVM_VERSION_MAJOR 0
#define STRUCTSVM_VERSION_MINOR 13
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

/* Solvers a build leaves out (MANUAL: BUILD OPTIONS): STRUCTSVM_NO_<KIND> removes one solver's table row and
   section; any STRUCTSVM_ONLY_<KIND> keeps only the kinds so named (<KIND>: BCFW, FW, SSG, MULTISAMPLE, DEG,
   CLIQUEGEN, CUTTING_PLANE, KBCFW, EG). A left-out kind's config is SSVM_ERR_NOT_SUPPORTED; its own public
   functions (ssvm_solver_cp_info, ssvm_solver_cg_status, ssvm_solver_eg_rejected, the kernel solver's and the multi-sample
   samplers) are not defined. */
#if defined(STRUCTSVM_ONLY_BCFW) || defined(STRUCTSVM_ONLY_FW) || defined(STRUCTSVM_ONLY_SSG) || defined(STRUCTSVM_ONLY_MULTISAMPLE) || defined(STRUCTSVM_ONLY_DEG) || \
    defined(STRUCTSVM_ONLY_CLIQUEGEN) || defined(STRUCTSVM_ONLY_CUTTING_PLANE) || defined(STRUCTSVM_ONLY_KBCFW) || defined(STRUCTSVM_ONLY_EG)
#define SSVM__ONLY_LIST 1
#endif
#if !defined(STRUCTSVM_NO_BCFW) && (!defined(SSVM__ONLY_LIST) || defined(STRUCTSVM_ONLY_BCFW))
#define SSVM__HAS_BCFW 1
#else
#define SSVM__HAS_BCFW 0
#endif
#if !defined(STRUCTSVM_NO_FW) && (!defined(SSVM__ONLY_LIST) || defined(STRUCTSVM_ONLY_FW))
#define SSVM__HAS_FW 1
#else
#define SSVM__HAS_FW 0
#endif
#if !defined(STRUCTSVM_NO_SSG) && (!defined(SSVM__ONLY_LIST) || defined(STRUCTSVM_ONLY_SSG))
#define SSVM__HAS_SSG 1
#else
#define SSVM__HAS_SSG 0
#endif
#if !defined(STRUCTSVM_NO_MULTISAMPLE) && (!defined(SSVM__ONLY_LIST) || defined(STRUCTSVM_ONLY_MULTISAMPLE))
#define SSVM__HAS_MULTISAMPLE 1
#else
#define SSVM__HAS_MULTISAMPLE 0
#endif
#if !defined(STRUCTSVM_NO_DEG) && (!defined(SSVM__ONLY_LIST) || defined(STRUCTSVM_ONLY_DEG))
#define SSVM__HAS_DEG 1
#else
#define SSVM__HAS_DEG 0
#endif
#if !defined(STRUCTSVM_NO_CLIQUEGEN) && (!defined(SSVM__ONLY_LIST) || defined(STRUCTSVM_ONLY_CLIQUEGEN))
#define SSVM__HAS_CLIQUEGEN 1
#else
#define SSVM__HAS_CLIQUEGEN 0
#endif
#if !defined(STRUCTSVM_NO_CUTTING_PLANE) && (!defined(SSVM__ONLY_LIST) || defined(STRUCTSVM_ONLY_CUTTING_PLANE))
#define SSVM__HAS_CUTTING_PLANE 1
#else
#define SSVM__HAS_CUTTING_PLANE 0
#endif
#if !defined(STRUCTSVM_NO_KBCFW) && (!defined(SSVM__ONLY_LIST) || defined(STRUCTSVM_ONLY_KBCFW))
#define SSVM__HAS_KBCFW 1
#else
#define SSVM__HAS_KBCFW 0
#endif
#if !defined(STRUCTSVM_NO_EG) && (!defined(SSVM__ONLY_LIST) || defined(STRUCTSVM_ONLY_EG))
#define SSVM__HAS_EG 1
#else
#define SSVM__HAS_EG 0
#endif

#include <stddef.h> /* size_t: freestanding */
#ifndef STRUCTSVM_NO_STDIO
#include <stdio.h> /* FILE, for the model files' path and FILE* wrappers (>>model); no stdio symbol is used
                      unless a stdio function is called */
#endif

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
    SSVM_TARGET_REACHED = 6,     /* an evaluated primal <= target_primal */
    SSVM_SOLVER_RULE = 7,        /* the solver's own stopping rule (clique generation: A.3 or no violating
                                    candidate), after a final evaluation: read the gap, it certifies nothing */
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
    SSVM_ERR_NOT_SUPPORTED = -13,/* the build or the problem lacks what the option needs */
    SSVM_ERR_GRAPH = -14,        /* a graph edge out of range, a self-loop, a repeated edge, or not a forest
                                    where a tree decoder was asked for */
    SSVM_ERR_TOO_LARGE = -15,    /* exact enumeration asked beyond its documented size */
    SSVM_ERR_SHAPE = -16,        /* an assignment with more rows than columns and no dummy rule, or a
                                    polytope of the wrong shape */
    SSVM_ERR_NO_CONVERGENCE = -17, /* an inner iteration (a Birkhoff projection) missed its tolerance */
    SSVM_ERR_FORMAT = -18,       /* not a model file (magic), or a field inconsistent with the others */
    SSVM_ERR_TRUNCATED = -19,    /* a model file shorter than its header says */
    SSVM_ERR_CHECKSUM = -20,     /* a model file whose CRC-32 does not match its bytes */
    SSVM_ERR_VERSION = -21,      /* a model file of a newer format version than this library reads */
    SSVM_ERR_KIND = -22,         /* a model of another kind than asked for, or of an unknown kind */
    SSVM_ERR_PARSE = -23,        /* a data file is malformed (the reader gives the line and column) */
    SSVM_ERR_IO = -24,           /* a file cannot be opened, or a read callback failed */
    SSVM_ERR_TEMPLATE = -25,     /* a feature template is malformed or names a column the data lacks */
    SSVM_ERR_CLIQUE = -26,       /* clique generation: an empty candidate list, or a candidate clique over a label
                                    out of range, a self-loop or a repeated pair */
    SSVM_ERR_SIGMA = -27,        /* clique generation: the smoothing sigma (or the eps of Proposition 2) <= 0 or
                                    not finite */
    SSVM_ERR_QP = -28,           /* the cutting plane's working-set QP missed cp.qp_tol in cp.qp_max_iter */
    SSVM_ERR_PLANES = -29,       /* the cutting plane's working set is full of active planes (cp.max_planes) */
    SSVM_ERR_BCFW_OPTION = -30,  /* a config.bcfw option out of range (gap degree, cache constants, atom cap) */
    SSVM_ERR_BCFW_COMBINATION = -31, /* config.bcfw options where they do not apply: a solver other than BCFW,
                                    gap sampling with a caller's sequence or cyclic order, pairwise/away
                                    steps or caching without line search */
    SSVM_ERR_SUPPORT_FULL = -32, /* the kernel solver's support set reached its cap (config max_support) */
    SSVM_ERR_KERNEL = -33,       /* a kernel value is not finite, or a Gram matrix is not positive semi-definite */
    SSVM_ERR_CKPT_SOLVER = -34,  /* a checkpoint asked of a solver kind checkpoints do not cover (>>ckpt) */
    SSVM_ERR_CKPT_MISMATCH = -35,/* a checkpoint of another problem or solver (dimensions, labels, solver, its options) */
    SSVM_ERR_WARM_START = -36,   /* a warm start of another dimension, or asked of a solver that has none (>>ckpt) */
    SSVM_ERR_BATCH = -37,        /* config.par: a batch size < 0 or > n, 0 with a parallel-for hook, or a batch where
                                    it does not apply (a solver other than BCFW, pairwise/away steps, caching) */
    SSVM_ERR_PARALLEL = -38,     /* config.par: the parallel-for hook did not run every task exactly once, or a
                                    built-in model with scratch run in parallel without per-slot copies */
    SSVM_ERR_COLLECTIVE = -39,   /* config.dist: the caller's allreduce failed, or the ranks disagree (their
                                    count, their indices, d, lambda, the solver or its options) */
    SSVM_ERR_PEER = -40          /* config.dist: another rank failed (its own error code is on that rank) */
} ssvm_result;
STRUCTSVM_DEF const char *ssvm_result_string(ssvm_result r);
/* >>svec: the sparse accumulator */
/* Sparse accumulator: a dense value array over [0, d) plus the list of touched indices, so that building
   a vector and reading it back costs time in its non-zeros. Callbacks add into it; errors are sticky. */
typedef struct ssvm_svec {
    ssvm_real *val;      /* d values; only val[idx[k]] are meaningful */
    int *idx;            /* touched indices, in first-touch order */
    unsigned char *mark; /* d flags */
    int nnz, d;
    int err;             /* first error (ssvm_result < 0), else 0 */
} ssvm_svec;
STRUCTSVM_DEF ssvm_result ssvm_svec_get_heap_size(int d, size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_svec_init_preallocated(int d, void *heap, size_t bytes, ssvm_svec *v);
STRUCTSVM_DEF void ssvm_svec_add(ssvm_svec *v, int j, ssvm_real x);
/* add scale*x[0..len) at offset off; exact zeros of x are skipped */
STRUCTSVM_DEF void ssvm_svec_add_dense(ssvm_svec *v, int off, const ssvm_real *x, int len, ssvm_real scale);
/* add scale*val[k] at off+stride*idx[k] (val NULL: all ones) */
STRUCTSVM_DEF void ssvm_svec_add_sparse(ssvm_svec *v, int off, int stride, const int *idx, const ssvm_real *val,
                                        int nnz, ssvm_real scale);
STRUCTSVM_DEF void ssvm_svec_clear(ssvm_svec *v);
STRUCTSVM_DEF ssvm_accum ssvm_svec_dot(const ssvm_svec *v, const ssvm_real *w);

/* >>problem --------------------------------------------------------------------------------------- */
/* A structured problem as callbacks. Every callback takes `user` first and returns a negative ssvm_result
   to abort with that code; what each returns on success is listed in the MANUAL (CALLBACKS). */
typedef struct ssvm_problem {
    int n;             /* examples */
    int d;             /* dimension of w */
    int max_label_len; /* ints in the longest label */
    void *user;
    int (*truth)(void *user, int i, int *y);
    int (*phi)(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_svec *out);
    /* loss-augmented argmax_y Delta(y_i, y) + w_scale <w, phi(x_i, y)> (w_scale > 0; 1 for BCFW and FW) */
    int (*oracle)(void *user, int i, const ssvm_real *w, double w_scale, int *y, ssvm_real *delta);
    int (*decode)(void *user, int i, const ssvm_real *w, int *y);
    int (*loss)(void *user, int i, const int *y, int len, ssvm_real *delta);
    /* optional compact statistics (all three or none) */
    int (*stat_dim)(void *user, int i);
    int (*stats)(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_real *s);
    int (*expand)(void *user, int i, const ssvm_real *s, ssvm_real scale, ssvm_svec *out);
    /* optional, the statistics interface (MANUAL: STATISTICS INTERFACE): what lets BCFW's step (and its atoms and
       mini-batches) work in statistics space, in time ~ the statistics a step changes, instead of building
       D = A_i (s(y*) - sigma_i) over all of them. Read only with the compact statistics above (a problem without
       them ignores it). Every callback gets the same user as the others (a wrapper that changes user must wrap
       these too, or set them to NULL).
       Sparse statistics (both or neither): */
    /* the positions q where s_i(y)_q may be non-zero, ascending and without repeats, into pos (room for stat_dim(i)
       ints); returns how many, or a negative ssvm_result (SSVM_ERR_LABEL for a y that is not a label of i) */
    int (*stat_support)(void *user, int i, const int *y, int len, int *pos);
    /* out += scale sum_k s[pos[k]] A_i e_pos[k] over the cnt listed positions, in their order (expand, restricted) */
    int (*stat_expand_at)(void *user, int i, const ssvm_real *s, const int *pos, int cnt, ssvm_real scale,
                          ssvm_svec *out);
    /* Scores (needs the sparse statistics; serves the atoms of config.bcfw): */
    /* score[k] = <A_i e_pos[k], w> for the cnt listed positions. fresh = 1: the last oracle call on this user was
       example i at this w with w_scale 1 and nothing changed since, so the model may answer from that call's own
       scores (taking off the loss it added) */
    int (*stat_scores)(void *user, int i, const ssvm_real *w, const int *pos, int cnt, int fresh, double *score);
    /* Score space (all three or none; needs the scores; serves the step in double builds): */
    /* the model's cache for stat_norm2, over the whole problem. cache NULL: *bytes = its size (0: none, the step
       builds D). Else fill it (*bytes as asked) and set *bound >= every |x| that a statistic's column A_i e_q adds
       to one entry of w, summed over its additions to that entry (the step's overflow test); SSVM_ERR_NOT_SUPPORTED:
       not now (the step builds D and asks again at its next call). Called from one thread at a time. */
    int (*stat_gram)(void *user, void *cache, size_t *bytes, double *bound);
    /* *out = |sum_k a[k] A_i e_pos[k]|^2, pos ascending; the cache (filled) is also its scratch */
    int (*stat_norm2)(void *user, void *cache, int i, const int *pos, const double *a, int cnt, double *out);
    /* w += cw sum_k a[k] A_i e_pos[k], and z += cz (the same sum) when z is not NULL, entry by entry */
    int (*stat_move)(void *user, int i, const int *pos, const double *a, int cnt, double cw, ssvm_real *w, double cz,
                     ssvm_real *z);
    /* optional example weights c_i >= 0 (n of them, sum > 0): the loss term becomes
       sum_i c_i H_i(w) / sum_i c_i (NULL: all 1, the plain mean) */
    const ssvm_real *weights;
    /* optional, the dual extragradient's view (all three or none): the labels of example i as the vertices
       of a polytope of "parts" z, with phi(x_i, y) = sum_p z_p(y) phi_p and Delta(y_i, y) = sum_p z_p(y) cost_p
       exactly at every vertex. parts() returns the kind and sets *m:
         SSVM_POLYTOPE_SIMPLEX   m labelings, part p = labeling p (z = a distribution over labelings);
         SSVM_POLYTOPE_BIRKHOFF  an m x m assignment, part p = j*m + k for row j -> column k. */
    int (*parts)(void *user, int i, int *m);
    /* score[p] = <w, phi_p> and cost[p] for every part p */
    int (*part_scores)(void *user, int i, const ssvm_real *w, ssvm_real *score, ssvm_real *cost);
    /* out += scale * sum_p z[p] phi_p */
    int (*part_phi)(void *user, int i, const ssvm_real *z, ssvm_real scale, ssvm_svec *out);
    /* optional, BCFW's exact block steps (config.bcfw.steps = SSVM_BCFW_STEPS_EXACT; needs the SIMPLEX parts above):
       declares that example i's parts phi_p are mutually orthogonal with one squared norm, *norm2 = |phi_p|^2 >= 0,
       and that the true labeling is part *truth (phi(x_i, y_i) = phi_truth, cost_truth = 0). Returns 0, or
       SSVM_ERR_NOT_SUPPORTED when example i's parts are not so (ssvm_multiclass: |x_i|^2 and y_i) */
    int (*part_orthogonal)(void *user, int i, int *truth, double *norm2);
    /* optional, with part_orthogonal: part_scores for the cnt listed parts only (score[k], cost[k] of part pos[k]),
       what lets the exact steps shrink an example's labels (>>exact) */
    int (*part_scores_at)(void *user, int i, const ssvm_real *w, const int *pos, int cnt, ssvm_real *score,
                          ssvm_real *cost);
    /* >>par: 1 when the callbacks keep scratch in *user, so that two threads need two users (the built-in
       chain, graph and assignment models set it): config.par with a hook then needs task_users */
    int scratch_in_user;
} ssvm_problem;
typedef enum ssvm_polytope_kind { SSVM_POLYTOPE_SIMPLEX = 1, SSVM_POLYTOPE_BIRKHOFF = 2 } ssvm_polytope_kind;

/* An empty problem of n examples, dimension d and labels of at most max_label_len ints: every callback NULL.
   Set the callbacks you have (`ssvm_problem p = ssvm_problem_config_init(n, d, L); p.phi = my_phi; ...`). */
STRUCTSVM_DEF ssvm_problem ssvm_problem_config_init(int n, int d, int max_label_len);
/* Checks sizes, weights and that the callbacks training needs are set (does not call them). */
STRUCTSVM_DEF ssvm_result ssvm_problem_check(const ssvm_problem *p);

/* Mean task loss of the plain decoder over the problem's examples (weighted by p->weights when set):
   sum_i c_i Delta(y_i, decode(x_i)) / sum_i c_i. ybuf: max_label_len ints, ybuf_bytes its size. */
STRUCTSVM_DEF ssvm_result ssvm_mean_loss(const ssvm_problem *p, const ssvm_real *w, int *ybuf, size_t ybuf_bytes,
                                         double *out);
/* >>memory: the caller's allocator */
/* A caller's allocator: both functions or neither; user is passed back first, as to every callback. */
typedef struct ssvm_allocator {
    void *user;
    void *(*alloc)(void *user, size_t bytes);
    void (*free)(void *user, void *ptr);
} ssvm_allocator;

#ifndef STRUCTSVM_PREDICT_ONLY
/* >>solvers --------------------------------------------------------------------------------------- */
typedef enum ssvm_solver_kind {
    SSVM_BCFW = 0,       /* block-coordinate Frank-Wolfe, Lacoste-Julien et al. 2013, Algorithm 4 */
    SSVM_FW = 1,         /* batch Frank-Wolfe, Algorithm 2 */
    SSVM_SSG = 2,        /* stochastic subgradient, Pegasos step (App. F) */
    SSVM_MULTISAMPLE = 3,/* online multi-sample SSVM, Branson, Beijbom, Belongie 2013, Algorithms 1-3 */
    SSVM_DEG = 4,        /* dual extragradient, Taskar, Lacoste-Julien, Jordan 2006 (needs the polytope callbacks) */
    SSVM_CLIQUEGEN = 5,  /* clique generation, l2,1-squared regulariser, Tan et al. CVPR 2015 (config.cg, ssvm_graph) */
    SSVM_CUTTING_PLANE = 6, /* 1-slack cutting plane, Joachims, Finley, Yu 2009, Algorithm 4 (config.cp) */
    SSVM_KBCFW = 7,      /* kernelised BCFW (Algorithm B.1) or FW (config.kernel.batch), on a kernel (config.kernel) */
    SSVM_EG = 8          /* online exponentiated gradient, Collins et al. JMLR 2008, chain model (config.eg) */
} ssvm_solver_kind;
typedef enum ssvm_sampling {
    SSVM_SAMPLE_UNIFORM = 0,     /* i uniform at random each step (BCFW's paper) */
    SSVM_SAMPLE_PERMUTATION = 1, /* a fresh random permutation each pass */
    SSVM_SAMPLE_SEQUENCE = 2,    /* config.sequence[k mod sequence_len], 0-based */
    SSVM_SAMPLE_CYCLIC = 3       /* i = k mod n (the multi-sample paper's Algorithm 3) */
} ssvm_sampling;
typedef enum ssvm_averaging {
    SSVM_AVG_NONE = 0,
    SSVM_AVG_WEIGHTED = 1, /* w_bar = 2/(k(k+1)) sum_t t w^(t)  (eq. 14) */
    SSVM_AVG_SUFFIX = 2,   /* uniform average of the iterates since the last one whose index t is a power of 2,
                              that one included (t = 1, 2, 4, 8, ...: the average restarts at w^t) (BCFW, SSG) */
    SSVM_AVG_UNIFORM = 3   /* w_bar = (1/T) sum_{t=1..T} w^{t-1} (multi-sample, its Theorem 2.1.3); for SSG
                              (SSG-avg, the BCFW paper's Figs. 3-4) and BCFW: (1/T) sum_{t=1..T} w^{t} */
} ssvm_averaging;
typedef enum ssvm_state_kind {
    SSVM_STATE_AUTO = 0, SSVM_STATE_COMPACT = 1, SSVM_STATE_DENSE = 2, SSVM_STATE_SPARSE = 3,
    SSVM_STATE_COMPACT_SPARSE = 4
} ssvm_state_kind;
typedef enum ssvm_which { SSVM_W_ITERATE = 0, SSVM_W_AVERAGE = 1, SSVM_W_BEST = 2 } ssvm_which;
/* When ssvm_solver_run evaluates (config.eval_schedule; MANUAL: THE ENGINE, "Evaluation schedule") */
typedef enum ssvm_eval_schedule {
    SSVM_EVAL_FIXED = 0,  /* every eval_every passes */
    SSVM_EVAL_PREDICT = 1 /* on that grid: the first pass, then only where the past evaluations' decay predicts a
                             stopping rule holds, and at the latest at twice the pass of the last evaluation;
                             every grid pass when nothing can be predicted (no rule; SSG) */
} ssvm_eval_schedule;

/* primal P(w), dual D and duality gap at one vector; NaN where not evaluated (or no dual exists) */
typedef struct ssvm_objective { double primal, dual, gap; } ssvm_objective;

typedef struct ssvm_progress {
    int pass;                      /* passes (n steps each; one iteration for FW); the last one is partial
                                      when max_oracle_calls stopped ssvm_solver_run inside it */
    long long steps;               /* solver steps */
    long long oracle_calls;        /* oracle (or sampler) calls that drove steps */
    long long eval_oracle_calls;   /* oracle calls made only to evaluate */
    ssvm_objective iterate;        /* at the iterate w */
    ssvm_objective average;        /* at the average w_bar (NaN when none is kept) */
    double wall_seconds;           /* training wall-clock time, evaluation excluded */
    double cpu_seconds;            /* training CPU time (clock()), evaluation excluded */
    double eval_wall_seconds;      /* wall-clock time spent evaluating */
    double eval_cpu_seconds;
    size_t state_bytes;            /* bytes the solver holds (heap block and a grown pool) */
    int returned;                  /* ssvm_train: the vector written to w_out (SSVM_W_ITERATE or SSVM_W_AVERAGE);
                                      -1 before */
    double gap_estimate;           /* BCFW with config.bcfw estimates: sum_i g_i, an ESTIMATE of the duality gap
                                      (each g_i is exact at the last check pass, then refreshed only when i's
                                      oracle is called); NaN when not kept. The certified gap is iterate.gap. */
    long long oracle_calls_saved;  /* BCFW plane caching: steps that used a cached labeling instead of the oracle */
} ssvm_progress;

typedef int (*ssvm_progress_fn)(void *user, const ssvm_progress *p); /* non-zero: stop */

/* >>multisample: its sampler and options (config.ms; its other declarations are at >>multisample below) */
/* Importance sampler of the multi-sample solver (its Algorithm 1 line 1). sample() writes up to k_max labels
   of example i, label r at ys + r*stride (stride = the problem's max_label_len), their lengths into lens and
   their losses Delta(y_i, y) into deltas, and returns how many it wrote (0..k_max) or a negative ssvm_result.
   It scores at w_scale * w, as the problem's oracle does. The first label should be the loss-augmented argmax
   (the subgradient: Theorem 2.1 and Lemma 2.2 need it); it may skip y_i itself. The solver drops y_i and
   repeated labels. */
typedef struct ssvm_ms_sampler {
    void *user;
    int (*sample)(void *user, int i, const ssvm_real *w, double w_scale, int k_max, void *work, int *ys, int stride,
                  int *lens, ssvm_real *deltas);
    size_t (*work_bytes)(void *user, int k_max); /* scratch passed as `work`, kept in the solver heap; may be NULL */
    int multiclass; /* 1: labels are distinct classes of an ssvm_multiclass other than y_i, so that
                       <v_i, v_j> = |x|^2 (1 + [i = j]) and the exact update (Algorithm 2) applies */
} ssvm_ms_sampler;
typedef enum ssvm_ms_update {
    SSVM_MS_UPDATE_AUTO = 0,      /* Algorithm 2 when the sampler sets multiclass, else Algorithm 1 */
    SSVM_MS_UPDATE_SWEEP = 1,     /* Algorithm 1: expand/swap moves over the samples, `sweeps` times */
    SSVM_MS_UPDATE_MULTICLASS = 2 /* Algorithm 2 (corrected): the exact maximiser of D_t over the samples */
} ssvm_ms_update;
/* What only the multi-sample solver reads. */
typedef struct ssvm_ms_config {
    int samples;                 /* labels asked from the sampler per step, >= 1 (default 1) */
    int sweeps;                  /* passes of Algorithm 1 over the samples per step (line 16), >= 1 (default 1) */
    ssvm_ms_update update;       /* default AUTO */
    int project;                 /* 1 (default): |w| <= sqrt(B/lambda) after each step (Algorithm 3 line 5) */
    double loss_bound;           /* B: a bound on Delta (default 1, the paper's); the radius uses the larger
                                    of B and the largest Delta sampled so far (Lemma 2.3 needs B >= Delta) */
    int cache_size;              /* earlier violators kept per example and added to the samples (default 0) */
    size_t cache_max_bytes;      /* cap on the cache's bytes; cache_size shrinks to fit (0 = no cap) */
    ssvm_ms_sampler sampler;     /* all zero (default): the problem's oracle, one label per step */
} ssvm_ms_config;
/* >>deg: the dual extragradient's options (config.deg) */
typedef enum ssvm_deg_geometry {
    SSVM_DEG_EUCLIDEAN = 0, /* Euclidean projections: simplex by thresholding, Birkhoff by Dykstra */
    SSVM_DEG_ENTROPIC = 1   /* Bregman projections with the entropy: softmax, Birkhoff by Sinkhorn scaling */
} ssvm_deg_geometry;
/* What only the dual extragradient reads. */
typedef struct ssvm_deg_config {
    ssvm_deg_geometry geometry; /* of the z blocks (w is always Euclidean); default EUCLIDEAN */
    double eta;                 /* step; 0 (default): 1/L, L = lambda + |B|_2 by power iteration (MANUAL) */
    int power_iters;            /* most power iterations for |B|_2 (default 100; stops at relative change 1e-4) */
    double radius;              /* w is kept in the ball |w| <= radius; 0 (default): sqrt(2 Theta / lambda),
                                   which holds the optimum (Theta: a bound on the mean largest loss) */
    double proj_tol;            /* Birkhoff projections: stop at this feasibility (default 1e-9; float 1e-6) */
    int proj_max_iter;          /* and after this many sweeps at most (default 10000), then rounded onto the
                                   polytope (MANUAL: an inexact prox step, the certificate stays valid) */
} ssvm_deg_config;

/* >>cliquegen: clique generation's options */
/* What only clique generation (SSVM_CLIQUEGEN) reads. The candidate cliques are the edges of `graph` (an
   initialised ssvm_graph whose ssvm_graph_problem is config.problem); w = [u; omega_1 .. omega_T], omega_k the
   4-entry table of candidate k. Problem (10): lambda/2 |u|^2 + lambda/2 (sum_k |omega_k|)^2 + mean hinge. */
typedef struct ssvm_cg_config {
    const struct ssvm_graph *graph;
    int sigma_fixed;          /* 0 (default): sigma = lambda eps / (2 Theta) (Proposition 2); 1: `sigma` as given */
    double sigma;             /* the smoothing of (11) when sigma_fixed, > 0 (else SSVM_ERR_SIGMA) */
    double eps;               /* Proposition 2's accuracy, > 0 (default 1e-3) */
    int batch;                /* cliques activated per outer iteration, the most violated first (default 2) */
    double theta0;            /* Algorithm 2's step scale theta at each (warm) start, >= 1 (default 2, A.2) */
    double theta_growth;      /* theta *= this when f_h does not decrease, >= 1 (default 2, A.2; 1: never) */
    double eps_inner;         /* A.1: inner stop when h > 5 and |f_h - f_{h-5}| / f_{h-5} <= this (default 0.005) */
    int max_inner_passes;     /* and after this many inner passes (default 0: no limit) */
    double eps_outer;         /* A.3: stop when t > 2 and |f^t - f^{t-2}| / f^{t-2} <= this (default 0.05) */
    int stop_rules;           /* 1 (default): A.3 or no violator ends ssvm_solver_run (SSVM_SOLVER_RULE after a final
                                 evaluation); 0: only the engine's rules (gap_tol, limits) end it */
    int all_active;           /* 1: every candidate active from the start (a direct solve of (11), no generation) */
} ssvm_cg_config;
/* >>cutplane: 1-slack cutting plane (declarations) ----------------------------------------------------- */
/* What only the cutting plane reads (SSVM_CUTTING_PLANE; MANUAL: 1-SLACK CUTTING PLANE). */
typedef struct ssvm_cp_config {
    int max_planes;   /* working-set capacity, the trivial plane (xi >= 0) included; >= 2 (default 100) */
    int drop_after;   /* drop a plane whose weight stayed 0 this many iterations in a row (default 50; 0 = never) */
    int cache_size;   /* per example, the most recent labelings the oracle returned (SVM^struct's cache;
                         default 0 = none); an iteration whose cached joint plane is violated by more than
                         gap_tol (SVM^struct: epsilon) beyond xi uses it and calls no oracle */
    double qp_tol;    /* the working-set QP is solved to this duality gap; 0 (default): gap_tol / 4, or 1e-9
                         (float 1e-6) when gap_tol is 0 */
    int qp_max_iter;  /* pairwise Frank-Wolfe iterations per QP at most (default 100000; then SSVM_ERR_QP) */
} ssvm_cp_config;
/* The cutting plane's counters (ssvm_solver_cp_info). */
typedef struct ssvm_cp_info {
    int planes;                /* in the working set now, the trivial plane included */
    int active;                /* of which with weight > 0 */
    long long added, dropped;  /* planes added and dropped so far */
    long long cached_iterations; /* iterations whose plane came from the cache (no oracle call) */
    long long qp_iterations;   /* pairwise FW iterations, all QPs */
    double qp_gap;             /* the last QP's duality gap (<= its tolerance) */
    double xi;                 /* the working set's slack max_c (l_c - <w, g_c>) at the iterate */
} ssvm_cp_info;
/* >>gaps: BCFW's options from Osokin, Alayrac, Lukasewitz, Dokania, Lacoste-Julien (ICML 2016), "Minding the gaps
   for block Frank-Wolfe optimization of structured SVMs" (MANUAL: GAPS). All zero but the constants = plain BCFW. */
typedef enum ssvm_bcfw_steps {
    SSVM_BCFW_STEPS_FW = 0,       /* Frank-Wolfe steps only (BCFW) */
    SSVM_BCFW_STEPS_PAIRWISE = 1, /* pairwise steps only (BCPFW, the paper's default) */
    SSVM_BCFW_STEPS_AWAY = 2,     /* FW and away steps (BCAFW) */
    SSVM_BCFW_STEPS_ALL = 3,      /* FW, away and pairwise: the one that raises the dual most */
    SSVM_BCFW_STEPS_EXACT = 4     /* the block's subproblem solved exactly over all its labelings (>>exact; problems
                                     with SIMPLEX parts and part_orthogonal: ssvm_multiclass) */
} ssvm_bcfw_steps;
/* What only BCFW reads. */
typedef struct ssvm_bcfw_config {
    int gap_sampling;    /* 1: draw example i with probability proportional to g_i^gap_degree, g_i its block
                            gap estimate (config.sampling is then ignored); default 0 */
    double gap_degree;   /* > 0 (default 1, the paper's) */
    int gap_check;       /* with estimates kept: an exact check pass (an evaluation of the iterate) after this
                            many passes without one (default 10, the paper's; 0 = only the engine's evaluations) */
    ssvm_bcfw_steps steps; /* default SSVM_BCFW_STEPS_FW */
    int cache;           /* 1: plane caching (default 0) */
    double cache_factor; /* F: the cached plane is used when its block gap >= max(F g_i, nu/n G) (default 0.25) */
    double cache_nu;     /* nu in that rule, G the last exact gap (default 0.01) */
    int max_atoms;       /* labelings stored per example with pairwise/away steps or caching, >= 2 (default 32;
                            MANUAL: GAPS says what happens when they are all in use) */
    int build_direction; /* 1: plain BCFW on the built-in chain builds D = w_i - w_s (0.6's step, its bits) instead
                            of the score-space step (0.7.0; MANUAL: SPEED), which keeps the sequences' Gram
                            matrices (sum_i L_i (L_i + 1) / 2 doubles); default 0 */
    int shrink;          /* steps EXACT: 1 skips an example whose block gap was 0 at its last visits for a while
                            (2^z - 1 visits after z such visits in a row, at most 63), then checks it again
                            (>>exact; the certificate still scores every example); default 1 */
} ssvm_bcfw_config;
/* >>kernel: the kernel solver's options */
struct ssvm_chain;
struct ssvm_solver;
/* What only the kernel solver SSVM_KBCFW reads (>>kernel; MANUAL "Kernels"). Give either an input kernel with
   n_labels (the library lifts it to the multiclass joint kernel, with its own oracle and decoder) or a joint
   kernel with an oracle in kernel form. Example indices a, b are the problem's [0, n) in training; prediction
   may pass any index your callbacks know (held-out rows). `which` is SSVM_W_ITERATE or SSVM_W_AVERAGE. */
typedef struct ssvm_kernel_config {
    void *user;
    /* *out = k(x_a, x_b), symmetric positive semi-definite; lifted to k(x_a, x_b) [y = y'] (phi(x, y) = phi(x) (x) e_y) */
    int (*input)(void *user, int a, int b, double *out);
    int n_labels;             /* K of the lifted multiclass model (with input); labels are one int in [0, K) */
    /* lifted chain: with input and chain set (the chain's problem is config.problem), input is a kernel on
       positions (the chain's global position indices), lifted as the chain's linear feature map is */
    const struct ssvm_chain *chain;
    /* *out = k((x_a, ya), (x_b, yb)) (when input is NULL) */
    int (*joint)(void *user, int a, const int *ya, int la, int b, const int *yb, int lb, double *out);
    /* y* = argmax_y Delta(y_i, y) + f(x_i, y), scoring labels with ssvm_kernel_score(s, which, i, y, len, &f);
       sets *delta = Delta(y_i, y*) and returns its length (as the problem's oracle does) */
    int (*oracle)(void *user, struct ssvm_solver *s, int which, int i, int *y, ssvm_real *delta);
    int (*decode)(void *user, struct ssvm_solver *s, int which, int a, int *y); /* argmax_y f(x_a, y); optional */
    int batch;                /* 0: BCFW (Algorithm B.1, default); 1: batch FW (Algorithm 2 in kernel form) */
    size_t cache_bytes;       /* byte budget for cached rows of the input kernel (n doubles a row); 0: none */
    long long max_support;    /* (example, labeling, coefficient) triples the store holds; 0: the default */
} ssvm_kernel_config;

/* >>eg: what only online EG reads. */
typedef struct ssvm_eg_config {
    const struct ssvm_chain *chain; /* the chain model whose problem config.problem is (required) */
    double eta;                     /* initial per-example step size (default 0.5, as in egstra-0.2) */
    double grow;                    /* factor applied to a step size after each line search (default 1.05) */
    int halvings_first;             /* most halvings at an example's first visit (default 2) */
    int halvings;                   /* most halvings at later visits (default 5) */
    double start;                   /* initial potential of the gold label at every position (default 0:
                                       alpha_i uniform; larger: alpha_i closer to y_i, w closer to 0) */
} ssvm_eg_config;

/* >>par: mini-batch BCFW with parallel oracle calls (declarations; MANUAL: PARALLEL BCFW) ------------------- */
/* The caller's parallel-for: run task(ctx, 0), ..., task(ctx, count-1), each exactly once, in any order and on any
   threads, and return when all have finished (user first, as in every callback). examples/ssvm_threads.h has
   one with pthreads. */
typedef void (*ssvm_task_fn)(void *ctx, size_t i);
typedef void (*ssvm_parallel_for_fn)(void *user, size_t count, ssvm_task_fn task, void *ctx);
/* What only mini-batch BCFW reads. All zero (default): plain BCFW. */
typedef struct ssvm_par_config {
    int batch;                         /* b: 0 = plain BCFW; 1..n = mini-batch BCFW of b examples (b = 1 gives
                                          plain BCFW's iterates bit for bit, with bcfw.build_direction = 1 on
                                          the built-in chain); the result depends on seed and b only */
    ssvm_parallel_for_fn parallel_for; /* NULL: the b tasks run serially in order (the same bits) */
    void *user;                        /* parallel_for's first argument */
    void *const *task_users;           /* NULL, or b pointers: task slot t calls the problem's callbacks with
                                          task_users[t] as user (a model object of its own for each slot, over
                                          the same data, when the oracle keeps scratch in it: chain, graph,
                                          assignment) */
} ssvm_par_config;

/* >>dist: training over the caller's collective (declarations; MANUAL: DISTRIBUTED TRAINING) ----------------- */
/* The caller's allreduce: replace buf[0..count-1] by its sum over all ranks, in place, blocking; every rank must
   get the same bits (a fixed summation order). 0 on success; non-zero when it failed (it must then fail on every
   rank, as MPI's collectives do). examples/ssvm_mpi.h wraps MPI_Allreduce; examples/ssvm_loopback.h runs K ranks
   as threads of one process. */
typedef int (*ssvm_allreduce_fn)(void *user, double *buf, size_t count);
/* All zero (default): one process. With size > 1, each rank's problem is its own shard of the examples, every
   rank makes the same calls in the same order (init, run, evaluate, pass, checkpoint, uninit), and w, the
   objective, the gap and every stopping decision are the same on all ranks. */
typedef struct ssvm_dist_config {
    ssvm_allreduce_fn allreduce; /* the collective; NULL: one process */
    void *user;                  /* its first argument */
    int rank;                    /* this rank, 0 <= rank < size */
    int size;                    /* the number of ranks; 0 or 1: one process */
    int rounds;                  /* BCFW (CoCoA+): communication rounds per pass, each after n_k / rounds local
                                    steps on every rank (default 0 = 1) */
    double sigma;                /* BCFW (CoCoA+): the subproblems' scaling sigma' (0 = size, the safe value of
                                    Ma et al. 2015; between 1 and size) */
} ssvm_dist_config;
/* A rank's shard of a problem every rank holds whole: examples first .. first + count - 1 of *full as a problem of
   count examples (every per-example callback forwards i + first, the weights are offset; the whole-problem
   score-space callbacks stat_gram, stat_norm2 and stat_move are left out: a collective run does not use them).
   The shard object holds a copy of *full and must outlive the problem. ssvm_shard_range gives rank's part of n
   examples split as evenly as can be (the first n % size ranks one more). */
typedef struct ssvm_shard { ssvm_problem full; int first; } ssvm_shard;
STRUCTSVM_DEF ssvm_result ssvm_problem_shard(const ssvm_problem *full, int first, int count, ssvm_shard *sh,
                                             ssvm_problem *out);
STRUCTSVM_DEF ssvm_result ssvm_shard_range(int n, int rank, int size, int *first, int *count);
/* >>engine: the solver's configuration, the solver object and the engine's calls (MANUAL: THE ENGINE, API) */
typedef struct ssvm_solver_config {
    const ssvm_problem *problem; /* copied by *_init: it need not outlive the call, its data must */
    ssvm_solver_kind solver;
    double lambda;               /* regulariser, > 0 (default 0.01) */
    /* stopping rules (ssvm_solver_run) */
    int max_passes;              /* default 50; 0 = no limit */
    long long max_oracle_calls;  /* training calls; 0 = no limit (FW never splits an iteration: it may end up
                                    to n-1 calls past the limit) */
    double max_seconds;          /* training wall seconds, evaluation excluded; 0 = no limit */
    double gap_tol;              /* stop when an evaluated gap <= gap_tol (default 1e-3; 0 = never) */
    double target_primal;        /* stop when an evaluated primal (iterate or average) <= this (default -HUGE:
                                    never; set it to stop at a known objective) */
    /* evaluation: primal, dual and gap by an oracle pass, counted and timed apart */
    int eval_every;              /* every k passes (default 1; 0 = never) */
    int eval_iterate;            /* at the iterate (default 1) */
    int eval_average;            /* at the average (default 1 when averaging) */
    ssvm_eval_schedule eval_schedule; /* SSVM_EVAL_FIXED (default): every eval_every passes; SSVM_EVAL_PREDICT:
                                    only where the fitted decay of the past evaluations says gap_tol or
                                    target_primal may hold (MANUAL: THE ENGINE, "Evaluation schedule") */
    /* the algorithm */
    int line_search;             /* 1: exact line search / closed-form moves (default); 0: predefined steps */
    ssvm_averaging averaging;    /* default WEIGHTED (BCFW, SSG, MULTISAMPLE), NONE (FW) */
    ssvm_sampling sampling;      /* default UNIFORM (BCFW, SSG), PERMUTATION (MULTISAMPLE) */
    const int *sequence;         /* for SSVM_SAMPLE_SEQUENCE */
    long long sequence_len;
    ssvm_state_kind state;       /* BCFW per-example state, default AUTO */
    size_t sparse_pool_entries;  /* SSVM_STATE_SPARSE / _COMPACT_SPARSE: (index, value) pairs reserved up
                                    front for all w_i / sigma_i (at least n, else SSVM_ERR_WORKSPACE).
                                    0: 1 per example in a heap solver (it grows); in a preallocated one,
                                    SPARSE 64 per example, COMPACT_SPARSE every statistic plus one block */
    ssvm_ms_config ms;           /* SSVM_MULTISAMPLE */
    ssvm_deg_config deg;         /* SSVM_DEG */
    unsigned long long seed;     /* default 1 */
    ssvm_progress_fn progress;   /* called after every pass; may be NULL */
    void *progress_user;
    double (*clock)(void *user); /* wall-clock seconds; default: the monotonic clock where the platform has one */
    void *clock_user;
    ssvm_allocator allocator;    /* used by ssvm_solver_init / ssvm_train; zero = malloc/free */
    ssvm_cg_config cg;           /* SSVM_CLIQUEGEN */
    double oracle_quality;       /* nu in (0, 1] (default 1; 0 = 1): the oracle's declared multiplicative quality
                                    (BCFW paper App. C, eq. 12); line_search = 0 then steps 2n/(nu k + 2n) (BCFW),
                                    2/(nu k + 2) (FW). Evaluations still need an exact oracle (MANUAL) */
    ssvm_cp_config cp;           /* SSVM_CUTTING_PLANE */
    ssvm_bcfw_config bcfw;       /* SSVM_BCFW: gap sampling, pairwise/away steps, plane caching */
    ssvm_eg_config eg;           /* SSVM_EG */
    ssvm_kernel_config kernel;   /* SSVM_KBCFW */
    const ssvm_real *warm_w;     /* >>ckpt: warm start (BCFW, FW): d reals, the prox centre w0 (copied at init); NULL: none */
    size_t warm_w_bytes;         /* its byte count (>= d * sizeof(ssvm_real), else SSVM_ERR_WARM_START) */
    ssvm_par_config par;         /* SSVM_BCFW: mini-batch with parallel oracle calls (>>par) */
    ssvm_dist_config dist;       /* BCFW, FW, cutting plane: training over the caller's collective (>>dist) */
} ssvm_solver_config;

/* Defaults for `solver` on problem p (p is read at *_init, not here). */
STRUCTSVM_DEF ssvm_solver_config ssvm_solver_config_init(const ssvm_problem *p, ssvm_solver_kind solver);
STRUCTSVM_DEF ssvm_result ssvm_solver_config_check(const ssvm_solver_config *c);

/* What one step did (ssvm_solver_step). D_t: the multi-sample solver's online dual (4) of the t examples seen
   so far; the fields from `n_samples` to `alpha_sum` are the multi-sample solver's (0 for the others), the
   last four BCFW's. */
typedef struct ssvm_step_info {
    long long t;          /* this step's index, 1-based */
    int example;
    double gamma;         /* the step size taken: BCFW's line search (or 2n/(k+2n)), 1 for an exact step that
                             moved and 0 for one that did not; SSG's 1/(t) with t this step's index (its move is
                             w <- (1 - 1/t) w - (1/(lambda t)) psi, the Pegasos step); EG's eta, 0 when rejected */
    int n_samples;        /* labels used after dropping y_i and repeats (sampler + cache) */
    double loss;          /* f(w^{t-1}; Z_t) = lambda/2 |w^{t-1}|^2 + l(w^{t-1}; Z_t) (Algorithm 3 line 3) */
    double hinge;         /* l(w^{t-1}; Z_t), eq. 3, from the first sample */
    double grad_norm2;    /* |grad f(w^{t-1}; Z_t)|^2 = |lambda w^{t-1} + v_1|^2 */
    double dual_before;   /* D_{t-1} */
    double dual_update;   /* D_t after the update, before the projection */
    double dual;          /* D_t */
    double proj_scale;    /* the projection's factor s (eq. 28), 1 if none */
    double alpha_sum;     /* sum_j alpha_t^j */
    int bcfw_step;        /* BCFW with config.bcfw atoms: 0 no move, 1 FW, 2 away, 3 pairwise (plain BCFW: 1) */
    int bcfw_drop;        /* 1: the step removed an atom (or, a FW step with gamma = 1, all others) */
    int cache_hit;        /* 1: a cached labeling replaced the oracle call */
    double block_gap;     /* BCFW: the FW block gap g_i at the step's labeling, before the step */
} ssvm_step_info;

/* The solver object. Every field is private (an `_` prefix): read it through the functions below. */
typedef struct ssvm_solver {
    ssvm_problem _prob;
    ssvm_solver_config _cfg;
    ssvm_progress _prog;
    int _state_kind;
    double _wsum;          /* sum_i c_i (n without weights) */
    ssvm_real *_w;         /* iterate (d); SSG and MULTISAMPLE keep it as _w_scale * _w */
    ssvm_real *_z;         /* lazy average: w_bar = _avg_a * _w + _avg_b * _z */
    ssvm_real *_wtmp;      /* d: materialised average / FW w_s / a plain copy of a scaled w */
    ssvm_svec _sv;         /* step / evaluation accumulator (never both at once) */
    void *_grown_mem;    /* a grown pool (allocated apart from the heap block), else NULL */
    size_t _grown_bytes;
    int *_perm;            /* n */
    int *_y, *_y2;         /* label buffers */
    double _l, _l_bar, _avg_a, _avg_b, _w_scale;
    long long _k, _avg_count, _seq_pos;
    unsigned long long _rng;
    int _best;             /* SSVM_W_ITERATE or SSVM_W_AVERAGE: smaller last gap */
    int _avg_kept;         /* an average is kept (of w, or of the kernel solver's coefficients) */
    void *_alg;            /* the row's own state (a struct of its section's), carved from the heap block */
    /* SSVM_EVAL_PREDICT: the last SSVM__EV_HIST evaluations of the iterate [0] and the average [1] (pass, primal,
       gap), the best dual seen (a lower bound on the optimum) and the pass of the last evaluation */
#define SSVM__EV_HIST 8
    int _ev_cnt[2], _ev_k[2][SSVM__EV_HIST], _ev_last;
    double _ev_p[2][SSVM__EV_HIST], _ev_g[2][SSVM__EV_HIST], _ev_lb;
    int _reuse;          /* FW: wtmp/l_s hold the oracle pass at the current w */
    double _reuse_ls, _reuse_wall, _reuse_cpu;
    double _ww;            /* |_w|^2 of the lazily scaled w (SSG, multi-sample) */
    void *_heap; size_t _heap_bytes; int _owns_heap;
    ssvm_real *_warm;       /* >>ckpt: the warm start's prox centre w0 (d), NULL without one */
    double *_dist;          /* >>dist: the collective's buffer (d + 2 doubles), NULL on one process */
} ssvm_solver;

/* Bytes ssvm_solver_init_preallocated needs for this configuration (before training). */
STRUCTSVM_DEF ssvm_result ssvm_solver_get_heap_size(const ssvm_solver_config *c, size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_solver_init_preallocated(const ssvm_solver_config *c, void *heap, size_t bytes,
                                                        ssvm_solver *s);
STRUCTSVM_DEF ssvm_result ssvm_solver_init(const ssvm_solver_config *c, ssvm_solver *s); /* c->allocator or malloc */
STRUCTSVM_DEF void ssvm_solver_uninit(ssvm_solver *s);
/* Run until a stopping rule fires; returns it (> 0) or an error (< 0). May be called again after
   raising a limit (ssvm_solver_config_of) to continue. */
STRUCTSVM_DEF ssvm_result ssvm_solver_run(ssvm_solver *s);
/* One pass (n steps; one FW iteration), no evaluation, no stopping rules. */
STRUCTSVM_DEF ssvm_result ssvm_solver_pass(ssvm_solver *s);
/* One step on example i (BCFW, SSG, MULTISAMPLE; FW: SSVM_ERR_NOT_SUPPORTED). info may be NULL. */
STRUCTSVM_DEF ssvm_result ssvm_solver_step(ssvm_solver *s, int i, ssvm_step_info *info);
/* Evaluate primal/dual/gap now (an oracle pass per vector, counted as evaluation); out may be NULL. */
STRUCTSVM_DEF ssvm_result ssvm_solver_evaluate(ssvm_solver *s, int iterate, int average, ssvm_progress *out);
/* The last progress record. */
STRUCTSVM_DEF ssvm_result ssvm_solver_progress(const ssvm_solver *s, ssvm_progress *out);
/* The solver's configuration as init copied and checked it, read-only (1.0: it was writable; change the
   limits through ssvm_solver_set_limits). */
STRUCTSVM_DEF const ssvm_solver_config *ssvm_solver_config_of(const ssvm_solver *s);
/* What may change between ssvm_solver_run calls: the stopping rules, the evaluation, the progress callback and the
   clock (the same fields, meanings and defaults as in ssvm_solver_config). Everything else is fixed at init. */
typedef struct ssvm_solver_limits {
    int max_passes;
    long long max_oracle_calls;
    double max_seconds;
    double gap_tol;
    double target_primal;
    int eval_every;
    int eval_iterate;
    int eval_average;
    ssvm_eval_schedule eval_schedule;
    ssvm_progress_fn progress;
    void *progress_user;
    double (*clock)(void *user);
    void *clock_user;
} ssvm_solver_limits;
/* The limits in force (a copy). */
STRUCTSVM_DEF ssvm_result ssvm_solver_limits_of(const ssvm_solver *s, ssvm_solver_limits *out);
/* Checks l as ssvm_solver_config_check checks the same fields and, only if all are valid, makes them the
   solver's (SSVM_ERR_INVALID_ARG, or SSVM_ERR_NOT_SUPPORTED for max_seconds without a clock, and nothing
   changed, otherwise). The next ssvm_solver_run reads them; what ran so far is kept. */
STRUCTSVM_DEF ssvm_result ssvm_solver_set_limits(ssvm_solver *s, const ssvm_solver_limits *l);
/* Copy the iterate, the average, or the better of the two by the last gap (primal for SSG and MULTISAMPLE)
   into out (d reals, out_bytes >= d * sizeof(ssvm_real)). */
STRUCTSVM_DEF ssvm_result ssvm_solver_weights(const ssvm_solver *s, ssvm_which which, ssvm_real *out, size_t out_bytes);
/* Train from scratch and write the model to w_out (d reals): the average if one is kept, else the iterate;
   when the run converged (SSVM_CONVERGED) or met target_primal, whichever of the two met the rule.
   final->returned says which (final may be NULL; zeros if training never started). */
STRUCTSVM_DEF ssvm_result ssvm_train(const ssvm_solver_config *c, ssvm_real *w_out, size_t w_bytes,
                                     ssvm_progress *final);
/* The cutting plane's counters (SSVM_ERR_NOT_SUPPORTED for the other solvers). */
STRUCTSVM_DEF ssvm_result ssvm_solver_cp_info(const ssvm_solver *s, ssvm_cp_info *out);
/* The per-example state BCFW keeps (what SSVM_STATE_AUTO picked): one of COMPACT, COMPACT_SPARSE, SPARSE, DENSE,
   or SSVM_STATE_AUTO when config.bcfw's atoms or exact steps' alpha are the state instead (MANUAL: STATE).
   SSVM_ERR_NOT_SUPPORTED for solvers without BCFW's blocks. */
STRUCTSVM_DEF ssvm_result ssvm_solver_state_kind(const ssvm_solver *s, ssvm_state_kind *out);
/* Primal objective P(w) = lambda/2|w|^2 + sum_i c_i max_y [Delta - <w, psi_i(y)>] / sum_i c_i by one oracle
   pass. work: ssvm_primal_get_work_size bytes. */
STRUCTSVM_DEF ssvm_result ssvm_primal_get_work_size(const ssvm_problem *p, size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_primal(const ssvm_problem *p, double lambda, const ssvm_real *w, void *work,
                                      size_t work_bytes, double *out);
/* >>gaps: what BCFW's config.bcfw options keep. The n block gap estimates g_i (sum = the duality gap estimate;
   out_bytes >= n doubles); SSVM_ERR_NOT_SUPPORTED when none are kept: steps FW or EXACT with gap_sampling and
   cache both 0 (pairwise or away steps keep them on their own, MANUAL: GAPS). */
STRUCTSVM_DEF ssvm_result ssvm_solver_gap_estimates(const ssvm_solver *s, double *out, size_t out_bytes);
/* Example i's stored labelings (atoms): *count of them (weight 0 = cached, not in the active set). The atoms'
   weights sum to 1 and w_i = sum_k weight_k psi_i(y_k) c_i / (lambda sum c). NOT_SUPPORTED without atoms
   (steps FW and no cache). */
STRUCTSVM_DEF ssvm_result ssvm_solver_atom_count(const ssvm_solver *s, int i, int *count);
/* Atom k of example i: its weight, its loss Delta(y_i, y_k), its labeling into y (y_bytes) and its length. */
STRUCTSVM_DEF ssvm_result ssvm_solver_atom(const ssvm_solver *s, int i, int k, double *weight, double *delta, int *y,
                                           size_t y_bytes, int *len);
#endif /* STRUCTSVM_PREDICT_ONLY */

/* >>oracles: built-in models ---------------------------------------------------------------------- */
/* Viterbi (max-sum) on a chain: unary[t*K + s], trans[a + K*b] for label a at t and b at t+1.
   work: ssvm_viterbi_get_work_size bytes (K*L ints + 2*K reals). Ties go to the lowest label index. The best
   score goes to *score (may be NULL). No allocation, no libc: the predict-only firmware decoder. */
STRUCTSVM_DEF ssvm_result ssvm_viterbi_get_work_size(int L, int K, size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_viterbi(int L, int K, const ssvm_real *unary, const ssvm_real *trans, void *work,
                                       size_t work_bytes, int *y, ssvm_real *score);

enum {
    SSVM_CHAIN_BIASES = 1,        /* first-label and last-label bias features (the BCFW OCR model) */
    SSVM_CHAIN_COUNTED_LOSS = 2,  /* Hamming loss counted, not divided by the length */
    SSVM_CHAIN_ATTR_MAJOR = 4     /* unary index a*K + s (default s*F + a); faster for large sparse F */
};
/* The data of a chain model (the library reads it, never writes or copies it). */
typedef struct ssvm_chain_config {
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
    struct ssvm_chain *inputs_from; /* config.par's per-slot copies: an initialised chain over the same data whose
                                  compacted dense inputs this one borrows (built at this init if not yet), so b
                                  slots do not hold b copies; it must outlive this one. NULL: its own copy */
} ssvm_chain_config;
/* The model object: the validated data and the oracle's scratch (one object per thread). */
typedef struct ssvm_chain {
    ssvm_chain_config config;  /* read-only after init */
    int _max_len;
    void *_scratch;
    size_t _scratch_bytes;
    int _owns_scratch;
    /* >>speed: dense x's non-zeros, compacted once at the first decode (in the scratch block): position p's are
       _nz_idx/_nz_val[_nz_start[p - start[0]] .. _nz_start[p - start[0] + 1]); NULL without x */
    size_t *_nz_start;
    int *_nz_idx;
    ssvm_real *_nz_val;
    size_t _nz_need; /* the scratch's size when it has room for them (0: never); built at the first decode */
} ssvm_chain;
/* n sequences, K labels, F attributes, the offsets and gold labels; set x (dense) or attr_* (sparse). */
STRUCTSVM_DEF ssvm_chain_config ssvm_chain_config_init(int n, int K, int F, const int *start, const int *labels);
/* d, the length of w (0 when K or F <= 0 or d does not fit an int) */
STRUCTSVM_DEF int ssvm_chain_dim(const ssvm_chain_config *c);
/* The scratch the oracle needs (ssvm_chain_init_preallocated's bytes). */
STRUCTSVM_DEF ssvm_result ssvm_chain_get_heap_size(const ssvm_chain_config *c, size_t *bytes);
/* Validate the data and set up the scratch: a label outside [0, K) is SSVM_ERR_LABEL, an attribute id outside
   [0, F) SSVM_ERR_FEATURE_INDEX, a NaN or Inf value SSVM_ERR_NONFINITE, offsets that decrease (start or
   attr_start) or start[0] < 0 SSVM_ERR_INVALID_ARG, an empty sequence SSVM_ERR_EMPTY. */
STRUCTSVM_DEF ssvm_result ssvm_chain_init_preallocated(const ssvm_chain_config *c, void *heap, size_t bytes,
                                                       ssvm_chain *m);
STRUCTSVM_DEF ssvm_result ssvm_chain_init(const ssvm_chain_config *c, ssvm_chain *m); /* malloc; not NO_MALLOC */
STRUCTSVM_DEF void ssvm_chain_uninit(ssvm_chain *m);
/* The problem's callbacks (user = m: m must outlive the solver). */
STRUCTSVM_DEF ssvm_result ssvm_chain_problem(ssvm_chain *m, ssvm_problem *out);
/* Unary scores of one sequence (positions p0 .. p0+L-1 of the model's data) into u[L*K] (u_bytes). */
STRUCTSVM_DEF ssvm_result ssvm_chain_scores(const ssvm_chain *m, const ssvm_real *w, int p0, int L, ssvm_real *u,
                                            size_t u_bytes);
/* Plain decoding of a dense sequence x[L*F] with weights w for a model of K labels, F attributes and the
   given flags: the predict-only entry point. work: ssvm_chain_predict_get_work_size bytes. */
STRUCTSVM_DEF ssvm_result ssvm_chain_predict_get_work_size(int L, int K, size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_chain_predict(int K, int F, int flags, const ssvm_real *w, int L, const ssvm_real *x,
                                             void *work, size_t work_bytes, int *y);

typedef struct ssvm_multiclass_config {
    int n, n_labels, n_attrs;  /* examples, classes K, features F */
    const ssvm_real *x;        /* dense n x F, or NULL when sparse */
    const int *row_start;      /* sparse: n+1 offsets */
    const int *attr_id;
    const ssvm_real *attr_val; /* NULL: ones */
    const int *labels;         /* n */
    const ssvm_real *cost;     /* K x K, cost[true*K + pred], zero diagonal; NULL = 0-1 loss */
} ssvm_multiclass_config;
typedef struct ssvm_multiclass {
    ssvm_multiclass_config config; /* read-only after init */
} ssvm_multiclass;
STRUCTSVM_DEF ssvm_multiclass_config ssvm_multiclass_config_init(int n, int K, int F, const ssvm_real *x,
                                                                 const int *labels);
STRUCTSVM_DEF int ssvm_multiclass_dim(const ssvm_multiclass_config *c);
/* Validate the data (labels, ids, finite values, costs); no memory is needed. */
STRUCTSVM_DEF ssvm_result ssvm_multiclass_init(const ssvm_multiclass_config *c, ssvm_multiclass *m);
STRUCTSVM_DEF void ssvm_multiclass_uninit(ssvm_multiclass *m);
STRUCTSVM_DEF ssvm_result ssvm_multiclass_problem(ssvm_multiclass *m, ssvm_problem *out);
/* argmax_y <w_y, x> for one dense x[F]; w laid out w[y*F + j]. */
STRUCTSVM_DEF ssvm_result ssvm_multiclass_predict(int K, int F, const ssvm_real *w, const ssvm_real *x, int *y);

#ifndef STRUCTSVM_PREDICT_ONLY
/* >>eg: online exponentiated gradient for chains (declarations) -------------------------------------- */
/* Sum-product (forward-backward) on a chain of L positions and K labels, in log space: the Gibbs distribution
   p(y) = exp(sum_t node[t*K + y_t] + sum_{t<L-1} edge[y_t + K*y_{t+1}]) / Z, one edge table for every pair of
   neighbours. Writes the node marginals mu[t*K + s] = p(y_t = s) and the expected transition counts
   pair[a + K*b] = sum_t p(y_t = a, y_{t+1} = b) (either may be NULL) and log Z (may be NULL). work:
   ssvm_chain_marginals_get_work_size bytes. A NaN/Inf potential is SSVM_ERR_NONFINITE. */
STRUCTSVM_DEF ssvm_result ssvm_chain_marginals_get_work_size(int L, int K, size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_chain_marginals(int L, int K, const double *node, const double *edge, void *work,
                                               size_t work_bytes, double *mu, double *pair, double *log_z);
/* How many line searches of online EG (SSVM_EG) ended without a step (every halving failed to raise the dual):
   *out; SSVM_ERR_NOT_SUPPORTED for another solver. */
STRUCTSVM_DEF ssvm_result ssvm_solver_eg_rejected(const ssvm_solver *s, long long *out);
/* 0.10's form of it (0 for a NULL solver); kept until 1.0 (API GRAMMAR) */
STRUCTSVM_DEF long long ssvm_eg_rejected(const ssvm_solver *s);
#endif /* STRUCTSVM_PREDICT_ONLY */

#ifndef STRUCTSVM_PREDICT_ONLY
/* >>kernel: kernelised BCFW and FW (declarations) ------------------------------------------------------ */
/* f(x_a, y) = <w, phi(x_a, y)> of the iterate or the average (which), from the support set by kernel evaluations */
STRUCTSVM_DEF ssvm_result ssvm_kernel_score(ssvm_solver *s, int which, int a, const int *y, int len, double *f);
/* lifted chain: Viterbi labels y (L ints, y_bytes) of the positions p0 .. p0+L-1 your input kernel knows
   (held-out sequences); L <= the longest training sequence */
STRUCTSVM_DEF ssvm_result ssvm_kernel_chain_predict(ssvm_solver *s, int which, int p0, int L, int *y, size_t y_bytes);
/* lifted multiclass: all K scores of example a into scores (K doubles, bytes) */
STRUCTSVM_DEF ssvm_result ssvm_kernel_scores(ssvm_solver *s, int which, int a, double *scores, size_t bytes);
/* argmax_y f(x_a, y) (lifted: the best class, ties to the lowest; else config.kernel.decode): y (y_bytes), *len */
STRUCTSVM_DEF ssvm_result ssvm_kernel_predict(ssvm_solver *s, int which, int a, int *y, size_t y_bytes, int *len);
/* support vectors: triples with a non-zero coefficient in the iterate or the average */
STRUCTSVM_DEF long long ssvm_kernel_support_count(const ssvm_solver *s, int which);
/* the k-th stored triple (k < ssvm_kernel_support_stored): w = sum_k coef_k psi_example(y), coef = alpha c_i /
   (lambda sum c); coef may be 0 (a triple kept for the average) */
STRUCTSVM_DEF long long ssvm_kernel_support_stored(const ssvm_solver *s);
STRUCTSVM_DEF ssvm_result ssvm_kernel_support(const ssvm_solver *s, int which, long long k, int *example, int *y,
                                              size_t y_bytes, int *len, double *coef);
/* kernel evaluations made so far (the input kernel's, cache hits excluded, or the joint kernel's) */
STRUCTSVM_DEF long long ssvm_kernel_evaluations(const ssvm_solver *s);
/* Built-in input kernels on dense rows x[a*F .. a*F + F) (rows: how many rows x has, training and held-out):
   linear <x_a, x_b>, RBF exp(-gamma |x_a - x_b|^2), polynomial (gamma <x_a, x_b> + coef0)^degree. Pass
   ssvm_dense_kernel_fn as config.kernel.input with user = &dense_kernel. */
typedef enum ssvm_kernel_kind { SSVM_KERNEL_LINEAR = 0, SSVM_KERNEL_RBF = 1, SSVM_KERNEL_POLY = 2 } ssvm_kernel_kind;
typedef struct ssvm_dense_kernel {
    const ssvm_real *x;
    int rows, F;
    ssvm_kernel_kind kind;
    double gamma, coef0;
    int degree;
} ssvm_dense_kernel;
STRUCTSVM_DEF int ssvm_dense_kernel_fn(void *user, int a, int b, double *out);
#endif /* STRUCTSVM_PREDICT_ONLY */

/* >>graph: multilabel graph model (declarations) ------------------------------------------------------ */
/* L binary labels y_l in {0, 1} and a graph of n_edges edges, edge e = (edges[2e], edges[2e+1]) = (a, b).
   The score of a labeling is sum_l unary[2l + y_l] + sum_e pair[4e + 2 y_a + y_b]. A graph is valid when
   every endpoint is in [0, L), no edge is a self-loop and no pair of labels is joined twice (in either
   orientation); else SSVM_ERR_GRAPH. */
enum {
    SSVM_GRAPH_AUTO = 0, /* max-product when the graph is a forest, else enumeration */
    SSVM_GRAPH_TREE = 1, /* max-product on a forest, O(L + E); a cycle is SSVM_ERR_GRAPH */
    SSVM_GRAPH_ENUM = 2  /* all 2^L labelings in Gray-code order, O(2^L * degree); ~20 labels is practical */
};
#define SSVM_GRAPH_ENUM_MAX_LABELS 24      /* more labels to enumerate is SSVM_ERR_TOO_LARGE */
#define SSVM_GRAPH_POLYTOPE_MAX_LABELS 16  /* the model's simplex view (parts, part_*) up to 2^16 labelings */
enum { SSVM_GRAPH_COUNTED_LOSS = 1 };      /* ssvm_graph_config.flags: Hamming counted, not divided by L */

/* Exact MAP: y = argmax of the score, plus label_cost for every l with y_l != truth[l] when truth (L ints,
   0/1) is given (the loss-augmented MAP). *score (may be NULL) = that maximum, loss term included, summed in
   double. Ties: TREE roots each component at its lowest label and prefers state 0 (at a root, and for a
   child given its parent's state); ENUM keeps the first best labeling in Gray-code order from all zeros.
   work: ssvm_graph_map_get_work_size bytes (the same for every method; edges may be NULL there). pair may be
   NULL when n_edges = 0. Errors: NaN/Inf scores or label_cost, a truth not 0/1 (SSVM_ERR_LABEL), the graph,
   ENUM (or AUTO on a cyclic graph) with L > SSVM_GRAPH_ENUM_MAX_LABELS (SSVM_ERR_TOO_LARGE). */
STRUCTSVM_DEF ssvm_result ssvm_graph_map_get_work_size(int L, int n_edges, const int *edges, int method,
                                                       size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_graph_map(int L, int n_edges, const int *edges, const ssvm_real *unary,
                                         const ssvm_real *pair, const int *truth, double label_cost, int method,
                                         void *work, size_t work_bytes, int *y, double *score);
/* Chow-Liu tree: the maximum spanning tree (Prim from label 0, O(n L^2)) of the empirical mutual information
   of label pairs over n examples (labels: n x L of 0/1; plain counts, no smoothing, 0 log 0 = 0). Ties go to
   the lower label index, first for the label added, then for its tree neighbour. Writes L-1 edges
   (parent, child) to edges (2*(L-1) ints) and *n_edges = L-1. work: ssvm_chow_liu_get_work_size bytes. */
STRUCTSVM_DEF ssvm_result ssvm_chow_liu_get_work_size(int L, size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_chow_liu(int n, int L, const int *labels, void *work, size_t work_bytes, int *edges,
                                        int *n_edges);

/* The multilabel graph model. phi(x, y) = [y_l x at w[l*F + a] for each label l; the one-hot of (y_a, y_b) at
   w[L*F + 4e + 2 y_a + y_b] for each edge e]; d = L*F + 4*n_edges. Hamming loss over the L labels. */
typedef struct ssvm_graph_config {
    int n, n_labels, n_attrs;  /* examples, labels L, features F */
    int n_edges;
    const int *edges;          /* 2*n_edges label indices (NULL when n_edges = 0: independent labels) */
    const ssvm_real *x;        /* dense n x F, or NULL when sparse */
    const int *row_start;      /* sparse: n+1 offsets */
    const int *attr_id;
    const ssvm_real *attr_val; /* NULL: ones */
    const int *labels;         /* n x L of 0/1 */
    int flags;                 /* SSVM_GRAPH_COUNTED_LOSS; default: Hamming / L */
    int method;                /* decoder: SSVM_GRAPH_AUTO (default), _TREE or _ENUM */
} ssvm_graph_config;
typedef struct ssvm_graph {
    ssvm_graph_config config;  /* read-only after init */
    int _forest, _polytope;
    void *_scratch;
    size_t _scratch_bytes;
    int _owns_scratch;
} ssvm_graph;
/* n examples, L labels, F dense features (x n x F, or NULL and set row_start/attr_id/attr_val), labels n x L */
STRUCTSVM_DEF ssvm_graph_config ssvm_graph_config_init(int n, int L, int F, const ssvm_real *x, const int *labels);
/* d = L*F + 4*n_edges (0 when L or F <= 0, n_edges < 0 or d does not fit an int) */
STRUCTSVM_DEF int ssvm_graph_dim(const ssvm_graph_config *c);
STRUCTSVM_DEF ssvm_result ssvm_graph_get_heap_size(const ssvm_graph_config *c, size_t *bytes);
/* Validate the data (labels 0/1, ids, finite values, offsets, the graph against the method) and set up the
   oracle's scratch. */
STRUCTSVM_DEF ssvm_result ssvm_graph_init_preallocated(const ssvm_graph_config *c, void *heap, size_t bytes,
                                                       ssvm_graph *m);
STRUCTSVM_DEF ssvm_result ssvm_graph_init(const ssvm_graph_config *c, ssvm_graph *m); /* malloc; not NO_MALLOC */
STRUCTSVM_DEF void ssvm_graph_uninit(ssvm_graph *m);
/* The problem's callbacks (user = m: m must outlive the solver); parts / part_scores / part_phi (the simplex
   over all 2^L labelings) when L <= SSVM_GRAPH_POLYTOPE_MAX_LABELS. The callbacks write into the model's
   scratch: one ssvm_graph per thread. */
STRUCTSVM_DEF ssvm_result ssvm_graph_problem(ssvm_graph *m, ssvm_problem *out);
/* Plain MAP for one dense x[F] with weights w of a model of L labels, F features and this graph: the
   predict-only entry point. work: ssvm_graph_predict_get_work_size bytes. */
STRUCTSVM_DEF ssvm_result ssvm_graph_predict_get_work_size(int L, int n_edges, const int *edges, int method,
                                                           size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_graph_predict(int L, int F, int n_edges, const int *edges, int method,
                                             const ssvm_real *w, const ssvm_real *x, void *work, size_t work_bytes,
                                             int *y);
/* (graph declarations end) */

/* >>cliquegen: clique generation with the l2,1-squared regulariser (declarations) ------------------------- */
#ifndef STRUCTSVM_PREDICT_ONLY
/* Algorithm 3 of Tan et al. (supplement E): the omega block of grad Omega*(z), i.e. the unique minimiser of (23)
   min_omega 1/2 |omega - s z|^2 + s/2 (sum_k |omega_k|)^2  (s = lambda / sigma), by group soft-thresholding:
   |omega_k| = max(0, s |z_k| - tau), tau = s/(1 + rho s) * (sum of the rho largest s |z_k|). It returns the
   MAXIMISER of <z, omega> - Omega(omega), not the value Omega*(z) (the supplement's "Output Omega*(z)" is the
   gradient). T groups, group k = z[off[k] .. off[k+1]) (off: T+1 non-decreasing ints from 0); *tau (may be
   NULL) gets the threshold. work: ssvm_l21sq_grad_get_work_size bytes. Errors: T <= 0 (SSVM_ERR_EMPTY), bad
   offsets (SSVM_ERR_INVALID_ARG), s <= 0 or not finite (SSVM_ERR_SIGMA), NaN/Inf in z. */
STRUCTSVM_DEF ssvm_result ssvm_l21sq_grad_get_work_size(int T, size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_l21sq_grad(int T, const int *off, const ssvm_real *z, double s, ssvm_real *omega,
                                          void *work, size_t work_bytes, double *tau);
/* Where Algorithm 1 stands: sigma and theta in use, the last f_h, active cliques, outer iterations t, inner
   passes h since the last warm start, and why it stopped (SSVM_CG_*). */
enum { SSVM_CG_RUNNING = 0, SSVM_CG_STOP_A3 = 1, SSVM_CG_STOP_NO_VIOLATOR = 2 };
typedef struct ssvm_cg_status { double sigma, theta, f; int n_active, outer, inner, stop; } ssvm_cg_status;
STRUCTSVM_DEF ssvm_result ssvm_solver_cg_status(const ssvm_solver *s, ssvm_cg_status *out);
/* The active candidates (indices into the graph's edges) in activation order; active: room for T ints. */
STRUCTSVM_DEF ssvm_result ssvm_solver_cg_active(const ssvm_solver *s, int *active, size_t bytes, int *n_active);
#endif
/* (cliquegen declarations end) */

/* >>assign: assignment model (declarations) ----------------------------------------------------------- */
/* Assignment (matching) model: example i matches its m_i rows to c_i columns, y(j) = the column of row j.
   phi(x_i, y) = sum_j f(x_i, j, y(j)) over caller pair features f of dimension F (d = F; w scores pairs).
   Loss: Hamming over rows (cost_fp = cost_fn = 0, the default), or, with either cost set, the asymmetric edge
   cost of Taskar et al. 2006 (the BCFW paper's matching task: precision 1, recall 3): a predicted edge not in
   the truth costs cost_fp, a true edge not predicted cost_fn. Divided by m_i unless SSVM_ASSIGN_COUNTED_LOSS.
   SSVM_ASSIGN_DUMMY: a row may stay unmatched (label -1, zero features, so it scores 0); without it every row
   takes a distinct column and m_i > c_i is SSVM_ERR_SHAPE. */
enum {
    SSVM_ASSIGN_COUNTED_LOSS = 1, /* loss counted, not divided by the number of rows */
    SSVM_ASSIGN_DUMMY = 2         /* partial matchings: label -1 = row left unmatched */
};
/* The data of an assignment model (the library reads it, never writes or copies it). */
typedef struct ssvm_assign_config {
    int n;                      /* examples */
    int n_attrs;                /* F: pair features (dense), or the number of sparse attribute ids; d = F */
    int flags;
    const int *row_start;       /* n+1 offsets into labels: rows of example i are row_start[i] .. row_start[i+1]-1 */
    const int *n_cols;          /* n column counts c_i; NULL: square (c_i = m_i) */
    const int *pair_start;      /* n+1 offsets counting pairs: pair (j, k) of example i is pair_start[i] + j*c_i + k,
                                   and pair_start[i+1] - pair_start[i] = m_i * c_i */
    const ssvm_real *x;         /* dense: F reals per pair; NULL when sparse */
    const int *pair_attr_start; /* sparse: offsets into attr_id / attr_val per global pair index (pairs + 1) */
    const int *attr_id;
    const ssvm_real *attr_val;  /* NULL: every listed attribute has value 1 */
    const int *labels;          /* true column per row; -1 (unmatched) only with SSVM_ASSIGN_DUMMY */
    double cost_fp, cost_fn;    /* both 0: Hamming; else the asymmetric edge cost (finite, >= 0) */
} ssvm_assign_config;
/* The model object: the validated data and the oracle's scratch (one object per thread). */
typedef struct ssvm_assign {
    ssvm_assign_config config;  /* read-only after init */
    int _max_rows, _max_cols;   /* largest m_i; largest Hungarian width c_i (+ m_i with the dummy columns) */
    int _square;                /* every example square and no dummy: the Birkhoff polytope view is set */
    size_t _cost_bytes;         /* the cost matrix's share of the scratch; the Hungarian work area follows */
    void *_scratch;
    size_t _scratch_bytes;
    int _owns_scratch;
} ssvm_assign;
/* n examples, F pair features, the offsets and true columns; set x (dense) or pair_attr_start/attr_* (sparse). */
STRUCTSVM_DEF ssvm_assign_config ssvm_assign_config_init(int n, int F, const int *row_start, const int *pair_start,
                                                         const int *labels);
/* d = F (0 when F <= 0) */
STRUCTSVM_DEF int ssvm_assign_dim(const ssvm_assign_config *c);
/* The oracle's scratch (a cost matrix and the Hungarian work area): ssvm_assign_init_preallocated's bytes. */
STRUCTSVM_DEF ssvm_result ssvm_assign_get_heap_size(const ssvm_assign_config *c, size_t *bytes);
/* Validate the data (shapes, labels a partial permutation, ids, finite values, costs) and set up the scratch. */
STRUCTSVM_DEF ssvm_result ssvm_assign_init_preallocated(const ssvm_assign_config *c, void *heap, size_t bytes,
                                                        ssvm_assign *m);
STRUCTSVM_DEF ssvm_result ssvm_assign_init(const ssvm_assign_config *c, ssvm_assign *m); /* malloc; not NO_MALLOC */
STRUCTSVM_DEF void ssvm_assign_uninit(ssvm_assign *m);
/* The problem's callbacks (user = m: m must outlive the solver). Labels: m_i ints. The polytope view (parts,
   part_scores, part_phi: SSVM_POLYTOPE_BIRKHOFF, part j*m + k) only when every example is square and
   SSVM_ASSIGN_DUMMY is off; otherwise those three stay NULL. */
STRUCTSVM_DEF ssvm_result ssvm_assign_problem(ssvm_assign *m, ssvm_problem *out);
/* Plain decoding of one dense example (x: m*c pairs of F reals, pair j*c + k) with weights w[F]: the predict-only
   entry point; flags: SSVM_ASSIGN_DUMMY or 0. work: ssvm_assign_predict_get_work_size bytes; y: m ints. */
STRUCTSVM_DEF ssvm_result ssvm_assign_predict_get_work_size(int m, int c, int flags, size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_assign_predict(int m, int c, int F, int flags, const ssvm_real *w, const ssvm_real *x,
                                              void *work, size_t work_bytes, int *y);
/* (assign declarations end) */

/* >>hungarian: linear assignment (predict-safe) -------------------------------------------------------- */
/* Exact minimum-cost assignment of n rows to distinct columns of an n x m cost matrix (n <= m), row-major
   cost[i*m + j]: the Hungarian method with potentials (Kuhn 1955, Munkres 1957), O(n^2 m). assign[i] = column
   of row i; *total (may be NULL) = the minimum cost, summed in double. Potentials are kept in double in
   float builds too. work: ssvm_hungarian_get_work_size bytes. Errors: n > m, NaN/Inf or |cost| > 1e290. */
STRUCTSVM_DEF ssvm_result ssvm_hungarian_get_work_size(int n, int m, size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_hungarian(int n, int m, const ssvm_real *cost, void *work, size_t work_bytes, int *assign,
                                         double *total);
/* >>projections: onto the simplex, the box and the Birkhoff polytope; linear scores (predict-safe) */
/* Euclidean projections (predict-safe). out may alias v. Sums in double.
   simplex: argmin_{p >= 0, sum p = 1} |p - v|  (= sparsemax(v)); box: clip to [lo, hi]. */
STRUCTSVM_DEF ssvm_result ssvm_project_simplex(int d, const ssvm_real *v, ssvm_real *out);
STRUCTSVM_DEF ssvm_result ssvm_project_box(int d, const ssvm_real *v, ssvm_real lo, ssvm_real hi, ssvm_real *out);
/* Bregman projection with the entropy (KL) of exp(logits) onto the simplex: the softmax. */
STRUCTSVM_DEF ssvm_result ssvm_project_simplex_kl(int d, const ssvm_real *logits, ssvm_real *out);
/* Euclidean projection of v (m x m, row-major) onto the Birkhoff polytope (doubly stochastic matrices) by
   Dykstra's alternating projections between {every row on the simplex} and {every column sums to 1}; it
   converges to the projection (Boyle and Dykstra 1986). Stops when a sweep changes no column sum by more than
   m*tol: out >= 0, rows sum to 1 exactly, columns within m*tol. *iters (may be NULL) = sweeps made.
   SSVM_ERR_NO_CONVERGENCE after max_iter sweeps (out holds the last iterate). */
STRUCTSVM_DEF ssvm_result ssvm_project_birkhoff_get_work_size(int m, size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_project_birkhoff(int m, const ssvm_real *v, double tol, int max_iter, void *work,
                                                size_t work_bytes, ssvm_real *out, int *iters);
/* KL projection of exp(logits) (m x m) onto the Birkhoff polytope: Sinkhorn-Knopp scaling, in the log domain
   so that any finite logits work. Stops when every row sum is within tol of 1 (columns are exact). */
STRUCTSVM_DEF ssvm_result ssvm_sinkhorn_get_work_size(int m, size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_sinkhorn(int m, const ssvm_real *logits, double tol, int max_iter, void *work,
                                        size_t work_bytes, ssvm_real *out, int *iters);
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

/* The loss (and its paired decoding). Fill with ssvm_surrogate_config_init, then edit. Labels are ints:
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

STRUCTSVM_DEF ssvm_surrogate ssvm_surrogate_config_init(ssvm_surrogate_kind kind, int n);
STRUCTSVM_DEF ssvm_result ssvm_surrogate_check(const ssvm_surrogate *s);
STRUCTSVM_DEF int ssvm_surrogate_dim(const ssvm_surrogate *s);       /* d, the length of theta (0 if invalid) */
STRUCTSVM_DEF int ssvm_surrogate_label_len(const ssvm_surrogate *s); /* ints per label */
/* The constants of Theorem 3.4 / 4.5 for the loss and its decoding: alpha of the surrogate-gap condition (8)
   (0 = no guarantee known), the self-bounding M (Assumption 3.3), and eta_floor = the smallest learning rate
   allowed by (9) / (18): alpha/M, or lambda for conv FY. See the table in the MANUAL text. */
STRUCTSVM_DEF ssvm_result ssvm_surrogate_constants(const ssvm_surrogate *s, double *alpha, double *M,
                                                   double *eta_floor);
/* >>decode: the decoding distribution pi(theta) */
/* Work for ssvm_decode and ssvm_surrogate_loss (the same area serves both). */
STRUCTSVM_DEF ssvm_result ssvm_decode_get_work_size(const ssvm_surrogate *s, size_t *bytes);
/* pi(theta): the decoding distribution paired with the loss. out points into work. */
STRUCTSVM_DEF ssvm_result ssvm_decode(const ssvm_surrogate *s, const ssvm_real *theta, void *work, size_t bytes,
                                      ssvm_dist *out);
/* The label at the first support index whose cumulative probability exceeds u (u uniform in [0,1)). */
STRUCTSVM_DEF ssvm_result ssvm_dist_sample(const ssvm_dist *dist, double u, int *y);
/* >>targets: a label's loss, and its expectation under pi */
STRUCTSVM_DEF ssvm_result ssvm_target_loss(const ssvm_surrogate *s, const int *yhat, const int *y, double *out);
/* E_{yhat ~ pi}[loss(yhat, y)], exactly, over the support */
STRUCTSVM_DEF ssvm_result ssvm_dist_expected_loss(const ssvm_surrogate *s, const ssvm_dist *dist, const int *y,
                                                  double *out);
/* >>losses: the loss and its gradient */
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

typedef struct ssvm_online_config {
    ssvm_surrogate loss;
    int n_features;          /* F: x has F reals; W is d x F; the theory wants |x| <= 1 (Assumption 2.2) */
    ssvm_rate rate;          /* default SSVM_RATE_POLYAK */
    double eta;              /* constant rate; 0 = eta_floor of the loss */
    double eta_min;          /* Polyak: the floor (safeguard; 0 = eta_floor of the loss, which (12) never
                                undercuts when the loss has a surrogate gap) */
    double alpha, M;         /* override the loss's constants (0 = ssvm_surrogate_constants) */
    double diameter;         /* D: project W onto the Frobenius ball of radius D/2 around 0 (0 = no ball) */
    void *project_user;
    int (*project)(void *user, ssvm_real *W, int d, int F); /* or your projection onto a closed convex set
                                (diameter then only feeds AdaGrad); negative return aborts */
    unsigned long long seed; /* decoding draws (splitmix64), default 1 */
    ssvm_allocator allocator;/* ssvm_online_init; zero = malloc/free */
} ssvm_online_config;

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

/* The learner. W (d x F, row-major) and the counters may be read; fields with an `_` prefix are private. */
typedef struct ssvm_online {
    ssvm_online_config _cfg;
    int d, F, label_len;
    ssvm_real *W;            /* d x F, row-major; W_1 = 0 */
    long long rounds, floor_hits;
    double cum_target, cum_expected, cum_surrogate;
    double _alpha, _M, _eta_floor, _eta_const;
    ssvm_real *_x, *_theta, *_grad;
    int *_yhat;
    void *_dwork; size_t _dwork_bytes;
    ssvm_dist _dist;
    int _have_pred;
    double _eta_prev, _adagrad_sum, _x_norm2;
    unsigned long long _rng;
    void *_heap; size_t _heap_bytes; int _owns_heap;
} ssvm_online;

STRUCTSVM_DEF ssvm_online_config ssvm_online_config_init(ssvm_surrogate_kind kind, int n, int n_features);
STRUCTSVM_DEF ssvm_result ssvm_online_get_heap_size(const ssvm_online_config *c, size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_online_init_preallocated(const ssvm_online_config *c, void *heap, size_t bytes,
                                                        ssvm_online *o);
STRUCTSVM_DEF ssvm_result ssvm_online_init(const ssvm_online_config *c, ssvm_online *o);
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
   end, the lower last label. With k = 1 the answer equals ssvm_viterbi's. Sequence r is written to
   ys[r*L .. r*L+L-1] (ys_bytes) and its score to scores[r] (scores may be NULL); *found = min(k, K^L).
   work: ssvm_kbest_viterbi_get_work_size bytes. Cost O(L K^2 k). */
STRUCTSVM_DEF ssvm_result ssvm_kbest_viterbi_get_work_size(int L, int K, int k, size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_kbest_viterbi(int L, int K, int k, const ssvm_real *unary, const ssvm_real *trans,
                                             void *work, size_t work_bytes, int *ys, size_t ys_bytes,
                                             ssvm_real *scores, int *found);
/* The k best loss-augmented labellings of a chain (exact, ssvm_kbest_viterbi), y_i excluded: the first is the
   oracle's answer. m must be initialised and outlive the solver. */
STRUCTSVM_DEF ssvm_result ssvm_chain_kbest_sampler(ssvm_chain *m, ssvm_ms_sampler *out);
/* The k classes with the highest loss-augmented score, y_i excluded, ties to the lowest class; sets
   multiclass = 1. m must be initialised and outlive the solver. */
STRUCTSVM_DEF ssvm_result ssvm_multiclass_sampler(ssvm_multiclass *m, ssvm_ms_sampler *out);
#endif /* STRUCTSVM_PREDICT_ONLY */

#ifndef STRUCTSVM_PREDICT_ONLY
/* >>readers: data files (declarations) ------------------------------------------------------------- */
/* SVM^light / SVM^multiclass, SVM^hmm, CoNLL columns with CRF++ feature templates, Mulan ARFF. Each reader
   takes its bytes from an ssvm_input (a memory buffer or a read callback; no popen, no shell), allocates
   through config.allocator, and reports malformed input as an error code plus the 1-based line and column
   of the offending byte in an ssvm_read_error. See READERS in the MANUAL. */
typedef struct ssvm_input {
    const void *data;   /* a memory buffer of `bytes` bytes (need not end in a NUL), or NULL and: */
    size_t bytes;
    /* read up to `bytes` into buf and set *got; *got = 0 means the end; a non-zero return is SSVM_ERR_IO */
    int (*read)(void *user, void *buf, size_t bytes, size_t *got);
    void *user;
} ssvm_input;
STRUCTSVM_DEF ssvm_input ssvm_input_memory(const void *data, size_t bytes);
STRUCTSVM_DEF ssvm_input ssvm_input_callback(int (*read)(void *user, void *buf, size_t bytes, size_t *got),
                                             void *user);
#ifndef STRUCTSVM_NO_STDIO
STRUCTSVM_DEF ssvm_input ssvm_input_FILE(FILE *f); /* fread until the end; ferror is SSVM_ERR_IO */
#endif

/* Where and why a reader stopped. line, column: 1-based, the byte that is wrong (column = line length + 1:
   something is missing at the end of the line); 0 when the error has no position (out of memory, a read
   error, an empty input). message: static text. */
typedef struct ssvm_read_error {
    long line, column;
    const char *message;
} ssvm_read_error;

#define SSVM_READ_MAX_LINE ((size_t)1 << 24) /* the default longest line (bytes): longer is SSVM_ERR_PARSE */
typedef struct ssvm_reader_config {
    ssvm_allocator allocator; /* zero: SSVM_MALLOC / SSVM_FREE (under STRUCTSVM_NO_MALLOC one is required) */
    size_t max_line;          /* longest line accepted, bytes (0: SSVM_READ_MAX_LINE) */
    int n_attrs;              /* SVM^light / SVM^hmm: > 0 drops indices above it (test data read against a
                                 trained model of n_attrs features); 0 keeps them all */
    double bias;              /* non-zero: one more attribute of this value on every row or token (SVM^light,
                                 SVM^hmm, ARFF), after the file's; 0: none */
    int n_labels;             /* ARFF: the labels are the last n_labels attributes; 0: all the trailing {0,1}
                                 attributes (Mulan's files put the labels last) */
    int label_column;         /* CoNLL: the label column, 0-based; -1 (default): the last */
    int unlabelled;           /* 1: data to predict, gold labels not needed (MANUAL: READERS). SVM^light /
                                 SVM^hmm: a label that is missing, `0` or `?` reads as -1; ARFF: a label value `?`
                                 reads as -1; ssvm_conll_featurize: no label column, every column an input and
                                 every label -1. 0 (default): labels required, as before */
} ssvm_reader_config;
STRUCTSVM_DEF ssvm_reader_config ssvm_reader_config_init(void);

/* String -> dense id (0 .. n-1 in insertion order); the attribute, label and cell names of the readers. */
typedef struct ssvm_dict {
    int n;
    ssvm_allocator _a;
    int _cap, _id_cap;
    unsigned int *_hash;
    int *_slot;
    size_t *_off;
    char *_buf;
    size_t _buf_len, _buf_cap;
} ssvm_dict;
STRUCTSVM_DEF void ssvm_dict_init(ssvm_dict *d, const ssvm_allocator *a); /* a may be NULL */
STRUCTSVM_DEF void ssvm_dict_uninit(ssvm_dict *d);
STRUCTSVM_DEF int ssvm_dict_find(const ssvm_dict *d, const char *s, size_t len); /* -1: absent */
STRUCTSVM_DEF ssvm_result ssvm_dict_add(ssvm_dict *d, const char *s, size_t len, int *id); /* id may be NULL */
STRUCTSVM_DEF const char *ssvm_dict_str(const ssvm_dict *d, int id); /* NUL-terminated; moves on the next add */
STRUCTSVM_DEF size_t ssvm_dict_len(const ssvm_dict *d, int id);

/* SVM^light / SVM^multiclass (`label idx:val ... # comment`) and SVM^hmm (`label qid:N idx:val ...`).
   Labels are integers >= 1 in the file (0 .. K-1 here), indices integers >= 1, strictly increasing within a
   line (0 .. F-1 here). SVM^hmm: the tokens of one sequence share a qid and are consecutive lines. */
typedef struct ssvm_svmlight_data {
    int n;             /* rows: examples (SVM^light) or tokens (SVM^hmm) */
    int n_attrs;       /* F: the largest index read (or config.n_attrs when > 0), plus 1 with a bias */
    int n_labels;      /* K: the largest label read */
    int n_seq;         /* SVM^hmm: sequences; SVM^light: 0 */
    int *row_start;    /* n+1 offsets into attr_id / attr_val */
    int *attr_id;
    ssvm_real *attr_val;
    int *labels;       /* n, 0 .. K-1; -1: no label (config.unlabelled) */
    int *seq_start;    /* SVM^hmm: n_seq+1 offsets into the rows; else NULL */
    long *qid;         /* SVM^hmm: each sequence's qid; else NULL */
    ssvm_allocator _a;
} ssvm_svmlight_data;
STRUCTSVM_DEF ssvm_result ssvm_read_svmlight(const ssvm_reader_config *c, ssvm_input in, ssvm_svmlight_data *out,
                                             ssvm_read_error *err);
STRUCTSVM_DEF ssvm_result ssvm_read_svmhmm(const ssvm_reader_config *c, ssvm_input in, ssvm_svmlight_data *out,
                                           ssvm_read_error *err);
STRUCTSVM_DEF void ssvm_svmlight_data_uninit(ssvm_svmlight_data *d);
/* The model inputs over d's arrays (K = d->n_labels, F = d->n_attrs; the caller may widen them). */
STRUCTSVM_DEF ssvm_multiclass_config ssvm_svmlight_multiclass_config_init(const ssvm_svmlight_data *d);
STRUCTSVM_DEF ssvm_chain_config ssvm_svmhmm_chain_config_init(const ssvm_svmlight_data *d);

/* CoNLL-style columns: one token per line, cells separated by spaces or tabs, the same number of cells on
   every line; a blank line ends a sequence. */
typedef struct ssvm_conll_data {
    int n_seq, n_tok, n_cols;
    int *seq_start;    /* n_seq+1 offsets into the tokens */
    int *cell;         /* n_tok x n_cols ids into strs */
    ssvm_dict strs;    /* every distinct cell string once */
    ssvm_allocator _a;
} ssvm_conll_data;
STRUCTSVM_DEF ssvm_result ssvm_read_conll(const ssvm_reader_config *c, ssvm_input in, ssvm_conll_data *out,
                                          ssvm_read_error *err);
STRUCTSVM_DEF void ssvm_conll_data_uninit(ssvm_conll_data *d);

/* Feature templates in CRF++'s syntax: a line `U<anything>` is a unigram template whose text, with each
   %x[row,col] replaced by the cell `row` tokens away in column `col` (_B-k / _B+k past the sequence's ends),
   is the attribute's name, e.g. `U05:%x[-1,0]/%x[0,0]`; a line `B` (or `B<text>` without %x) asks for the
   label bigrams, which the chain always has; `#` lines and blank lines are skipped. */
typedef struct ssvm_template {
    int n;             /* unigram templates */
    int bigram;        /* a B line was given */
    int _n_items;
    int *_first;       /* n+1 offsets into the items */
    int *_item;        /* 4 ints per item: kind (0 text, 1 %x), text offset or row, length or column, the
                          template file's column */
    long *_line;       /* per template: its line in the template file */
    char *_text;
    ssvm_allocator _a;
} ssvm_template;
STRUCTSVM_DEF ssvm_result ssvm_read_template(const ssvm_reader_config *c, ssvm_input in, ssvm_template *out,
                                             ssvm_read_error *err);
STRUCTSVM_DEF void ssvm_template_uninit(ssvm_template *t);
/* The name of template k at token t (absolute) of sequence s: into buf (bytes, NUL-terminated), its length
   in *len; SSVM_ERR_WORKSPACE (with *len the length) when buf is too small. */
STRUCTSVM_DEF ssvm_result ssvm_template_expand(const ssvm_template *tp, int k, const ssvm_conll_data *d, int s,
                                               int t, char *buf, size_t bytes, size_t *len);

/* Sparse chain inputs from CoNLL data and templates. grow = 1 (training): new attribute and label names are
   added to attrs / labels (with min_count > 1 only the attributes seen at least min_count times in d, the
   CRF++ -f cut-off); grow = 0 (test): unknown attributes are dropped and unknown labels become -1. Ids are
   given in order of first occurrence (token by token, template by template). */
typedef struct ssvm_conll_features {
    int n_seq, n_tok;
    int n_attrs, n_labels;  /* the dictionaries' sizes afterwards */
    int *seq_start;         /* n_seq+1 */
    int *attr_start;        /* n_tok+1 offsets into attr_id */
    int *attr_id;
    int *labels;            /* n_tok: label ids, -1 = not in the label dictionary (grow = 0) or no label
                               column (config.unlabelled) */
    ssvm_allocator _a;
} ssvm_conll_features;
STRUCTSVM_DEF ssvm_result ssvm_conll_featurize(const ssvm_reader_config *c, const ssvm_conll_data *d,
                                               const ssvm_template *tp, ssvm_dict *attrs, ssvm_dict *labels,
                                               int grow, int min_count, ssvm_conll_features *out,
                                               ssvm_read_error *err);
STRUCTSVM_DEF void ssvm_conll_features_uninit(ssvm_conll_features *f);
/* A sparse chain over f (labels as they are: map f->labels' -1 before training on test data). */
STRUCTSVM_DEF ssvm_chain_config ssvm_conll_chain_config_init(const ssvm_conll_features *f);

/* Weka ARFF as Mulan writes multilabel data, dense rows (`v1,v2,...`) or sparse rows (`{i v, j v}`, 0-based
   attribute indices, absent = 0). Attributes: numeric / real / integer, or nominal `{a,b,...}` (a feature's
   value is then its index in the list); the labels are nominal {0,1} (or `?`, read as -1, with
   config.unlabelled). String, date and relational attributes, missing feature values (`?`) and instance
   weights are SSVM_ERR_PARSE. */
typedef struct ssvm_arff_data {
    int n, n_attrs, n_labels; /* rows, features F (plus 1 with a bias), labels L */
    int sparse;               /* the rows were sparse: row_start / attr_id / attr_val; else x */
    ssvm_real *x;             /* dense: n x F */
    int *row_start;
    int *attr_id;
    ssvm_real *attr_val;
    int *labels;              /* n x L of 0/1 (-1: `?` with config.unlabelled) */
    ssvm_dict attr_names, label_names; /* the features' and the labels' names in the file's order */
    ssvm_allocator _a;
} ssvm_arff_data;
STRUCTSVM_DEF ssvm_result ssvm_read_arff(const ssvm_reader_config *c, ssvm_input in, ssvm_arff_data *out,
                                         ssvm_read_error *err);
STRUCTSVM_DEF void ssvm_arff_data_uninit(ssvm_arff_data *d);
STRUCTSVM_DEF ssvm_graph_config ssvm_arff_graph_config(const ssvm_arff_data *d); /* no edges: set them */

#ifndef STRUCTSVM_NO_STDIO
/* The same from a path (fopen "rb"; a path that cannot be opened is SSVM_ERR_IO). */
STRUCTSVM_DEF ssvm_result ssvm_read_svmlight_path(const ssvm_reader_config *c, const char *path,
                                                  ssvm_svmlight_data *out, ssvm_read_error *err);
STRUCTSVM_DEF ssvm_result ssvm_read_svmhmm_path(const ssvm_reader_config *c, const char *path,
                                                ssvm_svmlight_data *out, ssvm_read_error *err);
STRUCTSVM_DEF ssvm_result ssvm_read_conll_path(const ssvm_reader_config *c, const char *path, ssvm_conll_data *out,
                                               ssvm_read_error *err);
STRUCTSVM_DEF ssvm_result ssvm_read_template_path(const ssvm_reader_config *c, const char *path,
                                                  ssvm_template *out, ssvm_read_error *err);
STRUCTSVM_DEF ssvm_result ssvm_read_arff_path(const ssvm_reader_config *c, const char *path, ssvm_arff_data *out,
                                              ssvm_read_error *err);
#endif
/* (readers declarations end) */
#endif /* STRUCTSVM_PREDICT_ONLY */

/* >>model: model files (declarations) --------------------------------------------------------------------- */
/* A trained model as one object: its kind and shape (what predicting needs), the weights, optional names of
   attributes and labels, and a training summary. Saved in one binary format (MANUAL: MODEL FILES): little-endian
   on every host, weights as float64 (float and double builds read each other's files), a CRC-32. */
typedef enum ssvm_model_kind {
    SSVM_MODEL_USER = 0,       /* yours: d weights, user_tag and the dimensions you set; no built-in predict */
    SSVM_MODEL_MULTICLASS = 1, /* ssvm_multiclass: n_labels K, n_attrs F, d = K*F */
    SSVM_MODEL_CHAIN = 2,      /* ssvm_chain: K, F, flags (SSVM_CHAIN_*), d = ssvm_chain_dim */
    SSVM_MODEL_GRAPH = 3,      /* ssvm_graph: L, F, flags, method, n_edges, edges, d = L*F + 4*n_edges */
    SSVM_MODEL_ASSIGN = 4,     /* ssvm_assign: n_attrs F, flags (SSVM_ASSIGN_*), d = F; n_labels 0 */
    SSVM_MODEL_KERNEL = 5      /* SSVM_KBCFW's lifted multiclass or chain model (ssvm_model_of_kernel): n_labels K,
                                  n_attrs F, method = ssvm_kernel_kind (0 linear, 1 RBF, 2 polynomial), flags 0 or
                                  SSVM_MODEL_KERNEL_CHAIN [| SSVM_CHAIN_BIASES]; d = 3 [+ K K [+ 2 K]] + S (F + K):
                                  gamma, coef0, degree, [the chain's transitions and biases,] then per support
                                  example (chain: position) its F inputs and K coefficients */
} ssvm_model_kind;
#define SSVM_MODEL_ANY (-1)            /* ssvm_model_load*: accept every kind */
#define SSVM_MODEL_KERNEL_MAX_DEGREE 100 /* a kernel model's polynomial degree: 1 .. this */
#define SSVM_MODEL_KERNEL_CHAIN 8        /* a kernel model's flag: the lifted chain (label per position, Viterbi) */
#define SSVM_MODEL_FORMAT_VERSION 2    /* the newest version written (1 when a model has no metadata); a loader
                                          reads versions 1 .. this */

/* What the training run was (informative only; prediction never reads it). */
typedef struct ssvm_model_summary {
    int solver;                 /* ssvm_solver_kind; -1: not recorded */
    int passes;
    double lambda;              /* NaN: not recorded */
    double primal, dual, gap;   /* of the returned weights at the last evaluation; NaN when unknown */
    double wall_seconds;        /* training wall seconds, evaluation excluded */
    long long oracle_calls;
    unsigned long long seed;
} ssvm_model_summary;

/* The model. Built by ssvm_model_of_* (pointers into your data: nothing is copied) or by ssvm_model_load*
   (everything copied into the model's heap). Names: n_attr_names is 0 or n_attrs and n_label_names 0 or
   n_labels for the built-in kinds (any count for SSVM_MODEL_USER); each a NUL-terminated string. */
typedef struct ssvm_model {
    int kind;                   /* ssvm_model_kind */
    unsigned long user_tag;     /* any 32-bit value: your format's id (saved and loaded, never interpreted) */
    int d;                      /* weights */
    int n_labels;               /* K (multiclass, chain), L (graph), 0 (assign), yours (user) */
    int n_attrs;                /* F: features per position / example / pair */
    int max_label_len;          /* yours (user); 0 for the built-in kinds */
    int flags;                  /* SSVM_CHAIN_*, SSVM_GRAPH_COUNTED_LOSS, SSVM_ASSIGN_*; yours (user) */
    int method;                 /* graph: SSVM_GRAPH_AUTO / _TREE / _ENUM; else 0 */
    int n_edges;                /* graph */
    const int *edges;           /* graph: 2*n_edges label indices (NULL when n_edges = 0) */
    const ssvm_real *w;         /* d weights */
    int n_attr_names, n_label_names;
    const char *const *attr_names;
    const char *const *label_names;
    ssvm_model_summary summary;
    void *_heap;                /* ssvm_model_load: the block it allocated (ssvm_model_uninit frees it) */
    const char *metadata;       /* optional NUL-terminated text saved with the model (format version 2; NULL or "":
                                   none, and the file is version 1 as before), e.g. the tool's "key=value" lines */
} ssvm_model;

/* An empty model of this kind with d weights w: every dimension 0, no names, the summary unknown (solver -1,
   NaN objectives). Set the rest yourself (SSVM_MODEL_USER), or use ssvm_model_of_* for a built-in kind. */
STRUCTSVM_DEF ssvm_model ssvm_model_config_init(int kind, int d, const ssvm_real *w);
/* The model of a built-in model's config (its shape only; the data is not read) and weights w (the config's
   dimension). The model points to w and (graph) to c->edges: they must outlive it. */
STRUCTSVM_DEF ssvm_result ssvm_model_of_multiclass(const ssvm_multiclass_config *c, const ssvm_real *w,
                                                   ssvm_model *out);
STRUCTSVM_DEF ssvm_result ssvm_model_of_chain(const ssvm_chain_config *c, const ssvm_real *w, ssvm_model *out);
STRUCTSVM_DEF ssvm_result ssvm_model_of_graph(const ssvm_graph_config *c, const ssvm_real *w, ssvm_model *out);
STRUCTSVM_DEF ssvm_result ssvm_model_of_assign(const ssvm_assign_config *c, const ssvm_real *w, ssvm_model *out);
/* Shape, flags, edges, names and finite weights (what saving checks; loading checks the same). */
STRUCTSVM_DEF ssvm_result ssvm_model_check(const ssvm_model *m);
/* "user", "multiclass", "chain", "graph", "assign", or "unknown" */
STRUCTSVM_DEF const char *ssvm_model_kind_string(int kind);

/* Saving to memory: the exact size first, then the bytes (buf_bytes >= that size, else SSVM_ERR_WORKSPACE).
   *written (may be NULL) = the bytes written. */
STRUCTSVM_DEF ssvm_result ssvm_model_save_get_size(const ssvm_model *m, size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_model_save(const ssvm_model *m, void *buf, size_t buf_bytes, size_t *written);
/* Loading from memory: buf holds a model file (bytes may exceed the file: the rest is ignored). kind: the kind
   expected (SSVM_ERR_KIND for another), or SSVM_MODEL_ANY. The whole file is checked (magic, version, sizes,
   checksum, shape, finite weights that fit ssvm_real) before anything is written; the model is copied into
   the heap (it never points into buf). Errors: SSVM_ERR_FORMAT, _TRUNCATED, _CHECKSUM, _VERSION, _KIND,
   _OVERFLOW (a size beyond int / size_t), _NONFINITE (a weight NaN, Inf, or out of this build's range). */
STRUCTSVM_DEF ssvm_result ssvm_model_load_get_heap_size(const void *buf, size_t bytes, int kind, size_t *heap_bytes);
STRUCTSVM_DEF ssvm_result ssvm_model_load_preallocated(const void *buf, size_t bytes, int kind, void *heap,
                                                       size_t heap_bytes, ssvm_model *m);
/* The same with the heap from SSVM_MALLOC (not under STRUCTSVM_NO_MALLOC: SSVM_ERR_NOT_SUPPORTED). */
STRUCTSVM_DEF ssvm_result ssvm_model_load(const void *buf, size_t bytes, int kind, ssvm_model *m);
/* Frees what ssvm_model_load* allocated (nothing for a preallocated or ssvm_model_of_* model) and zeroes m. */
STRUCTSVM_DEF void ssvm_model_uninit(ssvm_model *m);

/* One input for ssvm_model_predict: len rows (chain: positions; assign: m rows of cols columns, one pair per
   (row, column); multiclass and graph: 1 example), each row (assign: each pair) F features, dense x or sparse
   CSR (x NULL; attr_start: rows+1 offsets, or pairs+1 for assign; attr_val NULL = ones). */
typedef struct ssvm_model_input {
    int len, cols;
    const ssvm_real *x;
    const int *attr_start;
    const int *attr_id;
    const ssvm_real *attr_val;
} ssvm_model_input;
/* len rows of dense x (cols 0; set cols for assign, or x NULL and the attr_* arrays for sparse input) */
STRUCTSVM_DEF ssvm_model_input ssvm_model_input_init(int len, const ssvm_real *x);
/* The label length of an input (1 multiclass, len chain and assign, L graph) and the work a prediction needs. */
STRUCTSVM_DEF ssvm_result ssvm_model_predict_get_work_size(const ssvm_model *m, int len, int cols, size_t *bytes);
/* Plain decoding of one input with a built-in model, by the model's own decoder (ssvm_multiclass_predict,
   ssvm_chain_predict, ssvm_graph_predict, ssvm_assign_predict for dense x; the training decoders' scoring for
   sparse x): the same labels as those calls. y: y_bytes for the label; *y_len (may be NULL) its length.
   SSVM_ERR_KIND for SSVM_MODEL_USER; sparse input with an assign model is SSVM_ERR_NOT_SUPPORTED. */
STRUCTSVM_DEF ssvm_result ssvm_model_predict(const ssvm_model *m, const ssvm_model_input *in, void *work,
                                             size_t work_bytes, int *y, size_t y_bytes, int *y_len);

/* >>kmodel: a kernel model's scores */
/* A kernel model's scores f(x, y) = sum_s a_s[y] k(x_s, x) into scores (bytes): multiclass, K doubles for one input
   (dense x or one sparse CSR row; len taken as 1), the scores ssvm_model_predict takes the argmax of (ties to the
   lowest class); a chain (SSVM_MODEL_KERNEL_CHAIN), len K unary scores, row t's at t K (the biases added to the
   first and last rows), Viterbi's input with the model's transitions. work: ssvm_model_predict_get_work_size's bytes
   (16 + F doubles are used). SSVM_ERR_KIND for another kind; a score that is not finite SSVM_ERR_NONFINITE. */
STRUCTSVM_DEF ssvm_result ssvm_model_kernel_scores(const ssvm_model *m, const ssvm_model_input *in, void *work,
                                                   size_t work_bytes, double *scores, size_t bytes);

#ifndef STRUCTSVM_PREDICT_ONLY
/* >>model: the summary, the kernel solver's model file (code at >>kernel), files */
/* The summary from a run: solver, lambda and seed from c, passes, oracle calls, seconds and the objectives of
   the returned weights (final->returned) from final, as ssvm_train returns it. */
STRUCTSVM_DEF void ssvm_model_set_summary(ssvm_model *m, const ssvm_solver_config *c, const ssvm_progress *final);
/* The lifted model as a model file can hold it (SSVM_MODEL_KERNEL; code at >>kernel): the kernel, K, F and per support
   example (one with a non-zero coefficient in `which`: SSVM_W_ITERATE, _AVERAGE, or _BEST, the vector the run's
   stopping rule picked) its input row and its K coefficients a[y] = [y = y_i] sum_k c_k - sum_{k: y_k = y} c_k; for
   the lifted chain (config.kernel.chain; flags SSVM_MODEL_KERNEL_CHAIN and the chain's SSVM_CHAIN_BIASES) the same
   per support position, and the transition (and bias) weights. Rows whose K coefficients are 0 are left out. Needs
   config.kernel.input = ssvm_dense_kernel_fn with user an ssvm_dense_kernel whose rows are the training examples
   (0 .. n-1; chain: the positions) (else SSVM_ERR_NOT_SUPPORTED). First the exact bytes of buf (d reals), then the
   model: out points into buf (no copy; buf must outlive it), its summary unknown (ssvm_model_set_summary). */
STRUCTSVM_DEF ssvm_result ssvm_model_of_kernel_get_size(const ssvm_solver *s, int which, size_t *bytes);
STRUCTSVM_DEF ssvm_result ssvm_model_of_kernel(const ssvm_solver *s, int which, void *buf, size_t buf_bytes,
                                               ssvm_model *out);
#endif

#ifndef STRUCTSVM_NO_STDIO
/* Files (stdio): save writes the format through fwrite (no allocation); load reads the whole file into an
   SSVM_MALLOC buffer (SSVM_ERR_NOT_SUPPORTED under STRUCTSVM_NO_MALLOC) then loads as above. A path that does
   not open is SSVM_ERR_INVALID_ARG, a read error SSVM_ERR_TRUNCATED, a failed write or close
   SSVM_ERR_WORKSPACE (the disk is full); errno tells more. */
STRUCTSVM_DEF ssvm_result ssvm_model_save_FILE(const ssvm_model *m, FILE *f);
STRUCTSVM_DEF ssvm_result ssvm_model_save_path(const ssvm_model *m, const char *path);
STRUCTSVM_DEF ssvm_result ssvm_model_load_FILE(FILE *f, int kind, ssvm_model *m);
STRUCTSVM_DEF ssvm_result ssvm_model_load_path(const char *path, int kind, ssvm_model *m);
/* A human-readable description (kind, shape, names, summary), one "key: value" per line. */
STRUCTSVM_DEF ssvm_result ssvm_model_print(const ssvm_model *m, FILE *f);
/* C source for a predict-only build: name_w (the d weights as ssvm_real, "%.17g": exact in float and double
   builds), name_edges (graph) and name_label_names (when named) as const arrays, and NAME_KIND, NAME_D,
   NAME_N_LABELS, NAME_N_ATTRS, NAME_FLAGS, NAME_METHOD, NAME_N_EDGES as macros (NAME: name in capitals).
   name: a C identifier of at most 64 characters. */
STRUCTSVM_DEF ssvm_result ssvm_model_export_c_FILE(const ssvm_model *m, const char *name, FILE *f);
STRUCTSVM_DEF ssvm_result ssvm_model_export_c_path(const ssvm_model *m, const char *name, const char *path);
#endif
/* (model declarations end) */

#ifndef STRUCTSVM_PREDICT_ONLY
/* >>ckpt: checkpoints and warm starts (declarations; MANUAL: CHECKPOINTS) -------------------------------------- */
/* A checkpoint is the whole state of a run (weights, average, per-example dual state, random generator, counters,
   seconds, the last evaluation) of BCFW (all its options), FW, SSG or the multi-sample solver; the other kinds are
   SSVM_ERR_CKPT_SOLVER. Loaded into a solver initialised with the same configuration on the same problem, the run
   goes on bit for bit as if it had never stopped. Format: magic "SSVMCKPT", version, little-endian, CRC-32; a
   fingerprint of the problem and the solver's options (another one: SSVM_ERR_CKPT_MISMATCH). */
#define SSVM_CHECKPOINT_FORMAT_VERSION 2 /* the version written; a loader reads versions 1 .. this */
typedef int (*ssvm_write_fn)(void *user, const void *bytes, size_t n); /* 0: all n written; non-zero: failed */
/* Bytes of the checkpoint of s now (it grows with a sparse state: ask again before each save). */
STRUCTSVM_DEF ssvm_result ssvm_solver_checkpoint_get_size(const ssvm_solver *s, size_t *bytes);
/* To memory (buf_bytes >= the size, else SSVM_ERR_WORKSPACE; *written may be NULL) or through a callback
   (a failed write: SSVM_ERR_IO). Works under STRUCTSVM_NO_STDIO and STRUCTSVM_NO_MALLOC. */
STRUCTSVM_DEF ssvm_result ssvm_solver_checkpoint_save(const ssvm_solver *s, void *buf, size_t buf_bytes, size_t *written);
STRUCTSVM_DEF ssvm_result ssvm_solver_checkpoint_write(const ssvm_solver *s, ssvm_write_fn write, void *user);
/* Replaces the state of s (initialised with the same configuration on the same problem; limits, evaluation,
   progress, clock and allocator may differ) by the checkpoint's. The whole buffer is checked before s is
   written: SSVM_ERR_FORMAT, _TRUNCATED, _CHECKSUM, _VERSION, _NONFINITE, _CKPT_SOLVER, _CKPT_MISMATCH, and
   SSVM_ERR_WORKSPACE when a preallocated solver's sparse pool is too small for the saved state. */
STRUCTSVM_DEF ssvm_result ssvm_solver_checkpoint_load(ssvm_solver *s, const void *buf, size_t bytes);
/* Warm start: c->warm_w = m->w (d must match: SSVM_ERR_WARM_START). BCFW and FW then minimise
   lambda/2 |w - w0|^2 + loss, w0 = the model's weights (MANUAL: CHECKPOINTS says why and what it means). */
STRUCTSVM_DEF ssvm_result ssvm_solver_config_warm_start(ssvm_solver_config *c, const ssvm_model *m);
#ifndef STRUCTSVM_NO_STDIO
/* Files: save writes "path.tmp" beside path, flushes, closes and renames it over path, so a crash mid-write never
   replaces the last good checkpoint (SSVM_ERR_IO when a write, the close or the rename fails; path.tmp is then
   removed). load reads the file (SSVM_MALLOC) and loads it as above. NOT_SUPPORTED under STRUCTSVM_NO_MALLOC. */
STRUCTSVM_DEF ssvm_result ssvm_solver_checkpoint_save_path(const ssvm_solver *s, const char *path);
STRUCTSVM_DEF ssvm_result ssvm_solver_checkpoint_load_path(ssvm_solver *s, const char *path);
#endif
#endif /* STRUCTSVM_PREDICT_ONLY */
/* >>api: the old names */
/* 0.10's names of renamed functions (API GRAMMAR; the migration table 0.10.0 -> 0.11.0), kept until 1.0.
   Define STRUCTSVM_NO_OLD_NAMES to leave them out. */
#ifndef STRUCTSVM_NO_OLD_NAMES
#define ssvm_model_save_file ssvm_model_save_path
#define ssvm_model_load_file ssvm_model_load_path
#define ssvm_model_export_c_file ssvm_model_export_c_path
#define ssvm_model_export_c ssvm_model_export_c_FILE
#define ssvm_solver_checkpoint_save_file ssvm_solver_checkpoint_save_path
#define ssvm_solver_checkpoint_load_file ssvm_solver_checkpoint_load_path
#define ssvm_svmlight_multiclass_config ssvm_svmlight_multiclass_config_init
#define ssvm_svmhmm_chain_config ssvm_svmhmm_chain_config_init
#define ssvm_conll_chain_config ssvm_conll_chain_config_init
#define ssvm_cg_status_of ssvm_solver_cg_status
#define ssvm_cg_active ssvm_solver_cg_active
#define ssvm_input_file ssvm_input_FILE
#endif

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

#if defined(__GNUC__) || defined(__clang__)
#define SSVM__MAYBE_UNUSED __attribute__((unused))
#define SSVM__PREFETCH(p) __builtin_prefetch(p) /* a hint: no effect on any result */
/* x86: the oracles' hot loops start on a cache line, so that their speed no longer depends on where the rest of
   the header puts them (0.8.0 measured a 1.3x swing of the chain's sparse oracle from placement alone); elsewhere
   (microcontrollers) no padding */
#if defined(__x86_64__) || defined(__i386__)
#define SSVM__HOT __attribute__((aligned(64)))
#else
#define SSVM__HOT
#endif
#else
#define SSVM__MAYBE_UNUSED
#define SSVM__PREFETCH(p) ((void)(p))
#define SSVM__HOT
#endif
/* A build that leaves solvers out (STRUCTSVM_NO_<KIND>, STRUCTSVM_ONLY_<KIND>): the sections of the left-out solvers
   are not compiled, and shared code that only they used is dropped by the compiler (static and unreferenced), so no
   -Wunused-function there. A full build keeps the warning. */
#if SSVM__HAS_BCFW && SSVM__HAS_FW && SSVM__HAS_SSG && SSVM__HAS_MULTISAMPLE && SSVM__HAS_DEG && SSVM__HAS_CLIQUEGEN && \
    SSVM__HAS_CUTTING_PLANE && SSVM__HAS_KBCFW && SSVM__HAS_EG
#define SSVM__PRIV static
#else
#define SSVM__PRIV static SSVM__MAYBE_UNUSED
#endif
/* >>speed: sparse attribute-major unary scores fetch rows of w at random (CoNLL: 7.4M weights, 19 features a
   token); requesting the row SSVM__PF_AHEAD features ahead (its first SSVM__PF_BYTES) halves their time here */
#define SSVM__PF_AHEAD 16
#define SSVM__PF_BYTES 256

/* >>basics: constants, memset/memcpy for freestanding builds, the finiteness test */
#define SSVM__HUGE 1e300
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
SSVM__PRIV double ssvm__abs(double x) { return x < 0 ? -x : x; }

/* >>linalg: dense loops, or CBLAS under STRUCTSVM_USE_BLAS. The sizeof tests pick the s/d routine at
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
/* >>api: ssvm_result_string */
STRUCTSVM_DEF const char *ssvm_result_string(ssvm_result r) {
    switch (r) {
    case SSVM_OK: return "ok";
    case SSVM_CONVERGED: return "converged: duality gap <= tolerance";
    case SSVM_SOLVER_RULE: return "stopped by the solver's own rule (see the gap)";
    case SSVM_MAX_PASSES: return "stopped: pass limit";
    case SSVM_MAX_ORACLE_CALLS: return "stopped: oracle-call limit";
    case SSVM_MAX_SECONDS: return "stopped: time limit";
    case SSVM_STOPPED_BY_USER: return "stopped by the progress callback";
    case SSVM_TARGET_REACHED: return "stopped: target primal reached";
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
    case SSVM_ERR_GRAPH: return "bad graph: an edge out of range, a self-loop, a repeated edge, or not a forest";
    case SSVM_ERR_TOO_LARGE: return "too many labels for exact enumeration";
    case SSVM_ERR_SHAPE: return "bad shape: more rows than columns without a dummy rule, or a wrong polytope";
    case SSVM_ERR_NO_CONVERGENCE: return "an inner iteration did not reach its tolerance";
    case SSVM_ERR_CLIQUE: return "bad candidate cliques: none, a label out of range, a self-loop or a repeated pair";
    case SSVM_ERR_SIGMA: return "clique generation: sigma (or eps) must be finite and > 0";
    case SSVM_ERR_QP: return "the working-set QP did not reach its tolerance";
    case SSVM_ERR_PLANES: return "the working set is full of active planes";
    case SSVM_ERR_BCFW_OPTION: return "a BCFW option (config.bcfw) is out of range";
    case SSVM_ERR_BCFW_COMBINATION: return "BCFW options (config.bcfw) that do not apply to this configuration";
    case SSVM_ERR_SUPPORT_FULL: return "the kernel solver's support set is full (max_support)";
    case SSVM_ERR_KERNEL: return "a kernel value is not finite or the kernel is not positive semi-definite";
    case SSVM_ERR_CKPT_SOLVER: return "checkpoints do not cover this solver kind";
    case SSVM_ERR_CKPT_MISMATCH: return "the checkpoint is of another problem or solver configuration";
    case SSVM_ERR_WARM_START: return "warm start of another dimension, or for a solver without one";
    case SSVM_ERR_BATCH: return "a mini-batch option (config.par.batch) out of range or where it does not apply";
    case SSVM_ERR_PARALLEL: return "the parallel-for hook did not run every task once, or a model is not thread-safe";
    case SSVM_ERR_COLLECTIVE: return "the collective failed, or the ranks disagree on their problem or options";
    case SSVM_ERR_PEER: return "another rank failed";
    case SSVM_ERR_FORMAT: return "not a model file, or an inconsistent field in it";
    case SSVM_ERR_TRUNCATED: return "model file truncated";
    case SSVM_ERR_CHECKSUM: return "model file checksum mismatch (corrupted)";
    case SSVM_ERR_VERSION: return "model file of a newer format version";
    case SSVM_ERR_KIND: return "model of another or an unknown kind";
    case SSVM_ERR_PARSE: return "malformed data file (see the reader's line and column)";
    case SSVM_ERR_IO: return "cannot open or read the input";
    case SSVM_ERR_TEMPLATE: return "malformed feature template, or a column the data lacks";
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

SSVM__PRIV unsigned char *ssvm__align16(void *p) {
    size_t mis = (size_t)((uintptr_t)p & 15u);
    return (unsigned char *)p + (mis ? 16 - mis : 0);
}
/* The start of every size query: bytes must exist and reads 0 unless the query succeeds; checked is the
   check of what is sized */
SSVM__PRIV ssvm_result ssvm__size_begin(size_t *bytes, ssvm_result checked) {
    if (!bytes) return SSVM_ERR_INVALID_ARG;
    *bytes = 0;
    return checked;
}
/* The end of every size query: the arena's bytes plus 16 of slack to align the caller's block, never a
   wrapped size (32-bit targets) */
SSVM__PRIV ssvm_result ssvm__arena_bytes(const ssvm__arena *a, size_t *bytes) {
    if (a->overflow || a->used > ((size_t)-1) - 16) return SSVM_ERR_OVERFLOW;
    *bytes = a->used + 16;
    return SSVM_OK;
}
/* The start of every *_init_preallocated and every call that takes a work block: sized is the size query's
   result and *need its bytes (a query adds 16 for the alignment); the caller's block mem must exist and hold
   them. The arena then carves the block from its first 16-byte boundary. */
SSVM__PRIV ssvm_result ssvm__arena_over(ssvm_result sized, const size_t *need, void *mem, size_t bytes,
                                        ssvm__arena *a) {
    if (!mem) return SSVM_ERR_INVALID_ARG;
    if (sized != SSVM_OK) return sized;
    if (bytes < *need) return SSVM_ERR_WORKSPACE;
    a->base = ssvm__align16(mem); a->used = 0; a->cap = bytes - 16; a->overflow = 0;
    return SSVM_OK;
}

/* x * y for a size the arena takes; a product that does not fit size_t marks the arena overflowed */
SSVM__PRIV size_t ssvm__mulsz(ssvm__arena *a, size_t x, size_t y) {
    if (y && x > ((size_t)-1) / y) { a->overflow = 1; return 0; }
    return x * y;
}

/* Every heap block goes through these: the caller's allocator if set, else SSVM_MALLOC/SSVM_FREE
   (whose user argument is then NULL); under STRUCTSVM_NO_MALLOC without an allocator, nothing. */
SSVM__PRIV SSVM__MAYBE_UNUSED void *ssvm__alloc_with(const ssvm_allocator *a, size_t bytes) {
    if (a && a->alloc) return a->alloc(a->user, bytes);
#ifndef STRUCTSVM_NO_MALLOC
    return SSVM_MALLOC(bytes, a ? a->user : 0);
#else
    (void)bytes;
    return 0;
#endif
}
SSVM__PRIV SSVM__MAYBE_UNUSED void ssvm__free_with(const ssvm_allocator *a, void *ptr) {
    if (!ptr) return;
    if (a && a->free) { a->free(a->user, ptr); return; }
#ifndef STRUCTSVM_NO_MALLOC
    SSVM_FREE(ptr, a ? a->user : 0);
#endif
}

/* The heap block of a solver's *_init: through the allocator, else malloc (refused under NO_MALLOC). */
SSVM__PRIV SSVM__MAYBE_UNUSED ssvm_result ssvm__heap_for(const ssvm_allocator *a, size_t need, void **heap) {
#ifdef STRUCTSVM_NO_MALLOC
    if (!a || !a->alloc) return SSVM_ERR_NOT_SUPPORTED;
#endif
    *heap = ssvm__alloc_with(a, need);
    return *heap ? SSVM_OK : SSVM_ERR_OUT_OF_MEMORY;
}

/* >>svec */
STRUCTSVM_DEF ssvm_result ssvm_svec_get_heap_size(int d, size_t *bytes) {
    ssvm__arena a = {0, 0, 0, 0};
    if (!bytes) return SSVM_ERR_INVALID_ARG;
    *bytes = 0;
    if (d <= 0) return SSVM_ERR_EMPTY;
    ssvm__take(&a, (size_t)d, sizeof(ssvm_real));
    ssvm__take(&a, (size_t)d, sizeof(int));
    ssvm__take(&a, (size_t)d, 1);
    return ssvm__arena_bytes(&a, bytes);
}
STRUCTSVM_DEF ssvm_result ssvm_svec_init_preallocated(int d, void *heap, size_t bytes, ssvm_svec *v) {
    ssvm__arena a;
    size_t need = 0;
    ssvm_result r;
    if (!v) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm__arena_over(ssvm_svec_get_heap_size(d, &need), &need, heap, bytes, &a)) != SSVM_OK) return r;
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
    /* locals: a byte store may alias v's fields, which the compiler would otherwise reload every entry (0.7.0) */
    unsigned char *mark = v->mark;
    const int *idx = v->idx;
    int k, nnz = v->nnz;
    for (k = 0; k < nnz; k++) mark[idx[k]] = 0;
    v->nnz = 0; v->err = 0;
}
STRUCTSVM_DEF ssvm_accum ssvm_svec_dot(const ssvm_svec *v, const ssvm_real *w) {
    ssvm_accum s = 0;
    int k;
    for (k = 0; k < v->nnz; k++) { int j = v->idx[k]; s += (ssvm_accum)v->val[j] * (ssvm_accum)w[j]; }
    return s;
}

/* >>problem */
STRUCTSVM_DEF ssvm_problem ssvm_problem_config_init(int n, int d, int max_label_len) {
    ssvm_problem p;
    SSVM_MEMSET(&p, 0, sizeof p);
    p.n = n; p.d = d; p.max_label_len = max_label_len;
    return p;
}
/* example weights: finite, >= 0, and not all zero (or none) */
SSVM__PRIV ssvm_result ssvm__weights_check(const ssvm_problem *p) {
    double c = 0;
    int i;
    for (i = 0; p->weights && i < p->n; i++) {
        double x = (double)p->weights[i];
        if (!ssvm__finite(x)) return SSVM_ERR_NONFINITE;
        if (x < 0) return SSVM_ERR_INVALID_ARG;
        c += x;
    }
    if (p->weights && !(c > 0)) return SSVM_ERR_EMPTY;
    return ssvm__finite(c) ? SSVM_OK : SSVM_ERR_OVERFLOW;
}
STRUCTSVM_DEF ssvm_result ssvm_problem_check(const ssvm_problem *p) {
    if (!p) return SSVM_ERR_INVALID_ARG;
    if (p->n <= 0 || p->d <= 0 || p->max_label_len <= 0) return SSVM_ERR_EMPTY;
    if (!p->truth || !p->phi || !p->oracle) return SSVM_ERR_NULL_CALLBACK;
    if ((p->stat_dim != 0) != (p->stats != 0) || (p->stats != 0) != (p->expand != 0)) return SSVM_ERR_NULL_CALLBACK;
    if ((p->parts != 0) != (p->part_scores != 0) || (p->parts != 0) != (p->part_phi != 0)) return SSVM_ERR_NULL_CALLBACK;
    /* the statistics interface (read only with the statistics: a problem that drops them drops it): its two
       groups, each whole, each on the one before */
    if (p->stats) {
        int g = p->stat_gram != 0;
        if ((p->stat_support != 0) != (p->stat_expand_at != 0) || (p->stat_scores && !p->stat_support) ||
            g != (p->stat_norm2 != 0) || g != (p->stat_move != 0) || (g && !p->stat_scores))
            return SSVM_ERR_NULL_CALLBACK;
    }
    return ssvm__weights_check(p);
}

STRUCTSVM_DEF ssvm_result ssvm_mean_loss(const ssvm_problem *p, const ssvm_real *w, int *ybuf, size_t ybuf_bytes,
                                         double *out) {
    int i, len, rc;
    double s = 0, c = 0;
    if (!p || !w || !ybuf || !out) return SSVM_ERR_INVALID_ARG;
    if (p->n <= 0 || p->d <= 0 || p->max_label_len <= 0) return SSVM_ERR_EMPTY;
    if (ybuf_bytes / sizeof(int) < (size_t)p->max_label_len) return SSVM_ERR_WORKSPACE;
    if (!p->decode || !p->loss) return SSVM_ERR_NULL_CALLBACK;
    if ((rc = ssvm__weights_check(p)) != SSVM_OK) return (ssvm_result)rc;
    for (i = 0; i < p->n; i++) {
        ssvm_real delta = 0;
        double ci = p->weights ? (double)p->weights[i] : 1.0;
        len = p->decode(p->user, i, w, ybuf);
        if (len < 0) return (ssvm_result)len;
        if (len == 0 || len > p->max_label_len) return SSVM_ERR_LABEL;
        rc = p->loss(p->user, i, ybuf, len, &delta);
        if (rc < 0) return (ssvm_result)rc;
        if (!ssvm__finite((double)delta) || delta < 0) return SSVM_ERR_LOSS;
        s += ci * (double)delta;
        c += ci;
    }
    if (!(c > 0)) return SSVM_ERR_EMPTY;
    *out = s / c;
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
SSVM__PRIV size_t ssvm__viterbi_bytes(int L, int K) {
    size_t bp, re;
    if (L <= 0 || K <= 0) return 0;
    bp = ssvm__size3((size_t)L, (size_t)K, sizeof(int));
    re = ssvm__size3((size_t)K + 1, 2, sizeof(ssvm_real));
    if (!bp || !re) return 0;
    return bp + re; /* L*K ints + 2K reals + 2 reals of alignment slack */
}
STRUCTSVM_DEF ssvm_result ssvm_viterbi_get_work_size(int L, int K, size_t *bytes) {
    if (!bytes) return SSVM_ERR_INVALID_ARG;
    if (L <= 0 || K <= 0) { *bytes = 0; return SSVM_ERR_EMPTY; }
    return (*bytes = ssvm__viterbi_bytes(L, K)) ? SSVM_OK : SSVM_ERR_OVERFLOW;
}
/* the checked-free core: work holds ssvm__viterbi_bytes(L, K) */
SSVM__PRIV SSVM__HOT ssvm_real ssvm__viterbi(int L, int K, const ssvm_real *unary, const ssvm_real *trans, void *work, int *y) {
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
STRUCTSVM_DEF ssvm_result ssvm_viterbi(int L, int K, const ssvm_real *unary, const ssvm_real *trans, void *work,
                                       size_t work_bytes, int *y, ssvm_real *score) {
    size_t need;
    ssvm_result r;
    ssvm_real best;
    if (!unary || !trans || !work || !y) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_viterbi_get_work_size(L, K, &need)) != SSVM_OK) return r;
    if (work_bytes < need) return SSVM_ERR_WORKSPACE;
    best = ssvm__viterbi(L, K, unary, trans, work, y);
    if (score) *score = best;
    return SSVM_OK;
}

/* >>oracles: chain model. Layout of w: unary block, [first-label biases K, last-label biases K], K*K
   transitions trans[a + K*b] (label a at t, b at t+1), as in the BCFW reference's OCR model. */
SSVM__PRIV int ssvm__chain_trans_off(int K, int F, int flags) {
    return K * F + ((flags & SSVM_CHAIN_BIASES) ? 2 * K : 0);
}
STRUCTSVM_DEF ssvm_chain_config ssvm_chain_config_init(int n, int K, int F, const int *start, const int *labels) {
    ssvm_chain_config c;
    SSVM_MEMSET(&c, 0, sizeof c);
    c.n = n; c.n_labels = K; c.n_attrs = F; c.start = start; c.labels = labels;
    return c;
}
/* K*F + extra K-blocks of K reals (a model's d) as an int; 0 when K or F <= 0 or it does not fit */
SSVM__PRIV int ssvm__model_dim(int K, int F, long long extra_k) {
    long long d;
    if (K <= 0 || F <= 0) return 0;
    d = (long long)K * F + (long long)extra_k * K;
    return d > INT_MAX ? 0 : (int)d;
}
STRUCTSVM_DEF int ssvm_chain_dim(const ssvm_chain_config *c) { /* unary, biases, K*K transitions */
    return c ? ssvm__model_dim(c->n_labels, c->n_attrs, ((c->flags & SSVM_CHAIN_BIASES) ? 2LL : 0LL) + c->n_labels) : 0;
}

/* nzi/nzv (F each, or NULL): scratch to gather a dense position's non-zeros once for all K labels */
SSVM__PRIV SSVM__HOT void ssvm__chain_scores(const ssvm_chain *m, const ssvm_real *w, int p0, int L, ssvm_real *u, int *nzi,
                                   ssvm_real *nzv) {
    int K = m->config.n_labels, F = m->config.n_attrs, t, s, k, Lall = L;
#ifdef STRUCTSVM_USE_BLAS
    if (m->config.x && !(m->config.flags & SSVM_CHAIN_ATTR_MAJOR)) { /* U (L x K) = X (L x F) W^T, W = unary block (K x F) */
        if (SSVM__IS_FLOAT)
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, L, K, F, 1.0f,
                        (const float *)(const void *)(m->config.x + (size_t)p0 * F), F, (const float *)(const void *)w, F,
                        0.0f, (float *)(void *)u, K);
        else
            cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, L, K, F, 1.0,
                        (const double *)(const void *)(m->config.x + (size_t)p0 * F), F, (const double *)(const void *)w, F,
                        0.0, (double *)(void *)u, K);
        L = 0; /* rows done; fall through to the biases */
        (void)nzi; (void)nzv;
    }
#endif
    for (t = 0; t < L; t++) {
        ssvm_real *ut = u + (size_t)t * K;
        int p = p0 + t;
        if (m->config.x && nzi && !(m->config.flags & SSVM_CHAIN_ATTR_MAJOR)) {
            const ssvm_real *x = m->config.x + (size_t)p * F;
            const int *zi = nzi;
            const ssvm_real *zv = nzv;
            int nz = 0;
            if (m->_nz_start) { /* >>speed: compacted at init */
                size_t q = (size_t)(p - m->config.start[0]);
                zi = m->_nz_idx + m->_nz_start[q]; zv = m->_nz_val + m->_nz_start[q];
                nz = (int)(m->_nz_start[q + 1] - m->_nz_start[q]);
            } else for (k = 0; k < F; k++) if (x[k] != 0) { nzi[nz] = k; nzv[nz] = x[k]; nz++; }
            for (s = 0; s < K; s++) {
                const ssvm_real *ws = w + (size_t)s * F;
                ssvm_real a0 = 0, a1 = 0; /* two chains: the adds no longer wait on each other */
                for (k = 0; k + 1 < nz; k += 2) { a0 += ws[zi[k]] * zv[k]; a1 += ws[zi[k + 1]] * zv[k + 1]; }
                if (k < nz) a0 += ws[zi[k]] * zv[k];
                ut[s] = a0 + a1;
            }
        } else if (m->config.x) {
            const ssvm_real *x = m->config.x + (size_t)p * F;
            if (m->config.flags & SSVM_CHAIN_ATTR_MAJOR) {
                for (s = 0; s < K; s++) ut[s] = 0;
                if (nzi && m->_nz_start) { /* >>speed: the same non-zeros in the same order, compacted at init */
                    size_t q = (size_t)(p - m->config.start[0]), j;
                    for (j = m->_nz_start[q]; j < m->_nz_start[q + 1]; j++) {
                        const ssvm_real *wa = w + (size_t)m->_nz_idx[j] * K;
                        ssvm_real v = m->_nz_val[j];
                        for (s = 0; s < K; s++) ut[s] += v * wa[s];
                    }
                } else
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
            int b = m->config.attr_start[p], e = m->config.attr_start[p + 1];
            for (s = 0; s < K; s++) ut[s] = 0;
            if (m->config.flags & SSVM_CHAIN_ATTR_MAJOR) {
                int kend = m->config.attr_start[p0 + Lall], o;
                size_t rb = (size_t)K * sizeof(ssvm_real);
                if (rb > SSVM__PF_BYTES) rb = SSVM__PF_BYTES;
                for (k = b; k < e; k++) {
                    const ssvm_real *wa = w + (size_t)m->config.attr_id[k] * K;
                    ssvm_real v = m->config.attr_val ? m->config.attr_val[k] : (ssvm_real)1;
                    if (k + SSVM__PF_AHEAD < kend) { /* the sequence's later features, never past its end */
                        const ssvm_real *wn = w + (size_t)m->config.attr_id[k + SSVM__PF_AHEAD] * K;
                        const unsigned char *f = (const unsigned char *)wn;
                        for (o = 0; o < (int)rb; o += 64) SSVM__PREFETCH(f + o);
                        SSVM__PREFETCH(f + rb - 1);
                    }
                    for (s = 0; s < K; s++) ut[s] += v * wa[s];
                }
                continue;
            }
            for (k = b; k < e; k++) { /* label-major: K weights F apart */
                int a = m->config.attr_id[k];
                ssvm_real v = m->config.attr_val ? m->config.attr_val[k] : (ssvm_real)1;
                for (s = 0; s < K; s++) ut[s] += v * w[(size_t)s * F + a];
            }
        }
    }
    if (m->config.flags & SSVM_CHAIN_BIASES) {
        const ssvm_real *first = w + (size_t)K * F, *last = first + K;
        for (s = 0; s < K; s++) { u[s] += first[s]; u[(size_t)(Lall - 1) * K + s] += last[s]; }
    }
}
STRUCTSVM_DEF ssvm_result ssvm_chain_scores(const ssvm_chain *m, const ssvm_real *w, int p0, int L, ssvm_real *u,
                                            size_t u_bytes) {
    if (!m || !w || !u || !m->_max_len) return SSVM_ERR_INVALID_ARG;
    if (L <= 0 || p0 < m->config.start[0] || L > m->config.start[m->config.n] - p0) return SSVM_ERR_INVALID_ARG;
    if (u_bytes / sizeof(ssvm_real) / (size_t)L < (size_t)m->config.n_labels) return SSVM_ERR_WORKSPACE;
    ssvm__chain_scores(m, w, p0, L, u, 0, 0);
    return SSVM_OK;
}

typedef struct ssvm__chain_scratch { ssvm_real *u; void *vit; } ssvm__chain_scratch;
SSVM__PRIV size_t ssvm__chain_u_bytes(int L, int K) {
    return ((size_t)L * (size_t)K * sizeof(ssvm_real) + 15u) & ~(size_t)15u;
}
/* the oracle's scratch for sequences of at most L positions (0: does not fit size_t) */
SSVM__PRIV size_t ssvm__chain_nz_bytes(const ssvm_chain_config *c);
SSVM__PRIV void ssvm__chain_nz_build(ssvm_chain *m, size_t need);
SSVM__PRIV size_t ssvm__chain_scratch_bytes(const ssvm_chain_config *c, int L) {
    size_t nzb = c->x && !c->inputs_from ? ssvm__chain_nz_bytes(c) : 0; /* >>speed */
    if (!ssvm__size3((size_t)L, (size_t)c->n_labels, sizeof(ssvm_real)) || !ssvm__viterbi_bytes(L, c->n_labels) ||
        (c->x && !ssvm__size3(c->n_attrs > 0 ? (size_t)c->n_attrs : 1, sizeof(int) + sizeof(ssvm_real), 1)) ||
        (c->x && !c->inputs_from && !nzb))
        return 0;
    return ssvm__chain_u_bytes(L, c->n_labels) + ssvm__viterbi_bytes(L, c->n_labels) + 32 +
           (c->x ? (size_t)c->n_attrs * (sizeof(int) + sizeof(ssvm_real)) : 0) + nzb;
}

/* decode (aug = 0) or loss-augmented decode (aug > 0: the loss weighted by aug) of sequence i; aug = 1/w_scale
   is the oracle at w_scale * w, whose argmax is that of <w, phi> + Delta / w_scale */
SSVM__PRIV SSVM__HOT int ssvm__chain_argmax(ssvm_chain *m, int i, const ssvm_real *w, int *y, ssvm_real aug, ssvm_real *delta) {
    int K = m->config.n_labels, F = m->config.n_attrs, p0 = m->config.start[i], L = m->config.start[i + 1] - p0, t, wrong = 0;
    unsigned char *base = ssvm__align16(m->_scratch);
    ssvm_real *u = (ssvm_real *)(void *)base;
    unsigned char *vit = base + ssvm__chain_u_bytes(m->_max_len, K);
    ssvm_real *nzv = 0;
    int *nzi = 0;
    if (m->_nz_need && !m->_nz_start) ssvm__chain_nz_build(m, m->_nz_need); /* >>speed */
    if (m->config.x) { /* gather buffers after the Viterbi work area, reals first for alignment */
        size_t vb = (ssvm__viterbi_bytes(m->_max_len, K) + 15u) & ~(size_t)15u;
        nzv = (ssvm_real *)(void *)(vit + vb);
        nzi = (int *)(void *)(nzv + F);
    }
    ssvm__chain_scores(m, w, p0, L, u, nzi, nzv);
    if (aug > 0) {
        ssvm_real unit = (m->config.flags & SSVM_CHAIN_COUNTED_LOSS) ? aug : aug / (ssvm_real)L; /* ssvm_real: no double in
                                                                                              float firmware */
        int s;
        for (t = 0; t < L; t++) {
            int g = m->config.labels[p0 + t];
            for (s = 0; s < K; s++) if (s != g) u[(size_t)t * K + s] += unit;
        }
    }
    ssvm__viterbi(L, K, u, w + ssvm__chain_trans_off(K, F, m->config.flags), vit, y);
    if (delta) {
        for (t = 0; t < L; t++) wrong += (y[t] != m->config.labels[p0 + t]);
        *delta = (m->config.flags & SSVM_CHAIN_COUNTED_LOSS) ? (ssvm_real)wrong : (ssvm_real)wrong / (ssvm_real)L;
    }
    return L;
}
SSVM__PRIV int ssvm__chain_truth(void *user, int i, int *y) {
    ssvm_chain *m = (ssvm_chain *)user;
    int p0 = m->config.start[i], L = m->config.start[i + 1] - p0, t;
    for (t = 0; t < L; t++) y[t] = m->config.labels[p0 + t];
    return L;
}
SSVM__PRIV int ssvm__chain_check_label(const ssvm_chain *m, int i, const int *y, int len) {
    int t;
    if (len != m->config.start[i + 1] - m->config.start[i]) return SSVM_ERR_LABEL;
    for (t = 0; t < len; t++) if (y[t] < 0 || y[t] >= m->config.n_labels) return SSVM_ERR_LABEL;
    return 0;
}
/* out += c * x_p (x) e_s: the unary features of label s at position p */
SSVM__PRIV void ssvm__chain_add_unary(const ssvm_chain *m, int p, int s, ssvm_real c, ssvm_svec *out) {
    int K = m->config.n_labels, F = m->config.n_attrs;
    if (m->config.x && m->_nz_start) { /* >>speed: the non-zeros compacted at init, in x's order */
        size_t q = (size_t)(p - m->config.start[0]), k, e = m->_nz_start[q + 1];
        if (m->config.flags & SSVM_CHAIN_ATTR_MAJOR)
            for (k = m->_nz_start[q]; k < e; k++) ssvm_svec_add(out, m->_nz_idx[k] * K + s, c * m->_nz_val[k]);
        else
            for (k = m->_nz_start[q]; k < e; k++) ssvm_svec_add(out, s * F + m->_nz_idx[k], c * m->_nz_val[k]);
    } else if (m->config.x) {
        const ssvm_real *x = m->config.x + (size_t)p * F;
        if (m->config.flags & SSVM_CHAIN_ATTR_MAJOR) {
            int k;
            for (k = 0; k < F; k++) if (x[k] != 0) ssvm_svec_add(out, k * K + s, c * x[k]);
        } else ssvm_svec_add_dense(out, s * F, x, F, c);
    } else {
        int b = m->config.attr_start[p], nnz = m->config.attr_start[p + 1] - b;
        const ssvm_real *v = m->config.attr_val ? m->config.attr_val + b : 0;
        if (m->config.flags & SSVM_CHAIN_ATTR_MAJOR) ssvm_svec_add_sparse(out, s, K, m->config.attr_id + b, v, nnz, c);
        else ssvm_svec_add_sparse(out, s * F, 1, m->config.attr_id + b, v, nnz, c);
    }
}
SSVM__PRIV int ssvm__chain_phi(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_svec *out) {
    ssvm_chain *m = (ssvm_chain *)user;
    int K = m->config.n_labels, F = m->config.n_attrs, p0 = m->config.start[i], t, rc;
    int to = ssvm__chain_trans_off(K, F, m->config.flags);
    if ((rc = ssvm__chain_check_label(m, i, y, len)) != 0) return rc;
    for (t = 0; t < len; t++) {
        int p = p0 + t, s = y[t];
        if (t + 1 < len && !m->config.x && (m->config.flags & SSVM_CHAIN_ATTR_MAJOR)) { /* >>speed: the next */
            int k, e = m->config.attr_start[p + 2], j;                                  /* position's entries */
            for (k = m->config.attr_start[p + 1]; k < e; k++) {
                j = m->config.attr_id[k] * K + y[t + 1];
                if ((unsigned)j < (unsigned)out->d) { SSVM__PREFETCH(out->mark + j); SSVM__PREFETCH(out->val + j); }
            }
        }
        ssvm__chain_add_unary(m, p, s, scale, out);
        if (t + 1 < len) ssvm_svec_add(out, to + y[t] + K * y[t + 1], scale);
    }
    if (m->config.flags & SSVM_CHAIN_BIASES) {
        ssvm_svec_add(out, K * F + y[0], scale);
        ssvm_svec_add(out, K * F + K + y[len - 1], scale);
    }
    return out->err;
}
SSVM__PRIV SSVM__HOT int ssvm__chain_oracle(void *user, int i, const ssvm_real *w, double ws, int *y, ssvm_real *delta) {
    if (!(ws > 0) || !ssvm__finite(1.0 / ws)) return SSVM_ERR_INVALID_ARG;
    return ssvm__chain_argmax((ssvm_chain *)user, i, w, y, ws == 1.0 ? (ssvm_real)1 : (ssvm_real)(1.0 / ws), delta);
}
SSVM__PRIV int ssvm__chain_decode(void *user, int i, const ssvm_real *w, int *y) {
    return ssvm__chain_argmax((ssvm_chain *)user, i, w, y, 0, 0);
}
SSVM__PRIV int ssvm__chain_loss(void *user, int i, const int *y, int len, ssvm_real *delta) {
    ssvm_chain *m = (ssvm_chain *)user;
    int p0 = m->config.start[i], t, wrong = 0, rc;
    if ((rc = ssvm__chain_check_label(m, i, y, len)) != 0) return rc;
    for (t = 0; t < len; t++) wrong += (y[t] != m->config.labels[p0 + t]);
    *delta = (m->config.flags & SSVM_CHAIN_COUNTED_LOSS) ? (ssvm_real)wrong : (ssvm_real)wrong / (ssvm_real)len;
    return 0;
}
/* statistics s(y) = [one-hot of y_t for t < L (L*K), transition counts (K*K)]; the biases are read off the
   first and last rows, so they need no entries of their own */
SSVM__PRIV int ssvm__chain_stat_dim(void *user, int i) {
    ssvm_chain *m = (ssvm_chain *)user;
    /* L*K can exceed int even when d = K*F + (2K) + K*K fits: report it instead of overflowing */
    long long dim = (long long)(m->config.start[i + 1] - m->config.start[i]) * m->config.n_labels + (long long)m->config.n_labels * m->config.n_labels;
    return dim > INT_MAX ? SSVM_ERR_OVERFLOW : (int)dim;
}
SSVM__PRIV int ssvm__chain_stats(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_real *s) {
    ssvm_chain *m = (ssvm_chain *)user;
    int K = m->config.n_labels, t, rc;
    if ((rc = ssvm__chain_check_label(m, i, y, len)) != 0) return rc;
    for (t = 0; t < len; t++) {
        s[(size_t)t * K + y[t]] += scale;
        if (t + 1 < len) s[(size_t)len * K + y[t] + K * y[t + 1]] += scale;
    }
    return 0;
}
SSVM__PRIV int ssvm__chain_expand(void *user, int i, const ssvm_real *st, ssvm_real scale, ssvm_svec *out) {
    ssvm_chain *m = (ssvm_chain *)user;
    int K = m->config.n_labels, F = m->config.n_attrs, p0 = m->config.start[i], L = m->config.start[i + 1] - p0, t, s, q;
    int to = ssvm__chain_trans_off(K, F, m->config.flags);
    for (t = 0; t < L; t++) {
        int p = p0 + t;
        for (s = 0; s < K; s++) {
            ssvm_real c = st[(size_t)t * K + s];
            if (c == 0) continue;
            c *= scale;
            ssvm__chain_add_unary(m, p, s, c, out);
            if (m->config.flags & SSVM_CHAIN_BIASES) {
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

/* >>oracles: the chain's statistics interface (ssvm_problem.stat_*; MANUAL: STATISTICS INTERFACE). What BCFW's step
   needs to work in time ~ the statistics it changes: s(y)'s support (L unary one-hots and L-1 transitions), the
   expansion of listed statistics only, their scores (a unary statistic's from the oracle's own scores just computed,
   the loss it added taken off), the Gram terms of a sequence's rows <x_t, x_t'> (sum_i L_i (L_i + 1) / 2 doubles, in
   the solver's heap block) and the move of w row by row. */
/* position p's attribute list: the compacted non-zeros of dense x, or the sparse attributes (val NULL: ones);
   0 for dense x not compacted yet (before the first decode) */
SSVM__PRIV int ssvm__chain_row(const ssvm_chain *m, int p, size_t *b, size_t *e, const int **id,
                               const ssvm_real **val) {
    if (m->_nz_start) {
        size_t q = (size_t)(p - m->config.start[0]);
        *b = m->_nz_start[q]; *e = m->_nz_start[q + 1]; *id = m->_nz_idx; *val = m->_nz_val;
        return 1;
    }
    if (m->config.x) return 0;
    *b = (size_t)m->config.attr_start[p]; *e = (size_t)m->config.attr_start[p + 1];
    *id = m->config.attr_id; *val = m->config.attr_val;
    return 1;
}
/* D += c x_p (x) e_sl, as ssvm__chain_add_unary, without its per-entry index and finiteness tests: the indices are
   valid by construction (checked at the chain's init) and a non-finite entry makes the step's |D|^2 non-finite,
   which the step reports (SSVM_ERR_NONFINITE) before it changes anything; the same products in the same order */
SSVM__PRIV void ssvm__chain_unary_into(const ssvm_chain *m, int p, int sl, ssvm_real c, ssvm_svec *D) {
    int K = m->config.n_labels, F = m->config.n_attrs, am = (m->config.flags & SSVM_CHAIN_ATTR_MAJOR) != 0;
    int base = am ? sl : sl * F, stride = am ? K : 1;
    const int *id;
    const ssvm_real *val;
    size_t k, b, e;
    unsigned char *mark = D->mark;
    ssvm_real *dv = D->val;
    int *di = D->idx, nnz = D->nnz;
    if (!ssvm__chain_row(m, p, &b, &e, &id, &val)) { ssvm__chain_add_unary(m, p, sl, c, D); return; }
    /* D's fields in locals (a byte store may alias them) and one loop per input kind: 0.7.0, the same sums */
    if (val)
        for (k = b; k < e; k++) {
            int j = base + stride * id[k];
            ssvm_real x = c * val[k];
            if (mark[j]) dv[j] += x;
            else { mark[j] = 1; di[nnz++] = j; dv[j] = x; }
        }
    else
        for (k = b; k < e; k++) {
            int j = base + stride * id[k];
            if (mark[j]) dv[j] += c;
            else { mark[j] = 1; di[nnz++] = j; dv[j] = c; }
        }
    D->nnz = nnz;
}
/* statistic q of sequence i (at p0, length L) with value c into D, as ssvm__chain_expand does it */
SSVM__PRIV void ssvm__chain_expand1(const ssvm_chain *m, int p0, int L, int LK, int to, int q, ssvm_real c,
                                    ssvm_real blk, ssvm_svec *D) {
    int K = m->config.n_labels, F = m->config.n_attrs;
    if (c == 0) return;
    if (q < LK) {
        int tt = q / K, sl = q - tt * K;
        c *= blk;
        ssvm__chain_unary_into(m, p0 + tt, sl, c, D);
        if (m->config.flags & SSVM_CHAIN_BIASES) {
            if (tt == 0) ssvm_svec_add(D, K * F + sl, c);
            if (tt == L - 1) ssvm_svec_add(D, K * F + K + sl, c);
        }
    } else ssvm_svec_add(D, to + (q - LK), c * blk);
}
SSVM__PRIV double ssvm__chain_unary_dot(const ssvm_chain *m, const ssvm_real *w, int p, int c) {
    int K = m->config.n_labels, F = m->config.n_attrs, am = (m->config.flags & SSVM_CHAIN_ATTR_MAJOR) != 0;
    size_t base = am ? (size_t)c : (size_t)c * (size_t)F, stride = am ? (size_t)K : 1, k, b, e;
    const int *id;
    const ssvm_real *val;
    double r = 0;
    if (!ssvm__chain_row(m, p, &b, &e, &id, &val)) { /* dense x before the first decode compacted it */
        const ssvm_real *x = m->config.x + (size_t)p * (size_t)F;
        for (k = 0; k < (size_t)F; k++) if (x[k] != 0) r += (double)w[base + stride * k] * (double)x[k];
        return r;
    }
    { /* two chains, as the oracle's unary scores: the adds no longer wait on each other */
        const ssvm_real *wb = w + base;
        ssvm_real a0 = 0, a1 = 0;
        if (!val) {
            for (k = b; k + 1 < e; k += 2) { a0 += wb[stride * (size_t)id[k]]; a1 += wb[stride * (size_t)id[k + 1]]; }
            if (k < e) a0 += wb[stride * (size_t)id[k]];
        } else if (stride == 1) {
            for (k = b; k + 1 < e; k += 2) { a0 += wb[id[k]] * val[k]; a1 += wb[id[k + 1]] * val[k + 1]; }
            if (k < e) a0 += wb[id[k]] * val[k];
        } else {
            for (k = b; k + 1 < e; k += 2) {
                a0 += wb[stride * (size_t)id[k]] * val[k];
                a1 += wb[stride * (size_t)id[k + 1]] * val[k + 1];
            }
            if (k < e) a0 += wb[stride * (size_t)id[k]] * val[k];
        }
        return (double)a0 + (double)a1;
    }
}
#define SSVM__SC_TRI(t, u) ((size_t)(u) * (size_t)((u) + 1) / 2 + (size_t)(t)) /* t <= u */
/* s(y)'s positions: the unary one-hots (ascending), then the label pairs sorted, repeats dropped */
SSVM__PRIV int ssvm__chain_stat_support(void *user, int i, const int *y, int len, int *q) {
    const ssvm_chain *m = (const ssvm_chain *)user;
    int K = m->config.n_labels, L = len, LK, n = 0, t, b0, a, v, k, rc;
    if ((rc = ssvm__chain_check_label(m, i, y, len)) != 0) return rc;
    LK = L * K;
    for (t = 0; t < L; t++) q[n++] = t * K + y[t];
    b0 = n;
    for (t = 0; t + 1 < L; t++) { /* insertion: L is a sequence's length, the oracle costs L K^2 */
        v = LK + y[t] + K * y[t + 1];
        a = n;
        while (a > b0 && q[a - 1] > v) a--;
        if (a > b0 && q[a - 1] == v) continue;
        for (k = n; k > a; k--) q[k] = q[k - 1];
        q[a] = v; n++;
    }
    return n;
}
SSVM__PRIV int ssvm__chain_stat_expand_at(void *user, int i, const ssvm_real *st, const int *pos, int cnt,
                                          ssvm_real scale, ssvm_svec *out) {
    const ssvm_chain *m = (const ssvm_chain *)user;
    int K = m->config.n_labels, F = m->config.n_attrs, p0 = m->config.start[i], L = m->config.start[i + 1] - p0, k;
    int to = ssvm__chain_trans_off(K, F, m->config.flags);
    for (k = 0; k < cnt; k++) ssvm__chain_expand1(m, p0, L, L * K, to, pos[k], st[pos[k]], scale, out);
    return out->err;
}
SSVM__PRIV int ssvm__chain_stat_scores(void *user, int i, const ssvm_real *w, const int *pos, int cnt, int fresh,
                                       double *score) {
    const ssvm_chain *m = (const ssvm_chain *)user;
    int K = m->config.n_labels, F = m->config.n_attrs, p0 = m->config.start[i], L = m->config.start[i + 1] - p0, k;
    int to = ssvm__chain_trans_off(K, F, m->config.flags), LK = L * K;
    int biases = (m->config.flags & SSVM_CHAIN_BIASES) != 0;
    /* the oracle's scores of sequence i at w, with the loss it added (ssvm__chain_argmax: aug = 1) */
    const ssvm_real *us = (const ssvm_real *)(const void *)ssvm__align16(m->_scratch);
    ssvm_real unit = (m->config.flags & SSVM_CHAIN_COUNTED_LOSS) ? (ssvm_real)1 : (ssvm_real)1 / (ssvm_real)L;
    const int *gold = m->config.labels + p0;
    for (k = 0; k < cnt; k++) {
        int q = pos[k];
        if (q >= LK) score[k] = (double)w[to + (q - LK)];
        else if (fresh) score[k] = (double)us[q] - (q % K != gold[q / K] ? (double)unit : 0.0);
        else {
            int t = q / K, c = q - t * K;
            double v = ssvm__chain_unary_dot(m, w, p0 + t, c);
            if (biases) {
                if (t == 0) v += (double)w[(size_t)K * F + (size_t)c];
                if (t == L - 1) v += (double)w[(size_t)K * F + K + (size_t)c];
            }
            score[k] = v;
        }
    }
    return 0;
}
/* the cache: [its parts' offsets][Gram doubles][n + 1 offsets][F reals: a zeroed row][K heads][max stat_dim links],
   each part 16-aligned */
typedef struct ssvm__chain_gram {
    double *G;
    size_t *off;
    ssvm_real *row;
    int *head, *link;
    size_t bytes;
} ssvm__chain_gram;
SSVM__PRIV void ssvm__chain_gram_at(unsigned char *base, ssvm__chain_gram *g) {
    const size_t *parts = (const size_t *)(void *)base;
    g->G = (double *)(void *)(base + parts[0]); g->off = (size_t *)(void *)(base + parts[1]);
    g->row = (ssvm_real *)(void *)(base + parts[2]); g->head = (int *)(void *)(base + parts[3]);
    g->link = (int *)(void *)(base + parts[4]);
}
SSVM__PRIV int ssvm__chain_gram_parts(const ssvm_chain *m, unsigned char *base, ssvm__chain_gram *g) {
    const ssvm_chain_config *c = &m->config;
    int K = c->n_labels, i, maxL = 0;
    double gd = 0, total = 0, bytes, d = (double)ssvm_chain_dim(c);
    size_t o = 16 * ((5 * sizeof(size_t) + 15) / 16), parts[5], sz[5];
    for (i = 0; i < c->n; i++) { /* in double: no size_t wrap on 32-bit hosts */
        double L = (double)(c->start[i + 1] - c->start[i]);
        if (L > 4096) return 0; /* only where the Gram matrices stay small */
        gd += L * (L + 1) / 2;
        total += L * K + (double)K * K;
        if (c->start[i + 1] - c->start[i] > maxL) maxL = c->start[i + 1] - c->start[i];
    }
    /* sum_i L_i (L_i + 1) / 2 <= 2 (d + sum_i stat_dim(i)), else the step builds D */
    if (gd > 2.0 * (d + total)) return 0;
    bytes = gd * sizeof(double) + (c->n + 1.0) * sizeof(size_t) + (double)c->n_attrs * sizeof(ssvm_real) +
            (K + (double)maxL * K + (double)K * K) * sizeof(int) + 5 * 16;
    if (bytes > 0.25 * (double)(size_t)-1) return 0;
    sz[0] = (size_t)gd * sizeof(double); sz[1] = ((size_t)c->n + 1) * sizeof(size_t);
    sz[2] = (size_t)c->n_attrs * sizeof(ssvm_real); sz[3] = (size_t)K * sizeof(int);
    sz[4] = ((size_t)maxL * (size_t)K + (size_t)K * (size_t)K) * sizeof(int);
    for (i = 0; i < 5; i++) { parts[i] = o; o += (sz[i] + 15u) & ~(size_t)15u; }
    g->bytes = o;
    if (base) {
        SSVM_MEMCPY(base, parts, sizeof parts);
        ssvm__chain_gram_at(base, g);
    }
    return 1;
}
SSVM__PRIV int ssvm__chain_stat_gram(void *user, void *cache, size_t *bytes, double *bound) {
    const ssvm_chain *m = (const ssvm_chain *)user;
    ssvm__chain_gram g;
    unsigned char *base = cache ? ssvm__align16(cache) : 0;
    int F = m->config.n_attrs, i, t, u;
    size_t k, b = 0, e = 0, b2 = 0, e2 = 0, go = 0;
    const int *id = 0, *id2 = 0;
    const ssvm_real *val = 0, *val2 = 0;
    double xm = 1;
    if (!cache) { *bytes = ssvm__chain_gram_parts(m, 0, &g) ? g.bytes + 16 : 0; return 0; }
    if (m->config.x && !m->_nz_start) return SSVM_ERR_NOT_SUPPORTED; /* rows unreadable before the first decode */
    if (!ssvm__chain_gram_parts(m, base, &g) || g.bytes + 16 > *bytes) return SSVM_ERR_WORKSPACE;
    SSVM_MEMSET(g.row, 0, (size_t)F * sizeof(ssvm_real));
    for (i = 0; i < m->config.n_labels; i++) g.head[i] = -1;
    for (i = 0; i < m->config.n; i++) {
        int p0 = m->config.start[i], L = m->config.start[i + 1] - p0;
        double *G = g.G + go;
        g.off[i] = go;
        go += (size_t)L * (size_t)(L + 1) / 2;
        for (t = 0; t < L; t++) {
            ssvm__chain_row(m, p0 + t, &b, &e, &id, &val);
            {
                double l1 = 0; /* |x_t|_1 bounds what one row adds to any one weight, repeated ids included */
                for (k = b; k < e; k++) { /* x_t scattered (a repeated attribute adds up, as in phi) */
                    double v = val ? (double)val[k] : 1.0;
                    g.row[id[k]] += (ssvm_real)v;
                    l1 += v < 0 ? -v : v;
                }
                if (l1 > xm) xm = l1;
            }
            for (u = t; u < L; u++) {
                double s = 0;
                ssvm__chain_row(m, p0 + u, &b2, &e2, &id2, &val2);
                for (k = b2; k < e2; k++) s += (double)g.row[id2[k]] * (val2 ? (double)val2[k] : 1.0);
                G[SSVM__SC_TRI(t, u)] = s;
            }
            for (k = b; k < e; k++) g.row[id[k]] = 0;
        }
    }
    g.off[m->config.n] = go;
    *bound = xm; /* the biases and transitions add 1 */
    return 0;
}
/* |D|^2 = sum_c |sum_t a_(t,c) x_t|^2 + the biases' and transitions' squares, with <x_t, x_t'> from the Gram */
SSVM__PRIV int ssvm__chain_stat_norm2(void *user, void *cache, int i, const int *pos, const double *av, int cnt,
                                      double *out) {
    const ssvm_chain *m = (const ssvm_chain *)user;
    ssvm__chain_gram g;
    int K = m->config.n_labels, p0 = m->config.start[i], L = m->config.start[i + 1] - p0, LK = L * K, k, e;
    int biases = (m->config.flags & SSVM_CHAIN_BIASES) != 0;
    const double *G;
    double nrm = 0;
    ssvm__chain_gram_at(ssvm__align16(cache), &g);
    G = g.G + g.off[i];
    for (k = 0; k < cnt; k++) {
        int q = pos[k];
        double a = av[k];
        if (q < LK) { /* positions ascend, so the label's earlier entries are at earlier t */
            int t = q / K, c = q - t * K;
            double cross = 0;
            for (e = g.head[c]; e >= 0; e = g.link[e]) cross += av[e] * G[SSVM__SC_TRI(pos[e] / K, t)];
            nrm += a * (a * G[SSVM__SC_TRI(t, t)] + 2 * cross);
            if (biases) nrm += (t == 0) * a * a + (t == L - 1) * a * a;
            g.link[k] = g.head[c]; g.head[c] = k;
        } else nrm += a * a;
    }
    for (k = 0; k < cnt; k++) if (pos[k] < LK) g.head[pos[k] % K] = -1;
    *out = nrm;
    return 0;
}
/* w += cw D and z += cz D row by row (an entry of w met by two rows moves twice) */
SSVM__PRIV int ssvm__chain_stat_move(void *user, int i, const int *pos, const double *av, int cnt, double cw,
                                     ssvm_real *w, double cz, ssvm_real *z) {
    const ssvm_chain *m = (const ssvm_chain *)user;
    int K = m->config.n_labels, F = m->config.n_attrs, p0 = m->config.start[i], L = m->config.start[i + 1] - p0;
    int to = ssvm__chain_trans_off(K, F, m->config.flags), LK = L * K;
    int am = (m->config.flags & SSVM_CHAIN_ATTR_MAJOR) != 0, biases = (m->config.flags & SSVM_CHAIN_BIASES) != 0, n;
    int zc = z != 0;
    size_t k, b = 0, e = 0, stride = am ? (size_t)K : 1;
    const int *id = 0;
    const ssvm_real *val = 0;
    if (m->config.x && !m->_nz_start) return SSVM_ERR_NOT_SUPPORTED; /* not reached: the Gram came first */
    for (n = 0; n < cnt; n++) {
        int q = pos[n];
        double a = av[n], ga = cw * a, ca = cz * a;
        size_t j;
        if (q >= LK) {
            j = (size_t)to + (size_t)(q - LK);
            w[j] += (ssvm_real)ga;
            if (zc) z[j] += (ssvm_real)ca;
            continue;
        } else {
            int t = q / K, c = q - t * K;
            size_t row = am ? (size_t)c : (size_t)c * (size_t)F;
            ssvm_real *wb = w + row, *zb = zc ? z + row : 0;
            ssvm__chain_row(m, p0 + t, &b, &e, &id, &val);
            if (!val) {
                if (zc)
                    for (k = b; k < e; k++) {
                        size_t o = stride * (size_t)id[k];
                        wb[o] += (ssvm_real)ga;
                        zb[o] += (ssvm_real)ca;
                    }
                else for (k = b; k < e; k++) wb[stride * (size_t)id[k]] += (ssvm_real)ga;
            } else if (zc)
                for (k = b; k < e; k++) {
                    size_t o = stride * (size_t)id[k];
                    double v = (double)val[k];
                    wb[o] += (ssvm_real)(ga * v);
                    zb[o] += (ssvm_real)(ca * v);
                }
            else for (k = b; k < e; k++) wb[stride * (size_t)id[k]] += (ssvm_real)(ga * (double)val[k]);
            if (biases) {
                j = (size_t)K * F + (size_t)c; /* first-position bias; the last one's K further */
                if (t == 0) { w[j] += (ssvm_real)ga; if (zc) z[j] += (ssvm_real)ca; }
                if (t == L - 1) { w[j + K] += (ssvm_real)ga; if (zc) z[j + K] += (ssvm_real)ca; }
            }
        }
    }
    return 0;
}

/* >>speed: dense x's non-zeros, compacted once (at the first decode: init only records the block), so that the oracle's unary scores and phi/expand loop over
   them without a zero test per attribute (with dense OCR pixels those branches were most of the mispredictions).
   Layout at the end of the chain's scratch block: starts (positions + 1 size_t), values (nnz reals), ids (nnz
   ints), in x's order; the bytes are counted in ssvm_chain_get_heap_size. 0: nnz does not fit. */
SSVM__PRIV size_t ssvm__chain_nz_bytes(const ssvm_chain_config *c) {
    size_t P = (size_t)(c->start[c->n] - c->start[0]), F = (size_t)c->n_attrs, nnz = 0, k;
    const ssvm_real *x = c->x + (size_t)c->start[0] * F;
    for (k = 0; k < P * F; k++) nnz += x[k] != 0;
    if (nnz > ((size_t)-1) / 32 || P + 1 > ((size_t)-1) / 32) return 0;
    return nnz * (sizeof(ssvm_real) + sizeof(int)) + (P + 1) * sizeof(size_t) + 32;
}
SSVM__PRIV void ssvm__chain_nz_build(ssvm_chain *m, size_t need) {
    const ssvm_chain_config *c = &m->config;
    size_t P = (size_t)(c->start[c->n] - c->start[0]), F = (size_t)c->n_attrs, nnz = 0, p, k;
    const ssvm_real *x = c->x + (size_t)c->start[0] * F;
    unsigned char *b;
    for (k = 0; k < P * F; k++) nnz += x[k] != 0;
    b = ssvm__align16((unsigned char *)m->_scratch + need - (nnz * (sizeof(ssvm_real) + sizeof(int)) + (P + 1) * sizeof(size_t) + 32));
    m->_nz_start = (size_t *)(void *)b; /* size_t first at the aligned base: reals after them stay aligned */
    m->_nz_val = (ssvm_real *)(void *)(m->_nz_start + P + 1);
    m->_nz_idx = (int *)(void *)(m->_nz_val + nnz);
    nnz = 0;
    for (p = 0; p < P; p++) {
        m->_nz_start[p] = nnz;
        for (k = 0; k < F; k++) if (x[p * F + k] != 0) { m->_nz_idx[nnz] = (int)k; m->_nz_val[nnz] = x[p * F + k]; nnz++; }
    }
    m->_nz_start[P] = nnz;
}

/* >>oracles: the chain model's check, init, problem and prediction */
/* validates the data; *L = the longest sequence */
SSVM__PRIV ssvm_result ssvm__chain_check(const ssvm_chain_config *c, int *Lout) {
    int i, L = 0, K, F, P;
    long long k;
    if (!c) return SSVM_ERR_INVALID_ARG;
    if (c->n <= 0 || c->n_labels <= 0 || c->n_attrs <= 0) return SSVM_ERR_EMPTY;
    if (!c->start || (!c->x && (!c->attr_start || !c->attr_id)) || !c->labels) return SSVM_ERR_INVALID_ARG;
    if (ssvm_chain_dim(c) <= 0) return SSVM_ERR_OVERFLOW;
    K = c->n_labels; F = c->n_attrs;
    /* positions start[0] .. start[n]-1 of the arrays: start[0] > 0 makes a model over a slice */
    if (c->start[0] < 0) return SSVM_ERR_INVALID_ARG;
    for (i = 0; i < c->n; i++) {
        int len = c->start[i + 1] - c->start[i];
        if (len < 0) return SSVM_ERR_INVALID_ARG; /* offsets that decrease */
        if (len == 0) return SSVM_ERR_EMPTY;      /* an empty sequence */
        if (len > L) L = len;
    }
    P = c->start[c->n];
    for (i = c->start[0]; i < P; i++) if (c->labels[i] < 0 || c->labels[i] >= K) return SSVM_ERR_LABEL;
    if (c->x) {
        for (k = (long long)c->start[0] * F; k < (long long)P * F; k++)
            if (!ssvm__finite((double)c->x[k])) return SSVM_ERR_NONFINITE;
    } else {
        if (c->attr_start[c->start[0]] < 0) return SSVM_ERR_INVALID_ARG;
        for (i = c->start[0]; i < P; i++) if (c->attr_start[i + 1] < c->attr_start[i]) return SSVM_ERR_INVALID_ARG;
        for (k = c->attr_start[c->start[0]]; k < c->attr_start[P]; k++) {
            if (c->attr_id[k] < 0 || c->attr_id[k] >= F) return SSVM_ERR_FEATURE_INDEX;
            if (c->attr_val && !ssvm__finite((double)c->attr_val[k])) return SSVM_ERR_NONFINITE;
        }
    }
    *Lout = L;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_chain_get_heap_size(const ssvm_chain_config *c, size_t *bytes) {
    int L = 0;
    ssvm_result r;
    if ((r = ssvm__size_begin(bytes, ssvm__chain_check(c, &L))) != SSVM_OK) return r;
    return (*bytes = ssvm__chain_scratch_bytes(c, L)) ? SSVM_OK : SSVM_ERR_OVERFLOW;
}
STRUCTSVM_DEF ssvm_result ssvm_chain_init_preallocated(const ssvm_chain_config *c, void *heap, size_t bytes,
                                                       ssvm_chain *m) {
    int L = 0;
    size_t need;
    ssvm_result r;
    if (!m || !heap) return SSVM_ERR_INVALID_ARG;
    SSVM_MEMSET(m, 0, sizeof *m);
    if ((r = ssvm__chain_check(c, &L)) != SSVM_OK) return r;
    if (!(need = ssvm__chain_scratch_bytes(c, L))) return SSVM_ERR_OVERFLOW;
    if (bytes < need) return SSVM_ERR_WORKSPACE;
    if (c->inputs_from) { /* >>speed: borrow another chain's compacted inputs (config.par's slots) */
        ssvm_chain *f = c->inputs_from;
        if (f == m || !f->_scratch || f->config.inputs_from || f->config.x != c->x || f->config.n != c->n ||
            f->config.n_attrs != c->n_attrs || f->config.start != c->start)
            return SSVM_ERR_INVALID_ARG;
        if (f->_nz_need && !f->_nz_start) ssvm__chain_nz_build(f, f->_nz_need);
        m->_nz_start = f->_nz_start; m->_nz_idx = f->_nz_idx; m->_nz_val = f->_nz_val;
    }
    m->config = *c; m->_max_len = L; m->_scratch = heap; m->_scratch_bytes = bytes;
    if (c->x && !c->inputs_from) m->_nz_need = need; /* >>speed: built at the first decode (init only records the block) */
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_chain_init(const ssvm_chain_config *c, ssvm_chain *m) {
    size_t need = 0;
    void *heap = 0;
    ssvm_result r = SSVM_ERR_INVALID_ARG;
    if (m) { SSVM_MEMSET(m, 0, sizeof *m); r = ssvm_chain_get_heap_size(c, &need); }
    if (r == SSVM_OK) r = ssvm__heap_for(0, need, &heap);
    if (r == SSVM_OK) r = ssvm_chain_init_preallocated(c, heap, need, m); /* m zeroed first, also on failure */
    if (r == SSVM_OK) m->_owns_scratch = 1;
    else ssvm__free_with(0, heap);
    return r;
}
STRUCTSVM_DEF void ssvm_chain_uninit(ssvm_chain *m) {
    if (!m) return;
    if (m->_owns_scratch) ssvm__free_with(0, m->_scratch);
    m->_scratch = 0; m->_owns_scratch = 0; m->_scratch_bytes = 0; m->_max_len = 0;
    m->_nz_start = 0; m->_nz_idx = 0; m->_nz_val = 0; m->_nz_need = 0; /* >>speed */
}
STRUCTSVM_DEF ssvm_result ssvm_chain_problem(ssvm_chain *m, ssvm_problem *out) {
    if (!m || !out) return SSVM_ERR_INVALID_ARG;
    if (!m->_scratch || m->_max_len <= 0) return SSVM_ERR_INVALID_ARG; /* not initialised */
    *out = ssvm_problem_config_init(m->config.n, ssvm_chain_dim(&m->config), m->_max_len);
    out->user = m;
    out->truth = ssvm__chain_truth; out->phi = ssvm__chain_phi; out->oracle = ssvm__chain_oracle;
    out->scratch_in_user = 1; /* >>par: one model object per task slot (config.par.task_users) */
    out->decode = ssvm__chain_decode; out->loss = ssvm__chain_loss;
    out->stat_dim = ssvm__chain_stat_dim; out->stats = ssvm__chain_stats; out->expand = ssvm__chain_expand;
    out->stat_support = ssvm__chain_stat_support; out->stat_expand_at = ssvm__chain_stat_expand_at; /* >>oracles */
    out->stat_scores = ssvm__chain_stat_scores;
    if (sizeof(ssvm_real) == sizeof(double)) { /* score space: the step takes it in double builds only (float
                                                  firmware links none of it) */
        out->stat_gram = ssvm__chain_stat_gram; out->stat_norm2 = ssvm__chain_stat_norm2;
        out->stat_move = ssvm__chain_stat_move;
    }
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_chain_predict_get_work_size(int L, int K, size_t *bytes) {
    if (!bytes) return SSVM_ERR_INVALID_ARG;
    *bytes = 0;
    if (L <= 0 || K <= 0) return SSVM_ERR_EMPTY;
    if (!ssvm__size3((size_t)L, (size_t)K, sizeof(ssvm_real)) || !ssvm__viterbi_bytes(L, K)) return SSVM_ERR_OVERFLOW;
    *bytes = ssvm__chain_u_bytes(L, K) + ssvm__viterbi_bytes(L, K) + 16;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_chain_predict(int K, int F, int flags, const ssvm_real *w, int L, const ssvm_real *x,
                                             void *work, size_t work_bytes, int *y) {
    ssvm_chain m;
    int st[2];
    size_t need;
    unsigned char *base;
    ssvm_result r;
    if (!w || !x || !work || !y) return SSVM_ERR_INVALID_ARG;
    if (K <= 0 || F <= 0 || L <= 0) return SSVM_ERR_EMPTY;
    if ((r = ssvm_chain_predict_get_work_size(L, K, &need)) != SSVM_OK) return r;
    if (work_bytes < need) return SSVM_ERR_WORKSPACE;
    SSVM_MEMSET(&m, 0, sizeof m);
    m.config.n = 1; m.config.n_labels = K; m.config.n_attrs = F; m.config.flags = flags;
    st[0] = 0; st[1] = L; m.config.start = st; m.config.x = x;
    if (ssvm_chain_dim(&m.config) <= 0) return SSVM_ERR_OVERFLOW; /* K*F + K*K must fit an int (offsets into w) */
    base = ssvm__align16(work);
    ssvm__chain_scores(&m, w, 0, L, (ssvm_real *)(void *)base, 0, 0);
    ssvm__viterbi(L, K, (ssvm_real *)(void *)base, w + ssvm__chain_trans_off(K, F, flags),
                  base + ssvm__chain_u_bytes(L, K), y);
    return SSVM_OK;
}

/* >>oracles: multiclass, phi(x, y) = x (x) e_y with w[y*F + j] */
STRUCTSVM_DEF ssvm_multiclass_config ssvm_multiclass_config_init(int n, int K, int F, const ssvm_real *x,
                                                                 const int *labels) {
    ssvm_multiclass_config c;
    SSVM_MEMSET(&c, 0, sizeof c);
    c.n = n; c.n_labels = K; c.n_attrs = F; c.x = x; c.labels = labels;
    return c;
}
STRUCTSVM_DEF int ssvm_multiclass_dim(const ssvm_multiclass_config *c) {
    return c ? ssvm__model_dim(c->n_labels, c->n_attrs, 0) : 0;
}
/* The scores <w_c, x_i> of classes c0 .. c0+cnt-1, or of cls[0 .. cnt-1] (cnt <= SSVM__MC_B), into out, over x_i's non-zeros once for
   the block of classes (the classes' accumulators are independent: 4 sums in flight instead of one). Each class's
   sum keeps the order and the accumulators of a one-class loop (dense x: even and odd attributes apart, then
   added; sparse: the listed order), so that every decoder (training, ssvm_multiclass_predict, model files, the
   exported C) gives the same bits; a dense zero adds nothing and is skipped. */
#define SSVM__MC_B 4
SSVM__PRIV void ssvm__mc_scores(const ssvm_multiclass *m, const ssvm_real *w, int i, int c0, const int *cls, int cnt,
                                 ssvm_real *out) {
    size_t F = (size_t)m->config.n_attrs;
#define SSVM__MC_ROW(b) (w + (size_t)(cls ? cls[b] : c0 + (b)) * F)
    const ssvm_real *w0 = SSVM__MC_ROW(0); /* a block of fewer than 4 repeats its first row (not stored) */
    const ssvm_real *w1 = cnt > 1 ? SSVM__MC_ROW(1) : w0, *w2 = cnt > 2 ? SSVM__MC_ROW(2) : w0;
    const ssvm_real *w3 = cnt > 3 ? SSVM__MC_ROW(3) : w0;
#undef SSVM__MC_ROW
    ssvm_real e0 = 0, e1 = 0, e2 = 0, e3 = 0, r[SSVM__MC_B];
    int k;
    if (m->config.x) {
        /* in ssvm_real, like the chain's scores: a predict-only float build needs no double arithmetic */
        const ssvm_real *x = m->config.x + (size_t)i * F;
        ssvm_real o0 = 0, o1 = 0, o2 = 0, o3 = 0;
        for (k = 0; k + 1 < (int)F; k += 2) {
            ssvm_real u = x[k], v = x[k + 1];
            if (u != 0) { e0 += w0[k] * u; e1 += w1[k] * u; e2 += w2[k] * u; e3 += w3[k] * u; }
            if (v != 0) { o0 += w0[k + 1] * v; o1 += w1[k + 1] * v; o2 += w2[k + 1] * v; o3 += w3[k + 1] * v; }
        }
        if (k < (int)F && x[k] != 0) { ssvm_real u = x[k]; e0 += w0[k] * u; e1 += w1[k] * u; e2 += w2[k] * u; e3 += w3[k] * u; }
        r[0] = e0 + o0; r[1] = e1 + o1; r[2] = e2 + o2; r[3] = e3 + o3;
    } else {
        const int *id = m->config.attr_id;
        const ssvm_real *av = m->config.attr_val;
        for (k = m->config.row_start[i]; k < m->config.row_start[i + 1]; k++) {
            size_t j = (size_t)id[k];
            ssvm_real v = av ? av[k] : (ssvm_real)1;
            e0 += w0[j] * v; e1 += w1[j] * v; e2 += w2[j] * v; e3 += w3[j] * v;
        }
        r[0] = e0; r[1] = e1; r[2] = e2; r[3] = e3;
    }
    for (k = 0; k < cnt; k++) out[k] = r[k];
}
SSVM__PRIV ssvm_real ssvm__mc_cost(const ssvm_multiclass *m, int t, int p) {
    if (m->config.cost) return m->config.cost[(size_t)t * m->config.n_labels + p];
    return (ssvm_real)(t != p);
}
/* aug: the weight of the cost term (0: plain decode; 1/w_scale: the oracle at w_scale * w) */
SSVM__PRIV int ssvm__mc_argmax(const ssvm_multiclass *m, int i, const ssvm_real *w, ssvm_real aug, int *y, ssvm_real *delta) {
    int K = m->config.n_labels, c, b, cnt, best = 0, g = m->config.labels ? m->config.labels[i] : 0;
    ssvm_real bv = 0, sc[SSVM__MC_B];
    for (c = 0; c < K; c += SSVM__MC_B) {
        cnt = K - c < SSVM__MC_B ? K - c : SSVM__MC_B;
        ssvm__mc_scores(m, w, i, c, 0, cnt, sc);
        for (b = 0; b < cnt; b++) {
            ssvm_real v = sc[b] + (aug != 0 ? aug * ssvm__mc_cost(m, g, c + b) : 0);
            if (c + b == 0 || v > bv) { bv = v; best = c + b; }
        }
    }
    *y = best;
    if (delta) *delta = ssvm__mc_cost(m, g, best);
    return 1;
}
SSVM__PRIV int ssvm__mc_truth(void *user, int i, int *y) { *y = ((ssvm_multiclass *)user)->config.labels[i]; return 1; }
SSVM__PRIV int ssvm__mc_phi(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_svec *out) {
    ssvm_multiclass *m = (ssvm_multiclass *)user;
    int F = m->config.n_attrs;
    if (len != 1 || *y < 0 || *y >= m->config.n_labels) return SSVM_ERR_LABEL;
    if (m->config.x) ssvm_svec_add_dense(out, *y * F, m->config.x + (size_t)i * F, F, scale);
    else {
        int b = m->config.row_start[i];
        ssvm_svec_add_sparse(out, *y * F, 1, m->config.attr_id + b, m->config.attr_val ? m->config.attr_val + b : 0, m->config.row_start[i + 1] - b, scale);
    }
    return out->err;
}
SSVM__PRIV int ssvm__mc_oracle(void *user, int i, const ssvm_real *w, double ws, int *y, ssvm_real *delta) {
    if (!(ws > 0) || !ssvm__finite(1.0 / ws)) return SSVM_ERR_INVALID_ARG;
    return ssvm__mc_argmax((const ssvm_multiclass *)user, i, w, ws == 1.0 ? (ssvm_real)1 : (ssvm_real)(1.0 / ws), y, delta);
}
SSVM__PRIV int ssvm__mc_decode(void *user, int i, const ssvm_real *w, int *y) {
    return ssvm__mc_argmax((const ssvm_multiclass *)user, i, w, 0, y, 0);
}
SSVM__PRIV int ssvm__mc_loss(void *user, int i, const int *y, int len, ssvm_real *delta) {
    ssvm_multiclass *m = (ssvm_multiclass *)user;
    if (len != 1 || *y < 0 || *y >= m->config.n_labels) return SSVM_ERR_LABEL;
    *delta = ssvm__mc_cost(m, m->config.labels[i], *y);
    return 0;
}
SSVM__PRIV int ssvm__mc_stat_dim(void *user, int i) { (void)i; return ((ssvm_multiclass *)user)->config.n_labels; }
SSVM__PRIV int ssvm__mc_stats(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_real *s) {
    ssvm_multiclass *m = (ssvm_multiclass *)user;
    (void)i;
    if (len != 1 || *y < 0 || *y >= m->config.n_labels) return SSVM_ERR_LABEL;
    s[*y] += scale;
    return 0;
}
SSVM__PRIV int ssvm__mc_expand(void *user, int i, const ssvm_real *s, ssvm_real scale, ssvm_svec *out) {
    ssvm_multiclass *m = (ssvm_multiclass *)user;
    int c, F = m->config.n_attrs;
    for (c = 0; c < m->config.n_labels; c++) {
        if (s[c] == 0) continue;
        if (m->config.x) ssvm_svec_add_dense(out, c * F, m->config.x + (size_t)i * F, F, s[c] * scale);
        else {
            int b = m->config.row_start[i];
            ssvm_svec_add_sparse(out, c * F, 1, m->config.attr_id + b, m->config.attr_val ? m->config.attr_val + b : 0, m->config.row_start[i + 1] - b, s[c] * scale);
        }
    }
    return out->err;
}
/* the dual extragradient's view: the simplex over the K classes (part p = class p) */
SSVM__PRIV int ssvm__mc_parts(void *user, int i, int *m) {
    (void)i;
    *m = ((ssvm_multiclass *)user)->config.n_labels;
    return SSVM_POLYTOPE_SIMPLEX;
}
SSVM__PRIV int ssvm__mc_part_scores(void *user, int i, const ssvm_real *w, ssvm_real *score, ssvm_real *cost) {
    const ssvm_multiclass *m = (const ssvm_multiclass *)user;
    int c, g = m->config.labels[i];
    for (c = 0; c < m->config.n_labels; c += SSVM__MC_B)
        ssvm__mc_scores(m, w, i, c, 0, m->config.n_labels - c < SSVM__MC_B ? m->config.n_labels - c : SSVM__MC_B, score + c);
    for (c = 0; c < m->config.n_labels; c++) cost[c] = ssvm__mc_cost(m, g, c);
    return 0;
}
SSVM__PRIV int ssvm__mc_part_phi(void *user, int i, const ssvm_real *z, ssvm_real scale, ssvm_svec *out) {
    return ssvm__mc_expand(user, i, z, scale, out);
}
/* the listed classes' scores and costs (BCFW's exact steps on an example's active classes) */
SSVM__PRIV int ssvm__mc_part_scores_at(void *user, int i, const ssvm_real *w, const int *pos, int cnt, ssvm_real *score,
                                       ssvm_real *cost) {
    const ssvm_multiclass *m = (const ssvm_multiclass *)user;
    int c, g = m->config.labels[i];
    for (c = 0; c < cnt; c++) if (pos[c] < 0 || pos[c] >= m->config.n_labels) return SSVM_ERR_LABEL;
    for (c = 0; c < cnt; c += SSVM__MC_B)
        ssvm__mc_scores(m, w, i, 0, pos + c, cnt - c < SSVM__MC_B ? cnt - c : SSVM__MC_B, score + c);
    for (c = 0; c < cnt; c++) cost[c] = ssvm__mc_cost(m, g, pos[c]);
    return 0;
}
/* the classes' features x_i (x) e_p are orthogonal, each of squared norm |x_i|^2 (BCFW's exact block steps);
   a cost matrix is free (its diagonal is 0, checked at init) */
SSVM__PRIV int ssvm__mc_part_orthogonal(void *user, int i, int *truth, double *norm2) {
    const ssvm_multiclass *m = (const ssvm_multiclass *)user;
    double q = 0;
    int k;
    if (m->config.x) {
        const ssvm_real *x = m->config.x + (size_t)i * m->config.n_attrs;
        for (k = 0; k < m->config.n_attrs; k++) q += (double)x[k] * (double)x[k];
    } else
        for (k = m->config.row_start[i]; k < m->config.row_start[i + 1]; k++) {
            double v = m->config.attr_val ? (double)m->config.attr_val[k] : 1.0;
            q += v * v;
        }
    *truth = m->config.labels[i]; *norm2 = q;
    return 0;
}
STRUCTSVM_DEF ssvm_result ssvm_multiclass_init(const ssvm_multiclass_config *c, ssvm_multiclass *m) {
    int i, K, F;
    long long k;
    if (!m || !c) return SSVM_ERR_INVALID_ARG;
    SSVM_MEMSET(m, 0, sizeof *m);
    if (c->n <= 0 || c->n_labels <= 0 || c->n_attrs <= 0) return SSVM_ERR_EMPTY;
    if ((!c->x && (!c->row_start || !c->attr_id)) || !c->labels) return SSVM_ERR_INVALID_ARG;
    if (ssvm_multiclass_dim(c) <= 0) return SSVM_ERR_OVERFLOW;
    K = c->n_labels; F = c->n_attrs;
    for (i = 0; i < c->n; i++) if (c->labels[i] < 0 || c->labels[i] >= K) return SSVM_ERR_LABEL;
    if (c->x) {
        for (k = 0; k < (long long)c->n * F; k++) if (!ssvm__finite((double)c->x[k])) return SSVM_ERR_NONFINITE;
    } else {
        if (c->row_start[0] != 0) return SSVM_ERR_INVALID_ARG;
        for (i = 0; i < c->n; i++) if (c->row_start[i + 1] < c->row_start[i]) return SSVM_ERR_INVALID_ARG;
        for (k = 0; k < c->row_start[c->n]; k++) {
            if (c->attr_id[k] < 0 || c->attr_id[k] >= F) return SSVM_ERR_FEATURE_INDEX;
            if (c->attr_val && !ssvm__finite((double)c->attr_val[k])) return SSVM_ERR_NONFINITE;
        }
    }
    if (c->cost) {
        for (k = 0; k < (long long)K * K; k++)
            if (!ssvm__finite((double)c->cost[k]) || c->cost[k] < 0) return SSVM_ERR_LOSS;
        for (i = 0; i < K; i++) if (c->cost[(size_t)i * K + i] != 0) return SSVM_ERR_LOSS;
    }
    m->config = *c;
    return SSVM_OK;
}
STRUCTSVM_DEF void ssvm_multiclass_uninit(ssvm_multiclass *m) {
    if (m) SSVM_MEMSET(m, 0, sizeof *m);
}
STRUCTSVM_DEF ssvm_result ssvm_multiclass_problem(ssvm_multiclass *m, ssvm_problem *out) {
    if (!m || !out) return SSVM_ERR_INVALID_ARG;
    if (m->config.n <= 0 || !m->config.labels) return SSVM_ERR_INVALID_ARG; /* not initialised */
    *out = ssvm_problem_config_init(m->config.n, ssvm_multiclass_dim(&m->config), 1);
    out->user = m;
    out->truth = ssvm__mc_truth; out->phi = ssvm__mc_phi; out->oracle = ssvm__mc_oracle;
    out->decode = ssvm__mc_decode; out->loss = ssvm__mc_loss;
    out->stat_dim = ssvm__mc_stat_dim; out->stats = ssvm__mc_stats; out->expand = ssvm__mc_expand;
    out->parts = ssvm__mc_parts; out->part_scores = ssvm__mc_part_scores; out->part_phi = ssvm__mc_part_phi;
    out->part_orthogonal = ssvm__mc_part_orthogonal; out->part_scores_at = ssvm__mc_part_scores_at;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_multiclass_predict(int K, int F, const ssvm_real *w, const ssvm_real *x, int *y) {
    ssvm_multiclass m;
    int lab = 0;
    if (!w || !x || !y) return SSVM_ERR_INVALID_ARG;
    if (K <= 0 || F <= 0) return SSVM_ERR_EMPTY;
    SSVM_MEMSET(&m, 0, sizeof m);
    m.config.n = 1; m.config.n_labels = K; m.config.n_attrs = F; m.config.x = x; m.config.labels = &lab;
    ssvm__mc_argmax(&m, 0, w, 0, y, 0);
    return SSVM_OK;
}

/* >>graph: multilabel graph model (implementation) */
/* SSVM_LOG may be the portable log (STRUCTSVM_FREESTANDING), defined further down */
SSVM__PRIV SSVM__MAYBE_UNUSED double ssvm__log_portable(double x);

/* A checked graph in a work block: adjacency lists and a breadth-first forest, shared by both decoders. */
typedef struct ssvm__gw {
    int L, E, forest;
    const int *edges;
    int *off;    /* L+1: the neighbours of l are adj[off[l] .. off[l+1]), in edge order */
    int *adj;    /* 2E neighbours */
    int *aedge;  /* 2E: the edge of each neighbour */
    int *order;  /* L: breadth-first, each component from its lowest label */
    int *parent; /* L: -1 at a root */
    int *pedge;  /* L: the edge to the parent */
    int *mark;   /* L */
    int *bp;     /* 2L: tree: the best state of l given its parent's state */
    double *b;   /* 2L: unary scores with the loss term; tree: then the max-marginals of subtrees */
    double *dt;  /* enum: 8E, the change of neighbour entry j's edge score when its label flips to t with the
                    neighbour in state o, at dt[4j + 2t + o] */
} ssvm__gw;
SSVM__PRIV void ssvm__gw_carve(ssvm__arena *a, int L, int E, ssvm__gw *g) {
    size_t l = (size_t)L, e2 = ssvm__mulsz(a, (size_t)E, 2);
    g->L = L; g->E = E; g->forest = 0; g->edges = 0;
    g->b = (double *)ssvm__take(a, ssvm__mulsz(a, l, 2), sizeof(double));
    g->off = (int *)ssvm__take(a, l + 1, sizeof(int));
    g->adj = (int *)ssvm__take(a, e2, sizeof(int));
    g->aedge = (int *)ssvm__take(a, e2, sizeof(int));
    g->order = (int *)ssvm__take(a, l, sizeof(int));
    g->parent = (int *)ssvm__take(a, l, sizeof(int));
    g->pedge = (int *)ssvm__take(a, l, sizeof(int));
    g->mark = (int *)ssvm__take(a, l, sizeof(int));
    g->bp = (int *)ssvm__take(a, ssvm__mulsz(a, l, 2), sizeof(int));
    g->dt = (double *)ssvm__take(a, ssvm__mulsz(a, e2, 4), sizeof(double));
}
/* The checks that need no pass over the edges. More than L(L-1)/2 edges must repeat one. */
SSVM__PRIV ssvm_result ssvm__gw_args(int L, int E, int method) {
    if (L <= 0) return SSVM_ERR_EMPTY;
    if (E < 0 || method < SSVM_GRAPH_AUTO || method > SSVM_GRAPH_ENUM) return SSVM_ERR_INVALID_ARG;
    if ((long long)E > (long long)L * (L - 1) / 2) return SSVM_ERR_GRAPH;
    if (method == SSVM_GRAPH_ENUM && L > SSVM_GRAPH_ENUM_MAX_LABELS) return SSVM_ERR_TOO_LARGE;
    return SSVM_OK;
}
/* Checks every edge and builds the adjacency and the forest (g->forest = 0 when some edge closes a cycle). */
SSVM__PRIV ssvm_result ssvm__gw_build(ssvm__gw *g, const int *edges) {
    int L = g->L, E = g->E, e, v, k, head, tail = 0;
    g->edges = edges;
    for (v = 0; v <= L; v++) g->off[v] = 0;
    for (e = 0; e < E; e++) {
        int a = edges[2 * e], b = edges[2 * e + 1];
        if (a < 0 || a >= L || b < 0 || b >= L || a == b) return SSVM_ERR_GRAPH;
        g->off[a + 1]++; g->off[b + 1]++;
    }
    for (v = 0; v < L; v++) { g->off[v + 1] += g->off[v]; g->mark[v] = g->off[v]; } /* mark: fill cursors */
    for (e = 0; e < E; e++) {
        int a = edges[2 * e], b = edges[2 * e + 1];
        g->adj[g->mark[a]] = b; g->aedge[g->mark[a]++] = e;
        g->adj[g->mark[b]] = a; g->aedge[g->mark[b]++] = e;
    }
    for (v = 0; v < L; v++) g->mark[v] = -1;
    for (v = 0; v < L; v++) /* a neighbour listed twice: a repeated edge, in either orientation */
        for (k = g->off[v]; k < g->off[v + 1]; k++) {
            if (g->mark[g->adj[k]] == v) return SSVM_ERR_GRAPH;
            g->mark[g->adj[k]] = v;
        }
    g->forest = 1;
    for (v = 0; v < L; v++) g->parent[v] = -2;
    for (v = 0; v < L; v++) {
        if (g->parent[v] != -2) continue;
        g->parent[v] = -1; g->pedge[v] = -1; head = tail; g->order[tail++] = v;
        while (head < tail) {
            int u = g->order[head++];
            for (k = g->off[u]; k < g->off[u + 1]; k++) {
                int t = g->adj[k];
                if (g->aedge[k] == g->pedge[u]) continue;
                if (g->parent[t] != -2) { g->forest = 0; continue; } /* reached twice: a cycle */
                g->parent[t] = u; g->pedge[t] = g->aedge[k]; g->order[tail++] = t;
            }
        }
    }
    return SSVM_OK;
}
/* The decoder for this graph and method (validated: tree needs a forest, enumeration its size limit). */
SSVM__PRIV ssvm_result ssvm__gw_pick(const ssvm__gw *g, int method, int *use) {
    if (method == SSVM_GRAPH_TREE || (method == SSVM_GRAPH_AUTO && g->forest)) {
        *use = SSVM_GRAPH_TREE;
        return g->forest ? SSVM_OK : SSVM_ERR_GRAPH;
    }
    *use = SSVM_GRAPH_ENUM;
    return g->L > SSVM_GRAPH_ENUM_MAX_LABELS ? SSVM_ERR_TOO_LARGE : SSVM_OK;
}
SSVM__PRIV void ssvm__gw_unary(ssvm__gw *g, const ssvm_real *unary, const int *truth, double cost) {
    int l, s;
    for (l = 0; l < g->L; l++)
        for (s = 0; s < 2; s++)
            g->b[2 * l + s] = (double)unary[2 * l + s] + (truth && s != truth[l] ? cost : 0.0);
}
/* the pair score of edge e with label v in state sv and its other end in state so */
SSVM__PRIV double ssvm__gw_pair(const ssvm__gw *g, const ssvm_real *pair, int e, int v, int sv, int so) {
    return (double)pair[4 * (size_t)e + (size_t)(g->edges[2 * e] == v ? 2 * sv + so : 2 * so + sv)];
}
/* Max-product on the forest: leaves first, then the states down from each root. Ties prefer state 0. */
SSVM__PRIV void ssvm__gw_tree(ssvm__gw *g, const ssvm_real *pair, int *y) {
    int k, s;
    for (k = g->L - 1; k >= 0; k--) {
        int v = g->order[k], p = g->parent[v], e = g->pedge[v];
        if (p < 0) continue;
        for (s = 0; s < 2; s++) { /* s: the parent's state */
            double m0 = g->b[2 * v] + ssvm__gw_pair(g, pair, e, v, 0, s);
            double m1 = g->b[2 * v + 1] + ssvm__gw_pair(g, pair, e, v, 1, s);
            g->bp[2 * v + s] = m1 > m0;
            g->b[2 * p + s] += m1 > m0 ? m1 : m0;
        }
    }
    for (k = 0; k < g->L; k++) {
        int v = g->order[k], p = g->parent[v];
        y[v] = p < 0 ? (g->b[2 * v + 1] > g->b[2 * v]) : g->bp[2 * v + y[p]];
    }
}
/* All 2^L labelings in Gray-code order from all zeros: step k flips the label of k's lowest set bit, and the
   score changes by that label's unary and its edges only (a table lookup per edge). y = the first best; all
   (2^L reals, or NULL) gets the score of every labeling p (y_l = bit l of p). Sums in double. */
SSVM__PRIV void ssvm__gw_enum(ssvm__gw *g, const ssvm_real *pair, int *y, ssvm_real *all) {
    int l, e, j, t, o;
    unsigned long code = 0, best_code = 0, k, n = 1UL << g->L;
    double s = 0, best;
    for (l = 0; l < g->L; l++) {
        s += g->b[2 * l];
        for (j = g->off[l]; j < g->off[l + 1]; j++)
            for (t = 0; t < 2; t++)
                for (o = 0; o < 2; o++)
                    g->dt[4 * (size_t)j + (size_t)(2 * t + o)] = ssvm__gw_pair(g, pair, g->aedge[j], l, t, o) -
                                                                 ssvm__gw_pair(g, pair, g->aedge[j], l, 1 - t, o);
    }
    for (e = 0; e < g->E; e++) s += (double)pair[4 * (size_t)e];
    best = s;
    if (all) all[0] = (ssvm_real)s;
    for (k = 1; k < n; k++) {
        double d;
        const double *dt;
        l = 0;
        while (!((k >> l) & 1UL)) l++;
        t = (int)((code >> l) & 1UL) ^ 1;
        d = g->b[2 * l + t] - g->b[2 * l + 1 - t];
        dt = g->dt + 2 * t;
        for (j = g->off[l]; j < g->off[l + 1]; j++) d += dt[4 * j + (int)((code >> g->adj[j]) & 1UL)];
        code ^= 1UL << l; s += d;
        if (all) all[code] = (ssvm_real)s;
        if (s > best) { best = s; best_code = code; }
    }
    for (l = 0; l < g->L; l++) y[l] = (int)((best_code >> l) & 1UL);
}
/* the score of labeling y, loss term included, summed afresh */
SSVM__PRIV double ssvm__graph_total(int L, int E, const int *edges, const ssvm_real *unary, const ssvm_real *pair,
                                    const int *truth, double cost, const int *y) {
    double s = 0;
    int l, e;
    for (l = 0; l < L; l++) s += (double)unary[2 * l + y[l]] + (truth && y[l] != truth[l] ? cost : 0.0);
    for (e = 0; e < E; e++) s += (double)pair[4 * (size_t)e + (size_t)(2 * y[edges[2 * e]] + y[edges[2 * e + 1]])];
    return s;
}
STRUCTSVM_DEF ssvm_result ssvm_graph_map_get_work_size(int L, int n_edges, const int *edges, int method,
                                                       size_t *bytes) {
    ssvm__arena a = {0, 0, 0, 0};
    ssvm__gw g;
    ssvm_result r;
    (void)edges; /* the size depends on the counts only; ssvm_graph_map checks the edges */
    if ((r = ssvm__size_begin(bytes, ssvm__gw_args(L, n_edges, method))) != SSVM_OK) return r;
    ssvm__gw_carve(&a, L, n_edges, &g);
    return ssvm__arena_bytes(&a, bytes);
}
STRUCTSVM_DEF ssvm_result ssvm_graph_map(int L, int n_edges, const int *edges, const ssvm_real *unary,
                                         const ssvm_real *pair, const int *truth, double label_cost, int method,
                                         void *work, size_t work_bytes, int *y, double *score) {
    size_t need = 0;
    ssvm__arena a;
    ssvm__gw g;
    ssvm_result r;
    long long k;
    int use = 0;
    if (!unary || !y || (n_edges > 0 && (!edges || !pair))) return SSVM_ERR_INVALID_ARG;
    r = ssvm__arena_over(ssvm_graph_map_get_work_size(L, n_edges, edges, method, &need), &need, work, work_bytes, &a);
    if (r != SSVM_OK) return r;
    for (k = 0; k < 2LL * L; k++) if (!ssvm__finite((double)unary[k])) return SSVM_ERR_NONFINITE;
    for (k = 0; k < 4LL * n_edges; k++) if (!ssvm__finite((double)pair[k])) return SSVM_ERR_NONFINITE;
    if (truth) {
        if (!ssvm__finite(label_cost)) return SSVM_ERR_NONFINITE;
        for (k = 0; k < L; k++) if (truth[k] != 0 && truth[k] != 1) return SSVM_ERR_LABEL;
    }
    ssvm__gw_carve(&a, L, n_edges, &g);
    if ((r = ssvm__gw_build(&g, edges)) != SSVM_OK) return r;
    if ((r = ssvm__gw_pick(&g, method, &use)) != SSVM_OK) return r;
    ssvm__gw_unary(&g, unary, truth, label_cost);
    if (use == SSVM_GRAPH_TREE) ssvm__gw_tree(&g, pair, y);
    else ssvm__gw_enum(&g, pair, y, 0);
    if (score) *score = ssvm__graph_total(L, n_edges, edges, unary, pair, truth, label_cost, y);
    return SSVM_OK;
}

/* >>graph: Chow-Liu */
SSVM__PRIV void ssvm__chow_liu_carve(ssvm__arena *a, int L, double **mi, double **key, int **from, int **cnt) {
    size_t l = (size_t)L;
    *mi = (double *)ssvm__take(a, ssvm__mulsz(a, l, l), sizeof(double));
    *key = (double *)ssvm__take(a, l, sizeof(double));
    *from = (int *)ssvm__take(a, l, sizeof(int));
    *cnt = (int *)ssvm__take(a, l, sizeof(int));
}
STRUCTSVM_DEF ssvm_result ssvm_chow_liu_get_work_size(int L, size_t *bytes) {
    ssvm__arena a = {0, 0, 0, 0};
    double *mi, *key;
    int *from, *cnt;
    ssvm_result r;
    if ((r = ssvm__size_begin(bytes, L <= 0 ? SSVM_ERR_EMPTY : SSVM_OK)) != SSVM_OK) return r;
    ssvm__chow_liu_carve(&a, L, &mi, &key, &from, &cnt);
    return ssvm__arena_bytes(&a, bytes);
}
/* one cell of the mutual information: (c/n) log(c n / (ra cb)), 0 log 0 = 0 */
SSVM__PRIV double ssvm__mi_term(double c, double ra, double cb, double n) {
    return c > 0 ? c / n * SSVM_LOG(c * n / (ra * cb)) : 0.0;
}
STRUCTSVM_DEF ssvm_result ssvm_chow_liu(int n, int L, const int *labels, void *work, size_t work_bytes, int *edges,
                                        int *n_edges) {
    size_t need = 0;
    ssvm__arena a;
    double *mi, *key, dn = (double)n;
    int *from, *cnt, i, u, v, step;
    long long k;
    ssvm_result r;
    if (!labels || !edges || !n_edges) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm__arena_over(ssvm_chow_liu_get_work_size(L, &need), &need, work, work_bytes, &a)) != SSVM_OK) return r;
    if (n <= 0) return SSVM_ERR_EMPTY;
    for (k = 0; k < (long long)n * L; k++) if (labels[k] != 0 && labels[k] != 1) return SSVM_ERR_LABEL;
    ssvm__chow_liu_carve(&a, L, &mi, &key, &from, &cnt);
    /* counts: cnt[l] = #(y_l = 1); mi[u*L + v] (u < v) = #(y_u = y_v = 1), from the positives of each example */
    SSVM_MEMSET(mi, 0, (size_t)L * (size_t)L * sizeof(double));
    for (u = 0; u < L; u++) cnt[u] = 0;
    for (i = 0; i < n; i++) {
        const int *yi = labels + (size_t)i * (size_t)L;
        int np = 0, p, q;
        for (u = 0; u < L; u++) if (yi[u]) { cnt[u]++; from[np++] = u; }
        for (p = 0; p < np; p++)
            for (q = p + 1; q < np; q++) mi[(size_t)from[p] * L + from[q]] += 1.0;
    }
    for (u = 0; u < L; u++)
        for (v = u + 1; v < L; v++) {
            double n11 = mi[(size_t)u * L + v], a1 = cnt[u], b1 = cnt[v], a0 = dn - a1, b0 = dn - b1;
            double x = ssvm__mi_term(n11, a1, b1, dn) + ssvm__mi_term(a1 - n11, a1, b0, dn) +
                       ssvm__mi_term(b1 - n11, a0, b1, dn) + ssvm__mi_term(dn - a1 - b1 + n11, a0, b0, dn);
            mi[(size_t)u * L + v] = mi[(size_t)v * L + u] = x;
        }
    /* Prim from label 0; cnt marks the tree. Strict comparisons: ties keep the lower label and the neighbour
       that joined first. */
    for (v = 0; v < L; v++) { cnt[v] = v == 0; key[v] = v ? mi[v] : 0; from[v] = 0; }
    for (step = 1; step < L; step++) {
        int best = -1;
        for (v = 0; v < L; v++) if (!cnt[v] && (best < 0 || key[v] > key[best])) best = v;
        edges[2 * (step - 1)] = from[best]; edges[2 * (step - 1) + 1] = best;
        cnt[best] = 1;
        for (v = 0; v < L; v++)
            if (!cnt[v] && mi[(size_t)best * L + v] > key[v]) { key[v] = mi[(size_t)best * L + v]; from[v] = best; }
    }
    *n_edges = L - 1;
    return SSVM_OK;
}

/* >>graph: the model. Scratch: the checked graph (ssvm__gw), the unary scores (2L), and for the polytope
   view the label marginals (L) and edge marginals (4E). */
STRUCTSVM_DEF ssvm_graph_config ssvm_graph_config_init(int n, int L, int F, const ssvm_real *x, const int *labels) {
    ssvm_graph_config c;
    SSVM_MEMSET(&c, 0, sizeof c);
    c.n = n; c.n_labels = L; c.n_attrs = F; c.x = x; c.labels = labels; c.method = SSVM_GRAPH_AUTO;
    return c;
}
STRUCTSVM_DEF int ssvm_graph_dim(const ssvm_graph_config *c) {
    long long d;
    if (!c || c->n_labels <= 0 || c->n_attrs <= 0 || c->n_edges < 0) return 0;
    d = (long long)c->n_labels * c->n_attrs + 4LL * c->n_edges;
    return d > INT_MAX ? 0 : (int)d;
}
/* the data checks; the edges are checked when the scratch is carved */
SSVM__PRIV ssvm_result ssvm__graph_check(const ssvm_graph_config *c) {
    int i, L, F;
    long long k;
    ssvm_result r;
    if (!c) return SSVM_ERR_INVALID_ARG;
    if (c->n <= 0 || c->n_labels <= 0 || c->n_attrs <= 0) return SSVM_ERR_EMPTY;
    if ((c->n_edges > 0 && !c->edges) || (!c->x && (!c->row_start || !c->attr_id)) || !c->labels)
        return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm__gw_args(c->n_labels, c->n_edges, c->method)) != SSVM_OK) return r;
    if (ssvm_graph_dim(c) <= 0) return SSVM_ERR_OVERFLOW;
    L = c->n_labels; F = c->n_attrs;
    for (k = 0; k < (long long)c->n * L; k++) if (c->labels[k] != 0 && c->labels[k] != 1) return SSVM_ERR_LABEL;
    if (c->x) {
        for (k = 0; k < (long long)c->n * F; k++) if (!ssvm__finite((double)c->x[k])) return SSVM_ERR_NONFINITE;
    } else {
        if (c->row_start[0] != 0) return SSVM_ERR_INVALID_ARG;
        for (i = 0; i < c->n; i++) if (c->row_start[i + 1] < c->row_start[i]) return SSVM_ERR_INVALID_ARG;
        for (k = 0; k < c->row_start[c->n]; k++) {
            if (c->attr_id[k] < 0 || c->attr_id[k] >= F) return SSVM_ERR_FEATURE_INDEX;
            if (c->attr_val && !ssvm__finite((double)c->attr_val[k])) return SSVM_ERR_NONFINITE;
        }
    }
    return SSVM_OK;
}
typedef struct ssvm__graph_views { ssvm__gw g; ssvm_real *u; double *mu, *marg; } ssvm__graph_views;
SSVM__PRIV void ssvm__graph_carve(ssvm__arena *a, const ssvm_graph_config *c, ssvm__graph_views *v) {
    int L = c->n_labels, E = c->n_edges;
    ssvm__gw_carve(a, L, E, &v->g);
    v->u = (ssvm_real *)ssvm__take(a, ssvm__mulsz(a, (size_t)L, 2), sizeof(ssvm_real));
    v->mu = v->marg = 0;
    if (L <= SSVM_GRAPH_POLYTOPE_MAX_LABELS) {
        v->mu = (double *)ssvm__take(a, (size_t)L, sizeof(double));
        v->marg = (double *)ssvm__take(a, ssvm__mulsz(a, (size_t)E, 4), sizeof(double));
    }
}
/* the scratch of an initialised model, carved again (same offsets as at init: the graph built there stays) */
SSVM__PRIV void ssvm__graph_open(const ssvm_graph *m, ssvm__graph_views *v) {
    ssvm__arena a;
    a.base = ssvm__align16(m->_scratch); a.used = 0; a.cap = m->_scratch_bytes - 16; a.overflow = 0;
    ssvm__graph_carve(&a, &m->config, v);
    v->g.edges = m->config.edges; v->g.forest = m->_forest;
}
STRUCTSVM_DEF ssvm_result ssvm_graph_get_heap_size(const ssvm_graph_config *c, size_t *bytes) {
    ssvm__arena a = {0, 0, 0, 0};
    ssvm__graph_views v;
    ssvm_result r;
    if ((r = ssvm__size_begin(bytes, ssvm__graph_check(c))) != SSVM_OK) return r;
    ssvm__graph_carve(&a, c, &v);
    return ssvm__arena_bytes(&a, bytes);
}
STRUCTSVM_DEF ssvm_result ssvm_graph_init_preallocated(const ssvm_graph_config *c, void *heap, size_t bytes,
                                                       ssvm_graph *m) {
    size_t need = 0;
    ssvm__arena a;
    ssvm__graph_views v;
    ssvm_result r;
    int use = 0;
    if (!m) return SSVM_ERR_INVALID_ARG;
    SSVM_MEMSET(m, 0, sizeof *m);
    if ((r = ssvm__arena_over(ssvm_graph_get_heap_size(c, &need), &need, heap, bytes, &a)) != SSVM_OK) return r;
    ssvm__graph_carve(&a, c, &v);
    if ((r = ssvm__gw_build(&v.g, c->edges)) != SSVM_OK) return r;
    if ((r = ssvm__gw_pick(&v.g, c->method, &use)) != SSVM_OK) return r;
    m->config = *c; m->_forest = v.g.forest; m->_polytope = c->n_labels <= SSVM_GRAPH_POLYTOPE_MAX_LABELS;
    m->_scratch = heap; m->_scratch_bytes = bytes;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_graph_init(const ssvm_graph_config *c, ssvm_graph *m) {
    size_t need = 0;
    void *heap = 0;
    ssvm_result r = SSVM_ERR_INVALID_ARG;
    if (m) { SSVM_MEMSET(m, 0, sizeof *m); r = ssvm_graph_get_heap_size(c, &need); }
    if (r == SSVM_OK) r = ssvm__heap_for(0, need, &heap);
    if (r == SSVM_OK) r = ssvm_graph_init_preallocated(c, heap, need, m); /* m zeroed first, also on failure */
    if (r == SSVM_OK) m->_owns_scratch = 1;
    else ssvm__free_with(0, heap);
    return r;
}
STRUCTSVM_DEF void ssvm_graph_uninit(ssvm_graph *m) {
    if (!m) return;
    if (m->_owns_scratch) ssvm__free_with(0, m->_scratch);
    SSVM_MEMSET(m, 0, sizeof *m);
}
/* u[2l] = 0, u[2l+1] = <w_l, x_i> */
SSVM__PRIV void ssvm__graph_scores(const ssvm_graph *m, const ssvm_real *w, int i, ssvm_real *u) {
    int L = m->config.n_labels, F = m->config.n_attrs, l, k;
    for (l = 0; l < L; l++) {
        const ssvm_real *wl = w + (size_t)l * F;
        ssvm_accum s = 0;
        if (m->config.x) s = ssvm__dot(F, wl, m->config.x + (size_t)i * F);
        else
            for (k = m->config.row_start[i]; k < m->config.row_start[i + 1]; k++)
                s += (ssvm_accum)wl[m->config.attr_id[k]] * (m->config.attr_val ? m->config.attr_val[k] : (ssvm_real)1);
        u[2 * l] = 0; u[2 * l + 1] = (ssvm_real)s;
    }
}
SSVM__PRIV ssvm_real ssvm__graph_unit(const ssvm_graph *m) {
    return (m->config.flags & SSVM_GRAPH_COUNTED_LOSS) ? (ssvm_real)1 : (ssvm_real)1 / (ssvm_real)m->config.n_labels;
}
SSVM__PRIV ssvm_real ssvm__graph_delta(const ssvm_graph *m, int i, const int *y) {
    const int *t = m->config.labels + (size_t)i * m->config.n_labels;
    int l, wrong = 0;
    for (l = 0; l < m->config.n_labels; l++) wrong += y[l] != t[l];
    return (ssvm_real)wrong * ssvm__graph_unit(m);
}
/* plain (aug = 0) or loss-augmented MAP of example i, the loss weighted by aug = 1/w_scale */
SSVM__PRIV int ssvm__graph_argmax(ssvm_graph *m, int i, const ssvm_real *w, double aug, int *y, ssvm_real *delta) {
    ssvm__graph_views v;
    int L = m->config.n_labels;
    ssvm__graph_open(m, &v);
    ssvm__graph_scores(m, w, i, v.u);
    ssvm__gw_unary(&v.g, v.u, aug > 0 ? m->config.labels + (size_t)i * L : 0, aug * (double)ssvm__graph_unit(m));
    if (v.g.forest && m->config.method != SSVM_GRAPH_ENUM) ssvm__gw_tree(&v.g, w + (size_t)L * m->config.n_attrs, y);
    else ssvm__gw_enum(&v.g, w + (size_t)L * m->config.n_attrs, y, 0);
    if (delta) *delta = ssvm__graph_delta(m, i, y);
    return L;
}
SSVM__PRIV int ssvm__graph_check_label(const ssvm_graph *m, const int *y, int len) {
    int l;
    if (len != m->config.n_labels) return SSVM_ERR_LABEL;
    for (l = 0; l < len; l++) if (y[l] != 0 && y[l] != 1) return SSVM_ERR_LABEL;
    return 0;
}
SSVM__PRIV int ssvm__graph_truth(void *user, int i, int *y) {
    ssvm_graph *m = (ssvm_graph *)user;
    int l, L = m->config.n_labels;
    for (l = 0; l < L; l++) y[l] = m->config.labels[(size_t)i * L + l];
    return L;
}
/* out += c x_i in the unary block of label l */
SSVM__PRIV void ssvm__graph_add_x(const ssvm_graph *m, int i, int l, ssvm_real c, ssvm_svec *out) {
    int F = m->config.n_attrs;
    if (m->config.x) ssvm_svec_add_dense(out, l * F, m->config.x + (size_t)i * F, F, c);
    else {
        int b = m->config.row_start[i];
        ssvm_svec_add_sparse(out, l * F, 1, m->config.attr_id + b, m->config.attr_val ? m->config.attr_val + b : 0,
                             m->config.row_start[i + 1] - b, c);
    }
}
SSVM__PRIV int ssvm__graph_phi(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_svec *out) {
    ssvm_graph *m = (ssvm_graph *)user;
    int L = m->config.n_labels, e, l, rc, off = L * m->config.n_attrs;
    const int *ed = m->config.edges;
    if ((rc = ssvm__graph_check_label(m, y, len)) != 0) return rc;
    for (l = 0; l < L; l++) if (y[l]) ssvm__graph_add_x(m, i, l, scale, out);
    for (e = 0; e < m->config.n_edges; e++)
        ssvm_svec_add(out, off + 4 * e + 2 * y[ed[2 * e]] + y[ed[2 * e + 1]], scale);
    return out->err;
}
SSVM__PRIV int ssvm__graph_oracle(void *user, int i, const ssvm_real *w, double ws, int *y, ssvm_real *delta) {
    if (!(ws > 0) || !ssvm__finite(1.0 / ws)) return SSVM_ERR_INVALID_ARG;
    return ssvm__graph_argmax((ssvm_graph *)user, i, w, 1.0 / ws, y, delta);
}
SSVM__PRIV int ssvm__graph_decode(void *user, int i, const ssvm_real *w, int *y) {
    return ssvm__graph_argmax((ssvm_graph *)user, i, w, 0, y, 0);
}
SSVM__PRIV int ssvm__graph_loss(void *user, int i, const int *y, int len, ssvm_real *delta) {
    ssvm_graph *m = (ssvm_graph *)user;
    int rc;
    if ((rc = ssvm__graph_check_label(m, y, len)) != 0) return rc;
    *delta = ssvm__graph_delta(m, i, y);
    return 0;
}
/* statistics s(y) = [y_l (L), the one-hot of each edge's states (4E)]: phi = A_i s with A_i = diag(x_i, I) */
SSVM__PRIV int ssvm__graph_stat_dim(void *user, int i) {
    ssvm_graph *m = (ssvm_graph *)user;
    (void)i;
    return m->config.n_labels + 4 * m->config.n_edges;
}
SSVM__PRIV int ssvm__graph_stats(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_real *s) {
    ssvm_graph *m = (ssvm_graph *)user;
    int L = m->config.n_labels, e, l, rc;
    const int *ed = m->config.edges;
    (void)i;
    if ((rc = ssvm__graph_check_label(m, y, len)) != 0) return rc;
    for (l = 0; l < L; l++) if (y[l]) s[l] += scale;
    for (e = 0; e < m->config.n_edges; e++) s[L + 4 * e + 2 * y[ed[2 * e]] + y[ed[2 * e + 1]]] += scale;
    return 0;
}
SSVM__PRIV int ssvm__graph_expand(void *user, int i, const ssvm_real *s, ssvm_real scale, ssvm_svec *out) {
    ssvm_graph *m = (ssvm_graph *)user;
    int L = m->config.n_labels, l, q, off = L * m->config.n_attrs;
    for (l = 0; l < L; l++) if (s[l] != 0) ssvm__graph_add_x(m, i, l, s[l] * scale, out);
    for (q = 0; q < 4 * m->config.n_edges; q++) if (s[L + q] != 0) ssvm_svec_add(out, off + q, s[L + q] * scale);
    return out->err;
}
/* the polytope view: the simplex over the 2^L labelings, labeling p having y_l = bit l of p */
SSVM__PRIV int ssvm__graph_parts(void *user, int i, int *m) {
    (void)i;
    *m = 1 << ((ssvm_graph *)user)->config.n_labels;
    return SSVM_POLYTOPE_SIMPLEX;
}
SSVM__PRIV int ssvm__graph_part_scores(void *user, int i, const ssvm_real *w, ssvm_real *score, ssvm_real *cost) {
    ssvm_graph *m = (ssvm_graph *)user;
    ssvm__graph_views v;
    int L = m->config.n_labels, l, p, np = 1 << L;
    unsigned t = 0;
    ssvm_real unit = ssvm__graph_unit(m);
    ssvm__graph_open(m, &v);
    ssvm__graph_scores(m, w, i, v.u);
    ssvm__gw_unary(&v.g, v.u, 0, 0);
    ssvm__gw_enum(&v.g, w + (size_t)L * m->config.n_attrs, v.g.bp, score); /* bp: scratch for the unwanted y */
    for (l = 0; l < L; l++) t |= (unsigned)m->config.labels[(size_t)i * L + l] << l;
    for (p = 0; p < np; p++) {
        unsigned x = (unsigned)p ^ t;
        int wrong = 0;
        while (x) { wrong += (int)(x & 1u); x >>= 1; }
        cost[p] = (ssvm_real)wrong * unit;
    }
    return 0;
}
/* out += scale * sum_p z_p phi(x_i, y_p) through the label and edge marginals of z */
SSVM__PRIV int ssvm__graph_part_phi(void *user, int i, const ssvm_real *z, ssvm_real scale, ssvm_svec *out) {
    ssvm_graph *m = (ssvm_graph *)user;
    ssvm__graph_views v;
    int L = m->config.n_labels, E = m->config.n_edges, l, e, p, np = 1 << L, off = L * m->config.n_attrs;
    const int *ed = m->config.edges;
    ssvm__graph_open(m, &v);
    for (l = 0; l < L; l++) v.mu[l] = 0;
    for (e = 0; e < 4 * E; e++) v.marg[e] = 0;
    for (p = 0; p < np; p++) {
        double zp = (double)z[p];
        if (zp == 0) continue;
        for (l = 0; l < L; l++) if ((p >> l) & 1) v.mu[l] += zp;
        for (e = 0; e < E; e++) v.marg[4 * e + 2 * ((p >> ed[2 * e]) & 1) + ((p >> ed[2 * e + 1]) & 1)] += zp;
    }
    for (l = 0; l < L; l++) if (v.mu[l] != 0) ssvm__graph_add_x(m, i, l, (ssvm_real)(v.mu[l] * (double)scale), out);
    for (e = 0; e < 4 * E; e++) if (v.marg[e] != 0) ssvm_svec_add(out, off + e, (ssvm_real)(v.marg[e] * (double)scale));
    return out->err;
}
STRUCTSVM_DEF ssvm_result ssvm_graph_problem(ssvm_graph *m, ssvm_problem *out) {
    if (!m || !out) return SSVM_ERR_INVALID_ARG;
    if (!m->_scratch || m->config.n <= 0) return SSVM_ERR_INVALID_ARG; /* not initialised */
    *out = ssvm_problem_config_init(m->config.n, ssvm_graph_dim(&m->config), m->config.n_labels);
    out->user = m;
    out->truth = ssvm__graph_truth; out->phi = ssvm__graph_phi; out->oracle = ssvm__graph_oracle;
    out->scratch_in_user = 1; /* >>par: one model object per task slot (config.par.task_users) */
    out->decode = ssvm__graph_decode; out->loss = ssvm__graph_loss;
    out->stat_dim = ssvm__graph_stat_dim; out->stats = ssvm__graph_stats; out->expand = ssvm__graph_expand;
    if (m->_polytope) {
        out->parts = ssvm__graph_parts; out->part_scores = ssvm__graph_part_scores;
        out->part_phi = ssvm__graph_part_phi;
    }
    return SSVM_OK;
}
/* work: [2L unary reals][ssvm_graph_map's work] */
SSVM__PRIV size_t ssvm__graph_u_bytes(int L) { return ((size_t)L * 2 * sizeof(ssvm_real) + 15u) & ~(size_t)15u; }
STRUCTSVM_DEF ssvm_result ssvm_graph_predict_get_work_size(int L, int n_edges, const int *edges, int method,
                                                           size_t *bytes) {
    size_t map = 0;
    ssvm_result r;
    if ((r = ssvm__size_begin(bytes, ssvm_graph_map_get_work_size(L, n_edges, edges, method, &map))) != SSVM_OK)
        return r;
    if (map > ((size_t)-1) / 2 - ssvm__graph_u_bytes(L)) return SSVM_ERR_OVERFLOW;
    *bytes = 16 + ssvm__graph_u_bytes(L) + map;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_graph_predict(int L, int F, int n_edges, const int *edges, int method,
                                             const ssvm_real *w, const ssvm_real *x, void *work, size_t work_bytes,
                                             int *y) {
    size_t need = 0, used;
    unsigned char *base;
    ssvm_real *u;
    int l;
    ssvm_result r;
    if (!w || !x || !work || !y) return SSVM_ERR_INVALID_ARG;
    if (F <= 0) return SSVM_ERR_EMPTY;
    if ((r = ssvm_graph_predict_get_work_size(L, n_edges, edges, method, &need)) != SSVM_OK) return r;
    if (work_bytes < need) return SSVM_ERR_WORKSPACE;
    if ((long long)L * F + 4LL * n_edges > INT_MAX) return SSVM_ERR_OVERFLOW;
    base = ssvm__align16(work);
    u = (ssvm_real *)(void *)base;
    for (l = 0; l < L; l++) { u[2 * l] = 0; u[2 * l + 1] = (ssvm_real)ssvm__dot(F, w + (size_t)l * F, x); }
    used = (size_t)(base - (unsigned char *)work) + ssvm__graph_u_bytes(L);
    return ssvm_graph_map(L, n_edges, edges, u, w + (size_t)L * F, 0, 0.0, method, base + ssvm__graph_u_bytes(L),
                          work_bytes - used, y, 0);
}
/* (graph implementation ends) */

/* >>assign: assignment model (implementation) */
/* The Hungarian solver is defined further down (>>hungarian), outside the training-only block. */
SSVM__PRIV size_t ssvm__hung_bytes(int n, int m);
SSVM__PRIV int ssvm__hung(int n, int m, const ssvm_real *cr, const double *cd, void *work, int *assign,
                          double *total);

STRUCTSVM_DEF ssvm_assign_config ssvm_assign_config_init(int n, int F, const int *row_start, const int *pair_start,
                                                         const int *labels) {
    ssvm_assign_config c;
    SSVM_MEMSET(&c, 0, sizeof c);
    c.n = n; c.n_attrs = F; c.row_start = row_start; c.pair_start = pair_start; c.labels = labels;
    return c;
}
STRUCTSVM_DEF int ssvm_assign_dim(const ssvm_assign_config *c) { return c && c->n_attrs > 0 ? c->n_attrs : 0; }

SSVM__PRIV int ssvm__asg_rows(const ssvm_assign_config *c, int i) { return c->row_start[i + 1] - c->row_start[i]; }
SSVM__PRIV int ssvm__asg_cols(const ssvm_assign_config *c, int i) {
    return c->n_cols ? c->n_cols[i] : ssvm__asg_rows(c, i);
}
/* Delta of one row labelled k (-1: unmatched) whose true column is g, before the 1/m normalisation. Row by row
   the asymmetric cost is exact: a wrong row predicts one edge not in the truth (unless k = -1) and misses its
   true edge (unless g = -1). */
SSVM__PRIV double ssvm__asg_row_loss(const ssvm_assign_config *c, int g, int k) {
    if (k == g) return 0;
    if (c->cost_fp == 0 && c->cost_fn == 0) return 1;
    return (k >= 0 ? c->cost_fp : 0) + (g >= 0 ? c->cost_fn : 0);
}
SSVM__PRIV double ssvm__asg_unit(const ssvm_assign_config *c, int m) {
    return (c->flags & SSVM_ASSIGN_COUNTED_LOSS) ? 1.0 : 1.0 / (double)m;
}
/* <w, f(p)> for a global pair index p, summed in double */
SSVM__PRIV double ssvm__asg_score(const ssvm_assign_config *c, const ssvm_real *w, size_t p) {
    int k;
    double s = 0;
    if (c->x) return (double)ssvm__dot(c->n_attrs, w, c->x + p * (size_t)c->n_attrs);
    for (k = c->pair_attr_start[p]; k < c->pair_attr_start[p + 1]; k++)
        s += (double)w[c->attr_id[k]] * (c->attr_val ? (double)c->attr_val[k] : 1.0);
    return s;
}
/* out += scale * f(p) */
SSVM__PRIV void ssvm__asg_add_pair(const ssvm_assign_config *c, size_t p, ssvm_real scale, ssvm_svec *out) {
    if (c->x) ssvm_svec_add_dense(out, 0, c->x + p * (size_t)c->n_attrs, c->n_attrs, scale);
    else {
        int b = c->pair_attr_start[p];
        ssvm_svec_add_sparse(out, 0, 1, c->attr_id + b, c->attr_val ? c->attr_val + b : 0,
                             c->pair_attr_start[p + 1] - b, scale);
    }
}
/* m_i columns in [0, c_i) (or -1 with the dummy flag), none twice. O(m^2) with no memory: the check runs at
   init (from the size query too) and in phi and loss, whose costs are O(m F) anyway. */
SSVM__PRIV int ssvm__asg_check_label(const ssvm_assign_config *c, int i, const int *y, int len) {
    int m = ssvm__asg_rows(c, i), cols = ssvm__asg_cols(c, i), j, k;
    if (len != m) return SSVM_ERR_LABEL;
    for (j = 0; j < m; j++) {
        if (y[j] == -1 && (c->flags & SSVM_ASSIGN_DUMMY)) continue;
        if (y[j] < 0 || y[j] >= cols) return SSVM_ERR_LABEL;
        for (k = 0; k < j; k++) if (y[k] == y[j]) return SSVM_ERR_LABEL;
    }
    return 0;
}
SSVM__PRIV ssvm_real ssvm__asg_loss_of(const ssvm_assign_config *c, int i, const int *y) {
    const int *g = c->labels + c->row_start[i];
    int m = ssvm__asg_rows(c, i), j;
    double s = 0;
    for (j = 0; j < m; j++) s += ssvm__asg_row_loss(c, g[j], y[j]);
    return (ssvm_real)(s * ssvm__asg_unit(c, m));
}
/* The scratch: a cost matrix of `cells` doubles, then the Hungarian work of rows x width (0: does not fit) */
SSVM__PRIV size_t ssvm__asg_cost_bytes(size_t cells) {
    if (cells > ((size_t)-1) / 8 / sizeof(double)) return 0;
    return (cells * sizeof(double) + 15u) & ~(size_t)15u;
}
SSVM__PRIV size_t ssvm__asg_scratch_bytes(int rows, int width, size_t cells) {
    size_t hb = ssvm__hung_bytes(rows, width), cb = ssvm__asg_cost_bytes(cells);
    if (!hb || !cb || cb > ((size_t)-1) / 4 - hb) return 0;
    return cb + hb + 16;
}

/* Plain (aug = 0) or loss-augmented decoding (aug = 1/w_scale: the argmax of <w, phi> + Delta / w_scale) of
   example i: ssvm__hung minimises C[j][k] = -(<w, f(j, k)> + aug Delta_j(k)); with the dummy flag, m extra
   columns (any row may take any of them) cost -aug Delta_j(-1): an unmatched row scores 0. */
SSVM__PRIV int ssvm__asg_argmax(ssvm_assign *a, int i, const ssvm_real *w, double aug, int *y, ssvm_real *delta) {
    const ssvm_assign_config *c = &a->config;
    int m = ssvm__asg_rows(c, i), cols = ssvm__asg_cols(c, i), j, k, rc;
    int width = cols + ((c->flags & SSVM_ASSIGN_DUMMY) ? m : 0);
    const int *g = (c->labels && aug != 0) ? c->labels + c->row_start[i] : 0;
    double unit = g ? aug * ssvm__asg_unit(c, m) : 0;
    unsigned char *base = ssvm__align16(a->_scratch);
    double *C = (double *)(void *)base;
    size_t p0 = (size_t)c->pair_start[i];
    for (j = 0; j < m; j++) {
        double *row = C + (size_t)j * (size_t)width;
        for (k = 0; k < cols; k++) {
            double v = ssvm__asg_score(c, w, p0 + (size_t)j * (size_t)cols + (size_t)k);
            if (g) v += unit * ssvm__asg_row_loss(c, g[j], k);
            /* a NaN/Inf weight (or a huge score) would stall the solver: refuse it here */
            if (!ssvm__finite(v) || v > 1e290 || v < -1e290) return SSVM_ERR_NONFINITE;
            row[k] = -v;
        }
        for (k = cols; k < width; k++) row[k] = g ? -unit * ssvm__asg_row_loss(c, g[j], -1) : 0.0;
    }
    if ((rc = ssvm__hung(m, width, 0, C, base + a->_cost_bytes, y, 0)) != 0) return rc;
    for (j = 0; j < m; j++) if (y[j] >= cols) y[j] = -1;
    if (delta) *delta = ssvm__asg_loss_of(c, i, y);
    return m;
}
SSVM__PRIV int ssvm__asg_truth(void *user, int i, int *y) {
    const ssvm_assign_config *c = &((ssvm_assign *)user)->config;
    int m = ssvm__asg_rows(c, i), j;
    for (j = 0; j < m; j++) y[j] = c->labels[c->row_start[i] + j];
    return m;
}
SSVM__PRIV int ssvm__asg_phi(void *user, int i, const int *y, int len, ssvm_real scale, ssvm_svec *out) {
    const ssvm_assign_config *c = &((ssvm_assign *)user)->config;
    int cols = ssvm__asg_cols(c, i), j, rc;
    if ((rc = ssvm__asg_check_label(c, i, y, len)) != 0) return rc;
    for (j = 0; j < len; j++)
        if (y[j] >= 0) ssvm__asg_add_pair(c, (size_t)c->pair_start[i] + (size_t)j * (size_t)cols + (size_t)y[j], scale, out);
    return out->err;
}
SSVM__PRIV int ssvm__asg_oracle(void *user, int i, const ssvm_real *w, double ws, int *y, ssvm_real *delta) {
    if (!(ws > 0) || !ssvm__finite(1.0 / ws)) return SSVM_ERR_INVALID_ARG;
    return ssvm__asg_argmax((ssvm_assign *)user, i, w, 1.0 / ws, y, delta);
}
SSVM__PRIV int ssvm__asg_decode(void *user, int i, const ssvm_real *w, int *y) {
    return ssvm__asg_argmax((ssvm_assign *)user, i, w, 0, y, 0);
}
SSVM__PRIV int ssvm__asg_loss(void *user, int i, const int *y, int len, ssvm_real *delta) {
    const ssvm_assign_config *c = &((ssvm_assign *)user)->config;
    int rc;
    if ((rc = ssvm__asg_check_label(c, i, y, len)) != 0) return rc;
    *delta = ssvm__asg_loss_of(c, i, y);
    return 0;
}
/* The Birkhoff view (square, no dummy): part p = j*m + k is the edge row j -> column k, with phi_p = f(j, k)
   and cost_p = unit * Delta_j(k); every row of a permutation is matched, so Delta(y_i, y) = sum_p z_p(y) cost_p. */
SSVM__PRIV int ssvm__asg_parts(void *user, int i, int *m) {
    if (!m) return SSVM_ERR_INVALID_ARG;
    *m = ssvm__asg_rows(&((ssvm_assign *)user)->config, i);
    return SSVM_POLYTOPE_BIRKHOFF;
}
/* score or cost may be NULL (not wanted) */
SSVM__PRIV int ssvm__asg_part_scores(void *user, int i, const ssvm_real *w, ssvm_real *score, ssvm_real *cost) {
    const ssvm_assign_config *c = &((ssvm_assign *)user)->config;
    int m = ssvm__asg_rows(c, i), j, k;
    const int *g = c->labels + c->row_start[i];
    double unit = ssvm__asg_unit(c, m);
    size_t p0 = (size_t)c->pair_start[i], p;
    for (j = 0; j < m; j++)
        for (k = 0; k < m; k++) {
            p = (size_t)j * (size_t)m + (size_t)k;
            if (score) score[p] = (ssvm_real)ssvm__asg_score(c, w, p0 + p);
            if (cost) cost[p] = (ssvm_real)(unit * ssvm__asg_row_loss(c, g[j], k));
        }
    return 0;
}
SSVM__PRIV int ssvm__asg_part_phi(void *user, int i, const ssvm_real *z, ssvm_real scale, ssvm_svec *out) {
    const ssvm_assign_config *c = &((ssvm_assign *)user)->config;
    size_t mm = (size_t)ssvm__asg_rows(c, i), p;
    for (p = 0; p < mm * mm; p++) if (z[p] != 0) ssvm__asg_add_pair(c, (size_t)c->pair_start[i] + p, scale * z[p], out);
    return out->err;
}

/* validates the data; the largest rows, Hungarian width and cost matrix; whether the Birkhoff view applies */
SSVM__PRIV ssvm_result ssvm__asg_check(const ssvm_assign_config *c, int *max_rows, int *max_width, size_t *max_cells,
                                       int *square) {
    int i, F, dummy;
    long long k, P;
    if (!c) return SSVM_ERR_INVALID_ARG;
    if (c->n <= 0 || c->n_attrs <= 0) return SSVM_ERR_EMPTY;
    if (!c->row_start || !c->pair_start || !c->labels || (!c->x && (!c->pair_attr_start || !c->attr_id)))
        return SSVM_ERR_INVALID_ARG;
    if (c->flags & ~(SSVM_ASSIGN_COUNTED_LOSS | SSVM_ASSIGN_DUMMY)) return SSVM_ERR_INVALID_ARG;
    if (!ssvm__finite(c->cost_fp) || !ssvm__finite(c->cost_fn) || c->cost_fp < 0 || c->cost_fn < 0) return SSVM_ERR_LOSS;
    if (c->row_start[0] < 0 || c->pair_start[0] < 0) return SSVM_ERR_INVALID_ARG;
    F = c->n_attrs; dummy = (c->flags & SSVM_ASSIGN_DUMMY) != 0;
    *max_rows = 0; *max_width = 0; *max_cells = 0; *square = !dummy;
    for (i = 0; i < c->n; i++) {
        int m = ssvm__asg_rows(c, i), cols = ssvm__asg_cols(c, i);
        long long width;
        if (m <= 0 || cols <= 0) return SSVM_ERR_EMPTY;
        if (m > cols && !dummy) return SSVM_ERR_SHAPE;
        if ((long long)m * cols != (long long)c->pair_start[i + 1] - c->pair_start[i]) return SSVM_ERR_INVALID_ARG;
        width = (long long)cols + (dummy ? m : 0);
        if (width > INT_MAX - 1 || (unsigned long long)m * (unsigned long long)width > (size_t)-1 / 16)
            return SSVM_ERR_OVERFLOW;
        if (cols != m) *square = 0;
        if (m > *max_rows) *max_rows = m;
        if (width > *max_width) *max_width = (int)width;
        if ((size_t)m * (size_t)width > *max_cells) *max_cells = (size_t)m * (size_t)width;
        if (ssvm__asg_check_label(c, i, c->labels + c->row_start[i], m) != 0) return SSVM_ERR_LABEL;
    }
    P = c->pair_start[c->n];
    if (c->x) {
        for (k = (long long)c->pair_start[0] * F; k < P * F; k++)
            if (!ssvm__finite((double)c->x[k])) return SSVM_ERR_NONFINITE;
    } else {
        if (c->pair_attr_start[c->pair_start[0]] < 0) return SSVM_ERR_INVALID_ARG;
        for (k = c->pair_start[0]; k < P; k++)
            if (c->pair_attr_start[k + 1] < c->pair_attr_start[k]) return SSVM_ERR_INVALID_ARG;
        for (k = c->pair_attr_start[c->pair_start[0]]; k < c->pair_attr_start[P]; k++) {
            if (c->attr_id[k] < 0 || c->attr_id[k] >= F) return SSVM_ERR_FEATURE_INDEX;
            if (c->attr_val && !ssvm__finite((double)c->attr_val[k])) return SSVM_ERR_NONFINITE;
        }
    }
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_assign_get_heap_size(const ssvm_assign_config *c, size_t *bytes) {
    int rows = 0, width = 0, sq = 0;
    size_t cells = 0;
    ssvm_result r;
    if ((r = ssvm__size_begin(bytes, ssvm__asg_check(c, &rows, &width, &cells, &sq))) != SSVM_OK) return r;
    return (*bytes = ssvm__asg_scratch_bytes(rows, width, cells)) ? SSVM_OK : SSVM_ERR_OVERFLOW;
}
STRUCTSVM_DEF ssvm_result ssvm_assign_init_preallocated(const ssvm_assign_config *c, void *heap, size_t bytes,
                                                        ssvm_assign *m) {
    int rows = 0, width = 0, sq = 0;
    size_t cells = 0, need;
    ssvm_result r;
    if (!m || !heap) return SSVM_ERR_INVALID_ARG;
    SSVM_MEMSET(m, 0, sizeof *m);
    if ((r = ssvm__asg_check(c, &rows, &width, &cells, &sq)) != SSVM_OK) return r;
    if (!(need = ssvm__asg_scratch_bytes(rows, width, cells))) return SSVM_ERR_OVERFLOW;
    if (bytes < need) return SSVM_ERR_WORKSPACE;
    m->config = *c; m->_max_rows = rows; m->_max_cols = width; m->_square = sq;
    m->_cost_bytes = ssvm__asg_cost_bytes(cells); m->_scratch = heap; m->_scratch_bytes = bytes;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_assign_init(const ssvm_assign_config *c, ssvm_assign *m) {
    size_t need = 0;
    void *heap = 0;
    ssvm_result r = SSVM_ERR_INVALID_ARG;
    if (m) { SSVM_MEMSET(m, 0, sizeof *m); r = ssvm_assign_get_heap_size(c, &need); }
    if (r == SSVM_OK) r = ssvm__heap_for(0, need, &heap);
    if (r == SSVM_OK) r = ssvm_assign_init_preallocated(c, heap, need, m); /* m zeroed first, also on failure */
    if (r == SSVM_OK) m->_owns_scratch = 1;
    else ssvm__free_with(0, heap);
    return r;
}
STRUCTSVM_DEF void ssvm_assign_uninit(ssvm_assign *m) {
    if (!m) return;
    if (m->_owns_scratch) ssvm__free_with(0, m->_scratch);
    m->_scratch = 0; m->_owns_scratch = 0; m->_scratch_bytes = 0; m->_max_rows = 0; m->_max_cols = 0;
}
STRUCTSVM_DEF ssvm_result ssvm_assign_problem(ssvm_assign *m, ssvm_problem *out) {
    if (!m || !out) return SSVM_ERR_INVALID_ARG;
    if (!m->_scratch || m->_max_rows <= 0) return SSVM_ERR_INVALID_ARG; /* not initialised */
    *out = ssvm_problem_config_init(m->config.n, ssvm_assign_dim(&m->config), m->_max_rows);
    out->user = m;
    out->truth = ssvm__asg_truth; out->phi = ssvm__asg_phi; out->oracle = ssvm__asg_oracle;
    out->scratch_in_user = 1; /* >>par: one model object per task slot (config.par.task_users) */
    out->decode = ssvm__asg_decode; out->loss = ssvm__asg_loss;
    if (m->_square) {
        out->parts = ssvm__asg_parts; out->part_scores = ssvm__asg_part_scores; out->part_phi = ssvm__asg_part_phi;
    }
    return SSVM_OK;
}
/* the shape of one example for the predict entry point: its Hungarian width and scratch bytes (0: error) */
SSVM__PRIV ssvm_result ssvm__asg_predict_shape(int m, int c, int flags, int *width, size_t *bytes) {
    long long wd;
    if (m <= 0 || c <= 0) return SSVM_ERR_EMPTY;
    if (flags & ~(SSVM_ASSIGN_COUNTED_LOSS | SSVM_ASSIGN_DUMMY)) return SSVM_ERR_INVALID_ARG;
    if (m > c && !(flags & SSVM_ASSIGN_DUMMY)) return SSVM_ERR_SHAPE;
    wd = (long long)c + ((flags & SSVM_ASSIGN_DUMMY) ? m : 0);
    if (wd > INT_MAX - 1 || (long long)m * c > INT_MAX || (unsigned long long)m * (unsigned long long)wd > (size_t)-1 / 16)
        return SSVM_ERR_OVERFLOW;
    *width = (int)wd;
    *bytes = ssvm__asg_scratch_bytes(m, *width, (size_t)m * (size_t)*width);
    return *bytes ? SSVM_OK : SSVM_ERR_OVERFLOW;
}
STRUCTSVM_DEF ssvm_result ssvm_assign_predict_get_work_size(int m, int c, int flags, size_t *bytes) {
    int width = 0;
    size_t b = 0;
    ssvm_result r;
    if (!bytes) return SSVM_ERR_INVALID_ARG;
    *bytes = 0;
    if ((r = ssvm__asg_predict_shape(m, c, flags, &width, &b)) != SSVM_OK) return r;
    *bytes = b;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_assign_predict(int m, int c, int F, int flags, const ssvm_real *w, const ssvm_real *x,
                                              void *work, size_t work_bytes, int *y) {
    ssvm_assign a;
    int rs[2], ps[2], width = 0, rc;
    size_t need = 0;
    ssvm_result r;
    if (!w || !x || !work || !y) return SSVM_ERR_INVALID_ARG;
    if (F <= 0) return SSVM_ERR_EMPTY;
    if ((r = ssvm__asg_predict_shape(m, c, flags, &width, &need)) != SSVM_OK) return r;
    if (work_bytes < need) return SSVM_ERR_WORKSPACE;
    SSVM_MEMSET(&a, 0, sizeof a);
    rs[0] = 0; rs[1] = m; ps[0] = 0; ps[1] = m * c;
    a.config.n = 1; a.config.n_attrs = F; a.config.flags = flags; a.config.row_start = rs; a.config.n_cols = &c;
    a.config.pair_start = ps; a.config.x = x;
    a._cost_bytes = ssvm__asg_cost_bytes((size_t)m * (size_t)width); a._scratch = work; a._scratch_bytes = work_bytes;
    rc = ssvm__asg_argmax(&a, 0, w, 0, y, 0);
    return rc < 0 ? (ssvm_result)rc : SSVM_OK;
}
/* (assign implementation ends) */

/* >>model: model files (implementation). Layout, in the MANUAL (MODEL FILES): a 144-byte header, the edges
   (u32), the weights (f64), the names (NUL-terminated), a CRC-32 of everything before it. Every multi-byte
   value is written byte by byte, little-endian: no struct is copied, so the format is the same on every host. */
#define SSVM__MODEL_HEADER 144u
#define SSVM__MODEL_MIN (SSVM__MODEL_HEADER + 4u)
#define SSVM__FLT_MAX 3.4028234663852886e38 /* FLT_MAX, without <float.h> (freestanding) */
#define SSVM__MODEL_LAST SSVM_MODEL_KERNEL /* the highest kind this version reads */
/* SSVM_MODEL_KERNEL's part (>>kmodel, at the end of the model implementation) */
SSVM__PRIV ssvm_result ssvm__kmodel_shape(int d, int K, int F, int max_len, int flags, int method, int E);
SSVM__PRIV long long ssvm__kmodel_head(int K, int flags);
SSVM__PRIV ssvm_result ssvm__kmodel_params(int method, double gamma, double coef0, double degree);
SSVM__PRIV size_t ssvm__kmodel_work(const ssvm_model *m, int len);
SSVM__PRIV SSVM__MAYBE_UNUSED double ssvm__exp_portable(double x); /* >>math */
SSVM__PRIV ssvm_result ssvm__kmodel_predict(const ssvm_model *m, const ssvm_model_input *in, void *work,
                                            size_t work_bytes, int *y, size_t y_bytes, int *y_len);
typedef char ssvm__model_f64_check[sizeof(double) == 8 && sizeof(uint64_t) == 8 ? 1 : -1];

/* CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), a byte at a time from the usual 256-entry table */
SSVM__PRIV uint32_t ssvm__crc32(uint32_t crc, const unsigned char *p, size_t n) {
    static const uint32_t tab[256] = {
        0x00000000u, 0x77073096u, 0xEE0E612Cu, 0x990951BAu, 0x076DC419u, 0x706AF48Fu, 0xE963A535u, 0x9E6495A3u,
        0x0EDB8832u, 0x79DCB8A4u, 0xE0D5E91Eu, 0x97D2D988u, 0x09B64C2Bu, 0x7EB17CBDu, 0xE7B82D07u, 0x90BF1D91u,
        0x1DB71064u, 0x6AB020F2u, 0xF3B97148u, 0x84BE41DEu, 0x1ADAD47Du, 0x6DDDE4EBu, 0xF4D4B551u, 0x83D385C7u,
        0x136C9856u, 0x646BA8C0u, 0xFD62F97Au, 0x8A65C9ECu, 0x14015C4Fu, 0x63066CD9u, 0xFA0F3D63u, 0x8D080DF5u,
        0x3B6E20C8u, 0x4C69105Eu, 0xD56041E4u, 0xA2677172u, 0x3C03E4D1u, 0x4B04D447u, 0xD20D85FDu, 0xA50AB56Bu,
        0x35B5A8FAu, 0x42B2986Cu, 0xDBBBC9D6u, 0xACBCF940u, 0x32D86CE3u, 0x45DF5C75u, 0xDCD60DCFu, 0xABD13D59u,
        0x26D930ACu, 0x51DE003Au, 0xC8D75180u, 0xBFD06116u, 0x21B4F4B5u, 0x56B3C423u, 0xCFBA9599u, 0xB8BDA50Fu,
        0x2802B89Eu, 0x5F058808u, 0xC60CD9B2u, 0xB10BE924u, 0x2F6F7C87u, 0x58684C11u, 0xC1611DABu, 0xB6662D3Du,
        0x76DC4190u, 0x01DB7106u, 0x98D220BCu, 0xEFD5102Au, 0x71B18589u, 0x06B6B51Fu, 0x9FBFE4A5u, 0xE8B8D433u,
        0x7807C9A2u, 0x0F00F934u, 0x9609A88Eu, 0xE10E9818u, 0x7F6A0DBBu, 0x086D3D2Du, 0x91646C97u, 0xE6635C01u,
        0x6B6B51F4u, 0x1C6C6162u, 0x856530D8u, 0xF262004Eu, 0x6C0695EDu, 0x1B01A57Bu, 0x8208F4C1u, 0xF50FC457u,
        0x65B0D9C6u, 0x12B7E950u, 0x8BBEB8EAu, 0xFCB9887Cu, 0x62DD1DDFu, 0x15DA2D49u, 0x8CD37CF3u, 0xFBD44C65u,
        0x4DB26158u, 0x3AB551CEu, 0xA3BC0074u, 0xD4BB30E2u, 0x4ADFA541u, 0x3DD895D7u, 0xA4D1C46Du, 0xD3D6F4FBu,
        0x4369E96Au, 0x346ED9FCu, 0xAD678846u, 0xDA60B8D0u, 0x44042D73u, 0x33031DE5u, 0xAA0A4C5Fu, 0xDD0D7CC9u,
        0x5005713Cu, 0x270241AAu, 0xBE0B1010u, 0xC90C2086u, 0x5768B525u, 0x206F85B3u, 0xB966D409u, 0xCE61E49Fu,
        0x5EDEF90Eu, 0x29D9C998u, 0xB0D09822u, 0xC7D7A8B4u, 0x59B33D17u, 0x2EB40D81u, 0xB7BD5C3Bu, 0xC0BA6CADu,
        0xEDB88320u, 0x9ABFB3B6u, 0x03B6E20Cu, 0x74B1D29Au, 0xEAD54739u, 0x9DD277AFu, 0x04DB2615u, 0x73DC1683u,
        0xE3630B12u, 0x94643B84u, 0x0D6D6A3Eu, 0x7A6A5AA8u, 0xE40ECF0Bu, 0x9309FF9Du, 0x0A00AE27u, 0x7D079EB1u,
        0xF00F9344u, 0x8708A3D2u, 0x1E01F268u, 0x6906C2FEu, 0xF762575Du, 0x806567CBu, 0x196C3671u, 0x6E6B06E7u,
        0xFED41B76u, 0x89D32BE0u, 0x10DA7A5Au, 0x67DD4ACCu, 0xF9B9DF6Fu, 0x8EBEEFF9u, 0x17B7BE43u, 0x60B08ED5u,
        0xD6D6A3E8u, 0xA1D1937Eu, 0x38D8C2C4u, 0x4FDFF252u, 0xD1BB67F1u, 0xA6BC5767u, 0x3FB506DDu, 0x48B2364Bu,
        0xD80D2BDAu, 0xAF0A1B4Cu, 0x36034AF6u, 0x41047A60u, 0xDF60EFC3u, 0xA867DF55u, 0x316E8EEFu, 0x4669BE79u,
        0xCB61B38Cu, 0xBC66831Au, 0x256FD2A0u, 0x5268E236u, 0xCC0C7795u, 0xBB0B4703u, 0x220216B9u, 0x5505262Fu,
        0xC5BA3BBEu, 0xB2BD0B28u, 0x2BB45A92u, 0x5CB36A04u, 0xC2D7FFA7u, 0xB5D0CF31u, 0x2CD99E8Bu, 0x5BDEAE1Du,
        0x9B64C2B0u, 0xEC63F226u, 0x756AA39Cu, 0x026D930Au, 0x9C0906A9u, 0xEB0E363Fu, 0x72076785u, 0x05005713u,
        0x95BF4A82u, 0xE2B87A14u, 0x7BB12BAEu, 0x0CB61B38u, 0x92D28E9Bu, 0xE5D5BE0Du, 0x7CDCEFB7u, 0x0BDBDF21u,
        0x86D3D2D4u, 0xF1D4E242u, 0x68DDB3F8u, 0x1FDA836Eu, 0x81BE16CDu, 0xF6B9265Bu, 0x6FB077E1u, 0x18B74777u,
        0x88085AE6u, 0xFF0F6A70u, 0x66063BCAu, 0x11010B5Cu, 0x8F659EFFu, 0xF862AE69u, 0x616BFFD3u, 0x166CCF45u,
        0xA00AE278u, 0xD70DD2EEu, 0x4E048354u, 0x3903B3C2u, 0xA7672661u, 0xD06016F7u, 0x4969474Du, 0x3E6E77DBu,
        0xAED16A4Au, 0xD9D65ADCu, 0x40DF0B66u, 0x37D83BF0u, 0xA9BCAE53u, 0xDEBB9EC5u, 0x47B2CF7Fu, 0x30B5FFE9u,
        0xBDBDF21Cu, 0xCABAC28Au, 0x53B39330u, 0x24B4A3A6u, 0xBAD03605u, 0xCDD70693u, 0x54DE5729u, 0x23D967BFu,
        0xB3667A2Eu, 0xC4614AB8u, 0x5D681B02u, 0x2A6F2B94u, 0xB40BBE37u, 0xC30C8EA1u, 0x5A05DF1Bu, 0x2D02EF8Du};
    crc = ~crc;
    while (n--) crc = (crc >> 8) ^ tab[(crc ^ *p++) & 255u];
    return ~crc;
}
SSVM__PRIV uint32_t ssvm__rd32(const unsigned char *p) {
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}
SSVM__PRIV uint64_t ssvm__rd64(const unsigned char *p) {
    return (uint64_t)ssvm__rd32(p) | ((uint64_t)ssvm__rd32(p + 4) << 32);
}
/* The envelope model files and checkpoints share: magic (8 bytes), u32 version (1 .. max_version), u32 header
   bytes, u64 file bytes (>= min_total, <= bytes), then the CRC-32 of everything before the last 4 bytes. */
SSVM__PRIV SSVM__MAYBE_UNUSED ssvm_result ssvm__envelope(const unsigned char *p, size_t bytes,
                                                         const unsigned char *magic, uint32_t max_version,
                                                         uint32_t header, uint64_t min_total, uint32_t *version,
                                                         uint64_t *total, size_t *end) {
    size_t k;
    for (k = 0; k < 8 && k < bytes; k++) if (p[k] != magic[k]) return SSVM_ERR_FORMAT;
    if (bytes < 12) return SSVM_ERR_TRUNCATED;
    *version = ssvm__rd32(p + 8);
    if (*version == 0) return SSVM_ERR_FORMAT;
    if (*version > max_version) return SSVM_ERR_VERSION;
    if (bytes < 24) return SSVM_ERR_TRUNCATED;
    if (ssvm__rd32(p + 12) != header) return SSVM_ERR_FORMAT;
    *total = ssvm__rd64(p + 16);
    if (*total < min_total) return SSVM_ERR_FORMAT;
    if (*total > (uint64_t)bytes) return SSVM_ERR_TRUNCATED;
    *end = (size_t)*total - 4;
    if (ssvm__crc32(0, p, *end) != ssvm__rd32(p + *end)) return SSVM_ERR_CHECKSUM;
    return SSVM_OK;
}
SSVM__PRIV double ssvm__rdf64(const unsigned char *p) {
    uint64_t u = ssvm__rd64(p);
    double v;
    SSVM_MEMCPY(&v, &u, 8); /* one double's bits; IEEE-754 binary64 assumed (checked above: 8 bytes) */
    return v;
}
/* a u32 field as an int: two's complement (flags, method, solver and passes may be negative) */
SSVM__PRIV int ssvm__u32_int(uint32_t u) { return u <= 0x7FFFFFFFu ? (int)u : -(int)(0xFFFFFFFFu - u) - 1; }
SSVM__PRIV size_t ssvm__strlen(const char *s) { size_t n = 0; while (s[n]) n++; return n; }

/* The writer: bytes go to memory or (stdio) a FILE, and into the running CRC. */
typedef struct ssvm__mw {
    unsigned char *buf;
    size_t pos;
    void *file; /* FILE *, kept as void * so that the struct exists under STRUCTSVM_NO_STDIO */
    uint32_t crc;
    int err;
} ssvm__mw;
SSVM__PRIV void ssvm__mw_put(ssvm__mw *w, const unsigned char *p, size_t n) {
    w->crc = ssvm__crc32(w->crc, p, n);
    if (w->buf) SSVM_MEMCPY(w->buf + w->pos, p, n);
#ifndef STRUCTSVM_NO_STDIO
    else if (w->file && !w->err && fwrite(p, 1, n, (FILE *)w->file) != n) w->err = 1;
#endif
    w->pos += n;
}
SSVM__PRIV void ssvm__mw32(ssvm__mw *w, uint32_t v) {
    unsigned char b[4];
    b[0] = (unsigned char)(v & 255u); b[1] = (unsigned char)((v >> 8) & 255u);
    b[2] = (unsigned char)((v >> 16) & 255u); b[3] = (unsigned char)((v >> 24) & 255u);
    ssvm__mw_put(w, b, 4);
}
SSVM__PRIV void ssvm__mw64(ssvm__mw *w, uint64_t v) {
    ssvm__mw32(w, (uint32_t)(v & 0xFFFFFFFFu));
    ssvm__mw32(w, (uint32_t)(v >> 32));
}
SSVM__PRIV void ssvm__mwf64(ssvm__mw *w, double v) {
    uint64_t u;
    SSVM_MEMCPY(&u, &v, 8);
    ssvm__mw64(w, u);
}

SSVM__PRIV double ssvm__model_nan(void) {
    volatile double z = 0.0; /* 0/0 at run time, as ssvm__nan does; no <math.h> NAN in freestanding builds */
    return z / z;
}
STRUCTSVM_DEF ssvm_model ssvm_model_config_init(int kind, int d, const ssvm_real *w) {
    ssvm_model m;
    SSVM_MEMSET(&m, 0, sizeof m);
    m.kind = kind; m.d = d; m.w = w;
    m.summary.solver = -1;
    m.summary.lambda = m.summary.primal = m.summary.dual = m.summary.gap = ssvm__model_nan();
    return m;
}
STRUCTSVM_DEF ssvm_result ssvm_model_of_multiclass(const ssvm_multiclass_config *c, const ssvm_real *w,
                                                   ssvm_model *out) {
    int d;
    if (!c || !w || !out) return SSVM_ERR_INVALID_ARG;
    if ((d = ssvm_multiclass_dim(c)) <= 0)
        return c->n_labels <= 0 || c->n_attrs <= 0 ? SSVM_ERR_EMPTY : SSVM_ERR_OVERFLOW;
    *out = ssvm_model_config_init(SSVM_MODEL_MULTICLASS, d, w);
    out->n_labels = c->n_labels; out->n_attrs = c->n_attrs;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_model_of_chain(const ssvm_chain_config *c, const ssvm_real *w, ssvm_model *out) {
    int d;
    if (!c || !w || !out) return SSVM_ERR_INVALID_ARG;
    if ((d = ssvm_chain_dim(c)) <= 0) return c->n_labels <= 0 || c->n_attrs <= 0 ? SSVM_ERR_EMPTY : SSVM_ERR_OVERFLOW;
    *out = ssvm_model_config_init(SSVM_MODEL_CHAIN, d, w);
    out->n_labels = c->n_labels; out->n_attrs = c->n_attrs; out->flags = c->flags;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_model_of_graph(const ssvm_graph_config *c, const ssvm_real *w, ssvm_model *out) {
    int d;
    if (!c || !w || !out) return SSVM_ERR_INVALID_ARG;
    if ((d = ssvm_graph_dim(c)) <= 0) return c->n_labels <= 0 || c->n_attrs <= 0 ? SSVM_ERR_EMPTY : SSVM_ERR_OVERFLOW;
    *out = ssvm_model_config_init(SSVM_MODEL_GRAPH, d, w);
    out->n_labels = c->n_labels; out->n_attrs = c->n_attrs; out->flags = c->flags; out->method = c->method;
    out->n_edges = c->n_edges; out->edges = c->n_edges > 0 ? c->edges : 0;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_model_of_assign(const ssvm_assign_config *c, const ssvm_real *w, ssvm_model *out) {
    int d;
    if (!c || !w || !out) return SSVM_ERR_INVALID_ARG;
    if ((d = ssvm_assign_dim(c)) <= 0) return SSVM_ERR_EMPTY;
    *out = ssvm_model_config_init(SSVM_MODEL_ASSIGN, d, w);
    out->n_attrs = c->n_attrs; out->flags = c->flags;
    return SSVM_OK;
}
STRUCTSVM_DEF const char *ssvm_model_kind_string(int kind) {
    switch (kind) {
    case SSVM_MODEL_USER: return "user";
    case SSVM_MODEL_MULTICLASS: return "multiclass";
    case SSVM_MODEL_CHAIN: return "chain";
    case SSVM_MODEL_GRAPH: return "graph";
    case SSVM_MODEL_ASSIGN: return "assign";
    case SSVM_MODEL_KERNEL: return "kernel";
    }
    return "unknown";
}

/* The shape check shared by saving and loading: everything but the edges' contents, the names and the
   weights' values. */
SSVM__PRIV ssvm_result ssvm__model_shape(int kind, int d, int K, int F, int max_len, int flags, int method, int E) {
    long long want;
    ssvm_result r;
    if (kind < SSVM_MODEL_USER || kind > SSVM__MODEL_LAST) return SSVM_ERR_KIND;
    if (d <= 0) return SSVM_ERR_EMPTY;
    if (K < 0 || F < 0 || max_len < 0 || E < 0) return SSVM_ERR_INVALID_ARG;
    if (kind == SSVM_MODEL_USER) return E == 0 ? SSVM_OK : SSVM_ERR_INVALID_ARG;
    if (kind == SSVM_MODEL_KERNEL) return ssvm__kmodel_shape(d, K, F, max_len, flags, method, E);
    if (F <= 0 || (kind != SSVM_MODEL_ASSIGN && K <= 0)) return SSVM_ERR_EMPTY;
    if (kind != SSVM_MODEL_GRAPH && (E != 0 || method != 0)) return SSVM_ERR_INVALID_ARG;
    switch (kind) {
    case SSVM_MODEL_MULTICLASS:
        if (flags != 0) return SSVM_ERR_INVALID_ARG;
        want = (long long)K * F;
        break;
    case SSVM_MODEL_CHAIN:
        if (flags & ~(SSVM_CHAIN_BIASES | SSVM_CHAIN_COUNTED_LOSS | SSVM_CHAIN_ATTR_MAJOR)) return SSVM_ERR_INVALID_ARG;
        want = (long long)K * F + (long long)K * ((long long)K + ((flags & SSVM_CHAIN_BIASES) ? 2 : 0)); /* K + 2 in 64 bits (fuzz-model: K = INT_MAX) */
        break;
    case SSVM_MODEL_GRAPH:
        if (flags & ~SSVM_GRAPH_COUNTED_LOSS) return SSVM_ERR_INVALID_ARG;
        if ((r = ssvm__gw_args(K, E, method)) != SSVM_OK) return r;
        want = (long long)K * F + 4LL * E;
        break;
    default: /* assign */
        if (K != 0 || (flags & ~(SSVM_ASSIGN_COUNTED_LOSS | SSVM_ASSIGN_DUMMY))) return SSVM_ERR_INVALID_ARG;
        want = F;
        break;
    }
    if (want > INT_MAX) return SSVM_ERR_OVERFLOW;
    return want == d ? SSVM_OK : SSVM_ERR_INVALID_ARG;
}
/* a name count: 0, or the dimension it names (any count for a user model) */
SSVM__PRIV int ssvm__model_names_ok(int kind, int count, int dim) {
    return count >= 0 && (kind == SSVM_MODEL_USER || count == 0 || count == dim);
}
STRUCTSVM_DEF ssvm_result ssvm_model_check(const ssvm_model *m) {
    ssvm_result r;
    int e, k;
    if (!m) return SSVM_ERR_INVALID_ARG;
    r = ssvm__model_shape(m->kind, m->d, m->n_labels, m->n_attrs, m->max_label_len, m->flags, m->method, m->n_edges);
    if (r != SSVM_OK) return r;
    if (!m->w || (m->n_edges > 0 && !m->edges) || (m->user_tag & ~0xFFFFFFFFul)) return SSVM_ERR_INVALID_ARG;
    for (e = 0; e < m->n_edges; e++) {
        int a = m->edges[2 * e], b = m->edges[2 * e + 1];
        if (a < 0 || a >= m->n_labels || b < 0 || b >= m->n_labels || a == b) return SSVM_ERR_GRAPH;
    }
    if (!ssvm__model_names_ok(m->kind, m->n_attr_names, m->n_attrs) ||
        !ssvm__model_names_ok(m->kind, m->n_label_names, m->n_labels))
        return SSVM_ERR_INVALID_ARG;
    if ((m->n_attr_names > 0 && !m->attr_names) || (m->n_label_names > 0 && !m->label_names))
        return SSVM_ERR_INVALID_ARG;
    for (k = 0; k < m->n_attr_names; k++) if (!m->attr_names[k]) return SSVM_ERR_INVALID_ARG;
    for (k = 0; k < m->n_label_names; k++) if (!m->label_names[k]) return SSVM_ERR_INVALID_ARG;
    if (m->metadata && ssvm__strlen(m->metadata) >= 0xFFFFFFFFu) return SSVM_ERR_OVERFLOW;
    for (k = 0; k < m->d; k++) if (!ssvm__finite((double)m->w[k])) return SSVM_ERR_NONFINITE;
    if (m->kind == SSVM_MODEL_KERNEL) return ssvm__kmodel_params(m->method, (double)m->w[0], (double)m->w[1], (double)m->w[2]);
    return SSVM_OK;
}

/* bytes of the names table (each name and its NUL), 0 with *ok = 0 when the sum does not fit */
SSVM__PRIV uint64_t ssvm__model_names_bytes(const ssvm_model *m, int *ok) {
    uint64_t t = 0;
    int k;
    *ok = 1;
    for (k = 0; k < m->n_attr_names; k++) t += (uint64_t)ssvm__strlen(m->attr_names[k]) + 1u;
    for (k = 0; k < m->n_label_names; k++) t += (uint64_t)ssvm__strlen(m->label_names[k]) + 1u;
    if (t > ((uint64_t)1 << 62)) *ok = 0;
    return t;
}
/* the whole file's bytes as a u64 (fits: d, E < 2^31, names < 2^62) */
/* the metadata's bytes with its NUL (version 2), 0 when there is none */
SSVM__PRIV uint64_t ssvm__model_meta_bytes(const ssvm_model *m) {
    return m->metadata && m->metadata[0] ? (uint64_t)ssvm__strlen(m->metadata) + 1u : 0u;
}
SSVM__PRIV uint64_t ssvm__model_file_bytes(const ssvm_model *m, uint64_t names) {
    return (uint64_t)SSVM__MODEL_MIN + 8u * (uint64_t)m->n_edges + 8u * (uint64_t)m->d + names + ssvm__model_meta_bytes(m);
}
STRUCTSVM_DEF ssvm_result ssvm_model_save_get_size(const ssvm_model *m, size_t *bytes) {
    ssvm_result r;
    uint64_t names, total;
    int ok;
    if (!bytes) return SSVM_ERR_INVALID_ARG;
    *bytes = 0;
    if ((r = ssvm_model_check(m)) != SSVM_OK) return r;
    names = ssvm__model_names_bytes(m, &ok);
    total = ssvm__model_file_bytes(m, names);
    if (!ok || total > (uint64_t)((size_t)-1)) return SSVM_ERR_OVERFLOW;
    *bytes = (size_t)total;
    return SSVM_OK;
}
/* writes the checked model m of `total` bytes to w */
SSVM__PRIV void ssvm__model_write(const ssvm_model *m, uint64_t names, uint64_t total, ssvm__mw *w) {
    static const unsigned char magic[8] = {'S', 'S', 'V', 'M', 'O', 'D', 'E', 'L'};
    const ssvm_model_summary *s = &m->summary;
    int k;
    uint64_t meta = ssvm__model_meta_bytes(m);
    ssvm__mw_put(w, magic, 8);
    ssvm__mw32(w, meta ? 2u : 1u); /* without metadata, the version-1 file of 0.4 byte for byte */
    ssvm__mw32(w, SSVM__MODEL_HEADER);
    ssvm__mw64(w, total);
    ssvm__mw32(w, (uint32_t)m->kind);
    ssvm__mw32(w, (uint32_t)(m->user_tag & 0xFFFFFFFFul));
    ssvm__mw32(w, (uint32_t)m->d);
    ssvm__mw32(w, (uint32_t)m->n_labels);
    ssvm__mw32(w, (uint32_t)m->n_attrs);
    ssvm__mw32(w, (uint32_t)m->max_label_len);
    ssvm__mw32(w, (uint32_t)m->flags);
    ssvm__mw32(w, (uint32_t)m->method);
    ssvm__mw32(w, (uint32_t)m->n_edges);
    ssvm__mw32(w, (uint32_t)m->n_attr_names);
    ssvm__mw32(w, (uint32_t)m->n_label_names);
    ssvm__mw32(w, (uint32_t)s->solver);
    ssvm__mw32(w, (uint32_t)s->passes);
    ssvm__mw32(w, (uint32_t)meta); /* version 1: reserved, 0; version 2: the metadata's bytes */
    ssvm__mw64(w, names);
    ssvm__mwf64(w, s->lambda);
    ssvm__mwf64(w, s->primal);
    ssvm__mwf64(w, s->dual);
    ssvm__mwf64(w, s->gap);
    ssvm__mwf64(w, s->wall_seconds);
    ssvm__mw64(w, (uint64_t)s->oracle_calls);
    ssvm__mw64(w, (uint64_t)s->seed);
    for (k = 0; k < 2 * m->n_edges; k++) ssvm__mw32(w, (uint32_t)m->edges[k]);
    for (k = 0; k < m->d; k++) ssvm__mwf64(w, (double)m->w[k]);
    for (k = 0; k < m->n_attr_names; k++)
        ssvm__mw_put(w, (const unsigned char *)m->attr_names[k], ssvm__strlen(m->attr_names[k]) + 1);
    for (k = 0; k < m->n_label_names; k++)
        ssvm__mw_put(w, (const unsigned char *)m->label_names[k], ssvm__strlen(m->label_names[k]) + 1);
    if (meta) ssvm__mw_put(w, (const unsigned char *)m->metadata, (size_t)meta);
    ssvm__mw32(w, w->crc);
}
STRUCTSVM_DEF ssvm_result ssvm_model_save(const ssvm_model *m, void *buf, size_t buf_bytes, size_t *written) {
    size_t need = 0;
    ssvm__mw w;
    int ok;
    ssvm_result r;
    if (written) *written = 0;
    if (!buf) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_model_save_get_size(m, &need)) != SSVM_OK) return r;
    if (buf_bytes < need) return SSVM_ERR_WORKSPACE;
    SSVM_MEMSET(&w, 0, sizeof w);
    w.buf = (unsigned char *)buf;
    ssvm__model_write(m, ssvm__model_names_bytes(m, &ok), (uint64_t)need, &w);
    SSVM_ASSERT(w.pos == need);
    if (written) *written = w.pos;
    return SSVM_OK;
}

/* The loader's view of a file that passed the header, size and checksum checks. */
typedef struct ssvm__model_file {
    const unsigned char *p; /* the file */
    ssvm_model m;           /* the header's fields (pointers unset) */
    uint64_t names;         /* bytes of the names table */
    uint64_t meta;          /* bytes of the metadata (version 2), its NUL included */
    size_t off_edges, off_w, off_names, off_meta;
} ssvm__model_file;
/* Everything that reads only buf: magic, version, sizes, checksum, kind, shape, edges' ranges, weights (finite
   and in this build's range), the names table. */
SSVM__PRIV ssvm_result ssvm__model_parse(const void *buf, size_t bytes, int kind, ssvm__model_file *f) {
    static const unsigned char magic[8] = {'S', 'S', 'V', 'M', 'O', 'D', 'E', 'L'};
    const unsigned char *p = (const unsigned char *)buf;
    uint64_t total, u[11], names, meta;
    uint32_t version;
    size_t nn, off, end;
    int i, r;
    if (!buf || kind < SSVM_MODEL_ANY || kind > SSVM__MODEL_LAST) return SSVM_ERR_INVALID_ARG;
    if ((r = (int)ssvm__envelope(p, bytes, magic, SSVM_MODEL_FORMAT_VERSION, SSVM__MODEL_HEADER, SSVM__MODEL_MIN,
                                 &version, &total, &end)) != SSVM_OK)
        return (ssvm_result)r;
    /* kind, user_tag, d, K, F, max_len, flags, method, E, attr names, label names */
    for (i = 0; i < 11; i++) u[i] = ssvm__rd32(p + 24 + 4 * i);
    if (u[0] > SSVM__MODEL_LAST) return SSVM_ERR_KIND;
    if (kind != SSVM_MODEL_ANY && (int)u[0] != kind) return SSVM_ERR_KIND;
    meta = ssvm__rd32(p + 76); /* version 1: reserved, 0; version 2: the metadata's bytes */
    if (version == 1 ? meta != 0 : meta < 2) return SSVM_ERR_FORMAT; /* version 2: non-empty metadata (one save, one file) */
    for (i = 2; i < 11; i++) if (i != 6 && i != 7 && u[i] > (uint64_t)INT_MAX) return SSVM_ERR_OVERFLOW;
    names = ssvm__rd64(p + 80);
    if (names > total) return SSVM_ERR_FORMAT;
    if ((uint64_t)SSVM__MODEL_MIN + 8u * u[8] + 8u * u[2] + names + meta != total) return SSVM_ERR_FORMAT;
    SSVM_MEMSET(f, 0, sizeof *f);
    f->p = p; f->names = names; f->meta = meta;
    f->m = ssvm_model_config_init((int)u[0], (int)u[2], 0);
    f->m.user_tag = (unsigned long)u[1];
    f->m.n_labels = (int)u[3]; f->m.n_attrs = (int)u[4]; f->m.max_label_len = (int)u[5];
    f->m.flags = ssvm__u32_int((uint32_t)u[6]); f->m.method = ssvm__u32_int((uint32_t)u[7]);
    f->m.n_edges = (int)u[8]; f->m.n_attr_names = (int)u[9]; f->m.n_label_names = (int)u[10];
    f->m.summary.solver = ssvm__u32_int(ssvm__rd32(p + 68));
    f->m.summary.passes = ssvm__u32_int(ssvm__rd32(p + 72));
    f->m.summary.lambda = ssvm__rdf64(p + 88);
    f->m.summary.primal = ssvm__rdf64(p + 96);
    f->m.summary.dual = ssvm__rdf64(p + 104);
    f->m.summary.gap = ssvm__rdf64(p + 112);
    f->m.summary.wall_seconds = ssvm__rdf64(p + 120);
    f->m.summary.oracle_calls = (long long)ssvm__rd64(p + 128);
    f->m.summary.seed = (unsigned long long)ssvm__rd64(p + 136);
    r = ssvm__model_shape(f->m.kind, f->m.d, f->m.n_labels, f->m.n_attrs, f->m.max_label_len, f->m.flags,
                          f->m.method, f->m.n_edges);
    if (r == SSVM_ERR_KIND || r == SSVM_ERR_OVERFLOW) return (ssvm_result)r;
    if (r != SSVM_OK) return SSVM_ERR_FORMAT;
    if (!ssvm__model_names_ok(f->m.kind, f->m.n_attr_names, f->m.n_attrs) ||
        !ssvm__model_names_ok(f->m.kind, f->m.n_label_names, f->m.n_labels))
        return SSVM_ERR_FORMAT;
    f->off_edges = SSVM__MODEL_HEADER;
    f->off_w = f->off_edges + 8u * (size_t)f->m.n_edges;
    f->off_names = f->off_w + 8u * (size_t)f->m.d;
    f->off_meta = f->off_names + (size_t)names;
    for (i = 0; i < 2 * f->m.n_edges; i++) {
        uint32_t a = ssvm__rd32(p + f->off_edges + 4u * (size_t)i);
        if (a >= (uint32_t)f->m.n_labels || (i & 1 && a == ssvm__rd32(p + f->off_edges + 4u * (size_t)(i - 1))))
            return SSVM_ERR_FORMAT;
    }
    for (i = 0; i < f->m.d; i++) {
        double v = ssvm__rdf64(p + f->off_w + 8u * (size_t)i);
        if (!ssvm__finite(v)) return SSVM_ERR_NONFINITE;
        if (sizeof(ssvm_real) < sizeof(double) && ssvm__abs(v) > SSVM__FLT_MAX) return SSVM_ERR_NONFINITE;
    }
    if (f->m.kind == SSVM_MODEL_KERNEL && ssvm__kmodel_params(f->m.method, ssvm__rdf64(p + f->off_w), ssvm__rdf64(p + f->off_w + 8u),
                                                             ssvm__rdf64(p + f->off_w + 16u)) != SSVM_OK)
        return SSVM_ERR_FORMAT;
    /* the names: exactly n_attr_names + n_label_names NUL-terminated strings, the last NUL the table's end */
    nn = 0;
    for (off = f->off_names; off < f->off_meta; off++) if (p[off] == 0) nn++;
    if (nn != (size_t)f->m.n_attr_names + (size_t)f->m.n_label_names || (names > 0 && p[f->off_meta - 1] != 0))
        return SSVM_ERR_FORMAT;
    /* the metadata: one string, its NUL the last byte */
    for (off = f->off_meta; off + 1 < end; off++) if (p[off] == 0) return SSVM_ERR_FORMAT;
    if (meta > 0 && p[end - 1] != 0) return SSVM_ERR_FORMAT;
    return SSVM_OK;
}
/* the heap: weights, edges, name pointers, the names, and (graph) the scratch that checks the graph */
SSVM__PRIV void ssvm__model_carve(ssvm__arena *a, const ssvm__model_file *f, ssvm_real **w, int **edges,
                                  const char ***ptrs, char **str, ssvm__gw *g) {
    *w = (ssvm_real *)ssvm__take(a, (size_t)f->m.d, sizeof(ssvm_real));
    *edges = (int *)ssvm__take(a, ssvm__mulsz(a, (size_t)f->m.n_edges, 2), sizeof(int));
    *ptrs = (const char **)ssvm__take(a, (size_t)f->m.n_attr_names + (size_t)f->m.n_label_names, sizeof(char *));
    *str = (char *)ssvm__take(a, (size_t)f->names + (size_t)f->meta, 1); /* the names, then the metadata */
    if (f->m.kind == SSVM_MODEL_GRAPH) ssvm__gw_carve(a, f->m.n_labels, f->m.n_edges, g);
}
/* the heap size of a parsed file */
SSVM__PRIV ssvm_result ssvm__model_heap_bytes(const ssvm__model_file *f, size_t *bytes) {
    ssvm__arena a = {0, 0, 0, 0};
    ssvm_real *w;
    int *edges;
    const char **ptrs;
    char *str;
    ssvm__gw g;
    ssvm__model_carve(&a, f, &w, &edges, &ptrs, &str, &g);
    return ssvm__arena_bytes(&a, bytes);
}
/* copies a parsed file into the heap (need: its heap size), then checks a graph's edges there */
SSVM__PRIV ssvm_result ssvm__model_fill(const ssvm__model_file *f, size_t need, void *heap, size_t heap_bytes,
                                        ssvm_model *m) {
    ssvm__arena a;
    ssvm_real *w;
    int *edges, i, use = 0;
    const char **ptrs;
    char *str;
    ssvm__gw g;
    size_t k, n;
    ssvm_result r;
    if ((r = ssvm__arena_over(SSVM_OK, &need, heap, heap_bytes, &a)) != SSVM_OK) return r;
    ssvm__model_carve(&a, f, &w, &edges, &ptrs, &str, &g);
    for (i = 0; i < 2 * f->m.n_edges; i++) edges[i] = (int)ssvm__rd32(f->p + f->off_edges + 4u * (size_t)i);
    if (f->m.kind == SSVM_MODEL_GRAPH) { /* repeated edges, and the method against the graph (a tree on a cycle) */
        if (ssvm__gw_build(&g, edges) != SSVM_OK || ssvm__gw_pick(&g, f->m.method, &use) != SSVM_OK)
            return SSVM_ERR_FORMAT;
    }
    for (i = 0; i < f->m.d; i++) w[i] = (ssvm_real)ssvm__rdf64(f->p + f->off_w + 8u * (size_t)i);
    if (f->names + f->meta) SSVM_MEMCPY(str, f->p + f->off_names, (size_t)(f->names + f->meta));
    n = (size_t)f->m.n_attr_names + (size_t)f->m.n_label_names;
    for (k = 0, i = 0; k < n; k++) { ptrs[k] = str + i; while (str[i]) i++; i++; }
    *m = f->m;
    m->w = w;
    m->edges = f->m.n_edges > 0 ? edges : 0;
    m->attr_names = f->m.n_attr_names > 0 ? ptrs : 0;
    m->label_names = f->m.n_label_names > 0 ? ptrs + f->m.n_attr_names : 0;
    m->metadata = f->meta ? str + (size_t)f->names : 0;
    m->_heap = 0;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_model_load_get_heap_size(const void *buf, size_t bytes, int kind, size_t *heap_bytes) {
    ssvm__model_file f;
    ssvm_result r;
    if ((r = ssvm__size_begin(heap_bytes, ssvm__model_parse(buf, bytes, kind, &f))) != SSVM_OK) return r;
    return ssvm__model_heap_bytes(&f, heap_bytes);
}
STRUCTSVM_DEF ssvm_result ssvm_model_load_preallocated(const void *buf, size_t bytes, int kind, void *heap,
                                                       size_t heap_bytes, ssvm_model *m) {
    ssvm__model_file f;
    size_t need = 0;
    ssvm_result r;
    if (!m) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm__model_parse(buf, bytes, kind, &f)) != SSVM_OK) return r;
    if ((r = ssvm__model_heap_bytes(&f, &need)) != SSVM_OK) return r;
    return ssvm__model_fill(&f, need, heap, heap_bytes, m);
}
STRUCTSVM_DEF ssvm_result ssvm_model_load(const void *buf, size_t bytes, int kind, ssvm_model *m) {
    ssvm__model_file f;
    size_t need = 0;
    void *heap = 0;
    ssvm_result r;
    if (!m) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm__model_parse(buf, bytes, kind, &f)) != SSVM_OK) return r; /* once: the CRC and checks are O(file) */
    if ((r = ssvm__model_heap_bytes(&f, &need)) != SSVM_OK) return r;
    if ((r = ssvm__heap_for(0, need, &heap)) != SSVM_OK) return r;
    if ((r = ssvm__model_fill(&f, need, heap, need, m)) != SSVM_OK) {
        ssvm__free_with(0, heap);
        return r;
    }
    m->_heap = heap;
    return SSVM_OK;
}
STRUCTSVM_DEF void ssvm_model_uninit(ssvm_model *m) {
    if (!m) return;
    if (m->_heap) ssvm__free_with(0, m->_heap);
    SSVM_MEMSET(m, 0, sizeof *m);
}

STRUCTSVM_DEF ssvm_model_input ssvm_model_input_init(int len, const ssvm_real *x) {
    ssvm_model_input in;
    SSVM_MEMSET(&in, 0, sizeof in);
    in.len = len; in.x = x;
    return in;
}
/* the label's length for an input of len rows */
SSVM__PRIV int ssvm__model_label_len(const ssvm_model *m, int len) {
    switch (m->kind) {
    case SSVM_MODEL_MULTICLASS: return 1;
    case SSVM_MODEL_KERNEL: return (m->flags & SSVM_MODEL_KERNEL_CHAIN) ? len : 1;
    case SSVM_MODEL_GRAPH: return m->n_labels;
    case SSVM_MODEL_CHAIN: case SSVM_MODEL_ASSIGN: return len;
    }
    return 0;
}
STRUCTSVM_DEF ssvm_result ssvm_model_predict_get_work_size(const ssvm_model *m, int len, int cols, size_t *bytes) {
    if (!m || !bytes) return SSVM_ERR_INVALID_ARG;
    *bytes = 0;
    switch (m->kind) {
    case SSVM_MODEL_MULTICLASS: return SSVM_OK;
    case SSVM_MODEL_CHAIN: return ssvm_chain_predict_get_work_size(len, m->n_labels, bytes);
    case SSVM_MODEL_GRAPH: return ssvm_graph_predict_get_work_size(m->n_labels, m->n_edges, m->edges, m->method, bytes);
    case SSVM_MODEL_ASSIGN: return ssvm_assign_predict_get_work_size(len, cols, m->flags & SSVM_ASSIGN_DUMMY, bytes);
    case SSVM_MODEL_KERNEL:
        if (len <= 0 && (m->flags & SSVM_MODEL_KERNEL_CHAIN)) return SSVM_ERR_EMPTY;
        *bytes = ssvm__kmodel_work(m, len > 0 ? len : 1);
        return *bytes ? SSVM_OK : SSVM_ERR_OVERFLOW;
    }
    return SSVM_ERR_KIND;
}
/* sparse rows [0, rows): offsets non-decreasing, ids in [0, F), finite values */
SSVM__PRIV ssvm_result ssvm__model_check_sparse(const ssvm_model_input *in, int rows, int F) {
    int t, k;
    if (!in->attr_start || !in->attr_id) return SSVM_ERR_INVALID_ARG;
    if (in->attr_start[0] < 0) return SSVM_ERR_INVALID_ARG;
    for (t = 0; t < rows; t++) {
        if (in->attr_start[t + 1] < in->attr_start[t]) return SSVM_ERR_INVALID_ARG;
        for (k = in->attr_start[t]; k < in->attr_start[t + 1]; k++) {
            if (in->attr_id[k] < 0 || in->attr_id[k] >= F) return SSVM_ERR_FEATURE_INDEX;
            if (in->attr_val && !ssvm__finite((double)in->attr_val[k])) return SSVM_ERR_NONFINITE;
        }
    }
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_model_predict(const ssvm_model *m, const ssvm_model_input *in, void *work,
                                             size_t work_bytes, int *y, size_t y_bytes, int *y_len) {
    int K, F, len, lab = 0, st[2];
    size_t need = 0;
    unsigned char *base;
    ssvm_result r;
    if (y_len) *y_len = 0;
    if (!m || !in || !y || !m->w) return SSVM_ERR_INVALID_ARG;
    if (m->kind == SSVM_MODEL_KERNEL) return ssvm__kmodel_predict(m, in, work, work_bytes, y, y_bytes, y_len);
    if (m->kind < SSVM_MODEL_MULTICLASS || m->kind > SSVM_MODEL_ASSIGN) return SSVM_ERR_KIND;
    r = ssvm__model_shape(m->kind, m->d, m->n_labels, m->n_attrs, m->max_label_len, m->flags, m->method, m->n_edges);
    if (r != SSVM_OK) return r;
    K = m->n_labels; F = m->n_attrs;
    len = m->kind == SSVM_MODEL_CHAIN || m->kind == SSVM_MODEL_ASSIGN ? in->len : 1;
    if (len <= 0) return SSVM_ERR_EMPTY;
    if ((r = ssvm_model_predict_get_work_size(m, in->len, in->cols, &need)) != SSVM_OK) return r;
    if (need > 0 && (!work || work_bytes < need)) return work ? SSVM_ERR_WORKSPACE : SSVM_ERR_INVALID_ARG;
    if (y_bytes / sizeof(int) < (size_t)ssvm__model_label_len(m, len)) return SSVM_ERR_WORKSPACE;
    if (in->x) {
        switch (m->kind) {
        case SSVM_MODEL_MULTICLASS: r = ssvm_multiclass_predict(K, F, m->w, in->x, y); break;
        case SSVM_MODEL_CHAIN: r = ssvm_chain_predict(K, F, m->flags, m->w, len, in->x, work, work_bytes, y); break;
        case SSVM_MODEL_GRAPH:
            r = ssvm_graph_predict(K, F, m->n_edges, m->edges, m->method, m->w, in->x, work, work_bytes, y);
            break;
        default:
            r = ssvm_assign_predict(len, in->cols, F, m->flags & SSVM_ASSIGN_DUMMY, m->w, in->x, work, work_bytes, y);
            break;
        }
    } else if (m->kind == SSVM_MODEL_ASSIGN) {
        return SSVM_ERR_NOT_SUPPORTED;
    } else if ((r = ssvm__model_check_sparse(in, len, F)) != SSVM_OK) {
        return r;
    } else if (m->kind == SSVM_MODEL_MULTICLASS) { /* the training decoder's scores (ssvm__mc_scores) */
        ssvm_multiclass mc;
        SSVM_MEMSET(&mc, 0, sizeof mc);
        mc.config.n = 1; mc.config.n_labels = K; mc.config.n_attrs = F; mc.config.row_start = in->attr_start;
        mc.config.attr_id = in->attr_id; mc.config.attr_val = in->attr_val; mc.config.labels = &lab;
        ssvm__mc_argmax(&mc, 0, m->w, 0, y, 0);
    } else if (m->kind == SSVM_MODEL_CHAIN) { /* as ssvm_chain_predict, with the sparse scores */
        ssvm_chain ch;
        SSVM_MEMSET(&ch, 0, sizeof ch);
        st[0] = 0; st[1] = len;
        ch.config.n = 1; ch.config.n_labels = K; ch.config.n_attrs = F; ch.config.flags = m->flags;
        ch.config.start = st; ch.config.attr_start = in->attr_start; ch.config.attr_id = in->attr_id;
        ch.config.attr_val = in->attr_val;
        base = ssvm__align16(work);
        ssvm__chain_scores(&ch, m->w, 0, len, (ssvm_real *)(void *)base, 0, 0);
        ssvm__viterbi(len, K, (ssvm_real *)(void *)base, m->w + ssvm__chain_trans_off(K, F, m->flags),
                      base + ssvm__chain_u_bytes(len, K), y);
    } else { /* graph: as ssvm_graph_predict, with the training decoder's sparse scores (ssvm__graph_scores) */
        ssvm_graph gr;
        size_t used;
        SSVM_MEMSET(&gr, 0, sizeof gr);
        gr.config.n = 1; gr.config.n_labels = K; gr.config.n_attrs = F; gr.config.row_start = in->attr_start;
        gr.config.attr_id = in->attr_id; gr.config.attr_val = in->attr_val;
        base = ssvm__align16(work);
        ssvm__graph_scores(&gr, m->w, 0, (ssvm_real *)(void *)base);
        used = (size_t)(base - (unsigned char *)work) + ssvm__graph_u_bytes(K);
        r = ssvm_graph_map(K, m->n_edges, m->edges, (ssvm_real *)(void *)base, m->w + (size_t)K * F, 0, 0.0,
                           m->method, base + ssvm__graph_u_bytes(K), work_bytes - used, y, 0);
    }
    if (r == SSVM_OK && y_len) *y_len = ssvm__model_label_len(m, len);
    return r;
}

#ifndef STRUCTSVM_PREDICT_ONLY
STRUCTSVM_DEF void ssvm_model_set_summary(ssvm_model *m, const ssvm_solver_config *c, const ssvm_progress *final) {
    if (!m) return;
    if (c) { m->summary.solver = (int)c->solver; m->summary.lambda = c->lambda; m->summary.seed = c->seed; }
    if (final) {
        const ssvm_objective *o = final->returned == SSVM_W_AVERAGE ? &final->average : &final->iterate;
        m->summary.passes = final->pass;
        m->summary.oracle_calls = final->oracle_calls;
        m->summary.wall_seconds = final->wall_seconds;
        m->summary.primal = o->primal; m->summary.dual = o->dual; m->summary.gap = o->gap;
    }
}
#endif

#ifndef STRUCTSVM_NO_STDIO
STRUCTSVM_DEF ssvm_result ssvm_model_save_FILE(const ssvm_model *m, FILE *f) {
    size_t need = 0;
    ssvm__mw w;
    int ok;
    ssvm_result r;
    if (!f) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_model_save_get_size(m, &need)) != SSVM_OK) return r;
    SSVM_MEMSET(&w, 0, sizeof w);
    w.file = f;
    ssvm__model_write(m, ssvm__model_names_bytes(m, &ok), (uint64_t)need, &w);
    if (w.err || fflush(f) != 0) return SSVM_ERR_WORKSPACE;
    return SSVM_OK;
}
/* Atomic replacement, as checkpoints (0.9.0): the model goes to "path.tmp" beside it, is flushed and closed, and
   only then renamed over path, so a failed or killed save never leaves a torn file where a good model was. A
   file that cannot be created or written (a full disk) is SSVM_ERR_IO, path untouched and path.tmp removed. */
/* path.tmp opened for writing (*tmp: its name, to pass to ssvm__atomic_end), or NULL with *r set. Under
   STRUCTSVM_NO_MALLOC (no room for the name) path itself is written, in place (*tmp NULL). */
SSVM__PRIV FILE *ssvm__atomic_begin(const char *path, const char *mode, char **tmp, ssvm_result *r) {
    size_t n = ssvm__strlen(path);
    FILE *f;
    *tmp = 0;
#ifndef STRUCTSVM_NO_MALLOC
    if (n > ((size_t)-1) - 8) { *r = SSVM_ERR_OVERFLOW; return 0; }
    if (!(*tmp = (char *)ssvm__alloc_with(0, n + 5))) { *r = SSVM_ERR_OUT_OF_MEMORY; return 0; }
    SSVM_MEMCPY(*tmp, path, n);
    SSVM_MEMCPY(*tmp + n, ".tmp", 5);
#else
    (void)n;
#endif
    if (!(f = fopen(*tmp ? *tmp : path, mode))) { ssvm__free_with(0, *tmp); *tmp = 0; *r = SSVM_ERR_IO; return 0; }
    *r = SSVM_OK;
    return f;
}
/* closes f; when everything went well (r), renames path.tmp over path, else removes it (path untouched) */
SSVM__PRIV ssvm_result ssvm__atomic_end(FILE *f, char *tmp, const char *path, ssvm_result r) {
    if (r == SSVM_ERR_WORKSPACE) r = SSVM_ERR_IO; /* a short write */
    if (fclose(f) != 0 && r == SSVM_OK) r = SSVM_ERR_IO;
    if (!tmp) return r;
    if (r == SSVM_OK && rename(tmp, path) != 0) r = SSVM_ERR_IO;
    if (r != SSVM_OK) remove(tmp);
    ssvm__free_with(0, tmp);
    return r;
}
STRUCTSVM_DEF ssvm_result ssvm_model_save_path(const ssvm_model *m, const char *path) {
    FILE *f;
    ssvm_result r;
    char *tmp;
    if (!path) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_model_check(m)) != SSVM_OK) return r; /* before the file is created */
    if (!(f = ssvm__atomic_begin(path, "wb", &tmp, &r))) return r;
    return ssvm__atomic_end(f, tmp, path, ssvm_model_save_FILE(m, f));
}
#ifndef STRUCTSVM_NO_MALLOC
/* A file in the envelope every format here shares (magic, version, header size, total size, ..., CRC): the first
   24 bytes are read and checked before anything is allocated, then exactly the declared total (bounded by what the
   file holds: a short file is SSVM_ERR_TRUNCATED), so a file of zeros or /dev/zero costs 24 bytes, not memory.
   *buf from SSVM_MALLOC; the caller parses it (the CRC and the rest). */
SSVM__PRIV ssvm_result ssvm__read_envelope(FILE *f, const unsigned char *magic, uint32_t max_version, uint32_t header,
                                           uint64_t min_total, unsigned char **buf, size_t *len) {
    unsigned char h[24];
    size_t got = fread(h, 1, sizeof h, f), k, total;
    uint32_t version;
    uint64_t t;
    *buf = 0; *len = 0;
    if (ferror(f)) return SSVM_ERR_IO;
    for (k = 0; k < 8 && k < got; k++) if (h[k] != magic[k]) return SSVM_ERR_FORMAT;
    if (got < 24) return SSVM_ERR_TRUNCATED;
    version = ssvm__rd32(h + 8);
    if (version == 0) return SSVM_ERR_FORMAT;
    if (version > max_version) return SSVM_ERR_VERSION;
    if (ssvm__rd32(h + 12) != header) return SSVM_ERR_FORMAT;
    t = ssvm__rd64(h + 16);
    if (t < min_total) return SSVM_ERR_FORMAT;
    if (t > (uint64_t)(((size_t)-1) / 2)) return SSVM_ERR_OVERFLOW;
    { /* a seekable file shorter than declared is refused before the allocation (a pipe is read and then refused) */
        long here = ftell(f), end;
        if (here >= 0 && fseek(f, 0, SEEK_END) == 0) {
            end = ftell(f);
            if (fseek(f, here, SEEK_SET) != 0) return SSVM_ERR_IO;
            if (end >= here && (uint64_t)(end - here) < t - (uint64_t)sizeof h) return SSVM_ERR_TRUNCATED;
        }
    }
    total = (size_t)t;
    if (!(*buf = (unsigned char *)ssvm__alloc_with(0, total))) return SSVM_ERR_OUT_OF_MEMORY;
    SSVM_MEMCPY(*buf, h, sizeof h);
    for (k = sizeof h; k < total; k += got) { /* bounded reads of what is declared, no more */
        got = fread(*buf + k, 1, total - k < 65536 ? total - k : 65536, f);
        if (got == 0) break;
    }
    if (ferror(f) || k < total) {
        ssvm__free_with(0, *buf); *buf = 0;
        return ferror(f) ? SSVM_ERR_IO : SSVM_ERR_TRUNCATED;
    }
    *len = total;
    return SSVM_OK;
}
#endif
STRUCTSVM_DEF ssvm_result ssvm_model_load_FILE(FILE *f, int kind, ssvm_model *m) {
#ifdef STRUCTSVM_NO_MALLOC
    (void)f; (void)kind; (void)m;
    return SSVM_ERR_NOT_SUPPORTED;
#else
    static const unsigned char magic[8] = {'S', 'S', 'V', 'M', 'O', 'D', 'E', 'L'};
    unsigned char *buf;
    size_t len;
    ssvm_result r;
    if (!f || !m) return SSVM_ERR_INVALID_ARG;
    r = ssvm__read_envelope(f, magic, SSVM_MODEL_FORMAT_VERSION, SSVM__MODEL_HEADER, SSVM__MODEL_MIN, &buf, &len);
    if (r == SSVM_ERR_IO) r = SSVM_ERR_TRUNCATED; /* as before 0.9.0: a read error is a model cut short */
    if (r == SSVM_OK) r = ssvm_model_load(buf, len, kind, m);
    ssvm__free_with(0, buf);
    return r;
#endif
}
STRUCTSVM_DEF ssvm_result ssvm_model_load_path(const char *path, int kind, ssvm_model *m) {
    FILE *f;
    ssvm_result r;
    if (!path || !m) return SSVM_ERR_INVALID_ARG;
    if (!(f = fopen(path, "rb"))) return SSVM_ERR_INVALID_ARG;
    r = ssvm_model_load_FILE(f, kind, m);
    fclose(f);
    return r;
}
SSVM__PRIV const char *ssvm__model_solver_name(int s) {
    static const char *const names[] = {"bcfw", "fw", "ssg", "multisample", "deg", "cliquegen", "cutting_plane", "kbcfw", "eg"};
    return s >= 0 && s < (int)(sizeof names / sizeof names[0]) ? names[s] : 0;
}
STRUCTSVM_DEF ssvm_result ssvm_model_print(const ssvm_model *m, FILE *f) {
    const ssvm_model_summary *s;
    const char *sn;
    double nrm = 0, mx = 0;
    int k;
    if (!m || !f) return SSVM_ERR_INVALID_ARG;
    s = &m->summary;
    fprintf(f, "kind: %s (%d)\n", ssvm_model_kind_string(m->kind), m->kind);
    if (m->kind == SSVM_MODEL_USER) fprintf(f, "user tag: %lu\n", m->user_tag);
    fprintf(f, "weights: %d\n", m->d);
    fprintf(f, "labels: %d\n", m->n_labels);
    fprintf(f, "attributes: %d\n", m->n_attrs);
    if (m->kind == SSVM_MODEL_USER) fprintf(f, "max label length: %d\n", m->max_label_len);
    fprintf(f, "flags: %d\n", m->flags);
    if (m->kind == SSVM_MODEL_GRAPH) {
        fprintf(f, "method: %d\n", m->method);
        fprintf(f, "edges: %d", m->n_edges);
        for (k = 0; k < m->n_edges && m->edges; k++) fprintf(f, " %d-%d", m->edges[2 * k], m->edges[2 * k + 1]);
        fprintf(f, "\n");
    }
    fprintf(f, "label names: %d", m->n_label_names);
    for (k = 0; k < m->n_label_names && k < 50 && m->label_names; k++) fprintf(f, " %s", m->label_names[k]);
    fprintf(f, "%s\n", m->n_label_names > 50 ? " ..." : "");
    fprintf(f, "attribute names: %d\n", m->n_attr_names);
    if (m->kind == SSVM_MODEL_KERNEL && m->w && m->d >= 3 && m->n_attrs + m->n_labels > 0) {
        static const char *const kn[] = {"linear", "rbf", "poly"};
        fprintf(f, "kernel: %s (%d)\ngamma: %.17g\ncoef0: %.17g\ndegree: %.17g\nsupport %s: %d\n",
                m->method >= 0 && m->method <= 2 ? kn[m->method] : "unknown", m->method, (double)m->w[0],
                (double)m->w[1], (double)m->w[2], (m->flags & SSVM_MODEL_KERNEL_CHAIN) ? "positions" : "examples",
                (int)((m->d - ssvm__kmodel_head(m->n_labels, m->flags)) / (m->n_attrs + m->n_labels)));
        if (m->flags & SSVM_MODEL_KERNEL_CHAIN) fprintf(f, "chain: transitions%s\n", (m->flags & SSVM_CHAIN_BIASES) ? ", biases" : "");
    }
    for (k = 0; k < m->d && m->w && m->kind != SSVM_MODEL_KERNEL; k++) {
        double v = (double)m->w[k];
        nrm += v * v;
        if (ssvm__abs(v) > mx) mx = ssvm__abs(v);
    }
    if (m->kind != SSVM_MODEL_KERNEL) fprintf(f, "|w|^2: %.17g\nmax |w_j|: %.17g\n", nrm, mx);
    sn = ssvm__model_solver_name(s->solver);
    if (sn) fprintf(f, "solver: %s\n", sn);
    else fprintf(f, "solver: %d\n", s->solver);
    fprintf(f, "lambda: %.17g\npasses: %d\noracle calls: %lld\n", s->lambda, s->passes, s->oracle_calls);
    fprintf(f, "primal: %.17g\ndual: %.17g\ngap: %.17g\n", s->primal, s->dual, s->gap);
    fprintf(f, "wall seconds: %.6g\nseed: %llu\n", s->wall_seconds, s->seed);
    if (m->metadata && m->metadata[0]) { /* each line indented */
        const char *q;
        fprintf(f, "metadata:\n  ");
        for (q = m->metadata; *q; q++) {
            fputc(*q, f);
            if (q[0] == '\n' && q[1]) fputs("  ", f);
        }
        if (q[-1] != '\n') fputc('\n', f);
    }
    return ferror(f) ? SSVM_ERR_WORKSPACE : SSVM_OK;
}
/* a C string literal: printable ASCII as is, the rest (and " \ ?) as three-digit octal escapes */
SSVM__PRIV void ssvm__model_c_string(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 32 && c < 127 && c != '"' && c != '\\' && c != '?') fputc(c, f);
        else fprintf(f, "\\%03o", (unsigned)c);
    }
    fputc('"', f);
}
STRUCTSVM_DEF ssvm_result ssvm_model_export_c_FILE(const ssvm_model *m, const char *name, FILE *f) {
    char up[65];
    int k, n;
    ssvm_result r;
    if (!name || !f) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_model_check(m)) != SSVM_OK) return r;
    for (n = 0; name[n]; n++) { /* a C identifier */
        char c = name[n];
        int alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
        if (n >= 64 || !(alpha || (n > 0 && c >= '0' && c <= '9'))) return SSVM_ERR_INVALID_ARG;
        up[n] = (char)(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    }
    if (n == 0) return SSVM_ERR_INVALID_ARG;
    up[n] = 0;
    fprintf(f, "/* %s: a structsvm.h %s model exported by ssvm_model_export_c_FILE (structsvm %d.%d.%d, model format %d).\n",
            name, ssvm_model_kind_string(m->kind), STRUCTSVM_VERSION_MAJOR, STRUCTSVM_VERSION_MINOR,
            STRUCTSVM_VERSION_PATCH, SSVM_MODEL_FORMAT_VERSION);
    fprintf(f, "   Weights as %%.17g: exact in a double build, rounded to nearest in a float build (as a float\n"
               "   build's loader does). Compile with the same STRUCTSVM_REAL; STRUCTSVM_PREDICT_ONLY is enough. */\n");
    fprintf(f, "#ifndef STRUCTSVM_H\n#include \"structsvm.h\"\n#endif\n");
    fprintf(f, "#define %s_KIND %d /* SSVM_MODEL_%s */\n", up, m->kind,
            m->kind == SSVM_MODEL_MULTICLASS ? "MULTICLASS" : m->kind == SSVM_MODEL_CHAIN ? "CHAIN"
            : m->kind == SSVM_MODEL_GRAPH ? "GRAPH" : m->kind == SSVM_MODEL_ASSIGN ? "ASSIGN"
            : m->kind == SSVM_MODEL_KERNEL ? "KERNEL" : "USER");
    fprintf(f, "#define %s_D %d\n#define %s_N_LABELS %d\n#define %s_N_ATTRS %d\n", up, m->d, up, m->n_labels, up,
            m->n_attrs);
    fprintf(f, "#define %s_FLAGS %d\n#define %s_METHOD %d\n#define %s_N_EDGES %d\n", up, m->flags, up, m->method, up,
            m->n_edges);
    fprintf(f, "extern const ssvm_real %s_w[%s_D];\nconst ssvm_real %s_w[%s_D] = {", name, up, name, up);
    for (k = 0; k < m->d; k++)
        fprintf(f, "%s%.17g%s", k % 4 ? " " : "\n    ", (double)m->w[k], k + 1 < m->d ? "," : "");
    fprintf(f, "\n};\n");
    if (m->n_edges > 0) {
        fprintf(f, "extern const int %s_edges[2 * %s_N_EDGES];\nconst int %s_edges[2 * %s_N_EDGES] = {", name, up,
                name, up);
        for (k = 0; k < 2 * m->n_edges; k++)
            fprintf(f, "%s%d%s", k % 16 ? " " : "\n    ", m->edges[k], k + 1 < 2 * m->n_edges ? "," : "");
        fprintf(f, "\n};\n");
    }
    if (m->n_label_names > 0) {
        fprintf(f, "#define %s_N_LABEL_NAMES %d\nextern const char *const %s_label_names[%s_N_LABEL_NAMES];\n", up,
                m->n_label_names, name, up);
        fprintf(f, "const char *const %s_label_names[%s_N_LABEL_NAMES] = {", name, up);
        for (k = 0; k < m->n_label_names; k++) {
            fprintf(f, "%s", k % 8 ? " " : "\n    ");
            ssvm__model_c_string(f, m->label_names[k]);
            if (k + 1 < m->n_label_names) fputc(',', f);
        }
        fprintf(f, "\n};\n");
    }
    return ferror(f) ? SSVM_ERR_WORKSPACE : SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_model_export_c_path(const ssvm_model *m, const char *name, const char *path) {
    FILE *f;
    ssvm_result r;
    char *tmp;
    if (!path) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_model_check(m)) != SSVM_OK) return r;
    if (!(f = ssvm__atomic_begin(path, "w", &tmp, &r))) return r; /* path.tmp, renamed when whole (0.9.0) */
    r = ssvm_model_export_c_FILE(m, name, f);
    if (r == SSVM_OK && (ferror(f) || fflush(f) != 0)) r = SSVM_ERR_IO;
    return ssvm__atomic_end(f, tmp, path, r);
}
#endif /* STRUCTSVM_NO_STDIO */
/* >>kmodel: SSVM_MODEL_KERNEL, the kernel solver's lifted multiclass or chain model in a model file (predict-safe;
   the builder, ssvm_model_of_kernel, is at >>kernel). The envelope, checksum, names, summary and metadata are every
   kind's; the kind's own part is the shape of w: w[0..2] = gamma, coef0, degree (those the kernel does not use are
   0: linear all three, RBF coef0 and degree), for a chain (SSVM_MODEL_KERNEL_CHAIN) the K K transitions [and 2 K
   biases], then S blocks of F + K reals, a support example's (position's) input row x_s and its coefficients
   a_s[0..K). Scores f(x, y) = sum_s a_s[y] k(x_s, x), the kernel as ssvm_dense_kernel_fn computes it (the same sums
   in the same order, in double), each input row densified into work first; a chain then runs Viterbi. */
/* the reals before the support rows: 3 parameters, and a chain's K K transitions (and 2 K biases) */
SSVM__PRIV long long ssvm__kmodel_head(int K, int flags) {
    long long h = 3;
    if (flags & SSVM_MODEL_KERNEL_CHAIN) h += (long long)K * K + ((flags & SSVM_CHAIN_BIASES) ? 2LL * K : 0);
    return h;
}
SSVM__PRIV ssvm_result ssvm__kmodel_shape(int d, int K, int F, int max_len, int flags, int method, int E) {
    long long blk, head;
    if (F <= 0 || K <= 0) return SSVM_ERR_EMPTY;
    if (max_len != 0 || E != 0 || method < 0 || method > 2) return SSVM_ERR_INVALID_ARG;
    if (flags != 0 && flags != SSVM_MODEL_KERNEL_CHAIN && flags != (SSVM_MODEL_KERNEL_CHAIN | SSVM_CHAIN_BIASES))
        return SSVM_ERR_INVALID_ARG;
    blk = (long long)F + (long long)K;
    head = ssvm__kmodel_head(K, flags);
    if (blk > INT_MAX || head > INT_MAX) return SSVM_ERR_OVERFLOW;
    return d >= head && (d - head) % blk == 0 ? SSVM_OK : SSVM_ERR_INVALID_ARG;
}
SSVM__PRIV ssvm_result ssvm__kmodel_params(int method, double gamma, double coef0, double degree) {
    if (method == 0) return gamma == 0 && coef0 == 0 && degree == 0 ? SSVM_OK : SSVM_ERR_INVALID_ARG;
    if (method == 1) return gamma >= 0 && coef0 == 0 && degree == 0 ? SSVM_OK : SSVM_ERR_INVALID_ARG;
    if (method == 2 && degree >= 1 && degree <= SSVM_MODEL_KERNEL_MAX_DEGREE && degree == (double)(int)degree) return SSVM_OK;
    return SSVM_ERR_INVALID_ARG;
}
/* predict's work for len rows: the input row (F doubles), the scores (len K doubles; multiclass: len 1), for a chain
   the unary scores as reals (aligned to 16) and Viterbi's; 0 when it does not fit */
SSVM__PRIV size_t ssvm__kmodel_work(const ssvm_model *m, int len) {
    size_t K = (size_t)m->n_labels, F = (size_t)m->n_attrs, L = (size_t)len, lim = ((size_t)-1) / 4, v, n;
    int chain = (m->flags & SSVM_MODEL_KERNEL_CHAIN) != 0;
    if (m->n_labels <= 0 || m->n_attrs <= 0 || len <= 0) return 0;
    if (!chain) L = 1;
    if (K > lim / 16 || F > lim / 16 || L > lim / 16 / K) return 0;
    n = 16 + (F + L * K) * sizeof(double);
    if (!chain) return n;
    if (!(v = ssvm__viterbi_bytes(len, m->n_labels)) || v > lim) return 0;
    return n + ssvm__chain_u_bytes(len, m->n_labels) + v + 16;
}
STRUCTSVM_DEF ssvm_result ssvm_model_kernel_scores(const ssvm_model *m, const ssvm_model_input *in, void *work,
                                                   size_t work_bytes, double *scores, size_t bytes) {
    int K, F, S, s, j, c, deg, L, t;
    size_t blk, head;
    double *x, gamma, coef0;
    ssvm_result r;
    if (!m || !in || !m->w || !scores || !work) return SSVM_ERR_INVALID_ARG;
    if (m->kind != SSVM_MODEL_KERNEL) return SSVM_ERR_KIND;
    r = ssvm__model_shape(m->kind, m->d, m->n_labels, m->n_attrs, m->max_label_len, m->flags, m->method, m->n_edges);
    if (r != SSVM_OK) return r;
    if ((r = ssvm__kmodel_params(m->method, (double)m->w[0], (double)m->w[1], (double)m->w[2])) != SSVM_OK) return r;
    if (in->len <= 0) return SSVM_ERR_EMPTY;
    K = m->n_labels; F = m->n_attrs;
    L = (m->flags & SSVM_MODEL_KERNEL_CHAIN) ? in->len : 1;
    if (!ssvm__kmodel_work(m, L)) return SSVM_ERR_OVERFLOW;
    if (work_bytes < 16 + (size_t)F * sizeof(double)) return SSVM_ERR_WORKSPACE;
    if (bytes / sizeof(double) / (size_t)L < (size_t)K) return SSVM_ERR_WORKSPACE;
    if (!in->x && (r = ssvm__model_check_sparse(in, L, F)) != SSVM_OK) return r;
    x = (double *)(void *)ssvm__align16(work);
    gamma = (double)m->w[0]; coef0 = (double)m->w[1]; deg = (int)m->w[2];
    blk = (size_t)F + (size_t)K;
    head = (size_t)ssvm__kmodel_head(K, m->flags);
    S = (int)(((size_t)m->d - head) / blk);
    for (t = 0; t < L; t++) {
        double *sc = scores + (size_t)t * (size_t)K;
        if (in->x) {
            for (j = 0; j < F; j++) x[j] = (double)in->x[(size_t)t * (size_t)F + (size_t)j];
        } else {
            for (j = 0; j < F; j++) x[j] = 0;
            for (j = in->attr_start[t]; j < in->attr_start[t + 1]; j++) /* repeated ids add up, as the decoders' sums */
                x[in->attr_id[j]] += in->attr_val ? (double)in->attr_val[j] : 1.0;
        }
        for (c = 0; c < K; c++) sc[c] = 0;
        for (s = 0; s < S; s++) {
            const ssvm_real *xs = m->w + head + (size_t)s * blk, *a = xs + F;
            double acc = 0, kv;
            if (m->method == 1) {
                for (j = 0; j < F; j++) { double e = x[j] - (double)xs[j]; acc += e * e; }
                kv = SSVM_EXP(-gamma * acc);
            } else {
                for (j = 0; j < F; j++) acc += x[j] * (double)xs[j];
                kv = acc;
                if (m->method == 2) {
                    double base = gamma * acc + coef0;
                    for (kv = 1, j = 0; j < deg; j++) kv *= base;
                }
            }
            for (c = 0; c < K; c++) sc[c] += (double)a[c] * kv;
        }
    }
    if ((m->flags & SSVM_MODEL_KERNEL_CHAIN) && (m->flags & SSVM_CHAIN_BIASES)) { /* first- and last-label biases */
        const ssvm_real *first = m->w + 3 + (size_t)K * (size_t)K, *last = first + K;
        for (c = 0; c < K; c++) {
            scores[c] += (double)first[c];
            scores[(size_t)(L - 1) * (size_t)K + (size_t)c] += (double)last[c];
        }
    }
    for (c = 0; c < L * K; c++) if (!ssvm__finite(scores[c])) return SSVM_ERR_NONFINITE;
    return SSVM_OK;
}
/* ssvm_model_predict of a kernel model: the scores into work past the input row; multiclass the best class (ties to
   the lowest), a chain Viterbi on the scores as reals with the model's transitions (as ssvm_kernel_chain_predict) */
SSVM__PRIV ssvm_result ssvm__kmodel_predict(const ssvm_model *m, const ssvm_model_input *in, void *work,
                                            size_t work_bytes, int *y, size_t y_bytes, int *y_len) {
    double *sc;
    int c, best = 0, L, K = m->n_labels, chain = (m->flags & SSVM_MODEL_KERNEL_CHAIN) != 0;
    size_t need, q;
    ssvm_result r;
    if (y_len) *y_len = 0;
    if (!work) return SSVM_ERR_INVALID_ARG;
    if (m->n_labels <= 0 || m->n_attrs <= 0 || in->len <= 0) return SSVM_ERR_EMPTY;
    L = chain ? in->len : 1;
    if (!(need = ssvm__kmodel_work(m, L))) return SSVM_ERR_OVERFLOW;
    if (work_bytes < need) return SSVM_ERR_WORKSPACE;
    if (y_bytes / sizeof(int) < (size_t)L) return SSVM_ERR_WORKSPACE;
    sc = (double *)(void *)ssvm__align16(work) + m->n_attrs;
    if ((r = ssvm_model_kernel_scores(m, in, work, work_bytes, sc, (size_t)L * (size_t)K * sizeof(double))) != SSVM_OK)
        return r;
    if (chain) {
        ssvm_real *u = (ssvm_real *)(void *)ssvm__align16(sc + (size_t)L * (size_t)K);
        for (q = 0; q < (size_t)L * (size_t)K; q++) {
            u[q] = (ssvm_real)sc[q];
            if (!ssvm__finite((double)u[q])) return SSVM_ERR_NONFINITE; /* a float build: beyond its range */
        }
        ssvm__viterbi(L, K, u, m->w + 3, (unsigned char *)u + ssvm__chain_u_bytes(L, K), y);
        if (y_len) *y_len = L;
        return SSVM_OK;
    }
    for (c = 1; c < K; c++) if (sc[c] > sc[best]) best = c;
    *y = best;
    if (y_len) *y_len = 1;
    return SSVM_OK;
}
/* (model implementation ends) */

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
/* >>engine: what every iterative solver shares. The configuration and its checks, the clock (wall and CPU),
   random numbers and the index picker, the memory layout, the oracle and psi calls, the lazily scaled iterate
   and average, the one evaluation routine, the run loop with its stopping rules, the limits' door, weights,
   ssvm_train and the checkpoint envelope. The engine names no solver: what differs between solvers is a row of
   the algorithm table (ssvm__algo, one per ssvm_solver_kind; the rows are at >>algorithms, each pointing into
   its solver's own section): its capabilities as data, its option check, its state's layout and reset, its
   pass (and per-example step, if it has one), its evaluation hooks, its own stopping rule and its part of a
   checkpoint. Adding a solver is a section and a row; MANUAL: SOLVERS AT A GLANCE prints the capabilities. */
/* What a row declares it supports (ssvm__algo.caps) */
#define SSVM__CAP_STEPS      0x0001u /* per-example steps (ssvm_solver_step; `steps` says when a config has none) */
#define SSVM__CAP_NO_W       0x0002u /* no explicit w (the kernel solver): ssvm_solver_weights, ssvm_train refuse */
#define SSVM__CAP_OWN_PROBLEM 0x0004u /* `check` checks the problem itself (no feature map needed) */
#define SSVM__CAP_CKPT       0x0008u /* checkpoints: its whole state is the engine's plus what ck_write writes */
#define SSVM__CAP_WARM       0x0010u /* a warm start (config.warm_w, the prox centre) */
#define SSVM__CAP_BLOCKS     0x0020u /* BCFW's per-example state kinds (config.state) and config.bcfw's options */
#define SSVM__CAP_BATCH      0x0040u /* mini-batch with parallel oracle calls (config.par) */
#define SSVM__CAP_EVAL_W     0x0080u /* the iterate is evaluated at every evaluation (its pass is reused) */
#define SSVM__CAP_SCALED     0x0100u /* the lazily scaled w (SSG, multi-sample): folded after each pass */
#define SSVM__CAP_AVG_FROM_0 0x0200u /* the average starts at 0 (a = 0, b = 1), not at w */
#define SSVM__CAP_WEIGHTS    0x0400u /* example weights (ssvm_problem.weights); else NOT_SUPPORTED */
#define SSVM__CAP_WTMP       0x0800u /* the row uses the engine's d-vector scratch _wtmp itself (else it exists only
                                    for an average or a scaled w: a plain BCFW solver has d reals less) */
#define SSVM__CAP_DIST       0x1000u /* config.dist: its passes and evaluations sum over the caller's ranks (>>dist) */
#define SSVM__AVG(x) (1u << (x)) /* a bit of ssvm__algo.averaging */
typedef struct ssvm__algo {
    const char *name;
    unsigned caps;                 /* SSVM__CAP_* */
    unsigned averaging;            /* the ssvm_averaging values accepted, SSVM__AVG bits (else NOT_SUPPORTED) */
    ssvm_averaging avg_default;    /* ssvm_solver_config_init's */
    ssvm_sampling sampling_default;
    ssvm_result (*check)(const ssvm_solver_config *c);      /* its own options; NULL: none */
    ssvm_result (*layout)(ssvm_solver *s, ssvm__arena *a);  /* its state, after the engine's blocks */
    void (*reset)(ssvm_solver *s);                          /* its state to the start; NULL: nothing */
    ssvm_result (*start)(ssvm_solver *s);                   /* init, after reset (e.g. sigma_i = s_i(y_i)); NULL */
    ssvm_result (*pass)(ssvm_solver *s, int limit);         /* one pass (n steps, or one iteration) */
    ssvm_result (*step)(ssvm_solver *s, int i, ssvm_step_info *info); /* one step on example i; NULL: none */
    int (*steps)(const ssvm_solver *s);                     /* CAP_STEPS and this configuration steps; NULL: 1 */
    double (*dual_l)(const ssvm_solver *s, int average);    /* the dual's loss term; NULL: l (l_bar at the average) */
    ssvm_result (*evaluate)(ssvm_solver *s, int average, ssvm_objective *o); /* NULL: the engine's oracle pass */
    ssvm_result (*evaluated)(ssvm_solver *s, int average, ssvm_objective *o, double ls); /* after it; NULL */
    int (*rule)(const ssvm_solver *s);       /* 1: its own stopping rule fired (SSVM_SOLVER_RULE); NULL: none */
    int (*certifies)(const ssvm_solver *s);  /* 0: an evaluated gap does not certify now; NULL: always does */
    ssvm_result (*objective)(ssvm_solver *s, const ssvm_real *w, int average, ssvm_objective *o, double *ls);
                                             /* the evaluation's oracle pass at w; NULL: ssvm__objective */
    ssvm_result (*after_eval)(ssvm_solver *s); /* the run loop, after a pass's evaluation (BCFW's check pass); NULL */
    int (*pick)(ssvm_solver *s);  /* the next example, or -2 for the engine's picker (BCFW's gap sampling); NULL */
} ssvm__algo; /* its part of a checkpoint: a companion row at >>ckpt (ssvm__ck_part_of), linked only with them */
/* A row's own state struct, carved first by its layout and zeroed; in a size query (no block yet) it is the
   query's scratch (ssvm_solver_get_heap_size: SSVM__STATE_MAX bytes, each state is checked to fit) */
#define SSVM__STATE_MAX 1024
#define SSVM__STATE_FITS(T) typedef char T##_fits[sizeof(T) <= SSVM__STATE_MAX ? 1 : -1]
SSVM__PRIV void *ssvm__take_state(ssvm_solver *s, ssvm__arena *a, size_t bytes) {
    void *p = ssvm__take(a, 1, bytes);
    if (p) { SSVM_MEMSET(p, 0, bytes); s->_alg = p; }
    return s->_alg;
}
/* The row of a solver kind, NULL for a value out of range (>>algorithms) */
SSVM__PRIV const ssvm__algo *ssvm__algo_of(int kind);
#define SSVM__ROW(s) ssvm__algo_of((s)->_cfg.solver)
/* the row has BCFW's per-example blocks (config.state, config.bcfw) */
SSVM__PRIV int ssvm__has_blocks(const ssvm_solver_config *c) {
    const ssvm__algo *row = ssvm__algo_of((int)c->solver);
    return row && (row->caps & SSVM__CAP_BLOCKS);
}
STRUCTSVM_DEF ssvm_solver_config ssvm_solver_config_init(const ssvm_problem *p, ssvm_solver_kind solver) {
    ssvm_solver_config c;
    const ssvm__algo *row = ssvm__algo_of((int)solver);
    SSVM_MEMSET(&c, 0, sizeof c);
    c.problem = p; c.solver = solver; c.lambda = 0.01;
    c.max_passes = 50; c.gap_tol = 1e-3; c.target_primal = -SSVM__HUGE; /* the stopping rules */
    c.eval_every = 1; c.eval_iterate = 1; c.eval_average = 1;          /* evaluation */
    c.line_search = 1;
    c.averaging = row ? row->avg_default : SSVM_AVG_WEIGHTED; /* the row's (an unknown kind: check refuses it) */
    c.sampling = row ? row->sampling_default : SSVM_SAMPLE_UNIFORM;
    c.eg.eta = 0.5; c.eg.grow = 1.05; c.eg.halvings_first = 2; c.eg.halvings = 5;
    c.state = SSVM_STATE_AUTO;
    c.ms.samples = 1; c.ms.sweeps = 1; c.ms.update = SSVM_MS_UPDATE_AUTO; c.ms.project = 1; c.ms.loss_bound = 1;
    c.deg.power_iters = 100; c.deg.proj_tol = sizeof(ssvm_real) < sizeof(double) ? 1e-6 : 1e-9;
    c.deg.proj_max_iter = 10000;
    c.cg.eps = 1e-3; c.cg.batch = 2; c.cg.theta0 = 2; c.cg.theta_growth = 2; c.cg.eps_inner = 0.005;
    c.cg.eps_outer = 0.05; c.cg.stop_rules = 1;
    c.bcfw.gap_degree = 1; c.bcfw.gap_check = 10; c.bcfw.cache_factor = 0.25; c.bcfw.cache_nu = 0.01;
    c.bcfw.max_atoms = 32; c.bcfw.shrink = 1;
    c.seed = 1;
    c.oracle_quality = 1;
    c.cp.max_planes = 100; c.cp.drop_after = 50; c.cp.qp_max_iter = 100000;
    return c;
}
SSVM__PRIV ssvm_result ssvm__gaps_check_config(const ssvm_solver_config *c); /* >>gaps */
SSVM__PRIV ssvm_result ssvm__warm_check(const ssvm_solver_config *c); /* >>ckpt */
SSVM__PRIV ssvm_result ssvm__par_check(const ssvm_solver_config *c); /* >>par */
SSVM__PRIV ssvm_result ssvm__par_layout(ssvm_solver *s, ssvm__arena *a);
/* >>dist (the engine's part): the collective is on (config.dist.size > 1), and its options' one check */
#ifdef STRUCTSVM_NO_DIST /* BUILD OPTIONS: distributed training left out (config.dist.size > 1: NOT_SUPPORTED) */
SSVM__PRIV int ssvm__dist_on(const ssvm_solver_config *c) { (void)c; return 0; }
#define SSVM__DIST(s) 0
#else
SSVM__PRIV int ssvm__dist_on(const ssvm_solver_config *c) { return c->dist.size > 1; }
#define SSVM__DIST(s) ((s)->_dist != 0)
#endif
SSVM__PRIV ssvm_result ssvm__dist_check(const ssvm_solver_config *c, const ssvm__algo *row) {
    const ssvm_dist_config *q = &c->dist;
    if (q->size < 0 || q->rounds < 0 || !(q->sigma >= 0) || !ssvm__finite(q->sigma)) return SSVM_ERR_INVALID_ARG;
    if (q->size <= 1) return q->rank == 0 ? SSVM_OK : SSVM_ERR_INVALID_ARG;
#ifdef STRUCTSVM_NO_DIST
    (void)row;
    return SSVM_ERR_NOT_SUPPORTED;
#endif
    if (!q->allreduce) return SSVM_ERR_NULL_CALLBACK;
    if (q->rank < 0 || q->rank >= q->size || (q->sigma != 0 && (q->sigma < 1 || q->sigma > (double)q->size)))
        return SSVM_ERR_INVALID_ARG;
    if (!(row->caps & SSVM__CAP_DIST)) return SSVM_ERR_NOT_SUPPORTED;
    /* a limit each rank would reach at its own moment (its own oracle calls), a prox centre, a caller's order */
    if (c->max_oracle_calls || c->warm_w || c->sampling == SSVM_SAMPLE_SEQUENCE) return SSVM_ERR_NOT_SUPPORTED;
    return SSVM_OK;
}
/* >>engine: the limits, the clock, random numbers and the index picker */
/* The limits' fields of a configuration, and their one check (ssvm_solver_config_check, ssvm_solver_set_limits) */
SSVM__PRIV ssvm_solver_limits ssvm__limits_from(const ssvm_solver_config *c) {
    ssvm_solver_limits l;
    SSVM_MEMSET(&l, 0, sizeof l);
    l.max_passes = c->max_passes; l.max_oracle_calls = c->max_oracle_calls; l.max_seconds = c->max_seconds;
    l.gap_tol = c->gap_tol; l.target_primal = c->target_primal;
    l.eval_every = c->eval_every; l.eval_iterate = c->eval_iterate; l.eval_average = c->eval_average;
    l.eval_schedule = c->eval_schedule;
    l.progress = c->progress; l.progress_user = c->progress_user;
    l.clock = c->clock; l.clock_user = c->clock_user;
    return l;
}
SSVM__PRIV ssvm_result ssvm__limits_check(const ssvm_solver_limits *c) {
    if (c->max_passes < 0 || c->max_oracle_calls < 0 || c->eval_every < 0 || !(c->max_seconds >= 0) ||
        (unsigned)c->eval_schedule > (unsigned)SSVM_EVAL_PREDICT || (unsigned)c->eval_iterate > 1u ||
        (unsigned)c->eval_average > 1u || !ssvm__finite(c->max_seconds) || !(c->gap_tol >= 0) ||
        !ssvm__finite(c->gap_tol) || c->target_primal != c->target_primal)
        return SSVM_ERR_INVALID_ARG;
#ifdef STRUCTSVM_NO_CLOCK
    if (c->max_seconds > 0 && !c->clock) return SSVM_ERR_NOT_SUPPORTED; /* no wall clock: the limit could never fire */
#endif
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_solver_config_check(const ssvm_solver_config *c) {
    const ssvm__algo *row;
    ssvm_solver_limits lim;
    ssvm_result r;
    int own;
    if (!c) return SSVM_ERR_INVALID_ARG;
    row = ssvm__algo_of((int)c->solver);
    if (!row && (unsigned)c->solver <= (unsigned)SSVM_EG) return SSVM_ERR_NOT_SUPPORTED; /* left out of this build */
    own = row && (row->caps & SSVM__CAP_OWN_PROBLEM); /* the kernel solver's problem has no feature map */
    if ((r = own ? row->check(c) : ssvm_problem_check(c->problem)) != SSVM_OK) return r;
    if (!(c->lambda > 0) || !ssvm__finite(c->lambda)) return SSVM_ERR_LAMBDA;
    if (!row || (unsigned)c->sampling > (unsigned)SSVM_SAMPLE_CYCLIC ||
        (unsigned)c->averaging > (unsigned)SSVM_AVG_UNIFORM || (unsigned)c->state > (unsigned)SSVM_STATE_COMPACT_SPARSE)
        return SSVM_ERR_INVALID_ARG;
    lim = ssvm__limits_from(c);
    if ((r = ssvm__limits_check(&lim)) != SSVM_OK) return r;
    if (c->sampling == SSVM_SAMPLE_SEQUENCE && (!c->sequence || c->sequence_len <= 0)) return SSVM_ERR_INVALID_ARG;
    /* the averages the row accepts (FW none; the uniform average is the multi-sample paper's, ...) */
    if (!(row->averaging & SSVM__AVG(c->averaging))) return SSVM_ERR_NOT_SUPPORTED;
    if (!(c->oracle_quality >= 0 && c->oracle_quality <= 1)) return SSVM_ERR_INVALID_ARG; /* nu in (0, 1]; 0 = 1 */
    if (!own && row->check && (r = row->check(c)) != SSVM_OK) return r; /* its own options (config.cp, ...) */
    if (c->problem->weights && !(row->caps & SSVM__CAP_WEIGHTS)) return SSVM_ERR_NOT_SUPPORTED; /* clique gen. */
    if ((c->allocator.alloc != 0) != (c->allocator.free != 0)) return SSVM_ERR_NULL_CALLBACK;
    if ((r = ssvm__warm_check(c)) != SSVM_OK) return r; /* >>ckpt: config.warm_w */
    if ((r = ssvm__gaps_check_config(c)) != SSVM_OK) return r; /* >>gaps: config.bcfw */
    if ((r = ssvm__dist_check(c, row)) != SSVM_OK) return r; /* >>dist: config.dist */
    return ssvm__par_check(c); /* >>par: config.par */
}

/* Wall clock: the caller's, else the monotonic clock where <time.h> has one (POSIX with _POSIX_C_SOURCE, or
   C11 timespec_get), else time() (whole seconds). CPU: clock(). Both 0 under STRUCTSVM_NO_CLOCK. */
SSVM__PRIV double ssvm__wall(const ssvm_solver *s) {
    if (s->_cfg.clock) return s->_cfg.clock(s->_cfg.clock_user);
#if defined(STRUCTSVM_NO_CLOCK)
    return 0.0;
#elif defined(CLOCK_MONOTONIC)
    {
        struct timespec ts;
        if (clock_gettime(CLOCK_MONOTONIC, &ts) == 0) return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
        return (double)time(0);
    }
#elif defined(TIME_UTC) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
    {
        struct timespec ts;
        if (timespec_get(&ts, TIME_UTC)) return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
        return (double)time(0);
    }
#else
    return (double)time(0);
#endif
}
SSVM__PRIV double ssvm__cpu(void) {
#ifndef STRUCTSVM_NO_CLOCK
    return (double)clock() / (double)CLOCKS_PER_SEC;
#else
    return 0.0;
#endif
}
typedef struct ssvm__stopwatch { double wall, cpu; } ssvm__stopwatch;
SSVM__PRIV ssvm__stopwatch ssvm__start(const ssvm_solver *s) {
    ssvm__stopwatch t;
    t.wall = ssvm__wall(s); t.cpu = ssvm__cpu();
    return t;
}
/* adds the time since t to *wall and *cpu; returns the wall seconds */
SSVM__PRIV double ssvm__stop(const ssvm_solver *s, ssvm__stopwatch t, double *wall, double *cpu) {
    double dw = ssvm__wall(s) - t.wall;
    *wall += dw;
    *cpu += ssvm__cpu() - t.cpu;
    return dw;
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
/* The example of the next step: the row's pick (BCFW's gap sampling), else uniform, a fresh Fisher-Yates
   permutation per pass, the caller's sequence, or cyclic. -1 for a sequence entry out of range. */
SSVM__PRIV int ssvm__next_index(ssvm_solver *s) {
    const ssvm_solver_config *c = &s->_cfg;
    const ssvm__algo *row = SSVM__ROW(s);
    int n = s->_prob.n, i;
    long long pos = s->_seq_pos++;
    if (row->pick && (i = row->pick(s)) != -2) return i;
    if (c->sampling == SSVM_SAMPLE_SEQUENCE) {
        i = c->sequence[pos % c->sequence_len];
        return (i >= 0 && i < n) ? i : -1;
    }
    if (c->sampling == SSVM_SAMPLE_CYCLIC) return (int)(pos % n);
    if (c->sampling == SSVM_SAMPLE_PERMUTATION) {
        int k = (int)(pos % n);
        if (k == 0) {
            int j;
            for (j = 0; j < n; j++) s->_perm[j] = j;
            for (j = n - 1; j > 0; j--) {
                int r = ssvm__rand_below(&s->_rng, j + 1), t = s->_perm[j];
                s->_perm[j] = s->_perm[r]; s->_perm[r] = t;
            }
        }
        return s->_perm[k];
    }
    return ssvm__rand_below(&s->_rng, n);
}

/* Example weights: example i's share of the loss term, x c_i / sum c (x / n without weights);
   wsum is sum c over every example (>>dist: over every rank's; on one process (double)n without weights, so that
   the unweighted forms below are 1/n's bits) */
SSVM__PRIV double ssvm__share(const ssvm_problem *p, double wsum, int i, double x) {
    return p->weights ? x * (double)p->weights[i] / wsum : x / wsum;
}
/* the block scale c_i / (lambda sum c) of psi_i in w_s (1/(lambda n) without weights, computed as before) */
SSVM__PRIV double ssvm__block(const ssvm_problem *p, double wsum, double lam, int i) {
    return p->weights ? (double)p->weights[i] / (lam * wsum) : 1.0 / (lam * wsum);
}
SSVM__PRIV double ssvm__weight_sum(const ssvm_problem *p) {
    double c = 0;
    int i;
    if (!p->weights) return (double)p->n;
    for (i = 0; i < p->n; i++) c += (double)p->weights[i];
    return c;
}

/* >>solvers: BCFW's own state (ssvm_solver._alg, carved by ssvm__bcfw_layout): its per-example blocks, >>speed's
   bits and score-space step, >>gaps' estimates and atoms, >>par's slots. Its functions follow (the state kinds'
   storage here, the step at >>solvers: BCFW, the policies at >>speed, >>gaps, >>par). */
typedef struct ssvm__bcfw_state {
    /* the per-example blocks (MANUAL: STATE): compact sigma_i (and its scratch), dense w_i, the sparse pool, the
       losses l_i */
    ssvm_real *_sigma;     /* compact state */
    size_t *_sig_off;      /* n+1 offsets into sigma */
    double _co_sigma;      /* >>dist: CoCoA+'s sigma' (1 on one process: the step's scale and move unchanged) */
    ssvm_real *_co_w0;     /* >>dist: w at the round's start (d), NULL on one process */
    ssvm_real *_stmp;      /* max stat_dim scratch */
    ssvm_real *_stmp2;     /* compact sparse: the old sigma_i, dense (max stat_dim) */
    ssvm_real *_wi;        /* dense state n*d */
    size_t *_sp_off;       /* sparse state: w_i is (sp_idx, sp_val)[sp_off[i] .. + sp_len[i]) */
    int *_sp_len, *_sp_cap;
    int *_sp_idx;
    ssvm_real *_sp_val;
    size_t _sp_pool_cap, _sp_pool_used, _sp_live;
    int *_sp_order;        /* n: examples by block offset, to compact a preallocated pool in place */
    ssvm_svec _sv_ws;      /* sparse state: w_s of the current step */
    double *_li;           /* n per-example losses l_i */
    unsigned char *_sig_bits;  /* example i's bits from SSVM__SIG_B0(s, i), a byte of their own (>>speed) */
    int *_sig_q, _sig_qn, *_sig_new; /* >>speed: the step's positions, s(y*)'s support (COMPACT_SPARSE); max
                                        stat_dim each */
    void *_par_slots;
    struct ssvm_solver *_par_views;
    unsigned char *_par_mark; /* n: the examples of the current batch */
    int _par_b, _par_n;       /* the batch size; the current batch's count */
    const ssvm_real *_par_eval_w; /* the vector the evaluation's tasks score (ssvm__par_eval_batch) */
    double _par_wmax;         /* a bound on max_j |w_j| during a pass (ssvm__par_pass) */
    int _par_sc;              /* this batch's steps in score space (ssvm__sc_step, from_w; 0.7.1) */
    void *_par_alg;           /* b copies of BCFW's state struct, one per task view */
    /* >>gaps: block gap estimates, their sampling tree, the per-example atoms (labelings with weights) */
    double *_gp_g;         /* n estimates g_i (NULL: none kept) */
    double *_gp_tree;      /* 2P sums of g_i^degree, leaves at P.. (P a power of 2 >= n) */
    int _gp_P, _gp_nunk, _gp_last_check;
    int *_gp_unk, *_gp_upos; /* examples never measured (their estimate is unknown), and where each sits */
    double _gp_G;          /* the last exact gap (+HUGE before the first check) */
    double _gp_sum;        /* the check pass's sum of the estimates, while it runs */
    int _gp_cap;           /* atoms per example (0: no atoms, the engine's state) */
    int *_gp_cnt, *_gp_lab, *_gp_len;
    unsigned long long *_gp_hash;
    double *_gp_alpha, *_gp_delta, *_gp_v;
    ssvm_svec _gp_wi, _gp_ws, _gp_wa, _gp_tmp, _gp_p0; /* w_i, w_s, w_a, scratch, phi(x_i, y_i) */
    int *_gp_ynew;
    /* >>speed: the atoms through the statistics interface (0.6.3 on the chain; 0.8.1 any model): the statistics'
       scores <A_i e_q, w>, memoised for one step (valid where _gp_ust = _gp_stamp), and a statistics-space
       scratch (zero between uses; marks and a list of the touched entries); max stat_dim of each */
    double *_gp_us, *_gp_z;
    unsigned *_gp_ust, _gp_stamp;
    unsigned char *_gp_zm;
    int *_gp_zq, _gp_zn, *_gp_pos;
    ssvm_real *_gp_sv;     /* s(y) scattered (zero between uses) */
    size_t _gp_md;         /* max stat_dim */
    int *_gp_an, _gp_as;   /* per atom slot, then per example's truth y_i, then the step's y*: its s(y) kept as
                              _gp_as (index, value) pairs, the count in _gp_an (-2: not yet, -1: more than _gp_as
                              entries, computed at each use) */
    int *_gp_aq;
    ssvm_real *_gp_av, *_gp_pv; /* the kept values; s(y)'s values at _gp_pos when not kept (max stat_dim) */
    int *_gp_mq;           /* an atom's statistics not yet scored this step, asked in one stat_scores call */
    double *_gp_msc;       /* and their scores (max stat_dim each) */
    /* >>exact: exact block steps over the SIMPLEX parts (alpha_i, a distribution over example i's parts, is the state:
       w_i = blk (phi_truth - sum_p alpha_ip phi_p)) and shrinking */
    size_t *_ex_off;          /* n+1: example i's alpha at _ex_alpha[_ex_off[i] .. _ex_off[i+1]) */
    double *_ex_alpha;
    double *_ex_q;            /* n: |phi_p|^2 of example i's parts (part_orthogonal, at the start) */
    int *_ex_truth;           /* n: the part of y_i */
    int *_ex_skip, *_ex_zero; /* n: visits still skipped; zero-gap visits in a row */
    ssvm_real *_ex_sc, *_ex_cost, *_ex_dz; /* max m: the parts' scores and costs, the change of alpha */
    double *_ex_v;            /* max m: the new alpha */
    int *_ex_cand;            /* max m: the projection's candidates */
    int *_ex_act, *_ex_nact;  /* per example its parts, the active ones (scored at a visit) first; how many (X3) */
    int *_ex_rest;            /* n: visits on the active parts alone since all were scored */
    ssvm_real *_ex_full;      /* max m: alpha's change by part for part_phi (zero between uses) */
    /* >>speed: plain BCFW's step in score space through the statistics interface (0.7.0 on the chain; ssvm__sc_*):
       <D, w> from the model's scores of the step's statistics (the oracle's own, fresh), |D|^2 from the model's
       Gram cache (stat_gram, filled at the first step), w and the average moved by the model (stat_move); D is
       not built */
    void *_sc_gram;           /* the model's cache (stat_gram's bytes, _sc_bytes) */
    size_t _sc_bytes;
    int *_sc_eq;              /* per entry (max stat_dim): its statistic */
    double *_sc_ea, *_sc_sc;  /* per entry: its coefficient in D = blk expand(s(y*) - sigma_i), its score */
    int _sc_ready, _sc_valid; /* 1: the cache filled (-1: the step keeps D; tests); _sc_wmax valid */
    double _sc_wmax, _sc_xmax; /* bounds on max_j |w_j| (reset each pass, at init and at a load) and stat_gram's */
} ssvm__bcfw_state;
SSVM__STATE_FITS(ssvm__bcfw_state);
#define SSVM__BF(s) ((ssvm__bcfw_state *)(s)->_alg)
SSVM__PRIV int ssvm__state_kind(const ssvm_problem *p, const ssvm_solver_config *c) {
    const ssvm__algo *row = ssvm__algo_of((int)c->solver);
    if (!row || !(row->caps & SSVM__CAP_BLOCKS)) return -1;
    if (c->bcfw.steps != SSVM_BCFW_STEPS_FW || c->bcfw.cache) return SSVM_STATE_AUTO; /* >>gaps' atoms or >>exact's alpha
                                                                                          are the state */
    if (c->state == SSVM_STATE_COMPACT || c->state == SSVM_STATE_COMPACT_SPARSE) return p->stats ? (int)c->state : -2;
    if (c->state == SSVM_STATE_DENSE) return SSVM_STATE_DENSE;
    if (c->state == SSVM_STATE_SPARSE) return SSVM_STATE_SPARSE;
    if (!p->stats) return SSVM_STATE_SPARSE;
    /* AUTO with statistics, one rule for a heap and a preallocated solver (so that ssvm_solver_init and
       get_heap_size + init_preallocated take the same step and give the same bits): the sparse compact state
       when sigma averages >= 16 entries per example (a pair and its bookkeeping cost about 3 dense entries),
       else the dense compact state. Only the pool's start differs (ssvm__heap_defaults). */
    if (p->stat_dim && p->n > 0) {
        long long total = 0;
        int i, m;
        for (i = 0; i < p->n; i++) {
            if ((m = p->stat_dim(p->user, i)) <= 0) return SSVM_STATE_COMPACT; /* the layout reports it */
            total += m;
        }
        if (total >= 16LL * p->n) return SSVM_STATE_COMPACT_SPARSE;
    }
    return SSVM_STATE_COMPACT;
}

/* the (index, value) pool of the two sparse state kinds and its per-example bookkeeping */
SSVM__PRIV void ssvm__take_pool(ssvm_solver *s, ssvm__arena *a, size_t pool) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    size_t n = (size_t)s->_prob.n;
    bs->_sp_off = (size_t *)ssvm__take(a, n, sizeof(size_t));
    bs->_sp_len = (int *)ssvm__take(a, n, sizeof(int));
    bs->_sp_cap = (int *)ssvm__take(a, n, sizeof(int));
    bs->_sp_idx = (int *)ssvm__take(a, pool, sizeof(int));
    bs->_sp_val = (ssvm_real *)ssvm__take(a, pool, sizeof(ssvm_real));
    bs->_sp_order = (int *)ssvm__take(a, n, sizeof(int));
    bs->_sp_pool_cap = pool;
}

SSVM__PRIV void ssvm__take_svec(ssvm__arena *a, ssvm_svec *v, int d) {
    v->val = (ssvm_real *)ssvm__take(a, (size_t)d, sizeof(ssvm_real));
    v->idx = (int *)ssvm__take(a, (size_t)d, sizeof(int));
    v->mark = (unsigned char *)ssvm__take(a, (size_t)d, 1);
    v->d = d; v->nnz = 0; v->err = 0;
}
SSVM__PRIV SSVM__MAYBE_UNUSED void ssvm__svec_reset(ssvm_svec *v, int d) {
    if (!v->mark) return;
    SSVM_MEMSET(v->mark, 0, (size_t)d); v->nnz = 0; v->d = d; v->err = 0;
}

#if SSVM__HAS_MULTISAMPLE
SSVM__PRIV int ssvm__ms_oracle_sample(void *user, int i, const ssvm_real *w, double ws, int k_max, void *work, int *ys,
                                      int stride, int *lens, ssvm_real *deltas);
#endif
/* >>multisample: the multi-sample solver's state, its options' check and its layout */
/* the multi-sample solver's blocks: samples, their weights, the cache of violators, the sampler's scratch */
#if SSVM__HAS_MULTISAMPLE
/* The multi-sample solver's own state (ssvm_solver._alg, carved by ssvm__ms_layout) */
typedef struct ssvm__ms_state {
    ssvm_ms_sampler _smp;  /* the sampler in use (the default one filled in) */
    int _use_mc, _nbuf, _cache_cap;
    ssvm_svec _u, _v, _e;  /* u_t^j (eq. 15); a sample's v(X_t, Y) (eq. 7); a move's direction */
    int *_ytrue, *_ys, *_lens;
    ssvm_real *_deltas;
    double *_alpha, *_cq;
    int *_ord;
    int *_cache;           /* n * cache_cap slots of 1 + max_label_len ints: length, label */
    ssvm_real *_cache_delta;
    int *_cache_count;
    void *_swork;
    double _A, _bound, _online_loss;
    ssvm_step_info _last;
    int _halted;           /* a failed multi-sample step's code: the solver refuses further steps */
} ssvm__ms_state;
SSVM__STATE_FITS(ssvm__ms_state);
#define SSVM__MS(s) ((ssvm__ms_state *)(s)->_alg)
/* the multi-sample solver's options (config.ms; the suffix average is refused by its row) */
SSVM__PRIV ssvm_result ssvm__ms_check(const ssvm_solver_config *c) {
    const ssvm_ms_config *m = &c->ms;
    if (m->samples <= 0 || m->sweeps <= 0 || m->cache_size < 0 || !(m->loss_bound >= 0) || !ssvm__finite(m->loss_bound))
        return SSVM_ERR_INVALID_ARG;
    if ((unsigned)m->update > (unsigned)SSVM_MS_UPDATE_MULTICLASS) return SSVM_ERR_INVALID_ARG;
    if (m->samples > (INT_MAX - 1) / 2 || m->cache_size > (INT_MAX - 1) / 2) return SSVM_ERR_OVERFLOW;
    if (!m->sampler.sample && (m->sampler.work_bytes || m->sampler.multiclass)) return SSVM_ERR_NULL_CALLBACK;
    if (m->update == SSVM_MS_UPDATE_MULTICLASS && !m->sampler.multiclass) return SSVM_ERR_NOT_SUPPORTED;
    return SSVM_OK;
}
SSVM__PRIV ssvm_result ssvm__ms_layout(ssvm_solver *s, ssvm__arena *a) {
    if (!ssvm__take_state(s, a, sizeof(ssvm__ms_state))) return SSVM_ERR_OVERFLOW;
    const ssvm_problem *p = &s->_prob;
    const ssvm_ms_config *q = &s->_cfg.ms;
    size_t n = (size_t)p->n, ml = (size_t)p->max_label_len, slot, sw = 0;
    int cap = q->cache_size;
    SSVM__MS(s)->_smp = q->sampler;
    if (!SSVM__MS(s)->_smp.sample) { /* the problem's oracle, one label; user NULL: ssvm__ms_step passes &s->_prob */
        SSVM_MEMSET(&SSVM__MS(s)->_smp, 0, sizeof SSVM__MS(s)->_smp);
        SSVM__MS(s)->_smp.sample = ssvm__ms_oracle_sample;
    }
    slot = ssvm__mulsz(a, 1 + ml, sizeof(int)) + sizeof(ssvm_real);
    if (cap > 0 && q->cache_max_bytes > 0) {
        size_t per = ssvm__mulsz(a, n, slot);
        if (per > 0 && (size_t)cap > q->cache_max_bytes / per) cap = (int)(q->cache_max_bytes / per);
    }
    if (cap > 0 && n > ((size_t)-1) / (size_t)cap) return SSVM_ERR_OVERFLOW;
    SSVM__MS(s)->_cache_cap = cap;
    SSVM__MS(s)->_nbuf = q->samples + cap;
    ssvm__take_svec(a, &SSVM__MS(s)->_u, p->d);
    ssvm__take_svec(a, &SSVM__MS(s)->_v, p->d);
    ssvm__take_svec(a, &SSVM__MS(s)->_e, p->d);
    SSVM__MS(s)->_ytrue = (int *)ssvm__take(a, ml, sizeof(int));
    SSVM__MS(s)->_ys = (int *)ssvm__take(a, ssvm__mulsz(a, (size_t)SSVM__MS(s)->_nbuf, ml), sizeof(int));
    SSVM__MS(s)->_lens = (int *)ssvm__take(a, (size_t)SSVM__MS(s)->_nbuf, sizeof(int));
    SSVM__MS(s)->_deltas = (ssvm_real *)ssvm__take(a, (size_t)SSVM__MS(s)->_nbuf, sizeof(ssvm_real));
    SSVM__MS(s)->_alpha = (double *)ssvm__take(a, (size_t)SSVM__MS(s)->_nbuf, sizeof(double));
    SSVM__MS(s)->_cq = (double *)ssvm__take(a, (size_t)SSVM__MS(s)->_nbuf, sizeof(double));
    SSVM__MS(s)->_ord = (int *)ssvm__take(a, (size_t)SSVM__MS(s)->_nbuf, sizeof(int));
    if (cap > 0) {
        SSVM__MS(s)->_cache = (int *)ssvm__take(a, n * (size_t)cap, ssvm__mulsz(a, 1 + ml, sizeof(int)));
        SSVM__MS(s)->_cache_delta = (ssvm_real *)ssvm__take(a, n * (size_t)cap, sizeof(ssvm_real));
        SSVM__MS(s)->_cache_count = (int *)ssvm__take(a, n, sizeof(int));
    }
    if (SSVM__MS(s)->_smp.work_bytes) {
        sw = SSVM__MS(s)->_smp.work_bytes(SSVM__MS(s)->_smp.user, q->samples);
        if (sw == (size_t)-1) return SSVM_ERR_OVERFLOW;
    }
    SSVM__MS(s)->_swork = ssvm__take(a, sw ? sw : 1, 1);
    return SSVM_OK;
}
#endif /* SSVM__HAS_MULTISAMPLE */

/* >>speed: plain BCFW's score-space step (ssvm__sc_step) applies: double builds (a model's scores in float would
   put float rounding into the line search), the problem's score-space callbacks (ssvm_problem.stat_scores ..),
   the compact sparse state and no atoms */
SSVM__PRIV int ssvm__sc_wanted(const ssvm_solver *s) {
    const ssvm_problem *p = &s->_prob;
    return sizeof(ssvm_real) == sizeof(double) && ssvm__has_blocks(&s->_cfg) && !s->_cfg.bcfw.build_direction &&
           !ssvm__dist_on(&s->_cfg) && /* >>dist: its steps move the local view by sigma' gamma D */
           s->_cfg.bcfw.steps == SSVM_BCFW_STEPS_FW && !s->_cfg.bcfw.cache && p->stat_gram &&
           s->_state_kind == SSVM_STATE_COMPACT_SPARSE;
}
/* >>solvers: BCFW's per-example state: the storage kinds */
SSVM__PRIV ssvm_result ssvm__state_layout(ssvm_solver *s, ssvm__arena *a) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    size_t d = (size_t)p->d, n = (size_t)p->n, total = 0, maxdim = 0;
    int i;
    if (s->_state_kind >= SSVM_STATE_COMPACT)
        bs->_li = (double *)ssvm__take(a, n, sizeof(double));
    if (s->_state_kind == SSVM_STATE_COMPACT || s->_state_kind == SSVM_STATE_COMPACT_SPARSE) {
        bs->_sig_off = (size_t *)ssvm__take(a, n + 1, sizeof(size_t));
        for (i = 0; i < p->n; i++) {
            int m = p->stat_dim(p->user, i);
            if (m < 0) return (ssvm_result)m; /* a callback's own error code, as everywhere else */
            if (m == 0) return SSVM_ERR_CALLBACK;
            if (bs->_sig_off) bs->_sig_off[i] = total;
            total += (size_t)m;
            if ((size_t)m > maxdim) maxdim = (size_t)m;
        }
        if (bs->_sig_off) bs->_sig_off[n] = total;
        bs->_stmp = (ssvm_real *)ssvm__take(a, maxdim, sizeof(ssvm_real));
        if (p->stat_support) { /* >>speed: the statistics interface's sparse statistics */
            bs->_sig_q = (int *)ssvm__take(a, maxdim, sizeof(int));
            if (s->_state_kind == SSVM_STATE_COMPACT) bs->_sig_bits = (unsigned char *)ssvm__take(a, total / 8 + n + 1, 1);
            else bs->_sig_new = (int *)ssvm__take(a, maxdim, sizeof(int));
            /* and its score space, when the model's cache is not 0 bytes */
            if (s->_state_kind == SSVM_STATE_COMPACT_SPARSE && ssvm__sc_wanted(s)) {
                size_t cb = 0;
                int rc = p->stat_gram(p->user, 0, &cb, 0);
                if (rc < 0) return (ssvm_result)rc;
                if (cb) {
                    bs->_sc_bytes = cb;
                    bs->_sc_gram = ssvm__take(a, cb, 1);
                    bs->_sc_eq = (int *)ssvm__take(a, maxdim, sizeof(int));
                    bs->_sc_ea = (double *)ssvm__take(a, maxdim, sizeof(double));
                    bs->_sc_sc = (double *)ssvm__take(a, maxdim, sizeof(double));
                }
            }
        }
        if (s->_state_kind == SSVM_STATE_COMPACT) bs->_sigma = (ssvm_real *)ssvm__take(a, total, sizeof(ssvm_real));
        else { /* sigma_i as (index, value) pairs in the sparse state's pool, indexed in statistics space */
            /* default: room for every statistic plus one block, which never runs out (the pool compacts in
               place), at 1.5x the dense sigma's bytes; set a smaller pool to save memory */
            size_t pool = s->_cfg.sparse_pool_entries ? s->_cfg.sparse_pool_entries : total + maxdim;
            if (pool < n) return SSVM_ERR_WORKSPACE;
            bs->_stmp2 = (ssvm_real *)ssvm__take(a, maxdim, sizeof(ssvm_real));
            ssvm__take_pool(s, a, pool);
        }
    } else if (s->_state_kind == SSVM_STATE_DENSE) {
        if (n > ((size_t)-1) / sizeof(ssvm_real) / d) return SSVM_ERR_OVERFLOW;
        bs->_wi = (ssvm_real *)ssvm__take(a, n * d, sizeof(ssvm_real));
    } else if (s->_state_kind == SSVM_STATE_SPARSE) {
        size_t pool = s->_cfg.sparse_pool_entries ? s->_cfg.sparse_pool_entries : 64 * n;
        if (pool < n) return SSVM_ERR_WORKSPACE;
        ssvm__take_pool(s, a, pool);
        ssvm__take_svec(a, &bs->_sv_ws, p->d);
    }
    return SSVM_OK;
}
/* >>engine: the solver's layout, heap size and reset */
SSVM__PRIV ssvm_result ssvm__gaps_layout(ssvm_solver *s, ssvm__arena *a);
SSVM__PRIV void ssvm__gaps_reset(ssvm_solver *s);
SSVM__PRIV ssvm_result ssvm__gaps_init_atoms(ssvm_solver *s);
/* Lays out (or sizes, when a->base is NULL) every block of the solver in one arena. */
SSVM__PRIV ssvm_result ssvm__layout(ssvm_solver *s, ssvm__arena *a) {
    const ssvm_problem *p = &s->_prob;
    const ssvm__algo *row = SSVM__ROW(s);
    size_t d = (size_t)p->d, n = (size_t)p->n, ml = (size_t)p->max_label_len;
    ssvm_result r;
    if (!(row->caps & SSVM__CAP_NO_W)) { /* the kernel solver has no w: its support set is its state */
        s->_w = (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real));
        s->_z = (s->_cfg.averaging != SSVM_AVG_NONE) ? (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real)) : 0;
        s->_wtmp = (s->_cfg.averaging != SSVM_AVG_NONE || (row->caps & (SSVM__CAP_WTMP | SSVM__CAP_SCALED)))
                       ? (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real)) : 0;
        s->_warm = s->_cfg.warm_w ? (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real)) : 0; /* >>ckpt */
        ssvm__take_svec(a, &s->_sv, p->d);
    }
    s->_dist = ssvm__dist_on(&s->_cfg) ? (double *)ssvm__take(a, d + 2, sizeof(double)) : 0; /* >>dist */
    s->_y = (int *)ssvm__take(a, ml, sizeof(int));
    s->_y2 = (int *)ssvm__take(a, ml, sizeof(int));
    s->_perm = (s->_cfg.sampling == SSVM_SAMPLE_PERMUTATION) ? (int *)ssvm__take(a, n, sizeof(int)) : 0;
    s->_avg_kept = s->_cfg.averaging != SSVM_AVG_NONE; /* an average of w, or of the kernel solver's alpha */
    if ((r = row->layout(s, a)) != SSVM_OK) return r;
    return a->overflow ? SSVM_ERR_OVERFLOW : SSVM_OK;
}

/* A heap solver's sparse pool (SPARSE, COMPACT_SPARSE, and AUTO where it resolves to COMPACT_SPARSE) starts at one
   entry per example and grows; a preallocated one reserves its default up front (ssvm__state_layout). The state
   kind itself is the same for both (ssvm__state_kind). */
SSVM__PRIV void ssvm__heap_defaults(const ssvm_problem *p, ssvm_solver_config *c) {
    if (p->n > 0 && !c->sparse_pool_entries) {
        int kind = ssvm__state_kind(p, c);
        if (kind == SSVM_STATE_SPARSE || kind == SSVM_STATE_COMPACT_SPARSE) c->sparse_pool_entries = (size_t)p->n;
    }
}

STRUCTSVM_DEF ssvm_result ssvm_solver_get_heap_size(const ssvm_solver_config *c, size_t *bytes) {
    ssvm_solver s;
    union { double d; long long l; void *p; unsigned char b[SSVM__STATE_MAX]; } scratch;
    ssvm__arena a = {0, 0, 0, 0};
    ssvm_result r;
    if ((r = ssvm__size_begin(bytes, ssvm_solver_config_check(c))) != SSVM_OK) return r; /* weights included */
    SSVM_MEMSET(&s, 0, sizeof s);
    SSVM_MEMSET(&scratch, 0, sizeof scratch);
    s._alg = &scratch; /* the row's state in the query (ssvm__take_state) */
    s._prob = *c->problem; s._cfg = *c;
    s._state_kind = ssvm__state_kind(c->problem, c);
    if (s._state_kind == -2) return SSVM_ERR_NOT_SUPPORTED;
    if ((r = ssvm__layout(&s, &a)) != SSVM_OK) return r;
    return ssvm__arena_bytes(&a, bytes);
}

SSVM__PRIV void ssvm__reset(ssvm_solver *s) {
    const ssvm_problem *p = &s->_prob;
    const ssvm__algo *row = SSVM__ROW(s);
    size_t d = (size_t)p->d;
    double nan = ssvm__nan();
    if (s->_w) SSVM_MEMSET(s->_w, 0, d * sizeof(ssvm_real)); /* the kernel solver has none */
    if (s->_warm) SSVM_MEMCPY(s->_w, s->_warm, d * sizeof(ssvm_real)); /* >>ckpt: w = w0 + sum_i w_i, w_i = 0 */
    if (s->_z) SSVM_MEMSET(s->_z, 0, d * sizeof(ssvm_real));
    ssvm__svec_reset(&s->_sv, p->d);
    s->_l = 0; s->_l_bar = 0; s->_w_scale = 1; s->_k = 0; s->_avg_count = 0; s->_seq_pos = 0;
    /* BCFW's average starts at w (a = b = 1, z = 0); the multi-sample solver's and DEG's at 0 (a = 0, b = 1) */
    s->_avg_a = (row->caps & SSVM__CAP_AVG_FROM_0) ? 0 : 1; s->_avg_b = 1;
    s->_ww = 0;
    s->_rng = s->_cfg.seed;
    s->_best = s->_cfg.averaging != SSVM_AVG_NONE ? SSVM_W_AVERAGE : SSVM_W_ITERATE;
    s->_ev_cnt[0] = s->_ev_cnt[1] = 0; s->_ev_last = 0; s->_ev_lb = -SSVM__HUGE; /* SSVM_EVAL_PREDICT */
    s->_reuse = 0;
    SSVM_MEMSET(&s->_prog, 0, sizeof s->_prog);
    s->_prog.iterate.primal = s->_prog.iterate.dual = s->_prog.iterate.gap = nan;
    s->_prog.average = s->_prog.iterate;
    s->_prog.state_bytes = s->_heap_bytes;
    s->_prog.returned = -1;
    s->_prog.gap_estimate = nan; /* kept only by BCFW with config.bcfw's estimates */
    if (row->reset) row->reset(s);
}

/* >>solvers: BCFW's compact state starts at alpha_i = e_{y_i} (w_i = 0): sigma_i = s_i(y_i) */
SSVM__PRIV ssvm_result ssvm__sparse_reserve(ssvm_solver *s, int i, int need, int limit);
SSVM__PRIV void ssvm__speed_bits(ssvm_solver *s); /* >>speed */
SSVM__PRIV ssvm_result ssvm__init_sigma(ssvm_solver *s) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    int i, len, rc;
    if (bs->_sigma) SSVM_MEMSET(bs->_sigma, 0, bs->_sig_off[p->n] * sizeof(ssvm_real));
    for (i = 0; i < p->n; i++) {
        size_t m = bs->_sig_off[i + 1] - bs->_sig_off[i], j;
        ssvm_real *out = bs->_sigma ? bs->_sigma + bs->_sig_off[i] : bs->_stmp;
        len = p->truth(p->user, i, s->_y);
        if (len <= 0 || len > p->max_label_len) return len < 0 ? (ssvm_result)len : SSVM_ERR_LABEL;
        if (!bs->_sigma) { /* the step's scratch starts (and stays) zero */
            SSVM_MEMSET(bs->_stmp, 0, m * sizeof(ssvm_real));
            SSVM_MEMSET(bs->_stmp2, 0, m * sizeof(ssvm_real));
        }
        rc = p->stats(p->user, i, s->_y, len, 1, out);
        if (rc < 0) { if (!bs->_sigma) SSVM_MEMSET(bs->_stmp, 0, m * sizeof(ssvm_real)); return (ssvm_result)rc; }
        if (!bs->_sigma) { /* compact sparse: keep the non-zeros */
            int cnt = 0;
            ssvm_result r;
            size_t o;
            for (j = 0; j < m; j++) cnt += bs->_stmp[j] != 0;
            if ((r = ssvm__sparse_reserve(s, i, cnt, (int)m)) != SSVM_OK) {
                SSVM_MEMSET(bs->_stmp, 0, m * sizeof(ssvm_real));
                return r;
            }
            o = bs->_sp_off[i]; cnt = 0;
            for (j = 0; j < m; j++)
                if (bs->_stmp[j] != 0) {
                    bs->_sp_idx[o + (size_t)cnt] = (int)j; bs->_sp_val[o + (size_t)cnt] = bs->_stmp[j]; cnt++;
                    bs->_stmp[j] = 0; /* the step relies on zeroed scratch */
                }
            bs->_sp_live += (size_t)cnt;
            bs->_sp_len[i] = cnt;
        }
    }
    ssvm__speed_bits(s); /* >>speed */
    return SSVM_OK;
}

/* >>engine: init and uninit, the oracle and psi calls */
/* owns: the heap block is the solver's (ssvm_solver_init), so a sparse pool may grow from the start */
SSVM__PRIV ssvm_result ssvm__solver_init_in(const ssvm_solver_config *c, void *heap, size_t bytes, int owns,
                                            ssvm_solver *s) {
    size_t need = 0;
    ssvm__arena a;
    ssvm_result r;
    if (!s) return SSVM_ERR_INVALID_ARG;
    r = ssvm__arena_over(ssvm_solver_get_heap_size(c, &need), &need, heap, bytes, &a);
    SSVM_MEMSET(s, 0, sizeof *s); /* uninit-safe also on failure */
    if (r != SSVM_OK) return r;
    s->_prob = *c->problem; s->_cfg = *c;
    s->_cfg.problem = &s->_prob; /* the caller's problem need not outlive init */
    s->_state_kind = ssvm__state_kind(&s->_prob, c);
    s->_wsum = ssvm__weight_sum(&s->_prob);
    if ((r = ssvm__layout(s, &a)) != SSVM_OK) return r;
    s->_heap = heap; s->_heap_bytes = need; s->_owns_heap = owns;
    if (s->_warm) { /* >>ckpt: the prox centre, copied: the caller's w0 need not outlive init */
        SSVM_MEMCPY(s->_warm, c->warm_w, (size_t)s->_prob.d * sizeof(ssvm_real));
        s->_cfg.warm_w = s->_warm;
    }
    ssvm__reset(s);
    /* the row's start (BCFW: sigma_i = s_i(y_i) and the atoms); a half-built state: run, step and evaluate
       refuse the object */
    if (SSVM__ROW(s)->start && (r = SSVM__ROW(s)->start(s)) != SSVM_OK) s->_heap = 0;
    return r;
}
SSVM__PRIV ssvm_result ssvm__dist_join(const ssvm_solver_config *c, ssvm_solver *s, ssvm_result mine); /* >>dist */
STRUCTSVM_DEF ssvm_result ssvm_solver_init_preallocated(const ssvm_solver_config *c, void *heap, size_t bytes,
                                                        ssvm_solver *s) {
    ssvm_result r = ssvm__dist_join(c, s, ssvm__solver_init_in(c, heap, bytes, 0, s)); /* >>dist: the handshake */
    if (r != SSVM_OK && s) s->_heap = 0; /* run, step and evaluate refuse it */
    return r;
}
/* the solver's allocator for memory beyond its heap block (a growing sparse pool); NULL if none */
SSVM__PRIV void *ssvm__alloc(ssvm_solver *s, size_t bytes) {
    if (!s->_owns_heap) return 0; /* a preallocated solver never allocates */
    return ssvm__alloc_with(&s->_cfg.allocator, bytes);
}
SSVM__PRIV void ssvm__free(ssvm_solver *s, void *ptr) { ssvm__free_with(&s->_cfg.allocator, ptr); }
SSVM__PRIV ssvm_result ssvm__solver_init_heap(const ssvm_solver_config *c, ssvm_solver *s);
STRUCTSVM_DEF ssvm_result ssvm_solver_init(const ssvm_solver_config *c, ssvm_solver *s) {
    ssvm_result r0, r;
    if (!s || !c) return ssvm__dist_join(c, 0, SSVM_ERR_INVALID_ARG);
    r0 = ssvm__solver_init_heap(c, s);
    r = ssvm__dist_join(c, s, r0); /* >>dist: the handshake */
    if (r != SSVM_OK && r0 == SSVM_OK) ssvm_solver_uninit(s);
    return r;
}
SSVM__PRIV ssvm_result ssvm__solver_init_heap(const ssvm_solver_config *c, ssvm_solver *s) {
    size_t need;
    void *heap;
    ssvm_result r;
    ssvm_solver_config c2;
    if (!s || !c) return SSVM_ERR_INVALID_ARG;
    SSVM_MEMSET(s, 0, sizeof *s);
    if (!c->problem) return SSVM_ERR_INVALID_ARG;
    c2 = *c;
    ssvm__heap_defaults(c->problem, &c2);
    if ((r = ssvm_solver_get_heap_size(&c2, &need)) != SSVM_OK) return r;
    if ((r = ssvm__heap_for(&c2.allocator, need, &heap)) != SSVM_OK) return r;
    r = ssvm__solver_init_in(&c2, heap, need, 1, s);
    s->_heap = heap; s->_owns_heap = 1; s->_cfg.allocator = c2.allocator;
    if (r != SSVM_OK) { ssvm_solver_uninit(s); return r; }
    s->_cfg.state = c->state; s->_cfg.sparse_pool_entries = c->sparse_pool_entries; /* the caller's, as given */
    return SSVM_OK;
}
STRUCTSVM_DEF void ssvm_solver_uninit(ssvm_solver *s) {
    if (!s) return;
    if (s->_grown_mem) { ssvm__free(s, s->_grown_mem); s->_grown_mem = 0; }
    if (s->_owns_heap) ssvm__free_with(&s->_cfg.allocator, s->_heap);
    s->_heap = 0; s->_owns_heap = 0;
}

/* The oracle at w_scale * w, and what it returned checked. */
SSVM__PRIV ssvm_result ssvm__call_oracle(const ssvm_problem *p, int i, const ssvm_real *w, double w_scale, int *y,
                                         int *len, ssvm_real *delta) {
    *delta = 0;
    *len = p->oracle(p->user, i, w, w_scale, y, delta);
    if (*len < 0) return (ssvm_result)*len;
    if (*len == 0 || *len > p->max_label_len) return SSVM_ERR_LABEL;
    if (!ssvm__finite((double)*delta) || *delta < 0) return SSVM_ERR_LOSS;
    return SSVM_OK;
}
/* out += scale * psi_i(y) = scale * (phi(x_i, y_i) - phi(x_i, y)); ybuf: max_label_len ints for y_i */
SSVM__PRIV ssvm_result ssvm__add_psi(const ssvm_problem *p, int *ybuf, int i, const int *y, int len, ssvm_real scale,
                                     ssvm_svec *out) {
    int tl = p->truth(p->user, i, ybuf), rc;
    if (tl < 0) return (ssvm_result)tl;
    if (tl == 0 || tl > p->max_label_len) return SSVM_ERR_LABEL;
    rc = p->phi(p->user, i, ybuf, tl, scale, out);
    if (rc < 0) return (ssvm_result)rc;
    rc = p->phi(p->user, i, y, len, -scale, out);
    if (rc < 0) return (ssvm_result)rc;
    return out->err ? (ssvm_result)out->err : SSVM_OK;
}

/* >>engine: the lazily scaled iterate and average of SSG and the multi-sample solver: w = _w_scale * _w[],
   w_bar = _avg_a * _w[] + _avg_b * _z, so that a shrink of w is O(1) and a step O(nnz). */
/* _w[] <- w, _z <- w_bar, |_w|^2 recomputed: O(d), once per pass or when a scale runs out of range */
SSVM__PRIV void ssvm__fold(ssvm_solver *s) {
    int j, d = s->_prob.d;
    double ww = 0, a = s->_w_scale;
    if (s->_z) {
        for (j = 0; j < d; j++) s->_z[j] = (ssvm_real)(s->_avg_a * (double)s->_w[j] + s->_avg_b * (double)s->_z[j]);
        s->_avg_a = 0; s->_avg_b = 1;
    }
    for (j = 0; j < d; j++) {
        if (a != 1.0) s->_w[j] = (ssvm_real)(a * (double)s->_w[j]);
        ww += (double)s->_w[j] * (double)s->_w[j];
    }
    s->_w_scale = 1; s->_ww = ww;
}
/* the iterate or the average as a plain vector */
SSVM__PRIV void ssvm__materialize(const ssvm_solver *s, int average, ssvm_real *out) {
    int j, d = s->_prob.d;
    if (average && s->_z) {
        for (j = 0; j < d; j++) out[j] = (ssvm_real)(s->_avg_a * (double)s->_w[j] + s->_avg_b * (double)s->_z[j]);
    } else if (s->_w_scale == 1.0) {
        SSVM_MEMCPY(out, s->_w, (size_t)d * sizeof(ssvm_real));
    } else {
        for (j = 0; j < d; j++) out[j] = (ssvm_real)(s->_w_scale * (double)s->_w[j]);
    }
}
/* w_bar <- (1 - rho) w_bar + rho w, O(1); rho = 1 restarts it at w */
SSVM__PRIV void ssvm__avg_push(ssvm_solver *s, double rho) {
    if (!s->_z) return;
    if (rho >= 1) {
        SSVM_MEMSET(s->_z, 0, (size_t)s->_prob.d * sizeof(ssvm_real));
        s->_avg_a = s->_w_scale; s->_avg_b = 1;
        return;
    }
    s->_avg_a = (1 - rho) * s->_avg_a + rho * s->_w_scale;
    s->_avg_b = (1 - rho) * s->_avg_b;
}
/* _w[] += c E on E's support, keeping w_bar fixed (the touched coordinates of _z compensate) and |_w|^2 exact;
   u (may be NULL) += g E. A coordinate that would overflow changes nothing and reports SSVM_ERR_NONFINITE. */
SSVM__PRIV ssvm_result ssvm__move(ssvm_solver *s, const ssvm_svec *E, double c, ssvm_svec *u, double g) {
    double comp = s->_z ? s->_avg_a / s->_avg_b : 0, ww = s->_ww;
    int k;
    for (k = 0; k < E->nnz; k++) {
        int j = E->idx[k];
        if (!ssvm__finite((double)(ssvm_real)((double)s->_w[j] + c * (double)E->val[j]))) return SSVM_ERR_NONFINITE;
    }
    for (k = 0; k < E->nnz; k++) {
        int j = E->idx[k];
        double x = (double)E->val[j], old = (double)s->_w[j], nw;
        s->_w[j] = (ssvm_real)(old + c * x);
        nw = (double)s->_w[j];
        ww += nw * nw - old * old;
        if (s->_z) s->_z[j] = (ssvm_real)((double)s->_z[j] - comp * (nw - old));
        if (u) ssvm_svec_add(u, j, (ssvm_real)(g * x));
    }
    s->_ww = ww < 0 ? 0 : ww;
    return SSVM_OK;
}

/* >>engine: evaluation. One oracle pass at w: w_s = sum_i c_i psi_i(y_i*) / (lambda sum c) into acc and
   l_s = sum_i c_i Delta_i / sum c; then P(w), and with l (the dual's loss term; NaN if none) D and the gap
   (paper eqs. 3-5, Sec. 4 and App. B.4): D = l - lambda/2 |w|^2, gap = lambda <w, w - w_s> - l + l_s. Used by
   every solver, by batch FW's own step, and by ssvm_primal. A non-finite result is SSVM_ERR_NONFINITE. */
/* the objective from the pass's sums: lsum = sum_i c_i Delta_i, acc = w_s */
SSVM__PRIV ssvm_result ssvm__objective_finish(const ssvm_problem *p, double lam, double wsum, const ssvm_real *w,
                                              double l, double lsum, const ssvm_svec *acc, ssvm_objective *o,
                                              double *ls_out) {
    double ls, ww, wws;
    ls = lsum / wsum;
    ww = (double)ssvm__dot(p->d, w, w);
    wws = (double)ssvm_svec_dot(acc, w);
    if (l == l) {
        o->dual = l - 0.5 * lam * ww;
        o->gap = lam * (ww - wws) - l + ls;
        o->primal = o->dual + o->gap;
        if (!ssvm__finite(o->dual) || !ssvm__finite(o->gap)) return SSVM_ERR_NONFINITE;
    } else {
        o->dual = o->gap = ssvm__nan();
        o->primal = 0.5 * lam * ww - lam * wws + ls;
    }
    if (!ssvm__finite(o->primal)) return SSVM_ERR_NONFINITE;
    if (ls_out) *ls_out = ls;
    return SSVM_OK;
}
/* The evaluation pass: one routine for every solver with a w and for ssvm_primal. For each example i in order, its
   loss-augmented labeling y_i* at w, then sum_i c_i Delta_i and sum_i blk_i psi_i(y_i*) into acc, then P, D and
   the gap (ssvm__objective_finish). A solver's policies enter through two optional hooks (h may be NULL):
   `batch` runs the oracles of up to `width` examples at once (>>par: on the caller's threads) and `labeling`
   hands over each one's result; the sums still run in example order, so the bits are the serial ones. `visit`
   sees each example's labeling after its sums (>>gaps: the block gap g_i of the check pass). `reduce` sums the
   pass's lsum and acc over the ranks (>>dist), also when this rank's pass failed (mine), so that no rank waits. */
typedef struct ssvm__eval_hooks {
    void *u;
    int width;
    ssvm_result (*batch)(void *u, const ssvm_real *w, int i0, int cnt);
    ssvm_result (*labeling)(void *u, int t, int **y, int **y2, int *len, ssvm_real *delta);
    ssvm_result (*visit)(void *u, int i, const ssvm_real *w, const int *y, int len, ssvm_real delta);
    ssvm_result (*reduce)(void *u, double *lsum, ssvm_svec *acc, ssvm_result mine);
} ssvm__eval_hooks;
SSVM__PRIV ssvm_result ssvm__objective(const ssvm_problem *p, double lam, double wsum, const ssvm_real *w, double l,
                                       ssvm_svec *acc, int *y, int *y2, long long *calls, ssvm_objective *o,
                                       double *ls_out, const ssvm__eval_hooks *h) {
    double lsum = 0;
    int i0, t, cnt;
    ssvm_result r = SSVM_OK;
    ssvm_svec_clear(acc);
    for (i0 = 0; i0 < p->n && r == SSVM_OK; i0 += cnt) {
        cnt = h && h->batch ? (p->n - i0 < h->width ? p->n - i0 : h->width) : 1;
        if (h && h->batch && (r = h->batch(h->u, w, i0, cnt)) != SSVM_OK) break;
        for (t = 0; t < cnt; t++) {
            int i = i0 + t, *yi = y, *yi2 = y2, len;
            ssvm_real delta;
            if (h && h->batch) r = h->labeling(h->u, t, &yi, &yi2, &len, &delta);
            else r = ssvm__call_oracle(p, i, w, 1.0, y, &len, &delta);
            if (r != SSVM_OK) break;
            (*calls)++;
            lsum += p->weights ? (double)delta * (double)p->weights[i] : (double)delta;
            r = ssvm__add_psi(p, yi2, i, yi, len, (ssvm_real)ssvm__block(p, wsum, lam, i), acc);
            if (r != SSVM_OK) break;
            if (h && h->visit && (r = h->visit(h->u, i, w, yi, len, delta)) != SSVM_OK) break;
        }
    }
    if (h && h->reduce) r = h->reduce(h->u, &lsum, acc, r); /* >>dist: the sums over every rank's shard */
    if (r != SSVM_OK) return r;
    return ssvm__objective_finish(p, lam, wsum, w, l, lsum, acc, o, ls_out);
}
/* >>dist (the engine's part; MANUAL: DISTRIBUTED TRAINING). Each rank's problem is its shard; what the engine
   sums over ranks: sum c (at init), every oracle pass's lsum and w_s (the evaluation, FW's and the cutting plane's
   pass: one allreduce of d + 2 doubles), and the agreement on max_seconds and the progress callback's stop. Every
   exchange carries a failure flag, so that a rank whose pass failed still joins it and the others stop with
   SSVM_ERR_PEER instead of waiting; a failed collective is SSVM_ERR_COLLECTIVE. */
#ifndef STRUCTSVM_NO_DIST
SSVM__PRIV ssvm_result ssvm__dist_allreduce(const ssvm_solver_config *c, double *b, size_t cnt) {
    return c->dist.allreduce(c->dist.user, b, cnt) == 0 ? SSVM_OK : SSVM_ERR_COLLECTIVE;
}
#endif
/* the shard's forwarding callbacks (ssvm_problem_shard) */
#define SSVM__SH(u) ((ssvm_shard *)(u))
#define SSVM__SHP(u) (&SSVM__SH(u)->full)
#define SSVM__SHI(u, i) ((i) + SSVM__SH(u)->first)
SSVM__PRIV int ssvm__sh_truth(void *u, int i, int *y) { return SSVM__SHP(u)->truth(SSVM__SHP(u)->user, SSVM__SHI(u, i), y); }
SSVM__PRIV int ssvm__sh_phi(void *u, int i, const int *y, int len, ssvm_real sc, ssvm_svec *out) {
    return SSVM__SHP(u)->phi(SSVM__SHP(u)->user, SSVM__SHI(u, i), y, len, sc, out);
}
SSVM__PRIV int ssvm__sh_oracle(void *u, int i, const ssvm_real *w, double ws, int *y, ssvm_real *delta) {
    return SSVM__SHP(u)->oracle(SSVM__SHP(u)->user, SSVM__SHI(u, i), w, ws, y, delta);
}
SSVM__PRIV int ssvm__sh_decode(void *u, int i, const ssvm_real *w, int *y) {
    return SSVM__SHP(u)->decode(SSVM__SHP(u)->user, SSVM__SHI(u, i), w, y);
}
SSVM__PRIV int ssvm__sh_loss(void *u, int i, const int *y, int len, ssvm_real *delta) {
    return SSVM__SHP(u)->loss(SSVM__SHP(u)->user, SSVM__SHI(u, i), y, len, delta);
}
SSVM__PRIV int ssvm__sh_stat_dim(void *u, int i) { return SSVM__SHP(u)->stat_dim(SSVM__SHP(u)->user, SSVM__SHI(u, i)); }
SSVM__PRIV int ssvm__sh_stats(void *u, int i, const int *y, int len, ssvm_real sc, ssvm_real *st) {
    return SSVM__SHP(u)->stats(SSVM__SHP(u)->user, SSVM__SHI(u, i), y, len, sc, st);
}
SSVM__PRIV int ssvm__sh_expand(void *u, int i, const ssvm_real *st, ssvm_real sc, ssvm_svec *out) {
    return SSVM__SHP(u)->expand(SSVM__SHP(u)->user, SSVM__SHI(u, i), st, sc, out);
}
SSVM__PRIV int ssvm__sh_stat_support(void *u, int i, const int *y, int len, int *pos) {
    return SSVM__SHP(u)->stat_support(SSVM__SHP(u)->user, SSVM__SHI(u, i), y, len, pos);
}
SSVM__PRIV int ssvm__sh_stat_expand_at(void *u, int i, const ssvm_real *st, const int *pos, int cnt, ssvm_real sc,
                                       ssvm_svec *out) {
    return SSVM__SHP(u)->stat_expand_at(SSVM__SHP(u)->user, SSVM__SHI(u, i), st, pos, cnt, sc, out);
}
SSVM__PRIV int ssvm__sh_stat_scores(void *u, int i, const ssvm_real *w, const int *pos, int cnt, int fresh,
                                    double *score) {
    return SSVM__SHP(u)->stat_scores(SSVM__SHP(u)->user, SSVM__SHI(u, i), w, pos, cnt, fresh, score);
}
SSVM__PRIV int ssvm__sh_parts(void *u, int i, int *m) { return SSVM__SHP(u)->parts(SSVM__SHP(u)->user, SSVM__SHI(u, i), m); }
SSVM__PRIV int ssvm__sh_part_scores(void *u, int i, const ssvm_real *w, ssvm_real *score, ssvm_real *cost) {
    return SSVM__SHP(u)->part_scores(SSVM__SHP(u)->user, SSVM__SHI(u, i), w, score, cost);
}
SSVM__PRIV int ssvm__sh_part_phi(void *u, int i, const ssvm_real *z, ssvm_real sc, ssvm_svec *out) {
    return SSVM__SHP(u)->part_phi(SSVM__SHP(u)->user, SSVM__SHI(u, i), z, sc, out);
}
SSVM__PRIV int ssvm__sh_part_orthogonal(void *u, int i, int *truth, double *norm2) {
    return SSVM__SHP(u)->part_orthogonal(SSVM__SHP(u)->user, SSVM__SHI(u, i), truth, norm2);
}
SSVM__PRIV int ssvm__sh_part_scores_at(void *u, int i, const ssvm_real *w, const int *pos, int cnt, ssvm_real *score,
                                       ssvm_real *cost) {
    return SSVM__SHP(u)->part_scores_at(SSVM__SHP(u)->user, SSVM__SHI(u, i), w, pos, cnt, score, cost);
}
STRUCTSVM_DEF ssvm_result ssvm_shard_range(int n, int rank, int size, int *first, int *count) {
    long long q, r;
    if (!first || !count || n < 0 || size < 1 || rank < 0 || rank >= size) return SSVM_ERR_INVALID_ARG;
    q = n / size; r = n % size;
    *first = (int)(q * rank + (rank < r ? rank : r));
    *count = (int)(q + (rank < r));
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_problem_shard(const ssvm_problem *full, int first, int count, ssvm_shard *sh,
                                             ssvm_problem *out) {
    ssvm_problem q;
    if (!full || !sh || !out || first < 0 || count < 0 || first > full->n || count > full->n - first)
        return SSVM_ERR_INVALID_ARG;
    sh->full = *full; sh->first = first;
    q = *full;
    q.n = count; q.user = sh;
#define SSVM__SH_SET(f) q.f = full->f ? ssvm__sh_##f : 0
    SSVM__SH_SET(truth); SSVM__SH_SET(phi); SSVM__SH_SET(oracle); SSVM__SH_SET(decode); SSVM__SH_SET(loss);
    SSVM__SH_SET(stat_dim); SSVM__SH_SET(stats); SSVM__SH_SET(expand); SSVM__SH_SET(stat_support);
    SSVM__SH_SET(stat_expand_at); SSVM__SH_SET(stat_scores); SSVM__SH_SET(parts); SSVM__SH_SET(part_scores);
    SSVM__SH_SET(part_phi); SSVM__SH_SET(part_orthogonal); SSVM__SH_SET(part_scores_at);
#undef SSVM__SH_SET
    q.stat_gram = 0; q.stat_norm2 = 0; q.stat_move = 0;
    q.weights = full->weights ? full->weights + first : 0;
    *out = q;
    return SSVM_OK;
}
#ifndef STRUCTSVM_NO_DIST
/* the hooks' reduce: acc (w_s) and lsum summed over the ranks; the sum's non-zeros in index order */
SSVM__PRIV ssvm_result ssvm__dist_sum(void *u, double *lsum, ssvm_svec *acc, ssvm_result mine) {
    ssvm_solver *s = (ssvm_solver *)u;
    double *b = s->_dist;
    int d = s->_prob.d, j;
    ssvm_result r;
    SSVM_MEMSET(b, 0, ((size_t)d + 2) * sizeof(double));
    if (mine == SSVM_OK) {
        for (j = 0; j < acc->nnz; j++) b[acc->idx[j]] = (double)acc->val[acc->idx[j]];
        b[d] = *lsum;
    }
    b[d + 1] = mine != SSVM_OK;
    if ((r = ssvm__dist_allreduce(&s->_cfg, b, (size_t)d + 2)) != SSVM_OK) return r;
    if (mine != SSVM_OK) return mine;
    if (b[d + 1] != 0) return SSVM_ERR_PEER;
    ssvm_svec_clear(acc);
    for (j = 0; j < d; j++) if (b[j] != 0) ssvm_svec_add(acc, j, (ssvm_real)b[j]);
    *lsum = b[d];
    return SSVM_OK;
}
/* the evaluation's hooks for a solver with no policies of its own: the reduce on ranks, else none (NULL) */
SSVM__PRIV const ssvm__eval_hooks *ssvm__dist_hooks(ssvm_solver *s, ssvm__eval_hooks *h) {
    if (!s->_dist) return 0;
    SSVM_MEMSET(h, 0, sizeof *h);
    h->u = s; h->width = 1; h->reduce = ssvm__dist_sum;
    return h;
}
/* one flag agreed by all ranks (set on any rank: set on all) */
SSVM__PRIV ssvm_result ssvm__dist_agree(ssvm_solver *s, int *flag) {
    double b[2];
    ssvm_result r;
    b[0] = *flag != 0; b[1] = 0;
    if ((r = ssvm__dist_allreduce(&s->_cfg, b, 2)) != SSVM_OK) return r;
    *flag = b[0] != 0;
    return SSVM_OK;
}
/* The ranks' handshake at the end of every init (also a failed one, so that no rank waits): rank 0's problem size
   and options (those every rank must share) to all, compared with each rank's own; then the failure and mismatch
   flags, the ranks' indices (each exactly once) and sum c. Stack chunks of SSVM__DIST_CHUNK doubles: it needs no
   heap, and runs also when init could not get one. */
#define SSVM__DIST_CHUNK 32
SSVM__PRIV void ssvm__dist_values(const ssvm_solver_config *c, double *v) {
    const ssvm_problem *p = c->problem;
    int k = 0;
    SSVM_MEMSET(v, 0, SSVM__DIST_CHUNK * sizeof(double));
    v[k++] = (double)c->dist.size; v[k++] = p ? (double)p->d : -1; v[k++] = c->lambda; v[k++] = (double)c->solver;
    v[k++] = (double)c->averaging; v[k++] = (double)c->line_search; v[k++] = (double)c->dist.rounds;
    v[k++] = c->dist.sigma; v[k++] = (double)c->max_passes; v[k++] = (double)c->eval_every;
    v[k++] = (double)c->eval_iterate; v[k++] = (double)c->eval_average; v[k++] = (double)c->eval_schedule;
    v[k++] = c->gap_tol; v[k++] = c->target_primal; v[k++] = c->max_seconds > 0; v[k++] = c->progress != 0;
    v[k++] = c->oracle_quality; v[k++] = (double)c->cp.max_planes; v[k++] = (double)c->cp.drop_after;
    v[k++] = (double)c->cp.cache_size; v[k++] = c->cp.qp_tol; v[k++] = (double)c->cp.qp_max_iter;
    v[k++] = p ? (double)(p->weights != 0) : -1; v[k++] = (double)c->state;
}
SSVM__PRIV ssvm_result ssvm__dist_join(const ssvm_solver_config *c, ssvm_solver *s, ssvm_result mine) {
    double b[SSVM__DIST_CHUNK], v[SSVM__DIST_CHUNK];
    int k, size, bad = 0, c0;
    ssvm_result r;
    if (!c || c->dist.size <= 1 || !c->dist.allreduce)
        return mine; /* one process, or no collective: nothing to join (a bad rank index still joins, failed) */
    size = c->dist.size;
    ssvm__dist_values(c, v);
    if (c->dist.rank == 0) SSVM_MEMCPY(b, v, sizeof b); else SSVM_MEMSET(b, 0, sizeof b);
    if ((r = ssvm__dist_allreduce(c, b, SSVM__DIST_CHUNK)) != SSVM_OK) return r; /* rank 0's, to all */
    for (k = 0; k < SSVM__DIST_CHUNK; k++) bad |= b[k] != v[k];
    SSVM_MEMSET(b, 0, sizeof b);
    b[0] = bad; b[1] = mine != SSVM_OK; b[2] = mine == SSVM_OK && s ? s->_wsum : 0;
    if ((r = ssvm__dist_allreduce(c, b, 3)) != SSVM_OK) return r;
    if (mine != SSVM_OK) return mine;
    if (b[1] != 0) return SSVM_ERR_PEER;
    if (b[0] != 0) return SSVM_ERR_COLLECTIVE;
    s->_wsum = b[2]; /* sum c over every rank's examples: the loss term's and w_s's scale */
    for (c0 = 0; c0 < size; c0 += SSVM__DIST_CHUNK) { /* each rank's index exactly once */
        int cnt = size - c0 < SSVM__DIST_CHUNK ? size - c0 : SSVM__DIST_CHUNK;
        SSVM_MEMSET(b, 0, sizeof b);
        if (c->dist.rank >= c0 && c->dist.rank < c0 + cnt) b[c->dist.rank - c0] = 1;
        if ((r = ssvm__dist_allreduce(c, b, (size_t)cnt)) != SSVM_OK) return r;
        for (k = 0; k < cnt; k++) bad |= b[k] != 1;
    }
    return bad ? SSVM_ERR_COLLECTIVE : SSVM_OK;
}
#else /* STRUCTSVM_NO_DIST: what the engine's callers name, never reached (SSVM__DIST is 0) */
SSVM__PRIV SSVM__MAYBE_UNUSED ssvm_result ssvm__dist_sum(void *u, double *lsum, ssvm_svec *acc, ssvm_result mine) {
    (void)u; (void)lsum; (void)acc;
    return mine;
}
SSVM__PRIV const ssvm__eval_hooks *ssvm__dist_hooks(ssvm_solver *s, ssvm__eval_hooks *h) { (void)s; (void)h; return 0; }
SSVM__PRIV SSVM__MAYBE_UNUSED ssvm_result ssvm__dist_agree(ssvm_solver *s, int *flag) { (void)s; (void)flag; return SSVM_OK; }
SSVM__PRIV ssvm_result ssvm__dist_join(const ssvm_solver_config *c, ssvm_solver *s, ssvm_result mine) {
    (void)c; (void)s;
    return mine;
}
#endif
/* >>engine: evaluation (continued): the primal, the evaluation routine and its schedule (SSVM_EVAL_PREDICT) */
STRUCTSVM_DEF ssvm_result ssvm_primal_get_work_size(const ssvm_problem *p, size_t *bytes) {
    ssvm__arena a = {0, 0, 0, 0};
    ssvm_svec v;
    ssvm_result r;
    if ((r = ssvm__size_begin(bytes, ssvm_problem_check(p))) != SSVM_OK) return r;
    ssvm__take_svec(&a, &v, p->d);
    ssvm__take(&a, 2 * (size_t)p->max_label_len, sizeof(int));
    return ssvm__arena_bytes(&a, bytes);
}
STRUCTSVM_DEF ssvm_result ssvm_primal(const ssvm_problem *p, double lambda, const ssvm_real *w, void *work,
                                      size_t work_bytes, double *out) {
    ssvm__arena a;
    ssvm_svec v;
    ssvm_objective o;
    size_t need = 0;
    long long calls = 0;
    int *y, j;
    ssvm_result r;
    if (!w || !work || !out) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm__arena_over(ssvm_primal_get_work_size(p, &need), &need, work, work_bytes, &a)) != SSVM_OK) return r;
    if (!(lambda > 0) || !ssvm__finite(lambda)) return SSVM_ERR_LAMBDA;
    for (j = 0; j < p->d; j++) if (!ssvm__finite((double)w[j])) return SSVM_ERR_NONFINITE;
    if (p->weights && !(ssvm__weight_sum(p) > 0)) return SSVM_ERR_EMPTY;
    ssvm__take_svec(&a, &v, p->d);
    y = (int *)ssvm__take(&a, 2 * (size_t)p->max_label_len, sizeof(int));
    SSVM_MEMSET(v.mark, 0, (size_t)p->d);
    r = ssvm__objective(p, lambda, ssvm__weight_sum(p), w, ssvm__nan(), &v, y, y + p->max_label_len, &calls, &o, 0, 0);
    if (r == SSVM_OK) *out = o.primal;
    return r;
}

/* the dual's loss term at the iterate (average: 1) for the evaluation (the row's; NaN where it has no dual) */
SSVM__PRIV double ssvm__dual_l(const ssvm_solver *s, int average) {
    const ssvm__algo *row = SSVM__ROW(s);
    if (row->dual_l) return row->dual_l(s, average);
    return average ? s->_l_bar : s->_l;
}
/* rows' dual_l: no dual (SSG, multi-sample: the multi-sample solver's online dual is set by its `evaluated`) */
SSVM__PRIV SSVM__MAYBE_UNUSED double ssvm__no_dual_l(const ssvm_solver *s, int average) { (void)s; (void)average; return ssvm__nan(); }
SSVM__PRIV ssvm_result ssvm__warm_objective(ssvm_solver *s, const ssvm_real *w, ssvm_objective *o); /* >>ckpt */
SSVM__PRIV ssvm_result ssvm__evaluate_one(ssvm_solver *s, int average, ssvm_objective *o) {
    const ssvm_real *w = s->_w;
    double ls;
    ssvm_result r;
    const ssvm__algo *row = SSVM__ROW(s);
    if (row->evaluate) return row->evaluate(s, average, o); /* clique generation: the gap of (10); the kernel's */
    if ((average && s->_z) || s->_w_scale != 1.0) { ssvm__materialize(s, average, s->_wtmp); w = s->_wtmp; }
    if (row->objective) r = row->objective(s, w, average, o, &ls); /* BCFW's: block by block, or on the threads */
    else {
        ssvm__eval_hooks h;
        r = ssvm__objective(&s->_prob, s->_cfg.lambda, s->_wsum, w, ssvm__dual_l(s, average), &s->_sv, s->_y, s->_y2,
                            &s->_prog.eval_oracle_calls, o, &ls, ssvm__dist_hooks(s, &h)); /* >>dist: summed */
    }
    if (r != SSVM_OK) return r;
    if (s->_warm && (r = ssvm__warm_objective(s, w, o)) != SSVM_OK) return r; /* >>ckpt: the prox objective */
    return row->evaluated ? row->evaluated(s, average, o, ls) : SSVM_OK; /* FW's reuse, online duals, ... */
}
/* SSVM_EVAL_PREDICT: keep the last SSVM__EV_HIST evaluations of each vector (a second one at the same pass
   replaces the first) and the best dual seen, a lower bound on the optimum whatever vector it was evaluated at */
SSVM__PRIV void ssvm__ev_record(ssvm_solver *s) {
    const ssvm_objective *o[2];
    int v, k = s->_prog.pass;
    o[0] = &s->_prog.iterate; o[1] = &s->_prog.average;
    if (k <= 0) return; /* before the first pass: no decay to fit */
    for (v = 0; v < 2; v++) {
        int c = s->_ev_cnt[v];
        if (o[v]->primal != o[v]->primal) continue;
        if (o[v]->dual == o[v]->dual && o[v]->dual > s->_ev_lb) s->_ev_lb = o[v]->dual;
        if (c == 0 || s->_ev_k[v][c - 1] != k) {
            if (c == SSVM__EV_HIST) {
                int j;
                for (j = 1; j < c; j++) {
                    s->_ev_k[v][j - 1] = s->_ev_k[v][j]; s->_ev_p[v][j - 1] = s->_ev_p[v][j];
                    s->_ev_g[v][j - 1] = s->_ev_g[v][j];
                }
                c--;
            }
            c++;
        }
        s->_ev_k[v][c - 1] = k; s->_ev_p[v][c - 1] = o[v]->primal; s->_ev_g[v][c - 1] = o[v]->gap;
        s->_ev_cnt[v] = c;
        s->_ev_last = k;
    }
}
SSVM__PRIV SSVM__MAYBE_UNUSED double ssvm__exp_portable(double x); /* STRUCTSVM_FREESTANDING's SSVM_EXP/LOG */
SSVM__PRIV SSVM__MAYBE_UNUSED double ssvm__log_portable(double x);
/* e at pass k on the power law e ~ k^-r through the last value e2 = e[cnt-1] (pass k2) and an anchor e1 (pass
   k1): the latest evaluation at or before k2/2, else the oldest kept (two points close together fit the noise
   of BCFW's iterate, not its rate). r clamped to [1/2, 4]; one value: r = 1 (Frank-Wolfe's O(1/k)); no decrease
   from the anchor: r = 1/2. off: subtracted from every value (the best dual, for the primal excess). */
SSVM__PRIV double ssvm__ev_predict(int cnt, const int *ks, const double *e, double off, int k) {
    double r = 1, e2 = e[cnt - 1] - off;
    int a = 0, j;
    if (e2 <= 0) return e2;
    if (cnt >= 2) {
        double e1;
        for (j = cnt - 2; j >= 0; j--) if (ks[j] <= ks[cnt - 1] / 2) { a = j; break; }
        e1 = e[a] - off;
        r = e1 > e2 ? SSVM_LOG(e1 / e2) / SSVM_LOG((double)ks[cnt - 1] / (double)ks[a]) : 0.5;
        if (!(r >= 0.5)) r = 0.5;
        if (r > 4) r = 4;
    }
    return e2 * SSVM_EXP(r * SSVM_LOG((double)ks[cnt - 1] / (double)k));
}
/* SSVM_EVAL_PREDICT: is an evaluation due after pass k? Yes before any evaluation, at twice the last evaluated
   pass, and where a vector's fitted decay puts its gap at or below gap_tol, or its primal excess over the best
   dual (P - D_best, which must reach target_primal - D_best) at or below that; with no rule set, or no evaluated
   gap and no dual to bound the optimum (SSG), every grid pass (the fixed schedule). A wrong prediction costs an
   evaluation (too early) or passes (too late, at most up to the doubling); the certificate is never predicted:
   the rules still read only evaluations. */
SSVM__PRIV int ssvm__ev_due(const ssvm_solver *s, int k) {
    const ssvm_solver_config *c = &s->_cfg;
    int v, gap_rule = c->gap_tol > 0, tgt_rule = c->target_primal > -SSVM__HUGE, any = 0;
    if (s->_ev_last <= 0 || k / 2 >= s->_ev_last) return 1; /* k >= 2 * last, without overflow */
    for (v = 0; v < 2; v++) {
        int n = s->_ev_cnt[v];
        if (!n) continue;
        if (gap_rule && s->_ev_g[v][n - 1] == s->_ev_g[v][n - 1]) {
            any = 1;
            if (ssvm__ev_predict(n, s->_ev_k[v], s->_ev_g[v], 0, k) <= c->gap_tol) return 1;
        }
        if (tgt_rule && s->_ev_lb > -SSVM__HUGE) {
            double lb = s->_ev_lb, tol = c->target_primal - lb;
            any = 1;
            if (tol > 0 && ssvm__ev_predict(n, s->_ev_k[v], s->_ev_p[v], lb, k) <= tol)
                return 1;
        }
    }
    return !any;
}
STRUCTSVM_DEF ssvm_result ssvm_solver_evaluate(ssvm_solver *s, int iterate, int average, ssvm_progress *out) {
    ssvm__stopwatch t;
    ssvm_result r = SSVM_OK;
    double nan = ssvm__nan(), wall = 0, cpu = 0;
    if (!s || !s->_heap) return SSVM_ERR_INVALID_ARG;
    t = ssvm__start(s);
    s->_reuse = 0; /* _sv is overwritten now: a pass that fails half-way must not be reused */
    s->_prog.iterate.primal = s->_prog.iterate.dual = s->_prog.iterate.gap = nan;
    s->_prog.average = s->_prog.iterate;
    if (iterate || (average && (SSVM__ROW(s)->caps & SSVM__CAP_EVAL_W))) r = ssvm__evaluate_one(s, 0, &s->_prog.iterate);
    if (r == SSVM_OK && average && s->_avg_kept)
        r = ssvm__evaluate_one(s, 1, &s->_prog.average);
    ssvm__stop(s, t, &wall, &cpu);
    if (s->_reuse) { s->_reuse_wall = wall; s->_reuse_cpu = cpu; }
    s->_prog.eval_wall_seconds += wall; s->_prog.eval_cpu_seconds += cpu;
    if (r != SSVM_OK) return r;
    ssvm__ev_record(s);
    { /* remember which vector is better: the smaller gap, or primal where a vector has no dual */
        int by_primal = s->_prog.average.gap != s->_prog.average.gap;
        double a = by_primal ? s->_prog.iterate.primal : s->_prog.iterate.gap;
        double b = by_primal ? s->_prog.average.primal : s->_prog.average.gap;
        if (a == a && b == b) s->_best = b <= a ? SSVM_W_AVERAGE : SSVM_W_ITERATE;
    }
    if (out) *out = s->_prog;
    return SSVM_OK;
}

/* >>solvers: BCFW's lazy average and its sparse pool */
/* Lazy averaging for BCFW: w_bar = avg_a * w + avg_b * z. With w' = w + delta (sparse) and
   w_bar' = (1-rho) w_bar + rho w': avg_a' = (1-rho) avg_a + rho, avg_b' = (1-rho) avg_b,
   z' = z - (avg_a/avg_b) delta. rho = 1 restarts the average at w'. Cost: O(nnz(delta)). */
SSVM__PRIV void ssvm__avg_update(ssvm_solver *s, double rho, const ssvm_svec *dir, double coef) {
    int k, d = s->_prob.d;
    double a = s->_avg_a, b = s->_avg_b;
    if (rho >= 1.0) {
        SSVM_MEMSET(s->_z, 0, (size_t)d * sizeof(ssvm_real));
        s->_avg_a = 1; s->_avg_b = 1;
        return;
    }
    {
        double c = -(a / b) * coef;
        for (k = 0; k < dir->nnz; k++) { int j = dir->idx[k]; s->_z[j] += (ssvm_real)(c * (double)dir->val[j]); }
    }
    s->_avg_a = (1 - rho) * a + rho;
    s->_avg_b = (1 - rho) * b;
    /* z grows like 1/avg_b: fold it back into a plain vector before it loses range (O(d), rare) */
    if (s->_avg_b < (sizeof(ssvm_real) < sizeof(double) ? 1e-15 : 1e-100)) {
        int j;
        for (j = 0; j < d; j++) s->_z[j] = (ssvm_real)(s->_avg_a * (double)s->_w[j] + s->_avg_b * (double)s->_z[j]);
        /* now w_bar = z: represent as 0*w + 1*z */
        s->_avg_a = 0; s->_avg_b = 1;
    }
}
/* called after step k (0-based) produced iterate k+1 (>>dist: after round k) */
SSVM__PRIV double ssvm__avg_rho_at(ssvm_solver *s, long long k) {
    if (s->_cfg.averaging == SSVM_AVG_WEIGHTED) return 2.0 / (double)(k + 2);
    if (s->_cfg.averaging == SSVM_AVG_UNIFORM) return 1.0 / (double)(k + 1); /* SSG-avg: w^1 .. w^(k+1) */
    else {
        long long t = k + 1; /* doubling trick: restart at iterates 1, 2, 4, 8, ... */
        if ((t & (t - 1)) == 0) { s->_avg_count = 1; return 1.0; }
        s->_avg_count++;
        return 1.0 / (double)s->_avg_count;
    }
}
SSVM__PRIV double ssvm__avg_rho(ssvm_solver *s) { return ssvm__avg_rho_at(s, s->_k); }

/* Slides every block down to the front of the pool, in offset order, so that a preallocated pool reclaims the
   blocks left behind by relocations. */
SSVM__PRIV int ssvm__off_before(const void *k, int a, int b) {
    const size_t *off = (const size_t *)k;
    return off[a] < off[b] || (off[a] == off[b] && a < b);
}
SSVM__PRIV void ssvm__sparse_compact(ssvm_solver *s) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    int n = s->_prob.n, k, *ord = bs->_sp_order;
    size_t used = 0;
    ssvm__heapsort(n, bs->_sp_off, ssvm__off_before, ord);
    for (k = 0; k < n; k++) { /* used <= the block's offset: a forward copy never overwrites what it reads */
        int e = ord[k], L = bs->_sp_len[e], j;
        size_t o = bs->_sp_off[e];
        if (o != used)
            for (j = 0; j < L; j++) { bs->_sp_idx[used + (size_t)j] = bs->_sp_idx[o + (size_t)j]; bs->_sp_val[used + (size_t)j] = bs->_sp_val[o + (size_t)j]; }
        bs->_sp_off[e] = used; bs->_sp_cap[e] = L; used += (size_t)L;
    }
    bs->_sp_pool_used = used;
}

/* Room for `need` entries of example i's sparse w_i or sigma_i: a fresh block at the end of the pool, or, when
   the pool is full, a pool twice the live size into which every example's entries are compacted. A block
   never exceeds `limit`, the most entries example i can have (d, or stat_dim(i)). */
SSVM__PRIV ssvm_result ssvm__sparse_reserve(ssvm_solver *s, int i, int need, int limit) {
    size_t cap = (size_t)SSVM__BF(s)->_sp_cap[i] * 2, newcap, bytes, used = 0;
    int e;
    unsigned char *mem;
    int *nidx;
    ssvm_real *nval;
    if (need <= SSVM__BF(s)->_sp_cap[i]) return SSVM_OK;
    if (cap < (size_t)need) cap = (size_t)need;
    if (cap < 8) cap = 8;
    if (cap > (size_t)limit) cap = (size_t)limit; /* sp_cap is an int; need <= limit <= INT_MAX */
    if (cap < (size_t)need) cap = (size_t)need;
    if (SSVM__BF(s)->_sp_pool_used + cap <= SSVM__BF(s)->_sp_pool_cap) {
        /* the old entries are copied by the caller's rewrite; the old block becomes garbage */
        SSVM__BF(s)->_sp_off[i] = SSVM__BF(s)->_sp_pool_used; SSVM__BF(s)->_sp_cap[i] = (int)cap; SSVM__BF(s)->_sp_pool_used += cap;
        return SSVM_OK;
    }
    if (!s->_owns_heap) { /* a preallocated pool cannot grow: reclaim the dead blocks, then the least room */
        ssvm__sparse_compact(s); /* keeps example i's old entries too: a failure below must lose nothing */
        if (SSVM__BF(s)->_sp_pool_used + cap > SSVM__BF(s)->_sp_pool_cap) cap = (size_t)need;
        if (SSVM__BF(s)->_sp_pool_used + cap > SSVM__BF(s)->_sp_pool_cap) return SSVM_ERR_WORKSPACE;
        SSVM__BF(s)->_sp_off[i] = SSVM__BF(s)->_sp_pool_used; SSVM__BF(s)->_sp_cap[i] = (int)cap; SSVM__BF(s)->_sp_pool_used += cap;
        return SSVM_OK;
    }
    newcap = 2 * (SSVM__BF(s)->_sp_live + cap);
    if (newcap < SSVM__BF(s)->_sp_pool_cap) newcap = SSVM__BF(s)->_sp_pool_cap;
    if (newcap > ((size_t)-1) / (sizeof(int) + sizeof(ssvm_real)) - 16) return SSVM_ERR_OVERFLOW;
    bytes = newcap * (sizeof(int) + sizeof(ssvm_real)) + 16;
    mem = (unsigned char *)ssvm__alloc(s, bytes);
    if (!mem) return s->_owns_heap ? SSVM_ERR_OUT_OF_MEMORY : SSVM_ERR_WORKSPACE;
    nval = (ssvm_real *)(void *)ssvm__align16(mem);
    nidx = (int *)(void *)(nval + newcap);
    for (e = 0; e < s->_prob.n; e++) { /* compact: every block shrinks to its length */
        size_t k, o = SSVM__BF(s)->_sp_off[e];
        int L = SSVM__BF(s)->_sp_len[e];
        for (k = 0; k < (size_t)L; k++) { nidx[used + k] = SSVM__BF(s)->_sp_idx[o + k]; nval[used + k] = SSVM__BF(s)->_sp_val[o + k]; }
        SSVM__BF(s)->_sp_off[e] = used; SSVM__BF(s)->_sp_cap[e] = L; used += (size_t)L;
    }
    SSVM__BF(s)->_sp_off[i] = used; SSVM__BF(s)->_sp_cap[i] = (int)cap; used += cap;
    ssvm__free(s, s->_grown_mem);
    s->_grown_mem = mem; s->_grown_bytes = bytes;
    SSVM__BF(s)->_sp_idx = nidx; SSVM__BF(s)->_sp_val = nval; SSVM__BF(s)->_sp_pool_cap = newcap; SSVM__BF(s)->_sp_pool_used = used;
    s->_prog.state_bytes = s->_heap_bytes + bytes;
    return SSVM_OK;
}

/* >>speed: BCFW's compact state on the built-in chain, at a cost proportional to what a step changes. The generic
   compact step below writes -sigma_i into the whole scratch, adds s(y*) and expands all L*K + K*K statistics (a
   K x K scan of the label pairs at every step), then scans them again to update sigma_i. Here a bitmap keeps a
   superset of sigma_i's support (set at init from s(y_i), at each step for s(y*)'s L + L-1 entries; cleared
   where an update leaves an exact 0), and the step visits only those positions, in ascending order: the same
   additions in the same order as the generic step (identical results), in time ~ the support, not K*K. */
/* squares below which a sum of two magnitudes stays finite in ssvm_real (float: 2 x 3.2e37 < 3.4e38) */
#define SSVM__SPEED_SQ (sizeof(ssvm_real) < sizeof(double) ? 1e75 : 1e300)
SSVM__PRIV void ssvm__speed_abort(ssvm_solver *s);
SSVM__PRIV ssvm_result ssvm__sparse_reserve(ssvm_solver *s, int i, int need, int limit);
/* The bitmap's first bit of example i: 8 (off_i / 8 + i) with off_i = _sig_off[i]. Each example starts on a byte
   of its own, so that >>par's tasks and second phase, on distinct examples, never write one byte: with r = off_i
   mod 8, the next start minus this one is 8 floor((r + m_i) / 8) + 8 >= m_i. Costs n bytes over total / 8. */
#define SSVM__SIG_B0(s, i) ((size_t)8 * (SSVM__BF(s)->_sig_off[i] / 8 + (size_t)(i)))
SSVM__PRIV void ssvm__speed_bits(ssvm_solver *s) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    size_t j, b;
    int i;
    if (!bs->_sig_bits || !bs->_sigma) return;
    SSVM_MEMSET(bs->_sig_bits, 0, bs->_sig_off[s->_prob.n] / 8 + (size_t)s->_prob.n + 1);
    for (i = 0; i < s->_prob.n; i++)
        for (j = bs->_sig_off[i], b = SSVM__SIG_B0(s, i); j < bs->_sig_off[i + 1]; j++, b++)
            if (bs->_sigma[j] != 0) bs->_sig_bits[b >> 3] |= (unsigned char)(1u << (b & 7));
}
/* the first set bit in [j, hi), else hi */
SSVM__PRIV size_t ssvm__speed_next(const unsigned char *bits, size_t j, size_t hi) {
    while (j < hi) {
        unsigned b = (unsigned)bits[j >> 3] >> (j & 7);
        if (!b) { j = (j | 7) + 1; continue; }
        while (!(b & 1u)) { b >>= 1; j++; }
        return j < hi ? j : hi;
    }
    return hi;
}
/* s(y)'s support into out (stat_support), checked: ascending, without repeats, inside [0, m); its count or an error */
SSVM__PRIV int ssvm__stat_support(const ssvm_problem *p, int i, const int *y, int len, int m, int *out) {
    int n = p->stat_support(p->user, i, y, len, out), k;
    if (n < 0) return n;
    if (n > m) return SSVM_ERR_CALLBACK;
    for (k = 0; k < n; k++) if (out[k] < 0 || out[k] >= m || (k > 0 && out[k] <= out[k - 1])) return SSVM_ERR_CALLBACK;
    return n;
}
/* COMPACT_SPARSE: sigma_i's (index, value) list is ascending and exact; merged with s(y*)'s support (stat_support)
   it gives the step's positions, into _sig_q */
SSVM__PRIV void ssvm__speed_merge(ssvm_solver *s, int i, int n) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const int *q = bs->_sig_new, *old = bs->_sp_idx + bs->_sp_off[i];
    int no = bs->_sp_len[i], k = 0, j = 0, u = 0;
    while (k < no || j < n) {
        if (j >= n || (k < no && old[k] < q[j])) bs->_sig_q[u++] = old[k++];
        else if (k >= no || q[j] < old[k]) bs->_sig_q[u++] = q[j++];
        else { bs->_sig_q[u++] = old[k++]; j++; }
    }
    bs->_sig_qn = u;
}
SSVM__PRIV void ssvm__speed_abort(ssvm_solver *s);
/* COMPACT_SPARSE: the step's positions into _sig_q, the old sigma scattered into stmp2 and s(y*) - sigma into stmp
   (both zero between steps); y checked (SSVM_ERR_LABEL) */
SSVM__PRIV ssvm_result ssvm__speed_stats(ssvm_solver *s, int i, int len) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    int k, rc, m = (int)(bs->_sig_off[i + 1] - bs->_sig_off[i]);
    size_t o = bs->_sp_off[i];
    ssvm_real *st = bs->_stmp;
    if ((rc = ssvm__stat_support(p, i, s->_y, len, m, bs->_sig_new)) < 0) { bs->_sig_qn = 0; return (ssvm_result)rc; }
    ssvm__speed_merge(s, i, rc);
    for (k = 0; k < bs->_sp_len[i]; k++) {
        int e = bs->_sp_idx[o + (size_t)k];
        bs->_stmp2[e] = bs->_sp_val[o + (size_t)k];
        st[e] = -bs->_sp_val[o + (size_t)k];
    }
    rc = p->stats(p->user, i, s->_y, len, 1, st); /* writes only listed positions */
    if (rc < 0) { ssvm__speed_abort(s); return (ssvm_result)rc; }
    return SSVM_OK;
}
/* D = w_i - w_s = A_i (s(y*) - sigma_i) blk over the step's positions only (stat_expand_at), as
   ssvm__state_direction's compact branches build it over all of them */
SSVM__PRIV ssvm_result ssvm__speed_direction(ssvm_solver *s, int i, int len, ssvm_real blk, ssvm_svec *D) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    size_t lo = bs->_sig_off[i];
    int rc, m = (int)(bs->_sig_off[i + 1] - lo);
    ssvm_real *st = bs->_stmp;
    const int *y = s->_y;
    if (bs->_sig_bits) { /* COMPACT: s(y*)'s positions join the bitmap; then its set bits, ascending */
        const ssvm_real *sig = bs->_sigma + lo;
        size_t bl = SSVM__SIG_B0(s, i), bh = bl + (size_t)m, j;
        int n, k, u = 0;
        if ((n = ssvm__stat_support(p, i, y, len, m, bs->_sig_q)) < 0) return (ssvm_result)n;
        for (k = 0; k < n; k++) {
            j = bl + (size_t)bs->_sig_q[k];
            bs->_sig_bits[j >> 3] |= (unsigned char)(1u << (j & 7));
        }
        for (j = ssvm__speed_next(bs->_sig_bits, bl, bh); j < bh; j = ssvm__speed_next(bs->_sig_bits, j + 1, bh)) {
            st[j - bl] = -sig[j - bl];
            bs->_sig_q[u++] = (int)(j - bl);
        }
        rc = p->stats(p->user, i, y, len, 1, st); /* writes only set positions */
        if (rc >= 0) rc = p->stat_expand_at(p->user, i, st, bs->_sig_q, u, blk, D);
        if (rc < 0) return (ssvm_result)rc;
        return D->err ? (ssvm_result)D->err : SSVM_OK;
    }
    if ((rc = ssvm__speed_stats(s, i, len)) != SSVM_OK) return (ssvm_result)rc;
    rc = p->stat_expand_at(p->user, i, st, bs->_sig_q, bs->_sig_qn, blk, D);
    if (rc >= 0 && D->err) rc = D->err;
    if (rc < 0) {
        ssvm__speed_abort(s);
        return (ssvm_result)rc;
    }
    return SSVM_OK;
}
/* COMPACT_SPARSE: the scratch back to zero on the step's positions */
SSVM__PRIV void ssvm__speed_abort(ssvm_solver *s) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    int k;
    for (k = 0; k < bs->_sig_qn; k++) { int q = bs->_sig_q[k]; bs->_stmp[q] = 0; bs->_stmp2[q] = 0; }
}
/* sigma_i += gamma (s(y*) - sigma_i) on the listed positions (elsewhere the generic update adds nothing either) */
SSVM__PRIV ssvm_result ssvm__speed_update(ssvm_solver *s, int i, double gamma) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    size_t lo = bs->_sig_off[i];
    ssvm_real *st = bs->_stmp;
    int k, cnt = 0;
    ssvm_result r;
    if (bs->_sig_bits) {
        ssvm_real *sig = bs->_sigma + lo;
        size_t bl = SSVM__SIG_B0(s, i), bh = bl + (bs->_sig_off[i + 1] - lo), j;
        for (j = ssvm__speed_next(bs->_sig_bits, bl, bh); j < bh; j = ssvm__speed_next(bs->_sig_bits, j + 1, bh)) {
            size_t q = j - bl;
            if (st[q] != 0) {
                sig[q] += (ssvm_real)(gamma * (double)st[q]);
                if (sig[q] == 0) bs->_sig_bits[j >> 3] &= (unsigned char)~(1u << (j & 7));
            }
        }
        return SSVM_OK;
    } else {
        size_t o, m = bs->_sig_off[i + 1] - lo;
        for (k = 0; k < bs->_sig_qn; k++) { int q = bs->_sig_q[k]; cnt += st[q] != 0 || bs->_stmp2[q] != 0; }
        if ((r = ssvm__sparse_reserve(s, i, cnt, (int)m)) != SSVM_OK) { ssvm__speed_abort(s); return r; }
        o = bs->_sp_off[i]; cnt = 0;
        for (k = 0; k < bs->_sig_qn; k++) {
            int q = bs->_sig_q[k];
            ssvm_real v = bs->_stmp2[q];
            if (st[q] != 0) v += (ssvm_real)(gamma * (double)st[q]);
            st[q] = 0; bs->_stmp2[q] = 0;
            if (v != 0) { bs->_sp_idx[o + (size_t)cnt] = q; bs->_sp_val[o + (size_t)cnt] = v; cnt++; }
        }
        bs->_sp_live += (size_t)cnt - (size_t)bs->_sp_len[i];
        bs->_sp_len[i] = cnt;
        return SSVM_OK;
    }
}

/* >>solvers: BCFW's per-example storage. Each kind implements two calls: the direction D = w_i - w_s of a step,
   and the update w_i <- w_i - gamma D (with state_abort to drop a direction that will not be used).
     COMPACT         w_i = A_i (s_i(y_i) - sigma_i) / (lambda n): D = A_i (s(y*) - sigma_i) blk, sigma_i += gamma (..)
     COMPACT_SPARSE  the same on a sigma_i kept as (index, value) pairs, scattered into dense scratch for the step
     SPARSE          w_i as (index, value) pairs on the union of the supports it has seen
     DENSE           w_i as d reals */
SSVM__PRIV ssvm_result ssvm__state_direction(ssvm_solver *s, int i, int len, ssvm_real blk, ssvm_svec *D) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    int k, rc;
    ssvm_result r = SSVM_OK;
    ssvm_svec_clear(D);
    /* >>speed (the generic step gives the same bits). Under config.par too since 0.6.2: each task slot has its own
       scratch (_sig_q, _sig_new, _stmp), and each example's bits of the bitmap start on a byte of their own */
    if (bs->_sig_q || bs->_sig_bits) return ssvm__speed_direction(s, i, len, blk, D);
    if (s->_state_kind == SSVM_STATE_COMPACT || s->_state_kind == SSVM_STATE_COMPACT_SPARSE) {
        size_t m = bs->_sig_off[i + 1] - bs->_sig_off[i], j;
        if (s->_state_kind == SSVM_STATE_COMPACT) {
            const ssvm_real *sig = bs->_sigma + bs->_sig_off[i];
            for (j = 0; j < m; j++) bs->_stmp[j] = -sig[j];
        } else { /* scattered into stmp2 (the old sigma) and stmp (-sigma); both are zero between steps */
            size_t o = bs->_sp_off[i];
            for (k = 0; k < bs->_sp_len[i]; k++) {
                int e = bs->_sp_idx[o + (size_t)k];
                bs->_stmp2[e] = bs->_sp_val[o + (size_t)k];
                bs->_stmp[e] = -bs->_sp_val[o + (size_t)k];
            }
        }
        /* w_i - w_s = A_i (s(y*) - sigma_i) blk */
        if ((rc = p->stats(p->user, i, s->_y, len, 1, bs->_stmp)) < 0) r = (ssvm_result)rc;
        else if ((rc = p->expand(p->user, i, bs->_stmp, blk, D)) < 0) r = (ssvm_result)rc;
        else if (D->err) r = (ssvm_result)D->err;
        if (r != SSVM_OK && s->_state_kind == SSVM_STATE_COMPACT_SPARSE) {
            SSVM_MEMSET(bs->_stmp, 0, m * sizeof(ssvm_real));
            SSVM_MEMSET(bs->_stmp2, 0, m * sizeof(ssvm_real));
        }
        return r;
    }
    if (s->_state_kind == SSVM_STATE_SPARSE) {
        ssvm_svec *E = &bs->_sv_ws;
        size_t o = bs->_sp_off[i];
        ssvm_svec_clear(E);
        if ((r = ssvm__add_psi(p, s->_y2, i, s->_y, len, blk, E)) != SSVM_OK) return r; /* E = w_s */
        for (k = 0; k < bs->_sp_len[i]; k++) ssvm_svec_add(D, bs->_sp_idx[o + k], bs->_sp_val[o + k]);
        for (k = 0; k < E->nnz; k++) { int j = E->idx[k]; ssvm_svec_add(D, j, -E->val[j]); }
    } else {
        const ssvm_real *wi = bs->_wi + (size_t)i * (size_t)p->d;
        int j;
        if ((r = ssvm__add_psi(p, s->_y2, i, s->_y, len, -blk, D)) != SSVM_OK) return r;
        for (j = 0; j < p->d; j++) if (wi[j] != 0) ssvm_svec_add(D, j, wi[j]);
    }
    return D->err ? (ssvm_result)D->err : SSVM_OK;
}
SSVM__PRIV void ssvm__state_abort(ssvm_solver *s, int i) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    if (s->_state_kind == SSVM_STATE_COMPACT_SPARSE) {
        size_t m = bs->_sig_off[i + 1] - bs->_sig_off[i];
        SSVM_MEMSET(bs->_stmp, 0, m * sizeof(ssvm_real));
        SSVM_MEMSET(bs->_stmp2, 0, m * sizeof(ssvm_real));
    }
}
/* w_i <- w_i - gamma D. The sparse kinds first make room for the new entries: a full preallocated pool
   (SSVM_ERR_WORKSPACE) or a failed allocation leaves everything as it was (w = sum_i w_i must hold). */
SSVM__PRIV ssvm_result ssvm__state_update(ssvm_solver *s, int i, double gamma, const ssvm_svec *D) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    int k, cnt = 0;
    ssvm_result r;
    if (bs->_sig_q || bs->_sig_bits) return ssvm__speed_update(s, i, gamma); /* >>speed */
    if (s->_state_kind == SSVM_STATE_COMPACT) {
        ssvm_real *sig = bs->_sigma + bs->_sig_off[i];
        size_t m = bs->_sig_off[i + 1] - bs->_sig_off[i], j;
        for (j = 0; j < m; j++) if (bs->_stmp[j] != 0) sig[j] += (ssvm_real)(gamma * (double)bs->_stmp[j]);
    } else if (s->_state_kind == SSVM_STATE_COMPACT_SPARSE) {
        size_t m = bs->_sig_off[i + 1] - bs->_sig_off[i], o, j;
        for (j = 0; j < m; j++) cnt += bs->_stmp[j] != 0 || bs->_stmp2[j] != 0;
        if ((r = ssvm__sparse_reserve(s, i, cnt, (int)m)) != SSVM_OK) { ssvm__state_abort(s, i); return r; }
        o = bs->_sp_off[i]; cnt = 0;
        for (j = 0; j < m; j++) {
            ssvm_real v = bs->_stmp2[j];
            if (bs->_stmp[j] != 0) v += (ssvm_real)(gamma * (double)bs->_stmp[j]);
            bs->_stmp[j] = 0; bs->_stmp2[j] = 0;
            if (v != 0) { bs->_sp_idx[o + (size_t)cnt] = (int)j; bs->_sp_val[o + (size_t)cnt] = v; cnt++; }
        }
        bs->_sp_live += (size_t)cnt - (size_t)bs->_sp_len[i];
        bs->_sp_len[i] = cnt;
    } else if (s->_state_kind == SSVM_STATE_SPARSE) {
        /* w_i' = (1-gamma) w_i + gamma w_s = (1-gamma) D + w_s, on the support of D (which covers both) */
        const ssvm_svec *E = &bs->_sv_ws;
        size_t o;
        if ((r = ssvm__sparse_reserve(s, i, D->nnz, s->_prob.d)) != SSVM_OK) return r;
        o = bs->_sp_off[i];
        for (k = 0; k < D->nnz; k++) {
            int j = D->idx[k];
            double v = (1 - gamma) * (double)D->val[j] + (E->mark[j] ? (double)E->val[j] : 0.0);
            if (v != 0) { bs->_sp_idx[o + cnt] = j; bs->_sp_val[o + cnt] = (ssvm_real)v; cnt++; }
        }
        bs->_sp_live += (size_t)cnt - (size_t)bs->_sp_len[i];
        bs->_sp_len[i] = cnt;
    } else {
        ssvm_real *wi = bs->_wi + (size_t)i * (size_t)s->_prob.d;
        for (k = 0; k < D->nnz; k++) { int j = D->idx[k]; wi[j] -= (ssvm_real)(gamma * (double)D->val[j]); }
    }
    return SSVM_OK;
}
/* every w[j] + c D[j] on D's support is finite */
SSVM__PRIV int ssvm__step_finite(const ssvm_real *w, const ssvm_svec *D, double c) {
    int k;
    for (k = 0; k < D->nnz; k++) {
        int j = D->idx[k];
        if (!ssvm__finite((double)(ssvm_real)((double)w[j] + c * (double)D->val[j]))) return 0;
    }
    return 1;
}

/* the declared oracle quality nu (App. C, eq. 12); 0, a zeroed config's value, is the exact oracle's 1 */
SSVM__PRIV double ssvm__nu(const ssvm_solver *s) { return s->_cfg.oracle_quality > 0 ? s->_cfg.oracle_quality : 1.0; }
SSVM__PRIV void ssvm__gaps_refresh(ssvm_solver *s, int i, double g);
/* BCFW's w <- w - gamma D and line 9's average (eq. 14), lazily in O(nnz): w and z in one sweep of D, each as
   ssvm__avg_update computes it, then its a, b and fold (the same bits as two sweeps); then l_bar from s->_l.
   Shared by BCFW's step and mini-batch BCFW's serial phase (b = 1 must give BCFW's bits). */
SSVM__PRIV void ssvm__step_move(ssvm_solver *s, const ssvm_svec *D, double gamma) {
    ssvm_real *w = s->_w, *z = s->_z;
    const ssvm_real *dv = D->val;
    const int *di = D->idx;
    int k, nnz = D->nnz;
    double rho;
    if (s->_cfg.averaging == SSVM_AVG_NONE || SSVM__DIST(s)) { /* >>dist: the average is over rounds (ssvm__co_pass) */
        for (k = 0; k < nnz; k++) { int j = di[k]; w[j] -= (ssvm_real)(gamma * (double)dv[j]); }
        return;
    }
    rho = ssvm__avg_rho(s);
    if (rho < 1.0) {
        double c = -(s->_avg_a / s->_avg_b) * -gamma;
        ssvm_svec none;
        for (k = 0; k < nnz; k++) {
            int j = di[k];
            double v = (double)dv[j];
            w[j] -= (ssvm_real)(gamma * v);
            z[j] += (ssvm_real)(c * v);
        }
        SSVM_MEMSET(&none, 0, sizeof none);
        ssvm__avg_update(s, rho, &none, 0.0);
    } else { /* a restart of the average: z is reset, D not read */
        for (k = 0; k < nnz; k++) { int j = di[k]; w[j] -= (ssvm_real)(gamma * (double)dv[j]); }
        ssvm__avg_update(s, rho, D, -gamma);
    }
    s->_l_bar = (1 - rho) * s->_l_bar + rho * s->_l;
}
/* BCFW's Algorithm 4, the parts every form of its step shares (the D path, score space, mini-batch's serial phase):
   line 5's step size from <D, w> and |D|^2 (>>gaps' estimate refreshed, the step's info), and lines 7-8's losses */
SSVM__PRIV double ssvm__bcfw_gamma(ssvm_solver *s, int i, double dot, double nrm, double li, double ls,
                                   ssvm_step_info *info) {
    double lam = s->_cfg.lambda, n = (double)s->_prob.n, gamma;
    /* >>gaps: the block gap g_i = lambda <w_i - w_s, w> - l_i + l_s, the estimate refreshed at this oracle call */
    if (SSVM__BF(s)->_gp_g && ssvm__finite(dot)) ssvm__gaps_refresh(s, i, lam * dot - (li - ls));
    if (info) { info->block_gap = lam * dot - (li - ls); info->bcfw_step = 1; }
    /* gamma = (lambda <w_i - w_s, w> - l_i + l_s) / (lambda |w_i - w_s|^2), clipped to [0, 1]; or the predefined
       2n/(nu k + 2n) (App. C) */
    if (s->_cfg.line_search) { /* >>dist: CoCoA+'s subproblem scales |D|^2 by sigma' (1 on one process) */
        gamma = (dot - (li - ls) / lam) / (nrm * SSVM__BF(s)->_co_sigma + SSVM__EPS);
        if (gamma < 0) gamma = 0;
        if (gamma > 1) gamma = 1;
    } else gamma = 2.0 * n / (ssvm__nu(s) * (double)s->_k + 2.0 * n);
    return gamma;
}
SSVM__PRIV void ssvm__bcfw_losses(ssvm_solver *s, int i, double gamma, double li, double ls) {
    double li_new = (1 - gamma) * li + gamma * ls;
    s->_l += li_new - li;
    SSVM__BF(s)->_li[i] = li_new;
}
/* >>speed: plain BCFW's step in score space through the statistics interface (0.7.0 on the chain; COMPACT_SPARSE,
   double builds: ssvm__sc_wanted). The D path builds D = blk A_i (s(y*) - sigma_i) in a sparse accumulator (a
   marked scatter over the rows of every statistic in the step's support), then sweeps it for <D, w> and |D|^2 and
   again to move w and the average. Here D is never built:
     <D, w>  = sum_q a_q <A_i e_q, w>, the model's scores of the step's statistics (stat_scores; fresh: from what
               its oracle computed at this w a moment before, as the chain does);
     |D|^2   = the model's stat_norm2 from its Gram cache (the chain: sum_c |sum_t a_(t,c) x_t|^2 with <x_t, x_t'>
               of each sequence, filled at the first step; in ssvm_solver_get_heap_size);
     the move w -= gamma D and z += c D by the model (stat_move; the chain moves row by row).
   The same quantities as the D path up to rounding (sums in another order), so the iterates are not the D path's
   bits: tests/test_speed.c compares the two paths to a tolerance and keeps the D path (_sc_ready = -1) for its
   bit-for-bit tests. Overflow: every |w_j| stays below _sc_wmax (max |w| at the pass's start, raised by
   gamma sum_q |a_q| bound a step, the bound from stat_gram); while it is far below overflow no entry needs a test,
   else the step builds D and takes the D path's test and move. */
/* the score-space step is on: the cache filled (at the first call; SSVM_ERR_NOT_SUPPORTED from the model: not yet,
   asked again at the next step); a callback's error into *r */
SSVM__PRIV int ssvm__sc_on(ssvm_solver *s, ssvm_result *r) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    *r = SSVM_OK;
    if (!bs->_sc_gram || bs->_sc_ready < 0) return 0;
    if (!bs->_sc_ready) {
        size_t b = bs->_sc_bytes;
        double bound = 1;
        int rc = s->_prob.stat_gram(s->_prob.user, bs->_sc_gram, &b, &bound);
        if (rc == SSVM_ERR_NOT_SUPPORTED) return 0;
        if (rc < 0) { *r = (ssvm_result)rc; return 0; }
        if (!(bound >= 1) || !ssvm__finite(bound)) { *r = SSVM_ERR_CALLBACK; return 0; }
        bs->_sc_xmax = bound; bs->_sc_ready = 1;
    }
    return 1;
}
/* BCFW's Algorithm 4 lines 4-9 after the oracle call (as ssvm__bcfw_step), in score space */
/* from_w (mini-batch BCFW's serial phase, 0.7.1): the statistics were merged by the slot's task, and the scores are
   asked at the current w, not fresh (the oracle's were at the batch's w) */
SSVM__PRIV ssvm_result ssvm__sc_step(ssvm_solver *s, int i, int len, double ls, ssvm_step_info *info, int from_w) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    int k, ne = 0, rc;
    double lam = s->_cfg.lambda, li = bs->_li[i], blk = ssvm__block(p, s->_wsum, lam, i);
    double dot = 0, nrm = 0, asum = 0, gamma, rho = 1, cz = 0;
    ssvm_real *st = bs->_stmp;
    ssvm_result r;
    if (!from_w && (r = ssvm__speed_stats(s, i, len)) != SSVM_OK) return r;
    for (k = 0; k < bs->_sig_qn; k++) {
        int q = bs->_sig_q[k];
        double a = (double)(st[q] * (ssvm_real)blk);
        if (a == 0) continue;
        bs->_sc_eq[ne] = q; bs->_sc_ea[ne] = a;
        asum += a < 0 ? -a : a;
        ne++;
    }
    rc = p->stat_scores(p->user, i, s->_w, bs->_sc_eq, ne, !from_w, bs->_sc_sc);
    if (rc >= 0) rc = p->stat_norm2(p->user, bs->_sc_gram, i, bs->_sc_eq, bs->_sc_ea, ne, &nrm);
    if (rc < 0) { ssvm__state_abort(s, i); return (ssvm_result)rc; }
    for (k = 0; k < ne; k++) dot += bs->_sc_ea[k] * bs->_sc_sc[k];
    if (nrm < 0) nrm = 0; /* rounding of a form that is >= 0 */
    gamma = ssvm__bcfw_gamma(s, i, dot, nrm, li, ls, info);
    if (!ssvm__finite(dot) || !ssvm__finite(nrm) || !ssvm__finite(gamma) || !ssvm__finite(asum)) {
        ssvm__state_abort(s, i);
        return SSVM_ERR_NONFINITE;
    }
    if (!bs->_sc_valid) { /* max |w|: O(d), once a pass */
        double b = 0;
        int j;
        for (j = 0; j < p->d; j++) { double v = (double)s->_w[j]; if (v > b) b = v; else if (-v > b) b = -v; }
        bs->_sc_wmax = b; bs->_sc_valid = 1;
    }
    if (!(bs->_sc_wmax + asum * bs->_sc_xmax < 1e306)) { /* near overflow: the D path's test and move */
        ssvm_svec *D = &s->_sv;
        ssvm_svec_clear(D);
        rc = p->stat_expand_at(p->user, i, st, bs->_sig_q, bs->_sig_qn, (ssvm_real)blk, D);
        if (rc < 0) { ssvm__state_abort(s, i); return (ssvm_result)rc; }
        if (D->err || !ssvm__step_finite(s->_w, D, -gamma)) { ssvm__state_abort(s, i); return SSVM_ERR_NONFINITE; }
        if ((r = ssvm__state_update(s, i, gamma, D)) != SSVM_OK) return r;
        ssvm__bcfw_losses(s, i, gamma, li, ls);
        ssvm__step_move(s, D, gamma);
        bs->_sc_valid = 0;
        if (info) info->gamma = gamma;
        return SSVM_OK;
    }
    /* lines 6-8: the state first (it may fail, leaving w as it was), then w, l_i, l */
    if ((r = ssvm__state_update(s, i, gamma, &s->_sv)) != SSVM_OK) return r;
    ssvm__bcfw_losses(s, i, gamma, li, ls);
    bs->_sc_wmax += gamma * asum * bs->_sc_xmax;
    /* line 9: the average as ssvm__step_move keeps it (its coefficient, then a, b and the fold) */
    if (s->_cfg.averaging != SSVM_AVG_NONE) {
        rho = ssvm__avg_rho(s);
        if (rho < 1.0) cz = -(s->_avg_a / s->_avg_b) * -gamma;
    }
    /* the state has moved: a model's failure here leaves w off sum_i w_i, reported as SSVM_ERR_CALLBACK-class (its
       code); the manual asks stat_move not to fail once stat_gram has succeeded */
    rc = p->stat_move(p->user, i, bs->_sc_eq, bs->_sc_ea, ne, -gamma, s->_w, cz,
                      s->_cfg.averaging != SSVM_AVG_NONE && rho < 1.0 ? s->_z : 0);
    if (rc < 0) return (ssvm_result)rc;
    if (s->_cfg.averaging != SSVM_AVG_NONE) {
        ssvm_svec none;
        SSVM_MEMSET(&none, 0, sizeof none);
        ssvm__avg_update(s, rho, &none, 0.0);
        s->_l_bar = (1 - rho) * s->_l_bar + rho * s->_l;
    }
    if (info) info->gamma = gamma;
    return SSVM_OK;
}
/* >>solvers: BCFW, Lacoste-Julien, Jaggi, Schmidt, Pletscher (ICML 2013), Algorithm 4, one step on block i */
/* the block's FW step on the engine's state (Algorithm 4 lines 3-8): D = w_i - w_s and gamma, the state and the
   losses updated; *D_out = D and *move = gamma for ssvm__bcfw_step's line 9, or *D_out = NULL when >>speed's
   score-space step has moved w itself */
SSVM__PRIV ssvm_result ssvm__state_block_step(ssvm_solver *s, int i, ssvm_step_info *info, ssvm_svec **D_out,
                                              double *move) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    double lam = s->_cfg.lambda, ls, li = bs->_li[i], gamma, dot, nrm = 0, wn = 0, sig;
    ssvm_real delta;
    ssvm_svec *D = &s->_sv;
    int len, k;
    ssvm_result r;
    /* line 3: y* = argmax_y H_i(y; w), the loss-augmented oracle */
    if ((r = ssvm__call_oracle(p, i, s->_w, 1.0, s->_y, &len, &delta)) != SSVM_OK) return r;
    s->_prog.oracle_calls++;
    /* line 4: w_s = psi_i(y*)/(lambda n), l_s = L_i(y*)/n (shares c_i / sum c with example weights);
       the step's direction D = w_i - w_s */
    ls = ssvm__share(p, s->_wsum, i, (double)delta);
    *D_out = 0;
    if (ssvm__sc_on(s, &r)) return ssvm__sc_step(s, i, len, ls, info, 0); /* >>speed: in score space */
    if (r != SSVM_OK) return r;
    if ((r = ssvm__state_direction(s, i, len, (ssvm_real)ssvm__block(p, s->_wsum, lam, i), D)) != SSVM_OK) return r;
    /* line 5: gamma = (lambda <w_i - w_s, w> - l_i + l_s) / (lambda |w_i - w_s|^2), clipped to [0, 1];
       or the predefined 2n/(k + 2n) */
    { /* <D, w> and |D|^2 in one sweep (each sum in ssvm_svec_dot's order); |w|^2 on D's support bounds the
         step's new entries for the finiteness test below (>>speed) */
        ssvm_accum dd = 0;
        for (k = 0; k < D->nnz; k++) {
            int j = D->idx[k];
            double v = (double)D->val[j], u = (double)s->_w[j];
            dd += (ssvm_accum)D->val[j] * (ssvm_accum)s->_w[j];
            nrm += v * v; wn += u * u;
        }
        dot = (double)dd;
    }
    gamma = ssvm__bcfw_gamma(s, i, dot, nrm, li, ls, info);
    /* w moves by sig gamma D (sig: >>dist's sigma', 1 on one process), and every |w_j - sig gamma D_j| <= sqrt(wn) +
       sqrt(sig^2 nrm) for gamma in [0, 1]: below the bound, no entry can overflow ssvm_real and the entry-by-entry
       test is skipped (>>speed) */
    sig = SSVM__BF(s)->_co_sigma;
    if (!ssvm__finite(dot) || !ssvm__finite(nrm) || !ssvm__finite(gamma) ||
        (!(gamma >= 0 && gamma <= 1 && sig * sig * nrm < SSVM__SPEED_SQ && wn < SSVM__SPEED_SQ) &&
         !ssvm__step_finite(s->_w, D, -gamma * sig))) {
        ssvm__state_abort(s, i); /* the last finite state stays */
        return SSVM_ERR_NONFINITE;
    }
    /* lines 6-8: w_i <- w_i - gamma D, l_i <- (1-gamma) l_i + gamma l_s, l likewise (w: the caller, line 9) */
    if ((r = ssvm__state_update(s, i, gamma, D)) != SSVM_OK) return r;
    ssvm__bcfw_losses(s, i, gamma, li, ls);
    if (info) info->gamma = gamma;
    *D_out = D; *move = gamma;
    return SSVM_OK;
}
SSVM__PRIV ssvm_result ssvm__gaps_block_step(ssvm_solver *s, int i, ssvm_step_info *info, ssvm_svec **D_out,
                                             double *move);
SSVM__PRIV ssvm_result ssvm__exact_block_step(ssvm_solver *s, int i, ssvm_step_info *info, ssvm_svec **D_out,
                                              double *move); /* >>exact */
SSVM__PRIV ssvm_result ssvm__exact_layout(ssvm_solver *s, ssvm__arena *a);
SSVM__PRIV ssvm_result ssvm__exact_start(ssvm_solver *s);
/* BCFW's step, Algorithm 4 lines 3-9, one for every policy. Lines 3-8 are the block's: its labeling (the oracle's
   y*; >>gaps' caching may take a stored plane instead), its direction and step size, and its state and losses:
   a FW step on the engine's state (the D path, or >>speed's score space), >>gaps' atoms (the best of FW, away
   and pairwise steps over the block's labelings), or >>exact's (the block's subproblem solved exactly). Line 9 is everyone's: w <- w - move D with the weighted or
   suffix average (eq. 14), lazily in O(nnz) and in one sweep (ssvm__step_move). */
SSVM__PRIV ssvm_result ssvm__bcfw_step(ssvm_solver *s, int i, ssvm_step_info *info) {
    ssvm_svec *D = 0;
    double move = 0;
    ssvm_result r = SSVM__BF(s)->_ex_alpha ? ssvm__exact_block_step(s, i, info, &D, &move)
                    : SSVM__BF(s)->_gp_cap ? ssvm__gaps_block_step(s, i, info, &D, &move)
                                           : ssvm__state_block_step(s, i, info, &D, &move);
    if (r != SSVM_OK || !D) return r; /* no D: score space moved w itself */
    ssvm__step_move(s, D, move * SSVM__BF(s)->_co_sigma); /* >>dist: the local view v = w + sigma' dw */
    return SSVM_OK;
}
/* BCFW's row (>>algorithms): its state (the per-example blocks, >>gaps' estimates and atoms, >>par's slots), its
   reset and start, its step (plain, or >>gaps' with atoms) and its pass (n steps, or >>par's mini-batches) */
SSVM__PRIV ssvm_result ssvm__par_pass(ssvm_solver *s, int limit); /* >>par */
SSVM__PRIV ssvm_result ssvm__steps_pass(ssvm_solver *s, int limit); /* >>engine */
SSVM__PRIV void ssvm__gaps_pass_end(ssvm_solver *s);
SSVM__PRIV void ssvm__co_layout(ssvm_solver *s, ssvm__arena *a); /* >>dist */
SSVM__PRIV ssvm_result ssvm__co_pass(ssvm_solver *s, int limit);
SSVM__PRIV ssvm_result ssvm__bcfw_layout(ssvm_solver *s, ssvm__arena *a) {
    ssvm_result r;
    if (!ssvm__take_state(s, a, sizeof(ssvm__bcfw_state))) return SSVM_ERR_OVERFLOW;
    ssvm__co_layout(s, a); /* >>dist: CoCoA+'s sigma' and round start */
    r = ssvm__state_layout(s, a);
    if (r == SSVM_OK) r = ssvm__gaps_layout(s, a);
    if (r == SSVM_OK) r = ssvm__exact_layout(s, a); /* >>exact: alpha per example */
    if (r == SSVM_OK) r = ssvm__par_layout(s, a); /* >>par: the batch's slots */
    return r;
}
SSVM__PRIV void ssvm__bcfw_reset(ssvm_solver *s) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    int i;
    /* the per-example state: w_i = 0 (the compact kinds' sigma_i are set by the start) */
    ssvm__svec_reset(&bs->_sv_ws, p->d);
    if (bs->_li) for (i = 0; i < p->n; i++) bs->_li[i] = 0;
    if (bs->_wi) SSVM_MEMSET(bs->_wi, 0, (size_t)p->n * (size_t)p->d * sizeof(ssvm_real));
    if (bs->_sp_off) {
        for (i = 0; i < p->n; i++) { bs->_sp_off[i] = 0; bs->_sp_len[i] = 0; bs->_sp_cap[i] = 0; }
        bs->_sp_pool_used = 0; bs->_sp_live = 0;
    }
    bs->_sc_valid = 0; /* >>speed: w's bound, recomputed at the next score-space step */
    ssvm__gaps_reset(s);
}
SSVM__PRIV ssvm_result ssvm__bcfw_start(ssvm_solver *s) {
    ssvm_result r;
    if (SSVM__BF(s)->_gp_cap && (r = ssvm__gaps_init_atoms(s)) != SSVM_OK) return r; /* >>gaps */
    if (SSVM__BF(s)->_ex_alpha) return ssvm__exact_start(s); /* >>exact */
    if (s->_state_kind == SSVM_STATE_COMPACT || s->_state_kind == SSVM_STATE_COMPACT_SPARSE) return ssvm__init_sigma(s);
    return SSVM_OK;
}
SSVM__PRIV void ssvm__gaps_eval_hooks(ssvm_solver *s, ssvm__eval_hooks *h);
SSVM__PRIV void ssvm__gaps_eval_end(ssvm_solver *s, const ssvm_objective *o);
SSVM__PRIV void ssvm__par_eval_hooks(ssvm_solver *s, ssvm__eval_hooks *h); /* >>par */
/* BCFW's evaluation pass, the engine's routine with its policies' hooks: >>gaps' check pass at the iterate (each
   block's gap refreshes its estimate), else >>par's oracles on the caller's threads */
SSVM__PRIV ssvm_result ssvm__bcfw_objective(ssvm_solver *s, const ssvm_real *w, int average, ssvm_objective *o,
                                            double *ls) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    ssvm__eval_hooks h = {0, 1, 0, 0, 0, 0};
    ssvm_result r;
    h.u = s;
    if (SSVM__DIST(s)) h.reduce = ssvm__dist_sum; /* >>dist: over the ranks (gaps and par are not combined with it) */
    if (bs->_gp_g && !average) ssvm__gaps_eval_hooks(s, &h);
    else if (bs->_par_b && s->_cfg.par.parallel_for) ssvm__par_eval_hooks(s, &h);
    r = ssvm__objective(&s->_prob, s->_cfg.lambda, s->_wsum, w, average ? s->_l_bar : s->_l, &s->_sv, s->_y,
                        s->_y2, &s->_prog.eval_oracle_calls, o, ls, &h);
    if (r == SSVM_OK && h.visit) ssvm__gaps_eval_end(s, o);
    return r;
}
/* >>gaps: an exact check pass when none ran for bcfw.gap_check passes (the estimates go stale) */
SSVM__PRIV ssvm_result ssvm__bcfw_after_eval(ssvm_solver *s) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    ssvm_result r;
    if (bs->_gp_g && s->_cfg.bcfw.gap_check && s->_prog.pass - bs->_gp_last_check >= s->_cfg.bcfw.gap_check) {
        ssvm_objective av = s->_prog.average; /* this pass's evaluation of the average, if any, stays */
        if ((r = ssvm_solver_evaluate(s, 1, 0, 0)) != SSVM_OK) return r;
        s->_prog.average = av;
    }
    return SSVM_OK;
}
SSVM__PRIV int ssvm__gaps_pick(ssvm_solver *s);
/* >>gaps: gap sampling picks the example (config.bcfw.gap_sampling) */
SSVM__PRIV int ssvm__bcfw_pick(ssvm_solver *s) { return SSVM__BF(s)->_gp_tree ? ssvm__gaps_pick(s) : -2; }
SSVM__PRIV ssvm_result ssvm__bcfw_pass(ssvm_solver *s, int limit) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    ssvm_result r;
    bs->_sc_valid = 0; /* >>speed: the score-space step's bound on |w|, measured again */
    r = bs->_par_b ? ssvm__par_pass(s, limit)          /* >>par: mini-batch BCFW */
        : bs->_co_w0 ? ssvm__co_pass(s, limit)          /* >>dist: rounds over the ranks (CoCoA+) */
                     : ssvm__steps_pass(s, limit);
    ssvm__gaps_pass_end(s);
    return r;
}

#if SSVM__HAS_SSG
/* >>solvers: SSG (Pegasos step, paper App. F). w <- (1-gamma) w + gamma c_i n / sum c psi_i(y*)/lambda,
   gamma = 1/(k+1), with the iterate and its average lazily scaled (see >>engine): O(nnz(psi)) a step. */
SSVM__PRIV ssvm_result ssvm__ssg_step(ssvm_solver *s, int i, ssvm_step_info *info) {
    const ssvm_problem *p = &s->_prob;
    double lam = s->_cfg.lambda, gamma = 1.0 / (double)(s->_k + 1), sc = gamma / lam;
    ssvm_real delta;
    ssvm_svec *D = &s->_sv;
    int len;
    ssvm_result r;
    r = ssvm__call_oracle(p, i, s->_w, s->_w_scale, s->_y, &len, &delta);
    if (r != SSVM_OK) return r;
    s->_prog.oracle_calls++;
    if (p->weights) sc *= (double)p->weights[i] * (double)p->n / s->_wsum;
    ssvm_svec_clear(D);
    if ((r = ssvm__add_psi(p, s->_y2, i, s->_y, len, (ssvm_real)sc, D)) != SSVM_OK) return r;
    /* shrink by 1 - gamma; at k = 0 that is 0 and w is still 0 (it starts there), so restart the scale */
    {
        double old = s->_w_scale;
        s->_w_scale = s->_k == 0 ? 1 : old * (1 - gamma);
        if ((r = ssvm__move(s, D, 1.0 / s->_w_scale, 0, 0)) != SSVM_OK) { s->_w_scale = old; return r; }
    }
    if (s->_z) ssvm__avg_push(s, ssvm__avg_rho(s));
    /* the scales shrink like 1/k and 1/k^2: fold before w[] and z lose range (float sooner) */
    {
        double lo = sizeof(ssvm_real) < sizeof(double) ? 1e-12 : 1e-100;
        if (s->_w_scale < lo || (s->_z && s->_avg_b < lo)) ssvm__fold(s);
    }
    if (info) info->gamma = gamma;
    return SSVM_OK;
}

#endif /* SSVM__HAS_SSG */
/* >>solvers: batch FW, Algorithm 2 (one iteration = one oracle pass; its duality gap comes free) */
#if SSVM__HAS_FW
SSVM__PRIV ssvm_result ssvm__fw_iteration(ssvm_solver *s) {
    const ssvm_problem *p = &s->_prob;
    double lam = s->_cfg.lambda, ls, ww, wws, gap, nrm = 0, gamma;
    int j;
    ssvm_svec *ws = &s->_sv;
    ssvm_result r;
    if (!s->_reuse) { /* line 3: the oracle at every example, w_s and l_s */
        ssvm_objective o;
        ssvm__eval_hooks h;
        long long c = 0;
        r = ssvm__objective(p, lam, s->_wsum, s->_w, s->_l, ws, s->_y, s->_y2, &c, &o, &ls, ssvm__dist_hooks(s, &h));
        s->_prog.oracle_calls += c;
        if (r != SSVM_OK) return r;
    } else {
        ls = s->_reuse_ls;
        /* the evaluation pass is reused by this step: count it as a training pass */
        s->_prog.eval_oracle_calls -= p->n;
        s->_prog.oracle_calls += p->n;
        s->_prog.eval_wall_seconds -= s->_reuse_wall; s->_prog.wall_seconds += s->_reuse_wall;
        s->_prog.eval_cpu_seconds -= s->_reuse_cpu; s->_prog.cpu_seconds += s->_reuse_cpu;
    }
    s->_reuse = 0;
    SSVM_MEMSET(s->_wtmp, 0, (size_t)p->d * sizeof(ssvm_real));
    for (j = 0; j < ws->nnz; j++) s->_wtmp[ws->idx[j]] = ws->val[ws->idx[j]];
    ww = (double)ssvm__dot(p->d, s->_w, s->_w);
    wws = (double)ssvm_svec_dot(ws, s->_w);
    /* |w - w_s|^2 directly: the expanded form cancels badly once w is close to w_s */
    for (j = 0; j < p->d; j++) { double e = (double)s->_w[j] - (double)s->_wtmp[j]; nrm += e * e; }
    /* line 4: the gap; line 5: gamma by line search (or 2/(k+2)) */
    gap = lam * (ww - wws) - s->_l + ls;
    if (s->_warm) { /* >>ckpt: the prox problem in v = w - w0: target w0 + w_s, gap - lambda <w0, w> */
        nrm = 0;
        for (j = 0; j < p->d; j++) {
            double e;
            s->_wtmp[j] = (ssvm_real)((double)s->_wtmp[j] + (double)s->_warm[j]);
            e = (double)s->_w[j] - (double)s->_wtmp[j];
            nrm += e * e;
        }
        gap -= lam * (double)ssvm__dot(p->d, s->_warm, s->_w);
    }
    if (s->_cfg.line_search) {
        gamma = gap / (lam * (nrm + SSVM__EPS));
        if (gamma < 0) gamma = 0;
        if (gamma > 1) gamma = 1;
    } else gamma = 2.0 / (ssvm__nu(s) * (double)s->_k + 2.0); /* App. C with n = 1 */
    if (!ssvm__finite(gap) || !ssvm__finite(nrm) || !ssvm__finite(gamma)) return SSVM_ERR_NONFINITE;
    /* line 6: w <- (1-gamma) w + gamma w_s, l <- (1-gamma) l + gamma l_s */
    ssvm__axpby(p->d, gamma, s->_wtmp, 1 - gamma, s->_w);
    s->_l = (1 - gamma) * s->_l + gamma * ls;
    s->_k++;
    s->_prog.steps++;
    return SSVM_OK;
}
#endif
/* FW's row (>>algorithms): its pass is one iteration; an evaluation's oracle pass at w is the next iteration's
   (w_s in _sv, l_s), kept (the cutting plane's row reuses it the same way) */
#if SSVM__HAS_FW
SSVM__PRIV ssvm_result ssvm__fw_pass(ssvm_solver *s, int limit) { (void)limit; return ssvm__fw_iteration(s); }
#endif
#if SSVM__HAS_FW || SSVM__HAS_CUTTING_PLANE
SSVM__PRIV ssvm_result ssvm__fw_evaluated(ssvm_solver *s, int average, ssvm_objective *o, double ls) {
    (void)average; (void)o;
    s->_reuse = 1; s->_reuse_ls = ls;
    return SSVM_OK;
}
#endif

/* >>gaps: Osokin, Alayrac, Lukasewitz, Dokania, Lacoste-Julien (ICML 2016), "Minding the gaps for block Frank-Wolfe
   optimization of structured SVMs": block gap estimates and gap sampling (their Sec. 3.1), away and pairwise steps
   on an explicit active set (Sec. 3.2), plane caching (Sec. 3.3). Defaults as in the authors' release: gap degree
   1, an exact gap check every 10 passes, cache rule constants F = 0.25 and nu = 0.01.
   Notation (the engine's scaling, sum_i g_i = the duality gap): sh = c_i / sum c, blk = sh / lambda; an atom k of
   example i is a labeling y_k with weight alpha_k (sum 1), w_i = blk sum_k alpha_k psi_i(y_k), l_i = sh sum_k
   alpha_k Delta_k. Its value at w is v_k = sh (Delta_k - <w, psi_i(y_k)>), so that with V = sum_k alpha_k v_k the
   FW block gap at labeling s is v_s - V and the away gap at atom a is V - v_a. */
SSVM__PRIV SSVM__MAYBE_UNUSED double ssvm__exp_portable(double x);
SSVM__PRIV SSVM__MAYBE_UNUSED double ssvm__log_portable(double x);
SSVM__PRIV ssvm_result ssvm__exact_check(const ssvm_solver_config *c); /* >>exact */

#ifndef STRUCTSVM_NO_GAPS
SSVM__PRIV int ssvm__gaps_atoms_on(const ssvm_solver_config *c) {
    return ssvm__has_blocks(c) && ((c->bcfw.steps != SSVM_BCFW_STEPS_FW && c->bcfw.steps != SSVM_BCFW_STEPS_EXACT) ||
                                   c->bcfw.cache);
}
SSVM__PRIV int ssvm__gaps_est_on(const ssvm_solver_config *c) {
    return ssvm__has_blocks(c) && (c->bcfw.gap_sampling || ssvm__gaps_atoms_on(c));
}
/* -30 / -31 for the bcfw options; each option is checked only where it is in use, so a zeroed config.bcfw
   (code written before 0.4) is plain BCFW */
SSVM__PRIV ssvm_result ssvm__gaps_check_config(const ssvm_solver_config *c) {
    const ssvm_bcfw_config *b = &c->bcfw;
    int used = b->gap_sampling || b->cache || b->steps != SSVM_BCFW_STEPS_FW;
    if ((unsigned)b->gap_sampling > 1u || (unsigned)b->cache > 1u || (unsigned)b->steps > (unsigned)SSVM_BCFW_STEPS_EXACT ||
        b->gap_check < 0 || b->max_atoms < 0 || (unsigned)b->build_direction > 1u || (unsigned)b->shrink > 1u)
        return SSVM_ERR_BCFW_OPTION;
    if (b->steps == SSVM_BCFW_STEPS_EXACT) return ssvm__exact_check(c); /* >>exact */
    if (b->gap_sampling && (!(b->gap_degree > 0) || !ssvm__finite(b->gap_degree))) return SSVM_ERR_BCFW_OPTION;
    if (b->cache && (!(b->cache_factor >= 0) || !ssvm__finite(b->cache_factor) || !(b->cache_nu >= 0) ||
                     !ssvm__finite(b->cache_nu)))
        return SSVM_ERR_BCFW_OPTION;
    if ((b->cache || b->steps != SSVM_BCFW_STEPS_FW) && b->max_atoms < 2) return SSVM_ERR_BCFW_OPTION;
    if (used && !ssvm__has_blocks(c)) return SSVM_ERR_BCFW_COMBINATION; /* the rows with BCFW's blocks */
    if (b->gap_sampling && (c->sampling == SSVM_SAMPLE_SEQUENCE || c->sampling == SSVM_SAMPLE_CYCLIC))
        return SSVM_ERR_BCFW_COMBINATION;
    if ((b->cache || b->steps != SSVM_BCFW_STEPS_FW) && !c->line_search) return SSVM_ERR_BCFW_COMBINATION;
    return SSVM_OK;
}

/* the estimates, the sampling tree and the atoms: sizes fixed by n, the label length and max_atoms */
SSVM__PRIV ssvm_result ssvm__gaps_layout(ssvm_solver *s, ssvm__arena *a) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    const ssvm_bcfw_config *b = &s->_cfg.bcfw;
    size_t n = (size_t)p->n, ml = (size_t)p->max_label_len, P = 1, slots;
    if (!ssvm__gaps_est_on(&s->_cfg)) return SSVM_OK;
    bs->_gp_g = (double *)ssvm__take(a, n, sizeof(double));
    bs->_gp_unk = (int *)ssvm__take(a, n, sizeof(int));
    bs->_gp_upos = (int *)ssvm__take(a, n, sizeof(int));
    if (b->gap_sampling) {
        while (P < n) P *= 2;
        if (P > (size_t)INT_MAX / 2) return SSVM_ERR_OVERFLOW;
        bs->_gp_P = (int)P;
        bs->_gp_tree = (double *)ssvm__take(a, 2 * P, sizeof(double));
    }
    ssvm__take_svec(a, &bs->_gp_tmp, p->d);
    if (!ssvm__gaps_atoms_on(&s->_cfg)) return SSVM_OK;
    bs->_gp_cap = b->max_atoms;
    if (n > ((size_t)-1) / (size_t)b->max_atoms) return SSVM_ERR_OVERFLOW;
    slots = n * (size_t)b->max_atoms;
    bs->_li = (double *)ssvm__take(a, n, sizeof(double));
    bs->_gp_cnt = (int *)ssvm__take(a, n, sizeof(int));
    bs->_gp_lab = (int *)ssvm__take(a, ssvm__mulsz(a, slots, ml), sizeof(int));
    bs->_gp_len = (int *)ssvm__take(a, slots, sizeof(int));
    bs->_gp_hash = (unsigned long long *)ssvm__take(a, slots, sizeof(unsigned long long));
    bs->_gp_alpha = (double *)ssvm__take(a, slots, sizeof(double));
    bs->_gp_delta = (double *)ssvm__take(a, slots, sizeof(double));
    bs->_gp_v = (double *)ssvm__take(a, (size_t)b->max_atoms, sizeof(double));
    bs->_gp_ynew = (int *)ssvm__take(a, ml, sizeof(int));
    ssvm__take_svec(a, &bs->_gp_wi, p->d);
    ssvm__take_svec(a, &bs->_gp_ws, p->d);
    ssvm__take_svec(a, &bs->_gp_wa, p->d);
    ssvm__take_svec(a, &bs->_gp_p0, p->d);
    if (p->stats && p->stat_scores) { /* >>speed: the statistics interface (its sparse statistics and their scores) */
        size_t md = 0;
        int i, m;
        for (i = 0; i < p->n; i++) {
            if ((m = p->stat_dim(p->user, i)) <= 0) return m < 0 ? (ssvm_result)m : SSVM_ERR_CALLBACK;
            if ((size_t)m > md) md = (size_t)m;
        }
        bs->_gp_md = md;
        bs->_gp_us = (double *)ssvm__take(a, md, sizeof(double));
        bs->_gp_ust = (unsigned *)ssvm__take(a, md, sizeof(unsigned));
        bs->_gp_z = (double *)ssvm__take(a, md, sizeof(double));
        bs->_gp_zm = (unsigned char *)ssvm__take(a, md, 1);
        bs->_gp_zq = (int *)ssvm__take(a, md, sizeof(int));
        bs->_gp_pos = (int *)ssvm__take(a, md, sizeof(int));
        bs->_gp_sv = (ssvm_real *)ssvm__take(a, md, sizeof(ssvm_real));
        bs->_gp_pv = (ssvm_real *)ssvm__take(a, md, sizeof(ssvm_real));
        bs->_gp_mq = (int *)ssvm__take(a, md, sizeof(int));
        bs->_gp_msc = (double *)ssvm__take(a, md, sizeof(double));
        /* each atom's s(y), kept from its first use while it fits 2 max_label_len entries (the chain's s(y) has
           2L - 1): its score is then a sum over the pairs, without asking the model for s(y) again */
        bs->_gp_as = (int)(2 * ml < md ? 2 * ml : md);
        bs->_gp_an = (int *)ssvm__take(a, slots + n + 1, sizeof(int));
        bs->_gp_aq = (int *)ssvm__take(a, ssvm__mulsz(a, slots + n + 1, (size_t)bs->_gp_as), sizeof(int));
        bs->_gp_av = (ssvm_real *)ssvm__take(a, ssvm__mulsz(a, slots + n + 1, (size_t)bs->_gp_as), sizeof(ssvm_real));
    }
    return SSVM_OK;
}

/* every estimate unknown (the sampler draws the unknown ones first, uniformly: a first pass is a permutation) */
SSVM__PRIV void ssvm__gaps_reset(ssvm_solver *s) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    int i, n = s->_prob.n;
    s->_prog.gap_estimate = ssvm__nan();
    bs->_gp_G = SSVM__HUGE; bs->_gp_last_check = 0;
    if (!bs->_gp_g) return;
    for (i = 0; i < n; i++) { bs->_gp_g[i] = 0; bs->_gp_unk[i] = i; bs->_gp_upos[i] = i; }
    bs->_gp_nunk = n;
    if (bs->_gp_tree) SSVM_MEMSET(bs->_gp_tree, 0, 2 * (size_t)bs->_gp_P * sizeof(double));
    ssvm__svec_reset(&bs->_gp_tmp, s->_prob.d);
    ssvm__svec_reset(&bs->_gp_wi, s->_prob.d);
    ssvm__svec_reset(&bs->_gp_ws, s->_prob.d);
    ssvm__svec_reset(&bs->_gp_wa, s->_prob.d);
    ssvm__svec_reset(&bs->_gp_p0, s->_prob.d);
    if (bs->_gp_us) { /* >>speed */
        SSVM_MEMSET(bs->_gp_ust, 0, bs->_gp_md * sizeof(unsigned));
        SSVM_MEMSET(bs->_gp_z, 0, bs->_gp_md * sizeof(double));
        SSVM_MEMSET(bs->_gp_zm, 0, bs->_gp_md);
        SSVM_MEMSET(bs->_gp_sv, 0, bs->_gp_md * sizeof(ssvm_real));
        for (i = 0; i <= n; i++) bs->_gp_an[(size_t)n * (size_t)bs->_gp_cap + (size_t)i] = -2; /* truths, y* */
        bs->_gp_stamp = 0; bs->_gp_zn = 0;
    }
}

/* g_i <- max(g, 0): the leaf and its ancestors recomputed as sums of their children (no drift) */
SSVM__PRIV void ssvm__gaps_refresh(ssvm_solver *s, int i, double g) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    int u;
    if (!(g > 0) || !ssvm__finite(g)) g = 0;
    bs->_gp_g[i] = g;
    if ((u = bs->_gp_upos[i]) >= 0) { /* measured now: out of the unknown list */
        int last = bs->_gp_unk[--bs->_gp_nunk];
        bs->_gp_unk[u] = last; bs->_gp_upos[last] = u; bs->_gp_upos[i] = -1;
    }
    if (bs->_gp_tree) {
        double deg = s->_cfg.bcfw.gap_degree;
        size_t k = (size_t)bs->_gp_P + (size_t)i;
        bs->_gp_tree[k] = g <= 0 ? 0 : deg == 1.0 ? g : SSVM_EXP(deg * SSVM_LOG(g));
        for (k /= 2; k >= 1; k /= 2) bs->_gp_tree[k] = bs->_gp_tree[2 * k] + bs->_gp_tree[2 * k + 1];
    }
}

/* Sec. 3.1: i with probability g_i^degree / sum_j g_j^degree; unknown estimates first; uniform when all are 0 */
SSVM__PRIV int ssvm__gaps_pick(ssvm_solver *s) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const double *t = bs->_gp_tree;
    double u, tot = t[1];
    size_t k = 1, P = (size_t)bs->_gp_P;
    if (bs->_gp_nunk > 0) return bs->_gp_unk[ssvm__rand_below(&s->_rng, bs->_gp_nunk)];
    if (!(tot > 0) || !ssvm__finite(tot)) return ssvm__rand_below(&s->_rng, s->_prob.n);
    u = (double)(ssvm__rand(&s->_rng) >> 11) * (1.0 / 9007199254740992.0) * tot;
    while (k < P) {
        if (u < t[2 * k] || !(t[2 * k + 1] > 0)) k = 2 * k;
        else { u -= t[2 * k]; k = 2 * k + 1; }
    }
    return (int)(k - P) < s->_prob.n ? (int)(k - P) : s->_prob.n - 1;
}

SSVM__PRIV unsigned long long ssvm__gaps_hash(const int *y, int len) { /* FNV-1a over the length and the ints */
    unsigned long long h = 1469598103934665603ULL;
    int t;
    h ^= (unsigned long long)(unsigned)len; h *= 1099511628211ULL;
    for (t = 0; t < len; t++) { h ^= (unsigned long long)(unsigned)y[t]; h *= 1099511628211ULL; }
    return h;
}
/* the atom of example i holding labeling y, else -1: by hash, a collision resolved by comparing the labels */
SSVM__PRIV int ssvm__gaps_find(const ssvm_solver *s, int i, const int *y, int len, unsigned long long h) {
    const ssvm__bcfw_state *const bs = SSVM__BF(s);
    size_t ml = (size_t)s->_prob.max_label_len, base = (size_t)i * (size_t)bs->_gp_cap;
    int k, t;
    for (k = 0; k < bs->_gp_cnt[i]; k++) {
        const int *yk = bs->_gp_lab + (base + (size_t)k) * ml;
        if (bs->_gp_hash[base + (size_t)k] != h || bs->_gp_len[base + (size_t)k] != len) continue;
        for (t = 0; t < len && yk[t] == y[t]; t++) {}
        if (t == len) return k;
    }
    return -1;
}
SSVM__PRIV void ssvm__gaps_store(ssvm_solver *s, int i, int k, const int *y, int len, double delta, double alpha,
                                 unsigned long long h) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    size_t ml = (size_t)s->_prob.max_label_len, slot = (size_t)i * (size_t)bs->_gp_cap + (size_t)k;
    SSVM_MEMCPY(bs->_gp_lab + slot * ml, y, (size_t)len * sizeof(int));
    bs->_gp_len[slot] = len; bs->_gp_hash[slot] = h; bs->_gp_delta[slot] = delta; bs->_gp_alpha[slot] = alpha;
    if (bs->_gp_an) bs->_gp_an[slot] = -2; /* >>speed: its s(y) at its first use */
}
/* a slot of example i for a new labeling: a fresh one, else the zero-weight atom of least value v (v: the values
   of the atoms before the step), else -1 */
SSVM__PRIV int ssvm__gaps_slot(ssvm_solver *s, int i, int old_cnt) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const double *al = bs->_gp_alpha + (size_t)i * (size_t)bs->_gp_cap, *v = bs->_gp_v;
    int k, slot = -1;
    if (bs->_gp_cnt[i] < bs->_gp_cap) return bs->_gp_cnt[i]++;
    for (k = 0; k < bs->_gp_cnt[i]; k++)
        if (al[k] <= 0 && (slot < 0 || (k < old_cnt && slot < old_cnt && v[k] < v[slot]))) slot = k;
    return slot;
}
/* alpha_i = e_{y_i} (w_i = 0, l_i = 0), as plain BCFW starts */
SSVM__PRIV ssvm_result ssvm__gaps_init_atoms(ssvm_solver *s) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    int i, len;
    for (i = 0; i < p->n; i++) {
        len = p->truth(p->user, i, s->_y);
        if (len <= 0 || len > p->max_label_len) return len < 0 ? (ssvm_result)len : SSVM_ERR_LABEL;
        ssvm__gaps_store(s, i, 0, s->_y, len, 0.0, 1.0, ssvm__gaps_hash(s->_y, len));
        bs->_gp_cnt[i] = 1; bs->_li[i] = 0;
    }
    return SSVM_OK;
}

/* >>speed: the atoms through the statistics interface (0.6.3 on the chain, 0.8.1 any model with it). The generic
   step builds phi(x_i, y) of every atom (every stored one with caching, up to max_atoms) to score it, and w_i, w_s
   and w_a from phi again: 8x an oracle call on OCR-small, so caching saved oracle calls and cost time. Here an
   atom's score <w, phi(x_i, y)> = sum_q s_q(y) <A_i e_q, w> reads the statistics' scores (stat_scores), each asked
   once a step (the atoms of an example share most of their statistics); and each move's direction is built in
   statistics space, where phi(x_i, y_i) cancels and two labelings differ only where their statistics do, then
   expanded once (stat_expand_at). Same values and directions as the generic step up to rounding
   (tests/test_gaps.c compares them through a wrapper of the callbacks). */
/* a new step's memo (the stamps wrap after 2^32 - 1 steps: cleared then) */
SSVM__PRIV void ssvm__gaps_stat_stamp(ssvm_solver *s) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    if (++bs->_gp_stamp == 0) { SSVM_MEMSET(bs->_gp_ust, 0, bs->_gp_md * sizeof(unsigned)); bs->_gp_stamp = 1; }
}
/* s(y) scattered into _gp_sv (zero between uses) on its support _gp_pos; the support's count or an error */
SSVM__PRIV int ssvm__gaps_stat_of(ssvm_solver *s, int i, const int *y, int len) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    int m = p->stat_dim(p->user, i), n, rc, k;
    if (m <= 0) return m < 0 ? m : SSVM_ERR_CALLBACK;
    if ((n = ssvm__stat_support(p, i, y, len, m, bs->_gp_pos)) < 0) return n;
    if ((rc = p->stats(p->user, i, y, len, 1, bs->_gp_sv)) < 0) { /* writes only listed positions */
        for (k = 0; k < n; k++) bs->_gp_sv[bs->_gp_pos[k]] = 0;
        return rc;
    }
    return n;
}
/* s(y) as (index, value) pairs: an atom's kept ones (slot >= 0, kept at its first use when they fit), else into
   _gp_pos and _gp_val; their count or an error */
SSVM__PRIV int ssvm__gaps_pairs(ssvm_solver *s, int i, const int *y, int len, long long slot, const int **q,
                                const ssvm_real **v) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    int n, k, an = slot >= 0 ? bs->_gp_an[slot] : -1;
    int *pq = bs->_gp_pos;
    ssvm_real *pv = bs->_gp_pv;
    if (an >= 0) {
        *q = bs->_gp_aq + (size_t)slot * (size_t)bs->_gp_as; *v = bs->_gp_av + (size_t)slot * (size_t)bs->_gp_as;
        return an;
    }
    if ((n = ssvm__gaps_stat_of(s, i, y, len)) < 0) return n;
    if (an == -2 && n <= bs->_gp_as) { /* keep them */
        pq = bs->_gp_aq + (size_t)slot * (size_t)bs->_gp_as; pv = bs->_gp_av + (size_t)slot * (size_t)bs->_gp_as;
        bs->_gp_an[slot] = n;
    } else if (an == -2) bs->_gp_an[slot] = -1;
    for (k = 0; k < n; k++) {
        int e = bs->_gp_pos[k];
        pq[k] = e; pv[k] = bs->_gp_sv[e]; bs->_gp_sv[e] = 0;
    }
    *q = pq; *v = pv;
    return n;
}
/* <w, phi(x_i, y)> at the w of this step's stamp (slot: the atom's, or -1); y checked (SSVM_ERR_LABEL) */
SSVM__PRIV ssvm_result ssvm__gaps_stat_score(ssvm_solver *s, int i, const ssvm_real *w, const int *y, int len,
                                             long long slot, double *out) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    const int *q;
    const ssvm_real *v;
    int n = ssvm__gaps_pairs(s, i, y, len, slot, &q, &v), k, rc, miss = 0;
    unsigned *ust = bs->_gp_ust, stamp = bs->_gp_stamp; /* locals: the stores below may alias the state's fields */
    double *us = bs->_gp_us, *msc = bs->_gp_msc, r0 = 0, r1 = 0;
    int *mq = bs->_gp_mq;
    if (n < 0) return (ssvm_result)n;
    for (k = 0; k < n; k++) /* a statistic's score is asked once a step (the memo): the new ones in one call */
        if (ust[q[k]] != stamp) { ust[q[k]] = stamp; mq[miss++] = q[k]; }
    if (miss) {
        if ((rc = p->stat_scores(p->user, i, w, mq, miss, 0, msc)) < 0) {
            for (k = 0; k < miss; k++) ust[mq[k]] = 0; /* not scored */
            return (ssvm_result)rc;
        }
        for (k = 0; k < miss; k++) us[mq[k]] = msc[k];
    }
    for (k = 0; k + 1 < n; k += 2) { /* two sums, the even and the odd terms */
        r0 += (double)v[k] * us[q[k]];
        r1 += (double)v[k + 1] * us[q[k + 1]];
    }
    if (k < n) r0 += (double)v[k] * us[q[k]];
    *out = r0 + r1;
    return SSVM_OK;
}
/* z += c s(y) in the statistics scratch (slot: the atom's, or -1) */
SSVM__PRIV ssvm_result ssvm__gaps_zadd(ssvm_solver *s, int i, const int *y, int len, long long slot, double c) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const int *q;
    const ssvm_real *v;
    int n = ssvm__gaps_pairs(s, i, y, len, slot, &q, &v), k;
    if (n < 0) return (ssvm_result)n;
    for (k = 0; k < n; k++) {
        int e = q[k];
        double x = c * (double)v[k];
        if (bs->_gp_zm[e]) bs->_gp_z[e] += x;
        else { bs->_gp_zm[e] = 1; bs->_gp_zq[bs->_gp_zn++] = e; bs->_gp_z[e] = x; }
    }
    return SSVM_OK;
}
/* A move's direction D = blk expand(z) on example i, with z (the scratch, cleared on the way) one of
     FW        w_s - w_i = blk expand(sigma - s(y_s)),   sigma = sum_k alpha_k s(y_k)
     away      w_i - w_a = blk expand(s(y_a) - sigma)
     pairwise  w_s - w_a = blk expand(s(y_a) - s(y_s))
   (kind 1, 2, 3); *nrm = |D|^2 (non-finite if an entry is) */
SSVM__PRIV ssvm_result ssvm__gaps_stat_dir(ssvm_solver *s, int i, double blk, int kind, const int *ys, int ylen,
                                           long long yslot, int aw, ssvm_svec *D, double *nrm) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    size_t ml = (size_t)p->max_label_len, base = (size_t)i * (size_t)bs->_gp_cap;
    const double *al = bs->_gp_alpha + base;
    double r = 0;
    int k, rc = 0;
    /* one order for the three (the atoms, then y_a, then y_s): with a single atom FW and pairwise are one move
       and their gains tie exactly, as in the generic step, which then takes FW */
    if (kind != 3)
        for (k = 0; rc >= 0 && k < bs->_gp_cnt[i]; k++)
            if (al[k] > 0)
                rc = ssvm__gaps_zadd(s, i, bs->_gp_lab + (base + (size_t)k) * ml, bs->_gp_len[base + (size_t)k],
                                     (long long)(base + (size_t)k),
                                     kind == 1 ? al[k] : -al[k]);
    if (rc >= 0 && kind != 1)
        rc = ssvm__gaps_zadd(s, i, bs->_gp_lab + (base + (size_t)aw) * ml, bs->_gp_len[base + (size_t)aw],
                             (long long)(base + (size_t)aw), 1.0);
    if (rc >= 0 && kind != 2) rc = ssvm__gaps_zadd(s, i, ys, ylen, yslot, -1.0);
    ssvm_svec_clear(D);
    for (k = 0; k < bs->_gp_zn; k++) { int q = bs->_gp_zq[k]; bs->_gp_sv[q] = (ssvm_real)bs->_gp_z[q]; }
    if (rc >= 0) rc = p->stat_expand_at(p->user, i, bs->_gp_sv, bs->_gp_zq, bs->_gp_zn, (ssvm_real)blk, D);
    for (k = 0; k < bs->_gp_zn; k++) {
        int q = bs->_gp_zq[k];
        bs->_gp_sv[q] = 0; bs->_gp_z[q] = 0; bs->_gp_zm[q] = 0;
    }
    bs->_gp_zn = 0;
    if (rc < 0) return (ssvm_result)rc;
    for (k = 0; k < D->nnz; k++) { double v = (double)D->val[D->idx[k]]; r += v * v; }
    *nrm = r;
    return SSVM_OK;
}
/* >>gaps: the step with atoms (its statistics-interface branches say >>speed) */
/* v_k of the atoms of i at w into _gp_v (all: every stored one, else those of positive weight only), and
   *t0 = <w, phi(x_i, y_i)>; with Wi: Wi = w_i built from the atoms */
SSVM__PRIV ssvm_result ssvm__gaps_values(ssvm_solver *s, int i, const ssvm_real *w, double *t0, ssvm_svec *Wi, int all) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    ssvm_svec *T = &bs->_gp_tmp, *P0 = &bs->_gp_p0;
    double sh = ssvm__share(p, s->_wsum, i, 1.0), blk = ssvm__block(p, s->_wsum, s->_cfg.lambda, i);
    size_t ml = (size_t)p->max_label_len, base = (size_t)i * (size_t)bs->_gp_cap;
    int k, m, tl = p->truth(p->user, i, s->_y2), rc;
    ssvm_result r;
    if (tl < 0) return (ssvm_result)tl;
    if (tl == 0 || tl > p->max_label_len) return SSVM_ERR_LABEL;
    if (bs->_gp_us && !Wi) { /* >>speed: the statistics' memoised scores */
        double sc;
        ssvm__gaps_stat_stamp(s);
        r = ssvm__gaps_stat_score(s, i, w, s->_y2, tl, (long long)p->n * bs->_gp_cap + i, t0); /* y_i's slot */
        if (r != SSVM_OK) return r;
        for (k = 0; k < bs->_gp_cnt[i]; k++) {
            size_t sl = base + (size_t)k;
            if (!all && !(bs->_gp_alpha[sl] > 0)) { bs->_gp_v[k] = 0; continue; }
            r = ssvm__gaps_stat_score(s, i, w, bs->_gp_lab + sl * ml, bs->_gp_len[sl], (long long)sl, &sc);
            if (r != SSVM_OK) return r;
            bs->_gp_v[k] = sh * (bs->_gp_delta[sl] - (*t0 - sc));
        }
        return SSVM_OK;
    }
    ssvm_svec_clear(P0); /* phi(x_i, y_i), kept for the step's w_s and w_a */
    if ((rc = p->phi(p->user, i, s->_y2, tl, 1, P0)) < 0) return (ssvm_result)rc;
    if (P0->err) return (ssvm_result)P0->err;
    *t0 = (double)ssvm_svec_dot(P0, w);
    if (Wi) {
        ssvm_svec_clear(Wi);
        for (m = 0; m < P0->nnz; m++) { int j = P0->idx[m]; ssvm_svec_add(Wi, j, (ssvm_real)(blk * (double)P0->val[j])); }
    }
    for (k = 0; k < bs->_gp_cnt[i]; k++) {
        size_t sl = base + (size_t)k;
        double al = bs->_gp_alpha[sl];
        if (!all && !(al > 0)) { bs->_gp_v[k] = 0; continue; }
        ssvm_svec_clear(T);
        if ((rc = p->phi(p->user, i, bs->_gp_lab + sl * ml, bs->_gp_len[sl], 1, T)) < 0) return (ssvm_result)rc;
        if (T->err) return (ssvm_result)T->err;
        bs->_gp_v[k] = sh * (bs->_gp_delta[sl] - (*t0 - (double)ssvm_svec_dot(T, w)));
        if (Wi && al > 0)
            for (m = 0; m < T->nnz; m++) { int j = T->idx[m]; ssvm_svec_add(Wi, j, (ssvm_real)(-blk * al * (double)T->val[j])); }
    }
    return Wi && Wi->err ? (ssvm_result)Wi->err : SSVM_OK;
}
/* Out = blk (phi(x_i, y_i) - phi(x_i, y)) = blk psi_i(y) from the kept phi(x_i, y_i); T: phi(x_i, y) unless
   have_t (then T already holds it) */
SSVM__PRIV ssvm_result ssvm__gaps_psi(ssvm_solver *s, int i, const int *y, int len, double blk, int have_t, ssvm_svec *Out) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    ssvm_svec *T = &bs->_gp_tmp, *P0 = &bs->_gp_p0;
    int k, rc;
    if (!have_t) {
        ssvm_svec_clear(T);
        if ((rc = p->phi(p->user, i, y, len, 1, T)) < 0) return (ssvm_result)rc;
        if (T->err) return (ssvm_result)T->err;
    }
    ssvm_svec_clear(Out);
    for (k = 0; k < P0->nnz; k++) { int j = P0->idx[k]; ssvm_svec_add(Out, j, (ssvm_real)(blk * (double)P0->val[j])); }
    for (k = 0; k < T->nnz; k++) { int j = T->idx[k]; ssvm_svec_add(Out, j, (ssvm_real)(-blk * (double)T->val[j])); }
    return Out->err ? (ssvm_result)Out->err : SSVM_OK;
}
/* |X - Y|^2 on the union of the supports, computed directly (no cancellation of |X|^2 - 2<X,Y> + |Y|^2) */
SSVM__PRIV double ssvm__gaps_dist2(const ssvm_svec *X, const ssvm_svec *Y) {
    double r = 0, e;
    int k;
    for (k = 0; k < X->nnz; k++) {
        int j = X->idx[k];
        e = (double)X->val[j] - (Y->mark[j] ? (double)Y->val[j] : 0.0); r += e * e;
    }
    for (k = 0; k < Y->nnz; k++) { int j = Y->idx[k]; if (!X->mark[j]) { e = (double)Y->val[j]; r += e * e; } }
    return r;
}
/* D = X - Y */
SSVM__PRIV void ssvm__gaps_diff(ssvm_svec *D, const ssvm_svec *X, const ssvm_svec *Y) {
    int k;
    ssvm_svec_clear(D);
    for (k = 0; k < X->nnz; k++) ssvm_svec_add(D, X->idx[k], X->val[X->idx[k]]);
    for (k = 0; k < Y->nnz; k++) ssvm_svec_add(D, Y->idx[k], -Y->val[Y->idx[k]]);
}
/* the step along a direction with dual slope c and curvature q = lambda |d|^2: the line search clipped to
   [0, gmax], or exactly gmax when forced; returns the dual's gain g c - g^2 q / 2 */
SSVM__PRIV double ssvm__gaps_line(double c, double nrm, double lam, double gmax, int forced, double *gamma) {
    double g = forced ? gmax : c / (lam * (nrm + SSVM__EPS));
    if (!(g > 0)) g = 0;
    if (g > gmax) g = gmax;
    *gamma = g;
    return g * c - 0.5 * g * g * lam * nrm;
}

/* One step on block i with atoms (Sec. 3.2, with the cache of Sec. 3.3). Moves: FW w_i <- w_i + g (w_s - w_i),
   g in [0, 1]; away w_i <- w_i + g (w_i - w_a), g in [0, alpha_a / (1 - alpha_a)]; pairwise w_i <- w_i + g (w_s - w_a),
   g in [0, alpha_a]; each by exact line search, the one with the largest dual gain taken (as the authors' release
   does with all steps on). A step at its largest size is a drop step (the away atom leaves; FW at g = 1 keeps only
   s). With every slot holding an atom of positive weight and s new (the cap is hit), only the moves that free a
   slot may bring s in: FW at g = 1 and pairwise at g = alpha_a; if neither gains, the step is taken towards the best
   stored labeling instead and s is not stored. The dual never decreases. */
/* the block's step with atoms (ssvm__bcfw_step's lines 3-8): the labeling (the oracle, or a cached plane), the
   best of the FW, away and pairwise steps by their exact line searches, the atoms' weights and the losses; w's
   move is *D_out scaled by -*move (w += gamma D here: D points from the atoms towards the new labeling) */
SSVM__PRIV ssvm_result ssvm__gaps_block_step(ssvm_solver *s, int i, ssvm_step_info *info, ssvm_svec **D_out,
                                             double *move) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    const ssvm_bcfw_config *b = &s->_cfg.bcfw;
    double lam = s->_cfg.lambda, sh = ssvm__share(p, s->_wsum, i, 1.0), blk = ssvm__block(p, s->_wsum, lam, i);
    size_t ml = (size_t)p->max_label_len, base = (size_t)i * (size_t)bs->_gp_cap;
    double *al = bs->_gp_alpha + base, *de = bs->_gp_delta + base, *v = bs->_gp_v;
    double t0, V = 0, vt, gfw, li_new = 0, gain = 0, gamma = 0, gmax_a = 0, tdelta;
    int cap = bs->_gp_cap, *cnt = bs->_gp_cnt + i, k, best = -1, aw = -1, nact = 0, hit = 0, ti, len, kind = 0, drop = 0;
    int have_wa = 0, round, slot, old_cnt = *cnt, was_forced = 0, have_t = 0, fast = bs->_gp_us != 0;
    long long ysl, ystep = (long long)p->n * bs->_gp_cap + p->n; /* >>speed: the step's y*'s slot of kept s(y) */
    double n_fw = 0, n_aw = 0, n_pw = 0;
    int use_fw = b->steps == SSVM_BCFW_STEPS_FW || b->steps == SSVM_BCFW_STEPS_AWAY || b->steps == SSVM_BCFW_STEPS_ALL;
    int use_aw = b->steps == SSVM_BCFW_STEPS_AWAY || b->steps == SSVM_BCFW_STEPS_ALL;
    int use_pw = b->steps == SSVM_BCFW_STEPS_PAIRWISE || b->steps == SSVM_BCFW_STEPS_ALL;
    unsigned long long h;
    ssvm_real delta;
    /* generic: Wi, Ws, Wa hold w_i, w_s, w_a; >>speed on the chain: the FW, pairwise and away directions */
    ssvm_svec *Wi = &bs->_gp_wi, *Ws = &bs->_gp_ws, *Wa = &bs->_gp_wa, *D = &s->_sv, *T = &bs->_gp_tmp;
    ssvm_result r;
    int *ys = bs->_gp_ynew;
    /* w_i itself only for FW and away moves (pairwise needs w_s - w_a only) */
    if ((r = ssvm__gaps_values(s, i, s->_w, &t0, !fast && (use_fw || use_aw) ? Wi : 0, b->cache)) != SSVM_OK) return r;
    for (k = 0; k < *cnt; k++) {
        V += al[k] * v[k];
        if (al[k] > 0) { nact++; if (aw < 0 || v[k] < v[aw]) aw = k; }
        if (best < 0 || v[k] > v[best]) best = k;
    }
    /* Sec. 3.3: the best stored plane replaces the oracle when its block gap >= max(F g_i, nu sh G) (an unknown
       g_i, or no exact gap yet, never lets it) */
    if (b->cache && best >= 0 && bs->_gp_upos[i] < 0) {
        double thr = b->cache_factor * bs->_gp_g[i], glob = b->cache_nu * sh * bs->_gp_G;
        if (glob > thr) thr = glob;
        hit = v[best] - V >= thr && v[best] - V > 0;
    }
    if (hit) {
        ti = best; len = bs->_gp_len[base + (size_t)best]; tdelta = de[best]; vt = v[best];
        SSVM_MEMCPY(ys, bs->_gp_lab + (base + (size_t)best) * ml, (size_t)len * sizeof(int));
        h = bs->_gp_hash[base + (size_t)best];
        s->_prog.oracle_calls_saved++;
    } else {
        int rc;
        if ((r = ssvm__call_oracle(p, i, s->_w, 1.0, ys, &len, &delta)) != SSVM_OK) return r;
        s->_prog.oracle_calls++;
        tdelta = (double)delta;
        h = ssvm__gaps_hash(ys, len);
        ti = ssvm__gaps_find(s, i, ys, len, h);
        if (ti >= 0) vt = v[ti];
        else if (fast) { /* >>speed: its score from the step's memo */
            double sc;
            bs->_gp_an[ystep] = -2; /* a new y*: its s(y) in the step's slot */
            if ((r = ssvm__gaps_stat_score(s, i, s->_w, ys, len, ystep, &sc)) != SSVM_OK) return r;
            vt = sh * (tdelta - (t0 - sc));
        } else {
            ssvm_svec_clear(T);
            if ((rc = p->phi(p->user, i, ys, len, 1, T)) < 0) return (ssvm_result)rc;
            if (T->err) return (ssvm_result)T->err;
            vt = sh * (tdelta - (t0 - (double)ssvm_svec_dot(T, s->_w)));
            have_t = 1; /* T = phi(x_i, y*) */
        }
    }
    gfw = vt - V;
    if (!ssvm__finite(gfw) || !ssvm__finite(V)) return SSVM_ERR_NONFINITE;
    if (!hit) ssvm__gaps_refresh(s, i, gfw); /* Sec. 3.1: refreshed at every oracle call on i */
    if (info) { info->block_gap = gfw; info->cache_hit = hit; }
    if (fast) { /* >>speed: the directions themselves (w_s - w_i in Wi, w_i - w_a in Wa, w_s - w_a in Ws) */
        ysl = ti >= 0 ? (long long)(base + (size_t)ti) : ystep; /* y*'s kept s(y): an atom's, or the step's */
        have_wa = (use_aw || use_pw) && aw >= 0;
        if (have_wa) gmax_a = al[aw];
        if (use_aw && nact > 1 && have_wa &&
            (r = ssvm__gaps_stat_dir(s, i, blk, 2, ys, len, ysl, aw, Wa, &n_aw)) != SSVM_OK)
            return r;
        if (use_pw && have_wa && !(ti >= 0 && ti == aw) &&
            (r = ssvm__gaps_stat_dir(s, i, blk, 3, ys, len, ysl, aw, Ws, &n_pw)) != SSVM_OK)
            return r;
        if (use_fw &&
            (r = ssvm__gaps_stat_dir(s, i, blk, 1, ys, len, ysl, aw, Wi, &n_fw)) != SSVM_OK)
            return r;
    } else {
        /* w_s before w_a: T may hold phi(x_i, y*) */
        if ((r = ssvm__gaps_psi(s, i, ys, len, blk, have_t, Ws)) != SSVM_OK) return r;
        if ((use_aw || use_pw) && aw >= 0) {
            r = ssvm__gaps_psi(s, i, bs->_gp_lab + (base + (size_t)aw) * ml, bs->_gp_len[base + (size_t)aw], blk, 0, Wa);
            if (r != SSVM_OK) return r;
            have_wa = 1;
            gmax_a = al[aw];
        }
    }
    for (round = 0; round < 2 && kind == 0; round++) {
        int room = ti >= 0 || *cnt < cap, forced;
        double g, c, gn;
        if (round == 1) { /* the cap is hit and no move could bring s in: towards the best stored labeling */
            if (!was_forced || best < 0 || !(v[best] - V > 0)) break;
            ti = best; len = bs->_gp_len[base + (size_t)best]; tdelta = de[best]; vt = v[best];
            SSVM_MEMCPY(ys, bs->_gp_lab + (base + (size_t)best) * ml, (size_t)len * sizeof(int));
            h = bs->_gp_hash[base + (size_t)best];
            room = 1;
            if (fast) {
                ysl = (long long)(base + (size_t)ti);
                if (use_pw && have_wa && ti != aw &&
                    (r = ssvm__gaps_stat_dir(s, i, blk, 3, ys, len, ysl, aw, Ws, &n_pw)) != SSVM_OK)
                    return r;
                if (use_fw &&
                    (r = ssvm__gaps_stat_dir(s, i, blk, 1, ys, len, ysl, aw, Wi, &n_fw)) != SSVM_OK)
                    return r;
            } else if ((r = ssvm__gaps_psi(s, i, ys, len, blk, 0, Ws)) != SSVM_OK) return r;
        }
        for (k = 0; k < *cnt && !room; k++) if (al[k] <= 0) room = 1;
        forced = !room;
        was_forced = forced;
        gain = 0;
        if (use_aw && nact > 1 && have_wa) { /* away: slope V - v_a, curvature |w_i - w_a|^2; s is not needed */
            c = V - v[aw];
            gn = ssvm__gaps_line(c, fast ? n_aw : ssvm__gaps_dist2(Wi, Wa), lam, gmax_a / (1 - gmax_a), 0, &g);
            if (gn > gain) { gain = gn; gamma = g; kind = 2; }
        }
        if (use_pw && have_wa && !(ti >= 0 && ti == aw)) { /* pairwise: slope v_s - v_a, curvature |w_s - w_a|^2 */
            c = vt - v[aw];
            gn = ssvm__gaps_line(c, fast ? n_pw : ssvm__gaps_dist2(Ws, Wa), lam, gmax_a, forced, &g);
            if (gn >= gain && gn > 0) { gain = gn; gamma = g; kind = 3; }
        }
        if (use_fw) { /* FW: slope g_i, curvature |w_s - w_i|^2 */
            gn = ssvm__gaps_line(vt - V, fast ? n_fw : ssvm__gaps_dist2(Ws, Wi), lam, 1.0, forced, &g);
            if (gn >= gain && gn > 0) { gain = gn; gamma = g; kind = 1; }
        }
    }
    if (!kind) gamma = 0;
    if (fast && kind) D = kind == 1 ? Wi : kind == 2 ? Wa : Ws; /* >>speed: built already */
    else {
        ssvm_svec_clear(D);
        if (kind == 1) ssvm__gaps_diff(D, Ws, Wi);
        else if (kind == 2) ssvm__gaps_diff(D, Wi, Wa);
        else if (kind == 3) ssvm__gaps_diff(D, Ws, Wa);
    }
    if (D->err) return (ssvm_result)D->err;
    if (!ssvm__finite(gamma) || !ssvm__step_finite(s->_w, D, gamma)) return SSVM_ERR_NONFINITE;
    /* w += gamma D and the average, which moves at every step, a null one too (as in plain BCFW): ssvm__bcfw_step's
       line 9 after the weights below (-gamma D exactly negates gamma D: the same bits as adding it) */
    *D_out = D; *move = -gamma;
    if (kind) {
        double add = 0;
        /* the weights: a step at its largest size zeroes the atom exactly */
        if (kind == 1) {
            drop = gamma >= 1;
            for (k = 0; k < *cnt; k++) al[k] = drop ? 0 : (1 - gamma) * al[k];
            add = gamma;
        } else if (kind == 2) {
            drop = gamma >= gmax_a / (1 - gmax_a);
            for (k = 0; k < *cnt; k++) al[k] *= 1 + gamma;
            al[aw] = drop ? 0 : al[aw] - gamma;
        } else {
            drop = gamma >= gmax_a;
            al[aw] = drop ? 0 : al[aw] - gamma;
            add = gamma;
        }
        if (add > 0) {
            if (ti >= 0) al[ti] += add;
            else { /* s is new: room was checked, or the drop step made it */
                if ((slot = ssvm__gaps_slot(s, i, old_cnt)) < 0) return SSVM_ERR_WORKSPACE; /* unreachable */
                ssvm__gaps_store(s, i, slot, ys, len, tdelta, add, h);
                ti = slot;
            }
        }
    }
    if (ti < 0 && b->cache && (slot = ssvm__gaps_slot(s, i, old_cnt)) >= 0) /* kept as a cached plane */
        ssvm__gaps_store(s, i, slot, ys, len, tdelta, 0.0, h);
    if (!b->cache) /* without caching a zero-weight atom is of no use: removed (the last one moves into its slot) */
        for (k = *cnt - 1; k >= 0; k--)
            if (al[k] <= 0 && *cnt > 1) {
                int last = *cnt - 1;
                if (k != last) {
                    size_t a1 = base + (size_t)last;
                    ssvm__gaps_store(s, i, k, bs->_gp_lab + a1 * ml, bs->_gp_len[a1], bs->_gp_delta[a1], bs->_gp_alpha[a1],
                                     bs->_gp_hash[a1]);
                }
                (*cnt)--;
            }
    for (k = 0; k < *cnt; k++) li_new += al[k] * de[k];
    li_new *= sh;
    s->_l += li_new - bs->_li[i];
    bs->_li[i] = li_new;
    if (info) { info->gamma = gamma; info->bcfw_step = kind; info->bcfw_drop = drop; }
    return SSVM_OK;
}

/* The exact check: the engine's evaluation pass at the iterate (ssvm__objective), whose visit hook computes every
   block gap g_i = lambda <w_i - w_s, w> - l_i + l_s at the labeling the evaluation's oracle just gave and writes
   it into the estimates (the sum tree with it). */
SSVM__PRIV ssvm_result ssvm__gaps_visit(void *u, int i, const ssvm_real *w, const int *y, int len, ssvm_real delta) {
    ssvm_solver *s = (ssvm_solver *)u;
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    double lam = s->_cfg.lambda, sh = ssvm__share(p, s->_wsum, i, 1.0), blk = ssvm__block(p, s->_wsum, lam, i), g;
    ssvm_svec *T = &bs->_gp_tmp;
    int k;
    ssvm_result r;
    if (bs->_gp_cap) { /* g_i = v_s - V from the atoms */
        double t0, V = 0;
        int rc;
        if ((r = ssvm__gaps_values(s, i, w, &t0, 0, 0)) != SSVM_OK) return r; /* V needs the active ones */
        for (k = 0; k < bs->_gp_cnt[i]; k++) V += bs->_gp_alpha[(size_t)i * (size_t)bs->_gp_cap + (size_t)k] * bs->_gp_v[k];
        if (bs->_gp_us) { /* >>speed: from the memo of that values call */
            double sc;
            if ((r = ssvm__gaps_stat_score(s, i, w, y, len, -1, &sc)) != SSVM_OK) return r;
            g = sh * ((double)delta - (t0 - sc)) - V;
        } else {
            ssvm_svec_clear(T);
            if ((rc = p->phi(p->user, i, y, len, 1, T)) < 0) return (ssvm_result)rc;
            if (T->err) return (ssvm_result)T->err;
            g = sh * ((double)delta - (t0 - (double)ssvm_svec_dot(T, w))) - V;
        }
    } else { /* the engine's state: D = w_i - w_s by its own direction call */
        if ((r = ssvm__state_direction(s, i, len, (ssvm_real)blk, T)) != SSVM_OK) return r;
        g = lam * (double)ssvm_svec_dot(T, w) - bs->_li[i] + sh * (double)delta;
        ssvm__state_abort(s, i);
    }
    if (!ssvm__finite(g)) return SSVM_ERR_NONFINITE;
    ssvm__gaps_refresh(s, i, g);
    bs->_gp_sum += bs->_gp_g[i];
    return SSVM_OK;
}
SSVM__PRIV void ssvm__gaps_eval_hooks(ssvm_solver *s, ssvm__eval_hooks *h) { SSVM__BF(s)->_gp_sum = 0; h->visit = ssvm__gaps_visit; }
/* after the check pass: the exact gap G (the cache rule's) and the estimates' sum */
SSVM__PRIV void ssvm__gaps_eval_end(ssvm_solver *s, const ssvm_objective *o) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    bs->_gp_G = o->gap > 0 ? o->gap : 0;
    bs->_gp_last_check = s->_prog.pass;
    s->_prog.gap_estimate = bs->_gp_sum;
}
/* after a pass: the estimate figure (NaN while some example was never measured) */
SSVM__PRIV void ssvm__gaps_pass_end(ssvm_solver *s) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    double sum = 0;
    int i;
    if (!bs->_gp_g) return;
    if (bs->_gp_nunk > 0) { s->_prog.gap_estimate = ssvm__nan(); return; }
    for (i = 0; i < s->_prob.n; i++) sum += bs->_gp_g[i];
    s->_prog.gap_estimate = sum;
}
#else /* STRUCTSVM_NO_GAPS: config.bcfw's gap sampling, pairwise/away steps and caching are left out (MANUAL: BUILD
   OPTIONS): using one is SSVM_ERR_NOT_SUPPORTED, and BCFW's hooks into this section do what they do with the options
   off (no estimates, no atoms) */
SSVM__PRIV SSVM__MAYBE_UNUSED int ssvm__gaps_atoms_on(const ssvm_solver_config *c) { (void)c; return 0; }
SSVM__PRIV SSVM__MAYBE_UNUSED int ssvm__gaps_est_on(const ssvm_solver_config *c) { (void)c; return 0; }
SSVM__PRIV ssvm_result ssvm__gaps_check_config(const ssvm_solver_config *c) {
    const ssvm_bcfw_config *b = &c->bcfw;
    if (b->steps == SSVM_BCFW_STEPS_EXACT && !b->gap_sampling && !b->cache) return ssvm__exact_check(c); /* >>exact */
    if (b->gap_sampling || b->cache || b->steps != SSVM_BCFW_STEPS_FW) return SSVM_ERR_NOT_SUPPORTED;
    if (b->gap_check < 0 || b->max_atoms < 0 || (unsigned)b->build_direction > 1u) return SSVM_ERR_BCFW_OPTION;
    return SSVM_OK;
}
SSVM__PRIV ssvm_result ssvm__gaps_layout(ssvm_solver *s, ssvm__arena *a) { (void)s; (void)a; return SSVM_OK; }
SSVM__PRIV void ssvm__gaps_reset(ssvm_solver *s) {
    s->_prog.gap_estimate = ssvm__nan();
    SSVM__BF(s)->_gp_G = SSVM__HUGE; SSVM__BF(s)->_gp_last_check = 0;
}
SSVM__PRIV void ssvm__gaps_refresh(ssvm_solver *s, int i, double g) { (void)s; (void)i; (void)g; }
SSVM__PRIV int ssvm__gaps_pick(ssvm_solver *s) { (void)s; return -2; }
SSVM__PRIV ssvm_result ssvm__gaps_init_atoms(ssvm_solver *s) { (void)s; return SSVM_OK; }
SSVM__PRIV ssvm_result ssvm__gaps_block_step(ssvm_solver *s, int i, ssvm_step_info *info, ssvm_svec **D_out,
                                             double *move) {
    (void)s; (void)i; (void)info; (void)D_out; (void)move; return SSVM_ERR_NOT_SUPPORTED;
}
SSVM__PRIV void ssvm__gaps_eval_hooks(ssvm_solver *s, ssvm__eval_hooks *h) { (void)s; (void)h; }
SSVM__PRIV void ssvm__gaps_eval_end(ssvm_solver *s, const ssvm_objective *o) { (void)s; (void)o; }
SSVM__PRIV void ssvm__gaps_pass_end(ssvm_solver *s) { (void)s; }
#endif /* STRUCTSVM_NO_GAPS */

/* >>exact: X3's period */
/* X3: an example with labels left out of its list scores them all again at every SSVM__EXACT_FULL-th visit (and
   when its gap over the list is 0); the checkpoint reader bounds its counter by it */
#ifndef SSVM__EXACT_FULL
#define SSVM__EXACT_FULL 8
#endif
#ifndef STRUCTSVM_NO_GAPS
/* >>exact: BCFW's exact block steps and shrinking (config.bcfw.steps = SSVM_BCFW_STEPS_EXACT, config.bcfw.shrink).
   Where a block's polytope is a small simplex whose vertices' features are orthogonal with one norm (the problem's
   SIMPLEX parts with part_orthogonal: ssvm_multiclass), the block's subproblem of Algorithm 4 is solved exactly
   instead of by one FW step: this is the per-example subproblem of Crammer and Singer (JMLR 2001, "On the
   algorithmic implementation of multiclass kernel-based vector machines", Sec. 6) that the sequential dual method
   of Keerthi, Sundararajan, Chang, Hsieh, Lin (KDD 2008, "A sequential dual method for large scale multi-class
   linear SVMs", Algorithm 1; liblinear -s 4) solves at every visit.
   Notation as at >>gaps: sh = c_i / sum c, blk = sh / lambda; alpha (the block's state) is a distribution over the
   m parts, w_i = blk (phi_t - sum_p alpha_p phi_p) with t the truth's part, l_i = sh sum_p alpha_p cost_p. With
   <phi_p, phi_r> = q [p = r] the block's dual objective is, in alpha, exactly
     f(alpha) = f(a) + <grad, alpha - a> + lambda blk^2 q / 2 |alpha - a|^2,   grad_p = -sh (score_p + cost_p)
   at the current a (score_p = <w, phi_p>), so its minimiser over the simplex is the Euclidean projection
     alpha* = Pi_simplex(a + (score + cost) / (blk q)),
   which is what the step computes (q = 0: f is linear and alpha* is its FW vertex). Deviation X1: the projection
   is Michelot's finite algorithm (as ssvm_project_simplex, restricted to the entries within 1 of the max, the
   only ones that can be positive), not Crammer and Singer's sort; both give the exact minimiser. The step's block gap
   (info->block_gap, before the move) is the FW gap sh (max_p h_p - sum_p a_p h_p), h = score + cost.
   Shrinking (X2, after Keerthi et al.'s Sec. 4 in spirit; liblinear shrinks by bounds on the dual variables and
   re-checks all at its own stopping test): a visit whose block gap is exactly 0 (alpha a vertex that is the
   block's argmax: the step cannot move) counts z zero visits in a row; the example's next 2^z - 1 visits (at most
   63) are skipped at O(1) each (w and the average as in a null step), then it is scored again; a visit with a
   gap resets z. X3, labels (with part_scores_at): after a visit, a label at alpha 0 whose h is below every label
   of the new support leaves the example's list (liblinear's be_shrunk); visits score and solve over the list
   (an exact step of the sub-simplex), and every label again at every SSVM__EXACT_FULL-th visit and when the list's
   gap is 0 (a zero gap counts only when confirmed over all labels). The engine's evaluations still call the
   oracle at every example, so the certified gap is over all of them. Not yet (SSVM_ERR_BCFW_COMBINATION / SSVM_ERR_BATCH): gap sampling, caching, mini-batches. */
SSVM__PRIV int ssvm__exact_on(const ssvm_solver_config *c) {
    return ssvm__has_blocks(c) && c->bcfw.steps == SSVM_BCFW_STEPS_EXACT;
}
/* its options and callbacks (called by the bcfw options' check when steps is EXACT) */
SSVM__PRIV ssvm_result ssvm__exact_check(const ssvm_solver_config *c) {
    const ssvm_problem *p = c->problem;
    if (!ssvm__has_blocks(c) || c->bcfw.gap_sampling || c->bcfw.cache || !c->line_search)
        return SSVM_ERR_BCFW_COMBINATION;
    if ((unsigned)c->bcfw.shrink > 1u) return SSVM_ERR_BCFW_OPTION;
    if (!p || !p->parts || !p->part_scores || !p->part_phi || !p->part_orthogonal) return SSVM_ERR_NOT_SUPPORTED;
    return SSVM_OK;
}
SSVM__PRIV ssvm_result ssvm__exact_layout(ssvm_solver *s, ssvm__arena *a) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    size_t n = (size_t)p->n, total = 0, md = 0;
    int i;
    if (!ssvm__exact_on(&s->_cfg)) return SSVM_OK;
    bs->_ex_off = (size_t *)ssvm__take(a, n + 1, sizeof(size_t));
    for (i = 0; i < p->n; i++) {
        int m = 0, k = p->parts(p->user, i, &m);
        if (k < 0) return (ssvm_result)k;
        if (k != SSVM_POLYTOPE_SIMPLEX) return SSVM_ERR_NOT_SUPPORTED;
        if (m <= 0) return SSVM_ERR_SHAPE;
        if (bs->_ex_off) bs->_ex_off[i] = total;
        total += (size_t)m;
        if ((size_t)m > md) md = (size_t)m;
    }
    if (bs->_ex_off) bs->_ex_off[n] = total;
    bs->_li = (double *)ssvm__take(a, n, sizeof(double));
    bs->_ex_alpha = (double *)ssvm__take(a, total, sizeof(double));
    bs->_ex_q = (double *)ssvm__take(a, n, sizeof(double));
    bs->_ex_truth = (int *)ssvm__take(a, n, sizeof(int));
    bs->_ex_skip = (int *)ssvm__take(a, n, sizeof(int));
    bs->_ex_zero = (int *)ssvm__take(a, n, sizeof(int));
    bs->_ex_sc = (ssvm_real *)ssvm__take(a, md, sizeof(ssvm_real));
    bs->_ex_cost = (ssvm_real *)ssvm__take(a, md, sizeof(ssvm_real));
    bs->_ex_dz = (ssvm_real *)ssvm__take(a, md, sizeof(ssvm_real));
    bs->_ex_v = (double *)ssvm__take(a, md, sizeof(double));
    bs->_ex_cand = (int *)ssvm__take(a, md, sizeof(int));
    bs->_ex_act = (int *)ssvm__take(a, total, sizeof(int));
    bs->_ex_nact = (int *)ssvm__take(a, n, sizeof(int));
    bs->_ex_rest = (int *)ssvm__take(a, n, sizeof(int));
    bs->_ex_full = (ssvm_real *)ssvm__take(a, md, sizeof(ssvm_real));
    return SSVM_OK;
}
/* alpha_i = e_truth (w_i = 0, l_i = 0), the parts' norms, no example shrunk */
SSVM__PRIV ssvm_result ssvm__exact_start(ssvm_solver *s) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    int i;
    if (!bs->_ex_alpha) return SSVM_OK;
    for (i = 0; i < p->n; i++) {
        size_t o = bs->_ex_off[i], m = bs->_ex_off[i + 1] - o, k;
        int t = -1, rc;
        double q = -1;
        if ((rc = p->part_orthogonal(p->user, i, &t, &q)) < 0) return (ssvm_result)rc;
        if (t < 0 || (size_t)t >= m || !(q >= 0) || !ssvm__finite(q)) return SSVM_ERR_CALLBACK;
        bs->_ex_q[i] = q; bs->_ex_truth[i] = t;
        for (k = 0; k < m; k++) { bs->_ex_alpha[o + k] = 0; bs->_ex_act[o + k] = (int)k; bs->_ex_full[k] = 0; }
        bs->_ex_alpha[o + (size_t)t] = 1;
        bs->_ex_nact[i] = (int)m; bs->_ex_rest[i] = 0;
        bs->_li[i] = 0; bs->_ex_skip[i] = 0; bs->_ex_zero[i] = 0;
    }
    return SSVM_OK;
}
/* the exact minimiser over the cnt listed parts L (the others hold alpha 0): v[j] for L's j-th part from its
   h = score + cost; the FW gap over L into *g, its argmax into *best; the caller's scratch */
SSVM__PRIV ssvm_result ssvm__exact_solve(ssvm__bcfw_state *bs, const int *L, int cnt, const double *al, double t,
                                         double sh, double *g, int *best) {
    double *v = bs->_ex_v, hbest = 0, hbar = 0, tau, mx = 0, sum = 0;
    int *cand = bs->_ex_cand, nc = 0, prev, j;
    *best = 0;
    for (j = 0; j < cnt; j++) {
        double h = (double)bs->_ex_sc[j] + (double)bs->_ex_cost[j];
        if (!ssvm__finite(h)) return SSVM_ERR_NONFINITE;
        if (bs->_ex_cost[j] < 0) return SSVM_ERR_LOSS;
        if (j == 0 || h > hbest) { hbest = h; *best = j; }
        hbar += al[L[j]] * h;
    }
    *g = sh * (hbest - hbar);
    if (!(t > 0)) { /* q = 0: f is linear, its FW vertex; weight 0 (t = 0 marks it with blk = 0 below): no move */
        for (j = 0; j < cnt; j++) v[j] = t < 0 ? al[L[j]] : (j == *best ? 1.0 : 0.0);
        return SSVM_OK;
    }
    /* Michelot's iteration (>>projections) over the candidates only: a value 1 or more below the max is 0 in the
       projection, so that the usual 1-3 candidates of a multiclass block are all it visits */
    for (j = 0; j < cnt; j++) {
        v[j] = al[L[j]] + t * ((double)bs->_ex_sc[j] + (double)bs->_ex_cost[j]);
        if (!ssvm__finite(v[j])) return SSVM_ERR_NONFINITE;
        if (j == 0 || v[j] > mx) mx = v[j];
    }
    for (j = 0; j < cnt; j++) if (v[j] - mx > -1) { cand[nc++] = j; sum += v[j] - mx; }
    tau = (sum - 1) / nc;
    do { /* the active set only shrinks, tau only grows (as ssvm__simplex_tau_rd) */
        int a = 0;
        prev = nc; sum = 0;
        for (j = 0; j < prev; j++) if (v[cand[j]] - mx > tau) { cand[a++] = cand[j]; sum += v[cand[j]] - mx; }
        nc = a;
        if (nc == 0) break; /* cannot happen: tau < 0 keeps the max */
        tau = (sum - 1) / nc;
    } while (nc != prev);
    for (j = 0; j < cnt; j++) { double u = (v[j] - mx) - tau; v[j] = u > 0 ? u : 0; }
    return SSVM_OK;
}
/* the block's exact step (ssvm__bcfw_step's lines 3-8): *D_out = D, *move = 1, with w - D = w_-i + w_i(alpha*) */
SSVM__PRIV ssvm_result ssvm__exact_block_step(ssvm_solver *s, int i, ssvm_step_info *info, ssvm_svec **D_out,
                                              double *move) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    size_t o = bs->_ex_off[i];
    int m = (int)(bs->_ex_off[i + 1] - o), j, best = 0, rc, moved = 0, cnt = bs->_ex_nact[i], *L = bs->_ex_act + o;
    double *al = bs->_ex_alpha + o, *v = bs->_ex_v, q = bs->_ex_q[i];
    double sh = ssvm__share(p, s->_wsum, i, 1.0), blk = ssvm__block(p, s->_wsum, s->_cfg.lambda, i);
    double g = 0, li = bs->_li[i], lnew = 0, t = !(blk > 0) ? -1.0 : q > 0 ? 1.0 / (blk * q) : 0.0;
    ssvm_result r;
    ssvm_svec *D = &s->_sv;
    ssvm_svec_clear(D);
    *D_out = D; *move = 1;
    if (info) { info->bcfw_step = 0; info->gamma = 0; }
    if (bs->_ex_skip[i] > 0) { bs->_ex_skip[i]--; return SSVM_OK; } /* shrunk: a null step */
    if (cnt < m && ++bs->_ex_rest[i] >= SSVM__EXACT_FULL) cnt = m; /* every label again, now and then */
    if (cnt == m) bs->_ex_rest[i] = 0;
    for (;;) {
        /* line 3 for every listed labeling at once (the example's active ones, X3): h = score + cost */
        rc = p->part_scores_at ? p->part_scores_at(p->user, i, s->_w, L, cnt, bs->_ex_sc, bs->_ex_cost)
                               : p->part_scores(p->user, i, s->_w, bs->_ex_sc, bs->_ex_cost); /* L = 0 .. m-1 */
        if (rc < 0) return (ssvm_result)rc;
        s->_prog.oracle_calls++;
        if ((r = ssvm__exact_solve(bs, L, cnt, al, t, sh, &g, &best)) != SSVM_OK) return r;
        moved = 0;
        for (j = 0; j < cnt; j++) moved |= v[j] != al[L[j]];
        if (g <= 0 && !moved && cnt < m) { cnt = m; bs->_ex_nact[i] = m; bs->_ex_rest[i] = 0; continue; } /* all */
        break;
    }
    if (info) info->block_gap = g;
    /* shrinking: a gap of exactly 0 over all labels cannot move the block */
    if (g <= 0 && !moved) {
        if (bs->_ex_zero[i] < 6) bs->_ex_zero[i]++;
        if (s->_cfg.bcfw.shrink) bs->_ex_skip[i] = (1 << bs->_ex_zero[i]) - 1;
        return SSVM_OK;
    }
    bs->_ex_zero[i] = 0;
    for (j = 0; j < cnt; j++) {
        double dz = v[j] - al[L[j]];
        bs->_ex_dz[j] = (ssvm_real)dz;
        lnew += v[j] * (double)bs->_ex_cost[j];
    }
    lnew *= sh;
    if (moved) {
        /* D = blk sum_p (alpha*_p - a_p) phi_p: w <- w - D (line 9, the caller); part_phi reads alpha's change by
           part, so the listed order is scattered into the scratch first (zero elsewhere) */
        ssvm_real *dz = bs->_ex_dz;
        if (p->part_scores_at) {
            ssvm_real *full = bs->_ex_full;
            for (j = 0; j < cnt; j++) full[L[j]] = dz[j];
            dz = full;
        }
        rc = p->part_phi(p->user, i, dz, (ssvm_real)blk, D);
        if (p->part_scores_at) for (j = 0; j < cnt; j++) bs->_ex_full[L[j]] = 0;
        if (rc < 0) return (ssvm_result)rc;
        if (D->err) return SSVM_ERR_CALLBACK;
        if (!ssvm__finite(lnew) || !ssvm__step_finite(s->_w, D, -1.0)) return SSVM_ERR_NONFINITE;
        /* lines 6-8: the state, l_i and l */
        for (j = 0; j < cnt; j++) al[L[j]] = v[j];
        bs->_li[i] = lnew;
        s->_l += lnew - li;
        if (info) { info->bcfw_step = 1; info->gamma = 1; }
    }
    /* X3: labels at alpha 0 whose h is below every label in the new support leave the example's list until its
       gap over the list is 0 (then all are scored again, above); liblinear's rule (Keerthi et al. Sec. 4) */
    if (s->_cfg.bcfw.shrink && p->part_scores_at) {
        double hmin = 0;
        int first = 1, a = 0;
        for (j = 0; j < cnt; j++)
            if (v[j] > 0) {
                double h = (double)bs->_ex_sc[j] + (double)bs->_ex_cost[j];
                if (first || h < hmin) { hmin = h; first = 0; }
            }
        for (j = 0; j < cnt; j++) { /* keep the list's kept entries first (a stable partition of L[0 .. cnt)) */
            double h = (double)bs->_ex_sc[j] + (double)bs->_ex_cost[j];
            if (v[j] > 0 || !(h < hmin)) { int tmp = L[a]; L[a] = L[j]; L[j] = tmp; a++; }
        }
        bs->_ex_nact[i] = a;
    }
    return SSVM_OK;
}
#else /* STRUCTSVM_NO_GAPS: exact steps are a config.bcfw option too: SSVM_ERR_NOT_SUPPORTED */
SSVM__PRIV ssvm_result ssvm__exact_check(const ssvm_solver_config *c) { (void)c; return SSVM_ERR_NOT_SUPPORTED; }
SSVM__PRIV ssvm_result ssvm__exact_layout(ssvm_solver *s, ssvm__arena *a) { (void)s; (void)a; return SSVM_OK; }
SSVM__PRIV ssvm_result ssvm__exact_start(ssvm_solver *s) { (void)s; return SSVM_OK; }
SSVM__PRIV ssvm_result ssvm__exact_block_step(ssvm_solver *s, int i, ssvm_step_info *info, ssvm_svec **D_out,
                                              double *move) {
    (void)s; (void)i; (void)info; (void)D_out; (void)move; return SSVM_ERR_NOT_SUPPORTED;
}
#endif /* STRUCTSVM_NO_GAPS */
/* >>gaps: the estimates and the atoms, read by the caller */
STRUCTSVM_DEF ssvm_result ssvm_solver_gap_estimates(const ssvm_solver *s, double *out, size_t out_bytes) {
    if (!s || !out || !s->_heap) return SSVM_ERR_INVALID_ARG;
    if (!ssvm__has_blocks(&s->_cfg)) return SSVM_ERR_NOT_SUPPORTED; /* BCFW's alone */
    if (!SSVM__BF(s)->_gp_g) return SSVM_ERR_NOT_SUPPORTED;
    if (out_bytes / sizeof(double) < (size_t)s->_prob.n) return SSVM_ERR_WORKSPACE;
    SSVM_MEMCPY(out, SSVM__BF(s)->_gp_g, (size_t)s->_prob.n * sizeof(double));
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_solver_atom_count(const ssvm_solver *s, int i, int *count) {
    if (!s || !count || !s->_heap || i < 0 || i >= s->_prob.n) return SSVM_ERR_INVALID_ARG;
    if (!ssvm__has_blocks(&s->_cfg)) return SSVM_ERR_NOT_SUPPORTED; /* BCFW's alone */
    if (!SSVM__BF(s)->_gp_cap) return SSVM_ERR_NOT_SUPPORTED;
    *count = SSVM__BF(s)->_gp_cnt[i];
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_solver_atom(const ssvm_solver *s, int i, int k, double *weight, double *delta, int *y,
                                           size_t y_bytes, int *len) {
    size_t sl;
    if (!s || !s->_heap || i < 0 || i >= s->_prob.n) return SSVM_ERR_INVALID_ARG;
    if (!ssvm__has_blocks(&s->_cfg) || !SSVM__BF(s)->_gp_cap) return SSVM_ERR_NOT_SUPPORTED;
    if (k < 0 || k >= SSVM__BF(s)->_gp_cnt[i]) return SSVM_ERR_INVALID_ARG;
    sl = (size_t)i * (size_t)SSVM__BF(s)->_gp_cap + (size_t)k;
    if (y) {
        if (y_bytes / sizeof(int) < (size_t)SSVM__BF(s)->_gp_len[sl]) return SSVM_ERR_WORKSPACE;
        SSVM_MEMCPY(y, SSVM__BF(s)->_gp_lab + sl * (size_t)s->_prob.max_label_len, (size_t)SSVM__BF(s)->_gp_len[sl] * sizeof(int));
    }
    if (weight) *weight = SSVM__BF(s)->_gp_alpha[sl];
    if (delta) *delta = SSVM__BF(s)->_gp_delta[sl];
    if (len) *len = SSVM__BF(s)->_gp_len[sl];
    return SSVM_OK;
}

/* >>par: mini-batch BCFW with parallel oracle calls (implementation; MANUAL: PARALLEL BCFW).
   The parallel setting of Wang, Sadhanala, Dai, Neiswanger, Sra, Xing (ICML 2016), "Parallel and distributed
   block-coordinate Frank-Wolfe algorithms": the oracles of a mini-batch of tau = b blocks run at once against
   one w, then the server applies them (their AP-BCFW). What we change, and why (P1-P4, also in the MANUAL):
   P1 synchronous: every oracle call of a batch reads the w of the batch's start (a delay bounded by b - 1
      steps, never by thread timing); the paper's workers run asynchronously. Reason: the result must depend
      only on the seed and b, never on the number of threads or their timing.
   P2 the server applies the b block updates one by one, in the batch's draw order, each with BCFW's own exact
      line search (Lacoste-Julien et al. 2013, Algorithm 4 line 5) at the w of that moment, instead of one
      common step for the b blocks (the paper's gamma = 2 n tau / (tau^2 k + 2 n) or its line search over the
      batch). Reason: each block step then raises the dual as much as BCFW's step along that direction, so
      the iterates are BCFW's with a stale oracle, and b = 1 is BCFW bit for bit (BCFW building D: the chain's
      score-space step, 0.7.0, agrees only to rounding). With line_search = 0 each
      step takes BCFW's 2n/(nu k + 2n).
   P3 an example drawn twice in one batch keeps both draws (the paper drops repeats): its second direction is
      built after its first update (serially), from the same labeling.
   P4 the paper's algorithm numbers and its analysis were not checked against its text here (it is not in
      the project's papers); the convergence guarantee we rely on is BCFW's: every step is an exact line
      search on a feasible FW direction of one block, so the dual never decreases (tested to BCFW's optimum).
   What runs in the tasks: the oracle at w and the step direction D = w_i - w_s (it depends only on example i's
   state and the labeling; no other slot of the batch touches i's state before the serial phase) and |D|^2.
   What stays serial, in slot order: <D, w>, the step size, the block's state, w, the losses and the average.
   STRUCTSVM_NO_PARALLEL leaves all of it out (firmware that trains without threads: about 3 KB of flash on
   Cortex-M4F); config.par is then SSVM_ERR_NOT_SUPPORTED. */
#ifdef STRUCTSVM_NO_PARALLEL
SSVM__PRIV ssvm_result ssvm__par_check(const ssvm_solver_config *c) {
    const ssvm_par_config *q = &c->par;
    return (q->batch || q->parallel_for || q->task_users) ? SSVM_ERR_NOT_SUPPORTED : SSVM_OK;
}
SSVM__PRIV ssvm_result ssvm__par_layout(ssvm_solver *s, ssvm__arena *a) { (void)a; SSVM__BF(s)->_par_b = 0; return SSVM_OK; }
SSVM__PRIV ssvm_result ssvm__par_pass(ssvm_solver *s, int limit) { (void)s; (void)limit; return SSVM_ERR_NOT_SUPPORTED; }
SSVM__PRIV void ssvm__par_eval_hooks(ssvm_solver *s, ssvm__eval_hooks *h) { (void)s; (void)h; }
#else
typedef struct ssvm__par_slot {
    int i, len;       /* the example and its labeling's length */
    int dup;          /* the example is in an earlier slot of this batch: its direction is built serially */
    int later;        /* the example is in a later slot of this batch: its state update cannot wait */
    int ran;          /* times the hook ran this task (1 when it keeps its contract) */
    int have_dir;     /* D (and a compact sparse state's scratch) built, not yet applied or aborted */
    int deferred;     /* applied to w; its block's state update waits for the second parallel phase */
    double gamma;     /* the step size taken (for a deferred state update) */
    ssvm_result ro;   /* the oracle's result */
    ssvm_result rd;   /* the direction's result */
    ssvm_real delta;
    double nrm;       /* |D|^2 */
    double dmax;      /* max_j |D_j| */
    int *y, *y2;      /* the labeling; a truth buffer */
    ssvm_real *stmp, *stmp2;
    int *sig_q, *sig_new, sig_qn; /* >>speed: a compact sparse state's step positions (the solver's _sig_q ...) */
    ssvm_svec D, E;   /* the direction; w_s of the sparse state */
} ssvm__par_slot;

SSVM__PRIV ssvm_result ssvm__par_check(const ssvm_solver_config *c) {
    const ssvm_par_config *q = &c->par;
    int t;
    if (q->batch == 0) return (q->parallel_for || q->task_users) ? SSVM_ERR_BATCH : SSVM_OK;
    if (!ssvm__algo_of((int)c->solver) || !(ssvm__algo_of((int)c->solver)->caps & SSVM__CAP_BATCH) || q->batch < 0 ||
        q->batch > c->problem->n)
        return SSVM_ERR_BATCH;
    if (c->bcfw.steps != SSVM_BCFW_STEPS_FW || c->bcfw.cache) return SSVM_ERR_BATCH; /* atoms: not this step */
    if (q->task_users) {
        for (t = 0; t < q->batch; t++)
            if (!q->task_users[t] && c->problem->user) return SSVM_ERR_PARALLEL; /* a slot without its user */
    } else if (q->parallel_for && c->problem->scratch_in_user) return SSVM_ERR_PARALLEL;
    return SSVM_OK;
}

/* b slots: labelings, directions (d each), the state's scratch; b solver views; n marks. O(b d) bytes. */
SSVM__PRIV ssvm_result ssvm__par_layout(ssvm_solver *s, ssvm__arena *a) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    int b = s->_cfg.par.batch, t, i, compact, speedq;
    size_t ml = (size_t)p->max_label_len, maxdim = 0;
    ssvm__par_slot *sl;
    bs->_par_b = b > 0 ? b : 0;
    if (b <= 0) return SSVM_OK;
    compact = s->_state_kind == SSVM_STATE_COMPACT || s->_state_kind == SSVM_STATE_COMPACT_SPARSE;
    /* the state layout's test for _sig_q (a pointer is NULL in the sizing pass) */
    speedq = compact && p->stat_support;
    if (compact)
        for (i = 0; i < p->n; i++) { /* checked by the state's layout just before */
            int m = p->stat_dim(p->user, i);
            if (m <= 0) return m < 0 ? (ssvm_result)m : SSVM_ERR_CALLBACK;
            if ((size_t)m > maxdim) maxdim = (size_t)m;
        }
    sl = (ssvm__par_slot *)ssvm__take(a, (size_t)b, sizeof(ssvm__par_slot));
    bs->_par_views = (ssvm_solver *)ssvm__take(a, (size_t)b, sizeof(ssvm_solver));
    bs->_par_alg = ssvm__take(a, (size_t)b, sizeof(ssvm__bcfw_state)); /* each view's copy of BCFW's state */
    bs->_par_mark = (unsigned char *)ssvm__take(a, (size_t)p->n, 1);
    if (sl) SSVM_MEMSET(sl, 0, (size_t)b * sizeof(ssvm__par_slot));
    if (bs->_par_mark) SSVM_MEMSET(bs->_par_mark, 0, (size_t)p->n);
    for (t = 0; t < b; t++) { /* sizing (sl NULL): the same takes into a dummy slot */
        ssvm__par_slot dummy, *q = sl ? sl + t : &dummy;
        q->y = (int *)ssvm__take(a, ml, sizeof(int));
        q->y2 = (int *)ssvm__take(a, ml, sizeof(int));
        ssvm__take_svec(a, &q->D, p->d);
        if (q->D.mark) SSVM_MEMSET(q->D.mark, 0, (size_t)p->d);
        if (s->_state_kind == SSVM_STATE_SPARSE) {
            ssvm__take_svec(a, &q->E, p->d);
            if (q->E.mark) SSVM_MEMSET(q->E.mark, 0, (size_t)p->d);
        } else SSVM_MEMSET(&q->E, 0, sizeof q->E);
        q->stmp = compact ? (ssvm_real *)ssvm__take(a, maxdim, sizeof(ssvm_real)) : 0;
        q->stmp2 = s->_state_kind == SSVM_STATE_COMPACT_SPARSE ? (ssvm_real *)ssvm__take(a, maxdim, sizeof(ssvm_real)) : 0;
        q->sig_q = speedq ? (int *)ssvm__take(a, maxdim, sizeof(int)) : 0; /* >>speed: each slot its own */
        q->sig_new = speedq && s->_state_kind == SSVM_STATE_COMPACT_SPARSE ? (int *)ssvm__take(a, maxdim, sizeof(int))
                                                                           : 0;
        q->sig_qn = 0;
        if (q->stmp) SSVM_MEMSET(q->stmp, 0, maxdim * sizeof(ssvm_real)); /* the compact sparse step needs zeros */
        if (q->stmp2) SSVM_MEMSET(q->stmp2, 0, maxdim * sizeof(ssvm_real));
    }
    bs->_par_slots = sl;
    return SSVM_OK;
}

/* swaps the solver's step scratch with slot q's (twice restores): the serial phase runs the engine's own state
   code on the slot's direction */
SSVM__PRIV void ssvm__par_swap(ssvm_solver *s, ssvm__par_slot *q) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    ssvm_real *a = bs->_stmp, *b = bs->_stmp2;
    int *y = s->_y, *y2 = s->_y2;
    ssvm_svec e = bs->_sv_ws;
    int *sq = bs->_sig_q, *sn = bs->_sig_new, qn = bs->_sig_qn;
    bs->_sig_q = q->sig_q; q->sig_q = sq;
    bs->_sig_new = q->sig_new; q->sig_new = sn;
    bs->_sig_qn = q->sig_qn; q->sig_qn = qn;
    bs->_stmp = q->stmp; q->stmp = a;
    bs->_stmp2 = q->stmp2; q->stmp2 = b;
    s->_y = q->y; q->y = y;
    s->_y2 = q->y2; q->y2 = y2;
    bs->_sv_ws = q->E; q->E = e;
}
SSVM__PRIV double ssvm__par_norm2(const ssvm_svec *D, double *dmax) { /* in BCFW's order (ssvm__bcfw_step) */
    double nrm = 0, m = 0;
    int k;
    for (k = 0; k < D->nnz; k++) {
        double v = (double)D->val[D->idx[k]];
        nrm += v * v;
        if (v > m) m = v; else if (-v > m) m = -v;
    }
    *dmax = m;
    return nrm;
}
/* a bound under which w - gamma D (gamma in [0, 1]) cannot overflow ssvm_real: half its largest value */
#define SSVM__PAR_SAFE (sizeof(ssvm_real) < sizeof(double) ? 1e38 : 1e307)
/* the direction of slot q on solver (or view) v, whose scratch is q's */
SSVM__PRIV void ssvm__par_direction(ssvm_solver *v, ssvm__par_slot *q) {
    const ssvm_problem *p = &v->_prob;
    q->rd = ssvm__state_direction(v, q->i, q->len, (ssvm_real)ssvm__block(p, v->_wsum, v->_cfg.lambda, q->i), &q->D);
    if (q->rd == SSVM_OK) { q->have_dir = 1; q->nrm = ssvm__par_norm2(&q->D, &q->dmax); }
}
/* task t: the oracle at the batch's w, then (first draw of the example) its direction, on a view of the solver
   whose scratch and user are the slot's. The solver itself is only read while the tasks run. */
SSVM__PRIV void ssvm__par_task(void *ctx, size_t t) {
    ssvm_solver *s = (ssvm_solver *)ctx, *v;
    ssvm__par_slot *q;
    if (t >= (size_t)SSVM__BF(s)->_par_n) return;
    q = (ssvm__par_slot *)SSVM__BF(s)->_par_slots + t;
    if (++q->ran != 1) return; /* a hook that runs a task twice: reported after it returns */
    v = SSVM__BF(s)->_par_views + t;
    *v = *s;
    v->_alg = (ssvm__bcfw_state *)SSVM__BF(s)->_par_alg + t; /* a copy of BCFW's state, as of the solver's fields */
    *SSVM__BF(v) = *SSVM__BF(s);
    if (s->_cfg.par.task_users) v->_prob.user = s->_cfg.par.task_users[t];
    SSVM__BF(v)->_stmp = q->stmp; SSVM__BF(v)->_stmp2 = q->stmp2; v->_y = q->y; v->_y2 = q->y2; SSVM__BF(v)->_sv_ws = q->E;
    SSVM__BF(v)->_sig_q = q->sig_q; SSVM__BF(v)->_sig_new = q->sig_new;
    q->ro = ssvm__call_oracle(&v->_prob, q->i, s->_w, 1.0, q->y, &q->len, &q->delta);
    if (q->ro != SSVM_OK || q->dup) return;
    if (SSVM__BF(s)->_par_sc) { /* >>speed: the statistics s(y*) - sigma_i only; the step's scores come at the serial phase */
        q->rd = ssvm__speed_stats(v, q->i, q->len);
        q->have_dir = q->rd == SSVM_OK;
        q->sig_qn = SSVM__BF(v)->_sig_qn;
        return;
    }
    ssvm__par_direction(v, q);
    q->E = SSVM__BF(v)->_sv_ws; /* its count of non-zeros */
    q->sig_qn = SSVM__BF(v)->_sig_qn;
}
/* drops the directions of slots from..cnt-1 that were built and will not be applied */
SSVM__PRIV void ssvm__par_abort(ssvm_solver *s, int from, int cnt) {
    ssvm__par_slot *sl = (ssvm__par_slot *)SSVM__BF(s)->_par_slots;
    int t;
    for (t = from; t < cnt; t++)
        if (sl[t].have_dir) { ssvm__par_swap(s, sl + t); ssvm__state_abort(s, sl[t].i); ssvm__par_swap(s, sl + t); sl[t].have_dir = 0; }
}
/* slot q's block update, BCFW's Algorithm 4 lines 5-9 as in ssvm__bcfw_step (keep the two in step: b = 1 must
   give BCFW's bits), at the current w */
SSVM__PRIV ssvm_result ssvm__par_apply(ssvm_solver *s, ssvm__par_slot *q, int defer) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    double li = bs->_li[q->i], ls, gamma, dot, nrm = q->nrm;
    ssvm_svec *D = &q->D;
    ssvm_result r;
    ls = ssvm__share(p, s->_wsum, q->i, (double)q->delta);
    if (bs->_par_sc) { /* >>speed: plain BCFW's score-space step on the slot's statistics, at the current w */
        ssvm__par_swap(s, q);
        r = ssvm__sc_step(s, q->i, q->len, ls, 0, 1);
        ssvm__par_swap(s, q);
        q->have_dir = 0; /* applied, or dropped by the step's own failure paths */
        q->deferred = 0;
        if (r != SSVM_OK) return r;
        s->_k++;
        s->_prog.steps++;
        return SSVM_OK;
    }
    dot = (double)ssvm_svec_dot(D, s->_w);
    gamma = ssvm__bcfw_gamma(s, q->i, dot, nrm, li, ls, 0); /* BCFW's line 5 */
    ssvm__par_swap(s, q);
    /* BCFW's test that w - gamma D stays finite, skipped (the same outcome) while max |w| + max |D| is far from
       overflow: max |w| is measured at the pass's start and bounded after each step, saving a serial loop */
    if (!ssvm__finite(dot) || !ssvm__finite(nrm) || !ssvm__finite(gamma) ||
        (!(bs->_par_wmax + q->dmax < SSVM__PAR_SAFE) && !ssvm__step_finite(s->_w, D, -gamma))) {
        ssvm__state_abort(s, q->i);
        ssvm__par_swap(s, q);
        q->have_dir = 0;
        return SSVM_ERR_NONFINITE;
    }
    /* the dense kinds' update touches only block i and cannot fail: it may wait for the second phase */
    r = defer ? SSVM_OK : ssvm__state_update(s, q->i, gamma, D);
    ssvm__par_swap(s, q);
    q->have_dir = 0; /* applied, or dropped by the update's own failure path */
    q->deferred = defer; q->gamma = gamma;
    if (r != SSVM_OK) return r;
    bs->_par_wmax += gamma * q->dmax;
    ssvm__bcfw_losses(s, q->i, gamma, li, ls);
    ssvm__step_move(s, D, gamma); /* w, the average and l_bar, as BCFW's step */
    s->_k++;
    s->_prog.steps++;
    return SSVM_OK;
}
/* the second phase's task: a deferred state update (COMPACT or DENSE: block i only) on slot t's view */
SSVM__PRIV void ssvm__par_task2(void *ctx, size_t t) {
    ssvm_solver *s = (ssvm_solver *)ctx;
    ssvm__par_slot *q;
    if (t >= (size_t)SSVM__BF(s)->_par_n) return;
    q = (ssvm__par_slot *)SSVM__BF(s)->_par_slots + t;
    if (++q->ran != 1 || !q->deferred) return;
    (void)ssvm__state_update(SSVM__BF(s)->_par_views + t, q->i, q->gamma, &q->D); /* never fails for these kinds */
    q->deferred = 0;
}
/* one mini-batch of cnt examples: draw, run the tasks through the hook (or in order), apply in slot order */
SSVM__PRIV ssvm_result ssvm__par_batch(ssvm_solver *s, int cnt) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    ssvm__par_slot *sl = (ssvm__par_slot *)bs->_par_slots;
    const ssvm_par_config *q = &s->_cfg.par;
    ssvm_result r = SSVM_OK;
    int t, bad = 0, applied;
    /* a second phase runs the dense kinds' state updates in parallel, each example's last draw of the batch (an
       earlier draw's update is applied serially: the repeat's direction reads the state after it). The blocks
       are then distinct, and each block's update is the same computation as the serial one: the same bits. */
    int defer = s->_state_kind == SSVM_STATE_COMPACT || s->_state_kind == SSVM_STATE_DENSE, ndef = 0;
    for (t = 0; t < cnt; t++) {
        int i = ssvm__next_index(s);
        if (i < 0) { /* a sequence entry out of range: nothing of this batch has run */
            for (t--; t >= 0; t--) bs->_par_mark[sl[t].i] = 0;
            return SSVM_ERR_INVALID_ARG;
        }
        sl[t].i = i; sl[t].dup = bs->_par_mark[i]; bs->_par_mark[i] = 1;
        sl[t].ran = 0; sl[t].have_dir = 0; sl[t].ro = SSVM_OK; sl[t].rd = SSVM_OK; sl[t].len = 0; sl[t].nrm = 0;
    }
    for (t = 0; t < cnt; t++) { bs->_par_mark[sl[t].i] = 0; sl[t].deferred = 0; }
    { /* >>speed: in score space as ssvm__bcfw_step */
        ssvm_result rs;
        bs->_par_sc = ssvm__sc_on(s, &rs);
        if (rs != SSVM_OK) return rs;
    }
    for (t = cnt - 1; t >= 0; t--) { sl[t].later = bs->_par_mark[sl[t].i]; bs->_par_mark[sl[t].i] = 1; }
    for (t = 0; t < cnt; t++) bs->_par_mark[sl[t].i] = 0;
    bs->_par_n = cnt;
    if (q->parallel_for) q->parallel_for(q->user, (size_t)cnt, ssvm__par_task, s);
    else for (t = 0; t < cnt; t++) ssvm__par_task(s, (size_t)t);
    for (t = 0; t < cnt; t++) bad |= sl[t].ran != 1;
    if (bad) { /* nothing applied; the calls the tasks that ran made are counted, as everywhere (0.6.2) */
        for (t = 0; t < cnt; t++) s->_prog.oracle_calls += sl[t].ran == 1 && sl[t].ro == SSVM_OK;
        ssvm__par_abort(s, 0, cnt);
        return SSVM_ERR_PARALLEL;
    }
    for (t = 0; t < cnt; t++) {
        ssvm__par_slot *e = sl + t;
        if (e->ro != SSVM_OK) { r = e->ro; break; }
        s->_prog.oracle_calls++;
        if (e->dup) { /* after the earlier draws' updates, on the solver with the slot's scratch */
            ssvm__par_swap(s, e);
            if (bs->_par_sc) { e->rd = ssvm__speed_stats(s, e->i, e->len); e->have_dir = e->rd == SSVM_OK; }
            else ssvm__par_direction(s, e);
            ssvm__par_swap(s, e);
        }
        if (e->rd != SSVM_OK) { r = e->rd; break; }
        if ((r = ssvm__par_apply(s, e, defer && !e->later)) != SSVM_OK) break;
        ndef += e->deferred;
    }
    applied = t;
    if (r != SSVM_OK) { /* stopped by slot t's oracle, direction or step: the later slots' calls were made too */
        int u;
        for (u = t + 1; u < cnt; u++) s->_prog.oracle_calls += sl[u].ro == SSVM_OK;
        ssvm__par_abort(s, t, cnt);
    }
    if (ndef > 0) { /* w = sum_i w_i again, also when a later slot failed */
        for (t = 0; t < applied; t++) sl[t].ran = 0;
        bs->_par_n = applied;
        if (q->parallel_for && applied > 1) q->parallel_for(q->user, (size_t)applied, ssvm__par_task2, s);
        else for (t = 0; t < applied; t++) ssvm__par_task2(s, (size_t)t);
        for (t = 0; t < applied; t++)
            if (sl[t].deferred) { /* a hook that skipped it: done here, then reported */
                ssvm__par_swap(s, sl + t);
                (void)ssvm__state_update(s, sl[t].i, sl[t].gamma, &sl[t].D);
                ssvm__par_swap(s, sl + t);
                sl[t].deferred = 0; bad = 1;
            } else bad |= sl[t].ran != 1;
        if (bad && r == SSVM_OK) r = SSVM_ERR_PARALLEL;
    }
    return r;
}
/* The evaluation's oracle pass on the caller's threads (config.par with a hook): chunks of b examples, each chunk's
   loss-augmented calls at the evaluated w as tasks (slot t: example i0 + t, on the slot's user), then their
   losses and psi added in example order, as ssvm__objective adds them: the same bits for any thread count. */
SSVM__PRIV void ssvm__par_eval_task(void *ctx, size_t t) {
    ssvm_solver *s = (ssvm_solver *)ctx;
    ssvm__par_slot *q;
    ssvm_problem pv;
    if (t >= (size_t)SSVM__BF(s)->_par_n) return;
    q = (ssvm__par_slot *)SSVM__BF(s)->_par_slots + t;
    if (++q->ran != 1) return;
    pv = s->_prob;
    if (s->_cfg.par.task_users) pv.user = s->_cfg.par.task_users[t];
    q->ro = ssvm__call_oracle(&pv, q->i, SSVM__BF(s)->_par_eval_w, 1.0, q->y, &q->len, &q->delta);
}
/* the evaluation's oracles, b at a time on the caller's threads (ssvm__objective's batch and labeling hooks) */
SSVM__PRIV ssvm_result ssvm__par_eval_batch(void *u, const ssvm_real *w, int i0, int cnt) {
    ssvm_solver *s = (ssvm_solver *)u;
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    ssvm__par_slot *sl = (ssvm__par_slot *)bs->_par_slots;
    int t;
    bs->_par_eval_w = w;
    for (t = 0; t < cnt; t++) { sl[t].i = i0 + t; sl[t].ran = 0; sl[t].ro = SSVM_OK; sl[t].len = 0; }
    bs->_par_n = cnt;
    s->_cfg.par.parallel_for(s->_cfg.par.user, (size_t)cnt, ssvm__par_eval_task, s);
    for (t = 0; t < cnt; t++)
        if (sl[t].ran != 1) { /* the hook broke its contract: count the calls its tasks did make, then report */
            for (t = 0; t < cnt; t++) s->_prog.eval_oracle_calls += sl[t].ran == 1 && sl[t].ro == SSVM_OK;
            return SSVM_ERR_PARALLEL;
        }
    return SSVM_OK;
}
SSVM__PRIV ssvm_result ssvm__par_eval_labeling(void *u, int t, int **y, int **y2, int *len, ssvm_real *delta) {
    ssvm__par_slot *q = (ssvm__par_slot *)SSVM__BF((ssvm_solver *)u)->_par_slots + t;
    *y = q->y; *y2 = q->y2; *len = q->len; *delta = q->delta;
    return q->ro;
}
SSVM__PRIV void ssvm__par_eval_hooks(ssvm_solver *s, ssvm__eval_hooks *h) {
    h->width = SSVM__BF(s)->_par_b; h->batch = ssvm__par_eval_batch; h->labeling = ssvm__par_eval_labeling;
}
/* a pass: n steps in batches of b (the last one shorter; a pass never splits across passes), cut at
   max_oracle_calls as BCFW's pass is */
SSVM__PRIV ssvm_result ssvm__par_pass(ssvm_solver *s, int limit) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    int n = s->_prob.n, done = 0, cnt, j;
    ssvm_result r;
    bs->_par_wmax = 0; /* max |w| now: O(d) once a pass; each step then raises the bound (ssvm__par_apply) */
    for (j = 0; j < s->_prob.d; j++) {
        double v = (double)s->_w[j];
        if (v > bs->_par_wmax) bs->_par_wmax = v; else if (-v > bs->_par_wmax) bs->_par_wmax = -v;
    }
    while (done < n) {
        cnt = n - done < bs->_par_b ? n - done : bs->_par_b;
        if (limit && s->_cfg.max_oracle_calls) {
            long long left = s->_cfg.max_oracle_calls - s->_prog.oracle_calls;
            if (left <= 0) break;
            if (left < cnt) cnt = (int)left;
        }
        if ((r = ssvm__par_batch(s, cnt)) != SSVM_OK) return r;
        done += cnt;
    }
    return SSVM_OK;
}
#endif /* STRUCTSVM_NO_PARALLEL */

/* >>dist: BCFW over the caller's ranks, CoCoA+ with BCFW as the local solver (MANUAL: DISTRIBUTED TRAINING).
   Ma, Smith, Jaggi, Jordan, Richtarik, Takac (ICML 2015), "Adding vs. averaging in distributed primal-dual
   optimization", the CoCoA+ framework (adding: gamma = 1) with their local subproblem scaled by sigma' (sigma' = K,
   the choice they prove safe for adding); the framework is Jaggi et al. (NIPS 2014, CoCoA). The paper is not in
   the project's papers: its algorithm, equation and theorem numbers are not cited. Rank k owns the
   blocks of its shard P_k. A round: w0 = w (the same on every rank); H = n_k / rounds BCFW steps (Lacoste-Julien
   et al. 2013, Algorithm 4) on its own blocks against the local view v = w0 + sigma' dw_k, dw_k = the change of
   its blocks' sum_i w_i; then one allreduce of (dw_k, dl_k) and w = w0 + sum_k dw_k, l = l0 + sum_k dl_k. The
   subproblem G_k(dw) = dl - lambda <w0, dw> - lambda sigma'/2 |dw|^2 (theirs in BCFW's scaling: w = A alpha /
   (lambda n)) has its gradient at v, so each local step calls the oracle at v and its line search over
   gamma in [0, 1] is BCFW's with |D|^2 scaled by sigma':
       gamma = (<w_i - w_s, v> - (l_i - l_s) / lambda) / (sigma' |w_i - w_s|^2),
   and v moves by sigma' gamma D while the block (w_i or sigma_i, l_i) moves by gamma D, as in BCFW. Each block is
   moved only by its owner and stays in its simplex, so every round's (w, l) is dual feasible and the engine's
   gap (summed over all ranks at every evaluation) certifies it, whatever the local steps did.
   Guarantee (Ma et al., their rate for L-Lipschitz losses, which the structural hinge is): with sigma' = K and
   local solutions of multiplicative quality Theta < 1, the duality gap reaches eps after O(1/((1 - Theta) eps))
   rounds. Tested here: with sigma' = K the dual never falls from round to round. What we change:
   M1 the local solver is BCFW's H steps, whose quality Theta is only in expectation and sublinear in H (the
      paper assumes a fixed Theta; dissolve-struct makes the same choice). Reason: it is the solver the blocks
      already have; the certified gap, not Theta, decides when to stop.
   M2 the average is over rounds, not steps: after round t (0-based, counted over passes), w_bar <- (1 - rho) w_bar
      + rho w with rho as config.averaging says for step t (2/(t + 2) weighted). Reason: only the rounds' w are
      the same on all ranks; the local views are not iterates of the global problem.
   M3 not with config.bcfw's gaps options, exact steps or mini-batch (their estimates and atoms assume one w), nor
      with line_search = 0 (the subproblem's step is the line search).
   With one rank (size 1) none of this runs: BCFW's iterates bit for bit. */
SSVM__PRIV ssvm_result ssvm__step(ssvm_solver *s, int i, ssvm_step_info *info); /* >>engine */
SSVM__PRIV ssvm_result ssvm__co_check(const ssvm_solver_config *c) {
    if (!ssvm__dist_on(c)) return SSVM_OK;
    if (!c->line_search) return SSVM_ERR_NOT_SUPPORTED; /* M3 */
    if (c->bcfw.gap_sampling || c->bcfw.steps != SSVM_BCFW_STEPS_FW || c->bcfw.cache) return SSVM_ERR_BCFW_COMBINATION;
    if (c->par.batch) return SSVM_ERR_BATCH;
    return SSVM_OK;
}
SSVM__PRIV void ssvm__co_layout(ssvm_solver *s, ssvm__arena *a) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_dist_config *q = &s->_cfg.dist;
    bs->_co_sigma = 1;
    bs->_co_w0 = 0;
    if (!ssvm__dist_on(&s->_cfg)) return;
    bs->_co_sigma = q->sigma > 0 ? q->sigma : (double)q->size;
    bs->_co_w0 = (ssvm_real *)ssvm__take(a, (size_t)s->_prob.d, sizeof(ssvm_real));
}
#ifdef STRUCTSVM_NO_DIST
SSVM__PRIV ssvm_result ssvm__co_pass(ssvm_solver *s, int limit) { (void)s; (void)limit; return SSVM_ERR_NOT_SUPPORTED; }
#else
/* One pass: config.dist.rounds rounds (the framework's outer loop), n_k steps in all on this rank */
SSVM__PRIV ssvm_result ssvm__co_pass(ssvm_solver *s, int limit) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    int d = p->d, R = s->_cfg.dist.rounds > 0 ? s->_cfg.dist.rounds : 1, q, j;
    double *b = s->_dist, sig = bs->_co_sigma;
    ssvm_real *w = s->_w, *w0 = bs->_co_w0;
    ssvm_result r;
    (void)limit; /* max_oracle_calls is refused on ranks (ssvm__dist_check) */
    for (q = 0; q < R; q++) {
        long long t, lo = (long long)p->n * q / R, hi = (long long)p->n * (q + 1) / R;
        double l0 = s->_l, rho;
        ssvm_result mine = SSVM_OK;
        if (s->_z) { /* M2: w_bar as a plain vector (z), so that the local view's moves leave it alone */
            for (j = 0; j < d; j++) s->_z[j] = (ssvm_real)(s->_avg_a * (double)w[j] + s->_avg_b * (double)s->_z[j]);
            s->_avg_a = 0; s->_avg_b = 1;
        }
        SSVM_MEMCPY(w0, w, (size_t)d * sizeof(ssvm_real));
        for (t = lo; t < hi && mine == SSVM_OK; t++) { /* H local steps against v */
            int i = ssvm__next_index(s);
            mine = i < 0 ? SSVM_ERR_INVALID_ARG : ssvm__step(s, i, 0);
        }
        /* this rank's change dw_k = (v - w0) / sigma' and dl_k, with its failure flag */
        for (j = 0; j < d; j++) b[j] = mine == SSVM_OK ? ((double)w[j] - (double)w0[j]) / sig : 0;
        b[d] = mine == SSVM_OK ? s->_l - l0 : 0;
        b[d + 1] = mine != SSVM_OK;
        r = ssvm__dist_allreduce(&s->_cfg, b, (size_t)d + 2);
        if (r == SSVM_OK && mine != SSVM_OK) r = mine;
        if (r == SSVM_OK && b[d + 1] != 0) r = SSVM_ERR_PEER;
        for (j = 0; j < d && r == SSVM_OK; j++) /* the same test on every rank: the same answer */
            if (!ssvm__finite((double)(ssvm_real)((double)w0[j] + b[j]))) r = SSVM_ERR_NONFINITE;
        if (r != SSVM_OK) { /* w and l back to the round's start on every rank (the blocks keep their local moves) */
            SSVM_MEMCPY(w, w0, (size_t)d * sizeof(ssvm_real));
            s->_l = l0;
            return r;
        }
        for (j = 0; j < d; j++) w[j] = (ssvm_real)((double)w0[j] + b[j]); /* adding: w = w0 + sum_k dw_k */
        s->_l = l0 + b[d];
        if (s->_avg_kept) { /* M2 */
            rho = ssvm__avg_rho_at(s, (long long)s->_prog.pass * R + q);
            ssvm__avg_push(s, rho);
            s->_l_bar = (1 - rho) * s->_l_bar + rho * s->_l;
        }
    }
    return SSVM_OK;
}
#endif /* STRUCTSVM_NO_DIST */

/* >>engine: steps, passes, the run loop */
SSVM__PRIV ssvm_result ssvm__par_pass(ssvm_solver *s, int limit); /* >>par */
#if SSVM__HAS_MULTISAMPLE
SSVM__PRIV ssvm_result ssvm__ms_step(ssvm_solver *s, int i, ssvm_step_info *info);
#endif
SSVM__PRIV ssvm_result ssvm__step(ssvm_solver *s, int i, ssvm_step_info *info) {
    ssvm_result r;
    if (info) { SSVM_MEMSET(info, 0, sizeof *info); info->t = s->_k + 1; info->example = i; }
    if ((r = SSVM__ROW(s)->step(s, i, info)) != SSVM_OK) return r;
    s->_k++;
    s->_prog.steps++;
    return SSVM_OK;
}
/* Whether this solver, as configured, takes per-example steps (ssvm_solver_step) */
SSVM__PRIV int ssvm__has_steps(const ssvm_solver *s) {
    const ssvm__algo *row = SSVM__ROW(s);
    return (row->caps & SSVM__CAP_STEPS) && row->step && (!row->steps || row->steps(s));
}
/* The pass of the solvers that step: n steps on the picked examples (limit: stop after max_oracle_calls training
   calls, for ssvm_solver_run; ssvm_solver_pass has no stopping rules, as documented, so it always makes n
   steps); the lazily scaled ones fold w and w_bar after it (plain w, an exact |w|^2: O(d) a pass) */
SSVM__PRIV ssvm_result ssvm__steps_pass(ssvm_solver *s, int limit) {
    ssvm_result r = SSVM_OK;
    int t;
    for (t = 0; t < s->_prob.n; t++) {
        int i = ssvm__next_index(s);
        if (i < 0) { r = SSVM_ERR_INVALID_ARG; break; }
        if ((r = ssvm__step(s, i, 0)) != SSVM_OK) break;
        if (limit && s->_cfg.max_oracle_calls && s->_prog.oracle_calls >= s->_cfg.max_oracle_calls) break;
    }
    if (SSVM__ROW(s)->caps & SSVM__CAP_SCALED) ssvm__fold(s);
    return r;
}
/* The layout of a row whose state is the engine's alone (FW, SSG) */
SSVM__PRIV SSVM__MAYBE_UNUSED ssvm_result ssvm__no_state(ssvm_solver *s, ssvm__arena *a) {
    (void)s; (void)a;
    return SSVM_OK;
}
SSVM__PRIV ssvm_result ssvm__pass(ssvm_solver *s, int limit) {
    ssvm__stopwatch sw = ssvm__start(s);
    ssvm_result r = SSVM__ROW(s)->pass(s, limit);
    ssvm__stop(s, sw, &s->_prog.wall_seconds, &s->_prog.cpu_seconds);
    if (r == SSVM_OK) s->_prog.pass++;
    return r;
}
STRUCTSVM_DEF ssvm_result ssvm_solver_pass(ssvm_solver *s) {
    if (!s || !s->_heap) return SSVM_ERR_INVALID_ARG;
    return ssvm__pass(s, 0);
}
STRUCTSVM_DEF ssvm_result ssvm_solver_step(ssvm_solver *s, int i, ssvm_step_info *info) {
    if (!s || !s->_heap) return SSVM_ERR_INVALID_ARG;
    if (!ssvm__has_steps(s) || SSVM__DIST(s)) return SSVM_ERR_NOT_SUPPORTED; /* batch solvers: FW, DEG, cutting plane,
                                                     ...; on ranks (>>dist) steps are taken in rounds only */
    if (i < 0 || i >= s->_prob.n) return SSVM_ERR_INVALID_ARG;
    return ssvm__step(s, i, info);
}

/* the vector that met a rule: the average when it did (and the iterate did no better), else the iterate */
SSVM__PRIV int ssvm__met(const ssvm_objective *it, const ssvm_objective *av, int by_gap, double tol) {
    double a = by_gap ? it->gap : it->primal, b = by_gap ? av->gap : av->primal;
    int ia = a == a && a <= tol, ib = b == b && b <= tol;
    if (!ia && !ib) return -1;
    return (ib && !(ia && a < b)) ? SSVM_W_AVERAGE : SSVM_W_ITERATE;
}
STRUCTSVM_DEF ssvm_result ssvm_solver_run(ssvm_solver *s) {
    const ssvm_solver_config *c;
    const ssvm__algo *row;
    ssvm_result r;
    int m;
    if (!s || !s->_heap) return SSVM_ERR_INVALID_ARG;
    c = &s->_cfg;
    row = SSVM__ROW(s);
    for (;;) {
        if (c->max_passes && s->_prog.pass >= c->max_passes) return SSVM_MAX_PASSES;
        if (c->max_oracle_calls && s->_prog.oracle_calls >= c->max_oracle_calls) return SSVM_MAX_ORACLE_CALLS;
        if (c->max_seconds > 0) { /* >>dist: the ranks agree (any rank's clock past the limit stops all) */
            int up = s->_prog.wall_seconds >= c->max_seconds;
            if (SSVM__DIST(s) && (r = ssvm__dist_agree(s, &up)) != SSVM_OK) return r;
            if (up) return SSVM_MAX_SECONDS;
        }
        if ((r = ssvm__pass(s, 1)) != SSVM_OK) return r;
        s->_prog.iterate.primal = s->_prog.iterate.dual = s->_prog.iterate.gap = ssvm__nan();
        s->_prog.average = s->_prog.iterate;
        if ((c->eval_every && s->_prog.pass % c->eval_every == 0 &&
             (c->eval_schedule != SSVM_EVAL_PREDICT || ssvm__ev_due(s, s->_prog.pass))) ||
            (row->rule && row->rule(s))) { /* the solver's own rule fired (clique generation): certify */
            int it = c->eval_iterate || (row->caps & SSVM__CAP_EVAL_W);
            int av = c->eval_average && c->averaging != SSVM_AVG_NONE;
            if ((it || av) && (r = ssvm_solver_evaluate(s, it, av, 0)) != SSVM_OK) return r;
        }
        if (row->after_eval && (r = row->after_eval(s)) != SSVM_OK) return r; /* BCFW's check pass */
        if (c->progress) { /* >>dist: the ranks agree (a stop on any rank stops all) */
            int stop = c->progress(c->progress_user, &s->_prog) != 0;
            if (SSVM__DIST(s) && (r = ssvm__dist_agree(s, &stop)) != SSVM_OK) return r;
            if (stop) return SSVM_STOPPED_BY_USER;
        }
        /* the solver's own stop after a final evaluation (clique generation, C9: A.3 or no violator) */
        if (row->rule && row->rule(s)) return SSVM_SOLVER_RULE;
        /* an evaluated gap certifies only when the row says it does (the multi-sample solver's) */
        if (c->gap_tol > 0 && (!row->certifies || row->certifies(s)) &&
            (m = ssvm__met(&s->_prog.iterate, &s->_prog.average, 1, c->gap_tol)) >= 0) {
            s->_best = m;
            return SSVM_CONVERGED;
        }
        if ((m = ssvm__met(&s->_prog.iterate, &s->_prog.average, 0, c->target_primal)) >= 0) {
            s->_best = m;
            return SSVM_TARGET_REACHED;
        }
    }
}

STRUCTSVM_DEF ssvm_result ssvm_solver_weights(const ssvm_solver *s, ssvm_which which, ssvm_real *out, size_t out_bytes) {
    int j;
    if (!s || !out || !s->_heap) return SSVM_ERR_INVALID_ARG;
    if (SSVM__ROW(s)->caps & SSVM__CAP_NO_W) return SSVM_ERR_NOT_SUPPORTED; /* the kernel solver: ssvm_kernel_* */
    if (out_bytes / sizeof(ssvm_real) < (size_t)s->_prob.d) return SSVM_ERR_WORKSPACE;
    if (which == SSVM_W_BEST) which = (ssvm_which)s->_best;
    if (which == SSVM_W_AVERAGE && !s->_z) return SSVM_ERR_NOT_SUPPORTED;
    if (which != SSVM_W_AVERAGE && which != SSVM_W_ITERATE) return SSVM_ERR_INVALID_ARG;
    if (!s->_wtmp) { /* no scratch: then neither an average nor a scaled w, and w itself is the answer */
        for (j = 0; j < s->_prob.d; j++) if (!ssvm__finite((double)s->_w[j])) return SSVM_ERR_NONFINITE;
        SSVM_MEMCPY(out, s->_w, (size_t)s->_prob.d * sizeof(ssvm_real));
        return SSVM_OK;
    }
    ssvm__materialize(s, which == SSVM_W_AVERAGE, s->_wtmp); /* scratch first: out is written only if finite */
    for (j = 0; j < s->_prob.d; j++) if (!ssvm__finite((double)s->_wtmp[j])) return SSVM_ERR_NONFINITE;
    SSVM_MEMCPY(out, s->_wtmp, (size_t)s->_prob.d * sizeof(ssvm_real));
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_solver_progress(const ssvm_solver *s, ssvm_progress *out) {
    if (!s || !out || !s->_heap) return SSVM_ERR_INVALID_ARG;
    *out = s->_prog;
    return SSVM_OK;
}
STRUCTSVM_DEF const ssvm_solver_config *ssvm_solver_config_of(const ssvm_solver *s) { return s ? &s->_cfg : 0; }
STRUCTSVM_DEF ssvm_result ssvm_solver_limits_of(const ssvm_solver *s, ssvm_solver_limits *out) {
    if (!s || !out || !s->_heap) return SSVM_ERR_INVALID_ARG;
    *out = ssvm__limits_from(&s->_cfg);
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_solver_set_limits(ssvm_solver *s, const ssvm_solver_limits *l) {
    ssvm_result r;
    ssvm_solver_config *c;
    if (!s || !l || !s->_heap) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm__limits_check(l)) != SSVM_OK) return r;
    if (SSVM__DIST(s) && l->max_oracle_calls) return SSVM_ERR_NOT_SUPPORTED; /* >>dist: each rank counts its own */
    c = &s->_cfg;
    c->max_passes = l->max_passes; c->max_oracle_calls = l->max_oracle_calls; c->max_seconds = l->max_seconds;
    c->gap_tol = l->gap_tol; c->target_primal = l->target_primal;
    c->eval_every = l->eval_every; c->eval_iterate = l->eval_iterate; c->eval_average = l->eval_average;
    c->eval_schedule = l->eval_schedule;
    c->progress = l->progress; c->progress_user = l->progress_user;
    c->clock = l->clock; c->clock_user = l->clock_user;
    return SSVM_OK;
}

STRUCTSVM_DEF ssvm_result ssvm_train(const ssvm_solver_config *c, ssvm_real *w_out, size_t w_bytes,
                                     ssvm_progress *final) {
    ssvm_solver s;
    ssvm_result r, r2;
    if (final) { SSVM_MEMSET(final, 0, sizeof *final); final->returned = -1; } /* defined even when init fails */
    r = SSVM_OK;
    if (!w_out || !c || !c->problem) r = SSVM_ERR_INVALID_ARG;
    else if (ssvm__algo_of((int)c->solver) && (ssvm__algo_of((int)c->solver)->caps & SSVM__CAP_NO_W))
        r = SSVM_ERR_NOT_SUPPORTED; /* no w to return (the kernel solver): ssvm_solver_init + run */
    else if (w_bytes / sizeof(ssvm_real) < (size_t)(c->problem->d > 0 ? c->problem->d : 0)) r = SSVM_ERR_WORKSPACE;
    if (r != SSVM_OK) return ssvm__dist_join(c, 0, r); /* >>dist: the other ranks are in init's handshake */
    if ((r = ssvm_solver_init(c, &s)) != SSVM_OK) return r;
    r = ssvm_solver_run(&s);
    if (r >= 0) {
        /* a rule met: the vector that met it (s._best), so the certificate holds for w_out */
        ssvm_which which = (r == SSVM_CONVERGED || r == SSVM_TARGET_REACHED) ? (ssvm_which)s._best
                         : s._z ? SSVM_W_AVERAGE : SSVM_W_ITERATE;
        r2 = ssvm_solver_weights(&s, which, w_out, w_bytes);
        if (r2 != SSVM_OK) r = r2;
        else s._prog.returned = (int)which;
    }
    if (final) *final = s._prog;
    ssvm_solver_uninit(&s);
    return r;
}

/* >>ckpt: checkpoints and warm starts (implementation; MANUAL: CHECKPOINTS). A checkpoint is the whole state of a
   run of BCFW (every state kind, config.bcfw's estimates and atoms), FW, SSG or the multi-sample solver, written
   field by field little-endian (the model files' byte helpers and CRC-32), so that a solver initialised with the
   same configuration on the same problem and loaded from it continues bit for bit as the saved one would have.
   Layout: a 64-byte header (magic "SSVMCKPT", version, header bytes, file bytes, solver, n, d, max label length,
   bytes of ssvm_real, state kind, the fingerprint, two reserved u32), the body (ssvm__ck_body: the order is the
   format), the CRC-32 of everything before it. */
#define SSVM__CK_HEADER 64u
#define SSVM__CK_MIN (SSVM__CK_HEADER + 4u)

/* A row's part of a checkpoint (ssvm__ck_part_of, after the parts below): its options in the fingerprint, its state
   in the body. A companion of the algorithm table, kept here so that a build that never checkpoints links none of
   it. */
typedef struct ssvm__ck_part {
    void (*fingerprint)(const ssvm_solver *s, void *fnv);
    void (*write)(const ssvm_solver *s, void *ckw);
    void (*read)(ssvm_solver *s, void *ckr, int apply, size_t *pool);
} ssvm__ck_part;
SSVM__PRIV const ssvm__ck_part *ssvm__ck_part_of(int kind);
/* the solvers whose whole state is the engine's fields plus their part (the CKPT capability) */
SSVM__PRIV int ssvm__ck_covered(int solver) {
    const ssvm__algo *row = ssvm__algo_of(solver);
    const ssvm__ck_part *part = ssvm__ck_part_of(solver);
    return row && (row->caps & SSVM__CAP_CKPT) && part && part->write && part->read;
}

/* warm start: BCFW and FW (the prox centre, MANUAL: CHECKPOINTS), d reals, finite */
SSVM__PRIV ssvm_result ssvm__warm_check(const ssvm_solver_config *c) {
    int j;
    if (!c->warm_w) return SSVM_OK;
    if (!ssvm__algo_of((int)c->solver) || !(ssvm__algo_of((int)c->solver)->caps & SSVM__CAP_WARM))
        return SSVM_ERR_WARM_START; /* the rows that declare WARM (BCFW, FW) */
    if (c->warm_w_bytes / sizeof(ssvm_real) < (size_t)c->problem->d) return SSVM_ERR_WARM_START;
    for (j = 0; j < c->problem->d; j++) if (!ssvm__finite((double)c->warm_w[j])) return SSVM_ERR_NONFINITE;
    return SSVM_OK;
}
/* The prox objective P'(w) = lambda/2 |w - w0|^2 + loss(w) from the engine's standard one at w (computed as if
   w = sum_i w_i): with v = w - w0 = sum_i w_i, P' = P - lambda <w0, w> + lambda/2 |w0|^2, D' = D + lambda/2 |w0|^2
   (the dual of the prox problem, whose losses are Delta - <w0, psi_i>), gap' = gap - lambda <w0, w>. */
SSVM__PRIV ssvm_result ssvm__warm_objective(ssvm_solver *s, const ssvm_real *w, ssvm_objective *o) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    double lam = s->_cfg.lambda, w0w = (double)ssvm__dot(s->_prob.d, s->_warm, w);
    double w00 = (double)ssvm__dot(s->_prob.d, s->_warm, s->_warm);
    o->primal = o->primal - lam * w0w + 0.5 * lam * w00;
    if (o->dual == o->dual) {
        o->dual += 0.5 * lam * w00;
        o->gap = o->primal - o->dual;
        if (!ssvm__finite(o->dual) || !ssvm__finite(o->gap)) return SSVM_ERR_NONFINITE;
        if (ssvm__has_blocks(&s->_cfg) && bs->_gp_g && w == s->_w) /* >>gaps: the cache rule's G */
            bs->_gp_G = o->gap > 0 ? o->gap : 0;
    }
    return ssvm__finite(o->primal) ? SSVM_OK : SSVM_ERR_NONFINITE;
}
STRUCTSVM_DEF ssvm_result ssvm_solver_config_warm_start(ssvm_solver_config *c, const ssvm_model *m) {
    if (!c || !m || !c->problem || !m->w) return SSVM_ERR_INVALID_ARG;
    if (m->d != c->problem->d) return SSVM_ERR_WARM_START;
    c->warm_w = m->w;
    c->warm_w_bytes = (size_t)m->d * sizeof(ssvm_real);
    return ssvm__warm_check(c);
}

/* The writer: to memory, to a callback, or only counting; every byte into the running CRC. */
typedef struct ssvm__ckw {
    unsigned char *buf;
    ssvm_write_fn write;
    void *user;
    uint64_t pos;
    uint32_t crc;
    int err;
} ssvm__ckw;
SSVM__PRIV void ssvm__ckw_put(ssvm__ckw *w, const unsigned char *p, size_t n) {
    w->crc = ssvm__crc32(w->crc, p, n);
    if (w->buf) SSVM_MEMCPY(w->buf + w->pos, p, n);
    else if (w->write && !w->err && w->write(w->user, p, n) != 0) w->err = 1;
    w->pos += n;
}
SSVM__PRIV void ssvm__ckw32(ssvm__ckw *w, uint32_t v) {
    unsigned char b[4];
    b[0] = (unsigned char)(v & 255u); b[1] = (unsigned char)((v >> 8) & 255u);
    b[2] = (unsigned char)((v >> 16) & 255u); b[3] = (unsigned char)((v >> 24) & 255u);
    ssvm__ckw_put(w, b, 4);
}
SSVM__PRIV void ssvm__ckw64(ssvm__ckw *w, uint64_t v) { ssvm__ckw32(w, (uint32_t)(v & 0xFFFFFFFFu)); ssvm__ckw32(w, (uint32_t)(v >> 32)); }
SSVM__PRIV void ssvm__ckwf(ssvm__ckw *w, double v) { uint64_t u; SSVM_MEMCPY(&u, &v, 8); ssvm__ckw64(w, u); }
SSVM__PRIV void ssvm__ckwi(ssvm__ckw *w, int v) { ssvm__ckw32(w, (uint32_t)v); }
SSVM__PRIV void ssvm__ckwll(ssvm__ckw *w, long long v) { ssvm__ckw64(w, (uint64_t)v); }
SSVM__PRIV void ssvm__ckw_reals(ssvm__ckw *w, const ssvm_real *v, size_t n) {
    size_t k;
    for (k = 0; k < n; k++) ssvm__ckwf(w, (double)v[k]);
}
SSVM__PRIV SSVM__MAYBE_UNUSED void ssvm__ckw_reals_d(ssvm__ckw *w, const double *v, size_t n) {
    size_t k;
    for (k = 0; k < n; k++) ssvm__ckwf(w, v[k]);
}
SSVM__PRIV void ssvm__ckw_ints(ssvm__ckw *w, const int *v, size_t n) {
    size_t k;
    for (k = 0; k < n; k++) ssvm__ckwi(w, v[k]);
}

/* The reader of the body: bounds-checked; apply = 0 only validates (nothing in the solver is written), 1 writes. */
typedef struct ssvm__ckr {
    const unsigned char *p;
    size_t pos, end;
    int err; /* first error (ssvm_result), else 0 */
    int version; /* the file's format version (1: no SSVM_EVAL_PREDICT history) */
} ssvm__ckr;
SSVM__PRIV const unsigned char *ssvm__ckr_take(ssvm__ckr *r, size_t n) {
    const unsigned char *q;
    if (r->err || n > r->end - r->pos) { if (!r->err) r->err = SSVM_ERR_FORMAT; return 0; }
    q = r->p + r->pos;
    r->pos += n;
    return q;
}
SSVM__PRIV uint64_t ssvm__ckr64(ssvm__ckr *r) { const unsigned char *q = ssvm__ckr_take(r, 8); return q ? ssvm__rd64(q) : 0; }
SSVM__PRIV double ssvm__ckrf(ssvm__ckr *r) { const unsigned char *q = ssvm__ckr_take(r, 8); return q ? ssvm__rdf64(q) : 0.0; }
SSVM__PRIV long long ssvm__ckrll(ssvm__ckr *r) { return (long long)ssvm__ckr64(r); }
/* an int in [lo, hi], else SSVM_ERR_FORMAT */
SSVM__PRIV int ssvm__ckri(ssvm__ckr *r, long long lo, long long hi) {
    const unsigned char *q = ssvm__ckr_take(r, 4);
    int v;
    if (!q) return (int)lo;
    v = ssvm__u32_int(ssvm__rd32(q));
    if (v < lo || v > hi) { if (!r->err) r->err = SSVM_ERR_FORMAT; return (int)lo; }
    return v;
}
/* a value stored from an ssvm_real: exactly one in this build, finite (else NONFINITE) */
SSVM__PRIV ssvm_real ssvm__ckr_real(ssvm__ckr *r) {
    double v = ssvm__ckrf(r);
    if (!ssvm__finite(v)) { if (!r->err) r->err = SSVM_ERR_NONFINITE; return 0; }
    if (sizeof(ssvm_real) < sizeof(double) && ssvm__abs(v) > SSVM__FLT_MAX) { if (!r->err) r->err = SSVM_ERR_FORMAT; return 0; }
    if ((double)(ssvm_real)v != v) { if (!r->err) r->err = SSVM_ERR_FORMAT; return 0; }
    return (ssvm_real)v;
}
SSVM__PRIV void ssvm__ckr_reals(ssvm__ckr *r, ssvm_real *out, size_t n, int apply) {
    size_t k;
    for (k = 0; k < n && !r->err; k++) { ssvm_real v = ssvm__ckr_real(r); if (apply) out[k] = v; }
}
/* a double of the state that must be finite (scales, sums) */
SSVM__PRIV double ssvm__ckr_fin(ssvm__ckr *r) {
    double v = ssvm__ckrf(r);
    if (!ssvm__finite(v) && !r->err) r->err = SSVM_ERR_NONFINITE;
    return v;
}

/* The fingerprint: FNV-1a over what the state's meaning depends on: the solver and the options it reads, the
   dimensions, the precision, every example's true label and weight, a caller's sequence, the warm start. Limits,
   evaluation settings, callbacks and the allocator are left out: they may change between runs. */
typedef struct ssvm__fnv { uint64_t h; } ssvm__fnv;
SSVM__PRIV void ssvm__fnv_bytes(ssvm__fnv *f, const unsigned char *p, size_t n) {
    while (n--) { f->h ^= (uint64_t)*p++; f->h *= 1099511628211ULL; }
}
SSVM__PRIV void ssvm__fnv_u64(ssvm__fnv *f, uint64_t v) {
    unsigned char b[8];
    int k;
    for (k = 0; k < 8; k++) b[k] = (unsigned char)((v >> (8 * k)) & 255u);
    ssvm__fnv_bytes(f, b, 8);
}
SSVM__PRIV void ssvm__fnv_f(ssvm__fnv *f, double v) { uint64_t u; SSVM_MEMCPY(&u, &v, 8); ssvm__fnv_u64(f, u); }
SSVM__PRIV void ssvm__fnv_i(ssvm__fnv *f, long long v) { ssvm__fnv_u64(f, (uint64_t)v); }
SSVM__PRIV ssvm_result ssvm__ck_fingerprint(const ssvm_solver *s, uint64_t *out) {
    const ssvm_problem *p = &s->_prob;
    const ssvm_solver_config *c = &s->_cfg;
    int *y = ((ssvm_solver *)s)->_y2; /* label scratch between steps (written by truth only) */
    ssvm__fnv f;
    int i, t, len;
    long long k;
    f.h = 1469598103934665603ULL;
    ssvm__fnv_i(&f, c->solver); ssvm__fnv_i(&f, p->n); ssvm__fnv_i(&f, p->d); ssvm__fnv_i(&f, p->max_label_len);
    ssvm__fnv_i(&f, (long long)sizeof(ssvm_real)); ssvm__fnv_i(&f, s->_state_kind);
    ssvm__fnv_f(&f, c->lambda); ssvm__fnv_i(&f, c->line_search); ssvm__fnv_i(&f, c->averaging);
    ssvm__fnv_i(&f, c->sampling); ssvm__fnv_f(&f, ssvm__nu(s));
    if (ssvm__ck_part_of(c->solver)->fingerprint) ssvm__ck_part_of(c->solver)->fingerprint(s, &f); /* its options */
    if (c->sampling == SSVM_SAMPLE_SEQUENCE) {
        ssvm__fnv_i(&f, c->sequence_len);
        for (k = 0; k < c->sequence_len; k++) ssvm__fnv_i(&f, c->sequence[k]);
    }
    for (i = 0; i < p->n; i++) {
        len = p->truth(p->user, i, y);
        if (len < 0) return (ssvm_result)len;
        if (len == 0 || len > p->max_label_len) return SSVM_ERR_LABEL;
        ssvm__fnv_i(&f, len);
        for (t = 0; t < len; t++) ssvm__fnv_i(&f, y[t]);
        if (p->weights) ssvm__fnv_f(&f, (double)p->weights[i]);
    }
    ssvm__fnv_i(&f, s->_warm != 0);
    if (s->_warm) for (i = 0; i < p->d; i++) ssvm__fnv_f(&f, (double)s->_warm[i]);
    if (SSVM__DIST(s)) { /* >>dist: this rank's checkpoint of this many ranks */
        ssvm__fnv_i(&f, c->dist.rank); ssvm__fnv_i(&f, c->dist.size); ssvm__fnv_i(&f, c->dist.rounds);
        ssvm__fnv_f(&f, c->dist.sigma); ssvm__fnv_f(&f, s->_wsum);
    }
    *out = f.h;
    return SSVM_OK;
}

#if SSVM__HAS_MULTISAMPLE
SSVM__PRIV int *ssvm__ms_slot(const ssvm_solver *s, int i, int c); /* >>multisample */
#endif
/* The body, written: the order here is the format (the reader below follows it field by field). */
SSVM__PRIV void ssvm__ck_body(const ssvm_solver *s, ssvm__ckw *w) {
    const ssvm_problem *p = &s->_prob;
    const ssvm_progress *g = &s->_prog;
    size_t n = (size_t)p->n, d = (size_t)p->d;
    int i, k;
    /* the counters, the clock's seconds and the last evaluation */
    ssvm__ckwi(w, g->pass); ssvm__ckwll(w, g->steps); ssvm__ckwll(w, g->oracle_calls); ssvm__ckwll(w, g->eval_oracle_calls);
    ssvm__ckwf(w, g->iterate.primal); ssvm__ckwf(w, g->iterate.dual); ssvm__ckwf(w, g->iterate.gap);
    ssvm__ckwf(w, g->average.primal); ssvm__ckwf(w, g->average.dual); ssvm__ckwf(w, g->average.gap);
    ssvm__ckwf(w, g->wall_seconds); ssvm__ckwf(w, g->cpu_seconds); ssvm__ckwf(w, g->eval_wall_seconds);
    ssvm__ckwf(w, g->eval_cpu_seconds); ssvm__ckwf(w, g->gap_estimate); ssvm__ckwll(w, g->oracle_calls_saved);
    /* the engine's scalars, the random generator */
    ssvm__ckwf(w, s->_l); ssvm__ckwf(w, s->_l_bar); ssvm__ckwf(w, s->_avg_a); ssvm__ckwf(w, s->_avg_b);
    ssvm__ckwf(w, s->_w_scale); ssvm__ckwll(w, s->_k); ssvm__ckwll(w, s->_avg_count); ssvm__ckwll(w, s->_seq_pos);
    ssvm__ckw64(w, (uint64_t)s->_rng); ssvm__ckwi(w, s->_best);
    /* the iterate, the average, the permutation, the per-example losses */
    ssvm__ckw_reals(w, s->_w, d);
    if (s->_z) ssvm__ckw_reals(w, s->_z, d);
    if (s->_perm) ssvm__ckw_ints(w, s->_perm, n);
    ssvm__ck_part_of(s->_cfg.solver)->write(s, w); /* the row's part (ssvm__ck_covered: only rows that have one) */
    /* version 2: SSVM_EVAL_PREDICT's history (kept whatever the schedule: it may change between runs) */
    ssvm__ckwi(w, s->_ev_last); ssvm__ckwf(w, s->_ev_lb);
    for (i = 0; i < 2; i++) {
        ssvm__ckwi(w, s->_ev_cnt[i]);
        for (k = 0; k < s->_ev_cnt[i]; k++) {
            ssvm__ckwi(w, s->_ev_k[i][k]); ssvm__ckwf(w, s->_ev_p[i][k]); ssvm__ckwf(w, s->_ev_g[i][k]);
        }
    }
}

SSVM__PRIV ssvm_result ssvm__ck_pool(ssvm_solver *s, size_t total);
/* The rows' parts of a checkpoint (BCFW, FW, SSG, the multi-sample solver): options in the fingerprint, state in
   the body. The envelope (ssvm__ck_body, ssvm__ck_read) writes the engine's fields, then the row's part. */
#if SSVM__HAS_BCFW
SSVM__PRIV void ssvm__ck_fp_bcfw(const ssvm_solver *s, void *fv) {
    const ssvm__bcfw_state *const bs = SSVM__BF(s);
    ssvm__fnv *fp = (ssvm__fnv *)fv;
    const ssvm_solver_config *c = &s->_cfg;
    const ssvm_bcfw_config *b = &c->bcfw;
    ssvm__fnv_i(fp, b->gap_sampling); ssvm__fnv_f(fp, b->gap_sampling ? b->gap_degree : 0);
    ssvm__fnv_i(fp, bs->_gp_g ? b->gap_check : 0); ssvm__fnv_i(fp, b->steps); ssvm__fnv_i(fp, b->cache);
    ssvm__fnv_f(fp, b->cache ? b->cache_factor : 0); ssvm__fnv_f(fp, b->cache ? b->cache_nu : 0);
    ssvm__fnv_i(fp, bs->_gp_cap); ssvm__fnv_i(fp, bs->_gp_P);
    /* >>par: the batch size shapes the iterates (never the thread count); only when set, so that plain
       BCFW's fingerprint is 0.6's and its older checkpoints still load */
    if (bs->_par_b) { ssvm__fnv_i(fp, 0x50415242); ssvm__fnv_i(fp, bs->_par_b); }
}
#endif
#if SSVM__HAS_MULTISAMPLE
SSVM__PRIV void ssvm__ck_fp_ms(const ssvm_solver *s, void *fv) {
    ssvm__fnv *fp = (ssvm__fnv *)fv;
    const ssvm_solver_config *c = &s->_cfg;
    const ssvm_ms_config *m = &c->ms;
    ssvm__fnv_i(fp, m->samples); ssvm__fnv_i(fp, m->sweeps); ssvm__fnv_i(fp, SSVM__MS(s)->_use_mc); ssvm__fnv_i(fp, m->project);
    ssvm__fnv_f(fp, m->loss_bound); ssvm__fnv_i(fp, SSVM__MS(s)->_cache_cap); ssvm__fnv_i(fp, m->sampler.sample != 0);
}
#endif
#if SSVM__HAS_FW
SSVM__PRIV void ssvm__ck_write_fw(const ssvm_solver *s, void *wv) { /* the evaluation pass the next iteration
                                                                     reuses: w_s in first-touch order */
    int k;
    ssvm__ckw *w = (ssvm__ckw *)wv;
    ssvm__ckwi(w, s->_reuse);
    if (s->_reuse) {
        ssvm__ckwf(w, s->_reuse_ls); ssvm__ckwf(w, s->_reuse_wall); ssvm__ckwf(w, s->_reuse_cpu);
        ssvm__ckwi(w, s->_sv.nnz);
        for (k = 0; k < s->_sv.nnz; k++) { ssvm__ckwi(w, s->_sv.idx[k]); ssvm__ckwf(w, (double)s->_sv.val[s->_sv.idx[k]]); }
    }
}
#endif
#if SSVM__HAS_MULTISAMPLE
SSVM__PRIV void ssvm__ck_write_ms(const ssvm_solver *s, void *wv) { /* the online dual, the radius, the cache */
    const ssvm_problem *p = &s->_prob;
    int i, k;
    ssvm__ckw *w = (ssvm__ckw *)wv;
    ssvm__ckwf(w, s->_ww); ssvm__ckwf(w, SSVM__MS(s)->_A); ssvm__ckwf(w, SSVM__MS(s)->_bound); ssvm__ckwf(w, SSVM__MS(s)->_online_loss);
    ssvm__ckwi(w, SSVM__MS(s)->_halted);
    if (SSVM__MS(s)->_cache_count)
        for (i = 0; i < p->n; i++) {
            ssvm__ckwi(w, SSVM__MS(s)->_cache_count[i]);
            for (k = 0; k < SSVM__MS(s)->_cache_count[i]; k++) {
                const int *sl = ssvm__ms_slot(s, i, k);
                ssvm__ckwi(w, sl[0]);
                ssvm__ckw_ints(w, sl + 1, (size_t)sl[0]);
                ssvm__ckwf(w, (double)SSVM__MS(s)->_cache_delta[(size_t)i * (size_t)SSVM__MS(s)->_cache_cap + (size_t)k]);
            }
        }
}
#endif
#if SSVM__HAS_SSG
SSVM__PRIV void ssvm__ck_write_ssg(const ssvm_solver *s, void *wv) { ssvm__ckwf((ssvm__ckw *)wv, s->_ww); }
#endif
#if SSVM__HAS_BCFW
SSVM__PRIV void ssvm__ck_write_bcfw(const ssvm_solver *s, void *wv) {
    const ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    size_t n = (size_t)p->n, d = (size_t)p->d, ml = (size_t)p->max_label_len;
    int i, k;
    ssvm__ckw *w = (ssvm__ckw *)wv;
    if (bs->_li) for (i = 0; i < p->n; i++) ssvm__ckwf(w, bs->_li[i]); /* the per-example losses */
    /* BCFW's per-example state, in the order each w_i / sigma_i holds it */
    if (bs->_sigma) ssvm__ckw_reals(w, bs->_sigma, bs->_sig_off[n]);
    if (bs->_wi) ssvm__ckw_reals(w, bs->_wi, n * d);
    if (bs->_sp_off)
        for (i = 0; i < p->n; i++) {
            size_t o = bs->_sp_off[i];
            ssvm__ckwi(w, bs->_sp_len[i]);
            for (k = 0; k < bs->_sp_len[i]; k++) { ssvm__ckwi(w, bs->_sp_idx[o + (size_t)k]); ssvm__ckwf(w, (double)bs->_sp_val[o + (size_t)k]); }
        }
    /* >>gaps: the estimates, the unknown list, the sampling tree, the atoms */
    if (bs->_gp_g) {
        for (i = 0; i < p->n; i++) ssvm__ckwf(w, bs->_gp_g[i]);
        ssvm__ckw_ints(w, bs->_gp_unk, n); ssvm__ckw_ints(w, bs->_gp_upos, n);
        ssvm__ckwi(w, bs->_gp_nunk); ssvm__ckwi(w, bs->_gp_last_check); ssvm__ckwf(w, bs->_gp_G);
        if (bs->_gp_tree) for (k = 0; k < 2 * bs->_gp_P; k++) ssvm__ckwf(w, bs->_gp_tree[k]);
    }
    if (bs->_ex_alpha) { /* >>exact: alpha per example, the shrinking counters */
        ssvm__ckw_reals_d(w, bs->_ex_alpha, bs->_ex_off[n]);
        ssvm__ckw_ints(w, bs->_ex_skip, n); ssvm__ckw_ints(w, bs->_ex_zero, n);
        ssvm__ckw_ints(w, bs->_ex_nact, n); ssvm__ckw_ints(w, bs->_ex_rest, n); ssvm__ckw_ints(w, bs->_ex_act, bs->_ex_off[n]);
    }
    if (bs->_gp_cap)
        for (i = 0; i < p->n; i++) {
            ssvm__ckwi(w, bs->_gp_cnt[i]);
            for (k = 0; k < bs->_gp_cnt[i]; k++) {
                size_t sl = (size_t)i * (size_t)bs->_gp_cap + (size_t)k;
                ssvm__ckwi(w, bs->_gp_len[sl]); ssvm__ckw64(w, (uint64_t)bs->_gp_hash[sl]);
                ssvm__ckwf(w, bs->_gp_alpha[sl]); ssvm__ckwf(w, bs->_gp_delta[sl]);
                ssvm__ckw_ints(w, bs->_gp_lab + sl * ml, (size_t)bs->_gp_len[sl]);
            }
        }
}
#endif
#if SSVM__HAS_FW
SSVM__PRIV void ssvm__ck_read_fw(ssvm_solver *s, void *rv, int apply, size_t *pool) {
    const ssvm_problem *p = &s->_prob;
    int k, D = p->d;
    ssvm__ckr *r = (ssvm__ckr *)rv;
    int have = ssvm__ckri(r, 0, 1);
    (void)pool;
    if (apply) s->_reuse = have;
    if (have) {
        double fl = ssvm__ckr_fin(r), fw = ssvm__ckr_fin(r), fc = ssvm__ckr_fin(r);
        int nnz = ssvm__ckri(r, 0, D);
        if (apply) { s->_reuse_ls = fl; s->_reuse_wall = fw; s->_reuse_cpu = fc; ssvm_svec_clear(&s->_sv); }
        for (k = 0; k < nnz && !r->err; k++) {
            int j = ssvm__ckri(r, 0, D - 1);
            ssvm_real v = ssvm__ckr_real(r);
            if (apply) ssvm_svec_add(&s->_sv, j, v);
        }
    }
}
#endif
#if SSVM__HAS_MULTISAMPLE
SSVM__PRIV void ssvm__ck_read_ms(ssvm_solver *s, void *rv, int apply, size_t *pool) {
    ssvm__ms_state *const ms = SSVM__MS(s);
    const ssvm_problem *p = &s->_prob;
    size_t ml = (size_t)p->max_label_len;
    int i, k, ival, N = p->n;
    ssvm__ckr *r = (ssvm__ckr *)rv;
    double ww = ssvm__ckr_fin(r), A = ssvm__ckr_fin(r), bd = ssvm__ckr_fin(r), ol = ssvm__ckr_fin(r);
    int h = ssvm__ckri(r, INT_MIN, 0);
    (void)pool;
    if (apply) { s->_ww = ww; ms->_A = A; ms->_bound = bd; ms->_online_loss = ol; ms->_halted = h; }
    if (ms->_cache_count)
        for (i = 0; i < N && !r->err; i++) {
            int cnt = ssvm__ckri(r, 0, ms->_cache_cap);
            if (apply) ms->_cache_count[i] = cnt;
            for (k = 0; k < cnt && !r->err; k++) {
                int *sl = ssvm__ms_slot(s, i, k), len = ssvm__ckri(r, 1, (long long)ml), t;
                ssvm_real dl;
                if (apply) sl[0] = len;
                for (t = 0; t < len && !r->err; t++) { ival = ssvm__ckri(r, INT_MIN, INT_MAX); if (apply) sl[1 + t] = ival; }
                dl = ssvm__ckr_real(r);
                if (dl < 0 && !r->err) r->err = SSVM_ERR_FORMAT;
                if (apply) ms->_cache_delta[(size_t)i * (size_t)ms->_cache_cap + (size_t)k] = dl;
            }
        }
}
#endif
#if SSVM__HAS_SSG
SSVM__PRIV void ssvm__ck_read_ssg(ssvm_solver *s, void *rv, int apply, size_t *pool) {
    ssvm__ckr *r = (ssvm__ckr *)rv;
    double ww = ssvm__ckr_fin(r);
    (void)pool;
    if (apply) s->_ww = ww;
}
#endif
#if SSVM__HAS_BCFW
SSVM__PRIV void ssvm__ck_read_bcfw(ssvm_solver *s, void *rv, int apply, size_t *pool) {
    ssvm__bcfw_state *const bs = SSVM__BF(s);
    const ssvm_problem *p = &s->_prob;
    size_t n = (size_t)p->n, d = (size_t)p->d, ml = (size_t)p->max_label_len, used = 0;
    int i, k, ival, N = p->n, D = p->d;
    ssvm__ckr *r = (ssvm__ckr *)rv;
    if (bs->_li) for (i = 0; i < N; i++) { double v = ssvm__ckr_fin(r); if (apply) bs->_li[i] = v; }
    if (bs->_sigma) ssvm__ckr_reals(r, bs->_sigma, bs->_sig_off[n], apply);
    if (bs->_wi) ssvm__ckr_reals(r, bs->_wi, n * d, apply);
    if (bs->_sp_off) {
        for (i = 0; i < N && !r->err; i++) {
            int lim = s->_state_kind == SSVM_STATE_SPARSE ? D : (int)(bs->_sig_off[i + 1] - bs->_sig_off[i]);
            int len = ssvm__ckri(r, 0, lim), prev = -1;
            if (apply) { bs->_sp_off[i] = used; bs->_sp_len[i] = len; bs->_sp_cap[i] = len; }
            for (k = 0; k < len && !r->err; k++) {
                int j = ssvm__ckri(r, 0, lim - 1);
                ssvm_real v = ssvm__ckr_real(r);
                /* the compact sparse state's lists ascend (its step merges them): anything else is a bad file */
                if (s->_state_kind == SSVM_STATE_COMPACT_SPARSE && j <= prev && !r->err) r->err = SSVM_ERR_FORMAT;
                prev = j;
                if (apply) { bs->_sp_idx[used + (size_t)k] = j; bs->_sp_val[used + (size_t)k] = v; }
            }
            used += (size_t)len;
        }
        *pool = used;
        if (apply) { bs->_sp_pool_used = used; bs->_sp_live = used; }
    }
    if (bs->_gp_g) {
        size_t at_unk, at_upos;
        for (i = 0; i < N && !r->err; i++) { double v = ssvm__ckr_fin(r); if (apply) bs->_gp_g[i] = v; }
        at_unk = r->pos;
        for (i = 0; i < N && !r->err; i++) { ival = ssvm__ckri(r, 0, N - 1); if (apply) bs->_gp_unk[i] = ival; }
        at_upos = r->pos;
        for (i = 0; i < N && !r->err; i++) { ival = ssvm__ckri(r, -1, N - 1); if (apply) bs->_gp_upos[i] = ival; }
        ival = ssvm__ckri(r, 0, N); if (apply) bs->_gp_nunk = ival;
        if (!r->err) { /* the unknown list and its positions agree (the step trusts them): upos[unk[k]] = k for
                          k < nunk, and exactly nunk positions set; read in place, so the check pass needs no memory */
            int cnt = 0;
            for (k = 0; k < ival && !r->err; k++) {
                int u = ssvm__u32_int(ssvm__rd32(r->p + at_unk + 4 * (size_t)k));
                if (ssvm__u32_int(ssvm__rd32(r->p + at_upos + 4 * (size_t)u)) != k) r->err = SSVM_ERR_FORMAT;
            }
            for (i = 0; i < N; i++) cnt += ssvm__u32_int(ssvm__rd32(r->p + at_upos + 4 * (size_t)i)) >= 0;
            if (cnt != ival && !r->err) r->err = SSVM_ERR_FORMAT;
        }
        ival = ssvm__ckri(r, 0, INT_MAX); if (apply) bs->_gp_last_check = ival;
        { double G = ssvm__ckrf(r); if (apply) bs->_gp_G = G; }
        if (bs->_gp_tree)
            for (k = 0; k < 2 * bs->_gp_P && !r->err; k++) { double v = ssvm__ckr_fin(r); if (apply) bs->_gp_tree[k] = v; }
    }
    if (bs->_ex_alpha) /* >>exact: every alpha_i on the simplex (the step trusts it), counters in range */
        for (i = 0; i < N && !r->err; i++) {
            size_t o = bs->_ex_off[i], m = bs->_ex_off[i + 1] - o;
            double sum = 0;
            for (k = 0; k < (int)m && !r->err; k++) {
                double a = ssvm__ckr_fin(r);
                if (!(a >= 0) && !r->err) r->err = SSVM_ERR_FORMAT;
                sum += a;
                if (apply) bs->_ex_alpha[o + (size_t)k] = a;
            }
            if (!r->err && !(sum > 1 - 1e-9 && sum < 1 + 1e-9)) r->err = SSVM_ERR_FORMAT;
        }
    if (bs->_ex_alpha) {
        for (i = 0; i < N && !r->err; i++) { ival = ssvm__ckri(r, 0, 63); if (apply) bs->_ex_skip[i] = ival; }
        for (i = 0; i < N && !r->err; i++) { ival = ssvm__ckri(r, 0, 6); if (apply) bs->_ex_zero[i] = ival; }
        for (i = 0; i < N && !r->err; i++) {
            ival = ssvm__ckri(r, 1, (long long)(bs->_ex_off[i + 1] - bs->_ex_off[i]));
            if (apply) bs->_ex_nact[i] = ival;
        }
        for (i = 0; i < N && !r->err; i++) { ival = ssvm__ckri(r, 0, SSVM__EXACT_FULL); if (apply) bs->_ex_rest[i] = ival; }
        for (i = 0; i < N && !r->err; i++) { /* each list a permutation of the example's parts (marks in scratch) */
            size_t o = bs->_ex_off[i], m = bs->_ex_off[i + 1] - o;
            for (k = 0; k < (int)m; k++) bs->_ex_cand[k] = 0;
            for (k = 0; k < (int)m && !r->err; k++) {
                ival = ssvm__ckri(r, 0, (long long)m - 1);
                if (!r->err && bs->_ex_cand[ival]++) r->err = SSVM_ERR_FORMAT;
                if (apply) bs->_ex_act[o + (size_t)k] = ival;
            }
            if (apply && !r->err) /* a label left out of the list holds alpha 0 (the step relies on it): else all in */
                for (k = bs->_ex_nact[i]; k < (int)m; k++)
                    if (bs->_ex_alpha[o + (size_t)bs->_ex_act[o + (size_t)k]] != 0) { bs->_ex_nact[i] = (int)m; break; }
        }
    }
    if (bs->_gp_cap)
        for (i = 0; i < N && !r->err; i++) {
            int cnt = ssvm__ckri(r, 1, bs->_gp_cap);
            if (apply) bs->_gp_cnt[i] = cnt;
            for (k = 0; k < cnt && !r->err; k++) {
                size_t sl = (size_t)i * (size_t)bs->_gp_cap + (size_t)k;
                int len = ssvm__ckri(r, 1, (long long)ml), t;
                unsigned long long h = (unsigned long long)ssvm__ckr64(r);
                double al = ssvm__ckr_fin(r), de = ssvm__ckr_fin(r);
                if ((al < 0 || de < 0) && !r->err) r->err = SSVM_ERR_FORMAT;
                if (apply) { bs->_gp_len[sl] = len; bs->_gp_hash[sl] = h; bs->_gp_alpha[sl] = al; bs->_gp_delta[sl] = de; }
                if (apply && bs->_gp_an) bs->_gp_an[sl] = -2; /* >>speed: s(y) at its first use */
                for (t = 0; t < len && !r->err; t++) {
                    ival = ssvm__ckri(r, INT_MIN, INT_MAX);
                    if (apply) bs->_gp_lab[sl * ml + (size_t)t] = ival;
                }
            }
        }
    if (apply && !r->err) { /* the apply pass (everything was checked before it) */
        ssvm__speed_bits(s); /* >>speed: the compact state's support bitmap, from the sigma just read */
        bs->_sc_valid = 0; /* >>speed: the score-space step's bound on |w|, for the w just read */
    }
}
#endif
SSVM__PRIV const ssvm__ck_part *ssvm__ck_part_of(int kind) {
    static const ssvm__ck_part none = {0, 0, 0};
    static const ssvm__ck_part parts[] = {
#if SSVM__HAS_BCFW
        {ssvm__ck_fp_bcfw, ssvm__ck_write_bcfw, ssvm__ck_read_bcfw},
#else
        {0, 0, 0},
#endif
#if SSVM__HAS_FW
        {0, ssvm__ck_write_fw, ssvm__ck_read_fw},
#else
        {0, 0, 0},
#endif
#if SSVM__HAS_SSG
        {0, ssvm__ck_write_ssg, ssvm__ck_read_ssg},
#else
        {0, 0, 0},
#endif
#if SSVM__HAS_MULTISAMPLE
        {ssvm__ck_fp_ms, ssvm__ck_write_ms, ssvm__ck_read_ms}
#else
        {0, 0, 0}
#endif
    };
    return kind >= 0 && kind < (int)(sizeof parts / sizeof parts[0]) ? &parts[kind] : &none;
}
/* The body, read: every field checked (ranges, finite and exact values); with apply, written into s. A sparse pool
   that must grow does so before anything is written (ssvm__ck_pool), so that a failure leaves s as it was. */
SSVM__PRIV ssvm_result ssvm__ck_read(ssvm_solver *s, ssvm__ckr *r, int apply) {
    const ssvm_problem *p = &s->_prob;
    ssvm_progress g;
    size_t d = (size_t)p->d, total = 0;
    int i, k, ival;
    double l, lb, aa, ab, ws;
    unsigned long long rng;
    int best;
    long long sk, ac, sp;
    int N = p->n;
    g = s->_prog;
    g.pass = ssvm__ckri(r, 0, INT_MAX); g.steps = ssvm__ckrll(r); g.oracle_calls = ssvm__ckrll(r);
    g.eval_oracle_calls = ssvm__ckrll(r);
    g.iterate.primal = ssvm__ckrf(r); g.iterate.dual = ssvm__ckrf(r); g.iterate.gap = ssvm__ckrf(r);
    g.average.primal = ssvm__ckrf(r); g.average.dual = ssvm__ckrf(r); g.average.gap = ssvm__ckrf(r);
    g.wall_seconds = ssvm__ckr_fin(r); g.cpu_seconds = ssvm__ckr_fin(r); g.eval_wall_seconds = ssvm__ckr_fin(r);
    g.eval_cpu_seconds = ssvm__ckr_fin(r); g.gap_estimate = ssvm__ckrf(r); g.oracle_calls_saved = ssvm__ckrll(r);
    if (g.steps < 0 || g.oracle_calls < 0 || g.eval_oracle_calls < 0 || g.oracle_calls_saved < 0) r->err = r->err ? r->err : SSVM_ERR_FORMAT;
    l = ssvm__ckr_fin(r); lb = ssvm__ckr_fin(r); aa = ssvm__ckr_fin(r); ab = ssvm__ckr_fin(r); ws = ssvm__ckr_fin(r);
    sk = ssvm__ckrll(r); ac = ssvm__ckrll(r); sp = ssvm__ckrll(r);
    rng = (unsigned long long)ssvm__ckr64(r);
    best = ssvm__ckri(r, SSVM_W_ITERATE, SSVM_W_AVERAGE);
    /* the lazy scale only shrinks from 1 and is folded long before 1/ws leaves the range (SSG, multi-sample):
       a scale in (0, 1] whose inverse is a finite ssvm_real, as the oracles ask (fuzz-ckpt found 1e-313) */
    if (!(ws > 0 && ws <= 1) || !ssvm__finite((double)(ssvm_real)(1.0 / ws))) r->err = r->err ? r->err : SSVM_ERR_FORMAT;
    if ((sk < 0 || ac < 0 || sp < 0) && !r->err) r->err = SSVM_ERR_FORMAT;
    if (r->err) return (ssvm_result)r->err;
    if (apply) {
        s->_prog = g; s->_prog.state_bytes = s->_heap_bytes + (s->_grown_mem ? s->_grown_bytes : 0);
        s->_l = l; s->_l_bar = lb; s->_avg_a = aa; s->_avg_b = ab; s->_w_scale = ws; s->_k = sk; s->_avg_count = ac;
        s->_seq_pos = sp; s->_rng = rng; s->_best = best;
    }
    ssvm__ckr_reals(r, s->_w, d, apply);
    if (s->_z) ssvm__ckr_reals(r, s->_z, d, apply);
    if (s->_perm) for (i = 0; i < N; i++) { ival = ssvm__ckri(r, 0, N - 1); if (apply) s->_perm[i] = ival; }
    if (!r->err) ssvm__ck_part_of(s->_cfg.solver)->read(s, r, apply, &total); /* the row's part */
    if (r->version >= 2) { /* SSVM_EVAL_PREDICT's history: passes ascending, at most the saved pass; the last
                              evaluated pass their maximum; primal values finite, gaps finite or NaN */
        int last = ssvm__ckri(r, 0, g.pass), v, top = 0;
        double elb = ssvm__ckr_fin(r);
        if (apply) { s->_ev_last = last; s->_ev_lb = elb; }
        for (v = 0; v < 2 && !r->err; v++) {
            int cnt = ssvm__ckri(r, 0, SSVM__EV_HIST), prev = 0;
            if (apply) s->_ev_cnt[v] = cnt;
            for (k = 0; k < cnt && !r->err; k++) {
                int kk = ssvm__ckri(r, 1, g.pass);
                double pv = ssvm__ckr_fin(r), gv = ssvm__ckrf(r);
                if ((kk <= prev || (gv == gv && !ssvm__finite(gv))) && !r->err) r->err = SSVM_ERR_FORMAT;
                prev = kk;
                if (apply) { s->_ev_k[v][k] = kk; s->_ev_p[v][k] = pv; s->_ev_g[v][k] = gv; }
            }
            if (prev > top) top = prev;
        }
        if (top != last && !r->err) r->err = SSVM_ERR_FORMAT;
    } else if (apply) { /* a version-1 checkpoint: the history starts afresh */
        s->_ev_cnt[0] = s->_ev_cnt[1] = 0; s->_ev_last = 0; s->_ev_lb = -SSVM__HUGE;
    }
    if (!r->err && r->pos != r->end) r->err = SSVM_ERR_FORMAT; /* every byte is a field */
    /* room for the row's pool (BCFW's sparse kinds), only once everything is checked */
    if (!r->err && !apply && total && (r->err = (int)ssvm__ck_pool(s, total)) != 0) return (ssvm_result)r->err;
    return (ssvm_result)r->err;
}
/* Room for `total` pairs in the sparse pool: the solver's own, or (a heap solver) a new one allocated now; a
   preallocated solver with too small a pool is SSVM_ERR_WORKSPACE. total 0: nothing to do (apply's call). A new
   pool keeps the old one's pairs at their offsets, so that a solver whose checkpoint is checked but then not
   applied (>>dist: a peer's failed) goes on as it was. */
SSVM__PRIV ssvm_result ssvm__ck_pool(ssvm_solver *s, size_t total) {
    size_t cap, bytes, k, used = SSVM__BF(s)->_sp_pool_used;
    unsigned char *mem;
    ssvm_real *nval;
    int *nidx;
    if (total <= SSVM__BF(s)->_sp_pool_cap) return SSVM_OK;
    if (!s->_owns_heap) return SSVM_ERR_WORKSPACE;
    cap = 2 * total;
    if (cap / 2 != total || cap > ((size_t)-1) / (sizeof(int) + sizeof(ssvm_real)) - 16) return SSVM_ERR_OVERFLOW;
    bytes = cap * (sizeof(int) + sizeof(ssvm_real)) + 16;
    if (!(mem = (unsigned char *)ssvm__alloc(s, bytes))) return SSVM_ERR_OUT_OF_MEMORY;
    nval = (ssvm_real *)(void *)ssvm__align16(mem);
    nidx = (int *)(void *)(nval + cap);
    for (k = 0; k < used; k++) { nval[k] = SSVM__BF(s)->_sp_val[k]; nidx[k] = SSVM__BF(s)->_sp_idx[k]; }
    ssvm__free(s, s->_grown_mem);
    s->_grown_mem = mem; s->_grown_bytes = bytes;
    SSVM__BF(s)->_sp_val = nval; SSVM__BF(s)->_sp_idx = nidx;
    SSVM__BF(s)->_sp_pool_cap = cap; /* _sp_pool_used stays: apply sets it */
    s->_prog.state_bytes = s->_heap_bytes + bytes;
    return SSVM_OK;
}

SSVM__PRIV ssvm_result ssvm__ck_usable(const ssvm_solver *s) {
    if (!s || !s->_heap) return SSVM_ERR_INVALID_ARG;
    return ssvm__ck_covered(s->_cfg.solver) ? SSVM_OK : SSVM_ERR_CKPT_SOLVER;
}
/* the whole checkpoint through w: header, body, CRC; *total = its bytes (from a counting pass when w counts) */
SSVM__PRIV void ssvm__ck_emit(const ssvm_solver *s, uint64_t fp, uint64_t total, ssvm__ckw *w) {
    static const unsigned char magic[8] = {'S', 'S', 'V', 'M', 'C', 'K', 'P', 'T'};
    ssvm__ckw_put(w, magic, 8);
    ssvm__ckw32(w, SSVM_CHECKPOINT_FORMAT_VERSION);
    ssvm__ckw32(w, SSVM__CK_HEADER);
    ssvm__ckw64(w, total);
    ssvm__ckwi(w, (int)s->_cfg.solver); ssvm__ckwi(w, s->_prob.n); ssvm__ckwi(w, s->_prob.d);
    ssvm__ckwi(w, s->_prob.max_label_len); ssvm__ckwi(w, (int)sizeof(ssvm_real)); ssvm__ckwi(w, s->_state_kind);
    ssvm__ckw64(w, fp);
    ssvm__ckw32(w, 0u); ssvm__ckw32(w, 0u); /* reserved */
    ssvm__ck_body(s, w);
    ssvm__ckw32(w, w->crc);
}
SSVM__PRIV ssvm_result ssvm__ck_size(const ssvm_solver *s, uint64_t *fp, uint64_t *total) {
    ssvm__ckw w;
    ssvm_result r;
    if ((r = ssvm__ck_usable(s)) != SSVM_OK) return r;
    if ((r = ssvm__ck_fingerprint(s, fp)) != SSVM_OK) return r;
    SSVM_MEMSET(&w, 0, sizeof w);
    ssvm__ck_emit(s, *fp, 0, &w);
    *total = w.pos;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_solver_checkpoint_get_size(const ssvm_solver *s, size_t *bytes) {
    uint64_t fp, total;
    ssvm_result r;
    if (!bytes) return SSVM_ERR_INVALID_ARG;
    *bytes = 0;
    if ((r = ssvm__ck_size(s, &fp, &total)) != SSVM_OK) return r;
    if (total > (uint64_t)((size_t)-1)) return SSVM_ERR_OVERFLOW;
    *bytes = (size_t)total;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_solver_checkpoint_save(const ssvm_solver *s, void *buf, size_t buf_bytes, size_t *written) {
    uint64_t fp, total;
    ssvm__ckw w;
    ssvm_result r;
    if (written) *written = 0;
    if (!buf) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm__ck_size(s, &fp, &total)) != SSVM_OK) return r;
    if (total > (uint64_t)buf_bytes) return SSVM_ERR_WORKSPACE;
    SSVM_MEMSET(&w, 0, sizeof w);
    w.buf = (unsigned char *)buf;
    ssvm__ck_emit(s, fp, total, &w);
    if (written) *written = (size_t)w.pos;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_solver_checkpoint_write(const ssvm_solver *s, ssvm_write_fn write, void *user) {
    uint64_t fp, total;
    ssvm__ckw w;
    ssvm_result r;
    if (!write) return SSVM_ERR_NULL_CALLBACK;
    if ((r = ssvm__ck_size(s, &fp, &total)) != SSVM_OK) return r;
    SSVM_MEMSET(&w, 0, sizeof w);
    w.write = write; w.user = user;
    ssvm__ck_emit(s, fp, total, &w);
    return w.err ? SSVM_ERR_IO : SSVM_OK;
}
/* apply 0: every check only; 1: the checks again, then the state */
SSVM__PRIV ssvm_result ssvm__ck_load(ssvm_solver *s, const void *buf, size_t bytes, int apply) {
    static const unsigned char magic[8] = {'S', 'S', 'V', 'M', 'C', 'K', 'P', 'T'};
    const unsigned char *p = (const unsigned char *)buf;
    uint64_t total, fp;
    uint32_t version;
    size_t end;
    ssvm__ckr rd;
    ssvm_result r;
    if ((r = ssvm__ck_usable(s)) != SSVM_OK) return r;
    if (!buf) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm__envelope(p, bytes, magic, SSVM_CHECKPOINT_FORMAT_VERSION, SSVM__CK_HEADER, SSVM__CK_MIN, &version,
                            &total, &end)) != SSVM_OK)
        return r;
    if (ssvm__rd32(p + 56) != 0 || ssvm__rd32(p + 60) != 0) return SSVM_ERR_FORMAT;
    if (!ssvm__ck_covered(ssvm__u32_int(ssvm__rd32(p + 24)))) return SSVM_ERR_CKPT_SOLVER;
    if (ssvm__u32_int(ssvm__rd32(p + 24)) != (int)s->_cfg.solver || ssvm__u32_int(ssvm__rd32(p + 28)) != s->_prob.n ||
        ssvm__u32_int(ssvm__rd32(p + 32)) != s->_prob.d || ssvm__u32_int(ssvm__rd32(p + 36)) != s->_prob.max_label_len ||
        ssvm__u32_int(ssvm__rd32(p + 40)) != (int)sizeof(ssvm_real) || ssvm__u32_int(ssvm__rd32(p + 44)) != s->_state_kind)
        return SSVM_ERR_CKPT_MISMATCH;
    if ((r = ssvm__ck_fingerprint(s, &fp)) != SSVM_OK) return r;
    if (fp != ssvm__rd64(p + 48)) return SSVM_ERR_CKPT_MISMATCH;
    rd.p = p; rd.pos = SSVM__CK_HEADER; rd.end = end; rd.err = 0; rd.version = (int)version;
    if ((r = ssvm__ck_read(s, &rd, 0)) != SSVM_OK) return r; /* everything checked, and the pool's room */
    if (!apply) return SSVM_OK;
    rd.pos = SSVM__CK_HEADER; rd.err = 0;
    return ssvm__ck_read(s, &rd, 1);
}
/* >>dist: every rank loads its own checkpoint. All check theirs first and agree (one failure: none applies, the
   others answer SSVM_ERR_PEER); after applying, rank 0's pass, l, l_bar and w are compared with each rank's (the
   checkpoints of one moment of one run agree bit for bit): a mismatch puts every rank back at the start and is
   SSVM_ERR_CKPT_MISMATCH everywhere. */
#ifndef STRUCTSVM_NO_DIST
SSVM__PRIV ssvm_result ssvm__dist_ck_same(ssvm_solver *s) {
    double b[5], v[5], sw = 0, sw2 = 0;
    int j, bad = 0;
    ssvm_result r, r2;
    for (j = 0; j < s->_prob.d; j++) { sw += (double)s->_w[j]; sw2 += (double)s->_w[j] * (double)s->_w[j]; }
    v[0] = (double)s->_prog.pass; v[1] = s->_l; v[2] = s->_l_bar; v[3] = sw; v[4] = sw2;
    if (s->_cfg.dist.rank == 0) SSVM_MEMCPY(b, v, sizeof b); else SSVM_MEMSET(b, 0, sizeof b);
    if ((r = ssvm__dist_allreduce(&s->_cfg, b, 5)) != SSVM_OK) return r;
    for (j = 0; j < 5; j++) bad |= b[j] != v[j];
    if ((r = ssvm__dist_agree(s, &bad)) != SSVM_OK) return r;
    if (!bad) return SSVM_OK;
    ssvm__reset(s);
    r = SSVM__ROW(s)->start ? SSVM__ROW(s)->start(s) : SSVM_OK;
    bad = r != SSVM_OK; /* a start that fails on one rank stops every rank's solver (no rank waits for it) */
    if ((r2 = ssvm__dist_agree(s, &bad)) != SSVM_OK) r = r2;
    if (r != SSVM_OK || bad) { s->_heap = 0; return r != SSVM_OK ? r : SSVM_ERR_PEER; }
    return SSVM_ERR_CKPT_MISMATCH;
}
/* mine: this rank's failure before it could check (ssvm_solver_checkpoint_load_path: no file), else SSVM_OK */
SSVM__PRIV ssvm_result ssvm__ck_load_dist(ssvm_solver *s, const void *buf, size_t bytes, ssvm_result mine) {
    ssvm_result r;
    int fail;
    if (mine == SSVM_OK) mine = ssvm__ck_load(s, buf, bytes, 0); /* checked on every rank before any applies */
    fail = mine != SSVM_OK;
    if ((r = ssvm__dist_agree(s, &fail)) != SSVM_OK) return r;
    if (fail) return mine != SSVM_OK ? mine : SSVM_ERR_PEER;
    if ((r = ssvm__ck_load(s, buf, bytes, 1)) != SSVM_OK) return r; /* checked above: cannot fail now */
    return ssvm__dist_ck_same(s);
}
#endif
/* >>ckpt: loading (a distributed solver's through ssvm__ck_load_dist above), the FILE and path wrappers */
STRUCTSVM_DEF ssvm_result ssvm_solver_checkpoint_load(ssvm_solver *s, const void *buf, size_t bytes) {
#ifndef STRUCTSVM_NO_DIST
    if (s && s->_heap && s->_dist) return ssvm__ck_load_dist(s, buf, bytes, SSVM_OK); /* >>dist */
#endif
    return ssvm__ck_load(s, buf, bytes, 1);
}

#ifndef STRUCTSVM_NO_STDIO
SSVM__PRIV SSVM__MAYBE_UNUSED int ssvm__ck_fwrite(void *user, const void *p, size_t n) {
    return fwrite(p, 1, n, (FILE *)user) == n ? 0 : 1;
}
/* a write callback that fails after `budget` bytes (the tests' simulated crash), else passes to the FILE */
typedef struct ssvm__ck_failing { FILE *f; long long budget; } ssvm__ck_failing;
SSVM__PRIV SSVM__MAYBE_UNUSED int ssvm__ck_fwrite_failing(void *user, const void *p, size_t n) {
    ssvm__ck_failing *q = (ssvm__ck_failing *)user;
    if (q->budget >= 0 && (long long)n > q->budget) {
        if (q->budget > 0) fwrite(p, 1, (size_t)q->budget, q->f); /* a torn write: part of it lands */
        q->budget = 0;
        return 1;
    }
    if (q->budget >= 0) q->budget -= (long long)n;
    return ssvm__ck_fwrite(q->f, p, n);
}
/* Atomic replacement: the checkpoint goes to "path.tmp" beside it, is flushed and closed, and only then renamed
   over path (rename is atomic on POSIX file systems), so a crash mid-write never replaces the last good one.
   fail_after >= 0: the write fails after that many bytes (tests). */
SSVM__PRIV ssvm_result ssvm__ck_save_path(const ssvm_solver *s, const char *path, long long fail_after) {
#ifdef STRUCTSVM_NO_MALLOC
    (void)s; (void)path; (void)fail_after;
    return SSVM_ERR_NOT_SUPPORTED;
#else
    size_t n;
    char *tmp;
    FILE *f;
    ssvm__ck_failing q;
    ssvm_result r;
    if (!path) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm__ck_usable(s)) != SSVM_OK) return r;
    n = ssvm__strlen(path);
    if (n > ((size_t)-1) - 8) return SSVM_ERR_OVERFLOW;
    if (!(tmp = (char *)ssvm__alloc_with(0, n + 5))) return SSVM_ERR_OUT_OF_MEMORY;
    SSVM_MEMCPY(tmp, path, n);
    SSVM_MEMCPY(tmp + n, ".tmp", 5);
    if (!(f = fopen(tmp, "wb"))) { ssvm__free_with(0, tmp); return SSVM_ERR_IO; }
    q.f = f; q.budget = fail_after;
    r = ssvm_solver_checkpoint_write(s, ssvm__ck_fwrite_failing, &q);
    if (fflush(f) != 0 && r == SSVM_OK) r = SSVM_ERR_IO;
    if (fclose(f) != 0 && r == SSVM_OK) r = SSVM_ERR_IO;
    if (r == SSVM_OK && rename(tmp, path) != 0) r = SSVM_ERR_IO;
    if (r != SSVM_OK) remove(tmp); /* the old checkpoint at path is untouched */
    ssvm__free_with(0, tmp);
    return r;
#endif
}
STRUCTSVM_DEF ssvm_result ssvm_solver_checkpoint_save_path(const ssvm_solver *s, const char *path) {
    return ssvm__ck_save_path(s, path, -1);
}
STRUCTSVM_DEF ssvm_result ssvm_solver_checkpoint_load_path(ssvm_solver *s, const char *path) {
#ifdef STRUCTSVM_NO_MALLOC
    (void)s; (void)path;
    return SSVM_ERR_NOT_SUPPORTED;
#else
    static const unsigned char magic[8] = {'S', 'S', 'V', 'M', 'C', 'K', 'P', 'T'};
    unsigned char *buf;
    size_t len;
    FILE *f;
    ssvm_result r;
    if ((r = ssvm__ck_usable(s)) != SSVM_OK) return r;
    buf = 0; len = 0; f = 0;
    if (!path) r = SSVM_ERR_INVALID_ARG;
    else if (!(f = fopen(path, "rb"))) r = SSVM_ERR_IO;
    else /* the envelope checked before anything is allocated, then the declared size only */
        r = ssvm__read_envelope(f, magic, SSVM_CHECKPOINT_FORMAT_VERSION, SSVM__CK_HEADER, SSVM__CK_MIN, &buf, &len);
#ifndef STRUCTSVM_NO_DIST
    if (s->_dist) r = ssvm__ck_load_dist(s, buf, len, r); /* >>dist: a rank without its file still agrees */
    else
#endif
    if (r == SSVM_OK) r = ssvm__ck_load(s, buf, len, 1);
    if (f) fclose(f);
    ssvm__free_with(0, buf);
    return r;
#endif
}
#endif /* STRUCTSVM_NO_STDIO */
/* (checkpoint implementation ends) */
#endif /* STRUCTSVM_PREDICT_ONLY */

/* >>math: ln 2 and the rounding tolerance of ssvm_real data */
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
STRUCTSVM_DEF ssvm_result ssvm_hungarian_get_work_size(int n, int m, size_t *bytes) {
    if (!bytes) return SSVM_ERR_INVALID_ARG;
    *bytes = 0;
    if (n <= 0 || m <= 0) return SSVM_ERR_EMPTY;
    if (n > m) return SSVM_ERR_INVALID_ARG;
    if (m > INT_MAX - 1 || !(*bytes = ssvm__hung_bytes(n, m))) return SSVM_ERR_OVERFLOW;
    return SSVM_OK;
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
STRUCTSVM_DEF ssvm_result ssvm_hungarian(int n, int m, const ssvm_real *cost, void *work, size_t work_bytes, int *assign,
                                         double *total) {
    size_t k, need;
    ssvm_result r;
    if (!cost || !work || !assign) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm_hungarian_get_work_size(n, m, &need)) != SSVM_OK) return r;
    if (work_bytes < need) return SSVM_ERR_WORKSPACE;
    if ((size_t)n > ((size_t)-1) / (size_t)m) return SSVM_ERR_OVERFLOW;
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
#define SSVM__TAU_V(i) (vd ? vd[i] : (double)v[i])
/* v in ssvm_real, or vd in double when v is NULL */
SSVM__PRIV double ssvm__simplex_tau_rd(int d, const ssvm_real *v, const double *vd, double *vmax) {
    double tau, s = 0, mx = SSVM__TAU_V(0);
    int i, cnt = d, prev;
    for (i = 1; i < d; i++) if (SSVM__TAU_V(i) > mx) mx = SSVM__TAU_V(i);
    for (i = 0; i < d; i++) s += SSVM__TAU_V(i) - mx;
    tau = (s - 1) / d;
    do {
        prev = cnt; s = 0; cnt = 0;
        for (i = 0; i < d; i++) if (SSVM__TAU_V(i) - mx > tau) { s += SSVM__TAU_V(i) - mx; cnt++; }
        if (cnt == 0) break; /* cannot happen: tau < 0 keeps the max active */
        tau = (s - 1) / cnt;
    } while (cnt != prev);
    *vmax = mx;
    return tau;
}
#undef SSVM__TAU_V
SSVM__PRIV double ssvm__simplex_tau_r(int d, const ssvm_real *v, double *vmax) {
    return ssvm__simplex_tau_rd(d, v, 0, vmax);
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
STRUCTSVM_DEF ssvm_result ssvm_project_simplex_kl(int d, const ssvm_real *logits, ssvm_real *out) {
    double mx, s = 0;
    int i;
    if (!logits || !out) return SSVM_ERR_INVALID_ARG;
    if (d <= 0) return SSVM_ERR_EMPTY;
    for (i = 0; i < d; i++) if (!ssvm__finite((double)logits[i])) return SSVM_ERR_NONFINITE;
    mx = (double)logits[0];
    for (i = 1; i < d; i++) if ((double)logits[i] > mx) mx = (double)logits[i];
    for (i = 0; i < d; i++) s += SSVM_EXP((double)logits[i] - mx);
    for (i = 0; i < d; i++) out[i] = (ssvm_real)(SSVM_EXP((double)logits[i] - mx) / s); /* s >= 1 */
    return SSVM_OK;
}
/* m x m checked against int and size_t; the projections' shared argument checks */
SSVM__PRIV ssvm_result ssvm__square_check(int m, const ssvm_real *v, ssvm_real *out, void *work, double tol, int max_iter) {
    size_t k;
    if (!v || !out || !work) return SSVM_ERR_INVALID_ARG;
    if (m <= 0) return SSVM_ERR_EMPTY;
    if (!(tol > 0) || !ssvm__finite(tol) || max_iter <= 0) return SSVM_ERR_INVALID_ARG;
    for (k = 0; k < (size_t)m * (size_t)m; k++) if (!ssvm__finite((double)v[k])) return SSVM_ERR_NONFINITE;
    return SSVM_OK;
}
SSVM__PRIV ssvm_result ssvm__square_size(int m, size_t per_entry, size_t per_row, size_t *bytes) {
    ssvm__arena a = {0, 0, 0, 0};
    ssvm_result r;
    if ((r = ssvm__size_begin(bytes, m > 0 ? SSVM_OK : SSVM_ERR_EMPTY)) != SSVM_OK) return r;
    if ((size_t)m > 46340) return SSVM_ERR_OVERFLOW; /* m*m fits an int */
    ssvm__take(&a, (size_t)m * (size_t)m, per_entry);
    ssvm__take(&a, (size_t)m, per_row);
    return ssvm__arena_bytes(&a, bytes);
}
/* Dykstra: x on {column sums 1} (affine: needs no correction term), y = P_rows(x + q) with the rows' correction
   q <- x + q - y, all in double. work: x and q (2 m^2 doubles) and a row (m doubles). */
STRUCTSVM_DEF ssvm_result ssvm_project_birkhoff_get_work_size(int m, size_t *bytes) {
    return ssvm__square_size(m, 2 * sizeof(double), 2 * sizeof(double), bytes);
}
STRUCTSVM_DEF ssvm_result ssvm_project_birkhoff(int m, const ssvm_real *v, double tol, int max_iter, void *work,
                                                size_t work_bytes, ssvm_real *out, int *iters) {
    ssvm__arena a;
    size_t need = 0, k, mm;
    double *q, *x, *row, *cs;
    int it, j, c;
    ssvm_result r;
    if ((r = ssvm__square_check(m, v, out, work, tol, max_iter)) != SSVM_OK) return r;
    if ((r = ssvm__arena_over(ssvm_project_birkhoff_get_work_size(m, &need), &need, work, work_bytes, &a)) != SSVM_OK)
        return r;
    mm = (size_t)m * (size_t)m;
    x = (double *)ssvm__take(&a, mm, 2 * sizeof(double));
    q = x + mm;
    row = (double *)ssvm__take(&a, (size_t)m, 2 * sizeof(double));
    cs = row + m;
    for (k = 0; k < mm; k++) { x[k] = (double)v[k]; q[k] = 0; }
    r = SSVM_ERR_NO_CONVERGENCE;
    for (it = 1; it <= max_iter; it++) {
        double worst = 0;
        for (j = 0; j < m; j++) { /* y = P_rows(x + q), q <- x + q - y; y overwrites x */
            double *xj = x + (size_t)j * m, *qj = q + (size_t)j * m, tau, mx;
            for (c = 0; c < m; c++) row[c] = xj[c] + qj[c];
            tau = ssvm__simplex_tau_rd(m, 0, row, &mx);
            for (c = 0; c < m; c++) {
                double t = (row[c] - mx) - tau;
                xj[c] = t > 0 ? t : 0;
                qj[c] = row[c] - xj[c];
            }
        }
        for (c = 0; c < m; c++) { /* the column sums of y: the step to {column sums 1} */
            double sum = 0;
            for (j = 0; j < m; j++) sum += x[(size_t)j * m + c];
            cs[c] = (1.0 - sum) / m;
            if (ssvm__abs(1.0 - sum) > worst) worst = ssvm__abs(1.0 - sum);
        }
        if (iters) *iters = it;
        if (worst <= (double)m * tol) { r = SSVM_OK; break; } /* y is the answer: rows exact, columns within m*tol */
        for (j = 0; j < m; j++)
            for (c = 0; c < m; c++) x[(size_t)j * m + c] += cs[c];
    }
    for (k = 0; k < mm; k++) out[k] = (ssvm_real)x[k];
    return r;
}
/* Log-domain Sinkhorn with Newton steps. Z_jk = exp(L_jk + a_j + b_k) maximises the concave dual
   f(a, b) = sum a + sum b - sum_jk Z_jk; Sinkhorn is its block coordinate ascent (a_j = -lse_k(L_jk + b_k), then
   b), which crawls once the logits span hundreds of nats (the kernel is nearly a permutation, as the dual
   extragradient's become over its iterations). So after 8 sweeps each sweep adds a Newton step on (a, b)
   (b_{m-1} fixed: f is invariant along (1, -1)), by the Schur complement on b and a Cholesky factorisation,
   with Armijo backtracking: O(m^3) a step, quadratic convergence near the solution.
   work: a, b, the Newton vectors (8m doubles), Z and the Schur matrix (2 m^2 doubles). */
SSVM__PRIV double ssvm__lse_strided(const ssvm_real *L, const double *add, int m, size_t stride) {
    double mx = -SSVM__HUGE, s = 0;
    int k;
    for (k = 0; k < m; k++) { double t = (double)L[(size_t)k * stride] + add[k]; if (t > mx) mx = t; }
    for (k = 0; k < m; k++) s += SSVM_EXP((double)L[(size_t)k * stride] + add[k] - mx);
    return mx + SSVM_LOG(s);
}
STRUCTSVM_DEF ssvm_result ssvm_sinkhorn_get_work_size(int m, size_t *bytes) {
    return ssvm__square_size(m, 2 * sizeof(double), 8 * sizeof(double), bytes);
}
/* Z = exp(L + a + b) into zd; returns sum Z (f itself would lose the small gains next to |a|, |b| ~ 1e3) */
SSVM__PRIV double ssvm__sk_eval(int m, const ssvm_real *L, const double *al, const double *be, double *zd) {
    double f = 0;
    int j, k;
    for (j = 0; j < m; j++)
        for (k = 0; k < m; k++) { double z = SSVM_EXP((double)L[(size_t)j * m + k] + al[j] + be[k]); zd[(size_t)j * m + k] = z; f += z; }
    return f;
}
/* one damped Newton ascent step on f at (al, be); 0 when no step was taken */
SSVM__PRIV int ssvm__sk_newton(int m, const ssvm_real *L, double *al, double *be, double *zd, double *S, double *v) {
    double *ga = v, *gb = v + m, *da = v + 2 * m, *db = v + 3 * m, *na = v + 4 * m, *nb = v + 5 * m;
    double z0 = ssvm__sk_eval(m, L, al, be, zd), slope = 0, st, lin = 0;
    int j, k, l, n1 = m - 1, tries;
    for (j = 0; j < m; j++) { ga[j] = 1; gb[j] = 1; }
    for (j = 0; j < m; j++)
        for (k = 0; k < m; k++) { ga[j] -= zd[(size_t)j * m + k]; gb[k] -= zd[(size_t)j * m + k]; }
    /* S = D_c - Z^T D_r^-1 Z and rhs = g_b - Z^T D_r^-1 g_a, on b_0 .. b_{m-2} */
    for (k = 0; k < n1; k++) {
        double cs = 0, rhs = gb[k];
        for (j = 0; j < m; j++) {
            double r = 1 - ga[j];
            cs += zd[(size_t)j * m + k];
            rhs -= zd[(size_t)j * m + k] * ga[j] / r;
        }
        db[k] = rhs;
        for (l = 0; l <= k; l++) {
            double t = k == l ? cs : 0;
            for (j = 0; j < m; j++) t -= zd[(size_t)j * m + k] * zd[(size_t)j * m + l] / (1 - ga[j]);
            S[(size_t)k * n1 + l] = t;
        }
    }
    /* Cholesky S = C C^T in place (lower). A pivot lost to round-off (entries of Z near 1e-300 make S nearly
       singular) drops its variable from this step (na[k] = 1) instead of failing the step. */
    for (k = 0; k < n1; k++) {
        double dkk = S[(size_t)k * n1 + k], d0 = dkk;
        for (l = 0; l < k; l++) dkk -= S[(size_t)k * n1 + l] * S[(size_t)k * n1 + l];
        na[k] = !(dkk > 1e-13 * d0) || !(dkk > 1e-300);
        S[(size_t)k * n1 + k] = na[k] ? 1 : SSVM_SQRT(dkk);
        for (j = k + 1; j < n1; j++) {
            double t = S[(size_t)j * n1 + k];
            for (l = 0; l < k; l++) t -= S[(size_t)j * n1 + l] * S[(size_t)k * n1 + l];
            S[(size_t)j * n1 + k] = na[k] ? 0 : t / S[(size_t)k * n1 + k];
        }
    }
    for (k = 0; k < n1; k++) { /* forward, then back substitution */
        for (l = 0; l < k; l++) db[k] -= S[(size_t)k * n1 + l] * db[l];
        db[k] = na[k] ? 0 : db[k] / S[(size_t)k * n1 + k];
    }
    for (k = n1 - 1; k >= 0; k--) {
        for (l = k + 1; l < n1; l++) db[k] -= S[(size_t)l * n1 + k] * db[l];
        db[k] = na[k] ? 0 : db[k] / S[(size_t)k * n1 + k];
    }
    db[m - 1] = 0;
    for (j = 0; j < m; j++) {
        double t = ga[j];
        for (k = 0; k < m; k++) t -= zd[(size_t)j * m + k] * db[k];
        da[j] = t / (1 - ga[j]);
        slope += ga[j] * da[j] + gb[j] * db[j];
        lin += da[j] + db[j];
    }
    if (!(slope > 0) || !ssvm__finite(slope)) return 0;
    for (st = 1, tries = 0; tries < 40; tries++, st *= 0.5) { /* Armijo */
        for (j = 0; j < m; j++) { na[j] = al[j] + st * da[j]; nb[j] = be[j] + st * db[j]; }
        if (st * lin - (ssvm__sk_eval(m, L, na, nb, zd) - z0) >= 1e-4 * st * slope) { /* f gained enough */
            for (j = 0; j < m; j++) { al[j] = na[j]; be[j] = nb[j]; }
            return 1;
        }
    }
    return 0;
}
STRUCTSVM_DEF ssvm_result ssvm_sinkhorn(int m, const ssvm_real *logits, double tol, int max_iter, void *work,
                                        size_t work_bytes, ssvm_real *out, int *iters) {
    ssvm__arena a;
    size_t need = 0;
    double *al, *be, *v, *zd, *S;
    int it, j, k;
    ssvm_result r;
    if ((r = ssvm__square_check(m, logits, out, work, tol, max_iter)) != SSVM_OK) return r;
    if ((r = ssvm__arena_over(ssvm_sinkhorn_get_work_size(m, &need), &need, work, work_bytes, &a)) != SSVM_OK) return r;
    zd = (double *)ssvm__take(&a, (size_t)m * (size_t)m, 2 * sizeof(double));
    S = zd + (size_t)m * (size_t)m;
    al = (double *)ssvm__take(&a, (size_t)m, 8 * sizeof(double)); /* a, b, then Newton's 6 vectors */
    be = al + m;
    v = al + 2 * m;
    for (k = 0; k < 2 * m; k++) al[k] = 0;
    r = SSVM_ERR_NO_CONVERGENCE;
    for (it = 1; it <= max_iter; it++) {
        double worst = 0;
        for (j = 0; j < m; j++) { /* row sums before the update: exp(a_j - a_j') */
            double na = -ssvm__lse_strided(logits + (size_t)j * m, be, m, 1), rs = SSVM_EXP(al[j] - na);
            if (it > 1 && ssvm__abs(rs - 1) > worst) worst = ssvm__abs(rs - 1);
            al[j] = na;
        }
        if (iters) *iters = it;
        if (it > 1 && worst <= tol) { r = SSVM_OK; break; } /* rows were within tol; now exact, columns within tol */
        for (k = 0; k < m; k++) be[k] = -ssvm__lse_strided(logits + k, al, m, (size_t)m);
        if (it > 8 && m > 1) ssvm__sk_newton(m, logits, al, be, zd, S, v);
    }
    for (j = 0; j < m; j++)
        for (k = 0; k < m; k++) out[(size_t)j * m + k] = (ssvm_real)SSVM_EXP((double)logits[(size_t)j * m + k] + al[j] + be[k]);
    return r;
}
STRUCTSVM_DEF ssvm_result ssvm_linear_scores(int d, int F, const ssvm_real *W, const ssvm_real *x, ssvm_real *theta) {
    int k;
    if (!W || !x || !theta) return SSVM_ERR_INVALID_ARG;
    if (d <= 0 || F <= 0) return SSVM_ERR_EMPTY;
    for (k = 0; k < d; k++) theta[k] = (ssvm_real)ssvm__dot(F, W + (size_t)k * F, x);
    return SSVM_OK;
}

#ifndef STRUCTSVM_PREDICT_ONLY
#if SSVM__HAS_DEG
/* >>deg: dual extragradient. Taskar, Lacoste-Julien, Jordan (JMLR 2006) as restated in the report
   extragradient-vs-bcfw.txt (Algorithm 1, operator eq. 10), on the lambda-regularised objective that BCFW
   minimises, so that primal, dual and gap mean the same for both. The saddle function (p_i = c_i / sum c):
     L(w, z) = lambda/2 |w|^2 + sum_i p_i [ <c_i, z_i> - <w, phi(x_i, y_i) - F_i z_i> ],  (F_i z)= sum_p z_p phi_p
   max_z L = P(w); min_w L = D(z) = <c, z>_p - |b(z)|^2 / (2 lambda), b(z) = sum_i p_i (phi(x_i,y_i) - F_i z_i),
   the BCFW dual with alpha_i = z_i. The operator g(u) = (grad_w L, -grad_z L) is eq. 10 plus lambda w in the w
   block. Choices and fixes (MANUAL, "Dual extragradient"):
     E1 w lives in the ball |w| <= R = sqrt(2 Theta / lambda), which holds the optimum (lambda/2 |w*|^2 <=
        P(w*) <= P(0) <= Theta), so the sets are bounded as Nesterov's analysis needs; ŵ = 0, ẑ_i = the centre.
     E2 the distance on z_i is weighted by p_i, so every block steps at the scale of its own loss; the step is
        eta = 1/L with L = lambda + |B~|_2, B~ = [sqrt(p_i) F_i P_i] (P_i: the polytope's tangent projector),
        |B~|_2 by power iteration times 1.05. The report's eta < |F|^-2 is wrong: the analysis needs eta <= 1/L.
        The same eta serves the entropy (the KL is 1-strongly convex in the row-wise l1 norm, which dominates l2).
     E3 memory-efficient form (report 3.2.2, without its stray sum): s_z^t = p_i (t c_i + F_i^T W^t) with
        W^t = sum_{k<t} u_w^k, so only w-sized vectors are kept and every z_i is recomputed.
     E4 reported: the iterate w(z^t) = b(z^t)/lambda of the last z^t (BCFW's w = A alpha), certified by D(z^t),
        and the average w_bar (the algorithm's output), certified by max(D(z^t), D(z_bar)). The last iterate
        is a reporting addition, not a change to the iteration: on the small problems of tests/test_deg.c it
        reaches a gap of 1e-6 in tens of iterations where the averages need 1e5.
     E5 a Birkhoff projection is iterative (Dykstra; Sinkhorn with Newton steps): one that misses proj_tol in
        proj_max_iter sweeps is rounded onto the polytope (ssvm__birkhoff_round), so z stays feasible and D(z) a
        valid lower bound; Nesterov's analysis assumes exact prox steps. */
/* The solver's own state (ssvm_solver._alg, carved by its layout: ssvm__deg_layout) */
typedef struct ssvm__deg_state {
    ssvm_real *_dg_sw;     /* s_w, the w part of the dual-extrapolation sum s^t */
    ssvm_real *_dg_W;      /* sum_t u_w^t (w_bar = _dg_W / t) */
    ssvm_real *_dg_B;      /* sum_t sum_i p_i F_i u_zi^t (for w(z_bar)) */
    ssvm_real *_dg_phi;    /* sum_i p_i phi(x_i, y_i) */
    ssvm_real *_dg_vw;     /* v_w of the current iteration */
    ssvm_real *_dg_score, *_dg_cost, *_dg_zv, *_dg_zu; /* per-example scratch, _dg_m parts each */
    void *_dg_work; size_t _dg_work_bytes;             /* Birkhoff projection scratch */
    int _dg_m;             /* most parts of an example */
    double _dg_eta, _dg_L, _dg_R, _dg_lsum;
    long long _dg_inexact; /* Birkhoff projections that missed proj_tol (then rounded, E5) */
    ssvm_svec _dg_u, _dg_v; /* the iteration's sparse scratch vectors */
} ssvm__deg_state;
SSVM__STATE_FITS(ssvm__deg_state);
#define SSVM__DG(s) ((ssvm__deg_state *)(s)->_alg)
SSVM__PRIV ssvm_result ssvm__deg_parts(const ssvm_problem *p, int i, int *kind, int *m, int *np) {
    int mm = 0, k = p->parts(p->user, i, &mm);
    if (k < 0) return (ssvm_result)k;
    if (k != SSVM_POLYTOPE_SIMPLEX && k != SSVM_POLYTOPE_BIRKHOFF) return SSVM_ERR_CALLBACK;
    if (mm <= 0) return SSVM_ERR_SHAPE;
    if (k == SSVM_POLYTOPE_BIRKHOFF && mm > 46340) return SSVM_ERR_OVERFLOW;
    *kind = k; *m = mm; *np = k == SSVM_POLYTOPE_BIRKHOFF ? mm * mm : mm;
    return SSVM_OK;
}
/* its options (config.deg); its average (the uniform one) is part of the algorithm (the row's); it needs the
   polytope callbacks */
SSVM__PRIV ssvm_result ssvm__deg_check(const ssvm_solver_config *c) {
    const ssvm_deg_config *g = &c->deg;
    if (!c->problem->parts) return SSVM_ERR_NOT_SUPPORTED;
    if ((unsigned)g->geometry > (unsigned)SSVM_DEG_ENTROPIC || !(g->eta >= 0) || !ssvm__finite(g->eta) ||
        g->power_iters <= 0 || !(g->radius >= 0) || !ssvm__finite(g->radius) || !(g->proj_tol > 0) ||
        !ssvm__finite(g->proj_tol) || g->proj_max_iter <= 0)
        return SSVM_ERR_INVALID_ARG;
    return SSVM_OK;
}
SSVM__PRIV ssvm_result ssvm__deg_layout(ssvm_solver *s, ssvm__arena *a) {
    if (!ssvm__take_state(s, a, sizeof(ssvm__deg_state))) return SSVM_ERR_OVERFLOW;
    const ssvm_problem *p = &s->_prob;
    size_t d = (size_t)p->d, wb = 0, ws = 0;
    int i, kind, m, np, maxnp = 1, maxm = 0;
    ssvm_result r;
    for (i = 0; i < p->n; i++) {
        if ((r = ssvm__deg_parts(p, i, &kind, &m, &np)) != SSVM_OK) return r;
        if (np > maxnp) maxnp = np;
        if (kind == SSVM_POLYTOPE_BIRKHOFF && m > maxm) maxm = m;
    }
    SSVM__DG(s)->_dg_m = maxnp;
    SSVM__DG(s)->_dg_sw = (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real));
    SSVM__DG(s)->_dg_W = (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real));
    SSVM__DG(s)->_dg_B = (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real));
    SSVM__DG(s)->_dg_phi = (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real));
    SSVM__DG(s)->_dg_vw = (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real));
    ssvm__take_svec(a, &SSVM__DG(s)->_dg_u, p->d);
    ssvm__take_svec(a, &SSVM__DG(s)->_dg_v, p->d);
    SSVM__DG(s)->_dg_score = (ssvm_real *)ssvm__take(a, (size_t)maxnp, 4 * sizeof(ssvm_real));
    SSVM__DG(s)->_dg_cost = SSVM__DG(s)->_dg_score + maxnp; SSVM__DG(s)->_dg_zv = SSVM__DG(s)->_dg_cost + maxnp; SSVM__DG(s)->_dg_zu = SSVM__DG(s)->_dg_zv + maxnp;
    if (maxm > 0) {
        if ((r = ssvm_project_birkhoff_get_work_size(maxm, &wb)) != SSVM_OK) return r;
        if ((r = ssvm_sinkhorn_get_work_size(maxm, &ws)) != SSVM_OK) return r;
    }
    SSVM__DG(s)->_dg_work_bytes = wb > ws ? wb : ws;
    SSVM__DG(s)->_dg_work = ssvm__take(a, SSVM__DG(s)->_dg_work_bytes ? SSVM__DG(s)->_dg_work_bytes : 1, 1);
    return SSVM_OK;
}
/* scores and costs of example i's parts at w, checked */
SSVM__PRIV ssvm_result ssvm__deg_scores(ssvm_solver *s, int i, const ssvm_real *w, int np) {
    ssvm__deg_state *const dg = SSVM__DG(s);
    const ssvm_problem *p = &s->_prob;
    int k, rc = p->part_scores(p->user, i, w, dg->_dg_score, dg->_dg_cost);
    if (rc < 0) return (ssvm_result)rc;
    for (k = 0; k < np; k++) {
        if (!ssvm__finite((double)dg->_dg_score[k])) return SSVM_ERR_NONFINITE;
        if (!ssvm__finite((double)dg->_dg_cost[k]) || dg->_dg_cost[k] < 0) return SSVM_ERR_LOSS;
    }
    return SSVM_OK;
}
/* out += scale * F_i z, checked */
SSVM__PRIV ssvm_result ssvm__deg_phi(ssvm_solver *s, int i, const ssvm_real *z, double scale, ssvm_svec *out) {
    int rc = s->_prob.part_phi(s->_prob.user, i, z, (ssvm_real)scale, out);
    if (rc < 0) return (ssvm_result)rc;
    return out->err ? (ssvm_result)out->err : SSVM_OK;
}
/* Makes z >= 0 (m x m, rows within a small error of the marginals) exactly doubly stochastic with an l1 change
   of at most twice its marginal error (Altschuler, Weed, Rigollet 2017, Algorithm 2): shrink the rows, then the
   columns, that sum above 1, then add the rank-one er ec^T / sum(er) of the missing masses. e: 2m doubles. */
SSVM__PRIV void ssvm__birkhoff_round(int m, ssvm_real *z, double *e) {
    double *er = e, *ec = e + m, tot = 0;
    int j, k, pass;
    for (pass = 0; pass < 2; pass++) { /* 0: rows, 1: columns */
        for (j = 0; j < m; j++) {
            double sum = 0;
            for (k = 0; k < m; k++) sum += (double)z[pass ? (size_t)k * m + j : (size_t)j * m + k];
            if (sum > 1) for (k = 0; k < m; k++) { size_t o = pass ? (size_t)k * m + j : (size_t)j * m + k; z[o] = (ssvm_real)((double)z[o] / sum); }
        }
    }
    for (j = 0; j < m; j++) { er[j] = 1; ec[j] = 1; }
    for (j = 0; j < m; j++)
        for (k = 0; k < m; k++) { er[j] -= (double)z[(size_t)j * m + k]; ec[k] -= (double)z[(size_t)j * m + k]; }
    for (j = 0; j < m; j++) { if (er[j] < 0) er[j] = 0; if (ec[j] < 0) ec[j] = 0; tot += er[j]; }
    if (tot > 0)
        for (j = 0; j < m; j++)
            for (k = 0; k < m; k++) z[(size_t)j * m + k] = (ssvm_real)((double)z[(size_t)j * m + k] + er[j] * ec[k] / tot);
}
/* z <- the projection (Euclidean) or KL projection of exp(z) (entropic) onto example i's polytope, in place. A
   Birkhoff projection that misses proj_tol within proj_max_iter sweeps is rounded onto the polytope (E5): an
   inexact prox step, but a feasible z, so that D(z) stays a valid bound. */
SSVM__PRIV ssvm_result ssvm__deg_project(ssvm_solver *s, int kind, int m, int np, ssvm_real *z) {
    ssvm__deg_state *const dg = SSVM__DG(s);
    const ssvm_deg_config *q = &s->_cfg.deg;
    ssvm_result r;
    if (kind == SSVM_POLYTOPE_SIMPLEX)
        return q->geometry == SSVM_DEG_ENTROPIC ? ssvm_project_simplex_kl(np, z, z) : ssvm_project_simplex(np, z, z);
    if (q->geometry == SSVM_DEG_ENTROPIC)
        r = ssvm_sinkhorn(m, z, q->proj_tol, q->proj_max_iter, dg->_dg_work, dg->_dg_work_bytes, z, 0);
    else
        r = ssvm_project_birkhoff(m, z, q->proj_tol, q->proj_max_iter, dg->_dg_work, dg->_dg_work_bytes, z, 0);
    if (r == SSVM_ERR_NO_CONVERGENCE) dg->_dg_inexact++;
    else if (r != SSVM_OK) return r;
    ssvm__birkhoff_round(m, z, (double *)dg->_dg_work); /* also the last ulps of a converged one */
    return SSVM_OK;
}
/* w <- w * min(1, R/|w|) */
SSVM__PRIV void ssvm__deg_ball(int d, double R, ssvm_real *w) {
    double nn = (double)ssvm__dot(d, w, w);
    if (nn > R * R) ssvm__axpby(d, 0, w, R / SSVM_SQRT(nn), w);
}
/* dense out = base - scale * acc (acc an svec) */
SSVM__PRIV void ssvm__deg_minus(int d, const ssvm_real *base, const ssvm_svec *acc, double scale, ssvm_real *out) {
    int k;
    SSVM_MEMCPY(out, base, (size_t)d * sizeof(ssvm_real));
    for (k = 0; k < acc->nnz; k++) { int j = acc->idx[k]; out[j] = (ssvm_real)((double)out[j] - scale * (double)acc->val[j]); }
}
/* Setup at the first iteration: sum_i p_i phi(x_i, y_i), Theta and R (E1), and L by power iteration on
   B~ B~^T = sum_i p_i F_i P_i F_i^T (E2), counted as oracle calls. */
SSVM__PRIV ssvm_result ssvm__deg_setup(ssvm_solver *s) {
    ssvm__deg_state *const dg = SSVM__DG(s);
    const ssvm_problem *p = &s->_prob;
    ssvm_deg_config *q = &s->_cfg.deg;
    int i, k, j, it, kind = 0, m = 0, np = 0, d = p->d, len; /* zeros: gcc -O3 cannot see every path sets them */
    double theta = 0, est = 0, prev = 0, nn;
    ssvm_result r;
    ssvm_svec_clear(&dg->_dg_u);
    for (i = 0; i < p->n; i++) {
        double pi = ssvm__block(p, s->_wsum, 1.0, i), th = 0;
        len = p->truth(p->user, i, s->_y);
        if (len <= 0 || len > p->max_label_len) return len < 0 ? (ssvm_result)len : SSVM_ERR_LABEL;
        if ((k = p->phi(p->user, i, s->_y, len, (ssvm_real)pi, &dg->_dg_u)) < 0) return (ssvm_result)k;
        if (dg->_dg_u.err) return (ssvm_result)dg->_dg_u.err;
        if ((r = ssvm__deg_parts(p, i, &kind, &m, &np)) != SSVM_OK) return r;
        if ((r = ssvm__deg_scores(s, i, s->_w, np)) != SSVM_OK) return r; /* _w = 0 here; the costs for Theta */
        s->_prog.oracle_calls++;
        for (k = 0; k < (kind == SSVM_POLYTOPE_SIMPLEX ? 1 : m); k++) { /* Birkhoff: sum of row maxima, a bound */
            double best = 0;
            int w0 = kind == SSVM_POLYTOPE_SIMPLEX ? np : m;
            for (j = 0; j < w0; j++) if ((double)dg->_dg_cost[k * w0 + j] > best) best = (double)dg->_dg_cost[k * w0 + j];
            th += best;
        }
        theta += pi * th;
    }
    SSVM_MEMSET(dg->_dg_phi, 0, (size_t)d * sizeof(ssvm_real));
    for (k = 0; k < dg->_dg_u.nnz; k++) dg->_dg_phi[dg->_dg_u.idx[k]] = dg->_dg_u.val[dg->_dg_u.idx[k]];
    dg->_dg_R = q->radius > 0 ? q->radius : SSVM_SQRT(2 * theta / s->_cfg.lambda);
    if (q->eta > 0) { dg->_dg_eta = q->eta; dg->_dg_L = 1 / q->eta; return SSVM_OK; }
    for (j = 0; j < d; j++) dg->_dg_vw[j] = (ssvm_real)((double)(ssvm__rand(&s->_rng) >> 11) * (1.0 / 9007199254740992.0) - 0.5);
    for (it = 0; it < q->power_iters; it++) {
        nn = (double)ssvm__dot(d, dg->_dg_vw, dg->_dg_vw);
        if (!(nn > 0)) break; /* B~ B~^T v = 0: |B~| is 0 on what is left */
        ssvm__axpby(d, 0, dg->_dg_vw, 1 / SSVM_SQRT(nn), dg->_dg_vw);
        ssvm_svec_clear(&dg->_dg_u);
        for (i = 0; i < p->n; i++) {
            ssvm_real *g = dg->_dg_score;
            double mean = 0;
            ssvm__deg_parts(p, i, &kind, &m, &np);
            if ((r = ssvm__deg_scores(s, i, dg->_dg_vw, np)) != SSVM_OK) return r;
            s->_prog.oracle_calls++;
            if (kind == SSVM_POLYTOPE_SIMPLEX) { /* P: remove the mean */
                for (k = 0; k < np; k++) mean += (double)g[k];
                for (k = 0; k < np; k++) g[k] = (ssvm_real)((double)g[k] - mean / np);
            } else { /* P: remove the row means, then the column means */
                for (k = 0; k < m; k++) {
                    for (mean = 0, j = 0; j < m; j++) mean += (double)g[k * m + j];
                    for (j = 0; j < m; j++) g[k * m + j] = (ssvm_real)((double)g[k * m + j] - mean / m);
                }
                for (j = 0; j < m; j++) {
                    for (mean = 0, k = 0; k < m; k++) mean += (double)g[k * m + j];
                    for (k = 0; k < m; k++) g[k * m + j] = (ssvm_real)((double)g[k * m + j] - mean / m);
                }
            }
            if ((r = ssvm__deg_phi(s, i, g, ssvm__block(p, s->_wsum, 1.0, i), &dg->_dg_u)) != SSVM_OK) return r;
        }
        SSVM_MEMSET(dg->_dg_vw, 0, (size_t)d * sizeof(ssvm_real));
        for (k = 0; k < dg->_dg_u.nnz; k++) dg->_dg_vw[dg->_dg_u.idx[k]] = dg->_dg_u.val[dg->_dg_u.idx[k]];
        est = SSVM_SQRT((double)ssvm__dot(d, dg->_dg_vw, dg->_dg_vw)); /* |A v| with |v| = 1 -> lambda_max(A) */
        if (!ssvm__finite(est)) return SSVM_ERR_NONFINITE;
        if (it > 0 && ssvm__abs(est - prev) <= 1e-4 * est) break;
        prev = est;
    }
    dg->_dg_L = s->_cfg.lambda + 1.05 * SSVM_SQRT(est);
    dg->_dg_eta = 1 / dg->_dg_L;
    return SSVM_OK;
}
/* One iteration of Algorithm 1 in the form E3: two operator evaluations (part scores) per example. */
SSVM__PRIV ssvm_result ssvm__deg_iteration(ssvm_solver *s) {
    ssvm__deg_state *const dg = SSVM__DG(s);
    const ssvm_problem *p = &s->_prob;
    int ent = s->_cfg.deg.geometry == SSVM_DEG_ENTROPIC, i, k, kind, m, np, d = p->d;
    double eta, lam = s->_cfg.lambda, t, lu = 0;
    ssvm_real *zv = dg->_dg_zv, *zu = dg->_dg_zu;
    ssvm_result r;
    if (s->_k == 0 && (r = ssvm__deg_setup(s)) != SSVM_OK) return r;
    eta = dg->_dg_eta; t = (double)s->_k;
    /* v_w = Pi_ball(w^ + eta s_w), w^ = 0 */
    for (k = 0; k < d; k++) dg->_dg_vw[k] = (ssvm_real)(eta * (double)dg->_dg_sw[k]);
    ssvm__deg_ball(d, dg->_dg_R, dg->_dg_vw);
    ssvm_svec_clear(&dg->_dg_u); /* sum_i p_i F_i v_zi */
    ssvm_svec_clear(&dg->_dg_v); /* sum_i p_i F_i u_zi */
    for (i = 0; i < p->n; i++) {
        double pi = ssvm__block(p, s->_wsum, 1.0, i), c0;
        if ((r = ssvm__deg_parts(p, i, &kind, &m, &np)) != SSVM_OK) return r;
        c0 = kind == SSVM_POLYTOPE_SIMPLEX ? 1.0 / np : 1.0 / m; /* the centre z^_i */
        /* v_zi = T(z^_i, s_zi), s_zi / p_i = t c_i + F_i^T W */
        if ((r = ssvm__deg_scores(s, i, dg->_dg_W, np)) != SSVM_OK) return r;
        for (k = 0; k < np; k++) {
            double a = eta * (t * (double)dg->_dg_cost[k] + (double)dg->_dg_score[k]);
            zu[k] = (ssvm_real)a;                  /* entropic: u's logits start from v's */
            zv[k] = (ssvm_real)(ent ? a : c0 + a);
        }
        if ((r = ssvm__deg_project(s, kind, m, np, zv)) != SSVM_OK) return r;
        if ((r = ssvm__deg_phi(s, i, zv, pi, &dg->_dg_u)) != SSVM_OK) return r;
        /* u_zi = T(v_zi, -g_zi(v)), -g_zi(v) / p_i = c_i + F_i^T v_w */
        if ((r = ssvm__deg_scores(s, i, dg->_dg_vw, np)) != SSVM_OK) return r;
        s->_prog.oracle_calls += 2;
        for (k = 0; k < np; k++) {
            double g = eta * ((double)dg->_dg_cost[k] + (double)dg->_dg_score[k]);
            zu[k] = (ssvm_real)(ent ? (double)zu[k] + g : (double)zv[k] + g);
        }
        if ((r = ssvm__deg_project(s, kind, m, np, zu)) != SSVM_OK) return r;
        if ((r = ssvm__deg_phi(s, i, zu, pi, &dg->_dg_v)) != SSVM_OK) return r;
        for (k = 0; k < np; k++) lu += pi * (double)dg->_dg_cost[k] * (double)zu[k];
    }
    /* u_w = Pi_ball(v_w - eta (lambda v_w - b(v_z))), b(v_z) = phi_sum - sum p_i F_i v_zi */
    ssvm__deg_minus(d, dg->_dg_phi, &dg->_dg_u, 1.0, s->_wtmp);
    ssvm__axpby(d, 1 - eta * lam, dg->_dg_vw, eta, s->_wtmp);
    ssvm__deg_ball(d, dg->_dg_R, s->_wtmp);
    /* s_w -= g_w(u) = lambda u_w - b(u_z); W += u_w; the z_bar sums; then w(z_bar), l and w_bar (E4) */
    ssvm__deg_minus(d, dg->_dg_phi, &dg->_dg_v, 1.0, dg->_dg_vw); /* b(u_z), v_w is no longer needed */
    for (k = 0; k < d; k++) {
        dg->_dg_sw[k] = (ssvm_real)((double)dg->_dg_sw[k] + (double)dg->_dg_vw[k] - lam * (double)s->_wtmp[k]);
        dg->_dg_W[k] += s->_wtmp[k];
    }
    for (k = 0; k < dg->_dg_v.nnz; k++) { int j = dg->_dg_v.idx[k]; dg->_dg_B[j] += dg->_dg_v.val[j]; }
    dg->_dg_lsum += lu;
    s->_k++;
    s->_prog.steps++;
    t = (double)s->_k;
    for (k = 0; k < d; k++) {
        s->_w[k] = (ssvm_real)((double)dg->_dg_vw[k] / lam);
        s->_z[k] = (ssvm_real)((double)dg->_dg_W[k] / t);
        if (!ssvm__finite((double)s->_w[k]) || !ssvm__finite((double)s->_z[k])) return SSVM_ERR_NONFINITE;
    }
    s->_l = lu;
    return SSVM_OK;
}
/* DEG's row (>>algorithms): one iteration a pass; its sums reset; its dual at the iterate only, and w_bar's
   certificate the larger of D(z^t) and D(z_bar) (E4) */
SSVM__PRIV ssvm_result ssvm__deg_pass(ssvm_solver *s, int limit) { (void)limit; return ssvm__deg_iteration(s); }
SSVM__PRIV void ssvm__deg_reset(ssvm_solver *s) {
    ssvm__deg_state *const dg = SSVM__DG(s);
    size_t d = (size_t)s->_prob.d;
    if (dg->_dg_sw) {
        SSVM_MEMSET(dg->_dg_sw, 0, d * sizeof(ssvm_real)); SSVM_MEMSET(dg->_dg_W, 0, d * sizeof(ssvm_real));
        SSVM_MEMSET(dg->_dg_B, 0, d * sizeof(ssvm_real));
    }
    dg->_dg_lsum = 0; dg->_dg_inexact = 0;
    ssvm__svec_reset(&dg->_dg_u, s->_prob.d);
    ssvm__svec_reset(&dg->_dg_v, s->_prob.d);
}
SSVM__PRIV double ssvm__deg_dual_l(const ssvm_solver *s, int average) { return average ? ssvm__nan() : s->_l; }
SSVM__PRIV ssvm_result ssvm__deg_evaluated(ssvm_solver *s, int average, ssvm_objective *o, double ls) {
    ssvm__deg_state *const dg = SSVM__DG(s);
    double lam = s->_cfg.lambda, t = s->_k > 0 ? (double)s->_k : 1, bb = 0, dl;
    int j;
    (void)ls;
    if (!average) return SSVM_OK;
    for (j = 0; j < s->_prob.d; j++) { double b = (double)dg->_dg_phi[j] - (double)dg->_dg_B[j] / t; bb += b * b; }
    dl = dg->_dg_lsum / t - 0.5 * bb / lam;
    o->dual = s->_l - 0.5 * lam * (double)ssvm__dot(s->_prob.d, s->_w, s->_w);
    if (s->_k > 0 && dl > o->dual) o->dual = dl;
    o->gap = o->primal - o->dual;
    if (!ssvm__finite(o->dual)) return SSVM_ERR_NONFINITE;
    return SSVM_OK;
}
#endif /* SSVM__HAS_DEG */
#if SSVM__HAS_CUTTING_PLANE
/* >>cutplane: the 1-slack cutting-plane method, Joachims, Finley, Yu, "Cutting-plane training of structural
   SVMs" (Machine Learning 77, 2009), Algorithm 4 (margin rescaling), on the engine's objective. Their OP2,
   min 1/2|w|^2 + C xi s.t. for every joint labeling (ybar_1..ybar_n) (1/n) sum_i <w, psi_i(ybar_i)> >=
   (1/n) sum_i Delta(y_i, ybar_i) - xi, is with lambda = 1/C (divide by C) min lambda/2|w|^2 + xi, whose
   optimal xi is the mean hinge: our P(w) (BCFW's lambda = 1/(C_n n) for the n-slack C_n, so C = C_n n).
   With example weights, 1/n becomes c_i / sum c.
   A plane c is (h_c, l_c): h_c = sum_i c_i psi_i(ybar_i) / (lambda sum c) (BCFW's w_s of the joint labeling)
   and l_c = sum_i c_i Delta(y_i, ybar_i) / sum c, the constraint xi >= l_c - lambda <w, h_c>. Plane 0 is the
   trivial one (ybar = y: h = 0, l = 0), i.e. xi >= 0 (the paper's W starts empty with w = 0, xi = 0: the same);
   it is never dropped. Working-set dual: max over the simplex of D(a) = <a, l> - lambda/2 |w(a)|^2,
   w(a) = sum_c a_c h_c. Any such a is also a feasible point of BCFW's dual (alpha_i(y) = the total weight of
   the planes whose ybar_i = y) with the same w and value, so the engine's D = l - lambda/2|w|^2 (l = <a, l>)
   and gap mean what they mean for BCFW.
   The QP (the paper leaves its solver open; SVM^struct calls SVM-light's): pairwise Frank-Wolfe with exact line
   search on the Gram matrix (Lacoste-Julien, Jaggi, NIPS 2015, Algorithm 2: linear convergence here), warm
   started at the last a. Its FW gap max_c grad_c - <a, grad> (grad_c = l_c - lambda <w, h_c>) is exactly the
   QP's primal-dual gap lambda/2|w|^2 + xi(w) - D(a), xi(w) = max_c grad_c, so it stops at a certified qp_tol.
   Engine gap = P(w) - D(a) = [H(w) - xi(w)] + QP gap, where H(w) - xi(w) is Algorithm 4's stopping quantity
   (the most violated joint plane's excess over xi): gap <= gap_tol implies Algorithm 4's rule at eps =
   gap_tol, and its rule at eps = gap_tol - qp_tol implies gap <= gap_tol. One iteration = n oracle calls (a
   "pass"); like FW it reuses the evaluation's oracle pass at the same w.
   Reconstructed from SVM^struct 3.x (svm_struct_learn.c; not in the paper's Algorithm 4, MANUAL):
   - planes whose weight stayed 0 for drop_after iterations in a row leave the working set (SVM^struct: 50);
     when the set is full the longest-idle zero-weight plane leaves; all active: SSVM_ERR_PLANES.
   - the per-example cache of the labelings the oracle returned most recently: the joint plane built from each
     example's best cached labeling (or y_i) is used, without oracle calls, when it is violated by more than
     gap_tol beyond xi (SVM^struct: dist - slack > epsilon). */
/* The solver's own state (ssvm_solver._alg, carved by its layout: ssvm__cp_layout) */
typedef struct ssvm__cp_state {
    ssvm_real *_cp_h;      /* max_planes * d */
    double *_cp_G, *_cp_l, *_cp_a, *_cp_Ga;
    int *_cp_idle;         /* iterations each plane's weight has been 0 */
    int _cp_m, _cp_cap;
    int *_cp_cache;        /* n * cache_size slots of 1 + max_label_len ints (length, label), most recent first */
    ssvm_real *_cp_cdelta;
    int *_cp_ccount;
    ssvm_svec _cp_sv;      /* phi scratch of the cached plane */
    ssvm_cp_info _cp_info;
} ssvm__cp_state;
SSVM__STATE_FITS(ssvm__cp_state);
#define SSVM__CP(s) ((ssvm__cp_state *)(s)->_alg)
/* its options (config.cp); the averaging (none: w is the QP's solution) is the row's */
SSVM__PRIV ssvm_result ssvm__cp_check(const ssvm_solver_config *c) {
    const ssvm_cp_config *q = &c->cp;
    if (q->max_planes < 2 || q->drop_after < 0 || q->cache_size < 0 || q->qp_max_iter <= 0 ||
        !(q->qp_tol >= 0) || !ssvm__finite(q->qp_tol))
        return SSVM_ERR_INVALID_ARG;
    if (q->max_planes > 46340 || q->cache_size > (INT_MAX - 1) / 2) return SSVM_ERR_OVERFLOW;
    return SSVM_OK;
}
SSVM__PRIV ssvm_result ssvm__cp_layout(ssvm_solver *s, ssvm__arena *a) {
    if (!ssvm__take_state(s, a, sizeof(ssvm__cp_state))) return SSVM_ERR_OVERFLOW;
    const ssvm_problem *p = &s->_prob;
    size_t m = (size_t)s->_cfg.cp.max_planes, n = (size_t)p->n, ml = (size_t)p->max_label_len;
    size_t cs = (size_t)s->_cfg.cp.cache_size;
    SSVM__CP(s)->_cp_cap = (int)m;
    SSVM__CP(s)->_cp_h = (ssvm_real *)ssvm__take(a, ssvm__mulsz(a, m, (size_t)p->d), sizeof(ssvm_real));
    SSVM__CP(s)->_cp_G = (double *)ssvm__take(a, m * m, sizeof(double));
    SSVM__CP(s)->_cp_l = (double *)ssvm__take(a, m, sizeof(double));
    SSVM__CP(s)->_cp_a = (double *)ssvm__take(a, m, sizeof(double));
    SSVM__CP(s)->_cp_Ga = (double *)ssvm__take(a, m, sizeof(double));
    SSVM__CP(s)->_cp_idle = (int *)ssvm__take(a, m, sizeof(int));
    if (cs > 0) {
        size_t slots = ssvm__mulsz(a, n, cs);
        SSVM__CP(s)->_cp_cache = (int *)ssvm__take(a, ssvm__mulsz(a, slots, 1 + ml), sizeof(int));
        SSVM__CP(s)->_cp_cdelta = (ssvm_real *)ssvm__take(a, slots, sizeof(ssvm_real));
        SSVM__CP(s)->_cp_ccount = (int *)ssvm__take(a, n, sizeof(int));
        ssvm__take_svec(a, &SSVM__CP(s)->_cp_sv, p->d);
    }
    return SSVM_OK;
}
SSVM__PRIV void ssvm__cp_reset(ssvm_solver *s) {
    ssvm__cp_state *const cp = SSVM__CP(s);
    int i;
    SSVM_MEMSET(cp->_cp_h, 0, (size_t)s->_prob.d * sizeof(ssvm_real)); /* plane 0: h = 0, l = 0, all the weight */
    cp->_cp_m = 1; cp->_cp_G[0] = 0; cp->_cp_l[0] = 0; cp->_cp_a[0] = 1; cp->_cp_Ga[0] = 0; cp->_cp_idle[0] = 0;
    if (cp->_cp_ccount) for (i = 0; i < s->_prob.n; i++) cp->_cp_ccount[i] = 0;
    ssvm__svec_reset(&cp->_cp_sv, s->_prob.d);
    SSVM_MEMSET(&cp->_cp_info, 0, sizeof cp->_cp_info);
    cp->_cp_info.planes = 1; cp->_cp_info.active = 1;
}
/* Pairwise Frank-Wolfe on max_{a in simplex} <a, l> - lam/2 a'Ga over m planes (G row-major, leading dimension
   ld), from a feasible a; Ga (= G a) is recomputed first and kept. Returns the iterations made, or -1 when the
   FW gap is still above tol after max_iter (or stalls in rounding); *gap = the last FW gap, *xi = max_c grad_c. */
SSVM__PRIV int ssvm__cp_qp(int m, int ld, const double *G, const double *l, double lam, double *a, double *Ga,
                           double tol, int max_iter, double *gap, double *xi) {
    int it, c, e;
    for (it = 0;; it++) {
        int fs = 0, fv = -1;
        double ag = 0, gs = 0, gv = 0, curv, t;
        if (it % 1024 == 0) /* afresh now and then: the updates below drift by rounding */
            for (c = 0; c < m; c++) {
                double v = 0;
                for (e = 0; e < m; e++) if (a[e] != 0) v += G[(size_t)c * (size_t)ld + (size_t)e] * a[e];
                Ga[c] = v;
            }
        for (c = 0; c < m; c++) {
            double g = l[c] - lam * Ga[c];
            ag += a[c] * g;
            if (c == 0 || g > gs) { gs = g; fs = c; }             /* the FW vertex */
            if (a[c] > 0 && (fv < 0 || g < gv)) { gv = g; fv = c; } /* the away vertex */
        }
        *gap = gs - ag; *xi = gs;
        if (*gap <= tol) return it;
        if (it >= max_iter || fv < 0 || !(gs > gv)) return -1;
        /* step t along e_fs - e_fv: D rises by t (gs - gv) - lam/2 t^2 curv; t <= a_fv keeps a feasible */
        curv = G[(size_t)fs * (size_t)ld + (size_t)fs] - 2 * G[(size_t)fs * (size_t)ld + (size_t)fv] +
               G[(size_t)fv * (size_t)ld + (size_t)fv];
        t = a[fv];
        if (curv > 0 && (gs - gv) / (lam * curv) < t) t = (gs - gv) / (lam * curv);
        a[fs] += t;
        a[fv] = t == a[fv] ? 0 : a[fv] - t; /* a drop step empties fv exactly */
        for (c = 0; c < m; c++)
            Ga[c] += t * (G[(size_t)c * (size_t)ld + (size_t)fs] - G[(size_t)c * (size_t)ld + (size_t)fv]);
    }
}
/* plane c leaves the working set; the last plane takes its place */
SSVM__PRIV void ssvm__cp_remove(ssvm_solver *s, int c) {
    ssvm__cp_state *const cp = SSVM__CP(s);
    int last = cp->_cp_m - 1, e, cap = cp->_cp_cap;
    size_t d = (size_t)s->_prob.d;
    double *G = cp->_cp_G;
    if (c != last) {
        SSVM_MEMCPY(cp->_cp_h + (size_t)c * d, cp->_cp_h + (size_t)last * d, d * sizeof(ssvm_real));
        cp->_cp_l[c] = cp->_cp_l[last]; cp->_cp_a[c] = cp->_cp_a[last]; cp->_cp_Ga[c] = cp->_cp_Ga[last];
        cp->_cp_idle[c] = cp->_cp_idle[last];
        for (e = 0; e < cp->_cp_m; e++) G[(size_t)c * (size_t)cap + (size_t)e] = G[(size_t)last * (size_t)cap + (size_t)e];
        for (e = 0; e < cp->_cp_m; e++) G[(size_t)e * (size_t)cap + (size_t)c] = G[(size_t)e * (size_t)cap + (size_t)last];
    }
    cp->_cp_m--;
    cp->_cp_info.dropped++;
}
/* example i's cache: y (len ints) becomes the most recent entry (moved to the front if already there) */
SSVM__PRIV void ssvm__cp_cache_put(ssvm_solver *s, int i, const int *y, int len, ssvm_real delta) {
    size_t ml = (size_t)s->_prob.max_label_len, slot = 1 + ml, cs = (size_t)s->_cfg.cp.cache_size;
    int *base = SSVM__CP(s)->_cp_cache + (size_t)i * cs * slot, cnt = SSVM__CP(s)->_cp_ccount[i], k, j, at = -1;
    for (k = 0; k < cnt && at < 0; k++) {
        const int *e = base + (size_t)k * slot;
        if (e[0] != len) continue;
        for (j = 0; j < len && e[1 + j] == y[j]; j++) {}
        if (j == len) at = k;
    }
    if (at < 0) { at = cnt < (int)cs ? cnt : (int)cs - 1; if (cnt < (int)cs) SSVM__CP(s)->_cp_ccount[i] = cnt + 1; }
    for (k = at; k > 0; k--) { /* shift the more recent entries down one slot */
        SSVM_MEMCPY(base + (size_t)k * slot, base + (size_t)(k - 1) * slot, slot * sizeof(int));
        SSVM__CP(s)->_cp_cdelta[(size_t)i * cs + (size_t)k] = SSVM__CP(s)->_cp_cdelta[(size_t)i * cs + (size_t)k - 1];
    }
    base[0] = len;
    for (j = 0; j < len; j++) base[1 + j] = y[j];
    SSVM__CP(s)->_cp_cdelta[(size_t)i * cs] = delta;
}
/* The most violated joint plane: one oracle call per example (margin rescaling), into _sv as h, *ls = l */
SSVM__PRIV ssvm_result ssvm__cp_oracle_pass(ssvm_solver *s, double *ls) {
    const ssvm_problem *p = &s->_prob;
    double lsum = 0;
    ssvm_real delta;
    int i, len;
    ssvm_result r = SSVM_OK;
    ssvm_svec_clear(&s->_sv);
    for (i = 0; i < p->n; i++) {
        if ((r = ssvm__call_oracle(p, i, s->_w, 1.0, s->_y, &len, &delta)) != SSVM_OK) break;
        s->_prog.oracle_calls++;
        lsum += p->weights ? (double)delta * (double)p->weights[i] : (double)delta;
        r = ssvm__add_psi(p, s->_y2, i, s->_y, len, (ssvm_real)ssvm__block(p, s->_wsum, s->_cfg.lambda, i), &s->_sv);
        if (r != SSVM_OK) break;
        if (SSVM__CP(s)->_cp_cache) ssvm__cp_cache_put(s, i, s->_y, len, delta);
    }
    if (SSVM__DIST(s)) r = ssvm__dist_sum(s, &lsum, &s->_sv, r); /* >>dist: the joint plane over every rank's shard */
    if (r != SSVM_OK) return r;
    *ls = lsum / s->_wsum;
    return SSVM_OK;
}
/* <w, phi(x_i, y)> through the scratch accumulator */
SSVM__PRIV ssvm_result ssvm__cp_score(ssvm_solver *s, int i, const int *y, int len, double *out) {
    ssvm__cp_state *const cp = SSVM__CP(s);
    const ssvm_problem *p = &s->_prob;
    int rc;
    ssvm_svec_clear(&cp->_cp_sv);
    if ((rc = p->phi(p->user, i, y, len, 1, &cp->_cp_sv)) < 0) return (ssvm_result)rc;
    if (cp->_cp_sv.err) return (ssvm_result)cp->_cp_sv.err;
    *out = (double)ssvm_svec_dot(&cp->_cp_sv, s->_w);
    return SSVM_OK;
}
/* The joint plane of each example's best cached labeling (y_i when none has a positive hinge), into _sv as h;
   *ls = its l, *viol = its violation l - lambda <w, h> at the iterate (<= P's loss term) */
SSVM__PRIV ssvm_result ssvm__cp_cached_plane(ssvm_solver *s, double *ls, double *viol) {
    const ssvm_problem *p = &s->_prob;
    size_t ml = (size_t)p->max_label_len, slot = 1 + ml, cs = (size_t)s->_cfg.cp.cache_size;
    double lsum = 0, wy, v;
    int i, k, tl, best;
    ssvm_result r = SSVM_OK;
    ssvm_svec_clear(&s->_sv);
    for (i = 0; i < p->n && r == SSVM_OK; i++) {
        const int *base = SSVM__CP(s)->_cp_cache + (size_t)i * cs * slot;
        double bv = 0;
        if (SSVM__CP(s)->_cp_ccount[i] == 0) continue;
        tl = p->truth(p->user, i, s->_y2);
        if (tl < 0) { r = (ssvm_result)tl; break; }
        if (tl == 0 || tl > p->max_label_len) { r = SSVM_ERR_LABEL; break; }
        if ((r = ssvm__cp_score(s, i, s->_y2, tl, &wy)) != SSVM_OK) break;
        for (best = -1, k = 0; k < SSVM__CP(s)->_cp_ccount[i]; k++) {
            const int *e = base + (size_t)k * slot;
            if ((r = ssvm__cp_score(s, i, e + 1, e[0], &v)) != SSVM_OK) break;
            v = (double)SSVM__CP(s)->_cp_cdelta[(size_t)i * cs + (size_t)k] - (wy - v); /* H_i at this labeling */
            if (v > bv) { bv = v; best = k; }
        }
        if (r == SSVM_OK && best >= 0) {
            const int *e = base + (size_t)best * slot;
            double dl = (double)SSVM__CP(s)->_cp_cdelta[(size_t)i * cs + (size_t)best];
            lsum += p->weights ? dl * (double)p->weights[i] : dl;
            r = ssvm__add_psi(p, s->_y2, i, e + 1, e[0], (ssvm_real)ssvm__block(p, s->_wsum, s->_cfg.lambda, i), &s->_sv);
        }
    }
    if (SSVM__DIST(s)) r = ssvm__dist_sum(s, &lsum, &s->_sv, r); /* >>dist: over every rank's shard */
    if (r != SSVM_OK) return r;
    *ls = lsum / s->_wsum;
    *viol = *ls - s->_cfg.lambda * (double)ssvm_svec_dot(&s->_sv, s->_w);
    return SSVM_OK;
}
/* One iteration of Algorithm 4: the joint plane (line 4-6: the oracle at every example, or the cache), added to
   the working set (line 7), the QP over it (line 8), w = w(a); then the idle planes leave. */
SSVM__PRIV ssvm_result ssvm__cp_iteration(ssvm_solver *s) {
    const ssvm_problem *p = &s->_prob;
    const ssvm_cp_config *q = &s->_cfg.cp;
    size_t d = (size_t)p->d, cap = (size_t)SSVM__CP(s)->_cp_cap;
    double lam = s->_cfg.lambda, ls = 0, tol, gap = 0, xi = 0, l = 0, *G = SSVM__CP(s)->_cp_G;
    int m, c, it, cached = 0, j;
    ssvm_svec *acc = &s->_sv;
    ssvm_real *h;
    ssvm_result r;
    tol = q->qp_tol > 0 ? q->qp_tol : s->_cfg.gap_tol > 0 ? 0.25 * s->_cfg.gap_tol
        : (sizeof(ssvm_real) < sizeof(double) ? 1e-6 : 1e-9);
    if (s->_reuse) { /* the evaluation's pass at this w is the plane: count it as training */
        ls = s->_reuse_ls;
        s->_prog.eval_oracle_calls -= p->n; s->_prog.oracle_calls += p->n;
        s->_prog.eval_wall_seconds -= s->_reuse_wall; s->_prog.wall_seconds += s->_reuse_wall;
        s->_prog.eval_cpu_seconds -= s->_reuse_cpu; s->_prog.cpu_seconds += s->_reuse_cpu;
    } else {
        if (SSVM__CP(s)->_cp_cache && s->_k > 0) {
            double viol = 0, thr = s->_cfg.gap_tol > 0 ? s->_cfg.gap_tol : tol;
            if ((r = ssvm__cp_cached_plane(s, &ls, &viol)) != SSVM_OK) return r;
            cached = viol - SSVM__CP(s)->_cp_info.xi > thr;
        }
        if (!cached && (r = ssvm__cp_oracle_pass(s, &ls)) != SSVM_OK) return r;
    }
    s->_reuse = 0;
    if (SSVM__CP(s)->_cp_m == SSVM__CP(s)->_cp_cap) { /* full: the longest-idle plane with zero weight leaves */
        int best = -1;
        for (c = 1; c < SSVM__CP(s)->_cp_m; c++)
            if (SSVM__CP(s)->_cp_a[c] == 0 && (best < 0 || SSVM__CP(s)->_cp_idle[c] > SSVM__CP(s)->_cp_idle[best])) best = c;
        if (best < 0) return SSVM_ERR_PLANES;
        ssvm__cp_remove(s, best);
    }
    m = SSVM__CP(s)->_cp_m;
    h = SSVM__CP(s)->_cp_h + (size_t)m * d;
    SSVM_MEMSET(h, 0, d * sizeof(ssvm_real));
    for (j = 0; j < acc->nnz; j++) h[acc->idx[j]] = acc->val[acc->idx[j]];
    for (c = 0; c <= m; c++) { /* a row of the Gram matrix: O(nnz(h)) a plane */
        double v = (double)ssvm_svec_dot(acc, SSVM__CP(s)->_cp_h + (size_t)c * d);
        G[(size_t)m * cap + (size_t)c] = v; G[(size_t)c * cap + (size_t)m] = v;
    }
    if (!ssvm__finite(G[(size_t)m * cap + (size_t)m]) || !ssvm__finite(ls)) return SSVM_ERR_NONFINITE;
    SSVM__CP(s)->_cp_l[m] = ls; SSVM__CP(s)->_cp_a[m] = 0; SSVM__CP(s)->_cp_idle[m] = 0; SSVM__CP(s)->_cp_Ga[m] = 0;
    SSVM__CP(s)->_cp_m = ++m;
    SSVM__CP(s)->_cp_info.added++;
    if (cached) SSVM__CP(s)->_cp_info.cached_iterations++;
    it = ssvm__cp_qp(m, (int)cap, G, SSVM__CP(s)->_cp_l, lam, SSVM__CP(s)->_cp_a, SSVM__CP(s)->_cp_Ga, tol, q->qp_max_iter, &gap, &xi);
    SSVM__CP(s)->_cp_info.qp_iterations += it >= 0 ? it : q->qp_max_iter;
    /* w = sum_c a_c h_c (summed in double) into scratch, checked before it is written */
    for (j = 0; j < p->d; j++) {
        double v = 0;
        for (c = 0; c < m; c++) if (SSVM__CP(s)->_cp_a[c] != 0) v += SSVM__CP(s)->_cp_a[c] * (double)SSVM__CP(s)->_cp_h[(size_t)c * d + (size_t)j];
        s->_wtmp[j] = (ssvm_real)v;
        if (!ssvm__finite((double)s->_wtmp[j])) return SSVM_ERR_NONFINITE;
    }
    SSVM_MEMCPY(s->_w, s->_wtmp, d * sizeof(ssvm_real));
    for (c = 0; c < m; c++) l += SSVM__CP(s)->_cp_a[c] * SSVM__CP(s)->_cp_l[c];
    s->_l = l;
    for (c = m - 1; c >= 1; c--) { /* top down: a removal moves an already visited plane into c */
        if (SSVM__CP(s)->_cp_a[c] != 0) { SSVM__CP(s)->_cp_idle[c] = 0; continue; }
        SSVM__CP(s)->_cp_idle[c]++;
        if (q->drop_after && SSVM__CP(s)->_cp_idle[c] >= q->drop_after) ssvm__cp_remove(s, c);
    }
    SSVM__CP(s)->_cp_info.planes = SSVM__CP(s)->_cp_m;
    for (SSVM__CP(s)->_cp_info.active = 0, c = 0; c < SSVM__CP(s)->_cp_m; c++) SSVM__CP(s)->_cp_info.active += SSVM__CP(s)->_cp_a[c] != 0;
    SSVM__CP(s)->_cp_info.qp_gap = gap; SSVM__CP(s)->_cp_info.xi = xi;
    s->_k++;
    s->_prog.steps++;
    return it < 0 ? SSVM_ERR_QP : SSVM_OK;
}
/* The cutting plane's row (>>algorithms): one iteration a pass (its evaluation pass reused, as FW's) */
SSVM__PRIV ssvm_result ssvm__cp_pass(ssvm_solver *s, int limit) { (void)limit; return ssvm__cp_iteration(s); }
STRUCTSVM_DEF ssvm_result ssvm_solver_state_kind(const ssvm_solver *s, ssvm_state_kind *out) {
    if (!s || !out || !s->_heap) return SSVM_ERR_INVALID_ARG;
    if (!ssvm__has_blocks(&s->_cfg) || s->_state_kind < 0) return SSVM_ERR_NOT_SUPPORTED;
    *out = (ssvm_state_kind)s->_state_kind;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_solver_cp_info(const ssvm_solver *s, ssvm_cp_info *out) {
    if (!s || !out || !s->_heap) return SSVM_ERR_INVALID_ARG;
    if (s->_cfg.solver != SSVM_CUTTING_PLANE) return SSVM_ERR_NOT_SUPPORTED;
    *out = SSVM__CP(s)->_cp_info;
    return SSVM_OK;
}

#endif /* SSVM__HAS_CUTTING_PLANE */
#endif /* STRUCTSVM_PREDICT_ONLY */

/* >>cliquegen: clique generation with the l2,1-squared regulariser (implementation). Tan, Shi, van den Hengel,
   Shen, Gao, Hu, Zhang, "Learning Graph Structure for Multi-Label Image Classification via Clique Generation",
   CVPR 2015, as restated in its supplement (sections A-F; the main paper's Algorithms 1 and 2 are reconstructed
   from it). Notation: w = [u; omega_1 .. omega_T], candidate k = edge k of the graph model, its table omega_k at
   w[L F + 4k]. The dual variable alpha_i (a distribution over labelings, sum <= 1, eq. 15) is kept through its
   statistics: c_il = sum_y alpha_iy (y_il - y_l), p_i = sum_y alpha_iy (onehot_k(y_i) - onehot_k(y)) for every
   candidate k, l_i = sum_y alpha_iy Delta(y, y_i). v = (1/(lambda n)) sum_i Phi_i(alpha_i) is the argument of
   Omega* in (15): its u block IS u (grad of 1/2|u|^2 is the identity), its omega block (all T candidates) gives
   omega through Algorithm 3 on the active ones. Reconstruction decisions C1-C9 are marked where they act and
   listed in the MANUAL (CLIQUE GENERATION). */
#ifndef STRUCTSVM_PREDICT_ONLY
#if SSVM__HAS_CLIQUEGEN
/* The solver's own state (ssvm_solver._alg, carved by its layout: ssvm__cg_layout) */
typedef struct ssvm__cg_state {
    ssvm_real *_cg_c, *_cg_p, *_cg_v, *_cg_unary, *_cg_pair, *_cg_dc, *_cg_dp, *_cg_z, *_cg_om, *_cg_zt, *_cg_omt;
    double *_cg_li, *_cg_nrm;
    int *_cg_act, *_cg_alist, *_cg_aedges, *_cg_ord, *_cg_yt;
    void *_cg_work; size_t _cg_work_bytes;
    int _cg_L, _cg_F, _cg_T, _cg_na, _cg_h, _cg_t, _cg_stop;
    double _cg_tau, _cg_sigma, _cg_s, _cg_theta, _cg_lsum, _cg_hsum, _cg_fh[6], _cg_ft[3], _cg_unit;
} ssvm__cg_state;
SSVM__STATE_FITS(ssvm__cg_state);
#define SSVM__CG(s) ((ssvm__cg_state *)(s)->_alg)
/* Algorithm 3 (supplement E). nrm: T doubles, ord: T ints. Group k = z[off[k] .. off[k+1]) or, off NULL,
   z[gs k .. gs (k+1)). Returns tau. */
SSVM__PRIV double ssvm__l21sq(int T, const int *off, int gs, const ssvm_real *z, double s, ssvm_real *om, double *nrm,
                              int *ord) {
    int k, j, rho = 0;
    double cum = 0, top = 0, tau;
    for (k = 0; k < T; k++) { /* line 1: o_k = |s z_k| */
        int b = off ? off[k] : gs * k, e = off ? off[k + 1] : gs * (k + 1);
        double nn = 0;
        for (j = b; j < e; j++) nn += (double)z[j] * (double)z[j];
        nrm[k] = s * SSVM_SQRT(nn);
    }
    ssvm__sort_desc(T, nrm, ord); /* line 2 */
    for (k = 0; k < T; k++) { /* line 3: the largest rho with o_(rho) > s/(1 + rho s) sum_{i <= rho} o_(i) */
        cum += nrm[ord[k]];
        if (nrm[ord[k]] - s / (1 + (k + 1) * s) * cum > 0) { rho = k + 1; top = cum; }
    }
    tau = rho ? s / (1 + rho * s) * top : 0; /* line 4 */
    for (k = 0; k < T; k++) { /* lines 5-6 */
        int b = off ? off[k] : gs * k, e = off ? off[k + 1] : gs * (k + 1);
        double o = nrm[k] - tau, f = o > 0 ? o / nrm[k] * s : 0;
        for (j = b; j < e; j++) om[j] = (ssvm_real)(f * (double)z[j]);
    }
    return tau;
}
STRUCTSVM_DEF ssvm_result ssvm_l21sq_grad_get_work_size(int T, size_t *bytes) {
    ssvm__arena a = {0, 0, 0, 0};
    ssvm_result r;
    if ((r = ssvm__size_begin(bytes, T <= 0 ? SSVM_ERR_EMPTY : SSVM_OK)) != SSVM_OK) return r;
    ssvm__take(&a, (size_t)T, sizeof(double));
    ssvm__take(&a, (size_t)T, sizeof(int));
    return ssvm__arena_bytes(&a, bytes);
}
STRUCTSVM_DEF ssvm_result ssvm_l21sq_grad(int T, const int *off, const ssvm_real *z, double s, ssvm_real *omega,
                                          void *work, size_t work_bytes, double *tau) {
    size_t need = 0;
    ssvm__arena a;
    ssvm_result r;
    double *nrm, t;
    int k;
    if (!off || !z || !omega) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm__arena_over(ssvm_l21sq_grad_get_work_size(T, &need), &need, work, work_bytes, &a)) != SSVM_OK)
        return r;
    if (off[0] != 0) return SSVM_ERR_INVALID_ARG;
    for (k = 0; k < T; k++) if (off[k + 1] < off[k]) return SSVM_ERR_INVALID_ARG;
    if (!(s > 0) || !ssvm__finite(s)) return SSVM_ERR_SIGMA;
    for (k = 0; k < off[T]; k++) if (!ssvm__finite((double)z[k])) return SSVM_ERR_NONFINITE;
    nrm = (double *)ssvm__take(&a, (size_t)T, sizeof(double));
    t = ssvm__l21sq(T, off, 0, z, s, omega, nrm, (int *)ssvm__take(&a, (size_t)T, sizeof(int)));
    for (k = 0; k < off[T]; k++) if (!ssvm__finite((double)omega[k])) return SSVM_ERR_NONFINITE;
    if (tau) *tau = t;
    return SSVM_OK;
}

SSVM__PRIV double ssvm__cg_abs(double x) { return x < 0 ? -x : x; }
/* the candidate list: non-empty, labels in range, no self-loop, no pair twice (either orientation) */
SSVM__PRIV ssvm_result ssvm__cg_check(const ssvm_solver_config *c) {
    const ssvm_cg_config *q = &c->cg;
    const ssvm_graph *g = q->graph;
    int L, T, e, f;
    if (!g) return SSVM_ERR_INVALID_ARG;
    L = g->config.n_labels; T = g->config.n_edges;
    if (T <= 0 || !g->config.edges) return SSVM_ERR_CLIQUE;
    for (e = 0; e < T; e++) {
        int a = g->config.edges[2 * e], b = g->config.edges[2 * e + 1];
        if (a < 0 || a >= L || b < 0 || b >= L || a == b) return SSVM_ERR_CLIQUE;
        for (f = 0; f < e; f++) { /* O(T^2) once per init; T <= L(L-1)/2 */
            int a2 = g->config.edges[2 * f], b2 = g->config.edges[2 * f + 1];
            if ((a == a2 && b == b2) || (a == b2 && b == a2)) return SSVM_ERR_CLIQUE;
        }
    }
    if (q->sigma_fixed ? !(q->sigma > 0) || !ssvm__finite(q->sigma) : !(q->eps > 0) || !ssvm__finite(q->eps))
        return SSVM_ERR_SIGMA;
    if (c->problem->user != (const void *)g || c->problem->d != ssvm_graph_dim(&g->config) || c->problem->n != g->config.n)
        return SSVM_ERR_INVALID_ARG; /* the problem must be the graph model's own */
    if (q->batch <= 0 || q->max_inner_passes < 0 || !(q->theta0 >= 1) || !ssvm__finite(q->theta0) ||
        !(q->theta_growth >= 1) || !ssvm__finite(q->theta_growth) || !(q->eps_inner >= 0) || !ssvm__finite(q->eps_inner) ||
        !(q->eps_outer >= 0) || !ssvm__finite(q->eps_outer))
        return SSVM_ERR_INVALID_ARG;
    return SSVM_OK;
}
SSVM__PRIV ssvm_result ssvm__cg_layout(ssvm_solver *s, ssvm__arena *a) {
    if (!ssvm__take_state(s, a, sizeof(ssvm__cg_state))) return SSVM_ERR_OVERFLOW;
    const ssvm_graph *g = s->_cfg.cg.graph;
    int L = g->config.n_labels, T = g->config.n_edges;
    size_t n = (size_t)s->_prob.n, wb = 0, P = 4 * (size_t)T;
    ssvm_result r;
    SSVM__CG(s)->_cg_L = L; SSVM__CG(s)->_cg_F = g->config.n_attrs; SSVM__CG(s)->_cg_T = T;
    if ((r = ssvm_graph_map_get_work_size(L, T, 0, g->config.method, &wb)) != SSVM_OK) return r;
    SSVM__CG(s)->_cg_c = (ssvm_real *)ssvm__take(a, ssvm__mulsz(a, n, (size_t)L), sizeof(ssvm_real));
    SSVM__CG(s)->_cg_p = (ssvm_real *)ssvm__take(a, ssvm__mulsz(a, n, P), sizeof(ssvm_real));
    SSVM__CG(s)->_cg_li = (double *)ssvm__take(a, n, sizeof(double));
    SSVM__CG(s)->_cg_v = (ssvm_real *)ssvm__take(a, P, sizeof(ssvm_real));
    SSVM__CG(s)->_cg_z = (ssvm_real *)ssvm__take(a, P, sizeof(ssvm_real));
    SSVM__CG(s)->_cg_om = (ssvm_real *)ssvm__take(a, P, sizeof(ssvm_real));
    SSVM__CG(s)->_cg_zt = (ssvm_real *)ssvm__take(a, P, sizeof(ssvm_real));
    SSVM__CG(s)->_cg_omt = (ssvm_real *)ssvm__take(a, P, sizeof(ssvm_real));
    SSVM__CG(s)->_cg_pair = (ssvm_real *)ssvm__take(a, P, sizeof(ssvm_real));
    SSVM__CG(s)->_cg_dp = (ssvm_real *)ssvm__take(a, P, sizeof(ssvm_real));
    SSVM__CG(s)->_cg_unary = (ssvm_real *)ssvm__take(a, 2 * (size_t)L, sizeof(ssvm_real));
    SSVM__CG(s)->_cg_dc = (ssvm_real *)ssvm__take(a, (size_t)L, sizeof(ssvm_real));
    SSVM__CG(s)->_cg_nrm = (double *)ssvm__take(a, (size_t)T, sizeof(double));
    SSVM__CG(s)->_cg_act = (int *)ssvm__take(a, (size_t)T, sizeof(int));
    SSVM__CG(s)->_cg_alist = (int *)ssvm__take(a, (size_t)T, sizeof(int));
    SSVM__CG(s)->_cg_ord = (int *)ssvm__take(a, (size_t)T, sizeof(int));
    SSVM__CG(s)->_cg_aedges = (int *)ssvm__take(a, 2 * (size_t)T, sizeof(int));
    SSVM__CG(s)->_cg_yt = (int *)ssvm__take(a, (size_t)L, sizeof(int));
    SSVM__CG(s)->_cg_work_bytes = wb;
    SSVM__CG(s)->_cg_work = ssvm__take(a, wb, 1);
    return SSVM_OK;
}
/* omega = Algorithm 3 on the active groups of v, written into w (inactive omega_k stay 0) */
SSVM__PRIV void ssvm__cg_omega(ssvm_solver *s) {
    ssvm__cg_state *const cg = SSVM__CG(s);
    int a, j, na = cg->_cg_na, base = cg->_cg_L * cg->_cg_F;
    for (a = 0; a < na; a++) for (j = 0; j < 4; j++) cg->_cg_z[4 * a + j] = cg->_cg_v[4 * cg->_cg_alist[a] + j];
    cg->_cg_tau = na > 0 ? ssvm__l21sq(na, 0, 4, cg->_cg_z, cg->_cg_s, cg->_cg_om, cg->_cg_nrm, cg->_cg_ord) : 0;
    for (a = 0; a < na; a++) for (j = 0; j < 4; j++) s->_w[base + 4 * cg->_cg_alist[a] + j] = cg->_cg_om[4 * a + j];
}
SSVM__PRIV void ssvm__cg_activate(ssvm_solver *s, int k) {
    const int *ed = s->_cfg.cg.graph->config.edges;
    int na = SSVM__CG(s)->_cg_na;
    SSVM__CG(s)->_cg_act[k] = 1; SSVM__CG(s)->_cg_alist[na] = k;
    SSVM__CG(s)->_cg_aedges[2 * na] = ed[2 * k]; SSVM__CG(s)->_cg_aedges[2 * na + 1] = ed[2 * k + 1];
    SSVM__CG(s)->_cg_na = na + 1;
}
/* fresh state: alpha = 0 (w = 0), no clique active (or all, cg.all_active), theta = theta0 */
SSVM__PRIV void ssvm__cg_reset(ssvm_solver *s) {
    const ssvm_cg_config *q = &s->_cfg.cg;
    int L = SSVM__CG(s)->_cg_L, T = SSVM__CG(s)->_cg_T, k;
    size_t n = (size_t)s->_prob.n;
    double theta_max;
    SSVM_MEMSET(SSVM__CG(s)->_cg_c, 0, n * (size_t)L * sizeof(ssvm_real));
    SSVM_MEMSET(SSVM__CG(s)->_cg_p, 0, n * 4 * (size_t)T * sizeof(ssvm_real));
    SSVM_MEMSET(SSVM__CG(s)->_cg_v, 0, 4 * (size_t)T * sizeof(ssvm_real));
    for (k = 0; k < s->_prob.n; k++) SSVM__CG(s)->_cg_li[k] = 0;
    for (k = 0; k < T; k++) SSVM__CG(s)->_cg_act[k] = 0;
    SSVM__CG(s)->_cg_na = 0;
    /* C8: Algorithm 1 starts from the unary model alone (no clique active) */
    if (q->all_active) for (k = 0; k < T; k++) ssvm__cg_activate(s, k);
    SSVM__CG(s)->_cg_unit = (double)ssvm__graph_unit(q->graph);
    /* C7: Proposition 2 with Theta = (1/n) sum_i max_y Delta(y, y_i) = L * unit for the Hamming loss (flip every
       label), exactly; eps is cg.eps (the paper does not give its value) */
    theta_max = (double)L * SSVM__CG(s)->_cg_unit;
    SSVM__CG(s)->_cg_sigma = q->sigma_fixed ? q->sigma : s->_cfg.lambda * q->eps / (2 * theta_max);
    SSVM__CG(s)->_cg_s = s->_cfg.lambda / SSVM__CG(s)->_cg_sigma;
    SSVM__CG(s)->_cg_theta = q->theta0;
    SSVM__CG(s)->_cg_h = 0; SSVM__CG(s)->_cg_t = 0; SSVM__CG(s)->_cg_stop = SSVM_CG_RUNNING;
    SSVM__CG(s)->_cg_lsum = 0; SSVM__CG(s)->_cg_hsum = 0;
    for (k = 0; k < 6; k++) SSVM__CG(s)->_cg_fh[k] = 0;
    for (k = 0; k < 3; k++) SSVM__CG(s)->_cg_ft[k] = 0;
    ssvm__cg_omega(s); /* v = 0: omega = 0, tau = 0, and the gathered z defined */
}
/* The loss-augmented MAP of example i on the active graph with the graph model's exact decoders: y, and
   H_i = max_y [Delta(y, y_i) - <w, Phi_{y_i, y}(x_i)>] >= 0. Fills _cg_unary (u_l . x_i) and _cg_pair. */
SSVM__PRIV ssvm_result ssvm__cg_map(ssvm_solver *s, int i, int *y, double *H) {
    const ssvm_graph *g = s->_cfg.cg.graph;
    int L = SSVM__CG(s)->_cg_L, na = SSVM__CG(s)->_cg_na, a, j, l, base = L * SSVM__CG(s)->_cg_F;
    const int *t = g->config.labels + (size_t)i * L;
    double best = 0, truth = 0;
    ssvm_result r;
    ssvm__graph_scores(g, s->_w, i, SSVM__CG(s)->_cg_unary);
    for (a = 0; a < na; a++) for (j = 0; j < 4; j++) SSVM__CG(s)->_cg_pair[4 * a + j] = s->_w[base + 4 * SSVM__CG(s)->_cg_alist[a] + j];
    r = ssvm_graph_map(L, na, SSVM__CG(s)->_cg_aedges, SSVM__CG(s)->_cg_unary, SSVM__CG(s)->_cg_pair, t, SSVM__CG(s)->_cg_unit, g->config.method, SSVM__CG(s)->_cg_work,
                       SSVM__CG(s)->_cg_work_bytes, y, &best);
    if (r != SSVM_OK) return r;
    for (l = 0; l < L; l++) truth += (double)SSVM__CG(s)->_cg_unary[2 * l + t[l]];
    for (a = 0; a < na; a++) truth += (double)SSVM__CG(s)->_cg_pair[4 * a + 2 * t[SSVM__CG(s)->_cg_aedges[2 * a]] + t[SSVM__CG(s)->_cg_aedges[2 * a + 1]]];
    *H = best - truth;
    if (*H < 0) *H = 0; /* y = y_i is a candidate: only rounding makes it negative */
    return SSVM_OK;
}
/* |x_i|^2 */
SSVM__PRIV double ssvm__cg_xx(const ssvm_graph *g, int i) {
    int F = g->config.n_attrs, k;
    double xx = 0;
    if (g->config.x) for (k = 0; k < F; k++) { double v = (double)g->config.x[(size_t)i * F + k]; xx += v * v; }
    else
        for (k = g->config.row_start[i]; k < g->config.row_start[i + 1]; k++) {
            double v = g->config.attr_val ? (double)g->config.attr_val[k] : 1.0;
            xx += v * v;
        }
    return xx;
}
/* u_l += c x_i */
SSVM__PRIV void ssvm__cg_add_x(ssvm_solver *s, int i, int l, double c) {
    const ssvm_graph *g = s->_cfg.cg.graph;
    int F = g->config.n_attrs, k;
    ssvm_real *wl = s->_w + (size_t)l * F;
    if (g->config.x) for (k = 0; k < F; k++) wl[k] = (ssvm_real)((double)wl[k] + c * (double)g->config.x[(size_t)i * F + k]);
    else
        for (k = g->config.row_start[i]; k < g->config.row_start[i + 1]; k++)
            wl[g->config.attr_id[k]] = (ssvm_real)((double)wl[g->config.attr_id[k]] +
                                                   c * (g->config.attr_val ? (double)g->config.attr_val[k] : 1.0));
}
/* Omega*'s omega part at z (na active groups of 4) given its maximiser om: <z, om> - |om|^2/(2s) - (sum |om_k|)^2/2 */
SSVM__PRIV double ssvm__cg_conj(int na, const ssvm_real *z, const ssvm_real *om, double s) {
    int a, j;
    double dot = 0, sq = 0, sum = 0;
    for (a = 0; a < na; a++) {
        double nn = 0;
        for (j = 0; j < 4; j++) { dot += (double)z[4 * a + j] * (double)om[4 * a + j]; nn += (double)om[4 * a + j] * (double)om[4 * a + j]; }
        sq += nn; sum += SSVM_SQRT(nn);
    }
    return dot - sq / (2 * s) - 0.5 * sum * sum;
}
/* g' J g for J the Jacobian of Algorithm 3's map at the active z (the local curvature of Omega*'s omega part along
   g): on the support S (rho groups), omega_k = s z_k - tau z_k/|z_k| with tau = s^2/(1 + rho s) sum_S |z_j|. */
SSVM__PRIV double ssvm__cg_curv(const ssvm_solver *s, const ssvm_real *g) {
    const ssvm__cg_state *const cg = SSVM__CG(s);
    int a, j, na = cg->_cg_na, rho = 0;
    double sc = cg->_cg_s, tau = cg->_cg_tau, proj = 0, q = 0;
    for (a = 0; a < na; a++) {
        double zz = 0, zg = 0, gg = 0, zn;
        int on = 0;
        for (j = 0; j < 4; j++) {
            double z = (double)cg->_cg_z[4 * a + j], gj = (double)g[4 * a + j];
            zz += z * z; zg += z * gj; gg += gj * gj; on |= cg->_cg_om[4 * a + j] != 0;
        }
        if (!on || !(zz > 0)) continue;
        zn = SSVM_SQRT(zz);
        rho++; proj += zg / zn;
        q += sc * gg - tau / zn * (gg - zg * zg / zz);
    }
    if (rho) q -= sc * sc / (1 + rho * sc) * proj * proj;
    return q > 0 ? q : 0;
}
/* One step of Algorithm 2 on example i. C1: the paper's update delta = lambda n (Delta - d) / (theta (a^2 + nu))
   is the maximiser of the dual's local quadratic model along one coordinate alpha_{i yhat}; we take it along
   the direction e_yhat - alpha_i (alpha_i known through its statistics), so that the constraint sum <= 1 of
   (15) holds exactly by clipping the step to [0, 1]; from alpha_i = 0 this is the paper's update verbatim.
   d = <w, Phi_{y_i, yhat} - Phi_i(alpha_i)>, Delta the loss gap Delta(yhat, y_i) - l_i, a^2 = |the unary part
   of that feature difference g|^2 (grad Omega* is the identity on u), nu = g' J g on the active cliques, J the
   Jacobian of Algorithm 3's map at v (C2: the local curvature of Omega*; the global bound s = lambda/sigma
   makes the steps ~1/s too short). C2b: a step that does not increase the dual of (11) (a kink of Algorithm 3
   crossed) is halved until it does, so Algorithm 2 is a monotone ascent on (15). */
SSVM__PRIV ssvm_result ssvm__cg_step(ssvm_solver *s, int i) {
    const ssvm_graph *g = s->_cfg.cg.graph;
    int L = SSVM__CG(s)->_cg_L, T = SSVM__CG(s)->_cg_T, na = SSVM__CG(s)->_cg_na, l, k, j, a, *y = s->_y, tries;
    const int *t = g->config.labels + (size_t)i * L, *ed = g->config.edges;
    ssvm_real *ci = SSVM__CG(s)->_cg_c + (size_t)i * L, *pi = SSVM__CG(s)->_cg_p + (size_t)i * 4 * T;
    double H, dl, du = 0, dw = 0, aa = 0, nu, gap, gamma, lam = s->_cfg.lambda, n = (double)s->_prob.n, coef;
    double c0, tol;
    int wrong = 0;
    ssvm_result r;
    if ((r = ssvm__cg_map(s, i, y, &H)) != SSVM_OK) return r;
    s->_prog.oracle_calls++;
    SSVM__CG(s)->_cg_hsum += H;
    for (l = 0; l < L; l++) {
        wrong += y[l] != t[l];
        SSVM__CG(s)->_cg_dc[l] = (ssvm_real)((double)(t[l] - y[l]) - (double)ci[l]);
        du += (double)SSVM__CG(s)->_cg_dc[l] * (double)SSVM__CG(s)->_cg_unary[2 * l + 1];
        aa += (double)SSVM__CG(s)->_cg_dc[l] * (double)SSVM__CG(s)->_cg_dc[l];
    }
    aa *= ssvm__cg_xx(g, i);
    for (k = 0; k < T; k++) {
        ssvm_real *dp = SSVM__CG(s)->_cg_dp + 4 * k;
        for (j = 0; j < 4; j++) dp[j] = -pi[4 * k + j];
        dp[2 * t[ed[2 * k]] + t[ed[2 * k + 1]]] += 1;
        dp[2 * y[ed[2 * k]] + y[ed[2 * k + 1]]] -= 1;
    }
    for (a = 0; a < na; a++) { /* g on the active cliques, gathered like _cg_z */
        k = SSVM__CG(s)->_cg_alist[a];
        for (j = 0; j < 4; j++) {
            SSVM__CG(s)->_cg_zt[4 * a + j] = SSVM__CG(s)->_cg_dp[4 * k + j];
            dw += (double)SSVM__CG(s)->_cg_dp[4 * k + j] * (double)s->_w[L * SSVM__CG(s)->_cg_F + 4 * k + j];
        }
    }
    nu = ssvm__cg_curv(s, SSVM__CG(s)->_cg_zt);
    dl = (double)wrong * SSVM__CG(s)->_cg_unit - SSVM__CG(s)->_cg_li[i];
    gap = dl - du - dw;
    if (!(gap > 0)) return SSVM_OK; /* no ascent direction: alpha_i stays */
    gamma = aa + nu > 0 ? lam * n * gap / (SSVM__CG(s)->_cg_theta * (aa + nu)) : 1;
    if (gamma > 1) gamma = 1;
    /* C2b: the dual change of (11) along the step, exactly (Omega* in closed form through Algorithm 3) */
    c0 = ssvm__cg_conj(na, SSVM__CG(s)->_cg_z, SSVM__CG(s)->_cg_om, SSVM__CG(s)->_cg_s);
    tol = SSVM__ROUND_TOL * (1 + (c0 < 0 ? -c0 : c0));
    for (tries = 0; na > 0 && tries < 60; tries++) {
        double cf = gamma / (lam * n), c1, dd;
        for (a = 0; a < na; a++)
            for (j = 0; j < 4; j++)
                SSVM__CG(s)->_cg_zt[4 * a + j] = (ssvm_real)((double)SSVM__CG(s)->_cg_z[4 * a + j] + cf * (double)SSVM__CG(s)->_cg_dp[4 * SSVM__CG(s)->_cg_alist[a] + j]);
        ssvm__l21sq(na, 0, 4, SSVM__CG(s)->_cg_zt, SSVM__CG(s)->_cg_s, SSVM__CG(s)->_cg_omt, SSVM__CG(s)->_cg_nrm, SSVM__CG(s)->_cg_ord);
        c1 = ssvm__cg_conj(na, SSVM__CG(s)->_cg_zt, SSVM__CG(s)->_cg_omt, SSVM__CG(s)->_cg_s);
        dd = gamma * (dl - du) / n - 0.5 * gamma * gamma * aa / (lam * n * n) - lam * (c1 - c0);
        if (dd > -tol * gamma) break;
        gamma *= 0.5;
    }
    if (tries == 60) return SSVM_OK;
    /* alpha_i <- (1 - gamma) alpha_i + gamma e_yhat: statistics, v (u in place), then omega by Algorithm 3 */
    SSVM__CG(s)->_cg_li[i] += gamma * dl;
    SSVM__CG(s)->_cg_lsum += gamma * dl;
    coef = gamma / (lam * n);
    for (l = 0; l < L; l++)
        if (SSVM__CG(s)->_cg_dc[l] != 0) {
            ci[l] = (ssvm_real)((double)ci[l] + gamma * (double)SSVM__CG(s)->_cg_dc[l]);
            ssvm__cg_add_x(s, i, l, coef * (double)SSVM__CG(s)->_cg_dc[l]);
        }
    for (k = 0; k < 4 * T; k++)
        if (SSVM__CG(s)->_cg_dp[k] != 0) {
            pi[k] = (ssvm_real)((double)pi[k] + gamma * (double)SSVM__CG(s)->_cg_dp[k]);
            SSVM__CG(s)->_cg_v[k] = (ssvm_real)((double)SSVM__CG(s)->_cg_v[k] + coef * (double)SSVM__CG(s)->_cg_dp[k]);
        }
    ssvm__cg_omega(s);
    return SSVM_OK;
}
/* Q(w) = lambda/2 |u|^2 + lambda/2 (sum_k |omega_k|)^2 + sigma/2 |omega|^2 without the loss term; *sn gets
   sum_k |omega_k| over the active cliques (the omega_k of the others are 0) */
SSVM__PRIV double ssvm__cg_reg(const ssvm_solver *s, int smooth, double *sn) {
    const ssvm__cg_state *const cg = SSVM__CG(s);
    int a, j, LF = cg->_cg_L * cg->_cg_F;
    double uu = (double)ssvm__dot(LF, s->_w, s->_w), sum = 0, oo = 0;
    for (a = 0; a < cg->_cg_na; a++) {
        double nn = 0;
        for (j = 0; j < 4; j++) { double v = (double)s->_w[LF + 4 * cg->_cg_alist[a] + j]; nn += v * v; }
        sum += SSVM_SQRT(nn); oo += nn;
    }
    if (sn) *sn = sum;
    return 0.5 * s->_cfg.lambda * (uu + sum * sum) + (smooth ? 0.5 * cg->_cg_sigma * oo : 0);
}
/* Algorithm 1's outer step, after Algorithm 2 stopped (A.1): f^t, A.3, then score every inactive candidate by
   |v_k|, the norm of its block of the dual's z (the group gradient of Proposition 1), and activate the `batch`
   most violated. C4: k violates when |v_k| > sum_{active} |omega_j| = tau / s, the threshold above which
   Algorithm 3 would give omega_k != 0 (at the optimum of (10) the constraint |v_k| <= gamma of Proposition 1,
   gamma = lambda sum |omega_j|, in the scaling of (15)). */
SSVM__PRIV void ssvm__cg_outer(ssvm_solver *s, double fh) {
    const ssvm_cg_config *q = &s->_cfg.cg;
    int T = SSVM__CG(s)->_cg_T, k, m = 0, added = 0;
    double thr;
    SSVM__CG(s)->_cg_t++;
    SSVM__CG(s)->_cg_ft[0] = SSVM__CG(s)->_cg_ft[1]; SSVM__CG(s)->_cg_ft[1] = SSVM__CG(s)->_cg_ft[2]; SSVM__CG(s)->_cg_ft[2] = fh;
    if (q->stop_rules && q->eps_outer > 0 && SSVM__CG(s)->_cg_t > 2 &&
        ssvm__cg_abs(SSVM__CG(s)->_cg_ft[2] - SSVM__CG(s)->_cg_ft[0]) <= q->eps_outer * ssvm__cg_abs(SSVM__CG(s)->_cg_ft[0])) {
        SSVM__CG(s)->_cg_stop = SSVM_CG_STOP_A3;
        return;
    }
    ssvm__cg_reg(s, 0, &thr);
    thr *= 1 + 1e-9; /* C4: rounding must not activate a candidate that sits on the threshold */
    for (k = 0; k < T; k++) {
        double nn = 0;
        int j;
        for (j = 0; j < 4; j++) nn += (double)SSVM__CG(s)->_cg_v[4 * k + j] * (double)SSVM__CG(s)->_cg_v[4 * k + j];
        SSVM__CG(s)->_cg_nrm[k] = SSVM__CG(s)->_cg_act[k] ? -1 : SSVM_SQRT(nn);
        if (!SSVM__CG(s)->_cg_act[k] && SSVM__CG(s)->_cg_nrm[k] > thr && SSVM__CG(s)->_cg_nrm[k] > 0) m++;
    }
    if (m == 0) {
        if (q->stop_rules) SSVM__CG(s)->_cg_stop = SSVM_CG_STOP_NO_VIOLATOR;
        SSVM__CG(s)->_cg_h = 0; /* stop_rules 0: Algorithm 2 goes on on the same set */
        return;
    }
    ssvm__sort_desc(T, SSVM__CG(s)->_cg_nrm, SSVM__CG(s)->_cg_ord); /* ties to the lower index: deterministic */
    for (k = 0; k < T && added < q->batch; k++) {
        int e = SSVM__CG(s)->_cg_ord[k];
        if (SSVM__CG(s)->_cg_act[e] || !(SSVM__CG(s)->_cg_nrm[e] > thr)) break;
        ssvm__cg_activate(s, e);
        added++;
    }
    /* warm start: alpha (and so v, u) kept; omega recomputed on the larger set; C5: theta back to theta0 and the
       A.1 window restarted, since (11) on the new set is a new subproblem */
    ssvm__cg_omega(s);
    SSVM__CG(s)->_cg_theta = q->theta0;
    SSVM__CG(s)->_cg_h = 0;
}
/* One pass of Algorithm 2 (n steps), then f_h, A.2 and A.1, and at an inner stop Algorithm 1's outer step.
   C3: f_h = Q at the current w with the loss term the mean of the hinge values H_i the pass's oracle calls
   found (each at the w of its step): the paper's "approximate primal objective" that costs no extra call. */
SSVM__PRIV ssvm_result ssvm__cg_iteration(ssvm_solver *s, int limit) {
    const ssvm_cg_config *q = &s->_cfg.cg;
    int t, h, j, inner_stop = 0;
    double fh;
    ssvm_result r;
    SSVM__CG(s)->_cg_hsum = 0;
    for (t = 0; t < s->_prob.n; t++) {
        int i = ssvm__next_index(s);
        if (i < 0) return SSVM_ERR_INVALID_ARG;
        if ((r = ssvm__cg_step(s, i)) != SSVM_OK) return r;
        s->_k++; s->_prog.steps++;
        if (limit && s->_cfg.max_oracle_calls && s->_prog.oracle_calls >= s->_cfg.max_oracle_calls) return SSVM_OK;
    }
    for (j = 0; j < s->_prob.d; j++) if (!ssvm__finite((double)s->_w[j])) return SSVM_ERR_NONFINITE;
    fh = ssvm__cg_reg(s, 1, 0) + SSVM__CG(s)->_cg_hsum / (double)s->_prob.n;
    h = ++SSVM__CG(s)->_cg_h;
    /* A.2: theta doubles when f_h does not decrease (C9: against f_{h-1}, from the second pass of a warm start) */
    if (h >= 2 && fh >= SSVM__CG(s)->_cg_fh[5]) SSVM__CG(s)->_cg_theta *= q->theta_growth;
    for (j = 0; j < 5; j++) SSVM__CG(s)->_cg_fh[j] = SSVM__CG(s)->_cg_fh[j + 1];
    SSVM__CG(s)->_cg_fh[5] = fh; /* fh[0] = f_{h-5} once h > 5 */
    if (q->eps_inner > 0 && h > 5 && ssvm__cg_abs(fh - SSVM__CG(s)->_cg_fh[0]) <= q->eps_inner * ssvm__cg_abs(SSVM__CG(s)->_cg_fh[0])) inner_stop = 1;
    if (q->max_inner_passes && h >= q->max_inner_passes) inner_stop = 1;
    if (inner_stop && SSVM__CG(s)->_cg_stop == SSVM_CG_RUNNING) ssvm__cg_outer(s, fh);
    return SSVM_OK;
}
/* The certificate of the full problem (10). Primal: P(w) at the iterate (inactive omega_k = 0, so the MAP on the
   active graph is the MAP on the full candidate graph). Dual (C6): alpha is feasible for (15) at every step, so
   D(c alpha) = c l - c^2 lambda/2 (|v_u|^2 + max_k |v_k|^2), the conjugate of the l2,1-squared norm being the
   squared l_inf,2 norm over ALL candidates (Proposition 1's constraint), is a lower bound for every c in [0, 1];
   we take the best c. The gap P - D >= 0 certifies w for (10) including the cliques never activated. */
SSVM__PRIV ssvm_result ssvm__cg_evaluate(ssvm_solver *s, ssvm_objective *o) {
    ssvm__cg_state *const cg = SSVM__CG(s);
    int i, k, j, T = cg->_cg_T;
    double hs = 0, H, sn, M = 0, uu, B, qd, c, n = (double)s->_prob.n, lam = s->_cfg.lambda;
    ssvm_result r;
    for (i = 0; i < s->_prob.n; i++) {
        if ((r = ssvm__cg_map(s, i, s->_y2, &H)) != SSVM_OK) return r;
        s->_prog.eval_oracle_calls++;
        hs += H;
    }
    o->primal = ssvm__cg_reg(s, 0, &sn) + hs / n;
    for (k = 0; k < T; k++) {
        double nn = 0;
        for (j = 0; j < 4; j++) nn += (double)cg->_cg_v[4 * k + j] * (double)cg->_cg_v[4 * k + j];
        if (nn > M) M = nn;
    }
    uu = (double)ssvm__dot(cg->_cg_L * cg->_cg_F, s->_w, s->_w);
    B = cg->_cg_lsum / n;
    qd = 0.5 * lam * (uu + M);
    c = qd > 0 ? B / (2 * qd) : 1;
    if (c > 1) c = 1;
    if (c < 0) c = 0;
    o->dual = c * B - c * c * qd;
    o->gap = o->primal - o->dual;
    if (!ssvm__finite(o->primal) || !ssvm__finite(o->dual)) return SSVM_ERR_NONFINITE;
    return SSVM_OK;
}
/* Clique generation's row (>>algorithms): Algorithm 1's own stop (C9), and its evaluation, the gap of (10) */
SSVM__PRIV int ssvm__cg_rule(const ssvm_solver *s) { return SSVM__CG(s)->_cg_stop != SSVM_CG_RUNNING; }
SSVM__PRIV ssvm_result ssvm__cg_eval_row(ssvm_solver *s, int average, ssvm_objective *o) {
    (void)average;
    return ssvm__cg_evaluate(s, o);
}
STRUCTSVM_DEF ssvm_result ssvm_solver_cg_status(const ssvm_solver *s, ssvm_cg_status *out) {
    if (!s || !out || !s->_heap) return SSVM_ERR_INVALID_ARG;
    if (s->_cfg.solver != SSVM_CLIQUEGEN) return SSVM_ERR_NOT_SUPPORTED;
    out->sigma = SSVM__CG(s)->_cg_sigma; out->theta = SSVM__CG(s)->_cg_theta; out->f = SSVM__CG(s)->_cg_fh[5];
    out->n_active = SSVM__CG(s)->_cg_na; out->outer = SSVM__CG(s)->_cg_t; out->inner = SSVM__CG(s)->_cg_h; out->stop = SSVM__CG(s)->_cg_stop;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_solver_cg_active(const ssvm_solver *s, int *active, size_t bytes, int *n_active) {
    int a;
    if (!s || !active || !n_active || !s->_heap) return SSVM_ERR_INVALID_ARG;
    if (s->_cfg.solver != SSVM_CLIQUEGEN) return SSVM_ERR_NOT_SUPPORTED;
    if (bytes / sizeof(int) < (size_t)SSVM__CG(s)->_cg_na) return SSVM_ERR_WORKSPACE;
    for (a = 0; a < SSVM__CG(s)->_cg_na; a++) active[a] = SSVM__CG(s)->_cg_alist[a];
    *n_active = SSVM__CG(s)->_cg_na;
    return SSVM_OK;
}
#endif /* SSVM__HAS_CLIQUEGEN */
#endif /* STRUCTSVM_PREDICT_ONLY */


#ifndef STRUCTSVM_PREDICT_ONLY
#if SSVM__HAS_EG
/* >>eg: online exponentiated gradient, Collins, Globerson, Koo, Carreras, Bartlett (JMLR 2008), max-margin case,
   on the chain model. The dual variables of example i are a Gibbs distribution alpha_i(y) over labelings with
   part potentials theta_i: one row per position (node parts) and one K*K table (edge parts). The edge table is
   shared by the positions because every EG update adds eta times the part's gradient, and the gradient of an
   edge part (the transition weight) does not depend on the position: sharing is exact, not an approximation,
   and stores sum_i (L_i K + K K) reals, the layout of the chain's statistics. With C = lambda n the paper's
   dual Q is n times the engine's dual D = l - lambda/2 |w|^2, w = sum_i blk_i A_i (s_i(y_i) - mu_i) (mu_i: the
   marginals of alpha_i, kept as BCFW keeps sigma_i), so primal, dual and gap are the engine's. One step on
   example i (the online algorithm, the paper's Fig. 2, with the step-size rule of its experiments):
     grad_i,r = Delta_r + <w, phi_r>  (node: loss of the label + unary score + bias; edge: transition weight)
     theta_i' = theta_i + eta_i grad_i;  mu_i' by forward-backward (one expectation-oracle call, counted as an
     oracle call); accept when D does not decrease, else halve eta_i and retry (at most halvings_first times at
     the example's first visit, halvings after); eta_i *= grow after each line search.
   Choices (MANUAL, "Online EG"): G1 theta_i = 0 at the start (alpha_i uniform, the centre of the simplex in the
   entropy geometry; the paper leaves the start to the implementation), or eg.start on the gold labels; G2 when every halving fails the step is
   not taken (the dual never decreases; counted by ssvm_solver_eg_rejected); G3 "first pass" is read per example (its
   first visit), which is the same thing under the default permutation sampling; G4 the gradient is the
   paper's per-example one, unscaled by example weights (the weights enter through w and l). */
/* The solver's own state (ssvm_solver._alg, carved by its layout: ssvm__eg_layout) */
typedef struct ssvm__eg_state {
    double *_eg_theta, *_eg_eta, *_eg_fb;
    ssvm_real *_eg_mu2;
    unsigned char *_eg_seen;
    long long _eg_rejected;
    ssvm_real *_eg_sigma;  /* the marginals mu_i, laid out as the chain's statistics (as BCFW's compact sigma_i) */
    size_t *_eg_off;       /* n + 1 offsets into them */
    ssvm_real *_eg_stmp;   /* max stat_dim scratch */
} ssvm__eg_state;
SSVM__STATE_FITS(ssvm__eg_state);
#define SSVM__EG(s) ((ssvm__eg_state *)(s)->_alg)
SSVM__PRIV double ssvm__lse_acc(double m, double sum) { return m + SSVM_LOG(sum); }
/* forward-backward in log space; work: 2 L K + K doubles */
SSVM__PRIV ssvm_result ssvm__chain_fb(int L, int K, const double *node, const double *edge, double *work, double *mu,
                                      double *pair, double *log_z) {
    double *la = work, *lb = work + (size_t)L * K, *tmp = lb + (size_t)L * K, lz, m, sum;
    int t, a, b;
    size_t j;
    for (j = 0; j < (size_t)L * K; j++) if (!ssvm__finite(node[j])) return SSVM_ERR_NONFINITE;
    for (j = 0; j < (size_t)K * K; j++) if (!ssvm__finite(edge[j])) return SSVM_ERR_NONFINITE;
    for (a = 0; a < K; a++) la[a] = node[a];
    for (t = 1; t < L; t++)
        for (b = 0; b < K; b++) {
            const double *prev = la + (size_t)(t - 1) * K;
            m = -SSVM__HUGE;
            for (a = 0; a < K; a++) { tmp[a] = prev[a] + edge[a + K * b]; if (tmp[a] > m) m = tmp[a]; }
            for (sum = 0, a = 0; a < K; a++) sum += SSVM_EXP(tmp[a] - m);
            la[(size_t)t * K + b] = node[(size_t)t * K + b] + ssvm__lse_acc(m, sum);
        }
    for (a = 0; a < K; a++) lb[(size_t)(L - 1) * K + a] = 0;
    for (t = L - 2; t >= 0; t--)
        for (a = 0; a < K; a++) {
            const double *nx = node + (size_t)(t + 1) * K, *bn = lb + (size_t)(t + 1) * K;
            m = -SSVM__HUGE;
            for (b = 0; b < K; b++) { tmp[b] = edge[a + K * b] + nx[b] + bn[b]; if (tmp[b] > m) m = tmp[b]; }
            for (sum = 0, b = 0; b < K; b++) sum += SSVM_EXP(tmp[b] - m);
            lb[(size_t)t * K + a] = ssvm__lse_acc(m, sum);
        }
    m = -SSVM__HUGE;
    for (a = 0; a < K; a++) if (la[(size_t)(L - 1) * K + a] > m) m = la[(size_t)(L - 1) * K + a];
    for (sum = 0, a = 0; a < K; a++) sum += SSVM_EXP(la[(size_t)(L - 1) * K + a] - m);
    lz = ssvm__lse_acc(m, sum);
    if (!ssvm__finite(lz)) return SSVM_ERR_NONFINITE;
    if (mu) for (j = 0; j < (size_t)L * K; j++) mu[j] = SSVM_EXP(la[j] + lb[j] - lz);
    if (pair) {
        for (j = 0; j < (size_t)K * K; j++) pair[j] = 0;
        for (t = 0; t + 1 < L; t++)
            for (b = 0; b < K; b++) {
                double nb = node[(size_t)(t + 1) * K + b] + lb[(size_t)(t + 1) * K + b] - lz;
                for (a = 0; a < K; a++) pair[a + K * b] += SSVM_EXP(la[(size_t)t * K + a] + edge[a + K * b] + nb);
            }
    }
    if (log_z) *log_z = lz;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_chain_marginals_get_work_size(int L, int K, size_t *bytes) {
    ssvm__arena a = {0, 0, 0, 0};
    if (!bytes) return SSVM_ERR_INVALID_ARG;
    *bytes = 0;
    if (L <= 0 || K <= 0) return SSVM_ERR_EMPTY;
    ssvm__take(&a, ssvm__mulsz(&a, 2 * (size_t)L + 1, (size_t)K), sizeof(double));
    return ssvm__arena_bytes(&a, bytes);
}
STRUCTSVM_DEF ssvm_result ssvm_chain_marginals(int L, int K, const double *node, const double *edge, void *work,
                                               size_t work_bytes, double *mu, double *pair, double *log_z) {
    size_t need = 0;
    ssvm__arena a;
    ssvm_result r;
    if (!node || !edge) return SSVM_ERR_INVALID_ARG;
    r = ssvm__arena_over(ssvm_chain_marginals_get_work_size(L, K, &need), &need, work, work_bytes, &a);
    if (r != SSVM_OK) return r;
    return ssvm__chain_fb(L, K, node, edge, (double *)ssvm__take(&a, (2 * (size_t)L + 1) * (size_t)K, sizeof(double)),
                          mu, pair, log_z);
}
STRUCTSVM_DEF long long ssvm_eg_rejected(const ssvm_solver *s) { return s ? SSVM__EG(s)->_eg_rejected : 0; }
STRUCTSVM_DEF ssvm_result ssvm_solver_eg_rejected(const ssvm_solver *s, long long *out) {
    if (!s || !out || !s->_heap) return SSVM_ERR_INVALID_ARG;
    if (s->_cfg.solver != SSVM_EG) return SSVM_ERR_NOT_SUPPORTED;
    *out = SSVM__EG(s)->_eg_rejected;
    return SSVM_OK;
}

SSVM__PRIV ssvm_result ssvm__eg_check(const ssvm_solver_config *c) {
    const ssvm_eg_config *g = &c->eg;
    const ssvm_problem *p = c->problem;
    if (!g->chain) return SSVM_ERR_NOT_SUPPORTED;
    /* EG computes its steps from the chain itself: the problem must be that chain's (ssvm_chain_problem) */
    if (p->user != (const void *)g->chain || !g->chain->_max_len || p->n != g->chain->config.n ||
        p->d != ssvm_chain_dim(&g->chain->config))
        return SSVM_ERR_INVALID_ARG;
    if (c->averaging != SSVM_AVG_NONE) return SSVM_ERR_NOT_SUPPORTED; /* the paper reports the iterate */
    if (!(g->eta > 0) || !ssvm__finite(g->eta) || !(g->grow >= 1) || !ssvm__finite(g->grow) ||
        g->halvings_first < 0 || g->halvings < 0 || g->halvings_first > 60 || g->halvings > 60 ||
        !ssvm__finite(g->start))
        return SSVM_ERR_INVALID_ARG;
    return SSVM_OK;
}
SSVM__PRIV ssvm_result ssvm__eg_layout(ssvm_solver *s, ssvm__arena *a) {
    if (!ssvm__take_state(s, a, sizeof(ssvm__eg_state))) return SSVM_ERR_OVERFLOW;
    const ssvm_chain *m = s->_cfg.eg.chain;
    size_t n = (size_t)s->_prob.n, K = (size_t)m->config.n_labels, Lm = (size_t)m->_max_len, total = 0, maxdim;
    int i;
    SSVM__EG(s)->_eg_off = (size_t *)ssvm__take(a, n + 1, sizeof(size_t));
    for (i = 0; i < s->_prob.n; i++) {
        size_t L = (size_t)(m->config.start[i + 1] - m->config.start[i]);
        if (SSVM__EG(s)->_eg_off) SSVM__EG(s)->_eg_off[i] = total;
        total += ssvm__mulsz(a, L + K, K);
        if (total < ssvm__mulsz(a, L + K, K)) a->overflow = 1;
    }
    if (SSVM__EG(s)->_eg_off) SSVM__EG(s)->_eg_off[n] = total;
    maxdim = ssvm__mulsz(a, Lm + K, K);
    SSVM__EG(s)->_eg_sigma = (ssvm_real *)ssvm__take(a, total, sizeof(ssvm_real));     /* mu_i */
    SSVM__EG(s)->_eg_theta = (double *)ssvm__take(a, total, sizeof(double));       /* theta_i */
    SSVM__EG(s)->_eg_eta = (double *)ssvm__take(a, n, sizeof(double));
    SSVM__EG(s)->_eg_seen = (unsigned char *)ssvm__take(a, n, 1);
    SSVM__EG(s)->_eg_mu2 = (ssvm_real *)ssvm__take(a, maxdim, sizeof(ssvm_real));  /* mu_i' - mu_i */
    SSVM__EG(s)->_eg_stmp = (ssvm_real *)ssvm__take(a, ssvm__mulsz(a, Lm, K), sizeof(ssvm_real)); /* unary scores */
    /* theta' (maxdim), mu' (maxdim), forward-backward (2 Lm K + K) */
    SSVM__EG(s)->_eg_fb = (double *)ssvm__take(a, ssvm__mulsz(a, 4 * Lm + 2 * K + 1, K), sizeof(double));
    return SSVM_OK;
}
/* sum_t sum_{s != y_t} v[t*K + s] = -sum_t v[t*K + y_t] for a difference of marginals (rows sum to 0) */
SSVM__PRIV double ssvm__eg_loss_of(const ssvm_chain *m, int i, const ssvm_real *v, int diff) {
    int K = m->config.n_labels, p0 = m->config.start[i], L = m->config.start[i + 1] - p0, t, q;
    double acc = 0, unit = (m->config.flags & SSVM_CHAIN_COUNTED_LOSS) ? 1.0 : 1.0 / (double)L;
    for (t = 0; t < L; t++) {
        int g = m->config.labels[p0 + t];
        if (diff) acc -= (double)v[(size_t)t * K + g];
        else for (q = 0; q < K; q++) if (q != g) acc += (double)v[(size_t)t * K + q];
    }
    return acc * unit;
}
/* G1: theta = 0 (alpha_i uniform) or eg.start on the gold labels; mu_i, w and l from it (n expectation-oracle
   calls, counted) */
SSVM__PRIV ssvm_result ssvm__eg_start(ssvm_solver *s) {
    const ssvm_problem *p = &s->_prob;
    const ssvm_chain *m = s->_cfg.eg.chain;
    int K = m->config.n_labels, i, k;
    double lam = s->_cfg.lambda, *fb = SSVM__EG(s)->_eg_fb;
    size_t Lm = (size_t)m->_max_len, j;
    ssvm_result r;
    SSVM_MEMSET(SSVM__EG(s)->_eg_theta, 0, SSVM__EG(s)->_eg_off[p->n] * sizeof(double));
    if (s->_cfg.eg.start != 0) /* alpha_i tilted towards y_i: theta = start on the gold label of every position */
        for (i = 0; i < p->n; i++) {
            int p0 = m->config.start[i], L = m->config.start[i + 1] - p0, t;
            for (t = 0; t < L; t++) SSVM__EG(s)->_eg_theta[SSVM__EG(s)->_eg_off[i] + (size_t)t * K + m->config.labels[p0 + t]] = s->_cfg.eg.start;
        }
    SSVM_MEMSET(SSVM__EG(s)->_eg_seen, 0, (size_t)p->n);
    SSVM__EG(s)->_eg_rejected = 0;
    for (i = 0; i < p->n; i++) {
        int p0 = m->config.start[i], L = m->config.start[i + 1] - p0, t;
        size_t dim = SSVM__EG(s)->_eg_off[i + 1] - SSVM__EG(s)->_eg_off[i];
        double *mu2 = fb + (Lm + (size_t)K) * (size_t)K;
        ssvm_real *mu = SSVM__EG(s)->_eg_sigma + SSVM__EG(s)->_eg_off[i];
        ssvm_svec *D = &s->_sv;
        SSVM__EG(s)->_eg_eta[i] = s->_cfg.eg.eta;
        r = ssvm__chain_fb(L, K, SSVM__EG(s)->_eg_theta + SSVM__EG(s)->_eg_off[i], SSVM__EG(s)->_eg_theta + SSVM__EG(s)->_eg_off[i] + (size_t)L * K,
                           mu2 + dim, mu2, mu2 + (size_t)L * K, 0);
        if (r != SSVM_OK) return r;
        s->_prog.oracle_calls++;
        for (j = 0; j < dim; j++) { mu[j] = (ssvm_real)mu2[j]; SSVM__EG(s)->_eg_mu2[j] = -mu[j]; }
        for (t = 0; t < L; t++) {  /* s_i(y_i) - mu_i */
            SSVM__EG(s)->_eg_mu2[(size_t)t * K + m->config.labels[p0 + t]] += 1;
            if (t + 1 < L) SSVM__EG(s)->_eg_mu2[(size_t)L * K + m->config.labels[p0 + t] + K * m->config.labels[p0 + t + 1]] += 1;
        }
        ssvm_svec_clear(D);
        if ((k = p->expand(p->user, i, SSVM__EG(s)->_eg_mu2, (ssvm_real)ssvm__block(p, s->_wsum, lam, i), D)) < 0) return (ssvm_result)k;
        if (D->err) return (ssvm_result)D->err;
        for (k = 0; k < D->nnz; k++) { int q = D->idx[k]; s->_w[q] += D->val[q]; }
        s->_l += ssvm__share(p, s->_wsum, i, ssvm__eg_loss_of(m, i, mu, 0));
    }
    for (j = 0; j < (size_t)p->d; j++) if (!ssvm__finite((double)s->_w[j])) return SSVM_ERR_NONFINITE;
    return SSVM_OK;
}
SSVM__PRIV ssvm_result ssvm__eg_step(ssvm_solver *s, int i, ssvm_step_info *info) {
    const ssvm_problem *p = &s->_prob;
    const ssvm_chain *m = s->_cfg.eg.chain;
    int K = m->config.n_labels, F = m->config.n_attrs, p0 = m->config.start[i], L = m->config.start[i + 1] - p0;
    int h, hmax = SSVM__EG(s)->_eg_seen[i] ? s->_cfg.eg.halvings : s->_cfg.eg.halvings_first, t, q, k, accepted = 0;
    size_t dim = SSVM__EG(s)->_eg_off[i + 1] - SSVM__EG(s)->_eg_off[i], LK = (size_t)L * K, Lm = (size_t)m->_max_len, j;
    double lam = s->_cfg.lambda, eta = SSVM__EG(s)->_eg_eta[i], unit, dl = 0, dD = 0;
    double *theta = SSVM__EG(s)->_eg_theta + SSVM__EG(s)->_eg_off[i], *th2 = SSVM__EG(s)->_eg_fb, *mu2 = th2 + (Lm + (size_t)K) * (size_t)K;
    ssvm_real *mu = SSVM__EG(s)->_eg_sigma + SSVM__EG(s)->_eg_off[i], *u = SSVM__EG(s)->_eg_stmp, *diff = SSVM__EG(s)->_eg_mu2;
    const ssvm_real *trans = s->_w + ssvm__chain_trans_off(K, F, m->config.flags);
    ssvm_svec *D = &s->_sv;
    ssvm_result r;
    unit = (m->config.flags & SSVM_CHAIN_COUNTED_LOSS) ? 1.0 : 1.0 / (double)L;
    /* the part gradients at the current w: unary scores with the biases (ssvm__chain_scores), the loss, the
       transitions; kept in u (node) and read from w (edge) */
    ssvm__chain_scores(m, s->_w, p0, L, u, 0, 0);
    for (t = 0; t < L; t++) {
        int g = m->config.labels[p0 + t];
        for (q = 0; q < K; q++) if (q != g) u[(size_t)t * K + q] = (ssvm_real)((double)u[(size_t)t * K + q] + unit);
    }
    for (h = 0;; h++) {
        double wd, dd = 0;
        for (j = 0; j < LK; j++) th2[j] = theta[j] + eta * (double)u[j];
        for (j = 0; j < (size_t)K * K; j++) th2[LK + j] = theta[LK + j] + eta * (double)trans[j];
        r = ssvm__chain_fb(L, K, th2, th2 + LK, mu2 + dim, mu2, mu2 + LK, 0);
        if (r != SSVM_OK) return r;
        s->_prog.oracle_calls++; /* one expectation-oracle call */
        for (j = 0; j < dim; j++) diff[j] = (ssvm_real)(mu2[j] - (double)mu[j]);
        /* w' = w - blk A_i (mu' - mu); D' - D = dl - lambda <w, dw> - lambda/2 |dw|^2 */
        ssvm_svec_clear(D);
        if ((k = p->expand(p->user, i, diff, (ssvm_real)-ssvm__block(p, s->_wsum, lam, i), D)) < 0) return (ssvm_result)k;
        if (D->err) return (ssvm_result)D->err;
        wd = (double)ssvm_svec_dot(D, s->_w);
        for (k = 0; k < D->nnz; k++) { double v = (double)D->val[D->idx[k]]; dd += v * v; }
        dl = ssvm__share(p, s->_wsum, i, ssvm__eg_loss_of(m, i, diff, 1));
        dD = dl - lam * wd - 0.5 * lam * dd;
        if (!ssvm__finite(dD) || !ssvm__step_finite(s->_w, D, 1.0)) return SSVM_ERR_NONFINITE;
        if (dD >= 0) { accepted = 1; break; }
        if (h >= hmax) break; /* G2: no step */
        eta *= 0.5;
    }
    if (accepted) {
        for (j = 0; j < dim; j++) { theta[j] = th2[j]; mu[j] = (ssvm_real)mu2[j]; }
        for (k = 0; k < D->nnz; k++) { int q2 = D->idx[k]; s->_w[q2] += D->val[q2]; }
        s->_l += dl;
    } else SSVM__EG(s)->_eg_rejected++;
    SSVM__EG(s)->_eg_eta[i] = eta * s->_cfg.eg.grow;
    SSVM__EG(s)->_eg_seen[i] = 1;
    if (info) info->gamma = accepted ? eta : 0; /* the step size taken, 0 when none */
    return SSVM_OK;
}
#endif /* SSVM__HAS_EG */
#endif /* STRUCTSVM_PREDICT_ONLY */


#ifndef STRUCTSVM_PREDICT_ONLY
#if SSVM__HAS_KBCFW
/* >>kernel: kernelised BCFW, Lacoste-Julien, Jaggi, Schmidt, Pletscher (ICML 2013), Appendix B.5, Algorithm B.1,
   and batch FW (Algorithm 2) in the same kernel form. The dual alpha is kept sparse: per example a list of
   triples (example i, labeling y != y_i, alpha_i(y)); alpha_i(y_i) = 1 - sum is implicit (psi_i(y_i) = 0). The
   model is w = sum_k c_k psi_{i_k}(y_k), c_k = alpha_k c_i / (lambda sum c), never formed: every quantity of
   Algorithm 4 is a sum of kernel evaluations (Appendix B.5), with
     f(x_a, y) = <w, phi(x_a, y)> = sum_i [C_i k((a,y),(i,y_i)) - sum_k c_k k((a,y),(i,y_k))],  C_i = sum_k c_k,
     <psi_i(y), psi_j(y')> = k(iy_i, jy_j) - k(iy_i, jy') - k(iy, jy_j) + k(iy, jy').
   A step on i (B.1 with Algorithm 4's line search): y* by the oracle on f; <w, w_s> = b_i (f(i,y_i) - f(i,y*));
   <w, w_i> = sum_k c_k (f(i,y_i) - f(i,y_k)); |w_i - w_s|^2 from psi products (O(|S_i|^2) kernel values);
   gamma as in Algorithm 4 line 5; alpha_i <- (1-gamma) alpha_i + gamma e_{y*}. The weighted average (eq. 14)
   is the average of alpha, kept lazily per triple as BCFW keeps w_bar. Evaluation: |w|^2 = sum_k c_k
   (f(i_k,y_{i_k}) - f(i_k,y_k)), one oracle pass for the hinge terms; dual l - lambda/2 |w|^2 (l kept as BCFW
   keeps it), so primal, dual and gap are the engine's. K1 (MANUAL): the lifted multiclass model scores all K
   labels of x_a with one input-kernel value per support example, the lifted chain its unary scores with one
   per pair of positions (Viterbi then), both through a FIFO cache of input-kernel rows (examples or
   positions, config.kernel.cache_bytes); the joint-kernel path has no cache. K2: the store is fixed at
   init: max_support triples (default: n (K-1) for the lifted model, the most it can need; else n *
   max_passes, BCFW's one triple a step), and a step that needs one more returns SSVM_ERR_SUPPORT_FULL with the
   state unchanged. K3: without averaging, a triple whose alpha reaches 0 is freed; with it, triples stay
   (the average still uses them). */
/* The solver's own state (ssvm_solver._alg, carved by its layout: ssvm__kn_layout) */
typedef struct ssvm__kn_state {
    int *_kn_ex, *_kn_next, *_kn_head, *_kn_lab, *_kn_len, *_kn_truth, *_kn_tlen, *_kn_ys;
    double *_kn_a, *_kn_z, *_kn_delta, *_kn_sc, *_kn_cache, *_kn_f;
    int *_kn_slot_row, *_kn_row_slot;
    long long _kn_cap, _kn_top, _kn_freelist, _kn_evals;
    int _kn_slots, _kn_victim;
    int _kn_rows, _kn_row0; /* the input kernel's cached index range: examples, or the chain's positions */
    double *_kn_cw;         /* lifted chain: unary sums, position weights, transitions and biases */
    ssvm_real *_kn_cu;      /* lifted chain: unary scores and transitions for Viterbi */
    void *_kn_vw;
    double *_kn_li;         /* n per-example losses l_i (as BCFW's) */
} ssvm__kn_state;
SSVM__STATE_FITS(ssvm__kn_state);
#define SSVM__KN(s) ((ssvm__kn_state *)(s)->_alg)
#define SSVM__KN_LAB(s, k) (SSVM__KN(s)->_kn_lab + (size_t)(k) * (size_t)(s)->_prob.max_label_len)
SSVM__PRIV ssvm_result ssvm__kn_check(const ssvm_solver_config *c) {
    const ssvm_problem *p = c->problem;
    const ssvm_kernel_config *k = &c->kernel;
    if (!p) return SSVM_ERR_INVALID_ARG;
    if (p->n <= 0 || p->max_label_len <= 0) return SSVM_ERR_EMPTY;
    if (!p->truth) return SSVM_ERR_NULL_CALLBACK;
    if (k->input && k->chain) { /* lifted chain: the problem must be that chain's */
        if (p->user != (const void *)k->chain || !k->chain->_max_len || p->n != k->chain->config.n)
            return SSVM_ERR_INVALID_ARG;
        if (k->n_labels != 0 && k->n_labels != k->chain->config.n_labels) return SSVM_ERR_INVALID_ARG;
    } else if (k->input) {
        if (k->n_labels <= 0) return SSVM_ERR_EMPTY;
        if (!p->loss) return SSVM_ERR_NULL_CALLBACK;
    } else if (!k->joint || !k->oracle) return SSVM_ERR_NULL_CALLBACK;
    if (k->batch < 0 || k->batch > 1 || k->max_support < 0) return SSVM_ERR_INVALID_ARG;
    if (c->averaging != SSVM_AVG_NONE && c->averaging != SSVM_AVG_WEIGHTED) return SSVM_ERR_NOT_SUPPORTED;
    if (k->batch && c->averaging != SSVM_AVG_NONE) return SSVM_ERR_NOT_SUPPORTED; /* FW has no average */
    return (ssvm_result)ssvm__weights_check(p);
}
SSVM__PRIV long long ssvm__kn_cap(const ssvm_solver_config *c) {
    long long n = c->problem->n, cap = c->kernel.max_support;
    if (cap > 0) return cap;
    if (c->kernel.input && !c->kernel.chain) return n * (c->kernel.n_labels > 1 ? c->kernel.n_labels - 1 : 1);
    return n * (c->max_passes > 0 ? c->max_passes : 50);
}
SSVM__PRIV ssvm_result ssvm__kn_layout(ssvm_solver *s, ssvm__arena *a) {
    if (!ssvm__take_state(s, a, sizeof(ssvm__kn_state))) return SSVM_ERR_OVERFLOW;
    const ssvm_kernel_config *k = &s->_cfg.kernel;
    size_t n = (size_t)s->_prob.n, ml = (size_t)s->_prob.max_label_len, cap, slots = 0;
    long long c = ssvm__kn_cap(&s->_cfg);
    if (c <= 0 || (unsigned long long)c > (unsigned long long)((size_t)-1 / 8) || c > (long long)INT_MAX) return SSVM_ERR_OVERFLOW;
    cap = (size_t)c;
    SSVM__KN(s)->_kn_cap = c;
    SSVM__KN(s)->_kn_ex = (int *)ssvm__take(a, cap, sizeof(int));
    SSVM__KN(s)->_kn_next = (int *)ssvm__take(a, cap, sizeof(int));
    SSVM__KN(s)->_kn_len = (int *)ssvm__take(a, cap, sizeof(int));
    SSVM__KN(s)->_kn_lab = (int *)ssvm__take(a, ssvm__mulsz(a, cap, ml), sizeof(int));
    SSVM__KN(s)->_kn_a = (double *)ssvm__take(a, cap, sizeof(double));
    SSVM__KN(s)->_kn_z = s->_cfg.averaging != SSVM_AVG_NONE ? (double *)ssvm__take(a, cap, sizeof(double)) : 0;
    SSVM__KN(s)->_kn_delta = (double *)ssvm__take(a, cap, sizeof(double));
    SSVM__KN(s)->_kn_head = (int *)ssvm__take(a, n, sizeof(int));
    SSVM__KN(s)->_kn_truth = (int *)ssvm__take(a, ssvm__mulsz(a, n, ml), sizeof(int));
    SSVM__KN(s)->_kn_tlen = (int *)ssvm__take(a, n, sizeof(int));
    SSVM__KN(s)->_kn_li = (double *)ssvm__take(a, n, sizeof(double));
    SSVM__KN(s)->_kn_sc = (double *)ssvm__take(a, k->input && !k->chain ? (size_t)k->n_labels : 1, sizeof(double));
    SSVM__KN(s)->_kn_rows = (int)n; SSVM__KN(s)->_kn_row0 = 0;
    if (k->chain) { /* rows are positions; scratch for the oracle: 2 Lm K + K K + 2 K doubles, Viterbi */
        const ssvm_chain *m = k->chain;
        size_t K = (size_t)m->config.n_labels, Lm = (size_t)m->_max_len;
        SSVM__KN(s)->_kn_rows = m->config.start[m->config.n] - m->config.start[0]; SSVM__KN(s)->_kn_row0 = m->config.start[0];
        SSVM__KN(s)->_kn_cw = (double *)ssvm__take(a, ssvm__mulsz(a, 2 * Lm + K + 2, K), sizeof(double));
        SSVM__KN(s)->_kn_cu = (ssvm_real *)ssvm__take(a, ssvm__mulsz(a, Lm + K, K), sizeof(ssvm_real));
        SSVM__KN(s)->_kn_vw = ssvm__take(a, ssvm__viterbi_bytes(m->_max_len, m->config.n_labels), 1);
    }
    if (k->batch) { /* FW: y* of every example (length first) and two reals each */
        SSVM__KN(s)->_kn_ys = (int *)ssvm__take(a, ssvm__mulsz(a, n, ml + 1), sizeof(int));
        SSVM__KN(s)->_kn_f = (double *)ssvm__take(a, 2 * n, sizeof(double));
    }
    if (k->input && k->cache_bytes >= (size_t)SSVM__KN(s)->_kn_rows * sizeof(double)) {
        size_t R = (size_t)SSVM__KN(s)->_kn_rows;
        slots = k->cache_bytes / (R * sizeof(double));
        if (slots > R) slots = R;
        SSVM__KN(s)->_kn_cache = (double *)ssvm__take(a, ssvm__mulsz(a, slots, R), sizeof(double));
        SSVM__KN(s)->_kn_slot_row = (int *)ssvm__take(a, slots, sizeof(int));
        SSVM__KN(s)->_kn_row_slot = (int *)ssvm__take(a, R, sizeof(int));
    }
    SSVM__KN(s)->_kn_slots = (int)slots;
    return SSVM_OK;
}
SSVM__PRIV ssvm_result ssvm__kn_start(ssvm_solver *s) {
    const ssvm_problem *p = &s->_prob;
    int i, ml = p->max_label_len;
    for (i = 0; i < p->n; i++) {
        int len = p->truth(p->user, i, SSVM__KN(s)->_kn_truth + (size_t)i * ml);
        if (len < 0) return (ssvm_result)len;
        if (len == 0 || len > ml) return SSVM_ERR_LABEL;
        if (s->_cfg.kernel.input && !s->_cfg.kernel.chain && (len != 1 || SSVM__KN(s)->_kn_truth[(size_t)i * ml] < 0 ||
                                     SSVM__KN(s)->_kn_truth[(size_t)i * ml] >= s->_cfg.kernel.n_labels))
            return SSVM_ERR_LABEL;
        SSVM__KN(s)->_kn_tlen[i] = len; SSVM__KN(s)->_kn_head[i] = -1; SSVM__KN(s)->_kn_li[i] = 0;
    }
    if (SSVM__KN(s)->_kn_row_slot) for (i = 0; i < SSVM__KN(s)->_kn_rows; i++) SSVM__KN(s)->_kn_row_slot[i] = -1;
    for (i = 0; i < SSVM__KN(s)->_kn_slots; i++) SSVM__KN(s)->_kn_slot_row[i] = -1;
    SSVM__KN(s)->_kn_top = 0; SSVM__KN(s)->_kn_freelist = -1; SSVM__KN(s)->_kn_evals = 0; SSVM__KN(s)->_kn_victim = 0;
    return SSVM_OK;
}
/* k(x_a, x_b) of the input kernel, through the row cache when both are training examples (K1) */
SSVM__PRIV ssvm_result ssvm__kn_kx(ssvm_solver *s, int a, int b, double *out) {
    ssvm__kn_state *const kn = SSVM__KN(s);
    const ssvm_kernel_config *k = &s->_cfg.kernel;
    int n = kn->_kn_rows, r0 = kn->_kn_row0, rc, j, slot;
    if (kn->_kn_slots > 0 && a >= r0 && a - r0 < n && b >= r0 && b - r0 < n) {
        a -= r0; b -= r0; /* cache indices */
        if ((slot = kn->_kn_row_slot[a]) < 0) { /* load row a into the oldest slot */
            double *row;
            slot = kn->_kn_victim;
            if (kn->_kn_slot_row[slot] >= 0) kn->_kn_row_slot[kn->_kn_slot_row[slot]] = -1;
            kn->_kn_slot_row[slot] = -1;
            row = kn->_kn_cache + (size_t)slot * (size_t)n;
            for (j = 0; j < n; j++) {
                rc = k->input(k->user, a + r0, j + r0, row + j);
                kn->_kn_evals++;
                if (rc < 0) return (ssvm_result)rc;
                if (!ssvm__finite(row[j])) return SSVM_ERR_KERNEL;
            }
            kn->_kn_slot_row[slot] = a; kn->_kn_row_slot[a] = slot;
            kn->_kn_victim = (kn->_kn_victim + 1) % kn->_kn_slots;
        }
        *out = kn->_kn_cache[(size_t)slot * (size_t)n + (size_t)b];
        return SSVM_OK;
    }
    *out = 0;
    rc = k->input(k->user, a, b, out);
    kn->_kn_evals++;
    if (rc < 0) return (ssvm_result)rc;
    return ssvm__finite(*out) ? SSVM_OK : SSVM_ERR_KERNEL;
}
SSVM__PRIV ssvm_result ssvm__kn_joint(ssvm_solver *s, int a, const int *ya, int la, int b, const int *yb, int lb,
                                      double *out) {
    const ssvm_kernel_config *k = &s->_cfg.kernel;
    int rc;
    if (k->input && k->chain) { /* lifted chain: the inner product of the chain's feature maps, kernelised */
        const ssvm_chain *m = k->chain;
        int pa = m->config.start[a], pb = m->config.start[b], t, u;
        double acc = 0, v;
        ssvm_result r;
        for (t = 0; t < la; t++)
            for (u = 0; u < lb; u++)
                if (ya[t] == yb[u]) {
                    if ((r = ssvm__kn_kx(s, pa + t, pb + u, &v)) != SSVM_OK) return r;
                    acc += v;
                }
        for (t = 0; t + 1 < la; t++)
            for (u = 0; u + 1 < lb; u++) acc += (ya[t] == yb[u] && ya[t + 1] == yb[u + 1]);
        if (m->config.flags & SSVM_CHAIN_BIASES) acc += (ya[0] == yb[0]) + (ya[la - 1] == yb[lb - 1]);
        *out = acc;
        return SSVM_OK;
    }
    if (k->input) { /* lifted: k(x_a, x_b) [y = y'] */
        if (ya[0] != yb[0]) { *out = 0; return SSVM_OK; }
        return ssvm__kn_kx(s, a, b, out);
    }
    *out = 0;
    rc = k->joint(k->user, a, ya, la, b, yb, lb, out);
    SSVM__KN(s)->_kn_evals++;
    if (rc < 0) return (ssvm_result)rc;
    return ssvm__finite(*out) ? SSVM_OK : SSVM_ERR_KERNEL;
}
/* the coefficient c_k of triple k in the iterate or the average */
SSVM__PRIV double ssvm__kn_coef(const ssvm_solver *s, int which, int k) {
    const ssvm__kn_state *const kn = SSVM__KN(s);
    double al = which == SSVM_W_AVERAGE ? s->_avg_a * kn->_kn_a[k] + s->_avg_b * kn->_kn_z[k] : kn->_kn_a[k];
    return al == 0 ? 0 : al * ssvm__block(&s->_prob, s->_wsum, s->_cfg.lambda, kn->_kn_ex[k]);
}
SSVM__PRIV const int *ssvm__kn_true(const ssvm_solver *s, int i) {
    return SSVM__KN(s)->_kn_truth + (size_t)i * (size_t)s->_prob.max_label_len;
}
/* f(x_a, y) from the support set, any kernel */
SSVM__PRIV ssvm_result ssvm__kn_f(ssvm_solver *s, int which, int a, const int *y, int len, double *f) {
    ssvm__kn_state *const kn = SSVM__KN(s);
    double acc = 0, v;
    int j, k;
    ssvm_result r;
    for (j = 0; j < s->_prob.n; j++) {
        double C = 0;
        for (k = kn->_kn_head[j]; k >= 0; k = kn->_kn_next[k]) {
            double c = ssvm__kn_coef(s, which, k);
            if (c == 0) continue;
            if ((r = ssvm__kn_joint(s, a, y, len, j, SSVM__KN_LAB(s, k), kn->_kn_len[k], &v)) != SSVM_OK) return r;
            acc -= c * v; C += c;
        }
        if (C != 0) {
            if ((r = ssvm__kn_joint(s, a, y, len, j, ssvm__kn_true(s, j), kn->_kn_tlen[j], &v)) != SSVM_OK) return r;
            acc += C * v;
        }
    }
    *f = acc;
    return SSVM_OK;
}
/* lifted multiclass: the K scores of x_a with one input-kernel value per support example */
SSVM__PRIV ssvm_result ssvm__kn_fall(ssvm_solver *s, int which, int a, double *sc) {
    ssvm__kn_state *const kn = SSVM__KN(s);
    int K = s->_cfg.kernel.n_labels, j, k, c;
    ssvm_result r;
    for (c = 0; c < K; c++) sc[c] = 0;
    for (j = 0; j < s->_prob.n; j++) {
        double C = 0, kv = 0;
        int have = 0;
        for (k = kn->_kn_head[j]; k >= 0; k = kn->_kn_next[k]) {
            double cf = ssvm__kn_coef(s, which, k);
            if (cf == 0) continue;
            if (!have) { if ((r = ssvm__kn_kx(s, a, j, &kv)) != SSVM_OK) return r; have = 1; }
            sc[kn->_kn_lab[k]] -= cf * kv; C += cf; /* ml is 1 in the lifted model */
        }
        if (have) sc[*ssvm__kn_true(s, j)] += C * kv;
    }
    return SSVM_OK;
}
/* lifted chain: unary scores of positions p0 .. p0+L-1 from the support set (per support sequence j, its
   position-label weights B_j = C_j onehot(y_j) - sum_k c_k onehot(y_k) against the input kernel), the transition
   and bias weights explicitly (they are finite-dimensional), then Viterbi, loss-augmented when gold is given */
SSVM__PRIV ssvm_result ssvm__kn_chain_argmax(ssvm_solver *s, int which, int p0, int L, const int *gold, int *y,
                                             ssvm_real *delta) {
    ssvm__kn_state *const kn = SSVM__KN(s);
    const ssvm_chain *m = s->_cfg.kernel.chain;
    int K = m->config.n_labels, Lm = m->_max_len, j, k, t, u, q, wrong = 0;
    double *ud = kn->_kn_cw, *B = ud + (size_t)Lm * K, *T = B + (size_t)Lm * K, *first = T + (size_t)K * K;
    double *last = first + K, v, unit;
    ssvm_real *uu = kn->_kn_cu, *tr = uu + (size_t)Lm * K;
    ssvm_result r;
    for (q = 0; q < L * K; q++) ud[q] = 0;
    for (q = 0; q < K * K + 2 * K; q++) T[q] = 0; /* T, first, last */
    for (j = 0; j < s->_prob.n; j++) {
        int pj = m->config.start[j], Lj = m->config.start[j + 1] - pj, any = 0;
        const int *tj = ssvm__kn_true(s, j);
        double C = 0;
        for (k = kn->_kn_head[j]; k >= 0; k = kn->_kn_next[k]) {
            double c = ssvm__kn_coef(s, which, k);
            const int *yk = SSVM__KN_LAB(s, k);
            if (c == 0) continue;
            if (!any) { for (q = 0; q < Lj * K; q++) B[q] = 0; any = 1; }
            for (u = 0; u < Lj; u++) B[u * K + yk[u]] -= c;
            for (u = 0; u + 1 < Lj; u++) T[yk[u] + K * yk[u + 1]] -= c;
            first[yk[0]] -= c; last[yk[Lj - 1]] -= c;
            C += c;
        }
        if (!any) continue;
        for (u = 0; u < Lj; u++) B[u * K + tj[u]] += C;
        for (u = 0; u + 1 < Lj; u++) T[tj[u] + K * tj[u + 1]] += C;
        first[tj[0]] += C; last[tj[Lj - 1]] += C;
        for (t = 0; t < L; t++)
            for (u = 0; u < Lj; u++) {
                if ((r = ssvm__kn_kx(s, p0 + t, pj + u, &v)) != SSVM_OK) return r;
                if (v != 0) for (q = 0; q < K; q++) ud[t * K + q] += v * B[u * K + q];
            }
    }
    if (m->config.flags & SSVM_CHAIN_BIASES)
        for (q = 0; q < K; q++) { ud[q] += first[q]; ud[(L - 1) * K + q] += last[q]; }
    unit = (m->config.flags & SSVM_CHAIN_COUNTED_LOSS) ? 1.0 : 1.0 / (double)L;
    for (t = 0; t < L; t++)
        for (q = 0; q < K; q++) {
            uu[t * K + q] = (ssvm_real)ud[t * K + q];
            if (gold && q != gold[t]) uu[t * K + q] = (ssvm_real)((double)uu[t * K + q] + unit);
        }
    for (q = 0; q < K * K; q++) tr[q] = (ssvm_real)T[q];
    for (q = 0; q < L * K; q++) if (!ssvm__finite((double)uu[q])) return SSVM_ERR_NONFINITE;
    ssvm__viterbi(L, K, uu, tr, kn->_kn_vw, y);
    if (gold) {
        for (t = 0; t < L; t++) wrong += y[t] != gold[t];
        *delta = (ssvm_real)((double)wrong * unit);
    }
    return SSVM_OK;
}
/* the loss-augmented oracle in kernel form at the iterate or the average, checked as ssvm__call_oracle */
SSVM__PRIV ssvm_result ssvm__kn_oracle(ssvm_solver *s, int which, int i, int *y, int *len, ssvm_real *delta) {
    ssvm__kn_state *const kn = SSVM__KN(s);
    const ssvm_kernel_config *kc = &s->_cfg.kernel;
    const ssvm_problem *p = &s->_prob;
    ssvm_result r;
    *delta = 0;
    if (kc->input && kc->chain) {
        int p0 = kc->chain->config.start[i];
        *len = kc->chain->config.start[i + 1] - p0;
        return ssvm__kn_chain_argmax(s, which, p0, *len, kc->chain->config.labels + p0, y, delta);
    }
    if (kc->input) {
        int K = kc->n_labels, c, best = 0, rc;
        double bv = 0;
        ssvm_real d, bd = 0;
        if ((r = ssvm__kn_fall(s, which, i, kn->_kn_sc)) != SSVM_OK) return r;
        for (c = 0; c < K; c++) {
            double v;
            d = 0;
            if ((rc = p->loss(p->user, i, &c, 1, &d)) < 0) return (ssvm_result)rc;
            if (!ssvm__finite((double)d) || d < 0) return SSVM_ERR_LOSS;
            v = (double)d + kn->_kn_sc[c];
            if (c == 0 || v > bv) { bv = v; best = c; bd = d; }
        }
        *y = best; *len = 1; *delta = bd;
        return SSVM_OK;
    }
    *len = kc->oracle(kc->user, s, which, i, y, delta);
    if (*len < 0) return (ssvm_result)*len;
    if (*len == 0 || *len > p->max_label_len) return SSVM_ERR_LABEL;
    if (!ssvm__finite((double)*delta) || *delta < 0) return SSVM_ERR_LOSS;
    return SSVM_OK;
}
SSVM__PRIV int ssvm__kn_same(const int *a, int la, const int *b, int lb) {
    int t;
    if (la != lb) return 0;
    for (t = 0; t < la; t++) if (a[t] != b[t]) return 0;
    return 1;
}
/* <psi_i(y), psi_j(y')> by four kernel values */
SSVM__PRIV ssvm_result ssvm__kn_psi_dot(ssvm_solver *s, int i, const int *y, int ly, int j, const int *y2, int l2,
                                        double *out) {
    ssvm__kn_state *const kn = SSVM__KN(s);
    const int *ti = ssvm__kn_true(s, i), *tj = ssvm__kn_true(s, j);
    int li = kn->_kn_tlen[i], lj = kn->_kn_tlen[j];
    double a, b, c, d;
    ssvm_result r;
    if ((r = ssvm__kn_joint(s, i, ti, li, j, tj, lj, &a)) != SSVM_OK) return r;
    if ((r = ssvm__kn_joint(s, i, ti, li, j, y2, l2, &b)) != SSVM_OK) return r;
    if ((r = ssvm__kn_joint(s, i, y, ly, j, tj, lj, &c)) != SSVM_OK) return r;
    if ((r = ssvm__kn_joint(s, i, y, ly, j, y2, l2, &d)) != SSVM_OK) return r;
    *out = (a - b) - (c - d);
    return SSVM_OK;
}
/* f(x_i, y) through the K scores when lifted (sc holds them), else from the support set */
SSVM__PRIV ssvm_result ssvm__kn_fi(ssvm_solver *s, int which, int i, const int *y, int len, double *f) {
    if (s->_cfg.kernel.input && !s->_cfg.kernel.chain) { *f = SSVM__KN(s)->_kn_sc[y[0]]; return SSVM_OK; }
    return ssvm__kn_f(s, which, i, y, len, f);
}
/* the triple of (i, y), or a new one (-1: the store is full, K2) */
SSVM__PRIV int ssvm__kn_find(const ssvm_solver *s, int i, const int *y, int len) {
    const ssvm__kn_state *const kn = SSVM__KN(s);
    int k;
    for (k = kn->_kn_head[i]; k >= 0; k = kn->_kn_next[k])
        if (ssvm__kn_same(SSVM__KN_LAB(s, k), kn->_kn_len[k], y, len)) return k;
    return -1;
}
SSVM__PRIV int ssvm__kn_new(ssvm_solver *s, int i, const int *y, int len, double delta) {
    ssvm__kn_state *const kn = SSVM__KN(s);
    int k, t;
    if (kn->_kn_freelist >= 0) { k = (int)kn->_kn_freelist; kn->_kn_freelist = kn->_kn_next[k]; }
    else if (kn->_kn_top < kn->_kn_cap) k = (int)kn->_kn_top++;
    else return -1;
    kn->_kn_ex[k] = i; kn->_kn_len[k] = len; kn->_kn_a[k] = 0; kn->_kn_delta[k] = delta;
    if (kn->_kn_z) kn->_kn_z[k] = 0;
    for (t = 0; t < len; t++) SSVM__KN_LAB(s, k)[t] = y[t];
    kn->_kn_next[k] = kn->_kn_head[i]; kn->_kn_head[i] = k;
    return k;
}
SSVM__PRIV int ssvm__kn_room(const ssvm_solver *s) { return SSVM__KN(s)->_kn_freelist >= 0 || SSVM__KN(s)->_kn_top < SSVM__KN(s)->_kn_cap; }
/* alpha_i <- (1-gamma) alpha_i + gamma e_{y*} (ks: the triple of y*, -1 for y_i); the average's z keeps w_bar
   (rho: its weight, < 0 for none); zero triples freed when no average needs them (K3) */
SSVM__PRIV void ssvm__kn_move(ssvm_solver *s, int i, int ks, double gamma, double rho) {
    ssvm__kn_state *const kn = SSVM__KN(s);
    double A = s->_avg_a, B = s->_avg_b;
    int k, *prev = &kn->_kn_head[i];
    for (k = kn->_kn_head[i]; k >= 0;) {
        int nx = kn->_kn_next[k];
        double na = (1 - gamma) * kn->_kn_a[k] + (k == ks ? gamma : 0), dlt = na - kn->_kn_a[k];
        if (kn->_kn_z && rho >= 0) kn->_kn_z[k] -= (A / B) * dlt;
        kn->_kn_a[k] = na;
        if (na == 0 && !kn->_kn_z) { /* free it */
            *prev = nx; kn->_kn_ex[k] = -1; kn->_kn_next[k] = (int)kn->_kn_freelist; kn->_kn_freelist = k;
        } else prev = &kn->_kn_next[k];
        k = nx;
    }
    if (kn->_kn_z && rho >= 0) {
        s->_avg_a = (1 - rho) * A + rho;
        s->_avg_b = (1 - rho) * B;
        if (s->_avg_b < 1e-100) { /* fold: alpha_bar = z */
            for (k = 0; k < (int)kn->_kn_top; k++) if (kn->_kn_ex[k] >= 0) kn->_kn_z[k] = s->_avg_a * kn->_kn_a[k] + s->_avg_b * kn->_kn_z[k];
            s->_avg_a = 0; s->_avg_b = 1;
        }
    }
}
/* Algorithm B.1, one step on block i */
SSVM__PRIV ssvm_result ssvm__kn_step(ssvm_solver *s, int i, ssvm_step_info *info) {
    ssvm__kn_state *const kn = SSVM__KN(s);
    const ssvm_problem *p = &s->_prob;
    double lam = s->_cfg.lambda, n = (double)p->n, blk = ssvm__block(p, s->_wsum, lam, i), li = kn->_kn_li[i];
    double ls, fi, fs, wws, wwi = 0, nrm = 0, mag = 0, gamma, v;
    const int *ti = ssvm__kn_true(s, i);
    int tl = kn->_kn_tlen[i], len, k, k2, ks = -1, is_truth;
    ssvm_real delta;
    ssvm_result r;
    /* y* = argmax_y H_i(y; A alpha), the oracle on f */
    if ((r = ssvm__kn_oracle(s, SSVM_W_ITERATE, i, s->_y, &len, &delta)) != SSVM_OK) return r;
    s->_prog.oracle_calls++;
    is_truth = ssvm__kn_same(s->_y, len, ti, tl);
    ls = ssvm__share(p, s->_wsum, i, (double)delta);
    /* Algorithm 4 line 5 in kernel form: <w_i - w_s, w> and |w_i - w_s|^2 (Appendix B.5) */
    if ((r = ssvm__kn_fi(s, SSVM_W_ITERATE, i, ti, tl, &fi)) != SSVM_OK) return r;
    if ((r = ssvm__kn_fi(s, SSVM_W_ITERATE, i, s->_y, len, &fs)) != SSVM_OK) return r;
    wws = blk * (fi - fs);
    for (k = kn->_kn_head[i]; k >= 0; k = kn->_kn_next[k]) {
        double ck = ssvm__kn_coef(s, SSVM_W_ITERATE, k), fk;
        if (ck == 0) continue;
        if ((r = ssvm__kn_fi(s, SSVM_W_ITERATE, i, SSVM__KN_LAB(s, k), kn->_kn_len[k], &fk)) != SSVM_OK) return r;
        wwi += ck * (fi - fk);
        for (k2 = kn->_kn_head[i]; k2 >= 0; k2 = kn->_kn_next[k2]) {
            double c2 = ssvm__kn_coef(s, SSVM_W_ITERATE, k2);
            if (c2 == 0) continue;
            r = ssvm__kn_psi_dot(s, i, SSVM__KN_LAB(s, k), kn->_kn_len[k], i, SSVM__KN_LAB(s, k2), kn->_kn_len[k2], &v);
            if (r != SSVM_OK) return r;
            nrm += ck * c2 * v; mag += ssvm__abs(ck * c2 * v);
        }
        if (!is_truth) {
            if ((r = ssvm__kn_psi_dot(s, i, SSVM__KN_LAB(s, k), kn->_kn_len[k], i, s->_y, len, &v)) != SSVM_OK) return r;
            nrm -= 2 * ck * blk * v; mag += ssvm__abs(2 * ck * blk * v);
        }
    }
    if (!is_truth) {
        if ((r = ssvm__kn_psi_dot(s, i, s->_y, len, i, s->_y, len, &v)) != SSVM_OK) return r;
        nrm += blk * blk * v; mag += ssvm__abs(blk * blk * v);
    }
    if (s->_cfg.line_search) {
        gamma = ((wwi - wws) - (li - ls) / lam) / (nrm + SSVM__EPS);
        if (gamma < 0) gamma = 0;
        if (gamma > 1) gamma = 1;
    } else gamma = 2.0 * n / ((double)s->_k + 2.0 * n);
    if (!ssvm__finite(wwi) || !ssvm__finite(nrm) || !ssvm__finite(gamma)) return SSVM_ERR_NONFINITE;
    if (nrm < -1e-9 * mag) return SSVM_ERR_KERNEL; /* |w_i - w_s|^2 < 0 beyond rounding: not a PSD kernel */
    if (!is_truth && gamma > 0 && (ks = ssvm__kn_find(s, i, s->_y, len)) < 0) {
        if (!ssvm__kn_room(s)) return SSVM_ERR_SUPPORT_FULL; /* K2: nothing changed yet */
        ks = ssvm__kn_new(s, i, s->_y, len, (double)delta);
    }
    {
        double rho = kn->_kn_z ? ssvm__avg_rho(s) : -1, li_new = (1 - gamma) * li + gamma * ls;
        ssvm__kn_move(s, i, ks, gamma, rho);
        s->_l += li_new - li;
        kn->_kn_li[i] = li_new;
        if (rho >= 0) s->_l_bar = (1 - rho) * s->_l_bar + rho * s->_l;
    }
    if (info) info->gamma = gamma;
    return SSVM_OK;
}
/* Algorithm 2 in kernel form: one oracle pass, the gap, gamma, alpha <- (1-gamma) alpha + gamma s */
SSVM__PRIV ssvm_result ssvm__kn_ww(ssvm_solver *s, int which, double *ww);
SSVM__PRIV ssvm_result ssvm__kn_fw_iteration(ssvm_solver *s) {
    ssvm__kn_state *const kn = SSVM__KN(s);
    const ssvm_problem *p = &s->_prob;
    int n = p->n, ml = p->max_label_len, i, j, need = 0, free_n = 0, k;
    double lam = s->_cfg.lambda, ls = 0, ww, wws = 0, ss = 0, gap, nrm, gamma, v;
    ssvm_result r;
    for (i = 0; i < n; i++) {
        int *yi = kn->_kn_ys + (size_t)i * (size_t)(ml + 1), len;
        const int *ti = ssvm__kn_true(s, i);
        double fi, fs;
        ssvm_real delta;
        if ((r = ssvm__kn_oracle(s, SSVM_W_ITERATE, i, yi + 1, &len, &delta)) != SSVM_OK) return r;
        s->_prog.oracle_calls++;
        yi[0] = len;
        if ((r = ssvm__kn_fi(s, SSVM_W_ITERATE, i, ti, kn->_kn_tlen[i], &fi)) != SSVM_OK) return r;
        if ((r = ssvm__kn_fi(s, SSVM_W_ITERATE, i, yi + 1, len, &fs)) != SSVM_OK) return r;
        kn->_kn_f[2 * i] = ssvm__share(p, s->_wsum, i, (double)delta);
        kn->_kn_f[2 * i + 1] = (double)delta;
        ls += kn->_kn_f[2 * i];
        wws += ssvm__block(p, s->_wsum, lam, i) * (fi - fs);
        if (ssvm__kn_same(yi + 1, len, ti, kn->_kn_tlen[i])) yi[0] = -len; /* y_i: no triple, psi = 0 */
        else if (ssvm__kn_find(s, i, yi + 1, len) < 0) need++;
    }
    if ((r = ssvm__kn_ww(s, SSVM_W_ITERATE, &ww)) != SSVM_OK) return r;
    for (i = 0; i < n; i++) { /* |w_s|^2 = sum_ij b_i b_j <psi_i(y*_i), psi_j(y*_j)> */
        int *yi = kn->_kn_ys + (size_t)i * (size_t)(ml + 1);
        if (yi[0] < 0) continue;
        for (j = 0; j < n; j++) {
            int *yj = kn->_kn_ys + (size_t)j * (size_t)(ml + 1);
            if (yj[0] < 0) continue;
            if ((r = ssvm__kn_psi_dot(s, i, yi + 1, yi[0], j, yj + 1, yj[0], &v)) != SSVM_OK) return r;
            ss += ssvm__block(p, s->_wsum, lam, i) * ssvm__block(p, s->_wsum, lam, j) * v;
        }
    }
    gap = lam * (ww - wws) - s->_l + ls;
    nrm = ww - 2 * wws + ss;
    if (s->_cfg.line_search) {
        gamma = gap / (lam * (nrm + SSVM__EPS));
        if (gamma < 0) gamma = 0;
        if (gamma > 1) gamma = 1;
    } else gamma = 2.0 / ((double)s->_k + 2.0);
    if (!ssvm__finite(gap) || !ssvm__finite(nrm) || !ssvm__finite(gamma)) return SSVM_ERR_NONFINITE;
    for (k = (int)kn->_kn_freelist; k >= 0; k = kn->_kn_next[k]) free_n++;
    if (gamma > 0 && need > free_n + (kn->_kn_cap - kn->_kn_top)) return SSVM_ERR_SUPPORT_FULL; /* K2 */
    for (i = 0; i < n; i++) {
        int *yi = kn->_kn_ys + (size_t)i * (size_t)(ml + 1), ks = -1;
        if (gamma > 0 && yi[0] > 0 && (ks = ssvm__kn_find(s, i, yi + 1, yi[0])) < 0)
            ks = ssvm__kn_new(s, i, yi + 1, yi[0], kn->_kn_f[2 * i + 1]);
        ssvm__kn_move(s, i, ks, gamma, -1);
        kn->_kn_li[i] = (1 - gamma) * kn->_kn_li[i] + gamma * kn->_kn_f[2 * i];
    }
    s->_l = (1 - gamma) * s->_l + gamma * ls;
    s->_k++;
    s->_prog.steps++;
    return SSVM_OK;
}
/* |w|^2 = sum_k c_k (f(i_k, y_{i_k}) - f(i_k, y_k)) */
SSVM__PRIV ssvm_result ssvm__kn_ww(ssvm_solver *s, int which, double *ww) {
    double acc = 0, fi, fk;
    int i, k;
    ssvm_result r;
    for (i = 0; i < s->_prob.n; i++) {
        int any = 0;
        for (k = SSVM__KN(s)->_kn_head[i]; k >= 0; k = SSVM__KN(s)->_kn_next[k]) {
            double c = ssvm__kn_coef(s, which, k);
            if (c == 0) continue;
            if (!any) {
                if (s->_cfg.kernel.input && !s->_cfg.kernel.chain && (r = ssvm__kn_fall(s, which, i, SSVM__KN(s)->_kn_sc)) != SSVM_OK)
                    return r;
                if ((r = ssvm__kn_fi(s, which, i, ssvm__kn_true(s, i), SSVM__KN(s)->_kn_tlen[i], &fi)) != SSVM_OK) return r;
                any = 1;
            }
            if ((r = ssvm__kn_fi(s, which, i, SSVM__KN_LAB(s, k), SSVM__KN(s)->_kn_len[k], &fk)) != SSVM_OK) return r;
            acc += c * (fi - fk);
        }
    }
    *ww = acc;
    return SSVM_OK;
}
/* primal, dual and gap at the iterate or the average: |w|^2 from the support set, the hinge terms by one oracle pass */
SSVM__PRIV ssvm_result ssvm__kn_evaluate(ssvm_solver *s, int average, ssvm_objective *o) {
    const ssvm_problem *p = &s->_prob;
    int which = average ? SSVM_W_AVERAGE : SSVM_W_ITERATE, i, len;
    double lam = s->_cfg.lambda, ww, hs = 0, fi, fs, l = average ? s->_l_bar : s->_l;
    ssvm_real delta;
    ssvm_result r;
    if ((r = ssvm__kn_ww(s, which, &ww)) != SSVM_OK) return r;
    for (i = 0; i < p->n; i++) {
        if ((r = ssvm__kn_oracle(s, which, i, s->_y, &len, &delta)) != SSVM_OK) return r;
        s->_prog.eval_oracle_calls++;
        if ((r = ssvm__kn_fi(s, which, i, ssvm__kn_true(s, i), SSVM__KN(s)->_kn_tlen[i], &fi)) != SSVM_OK) return r;
        if ((r = ssvm__kn_fi(s, which, i, s->_y, len, &fs)) != SSVM_OK) return r;
        hs += ssvm__share(p, s->_wsum, i, (double)delta - (fi - fs));
    }
    o->primal = 0.5 * lam * ww + hs;
    o->dual = l - 0.5 * lam * ww;
    o->gap = o->primal - o->dual;
    if (!ssvm__finite(o->primal) || !ssvm__finite(o->dual)) return SSVM_ERR_NONFINITE;
    return SSVM_OK;
}
/* The kernel solver's row (>>algorithms): BCFW steps, or FW iterations with config.kernel.batch */
SSVM__PRIV int ssvm__kn_steps(const ssvm_solver *s) { return !s->_cfg.kernel.batch; }
SSVM__PRIV ssvm_result ssvm__kn_pass(ssvm_solver *s, int limit) {
    return s->_cfg.kernel.batch ? ssvm__kn_fw_iteration(s) : ssvm__steps_pass(s, limit);
}
SSVM__PRIV ssvm_result ssvm__kn_ready(const ssvm_solver *s, int which) {
    if (!s || !s->_heap || s->_cfg.solver != SSVM_KBCFW) return SSVM_ERR_INVALID_ARG;
    if (which != SSVM_W_ITERATE && which != SSVM_W_AVERAGE) return SSVM_ERR_INVALID_ARG;
    if (which == SSVM_W_AVERAGE && !SSVM__KN(s)->_kn_z) return SSVM_ERR_NOT_SUPPORTED;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_kernel_score(ssvm_solver *s, int which, int a, const int *y, int len, double *f) {
    ssvm_result r = ssvm__kn_ready(s, which);
    if (r != SSVM_OK) return r;
    if (!y || !f || a < 0 || len <= 0 || len > s->_prob.max_label_len) return SSVM_ERR_INVALID_ARG;
    if (s->_cfg.kernel.input && !s->_cfg.kernel.chain && (len != 1 || y[0] < 0 || y[0] >= s->_cfg.kernel.n_labels))
        return SSVM_ERR_LABEL;
    if (s->_cfg.kernel.chain) { /* a training sequence and a label of its length */
        const ssvm_chain *m = s->_cfg.kernel.chain;
        int t;
        if (a >= s->_prob.n) return SSVM_ERR_INVALID_ARG;
        if (len != m->config.start[a + 1] - m->config.start[a]) return SSVM_ERR_LABEL;
        for (t = 0; t < len; t++) if (y[t] < 0 || y[t] >= m->config.n_labels) return SSVM_ERR_LABEL;
    }
    return ssvm__kn_f(s, which, a, y, len, f);
}
STRUCTSVM_DEF ssvm_result ssvm_kernel_scores(ssvm_solver *s, int which, int a, double *scores, size_t bytes) {
    ssvm_result r = ssvm__kn_ready(s, which);
    if (r != SSVM_OK) return r;
    if (!s->_cfg.kernel.input || s->_cfg.kernel.chain) return SSVM_ERR_NOT_SUPPORTED;
    if (!scores || a < 0) return SSVM_ERR_INVALID_ARG;
    if (bytes / sizeof(double) < (size_t)s->_cfg.kernel.n_labels) return SSVM_ERR_WORKSPACE;
    return ssvm__kn_fall(s, which, a, scores);
}
STRUCTSVM_DEF ssvm_result ssvm_kernel_predict(ssvm_solver *s, int which, int a, int *y, size_t y_bytes, int *len) {
    const ssvm_kernel_config *kc;
    ssvm_result r = ssvm__kn_ready(s, which);
    if (r != SSVM_OK) return r;
    if (!y || !len || a < 0) return SSVM_ERR_INVALID_ARG;
    kc = &s->_cfg.kernel;
    if (kc->input && kc->chain) {
        if (a >= s->_prob.n) return SSVM_ERR_INVALID_ARG; /* held-out sequences: ssvm_kernel_chain_predict */
        *len = kc->chain->config.start[a + 1] - kc->chain->config.start[a];
        return ssvm_kernel_chain_predict(s, which, kc->chain->config.start[a], *len, y, y_bytes);
    }
    if (kc->input) {
        int c, best = 0;
        if (y_bytes < sizeof(int)) return SSVM_ERR_WORKSPACE;
        if ((r = ssvm__kn_fall(s, which, a, SSVM__KN(s)->_kn_sc)) != SSVM_OK) return r;
        for (c = 1; c < kc->n_labels; c++) if (SSVM__KN(s)->_kn_sc[c] > SSVM__KN(s)->_kn_sc[best]) best = c;
        *y = best; *len = 1;
        return SSVM_OK;
    }
    if (!kc->decode) return SSVM_ERR_NULL_CALLBACK;
    if (y_bytes / sizeof(int) < (size_t)s->_prob.max_label_len) return SSVM_ERR_WORKSPACE;
    *len = kc->decode(kc->user, s, which, a, y);
    if (*len < 0) return (ssvm_result)*len;
    if (*len == 0 || *len > s->_prob.max_label_len) return SSVM_ERR_LABEL;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_kernel_chain_predict(ssvm_solver *s, int which, int p0, int L, int *y, size_t y_bytes) {
    ssvm_real d = 0;
    ssvm_result r = ssvm__kn_ready(s, which);
    if (r != SSVM_OK) return r;
    if (!s->_cfg.kernel.chain) return SSVM_ERR_NOT_SUPPORTED;
    if (!y || L <= 0 || L > s->_cfg.kernel.chain->_max_len) return SSVM_ERR_INVALID_ARG;
    if (y_bytes / sizeof(int) < (size_t)L) return SSVM_ERR_WORKSPACE;
    return ssvm__kn_chain_argmax(s, which, p0, L, 0, y, &d);
}
STRUCTSVM_DEF long long ssvm_kernel_support_count(const ssvm_solver *s, int which) {
    long long cnt = 0;
    int k;
    if (ssvm__kn_ready(s, which) != SSVM_OK) return 0;
    for (k = 0; k < (int)SSVM__KN(s)->_kn_top; k++) if (SSVM__KN(s)->_kn_ex[k] >= 0 && ssvm__kn_coef(s, which, k) != 0) cnt++;
    return cnt;
}
STRUCTSVM_DEF long long ssvm_kernel_support_stored(const ssvm_solver *s) {
    return ssvm__kn_ready(s, SSVM_W_ITERATE) == SSVM_OK ? SSVM__KN(s)->_kn_top : 0;
}
STRUCTSVM_DEF ssvm_result ssvm_kernel_support(const ssvm_solver *s, int which, long long k, int *example, int *y,
                                              size_t y_bytes, int *len, double *coef) {
    int t;
    ssvm_result r = ssvm__kn_ready(s, which);
    if (r != SSVM_OK) return r;
    if (!example || !y || !len || !coef || k < 0 || k >= SSVM__KN(s)->_kn_top) return SSVM_ERR_INVALID_ARG;
    if (y_bytes / sizeof(int) < (size_t)s->_prob.max_label_len) return SSVM_ERR_WORKSPACE;
    *example = SSVM__KN(s)->_kn_ex[k];
    if (*example < 0) { *len = 0; *coef = 0; return SSVM_OK; } /* a freed slot */
    *len = SSVM__KN(s)->_kn_len[k];
    for (t = 0; t < *len; t++) y[t] = SSVM__KN_LAB(s, k)[t];
    *coef = ssvm__kn_coef(s, which, (int)k);
    return SSVM_OK;
}
STRUCTSVM_DEF long long ssvm_kernel_evaluations(const ssvm_solver *s) { return s ? SSVM__KN(s)->_kn_evals : 0; }
STRUCTSVM_DEF int ssvm_dense_kernel_fn(void *user, int a, int b, double *out) {
    const ssvm_dense_kernel *k = (const ssvm_dense_kernel *)user;
    const ssvm_real *xa, *xb;
    double acc = 0, base, r;
    int j;
    if (!k || !k->x || !out || a < 0 || b < 0 || a >= k->rows || b >= k->rows) return SSVM_ERR_INVALID_ARG;
    if (k->F <= 0) return SSVM_ERR_EMPTY;
    xa = k->x + (size_t)a * (size_t)k->F; xb = k->x + (size_t)b * (size_t)k->F;
    if (k->kind == SSVM_KERNEL_RBF) {
        for (j = 0; j < k->F; j++) { double e = (double)xa[j] - (double)xb[j]; acc += e * e; }
        *out = SSVM_EXP(-k->gamma * acc);
        return 0;
    }
    for (j = 0; j < k->F; j++) acc += (double)xa[j] * (double)xb[j];
    if (k->kind == SSVM_KERNEL_LINEAR) { *out = acc; return 0; }
    if (k->kind != SSVM_KERNEL_POLY || k->degree < 1) return SSVM_ERR_INVALID_ARG;
    base = k->gamma * acc + k->coef0;
    for (r = 1, j = 0; j < k->degree; j++) r *= base;
    *out = r;
    return 0;
}
/* >>kernel: the lifted models as SSVM_MODEL_KERNEL models (the file's part and prediction: >>kmodel). Multiclass:
   per example j with a triple of non-zero coefficient, its row and a_j[y] = [y = y_j] C_j - sum_{k: y_k = y} c_k,
   C_j = sum_k c_k: then f(x, y) = sum_j a_j[y] k(x_j, x), as ssvm__kn_fall sums it. Chain (SSVM_MODEL_KERNEL_CHAIN):
   per position u of a support sequence j its row and B_j[u] (ssvm__kn_chain_argmax's position-label weights), and
   the transition (and bias) weights T, first, last summed as that function sums them (its scratch, _kn_cw). A
   row whose K coefficients are all 0 (as reals) is dropped. w NULL: only *d, the reals the model takes. */
SSVM__PRIV ssvm_result ssvm__kn_model_args(const ssvm_solver *s, int *which, const ssvm_dense_kernel **dk) {
    const ssvm_kernel_config *kc;
    ssvm_result r;
    int rows;
    if (!s || !s->_heap || s->_cfg.solver != SSVM_KBCFW) return SSVM_ERR_INVALID_ARG;
    if (*which == SSVM_W_BEST) *which = s->_best == SSVM_W_AVERAGE && SSVM__KN(s)->_kn_z ? SSVM_W_AVERAGE : SSVM_W_ITERATE;
    if ((r = ssvm__kn_ready(s, *which)) != SSVM_OK) return r;
    kc = &s->_cfg.kernel;
    if (!kc->input || kc->input != ssvm_dense_kernel_fn || !kc->user) return SSVM_ERR_NOT_SUPPORTED;
    *dk = (const ssvm_dense_kernel *)kc->user;
    rows = kc->chain ? kc->chain->config.start[kc->chain->config.n] : s->_prob.n;
    if (!(*dk)->x || (*dk)->F <= 0 || (*dk)->rows < rows) return SSVM_ERR_INVALID_ARG;
    if ((*dk)->kind != SSVM_KERNEL_LINEAR && (*dk)->kind != SSVM_KERNEL_RBF && (*dk)->kind != SSVM_KERNEL_POLY)
        return SSVM_ERR_INVALID_ARG;
    if ((*dk)->kind == SSVM_KERNEL_POLY && ((*dk)->degree < 1 || (*dk)->degree > SSVM_MODEL_KERNEL_MAX_DEGREE))
        return SSVM_ERR_NOT_SUPPORTED;
    if ((*dk)->kind != SSVM_KERNEL_LINEAR && !ssvm__finite((*dk)->gamma)) return SSVM_ERR_NONFINITE;
    if ((*dk)->kind == SSVM_KERNEL_RBF && (*dk)->gamma < 0) return SSVM_ERR_INVALID_ARG;
    if ((*dk)->kind == SSVM_KERNEL_POLY && !ssvm__finite((*dk)->coef0)) return SSVM_ERR_NONFINITE;
    return SSVM_OK;
}
/* one support row: x_r and its K coefficients a (doubles) at w + *pos, unless a is 0 as reals; counts into *pos */
SSVM__PRIV void ssvm__kn_model_row(ssvm_real *w, size_t *pos, const ssvm_real *xr, int F, const double *a, int K) {
    int c, any = 0;
    for (c = 0; c < K; c++) any |= (ssvm_real)a[c] != 0;
    if (!any) return;
    if (w) {
        for (c = 0; c < F; c++) w[*pos + (size_t)c] = xr[c];
        for (c = 0; c < K; c++) w[*pos + (size_t)F + (size_t)c] = (ssvm_real)a[c];
    }
    *pos += (size_t)F + (size_t)K;
}
SSVM__PRIV ssvm_result ssvm__kn_model_fill(const ssvm_solver *s, int which, const ssvm_dense_kernel *dk, ssvm_real *w,
                                           long long *d) {
    ssvm__kn_state *const kn = SSVM__KN(s);
    const ssvm_chain *ch = s->_cfg.kernel.chain;
    int K = ch ? ch->config.n_labels : s->_cfg.kernel.n_labels, F = dk->F, j, k, c, u, q;
    size_t pos, head = 3, blk = (size_t)F + (size_t)K;
    double *B = 0, *T = 0, *first = 0, *last = 0;
    if (ch) {
        head += (size_t)K * (size_t)K + ((ch->config.flags & SSVM_CHAIN_BIASES) ? 2u * (size_t)K : 0u);
        B = kn->_kn_cw + (size_t)ch->_max_len * (size_t)K; T = B + (size_t)ch->_max_len * (size_t)K;
        first = T + (size_t)K * (size_t)K; last = first + K;
        for (q = 0; q < K * K + 2 * K; q++) T[q] = 0;
    }
    pos = head;
    if (w) {
        w[0] = (ssvm_real)(dk->kind == SSVM_KERNEL_LINEAR ? 0 : dk->gamma);
        w[1] = (ssvm_real)(dk->kind == SSVM_KERNEL_POLY ? dk->coef0 : 0);
        w[2] = (ssvm_real)(dk->kind == SSVM_KERNEL_POLY ? dk->degree : 0);
    }
    for (j = 0; j < s->_prob.n; j++) {
        const int *tj = ssvm__kn_true(s, j);
        double C = 0;
        int any = 0;
        for (k = kn->_kn_head[j]; k >= 0; k = kn->_kn_next[k]) {
            double cf = ssvm__kn_coef(s, which, k);
            if (cf == 0) continue;
            any = 1; C += cf;
        }
        if (!any) continue;
        if (!ch) { /* the coefficients of class c, in ssvm__kn_fall's order; the row cast to reals */
            ssvm_real *row = w ? w + pos : 0;
            int nz = 0;
            for (c = 0; c < K; c++) {
                double v = c == *tj ? C : 0;
                for (k = kn->_kn_head[j]; k >= 0; k = kn->_kn_next[k])
                    if (kn->_kn_lab[k] == c) v -= ssvm__kn_coef(s, which, k);
                if (row) row[F + c] = (ssvm_real)v;
                nz |= (ssvm_real)v != 0;
            }
            if (!nz) continue;
            if (row) for (c = 0; c < F; c++) row[c] = dk->x[(size_t)j * (size_t)F + (size_t)c];
            pos += blk;
        } else { /* as ssvm__kn_chain_argmax: B_j over the sequence's positions, T, first, last */
            int pj = ch->config.start[j], Lj = ch->config.start[j + 1] - pj;
            for (q = 0; q < Lj * K; q++) B[q] = 0;
            for (k = kn->_kn_head[j]; k >= 0; k = kn->_kn_next[k]) {
                double cf = ssvm__kn_coef(s, which, k);
                const int *yk = SSVM__KN_LAB(s, k);
                if (cf == 0) continue;
                for (u = 0; u < Lj; u++) B[u * K + yk[u]] -= cf;
                for (u = 0; u + 1 < Lj; u++) T[yk[u] + K * yk[u + 1]] -= cf;
                first[yk[0]] -= cf; last[yk[Lj - 1]] -= cf;
            }
            for (u = 0; u < Lj; u++) B[u * K + tj[u]] += C;
            for (u = 0; u + 1 < Lj; u++) T[tj[u] + K * tj[u + 1]] += C;
            first[tj[0]] += C; last[tj[Lj - 1]] += C;
            for (u = 0; u < Lj; u++)
                ssvm__kn_model_row(w, &pos, dk->x + (size_t)(pj + u) * (size_t)F, F, B + (size_t)u * (size_t)K, K);
        }
        if ((unsigned long long)pos > (unsigned long long)INT_MAX) return SSVM_ERR_OVERFLOW;
    }
    if (ch && w) {
        for (q = 0; q < K * K; q++) w[3 + q] = (ssvm_real)T[q];
        if (ch->config.flags & SSVM_CHAIN_BIASES)
            for (q = 0; q < K; q++) { w[3 + K * K + q] = (ssvm_real)first[q]; w[3 + K * K + K + q] = (ssvm_real)last[q]; }
    }
    *d = (long long)pos;
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_model_of_kernel_get_size(const ssvm_solver *s, int which, size_t *bytes) {
    const ssvm_dense_kernel *dk = 0;
    ssvm_result r;
    long long d = 0;
    if (!bytes) return SSVM_ERR_INVALID_ARG;
    *bytes = 0;
    if ((r = ssvm__kn_model_args(s, &which, &dk)) != SSVM_OK) return r;
    if ((r = ssvm__kn_model_fill(s, which, dk, 0, &d)) != SSVM_OK) return r;
    if ((unsigned long long)d > (unsigned long long)(((size_t)-1) / sizeof(ssvm_real))) return SSVM_ERR_OVERFLOW;
    *bytes = (size_t)d * sizeof(ssvm_real);
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_model_of_kernel(const ssvm_solver *s, int which, void *buf, size_t buf_bytes,
                                               ssvm_model *out) {
    const ssvm_dense_kernel *dk = 0;
    const ssvm_chain *ch;
    ssvm_result r;
    long long d = 0;
    if (!buf || !out) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm__kn_model_args(s, &which, &dk)) != SSVM_OK) return r;
    if ((r = ssvm__kn_model_fill(s, which, dk, 0, &d)) != SSVM_OK) return r;
    if (buf_bytes / sizeof(ssvm_real) < (size_t)d) return SSVM_ERR_WORKSPACE;
    if ((r = ssvm__kn_model_fill(s, which, dk, (ssvm_real *)buf, &d)) != SSVM_OK) return r;
    ch = s->_cfg.kernel.chain;
    *out = ssvm_model_config_init(SSVM_MODEL_KERNEL, (int)d, (const ssvm_real *)buf);
    out->n_labels = ch ? ch->config.n_labels : s->_cfg.kernel.n_labels; out->n_attrs = dk->F; out->method = (int)dk->kind;
    if (ch) out->flags = SSVM_MODEL_KERNEL_CHAIN | (ch->config.flags & SSVM_CHAIN_BIASES);
    return ssvm_model_check(out);
}
#endif /* SSVM__HAS_KBCFW */
/* >>algorithms: the algorithm table, one row per ssvm_solver_kind (the engine's only view of a solver; MANUAL:
   SOLVERS AT A GLANCE prints the capabilities). A new solver: its section (state, check, layout, step or pass)
   and a row here. */
#if SSVM__HAS_MULTISAMPLE
SSVM__PRIV void ssvm__ms_reset(ssvm_solver *s); /* >>multisample (below) */
SSVM__PRIV ssvm_result ssvm__ms_evaluated(ssvm_solver *s, int average, ssvm_objective *o, double ls);
SSVM__PRIV int ssvm__ms_certifies(const ssvm_solver *s);
#endif
#define SSVM__ROW_NONE {0, 0, 0, SSVM_AVG_NONE, SSVM_SAMPLE_UNIFORM, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
#define SSVM__AVG_ALL (SSVM__AVG(SSVM_AVG_NONE) | SSVM__AVG(SSVM_AVG_WEIGHTED) | SSVM__AVG(SSVM_AVG_SUFFIX) | \
                       SSVM__AVG(SSVM_AVG_UNIFORM))
SSVM__PRIV const ssvm__algo *ssvm__algo_of(int kind) {
    /* fields in order (positional: the header compiles as C++ too): name, caps, averaging, avg_default,
       sampling_default; check, layout, reset, start, pass, step, steps; dual_l, evaluate, evaluated, rule,
       certifies, objective, after_eval, pick */
    static const ssvm__algo rows[] = {
#if SSVM__HAS_BCFW
        /* SSVM_BCFW: Lacoste-Julien et al. 2013, Algorithm 4 (>>solvers, >>speed, >>gaps, >>par) */
        {"bcfw", SSVM__CAP_WEIGHTS | SSVM__CAP_STEPS | SSVM__CAP_CKPT | SSVM__CAP_WARM | SSVM__CAP_BLOCKS | SSVM__CAP_BATCH |
         SSVM__CAP_DIST, SSVM__AVG_ALL, SSVM_AVG_WEIGHTED, SSVM_SAMPLE_UNIFORM,
         ssvm__co_check, ssvm__bcfw_layout, ssvm__bcfw_reset, ssvm__bcfw_start, ssvm__bcfw_pass, ssvm__bcfw_step, 0,
         0, 0, 0, 0, 0, ssvm__bcfw_objective, ssvm__bcfw_after_eval,
         ssvm__bcfw_pick},
#else
        SSVM__ROW_NONE,
#endif
#if SSVM__HAS_FW
        /* SSVM_FW: batch Frank-Wolfe, Algorithm 2 (>>solvers) */
        {"fw", SSVM__CAP_WEIGHTS | SSVM__CAP_WTMP | SSVM__CAP_CKPT | SSVM__CAP_WARM | SSVM__CAP_EVAL_W | SSVM__CAP_DIST,
         SSVM__AVG(SSVM_AVG_NONE), SSVM_AVG_NONE,
         SSVM_SAMPLE_UNIFORM, 0, ssvm__no_state, 0, 0, ssvm__fw_pass, 0, 0,
         0, 0, ssvm__fw_evaluated, 0, 0, 0, 0, 0},
#else
        SSVM__ROW_NONE,
#endif
#if SSVM__HAS_SSG
        /* SSVM_SSG: stochastic subgradient, Pegasos step (App. F) (>>solvers) */
        {"ssg", SSVM__CAP_WEIGHTS | SSVM__CAP_STEPS | SSVM__CAP_CKPT | SSVM__CAP_SCALED, SSVM__AVG_ALL, SSVM_AVG_WEIGHTED,
         SSVM_SAMPLE_UNIFORM, 0, ssvm__no_state, 0, 0, ssvm__steps_pass, ssvm__ssg_step, 0,
         ssvm__no_dual_l, 0, 0, 0, 0, 0, 0, 0},
#else
        SSVM__ROW_NONE,
#endif
#if SSVM__HAS_MULTISAMPLE
        /* SSVM_MULTISAMPLE: Branson, Beijbom, Belongie 2013 (>>multisample) */
        {"multisample", SSVM__CAP_WEIGHTS | SSVM__CAP_STEPS | SSVM__CAP_CKPT | SSVM__CAP_SCALED | SSVM__CAP_AVG_FROM_0,
         SSVM__AVG(SSVM_AVG_NONE) | SSVM__AVG(SSVM_AVG_WEIGHTED) | SSVM__AVG(SSVM_AVG_UNIFORM), SSVM_AVG_WEIGHTED,
         SSVM_SAMPLE_PERMUTATION, ssvm__ms_check, ssvm__ms_layout, ssvm__ms_reset, 0, ssvm__steps_pass,
         ssvm__ms_step, 0, ssvm__no_dual_l, 0, ssvm__ms_evaluated, 0, ssvm__ms_certifies, 0, 0, 0},
#else
        SSVM__ROW_NONE,
#endif
#if SSVM__HAS_DEG
        /* SSVM_DEG: dual extragradient, Taskar, Lacoste-Julien, Jordan 2006 (>>deg) */
        {"deg", SSVM__CAP_WEIGHTS | SSVM__CAP_WTMP | SSVM__CAP_AVG_FROM_0, SSVM__AVG(SSVM_AVG_UNIFORM), SSVM_AVG_UNIFORM, SSVM_SAMPLE_UNIFORM,
         ssvm__deg_check, ssvm__deg_layout, ssvm__deg_reset, 0, ssvm__deg_pass, 0, 0,
         ssvm__deg_dual_l, 0, ssvm__deg_evaluated, 0, 0, 0, 0, 0},
#else
        SSVM__ROW_NONE,
#endif
#if SSVM__HAS_CLIQUEGEN
        /* SSVM_CLIQUEGEN: clique generation, Tan et al. CVPR 2015 (>>cliquegen) */
        {"cliquegen", 0 /* no example weights */, SSVM__AVG(SSVM_AVG_NONE), SSVM_AVG_NONE, SSVM_SAMPLE_UNIFORM,
         ssvm__cg_check, ssvm__cg_layout, ssvm__cg_reset, 0, ssvm__cg_iteration, 0, 0,
         0, ssvm__cg_eval_row, 0, ssvm__cg_rule, 0, 0, 0, 0},
#else
        SSVM__ROW_NONE,
#endif
#if SSVM__HAS_CUTTING_PLANE
        /* SSVM_CUTTING_PLANE: 1-slack cutting plane, Joachims, Finley, Yu 2009 (>>cutplane) */
        {"cutting_plane", SSVM__CAP_WEIGHTS | SSVM__CAP_WTMP | SSVM__CAP_EVAL_W | SSVM__CAP_DIST, SSVM__AVG(SSVM_AVG_NONE),
         SSVM_AVG_NONE, SSVM_SAMPLE_UNIFORM,
         ssvm__cp_check, ssvm__cp_layout, ssvm__cp_reset, 0, ssvm__cp_pass, 0, 0,
         0, 0, ssvm__fw_evaluated, 0, 0, 0, 0, 0},
#else
        SSVM__ROW_NONE,
#endif
#if SSVM__HAS_KBCFW
        /* SSVM_KBCFW: kernelised BCFW (Algorithm B.1) or FW (>>kernel) */
        {"kernel", SSVM__CAP_WEIGHTS | SSVM__CAP_STEPS | SSVM__CAP_NO_W | SSVM__CAP_OWN_PROBLEM,
         SSVM__AVG(SSVM_AVG_NONE) | SSVM__AVG(SSVM_AVG_WEIGHTED), SSVM_AVG_WEIGHTED, SSVM_SAMPLE_UNIFORM,
         ssvm__kn_check, ssvm__kn_layout, 0, ssvm__kn_start, ssvm__kn_pass, ssvm__kn_step, ssvm__kn_steps,
         0, ssvm__kn_evaluate, 0, 0, 0, 0, 0, 0},
#else
        SSVM__ROW_NONE,
#endif
#if SSVM__HAS_EG
        /* SSVM_EG: online exponentiated gradient, Collins et al. 2008 (>>eg) */
        {"eg", SSVM__CAP_WEIGHTS | SSVM__CAP_STEPS, SSVM__AVG(SSVM_AVG_NONE), SSVM_AVG_NONE, SSVM_SAMPLE_PERMUTATION,
         ssvm__eg_check, ssvm__eg_layout, 0, ssvm__eg_start, ssvm__steps_pass, ssvm__eg_step, 0,
         0, 0, 0, 0, 0, 0, 0, 0},
#else
        SSVM__ROW_NONE,
#endif
    };
    if (kind < 0 || kind >= (int)(sizeof rows / sizeof rows[0]) || !rows[kind].pass) return 0; /* left out */
    return &rows[kind];
}
#endif /* STRUCTSVM_PREDICT_ONLY */

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

STRUCTSVM_DEF ssvm_surrogate ssvm_surrogate_config_init(ssvm_surrogate_kind kind, int n) {
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

/* Surrogate-gap constants (the table in the MANUAL):
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
STRUCTSVM_DEF ssvm_result ssvm_decode_get_work_size(const ssvm_surrogate *s, size_t *bytes) {
    ssvm__arena a = {0, 0, 0, 0};
    ssvm__dws w;
    ssvm_result r;
    if ((r = ssvm__size_begin(bytes, ssvm_surrogate_check(s))) != SSVM_OK) return r;
    ssvm__dws_layout(s, &a, &w);
    return ssvm__arena_bytes(&a, bytes);
}
SSVM__PRIV ssvm_result ssvm__dws_bind(const ssvm_surrogate *s, void *work, size_t bytes, ssvm__dws *w) {
    ssvm__arena a;
    size_t need = 0;
    ssvm_result r;
    if (!work) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm__arena_over(ssvm_decode_get_work_size(s, &need), &need, work, bytes, &a)) != SSVM_OK) return r;
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
STRUCTSVM_DEF ssvm_online_config ssvm_online_config_init(ssvm_surrogate_kind kind, int n, int n_features) {
    ssvm_online_config p;
    SSVM_MEMSET(&p, 0, sizeof p);
    p.loss = ssvm_surrogate_config_init(kind, n);
    p.n_features = n_features;
    p.rate = SSVM_RATE_POLYAK;
    p.seed = 1;
    return p;
}
/* validates and derives alpha, M, the rate floor and the constant rate */
SSVM__PRIV ssvm_result ssvm__online_consts(const ssvm_online_config *p, double *alpha, double *M, double *floor,
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
    o->W = (ssvm_real *)ssvm__take(a, ssvm__mulsz(a, d, F), sizeof(ssvm_real));
    o->_x = (ssvm_real *)ssvm__take(a, F, sizeof(ssvm_real));
    o->_theta = (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real));
    o->_grad = (ssvm_real *)ssvm__take(a, d, sizeof(ssvm_real));
    o->_yhat = (int *)ssvm__take(a, (size_t)o->label_len, sizeof(int));
    o->_dwork = ssvm__take(a, o->_dwork_bytes, 1);
}
STRUCTSVM_DEF ssvm_result ssvm_online_get_heap_size(const ssvm_online_config *p, size_t *bytes) {
    ssvm_online o;
    ssvm__arena a = {0, 0, 0, 0};
    ssvm_result r;
    if ((r = ssvm__size_begin(bytes, ssvm__online_consts(p, 0, 0, 0, 0))) != SSVM_OK) return r;
    SSVM_MEMSET(&o, 0, sizeof o);
    o.d = ssvm_surrogate_dim(&p->loss); o.F = p->n_features; o.label_len = ssvm_surrogate_label_len(&p->loss);
    if ((r = ssvm_decode_get_work_size(&p->loss, &o._dwork_bytes)) != SSVM_OK) return r;
    ssvm__online_layout(&o, &a);
    return ssvm__arena_bytes(&a, bytes);
}
STRUCTSVM_DEF void ssvm_online_reset(ssvm_online *o) {
    if (!o || !o->W) return;
    SSVM_MEMSET(o->W, 0, (size_t)o->d * (size_t)o->F * sizeof(ssvm_real));
    o->_have_pred = 0;
    o->_eta_prev = SSVM__HUGE; /* eta_0 = +infinity in (12) */
    o->_adagrad_sum = 0;
    o->_x_norm2 = 0;
    o->rounds = 0; o->floor_hits = 0;
    o->cum_target = o->cum_expected = o->cum_surrogate = 0;
    o->_rng = o->_cfg.seed;
}
STRUCTSVM_DEF ssvm_result ssvm_online_init_preallocated(const ssvm_online_config *p, void *heap, size_t bytes,
                                                        ssvm_online *o) {
    size_t need = 0;
    ssvm__arena a;
    ssvm_result r;
    if (!o) return SSVM_ERR_INVALID_ARG;
    SSVM_MEMSET(o, 0, sizeof *o); /* uninit-safe also on failure */
    if ((r = ssvm__arena_over(ssvm_online_get_heap_size(p, &need), &need, heap, bytes, &a)) != SSVM_OK) return r;
    o->_cfg = *p;
    if ((r = ssvm__online_consts(p, &o->_alpha, &o->_M, &o->_eta_floor, &o->_eta_const)) != SSVM_OK) return r;
    o->d = ssvm_surrogate_dim(&p->loss); o->F = p->n_features; o->label_len = ssvm_surrogate_label_len(&p->loss);
    if ((r = ssvm_decode_get_work_size(&p->loss, &o->_dwork_bytes)) != SSVM_OK) return r;
    ssvm__online_layout(o, &a);
    if (a.overflow || !o->_dwork) return SSVM_ERR_WORKSPACE;
    o->_heap = heap; o->_heap_bytes = need; o->_owns_heap = 0;
    ssvm_online_reset(o);
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_online_init(const ssvm_online_config *p, ssvm_online *o) {
    size_t need;
    void *heap;
    ssvm_result r;
    if (!o) return SSVM_ERR_INVALID_ARG;
    SSVM_MEMSET(o, 0, sizeof *o);
    if ((r = ssvm_online_get_heap_size(p, &need)) != SSVM_OK) return r;
    if ((r = ssvm__heap_for(&p->allocator, need, &heap)) != SSVM_OK) return r;
    r = ssvm_online_init_preallocated(p, heap, need, o);
    o->_heap = heap; o->_owns_heap = 1; o->_cfg.allocator = p->allocator;
    if (r != SSVM_OK) { ssvm_online_uninit(o); return r; }
    return SSVM_OK;
}
STRUCTSVM_DEF void ssvm_online_uninit(ssvm_online *o) {
    if (!o) return;
    if (o->_owns_heap) ssvm__free_with(&o->_cfg.allocator, o->_heap);
    o->_heap = 0; o->_owns_heap = 0; o->W = 0;
}
STRUCTSVM_DEF ssvm_result ssvm_online_predict(ssvm_online *o, const ssvm_real *x, int *yhat) {
    ssvm_result r;
    double u, xn = 0;
    int j;
    if (!o || !x || !o->W) return SSVM_ERR_INVALID_ARG;
    o->_have_pred = 0; /* x, theta and pi are overwritten below: a failed call must not leave an old round pending */
    for (j = 0; j < o->F; j++) {
        double t = (double)x[j];
        if (!ssvm__finite(t)) return SSVM_ERR_NONFINITE;
        o->_x[j] = x[j];
        xn += t * t;
    }
    o->_x_norm2 = xn;
    ssvm_linear_scores(o->d, o->F, o->W, o->_x, o->_theta); /* theta_t = W_t x_t */
    if ((r = ssvm_decode(&o->_cfg.loss, o->_theta, o->_dwork, o->_dwork_bytes, &o->_dist)) != SSVM_OK) return r;
    u = (double)(ssvm__rand(&o->_rng) >> 11) * (1.0 / 9007199254740992.0); /* [0, 1) with 53 bits */
    if ((r = ssvm_dist_sample(&o->_dist, u, o->_yhat)) != SSVM_OK) return r;
    if (yhat) for (j = 0; j < o->label_len; j++) yhat[j] = o->_yhat[j];
    o->_have_pred = 1;
    return SSVM_OK;
}
SSVM__PRIV ssvm_result ssvm__online_project(ssvm_online *o) {
    if (o->_cfg.project) {
        int rc = o->_cfg.project(o->_cfg.project_user, o->W, o->d, o->F), j;
        if (rc < 0) return (ssvm_result)rc;
        for (j = 0; j < o->d * o->F; j++) if (!ssvm__finite((double)o->W[j])) return SSVM_ERR_CALLBACK;
    } else if (o->_cfg.diameter > 0) { /* Frobenius ball of radius D/2 (Assumption 2.2.3: diameter D) */
        double rad = 0.5 * o->_cfg.diameter, n2 = (double)ssvm__dot(o->d * o->F, o->W, o->W);
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
    if (!o->_have_pred) return SSVM_ERR_INVALID_ARG; /* ssvm_online_predict first */
    if ((r = ssvm__check_label(&o->_cfg.loss, y)) != SSVM_OK) return r;
    if ((r = ssvm__dws_bind(&o->_cfg.loss, o->_dwork, o->_dwork_bytes, &w)) != SSVM_OK) return r;
    /* the decoding left pi(theta_t) (and for conv FY its v) in the work area */
    if ((r = ssvm__loss_eval(&o->_cfg.loss, o->_theta, y, &w, &L, o->_grad)) != SSVM_OK) return r;
    if ((r = ssvm__expected(&o->_cfg.loss, &o->_dist, y, &E)) != SSVM_OK) return r;
    {
        double nrm = o->_cfg.loss.kind == SSVM_CONV_FY_NDCG ? ssvm__ndcg_norm(&o->_cfg.loss, y) : 0;
        if ((r = ssvm__target(&o->_cfg.loss, o->_yhat, y, nrm, &loss)) != SSVM_OK) return r;
    }
    for (k = 0; k < o->d; k++) g2 += (double)o->_grad[k] * (double)o->_grad[k];
    gn2 = g2 * o->_x_norm2; /* |G_t|_F^2 for G_t = grad x^T */
    bound = gn2 > 0 ? 2 * (L - E) / gn2 : SSVM__HUGE;
    if (gn2 > 0) {
        switch (o->_cfg.rate) {
        case SSVM_RATE_CONSTANT: eta = o->_eta_const; break;
        case SSVM_RATE_ADAGRAD:
            o->_adagrad_sum += gn2;
            eta = o->_cfg.diameter / SSVM_SQRT(2 * o->_adagrad_sum);
            break;
        case SSVM_RATE_POLYAK: /* eq. (12), with the floor eta_min as a safeguard (never active under (8)) */
            eta = bound; /* smooth hinge with y = y*, 0 < m < 1 meets (9) with equality: count real misses only */
            if (eta < o->_eta_floor) { if (eta < o->_eta_floor * (1 - SSVM__ROUND_TOL)) o->floor_hits++; eta = o->_eta_floor; }
            if (eta > o->_eta_prev) eta = o->_eta_prev;
            o->_eta_prev = eta;
            break;
        }
        for (k = 0; k < o->d; k++) { /* W_{t+1} = Proj(W_t - eta G_t), eq. (6) */
            double c = -eta * (double)o->_grad[k];
            if (c != 0) ssvm__axpby(o->F, c, o->_x, 1.0, o->W + (size_t)k * o->F);
        }
        if ((r = ssvm__online_project(o)) != SSVM_OK) return r;
    }
    o->rounds++;
    o->cum_target += loss; o->cum_expected += E; o->cum_surrogate += L;
    o->_have_pred = 0;
    if (info) {
        info->target_loss = loss; info->expected_loss = E; info->surrogate = L;
        info->grad_norm2 = gn2; info->eta = eta; info->polyak_bound = bound;
        info->support = o->_dist.n; info->fw_gap = o->_dist.fw_gap;
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
#if SSVM__HAS_MULTISAMPLE
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
      with B >= every Delta carrying dual weight (A_t <= tB, and (1+s)/s^2 >= 2). B = max(config.ms.loss_bound,
      the largest Delta sampled so far).
   (Typos without consequence: Lemma 2.2's (lambda t - 2 lambda)/(2t) is lambda (t-1)/(2t); Algorithm 3 line 4
   and Lemmas 2.2-2.5 say "Algorithm 2" for the outer loop.)
   Deviations by choice:
   D1 Default order: a fresh random permutation each pass (Algorithm 3: i = t mod n, SSVM_SAMPLE_CYCLIC). On data
      stored grouped (the OCR file) cyclic order is much worse: P(w_bar) after one pass 0.75 vs 0.50.
   D2 Default average: weighted (weights t on w^t, as BCFW/SSG here); Theorem 2.1.3's uniform average of
      w^0 .. w^{T-1} is SSVM_AVG_UNIFORM. The dual reported is D_t/t at the iterate (no dual exists at w_bar).
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
SSVM__PRIV size_t ssvm__kbest_bytes(int L, int K, int k) {
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
/* returns the number found, or a negative ssvm_result; work holds ssvm__kbest_bytes(L, K, k) */
SSVM__PRIV int ssvm__kbest(int L, int K, int k, const ssvm_real *unary, const ssvm_real *trans, void *work, int *ys,
                           ssvm_real *scores) {
    ssvm__arena ar;
    ssvm_real *sc, *hv;
    int *from, *rank, *head, t, a, b, r, cnt, prev_cnt, total;
    size_t cells;
    if (!unary || !trans || !work || !ys) return SSVM_ERR_INVALID_ARG;
    if (L <= 0 || K <= 0 || k <= 0) return SSVM_ERR_EMPTY;
    if (ssvm__kbest_bytes(L, K, k) == 0) return SSVM_ERR_OVERFLOW;
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

STRUCTSVM_DEF ssvm_result ssvm_kbest_viterbi_get_work_size(int L, int K, int k, size_t *bytes) {
    if (!bytes) return SSVM_ERR_INVALID_ARG;
    *bytes = 0;
    if (L <= 0 || K <= 0 || k <= 0) return SSVM_ERR_EMPTY;
    return (*bytes = ssvm__kbest_bytes(L, K, k)) ? SSVM_OK : SSVM_ERR_OVERFLOW;
}
STRUCTSVM_DEF ssvm_result ssvm_kbest_viterbi(int L, int K, int k, const ssvm_real *unary, const ssvm_real *trans,
                                             void *work, size_t work_bytes, int *ys, size_t ys_bytes,
                                             ssvm_real *scores, int *found) {
    size_t need;
    ssvm_result r;
    int got;
    if (!found) return SSVM_ERR_INVALID_ARG;
    *found = 0;
    if ((r = ssvm_kbest_viterbi_get_work_size(L, K, k, &need)) != SSVM_OK) return r;
    if (work_bytes < need) return SSVM_ERR_WORKSPACE;
    if (ys_bytes / sizeof(int) / (size_t)L < (size_t)k) return SSVM_ERR_WORKSPACE;
    got = ssvm__kbest(L, K, k, unary, trans, work, ys, scores);
    if (got < 0) return (ssvm_result)got;
    *found = got;
    return SSVM_OK;
}

/* >>multisample: built-in samplers */
SSVM__PRIV void ssvm__ms_chain_carve(const ssvm_chain *m, int k, ssvm__arena *ar, ssvm_real **u, ssvm_real **tr,
                                     ssvm_real **nzv, int **nzi, void **kb, int **paths, ssvm_real **psc) {
    int K = m->config.n_labels, F = m->config.n_attrs, L = m->_max_len;
    size_t kbb = ssvm__kbest_bytes(L, K, k);
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
    int K = m->config.n_labels, F = m->config.n_attrs, p0 = m->config.start[i], L = m->config.start[i + 1] - p0, t, s, r, got, out = 0;
    int to = ssvm__chain_trans_off(K, F, m->config.flags);
    ssvm__arena ar;
    ssvm_real *u, *tr, *nzv, *psc, unit;
    int *nzi, *paths;
    void *kb;
    ar.base = ssvm__align16(work); ar.used = 0; ar.cap = (size_t)-1; ar.overflow = 0;
    ssvm__ms_chain_carve(m, k_max + 1, &ar, &u, &tr, &nzv, &nzi, &kb, &paths, &psc);
    ssvm__chain_scores(m, w, p0, L, u, nzi, nzv);
    unit = (m->config.flags & SSVM_CHAIN_COUNTED_LOSS) ? (ssvm_real)1 : (ssvm_real)1 / (ssvm_real)L;
    for (t = 0; t < L; t++) {
        int g = m->config.labels[p0 + t];
        for (s = 0; s < K; s++) {
            ssvm_real *c = u + (size_t)t * K + s;
            *c = (ssvm_real)(ws * (double)*c);
            if (s != g) *c += unit;
        }
    }
    for (s = 0; s < K * K; s++) tr[s] = (ssvm_real)(ws * (double)w[to + s]);
    /* k_max + 1 best, y_i dropped; for k_max = 1 the plain best first (the 2-best only when it is y_i) */
    got = ssvm__kbest(L, K, k_max == 1 ? 1 : k_max + 1, u, tr, kb, paths, psc);
    if (got < 0) return got;
    if (k_max == 1 && got == 1) {
        for (r = 0; r < got; r++) {
            for (t = 0; t < L && paths[(size_t)r * L + t] == m->config.labels[p0 + t]; t++) {}
            if (t == L) break;
        }
        if (r < got) got = ssvm__kbest(L, K, k_max + 1, u, tr, kb, paths, psc);
        if (got < 0) return got;
    }
    for (r = 0; r < got && out < k_max; r++) {
        const int *y = paths + (size_t)r * L;
        int wrong = 0;
        for (t = 0; t < L; t++) wrong += y[t] != m->config.labels[p0 + t];
        if (wrong == 0) continue; /* y_i: v = 0, nothing to learn from it */
        for (t = 0; t < L; t++) ys[(size_t)out * stride + t] = y[t];
        lens[out] = L;
        deltas[out] = (m->config.flags & SSVM_CHAIN_COUNTED_LOSS) ? (ssvm_real)wrong : (ssvm_real)wrong / (ssvm_real)L;
        out++;
    }
    return out;
}
STRUCTSVM_DEF ssvm_result ssvm_chain_kbest_sampler(ssvm_chain *m, ssvm_ms_sampler *out) {
    if (!m || !out) return SSVM_ERR_INVALID_ARG;
    if (!m->_scratch || m->_max_len <= 0) return SSVM_ERR_INVALID_ARG; /* not initialised */
    SSVM_MEMSET(out, 0, sizeof *out);
    out->sample = ssvm__ms_chain_sample;
    out->work_bytes = ssvm__ms_chain_work;
    out->user = m;
    return SSVM_OK;
}

SSVM__PRIV size_t ssvm__ms_mc_work(void *user, int k_max) {
    ssvm_multiclass *m = (ssvm_multiclass *)user;
    (void)k_max;
    return (size_t)m->config.n_labels * (sizeof(ssvm_real) + 1) + 32;
}
SSVM__PRIV int ssvm__ms_mc_sample(void *user, int i, const ssvm_real *w, double ws, int k_max, void *work, int *ys,
                                  int stride, int *lens, ssvm_real *deltas) {
    ssvm_multiclass *m = (ssvm_multiclass *)user;
    int K = m->config.n_labels, g = m->config.labels[i], c, r, out = 0;
    ssvm_real *sc = (ssvm_real *)(void *)ssvm__align16(work);
    unsigned char *taken = (unsigned char *)(sc + K);
    for (c = 0; c < K; c += SSVM__MC_B) ssvm__mc_scores(m, w, i, c, 0, K - c < SSVM__MC_B ? K - c : SSVM__MC_B, sc + c);
    for (c = 0; c < K; c++) {
        sc[c] = (ssvm_real)(ws * (double)sc[c]) + ssvm__mc_cost(m, g, c);
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
    if (m->config.n <= 0 || m->config.n_labels <= 0 || m->config.n_attrs <= 0 || !m->config.labels || (!m->config.x && (!m->config.row_start || !m->config.attr_id)))
        return SSVM_ERR_INVALID_ARG;
    SSVM_MEMSET(out, 0, sizeof *out);
    out->sample = ssvm__ms_mc_sample;
    out->work_bytes = ssvm__ms_mc_work;
    out->user = m;
    out->multiclass = 1;
    return SSVM_OK;
}

/* the default sampler: the problem's loss-augmented oracle, one label at ws * w */
SSVM__PRIV int ssvm__ms_oracle_sample(void *user, int i, const ssvm_real *w, double ws, int k_max, void *work, int *ys,
                                      int stride, int *lens, ssvm_real *deltas) {
    const ssvm_problem *p = (const ssvm_problem *)user;
    int len;
    ssvm_result r;
    (void)k_max; (void)work; (void)stride;
    if ((r = ssvm__call_oracle(p, i, w, ws, ys, &len, deltas)) != SSVM_OK) return r;
    lens[0] = len;
    return 1;
}

/* >>multisample: the moves (the iterate and average are the engine's lazily scaled pair) */
/* <w, E> with w = w_scale * wv, and |E|^2 */
/* <w, E> and |E|^2 before a move; an overflow stops the step before it moves anything (SSVM_ERR_NONFINITE): a
   move computed from an infinite |E|^2 would be a silent no-op or NaN */
SSVM__PRIV ssvm_result ssvm__ms_dots(const ssvm_solver *s, const ssvm_svec *E, double *wE, double *EE) {
    double a = 0, b = 0;
    int k;
    for (k = 0; k < E->nnz; k++) {
        int j = E->idx[k];
        double x = (double)E->val[j];
        a += (double)s->_w[j] * x;
        b += x * x;
    }
    *wE = s->_w_scale * a;
    *EE = b;
    return ssvm__finite(*wE) && ssvm__finite(b) ? SSVM_OK : SSVM_ERR_NONFINITE;
}
/* out = phi(x_i, y) - phi(x_i, y_i) = v(X_i, y), eq. 7 */
SSVM__PRIV ssvm_result ssvm__ms_build_v(ssvm_solver *s, int i, const int *y, int len, int tlen, double om, ssvm_svec *out) {
    const ssvm_problem *p = &s->_prob;
    int rc;
    ssvm_svec_clear(out);
    if ((rc = p->phi(p->user, i, y, len, (ssvm_real)om, out)) < 0) return (ssvm_result)rc;
    if ((rc = p->phi(p->user, i, SSVM__MS(s)->_ytrue, tlen, (ssvm_real)-om, out)) < 0) return (ssvm_result)rc;
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
SSVM__PRIV int *ssvm__ms_slot(const ssvm_solver *s, int i, int c) {
    const ssvm__ms_state *const ms = SSVM__MS(s);
    return ms->_cache + ((size_t)i * (size_t)ms->_cache_cap + (size_t)c) * (size_t)(1 + s->_prob.max_label_len);
}
SSVM__PRIV int ssvm__ms_same(const int *a, int la, const int *b, int lb) {
    int k;
    if (la != lb) return 0;
    for (k = 0; k < la; k++) if (a[k] != b[k]) return 0;
    return 1;
}
SSVM__PRIV void ssvm__ms_cache_touch(ssvm_solver *s, int i, const int *y, int len, ssvm_real delta) {
    ssvm__ms_state *const ms = SSVM__MS(s);
    int cnt = ms->_cache_count[i], pos, c, ml = s->_prob.max_label_len;
    int *base = ssvm__ms_slot(s, i, 0);
    ssvm_real *db = ms->_cache_delta + (size_t)i * (size_t)ms->_cache_cap;
    for (pos = 0; pos < cnt; pos++) {
        int *sl = base + (size_t)pos * (1 + ml);
        if (ssvm__ms_same(sl + 1, sl[0], y, len)) break;
    }
    if (pos == cnt) { /* new: drop the oldest when full */
        if (cnt < ms->_cache_cap) ms->_cache_count[i] = ++cnt;
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

/* >>multisample: one step, Algorithm 3 lines 2-5 around Algorithm 1 (or 2). The step's working state: */
typedef struct ssvm__ms_st {
    int i, tlen, ns, first_argmax;
    double lt, a_prev, om;  /* lambda t; w's scale before the step; example weight c_i n / sum c (1 without) */
    double Dk, asum;        /* D_t^K of the moves so far (eq. 17) and sum_j alpha_t^j */
    double g1, vv1;         /* <w^{t-1}, v_1> and |v_1|^2 of the first (argmax) sample, for the loss report */
} ssvm__ms_st;

/* Algorithm 1 line 1: the samples at w^{t-1}, without y_i and repeats, then the cached violators */
SSVM__PRIV ssvm_result ssvm__ms_samples(ssvm_solver *s, ssvm__ms_st *m) {
    const ssvm_problem *p = &s->_prob;
    int ml = p->max_label_len, got, j, k, i = m->i, K = s->_cfg.ms.samples;
    got = SSVM__MS(s)->_smp.sample(s->_cfg.ms.sampler.sample ? SSVM__MS(s)->_smp.user : (void *)&s->_prob, i, s->_w, s->_w_scale, K,
                         SSVM__MS(s)->_swork, SSVM__MS(s)->_ys, ml, SSVM__MS(s)->_lens, SSVM__MS(s)->_deltas);
    if (got < 0) return (ssvm_result)got;
    if (got > K) return SSVM_ERR_CALLBACK;
    s->_prog.oracle_calls++;
    for (j = 0; j < got; j++) {
        int *y = SSVM__MS(s)->_ys + (size_t)j * ml, len = SSVM__MS(s)->_lens[j], dup;
        double dl = (double)SSVM__MS(s)->_deltas[j];
        if (len <= 0 || len > ml) return SSVM_ERR_LABEL;
        if (!ssvm__finite(dl) || dl < 0) return SSVM_ERR_LOSS;
        dup = ssvm__ms_same(y, len, SSVM__MS(s)->_ytrue, m->tlen);
        for (k = 0; k < m->ns && !dup; k++) dup = ssvm__ms_same(y, len, SSVM__MS(s)->_ys + (size_t)k * ml, SSVM__MS(s)->_lens[k]);
        if (dup) continue;
        if (j == 0) m->first_argmax = 1;
        if (m->ns != j) {
            for (k = 0; k < len; k++) SSVM__MS(s)->_ys[(size_t)m->ns * ml + k] = y[k];
            SSVM__MS(s)->_lens[m->ns] = len;
        }
        SSVM__MS(s)->_deltas[m->ns] = (ssvm_real)(m->om * dl); /* example weights scale Delta and v alike */
        m->ns++;
    }
    if (SSVM__MS(s)->_cache_cap > 0) {
        int c;
        for (c = 0; c < SSVM__MS(s)->_cache_count[i]; c++) {
            int *sl = ssvm__ms_slot(s, i, c), dup = 0;
            for (k = 0; k < m->ns && !dup; k++) dup = ssvm__ms_same(sl + 1, sl[0], SSVM__MS(s)->_ys + (size_t)k * ml, SSVM__MS(s)->_lens[k]);
            if (dup) continue;
            for (k = 0; k < sl[0]; k++) SSVM__MS(s)->_ys[(size_t)m->ns * ml + k] = sl[1 + k];
            SSVM__MS(s)->_lens[m->ns] = sl[0];
            SSVM__MS(s)->_deltas[m->ns] = SSVM__MS(s)->_cache_delta[(size_t)i * (size_t)SSVM__MS(s)->_cache_cap + (size_t)c];
            m->ns++;
        }
    }
    for (j = 0; j < m->ns; j++) { SSVM__MS(s)->_alpha[j] = 0; if ((double)SSVM__MS(s)->_deltas[j] > SSVM__MS(s)->_bound) SSVM__MS(s)->_bound = (double)SSVM__MS(s)->_deltas[j]; }
    return SSVM_OK;
}
/* the move u <- u + g E, w <- w - g E / (lambda t) (eqs. 15-16) */
SSVM__PRIV ssvm_result ssvm__ms_apply(ssvm_solver *s, const ssvm__ms_st *m, const ssvm_svec *E, double g, int add_to_u) {
    return ssvm__move(s, E, -g / (m->lt * s->_w_scale), add_to_u ? &SSVM__MS(s)->_u : 0, g);
}
/* <w^{t-1}, v> from <w^{t,0}, v> (w^{t,0} = (t-1)/t w^{t-1}) */
SSVM__PRIV double ssvm__ms_prev(const ssvm_solver *s, const ssvm__ms_st *m, double g) {
    return s->_w_scale > 0 ? g * m->a_prev / s->_w_scale : 0;
}

/* Lemma 2.2's simple step (Pegasos): alpha = 1 on the subgradient v_1 if it is one (l(w^{t-1}) > 0; a sampler
   that skips y_i returns a non-violating label when y_i is the argmax), nothing else */
SSVM__PRIV ssvm_result ssvm__ms_pegasos(ssvm_solver *s, ssvm__ms_st *m) {
    ssvm__ms_state *const ms = SSVM__MS(s);
    ssvm_result r;
    if (!m->first_argmax) return SSVM_OK;
    if ((r = ssvm__ms_build_v(s, m->i, ms->_ys, ms->_lens[0], m->tlen, m->om, &ms->_v)) != SSVM_OK) return r;
    if ((r = ssvm__ms_dots(s, &ms->_v, &m->g1, &m->vv1)) != SSVM_OK) return r;
    m->g1 = ssvm__ms_prev(s, m, m->g1);
    if (m->g1 + (double)ms->_deltas[0] > 0) {
        if ((r = ssvm__ms_apply(s, m, &ms->_v, 1.0, 0)) != SSVM_OK) return r;
        ms->_alpha[0] = 1; m->asum = 1; m->Dk = (double)ms->_deltas[0];
    }
    return SSVM_OK;
}

/* Algorithm 2 (corrected, F3-F5): c_j = -lambda t (<w^{t,0}, v_j> + Delta_j), the exact maximiser of D_t */
SSVM__PRIV ssvm_result ssvm__ms_algorithm2(ssvm_solver *s, ssvm__ms_st *m) {
    ssvm__ms_state *const ms = SSVM__MS(s);
    const ssvm_problem *p = &s->_prob;
    int j, k, rc, ns = m->ns, ml = p->max_label_len;
    double qn = 0, g, vv;
    ssvm_result r;
    for (j = 0; j < ns; j++) {
        if ((r = ssvm__ms_build_v(s, m->i, ms->_ys + (size_t)j * ml, ms->_lens[j], m->tlen, m->om, &ms->_v)) != SSVM_OK) return r;
        if ((r = ssvm__ms_dots(s, &ms->_v, &g, &vv)) != SSVM_OK) return r;
        if (j == 0) {
            qn = 0.5 * vv; /* |v|^2 = 2 |phi(x)|^2 for a class other than y_i (eq. 21) */
            if (m->first_argmax) { m->g1 = ssvm__ms_prev(s, m, g); m->vv1 = vv; }
            ssvm_svec_clear(&ms->_u); /* v_0 kept (Algorithm 2 has no other use for u) for the row check below */
            for (k = 0; k < ms->_v.nnz; k++) ssvm_svec_add(&ms->_u, ms->_v.idx[k], ms->_v.val[ms->_v.idx[k]]);
        } else {
            /* the sampler's labels must have the multiclass Gram matrix: |v_j|^2 = 2 qn and <v_0, v_j> = qn
               (row 0 of it; ssvm__ms_mcqp's closed form needs all of it, which is this for distinct classes) */
            double x0 = 0;
            for (k = 0; k < ms->_v.nnz; k++) {
                int e = ms->_v.idx[k];
                if (ms->_u.mark[e]) x0 += (double)ms->_u.val[e] * (double)ms->_v.val[e];
            }
            if (vv > 2 * qn * (1 + 1e-5) + 1e-300 || vv < 2 * qn * (1 - 1e-5) ||
                x0 > qn * (1 + 1e-5) + 1e-300 || x0 < qn * (1 - 1e-5))
                return SSVM_ERR_CALLBACK;
        }
        ms->_cq[j] = -m->lt * (g + (double)ms->_deltas[j]);
    }
    if (qn > 0) {
        for (j = 0; j < ns; j++) ms->_cq[j] /= qn;
        ssvm__ms_mcqp(ns, ms->_cq, ms->_alpha, ms->_ord);
    } else { /* phi(x) = 0: the gain is linear, all weight on the smallest c if it is negative */
        int b = 0;
        for (j = 1; j < ns; j++) if (ms->_cq[j] < ms->_cq[b]) b = j;
        for (j = 0; j < ns; j++) ms->_alpha[j] = 0;
        if (ms->_cq[b] < 0) ms->_alpha[b] = 1;
    }
    /* u_t = sum_j alpha_j v_j, built from phi in O(sum of nnz); w^t = w^{t,0} - u_t/(lambda t) */
    ssvm_svec_clear(&ms->_e);
    for (j = 0; j < ns; j++) {
        if (ms->_alpha[j] <= 0) continue;
        rc = p->phi(p->user, m->i, ms->_ys + (size_t)j * ml, ms->_lens[j], (ssvm_real)(ms->_alpha[j] * m->om), &ms->_e);
        if (rc < 0) return (ssvm_result)rc;
        m->asum += ms->_alpha[j];
        m->Dk += ms->_alpha[j] * (double)ms->_deltas[j];
    }
    if (m->asum > 0) {
        rc = p->phi(p->user, m->i, ms->_ytrue, m->tlen, (ssvm_real)(-m->asum * m->om), &ms->_e);
        if (rc < 0) return (ssvm_result)rc;
        if (ms->_e.err) return (ssvm_result)ms->_e.err;
        return ssvm__ms_apply(s, m, &ms->_e, 1.0, 0); /* u_t itself is not needed after the update */
    }
    return SSVM_OK;
}

/* Algorithm 1, lines 3-16. Repeated sweeps (line 16) revisit a sample that already has weight: the expand move is
   then exact coordinate ascent on alpha_j in [0, 1 - sum of the others] (it may lower alpha_j), and the swap move
   is the paper's with that sample's weight included in u (a move towards the vertex e_j); on the first sweep both
   are exactly lines 5 and 9 (D3). */
SSVM__PRIV ssvm_result ssvm__ms_algorithm1(ssvm_solver *s, ssvm__ms_st *m) {
    int j, k, sw, ns = m->ns, ml = s->_prob.max_label_len, sweeps = s->_cfg.ms.sweeps;
    ssvm_result r;
    for (sw = 0; sw < sweeps; sw++) {
        for (j = 0; j < ns; j++) {
            double wE, EE, g, lo, hi;
            int more = sw + 1 < sweeps || j + 1 < ns; /* u is read by later moves only */
            if ((r = ssvm__ms_build_v(s, m->i, SSVM__MS(s)->_ys + (size_t)j * ml, SSVM__MS(s)->_lens[j], m->tlen, m->om, &SSVM__MS(s)->_v)) != SSVM_OK) return r;
            if (m->asum < 1) { /* expand, line 5 */
                if ((r = ssvm__ms_dots(s, &SSVM__MS(s)->_v, &wE, &EE)) != SSVM_OK) return r;
                if (sw == 0 && j == 0 && m->first_argmax) { m->g1 = ssvm__ms_prev(s, m, wE); m->vv1 = EE; }
                lo = -SSVM__MS(s)->_alpha[j]; hi = 1 - m->asum;
                g = ssvm__ms_move_step(wE, (double)SSVM__MS(s)->_deltas[j], EE, m->lt, lo, hi);
                if (g == 0) continue;
                if ((r = ssvm__ms_apply(s, m, &SSVM__MS(s)->_v, g, more)) != SSVM_OK) return r;
                SSVM__MS(s)->_alpha[j] += g;
                if (g == hi) m->asum = 1; /* line 7 reaches the simplex face exactly */
                else m->asum += g;
                m->Dk += g * (double)SSVM__MS(s)->_deltas[j]; /* eq. 17 with s = 1 */
            } else { /* swap, line 9 / eq. 14 with the corrected denominator |v_j - u|^2 (F1) */
                double lE = (double)SSVM__MS(s)->_deltas[j] - m->Dk, sc;
                ssvm_svec_clear(&SSVM__MS(s)->_e);
                for (k = 0; k < SSVM__MS(s)->_v.nnz; k++) ssvm_svec_add(&SSVM__MS(s)->_e, SSVM__MS(s)->_v.idx[k], SSVM__MS(s)->_v.val[SSVM__MS(s)->_v.idx[k]]);
                for (k = 0; k < SSVM__MS(s)->_u.nnz; k++) ssvm_svec_add(&SSVM__MS(s)->_e, SSVM__MS(s)->_u.idx[k], -SSVM__MS(s)->_u.val[SSVM__MS(s)->_u.idx[k]]);
                if (SSVM__MS(s)->_e.err) return (ssvm_result)SSVM__MS(s)->_e.err;
                if ((r = ssvm__ms_dots(s, &SSVM__MS(s)->_e, &wE, &EE)) != SSVM_OK) return r;
                g = ssvm__ms_move_step(wE, lE, EE, m->lt, 0, 1);
                if (g == 0) continue;
                /* u <- (1-g) u + g v_j = u + g (v_j - u) (eq. 15, s = 1 - g); w per eq. 16 */
                if ((r = ssvm__ms_apply(s, m, &SSVM__MS(s)->_e, g, more)) != SSVM_OK) return r;
                sc = 1 - g;
                for (k = 0; k < ns; k++) SSVM__MS(s)->_alpha[k] *= sc;
                SSVM__MS(s)->_alpha[j] += g;
                m->Dk = sc * m->Dk + g * (double)SSVM__MS(s)->_deltas[j]; /* eq. 17 */
            }
        }
    }
    return SSVM__MS(s)->_u.err ? (ssvm_result)SSVM__MS(s)->_u.err : SSVM_OK;
}

SSVM__PRIV ssvm_result ssvm__ms_step_in(ssvm_solver *s, int i, ssvm_step_info *info) {
    const ssvm_problem *p = &s->_prob;
    double lam = s->_cfg.lambda, w2_prev, bnd, r2, t = (double)(s->_k + 1), Dk_loss;
    ssvm_step_info st;
    ssvm__ms_st m;
    int j, ml = p->max_label_len;
    ssvm_result r;
    SSVM_MEMSET(&m, 0, sizeof m);
    SSVM_MEMSET(&st, 0, sizeof st);
    m.i = i; m.lt = lam * t; m.a_prev = s->_w_scale;
    m.om = p->weights ? (double)p->weights[i] * (double)p->n / s->_wsum : 1.0;
    w2_prev = m.a_prev * m.a_prev * s->_ww;
    st.t = s->_k + 1; st.example = i;
    st.dual_before = SSVM__MS(s)->_A - 0.5 * lam * (t - 1) * w2_prev; /* D_{t-1} (D_0 = 0) */
    m.tlen = p->truth(p->user, i, SSVM__MS(s)->_ytrue);
    if (m.tlen < 0) return (ssvm_result)m.tlen;
    if (m.tlen == 0 || m.tlen > ml) return SSVM_ERR_LABEL;
    if ((r = ssvm__ms_samples(s, &m)) != SSVM_OK) return r;
    st.n_samples = m.ns;
    /* Theorem 2.1.3's average of w^{t-1} */
    if (s->_cfg.averaging == SSVM_AVG_UNIFORM) ssvm__avg_push(s, 1.0 / t);
    /* Algorithm 1 line 2: w^{t,0} = (t-1)/t w^{t-1}, u = 0, D = 0, alpha = 0. At t = 1, w^0 = 0: keep the scale. */
    if (t > 1) s->_w_scale *= (t - 1) / t;
    ssvm_svec_clear(&SSVM__MS(s)->_u);
    if (m.ns > 0) {
        if (!s->_cfg.line_search) r = ssvm__ms_pegasos(s, &m);
        else if (SSVM__MS(s)->_use_mc) r = ssvm__ms_algorithm2(s, &m);
        else r = ssvm__ms_algorithm1(s, &m);
        if (r != SSVM_OK) return r;
    }
    /* the loss f(w^{t-1}; Z_t) this step suffered and its gradient lambda w^{t-1} + v_1 (Lemma 2.2) */
    Dk_loss = m.first_argmax ? m.g1 + (double)SSVM__MS(s)->_deltas[0] : 0;
    st.hinge = Dk_loss > 0 ? Dk_loss : 0;
    st.grad_norm2 = lam * lam * w2_prev + (Dk_loss > 0 ? 2 * lam * m.g1 + m.vv1 : 0);
    if (st.grad_norm2 < 0) st.grad_norm2 = 0;
    st.loss = 0.5 * lam * w2_prev + st.hinge;
    SSVM__MS(s)->_online_loss += st.loss;
    /* D_t = A_t - (lambda t/2)|w^t|^2, A_t = A_{t-1} + D_t^K (eq. 13) */
    SSVM__MS(s)->_A += m.Dk;
    st.dual_update = SSVM__MS(s)->_A - 0.5 * m.lt * s->_w_scale * s->_w_scale * s->_ww;
    st.alpha_sum = m.asum;
    st.proj_scale = 1;
    /* Algorithm 3 line 5 with radius sqrt(B/lambda) (F6): scaling w scales every alpha, and A with them */
    bnd = SSVM__MS(s)->_bound > 0 ? SSVM__MS(s)->_bound : 0;
    r2 = bnd / lam;
    if (s->_cfg.ms.project && s->_w_scale * s->_w_scale * s->_ww > r2) {
        double sc = bnd > 0 ? ssvm__ms_sqrt(r2 / (s->_w_scale * s->_w_scale * s->_ww)) : 0;
        if (sc > 0) { s->_w_scale *= sc; SSVM__MS(s)->_A *= sc; }
        else { /* B = 0: every loss is 0, the ball is {0}; fold first so that w_bar does not move */
            ssvm__fold(s);
            SSVM_MEMSET(s->_w, 0, (size_t)p->d * sizeof(ssvm_real));
            s->_ww = 0; SSVM__MS(s)->_A = 0;
        }
        st.proj_scale = sc;
    }
    st.dual = SSVM__MS(s)->_A - 0.5 * m.lt * s->_w_scale * s->_w_scale * s->_ww;
    if (!ssvm__finite(st.dual) || !ssvm__finite(s->_w_scale)) return SSVM_ERR_NONFINITE;
    if (s->_cfg.averaging == SSVM_AVG_WEIGHTED) ssvm__avg_push(s, 2.0 / (t + 1));
    /* remember the labels that carry weight */
    if (SSVM__MS(s)->_cache_cap > 0)
        for (j = m.ns - 1; j >= 0; j--)
            if (SSVM__MS(s)->_alpha[j] > 0) ssvm__ms_cache_touch(s, i, SSVM__MS(s)->_ys + (size_t)j * ml, SSVM__MS(s)->_lens[j], SSVM__MS(s)->_deltas[j]);
    SSVM__MS(s)->_last = st;
    if (info) *info = st;
    /* keep the scales in range (O(d), rare: they shrink like 1/t within a pass and are folded every pass) */
    if (s->_w_scale < 1e-30 || (s->_z && s->_avg_b < 1e-30)) ssvm__fold(s);
    return SSVM_OK;
}
/* A multi-sample step updates the average and shrinks w before its moves, and a move or a callback may fail
   after that: a failed step leaves w and w_bar finite and readable but part of the way through, so the solver
   refuses every later step with the same code (BCFW, FW and SSG fail before they move and may go on). */
SSVM__PRIV ssvm_result ssvm__ms_step(ssvm_solver *s, int i, ssvm_step_info *info) {
    ssvm__ms_state *const ms = SSVM__MS(s);
    ssvm_result r;
    if (ms->_halted) return (ssvm_result)ms->_halted;
    r = ssvm__ms_step_in(s, i, info);
    if (r < 0) ms->_halted = (int)r;
    return r;
}
/* The multi-sample solver's row (>>algorithms): its reset; its online dual D_t/t at the iterate (no dual at
   w_bar); its gap P(w) - D_t/t certifies only after whole passes in which every example was visited equally often
   (D_T/T <= min F_T/T, its Thm 2.1): not after a pass cut short, nor for a caller's sequence */
SSVM__PRIV void ssvm__ms_reset(ssvm_solver *s) {
    int i;
    ssvm__svec_reset(&SSVM__MS(s)->_u, s->_prob.d);
    ssvm__svec_reset(&SSVM__MS(s)->_v, s->_prob.d);
    ssvm__svec_reset(&SSVM__MS(s)->_e, s->_prob.d);
    SSVM_MEMSET(&SSVM__MS(s)->_last, 0, sizeof SSVM__MS(s)->_last);
    if (SSVM__MS(s)->_cache_count) for (i = 0; i < s->_prob.n; i++) SSVM__MS(s)->_cache_count[i] = 0;
    SSVM__MS(s)->_A = 0; SSVM__MS(s)->_bound = s->_cfg.ms.loss_bound; SSVM__MS(s)->_online_loss = 0;
    SSVM__MS(s)->_use_mc = s->_cfg.ms.update == SSVM_MS_UPDATE_MULTICLASS ||
                 (s->_cfg.ms.update == SSVM_MS_UPDATE_AUTO && SSVM__MS(s)->_smp.multiclass);
}
SSVM__PRIV ssvm_result ssvm__ms_evaluated(ssvm_solver *s, int average, ssvm_objective *o, double ls) {
    double t = (double)s->_k;
    (void)ls;
    if (average || s->_k <= 0) return SSVM_OK;
    o->dual = (SSVM__MS(s)->_A - 0.5 * s->_cfg.lambda * t * s->_w_scale * s->_w_scale * s->_ww) / t;
    o->gap = o->primal - o->dual;
    if (!ssvm__finite(o->dual)) return SSVM_ERR_NONFINITE;
    return SSVM_OK;
}
SSVM__PRIV int ssvm__ms_certifies(const ssvm_solver *s) {
    return s->_cfg.sampling != SSVM_SAMPLE_SEQUENCE && s->_prog.steps % s->_prob.n == 0;
}
#endif /* SSVM__HAS_MULTISAMPLE */
#endif /* STRUCTSVM_PREDICT_ONLY */

#ifndef STRUCTSVM_PREDICT_ONLY
/* >>readers: data files (implementation) ----------------------------------------------------------- */
#if !defined(STRUCTSVM_FREESTANDING)
#include <stdlib.h> /* strtod: the rare numbers the exact fast path below cannot take */
#endif

#ifdef STRUCTSVM_FREESTANDING
SSVM__PRIV const void *ssvm__memchr(const void *p, int c, size_t n) {
    const unsigned char *q = (const unsigned char *)p;
    for (; n; n--, q++) if (*q == (unsigned char)c) return q;
    return 0;
}
SSVM__PRIV int ssvm__memcmp(const void *a, const void *b, size_t n) {
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    for (; n; n--, x++, y++) if (*x != *y) return *x < *y ? -1 : 1;
    return 0;
}
SSVM__PRIV void ssvm__memmove(void *d, const void *s, size_t n) { /* only ever moves down */
    unsigned char *q = (unsigned char *)d;
    const unsigned char *r = (const unsigned char *)s;
    while (n--) *q++ = *r++;
}
#define SSVM__MEMCHR(p, c, n) ssvm__memchr((p), (c), (n))
#define SSVM__MEMCMP(a, b, n) ssvm__memcmp((a), (b), (n))
#define SSVM__MEMMOVE(d, s, n) ssvm__memmove((d), (s), (n))
#else
#define SSVM__MEMCHR(p, c, n) memchr((p), (c), (n))
#define SSVM__MEMCMP(a, b, n) memcmp((a), (b), (n))
#define SSVM__MEMMOVE(d, s, n) memmove((d), (s), (n))
#endif

STRUCTSVM_DEF ssvm_input ssvm_input_memory(const void *data, size_t bytes) {
    ssvm_input in;
    in.data = data; in.bytes = data ? bytes : 0; in.read = 0; in.user = 0;
    return in;
}
STRUCTSVM_DEF ssvm_input ssvm_input_callback(int (*read)(void *user, void *buf, size_t bytes, size_t *got),
                                             void *user) {
    ssvm_input in;
    in.data = 0; in.bytes = 0; in.read = read; in.user = user;
    return in;
}
#ifndef STRUCTSVM_NO_STDIO
SSVM__PRIV int ssvm__fread(void *user, void *buf, size_t bytes, size_t *got) {
    FILE *f = (FILE *)user;
    *got = fread(buf, 1, bytes, f);
    return *got == 0 && ferror(f) ? -1 : 0;
}
STRUCTSVM_DEF ssvm_input ssvm_input_FILE(FILE *f) { return ssvm_input_callback(f ? ssvm__fread : 0, f); }
#endif

STRUCTSVM_DEF ssvm_reader_config ssvm_reader_config_init(void) {
    ssvm_reader_config c;
    SSVM_MEMSET(&c, 0, sizeof c);
    c.label_column = -1;
    return c;
}

/* err, if given, gets the position and message; returns r */
SSVM__PRIV ssvm_result ssvm__rerr(ssvm_read_error *err, ssvm_result r, long line, long col, const char *msg) {
    if (err) { err->line = line; err->column = col; err->message = msg; }
    return r;
}

/* Grow *p (cap elements of elem bytes) to hold need: allocate, copy, free (the allocator has no realloc). */
SSVM__PRIV ssvm_result ssvm__rgrow(const ssvm_allocator *a, void **p, size_t *cap, size_t need, size_t elem) {
    size_t nc;
    void *q;
    if (need <= *cap) return SSVM_OK;
    nc = *cap ? *cap : 64;
    while (nc < need) {
        if (nc > ((size_t)-1) / 2) return SSVM_ERR_OVERFLOW;
        nc *= 2;
    }
    if (nc > ((size_t)-1) / elem) return SSVM_ERR_OVERFLOW;
    q = ssvm__alloc_with(a, nc * elem);
    if (!q) return SSVM_ERR_OUT_OF_MEMORY;
    if (*p && *cap) SSVM_MEMCPY(q, *p, *cap * elem);
    ssvm__free_with(a, *p);
    *p = q;
    *cap = nc;
    return SSVM_OK;
}
/* Checks common to every reader: the arguments, and an allocator under STRUCTSVM_NO_MALLOC */
SSVM__PRIV ssvm_result ssvm__rcheck(const ssvm_reader_config *c, const ssvm_input *in, const void *out,
                                    ssvm_read_error *err) {
    if (err) { err->line = 0; err->column = 0; err->message = "ok"; }
    if (!c || !out) return ssvm__rerr(err, SSVM_ERR_INVALID_ARG, 0, 0, "NULL config or output");
    if (in && !in->data && !in->read) return ssvm__rerr(err, SSVM_ERR_NULL_CALLBACK, 0, 0, "no input");
    if ((c->allocator.alloc != 0) != (c->allocator.free != 0))
        return ssvm__rerr(err, SSVM_ERR_NULL_CALLBACK, 0, 0, "allocator: give alloc and free, or neither");
#ifdef STRUCTSVM_NO_MALLOC
    if (!c->allocator.alloc) return ssvm__rerr(err, SSVM_ERR_NOT_SUPPORTED, 0, 0, "no allocator (STRUCTSVM_NO_MALLOC)");
#endif
    if (c->n_attrs < 0 || c->n_labels < 0 || c->label_column < -1 || !ssvm__finite(c->bias) || (unsigned)c->unlabelled > 1u)
        return ssvm__rerr(err, SSVM_ERR_INVALID_ARG, 0, 0, "config: a negative count or a non-finite bias");
    return SSVM_OK;
}

/* >>readers: lines. From memory, a line points into the caller's buffer; from a callback, into a buffer that
   grows to the longest line. Either way the same lines, the same numbers and the same errors. */
typedef struct ssvm__lines {
    ssvm_input in;
    const ssvm_allocator *a;
    size_t max_line;
    size_t pos;                  /* memory: the next byte */
    char *buf;                   /* callback: bytes [start, len) not yet returned; scan: searched up to here */
    size_t cap, len, start, scan;
    int eof;
    long line;                   /* the number of the line returned last */
} ssvm__lines;

SSVM__PRIV void ssvm__lines_init(ssvm__lines *L, ssvm_input in, const ssvm_allocator *a, size_t max_line) {
    SSVM_MEMSET(L, 0, sizeof *L);
    L->in = in; L->a = a;
    L->max_line = max_line ? max_line : SSVM_READ_MAX_LINE;
}
SSVM__PRIV void ssvm__lines_free(ssvm__lines *L) { ssvm__free_with(L->a, L->buf); L->buf = 0; }

/* The next line without its '\n' (and a trailing '\r') in *p, *n: 1, or 0 at the end, or an error (err set).
   A NUL byte in a line is SSVM_ERR_PARSE (no format here has one; it would cut C strings short). */
SSVM__PRIV int ssvm__next_line(ssvm__lines *L, const char **p, size_t *n, ssvm_read_error *err) {
    const char *s;
    size_t len, k;
    if (L->in.data) {
        const char *base = (const char *)L->in.data, *nl;
        if (L->pos >= L->in.bytes) return 0;
        s = base + L->pos;
        nl = (const char *)SSVM__MEMCHR(s, '\n', L->in.bytes - L->pos);
        len = nl ? (size_t)(nl - s) : L->in.bytes - L->pos;
        L->line++;
        if (len > L->max_line) return ssvm__rerr(err, SSVM_ERR_PARSE, L->line, (long)L->max_line + 1, "line too long");
        L->pos += len + (nl ? 1 : 0);
    } else {
        for (;;) {
            char *nl = L->len > L->scan ? (char *)SSVM__MEMCHR(L->buf + L->scan, '\n', L->len - L->scan) : 0;
            size_t got = 0;
            ssvm_result r;
            if (nl) {
                len = (size_t)(nl - (L->buf + L->start)); s = L->buf + L->start;
                L->start += len + 1; L->scan = L->start;
                break;
            }
            L->scan = L->len;
            if (L->len - L->start > L->max_line)
                return ssvm__rerr(err, SSVM_ERR_PARSE, L->line + 1, (long)L->max_line + 1, "line too long");
            if (L->eof) {
                if (L->start == L->len) return 0;
                s = L->buf + L->start; len = L->len - L->start; L->start = L->len;
                break;
            }
            if (L->start > 0 && L->start == L->len) { L->start = L->len = L->scan = 0; }
            if (L->len == L->cap) {
                if (L->start > 0) { /* slide the partial line down before growing */
                    SSVM__MEMMOVE(L->buf, L->buf + L->start, L->len - L->start);
                    L->len -= L->start; L->scan -= L->start; L->start = 0;
                } else {
                    void *b = L->buf;
                    r = ssvm__rgrow(L->a, &b, &L->cap, L->cap + 1 > 4096 ? L->cap + 1 : 4096, 1);
                    L->buf = (char *)b;
                    if (r != SSVM_OK) return ssvm__rerr(err, r, L->line + 1, 0, "out of memory");
                }
            }
            if (L->in.read(L->in.user, L->buf + L->len, L->cap - L->len, &got) != 0 || got > L->cap - L->len)
                return ssvm__rerr(err, SSVM_ERR_IO, L->line + 1, 0, "read error");
            if (got == 0) L->eof = 1;
            L->len += got;
        }
        L->line++;
        if (len > L->max_line) return ssvm__rerr(err, SSVM_ERR_PARSE, L->line, (long)L->max_line + 1, "line too long");
    }
    for (k = 0; k < len; k++)
        if (s[k] == '\0') return ssvm__rerr(err, SSVM_ERR_PARSE, L->line, (long)k + 1, "NUL byte");
    if (len && s[len - 1] == '\r') len--;
    if (L->line == 1 && len >= 3 && (unsigned char)s[0] == 0xEF && (unsigned char)s[1] == 0xBB &&
        (unsigned char)s[2] == 0xBF) { s += 3; len -= 3; } /* a UTF-8 byte order mark (0.9.0: it was read as data) */
    *p = s; *n = len;
    return 1;
}

/* >>readers: numbers. A decimal [+-]digits[.digits][(e|E)[+-]digits] filling all of s[0..n). With at most 19
   significant digits, a mantissa below 2^53 and |power of ten| <= 22 the result m * 10^e (or m / 10^-e) is
   one correctly rounded operation (Clinger's fast path), the same double strtod gives, in any locale; other
   numbers go through strtod on a copy (the portable product under STRUCTSVM_FREESTANDING, which may be off
   in the last bit). Returns 0, -1 (not a number) or -2 (does not fit a finite double). */
SSVM__PRIV int ssvm__parse_num(const char *s, size_t n, double *v) {
    static const double p10[23] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                   1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    size_t i = 0;
    unsigned long long m = 0;
    int neg = 0, digits = 0, sig = 0, exact = 1;
    long e10 = 0, ex = 0;
    double r;
    if (i < n && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
    for (; i < n && s[i] >= '0' && s[i] <= '9'; i++, digits++) {
        if (sig < 19) { m = m * 10 + (unsigned)(s[i] - '0'); if (m) sig++; }
        else { e10++; if (s[i] != '0') exact = 0; }
    }
    if (i < n && s[i] == '.') {
        for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++, digits++) {
            if (sig < 19) { m = m * 10 + (unsigned)(s[i] - '0'); if (m) sig++; e10--; }
            else if (s[i] != '0') exact = 0;
        }
    }
    if (!digits) return -1;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        int eneg = 0, ed = 0;
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-')) eneg = s[i++] == '-';
        for (; i < n && s[i] >= '0' && s[i] <= '9'; i++, ed++)
            if (ex < 100000) ex = ex * 10 + (s[i] - '0');
        if (!ed) return -1;
        if (eneg) ex = -ex;
    }
    if (i != n) return -1;
    e10 += ex;
    if (m == 0) { *v = neg ? -0.0 : 0.0; return 0; }
    if (exact && m <= (1ULL << 53) && e10 >= -22 && e10 <= 22) {
        r = (double)m;
        r = e10 < 0 ? r / p10[-e10] : r * p10[e10];
    } else {
#if !defined(STRUCTSVM_FREESTANDING)
        char tmp[128];
        char *end = 0;
        if (n < sizeof tmp) {
            SSVM_MEMCPY(tmp, s, n);
            tmp[n] = '\0';
            r = strtod(tmp, &end);
            if (end == tmp + n) { *v = r; return ssvm__finite(r) ? 0 : -2; }
        }
        /* too long for the copy, or a locale whose decimal point is not '.': the product below */
#endif
        r = (double)m;
        if (e10 > 400) r = SSVM__HUGE * 10.0;
        else if (e10 < -400) r = 0.0;
        else {
            long k;
            for (k = e10; k > 0; k -= 22) r *= p10[k > 22 ? 22 : k];
            for (k = -e10; k > 0; k -= 22) r /= p10[k > 22 ? 22 : k];
        }
        if (neg) r = -r;
    }
    if (neg && r > 0) r = -r;
    *v = r;
    return ssvm__finite(r) ? 0 : -2;
}
/* A decimal integer [+-]digits filling s[0..n) within [lo, hi]: 0, -1 (not an integer) or -2 (out of range) */
SSVM__PRIV int ssvm__parse_int(const char *s, size_t n, long lo, long hi, long *v) {
    size_t i = 0;
    int neg = 0, big = 0;
    long r = 0;
    if (i < n && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
    if (i == n) return -1;
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return -1;
        if (r > (LONG_MAX - 9) / 10) big = 1;
        else r = r * 10 + (s[i] - '0');
    }
    if (neg) r = -r;
    if (big || r < lo || r > hi) return -2;
    *v = r;
    return 0;
}
SSVM__PRIV int ssvm__is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
SSVM__PRIV int ssvm__lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }
/* s[0..n) equals the lower-case word w, ignoring case */
SSVM__PRIV int ssvm__word_is(const char *s, size_t n, const char *w) {
    size_t i;
    for (i = 0; i < n; i++)
        if (!w[i] || ssvm__lower((unsigned char)s[i]) != w[i]) return 0;
    return w[n] == '\0';
}

/* >>readers: the dictionary. Open addressing with linear probing, kept at most half full; keys back to back in
   one buffer. FNV-1a then MurmurHash3's finaliser, so the low bits a power-of-two table uses are mixed. */
SSVM__PRIV unsigned int ssvm__hash(const char *s, size_t len) {
    unsigned long long h = 14695981039346656037ULL;
    size_t i;
    for (i = 0; i < len; i++) { h ^= (unsigned char)s[i]; h *= 1099511628211ULL; }
    h ^= h >> 33; h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33; h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return (unsigned int)(h & 0xffffffffu);
}
STRUCTSVM_DEF void ssvm_dict_init(ssvm_dict *d, const ssvm_allocator *a) {
    if (!d) return;
    SSVM_MEMSET(d, 0, sizeof *d);
    if (a) d->_a = *a;
}
STRUCTSVM_DEF void ssvm_dict_uninit(ssvm_dict *d) {
    ssvm_allocator a;
    if (!d) return;
    a = d->_a;
    ssvm__free_with(&a, d->_hash); ssvm__free_with(&a, d->_slot);
    ssvm__free_with(&a, d->_off); ssvm__free_with(&a, d->_buf);
    ssvm_dict_init(d, &a);
}
SSVM__PRIV size_t ssvm__dict_probe(const ssvm_dict *d, const char *s, size_t len, unsigned int h) {
    size_t mask = (size_t)d->_cap - 1, i = h & mask;
    for (;;) {
        int id = d->_slot[i];
        if (id < 0) return i;
        if (d->_hash[i] == h && d->_off[id + 1] - d->_off[id] - 1 == len &&
            (len == 0 || SSVM__MEMCMP(d->_buf + d->_off[id], s, len) == 0)) return i;
        i = (i + 1) & mask;
    }
}
STRUCTSVM_DEF int ssvm_dict_find(const ssvm_dict *d, const char *s, size_t len) {
    if (!d || !d->_cap || (!s && len)) return -1;
    return d->_slot[ssvm__dict_probe(d, s, len, ssvm__hash(s, len))];
}
STRUCTSVM_DEF ssvm_result ssvm_dict_add(ssvm_dict *d, const char *s, size_t len, int *id) {
    unsigned int h;
    size_t i, need;
    ssvm_result r;
    if (!d || (!s && len)) return SSVM_ERR_INVALID_ARG;
    h = ssvm__hash(s, len);
    if (d->_cap) {
        i = ssvm__dict_probe(d, s, len, h);
        if (d->_slot[i] >= 0) { if (id) *id = d->_slot[i]; return SSVM_OK; }
    }
    if (d->n >= INT_MAX / 4) return SSVM_ERR_OVERFLOW;
    if (2 * (d->n + 1) > d->_cap) { /* rehash into twice the slots */
        int nc = d->_cap ? 2 * d->_cap : 64, j;
        size_t mask = (size_t)nc - 1;
        int *ns = (int *)ssvm__alloc_with(&d->_a, (size_t)nc * sizeof(int));
        unsigned int *nh = (unsigned int *)ssvm__alloc_with(&d->_a, (size_t)nc * sizeof(unsigned int));
        if (!ns || !nh) { ssvm__free_with(&d->_a, ns); ssvm__free_with(&d->_a, nh); return SSVM_ERR_OUT_OF_MEMORY; }
        for (j = 0; j < nc; j++) { ns[j] = -1; nh[j] = 0; }
        for (j = 0; j < d->_cap; j++) {
            size_t k;
            if (d->_slot[j] < 0) continue;
            k = d->_hash[j] & mask;
            while (ns[k] >= 0) k = (k + 1) & mask;
            ns[k] = d->_slot[j]; nh[k] = d->_hash[j];
        }
        ssvm__free_with(&d->_a, d->_slot); ssvm__free_with(&d->_a, d->_hash);
        d->_slot = ns; d->_hash = nh; d->_cap = nc;
    }
    {
        void *p = d->_off;
        size_t cap = (size_t)d->_id_cap;
        if ((r = ssvm__rgrow(&d->_a, &p, &cap, (size_t)d->n + 2, sizeof(size_t))) != SSVM_OK) return r;
        d->_off = (size_t *)p; d->_id_cap = (int)(cap > (size_t)INT_MAX ? INT_MAX : cap);
        if (d->n == 0) d->_off[0] = 0;
        p = d->_buf;
        if (len > ((size_t)-1) - 1 - d->_buf_len) return SSVM_ERR_OVERFLOW;
        need = d->_buf_len + len + 1;
        if ((r = ssvm__rgrow(&d->_a, &p, &d->_buf_cap, need, 1)) != SSVM_OK) return r;
        d->_buf = (char *)p;
    }
    if (len) SSVM_MEMCPY(d->_buf + d->_buf_len, s, len);
    d->_buf[d->_buf_len + len] = '\0';
    d->_buf_len += len + 1;
    d->_off[d->n + 1] = d->_buf_len;
    i = ssvm__dict_probe(d, s, len, h);
    d->_slot[i] = d->n; d->_hash[i] = h;
    if (id) *id = d->n;
    d->n++;
    return SSVM_OK;
}
STRUCTSVM_DEF const char *ssvm_dict_str(const ssvm_dict *d, int id) {
    if (!d || id < 0 || id >= d->n) return 0;
    return d->_buf + d->_off[id];
}
STRUCTSVM_DEF size_t ssvm_dict_len(const ssvm_dict *d, int id) {
    if (!d || id < 0 || id >= d->n) return 0;
    return d->_off[id + 1] - d->_off[id] - 1;
}

/* >>readers: SVM^light / SVM^multiclass and SVM^hmm */
SSVM__PRIV void ssvm__svml_free(ssvm_svmlight_data *d) {
    ssvm_allocator a = d->_a;
    ssvm__free_with(&a, d->row_start); ssvm__free_with(&a, d->attr_id); ssvm__free_with(&a, d->attr_val);
    ssvm__free_with(&a, d->labels); ssvm__free_with(&a, d->seq_start); ssvm__free_with(&a, d->qid);
    SSVM_MEMSET(d, 0, sizeof *d);
    d->_a = a;
}
STRUCTSVM_DEF void ssvm_svmlight_data_uninit(ssvm_svmlight_data *d) { if (d) ssvm__svml_free(d); }

/* The next blank-separated token of s[*i..n): start in *t, length in *tl; 0 when none is left */
SSVM__PRIV int ssvm__token(const char *s, size_t n, size_t *i, size_t *t, size_t *tl) {
    while (*i < n && ssvm__is_blank(s[*i])) (*i)++;
    if (*i >= n) { *t = n; *tl = 0; return 0; } /* defined outputs on every path (gcc -O3's warning) */
    *t = *i;
    while (*i < n && !ssvm__is_blank(s[*i])) (*i)++;
    *tl = *i - *t;
    return 1;
}

SSVM__PRIV ssvm_result ssvm__read_svml(const ssvm_reader_config *c, ssvm_input in, ssvm_svmlight_data *out,
                                       ssvm_read_error *err, int hmm) {
    ssvm__lines L;
    ssvm_svmlight_data d;
    ssvm_dict seen; /* SVM^hmm: the qids of the sequences so far, as canonical decimal strings */
    size_t cap_row = 0, cap_attr = 0, cap_val = 0, cap_lab = 0, cap_seq = 0, cap_qid = 0, nnz = 0;
    long max_idx = 0, max_lab = 0, cur_qid = 0;
    const char *s;
    size_t n;
    int got;
    ssvm_result r = ssvm__rcheck(c, &in, out, err);
    if (r != SSVM_OK) return r;
    SSVM_MEMSET(&d, 0, sizeof d);
    d._a = c->allocator;
    *out = d;
    ssvm_dict_init(&seen, &c->allocator);
    ssvm__lines_init(&L, in, &d._a, c->max_line);
#define SSVM__PUSH(arr, cap, cnt, T, v)                                                               \
    do {                                                                                              \
        void *p_ = (arr);                                                                             \
        if ((r = ssvm__rgrow(&d._a, &p_, &(cap), (size_t)(cnt) + 1, sizeof(T))) != SSVM_OK) goto oom; \
        (arr) = (T *)p_;                                                                              \
        (arr)[cnt] = (v);                                                                             \
    } while (0)
    SSVM__PUSH(d.row_start, cap_row, 0, int, 0);
    while ((got = ssvm__next_line(&L, &s, &n, err)) == 1) {
        size_t i = 0, t, tl, k;
        long lab, prev = 0;
        for (k = 0; k < n; k++) if (s[k] == '#') { n = k; break; } /* the comment */
        if (!ssvm__token(s, n, &i, &t, &tl)) continue;           /* a blank or comment-only line */
        if (d.n >= INT_MAX - 1) { r = ssvm__rerr(err, SSVM_ERR_OVERFLOW, L.line, 1, "too many rows"); goto fail; }
        if (c->unlabelled && ((tl == 1 && (s[t] == '?' || s[t] == '0')) || SSVM__MEMCHR(s + t, ':', tl))) {
            lab = 0; /* no gold label: -1 below; a missing one (the token is idx:val or qid:N) is read again */
            if (tl != 1 || (s[t] != '?' && s[t] != '0')) i = t;
        } else {
            int e = ssvm__parse_int(s + t, tl, LONG_MIN, LONG_MAX, &lab);
            if (e == -1) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)t + 1, "label: not an integer"); goto fail; }
            if (e || lab < 1 || lab > INT_MAX / 2) {
                r = ssvm__rerr(err, SSVM_ERR_LABEL, L.line, (long)t + 1, "label: an integer from 1 is expected");
                goto fail;
            }
        }
        if (lab > max_lab) max_lab = lab;
        SSVM__PUSH(d.labels, cap_lab, d.n, int, (int)lab - 1); /* unlabelled: -1 */
        /* qid: required by SVM^hmm (it groups the tokens), allowed and ignored by SVM^light */
        {
            size_t j = i, q = n, ql = 0;
            long qid;
            int more = ssvm__token(s, n, &j, &q, &ql);
            if (more && ql >= 4 && SSVM__MEMCMP(s + q, "qid:", 4) == 0) {
                int e = ssvm__parse_int(s + q + 4, ql - 4, LONG_MIN, LONG_MAX, &qid);
                if (e) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)q + 5, "qid: not an integer"); goto fail; }
                i = j;
                if (hmm && (d.n_seq == 0 || qid != cur_qid)) { /* a new sequence */
                    char num[32];
                    int nl = 0, id;
                    unsigned long u = qid < 0 ? 0UL - (unsigned long)qid : (unsigned long)qid;
                    char tmp[32];
                    int tn = 0;
                    do { tmp[tn++] = (char)('0' + (int)(u % 10)); u /= 10; } while (u);
                    if (qid < 0) num[nl++] = '-';
                    while (tn) num[nl++] = tmp[--tn];
                    if (ssvm_dict_find(&seen, num, (size_t)nl) >= 0) {
                        r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)q + 5,
                                       "qid seen before: a sequence's tokens must be consecutive lines");
                        goto fail;
                    }
                    if ((r = ssvm_dict_add(&seen, num, (size_t)nl, &id)) != SSVM_OK) goto oom;
                    if (d.n_seq >= INT_MAX - 2) { r = ssvm__rerr(err, SSVM_ERR_OVERFLOW, L.line, 1, "too many sequences"); goto fail; }
                    SSVM__PUSH(d.seq_start, cap_seq, d.n_seq, int, d.n);
                    SSVM__PUSH(d.qid, cap_qid, d.n_seq, long, qid);
                    d.n_seq++;
                    cur_qid = qid;
                }
            } else if (hmm) {
                r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)(more ? q : n) + 1,
                               "qid:N expected after the label");
                goto fail;
            }
        }
        while (ssvm__token(s, n, &i, &t, &tl)) {
            size_t colon;
            long idx;
            double v;
            int e;
            for (colon = 0; colon < tl && s[t + colon] != ':'; colon++) {}
            if (colon == tl) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)t + 1, "index:value expected"); goto fail; }
            e = ssvm__parse_int(s + t, colon, LONG_MIN, LONG_MAX, &idx);
            if (e == -1) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)t + 1, "index: not an integer"); goto fail; }
            if (e || idx < 1 || idx > INT_MAX - 2) {
                r = ssvm__rerr(err, SSVM_ERR_FEATURE_INDEX, L.line, (long)t + 1, "index: an integer from 1 is expected");
                goto fail;
            }
            if (idx <= prev) {
                r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)t + 1, "indices must increase along a line");
                goto fail;
            }
            prev = idx;
            e = ssvm__parse_num(s + t + colon + 1, tl - colon - 1, &v);
            if (e == -1) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)(t + colon) + 2, "value: not a number"); goto fail; }
            if (e || !ssvm__finite((double)(ssvm_real)v)) {
                r = ssvm__rerr(err, SSVM_ERR_NONFINITE, L.line, (long)(t + colon) + 2, "value: not finite");
                goto fail;
            }
            if (c->n_attrs > 0 && idx > c->n_attrs) continue; /* beyond the model's features */
            if (idx > max_idx) max_idx = idx;
            if (nnz >= (size_t)INT_MAX - 2) { r = ssvm__rerr(err, SSVM_ERR_OVERFLOW, L.line, (long)t + 1, "too many values"); goto fail; }
            SSVM__PUSH(d.attr_id, cap_attr, nnz, int, (int)idx - 1);
            SSVM__PUSH(d.attr_val, cap_val, nnz, ssvm_real, (ssvm_real)v);
            nnz++;
        }
        if (c->bias != 0) { /* the bias's id is known at the end */
            SSVM__PUSH(d.attr_id, cap_attr, nnz, int, -1);
            SSVM__PUSH(d.attr_val, cap_val, nnz, ssvm_real, (ssvm_real)c->bias);
            nnz++;
        }
        d.n++;
        SSVM__PUSH(d.row_start, cap_row, d.n, int, (int)nnz);
    }
    if (got < 0) { r = (ssvm_result)got; goto fail; }
    if (d.n == 0) { r = ssvm__rerr(err, SSVM_ERR_EMPTY, 0, 0, "no data lines"); goto fail; }
    if (hmm) SSVM__PUSH(d.seq_start, cap_seq, d.n_seq, int, d.n);
    d.n_labels = (int)max_lab;
    d.n_attrs = c->n_attrs > 0 ? c->n_attrs : (int)max_idx;
    if (c->bias != 0) {
        size_t k;
        for (k = 0; k < nnz; k++) if (d.attr_id[k] < 0) d.attr_id[k] = d.n_attrs;
        d.n_attrs++;
    }
    if (!d.attr_id) { SSVM__PUSH(d.attr_id, cap_attr, 0, int, 0); SSVM__PUSH(d.attr_val, cap_val, 0, ssvm_real, 0); }
#undef SSVM__PUSH
    ssvm__lines_free(&L);
    ssvm_dict_uninit(&seen);
    *out = d;
    return SSVM_OK;
oom:
    r = ssvm__rerr(err, r, L.line, 0, r == SSVM_ERR_OVERFLOW ? "size overflow" : "out of memory");
fail:
    ssvm__lines_free(&L);
    ssvm_dict_uninit(&seen);
    ssvm__svml_free(&d);
    return r;
}
STRUCTSVM_DEF ssvm_result ssvm_read_svmlight(const ssvm_reader_config *c, ssvm_input in, ssvm_svmlight_data *out,
                                             ssvm_read_error *err) {
    return ssvm__read_svml(c, in, out, err, 0);
}
STRUCTSVM_DEF ssvm_result ssvm_read_svmhmm(const ssvm_reader_config *c, ssvm_input in, ssvm_svmlight_data *out,
                                           ssvm_read_error *err) {
    return ssvm__read_svml(c, in, out, err, 1);
}
STRUCTSVM_DEF ssvm_multiclass_config ssvm_svmlight_multiclass_config_init(const ssvm_svmlight_data *d) {
    ssvm_multiclass_config m = ssvm_multiclass_config_init(d ? d->n : 0, d ? d->n_labels : 0, d ? d->n_attrs : 0,
                                                           0, d ? d->labels : 0);
    if (d) { m.row_start = d->row_start; m.attr_id = d->attr_id; m.attr_val = d->attr_val; }
    return m;
}
STRUCTSVM_DEF ssvm_chain_config ssvm_svmhmm_chain_config_init(const ssvm_svmlight_data *d) {
    ssvm_chain_config m = ssvm_chain_config_init(d ? d->n_seq : 0, d ? d->n_labels : 0, d ? d->n_attrs : 0,
                                                 d ? d->seq_start : 0, d ? d->labels : 0);
    if (d) { m.attr_start = d->row_start; m.attr_id = d->attr_id; m.attr_val = d->attr_val; }
    return m;
}

/* >>readers: CoNLL columns */
STRUCTSVM_DEF void ssvm_conll_data_uninit(ssvm_conll_data *d) {
    ssvm_allocator a;
    if (!d) return;
    a = d->_a;
    ssvm__free_with(&a, d->seq_start); ssvm__free_with(&a, d->cell);
    ssvm_dict_uninit(&d->strs);
    SSVM_MEMSET(d, 0, sizeof *d);
    d->_a = a;
}
STRUCTSVM_DEF ssvm_result ssvm_read_conll(const ssvm_reader_config *c, ssvm_input in, ssvm_conll_data *out,
                                          ssvm_read_error *err) {
    ssvm__lines L;
    ssvm_conll_data d;
    size_t cap_seq = 0, cap_cell = 0, ncell = 0;
    const char *s;
    size_t n;
    int got, open = 0;
    ssvm_result r = ssvm__rcheck(c, &in, out, err);
    if (r != SSVM_OK) return r;
    SSVM_MEMSET(&d, 0, sizeof d);
    d._a = c->allocator;
    ssvm_dict_init(&d.strs, &d._a);
    *out = d;
    ssvm__lines_init(&L, in, &d._a, c->max_line);
    while ((got = ssvm__next_line(&L, &s, &n, err)) == 1) {
        size_t i = 0, t, tl;
        int nc = 0;
        void *p;
        if (!ssvm__token(s, n, &i, &t, &tl)) { /* a blank line ends the sequence; more of them change nothing */
            if (open) { d.n_seq++; open = 0; }
            continue;
        }
        if (d.n_tok >= INT_MAX - 1 || d.n_seq >= INT_MAX - 2) { r = ssvm__rerr(err, SSVM_ERR_OVERFLOW, L.line, 1, "too many tokens"); goto fail; }
        if (!open) {
            p = d.seq_start;
            if ((r = ssvm__rgrow(&d._a, &p, &cap_seq, (size_t)d.n_seq + 2, sizeof(int))) != SSVM_OK) goto oom;
            d.seq_start = (int *)p;
            d.seq_start[d.n_seq] = d.n_tok;
            open = 1;
        }
        i = 0;
        while (ssvm__token(s, n, &i, &t, &tl)) {
            int id;
            if (d.n_cols && nc == d.n_cols) {
                r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)t + 1, "more columns than the first token's");
                goto fail;
            }
            if ((r = ssvm_dict_add(&d.strs, s + t, tl, &id)) != SSVM_OK) goto oom;
            p = d.cell;
            if ((r = ssvm__rgrow(&d._a, &p, &cap_cell, ncell + 1, sizeof(int))) != SSVM_OK) goto oom;
            d.cell = (int *)p;
            d.cell[ncell++] = id;
            nc++;
            if (nc >= INT_MAX / 2) { r = ssvm__rerr(err, SSVM_ERR_OVERFLOW, L.line, (long)t + 1, "too many columns"); goto fail; }
        }
        if (!d.n_cols) d.n_cols = nc;
        else if (nc < d.n_cols) {
            r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)n + 1, "fewer columns than the first token's");
            goto fail;
        }
        d.n_tok++;
    }
    if (got < 0) { r = (ssvm_result)got; goto fail; }
    if (open) d.n_seq++;
    if (d.n_tok == 0) { r = ssvm__rerr(err, SSVM_ERR_EMPTY, 0, 0, "no tokens"); goto fail; }
    d.seq_start[d.n_seq] = d.n_tok;
    ssvm__lines_free(&L);
    *out = d;
    return SSVM_OK;
oom:
    r = ssvm__rerr(err, r, L.line, 0, r == SSVM_ERR_OVERFLOW ? "size overflow" : "out of memory");
fail:
    ssvm__lines_free(&L);
    ssvm_conll_data_uninit(&d);
    return r;
}

/* >>readers: CRF++ templates. A template is a list of items: text, or a %x[row,col] macro. */
STRUCTSVM_DEF void ssvm_template_uninit(ssvm_template *t) {
    ssvm_allocator a;
    if (!t) return;
    a = t->_a;
    ssvm__free_with(&a, t->_first); ssvm__free_with(&a, t->_item);
    ssvm__free_with(&a, t->_line); ssvm__free_with(&a, t->_text);
    SSVM_MEMSET(t, 0, sizeof *t);
    t->_a = a;
}
STRUCTSVM_DEF ssvm_result ssvm_read_template(const ssvm_reader_config *c, ssvm_input in, ssvm_template *out,
                                             ssvm_read_error *err) {
    ssvm__lines L;
    ssvm_template tp;
    size_t cap_first = 0, cap_item = 0, cap_line = 0, cap_text = 0, ntext = 0;
    const char *s;
    size_t n;
    int got;
    void *p;
    ssvm_result r = ssvm__rcheck(c, &in, out, err);
    if (r != SSVM_OK) return r;
    SSVM_MEMSET(&tp, 0, sizeof tp);
    tp._a = c->allocator;
    *out = tp;
    ssvm__lines_init(&L, in, &tp._a, c->max_line);
#define SSVM__TPUSH(arr, cap, cnt, T, v)                                                               \
    do {                                                                                               \
        p = (arr);                                                                                     \
        if ((r = ssvm__rgrow(&tp._a, &p, &(cap), (size_t)(cnt) + 1, sizeof(T))) != SSVM_OK) goto oom; \
        (arr) = (T *)p;                                                                                \
        (arr)[cnt] = (v);                                                                              \
    } while (0)
    SSVM__TPUSH(tp._first, cap_first, 0, int, 0);
    while ((got = ssvm__next_line(&L, &s, &n, err)) == 1) {
        size_t i = 0, lit = 0;
        int macros = 0, items0 = tp._n_items;
        while (n > 0 && ssvm__is_blank(s[n - 1])) n--;
        if (n == 0 || s[0] == '#') continue;
        if (s[0] != 'U' && s[0] != 'B') {
            r = ssvm__rerr(err, SSVM_ERR_TEMPLATE, L.line, 1, "a template starts with U (unigram) or B (bigram)");
            goto fail;
        }
        if (tp.n >= INT_MAX / 8) { r = ssvm__rerr(err, SSVM_ERR_OVERFLOW, L.line, 1, "too many templates"); goto fail; }
        while (i <= n) {
            if (i == n || s[i] == '%') { /* flush the text before it */
                if (i > lit) {
                    int k = tp._n_items;
                    if (ntext > (size_t)INT_MAX - (i - lit) || k >= INT_MAX / 8) { r = SSVM_ERR_OVERFLOW; goto oom; }
                    SSVM__TPUSH(tp._item, cap_item, 4 * (size_t)k + 3, int, (int)lit + 1);
                    tp._item[4 * k] = 0; tp._item[4 * k + 1] = (int)ntext; tp._item[4 * k + 2] = (int)(i - lit);
                    p = tp._text;
                    if ((r = ssvm__rgrow(&tp._a, &p, &cap_text, ntext + (i - lit), 1)) != SSVM_OK) goto oom;
                    tp._text = (char *)p;
                    SSVM_MEMCPY(tp._text + ntext, s + lit, i - lit);
                    ntext += i - lit;
                    tp._n_items++;
                }
                if (i == n) break;
            }
            if (s[i] != '%') { i++; continue; }
            { /* %x[row,col] */
                size_t a0, a1;
                long row, col;
                int k = tp._n_items;
                if (i + 2 >= n || s[i + 1] != 'x' || s[i + 2] != '[') {
                    r = ssvm__rerr(err, SSVM_ERR_TEMPLATE, L.line, (long)i + 1, "%x[row,col] expected");
                    goto fail;
                }
                a0 = i + 3;
                for (a1 = a0; a1 < n && s[a1] != ','; a1++) {}
                if (a1 == n || ssvm__parse_int(s + a0, a1 - a0, -1000000, 1000000, &row) != 0) {
                    r = ssvm__rerr(err, SSVM_ERR_TEMPLATE, L.line, (long)a0 + 1, "%x[row,col]: the row is not an integer");
                    goto fail;
                }
                a0 = a1 + 1;
                for (a1 = a0; a1 < n && s[a1] != ']'; a1++) {}
                if (a1 == n) { r = ssvm__rerr(err, SSVM_ERR_TEMPLATE, L.line, (long)n + 1, "%x[row,col]: no ]"); goto fail; }
                if (ssvm__parse_int(s + a0, a1 - a0, 0, 1000000, &col) != 0) {
                    r = ssvm__rerr(err, SSVM_ERR_TEMPLATE, L.line, (long)a0 + 1,
                                   "%x[row,col]: the column is not an integer >= 0");
                    goto fail;
                }
                if (s[0] == 'B') {
                    r = ssvm__rerr(err, SSVM_ERR_TEMPLATE, L.line, (long)i + 1,
                                   "a bigram template with %x is not supported (the chain has one label-pair table)");
                    goto fail;
                }
                if (k >= INT_MAX / 8) { r = SSVM_ERR_OVERFLOW; goto oom; }
                SSVM__TPUSH(tp._item, cap_item, 4 * (size_t)k + 3, int, (int)i + 1);
                tp._item[4 * k] = 1; tp._item[4 * k + 1] = (int)row; tp._item[4 * k + 2] = (int)col;
                tp._n_items++;
                macros++;
                i = a1 + 1;
                lit = i;
            }
        }
        if (s[0] == 'B') { tp._n_items = items0; tp.bigram = 1; continue; } /* the bigram's name is not kept */
        (void)macros;
        SSVM__TPUSH(tp._line, cap_line, tp.n, long, L.line);
        tp.n++;
        SSVM__TPUSH(tp._first, cap_first, tp.n, int, tp._n_items);
    }
#undef SSVM__TPUSH
    if (got < 0) { r = (ssvm_result)got; goto fail; }
    if (tp.n == 0 && !tp.bigram) { r = ssvm__rerr(err, SSVM_ERR_EMPTY, 0, 0, "no templates"); goto fail; }
    ssvm__lines_free(&L);
    *out = tp;
    return SSVM_OK;
oom:
    r = ssvm__rerr(err, r, L.line, 0, r == SSVM_ERR_OVERFLOW ? "size overflow" : "out of memory");
fail:
    ssvm__lines_free(&L);
    ssvm_template_uninit(&tp);
    return r;
}

/* Expand template k at token t of the sequence [s0, s1) into *buf (grown as needed; cap may be 0 for a fixed
   caller buffer of *cap bytes, grow = 0). Returns the length, or (size_t)-1 (out of memory / too small) */
SSVM__PRIV size_t ssvm__expand(const ssvm_template *tp, int k, const ssvm_conll_data *d, int s0, int s1, int t,
                               const ssvm_allocator *a, char **buf, size_t *cap, int grow) {
    size_t need = 1, len = 0;
    int j;
    char num[24];
    for (j = tp->_first[k]; j < tp->_first[k + 1]; j++) {
        const int *it = tp->_item + 4 * (size_t)j;
        if (it[0] == 0) need += (size_t)it[2];
        else {
            long u = (long)t + it[1];
            if (u < s0 || u >= s1) need += 24;
            else need += ssvm_dict_len(&d->strs, d->cell[(size_t)u * (size_t)d->n_cols + (size_t)it[2]]);
        }
    }
    if (need > *cap) {
        void *p = *buf;
        if (!grow || ssvm__rgrow(a, &p, cap, need, 1) != SSVM_OK) return (size_t)-1;
        *buf = (char *)p;
    }
    for (j = tp->_first[k]; j < tp->_first[k + 1]; j++) {
        const int *it = tp->_item + 4 * (size_t)j;
        if (it[0] == 0) { SSVM_MEMCPY(*buf + len, tp->_text + it[1], (size_t)it[2]); len += (size_t)it[2]; }
        else {
            long u = (long)t + it[1];
            if (u < s0 || u >= s1) { /* CRF++'s names for the positions past the ends: _B-1, _B-2, ... / _B+1, ... */
                unsigned long off = u < s0 ? (unsigned long)(s0 - u) : (unsigned long)(u - s1 + 1);
                int nn = 0;
                (*buf)[len++] = '_'; (*buf)[len++] = 'B'; (*buf)[len++] = u < s0 ? '-' : '+';
                do { num[nn++] = (char)('0' + (int)(off % 10)); off /= 10; } while (off);
                while (nn) (*buf)[len++] = num[--nn];
            } else {
                int id = d->cell[(size_t)u * (size_t)d->n_cols + (size_t)it[2]];
                size_t l = ssvm_dict_len(&d->strs, id);
                SSVM_MEMCPY(*buf + len, ssvm_dict_str(&d->strs, id), l);
                len += l;
            }
        }
    }
    (*buf)[len] = '\0';
    return len;
}
/* Every %x column must exist and not be the label column: SSVM_ERR_TEMPLATE at the template's position */
SSVM__PRIV ssvm_result ssvm__template_fits(const ssvm_template *tp, int n_cols, int label_col, ssvm_read_error *err) {
    int k, j;
    for (k = 0; k < tp->n; k++)
        for (j = tp->_first[k]; j < tp->_first[k + 1]; j++) {
            const int *it = tp->_item + 4 * (size_t)j;
            if (it[0] == 1 && (it[2] >= n_cols || it[2] == label_col))
                return ssvm__rerr(err, SSVM_ERR_TEMPLATE, tp->_line[k], it[3],
                                  it[2] == label_col ? "%x[row,col]: col is the label column"
                                                     : "%x[row,col]: col is beyond the data's columns");
        }
    return SSVM_OK;
}
STRUCTSVM_DEF ssvm_result ssvm_template_expand(const ssvm_template *tp, int k, const ssvm_conll_data *d, int s,
                                               int t, char *buf, size_t bytes, size_t *len) {
    size_t cap = bytes, l;
    char *b = buf;
    ssvm_result r;
    if (!tp || !d || !len || !buf || k < 0 || k >= tp->n || s < 0 || s >= d->n_seq) return SSVM_ERR_INVALID_ARG;
    if (t < d->seq_start[s] || t >= d->seq_start[s + 1]) return SSVM_ERR_INVALID_ARG;
    if ((r = ssvm__template_fits(tp, d->n_cols, -2, 0)) != SSVM_OK) return r;
    l = ssvm__expand(tp, k, d, d->seq_start[s], d->seq_start[s + 1], t, 0, &b, &cap, 0);
    if (l == (size_t)-1) {
        char *tmp = 0;
        size_t c2 = 0;
        ssvm_allocator none;
        SSVM_MEMSET(&none, 0, sizeof none);
        l = ssvm__expand(tp, k, d, d->seq_start[s], d->seq_start[s + 1], t, &tp->_a, &tmp, &c2, 1);
        ssvm__free_with(&tp->_a, tmp);
        (void)none;
        *len = l;
        return l == (size_t)-1 ? SSVM_ERR_OUT_OF_MEMORY : SSVM_ERR_WORKSPACE;
    }
    *len = l;
    return SSVM_OK;
}

/* >>readers: CoNLL features */
STRUCTSVM_DEF void ssvm_conll_features_uninit(ssvm_conll_features *f) {
    ssvm_allocator a;
    if (!f) return;
    a = f->_a;
    ssvm__free_with(&a, f->seq_start); ssvm__free_with(&a, f->attr_start);
    ssvm__free_with(&a, f->attr_id); ssvm__free_with(&a, f->labels);
    SSVM_MEMSET(f, 0, sizeof *f);
    f->_a = a;
}
STRUCTSVM_DEF ssvm_result ssvm_conll_featurize(const ssvm_reader_config *c, const ssvm_conll_data *d,
                                               const ssvm_template *tp, ssvm_dict *attrs, ssvm_dict *labels,
                                               int grow, int min_count, ssvm_conll_features *out,
                                               ssvm_read_error *err) {
    ssvm_conll_features f;
    char *key = 0;
    size_t key_cap = 0, kl, nnz = 0, per;
    int s, t, k, lc;
    ssvm_result r = ssvm__rcheck(c, 0, out, err);
    if (r != SSVM_OK) return r;
    SSVM_MEMSET(&f, 0, sizeof f);
    f._a = c->allocator;
    *out = f;
    if (!d || !tp || !attrs || !labels || d->n_tok <= 0 || d->n_cols <= 0 || !d->seq_start || !d->cell)
        return ssvm__rerr(err, SSVM_ERR_INVALID_ARG, 0, 0, "NULL or empty data, template or dictionary");
    lc = c->unlabelled ? -2 : c->label_column < 0 ? d->n_cols - 1 : c->label_column; /* -2: no label column */
    if (lc >= d->n_cols) return ssvm__rerr(err, SSVM_ERR_INVALID_ARG, 0, 0, "label_column beyond the data's columns");
    if ((r = ssvm__template_fits(tp, d->n_cols, lc, err)) != SSVM_OK) return r;
    per = (size_t)tp->n;
    if (per && (size_t)d->n_tok > ((size_t)INT_MAX - 1) / per) return ssvm__rerr(err, SSVM_ERR_OVERFLOW, 0, 0, "too many features");
    f.n_seq = d->n_seq; f.n_tok = d->n_tok;
    f.seq_start = (int *)ssvm__alloc_with(&f._a, ((size_t)d->n_seq + 1) * sizeof(int));
    f.attr_start = (int *)ssvm__alloc_with(&f._a, ((size_t)d->n_tok + 1) * sizeof(int));
    f.attr_id = (int *)ssvm__alloc_with(&f._a, ((size_t)d->n_tok * per + 1) * sizeof(int));
    f.labels = (int *)ssvm__alloc_with(&f._a, (size_t)d->n_tok * sizeof(int));
    if (!f.seq_start || !f.attr_start || !f.attr_id || !f.labels) { r = SSVM_ERR_OUT_OF_MEMORY; goto fail; }
    SSVM_MEMCPY(f.seq_start, d->seq_start, ((size_t)d->n_seq + 1) * sizeof(int));
    if (grow && min_count > 1) {
        /* count every attribute in a scratch dictionary, then add the frequent ones in order of first
           occurrence, so that ids do not depend on the hash order */
        ssvm_dict tmp;
        int *cnt = 0, id;
        size_t cnt_cap = 0;
        ssvm_dict_init(&tmp, &f._a);
        for (s = 0; s < d->n_seq && r == SSVM_OK; s++)
            for (t = d->seq_start[s]; t < d->seq_start[s + 1] && r == SSVM_OK; t++)
                for (k = 0; k < tp->n; k++) {
                    void *p = cnt;
                    size_t old = cnt_cap;
                    kl = ssvm__expand(tp, k, d, d->seq_start[s], d->seq_start[s + 1], t, &f._a, &key, &key_cap, 1);
                    if (kl == (size_t)-1) { r = SSVM_ERR_OUT_OF_MEMORY; break; }
                    if ((r = ssvm_dict_add(&tmp, key, kl, &id)) != SSVM_OK) break;
                    if ((r = ssvm__rgrow(&f._a, &p, &cnt_cap, (size_t)id + 1, sizeof(int))) != SSVM_OK) break;
                    cnt = (int *)p;
                    if (cnt_cap > old) SSVM_MEMSET(cnt + old, 0, (cnt_cap - old) * sizeof(int));
                    if (cnt[id] < INT_MAX) cnt[id]++;
                }
        for (id = 0; id < tmp.n && r == SSVM_OK; id++)
            if (cnt[id] >= min_count) r = ssvm_dict_add(attrs, ssvm_dict_str(&tmp, id), ssvm_dict_len(&tmp, id), 0);
        ssvm__free_with(&f._a, cnt);
        ssvm_dict_uninit(&tmp);
        if (r != SSVM_OK) goto fail;
    }
    for (s = 0; s < d->n_seq; s++) {
        int s0 = d->seq_start[s], s1 = d->seq_start[s + 1];
        for (t = s0; t < s1; t++) {
            int lab = lc < 0 ? -1 : d->cell[(size_t)t * (size_t)d->n_cols + (size_t)lc];
            const char *tag = lab < 0 ? "" : ssvm_dict_str(&d->strs, lab);
            size_t tl = lab < 0 ? 0 : ssvm_dict_len(&d->strs, lab);
            f.attr_start[t] = (int)nnz;
            for (k = 0; k < tp->n; k++) {
                int id;
                kl = ssvm__expand(tp, k, d, s0, s1, t, &f._a, &key, &key_cap, 1);
                if (kl == (size_t)-1) { r = SSVM_ERR_OUT_OF_MEMORY; goto fail; }
                if (grow && min_count <= 1) {
                    if ((r = ssvm_dict_add(attrs, key, kl, &id)) != SSVM_OK) goto fail;
                } else id = ssvm_dict_find(attrs, key, kl);
                if (id >= 0) f.attr_id[nnz++] = id;
            }
            if (lab < 0) f.labels[t] = -1; /* unlabelled */
            else if (grow) { if ((r = ssvm_dict_add(labels, tag, tl, &f.labels[t])) != SSVM_OK) goto fail; }
            else f.labels[t] = ssvm_dict_find(labels, tag, tl);
        }
    }
    f.attr_start[d->n_tok] = (int)nnz;
    f.n_attrs = attrs->n;
    f.n_labels = labels->n;
    ssvm__free_with(&f._a, key);
    *out = f;
    return SSVM_OK;
fail:
    ssvm__free_with(&f._a, key);
    ssvm_conll_features_uninit(&f);
    return ssvm__rerr(err, r, 0, 0, r == SSVM_ERR_OVERFLOW ? "size overflow" : "out of memory");
}
STRUCTSVM_DEF ssvm_chain_config ssvm_conll_chain_config_init(const ssvm_conll_features *f) {
    ssvm_chain_config m = ssvm_chain_config_init(f ? f->n_seq : 0, f ? f->n_labels : 0, f ? f->n_attrs : 0,
                                                 f ? f->seq_start : 0, f ? f->labels : 0);
    if (f) { m.attr_start = f->attr_start; m.attr_id = f->attr_id; }
    return m;
}

/* >>readers: ARFF (Weka's format, as Mulan writes multilabel data) */
STRUCTSVM_DEF void ssvm_arff_data_uninit(ssvm_arff_data *d) {
    ssvm_allocator a;
    if (!d) return;
    a = d->_a;
    ssvm__free_with(&a, d->x); ssvm__free_with(&a, d->row_start); ssvm__free_with(&a, d->attr_id);
    ssvm__free_with(&a, d->attr_val); ssvm__free_with(&a, d->labels);
    ssvm_dict_uninit(&d->attr_names); ssvm_dict_uninit(&d->label_names);
    SSVM_MEMSET(d, 0, sizeof *d);
    d->_a = a;
}
/* One value of a row: blanks trimmed, one level of '...' or "..." quotes removed. Stops at `stop` (',' or, in
   sparse rows, also '}'), which it leaves at s[*i]. Returns 0, or -1 for an unterminated quote. */
SSVM__PRIV int ssvm__arff_field(const char *s, size_t n, size_t *i, size_t *v0, size_t *vl, int sparse) {
    size_t j = *i, e;
    while (j < n && ssvm__is_blank(s[j])) j++;
    if (j < n && (s[j] == '\'' || s[j] == '"')) {
        char q = s[j];
        size_t k = j + 1;
        while (k < n && s[k] != q) k += (s[k] == '\\' && k + 1 < n) ? 2 : 1;
        if (k >= n) return -1;
        *v0 = j + 1; *vl = k - j - 1;
        j = k + 1;
        while (j < n && ssvm__is_blank(s[j])) j++;
        *i = j;
        return 0;
    }
    e = j;
    while (e < n && s[e] != ',' && !(sparse && (s[e] == '}' || ssvm__is_blank(s[e])))) e++;
    *v0 = j;
    *vl = e - j;
    while (*vl && ssvm__is_blank(s[*v0 + *vl - 1])) (*vl)--;
    *i = e;
    return 0;
}

typedef struct ssvm__arff_attr {
    int nominal;    /* 0 numeric; 1 nominal */
    int first, count; /* nominal: its values are ids first .. first+count-1 of the values dictionary */
    int is01;       /* nominal with exactly the values 0 and 1 */
    int zero_value; /* nominal {0,1}: the label of value index 0 (what a sparse row's absent label means) */
    long line;
} ssvm__arff_attr;

STRUCTSVM_DEF ssvm_result ssvm_read_arff(const ssvm_reader_config *c, ssvm_input in, ssvm_arff_data *out,
                                         ssvm_read_error *err) {
    ssvm__lines L;
    ssvm_arff_data d;
    ssvm_dict names, vals; /* every attribute name (repeats are errors); nominal values keyed by attribute */
    ssvm__arff_attr *at = 0;
    size_t cap_at = 0, cap_x = 0, cap_rs = 0, cap_id = 0, cap_v = 0, cap_lab = 0, nnz = 0, cap_key = 0;
    char *key = 0;
    const char *s;
    size_t n;
    int got, na = 0, in_data = 0, F = 0, Lb = 0, Fo = 0, mode = -1; /* mode: 0 dense, 1 sparse */
    void *p;
    ssvm_result r = ssvm__rcheck(c, &in, out, err);
    if (r != SSVM_OK) return r;
    SSVM_MEMSET(&d, 0, sizeof d);
    d._a = c->allocator;
    ssvm_dict_init(&d.attr_names, &d._a); ssvm_dict_init(&d.label_names, &d._a);
    *out = d;
    ssvm_dict_init(&names, &d._a); ssvm_dict_init(&vals, &d._a);
    ssvm__lines_init(&L, in, &d._a, c->max_line);
#define SSVM__APUSH(arr, cap, cnt, T, v)                                                              \
    do {                                                                                              \
        p = (arr);                                                                                    \
        if ((r = ssvm__rgrow(&d._a, &p, &(cap), (size_t)(cnt) + 1, sizeof(T))) != SSVM_OK) goto oom; \
        (arr) = (T *)p;                                                                               \
        (arr)[cnt] = (v);                                                                             \
    } while (0)
    /* the key of a nominal value: the attribute's index in 4 bytes, then the value */
#define SSVM__VKEY(a, v0, vl)                                                                         \
    do {                                                                                              \
        p = key;                                                                                      \
        if ((r = ssvm__rgrow(&d._a, &p, &cap_key, (vl) + 4, 1)) != SSVM_OK) goto oom;                 \
        key = (char *)p;                                                                              \
        key[0] = (char)((a) & 255); key[1] = (char)(((a) >> 8) & 255);                                \
        key[2] = (char)(((a) >> 16) & 255); key[3] = (char)(((a) >> 24) & 255);                       \
        if (vl) SSVM_MEMCPY(key + 4, s + (v0), (vl));                                                 \
    } while (0)
    while ((got = ssvm__next_line(&L, &s, &n, err)) == 1) {
        size_t i = 0, t, tl;
        while (i < n && ssvm__is_blank(s[i])) i++;
        if (i == n || s[i] == '%') continue;
        if (!in_data) {
            size_t k0;
            if (s[i] != '@') { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)i + 1, "@relation, @attribute or @data expected"); goto fail; }
            ssvm__token(s, n, &i, &t, &tl);
            if (ssvm__word_is(s + t, tl, "@relation")) continue;
            if (ssvm__word_is(s + t, tl, "@data")) {
                int a, first_label;
                if (na == 0) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)t + 1, "@data before any @attribute"); goto fail; }
                if (c->n_labels > 0) {
                    if (c->n_labels > na) { r = ssvm__rerr(err, SSVM_ERR_LABEL, L.line, (long)t + 1, "fewer attributes than labels"); goto fail; }
                    Lb = c->n_labels;
                    for (a = na - Lb; a < na; a++)
                        if (!at[a].is01) { r = ssvm__rerr(err, SSVM_ERR_LABEL, at[a].line, 1, "a label attribute must be nominal {0,1}"); goto fail; }
                } else {
                    for (a = na - 1; a >= 0 && at[a].is01; a--) Lb++;
                    if (Lb == 0) { r = ssvm__rerr(err, SSVM_ERR_LABEL, at[na - 1].line, 1, "no label attributes: the last attribute is not {0,1}"); goto fail; }
                }
                Fo = na - Lb;
                F = Fo + (c->bias != 0 ? 1 : 0);
                first_label = Fo;
                for (a = 0; a < na; a++) {
                    ssvm_dict *to = a < first_label ? &d.attr_names : &d.label_names;
                    if ((r = ssvm_dict_add(to, ssvm_dict_str(&names, a), ssvm_dict_len(&names, a), 0)) != SSVM_OK) goto oom;
                }
                in_data = 1;
                continue;
            }
            if (!ssvm__word_is(s + t, tl, "@attribute")) {
                r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)t + 1, "@relation, @attribute or @data expected");
                goto fail;
            }
            { /* @attribute name type */
                size_t n0, nl;
                ssvm__arff_attr A;
                int id;
                SSVM_MEMSET(&A, 0, sizeof A);
                A.line = L.line;
                while (i < n && ssvm__is_blank(s[i])) i++;
                if (i == n) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)n + 1, "attribute name expected"); goto fail; }
                if (s[i] == '\'' || s[i] == '"') {
                    size_t k = i + 1;
                    while (k < n && s[k] != s[i]) k++;
                    if (k == n) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)i + 1, "unterminated quote"); goto fail; }
                    n0 = i + 1; nl = k - i - 1; i = k + 1;
                } else {
                    n0 = i;
                    while (i < n && !ssvm__is_blank(s[i]) && s[i] != '{') i++;
                    nl = i - n0;
                }
                if (ssvm_dict_find(&names, s + n0, nl) >= 0) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)n0 + 1, "attribute name repeated"); goto fail; }
                if (na >= INT_MAX / 4) { r = ssvm__rerr(err, SSVM_ERR_OVERFLOW, L.line, 1, "too many attributes"); goto fail; }
                if ((r = ssvm_dict_add(&names, s + n0, nl, &id)) != SSVM_OK) goto oom;
                while (i < n && ssvm__is_blank(s[i])) i++;
                k0 = i;
                if (i == n) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)n + 1, "attribute type expected"); goto fail; }
                if (s[i] == '{') { /* nominal */
                    int has0 = 0, has1 = 0;
                    A.nominal = 1;
                    A.first = vals.n;
                    i++;
                    for (;;) {
                        size_t v0, vl;
                        int vid;
                        if (ssvm__arff_field(s, n, &i, &v0, &vl, 1) != 0) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)i + 1, "unterminated quote"); goto fail; }
                        while (i < n && ssvm__is_blank(s[i])) i++;
                        if (i == n) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)n + 1, "} expected"); goto fail; }
                        if (vl == 0) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)v0 + 1, "empty nominal value"); goto fail; }
                        SSVM__VKEY(na, v0, vl);
                        if (ssvm_dict_find(&vals, key, vl + 4) >= 0) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)v0 + 1, "nominal value repeated"); goto fail; }
                        if ((r = ssvm_dict_add(&vals, key, vl + 4, &vid)) != SSVM_OK) goto oom;
                        if (vl == 1 && s[v0] == '0') { has0 = 1; if (A.count == 0) A.zero_value = 0; }
                        if (vl == 1 && s[v0] == '1') { has1 = 1; if (A.count == 0) A.zero_value = 1; }
                        A.count++;
                        if (s[i] == '}') { i++; break; }
                        if (s[i] != ',') { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)i + 1, ", or } expected"); goto fail; }
                        i++;
                    }
                    A.is01 = has0 && has1 && A.count == 2;
                } else {
                    ssvm__token(s, n, &i, &t, &tl);
                    if (!ssvm__word_is(s + t, tl, "numeric") && !ssvm__word_is(s + t, tl, "real") &&
                        !ssvm__word_is(s + t, tl, "integer")) {
                        r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)k0 + 1, "unsupported attribute type (numeric, real, integer or {...})");
                        goto fail;
                    }
                }
                while (i < n && ssvm__is_blank(s[i])) i++;
                if (i != n) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)i + 1, "unexpected text after the type"); goto fail; }
                SSVM__APUSH(at, cap_at, na, ssvm__arff_attr, A);
                na++;
            }
            continue;
        }
        /* a data row */
        {
            int sparse = s[i] == '{', a = 0;
            long prev = -1;
            ssvm_real *xr = 0;
            int *yr;
            if (d.n >= INT_MAX - 1) { r = ssvm__rerr(err, SSVM_ERR_OVERFLOW, L.line, 1, "too many rows"); goto fail; }
            if (mode >= 0 && mode != sparse) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)i + 1, "dense and sparse rows mixed"); goto fail; }
            mode = sparse;
            if ((size_t)d.n + 1 > ((size_t)-1) / ((size_t)Lb + (size_t)F + 1)) { r = SSVM_ERR_OVERFLOW; goto oom; }
            p = d.labels;
            if ((r = ssvm__rgrow(&d._a, &p, &cap_lab, ((size_t)d.n + 1) * (size_t)Lb, sizeof(int))) != SSVM_OK) goto oom;
            d.labels = (int *)p;
            yr = d.labels + (size_t)d.n * (size_t)Lb;
            for (a = 0; a < Lb; a++) yr[a] = at[Fo + a].zero_value;
            if (!sparse) {
                p = d.x;
                if ((r = ssvm__rgrow(&d._a, &p, &cap_x, ((size_t)d.n + 1) * (size_t)F + 1, sizeof(ssvm_real))) != SSVM_OK) goto oom;
                d.x = (ssvm_real *)p;
                xr = d.x + (size_t)d.n * (size_t)F;
            } else {
                if (d.n == 0) SSVM__APUSH(d.row_start, cap_rs, 0, int, 0);
                i++;
            }
            for (a = 0;; a++) {
                size_t v0, vl, c0;
                long att;
                double v = 0;
                if (sparse) { /* `index value`, or the closing brace */
                    while (i < n && ssvm__is_blank(s[i])) i++;
                    if (i < n && s[i] == '}' && a == 0) break;
                    c0 = i;
                    while (i < n && s[i] >= '0' && s[i] <= '9') i++;
                    if (ssvm__parse_int(s + c0, i - c0, 0, LONG_MAX, &att) != 0 || i == n || !ssvm__is_blank(s[i])) {
                        r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)c0 + 1, "sparse row: `index value` expected");
                        goto fail;
                    }
                    if (att >= na) { r = ssvm__rerr(err, SSVM_ERR_FEATURE_INDEX, L.line, (long)c0 + 1, "sparse row: index beyond the attributes"); goto fail; }
                    if (att <= prev) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)c0 + 1, "sparse row: indices must increase"); goto fail; }
                    prev = att;
                } else {
                    att = a;
                    if (a >= na) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)i + 1, "more values than attributes"); goto fail; }
                }
                c0 = i;
                if (ssvm__arff_field(s, n, &i, &v0, &vl, sparse) != 0) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)c0 + 1, "unterminated quote"); goto fail; }
                if (vl == 0) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)v0 + 1, "value expected"); goto fail; }
                if (vl == 1 && s[v0] == '?') {
                    if (!c->unlabelled || att < Fo) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)v0 + 1, "missing value (?) not supported"); goto fail; }
                    v = -1; /* an unknown label (config.unlabelled) */
                } else if (at[att].nominal) {
                    int vid;
                    SSVM__VKEY((int)att, v0, vl);
                    vid = ssvm_dict_find(&vals, key, vl + 4);
                    if (vid < 0) { r = ssvm__rerr(err, att >= Fo ? SSVM_ERR_LABEL : SSVM_ERR_PARSE, L.line, (long)v0 + 1, "value not in the attribute's list"); goto fail; }
                    v = att >= Fo ? (double)(s[v0] - '0') : (double)(vid - at[att].first);
                } else {
                    int e = ssvm__parse_num(s + v0, vl, &v);
                    if (e == -1) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)v0 + 1, "not a number"); goto fail; }
                    if (e || !ssvm__finite((double)(ssvm_real)v)) { r = ssvm__rerr(err, SSVM_ERR_NONFINITE, L.line, (long)v0 + 1, "value not finite"); goto fail; }
                }
                if (att >= Fo) yr[att - Fo] = (int)v;
                else if (!sparse) xr[att] = (ssvm_real)v;
                else {
                    if (nnz >= (size_t)INT_MAX - 2) { r = SSVM_ERR_OVERFLOW; goto oom; }
                    SSVM__APUSH(d.attr_id, cap_id, nnz, int, (int)att);
                    SSVM__APUSH(d.attr_val, cap_v, nnz, ssvm_real, (ssvm_real)v);
                    nnz++;
                }
                if (sparse) {
                    while (i < n && ssvm__is_blank(s[i])) i++;
                    if (i < n && s[i] == '}') break;
                    if (i == n || s[i] != ',') { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)i + 1, ", or } expected"); goto fail; }
                    i++;
                } else {
                    if (i == n) {
                        if (a + 1 < na) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)n + 1, "fewer values than attributes"); goto fail; }
                        break;
                    }
                    i++; /* the comma */
                    if (a + 1 == na) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)i, "more values than attributes"); goto fail; }
                }
            }
            if (sparse) {
                i++; /* the brace */
                while (i < n && ssvm__is_blank(s[i])) i++;
                if (i != n) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line, (long)i + 1, "text after the row (instance weights are not supported)"); goto fail; }
                if (c->bias != 0) {
                    SSVM__APUSH(d.attr_id, cap_id, nnz, int, Fo);
                    SSVM__APUSH(d.attr_val, cap_v, nnz, ssvm_real, (ssvm_real)c->bias);
                    nnz++;
                }
                SSVM__APUSH(d.row_start, cap_rs, (size_t)d.n + 1, int, (int)nnz);
            } else if (c->bias != 0) xr[Fo] = (ssvm_real)c->bias;
            d.n++;
        }
    }
#undef SSVM__APUSH
#undef SSVM__VKEY
    if (got < 0) { r = (ssvm_result)got; goto fail; }
    if (!in_data) { r = ssvm__rerr(err, SSVM_ERR_PARSE, L.line + 1, 1, "no @data section"); goto fail; }
    if (d.n == 0) { r = ssvm__rerr(err, SSVM_ERR_EMPTY, 0, 0, "no data rows"); goto fail; }
    d.n_attrs = F; d.n_labels = Lb; d.sparse = mode == 1;
    if (d.sparse && !d.attr_id) { /* every row empty: keep the arrays non-NULL */
        p = d.attr_id; if ((r = ssvm__rgrow(&d._a, &p, &cap_id, 1, sizeof(int))) != SSVM_OK) goto oom; d.attr_id = (int *)p;
        p = d.attr_val; if ((r = ssvm__rgrow(&d._a, &p, &cap_v, 1, sizeof(ssvm_real))) != SSVM_OK) goto oom; d.attr_val = (ssvm_real *)p;
    }
    ssvm__lines_free(&L);
    ssvm_dict_uninit(&names); ssvm_dict_uninit(&vals);
    ssvm__free_with(&d._a, at); ssvm__free_with(&d._a, key);
    *out = d;
    return SSVM_OK;
oom:
    r = ssvm__rerr(err, r, L.line, 0, r == SSVM_ERR_OVERFLOW ? "size overflow" : "out of memory");
fail:
    ssvm__lines_free(&L);
    ssvm_dict_uninit(&names); ssvm_dict_uninit(&vals);
    ssvm__free_with(&d._a, at); ssvm__free_with(&d._a, key);
    ssvm_arff_data_uninit(&d);
    return r;
}
STRUCTSVM_DEF ssvm_graph_config ssvm_arff_graph_config(const ssvm_arff_data *d) {
    ssvm_graph_config g = ssvm_graph_config_init(d ? d->n : 0, d ? d->n_labels : 0, d ? d->n_attrs : 0,
                                                 d && !d->sparse ? d->x : 0, d ? d->labels : 0);
    if (d && d->sparse) { g.row_start = d->row_start; g.attr_id = d->attr_id; g.attr_val = d->attr_val; }
    return g;
}

#ifndef STRUCTSVM_NO_STDIO
/* >>readers: path wrappers */
#define SSVM__PATH_READER(name, T, call)                                                                    \
    STRUCTSVM_DEF ssvm_result name(const ssvm_reader_config *c, const char *path, T *out, ssvm_read_error *err) { \
        FILE *f;                                                                                            \
        ssvm_result r;                                                                                      \
        if (!path) return ssvm__rerr(err, SSVM_ERR_INVALID_ARG, 0, 0, "NULL path");                         \
        f = fopen(path, "rb");                                                                              \
        if (!f) return ssvm__rerr(err, SSVM_ERR_IO, 0, 0, "cannot open the file");                          \
        r = call(c, ssvm_input_FILE(f), out, err);                                                          \
        fclose(f);                                                                                          \
        return r;                                                                                           \
    }
SSVM__PATH_READER(ssvm_read_svmlight_path, ssvm_svmlight_data, ssvm_read_svmlight)
SSVM__PATH_READER(ssvm_read_svmhmm_path, ssvm_svmlight_data, ssvm_read_svmhmm)
SSVM__PATH_READER(ssvm_read_conll_path, ssvm_conll_data, ssvm_read_conll)
SSVM__PATH_READER(ssvm_read_template_path, ssvm_template, ssvm_read_template)
SSVM__PATH_READER(ssvm_read_arff_path, ssvm_arff_data, ssvm_read_arff)
#undef SSVM__PATH_READER
#endif
/* (readers implementation ends) */
#endif /* STRUCTSVM_PREDICT_ONLY */

#ifdef __cplusplus
}
#endif
#endif /* STRUCTSVM_IMPLEMENTATION */

/*
   ------------------------------------------------------------------------------------------------
   VERSION HISTORY: what changed in each release (CHANGES, newest first) and what to change in your code
   (MIGRATION TABLES, newest first). The manual at the top of this file describes the current version only.
   ------------------------------------------------------------------------------------------------

   CHANGES
     0.13.0 (2026-11-29) Kernel model files (issue 28): ssvm_model_of_kernel(_get_size) turn a trained SSVM_KBCFW
                        solver with ssvm_dense_kernel_fn (the lifted multiclass model or the lifted chain) into
                        an SSVM_MODEL_KERNEL model (kind 5) that saves, loads, predicts (ssvm_model_predict,
                        ssvm_model_kernel_scores) and exports as C without the solver; `structsvm learn --solver
                        kbcfw --kernel linear|rbf|poly` on SVM^light and SVM^hmm data. Distributed training
                        (issue 29): a rank index out of range, ssvm_train's own refusals and a checkpoint file
                        missing on one rank join the other ranks' exchange instead of leaving them waiting; a
                        checkpoint checked but not applied (a peer's failed) keeps the sparse state's pool; a failed
                        restart after a checkpoint mismatch stops every rank; the step's overflow bound counts
                        sigma'; examples/ssvm_mpi.h checks its scratch size before the product. The manual
                        reordered as a guide, then a reference (sections 1-10, 979 lines; issue 27).
     0.12.0 (2026-11-29) Distributed training (issue 29, DISTRIBUTED TRAINING): config.dist takes the caller's
                        allreduce, rank and size; each rank trains on its shard (ssvm_problem_shard,
                        ssvm_shard_range). Exact mode: batch FW, the cutting plane and every evaluation summed over
                        the ranks (one process's iterates to rounding, the gap certified over all). BCFW runs
                        CoCoA+ (adding, sigma' = K; Ma et al. 2015) with its local steps against v = w + sigma' dw.
                        Init's handshake, failures that reach every rank (SSVM_ERR_COLLECTIVE, SSVM_ERR_PEER),
                        agreed stops, per-rank checkpoints. examples/ssvm_mpi.h (MPI), examples/ssvm_loopback.h (K
                        ranks as threads); structsvm_mpi (the tool under mpirun); make test-mpi, make bench-dist.
     0.11.0 (2026-11-28) Flat multiclass (issue 30): BCFW's exact block steps (config.bcfw.steps =
                        SSVM_BCFW_STEPS_EXACT, EXACT BLOCK STEPS): each example's subproblem solved exactly over
                        its labels (Crammer-Singer, Keerthi et al. 2008) through two new optional callbacks,
                        ssvm_problem.part_orthogonal and part_scores_at (ssvm_multiclass sets both), with
                        shrinking of examples and labels (config.bcfw.shrink, default 1), checkpoints, weights,
                        averages; structsvm learn --steps exact. The multiclass scores run 4 classes a sweep over
                        x's non-zeros (the same bits as before). make bench-multiclass against liblinear -s 4.
                        The manual (issue 27's findings): gap estimates' NOT_SUPPORTED, the weights' codes, the
                        suffix average's restart iterate, step_info.gamma per solver; ssvm_solver_state_kind;
                        chain offsets that decrease are SSVM_ERR_INVALID_ARG. API GRAMMAR: _path for paths and
                        _FILE for FILE * everywhere, producers of configs end in _config_init, accessors under
                        ssvm_solver_ (the migration table; 0.10's names stay as macros until 1.0); a bad label
                        length from any callback is SSVM_ERR_LABEL.
     0.10.0 (2026-11-28) Training on the device (issue 31): make test-device trains BCFW bare-metal on an emulated
                        Cortex-M4F (qemu-system-arm, MPS2 AN386; tests/embedded/train_device.c, device_rt.c),
                        multiclass and chain on OCR letters in flash, all memory static and sized by the
                        get_heap_size calls, to a certified gap, with the host's bits (REPRODUCIBILITY).
                        STRUCTSVM_NO_GAPS (BUILD OPTIONS) leaves config.bcfw's options out: the ONLY_BCFW chain
                        trainer 43.4 KB -> 33.2 KB (31.0 KB freestanding). A plain BCFW solver without an
                        average keeps no d-vector scratch. The tool, part two (issue 28): structsvm predict (unlabelled data; the readers'
                        ssvm_reader_config.unlabelled), --solver ms|deg|eg|cliquegen, --bias 1 by default for
                        svmlight and svmhmm, every option in help, the score printed only after the predictions
                        are written. gcc -O3 -Werror clean.
                        The 1.0 engine, third part (issue 26): BCFW's step is written once (ssvm__bcfw_step,
                        Algorithm 4's skeleton): the block's policy (a FW step on the engine's state, by the D path
                        or in score space; or the atoms of config.bcfw, with caching and FW/away/pairwise steps)
                        does lines 3-8, and line 9 (w and the average) is shared. One objective routine: every
                        evaluation, ssvm_primal and FW's oracle pass run ssvm__objective, whose hooks carry
                        mini-batch's threads and the gap check's per-block gaps. Iterates unchanged, bit for bit.
     0.9.0 (2026-11-28) The 1.0 engine, second part (issue 26): the STATISTICS INTERFACE (ssvm_problem.stat_support,
                        stat_expand_at, stat_scores, stat_gram, stat_norm2, stat_move). BCFW's compact states,
                        its score-space step, the atoms' scoring and moves, and mini-batches reach the fast paths
                        through it; the built-in chain implements it in its own section (>>oracles), so a user
                        model can too (tests/user_chain.h). No solver code compares callback pointers (5 -> 0) or
                        casts p->user to a built-in model (11 -> 0). Line 5 and lines 7-8 of Algorithm 4 written
                        once for the D path, score space and mini-batch's serial phase. The iterates of a chain
                        with atoms (config.bcfw) change to rounding (an atom's score sums its statistics' scores).
                        Files (issue 28, part one): ssvm_model_save_file and ssvm_model_export_c_file write
                        path.tmp and rename it (never a torn model; SSVM_ERR_IO when the file cannot be created or
                        written); the model and checkpoint loaders check the envelope and the file's length
                        before they allocate; the readers skip a UTF-8 byte order mark. The structsvm tool: strict
                        options, exit codes, every output through a .tmp, --solver cp and BCFW's options, dump.
                        Tests read private fields only through tests/internals.h (93 direct reads -> 0).
     0.8.0 (2026-11-28) The 1.0 engine, first part (issue 26; see the MIGRATION TABLE 0.7.1 -> 0.8.0). Every
                        solver is a row of one algorithm table (>>algorithms): capabilities as data (SOLVERS AT A
                        GLANCE), its check, layout, reset, start, pass, step, pick, evaluation hooks, own stopping
                        rule; checkpoint parts in a companion table. The engine names no solver kind (70
                        comparisons -> 4, all in solvers' own accessors) and no solver's field. Every solver keeps
                        its state in a struct of its own section (ssvm_solver._alg; ssvm_solver: 231 -> 41
                        fields). STRUCTSVM_NO_<KIND> / STRUCTSVM_ONLY_<KIND>. ssvm_solver_set_limits /
                        ssvm_solver_limits_of: the checked door; ssvm_solver_config_of read-only. AUTO takes the same
                        state for a heap and a preallocated solver (they gave different bits). make test
                        T=<no match> fails in every part (export and CLI too). REPRODUCIBILITY written down. Not
                        yet: BCFW's step over a statistics interface (one step instead of four; no comparison of
                        callback pointers, no cast of p->user), tests through the introspection header only.
     0.7.1 (2026-11-27) Mini-batch BCFW (config.par) in score space with the COMPACT_SPARSE state on the built-in
                        chain, double builds (MANUAL: SPEED): a task merges the statistics only; the serial phase
                        scores them at the current w (row dots) and takes |D|^2 from the Gram matrices. OCR-small,
                        b = 32: one thread 7.3-8.3 -> 6.1-6.5 ms a pass, two threads 4.7-5.7 -> 4.3-4.8 ms (plain
                        BCFW 5.3-6.0). Iterates equal 0.7.0's to rounding, not bit for bit; build_direction = 1
                        keeps 0.7.0's bits (the Gram matrices are now in the heap size with config.par too). No
                        name changed. make bench-threads adds the COMPACT_SPARSE rows (sparse_threads2_speedup,
                        sparse_vs_bcfw). Tests: the score-space step's |w| bound (raised each step, measured
                        again at each pass and checkpoint load), a failed state update (SSVM_ERR_WORKSPACE) leaving
                        w, z, l and l_bar, the average's dual (l_bar), the batch path against the D path
                        (test_par_score_step), the average across a batch (a restart; a forced fold).
     0.7.0 (2026-11-27) Plain BCFW's step in score space on the built-in chain (MANUAL: SPEED): <D, w> from the
                        oracle's own unary scores, |D|^2 from per-sequence Gram matrices, w and the average moved
                        row by row; D is no longer built. Double builds, COMPACT_SPARSE state (a heap solver's
                        default on chains), no config.par, no atoms. Its iterates are the D step's up to rounding
                        but not its bits: runs of 0.6.3 and 0.7.0 agree to about 1e-13 in w and give the same pass
                        counts on the benches (OCR-small to primal 2.629: 208 passes; CoNLL: 22 and 17), but they
                        are not bit-identical (OCR-small after 200 passes: 3.9e-14 apart, max |w| 3). New:
                        config.bcfw.build_direction = 1 keeps 0.6's step and its bits (no name changed; a zeroed
                        config.bcfw is the new default). Heap size: + sum_i L_i (L_i + 1) / 2 doubles of Gram
                        matrices (CoNLL-2000: 25 MB) and 3 max stat_dim + K entries, only where they stay small
                        (sequences <= 4,096 positions, at most 2 (d + sum_i stat_dim) entries; else D is built).
                        Also, the same bits everywhere: ssvm_svec_clear and the chain's expand hold the vector's
                        fields in locals (a byte store to mark may alias them, so the compiler reloaded idx, mark,
                        val and nnz at every entry), and where D is built, w and the average move in one sweep of
                        it (ssvm__step_move, shared with mini-batch BCFW's serial phase).
                        make bench-speed's pass / n bare oracle calls, the 0.6.3 and 0.7.0 bench binaries
                        alternating (3 runs each): OCR-small dense 1.93-2.21 -> 1.56-1.60, sparse 1.86-2.16 ->
                        1.42-1.51, OCR-large dense 1.72-1.81 -> 1.44-1.51, sparse 1.76-2.03 -> 1.49-1.60 (the
                        locals alone, before the score-space step: 1.84-1.96, 1.87-1.89, 1.61-1.66, 1.60-1.65).
                        CoNLL end to end: 1.01x (farm-bench, 5 pairs; its step waits on cache misses in z, and the
                        Gram matrices take 25 MB). CI's fuzzers run 20/12/15 s (model/readers/checkpoints), to
                        keep the whole run under 20 minutes.
     0.6.3 (2026-11-27) Speed of config.bcfw's atoms on the built-in chain (MANUAL: GAPS, "On the chain"): atom
                        values from memoised unary scores, each move built in statistics space, no phi call left in
                        a step. Plain BCFW, mini-batch BCFW and every other problem are the same bits as 0.6.2.
                        Pairwise/away steps and caching on the chain compute the same values and moves to
                        rounding, but runs split from 0.6.2's at the first tie rounding decides (two atoms of equal
                        value, common right after an exact line search; two moves along one line): a different,
                        equally valid path to the same optimum. 0.6.2 checkpoints of them load and resume.
                        OCR-small to primal 2.629 with gap sampling + pairwise + cache, the suffix average and
                        predicted evaluations: training 7.4-8.2 -> 1.02-1.06 CPU s; in one make bench-speed run (its
                        new row) 0.99 CPU s with evaluation against 1.64 s for the best plain-BCFW row
                        (small_target_ope 174); OCR-large to gap 1e-2 with every option 1.91 s against plain BCFW's
                        2.67 s (0.5.0-0.6.2: 2.3x plain BCFW's time).
                        Heap size with atoms on the chain: + the scratch MANUAL: GAPS lists (L K + K K entries).
     0.6.2 (2026-11-25) Additions only; weights, objectives and plain BCFW checkpoints are the same bits as 0.6.1.
                        Checkpoints cover mini-batch BCFW (config.par; it was SSVM_ERR_CKPT_SOLVER): the batch
                        size joins the fingerprint (only when > 0, so 0.6.1's plain BCFW checkpoints still load);
                        a run saved on 2 threads resumes on 1 or 4 bit for bit. structsvm learn: --checkpoint and
                        --resume combine with --threads and --batch. examples/ssvm_threads.h polls before it
                        sleeps (pool.spin, default 10000 polls; 0: sleep at once): a parallel-for round trip of
                        32 tasks on 2 threads 16.5 us -> 4.5 us over the tasks' own time. Mini-batch tasks take
                        the SPEED path (per-slot step positions; the COMPACT state's bitmap starts each example
                        on a byte of its own, n bytes more): the same bits, 10 passes of OCR-small on one thread
                        787M instructions (874M; plain BCFW 760M). make test-tsan: test_par under ThreadSanitizer
                        (a CI step). progress.state_bytes of a COMPACT state on the chain grows by n bytes.
                        Fixed: a training batch stopped by an oracle error, a failing direction or step, or a hook
                        that skipped a task, left the calls its other tasks made out of oracle_calls (the steps and
                        the result were right).
     0.6.1 (2026-11-25) Speed only: every result is the same bits as 0.6.0 (weights, objectives, checkpoints).
                        Mini-batch BCFW (config.par) with a dense state: the second parallel phase now takes the
                        block updates of every batch, all but a repeated example's earlier draws (before, a batch
                        with a repeat ran them all serially); max |w| is measured once a pass, not once a batch.
                        OCR-small, b = 32: 88% of a one-thread run inside the tasks (83%), Amdahl bound on two
                        cores 1.79x (1.71x). The chain's sparse attribute-major unary scores prefetch the rows of
                        w 16 attributes ahead, and its phi the next position's accumulator entries (GCC, Clang):
                        CoNLL's oracle pass 0.20-0.22 s -> 0.14 s, an evaluation's psi sum ~1.5x faster, CoNLL end
                        to end 0.79x the CPU time of 0.6.0 (median of 5 alternating runs).
                        Fixed: a hook that skips an evaluation task left that chunk's calls out of
                        eval_oracle_calls (the SSVM_ERR_PARALLEL it returns was right).
     0.6.0 (2026-11-25) 0.5 code compiles unchanged and the new config field defaults to the old behaviour. Two
                        behaviours change: checkpoints are written as format version 2 (0.6 reads 0.5's version 1;
                        0.5 refuses version 2 with SSVM_ERR_VERSION), and mini-batch BCFW's evaluations call the
                        parallel-for hook (their oracle calls on task_users[t], like the training tasks').
                        config.eval_schedule = SSVM_EVAL_PREDICT (enum ssvm_eval_schedule; MANUAL: THE ENGINE,
                        "Evaluation schedule"): ssvm_solver_run evaluates only where the decay fitted to the
                        past evaluations says gap_tol or target_primal may hold, and at twice the last evaluated
                        pass; what the rules certify is unchanged. structsvm learn --eval every|predict.
                        make bench-speed: predicted-evaluation rows (OCR-small, OCR-large) and CoNLL end to end
                        with them (the RESULT line's conll_end_to_end_s). Checkpoint format version 2 (the
                        schedule's history appended; version-1 checkpoints still load, the history empty).
                        Mini-batch BCFW's evaluations run their oracle calls on the caller's hook too (chunks of b
                        examples, added in example order: the same bits for any thread count).
     0.5.0 (2026-11-25) Additions only (0.4 code compiles unchanged; models without metadata are still written as
                        format 1). Checkpoints (CHECKPOINTS): ssvm_solver_checkpoint_get_size / _save / _write / _load /
                        _save_file (atomic: a temporary renamed) / _load_file for BCFW (every state kind and
                        config.bcfw option), FW, SSG and the multi-sample solver, resuming bit for bit; warm start
                        (config.warm_w, ssvm_solver_config_warm_start: w0 as the prox centre, BCFW and FW); errors
                        SSVM_ERR_CKPT_SOLVER (-34), SSVM_ERR_CKPT_MISMATCH (-35), SSVM_ERR_WARM_START (-36).
                        Model files: optional metadata (ssvm_model.metadata, format version 2; files without it
                        stay version 1). structsvm learn: --checkpoint, --checkpoint-every, --resume, --init; it
                        keeps --bias, the format and the CoNLL template in the model. make test checks the tool's
                        weights against the C API's (tests/cli_api.c); make test-arm runs the exported OCR model in
                        a predict-only program on 32-bit ARM under qemu (tools/test_arm_ocr.sh).
                        BCFW's compact steps on the built-in chain in time proportional to sigma_i's support and
                        s(y*) (no K x K label-pair scan per step; bit-identical iterates), dense chain inputs'
                        non-zeros compacted once (counted in ssvm_chain_get_heap_size), one sweep for <D, w> and
                        |D|^2, finiteness by a bound (MANUAL: SPEED). make bench-speed (bench/bench_speed.c): a
                        BCFW pass against n bare oracle calls, time to accuracy of BCFW's options, CoNLL end to
                        end.
                        Mini-batch BCFW with parallel oracle calls (config.par, MANUAL: PARALLEL BCFW): a
                        caller's parallel-for hook (ssvm_parallel_for_fn, user first), per-slot callback users,
                        results bit-identical for any thread count (seed and batch size only; batch 1 = BCFW);
                        ssvm_problem.scratch_in_user; STRUCTSVM_NO_PARALLEL; errors SSVM_ERR_BATCH (-37),
                        SSVM_ERR_PARALLEL (-38); examples/ssvm_threads.h (pthreads),
                        structsvm --threads N --batch B, examples/ocr --threads --batch, make bench-threads.
                        ssvm_chain_config.inputs_from: per-slot chains borrow the main chain's compacted inputs.
                        Checkpoint loads check that the gap estimates' unknown list agrees with its positions and
                        that compact sparse lists ascend (SSVM_ERR_FORMAT); the chain's compacted inputs are
                        aligned in float builds.
                        make bench-solvers: the kernel solver's OCR table (RBF on the pixels against the linear
                        model; bench/kernel_ocr.h, shared with bench-kernel-eg); OCR-small at lambda 0.01 run on to
                        400 passes, so the RESULT line gives each solver's passes to suboptimality 0.01 (or >N);
                        CPU seconds; FULL=1 sized and run (OCR-large 30 passes, CoNLL 20, 60 CPU s a solver).
                        make fuzz-ckpt (tests/fuzz_ckpt.c, in make fuzz and CI): libFuzzer on the checkpoint
                        loader; a loaded lazy scale must lie in (0, 1] with a finite inverse (SSVM_ERR_FORMAT; it
                        found 1e-313, which every later oracle call refused) and the unknown list's check above.
     0.4.0 (2026-11-25) Additions only (0.3 code compiles unchanged). Solver SSVM_CLIQUEGEN (config.cg): clique
                        generation with the l2,1-squared regulariser (Tan et al. CVPR 2015, Algorithms 1-3) on
                        ssvm_graph's candidate pairs, certified by the
                        gap of the full problem; ssvm_l21sq_grad (Algorithm 3), ssvm_cg_status_of,
                        ssvm_cg_active; errors SSVM_ERR_CLIQUE, SSVM_ERR_SIGMA; make bench-cliques;
                        examples/multilabel.c --graph cliques.
                        Solver SSVM_CUTTING_PLANE (the 1-slack cutting plane of Joachims, Finley, Yu 2009,
                        Algorithm 4; config.cp: working set, plane dropping, labeling cache; pairwise-FW
                        working-set QP; ssvm_solver_cp_info; errors SSVM_ERR_QP, SSVM_ERR_PLANES).
                        config.oracle_quality (nu of an approximate oracle: BCFW's 2n/(nu k + 2n), FW's
                        2/(nu k + 2), BCFW paper App. C). SSVM_AVG_UNIFORM for SSG (SSG-avg) and BCFW.
                        make bench-solvers (bench/solvers.c): the solvers side by side on OCR-small.
                        BCFW options of Osokin et al. 2016 (config.bcfw, MANUAL: GAPS): block gap estimates and
                        gap sampling, pairwise and away steps on an explicit capped atom set with drop steps,
                        plane caching; progress.gap_estimate and .oracle_calls_saved; step_info.bcfw_step,
                        .bcfw_drop, .cache_hit, .block_gap; ssvm_solver_gap_estimates, ssvm_solver_atom_count,
                        ssvm_solver_atom; errors SSVM_ERR_BCFW_OPTION (-30), SSVM_ERR_BCFW_COMBINATION (-31);
                        make bench-gaps.
                        SSVM_SOLVER_RULE (7): a solver's own stopping rule (clique generation's A.3 / no
                        violator), which certifies nothing, is no longer reported as SSVM_CONVERGED.
                        Solver SSVM_KBCFW (config.kernel): kernelised BCFW (Algorithm B.1) and batch FW on a
                        support set of (example, labeling, alpha) triples, input kernels lifted to the
                        multiclass and chain models (ssvm_dense_kernel_fn: linear, RBF, polynomial) with a
                        row cache, or any joint kernel; ssvm_kernel_score / _scores / _predict /
                        _chain_predict / _support / _support_count. Solver SSVM_EG
                        (config.eg): online exponentiated gradient for ssvm_chain; ssvm_chain_marginals
                        (forward-backward). Errors SSVM_ERR_SUPPORT_FULL (-32), SSVM_ERR_KERNEL (-33).
                        Model files (MODEL FILES): ssvm_model (every built-in kind and a user kind, names, training
                        summary), save / load to caller memory (NO_STDIO, NO_MALLOC) and to paths / FILE*, one
                        little-endian format with float64 weights and a CRC-32, ssvm_model_predict (dense and
                        sparse), ssvm_model_print, ssvm_model_export_c for predict-only firmware; errors
                        SSVM_ERR_FORMAT, _TRUNCATED, _CHECKSUM, _VERSION, _KIND; make fuzz-model.
                        Readers (READERS): SVM^light / SVM^multiclass, SVM^hmm, CoNLL columns with CRF++
                        templates (ssvm_conll_featurize), Mulan ARFF dense and sparse, from memory, a read
                        callback, a FILE or a path, errors with line and column (SSVM_ERR_PARSE, _IO,
                        _TEMPLATE); ssvm_dict; examples/chunking.template; the chunking and multilabel examples
                        read through them; make fuzz-readers; the command-line tool build/structsvm
                        (tools/structsvm.c: learn, classify, export-c, info).
                        make bench-solvers covers every solver (BCFW and SSG with their three averages,
                        multi-sample, online EG), FULL=1 adds OCR-large and CoNLL, SVG plots; MANUAL, ONLINE EG:
                        why it lags BCFW.
     0.3.0 (2026-11-25) Additions only (0.2 code compiles unchanged). Models: ssvm_graph (multilabel, pairwise
                        tables on a caller's graph; ssvm_graph_map by max-product on forests or Gray-code
                        enumeration; ssvm_chow_liu) and ssvm_assign (matchings, Hungarian loss-augmented
                        decoding, Hamming or asymmetric loss, dummy rule). Solver SSVM_DEG (config.deg) with
                        the polytope callbacks of ssvm_problem (parts, part_scores, part_phi; ssvm_multiclass
                        sets them). Projections ssvm_project_simplex_kl, ssvm_project_birkhoff, ssvm_sinkhorn.
                        Errors SSVM_ERR_GRAPH, _TOO_LARGE, _SHAPE, _NO_CONVERGENCE.
     0.2.0 (2026-11-25) Breaking; see the MIGRATION TABLE. One engine: ssvm_solver runs BCFW, FW, SSG and the
                        multi-sample solver (SSVM_MULTISAMPLE replaces ssvm_ms_*) with one run loop, index
                        picker, clock, evaluation routine and ssvm_train. One grammar: *_config_init,
                        *_get_heap_size / *_get_work_size, *_init_preallocated, *_init, *_uninit; a byte count
                        with every caller buffer; decoders return ssvm_result; `user` first in every callback;
                        private fields start with `_`. The oracle takes w_scale (oracle_scaled is gone);
                        ssvm_problem_config_init. New: example weights (ssvm_problem.weights), target_primal
                        (SSVM_TARGET_REACHED), ssvm_solver_step / _progress / _config_of, SSVM_SAMPLE_CYCLIC,
                        SSVM_AVG_UNIFORM. Progress: iterate and average as ssvm_objective, wall and CPU
                        seconds, final.returned. A non-finite primal, dual, gap or weight is
                        SSVM_ERR_NONFINITE in every solver (SSG used to return SSVM_MAX_PASSES with a NaN
                        primal).
     0.1.1 (2026-11-21) ssvm_problem.oracle_scaled (optional; the built-in models set it): SSG steps and the
                        multi-sample solver's default sampler cost O(nnz) instead of O(d).
                        SSVM_STATE_COMPACT_SPARSE (AUTO's choice for heap solvers): the compact state as
                        (index, value) pairs, same iterates, OCR-large 44 -> 6.0 MB. Preallocated sparse
                        pools compact in place before reporting SSVM_ERR_WORKSPACE.
     0.1.0 (2026-11-21) problem API; BCFW/FW/SSG with compact, sparse and dense per-example state;
                        multiclass and chain models (dense and sparse, Viterbi, k-best Viterbi); online
                        multi-sample SSVM; OGD with surrogate losses, randomized decodings, Hungarian.

   MIGRATION TABLE 0.12.0 -> 0.13.0 (no name changes; what to check in your code)
   | 0.12.0                                     | 0.13.0                                                 |
   |--------------------------------------------|--------------------------------------------------------|
   | a switch over ssvm_model_kind              | a new kind, SSVM_MODEL_KERNEL (5); 0.12 loaders read   |
   |                                            |   its files as SSVM_ERR_KIND                           |
   | STRUCTSVM_VERSION_MINOR 12                 | STRUCTSVM_VERSION_MINOR 13                             |
   | manual sections cited by name              | the same names, now numbered 1-10 (CONTENTS)           |

   MIGRATION TABLE 0.11.0 -> 0.12.0 (no name changes; what to check in your code)
   | 0.11.0                                     | 0.12.0                                                 |
   |--------------------------------------------|--------------------------------------------------------|
   | ssvm_solver_config zeroed by hand          | a new field, dist (all zero: one process, as before)   |
   | a switch over every ssvm_result            | two new codes: SSVM_ERR_COLLECTIVE (-39), SSVM_ERR_PEER |
   |                                            |   (-40), only with config.dist.size > 1                |

   MIGRATION TABLE 0.10.0 -> 0.11.0 (no name changes; what to check in your code)
   | 0.10.0                                     | 0.11.0                                                 |
   |--------------------------------------------|--------------------------------------------------------|
   | ssvm_problem filled field by field without | two new optional fields, part_orthogonal and           |
   |   ssvm_problem_config_init                 |   part_scores_at: start from ssvm_problem_config_init  |
   | ssvm_bcfw_config zeroed by hand            | a new field, shrink (0 in a zeroed config: off; 1 from |
   |   (no ssvm_solver_config_init)             |   ssvm_solver_config_init); read with steps EXACT only |
   | config.bcfw.steps = 4 refused              | 4 is SSVM_BCFW_STEPS_EXACT                             |
   | ssvm_chain_init: chain offsets that        | SSVM_ERR_INVALID_ARG (an empty sequence stays          |
   |   decrease were SSVM_ERR_EMPTY             |   SSVM_ERR_EMPTY)                                      |
   | (no way to ask which state AUTO picked)    | ssvm_solver_state_kind(&s, &kind) (new)                |
   | ssvm_model_save_file, _load_file,          | ssvm_model_save_path, _load_path, _export_c_path,      |
   |   _export_c_file, ssvm_model_export_c      |   ssvm_model_export_c_FILE                             |
   | ssvm_solver_checkpoint_save_file/_load_file| ssvm_solver_checkpoint_save_path / _load_path          |
   | ssvm_input_file (a FILE *)                 | ssvm_input_FILE                                        |
   | ssvm_svmlight_multiclass_config,           | ssvm_svmlight_multiclass_config_init,                  |
   |   ssvm_svmhmm_chain_config,                |   ssvm_svmhmm_chain_config_init,                       |
   |   ssvm_conll_chain_config                  |   ssvm_conll_chain_config_init                         |
   | ssvm_cg_status_of, ssvm_cg_active          | ssvm_solver_cg_status, ssvm_solver_cg_active           |
   | ssvm_eg_rejected(&s) -> long long          | ssvm_solver_eg_rejected(&s, &count) -> ssvm_result     |
   | (every old name above)                     | still compiles: a macro (the old eg function) until    |
   |                                            |   1.0; STRUCTSVM_NO_OLD_NAMES removes them             |
   | a label length outside [1, max_label_len]  | SSVM_ERR_LABEL from every callback, as from truth      |
   |   from oracle, decode or a sampler:        |   (one code per fault)                                 |
   |   SSVM_ERR_CALLBACK                        |                                                        |
   | a wrapper of the multiclass problem        | also forward or clear part_orthogonal, part_scores_at  |
   |   that changes user                        |   (they would get the wrapper as user)                 |
   | STRUCTSVM_VERSION_MINOR 10                 | STRUCTSVM_VERSION_MINOR 11                             |

   MIGRATION TABLE 0.9.0 -> 0.10.0 (no name changes; what to check in your code)
   | 0.9.0                                      | 0.10.0                                                 |
   |--------------------------------------------|--------------------------------------------------------|
   | ssvm_reader_config filled field by field,  | a new last field, unlabelled (0 = as before): start    |
   |   without ssvm_reader_config_init          |   from ssvm_reader_config_init or zero the struct      |
   | ssvm_solver_get_heap_size of plain BCFW    | d reals less when averaging = SSVM_AVG_NONE (no        |
   |   without an average                       |   scratch vector); other kinds and options unchanged   |
   | structsvm learn svmlight/svmhmm: no bias   | --bias 1 by default (--bias 0 for the old models);     |
   |   unless --bias                            |   models keep their bias as before                     |
   | STRUCTSVM_VERSION_MINOR 9, _PATCH 0        | STRUCTSVM_VERSION_MINOR 10, _PATCH 0                   |

   MIGRATION TABLE 0.8.0 -> 0.9.0 (no name changes; what to check in your code)
   | 0.8.0                                      | 0.9.0                                                  |
   |--------------------------------------------|--------------------------------------------------------|
   | q = *chain_problem; q.user = &my_wrapper;  | also forward or clear q.stat_support .. q.stat_move    |
   |   (a wrapper of the chain's callbacks)     |   (they would get the wrapper as user)                 |
   | a wrapper of the chain's oracle kept user: | it keeps the fast paths now (the statistics interface) |
   |   the generic step                         |   if its oracle leaves the chain's scores fresh        |
   | ssvm_model_save_file, _export_c_file: an   | SSVM_ERR_IO (the file is written as path.tmp, renamed  |
   |   unwritable path SSVM_ERR_INVALID_ARG, a  |   when whole; path is never left torn)                 |
   |   failed write SSVM_ERR_WORKSPACE          |                                                        |
   | structsvm: --passes 0 (no limit), numbers  | --passes >= 1; every value checked (exit 2); an I/O    |
   |   parsed leniently, exit 1 for everything  |   error exits 3; the model keeps no wall seconds       |
   | STRUCTSVM_VERSION_MINOR 8, _PATCH 0        | STRUCTSVM_VERSION_MINOR 9, _PATCH 0                    |

   MIGRATION TABLE 0.7.1 -> 0.8.0 (s = solver)
   | 0.7.1                                      | 0.8.0                                                  |
   |--------------------------------------------|--------------------------------------------------------|
   | ssvm_solver_config_of(&s)->max_passes = k; | ssvm_solver_limits l; ssvm_solver_limits_of(&s, &l);   |
   |   (any field, unchecked)                   |   l.max_passes = k; ssvm_solver_set_limits(&s, &l);    |
   | ssvm_solver_config *ssvm_solver_config_of  | const ssvm_solver_config *ssvm_solver_config_of(const  |
   |   (ssvm_solver *)                          |   ssvm_solver *): read-only                            |
   | preallocated solver, state AUTO on chains: | COMPACT_SPARSE, as a heap solver: more bytes (OCR-small|
   |   COMPACT                                  |   float: 2.34 -> 4.47 MB, make footprint); set         |
   |                                            |   state = SSVM_STATE_COMPACT for the old size          |
   | STRUCTSVM_VERSION_MINOR 7, _PATCH 1        | STRUCTSVM_VERSION_MINOR 8, _PATCH 0                    |

   MIGRATION TABLE 0.1.1 -> 0.2.0: every public name removed, renamed or changed (q = 0.1.1 params, c = 0.2
   config, s = solver). Enum values that kept their names kept their values.
   | 0.1.1                                      | 0.2.0                                                  |
   |--------------------------------------------|--------------------------------------------------------|
   | ssvm_problem p = {0};                      | ssvm_problem p = ssvm_problem_config_init(n, d, L);    |
   | oracle(user, i, w, y, &delta)              | oracle(user, i, w, w_scale, y, &delta): at w_scale * w |
   | ssvm_problem.oracle_scaled                 | removed: folded into oracle's w_scale                  |
   | ssvm_allocator {alloc(bytes, user),        | {user, alloc(user, bytes), free(user, ptr)}            |
   |   free(ptr, user), user}                   |                                                        |
   | ssvm_svec_heap_size(d) -> size_t           | ssvm_svec_get_heap_size(d, &bytes)                     |
   | ssvm_svec_init_preallocated(&v, d, h, b)   | ssvm_svec_init_preallocated(d, h, b, &v)               |
   | ssvm_mean_loss(&p, w, ybuf, &mean)         | ssvm_mean_loss(&p, w, ybuf, ybuf_bytes, &mean)         |
   | ssvm_primal(&p, lam, w, &svec, ybuf, &P)   | ssvm_primal_get_work_size(&p, &bytes);                 |
   |                                            | ssvm_primal(&p, lam, w, work, work_bytes, &P)          |
   | ssvm_params                                | ssvm_solver_config (c.problem, c.target_primal, c.ms)  |
   | ssvm_params_init(solver)                   | ssvm_solver_config_init(&prob, solver)                 |
   | ssvm_params_check(&q)                      | ssvm_solver_config_check(&c) (checks c.problem too)    |
   | q.max_seconds, q.clock (CPU, clock())      | c.max_seconds, c.clock: wall-clock seconds             |
   | ssvm_solver_heap_size(&p, &q, &bytes)      | ssvm_solver_get_heap_size(&c, &bytes)                  |
   | ssvm_solver_init_preallocated(&s, &p, &q,  | ssvm_solver_init_preallocated(&c, heap, bytes, &s)     |
   |   heap, bytes)                             |                                                        |
   | ssvm_solver_init(&s, &p, &q)               | ssvm_solver_init(&c, &s)                               |
   | ssvm_solver_weights(&s, which, out)        | ssvm_solver_weights(&s, which, out, out_bytes)         |
   | ssvm_train(&p, &q, w, &final)              | ssvm_train(&c, w, w_bytes, &final); final.returned     |
   | s.par (to raise a limit), s.prog           | ssvm_solver_config_of(&s), ssvm_solver_progress(&s, &p)|
   | other ssvm_solver / ssvm_online fields     | private (`_` prefix); ssvm_online keeps W, d, F,       |
   |   (w, z, par, alpha, M, eta_floor, ...)    | label_len, rounds, floor_hits, cum_*; read alpha, M,   |
   |                                            | eta_floor with ssvm_surrogate_constants                |
   | ssvm_progress.primal / .dual / .gap        | .iterate.primal / .iterate.dual / .iterate.gap         |
   | ssvm_progress.primal_avg/.dual_avg/.gap_avg| .average.primal / .average.dual / .average.gap         |
   | ssvm_progress.seconds (CPU)                | .wall_seconds, .cpu_seconds                            |
   | ssvm_progress.eval_seconds                 | .eval_wall_seconds, .eval_cpu_seconds                  |
   | ssvm_ms_params, ssvm_ms_params_init()      | ssvm_solver_config_init(&prob, SSVM_MULTISAMPLE)       |
   | ssvm_ms_params_check                       | ssvm_solver_config_check                               |
   | ssvm_ms_solver                             | ssvm_solver                                            |
   | ssvm_ms_heap_size / _init_preallocated /   | ssvm_solver_get_heap_size / _init_preallocated /       |
   |   _init / _uninit                          |   _init / _uninit (signatures above)                   |
   | ssvm_ms_step(&s, i, &info)                 | ssvm_solver_step(&s, i, &info)                         |
   | ssvm_ms_pass / _run / _evaluate / _weights | ssvm_solver_pass / _run / _evaluate / _weights         |
   | ssvm_ms_train(&p, &q, w, &final)           | ssvm_train(&c, w, w_bytes, &final)                     |
   | ssvm_ms_step_info                          | ssvm_step_info (adds gamma, the BCFW / SSG step size)  |
   | q.K (samples per step)                     | c.ms.samples (K is the number of labels everywhere)    |
   | q.sweeps / update / project / loss_bound / | c.ms.sweeps / update / project / loss_bound /          |
   |   cache_size / cache_max_bytes / sampler   |   cache_size / cache_max_bytes / sampler               |
   | q.lambda, line_search, max_*, gap_tol,     | c.<same name> (max_seconds and clock now wall)         |
   |   eval_*, seed, progress*, clock*,         |                                                        |
   |   allocator                                |                                                        |
   | ssvm_ms_order, q.order                     | ssvm_sampling, c.sampling                              |
   | SSVM_MS_CYCLIC / _PERMUTATION / _SEQUENCE  | SSVM_SAMPLE_CYCLIC / _PERMUTATION / _SEQUENCE          |
   | ssvm_ms_averaging, q.averaging             | ssvm_averaging, c.averaging                            |
   | SSVM_MS_AVG_NONE / _UNIFORM / _WEIGHTED    | SSVM_AVG_NONE / SSVM_AVG_UNIFORM / SSVM_AVG_WEIGHTED   |
   |   (values 0 / 1 / 2)                       |   (values 0 / 3 / 1)                                   |
   | ssvm_ms_sampler.scaled                     | removed: sample() always scores at w_scale * w         |
   | ssvm_ms_sampler {sample, work_bytes, user, | {user, sample, work_bytes, multiclass}                 |
   |   scaled, multiclass}                      |                                                        |
   | ssvm_chain data fields (n, n_labels, ...,  | ssvm_chain_config (same fields) from                   |
   |   labels)                                  | ssvm_chain_config_init; read back as m.config          |
   | ssvm_chain max_len/scratch/scratch_bytes/  | private (`_` prefix)                                   |
   |   owns_scratch                             |                                                        |
   | ssvm_chain_dim(&m)                         | ssvm_chain_dim(&cfg) (or &m.config)                    |
   | ssvm_chain_scratch_bytes(&m) -> size_t     | ssvm_chain_get_heap_size(&cfg, &bytes)                 |
   | ssvm_chain_problem(&m, scratch, &prob)     | ssvm_chain_init(&cfg, &m) (or _init_preallocated(&cfg, |
   |   (validated the data)                     | heap, bytes, &m)) validates; then                      |
   |                                            | ssvm_chain_problem(&m, &prob)                          |
   | ssvm_chain_free(&m)                        | ssvm_chain_uninit(&m)                                  |
   | ssvm_chain_scores(&m, w, p0, L, u) -> void | ssvm_chain_scores(&m, w, p0, L, u, u_bytes)            |
   | ssvm_chain_predict_work_bytes(L, K)        | ssvm_chain_predict_get_work_size(L, K, &bytes)         |
   | ssvm_chain_predict(K, F, flags, w, L, x,   | ssvm_chain_predict(K, F, flags, w, L, x, work,         |
   |   work, y)                                 |   work_bytes, y)                                       |
   | ssvm_chain_kbest_sampler after             | the same call after ssvm_chain_init                    |
   |   ssvm_chain_problem                       |                                                        |
   | ssvm_multiclass_init(&m, n, K, F, x, y)    | cfg = ssvm_multiclass_config_init(n, K, F, x, y);      |
   |   -> void                                  | ssvm_multiclass_init(&cfg, &m) validates;              |
   |                                            | ssvm_multiclass_uninit(&m)                             |
   | ssvm_multiclass fields (n, n_classes, ...) | ssvm_multiclass_config (n_classes -> n_labels);        |
   |                                            | read back as m.config                                  |
   | ssvm_multiclass_dim(&m)                    | ssvm_multiclass_dim(&cfg) (or &m.config)               |
   | ssvm_multiclass_sampler after              | the same call after ssvm_multiclass_init               |
   |   ssvm_multiclass_problem                  |                                                        |
   | ssvm_viterbi_work_bytes(L, K) -> size_t    | ssvm_viterbi_get_work_size(L, K, &bytes)               |
   | ssvm_viterbi(L, K, u, tr, work, y)         | ssvm_viterbi(L, K, u, tr, work, work_bytes, y, &score) |
   |   -> score                                 |   -> ssvm_result                                       |
   | ssvm_kbest_viterbi_work_bytes(L, K, k)     | ssvm_kbest_viterbi_get_work_size(L, K, k, &bytes)      |
   | ssvm_kbest_viterbi(L, K, k, u, tr, work,   | ssvm_kbest_viterbi(L, K, k, u, tr, work, work_bytes,   |
   |   ys, scores) -> count                     |   ys, ys_bytes, scores, &found) -> ssvm_result         |
   | ssvm_hungarian_work_bytes(n, m)            | ssvm_hungarian_get_work_size(n, m, &bytes)             |
   | ssvm_hungarian(n, m, cost, work, a, &tot)  | ssvm_hungarian(n, m, cost, work, work_bytes, a, &tot)  |
   | ssvm_surrogate_init(kind, n)               | ssvm_surrogate_config_init(kind, n)                    |
   | ssvm_decode_work_bytes(&s) -> size_t       | ssvm_decode_get_work_size(&s, &bytes)                  |
   | ssvm_online_params,                        | ssvm_online_config, ssvm_online_config_init (same      |
   |   ssvm_online_params_init(kind, n, F)      |   fields; project_user now before project)             |
   | ssvm_online_heap_size(&p, &bytes)          | ssvm_online_get_heap_size(&c, &bytes)                  |
   | ssvm_online_init_preallocated(&o, &p, h, b)| ssvm_online_init_preallocated(&c, h, b, &o)            |
   | ssvm_online_init(&o, &p)                   | ssvm_online_init(&c, &o)                               |
   | STRUCTSVM_VERSION_MINOR 1, _PATCH 1        | STRUCTSVM_VERSION_MINOR 2, _PATCH 0                    |

*/

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
