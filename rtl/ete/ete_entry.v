// ETE entry stage (S0 + S1 of docs/ete-rtl-pipeline.md): the PE block port
// in (docs/pe-blocks.md), the entry stream to the pipelined core out.
// Contract: docs/ete-rtl-interface.md ("PE block port"); the admission
// rules are those of docs/ete-rtl-interface.md ("Overflow contract"), the
// storage is a block-RAM common_fifo_sr.
//
// PE side (no ready, D6.4: the PE cannot be held up):
//   pe_valid_i[s] marks slot s; valid slots are contiguous from slot 0 (slots
//   after the first invalid one are ignored).  Slots are taken only in a
//   clock with take_i high (Running).  In such a clock the valid slots are
//   all written, in slot order, or all discarded with pe_drop_o high;
//   admission compares with the FIFO's registered free space.
// Overflow markers: a run of dropping clocks (no slot accepted between them;
//   clocks that present no slot do not end a run) owes exactly one marker.
//   It is written as soon as an entry is free, always before the next
//   accepted slot, and never in a clock that writes slots; slots presented
//   while it is still owed are dropped (part of the same run).
// Stall: pe_stall_o = stall_en_i and more than the LEVEL threshold entries
//   held, from registered state only.  T = TMAX - L*TMAX/4 with
//   TMAX = DEPTH - 2*RETIRE_WIDTH: a PE that presents nothing in a clock
//   after one where pe_stall_o was high is never dropped.
// Stamps: the cycle counter counts clk_i from start_i.  In a clock that
//   accepts slots the first one carries the clocks since the previous
//   accepted slot (since start_i for the first of a session), saturating
//   at 2^21-1, the others 0; every slot carries ts_i of its clock.  A
//   marker's fields are all 0.
// Entry stream (AXI-Stream rules): ent_valid_o and the fields are
//   registers (the FIFO's output buffer), they hold while
//   ent_valid_o && !ent_ready_i, and ent_valid_o does not depend on
//   ent_ready_i.  One entry per clock.
`default_nettype none

module ete_entry #(
  parameter RETIRE_WIDTH = 1,    // PE slots per clock: 1, 2 or 4
  parameter DEPTH        = 256,  // entries (slots and markers): a power of two,
                                 // 8..4096 (so >= 2*RETIRE_WIDTH, which the
                                 // stall threshold needs)
  parameter RAM_STYLE    = 0,    // common_ram_sdp RAM_STYLE: 0 tool's choice,
                                 // 1 block RAM, 2 distributed RAM
  parameter OUT_REG      = 0     // common_ram_sdp OUT_REG: 1 registers the RAM
                                 // output (one more clock of latency)
) (
  input  wire                         clk_i,
  input  wire                         rst_ni,
  input  wire                         start_i,     // trace enabled: a fresh session
  input  wire                         take_i,      // slots presented now are traced
  input  wire                         stall_en_i,  // TRCSTALLCTLR.ISTALL
  input  wire [1:0]                   stall_lvl_i, // TRCSTALLCTLR.LEVEL
  // PE block port: slot s at [s*W +: W], slot 0 oldest
  input  wire [RETIRE_WIDTH-1:0]      pe_valid_i,
  input  wire [RETIRE_WIDTH*3-1:0]    pe_kind_i,
  input  wire [RETIRE_WIDTH*64-1:0]   pe_addr_i,
  input  wire [RETIRE_WIDTH*8-1:0]    pe_last_i,   // byte offset 0..252: up to 64 A64 instructions
  input  wire [RETIRE_WIDTH*4-1:0]    pe_iclass_i,
  input  wire [RETIRE_WIDTH*4-1:0]    pe_flags_i,  // TAKEN, NS, TSTATE, CCFAIL
  input  wire [RETIRE_WIDTH*2-1:0]    pe_isa_i,
  input  wire [RETIRE_WIDTH*2-1:0]    pe_el_i,
  input  wire [RETIRE_WIDTH*2-1:0]    pe_from_el_i,
  input  wire [RETIRE_WIDTH*5-1:0]    pe_exc_type_i,
  input  wire [RETIRE_WIDTH*8-1:0]    pe_ext_in_i,
  input  wire [63:0]                  ts_i,        // system timestamp
  output wire                         pe_drop_o,
  output wire                         pe_stall_o,
  // entry stream
  output wire                         ent_valid_o,
  input  wire                         ent_ready_i,
  output wire                         ent_marker_o,
  output wire [2:0]                   ent_kind_o,
  output wire [63:0]                  ent_addr_o,
  output wire [7:0]                   ent_last_o,
  output wire [3:0]                   ent_iclass_o,
  output wire [3:0]                   ent_flags_o,
  output wire [1:0]                   ent_isa_o,
  output wire [1:0]                   ent_el_o,
  output wire [1:0]                   ent_from_el_o,
  output wire [4:0]                   ent_exc_type_o,
  output wire [7:0]                   ent_ext_in_o,
  output wire [20:0]                  ent_cyc_o,
  output wire [63:0]                  ent_ts_o,
  output wire                         empty_o      // nothing held and no marker owed
);

  // active-high synchronous reset for the clocked blocks (common_rst_inv)
  wire rst_s;
  common_rst_inv u_rst_inv (.rst_ni (rst_ni), .rst_o (rst_s));

  // one stored entry, most significant field first:
  // marker, kind, addr, last, iclass, flags, isa, el, from_el, exc_type,
  // ext_in, cyc, ts
  // (formal/ete_entry.sby narrows the stored address, timestamp and cycle
  // stamp with FV_ETE_ENTRY_NARROW: the control logic does not depend on
  // their widths, and a 3-bit stamp makes its saturation reachable)
`ifdef FV_ETE_ENTRY_NARROW
  localparam ADDR_W = 4;
  localparam TS_W   = 4;
  localparam CYC_W  = 3;
