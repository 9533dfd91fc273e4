/* ETE model configuration: implementation parameters, the ID registers they
 * imply, register programming by name, packet names. */
#include "ete_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- packet names (docs/ete-packets.md) -------------------------------- */
static const char *const pkt_names[ETE_ENC_PKT_COUNT] = {
#define ETE_ENC_PKT(name) #name,
#include "ete_pkt_names.def"
#undef ETE_ENC_PKT
};

const char *ete_enc_pkt_name(unsigned type)
{
    return type < ETE_ENC_PKT_COUNT ? pkt_names[type] : "UNKNOWN";
}

/* ---- parameters ------------------------------------------------------- */
void ete_params_default(ete_params *p)
{
    memset(p, 0, sizeof *p);
    p->rs_depth = 15;
    p->num_acpairs = 4;
    p->num_events = 4;
    p->num_extin = 4;
    p->ccsize = 20;
    p->ccitmin = 4;
    p->commopt = 1;
    p->vmidsize = 32;
    p->syncpr_fixed = 0;
    p->sync_lag = 0;
}

int ete_params_check(const ete_params *p, char *err, size_t errlen)
{
    const char *bad = NULL;
    if (p->rs_depth > 15)                           /* R_HNDJJ */
        bad = "rs_depth must be 0..15";
    else if (p->num_acpairs < 1 || p->num_acpairs > ETE_NUM_ACPAIRS_MAX)
        bad = "num_acpairs must be 1..8";
    else if (p->num_events < 1 || p->num_events > 4)
        bad = "num_events must be 1..4";
    else if (p->num_extin > 8)
        bad = "num_extin must be 0..8";
    else if (p->ccsize < 12 || p->ccsize > 20)      /* R_TYNZR */
        bad = "ccsize must be 12..20";
    else if (p->ccitmin < 1 || p->ccitmin > 0xFFF)
        bad = "ccitmin must be 1..4095 (TRCIDR3.CCITMIN is 12 bits)";
    else if (p->commopt > 1)
        bad = "commopt must be 0 or 1";
    else if (p->vmidsize != 32)                     /* R_PTVTD */
        bad = "vmidsize must be 32 (R_PTVTD: a PE with EL2 has a 32-bit Virtual context identifier)";
    else if (p->syncpr_fixed != 0 && (p->syncpr_fixed < 8 || p->syncpr_fixed > 20))
        bad = "syncpr_fixed must be 0 or a PERIOD of 8..20";
    else if (p->sync_lag > 15)
        bad = "sync_lag must be 0..15";
    if (bad) {
        snprintf(err, errlen, "ete_params: %s", bad);
        return -1;
    }
    return 0;
}

static const struct {
    const char *name;
    size_t off;
} param_fields[] = {
    {"rs_depth", offsetof(ete_params, rs_depth)},
    {"num_acpairs", offsetof(ete_params, num_acpairs)},
    {"num_events", offsetof(ete_params, num_events)},
    {"num_extin", offsetof(ete_params, num_extin)},
    {"ccsize", offsetof(ete_params, ccsize)},
    {"ccitmin", offsetof(ete_params, ccitmin)},
    {"commopt", offsetof(ete_params, commopt)},
    {"vmidsize", offsetof(ete_params, vmidsize)},
    {"syncpr_fixed", offsetof(ete_params, syncpr_fixed)},
    {"sync_lag", offsetof(ete_params, sync_lag)},
};

int ete_params_set(ete_params *p, const char *name, uint64_t value, char *err,
                   size_t errlen)
{
    for (size_t i = 0; i < sizeof param_fields / sizeof param_fields[0]; i++) {
        if (strcmp(name, param_fields[i].name) == 0) {
            if (value > 0xFFFFFFFFu) {
                snprintf(err, errlen, "parameter %s: value 0x%llx too large", name,
                         (unsigned long long)value);
                return -1;
            }
            unsigned v = (unsigned)value;
            memcpy((char *)p + param_fields[i].off, &v, sizeof v);
            return 0;
        }
    }
    snprintf(err, errlen, "unknown parameter '%s'", name);
    return -1;
}

