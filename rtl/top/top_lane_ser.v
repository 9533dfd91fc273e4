// Lane serializer of the trace subsystem (docs/trace-subsystem.md, "Lane
// serializers"): up to LANES records in per clock, one record out per
// clock on a valid/ready port, for a unit that takes one record per clock
// (spe_top, brbe_top) behind a PE retirement port of RETIRE_WIDTH slots.
//
// Input (no ready: the PE cannot be held up):
//   in_fwd_i[k] marks lane k as a record to queue; any pattern of lanes is
//   allowed (the forwarding filters leave gaps).  The marked lanes are
//   queued in lane order (lane 0 oldest).  All of them are queued, when the
//   registered free space holds them all, or none: then in_drop_o is high in
//   that clock (a record is lost; a PE that honours stall_o never sees it).
//   stall_o = the registered count is above DEPTH - 2*LANES.  A PE that
//   presents nothing in a clock after one where stall_o was high never
//   loses a record: with stall_o low in clock t-1 the count in clock t is at
//   most DEPTH - LANES, so the LANES records of clock t still fit, and
//   clock t+1 presents nothing when stall_o(t) was high.
// Output (valid/ready): out_valid_o is a register (count != 0) and never
//   depends on out_ready_i; out_data_o is the oldest record; a record leaves
//   at an edge where out_valid_o and out_ready_i are both high.
// Latency: a record queued at edge t is presented from clock t+1.
`default_nettype none

module top_lane_ser #(
  parameter LANES = 1,    // records in per clock: 1, 2 or 4
  parameter WIDTH = 8,    // bits per record, >= 1
  parameter DEPTH = 8     // entries: a power of 2 from 2*LANES to 64
) (
  input  wire                   clk_i,
  input  wire                   rst_ni,      // synchronous, active low: empties the queue
  input  wire [LANES-1:0]       in_fwd_i,    // lane k holds a record to queue
  input  wire [LANES*WIDTH-1:0] in_data_i,   // lane k at [k*WIDTH +: WIDTH]
  output wire                   in_drop_o,   // the marked lanes did not fit: none queued
  output wire                   stall_o,     // the queue is nearly full (registered)
  output wire                   empty_o,     // nothing queued (registered)
  output wire                   out_valid_o,
  input  wire                   out_ready_i,
  output wire [WIDTH-1:0]       out_data_o
);

  `include "common_clog2.vh"  // clog2()

  // Storage: LANES banks of DEPTH/LANES rows; entry address a lives in bank
  // a % LANES, row a / LANES.  The records of one clock go to consecutive
  // addresses, hence to distinct banks: each bank has one write port and
  // takes its record from a one-hot choice among the lanes.
  localparam AW    = (clog2(DEPTH) < 1) ? 1 : clog2(DEPTH);   // entry address bits
  localparam CNT_W = AW + 1;                                   // count 0 .. DEPTH
  localparam LB    = clog2(LANES);                             // bank bits
  localparam ROWS  = DEPTH / LANES;
  localparam RB    = AW - LB;                                  // row bits (DEPTH >= 2*LANES)
  localparam LBW   = (LB < 1) ? 1 : LB;
  localparam [31:0]      DEPTH32  = DEPTH;
  localparam [31:0]      THRESH32 = DEPTH - 2 * LANES;
  localparam [CNT_W-1:0] DEPTH_C  = DEPTH32[CNT_W-1:0];
  localparam [CNT_W-1:0] THRESH   = THRESH32[CNT_W-1:0];      // stall above this count

  generate
    if (LANES != 1 && LANES != 2 && LANES != 4) begin : g_bad_lanes
      top_lane_ser_LANES_must_be_1_2_or_4 u_bad ();
    end
    if (WIDTH < 1) begin : g_bad_width
      top_lane_ser_WIDTH_must_be_at_least_1 u_bad ();
    end
    if (DEPTH < 2 * LANES || DEPTH > 64 || (1 << clog2(DEPTH)) != DEPTH) begin : g_bad_depth
      top_lane_ser_DEPTH_must_be_a_power_of_2_from_2xLANES_to_64 u_bad ();
    end
  endgenerate

  reg [AW-1:0]    wptr_q, wptr_d;
  reg [AW-1:0]    rptr_q, rptr_d;
  reg [CNT_W-1:0] count_q, count_d;

  // per lane: the entry address it is written to (when marked)
  reg [LANES*AW-1:0] laddr;
  reg [CNT_W-1:0]    n_fwd;           // marked lanes this clock
  reg                push, pop, drop;
  reg [AW-1:0]       pos;
  integer            k;

  always @* begin
    laddr = {LANES*AW{1'b0}};
    n_fwd = {CNT_W{1'b0}};
    pos   = {AW{1'b0}};
    for (k = 0; k < LANES; k = k + 1)
      if (in_fwd_i[k]) n_fwd = n_fwd + 1'b1;
    // all-or-none admission against the registered free space
    push = (n_fwd != {CNT_W{1'b0}}) && (n_fwd <= DEPTH_C - count_q);
    drop = (n_fwd != {CNT_W{1'b0}}) && !push;
    // compaction: the j-th marked lane goes to address wptr + j
    for (k = 0; k < LANES; k = k + 1) begin
      laddr[k*AW +: AW] = wptr_q + pos;
      if (in_fwd_i[k]) pos = pos + 1'b1;
    end
    pop     = (count_q != {CNT_W{1'b0}}) && out_ready_i;
    wptr_d  = push ? wptr_q + n_fwd[AW-1:0] : wptr_q;
    rptr_d  = pop ? rptr_q + 1'b1 : rptr_q;
    count_d = count_q + (push ? n_fwd : {CNT_W{1'b0}}) - (pop ? {{(CNT_W-1){1'b0}}, 1'b1}
                                                             : {CNT_W{1'b0}});
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      wptr_q  <= {AW{1'b0}};
      rptr_q  <= {AW{1'b0}};
      count_q <= {CNT_W{1'b0}};
    end else begin
      wptr_q  <= wptr_d;
      rptr_q  <= rptr_d;
      count_q <= count_d;
    end
  end

  // ---- banks ---------------------------------------------------------------------
  wire [LANES*WIDTH-1:0] bank_rd;     // bank b's entry at the read row
  wire [RB-1:0]          rrow;        // row of the read address
  wire [LBW-1:0]         rbank;       // bank of the read address
  wire [LANES*RB-1:0]    lrow;        // row of lane k's address
  wire [LANES*LBW-1:0]   lbank;       // bank of lane k's address
  genvar gb, gk;
  generate
    if (LANES > 1) begin : g_split
      assign rrow  = rptr_q[AW-1:LB];
      assign rbank = rptr_q[LB-1:0];
      for (gk = 0; gk < LANES; gk = gk + 1) begin : g_lane
        assign lrow[gk*RB +: RB]    = laddr[gk*AW+LB +: RB];
        assign lbank[gk*LBW +: LBW] = laddr[gk*AW +: LB];
      end
    end else begin : g_one
      assign rrow  = rptr_q;
      assign rbank = 1'b0;
      assign lrow  = laddr;
      assign lbank = 1'b0;
    end
    for (gb = 0; gb < LANES; gb = gb + 1) begin : g_bank
      localparam [LBW-1:0] GB = gb;
      reg [WIDTH-1:0] mem_q [0:ROWS-1];
      reg             wen;
      reg [RB-1:0]    wrow;
      reg [WIDTH-1:0] wdata;
      integer         j;
      // the lane whose address falls in this bank (at most one); the data
      // need not be gated, wen decides
      always @* begin
        wen   = 1'b0;
        wrow  = lrow[RB-1:0];
        wdata = in_data_i[WIDTH-1:0];
        for (j = 0; j < LANES; j = j + 1) begin
          if (in_fwd_i[j] && lbank[j*LBW +: LBW] == GB) begin
            wen   = push;
            wrow  = lrow[j*RB +: RB];
            wdata = in_data_i[j*WIDTH +: WIDTH];
          end
        end
      end
      always @(posedge clk_i) begin
        if (wen) mem_q[wrow] <= wdata;
      end
      assign bank_rd[gb*WIDTH +: WIDTH] = mem_q[rrow];
    end
  endgenerate

  // the read bank, by constant slices (no shifter over LANES*WIDTH bits)
  reg [WIDTH-1:0] rd;
  integer b;
  always @* begin
    rd = bank_rd[WIDTH-1:0];
    for (b = 1; b < LANES; b = b + 1)
      if (rbank == b[LBW-1:0]) rd = bank_rd[b*WIDTH +: WIDTH];
  end

  assign in_drop_o   = drop;
  assign stall_o     = count_q > THRESH;
  assign empty_o     = count_q == {CNT_W{1'b0}};
  assign out_valid_o = count_q != {CNT_W{1'b0}};
  assign out_data_o  = rd;

endmodule

`default_nettype wire
