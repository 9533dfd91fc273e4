/* BRBE Branch record decoding (brbe_dec.h). */
#include "brbe_dec.h"

#include <stdio.h>

unsigned brbe_cc_counter_bits(uint64_t brbidr0)
{
    unsigned cc = (unsigned)((brbidr0 & BRBIDR0_CC_MASK) >> BRBIDR0_CC_SHIFT);
    /* register-fields.md section 3: BRBIDR0_EL1.CC 0b0101 = 20-bit counter.
     * No other encoding is given there (R_RQXNW leaves the size
     * IMPLEMENTATION DEFINED); their width is unknown and returned as 0. */
    return cc == BRBIDR0_CC_20BIT ? 20u : 0u;
}

enum brbe_cc_status brbe_cc_decode(unsigned ccu, unsigned cc, unsigned counter_bits,
                                   uint64_t *cycles, uint64_t *span)
{
    unsigned e = (cc >> 8) & 0x3Fu, m = cc & 0xFFu;
    uint64_t v;

    *cycles = 0;
    *span = 0;
    cc &= 0x3FFFu;
    if (ccu) /* R_PBJTJ: CCU = 1 with CC all zeros */
        return cc == 0 ? BRBE_CC_UNKNOWN : BRBE_CC_BAD;
    if (cc == BRBINF_CC_SATURATED) /* R_XGSSZ: all ones in E and M */
        return BRBE_CC_OVERFLOW;
    if (e == 0) {
        v = m;
    } else {
        /* '1':M:Zeros(E-1) is 9 + E - 1 bits wide; beyond 64 bits no counter
         * can have produced it. */
        if (e - 1u + 9u > 64u)
            return BRBE_CC_BAD;
        v = (UINT64_C(0x100) | m) << (e - 1u);
        *span = (UINT64_C(1) << (e - 1u)) - 1u;
    }
    /* R_JZWPG: a count that fits the counter is encoded; one that does not
     * is written as all ones (R_XGSSZ).  A value at or above 2^counter_bits
     * is therefore not a count this counter produced. */
    if (counter_bits != 0 && counter_bits < 64u && (v >> counter_bits) != 0) {
        *span = 0;
        return BRBE_CC_BAD;
    }
    *cycles = v;
    return BRBE_CC_KNOWN;
}

const char *brbe_cc_status_name(enum brbe_cc_status s)
{
    switch (s) {
    case BRBE_CC_KNOWN:    return "known";
    case BRBE_CC_UNKNOWN:  return "unknown";
    case BRBE_CC_OVERFLOW: return "overflow";
    case BRBE_CC_BAD:      return "bad";
    }
    return "bad";
}

void brbe_info_decode(uint64_t brbinf, unsigned counter_bits, brbe_info *out)
{
    out->raw = brbinf;
    out->valid = (unsigned)((brbinf & BRBINF_VALID_MASK) >> BRBINF_VALID_SHIFT);
    out->type = (unsigned)((brbinf & BRBINF_TYPE_MASK) >> BRBINF_TYPE_SHIFT);
    out->el = (unsigned)((brbinf & BRBINF_EL_MASK) >> BRBINF_EL_SHIFT);
    out->mpred = (brbinf & BRBINF_MPRED) != 0;
    out->t = (brbinf & BRBINF_T) != 0;
    out->lastfailed = (brbinf & BRBINF_LASTFAILED) != 0;
    out->ccu = (brbinf & BRBINF_CCU) != 0;
    out->cc = (unsigned)((brbinf & BRBINF_CC_MASK) >> BRBINF_CC_SHIFT);
    out->cc_exp = (unsigned)((brbinf & BRBINF_CC_EXP_MASK) >> BRBINF_CC_EXP_SHIFT);
    out->cc_mant = (unsigned)((brbinf & BRBINF_CC_MANT_MASK) >> BRBINF_CC_MANT_SHIFT);
    out->cc_status = brbe_cc_decode(out->ccu, out->cc, counter_bits, &out->cycles,
                                    &out->cycles_span);
    /* R_RPVXK, R_LPLYK, R_GSMRH */
    out->has_source = out->valid == BRBINF_VALID_SOURCE || out->valid == BRBINF_VALID_FULL;
    out->has_target = out->valid == BRBINF_VALID_TARGET || out->valid == BRBINF_VALID_FULL;
    out->res0 = brbinf & ~BRBINF_DEFINED_MASK;
}

