// @ts-check
// A calculator page's view: the elements of its controls (the examples, the measure toggles, the
// convention selectors, the link-length note) and of its answers (the summary, each answer with
// its "Your answer" fields, a measure handed off to another page, the answer bar). Each function
// makes elements from what it is given and tells the page of the reader's actions through
// callbacks; the page (pages/calculator-page.js) keeps the state (calculator-state.js).

import { formatAnswer } from '../../common/format.js';
import { citation } from './sources.js';
import { measureBase } from '../../common/measure-list.js';
import { el, scrollingTable } from './render/dom.js';
import { otherQuantities, renderCheckField, renderQuantityChecks } from './render/check.js';
import { renderNum, renderOutcome, renderOutcomeError } from './render/steps.js';
import { lockQuestion } from './problem.js';
import { linkLimitText } from './calculator-state.js';

/**
 * @typedef {import('./engine.js').Outcome} Outcome
 * @typedef {import('./engine.js').MeasureInfo} MeasureInfo
 * @typedef {{calculator: {calc: string, page: string, title: string, subject: string},
 *            link: string, withQuantity: string, message: string, note?: string}} HandOffInfo
 *   note: how the link writes the input for that page ("The link writes the list as grades …")
 */

/**
 * The examples' buttons.
 * @param {{id: string, name: string, source?: string, measures: string}[]} presets
 * @param {(preset: any) => void} onPick
 */
export function presetButtons(presets, onPick) {
  return presets.map((preset) => {
    const from = citation(preset.source);
    const detail = from ? `${preset.measures} · from ${from}` : preset.measures;
    const button = el(
      'button',
      { type: 'button', class: 'preset', 'data-preset': preset.id },
      el('span', { class: 'preset-id', text: preset.name }),
      el('span', { class: 'preset-detail', text: ` ${detail}` }),
    );
    button.addEventListener('click', () => onPick(preset));
    return button;
  });
}

/**
 * A toggle per measure of the page's family.
 * @param {MeasureInfo[]} family
 * @param {(info: MeasureInfo) => void} onToggle
 */
export function quickAddButtons(family, onToggle) {
  return family.map((info) => {
    const button = el(
      'button',
      { type: 'button', class: 'toggle', 'aria-pressed': 'false', 'data-measure': info.name },
      info.name,
      el('span', { class: 'visually-hidden', text: `: ${info.title}` }),
    );
    button.addEventListener('click', () => onToggle(info));
    return button;
  });
}

/**
 * A convention's selector with its label: the parameter, the measures that take it, its help.
 * @param {{param: MeasureInfo['params'][number], users: MeasureInfo[]}} group
 * @param {number} index
 * @param {(value: string) => void} onChange
 * @returns {{row: HTMLElement, select: HTMLSelectElement}}
 */
export function conventionRow({ param, users }, index, onChange) {
  const id = `convention-${index}`;
  const select = /** @type {HTMLSelectElement} */ (
    el(
      'select',
      { id, 'data-param': param.name },
      ...param.choices.map((choice) => el('option', { value: choice, text: choice === param.default ? `${choice} (default)` : choice })),
    )
  );
  select.value = param.default;
  select.addEventListener('change', () => onChange(select.value));
  const label = el(
    'label',
    { for: id },
    el('code', { text: param.name }),
    ` (${users.map((info) => info.name).join(', ')})`,
    el('span', { class: 'hint', text: param.help }),
  );
  return { row: el('div', { class: 'convention' }, label, select), select };
}

/**
 * The controls as the measures field says (calculator-state.js, controlsFor): the toggles
 * pressed, the convention selectors and parameter fields set (not a field the reader is typing
 * in), and on a page of several input families, the hints and selectors of a family not in use
 * put away.
 * @param {ReturnType<typeof import('./calculator-state.js').controlsFor>} shown
 * @param {{conventions: {select: HTMLSelectElement, row: HTMLElement, inputs: Set<string>}[],
 *          params: {control: HTMLInputElement}[]}} controls
 */
