// ETE external-debug register block (D8.4) on an APB3/APB4 slave, and the
// trace unit programming states of D8.3.
//
// APB: every transfer completes in its access phase (pready_o = 1, no wait
//   states) and never errors (pslverr_o = 0).  The register is selected
//   from paddr_i in the setup phase (registered); prdata_o carries it in
//   the access phase, zero otherwise.  The trace registers are read back
//   from a block RAM copy written with them (one DP16KD on ECP5), the
//   other words from the AND-OR of the words under the registered select.  Writes take effect at the clock edge
//   ending the access phase.  Offsets are those of
//   common/ete_regs.h (D8.4.1, D8.4.2); paddr_i[1:0] is ignored.
//   Unimplemented offsets read as zero and ignore writes.  Fields a unit
//   built with these parameters does not have read as zero (RES0), RES1
//   bits read as one.
// Programming states (D8.3, Table D8.2), TRCSTATR {PMSTABLE, IDLE}:
//   Idle     {1,1}  EN = 0, nothing in flight.
//   Enabling {0,1}  one clock after EN 0->1: start_o pulses.
//   Running  {0,0}  PE records are taken (take_o).
//   Unstable {0,0}  after EN 1->0: records no longer taken; the input FIFO
//                   drains into the core, then finish_o pulses, then the
//                   core completes ete_model_finish() (finish_done_i).
//   Stable   {1,0}  the core has finished; the output drains (out_empty_i).
//   R_DXFPN/R_ZFPHC: Idle -> Enabling -> Running; R_TZSRP: Running -> Unstable
//   on EN 1->0; R_CZHWF: Unstable -> Stable; R_TZRCP: Stable -> Idle when the
//   unit holds no trace and its PE and output interfaces are quiescent.
//   PMSTABLE is UNKNOWN in Enabling and Running: it reads 0 there.
// Write rules: the trace registers are written only in the Idle state
//   (R_RWYQD: elsewhere a write is ignored; the contract's "written while EN
//   is 0" is the Idle state plus the drain, which also ignores them so the
//   core's registers hold until it has finished).  TRCPRGCTLR.EN changes
//   only in Idle (0->1) or Running (1->0) (R_MDZDN: otherwise ignored).
//   TRCCLAIMSET/TRCCLAIMCLR are written in any state (R_RWYQD exceptions).
`default_nettype none

module ete_regs #(
  parameter RS_DEPTH    = 15,  // return stack entries, 0..15 (TRCIDR0.RETSTACK, TRCCONFIGR.RS)
  parameter NUM_ACPAIRS = 4,   // address comparator pairs, 1..8 (TRCIDR4.NUMACPAIRS)
  parameter NUM_EVENTS  = 4,   // event elements, 1..4 (TRCIDR0.NUMEVENT + 1)
  parameter NUM_EXTIN   = 4,   // external inputs, 0..8 (TRCIDR5.NUMEXTIN)
  parameter CCSIZE      = 20,  // cycle counter bits, 12..20 (TRCIDR2.CCSIZE + 12)
  parameter CCITMIN     = 4,   // minimum cycle count threshold, 1..4095 (TRCIDR3.CCITMIN)
  parameter COMMOPT     = 1    // TRCIDR0.COMMOPT, 0 or 1
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  // APB3/APB4 slave
  input  wire              psel_i,
  input  wire              penable_i,
  input  wire              pwrite_i,
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire [11:0]       paddr_i,        // [1:0] unused: word registers
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [31:0]       pwdata_i,
  output reg  [31:0]       prdata_o,
  output wire              pready_o,
  output wire              pslverr_o,
  // unit status
  input  wire              in_empty_i,     // input FIFO empty, no marker owed
  input  wire              finish_done_i,  // core: everything finish emits handed out
  input  wire              out_empty_i,    // output FIFO and beat register empty
  output wire              start_o,        // one clock: ete_model_new()
  output wire              finish_o,       // one clock: ete_model_finish()
  output wire              take_o,         // PE records are traced this clock
  output wire              trc_en_o,       // TRCPRGCTLR.EN
  output wire              idle_o,         // TRCSTATR.IDLE
  // programming registers (names of ete_progregs)
  output wire [31:0]       trcconfigr_o,
  output wire [31:0]       trceventctl0r_o,
  output wire [31:0]       trceventctl1r_o,
  output wire [31:0]       trcstallctlr_o,
  output wire [31:0]       trctsctlr_o,
  output wire [31:0]       trcsyncpr_o,
  output wire [31:0]       trcccctlr_o,
  output wire [31:0]       trcbbctlr_o,
  output wire [31:0]       trctraceidr_o,
  output wire [31:0]       trcvictlr_o,
  output wire [31:0]       trcviiectlr_o,
  output wire [31:0]       trcvissctlr_o,
  output wire [32*32-1:0]  trcrsctlr_o,    // TRCRSCTLR<n> at [32n +: 32]
  output wire [64*16-1:0]  trcacvr_o,      // TRCACVR<n> at [64n +: 64]
  output wire [64*16-1:0]  trcacatr_o      // TRCACATR<n> at [64n +: 64]
);

  // active-high synchronous reset for the clocked blocks (common_rst_inv)
  wire rst_s;
  common_rst_inv u_rst_inv (.rst_ni (rst_ni), .rst_o (rst_s));

  // ---- parameter checks --------------------------------------------------
  generate
    if (RS_DEPTH < 0 || RS_DEPTH > 15) begin : g_bad_rs
      ete_regs_RS_DEPTH_must_be_0_to_15 u_bad ();
    end
    if (NUM_ACPAIRS < 1 || NUM_ACPAIRS > 8) begin : g_bad_ac
      ete_regs_NUM_ACPAIRS_must_be_1_to_8 u_bad ();
    end
    if (NUM_EVENTS < 1 || NUM_EVENTS > 4) begin : g_bad_ev
      ete_regs_NUM_EVENTS_must_be_1_to_4 u_bad ();
    end
    if (NUM_EXTIN < 0 || NUM_EXTIN > 8) begin : g_bad_ext
      ete_regs_NUM_EXTIN_must_be_0_to_8 u_bad ();
    end
    if (CCSIZE < 12 || CCSIZE > 20) begin : g_bad_ccsize
      ete_regs_CCSIZE_must_be_12_to_20 u_bad ();
    end
    if (CCITMIN < 1 || CCITMIN > 4095) begin : g_bad_ccitmin
      ete_regs_CCITMIN_must_be_1_to_4095 u_bad ();
    end
    if (COMMOPT != 0 && COMMOPT != 1) begin : g_bad_commopt
      ete_regs_COMMOPT_must_be_0_or_1 u_bad ();
    end
  endgenerate

  // ---- offsets (common/ete_regs.h) -------------------------------------
  localparam [11:0] A_TRCPRGCTLR    = 12'h004;
  localparam [11:0] A_TRCSTATR      = 12'h00C;
  localparam [11:0] A_TRCCONFIGR    = 12'h010;
  localparam [11:0] A_TRCEVENTCTL0R = 12'h020;
  localparam [11:0] A_TRCEVENTCTL1R = 12'h024;
  localparam [11:0] A_TRCSTALLCTLR  = 12'h02C;
  localparam [11:0] A_TRCTSCTLR     = 12'h030;
  localparam [11:0] A_TRCSYNCPR     = 12'h034;
  localparam [11:0] A_TRCCCCTLR     = 12'h038;
  localparam [11:0] A_TRCBBCTLR     = 12'h03C;
  localparam [11:0] A_TRCTRACEIDR   = 12'h040;
  localparam [11:0] A_TRCVICTLR     = 12'h080;
  localparam [11:0] A_TRCVIIECTLR   = 12'h084;
  localparam [11:0] A_TRCVISSCTLR   = 12'h088;
  localparam [11:0] A_TRCIDR0       = 12'h1E0;  // TRCIDR0..7 at +4 each
  // TRCIDR8 (0x180, MAXSPEC 0, D6.11.1) and TRCIDR6, 7, 9..13 read as zero
  // like the unimplemented offsets.
  // TRCRSCTLR<n> 0x200 + 4n, TRCACVR<n> 0x400 + 8n and TRCACATR<n>
  // 0x480 + 8n (+4: bits [63:32]) are decoded with AI_* below.
  localparam [11:0] A_TRCCLAIMSET   = 12'hFA0;
  localparam [11:0] A_TRCCLAIMCLR   = 12'hFA4;
  localparam [11:0] A_TRCAUTHSTATUS = 12'hFB8;
  localparam [11:0] A_TRCDEVARCH    = 12'hFBC;
  localparam [11:0] A_TRCDEVTYPE    = 12'hFCC;

  // ---- ID registers: exactly ete_model_idregs() (model/ete/ete_config.c) --
  // TRCIDR0: RES1, TRCBB, TRCCCI, RETSTACK when RS_DEPTH > 0, NUMEVENT,
  // TSSIZE 64-bit, COMMOPT; no Q elements, COMMTRANS 0 (R_VVFQZ).
  localparam [31:0] IDR0 = 32'h0000_0001 | (32'd1 << 5) | (32'd1 << 7) |
                           ((RS_DEPTH != 0) ? (32'd1 << 9) : 32'd0) |
                           ((NUM_EVENTS - 1) << 10) | (32'h08 << 24) |
                           ((COMMOPT != 0) ? (32'd1 << 29) : 32'd0);
  // TRCIDR1: TRCARCHMAJ = TRCARCHMIN = 0xF (see TRCDEVARCH), RES1 [15:12].
  localparam [31:0] IDR1 = (32'hF << 8) | (32'hF << 4) | (32'hF << 12);
  // TRCIDR2: IASIZE 64, CIDSIZE 32, VMIDSIZE 32 (R_PTVTD), CCSIZE,
  // VMIDOPT 0b10, WFXMODE.
  localparam [31:0] IDR2 = 32'h08 | (32'h04 << 5) | (32'h04 << 10) |
                           ((CCSIZE - 12) << 25) | (32'h2 << 29) | (32'd1 << 31);
  // TRCIDR3: CCITMIN, EXLEVEL_S EL0-EL3, EXLEVEL_NS EL0-EL2, TRCERR,
  // STALLCTL [26] (register-fields.md, TRCIDR3: TRCSTALLCTLR.ISTALL and
  // LEVEL are implemented, pe_stall_o); the sync period is programmable
  // (SYNCPR 0); no SYSSTALL, no NOOVERFLOW.
  localparam [31:0] IDR3 = (CCITMIN & 32'hFFF) | (32'hF << 16) | (32'h7 << 20) | (32'd1 << 24) |
                           (32'd1 << 26);
  // TRCIDR4: NUMACPAIRS, NUMRSPAIR = 8 pairs - 1.
  localparam [31:0] IDR4 = NUM_ACPAIRS | (32'h7 << 16);
  // TRCIDR5: NUMEXTIN, NUMEXTINSEL = min(NUMEXTIN, 4), TRACEIDSIZE 7 bits.
  localparam [31:0] IDR5 = NUM_EXTIN | (((NUM_EXTIN < 4) ? NUM_EXTIN : 4) << 9) | (32'h7 << 16);
  // TRCDEVARCH: ARCHITECT Arm, PRESENT, ARCHVER 5 (ETE), ARCHPART 0xA13.
  localparam [31:0] DEVARCH = (32'h23B << 21) | (32'd1 << 20) | (32'h5 << 12) | 32'hA13;
  // TRCAUTHSTATUS: NSNID [3:2] and SNID [7:6] = 0b11 (non-invasive debug
  // implemented and enabled: the unit has no authentication interface and
  // traces both Security states), invasive debug and the Hyp, Realm and Root
  // fields not implemented (0b00).  Layout: Arm ETE register description
  // ext-trcauthstatus; Cortex-A76 TRM D9.4.
  localparam [31:0] AUTHSTATUS = 32'h0000_00CC;
  // TRCDEVTYPE: SUB [7:4] = 0x1 (associated with a PE), MAJOR [3:0] = 0x3
  // (trace source).  Arm ext-trcdevtype.
  localparam [31:0] DEVTYPE = 32'h0000_0013;
  // TRCCLAIMSET reads as the implemented claim tag bits: four (the number Arm
  // recommends, ext-trcclaimset).
  localparam [3:0]  CLAIM_BITS = 4'hF;

  // ---- writable-bit masks (register-fields.md section 4) -------------------
  // TRCCONFIGR: BB[3], CCI[4], CID[6], VMID[7], TS[11], RS[12] when a return
  // stack exists.  RES1: bit 0, and VMIDOPT[15] (TRCIDR2.VMIDOPT = 0b10).
  // RES0: QE[14:13] (TRCIDR0.QSUPP = 0), ITO[18] (no instrumentation trace).
  localparam [31:0] M_CONFIG  = 32'h0000_08D8 | ((RS_DEPTH != 0) ? 32'h0000_1000 : 32'd0);
  localparam [31:0] R1_CONFIG = 32'h0000_8001;
  // TRCEVENTCTL0R: EVENTn TYPE[8n+7], SEL[8n+4:8n] for n < NUM_EVENTS.
  localparam [31:0] M_EV0     = (NUM_EVENTS >= 4) ? 32'h9F9F_9F9F :
                                (NUM_EVENTS == 3) ? 32'h009F_9F9F :
                                (NUM_EVENTS == 2) ? 32'h0000_9F9F : 32'h0000_009F;
  // TRCEVENTCTL1R: INSTEN[NUM_EVENTS-1:0]; ATB and LPOVERRIDE RES0
  // (TRCIDR5.ATBTRIG = LPOVERRIDE = 0).
  localparam [31:0] M_EV1     = (32'd1 << NUM_EVENTS) - 32'd1;
  // TRCSTALLCTLR: ISTALL[8], LEVEL[3:2] (docs/ete-rtl-interface.md).
  localparam [31:0] M_STALL   = 32'h0000_010C;
  localparam [31:0] M_TSCTLR  = 32'h0000_009F;   // TYPE[7], SEL[4:0]
  localparam [31:0] M_SYNCPR  = 32'h0000_001F;   // PERIOD[4:0]
  localparam [31:0] M_CCCTLR  = 32'h0000_0FFF;   // THRESHOLD[11:0]
  // TRCBBCTLR: MODE[8], RANGE[m] for m < NUM_ACPAIRS.
  localparam [31:0] M_BBCTLR  = 32'h0000_0100 | ((32'd1 << NUM_ACPAIRS) - 32'd1);
  localparam [31:0] M_TRACEID = 32'h0000_007F;   // TRACEID[6:0]
  // TRCVICTLR: EVENT TYPE[7] SEL[4:0], SSSTATUS[9], TRCRESET[10],
  // TRCERR[11], EXLEVEL_S[19:16], EXLEVEL_NS[22:20]; Realm bits RES0.
  localparam [31:0] M_VICTLR  = 32'h007F_0E9F;
  // TRCVIIECTLR: INCLUDE[m], EXCLUDE[16+m] for range comparators m.
  localparam [31:0] M_VIIE    = ((32'd1 << NUM_ACPAIRS) - 32'd1) * 32'h0001_0001;
  // TRCVISSCTLR: START[m], STOP[16+m] for single comparators m < 2*NUM_ACPAIRS.
  localparam [31:0] M_VISS    = ((32'd1 << (2 * NUM_ACPAIRS)) - 32'd1) * 32'h0001_0001;
  // TRCRSCTLR<n>, n = 2..15 (TRCIDR4.NUMRSPAIR = 7): PAIRINV[21] (even n),
  // INV[20], GROUP[19:16], SELECT[15:0].
  localparam [31:0] M_RS_EVEN = 32'h003F_FFFF;
  localparam [31:0] M_RS_ODD  = 32'h001F_FFFF;
  // TRCACATR<n>: EXLEVEL_NS[14:12], EXLEVEL_S[11:8]; CONTEXTTYPE and CONTEXT
  // RES0 (no context comparators: TRCIDR4.NUMCIDC = NUMVMIDC = 0).
  localparam [31:0] M_ACATR   = 32'h0000_7F00;
  localparam NCMP = 2 * NUM_ACPAIRS;               // single address comparators

  // ---- programming states ----------------------------------------------------
  localparam [2:0] S_IDLE     = 3'd0;
  localparam [2:0] S_ENABLING = 3'd1;
  localparam [2:0] S_RUNNING  = 3'd2;
  localparam [2:0] S_DRAIN    = 3'd3;   // Unstable: input FIFO draining
  localparam [2:0] S_FINISH   = 3'd4;   // Unstable: core finishing
  localparam [2:0] S_STABLE   = 3'd5;   // Stable: output draining

  reg [2:0] st_q, st_d;
  reg       en_q, en_d;
  reg [3:0] claim_q, claim_d;

  wire [11:0] addr = {paddr_i[11:2], 2'b00};   // word aligned: paddr_i[1:0] ignored
  localparam integer AI_RSCTLR = 'h200;         // TRCRSCTLR<n> base
  localparam integer AI_ACVR   = 'h400;         // TRCACVR<n> base
  localparam integer AI_ACATR  = 'h480;         // TRCACATR<n> base
  wire        wr   = psel_i & penable_i & pwrite_i;
  wire        wr_trace = wr & (st_q == S_IDLE);   // R_RWYQD

  always @* begin
    st_d    = st_q;
    en_d    = en_q;
    claim_d = claim_q;
    case (st_q)
      S_IDLE:     if (wr && addr == A_TRCPRGCTLR && pwdata_i[0]) begin   // R_DXFPN
                    en_d = 1'b1;
                    st_d = S_ENABLING;
                  end
      S_ENABLING: st_d = S_RUNNING;                                       // R_ZFPHC
      S_RUNNING:  if (wr && addr == A_TRCPRGCTLR && !pwdata_i[0]) begin  // R_TZSRP
                    en_d = 1'b0;
                    st_d = S_DRAIN;
                  end
      S_DRAIN:    if (in_empty_i) st_d = S_FINISH;    // finish_o pulses now
      S_FINISH:   if (finish_done_i) st_d = S_STABLE; // R_CZHWF
      S_STABLE:   if (out_empty_i) st_d = S_IDLE;     // R_TZRCP
      default:    st_d = S_IDLE;
    endcase
    if (wr && addr == A_TRCCLAIMSET) claim_d = claim_q | pwdata_i[3:0];
    if (wr && addr == A_TRCCLAIMCLR) claim_d = claim_d & ~pwdata_i[3:0];
  end

  always @(posedge clk_i) begin
    if (rst_s) begin
      st_q    <= S_IDLE;
      en_q    <= 1'b0;
      claim_q <= 4'h0;
    end else begin
      st_q    <= st_d;
      en_q    <= en_d;
      claim_q <= claim_d;
    end
  end

  assign start_o  = (st_q == S_ENABLING);
  assign finish_o = (st_q == S_DRAIN) & in_empty_i;
  assign take_o   = (st_q == S_RUNNING);
  assign trc_en_o = en_q;
  assign idle_o   = (st_q == S_IDLE) | (st_q == S_ENABLING);
  wire   pmstable = (st_q == S_IDLE) | (st_q == S_STABLE);

  // ---- word select ---------------------------------------------------------------
  // The readable words, k = 0 .. NRW-1, at raddr(k); other offsets read as
  // zero.  The read select is decoded from paddr_i in the APB setup phase
  // (psel_i high, penable_i low) and registered: rsel_q is one-hot on the
  // addressed word in the access phase that follows (every access phase is
  // one clock: pready_o = 1) and zero otherwise.  prdata_o is the AND-OR of
  // the words under rsel_q: no address logic between paddr_i and prdata_o,
  // and about half the LUT4 of a binary multiplexer on paddr_i.  The trace
  // register writes (below) use the same select.
  localparam W_PRGCTLR = 0;
  localparam W_STATR   = 1;
  localparam W_SCALAR  = 2;    // 2..13: the scalar trace registers
  localparam W_IDR     = 14;   // 14..19: TRCIDR0..5
  localparam W_MGMT    = 20;   // 20..24: TRCCLAIMSET, TRCCLAIMCLR, TRCAUTHSTATUS, TRCDEVARCH, TRCDEVTYPE
  localparam W_RS      = 23;   // TRCRSCTLR<n> at W_RS + n, n = 2..15: 25..38
  localparam W_ACVR    = 39;   // TRCACVR<n> [31:0] at W_ACVR + 2n, [63:32] at + 2n + 1
  localparam W_ACATR   = 39 + 2 * NCMP;   // TRCACATR<n> at W_ACATR + n
  localparam NRW       = 39 + 3 * NCMP;

  function [11:0] raddr;
    input integer k;
    /* verilator lint_off UNUSEDSIGNAL */
    integer a;                           // offset arithmetic: [11:0] used
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      case (k)
        0:  raddr = A_TRCPRGCTLR;
        1:  raddr = A_TRCSTATR;
        2:  raddr = A_TRCCONFIGR;
        3:  raddr = A_TRCEVENTCTL0R;
        4:  raddr = A_TRCEVENTCTL1R;
        5:  raddr = A_TRCSTALLCTLR;
        6:  raddr = A_TRCTSCTLR;
        7:  raddr = A_TRCSYNCPR;
        8:  raddr = A_TRCCCCTLR;
        9:  raddr = A_TRCBBCTLR;
        10: raddr = A_TRCTRACEIDR;
        11: raddr = A_TRCVICTLR;
        12: raddr = A_TRCVIIECTLR;
        13: raddr = A_TRCVISSCTLR;
        20: raddr = A_TRCCLAIMSET;
        21: raddr = A_TRCCLAIMCLR;
        22: raddr = A_TRCAUTHSTATUS;
        23: raddr = A_TRCDEVARCH;
        24: raddr = A_TRCDEVTYPE;
        default: begin
          if (k < W_IDR + 6)   a = {20'd0, A_TRCIDR0} + 4 * (k - W_IDR);
          else if (k < W_ACVR) a = AI_RSCTLR + 4 * (k - W_RS);
          else if (k < W_ACATR) a = AI_ACVR + 4 * (k - W_ACVR);
          else                 a = AI_ACATR + 8 * (k - W_ACATR);
          raddr = a[11:0];
        end
      endcase
    end
  endfunction

  reg [NRW-1:0]    rsel_q, rsel_d;
  integer n;
  always @* begin
    for (n = 0; n < NRW; n = n + 1)
      rsel_d[n] = rst_ni & psel_i & ~penable_i & (addr == raddr(n));
  end
  always @(posedge clk_i) rsel_q <= rsel_d;   // reset: rsel_d is zero

  // ---- scalar trace registers --------------------------------------------------
  reg [31:0] config_q, ev0_q, ev1_q, stall_q, ts_q, sync_q, cc_q, bb_q, tid_q;
  reg [31:0] vi_q, viie_q, viss_q;

  // Reset values: everything zero (trace registers are UNKNOWN on a trace
  // unit reset; zero is the value software cannot mistake for programmed).
  // The reset is folded into the write: each register loads wd (pwdata_i,
  // zero while rst_ni is low) on its write decode or on reset.  With an
  // active-low synchronous reset Yosys 0.23 (synth_ecp5) spends a LUT4 per
  // flip-flop on inverting rst_ni into its LSR input; this way the reset
  // costs the 32 LUT4 of wd and one term in each write decode.
  wire        rst_ld = ~rst_ni;
  wire [31:0] wd     = pwdata_i & {32{rst_ni}};
  always @(posedge clk_i) begin
    if (rst_ld || (wr_trace && rsel_q[W_SCALAR + 0]))  config_q <= wd & M_CONFIG;
    if (rst_ld || (wr_trace && rsel_q[W_SCALAR + 1]))  ev0_q    <= wd & M_EV0;
    if (rst_ld || (wr_trace && rsel_q[W_SCALAR + 2]))  ev1_q    <= wd & M_EV1;
    if (rst_ld || (wr_trace && rsel_q[W_SCALAR + 3]))  stall_q  <= wd & M_STALL;
    if (rst_ld || (wr_trace && rsel_q[W_SCALAR + 4]))  ts_q     <= wd & M_TSCTLR;
    if (rst_ld || (wr_trace && rsel_q[W_SCALAR + 5]))  sync_q   <= wd & M_SYNCPR;
    if (rst_ld || (wr_trace && rsel_q[W_SCALAR + 6]))  cc_q     <= wd & M_CCCTLR;
    if (rst_ld || (wr_trace && rsel_q[W_SCALAR + 7]))  bb_q     <= wd & M_BBCTLR;
    if (rst_ld || (wr_trace && rsel_q[W_SCALAR + 8]))  tid_q    <= wd & M_TRACEID;
    if (rst_ld || (wr_trace && rsel_q[W_SCALAR + 9]))  vi_q     <= wd & M_VICTLR;
    if (rst_ld || (wr_trace && rsel_q[W_SCALAR + 10])) viie_q   <= wd & M_VIIE;
    if (rst_ld || (wr_trace && rsel_q[W_SCALAR + 11])) viss_q   <= wd & M_VISS;
  end

  assign trcconfigr_o    = config_q | R1_CONFIG;
  assign trceventctl0r_o = ev0_q;
  assign trceventctl1r_o = ev1_q;
  assign trcstallctlr_o  = stall_q;
  assign trctsctlr_o     = ts_q;
  assign trcsyncpr_o     = sync_q;
  assign trcccctlr_o     = cc_q;
  assign trcbbctlr_o     = bb_q;
  assign trctraceidr_o   = tid_q;
  assign trcvictlr_o     = vi_q;
  assign trcviiectlr_o   = viie_q;
  assign trcvissctlr_o   = viss_q;

  // ---- resource selectors 2..15 and address comparators ------------------------
  genvar g;
  generate
    for (g = 0; g < 32; g = g + 1) begin : g_rs
      if (g >= 2 && g < 16) begin : g_impl
        reg [31:0] rs_q;
        always @(posedge clk_i) begin   // reset folded into wd (above)
          if (rst_ld || (wr_trace && rsel_q[W_RS + g]))
            rs_q <= wd & (((g % 2) == 0) ? M_RS_EVEN : M_RS_ODD);
        end
        assign trcrsctlr_o[32*g +: 32] = rs_q;
      end else begin : g_none          // 0, 1: fixed FALSE / TRUE (R_NRSGN); 16..31 absent
        assign trcrsctlr_o[32*g +: 32] = 32'd0;
      end
    end
    for (g = 0; g < 16; g = g + 1) begin : g_ac
      if (g < NCMP) begin : g_impl
        reg [63:0] acvr_q;
        reg [31:0] acatr_q;
        always @(posedge clk_i) begin   // reset folded into wd (above)
          if (rst_ld || (wr_trace && rsel_q[W_ACVR + 2 * g]))     acvr_q[31:0]  <= wd;
          if (rst_ld || (wr_trace && rsel_q[W_ACVR + 2 * g + 1])) acvr_q[63:32] <= wd;
          if (rst_ld || (wr_trace && rsel_q[W_ACATR + g]))        acatr_q       <= wd & M_ACATR;
        end
        assign trcacvr_o[64*g +: 64]  = acvr_q;
        assign trcacatr_o[64*g +: 64] = {32'd0, acatr_q};   // [63:32] RES0
      end else begin : g_none
        assign trcacvr_o[64*g +: 64]  = 64'd0;
        assign trcacatr_o[64*g +: 64] = 64'd0;
      end
    end
  endgenerate

  // ---- read back of the trace registers: a block RAM copy -------------------
  // The trace registers (words 2 .. 13 and 25 .. NRW-1: the scalar ones,
  // TRCRSCTLR<n>, TRCACVR<n>, TRCACATR<n>) are written, with their RES0
  // bits cleared, into a 512 x 32 RAM at the word offset paddr_i[10:2]
  // (those words' offsets differ there) whenever the register is written,
  // and read from it in the setup phase: the RAM's read register holds the
  // word in the access phase, so no wait state.  A word reads from the RAM
  // only once written since reset (wv_q: the RAM is not reset; a register
  // not written since reset reads its reset value, zero), decided in the
  // setup phase too (rram_q).  The AND-OR of about 1 000 register bits
  // under rsel_q this replaces cost about 650 LUT4 (Yosys 0.23 synth_ecp5).
  function is_ram;                      // word k is a trace register with a RAM copy
    input integer k;
    begin
      is_ram = (k >= W_SCALAR && k < W_IDR) || (k >= W_RS + 2 && k < NRW);
    end
  endfunction

  // the writable bits of the addressed word (RES0 bits clear in the copy):
  // the scalar registers by their select, the arrays by their region
  // (decoded in the setup phase with the select)
  reg        rg_acvr_q, rg_acatr_q, rg_rse_q, rg_rso_q;
  reg        rram_q;                    // the access phase reads the RAM word
  reg [NRW-1:0] wv_q;                   // word k written since reset (RAM words)
  reg        rram_d;
  always @* begin
    rram_d = 1'b0;
    for (n = 0; n < NRW; n = n + 1)
      if (is_ram(n)) rram_d = rram_d | (rsel_d[n] & wv_q[n]);
  end
  wire in_rs   = (addr[11:6] == AI_RSCTLR[11:6]);   // 0x200 .. 0x23C
  wire in_acvr = (addr[11:7] == AI_ACVR[11:7]);     // 0x400 .. 0x47C
  wire in_acat = (addr[11:7] == AI_ACATR[11:7]);    // 0x480 .. 0x4FC
  wire setup   = rst_ni & psel_i & ~penable_i;
  always @(posedge clk_i) begin         // reset: setup and rsel_d are zero
    rg_acvr_q  <= setup & in_acvr;
    rg_acatr_q <= setup & in_acat;
    rg_rse_q   <= setup & in_rs & ~addr[2];
    rg_rso_q   <= setup & in_rs & addr[2];
    rram_q     <= rram_d;
  end
  reg        ram_we;
  reg [31:0] wmask;
  always @* begin
    ram_we = 1'b0;
    for (n = 0; n < NRW; n = n + 1)
      if (is_ram(n)) ram_we = ram_we | rsel_q[n];
    ram_we = ram_we & wr_trace;
    wmask = ({32{rg_acvr_q}} | (M_ACATR & {32{rg_acatr_q}}) |
             (M_RS_EVEN & {32{rg_rse_q}}) | (M_RS_ODD & {32{rg_rso_q}}) |
             (M_CONFIG & {32{rsel_q[W_SCALAR + 0]}})  | (M_EV0 & {32{rsel_q[W_SCALAR + 1]}}) |
             (M_EV1 & {32{rsel_q[W_SCALAR + 2]}})     | (M_STALL & {32{rsel_q[W_SCALAR + 3]}}) |
             (M_TSCTLR & {32{rsel_q[W_SCALAR + 4]}})  | (M_SYNCPR & {32{rsel_q[W_SCALAR + 5]}}) |
             (M_CCCTLR & {32{rsel_q[W_SCALAR + 6]}})  | (M_BBCTLR & {32{rsel_q[W_SCALAR + 7]}}) |
             (M_TRACEID & {32{rsel_q[W_SCALAR + 8]}}) | (M_VICTLR & {32{rsel_q[W_SCALAR + 9]}}) |
             (M_VIIE & {32{rsel_q[W_SCALAR + 10]}})   | (M_VISS & {32{rsel_q[W_SCALAR + 11]}}));
  end
  // wv_q: set by the word's write, cleared by reset (bits of other words
  // stay zero)
  always @(posedge clk_i) begin
    for (n = 0; n < NRW; n = n + 1)
      wv_q[n] <= is_ram(n) & rst_ni & (wv_q[n] | (wr_trace & rsel_q[n]));
  end
  wire [31:0] ram_rd;
  common_ram_sdp #(
    .WIDTH     (32),
    .DEPTH     (512),
    .RAM_STYLE (1),
    .OUT_REG   (0)
  ) u_rb (
    .clk_i   (clk_i),
    .we_i    (ram_we),
    .waddr_i (addr[10:2]),
    .wdata_i (pwdata_i & wmask),
    .re_i    (setup),
    .raddr_i (addr[10:2]),
`ifdef FORMAL
    /* verilator lint_off PINCONNECTEMPTY */
    .f_mem_o (),
    .f_rd1_o (),
    /* verilator lint_on PINCONNECTEMPTY */
