/* examples/ssvm_loopback.h: a loopback collective for structsvm.h's distributed training (config.dist; MANUAL:
   DISTRIBUTED TRAINING): K ranks as K threads of one process, for tests, benches and trying a K-rank run on one
   machine without MPI. Public domain, like the library. Link -lpthread; include after structsvm.h.

       ssvm_loopback lb;
       ssvm_loopback_init(&lb, K, d + 64);        // K ranks, the longest allreduce in doubles: the library's is
                                                 // d + 4, and 32 in init's handshake (cap >= both)
       // on each rank's thread (ssvm_loopback_run starts them): its shard, then
       cfg.dist.allreduce = ssvm_loopback_allreduce;
       cfg.dist.user = &lb.ranks[rank];           // ssvm_loopback_rank: the object and the rank
       cfg.dist.rank = rank; cfg.dist.size = K;
       ...
       ssvm_loopback_uninit(&lb);

   Each allreduce waits until all K ranks have called it, sums their buffers in rank order (so every run and every
   rank gets the same bits, whatever the threads' timing; one running sum of cap doubles, whatever K) and hands the
   sum to all. A call with another count than
   the first rank's, a count above the capacity, or the call numbered fail_at (a test hook) fails on every rank
   (returns -1), as an MPI collective does; a rank that never calls would hang the others, as with MPI. Counters:
   calls (completed allreduces) and doubles (summed per rank), for the bench's bytes per round. */
#ifndef SSVM_LOOPBACK_H
#define SSVM_LOOPBACK_H
#if defined(__GNUC__) || defined(__clang__)
#define SSVM_LOOPBACK__FN static __attribute__((unused)) /* a program may use only some */
#else
#define SSVM_LOOPBACK__FN static
#endif
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct ssvm_loopback ssvm_loopback;
typedef struct ssvm_loopback_rank { ssvm_loopback *lb; int rank; } ssvm_loopback_rank;
struct ssvm_loopback {
    int size;
    size_t cap;                 /* doubles an allreduce may carry */
    double *sum;                /* cap: the running sum, rank 0's buffer plus rank 1's plus ... */
    ssvm_loopback_rank *ranks;  /* size: what each rank passes as config.dist.user */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    size_t count;               /* this generation's count (rank 0's) */
    int turn;                   /* the rank whose buffer is added next */
    int departing, bad, res_bad;
    unsigned long gen;
    long long calls;            /* completed allreduces */
    long long doubles;          /* doubles per rank summed so far */
    long long fail_at;          /* tests: the allreduce numbered fail_at (1-based) fails on every rank; 0: none */
};

SSVM_LOOPBACK__FN int ssvm_loopback_init(ssvm_loopback *lb, int size, size_t cap) {
    int k;
    memset(lb, 0, sizeof *lb);
    if (size < 1 || cap < 1) return -1;
    lb->size = size; lb->cap = cap;
    lb->sum = (double *)malloc(cap * sizeof(double));
    lb->ranks = (ssvm_loopback_rank *)malloc((size_t)size * sizeof(ssvm_loopback_rank));
    if (!lb->sum || !lb->ranks) {
        free(lb->sum); free(lb->ranks);
        memset(lb, 0, sizeof *lb);
        return -1;
    }
    for (k = 0; k < size; k++) { lb->ranks[k].lb = lb; lb->ranks[k].rank = k; }
    pthread_mutex_init(&lb->mu, 0);
    pthread_cond_init(&lb->cv, 0);
    return 0;
}
SSVM_LOOPBACK__FN void ssvm_loopback_uninit(ssvm_loopback *lb) {
    if (!lb->sum) return;
    pthread_mutex_destroy(&lb->mu);
    pthread_cond_destroy(&lb->cv);
    free(lb->sum); free(lb->ranks);
    memset(lb, 0, sizeof *lb);
}
/* ssvm_allreduce_fn: user is &lb->ranks[rank]. The ranks add their buffers into one running sum in rank order
   (rank k waits for rank k-1's turn): cap doubles of memory whatever the number of ranks. */
SSVM_LOOPBACK__FN int ssvm_loopback_allreduce(void *user, double *buf, size_t count) {
    ssvm_loopback_rank *me = (ssvm_loopback_rank *)user;
    ssvm_loopback *lb = me->lb;
    unsigned long my_gen;
    int rc;
    pthread_mutex_lock(&lb->mu);
    while (lb->departing > 0 || lb->turn != me->rank) pthread_cond_wait(&lb->cv, &lb->mu); /* last round out; my turn */
    if (me->rank == 0) { lb->count = count; lb->bad = count > lb->cap; }
    if (count != lb->count) lb->bad = 1;
    if (!lb->bad) {
        size_t j;
        if (me->rank == 0) memcpy(lb->sum, buf, count * sizeof(double));
        else for (j = 0; j < count; j++) lb->sum[j] += buf[j];
    }
    my_gen = lb->gen;
    if (++lb->turn == lb->size) { /* the last rank: the sum is complete */
        lb->calls++;
        if (lb->fail_at && lb->calls == lb->fail_at) lb->bad = 1;
        if (!lb->bad) lb->doubles += (long long)lb->count;
        lb->res_bad = lb->bad;
        lb->turn = 0; lb->departing = lb->size; lb->gen++;
    } else {
        pthread_cond_broadcast(&lb->cv); /* the next rank's turn */
        while (lb->gen == my_gen) pthread_cond_wait(&lb->cv, &lb->mu);
    }
    pthread_cond_broadcast(&lb->cv);
    rc = lb->res_bad ? -1 : 0;
    if (!rc) memcpy(buf, lb->sum, count * sizeof(double));
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
SSVM_LOOPBACK__FN int ssvm_loopback_run(ssvm_loopback *lb, void (*fn)(void *arg, int rank), void *arg) {
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