/* ---- ID registers (register-fields.md 4.6) ----------------------------- */
void ete_model_idregs(const ete_params *p, ete_idregs *id)
{
    memset(id, 0, sizeof *id);
    (void)p->vmidsize; /* always 32 (R_PTVTD): VMIDSIZE 0b00100 */
    const unsigned vmidsize_enc = 4u;

    /* TRCIDR0: branch broadcast, cycle counting, return stack, events,
     * 64-bit timestamps, no Q elements, TSTART is a P0 element (COMMTRANS 0,
     * R_VVFQZ). */
    id->trcidr[0] = TRCIDR0_RES1 | TRCIDR0_TRCBB | TRCIDR0_TRCCCI |
                    (p->rs_depth ? TRCIDR0_RETSTACK : 0u) |
                    ((p->num_events - 1u) << TRCIDR0_NUMEVENT_SHIFT) |
                    (TRCIDR0_TSSIZE_64 << TRCIDR0_TSSIZE_SHIFT) |
                    (p->commopt ? TRCIDR0_COMMOPT : 0u);
    /* TRCIDR1: TRCARCHMAJ = TRCARCHMIN = 0xF, the version is in TRCDEVARCH;
     * DESIGNER 0x00 (no JEP106 implementer code assigned to this unit);
     * REVISION 0. */
    id->trcidr[1] = (0xFu << TRCIDR1_TRCARCHMAJ_SHIFT) |
                    (0xFu << TRCIDR1_TRCARCHMIN_SHIFT) | TRCIDR1_RES1;
    /* TRCIDR2: 64-bit instruction addresses, 32-bit Context identifier,
     * 32-bit VMID (R_PTVTD), VMIDOPT 0b10: no Virtual context identifier
     * selection, the source is always CONTEXTIDR_EL2 (D6.10.9) and
     * TRCCONFIGR.VMIDOPT is RES1; CCSIZE; WFx are P0 instructions (D3.4). */
    id->trcidr[2] = 0x08u | (0x04u << TRCIDR2_CIDSIZE_SHIFT) |
                    (vmidsize_enc << TRCIDR2_VMIDSIZE_SHIFT) |
                    ((p->ccsize - 12u) << TRCIDR2_CCSIZE_SHIFT) |
                    (2u << TRCIDR2_VMIDOPT_SHIFT) | TRCIDR2_WFXMODE;
    /* TRCIDR3: CCITMIN, Secure EL0-EL3 and Non-secure EL0-EL2 implemented,
     * TRCVICTLR.TRCERR implemented, SYNCPR when the period is fixed;
     * STALLCTL [26] (register-fields.md, TRCIDR3): TRCSTALLCTLR.ISTALL and
     * LEVEL are implemented (the RTL stalls the PE, docs/ete-rtl.md); no
     * system stall (SYSSTALL) and no overflow prevention (NOOVERFLOW). */
    id->trcidr[3] = (p->ccitmin & TRCIDR3_CCITMIN_MASK) |
                    (0xFu << TRCIDR3_EXLEVEL_S_SHIFT) | (0x7u << TRCIDR3_EXLEVEL_NS_SHIFT) |
                    TRCIDR3_TRCERR | TRCIDR3_STALLCTL |
                    (p->syncpr_fixed ? TRCIDR3_SYNCPR : 0u);
    /* TRCIDR4: NUMACPAIRS; eight Resource Selector pairs (NUMRSPAIR = pairs
     * - 1, D4.1 recommends >= 8); no PE comparators, single-shot, context or
     * VMID comparators. */
    id->trcidr[4] = (p->num_acpairs & TRCIDR4_NUMACPAIRS_MASK) |
                    (7u << TRCIDR4_NUMRSPAIR_SHIFT);
    /* TRCIDR5: NUMEXTIN, one selector per implemented input up to four,
     * TRACEIDSIZE = 7 bits; no counters or sequencer. */
    id->trcidr[5] = (p->num_extin & TRCIDR5_NUMEXTIN_MASK) |
                    ((p->num_extin < 4 ? p->num_extin : 4u) << TRCIDR5_NUMEXTINSEL_SHIFT) |
                    (7u << TRCIDR5_TRACEIDSIZE_SHIFT);
    /* TRCIDR8.MAXSPEC = 0: no speculation exposed, implied commits (D6.11.1). */
    id->trcidr[8] = 0;
    id->trcdevarch = TRCDEVARCH_ARCHITECT_ARM | TRCDEVARCH_PRESENT |
                     TRCDEVARCH_ARCHVER_ETE | TRCDEVARCH_ARCHPART;
}

