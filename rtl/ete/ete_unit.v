// ETE trace unit at core clock (docs/ete-rtl-pipeline.md): PE block port in
// (docs/pe-blocks.md), trace byte stream out, APB programming.  Contract:
// docs/ete-rtl-interface.md.
//
//   PE slots, ts_i --> ete_entry (S0 + S1) --(entry stream)--> ete_pipe (S2 .. S7)
//                        ^ pe_drop_o, pe_stall_o                  | (bundles of
//   APB <--> ete_regs --(registers, start/finish)----------------+  1..32 bytes)
//                        ^ idle_o, trc_en_o                       v
//                        +------------ drained ------------- ete_out_fifo --> beats
//
// Port rules:
//   PE block port: no ready.  A valid slot is traced when presented in a
//     clock where trc_en_o is high, idle_o is low (Running) and pe_drop_o
//     is low.  All of a clock's slots are taken or, with pe_drop_o high,
//     none; a run of dropping clocks (no slot accepted between them)
//     becomes one overflow marker (ete_model_overflow()) ahead of the next
//     accepted slot.  pe_stall_o depends only on registered state; a PE
//     that presents nothing in a clock after one where pe_stall_o was high
//     is never dropped.  A slot's cycle is the clock it is presented in (a
//     counter in ete_entry), its timestamp ts_i in that clock.
//   Output stream, APB, status: docs/ete-rtl-interface.md.
// Disable and Idle (D8.3): after EN 1 -> 0 the entry FIFO drains
//   into the core (an owed marker included), then finish_i pulses; the core
//   raises finish_done_o once every entry before it has left as packets and
//   the finish packets are handed out; Idle when the output FIFO is empty.
`default_nettype none

module ete_unit #(
  parameter RETIRE_WIDTH   = 1,    // PE block slots per clock: 1, 2, 4
  parameter OUT_BYTES      = 4,    // trace bytes per output beat: 4, 8, 16
  parameter IN_FIFO_DEPTH  = 512 * RETIRE_WIDTH,
                                   // entry FIFO entries (block RAM): power of 2, 8..4096.
                                   // The default, 512 per bank, is the depth of an ECP5
                                   // DP16KD in its 36-bit mode, so it takes no more block
                                   // RAM than 64 per bank; at RETIRE_WIDTH 4 it absorbs
                                   // the windows of random programs that offer more than
                                   // one block per clock (docs/ete-rtl-pipeline.md 7)
  parameter OUT_FIFO_DEPTH = 256,  // output FIFO bundles (block RAM): power of 2, 4..1024
  parameter RS_DEPTH       = 15,   // return stack entries, 0..15
  parameter NUM_ACPAIRS    = 4,    // address comparator pairs, 1..8
  parameter NUM_EVENTS     = 4,    // event elements, 1..4
  parameter NUM_EXTIN      = 4,    // external inputs, 0..8
  parameter CCSIZE         = 20,   // cycle counter bits, 12..20
  parameter CCITMIN        = 4,    // minimum cycle count threshold, 1..4095
  parameter COMMOPT        = 1     // TRCIDR0.COMMOPT, 0 or 1
) (
  input  wire                       clk_i,
  input  wire                       rst_ni,
  // PE block port: slot s at [s*W +: W], slot 0 oldest, valid slots contiguous
  input  wire [RETIRE_WIDTH-1:0]    pe_valid_i,
  input  wire [RETIRE_WIDTH*3-1:0]  pe_kind_i,
  input  wire [RETIRE_WIDTH*64-1:0] pe_addr_i,
  input  wire [RETIRE_WIDTH*8-1:0]  pe_last_i,     // byte offset 0..252 (64 A64 instructions)
  input  wire [RETIRE_WIDTH*4-1:0]  pe_iclass_i,
  input  wire [RETIRE_WIDTH*4-1:0]  pe_flags_i,    // TAKEN, NS, TSTATE, CCFAIL
  input  wire [RETIRE_WIDTH*2-1:0]  pe_isa_i,
  input  wire [RETIRE_WIDTH*2-1:0]  pe_el_i,
  input  wire [RETIRE_WIDTH*2-1:0]  pe_from_el_i,
  input  wire [RETIRE_WIDTH*5-1:0]  pe_exc_type_i,
  input  wire [RETIRE_WIDTH*8-1:0]  pe_ext_in_i,
  input  wire [63:0]                ts_i,          // system timestamp
  output wire                       pe_stall_o,
  output wire                       pe_drop_o,
  // trace byte stream
  output wire [8*OUT_BYTES-1:0]     out_data_o,
  output wire [OUT_BYTES-1:0]       out_keep_o,
  output wire                       out_valid_o,
  input  wire                       out_ready_i,
  // APB3/APB4 slave
  input  wire                       psel_i,
  input  wire                       penable_i,
  input  wire                       pwrite_i,
  input  wire [11:0]                paddr_i,
  input  wire [31:0]                pwdata_i,
  output wire [31:0]                prdata_o,
  output wire                       pready_o,
  output wire                       pslverr_o,
  // status
  output wire                       idle_o,    // TRCSTATR.IDLE
  output wire                       trc_en_o   // TRCPRGCTLR.EN
);

  // The widest bundle the core hands over: a packet of up to 20 bytes after
  // one of at most 4 (ete_pipe_pkt's SMALL), so 24 bytes; the output FIFO
  // takes that many per clock at most.
  localparam PKT_BYTES = 24;

  generate
    if (OUT_BYTES != 4 && OUT_BYTES != 8 && OUT_BYTES != 16) begin : g_bad_ob
      ete_unit_OUT_BYTES_must_be_4_8_or_16 u_bad ();
    end
  endgenerate

  // ---- registers and programming states ------------------------------------
  wire        start, finish, take, finish_done, in_empty, out_empty;
  wire [31:0] trcconfigr, trceventctl0r, trceventctl1r, trcstallctlr, trctsctlr;
  wire [31:0] trcsyncpr, trcccctlr, trcbbctlr, trctraceidr, trcvictlr;
  wire [31:0] trcviiectlr, trcvissctlr;
  wire [32*32-1:0] trcrsctlr;
  wire [64*16-1:0] trcacvr, trcacatr;

  ete_regs #(
    .RS_DEPTH    (RS_DEPTH),
    .NUM_ACPAIRS (NUM_ACPAIRS),
    .NUM_EVENTS  (NUM_EVENTS),
    .NUM_EXTIN   (NUM_EXTIN),
    .CCSIZE      (CCSIZE),
    .CCITMIN     (CCITMIN),
    .COMMOPT     (COMMOPT)
  ) u_regs (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .psel_i          (psel_i),
    .penable_i       (penable_i),
    .pwrite_i        (pwrite_i),
    .paddr_i         (paddr_i),
    .pwdata_i        (pwdata_i),
    .prdata_o        (prdata_o),
    .pready_o        (pready_o),
    .pslverr_o       (pslverr_o),
    .in_empty_i      (in_empty),
    .finish_done_i   (finish_done),
    .out_empty_i     (out_empty),
    .start_o         (start),
    .finish_o        (finish),
    .take_o          (take),
    .trc_en_o        (trc_en_o),
    .idle_o          (idle_o),
    .trcconfigr_o    (trcconfigr),
    .trceventctl0r_o (trceventctl0r),
    .trceventctl1r_o (trceventctl1r),
    .trcstallctlr_o  (trcstallctlr),
    .trctsctlr_o     (trctsctlr),
    .trcsyncpr_o     (trcsyncpr),
    .trcccctlr_o     (trcccctlr),
    .trcbbctlr_o     (trcbbctlr),
    .trctraceidr_o   (trctraceidr),
    .trcvictlr_o     (trcvictlr),
    .trcviiectlr_o   (trcviiectlr),
    .trcvissctlr_o   (trcvissctlr),
    .trcrsctlr_o     (trcrsctlr),
    .trcacvr_o       (trcacvr),
    .trcacatr_o      (trcacatr)
  );

  // ---- S0 + S1: admission, stamps, entry FIFO -----------------------------------
  wire        ent_valid, ent_ready, ent_marker;
  wire [2:0]  ent_kind;
  wire [63:0] ent_addr, ent_ts;
  wire [7:0]  ent_last, ent_ext_in;
  wire [3:0]  ent_iclass, ent_flags;
  wire [1:0]  ent_isa, ent_el, ent_from_el;
  wire [4:0]  ent_exc_type;
  wire [20:0] ent_cyc;

  ete_entry #(
    .RETIRE_WIDTH (RETIRE_WIDTH),
    .DEPTH        (IN_FIFO_DEPTH)
  ) u_entry (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .start_i        (start),
    .take_i         (take),
    .stall_en_i     (trcstallctlr[8]),     // TRCSTALLCTLR.ISTALL
    .stall_lvl_i    (trcstallctlr[3:2]),   // TRCSTALLCTLR.LEVEL
    .pe_valid_i     (pe_valid_i),
    .pe_kind_i      (pe_kind_i),
    .pe_addr_i      (pe_addr_i),
    .pe_last_i      (pe_last_i),
    .pe_iclass_i    (pe_iclass_i),
    .pe_flags_i     (pe_flags_i),
    .pe_isa_i       (pe_isa_i),
    .pe_el_i        (pe_el_i),
    .pe_from_el_i   (pe_from_el_i),
    .pe_exc_type_i  (pe_exc_type_i),
    .pe_ext_in_i    (pe_ext_in_i),
    .ts_i           (ts_i),
    .pe_drop_o      (pe_drop_o),
    .pe_stall_o     (pe_stall_o),
    .ent_valid_o    (ent_valid),
    .ent_ready_i    (ent_ready),
    .ent_marker_o   (ent_marker),
    .ent_kind_o     (ent_kind),
    .ent_addr_o     (ent_addr),
    .ent_last_o     (ent_last),
    .ent_iclass_o   (ent_iclass),
    .ent_flags_o    (ent_flags),
    .ent_isa_o      (ent_isa),
    .ent_el_o       (ent_el),
    .ent_from_el_o  (ent_from_el),
    .ent_exc_type_o (ent_exc_type),
    .ent_ext_in_o   (ent_ext_in),
    .ent_cyc_o      (ent_cyc),
    .ent_ts_o       (ent_ts),
    .empty_o        (in_empty)
  );

  // ---- S2 .. S7: the pipelined core ----------------------------------------------
  wire                   pkt_valid, pkt_ready;
  wire [8*PKT_BYTES-1:0] pkt_data;
  wire [5:0]             pkt_len;

  ete_pipe #(
    .RS_DEPTH    (RS_DEPTH),
    .NUM_ACPAIRS (NUM_ACPAIRS),
    .NUM_EVENTS  (NUM_EVENTS),
    .NUM_EXTIN   (NUM_EXTIN),
    .CCSIZE      (CCSIZE),
    .CCITMIN     (CCITMIN),
    .COMMOPT     (COMMOPT),
    .PKT_BYTES   (PKT_BYTES)
  ) u_pipe (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .trcconfigr_i    (trcconfigr),
    .trceventctl0r_i (trceventctl0r),
    .trceventctl1r_i (trceventctl1r),
    .trcstallctlr_i  (trcstallctlr),
    .trctsctlr_i     (trctsctlr),
    .trcsyncpr_i     (trcsyncpr),
    .trcccctlr_i     (trcccctlr),
    .trcbbctlr_i     (trcbbctlr),
    .trctraceidr_i   (trctraceidr),
    .trcvictlr_i     (trcvictlr),
    .trcviiectlr_i   (trcviiectlr),
    .trcvissctlr_i   (trcvissctlr),
    .trcrsctlr_i     (trcrsctlr),
    .trcacvr_i       (trcacvr),
    .trcacatr_i      (trcacatr),
    .start_i         (start),
    .finish_i        (finish),
    .finish_done_o   (finish_done),
    .ent_valid_i     (ent_valid),
    .ent_ready_o     (ent_ready),
    .ent_marker_i    (ent_marker),
    .ent_kind_i      (ent_kind),
    .ent_addr_i      (ent_addr),
    .ent_last_i      (ent_last),
    .ent_iclass_i    (ent_iclass),
    .ent_flags_i     (ent_flags),
    .ent_isa_i       (ent_isa),
    .ent_el_i        (ent_el),
    .ent_from_el_i   (ent_from_el),
    .ent_exc_type_i  (ent_exc_type),
    .ent_ext_in_i    (ent_ext_in),
    .ent_cyc_i       (ent_cyc),
    .ent_ts_i        (ent_ts),
    .pkt_valid_o     (pkt_valid),
    .pkt_ready_i     (pkt_ready),
    .pkt_data_o      (pkt_data),
    .pkt_len_o       (pkt_len)
  );

  // ---- S8: output byte FIFO --------------------------------------------------------
  ete_out_fifo #(
    .OUT_BYTES (OUT_BYTES),
    .DEPTH     (OUT_FIFO_DEPTH),
    .PKT_BYTES (PKT_BYTES)
  ) u_out (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .pkt_valid_i (pkt_valid),
    .pkt_ready_o (pkt_ready),
    .pkt_data_i  (pkt_data),
    .pkt_len_i   (pkt_len),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_data_o  (out_data_o),
    .out_keep_o  (out_keep_o),
    .empty_o     (out_empty)
  );

`ifdef FORMAL
  // ==========================================================================
  // Formal (formal/ete_unit.sby, docs/ete-formal.md): the unit's ports, the
  // port contract of ete_pipe (what formal/ete_pipe.sby assumes) as kept by
  // ete_regs and ete_entry.  The submodules'
  // own properties (ete_regs, ete_entry, common_fifo_sr, ete_out_fifo,
  // ete_out_gbox, ete_pipe's stage boundaries) are checked with them.
  // ==========================================================================
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;

