/* tests/nomalloc.c: the library built with STRUCTSVM_NO_MALLOC, run on the host (part of `make test`).
   Every solver trains from caller memory; the heap-allocating entry points refuse without an allocator
   and work with a user allocator whose context pointer they pass back. The test program itself may use
   stdio; the library part may not allocate (the nm check in .ci/run covers the object's symbols). */
#define STRUCTSVM_NO_MALLOC
#define STRUCTSVM_IMPLEMENTATION
#include "../structsvm.h"
#include "harness.h"

#define IS_FLOAT_BUILD (sizeof(ssvm_real) < sizeof(double))
enum { N = 12, L = 5, K = 3, F = 4, P = N * L };

static ssvm_real g_x[P * F];
static int g_lab[P], g_start[N + 1];
static unsigned char g_scratch[4096], g_heap[1 << 18];

/* a chain data set whose labels follow the attributes, so training has something to learn */
static void make_chain(ssvm_chain *m) {
    unsigned s = 12345;
    int p, k, i;
    for (i = 0; i <= N; i++) g_start[i] = i * L;
    for (p = 0; p < P; p++) {
        g_lab[p] = p % K;
        for (k = 0; k < F; k++) {
            s = s * 1103515245u + 12345u;
            g_x[p * F + k] = (ssvm_real)((k == g_lab[p]) + 0.8 * ((double)(s >> 8) / 16777216.0 - 0.5));
        }
    }
    memset(m, 0, sizeof *m);
    m->n = N; m->n_labels = K; m->n_attrs = F; m->flags = SSVM_CHAIN_BIASES;
    m->start = g_start; m->x = g_x; m->labels = g_lab;
}

/* a bump allocator over a static arena; `user` is the arena, checked on every call */
typedef struct bump { unsigned char *base; size_t used, cap; int allocs, frees, wrong_user; } bump;
static unsigned char g_arena[1 << 18];
static void *bump_alloc(size_t bytes, void *user) {
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
static void bump_free(void *ptr, void *user) {
    bump *b = (bump *)user;
    if (!b || b->base != g_arena) { if (b) b->wrong_user++; return; }
    if (ptr) b->frees++;
}

static void test_nomalloc_bcfw_static(th_ctx *t) {
    ssvm_chain m;
    ssvm_problem p;
    ssvm_params q;
    ssvm_solver s;
    size_t need;
    ssvm_progress a, b;
    ssvm_real w[K * F + 2 * K + K * K];
    make_chain(&m);
    TH_CHECK(t, ssvm_chain_problem(&m, NULL, &p) == SSVM_ERR_NOT_SUPPORTED); /* cannot allocate scratch */
    TH_CHECK(t, ssvm_chain_scratch_bytes(&m) <= sizeof g_scratch);
    TH_CHECK(t, ssvm_chain_problem(&m, g_scratch, &p) == SSVM_OK);
    q = ssvm_params_init(SSVM_BCFW);
    q.gap_tol = 0; q.max_passes = 2;
    TH_CHECK(t, ssvm_solver_init(&s, &p, &q) == SSVM_ERR_NOT_SUPPORTED);
    TH_CHECK(t, ssvm_train(&p, &q, w, NULL) == SSVM_ERR_NOT_SUPPORTED);
    TH_CHECK(t, ssvm_solver_heap_size(&p, &q, &need) == SSVM_OK && need <= sizeof g_heap);
    TH_CHECK(t, ssvm_solver_init_preallocated(&s, &p, &q, g_heap, need - 1) == SSVM_ERR_WORKSPACE);
    TH_CHECK(t, ssvm_solver_init_preallocated(&s, &p, &q, g_heap, need) == SSVM_OK);
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
    a = s.prog;
    s.par.max_passes = 40;
    TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
    b = s.prog;
    TH_CHECK(t, a.gap_avg >= 0 && b.gap_avg >= 0 && b.gap_avg < a.gap_avg / 2);
    TH_CHECK(t, b.primal_avg >= b.dual_avg - (IS_FLOAT_BUILD ? 1e-5 : 1e-12));
    TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_AVERAGE, w) == SSVM_OK);
    ssvm_solver_uninit(&s); /* owns nothing: must not free */
    /* the sparse compact state from the same static buffer, its pool as many entries as the dense sigma
       plus one block (K = 3 visits most labels, so little is saved here; the pool must compact in place
       to get by): the same weights bit for bit */
    {
        ssvm_real w2[K * F + 2 * K + K * K];
        size_t dense_entries = 0;
        int i;
        for (i = 0; i < p.n; i++) dense_entries += (size_t)p.stat_dim(p.user, i);
        q.state = SSVM_STATE_COMPACT_SPARSE; q.sparse_pool_entries = dense_entries + (size_t)(L * K + K * K + 2 * K);
        q.max_passes = 40;
        TH_CHECK(t, ssvm_solver_heap_size(&p, &q, &need) == SSVM_OK && need <= sizeof g_heap);
        TH_CHECK(t, ssvm_solver_init_preallocated(&s, &p, &q, g_heap, need) == SSVM_OK);
        TH_CHECK(t, ssvm_solver_run(&s) == SSVM_MAX_PASSES);
        TH_CHECK(t, ssvm_solver_weights(&s, SSVM_W_AVERAGE, w2) == SSVM_OK);
        TH_CHECK(t, memcmp(w, w2, sizeof w) == 0 && s.prog.gap_avg == b.gap_avg);
        ssvm_solver_uninit(&s);
    }
}

