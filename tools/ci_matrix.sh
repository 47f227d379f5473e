#!/usr/bin/env bash
# tools/ci_matrix.sh: every build a user will try. Each configuration is one translation unit that defines
# STRUCTSVM_IMPLEMENTATION and includes structsvm.h, or for the full builds the test program ($TESTC: the
# runner tests/run.c, the implementation unit tests/impl.c and every tests/test_*.c), compiled with
# -Wall -Wextra -pedantic -Werror; some are also linked and run. One line per configuration: ok, FAIL or
# skip + label. A missing compiler is a skip with its reason, except under CI=true, where it is a FAIL.
# Exits non-zero if any configuration failed.
#   CI_MATRIX_RUN_ALL=1   also run the tests of every gcc/clang build (default: three of the sixteen)
#   SHARED=dir            the shared data directory for the test runs (default ../shared)
#   CI_JOBS=n             configurations built at once (default: the number of cores); each prints when done,
#                         in the order of this file
set -u
# the extra test runs skip the slowest case (tests/test_deg.c); make test runs everything
export SSVM_TEST_QUICK=1
cd "$(dirname "$0")/.." || exit 1
B=build/ci
SHARED=${SHARED:-../shared}
W="-Wall -Wextra -pedantic -Werror -I."
TESTC="tests/run.c tests/impl.c $(echo tests/test_*.c)" # the test program's translation units
mkdir -p "$B"
n_ok=0 n_fail=0 n_skip=0
JOBS=${CI_JOBS:-$(nproc 2>/dev/null || echo 1)}
JD=$B/matrix_jobs
rm -rf "$JD"; mkdir -p "$JD"
nj=0
# spawn command...: runs it in the background (at most $JOBS at once), its output kept for the end
spawn() {
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
    nj=$((nj+1))
    ( "$@" ) > "$JD/$(printf %04d $nj)" 2>&1 &
}

# the header-only TU: the implementation plus a main that keeps one symbol alive
printf '#define STRUCTSVM_IMPLEMENTATION\n#include "structsvm.h"\nint main(void) { size_t b = 0; return ssvm_chain_predict_get_work_size(2, 2, &b) == SSVM_OK && b ? 0 : 1; }\n' > "$B/one.c"
# STRUCTSVM_STATIC: two TUs, each with its own private copy, linked together
cat > "$B/static_a.c" <<'EOF'
#define STRUCTSVM_STATIC
#define STRUCTSVM_IMPLEMENTATION
#include "structsvm.h"
int other(void);
int main(void) { return ssvm_result_string(SSVM_OK)[0] == 'o' && other() == 0 ? 0 : 1; }
EOF
cat > "$B/static_b.c" <<'EOF'
#define STRUCTSVM_STATIC
#define STRUCTSVM_IMPLEMENTATION
#include "structsvm.h"
int other(void) {
    ssvm_real w[2] = {1, 2}, x[1] = {1};
    int y = -1;
    return ssvm_multiclass_predict(2, 1, w, x, &y) == SSVM_OK && y == 1 ? 0 : 1;
}
EOF

# idioms the manual tells users to write, as written (a unit of the implementation and the example helpers a program
# may use only some of: each unused one must not warn)
cat > "$B/idioms.c" <<'EOF'
#define STRUCTSVM_IMPLEMENTATION
#include "structsvm.h"
#include "examples/ssvm_threads.h"
#include "examples/ssvm_loopback.h"
int kernels(const ssvm_real *x, int rows, int F);
int kernels(const ssvm_real *x, int rows, int F) { /* MANUAL: KERNELS */
    ssvm_dense_kernel dk = {x, rows, F, SSVM_KERNEL_RBF, 0.5, 0, 0};  // x: training rows, then held-out rows
    return dk.rows;
}
int main(void) { return 0; }
EOF

ok()   { n_ok=$((n_ok+1));     echo "ok    $*"; }
fail() { n_fail=$((n_fail+1)); echo "FAIL  $*"; }
skip() { n_skip=$((n_skip+1)); echo "skip  $*"; }

# missing tool: skip on a user's machine, FAIL on CI. Returns 1 when the tool is missing.
need() { # tool label
    command -v "$1" >/dev/null 2>&1 && return 0
    if [ "${CI:-}" = true ]; then fail "$2 ($1 not installed)"; else skip "$2: $1 not installed"; fi
    return 1
}

# build label command...: prints ok/FAIL and, on failure, the compiler's first lines
build() {
    local label=$1 out; shift
    if out=$("$@" 2>&1); then ok "$label"; return 0; fi
    fail "$label"; printf '%s\n' "$out" | head -n 20 | sed 's/^/        /'; return 1
}

# runtests label command...: runs a test binary; ok needs exit 0 and the result line
runtests() {
    local label=$1 out rc line; shift
    out=$(SSVM_SHARED=$SHARED "$@" 2>&1); rc=$?
    line=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' | tail -n 1)
    if [ "$rc" -eq 0 ] && [ -n "$line" ]; then ok "$label: $line"; return 0; fi
    fail "$label: ${line:-no result line} (exit $rc)"
    printf '%s\n' "$out" | grep -E '^(FAIL|    FAIL)' | head -n 20 | sed 's/^/        /'
    return 1
}

