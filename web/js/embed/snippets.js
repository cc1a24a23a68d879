// @ts-check
// The HTML an instructor pastes into a course page, written from a calculator's state (the
// share-link keys of url-state.js: calc, in, relevant, m). Pure functions over strings, no DOM:
// the Embed button (embed-button.js), the documentation page and scripts/build-embed.mjs use
// them, and a Node test can too.

import { hashFor } from '../url-state.js';

/** Text made safe inside a double-quoted HTML attribute (a newline stays a newline). */
export const escapeAttribute = (text) =>
  String(text).replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]);

/**
 * The message embed.html posts to its parent whenever its height changes:
 * {type: FRAME_MESSAGE, height} (CSS pixels).
 */
export const FRAME_MESSAGE = 'irmetrics-frame-height';

/**
 * The parent page's half of the iframe form: sets the height of each iframe marked
 * data-irmetrics-frame to what that frame reports. Only the frame's own messages count
 * (event.source), and the height is clamped, so no other frame or page can resize anything.
 * Plain ES5 in one statement, to paste as it is into any page (or host as irmetrics-resize.js).
 */
export const RESIZE_SCRIPT = `window.addEventListener('message', function (event) {
  var data = event.data;
  if (!data || data.type !== '${FRAME_MESSAGE}' || typeof data.height !== 'number') return;
  var frames = document.querySelectorAll('iframe[data-irmetrics-frame]');
  for (var i = 0; i < frames.length; i++) {
    if (frames[i].contentWindow === event.source) {
      frames[i].style.height = Math.max(80, Math.min(20000, Math.ceil(data.height))) + 'px';
    }
  }
});`;

/**
 * The widget's attributes for a state, in the order an author reads them. A problem's state
 * (problem.js: problem=1, ask, reveal) adds the widget's `problem` (no value), `ask` and
 * `reveal`.
 * @param {{calc: string, in?: string, relevant?: string, m?: string, problem?: string,
 *          ask?: string, reveal?: string}} state
 * @returns {[string, string | null][]} null: an attribute without a value
 */
export function widgetAttributes(state) {
  const problem = state.problem === '1';
  return /** @type {[string, string | null][]} */ ([
    ['calc', state.calc],
    ['input', state.in ?? ''],
    ['relevant', state.relevant ?? ''],
    ['measures', state.m ?? ''],
    ...(problem ? [['problem', null], ['ask', state.ask ?? ''], ['reveal', state.reveal === 'never' ? 'never' : '']] : []),
  ]).filter(([name, value]) => name === 'calc' || name === 'input' || value === null || value.trim() !== '');
}

/**
 * The script form: one <script> (it loads its engine and chart library from beside itself) and
 * the element.
 * @param {{calc: string, in?: string, relevant?: string, m?: string}} state
 * @param {string} scriptUrl where irmetrics-embed.js is served
 * @returns {string}
 */
export function widgetSnippet(state, scriptUrl) {
  const attributes = widgetAttributes(state)
    .map(([name, value]) => (value === null ? name : `${name}="${escapeAttribute(value)}"`))
    .join(' ');
  return `<script src="${escapeAttribute(scriptUrl)}"></script>\n<ir-calculator ${attributes}></ir-calculator>`;
}

/**
 * The iframe form: the calculator's embed.html with the state in its hash, and the resizer.
 * @param {{calc: string, in?: string, relevant?: string, m?: string}} state
 * @param {string} frameUrl where embed.html is served (without a hash)
 * @returns {string}
 */
export function frameSnippet(state, frameUrl) {
  const src = `${frameUrl}#${hashFor(state)}`;
  const title = `irmetrics: ${state.m || state.calc}`;
  return (
    `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" data-irmetrics-frame ` +
    `width="100%" height="480" loading="lazy"></iframe>\n<script>\n${RESIZE_SCRIPT}\n</script>`
  );
}

/**
 * The widths a no-script frame is measured at, in CSS pixels: a phone's course column (a 375 px
 * phone less an LMS's margins and padding) and a desktop one. The frame's height is the taller of the two,
 * so the content fits at every width between and beyond (a wider column is never taller).
 */
export const FIT_WIDTHS = [320, 960];

/** Room added below the measured content: a verdict a line longer than the measured one. */
export const FIT_MARGIN = 24;

/**
 * The frame's link for the no-script form: the state and fit=1 (frame.js: a layout that never
 * grows, its working a link to the calculator page).
 * @param {{calc: string, in?: string, relevant?: string, m?: string}} state
 * @param {string} frameUrl where embed.html is served (without a hash)
 */
export const fitFrameUrl = (state, frameUrl) => `${frameUrl}#${hashFor({ ...state, fit: '1' })}`;

/**
 * The no-script form, for course sites whose editors strip <script> and keep <iframe> (Canvas,
 * Moodle, Blackboard): an iframe of fixed height, measured by the page that writes the snippet
 * (fit.js measureFrameHeight at FIT_WIDTHS). Only attributes those editors keep: src, title,
 * width, height, loading, allow, and a style whose border rule their filters accept.
 * @param {{calc: string, in?: string, relevant?: string, m?: string, problem?: string,
 *          ask?: string}} state
 * @param {string} frameUrl where embed.html is served (without a hash)
 * @param {number} height in CSS pixels
 * @returns {string}
 */
export function fitFrameSnippet(state, frameUrl, height) {
  const asked = state.problem === '1' ? `a problem: ${state.ask || state.m || state.calc}` : state.m || state.calc;
  const title = `irmetrics: ${asked}`;
  const px = Math.ceil(height);
  return (
    `<iframe src="${escapeAttribute(fitFrameUrl(state, frameUrl))}" title="${escapeAttribute(title)}" ` +
    `width="100%" height="${px}" style="border: 0; width: 100%; height: ${px}px;" loading="lazy" allow="clipboard-write"></iframe>`
  );
}
