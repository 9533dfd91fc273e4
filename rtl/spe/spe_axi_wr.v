// SPE AXI4 write master (SPE supplement 3.4): writes one formed record from
// the record buffer (spe_rec) to [ptr_i, end_i) of the Profiling Buffer,
// as INCR bursts that end at the record's end or at a 4 KB boundary.  Part
// of spe_top.
//
// start_i (one clock, while idle) takes the record: ptr_i is its first
// byte, end_i / last_i (end_i - 1) its end, held by spe_top until done_o.
// For each burst: AW (address ba rounded down to the bus width, length to
// the burst's last beat), then the beats, each the bus word of the record
// buffer at the beat address modulo 2^MAX_SIZE, its lanes strobed when
// their address lies in [ba, be), then B.  A B response with bresp[1]
// (external abort) or for the burst that ends at end_i finishes the
// record: done_o is high in that clock (with m_axi_bvalid_i), and spe_top
// reads bresp, ba_o (the aborted burst's first byte).  No outstanding
// transactions: one burst at a time, AW before W, W before B.
//
// AXI rules: m_axi_awvalid_o, m_axi_wvalid_o and m_axi_bready_o are
// registered state bits; AW and W hold their payload until taken.
//
// The beat's row is read from spe_rec one clock ahead: rd_row_o is the row
// of the beat address the next clock holds.
`default_nettype none

module spe_axi_wr #(
  parameter DATA_W   = 64,  // AXI data width: 64 or 128 (spe_top checks)
  parameter ID_W     = 4,   // AXI ID width: 1..16
  parameter AXI_ID   = 0,   // AWID of every burst: 0..2**ID_W-1
  parameter MAX_SIZE = 7    // record buffer 2^MAX_SIZE bytes: 6..8
) (
  input  wire                clk_i,
  input  wire                rst_ni,            // synchronous, active low

  input  wire                start_i,           // take a record (while busy_o is low)
  input  wire [63:0]         ptr_i,             // its first byte
  input  wire [63:0]         end_i,             // its end (exclusive), held until done_o
  input  wire [63:0]         last_i,            // end_i - 1, held until done_o
  output wire                busy_o,            // a record is being written
  output wire                done_o,            // the record's last B (or an abort) this clock
  output wire [63:0]         ba_o,              // the current burst's first byte

  // record buffer read (spe_rec)
  output wire [MAX_SIZE-5:0] rd_row_o,
  input  wire [127:0]        rd_data_i,         // the row of the last clock's rd_row_o

`ifdef FORMAL
  output wire [63:0]         f_be_o,            // formal only: the burst's end
  output wire [63:0]         f_wa_o,            // formal only: the beat address
