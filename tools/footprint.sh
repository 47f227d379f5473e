#!/usr/bin/env bash
# tools/footprint.sh (`make footprint`): flash and RAM of structsvm.h on a Cortex-M4F.
# Links the three firmware programs of tests/embedded/ (predict-only chain decoder, predict-only multiclass
# scorer, BCFW chain trainer) with arm-none-eabi-gcc -Os, float, NO_STDIO, NO_MALLOC, gc-sections, newlib-nano
# and nosys stubs, each also without its library call (-DBASELINE): the difference is the library's own
# code (with the libgcc/newlib routines it pulls in). "text" is arm-none-eabi-size's text column (code and
# read-only data: the flash). RAM comes from tests/embedded/ram.c run on the host (float, 32-bit when
# gcc -m32 works). Fails if the chain decoder exceeds 4 KB. Last line: RESULT chain_predict_text=... (library
# code, i.e. the differences).
# Without arm-none-eabi-gcc it says so and exits 0 (under CI=true that is a failure).
set -u
cd "$(dirname "$0")/.." || exit 1
B=build/footprint
SHARED=${SHARED:-../shared}
mkdir -p "$B"
if ! command -v arm-none-eabi-gcc >/dev/null 2>&1; then
    if [ "${CI:-}" = true ]; then echo "footprint: FAIL: arm-none-eabi-gcc not installed"; exit 1; fi
    echo "footprint: skipped: arm-none-eabi-gcc not installed (Debian: gcc-arm-none-eabi libnewlib-arm-none-eabi)"
    exit 0
fi
M4="-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16"
M0="-mcpu=cortex-m0 -mthumb"
CFLAGS="-std=c99 -Wall -Wextra -pedantic -Werror -Os -DSTRUCTSVM_REAL=float -DSTRUCTSVM_NO_STDIO -DSTRUCTSVM_NO_MALLOC -ffunction-sections -fdata-sections"
LDFLAGS="-Wl,--gc-sections --specs=nano.specs --specs=nosys.specs -lm"

# The firmware links are independent: they all run first, FOOTPRINT_JOBS at once (default: the number of cores),
# each into $B/<prog><tag>.elf with its output in .log and its text bytes in .text; the table below then reads them
# (text), in the order it prints, so the output is the same as one link after another.
JOBS=${FOOTPRINT_JOBS:-$(nproc 2>/dev/null || echo 1)}
# tagof cpu prog [extra flags]: the file name stem of that link
tagof() { local cpu=$1 prog=$2; shift 2; printf '%s%s' "$prog" "$(echo "$cpu $*" | tr -c 'A-Za-z0-9\n' '_')"; }
# link cpu prog [extra flags]: links the program, writes its text bytes to $B/<stem>.text
link() {
    local cpu=$1 prog=$2 stem flags=$M4
    stem=$(tagof "$@"); shift 2
    [ "$cpu" = M0 ] && flags=$M0
    arm-none-eabi-gcc $CFLAGS $flags "$@" "tests/embedded/$prog.c" -o "$B/$stem.elf" $LDFLAGS || return 1
    arm-none-eabi-size "$B/$stem.elf" | awk 'NR == 2 { print $1 }' > "$B/$stem.text.tmp" &&
        [ -s "$B/$stem.text.tmp" ] && mv "$B/$stem.text.tmp" "$B/$stem.text"
}
# every link the table uses, the slow ones (the trainer) first; one line each: cpu prog [extra flags]
LINKS=()
for prog in bcfw_chain chain_predict multiclass_predict; do
    for f in "M4" "M4 -DBASELINE" "M4 -DSTRUCTSVM_ACCUM=float" "M0" "M0 -DBASELINE"; do
        LINKS+=("${f%% *} $prog${f#M[04]}")
    done
done
for f in "-DSTRUCTSVM_ONLY_BCFW" "-DSTRUCTSVM_ONLY_BCFW -DSTRUCTSVM_NO_GAPS" \
         "-DSTRUCTSVM_ONLY_BCFW -DSTRUCTSVM_NO_GAPS -DSTRUCTSVM_FREESTANDING"; do
    LINKS+=("M4 bcfw_chain $f" "M4 bcfw_chain $f -DSTRUCTSVM_ACCUM=float" "M0 bcfw_chain $f")
done
for l in "${LINKS[@]}"; do
    # shellcheck disable=SC2086
    rm -f "$B/$(tagof $l).text" "$B/$(tagof $l).log"
