/* examples/ssvm_loopback.h: a loopback collective for structsvm.h's distributed training (config.dist; MANUAL:
   DISTRIBUTED TRAINING): K ranks as K threads of one process, for tests, benches and trying a K-rank run on one
   machine without MPI. Public domain, like the library. Link -lpthread; include after structsvm.h.

       ssvm_loopback lb;
       ssvm_loopback_init(&lb, K, d + 64);        // K ranks, the longest allreduce in doubles
       // on each rank's thread (ssvm_loopback_run starts them): its shard, then
       cfg.dist.allreduce = ssvm_loopback_allreduce;
       cfg.dist.user = &lb.ranks[rank];           // ssvm_loopback_rank: the object and the rank
       cfg.dist.rank = rank; cfg.dist.size = K;
       ...
       ssvm_loopback_uninit(&lb);

   Each allreduce waits until all K ranks have called it, sums their buffers in rank order (so every run and every
   rank gets the same bits, whatever the threads' timing) and hands the sum to all. A call with another count than
   the first rank's, a count above the capacity, or the call numbered fail_at (a test hook) fails on every rank
   (returns -1), as an MPI collective does; a rank that never calls would hang the others, as with MPI. Counters:
   calls (completed allreduces) and doubles (summed per rank), for the bench's bytes per round. */
#ifndef SSVM_LOOPBACK_H
#define SSVM_LOOPBACK_H
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct ssvm_loopback ssvm_loopback;
typedef struct ssvm_loopback_rank { ssvm_loopback *lb; int rank; } ssvm_loopback_rank;
struct ssvm_loopback {
    int size;
    size_t cap;                 /* doubles per rank's slot */
    double *slots, *result;     /* size * cap, cap */
    ssvm_loopback_rank *ranks;  /* size: what each rank passes as config.dist.user */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    size_t count;               /* this generation's count (the first rank's) */
    int arrived, departing, bad, res_bad;
    unsigned long gen;
    long long calls;            /* completed allreduces */
    long long doubles;          /* doubles per rank summed so far */
    long long fail_at;          /* tests: the allreduce numbered fail_at (1-based) fails on every rank; 0: none */
};

static int ssvm_loopback_init(ssvm_loopback *lb, int size, size_t cap) {
    int k;
    memset(lb, 0, sizeof *lb);
    if (size < 1 || cap < 1) return -1;
    lb->size = size; lb->cap = cap;
    lb->slots = (double *)malloc((size_t)size * cap * sizeof(double));
    lb->result = (double *)malloc(cap * sizeof(double));
    lb->ranks = (ssvm_loopback_rank *)malloc((size_t)size * sizeof(ssvm_loopback_rank));
    if (!lb->slots || !lb->result || !lb->ranks) {
        free(lb->slots); free(lb->result); free(lb->ranks);
        memset(lb, 0, sizeof *lb);
        return -1;
    }
    for (k = 0; k < size; k++) { lb->ranks[k].lb = lb; lb->ranks[k].rank = k; }
    pthread_mutex_init(&lb->mu, 0);
    pthread_cond_init(&lb->cv, 0);
    return 0;
}
static void ssvm_loopback_uninit(ssvm_loopback *lb) {
    if (!lb->slots) return;
    pthread_mutex_destroy(&lb->mu);
    pthread_cond_destroy(&lb->cv);
    free(lb->slots); free(lb->result); free(lb->ranks);
    memset(lb, 0, sizeof *lb);
}
/* ssvm_allreduce_fn: user is &lb->ranks[rank] */
static int ssvm_loopback_allreduce(void *user, double *buf, size_t count) {
    ssvm_loopback_rank *me = (ssvm_loopback_rank *)user;
    ssvm_loopback *lb = me->lb;
    unsigned long my_gen;
    int rc;
    pthread_mutex_lock(&lb->mu);
    while (lb->departing > 0) pthread_cond_wait(&lb->cv, &lb->mu); /* the last generation is still handing out */
    if (lb->arrived == 0) { lb->count = count; lb->bad = 0; }
    if (count != lb->count || count > lb->cap) lb->bad = 1;
    else memcpy(lb->slots + (size_t)me->rank * lb->cap, buf, count * sizeof(double));
    lb->arrived++;
    my_gen = lb->gen;
    if (lb->arrived == lb->size) { /* the last to arrive sums, in rank order */
        lb->calls++;
        if (lb->fail_at && lb->calls == lb->fail_at) lb->bad = 1;
        if (!lb->bad) {
            size_t j;
            int k;
            for (j = 0; j < lb->count; j++) {
                double v = lb->slots[j];
                for (k = 1; k < lb->size; k++) v += lb->slots[(size_t)k * lb->cap + j];
                lb->result[j] = v;
            }
            lb->doubles += (long long)lb->count;
        }
        lb->res_bad = lb->bad;
        lb->arrived = 0; lb->departing = lb->size; lb->gen++;
        pthread_cond_broadcast(&lb->cv);
    } else {
        while (lb->gen == my_gen) pthread_cond_wait(&lb->cv, &lb->mu);
    }
    rc = lb->res_bad ? -1 : 0;
    if (!rc) memcpy(buf, lb->result, count * sizeof(double));
    if (--lb->departing == 0) pthread_cond_broadcast(&lb->cv);
    pthread_mutex_unlock(&lb->mu);
    return rc;
}

/* Runs fn(arg, rank) for rank = 0 .. size-1, each on a thread of its own, and waits for all; 0, or -1 when a thread
   could not be started (then none runs fn: the threads wait for a go that says whether all exist). */
typedef struct ssvm_loopback__job { void (*fn)(void *, int); void *arg; int rank; ssvm_loopback *lb; int *go; } ssvm_loopback__job;
static void *ssvm_loopback__main(void *p) {
    ssvm_loopback__job *j = (ssvm_loopback__job *)p;
    int go;
    pthread_mutex_lock(&j->lb->mu);
    while (*j->go == 0) pthread_cond_wait(&j->lb->cv, &j->lb->mu);
    go = *j->go;
    pthread_mutex_unlock(&j->lb->mu);
    if (go > 0) j->fn(j->arg, j->rank);
    return 0;
}
static int ssvm_loopback_run(ssvm_loopback *lb, void (*fn)(void *arg, int rank), void *arg) {
    pthread_t *tid = (pthread_t *)malloc((size_t)lb->size * sizeof(pthread_t));
    ssvm_loopback__job *job = (ssvm_loopback__job *)malloc((size_t)lb->size * sizeof(ssvm_loopback__job));
    int k, started = 0, go = 0;
    if (!tid || !job) { free(tid); free(job); return -1; }
    for (k = 0; k < lb->size; k++) { job[k].fn = fn; job[k].arg = arg; job[k].rank = k; job[k].lb = lb; job[k].go = &go; }
    for (k = 0; k < lb->size; k++) {
        if (pthread_create(&tid[k], 0, ssvm_loopback__main, &job[k]) != 0) break;
        started++;
    }
    pthread_mutex_lock(&lb->mu);
    go = started == lb->size ? 1 : -1;
    pthread_cond_broadcast(&lb->cv);
    pthread_mutex_unlock(&lb->mu);
    for (k = 0; k < started; k++) pthread_join(tid[k], 0);
    free(tid); free(job);
    return go > 0 ? 0 : -1;
}
#endif /* SSVM_LOOPBACK_H */
