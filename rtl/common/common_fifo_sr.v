// Synchronous FIFO in RAM: up to WR_N elements written per clock, one read
// per clock through a first-word-fall-through valid/ready stream.
//
// Storage is WR_N banks of common_ram_sdp (block RAM on FPGAs), each
// DEPTH/WR_N words deep.  Element address a lives in bank a % WR_N, row
// a / WR_N, so the up to WR_N consecutive elements of one write fall in
// distinct banks: the input lanes are rotated onto the banks (one barrel
// rotator) and each bank writes at most one word per clock.
//
// Read side, OUT_REG 0: a two-entry prefetch, the read register of the
// bank read last (stage A: it holds while that bank is not read) and the
// output register (rd_data_o).  A RAM read is issued whenever the RAM holds
// an element and stage A is empty or moves to the output register in the
// same clock; the output register takes stage A's element whenever it is
// empty or being read.  An element written in clock t reaches rd_valid_o
// at t+3 at the latest when it is the oldest.
// Read side, OUT_REG 1: the RAM read takes two clocks (the banks' read and
// output registers), so reads are issued ahead, on credits, into an output
// buffer of three registers (a shift register whose entry 0 is rd_data_o):
// a read is issued whenever the RAM holds an element and the reads in
// flight plus the buffered elements, less the one read this clock, leave
// room for it; it lands in the buffer two clocks later.  An element written
// in clock t reaches rd_valid_o at t+4 at the latest when it is the oldest.
// Both sustain one element per clock with no bubble between back-to-back
// reads; behind other elements an element follows the one before it at
// once.
//
// Write port: wr_cnt_i elements, lanes 0 .. wr_cnt_i-1 of wr_data_i (lane 0
//   oldest), are appended at the clock edge.  The writer must keep
//   wr_cnt_i <= free_o and wr_cnt_i <= WR_N.  free_o is a register: an
//   element read in the same clock does not make room until the next one.
// Read port (AXI-Stream rules): rd_valid_o and rd_data_o are registers; an
//   element is taken at a clock edge with rd_valid_o && rd_ready_i; while
//   rd_valid_o && !rd_ready_i both hold.  rd_valid_o does not depend on
//   rd_ready_i combinationally; rd_ready_i may depend on rd_valid_o.
// count_o (elements held: RAM, in flight and buffered) and free_o
//   (DEPTH - count_o) are registers; count_o + free_o == DEPTH.
// free_ge_o[l-1] (l = 1 .. WR_N) is free_o >= l, a register too: a writer
//   that admits l elements decides from one flip-flop, not from a compare
//   of free_o (its carry chain).
//
// Combinational paths (one stage of work each; N = log2 DEPTH):
//   rd_ready_i -> pop -> read issue -> bank read enables (three gates);
//     pop -> the output register's enable or the output buffer's
//     shift/hold selects; pop and issue -> the selects between the
//     count/free/RAM-count sums and read pointer formed for both of their
//     values (and with OUT_REG a 2-bit occupancy counter).  rd_ready_i
//     reaches no adder and no RAM address.
//   wr_cnt_i -> the same selects (the sums are formed for each write
//     count from registers), the write pointer's select.
//   wr_cnt_i -> bank write enables (a compare with a lane index) and the
//     same adders; wr_data_i -> the WR_N:1 lane rotator -> RAM write data.
//   write pointer -> row + wrap increment -> RAM write address.
//   Bank data -> the WR_N:1 bank multiplexer -> the output register (OUT_REG
//     0; its enable is the flip-flop's clock enable) or the buffer entry's
//     land/shift multiplexer (OUT_REG 1).  This is the longest.  With
//     OUT_REG 0 it starts at the block RAM's clock-to-out (5.8 ns of ECP5's
//     DP16KD without its own output register, which Yosys does not use);
//     with OUT_REG 1 at a flip-flop, and the block RAM drives the output
//     register's flip-flops directly.
`default_nettype none

module common_fifo_sr #(
  parameter WIDTH = 8,   // bits per element, >= 1
  parameter DEPTH = 16,  // elements held (in the RAM and read out of it
                         // together), a power of two, >= 2 * WR_N
  parameter WR_N  = 1,   // most elements written per clock: 1, 2, 4, ... (a
                         // power of two, the number of RAM banks)
  parameter RAM_STYLE = 0, // the banks' common_ram_sdp RAM_STYLE: 0 the tool
                           // chooses, 1 block RAM, 2 distributed RAM
  parameter OUT_REG   = 0  // the banks' common_ram_sdp OUT_REG: 1 registers
                           // the RAM output (one more clock of latency, a
                           // three-entry output buffer, (WR_N + 2) * WIDTH
                           // more flip-flops; for block RAM with a slow
                           // clock-to-out, e.g. ECP5), 0 not
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,      // synchronous, active low: empties the FIFO
  // write: wr_cnt_i <= free_o, <= WR_N; lane i at [i*WIDTH +: WIDTH], lane 0 oldest
  input  wire [WC_W-1:0]       wr_cnt_i,
  input  wire [WR_N*WIDTH-1:0] wr_data_i,
  // read: valid/ready stream; valid and data are registers and hold while
  // valid && !ready; valid never depends on ready
  output wire                  rd_valid_o,
  output wire [WIDTH-1:0]      rd_data_o,
  input  wire                  rd_ready_i,
  // occupancy, registered: count_o + free_o == DEPTH
  output wire [CNT_W-1:0]      count_o,     // elements held, in flight and buffered ones included
  output wire [CNT_W-1:0]      free_o,      // elements that may be written this clock
  output wire [WR_N-1:0]       free_ge_o    // bit l-1: free_o >= l
);

  // active-high synchronous reset for the clocked blocks (common_rst_inv)
  wire rst_s;
  common_rst_inv u_rst_inv (.rst_ni (rst_ni), .rst_o (rst_s));

  // ---- derived sizes ---------------------------------------------------
  `include "common_clog2.vh"  // clog2()

  localparam LOG_W = clog2(WR_N);                      // bank index bits (0 for WR_N 1)
  localparam LB    = (LOG_W < 1) ? 1 : LOG_W;          // ... as a vector width
  localparam AW    = (clog2(DEPTH) < 1) ? 1 : clog2(DEPTH);   // element address bits
  localparam CNT_W = AW + 1;                           // 0 .. DEPTH
  localparam WC_W  = clog2(WR_N + 1);                  // 0 .. WR_N
  localparam ROWS  = DEPTH / WR_N;                     // words per bank
  localparam RAW   = (AW > LOG_W) ? AW - LOG_W : 1;    // row address bits
  localparam CAP   = 3;                                // OUT_REG 1: output buffer entries
  localparam OC_W  = 2;                                // ... 0 .. CAP

  localparam [CNT_W-1:0] DEPTH_C = DEPTH[CNT_W-1:0];
  localparam [CNT_W-1:0] ONE_C   = 1;
  localparam [AW-1:0]    ONE_A   = 1;

  // ---- parameter checks (an unknown module stops elaboration) ---------
  generate
    if (WIDTH < 1) begin : g_bad_width
      common_fifo_sr_WIDTH_must_be_at_least_1 u_bad ();
    end
    if (WR_N < 1 || (1 << LOG_W) != WR_N) begin : g_bad_wr_n
      common_fifo_sr_WR_N_must_be_a_power_of_2 u_bad ();
    end
    if ((1 << AW) != DEPTH) begin : g_bad_depth
      common_fifo_sr_DEPTH_must_be_a_power_of_2 u_bad ();
    end
    if (DEPTH < 2 * WR_N) begin : g_bad_rows
      common_fifo_sr_DEPTH_must_be_at_least_2_WR_N u_bad ();
    end
    if (OUT_REG < 0 || OUT_REG > 1) begin : g_bad_out_reg
      common_fifo_sr_OUT_REG_must_be_0_or_1 u_bad ();
    end
  endgenerate

  // ---- state -----------------------------------------------------------
  reg [AW-1:0]       wptr_q, wptr_d;       // next element address written
  reg [AW-1:0]       rptr_q, rptr_d;       // next element address read from the RAM
  reg [CNT_W-1:0]    ram_cnt_q, ram_cnt_d; // elements in the RAM, not yet read
  reg                ram_ne_q, ram_ne_d;   // ram_cnt_q != 0
  reg [CNT_W-1:0]    count_q, count_d;
  reg [CNT_W-1:0]    free_q, free_d;
  reg [WR_N-1:0]     ge_q, ge_d;           // ge_q[l-1] == (free_q >= l)

  assign count_o    = count_q;
  assign free_o     = free_q;
  assign free_ge_o  = ge_q;

  // ---- read side (g_rd below): pop, RAM read issue ------------------------
  wire pop;                              // an element leaves
  wire issue;                            // a RAM read this clock
  /* verilator lint_off UNUSEDSIGNAL */
  // (not read with one bank)
  wire [LB-1:0] land_bank;               // the bank whose RAM output is read out
  /* verilator lint_on UNUSEDSIGNAL */
  wire wr_nz = |wr_cnt_i;