precision() { [ "$1" = float ] && echo "-DSTRUCTSVM_REAL=float"; }
# build_run label bin run(true|false) command...: builds the test program, then runs it if asked
build_run() {
    local label=$1 bin=$2 run=$3; shift 3
    build "$label" "$@" || return 0
    if $run; then runtests "  run $label" "$bin"; fi
    return 0
}

# ---- gcc and clang x c99/c11 x -O0/-O2 x float/double: the whole test program, some of them run. Where the
# warnings can depend on code generation (-O2: gcc's and clang's middle-end warnings) the program is compiled
# and linked; the -O0 and the -std=c11 -O2 builds that are not run are -fsyntax-only (their warnings are the
# front end's; the c99 -O2 build of the same compiler and precision compiles the code), which keeps this step's
# time within CI's budget. CI_MATRIX_RUN_ALL=1 links and runs all sixteen.
for cc in gcc clang; do
    need "$cc" "$cc: test program builds" || continue
    for std in c99 c11; do for opt in O0 O2; do for real in double float; do
        label="$cc -std=$std -$opt $real tests/*.c"
        bin="$B/run_${cc}_${std}_${opt}_$real"
        run=false
        case "$cc $std $opt $real" in
            "clang c11 O2 float"|"gcc c99 O0 double"|"gcc c11 O2 double") run=true ;;
            *) [ "${CI_MATRIX_RUN_ALL:-0}" = 1 ] && run=true ;;
        esac
        if ! $run && [ "$cc $std $opt" = "gcc c99 O2" ] && [ "${CI_MATRIX_AFTER_MAKE_TEST:-0}" = 1 ]; then
            # .ci/run's make test has just built this one (build/test_$real: cc = gcc, -std=c99 -Wall -Wextra
            # -pedantic -Werror -O2, the same translation units) and run it
            ok "$label (built and run by make test, the step before)"
        elif ! $run && { [ "$opt" = O0 ] || [ "$std" = c11 ]; }; then
            spawn build "$label (-fsyntax-only)" "$cc" -std=$std $W -$opt -fsyntax-only $(precision $real) $TESTC
        elif $run; then
            spawn build_run "$label" "$bin" true "$cc" -std=$std $W -$opt $(precision $real) $TESTC -o "$bin" -lm
        else
            spawn build "$label" "$cc" -std=$std $W -$opt $(precision $real) $TESTC -o "$bin" -lm
        fi
    done; done; done
done

# ---- header options, gcc and clang, both precisions
static_run() { # cc: two STRUCTSVM_STATIC TUs linked together, then run
    if build "$1 STRUCTSVM_STATIC in two TUs linked together" \
        "$1" -std=c99 $W -O2 -I. "$B/static_a.c" "$B/static_b.c" -o "$B/static_$1" -lm; then
        if "$B/static_$1"; then ok "  run $1 STRUCTSVM_STATIC"; else fail "  run $1 STRUCTSVM_STATIC"; fi
    fi
}
for cc in gcc clang; do
    command -v "$cc" >/dev/null 2>&1 || continue # reported above
    for real in double float; do
        for opt in STRUCTSVM_NO_MALLOC STRUCTSVM_PREDICT_ONLY "STRUCTSVM_NO_STDIO -DSTRUCTSVM_NO_CLOCK"; do
            spawn build "$cc $real -D$opt" "$cc" -std=c99 $W -O2 $(precision $real) -D$opt -c "$B/one.c" -o /dev/null
        done
        spawn build "$cc $real -ffreestanding -DSTRUCTSVM_FREESTANDING" \
            "$cc" -std=c99 $W -O2 -ffreestanding $(precision $real) -DSTRUCTSVM_FREESTANDING -c "$B/one.c" -o /dev/null
    done
    spawn static_run "$cc"
done

# ---- the manual's idioms (idioms.c) in C and C++, both precisions, with the compilers at hand
for cc in gcc clang g++ clang++; do
    command -v "$cc" >/dev/null 2>&1 || continue # reported above (or below, for the C++ compilers)
    case $cc in *++) x="-x c++ -std=c++11" ;; *) x="-std=c99" ;; esac
    for real in double float; do
        spawn build "$cc $real the manual's idioms" "$cc" $x $W -O2 $(precision $real) -c "$B/idioms.c" -o /dev/null
    done
done

# ---- BLAS kernels (OpenBLAS's cblas.h), tests run in both precisions
if [ -f /usr/include/cblas.h ] || [ -f /usr/include/x86_64-linux-gnu/cblas.h ] || [ -f /usr/include/openblas/cblas.h ]; then
    for real in double float; do
        label="gcc -O2 $real -DSTRUCTSVM_USE_BLAS -lopenblas tests/*.c"
        inc=""; [ -f /usr/include/openblas/cblas.h ] && inc="-I/usr/include/openblas"
        spawn build_run "$label" "$B/run_blas_$real" true gcc -std=c99 $W -O2 $inc $(precision $real) \
            -DSTRUCTSVM_USE_BLAS $TESTC -o "$B/run_blas_$real" -lopenblas -lm
    done
