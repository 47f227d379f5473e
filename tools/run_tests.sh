#!/bin/sh
# Runs each test binary given (under $VALGRIND if set), shows its output, and ends with one summed line
# "N passed, N failed, N skipped". Exits non-zero if any binary failed or crashed.
# TEST_FILTER=name (`make test T=name`): passed to every binary as argv[1], which then runs only the tests
# whose name contains it; exits non-zero, saying so, when no test in any binary matched.
status=0; P=0; F=0; S=0
for bin in "$@"; do
    out=$(mktemp)
    if [ -n "$TEST_FILTER" ]; then $VALGRIND "$bin" "$TEST_FILTER" > "$out" 2>&1; rc=$?
    else $VALGRIND "$bin" > "$out" 2>&1; rc=$?; fi
    cat "$out"
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$out" | tail -n 1)
    rm -f "$out"
    if [ -z "$line" ]; then echo "$bin: no result line (crashed? exit $rc)"; status=1; F=$((F+1)); continue; fi
    set -- $line
    P=$((P+$1)); F=$((F+$3)); S=$((S+$5))
    [ "$rc" -ne 0 ] && status=1
done
if [ -n "$TEST_FILTER" ] && [ $((P+F+S)) -eq 0 ]; then
    echo "run_tests.sh: FAIL: no test name contains '$TEST_FILTER' (names are test_<suite>_<what>; suites:" \
         "core, engine, multisample, online, ocr_data, conll, graph, assign, deg, cliquegen, cutplane, gaps, eg, kernel, model, readers, par, nomalloc, export, cli)"
    status=1
fi
echo "$P passed, $F failed, $S skipped"
exit $status
