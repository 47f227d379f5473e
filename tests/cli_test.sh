#!/bin/sh
# tests/cli_test.sh: the command-line tool (tools/structsvm.c, build/structsvm), run by `make test` like a test
# program: optional argv[1] filters the test names (test_cli_<what>), and the last line is
# "N passed, N failed, N skipped". On tiny generated files: learn, classify (the score line and the
# predictions), info and export-c on the saved model (the round trip), the same model twice for the same seed,
# and a malformed file's file:line:column message.
BIN=${STRUCTSVM_BIN:-build/structsvm}
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
P=0; F=0; S=0
run() { # run name: runs the shell function of that name if the filter allows
    if [ -n "$FILTER" ] && ! echo "$1" | grep -q -- "$FILTER"; then return; fi
    if "$1" > "$D/log" 2>&1; then echo "ok    $1"; P=$((P+1)); else cat "$D/log"; echo "FAIL  $1"; F=$((F+1)); fi
}
FILTER=${1:-}
echo "structsvm command-line tool tests ($BIN)"

test_cli_svmlight() {
    printf '1 1:1 2:0.1 # a\n2 2:1 3:0.2\n3 3:1\n1 1:0.9\n2 2:0.8\n3 1:0.1 3:0.7\n' > "$D/tr.dat"
    "$BIN" learn --lambda 0.1 --passes 20 "$D/tr.dat" "$D/m.model" 2> "$D/err" || return 1
    grep -q '^pass   20  primal' "$D/err" || { echo "no progress line for pass 20"; return 1; }
    "$BIN" classify "$D/tr.dat" "$D/m.model" "$D/pred" > "$D/out" || return 1
    grep -qx 'accuracy 100.00% (6 of 6)' "$D/out" || { cat "$D/out"; return 1; }
    [ "$(tr '\n' ' ' < "$D/pred")" = "1 2 3 1 2 3 " ] || { echo "predictions: $(cat "$D/pred")"; return 1; }
    "$BIN" info "$D/m.model" > "$D/info" || return 1
    grep -q '^kind: multiclass' "$D/info" && grep -q '^weights: 9$' "$D/info" && grep -q '^passes: 20$' "$D/info" || { cat "$D/info"; return 1; }
    "$BIN" export-c "$D/m.model" "$D/m.c" || return 1
    grep -q 'model_w\[' "$D/m.c" || { head "$D/m.c"; return 1; }
    # the same seed twice: the same model file, byte for byte, apart from the wall seconds in the summary
    "$BIN" learn --lambda 0.1 --passes 20 "$D/tr.dat" "$D/m2.model" 2> /dev/null || return 1
    "$BIN" info "$D/m2.model" | grep -v seconds > "$D/i2"; grep -v seconds "$D/info" > "$D/i1"
    cmp -s "$D/i1" "$D/i2" || { diff "$D/i1" "$D/i2"; return 1; }
}
test_cli_svmhmm() {
    printf '1 qid:1 1:1\n2 qid:1 2:1\n1 qid:1 1:1\n\n2 qid:2 2:1\n1 qid:2 1:1 # x\n' > "$D/h.dat"
    "$BIN" learn --format svmhmm -c 10 --passes 30 "$D/h.dat" "$D/h.model" 2> /dev/null || return 1
    "$BIN" classify --format svmhmm "$D/h.dat" "$D/h.model" "$D/hp" > "$D/out" || return 1
    grep -qx 'per-token accuracy 100.00% (5 of 5)' "$D/out" || { cat "$D/out"; return 1; }
    [ "$(tr '\n' ' ' < "$D/hp")" = "1 2 1  2 1  " ] || { echo "predictions: $(cat "$D/hp")"; return 1; }
    "$BIN" info "$D/h.model" | grep -q '^kind: chain' || return 1
}
test_cli_conll() {
    printf 'U00:%%x[0,0]\nU01:%%x[-1,0]/%%x[0,0]\nB\n' > "$D/t.tmpl"
    printf 'the DT B-NP\ncat NN I-NP\nsat VBD B-VP\n\na DT B-NP\ndog NN I-NP\nran VBD B-VP\n' > "$D/c.txt"
    "$BIN" learn --template "$D/t.tmpl" --lambda 0.01 --passes 30 "$D/c.txt" "$D/c.model" 2> /dev/null || return 1
    "$BIN" classify --template "$D/t.tmpl" "$D/c.txt" "$D/c.model" "$D/cp" > "$D/out" || return 1
    grep -qx 'per-token accuracy 100.00% (6 of 6)' "$D/out" && grep -qx 'chunk precision 100.00%, recall 100.00%, F1 100.00' "$D/out" ||
        { cat "$D/out"; return 1; }
    grep -qx 'dog NN I-NP I-NP' "$D/cp" || { cat "$D/cp"; return 1; }
    "$BIN" info "$D/c.model" | grep -q '^label names: 3' || { "$BIN" info "$D/c.model"; return 1; }
}
test_cli_arff() {
    printf '@relation r\n@attribute a numeric\n@attribute b numeric\n@attribute L1 {0,1}\n@attribute L2 {0,1}\n@data\n' > "$D/a.arff"
    printf '1,0,1,0\n0,1,0,1\n1,1,1,1\n0.9,0.1,1,0\n0.1,0.8,0,1\n1,0.9,1,1\n' >> "$D/a.arff"
    "$BIN" learn --lambda 0.01 --passes 40 "$D/a.arff" "$D/a.model" 2> /dev/null || return 1
    "$BIN" classify "$D/a.arff" "$D/a.model" "$D/ap" > "$D/out" || return 1
    grep -qx 'Hamming loss 0.0000, subset accuracy 100.00% (6 of 6)' "$D/out" || { cat "$D/out"; return 1; }
    [ "$(head -1 "$D/ap")" = "1,0" ] || return 1
}
# --threads N --batch B: the model depends on the seed and B only (the same weights with 2 threads as without)
test_cli_threads() {
    printf 'U00:%%x[0,0]\nU01:%%x[-1,0]/%%x[0,0]\nB\n' > "$D/t2.tmpl"
    printf 'the DT B-NP\ncat NN I-NP\nsat VBD B-VP\n\na DT B-NP\ndog NN I-NP\nran VBD B-VP\n\nthe DT B-NP\ndog NN I-NP\n' > "$D/c2.txt"
    "$BIN" learn --template "$D/t2.tmpl" --lambda 0.01 --passes 30 --batch 2 "$D/c2.txt" "$D/t1.model" 2> /dev/null || return 1
    "$BIN" learn --template "$D/t2.tmpl" --lambda 0.01 --passes 30 --batch 2 --threads 2 "$D/c2.txt" "$D/t2.model" 2> /dev/null || return 1
    "$BIN" export-c "$D/t1.model" "$D/t1.c" && "$BIN" export-c "$D/t2.model" "$D/t2.c" || return 1
    grep -v seconds "$D/t1.c" > "$D/t1s"; grep -v seconds "$D/t2.c" > "$D/t2s"
    cmp -s "$D/t1s" "$D/t2s" || { diff "$D/t1s" "$D/t2s" | head; return 1; }
    printf '@relation r\n@attribute a numeric\n@attribute b numeric\n@attribute L1 {0,1}\n@attribute L2 {0,1}\n@data\n' > "$D/a2.arff"
    printf '1,0,1,0\n0,1,0,1\n1,1,1,1\n0.9,0.1,1,0\n0.1,0.8,0,1\n1,0.9,1,1\n' >> "$D/a2.arff"
    "$BIN" learn --lambda 0.01 --passes 40 --batch 3 "$D/a2.arff" "$D/a1.model" 2> /dev/null || return 1
    "$BIN" learn --lambda 0.01 --passes 40 --batch 3 --threads 3 "$D/a2.arff" "$D/a3.model" 2> /dev/null || return 1
    "$BIN" export-c "$D/a1.model" "$D/a1.c" && "$BIN" export-c "$D/a3.model" "$D/a3.c" || return 1
    grep -v seconds "$D/a1.c" > "$D/a1s"; grep -v seconds "$D/a3.c" > "$D/a3s"
    cmp -s "$D/a1s" "$D/a3s" || { diff "$D/a1s" "$D/a3s" | head; return 1; }
    "$BIN" classify "$D/a2.arff" "$D/a3.model" "$D/ap3" > "$D/out" || return 1
    grep -qx 'Hamming loss 0.0000, subset accuracy 100.00% (6 of 6)' "$D/out" || { cat "$D/out"; return 1; }
}
test_cli_errors() {
    printf '1 1:1\n2 3:1 2:1\n' > "$D/bad.dat"
    "$BIN" learn "$D/bad.dat" "$D/x.model" 2> "$D/err" && return 1
    grep -q "bad.dat:2:7: indices must increase" "$D/err" || { cat "$D/err"; return 1; }
    "$BIN" info "$D/bad.dat" 2> /dev/null && return 1
    "$BIN" --help | grep -q '^usage: structsvm learn' || return 1
    "$BIN" frobnicate 2> /dev/null; [ $? -eq 2 ] || return 1
}
if [ ! -x "$BIN" ]; then echo "skip  test_cli: $BIN not built"; echo "0 passed, 0 failed, 1 skipped"; exit 0; fi
run test_cli_svmlight
run test_cli_svmhmm
run test_cli_conll
run test_cli_arff
run test_cli_errors
run test_cli_threads
echo "$P passed, $F failed, $S skipped"
[ "$F" -eq 0 ]