done
# and, first, the host build of tests/embedded/ram.c (float, 32-bit when gcc -m32 works) for the RAM figures below
m32=-m32
echo 'int main(void){return 0;}' | gcc -m32 -x c - -o "$B/m32probe" >/dev/null 2>&1 || m32=""
rm -f "$B/ram" "$B/ram.rc"
( gcc $m32 -std=c99 -Wall -Wextra -pedantic -Werror -O1 -DSTRUCTSVM_REAL=float tests/embedded/ram.c -o "$B/ram" -lm \
    > "$B/ram.log" 2>&1; echo $? > "$B/ram.rc" ) &
for l in "${LINKS[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
    # shellcheck disable=SC2086
    ( link $l > "$B/$(tagof $l).log" 2>&1 ) &
done
wait
# text cpu prog [extra flags]: the text bytes of that link (its compiler output, on stderr, if it failed)
text() {
    local stem
    stem=$(tagof "$@")
    if [ ! -f "$B/$stem.log" ]; then echo "footprint: $* is not in LINKS" >&2; return 1; fi
    if [ ! -s "$B/$stem.text" ]; then cat "$B/$stem.log" >&2; return 1; fi
    cat "$B/$stem.log" >&2 # warnings, if any (-Werror: none on success)
    cat "$B/$stem.text"
}

fail=0
declare -A LIB
printf '%-34s %10s %10s %10s | %16s %12s\n' "Cortex-M4F, -Os, text bytes" "program" "baseline" "library" "lib ACCUM=float" "lib Cortex-M0"
for prog in chain_predict multiclass_predict bcfw_chain; do
    full=$(text M4 $prog) && base=$(text M4 $prog -DBASELINE) && \
    accf=$(text M4 $prog -DSTRUCTSVM_ACCUM=float) && \
    m0=$(text M0 $prog) && m0b=$(text M0 $prog -DBASELINE) || { echo "footprint: FAIL: $prog does not build"; fail=1; continue; }
    LIB[$prog]=$((full - base))
    case $prog in
        chain_predict) name="chain decoder (PREDICT_ONLY)" ;;
        multiclass_predict) name="multiclass scorer (PREDICT_ONLY)" ;;
        bcfw_chain) name="BCFW chain trainer" ;;
    esac
    printf '%-34s %10d %10d %10d | %16d %12d\n' "$name" "$full" "$base" "$((full - base))" "$((accf - base))" "$((m0 - m0b))"
done
# the BCFW chain trainer again, built with only the solver it uses (STRUCTSVM_ONLY_BCFW: the other rows and sections
# of the algorithm table left out)
full=$(text M4 bcfw_chain -DSTRUCTSVM_ONLY_BCFW) && base=$(text M4 bcfw_chain -DBASELINE) && \
accf=$(text M4 bcfw_chain -DSTRUCTSVM_ONLY_BCFW -DSTRUCTSVM_ACCUM=float) && \
m0=$(text M0 bcfw_chain -DSTRUCTSVM_ONLY_BCFW) && m0b=$(text M0 bcfw_chain -DBASELINE) || { echo "footprint: FAIL: bcfw_chain with STRUCTSVM_ONLY_BCFW does not build"; fail=1; }
LIB[bcfw_only]=$((full - base))
printf '%-34s %10d %10d %10d | %16d %12d\n' "  the same, STRUCTSVM_ONLY_BCFW" "$full" "$base" "$((full - base))" "$((accf - base))" "$((m0 - m0b))"
# and without config.bcfw's options (STRUCTSVM_NO_GAPS: gap sampling, pairwise/away steps, caching): plain BCFW
full=$(text M4 bcfw_chain -DSTRUCTSVM_ONLY_BCFW -DSTRUCTSVM_NO_GAPS) && \
accf=$(text M4 bcfw_chain -DSTRUCTSVM_ONLY_BCFW -DSTRUCTSVM_NO_GAPS -DSTRUCTSVM_ACCUM=float) && \
m0=$(text M0 bcfw_chain -DSTRUCTSVM_ONLY_BCFW -DSTRUCTSVM_NO_GAPS) || { echo "footprint: FAIL: bcfw_chain with STRUCTSVM_NO_GAPS does not build"; fail=1; }
LIB[bcfw_plain]=$((full - base))
printf '%-34s %10d %10d %10d | %16d %12d\n' "  and STRUCTSVM_NO_GAPS" "$full" "$base" "$((full - base))" "$((accf - base))" "$((m0 - m0b))"
# and STRUCTSVM_FREESTANDING (no libc: the portable exp/log of the evaluation schedule's fit instead of newlib's)
full=$(text M4 bcfw_chain -DSTRUCTSVM_ONLY_BCFW -DSTRUCTSVM_NO_GAPS -DSTRUCTSVM_FREESTANDING) && \
accf=$(text M4 bcfw_chain -DSTRUCTSVM_ONLY_BCFW -DSTRUCTSVM_NO_GAPS -DSTRUCTSVM_FREESTANDING -DSTRUCTSVM_ACCUM=float) && \
m0=$(text M0 bcfw_chain -DSTRUCTSVM_ONLY_BCFW -DSTRUCTSVM_NO_GAPS -DSTRUCTSVM_FREESTANDING) || { echo "footprint: FAIL: bcfw_chain with STRUCTSVM_FREESTANDING does not build"; fail=1; }
LIB[bcfw_free]=$((full - base))
printf '%-34s %10d %10d %10d | %16d %12d\n' "  and STRUCTSVM_FREESTANDING" "$full" "$base" "$((full - base))" "$((accf - base))" "$((m0 - m0b))"
echo "(program: the firmware; baseline: the same without the library call; library = program - baseline."
echo " Right of |: library bytes with -DSTRUCTSVM_ACCUM=float (no soft double on the single-precision FPU),"
echo " and on a Cortex-M0 (no FPU, all float arithmetic in software).)"
[ "$fail" -eq 0 ] || exit 1

