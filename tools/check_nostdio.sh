#!/usr/bin/env bash
# tools/check_nostdio.sh: the implementation built with STRUCTSVM_NO_STDIO (and with STRUCTSVM_FREESTANDING)
# must neither reference nor define any stdio symbol (printf family, puts, putchar, FILE functions, the
# _chk variants, stdout/stderr, ...). Compiles to objects and reads their symbol tables with nm.
# First checks that the pattern does catch stdio in an object that uses it, so a pass means something.
set -u
cd "$(dirname "$0")/.." || exit 1
B=build/ci
mkdir -p "$B"
W="-std=c99 -Wall -Wextra -pedantic -Werror -I."
CC=${CC_NOSTDIO:-gcc}
# symbol names, with optional leading underscores (Mach-O, newlib's _printf_r ...) and _chk / _r / 64 suffixes
STDIO='^_*(v?(f|s|sn|as|d)?printf|v?(f|s)?scanf|isoc99_v?(f|s)?scanf|v?(f|s|sn|as|d)?printf_chk|f?puts|putchar|f?putc|putc_unlocked|putchar_unlocked|fputs_unlocked|fwrite_unlocked|getchar|f?getc|fgets|gets|ungetc|fopen(64)?|fdopen|freopen(64)?|fclose|fread|fwrite|fflush|fseeko?(64)?|ftello?(64)?|rewind|fgetpos(64)?|fsetpos(64)?|setv?buf|setlinebuf|tmpfile(64)?|tmpnam|perror|popen|pclose|remove|rename|feof|ferror|clearerr|fileno|stdin|stdout|stderr|IO_[a-z_0-9]+|swbuf_r|sfvwrite_r|srefill_r|svfprintf_r|vfiprintf_r)(_r)?$'

fails=0
# scan obj label: prints the offending symbols; returns 1 if any
scan() {
    local hits und
    hits=$(nm -P "$1" | awk '{print $1}' | grep -E "$STDIO")
    if [ -n "$hits" ]; then echo "FAIL  $2: stdio symbols: $(echo $hits)"; return 1; fi
    und=$(nm -u "$1" | awk '{print $2}')
    echo "ok    $2: no stdio symbol among $(nm -P "$1" | wc -l); undefined: $(echo ${und:-none})"
}

# the pattern must catch stdio where it is used
printf '#include <stdio.h>\nint f(int x) { printf("%%d\\n", x); puts("x"); return fputc(x, stderr); }\n' > "$B/stdio_probe.c"
if $CC -O2 -c "$B/stdio_probe.c" -o "$B/stdio_probe.o" && ! nm -P "$B/stdio_probe.o" | awk '{print $1}' | grep -qE "$STDIO"; then
    echo "FAIL  the stdio pattern misses an object that uses printf/puts/fputc/stderr"; fails=$((fails+1))
fi

printf '#define STRUCTSVM_IMPLEMENTATION\n#include "structsvm.h"\n' > "$B/nostdio.c"
# the twelve host builds and the firmware build, CHECK_JOBS at once (default: the number of cores), reported in order
JOBS=${CHECK_JOBS:-$(nproc 2>/dev/null || echo 1)}
one() { # label obj flags...: compile, then scan; prints its line; exit status 1 on a failure
    local label=$1 obj=$2; shift 2
    if ! $CC $W "$@" -c "$B/nostdio.c" -o "$obj"; then echo "FAIL  $label: does not compile"; return 1; fi
    scan "$obj" "$label"
}
# the firmware build, if the cross compiler is there (newlib has its own _printf_r names); first, the longest
arm=false
if command -v arm-none-eabi-gcc >/dev/null 2>&1; then
    arm=true
    rm -f "$B/nostdio_arm.rc"
    ( CC=arm-none-eabi-gcc one "arm-none-eabi-gcc -Os cortex-m4f float NO_STDIO NO_MALLOC" "$B/nostdio_arm.o" -Os \
        -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 -DSTRUCTSVM_REAL=float -DSTRUCTSVM_NO_STDIO \
        -DSTRUCTSVM_NO_MALLOC > "$B/nostdio_arm.log" 2>&1
      echo $? > "$B/nostdio_arm.rc" ) &
fi
j=0
for real in double float; do
    for cfg in "-DSTRUCTSVM_NO_STDIO" "-DSTRUCTSVM_NO_STDIO -DSTRUCTSVM_NO_MALLOC -DSTRUCTSVM_NO_CLOCK" \
               "-ffreestanding -DSTRUCTSVM_FREESTANDING"; do
        for opt in -O0 -O2; do
            j=$((j+1))
            while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
            # shellcheck disable=SC2086
            ( one "$CC $opt $real $cfg" "$B/nostdio_$j.o" $opt -DSTRUCTSVM_REAL=$real $cfg > "$B/nostdio_$j.log" 2>&1
              echo $? > "$B/nostdio_$j.rc" ) &
        done
    done
done
wait
for k in $(seq 1 "$j"); do
    cat "$B/nostdio_$k.log"
    [ "$(cat "$B/nostdio_$k.rc" 2>/dev/null || echo 1)" -eq 0 ] || fails=$((fails+1))
done
if $arm; then
    cat "$B/nostdio_arm.log"
    [ "$(cat "$B/nostdio_arm.rc" 2>/dev/null || echo 1)" -eq 0 ] || fails=$((fails+1))
fi
if [ "$fails" -eq 0 ]; then echo "nostdio: ok"; else echo "nostdio: $fails failed"; fi
[ "$fails" -eq 0 ]