struct type_ent {
    unsigned code;
    const char *name;
    const char *desc;
};

/* brbinf-register.md, TYPE table (R_CBHRY); Table F1.2 maps exceptions to
 * these classes. */
static const struct type_ent type_tab[] = {
    { BRBINF_TYPE_DIRECT,     "direct",        "Unconditional direct branch, excluding Branch with link" },
    { BRBINF_TYPE_INDIRECT,   "indirect",      "Indirect branch, excluding Branch with link, Return from subroutine, and Exception return" },
    { BRBINF_TYPE_DIRCALL,    "direct-link",   "Direct Branch with link" },
    { BRBINF_TYPE_INDCALL,    "indirect-link", "Indirect Branch with link" },
    { BRBINF_TYPE_RET,        "return",        "Return from subroutine" },
    { BRBINF_TYPE_ERET,       "eret",          "Exception return" },
    { BRBINF_TYPE_CONDDIR,    "cond-direct",   "Conditional direct branch" },
    { BRBINF_TYPE_DEBUG_HALT, "debug-halt",    "Debug halt" },
    { BRBINF_TYPE_CALL,       "call",          "Call" },
    { BRBINF_TYPE_TRAP,       "trap",          "Trap" },
    { BRBINF_TYPE_SERROR,     "serror",        "SError" },
    { BRBINF_TYPE_INST_DEBUG, "inst-debug",    "Instruction debug" },
    { BRBINF_TYPE_DATA_DEBUG, "data-debug",    "Data debug" },
    { BRBINF_TYPE_ALIGNMENT,  "alignment",     "Alignment" },
    { BRBINF_TYPE_INST_FAULT, "inst-fault",    "Inst Fault" },
    { BRBINF_TYPE_DATA_FAULT, "data-fault",    "Data Fault" },
    { BRBINF_TYPE_IRQ,        "irq",           "IRQ" },
    { BRBINF_TYPE_FIQ,        "fiq",           "FIQ" },
    { BRBINF_TYPE_IMPDEF_EL3, "impdef-el3",    "IMPLEMENTATION DEFINED exception to EL3" },
    { BRBINF_TYPE_DEBUG_EXIT, "debug-exit",    "Debug State Exit" },
};

static const struct type_ent *type_find(unsigned type)
{
    for (size_t i = 0; i < sizeof type_tab / sizeof type_tab[0]; i++)
        if (type_tab[i].code == type)
            return &type_tab[i];
    return NULL;
}

const char *brbe_type_name(unsigned type)
{
    const struct type_ent *t = type_find(type);
    return t ? t->name : NULL;
}

const char *brbe_type_desc(unsigned type)
{
    const struct type_ent *t = type_find(type);
    return t ? t->desc : NULL;
}

int brbe_type_is_exception(unsigned type)
{
    return (type & 0x20u) != 0;
}

const char *brbe_el_name(unsigned el)
{
    static const char *const n[4] = { "el0", "el1", "el2", "el3" };
    return n[el & 3u];
}

const char *brbe_valid_name(unsigned valid)
{
    switch (valid & 3u) {
    case BRBINF_VALID_TARGET: return "target";
    case BRBINF_VALID_SOURCE: return "source";
    case BRBINF_VALID_FULL:   return "full";
    default:                  return "invalid";
    }
}