`ifdef FV_ETE_UNIT_TOP
  always @* if (!f_past_valid) assume (!rst_ni);
  // the PE presents contiguous slots from slot 0
  always @* assume (((pe_valid_i + 1'b1) & pe_valid_i) == {RETIRE_WIDTH{1'b0}});
`endif

  // ---- ete_pipe's port contract (assumed in formal/ete_pipe.sby) --------
  reg f_sess_q = 1'b0;                   // from start to finish
  always @(posedge clk_i) begin
    if (!rst_ni)      f_sess_q <= 1'b0;
    else if (start)   f_sess_q <= 1'b1;
    else if (finish)  f_sess_q <= 1'b0;
  end
  wire [32*12-1:0] f_regs = {trcconfigr, trceventctl0r, trceventctl1r, trcstallctlr, trctsctlr,
                             trcsyncpr, trcccctlr, trcbbctlr, trctraceidr, trcvictlr,
                             trcviiectlr, trcvissctlr};
  reg [32*12-1:0] f_regs_q;
  reg [32*32-1:0] f_rsctlr_q;
  reg [64*16-1:0] f_acvr_q, f_acatr_q;
  reg             f_quiet_q = 1'b0;      // last clock: core finished, no session
  always @(posedge clk_i) begin
    f_regs_q   <= f_regs;
    f_rsctlr_q <= trcrsctlr;
    f_acvr_q   <= trcacvr;
    f_acatr_q  <= trcacatr;
    f_quiet_q  <= rst_ni && finish_done && !f_sess_q && !start;
  end
  always @* if (f_past_valid && rst_ni) begin
    if (start)     assert (finish_done && !finish && !f_sess_q);
    if (finish)    assert (f_sess_q);
    if (ent_valid) assert (f_sess_q && !start && !finish);
    // Idle (and Enabling): nothing held anywhere
    if (idle_o)    assert (!f_sess_q && finish_done && in_empty && out_empty);
  end
  always @(posedge clk_i) if (f_past_valid && $past(rst_ni) && rst_ni) begin
    // the programming registers change only while the core is finished
    if (f_regs != f_regs_q || trcrsctlr != f_rsctlr_q || trcacvr != f_acvr_q ||
        trcacatr != f_acatr_q)
      assert (f_quiet_q);
  end

