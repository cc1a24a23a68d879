// @ts-check
// The height of a no-script frame (snippets.js fitFrameSnippet), measured by the page that writes
// the snippet: embed.html with the frame's state is loaded out of sight in a frame of each width
// of FIT_WIDTHS, and once its widget has drawn and its height has stayed the same for a moment
// (formulas and charts settle), the content's height is read. The embed page is of the same site,
// so its document can be read directly.

import { FIT_MARGIN, FIT_WIDTHS, fitFrameSnippet, fitFrameUrl } from './snippets.js';

/** How long the height must stay unchanged to count as settled, and how long to wait at most. */
const SETTLED_MS = 400;
const GIVE_UP_MS = 20000;
/** How long the state must stay the same before it is measured. */
const DEBOUNCE_MS = 300;

/**
 * The content height of `src` in a frame `width` CSS pixels wide.
 * @param {string} src embed.html#…&fit=1, of this site
 * @param {number} width
 * @returns {Promise<number>}
 */
function measureAt(src, width) {
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.className = 'fit-measure';
    frame.style.width = `${width}px`;
    frame.src = src;
    const started = Date.now();
    let last = -1;
    let since = 0;
    const done = (error, height = 0) => {
      clearInterval(timer);
      frame.remove();
      if (error) reject(error);
      else resolve(height);
    };
    const timer = setInterval(() => {
      const doc = frame.contentDocument;
      if (Date.now() - started > GIVE_UP_MS) return done(new Error('the frame did not finish drawing'));
      if (!doc || doc.body?.dataset.ready !== 'true') return;
      const height = Math.ceil(doc.documentElement.getBoundingClientRect().height);
      if (height !== last) {
        last = height;
        since = Date.now();
      } else if (Date.now() - since >= SETTLED_MS) {
        done(null, height);
      }
    }, 50);
    document.body.append(frame);
  });
}

/**
 * The height a no-script frame needs to show `src` whole at every width of FIT_WIDTHS, with
 * FIT_MARGIN to spare, rounded up to 10 px.
 * @param {string} src
 * @param {() => boolean} [current] false once the measurement is no longer wanted (it stops)
 * @returns {Promise<number>}
 */
export async function measureFrameHeight(src, current = () => true) {
  const heights = [];
  for (const width of FIT_WIDTHS) {
    if (!current()) throw new Error('superseded');
    heights.push(await measureAt(src, width));
  }
  return Math.ceil((Math.max(...heights) + FIT_MARGIN) / 10) * 10;
}

/** The measurement under way for each field, so that only the latest one writes. */
const latest = new WeakMap();

/**
 * Writes the no-script snippet of `state` into `field` once its height is measured, saying in
 * `status` what is happening and what the height fits.
 * @param {{field: HTMLTextAreaElement, status: Element | null,
 *          state: {calc: string, in?: string, relevant?: string, m?: string, problem?: string, ask?: string},
 *          frameUrl: string}} options
 *   state: the share-link state (with a problem's keys for a problem); frameUrl: embed.html
 * @returns {Promise<void>}
 */
export async function writeFitSnippet({ field, status, state, frameUrl }) {
  const token = {};
  latest.set(field, token);
  field.value = '';
  field.dataset.measuring = 'true';
  if (status) status.textContent = 'Measuring the height the frame needs on a phone and on a desktop…';
  const current = () => latest.get(field) === token;
  // The state changes with each keystroke: measure once it has stayed the same for a moment.
  await new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS));
  if (!current()) return;
  let height;
  let note;
  try {
    height = await measureFrameHeight(fitFrameUrl(state, frameUrl), current);
    note = `Height ${height} px: the whole ${state.problem === '1' ? 'problem' : 'answer'} shows without scrolling inside the frame, on a phone (a column ${FIT_WIDTHS[0]} px wide) and on a desktop. The working opens the calculator in a new tab.`;
  } catch {
    if (!current()) return;
    height = 800;
    note = 'The height could not be measured (the frame did not finish drawing); 800 px is a guess: check the frame in your course page.';
  }
  if (latest.get(field) !== token) return;
  // A course site served over https shows no frame from http:// or file://.
  if (new URL(frameUrl).protocol !== 'https:') {
    note += ` This copy is served from ${new URL(frameUrl).origin === 'null' ? 'a file' : new URL(frameUrl).origin}: a course site needs the frame from an https copy of this site (how to embed: "Host a copy for your course").`;
  }
  field.value = fitFrameSnippet(state, frameUrl, height);
  delete field.dataset.measuring;
  if (status) status.textContent = note;
}