int brbe_record_check(const brbe_record *r, unsigned counter_bits, char *err, size_t errlen)
{
    brbe_info in;

    brbe_info_decode(r->inf, counter_bits, &in);
    if (in.valid == BRBINF_VALID_NONE) {
        /* An invalid record carries nothing; the dump format writes it as
         * three zeros, and an unimplemented record reads as zero (R_BNGTH). */
        if (r->src || r->tgt || r->inf) {
            snprintf(err, errlen, "invalid record (VALID 00) with nonzero registers "
                     "(BRBSRC 0x%016llx BRBTGT 0x%016llx BRBINF 0x%016llx)",
                     (unsigned long long)r->src, (unsigned long long)r->tgt,
                     (unsigned long long)r->inf);
            return -1;
        }
        return 0;
    }
    if (in.res0) {
        snprintf(err, errlen, "BRBINF 0x%016llx sets RES0 bits 0x%016llx",
                 (unsigned long long)r->inf, (unsigned long long)in.res0);
        return -1;
    }
    if (!brbe_type_name(in.type)) {
        snprintf(err, errlen, "BRBINF 0x%016llx: TYPE 0x%02x is reserved "
                 "(brbinf-register.md TYPE table)", (unsigned long long)r->inf, in.type);
        return -1;
    }
    if (in.valid == BRBINF_VALID_SOURCE && (r->tgt != 0 || in.el != 0)) {
        /* R_RPVXK: a Half-source record has no target information */
        snprintf(err, errlen, "Half-source record (VALID 10) with BRBTGT 0x%016llx and EL %u "
                 "(both must be zero)", (unsigned long long)r->tgt, in.el);
        return -1;
    }
    if (in.valid == BRBINF_VALID_TARGET && (r->src != 0 || in.mpred || in.t)) {
        /* R_LPLYK: a Half-target record has no source information */
        snprintf(err, errlen, "Half-target record (VALID 01) with BRBSRC 0x%016llx, MPRED %u, "
                 "T %u (all must be zero)", (unsigned long long)r->src, in.mpred, in.t);
        return -1;
    }
    if (in.cc_status == BRBE_CC_BAD) {
        if (in.ccu)
            snprintf(err, errlen, "BRBINF 0x%016llx: CCU is 1 but CC is 0x%04x, not zero (R_PBJTJ)",
                     (unsigned long long)r->inf, in.cc);
        else if (counter_bits)
            snprintf(err, errlen, "BRBINF 0x%016llx: CC 0x%04x (E %u, M %u) encodes 2^%u or more "
                     "cycles, beyond the %u-bit cycle counter, and is not the all-ones "
                     "overflow value (R_XGSSZ)", (unsigned long long)r->inf, in.cc,
                     in.cc_exp, in.cc_mant, counter_bits, counter_bits);
        else
            snprintf(err, errlen, "BRBINF 0x%016llx: CC 0x%04x (E %u, M %u) encodes a count "
                     "wider than 64 bits", (unsigned long long)r->inf, in.cc, in.cc_exp,
                     in.cc_mant);
        return -1;
    }
    return 0;
}

/* ---- perf ------------------------------------------------------------------ */

void brbe_perf_type(unsigned brbe_type, unsigned *type, unsigned *new_type)
{
    *new_type = 0;
    switch (brbe_type) {
    case BRBINF_TYPE_DIRECT:     *type = BRBE_PERF_BR_UNCOND; break;
    case BRBINF_TYPE_INDIRECT:   *type = BRBE_PERF_BR_IND; break;
    case BRBINF_TYPE_DIRCALL:    *type = BRBE_PERF_BR_CALL; break;
    case BRBINF_TYPE_INDCALL:    *type = BRBE_PERF_BR_IND_CALL; break;
    case BRBINF_TYPE_RET:        *type = BRBE_PERF_BR_RET; break;
    case BRBINF_TYPE_CONDDIR:    *type = BRBE_PERF_BR_COND; break;
    case BRBINF_TYPE_CALL:       *type = BRBE_PERF_BR_SYSCALL; break;
    case BRBINF_TYPE_ERET:       *type = BRBE_PERF_BR_ERET; break;
    case BRBINF_TYPE_IRQ:        *type = BRBE_PERF_BR_IRQ; break;
    /* The Linux table reports traps as interrupts. */
    case BRBINF_TYPE_TRAP:       *type = BRBE_PERF_BR_IRQ; break;
    case BRBINF_TYPE_SERROR:     *type = BRBE_PERF_BR_SERROR; break;
    case BRBINF_TYPE_ALIGNMENT:
        *type = BRBE_PERF_BR_EXTEND_ABI;
        *new_type = BRBE_PERF_BR_NEW_FAULT_ALGN;
        break;
    case BRBINF_TYPE_INST_FAULT:
        *type = BRBE_PERF_BR_EXTEND_ABI;
        *new_type = BRBE_PERF_BR_NEW_FAULT_INST;
        break;
    case BRBINF_TYPE_DATA_FAULT:
        *type = BRBE_PERF_BR_EXTEND_ABI;
        *new_type = BRBE_PERF_BR_NEW_FAULT_DATA;
        break;
    default:                     *type = BRBE_PERF_BR_UNKNOWN; break;
    }
}

