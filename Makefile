# structsvm.h: `make demo` runs the OCR demo on data it generates; `make test` runs the tests (float and double).
CC      ?= cc
CFLAGS  ?= -O2
WARN     = -std=c99 -Wall -Wextra -pedantic -Werror
SHARED  ?= ../shared
B        = build
HDR      = structsvm.h
# plain `make` builds the examples and the tool (without this, the first target, bench-graph, was the default)
.DEFAULT_GOAL := all
# The test program: tests/run.c (the runner), tests/impl.c (the library's definitions) and one translation
# unit per suite, tests/test_NAME.c; objects per precision in $(B)/double/ and $(B)/float/.
TESTS    = core engine multisample online ocr_data conll graph assign deg cliquegen cutplane gaps exact eg kernel model readers ckpt speed par user_chain dist
TESTOBJ  = run impl $(addprefix test_,$(TESTS))
TESTC    = $(patsubst %,tests/%.c,$(TESTOBJ))
# `make test T=name`: only the tests whose name contains name (test_<suite>_<what>); fails if none matched
T        =
RUNTESTS = SSVM_SHARED=$(SHARED) TEST_FILTER="$(T)" ./tools/run_tests.sh

# bench-* targets: each prints tables and ends with one RESULT key=value line
.PHONY: bench-multisample bench-online bench-blas bench-graph bench-gaps bench-kernel-eg bench-multiclass bench-dist
# bench-gaps (bench/gaps.c): BCFW's config.bcfw options to OCR-small's primal target (about 3 CPU minutes;
# ./build/bench_gaps ../shared --large adds OCR-large to gap 1e-3)
bench-gaps: $(B)/bench_gaps
	./$(B)/bench_gaps $(SHARED)
$(B)/bench_gaps: bench/gaps.c examples/ocr_data.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm
# bench-multiclass (bench/multiclass.c): flat multiclass (OCR-large letters) against liblinear -s 4, alternating in one
# process, BCFW with exact block steps and shrinking to liblinear's primal at lambda 1e-3/1e-4, -e 0.1/0.01 (3 rounds,
# about 2 CPU minutes); links liblinear when /usr/include/linear.h exists (Debian liblinear-dev), else skips its column
.PHONY: bench-multiclass
LIBLINEAR = $(if $(wildcard /usr/include/linear.h),-DBENCH_LIBLINEAR,)
LIBLINEAR_LIBS = $(if $(wildcard /usr/include/linear.h),-llinear,)
bench-multiclass: $(B)/bench_multiclass
	./$(B)/bench_multiclass $(SHARED)
$(B)/bench_multiclass: bench/multiclass.c examples/ocr_data.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $(LIBLINEAR) $< -o $@ $(LIBLINEAR_LIBS) -lm
# bench-dist (bench/dist.c): distributed BCFW (CoCoA+) over K = 1..64 loopback ranks (threads) on OCR-large and K = 1..8
# on CoNLL, and OCR-large again at 20 rounds a pass: passes to a certified gap of 1e-2 and 1e-3 and the bytes each rank
# sends (about 35 CPU minutes; --max-passes caps each run); then, where OpenMPI is installed, 2 real MPI ranks against one process in wall seconds (about 4
# minutes); one RESULT line with both
.PHONY: bench-dist
bench-dist: $(B)/bench_dist
	./$(B)/bench_dist $(SHARED) --result-file $(B)/bench_dist.fields
	@if command -v $(MPICC) >/dev/null 2>&1 && command -v mpirun >/dev/null 2>&1; then \
	    $(MAKE) --no-print-directory $(B)/bench_dist_mpi && \
	    $(MPIRUN) -np 2 ./$(B)/bench_dist_mpi $(SHARED) --result-file $(B)/bench_dist.fields; \
	else echo "bench-dist: the MPI part skipped, no $(MPICC) or mpirun (Debian: openmpi-bin libopenmpi-dev)"; \
	    echo "RESULT $$(cat $(B)/bench_dist.fields) mpi_skipped=1"; fi
$(B)/bench_dist: bench/dist.c examples/ocr_data.h examples/ssvm_loopback.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm -lpthread
$(B)/bench_dist_mpi: bench/dist.c examples/ocr_data.h examples/ssvm_mpi.h $(HDR) | $(B)
	$(MPICC) $(WARN) $(CFLAGS) -DBENCH_MPI $< -o $@ -lm -lpthread
