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

   The workers sleep on a condition variable between batches; each call hands out the task indices one at a time
   (under the mutex), the caller's thread working too, and returns when every task has finished. Which thread
   runs which task varies from run to run; the library's result does not depend on it. Include after
   structsvm.h (it needs ssvm_task_fn). */
#ifndef SSVM_THREADS_H
#define SSVM_THREADS_H
#include <pthread.h>
#include <stdlib.h>

typedef struct ssvm_threads {
    int n;                  /* threads that run tasks, the caller's included */
    pthread_t *tid;         /* n - 1 workers */
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    unsigned long gen;      /* incremented for every batch */
    int stop;
    ssvm_task_fn task;
    void *ctx;
    size_t count, next, finished;
} ssvm_threads;

/* runs tasks of the current batch until none is left; called and returns with the mutex held */
static void ssvm_threads__drain(ssvm_threads *p) {
    while (p->next < p->count) {
        size_t i = p->next++;
        ssvm_task_fn task = p->task;
        void *ctx = p->ctx;
        pthread_mutex_unlock(&p->mu);
        task(ctx, i);
        pthread_mutex_lock(&p->mu);
        if (++p->finished == p->count) pthread_cond_broadcast(&p->done);
    }
}
static void *ssvm_threads__worker(void *arg) {
    ssvm_threads *p = (ssvm_threads *)arg;
    unsigned long seen = 0;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->stop && p->gen == seen) pthread_cond_wait(&p->go, &p->mu);
        if (p->stop) break;
        seen = p->gen;
        ssvm_threads__drain(p);
    }
    pthread_mutex_unlock(&p->mu);
    return 0;
}
static void ssvm_threads_uninit(ssvm_threads *p);
/* n >= 1 threads (1: no worker, tasks run on the caller's thread). 0 on success, -1 on failure. */
static int ssvm_threads_init(ssvm_threads *p, int n) {
    int k;
    if (!p || n < 1) return -1;
    p->n = 1; p->gen = 0; p->stop = 0; p->task = 0; p->ctx = 0; p->count = p->next = p->finished = 0;
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
static void ssvm_threads_uninit(ssvm_threads *p) {
    int k;
    if (!p) return;
    pthread_mutex_lock(&p->mu);
    p->stop = 1;
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
static void ssvm_threads_parallel_for(void *user, size_t count, ssvm_task_fn task, void *ctx) {
    ssvm_threads *p = (ssvm_threads *)user;
    size_t i;
    if (!task || count == 0) return;
    if (p->n <= 1 || count == 1) { for (i = 0; i < count; i++) task(ctx, i); return; }
    pthread_mutex_lock(&p->mu);
    p->task = task; p->ctx = ctx; p->count = count; p->next = 0; p->finished = 0;
    p->gen++;
    pthread_cond_broadcast(&p->go);
    ssvm_threads__drain(p);
    while (p->finished < p->count) pthread_cond_wait(&p->done, &p->mu);
    p->count = 0; p->next = 0; /* a late worker finds nothing to run */
    pthread_mutex_unlock(&p->mu);
}
#endif
