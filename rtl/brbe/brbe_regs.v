// BRBE System registers and system-register port (FEAT_BRBE, Part F
// F1.1.13; register-fields.md section 3): BRBCR_EL1/EL2 (BRBCR_EL12),
// BRBFCR_EL1, BRBTS_EL1, the injection registers BRBINFINJ/BRBSRCINJ/
// BRBTGTINJ_EL1, BRBIDR0_EL1 and the per-record BRBINF/BRBSRC/BRBTGT<n>_EL1
// read from the storage; BRB IALL and BRB INJ; and the PMU overflow freeze
// (F1.1.10), which sets BRBFCR_EL1.PAUSED and BRBTS_EL1.  Part of brbe_top.
//
// In each clock, in this order: BRBFCR_EL1.LASTFAILED from brbe_rec (lf_i,
// with a PE record), the PMU overflow pulse, then a system-register request
// (sr_valid_i, taken in a clock without a PE record and without a response
// in progress: sr_ready_o is high the next clock with the data and status).
// Its actions on the ring go to brbe_rec (sr_clr_o, sr_cck_clr_o,
// sr_push_o with sr_rec_o); a record read addresses the banks (raddr_o)
// and its field is selected from rd0_i / rd1_i in the response clock.
`default_nettype none

module brbe_regs #(
  parameter NUMREC  = 32,  // BRBIDR0_EL1.NUMREC: 8, 16, 32 or 64 (brbe_top checks)
  parameter HAS_EL2 = 1,   // EL2 implemented: 0 or 1
  parameter HAS_EL3 = 0,   // EL3 implemented: 0 or 1
  parameter PW      = 5,   // ring pointer bits: log2(NUMREC)
  parameter RECW    = 156  // stored record bits: {INF compact 28, TGT 64, SRC 64}
) (
  input  wire            clk_i,
  input  wire            rst_ni,          // synchronous, active low: Cold reset

  input  wire            pe_valid_i,      // a PE record this clock (no request is taken)

  // PMU overflow pulse: the PMOVSCLR_EL0 event counter flags that are set
  input  wire            pmu_ovf_i,
  input  wire [30:0]     pmu_ovs_i,

  // PE controls outside BRBE
  input  wire [1:0]      mdcr_el3_sbrbe_i,
  input  wire            hcr_el2_e2h_i,
  input  wire            scr_el3_ecven_i,
  input  wire            cnthctl_el2_ecv_i,
  input  wire [63:0]     cntvoff_el2_i,
  input  wire [4:0]      pmcr_n_i,
  input  wire [4:0]      mdcr_el2_hpmn_i,

  // system-register port (brbe_top's)
  input  wire            sr_valid_i,
  input  wire            sr_write_i,
  input  wire            sr_iall_i,
  input  wire            sr_inj_i,
  input  wire [15:0]     sr_enc_i,
  input  wire [1:0]      sr_el_i,
  input  wire            sr_ns_i,
  input  wire [63:0]     sr_wdata_i,
  output wire [63:0]     sr_rdata_o,
  output wire            sr_ready_o,
  output wire [1:0]      sr_status_o,     // 0 OK, 1 UNDEFINED, 2 TRAP_EL3

  // brbe_rec
  input  wire            lf_i,            // BRBFCR_EL1.LASTFAILED after the PE record
  input  wire [PW-1:0]   wr_i,            // ring slot of index 0
  input  wire [PW:0]     nvalid_i,        // valid records
  input  wire            cur_np_i,        // the PE state after this clock is not prohibited
  input  wire            hs_i,            // a PE record was seen
  input  wire [63:0]     nowts_i,         // timestamp of the last PE record
  output wire [63:0]     cr1_o,
  output wire [63:0]     cr2_o,
  output wire [63:0]     fcr_o,
  output reg             sr_clr_o,        // BRB IALL
  output reg             sr_cck_clr_o,    // the cycle count becomes unknown
  output reg             sr_push_o,       // BRB INJ: sr_rec_o becomes the youngest record
  output reg  [RECW-1:0] sr_rec_o,

  // storage read: the banks' read address, their data the next clock
  output reg  [PW-2:0]   raddr_o,
  input  wire [RECW-1:0] rd0_i,
  input  wire [RECW-1:0] rd1_i
);

  `include "common_sysreg.vh"  // BRB*_ENC (common/brbe_regs.h)

  localparam [31:0] NR32  = NUMREC;
  localparam [63:0] CR_MASK   = 64'h0000_0000_00C0_017B; // BRBCR defined bits (FZPSS RES0)
  localparam [63:0] FCR_MASK  = 64'h0000_0000_307F_00C0; // BRBFCR_EL1 defined bits
  localparam [63:0] INF_MASK  = 64'h0000_7FFF_0003_3FE3; // BRBINF defined bits
  localparam [7:0]  NREC8     = NR32[7:0];
  localparam [63:0] IDR0_VAL  = {48'd0, 4'b0101, 4'b0000, NREC8}; // CC 20 bits, FORMAT 0
  localparam [1:0]  V_NONE = 2'd0;
  localparam [1:0]  ST_OK = 2'd0, ST_UNDEF = 2'd1, ST_TRAP = 2'd2;
  localparam [2:0]  R_NONE = 3'd0, R_CR1 = 3'd1, R_CR2 = 3'd2, R_FCR = 3'd3, R_TS = 3'd4,
                    R_INJ = 3'd5, R_IDR0 = 3'd6, R_REC = 3'd7;

  reg [63:0] cr1_q, cr1_d, cr2_q, cr2_d, fcr_q, fcr_d, ts_q, ts_d;
  reg [63:0] infinj_q, infinj_d, srcinj_q, srcinj_d, tgtinj_q, tgtinj_d;
  reg        ccwe_q, ccwe_d;          // effective CC enable after the last BRBCR write
  // system-register response
  reg        srb_q, srb_d;            // response cycle (sr_ready_o)
  reg [1:0]  srs_q, srs_d;
  reg [63:0] srd_q, srd_d;
  reg        srrec_q, srrec_d;        // the data comes from the storage
  reg [1:0]  srk_q, srk_d;            // 0 INF, 1 SRC, 2 TGT
  reg        srbk_q, srbk_d;          // bank read

  wire vhe = (HAS_EL2 == 1) && hcr_el2_e2h_i;
  wire [4:0] hpmn = (mdcr_el2_hpmn_i > pmcr_n_i) ? pmcr_n_i : mdcr_el2_hpmn_i;

  function [30:0] lowmask;
    input [4:0] n;
    begin
      lowmask = (31'd1 << n) - 31'd1;   // n = 31 wraps to all ones
    end
  endfunction

  reg          fire;
  reg [RECW-1:0] rec;
  reg [63:0]   voff, phys, poff, s64, t64;
  reg [1:0]    tsel;
  reg [2:0]    rid;                     // register named by sr_enc_i
  reg [1:0]    acc;
  reg [6:0]    ridx;
  reg [PW-1:0] rslot;
  reg          sr_clr, sr_cck_clr, sr_push;
  reg [PW-2:0] raddr;

  always @* begin
    cr1_d = cr1_q; cr2_d = cr2_q; fcr_d = fcr_q; ts_d = ts_q;
    infinj_d = infinj_q; srcinj_d = srcinj_q; tgtinj_d = tgtinj_q;
    ccwe_d = ccwe_q;
    srb_d = 1'b0; srs_d = srs_q; srd_d = srd_q; srrec_d = srrec_q; srk_d = srk_q;
    srbk_d = srbk_q;
    fire = 1'b0; rec = {RECW{1'b0}};
    voff = 64'd0; phys = 64'd0; poff = 64'd0; s64 = 64'd0; t64 = 64'd0;
    tsel = 2'd0; rid = R_NONE; acc = ST_OK; ridx = 7'd0; rslot = {PW{1'b0}};
    sr_clr = 1'b0; sr_cck_clr = 1'b0; sr_push = 1'b0; raddr = {(PW - 1){1'b0}};

    // ==== BRBFCR_EL1.LASTFAILED after the PE record (brbe_rec) ===============
    if (pe_valid_i)
      fcr_d[6] = lf_i;

    // ==== PMU overflow: freeze (F1.1.10) ====================================
    if (pmu_ovf_i && !fcr_d[7] && hs_i && cur_np_i) begin
      if (HAS_EL2 == 1)
        fire = (cr1_q[8] && |(pmu_ovs_i & lowmask(hpmn)))                       // R_NWCWF
            || (cr2_q[8] && |(pmu_ovs_i & lowmask(pmcr_n_i) & ~lowmask(hpmn))); // R_GXGWY
      else
        fire = cr1_q[8] && |(pmu_ovs_i & lowmask(pmcr_n_i));                    // R_PKTXQ
      if (fire) begin
        fcr_d[7] = 1'b1;                                    // R_BHYTD
        // R_QKQZL, Table F1.11
        voff = (HAS_EL2 == 1) ? cntvoff_el2_i : 64'd0;
        phys = nowts_i + voff;
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

    // ==== system-register request (F1.1.13) =================================
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
          sr_clr = 1'b1;                                    // R_LLHYN
          sr_cck_clr = 1'b1;                                // R_MJDLC
        end else if (acc == ST_OK) begin
          // R_XVDNN: the injection registers become the youngest record
          // (none when VALID is 0b00); R_LKDTJ: then they read as zero
          if (infinj_d[1:0] != V_NONE) begin
            s64 = infinj_d[1] ? srcinj_d : 64'd0;
            t64 = infinj_d[0] ? tgtinj_d : 64'd0;
            rec = {infinj_d[46], infinj_d[46] ? 14'd0 : infinj_d[45:32], infinj_d[17], infinj_d[1] & infinj_d[16], infinj_d[13:8],
                   infinj_d[0] ? infinj_d[7:6] : 2'd0, infinj_d[1] & infinj_d[5], infinj_d[1:0], t64, s64};
            sr_push = 1'b1;                                 // brbe_rec writes it
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
            if (fcr_d[7] && !sr_wdata_i[7]) sr_cck_clr = 1'b1;   // R_MJDLC: PAUSED 1 -> 0
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
            if (!ccwe_q) sr_cck_clr = 1'b1;
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
            if ({{(7 - PW){1'b0}}, nvalid_i} > {1'b0, ridx}) begin
              rslot = wr_i - ridx[PW-1:0];
              raddr = rslot[PW-1:1];
              srbk_d = rslot[0];
              srrec_d = 1'b1;
            end
          end
        endcase
      end
    end
  end

  always @* begin
    sr_clr_o = sr_clr; sr_cck_clr_o = sr_cck_clr; sr_push_o = sr_push; sr_rec_o = rec;
    raddr_o = raddr;
  end

  // ---- registers -----------------------------------------------------------
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cr1_q <= 64'd0; cr2_q <= 64'd0; fcr_q <= 64'd0; ts_q <= 64'd0;
      infinj_q <= 64'd0; srcinj_q <= 64'd0; tgtinj_q <= 64'd0;
      ccwe_q <= 1'b0;
      srb_q <= 1'b0; srs_q <= 2'd0; srd_q <= 64'd0; srrec_q <= 1'b0;
    end else begin
      cr1_q <= cr1_d; cr2_q <= cr2_d; fcr_q <= fcr_d; ts_q <= ts_d;
      infinj_q <= infinj_d; srcinj_q <= srcinj_d; tgtinj_q <= tgtinj_d;
      ccwe_q <= ccwe_d;
      srb_q <= srb_d; srs_q <= srs_d; srd_q <= srd_d; srrec_q <= srrec_d;
    end
  end

  // srk_q and srbk_q are not reset: sr_rdata_o reads them only while
  // srrec_q is set, and srrec_d is set only in the clock they are written
  // (a record register read of a valid record, R_BNGTH), so no reset value
  // can be seen
  always @(posedge clk_i) begin
    srk_q  <= srk_d;
    srbk_q <= srbk_d;
  end

  // ---- read data: a register, or a field of the record read from the storage
  wire [RECW-1:0] rd  = srbk_q ? rd1_i : rd0_i;
  wire [27:0]     rdi = rd[155:128];
  // compact INF {CCU, CC[13:0], LASTFAILED, T, TYPE[5:0], EL[1:0], MPRED, VALID[1:0]}
  wire [63:0] rd_inf = {17'd0, rdi[27], rdi[26:13], 14'd0, rdi[12], rdi[11], 2'd0,
                        rdi[10:5], rdi[4:3], rdi[2], 3'd0, rdi[1:0]};
  assign sr_rdata_o  = !srrec_q ? srd_q :
                       (srk_q == 2'd0) ? rd_inf :
                       (srk_q == 2'd1) ? rd[63:0] : rd[127:64];
  assign sr_ready_o  = srb_q;
  assign sr_status_o = srs_q;

  assign cr1_o = cr1_q;
  assign cr2_o = cr2_q;
  assign fcr_o = fcr_q;

endmodule

`default_nettype wire
