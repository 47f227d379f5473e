#!/bin/sh
# tools/bench_vs_old.sh: is a bench's per-pass solver time no slower than in an old release (default 0.1.1)?
# Builds the bench program twice, from this tree and from `git archive $OLD_REV` extracted into $B/old/
# (the old program from the old tree's own sources and header), then runs old and new alternately
# (old, new, old, new, ... ROUNDS rounds) in their per-pass timing mode, and prints a table (round, old s/pass,
# new s/pass, new/old), the median ratio and one line
#   RATIO bench=<ocr|conll> median_new_over_old=<x> rounds=<N>
#
# usage: tools/bench_vs_old.sh <ocr|conll> [shared-dir] [--new <binary>] [--full]
#   shared-dir  data directory, default $SHARED or ../shared
#   --new BIN   take this NEW bench binary instead of compiling bench/<name>.c of this tree
#   --full      (what `make bench-ocr` / `make bench-conll` use) first run the NEW bench in full, showing its
#               output but holding back its RESULT line, then compare, then print that RESULT line with
#               ` ratio_vs_0_1_1=<x>` appended as the last line. Without the data the bench's own skip and
#               `RESULT skipped=1` are printed and nothing is compared.
# env: OLD_REV (4e58d7a = 0.1.1), ROUNDS (ocr 7, conll 5), CC (cc), CFLAGS (-O2), B (build),
#      MAX_RATIO (1.05: the verdict line's bound), STRICT=1 (exit 3 when the median ratio exceeds MAX_RATIO)
#
# CONTRACT with the bench programs (this script knows nothing of the library's API, only this):
#   bench_<name> <shared-dir>            the full bench; its last line is `RESULT key=value ...`,
#                                        or `RESULT skipped=1` without the data (exit 0 either way)
#   bench_<name> <shared-dir> --speed    solver seconds per pass only (no evaluation); exit 0 and exactly one
#                                        line starting `SPEED ` of space-separated key=value fields; every
#                                        field whose key ends in `_pass_s` is seconds per pass of one solver
#                                        configuration (ocr: bcfw_small_pass_s ... ssg_large_pass_s; conll:
#                                        bcfw_pass_s ssg_pass_s). Other lines and fields are ignored.
#   A run's figure is the sum of its *_pass_s fields (one pass of each configuration); old and new must print
#   the same set of keys. Per key medians are printed too. If the old tree's bench/<name>.c has no "--speed",
#   bench/<name>_speed_0.1.1.patch of this tree (a patch -p1 against the old tree) is applied before compiling.
set -u

die() { echo "bench_vs_old: error: $*" >&2; exit 1; }

name=""; shared="${SHARED:-../shared}"; new_bin=""; full=0
while [ $# -gt 0 ]; do
    case "$1" in
        ocr|conll) name=$1 ;;
        --new) [ $# -ge 2 ] || die "--new needs a binary"; new_bin=$2; shift ;;
        --full) full=1 ;;
        -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
        -*) die "unknown option $1" ;;
        *) shared=$1 ;;
    esac
    shift
done
[ -n "$name" ] || die "usage: $0 <ocr|conll> [shared-dir] [--new <binary>] [--full]"

