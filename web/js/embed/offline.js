// @ts-check
// The controller of irmetrics-offline.html (scripts/build-embed.mjs inlines it after the
// widget): a calculator picker and the fields of a calculator page, written into one
// <ir-calculator>'s attributes. The state lives in the URL hash with the share-link keys
// (url-state.js), so a link to the file with #calc=ranked&in=… opens that answer; working=open
// (the checkbox "Show the whole working") is the widget's working attribute.

import { calculatorFor, calculators } from '../calculators.js';
import { el } from '../render/dom.js';
import { hashFor, readHash } from '../url-state.js';
import { DEFAULT_MEASURES, TAKES_RELEVANT } from './defaults.js';

const $ = (selector) => document.querySelector(selector);
const usable = calculators.filter(({ calc }) => calc in DEFAULT_MEASURES);

const picker = $('#offline-calc');
const input = $('#offline-input');
const relevant = $('#offline-relevant');
const measures = $('#offline-measures');
const working = $('#offline-working');
const widget = $('[data-offline-widget]');

picker.replaceChildren(...usable.map(({ calc, title }) => el('option', { value: calc, text: title })));

/** The first sample of a calculator (calculators.js): its input and R. */
const sampleOf = (calc) => Object.values(calculatorFor(calc).samples)[0] ?? {};

function loadExample() {
  const sample = sampleOf(picker.value);
  input.value = sample.in ?? '';
  relevant.value = sample.relevant ?? '';
  measures.value = DEFAULT_MEASURES[picker.value];
  show();
}

/** Fields → widget attributes and hash. */
function show() {
  const calc = picker.value;
  const takesR = TAKES_RELEVANT.has(calc);
  $('[data-offline-relevant-field]').hidden = !takesR;
  $('[data-offline-hint]').textContent = calculatorFor(calc).summary;
  widget.setAttribute('calc', calc);
  widget.setAttribute('input', input.value);
  widget.setAttribute('measures', measures.value);
  if (takesR && relevant.value.trim()) widget.setAttribute('relevant', relevant.value);
  else widget.removeAttribute('relevant');
  widget.setAttribute('working', working.checked ? 'open' : 'closed');
  const state = { calc, in: input.value, relevant: takesR ? relevant.value : '', m: measures.value, working: working.checked ? 'open' : '' };
  // file:// pages can replace their hash too; a failure (a sandboxed frame) only loses the link.
  try {
    window.history.replaceState(null, '', `#${hashFor(state)}`);
  } catch {
    /* the state still shows; only the link is not updated */
  }
}

const hash = readHash();
// Own keys only: `in` would take #calc=toString or __proto__ for a calculator.
if (hash.get('calc') && Object.hasOwn(DEFAULT_MEASURES, hash.get('calc'))) {
  picker.value = hash.get('calc');
  input.value = hash.get('in') ?? '';
  relevant.value = hash.get('relevant') ?? '';
  measures.value = hash.get('m') ?? DEFAULT_MEASURES[picker.value];
  working.checked = hash.get('working') === 'open';
  show();
} else {
  picker.value = 'ranked';
  loadExample();
  if (hash.get('calc')) {
    // Said as text: the hash is whatever the link held.
    $('[data-offline-hint]').textContent = `There is no calculator “${hash.get('calc')}” in this file; here is the ranked list.`;
  }
}

picker.addEventListener('change', loadExample);
for (const field of [input, relevant, measures]) field.addEventListener('input', show);
working.addEventListener('change', show);
$('[data-offline-example]').addEventListener('click', loadExample);
$('[data-offline-form]').addEventListener('submit', (event) => event.preventDefault());
