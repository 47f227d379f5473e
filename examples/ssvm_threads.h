/* examples/ssvm_threads.h: a parallel-for with POSIX threads for structsvm.h's mini-batch BCFW (config.par;
   MANUAL: PARALLEL BCFW). Public domain, like the library. The library itself never uses threads: this file is
   for the programs that want them (examples, tools/structsvm.c --threads, the tests and bench-threads), which
   link -lpthread.

       ssvm_threads pool;
       if (ssvm_threads_init(&pool, 2) != 0) ...;          // the caller's thread + 1 worker
       cfg.par.batch = 32;
       cfg.par.parallel_for = ssvm_threads_parallel_for;
       cfg.par.user = &pool;
       ... train ...
       ssvm_threads_uninit(&pool);

   Each call hands out the task indices one at a time (under the mutex), the caller's thread working too, and
   returns when every task has finished. Between calls a worker first polls for the next batch (pool.spin
   polls, default SSVM_THREADS_SPIN = 10000, about 0.3 ms on the project's test machine), then sleeps on a
   condition variable; the caller polls the same way for the workers' last tasks before it sleeps. Why:
   mini-batch BCFW calls the hook twice a batch with a short serial phase between, and the two futex wake-ups
   cost 16 us a call against 4.5 us polling (32 tasks of 9 us, 2 threads), 6% of a batch. Set pool.spin = 0
   after init to sleep at once (no busy core between batches, e.g. under valgrind or on an oversubscribed
   machine); without GNU atomics (__atomic builtins) it is always 0. Which thread runs which task varies from
   run to run; the library's result does not depend on it. Include after structsvm.h (it needs ssvm_task_fn). */
#ifndef SSVM_THREADS_H
#define SSVM_THREADS_H
#include <pthread.h>
#include <stdlib.h>
#if defined(__GNUC__) || defined(__clang__)
#define SSVM_THREADS__FN static __attribute__((unused)) /* a program may use only some */
#else
#define SSVM_THREADS__FN static
#endif

#if defined(__GNUC__) || defined(__clang__)
#ifndef SSVM_THREADS_SPIN
#define SSVM_THREADS_SPIN 10000
#endif
#define SSVM_THREADS__LD(x) __atomic_load_n(&(x), __ATOMIC_ACQUIRE)
#define SSVM_THREADS__ST(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELEASE)
#if defined(__x86_64__) || defined(__i386__)
#define SSVM_THREADS__RELAX() __builtin_ia32_pause()
#else
#define SSVM_THREADS__RELAX() ((void)0)
#endif
#else /* no atomics to poll with: sleep at once */
#undef SSVM_THREADS_SPIN
#define SSVM_THREADS_SPIN 0
#define SSVM_THREADS__LD(x) (x)
#define SSVM_THREADS__ST(x, v) ((x) = (v))
#define SSVM_THREADS__RELAX() ((void)0)
#endif

typedef struct ssvm_threads {
    int n;                  /* threads that run tasks, the caller's included */
    pthread_t *tid;         /* n - 1 workers */
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    unsigned long gen;      /* incremented for every batch */
    int stop;
    int sleepers, waiting;  /* workers asleep on go; the caller asleep on done */
    long spin;              /* polls before sleeping (init: SSVM_THREADS_SPIN); 0: sleep at once */
    long spin_w;            /* spin as of the last batch: what the workers read (under the mutex) */
    ssvm_task_fn task;
    void *ctx;
    size_t count, next, finished;
} ssvm_threads;

