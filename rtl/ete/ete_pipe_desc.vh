// The element descriptor of the pipelined ETE core (docs/ete-rtl-pipeline.md
// 3, 5): the fields S4 (ete_pipe_elem) hands to S5 (ete_pipe_cmpr), and the
// PC_ fields S5 adds for S6 (ete_pipe_pkt).  Included inside the modules
// ete_pipe, ete_pipe_elem, ete_pipe_cmpr and ete_pipe_pkt: _L is a field's
// lowest bit, PD_W and PC_W the widths.  Slot numbers are those of
// docs/ete-rtl-encoder.md ("Packet slots").  Every module uses a subset.
/* verilator lint_off UNUSEDPARAM */
  // Items from a periodic synchronization request to its service (the
  // sync_lag rule, docs/ete-rtl-pipeline.md 3.3): one more than the items
  // the registers from S4's output to S7's byte count can hold (S4, S5b,
  // the two entries of S6's input FIFO that S5b writes, S6a, the S6p bank,
  // the S6b chunk: 7), and one for S4's register of S7's raise (S4 sees a
  // raise one clock after S7 makes it).  The benches give the model the
  // same value (build/gen/ete_sync_lag.h, made from this line by the
  // Makefile).
  localparam ETE_SYNC_LAG = 9;
  // The item's class decoded from its entry fields at S3's input (ete_pipe)
  // and registered in S3 with the entry, so that S4's decisions start at one
  // flip-flop per condition: bits of ete_pipe_elem's in_dec_i.
  localparam DC_INSN    = 0;   // an INSN run (not a marker)
  localparam DC_CTX     = 1;   // a CTX entry
  localparam DC_TFAIL   = 2;   // a Transaction Failure
  localparam DC_RST     = 3;   // a PE Reset: RESET, or EXC of TYPE PE Reset
  localparam DC_EXC     = 4;   // an exception other than a PE Reset
  localparam DC_P0      = 5;   // the run's last instruction is a P0 instruction
  localparam DC_TAKEN   = 6;   // ... taken (an ISB / WFx without CCFAIL, TSTART, TAKEN)
  localparam DC_TSTART  = 7;   // ... TSTART
  localparam DC_TCOMMIT = 8;   // ... TCOMMIT
  localparam DC_BLX     = 9;   // ... BL or BLR
  localparam DC_BLR     = 10;  // ... BLR
  localparam DC_IND     = 11;  // ... BR, RET or ERET
  localparam DC_TSIC    = 12;  // ... an ISB without CCFAIL or an ERET (R_YYWTR)
  localparam DC_SERR    = 13;  // EXC: TYPE SError
  localparam DC_W       = 14;
  localparam PD_ITEM_L = 0;  // item index (sync_lag, docs/ete-rtl-pipeline.md 3.3)
  localparam PD_MARKER_L = 8;  // overflow marker: the atoms not yet output are lost
  localparam PD_OVF_L = 9;  // slot 0: Overflow packet
  localparam PD_FIN_L = 10;  // the finish flush: pending atoms go out (R_ZDTLK)
  localparam PD_SYNC_L = 11;  // slots 1, 2: A-Sync, Trace Info
  localparam PD_TI_T_L = 12;  // Trace Info T bit (R_WJJKK)
  localparam PD_TXF_L = 13;  // slot 3: Transaction Failure (R_MHBCC), history push 0
  localparam PD_TXF_E_L = 14;  // its E field
  localparam PD_TON_L = 16;  // slot 4: Trace On
  localparam PD_RES_L = 17;  // slots 5, 6: Target Address / Context of an instruction
  localparam PD_EXC_L = 18;  // slots 5, 6: Exception packet (with Context)
  localparam PD_RST_L = 19;  // slot 6: PE Reset packet, history push 0
  localparam PD_RST_E_L = 20;  // its E field
  localparam PD_NEED_A_L = 22;  // a Target Address element is due (before the return stack)
  localparam PD_PEND_L = 23;  // ... a return stack match may remove it (R_QVTVR)
  localparam PD_NEED_C_L = 24;  // a Context element is due
  localparam PD_IS1_L = 25;  // sub_isa of the address
  localparam PD_CX_EL_L = 26;  // context: EL, NS, SF, C and V present, equal to the
  localparam PD_CX_NS_L = 28;  // context the analyzer holds (Context Same)
  localparam PD_CX_SF_L = 29;
  localparam PD_CX_C_L = 30;
  localparam PD_CX_V_L = 31;
  localparam PD_CX_SAME_L = 32;
  localparam PD_ETYPE_L = 33;  // Exception TYPE
  localparam PD_TXS7_L = 38;  // slot 7: Transaction Start before the P0 element
  localparam PD_ATOM_L = 39;  // an atom is pushed (slot 8)
  localparam PD_TAKEN_L = 40;  // ... E (1) or N (0)
  localparam PD_CC_L = 41;  // slot 10: Cycle Count
  localparam PD_CC_KNOWN_L = 42;
  localparam PD_TX11_L = 43;  // slot 11: Transaction Start (0) / Commit (1)
  localparam PD_TX11_C_L = 44;
  localparam PD_EV_L = 45;  // slot 12: Event (nonzero)
  localparam PD_TS_L = 49;  // slot 13: Timestamp
  localparam PD_TS_HAS_L = 50;
  localparam PD_TXF14_L = 51;  // slot 14: Transaction Failure at disable
  localparam PD_TXF14_E_L = 52;
  localparam PD_DISC_L = 54;  // slot 15: Discard
  localparam PD_RS_CLR_L = 55;  // return stack cleared before the pop check (R_SBJB)
  localparam PD_RS_CLRBB_L = 56;  // ... after it (entering a broadcasting region)
  localparam PD_RS_PUSH_L = 57;  // push of the link address (R_HFCTC)
  localparam PD_RS_IS1_L = 58;
  localparam PD_CC_COUNT_L = 59;
  localparam PD_TS_COUNT_L = 79;
  localparam PD_CX_CID_L = 99;
  localparam PD_CX_VMID_L = 131;
  localparam PD_A_L = 163;
  localparam PD_RS_A_L = 227;  // push: the BL / BLR instruction (S5 adds its length)
  localparam PD_TS_VAL_L = 291;
  localparam PD_RS_INC2_L = 355;  // push: the instruction is 2 bytes (T32 BLX <reg>), else 4
  localparam PD_RS_A32_L = 356;  // push: AArch32, the link address's upper half is 0
  localparam PD_W = 357;  // bits of the descriptor S4 -> S5
  localparam PC_S5_L = 357;  // slot 5: Context packet
  localparam PC_S6_L = 358;  // slot 6: address / exception / PE Reset packet
  localparam PC_FORM_L = 359;  // address form (ete_enc_addr form_i)
  localparam PC_Q_L = 361;  // exact match entry
  localparam PC_NB2_L = 363;  // short form: two bytes
  localparam PC_WCTX_L = 364;  // slot 6 with Context
  localparam PC_E_L = 365;  // Exception E field
  localparam PC_W = 367;  // bits of the descriptor S5 -> S6
/* verilator lint_on UNUSEDPARAM */
