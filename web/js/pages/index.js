// @ts-check
// The home page: what irmetrics is, the calculators, and the measure reference built from the
// engine's registry, listed at build time (virtual:measure-list, vite.config.js): the page loads
// no wasm module. A share link addressed to the home page (#calc=ranked&…) is forwarded to its
// calculator.

import { calculatorFor, calculatorForInput, calculators } from '../calculators.js';
import { el } from '../render/dom.js';
import { mathSettled } from '../render/math.js';
import { renderMeasureReference } from '../render/reference.js';
import { initSite, showVersion } from '../site.js';
import { hashFor, readHash } from '../url-state.js';
import { measures, version } from 'virtual:measure-list';

const forwardTo = calculatorFor(readHash().get('calc'));
if (forwardTo) window.location.replace(`./${forwardTo.page}${window.location.hash}`);
else main();

function tryLink(info) {
  const calculator = calculatorForInput(info.input);
  if (!calculator) return '';
  return `./${calculator.page}#${hashFor({ calc: calculator.calc, ...calculator.samples[info.input], m: info.example })}`;
}

/** The reference's section of a measure: its calculator's, or its input family's when it has none. */
function groupOf(info) {
  const calculator = calculatorForInput(info.input);
  return calculator
    ? { key: calculator.calc, title: calculator.title, link: `./${calculator.page}` }
    : { key: info.input, title: info.input, link: '' };
}

function calculatorCards(measures) {
  return calculators.map((calculator) => {
    const names = measures.filter((info) => info.input in calculator.samples).map((info) => info.name);
    return el(
      'li',
      { class: 'card' },
      el('h3', {}, el('a', { href: `./${calculator.page}`, text: calculator.title })),
      el('p', { text: calculator.summary }),
      names.length > 0 && el('p', { class: 'card-measures' }, ...names.flatMap((name, i) => [i ? ' ' : '', el('code', { text: name })])),
    );
  });
}

async function main() {
  await initSite('', { engine: false });
  showVersion(version);
  document.querySelector('[data-calculators]').replaceChildren(...calculatorCards(measures));
  document.querySelector('[data-reference]').replaceChildren(...renderMeasureReference(measures, { groupOf, tryLink }));
  // Once the formulas above the card are typeset: they change the heights.
  await mathSettled();
  landOnReference();
  document.body.dataset.ready = 'true';
}

/**
 * The calculators' "measure reference" link (index.html#reference) and a measure's own
 * (#measure-AP): the reference is built once the engine has loaded, after the browser looked
 * for the hash's target (the section was there, near the top, and the cards then pushed it
 * down; a measure's article did not exist yet). So the page goes to it now, and gives it the
 * keyboard focus, as following the link would have.
 */
function landOnReference() {
  let id = '';
  try {
    id = decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return; // a damaged hash names nothing
  }
  const reference = document.getElementById('reference');
  const target = id && document.getElementById(id);
  if (!reference || !target || !reference.contains(target)) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'start' });
}
