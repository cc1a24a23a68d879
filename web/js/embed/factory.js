// @ts-check
// The embed build's stand-in for web/generated/irmetrics-lite.js (scripts/build-embed.mjs aliases
// that import to this file), so that web/js/engine.js is reused unchanged by the widget.
//
// `createIrMetricsEmbed` is not imported: it is the factory that Emscripten's SINGLE_FILE build
// (web/generated/irmetrics-embed.js, a classic script with the wasm inside) declares, and
// scripts/build-embed.mjs puts that script and this bundle in one function scope, so the name
// resolves there and never becomes a global of the host page.

/* global createIrMetricsEmbed */

/** Starts the engine: resolves to the Emscripten module (compute, listMeasures, version). */
export default function createIrMetrics(options) {
  return createIrMetricsEmbed(options);
}
