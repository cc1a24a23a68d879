// @ts-check
// Loads the wasm module that `npm run build` writes to web/generated/, the same file the web
// page loads (docs/js-api.md). Node's fetch refuses file paths and the ES6 build has no
// __dirname, so the .wasm bytes are read here and passed in as wasmBinary.

import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import v8 from 'node:v8';

const generated = new URL('../../web/generated/', import.meta.url);

/** Thrown when web/generated/irmetrics.{js,wasm} is missing: the project has not been built. */
export class BuildMissingError extends Error {}

/**
 * Input up to this many bytes is a small job: its module is compiled by V8's baseline compiler
 * (Liftoff) alone. Otherwise V8 also compiles the functions that run hot again with its
 * optimising compiler, on other threads, which pays off only on larger input. `irmetrics trec -q
 * -m all_trec` on trec_eval's test files (140 KB): 0.58 s and 0.70 s of CPU with both compilers,
 * 0.28 s and 0.25 s of CPU with Liftoff alone; on a 0.6 MB run 0.73 s against 0.35 s; on a
 * 6.8 MB run 1.14 s either way (1.36 s of CPU against 1.06 s); `irmetrics practice` of 2
 * exercises 0.38 s of CPU against 0.28 s, of 500 exercises 3.75 s against 4.28 s (Node 20,
 * this machine). The answers are the same: both compilers run the same WebAssembly.
 */
export const SMALL_JOB_BYTES = 4 << 20;

/**
 * Whether the files named among `names` (a command's arguments: flags and values that are no
 * file are passed over) make a small job: none is standard input ('-'), and those that are files
 * hold fewer than SMALL_JOB_BYTES together.
 * @param {readonly string[]} names
 */
export function smallFiles(names, limit = SMALL_JOB_BYTES) {
  let bytes = 0;
  for (const name of names) {
    if (name === '-') return false;
    const info = statSync(name, { throwIfNoEntry: false });
    if (info?.isFile()) bytes += info.size;
    if (bytes >= limit) return false;
  }
  return true;
}

/**
 * Resolves with the module: {compute(measure, input, options), listMeasures(), version()}.
 * `small`: the job is small (smallFiles, SMALL_JOB_BYTES), so the module is compiled by the
 * baseline compiler alone; once per process, before the module is first compiled.
 * @param {{small?: boolean}} [options]
 * @throws {BuildMissingError} when the build output is missing
 */
export async function loadEngine({ small = false } = {}) {
  const wasmUrl = new URL('irmetrics.wasm', generated);
  const loaderUrl = new URL('irmetrics.js', generated);
  let wasmBinary;
  try {
    wasmBinary = await readFile(wasmUrl);
    await readFile(loaderUrl);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    throw new BuildMissingError(
      `the wasm module is not built (${error.path ?? 'web/generated/'} is missing); ` +
        'run npm run build first',
    );
  }
  const { default: createIrMetrics } = await import(loaderUrl.href);
  // Compiled on this thread and instantiated at once (Emscripten's instantiateWasm hook), not
  // through WebAssembly.instantiate: V8's asynchronous compilation went on after the module was
  // ready and held the first file read back by 60-100 ms, more than the compilation saved
  // (scripts/bench-case.mjs on a one-line qrels and run: load and evaluation 0.23 s, now 0.14 s).
  // (WebAssembly's types come with the DOM's library, which bin/'s type check leaves out.)
  const { WebAssembly: wasm } = /** @type {any} */ (globalThis);
  if (small) v8.setFlagsFromString('--liftoff-only');
  const wasmModule = new wasm.Module(wasmBinary);
  return createIrMetrics({
    wasmBinary,
    instantiateWasm(imports, receive) {
      const instance = new wasm.Instance(wasmModule, imports);
      receive(instance, wasmModule);
      return instance.exports;
    },
  });
}
