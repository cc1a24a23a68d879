// What the browser and the build give the modules that TypeScript's libraries do not declare
// (tsconfig.json). Types only.

// Vite: a `?raw` import is the file's text; a CSS import is a side effect.
declare module '*?raw' {
  const text: string;
  export default text;
}
declare module '*.css';

// Every measure of the calculators and the engine's version, worked out at build time
// (vite.config.js, measureList): the home page lists them without loading a wasm module.
declare module 'virtual:measure-list' {
  export const measures: import('./irmetrics.js').MeasureInfo[];
  export const version: string;
}

// A worker's global scope (lib "webworker" cannot be loaded with "dom"): engine-worker.js and the
// widget test `globalThis instanceof WorkerGlobalScope`.
declare var WorkerGlobalScope: { prototype: object; new (): object };

// The factory of the check module's glue made a classic script (web/generated/irmetrics-check.js,
// by scripts/build-embed.mjs), in scope of the widget's bundle only (see embed/factory.js).
declare var createIrMetricsEmbed: import('./irmetrics.js').CreateIrMetrics;
