/* tests/nomalloc.c: the library built with STRUCTSVM_NO_MALLOC, run on the host (part of `make test`).
   Every solver trains from caller memory (*_get_heap_size + *_init_preallocated); the heap-allocating entry
   points (ssvm_chain_init, ssvm_solver_init, ssvm_train, ssvm_online_init) refuse without an allocator, and
   the solver's work with a user allocator whose context pointer they pass back. The test program itself may
   use stdio; the library part may not allocate. */
#define STRUCTSVM_NO_MALLOC
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "harness.h"
#define TH_DEFINE_VIEWS /* its own implementation unit, not linked with tests/impl.c: the views compiled here */
#include "internals.h"

#define IS_FLOAT_BUILD (sizeof(ssvm_real) < sizeof(double))
enum { N = 12, L = 5, K = 3, F = 4, P = N * L, D = K * F + 2 * K + K * K };

static ssvm_real g_x[P * F];
static int g_lab[P], g_start[N + 1];
static unsigned char g_scratch[4096], g_heap[1 << 18];

/* a chain data set whose labels follow the attributes, so training has something to learn; the model's
   oracle scratch comes from g_scratch (ssvm_chain_get_heap_size + ssvm_chain_init_preallocated) */
static ssvm_chain_config make_chain_config(void) {
    unsigned s = 12345;
    int p, k, i;
    ssvm_chain_config c;
    for (i = 0; i <= N; i++) g_start[i] = i * L;
    for (p = 0; p < P; p++) {
        g_lab[p] = p % K;
        for (k = 0; k < F; k++) {
            s = s * 1103515245u + 12345u;
            g_x[p * F + k] = (ssvm_real)((k == g_lab[p]) + 0.8 * ((double)(s >> 8) / 16777216.0 - 0.5));
        }
    }
    c = ssvm_chain_config_init(N, K, F, g_start, g_lab);
    c.flags = SSVM_CHAIN_BIASES; c.x = g_x;
    return c;
}
static ssvm_result make_chain(ssvm_chain *m, ssvm_problem *p) {
    ssvm_chain_config c = make_chain_config();
    size_t need = 0;
    ssvm_result r;
    if ((r = ssvm_chain_get_heap_size(&c, &need)) != SSVM_OK) return r;
    if (need > sizeof g_scratch) return SSVM_ERR_WORKSPACE;
    if ((r = ssvm_chain_init_preallocated(&c, g_scratch, need, m)) != SSVM_OK) return r;
    return ssvm_chain_problem(m, p);
}

/* a bump allocator over a static arena; `user` is the arena, checked on every call */
typedef struct bump { unsigned char *base; size_t used, cap; int allocs, frees, wrong_user; } bump;
static unsigned char g_arena[1 << 18];
static void *bump_alloc(void *user, size_t bytes) {
    bump *b = (bump *)user;
    void *p;
    if (!b || b->base != g_arena) { if (b) b->wrong_user++; return NULL; }
    bytes = (bytes + 15u) & ~(size_t)15u;
    if (b->used + bytes > b->cap) return NULL;
    p = b->base + b->used;
    b->used += bytes;
    b->allocs++;
    return p;
}
static void bump_free(void *user, void *ptr) {
    bump *b = (bump *)user;
    if (!b || b->base != g_arena) { if (b) b->wrong_user++; return; }
    if (ptr) b->frees++;
}