# bench-block-repeat (bench/block_repeat.c): several pairwise steps per visit on the OCR-small chain, r = 1, 3, 5,
# with and without caching, to a certified gap of 0.05 (about 15 CPU seconds); RESULT repeat3_over_1=...
.PHONY: bench-block-repeat
bench-block-repeat: $(B)/bench_block_repeat
	./$(B)/bench_block_repeat $(SHARED)
$(B)/bench_block_repeat: bench/block_repeat.c examples/ocr_data.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm
# bench-user-chain (bench/user_chain.c): BCFW passes on the built-in chain against tests/user_chain.h's user model
# (the chain written with the public API and the statistics interface; OCR-small, dense/sparse/biases, 5
# alternating rounds of 10 passes; about 2 s); RESULT user_vs_builtin_pass=...
.PHONY: bench-user-chain
bench-user-chain: $(B)/bench_user_chain
	./$(B)/bench_user_chain $(SHARED)
$(B)/bench_user_chain: bench/user_chain.c tests/user_chain.h examples/ocr_data.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm

# bench-speed (bench/bench_speed.c): a BCFW pass against n bare oracle calls (OCR-small/large, dense/sparse),
# BCFW's options to OCR-small's primal target and OCR-large's gap (1e-2; FULL=1: 1e-3), CoNLL end to end; first
# bench-threads' table, whose threads2_speedup joins bench-speed's RESULT line
.PHONY: bench-speed
bench-speed: $(B)/bench_speed $(B)/bench_threads
	./$(B)/bench_threads $(SHARED) | tee $(B)/bench_threads.out
	./$(B)/bench_speed $(SHARED) $(if $(FULL),--full) --threads-result $(B)/bench_threads.out
$(B)/bench_speed: bench/bench_speed.c examples/ocr_data.h examples/conll_data.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm
# online EG against BCFW on OCR-small; the kernel solver (linear, RBF) on OCR letters (about 1 CPU-minute)
bench-kernel-eg: $(B)/bench_kernel_eg
	./$(B)/bench_kernel_eg $(SHARED)
$(B)/bench_kernel_eg: bench/kernel_eg.c bench/kernel_ocr.h examples/ocr_data.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm
# bench-graph (bench/graph.sh): the graph and matching models (scene, yeast, CMU house) under BCFW, SSG and the dual
# extragradient; the house extragradient rows are capped at HOUSE_DEG_SECONDS (120) of training each (their
# projection is slow: bench/graph.sh says why); about 11.5 minutes in all
bench-graph: $(B)/multilabel $(B)/house
	SHARED=$(SHARED) B=$(B) sh bench/graph.sh
.PHONY: bench-cliques bench-cliquegen
bench-cliques: $(B)/multilabel
	SHARED=$(SHARED) B=$(B) sh bench/cliques.sh
bench-cliquegen: bench-cliques
# bench-threads (bench/threads.c): mini-batch BCFW (config.par) on OCR-small with 1 and 2 threads, alternating,
# medians; RESULT threads2_speedup=... (about 8 CPU seconds)
.PHONY: bench-threads
bench-threads: $(B)/bench_threads
	./$(B)/bench_threads $(SHARED)
$(B)/bench_threads: bench/threads.c examples/ocr_data.h examples/ssvm_threads.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm -lpthread
# bench-solvers: every solver side by side (BCFW and its averages, FW, SSG and its averages, cutting plane,
# multi-sample, online EG) on OCR-small at lambda 0.01 and 0.001, lambda 0.01 on to 400 passes for the passes
# to suboptimality 0.01, and the kernel solver (RBF) against the linear model on OCR letters (3.5 CPU
# minutes); FULL=1 adds OCR-large (30 passes) and CoNLL (20), 60 CPU s per solver at most (14 CPU minutes
# more, 1.7 GB on CoNLL). Tables, SVG plots in $(B)/bench_solvers_*.svg, RESULT line.
.PHONY: bench-solvers
bench-solvers: $(B)/bench_solvers
	./$(B)/bench_solvers $(SHARED) --svg-dir $(B) $(if $(FULL),--full)
