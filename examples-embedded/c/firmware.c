/*
 * Start-up and board support of the C firmware demo: the vector table, the reset handler
 * (FPU on, .data copied, .bss zeroed, stack painted), semihosting output and exit, the
 * SysTick clock and the stack measure. Written for any Cortex-M3/M4 board with the memory
 * layout of link.ld; only the FPU enable is specific to a Cortex-M4F (thumbv7em-none-eabihf:
 * the Rust library is compiled for the hard-float ABI and may use the FPU).
 *
 * No C library call is made here: newlib only supplies memcpy/memset to the Rust library and
 * the compiler.
 */
#include "firmware.h"

/* ---------------------------------------------------------------------------------------
 * Symbols of link.ld */

extern uint32_t _sidata; /* the initial values of .data, in flash */
extern uint32_t _sdata, _edata;
extern uint32_t _sbss, _ebss;
extern uint32_t _stack_start; /* the top of the stack: the end of RAM */
extern uint32_t _stack_end;   /* the lowest address the stack may reach: the end of .bss */

int main(void);

/* ---------------------------------------------------------------------------------------
 * Semihosting (Arm's semihosting specification: `bkpt 0xAB`, r0 the operation, r1 its
 * parameter block). QEMU runs with -semihosting-config enable=on,target=native. */

#define SYS_OPEN 0x01
#define SYS_WRITE 0x05
#define SYS_EXIT_EXTENDED 0x20
#define ADP_STOPPED_APPLICATION_EXIT 0x20026

static int32_t semihost(uint32_t op, const void *block) {
    register uint32_t r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = block;
    __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
    return (int32_t)r0;
}

_Noreturn void fw_exit(uint32_t code) {
    const uint32_t block[2] = {ADP_STOPPED_APPLICATION_EXIT, code};
    semihost(SYS_EXIT_EXTENDED, block);
    for (;;) {
        __asm__ volatile("bkpt 0");
    }
}

/* The host's stdout: ":tt" opened for writing (mode 4, "w"), as cortex-m-semihosting does. */
static int32_t stdout_handle = -1;
static char line[128];
static size_t line_length;

static void flush(void) {
    if (stdout_handle < 0) {
        static const char tt[] = ":tt";
        const uint32_t open_block[3] = {(uint32_t)(uintptr_t)tt, 4, sizeof tt - 1};
        stdout_handle = semihost(SYS_OPEN, open_block);
    }
    if (stdout_handle >= 0 && line_length > 0) {
        const uint32_t write_block[3] = {(uint32_t)stdout_handle, (uint32_t)(uintptr_t)line,
                                         (uint32_t)line_length};
        semihost(SYS_WRITE, write_block);
    }
    line_length = 0;
}

static void put(char c) {
    if (line_length == sizeof line) {
        flush();
    }
    line[line_length++] = c;
}

void fw_str(const char *s) {
    while (*s != '\0') {
        put(*s++);
    }
}

void fw_field(const char *s, unsigned width) {
    unsigned n = 0;
    for (; s[n] != '\0'; n++) {
        put(s[n]);
    }
    for (; n < width; n++) {
        put(' ');
    }
}

void fw_u64(uint64_t n) {
    char digits[20];
    int count = 0;
    do {
        digits[count++] = (char)('0' + n % 10);
        n /= 10;
    } while (n != 0);
    while (count > 0) {
        put(digits[--count]);
    }
}

void fw_i64(int64_t n) {
    if (n < 0) {
        put('-');
        fw_u64(0 - (uint64_t)n);
    } else {
        fw_u64((uint64_t)n);
    }
}

void fw_nl(void) {
    put('\n');
    flush();
}

/* ---------------------------------------------------------------------------------------
 * The SysTick clock: a 24-bit down-counter on the core clock; its exception counts the
 * wraps. */

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
#define SCB_ICSR (*(volatile uint32_t *)0xE000ED04u)
#define SCB_CPACR (*(volatile uint32_t *)0xE000ED88u)
#define ICSR_PENDSTSET (1u << 26)
#define SYST_RELOAD 0x00FFFFFFu

static volatile uint32_t wraps;

void SysTick_Handler(void) {
    wraps = wraps + 1; /* the only writer */
}

void fw_clock_start(void) {
    SYST_CSR = 0;
    SYST_RVR = SYST_RELOAD;
    SYST_CVR = 0;                       /* any write clears it */
    SYST_CSR = (1u << 2) | (1u << 1) | 1u; /* core clock, interrupt, enabled */
}

