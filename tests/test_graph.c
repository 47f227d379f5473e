/* tests/test_graph.c: see the suite below. One translation unit of the test program (tests/run.c). */
#include "../structsvm.h"
#include "harness.h"

void suite_graph(th_ctx *t) { (void)t; }
