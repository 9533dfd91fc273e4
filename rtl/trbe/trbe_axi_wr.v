// TRBE AXI4 write master: serves the head of trbe_ctrl's transaction queue
// with one INCR burst, one transaction at a time (docs/trbe.md, "Memory
// writes"):
//   IDLE -> AW: the queue head is valid;
//   AW   -> W : AWVALID handshaken.  AWADDR is the head's first byte
//               address aligned down to the bus width, AWLEN covers up to
//               its last byte, AWSIZE is the bus width, the burst never
//               crosses its block (so never a 4 KB boundary);
//   W    -> B : the last beat handshaken.  Beats are read from the ring
//               (registered RAM read, a two-entry beat FIFO keeps WVALID up
//               at one beat per clock); WSTRB selects the head's bytes and
//               lanes outside them carry zero;
//   B    -> IDLE: BVALID handshaken.  OKAY/EXOKAY: b_ok_o; SLVERR/DECERR:
//               b_err_o, an External Abort for trbe_ctrl (R_XRLSC).
// The next transaction starts only after the write response of the
// previous one: a failed write is never followed by a write of later
// trace (synchronous External Abort handling, R_NZTKV).
`default_nettype none

module trbe_axi_wr #(
  parameter DB_LOG2  = 3,   // log2 of the bus bytes: 3 (64-bit) or 4 (128-bit)
  parameter RW_LOG2  = 3,   // log2 of the ring row bytes: DB_LOG2..4
  parameter BLK_LOG2 = 7,   // log2 of the transaction block (bytes): DB_LOG2+2..DB_LOG2+7, <= 11
  parameter ID_W     = 4,   // AXI ID width: 1..16
  parameter [ID_W-1:0] AXI_ID = {ID_W{1'b0}}   // AWID of every burst
) (
  input  wire                          clk_i,
  input  wire                          rst_ni,

  input  wire                          hd_valid_i,
  input  wire [63:0]                   hd_start_i,
  input  wire [BLK_LOG2:0]             hd_len_i,
  output wire                          w_done_o,
  output wire                          b_ok_o,
  output wire                          b_err_o,

  output wire                          rd_en_o,
  output wire [BLK_LOG2-RW_LOG2:0]     rd_row_o,
  input  wire [8*(1<<RW_LOG2)-1:0]     rd_data_i,

  input  wire [11:0]                   mar_i,     // TRBMAR_EL1
  input  wire [63:0]                   base_i,    // bounds, for the assertions only
  input  wire [63:0]                   limit_i,

  output wire [ID_W-1:0]               m_axi_awid_o,
  output wire [63:0]                   m_axi_awaddr_o,
  output wire [7:0]                    m_axi_awlen_o,
  output wire [2:0]                    m_axi_awsize_o,
  output wire [1:0]                    m_axi_awburst_o,
  output wire                          m_axi_awlock_o,
  output wire [3:0]                    m_axi_awcache_o,
  output wire [2:0]                    m_axi_awprot_o,
  output wire                          m_axi_awvalid_o,
  input  wire                          m_axi_awready_i,
  output wire [8*(1<<DB_LOG2)-1:0]     m_axi_wdata_o,
  output wire [(1<<DB_LOG2)-1:0]       m_axi_wstrb_o,
  output wire                          m_axi_wlast_o,
  output wire                          m_axi_wvalid_o,
  input  wire                          m_axi_wready_i,
  input  wire [ID_W-1:0]               m_axi_bid_i,
  input  wire [1:0]                    m_axi_bresp_i,
  input  wire                          m_axi_bvalid_i,
  output wire                          m_axi_bready_o
);

  localparam DB        = 1 << DB_LOG2;
  localparam RW        = 1 << RW_LOG2;
  localparam LEN_W     = BLK_LOG2 + 1;
  localparam RING_LOG2 = BLK_LOG2 + 1;
  localparam BK_W      = BLK_LOG2 - DB_LOG2 + 1;   // beats in a block: 0..BLOCK/DB
  localparam HALF_W    = (RW_LOG2 > DB_LOG2) ? (RW_LOG2 - DB_LOG2) : 1;

  localparam [1:0] S_IDLE = 2'd0;
  localparam [1:0] S_AW   = 2'd1;
  localparam [1:0] S_W    = 2'd2;
  localparam [1:0] S_B    = 2'd3;

  generate
    if (DB_LOG2 != 3 && DB_LOG2 != 4) begin : g_bad_db
      trbe_axi_wr_DB_LOG2_must_be_3_or_4 u_bad ();
    end
    if (RW_LOG2 < DB_LOG2 || RW_LOG2 > 4) begin : g_bad_rw
      trbe_axi_wr_RW_LOG2_must_be_DB_LOG2_to_4 u_bad ();
    end
    if (BLK_LOG2 < DB_LOG2 + 2 || BLK_LOG2 > DB_LOG2 + 7 || BLK_LOG2 > 11) begin : g_bad_blk
      trbe_axi_wr_BLK_LOG2_must_give_4_to_128_beats_and_at_most_2KB u_bad ();
    end
    if (ID_W < 1 || ID_W > 16) begin : g_bad_id
      trbe_axi_wr_ID_W_must_be_1_to_16 u_bad ();
    end
  endgenerate

  // ---- the burst of the queue head ---------------------------------------------------
  wire [DB_LOG2-1:0]   lane0   = hd_start_i[DB_LOG2-1:0];
  wire [LEN_W-1:0]     span    = {{(LEN_W-DB_LOG2){1'b0}}, lane0} + hd_len_i;  // <= block
  wire [LEN_W-1:0]     span_up = span + {{(LEN_W-DB_LOG2){1'b0}}, {DB_LOG2{1'b1}}};
  wire [BK_W-1:0]      beats   = span_up[LEN_W-1:DB_LOG2];
  wire [BK_W-1:0]      last_bk = beats - {{(BK_W-1){1'b0}}, 1'b1};
  wire [63:0]          aligned = {hd_start_i[63:DB_LOG2], {DB_LOG2{1'b0}}};
  // byte offsets inside the block: first byte, one past the last byte
  wire [LEN_W-1:0]     s_off   = {1'b0, hd_start_i[BLK_LOG2-1:0]};
  wire [LEN_W-1:0]     e_off   = s_off + hd_len_i;
  wire [LEN_W-1:0]     a_off   = {1'b0, hd_start_i[BLK_LOG2-1:DB_LOG2], {DB_LOG2{1'b0}}};

  // ---- state -------------------------------------------------------------------------------
  reg  [1:0]        st_q, st_d;
  reg  [BK_W-1:0]   rk_q, rk_d;          // beats read from the ring
  reg               pv_q, pv_d;          // the RAM output holds a beat this clock
  reg  [DB-1:0]     ps_q, ps_d;          // its strobes
  reg               pl_q, pl_d;          // its last flag
  reg  [HALF_W-1:0] ph_q, ph_d;          // its half of the ring row
  // beat FIFO (two entries)
  reg  [8*DB-1:0]   f0d_q, f0d_d, f1d_q, f1d_d;
  reg  [DB-1:0]     f0s_q, f0s_d, f1s_q, f1s_d;
  reg               f0l_q, f0l_d, f1l_q, f1l_d;
  reg               frd_q, frd_d;
  reg  [1:0]        fn_q,  fn_d;

  // the beat being read: byte offset in the block and ring index
  wire [LEN_W-1:0]     rk_off  = a_off + {rk_q, {DB_LOG2{1'b0}}};
  wire [RING_LOG2-1:0] rk_idx  = {hd_start_i[RING_LOG2-1:BLK_LOG2], {BLK_LOG2{1'b0}}}
                                 + rk_off[RING_LOG2-1:0];

  // which half of a ring row the beat is (rows twice the bus width)
  wire [HALF_W-1:0] rk_half;
  generate
    if (RW_LOG2 > DB_LOG2) begin : g_half
      assign rk_half = rk_idx[RW_LOG2-1:DB_LOG2];
    end else begin : g_full
      assign rk_half = {HALF_W{1'b0}};
    end
  endgenerate

  // strobes of the beat at block offset off: bytes in [s_off, e_off)
  reg [DB-1:0] strb_rk;
  reg [LEN_W-1:0] b_off;
  integer i;
  always @* begin
    for (i = 0; i < DB; i = i + 1) begin
      b_off      = rk_off + i[LEN_W-1:0];
      strb_rk[i] = (b_off >= s_off) && (b_off < e_off);
    end
  end

  wire         fifo_v   = (fn_q != 2'd0);
  wire [8*DB-1:0] fh_d  = frd_q ? f1d_q : f0d_q;
  wire [DB-1:0]   fh_s  = frd_q ? f1s_q : f0s_q;
  wire            fh_l  = frd_q ? f1l_q : f0l_q;
  wire         pop      = fifo_v & m_axi_wready_i;
  wire [1:0]   fn_after = fn_q - {1'b0, pop} + {1'b0, pv_q};
  wire         rd_issue = (st_q == S_W) && (rk_q <= last_bk) && (fn_after <= 2'd1);

  // the RAM word of the pending beat, its half selected and masked
  reg [8*DB-1:0] pdata;
  integer k;
  always @* begin
    pdata = rd_data_i[8*DB-1:0];
    if (RW_LOG2 > DB_LOG2 && ph_q != {HALF_W{1'b0}})
      pdata = rd_data_i[8*RW-1:8*RW-8*DB];
    for (k = 0; k < DB; k = k + 1)
      if (!ps_q[k]) pdata[8*k +: 8] = 8'h00;
  end

  always @* begin
    st_d = st_q;  rk_d = rk_q;  pv_d = 1'b0;  ps_d = ps_q;  pl_d = pl_q;  ph_d = ph_q;
    f0d_d = f0d_q; f0s_d = f0s_q; f0l_d = f0l_q;
    f1d_d = f1d_q; f1s_d = f1s_q; f1l_d = f1l_q;
    frd_d = frd_q; fn_d = fn_after;
    case (st_q)
      S_IDLE: if (hd_valid_i) st_d = S_AW;
      S_AW: if (m_axi_awready_i) begin
        st_d = S_W;
        rk_d = {BK_W{1'b0}};
      end
      S_W: if (pop && fh_l) st_d = S_B;
      default: if (m_axi_bvalid_i) st_d = S_IDLE;     // S_B
    endcase
    if (rd_issue) begin
      rk_d = rk_q + {{(BK_W-1){1'b0}}, 1'b1};
      pv_d = 1'b1;
      ps_d = strb_rk;
      pl_d = (rk_q == last_bk);
      ph_d = rk_half;
    end
    if (pop) frd_d = ~frd_q;
    if (pv_q) begin
      if ((frd_q ^ fn_q[0]) == 1'b1) begin
        f1d_d = pdata; f1s_d = ps_q; f1l_d = pl_q;
      end else begin
        f0d_d = pdata; f0s_d = ps_q; f0l_d = pl_q;
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q <= S_IDLE; rk_q <= {BK_W{1'b0}}; pv_q <= 1'b0; ps_q <= {DB{1'b0}}; pl_q <= 1'b0;
      ph_q <= {HALF_W{1'b0}};
      f0d_q <= {8*DB{1'b0}}; f0s_q <= {DB{1'b0}}; f0l_q <= 1'b0;
      f1d_q <= {8*DB{1'b0}}; f1s_q <= {DB{1'b0}}; f1l_q <= 1'b0;
      frd_q <= 1'b0; fn_q <= 2'd0;
    end else begin
      st_q <= st_d; rk_q <= rk_d; pv_q <= pv_d; ps_q <= ps_d; pl_q <= pl_d; ph_q <= ph_d;
      f0d_q <= f0d_d; f0s_q <= f0s_d; f0l_q <= f0l_d;
      f1d_q <= f1d_d; f1s_q <= f1s_d; f1l_q <= f1l_d;
      frd_q <= frd_d; fn_q <= fn_d;
    end
  end

  // ---- memory attributes from TRBMAR_EL1 (R_FJKLW) ---------------------------------------
  // Attr[7:4] 0000: Device; Attr[3:2] 00 is nGnRnE (non-bufferable), other
  // Device types bufferable.  Attr[7:4] 0100: Normal Non-cacheable.  Any
  // other: Normal cacheable, issued as write-back read/write-allocate.
  // AWPROT: privileged (RJTVDD), data, non-secure unless PAS is Secure (00).
  reg [3:0] cache;
  always @* begin
    if (mar_i[7:4] == 4'b0000)      cache = (mar_i[3:2] == 2'b00) ? 4'b0000 : 4'b0001;
    else if (mar_i[7:4] == 4'b0100) cache = 4'b0011;
    else                            cache = 4'b1111;
  end

  // BID is not checked (one ID is used, responses come in order), SH and
  // BRESP[0] (OKAY vs EXOKAY) do not matter here, the bounds serve the
  // assertions only; the low bits of span_up and rk_idx are below a beat.
  wire unused_ok = ^{m_axi_bid_i, m_axi_bresp_i[0], mar_i[9:8], mar_i[1:0], base_i, limit_i,
                     span_up[DB_LOG2-1:0], rk_idx[DB_LOG2-1:0]};

  assign m_axi_awid_o    = AXI_ID;
  assign m_axi_awaddr_o  = aligned;
  assign m_axi_awlen_o   = {{(8-BK_W+1){1'b0}}, last_bk[BK_W-2:0]};
  assign m_axi_awsize_o  = DB_LOG2[2:0];
  assign m_axi_awburst_o = 2'b01;                    // INCR
  assign m_axi_awlock_o  = 1'b0;
  assign m_axi_awcache_o = cache;
  assign m_axi_awprot_o  = {1'b0, mar_i[11:10] != 2'b00, 1'b1};
  assign m_axi_awvalid_o = (st_q == S_AW);
  assign m_axi_wdata_o   = fh_d;
  assign m_axi_wstrb_o   = fh_s;
  assign m_axi_wlast_o   = fh_l;
  assign m_axi_wvalid_o  = fifo_v;
  assign m_axi_bready_o  = (st_q == S_B);
  assign w_done_o        = pop & fh_l;
  assign b_ok_o          = (st_q == S_B) & m_axi_bvalid_i & ~m_axi_bresp_i[1];
  assign b_err_o         = (st_q == S_B) & m_axi_bvalid_i &  m_axi_bresp_i[1];
  assign rd_en_o         = rd_issue;
  assign rd_row_o        = rk_idx[RING_LOG2-1:RW_LOG2];

`ifdef FORMAL
  reg f_past;
  initial f_past = 1'b0;
  always @(posedge clk_i) f_past <= 1'b1;

  reg [BK_W-1:0] f_wk;                  // W beats handshaken in this burst
  wire           f_sl = frd_q ? f0l_q : f1l_q;   // last flag of the second FIFO entry
  always @(posedge clk_i) begin
    if (!rst_ni || st_q == S_AW) f_wk <= {BK_W{1'b0}};
    else if (pop) f_wk <= f_wk + {{(BK_W-1){1'b0}}, 1'b1};
  end

  wire [64:0] f_aw_end = {1'b0, aligned} + {{(65-BK_W-DB_LOG2){1'b0}}, beats, {DB_LOG2{1'b0}}};
  wire [64:0] f_w_addr = {1'b0, aligned} + {{(65-BK_W-DB_LOG2){1'b0}}, f_wk, {DB_LOG2{1'b0}}};

  always @* begin
    if (f_past && rst_ni) begin
      if (st_q != S_IDLE) assert (hd_valid_i);
      if (hd_valid_i) begin
        assert (hd_len_i != {LEN_W{1'b0}});
        assert (beats != {BK_W{1'b0}});
        assert (beats <= (1 << (BLK_LOG2 - DB_LOG2)));
      end
      // THE BOUND: a burst, and every beat of it, lies in [Base, Limit)
      if (m_axi_awvalid_o) begin
        assert ({1'b0, aligned} >= {1'b0, base_i});
        assert (f_aw_end <= {1'b0, limit_i});
      end
      if (m_axi_wvalid_o) begin
        assert (st_q == S_W);
        assert (f_wk < beats);
        assert (m_axi_wlast_o == (f_wk == last_bk));
        assert (f_w_addr >= {1'b0, base_i});
        assert (f_w_addr + (1 << DB_LOG2) <= {1'b0, limit_i});
      end
      if (st_q == S_W) begin
        assert (rk_q <= beats);
        // the last flags ride with the beats: FIFO head, second, pending
        if (fn_q != 2'd0) assert (fh_l == (f_wk == last_bk));
        if (fn_q == 2'd2) assert (f_sl == (f_wk + 1'b1 == last_bk));
        if (pv_q) assert (pl_q == (f_wk + {{(BK_W-2){1'b0}}, fn_q} == last_bk));
        assert ({1'b0, f_wk} + {{(BK_W-1){1'b0}}, fn_q} + {{BK_W{1'b0}}, pv_q} ==
                {1'b0, rk_q});
      end else begin
        assert (fn_q == 2'd0 && !pv_q);
      end
      assert (fn_q != 2'd3);
    end
  end

  // AXI: a valid payload holds until its handshake
  always @(posedge clk_i) begin
    if (f_past && rst_ni && $past(rst_ni)) begin
      if ($past(m_axi_awvalid_o && !m_axi_awready_i)) begin
        assert (m_axi_awvalid_o);
        assert (m_axi_awaddr_o == $past(m_axi_awaddr_o));
        assert (m_axi_awlen_o == $past(m_axi_awlen_o));
      end
      if ($past(m_axi_wvalid_o && !m_axi_wready_i)) begin
        assert (m_axi_wvalid_o);
        assert (m_axi_wdata_o == $past(m_axi_wdata_o));
        assert (m_axi_wstrb_o == $past(m_axi_wstrb_o));
        assert (m_axi_wlast_o == $past(m_axi_wlast_o));
      end
    end
  end
`endif

endmodule