static void test_nomalloc_bcfw_static(th_ctx *t) {
    ssvm_chain_config cc = make_chain_config();
    ssvm_chain m;
    ssvm_problem p;
    ssvm_solver_config q;
    ssvm_solver s;
    size_t need = 0;
    ssvm_progress a, b;
    ssvm_real w[D];
    memset(&a, 0, sizeof a); memset(&b, 0, sizeof b);
    TH_CHECK(t, ssvm_chain_init(&cc, &m) == SSVM_ERR_NOT_SUPPORTED); /* cannot allocate its scratch */
    TH_CHECK(t, ssvm_chain_get_heap_size(&cc, &need) == SSVM_OK && need > 0 && need <= sizeof g_scratch);
    TH_CHECK(t, ssvm_chain_init_preallocated(&cc, g_scratch, need - 1, &m) == SSVM_ERR_WORKSPACE);
    TH_CHECK(t, ssvm_chain_init_preallocated(&cc, g_scratch, need, &m) == SSVM_OK);
    TH_CHECK(t, ssvm_chain_problem(&m, &p) == SSVM_OK && p.d == D);
    q = ssvm_solver_config_init(&p, SSVM_BCFW);
    q.gap_tol = 0; q.max_passes = 2;
    q.state = SSVM_STATE_COMPACT; /* the dense compact state (AUTO takes the sparse one on this chain) */
    TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_ERR_NOT_SUPPORTED);
    TH_CHECK(t, ssvm_train(&q, w, sizeof w, NULL) == SSVM_ERR_NOT_SUPPORTED);
    TH_CHECK(t, ssvm_solver_get_heap_size(&q, &need) == SSVM_OK && need <= sizeof g_heap);
    TH_CHECK(t, ssvm_solver_init_preallocated(&q, g_heap, need - 1, &s) == SSVM_ERR_WORKSPACE);
    TH_CHECK(t, ssvm_solver_init_preallocated(&q, g_heap, need, &s) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
    TH_CHECK(t, ssvm_solver_progress(&s, &a) == SSVM_OK && a.pass == 2);
    th_set_limit(&s, "max_passes", 40);
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
    TH_CHECK(t, ssvm_solver_progress(&s, &b) == SSVM_OK && b.pass == 40);
    TH_CHECK(t, a.average.gap >= 0 && b.average.gap >= 0 && b.average.gap < a.average.gap / 2);
    TH_CHECK(t, b.average.primal >= b.average.dual - (IS_FLOAT_BUILD ? 1e-5 : 1e-12));
    TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_AVERAGE, w, sizeof w - 1) == SSVM_ERR_WORKSPACE);
    TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_AVERAGE, w, sizeof w) == SSVM_OK);
    ssvm_solver_uninit(&s); /* owns nothing: must not free */
    /* the sparse compact state from the same static buffer, its pool as many entries as the dense sigma
       plus one block (K = 3 visits most labels, so little is saved here; the pool must compact in place
       to get by): the same weights bit for bit as the dense compact state above */
    {
        ssvm_real w2[D];
        ssvm_progress c;
        size_t dense_entries = 0;
        int i;
        memset(&c, 0, sizeof c);
        for (i = 0; i < p.n; i++) dense_entries += (size_t)p.stat_dim(p.user, i);
        q.state = SSVM_STATE_COMPACT_SPARSE; q.sparse_pool_entries = dense_entries + (size_t)(L * K + K * K + 2 * K);
        q.max_passes = 40;
        q.bcfw.build_direction = 1; /* D built, as the dense compact state does: the same bits */
        TH_CHECK(t, ssvm_solver_get_heap_size(&q, &need) == SSVM_OK && need <= sizeof g_heap);
        TH_CHECK(t, ssvm_solver_init_preallocated(&q, g_heap, need, &s) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
        TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_AVERAGE, w2, sizeof w2) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_progress(&s, &c) == SSVM_OK);
        TH_CHECK(t, memcmp(w, w2, sizeof w) == 0 && c.average.gap == b.average.gap);
        ssvm_solver_uninit(&s);
        /* the score-space step (its Gram matrices in the heap size) in exactly the bytes asked for: the same
           weights up to rounding */
        q.bcfw.build_direction = 0;
        TH_CHECK(t, ssvm_solver_get_heap_size(&q, &need) == SSVM_OK && need <= sizeof g_heap);
        TH_CHECK(t, ssvm_solver_init_preallocated(&q, g_heap, need, &s) == SSVM_OK);
        TH_CHECK(t, IS_FLOAT_BUILD || TH_BF(&s).sc_gram != NULL);
        TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
        TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_AVERAGE, w2, sizeof w2) == SSVM_OK);
        for (i = 0; i < D; i++) TH_CHECK(t, fabs((double)w[i] - (double)w2[i]) <= 1e-11);
        ssvm_solver_uninit(&s);
    }
    ssvm_chain_uninit(&m); /* owns nothing either */
}

