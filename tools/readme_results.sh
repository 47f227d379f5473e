#!/usr/bin/env bash
# tools/readme_results.sh: rebuilds README.md's results table (between the "results:begin" and "results:end"
# markers) from the RESULT lines recorded in bench/results/*.txt (tools/bench_record.sh bench-X writes them).
#   tools/readme_results.sh           rewrite README.md (to README.md.tmp, then renamed)
#   tools/readme_results.sh --check   exit 1 if README.md's table is not what the records give (make test runs it)
set -u
cd "$(dirname "$0")/.." || exit 1
check=0; [ "${1:-}" = --check ] && check=1
R=${README_FILE:-README.md}      # (tests: another README and records)
RD=${RESULTS_DIR:-bench/results}

# what each bench's row says and which of its RESULT keys it shows (others: the first six keys)
spec() {
    case "$1" in
        bench-ocr) echo "BCFW on the OCR chains: a pass over OCR-small, 50 passes over OCR-large (wall s), the solver's state, the pass time against 0.1.1|small_pass_s large_50pass_s large_state_bytes ratio_vs_0_1_1" ;;
        bench-conll) echo "CoNLL-2000 chunking end to end: test F1, seconds a pass and in all, peak memory|f1 lambda pass_s train_s peak_rss_mb" ;;
        bench-multiclass) echo "OCR letters as flat multiclass against liblinear 2.3 -s 4: CPU time to liblinear's primal, this library / liblinear (lambda 1e-3 and 1e-4, -e 0.1 and 0.01)|ratio_1e3_e01 ratio_1e3_e001 ratio_1e4_e01 ratio_1e4_e001" ;;
        bench-threads) echo "mini-batch BCFW on OCR-small: 2 threads against 1 (speed-up), sparse chain, against plain BCFW|threads2_speedup sparse_threads2_speedup sparse_vs_bcfw" ;;
        bench-user-chain) echo "the chain written with the public API against the built-in chain: time of a pass, user / built-in|" ;;
        bench-block-repeat) echo "3 pairwise steps a visit against 1, time to a certified gap of 0.05 (chain; graph model)|repeat3_over_1 repeat3_over_1_cache graph_repeat3_over_1 graph_repeat3_over_1_cache" ;;
        bench-kernel-eg) echo "online EG against BCFW on OCR-small, gap after 20 passes; the kernel solver (RBF) against the linear model on OCR letters, held-out error and support vectors|eg_gap_20p bcfw_gap_20p lin_err rbf_err rbf_sv" ;;
        bench-model) echo "model files: bytes and load time (ms, from memory) of the OCR chain and the CoNLL model|ocr_bytes ocr_load_ms conll_bytes conll_load_ms" ;;
        bench-dist) echo "distributed BCFW (CoCoA+): passes to a gap of 1e-2 at K ranks; 2 MPI ranks against one process|" ;;
        *) echo "$1|" ;;
    esac
}

table() {
    echo "| bench | what it measures | RESULT (recorded) | recorded | rerun |"
    echo "|---|---|---|---|---|"
    local f t rec line what keys shown k v n
    for f in "$RD"/*.txt; do
        [ -f "$f" ] || continue
        t=$(sed -n 's/^target: //p' "$f" | head -n 1)
        rec=$(sed -n 's/^recorded: //p' "$f" | head -n 1)
        line=$(grep -E '^RESULT ' "$f" | tail -n 1)
        [ -n "$t" ] && [ -n "$line" ] || { echo "readme_results: $f: no target or RESULT line" >&2; return 1; }
        what=$(spec "${t%% *}"); keys=${what#*|}; what=${what%%|*}
        shown=""; n=0
        if [ -n "$keys" ]; then
            for k in $keys; do
                v=$(printf '%s\n' "$line" | tr ' ' '\n' | sed -n "s/^$k=//p" | head -n 1)
                [ -n "$v" ] && shown="$shown${shown:+ }$k=$v"
            done
        else
            for k in ${line#RESULT }; do n=$((n+1)); [ $n -le 6 ] && shown="$shown${shown:+ }$k"; done
        fi
        echo "| \`${t%% *}\` | $what | \`${shown:-${line#RESULT }}\` | $rec | \`make $t\` |"
    done
}

new=$(table) || exit 1
awk -v tbl="$new" '
    /<!-- results:begin/ { print; print tbl; skip = 1; found++; next }
    /<!-- results:end/   { skip = 0 }
    !skip { print }
    END { if (found != 1) exit 3 }' "$R" > "$R.tmp" || { rm -f "$R.tmp"; echo "readme_results: $R needs one results:begin/results:end pair" >&2; exit 1; }
if [ $check -eq 1 ]; then
    if cmp -s "$R" "$R.tmp"; then rm -f "$R.tmp"; echo "readme_results: $R's table matches $RD"; exit 0; fi
    diff "$R" "$R.tmp" | head -n 20; rm -f "$R.tmp"
    echo "readme_results: $R's results table is not $RD's (run tools/readme_results.sh)" >&2; exit 1
fi
mv "$R.tmp" "$R" && echo "readme_results: $R's results table rebuilt from $(ls "$RD"/*.txt 2>/dev/null | wc -l) records"
