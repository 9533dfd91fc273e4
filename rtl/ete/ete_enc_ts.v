// ETE encoder: Timestamp packet (D5.9).
//
// Header 02 (no COUNT) or 03 (COUNT follows).  TS is compressed against the
// last timestamp output (D6.11.5, D15.4.3 BitReplacement with N = 64): the
// fewest 7-bit groups, least significant first with bit 7 = another byte,
// that cover every bit that changed; when bits [63:56] change, eight groups
// and a ninth byte holding TS[63:56].  COUNT is an unsigned LE128 field
// (D5.3.1) of at most 20 bits.  Which TS bytes are present comes in as
// tsb_i (the caller compares TS with the last timestamp output one
// pipeline stage earlier: ete_pipe_pkt's S6a), so this former only places
// bytes and adds lengths.
`default_nettype none

module ete_enc_ts (
  input  wire [63:0]  ts_i,
  input  wire [8:1]   tsb_i,      // TS field byte k present: group k (bits [7k +: 7], group
                                  // 8 bits [63:56]) or a higher one differs from the last
                                  // timestamp output (0 after Trace Info, R_GFQQ)
  input  wire         has_count_i,
  input  wire [19:0]  count_i,
  output reg  [103:0] data_o,     // byte i at [8i +: 8]
  output reg  [3:0]   len_o,      // 2 .. 13
  output wire [6:0]   type_o      // docs/ete-packets.md index
);

  `include "ete_pkt_types.vh"
  assign type_o = ETE_PKT_TIMESTAMP;

  // bits [6:0] always go out; the field's length is one-hot
  reg [9:0] t;          // t[k]: TS byte k present (t[0] always, t[9] never)
  reg [8:0] nbh;        // one-hot: the TS field is k + 1 bytes
  integer i, k;
  always @* begin
    t[0]   = 1'b1;
    t[8:1] = tsb_i;
    t[9]   = 1'b0;
    for (k = 0; k <= 8; k = k + 1)
      nbh[k] = t[k] && !t[k + 1];
  end

  // the TS field, up to nine bytes: 7 bits each with bit 7 = another byte
  // follows, the ninth TS[63:56]
  reg [71:0] tsf;
  always @* begin
    tsf = 72'd0;
    for (i = 0; i < 8; i = i + 1) begin
      if (t[i]) begin
        tsf[8*i +: 7] = ts_i[7*i +: 7];
        tsf[8*i + 7]  = t[i + 1];
      end
    end
    if (t[8])
      tsf[71:64] = ts_i[63:56];
  end

  // COUNT, unsigned LE128
  reg [23:0] uleb;
  reg [1:0]  uleb_len;
  always @* begin
    if (count_i[19:7] == 13'd0) begin
      uleb     = {16'd0, 1'b0, count_i[6:0]};
      uleb_len = 2'd1;
    end else if (count_i[19:14] == 6'd0) begin
      uleb     = {8'd0, 1'b0, count_i[13:7], 1'b1, count_i[6:0]};
      uleb_len = 2'd2;
    end else begin
      uleb     = {2'b00, count_i[19:14], 1'b1, count_i[13:7], 1'b1, count_i[6:0]};
      uleb_len = 2'd3;
    end
  end

  // COUNT after the header and the k + 1 TS bytes: at byte k + 2
  reg [103:0] cnt_sh;
  reg [3:0]   nb;          // TS bytes, 1 .. 9
  always @* begin
    cnt_sh = 104'd0;
    nb     = 4'd0;
    for (k = 0; k <= 8; k = k + 1) begin
      cnt_sh = cnt_sh | (({80'd0, uleb} << (8 * (k + 2))) & {104{nbh[k]}});
      nb     = nb | ((k[3:0] + 4'd1) & {4{nbh[k]}});
    end
    data_o = {24'd0, tsf, 8'h02};
    len_o  = 4'd1 + nb;
    if (has_count_i) begin
      data_o = {24'd0, tsf, 8'h03} | cnt_sh;
      len_o  = 4'd1 + nb + {2'b00, uleb_len};
    end
  end

endmodule

`default_nettype wire
