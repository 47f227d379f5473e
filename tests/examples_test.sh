#!/bin/sh
# tests/examples_test.sh: the short examples run by `make test` like a test program (optional argv[1] filters the
# test names; last line "N passed, N failed, N skipped"): examples/multiclass.c, chain.c and own_problem.c must
# run to the end, the last two to a certified gap, each with the test error it is written to show. EXAMPLES_DIR:
# where they were built (default build).
B=${EXAMPLES_DIR:-build}
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
P=0; F=0; S=0
run() {
    if [ -n "$FILTER" ] && ! echo "$1" | grep -qF -- "$FILTER"; then return; fi
    if "$1" > "$D/log" 2>&1; then echo "ok    $1"; P=$((P+1)); else cat "$D/log"; echo "FAIL  $1"; F=$((F+1)); fi
}
FILTER=${1:-}
echo "structsvm examples ($B)"
# err_below FILE PERCENT: the "test ... error: X%" line of FILE says X < PERCENT
err_below() {
    awk -v lim="$2" '/error: [0-9.]+%/ { for (k = 1; k <= NF; k++) if ($k ~ /%$/) { v = $k + 0; found = 1 } }
                     END { if (!found) { print "no error line"; exit 1 } if (v >= lim) { print "error " v "% >= " lim "%"; exit 1 } }' "$1"
}
test_examples_multiclass() {
    "$B/multiclass" > "$D/out" || return 1
    cat "$D/out"; err_below "$D/out" 2
}
test_examples_chain() {
    "$B/chain" > "$D/out" || return 1
    cat "$D/out"; grep -q '^training: converged' "$D/out" && err_below "$D/out" 3
}
test_examples_own_problem() {
    "$B/own_problem" > "$D/out" || return 1
    cat "$D/out"; grep -q '^training: converged' "$D/out" && err_below "$D/out" 8
}
run test_examples_multiclass
run test_examples_chain
run test_examples_own_problem
echo "$P passed, $F failed, $S skipped"
[ "$F" -eq 0 ]
