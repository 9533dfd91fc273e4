// ETE encoder: Target Address (D5.47 - D5.53), Target Address with Context
// (D5.56 - D5.59), Exception (D5.13 - D5.23) and PE Reset (D5.25) packets.
//
// The compression decisions (exact match entry, short or long form, with or
// without context) are the caller's (ete_encoder, D6.11.3); this block only
// lays out the bytes:
//   Exception head    06, information byte {0, E[1], TYPE[4:0], E[0]} (D9.2.13.1)
//   Exact match       90 | QE
//   Short IS0 / IS1   95 / 96, A[8:2] / A[7:1] with bit 7 = another byte,
//                     then A[16:9] / A[15:8] (D9.2.14.4)
//   32-bit / 64-bit   IS0: 9A / 9D, A[8:2], A[15:9], A[23:16], A[31:24] (, A[63:32])
//                     IS1: 9B / 9E, A[7:1], A[15:8], A[23:16], ...
//                     with context: 82 / 85 (IS0), 83 / 86 (IS1), then the
//                     context field (ete_enc_ctx)
//   Unknown address   70 (PE Reset, D5.25)
`default_nettype none

module ete_enc_addr (
  input  wire        exc_i,        // Exception head (Exception and PE Reset packets)
  input  wire [1:0]  e_i,          // E field of the Exception head
  input  wire [4:0]  etype_i,      // TYPE field of the Exception head
  input  wire        unk_i,        // address byte "unknown" (PE Reset), with exc_i
  input  wire [1:0]  form_i,       // 0 exact match, 1 short, 2 32-bit, 3 64-bit
  input  wire [1:0]  q_i,          // exact match: history entry
  input  wire        nb2_i,        // short: two address bytes
  input  wire        is1_i,        // sub_isa IS1
  input  wire [63:0] addr_i,
  input  wire        ctx_i,        // with Context (form 32-bit or 64-bit)
  input  wire [1:0]  ctx_el_i,
  input  wire        ctx_ns_i,
  input  wire        ctx_sf_i,
  input  wire        ctx_c_i,
  input  wire        ctx_v_i,
  input  wire [31:0] ctx_cid_i,
  input  wire [31:0] ctx_vmid_i,
  output reg  [159:0] data_o,      // byte i at [8i +: 8]
  output reg  [4:0]   len_o,
  output reg  [6:0]   type_o       // docs/ete-packets.md index
);

  // packet types (docs/ete-packets.md)
  `include "ete_pkt_types.vh"

  localparam [1:0] FORM_EXACT = 2'd0;
  localparam [1:0] FORM_SHORT = 2'd1;
  localparam [1:0] FORM_32    = 2'd2;
  localparam [1:0] FORM_64    = 2'd3;

  wire [71:0] ctx_data;
  wire [3:0]  ctx_len;

  ete_enc_ctx u_ctx (
    .el_i        (ctx_el_i),
    .ns_i        (ctx_ns_i),
    .sf_i        (ctx_sf_i),
    .c_i         (ctx_c_i),
    .v_i         (ctx_v_i),
    .contextid_i (ctx_cid_i),
    .vmid_i      (ctx_vmid_i),
    .data_o      (ctx_data),
    .len_o       (ctx_len)
  );

  // the address part: header byte and address bytes (up to 9 bytes)
  reg [71:0] ap;
  reg [3:0]  ap_len;
  reg [7:0]  hdr;
  reg [6:0]  t_addr;     // packet type without the Exception head
  reg [6:0]  t_exc;      // packet type with the Exception head

  always @* begin
    ap     = 72'd0;
    ap_len = 4'd1;
    hdr    = 8'h00;
    t_addr = ETE_PKT_ADDR_EXACT;
    t_exc  = ETE_PKT_EXC_EXACT;
    if (unk_i) begin
      ap[7:0] = 8'h70;                                   // D9.2.13.1: unknown address
      t_exc   = ETE_PKT_PE_RESET;
    end else begin
      case (form_i)
        FORM_EXACT: begin
          ap[7:0] = {6'b100100, q_i};                    // D5.53, D5.13
          t_addr  = ETE_PKT_ADDR_EXACT;
          t_exc   = ETE_PKT_EXC_EXACT;
        end
        FORM_SHORT: begin
          ap[7:0] = is1_i ? 8'h96 : 8'h95;               // D5.47, D5.48
          // the second address byte only with nb2_i: the bytes past a
          // packet's length are zero (ete_pipe_pkt ORs packets together)
          if (is1_i) begin
            ap[15:8]  = {nb2_i, addr_i[7:1]};
            ap[23:16] = addr_i[15:8] & {8{nb2_i}};
          end else begin
            ap[15:8]  = {nb2_i, addr_i[8:2]};
            ap[23:16] = addr_i[16:9] & {8{nb2_i}};
          end
          ap_len = nb2_i ? 4'd3 : 4'd2;
          t_addr = is1_i ? ETE_PKT_ADDR_SHORT_IS1 : ETE_PKT_ADDR_SHORT_IS0;
          t_exc  = is1_i ? ETE_PKT_EXC_SHORT_IS1 : ETE_PKT_EXC_SHORT_IS0;
        end
        default: begin                                   // FORM_32, FORM_64
          if (form_i == FORM_32)
            hdr = ctx_i ? (is1_i ? 8'h83 : 8'h82) : (is1_i ? 8'h9B : 8'h9A);
          else
            hdr = ctx_i ? (is1_i ? 8'h86 : 8'h85) : (is1_i ? 8'h9E : 8'h9D);
          ap[7:0] = hdr;
          if (is1_i) begin
            ap[15:8]  = {1'b0, addr_i[7:1]};
            ap[23:16] = addr_i[15:8];
          end else begin
            ap[15:8]  = {1'b0, addr_i[8:2]};
            ap[23:16] = {1'b0, addr_i[15:9]};
          end
          ap[39:24] = addr_i[31:16];
          if (form_i == FORM_64) begin
            ap[71:40] = addr_i[63:32];
            ap_len    = 4'd9;
          end else begin
            ap_len    = 4'd5;
          end
          case ({form_i == FORM_64, ctx_i, is1_i})
            3'b000:  begin t_addr = ETE_PKT_ADDR_32_IS0;      t_exc = ETE_PKT_EXC_32_IS0;      end
            3'b001:  begin t_addr = ETE_PKT_ADDR_32_IS1;      t_exc = ETE_PKT_EXC_32_IS1;      end
            3'b010:  begin t_addr = ETE_PKT_ADDR_CTXT_32_IS0; t_exc = ETE_PKT_EXC_CTXT_32_IS0; end
            3'b011:  begin t_addr = ETE_PKT_ADDR_CTXT_32_IS1; t_exc = ETE_PKT_EXC_CTXT_32_IS1; end
            3'b100:  begin t_addr = ETE_PKT_ADDR_64_IS0;      t_exc = ETE_PKT_EXC_64_IS0;      end
            3'b101:  begin t_addr = ETE_PKT_ADDR_64_IS1;      t_exc = ETE_PKT_EXC_64_IS1;      end
            3'b110:  begin t_addr = ETE_PKT_ADDR_CTXT_64_IS0; t_exc = ETE_PKT_EXC_CTXT_64_IS0; end
            default: begin t_addr = ETE_PKT_ADDR_CTXT_64_IS1; t_exc = ETE_PKT_EXC_CTXT_64_IS1; end
          endcase
        end
      endcase
    end
  end

  // the whole packet: [Exception head] address part [context field]
  reg [143:0] body;      // address part and context, up to 18 bytes
  reg [4:0]   body_len;

  always @* begin
    body     = {72'd0, ap};
    body_len = {1'b0, ap_len};
    if (ctx_i && !unk_i && form_i[1]) begin
      if (form_i == FORM_64)
        body[72 +: 72] = ctx_data;
      else
        body[40 +: 72] = ctx_data;
      body_len = {1'b0, ap_len} + {1'b0, ctx_len};
    end
    if (exc_i) begin
      // D5.13: header 06, then {0, E[1], TYPE, E[0]}
      data_o = {body, 1'b0, e_i[1], etype_i, e_i[0], 8'h06};
      len_o  = body_len + 5'd2;
      type_o = t_exc;
    end else begin
      data_o = {16'd0, body};
      len_o  = body_len;
      type_o = t_addr;
    end
  end

  // address bit 0 is never traced (R_F5WRC)
  /* verilator lint_off UNUSED */
  wire unused_a0 = addr_i[0];
  /* verilator lint_on UNUSED */

endmodule

`default_nettype wire