export function showControls({ pressed, selectors, fields, inUse }, { conventions, params }) {
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-quick-add] [data-measure]'))) {
    button.setAttribute('aria-pressed', String(pressed.has(button.dataset.measure)));
  }
  conventions.forEach(({ select }, index) => {
    if (selectors[index] !== undefined) select.value = selectors[index];
  });
  params.forEach(({ control }, index) => {
    if (document.activeElement !== control && fields[index] !== undefined) control.value = fields[index];
  });
  const away = (input) => inUse.size > 0 && !inUse.has(input);
  for (const hint of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-input-kind]'))) hint.hidden = away(hint.dataset.inputKind);
  for (const { row, inputs } of conventions) row.hidden = [...inputs].every(away);
  /** @type {HTMLElement} */ (document.querySelector('[data-conventions]')).hidden = conventions.every(({ row }) => row.hidden);
}

/**
 * Problem mode (problem.js) puts the question first: one sentence that states it, the input
 * read-only, and the answer fields beside it (or under it on a phone); the examples, the
 * measures field, the conventions and "Make a problem" are put away (site.css, .is-problem).
 * Copy link and Embed (`actionBlocks`) follow the answers in a problem, so that on a phone the
 * answer fields come right after the input; they go back after `anchor` when the page is a
 * calculator again. The question states the options' values (R = 5), and its measures are
 * fixed, so the option and parameter fields (`fields`: β, the pool depth) are put away.
 * @param {HTMLFormElement} form
 * @param {boolean} problem
 * @param {{actionBlocks: Element[], anchor: Comment, fields: HTMLElement[]}} parts
 */
export function showProblemLayout(form, problem, { actionBlocks, anchor, fields }) {
  form.closest('main').classList.toggle('is-problem', problem);
  if (problem) document.querySelector('.results-panel').append(...actionBlocks);
  else anchor.after(...actionBlocks);
  lockQuestion(form.querySelectorAll('input, textarea, select, [data-presets] button, [data-quick-add] button, [data-make-problem]'), problem);
  /** @type {HTMLElement} */ (document.querySelector('[data-problem-question]')).hidden = !problem;
  document.querySelector('#results-heading').textContent = problem ? 'Your answers' : 'Answers';
  for (const control of fields) /** @type {HTMLElement} */ (control.closest('.field')).hidden = problem;
}

/**
 * Under Copy link, when the input is too long for a link (url-state.js, LINK_INPUT_LIMIT): a
 * sentence saying so and a button that downloads the input as a text file to share instead.
 * @param {() => void} onDownload
 */
export function linkLimitNote(onDownload) {
  const element = el(
    'p',
    { class: 'hint link-limit', 'data-link-limit': '', hidden: true },
    el('span', { 'data-link-limit-text': '' }),
    ' ',
    el('button', { type: 'button', class: 'secondary', 'data-download-input': '', text: 'Download the input' }),
  );
  element.querySelector('[data-download-input]').addEventListener('click', onDownload);
  return {
    element,
    /**
     * @param {boolean} inputLeftOut
     * @param {number} size the input's length
     */
    show(inputLeftOut, size) {
      element.hidden = !inputLeftOut;
      if (inputLeftOut) element.querySelector('[data-link-limit-text]').textContent = linkLimitText(size);
    },
  };
}

/**
 * Copies the page's link, or shows it to copy by hand when the clipboard refuses.
 * @param {Element} status
 * @param {string} href
 */
export async function copyLink(status, href) {
  try {
    await navigator.clipboard.writeText(href);
    status.textContent = 'Link copied.';
  } catch {
    const link = /** @type {HTMLInputElement} */ (el('input', { type: 'text', readonly: true, value: href, 'aria-label': 'Link to these answers' }));
    status.replaceChildren('Copy this link: ', link);
    link.select();
  }
}

