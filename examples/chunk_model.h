/* examples/chunk_model.h: CoNLL-2000 chunking as a sparse chain structural SVM (glue between
   conll_data.h and structsvm.h, shared by examples/chunking.c and bench/conll.c).

   Model: the sparse chain of structsvm.h with SSVM_CHAIN_ATTR_MAJOR (weight of attribute a for label s at
   a*K + s, so one attribute's K weights share a cache line) and K*K label transitions, d = F*K + K*K.
   Loss: Hamming counted per token by default (CHUNK_LOSS_COUNTED), because the task is scored per token
   and per chunk, so an error in a long sentence should cost what it costs in a short one; the length-
   normalised loss of the BCFW paper's CoNLL experiment is CHUNK_LOSS_NORMALISED. */
#ifndef CHUNK_MODEL_H
#define CHUNK_MODEL_H
#if defined(__GNUC__) || defined(__clang__)
#define CHUNK_FN static __attribute__((unused))
#else
#define CHUNK_FN static
#endif

enum { CHUNK_LOSS_COUNTED = 0, CHUNK_LOSS_NORMALISED = 1 };

typedef struct chunk_data {
    ssvm_chain_config cfg; /* the data (points into the conll_features and labels below) */
    ssvm_chain m;          /* the model object over cfg (ssvm_chain_init; its scratch on the heap) */
    int *labels; /* gold ids with the test set's unseen tags (-1) mapped to 0: only the loss reads them */
} chunk_data;

/* A chain over sentences [s0, s1) of f. Returns an ssvm_result. */
CHUNK_FN int chunk_data_init(chunk_data *c, const conll_features *f, int s0, int s1, int loss) {
    int t;
    memset(c, 0, sizeof *c);
    c->labels = (int *)malloc(sizeof(int) * (size_t)(f->n_tok > 0 ? f->n_tok : 1));
    if (!c->labels) return SSVM_ERR_OUT_OF_MEMORY;
    for (t = 0; t < f->n_tok; t++) c->labels[t] = f->label[t] < 0 ? 0 : f->label[t];
    c->cfg = ssvm_chain_config_init(s1 - s0, f->n_labels, f->n_attr, f->sent_start + s0, c->labels);
    c->cfg.flags = SSVM_CHAIN_ATTR_MAJOR | (loss == CHUNK_LOSS_COUNTED ? SSVM_CHAIN_COUNTED_LOSS : 0);
    c->cfg.attr_start = f->attr_start;
    c->cfg.attr_id = f->attr_id;
    return ssvm_chain_init(&c->cfg, &c->m); /* validates the data once */
}
CHUNK_FN void chunk_data_free(chunk_data *c) {
    ssvm_chain_uninit(&c->m);
    free(c->labels);
    c->labels = NULL;
}

/* Viterbi-decode every sentence of c into pred (indexed by absolute token position). */
CHUNK_FN int chunk_predict(chunk_data *c, const ssvm_real *w, int *pred) {
    ssvm_problem p;
    int i, r = ssvm_chain_problem(&c->m, &p);
    if (r != SSVM_OK) return r;
    for (i = 0; i < p.n; i++) {
        int len = p.decode(p.user, i, w, pred + c->cfg.start[i]);
        if (len < 0) return len;
    }
    return SSVM_OK;
}

/* conlleval scores of w on sentences [s0, s1) of corpus `gold` (whose features built c) */
CHUNK_FN int chunk_score(chunk_data *c, const conll_corpus *gold, const conll_dict *labels, const ssvm_real *w,
                       int *pred, conll_scores *out) {
    conll_corpus view;
    int r, t0 = c->cfg.start[0], n = c->cfg.n;
    if ((r = chunk_predict(c, w, pred)) != SSVM_OK) return r;
    /* score the slice: a corpus view whose sentence offsets and token arrays start at the slice */
    view = *gold;
    view.n_sent = n;
    view.n_tok = c->cfg.start[n] - t0;
    view.sent_start = (int *)malloc(sizeof(int) * (size_t)(n + 1));
    if (!view.sent_start) return SSVM_ERR_OUT_OF_MEMORY;
    {
        int i;
        for (i = 0; i <= n; i++) view.sent_start[i] = c->cfg.start[i] - t0;
    }
    view.word = gold->word + t0; view.pos = gold->pos + t0; view.chunk = gold->chunk + t0;
    r = conll_score(&view, pred + t0, labels, out);
    free(view.sent_start);
    return r == 0 ? SSVM_OK : SSVM_ERR_INVALID_ARG;
}

/* Chunk F1 (as conlleval computes it) of weights w on c's sentences; -1 if they could not be scored. */
CHUNK_FN double chunk_f1(chunk_data *c, const conll_corpus *gold, const conll_dict *labels, const ssvm_real *w,
                         int *pred) {
    conll_scores sc;
    double f1 = -1;
    if (chunk_score(c, gold, labels, w, pred, &sc) == SSVM_OK) f1 = sc.f1;
    conll_scores_free(&sc);
    return f1;
}
/* The same for the model a user would ship during training: the solver's weighted average (into w). */
CHUNK_FN double chunk_f1_of_average(ssvm_solver *s, chunk_data *c, const conll_corpus *gold,
                                    const conll_dict *labels, ssvm_real *w, int *pred) {
    if (ssvm_solver_weights(s, SSVM_W_AVERAGE, w, sizeof(ssvm_real) * (size_t)ssvm_chain_dim(&c->cfg)) != SSVM_OK)
        return -1;
    return chunk_f1(c, gold, labels, w, pred);
}
#endif
