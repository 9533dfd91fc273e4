/* The PE block stream: the ETE unit's PE port, one slot per run of
 * sequential instructions or per PE event (docs/pe-blocks.md).
 *
 * A slot carries, for an instruction run, the address of its first
 * instruction, the byte offset of its last one and what that last
 * instruction is (class, taken, condition failed); for an exception, a
 * reset or a transaction failure the fields of that record; and a CTX slot
 * carries new context identifiers.  There is no branch target: the target
 * of an indirect branch or an exception is the next slot's address, as it
 * is the next record's pc in the record stream (docs/pe-interface.md 1.1).
 *
 * pe_blk_from_recs() derives the block stream from a record stream; the ETE
 * model's block path (ete_model_block) gives the same trace bytes from the
 * blocks as ete_model_step gives from the records.
 */
#ifndef PE_BLOCK_H
#define PE_BLOCK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pe_stream.h"

/* ---- slot kinds (port field pe_blk_kind, 3 bits) ------------------------ */
enum pe_blk_kind {
    PE_BLK_INSN  = 0,   /* a run of sequential instructions at addr..addr+last */
    PE_BLK_EXC   = 1,   /* exception taken: addr = preferred return address */
    PE_BLK_RESET = 2,   /* PE Warm reset: addr = 0 */
    PE_BLK_TFAIL = 3,   /* transaction failure: addr = pe_rec.pc */
    PE_BLK_CTX   = 4,   /* context identifiers change: addr = {EL2, EL1} */
    PE_BLK_KIND_COUNT
};

/* Flags a slot carries: the PE_F_ bits of the same names. */
#define PE_BLK_FLAGS (PE_F_TAKEN | PE_F_NS | PE_F_TSTATE | PE_F_CCFAIL)

/* Port field widths (docs/pe-blocks.md section 2). */
#define PE_BLK_W_VALID    1u
#define PE_BLK_W_KIND     3u
#define PE_BLK_W_ADDR     64u
#define PE_BLK_W_LAST     8u   /* port: byte offset 0..252, up to 64 A64 instructions */
#define PE_BLK_W_ICLASS   4u
#define PE_BLK_W_FLAGS    4u   /* TAKEN, NS, TSTATE, CCFAIL */
#define PE_BLK_W_ISA      2u
#define PE_BLK_W_EL       2u
#define PE_BLK_W_FROM_EL  2u
#define PE_BLK_W_EXC_TYPE 5u
#define PE_BLK_W_EXT_IN   8u
#define PE_BLK_PORT_BITS                                                               \
    (PE_BLK_W_VALID + PE_BLK_W_KIND + PE_BLK_W_ADDR + PE_BLK_W_LAST + PE_BLK_W_ICLASS + \
     PE_BLK_W_FLAGS + PE_BLK_W_ISA + PE_BLK_W_EL + PE_BLK_W_FROM_EL + PE_BLK_W_EXC_TYPE + \
     PE_BLK_W_EXT_IN)
_Static_assert(PE_BLK_PORT_BITS <= 160, "the block port budget is 160 bits per slot");

/* Instructions a port slot holds at most: `last` up to 252, 64 A64
 * instructions (PE_BLK_W_LAST bits). */
#define PE_BLK_PORT_MAX_INSNS 64u

/* Largest byte offset `last` the C struct and the port hold (8 bits,
 * A64/A32: 64 instructions); pe_blk_from_recs ends a run there. */
#define PE_BLK_LAST_MAX 252u

typedef struct pe_blk {
    uint64_t addr;       /* INSN: first instruction; EXC, TFAIL: pe_rec.pc; RESET: 0;
                            CTX: CONTEXTIDR_EL2 << 32 | CONTEXTIDR_EL1 */
    uint64_t cycle;      /* not a port field: the PE clock the slot is presented in */
    uint64_t timestamp;  /* not a port field: the system counter in that clock */
    uint16_t flags;      /* PE_BLK_FLAGS: TAKEN, CCFAIL of the last instruction; NS, TSTATE */
    uint8_t kind;        /* enum pe_blk_kind */
    uint8_t last;        /* INSN: byte offset of the last instruction from addr */
    uint8_t iclass;      /* INSN: enum pe_iclass of the last instruction */
    uint8_t isa;         /* enum pe_isa (uniform in a run) */
    uint8_t el;          /* as pe_rec.el */
    uint8_t from_el;     /* EXC: as pe_rec.from_el */
    uint8_t exc_type;    /* EXC: as pe_rec.exc_type */
    uint8_t ext_in;      /* EXTIN[7:0] (a run with ext_in != 0 is one instruction) */
} pe_blk;

/* Instructions (records) a slot stands for: INSN last / 4 + 1 (T32: 1),
 * EXC, RESET, TFAIL 1, CTX 0. */
size_t pe_blk_nrecs(const pe_blk *b);

/* The port's 4-bit flags field of a slot (section 1 of docs/pe-blocks.md):
 * bit 0 TAKEN, 1 NS, 2 TSTATE, 3 CCFAIL. */
uint8_t pe_blk_port_flags(const pe_blk *b);

/* Slots pe_blk_from_recs may write for n records (a CTX slot and one slot
 * per record at most). */
static inline size_t pe_blk_max_slots(size_t n)
{
    return 2 * n + 1;
}

/* Derive the block stream of rec[0..n) into out[] (room for
 * pe_blk_max_slots(n) slots); max_insns > 0 caps a run's instructions
 * (RETIRE_WIDTH grouping), 0 = no cap beyond PE_BLK_LAST_MAX.  Returns the
 * number of slots, or -1 with *bad = the index of the first malformed record
 * (reserved kind, class, instruction set, EL) and a message in err. */
long pe_blk_from_recs(const pe_rec *rec, size_t n, unsigned max_insns, pe_blk *out,
                      size_t *bad, char *err, size_t errlen);

/* Statistics of a block stream (pe-dump --blocks, docs/pe-blocks.md). */
typedef struct pe_blk_stats {
    uint64_t slots, records;
    uint64_t kind[PE_BLK_KIND_COUNT];
    uint64_t runs_multi;      /* INSN runs of more than one instruction */
    uint64_t runs_p0;         /* INSN runs ending with a P0 instruction */
    uint64_t insns_max;       /* longest run */
} pe_blk_stats;
void pe_blk_stats_add(pe_blk_stats *st, const pe_blk *b, size_t n);

/* The classes that are P0 instructions for the ETE (D3.4, ete_model's is_p0). */
int pe_iclass_is_p0(unsigned iclass);

const char *pe_blk_kind_name(unsigned kind);
/* One line per slot, stable format (docs/pe-blocks.md section 5). */
void pe_blk_print(FILE *f, const pe_blk *b);

#endif