$(B)/bench_solvers: bench/solvers.c bench/kernel_ocr.h examples/ocr_data.h examples/conll_data.h examples/chunk_model.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm
.PHONY: all demo test test-asan test-valgrind bench-ocr bench-conll footprint clean examples test-arm test-device ci-matrix
all: examples $(B)/structsvm

$(B):
	@mkdir -p $(B)

examples: $(B)/ocr $(B)/multiclass $(B)/chain $(B)/own_problem $(B)/chunking $(B)/online_drift $(B)/house $(B)/multilabel

$(B)/ocr: examples/ocr.c examples/ocr_data.h examples/ssvm_threads.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm -lpthread
$(B)/multiclass: examples/multiclass.c $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm
$(B)/chain: examples/chain.c $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm
$(B)/own_problem: examples/own_problem.c $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm
$(B)/multilabel: examples/multilabel.c $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm
$(B)/chunking: examples/chunking.c examples/conll_data.h examples/chunk_model.h examples/chunking.template $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm
# the command-line tool (tools/structsvm.c; tests/cli_test.sh runs it in `make test`)
$(B)/structsvm: tools/structsvm.c examples/conll_data.h examples/ssvm_threads.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm -lpthread
# the C-API twin of `structsvm learn` (tests/cli_test.sh: the same weights, byte for byte)
$(B)/cli_api: tests/cli_api.c $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm
$(B)/house: examples/house.c $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm

# The main demo: 1,000 synthetic OCR-like words (letter templates, pixel noise, bigram words), BCFW.
demo: $(B)/ocr
	./$(B)/ocr --synthetic 1000 --split large --passes 15

$(B)/double $(B)/float:
	@mkdir -p $@
$(B)/double/%.o: tests/%.c tests/harness.h $(HDR) | $(B)/double
	$(CC) $(WARN) $(CFLAGS) -g -c $< -o $@
$(B)/float/%.o: tests/%.c tests/harness.h $(HDR) | $(B)/float
	$(CC) $(WARN) $(CFLAGS) -g -DSTRUCTSVM_REAL=float -c $< -o $@
# the headers each test object includes besides structsvm.h and tests/harness.h
$(B)/double/impl.o $(B)/float/impl.o: tests/internals.h
$(B)/double/test_speed.o $(B)/float/test_speed.o: tests/tchain.h tests/internals.h
$(B)/double/test_core.o $(B)/float/test_core.o: tests/tchain.h tests/internals.h tests/fixtures_ocr.h examples/ocr_data.h
$(B)/double/test_multisample.o $(B)/float/test_multisample.o: tests/tchain.h tests/internals.h
$(B)/double/test_online.o $(B)/float/test_online.o: tests/internals.h
$(B)/double/test_engine.o $(B)/float/test_engine.o: tests/tchain.h tests/internals.h
$(B)/double/test_deg.o $(B)/float/test_deg.o: tests/tchain.h
$(B)/double/test_cliquegen.o $(B)/float/test_cliquegen.o: tests/tchain.h
$(B)/double/test_cutplane.o $(B)/float/test_cutplane.o: tests/tchain.h tests/internals.h
$(B)/double/test_eg.o $(B)/float/test_eg.o: tests/tchain.h
$(B)/double/test_kernel.o $(B)/float/test_kernel.o: tests/tchain.h
$(B)/double/test_assign.o $(B)/float/test_assign.o: tests/tchain.h
$(B)/double/test_gaps.o $(B)/float/test_gaps.o: tests/tchain.h
$(B)/double/test_ocr_data.o $(B)/float/test_ocr_data.o: tests/fixtures_ocr.h examples/ocr_data.h
$(B)/double/test_conll.o $(B)/float/test_conll.o: tests/fixtures_conll.h examples/conll_data.h
$(B)/double/test_readers.o $(B)/float/test_readers.o: tests/internals.h examples/conll_data.h
$(B)/double/test_ckpt.o $(B)/float/test_ckpt.o: tests/tchain.h tests/internals.h
$(B)/double/test_par.o $(B)/float/test_par.o: tests/tchain.h tests/internals.h examples/ssvm_threads.h
$(B)/double/test_dist.o $(B)/float/test_dist.o: tests/tchain.h examples/ssvm_loopback.h
$(B)/double/test_user_chain.o $(B)/float/test_user_chain.o: tests/tchain.h tests/internals.h tests/user_chain.h
$(B)/test_double: $(patsubst %,$(B)/double/%.o,$(TESTOBJ))
	$(CC) $(CFLAGS) -g $^ -o $@ -lm -lpthread
