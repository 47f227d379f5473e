/* tests/embedded/device_rt.h: what the device trainers take from device_rt.c (and, on the host, from
   train_device.c's stdio stand-ins). */
#ifndef DEVICE_RT_H
#define DEVICE_RT_H
void dev_puts(const char *s);
void dev_exit(int status);
unsigned long long dev_ticks(void); /* core clock ticks since reset (0 on the host) */
double dev_insn_per_tick(void);    /* instructions per tick, measured (0 on the host) */
unsigned long dev_stack_used(void); /* bytes of the stack ever written (0 on the host) */
unsigned long dev_stack_size(void);
#endif