static void test_nomalloc_user_allocator(th_ctx *t) {
    ssvm_chain m;
    ssvm_problem p;
    ssvm_solver_config q;
    ssvm_solver s;
    ssvm_progress pr;
    ssvm_real w[D];
    bump b;
    TH_CHECK(t, make_chain(&m, &p) == SSVM_OK);
    b.base = g_arena; b.used = 0; b.cap = sizeof g_arena; b.allocs = b.frees = b.wrong_user = 0;
    q = ssvm_solver_config_init(&p, SSVM_BCFW);
    q.allocator.alloc = bump_alloc; q.allocator.free = bump_free; q.allocator.user = &b;
    q.max_passes = 30; q.gap_tol = 1e-3;
    TH_CHECK(t, ssvm_train(&q, w, sizeof w, &pr) >= 0);
    TH_CHECK(t, b.allocs >= 1 && b.frees == b.allocs && b.wrong_user == 0);
    /* ssvm_solver_init takes its block from the same allocator and ssvm_solver_uninit gives it back */
    {
        int before = b.allocs;
        TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_OK);
        TH_CHECKF(t, b.allocs >= before + 1 && b.frees < b.allocs, "allocs %d (before %d), frees %d", b.allocs,
                  before, b.frees); /* the heap block, and a COMPACT_SPARSE pool (AUTO's choice) as it grows */
        TH_CHECK(t, ssvm_solver_run(&s) > 0);
        { /* a checkpoint file: path.tmp's name from the same allocator (until 0.17 SSVM_ERR_NOT_SUPPORTED here) */
            char path[80];
            int a0 = b.allocs, f0 = b.frees;
            snprintf(path, sizeof path, "%s/ssvm_nomalloc_%d.ckpt", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
                     (int)sizeof(ssvm_real));
            TH_CHECK(t, ssvm_solver_checkpoint_save_path(&s, path) == SSVM_OK);
            TH_CHECKF(t, b.allocs == a0 + 1 && b.frees == f0 + 1, "allocs %d -> %d, frees %d -> %d", a0, b.allocs,
                      f0, b.frees);
            { /* and loaded by a fresh solver: the file's buffer from the allocator too (until 0.18 NOT_SUPPORTED) */
                ssvm_solver s3;
                ssvm_progress p3, p1;
                memset(&p3, 0, sizeof p3); memset(&p1, 0, sizeof p1);
                int a1, f1;
                TH_CHECK(t, ssvm_solver_init(&q, &s3) == SSVM_OK);
                a1 = b.allocs; f1 = b.frees;
                TH_CHECK(t, ssvm_solver_checkpoint_load_path(&s3, path) == SSVM_OK);
                TH_CHECKF(t, b.allocs >= a1 + 1 && b.frees >= f1 + 1, "allocs %d -> %d, frees %d -> %d", a1, b.allocs,
                          f1, b.frees);
                ssvm_solver_progress(&s, &p1); ssvm_solver_progress(&s3, &p3);
                TH_CHECK(t, p3.pass == p1.pass && p3.steps == p1.steps);
                ssvm_solver_uninit(&s3);
            }
            q.allocator.alloc = 0; q.allocator.free = 0; /* no allocator: no name */
            {
                ssvm_solver s2;
                TH_CHECK(t, ssvm_solver_init_preallocated(&q, g_heap, sizeof g_heap, &s2) == SSVM_OK);
                TH_CHECK(t, ssvm_solver_checkpoint_save_path(&s2, path) == SSVM_ERR_NOT_SUPPORTED);
                TH_CHECK(t, ssvm_solver_checkpoint_load_path(&s2, path) == SSVM_ERR_NOT_SUPPORTED);
                ssvm_solver_uninit(&s2);
            }
            remove(path);
            q.allocator.alloc = bump_alloc; q.allocator.free = bump_free;
        }
        ssvm_solver_uninit(&s);
        TH_CHECK(t, b.frees == b.allocs && b.wrong_user == 0);
    }
    /* the generic (sparse) state grows its pool through the same allocator */
    {
        ssvm_problem pg = p;
        int before = b.allocs;
        pg.stat_dim = 0; pg.stats = 0; pg.expand = 0;
        q.problem = &pg;
        q.sparse_pool_entries = (size_t)pg.n; /* forces growth */
        TH_CHECK(t, ssvm_train(&q, w, sizeof w, &pr) >= 0);
        TH_CHECK(t, b.allocs >= before + 2 && b.frees == b.allocs && b.wrong_user == 0);
    }
    ssvm_chain_uninit(&m);
}