`ifdef FV_ETE_UNIT_IDLE
  // ---- the drain bound (formal/ete_unit.sby task idle, docs/ete-formal.md
  // "The drain bound"): with out_ready_i high from the clock EN clears,
  // TRCSTATR.IDLE is set within F_IDLE_N clocks when the session left no
  // PE slot in the unit (the PE presents none in this task).  F_IDLE_N is
  // the stage count of that drain: Drain (1 clock, the entry FIFO empty:
  // finish_i), Finish (S4 turns finish_i into the flush descriptor: 2,
  // S5: 1, S6a, S6p, S6b, S7: 4, the bundle into the output FIFO and the
  // gearbox's read: 3, the beats: ceil(PKT_BYTES / OUT_BYTES), finish_done_o:
  // 1), Stable (out_empty: 1).
  localparam integer F_IDLE_N = 1 + 2 + 1 + 4 + 3 + (PKT_BYTES + OUT_BYTES - 1) / OUT_BYTES + 1 + 1;
  // The drain this task sees is shorter: with no slot taken the flush
  // descriptor makes no packet, so no bundle is written (no chunk, bundle,
  // output FIFO or beats).  F_IDLE_0 is its stage count: Drain (finish_i:
  // 1), S4 (fin_pend, then the flush descriptor: 2), S6's input FIFO (1),
  // S6a (1), the bank (1, dropped empty), finish_done_o (1), Stable (1).
  // Asserting it as well makes the check bite at step 4 + F_IDLE_0 + 1
  // (EN clears first in clock 4), not 4 + F_IDLE_N + 1.
  localparam integer F_IDLE_0 = 1 + 2 + 1 + 1 + 1 + 1 + 1;
  reg [7:0] f_drain_q = 8'd0;            // clocks after EN cleared, not Idle
  always @(posedge clk_i) begin
    if (!rst_ni || trc_en_o || idle_o) f_drain_q <= 8'd0;
    else if (f_drain_q != 8'hFF)       f_drain_q <= f_drain_q + 8'd1;
  end
  always @* if (f_past_valid && rst_ni) begin
    assume (pe_valid_i == {RETIRE_WIDTH{1'b0}});
    if (!trc_en_o && !idle_o) assume (out_ready_i);
    f_idle_n: assert (f_drain_q <= F_IDLE_N[7:0]);
    f_idle_0: assert (f_drain_q <= F_IDLE_0[7:0]);
  end
  always @(posedge clk_i) if (f_past_valid && rst_ni && $past(rst_ni))
    cover (idle_o && $past(!idle_o));    // a drain completes within the depth
`endif

  // ---- output port: keep is zero while out_valid_o is low, nonzero and
  // contiguous while high (valid/ready and the bytes: ete_out_fifo's
  // f_out_vr and lane properties)
  always @* if (f_past_valid && rst_ni) begin
    if (!out_valid_o) assert (out_keep_o == {OUT_BYTES{1'b0}});
    else              assert (out_keep_o[0] && ((out_keep_o & (out_keep_o + 1'b1)) == 0));
  end

`endif

endmodule

`default_nettype wire