`ifdef FORMAL
  wire [CNT_W-1:0] wr_cnt_c = {{(CNT_W - WC_W){1'b0}}, wr_cnt_i};   // (WC_W <= AW)
`endif

  wire [WR_N*WIDTH-1:0] bank_rdata;      // bank b's RAM output at [b*WIDTH +: WIDTH]
  wire [WIDTH-1:0]      land_data;       // bank land_bank's

  // Lane sel of WR_N lanes: a binary tree of 2:1 multiplexers, one level
  // per select bit (LUT4 + PFUMX on ECP5).  An indexed part-select
  // [sel*WIDTH +: WIDTH] would make Yosys build a multiplier and a shifter,
  // an if-chain a priority chain.
  function [WIDTH-1:0] lane_mux;
    input [WR_N*WIDTH-1:0] lanes;
    input [LB-1:0]         sel;
    reg   [WR_N*WIDTH-1:0] t;
    integer                j, i;
    begin
      t = lanes;
      for (j = 0; j < LOG_W; j = j + 1)
        for (i = 0; i < (WR_N >> (j + 1)); i = i + 1)
          t[i*WIDTH +: WIDTH] = sel[j] ? t[(2*i+1)*WIDTH +: WIDTH] : t[2*i*WIDTH +: WIDTH];
      lane_mux = t[WIDTH-1:0];
    end
  endfunction

  // ---- RAM banks ---------------------------------------------------------
