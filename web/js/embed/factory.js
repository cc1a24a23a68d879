// @ts-check
// The embed build's stand-in for web/generated/irmetrics-lite.js (scripts/build-embed.mjs aliases
// that import to this file), so that web/js/engine.js is reused unchanged by the widget.
//
// `createIrMetricsEmbed` is not imported: it is the factory that Emscripten's glue (the check
// module's, web/generated/irmetrics-check.js, made a classic script) declares, and
// scripts/build-embed.mjs puts that script and this bundle in one function scope, so the name resolves there and never becomes a global of
// the host page. `embedWasm` is declared in the same scope by the wrapper: where this script
// finds its wasm (see embed/wrapper.d.ts).
//
// The wasm, compiled once per page (or worker) however many widgets start a module, and handed
// to the glue (which has no wasm of its own):
//   inside  the script has it as base64 (irmetrics-embed-single.js, irmetrics-offline.html)
//   fetch   irmetrics-embed.wasm, fetched from beside the script: the script was loaded over
//           http(s) from the page's own origin (a fetch from another origin would need CORS
//           headers from the irmetrics site and `connect-src` from the page's policy), or the
//           script runs as the widget's worker
//   script  irmetrics-embed-inline.js, loaded beside the script with a <script> element, hands
//           over the wasm as base64 in an event on that element: from file:// (Chromium fetches
//           nothing from file://) and from another origin (a script needs no CORS); also when
//           the fetch fails (a host that has the .js and not the .wasm)

/* global createIrMetricsEmbed, embedWasm */

import { loadScriptDetail } from './script-event.js';

/** The event irmetrics-embed-inline.js dispatches on its own <script> element (build-embed.mjs). */
export const WASM_EVENT = 'irmetrics-embed-wasm';

/** @type {Promise<WebAssembly.Module> | null} */
let compiled = null;

/** Decodes base64 text into bytes. */
function decode(base64) {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/** irmetrics-embed.wasm fetched and compiled (streaming when the server says application/wasm). */
async function fetchWasm(url) {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  if (typeof WebAssembly.compileStreaming === 'function' && /^application\/wasm\b/.test(response.headers.get('Content-Type') ?? '')) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

/** The wasm from irmetrics-embed-inline.js: a <script> element in a page, importScripts in a worker. */
async function scriptWasm(url) {
  if (typeof document === 'undefined') {
    const scope = /** @type {any} */ (globalThis);
    scope.importScripts(url); // sets irmetricsEmbedWasm on this worker's own scope
    const base64 = scope.irmetricsEmbedWasm;
    delete scope.irmetricsEmbedWasm;
    if (typeof base64 !== 'string') throw new Error(`${url} gave no wasm`);
    return WebAssembly.compile(decode(base64));
  }
  const base64 = await loadScriptDetail(url, WASM_EVENT);
  if (typeof base64 !== 'string') throw new Error(`${url} gave no wasm`);
  return WebAssembly.compile(decode(base64));
}

/** The compiled wasm, once. */
function wasmModule() {
  if (compiled) return compiled;
  const { base64, fetchUrl, scriptUrl } = embedWasm;
  if (base64) return (compiled = WebAssembly.compile(decode(base64)));
  const fromScript = (cause) =>
    Promise.resolve()
      .then(() => scriptWasm(scriptUrl))
      .catch((failure) => {
        const why = cause ? `${cause.message}; ${failure.message}` : failure.message;
        throw new Error(`${why}; irmetrics-embed.js needs irmetrics-embed.wasm and irmetrics-embed-inline.js in its folder (irmetrics-embed-single.js needs nothing beside it)`);
      });
  compiled = fetchUrl ? fetchWasm(fetchUrl).catch(fromScript) : fromScript(null);
  // A failure is not kept: the next module asked for tries again.
  compiled.catch(() => (compiled = null));
  return compiled;
}

/**
 * Starts the engine: resolves to the Emscripten module (compute, listMeasures, version).
 * @param {import('../irmetrics.js').IrMetricsOptions} [options]
 */
export default async function createIrMetrics(options = {}) {
  const module = await wasmModule();
  /** @type {(cause: unknown) => void} */
  let failed = () => {};
  const failure = new Promise((_, reject) => (failed = reject));
  const started = createIrMetricsEmbed({
    ...options,
    // Emscripten's hook: the glue instantiates nothing itself (it has no wasm). Its ready
    // promise would wait for ever after a failed instantiation: the race answers with the cause.
    instantiateWasm(imports, receiveInstance) {
      WebAssembly.instantiate(module, imports).then((instance) => receiveInstance(instance, module), failed);
      return {};
    },
  });
  return Promise.race([started, failure]);
}
