/* tests/embedded/device_rt.c: the bare-metal runtime of the device trainers (`make test-device`): vector
   table, reset (copy .data, zero .bss, paint the stack, enable the FPU), ARM semihosting for output and the
   exit status (qemu-system-arm -semihosting), and an instruction clock from SysTick under qemu's -icount.
   No libc: the trainers are built with -nostdlib and use only what is here, libgcc and the library. */
#include "device_rt.h"

extern unsigned int __data_load, __data_start, __data_end, __bss_start, __bss_end, __stack_bottom, __stack_top;
int main(void);
void dev_reset(void);
static void dev_systick(void);
static void dev_fault(void) { dev_exit(70); }

/* Cortex-M vector table: initial SP, reset, NMI, HardFault, MemManage, BusFault, UsageFault, 4 reserved,
   SVC, DebugMon, reserved, PendSV, SysTick */
typedef union dev_vector { void (*fn)(void); unsigned int *sp; } dev_vector;
__attribute__((section(".vectors"), used)) static const dev_vector dev_vectors[16] = {
    {.sp = &__stack_top}, {dev_reset}, {dev_fault}, {dev_fault}, {dev_fault}, {dev_fault}, {dev_fault},
    {0}, {0}, {0}, {0}, {dev_fault}, {dev_fault}, {0}, {dev_fault}, {dev_systick}};

#define DEV_PAINT 0xC5C5C5C5u

/* semihosting: r0 = operation, r1 = argument; bkpt 0xAB on M-profile */
static int dev_semihost(int op, const void *arg) {
    register int r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

void dev_puts(const char *s) { dev_semihost(0x04, s); } /* SYS_WRITE0 */

void dev_exit(int status) {
    unsigned int block[2];
    block[0] = 0x20026; /* ADP_Stopped_ApplicationExit */
    block[1] = (unsigned int)status;
    dev_semihost(0x20, block); /* SYS_EXIT_EXTENDED: qemu exits with block[1] */
    for (;;) {}
}

/* SysTick on the core clock, reloaded every 2^24 ticks; the wraps are counted in the interrupt */
#define SYST_CSR (*(volatile unsigned int *)0xE000E010u)
#define SYST_RVR (*(volatile unsigned int *)0xE000E014u)
#define SYST_CVR (*(volatile unsigned int *)0xE000E018u)
static volatile unsigned long long dev_wraps;
static void dev_systick(void) { dev_wraps++; }

unsigned long long dev_ticks(void) {
    unsigned long long w;
    unsigned int v;
    do { w = dev_wraps; v = SYST_CVR; } while (w != dev_wraps);
    return (w << 24) + (0xFFFFFFu - v);
}

/* instructions per SysTick tick, measured on a loop of a known instruction count (2^20 iterations of
   subs + bne): under qemu -icount shift=0 every instruction advances the virtual clock by 1 ns, and the
   25 MHz core clock ticks every 40 */
double dev_insn_per_tick(void) {
    unsigned long long t0, t1;
    unsigned int n = 1u << 20;
    t0 = dev_ticks();
    __asm__ volatile("1: subs %0, %0, #1\n\tbne 1b" : "+l"(n));
    t1 = dev_ticks();
    return t1 > t0 ? (double)(2u << 20) / (double)(t1 - t0) : 0.0;
}

unsigned long dev_stack_used(void) {
    const unsigned int *p = &__stack_bottom;
    while (p < &__stack_top && *p == DEV_PAINT) p++;
    return (unsigned long)((const char *)&__stack_top - (const char *)p);
}
unsigned long dev_stack_size(void) { return (unsigned long)((const char *)&__stack_top - (const char *)&__stack_bottom); }

void dev_reset(void) {
    unsigned int *d = &__data_start;
    const unsigned int *s = &__data_load;
    unsigned int *p, *sp;
    while (d < &__data_end) *d++ = *s++;
    for (d = &__bss_start; d < &__bss_end; d++) *d = 0;
    /* paint the stack below this frame (64 bytes of margin) */
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    for (p = &__stack_bottom; p < sp - 16; p++) *p = DEV_PAINT;
#if defined(__ARM_FP)
    *(volatile unsigned int *)0xE000ED88u |= 0xFu << 20; /* CPACR: CP10, CP11 full access */
    __asm__ volatile("dsb\n\tisb");
#endif
    SYST_RVR = 0xFFFFFFu;
    SYST_CVR = 0;
    SYST_CSR = 7; /* enable, interrupt, core clock */
    while (SYST_CVR == 0) {} /* the first reload */
    dev_exit(main());
}

/* what gcc may call for struct copies and zeroing at -Os without a libc */
void *memcpy(void *dst, const void *src, __SIZE_TYPE__ n) {
    unsigned char *d = (unsigned char *)dst;
    const unsigned char *s = (const unsigned char *)src;
    while (n--) *d++ = *s++;
    return dst;
}
void *memset(void *dst, int c, __SIZE_TYPE__ n) {
    unsigned char *d = (unsigned char *)dst;
    while (n--) *d++ = (unsigned char)c;
    return dst;
}
