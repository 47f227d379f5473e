#!/bin/sh
# tests/cli_test.sh: the command-line tool (tools/structsvm.c, build/structsvm), run by `make test` like a test
# program: optional argv[1] filters the test names (test_cli_<what>), and the last line is
# "N passed, N failed, N skipped". On tiny generated files: learn, classify (the score line and the
# predictions), info and export-c on the saved model (the round trip), the same model twice for the same seed,
# and a malformed file's file:line:column message; checkpoints (--checkpoint, --resume, mini-batch BCFW too: the
# uninterrupted run's weights byte for byte), warm starts (--init), the options kept in the model (--bias, the template), and the
# same weights as the C API (build/cli_api, tests/cli_api.c); issue 28: predict on unlabelled data, the other
# solvers and their usage errors, the --bias default, the score printed after the predictions are written, every
# accepted option in its command's help, and the stored objective against tests/cli_objective.c on ../shared/data
# subsets (compiled by the test with $CC); the review of 0.10: classify on a CoNLL file without its tag column, the
# stored objective of the vector written, --bias for conll/arff, options that do not apply, --init's bias, no
# stray NAME.tmp; the tool's review: outputs that are links, devices, FIFOs or directories, a failed checkpoint's
# exit code, --graph tree over 64 labels, -c over --lambda, I/O errors on inputs and stdout, '-' for every file,
# options given twice, --init of another kind, help on a full stdout and the progress line on a terminal; no NaN in
# progress or info, -e without a gap, a --template or arff names other than the model's, the model's --labels,
# mini-batch with atoms or a cache, --graph with cliquegen, --resume's seed, decimal-only numbers, weights that
# overflow. Runs
# under dash and bash alike (`bash tests/cli_test.sh`). CLI_VERBOSE=1 shows the log of passing tests too.
BIN=${STRUCTSVM_BIN:-build/structsvm}
RAW_BIN=$BIN # the binary itself, also under valgrind (test_cli_help_options runs it some 300 times)
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
# STRUCTSVM_SANITIZED=asan (an ASan build in STRUCTSVM_BIN) or =valgrind (each run under valgrind's memcheck,
# errors fail the run): make test-asan and make test-valgrind. The address-space limit test is skipped there.
SANITIZED=${STRUCTSVM_SANITIZED:-}
# ASan: memory errors fail a run; leaks do not (the tool returns from main at the first error, leaving what the
# OS frees at exit; the library's own leaks are make test-asan's test programs' business)
[ "$SANITIZED" = asan ] && { ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"; export ASAN_OPTIONS; }
if [ "$SANITIZED" = valgrind ]; then
    printf '#!/bin/sh\nexec valgrind -q --error-exitcode=99 --leak-check=no --vgdb=no "%s" "$@"\n' "$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")" > "$D/vg"
    chmod +x "$D/vg"; BIN=$D/vg
fi
P=0; F=0; S=0
# SSVM_TEST_SHARD=i/n (tools/run_tests.sh's argument tests/cli_test.sh@i/n, make test-valgrind): one of n processes
# sharing the tests, as in tests/run.c: the tests numbered i mod n, or, with SSVM_TEST_CLAIM=dir shared by the n
# shards, each test in whichever shard claims it first (mkdir dir/cli_<number>). Every test makes its files in its
# process's own $D, so the shards do not meet.
SHARD=${SSVM_TEST_SHARD:-}; CLAIM=${SSVM_TEST_CLAIM:-}; IDX=0
if [ -n "$SHARD" ]; then
    SI=${SHARD%%/*}; SN=${SHARD#*/}
    case "$SI:$SN" in :*|*:|*[!0-9:]*) SN=0 ;; esac
    [ "$SI" -lt "$SN" ] 2> /dev/null || { echo "cli_test.sh: SSVM_TEST_SHARD must be i/n with 0 <= i < n"; exit 2; }
fi
no_tmp() { # no NAME.tmp.XXXXXX (nor an old-style NAME.tmp) is left beside NAME
    for f in "$1".tmp "$1".tmp.*; do [ -e "$f" ] && return 1; done
    return 0
}
claimed() { # 0 if this process runs the next test (tests numbered in the order of the run lines)
    [ -z "$SHARD" ] && return 0
    IDX=$((IDX+1))
    if [ -n "$CLAIM" ]; then mkdir "$CLAIM/cli_$IDX" 2> /dev/null; return; fi
    [ $(((IDX-1) % SN)) -eq "$SI" ]
}
run() { # run name: runs the shell function of that name if the filter allows (and the shard claims it)
    if [ -n "$FILTER" ] && ! echo "$1" | grep -qF -- "$FILTER"; then return; fi
    claimed || return 0
    if "$1" > "$D/log" 2>&1; then [ -n "$CLI_VERBOSE" ] && cat "$D/log"; echo "ok    $1"; P=$((P+1)); else cat "$D/log"; echo "FAIL  $1"; F=$((F+1)); fi
}
FILTER=${1:-}
echo "structsvm command-line tool tests ($BIN)"

