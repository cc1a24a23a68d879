// @ts-check
// A minimal ZIP writer: files stored as they are (no compression), each with its CRC-32, a local
// header before its bytes, then the central directory and the end record (APPNOTE.TXT 4.3).
// Names are UTF-8, said so by flag bit 11. Pure: bytes in, bytes out, in Node and in the
// browser alike; no ZIP64, so at most 65,535 files and 4 GiB, far above what a quiz needs.

/** The CRC-32 of ZIP (and gzip, PNG): the reflected polynomial 0xEDB88320. */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/**
 * The CRC-32 of some bytes.
 * @param {Uint8Array} bytes
 */
export function crc32(bytes) {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i += 1) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A date as MS-DOS writes it in a ZIP header: {time, date}, two seconds' resolution, from 1980.
 * @param {Date} when read in UTC, so that the same date gives the same bytes everywhere
 */
function dosDateTime(when) {
  const year = Math.min(Math.max(when.getUTCFullYear(), 1980), 2107);
  return {
    time: (when.getUTCHours() << 11) | (when.getUTCMinutes() << 5) | (when.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((when.getUTCMonth() + 1) << 5) | when.getUTCDate(),
  };
}

/** The 1980-01-01 00:00 of DOS dates: the default, so that a zip of the same files is the same. */
const EPOCH = new Date(Date.UTC(1980, 0, 1));

/** Flag bit 11: the name is UTF-8. */
const UTF8_NAMES = 0x0800;
/** "Version needed to extract": 2.0, what stored files with these flags need. */
const VERSION = 20;

/**
 * A ZIP archive of the files, in the order given, stored without compression.
 * @param {{name: string, data: Uint8Array | string}[]} files a string is written as UTF-8
 * @param {{date?: Date}} [options] the files' modification date (default 1980-01-01 00:00 UTC)
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function zipFiles(files, { date = EPOCH } = {}) {
  if (files.length > 0xffff) throw new RangeError('a zip without ZIP64 holds at most 65,535 files');
  const encoder = new TextEncoder();
  const { time, date: day } = dosDateTime(date);
  const entries = files.map(({ name, data }) => {
    if (!name || name.startsWith('/') || name.split('/').includes('..')) throw new RangeError(`not a relative file name: '${name}'`);
    const bytes = typeof data === 'string' ? encoder.encode(data) : data;
    return { name: encoder.encode(name), bytes, crc: crc32(bytes) };
  });
  const size = entries.reduce((sum, { name, bytes }) => sum + 30 + name.length + bytes.length + 46 + name.length, 22);
  if (size > 0xffffffff) throw new RangeError('a zip without ZIP64 holds at most 4 GiB');

  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let at = 0;
  const u16 = (value) => { view.setUint16(at, value, true); at += 2; };
  const u32 = (value) => { view.setUint32(at, value >>> 0, true); at += 4; };
  const put = (bytes) => { out.set(bytes, at); at += bytes.length; };
  // The fields a local header and its central directory entry share, from "version needed" on.
  const common = ({ name, bytes, crc }) => {
    u16(VERSION); u16(UTF8_NAMES); u16(0 /* stored */); u16(time); u16(day);
    u32(crc); u32(bytes.length); u32(bytes.length); u16(name.length); u16(0 /* extra */);
  };

  const offsets = entries.map((entry) => {
    const offset = at;
    u32(0x04034b50);
    common(entry);
    put(entry.name);
    put(entry.bytes);
    return offset;
  });
  const directory = at;
  entries.forEach((entry, i) => {
    u32(0x02014b50);
    u16((3 << 8) | VERSION); // made by: Unix, so that the external attributes give -rw-r--r--
    common(entry);
    u16(0 /* comment */); u16(0 /* disk */); u16(0 /* internal attributes */);
    u32(0o100644 << 16); // external attributes: a regular file, rw-r--r--
    u32(offsets[i]);
    put(entry.name);
  });
  const directorySize = at - directory;
  u32(0x06054b50);
  u16(0); u16(0); u16(entries.length); u16(entries.length);
  u32(directorySize); u32(directory); u16(0 /* comment */);
  return out;
}
