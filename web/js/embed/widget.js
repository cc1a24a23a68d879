// @ts-check
// <ir-calculator>: one calculator's worked answer, for any page (a course page, a file on disk,
// the iframe form web/embed.html, the offline page). The attributes are the share-link state
// (url-state.js) under readable names:
//
//   <ir-calculator calc="ranked" input="R N R N" relevant="5" measures="AP, P@5"></ir-calculator>
//
//   calc      the calculator (ranked, ndcg, queries, …; calculators.js); when left out, the one
//             that reads the first measure's input
//   input     the text a student would paste (newlines allowed in the attribute)
//   relevant  R, for the calculators that take it (ranked, queries)
//   measures  comma-separated measure names (default: the calculator page's default)
//   digits    decimals shown (default 4, at most 10)
//   theme     light (default), dark, or auto (follows the reader's system setting)
//   working   closed (default): each answer shows its value and its working with the numbers
//             put in, and a "Show working" disclosure holds the rest (the formula, charts, step
//             tables, other conventions, notes, quantities); open: all of it shown at once
//
// Problem mode, for an exercise: `problem` (no value) shows the input and the question ("Work
// out AP and P@5 for this ranked list; R = 5.") with an answer field per measure asked, where a student checks
// their own answer (the core's check: judged at the decimals typed, a wrong one matched to the
// convention or slip that gives it), and keeps the values and the working back:
//   ask       the measures asked for (default: those of `measures`, which default to `ask`)
//   reveal    ask (default): a button per question shows its working; never: the working is
//             not shown at all (not even put in the page)
// This is the calculator pages' problem mode (web/js/problem.js), shared. A problem on a ranked
// list or graded list shows its input as a table (rank, document, relevant or grade) above the
// text, so a student reads the list as a textbook prints it.
//
// A frame of fixed height (embed.html#…&fit=1, the snippet for course sites whose editors strip
// scripts: snippets.js fitFrameSnippet) sets `working-link`: the URL of the calculator page with
// the same state. Nothing then grows the widget after it is drawn: "Show working" is a link that
// opens that page in a new tab, the other quantities' checks are left out (the page has them),
// and each verdict has its room kept from the start (widget.css, .irc[data-fit]).
//
// Every attribute value is shown as text (textContent), never parsed as HTML. Changing an
// attribute recomputes (attributeChangedCallback). The answer is rendered by the site's own
// modules (render/steps.js, chart.js) into a shadow root styled by a constructable stylesheet,
// so the host page's CSS and the widget's do not mix and no <style> text is needed (the strict
// CSP `style-src 'self'` holds).
//
// The element fires `ir-calculator-update` (bubbles, composed) after each render, with
// detail {ok, answers}: answers are "AP = 1/3 ≈ 0.3333" lines. Its `state` property says where
// it is: 'loading', 'ready', or 'error' (the attributes could not be read; the widget says why).

import { calculatorFor, calculatorForInput, calculators, inputOf } from '../calculators.js';
import { DEFAULT_DIGITS, formatAnswer, roundingNote } from '../../../common/format.js';
import { splitMeasureList } from '../../../common/measure-list.js';
import { chartsByOutcome } from '../render/chart.js';
import { el } from '../render/dom.js';
import { markedLine } from '../render/input-error.js';
import { renderOutcome, renderOutcomeError } from '../render/steps.js';
import { inputTable, LIST_MEASURES, questionText, renderProblem } from '../problem.js';
import { DEFAULT_MEASURES, TAKES_RELEVANT } from './defaults.js';

export const ATTRIBUTES = ['calc', 'input', 'relevant', 'measures', 'digits', 'theme', 'working', 'problem', 'ask', 'reveal', 'working-link'];
const MAX_DIGITS = 10;
/** Which attribute an engine error is about. */
const ATTRIBUTE_OF_FIELD = { input: 'input', relevant: 'relevant', measure: 'measures', options: 'relevant' };