static void test_nomalloc_user_allocator(th_ctx *t) {
    ssvm_chain m;
    ssvm_problem p;
    ssvm_params q;
    ssvm_progress pr;
    ssvm_real w[K * F + 2 * K + K * K];
    bump b;
    make_chain(&m);
    TH_CHECK(t, ssvm_chain_problem(&m, g_scratch, &p) == SSVM_OK);
    b.base = g_arena; b.used = 0; b.cap = sizeof g_arena; b.allocs = b.frees = b.wrong_user = 0;
    q = ssvm_params_init(SSVM_BCFW);
    q.allocator.alloc = bump_alloc; q.allocator.free = bump_free; q.allocator.user = &b;
    q.max_passes = 30; q.gap_tol = 1e-3;
    TH_CHECK(t, ssvm_train(&p, &q, w, &pr) >= 0);
    TH_CHECK(t, b.allocs >= 1 && b.frees == b.allocs && b.wrong_user == 0);
    /* the generic (sparse) state grows its pool through the same allocator */
    {
        ssvm_problem pg = p;
        int before = b.allocs;
        pg.stat_dim = 0; pg.stats = 0; pg.expand = 0;
        q.sparse_pool_entries = (size_t)pg.n; /* forces growth */
        TH_CHECK(t, ssvm_train(&pg, &q, w, &pr) >= 0);
        TH_CHECK(t, b.allocs >= before + 2 && b.frees == b.allocs && b.wrong_user == 0);
    }
}

static void test_nomalloc_online_and_multisample(th_ctx *t) {
    ssvm_chain m;
    ssvm_problem p;
    size_t need;
    make_chain(&m);
    TH_CHECK(t, ssvm_chain_problem(&m, g_scratch, &p) == SSVM_OK);
    {   /* the multi-sample solver with the k-best sampler, from static memory */
        ssvm_ms_params q = ssvm_ms_params_init();
        ssvm_ms_solver s;
        q.K = 3; q.max_passes = 5; q.gap_tol = 0;
        TH_CHECK(t, ssvm_chain_kbest_sampler(&m, &q.sampler) == SSVM_OK);
        TH_CHECK(t, ssvm_ms_init(&s, &p, &q) == SSVM_ERR_NOT_SUPPORTED);
        TH_CHECK(t, ssvm_ms_heap_size(&p, &q, &need) == SSVM_OK && need <= sizeof g_heap);
        TH_CHECK(t, ssvm_ms_init_preallocated(&s, &p, &q, g_heap, need - 1) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_ms_init_preallocated(&s, &p, &q, g_heap, need) == SSVM_OK);
        TH_CHECK(t, ssvm_ms_run(&s) == SSVM_MAX_PASSES);
        TH_CHECK(t, s.prog.primal == s.prog.primal && s.prog.primal >= s.prog.dual - 1e-6);
        ssvm_ms_uninit(&s);
    }
    {   /* the online learner: 200 rounds of a 3-class problem, mistakes must fall below chance */
        ssvm_online_params q = ssvm_online_params_init(SSVM_LOGISTIC, K, F);
        ssvm_online o;
        int r, mistakes = 0;
        q.rate = SSVM_RATE_ADAGRAD; q.diameter = 20;
        TH_CHECK(t, ssvm_online_init(&o, &q) == SSVM_ERR_NOT_SUPPORTED);
        TH_CHECK(t, ssvm_online_heap_size(&q, &need) == SSVM_OK && need <= sizeof g_heap);
        TH_CHECK(t, ssvm_online_init_preallocated(&o, &q, g_heap, need - 1) == SSVM_ERR_WORKSPACE);
        TH_CHECK(t, ssvm_online_init_preallocated(&o, &q, g_heap, need) == SSVM_OK);
        for (r = 0; r < 200; r++) {
            int y = g_lab[r % P], yhat = -1;
            TH_CHECK(t, ssvm_online_round(&o, g_x + (r % P) * F, &y, &yhat, NULL) == SSVM_OK);
            if (r >= 100) mistakes += yhat != y;
        }
        TH_CHECKF(t, mistakes < 50, "%d mistakes in the last 100 rounds", mistakes);
        ssvm_online_uninit(&o);
    }
}

int main(int argc, char **argv) {
    th_ctx t;
    memset(&t, 0, sizeof t);
    t.filter = argc > 1 ? argv[1] : 0; /* as tests/run.c: only the tests whose name contains argv[1] */
    printf("structsvm tests, STRUCTSVM_NO_MALLOC, ssvm_real = %s\n", IS_FLOAT_BUILD ? "float" : "double");
    TH_RUN(&t, test_nomalloc_bcfw_static);
    TH_RUN(&t, test_nomalloc_user_allocator);
    TH_RUN(&t, test_nomalloc_online_and_multisample);
    printf("%d passed, %d failed, %d skipped\n", t.passed, t.failed, t.skipped);
    return t.failed ? 1 : 0;
}
