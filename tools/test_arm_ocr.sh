#!/usr/bin/env bash
# tools/test_arm_ocr.sh (run by make test-arm after the test program): the OCR chain trained on the host
# (tests/ocr_export_gen.c), exported with ssvm_model_export_c_FILE, compiled into a predict-only, no-malloc, no-stdio
# program (tests/ocr_firmware.c) for 32-bit ARM Linux and run under qemu-arm: it must predict the host model's
# labels on every OCR test word (folds 1-9), in float and in double. Needs ../shared (else a skip: the data is never
# copied into the project), the cross compiler and qemu (as tools/test_arm.sh; under CI=true their absence fails).
set -u
cd "$(dirname "$0")/.." || exit 1
SHARED=${SHARED:-../shared}
B=build/ocr_arm
missing() {
    if [ "${CI:-}" = true ]; then echo "test-arm-ocr: FAIL: $1"; echo "0 passed, 1 failed, 0 skipped"; exit 1; fi
    echo "skip  test_export_ocr_words: $1"; echo "0 passed, 0 failed, 1 skipped"; exit 0
}
data=$SHARED/data/ocr/letter.data.gz
[ -f "$data" ] || { echo "skip  test_export_ocr_words: no $data"; echo "0 passed, 0 failed, 1 skipped"; exit 0; }
cc=""
for c in arm-linux-gnueabihf-gcc $(compgen -c arm-linux-gnueabihf-gcc- | grep -E -- "-gcc-[0-9]+$" | sort -rV); do
    command -v "$c" >/dev/null 2>&1 && { cc=$c; break; }
done
[ -n "$cc" ] || missing "no arm-linux-gnueabihf-gcc"
qemu=""
for q in qemu-arm qemu-arm-static; do command -v "$q" >/dev/null 2>&1 && { qemu=$q; break; }; done
[ -n "$qemu" ] || missing "no qemu-arm"
status=0; P=0; F=0
# one precision: train on the host, export, cross-build, run under qemu; its output in $B/$real/log, exit status
one() {
    local real=$1 d=$B/$1
    mkdir -p "$d"
    ${CC:-cc} -std=c99 -Wall -Wextra -pedantic -Werror -O2 -DSTRUCTSVM_REAL=$real tests/ocr_export_gen.c -o "$d/gen" -lm || return 2
    "./$d/gen" "$data" "$d" || return 2
    $cc -std=c99 -Wall -Wextra -pedantic -Werror -O2 -static -DSTRUCTSVM_REAL=$real -I"$d" tests/ocr_firmware.c \
        -o "$d/ocr_firmware" -lm || return 2
    "$qemu" "./$d/ocr_firmware" "$d/ocr_words.txt" > "$d/out" 2>&1
}
# both precisions side by side (two cores), reported in order
for real in double float; do mkdir -p "$B/$real"; ( one "$real" > "$B/$real/log" 2>&1; echo $? > "$B/$real/rc" ) & done
wait
for real in double float; do
    d=$B/$real
    cat "$d/log"
    rc=$(cat "$d/rc" 2>/dev/null || echo 2)
    [ "$rc" -eq 2 ] && exit 1 # a build or the host training failed
    if [ "$rc" -eq 0 ]; then P=$((P+1)); else F=$((F+1)); status=1; fi
    [ -f "$d/out" ] && grep -v 'passed,' "$d/out"
done
echo "$P passed, $F failed, 0 skipped"
exit $status
