// ETE output gearbox: packs a stream of byte bundles (1..PKT_BYTES bytes
// each, from the output bundle FIFO of ete_out_fifo) densely into
// OUT_BYTES-byte beats, across bundle boundaries.
//
// Bundle side (valid/ready, the FIFO's read port): in_valid_i, in_data_i
//   (byte 0 first) and in_len_i come from registers and hold while
//   in_valid_i && !in_ready_o; 1 <= in_len_i <= PKT_BYTES while
//   in_valid_i.  A bundle leaves (in_ready_o high) in the clock its last
//   bytes move into the beat register or the residual register.
//   in_ready_o depends on in_valid_i, in_len_i and out_ready_i, never on
//   in_data_i or in_more_i.
// in_more_i: more bytes are coming at once (another bundle is held behind
//   the one presented, or one is written in this clock).  It only decides
//   partial beats.
// Beat side (AXI4-Stream style): out_valid_o, out_data_o and out_keep_o are
//   registers and hold while out_valid_o && !out_ready_i; out_keep_o is
//   nonzero and contiguous from byte 0 while out_valid_o is high, zero
//   while it is low; byte lanes above the kept ones are zero.
//
// State: the residual register (r_q bytes, 0 .. OUT_BYTES-1, in lanes
// 0 .. r_q-1 of res_q, oldest first), the presented bundle's chunk index
// p_q (chunk c = bytes c*OUT_BYTES .. c*OUT_BYTES+OUT_BYTES-1; chunks before
// p_q are consumed; the bundle's bytes left are in_len_i - p_q*OUT_BYTES);
// the beat register.
// Each clock the window W = the chunks p_q and p_q+1 of the presented
// bundle is shifted up by r_q lanes behind the residual: lo = lanes
// 0 .. OUT_BYTES-1 of residual ++ W, hi = the next OUT_BYTES lanes.  With
// tot = r_q + the bundle's bytes left (r_q alone with no bundle):
//   tot >= 2*OUT_BYTES, beat register free: a full beat of lo; hi's first
//     r_q lanes (the rest of chunk p_q) become the residual; p_q steps on.
//   OUT_BYTES <= tot < 2*OUT_BYTES, beat register free: a full beat of lo,
//     the residual takes hi (tot - OUT_BYTES bytes), the bundle leaves.
//   tot < OUT_BYTES with a bundle: the bundle leaves into the residual (lo,
//     tot bytes), whether or not the beat register is free; except
//     (partial beat) when the beat register is free and no more bytes are
//     coming (in_more_i low): then lo goes out as a partial beat of tot
//     bytes and the residual empties.
//   no bundle, r_q > 0, beat register free, in_more_i low: the residual goes
//     out as a partial beat.
// Rate: a presented bundle waits only while a full beat's worth of bytes is
// held and the beat register is busy, or a full beat is loaded with at
// least OUT_BYTES more bytes held (proved below): the bundle side takes one
// bundle per clock whenever the beats drain at least as fast as the bytes
// arrive, and the beats leave full (OUT_BYTES per clock) otherwise.
//
// Combinational paths (one stage of work each):
//   p_q -> the window multiplexer (NCH:1) -> the r_q byte shifter (log2
//     OUT_BYTES levels) -> the residual/beat selects (rth_q) -> res_q,
//     bdata_q.
//   in_len_i, r_q -> the carry of r_q + len_lo -> ge1, ge2 (with p_q and
//     len_hi) -> in_ready_o and the register enables; out_ready_i -> the
//     same enables and in_ready_o.  No adder before in_ready_o.
//   r_q, in_len_i -> tlo (an OBW-bit add) -> r_d, rth_d, the partial
//     beat's lanes (behind the enables).
`default_nettype none

module ete_out_gbox #(
  parameter OUT_BYTES = 8,   // bytes per beat: 4, 8 or 16
  parameter PKT_BYTES = 24   // widest bundle: 1..63
) (
  input  wire                   clk_i,
  input  wire                   rst_ni,
  input  wire                   in_valid_i,
  output wire                   in_ready_o,
  input  wire [8*PKT_BYTES-1:0] in_data_i,   // byte 0 first
  input  wire [5:0]             in_len_i,
  input  wire                   in_more_i,
  output wire                   out_valid_o,
  input  wire                   out_ready_i,
  output wire [8*OUT_BYTES-1:0] out_data_o,  // byte 0 oldest
  output wire [OUT_BYTES-1:0]   out_keep_o,
  output wire                   empty_o      // no byte in the residual or beat register
);

  `include "common_clog2.vh"  // clog2()

  localparam OBW  = clog2(OUT_BYTES);                     // residual count bits
  localparam NCH  = (PKT_BYTES + OUT_BYTES - 1) / OUT_BYTES;  // chunks per bundle
  localparam PW   = (clog2(NCH) < 1) ? 1 : clog2(NCH);    // chunk index bits
  localparam CB   = 8 * OUT_BYTES;                        // bits per chunk (and beat)

  localparam [PW-1:0] ONE_P = 1;

  generate
    if (OUT_BYTES != 4 && OUT_BYTES != 8 && OUT_BYTES != 16) begin : g_bad_ob
      ete_out_gbox_OUT_BYTES_must_be_4_8_or_16 u_bad ();
    end
    if (PKT_BYTES < 1 || PKT_BYTES > 63) begin : g_bad_pkt
      ete_out_gbox_PKT_BYTES_must_be_1_to_63 u_bad ();
    end
  endgenerate

  // ---- state -----------------------------------------------------------------
  reg [OBW-1:0]  r_q, r_d;          // residual bytes
  reg [CB-1:0]   res_q, res_d;      // residual, lanes 0 .. r_q-1
  reg [PW-1:0]   p_q, p_d;          // chunk index in the presented bundle
  reg            bv_q, bv_d;
  reg [CB-1:0]   bdata_q, bdata_d;
  reg [OUT_BYTES-1:0] bkeep_q, bkeep_d;
  // the residual's lanes, registered beside r_q: rth_q[k] = (k < r_q)
  reg [OUT_BYTES-1:0] rth_q, rth_d;

  // ---- datapath ----------------------------------------------------------------
  //   win lane l (0 .. 2*OUT_BYTES-2) = byte p_q*OUT_BYTES + l of the
  //     bundle (an NCH:1 multiplexer on p_q);
  //   sh = win shifted up by r_q lanes (log2 OUT_BYTES levels);
  //   lo lane k = the residual's lane k where rth_q[k], else sh lane k;
  //   hi lane k = sh lane OUT_BYTES + k for k < OUT_BYTES-1 (the residual
  //     never holds more than OUT_BYTES-1 bytes); lane OUT_BYTES-1 is zero.
  // The registered thermometer rth_q (rather than k < r_q decoded here)
  // halves the LUT4 count Yosys 0.23 maps this datapath to (ete_out_gbox
  // alone at OUT_BYTES 8: 1 077 LUT4 against 2 103).
  localparam WL = 2 * OUT_BYTES - 1;                      // window lanes
  wire [8*(NCH*OUT_BYTES+WL)-1:0] bext =
    {{(8*(NCH*OUT_BYTES+WL) - 8*PKT_BYTES){1'b0}}, in_data_i};
  reg  [8*WL-1:0]   win;
  // lo: the beat's lanes (the residual, then the window from lane r_q on);
  // hi: the window's lanes above them.  The shift and the lane select are
  // their own module (ete_out_shift): mapped together with the enables and
  // the beat and residual selects below, ABC made the gearbox 1 464 LUT4 at
  // OUT_BYTES 8 in the unit (2 400 alone), against about 1 120 alone with
  // the module, at the same 4 LUT levels (docs/ete-rtl-pipeline.md 8.1).
  wire [CB-1:0]     lo, hi;
  ete_out_shift #(.OUT_BYTES (OUT_BYTES), .SW (OBW)) u_sh (
    .win_i (win), .r_i (r_q), .th_i (rth_q), .res_i (res_q), .lo_o (lo), .hi_o (hi)
  );

  // The window multiplexer: with more than three chunks a bundle (OUT_BYTES
  // 4) an AND-OR under a one-hot select registered beside p_q (p1h_q[c] =
  // (p_q == c); ete_out_gbox alone at OUT_BYTES 4: 684 LUT4 against
  // 1 098), otherwise a compare on p_q (OUT_BYTES 8: 1 087 against 1 125).
  generate
    if (NCH > 3) begin : g_win_1h
      reg [NCH-1:0] p1h_q, p1h_d;
      integer c1, k1;
      always @* begin
        for (c1 = 0; c1 < NCH; c1 = c1 + 1) p1h_d[c1] = ({{(32 - PW){1'b0}}, p_d} == c1);
        win = {8*WL{1'b0}};
        for (k1 = 0; k1 < WL; k1 = k1 + 1)
          for (c1 = 0; c1 < NCH; c1 = c1 + 1)
            win[8*k1 +: 8] = win[8*k1 +: 8] | (bext[8*(c1*OUT_BYTES + k1) +: 8] & {8{p1h_q[c1]}});
      end
      always @(posedge clk_i) p1h_q <= p1h_d;   // reset: p_d is zero
    end else begin : g_win_cmp
      integer c1, k1;
      always @* begin
        win = {8*WL{1'b0}};
        for (k1 = 0; k1 < WL; k1 = k1 + 1)
          for (c1 = 0; c1 < NCH; c1 = c1 + 1)
            if ({{(32 - PW){1'b0}}, p_q} == c1) win[8*k1 +: 8] = bext[8*(c1*OUT_BYTES + k1) +: 8];
      end
    end
  endgenerate

  // ---- control -----------------------------------------------------------------
  // tot = r_q + the bundle's bytes left, in_len_i - p_q*OUT_BYTES.  Its
  // compares with OUT_BYTES (ge1) and 2*OUT_BYTES (ge2) decide in_ready_o
  // and every enable, so they are formed without an adder, from registers:
  // the low OBW bits of the bytes left are in_len_i's (len_lo), so the
  // carry of r_q + len_lo (len_c: r_q >= OUT_BYTES - len_lo, a function of
  // 2*OBW bits) and the high part len_hi - p_q decide them:
  //   tot >= k*OUT_BYTES  <=>  len_hi - p_q >= k, or == k - 1 with len_c,
  // written per value of p_q as compares of len_hi with constants (logic,
  // no carry chain).  tot's low bits tlo = r_q + len_lo (an OBW-bit add)
  // are the residual count after a bundle leaves and the partial beat's
  // length, both behind the enables.
  localparam HW = 6 - OBW;                                // len_hi bits
  // x >= k for a constant k, as gates (a compare Yosys would map to a carry chain)
  function ge_k;
    input [5:0]   x;
    input integer kc;
    integer       i;
    reg           g;
    begin
      g = 1'b1;
      for (i = 0; i < 6; i = i + 1)
        g = (((kc >> i) & 1) != 0) ? (x[i] & g) : (x[i] | g);
      ge_k = (kc > 63) ? 1'b0 : g;
    end
  endfunction
  wire [OBW-1:0] len_lo = in_len_i[OBW-1:0];
  wire [HW-1:0]  len_hi = in_len_i[5:OBW];
  reg            len_c, ge1, ge2;
  integer        c2;
  always @* begin
    len_c = 1'b0;
    for (c2 = 1; c2 < OUT_BYTES; c2 = c2 + 1)
      len_c = len_c | (({{(32 - OBW){1'b0}}, r_q} == c2) &
                       ge_k({{(6 - OBW){1'b0}}, len_lo}, OUT_BYTES - c2));
    ge1 = 1'b0;
    ge2 = 1'b0;
    for (c2 = 0; c2 < NCH; c2 = c2 + 1) begin
      ge1 = ge1 | (({{(32 - PW){1'b0}}, p_q} == c2) &
                   (ge_k({{OBW{1'b0}}, len_hi}, c2 + 1) |
                    (({{(32 - HW){1'b0}}, len_hi} == c2) & len_c)));
      ge2 = ge2 | (({{(32 - PW){1'b0}}, p_q} == c2) &
                   (ge_k({{OBW{1'b0}}, len_hi}, c2 + 2) |
                    (({{(32 - HW){1'b0}}, len_hi} == c2 + 1) & len_c)));
    end
  end
  wire [OBW-1:0] tlo  = r_q + (in_valid_i ? len_lo : {OBW{1'b0}});   // tot's low bits
  wire          r_nz  = rth_q[0];                          // r_q != 0
  wire          go    = ~bv_q | out_ready_i;               // the beat register loads
  wire          full  = go & in_valid_i & ge1;             // a full beat of lo
  // (tot != 0: a presented bundle has bytes left)
  wire          flush = go & ~in_more_i & ~(in_valid_i & ge1) & (in_valid_i | r_nz);
  wire          absorb = in_valid_i & ~ge1 & ~flush;       // the bundle into the residual
  wire          step  = full & ge2;                        // the bundle stays, p_q steps on
  // (full & ~ge2) | (in_valid_i & ~ge1), written on go, not on full: one
  // function of ge1, ge2 and the beat register's flags, not one after full
  wire          pop   = in_valid_i & (~ge1 | (go & ~ge2));
  assign in_ready_o = pop;

  // Reset: folded into the next state as an AND with rst_ni (state zero,
  // rth_q zero).  With an active-low synchronous reset Yosys 0.23
  // (synth_ecp5) spends a LUT4 per flip-flop on inverting rst_ni into its
  // LSR input.
  // rth_d is selected beside r_d from the thermometers of r_q and tlo (not
  // decoded from r_d).
  reg [OUT_BYTES-1:0] tot_th;                              // lanes below tot (tot < OUT_BYTES)
  integer j;
  always @* begin
    r_d     = r_q;
    rth_d   = rth_q;
    res_d   = res_q;
    p_d     = p_q;
    bv_d    = bv_q;
    bdata_d = bdata_q;
    bkeep_d = bkeep_q;
    for (j = 0; j < OUT_BYTES; j = j + 1) tot_th[j] = (j < tlo);
    if (full) begin
      r_d   = ge2 ? r_q : tlo;
      rth_d = ge2 ? rth_q : tot_th;
      res_d = hi;
    end else if (flush) begin
      r_d   = {OBW{1'b0}};
      rth_d = {OUT_BYTES{1'b0}};
    end else if (absorb) begin
      r_d   = tlo;
      rth_d = tot_th;
      res_d = lo;
    end
    if (step) begin
      p_d  = p_q + ONE_P;
    end else if (pop) begin
      p_d = {PW{1'b0}};
    end
    if (go) begin
      bv_d    = full | flush;
      bkeep_d = full ? {OUT_BYTES{1'b1}} : flush ? tot_th : {OUT_BYTES{1'b0}};
      for (j = 0; j < OUT_BYTES; j = j + 1)
        bdata_d[8*j +: 8] = bkeep_d[j] ? lo[8*j +: 8] : 8'h00;
    end
    r_d     = r_d & {OBW{rst_ni}};
    p_d     = p_d & {PW{rst_ni}};
    bv_d    = bv_d & rst_ni;
    bkeep_d = bkeep_d & {OUT_BYTES{rst_ni}};
    bdata_d = bdata_d & {CB{rst_ni}};
    rth_d   = rth_d & {OUT_BYTES{rst_ni}};
  end

  always @(posedge clk_i) begin
    r_q     <= r_d;
    rth_q   <= rth_d;
    p_q     <= p_d;
    bv_q    <= bv_d;
    bdata_q <= bdata_d;
    bkeep_q <= bkeep_d;
  end

  // data registers: no reset (read only below r_q, or while p_q != 0)
  always @(posedge clk_i) begin
    res_q <= res_d;
  end

  assign out_valid_o = bv_q;
  assign out_data_o  = bdata_q;
  assign out_keep_o  = bkeep_q;
  assign empty_o     = ~bv_q & ~r_nz;

`ifdef FORMAL
  // ---- formal ----------------------------------------------------------------
  // With FV_ETE_OUT_GBOX_TOP (formal/ete_out_fifo.sby, gbox tasks) the bundle
  // side's rules are assumed and a tracked byte proves order and count: the
  // byte with sequence number f_n of the bundle stream (counted from reset)
  // has the value f_v; it is output as byte f_n of the beat stream, with
  // that value, and no byte is added, lost or reordered (the counts).
  // Inside ete_out_fifo the bundle side's rules are asserted instead.
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;

  localparam FW = 8;                      // byte sequence counters (held < 128)
  reg            f_stall_q = 1'b0;        // last clock: a bundle presented, not taken
  reg [8*PKT_BYTES+5:0] f_in_q;
  always @(posedge clk_i) begin
    f_stall_q <= rst_ni && in_valid_i && !in_ready_o;
    f_in_q    <= {in_len_i, in_data_i};
  end
  wire f_in_rule  = !(f_past_valid && rst_ni && f_stall_q) ||
                    (in_valid_i && {in_len_i, in_data_i} == f_in_q);
  wire f_len_rule = !(rst_ni && in_valid_i) ||
                    (in_len_i != 6'd0 && {1'b0, in_len_i} <= PKT_BYTES[6:0]);
`ifdef FV_ETE_OUT_GBOX_TOP
  always @* if (!f_past_valid) assume (!rst_ni);
  always @* assume (f_in_rule && f_len_rule);
`else
  always @* if (f_past_valid) assert (f_in_rule && f_len_rule);
`endif

  fv_vr_check #(.W (9 * OUT_BYTES), .ASSUME (0)) f_out_vr (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .valid_i (out_valid_o), .ready_i (out_ready_i),
    .data_i ({out_keep_o, out_data_o})
  );

  // bytes in the beat register (keep is contiguous from lane 0)
  reg [FW-1:0] f_nb;
  integer fi;
  always @* begin
    f_nb = {FW{1'b0}};
    for (fi = 0; fi < OUT_BYTES; fi = fi + 1)
      if (bkeep_q[fi]) f_nb = f_nb + 1'b1;
  end
  wire [FW-1:0] f_r    = {{(FW - OBW){1'b0}}, r_q};
  // the registered thermometer of r_q
  reg [OUT_BYTES-1:0] f_rth;
  integer fj;
  always @* for (fj = 0; fj < OUT_BYTES; fj = fj + 1) f_rth[fj] = (fj < r_q);
  wire [FW-1:0] f_len  = {{(FW - 6){1'b0}}, in_len_i};
  wire [FW-1:0] f_pob  = {{(FW - PW){1'b0}}, p_q} * OUT_BYTES;
  wire [FW-1:0] f_mcur = f_len - f_pob;               // bytes left of the bundle
  wire [FW-1:0] f_tot  = f_r + (in_valid_i ? f_mcur : {FW{1'b0}});
  // bytes of the presented bundle already moved out of it
  wire [FW-1:0] f_used = in_valid_i ? f_len - f_mcur : {FW{1'b0}};

  // byte counts: f_bin_q bytes of bundles that left, f_bout_q of beats
  reg [FW-1:0] f_bin_q, f_bout_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      f_bin_q  <= {FW{1'b0}};
      f_bout_q <= {FW{1'b0}};
    end else begin
      if (pop)                     f_bin_q  <= f_bin_q + f_len;
      if (out_valid_o && out_ready_i) f_bout_q <= f_bout_q + f_nb;
    end
  end

  localparam [PW-1:0] F_NCH1 = NCH - 1;
  localparam [FW-1:0] F_OB1  = OUT_BYTES[FW-1:0];
  localparam integer  F_OB2I = 2 * OUT_BYTES;
  localparam [FW-1:0] F_OB2  = F_OB2I[FW-1:0];
  always @* if (f_past_valid && rst_ni) begin
    // beats: keep nonzero and contiguous from lane 0, unkept lanes zero
    if (out_valid_o) assert (out_keep_o[0] && (out_keep_o & (out_keep_o + 1'b1)) == 0);
    else             assert (out_keep_o == {OUT_BYTES{1'b0}});
    // the chunk index: within the bundle, only while it is presented
    // (and held: it was presented and not taken last clock)
    assert (p_q <= F_NCH1);
    if (p_q != {PW{1'b0}}) begin
      assert (f_stall_q && in_valid_i);
      assert (f_pob < f_len);
    end
    assert (rth_q == f_rth);
    // the adder-free compares and tot's low bits
    if (in_valid_i) assert (ge1 == (f_tot >= F_OB1) && ge2 == (f_tot >= F_OB2));
    assert (tlo == f_tot[OBW-1:0]);
    // every byte in is out, in the beat register, or in the residual
    assert (f_bin_q + f_used == f_bout_q + f_nb + f_r);
    // empty_o exact
    assert (empty_o == (f_nb + f_r == {FW{1'b0}}));
    // no byte stranded: with the beat register free and nothing more coming,
    // the held bytes go out
    if (go && !in_more_i && f_tot != {FW{1'b0}}) assert (bv_d);
    // rate: a presented bundle waits only behind a full beat's worth
    if (in_valid_i && !in_ready_o) assert (ge1 && (!go || ge2));
  end
  generate
    if (NCH > 3) begin : g_f_win
      always @* if (f_past_valid && rst_ni)
        assert (g_win_1h.p1h_q == ({{(NCH - 1){1'b0}}, 1'b1} << p_q));
    end
  endgenerate
  genvar gf;
  generate
    for (gf = 0; gf < OUT_BYTES; gf = gf + 1) begin : g_f_lane
      always @* if (f_past_valid && rst_ni) begin
        if (!out_keep_o[gf]) assert (out_data_o[8*gf +: 8] == 8'h00);
      end
    end
  endgenerate

`ifdef FV_ETE_OUT_GBOX_TOP
  (* anyconst *) reg [FW-1:0] f_n;
  (* anyconst *) reg [7:0]    f_v;
  // the bundle stream: byte f_n has the value f_v
  wire [FW-1:0] f_ni = f_n - f_bin_q;                 // its lane in the presented bundle
  always @* if (rst_ni && in_valid_i && f_ni < f_len)
    assume (in_data_i[8*f_ni[5:0] +: 8] == f_v);
  // ... and wherever it is held it has that value; so it leaves as byte
  // f_n of the beat stream
  wire [FW-1:0] f_no = f_n - f_bout_q;                // its lane in the beat register
  wire [FW-1:0] f_nr = f_no - f_nb;                   // its lane in the residual
  always @* if (f_past_valid && rst_ni) begin
    if (f_no < f_nb) assert (out_data_o[8*f_no[OBW-1:0] +: 8] == f_v);
    if (f_nr < f_r)  assert (res_q[8*f_nr[OBW-1:0] +: 8] == f_v);
  end
`endif

  always @(posedge clk_i) if (f_past_valid && rst_ni) begin
    cover (out_valid_o && out_ready_i && out_keep_o != {OUT_BYTES{1'b1}});
    cover (out_valid_o && out_ready_i && out_keep_o == {OUT_BYTES{1'b1}} && r_q != 0);
    cover (step && r_q != 0);
  end
`endif

endmodule

`default_nettype wire
