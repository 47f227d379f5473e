#!/bin/bash
# tests/mpi_cli_test.sh (make test-mpi): `structsvm learn` under mpirun -np K (build/structsvm_mpi, built with mpicc
# -DSTRUCTSVM_TOOL_MPI) against the plain tool on one file: FW over K ranks writes the one-process weights to
# rounding (dump, 1e-9 relative); BCFW (CoCoA+) converges to the gap; one model written (by rank 0); a checkpoint
# per rank (PATH.<rank>) that --resume continues; a solver without distribution is refused on every rank (no hang);
# SVM^light and SVM^hmm files read sharded (each rank keeps its examples only) with the whole file's dimensions;
# --rounds reaches CoCoA+.
# Usage: MPIRUN="mpirun ..." tests/mpi_cli_test.sh K; prints "N passed, N failed, N skipped".
K=${1:-2}
BIN=${STRUCTSVM_BIN:-./build/structsvm}
MBIN=${STRUCTSVM_MPI_BIN:-./build/structsvm_mpi}
MPIRUN=${MPIRUN:-mpirun}
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
P=0; F=0
ok() { echo "ok    $1"; P=$((P+1)); }
bad() { echo "FAIL  $1: $2"; F=$((F+1)); }
# 60 examples, 4 classes, 5 features (a fixed pseudo-random file)
awk 'BEGIN { s = 7; for (i = 0; i < 60; i++) { s = (s * 1103515245 + 12345) % 2147483648; y = s % 4 + 1;
      line = y; for (j = 1; j <= 5; j++) { s = (s * 1103515245 + 12345) % 2147483648;
      v = (s % 1000) / 1000.0 - 0.5 + (j == y ? 0.9 : 0); line = line " " j ":" v } print line } }' > "$D/tr.dat"

# FW: exact over ranks
"$BIN" learn --solver fw --lambda 0.05 --passes 15 --gap 0 "$D/tr.dat" "$D/one.model" 2> "$D/e1" &&
$MPIRUN -np "$K" "$MBIN" learn --solver fw --lambda 0.05 --passes 15 --gap 0 "$D/tr.dat" "$D/k.model" 2> "$D/ek"
if [ $? -ne 0 ] || [ ! -f "$D/k.model" ]; then bad mpi_cli_fw "learn failed: $(tail -2 "$D/ek")"
else
    "$BIN" dump "$D/one.model" > "$D/d1" && "$BIN" dump "$D/k.model" > "$D/dk"
    if paste "$D/d1" "$D/dk" | awk '{ e = $2 - $4; if (e < 0) e = -e; m = $2 < 0 ? -$2 : $2; if (m < 1) m = 1;
                                     if (e > 1e-9 * m || $1 != $3) bad = 1 } END { exit bad }' &&
       [ "$(wc -l < "$D/d1")" -eq "$(wc -l < "$D/dk")" ]; then ok mpi_cli_fw_equals_one_process
    else bad mpi_cli_fw_equals_one_process "the weights differ"; fi
fi

# SVM^light and SVM^hmm: each rank keeps every K-th example (sequence) only (ssvm_reader_config.shard_count), with
# the whole file's dimensions: the last row alone has feature 9 (rank (60 mod K)'s), yet every rank trains on d =
# 4 x 10 and FW over the ranks = one process; the printed count is rank 0's ceil(n / K)
cp "$D/tr.dat" "$D/tr9.dat"; echo "2 1:0.25 9:0.5" >> "$D/tr9.dat"
awk 'BEGIN { s = 11; for (q = 1; q <= 21; q++) { s = (s * 1103515245 + 12345) % 2147483648; L = 2 + s % 4;
      for (t = 0; t < L; t++) { s = (s * 1103515245 + 12345) % 2147483648; y = s % 3 + 1; line = y " qid:" q;
        for (j = 1; j <= 4; j++) { s = (s * 1103515245 + 12345) % 2147483648;
          v = (s % 1000) / 1000.0 - 0.5 + (j == y ? 0.8 : 0); line = line " " j ":" v }
        if (q == 21 && t == L - 1) line = line " 6:1"; print line } } }' > "$D/hmm.dat"