/**
 * "AP@10 = 28/45 ≈ 0.6222": an answer in one line, for the announcer and the answer bar.
 * @param {Outcome} outcome
 */
export const answerLine = (outcome) => formatAnswer(outcome.label || outcome.measure, outcome.value);

/**
 * The answers in one line each, every value once: an answer whose line another has already
 * given is left out (ROC's value is its AUC: "AUC = 8/9" once, not twice), and answers that
 * name their value alike are told apart by their measure ("sign: p = 5/128 ≈ 0.0391 ·
 * wilcoxon: p = 0.0207", not "p = … · p = …"). For the answer bar and the announcer.
 * @param {Outcome[]} outcomes
 * @returns {string[]}
 */
export function distinctAnswerLines(outcomes) {
  const named = (outcome) => outcome.label || outcome.measure;
  // The same name and the same value: one answer, said once.
  const lines = outcomes.map((outcome) => ({ outcome, line: answerLine(outcome) }));
  const once = lines.filter(({ line }, index) => lines.findIndex((other) => other.line === line) === index);
  const count = new Map();
  for (const { outcome } of once) count.set(named(outcome), (count.get(named(outcome)) ?? 0) + 1);
  return once.map(({ outcome, line }) =>
    count.get(named(outcome)) > 1 && outcome.label && outcome.label !== outcome.measure ? `${outcome.measure}: ${line}` : line,
  );
}

/**
 * The answer bar: on a narrow screen the answers come after the form, so a bar at the foot of
 * the screen shows them ("AP@10 = 28/45 ≈ 0.6222 · P@5 = 2/5") and links to the working. It
 * shows while the answers panel is out of view (site.css hides it on wide screens). Each value
 * once (distinctAnswerLines), three at most.
 * @param {Element & {hidden: boolean}} bar
 * @param {Outcome[]} outcomes
 */
export function showAnswerBar(bar, outcomes) {
  const lines = distinctAnswerLines(outcomes);
  const shown = lines.slice(0, 3);
  if (lines.length > 3) shown.push(`${lines.length - 3} more`);
  bar.replaceChildren(el('span', { class: 'answer-bar-values', text: shown.join(' · ') }), el('span', { class: 'answer-bar-more', text: 'Working ↓' }));
  bar.hidden = outcomes.length === 0;
}

/** The value, named when it is not the measure itself (ROC's value is its AUC). */
const labelled = (outcome) =>
  outcome.label && outcome.label !== outcome.measure ? [el('code', { text: outcome.label }), ' = ', renderNum(outcome.value)] : [renderNum(outcome.value)];

/** The table of every answer, when there are two or more. */
function renderSummary(outcomes) {
  const rows = outcomes.flatMap((result, index) =>
    result.ok
      ? [
          el(
            'tr',
            {},
            el('th', { scope: 'row' }, el('a', { href: `#outcome-${index}` }, el('code', { text: result.value.measure }))),
            el('td', {}, ...labelled(result.value)),
          ),
        ]
      : [],
  );
  return rows.length < 2 ? null : scrollingTable({ caption: 'All answers', columns: ['Measure', 'Value'], rows, className: 'summary-table' });
}

/**
 * A measure another calculator computes: which page, the link there, and the measure of this
 * page that lists it among its quantities (with a button to add it when it is not listed).
 * @param {string} name
 * @param {HandOffInfo} handOff
 * @param {{id: string, typed: string[], onAdd: (name: string) => void}} view
 */