test_cli_svmlight() {
    printf '1 1:1 2:0.1 # a\n2 2:1 3:0.2\n3 3:1\n1 1:0.9\n2 2:0.8\n3 1:0.1 3:0.7\n' > "$D/tr.dat"
    "$BIN" learn --lambda 0.1 --passes 20 "$D/tr.dat" "$D/m.model" 2> "$D/err" || return 1
    grep -q '^pass   20  [a-z]* primal' "$D/err" || { echo "no progress line for pass 20"; return 1; }
    "$BIN" classify "$D/tr.dat" "$D/m.model" "$D/pred" > "$D/out" || return 1
    grep -qx 'accuracy 100.00% (6 of 6)' "$D/out" || { cat "$D/out"; return 1; }
    [ "$(tr '\n' ' ' < "$D/pred")" = "1 2 3 1 2 3 " ] || { echo "predictions: $(cat "$D/pred")"; return 1; }
    "$BIN" info "$D/m.model" > "$D/info" || return 1
    grep -q '^kind: multiclass' "$D/info" && grep -q '^weights: 12$' "$D/info" && grep -q '^passes: 20$' "$D/info" || { cat "$D/info"; return 1; }
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
# reseal in out sed-script: the model file in with its metadata edited by sed (the same length: as an older tool
# wrote it) and its CRC-32 made good again (gzip's trailer holds the CRC-32 of its input, the one model files use)
reseal() {
    n=$(wc -c < "$1")
    head -c $((n - 4)) "$1" | LC_ALL=C sed "$3" > "$2.body" || return 1
    [ "$(wc -c < "$2.body")" -eq $((n - 4)) ] && ! cmp -s "$2.body" "$1" || { echo "reseal: $3 did not apply"; return 1; }
    { cat "$2.body"; gzip -c < "$2.body" | tail -c 8 | head -c 4; } > "$2"
    rm -f "$2.body"
}
# the weights' bytes of a model file (no edges: chain and multiclass): 8 d bytes from offset 144
weights() { d=$("$BIN" info "$1" | sed -n 's/^weights: //p'); tail -c +145 "$1" | head -c $((8 * d)); }
test_cli_checkpoint() { # stopped at pass 3 with a checkpoint, resumed to 8: the weights of an uninterrupted run
    printf '1 1:1 2:0.1\n2 2:1 3:0.2\n3 3:1\n1 1:0.9 3:0.3\n2 2:0.8\n3 1:0.1 3:0.7\n2 1:0.5 2:0.6\n' > "$D/k.dat"
    for s in bcfw fw ssg; do
        "$BIN" learn --solver $s --lambda 0.1 --gap 0 --passes 8 "$D/k.dat" "$D/k1.model" 2> /dev/null || return 1
        "$BIN" learn --solver $s --lambda 0.1 --gap 0 --passes 3 --checkpoint "$D/k.ckpt" "$D/k.dat" "$D/k2.model" 2> /dev/null || return 1
        [ -f "$D/k.ckpt" ] && no_tmp "$D/k.ckpt" || { echo "$s: no checkpoint"; return 1; }
        "$BIN" learn --solver $s --lambda 0.1 --gap 0 --passes 8 --resume "$D/k.ckpt" "$D/k.dat" "$D/k3.model" 2> "$D/err" || { cat "$D/err"; return 1; }
        grep -q '^pass    4 ' "$D/err" && ! grep -q '^pass    3 ' "$D/err" || { echo "$s: resumed at the wrong pass"; cat "$D/err"; return 1; }
        weights "$D/k1.model" > "$D/w1"; weights "$D/k3.model" > "$D/w3"
        [ -s "$D/w1" ] && cmp -s "$D/w1" "$D/w3" || { echo "$s: resumed weights differ"; return 1; }
        rm -f "$D/k.ckpt"
    done
    # mini-batch BCFW (0.6.2): stopped at pass 3 on 2 threads, resumed on 1 with the same --batch: the weights of
    # an uninterrupted run; another --batch, or none, is another run and refused
    "$BIN" learn --lambda 0.1 --gap 0 --passes 8 --batch 3 "$D/k.dat" "$D/k1.model" 2> /dev/null || return 1
    "$BIN" learn --lambda 0.1 --gap 0 --passes 3 --batch 3 --threads 2 --checkpoint "$D/k.ckpt" "$D/k.dat" "$D/k2.model" \
        2> /dev/null || return 1
    "$BIN" learn --lambda 0.1 --gap 0 --passes 8 --batch 3 --resume "$D/k.ckpt" "$D/k.dat" "$D/k3.model" 2> "$D/err" \
        || { cat "$D/err"; return 1; }
    grep -q '^pass    4 ' "$D/err" && ! grep -q '^pass    3 ' "$D/err" || { echo "batch: resumed at the wrong pass"; cat "$D/err"; return 1; }
    weights "$D/k1.model" > "$D/w1"; weights "$D/k3.model" > "$D/w3"
    [ -s "$D/w1" ] && cmp -s "$D/w1" "$D/w3" || { echo "batch: resumed weights differ"; return 1; }
    weights "$D/k2.model" > "$D/w2"
    cmp -s "$D/w1" "$D/w2" && { echo "batch: 3 and 8 passes give the same weights"; return 1; }
    for other in "--batch 2" "--threads 1"; do
        "$BIN" learn --lambda 0.1 --gap 0 --passes 8 $other --resume "$D/k.ckpt" "$D/k.dat" "$D/k4.model" 2> "$D/err" && return 1
        grep -q 'another problem or solver' "$D/err" || { echo "$other"; cat "$D/err"; return 1; }
    done
    rm -f "$D/k.ckpt"
    # every 2 passes; a checkpoint of another solver or problem is refused
    "$BIN" learn --lambda 0.1 --passes 5 --gap 0 --checkpoint "$D/k.ckpt" --checkpoint-every 2 "$D/k.dat" "$D/k2.model" 2> /dev/null || return 1
    "$BIN" learn --solver ssg --lambda 0.1 --passes 8 --resume "$D/k.ckpt" "$D/k.dat" "$D/k4.model" 2> "$D/err" && return 1
    grep -q 'another problem or solver' "$D/err" || { cat "$D/err"; return 1; }
    "$BIN" learn --lambda 0.2 --passes 8 --resume "$D/k.ckpt" "$D/k.dat" "$D/k4.model" 2> /dev/null && return 1
    return 0
}
test_cli_init() { # warm start from a model: starts at its weights (pass 1 already near), d must match
    printf '1 1:1 2:0.1\n2 2:1 3:0.2\n3 3:1\n1 1:0.9\n2 2:0.8\n3 1:0.1 3:0.7\n' > "$D/i.dat"
    printf '1 1:0.8 2:0.2\n2 2:0.9 3:0.1\n3 1:0.1 3:0.9\n' > "$D/i2.dat"
    "$BIN" learn --lambda 0.1 --passes 30 "$D/i.dat" "$D/i.model" 2> /dev/null || return 1
    "$BIN" learn --lambda 0.1 --passes 30 --init "$D/i.model" "$D/i2.dat" "$D/i2.model" 2> "$D/err" || { cat "$D/err"; return 1; }
    "$BIN" classify "$D/i2.dat" "$D/i2.model" "$D/ip" > "$D/out" || return 1
    grep -qx 'accuracy 100.00% (3 of 3)' "$D/out" || { cat "$D/out"; return 1; }
    "$BIN" learn --solver ssg --init "$D/i.model" "$D/i2.dat" "$D/x.model" 2> "$D/err" && return 1
    grep -q 'warm start' "$D/err" || { cat "$D/err"; return 1; }
    printf '1 1:1 4:1\n2 2:1\n' > "$D/i3.dat" # 4 features: another dimension
    "$BIN" learn --init "$D/i.model" "$D/i3.dat" "$D/x.model" 2> "$D/err" && return 1
    grep -q 'warm start' "$D/err" || { cat "$D/err"; return 1; }
}
test_cli_metadata() { # --bias and the template are kept in the model: classify needs neither
    printf '1 1:1 2:0.1\n2 2:1 3:0.2\n3 3:1\n1 1:0.9\n2 2:0.8\n3 1:0.1 3:0.7\n' > "$D/b.dat"
    "$BIN" learn --bias 1 --lambda 0.1 --passes 20 "$D/b.dat" "$D/b.model" 2> /dev/null || return 1
    "$BIN" info "$D/b.model" | grep -q '^attributes: 4$' || return 1
    "$BIN" info "$D/b.model" | grep -qx '  bias: 1' || { "$BIN" info "$D/b.model"; return 1; }
    "$BIN" classify "$D/b.dat" "$D/b.model" "$D/bp1" > "$D/o1" || return 1
    "$BIN" classify --bias 1 "$D/b.dat" "$D/b.model" "$D/bp2" > "$D/o2" || return 1
    cmp -s "$D/bp1" "$D/bp2" && cmp -s "$D/o1" "$D/o2" || { echo "bias from the model differs"; return 1; }
    printf 'U00:%%x[0,0]\nU01:%%x[-1,0]/%%x[0,0]\nB\n' > "$D/t2.tmpl"
    printf 'the DT B-NP\ncat NN I-NP\nsat VBD B-VP\n\na DT B-NP\ndog NN I-NP\nran VBD B-VP\n' > "$D/c2.txt"
    "$BIN" learn --template "$D/t2.tmpl" --passes 30 "$D/c2.txt" "$D/c2.model" 2> /dev/null || return 1
    rm "$D/t2.tmpl"
    "$BIN" classify "$D/c2.txt" "$D/c2.model" "$D/cp2" > "$D/out" || return 1
    grep -qx 'per-token accuracy 100.00% (6 of 6)' "$D/out" || { cat "$D/out"; return 1; }
    "$BIN" info "$D/c2.model" | grep -qx '  format: conll' || return 1
    # learn always writes metadata: format version 2 (bytes 8..11)
    [ "$(head -c 12 "$D/c2.model" | tail -c 4 | od -An -tu4 | tr -d ' ')" = 2 ] || return 1
}
test_cli_same_as_api() { # the tool and the C API (tests/cli_api.c: same readers, options, seed): same bits
    API=${CLI_API_BIN:-build/cli_api}
    [ -x "$API" ] || { echo "skip: $API not built"; return 0; }
    printf '1 1:1 2:0.1 # a\n2 2:1 3:0.2\n3 3:1\n1 1:0.9\n2 2:0.8 3:0.1\n3 1:0.1 3:0.7\n2 1:0.4 2:0.5\n' > "$D/s.dat"
    "$BIN" learn --lambda 0.05 --gap 0 --passes 15 --seed 7 --bias 1 "$D/s.dat" "$D/s.model" 2> /dev/null || return 1
    "$API" svmlight "$D/s.dat" - 0.05 0 15 7 1 "$D/s.w" || return 1
    weights "$D/s.model" > "$D/s.w2"; cmp "$D/s.w" "$D/s.w2" || return 1
    printf '1 qid:1 1:1\n2 qid:1 2:1 3:0.5\n1 qid:1 1:1\n\n2 qid:2 2:1\n1 qid:2 1:1 3:0.2\n' > "$D/s.hmm"
    "$BIN" learn --format svmhmm --lambda 0.05 --passes 12 --seed 3 "$D/s.hmm" "$D/h.model" 2> /dev/null || return 1
    "$API" svmhmm "$D/s.hmm" - 0.05 0.001 12 3 1 "$D/h.w" || return 1 # the tool's default --bias 1
    weights "$D/h.model" > "$D/h.w2"; cmp "$D/h.w" "$D/h.w2" || return 1
    printf 'U00:%%x[0,0]\nU01:%%x[-1,0]/%%x[0,0]\nU02:%%x[0,1]\nB\n' > "$D/s.tmpl"
    printf 'the DT B-NP\ncat NN I-NP\nsat VBD B-VP\n\na DT B-NP\ndog NN I-NP\nran VBD B-VP\n' > "$D/s.txt"
    "$BIN" learn --template "$D/s.tmpl" --lambda 0.02 --passes 20 --seed 5 "$D/s.txt" "$D/c.model" 2> /dev/null || return 1
    "$API" conll "$D/s.txt" "$D/s.tmpl" 0.02 0.001 20 5 0 "$D/c.w" || return 1
    weights "$D/c.model" > "$D/c.w2"; cmp "$D/c.w" "$D/c.w2" || return 1
}
if [ ! -x "$BIN" ]; then
    # a skip counts only where the filter names these tests (`make test T=x` fails when nothing matches)
    if [ -z "$FILTER" ] || echo "test_cli_" | grep -qF -- "$FILTER"; then echo "skip  test_cli: $BIN not built"; echo "0 passed, 0 failed, 1 skipped"
    else echo "0 passed, 0 failed, 0 skipped"; fi
    exit 0
fi
test_cli_eval_predict() {
    printf '1 1:1 2:0.1 # a\n2 2:1 3:0.2\n3 3:1\n1 1:0.9\n2 2:0.8\n3 1:0.1 3:0.7\n' > "$D/e.dat"
    "$BIN" learn --lambda 0.1 --gap 0.001 --passes 5000 "$D/e.dat" "$D/e1.model" 2> "$D/err1" || return 1
    "$BIN" learn --lambda 0.1 --gap 0.001 --passes 5000 --eval predict "$D/e.dat" "$D/e2.model" 2> "$D/err2" || return 1
    ev1=$(grep -c 'primal' "$D/err1"); ev2=$(grep -c 'primal' "$D/err2"); skip=$(grep -c 'not evaluated' "$D/err2")
    [ "$ev2" -ge 1 ] && [ "$ev2" -lt "$ev1" ] && [ "$skip" -ge 1 ] || { echo "evaluations: every $ev1, predict $ev2 (+$skip skipped)"; return 1; }
    # it converged on an evaluated pass, and some evaluation was predicted (a pass that is not a power of two)
    grep -q '^converged' "$D/err2" || { tail -2 "$D/err2"; return 1; }
    grep '^pass' "$D/err2" | tail -1 | grep -q 'primal' || { tail -2 "$D/err2"; return 1; }
    grep '^pass .*primal' "$D/err2" | awk '{ k = $2; while (k % 2 == 0) k /= 2; if (k != 1) p = 1 } END { exit !p }' ||
        { cat "$D/err2"; return 1; }
    "$BIN" classify "$D/e.dat" "$D/e2.model" "$D/ep" > "$D/out" || return 1
    grep -qx 'accuracy 100.00% (6 of 6)' "$D/out" || { cat "$D/out"; return 1; }
    "$BIN" learn --eval sometimes "$D/e.dat" "$D/e3.model" 2> /dev/null; [ $? -eq 2 ] || return 1
}
# ---- issue 28: the tool as dependable as the library (each of these failed on 0.8.0) ----
test_cli_arff_label_count() { # a test file with fewer (or more) label columns than the model: refused, no overflow
    printf '@relation r\n@attribute a numeric\n@attribute b numeric\n@attribute L1 {0,1}\n@attribute L2 {0,1}\n@data\n' > "$D/l2.arff"
    printf '1,0,1,0\n0,1,0,1\n1,1,1,1\n0.9,0.1,1,0\n' >> "$D/l2.arff"
    printf '@relation r\n@attribute a numeric\n@attribute b numeric\n@attribute L1 {0,1}\n@data\n1,0,1\n0,1,0\n' > "$D/l1.arff"
    "$BIN" learn --lambda 0.1 --passes 5 "$D/l2.arff" "$D/l.model" 2> /dev/null || return 1
    "$BIN" classify --labels 1 "$D/l1.arff" "$D/l.model" "$D/lp" 2> "$D/err"; rc=$?
    [ $rc -eq 1 ] && grep -q 'l1.arff: 1 labels, the model 2' "$D/err" || { echo "rc $rc"; cat "$D/err"; return 1; }
    [ ! -e "$D/lp" ] || { echo "a prediction file was written"; return 1; }
}
test_cli_gz_truncated() { # a cut .gz is an I/O error (exit 3), not training on what was read
    command -v gzip > /dev/null || { echo "skip: no gzip"; return 0; }
    i=0; : > "$D/big.dat"
    while [ $i -lt 300 ]; do printf '%d 1:%d 2:0.%d 3:1\n' $((i % 3 + 1)) $((i % 7)) $((i % 10)) >> "$D/big.dat"; i=$((i+1)); done
    gzip -c "$D/big.dat" > "$D/big.dat.gz"
    head -c $(( $(wc -c < "$D/big.dat.gz") / 2 )) "$D/big.dat.gz" > "$D/cut.dat.gz"
    "$BIN" learn --passes 2 "$D/big.dat.gz" "$D/g.model" 2> /dev/null || { echo "the whole .gz failed"; return 1; }
    "$BIN" learn --passes 2 "$D/cut.dat.gz" "$D/g2.model" 2> "$D/err"; rc=$?
    [ $rc -eq 3 ] && grep -q 'gzip failed' "$D/err" && [ ! -e "$D/g2.model" ] || { echo "rc $rc"; cat "$D/err"; return 1; }
}
test_cli_full_disk() { # a write that fails (a file size limit: EFBIG, as a full disk's ENOSPC) leaves the old file
    # 2000 rows: 4000 bytes of predictions, over ulimit -f 1 in every shell (512 bytes in dash, 1024 in bash)
    i=0; : > "$D/fd.dat"
    while [ $i -lt 2000 ]; do printf '%d 1:%d 2:0.%d 3:1\n' $((i % 3 + 1)) $((i % 7)) $((i % 10)) >> "$D/fd.dat"; i=$((i+1)); done
    "$BIN" learn --passes 2 "$D/fd.dat" "$D/fd.model" 2> /dev/null || return 1
    echo "old predictions" > "$D/fdp"; cp "$D/fd.model" "$D/fd.keep"
    (ulimit -f 1 && trap '' XFSZ && exec "$BIN" classify "$D/fd.dat" "$D/fd.model" "$D/fdp") > /dev/null 2> "$D/err"; rc=$?
    [ $rc -eq 3 ] && grep -q 'fdp: cannot write' "$D/err" || { echo "classify: rc $rc"; cat "$D/err"; return 1; }
    [ "$(cat "$D/fdp")" = "old predictions" ] && no_tmp "$D/fdp" || { echo "the old predictions were lost"; return 1; }
    (ulimit -f 0 && trap '' XFSZ && exec "$BIN" learn --passes 2 --bias 1 "$D/fd.dat" "$D/fd.model") 2> "$D/err"; rc=$?
    [ $rc -eq 3 ] || { echo "learn: rc $rc"; cat "$D/err"; return 1; }
    cmp -s "$D/fd.model" "$D/fd.keep" && no_tmp "$D/fd.model" || { echo "the good model was torn"; return 1; }
}
test_cli_loader_bounded() { # the envelope is checked before any allocation: /dev/zero and a huge declared size fail fast
    timeout 20 "$BIN" info /dev/zero 2> "$D/err"; rc=$?
    [ $rc -eq 1 ] && grep -q 'not a model file' "$D/err" || { echo "/dev/zero: rc $rc"; cat "$D/err"; return 1; }
    # SSVMODEL, version 2, header 144, total 2^40 bytes, in a 24-byte file
    printf 'SSVMODEL\002\000\000\000\220\000\000\000\000\000\000\000\000\001\000\000' > "$D/huge.model"
    timeout 20 "$BIN" info "$D/huge.model" 2> "$D/err"; rc=$?
    [ $rc -eq 1 ] && grep -q 'model file truncated' "$D/err" || { echo "huge: rc $rc"; cat "$D/err"; return 1; }
}
test_cli_template_name() { # the template kept in the model is named by the model's path in an error, never "(null)"
    printf 'U00:%%x[0,0]\nU01:%%x[0,1]\nB\n' > "$D/n.tmpl"
    printf 'the DT B-NP\ncat NN I-NP\n\na DT B-NP\n' > "$D/n.txt"
    printf 'the B-NP\ncat I-NP\n' > "$D/n1.txt"
    "$BIN" learn --template "$D/n.tmpl" --passes 3 "$D/n.txt" "$D/n.model" 2> /dev/null || return 1
    # a model that keeps its column count refuses the 2-column file before the template; one of 0.9.0 (no
    # "columns:" line) reaches the template's error, which names the model
    "$BIN" classify "$D/n1.txt" "$D/n.model" "$D/np" 2> "$D/err" && return 1
    grep -q 'n1.txt: 2 columns' "$D/err" && ! grep -q '(null)' "$D/err" || { cat "$D/err"; return 1; }
    command -v gzip > /dev/null || { echo "skip: no gzip"; return 0; }
    reseal "$D/n.model" "$D/n09.model" 's/^columns: 3$/xolumns: 3/' || return 1
    "$BIN" info "$D/n09.model" > "$D/info" && ! grep -q '^  columns:' "$D/info" || { echo "reseal"; cat "$D/info"; return 1; }
    "$BIN" classify "$D/n1.txt" "$D/n09.model" "$D/np" 2> "$D/err" && return 1
    grep -q 'n09.model' "$D/err" && ! grep -q '(null)' "$D/err" || { cat "$D/err"; return 1; }
}
test_cli_same_bytes() { # the same command twice: the same model file, byte for byte (no times in it)
    printf '1 1:1 2:0.1\n2 2:1 3:0.2\n3 3:1\n1 1:0.9\n' > "$D/sb.dat"
    "$BIN" learn --passes 7 "$D/sb.dat" "$D/sb1.model" 2> /dev/null && "$BIN" learn --passes 7 "$D/sb.dat" "$D/sb2.model" 2> /dev/null || return 1
    cmp "$D/sb1.model" "$D/sb2.model" || return 1
}
test_cli_strict_options() { # every value checked whole and in range; a missing value named; help everywhere
    printf '1 1:1\n2 2:1\n' > "$D/o.dat"
    for bad in "--passes 0" "--passes abc" "--passes 3x" "--seed abc" "--labels abc" "--labels 0" "--bias abc" \
               "--graph bogus" "--threads 100000" "--threads 0" "--lambda -1" "--lambda nan" "-e abc" "-c 0" \
               "--checkpoint-every x" "--batch -1" "--solver nope" "--format xml" "--eval sometimes" "--rounds 0" \
               "--rounds 2x" "--rounds 1000001" "--rounds 2" "--solver fw --rounds 2"; do
        # shellcheck disable=SC2086
        "$BIN" learn $bad "$D/o.dat" "$D/o.model" 2> "$D/err"; rc=$?
        [ $rc -eq 2 ] || { echo "$bad: rc $rc"; cat "$D/err"; return 1; }
    done
    "$BIN" learn --rounds 2 "$D/o.dat" "$D/o.model" 2> "$D/err"; rc=$?
    [ $rc -eq 2 ] && grep -q -- '--rounds: only over MPI ranks' "$D/err" || { echo "--rounds, one process: rc $rc"; return 1; }
    "$BIN" learn --solver fw --rounds 2 "$D/o.dat" "$D/o.model" 2> "$D/err"; rc=$?
    [ $rc -eq 2 ] && grep -q -- '--rounds: only with --solver bcfw' "$D/err" || { echo "--rounds, fw: rc $rc"; return 1; }
    "$BIN" learn "$D/o.dat" "$D/o.model" --passes 2> "$D/err"; rc=$?
    [ $rc -eq 2 ] && grep -q -- '--passes needs a value' "$D/err" || { echo "missing value: rc $rc"; cat "$D/err"; return 1; }
    for c in learn classify export-c info; do "$BIN" $c --help | grep -q '^usage' || { echo "$c --help"; return 1; }; done
    "$BIN" help | grep -q 'exit status' || return 1
    "$BIN" learn "$D/o.dat" 2> /dev/null; [ $? -eq 2 ] || { echo "missing argument"; return 1; }
}
test_cli_output_first() { # an unwritable model path fails before reading or training (exit 3, the system's reason)
    printf '1 1:1\n2 2:1\n' > "$D/of.dat"
    "$BIN" learn --passes 2 "$D/of.dat" "$D/no/such/dir/m.model" 2> "$D/err"; rc=$?
    [ $rc -eq 3 ] && grep -q 'cannot write: No such file or directory' "$D/err" && ! grep -q 'examples' "$D/err" ||
        { echo "rc $rc"; cat "$D/err"; return 1; }
}
test_cli_model_options_win() { # an explicit --format or --bias that contradicts the model is a usage error
    printf 'U00:%%x[0,0]\nB\n' > "$D/w.tmpl"
    printf 'the DT B-NP\ncat NN I-NP\n' > "$D/w.txt"
    "$BIN" learn --template "$D/w.tmpl" --passes 3 "$D/w.txt" "$D/w.model" 2> /dev/null || return 1
    "$BIN" classify --format svmhmm "$D/w.txt" "$D/w.model" "$D/wp" 2> "$D/err"; rc=$?
    [ $rc -eq 2 ] && grep -q 'trained with --format conll' "$D/err" || { echo "rc $rc"; cat "$D/err"; return 1; }
    printf '1 1:1\n2 2:1\n' > "$D/wb.dat"
    "$BIN" learn --bias 1 --passes 3 "$D/wb.dat" "$D/wb.model" 2> /dev/null || return 1
    "$BIN" classify --bias 2 "$D/wb.dat" "$D/wb.model" "$D/wbp" 2> "$D/err"; rc=$?
    [ $rc -eq 2 ] && grep -q 'trained with --bias 1' "$D/err" || { echo "rc $rc"; cat "$D/err"; return 1; }
}
test_cli_resume_fewer() { # --resume from a checkpoint at or past --passes is refused (it would train nothing)
    printf '1 1:1 2:0.1\n2 2:1 3:0.2\n3 3:1\n' > "$D/rf.dat"
    "$BIN" learn --gap 0 --passes 6 --checkpoint "$D/rf.ckpt" "$D/rf.dat" "$D/rf.model" 2> /dev/null || return 1
    "$BIN" learn --gap 0 --passes 4 --resume "$D/rf.ckpt" "$D/rf.dat" "$D/rf2.model" 2> "$D/err"; rc=$?
    [ $rc -eq 2 ] && grep -q 'at pass 6' "$D/err" && [ ! -e "$D/rf2.model" ] || { echo "rc $rc"; cat "$D/err"; return 1; }
}
test_cli_stdin() { # '-' reads standard input
    printf '1 1:1 2:0.1\n2 2:1 3:0.2\n3 3:1\n' > "$D/si.dat"
    "$BIN" learn --passes 5 - "$D/si.model" < "$D/si.dat" 2> /dev/null || return 1
    "$BIN" learn --passes 5 "$D/si.dat" "$D/si2.model" 2> /dev/null || return 1
    cmp -s "$D/si.model" "$D/si2.model" || { echo "stdin gave another model"; return 1; }
}
test_cli_solver_options() { # what the library has, reachable from the tool
    printf '1 1:1 2:0.1\n2 2:1 3:0.2\n3 3:1\n1 1:0.9 3:0.3\n2 2:0.8\n3 1:0.1 3:0.7\n2 1:0.5 2:0.6\n' > "$D/so.dat"
    "$BIN" learn --solver cp --lambda 0.1 "$D/so.dat" "$D/cp.model" 2> "$D/err" && grep -q '^converged' "$D/err" ||
        { echo "cp"; cat "$D/err"; return 1; }
    "$BIN" learn --lambda 0.1 --gap-sampling --steps pairwise --cache --max-atoms 4 --average suffix "$D/so.dat" "$D/gs.model" \
        2> "$D/err" && grep -q '^converged' "$D/err" || { echo "bcfw options"; cat "$D/err"; return 1; }
    "$BIN" learn --solver fw --steps pairwise "$D/so.dat" "$D/fw.model" 2> /dev/null; [ $? -eq 2 ] || { echo "fw --steps"; return 1; }
    # exact block steps: certified to gap 1e-6 in a few passes; plain BCFW's 5000 passes come near its primal, not below
    "$BIN" learn --lambda 0.1 --steps exact --gap 1e-6 --passes 5000 "$D/so.dat" "$D/ex.model" 2> "$D/err" &&
        grep -q '^converged' "$D/err" || { echo "exact"; cat "$D/err"; return 1; }
    "$BIN" learn --lambda 0.1 --gap 1e-6 --passes 5000 "$D/so.dat" "$D/fwb.model" 2> /dev/null || { echo "plain"; return 1; }
    p1=$("$BIN" info "$D/ex.model" | awk '/^primal: / { print $2 }'); p2=$("$BIN" info "$D/fwb.model" | awk '/^primal: / { print $2 }')
    awk -v a="$p1" -v b="$p2" 'BEGIN { exit !(a != "" && a <= b + 1e-9 && b - a <= 1e-4) }' ||
        { echo "exact primal $p1, plain $p2"; return 1; }
    "$BIN" learn --steps exact --cache "$D/so.dat" "$D/x.model" 2> /dev/null; [ $? -eq 2 ] || { echo "exact --cache"; return 1; }
    "$BIN" learn --lambda 0.1 --target-primal 0.7 "$D/so.dat" "$D/tp.model" 2> "$D/err" && grep -q 'target primal reached' "$D/err" ||
        { echo "target"; cat "$D/err"; return 1; }
    "$BIN" info "$D/tp.model" | awk '/^primal: / { exit !($2 <= 0.7) }' || { "$BIN" info "$D/tp.model"; return 1; }
    "$BIN" learn --lambda 0.1 --eval off --passes 7 "$D/so.dat" "$D/eo.model" 2> "$D/err" || return 1
    ! grep -q 'primal' "$D/err" && grep -q '^pass    7' "$D/err" && grep -q 'pass limit' "$D/err" || { cat "$D/err"; return 1; }
    # the iterate and the average of an unfinished run are two vectors
    "$BIN" learn --lambda 0.1 --gap 0 --passes 3 --returned iterate "$D/so.dat" "$D/ri.model" 2> /dev/null || return 1
    "$BIN" learn --lambda 0.1 --gap 0 --passes 3 --returned average "$D/so.dat" "$D/ra.model" 2> /dev/null || return 1
    "$BIN" dump "$D/ri.model" > "$D/ri.txt" && "$BIN" dump "$D/ra.model" > "$D/ra.txt" || return 1
    ! cmp -s "$D/ri.txt" "$D/ra.txt" || { echo "iterate = average"; return 1; }
    [ "$(wc -l < "$D/ri.txt")" -eq 12 ] && head -1 "$D/ri.txt" | grep -q '^0 [-0-9]' || { cat "$D/ri.txt"; return 1; }
}
test_cli_out_of_memory() { # a failed allocation says so (0.8.0: exit 1, no message)
    printf '1 60000000:1\n2 1:1\n' > "$D/oom.dat" # 120M weights: 960 MB of w under a 300 MB address-space limit
    [ -n "$SANITIZED" ] && { echo "skip: an address-space limit under $SANITIZED"; return 0; }
    (ulimit -v 300000 2> /dev/null || exit 77; exec "$BIN" learn --passes 1 "$D/oom.dat" "$D/oom.model") 2> "$D/err"; rc=$?
    [ $rc -eq 77 ] && { echo "skip: ulimit -v not available"; return 0; }
    [ $rc -eq 1 ] && grep -q 'out of memory' "$D/err" && [ ! -e "$D/oom.model" ] || { echo "rc $rc"; cat "$D/err"; return 1; }
}
test_cli_bom() { # a UTF-8 byte order mark at the start of a file is not data (0.8.0: a bad label, or part of a word)
    printf '1 1:1 2:0.1\n2 2:1 3:0.2\n3 3:1\n' > "$D/nb.dat"; printf '\357\273\277' | cat - "$D/nb.dat" > "$D/bom.dat"
    "$BIN" learn --passes 5 "$D/nb.dat" "$D/nb.model" 2> /dev/null && "$BIN" learn --passes 5 "$D/bom.dat" "$D/bom.model" 2> "$D/err" ||
        { cat "$D/err"; return 1; }
    cmp -s "$D/nb.model" "$D/bom.model" || { echo "svmlight: another model"; return 1; }
    printf 'U00:%%x[0,0]\nB\n' > "$D/b.tmpl"
    printf 'the DT B-NP\ncat NN I-NP\n\na DT B-NP\n' > "$D/nb.txt"; printf '\357\273\277' | cat - "$D/nb.txt" > "$D/bom.txt"
    "$BIN" learn --template "$D/b.tmpl" --passes 5 "$D/nb.txt" "$D/nbc.model" 2> /dev/null &&
        "$BIN" learn --template "$D/b.tmpl" --passes 5 "$D/bom.txt" "$D/bomc.model" 2> /dev/null || return 1
    cmp -s "$D/nbc.model" "$D/bomc.model" || { echo "conll: another model"; return 1; }
}
# ---- issue 28, part two ----
test_cli_predict() { # unlabelled data: predict needs no gold labels, writes what classify writes, prints no score
    printf '1 1:1 2:0.1\n2 2:1 3:0.2\n3 3:1\n1 1:0.9 3:0.3\n' > "$D/pl.dat"
    printf '? 1:1 2:0.1\n0 2:1 3:0.2\n3:1\nqid:7 1:0.9 3:0.3\n' > "$D/pu.dat" # ?, 0, missing, missing before a qid
    "$BIN" learn --lambda 0.1 --passes 20 "$D/pl.dat" "$D/p.model" 2> /dev/null || return 1
    "$BIN" classify "$D/pl.dat" "$D/p.model" "$D/pc" > /dev/null || return 1
    "$BIN" predict "$D/pu.dat" "$D/p.model" "$D/pp" > "$D/out" 2> "$D/err" || { cat "$D/err"; return 1; }
    [ ! -s "$D/out" ] && cmp -s "$D/pc" "$D/pp" || { echo "svmlight: $(cat "$D/out") / $(cat "$D/pp")"; return 1; }
    "$BIN" predict "$D/pl.dat" "$D/p.model" "$D/pp2" > /dev/null && cmp -s "$D/pc" "$D/pp2" || { echo "labelled data"; return 1; }
    "$BIN" classify "$D/pu.dat" "$D/p.model" "$D/pc2" 2> "$D/err"; rc=$?
    [ $rc -eq 1 ] && grep -q 'pu.dat:1:1: label' "$D/err" || { echo "classify unlabelled: rc $rc"; cat "$D/err"; return 1; }
    # SVM^hmm: the qid still groups the tokens
    printf '1 qid:1 1:1\n2 qid:1 2:1\n1 qid:1 1:1\n\n2 qid:2 2:1\n1 qid:2 1:1\n' > "$D/ph.dat"
    printf '? qid:1 1:1\nqid:1 2:1\n0 qid:1 1:1\n\nqid:2 2:1\n? qid:2 1:1\n' > "$D/phu.dat"
    "$BIN" learn --format svmhmm -c 10 --passes 30 "$D/ph.dat" "$D/ph.model" 2> /dev/null || return 1
    "$BIN" predict "$D/phu.dat" "$D/ph.model" "$D/php" > /dev/null || return 1
    [ "$(tr '\n' ' ' < "$D/php")" = "1 2 1  2 1  " ] || { echo "svmhmm: $(cat "$D/php")"; return 1; }
    # CoNLL without the tag column (the model says the training file had 3 columns); with it, the same tags
    printf 'U00:%%x[0,0]\nU01:%%x[-1,0]/%%x[0,0]\nU02:%%x[0,1]\nB\n' > "$D/p.tmpl"
    printf 'the DT B-NP\ncat NN I-NP\nsat VBD B-VP\n\na DT B-NP\ndog NN I-NP\nran VBD B-VP\n' > "$D/pc.txt"
    printf 'a DT\ncat NN\nran VBD\n\nthe DT\n' > "$D/pcu.txt"
    "$BIN" learn --template "$D/p.tmpl" --passes 30 "$D/pc.txt" "$D/pc.model" 2> /dev/null || return 1
    "$BIN" predict "$D/pcu.txt" "$D/pc.model" "$D/pcp" > /dev/null || return 1
    printf 'a DT B-NP\ncat NN I-NP\nran VBD B-VP\n\nthe DT B-NP\n\n' > "$D/pcw"
    cmp -s "$D/pcw" "$D/pcp" || { echo "conll:"; cat "$D/pcp"; return 1; }
    # the same tokens with a tag column (wrong tags: they are ignored): the same predicted tags
    printf 'a DT I-NP\ncat NN B-VP\nran VBD B-NP\n\nthe DT I-NP\n' > "$D/pcl.txt"
    "$BIN" predict "$D/pcl.txt" "$D/pc.model" "$D/pcpl" > "$D/out" 2> "$D/err" || { echo "conll with tags"; cat "$D/err"; return 1; }
    [ ! -s "$D/out" ] || { echo "conll with tags: a score"; return 1; }
    printf 'a DT I-NP B-NP\ncat NN B-VP I-NP\nran VBD B-NP B-VP\n\nthe DT I-NP B-NP\n\n' > "$D/pcwl"
    cmp -s "$D/pcwl" "$D/pcpl" || { echo "conll with tags:"; cat "$D/pcpl"; return 1; }
    [ "$(awk '{ print $NF }' "$D/pcpl")" = "$(awk '{ print $NF }' "$D/pcp")" ] || { echo "conll: other tags with the tag column"; return 1; }
    printf 'a DT B-NP x\n' > "$D/pc4.txt"
    "$BIN" predict "$D/pc4.txt" "$D/pc.model" "$D/pcp4" 2> "$D/err"; rc=$?
    [ $rc -eq 1 ] && grep -q 'trained on 3' "$D/err" || { echo "conll 4 columns: rc $rc"; cat "$D/err"; return 1; }
    # ARFF: ? as the label values
    printf '@relation r\n@attribute a numeric\n@attribute b numeric\n@attribute L1 {0,1}\n@attribute L2 {0,1}\n@data\n' > "$D/pa.arff"
    cp "$D/pa.arff" "$D/pau.arff"
    printf '1,0,1,0\n0,1,0,1\n1,1,1,1\n0.9,0.1,1,0\n0.1,0.8,0,1\n1,0.9,1,1\n' >> "$D/pa.arff"
    printf '1,0,?,?\n0,1,?,?\n1,1,?,?\n' >> "$D/pau.arff"
    "$BIN" learn --passes 40 "$D/pa.arff" "$D/pa.model" 2> /dev/null || return 1
    "$BIN" predict "$D/pau.arff" "$D/pa.model" "$D/pap" > /dev/null || return 1
    [ "$(tr '\n' ' ' < "$D/pap")" = "1,0 0,1 1,1 " ] || { echo "arff: $(cat "$D/pap")"; return 1; }
    # through NAME.tmp and a rename: a write that fails leaves the old file (exit 3)
    echo "old" > "$D/ppf"
    (ulimit -f 0 && trap '' XFSZ && exec "$BIN" predict "$D/pu.dat" "$D/p.model" "$D/ppf") 2> "$D/err"; rc=$?
    [ $rc -eq 3 ] && [ "$(cat "$D/ppf")" = old ] && no_tmp "$D/ppf" || { echo "full disk: rc $rc"; cat "$D/err"; return 1; }
    "$BIN" predict "$D/pu.dat" "$D/p.model" "$D/no/dir/pp" 2> "$D/err"; rc=$?
    [ $rc -eq 3 ] && grep -q 'cannot write' "$D/err" || { echo "no dir: rc $rc"; return 1; }
    "$BIN" predict --passes 3 "$D/pu.dat" "$D/p.model" "$D/pp" 2> "$D/err"; rc=$?
    [ $rc -eq 2 ] && grep -q 'not an option of predict' "$D/err" || { echo "learn option: rc $rc"; cat "$D/err"; return 1; }
}
test_cli_solvers() { # the multi-sample, DEG, online EG and clique generation solvers; where one does not apply, exit 2
    printf '1 1:1 2:0.1\n2 2:1 3:0.2\n3 3:1\n1 1:0.9 3:0.3\n2 2:0.8\n3 1:0.1 3:0.7\n2 1:0.5 2:0.6\n' > "$D/sv.dat"
    printf '1 qid:1 1:1\n2 qid:1 2:1\n1 qid:1 1:1\n\n2 qid:2 2:1\n1 qid:2 1:1\n' > "$D/sv.hmm"
    printf '@relation r\n@attribute a numeric\n@attribute b numeric\n@attribute L1 {0,1}\n@attribute L2 {0,1}\n@attribute L3 {0,1}\n@data\n' > "$D/sv.arff"
    printf '1,0,1,0,1\n0,1,0,1,0\n1,1,1,1,1\n0.9,0.1,1,0,1\n0.1,0.8,0,1,0\n1,0.9,1,1,1\n' >> "$D/sv.arff"
    for run in "ms:sv.dat" "ms --samples 3 --sweeps 2 --average uniform:sv.dat" "ms --samples 2 --format svmhmm:sv.hmm" \
               "ms:sv.arff" "deg:sv.dat" "deg --geometry entropic --eta 0.5:sv.arff" "eg --format svmhmm:sv.hmm" \
               "eg --format svmhmm --eta 0.2 --eg-start 2:sv.hmm" "kbcfw --kernel linear:sv.dat" "cliquegen:sv.arff" "cliquegen --cg-batch 1 --cg-eps 0.01:sv.arff"; do
        args=${run%:*}; f=${run#*:}
        # shellcheck disable=SC2086
        "$BIN" learn --lambda 0.1 --passes 30 --solver $args "$D/$f" "$D/sv.model" 2> "$D/err" || { echo "$args: rc $?"; cat "$D/err"; return 1; }
        s=${args%% *}
        "$BIN" info "$D/sv.model" > "$D/info" || return 1
        want=$(case $s in ms) echo multisample;; *) echo "$s";; esac) # the kind's name
        grep -qx "solver: $want" "$D/info" || { echo "$args: solver not recorded"; cat "$D/info"; return 1; }
        "$BIN" classify "$D/$f" "$D/sv.model" "$D/svp" > "$D/out" || { echo "$args: classify"; return 1; }
        grep -q '100.00%' "$D/out" || { echo "$args: $(cat "$D/out")"; return 1; }
    done
    grep -q 'label pairs learned' "$D/err" || { echo "cliquegen: no pair count"; cat "$D/err"; return 1; }
    # does not apply: a usage error that says why (exit 2), before any file is written
    for bad in "deg --format svmhmm:sv.hmm:label polytope" "eg:sv.dat:chains only" "cliquegen:sv.dat:arff only" \
               "cliquegen --graph tree:sv.arff:learns its own graph" "bcfw --samples 2:sv.dat:only with --solver ms" \
               "ms --samples 2:sv.arff:sampler" "fw --eta 1:sv.dat:only with --solver deg or eg" \
               "ms --average suffix:sv.dat:keeps none, weighted, uniform" "deg --checkpoint $D/c.ckpt:sv.dat:checkpoints cover" \
               "eg --format svmhmm --resume $D/c.ckpt:sv.hmm:checkpoints cover" "cp --returned average:sv.dat:keeps no average" \
               "kbcfw --format conll:sv.hmm:svmlight and svmhmm only" "ssg --batch 2:sv.dat:only with --solver bcfw" "eg --format svmhmm --geometry entropic:sv.hmm:only with --solver deg" \
               "deg --eta 0:sv.dat:is not a number" "ms --samples 0:sv.dat:whole number" "cliquegen --cg-batch 0:sv.arff:whole number" \
               "cliquegen --cg-eps -1:sv.arff:is not a number" "deg --geometry round:sv.dat:euclidean or entropic" \
               "eg --format svmhmm --eg-start x:sv.hmm:is not a number" "nope:sv.dat:bcfw, fw, ssg, cp, ms, deg, eg, cliquegen or kbcfw"; do
        args=${bad%%:*}; rest=${bad#*:}; f=${rest%%:*}; msg=${rest#*:}
        rm -f "$D/svx.model"
        # shellcheck disable=SC2086
        "$BIN" learn --passes 3 --solver $args "$D/$f" "$D/svx.model" 2> "$D/err"; rc=$?
        [ $rc -eq 2 ] && grep -q -- "$msg" "$D/err" && [ ! -e "$D/svx.model" ] && ! grep -q '^pass' "$D/err" ||
            { echo "$args: rc $rc, expected 2 and '$msg'"; cat "$D/err"; return 1; }
    done
    # DEG on an arff file of more than 16 labels: its simplex would have 2^17 labelings
    { printf '@relation r\n@attribute a numeric\n'; i=1; while [ $i -le 17 ]; do printf '@attribute L%d {0,1}\n' $i; i=$((i+1)); done
      printf '@data\n1,1,0,1,0,1,0,1,0,1,0,1,0,1,0,1,0,1\n0,0,1,0,1,0,1,0,1,0,1,0,1,0,1,0,1,0\n'; } > "$D/l17.arff"
    "$BIN" learn --solver deg --passes 2 "$D/l17.arff" "$D/svx.model" 2> "$D/err"; rc=$?
    [ $rc -eq 2 ] && grep -q '17 labels' "$D/err" || { echo "deg, 17 labels: rc $rc"; cat "$D/err"; return 1; }
}
test_cli_kbcfw() { # issue 28: --solver kbcfw writes a kernel model; classify's accuracy is the C API's (tests/cli_api.c)
    API=${CLI_API_BIN:-build/cli_api}
    # two rings (class 1 inside radius 1, class 2 at radius 2 to 2.6): 60 training and 60 test rows, fixed numbers
    awk -v D="$D" 'BEGIN { s = 12345; for (i = 0; i < 120; i++) {
        s = (s * 1103515245 + 12345) % 2147483648; a = s / 2147483648 * 6.2831853;
        s = (s * 1103515245 + 12345) % 2147483648; u = s / 2147483648;
        c = i % 2; r = c ? 2 + 0.6 * u : u;
        f = i < 60 ? "tr" : "te"; printf "%d 1:%.4f 2:%.4f\n", c + 1, r * cos(a), r * sin(a) > (D "/kr." f) } }'
    [ "$(wc -l < "$D/kr.tr")" -eq 60 ] && [ "$(wc -l < "$D/kr.te")" -eq 60 ] || { echo "ring data not written"; return 1; }
    for k in rbf linear poly; do
        "$BIN" learn --solver kbcfw --kernel $k --lambda 0.01 -e 0 --passes 15 --seed 3 "$D/kr.tr" "$D/kr.model" 2> "$D/err" ||
            { echo "$k: learn rc $?"; cat "$D/err"; return 1; }
        grep -q 'support examples' "$D/err" || { cat "$D/err"; return 1; }
        "$BIN" info "$D/kr.model" > "$D/info" || return 1
        grep -qx 'kind: kernel (5)' "$D/info" && grep -q "^kernel: $k " "$D/info" && grep -qx 'solver: kbcfw' "$D/info" &&
            grep -qx 'passes: 15' "$D/info" || { cat "$D/info"; return 1; }
        "$BIN" classify "$D/kr.te" "$D/kr.model" "$D/kr.pred" > "$D/out.$k" || { echo "$k: classify rc $?"; return 1; }
        "$BIN" predict "$D/kr.te" "$D/kr.model" "$D/kr.pp" || return 1
        cmp -s "$D/kr.pred" "$D/kr.pp" || { echo "$k: predict differs from classify"; return 1; }
        if [ -x "$API" ]; then
            "$API" kbcfw "$D/kr.tr" "$D/kr.te" $k 0.01 0 15 3 1 "$D/api.$k" || return 1
            cmp -s "$D/out.$k" "$D/api.$k" || { echo "$k: tool '$(cat "$D/out.$k")', C API '$(cat "$D/api.$k")'"; return 1; }
        else echo "note: $API not built, the C API comparison skipped"; fi
    done
    # the kernel is used: RBF separates the rings, the linear kernel cannot
    rbf=$(sed 's/accuracy \([0-9]*\)\..*/\1/' "$D/out.rbf"); lin=$(sed 's/accuracy \([0-9]*\)\..*/\1/' "$D/out.linear")
    [ "$rbf" -ge 95 ] && [ "$lin" -le 80 ] || { echo "rbf $(cat "$D/out.rbf"), linear $(cat "$D/out.linear")"; return 1; }
    "$BIN" learn --solver kbcfw --kernel poly --gamma 0.5 --coef0 1 --degree 2 --kernel-cache 0 --average none --passes 5 \
        "$D/kr.tr" "$D/kp.model" 2> /dev/null || return 1
    "$BIN" info "$D/kp.model" > "$D/info"
    grep -qx 'gamma: 0.5' "$D/info" && grep -qx 'coef0: 1' "$D/info" && grep -qx 'degree: 2' "$D/info" || { cat "$D/info"; return 1; }
    "$BIN" export-c "$D/kp.model" "$D/kp.c" && grep -q 'MODEL_KIND 5 /\* SSVM_MODEL_KERNEL' "$D/kp.c" || return 1
    # usage errors: exit 2 with the reason, no model written
    for bad in "--kernel sigmoid:linear, rbf or poly" "--kernel linear --gamma 1:has none" \
               "--kernel rbf --degree 2:only with --kernel poly" "--coef0 1:only with --kernel poly" "--gamma 0:is not a number" \
               "--kernel poly --degree 0:whole number" "--kernel-cache -1:whole number" "--average suffix:keeps none, weighted" \
               "--steps exact:only with --solver bcfw" "--checkpoint $D/k.ckpt:checkpoints cover" "--init $D/kr.model:warm start" \
               "--format conll:svmlight and svmhmm only" "--format arff:svmlight and svmhmm only"; do
        args=${bad%%:*}; msg=${bad#*:}
        rm -f "$D/kx.model"
        # shellcheck disable=SC2086
        "$BIN" learn --passes 2 --solver kbcfw $args "$D/kr.tr" "$D/kx.model" 2> "$D/err"; rc=$?
        [ $rc -eq 2 ] && grep -q -- "$msg" "$D/err" && [ ! -e "$D/kx.model" ] || { echo "$args: rc $rc, expected 2 and '$msg'"; cat "$D/err"; return 1; }
    done
    "$BIN" learn --solver kbcfw "$D/kr.tr" "$D/kx.model" --kernel 2> "$D/err"; rc=$? # a missing value
    [ $rc -eq 2 ] && grep -q -- '--kernel needs a value' "$D/err" && [ ! -e "$D/kx.model" ] || { echo "--kernel without a value: rc $rc"; cat "$D/err"; return 1; }
    "$BIN" learn --kernel rbf "$D/kr.tr" "$D/kx.model" 2> "$D/err"; rc=$?
    [ $rc -eq 2 ] && grep -q -- '--kernel: only with --solver kbcfw, not bcfw' "$D/err" || { echo "--kernel with bcfw: rc $rc"; cat "$D/err"; return 1; }
    # svmhmm: the lifted chain (a kernel on tokens), classified and predicted as a chain model is
    printf '1 qid:1 1:1\n2 qid:1 2:1 3:0.5\n1 qid:1 1:1\n\n2 qid:2 2:1\n1 qid:2 1:1 3:0.2\n\n1 qid:3 1:0.8\n2 qid:3 2:0.9\n' > "$D/kh.dat"
    for k in rbf linear; do
        "$BIN" learn --solver kbcfw --kernel $k --format svmhmm -c 10 --passes 30 "$D/kh.dat" "$D/kh.model" 2> "$D/err" ||
            { echo "svmhmm $k: rc $?"; cat "$D/err"; return 1; }
        "$BIN" info "$D/kh.model" > "$D/info"
        grep -qx 'kind: kernel (5)' "$D/info" && grep -qx 'chain: transitions' "$D/info" && grep -q '^support positions: ' "$D/info" ||
            { cat "$D/info"; return 1; }
        "$BIN" classify "$D/kh.dat" "$D/kh.model" "$D/khp" > "$D/out" || { echo "svmhmm $k: classify rc $?"; return 1; }
        grep -qx 'per-token accuracy 100.00% (7 of 7)' "$D/out" || { echo "svmhmm $k: $(cat "$D/out")"; return 1; }
        [ "$(tr '\n' ' ' < "$D/khp")" = "1 2 1  2 1  1 2  " ] || { echo "svmhmm $k predictions: $(cat "$D/khp")"; return 1; }
        "$BIN" predict "$D/kh.dat" "$D/kh.model" "$D/khq" && cmp -s "$D/khp" "$D/khq" || { echo "svmhmm $k: predict differs"; return 1; }
    done
    # the lifted chain against the C API: per-token accuracy on held-out sequences of ring tokens (12 + 12 sequences
    # of 2 to 5 tokens; class 1 inside radius 1, class 2 at radius 2 to 2.6)
    awk -v D="$D" 'BEGIN { s = 777; for (q = 0; q < 24; q++) { L = 2 + q % 4; f = q < 12 ? "tr" : "te";
        for (t = 0; t < L; t++) {
            s = (s * 1103515245 + 12345) % 2147483648; a = s / 2147483648 * 6.2831853;
            s = (s * 1103515245 + 12345) % 2147483648; u = s / 2147483648;
            s = (s * 1103515245 + 12345) % 2147483648; c = s / 2147483648 < 0.5 ? 0 : 1; r = c ? 2 + 0.6 * u : u;
            printf "%d qid:%d 1:%.4f 2:%.4f\n", c + 1, q + 1, r * cos(a), r * sin(a) > (D "/kq." f) }
        printf "\n" > (D "/kq." f) } }'
    "$BIN" learn --solver kbcfw --format svmhmm --lambda 0.01 -e 0 --passes 10 --seed 4 "$D/kq.tr" "$D/kq.model" 2> "$D/err" ||
        { echo "svmhmm rings: rc $?"; cat "$D/err"; return 1; }
    "$BIN" classify "$D/kq.te" "$D/kq.model" "$D/kq.pred" > "$D/out.kq" || { echo "svmhmm rings: classify rc $?"; return 1; }
    if [ -x "$API" ]; then
        "$API" kbcfw-svmhmm "$D/kq.tr" "$D/kq.te" rbf 0.01 0 10 4 1 "$D/api.kq" || return 1
        cmp -s "$D/out.kq" "$D/api.kq" || { echo "svmhmm: tool '$(cat "$D/out.kq")', C API '$(cat "$D/api.kq")'"; return 1; }
    fi
    grep -q '^per-token accuracy 100.00%' "$D/out.kq" || grep -q '^per-token accuracy 9[0-9]\.' "$D/out.kq" ||
        { echo "svmhmm rings: $(cat "$D/out.kq")"; return 1; }
    "$BIN" classify --format svmlight "$D/kh.dat" "$D/kh.model" "$D/kx.pred" 2> "$D/err"; rc=$?
    [ $rc -eq 2 ] && grep -q 'trained with --format svmhmm' "$D/err" || { echo "svmlight with a chain kernel model: rc $rc"; cat "$D/err"; return 1; }
    # a kernel model is refused for another format, and a corrupt one with the loader's reason
    "$BIN" classify --format svmhmm "$D/kr.te" "$D/kr.model" "$D/kx.pred" 2> "$D/err"; rc=$?
    [ $rc -ne 0 ] || { echo "svmhmm with a kernel model: rc 0"; return 1; }
    head -c 200 "$D/kr.model" > "$D/kt.model"
    "$BIN" classify "$D/kr.te" "$D/kt.model" "$D/kx.pred" 2> "$D/err"; rc=$?
    [ $rc -ne 0 ] && [ ! -e "$D/kx.pred" ] || { echo "truncated kernel model: rc $rc"; cat "$D/err"; return 1; }
}
test_cli_bias_default() { # --bias defaults to 1 for svmlight and svmhmm (kept in the model), 0 for conll
    # the last two rows are decided by the bias: classified with another bias than the model's, they change
    printf '1 1:1 2:0.1\n2 2:1 3:0.2\n3 3:1\n1 1:0.9\n2 1:0.1 3:0.1\n2 2:0.1\n' > "$D/bd.dat"
    "$BIN" learn --passes 5 "$D/bd.dat" "$D/bd.model" 2> /dev/null || return 1
    "$BIN" info "$D/bd.model" > "$D/info"
    grep -q '^attributes: 4$' "$D/info" && grep -qx '  bias: 1' "$D/info" || { cat "$D/info"; return 1; }
    "$BIN" learn --passes 5 --bias 0 "$D/bd.dat" "$D/bd0.model" 2> /dev/null || return 1
    "$BIN" info "$D/bd0.model" > "$D/info"
    grep -q '^attributes: 3$' "$D/info" && grep -qx '  bias: 0' "$D/info" || { cat "$D/info"; return 1; }
    # classify and predict take the model's bias (the test file has no feature beyond the training file's): the
    # predictions of the training rows (bias 0 on the first model, or 1 on the second, gives 1 3 3 1 1 2 and
    # 2 2 3 2 3 3)
    "$BIN" classify "$D/bd.dat" "$D/bd.model" "$D/bdp" > /dev/null && "$BIN" classify "$D/bd.dat" "$D/bd0.model" "$D/bdp0" > /dev/null || return 1
    [ "$(tr '\n' ' ' < "$D/bdp")" = "1 2 3 1 2 2 " ] || { echo "bias 1: $(tr '\n' ' ' < "$D/bdp")"; return 1; }
    [ "$(tr '\n' ' ' < "$D/bdp0")" = "1 2 3 1 2 2 " ] || { echo "bias 0: $(tr '\n' ' ' < "$D/bdp0")"; return 1; }
    "$BIN" predict "$D/bd.dat" "$D/bd.model" "$D/bdpp" > /dev/null && cmp -s "$D/bdp" "$D/bdpp" || { echo "predict: another bias"; return 1; }
    printf '1 qid:1 1:1\n2 qid:1 2:1\n\n1 qid:2 1:1\n' > "$D/bd.hmm"
    "$BIN" learn --format svmhmm --passes 5 "$D/bd.hmm" "$D/bdh.model" 2> /dev/null || return 1
    "$BIN" info "$D/bdh.model" | grep -qx '  bias: 1' || return 1
    printf 'U00:%%x[0,0]\nB\n' > "$D/bd.tmpl"; printf 'the DT B-NP\ncat NN I-NP\n' > "$D/bd.txt"
    "$BIN" learn --template "$D/bd.tmpl" --passes 5 "$D/bd.txt" "$D/bdc.model" 2> /dev/null || return 1
    "$BIN" info "$D/bdc.model" | grep -qx '  bias: 0' || return 1
    "$BIN" help learn | grep -q 'default 1; 0: none' || { echo "help: no default"; return 1; }
}
test_cli_score_after_write() { # classify prints its score only once the predictions are written and renamed
    # 2000 rows: 4000 bytes of predictions, over ulimit -f 1 in every shell (512 bytes in dash, 1024 in bash)
    i=0; : > "$D/sa.dat"
    while [ $i -lt 2000 ]; do printf '%d 1:%d 2:0.%d 3:1\n' $((i % 3 + 1)) $((i % 7)) $((i % 10)) >> "$D/sa.dat"; i=$((i+1)); done
    "$BIN" learn --passes 2 "$D/sa.dat" "$D/sa.model" 2> /dev/null || return 1
    (ulimit -f 1 && trap '' XFSZ && exec "$BIN" classify "$D/sa.dat" "$D/sa.model" "$D/sap") > "$D/out" 2> "$D/err"; rc=$?
    [ $rc -eq 3 ] && [ ! -s "$D/out" ] || { echo "rc $rc; stdout: $(cat "$D/out")"; cat "$D/err"; return 1; }
    printf '@relation r\n@attribute a numeric\n@attribute L1 {0,1}\n@attribute L2 {0,1}\n@data\n' > "$D/sa.arff"
    i=0; while [ $i -lt 300 ]; do printf '%d,%d,%d\n' $((i % 2)) $((i % 2)) $((i % 3 == 0)) >> "$D/sa.arff"; i=$((i+1)); done
    "$BIN" learn --passes 2 "$D/sa.arff" "$D/saa.model" 2> /dev/null || return 1
    (ulimit -f 0 && trap '' XFSZ && exec "$BIN" classify "$D/sa.arff" "$D/saa.model" "$D/saap") > "$D/out" 2> /dev/null; rc=$?
    [ $rc -eq 3 ] && [ ! -s "$D/out" ] || { echo "arff: rc $rc; stdout: $(cat "$D/out")"; return 1; }
    "$BIN" classify "$D/sa.dat" "$D/sa.model" "$D/sap" > "$D/out" && grep -q '^accuracy' "$D/out" || return 1
}
test_cli_help_options() { # every option a command accepts is in its help (COMMAND --help and help COMMAND)
    SRC=$(dirname "$0")/../tools/structsvm.c
    [ -f "$SRC" ] || { echo "skip: $SRC not found"; return 0; }
    opts=$(grep -o '"--*[a-z][-a-z]*"' "$SRC" | tr -d '"' | sort -u)
    [ "$(echo "$opts" | wc -l)" -ge 30 ] || { echo "only $(echo "$opts" | wc -l) options found in $SRC"; return 1; }
    for c in learn classify predict export-c info dump; do
        "$RAW_BIN" help $c > "$D/h1" && "$RAW_BIN" $c --help > "$D/h2" || { echo "$c: help failed"; return 1; }
        cmp -s "$D/h1" "$D/h2" || { echo "$c: help $c and $c --help differ"; return 1; }
        n=0
        for o in $opts; do
            # with a value ("x"): a value option reaches its handler (else "needs a value" stops it before); too few
            # arguments for the command to run
            "$RAW_BIN" $c "$o" x < /dev/null > /dev/null 2> "$D/err"
            if grep -q -e '^unknown option' -e ' is not an option of ' "$D/err"; then continue; fi
            ! grep -q 'not handled' "$D/err" || { echo "$c $o: in the table, no handler: $(cat "$D/err")"; return 1; }
            n=$((n+1)); printf '%s\n' "$o" >> "$D/accepted" # not echo: bash's takes -e as its option
            grep -qE -- "(^|[^-a-z])$o([^-a-z]|\$)" "$D/h1" || { echo "$c accepts $o; its help does not say"; return 1; }
        done
        [ $n -ge 1 ] || { echo "$c: no option accepted"; return 1; }
    done
    for o in $opts; do grep -qx -- "$o" "$D/accepted" || { echo "$o: in the source, taken by no command"; return 1; }; done
    for o in --samples --eta --geometry --eg-start --cg-eps --cg-batch --sweeps; do grep -qx -- "$o" "$D/accepted" || { echo "$o"; return 1; }; done
    "$RAW_BIN" help predict | grep -q '^usage: structsvm predict' && "$RAW_BIN" help | grep -q 'structsvm predict' || return 1
    "$RAW_BIN" help bogus 2> /dev/null; [ $? -eq 2 ] || return 1
    "$RAW_BIN" classify --solver ms 2> "$D/err"; [ $? -eq 2 ] && grep -q 'is not an option of classify (learn only)' "$D/err" || { cat "$D/err"; return 1; }
}
test_cli_objective() { # the tool's stored objective (and weights) = the C API's, same settings, on the shared data
    [ "$SANITIZED" = valgrind ] && { echo "skip: too slow under valgrind"; return 0; }
    SH=${SSVM_SHARED:-../shared}/data
    [ -f "$SH/ocr/letter.data.gz" ] && [ -f "$SH/conll2000/train.txt.gz" ] || { echo "skip: no $SH/ocr or $SH/conll2000"; return 0; }
    command -v gzip > /dev/null || { echo "skip: no gzip"; return 0; }
    SRCD=$(dirname "$0")
    ${CC:-cc} -std=c99 -O2 -Wall -Wextra -pedantic -Werror "$SRCD/cli_objective.c" -o "$D/cli_objective" -lm 2> "$D/err" ||
        { echo "cannot build tests/cli_objective.c"; cat "$D/err"; return 1; }
    # OCR: the first 300 letters as SVM^multiclass (the letter, pixel k -> k:1); the first 600 as SVM^hmm (qid = word)
    gzip -dc "$SH/ocr/letter.data.gz" | head -600 | awk -F'\t' -v ml="$D/ocr.ml" -v hmm="$D/ocr.hmm" '{
        s = index("abcdefghijklmnopqrstuvwxyz", $2); f = "";
        for (k = 7; k <= 134; k++) if ($k == 1) f = f " " (k - 6) ":1";
        if (NR <= 300) print s f > ml; print s " qid:" $4 f > hmm }'
    # CoNLL-2000: the first 60 sentences, the example's 19 templates
    gzip -dc "$SH/conll2000/train.txt.gz" | awk 'BEGIN { n = 0 } { print } /^[ \t]*$/ { if (++n == 60) exit }' > "$D/conll.txt"
    for run in "svmlight ocr.ml - 0.01 10 plain" "svmlight ocr.ml - 0.01 10 gaps" "svmhmm ocr.hmm - 0.01 10 plain" \
               "svmhmm ocr.hmm - 0.01 10 gaps" "conll conll.txt examples/chunking.template 0.01 8 plain" \
               "conll conll.txt examples/chunking.template 0.01 8 gaps"; do
        set -- $run
        fmt=$1; data=$D/$2; tmpl=$3; lambda=$4; passes=$5; v=$6
        opt="--format $fmt"; [ "$fmt" = conll ] && opt="--template $SRCD/../$tmpl" && tmpl=$SRCD/../$tmpl
        [ "$v" = gaps ] && opt="$opt --gap-sampling --steps pairwise --cache --average suffix"
        bias=1; [ "$fmt" = conll ] && bias=0
        # shellcheck disable=SC2086
        "$BIN" learn $opt --lambda $lambda -e 0 --passes $passes --seed 3 "$data" "$D/o.model" 2> "$D/err" || { cat "$D/err"; return 1; }
        "$D/cli_objective" $fmt "$data" "$tmpl" $lambda $passes 3 $bias $v > "$D/api.txt" || return 1
        p_tool=$("$BIN" info "$D/o.model" | sed -n 's/^primal: //p'); p_api=$(sed -n 's/^primal //p' "$D/api.txt")
        # the same library, inputs and settings: the same bits (%.17g prints every double distinctly)
        [ -n "$p_tool" ] && [ "$p_tool" = "$p_api" ] || { echo "$run: primal $p_tool (tool) vs $p_api (API)"; return 1; }
        "$BIN" dump "$D/o.model" > "$D/w.tool"; grep -v '^primal' "$D/api.txt" > "$D/w.api"
        cmp -s "$D/w.tool" "$D/w.api" || { echo "$run: the weights differ"; return 1; }
        echo "$run: primal $p_tool ($(wc -l < "$D/w.api") weights), the same bits"
    done
}
# ---- the review of 0.10 (each of these failed before its fix) ----
test_cli_classify_columns() { # classify on a CoNLL file without the tag column: a data error, not a score
    printf 'U00:%%x[0,0]\nB\n' > "$D/cc.tmpl"
    printf 'the DT B-NP\ncat NN I-NP\nsat VBD B-VP\n\na DT B-NP\ndog NN I-NP\nran VBD B-VP\n' > "$D/cc.txt"
    "$BIN" learn --template "$D/cc.tmpl" --passes 10 "$D/cc.txt" "$D/cc.model" 2> /dev/null || return 1
    printf 'the DT\ncat NN\n' > "$D/cc2.txt"
    "$BIN" classify "$D/cc2.txt" "$D/cc.model" "$D/ccp" > "$D/out" 2> "$D/err"; rc=$?
    [ $rc -eq 1 ] && grep -q 'cc2.txt: 2 columns; the model was trained on 3 (classify needs the tag column; use predict)' "$D/err" &&
        [ ! -s "$D/out" ] && [ ! -e "$D/ccp" ] || { echo "rc $rc: $(cat "$D/out")"; cat "$D/err"; return 1; }
    printf 'the DT B-NP x\n' > "$D/cc4.txt"
    "$BIN" classify "$D/cc4.txt" "$D/cc.model" "$D/ccp" 2> "$D/err"; rc=$?
    [ $rc -eq 1 ] && grep -q '4 columns; the model was trained on 3' "$D/err" || { echo "4 columns: rc $rc"; cat "$D/err"; return 1; }
    "$BIN" predict "$D/cc2.txt" "$D/cc.model" "$D/ccp" > /dev/null && [ "$(awk 'NF { print $NF }' "$D/ccp" | tr '\n' ' ')" = "B-NP I-NP " ] ||
        { echo "predict:"; cat "$D/ccp"; return 1; }
    "$BIN" classify "$D/cc.txt" "$D/cc.model" "$D/ccp" > "$D/out" && grep -q '^per-token accuracy' "$D/out" || return 1
}
test_cli_stored_objective() { # the model keeps the primal, dual and gap of the vector it holds (SSVM_W_BEST's)
    printf '1 1:1 2:0.1\n2 2:1 3:0.2\n3 3:1\n1 1:0.9 3:0.3\n2 2:0.8\n3 1:0.1 3:0.7\n2 1:0.5 2:0.6\n' > "$D/so.dat"
    # --target-primal: the library picks by primal (ms: the average has no dual, the iterate's gap is smaller)
    for run in "--solver ms --target-primal 100" "--solver ms --target-primal 100 --seed 2" \
               "--solver ssg --target-primal 100" "--lambda 0.1 --target-primal 0.9" "--lambda 0.1 -e 0.3"; do
        # shellcheck disable=SC2086
        "$BIN" learn $run --passes 5 "$D/so.dat" "$D/sob.model" 2> "$D/err" || { echo "$run"; cat "$D/err"; return 1; }
        grep -q -e '^converged' -e 'target primal reached' "$D/err" || { echo "$run: the rule was not met"; cat "$D/err"; return 1; }
        for v in average iterate; do
            # shellcheck disable=SC2086
            "$BIN" learn $run --passes 5 --returned $v "$D/so.dat" "$D/so_$v.model" 2> /dev/null || { echo "$run --returned $v"; return 1; }
            "$BIN" dump "$D/so_$v.model" > "$D/so_$v.txt" || return 1
        done
        "$BIN" dump "$D/sob.model" > "$D/sob.txt" || return 1
        if cmp -s "$D/sob.txt" "$D/so_average.txt"; then v=average
        elif cmp -s "$D/sob.txt" "$D/so_iterate.txt"; then v=iterate
        else echo "$run: the weights are neither the average nor the iterate"; return 1; fi
        "$BIN" info "$D/sob.model" | grep -E '^(primal|dual|gap): ' > "$D/ob1"
        "$BIN" info "$D/so_$v.model" | grep -E '^(primal|dual|gap): ' > "$D/ob2"
        # (no dual or gap line where the vector has none: ssg, ms's average)
        grep -q '^primal: [0-9]' "$D/ob1" && cmp -s "$D/ob1" "$D/ob2" ||
            { echo "$run: the $v's weights, another objective:"; cat "$D/ob1" "$D/ob2"; return 1; }
        echo "$run: the $v, its objective"
    done
}
test_cli_bias_format() { # --bias where the format fixes the bias (conll: none, arff: 1) is refused; the model keeps 1 or 0
    printf 'U00:%%x[0,0]\nB\n' > "$D/bf.tmpl"
    printf 'the DT B-NP\ncat NN I-NP\n\na DT B-NP\n' > "$D/bf.txt"
    printf '@relation r\n@attribute a numeric\n@attribute b numeric\n@attribute L1 {0,1}\n@attribute L2 {0,1}\n@data\n' > "$D/bf.arff"
    printf '1,0,1,0\n0,1,0,1\n1,1,1,1\n0.9,0.1,1,0\n0.1,0.8,0,1\n1,0.9,1,1\n' >> "$D/bf.arff"
    for bad in "--template $D/bf.tmpl --bias 1:bf.txt:conll has no bias" "--template $D/bf.tmpl --bias 0:bf.txt:conll has no bias" \
               "--bias 0:bf.arff:arff always adds a constant feature of 1" "--bias 1:bf.arff:arff always adds"; do
        args=${bad%%:*}; rest=${bad#*:}; f=${rest%%:*}; msg=${rest#*:}
        # shellcheck disable=SC2086
        "$BIN" learn --passes 3 $args "$D/$f" "$D/bfx.model" 2> "$D/err"; rc=$?
        [ $rc -eq 2 ] && grep -q -- "$msg" "$D/err" && [ ! -e "$D/bfx.model" ] || { echo "$args: rc $rc"; cat "$D/err"; return 1; }
    done
    "$BIN" learn --template "$D/bf.tmpl" --passes 10 "$D/bf.txt" "$D/bfc.model" 2> /dev/null || return 1
    "$BIN" learn --passes 40 "$D/bf.arff" "$D/bfa.model" 2> /dev/null || return 1
    "$BIN" info "$D/bfc.model" | grep -qx '  bias: 0' || { "$BIN" info "$D/bfc.model"; return 1; }
    "$BIN" info "$D/bfa.model" | grep -qx '  bias: 1' || { echo "arff: not the bias used"; "$BIN" info "$D/bfa.model"; return 1; }
    for bad in "bf.txt bfc.model:conll has no bias" "bf.arff bfa.model:arff always adds"; do
        args=${bad%%:*}; msg=${bad#*:}
        "$BIN" classify --bias 1 "$D/${args% *}" "$D/${args#* }" "$D/bfp" 2> "$D/err"; rc=$?
        [ $rc -eq 2 ] && grep -q "$msg" "$D/err" && [ ! -e "$D/bfp" ] || { echo "classify $args: rc $rc"; cat "$D/err"; return 1; }
    done
    # an arff model of 0.9 (it kept "bias: 0", the reader added 1 all the same) classifies as before
    "$BIN" classify "$D/bf.arff" "$D/bfa.model" "$D/bfp1" > "$D/o1" || return 1
    command -v gzip > /dev/null || { echo "skip: no gzip for the 0.9 model"; return 0; }
    reseal "$D/bfa.model" "$D/bfa09.model" 's/^bias: 1$/bias: 0/' || return 1
    "$BIN" info "$D/bfa09.model" | grep -qx '  bias: 0' || { "$BIN" info "$D/bfa09.model"; return 1; }
    "$BIN" classify "$D/bf.arff" "$D/bfa09.model" "$D/bfp2" > "$D/o2" || return 1
    cmp -s "$D/bfp1" "$D/bfp2" && cmp -s "$D/o1" "$D/o2" && grep -q 'subset accuracy 100.00%' "$D/o1" || { cat "$D/o1" "$D/o2"; return 1; }
}
test_cli_options_apply() { # an option that does not apply is a usage error (exit 2) that says why; the last --eval wins
    printf '1 1:1 2:0.1\n2 2:1 3:0.2\n3 3:1\n1 1:0.9 3:0.3\n2 2:0.8\n3 1:0.1 3:0.7\n' > "$D/ap.dat"
    printf '1 qid:1 1:1\n2 qid:1 2:1\n\n2 qid:2 2:1\n' > "$D/ap.hmm"
    printf 'U00:%%x[0,0]\nB\n' > "$D/ap.tmpl"
    printf 'the DT B-NP\ncat NN I-NP\n\na DT B-NP\n' > "$D/ap.txt"
    printf '@relation r\n@attribute a numeric\n@attribute L1 {0,1}\n@attribute L2 {0,1}\n@data\n1,1,0\n0,0,1\n1,1,1\n' > "$D/ap.arff"
    for bad in "--graph tree:ap.dat:--graph: arff only" "--graph indep --format svmhmm:ap.hmm:--graph: arff only" \
               "--graph tree --template $D/ap.tmpl:ap.txt:--graph: arff only" "--labels 1:ap.dat:--labels: arff only" \
               "--labels 1 --template $D/ap.tmpl:ap.txt:--labels: arff only" \
               "--format svmhmm --template $D/ap.tmpl:ap.hmm:--template: conll only" "--template $D/ap.tmpl:ap.arff:--template: conll only" \
               "--checkpoint-every 2:ap.dat:only with --checkpoint" "--max-atoms 4:ap.dat:--max-atoms: only with" \
               "--max-atoms 4 --steps fw:ap.dat:--max-atoms: only with" "--target-primal 0.5 --eval off:ap.dat:--eval off evaluates no primal" \
               "--eval off --target-primal 0.5 --eval predict --eval off:ap.dat:--eval off evaluates no primal"; do
        args=${bad%%:*}; rest=${bad#*:}; f=${rest%%:*}; msg=${rest#*:}
        rm -f "$D/apx.model"
        # shellcheck disable=SC2086
        "$BIN" learn --passes 3 $args "$D/$f" "$D/apx.model" 2> "$D/err"; rc=$?
        [ $rc -eq 2 ] && grep -q -- "$msg" "$D/err" && [ ! -e "$D/apx.model" ] && ! grep -q '^pass' "$D/err" ||
            { echo "$args: rc $rc, expected 2 and '$msg'"; cat "$D/err"; return 1; }
    done
    # where they apply: taken
    for good in "--graph tree:ap.arff" "--labels 2:ap.arff" "--max-atoms 4 --cache:ap.dat" "--max-atoms 4 --steps away:ap.dat" \
                "--checkpoint $D/ap.ckpt --checkpoint-every 2:ap.dat" "--target-primal 0.5 --eval predict:ap.dat"; do
        args=${good%%:*}; f=${good#*:}
        # shellcheck disable=SC2086
        "$BIN" learn --passes 3 $args "$D/$f" "$D/apx.model" 2> "$D/err" || { echo "$args: rc $?"; cat "$D/err"; return 1; }
    done
    "$BIN" learn --passes 3 "$D/ap.dat" "$D/ap.model" 2> /dev/null || return 1
    "$BIN" learn --passes 3 --template "$D/ap.tmpl" "$D/ap.txt" "$D/apc.model" 2> /dev/null || return 1
    for bad in "--labels 1:ap.dat:ap.model:--labels: arff only" "--template $D/ap.tmpl:ap.dat:ap.model:--template: conll only" \
                "--labels 1:ap.txt:apc.model:--labels: arff only"; do
        args=${bad%%:*}; rest=${bad#*:}; f=${rest%%:*}; rest=${rest#*:}; m=${rest%%:*}; msg=${rest#*:}
        for c in classify predict; do
            # shellcheck disable=SC2086
            "$BIN" $c $args "$D/$f" "$D/$m" "$D/app" 2> "$D/err"; rc=$?
            [ $rc -eq 2 ] && grep -q -- "$msg" "$D/err" && [ ! -e "$D/app" ] || { echo "$c $args: rc $rc"; cat "$D/err"; return 1; }
        done
    done
    # the last --eval wins: off then every evaluates every pass, off then predict at least the first
    "$BIN" learn --passes 3 -e 0 --eval off --eval every "$D/ap.dat" "$D/apx.model" 2> "$D/err" || return 1
    [ "$(grep -c '^pass .*primal' "$D/err")" -eq 3 ] || { echo "--eval off --eval every:"; cat "$D/err"; return 1; }
    "$BIN" learn --passes 3 -e 0 --eval off --eval predict "$D/ap.dat" "$D/apx.model" 2> "$D/err" || return 1
    grep -q '^pass    1  [a-z]* primal' "$D/err" || { echo "--eval off --eval predict:"; cat "$D/err"; return 1; }
    "$BIN" learn --passes 3 -e 0 --eval predict --eval every "$D/ap.dat" "$D/apx.model" 2> "$D/err" || return 1
    [ "$(grep -c '^pass .*primal' "$D/err")" -eq 3 ] || { echo "--eval predict --eval every:"; cat "$D/err"; return 1; }
    "$BIN" learn --passes 3 -e 0 --eval every --eval off "$D/ap.dat" "$D/apx.model" 2> "$D/err" || return 1
    ! grep -q 'primal' "$D/err" || { echo "--eval every --eval off:"; cat "$D/err"; return 1; }
}
test_cli_init_bias() { # --init of a model trained without a bias: its bias, not the default 1 (the same dimension)
    printf '1 1:1 2:0.1\n2 2:1 3:0.2\n3 3:1\n1 1:0.9\n2 2:0.8\n3 1:0.1 3:0.7\n' > "$D/ib.dat"
    printf '1 1:0.8 2:0.2\n2 2:0.9 3:0.1\n3 1:0.1 3:0.9\n' > "$D/ib2.dat"
    "$BIN" learn --bias 0 --lambda 0.1 --passes 30 "$D/ib.dat" "$D/ib0.model" 2> /dev/null || return 1
    "$BIN" learn --lambda 0.1 --passes 30 --init "$D/ib0.model" "$D/ib2.dat" "$D/ib1.model" 2> "$D/err" || { cat "$D/err"; return 1; }
    "$BIN" info "$D/ib1.model" > "$D/info"
    grep -qx '  bias: 0' "$D/info" && grep -q '^attributes: 3$' "$D/info" || { cat "$D/info"; return 1; }
    "$BIN" classify "$D/ib2.dat" "$D/ib1.model" "$D/ibp" > "$D/out" && grep -qx 'accuracy 100.00% (3 of 3)' "$D/out" || { cat "$D/out"; return 1; }
    # a --bias that contradicts the initial model: the message names the bias
    "$BIN" learn --bias 1 --passes 3 --init "$D/ib0.model" "$D/ib2.dat" "$D/ibx.model" 2> "$D/err"; rc=$?
    [ $rc -eq 1 ] && grep -q 'warm start' "$D/err" && grep -q -- '--bias 1' "$D/err" || { echo "rc $rc"; cat "$D/err"; return 1; }
}
test_cli_pred_tmp_removed() { # a classify or predict that fails after opening NAME.tmp removes it (here: out of memory)
    [ -n "$SANITIZED" ] && { echo "skip: an address-space limit under $SANITIZED"; return 0; }
    printf '1 qid:1 1:1\n2000 qid:1 2:1\n' > "$D/pt.hmm" # 2000 labels: 4M transition weights (32 MB)
    "$BIN" learn --format svmhmm --passes 1 --eval off "$D/pt.hmm" "$D/pt.model" 2> /dev/null || return 1
    # one sequence of 20000 tokens: Viterbi's work 20000 x 2000 x 12 bytes, over a 300 MB address space
    awk 'BEGIN { for (i = 0; i < 20000; i++) print "1 qid:1 1:1" }' > "$D/ptl.hmm"
    echo old > "$D/ptp"
    for c in predict classify; do
        (ulimit -v 300000 2> /dev/null || exit 77; exec "$BIN" $c "$D/ptl.hmm" "$D/pt.model" "$D/ptp") > /dev/null 2> "$D/err"; rc=$?
        [ $rc -eq 77 ] && { echo "skip: ulimit -v not available"; return 0; }
        [ $rc -eq 1 ] && grep -q 'out of memory' "$D/err" || { echo "$c: rc $rc"; cat "$D/err"; return 1; }
        no_tmp "$D/ptp" && [ "$(cat "$D/ptp")" = old ] || { echo "$c: a stray ptp.tmp, or ptp lost"; return 1; }
    done
}
# ---- the tool's review (each of these failed before its fix) ----
test_cli_output_link() { # an output through a symbolic link: its target written (atomically), the link kept
    printf '1 1:1 2:0.1\n2 2:1 3:0.2\n3 3:1\n1 1:0.9\n2 2:0.8\n3 1:0.1 3:0.7\n' > "$D/ol.dat"
    mkdir "$D/ol"
    echo old > "$D/ol/real.pred"; ln -s ol/real.pred "$D/ol.pred"; ln -s real.model "$D/ol/m.link"
    ln -s ol/dangling.c "$D/ol.c"; ln -s ol/real.ckpt "$D/ol.ckpt"
    "$BIN" learn --passes 3 --checkpoint "$D/ol.ckpt" "$D/ol.dat" "$D/ol/m.link" 2> /dev/null || return 1
    "$BIN" classify "$D/ol.dat" "$D/ol/m.link" "$D/ol.pred" > /dev/null || return 1
    "$BIN" export-c "$D/ol/m.link" "$D/ol.c" || return 1
    for l in ol.pred ol/m.link ol.c ol.ckpt; do [ -L "$D/$l" ] || { echo "$l: the link was replaced"; return 1; }; done
    [ "$(tr '\n' ' ' < "$D/ol/real.pred")" = "1 2 3 1 2 3 " ] || { echo "real.pred: $(cat "$D/ol/real.pred")"; return 1; }
    "$BIN" info "$D/ol/real.model" > /dev/null && grep -q 'model_w\[' "$D/ol/dangling.c" && [ -s "$D/ol/real.ckpt" ] ||
        { ls -l "$D/ol"; return 1; }
    [ -z "$(find "$D" -name '*.tmp' -o -name '*.tmp.??????')" ] || { echo "a stray NAME.tmp"; return 1; }
}
test_cli_output_device() { # an output that is a device or FIFO is written in place, never replaced by a file
    printf '1 1:1 2:0.1\n2 2:1 3:0.2\n3 3:1\n1 1:0.9\n2 2:0.8\n3 1:0.1 3:0.7\n' > "$D/od.dat"
    "$BIN" learn --passes 3 "$D/od.dat" "$D/od.model" 2> /dev/null || return 1
    # a symbolic link to /dev/null (made here: /dev/null itself is not named)
    ln -s /dev/null "$D/null"
    "$BIN" learn --passes 3 --checkpoint "$D/null" "$D/od.dat" "$D/null" 2> /dev/null || { echo "learn to a null link"; return 1; }
    "$BIN" classify "$D/od.dat" "$D/od.model" "$D/null" > /dev/null && "$BIN" export-c "$D/od.model" "$D/null" || return 1
    [ -L "$D/null" ] && [ -c /dev/null ] && no_tmp "$D/null" || { echo "the link to /dev/null was replaced"; return 1; }
    command -v mkfifo > /dev/null || { echo "skip: no mkfifo"; return 0; }
    mkfifo "$D/od.fifo" || { echo "skip: mkfifo failed"; return 0; }
    cat "$D/od.fifo" > "$D/od.got" & pid=$!
    "$BIN" predict "$D/od.dat" "$D/od.model" "$D/od.fifo" || { kill $pid 2> /dev/null; return 1; }
    [ -p "$D/od.fifo" ] || { kill $pid 2> /dev/null; echo "the fifo was replaced"; return 1; } # cat would wait on
    wait $pid
    [ -p "$D/od.fifo" ] && [ "$(tr '\n' ' ' < "$D/od.got")" = "1 2 3 1 2 3 " ] || { echo "fifo: $(cat "$D/od.got")"; return 1; }
    # a device node of our own (root only; a nodev file system refuses to open it)
    [ "$(id -u)" -eq 0 ] || { echo "skip: a device node needs root"; return 0; }
    mknod "$D/od.null" c 1 3 2> /dev/null && (: > "$D/od.null") 2> /dev/null || { echo "skip: no device node here (nodev?)"; return 0; }
    "$BIN" classify "$D/od.dat" "$D/od.model" "$D/od.null" > /dev/null && "$BIN" export-c "$D/od.model" "$D/od.null" || return 1
    [ -c "$D/od.null" ] || { echo "the device node was replaced"; return 1; }
}
test_cli_output_dir() { # a directory as an output: refused before the data is read (exit 3), named as written
    printf '1 1:1\n2 2:1\n' > "$D/odr.dat"; mkdir "$D/odr"; ln -s odr "$D/odr.link"
    "$BIN" learn --passes 2 "$D/odr.dat" "$D/odr.model" 2> /dev/null || return 1
    for run in "learn $D/odr.dat $D/odr" "learn $D/odr.dat $D/odr.link" "learn --checkpoint $D/odr $D/odr.dat $D/odr2.model" \
               "classify $D/odr.dat $D/odr.model $D/odr" "export-c $D/odr.model $D/odr"; do
        # shellcheck disable=SC2086
        "$BIN" $run > /dev/null 2> "$D/err"; rc=$?
        [ $rc -eq 3 ] && grep -q 'odr[.link]*: cannot write: Is a directory' "$D/err" && ! grep -q -e examples -e input "$D/err" ||
            { echo "$run: rc $rc"; cat "$D/err"; return 1; }
    done
    [ ! -e "$D/odr2.model" ] || return 1
}
test_cli_output_retarget() { # an output path changed during the run: decided again when written (a link
    # retargeted after the up-front check writes the new target; a directory put in its place is exit 3). The input
    # is a FIFO: its writer opens it once the tool has checked its outputs and started reading, then changes the path
    command -v mkfifo > /dev/null && command -v timeout > /dev/null || { echo "skip: no mkfifo or timeout"; return 0; }
    printf '1 1:1 2:0.1\n2 2:1 3:0.2\n3 3:1\n1 1:0.9\n2 2:0.8\n3 1:0.1 3:0.7\n' > "$D/rt.dat"
    mkdir "$D/rt"; echo old > "$D/rt/a.model"; ln -s rt/a.model "$D/rt.model"
    mkfifo "$D/rt.in" || { echo "skip: mkfifo failed"; return 0; }
    timeout 60 sh -c 'exec 3> "$1"; ln -sfn rt/b.model "$2"; cat "$3" >&3' sh "$D/rt.in" "$D/rt.model" "$D/rt.dat" &
    "$BIN" learn --passes 3 "$D/rt.in" "$D/rt.model" 2> "$D/err" || { cat "$D/err"; return 1; }
    wait
    [ -L "$D/rt.model" ] && [ "$(cat "$D/rt/a.model")" = old ] && "$BIN" info "$D/rt/b.model" > /dev/null ||
        { echo "retargeted link: not written to its new target"; ls -l "$D/rt" "$D/rt.model"; return 1; }
    timeout 60 sh -c 'exec 3> "$1"; rm "$2"; mkdir "$2"; cat "$3" >&3' sh "$D/rt.in" "$D/rt.model" "$D/rt.dat" &
    "$BIN" learn --passes 3 "$D/rt.in" "$D/rt.model" 2> "$D/err"; rc=$?
    wait
    [ $rc -eq 3 ] && grep -q 'rt.model: cannot write: Is a directory' "$D/err" ||
        { echo "a directory in its place: rc $rc"; cat "$D/err"; return 1; }
    [ -z "$(find "$D" -name '*.tmp' -o -name '*.tmp.??????')" ] || { echo "a stray NAME.tmp"; return 1; }
}
# ---- the tool's second review (each failed before its fix) ----
test_cli_output_is_input() { # an output that is an input (or another output) is a usage error; the input stays
    printf '1 1:1 2:0.5\n2 1:-1 3:1\n3 2:1 3:-0.5\n1 1:0.8 2:0.4\n2 1:-0.9 3:0.8\n3 2:0.9 3:-0.3\n' > "$D/oi.txt"
    cp "$D/oi.txt" "$D/oi.keep"; ln -s oi.txt "$D/oi.alias"
    "$BIN" learn --passes 2 "$D/oi.txt" "$D/oi.model" 2> /dev/null && cp "$D/oi.model" "$D/oim.keep" || return 1
    for run in "learn --passes 2 $D/oi.txt $D/oi.txt" "learn --passes 2 $D/oi.txt $D/oi.alias" \
               "learn --passes 2 --checkpoint $D/oi.txt $D/oi.txt $D/oi2.model" \
               "learn --passes 2 --checkpoint $D/oi.model --init $D/oi.model $D/oi.txt $D/oi3.model" \
               "learn --passes 2 --checkpoint $D/oi.ck $D/oi.txt $D/oi.ck" \
               "classify $D/oi.txt $D/oi.model $D/oi.model" "classify $D/oi.txt $D/oi.model $D/oi.txt" \
               "export-c $D/oi.model $D/oi.model"; do
        # shellcheck disable=SC2086
        "$BIN" $run > /dev/null 2> "$D/err"; rc=$?
        [ $rc -eq 2 ] && grep -q 'an output never overwrites an input' "$D/err" || { echo "$run: rc $rc"; cat "$D/err"; return 1; }
        cmp -s "$D/oi.txt" "$D/oi.keep" && cmp -s "$D/oi.model" "$D/oim.keep" || { echo "$run: an input was lost"; return 1; }
    done
    [ ! -e "$D/oi.ck" ] && [ ! -e "$D/oi2.model" ] || return 1
    # what stays allowed: --init M writing M (read first), --resume C --checkpoint C
    "$BIN" learn --passes 2 --checkpoint "$D/oi.c2" "$D/oi.txt" "$D/oi4.model" 2> /dev/null &&
        "$BIN" learn --passes 4 --resume "$D/oi.c2" --checkpoint "$D/oi.c2" "$D/oi.txt" "$D/oi4.model" 2> /dev/null &&
        "$BIN" learn --passes 2 --init "$D/oi4.model" "$D/oi.txt" "$D/oi4.model" 2> /dev/null || { echo "allowed forms refused"; return 1; }
}
test_cli_tmp_exclusive() { # the temporary file is new and exclusive: a link named NAME.tmp is not written through, a
    # file named so is not removed, concurrent runs on one output never tear it, and NAME's permissions are kept
    printf '1 1:1 2:0.5\n2 1:-1 3:1\n3 2:1 3:-0.5\n1 1:0.8 2:0.4\n2 1:-0.9 3:0.8\n3 2:0.9 3:-0.3\n' > "$D/te.txt"
    printf 'precious\n' > "$D/te.precious"; ln -s te.precious "$D/te.model.tmp"
    "$BIN" learn --passes 2 "$D/te.txt" "$D/te.model" 2> /dev/null || return 1
    [ "$(cat "$D/te.precious")" = precious ] && [ -L "$D/te.model.tmp" ] || { echo "written through te.model.tmp"; return 1; }
    cp "$D/te.txt" "$D/m.tmp"
    "$BIN" learn --passes 2 "$D/m.tmp" "$D/m" 2> /dev/null && cmp -s "$D/m.tmp" "$D/te.txt" || { echo "m.tmp lost"; return 1; }
    "$BIN" learn --passes 1 --lambda 0.01 "$D/te.txt" "$D/ta.model" 2> /dev/null &&
        "$BIN" learn --passes 1 --lambda 0.5 "$D/te.txt" "$D/tb.model" 2> /dev/null &&
        "$BIN" export-c "$D/ta.model" "$D/ta.c" && "$BIN" export-c "$D/tb.model" "$D/tb.c" || return 1
    i=0
    while [ $i -lt 8 ]; do
        "$BIN" export-c "$D/ta.model" "$D/to.c" & p1=$!
        "$BIN" export-c "$D/tb.model" "$D/to.c" & p2=$!
        wait $p1; r1=$?; wait $p2; r2=$?
        [ $r1 -eq 0 ] && [ $r2 -eq 0 ] && { cmp -s "$D/to.c" "$D/ta.c" || cmp -s "$D/to.c" "$D/tb.c"; } ||
            { echo "concurrent export-c: rc $r1 $r2, to.c torn"; return 1; }
        i=$((i+1))
    done
    printf 'old\n' > "$D/tp.pred"; chmod 600 "$D/tp.pred"
    "$BIN" classify "$D/te.txt" "$D/te.model" "$D/tp.pred" > /dev/null || return 1
    [ "$(ls -l "$D/tp.pred" | cut -c1-10)" = "-rw-------" ] || { echo "mode: $(ls -l "$D/tp.pred")"; return 1; }
    [ -z "$(find "$D" -name '*.tmp.??????')" ] || { echo "a stray NAME.tmp.XXXXXX"; return 1; }
    if [ "$(id -u)" -ne 0 ]; then # a file this user may not write is refused, not replaced (root may write it)
        cp "$D/te.model" "$D/ro.model"; chmod 444 "$D/ro.model"
        "$BIN" learn --passes 2 "$D/te.txt" "$D/ro.model" 2> "$D/err"; rc=$?
        [ $rc -eq 3 ] && grep -q 'ro.model: cannot write: Permission denied' "$D/err" && cmp -s "$D/ro.model" "$D/te.model" ||
            { echo "read-only model: rc $rc"; return 1; }
    fi
}
test_cli_checkpoint_fail() { # a checkpoint that cannot be written: exit 3 (an I/O error) with the reason, not 1
    # 2000 rows: a checkpoint of some 50 kB, over ulimit -f 1 (512 or 1024 bytes), the messages under it
    i=0; : > "$D/cf.dat"
    while [ $i -lt 2000 ]; do printf '%d 1:%d 2:0.%d 3:1\n' $((i % 3 + 1)) $((i % 7)) $((i % 10)) >> "$D/cf.dat"; i=$((i+1)); done
    (ulimit -f 1 && trap '' XFSZ && exec "$BIN" learn --passes 3 --checkpoint "$D/cf.ckpt" "$D/cf.dat" "$D/cf.model") 2> "$D/err"; rc=$?
    [ $rc -eq 3 ] && grep -q 'cf.ckpt: cannot write: File too large' "$D/err" && [ ! -e "$D/cf.ckpt" ] && no_tmp "$D/cf.ckpt" &&
        [ ! -e "$D/cf.model" ] || { echo "rc $rc"; cat "$D/err"; return 1; }
}
test_cli_graph_tree_labels() { # --graph tree over more than 64 labels: the Chow-Liu tree (L - 1 edges), not none
    { printf '@relation r\n@attribute a numeric\n'; i=1; while [ $i -le 70 ]; do printf '@attribute L%d {0,1}\n' $i; i=$((i+1)); done
      printf '@data\n'; for r in 1 2 3 4 5; do printf '0.%d' $r; i=1; while [ $i -le 70 ]; do printf ',%d' $(((i * r) % 3 == 0)); i=$((i+1)); done; echo; done
    } > "$D/l70.arff"
    "$BIN" learn --graph tree --passes 2 "$D/l70.arff" "$D/l70.model" 2> "$D/err" || { cat "$D/err"; return 1; }
    "$BIN" info "$D/l70.model" | grep -q '^edges: 69 ' || { "$BIN" info "$D/l70.model" | grep '^edges'; return 1; }
}
test_cli_c_overrides() { # -c overrides --lambda whichever comes first (the help: "-c overrides")
    printf '1 1:1\n2 2:1\n' > "$D/co.dat"
    "$BIN" learn -c 10 --lambda 0.5 --passes 2 "$D/co.dat" "$D/co1.model" 2> /dev/null &&
        "$BIN" learn --lambda 0.5 -c 10 --passes 2 "$D/co.dat" "$D/co2.model" 2> /dev/null || return 1
    for m in co1 co2; do "$BIN" info "$D/$m.model" | grep -qx 'lambda: 0.10000000000000001' || { echo "$m: not 1/C"; return 1; }; done
}
test_cli_input_io() { # an input that cannot be read is an I/O error (exit 3, the system's reason), not a data error
    printf '1 1:1 2:0.1\n2 2:1 3:0.2\n3 3:1\n' > "$D/ii.dat"; mkdir "$D/iid"
    printf 'U00:%%x[0,0]\nB\n' > "$D/ii.tmpl"; printf 'the DT B-NP\ncat NN I-NP\n' > "$D/ii.txt"
    "$BIN" learn --passes 2 "$D/ii.dat" "$D/ii.model" 2> /dev/null || return 1
    "$BIN" learn --passes 2 --template "$D/ii.tmpl" "$D/ii.txt" "$D/iic.model" 2> /dev/null || return 1
    for run in "learn $D/iid $D/x.model" "learn --template $D/iid $D/ii.txt $D/x.model" "learn --init $D/iid $D/ii.dat $D/x.model" \
               "info $D/iid" "dump $D/iid" "export-c $D/iid $D/x.c" "classify $D/ii.dat $D/iid $D/x.pred" \
               "classify --template $D/iid $D/ii.txt $D/iic.model $D/x.pred" "predict $D/iid $D/ii.model $D/x.pred"; do
        # shellcheck disable=SC2086
        "$BIN" $run > /dev/null 2> "$D/err"; rc=$?
        [ $rc -eq 3 ] && grep -q 'iid: cannot [a-z]*: Is a directory' "$D/err" || { echo "$run: rc $rc"; cat "$D/err"; return 1; }
    done
    command -v gzip > /dev/null || { echo "skip: no gzip"; return 0; }
    # a corrupt .gz (garbage before the stream): gzip's failure, not the parse error of what it let through
    { printf 'x'; gzip -c "$D/ii.dat"; } > "$D/bad.dat.gz"
    "$BIN" learn --passes 2 "$D/bad.dat.gz" "$D/x.model" 2> "$D/err"; rc=$?
    [ $rc -eq 3 ] && grep -q 'bad.dat.gz: gzip failed' "$D/err" && ! grep -q 'bad.dat.gz:[0-9]' "$D/err" || { echo "corrupt .gz: rc $rc"; cat "$D/err"; return 1; }
    # a good .gz with a bad line: the data error and its line, whatever is left unread
    { printf '1 1:1\n2 x\n'; i=0; while [ $i -lt 30000 ]; do echo '1 1:1'; i=$((i+1)); done; } | gzip -c > "$D/pe.dat.gz" # over a pipe's 64 KiB
    "$BIN" learn --passes 2 "$D/pe.dat.gz" "$D/x.model" 2> "$D/err"; rc=$?
    [ $rc -eq 1 ] && grep -q 'pe.dat.gz:2:3:' "$D/err" || { echo "parse error in a .gz: rc $rc"; cat "$D/err"; return 1; }
}
test_cli_stdout_full() { # standard output that cannot be written (a full disk): exit 3, "No space left on device"
    [ -c /dev/full ] || { echo "skip: no /dev/full"; return 0; }
    printf '1 1:1\n2 2:1\n' > "$D/sf.dat"
    "$BIN" learn --passes 2 "$D/sf.dat" "$D/sf.model" 2> /dev/null || return 1
    for run in "info $D/sf.model" "dump $D/sf.model" "--help" "help learn" "learn --help" "export-c $D/sf.model -" \
               "predict $D/sf.dat $D/sf.model -" "learn --passes 2 $D/sf.dat -"; do
        # shellcheck disable=SC2086
        "$BIN" $run > /dev/full 2> "$D/err"; rc=$?
        [ $rc -eq 3 ] && grep -q 'stdout: cannot write: No space left on device' "$D/err" || { echo "$run: rc $rc"; cat "$D/err"; return 1; }
    done
}
test_cli_dash() { # '-': standard input for every file read (one a command), standard output for every file written
    printf '1 1:1 2:0.1\n2 2:1 3:0.2\n3 3:1\n1 1:0.9\n2 2:0.8\n3 1:0.1 3:0.7\n' > "$D/da.dat"
    printf 'U00:%%x[0,0]\nB\n' > "$D/da.tmpl"; printf 'the DT B-NP\ncat NN I-NP\n' > "$D/da.txt"
    "$BIN" learn --passes 5 "$D/da.dat" "$D/da.model" 2> /dev/null || return 1
    # in $D: a tool that took '-' for a file name would write it there
    B=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
    (cd "$D" && exec "$B" learn --passes 5 da.dat - > da2.model 2> /dev/null) && cmp -s "$D/da.model" "$D/da2.model" &&
        [ ! -e "$D/-" ] || { echo "learn to stdout"; return 1; }
    "$BIN" info - < "$D/da.model" | grep -q '^kind: multiclass' && "$BIN" dump - < "$D/da.model" | grep -q '^0 ' || { echo "info, dump -"; return 1; }
    "$BIN" classify "$D/da.dat" - "$D/da.pred" < "$D/da.model" > /dev/null || { echo "classify, model -"; return 1; }
    [ "$("$BIN" predict "$D/da.dat" "$D/da.model" - | tr '\n' ' ')" = "1 2 3 1 2 3 " ] || { echo "predict to -"; return 1; }
    # classify's predictions on stdout: its score goes to stderr, not among them
    [ "$("$BIN" classify "$D/da.dat" "$D/da.model" - 2> "$D/da.err" | tr '\n' ' ')" = "1 2 3 1 2 3 " ] &&
        grep -q '^accuracy ' "$D/da.err" || { echo "classify to -"; cat "$D/da.err"; return 1; }
    "$BIN" export-c - - < "$D/da.model" | grep -q 'model_w\[' || { echo "export-c - -"; return 1; }
    "$BIN" learn --passes 2 --init - "$D/da.dat" "$D/da3.model" < "$D/da.model" 2> /dev/null || { echo "--init -"; return 1; }
    "$BIN" learn --passes 3 --template - "$D/da.txt" "$D/dac.model" < "$D/da.tmpl" 2> /dev/null &&
        "$BIN" classify --template - "$D/da.txt" "$D/dac.model" "$D/dac.pred" < "$D/da.tmpl" > /dev/null || { echo "--template -"; return 1; }
    for bad in "classify - - $D/x.pred:for 2 inputs" "learn --init - - $D/x.model:for 2 inputs" \
               "learn --checkpoint - $D/da.dat $D/x.model:--checkpoint: a file, not" \
               "learn --resume - $D/da.dat $D/x.model:--resume: a file, not"; do
        # shellcheck disable=SC2086
        "$BIN" ${bad%%:*} < "$D/da.model" > /dev/null 2> "$D/err"; rc=$?
        [ $rc -eq 2 ] && grep -q -- "${bad#*:}" "$D/err" || { echo "${bad%%:*}: rc $rc"; cat "$D/err"; return 1; }
    done
}
test_cli_repeated_options() { # an option given twice is a usage error naming it (--eval alone: the last wins)
    printf '1 1:1 2:0.1\n2 2:1 3:0.2\n3 3:1\n' > "$D/ro.dat"
    for bad in "--solver fw --solver bcfw:--solver given twice" "-e 0.1 --gap 0.2:--gap given twice" \
               "--cache --cache:--cache given twice" "-c 1 -c 2:-c given twice" "--seed 1 --seed 2:--seed given twice"; do
        # shellcheck disable=SC2086
        "$BIN" learn ${bad%%:*} "$D/ro.dat" "$D/ro.model" 2> "$D/err"; rc=$?
        [ $rc -eq 2 ] && grep -q -- "${bad#*:}" "$D/err" && [ ! -e "$D/ro.model" ] || { echo "${bad%%:*}: rc $rc"; cat "$D/err"; return 1; }
    done
    "$BIN" classify --bias 1 --bias 1 "$D/ro.dat" "$D/ro.model" "$D/ro.pred" 2> "$D/err"; rc=$?
    [ $rc -eq 2 ] && grep -q -- '--bias given twice' "$D/err" || { echo "classify: rc $rc"; return 1; }
    # --resume goes on with the checkpoint's random state; --seed (the first run's) is recorded: the same bytes as
    # the run never stopped
    "$BIN" learn --gap 0 --passes 2 --seed 7 --checkpoint "$D/ro.ckpt" "$D/ro.dat" "$D/ro.model" 2> /dev/null || return 1
    "$BIN" learn --gap 0 --passes 4 --resume "$D/ro.ckpt" --seed 7 "$D/ro.dat" "$D/ro2.model" 2> /dev/null &&
        "$BIN" learn --gap 0 --passes 4 --seed 7 "$D/ro.dat" "$D/ro3.model" 2> /dev/null || return 1
    cmp -s "$D/ro2.model" "$D/ro3.model" && "$BIN" info "$D/ro2.model" | grep -qx 'seed: 7' || { echo "--seed --resume"; return 1; }
}
test_cli_init_kind() { # --init of a model of another kind is refused even when the dimension matches
    # a chain of 2 labels over 3 features (2 and the bias): 2 x 3 + 2 x 2 = 10 weights; multiclass, 2 x 5: 10 too
    printf '1 qid:1 1:1\n2 qid:1 2:1\n1 qid:2 1:1 2:0.5\n' > "$D/ik.hmm"; printf '1 1:1 3:1\n2 2:1 4:1\n1 1:0.5 4:0.2\n' > "$D/ik.dat"
    "$BIN" learn --format svmhmm --passes 3 "$D/ik.hmm" "$D/ikh.model" 2> /dev/null &&
        "$BIN" learn --passes 3 "$D/ik.dat" "$D/ikm.model" 2> /dev/null || return 1
    "$BIN" info "$D/ikh.model" | grep -qx 'weights: 10' && "$BIN" info "$D/ikm.model" | grep -qx 'weights: 10' || { echo "not 10 weights"; return 1; }
    "$BIN" learn --passes 3 --init "$D/ikh.model" "$D/ik.dat" "$D/x.model" 2> "$D/err"; rc=$?
    [ $rc -eq 1 ] && grep -q 'no warm start for this data: a chain model' "$D/err" && [ ! -e "$D/x.model" ] || { echo "chain into multiclass: rc $rc"; cat "$D/err"; return 1; }
    "$BIN" learn --format svmhmm --passes 3 --init "$D/ikm.model" "$D/ik.hmm" "$D/x.model" 2> "$D/err"; rc=$?
    [ $rc -eq 1 ] && grep -q 'a multiclass model' "$D/err" || { echo "multiclass into chain: rc $rc"; cat "$D/err"; return 1; }
    "$BIN" learn --passes 3 --init "$D/ikm.model" "$D/ik.dat" "$D/x.model" 2> /dev/null || { echo "the same kind refused"; return 1; }
}
test_cli_progress_tty() { # on a terminal, each progress line fully covers the longer one before it ('\r', no ghost)
    command -v script > /dev/null || { echo "skip: no script(1) for a terminal"; return 0; }
    printf '1 1:1 2:0.1 # a\n2 2:1 3:0.2\n3 3:1\n1 1:0.9\n2 2:0.8\n3 1:0.1 3:0.7\n' > "$D/pt.dat"
    script -qec "'$RAW_BIN' learn --lambda 0.1 --gap 0.001 --passes 5000 --eval predict '$D/pt.dat' '$D/pt.model'" "$D/pt.ts" \
        > /dev/null 2>&1 < /dev/null || { echo "skip: script(1) could not run the tool on a terminal"; return 0; }
    grep -q 'not evaluated' "$D/pt.ts" || { echo "skip: no progress on the terminal"; return 0; }
    # replay the terminal line: what a shorter line leaves of the one before must be blank
    awk 'BEGIN { RS = "\r" } !/^pass/ { line = "" } /^pass/ { rest = substr(line, length($0) + 1); line = $0 rest
         if (rest ~ /[^ ]/) { print "left over: " line; bad = 1; exit } } END { exit bad }' "$D/pt.ts" || return 1
}
test_cli_no_nan() { # no non-finite number in a progress line or in info: a vector without a dual prints none
    printf '1 1:1 2:0.5\n2 1:-1 3:1\n3 2:1 3:-0.5\n1 1:0.8 2:0.4\n2 1:-0.9 3:0.8\n3 2:0.9 3:-0.3\n' > "$D/nn.dat"
    for a in "--solver ssg" "--solver ms" "--eval off" "--solver ssg --average none"; do
        # shellcheck disable=SC2086
        "$BIN" learn $a --passes 2 "$D/nn.dat" "$D/nn.model" 2> "$D/err" && "$BIN" info "$D/nn.model" > "$D/info" || { echo "$a: failed"; cat "$D/err"; return 1; }
        ! grep -qi 'nan\|inf' "$D/err" "$D/info" || { echo "$a:"; cat "$D/err" "$D/info"; return 1; }
        ! grep -q '^dual: \|^gap: ' "$D/info" || { echo "$a: a dual or gap in info"; cat "$D/info"; return 1; }
    done
    "$BIN" info "$D/nn.model" | grep -qx 'primal: 3.1250000000000009' || { "$BIN" info "$D/nn.model"; return 1; } # ssg, none
    # ms: the average has no gap; the line shows the iterate, whose gap the stopping rule reads
    "$BIN" learn --solver ms --passes 2 "$D/nn.dat" "$D/nn.model" 2> "$D/err" || return 1
    grep -q '^pass    2  iterate primal [0-9.e-]*  .*gap [0-9.e-]*  ' "$D/err" || { cat "$D/err"; return 1; }
    "$BIN" learn --eval off --passes 2 "$D/nn.dat" "$D/nn.model" 2> /dev/null || return 1
    "$BIN" info "$D/nn.model" | grep -qx 'primal: not evaluated' || { "$BIN" info "$D/nn.model"; return 1; }
    # where there is a dual, it is printed
    "$BIN" learn --passes 2 "$D/nn.dat" "$D/nn.model" 2> "$D/err" || return 1
    grep -q '^pass    2  [a-z]* primal [0-9.e-]*  dual [0-9.e-]*  gap ' "$D/err" && "$BIN" info "$D/nn.model" | grep -q '^gap: 0\.' || { cat "$D/err"; return 1; }
}
test_cli_gap_no_gap() { # -e/--gap where no gap is evaluated (ssg, --eval off) is a usage error
    printf '1 1:1 2:0.5\n2 1:-1 3:1\n3 2:1 3:-0.5\n' > "$D/ge.dat"
    for bad in "--solver ssg -e 0.01:-e/--gap: --solver ssg has no dual" "--eval off --gap 0.01:-e/--gap: --eval off evaluates no gap" \
               "--eval off --solver ssg --gap 1e-9:-e/--gap: "; do
        # shellcheck disable=SC2086
        "$BIN" learn ${bad%%:*} --passes 2 "$D/ge.dat" "$D/ge.model" 2> "$D/err"; rc=$?
        [ $rc -eq 2 ] && grep -q -- "${bad#*:}" "$D/err" && [ ! -e "$D/ge.model" ] || { echo "${bad%%:*}: rc $rc"; cat "$D/err"; return 1; }
    done
    # -e 0 (never) asks for no gap: accepted
    "$BIN" learn --solver ssg --gap 0 --passes 2 "$D/ge.dat" "$D/ge.model" 2> /dev/null &&
        "$BIN" learn --eval off -e 0 --passes 2 "$D/ge.dat" "$D/ge.model" 2> /dev/null &&
        "$BIN" learn --solver ssg --eval predict --passes 2 "$D/ge.dat" "$D/ge.model" 2> /dev/null &&
        "$BIN" learn --eval predict -e 0.01 --passes 2 "$D/ge.dat" "$D/ge.model" 2> /dev/null || { echo "refused"; return 1; }
}
test_cli_model_template() { # classify and predict: a --template other than the one kept in the model is refused
    printf 'U00:%%x[0,0]\nB\n' > "$D/mt.tmpl"; printf 'U00:%%x[0,0]\nU01:%%x[-1,0]\nB\n' > "$D/mt2.tmpl"
    printf 'the DT B-NP\ncat NN I-NP\n\na DT B-NP\ndog NN I-NP\n' > "$D/mt.txt"
    "$BIN" learn --template "$D/mt.tmpl" --passes 3 "$D/mt.txt" "$D/mt.model" 2> /dev/null || return 1
    for c in classify predict; do
        "$BIN" $c --template "$D/mt2.tmpl" "$D/mt.txt" "$D/mt.model" "$D/mtp" > /dev/null 2> "$D/err"; rc=$?
        [ $rc -eq 2 ] && grep -q 'mt.model: trained with another template than .*mt2.tmpl' "$D/err" && [ ! -e "$D/mtp" ] ||
            { echo "$c: rc $rc"; cat "$D/err"; return 1; }
        # the same text (another file, or standard input) is the kept template
        cp "$D/mt.tmpl" "$D/mt3.tmpl"
        "$BIN" $c --template "$D/mt3.tmpl" "$D/mt.txt" "$D/mt.model" "$D/mtp" > /dev/null &&
            "$BIN" $c --template - "$D/mt.txt" "$D/mt.model" "$D/mtp" < "$D/mt.tmpl" > /dev/null &&
            "$BIN" $c "$D/mt.txt" "$D/mt.model" "$D/mtp" > /dev/null || { echo "$c: the same template refused"; return 1; }
        rm -f "$D/mtp"
    done
}
test_cli_arff_model_labels() { # a model trained with --labels L: classify and predict take its L without --labels
    printf '@relation r\n@attribute a numeric\n@attribute f {0,1}\n@attribute L1 {0,1}\n@attribute L2 {0,1}\n@data\n' > "$D/ml.arff"
    printf '1,0,1,0\n0,1,0,1\n1,1,1,1\n0.9,0,1,0\n0.1,1,0,1\n' >> "$D/ml.arff"
    "$BIN" learn --labels 2 --lambda 0.1 --passes 5 "$D/ml.arff" "$D/ml.model" 2> /dev/null || return 1
    "$BIN" info "$D/ml.model" | grep -qx 'labels: 2' || { "$BIN" info "$D/ml.model"; return 1; }
    "$BIN" classify "$D/ml.arff" "$D/ml.model" "$D/mlp" > "$D/out" 2> "$D/err" || { cat "$D/err"; return 1; }
    grep -q '^Hamming loss' "$D/out" && [ "$(head -1 "$D/mlp")" = "1,0" ] || { cat "$D/out" "$D/mlp"; return 1; }
    "$BIN" predict "$D/ml.arff" "$D/ml.model" "$D/mlp2" 2> "$D/err" && cmp -s "$D/mlp" "$D/mlp2" || { cat "$D/err"; return 1; }
    "$BIN" classify --labels 2 "$D/ml.arff" "$D/ml.model" "$D/mlp2" > /dev/null && cmp -s "$D/mlp" "$D/mlp2" || return 1
}
test_cli_arff_names() { # arff data is matched to the model by its attribute and label names, not by position alone
    printf '@relation r\n@attribute a numeric\n@attribute b numeric\n@attribute L1 {0,1}\n@attribute L2 {0,1}\n@data\n' > "$D/an.arff"
    printf '1,0,1,0\n0,1,0,1\n1,1,1,1\n0.9,0.1,1,0\n' >> "$D/an.arff"
    "$BIN" learn --lambda 0.1 --passes 5 "$D/an.arff" "$D/an.model" 2> /dev/null || return 1
    sed 's/attribute b numeric/attribute c numeric/' "$D/an.arff" > "$D/an_c.arff"
    printf '@relation r\n@attribute b numeric\n@attribute a numeric\n@attribute L1 {0,1}\n@attribute L2 {0,1}\n@data\n0,1,1,0\n' > "$D/an_ba.arff"
    sed 's/attribute L2 /attribute Lx /' "$D/an.arff" > "$D/an_l.arff"
    for bad in "an_c.arff:attribute 2 is 'c', the model's is 'b'" "an_ba.arff:attribute 1 is 'b', the model's is 'a'" \
               "an_l.arff:label 2 is 'Lx', the model's is 'L2'"; do
        for c in classify predict; do
            "$BIN" $c "$D/${bad%%:*}" "$D/an.model" "$D/anp" > /dev/null 2> "$D/err"; rc=$?
            [ $rc -eq 1 ] && grep -q -- "${bad#*:}" "$D/err" && [ ! -e "$D/anp" ] || { echo "$c ${bad%%:*}: rc $rc"; cat "$D/err"; return 1; }
        done
    done
    "$BIN" classify "$D/an.arff" "$D/an.model" "$D/anp" > /dev/null || return 1
}
test_cli_batch_steps() { # mini-batch BCFW takes Frank-Wolfe steps only: atoms or a cache with it are a usage error
    printf '1 1:1 2:0.5\n2 1:-1 3:1\n3 2:1 3:-0.5\n1 1:0.8 2:0.4\n2 1:-0.9 3:0.8\n3 2:0.9 3:-0.3\n' > "$D/bs.dat"
    for bad in "--steps pairwise --batch 4:--steps pairwise: not with --batch" "--cache --threads 2:--cache: not with --threads" \
               "--steps away --threads 2 --batch 2:--steps away: not with --batch" "--steps all --max-atoms 3 --threads 3:--steps all: not with --threads"; do
        # shellcheck disable=SC2086
        "$BIN" learn ${bad%%:*} --passes 2 "$D/bs.dat" "$D/bs.model" 2> "$D/err"; rc=$?
        [ $rc -eq 2 ] && grep -q -- "${bad#*:}" "$D/err" && ! grep -q 'config\.' "$D/err" && [ ! -e "$D/bs.model" ] ||
            { echo "${bad%%:*}: rc $rc"; cat "$D/err"; return 1; }
    done
    "$BIN" learn --steps fw --batch 4 --passes 2 "$D/bs.dat" "$D/bs.model" 2> /dev/null || { echo "--steps fw --batch refused"; return 1; }
}
test_cli_cliquegen_graph() { # cliquegen learns its own graph: any --graph with it is a usage error
    printf '@relation r\n@attribute a numeric\n@attribute b numeric\n@attribute L1 {0,1}\n@attribute L2 {0,1}\n@data\n' > "$D/cg.arff"
    printf '1,0,1,0\n0,1,0,1\n1,1,1,1\n0.9,0.1,1,0\n' >> "$D/cg.arff"
    for g in indep tree; do
        "$BIN" learn --solver cliquegen --graph $g --passes 2 "$D/cg.arff" "$D/cg.model" 2> "$D/err"; rc=$?
        [ $rc -eq 2 ] && grep -q -- "--graph $g: not with cliquegen" "$D/err" && [ ! -e "$D/cg.model" ] || { echo "$g: rc $rc"; cat "$D/err"; return 1; }
    done
    "$BIN" learn --solver cliquegen --passes 2 "$D/cg.arff" "$D/cg.model" 2> /dev/null || { echo "cliquegen refused"; return 1; }
}
test_cli_resume_seed() { # --resume without --seed records no false seed: info says unknown; with it, the seed given
    printf '1 1:1 2:0.5\n2 1:-1 3:1\n3 2:1 3:-0.5\n1 1:0.8 2:0.4\n2 1:-0.9 3:0.8\n3 2:0.9 3:-0.3\n' > "$D/rs.dat"
    "$BIN" learn --gap 0 --passes 2 --seed 7 --checkpoint "$D/rs.ckpt" "$D/rs.dat" "$D/rs.model" 2> /dev/null || return 1
    "$BIN" learn --gap 0 --passes 4 --resume "$D/rs.ckpt" "$D/rs.dat" "$D/rs2.model" 2> /dev/null || return 1
    "$BIN" info "$D/rs2.model" > "$D/info" || return 1
    grep -qx 'seed: unknown' "$D/info" && ! grep -q '^seed: [0-9]' "$D/info" || { cat "$D/info"; return 1; }
    "$BIN" classify "$D/rs.dat" "$D/rs2.model" "$D/rsp" > /dev/null || return 1
    "$BIN" learn --gap 0 --passes 4 --resume "$D/rs.ckpt" --seed 7 "$D/rs.dat" "$D/rs3.model" 2> /dev/null || return 1
    "$BIN" info "$D/rs3.model" | grep -qx 'seed: 7' && ! "$BIN" info "$D/rs3.model" | grep -q unknown || { "$BIN" info "$D/rs3.model"; return 1; }
    # the help says the same in both places: --seed with --resume is the first run's
    "$BIN" help learn | grep -A3 -- '--resume C' | grep -q "the first run's" && ! "$BIN" help learn | grep -q 'but no --seed' ||
        { "$BIN" help learn | grep -A3 -- '--resume C'; return 1; }
}
test_cli_decimal_options() { # numeric options are decimal only (no hex, no spaces); --batch over n is refused, not clamped
    printf '1 1:1 2:0.5\n2 1:-1 3:1\n3 2:1 3:-0.5\n1 1:0.8 2:0.4\n2 1:-0.9 3:0.8\n3 2:0.9 3:-0.3\n' > "$D/dn.dat"
    for bad in "--bias:0x10" "--passes: 3" "--passes:3 " "--lambda: 0.1" "--lambda:0x1p-3" "--seed:0x7" "--batch: 2" "-c:1e" "--gap:." \
               "--target-primal:nan" "--kernel-cache: 5"; do
        "$BIN" learn "${bad%%:*}" "${bad#*:}" "$D/dn.dat" "$D/dn.model" 2> "$D/err"; rc=$?
        [ $rc -eq 2 ] && grep -q -- "^${bad%%:*}: '${bad#*:}' is not a" "$D/err" && [ ! -e "$D/dn.model" ] || { echo "$bad: rc $rc"; cat "$D/err"; return 1; }
    done
    "$BIN" learn --batch 7 "$D/dn.dat" "$D/dn.model" 2> "$D/err"; rc=$?
    [ $rc -eq 2 ] && grep -q -- '--batch 7: more than the 6 examples' "$D/err" && [ ! -e "$D/dn.model" ] || { echo "--batch 7: rc $rc"; cat "$D/err"; return 1; }
    # a lambda whose weights overflow: a training error (exit 1) that says so, no model written
    "$BIN" learn --lambda 1e-300 "$D/dn.dat" "$D/dn.model" 2> "$D/err"; rc=$?
    [ $rc -eq 1 ] && grep -q 'overflowed: features too large, --lambda too small' "$D/err" && [ ! -e "$D/dn.model" ] ||
        { echo "--lambda 1e-300: rc $rc"; cat "$D/err"; return 1; }
    for ok in "--batch 6" "--threads 2" "--lambda .5" "--lambda 5." "--lambda +1e-2" "--bias -1" "--seed +3" "-c 1E2"; do
        # shellcheck disable=SC2086
        "$BIN" learn $ok --passes 2 "$D/dn.dat" "$D/dn.model" 2> "$D/err" || { echo "$ok refused"; cat "$D/err"; return 1; }
    done
}
run test_cli_svmlight
run test_cli_svmhmm
run test_cli_conll
run test_cli_arff
run test_cli_errors
run test_cli_checkpoint
run test_cli_init
run test_cli_metadata
run test_cli_same_as_api
run test_cli_threads
run test_cli_eval_predict
run test_cli_arff_label_count
run test_cli_gz_truncated
run test_cli_full_disk
run test_cli_loader_bounded
run test_cli_template_name
run test_cli_same_bytes
run test_cli_strict_options
run test_cli_output_first
run test_cli_model_options_win
run test_cli_resume_fewer
run test_cli_stdin
run test_cli_solver_options
run test_cli_out_of_memory
run test_cli_bom
run test_cli_predict
run test_cli_solvers
run test_cli_bias_default
run test_cli_score_after_write
run test_cli_help_options
run test_cli_objective
run test_cli_classify_columns
run test_cli_stored_objective
run test_cli_bias_format
run test_cli_options_apply
run test_cli_init_bias
run test_cli_pred_tmp_removed
run test_cli_kbcfw
run test_cli_output_link
run test_cli_output_device
run test_cli_output_dir
run test_cli_output_retarget
run test_cli_output_is_input
run test_cli_tmp_exclusive
run test_cli_checkpoint_fail
run test_cli_graph_tree_labels
run test_cli_c_overrides
run test_cli_input_io
run test_cli_stdout_full
run test_cli_dash
run test_cli_repeated_options
run test_cli_init_kind
run test_cli_progress_tty
run test_cli_no_nan
run test_cli_gap_no_gap
run test_cli_model_template
run test_cli_arff_model_labels
run test_cli_arff_names
run test_cli_batch_steps
run test_cli_cliquegen_graph
run test_cli_resume_seed
run test_cli_decimal_options
echo "$P passed, $F failed, $S skipped"
[ "$F" -eq 0 ]
