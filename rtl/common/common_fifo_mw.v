// Synchronous multi-element FIFO: up to WR_N elements written and up to RD_N
// elements read per clock, in order.
//
// Storage is LANES banks of DEPTH/LANES flip-flop rows (LANES = the power of
// two >= max(WR_N, RD_N, 2)).  Element address a lives in bank a % LANES,
// row a / LANES, so WR_N (RD_N) consecutive addresses always fall in distinct
// banks: a write rotates the input lanes onto the banks (one barrel rotator)
// and each bank writes at most one row; a read picks one row per bank and
// rotates the banks back into head order.  No DEPTH-wide lane multiplexer.
//
// Write port: wr_cnt_i elements, lanes 0 .. wr_cnt_i-1 of wr_data_i (lane 0
//   oldest), are appended at the clock edge.  The writer must keep
//   wr_cnt_i <= free_o (free_o is registered: elements read in the same cycle
//   do not make room until the next one).
// Read port: rd_data_o lane k is the k-th oldest element for k < count_o
//   (lanes past count_o hold stale data).  rd_cnt_i <= min(count_o, RD_N)
//   elements are removed at the clock edge.
// There is no valid/ready pair: both sides see the registered count_o and
// free_o, which do not depend combinationally on wr_cnt_i or rd_cnt_i.
`default_nettype none

module common_fifo_mw #(
  parameter WIDTH = 8,   // bits per element, >= 1
  parameter DEPTH = 32,  // elements, a power of two, >= LANES
  parameter WR_N  = 4,   // most elements written per clock, >= 1
  parameter RD_N  = 4    // most elements read per clock, >= 1
) (
  input  wire                      clk_i,
  input  wire                      rst_ni,     // synchronous, active low: empties the FIFO
  input  wire [CNT_W-1:0]          wr_cnt_i,   // elements written this clock (<= free_o, <= WR_N)
  input  wire [WR_N*WIDTH-1:0]     wr_data_i,  // lane i at [i*WIDTH +: WIDTH]
  input  wire [CNT_W-1:0]          rd_cnt_i,   // elements removed this clock (<= count_o, <= RD_N)
  output wire [RD_N*WIDTH-1:0]     rd_data_o,  // lane k = k-th oldest element
  output wire [CNT_W-1:0]          count_o,    // elements held
  output wire [CNT_W-1:0]          free_o      // DEPTH - count_o
);

  // ---- derived sizes ---------------------------------------------------
  function integer clog2;
    input integer v;
    integer r;
    begin
      r = 0;
      while ((1 << r) < v) r = r + 1;
      clog2 = r;
    end
  endfunction

  localparam MAXN  = (WR_N > RD_N) ? WR_N : RD_N;
  localparam LOG_L = (clog2(MAXN) < 1) ? 1 : clog2(MAXN);
  localparam LANES = 1 << LOG_L;
  localparam AW    = clog2(DEPTH);           // address bits
  localparam CNT_W = AW + 1;                 // 0 .. DEPTH
  localparam ROWS  = DEPTH / LANES;
  localparam RW_W  = (AW > LOG_L) ? AW - LOG_L : 1;   // row index bits
  localparam [RW_W-1:0] ROW_ONE  = 1;
  localparam [RW_W-1:0] ROW_ZERO = 0;

  // ---- parameter checks (an unknown module stops elaboration) ---------
  generate
    if (WIDTH < 1) begin : g_bad_width
      common_fifo_mw_WIDTH_must_be_at_least_1 u_bad ();
    end
    if (WR_N < 1 || RD_N < 1) begin : g_bad_n
      common_fifo_mw_WR_N_and_RD_N_must_be_at_least_1 u_bad ();
    end
    if ((1 << AW) != DEPTH) begin : g_bad_depth
      common_fifo_mw_DEPTH_must_be_a_power_of_2 u_bad ();
    end
    if (DEPTH < LANES) begin : g_bad_lanes
      common_fifo_mw_DEPTH_must_be_at_least_the_lane_count u_bad ();
    end
  endgenerate

  // ---- state -----------------------------------------------------------
  reg [AW-1:0]    wptr_q, wptr_d;
  reg [AW-1:0]    rptr_q, rptr_d;
  reg [CNT_W-1:0] count_q, count_d;
  reg [WIDTH-1:0] mem_q [0:DEPTH-1];

  assign count_o = count_q;
  assign free_o  = DEPTH[CNT_W-1:0] - count_q;

  // ---- write: rotate lane i onto bank (wptr + i) % LANES ---------------
  wire [LOG_L-1:0]         woff = wptr_q[LOG_L-1:0];
  wire [LANES*WIDTH-1:0]   wr_pad;
  wire [LANES*WIDTH-1:0]   wr_rot;            // bank b's element

  generate
    if (LANES > WR_N) begin : g_wr_pad
      assign wr_pad = {{(LANES - WR_N) * WIDTH{1'b0}}, wr_data_i};
    end else begin : g_wr_nopad
      assign wr_pad = wr_data_i;
    end
  endgenerate
  // rotate left by woff lanes (a shift by LANES lanes gives zero)
  localparam [LOG_L:0] LANES_V = LANES;
  wire [LOG_L:0] wrem = LANES_V - {1'b0, woff};
  assign wr_rot = (wr_pad << (woff * WIDTH)) | (wr_pad >> (wrem * WIDTH));

  // ---- read: bank (rptr + k) % LANES onto lane k -----------------------
  wire [LOG_L-1:0]         roff = rptr_q[LOG_L-1:0];
  wire [LANES*WIDTH-1:0]   rd_bank;           // bank b's element at the head window
  /* verilator lint_off UNUSEDSIGNAL */
  // (lanes RD_N .. LANES-1 of the rotated window are not read out)
  wire [LANES*WIDTH-1:0]   rd_rot;            // lane k = k-th oldest element
  /* verilator lint_on UNUSEDSIGNAL */
  wire [LOG_L:0]           rrem = LANES_V - {1'b0, roff};

  // rotate right by roff lanes
  assign rd_rot    = (rd_bank >> (roff * WIDTH)) | (rd_bank << (rrem * WIDTH));
  assign rd_data_o = rd_rot[RD_N*WIDTH-1:0];

  // ---- per-bank row selection ------------------------------------------
  // Bank b holds window element k = (b - off) % LANES; its row is the
  // pointer's row, plus one when b < off (the window wrapped past the row).
  wire [LANES-1:0]    wen;                    // bank b written this clock
  wire [LANES*AW-1:0] widx;                   // element address bank b writes
  wire [LANES*AW-1:0] ridx;                   // element address bank b reads

  genvar gb;
  generate
    for (gb = 0; gb < LANES; gb = gb + 1) begin : g_bank
      wire [LOG_L-1:0] bsel = gb;
      wire [LOG_L-1:0] wk   = bsel - woff;    // window position written by this bank
      if (ROWS > 1) begin : g_rows
        wire [RW_W-1:0] wrow;
        wire [RW_W-1:0] rrow;
        /* verilator lint_off CMPCONST */
        // (for the last bank, bsel < off is always false)
        wire wwrap = (bsel < woff);
        wire rwrap = (bsel < roff);
        /* verilator lint_on CMPCONST */
        assign wrow = wptr_q[AW-1:LOG_L] + (wwrap ? ROW_ONE : ROW_ZERO);
        assign rrow = rptr_q[AW-1:LOG_L] + (rwrap ? ROW_ONE : ROW_ZERO);
        assign widx[gb*AW +: AW] = {wrow, bsel};
        assign ridx[gb*AW +: AW] = {rrow, bsel};
      end else begin : g_one_row
        assign widx[gb*AW +: AW] = bsel;
        assign ridx[gb*AW +: AW] = bsel;
      end
      assign wen[gb] = ({{(CNT_W - LOG_L){1'b0}}, wk} < wr_cnt_i);
      assign rd_bank[gb*WIDTH +: WIDTH] = mem_q[ridx[gb*AW +: AW]];
    end
  endgenerate

  // ---- next state ------------------------------------------------------
  always @* begin
    wptr_d  = wptr_q + wr_cnt_i[AW-1:0];
    rptr_d  = rptr_q + rd_cnt_i[AW-1:0];
    count_d = count_q + wr_cnt_i - rd_cnt_i;
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

  // Storage has no reset: only elements inside [rptr, rptr + count) are read.
  integer b;
  always @(posedge clk_i) begin
    for (b = 0; b < LANES; b = b + 1) begin
      if (wen[b]) mem_q[widx[b*AW +: AW]] <= wr_rot[b*WIDTH +: WIDTH];
    end
  end

`ifdef FORMAL
  // ---- formal: interface rules, pointer invariants, two chosen elements
  // come out once, unchanged and in order ---------------------------------
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (!rst_ni);

  localparam [CNT_W-1:0] F_WR_N  = WR_N;
  localparam [CNT_W-1:0] F_RD_N  = RD_N;
  localparam [CNT_W-1:0] F_DEPTH = DEPTH[CNT_W-1:0];

  // What the writer and reader promise: assumed when this module is the
  // proof's top, asserted when it sits inside a unit.
  always @* begin
    if (rst_ni) begin
