#!/bin/bash
# Runs each test binary given (under $VALGRIND if set), shows its output, and ends with one summed line
# "N passed, N failed, N skipped". Exits non-zero if any binary failed or crashed. A test script (NAME.sh) is never
# run under $VALGRIND: it wraps the binaries it runs itself (tests/cli_test.sh: STRUCTSVM_SANITIZED=valgrind).
# TEST_FILTER=name (`make test T=name`): passed to every binary as argv[1], which then runs only the tests
# whose name contains it; exits non-zero, saying so, when no test in any binary matched.
# TEST_JOBS=n: up to n binaries at once (CI sets it to the number of cores); outputs still print in order.
# An argument bin@i/n runs bin with SSVM_TEST_SHARD=i/n: the runner then runs only its tests numbered i mod n,
# so bin@0/2 bin@1/2 split one slow run (valgrind, qemu) over two cores. The shards of one binary also share a
# claim directory (SSVM_TEST_CLAIM): where the runner can create files, a test runs in whichever shard claims it
# first, so a shard that drew the slow tests does not hold the others up.
status=0; P=0; F=0; S=0
JOBS=${TEST_JOBS:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
i=0
for arg in "$@"; do
    i=$((i+1))
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
    bin=${arg%@*}; shard=""; claim=""
    if [ "$bin" != "$arg" ]; then
        shard=${arg##*@}
        claim="$tmp/claim-$(printf '%s' "$bin" | tr -c 'A-Za-z0-9' '_')"
        mkdir -p "$claim"
    fi
    wrap=$VALGRIND
    case $bin in *.sh) wrap="" ;; esac
    (
        if [ -n "$TEST_FILTER" ]; then SSVM_TEST_CLAIM=$claim SSVM_TEST_SHARD=$shard $wrap "$bin" "$TEST_FILTER" > "$tmp/$i.out" 2>&1
        else SSVM_TEST_CLAIM=$claim SSVM_TEST_SHARD=$shard $wrap "$bin" > "$tmp/$i.out" 2>&1; fi
        echo $? > "$tmp/$i.rc"
    ) &
done
wait
i=0
for arg in "$@"; do
    i=$((i+1))
    [ "$JOBS" -gt 1 ] && echo "---- $arg"
    cat "$tmp/$i.out"
    rc=$(cat "$tmp/$i.rc" 2>/dev/null || echo 1)
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$tmp/$i.out" | tail -n 1)
    if [ -z "$line" ]; then echo "$arg: no result line (crashed? exit $rc)"; status=1; F=$((F+1)); continue; fi
    set -- $line
    P=$((P+$1)); F=$((F+$3)); S=$((S+$5))
    [ "$rc" -ne 0 ] && status=1
done
if [ -n "$TEST_FILTER" ] && [ $((P+F+S)) -eq 0 ]; then
    echo "run_tests.sh: FAIL: no test name contains '$TEST_FILTER' (names are test_<suite>_<what>; suites:" \
         "core, engine, multisample, online, ocr_data, conll, graph, assign, deg, cliquegen, cutplane, gaps, eg, kernel, model, readers, ckpt, speed, par, dist, nomalloc, export, cli, only)"
    status=1
fi
echo "$P passed, $F failed, $S skipped"
exit $status
