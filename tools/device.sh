#!/usr/bin/env bash
# tools/device.sh (`make test-device`): BCFW trained bare-metal on an emulated Cortex-M4F (qemu-system-arm,
# MPS2 AN386 board, no OS: tests/embedded/device_rt.c, semihosting for output and the exit status), for the
# multiclass and the chain model on OCR letters kept in flash (tests/embedded/device_data.c writes them from
# $SHARED/data/ocr, or synthetic words without it). For each trainer:
#   1. a sizing image prints ssvm_solver_get_heap_size / ssvm_chain_get_heap_size on the device (32-bit
#      sizes); the trainer is then linked with static buffers of exactly those sizes;
#   2. the trainer runs to a certified gap (gap_tol; exit status 0, else the test fails) under qemu -icount
#      shift=0 (one virtual nanosecond per instruction, so SysTick counts instructions; calibrated on a loop
#      of known length);
#   3. the same source built for the host (gcc, the same switches: float, STRUCTSVM_FREESTANDING, ONLY_BCFW,
#      NO_GAPS, -ffp-contract=off) runs the same training: the lines marked "=" (passes, oracle calls, primal and gap
#      with their bits, test errors, an FNV-1a hash of the weights' bytes) must be byte-identical;
#   4. the multiclass trainer again with -ffp-contract=fast on the device (fused multiply-adds): says whether
#      the bits still agree (informational: the manual's PORTABILITY explains why they need not).
# Prints a table of flash (.text, split into code and the data set), RAM (static buffers, stack high-water
# mark by painting, total) and emulated instructions per pass; last line RESULT ...
# Without arm-none-eabi-gcc or qemu-system-arm it says so and exits 0 (under CI=true that is a failure).
set -u
cd "$(dirname "$0")/.." || exit 1
B=${B:-build}/device
SHARED=${SHARED:-../shared}
mkdir -p "$B"
for tool in arm-none-eabi-gcc qemu-system-arm; do
    if ! command -v $tool >/dev/null 2>&1; then
        if [ "${CI:-}" = true ]; then echo "test-device: FAIL: $tool not installed"; exit 1; fi
        echo "test-device: skipped: $tool not installed (Debian: gcc-arm-none-eabi, qemu-system-arm)"
        exit 0
    fi
done
M4="-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16"
LIBDEF="-DSTRUCTSVM_REAL=float -DSTRUCTSVM_ACCUM=float -DSTRUCTSVM_FREESTANDING -DSTRUCTSVM_ONLY_BCFW -DSTRUCTSVM_NO_GAPS -DSTRUCTSVM_NO_PARALLEL -DSTRUCTSVM_NO_DIST"
WARN="-std=c99 -Wall -Wextra -pedantic -Werror"
QEMU="qemu-system-arm -M mps2-an386 -nographic -monitor none -serial none -semihosting-config enable=on,target=native -icount shift=0"
TIMEOUT=${DEVICE_TIMEOUT:-600}

gcc $WARN -O1 tests/embedded/device_data.c -o "$B/device_data" -lm || { echo "test-device: FAIL: device_data does not build"; exit 1; }
"$B/device_data" "$B/device_data.h" "$SHARED" || { echo "test-device: FAIL: cannot write the data"; exit 1; }

# dev_build OUT [flags...]: the bare-metal image
dev_build() {
    local out=$1; shift
    arm-none-eabi-gcc $WARN -Os -ffp-contract=off -ffreestanding -ffunction-sections -fdata-sections $M4 $LIBDEF \
        -I"$B" "$@" tests/embedded/train_device.c tests/embedded/device_rt.c \
        -nostdlib -Wl,--gc-sections -T tests/embedded/device.ld -lgcc -o "$out"
}
# dev_run ELF OUT: runs it, the output in OUT; returns the program's exit status
dev_run() {
    timeout "$TIMEOUT" $QEMU -kernel "$1" > "$2" 2>&1
}
val() { awk -v k="$2" '$1 == "=" && $2 == k { print $3; exit } $1 != "=" && $1 == k { print $2; exit }' "$1"; }
secsize() { arm-none-eabi-size -A "$1" | awk -v s="$2" '$1 == s { print $2; exit }'; }