const char *brbe_perf_type_name(unsigned type, unsigned new_type)
{
    static const char *const names[BRBE_PERF_BR_MAX] = {
        "UNKNOWN", "COND", "UNCOND", "IND", "CALL", "IND_CALL", "RET", "SYSCALL",
        "SYSRET", "COND_CALL", "COND_RET", "ERET", "IRQ", "SERROR", "NO_TX", "EXTEND_ABI"
    };
    if (type == BRBE_PERF_BR_EXTEND_ABI) {
        switch (new_type) {
        case BRBE_PERF_BR_NEW_FAULT_ALGN: return "FAULT_ALGN";
        case BRBE_PERF_BR_NEW_FAULT_DATA: return "FAULT_DATA";
        case BRBE_PERF_BR_NEW_FAULT_INST: return "FAULT_INST";
        default:                          return "EXTEND_ABI";
        }
    }
    return type < BRBE_PERF_BR_MAX ? names[type] : "UNKNOWN";
}

unsigned brbe_perf_priv(unsigned el, int kernel_in_hyp)
{
    switch (el) {
    case 0:  return BRBE_PERF_BR_PRIV_USER;
    case 1:  return BRBE_PERF_BR_PRIV_KERNEL;
    case 2:  return kernel_in_hyp ? BRBE_PERF_BR_PRIV_KERNEL : BRBE_PERF_BR_PRIV_HV;
    default: return BRBE_PERF_BR_PRIV_UNKNOWN;
    }
}

unsigned brbe_perf_cycles(const brbe_info *in)
{
    /* Linux: an unknown count is reported as 0; otherwise the formula of
     * brbinf-register.md, clamped to the 16-bit perf field.  With E - 1 >= 8
     * the value is at least 2^16, so it saturates without a wide shift. */
    if (in->ccu)
        return 0;
    if (in->cc_exp == 0)
        return in->cc_mant;
    if (in->cc_exp - 1u >= 8u)
        return 0xFFFFu;
    {
        unsigned v = (0x100u | in->cc_mant) << (in->cc_exp - 1u);
        return v > 0xFFFFu ? 0xFFFFu : v;
    }
}

void brbe_perf_entry_from(const brbe_record *r, uint64_t branch_sample_type,
                          int kernel_in_hyp, brbe_perf_entry *e)
{
    brbe_info in;

    brbe_info_decode(r->inf, 0, &in);
    e->from = in.has_source ? r->src : 0;
    e->to = in.has_target ? r->tgt : 0;
    brbe_perf_type(in.type, &e->type, &e->new_type);
    e->cycles = (branch_sample_type & BRBE_PERF_SAMPLE_BRANCH_NO_CYCLES) ? 0u
                                                                         : brbe_perf_cycles(&in);
    e->mispred = 0;
    e->predicted = 0;
    /* MPRED is meaningful in Full and Half-source records only */
    if (!(branch_sample_type & BRBE_PERF_SAMPLE_BRANCH_NO_FLAGS) && in.has_source) {
        e->mispred = in.mpred;
        e->predicted = !in.mpred;
    }
    /* EL is meaningful in Full and Half-target records only */
    e->priv = in.has_target ? brbe_perf_priv(in.el, kernel_in_hyp) : BRBE_PERF_BR_PRIV_UNKNOWN;
}
