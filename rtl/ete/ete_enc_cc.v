// ETE encoder: Cycle Count packets (D5.26 - D5.34, D9.2.16.2).
//
// MAXSPEC is 0, so every P0 element is committed when it is generated
// (D6.11.1) and no Cycle Count packet commits anything:
//   COMMOPT 1: unknown 0F (Format 1_1); COUNT <= 3: 10|COUNT (Format 3_1);
//              COUNT <= 15: 0D, F0|COUNT (Format 2_1); else 0E, COUNT as
//              unsigned LE128 (Format 1_1).
//   COMMOPT 0: only Format 1_0 can commit zero elements (D5.26, D5.28;
//              Formats 2_0 and 3_0 commit at least one, D5.30, D5.31, D5.33):
//              unknown 0F 00; else 0E 00 COUNT.
`default_nettype none

module ete_enc_cc #(
  parameter COMMOPT = 1   // TRCIDR0.COMMOPT, 0 or 1
) (
  input  wire        known_i,   // the count is known (else the UNKNOWN form)
  input  wire [19:0] count_i,   // COUNT field: cycles - TRCCCCTLR.THRESHOLD
  output reg  [39:0] data_o,    // byte i at [8i +: 8]
  output reg  [2:0]  len_o,
  output reg  [6:0]  type_o     // docs/ete-packets.md index
);

  `include "ete_pkt_types.vh"

  // unsigned LE128 (D5.3.1) of the 20-bit count: 1 to 3 bytes
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

  always @* begin
    data_o = 40'd0;
    len_o  = 3'd1;
    type_o = ETE_PKT_CC_F1_1_UNKNOWN;
    if (COMMOPT != 0) begin
      if (!known_i) begin
        data_o[7:0] = 8'h0F;                              // D5.27
        type_o      = ETE_PKT_CC_F1_1_UNKNOWN;
      end else if (count_i <= 20'd3) begin
        data_o[7:0] = {6'b000100, count_i[1:0]};          // D5.34
        type_o      = ETE_PKT_CC_F3_1;
      end else if (count_i <= 20'd15) begin
        data_o[15:0] = {4'hF, count_i[3:0], 8'h0D};       // D5.32
        len_o        = 3'd2;
        type_o       = ETE_PKT_CC_F2_1;
      end else begin
        data_o[31:0] = {uleb, 8'h0E};                     // D5.29
        len_o        = 3'd1 + {1'b0, uleb_len};
        type_o       = ETE_PKT_CC_F1_1;
      end
    end else begin
      if (!known_i) begin
        data_o[15:0] = 16'h000F;                          // D5.26, COMMIT 0
        len_o        = 3'd2;
        type_o       = ETE_PKT_CC_F1_0_UNKNOWN;
      end else begin
        data_o[39:0] = {uleb, 8'h00, 8'h0E};              // D5.28, COMMIT 0
        len_o        = 3'd2 + {1'b0, uleb_len};
        type_o       = ETE_PKT_CC_F1_0;
      end
    end
  end

endmodule

`default_nettype wire