shard_ok=1; why=""
for f in tr9 hmm; do
    fmt=svmlight; [ "$f" = hmm ] && fmt=svmhmm
    "$BIN" learn --format $fmt --solver fw --lambda 0.05 --passes 12 --gap 0 "$D/$f.dat" "$D/$f.one" 2> "$D/s1" &&
    $MPIRUN -np "$K" "$MBIN" learn --format $fmt --solver fw --lambda 0.05 --passes 12 --gap 0 "$D/$f.dat" "$D/$f.k" 2> "$D/sk"
    if [ $? -ne 0 ]; then shard_ok=0; why="$why $f: learn failed ($(tail -1 "$D/sk"));"; continue; fi
    "$BIN" dump "$D/$f.one" > "$D/d1" && "$BIN" dump "$D/$f.k" > "$D/dk"
    if ! paste "$D/d1" "$D/dk" | awk '{ e = $2 - $4; if (e < 0) e = -e; m = $2 < 0 ? -$2 : $2; if (m < 1) m = 1;
                                       if (e > 1e-9 * m || $1 != $3) bad = 1 } END { exit bad }' ||
       [ "$(wc -l < "$D/d1")" -ne "$(wc -l < "$D/dk")" ]; then shard_ok=0; why="$why $f: the weights differ;"; fi
    n=61; [ "$f" = hmm ] && n=21
    grep -q "^$K ranks, $(( (n + K - 1) / K )) examples on rank 0 (index % $K == 0)" "$D/sk" || { shard_ok=0; why="$why $f: $(grep ranks "$D/sk");"; }
done
if [ $shard_ok -eq 1 ]; then ok mpi_cli_shard_read; else bad mpi_cli_shard_read "$why"; fi

# BCFW (CoCoA+): converged, and the model classifies
if $MPIRUN -np "$K" "$MBIN" learn --lambda 0.05 --passes 2000 --gap 1e-3 "$D/tr.dat" "$D/b.model" 2> "$D/eb" &&
   grep -q "converged" "$D/eb" && "$BIN" classify "$D/tr.dat" "$D/b.model" "$D/pred" > "$D/out"; then
    ok mpi_cli_bcfw_converges
else bad mpi_cli_bcfw_converges "$(tail -2 "$D/eb")"; fi

# checkpoints per rank, resumed (--seed 1: the first run's, recorded; without it the model's seed is unknown)
rm -f "$D"/ck*
if $MPIRUN -np "$K" "$MBIN" learn --lambda 0.05 --passes 4 --gap 0 --checkpoint "$D/ck" "$D/tr.dat" "$D/c1.model" 2> "$D/ec" &&
   [ -f "$D/ck.0" ] && [ -f "$D/ck.$((K-1))" ] && [ ! -f "$D/ck" ] &&
   $MPIRUN -np "$K" "$MBIN" learn --lambda 0.05 --passes 8 --gap 0 --seed 1 --resume "$D/ck" "$D/tr.dat" "$D/c2.model" 2>> "$D/ec" &&
   $MPIRUN -np "$K" "$MBIN" learn --lambda 0.05 --passes 8 --gap 0 "$D/tr.dat" "$D/c3.model" 2>> "$D/ec" &&
   cmp -s "$D/c2.model" "$D/c3.model"; then ok mpi_cli_checkpoint_per_rank
else bad mpi_cli_checkpoint_per_rank "$(tail -3 "$D/ec")"; fi

# --rounds R (CoCoA+'s communication rounds a pass) reaches the library: the same R twice, the same model; another R,
# another model; a checkpoint of one R is not resumed with another (the run's fingerprint), and --rounds with a
# solver other than bcfw is a usage error on every rank; none of it hangs
rounds_ok=1; why=""
for f in r4a r4b r1; do
    R=4; [ $f = r1 ] && R=1
    timeout 60 $MPIRUN -np "$K" "$MBIN" learn --lambda 0.05 --passes 6 --gap 0 --rounds $R "$D/tr.dat" "$D/$f.model" 2> "$D/er" ||
        { rounds_ok=0; why="$why $f: learn failed ($(tail -1 "$D/er"));"; }