`endif
    .rdata_o (ram_rd)
  );

  // ---- read mux: the RAM word, or the AND-OR of the other words under rsel_q --
  reg [32*NRW-1:0] rword;
  always @* begin
    rword = {32*NRW{1'b0}};
    rword[32*W_PRGCTLR +: 32]       = {31'd0, en_q};
    rword[32*W_STATR +: 32]         = {30'd0, pmstable, idle_o};
    rword[32*(W_SCALAR + 0) +: 32] = R1_CONFIG;          // RES1 bits (the rest: the RAM)
    rword[32*W_IDR +: 32*6]         = {IDR5, IDR4, IDR3, IDR2, IDR1, IDR0};
    rword[32*(W_MGMT + 0) +: 32]   = {28'd0, CLAIM_BITS};
    rword[32*(W_MGMT + 1) +: 32]   = {28'd0, claim_q};
    rword[32*(W_MGMT + 2) +: 32]   = AUTHSTATUS;
    rword[32*(W_MGMT + 3) +: 32]   = DEVARCH;
    rword[32*(W_MGMT + 4) +: 32]   = DEVTYPE;
    prdata_o = ram_rd & {32{rram_q}};
    for (n = 0; n < NRW; n = n + 1)
      prdata_o = prdata_o | (rword[32*n +: 32] & {32{rsel_q[n]}});
  end

  assign pready_o  = 1'b1;
  assign pslverr_o = 1'b0;

`ifdef FORMAL
  // ---- formal --------------------------------------------------------------
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (!rst_ni);

  // Table D8.2 and the state graph of D8.3.
  always @* if (f_past_valid && rst_ni) begin
    assert (st_q <= S_STABLE);
    assert (en_q == (st_q == S_ENABLING || st_q == S_RUNNING));
    assert (start_o + finish_o + take_o <= 1);
    if (st_q == S_IDLE)   assert (idle_o && pmstable && !en_q);
    if (st_q == S_STABLE) assert (!idle_o && pmstable && !en_q);
    if (st_q == S_DRAIN || st_q == S_FINISH) assert (!idle_o && !pmstable && !en_q);
    if (st_q == S_RUNNING) assert (!idle_o && en_q);
  end
  always @(posedge clk_i) if (f_past_valid && $past(rst_ni) && rst_ni) begin
    // the only ways out of Idle and Running are EN writes
    if ($past(st_q) == S_IDLE && st_q != S_IDLE)
      assert ($past(wr && addr == A_TRCPRGCTLR && pwdata_i[0]) && st_q == S_ENABLING);
    if ($past(st_q) == S_RUNNING && st_q != S_RUNNING)
      assert ($past(wr && addr == A_TRCPRGCTLR && !pwdata_i[0]) && st_q == S_DRAIN);
    // start and finish alternate: finish only after the input drained
    if ($past(finish_o)) assert (st_q == S_FINISH && $past(in_empty_i));
    // Idle is entered only from Stable with the output drained (R_TZRCP)
    if (st_q == S_IDLE && $past(st_q) != S_IDLE)
      assert ($past(st_q) == S_STABLE && $past(out_empty_i));
    // trace registers change only by writes in Idle (R_RWYQD)
    if ($past(st_q) != S_IDLE) begin
      assert (trcconfigr_o == $past(trcconfigr_o));
      assert (trcvictlr_o == $past(trcvictlr_o));
      assert (trcacvr_o == $past(trcacvr_o));
      assert (trcrsctlr_o == $past(trcrsctlr_o));
      assert (trcstallctlr_o == $past(trcstallctlr_o));
    end
  end
  // RES0 bits read as zero, RES1 bits as one.
  always @* if (f_past_valid && rst_ni) begin
    assert ((trcconfigr_o & ~(M_CONFIG | R1_CONFIG)) == 0);
    assert ((trcconfigr_o & R1_CONFIG) == R1_CONFIG);
    assert ((trcstallctlr_o & ~M_STALL) == 0);
    assert ((trcvictlr_o & ~M_VICTLR) == 0);
    assert ((rsel_q & (rsel_q - 1'b1)) == {NRW{1'b0}});   // one-hot or zero
    if (rsel_q[W_STATR]) assert (prdata_o[31:2] == 0);
  end

  // Reachability: a whole session, Idle -> Running -> ... -> Idle.
  always @(posedge clk_i) if (f_past_valid && rst_ni) begin
    cover (st_q == S_RUNNING);
    cover (st_q == S_IDLE && $past(st_q) == S_STABLE);
  end
`endif

endmodule

`default_nettype wire