/* runs tasks of the current batch until none is left; called and returns with the mutex held */
SSVM_THREADS__FN void ssvm_threads__drain(ssvm_threads *p) {
    while (p->next < p->count) {
        size_t i = p->next++;
        ssvm_task_fn task = p->task;
        void *ctx = p->ctx;
        pthread_mutex_unlock(&p->mu);
        task(ctx, i);
        pthread_mutex_lock(&p->mu);
        SSVM_THREADS__ST(p->finished, p->finished + 1); /* the caller may be polling it */
        if (p->finished == p->count && p->waiting) pthread_cond_signal(&p->done);
    }
}
SSVM_THREADS__FN void *ssvm_threads__worker(void *arg) {
    ssvm_threads *p = (ssvm_threads *)arg;
    unsigned long seen = 0;
    long k;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        if (SSVM_THREADS_SPIN > 0 && p->spin_w > 0 && !p->stop && p->gen == seen) { /* poll for the next batch */
            long spin = p->spin_w;
            pthread_mutex_unlock(&p->mu);
            for (k = 0; k < spin && !SSVM_THREADS__LD(p->stop) && SSVM_THREADS__LD(p->gen) == seen; k++)
                SSVM_THREADS__RELAX();
            pthread_mutex_lock(&p->mu);
        }
        p->sleepers++;
        while (!p->stop && p->gen == seen) pthread_cond_wait(&p->go, &p->mu);
        p->sleepers--;
        if (p->stop) break;
        seen = p->gen;
        ssvm_threads__drain(p);
    }
    pthread_mutex_unlock(&p->mu);
    return 0;
}
SSVM_THREADS__FN void ssvm_threads_uninit(ssvm_threads *p);
/* n >= 1 threads (1: no worker, tasks run on the caller's thread). 0 on success, -1 on failure. */
SSVM_THREADS__FN int ssvm_threads_init(ssvm_threads *p, int n) {
    int k;
    if (!p || n < 1) return -1;
    p->n = 1; p->gen = 0; p->stop = 0; p->sleepers = 0; p->waiting = 0; p->spin = SSVM_THREADS_SPIN; p->spin_w = 0;
    p->task = 0; p->ctx = 0; p->count = p->next = p->finished = 0;
    p->tid = n > 1 ? (pthread_t *)malloc((size_t)(n - 1) * sizeof(pthread_t)) : 0;
    if (n > 1 && !p->tid) return -1;
    if (pthread_mutex_init(&p->mu, 0) != 0) { free(p->tid); return -1; }
    pthread_cond_init(&p->go, 0);
    pthread_cond_init(&p->done, 0);
    for (k = 0; k + 1 < n; k++) {
        if (pthread_create(&p->tid[k], 0, ssvm_threads__worker, p) != 0) { ssvm_threads_uninit(p); return -1; }
        p->n++;
    }
    return 0;
}
SSVM_THREADS__FN void ssvm_threads_uninit(ssvm_threads *p) {
    int k;
    if (!p) return;
    pthread_mutex_lock(&p->mu);
    SSVM_THREADS__ST(p->stop, 1);
    pthread_cond_broadcast(&p->go);
    pthread_mutex_unlock(&p->mu);
    for (k = 0; k + 1 < p->n; k++) pthread_join(p->tid[k], 0);
    free(p->tid);
    p->tid = 0; p->n = 0;
    pthread_cond_destroy(&p->go);
    pthread_cond_destroy(&p->done);
    pthread_mutex_destroy(&p->mu);
}
/* the library's parallel-for (ssvm_parallel_for_fn): user is the ssvm_threads */
SSVM_THREADS__FN void ssvm_threads_parallel_for(void *user, size_t count, ssvm_task_fn task, void *ctx) {
    ssvm_threads *p = (ssvm_threads *)user;
    size_t i;
    long k;
    if (!task || count == 0) return;
    if (p->n <= 1 || count == 1) { for (i = 0; i < count; i++) task(ctx, i); return; }
    pthread_mutex_lock(&p->mu);
    p->task = task; p->ctx = ctx; p->count = count; p->next = 0; p->finished = 0; p->spin_w = p->spin;
    SSVM_THREADS__ST(p->gen, p->gen + 1); /* polling workers see it; sleeping ones need the broadcast */
    if (p->sleepers > 0) pthread_cond_broadcast(&p->go);
    ssvm_threads__drain(p);
    if (SSVM_THREADS_SPIN > 0 && p->spin > 0 && p->finished < count) { /* poll for the workers' last tasks */
        long spin = p->spin;
        pthread_mutex_unlock(&p->mu);
        for (k = 0; k < spin && SSVM_THREADS__LD(p->finished) < count; k++) SSVM_THREADS__RELAX();
        pthread_mutex_lock(&p->mu);
    }
    p->waiting = 1;
    while (p->finished < p->count) pthread_cond_wait(&p->done, &p->mu);
    p->waiting = 0;
    p->count = 0; p->next = 0; /* a late worker finds nothing to run */
    pthread_mutex_unlock(&p->mu);
}
#endif