`ifdef FORMAL
  wire [DEPTH*WIDTH-1:0] f_ram;          // element a at [a*WIDTH +: WIDTH]
  wire [WR_N*WIDTH-1:0]  f_rd1;          // bank b's read register
`endif

  genvar gb;
  generate
    if (WR_N == 1) begin : g_one_bank
      common_ram_sdp #(
        .WIDTH     (WIDTH),
        .DEPTH     (DEPTH),
        .RAM_STYLE (RAM_STYLE),
        .OUT_REG   (OUT_REG)
      ) u_ram (
        .clk_i   (clk_i),
        .we_i    (wr_cnt_i[0]),
        .waddr_i (wptr_q),
        .wdata_i (wr_data_i),
        .re_i    (issue),
        .raddr_i (rptr_q),
`ifdef FORMAL
        .f_mem_o (f_ram),
        .f_rd1_o (f_rd1),
`endif
        .rdata_o (bank_rdata)
      );
      assign land_data = bank_rdata;
    end else begin : g_banks
      wire [LOG_W-1:0] woff  = wptr_q[LOG_W-1:0];   // bank of the next write
      wire [LOG_W-1:0] rbank = rptr_q[LOG_W-1:0];   // bank of the next read
      wire [RAW-1:0]   wrow  = wptr_q[AW-1:LOG_W];
      wire [RAW-1:0]   rrow  = rptr_q[AW-1:LOG_W];
      localparam [RAW-1:0] ROW_ONE  = 1;
      localparam [RAW-1:0] ROW_ZERO = 0;

      for (gb = 0; gb < WR_N; gb = gb + 1) begin : g_bank
        wire [LOG_W-1:0] bsel = gb;
        // bank gb takes lane k = (gb - woff) % WR_N of this write, in the
        // write pointer's row, or the next row when the write wrapped past it
        wire [LOG_W-1:0] k    = bsel - woff;
        /* verilator lint_off CMPCONST */
        // (for the last bank, bsel < woff is always false)
        wire             wrap = (bsel < woff);
        /* verilator lint_on CMPCONST */
        wire             we   = ({{(WC_W - LOG_W){1'b0}}, k} < wr_cnt_i);
        wire [RAW-1:0]   wadr = wrow + (wrap ? ROW_ONE : ROW_ZERO);
        wire [WIDTH-1:0] wdat = lane_mux(wr_data_i, k);
        wire             re   = issue & (rbank == bsel);
`ifdef FORMAL
        wire [ROWS*WIDTH-1:0] f_mem;
        genvar gr;
        for (gr = 0; gr < ROWS; gr = gr + 1) begin : g_f_row
          assign f_ram[(gr*WR_N + gb)*WIDTH +: WIDTH] = f_mem[gr*WIDTH +: WIDTH];
        end
`endif

        common_ram_sdp #(
          .WIDTH     (WIDTH),
          .DEPTH     (ROWS),
          .RAM_STYLE (RAM_STYLE),
          .OUT_REG   (OUT_REG)
        ) u_ram (
          .clk_i   (clk_i),
          .we_i    (we),
          .waddr_i (wadr),
          .wdata_i (wdat),
          .re_i    (re),
          .raddr_i (rrow),
`ifdef FORMAL
          .f_mem_o (f_mem),
          .f_rd1_o (f_rd1[gb*WIDTH +: WIDTH]),
`endif
          .rdata_o (bank_rdata[gb*WIDTH +: WIDTH])
        );
      end
      assign land_data = lane_mux(bank_rdata, land_bank);
    end
  endgenerate

  // ---- next state: pointers and counts ------------------------------------
  // wr_cnt_i, pop and issue come late (the writer's decision, rd_ready_i):
  // every sum is formed from registers for each of their values, d = 0 ..
  // WR_N + 1 (count + d - 1 etc.), and they select: an AND-OR under the
  // decoded wr_cnt_i, then pop or issue (no carry chain after them).
  reg [(WR_N+2)*CNT_W-1:0] cnt_c, free_c, ram_c;   // candidate d at [d*CNT_W +: CNT_W]
  reg [(WR_N+1)*AW-1:0]    wptr_c;                 // wptr_q + w at [w*AW +: AW]
  wire [AW-1:0]            rptr_inc = rptr_q + ONE_A;
  integer                  cd, gl;
  // free_q >= m for m = 0 .. 2 * WR_N: constant compares of a register.
  // After a write of w and a pop p, free_q + p - w >= l is free_q >= l +
  // w - p: ge_d selects among these under the same decode as free_d.
  reg [2*WR_N:0]           free_ge_m;
  always @* begin
    for (gl = 0; gl <= 2 * WR_N; gl = gl + 1)
      free_ge_m[gl] = (free_q >= gl[CNT_W-1:0]);
    ge_d = {WR_N{1'b0}};
    for (gl = 1; gl <= WR_N; gl = gl + 1)
      for (cd = 0; cd < WR_N + 1; cd = cd + 1)
        ge_d[gl-1] = ge_d[gl-1] | ((wr_cnt_i == cd[WC_W-1:0]) &
                     (pop ? free_ge_m[gl+cd-1] : free_ge_m[gl+cd]));
  end
  always @* begin
    for (cd = 0; cd < WR_N + 2; cd = cd + 1) begin
      cnt_c[cd*CNT_W +: CNT_W]  = count_q + cd[CNT_W-1:0] - ONE_C;
      ram_c[cd*CNT_W +: CNT_W]  = ram_cnt_q + cd[CNT_W-1:0] - ONE_C;
      free_c[cd*CNT_W +: CNT_W] = free_q + ONE_C - cd[CNT_W-1:0];
    end
    for (cd = 0; cd < WR_N + 1; cd = cd + 1)
      wptr_c[cd*AW +: AW] = wptr_q + cd[AW-1:0];
    wptr_d    = {AW{1'b0}};
    ram_cnt_d = {CNT_W{1'b0}};
    count_d   = {CNT_W{1'b0}};
    free_d    = {CNT_W{1'b0}};
    // wr_cnt_i == w for exactly one w (wr_cnt_i <= WR_N)
    for (cd = 0; cd < WR_N + 1; cd = cd + 1) begin
      wptr_d    = wptr_d | (wptr_c[cd*AW +: AW] & {AW{wr_cnt_i == cd[WC_W-1:0]}});
      ram_cnt_d = ram_cnt_d | ({CNT_W{wr_cnt_i == cd[WC_W-1:0]}} &
                  (issue ? ram_c[cd*CNT_W +: CNT_W] : ram_c[(cd+1)*CNT_W +: CNT_W]));
      count_d   = count_d | ({CNT_W{wr_cnt_i == cd[WC_W-1:0]}} &
                  (pop ? cnt_c[cd*CNT_W +: CNT_W] : cnt_c[(cd+1)*CNT_W +: CNT_W]));
      free_d    = free_d | ({CNT_W{wr_cnt_i == cd[WC_W-1:0]}} &
                  (pop ? free_c[cd*CNT_W +: CNT_W] : free_c[(cd+1)*CNT_W +: CNT_W]));
    end
    rptr_d    = issue ? rptr_inc : rptr_q;
    // != 0 after the update, without the adder: a write, more than one
    // element, or one element that is not read
    ram_ne_d  = wr_nz | (|ram_cnt_q[CNT_W-1:1]) | (ram_cnt_q[0] & ~issue);
  end

  always @(posedge clk_i) begin
    if (rst_s) begin
      wptr_q    <= {AW{1'b0}};
      rptr_q    <= {AW{1'b0}};
      ram_cnt_q <= {CNT_W{1'b0}};
      ram_ne_q  <= 1'b0;
      count_q   <= {CNT_W{1'b0}};
      free_q    <= DEPTH_C;
      ge_q      <= {WR_N{1'b1}};           // DEPTH >= 2 * WR_N
    end else begin
      wptr_q    <= wptr_d;
      rptr_q    <= rptr_d;
      ram_cnt_q <= ram_cnt_d;
      ram_ne_q  <= ram_ne_d;
      count_q   <= count_d;
      free_q    <= free_d;
      ge_q      <= ge_d;
    end
  end

`ifdef FORMAL
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;

  // the read side's view for the proof (assigned in g_rd)
  wire [CNT_W-1:0]   f_occ;              // elements out of the RAM's count
  wire [1:0]         f_nreg;             // ... of them in output registers
  wire [3*WIDTH-1:0] f_regs;             // their values, oldest first
`endif

  generate
    if (OUT_REG == 0) begin : g_rd
      // ---- two-entry prefetch: stage A (a bank's read register) and the
      // output register ------------------------------------------------------
      reg             a_v_q, a_v_d;      // stage A holds an element
      reg [LB-1:0]    a_bank_q, a_bank_d;   // ... in this bank's read register
      reg             out_v_q, out_v_d;  // the output register holds an element
      reg [WIDTH-1:0] out_q, out_d;

      wire out_go = ~out_v_q | rd_ready_i;   // the output register is free at the edge
      wire a_go   = a_v_q & out_go;          // stage A moves to the output register
      assign pop        = out_v_q & rd_ready_i;
      assign issue      = ram_ne_q & (~a_v_q | out_go);
      assign land_bank  = a_bank_q;
      assign rd_valid_o = out_v_q;
      assign rd_data_o  = out_q;

      always @* begin
        a_v_d    = issue | (a_v_q & ~out_go);
        a_bank_d = a_bank_q;
        if (issue) a_bank_d = rptr_q[LB-1:0];
        out_v_d  = out_go ? a_v_q : out_v_q;
        out_d    = out_q;
        if (a_go) out_d = land_data;
      end

      always @(posedge clk_i) begin
        if (rst_s) begin
          a_v_q   <= 1'b0;
          out_v_q <= 1'b0;
        end else begin
          a_v_q   <= a_v_d;
          out_v_q <= out_v_d;
        end
      end

      // data registers: no reset (only read while their valid flag is set)
      always @(posedge clk_i) begin
        a_bank_q <= a_bank_d;
        out_q    <= out_d;
      end

`ifdef FORMAL
      assign f_occ  = {{(CNT_W - 1){1'b0}}, a_v_q} + {{(CNT_W - 1){1'b0}}, out_v_q};
      assign f_nreg = {1'b0, out_v_q};
      assign f_regs = {{(2 * WIDTH){1'b0}}, out_q};
      // stage A holds the word of the address before the read pointer, in
      // that address's bank (the word stays in the RAM until it leaves)
      wire [AW-1:0] f_aa = rptr_q - ONE_A;
      always @* if (f_past_valid && a_v_q) begin
        if (WR_N > 1) assert (a_bank_q == f_aa[LB-1:0]);
        assert (land_data == f_ram[f_aa*WIDTH +: WIDTH]);
      end
`endif
    end else begin : g_rd
      // ---- reads issued ahead on credits into a three-entry buffer -----------
      reg [1:0]       fl_v_q, fl_v_d;       // [j]: a read issued j+1 clocks ago
      reg [2*LB-1:0]  fl_bank_q, fl_bank_d; // ... from this bank, [j*LB +: LB]
      reg [OC_W-1:0]  occ_q, occ_d;         // reads in flight + buffered elements
      reg             room_q, room_d;       // occ_q < CAP
      reg [CAP-1:0]   buf_v_q, buf_v_d;     // buffer entries held (a thermometer code)
      reg [CAP*WIDTH-1:0] buf_q, buf_d;     // entry 0 (rd_data_o) the oldest
      reg [CAP-1:0]       bv;               // the buffer after the pop
      reg [CAP*WIDTH-1:0] bd;
      integer             e;

      wire land = fl_v_q[1];                // the read issued two clocks ago lands
      assign pop        = buf_v_q[0] & rd_ready_i;
      assign issue      = ram_ne_q & (room_q | pop);
      assign land_bank  = fl_bank_q[LB +: LB];
      assign rd_valid_o = buf_v_q[0];
      assign rd_data_o  = buf_q[WIDTH-1:0];

      always @* begin
        fl_v_d    = {fl_v_q[0], issue};
        fl_bank_d = {fl_bank_q[LB-1:0], rptr_q[LB-1:0]};
        occ_d     = occ_q + {1'b0, issue} - {1'b0, pop};
        room_d    = (occ_d != CAP[OC_W-1:0]);
        // shift out the element read, then append the landing one
        bv = buf_v_q;
        bd = buf_q;
        if (pop) begin
          bv = {1'b0, buf_v_q[CAP-1:1]};
          bd = {buf_q[CAP*WIDTH-1 -: WIDTH], buf_q[CAP*WIDTH-1:WIDTH]};
        end
        buf_v_d = land ? {bv[CAP-2:0], 1'b1} : bv;
        buf_d   = bd;
        for (e = 0; e < CAP; e = e + 1)
          if (land && !bv[e] && (e == 0 || bv[(e == 0) ? 0 : e - 1]))
            buf_d[e*WIDTH +: WIDTH] = land_data;
      end

      always @(posedge clk_i) begin
        if (rst_s) begin
          fl_v_q  <= 2'b00;
          occ_q   <= {OC_W{1'b0}};
          room_q  <= 1'b1;
          buf_v_q <= {CAP{1'b0}};
        end else begin
          fl_v_q  <= fl_v_d;
          occ_q   <= occ_d;
          room_q  <= room_d;
          buf_v_q <= buf_v_d;
        end
      end

      // data registers: no reset (only read while their valid flag is set)
      always @(posedge clk_i) begin
        fl_bank_q <= fl_bank_d;
        buf_q     <= buf_d;
      end

`ifdef FORMAL
      // (one bit wider than occ_q: the sums of unreachable states must not wrap)
      wire [OC_W:0] f_nfl  = {2'b0, fl_v_q[0]} + {2'b0, fl_v_q[1]};
      wire [OC_W:0] f_nbuf = {2'b0, buf_v_q[0]} + {2'b0, buf_v_q[1]} + {2'b0, buf_v_q[2]};
      assign f_occ  = {{(CNT_W - OC_W){1'b0}}, occ_q};
      assign f_nreg = f_nbuf[1:0];
      assign f_regs = buf_q;
      // fl[0] is the newest read, at the read pointer less one; each read in
      // flight holds its address's bank, and the word sits in the bank's read
      // register (fl[0]) or output register (fl[1], landing)
      wire [AW-1:0] f_fa0 = rptr_q - ONE_A;
      wire [AW-1:0] f_fa1 = rptr_q - ONE_A - {{(AW - 1){1'b0}}, fl_v_q[0]};
      // (with one bank, fl_bank_q holds a pointer bit, not a bank)
      wire [LB-1:0] f_fb0 = (WR_N > 1) ? fl_bank_q[LB-1:0] : {LB{1'b0}};
      wire [WIDTH-1:0] f_rd1_fb0 = f_rd1[f_fb0*WIDTH +: WIDTH];
      integer fi;
      always @* if (f_past_valid) begin
        assert (occ_q <= CAP[OC_W-1:0] && room_q == (occ_q != CAP[OC_W-1:0]));
        assert ({1'b0, occ_q} == f_nfl + f_nbuf);
        for (fi = 1; fi < CAP; fi = fi + 1)
          if (buf_v_q[fi]) assert (buf_v_q[fi-1]);     // a thermometer code
        if (fl_v_q[0]) begin
          if (WR_N > 1) assert (f_fb0 == f_fa0[LB-1:0]);
          assert (f_rd1_fb0 == f_ram[f_fa0*WIDTH +: WIDTH]);
        end
        if (land) begin
          if (WR_N > 1) assert (land_bank == f_fa1[LB-1:0]);
          assert (land_data == f_ram[f_fa1*WIDTH +: WIDTH]);
        end
      end
`endif
    end
  endgenerate

`ifdef FORMAL
  // ---- formal: interface rules, pointer and count invariants, two chosen
  // elements come out once, unchanged and in order -----------------------
  always @* if (!f_past_valid) assume (!rst_ni);

  localparam [CNT_W-1:0] F_WR_N = WR_N;

  // What the writer promises: assumed when this module is the proof's top,
  // asserted when it sits inside a unit.
  always @* begin
    if (rst_ni) begin
`ifdef FV_COMMON_FIFO_SR_TOP
      assume (wr_cnt_c <= free_o && wr_cnt_c <= F_WR_N);
`else
      assert (wr_cnt_c <= free_o && wr_cnt_c <= F_WR_N);
`endif
    end
  end

  // Counts: the RAM and the elements out of it make count; the RAM's
  // elements are the pointer distance (full when equal and nonzero).
  wire [AW-1:0] f_dist = wptr_q - rptr_q;
  integer f_l;
  always @* if (f_past_valid) begin
    assert (count_q <= DEPTH_C);
    assert (count_q + free_q == DEPTH_C);
    for (f_l = 1; f_l <= WR_N; f_l = f_l + 1)
      assert (ge_q[f_l-1] == (free_q >= f_l));
    assert (ram_cnt_q + f_occ == count_q);
    assert ((ram_cnt_q == DEPTH_C) ? (f_dist == 0) : ({1'b0, f_dist} == ram_cnt_q));
    assert (ram_ne_q == (ram_cnt_q != 0));
  end

  // Interface rules of the read port.
  always @(posedge clk_i) if (f_past_valid) begin
    if ($past(!rst_ni)) begin
      assert (!rd_valid_o && count_o == 0 && free_o == DEPTH_C);
    end else if ($past(rd_valid_o && !rd_ready_i)) begin
      assert (rd_valid_o);
      assert ($stable(rd_data_o));
    end
  end

  // Order: element x's position from the head (the oldest element, in the
  // output register) and its value: an output register's, or the RAM word
  // while it is in the RAM, in flight or in stage A.
  wire [AW-1:0] f_head = rptr_q - f_occ[AW-1:0];

  (* anyconst *) reg [AW-1:0]    f_addr;
  (* anyconst *) reg [WIDTH-1:0] f_da;
  (* anyconst *) reg [WIDTH-1:0] f_db;
  wire [AW-1:0] f_addr_b = f_addr + ONE_A;

  wire [AW-1:0] f_pa = f_addr - f_head;        // positions from the head
  wire [AW-1:0] f_pb = f_addr_b - f_head;
  wire f_in_a = ({1'b0, f_pa} < count_q);      // a live element
  wire f_in_b = ({1'b0, f_pb} < count_q);
  wire [CNT_W-1:0] f_nreg_c = {{(CNT_W - 2){1'b0}}, f_nreg};
  wire [WIDTH-1:0] f_val_a = ({1'b0, f_pa} < f_nreg_c) ? f_regs[f_pa[1:0]*WIDTH +: WIDTH] :
                             f_ram[f_addr*WIDTH +: WIDTH];
  wire [WIDTH-1:0] f_val_b = ({1'b0, f_pb} < f_nreg_c) ? f_regs[f_pb[1:0]*WIDTH +: WIDTH] :
                             f_ram[f_addr_b*WIDTH +: WIDTH];

  // written / read this clock
  wire [AW-1:0] f_wa = f_addr - wptr_q;
  wire [AW-1:0] f_wb = f_addr_b - wptr_q;
  wire f_wr_a = rst_ni && ({1'b0, f_wa} < wr_cnt_c);
  wire f_wr_b = rst_ni && ({1'b0, f_wb} < wr_cnt_c);
  wire [WIDTH-1:0] f_wdat_a = wr_data_i[f_wa[LB-1:0]*WIDTH +: WIDTH];
  wire [WIDTH-1:0] f_wdat_b = wr_data_i[f_wb[LB-1:0]*WIDTH +: WIDTH];
  wire f_rd_a = rst_ni && pop && (f_head == f_addr);
  wire f_rd_b = rst_ni && pop && (f_head == f_addr_b);

  localparam F_IDLE = 2'd0, F_A = 2'd1, F_AB = 2'd2, F_B = 2'd3;
  reg [1:0] f_st = F_IDLE;
  always @(posedge clk_i) begin
    if (!rst_ni) f_st <= F_IDLE;
    else case (f_st)
      // a written with f_da; b (the next address) written in the same
      // clock (after a: a write never covers DEPTH elements) or later
      F_IDLE: if (f_wr_a && f_wdat_a == f_da)
                f_st <= !f_wr_b ? F_A : (f_wdat_b == f_db) ? F_AB : F_IDLE;
      F_A:    if (f_rd_a) f_st <= F_IDLE;
              else if (f_wr_b) f_st <= (f_wdat_b == f_db) ? F_AB : F_IDLE;
      F_AB:   if (f_rd_a) f_st <= F_B;
      F_B:    if (f_rd_b) f_st <= F_IDLE;
    endcase
  end

  always @* if (f_past_valid && rst_ni) begin
    case (f_st)
      F_A: begin
        assert (f_in_a && f_val_a == f_da);
        assert (wptr_q == f_addr_b);                  // b is the next write
        assert (!f_wr_a);
        if (f_rd_a) assert (rd_data_o == f_da);
      end
      F_AB: begin
        assert (f_in_a && f_in_b);
        assert (f_val_a == f_da && f_val_b == f_db);
        assert (f_pa != {AW{1'b1}});                  // a is older than b
        assert (!f_wr_a && !f_wr_b);                  // neither overwritten
        assert (!f_rd_b);                             // never b before a
        if (f_rd_a) assert (rd_data_o == f_da);
      end
      F_B: begin
        assert (f_in_b && f_val_b == f_db);
        assert (f_head == f_addr_b);                  // b is the oldest
        assert (!f_wr_b);
        if (f_rd_b) assert (rd_data_o == f_db);
      end
      default: ;
    endcase
  end

  // ---- covers: full, empty after full, back-to-back reads -----------------
  localparam F_RUN = 6;
  reg       f_was_full = 1'b0;
  reg [3:0] f_run = 4'd0;                     // consecutive clocks with a read
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      f_was_full <= 1'b0;
      f_run      <= 4'd0;
    end else begin
      if (count_q == DEPTH_C) f_was_full <= 1'b1;
      f_run <= pop ? ((f_run == 4'hf) ? f_run : f_run + 4'd1) : 4'd0;
    end
  end

  always @(posedge clk_i) if (f_past_valid && rst_ni) begin
    cover (count_q == DEPTH_C);
    cover (f_was_full && count_q == 0);
    cover (f_run == F_RUN);
    cover (f_st == F_B && f_rd_b);
  end
`endif

endmodule

`default_nettype wire
