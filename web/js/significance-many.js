// @ts-check
// The significance page with three or more systems. A pasted table whose header names three or
// more systems (score-table.js) is not the two-system calculator's input: while the input is
// such a table, this module answers instead of the calculator (calculator-page.js), with the
// comparison the TREC files page draws (render/trec-compare.js, renderComparison): a test, a
// correction, α and an optional baseline; the marked means table, the means chart, a chosen
// pair's facts, sorted differences and a link to the calculator's whole working for that pair.
// Any other input (two columns, x:/y: lines, a d: line) is the calculator's, exactly as before.
//
// The calculator is not told: this module steps in front of it. Its listeners are caught before
// they run (an input event on the field, a submit, a hashchange naming such a table), it never
// sees a share link's table (the hash's `in` is taken away before it starts and put back once it
// is ready), and what it may still show from an update begun before the table was pasted (its
// error under the field, its answer bar) is put back as this module had it.
//
// The comparison runs in the calculators' engine (engine.js compareRuns, in its worker, with the
// module the page already has). Share link: calc=significance, in (the table), test, correction, alpha, baseline.

import { SYSTEM_WORDS } from '../../common/compare-report.js';
import { compareRuns } from './engine.js';
import { DEFAULT_CHOICES, renderComparison } from './render/trec-compare.js';
import { el } from './render/dom.js';
import { clearInputError, showInputError } from './render/input-error.js';
import { FOUR_SYSTEMS, readScoreTable } from './score-table.js';
import { readHash, writeHash } from './url-state.js';
import '../css/significance-many.css';

const DEBOUNCE_MS = 150;
const DIGITS = 4;
/** The share-link keys of the comparison's controls. */
const CHOICE_KEYS = /** @type {const} */ (['test', 'correction', 'alpha', 'baseline']);

/**
 * The comparison's requests ({type: 'compare', input, options}), answered by the calculators'
 * engine (engine.js compareRuns: its worker, with the module the page already loaded).
 * @returns {(message: {input: any, options?: any}) => Promise<any>}
 */
export function compareWorker() {
  return (message) => compareRuns(message.input, message.options);
}

const $ = (selector) => /** @type {HTMLElement} */ (document.querySelector(selector));

/** Whether `text` is a table of three or more systems (read here, not by the calculator). */
const isTable = (text) => readScoreTable(text).kind === 'table';

/**
 * Sets up the three-or-more-systems mode. Call before startCalculator (its listeners must come
 * first), then call the returned `afterCalculator()` once startCalculator has returned.
 * @returns {{afterCalculator: () => void}}
 */
