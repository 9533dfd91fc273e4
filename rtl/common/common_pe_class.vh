// The PE retirement stream's codes (docs/pe-interface.md), named as the C
// contract names them in common/pe_stream.h: record kinds (enum pe_kind,
// the pe_kind_i field), instruction classes (enum pe_iclass, pe_iclass_i),
// instruction sets (enum pe_isa, pe_isa_i) and exception types (enum
// pe_exc_type, pe_exc_type_i: the ETE TYPE encoding of D5.13).
//
// Included inside a module body (`include "common_pe_class.vh"), once per
// module; every build reads it through -I<repo>/rtl/common.  No include
// guard: each module that includes it needs its own copy.
// tests/rtl_common/test_rtl_common_consts.c compares every value with the C
// enums (a name missing in C fails to compile there).
//
// A module uses a few of the names; the others are unused parameters there
// by design, hence the UNUSEDPARAM waiver around the list.
/* verilator lint_off UNUSEDPARAM */
  // enum pe_kind
  localparam [1:0] PE_KIND_INSN  = 2'd0;   // an instruction retired at pe_addr
  localparam [1:0] PE_KIND_EXC   = 2'd1;   // an exception was taken
  localparam [1:0] PE_KIND_RESET = 2'd2;   // PE Warm reset
  localparam [1:0] PE_KIND_TFAIL = 2'd3;   // transaction failure
  // enum pe_iclass (kind PE_KIND_INSN)
  localparam [3:0] PE_IC_OTHER   = 4'd0;   // not a branch
  localparam [3:0] PE_IC_B       = 4'd1;   // direct unconditional branch
  localparam [3:0] PE_IC_BCOND   = 4'd2;   // direct conditional branch
  localparam [3:0] PE_IC_BL      = 4'd3;   // direct branch with link
  localparam [3:0] PE_IC_BR      = 4'd4;   // indirect branch
  localparam [3:0] PE_IC_BLR     = 4'd5;   // indirect branch with link
  localparam [3:0] PE_IC_RET     = 4'd6;   // return
  localparam [3:0] PE_IC_ERET    = 4'd7;   // exception return
  localparam [3:0] PE_IC_ISB     = 4'd8;   // instruction synchronization barrier
  localparam [3:0] PE_IC_WFX     = 4'd9;   // WFI, WFE, WFIT, WFET
  localparam [3:0] PE_IC_EXCGEN  = 4'd10;  // SVC, HVC, SMC
  localparam [3:0] PE_IC_TSTART  = 4'd11;  // TSTART
  localparam [3:0] PE_IC_TCOMMIT = 4'd12;  // TCOMMIT
  localparam [3:0] PE_IC_TCANCEL = 4'd13;  // TCANCEL
  // enum pe_isa
  localparam [1:0] PE_ISA_A64 = 2'd0;
  localparam [1:0] PE_ISA_A32 = 2'd1;
  localparam [1:0] PE_ISA_T32 = 2'd2;
  // enum pe_exc_type (kind PE_KIND_EXC)
  localparam [4:0] PE_EXC_PE_RESET   = 5'h00;
  localparam [4:0] PE_EXC_DEBUG_HALT = 5'h01;
  localparam [4:0] PE_EXC_CALL       = 5'h02;
  localparam [4:0] PE_EXC_TRAP       = 5'h03;
  localparam [4:0] PE_EXC_SERROR     = 5'h04;
  localparam [4:0] PE_EXC_INST_DEBUG = 5'h06;
  localparam [4:0] PE_EXC_DATA_DEBUG = 5'h07;
  localparam [4:0] PE_EXC_ALIGNMENT  = 5'h0A;
  localparam [4:0] PE_EXC_INST_FAULT = 5'h0B;
  localparam [4:0] PE_EXC_DATA_FAULT = 5'h0C;
  localparam [4:0] PE_EXC_IRQ        = 5'h0E;
  localparam [4:0] PE_EXC_FIQ        = 5'h0F;
  localparam [4:0] PE_EXC_IMPDEF0    = 5'h10;  // IMPLEMENTATION DEFINED 0..7: 0x10..0x17
/* verilator lint_on UNUSEDPARAM */
