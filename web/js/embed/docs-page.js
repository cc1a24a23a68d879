// @ts-check
// The controller of embedding.html: the site's menu, and `data-ready` on <body> once every
// live example on the page has rendered (the browser tests wait for it).
//
// The menu is filled here rather than by site.js's initSite, which would also load the page
// engine's wasm: this page's examples already run on the widget's own engine.

import { fillSiteNav } from '../site-nav.js';

fillSiteNav();

// A widget may have rendered before this module ran (the engine loads while the page's modules
// are fetched): its `state` says so.
const widgets = [.../** @type {NodeListOf<HTMLElement & {state: string}>} */ (document.querySelectorAll('ir-calculator'))];
const settled = () => widgets.every((widget) => widget.state === 'ready' || widget.state === 'error');
const markReady = () => {
  if (settled()) document.body.dataset.ready = 'true';
};
document.addEventListener('ir-calculator-update', markReady);
markReady();