`ifdef FV_COMMON_FIFO_MW_TOP
      assume (wr_cnt_i <= free_o && wr_cnt_i <= F_WR_N);
      assume (rd_cnt_i <= count_o && rd_cnt_i <= F_RD_N);
`else
      assert (wr_cnt_i <= free_o && wr_cnt_i <= F_WR_N);
      assert (rd_cnt_i <= count_o && rd_cnt_i <= F_RD_N);
`endif
    end
  end

  // Pointer invariant: the count is the pointer distance (full when equal).
  wire [AW-1:0] f_dist = wptr_q - rptr_q;
  always @* if (f_past_valid && rst_ni) begin
    assert (count_q <= F_DEPTH);
    assert ((count_q == F_DEPTH) ? (f_dist == 0) : ({1'b0, f_dist} == count_q));
  end

`ifdef FV_COMMON_FIFO_MW_TOP
  // Proved with this FIFO as the proof's top (formal/common_fifo_mw.sby), for
  // every writer and reader that keeps the interface rules above; a unit
  // that embeds the FIFO proves it keeps those rules.
  // Two adjacent addresses and two values chosen by the solver.  When the
  // element written at f_addr carries f_da and the next one (f_addr + 1)
  // carries f_db, each must come out once, with its value, in that order.
  (* anyconst *) reg [AW-1:0]    f_addr;
  (* anyconst *) reg [WIDTH-1:0] f_da;
  (* anyconst *) reg [WIDTH-1:0] f_db;
  wire [AW-1:0] f_addr_b = f_addr + 1'b1;

  // Is address x written / read this clock, and on which lane?
  wire [AW-1:0] f_wa = f_addr - wptr_q;
  wire [AW-1:0] f_wb = f_addr_b - wptr_q;
  wire [AW-1:0] f_ra = f_addr - rptr_q;
  wire [AW-1:0] f_rb = f_addr_b - rptr_q;
  wire f_wr_a = rst_ni && ({1'b0, f_wa} < wr_cnt_i);
  wire f_wr_b = rst_ni && ({1'b0, f_wb} < wr_cnt_i);
  wire f_rd_a = rst_ni && ({1'b0, f_ra} < rd_cnt_i);
  wire f_rd_b = rst_ni && ({1'b0, f_rb} < rd_cnt_i);
  wire [WIDTH-1:0] f_wdat_a = wr_pad[f_wa[LOG_L-1:0]*WIDTH +: WIDTH];
  wire [WIDTH-1:0] f_wdat_b = wr_pad[f_wb[LOG_L-1:0]*WIDTH +: WIDTH];
  wire [WIDTH-1:0] f_rdat_a = rd_rot[f_ra[LOG_L-1:0]*WIDTH +: WIDTH];
  wire [WIDTH-1:0] f_rdat_b = rd_rot[f_rb[LOG_L-1:0]*WIDTH +: WIDTH];
  wire f_b_next = ({1'b0, f_wb} == {1'b0, f_wa} + 1'b1);  // b's lane follows a's
  wire f_in_a = ({1'b0, f_ra} < count_q);   // address a holds a live element
  wire f_in_b = ({1'b0, f_rb} < count_q);

  localparam F_IDLE = 2'd0, F_A = 2'd1, F_AB = 2'd2, F_B = 2'd3;
  reg [1:0] f_st = F_IDLE;
  always @(posedge clk_i) begin
    if (!rst_ni) f_st <= F_IDLE;
    else case (f_st)
      // b follows a only when written after it: in a clock that writes all
      // DEPTH addresses, address a + 1 is lane 0, the oldest of the clock
      F_IDLE: if (f_wr_a && f_wdat_a == f_da)
                f_st <= !(f_wr_b && f_b_next) ? F_A :
                        (f_wdat_b == f_db) ? F_AB : F_IDLE;
      F_A:    if (f_rd_a) f_st <= F_IDLE;
              else if (f_wr_b) f_st <= (f_wdat_b == f_db) ? F_AB : F_IDLE;
      F_AB:   if (f_rd_a) f_st <= f_rd_b ? F_IDLE : F_B;
      F_B:    if (f_rd_b) f_st <= F_IDLE;
    endcase
  end

  always @* if (f_past_valid && rst_ni) begin
    case (f_st)
      F_A: begin
        assert (f_in_a && mem_q[f_addr] == f_da);
        assert (wptr_q == f_addr_b);                  // b is the next write
        if (f_rd_a) assert (f_rdat_a == f_da);
      end
      F_AB: begin
        assert (f_in_a && f_in_b);
        assert (mem_q[f_addr] == f_da && mem_q[f_addr_b] == f_db);
        assert (f_ra != {AW{1'b1}});                  // a is older than b
        assert (!f_wr_a && !f_wr_b);                  // neither overwritten
        if (f_rd_a) assert (f_rdat_a == f_da);
        if (f_rd_b) assert (f_rd_a && f_rdat_b == f_db); // never b before a
      end
      F_B: begin
        assert (f_in_b && mem_q[f_addr_b] == f_db);
        assert (rptr_q == f_addr_b);                  // b is at the head
        assert (!f_wr_b);
        if (f_rd_b) assert (f_rdat_b == f_db);
      end
      default: ;
    endcase
  end

  always @(posedge clk_i) if (f_past_valid && rst_ni) begin
    cover (f_st == F_B && f_rd_b);
    cover (count_q == F_DEPTH);
  end
`endif
`endif

endmodule

`default_nettype wire