$(B)/test_float: $(patsubst %,$(B)/float/%.o,$(TESTOBJ))
	$(CC) $(CFLAGS) -g $^ -o $@ -lm -lpthread

# STRUCTSVM_NO_MALLOC builds that train from caller memory (tests/nomalloc.c)
$(B)/test_nomalloc_double: tests/nomalloc.c tests/harness.h tests/internals.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) -g tests/nomalloc.c -o $@ -lm
$(B)/test_nomalloc_float: tests/nomalloc.c tests/harness.h tests/internals.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) -g -DSTRUCTSVM_REAL=float tests/nomalloc.c -o $@ -lm
# builds that leave solvers out (STRUCTSVM_ONLY_BCFW + STRUCTSVM_NO_GAPS + STRUCTSVM_NO_DIST; STRUCTSVM_NO_BCFW;
# STRUCTSVM_NO_GAPS alone): tests/only.c
$(B)/test_only_bcfw: tests/only.c tests/harness.h tests/tchain.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) -g -DSTRUCTSVM_ONLY_BCFW -DSTRUCTSVM_NO_GAPS -DSTRUCTSVM_NO_DIST tests/only.c -o $@ -lm
$(B)/test_no_bcfw: tests/only.c tests/harness.h tests/tchain.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) -g -DSTRUCTSVM_NO_BCFW -DSTRUCTSVM_REAL=float tests/only.c -o $@ -lm
$(B)/test_no_gaps: tests/only.c tests/harness.h tests/tchain.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) -g -DSTRUCTSVM_NO_GAPS tests/only.c -o $@ -lm

# export-c: models exported as C source (tests/model_export_gen.c writes them and the host models' labels into
# build/export/<real>/) compiled into a predict-only, no-malloc, no-stdio program (tests/model_firmware.c) that
# must predict the same labels
$(B)/export/%/gen: tests/model_export_gen.c $(HDR)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CFLAGS) -DSTRUCTSVM_REAL=$* $< -o $@ -lm
$(B)/export/%/model_export.c $(B)/export/%/model_cases.h: $(B)/export/%/gen
	./$< $(@D)
$(B)/test_export_%: tests/model_firmware.c $(B)/export/%/model_export.c $(B)/export/%/model_cases.h $(HDR)
	$(CC) $(WARN) $(CFLAGS) -DSTRUCTSVM_REAL=$* -I$(B)/export/$* $< -o $@ -lm
.PRECIOUS: $(B)/export/%/gen $(B)/export/%/model_export.c $(B)/export/%/model_cases.h

# a locale whose decimal point is a comma, for test_model_export_c_numbers (libc's localedef and the sources of
# Debian's locales package; without them that test skips with the reason)
$(B)/loc: | $(B)
	@mkdir -p $@; localedef -i de_DE -f UTF-8 $@/de_DE.UTF-8 >/dev/null 2>&1 || true
# Both precisions, the no-malloc builds and the exported models; the last line sums them (N passed, N failed,
# N skipped).
test: $(B)/loc $(B)/test_double $(B)/test_float $(B)/test_nomalloc_double $(B)/test_nomalloc_float \
      $(B)/test_export_double $(B)/test_export_float $(B)/structsvm $(B)/cli_api $(B)/test_only_bcfw $(B)/test_no_bcfw \
      $(B)/test_no_gaps $(B)/multiclass $(B)/chain $(B)/own_problem
	@STRUCTSVM_BIN=./$(B)/structsvm CLI_API_BIN=./$(B)/cli_api EXAMPLES_DIR=./$(B) LOCPATH=./$(B)/loc \
	    $(RUNTESTS) ./$(B)/test_double ./$(B)/test_float \
	    ./$(B)/test_nomalloc_double ./$(B)/test_nomalloc_float ./$(B)/test_export_double ./$(B)/test_export_float \
	    ./$(B)/test_only_bcfw ./$(B)/test_no_bcfw ./$(B)/test_no_gaps \
	    ./tests/cli_test.sh ./tests/examples_test.sh ./tests/docs_test.sh

