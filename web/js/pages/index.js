// The home page: what irmetrics is, the calculators, and the measure reference built from the
// engine's registry. A share link addressed to the home page (#calc=ranked&…) is forwarded to
// its calculator.

import { calculatorFor, calculatorForInput, calculators } from '../calculators.js';
import { listMeasures } from '../engine.js';
import { el } from '../render/dom.js';
import { renderMeasureReference } from '../render/reference.js';
import { initSite } from '../site.js';
import { hashFor, readHash } from '../url-state.js';

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
  const engineWorks = await initSite('');
  const measures = engineWorks ? await listMeasures() : [];
  document.querySelector('[data-calculators]').replaceChildren(...calculatorCards(measures));
  document.querySelector('[data-reference]').replaceChildren(...renderMeasureReference(measures, { groupOf, tryLink }));
  document.body.dataset.ready = 'true';
}
