/* System register encodings: the 16-bit key of every unit's system-register
 * port (sr_enc_i in the RTL) and of the model and driver accessors.
 *
 * SYSREG_ENC packs (op0, op1, CRn, CRm, op2) the way the MRS/MSR
 * instruction holds them in bits [20:5], shifted down by 5:
 *     op0[15:14] op1[13:11] CRn[10:7] CRm[6:3] op2[2:0]
 * (Arm ARM C5.3, "System instructions": MRS/MSR encoding o0/op0, op1, CRn,
 * CRm, op2).  The register names and their five fields are in
 * trbe_regs.h, spe_regs.h and brbe_regs.h, each as <REGISTER>_ENC. */
#ifndef SYSREG_H
#define SYSREG_H

#define SYSREG_ENC(op0, op1, crn, crm, op2)                                    \
    ((((unsigned)(op0) & 3u) << 14) | (((unsigned)(op1) & 7u) << 11) |        \
     (((unsigned)(crn) & 15u) << 7) | (((unsigned)(crm) & 15u) << 3) |        \
     ((unsigned)(op2) & 7u))
#define SYSREG_OP0(e) (((unsigned)(e) >> 14) & 3u)
#define SYSREG_OP1(e) (((unsigned)(e) >> 11) & 7u)
#define SYSREG_CRN(e) (((unsigned)(e) >> 7) & 15u)
#define SYSREG_CRM(e) (((unsigned)(e) >> 3) & 15u)
#define SYSREG_OP2(e) ((unsigned)(e) & 7u)

#endif