fail=0
declare -A R
rows=()
for model in multiclass chain; do
    flag=; [ $model = chain ] && flag=-DDEVICE_CHAIN
    # 1. sizes on the device
    if ! dev_build "$B/size_$model.elf" $flag -DDEV_SIZING; then echo "test-device: FAIL: $model sizing image does not build"; fail=1; continue; fi
    dev_run "$B/size_$model.elf" "$B/size_$model.txt"
    sizes=$(grep '^  sizes' "$B/size_$model.txt")
    sh=$(echo "$sizes" | awk '{ print $3 }'); mh=$(echo "$sizes" | awk '{ print $5 }')
    if [ -z "$sh" ]; then echo "test-device: FAIL: $model sizing run printed no sizes:"; cat "$B/size_$model.txt"; fail=1; continue; fi
    [ "$mh" -gt 0 ] || mh=4
    # 2. the trainer, buffers of exactly those sizes
    if ! dev_build "$B/train_$model.elf" $flag -DDEV_SOLVER_HEAP="$sh" -DDEV_MODEL_HEAP="$mh"; then
        echo "test-device: FAIL: $model trainer does not build"; fail=1; continue
    fi
    dev_run "$B/train_$model.elf" "$B/device_$model.txt"; rc=$?
    # 3. the host
    gcc $WARN -O2 -ffp-contract=off $LIBDEF -DDEVICE_HOST $flag -I"$B" tests/embedded/train_device.c -o "$B/host_$model" \
        && "$B/host_$model" > "$B/host_$model.txt"; hrc=$?
    echo "--- $model on the device (exit $rc; host exit $hrc)"
    cat "$B/device_$model.txt"
    same=0
    if cmp -s <(grep '^= ' "$B/device_$model.txt") <(grep '^= ' "$B/host_$model.txt") && grep -q '^= weights_fnv1a' "$B/host_$model.txt"; then
        same=1
    else
        echo "test-device: FAIL: $model: the device and the host differ:"; diff <(grep '^= ' "$B/device_$model.txt") <(grep '^= ' "$B/host_$model.txt")
        fail=1
    fi
    if [ $rc -ne 0 ] || [ $hrc -ne 0 ]; then echo "test-device: FAIL: $model: exit $rc on the device, $hrc on the host (0 = certified gap)"; fail=1; fi
    elf="$B/train_$model.elf"
    text=$(secsize "$elf" .text); data=$(secsize "$elf" .data); bss=$(secsize "$elf" .bss)
    text=${text:-0}; data=${data:-0}; bss=${bss:-0}
    dset=0
    while read -r _ sz _ name; do
        case ${name:-} in dev_TRAIN_*|dev_TEST_*) dset=$((dset + 16#$sz)) ;; esac
    done < <(arm-none-eabi-nm -S "$elf" | awk 'NF == 4')
    lib=$(arm-none-eabi-nm -S -t d "$elf" | awk 'NF == 4 && $3 ~ /[tTrR]/ && $4 ~ /^ssvm/ && !seen[$1]++ { s += $2 } END { print s + 0 }')
    stack=$(val "$B/device_$model.txt" stack_used)
    passes=$(val "$B/device_$model.txt" passes); evals=$(val "$B/device_$model.txt" evaluations)
    tin=$(val "$B/device_$model.txt" train_insn); ein=$(val "$B/device_$model.txt" eval_insn)
    ram=$((data + bss + ${stack:-0}))
    ipp=$(( ${tin:-0} / (${passes:-1} > 0 ? ${passes:-1} : 1) ))
    ipe=$(( ${ein:-0} / (${evals:-1} > 0 ? ${evals:-1} : 1) ))
    rows+=("$(printf '%-10s %6s %12s %12s %8s %7s %7s %7s %8s %6s %8s %10s %9s %4s' $model "$(val "$B/device_$model.txt" passes)" \
        "$(val "$B/device_$model.txt" gap)" "$(val "$B/device_$model.txt" primal)" "$(val "$B/device_$model.txt" test_error)" \
        $((text - dset)) $lib $dset $((data + bss)) "${stack:-?}" "$sh" $ipp $ipe $same)")
    R[$model]="${model}_same_bits=$same ${model}_code_bytes=$((text - dset)) ${model}_lib_bytes=$lib ${model}_ram_bytes=$ram ${model}_insn_per_pass=$ipp ${model}_passes=$passes"
done

# 4. fused multiply-adds on the device: do the bits still agree?
fma=skipped
if dev_build "$B/fma.elf" -DDEV_SOLVER_HEAP="$(awk '/^  sizes/ { print $3 }' "$B/size_multiclass.txt")" -ffp-contract=fast 2>/dev/null; then
    dev_run "$B/fma.elf" "$B/fma.txt"
    if cmp -s <(grep '^= ' "$B/fma.txt") <(grep '^= ' "$B/host_multiclass.txt"); then fma=same; else fma=differ; fi
fi

echo
echo "Bare-metal BCFW on an emulated Cortex-M4F (qemu-system-arm -M mps2-an386 -icount shift=0), float, -Os,"
echo "STRUCTSVM_FREESTANDING + STRUCTSVM_ONLY_BCFW + STRUCTSVM_NO_GAPS, data: $(sed -n 's/#define DEV_DATA_NAME "\(.*\)"/\1/p' "$B/device_data.h")"
printf '%-10s %6s %12s %12s %8s %7s %7s %7s %8s %6s %8s %10s %9s %4s\n' trainer passes gap primal test_err \
    code_B lib_B data_B static_B stack heap_B insn/pass insn/eval same
for r in "${rows[@]}"; do echo "$r"; done
echo "(code_B: flash without the data set (program, runtime, library, libgcc), lib_B of it the library's own"
echo " functions (ssvm_*); data_B: the letters in flash;"
echo " static_B: .data + .bss, of which heap_B is the solver's block; stack: high-water mark by painting;"
echo " insn/pass: emulated instructions per training pass, insn/eval: per evaluation (one oracle pass);"
echo " same: the device's '=' lines equal the host's byte for byte. With -ffp-contract=fast the bits: $fma.)"
echo "RESULT ${R[multiclass]:-multiclass_same_bits=0} ${R[chain]:-chain_same_bits=0} fma_bits=$fma"
exit $fail