/**
 * An error of the page author's attributes, in the widget: which attribute, the message, and
 * for a position in the text the line marked with a caret.
 * @param {string} attribute
 * @param {string} message
 * @param {{text?: string, line?: number, column?: number, length?: number}} [where]
 */
function errorBlock(attribute, message, where = {}) {
  const block = el(
    'div',
    { class: 'irc-error', role: 'alert' },
    el('p', { class: 'error-message' }, el('span', { class: 'irc-error-attribute', text: `${attribute}: ` }), message),
  );
  if (where.text !== undefined && where.line > 0) {
    const { before, marked, after, caret } = markedLine(where.text, { line: where.line, column: where.column, length: where.length });
    block.append(
      el('p', { class: 'error-where', text: `Line ${where.line}, column ${where.column}` }),
      el(
        'pre',
        { class: 'error-marker', 'aria-hidden': 'true' },
        el('code', {}, before, el('mark', { text: marked }), after, '\n', el('span', { class: 'error-caret', text: caret })),
      ),
    );
  }
  return block;
}

/**
 * The working-link attribute as a link the widget may open: http(s) only (never javascript:),
 * or '' when there is none.
 * @param {string} text
 */
function safeLink(text) {
  try {
    const url = new URL(text.trim(), document.baseURI);
    return text.trim() && ['http:', 'https:', 'file:'].includes(url.protocol) ? url.href : '';
  } catch {
    return '';
  }
}

/**
 * Defines <ir-calculator> (once per page).
 * @param {{engine: {ready: Function, compute: Function, check: Function, listMeasures: Function},
 *          styles: CSSStyleSheet[] | string, tagName?: string}} setup
 *   engine: web/js/engine.js (over the embed build of the wasm); styles: the shadow root's
 *   stylesheets, or CSS text for browsers without constructable stylesheets
 */