`else
  localparam ADDR_W = 64;                                        // stored pe_addr_i bits
  localparam TS_W   = 64;                                        // stored ts_i bits
  localparam CYC_W  = 21;                                        // cycle stamp bits
`endif
  localparam SLOT_W = 3 + ADDR_W + 8 + 4 + 4 + 2 + 2 + 2 + 5 + 8;  // 102: a slot's fields
  localparam ENT_W  = 1 + SLOT_W + CYC_W + TS_W;                 // 188
  localparam WR_N   = RETIRE_WIDTH;
  localparam CNT_W  = clog2(DEPTH) + 1;
  localparam WC_W   = clog2(WR_N + 1);
  localparam integer TMAX = DEPTH - 2 * RETIRE_WIDTH;
  localparam integer T0I  = TMAX;
  localparam integer T1I  = TMAX - (1 * TMAX) / 4;
  localparam integer T2I  = TMAX - (2 * TMAX) / 4;
  localparam integer T3I  = TMAX - (3 * TMAX) / 4;
  localparam [CNT_W-1:0] T0 = T0I[CNT_W-1:0];
  localparam [CNT_W-1:0] T1 = T1I[CNT_W-1:0];
  localparam [CNT_W-1:0] T2 = T2I[CNT_W-1:0];
  localparam [CNT_W-1:0] T3 = T3I[CNT_W-1:0];
  localparam [CYC_W-1:0] CYC_MAX = {CYC_W{1'b1}};
  localparam [CYC_W-1:0] CYC_ONE = 1;

  `include "common_clog2.vh"  // clog2()

  generate
    if (RETIRE_WIDTH != 1 && RETIRE_WIDTH != 2 && RETIRE_WIDTH != 4) begin : g_bad_rw
      ete_entry_RETIRE_WIDTH_must_be_1_2_or_4 u_bad ();
    end
    if (DEPTH < 8 || DEPTH > 4096 || (1 << clog2(DEPTH)) != DEPTH) begin : g_bad_depth
      ete_entry_DEPTH_must_be_a_power_of_2_from_8_to_4096 u_bad ();
    end
  endgenerate

  // ---- state -----------------------------------------------------------
  reg             owe_q, owe_d;   // a marker is owed and not yet written
  reg             gap_q, gap_d;   // slots were dropped since the last accepted one
  reg [CYC_W-1:0] cyc_q, cyc_d;   // clocks since the last accepted slot (saturating)

  // ---- slots presented: the leading run of valid slots -------------------
  // (as gates, one-hot in the run's length: no adder before the FIFO's
  // write count)
  reg [CNT_W-1:0]      n_pres;
  reg [RETIRE_WIDTH:0] run1h;     // run1h[k]: the leading run is k slots (0 without take_i)
  integer s;
  always @* begin
    for (s = 0; s <= RETIRE_WIDTH; s = s + 1)
      run1h[s] = (s == 0) ? ~(take_i & pe_valid_i[0]) :
                 take_i & ((pe_valid_i & ((1 << s) - 1)) == ((1 << s) - 1)) &
                 ((s == RETIRE_WIDTH) ? 1'b1 : ~pe_valid_i[(s == RETIRE_WIDTH) ? 0 : s]);
    n_pres = {CNT_W{1'b0}};
    for (s = 1; s <= RETIRE_WIDTH; s = s + 1)
      n_pres = n_pres | (s[CNT_W-1:0] & {CNT_W{run1h[s]}});
  end

  // ---- FIFO ----------------------------------------------------------------
  wire [CNT_W-1:0]      count;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [CNT_W-1:0]      free;      // (read by the proofs; admission reads free_ge)
  /* verilator lint_on UNUSEDSIGNAL */
  wire [WR_N-1:0]       free_ge;   // free_ge[l-1]: free >= l (a register)
  reg  [WC_W-1:0]       wr_cnt;
  reg  [WR_N*ENT_W-1:0] wr_data;
  wire [ENT_W-1:0]      rd_data;

  // ---- admission (the overflow contract's rules) -----------------------------
  // An owed marker always takes the first free entry and never shares a
  // clock with slots: slots are admitted only when no marker is owed, so a
  // clock presenting slots while one is owed drops them (same run), and the
  // marker is written in that clock if an entry is free.  owe_q persists
  // only through clocks with no free entry; the FIFO reads one entry per
  // clock, so while it is set at most one entry is free.
  reg drop;     // this clock's slots are discarded
  // (keep: mk_wr stays one net; without it ABC9 copies its cone into each
  // of lane 0's 188 write-data bits, 1 556 instead of 797 LUT4 at
  // RETIRE_WIDTH 4)
  (* keep *) reg mk_wr;    // a marker is written this clock (lane 0, alone)
  reg acc;      // this clock's slots are written
  reg new_owe;
  reg [CYC_W-1:0] cyc_l;
  // free >= n_pres from the FIFO's registered flags free_ge (free >= l for
  // each run length l): one AND-OR, no compare of free's bits.
  reg fits;     // free >= n_pres
  integer l;
  always @* begin
    fits = 1'b0;
    for (l = 1; l <= RETIRE_WIDTH; l = l + 1)
      fits = fits | (run1h[l] & free_ge[l-1]);
    owe_d   = owe_q;
    gap_d   = gap_q;
    drop    = 1'b0;
    mk_wr   = 1'b0;
    acc     = 1'b0;
    new_owe = owe_q;
    if (!run1h[0]) begin
      if (!owe_q && fits) begin
        acc   = 1'b1;
        gap_d = 1'b0;
      end else begin
        drop    = 1'b1;
        new_owe = owe_q | ~gap_q;          // a new run owes one marker
        gap_d   = 1'b1;
        mk_wr   = new_owe & free_ge[0];
        owe_d   = new_owe & ~mk_wr;
      end
    end else if (owe_q && free_ge[0]) begin
      mk_wr = 1'b1;
      owe_d = 1'b0;
    end

    // cycle counter: restarts at an accepted clock, saturates
    if (acc)                   cyc_d = CYC_ONE;
    else if (cyc_q != CYC_MAX) cyc_d = cyc_q + CYC_ONE;
    else                       cyc_d = cyc_q;

    if (start_i) begin
      owe_d = 1'b0;
      gap_d = 1'b0;
      cyc_d = CYC_ONE;
    end

    wr_cnt = acc ? n_pres[WC_W-1:0] : {{(WC_W-1){1'b0}}, mk_wr};
    // lanes: slots in slot order, or a marker alone in lane 0
    wr_data = {WR_N*ENT_W{1'b0}};
    for (l = 0; l < RETIRE_WIDTH; l = l + 1) begin
      cyc_l = (l == 0) ? cyc_q : {CYC_W{1'b0}};
      wr_data[l*ENT_W +: ENT_W] = {1'b0,
        pe_kind_i[l*3 +: 3], pe_addr_i[l*64 +: ADDR_W], pe_last_i[l*8 +: 8],
        pe_iclass_i[l*4 +: 4], pe_flags_i[l*4 +: 4], pe_isa_i[l*2 +: 2],
        pe_el_i[l*2 +: 2], pe_from_el_i[l*2 +: 2], pe_exc_type_i[l*5 +: 5],
        pe_ext_in_i[l*8 +: 8], cyc_l, ts_i[TS_W-1:0]};
    end
    if (mk_wr) wr_data[ENT_W-1:0] = {1'b1, {(ENT_W-1){1'b0}}};
  end

  always @(posedge clk_i) begin
    if (rst_s) begin
      owe_q <= 1'b0;
      gap_q <= 1'b0;
      cyc_q <= CYC_ONE;
    end else begin
      owe_q <= owe_d;
      gap_q <= gap_d;
      cyc_q <= cyc_d;
    end
  end

  common_fifo_sr #(
    .WIDTH     (ENT_W),
    .DEPTH     (DEPTH),
    .WR_N      (WR_N),
    .RAM_STYLE (RAM_STYLE),
    .OUT_REG   (OUT_REG)
  ) u_fifo (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .wr_cnt_i   (wr_cnt),
    .wr_data_i  (wr_data),
    .rd_valid_o (ent_valid_o),
    .rd_data_o  (rd_data),
    .rd_ready_i (ent_ready_i),
    .count_o    (count),
    .free_o     (free),
    .free_ge_o  (free_ge)
  );

  // ---- outputs ---------------------------------------------------------------
  reg [CNT_W-1:0] thresh;
  always @* begin
    case (stall_lvl_i)
      2'd0:    thresh = T0;   // least invasive
      2'd1:    thresh = T1;
      2'd2:    thresh = T2;
      default: thresh = T3;   // most invasive
    endcase
  end

  assign pe_drop_o  = drop;
  assign pe_stall_o = stall_en_i & (count > thresh);
  assign empty_o    = (count == 0) & ~owe_q;

  wire [ADDR_W-1:0] rd_addr;
  wire [CYC_W-1:0]  rd_cyc;
  wire [TS_W-1:0]   rd_ts;
  assign {ent_marker_o, ent_kind_o, rd_addr, ent_last_o, ent_iclass_o,
          ent_flags_o, ent_isa_o, ent_el_o, ent_from_el_o, ent_exc_type_o,
          ent_ext_in_o, rd_cyc, rd_ts} = rd_data;
  // (zero-extended when narrowed for the proofs; equal widths otherwise)
  assign ent_addr_o = rd_addr;
  assign ent_cyc_o  = rd_cyc;
  assign ent_ts_o   = rd_ts;

`ifndef SYNTHESIS
`ifndef FORMAL
  // Contract check for simulation: valid slots are contiguous from slot 0.
  reg [CNT_W-1:0] n_set;
  integer c;
  always @* begin
    n_set = {CNT_W{1'b0}};
    for (c = 0; c < RETIRE_WIDTH; c = c + 1)
      if (pe_valid_i[c]) n_set = n_set + 1'b1;
  end
  always @(posedge clk_i) begin
    if (rst_ni && take_i && n_set != n_pres)
      $display("%m: ERROR: pe_valid_i = %b: valid slots must be contiguous from slot 0 (docs/ete-rtl-interface.md); slots after the first invalid one ignored",
               pe_valid_i);
  end
`endif
`endif

`ifdef FORMAL
  // ---- formal (formal/ete_entry.sby) ------------------------------------------
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (!rst_ni);

  reg f_stall_q = 1'b0;
  always @(posedge clk_i) f_stall_q <= pe_stall_o;
`ifdef FV_ETE_ENTRY_TOP
  // the PE presents contiguous slots
  always @* assume (((pe_valid_i + 1'b1) & pe_valid_i) == 0);
  // the stall configuration is programmed while idle: constant here
  always @(posedge clk_i) if (f_past_valid) begin
    assume (stall_en_i == $past(stall_en_i));
    assume (stall_lvl_i == $past(stall_lvl_i));
  end
`endif

  localparam [CNT_W-1:0] F_ONE = 1;
  localparam [WC_W-1:0]  F_WC_ONE = 1;

  // All or none: a clock writes either every presented slot or none, in
  // slot order, or a marker alone; pe_drop_o says which.
  always @* if (f_past_valid && rst_ni) begin
    assert (drop == (n_pres != 0 && !acc));
    assert (!(drop && acc) && !(acc && mk_wr));
    if (acc)   assert ({{(CNT_W-WC_W){1'b0}}, wr_cnt} == n_pres && n_pres <= free);
    if (mk_wr) assert (wr_cnt == F_WC_ONE && free != 0);
    if (!acc && !mk_wr) assert (wr_cnt == 0);
    if (n_pres == 0) assert (!pe_drop_o);
    if (!take_i) assert (!acc && !drop);
    // a marker entry: the marker bit, every other field 0
    if (mk_wr) assert (wr_data[ENT_W-1:0] == {1'b1, {(ENT_W-1){1'b0}}});
    if (owe_q) assert (free <= F_ONE);
  end
  genvar gl;
  generate
    for (gl = 0; gl < RETIRE_WIDTH; gl = gl + 1) begin : g_f_lane
      localparam [CNT_W-1:0] F_GL = gl;
      always @* if (f_past_valid && rst_ni && acc && F_GL < n_pres) begin
        assert (wr_data[gl*ENT_W + ENT_W - 1] == 1'b0);
        assert (wr_data[gl*ENT_W + CYC_W + TS_W +: SLOT_W] ==
                {pe_kind_i[gl*3 +: 3], pe_addr_i[gl*64 +: ADDR_W], pe_last_i[gl*8 +: 8],
                 pe_iclass_i[gl*4 +: 4], pe_flags_i[gl*4 +: 4], pe_isa_i[gl*2 +: 2],
                 pe_el_i[gl*2 +: 2], pe_from_el_i[gl*2 +: 2], pe_exc_type_i[gl*5 +: 5],
                 pe_ext_in_i[gl*8 +: 8]});
        assert (wr_data[gl*ENT_W +: TS_W] == ts_i[TS_W-1:0]);
        if (gl != 0) assert (wr_data[gl*ENT_W + TS_W +: CYC_W] == {CYC_W{1'b0}});
      end
    end
  endgenerate

  // Cycle stamps (ghost): clocks since the last accepted clock, or since
  // start_i, or since reset, saturating; the first slot of an accepted
  // clock carries it.
  reg [CYC_W-1:0] f_since = CYC_ONE;
  always @(posedge clk_i) begin
    if (!rst_ni || start_i || acc) f_since <= CYC_ONE;
    else if (f_since != CYC_MAX)   f_since <= f_since + CYC_ONE;
  end
  always @* if (f_past_valid && rst_ni) begin
    assert (f_since != 0 && cyc_q == f_since);
    if (acc) assert (wr_data[TS_W +: CYC_W] == f_since);
  end
  // two accepted clocks in a row: 1; an accepted clock right after start: 1
  always @(posedge clk_i) if (f_past_valid && $past(rst_ni) && rst_ni) begin
    if (acc && ($past(acc) || $past(start_i))) assert (wr_data[TS_W +: CYC_W] == CYC_ONE);
  end

  // Marker order (ghost state, per session): since the last accepted slot,
  // has a clock dropped, and has a marker been written?
  reg f_drop_since = 1'b0, f_mk_since = 1'b0;
  always @(posedge clk_i) begin
    if (!rst_ni || start_i) begin
      f_drop_since <= 1'b0;
      f_mk_since   <= 1'b0;
    end else if (acc) begin
      f_drop_since <= 1'b0;
      f_mk_since   <= 1'b0;
    end else begin
      if (drop)  f_drop_since <= 1'b1;
      if (mk_wr) f_mk_since   <= 1'b1;
    end
  end
  always @* if (f_past_valid && rst_ni && !start_i) begin
    // a slot accepted after a drop is preceded by that run's marker
    if (acc && (f_drop_since || drop)) assert (f_mk_since || mk_wr);
    // one marker per run, and none without a drop
    if (mk_wr) assert (!f_mk_since && (f_drop_since || drop));
    // invariants linking the ghost to the design
    assert (gap_q == f_drop_since);
    assert (owe_q == (f_drop_since && !f_mk_since));
    assert (!(f_mk_since && !f_drop_since));
  end
  // empty_o (used to start finish) implies no marker is owed and no entry held
  always @* if (f_past_valid && rst_ni && empty_o) assert (!owe_q && count == 0 && !ent_valid_o);

  // The entry stream obeys valid/ready (ent_ready_i is free).
  fv_vr_check #(.W (ENT_W), .ASSUME (0)) f_ent_vr (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .valid_i (ent_valid_o), .ready_i (ent_ready_i),
    .data_i (rd_data)
  );

  // Stall: a PE that honours pe_stall_o, with ISTALL set for the whole
  // session, never sees a drop.
  localparam [CNT_W-1:0] F_RW = RETIRE_WIDTH;
  reg f_honest = 1'b1;   // ISTALL has been set and the PE has honoured it
  always @(posedge clk_i) begin
    if (rst_s)
      f_honest <= 1'b1;
    else if (!stall_en_i || (f_stall_q && pe_valid_i != 0))
      f_honest <= 1'b0;
  end
  wire f_honest_now = f_honest && stall_en_i && !(f_stall_q && pe_valid_i != 0);
  always @* if (f_past_valid && rst_ni && f_honest_now) begin
    assert (!pe_drop_o);
    assert (!owe_q && !gap_q);
    if (!f_stall_q) assert (count <= thresh + F_RW);
  end

  reg f_mk_q = 1'b0;
  always @(posedge clk_i) f_mk_q <= rst_ni && mk_wr;
  always @(posedge clk_i) if (f_past_valid && rst_ni) begin
    cover (acc && f_mk_q);                        // a slot right behind a marker
    cover (drop && mk_wr);
    cover (ent_valid_o && ent_ready_i && ent_marker_o);
    cover (pe_stall_o && f_honest);
    cover (acc && n_pres == F_RW && wr_data[TS_W +: CYC_W] > CYC_ONE);
    cover (ent_valid_o && !ent_ready_i && !ent_marker_o && rd_cyc == CYC_MAX);
  end
`endif

endmodule

`default_nettype wire
