/* ETE driver: programs a trace unit through its external-debug register
 * map (D8.4) as software does, using the external debugger programming
 * procedure of D8.3 (Figure D8.2):
 *
 *   TRCPRGCTLR.EN = 0; read TRCSTATR until IDLE = 1;
 *   program the trace registers;
 *   TRCPRGCTLR.EN = 1; read TRCSTATR until IDLE = 0.
 *
 * Register access goes through two callbacks, so the same code drives the
 * RTL over APB in the Verilator bench, a memory-mapped unit on a real
 * system, or a register model in a unit test. */
#ifndef ETE_DRIVER_H
#define ETE_DRIVER_H

#include <stddef.h>
#include <stdint.h>

#include "ete_regs.h"

/* One 32-bit word-aligned access at an offset of common/ete_regs.h.
 * Return 0, or nonzero when the access failed (bus error): the driver
 * stops and reports the register. */
typedef struct ete_drv_bus {
    void *ctx;
    int (*write32)(void *ctx, uint32_t offset, uint32_t value);
    int (*read32)(void *ctx, uint32_t offset, uint32_t *value);
} ete_drv_bus;

/* TRCSTATR reads before a wait for IDLE gives up. */
#define ETE_DRV_DEFAULT_POLLS 100000u

/* The register's name for an offset ("TRCCONFIGR", "TRCACVR3+4", ...), or
 * NULL for an offset the driver does not know. */
const char *ete_drv_reg_name(uint32_t offset, char *buf, size_t len);

/* Read TRCIDR0..TRCIDR13 and TRCDEVARCH into id and check that the unit
 * is an ETE (TRCDEVARCH: ARCHITECT Arm, PRESENT, ARCHVER 5, ARCHPART
 * 0xA13).  Returns 0, or -1 with a message. */
int ete_drv_probe(const ete_drv_bus *bus, ete_idregs *id, char *err, size_t errlen);

/* Check that r fits the unit id describes: every nonzero register exists
 * (comparators below 2 * NUMACPAIRS, resource selectors 2 .. 2 *
 * (NUMRSPAIR + 1) - 1), TRCSYNCPR is only given when writable or equal to
 * the fixed period, TRCCCCTLR.THRESHOLD >= CCITMIN when TRCCONFIGR.CCI.
 * Returns 0, or -1 naming the first register that does not fit. */
int ete_drv_check(const ete_idregs *id, const ete_progregs *r, char *err, size_t errlen);

/* TRCPRGCTLR.EN = 0, then read TRCSTATR until IDLE = 1 (at most max_polls
 * reads; 0 = ETE_DRV_DEFAULT_POLLS).  In the Idle state PMSTABLE is 1
 * (Table D8.2): a unit that reports IDLE without PMSTABLE is an error.
 * *polls (may be NULL) receives the number of TRCSTATR reads. */
int ete_drv_disable(const ete_drv_bus *bus, unsigned max_polls, unsigned *polls, char *err,
                    size_t errlen);

/* Write every trace register of r that the unit implements (ete_drv_check
 * first).  The unit must be Idle (TRCSTATR is read once to check: writes
 * outside the Idle state are CONSTRAINED UNPREDICTABLE, R_RWYQD).
 * Returns 0, or -1 with a message. */
int ete_drv_program(const ete_drv_bus *bus, const ete_idregs *id, const ete_progregs *r,
                    char *err, size_t errlen);

/* Read back what ete_drv_program wrote and list the registers whose value
 * differs (name, written, read) in msg, several separated by "; ".
 * Returns the number of differing registers, or -1 on a bus error. */
int ete_drv_verify(const ete_drv_bus *bus, const ete_idregs *id, const ete_progregs *r,
                   char *msg, size_t msglen);

/* TRCPRGCTLR.EN = 1, then read TRCSTATR until IDLE = 0 (the Running
 * state).  Returns 0, or -1 with a message. */
int ete_drv_enable(const ete_drv_bus *bus, unsigned max_polls, unsigned *polls, char *err,
                   size_t errlen);

/* The whole procedure of Figure D8.2: disable, program r, enable.  id
 * from ete_drv_probe. */
int ete_drv_start(const ete_drv_bus *bus, const ete_idregs *id, const ete_progregs *r,
                  unsigned max_polls, char *err, size_t errlen);

#endif