# test-asan: three sanitizer builds (separate targets, so make -j builds them at once) and their runs;
# TEST_JOBS=n (CI) runs the binaries n at a time and splits the double one and the tool's tests in two shards each
ASANFLAGS = $(WARN) -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
$(B)/test_asan: $(TESTC) $(HDR) tests/*.h examples/*.h | $(B)
	$(CC) $(ASANFLAGS) $(TESTC) -o $@ -lm -lpthread
$(B)/test_asan_f: $(TESTC) $(HDR) tests/*.h examples/*.h | $(B)
	$(CC) $(ASANFLAGS) -DSTRUCTSVM_REAL=float $(TESTC) -o $@ -lm -lpthread
$(B)/test_asan_nm: tests/nomalloc.c $(HDR) tests/*.h | $(B)
	$(CC) $(ASANFLAGS) tests/nomalloc.c -o $@ -lm
# test-tsan: the mini-batch tests (tests/test_par.c: the NULL hook and 1, 2, 4 pthreads) and the loopback collective's
# ranks (tests/test_dist.c) under ThreadSanitizer;
# run.c with RUN_PAR_ONLY links those suites alone. A data race stops the run (exit 66).
TSANFLAGS = $(WARN) -O1 -g -fsanitize=thread
$(B)/test_tsan: tests/run.c tests/impl.c tests/test_par.c tests/test_dist.c $(HDR) tests/*.h examples/ssvm_threads.h examples/ssvm_loopback.h | $(B)
	$(CC) $(TSANFLAGS) -DRUN_PAR_ONLY tests/run.c tests/impl.c tests/test_par.c tests/test_dist.c -o $@ -lm -lpthread
# test-mpi (tests/mpi/test_mpi.c, built with mpicc): distributed training under mpirun -np 2 and -np 4 (oversubscribed
# where the machine has fewer cores), double and float; skipped with the reason when mpicc or mpirun is missing
# (Debian: openmpi-bin, libopenmpi-dev)
MPICC ?= mpicc
MPIRUN = OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 mpirun --oversubscribe
.PHONY: test-mpi
$(B)/test_mpi_%: tests/mpi/test_mpi.c tests/harness.h tests/tchain.h examples/ssvm_mpi.h examples/ssvm_loopback.h $(HDR) | $(B)
	$(MPICC) $(WARN) $(CFLAGS) -g -DSTRUCTSVM_REAL=$* $< -o $@ -lm -lpthread
# the tool under mpirun (tools/structsvm.c built with -DSTRUCTSVM_TOOL_MPI; tests/mpi_cli_test.sh)
$(B)/structsvm_mpi: tools/structsvm.c examples/conll_data.h examples/ssvm_threads.h examples/ssvm_mpi.h $(HDR) | $(B)
	$(MPICC) $(WARN) $(CFLAGS) -DSTRUCTSVM_TOOL_MPI $< -o $@ -lm -lpthread
test-mpi:
	@if ! command -v $(MPICC) >/dev/null 2>&1 || ! command -v mpirun >/dev/null 2>&1; then \
	    echo "test-mpi: skipped, no $(MPICC) or mpirun (Debian: openmpi-bin libopenmpi-dev)"; exit 0; fi; \
	$(MAKE) --no-print-directory $(B)/test_mpi_double $(B)/test_mpi_float $(B)/structsvm_mpi $(B)/structsvm && \
	for np in 2 4; do for r in double float; do echo "---- mpirun -np $$np $(B)/test_mpi_$$r"; \
	    $(MPIRUN) -np $$np ./$(B)/test_mpi_$$r $(T) || exit 1; done; \
	    echo "---- tests/mpi_cli_test.sh $$np"; \
	    STRUCTSVM_BIN=./$(B)/structsvm STRUCTSVM_MPI_BIN=./$(B)/structsvm_mpi MPIRUN="env $(MPIRUN)" \
	        ./tests/mpi_cli_test.sh $$np || exit 1; done
.PHONY: test-tsan
test-tsan: $(B)/test_tsan
	@TSAN_OPTIONS="halt_on_error=1 exitcode=66" SSVM_SHARED=$(SHARED) ./$(B)/test_tsan
test-asan: $(B)/test_asan $(B)/test_asan_f $(B)/test_asan_nm $(B)/structsvm_asan $(B)/cli_api
	@STRUCTSVM_BIN=./$(B)/structsvm_asan STRUCTSVM_SANITIZED=asan CLI_API_BIN=./$(B)/cli_api \
	    $(RUNTESTS) ./$(B)/test_asan@0/2 ./$(B)/test_asan@1/2 ./$(B)/test_asan_f ./$(B)/test_asan_nm \
	    ./tests/cli_test.sh@0/2 ./tests/cli_test.sh@1/2
# the command-line tool under ASan/UBSan (tests/cli_test.sh with STRUCTSVM_BIN)
$(B)/structsvm_asan: tools/structsvm.c examples/conll_data.h examples/ssvm_threads.h $(HDR) | $(B)
	$(CC) $(ASANFLAGS) tools/structsvm.c -o $@ -lm -lpthread

# valgrind on the double test program (skipping the slowest case) and on the command-line tool (tests/cli_test.sh runs
# each tool call under valgrind), each in two shards that share their tests by claims: TEST_JOBS=2 (CI) runs two of
# the four processes at a time, the tool's shards as the test program's finish, so both cores stay busy to the end
test-valgrind: $(B)/test_double $(B)/structsvm $(B)/cli_api
	@SSVM_TEST_QUICK=1 VALGRIND="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect" \
	    STRUCTSVM_BIN=./$(B)/structsvm STRUCTSVM_SANITIZED=valgrind CLI_API_BIN=./$(B)/cli_api \
	    $(RUNTESTS) ./$(B)/test_double@0/2 ./$(B)/test_double@1/2 ./tests/cli_test.sh@0/2 ./tests/cli_test.sh@1/2

$(B)/bench_ocr: bench/ocr.c tests/fixtures_ocr.h examples/ocr_data.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm
# bench-ocr, bench-conll: the bench, then its --speed per-pass times against 0.1.1 built from git, alternating
# (tools/bench_vs_old.sh; OLD_REV=, ROUNDS=); the RESULT line gains ratio_vs_0_1_1=<median new/old>
bench-ocr: $(B)/bench_ocr
	@CC="$(CC)" CFLAGS="$(CFLAGS)" B="$(B)" ./tools/bench_vs_old.sh ocr $(SHARED) --new ./$(B)/bench_ocr --full

# Cross and embedded builds (each says what it needs and skips without it; under CI=true that fails):
# the compile matrix (gcc/clang/g++/tcc/-m32/Cortex-M/RISC-V, see tools/ci_matrix.sh), the tests on
# 32-bit ARM under qemu-arm, the Cortex-M4F flash/RAM table of tests/embedded/, and BCFW trained bare-metal
# on an emulated Cortex-M4F (qemu-system-arm), bit for bit as on the host (tools/device.sh).
ci-matrix:
	@SHARED=$(SHARED) ./tools/ci_matrix.sh
test-arm:
	@SHARED=$(SHARED) ./tools/test_arm.sh
footprint:
	@SHARED=$(SHARED) ./tools/footprint.sh
test-device:
	@SHARED=$(SHARED) B=$(B) ./tools/device.sh

clean:
	rm -rf $(B)

$(B)/bench_conll: bench/conll.c tests/fixtures_conll.h examples/conll_data.h examples/chunk_model.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm
bench-conll: $(B)/bench_conll
	@CC="$(CC)" CFLAGS="$(CFLAGS)" B="$(B)" ./tools/bench_vs_old.sh conll $(SHARED) --new ./$(B)/bench_conll --full

# The built-in loops against Debian's OpenBLAS (libopenblas-dev), single-threaded for a fair count.
$(B)/bench_ocr_blas: bench/ocr.c tests/fixtures_ocr.h examples/ocr_data.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) -DSTRUCTSVM_USE_BLAS $< -o $@ -lopenblas -lm
bench-blas: $(B)/bench_ocr $(B)/bench_ocr_blas
	@./$(B)/bench_ocr $(SHARED) --speed
	@OPENBLAS_NUM_THREADS=1 ./$(B)/bench_ocr_blas $(SHARED) --speed

$(B)/online_drift: examples/online_drift.c $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm

$(B)/bench_multisample: bench/multisample.c examples/ocr_data.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm
bench-multisample: $(B)/bench_multisample
	./$(B)/bench_multisample $(SHARED)

$(B)/bench_online: bench/online.c examples/online_drift.c examples/ocr_data.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm
bench-online: $(B)/bench_online
	./$(B)/bench_online $(SHARED)

# libFuzzer harness of the model loader (tests/fuzz_model.c): clang with libFuzzer (Debian: clang and
# libclang-rt-14-dev). `make fuzz-model FUZZ_SECONDS=60`; seeds come from the harness built as a seed writer,
# the corpus grows in build/fuzz/model_corpus, a finding lands in build/fuzz/model_* and fails the target.
FUZZCC       ?= clang
FUZZ_SECONDS ?= 60
FUZZFLAGS     = -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
.PHONY: fuzz fuzz-model
fuzz: fuzz-model fuzz-readers fuzz-ckpt
$(B)/fuzz_model: tests/fuzz_model.c $(HDR) | $(B)
	$(FUZZCC) $(WARN) $(FUZZFLAGS) $< -o $@ -lm
$(B)/fuzz_model_seeds: tests/fuzz_model.c $(HDR) | $(B)
	$(CC) $(WARN) -O1 -DFUZZ_MODEL_SEEDS $< -o $@ -lm
fuzz-model: $(B)/fuzz_model $(B)/fuzz_model_seeds
	@mkdir -p $(B)/fuzz/model_corpus
	./$(B)/fuzz_model_seeds $(B)/fuzz/model_corpus
	@set -e; for f in tests/fuzz/crashes/model/*; do [ -f "$$f" ] && ./$(B)/fuzz_model "$$f" >/dev/null 2>&1 || \
	    { [ ! -f "$$f" ] || { echo "fuzz-model: $$f fails again"; exit 1; }; }; done
	./$(B)/fuzz_model -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -print_final_stats=1 \
	    -artifact_prefix=$(B)/fuzz/model_ $(B)/fuzz/model_corpus

# libFuzzer harness of the checkpoint loader (tests/fuzz_ckpt.c), as fuzz-model: seeds from the harness built as
# a seed writer (checkpoints of 9 solver configurations), the saved regressions in tests/fuzz/crashes/ckpt/
# replayed first, then FUZZ_SECONDS of fuzzing; the corpus grows in build/fuzz/ckpt_corpus, a finding lands in
# build/fuzz/ckpt_* and fails the target.
.PHONY: fuzz-ckpt
$(B)/fuzz_ckpt: tests/fuzz_ckpt.c tests/tchain.h tests/harness.h tests/internals.h $(HDR) | $(B)
	$(FUZZCC) $(WARN) $(FUZZFLAGS) $< -o $@ -lm
$(B)/fuzz_ckpt_seeds: tests/fuzz_ckpt.c tests/tchain.h tests/harness.h tests/internals.h $(HDR) | $(B)
	$(CC) $(WARN) -O1 -DFUZZ_CKPT_SEEDS $< -o $@ -lm
fuzz-ckpt: $(B)/fuzz_ckpt $(B)/fuzz_ckpt_seeds
	@mkdir -p $(B)/fuzz/ckpt_corpus
	./$(B)/fuzz_ckpt_seeds $(B)/fuzz/ckpt_corpus
	@set -e; for f in tests/fuzz/crashes/ckpt/*; do [ -f "$$f" ] && ./$(B)/fuzz_ckpt "$$f" >/dev/null 2>&1 || \
	    { [ ! -f "$$f" ] || { echo "fuzz-ckpt: $$f fails again"; exit 1; }; }; done
	./$(B)/fuzz_ckpt -max_total_time=$(FUZZ_SECONDS) -max_len=16384 -print_final_stats=1 \
	    -artifact_prefix=$(B)/fuzz/ckpt_ $(B)/fuzz/ckpt_corpus

# libFuzzer on every data reader (clang -fsanitize=fuzzer,address,undefined; tests/fuzz/fuzz_readers.c):
# the saved corpus and crashes replayed, then FUZZ_SECONDS of fuzzing per reader; skips without libFuzzer.
.PHONY: fuzz-readers
fuzz-readers:
	@FUZZ_SECONDS=$(FUZZ_SECONDS) ./tools/fuzz_readers.sh

# model file sizes and save / load times (memory) of the OCR and CoNLL-2000 chains (bench/model.c)
.PHONY: bench-model
$(B)/bench_model: bench/model.c examples/conll_data.h $(HDR) | $(B)
	$(CC) $(WARN) $(CFLAGS) $< -o $@ -lm
bench-model: $(B)/bench_model
	./$(B)/bench_model $(SHARED)
