// ETE pipeline S3, the view stage (docs/ete-rtl-pipeline.md 3.4): ViewInst
// on runs.  S2 gives, for each address comparator the filter uses, the
// instruction indices of the run where it matches (an Address Range
// Comparator: instructions lo_idx .. hi_idx - 1; a Single Address
// Comparator: instruction sac_idx), which of the candidate edges below lie
// inside instructions 1 .. npre-1, and I and the start/stop matches at the
// run's last instruction.  A comparator edge inside the run's
// first instructions (0 .. npre - 1) splits them into sub-runs of uniform
// ViewInst (ete_model_block.c, run_edges / run_prefix): the first
// instruction >= an ARC's low address, the first > its high address, a
// SAC's instruction and the one after it.  This stage hands S4 one item
// per clock at best: each sub-run but the last as an item of its own, the
// last one with the run's last instruction; the entry in S2's skid is taken
// with its last item.  Per item: ViewInst's I term (D6.24 - D6.26) and the
// start / stop matches (D6.17 - D6.21) at the sub-run's first instruction
// (here) and at the run's last instruction (from S2); E and N (uniform in a
// run) come from S2.  The sub-run's first address and the run's last
// address are A + 4 j and A + last: an 8-bit add and a select between
// A[63:8] and A[63:8] + 1 (from S2), no 64-bit add.
//
// Clocks: an entry without an edge inside (S2's in_hn_i low) is one item in
// one clock.  A split run takes two clocks per sub-run, the last one too:
// an evaluation clock (the candidates above the sub-run's first
// instruction into 16 partial minima and whether any is left, registered;
// for the first sub-run S2 has decided the latter) and an output clock
// (the least of the 16 is the next sub-run's first instruction).  So
// whether the current item is the entry's last is always a register, and
// in_fin_o is a few gates on registers: S2's skid enables wait on no
// comparison.
//
// Valid/ready: S3 takes the entry at its input (S2's skid hands on the
// next) in a clock where in_valid_i && out_free_i && in_fin_o, out_free_i =
// !out_valid_o || out_ready (S4 takes the item); ete_pipe forms both from
// in_fin_o (registers only) and the valid flags of S3, S4 and S5's ready,
// side by side, so that the skid's enables are a few gates from flip-flops
// (docs/ete-rtl-pipeline.md 8.2).  out_valid_o is a register and the item
// holds while out_valid_o && !out_ready (out_free_i low).
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
  // the entry in S2's skid
  input  wire                     in_valid_i,
  output wire                     in_fin_o,       // the item made when the output is free is
                                                  // the entry's last (registers only)
  input  wire [EW-1:0]            in_ent_i,       // carried through to S4
  input  wire [20:0]              in_cyc_i,       // the entry's PE clocks (ent_cyc)
  input  wire                     in_run_i,       // an INSN entry (not a marker)
  input  wire [1:0]               in_hn_i,        // S2: an edge lies inside when either is set (in_cand_v_i
                                                  // has a candidate above instruction 0)
  input  wire [63:0]              in_addr_i,      // its first instruction A
  input  wire [55:0]              in_ahp1_i,      // A[63:8] + 1
  input  wire [7:0]               in_last_i,      // byte offset of the last instruction
  input  wire [5:0]               in_npre_i,      // instructions before the last (A64/A32)
  input  wire [7*NUM_ACPAIRS-1:0] in_lo_idx_i,    // ARC k at [7k +: 7]: first index >= low
  input  wire [7*NUM_ACPAIRS-1:0] in_hi_idx_i,    // ARC k: first index > high
  input  wire [2*NUM_ACPAIRS-1:0] in_sac_v_i,     // SAC n matches an instruction of the run
  input  wire [12*NUM_ACPAIRS-1:0] in_sac_idx_i,  // ... instruction sac_idx, at [6n +: 6]
  input  wire [12*NUM_ACPAIRS-1:0] in_sac_idx1_i, // sac_idx + 1 (6 bits, at [6n +: 6])
  input  wire [6*NUM_ACPAIRS-1:0] in_cand_v_i,    // candidate edge c lies in 1 .. npre-1:
                                                  // [k] lo_idx k, [NA+k] hi_idx k,
                                                  // [2NA+n] sac_idx n, [4NA+n] sac_idx n + 1
  input  wire                     in_vi_i,        // ViewInst's E & N (uniform in a run)
  input  wire                     in_i_last_i,    // I at the run's last instruction
  input  wire                     in_st_last_i,   // a start SAC matches there
  input  wire                     in_sp_last_i,   // a stop SAC matches there
  // the item to S4
  output wire                     out_valid_o,
  input  wire                     out_free_i,     // !out_valid_o || the next stage takes
                                                  // the item (out_ready), formed by ete_pipe
  output wire [EW-1:0]            out_ent_o,
  output wire [20:0]              out_cyc_o,      // in_cyc_i with the entry's last item, else 0
                                                  // (0 while out_valid_o is low)
  output wire [63:0]              out_pc_last_o,  // the run's last instruction A + last
  output wire                     out_has_sub_o,  // a sub-run of the first instructions
  output wire                     out_final_o,    // the entry's last item
  output wire [63:0]              out_sub_addr_o, // the sub-run's first instruction
  // ViewInst (E & I & S & N, D6.8.1) and SSSTATUS (D6.17) resolved for
  // each value s of SSSTATUS before the item (S4 owns SSSTATUS and selects
  // with it), bit s, from E and N, I and the start / stop matches at the
  // sub-run's first instruction and at the run's last:
  output wire [1:0]               out_vs_o,       // ViewInst at the sub-run's first instruction
  output wire [1:0]               out_vf_o,       // ViewInst at the run's last instruction
                                                  // (SSSTATUS after the sub-run's)
  output wire [1:0]               out_sx_o        // SSSTATUS after the item
);

  // active-high synchronous reset for the clocked blocks (common_rst_inv)
  wire rst_s;
  common_rst_inv u_rst_inv (.rst_ni (rst_ni), .rst_o (rst_s));

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
  reg [20:0]   cyc_q, cyc_d;
  reg [63:0]   pc_last_q, pc_last_d;
  reg          has_sub_q, has_sub_d, final_q, final_d;
  reg [63:0]   sub_addr_q, sub_addr_d;
  reg [1:0]    vs_q, vs_d, vf_q, vf_d, sx_q, sx_d;
  reg [1:0]    on_s, sm_s, fo_s;               // per SSSTATUS value (p_view)
  integer      s2;

  assign out_valid_o    = valid_q;
  assign out_ent_o      = ent_q;
  assign out_cyc_o      = cyc_q;
  assign out_pc_last_o  = pc_last_q;
  assign out_has_sub_o  = has_sub_q;
  assign out_final_o    = final_q;
  assign out_sub_addr_o = sub_addr_q;
  assign out_vs_o       = vs_q;
  assign out_vf_o       = vf_q;
  assign out_sx_o       = sx_q;

  // the output register is free: formed from registers by ete_pipe (S3's
  // valid, S4's, S5's ready), so that the payload's enables are one gate
  // from it
  wire out_free = out_free_i;

  // The next comparator edge is the least candidate index above the
  // current sub-run's first instruction j_q (S2 has kept only candidates
  // inside 1 .. npre-1), found by a tree of minimum cells over three clocks,
  // each at most two cells deep.  A node is {m, e, v}: v the least eligible
  // index below it, e whether it has one, m whether it has an eligible index
  // above v, so that the root says both the next sub-run's first instruction
  // and whether another sub-run follows that one:
  //   output clock (the item of the sub-run at j_q): the candidates above
  //     j_q (a SAC's second edge, sac_idx + 1 > j, is compared as sac_idx
  //     >= j; its value sac_idx + 1 comes from S2) and one level of cells,
  //     the compares of a pair's values with each other side by side with
  //     the compares with j_q (they do not depend on j_q) -> p1_q
  //   O1 (a split run's clock after each item but its last): two levels -> p2_q
  //   O2: the rest -> j_q (the next sub-run) and hn_q (another follows it),
  //     not as a tree: every pair of p2_q's nodes compared side by side
  //     (registers), the node below every other eligible one wins and its
  //     value is selected (an AND-OR); another index follows when a node
  //     has one (m) or two eligible nodes differ
  localparam N1  = 3 * NUM_ACPAIRS;    // nodes after the output clock's level (pairs)
  localparam N2  = (N1 + 3) / 4;       // nodes after O1's two levels

  // a minimum cell: {m, e, v} of two nodes; lt_xy is vx < vy and gt_xy
  // vx > vy, both made by the caller (compares of registers where it can)
  function [7:0] mincell;
    input [7:0] x;
    input [7:0] y;
    input       lt_xy;
    input       gt_xy;
    reg         sel_x;
    begin
      sel_x   = x[6] && (!y[6] || lt_xy);
      mincell = {x[7] || y[7] || (x[6] && y[6] && (lt_xy || gt_xy)),
                 x[6] || y[6],
                 sel_x ? x[5:0] : y[5:0]};
    end
  endfunction

  reg [6*2*N1-1:0] cand;               // candidate values (N1 pairs; the pad 63)
  reg [2*N1-1:0]   elig;               // eligible: valid and above j_q
  reg [8*N1-1:0]   p1_q, p1_d, p1_new;
  reg [8*4*N2-1:0] q1;                 // p1_q padded to 4 N2 nodes
  reg [16*N2-1:0]  gt1;                // O1: per group of 4 nodes, value a > value b,
                                       // [16 g + 4 a + b], a < b
  reg [4*N2-1:0]   win1;               // O1: node a of group g holds its least eligible value
  reg [8*N2-1:0]   p2_q, p2_d;
  reg [N2*N2-1:0]  gt2;                // O2: value of node i > value of node j, [N2 i + j], i < j
  reg [N2-1:0]     win2;               // O2: node i holds the least eligible value
  reg [7:0]        root;
  reg              o1_q, o1_d;         // O1: a non-final item of a split run has left
  reg              o2_q, o2_d;         // O2
  reg              sub_q, sub_d;       // j_q is past the first sub-run (hn_q holds)
  reg              hn_q, hn_d;         // a sub-run follows the one at j_q
  reg [5:0]        cx;
  reg              fin, item_clk;
  reg [7:0]        hit_a;
  reg [15:0]       hit_s;
  reg              i_s, st_s, sp_s;
  reg [8:0]        lo_sub, lo_last;
  integer          lv, ci, cj, k2;

  always @* begin : p_view
    j_d = j_q;
    ent_d = ent_q;  pc_last_d = pc_last_q;  has_sub_d = has_sub_q;  final_d = final_q;
    sub_addr_d = sub_addr_q;
    vs_d = vs_q;  vf_d = vf_q;  sx_d = sx_q;
    on_s = 2'b00;  sm_s = 2'b00;  fo_s = 2'b00;
    cand = {6*2*N1{1'b1}};  elig = {2*N1{1'b0}};  cx = 6'd0;
    p1_d = p1_q;  p1_new = p1_q;  p2_d = p2_q;  q1 = {8*4*N2{1'b0}};
    gt1 = {16*N2{1'b0}};  win1 = {4*N2{1'b0}};
    gt2 = {N2*N2{1'b0}};  win2 = {N2{1'b0}};  root = 8'd0;
    o1_d = o1_q;  o2_d = o2_q;  sub_d = sub_q;  hn_d = hn_q;
    fin = 1'b1;  item_clk = 1'b0;  hit_a = 8'd0;  hit_s = 16'd0;
    i_s = 1'b0;  st_s = 1'b0;  sp_s = 1'b0;  lo_sub = 9'd0;  lo_last = 9'd0;

    // the candidates and whether each is above j_q, in pairs: node k < NA
    // pairs ARC k's low and high edges, node NA + n SAC n's instruction
    // sac_idx and the one after it (sac_idx < sac_idx + 1: that pair needs
    // no compare)
    for (k2 = 0; k2 < NA; k2 = k2 + 1) begin
      cx = in_lo_idx_i[7*k2 +: 6];
      elig[2*k2] = in_cand_v_i[k2] && (cx > j_q);
      cand[6*(2*k2) +: 6] = cx;
      cx = in_hi_idx_i[7*k2 +: 6];
      elig[2*k2+1] = in_cand_v_i[NA+k2] && (cx > j_q);
      cand[6*(2*k2+1) +: 6] = cx;
    end
    for (k2 = 0; k2 < NS; k2 = k2 + 1) begin
      cx = in_sac_idx_i[6*k2 +: 6];
      elig[2*(NA+k2)] = in_cand_v_i[2*NA+k2] && (cx > j_q);
      cand[6*(2*(NA+k2)) +: 6] = cx;
      elig[2*(NA+k2)+1] = in_cand_v_i[4*NA+k2] && (cx >= j_q);
      cand[6*(2*(NA+k2)+1) +: 6] = in_sac_idx1_i[6*k2 +: 6];
    end

    // the item the output clock hands over is the entry's last: registers
    // only (hn_q from O2, in_hn_i from S2 for the first sub-run)
    item_clk = !o1_q && !o2_q;
    fin = item_clk && (sub_q ? !hn_q : !(|in_hn_i));

    // the output clock's level: the pairs -> p1 (N1 = 3 NA nodes)
    for (ci = 0; ci < N1; ci = ci + 1)
      p1_new[8*ci +: 8] = mincell({1'b0, elig[2*ci], cand[6*(2*ci) +: 6]},
                                  {1'b0, elig[2*ci+1], cand[6*(2*ci+1) +: 6]},
                                  (ci >= NA) || (cand[6*(2*ci) +: 6] < cand[6*(2*ci+1) +: 6]),
                                  (ci < NA) && (cand[6*(2*ci) +: 6] > cand[6*(2*ci+1) +: 6]));
    p1_d = item_clk ? p1_new : p1_q;
    // O1: each group of four nodes of p1_q -> one node of p2 (N2 nodes),
    // every pair of the group compared side by side as in O2 below (the
    // two levels of minimum cells it replaces put a compare after a select)
    q1[8*N1-1:0] = p1_q;
    p2_d = {8*N2{1'b0}};
    for (lv = 0; lv < N2; lv = lv + 1) begin
      for (ci = 0; ci < 4; ci = ci + 1)
        for (cj = ci + 1; cj < 4; cj = cj + 1)
          gt1[16*lv + 4*ci + cj] = q1[8*(4*lv+ci) +: 6] > q1[8*(4*lv+cj) +: 6];
      for (ci = 0; ci < 4; ci = ci + 1) begin
        win1[4*lv + ci] = q1[8*(4*lv+ci) + 6];
        for (cj = 0; cj < 4; cj = cj + 1)
          if (cj < ci)
            win1[4*lv + ci] = win1[4*lv + ci] && (!q1[8*(4*lv+cj) + 6] || gt1[16*lv + 4*cj + ci]);
          else if (cj > ci)
            win1[4*lv + ci] = win1[4*lv + ci] && (!q1[8*(4*lv+cj) + 6] || !gt1[16*lv + 4*ci + cj]);
      end
      for (ci = 0; ci < 4; ci = ci + 1) begin
        p2_d[8*lv +: 6] = p2_d[8*lv +: 6] | (q1[8*(4*lv+ci) +: 6] & {6{win1[4*lv + ci]}});
        p2_d[8*lv + 6]  = p2_d[8*lv + 6] || q1[8*(4*lv+ci) + 6];
        p2_d[8*lv + 7]  = p2_d[8*lv + 7] || q1[8*(4*lv+ci) + 7];
        for (cj = ci + 1; cj < 4; cj = cj + 1)
          p2_d[8*lv + 7] = p2_d[8*lv + 7] || (q1[8*(4*lv+ci) + 6] && q1[8*(4*lv+cj) + 6] &&
                                              (q1[8*(4*lv+ci) +: 6] != q1[8*(4*lv+cj) +: 6]));
      end
    end
    // O2: the root from p2_q's N2 nodes, every pair side by side (a node
    // without an eligible index has m = 0; on equal values the lower node
    // wins, so exactly one wins when any is eligible)
    for (ci = 0; ci < N2; ci = ci + 1)
      for (cj = ci + 1; cj < N2; cj = cj + 1)
        gt2[N2*ci + cj] = p2_q[8*ci +: 6] > p2_q[8*cj +: 6];
    for (ci = 0; ci < N2; ci = ci + 1) begin
      win2[ci] = p2_q[8*ci + 6];
      for (cj = 0; cj < N2; cj = cj + 1)
        if (cj < ci)
          win2[ci] = win2[ci] && (!p2_q[8*cj + 6] || gt2[N2*cj + ci]);
        else if (cj > ci)
          win2[ci] = win2[ci] && (!p2_q[8*cj + 6] || !gt2[N2*ci + cj]);
    end
    for (ci = 0; ci < N2; ci = ci + 1) begin
      root[5:0] = root[5:0] | (p2_q[8*ci +: 6] & {6{win2[ci]}});
      root[6]   = root[6] || p2_q[8*ci + 6];
      root[7]   = root[7] || p2_q[8*ci + 7];
      for (cj = ci + 1; cj < N2; cj = cj + 1)
        root[7] = root[7] || (p2_q[8*ci + 6] && p2_q[8*cj + 6] &&
                              (p2_q[8*ci +: 6] != p2_q[8*cj +: 6]));
    end

    // I and the start / stop matches at the sub-run's first instruction
    // (vectors and reductions: no chain through the comparators)
    for (k2 = 0; k2 < NA; k2 = k2 + 1)
      hit_a[k2] = ({1'b0, j_q} >= in_lo_idx_i[7*k2 +: 7]) &&
                  ({1'b0, j_q} < in_hi_idx_i[7*k2 +: 7]);                     // D7.4.2
    for (k2 = 0; k2 < NS; k2 = k2 + 1)
      hit_s[k2] = in_sac_v_i[k2] && (in_sac_idx_i[6*k2 +: 6] == j_q);         // D7.4.1
    i_s  = ((inc == 8'd0) || |(hit_a & inc)) && !(|(hit_a & exc));           // D6.24 - D6.26
    st_s = |(hit_s & strt);
    sp_s = |(hit_s & stop);

    // A + 4 j and A + last: the low byte and its carry into A[63:8]
    lo_sub  = {1'b0, in_addr_i[7:0]} + {1'b0, j_q, 2'b00};
    lo_last = {1'b0, in_addr_i[7:0]} + {1'b0, in_last_i};

    if (o2_q) begin
      // O2: the next sub-run
      o2_d  = 1'b0;
      sub_d = 1'b1;
      j_d   = root[5:0];
      hn_d  = root[7];
    end else if (o1_q) begin
      o1_d = 1'b0;
      o2_d = 1'b1;
    end else if (in_valid_i && out_free) begin
      o1_d       = !fin;
      ent_d      = in_ent_i;
      pc_last_d  = {lo_last[8] ? in_ahp1_i : in_addr_i[63:8], lo_last[7:0]};
      has_sub_d  = in_run_i && (in_npre_i != 6'd0);
      final_d    = fin;
      sub_addr_d = {lo_sub[8] ? in_ahp1_i : in_addr_i[63:8], lo_sub[7:0]};
      // S4's ViewInst steps for either SSSTATUS s (D6.8.1: ViewInst = E &
      // I & S & N; D6.17: a start match sets S, a stop match clears it,
      // the start taking effect at its own instruction, the stop after
      // it): the sub-run's first instruction, then the run's last one
      for (s2 = 0; s2 < 2; s2 = s2 + 1) begin
        on_s[s2] = (s2 == 1) || st_s;
        sm_s[s2] = (has_sub_d && on_s[s2]) ? !sp_s : (s2 == 1);
        fo_s[s2] = sm_s[s2] || in_st_last_i;
        vs_d[s2] = in_vi_i && i_s && on_s[s2];
        vf_d[s2] = in_vi_i && in_i_last_i && fo_s[s2];
        sx_d[s2] = !fin ? sm_s[s2] : fo_s[s2] ? !in_sp_last_i : sm_s[s2];
      end
      if (fin) begin
        j_d   = 6'd0;
        sub_d = 1'b0;
      end
    end
    // the output's valid flag and cycles: the item of the output clock
    // (registers) selected by out_free last, which comes from S4 and S5
    valid_d = out_free ? (item_clk && in_valid_i) : valid_q;
    cyc_d   = out_free ? ((fin && in_valid_i) ? in_cyc_i : 21'd0) : cyc_q;
    if (start_i) begin
      j_d     = 6'd0;
      o1_d    = 1'b0;
      o2_d    = 1'b0;
      sub_d   = 1'b0;
      valid_d = 1'b0;
      cyc_d   = 21'd0;
    end
  end

  assign in_fin_o = fin;
  // the root has an eligible index in O2 (a sub-run followed the item)
  wire unused_root_e = root[6];

  always @(posedge clk_i) begin
    if (rst_s) begin
      j_q <= 6'd0;
      valid_q <= 1'b0;
      cyc_q <= 21'd0;
      o1_q <= 1'b0;
      o2_q <= 1'b0;
      sub_q <= 1'b0;
      hn_q <= 1'b0;
    end else begin
      j_q <= j_d;
      valid_q <= valid_d;
      cyc_q <= cyc_d;
      o1_q <= o1_d;
      o2_q <= o2_d;
      sub_q <= sub_d;
      hn_q <= hn_d;
    end
  end

  // the payload moves with the item (no reset needed)
  always @(posedge clk_i) begin
    ent_q <= ent_d;  pc_last_q <= pc_last_d;  has_sub_q <= has_sub_d;  final_q <= final_d;
    sub_addr_q <= sub_addr_d;  p1_q <= p1_d;  p2_q <= p2_d;
    vs_q <= vs_d;  vf_q <= vf_d;  sx_q <= sx_d;
  end

`ifdef FORMAL
  // Invariants of the sub-run state (formal/ete_pipe.sby, docs/ete-formal.md).
  // They hold in the core, where S2's skid keeps its entry at this input
  // while S3 does not take it (asserted there, f_s2_vr); this module has no
  // proof of its own.  A split run's sub-run state (j_q past the first
  // instruction, sub_q, the search clocks O1 and O2) exists only while its
  // run is at the input, a run with an edge inside (in_hn_i); O1 and O2
  // follow an item with sub-runs still to come, which is not the entry's
  // final one and carries the entry at the input.  The proofs that include
  // it hold rst_ni low in their first clock.  Between entries j_q is 0.  In
  // O1 the pairs are those of the entry above j_q (the entry and j_q hold
  // from the item's clock), in O2 the four-node minima are those of the
  // pairs; past the first sub-run, "a sub-run follows" is that of the entry
  // above j_q.  (That the root has an eligible index in O2 rests on the
  // port contract that a run does not wrap the address space, which the
  // proof's free entries do not keep.)
  always @* if (rst_ni) begin
    if (o1_q || o2_q || sub_q)  assert (in_valid_i && in_run_i && (|in_hn_i));
    if (o1_q)                   assert (!o2_q && p1_q == p1_new);
    if (o2_q)                   assert (p2_q == p2_d);
    if (!sub_q)                 assert (j_q == 6'd0);
    if (sub_q)                  assert (hn_q == (elig != {2*N1{1'b0}}));
    if (valid_q && (o1_q || o2_q || sub_q)) assert (!final_q);
    // the entry at the input while in_fin_o is low: ete_pipe adds to
    // in_ent_i the fields it hands on with the final item only (its Event
    // elements), so once in_fin_o rises under a held sub-run they differ
    // (ete_pipe asserts the rest of the entry there)
    if (valid_q && (o1_q || o2_q || sub_q) && !fin) assert (ent_q == in_ent_i);
  end
`endif

endmodule

`default_nettype wire
