// ETMv1 branch address packet encoder (ARM IHI 0014Q, 6.7.1 "Branch Address
// trace packets"; docs/etmv1.md).
//
// One branch target per clock in; one packet of 1..5 bytes per clock out.
// The unit registers the last address it output and sends only the low-order
// bytes that cover every bit that changed (6.7.1: "Only sufficient low order
// bits must be output to cover all the bits that have changed").
//
// Packet (6.7.1 "Branch address generation", Table 6.9).  P, the payload, is
// the address with a 1 above bit 31 (step 1; the 33rd bit, docs/etmv1.md),
// shifted right by 2 (ARM) or 1 (Thumb) (step 2):
//   ARM   P = {2'b01, A[31:2]}      Thumb  P = {1'b1, A[31:1]}
// W = {E, 1'b0, P, 1'b1} (step 3, and the E bit of Table 6.9 at W[34]); byte
// k = {C, W[7k+6:7k]} (steps 4-5), C = 1 in every byte but the last:
//   byte 0 {C, P[5:0], 1}, byte k = 1..3 {C, P[7k+5:7k-1]},
//   byte 4 {0, E, 0, P[31:27]} = b0E001AAA (ARM) or b0001AAAA (Thumb).
// A packet of n bytes carries P[7n-2:0]; n is the least that covers every bit
// of P that differs from the last output payload, or 5 when
//   - nothing has been output since reset,
//   - full_i is set with the address (sync),
//   - the branch is an exception branch (E lives only in the fifth byte).
// A change of state moves the marker bit of P, so it always gives 5 bytes.
//
// Pipeline: stage 1 registers the payload, E and the byte count (the
// changed-bit computation: XOR with the last payload and a priority on the
// four groups); stage 2 formats the bytes into the output register.  Both
// stages advance together when the output is free; throughput one packet per
// clock, latency two clocks.
//
// Input port (valid/ready): a beat is taken at a rising edge with in_valid_i
//   && in_ready_o.  in_ready_o = stage 1 empty, or stage 1 moving into the
//   output register (output empty or out_ready_i).  in_ready_o depends on
//   out_ready_i (two gates, no skid buffer) and never on in_valid_i.  The
//   producer may drop or change in_valid_i and the data while in_ready_o is
//   low: only taken beats count.
// Output port (AXI-stream rules): out_valid_o, out_data_o and out_cnt_o are
//   flip-flop outputs; out_valid_o never depends on out_ready_i in the same
//   clock; while out_valid_o && !out_ready_i they hold.  A packet is taken at
//   a rising edge with out_valid_o && out_ready_i.  out_data_o byte k is at
//   [8k+7:8k], bytes 0 .. out_cnt_o-1 go out in order, bytes from out_cnt_o
//   up are zero.
// Reset: rst_ni low at a rising edge empties both stages and forgets the last
//   address (the next packet is full).  The data registers keep no reset:
//   out_data_o and out_cnt_o are unspecified while out_valid_o is low.
//
// No parameters: the packet format of 6.7.1 is fixed (32-bit addresses,
// five bytes at most).
`default_nettype none

module etmv1_baddr (
  input  wire        clk_i,
  input  wire        rst_ni,       // synchronous, active low
  // branch targets, one per beat
  input  wire        in_valid_i,
  output wire        in_ready_o,
  /* verilator lint_off UNUSEDSIGNAL */
  // (A[0] is below the alignment of both states)
  input  wire [31:0] in_addr_i,    // target; A[1:0] (ARM) or A[0] (Thumb) not used
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire        in_thumb_i,   // 1: Thumb state at the target, 0: ARM
  input  wire        in_exc_i,     // exception branch: E bit, full address (ARM; ignored for Thumb)
  input  wire        full_i,       // force a full (five-byte) address for this beat: sync
  // packets, one per beat
  output wire        out_valid_o,
  input  wire        out_ready_i,
  output wire [39:0] out_data_o,   // byte k at [8k+7:8k]; bytes >= out_cnt_o are zero
  output wire [2:0]  out_cnt_o     // bytes in the packet, 1..5
);

  // ---- state -------------------------------------------------------------------
  reg [31:0] last_q, last_d;       // payload P of the last address taken
  reg        have_q, have_d;       // an address has been taken since reset
  reg        s1_valid_q, s1_valid_d;
  reg [31:0] s1_p_q, s1_p_d;       // stage 1: payload
  reg        s1_e_q, s1_e_d;       //          E bit
  reg [2:0]  s1_cnt_q, s1_cnt_d;   //          byte count
  reg        out_valid_q, out_valid_d;
  reg [39:0] out_data_q, out_data_d;
  reg [2:0]  out_cnt_q, out_cnt_d;

  assign out_valid_o = out_valid_q;
  assign out_data_o  = out_data_q;
  assign out_cnt_o   = out_cnt_q;

  // ---- handshakes ----------------------------------------------------------------
  wire out_free = !out_valid_q || out_ready_i;   // the output register can load
  wire s1_free  = !s1_valid_q || out_free;       // stage 1 can load
  assign in_ready_o = s1_free;
  wire in_fire  = in_valid_i && s1_free;

  // ---- stage 1 work: payload, changed bits, byte count -----------------------------
  // steps 1-2: the marker above A[31], shifted by 2 (ARM) or 1 (Thumb)
  wire [31:0] in_p = in_thumb_i ? {1'b1, in_addr_i[31:1]} : {2'b01, in_addr_i[31:2]};
  wire        in_e = in_exc_i && !in_thumb_i;    // "There is no E bit for Thumb addresses"
  /* verilator lint_off UNUSEDSIGNAL */
  // (changes in P[5:0], byte 0, need no more than the one byte every packet has)
  wire [31:0] diff = in_p ^ last_q;
  /* verilator lint_on UNUSEDSIGNAL */
  // n bytes carry P[7n-2:0]: byte 0 P[5:0], byte 1 P[12:6], byte 2 P[19:13],
  // byte 3 P[26:20], byte 4 P[31:27]
  wire        ch4 = |diff[31:27];
  wire        ch3 = |diff[26:20];
  wire        ch2 = |diff[19:13];
  wire        ch1 = |diff[12:6];
  wire [2:0]  in_cnt = (!have_q || full_i || in_e || ch4) ? 3'd5 :
                       ch3 ? 3'd4 : ch2 ? 3'd3 : ch1 ? 3'd2 : 3'd1;

  // ---- stage 2 work: the bytes (steps 3-5, Table 6.9) -------------------------------
  wire [34:0] s1_w = {s1_e_q, 1'b0, s1_p_q, 1'b1};
  reg  [39:0] s1_bytes;
  integer k;
  always @* begin
    s1_bytes = 40'd0;
    for (k = 0; k < 5; k = k + 1) begin
      if (k < s1_cnt_q) begin
        s1_bytes[8*k +: 7] = s1_w[7*k +: 7];
        s1_bytes[8*k + 7]  = (k + 1 < s1_cnt_q);  // address continue bit
      end
    end
  end

  // ---- next state: defaults first ------------------------------------------------------
  always @* begin
    last_d      = last_q;
    have_d      = have_q;
    s1_valid_d  = s1_valid_q;
    s1_p_d      = s1_p_q;
    s1_e_d      = s1_e_q;
    s1_cnt_d    = s1_cnt_q;
    out_valid_d = out_valid_q;
    out_data_d  = out_data_q;
    out_cnt_d   = out_cnt_q;

    if (out_free) begin
      out_valid_d = s1_valid_q;
      if (s1_valid_q) begin
        out_data_d = s1_bytes;
        out_cnt_d  = s1_cnt_q;
      end
    end
    if (s1_free) begin
      s1_valid_d = in_valid_i;
    end
    if (in_fire) begin
      s1_p_d   = in_p;
      s1_e_d   = in_e;
      s1_cnt_d = in_cnt;
      last_d   = in_p;
      have_d   = 1'b1;
    end

    // Only the flags reset: last_q, the stage-1 fields and the output word
    // are read only under have_q, s1_valid_q and out_valid_q, so they keep
    // no reset (no reset net on 80 datapath flip-flops)
    if (!rst_ni) begin
      have_d      = 1'b0;
      s1_valid_d  = 1'b0;
      out_valid_d = 1'b0;
    end
  end

  always @(posedge clk_i) begin
    last_q      <= last_d;
    have_q      <= have_d;
    s1_valid_q  <= s1_valid_d;
    s1_p_q      <= s1_p_d;
    s1_e_q      <= s1_e_d;
    s1_cnt_q    <= s1_cnt_d;
    out_valid_q <= out_valid_d;
    out_data_q  <= out_data_d;
    out_cnt_q   <= out_cnt_d;
  end

`ifdef FORMAL
  // ==== properties (formal/etmv1_baddr.sby) ===========================================
  // A reference written from the document independently of the logic above:
  // at every taken beat the expected packet is computed from a shadow of the
  // last address and queued (at most two packets are in flight); every packet
  // leaving must be the queue head.  The expected byte count is the least n
  // whose n bytes hold every changed payload bit (a loop, not the priority
  // above), so "the fewest bytes" and the continuation bits are proved, not
  // assumed.
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (!rst_ni);

  function [2:0] f_min_bytes;      // least n with every changed bit in P[7n-2:0]
    input [31:0] d;
    integer n;
    begin
      f_min_bytes = 3'd5;
      for (n = 4; n >= 1; n = n - 1)
        if ((d >> (7 * n - 1)) == 32'd0) f_min_bytes = n;
    end
  endfunction

  function [39:0] f_pack;          // bytes of payload p, E e, n bytes
    input [31:0] p;
    input        e;
    input [2:0]  n;
    reg   [63:0] w;
    integer i;
    begin
      w = {29'd0, e, 1'b0, p, 1'b1};
      f_pack = 40'd0;
      for (i = 0; i < 5; i = i + 1)
        if (i < n) f_pack[8*i +: 8] = {(i < n - 1) ? 1'b1 : 1'b0, w[7*i +: 7]};
    end
  endfunction

  reg  [31:0] f_last;
  reg         f_have;
  reg  [42:0] f_q0, f_q1;          // {count, bytes}
  reg  [1:0]  f_n;
  wire [31:0] f_p = in_thumb_i ? ((33'h1_0000_0000 | {1'b0, in_addr_i}) >> 1)
                               : ((33'h1_0000_0000 | {1'b0, in_addr_i}) >> 2);
  wire        f_e = in_exc_i & ~in_thumb_i;
  wire [2:0]  f_cnt = (!f_have || full_i || f_e) ? 3'd5 : f_min_bytes(f_p ^ f_last);
  wire [42:0] f_new = {f_cnt, f_pack(f_p, f_e, f_cnt)};
  wire        out_fire = out_valid_o && out_ready_i;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      f_have <= 1'b0;
      f_last <= 32'd0;
      f_n    <= 2'd0;
    end else begin
      if (in_fire) begin
        f_last <= f_p;
        f_have <= 1'b1;
      end
      case ({in_fire, out_fire})
        2'b10: begin
          if (f_n == 2'd0) f_q0 <= f_new; else f_q1 <= f_new;
          f_n <= f_n + 2'd1;
        end
        2'b01: begin
          f_q0 <= f_q1;
          f_n  <= f_n - 2'd1;
        end
        2'b11: begin
          if (f_n == 2'd1) f_q0 <= f_new;
          else begin
            f_q0 <= f_q1;
            f_q1 <= f_new;
          end
        end
        default: ;
      endcase
    end
  end

  // the packet out is the document's packet for the address taken
  always @* if (f_past_valid && rst_ni) begin
    assert (f_n == {1'b0, s1_valid_q} + {1'b0, out_valid_q});
    assert (f_have == have_q);
    if (f_have) assert (f_last == last_q);
    if (out_valid_q) assert ({out_cnt_q, out_data_q} == f_q0);
    if (s1_valid_q && out_valid_q) assert ({s1_cnt_q, s1_bytes} == f_q1);
    if (s1_valid_q && !out_valid_q) assert ({s1_cnt_q, s1_bytes} == f_q0);
    // stage 1 holds a payload with its marker (step 1) and E only on ARM
    if (s1_valid_q) begin
      assert (s1_cnt_q >= 3'd1 && s1_cnt_q <= 3'd5);
      assert (s1_p_q[31:30] != 2'b00);
      if (s1_e_q) assert (s1_p_q[31:30] == 2'b01 && s1_cnt_q == 3'd5);
    end
    if (have_q) assert (last_q[31:30] != 2'b00);
  end

  // packet shape, stated on the output alone
  integer j;
  always @* if (f_past_valid && out_valid_o) begin
    assert (out_cnt_o >= 3'd1 && out_cnt_o <= 3'd5);
    assert (out_data_o[0]);                                       // step 3: trailing 1
    for (j = 0; j < 5; j = j + 1) begin
      if (j < out_cnt_o) assert (out_data_o[8*j+7] == (j + 1 < out_cnt_o)); // step 5
      else assert (out_data_o[8*j +: 8] == 8'd0);
    end
    if (out_cnt_o == 3'd5)                                        // Table 6.9
      assert ((out_data_o[39:32] & 8'hB8) == 8'h08 || (out_data_o[39:32] & 8'hF0) == 8'h10);
  end

  // valid/ready rules of the output; reset
  always @(posedge clk_i) if (f_past_valid) begin
    if (!$past(rst_ni)) assert (!out_valid_o);
    if ($past(rst_ni) && rst_ni && $past(out_valid_o && !out_ready_i)) begin
      assert (out_valid_o);
      assert ($stable(out_data_o));
      assert ($stable(out_cnt_o));
    end
  end

  // covers: every length, E, a held packet, back-to-back packets
  reg f_fire_q = 1'b0;
  always @(posedge clk_i) f_fire_q <= rst_ni && out_fire;
  always @* if (f_past_valid && rst_ni) begin
    cover (out_fire && out_cnt_o == 3'd1);
    cover (out_fire && out_cnt_o == 3'd2);
    cover (out_fire && out_cnt_o == 3'd3);
    cover (out_fire && out_cnt_o == 3'd4);
    cover (out_fire && out_cnt_o == 3'd5 && out_data_o[38]);
    cover (out_fire && out_cnt_o == 3'd5 && out_data_o[36]);  // Thumb
    cover (out_valid_o && !out_ready_i && in_valid_i && !in_ready_o);
    cover (f_fire_q && out_fire && in_fire);
  end
`endif

endmodule

`default_nettype wire