/* ---- programming registers --------------------------------------------- */
void ete_progregs_default(ete_progregs *r)
{
    memset(r, 0, sizeof *r);
    r->trcconfigr = TRCCONFIGR_RES1;
    r->trcvictlr = ETE_RESOURCE_TRUE | TRCVICTLR_SSSTATUS;
    r->trctraceidr = 0x10;
}

static int parse_index(const char *s, unsigned limit, unsigned *out)
{
    if (!*s)
        return -1;
    char *end;
    unsigned long v = strtoul(s, &end, 10);
    if (*end || v >= limit)
        return -1;
    *out = (unsigned)v;
    return 0;
}

int ete_progregs_set(ete_progregs *r, const char *name, uint64_t value, char *err,
                     size_t errlen)
{
    static const struct {
        const char *name;
        size_t off;
    } regs32[] = {
        {"TRCCONFIGR", offsetof(ete_progregs, trcconfigr)},
        {"TRCEVENTCTL0R", offsetof(ete_progregs, trceventctl0r)},
        {"TRCEVENTCTL1R", offsetof(ete_progregs, trceventctl1r)},
        {"TRCSTALLCTLR", offsetof(ete_progregs, trcstallctlr)},
        {"TRCTSCTLR", offsetof(ete_progregs, trctsctlr)},
        {"TRCSYNCPR", offsetof(ete_progregs, trcsyncpr)},
        {"TRCCCCTLR", offsetof(ete_progregs, trcccctlr)},
        {"TRCBBCTLR", offsetof(ete_progregs, trcbbctlr)},
        {"TRCTRACEIDR", offsetof(ete_progregs, trctraceidr)},
        {"TRCVICTLR", offsetof(ete_progregs, trcvictlr)},
        {"TRCVIIECTLR", offsetof(ete_progregs, trcviiectlr)},
        {"TRCVISSCTLR", offsetof(ete_progregs, trcvissctlr)},
    };
    for (size_t i = 0; i < sizeof regs32 / sizeof regs32[0]; i++) {
        if (strcmp(name, regs32[i].name) == 0) {
            if (value > 0xFFFFFFFFu) {
                snprintf(err, errlen, "%s is a 32-bit register: value 0x%llx too large",
                         name, (unsigned long long)value);
                return -1;
            }
            uint32_t v = (uint32_t)value;
            memcpy((char *)r + regs32[i].off, &v, sizeof v);
            return 0;
        }
    }
    unsigned n;
    if (strncmp(name, "TRCRSCTLR", 9) == 0 && parse_index(name + 9, ETE_NUM_RS_MAX, &n) == 0) {
        if (n < 2) {
            snprintf(err, errlen, "%s: Resource Selectors 0 and 1 are fixed (R_NRSGN)", name);
            return -1;
        }
        if (value > 0xFFFFFFFFu) {
            snprintf(err, errlen, "%s is a 32-bit register: value too large", name);
            return -1;
        }
        r->trcrsctlr[n] = (uint32_t)value;
        return 0;
    }
    if (strncmp(name, "TRCACVR", 7) == 0 &&
        parse_index(name + 7, 2 * ETE_NUM_ACPAIRS_MAX, &n) == 0) {
        r->trcacvr[n] = value;
        return 0;
    }
    if (strncmp(name, "TRCACATR", 8) == 0 &&
        parse_index(name + 8, 2 * ETE_NUM_ACPAIRS_MAX, &n) == 0) {
        r->trcacatr[n] = value;
        return 0;
    }
    snprintf(err, errlen, "unknown register '%s'", name);
    return -1;
}
