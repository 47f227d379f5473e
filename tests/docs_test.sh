#!/bin/sh
# tests/docs_test.sh: what `make test` checks of the documentation (optional argv[1] filters the test names; last
# line "N passed, N failed, N skipped"): README.md's results table is the one tools/readme_results.sh builds from
# bench/results/*.txt, and the check does fail when a record changes under it; structsvm.h's >> references name its
# section markers (tools/check_markers.sh).
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
P=0; F=0; S=0
FILTER=${1:-}
run() {
    if [ -n "$FILTER" ] && ! echo "$1" | grep -qF -- "$FILTER"; then return; fi
    if "$1" > "$D/log" 2>&1; then echo "ok    $1"; P=$((P+1)); else cat "$D/log"; echo "FAIL  $1"; F=$((F+1)); fi
}
echo "structsvm documentation"
test_docs_readme_results() {
    ./tools/readme_results.sh --check
}
test_docs_readme_results_check_fails() { # a changed record: the check must say so, and a rebuild must fix it
    mkdir -p "$D/r" && cp bench/results/*.txt "$D/r/" && cp README.md "$D/README.md" || return 1
    f=$(ls "$D/r"/*.txt | head -n 1)
    sed 's/^recorded: .*/recorded: 1999-01-01 v0.0.0 (docs_test)/' "$f" > "$f.new" && mv "$f.new" "$f" || return 1
    if README_FILE="$D/README.md" RESULTS_DIR="$D/r" ./tools/readme_results.sh --check; then echo "a stale table passed"; return 1; fi
    README_FILE="$D/README.md" RESULTS_DIR="$D/r" ./tools/readme_results.sh || return 1
    README_FILE="$D/README.md" RESULTS_DIR="$D/r" ./tools/readme_results.sh --check
}
test_docs_markers() { # structsvm.h's section markers: every >> reference names a section (MANUAL: CONTENTS)
    ./tools/check_markers.sh
}
test_docs_markers_check_fails() { # each rule must catch its fault: a dangling reference, a marker in a body, a
    # section out of the one order, a section in two runs
    { cat structsvm.h; echo '/* see >>nosuch */'; } > "$D/a.h" &&
        sed '0,/^\/\* >>gaps/s//\/* >>par/' structsvm.h > "$D/b.h" &&
        awk '/^\/\* >>engine/ && !done { print "/* >>graph: moved */"; done = 1 } { print }' structsvm.h > "$D/c.h" &&
        awk '/^SSVM__PRIV double ssvm__nan\(void\) \{/ { print; print "/* >>engine: inside */"; next } { print }' structsvm.h > "$D/e.h" || return 1
    for f in a b c e; do
        if ./tools/check_markers.sh "$D/$f.h" > "$D/$f.log" 2>&1; then echo "check_markers passed $f.h"; return 1; fi
    done
    grep -q 'names no section' "$D/a.log" && grep -q 'one order' "$D/b.log" && grep -q 'second run' "$D/c.log" &&
        grep -q 'brace depth' "$D/e.log"
}
run test_docs_readme_results
run test_docs_readme_results_check_fails
run test_docs_markers
run test_docs_markers_check_fails
echo "$P passed, $F failed, $S skipped"
[ "$F" -eq 0 ]
