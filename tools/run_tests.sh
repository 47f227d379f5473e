#!/bin/sh
# Runs each test binary given (under $VALGRIND if set), shows its output, and ends with one summed line
# "N passed, N failed, N skipped". Exits non-zero if any binary failed or crashed.
status=0; P=0; F=0; S=0
for bin in "$@"; do
    out=$(mktemp)
    $VALGRIND "$bin" > "$out" 2>&1; rc=$?
    cat "$out"
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$out" | tail -n 1)
    rm -f "$out"
    if [ -z "$line" ]; then echo "$bin: no result line (crashed? exit $rc)"; status=1; F=$((F+1)); continue; fi
    set -- $line
    P=$((P+$1)); F=$((F+$3)); S=$((S+$5))
    [ "$rc" -ne 0 ] && status=1
done
echo "$P passed, $F failed, $S skipped"
exit $status
