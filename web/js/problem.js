// @ts-check
// Problem mode: an instructor turns a calculator state into a problem link; the student sees the
// input (fixed), is asked for chosen measures, checks answers, and sees the working only on
// request (or never). Kept apart from the page controller so that the embeddable widget
// (web/js/embed/) can reuse it: nothing here touches wasm (checking and rendering the working
// are passed in) or the page's fields (they are passed in too).
//
// Share-link keys, added to a calculator's own (url-state.js):
//   problem=1            the link is a problem
//   ask=AP,P@5           the measures asked, comma-separated (default: the link's m)
//   reveal=ask|never     the working is shown when the student asks (default), or never
//
// Exports:
//   readProblem(params)                      → {ask, reveal} | null
//   problemKeys({ask, reveal})               → {problem, ask, reveal}, the keys to add to a state
//   problemUrl(state, options, [location])   → the link of a problem made from a state
//   askedNames(problem, measures)            → the names to compute: ask, or else m
//   lockQuestion(controls, locked)           → makes the question's controls read-only (or not)
//   questionText({names, subject, given})    → "Work out AP@10 for this ranked list; R = 5."
//   inputTable(calc, outcome)                → a ranked or graded list as a table, or null
//                                              (outcome: LIST_MEASURES[calc] on the input)
//   renderProblem({items, reveal, check, renderWorking, answers})
//                                            → the problem's sections, one per measure asked
//   setUpProblemMaker({button, panel, getState})
//                                            → the "Make a problem" panel; {refresh()}

import { listTable } from '../../common/list-table.js';
import { el, uniqueId } from './render/dom.js';
import { ANSWER_FORMS, otherQuantities, renderCheckField, renderQuantityChecks } from './render/check.js';
import { hashFor } from './url-state.js';
import { workingElsewhere } from './render/steps.js';
import { widgetSnippet } from './embed/snippets.js';
import { writeFitSnippet } from './embed/fit.js';

/** @typedef {{ask: string[], reveal: 'ask' | 'never'}} Problem */

const REVEALS = ['ask', 'never'];