export function renderHandOff(name, { calculator, link, withQuantity, message, note }, { id, typed, onAdd }) {
  const headingId = `${id}-heading`;
  const listed = typed.includes(withQuantity);
  let add = null;
  if (withQuantity && !listed) {
    add = el('button', { type: 'button', class: 'link-button', text: `add ${withQuantity}` });
    add.addEventListener('click', () => onAdd(withQuantity));
  }
  return el(
    'section',
    { class: 'outcome is-elsewhere', id, 'aria-labelledby': headingId, 'data-hand-off': calculator.calc },
    el('h3', { id: headingId }, el('code', { text: name })),
    el('p', { text: message }),
    el('p', {}, el('a', { href: link, text: `Open ${name} on the ${calculator.title} page${/[#&]in=/.test(link) ? ' with this input' : ''}` })),
    note && el('p', { class: 'hand-off-note', text: note }),
    withQuantity &&
      el('p', {}, 'On this page, ', el('code', { text: withQuantity }), ` lists ${measureBase(name)} among its quantities`, listed ? '.' : ': ', add),
  );
}

/**
 * How the input was read, directly under an answer's headline: each note of the outcome that
 * starts with "Read as" ("Read as: relevant = {d2, d7, d9} (R = 3), ranking of 4"), as plain
 * text (the reader's words are never markup), one paragraph each, p.answer-reading right after
 * the headline p.answer. The notes stay among the others at the end too.
 * @param {Outcome} outcome
 * @returns {HTMLElement[]}
 */
export const readingNotes = (outcome) =>
  (outcome.notes ?? [])
    .filter((note) => /^Read as\b/.test(note))
    .map((note) =>
      el('p', {
        class: 'answer-reading',
        'data-reading': '',
        text: note.length <= READING_LIMIT ? note : `${note.slice(0, READING_LIMIT)}… (the whole note is under Notes)`,
      }),
    );

/** A reading longer than this (a list of 10,000 ids) is cut under the headline; Notes has it whole. */
const READING_LIMIT = 300;

/**
 * The answers: the summary, then each measure's answer (with its "Your answer" fields), its
 * hand-off to another page, or its error.
 * @param {{name: string}[]} entries
 * @param {any[]} outcomes the answers (import('./pages/calculator-page.js').Answer)
 * @param {{charts: Map<Outcome, any>, seenTables: Map<any, any>, typed: string[],
 *          onAdd: (name: string) => void,
 *          check: (name: string, answer: string, key?: string) => Promise<any>,
 *          answers: Map<string, string>}} view `check`: the engine's check of a typed answer;
 *   `answers`: what the reader typed, by measure name, kept across renders
 */
export function renderAnswers(entries, outcomes, { charts, seenTables, typed, onAdd, check, answers }) {
  /**
   * The "Your answer" field under an answer, and one for each of its named quantities; what
   * the reader typed survives the next render.
   */
  const checkFieldFor = (name, outcome) => () => {
    const extra = document.createDocumentFragment();
    extra.append(...readingNotes(outcome), checkFields(name, outcome));
    return extra;
  };
  const checkFields = (name, outcome) =>
    el(
      'div',
      { class: 'answer-checks' },
      renderCheckField({
        // What the value is, when the name does not say (a t-test's value is its p); not when the
        // name typed is the label itself (accuracy answered by multiclass: "accuracy", once).
        label: outcome.label && outcome.label !== outcome.measure && outcome.label !== name ? `${outcome.label} (${name})` : name,
        check: (answer) => check(name, answer),
        initial: answers.get(name) ?? '',
        onAnswer: (answer) => answers.set(name, answer),
      }),
      renderQuantityChecks({
        keys: otherQuantities(outcome),
        check: (answer, key) => check(name, answer, key),
        answers,
        prefix: `${name}|`,
      }),
    );
  return [
    ...[renderSummary(outcomes)].filter(Boolean),
    ...outcomes.map((result, index) =>
      result.ok
        ? renderOutcome(result.value, {
            id: `outcome-${index}`,
            onAlternative: onAdd,
            answerExtra: checkFieldFor(entries[index].name, result.value),
            seenTables,
            charts: charts.get(result.value),
          })
        : result.handOff
          ? renderHandOff(entries[index].name, result.handOff, { id: `outcome-${index}`, typed, onAdd })
          : renderOutcomeError(entries[index].name, result.error, { id: `outcome-${index}` }),
    ),
  ];
}
