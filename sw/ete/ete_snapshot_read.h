/* Reader for OpenCSD / DS-5 trace snapshot directories ("ARM Trace and
 * Debug Snapshot file format"): snapshot.ini, one .ini per device, and the
 * trace metadata file (trace.ini) naming the trace buffers.
 *
 *   snapshot.ini  [snapshot] version=1.0  [device_list] key=<device.ini>...
 *                 [trace] metadata=trace.ini
 *   device .ini   [device] name= class= type=   (ETE source: type=ETE[.x])
 *                 [regs] NAME[(anything)]=value  (names case-insensitive)
 *                 [dump*] file= address= [length=] [offset=] [space=]
 *   trace.ini     [trace_buffers] buffers=buf0[,buf1...]
 *                 [<buffer>] name= file= format=source_data
 *                 [source_buffers] <source name>=<buffer name>
 *                 [core_trace_sources] <core name>=<source name>
 */
#ifndef ETE_SNAPSHOT_READ_H
#define ETE_SNAPSHOT_READ_H

#include <stddef.h>
#include <stdint.h>

#include "ete_decoder.h"
#include "ete_image.h"

typedef struct ete_snapshot {
    ete_dec_cfg cfg;         /* from the ETE device's [regs] */
    ete_image   image;       /* [dump] regions of the associated core */
    uint8_t    *trace;       /* the ETE source's trace buffer (source_data) */
    size_t      trace_len;
    char        source[128]; /* ETE device name */
    char        core[128];   /* core device name ("" if none associated) */
    char        trace_file[1024];
} ete_snapshot;

/* Load a snapshot.  source selects the ETE device by name (NULL: the first
 * ETE device that has a trace buffer).  Returns 0, or -1 with a message
 * naming the file, line and problem; *ss is then empty. */
int ete_snapshot_load(const char *dir, const char *source, ete_snapshot *ss,
                      char *err, size_t errlen);
void ete_snapshot_free(ete_snapshot *ss);

/* Register value by snapshot name ("TRCIDR0", "TRCCONFIGR", ...; the
 * "(0x...)" address suffix and letter case are ignored).  Used for both the
 * snapshot [regs] section and the tool's --reg option.  Returns 0, or -1 if
 * the name is not a register the decoder uses. */
int ete_cfg_set_reg(ete_dec_cfg *cfg, const char *name, uint32_t value);

/* The defaults for a register that is not given (docs/ete-decode.md):
 * TRCIDR0 = 0x28000EA1 (RES1, TRCBB, TRCCCI, RETSTACK, NUMEVENT 4 events,
 * TSSIZE 64-bit, COMMOPT 1, COMMTRANS 0), TRCIDR1 = 0x4100FFF0,
 * TRCIDR2 = 0x80001088 (IASIZE 64-bit, CIDSIZE 32, VMIDSIZE 32, CCSIZE 12,
 * WFXMODE 1), TRCIDR3..13 = 0 (TRCIDR8.MAXSPEC 0), TRCDEVARCH = 0x47705A13
 * (Arm, present, ETE), TRCCONFIGR = 0x1, TRCTRACEIDR = 0. */
void ete_cfg_defaults(ete_dec_cfg *cfg);

/* Strict number parser for register and address values: decimal or 0x hex,
 * whole string, fits in 64 bits.  Returns 0 or -1. */
int ete_parse_u64(const char *s, uint64_t *v);

#endif