elif [ "${CI:-}" = true ]; then fail "STRUCTSVM_USE_BLAS (cblas.h not found: libopenblas-dev)"
else skip "STRUCTSVM_USE_BLAS: cblas.h not found (libopenblas-dev)"; fi

# ---- -O3: the header alone (gcc's deeper inlining finds maybe-uninitialized paths -O2 does not)
for real in double float; do
    spawn build "gcc -O3 $real header" gcc -std=c99 $W -O3 $(precision $real) -c "$B/one.c" -o /dev/null
done

# ---- C++: the header as C++ (g++ and clang++), and the whole test program as C++
if need g++ "g++: header and tests as C++"; then
    for std in c++11 c++17; do
        spawn build "g++ -x c++ -std=$std header" g++ -x c++ -std=$std $W -O2 -c "$B/one.c" -o /dev/null
    done
    spawn build "g++ -x c++ STRUCTSVM_STATIC in two TUs" g++ -x c++ $W -O2 -I. "$B/static_a.c" "$B/static_b.c" -o "$B/static_cpp" -lm
    spawn build_run "g++ -x c++ -O2 double tests/*.c" "$B/run_cpp" true g++ -x c++ $W -O2 $TESTC -o "$B/run_cpp" -lm
fi
if need clang++ "clang++: header as C++"; then
    spawn build "clang++ -x c++ header" clang++ -x c++ $W -O2 -c "$B/one.c" -o /dev/null
fi

# ---- 32-bit x86 (ILP32: 4-byte size_t, pointers and long)
if command -v gcc >/dev/null 2>&1; then
    if echo 'int main(void){return 0;}' | gcc -m32 -x c - -o "$B/m32probe" >/dev/null 2>&1; then
        for real in double float; do
            label="gcc -m32 -O2 $real tests/*.c"
            spawn build_run "$label" "$B/run_m32_$real" true gcc -m32 -std=c99 $W -O2 $(precision $real) $TESTC \
                -o "$B/run_m32_$real" -lm
        done
    elif [ "${CI:-}" = true ]; then fail "gcc -m32 (cannot link 32-bit programs: Debian gcc-12-multilib)"
    else skip "gcc -m32: cannot link 32-bit programs (Debian: gcc-12-multilib)"; fi
fi

# ---- tcc (no -pedantic, no -std=; -Wall -Werror only)
if need tcc "tcc: tests/*.c"; then
    for real in double float; do
        label="tcc -Wall -Werror $real tests/*.c"
        spawn build_run "$label" "$B/run_tcc_$real" true tcc -Wall -Werror $(precision $real) $TESTC -o "$B/run_tcc_$real" -lm
    done
    spawn build "tcc STRUCTSVM_STATIC in two TUs linked together" tcc -Wall -Werror -I. "$B/static_a.c" "$B/static_b.c" -o "$B/static_tcc" -lm
fi

# ---- Cortex-M (arm-none-eabi, newlib): float, no stdio, no malloc; full and predict-only
if need arm-none-eabi-gcc "arm-none-eabi-gcc: Cortex-M4F and Cortex-M0"; then
    for cpu in "cortex-m4f:-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16" "cortex-m0:-mcpu=cortex-m0 -mthumb"; do
        for po in "" "-DSTRUCTSVM_PREDICT_ONLY"; do
            spawn build "arm-none-eabi-gcc ${cpu%%:*} float NO_STDIO NO_MALLOC${po:+ PREDICT_ONLY}" \
                arm-none-eabi-gcc -std=c99 $W -Os ${cpu#*:} -DSTRUCTSVM_REAL=float -DSTRUCTSVM_NO_STDIO \
                -DSTRUCTSVM_NO_MALLOC $po -c "$B/one.c" -o /dev/null
        done
    done
fi

# ---- RISC-V bare metal: no libc headers at all, only the compiler's own (stddef.h, limits.h, stdint.h)
if need riscv64-unknown-elf-gcc "riscv64-unknown-elf-gcc: freestanding"; then
    for real in double float; do for po in "" "-DSTRUCTSVM_PREDICT_ONLY"; do
        spawn build "riscv64-unknown-elf-gcc -ffreestanding FREESTANDING $real${po:+ PREDICT_ONLY}" \
            riscv64-unknown-elf-gcc -std=c99 $W -O2 -ffreestanding -DSTRUCTSVM_FREESTANDING \
            $(precision $real) $po -c "$B/one.c" -o /dev/null
    done; done
fi

wait
for f in "$JD"/*; do
    [ -f "$f" ] || continue
    cat "$f"
    n_ok=$((n_ok + $(grep -c '^ok    ' "$f")))
    n_fail=$((n_fail + $(grep -c '^FAIL  ' "$f")))
    n_skip=$((n_skip + $(grep -c '^skip  ' "$f")))
done
echo "ci-matrix: $n_ok ok, $n_fail failed, $n_skip skipped"
[ "$n_fail" -eq 0 ]
