// The home page: what irmetrics is, the calculators, and the measure reference built from the
// engine's registry. A share link addressed to the home page (#calc=ranked&…) is forwarded to
// its calculator.

import { calculatorFor, calculators } from '../calculators.js';
import { listMeasures } from '../engine.js';
import { el } from '../render/dom.js';
import { renderMeasureReference } from '../render/reference.js';
import { initSite } from '../site.js';
import { hashFor, readHash } from '../url-state.js';

const forwardTo = calculatorFor(readHash().get('calc'));
if (forwardTo) window.location.replace(`./${forwardTo.page}${window.location.hash}`);
else main();

function tryLink(info) {
  const calculator = calculators.find((candidate) => candidate.input === info.input);
  if (!calculator) return '';
  return `./${calculator.page}#${hashFor({ calc: calculator.calc, ...calculator.sample, m: info.example })}`;
}

function calculatorCards(measures) {
  return calculators.map((calculator) => {
    const names = measures.filter((info) => info.input === calculator.input).map((info) => info.name);
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
  const calculatorOf = (input) => calculators.find((calculator) => calculator.input === input);
  const familyTitle = (input) => calculatorOf(input)?.title ?? input;
  const familyLink = (input) => (calculatorOf(input) ? `./${calculatorOf(input).page}` : '');
  document
    .querySelector('[data-reference]')
    .replaceChildren(...renderMeasureReference(measures, { familyTitle, familyLink, tryLink }));
  document.body.dataset.ready = 'true';
}
