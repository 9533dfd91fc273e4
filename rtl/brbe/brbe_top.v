// Branch Record Buffer Extension (FEAT_BRBE, Part F of the Armv9
// supplement, F1.1, and brbe-chapter-d19.md): watches the PE retirement
// port, makes Branch records, keeps them in the Branch record buffer
// storage (newest at index 0, R_TJGLK) and serves the BRBE System registers
// and BRB IALL / BRB INJ on a system-register port.  It is the RTL twin of
// the C model model/brbe (docs/brbe-model.md fixes every choice the
// specification leaves open; this unit makes the same ones); ports,
// handshakes and ordering: docs/brbe-rtl.md.
//
// Structure: one combinational block applies, in this order, the PE record
// of the cycle (a held ERET or a Debug state exit first, then the record's
// own Branch record: at most two records per PE record), the PMU overflow
// pulse and the system-register request; the clocked block copies.  The
// storage is two brbe_ram banks (even and odd ring slots), so the two
// records of one PE record go to different banks.
`default_nettype none

module brbe_top #(
  parameter NUMREC        = 32, // BRBIDR0_EL1.NUMREC: 8, 16, 32 or 64 records
  parameter RETIRE_WIDTH  = 1,  // PE records per cycle on the PE port: 1 only
  parameter HAS_EL2       = 1,  // EL2 implemented: 0 or 1
  parameter HAS_EL3       = 0,  // EL3 implemented: 0 or 1
  parameter V1P1          = 0,  // FEAT_BRBEv1p1 (EL3 recording): 0 or 1, needs HAS_EL3
  parameter RECORD_ISB    = 0,  // R_FJYDC: ISB recorded as a direct branch: 0 or 1
  parameter CAP_PER_CYCLE = 0   // R_PMRRL: records captured per PE cycle, 0..1000 (0: no limit)
) (
  input  wire        clk_i,
  input  wire        rst_ni,              // synchronous, active low: Cold reset

  // PE retirement port (docs/ete-rtl-interface.md field names, one slot)
  input  wire        pe_valid_i,
  input  wire [1:0]  pe_kind_i,
  input  wire [3:0]  pe_iclass_i,
  input  wire [1:0]  pe_isa_i,
  input  wire [1:0]  pe_el_i,
  input  wire [1:0]  pe_from_el_i,
  input  wire [4:0]  pe_exc_type_i,
  input  wire [3:0]  pe_flags_i,          // TAKEN, NS, TSTATE, MISPRED
  input  wire [63:0] pe_pc_i,
  input  wire [63:0] pe_target_i,
  input  wire [63:0] pe_cycle_i,
  input  wire [63:0] pe_timestamp_i,

  // PMU overflow pulse: the PMOVSCLR_EL0 event counter flags that are set
  input  wire        pmu_ovf_i,
  input  wire [30:0] pmu_ovs_i,

  // PE controls outside BRBE (brbe_model_env)
  input  wire [1:0]  mdcr_el3_sbrbe_i,
  input  wire        mdcr_el3_e3brec_i,
  input  wire        mdcr_el3_e3brew_i,
  input  wire        hcr_el2_tge_i,
  input  wire        hcr_el2_e2h_i,
  input  wire        scr_el3_eel2_i,
  input  wire        scr_el3_ecven_i,
  input  wire        cnthctl_el2_ecv_i,
  input  wire [63:0] cntvoff_el2_i,
  input  wire [4:0]  pmcr_n_i,
  input  wire [4:0]  mdcr_el2_hpmn_i,

  // system-register port: MRS/MSR keyed by {op0,op1,CRn,CRm,op2}, or
  // BRB IALL / BRB INJ (sr_iall_i / sr_inj_i), executed at sr_el_i, sr_ns_i
  input  wire        sr_valid_i,
  input  wire        sr_write_i,
  input  wire        sr_iall_i,
  input  wire        sr_inj_i,
  input  wire [15:0] sr_enc_i,
  input  wire [1:0]  sr_el_i,
  input  wire        sr_ns_i,
  input  wire [63:0] sr_wdata_i,
  output wire [63:0] sr_rdata_o,
  output wire        sr_ready_o,
  output wire [1:0]  sr_status_o          // 0 OK, 1 UNDEFINED, 2 TRAP_EL3
);

  `include "common_clog2.vh"  // clog2()

  localparam PW    = clog2(NUMREC);      // ring pointer bits
  localparam BW    = PW - 1;             // bank address bits
  localparam RECW  = 156;                // {INF compact 28, TGT 64, SRC 64}
  localparam [31:0] CAP32 = CAP_PER_CYCLE;
  localparam [31:0] NR32  = NUMREC;
  localparam [9:0]  CAP   = CAP32[9:0];
  localparam [PW:0] NREC  = NR32[PW:0];

  generate
    if (NUMREC != 8 && NUMREC != 16 && NUMREC != 32 && NUMREC != 64) begin : g_bad_numrec
      brbe_top_NUMREC_must_be_8_16_32_or_64 u_bad ();
    end
    if (RETIRE_WIDTH != 1) begin : g_bad_rw
      brbe_top_RETIRE_WIDTH_must_be_1 u_bad ();
    end
    if (HAS_EL2 != 0 && HAS_EL2 != 1) begin : g_bad_el2
      brbe_top_HAS_EL2_must_be_0_or_1 u_bad ();
    end
    if (HAS_EL3 != 0 && HAS_EL3 != 1) begin : g_bad_el3
      brbe_top_HAS_EL3_must_be_0_or_1 u_bad ();
    end
    if ((V1P1 != 0 && V1P1 != 1) || (V1P1 == 1 && HAS_EL3 != 1)) begin : g_bad_v1p1
      brbe_top_V1P1_must_be_0_or_1_and_needs_HAS_EL3 u_bad ();
    end
    if (RECORD_ISB != 0 && RECORD_ISB != 1) begin : g_bad_isb
      brbe_top_RECORD_ISB_must_be_0_or_1 u_bad ();
    end
    if (CAP_PER_CYCLE < 0 || CAP_PER_CYCLE > 1000) begin : g_bad_cap
      brbe_top_CAP_PER_CYCLE_must_be_0_to_1000 u_bad ();
    end
  endgenerate

  // ---- encodings (common/brbe_regs.h, register-fields.md section 3) ----
  `include "common_sysreg.vh"  // BRB*_ENC (common/brbe_regs.h)

  localparam [63:0] CR_MASK   = 64'h0000_0000_00C0_017B; // BRBCR defined bits (FZPSS RES0)
  localparam [63:0] FCR_MASK  = 64'h0000_0000_307F_00C0; // BRBFCR_EL1 defined bits
  localparam [63:0] INF_MASK  = 64'h0000_7FFF_0003_3FE3; // BRBINF defined bits
  localparam [7:0]  NREC8     = NR32[7:0];
  localparam [63:0] IDR0_VAL  = {48'd0, 4'b0101, 4'b0000, NREC8}; // CC 20 bits, FORMAT 0

  `include "common_pe_class.vh"  // PE_KIND_*, PE_IC_* (common/pe_stream.h)
  localparam [1:0] V_NONE = 2'd0, V_TARGET = 2'd1, V_SOURCE = 2'd2, V_FULL = 2'd3;
  localparam [5:0] T_DIRECT = 6'h00, T_INDIRECT = 6'h01, T_DIRCALL = 6'h02, T_INDCALL = 6'h03,
                   T_RET = 6'h05, T_ERET = 6'h07, T_CONDDIR = 6'h08, T_DEBUG_HALT = 6'h21,
                   T_DEBUG_EXIT = 6'h39;
  localparam [1:0] ST_OK = 2'd0, ST_UNDEF = 2'd1, ST_TRAP = 2'd2;

  // flags
  localparam F_TAKEN = 0, F_NS = 1, F_TSTATE = 2, F_MISPRED = 3;

  // ---- state ---------------------------------------------------------------
  reg [63:0] cr1_q, cr1_d, cr2_q, cr2_d, fcr_q, fcr_d, ts_q, ts_d;
  reg [63:0] infinj_q, infinj_d, srcinj_q, srcinj_d, tgtinj_q, tgtinj_d;
  reg [PW-1:0] wr_q, wr_d;              // ring slot of index 0
  reg [PW:0]   nvalid_q, nvalid_d;      // valid records, contiguous from index 0
  reg          cck_q, cck_d;            // cycle count known (F1.1.2)
  reg [63:0]   ccb_q, ccb_d;            // cycle of the last generated record
  reg          ccwe_q, ccwe_d;          // effective CC enable after the last BRBCR write
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
  // system-register response
  reg          srb_q, srb_d;            // response cycle (sr_ready_o)
  reg [1:0]    srs_q, srs_d;
  reg [63:0]   srd_q, srd_d;
  reg          srrec_q, srrec_d;        // the data comes from the storage
  reg [1:0]    srk_q, srk_d;            // 0 INF, 1 SRC, 2 TGT
  reg          srbk_q, srbk_d;          // bank read

  // storage ports
  reg          we0, we1;
  reg [BW-1:0] wa0, wa1, raddr;
  reg [RECW-1:0] wd0, wd1;
  wire [RECW-1:0] rd0, rd1;

  brbe_ram #(.DEPTH(NUMREC / 2), .WIDTH(RECW)) u_bank0 (
    .clk_i(clk_i), .we_i(we0), .waddr_i(wa0), .wdata_i(wd0), .raddr_i(raddr), .rdata_o(rd0));
  brbe_ram #(.DEPTH(NUMREC / 2), .WIDTH(RECW)) u_bank1 (
    .clk_i(clk_i), .we_i(we1), .waddr_i(wa1), .wdata_i(wd1), .raddr_i(raddr), .rdata_o(rd1));

  // ---- controls (F1.1.4, F1.1.2) -------------------------------------------
  wire el3rec  = (HAS_EL3 == 1) && (V1P1 == 1) &&
                 (mdcr_el3_e3brec_i != mdcr_el3_e3brew_i);            // R_JWWFY
  wire cc_en   = ((HAS_EL2 == 0) || cr2_q[3]) && cr1_q[3];           // R_MJDLC
  wire mpred_en = ((HAS_EL2 == 0) || cr2_q[4]) && cr1_q[4];          // R_XHWRB
  wire paused  = fcr_q[7];                                           // R_PYBRZ
  wire vhe     = (HAS_EL2 == 1) && hcr_el2_e2h_i;
  wire [4:0] hpmn = (mdcr_el2_hpmn_i > pmcr_n_i) ? pmcr_n_i : mdcr_el2_hpmn_i;

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

  function [30:0] lowmask;
    input [4:0] n;
    begin
      lowmask = (31'd1 << n) - 31'd1;   // n = 31 wraps to all ones
    end
  endfunction

  // ---- combinational next state --------------------------------------------
  reg          st_np, e_np, maybe, fire, is_rst;
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
  reg [63:0]   voff, phys, poff, s64, t64;
  reg [1:0]    tsel;
  reg [2:0]    rid;                     // register named by sr_enc_i
  reg [1:0]    acc;
  reg [6:0]    ridx;
  reg [PW-1:0] rslot;
  integer      g, k;

  localparam [2:0] R_NONE = 3'd0, R_CR1 = 3'd1, R_CR2 = 3'd2, R_FCR = 3'd3, R_TS = 3'd4,
                   R_INJ = 3'd5, R_IDR0 = 3'd6, R_REC = 3'd7;

  always @* begin
    cr1_d = cr1_q; cr2_d = cr2_q; fcr_d = fcr_q; ts_d = ts_q;
    infinj_d = infinj_q; srcinj_d = srcinj_q; tgtinj_d = tgtinj_q;
    wr_d = wr_q; nvalid_d = nvalid_q;
    cck_d = cck_q; ccb_d = ccb_q; ccwe_d = ccwe_q;
    capv_d = capv_q; capc_d = capc_q; capu_d = capu_q;
    hs_d = hs_q; cur_el_d = cur_el_q; cur_ns_d = cur_ns_q; cur_a64_d = cur_a64_q;
    cur_dbg_d = cur_dbg_q; indbg_d = indbg_q;
    erp_d = erp_q; er_el_d = er_el_q; er_ns_d = er_ns_q; er_tst_d = er_tst_q; er_mp_d = er_mp_q;
    er_pc_d = er_pc_q; er_tgt_d = er_tgt_q; er_cyc_d = er_cyc_q;
    intxn_d = intxn_q; txnnp_d = txnnp_q; nowts_d = nowts_q;
    srb_d = 1'b0; srs_d = srs_q; srd_d = srd_q; srrec_d = srrec_q; srk_d = srk_q;
    srbk_d = srbk_q;
    we0 = 1'b0; we1 = 1'b0; wa0 = {BW{1'b0}}; wa1 = {BW{1'b0}};
    wd0 = {RECW{1'b0}}; wd1 = {RECW{1'b0}}; raddr = {BW{1'b0}};
    st_np = 1'b0; e_np = 1'b0; maybe = 1'b0; fire = 1'b0; is_rst = 1'b0; st_el = 2'd0;
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
    voff = 64'd0; phys = 64'd0; poff = 64'd0; s64 = 64'd0; t64 = 64'd0;
    tsel = 2'd0; rid = R_NONE; acc = ST_OK; ridx = 7'd0; rslot = {PW{1'b0}};

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
          lf = fcr_d[6];                                    // R_KBSZM
          fcr_d[6] = 1'b0;
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
        fcr_d[6] = 1'b1;
      hs_d = 1'b1;
      nowts_d = pe_timestamp_i;
    end

    // ==== 2. PMU overflow: freeze (F1.1.10) ==================================
    if (pmu_ovf_i && !fcr_d[7] && hs_d && np(cur_el_d, cur_ns_d, cur_a64_d, cur_dbg_d)) begin
      if (HAS_EL2 == 1)
        fire = (cr1_q[8] && |(pmu_ovs_i & lowmask(hpmn)))                       // R_NWCWF
            || (cr2_q[8] && |(pmu_ovs_i & lowmask(pmcr_n_i) & ~lowmask(hpmn))); // R_GXGWY
      else
        fire = cr1_q[8] && |(pmu_ovs_i & lowmask(pmcr_n_i));                    // R_PKTXQ
      if (fire) begin
        fcr_d[7] = 1'b1;                                    // R_BHYTD
        // R_QKQZL, Table F1.11
        voff = (HAS_EL2 == 1) ? cntvoff_el2_i : 64'd0;
        phys = nowts_d + voff;
        tsel = ((HAS_EL2 == 0) || cr2_q[6:5] == 2'b00) ? cr1_q[6:5] : cr2_q[6:5];
        poff = (((HAS_EL3 == 1) && !scr_el3_ecven_i) || ((HAS_EL2 == 1) && !cnthctl_el2_ecv_i))
               ? 64'd0 : voff;
        case (tsel)
          2'b11:   ts_d = phys;
          2'b10:   ts_d = phys - poff;
          default: ts_d = phys - voff;
        endcase
      end
    end

    // ==== 3. system-register request (F1.1.13) ===============================
    if (sr_valid_i && !srb_q && !pe_valid_i) begin
      srb_d = 1'b1;
      srrec_d = 1'b0;
      srd_d = 64'd0;
      // access checks of the BRBINF<n>_EL1 pseudocode (brbinf-register.md)
      if (sr_el_i == 2'd0 || (sr_el_i == 2'd2 && HAS_EL2 == 0) || (sr_el_i == 2'd3 && HAS_EL3 == 0))
        acc = ST_UNDEF;
      else if (sr_el_i != 2'd3 && HAS_EL3 == 1 &&
               ((!sr_ns_i && mdcr_el3_sbrbe_i != 2'b11) || (sr_ns_i && !mdcr_el3_sbrbe_i[0])))
        acc = ST_TRAP;
      else
        acc = ST_OK;
      // which register the encoding names at this EL
      if (sr_enc_i[15:14] == 2'd2 && sr_enc_i[13:11] == 3'd1 && sr_enc_i[10:7] == 4'd8 &&
          sr_enc_i[1:0] != 2'b11)
        rid = R_REC;
      else case (sr_enc_i)
        BRBCR_EL1_ENC:    rid = (sr_el_i == 2'd2 && vhe) ? R_CR2 : R_CR1;
        BRBCR_EL2_ENC:    rid = (HAS_EL2 == 1 && sr_el_i >= 2'd2) ? R_CR2 : R_NONE;
        BRBCR_EL12_ENC:   rid = (vhe && sr_el_i >= 2'd2) ? R_CR1 : R_NONE;
        BRBFCR_EL1_ENC:    rid = R_FCR;
        BRBTS_EL1_ENC:     rid = R_TS;
        BRBINFINJ_EL1_ENC, BRBSRCINJ_EL1_ENC, BRBTGTINJ_EL1_ENC: rid = R_INJ;
        BRBIDR0_EL1_ENC:   rid = R_IDR0;
        default:    rid = R_NONE;
      endcase

      if (sr_iall_i || sr_inj_i) begin
        srs_d = acc;
        if (acc == ST_OK && sr_iall_i) begin
          nvalid_d = {(PW + 1){1'b0}};                      // R_LLHYN
          cck_d = 1'b0;                                     // R_MJDLC
        end else if (acc == ST_OK) begin
          // R_XVDNN: the injection registers become the youngest record
          // (none when VALID is 0b00); R_LKDTJ: then they read as zero
          if (infinj_d[1:0] != V_NONE) begin
            s64 = infinj_d[1] ? srcinj_d : 64'd0;
            t64 = infinj_d[0] ? tgtinj_d : 64'd0;
            rec = {infinj_d[46], infinj_d[46] ? 14'd0 : infinj_d[45:32], infinj_d[17], infinj_d[1] & infinj_d[16], infinj_d[13:8],
                   infinj_d[0] ? infinj_d[7:6] : 2'd0, infinj_d[1] & infinj_d[5], infinj_d[1:0], t64, s64};
            wr_d = wr_d + {{(PW - 1){1'b0}}, 1'b1};
            if (nvalid_d != NREC) nvalid_d = nvalid_d + {{PW{1'b0}}, 1'b1};
            if (wr_d[0]) begin we1 = 1'b1; wa1 = wr_d[PW-1:1]; wd1 = rec; end
            else begin we0 = 1'b1; wa0 = wr_d[PW-1:1]; wd0 = rec; end
          end
          infinj_d = 64'd0; srcinj_d = 64'd0; tgtinj_d = 64'd0;
        end
      end else if (rid == R_NONE || (sr_write_i && (rid == R_IDR0 || rid == R_REC))) begin
        srs_d = ST_UNDEF;                                   // no such register; read-only
      end else if (acc != ST_OK) begin
        srs_d = acc;
      end else if (sr_write_i) begin
        srs_d = ST_OK;
        case (rid)
          R_CR1: cr1_d = sr_wdata_i & CR_MASK;
          R_CR2: cr2_d = sr_wdata_i & CR_MASK;
          R_FCR: begin
            if (fcr_d[7] && !sr_wdata_i[7]) cck_d = 1'b0;   // R_MJDLC: PAUSED 1 -> 0
            fcr_d = sr_wdata_i & FCR_MASK;
          end
          R_TS:  ts_d = sr_wdata_i;
          default: begin
            if (sr_enc_i == BRBINFINJ_EL1_ENC) infinj_d = sr_wdata_i & INF_MASK;
            else if (sr_enc_i == BRBSRCINJ_EL1_ENC) srcinj_d = sr_wdata_i;
            else tgtinj_d = sr_wdata_i;
          end
        endcase
        if (rid == R_CR1 || rid == R_CR2) begin
          // R_MJDLC: the first record after counting is enabled has CCU set
          if (((HAS_EL2 == 0) || cr2_d[3]) && cr1_d[3]) begin
            if (!ccwe_q) cck_d = 1'b0;
            ccwe_d = 1'b1;
          end else begin
            ccwe_d = 1'b0;
          end
        end
      end else begin
        srs_d = ST_OK;
        case (rid)
          R_CR1:  srd_d = cr1_d;
          R_CR2:  srd_d = cr2_d;
          R_FCR:  srd_d = fcr_d;
          R_TS:   srd_d = ts_d;
          R_IDR0: srd_d = IDR0_VAL;
          R_INJ:  srd_d = (sr_enc_i == BRBINFINJ_EL1_ENC) ? infinj_d :
                          (sr_enc_i == BRBSRCINJ_EL1_ENC) ? srcinj_d : tgtinj_d;
          default: begin
            // n + 32 * BANK at or above the valid records reads as zero (R_BNGTH)
            ridx = {1'b0, sr_enc_i[2], sr_enc_i[6:3]} + {fcr_d[29:28], 5'd0};
            srk_d = sr_enc_i[1:0];
            if ({{(7 - PW){1'b0}}, nvalid_d} > {1'b0, ridx}) begin
              rslot = wr_d - ridx[PW-1:0];
              raddr = rslot[PW-1:1];
              srbk_d = rslot[0];
              srrec_d = 1'b1;
            end
          end
        endcase
      end
    end
  end

  // ---- registers -----------------------------------------------------------
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cr1_q <= 64'd0; cr2_q <= 64'd0; fcr_q <= 64'd0; ts_q <= 64'd0;
      infinj_q <= 64'd0; srcinj_q <= 64'd0; tgtinj_q <= 64'd0;
      wr_q <= {PW{1'b0}}; nvalid_q <= {(PW + 1){1'b0}};
      cck_q <= 1'b0; ccb_q <= 64'd0; ccwe_q <= 1'b0;
      capv_q <= 1'b0; capc_q <= 64'd0; capu_q <= 10'd0;
      hs_q <= 1'b0; cur_el_q <= 2'd0; cur_ns_q <= 1'b0; cur_a64_q <= 1'b0; cur_dbg_q <= 1'b0;
      indbg_q <= 1'b0; erp_q <= 1'b0; er_el_q <= 2'd0; er_ns_q <= 1'b0; er_tst_q <= 1'b0;
      er_mp_q <= 1'b0; er_pc_q <= 64'd0; er_tgt_q <= 64'd0; er_cyc_q <= 64'd0;
      intxn_q <= 1'b0; txnnp_q <= 1'b0; nowts_q <= 64'd0;
      srb_q <= 1'b0; srs_q <= 2'd0; srd_q <= 64'd0; srrec_q <= 1'b0; srk_q <= 2'd0;
      srbk_q <= 1'b0;
    end else begin
      cr1_q <= cr1_d; cr2_q <= cr2_d; fcr_q <= fcr_d; ts_q <= ts_d;
      infinj_q <= infinj_d; srcinj_q <= srcinj_d; tgtinj_q <= tgtinj_d;
      wr_q <= wr_d; nvalid_q <= nvalid_d;
      cck_q <= cck_d; ccb_q <= ccb_d; ccwe_q <= ccwe_d;
      capv_q <= capv_d; capc_q <= capc_d; capu_q <= capu_d;
      hs_q <= hs_d; cur_el_q <= cur_el_d; cur_ns_q <= cur_ns_d; cur_a64_q <= cur_a64_d;
      cur_dbg_q <= cur_dbg_d;
      indbg_q <= indbg_d; erp_q <= erp_d; er_el_q <= er_el_d; er_ns_q <= er_ns_d;
      er_tst_q <= er_tst_d; er_mp_q <= er_mp_d; er_pc_q <= er_pc_d; er_tgt_q <= er_tgt_d;
      er_cyc_q <= er_cyc_d;
      intxn_q <= intxn_d; txnnp_q <= txnnp_d; nowts_q <= nowts_d;
      srb_q <= srb_d; srs_q <= srs_d; srd_q <= srd_d; srrec_q <= srrec_d; srk_q <= srk_d;
      srbk_q <= srbk_d;
    end
  end

  // ---- read data: a register, or a field of the record read from the storage
  wire [RECW-1:0] rd  = srbk_q ? rd1 : rd0;
  wire [27:0]     rdi = rd[155:128];
  // compact INF {CCU, CC[13:0], LASTFAILED, T, TYPE[5:0], EL[1:0], MPRED, VALID[1:0]}
  wire [63:0] rd_inf = {17'd0, rdi[27], rdi[26:13], 14'd0, rdi[12], rdi[11], 2'd0,
                        rdi[10:5], rdi[4:3], rdi[2], 3'd0, rdi[1:0]};
  assign sr_rdata_o  = !srrec_q ? srd_q :
                       (srk_q == 2'd0) ? rd_inf :
                       (srk_q == 2'd1) ? rd[63:0] : rd[127:64];
  assign sr_ready_o  = srb_q;
  assign sr_status_o = srs_q;

endmodule

`default_nettype wire