/** Splits "AP, P@5" at the commas that are not inside parentheses: ["AP", "P@5"]. */
function splitNames(text) {
  const names = [];
  let depth = 0;
  let current = '';
  for (const char of text ?? '') {
    if (char === '(') depth += 1;
    if (char === ')') depth = Math.max(0, depth - 1);
    if (char === ',' && depth === 0) {
      names.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  names.push(current);
  return names.map((name) => name.trim()).filter(Boolean);
}

/**
 * The problem a link describes, or null when it is not one (no problem=1).
 * @param {URLSearchParams} params the hash (url-state.js readHash())
 * @returns {Problem | null} reveal is 'ask' unless the link says never
 */
export function readProblem(params) {
  if (params.get('problem') !== '1') return null;
  const reveal = params.get('reveal') === 'never' ? 'never' : 'ask';
  return { ask: splitNames(params.get('ask')), reveal };
}

/**
 * The share-link keys of a problem.
 * @param {{ask?: string[] | string, reveal?: string}} problem
 * @returns {{problem: string, ask: string, reveal: string}} reveal is left out ('') when 'ask'
 */
export function problemKeys({ ask = [], reveal = 'ask' }) {
  const names = Array.isArray(ask) ? ask : splitNames(ask);
  return { problem: '1', ask: names.join(','), reveal: reveal === 'never' ? 'never' : '' };
}

/**
 * The link of a problem made from a calculator state (its calc, in, relevant, m, …).
 * @param {Object<string, string>} state the page's share-link state
 * @param {{ask?: string[] | string, reveal?: string}} problem
 * @param {{origin: string, pathname: string}} [location] default: the page's
 */
export function problemUrl(state, problem, location = window.location) {
  return `${location.origin}${location.pathname}#${hashFor({ ...state, ...problemKeys(problem) })}`;
}

/**
 * The measure names a problem asks for: its ask list, or the link's measures when it has none.
 * @param {Problem} problem
 * @param {string} measures the m key ("AP@10, P@5")
 * @returns {string[]}
 */
export function askedNames(problem, measures) {
  return problem.ask.length ? problem.ask : splitNames(measures);
}

/**
 * Locks the question (or unlocks it): text fields become read-only, so the input can still be
 * read, selected and copied; buttons and selects are disabled.
 * @param {Iterable<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | HTMLButtonElement>} controls
 * @param {boolean} locked
 */
export function lockQuestion(controls, locked) {
  for (const control of controls) {
    if (control.matches('textarea, input:not([type]), input[type="text"]')) {
      /** @type {HTMLInputElement | HTMLTextAreaElement} */ (control).readOnly = locked;
    } else {
      control.disabled = locked;
    }
  }
}

/** "A", "A and B", "A, B and C". */
const listed = (names) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/**
 * The question a problem asks, in one sentence: "Work out AP@10 and P@5 for this ranked list;
 * R = 5."
 * @param {{names: string[], subject: string, given?: string}} question
 *   names: the measures asked; subject: what the input is ("this ranked list"); given: what else
 *   the question states ("R = 5"), or ''
 * @returns {string}
 */
export function questionText({ names, subject, given = '' }) {
  return `Work out ${listed(names)} for ${subject}${given ? `; ${given}` : ''}.`;
}

/**
 * The measure whose working lists the whole input, by calculator: an answer at a cutoff
 * (nDCG@3) lists only its top k ranks.
 */
export const LIST_MEASURES = { ranked: 'AP', ndcg: 'DCG' };

/**
 * A problem's ranked or graded list as the table a textbook prints (rank, document, relevant or
 * grade), read from the working of LIST_MEASURES[calc] on the problem's input
 * (common/list-table.js: the computed columns are left out, so nothing of the answer shows).
 * Null for other calculators, a long list, or an outcome without such a table.
 * @param {string} calc
 * @param {import('./engine.js').Outcome | undefined} outcome LIST_MEASURES[calc]'s
 */
export function inputTable(calc, outcome) {
  const list = calc in LIST_MEASURES ? listTable(outcome) : null;
  if (!list) return null;
  return el(
    'table',
    { class: 'problem-input-table' },
    el('caption', { text: calc === 'ndcg' ? 'The ranked list and its grades' : 'The ranked list' }),
    el('thead', {}, el('tr', {}, ...list.columns.map((name) => el('th', { scope: 'col', text: name })))),
    el('tbody', {}, ...list.rows.map((row) => el('tr', {}, ...row.map((text) => el('td', { text }))))),
  );
}

/**
 * The problem as sections, one per measure asked: its name, the answer field, a field for each
 * other named quantity of the answer (render/check.js renderQuantityChecks: names only), and
 * (reveal=ask) a "Show the working" button that replaces itself with `renderWorking(outcome)`.
 * No value of the answer appears until then (a correct answer's verdict states it).
 * @param {{items: {name: string, result: import('./engine.js').ComputeResult |
 *                   {ok: false, error: {message: string}, value?: undefined}}[],
 *          reveal: 'ask' | 'never',
 *          check: (name: string, answer: string, key?: string) => Promise<import('./render/check.js').CheckResult>,
 *          renderWorking: (outcome: import('./engine.js').Outcome, index: number) => HTMLElement,
 *          answers?: Map<string, string>, workingLink?: string}} options
 *   items: each asked measure's answer (a failure may be a calculator page's hand-off, whose
 *   error is not an InputError);
 *   check: the engine's check for a measure on the problem's input (key: one of its named
 *   quantities, or none for the answer itself); answers: typed answers by measure name (and
 *   "name|key"), kept across renders (updated as the student checks); workingLink: a frame of
 *   fixed height (embed.html#…&fit=1): "Show the working" is a link to the calculator page
 *   (with reveal=ask), and the other quantities' checks are left out, so nothing grows
 * @returns {HTMLElement[]}
 */
export function renderProblem({ items, reveal, check, renderWorking, answers = new Map(), workingLink = '' }) {
  const introId = uniqueId('problem-intro');
  const intro = el('p', {
    class: 'problem-intro',
    id: introId,
    text: `${ANSWER_FORMS} ${reveal === 'never' ? 'The working is not shown.' : 'The working is shown when you ask for it.'}`,
  });
  const sections = items.map(({ name, result }, index) => {
    const headingId = uniqueId('problem-heading');
    if (!result.ok) {
      return el(
        'section',
        { class: 'outcome problem is-error', role: 'group', 'aria-labelledby': headingId },
        el('h3', { id: headingId }, el('code', { text: name })),
        el('p', { class: 'error-text', text: result.error.message }),
      );
    }
    const outcome = result.value;
    const label = outcome.label || outcome.measure;
    const field = renderCheckField({
      label,
      check: (answer) => check(name, answer),
      initial: answers.get(name) ?? '',
      onAnswer: (answer) => answers.set(name, answer),
      hint: false,
      // The heading names the measure; the label is shown only when the value is something else
      // (confusion's value is F1, a t-test's its p), so the student knows what to type.
      headed: label === outcome.measure,
      describedBy: introId,
      // The working is never shown: neither is the value, in any verdict.
      hideValue: reveal === 'never',
      // A convention's verdict names the default's value, which is this problem's answer.
      hideDefault: true,
    });
    const quantities = workingLink ? null : renderQuantityChecks({
      keys: otherQuantities(outcome),
      check: (answer, key) => check(name, answer, key),
      answers,
      prefix: `${name}|`,
      hideValue: reveal === 'never',
      hideDefault: true,
    });
    let working = null;
    if (reveal !== 'never' && workingLink) {
      working = workingElsewhere(workingLink, label, 'Show the working');
    } else if (reveal !== 'never') {
      const show = el('button', { type: 'button', class: 'secondary', 'aria-expanded': 'false', text: 'Show the working' });
      const place = el('div', { class: 'problem-working' });
      show.addEventListener('click', () => {
        const worked = renderWorking(outcome, index);
        show.setAttribute('aria-expanded', 'true');
        show.hidden = true;
        place.replaceChildren(worked);
        worked.querySelector('h3, h4')?.setAttribute('tabindex', '-1');
        /** @type {HTMLElement | null} */ (worked.querySelector('h3, h4'))?.focus();
      });
      working = el('div', {}, show, place);
    }
    return el(
      'section',
      // A group, not a region landmark: a course page may hold several problems, each with a
      // "Question 1", and landmarks must have names unique in the page.
      { class: 'outcome problem', role: 'group', 'aria-labelledby': headingId },
      el('h3', { id: headingId }, items.length > 1 ? `${index + 1}. ` : '', el('code', { text: outcome.measure }), el('span', { class: 'problem-title', text: ` ${outcome.title}` })),
      field,
      quantities,
      working,
    );
  });
  return [intro, ...sections];
}

/**
 * The "Make a problem" control: a panel with the measures to ask, whether the working may be
 * revealed, and the link (kept up to date with the page's state).
 * @param {{button: HTMLButtonElement, panel: HTMLElement,
 *          getState: () => {calc: string, in?: string, relevant?: string, m?: string}}} options
 *   panel: holds #problem-ask, #problem-reveal, #problem-link, [data-problem-copy] and
 *   [data-problem-status] (web/partials/calculator.html)
 * @returns {{refresh: () => void}}
 */
export function setUpProblemMaker({ button, panel, getState }) {
  const ask = /** @type {HTMLInputElement} */ (panel.querySelector('#problem-ask'));
  const reveal = /** @type {HTMLSelectElement} */ (panel.querySelector('#problem-reveal'));
  const link = /** @type {HTMLInputElement} */ (panel.querySelector('#problem-link'));
  const embed = /** @type {HTMLTextAreaElement | null} */ (panel.querySelector('#problem-embed')); // the same problem as a widget snippet
  const fit = /** @type {HTMLTextAreaElement | null} */ (panel.querySelector('#problem-lms')); // and as a no-script iframe
  const status = panel.querySelector('[data-problem-status]');
  let askEdited = false;
  function refresh() {
    if (panel.hidden) return;
    const state = getState();
    if (!askEdited) ask.value = splitNames(state.m).join(', ');
    const keep = REVEALS.includes(reveal.value) ? reveal.value : 'ask';
    link.value = problemUrl(state, { ask: splitNames(ask.value), reveal: keep });
    if (embed) {
      const problem = { ...state, problem: '1', ask: splitNames(ask.value).join(', '), reveal: keep };
      embed.value = widgetSnippet(problem, new URL('./irmetrics-embed.js', window.location.href).href);
    }
    if (fit) {
      const problem = { ...state, ...problemKeys({ ask: splitNames(ask.value), reveal: keep }) };
      writeFitSnippet({ field: fit, status: panel.querySelector('[data-fit-status]'), state: problem, frameUrl: new URL('./embed.html', window.location.href).href });
    }
    status.textContent = '';
  }
  button.addEventListener('click', () => {
    panel.hidden = !panel.hidden;
    button.setAttribute('aria-expanded', String(!panel.hidden));
    refresh();
  });
  ask.addEventListener('input', () => {
    askEdited = true;
    refresh();
  });
  reveal.addEventListener('change', refresh);
  for (const copy of /** @type {NodeListOf<HTMLElement>} */ (panel.querySelectorAll('[data-problem-copy]'))) {
    const field = copy.dataset.problemCopy
      ? /** @type {HTMLInputElement | HTMLTextAreaElement} */ (panel.querySelector(`#${copy.dataset.problemCopy}`))
      : link;
    const what = field === link ? 'Problem link' : field === fit ? 'Iframe for course sites' : 'Embed snippet';
    copy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(field.value);
        status.textContent = `${what} copied.`;
      } catch {
        field.select();
        status.textContent = `Select the ${what.toLowerCase()} and copy it.`;
      }
    });
  }
  return { refresh };
}
