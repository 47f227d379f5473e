#!/usr/bin/env bash
# tools/fuzz_readers.sh: libFuzzer on every data reader (tests/fuzz/fuzz_readers.c), `make fuzz-readers`.
#   FUZZ_SECONDS=20 (per reader), FUZZ_JOBS=cores, FUZZ_READERS="svmlight svmhmm conll template arff", FUZZCC=clang.
# Each reader first replays tests/fuzz/corpus/<reader>/ and every saved crash in tests/fuzz/crashes/<reader>/
# (regression inputs), then fuzzes for FUZZ_SECONDS from a copy of its corpus in build/fuzz/. Prints the
# executions per reader and ends with one RESULT line. Without clang's libFuzzer it skips with the reason
# (exit 0), except under CI=true, where that is a failure.
set -u
cd "$(dirname "$0")/.." || exit 1
CCF=${FUZZCC:-clang}
SECS=${FUZZ_SECONDS:-20}
READERS=${FUZZ_READERS:-"svmlight svmhmm conll template arff"}
B=build/fuzz
mkdir -p "$B"
skip() {
    if [ "${CI:-}" = true ]; then echo "fuzz-readers: FAILED, $1"; exit 1; fi
    echo "fuzz-readers: skipped, $1"; exit 0
}
command -v "$CCF" >/dev/null 2>&1 || skip "$CCF not installed"
printf 'int LLVMFuzzerTestOneInput(const unsigned char *p, unsigned long n) { (void)p; (void)n; return 0; }\n' > "$B/probe.c"
"$CCF" -fsanitize=fuzzer,address,undefined "$B/probe.c" -o "$B/probe" >/dev/null 2>&1 ||
    skip "$CCF cannot link -fsanitize=fuzzer,address,undefined (Debian: libclang-rt-14-dev)"
# one reader: build, replay its saved inputs, fuzz; prints its lines, and "execs=N" last (0 if it failed)
one() {
    local r=$1 up bin execs f regress=()
    up=$(echo "$r" | tr a-z A-Z)
    bin="$B/fuzz_$r"
    if ! "$CCF" -g -O1 -std=c99 -Wall -Wextra -Werror -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
         -DFUZZ_NO_IMPL -DFUZZ_READER=FUZZ_$up tests/fuzz/fuzz_readers.c "$B/impl.o" -o "$bin" -lm; then
        echo "fuzz-readers: $r: does not build"; echo "FAILED"; return
    fi
    for f in tests/fuzz/corpus/"$r"/* tests/fuzz/crashes/"$r"/*; do [ -f "$f" ] && regress+=("$f"); done
    if [ ${#regress[@]} -gt 0 ] && ! "$bin" "${regress[@]}" >"$B/$r.replay.log" 2>&1; then
        echo "fuzz-readers: $r: a saved input fails (see $B/$r.replay.log)"; echo "FAILED"; return
    fi
    mkdir -p "$B/corpus_$r" "$B/artifacts_$r"
    cp tests/fuzz/corpus/"$r"/* "$B/corpus_$r/" 2>/dev/null
    local found=0
    if ! "$bin" -max_total_time="$SECS" -print_final_stats=1 -rss_limit_mb=2048 -max_len=8192 \
         -artifact_prefix="$B/artifacts_$r/" "$B/corpus_$r" >"$B/$r.log" 2>&1; then
        echo "fuzz-readers: $r: FINDING (see $B/$r.log; the input is in $B/artifacts_$r/; save it under tests/fuzz/crashes/$r/)"
        found=1
    fi
    execs=$(grep -o 'number_of_executed_units: [0-9]*' "$B/$r.log" | awk '{print $2}')
    echo "fuzz-readers: $r: ${execs:-?} executions in $SECS s, ${#regress[@]} saved inputs replayed"
    [ "$found" -eq 1 ] && echo "FAILED"
    echo "execs=${execs:-0}"
}
# the library once, instrumented for every harness (coverage, ASan, UBSan), then a small harness per reader
printf '#define STRUCTSVM_IMPLEMENTATION\n#include "../../structsvm.h"\n' > "$B/impl.c"
if ! "$CCF" -g -O1 -std=c99 -Wall -Wextra -Werror -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all \
     -c "$B/impl.c" -o "$B/impl.o"; then
    echo "fuzz-readers: the implementation does not build"; echo "RESULT fuzz_readers failures=1"; exit 1
fi
# FUZZ_JOBS readers at once (default: the number of cores); each fuzzes for FUZZ_SECONDS of wall time
JOBS=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
for r in $READERS; do
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
    one "$r" > "$B/$r.out" 2>&1 &
done
wait
fails=0
summary=""
for r in $READERS; do
    grep -v -e '^execs=' -e '^FAILED$' "$B/$r.out"
    # a job that printed FAILED, or died before its last line, is a failure
    if grep -q '^FAILED$' "$B/$r.out" || ! grep -q '^execs=' "$B/$r.out"; then fails=$((fails+1)); fi
    e=$(grep '^execs=' "$B/$r.out" | tail -n 1 | cut -d= -f2)
    summary="$summary ${r}_execs=${e:-0}"
done
echo "RESULT fuzz_readers seconds=$SECS failures=$fails$summary"
[ "$fails" -eq 0 ]
