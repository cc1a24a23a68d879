// @ts-check
// The widget's Observable Plot when irmetrics-embed.js is served beside its files: render/chart.js's
// `import('./plot-marks.js')` is replaced by `loadEmbedPlot()` (scripts/build-embed.mjs), so Plot
// (about 85 KB gzipped) is downloaded when a chart is first drawn, as on the site, instead of with
// every widget. irmetrics-embed-plot.js (embed/plot-entry.js) hands the marks over in an event.
// The self-contained script of irmetrics-offline.html keeps Plot inside.

/* global embedWasm */

import { loadScriptDetail } from './script-event.js';

/** The event irmetrics-embed-plot.js dispatches on its own <script> element. */
export const PLOT_EVENT = 'irmetrics-embed-plot';

/** @returns {Promise<typeof import('../render/plot-marks.js')>} */
export function loadEmbedPlot() {
  if (typeof document === 'undefined') return Promise.reject(new Error('no charts are drawn in a worker'));
  return loadScriptDetail(embedWasm.plotUrl, PLOT_EVENT);
}
