#!/bin/sh
# bench/graph.sh (make bench-graph): the graph and matching models of issue 11, trained by BCFW, SSG and the dual
# extragradient (Euclidean "deg", entropic "deg-kl"), on scene and yeast (ARFF, build/multilabel) and CMU house
# (build/house). Prints tables and ends with one RESULT line. Needs ../shared (SHARED=); lambda is chosen per
# graph by BCFW by 4-fold cross-validation on the training set (--holdout 0.25 --fold j). Timings are wall seconds of training
# only, on a shared machine: rerun for a range.
set -e
SH=${SHARED:-../shared}
B=${B:-build}
if [ ! -f "$SH/data/scene/scene-train.arff.gz" ]; then echo "bench-graph: skipped, no $SH/data (set SHARED=)"; exit 0; fi
field() { sed -n 's/.*RESULT.* '"$1"'=\([^ ]*\).*/\1/p' | tail -1; }
ml() { "$B/multilabel" "$@" | grep '^RESULT'; }
pick_lambda() { # data L graph passes -> the lambda of $GRID with the smallest 4-fold cross-validated Hamming
    best=; bl=
    for lam in $GRID; do
        h=0
        for f in 0 1 2 3; do
            hf=$(ml --labels $2 --graph $3 --lambda $lam --passes $4 --holdout 0.25 --fold $f $SH/data/$1/$1-train.arff.gz $SH/data/$1/$1-test.arff.gz | field hamming)
            h=$(awk "BEGIN{print $h + $hf / 4}")
        done
        if [ -z "$best" ] || awk "BEGIN{exit !($h < $best)}"; then best=$h; bl=$lam; fi
    done
    echo $bl
}
table() { # data L passes_bcfw solvers...
    d=$1; L=$2; P=$3; shift 3
    echo; echo "== $d: test set, lambda in {$GRID} chosen by 4-fold cross-validation on train (folds: i mod 4) =="
    printf '%-6s %-7s %-7s %6s %9s %10s %10s %9s %8s %7s %7s %7s %7s\n' graph solver lambda passes calls primal dual gap train_s hamming subset microF1 macroF1
    for g in indep tree full; do
        lam=$(pick_lambda $d $L $g $P)
        for sv in "$@"; do
            np=$P; extra=; case $sv in deg*) np=$DEG_ITERS; [ -n "$DEG_SECONDS" ] && extra="--max-seconds $DEG_SECONDS --eval-every 1";; esac
            r=$(ml --labels $L --graph $g --lambda $lam --passes $np --solver $sv $extra $SH/data/$d/$d-train.arff.gz $SH/data/$d/$d-test.arff.gz)
            printf '%-6s %-7s %-7s %6s %9s %10.6g %10.6g %9.3g %8s %7s %7s %7s %7s\n' $g $sv $lam $(echo "$r" | field passes) \
                $(echo "$r" | field oracle_calls) $(echo "$r" | field primal) $(echo "$r" | field dual) $(echo "$r" | field gap) \
                $(echo "$r" | field train_s) $(echo "$r" | field hamming) $(echo "$r" | field subset) $(echo "$r" | field micro_f1) $(echo "$r" | field macro_f1)
            eval "R_${d}_${g}_${sv%%-*}_h=$(echo "$r" | field hamming); R_${d}_${g}_${sv%%-*}_s=$(echo "$r" | field train_s)"
        done
    done
}
DEG_ITERS=${DEG_ITERS:-200}
GRID="0.1 0.05 0.02 0.01 0.005 0.002 0.001"
DEG_SECONDS=
table scene 6 30 bcfw ssg deg deg-kl
# yeast has 2^14 labelings: the dual extragradient's simplex over them (the polytope the library has for graphs,
# whatever the graph) scores all 16,384 labelings of each of the 1,500 examples four times an iteration (~3 s
# unloaded) and its power iteration for the step costs as many passes again (measured: the first iteration of
# the tree graph alone took 172 s on a loaded machine). So yeast runs BCFW and SSG; YEAST_DEG=1 adds the dual
# extragradient, time-boxed to YEAST_DEG_SECONDS (default 120) of training each, evaluated every iteration.
GRID="0.1 0.03 0.01 0.003 0.001"
if [ -n "$YEAST_DEG" ]; then DEG_ITERS=1000; DEG_SECONDS=${YEAST_DEG_SECONDS:-120}; table yeast 14 20 bcfw ssg deg deg-kl
else table yeast 14 20 bcfw ssg; fi

echo; echo "== oracle calls the dual extragradient (Euclidean) needs to reach BCFW's gap after 50 passes (scene, full) =="
lam=0.01
rb=$(ml --labels 6 --graph full --lambda $lam --passes 50 --eval-every 50 --solver bcfw $SH/data/scene/scene-train.arff.gz $SH/data/scene/scene-test.arff.gz)
gb=$(echo "$rb" | field gap); cb=$(echo "$rb" | field oracle_calls)
rd=$(ml --labels 6 --graph full --lambda $lam --passes ${DEG_MAX:-3000} --eval-every 25 --gap-tol $gb --solver deg $SH/data/scene/scene-train.arff.gz $SH/data/scene/scene-test.arff.gz)
gd=$(echo "$rd" | field gap); cd_=$(echo "$rd" | field oracle_calls)
ratio=$(awk "BEGIN{printf \"%.1f\", $cd_ / $cb}")
reached=$(awk "BEGIN{print ($gd <= $gb) ? \"yes\" : \"no\"}")
echo "BCFW 50 passes: gap $gb, $cb oracle calls; DEG: gap $gd after $(echo "$rd" | field passes) iterations, $cd_ calls (reached: $reached)"
[ "$reached" = yes ] || ratio=">$ratio"

echo; echo "== CMU house matching (build/house; lambda chosen on validate by each solver) =="
H=$("$B/house" $SH/data/cmu_house --solver bcfw --passes 50)
echo "$H" | sed -n '/^test matching error/,$p'
hl=$(echo "$H" | sed -n 's/.*RESULT.* lambda=\([^ ]*\).*/\1/p')
hh=$(echo "$H" | sed -n 's/.*RESULT house_test_error=\([^ ]*\).*/\1/p')
# The dual extragradient's rows are time-boxed to HOUSE_DEG_SECONDS (default 120) of training each: its Euclidean
# step projects onto the Birkhoff polytope by Dykstra's alternating projection (slow to converge; Taskar et al.
# project by a min-cost quadratic flow, not built): 10-13 s an iteration here, 9-13 of the 30 in 120 s. (Up to
# 0.13 the row could run for ever: the simplex projection inside Dykstra's could loop on a vector with values an
# ulp from its threshold; fixed in 0.14.0.) The row says how many iterations ran (RESULT passes=).
for sv in ssg deg deg-kl; do
    np=50; ms=0; case $sv in deg*) np=${HOUSE_DEG_ITERS:-30}; ms=${HOUSE_DEG_SECONDS:-120};; esac
    lim=; [ "$ms" != 0 ] && lim=", at most $ms s of training"
    echo "-- $sv (lambda $hl from BCFW, $np passes/iterations$lim):"
    "$B/house" $SH/data/cmu_house --solver $sv --lambda $hl --passes $np --max-seconds $ms | grep -E '^  all|^  *0\.|RESULT' || echo "   $sv failed"
done
echo
echo "RESULT scene_full_hamming=$R_scene_full_bcfw_h scene_full_train_s=$R_scene_full_bcfw_s scene_indep_hamming=$R_scene_indep_bcfw_h yeast_full_hamming=$R_yeast_full_bcfw_h house_test_error=$hh deg_vs_bcfw_oracle_ratio=$ratio"