static void test_nomalloc_online_and_multisample(th_ctx *t) {
    ssvm_chain m;
    ssvm_problem p;
    size_t need = 0;
    TH_CHECK(t, make_chain(&m, &p) == SSVM_OK);
    {   /* the multi-sample solver with the k-best sampler, from static memory */
        ssvm_solver_config q = ssvm_solver_config_init(&p, SSVM_MULTISAMPLE);
        ssvm_solver s;
        ssvm_progress pr;
        memset(&pr, 0, sizeof pr);
        q.ms.samples = 3; q.max_passes = 5; q.gap_tol = 0;
        TH_CHECK(t, ssvm_chain_kbest_sampler(&m, &q.ms.sampler) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_init(&q, &s) == SSVM_ERR_NOT_SUPPORTED);
        TH_CHECK(t, ssvm_solver_get_heap_size(&q, &need) == SSVM_OK && need <= sizeof g_heap);
        TH_CHECK(t, ssvm_solver_init_preallocated(&q, g_heap, need - 1, &s) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_solver_init_preallocated(&q, g_heap, need, &s) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
        TH_CHECK(t, ssvm_solver_progress(&s, &pr) == SSVM_OK);
        /* dual at the iterate: the online dual D_t/t */
        TH_CHECK(t, pr.iterate.primal == pr.iterate.primal && pr.iterate.dual == pr.iterate.dual);
        TH_CHECK(t, pr.iterate.primal >= pr.iterate.dual - 1e-6);
        ssvm_solver_uninit(&s);
    }
    {   /* the online learner: 200 rounds of a 3-class problem, mistakes must fall below chance */
        ssvm_online_config q = ssvm_online_config_init(SSVM_LOGISTIC, K, F);
        ssvm_online o;
        int r, mistakes = 0;
        q.rate = SSVM_RATE_ADAGRAD; q.diameter = 20;
        TH_CHECK(t, ssvm_online_init(&q, &o) == SSVM_ERR_NOT_SUPPORTED);
        TH_CHECK(t, ssvm_online_get_heap_size(&q, &need) == SSVM_OK && need <= sizeof g_heap);
        TH_CHECK(t, ssvm_online_init_preallocated(&q, g_heap, need - 1, &o) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_online_init_preallocated(&q, g_heap, need, &o) == SSVM_OK);
        for (r = 0; r < 200; r++) {
            int y = g_lab[r % P], yhat = -1;
            TH_CHECK(t, ssvm_online_round(&o, g_x + (r % P) * F, &y, &yhat, NULL) == SSVM_OK);
            if (r >= 100) mistakes += yhat != y;
        }
        TH_CHECKF(t, mistakes < 50, "%d mistakes in the last 100 rounds", mistakes);
        ssvm_online_uninit(&o);
    }
    ssvm_chain_uninit(&m);
}

static unsigned char g_file[4096], g_model_heap[4096], g_work[4096];
static void test_nomalloc_model(th_ctx *t) {
    /* a trained chain saved into and loaded from static memory (size queries, caller buffers), then predicting
       the trained model's labels; the allocating loaders refuse */
    ssvm_chain m;
    ssvm_problem p;
    ssvm_model mod, l;
    ssvm_chain_config c = make_chain_config();
    size_t need = 0, heap = 0, written = 0;
    ssvm_real w[D];
    int i, k, bad = 0;
    TH_CHECK(t, make_chain(&m, &p) == SSVM_OK);
    {
        ssvm_solver_config q = ssvm_solver_config_init(&p, SSVM_BCFW);
        ssvm_solver s;
        q.max_passes = 5;
        TH_CHECK(t, ssvm_solver_get_heap_size(&q, &need) == SSVM_OK && need <= sizeof g_heap);
        TH_CHECK(t, ssvm_solver_init_preallocated(&q, g_heap, need, &s) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_run(&s) >= 0);
        TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_BEST, w, sizeof w) == SSVM_OK);
        ssvm_solver_uninit(&s);
    }
    TH_CHECK(t, ssvm_model_of_chain(&c, w, &mod) == SSVM_OK);
    TH_CHECK(t, ssvm_model_save_get_size(&mod, &need) == SSVM_OK && need <= sizeof g_file);
    TH_CHECK(t, ssvm_model_save(&mod, g_file, sizeof g_file, &written) == SSVM_OK && written == need);
    TH_CHECK(t, ssvm_model_load(g_file, written, SSVM_MODEL_CHAIN, &l) == SSVM_ERR_NOT_SUPPORTED);
    TH_CHECK(t, ssvm_model_load_path("/nonexistent/model", SSVM_MODEL_ANY, &l) == SSVM_ERR_IO); /* the open fails first */
    TH_CHECK(t, ssvm_model_load_get_heap_size(g_file, written, SSVM_MODEL_CHAIN, &heap) == SSVM_OK);
    TH_CHECK(t, heap <= sizeof g_model_heap);
    TH_CHECK(t, ssvm_model_load_preallocated(g_file, written, SSVM_MODEL_CHAIN, g_model_heap, heap, &l) == SSVM_OK);
    TH_CHECK(t, l.w && memcmp(l.w, w, sizeof w) == 0);
    TH_CHECK(t, ssvm_model_predict_get_work_size(&l, L, 0, &need) == SSVM_OK && need <= sizeof g_work);
    for (i = 0; i < N; i++) {
        int yl[L], yt[L];
        ssvm_model_input in = ssvm_model_input_init(L, g_x + (size_t)i * L * F);
        TH_CHECK(t, ssvm_model_predict(&l, &in, g_work, sizeof g_work, yl, sizeof yl, NULL) == SSVM_OK);
        TH_CHECK(t, ssvm_chain_predict(K, F, c.flags, w, L, in.x, g_work, sizeof g_work, yt) == SSVM_OK);
        for (k = 0; k < L; k++) bad += yl[k] != yt[k];
    }
    TH_CHECKF(t, bad == 0, "%d labels differ", bad);
    ssvm_model_uninit(&l);
    ssvm_chain_uninit(&m);
}

int main(int argc, char **argv) {
    th_ctx t;
    memset(&t, 0, sizeof t);
    t.filter = argc > 1 ? argv[1] : 0; /* as tests/run.c: only the tests whose name contains argv[1] */
    printf("structsvm tests, STRUCTSVM_NO_MALLOC, ssvm_real = %s\n", IS_FLOAT_BUILD ? "float" : "double");
    TH_RUN(&t, test_nomalloc_bcfw_static);
    TH_RUN(&t, test_nomalloc_user_allocator);
    TH_RUN(&t, test_nomalloc_online_and_multisample);
    TH_RUN(&t, test_nomalloc_model);
    printf("%d passed, %d failed, %d skipped\n", t.passed, t.failed, t.skipped);
    return t.failed ? 1 : 0;
}
