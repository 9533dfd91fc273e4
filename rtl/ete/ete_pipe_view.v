// ETE pipeline S3, the view stage (docs/ete-rtl-pipeline.md 3.4): ViewInst
// on runs.  S2 gives, for each address comparator the filter uses, the
// instruction indices of the run where it matches (an Address Range
// Comparator: instructions lo_idx .. hi_idx - 1; a Single Address
// Comparator: instruction sac_idx).  A comparator edge inside the run's
// first instructions (0 .. npre - 1) splits them into sub-runs of uniform
// ViewInst (ete_model_block.c, run_edges / run_prefix): the first
// instruction >= an ARC's low address, the first > its high address, a
// SAC's instruction and the one after it.  This stage hands S4 one item
// per clock: each sub-run but the last as an item of its own, the last
// one with the run's last instruction; the entry in S2 is taken with its
// last item.  Per item: ViewInst's I term (D6.24 - D6.26) and the start /
// stop matches (D6.17 - D6.21) at the sub-run's first instruction and at
// the run's last instruction; E and N (uniform in a run) come from S2.
`default_nettype none

module ete_pipe_view #(
  parameter NUM_ACPAIRS = 4,   // address comparator pairs, 1..8 (checked by ete_pipe)
  parameter EW          = 8    // bits of the entry payload carried through
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,
  input  wire                     start_i,        // ete_model_new
  input  wire [31:0]              trcviiectlr_i,
  input  wire [31:0]              trcvissctlr_i,
  // the entry in S2
  input  wire                     in_valid_i,
  output wire                     in_ready_o,
  input  wire [EW-1:0]            in_ent_i,       // carried through to S4
  input  wire                     in_run_i,       // an INSN entry (not a marker)
  input  wire [63:0]              in_addr_i,      // its first instruction
  input  wire [5:0]               in_npre_i,      // instructions before the last (A64/A32)
  input  wire [7*NUM_ACPAIRS-1:0] in_lo_idx_i,    // ARC k at [7k +: 7]: first index >= low
  input  wire [7*NUM_ACPAIRS-1:0] in_hi_idx_i,    // ARC k: first index > high
  input  wire [2*NUM_ACPAIRS-1:0] in_sac_v_i,     // SAC n matches an instruction of the run
  input  wire [12*NUM_ACPAIRS-1:0] in_sac_idx_i,  // ... instruction sac_idx, at [6n +: 6]
  // the item to S4
  output wire                     out_valid_o,
  input  wire                     out_ready_i,
  output wire [EW-1:0]            out_ent_o,
  output wire                     out_has_sub_o,  // a sub-run of the first instructions
  output wire                     out_final_o,    // the entry's last item
  output wire [63:0]              out_sub_addr_o, // the sub-run's first instruction
  output wire                     out_i_sub_o,    // I at the sub-run's first instruction
  output wire                     out_st_sub_o,   // a start SAC matches there
  output wire                     out_sp_sub_o,   // a stop SAC matches there
  output wire                     out_i_last_o,   // I at the run's last instruction
  output wire                     out_st_last_o,
  output wire                     out_sp_last_o
);

  localparam NA = NUM_ACPAIRS;
  localparam NS = 2 * NUM_ACPAIRS;

  wire [7:0]  inc  = trcviiectlr_i[7:0];
  wire unused_ok = &{1'b0, trcviiectlr_i[31:24], trcviiectlr_i[15:8]};
  wire [7:0]  exc  = trcviiectlr_i[23:16];
  wire [15:0] strt = trcvissctlr_i[15:0];
  wire [15:0] stop = trcvissctlr_i[31:16];

  reg [5:0]    j_q, j_d;                 // first instruction of the current sub-run
  reg          valid_q, valid_d;
  reg [EW-1:0] ent_q, ent_d;
  reg          has_sub_q, has_sub_d, final_q, final_d;
  reg [63:0]   sub_addr_q, sub_addr_d;
  reg          i_sub_q, i_sub_d, st_sub_q, st_sub_d, sp_sub_q, sp_sub_d;
  reg          i_l_q, i_l_d, st_l_q, st_l_d, sp_l_q, sp_l_d;

  assign out_valid_o    = valid_q;
  assign out_ent_o      = ent_q;
  assign out_has_sub_o  = has_sub_q;
  assign out_final_o    = final_q;
  assign out_sub_addr_o = sub_addr_q;
  assign out_i_sub_o    = i_sub_q;
  assign out_st_sub_o   = st_sub_q;
  assign out_sp_sub_o   = sp_sub_q;
  assign out_i_last_o   = i_l_q;
  assign out_st_last_o  = st_l_q;
  assign out_sp_last_o  = sp_l_q;

  wire out_free = !valid_q || out_ready_i;

  // I and the start / stop matches at instruction index x (vectors and
  // reductions: no chain through the comparators)
  reg [7:0]   hit_a;
  reg [15:0]  hit_s;
  task view_at;
    input  [6:0] x;
    output       i_o;
    output       st_o;
    output       sp_o;
    integer      k;
    begin
      hit_a = 8'd0;
      hit_s = 16'd0;
      for (k = 0; k < NA; k = k + 1)
        hit_a[k] = (x >= in_lo_idx_i[7*k +: 7]) && (x < in_hi_idx_i[7*k +: 7]);   // D7.4.2
      for (k = 0; k < NS; k = k + 1)
        hit_s[k] = in_sac_v_i[k] && ({1'b0, in_sac_idx_i[6*k +: 6]} == x);       // D7.4.1
      i_o  = ((inc == 8'd0) || |(hit_a & inc)) && !(|(hit_a & exc));   // D6.24 - D6.26
      st_o = |(hit_s & strt);
      sp_o = |(hit_s & stop);
    end
  endtask

  reg [5:0]  nxt;
  reg        fin, has_next;
  reg        i_s, st_s, sp_s, i_l, st_l, sp_l;
  integer    k2;

  // the next edge: the least candidate index (an ARC's lo_idx and hi_idx, a
  // SAC's index and the one after it) above the current sub-run's first
  // instruction and below npre, by a tree of minimum cells (no 64-bit
  // masks: those cost thousands of LUTs)
  reg [7*64-1:0] cand;                 // up to 6 x NUM_ACPAIRS = 48 candidates
  reg [7*8-1:0]  pm_q, pm_d, pmx;      // the 8 partial minima of a split run
  reg            ph_q, ph_d;           // the second clock of a sub-run's minimum
  reg [6:0]      cx, cy, cj;
  integer        lv, ci;

  always @* begin : p_view
    j_d = j_q;
    valid_d = out_free ? 1'b0 : valid_q;
    ent_d = ent_q;  has_sub_d = has_sub_q;  final_d = final_q;  sub_addr_d = sub_addr_q;
    i_sub_d = i_sub_q;  st_sub_d = st_sub_q;  sp_sub_d = sp_sub_q;
    i_l_d = i_l_q;  st_l_d = st_l_q;  sp_l_d = sp_l_q;
    cand = {7*64{1'b1}};  cx = 7'd0;  cy = 7'd0;  cj = 7'd0;  has_next = 1'b0;  nxt = 6'd0;
    pmx = {7*8{1'b1}};  pm_d = pm_q;  ph_d = ph_q;
    fin = 1'b1;  hit_a = 8'd0;  hit_s = 16'd0;
    i_s = 1'b0;  st_s = 1'b0;  sp_s = 1'b0;  i_l = 1'b0;  st_l = 1'b0;  sp_l = 1'b0;

    // the comparator edges of the run (only the comparators the filter uses:
    // S2 gives the others no index inside the run)
    cand = {7*64{1'b1}};
    cj   = {1'b0, j_q};
    for (k2 = 0; k2 < NA; k2 = k2 + 1) begin
      cx = in_lo_idx_i[7*k2 +: 7];
      cy = in_hi_idx_i[7*k2 +: 7];
      if (cx > cj && cx < {1'b0, in_npre_i}) cand[7*(2*k2) +: 7] = cx;
      if (cy > cj && cy < {1'b0, in_npre_i}) cand[7*(2*k2+1) +: 7] = cy;
    end
    for (k2 = 0; k2 < NS; k2 = k2 + 1) begin
      cx = {1'b0, in_sac_idx_i[6*k2 +: 6]};
      cy = cx + 7'd1;
      if (in_sac_v_i[k2] && cx > cj && cx < {1'b0, in_npre_i})
        cand[7*(2*NA+2*k2) +: 7] = cx;
      if (in_sac_v_i[k2] && cy > cj && cy < {1'b0, in_npre_i})
        cand[7*(2*NA+2*k2+1) +: 7] = cy;
    end
    // an edge above the sub-run's first instruction: no minimum needed
    has_next = 1'b0;
    for (ci = 0; ci < 64; ci = ci + 1)
      if (cand[7*ci +: 7] != 7'h7F)
        has_next = 1'b1;
    has_next = has_next && in_run_i;
    fin = !has_next;
    // the minimum in two clocks (a split run takes two clocks per sub-run):
    // 64 -> 8 candidates into pm_q, then 8 -> 1
    for (lv = 0; lv < 3; lv = lv + 1)
      for (ci = 0; ci < (32 >> lv); ci = ci + 1) begin
        cx = cand[7*(2*ci) +: 7];
        cy = cand[7*(2*ci+1) +: 7];
        cand[7*ci +: 7] = (cx < cy) ? cx : cy;
      end
    pm_d = ph_q ? pm_q : cand[7*8-1:0];
    pmx  = pm_q;
    for (lv = 0; lv < 3; lv = lv + 1)
      for (ci = 0; ci < (4 >> lv); ci = ci + 1) begin
        cx = pmx[7*(2*ci) +: 7];
        cy = pmx[7*(2*ci+1) +: 7];
        pmx[7*ci +: 7] = (cx < cy) ? cx : cy;
      end
    nxt = pmx[5:0];

    view_at({1'b0, j_q}, i_s, st_s, sp_s);
    view_at({1'b0, in_npre_i}, i_l, st_l, sp_l);

    ph_d = ph_q;
    if (in_valid_i && out_free && has_next && !ph_q) begin
      ph_d = 1'b1;                         // the first half of the minimum
    end else if (in_valid_i && out_free) begin
      ph_d       = 1'b0;
      valid_d    = 1'b1;
      ent_d      = in_ent_i;
      has_sub_d  = in_run_i && (in_npre_i != 6'd0);
      final_d    = fin;
      sub_addr_d = in_addr_i + {56'd0, j_q, 2'b00};
      i_sub_d    = i_s;
      st_sub_d   = st_s;
      sp_sub_d   = sp_s;
      i_l_d      = i_l;
      st_l_d     = st_l;
      sp_l_d     = sp_l;
      j_d        = fin ? 6'd0 : nxt;
    end
    if (start_i) begin
      j_d     = 6'd0;
      ph_d    = 1'b0;
      valid_d = 1'b0;
    end
  end

  assign in_ready_o = out_free && fin;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      j_q <= 6'd0;
      valid_q <= 1'b0;
      ph_q <= 1'b0;
      pm_q <= {7*8{1'b1}};
    end else begin
      j_q <= j_d;
      valid_q <= valid_d;
      ph_q <= ph_d;
      pm_q <= pm_d;
    end
  end

  // the payload moves with the item (no reset needed)
  always @(posedge clk_i) begin
    ent_q <= ent_d;  has_sub_q <= has_sub_d;  final_q <= final_d;  sub_addr_q <= sub_addr_d;
    i_sub_q <= i_sub_d;  st_sub_q <= st_sub_d;  sp_sub_q <= sp_sub_d;
    i_l_q <= i_l_d;  st_l_q <= st_l_d;  sp_l_q <= sp_l_d;
  end

endmodule

`default_nettype wire
