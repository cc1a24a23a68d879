// @ts-check
// Streams TREC qrels and run files into the wasm module's TrecSession (docs/js-api.md, "TREC
// files") and collects the report. Shared by `irmetrics trec` and scripts/bench.mjs, so the
// benchmark measures exactly what the command line runs.
//
// A file is never read whole: plain files are read in chunks into one reused Buffer, gzipped
// files (a .gz name, or the magic bytes 1f 8b) are gunzipped as a stream, and each chunk is
// copied into wasm memory (session.buffer(n)) and fed at once. Memory use is then the session's
// own (its tables and the documents it keeps) plus one chunk.

import { open, readFile, stat } from 'node:fs/promises';
import { Readable, pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { feedSession } from '../../common/trec-feed.js';
import { BuildMissingError } from './engine.mjs';

/** Bytes read from a plain file per chunk (and per call into wasm). */
export const CHUNK_SIZE = 4 * 1024 * 1024;
// Output chunks of the gunzip stream: zlib's default of 16 KiB would mean 64 calls into wasm per
// MiB for no gain.
const GUNZIP_CHUNK_SIZE = 1024 * 1024;

/** The name that stands for standard input in place of a file. */
export const STDIN = '-';

/**
 * A file that cannot be opened, read or gunzipped (not a problem with its lines: those come back
 * from the session as InputErrors).
 */
export class TrecFileError extends Error {}

const hasGzipMagic = (bytes) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
const looksGzipped = (name, bytes) => name.endsWith('.gz') || hasGzipMagic(bytes);

/** Gunzips a stream of compressed chunks; a corrupt or truncated file rejects the iteration. */
function gunzipped(source) {
  const gunzip = createGunzip({ chunkSize: GUNZIP_CHUNK_SIZE });
  // pipeline destroys the gunzip stream with the source's error, which ends the iteration with
  // it; the callback only stops that error from being reported a second time.
  pipeline(source, gunzip, () => {});
  return gunzip;
}

/** `first`, then every chunk of `rest`. */
async function* prepend(first, rest) {
  yield first;
  yield* rest;
}

/** Standard input's chunks, gunzipped when the first bytes say so. */
async function* stdinChunks() {
  const iterator = process.stdin[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  async function* all() {
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      yield next.value;
    }
  }
  yield* hasGzipMagic(first.value) ? gunzipped(Readable.from(all())) : all();
}

/**
 * Yields the bytes of `path` (or standard input for '-') in chunks of at most `chunkSize` bytes,
 * gunzipped when the name ends in .gz or the file starts with the bytes 1f 8b.
 *
 * A plain file's chunks are views of one reused Buffer: each is valid only until the iteration
 * resumes, so copy it (into wasm memory) before asking for the next one. A pipe (`<(zcat …)`,
 * /dev/stdin) is read in order, never by position; a directory is refused by name.
 *
 * @param {string} path
 * @param {{chunkSize?: number}} [options]
 * @returns {AsyncGenerator<Uint8Array>}
 * @throws {TrecFileError} when the file cannot be opened, read or gunzipped
 */
export async function* readChunks(path, { chunkSize = CHUNK_SIZE } = {}) {
  try {
    if (path === STDIN) {
      yield* stdinChunks();
      return;
    }
    const handle = await open(path, 'r');
    try {
      const info = await handle.stat();
      if (info.isDirectory()) {
        throw new TrecFileError(`${path} is a directory; give a qrels or run file`);
      }
      // A pipe or a device has no positions: read where it is (position null).
      const regular = info.isFile();
      const buffer = Buffer.allocUnsafe(chunkSize);
      const readAt = (position) => handle.read(buffer, 0, chunkSize, regular ? position : null);
      let { bytesRead } = await readAt(0);
      if (looksGzipped(path, buffer.subarray(0, bytesRead))) {
        const rest = { highWaterMark: chunkSize, autoClose: false };
        yield* gunzipped(regular
          ? handle.createReadStream({ ...rest, start: 0 })
          : Readable.from(prepend(Buffer.from(buffer.subarray(0, bytesRead)), handle.createReadStream(rest))));
        return;
      }
      for (let position = bytesRead; bytesRead > 0; position += bytesRead) {
        yield buffer.subarray(0, bytesRead);
        ({ bytesRead } = await readAt(position));
      }
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof TrecFileError) throw error;
    const name = path === STDIN ? 'standard input' : path;
    throw new TrecFileError(`cannot read ${name}: ${error.code ?? error.message}` +
      (error.code?.startsWith('Z_') ? ` (${error.message})` : ''));
  }
}

/** The name a session's messages use for `path`. */
/** A file's name in messages: its path, or "standard input" for '-'. */
export const displayName = (path) => (path === STDIN ? 'standard input' : path);

/**
 * Streams one file into `session`: begin, feed every chunk, end, and a run read again when the
 * session asks (feedSession, common/trec-feed.js, the loop the TREC page's worker shares).
 *
 * @param {any} session a TrecSession
 * @param {'qrels' | 'run'} kind
 * @param {string} path a file, or '-' for standard input
 * @param {{chunkSize?: number}} [options]
 * @returns {Promise<any>} what endQrels()/endRun() returns, or the first failed Status of a
 *   begin or feed call (the rest of the file is then not read)
 * @throws {TrecFileError} when the file cannot be read
 */
export async function feedFile(session, kind, path, options = {}) {
  const isRun = kind === 'run';
  const info = path === STDIN ? null : await stat(path).catch(() => null);
  const regular = info?.isFile() ?? false;
  return feedSession(session, kind, displayName(path), {
    pieces: () => readChunks(path, options),
    // The qrels' size lets the session hold their bytes without growing its copy chunk by chunk.
    size: !isRun && regular ? info.size : 0,
    // A run file is streamed (each topic evaluated as its lines end, see docs/js-api.md) when it
    // can be read again: a run whose topics' lines are not together is then read a second time,
    // whole. Standard input and pipes cannot be read twice, so they are read whole from the start.
    stream: isRun && regular,
  });
}

/**
 * Evaluates runs against one qrels file as trec_eval does, in one TrecSession: configure, the
 * qrels streamed once, each run streamed and evaluated, then the report. The session is always
 * released.
 *
 * @param {any} module the wasm module (bin/lib/engine.mjs loadEngine())
 * @param {object} request
 * @param {string[]} [request.args] trec_eval's flags for session.configure(), one per element
 * @param {string} [request.zscores] -Z: the z-score file
 * @param {string} request.qrels the qrels file ('-' for standard input)
 * @param {string[]} request.runs the run files (at most one of them '-')
 * @param {'trec' | 'json' | 'csv'} [request.format] the report's format (default 'trec')
 * @param {number} [request.digits] decimals in the report (default 4)
 * @param {number} [request.chunkSize] bytes per chunk of a plain file
 * @param {(warning: string) => void} [request.onWarning] called with each warning as it comes
 *   (duplicates kept, topics missing from a run, topics only in a run, …)
 * @returns {Promise<{ok: true, report: string, qrels: object, runs: object[]}
 *   | {ok: false, error: object}>} on failure `error` is the session's InputError, with `file`
 *   when it is about a file's contents
 * @throws {TrecFileError} when a file cannot be read
 * @throws {BuildMissingError} when the module was built before TrecSession existed
 */
export async function evaluateTrec(module, request) {
  const { args = [], qrels, runs, format = 'trec', digits = 4, chunkSize = CHUNK_SIZE } = request;
  const onWarning = request.onWarning ?? (() => {});
  if (typeof module.TrecSession !== 'function') {
    throw new BuildMissingError('the wasm module in web/generated/ has no TrecSession (it was ' +
      'built before irmetrics trec); run npm run build');
  }
  const session = new module.TrecSession();
  try {
    // Nothing here opens a topic's list (the page's topic()): they need not be kept.
    session.keepTopicLists(false);
    const configured = session.configure(args);
    if (!configured.ok) return configured;
    (configured.warnings ?? []).forEach(onWarning);
    if (request.zscores !== undefined) {
      const text = await readFile(request.zscores, 'utf8').catch((error) => {
        throw new TrecFileError(`cannot read ${request.zscores}: ${error.code ?? error.message}`);
      });
      const read = session.zscores(text, request.zscores);
      if (!read.ok) return read;
    }
    const qrelsResult = await feedFile(session, 'qrels', qrels, { chunkSize });
    if (!qrelsResult.ok) return qrelsResult;
    qrelsResult.warnings.forEach(onWarning);
    const runResults = [];
    for (const run of runs) {
      const runResult = await feedFile(session, 'run', run, { chunkSize });
      if (!runResult.ok) return runResult;
      runResult.warnings.forEach(onWarning);
      runResults.push(runResult);
    }
    return { ok: true, report: session.report(format, digits), qrels: qrelsResult,
      runs: runResults };
  } finally {
    session.delete();
  }
}

/**
 * An InputError of the session as one line for standard error: "file:line:column: message" when
 * it is about a place in a file, "file: message" about a whole file, else the message.
 *
 * @param {{message: string, file?: string, line?: number, column?: number}} error
 * @returns {string}
 */
export function describeError(error) {
  const message = error.message.replace(/\s*\n\s*/g, ' ');
  if (!error.file) return message;
  if (error.line > 0) return `${error.file}:${error.line}:${error.column}: ${message}`;
  // A message that names its file already needs no prefix ("run.gz is larger than …").
  return message.startsWith(`${error.file} `) ? message : `${error.file}: ${message}`;
}

/**
 * The `--format json` form of a session's InputError, as calc --json prints one, plus the file:
 * {error: {code, message, field, file, line, column, length}}.
 *
 * @param {any} error
 * @returns {{error: object}}
 */
export function errorToJson(error) {
  const { code, message, field, line, column, length } = error;
  // A flag's error has no file (the session gives ''): null, as for calc's errors.
  return { error: { code, message, field, file: error.file || null, line, column, length } };
}