export function setUpManySystems() {
  const input = /** @type {HTMLTextAreaElement} */ ($('#input'));
  const inputError = $('#input-error');
  const form = $('form.calculator-form');
  const main = $('main');
  const resultsPanel = $('.results-panel');
  const answerBar = $('[data-answer-bar]');
  const request = compareWorker();
  // The table and the pair's facts announce themselves (renderComparison); the charts do not.
  const box = el('div', { class: 'many-systems', 'data-many-systems': true, hidden: true });
  const status = el('p', { class: 'results-status', role: 'status', 'data-many-status': true, hidden: true });
  const viewBox = el('div', { 'data-many-view': true });
  box.append(status, viewBox);
  resultsPanel.append(box);
  // The controls that only the two-system calculator reads: put away with the table.
  for (const node of [$('#measures')?.closest('.field'), $('.preset-switch'), $('[data-conventions]'), $('[data-embed]'), $('[data-make-problem]'), $('.results-options'), $('[data-results-status]'), $('[data-results]')]) {
    node?.setAttribute('data-two-systems-only', '');
  }

  let active = false;
  let timer = 0;
  /** The controls' values, kept while the table is edited and in the share link. */
  let choices = { ...DEFAULT_CHOICES };
  let shownInput = ''; // the compared input (JSON) now on screen
  /** The error under the field as this module put it: its message, or '' for none. */
  let ownError = '';

  function writeState() {
    const state = { calc: 'significance', in: input.value };
    for (const key of CHOICE_KEYS) state[key] = choices[key];
    writeHash(state);
  }

  function enter() {
    active = true;
    main.classList.add('is-many-systems');
    box.hidden = false;
    answerBar.hidden = true;
  }

  function leave() {
    if (!active) return;
    active = false;
    main.classList.remove('is-many-systems');
    box.hidden = true;
    viewBox.replaceChildren();
    shownInput = '';
    ownError = '';
  }

  function setStatus(text) {
    status.textContent = text;
    status.hidden = !text;
  }

  /** Reads the table and shows its comparison, or the error under the field. */
  function render() {
    clearTimeout(timer);
    const reading = readScoreTable(input.value);
    if (reading.kind !== 'table') return leave();
    enter();
    writeState();
    if (!reading.ok) {
      ownError = reading.error.message;
      showInputError(input, reading.error, inputError);
      viewBox.classList.toggle('is-stale', shownInput !== '');
      setStatus(shownInput ? 'The comparison below is of the last table that could be read. Fix the marked mistake to update it.' : 'Fix the marked mistake to see the comparison.');
      return;
    }
    ownError = '';
    clearInputError(input, inputError);
    viewBox.classList.remove('is-stale');
    setStatus('');
    const key = JSON.stringify(reading.input);
    if (key === shownInput) return;
    shownInput = key;
    const { runs, topics } = reading.input;
    viewBox.replaceChildren(
      el('h3', { class: 'many-systems-title', text: `${runs.length} systems compared pair by pair` }),
      el('p', {
        class: 'hint',
        text:
          `Each of the ${(runs.length * (runs.length - 1)) / 2} pairs of ${runs.join(', ')} tested on the per-query differences of their ${topics.length} scores ` +
          `${reading.ids ? '' : '(queries numbered q1, q2, … in the order of the rows) '}` +
          'with a paired test, the p-values corrected for the number of pairs, and 95% intervals.',
      }),
      renderComparison({
        input: reading.input,
        digits: DIGITS,
        request,
        words: SYSTEM_WORDS,
        initial: choices,
        onChange: (chosen) => {
          choices = chosen;
          writeState();
        },
      }),
    );
  }

  function schedule() {
    clearTimeout(timer);
    timer = window.setTimeout(render, DEBOUNCE_MS);
  }

  /** The controls' values from a share link. */
  function choicesFrom(hash) {
    choices = { ...DEFAULT_CHOICES };
    for (const key of CHOICE_KEYS) if (hash.has(key)) choices[key] = hash.get(key) ?? '';
  }

  // Typing in the field: a table is read here, and the calculator does not hear of it.
  form.addEventListener(
    'input',
    (event) => {
      if (event.target !== input) return;
      if (isTable(input.value)) {
        event.stopPropagation();
        schedule();
      } else if (active) {
        clearTimeout(timer);
        clearInputError(input, inputError);
        leave();
      }
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      if (event.target !== form || !isTable(input.value)) return;
      event.preventDefault();
      event.stopPropagation();
      render();
    },
    true,
  );
  // A share link pasted into the address bar of the open page.
  window.addEventListener('hashchange', (event) => {
    const hash = readHash();
    if (!hash.has('calc') || hash.get('calc') !== 'significance') return;
    const text = hash.get('in') ?? '';
    if (!isTable(text)) return leave();
    event.stopImmediatePropagation();
    input.value = text;
    choicesFrom(hash);
    shownInput = '';
    render();
  });
  // A two-system example picked while a table is shown: the calculator has its input back.
  $('[data-presets]').addEventListener('click', () => queueMicrotask(() => !isTable(input.value) && leave()));

  // An update the calculator began before the table came may still end: put back this mode's
  // error under the field, and put away the answer bar.
  new MutationObserver(() => {
    if (!active) return;
    if (!answerBar.hidden) answerBar.hidden = true;
    const shown = inputError.hidden ? '' : (inputError.querySelector('.error-message')?.textContent ?? '');
    if (shown === ownError) return;
    const reading = readScoreTable(input.value);
    if (reading.kind === 'table' && !reading.ok) showInputError(input, reading.error, inputError);
    else clearInputError(input, inputError);
    writeState();
  }).observe(resultsPanel.parentElement ?? document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });

  // A share link with a table: the calculator starts without it, and gets it back once ready.
  const hash = readHash();
  const linked = (hash.get('calc') ?? 'significance') === 'significance' && isTable(hash.get('in') ?? '') ? (hash.get('in') ?? '') : '';
  if (linked) {
    choicesFrom(hash);
    const rest = new URLSearchParams(hash);
    rest.delete('in');
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}#${rest}`);
  }

  function afterCalculator() {
    const presets = $('[data-presets]');
    const button = el(
      'button',
      { type: 'button', class: 'preset', 'data-preset': '4×10' },
      el('span', { class: 'preset-id', text: 'Four systems, ten queries' }),
      el('span', { class: 'preset-detail', text: ' a table: paired t-test, Holm correction' }),
    );
    button.addEventListener('click', () => {
      input.value = FOUR_SYSTEMS;
      choices = { ...DEFAULT_CHOICES };
      shownInput = '';
      render();
    });
    presets.append(button);
    const count = presets.closest('details')?.querySelector('.examples-count');
    if (count) count.textContent = ` (${presets.children.length})`;
    if (!linked) return;
    const start = () => {
      input.value = linked;
      render();
    };
    if (document.body.dataset.ready) return start();
    const waiting = new MutationObserver(() => {
      if (!document.body.dataset.ready) return;
      waiting.disconnect();
      start();
    });
    waiting.observe(document.body, { attributes: true, attributeFilter: ['data-ready'] });
  }

  return { afterCalculator };
}
