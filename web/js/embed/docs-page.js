// The controller of embedding.html: the site's menu, and `data-ready` on <body> once every
// live example on the page has rendered (the browser tests wait for it).
//
// The menu is filled here rather than by site.js's initSite, which would also load the page
// engine's wasm: this page's examples already run on the widget's own engine.

import { calculators } from '../calculators.js';
import { el } from '../render/dom.js';

document.querySelector('[data-site-nav]')?.replaceChildren(
  ...calculators.map(({ page, short, title }) =>
    el('li', {}, el('a', { href: `./${page}`, title: short === title ? null : title, text: short })),
  ),
);

// A widget may have rendered before this module ran (the engine loads while the page's modules
// are fetched): its `state` says so.
const widgets = [...document.querySelectorAll('ir-calculator')];
const settled = () => widgets.every((widget) => widget.state === 'ready' || widget.state === 'error');
const markReady = () => {
  if (settled()) document.body.dataset.ready = 'true';
};
document.addEventListener('ir-calculator-update', markReady);
markReady();
