// @ts-check
// The entry of irmetrics-embed.js (scripts/build-embed.mjs): defines <ir-calculator> over the
// embed build of the engine (web/js/engine.js, its wasm import aliased to ./factory.js), styled
// by the site's stylesheet in a constructable stylesheet (allowed by `style-src 'self'`, unlike
// <style> text).
//
// The same script is also the widget's engine worker: engine.js starts it as a classic Worker
// (build-embed.mjs, `embedWorker`) when it was loaded from the page's own origin, and there
// engine-worker.js (imported through engine.js) answers the page's requests; nothing of the
// page is defined in the worker.

import siteCss from '../../css/site.css?raw';
import * as engine from '../engine.js';
import { shadowCss } from './styles.js';
import widgetCss from './widget.css?raw';
import { defineIrCalculator } from './widget.js';

const inWorker = typeof WorkerGlobalScope !== 'undefined' && globalThis instanceof WorkerGlobalScope;
if (!inWorker) {
  const css = `${shadowCss(siteCss)}\n${widgetCss}`;
  /** @type {string | CSSStyleSheet[]} */
  let styles = css;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    styles = [sheet];
  } catch {
    // Browsers without constructable stylesheets get a <style> in the shadow root (a page with a
    // strict CSP refuses it there; every current browser takes the sheet).
  }
  defineIrCalculator({ engine, styles });
}
