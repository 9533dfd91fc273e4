// System register encodings: the 16-bit key of every unit's system-register
// port (sr_enc_i), named as the C contract names them (common/sysreg.h:
// SYSREG_ENC; common/trbe_regs.h, common/spe_regs.h, common/brbe_regs.h:
// <REGISTER>_ENC).  Each value is {op0[1:0], op1[2:0], CRn[3:0], CRm[3:0],
// op2[2:0]}, the MRS/MSR fields in the order SYSREG_ENC takes them (Arm ARM
// C5.3).  BRBE's per-record registers (BRBINF/BRBSRC/BRBTGT<n>_EL1_ENC(n),
// functions of n in C) are decoded by field in rtl/brbe, not listed here.
//
// Included inside a module body (`include "common_sysreg.vh"), once per
// module; every build reads it through -I<repo>/rtl/common.  No include
// guard: each module that includes it needs its own copy.
// tests/rtl_common/test_rtl_common_consts.c compares every value with the C
// macro of the same name (a name missing in C fails to compile there).
//
// A module uses its own unit's names; the others are unused parameters there
// by design, hence the UNUSEDPARAM waiver around the list.
/* verilator lint_off UNUSEDPARAM */
  // TRBE (common/trbe_regs.h; register-fields.md section 2)
  localparam [15:0] TRBLIMITR_EL1_ENC = {2'd3, 3'd0, 4'd9, 4'd11, 3'd0};  // 0xC4D8
  localparam [15:0] TRBPTR_EL1_ENC    = {2'd3, 3'd0, 4'd9, 4'd11, 3'd1};  // 0xC4D9
  localparam [15:0] TRBBASER_EL1_ENC  = {2'd3, 3'd0, 4'd9, 4'd11, 3'd2};  // 0xC4DA
  localparam [15:0] TRBSR_EL1_ENC     = {2'd3, 3'd0, 4'd9, 4'd11, 3'd3};  // 0xC4DB
  localparam [15:0] TRBMAR_EL1_ENC    = {2'd3, 3'd0, 4'd9, 4'd11, 3'd4};  // 0xC4DC
  localparam [15:0] TRBMPAM_EL1_ENC   = {2'd3, 3'd0, 4'd9, 4'd11, 3'd5};  // 0xC4DD, not implemented
  localparam [15:0] TRBTRG_EL1_ENC    = {2'd3, 3'd0, 4'd9, 4'd11, 3'd6};  // 0xC4DE
  localparam [15:0] TRBIDR_EL1_ENC    = {2'd3, 3'd0, 4'd9, 4'd11, 3'd7};  // 0xC4DF
  // SPE (common/spe_regs.h; SPE supplement 4.1 Table 7)
  localparam [15:0] PMSCR_EL1_ENC     = {2'd3, 3'd0, 4'd9, 4'd9,  3'd0};  // S3_0_C9_C9_0
  localparam [15:0] PMSICR_EL1_ENC    = {2'd3, 3'd0, 4'd9, 4'd9,  3'd2};  // S3_0_C9_C9_2
  localparam [15:0] PMSIRR_EL1_ENC    = {2'd3, 3'd0, 4'd9, 4'd9,  3'd3};  // S3_0_C9_C9_3
  localparam [15:0] PMSFCR_EL1_ENC    = {2'd3, 3'd0, 4'd9, 4'd9,  3'd4};  // S3_0_C9_C9_4
  localparam [15:0] PMSEVFR_EL1_ENC   = {2'd3, 3'd0, 4'd9, 4'd9,  3'd5};  // S3_0_C9_C9_5
  localparam [15:0] PMSLATFR_EL1_ENC  = {2'd3, 3'd0, 4'd9, 4'd9,  3'd6};  // S3_0_C9_C9_6
  localparam [15:0] PMSIDR_EL1_ENC    = {2'd3, 3'd0, 4'd9, 4'd9,  3'd7};  // S3_0_C9_C9_7, RO
  localparam [15:0] PMBLIMITR_EL1_ENC = {2'd3, 3'd0, 4'd9, 4'd10, 3'd0};  // S3_0_C9_C10_0
  localparam [15:0] PMBPTR_EL1_ENC    = {2'd3, 3'd0, 4'd9, 4'd10, 3'd1};  // S3_0_C9_C10_1
  localparam [15:0] PMBSR_EL1_ENC     = {2'd3, 3'd0, 4'd9, 4'd10, 3'd3};  // S3_0_C9_C10_3
  localparam [15:0] PMBIDR_EL1_ENC    = {2'd3, 3'd0, 4'd9, 4'd10, 3'd7};  // S3_0_C9_C10_7, RO
  localparam [15:0] PMSCR_EL2_ENC     = {2'd3, 3'd4, 4'd9, 4'd9,  3'd0};  // S3_4_C9_C9_0
  localparam [15:0] PMSCR_EL12_ENC    = {2'd3, 3'd5, 4'd9, 4'd9,  3'd0};  // S3_5_C9_C9_0
  // BRBE (common/brbe_regs.h; register-fields.md section 3)
  localparam [15:0] BRBCR_EL1_ENC     = {2'd2, 3'd1, 4'd9, 4'd0,  3'd0};  // 0x8C80
  localparam [15:0] BRBFCR_EL1_ENC    = {2'd2, 3'd1, 4'd9, 4'd0,  3'd1};  // 0x8C81
  localparam [15:0] BRBTS_EL1_ENC     = {2'd2, 3'd1, 4'd9, 4'd0,  3'd2};  // 0x8C82
  localparam [15:0] BRBINFINJ_EL1_ENC = {2'd2, 3'd1, 4'd9, 4'd1,  3'd0};  // 0x8C88
  localparam [15:0] BRBSRCINJ_EL1_ENC = {2'd2, 3'd1, 4'd9, 4'd1,  3'd1};  // 0x8C89
  localparam [15:0] BRBTGTINJ_EL1_ENC = {2'd2, 3'd1, 4'd9, 4'd1,  3'd2};  // 0x8C8A
  localparam [15:0] BRBIDR0_EL1_ENC   = {2'd2, 3'd1, 4'd9, 4'd2,  3'd0};  // 0x8C90, RO
  localparam [15:0] BRBCR_EL2_ENC     = {2'd2, 3'd4, 4'd9, 4'd0,  3'd0};  // 0xA480
  localparam [15:0] BRBCR_EL12_ENC    = {2'd2, 3'd5, 4'd9, 4'd0,  3'd0};  // 0xAC80
/* verilator lint_on UNUSEDPARAM */
