#!/usr/bin/env bash
# tools/test_arm.sh (`make test-arm`): the whole test program cross-built for 32-bit ARM Linux (armhf,
# static, ssvm_real = float by default; ARM_REAL=double for the other) and run under qemu-arm user
# emulation; prints its output and the result line (then tools/test_arm_ocr.sh: the exported OCR model on ARM).
# Without the cross compiler or qemu it says so and
# exits 0, except under CI=true, where that is a failure.
set -u
cd "$(dirname "$0")/.." || exit 1
REAL=${ARM_REAL:-float}
SHARED=${SHARED:-../shared}
B=build

missing() {
    if [ "${CI:-}" = true ]; then echo "test-arm: FAIL: $1"; exit 1; fi
    echo "test-arm: skipped: $1"; exit 0
}
cc=""
for c in arm-linux-gnueabihf-gcc $(compgen -c arm-linux-gnueabihf-gcc- | grep -E -- "-gcc-[0-9]+$" | sort -rV); do
    command -v "$c" >/dev/null 2>&1 && { cc=$c; break; }
done
[ -n "$cc" ] || missing "no arm-linux-gnueabihf-gcc (Debian: gcc-arm-linux-gnueabihf libc6-dev-armhf-cross)"
qemu=""
for q in qemu-arm qemu-arm-static; do command -v "$q" >/dev/null 2>&1 && { qemu=$q; break; }; done
[ -n "$qemu" ] || missing "no qemu-arm (Debian: qemu-user)"

mkdir -p "$B"
bin=$B/test_arm_$REAL
# the test program's translation units: the runner, the implementation unit and one per suite
TESTC="tests/run.c tests/impl.c $(echo tests/test_*.c)"
echo "test-arm: $cc -static -O2 -DSTRUCTSVM_REAL=$REAL $TESTC, run under $qemu"
# each translation unit compiled on its own (as one $cc call over all of them would), TEST_JOBS at once (CI: the
# number of cores), then linked; a unit that fails (-Werror) fails the step
obj=$B/test_arm_${REAL}_obj
mkdir -p "$obj/tests"
printf '%s\n' $TESTC | xargs -P "${TEST_JOBS:-1}" -I{} \
    "$cc" -std=c99 -Wall -Wextra -pedantic -Werror -O2 -DSTRUCTSVM_REAL="$REAL" -c {} -o "$obj/{}.o" || exit 1
# shellcheck disable=SC2046
$cc -O2 -static $(printf "$obj/%s.o " $TESTC) -o "$bin" -lm || exit 1
# run_tests.sh runs each binary under $VALGRIND: here the emulator (TEST_FILTER=name: only those tests), in
# two shards that TEST_JOBS=2 (CI) runs at once, SSVM_TEST_QUICK as under valgrind (the emulator is as slow; make
# test runs those cases natively); then the exported OCR model in a predict-only ARM program
# (tools/test_arm_ocr.sh: the host model's labels on every test word)
SSVM_TEST_QUICK=1 SSVM_SHARED=$SHARED VALGRIND=$qemu ./tools/run_tests.sh "./$bin@0/2" "./$bin@1/2"; rc=$?
SHARED=$SHARED ./tools/test_arm_ocr.sh || rc=1
exit $rc
