// Trace Buffer Unit (FEAT_TRBE, Part E of DDI0608): collects the trace
// byte stream of a trace unit (an ETE) and writes it to a trace buffer in
// memory through an AXI4 write master.  Registers TRBLIMITR_EL1,
// TRBPTR_EL1, TRBBASER_EL1, TRBSR_EL1, TRBMAR_EL1, TRBTRG_EL1 and
// TRBIDR_EL1 on a system-register port; Fill, Wrap and Circular Buffer
// modes; the Trigger Counter and the three trigger modes; buffer full,
// wrap, trigger and External Abort management events with TRBSR_EL1
// syndromes and the TRBIRQ output.  Contract, ports and handshakes:
// docs/trbe.md.  Bit-accurate model: model/trbe.
//
// Structure: trbe_ctrl (registers, collection, events, transaction queue),
// trbe_ring (the collected bytes, one RAM per byte lane), trbe_axi_wr
// (one INCR burst per queued transaction, one transaction at a time).
`default_nettype none

module trbe_top #(
  parameter IN_BYTES    = 8,    // trace bytes per input beat: 4, 8 or 16
  parameter DATA_W      = 64,   // AXI data width: 64 or 128
  parameter BURST_BEATS = 16,   // beats per burst (the transaction block): a power of
                                // 2 from 4 to 128, at most 2 KB per burst
  parameter ID_W        = 4,    // AXI ID width: 1..16
  parameter AXI_ID      = 0     // AWID of every burst: 0..2**ID_W-1
) (
  input  wire                   clk_i,
  input  wire                   rst_ni,         // synchronous, active low

  // system-register port: {op0,op1,CRn,CRm,op2} keyed (docs/trbe.md)
  input  wire                   sr_valid_i,
  input  wire                   sr_write_i,
  input  wire [15:0]            sr_enc_i,
  input  wire [63:0]            sr_wdata_i,
  output wire [63:0]            sr_rdata_o,
  output wire                   sr_ready_o,

  // trace byte stream from the trace unit (docs/ete-rtl-interface.md form)
  input  wire [8*IN_BYTES-1:0]  in_data_i,      // byte i at [8i+7:8i], byte 0 oldest
  input  wire [IN_BYTES-1:0]    in_keep_i,      // contiguous from byte 0
  input  wire                   in_valid_i,
  output wire                   in_ready_o,

  // trace unit hooks
  input  wire                   trig_i,         // Detected Trigger (ETE event 0)
  output wire                   flush_req_o,    // trace unit flush (R_XRRRWP)
  input  wire                   flush_done_i,   // the flush completed
  input  wire                   tsb_req_i,      // TSB CSYNC, 4-phase with tsb_ack_o
  output wire                   tsb_ack_o,
  input  wire                   prog_na_i,      // TRBIDR_EL1.P from the owning-EL logic

  output wire                   irq_o,          // TRBIRQ, level (R_LRTBP)
  output wire                   enabled_o,      // Enabled (R_YCHKJ, RJYTYH)
  output wire                   evt_wrap_o,     // TRB_WRAP event (0x400C), one clock
  output wire                   evt_trig_o,     // TRB_TRIG event (0x400E), one clock

  // AXI4 write master
  output wire [ID_W-1:0]        m_axi_awid_o,
  output wire [63:0]            m_axi_awaddr_o,
  output wire [7:0]             m_axi_awlen_o,
  output wire [2:0]             m_axi_awsize_o,
  output wire [1:0]             m_axi_awburst_o,
  output wire                   m_axi_awlock_o,
  output wire [3:0]             m_axi_awcache_o,
  output wire [2:0]             m_axi_awprot_o,
  output wire                   m_axi_awvalid_o,
  input  wire                   m_axi_awready_i,
  output wire [DATA_W-1:0]      m_axi_wdata_o,
  output wire [DATA_W/8-1:0]    m_axi_wstrb_o,
  output wire                   m_axi_wlast_o,
  output wire                   m_axi_wvalid_o,
  input  wire                   m_axi_wready_i,
  input  wire [ID_W-1:0]        m_axi_bid_i,
  input  wire [1:0]             m_axi_bresp_i,
  input  wire                   m_axi_bvalid_i,
  output wire                   m_axi_bready_o
);

  `include "common_clog2.vh"  // clog2()

  localparam DB_LOG2  = (DATA_W == 128) ? 4 : 3;
  localparam IN_LOG2  = clog2(IN_BYTES);
  localparam IN_CNT_W = IN_LOG2 + 1;
  localparam BLK_LOG2 = DB_LOG2 + clog2(BURST_BEATS);
  localparam RW_LOG2  = (IN_LOG2 > DB_LOG2) ? IN_LOG2 : DB_LOG2;
  localparam RW       = 1 << RW_LOG2;
  localparam ROWS_LOG2 = BLK_LOG2 + 1 - RW_LOG2;

  generate
    if (IN_BYTES != 4 && IN_BYTES != 8 && IN_BYTES != 16) begin : g_bad_in
      trbe_top_IN_BYTES_must_be_4_8_or_16 u_bad ();
    end
    if (DATA_W != 64 && DATA_W != 128) begin : g_bad_dw
      trbe_top_DATA_W_must_be_64_or_128 u_bad ();
    end
    if (BURST_BEATS < 4 || BURST_BEATS > 128 || (1 << clog2(BURST_BEATS)) != BURST_BEATS ||
        BLK_LOG2 > 11) begin : g_bad_burst
      trbe_top_BURST_BEATS_must_be_a_power_of_2_from_4_to_128_and_at_most_2KB u_bad ();
    end
    if (ID_W < 1 || ID_W > 16) begin : g_bad_idw
      trbe_top_ID_W_must_be_1_to_16 u_bad ();
    end
    if (AXI_ID < 0 || AXI_ID >= (1 << ID_W)) begin : g_bad_id
      trbe_top_AXI_ID_must_fit_in_ID_W_bits u_bad ();
    end
  endgenerate

  localparam [ID_W-1:0] AXI_ID_V = AXI_ID[ID_W-1:0];

  wire [BLK_LOG2:0]       rg_idx;
  wire [IN_CNT_W-1:0]     rg_n;
  wire [8*IN_BYTES-1:0]   rg_data;
  wire                    rd_en;
  wire [ROWS_LOG2-1:0]    rd_row;
  wire [8*RW-1:0]         rd_data;
  wire                    hd_valid;
  wire [63:0]             hd_start;
  wire [BLK_LOG2:0]       hd_len;
  wire                    w_done, b_ok, b_err;
  wire [11:0]             mar;
  wire [63:0]             base, limit;

  trbe_ctrl #(
    .IN_BYTES (IN_BYTES),
    .IN_CNT_W (IN_CNT_W),
    .BLK_LOG2 (BLK_LOG2),
    .RW_LOG2  (RW_LOG2)
  ) u_ctrl (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .sr_valid_i   (sr_valid_i),
    .sr_write_i   (sr_write_i),
    .sr_enc_i     (sr_enc_i),
    .sr_wdata_i   (sr_wdata_i),
    .sr_rdata_o   (sr_rdata_o),
    .sr_ready_o   (sr_ready_o),
    .in_data_i    (in_data_i),
    .in_keep_i    (in_keep_i),
    .in_valid_i   (in_valid_i),
    .in_ready_o   (in_ready_o),
    .trig_i       (trig_i),
    .flush_req_o  (flush_req_o),
    .flush_done_i (flush_done_i),
    .tsb_req_i    (tsb_req_i),
    .tsb_ack_o    (tsb_ack_o),
    .prog_na_i    (prog_na_i),
    .irq_o        (irq_o),
    .enabled_o    (enabled_o),
    .evt_wrap_o   (evt_wrap_o),
    .evt_trig_o   (evt_trig_o),
    .rg_idx_o     (rg_idx),
    .rg_n_o       (rg_n),
    .rg_data_o    (rg_data),
    .hd_valid_o   (hd_valid),
    .hd_start_o   (hd_start),
    .hd_len_o     (hd_len),
    .w_done_i     (w_done),
    .b_ok_i       (b_ok),
    .b_err_i      (b_err),
    .mar_o        (mar),
    .base_o       (base),
    .limit_o      (limit)
  );

  trbe_ring #(
    .IN_BYTES  (IN_BYTES),
    .IN_CNT_W  (IN_CNT_W),
    .RW        (RW),
    .RW_LOG2   (RW_LOG2),
    .ROWS_LOG2 (ROWS_LOG2)
  ) u_ring (
    .clk_i     (clk_i),
    .wr_idx_i  (rg_idx),
    .wr_n_i    (rg_n),
    .wr_data_i (rg_data),
    .rd_en_i   (rd_en),
    .rd_row_i  (rd_row),
    .rd_data_o (rd_data)
  );

  trbe_axi_wr #(
    .DB_LOG2  (DB_LOG2),
    .RW_LOG2  (RW_LOG2),
    .BLK_LOG2 (BLK_LOG2),
    .ID_W     (ID_W),
    .AXI_ID   (AXI_ID_V)
  ) u_axi (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .hd_valid_i      (hd_valid),
    .hd_start_i      (hd_start),
    .hd_len_i        (hd_len),
    .w_done_o        (w_done),
    .b_ok_o          (b_ok),
    .b_err_o         (b_err),
    .rd_en_o         (rd_en),
    .rd_row_o        (rd_row),
    .rd_data_i       (rd_data),
    .mar_i           (mar),
    .base_i          (base),
    .limit_i         (limit),
    .m_axi_awid_o    (m_axi_awid_o),
    .m_axi_awaddr_o  (m_axi_awaddr_o),
    .m_axi_awlen_o   (m_axi_awlen_o),
    .m_axi_awsize_o  (m_axi_awsize_o),
    .m_axi_awburst_o (m_axi_awburst_o),
    .m_axi_awlock_o  (m_axi_awlock_o),
    .m_axi_awcache_o (m_axi_awcache_o),
    .m_axi_awprot_o  (m_axi_awprot_o),
    .m_axi_awvalid_o (m_axi_awvalid_o),
    .m_axi_awready_i (m_axi_awready_i),
    .m_axi_wdata_o   (m_axi_wdata_o),
    .m_axi_wstrb_o   (m_axi_wstrb_o),
    .m_axi_wlast_o   (m_axi_wlast_o),
    .m_axi_wvalid_o  (m_axi_wvalid_o),
    .m_axi_wready_i  (m_axi_wready_i),
    .m_axi_bid_i     (m_axi_bid_i),
    .m_axi_bresp_i   (m_axi_bresp_i),
    .m_axi_bvalid_i  (m_axi_bvalid_i),
    .m_axi_bready_o  (m_axi_bready_o)
  );

`ifdef FORMAL
  // ---- environment: reset first; everything else is unconstrained (any
  //      register access, byte stream, event pulses and AXI responses) ------------
  reg f_init;
  initial f_init = 1'b1;
  always @(posedge clk_i) f_init <= 1'b0;
  always @* if (f_init) assume (!rst_ni);

  // ---- reachability: a burst ends at the Limit pointer, an External
  //      Abort rolls back, the pointer wraps, the buffer fills ---------------------------
  always @(posedge clk_i) begin
    if (!f_init && rst_ni) begin
      cover (m_axi_wvalid_o && m_axi_wready_i && m_axi_wlast_o &&
             m_axi_awaddr_o + {{(64-8-DB_LOG2){1'b0}}, m_axi_awlen_o, {DB_LOG2{1'b0}}} +
             (1 << DB_LOG2) == limit);
      cover (b_err);
      cover (evt_wrap_o);
      cover (irq_o && !enabled_o && tsb_ack_o);
    end
  end
`endif

endmodule
