#!/usr/bin/env node
// Writes a gzip and a brotli copy beside each compressible file of the built site, for the
// server to send as they are (scripts/serve.mjs): FILE.gz (gzip -9) and FILE.br (brotli at its
// best, quality 11). Compressing once at build time lets the best settings be used, which would
// be too slow on every request.
//
//   node scripts/compress.mjs            # dist/
//   node scripts/compress.mjs --dir /tmp/site
//
// Incremental: a copy newer than its file is kept. Copies whose file is gone are removed.
// The copies are compressed in zlib's thread pool, several at once (every core busy).
// Files under MIN_BYTES, and formats that are compressed already (fonts, PNG), are left alone.
// Prints what it wrote and the totals.

import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Extensions worth compressing: text, SVG and WebAssembly. */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.wasm', '.txt']);
/** Smaller files are sent as they are: the copy would save less than a packet. */
export const MIN_BYTES = 1024;
/** The encodings written, with their file suffix, in the order a server should prefer them. */
export const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
];

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressors = {
  br: (bytes, isText) =>
    brotliAsync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: isText ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => gzipAsync(bytes, { level: 9 }),
};

/**
 * A file's compressed copies, as this script writes them (br and gzip: see ENCODINGS).
 * @param {Uint8Array} bytes
 * @param {string} extension  the file's, with its dot (".wasm" is compressed as binary)
 * @returns {Promise<{br: Buffer, gzip: Buffer}>}
 */
export async function compressedCopies(bytes, extension) {
  const isText = extension.toLowerCase() !== '.wasm';
  const [br, gz] = await Promise.all([compressors.br(bytes, isText), compressors.gzip(bytes)]);
  return { br, gzip: gz };
}

/**
 * Compresses a file's content and, with `write`, writes FILE.br and FILE.gz beside the file when
 * the server would send them (a compressible format, at least MIN_BYTES): for a file just
 * written, so that compressDirectory finds its copies up to date.
 * @param {string} file
 * @param {Uint8Array} bytes  the file's content
 * @param {{write?: boolean}} [options]
 * @returns {Promise<{br: number, gzip: number}>} the copies' sizes (written or not)
 */
export async function writeCompressedCopies(file, bytes, { write = true } = {}) {
  const extension = extname(file);
  const copies = await compressedCopies(bytes, extension);
  if (write && COMPRESSIBLE.has(extension.toLowerCase()) && bytes.length >= MIN_BYTES) {
    for (const { name, suffix } of ENCODINGS) writeFileSync(`${file}${suffix}`, copies[name]);
  }
  return { br: copies.br.length, gzip: copies.gzip.length };
}

/** Every file under `dir`, recursively. */
function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes the missing or stale copies under `dir`.
 * @param {string} dir
 * @returns {Promise<{written: number, kept: number, removed: number, raw: number, gzip: number, br: number}>}
 *   raw/gzip/br: the bytes of the compressible files and of their copies
 */
export async function compressDirectory(dir) {
  const totals = { written: 0, kept: 0, removed: 0, raw: 0, gzip: 0, br: 0 };
  const files = [...filesUnder(dir)];
  const present = new Set(files);
  /** @type {Promise<void>[]} */
  const pending = [];
  for (const file of files) {
    const encoding = ENCODINGS.find(({ suffix }) => file.endsWith(suffix));
    if (encoding) {
      const source = file.slice(0, -encoding.suffix.length);
      if (!present.has(source) || !COMPRESSIBLE.has(extname(source).toLowerCase())) {
        unlinkSync(file);
        totals.removed += 1;
      }
      continue;
    }
    const extension = extname(file).toLowerCase();
    if (!COMPRESSIBLE.has(extension)) continue;
    const info = statSync(file);
    if (info.size < MIN_BYTES) continue;
    totals.raw += info.size;
    let bytes = null;
    for (const { name, suffix } of ENCODINGS) {
      const copy = `${file}${suffix}`;
      const existing = present.has(copy) ? statSync(copy) : null;
      if (existing && existing.mtimeMs >= info.mtimeMs) {
        totals.kept += 1;
        totals[name] += existing.size;
        continue;
      }
      bytes ??= readFileSync(file);
      pending.push(
        compressors[name](bytes, extension !== '.wasm').then((compressed) => {
          writeFileSync(copy, compressed);
          totals.written += 1;
          totals[name] += compressed.length;
        }),
      );
    }
  }
  await Promise.all(pending);
  return totals;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { values } = parseArgs({ options: { dir: { type: 'string', default: resolve(root, 'dist') } } });
  const dir = resolve(values.dir);
  const started = performance.now();
  const totals = await compressDirectory(dir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `compress: ${relative(process.cwd(), dir) || '.'}: ${totals.written} copies written, ${totals.kept} up to date, ` +
      `${totals.removed} stale removed in ${seconds} s; ${totals.raw} bytes of compressible files → ` +
      `gzip ${totals.gzip}, brotli ${totals.br}`,
  );
}