`endif

  // AXI4 write master
  output wire [ID_W-1:0]     m_axi_awid_o,
  output wire [63:0]         m_axi_awaddr_o,
  output wire [7:0]          m_axi_awlen_o,
  output wire [2:0]          m_axi_awsize_o,
  output wire [1:0]          m_axi_awburst_o,
  output wire                m_axi_awlock_o,
  output wire [3:0]          m_axi_awcache_o,
  output wire [2:0]          m_axi_awprot_o,
  output wire                m_axi_awvalid_o,
  input  wire                m_axi_awready_i,
  output reg  [DATA_W-1:0]   m_axi_wdata_o,
  output reg  [DATA_W/8-1:0] m_axi_wstrb_o,
  output wire                m_axi_wlast_o,
  output wire                m_axi_wvalid_o,
  input  wire                m_axi_wready_i,
  input  wire [ID_W-1:0]     m_axi_bid_i,
  input  wire [1:0]          m_axi_bresp_i,
  input  wire                m_axi_bvalid_i,
  output wire                m_axi_bready_o
);

  localparam DB_LOG2 = (DATA_W == 128) ? 4 : 3;
  localparam DB      = 1 << DB_LOG2;
  localparam [ID_W-1:0] AXI_ID_V = AXI_ID[ID_W-1:0];

  localparam [1:0] W_IDLE = 2'd0, W_AW = 2'd1, W_W = 2'd2, W_B = 2'd3;

  reg [1:0]  st_q, st_d;
  reg [63:0] ba_q, ba_d;                  // first byte of the current burst
  reg [63:0] be_q, be_d;                  // end of the current burst (exclusive)
  reg [63:0] wa_q, wa_d;                  // address of the current beat
  reg [7:0]  bl_q, bl_d, bc_q, bc_d;      // burst length - 1, beat count
  reg [63:0] nxt4k;

  // the record ends in the page of ba_q: at or before the next 4 KB boundary
  wire aw_page = last_i[63:12] == ba_q[63:12];
  // the AW beat count of the burst being requested (in the page of ba_q:
  // the burst's last byte is last_i when the record ends in the page, else
  // the page's last byte)
  wire [11:0] aw_lb   = aw_page ? last_i[11:0] : 12'hFFF;
  wire [11:0] aw_last = {{DB_LOG2{1'b0}}, aw_lb[11:DB_LOG2]} -
                        {{DB_LOG2{1'b0}}, ba_q[11:DB_LOG2]};
  wire        b_end   = m_axi_bresp_i[1] || be_q == end_i;

  always @* begin
    st_d = st_q; ba_d = ba_q; be_d = be_q; wa_d = wa_q; bl_d = bl_q; bc_d = bc_q;
    nxt4k = {ba_q[63:12], 12'd0} + 64'h1000;
    case (st_q)
      W_IDLE: begin
        if (start_i) begin
          ba_d = ptr_i;
          st_d = W_AW;
        end
      end
      W_AW: begin
        // one INCR burst from ba_q to the record end or the next 4 KB boundary
        be_d = aw_page ? end_i : nxt4k;
        wa_d = {ba_q[63:DB_LOG2], {DB_LOG2{1'b0}}};
        bl_d = aw_last[7:0];
        bc_d = 8'd0;
        if (m_axi_awready_i)
          st_d = W_W;
      end
      W_W: begin
        if (m_axi_wready_i) begin
          wa_d = wa_q + DB;
          bc_d = bc_q + 8'd1;
          if (m_axi_wlast_o)
            st_d = W_B;
        end
      end
      default: begin   // W_B
        if (m_axi_bvalid_i) begin
          if (b_end) begin
            st_d = W_IDLE;
          end else begin
            ba_d = be_q;
            st_d = W_AW;
          end
        end
      end
    endcase
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q <= W_IDLE; ba_q <= 64'd0; be_q <= 64'd0; wa_q <= 64'd0; bl_q <= 8'd0; bc_q <= 8'd0;
    end else begin
      st_q <= st_d; ba_q <= ba_d; be_q <= be_d; wa_q <= wa_d; bl_q <= bl_d; bc_q <= bc_d;
    end
  end

  // ---- beat data ------------------------------------------------------------------
  // The beat at wa_q is the bus word of the record buffer at wa_q mod
  // 2^MAX_SIZE (in the row rd_data_i).  Lane i is strobed when its address
  // wa_q + i lies in [ba_q, be_q).  A burst lies in the 4 KB page of ba_q
  // and ends at most at the page's end, so that is decided on the offsets
  // in the page: wd_be is be_q - page(ba_q), 1..0x1000.
  wire [127:0]      wd_row  = (DB == 8 && wa_q[3]) ? {64'd0, rd_data_i[127:64]} : rd_data_i;
  wire [DATA_W-1:0] wd_word = wd_row[DATA_W-1:0];
  wire              wd_page = wa_q[63:12] == ba_q[63:12];
  wire [12:0]       wd_be   = {be_q[12] ^ ba_q[12], be_q[11:0]};
  reg  [12:0]       lane_o;
  integer           i;
  always @* begin
    m_axi_wdata_o = {DATA_W{1'b0}};
    m_axi_wstrb_o = {DATA_W/8{1'b0}};
    lane_o = 13'd0;
    for (i = 0; i < DB; i = i + 1) begin
      lane_o = {1'b0, wa_q[11:DB_LOG2], i[DB_LOG2-1:0]};
      if (wd_page && lane_o >= {1'b0, ba_q[11:0]} && lane_o < wd_be) begin
        m_axi_wstrb_o[i] = 1'b1;
        m_axi_wdata_o[8*i +: 8] = wd_word[8*i +: 8];
      end
    end
  end

  assign rd_row_o = wa_d[MAX_SIZE-1:4];
  assign busy_o   = st_q != W_IDLE;
  assign done_o   = st_q == W_B && m_axi_bvalid_i && b_end;
  assign ba_o     = ba_q;
`ifdef FORMAL
  assign f_be_o = be_q;
  assign f_wa_o = wa_q;
`endif

  assign m_axi_awid_o    = AXI_ID_V;
  assign m_axi_awaddr_o  = {ba_q[63:DB_LOG2], {DB_LOG2{1'b0}}};
  assign m_axi_awlen_o   = aw_last[7:0];
  assign m_axi_awsize_o  = DB_LOG2[2:0];
  assign m_axi_awburst_o = 2'b01;                               // INCR
  assign m_axi_awlock_o  = 1'b0;
  assign m_axi_awcache_o = 4'b0011;
  assign m_axi_awprot_o  = 3'b000;
  assign m_axi_awvalid_o = st_q == W_AW;
  assign m_axi_wvalid_o  = st_q == W_W;
  assign m_axi_wlast_o   = bc_q == bl_q;
  assign m_axi_bready_o  = st_q == W_B;

  wire unused_ok = &{1'b0, m_axi_bid_i, m_axi_bresp_i[0], aw_last[11:8], aw_lb[DB_LOG2-1:0],
                     wa_q[DB_LOG2-1:0], wd_row};

endmodule

`default_nettype wire
