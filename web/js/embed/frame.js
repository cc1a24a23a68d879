// @ts-check
// The controller of embed.html, the iframe form of the widget: the state comes in the hash with
// the share-link keys (embed.html#calc=ranked&in=R+N+R+N&relevant=5&m=AP,P@5; url-state.js;
// and the widget's own digits, theme and working: working=open shows every answer's working),
// becomes one <ir-calculator> (defined by irmetrics-embed.js, loaded by the page before this
// module), and the page's height goes to the parent whenever it changes, so that the parent's
// snippet (snippets.js, RESIZE_SCRIPT) can size the iframe to fit: no inner scroll bar.
//
// fit=1 is a frame of fixed height, for course sites whose editors strip the resizer script
// (snippets.js fitFrameSnippet: the height was measured when the snippet was written). The
// widget then never grows: its "Show working" opens the calculator page with the same state in
// a new tab (the widget's working-link).

// It imports nothing but its own CSS on purpose: any module of the site (or site.css) would
// pull in the site's shared chunk (the page engine, the chart library) beside the widget's own
// engine. Its two shared names are therefore written out here: FRAME_MESSAGE is snippets.js's
// (tests/web/embed.test.mjs checks the pair end to end) and the hash is read as url-state.js's
// readHash reads it.

import './frame.css';

const FRAME_MESSAGE = 'irmetrics-frame-height';

/** The hash as parameters (as url-state.js readHash). */
function readHash() {
  try {
    return new URLSearchParams(window.location.hash.replace(/^#/, ''));
  } catch {
    return new URLSearchParams();
  }
}

const widget = /** @type {HTMLElement & {state: string}} */ (document.querySelector('[data-frame-widget]'));

/** Keys of the frame or of a problem, which the calculator page showing the working does not take. */
const FRAME_ONLY = ['fit', 'problem', 'ask', 'reveal', 'theme', 'working'];

/** The calculator page of the frame's state, showing every answer and its working. */
function workingPage(hash) {
  const calc = hash.get('calc') ?? '';
  const state = new URLSearchParams(hash);
  for (const key of FRAME_ONLY) state.delete(key);
  return new URL(`./${/^[a-z]+$/.test(calc) ? calc : 'index'}.html#${state}`, window.location.href).href;
}

/** Hash → attributes. Every value is set as an attribute, so it is shown as text only. */
function apply() {
  const hash = readHash();
  /** @type {Object<string, string | null>} */
  const attributes = { calc: hash.get('calc'), input: hash.get('in'), relevant: hash.get('relevant'), measures: hash.get('m'), digits: hash.get('digits'), theme: hash.get('theme'), working: hash.get('working') };
  // A problem link's keys (problem.js): the frame is the widget's problem mode, answers held back.
  const problem = hash.get('problem') === '1';
  Object.assign(attributes, { problem: problem ? '' : null, ask: problem ? hash.get('ask') : null, reveal: problem ? hash.get('reveal') : null });
  attributes['working-link'] = hash.get('fit') === '1' ? workingPage(hash) : null;
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null) widget.removeAttribute(name);
    else widget.setAttribute(name, value);
  }
}

let lastHeight = 0;
function postHeight() {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height === lastHeight || window.parent === window) return;
  lastHeight = height;
  window.parent.postMessage({ type: FRAME_MESSAGE, height }, '*'); // a height tells nobody anything
}

apply();
window.addEventListener('hashchange', apply);
new ResizeObserver(postHeight).observe(document.body);
const rendered = () => {
  postHeight();
  if (widget.state === 'ready' || widget.state === 'error') document.body.dataset.ready = 'true';
};
widget.addEventListener('ir-calculator-update', rendered);
rendered(); // it may have rendered before this module ran