uint64_t fw_ticks(void) {
    for (;;) {
        uint32_t before = wraps;
        uint32_t current = SYST_CVR & SYST_RELOAD;
        bool pending = (SCB_ICSR & ICSR_PENDSTSET) != 0;
        if (wraps != before) {
            continue; /* the exception ran in between: read again */
        }
        /* A wrap whose exception has not run yet: `current` was read after it when it is high
         * (the counter counts down from the reload value). */
        uint64_t count = (uint64_t)before + (pending && current > SYST_RELOAD / 2 ? 1 : 0);
        return count * ((uint64_t)SYST_RELOAD + 1) + (SYST_RELOAD - current);
    }
}

uint64_t fw_clock_micros(void *user_data) {
    (void)user_data;
    return fw_ticks() * 1000000u / CORE_CLOCK_HZ;
}

uint64_t fw_instructions(uint64_t ticks) {
    return (ticks * 1000000000u / CORE_CLOCK_HZ) >> ICOUNT_SHIFT;
}

/* ---------------------------------------------------------------------------------------
 * The stack */

uintptr_t fw_stack_top(void) {
    return (uintptr_t)&_stack_start;
}

uintptr_t fw_stack_bottom(void) {
    return (uintptr_t)&_stack_end;
}

/* In assembly: a C loop could become a call to memset, whose frame would lie in the region
 * being painted. */
__attribute__((noinline)) uintptr_t fw_paint_stack(void) {
    uintptr_t sp;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    uintptr_t top = (sp - 16) & ~(uintptr_t)3; /* a few words under this frame are left */
    register uintptr_t r0 __asm__("r0") = fw_stack_bottom();
    register uintptr_t r1 __asm__("r1") = top;
    register uint32_t r2 __asm__("r2") = FW_PAINT;
    __asm__ volatile("0: cmp r0, r1\n"
                     "   bhs 1f\n"
                     "   stmia r0!, {r2}\n"
                     "   b 0b\n"
                     "1:\n"
                     : "+r"(r0)
                     : "r"(r1), "r"(r2)
                     : "cc", "memory");
    return sp;
}

uintptr_t fw_lowest_touched(void) {
    const volatile uint32_t *p = (const volatile uint32_t *)fw_stack_bottom();
    const volatile uint32_t *top = (const volatile uint32_t *)fw_stack_top();
    while (p < top && *p == FW_PAINT) {
        p++;
    }
    return (uintptr_t)p;
}

/* ---------------------------------------------------------------------------------------
 * Reset and the vector table */

/* After the FPU is on: copies .data, zeroes .bss (through volatile pointers, so that the
 * compiler cannot turn the loops into library calls), paints the stack and runs main. */
__attribute__((noreturn, used)) static void reset_c(void) {
    volatile uint32_t *dst = &_sdata;
    const volatile uint32_t *src = &_sidata;
    while (dst < &_edata) {
        *dst++ = *src++;
    }
    for (dst = &_sbss; dst < &_ebss;) {
        *dst++ = 0;
    }
    fw_paint_stack();
    fw_exit((uint32_t)main());
}

/* The reset handler, in assembly because nothing may use the FPU before it is on: full access
 * to CP10 and CP11 (the FPU), then the C part. */
__attribute__((naked, noreturn)) void Reset_Handler(void) {
    __asm__ volatile("ldr r0, =0xE000ED88\n" /* CPACR */
                     "ldr r1, [r0]\n"
                     "orr r1, r1, #(0xF << 20)\n"
                     "str r1, [r0]\n"
                     "dsb\n"
                     "isb\n"
                     "b reset_c\n");
}

/* A fault, or an exception or interrupt nobody enabled: report it and stop. */
void HardFault_Handler(void) {
    flush(); /* whatever was being printed */
    fw_str("HARD FAULT");
    fw_nl();
    fw_exit(EXIT_HARD_FAULT);
}

void Default_Handler(void) {
    fw_str("UNEXPECTED EXCEPTION ");
    uint32_t ipsr;
    __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
    fw_u64(ipsr);
    fw_nl();
    fw_exit(EXIT_HARD_FAULT);
}

typedef void (*vector)(void);

/* The core's exceptions; no device interrupt is enabled, so none is listed. */
__attribute__((section(".vector_table"), used)) static const vector vector_table[16] = {
    (vector)&_stack_start, /* the initial stack pointer */
    Reset_Handler,
    Default_Handler,   /* NMI */
    HardFault_Handler, /* HardFault */
    HardFault_Handler, /* MemManage */
    HardFault_Handler, /* BusFault */
    HardFault_Handler, /* UsageFault */
    0,
    0,
    0,
    0,
    Default_Handler, /* SVCall */
    Default_Handler, /* DebugMonitor */
    0,
    Default_Handler, /* PendSV */
    SysTick_Handler,
};
