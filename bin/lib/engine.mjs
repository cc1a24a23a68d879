// @ts-check
// Loads the wasm module that `npm run build` writes to web/generated/, the same file the web
// page loads (docs/js-api.md). Node's fetch refuses file paths and the ES6 build has no
// __dirname, so the .wasm bytes are read here and passed in as wasmBinary.

import { readFile } from 'node:fs/promises';

const generated = new URL('../../web/generated/', import.meta.url);

/** Thrown when web/generated/irmetrics.{js,wasm} is missing: the project has not been built. */
export class BuildMissingError extends Error {}

/**
 * Resolves with the module: {compute(measure, input, options), listMeasures(), version()}.
 * @throws {BuildMissingError} when the build output is missing
 */
export async function loadEngine() {
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