root=$(cd "$(dirname "$0")/.." && pwd) || die "cannot find the repository root"
cd "$root" || die "cannot cd to $root"
OLD_REV=${OLD_REV:-4e58d7a}
CC=${CC:-cc}
CFLAGS=${CFLAGS:--O2}
B=${B:-build}
MAX_RATIO=${MAX_RATIO:-1.05}
WARN="-std=c99 -Wall -Wextra -pedantic -Werror"
if [ "$name" = ocr ]; then ROUNDS=${ROUNDS:-7}; else ROUNDS=${ROUNDS:-5}; fi
case "$ROUNDS" in ''|*[!0-9]*|0) die "ROUNDS must be a positive integer (got '$ROUNDS')" ;; esac
case "$shared" in /*) ;; *) shared="$root/$shared" ;; esac   # the programs run from $root anyway

work="$B/vs_old"
mkdir -p "$work" || die "cannot create $work"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench_vs_old.XXXXXX") || die "mktemp failed"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

result_line=""
# --full: the NEW bench in full, its output shown as it comes, its RESULT line held back.
if [ "$full" = 1 ]; then
    [ -n "$new_bin" ] || die "--full needs --new <binary>"
    [ -x "$new_bin" ] || die "no NEW bench binary $new_bin"
    { "$new_bin" "$shared"; echo $? > "$tmp/full_rc"; } |
        awk -v res="$tmp/full_result" '/^RESULT / { print > res; next } { print; fflush() }'
    rc=$(cat "$tmp/full_rc" 2>/dev/null || echo 1)
    [ -s "$tmp/full_result" ] && result_line=$(tail -n 1 "$tmp/full_result")
    if [ "$rc" != 0 ]; then
        [ -n "$result_line" ] && echo "$result_line"
        die "$new_bin $shared exited with status $rc"
    fi
    [ -n "$result_line" ] || die "$new_bin $shared printed no RESULT line"
    case "$result_line" in
        *skipped=1*) echo "$result_line"; exit 0 ;;
    esac
fi

fail() {   # the comparison failed: in --full mode still end with the bench's RESULT line, marked
    echo "bench_vs_old: error: $*" >&2
    [ -n "$result_line" ] && echo "$result_line ratio_vs_0_1_1=failed"
    exit 1
}

# The NEW program (this tree).
if [ -z "$new_bin" ]; then
    new_bin="$work/bench_${name}_new"
    $CC $WARN $CFLAGS "bench/$name.c" -o "$new_bin" -lm || fail "compiling the NEW bench/$name.c failed"
fi
[ -x "$new_bin" ] || fail "no NEW bench binary $new_bin"

# The OLD program: the old tree's own bench source and header.
git rev-parse --verify -q "$OLD_REV^{commit}" > /dev/null || fail "OLD_REV=$OLD_REV is not a commit of this repository"
old_tree="$B/old"
rm -rf "$old_tree" && mkdir -p "$old_tree" || fail "cannot create $old_tree"
git archive "$OLD_REV" | tar -x -C "$old_tree" || fail "git archive $OLD_REV into $old_tree failed"
[ -f "$old_tree/bench/$name.c" ] || fail "$OLD_REV has no bench/$name.c"
if ! grep -q '"--speed"' "$old_tree/bench/$name.c"; then
    p="bench/${name}_speed_0.1.1.patch"
    [ -f "$p" ] || fail "$OLD_REV's bench/$name.c has no --speed mode and there is no $p"
    patch -s -p1 -d "$old_tree" < "$p" || fail "$p does not apply to $OLD_REV's bench/$name.c"
fi
old_bin="$work/bench_${name}_old"
( cd "$old_tree" && $CC $WARN $CFLAGS "bench/$name.c" -o "$root/$old_bin" -lm ) ||
    fail "compiling the OLD bench/$name.c ($OLD_REV) failed"

# One timed run: prints "<sum> key=value ..." of the *_pass_s fields of the SPEED line; on failure says
# why on stderr and returns 1, without the data returns 2 (it runs in a subshell: no exit, no stdout noise).
speed_run() {   # $1 binary, $2 label for messages
    out="$tmp/run.out"
    "$1" "$shared" --speed > "$out" 2>&1
    rc=$?
    if [ "$rc" != 0 ]; then
        tail -n 5 "$out" >&2; echo "bench_vs_old: $2 ($1 $shared --speed) exited with status $rc" >&2; return 1
    fi
    if grep -q '^RESULT skipped=1' "$out"; then grep -v '^RESULT ' "$out" >&2; return 2; fi
    parsed=$(awk '/^SPEED / { n++; for (i = 2; i <= NF; i++) if ($i ~ /_pass_s=/) {
                      split($i, kv, "="); if (kv[2] !~ /^[0-9.eE+-]+$/) bad = 1
                      s += kv[2]; f = f " " $i; k++ } }
                  END { if (n != 1 || k == 0 || bad) exit 1; printf "%.6f%s\n", s, f }' "$out") || {
        tail -n 5 "$out" >&2
        echo "bench_vs_old: $2 ($1 $shared --speed) printed no parseable SPEED line" \
             "(want exactly one, with *_pass_s=<seconds> fields)" >&2
        return 1
    }
    echo "$parsed"
}
timed() {   # $1 binary, $2 label: speed_run, or stop
    speed_run "$1" "$2"
    case $? in
        0) ;;
        2) echo "RESULT skipped=1"; exit 0 ;;   # no data (only without --full: --full stopped earlier)
        *) exit 1 ;;
    esac
}
keys() { echo "$1" | awk '{ for (i = 2; i <= NF; i++) { split($i, kv, "="); printf "%s ", kv[1] } }'; }

: > "$tmp/ratios"; : > "$tmp/old_fields"; : > "$tmp/new_fields"
r=1
while [ "$r" -le "$ROUNDS" ]; do
    o=$(timed "$old_bin" "OLD") || fail "the OLD run failed (round $r)"
    case "$o" in "RESULT skipped=1") echo "$o"; exit 0 ;; esac
    n=$(timed "$new_bin" "NEW") || fail "the NEW run failed (round $r)"
    case "$n" in "RESULT skipped=1") echo "$n"; exit 0 ;; esac
    [ "$(keys "$o")" = "$(keys "$n")" ] || fail "OLD and NEW print different *_pass_s fields: '$(keys "$o")' vs '$(keys "$n")'"
    if [ "$r" = 1 ]; then
        echo
        echo "#### $name: per-pass solver seconds, OLD = $OLD_REV built from git, NEW = this tree; $ROUNDS rounds, old then new"
        echo "     (a run's s/pass is the sum over its *_pass_s fields, one pass of each solver configuration)"
        printf "%6s %12s %12s %9s\n" round old_s/pass new_s/pass new/old
    fi
    set -- $o; os=$1
    set -- $n; ns=$1
    ratio=$(awk -v a="$os" -v b="$ns" 'BEGIN { if (a <= 0) exit 1; printf "%.4f", b / a }') ||
        fail "OLD reported $os s per pass"
    printf "%6d %12.4f %12.4f %9.3f\n" "$r" "$os" "$ns" "$ratio"
    echo "$ratio" >> "$tmp/ratios"
    echo "$o" | cut -d' ' -f2- >> "$tmp/old_fields"
    echo "$n" | cut -d' ' -f2- >> "$tmp/new_fields"
    r=$((r + 1))
done

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) printf "%.4f", v[(NR + 1) / 2]; else printf "%.4f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
med=$(median < "$tmp/ratios")
echo "per configuration, median over the rounds (s/pass):"
printf "  %-22s %10s %10s %9s\n" field old new new/old
for k in $(keys "x $(head -n 1 "$tmp/old_fields")"); do
    mo=$(tr ' ' '\n' < "$tmp/old_fields" | awk -F= -v k="$k" '$1 == k { print $2 }' | median)
    mn=$(tr ' ' '\n' < "$tmp/new_fields" | awk -F= -v k="$k" '$1 == k { print $2 }' | median)
    printf "  %-22s %10.4f %10.4f %9.3f\n" "$k" "$mo" "$mn" "$(awk -v a="$mo" -v b="$mn" 'BEGIN { printf "%.4f", (a > 0) ? b / a : 0 }')"
done
ok=$(awk -v m="$med" -v x="$MAX_RATIO" 'BEGIN { print ((m <= x) ? 1 : 0) }')
if [ "$ok" = 1 ]; then verdict="ok (<= $MAX_RATIO)"; else verdict="SLOWER than $OLD_REV (> $MAX_RATIO)"; fi
echo "median new/old over $ROUNDS rounds: $med -> $verdict"
echo "RATIO bench=$name median_new_over_old=$med rounds=$ROUNDS"
[ -n "$result_line" ] && echo "$result_line ratio_vs_0_1_1=$med"
if [ "$ok" != 1 ] && [ "${STRICT:-0}" = 1 ]; then exit 3; fi
exit 0