done
cmp -s "$D/r4a.model" "$D/r4b.model" || { rounds_ok=0; why="$why the same --rounds gave two models;"; }
cmp -s "$D/r4a.model" "$D/r1.model" && { rounds_ok=0; why="$why --rounds 4 and 1 gave one model;"; }
rm -f "$D"/rk*
timeout 60 $MPIRUN -np "$K" "$MBIN" learn --lambda 0.05 --passes 3 --gap 0 --rounds 4 --checkpoint "$D/rk" "$D/tr.dat" "$D/rc1.model" 2> "$D/er" &&
    [ -f "$D/rk.0" ] && [ -f "$D/rk.$((K-1))" ] || { rounds_ok=0; why="$why checkpoint: $(tail -1 "$D/er");"; }
timeout 60 $MPIRUN -np "$K" "$MBIN" learn --lambda 0.05 --passes 6 --gap 0 --rounds 2 --resume "$D/rk" "$D/tr.dat" "$D/rc2.model" > /dev/null 2> "$D/er"
rc=$?; { [ $rc -ne 0 ] && [ $rc -ne 124 ] && [ ! -e "$D/rc2.model" ] && grep -q 'another problem or solver configuration' "$D/er"; } ||
    { rounds_ok=0; why="$why resumed with another --rounds: rc $rc;"; }
# the control: the same --rounds resumes (the uninterrupted run's model); no --rounds is --rounds 1
timeout 60 $MPIRUN -np "$K" "$MBIN" learn --lambda 0.05 --passes 6 --gap 0 --rounds 4 --seed 1 --resume "$D/rk" "$D/tr.dat" "$D/rc3.model" 2> "$D/er" &&
    timeout 60 $MPIRUN -np "$K" "$MBIN" learn --lambda 0.05 --passes 6 --gap 0 --rounds 4 "$D/tr.dat" "$D/rc4.model" 2>> "$D/er" &&
    cmp -s "$D/rc3.model" "$D/rc4.model" || { rounds_ok=0; why="$why resumed with the same --rounds: $(tail -1 "$D/er");"; }
timeout 60 $MPIRUN -np "$K" "$MBIN" learn --lambda 0.05 --passes 6 --gap 0 "$D/tr.dat" "$D/r1b.model" 2> "$D/er" &&
    cmp -s "$D/r1.model" "$D/r1b.model" || { rounds_ok=0; why="$why --rounds 1 is not the default;"; }
timeout 60 $MPIRUN -np "$K" "$MBIN" learn --solver fw --rounds 2 --passes 3 "$D/tr.dat" "$D/rf.model" > /dev/null 2> "$D/er"
rc=$?; { [ $rc -ne 0 ] && [ $rc -ne 124 ] && grep -q -- '--rounds: only with --solver bcfw' "$D/er"; } ||
    { rounds_ok=0; why="$why fw --rounds: rc $rc;"; }
if [ $rounds_ok -eq 1 ]; then ok mpi_cli_rounds; else bad mpi_cli_rounds "$why"; fi

# a solver that does not distribute: refused, the run ends (timeout: a hang is a failure)
if timeout 60 $MPIRUN -np "$K" "$MBIN" learn --solver ssg --passes 3 "$D/tr.dat" "$D/s.model" > /dev/null 2> "$D/es"; then
    bad mpi_cli_refuses_ssg "accepted"
elif [ $? -eq 124 ]; then bad mpi_cli_refuses_ssg "hung"
elif ! grep -q 'training: not supported' "$D/es"; then bad mpi_cli_refuses_ssg "not the refusal: $(tail -1 "$D/es")"
else ok mpi_cli_refuses_ssg; fi
# the kernel solver's support set is not sharded: refused on every rank, no model written, no hang
if timeout 60 $MPIRUN -np "$K" "$MBIN" learn --solver kbcfw --passes 3 "$D/tr.dat" "$D/kb.model" > /dev/null 2> "$D/ekb"; then
    bad mpi_cli_refuses_kbcfw "accepted"
elif [ $? -eq 124 ]; then bad mpi_cli_refuses_kbcfw "hung"
elif [ -e "$D/kb.model" ]; then bad mpi_cli_refuses_kbcfw "a model was written"
elif ! grep -q 'kbcfw: one process only' "$D/ekb"; then bad mpi_cli_refuses_kbcfw "not the refusal: $(tail -1 "$D/ekb")"
else ok mpi_cli_refuses_kbcfw; fi

echo "$P passed, $F failed, 0 skipped"
[ "$F" -eq 0 ]
