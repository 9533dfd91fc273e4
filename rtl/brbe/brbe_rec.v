// BRBE filters and record former (FEAT_BRBE, Part F F1.1.2 to F1.1.9; the
// C model's brbe_model_step): for each PE record, the held ERET or a Debug
// state exit, then the record's own Branch record (at most two records per
// PE record), the cycle counts, the capture limit (R_PMRRL) and the
// transaction tracking; and the ring of the Branch record buffer storage
// (the slot of index 0, the number of valid records, newest at index 0,
// R_TJGLK).  Part of brbe_top, which joins it with brbe_regs and the two
// storage banks.
//
// A PE record (pe_valid_i) is applied in the clock it is presented; its
// records are written to the banks (even and odd ring slots: we0/we1), and
// lf_o is BRBFCR_EL1.LASTFAILED after it, for brbe_regs.  In a clock
// without a PE record brbe_regs' system-register request acts on the ring
// (sr_clr_i: BRB IALL; sr_push_i: BRB INJ, the record sr_rec_i becomes the
// youngest; sr_cck_clr_i: the next record's cycle count is unknown).
// cur_np_o, hs_o and nowts_o are the PE state after this clock's record,
// for the PMU freeze in brbe_regs.  filterate_o counts the Branch records
// this clock's PE record captured (0..2), a clock late: the PMU event
// BRB_FILTERATE (R_GWMZV, F1.2.1 0x811F); records injected by BRB INJ are
// not counted (I_WGZSC leaves it open; the model does not count them).
`default_nettype none

module brbe_rec #(
  parameter NUMREC        = 32, // BRBIDR0_EL1.NUMREC: 8, 16, 32 or 64 (brbe_top checks)
  parameter HAS_EL2       = 1,  // EL2 implemented: 0 or 1
  parameter HAS_EL3       = 0,  // EL3 implemented: 0 or 1
  parameter V1P1          = 0,  // FEAT_BRBEv1p1 (EL3 recording): 0 or 1
  parameter RECORD_ISB    = 0,  // R_FJYDC: ISB recorded as a direct branch: 0 or 1
  parameter CAP_PER_CYCLE = 0,  // R_PMRRL: records captured per PE cycle, 0..1000 (0: no limit)
  parameter PW            = 5,  // ring pointer bits: log2(NUMREC)
  parameter RECW          = 156 // stored record bits: {INF compact 28, TGT 64, SRC 64}
) (
  input  wire            clk_i,
  input  wire            rst_ni,          // synchronous, active low: Cold reset

  // PE retirement port (brbe_top's)
  input  wire            pe_valid_i,
  input  wire [1:0]      pe_kind_i,
  input  wire [3:0]      pe_iclass_i,
  input  wire [1:0]      pe_isa_i,
  input  wire [1:0]      pe_el_i,
  input  wire [1:0]      pe_from_el_i,
  input  wire [4:0]      pe_exc_type_i,
  input  wire [3:0]      pe_flags_i,      // TAKEN, NS, TSTATE, MISPRED
  input  wire [63:0]     pe_pc_i,
  input  wire [63:0]     pe_target_i,
  input  wire [63:0]     pe_cycle_i,
  input  wire [63:0]     pe_timestamp_i,

  // PE controls outside BRBE
  input  wire [1:0]      mdcr_el3_sbrbe_i,
  input  wire            mdcr_el3_e3brec_i,
  input  wire            mdcr_el3_e3brew_i,
  input  wire            hcr_el2_tge_i,
  input  wire            scr_el3_eel2_i,

  // registers (brbe_regs)
  input  wire [63:0]     cr1_i,           // BRBCR_EL1
  input  wire [63:0]     cr2_i,           // BRBCR_EL2
  input  wire [63:0]     fcr_i,           // BRBFCR_EL1
  output wire            lf_o,            // BRBFCR_EL1.LASTFAILED after the PE record

  // the system-register request's actions (only in clocks without a PE record)
  input  wire            sr_clr_i,        // BRB IALL: no valid records
  input  wire            sr_cck_clr_i,    // the cycle count is unknown
  input  wire            sr_push_i,       // BRB INJ: sr_rec_i becomes the youngest record
  input  wire [RECW-1:0] sr_rec_i,

  // state for brbe_regs
  output wire [PW-1:0]   wr_o,            // ring slot of index 0
  output wire [PW:0]     nvalid_o,        // valid records, contiguous from index 0
  output wire            cur_np_o,        // the PE state after this clock is not prohibited
  output wire            hs_o,            // a PE record was seen (including this clock's)
  output wire [63:0]     nowts_o,         // timestamp of the last PE record

  // storage bank writes (even and odd ring slots)
  output reg             we0_o,
  output reg  [PW-2:0]   wa0_o,
  output reg  [RECW-1:0] wd0_o,
  output reg             we1_o,
  output reg  [PW-2:0]   wa1_o,
  output reg  [RECW-1:0] wd1_o,

  // BRB_FILTERATE occurrences of the previous clock (R_GWMZV): 0, 1 or 2
  output wire [1:0]      filterate_o
);

  `include "common_pe_class.vh"  // PE_KIND_*, PE_IC_* (common/pe_stream.h)

  localparam [31:0] CAP32 = CAP_PER_CYCLE;
  localparam [31:0] NR32  = NUMREC;
  localparam [9:0]  CAP   = CAP32[9:0];
  localparam [PW:0] NREC  = NR32[PW:0];

  localparam [1:0] V_NONE = 2'd0, V_TARGET = 2'd1, V_SOURCE = 2'd2, V_FULL = 2'd3;
  localparam [5:0] T_DIRECT = 6'h00, T_INDIRECT = 6'h01, T_DIRCALL = 6'h02, T_INDCALL = 6'h03,
                   T_RET = 6'h05, T_ERET = 6'h07, T_CONDDIR = 6'h08, T_DEBUG_HALT = 6'h21,
                   T_DEBUG_EXIT = 6'h39;

  // flags
  localparam F_TAKEN = 0, F_NS = 1, F_TSTATE = 2, F_MISPRED = 3;

  wire [63:0] cr1_q = cr1_i;
  wire [63:0] cr2_q = cr2_i;
  wire [63:0] fcr_q = fcr_i;

  // ---- state ---------------------------------------------------------------
  reg [PW-1:0] wr_q, wr_d;              // ring slot of index 0
  reg [PW:0]   nvalid_q, nvalid_d;      // valid records, contiguous from index 0
  reg          cck_q, cck_d;            // cycle count known (F1.1.2)
  reg [63:0]   ccb_q, ccb_d;            // cycle of the last generated record
  reg          capv_q, capv_d;          // capture port cycle valid (R_PMRRL)
  reg [63:0]   capc_q, capc_d;
  reg [9:0]    capu_q, capu_d;
  reg          hs_q, hs_d;              // a PE record was seen
  reg [1:0]    cur_el_q, cur_el_d;      // PE state after the last record
  reg          cur_ns_q, cur_ns_d, cur_a64_q, cur_a64_d, cur_dbg_q, cur_dbg_d;
  reg          indbg_q, indbg_d;        // in Debug state: next record is the exit
  reg          erp_q, erp_d;            // an ERET is held
  reg [1:0]    er_el_q, er_el_d;
  reg          er_ns_q, er_ns_d, er_tst_q, er_tst_d, er_mp_q, er_mp_d;
  reg [63:0]   er_pc_q, er_pc_d, er_tgt_q, er_tgt_d, er_cyc_q, er_cyc_d;
  reg          intxn_q, intxn_d, txnnp_q, txnnp_d;
  reg [63:0]   nowts_q, nowts_d;        // timestamp of the last record (CNTVCT)
  reg          lf_d;                    // BRBFCR_EL1.LASTFAILED after the PE record
  reg          we0, we1;
  reg [PW-2:0] wa0, wa1;
  reg [RECW-1:0] wd0, wd1;

  // ---- controls (F1.1.4, F1.1.2) -------------------------------------------
  wire el3rec  = (HAS_EL3 == 1) && (V1P1 == 1) &&
                 (mdcr_el3_e3brec_i != mdcr_el3_e3brew_i);            // R_JWWFY
  wire cc_en   = ((HAS_EL2 == 0) || cr2_q[3]) && cr1_q[3];           // R_MJDLC
  wire mpred_en = ((HAS_EL2 == 0) || cr2_q[4]) && cr1_q[4];          // R_XHWRB
  wire paused  = fcr_q[7];                                           // R_PYBRZ

  function sbrbe_ok;                    // MDCR_EL3.SBRBE allows recording
    input ns;
    begin
      sbrbe_ok = (HAS_EL3 == 0) ||
                 (mdcr_el3_sbrbe_i != 2'b00 && !(mdcr_el3_sbrbe_i == 2'b01 && !ns));
    end
  endfunction

  // 1 when (el, ns, AArch64, Debug) lies outside every Prohibited Region
  function np;
    input [1:0] el;
    input       ns;
    input       a64;
    input       dbg;
    begin
      if (dbg || !a64)
        np = 1'b0;                                          // R_LPYBQ, R_FHGJN
      else case (el)
        2'd3: np = el3rec;                                  // R_GLKGW
        2'd2: np = (HAS_EL2 == 1) && cr2_q[1] && sbrbe_ok(ns); // R_SPZQD
        2'd1: np = cr1_q[1] && sbrbe_ok(ns);                // R_YPHYG
        default:                                            // R_DBPCF
          if ((HAS_EL2 == 1) && (ns || scr_el3_eel2_i) && hcr_el2_tge_i)
            np = cr2_q[0] && sbrbe_ok(ns);
          else
            np = cr1_q[0] && sbrbe_ok(ns);
      endcase
    end
  endfunction

  function exc_en;                      // R_KRJQC
    input [1:0] el;
    begin
      case (el)
        2'd1:    exc_en = cr1_q[23];
        2'd2:    exc_en = (HAS_EL2 == 1) && cr2_q[23];
        2'd3:    exc_en = el3rec;
        default: exc_en = 1'b0;
      endcase
    end
  endfunction

  function ertn_en;                     // R_ZSHDL
    input [1:0] el;
    begin
      case (el)
        2'd1:    ertn_en = cr1_q[22];
        2'd2:    ertn_en = (HAS_EL2 == 1) && cr2_q[22];
        2'd3:    ertn_en = el3rec;
        default: ertn_en = 1'b0;
      endcase
    end
  endfunction

  function sel;                         // type filters (F1.1.9.1)
    input bit_v;
    begin
      sel = bit_v != fcr_q[16];
    end
  endfunction

  // Exception type (ETE TYPE) to BRBINF TYPE by class (Table F1.2)
  function [5:0] exc_map;
    input [4:0] et;
    begin
      case (et)
        5'h01: exc_map = 6'h21;
        5'h02: exc_map = 6'h22;
        5'h03: exc_map = 6'h23;
        5'h04: exc_map = 6'h24;
        5'h06: exc_map = 6'h26;
        5'h07: exc_map = 6'h27;
        5'h0A: exc_map = 6'h2A;
        5'h0B: exc_map = 6'h2B;
        5'h0C: exc_map = 6'h2C;
        5'h0E: exc_map = 6'h2E;
        5'h0F: exc_map = 6'h2F;
        default: exc_map = 6'h30;       // IMPLEMENTATION DEFINED, taken to EL3
      endcase
    end
  endfunction

  function [63:0] untag;                // I_KBDLR
    input [55:0] va;
    begin
      untag = {{8{va[55]}}, va};
    end
  endfunction

  // 14-bit CC {E, M} of a cycle count (brbinf-register.md; R_XGSSZ, R_JZWPG)
  function [13:0] cc_encode;
    input [63:0] c;
    integer i;
    reg [4:0] msb;
    reg [5:0] e;
    reg [19:0] c20;
    begin
      msb = 5'd8;
      for (i = 8; i < 20; i = i + 1)
        if (c[i]) msb = i[4:0];
      e = {1'b0, msb} - 6'd7;
      c20 = c[19:0];
      if (c[63:20] != 44'd0)
        cc_encode = 14'h3FFF;
      else if (c[19:8] == 12'd0)
        cc_encode = {6'd0, c[7:0]};
      else
        cc_encode = {e, c20[(msb - 5'd8) +: 8]};
    end
  endfunction

  // ---- combinational next state --------------------------------------------
  reg          st_np, e_np, maybe, is_rst;
  reg [1:0]    st_el;
  reg          c_pre, c_req, c_post, c_mp, c_t, lf;
  reg [63:0]   c_cyc, c_src, c_tgt;
  reg [1:0]    c_valid, c_el;
  reg [5:0]    c_type;
  // candidate 0 (held ERET or Debug state exit) and 1 (the record's own)
  reg          g0_pre, g0_req, g0_post, g0_mp, g0_t;
  reg [63:0]   g0_cyc, g0_src, g0_tgt;
  reg [1:0]    g0_valid, g0_el;
  reg [5:0]    g0_type;
  reg          g1_pre, g1_req, g1_post, g1_mp, g1_t;
  reg [63:0]   g1_cyc, g1_src, g1_tgt;
  reg [1:0]    g1_valid, g1_el;
  reg [5:0]    g1_type;
  reg          b_ok, b_sel;
  reg [5:0]    b_type;
  reg [13:0]   cc;
  reg          ccu;
  reg [RECW-1:0] rec;
  integer      g, k;

  always @* begin
    wr_d = wr_q; nvalid_d = nvalid_q;
    cck_d = cck_q; ccb_d = ccb_q;
    capv_d = capv_q; capc_d = capc_q; capu_d = capu_q;
    hs_d = hs_q; cur_el_d = cur_el_q; cur_ns_d = cur_ns_q; cur_a64_d = cur_a64_q;
    cur_dbg_d = cur_dbg_q; indbg_d = indbg_q;
    erp_d = erp_q; er_el_d = er_el_q; er_ns_d = er_ns_q; er_tst_d = er_tst_q; er_mp_d = er_mp_q;
    er_pc_d = er_pc_q; er_tgt_d = er_tgt_q; er_cyc_d = er_cyc_q;
    intxn_d = intxn_q; txnnp_d = txnnp_q; nowts_d = nowts_q;
    lf_d = fcr_q[6];
    we0 = 1'b0; we1 = 1'b0; wa0 = {(PW - 1){1'b0}}; wa1 = {(PW - 1){1'b0}};
    wd0 = {RECW{1'b0}}; wd1 = {RECW{1'b0}};
    st_np = 1'b0; e_np = 1'b0; maybe = 1'b0; is_rst = 1'b0; st_el = 2'd0;
    c_pre = 1'b0; c_req = 1'b0; c_post = 1'b0; c_mp = 1'b0; c_t = 1'b0; lf = 1'b0;
    c_cyc = 64'd0; c_src = 64'd0; c_tgt = 64'd0; c_valid = V_NONE; c_el = 2'd0; c_type = 6'd0;
    g0_pre = 1'b0; g0_req = 1'b0; g0_post = 1'b0; g0_mp = 1'b0; g0_t = 1'b0;
    g0_cyc = 64'd0; g0_src = 64'd0; g0_tgt = 64'd0; g0_valid = V_NONE; g0_el = 2'd0;
    g0_type = 6'd0;
    g1_pre = 1'b0; g1_req = 1'b0; g1_post = 1'b0; g1_mp = 1'b0; g1_t = 1'b0;
    g1_cyc = 64'd0; g1_src = 64'd0; g1_tgt = 64'd0; g1_valid = V_NONE; g1_el = 2'd0;
    g1_type = 6'd0;
    b_ok = 1'b0; b_sel = 1'b0; b_type = 6'd0;
    cc = 14'd0; ccu = 1'b0; rec = {RECW{1'b0}};

    // ==== 1. the PE record (brbe_model_step) =================================
    if (pe_valid_i) begin
      is_rst = pe_kind_i == PE_KIND_RESET;
      // the state the record starts in: an exception's is the one it is taken from
      st_el = (pe_kind_i == PE_KIND_EXC) ? pe_from_el_i : pe_el_i;
      st_np = np(st_el, pe_flags_i[F_NS], pe_isa_i == 2'd0, 1'b0);

      // -- candidate 0: the held ERET, now that its target is known
      if (erp_q) begin
        erp_d = 1'b0;
        e_np  = np(er_el_q, er_ns_q, 1'b1, 1'b0);
        g0_pre = !e_np;
        if (is_rst) begin
          // the EL returned to is unknowable: if a record was possible it
          // cannot be captured (R_PMRRL)
          maybe = e_np;
          for (k = 0; k < 4; k = k + 1)
            if (k[1:0] <= er_el_q && np(k[1:0], er_ns_q, 1'b1, 1'b0)) maybe = 1'b1;
          if (maybe && ertn_en(er_el_q) && !paused)
            nvalid_d = {(PW + 1){1'b0}};
          g0_post = 1'b1;
        end else begin
          // I_NGWPR, I_JCYHD: the EL returned to is where this record starts
          g0_valid = {e_np, st_np};                         // R_LMXHS, R_ZTGMW
          g0_req   = (g0_valid != V_NONE) && ertn_en(er_el_q);  // R_ZSHDL, R_RCGVB
          g0_cyc   = er_cyc_q;
          g0_type  = T_ERET;
          g0_el    = st_el;
          g0_mp    = mpred_en && er_mp_q;
          g0_t     = er_tst_q;
          g0_src   = er_pc_q;
          g0_tgt   = untag(er_tgt_q[55:0]);
          g0_post  = !st_np;
        end
      end
      // -- candidate 0: exit from Debug state (R_BRBFP)
      if (indbg_q && !is_rst) begin
        indbg_d = 1'b0;
        g0_req   = st_np;
        g0_cyc   = pe_cycle_i;
        g0_valid = V_TARGET;
        g0_type  = T_DEBUG_EXIT;
        g0_el    = st_el;
        g0_src   = 64'd0;
        g0_tgt   = pe_pc_i;
      end

      // -- candidate 1: the record's own Branch record
      case (pe_kind_i)
        PE_KIND_INSN: begin
          g1_pre = !st_np;                                  // R_MJDLC
          if (pe_iclass_i == PE_IC_ERET) begin
            erp_d = 1'b1;                                   // completed by the next record
            er_el_d = pe_el_i; er_ns_d = pe_flags_i[F_NS];
            er_tst_d = pe_flags_i[F_TSTATE]; er_mp_d = pe_flags_i[F_MISPRED];
            er_pc_d = pe_pc_i; er_tgt_d = pe_target_i; er_cyc_d = pe_cycle_i;
          end else begin
            case (pe_iclass_i)
              PE_IC_B:     begin b_ok = 1'b1; b_type = T_DIRECT;   b_sel = sel(fcr_q[17]); end // R_FJYVT
              PE_IC_BCOND: begin b_ok = 1'b1; b_type = T_CONDDIR;  b_sel = sel(fcr_q[22]); end // R_BBNSZ
              PE_IC_BL:    begin b_ok = 1'b1; b_type = T_DIRCALL;  b_sel = sel(fcr_q[21]); end // R_RBDXK
              PE_IC_BR:    begin b_ok = 1'b1; b_type = T_INDIRECT; b_sel = sel(fcr_q[18]); end // R_KKLDV
              PE_IC_BLR:   begin b_ok = 1'b1; b_type = T_INDCALL;  b_sel = sel(fcr_q[20]); end // R_RVGTZ
              PE_IC_RET:   begin b_ok = 1'b1; b_type = T_RET;      b_sel = sel(fcr_q[19]); end // R_CKNBH
              PE_IC_ISB:   begin b_ok = RECORD_ISB == 1; b_type = T_DIRECT; b_sel = sel(fcr_q[17]); end // R_FJYDC
              default:  b_ok = 1'b0;
            endcase
            // R_GBCQW taken only; R_YGGSC not prohibited; R_MLGCF Full
            g1_req   = b_ok && pe_flags_i[F_TAKEN] && st_np && b_sel;
            g1_cyc   = pe_cycle_i;
            g1_valid = V_FULL;
            g1_type  = b_type;
            g1_el    = pe_el_i;
            g1_mp    = mpred_en && pe_flags_i[F_MISPRED];
            g1_t     = pe_flags_i[F_TSTATE];
            g1_src   = pe_pc_i;
            g1_tgt   = untag(pe_target_i[55:0]);
          end
          cur_el_d = pe_el_i; cur_ns_d = pe_flags_i[F_NS]; cur_a64_d = pe_isa_i == 2'd0;
          cur_dbg_d = 1'b0;
        end
        PE_KIND_EXC: begin
          g1_pre = !st_np;
          if (pe_exc_type_i == 5'h01) begin
            // R_LLCTG: entry to Debug state, Half-source from a non-prohibited region
            g1_req   = st_np;
            g1_cyc   = pe_cycle_i;
            g1_valid = V_SOURCE;
            g1_type  = T_DEBUG_HALT;
            g1_src   = pe_pc_i;
            g1_post  = 1'b1;                                // R_LPYBQ
            indbg_d  = 1'b1;
            cur_el_d = pe_from_el_i; cur_ns_d = pe_flags_i[F_NS];
            cur_a64_d = pe_isa_i == 2'd0; cur_dbg_d = 1'b1;
          end else begin
            e_np     = np(pe_el_i, pe_flags_i[F_NS], 1'b1, 1'b0);  // target
            g1_valid = {st_np, e_np};                       // R_YSQKQ, R_YBJDJ
            g1_req   = (g1_valid != V_NONE) && exc_en(pe_el_i); // R_KRJQC, R_LYGJZ
            g1_cyc   = pe_cycle_i;
            g1_type  = exc_map(pe_exc_type_i);
            g1_el    = pe_el_i;
            g1_mp    = 1'b0;                                // R_DHNJPJ
            g1_t     = pe_flags_i[F_TSTATE];
            g1_src   = pe_pc_i;                             // R_BZCRW
            g1_tgt   = pe_target_i;                         // R_FYLTG
            g1_post  = !e_np;
            cur_el_d = pe_el_i; cur_ns_d = pe_flags_i[F_NS]; cur_a64_d = 1'b1;
            cur_dbg_d = 1'b0;
          end
        end
        PE_KIND_TFAIL: begin
          g1_pre = !st_np;
          cur_el_d = pe_el_i; cur_ns_d = pe_flags_i[F_NS]; cur_a64_d = pe_isa_i == 2'd0;
          cur_dbg_d = 1'b0;
        end
        default: begin                                      // PE Warm reset (I_NZMWQ)
          g1_pre  = 1'b1;
          indbg_d = 1'b0;
          cur_el_d = pe_el_i; cur_ns_d = pe_flags_i[F_NS]; cur_a64_d = 1'b1; cur_dbg_d = 1'b0;
        end
      endcase

      // transaction tracking (R_GVCJH, R_JMSZF, R_CBTBH)
      if (pe_kind_i == PE_KIND_INSN || pe_kind_i == PE_KIND_EXC) begin
        if (pe_kind_i == PE_KIND_INSN && pe_iclass_i == PE_IC_TSTART && !pe_flags_i[F_TSTATE]) begin
          intxn_d = 1'b1; txnnp_d = st_np;
        end else if (pe_flags_i[F_TSTATE]) begin
          if (!intxn_q) begin intxn_d = 1'b1; txnnp_d = st_np; end
          else txnnp_d = txnnp_q && st_np;
        end else begin
          intxn_d = 1'b0;
        end
      end else begin
        intxn_d = 1'b0;
      end

      // generate the two candidates in order (F1.1.2 cycle counts, R_PMRRL)
      for (g = 0; g < 2; g = g + 1) begin
        if (g == 0) begin
          c_pre = g0_pre; c_req = g0_req; c_post = g0_post; c_cyc = g0_cyc; c_valid = g0_valid;
          c_type = g0_type; c_el = g0_el; c_mp = g0_mp; c_t = g0_t; c_src = g0_src;
          c_tgt = g0_tgt;
        end else begin
          c_pre = g1_pre; c_req = g1_req; c_post = g1_post; c_cyc = g1_cyc; c_valid = g1_valid;
          c_type = g1_type; c_el = g1_el; c_mp = g1_mp; c_t = g1_t; c_src = g1_src;
          c_tgt = g1_tgt;
        end
        if (c_pre) cck_d = 1'b0;
        if (c_req && !paused) begin                         // R_YDZNK
          lf = lf_d;                                    // R_KBSZM
          lf_d = 1'b0;
          if (cc_en && cck_d) begin
            cc = cc_encode(c_cyc - ccb_d); ccu = 1'b0;
          end else begin
            cc = 14'd0; ccu = 1'b1;                         // R_PBJTJ
          end
          ccb_d = c_cyc;
          cck_d = cc_en;
          if (!capv_d || capc_d != c_cyc) begin
            capv_d = 1'b1; capc_d = c_cyc; capu_d = 10'd0;
          end
          if (CAP != 10'd0 && capu_d >= CAP) begin
            nvalid_d = {(PW + 1){1'b0}};                    // R_PMRRL
            cck_d = 1'b0;
          end else begin
            capu_d = capu_d + 10'd1;
            wr_d = wr_d + {{(PW - 1){1'b0}}, 1'b1};         // R_TJGLK, R_DTDPDK
            if (nvalid_d != NREC) nvalid_d = nvalid_d + {{PW{1'b0}}, 1'b1};
            // the fields VALID marks not valid are zero
            rec = {ccu, cc, lf, c_valid[1] & c_t, c_type, c_valid[0] ? c_el : 2'd0,
                   c_valid[1] & c_mp, c_valid,
                   c_valid[0] ? c_tgt : 64'd0, c_valid[1] ? c_src : 64'd0};
            if (wr_d[0]) begin we1 = 1'b1; wa1 = wr_d[PW-1:1]; wd1 = rec; end
            else begin we0 = 1'b1; wa0 = wr_d[PW-1:1]; wd0 = rec; end
          end
        end
        if (c_post) cck_d = 1'b0;
      end

      // R_GVCJH: TFAIL of a transaction run outside prohibited regions
      if (pe_kind_i == PE_KIND_TFAIL && intxn_q && txnnp_q && st_np)
        lf_d = 1'b1;
      hs_d = 1'b1;
      nowts_d = pe_timestamp_i;
    end

  end

  // ==== the system-register request's actions (brbe_regs; no PE record) ======
  reg [PW-1:0] wr_n;
  reg [PW:0]   nvalid_n;
  reg          cck_n;
  always @* begin
    wr_n = wr_d; nvalid_n = nvalid_d; cck_n = cck_d;
    we0_o = we0; wa0_o = wa0; wd0_o = wd0;
    we1_o = we1; wa1_o = wa1; wd1_o = wd1;
    if (!pe_valid_i) begin
      if (sr_cck_clr_i) cck_n = 1'b0;                       // R_MJDLC
      if (sr_clr_i) nvalid_n = {(PW + 1){1'b0}};            // R_LLHYN
      if (sr_push_i) begin                                  // R_XVDNN
        wr_n = wr_q + {{(PW - 1){1'b0}}, 1'b1};
        if (nvalid_q != NREC) nvalid_n = nvalid_q + {{PW{1'b0}}, 1'b1};
        if (wr_n[0]) begin we1_o = 1'b1; wa1_o = wr_n[PW-1:1]; wd1_o = sr_rec_i; end
        else begin we0_o = 1'b1; wa0_o = wr_n[PW-1:1]; wd0_o = sr_rec_i; end
      end
    end
  end

  // ---- registers -----------------------------------------------------------
  // R_GWMZV: a valid Branch record captured generates BRB_FILTERATE; the
  // two candidates of one PE record go to different banks
  reg [1:0] filt_q;
  always @(posedge clk_i) begin
    if (!rst_ni) filt_q <= 2'd0;
    else         filt_q <= {we0 & we1, we0 ^ we1};
  end
  assign filterate_o = filt_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      wr_q <= {PW{1'b0}}; nvalid_q <= {(PW + 1){1'b0}};
      cck_q <= 1'b0; ccb_q <= 64'd0;
      capv_q <= 1'b0; capc_q <= 64'd0; capu_q <= 10'd0;
      hs_q <= 1'b0; cur_el_q <= 2'd0; cur_ns_q <= 1'b0; cur_a64_q <= 1'b0; cur_dbg_q <= 1'b0;
      indbg_q <= 1'b0; erp_q <= 1'b0; er_el_q <= 2'd0; er_ns_q <= 1'b0; er_tst_q <= 1'b0;
      er_mp_q <= 1'b0; er_pc_q <= 64'd0; er_tgt_q <= 64'd0; er_cyc_q <= 64'd0;
      intxn_q <= 1'b0; txnnp_q <= 1'b0; nowts_q <= 64'd0;
    end else begin
      wr_q <= wr_n; nvalid_q <= nvalid_n;
      cck_q <= cck_n; ccb_q <= ccb_d;
      capv_q <= capv_d; capc_q <= capc_d; capu_q <= capu_d;
      hs_q <= hs_d; cur_el_q <= cur_el_d; cur_ns_q <= cur_ns_d; cur_a64_q <= cur_a64_d;
      cur_dbg_q <= cur_dbg_d;
      indbg_q <= indbg_d; erp_q <= erp_d; er_el_q <= er_el_d; er_ns_q <= er_ns_d;
      er_tst_q <= er_tst_d; er_mp_q <= er_mp_d; er_pc_q <= er_pc_d; er_tgt_q <= er_tgt_d;
      er_cyc_q <= er_cyc_d;
      intxn_q <= intxn_d; txnnp_q <= txnnp_d; nowts_q <= nowts_d;
    end
  end

  assign lf_o     = lf_d;
  assign wr_o     = wr_q;
  assign nvalid_o = nvalid_q;
  assign cur_np_o = np(cur_el_d, cur_ns_d, cur_a64_d, cur_dbg_d);
  assign hs_o     = hs_d;
  assign nowts_o  = nowts_d;

  wire unused_ok = &{1'b0, cr1_q[63:24], cr1_q[21:5], cr1_q[2], cr2_q[63:24], cr2_q[21:5],
                     cr2_q[2], fcr_q[63:23], fcr_q[15:8], fcr_q[5:0]};

endmodule

`default_nettype wire
