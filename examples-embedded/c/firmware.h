/*
 * Board support of the C firmware demo (Cortex-M under QEMU, no OS, no heap): start-up,
 * output and exit over semihosting, a SysTick clock, and stack painting. The C counterpart of
 * the Rust demo's src/board.rs; firmware.c implements it.
 */
#ifndef FIRMWARE_H
#define FIRMWARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Exit codes (QEMU exits with them): the Rust demo's, plus one for an engine that cannot be
 * set up. */
#define EXIT_OK 0u             /* every result equals the host's */
#define EXIT_MISMATCH 1u       /* a result differs from the host's, or a search failed */
#define EXIT_SETUP 2u          /* the engine or its memory could not be set up */
#define EXIT_STACK_OVERFLOW 3u /* the stack reached the static data */
#define EXIT_HARD_FAULT 4u     /* a fault */

/* Ends the program under QEMU with `code` as its exit status (semihosting SYS_EXIT_EXTENDED). */
_Noreturn void fw_exit(uint32_t code);

/* Output to the host's stdout, a line at a time (semihosting SYS_WRITE on ":tt"). No printf:
 * newlib's would cost more flash than the tic-tac-toe game and its callbacks. */
void fw_str(const char *s);
void fw_field(const char *s, unsigned width); /* `s` padded with spaces to `width` */
void fw_u64(uint64_t n);
void fw_i64(int64_t n);
void fw_nl(void); /* ends the line and writes it */

/* The core clock in Hz and QEMU's -icount shift, from boards/boards.txt (the Makefile passes
 * them). */
#ifndef CORE_CLOCK_HZ
#error "CORE_CLOCK_HZ (the board's core clock, boards/boards.txt) must be defined"
#endif
#ifndef ICOUNT_SHIFT
#error "ICOUNT_SHIFT (QEMU's -icount shift, boards/boards.txt) must be defined"
#endif

/* Starts the SysTick on the core clock, interrupting on every wrap (2^24 cycles). */
void fw_clock_start(void);
/* Core clock cycles since fw_clock_start. */
uint64_t fw_ticks(void);
/* The engine's clock callback (alphabeta_clock_fn): microseconds since fw_clock_start. */
uint64_t fw_clock_micros(void *user_data);
/* Guest instructions in `ticks` cycles under QEMU's -icount (2^shift ns each). */
uint64_t fw_instructions(uint64_t ticks);

/* The stack: it grows down from fw_stack_top() to fw_stack_bottom() (the end of .bss). The
 * start-up code fills it with FW_PAINT. */
#define FW_PAINT 0xCCCCCCCCu
uintptr_t fw_stack_top(void);
uintptr_t fw_stack_bottom(void);
/* Repaints the free stack below the caller and returns the stack pointer (roughly the
 * caller's). */
uintptr_t fw_paint_stack(void);
/* The lowest stack address written since it was painted. */
uintptr_t fw_lowest_touched(void);

#endif /* FIRMWARE_H */