export function defineIrCalculator({ engine, styles, tagName = 'ir-calculator' }) {
  if (customElements.get(tagName)) return customElements.get(tagName);
  let registry; // listMeasures(), loaded once for every widget of the page

  class IrCalculator extends HTMLElement {
    static get observedAttributes() {
      return ATTRIBUTES;
    }

    #body;
    #answers = new Map(); // problem mode: the student's answers by measure, kept across updates
    #generation = 0;
    #pending = false;

    constructor() {
      super();
      const shadow = this.attachShadow({ mode: 'open' });
      if (typeof styles === 'string') shadow.append(el('style', { text: styles })); // old browsers only
      else shadow.adoptedStyleSheets = styles;
      this.#body = el('div', { class: 'irc', 'data-state': 'loading' }, el('p', { class: 'irc-status', text: 'Loading the calculator…' }));
      shadow.append(this.#body);
      // Links inside the shadow root to "#id" (a repeated table, a summary row) would change the
      // host page's URL and find nothing there: they move focus inside the widget instead.
      shadow.addEventListener('click', (event) => {
        const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
        if (!link) return;
        event.preventDefault();
        const target = shadow.getElementById(decodeURIComponent(link.getAttribute('href').slice(1)));
        if (!target) return;
        // A table in another answer's closed "Show working": opened first, so it can be seen.
        for (let closed = target.closest('details:not([open])'); closed; closed = closed.parentElement?.closest('details:not([open])')) {
          /** @type {HTMLDetailsElement} */ (closed).open = true;
        }
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
        target.scrollIntoView({ block: 'start' });
      });
    }

    /** 'loading' until the first answer, then 'ready', or 'error' when the attributes cannot be read. */
    get state() {
      return this.#body.dataset.state;
    }

    connectedCallback() {
      this.#schedule();
    }

    attributeChangedCallback(name, oldValue, newValue) {
      if (oldValue !== newValue) this.#schedule();
    }

    /** Several attributes set in a row make one update. */
    #schedule() {
      if (this.#pending) return;
      this.#pending = true;
      queueMicrotask(() => {
        this.#pending = false;
        if (this.isConnected) this.#update();
      });
    }

    #finish(ok, content, answers = []) {
      this.#body.dataset.state = ok ? 'ready' : 'error';
      this.#body.replaceChildren(...content.filter(Boolean));
      this.dispatchEvent(new CustomEvent('ir-calculator-update', { bubbles: true, composed: true, detail: { ok, answers } }));
    }

    async #update() {
      const generation = ++this.#generation;
      const attr = (name) => this.getAttribute(name) ?? '';
      const theme = attr('theme');
      this.#body.dataset.theme = ['dark', 'auto'].includes(theme) ? theme : 'light';
      const digitsText = attr('digits').trim();
      const digits = /^\d+$/.test(digitsText) ? Math.min(Number(digitsText), MAX_DIGITS) : DEFAULT_DIGITS;
      const input = attr('input');
      const relevant = attr('relevant').trim();
      const compact = attr('working').trim().toLowerCase() !== 'open';
      const workingLink = safeLink(attr('working-link'));
      if (workingLink) this.#body.dataset.fit = '';
      else delete this.#body.dataset.fit;

      const status = await engine.ready();
      registry ??= status.ok ? await engine.listMeasures() : null;
      if (generation !== this.#generation) return;
      if (!status.ok) return this.#finish(false, [errorBlock('engine', status.error.message)]);

      // Which calculator: the one named, or the one that reads the first measure.
      const calcName = attr('calc').trim();
      const infoFor = (name) => {
        const base = name.replace(/[(@].*$/s, '').trim().toLowerCase();
        return registry.find((info) => [info.name, ...info.aliases].some((known) => known.toLowerCase() === base));
      };
      let calculator = calcName ? calculatorFor(calcName) : undefined;
      const known = calculators.filter((entry) => Object.keys(entry.samples).length > 0).map((entry) => entry.calc);
      if (calcName && (!calculator || !known.includes(calcName))) {
        return this.#finish(false, [errorBlock('calc', `there is no calculator "${calcName}"; expected one of ${known.join(', ')}.`)]);
      }
      const problem = this.hasAttribute('problem');
      const measuresText = this.hasAttribute('measures')
        ? attr('measures')
        : problem && this.hasAttribute('ask')
          ? attr('ask')
          : calculator
            ? DEFAULT_MEASURES[calculator.calc]
            : '';
      const entries = splitMeasureList(measuresText);
      if (!entries.length) {
        return this.#finish(false, [errorBlock('measures', 'no measure is named; give one or more names separated by commas, such as measures="AP, P@5".')]);
      }
      const first = infoFor(entries[0].name);
      calculator ??= calculatorForInput(first ? inputOf(first, entries[0].name) : '') ?? calculatorFor('ranked');
      if (!input.trim()) {
        return this.#finish(false, [
          this.#header(calculator, input, relevant),
          errorBlock('input', `the input is empty; give the text to compute on, as you would paste it into the ${calculator.title} calculator.`),
        ]);
      }

      const options = TAKES_RELEVANT.has(calculator.calc) ? { relevant } : {};
      /** The input family `name` reads when this calculator does not read it (F on calc="ranked"), else null. */
      const wrongFamily = (name) => {
        const info = infoFor(name);
        const kind = info && inputOf(info, name);
        return kind && !(kind in calculator.samples) ? kind : null;
      };
      const outcomes = await Promise.all(
        entries.map(({ name }) => {
          const other = wrongFamily(name);
          if (!other) return engine.compute(name, input, options);
          const home = calculatorForInput(other);
          const message = `${name} belongs to the ${home?.title ?? other} calculator, not to calc="${calculator.calc}" (${calculator.title}).`;
          return { ok: false, error: { code: 'unknown_measure', message, field: 'measure', line: 0, column: 0, length: 0 } };
        }),
      );
      if (generation !== this.#generation) return;

      // The input or R cannot be read: one message, where it is, and no answers.
      const blocking = outcomes.find((result) => !result.ok && result.error.field !== 'measure');
      if (blocking) {
        const { error } = blocking;
        const attribute = ATTRIBUTE_OF_FIELD[error.field] ?? error.field;
        const text = error.field === 'input' ? input : error.field === 'relevant' ? relevant : undefined;
        return this.#finish(false, [this.#header(calculator, input, relevant), errorBlock(attribute, error.message, { ...error, text })]);
      }
      const good = outcomes.filter((result) => result.ok).map((result) => result.value);
      const charts = new Map(chartsByOutcome(good).map((list, index) => [good[index], list]));
      const seenTables = new Map(); // a table shown for an earlier answer becomes a link to it
      const sections = outcomes.map((result, index) =>
        result.ok
          ? renderOutcome(result.value, { digits, id: `irc-outcome-${index}`, seenTables, charts: charts.get(result.value), compact, workingLink })
          : renderOutcomeError(entries[index].name, result.error, { id: `irc-outcome-${index}` }),
      );
      const answers = good.map((outcome) => formatAnswer(outcome.label || outcome.measure, outcome.value, digits));
      const results = el('div', { class: 'results', id: 'irc-results' }, ...sections);
      const footer = el('p', { class: 'irc-footer' }, roundingNote(digits), ' Worked out by irmetrics ', el('span', { text: status.version }), '.');
      const ok = good.length === outcomes.length;
      if (!problem) return this.#finish(ok, [this.#header(calculator, input, relevant), results, footer], answers);

      const asked = splitMeasureList(this.hasAttribute('ask') ? attr('ask') : measuresText).map((entry) => entry.name);
      // The question in one sentence, as on the calculator pages: "Work out AP for this ranked
      // list; R = 5."
      const given = options.relevant?.trim() ? `R = ${options.relevant.trim()}` : '';
      const question = el('p', { class: 'irc-question', text: questionText({ names: asked, subject: calculator.subject, given }) });
      const askedResults = await Promise.all(
        asked.map((name) => {
          const index = entries.findIndex((entry) => entry.name === name);
          return index >= 0 ? outcomes[index] : engine.compute(name, input, options);
        }),
      );
      if (generation !== this.#generation) return;
      const reveal = attr('reveal').trim() === 'never' ? 'never' : 'ask';
      const problemSections = renderProblem({
        items: asked.map((name, index) => ({ name, result: askedResults[index] })),
        reveal,
        check: (name, answer, key) => engine.check(name, input, options, answer, key),
        renderWorking: (outcome, index) =>
          renderOutcome(outcome, { digits, id: `irc-problem-${index}`, seenTables: new Map(), charts: chartsByOutcome([outcome])[0] }),
        answers: this.#answers,
        workingLink,
      });
      const okAsked = askedResults.every((result) => result.ok);
      // The list as a table, from a measure of the whole list (an answer at a cutoff lists its top k).
      const listing = LIST_MEASURES[calculator.calc] ? await engine.compute(LIST_MEASURES[calculator.calc], input, options) : null;
      if (generation !== this.#generation) return;
      const listed = inputTable(calculator.calc, listing?.ok ? listing.value : undefined);
      this.#finish(okAsked, [this.#header(calculator, input, relevant, listed), question, el('div', { class: 'results irc-problem' }, ...problemSections)]);
    }

    /** The calculator's name and the input as given (text only), after its table when there is one. */
    #header(calculator, input, relevant, table = null) {
      const showsR = TAKES_RELEVANT.has(calculator.calc) && relevant;
      return el(
        'div',
        { class: 'irc-header' },
        // A heading of the host page's outline, one level above the answers' <h3>s.
        el('h2', { class: 'irc-title', text: calculator.title }),
        el(
          'div',
          { class: 'irc-input' },
          table,
          el('p', { class: 'irc-label', text: table ? 'As text' : 'Input' }),
          el('pre', { class: 'irc-input-text', tabindex: 0, 'aria-label': 'Input' }, el('code', { text: input })),
          showsR && el('p', { class: 'irc-relevant' }, 'R (relevant documents) = ', el('code', { text: relevant })),
        ),
      );
    }
  }

  customElements.define(tagName, IrCalculator);
  return IrCalculator;
}
