// @ts-check
// The measure reference, generated from the engine's registry (listMeasures), so the page
// cannot drift from the code.

import { el, scrollingTable } from './dom.js';
import { mathBlock } from './math.js';

const CUTOFF_TEXT = {
  none: '',
  optional: { rank: 'optional @k: ranks 1 to k only', recall: 'optional @r: a recall level', '': 'optional' },
  required: { rank: 'required @k: ranks 1 to k', recall: 'required @r: a recall level such as @0.3', '': 'required' },
};

function cutoffText(info) {
  const text = CUTOFF_TEXT[info.cutoff];
  const cutoff = typeof text === 'object' ? (text[info.cutoffKind] ?? text['']) : '';
  // F reads a confusion matrix, F@k a ranked list (listMeasures' cutoffInput).
  return info.cutoffInput ? `${cutoff}; with a cutoff it reads a ${info.cutoffInput.replace(/_/g, ' ')}` : cutoff;
}

function paramTable(info) {
  if (!info.params.length) return null;
  const choices = (param) =>
    param.choices.length
      ? param.choices.flatMap((choice, index) => [
          index ? ', ' : '',
          choice === param.default ? el('strong', {}, el('code', { text: choice }), ' (default)') : el('code', { text: choice }),
        ])
      : ['any value'];
  return scrollingTable({
    caption: `Parameters of ${info.name}`,
    columns: ['parameter', 'values', 'meaning'],
    rows: info.params.map((param) =>
      el('tr', {}, el('td', {}, el('code', { text: param.name })), el('td', {}, ...choices(param)), el('td', { text: param.help })),
    ),
    className: 'param-table',
  });
}

function measureArticle(info, tryLink) {
  const facts = [
    ['Cutoff', cutoffText(info)],
    ['Also called', info.aliases.join(', ')],
  ].filter(([, text]) => text);
  const href = tryLink(info);
  return el(
    'article',
    { class: 'measure', id: `measure-${info.name}` },
    el('h4', {}, info.title, ' ', el('code', { class: 'measure-name', text: info.name })),
    el('p', { text: info.summary }),
    info.formula && el('div', { class: 'measure-formula' }, mathBlock(info.formula, `Formula of ${info.name}`)),
    facts.length > 0 &&
      el('dl', { class: 'facts' }, ...facts.map(([term, text]) => el('div', {}, el('dt', { text: term }), el('dd', { text })))),
    paramTable(info),
    info.example &&
      el(
        'p',
        { class: 'example' },
        'Example: ',
        href ? el('a', { href }, el('code', { text: info.example })) : el('code', { text: info.example }),
      ),
  );
}

/**
 * The reference: one section per group (a calculator's measures), one article per measure, in
 * registry order.
 * @param {import('../engine.js').MeasureInfo[]} measures
 * @param {{groupOf: (info: import('../engine.js').MeasureInfo) => {key: string, title: string, link: string},
 *          tryLink: (info: import('../engine.js').MeasureInfo) => string}} options
 *   groupOf gives a measure's section: its key, its heading and the URL of its calculator (or
 *   ""); tryLink gives a calculator URL that computes the example, or ""
 * @returns {HTMLElement[]}
 */
export function renderMeasureReference(measures, { groupOf, tryLink }) {
  const groups = new Map();
  for (const info of measures) {
    const group = groupOf(info);
    if (!groups.has(group.key)) groups.set(group.key, { ...group, members: [] });
    groups.get(group.key).members.push(info);
  }
  const contents = el(
    'nav',
    { class: 'reference-contents', 'aria-label': 'Measures' },
    el('ul', {}, ...measures.map((info) => el('li', {}, el('a', { href: `#measure-${info.name}` }, el('code', { text: info.name }))))),
  );
  const sections = [...groups.values()].map(({ title, link, members }) =>
    el(
      'section',
      { class: 'reference-family', 'aria-label': title },
      el(
        'div',
        { class: 'reference-family-heading' },
        el('h3', { text: title }),
        link && el('a', { href: link, text: 'Open the calculator' }),
      ),
      ...members.map((info) => measureArticle(info, tryLink)),
    ),
  );
  return [contents, ...sections];
}
