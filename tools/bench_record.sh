#!/usr/bin/env bash
# tools/bench_record.sh TARGET [make arguments...]: runs `make TARGET` (a bench-* target), prints its output as it
# goes, and records its last `RESULT key=value ...` line in bench/results/TARGET.txt with the date, the header's
# version and the commit (written to a temporary file and renamed, so a failed run leaves the last record whole).
# tools/readme_results.sh then rebuilds README.md's results table from bench/results/*.txt.
set -u
cd "$(dirname "$0")/.." || exit 1
t=${1:?usage: tools/bench_record.sh bench-TARGET [make args]}
shift
case "$t" in bench-*) ;; *) echo "bench_record: $t is not a bench-* target" >&2; exit 2 ;; esac
mkdir -p build bench/results
out=build/$t.record.out
make --no-print-directory "$t" "$@" 2>&1 | tee "$out"
rc=${PIPESTATUS[0]}
line=$(grep -E '^RESULT ' "$out" | tail -n 1)
if [ "$rc" -ne 0 ] || [ -z "$line" ]; then
    echo "bench_record: make $t exited $rc${line:+}${line:- with no RESULT line}; bench/results/$t.txt unchanged" >&2
    exit 1
fi
ver=$(awk '/#define STRUCTSVM_VERSION_(MAJOR|MINOR|PATCH)/ {v = v (v ? "." : "") $3} END {print v}' structsvm.h)
rev=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
tmp=bench/results/$t.txt.tmp
{ echo "target: $t${*:+ $*}"; echo "recorded: $(date -u +%Y-%m-%d) v$ver ($rev)"; echo "$line"; } > "$tmp" &&
    mv "$tmp" "bench/results/$t.txt" || { rm -f "$tmp"; exit 1; }
echo "bench_record: bench/results/$t.txt"
