// ETE input record FIFO: takes all of a cycle's PE records or none, queues
// overflow markers, stalls the PE on request, and presents the encoder core a
// window of up to RETIRE_WIDTH records or markers per clock.  Contract: docs/ete-rtl-interface.md
// ("PE retirement port", "Overflow contract"); rules chosen here are in
// docs/ete-rtl.md ("Input FIFO").
//
// PE side (no ready, D6.4: the PE cannot be held up):
//   pe_valid_i[s] marks slot s; valid slots are contiguous from slot 0 (slots
//   after the first invalid one are ignored).  Records are taken only in a
//   cycle with take_i high.  In such a cycle the valid records are all
//   written, in slot order, or all discarded with pe_drop_o high.
// Overflow markers: a run of dropping cycles (dropping cycles with no
//   record accepted between them; cycles that present no record do not end
//   a run) owes exactly one marker.  It is written as soon as an entry is
//   free, always before the next accepted record; records presented while
//   it is still owed are dropped (part of the same run).
// Stall: pe_stall_o = stall_en_i and more than the LEVEL threshold entries
//   held.  It depends only on registered state.  Threshold for LEVEL L:
//   T = TMAX - L*TMAX/4 with TMAX = DEPTH - 2*RETIRE_WIDTH, so a PE that
//   presents no record in a cycle after one where pe_stall_o was high never
//   sees a drop: stall low at cycle c means count(c) <= T, the records of
//   cycle c add at most RETIRE_WIDTH, and those of cycle c+1 find
//   DEPTH - T - RETIRE_WIDTH >= RETIRE_WIDTH free entries.
// Core side (window): lane k (rec_valid_o[k], rec_marker_o[k], rec_o lane k)
//   is the k-th oldest entry, valid while more than k entries are held; the
//   core consumes rec_take_i lanes (lanes 0 .. take-1, no more than are
//   valid) and the lanes it leaves are presented again next clock, lane k
//   as lane k - take.  rec_valid_o does not depend on rec_take_i.
`default_nettype none

module ete_in_fifo #(
  parameter RETIRE_WIDTH = 1,   // PE slots per cycle: 1, 2 or 4
  parameter DEPTH        = 16,  // entries: a power of two, 4..64, >= 2*RETIRE_WIDTH
  parameter REC_W        = 285  // bits of one packed record (ete_top's slot layout)
) (
  input  wire                          clk_i,
  input  wire                          rst_ni,
  input  wire                          start_i,     // trace enabled: a fresh session
  input  wire                          take_i,      // records presented now are traced
  input  wire                          stall_en_i,  // TRCSTALLCTLR.ISTALL
  input  wire [1:0]                    stall_lvl_i, // TRCSTALLCTLR.LEVEL
  input  wire [RETIRE_WIDTH-1:0]       pe_valid_i,
  input  wire [RETIRE_WIDTH*REC_W-1:0] pe_rec_i,    // slot s at [s*REC_W +: REC_W]
  output wire                          pe_drop_o,
  output wire                          pe_stall_o,
  output wire [RETIRE_WIDTH-1:0]       rec_valid_o, // lane k holds the k-th oldest entry
  input  wire [2:0]                    rec_take_i,  // lanes consumed this clock
  output wire [RETIRE_WIDTH-1:0]       rec_marker_o,
  output wire [RETIRE_WIDTH*REC_W-1:0] rec_o,       // lane k at [k*REC_W +: REC_W]
  output wire                          empty_o      // nothing held and no marker owed
);

  localparam ENT_W = REC_W + 1;                 // {marker, record}
  localparam WR_N  = RETIRE_WIDTH;              // a full cycle, or one marker
  localparam RD_N  = RETIRE_WIDTH;              // the core's window
  localparam CNT_W = clog2(DEPTH) + 1;
  localparam integer TMAX = DEPTH - 2 * RETIRE_WIDTH;
  localparam integer T0I  = TMAX;
  localparam integer T1I  = TMAX - (1 * TMAX) / 4;
  localparam integer T2I  = TMAX - (2 * TMAX) / 4;
  localparam integer T3I  = TMAX - (3 * TMAX) / 4;
  localparam [CNT_W-1:0] T0 = T0I[CNT_W-1:0];
  localparam [CNT_W-1:0] T1 = T1I[CNT_W-1:0];
  localparam [CNT_W-1:0] T2 = T2I[CNT_W-1:0];
  localparam [CNT_W-1:0] T3 = T3I[CNT_W-1:0];

  function integer clog2;
    input integer v;
    integer r;
    begin
      r = 0;
      while ((1 << r) < v) r = r + 1;
      clog2 = r;
    end
  endfunction

  generate
    if (RETIRE_WIDTH != 1 && RETIRE_WIDTH != 2 && RETIRE_WIDTH != 4) begin : g_bad_rw
      ete_in_fifo_RETIRE_WIDTH_must_be_1_2_or_4 u_bad ();
    end
    if (DEPTH < 4 || DEPTH > 64 || (1 << clog2(DEPTH)) != DEPTH) begin : g_bad_depth
      ete_in_fifo_DEPTH_must_be_a_power_of_2_from_4_to_64 u_bad ();
    end
    if (DEPTH < 2 * RETIRE_WIDTH) begin : g_bad_stall
      ete_in_fifo_DEPTH_must_be_at_least_2xRETIRE_WIDTH u_bad ();
    end
  endgenerate

  // ---- state -----------------------------------------------------------
  reg owe_q, owe_d;   // a marker is owed and not yet written
  reg gap_q, gap_d;   // records were dropped since the last accepted one

  // ---- records presented: the leading run of valid slots ----------------
  reg [CNT_W-1:0] n_pres;
  integer s;
  always @* begin
    n_pres = {CNT_W{1'b0}};
    for (s = RETIRE_WIDTH - 1; s >= 0; s = s - 1) begin
      if (pe_valid_i[s]) n_pres = n_pres + 1'b1;
      else               n_pres = {CNT_W{1'b0}};
    end
    if (!take_i) n_pres = {CNT_W{1'b0}};
  end

  // ---- FIFO --------------------------------------------------------------
  wire [CNT_W-1:0]       count;
  wire [CNT_W-1:0]       free;
  reg  [CNT_W-1:0]       wr_cnt;
  reg  [WR_N*ENT_W-1:0]  wr_data;
  wire [RD_N*ENT_W-1:0]  window;               // lane k = k-th oldest entry
  wire [CNT_W-1:0]       pop;                  // rec_take_i, CNT_W bits (CNT_W >= 3)
  generate
    if (CNT_W > 3) begin : g_pop_wide
      assign pop = {{(CNT_W-3){1'b0}}, rec_take_i};
    end else begin : g_pop_same
      assign pop = rec_take_i;
    end
  endgenerate

  // ---- admission -----------------------------------------------------------
  // An owed marker always takes the first free entry and never shares a
  // clock with records: records are admitted only when no marker is owed,
  // so a clock presenting records while one is owed drops them (they belong
  // to the same run), and the marker is written in that clock if an entry
  // is free.  owe_q persists only through clocks with no free entry, so
  // while it is set at most RETIRE_WIDTH entries (one clock of the core's
  // pops) are free.
  reg drop;     // this cycle's records are discarded
  reg mk_wr;    // a marker is written this cycle (lane 0, alone)
  reg acc;      // this cycle's records are written
  reg new_owe;
  integer l;
  always @* begin
    owe_d   = owe_q;
    gap_d   = gap_q;
    drop    = 1'b0;
    mk_wr   = 1'b0;
    acc     = 1'b0;
    new_owe = owe_q;
    if (n_pres != 0) begin
      if (!owe_q && free >= n_pres) begin
        acc   = 1'b1;
        gap_d = 1'b0;
      end else begin
        drop    = 1'b1;
        new_owe = owe_q | ~gap_q;          // a new run owes one marker
        gap_d   = 1'b1;
        mk_wr   = new_owe & (free != 0);
        owe_d   = new_owe & ~mk_wr;
      end
    end else if (owe_q && free != 0) begin
      mk_wr = 1'b1;
      owe_d = 1'b0;
    end
    if (start_i) begin
      owe_d = 1'b0;
      gap_d = 1'b0;
    end

    wr_cnt = acc ? n_pres : {{(CNT_W-1){1'b0}}, mk_wr};
    // lanes: records in slot order, or a marker alone in lane 0
    wr_data = {WR_N*ENT_W{1'b0}};
    for (l = 0; l < RETIRE_WIDTH; l = l + 1)
      wr_data[l*ENT_W +: ENT_W] = {1'b0, pe_rec_i[l*REC_W +: REC_W]};
    if (mk_wr) wr_data[ENT_W-1:0] = {1'b1, {REC_W{1'b0}}};
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      owe_q <= 1'b0;
      gap_q <= 1'b0;
    end else begin
      owe_q <= owe_d;
      gap_q <= gap_d;
    end
  end

  common_fifo_mw #(
    .WIDTH (ENT_W),
    .DEPTH (DEPTH),
    .WR_N  (WR_N),
    .RD_N  (RD_N)
  ) u_fifo (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .wr_cnt_i  (wr_cnt),
    .wr_data_i (wr_data),
    .rd_cnt_i  (pop),
    .rd_data_o (window),
    .count_o   (count),
    .free_o    (free)
  );

  // ---- outputs -------------------------------------------------------------
  reg [CNT_W-1:0] thresh;
  always @* begin
    case (stall_lvl_i)
      2'd0:    thresh = T0;   // least invasive
      2'd1:    thresh = T1;
      2'd2:    thresh = T2;
      default: thresh = T3;   // most invasive
    endcase
  end

  assign pe_drop_o    = drop;
  assign pe_stall_o   = stall_en_i & (count > thresh);
  genvar gr;
  generate
    for (gr = 0; gr < RD_N; gr = gr + 1) begin : g_lane
      localparam [CNT_W-1:0] GR = gr;
      assign rec_valid_o[gr]              = (count > GR);
      assign rec_marker_o[gr]             = window[gr*ENT_W + REC_W];
      assign rec_o[gr*REC_W +: REC_W]     = window[gr*ENT_W +: REC_W];
    end
  endgenerate
  assign empty_o      = (count == 0) & ~owe_q;

`ifndef SYNTHESIS
`ifndef FORMAL
  // Contract check for simulation: valid slots are contiguous from slot 0.
  wire [CNT_W-1:0] n_all = n_pres;  // leading run (take_i high) ...
  reg  [CNT_W-1:0] n_set;           // ... against all set slots
  integer c;
  always @* begin
    n_set = {CNT_W{1'b0}};
    for (c = 0; c < RETIRE_WIDTH; c = c + 1)
      if (pe_valid_i[c]) n_set = n_set + 1'b1;
  end
  always @(posedge clk_i) begin
    if (rst_ni && take_i && n_set != n_all)
      $display("%m: ERROR: pe_valid_i = %b: valid slots must be contiguous from slot 0 (docs/ete-rtl-interface.md); slots after the first invalid one ignored",
               pe_valid_i);
  end
`endif
`endif

`ifdef FORMAL
  // ---- formal --------------------------------------------------------------
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (!rst_ni);

  // Environment (assumed when this module is the proof's top).
  reg f_stall_q = 1'b0;
  always @(posedge clk_i) f_stall_q <= pe_stall_o;