# ---- RAM, OCR-sized model (K = 26, F = 129, biases: d = 4,082)
# (ram.c was built above, beside the firmware links)
cat "$B/ram.log" >&2
[ "$(cat "$B/ram.rc" 2>/dev/null)" = 0 ] || exit 1
SSVM_SHARED=$SHARED "$B/ram" > "$B/ram.txt" 2>/dev/null || { echo "footprint: FAIL: tests/embedded/ram.c"; cat "$B/ram.txt"; exit 1; }
v() { awk -v k="$1" '$1 == k { $1 = ""; sub(/^ /, ""); print }' "$B/ram.txt"; }
# the solver object itself, as the Cortex-M4 compiler lays it out
printf '#include "structsvm.h"\nssvm_solver solver_object;\nssvm_chain chain_object;\n' > "$B/sizes.c"
arm-none-eabi-gcc $CFLAGS $M4 -I. -c "$B/sizes.c" -o "$B/sizes.o" || exit 1
osize() { printf '%d' "0x$(arm-none-eabi-nm -S "$B/sizes.o" | awk -v s="$1" '$4 == s { print $2 }')"; }
solver=$(osize solver_object); chain=$(osize chain_object)
heap=$(v bcfw_heap); scratch=$(v chain_scratch); wb=$(v w_bytes)
echo
echo "RAM, float, OCR-sized model (K = 26 labels, F = 129 attributes, biases: d = $(v d)); sizes from a $(v ptr_bits)-bit host build"
printf '  %-62s %10d\n' "w, d floats (in flash if trained offline)" "$wb"
printf '  %-62s %10d\n' "chain decoder work, L = 14 (ssvm_chain_predict_get_work_size)" "$(v chain_work_L14)"
printf '  %-62s %10d\n' "multiclass scorer: w, 26 x 129 floats; no work area" "$(v mc_w_bytes)"
echo "  BCFW on the $(v split): n = $(v n) words, $(v letters) letters, longest $(v maxlen):"
printf '  %-62s %10d\n' "  solver heap (ssvm_solver_get_heap_size, default config)" "$heap"
printf '  %-62s %10d\n' "  chain scratch (ssvm_chain_get_heap_size)" "$scratch"
printf '  %-62s %10d\n' "  ssvm_solver + ssvm_chain objects (arm-none-eabi layout)" "$((solver + chain))"
printf '  %-62s %10d\n' "  w out" "$wb"
printf '  %-62s %10d\n' "  total RAM besides the data" "$((heap + scratch + solver + chain + wb))"
printf '  %-62s %10d\n' "  the data x, letters x 129 floats (flash or external memory)" "$(v x_bytes)"
echo
# the target: the predict-only chain decoder fits in 4 KB of flash
if [ "${LIB[chain_predict]}" -gt 4096 ]; then
    echo "footprint: FAIL: the chain decoder's library code is ${LIB[chain_predict]} bytes, over the 4,096 target"; fail=1
else echo "footprint: chain decoder ${LIB[chain_predict]} bytes <= 4,096 target: ok"; fi
echo "RESULT chain_predict_text=${LIB[chain_predict]} multiclass_predict_text=${LIB[multiclass_predict]} bcfw_chain_text=${LIB[bcfw_chain]} bcfw_chain_only_bcfw_text=${LIB[bcfw_only]} bcfw_chain_no_gaps_text=${LIB[bcfw_plain]} bcfw_chain_freestanding_text=${LIB[bcfw_free]}"
[ "$fail" -eq 0 ]
