// AXI4 write-channel arbiter of the trace subsystem (docs/trace-subsystem.md,
// "AXI arbiter"): two write masters (s0: the TRBE, s1: SPE) onto one AXI4
// write master port.  No read channels.
//
// AW: round robin.  When both masters request, the one not granted last
//   wins.  Once m_axi_awvalid_o is high it holds with the same payload until
//   m_axi_awready_i (the grant is locked), as AXI4 requires.  m_axi_awvalid_o
//   depends only on the masters' AWVALID and registered state, never on
//   m_axi_awready_i.
// W: AXI4 has no WID, so the W beats follow the order of the AW handshakes:
//   a two-entry queue holds the master of every address accepted by the
//   slave whose last beat has not gone; W is taken only from the master at
//   its head, until WLAST.  A master's W beats wait for its AW (AXI4 allows
//   the slave to do so).  No AW is granted while the queue is full (each
//   master here has at most one write outstanding, so this only matters for
//   other masters).
// B: routed by BID: S0_ID to s0, S1_ID to s1; a response with any other ID
//   is taken (m_axi_bready_o high) and dropped, so the slave cannot hang.
//   Each master must use its own ID on AW (S0_ID, S1_ID).
`default_nettype none

module top_axi_wr_arb #(
  parameter DATA_W = 64,   // AXI data width: 64 or 128
  parameter ID_W   = 4,    // AXI ID width: 1..16
  parameter S0_ID  = 0,    // AWID of master s0 (the TRBE), 0..2**ID_W-1
  parameter S1_ID  = 1     // AWID of master s1 (SPE), 0..2**ID_W-1, not S0_ID
) (
  input  wire                clk_i,
  input  wire                rst_ni,              // synchronous, active low

  // master s0 (TRBE)
  input  wire [ID_W-1:0]     s0_awid_i,
  input  wire [63:0]         s0_awaddr_i,
  input  wire [7:0]          s0_awlen_i,
  input  wire [2:0]          s0_awsize_i,
  input  wire [1:0]          s0_awburst_i,
  input  wire                s0_awlock_i,
  input  wire [3:0]          s0_awcache_i,
  input  wire [2:0]          s0_awprot_i,
  input  wire                s0_awvalid_i,
  output wire                s0_awready_o,
  input  wire [DATA_W-1:0]   s0_wdata_i,
  input  wire [DATA_W/8-1:0] s0_wstrb_i,
  input  wire                s0_wlast_i,
  input  wire                s0_wvalid_i,
  output wire                s0_wready_o,
  output wire                s0_bvalid_o,
  input  wire                s0_bready_i,

  // master s1 (SPE)
  input  wire [ID_W-1:0]     s1_awid_i,
  input  wire [63:0]         s1_awaddr_i,
  input  wire [7:0]          s1_awlen_i,
  input  wire [2:0]          s1_awsize_i,
  input  wire [1:0]          s1_awburst_i,
  input  wire                s1_awlock_i,
  input  wire [3:0]          s1_awcache_i,
  input  wire [2:0]          s1_awprot_i,
  input  wire                s1_awvalid_i,
  output wire                s1_awready_o,
  input  wire [DATA_W-1:0]   s1_wdata_i,
  input  wire [DATA_W/8-1:0] s1_wstrb_i,
  input  wire                s1_wlast_i,
  input  wire                s1_wvalid_i,
  output wire                s1_wready_o,
  output wire                s1_bvalid_o,
  input  wire                s1_bready_i,

  // the shared AXI4 write master port (B ID and response go to both masters)
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
  output wire [DATA_W-1:0]   m_axi_wdata_o,
  output wire [DATA_W/8-1:0] m_axi_wstrb_o,
  output wire                m_axi_wlast_o,
  output wire                m_axi_wvalid_o,
  input  wire                m_axi_wready_i,
  input  wire [ID_W-1:0]     m_axi_bid_i,
  input  wire                m_axi_bvalid_i,
  output wire                m_axi_bready_o
);

  generate
    if (DATA_W != 64 && DATA_W != 128) begin : g_bad_dw
      top_axi_wr_arb_DATA_W_must_be_64_or_128 u_bad ();
    end
    if (ID_W < 1 || ID_W > 16) begin : g_bad_idw
      top_axi_wr_arb_ID_W_must_be_1_to_16 u_bad ();
    end
    if (S0_ID < 0 || S0_ID >= (1 << ID_W) || S1_ID < 0 || S1_ID >= (1 << ID_W)) begin : g_bad_id
      top_axi_wr_arb_IDs_must_fit_in_ID_W_bits u_bad ();
    end
    if (S0_ID == S1_ID) begin : g_same_id
      top_axi_wr_arb_S0_ID_and_S1_ID_must_differ u_bad ();
    end
  endgenerate

  localparam [ID_W-1:0] ID0 = S0_ID[ID_W-1:0];
  localparam [ID_W-1:0] ID1 = S1_ID[ID_W-1:0];

  reg       prio_q, prio_d;       // the master that wins when both request
  reg       lock_q, lock_d;       // AWVALID is out and not yet accepted
  reg       lsel_q, lsel_d;       // the master of the locked AW
  reg [1:0] qn_q, qn_d;           // W queue entries (0..2)
  reg       q0_q, q0_d;           // W queue head: master of the oldest burst
  reg       q1_q, q1_d;           // second entry

  reg sel;                        // master presented on AW
  reg aw_valid, aw_hs, w_hs_last;

  always @* begin
    prio_d = prio_q;
    lock_d = lock_q;
    lsel_d = lsel_q;
    qn_d   = qn_q;
    q0_d   = q0_q;
    q1_d   = q1_q;
    sel       = lsel_q;
    aw_valid  = 1'b0;
    aw_hs     = 1'b0;
    w_hs_last = 1'b0;

    // AW: a locked grant holds; otherwise the priority master if it asks
    if (lock_q)              sel = lsel_q;
    else if (prio_q)         sel = s1_awvalid_i ? 1'b1 : 1'b0;
    else                     sel = s0_awvalid_i ? 1'b0 : 1'b1;
    aw_valid  = (qn_q != 2'd2) && (sel ? s1_awvalid_i : s0_awvalid_i);
    aw_hs     = aw_valid && m_axi_awready_i;
    lock_d    = aw_valid && !m_axi_awready_i;
    lsel_d    = sel;
    if (aw_hs) prio_d = !sel;

    // W: the head burst's beats; the queue pops at its last beat
    w_hs_last = (qn_q != 2'd0) && m_axi_wready_i && m_axi_wlast_o &&
                (q0_q ? s1_wvalid_i : s0_wvalid_i);
    case ({aw_hs, w_hs_last})
      2'b10: begin                                   // push
        if (qn_q == 2'd0) q0_d = sel;
        else              q1_d = sel;
        qn_d = qn_q + 2'd1;
      end
      2'b01: begin                                   // pop
        q0_d = q1_q;
        qn_d = qn_q - 2'd1;
      end
      2'b11: begin                                   // pop and push
        if (qn_q == 2'd1) q0_d = sel;
        else begin
          q0_d = q1_q;
          q1_d = sel;
        end
      end
      default: ;
    endcase
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      prio_q <= 1'b0;
      lock_q <= 1'b0;
      lsel_q <= 1'b0;
      qn_q   <= 2'd0;
      q0_q   <= 1'b0;
      q1_q   <= 1'b0;
    end else begin
      prio_q <= prio_d;
      lock_q <= lock_d;
      lsel_q <= lsel_d;
      qn_q   <= qn_d;
      q0_q   <= q0_d;
      q1_q   <= q1_d;
    end
  end

  // ---- AW -----------------------------------------------------------------------
  assign m_axi_awid_o    = sel ? s1_awid_i    : s0_awid_i;
  assign m_axi_awaddr_o  = sel ? s1_awaddr_i  : s0_awaddr_i;
  assign m_axi_awlen_o   = sel ? s1_awlen_i   : s0_awlen_i;
  assign m_axi_awsize_o  = sel ? s1_awsize_i  : s0_awsize_i;
  assign m_axi_awburst_o = sel ? s1_awburst_i : s0_awburst_i;
  assign m_axi_awlock_o  = sel ? s1_awlock_i  : s0_awlock_i;
  assign m_axi_awcache_o = sel ? s1_awcache_i : s0_awcache_i;
  assign m_axi_awprot_o  = sel ? s1_awprot_i  : s0_awprot_i;
  assign m_axi_awvalid_o = aw_valid;
  assign s0_awready_o    = aw_valid && !sel && m_axi_awready_i;
  assign s1_awready_o    = aw_valid &&  sel && m_axi_awready_i;

  // ---- W ------------------------------------------------------------------------
  wire w_any = qn_q != 2'd0;
  assign m_axi_wdata_o  = q0_q ? s1_wdata_i : s0_wdata_i;
  assign m_axi_wstrb_o  = q0_q ? s1_wstrb_i : s0_wstrb_i;
  assign m_axi_wlast_o  = q0_q ? s1_wlast_i : s0_wlast_i;
  assign m_axi_wvalid_o = w_any && (q0_q ? s1_wvalid_i : s0_wvalid_i);
  assign s0_wready_o    = w_any && !q0_q && m_axi_wready_i;
  assign s1_wready_o    = w_any &&  q0_q && m_axi_wready_i;

  // ---- B ------------------------------------------------------------------------
  wire b_to0 = m_axi_bid_i == ID0;
  wire b_to1 = m_axi_bid_i == ID1;
  assign s0_bvalid_o    = m_axi_bvalid_i && b_to0;
  assign s1_bvalid_o    = m_axi_bvalid_i && b_to1;
  assign m_axi_bready_o = b_to0 ? s0_bready_i : (b_to1 ? s1_bready_i : 1'b1);

endmodule

`default_nettype wire