`ifdef FV_ETE_IN_FIFO_TOP
  // the PE presents contiguous slots
  always @* assume (((pe_valid_i + 1'b1) & pe_valid_i) == 0);
  // the stall configuration is programmed while idle: constant here
  always @(posedge clk_i) if (f_past_valid) begin
    assume (stall_en_i == $past(stall_en_i));
    assume (stall_lvl_i == $past(stall_lvl_i));
  end
`endif

  // All or none: a cycle writes either every presented record or none,
  // in slot order behind an optional marker; pe_drop_o says which.
  always @* if (f_past_valid && rst_ni) begin
    assert (wr_cnt == (acc ? n_pres : {{(CNT_W-1){1'b0}}, mk_wr}));
    assert (drop == (n_pres != 0 && !acc));
    assert (!(drop && acc) && !(acc && mk_wr));
    if (n_pres == 0) assert (!pe_drop_o);
    if (mk_wr) assert (wr_data[REC_W] == 1'b1);
    if (owe_q) assert (free <= RD_N[CNT_W-1:0]);
  end
  genvar gl;
  generate
    for (gl = 0; gl < RETIRE_WIDTH; gl = gl + 1) begin : g_f_lane
      localparam [CNT_W-1:0] F_GL = gl;
      always @* if (f_past_valid && rst_ni && acc && F_GL < n_pres) begin
        assert (wr_data[gl * ENT_W +: ENT_W] == {1'b0, pe_rec_i[gl*REC_W +: REC_W]});
      end
    end
  endgenerate

  // Marker order (ghost state, per session): since the last accepted
  // record, has a cycle dropped, and has a marker been written?
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
    // a record accepted after a drop is preceded by that run's marker
    if (acc && (f_drop_since || drop)) assert (f_mk_since || mk_wr);
    // one marker per run, and none without a drop
    if (mk_wr) assert (!f_mk_since && (f_drop_since || drop));
    // invariants linking the ghost to the design
    assert (gap_q == f_drop_since);
    assert (owe_q == (f_drop_since && !f_mk_since));
    assert (!(f_mk_since && !f_drop_since));
  end
  // empty_o (used to start finish) implies no marker is owed
  always @* if (f_past_valid && rst_ni && empty_o) assert (!owe_q && count == 0);

  // The window: lanes valid contiguously from lane 0; the core takes no
  // more lanes than are valid (assumed at this top, asserted by
  // common_fifo_mw's read rule inside the unit); a lane left by the core is
  // presented again next clock, unchanged, take lanes lower.
`ifdef FV_ETE_IN_FIFO_TOP
  always @* if (rst_ni) assume (pop <= count && rec_take_i <= RD_N[2:0]);
`endif
  always @* if (f_past_valid && rst_ni) begin
    assert (((rec_valid_o + 1'b1) & rec_valid_o) == 0);
  end
  genvar fk, ft;
  generate
    for (fk = 0; fk < RD_N; fk = fk + 1) begin : g_f_hold
      for (ft = 0; fk + ft < RD_N; ft = ft + 1) begin : g_t
        always @(posedge clk_i) if (f_past_valid && $past(rst_ni) && rst_ni) begin
          if ($past(rec_take_i) == ft && $past(rec_valid_o[fk + ft])) begin
            assert (rec_valid_o[fk]);
            assert (rec_marker_o[fk] == $past(rec_marker_o[fk + ft]));
            assert (rec_o[fk*REC_W +: REC_W] == $past(rec_o[(fk + ft)*REC_W +: REC_W]));
          end
        end
      end
    end
  endgenerate

  // Stall: a PE that honours pe_stall_o, with ISTALL set for the whole
  // session, never sees a drop.
  localparam [CNT_W-1:0] F_RW = RETIRE_WIDTH;
  reg f_honest = 1'b1;   // ISTALL has been set and the PE has honoured it
  always @(posedge clk_i) begin
    if (!rst_ni)
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
    cover (acc && f_mk_q);                   // a record right behind a marker
    cover (drop && mk_wr);
    cover (pop != 0 && rec_marker_o[0]);
`ifndef FV_ETE_TOP
    // (inside ete_top ISTALL is 0 out of reset, so f_honest cannot hold:
    // ete_top covers the stall itself)
    cover (pe_stall_o && f_honest);
`endif
  end
  generate
    if (RD_N > 1) begin : g_f_cover_wide
      always @(posedge clk_i) if (f_past_valid && rst_ni)
        cover (pop == RD_N[CNT_W-1:0]);      // a whole window consumed at once
    end
  endgenerate
`endif

endmodule

`default_nettype wire
