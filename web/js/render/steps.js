// @ts-check
// An Outcome as a worked answer: the value, the formula and its working, the step tables, the
// other conventions and the notes. Everything comes from the Outcome; nothing is recomputed.

import { DEFAULT_DIGITS, numParts } from '../../../common/format.js';
import { el, scrollingTable } from './dom.js';
import { tableFromElement } from './export.js';
import { showCharts } from './chart.js';
import { mathBlock } from './math.js';

/**
 * A number as styled spans: exact fraction first, then the decimal; an irrational value shows
 * its decimal and, in brackets beneath, the formula it was made by.
 * @param {import('../engine.js').Num} num
 * @param {number} [digits]
 */
export function renderNum(num, digits = DEFAULT_DIGITS) {
  const { exact, relation, decimal, formula } = numParts(num, digits);
  return el(
    'span',
    { class: 'num' },
    relation && el('span', { class: 'num-exact', text: exact }),
    relation && el('span', { class: 'num-relation', text: ` ${relation} ` }),
    el('span', { class: 'num-decimal', text: decimal }),
    formula && el('span', { class: 'num-formula', text: `(${formula})` }),
  );
}

/** Whether a cell's text already says its decimal: "0.5", "TP = 2", "P = 3", "75 (agree)". */
const saysDecimal = (text, decimal) => text === decimal || text.endsWith(` ${decimal}`) || text.startsWith(`${decimal} (`);

/**
 * A table cell: the text as the notes write it ("3/6") and, for a quantity, its decimal. The
 * page chooses which of the two it shows (site.css, .table-numbers-*); a decimal that says the
 * same as the text is marked so that it is not shown twice.
 */
function renderCell(cell, digits) {
  const td = el('td', {}, el('span', { class: 'cell-text', text: cell.text }));
  if (!cell.value) return td;
  const { exact, decimal, relation } = numParts(cell.value, digits);
  td.classList.add('is-number');
  // What joins the text and the decimal in a copied table (render/export.js): "3/6 = 0.5",
  // "1/1 = 1", "2/3 ≈ 0.6667".
  td.dataset.relation = relation || (exact ? '=' : '≈');
  if (saysDecimal(cell.text, decimal)) td.classList.add('is-same');
  td.append(el('span', { class: 'cell-decimal', text: decimal }));
  return td;
}

/** Rows shown before a "Show all" button: a long pasted run would otherwise slow every keystroke. */
const ROW_LIMIT = 200;
/** Rows of a page of a table the engine's worker sent cut (see pagedTable). */
const PAGE_ROWS = 100;
/** Rows of a long table fetched from the engine's worker at once, and rows made into text per task. */
const FETCH_ROWS = 5000;
const ROWS_PER_TASK = 500;

/** Lets the browser paint and answer input between two pieces of a long job. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Every row of a table the engine's worker sent cut (`rowCount`, `fetchRows`: engine.js), in
 * pages of FETCH_ROWS, each page given to `use(rows, from)`.
 */
async function eachFetchedPage(table, from, use) {
  for (let start = from; start < table.rowCount; ) {
    const rows = await table.fetchRows(start, Math.min(table.rowCount, start + FETCH_ROWS));
    if (!rows.length) break;
    await use(rows, start);
    start += rows.length;
  }
}

/**
 * A long table the engine's worker sent cut, shown PAGE_ROWS rows at a time with buttons to
 * the first, previous, next and last rows: 100,000 rows on the page at once would take the
 * browser seconds to lay out, at every change. The copy buttons still copy every row.
 */
function pagedTable(table, { element, renderRow, total }) {
  const body = element.querySelector('tbody');
  const where = el('span', { class: 'table-page', 'aria-live': 'polite' });
  let first = 0;
  let request = 0;
  const button = (text, target) => {
    const control = el('button', { type: 'button', class: 'link-button', text });
    control.addEventListener('click', () => show(target()));
    return control;
  };
  const controls = [
    button('First rows', () => 0),
    button('Previous rows', () => first - PAGE_ROWS),
    button('Next rows', () => first + PAGE_ROWS),
    button('Last rows', () => Math.floor((total - 1) / PAGE_ROWS) * PAGE_ROWS),
  ];
  const say = () => {
    where.textContent = `Rows ${first + 1}–${Math.min(total, first + PAGE_ROWS)} of ${total}. `;
    controls[0].disabled = controls[1].disabled = first === 0;
    controls[2].disabled = controls[3].disabled = first + PAGE_ROWS >= total;
  };
  async function show(target) {
    const from = Math.max(0, Math.min(target, total - 1));
    const asked = ++request;
    where.textContent = `Fetching rows ${from + 1}–${Math.min(total, from + PAGE_ROWS)} of ${total}… `;
    try {
      const rows = from < table.rows.length ? table.rows.slice(from, from + PAGE_ROWS) : await table.fetchRows(from, Math.min(total, from + PAGE_ROWS));
      if (asked !== request) return; // a newer page was asked for
      body.replaceChildren(...rows.map((row, offset) => renderRow(row, from + offset)));
      first = from;
      say();
    } catch (cause) {
      where.textContent = `Those rows could not be fetched (${cause instanceof Error ? cause.message : String(cause)}). `;
    }
  }
  say();
  return el('div', {}, element, el('p', { class: 'table-more table-pager' }, where, ...controls.flatMap((control) => [control, ' '])));
}

/**
 * A step table as an accessible <table> in a scrollable region. Past `rowLimit` rows, the rest
 * wait behind a "Show all" button. A table the engine's worker sent cut (`rowCount` more rows
 * than `rows`) is shown a page of rows at a time (see pagedTable); its copy buttons fetch every
 * row and build the text ROWS_PER_TASK rows at a time, so that the page keeps answering.
 * @param {import('../engine.js').StepTable} table
 * @param {{digits?: number, id?: string, rowLimit?: number}} [options]
 */
export function renderStepTable(table, { digits = DEFAULT_DIGITS, id, rowLimit = ROW_LIMIT } = {}) {
  const highlighted = new Set(table.highlight ?? []);
  const renderRow = (row, index) =>
    el('tr', { class: highlighted.has(index) ? 'is-highlighted' : null }, ...row.map((cell) => renderCell(cell, digits)));
  const total = table.fetchRows && table.rowCount > table.rows.length ? table.rowCount : table.rows.length;
  const cut = total > table.rows.length;
  const shown = table.rows.slice(0, cut ? Math.min(rowLimit, PAGE_ROWS) : rowLimit);
  const rows = shown.map(renderRow);
  if (!rows.length) rows.push(el('tr', {}, el('td', { colspan: table.columns.length, class: 'empty', text: 'No rows.' })));
  const complete = shown.length === total;
  // The copy buttons copy every row, the ones behind "Show all" too.
  const getTable = complete
    ? undefined
    : cut
      ? async () => {
          // Built a piece at a time from rendered rows, so the text is the one the page shows.
          const head = tableFromElement(element.querySelector('table'));
          const copied = { ...head, rows: [] };
          const piece = async (pieceRows, from) => {
            for (let start = 0; start < pieceRows.length; start += ROWS_PER_TASK) {
              const part = pieceRows.slice(start, start + ROWS_PER_TASK).map((row, offset) => renderRow(row, from + start + offset));
              const detached = renderStepTable({ ...table, rows: [] }, { digits, rowLimit: 0 }).querySelector('table');
              detached.tBodies[0].replaceChildren(...part);
              copied.rows.push(...tableFromElement(detached, { shownFrom: element }).rows);
              await nextTask();
            }
          };
          await piece(table.rows, 0);
          await eachFetchedPage(table, table.rows.length, piece);
          return copied;
        }
      : () => tableFromElement(renderStepTable(table, { digits, rowLimit: Infinity }).querySelector('table'), { shownFrom: element });
  const element = scrollingTable({ caption: table.title, columns: table.columns, rows, className: 'step-table', id, getTable });
  if (complete) return element;

  if (cut) return pagedTable(table, { element, renderRow, total });
  const more = el('button', { type: 'button', class: 'link-button', text: `Show all ${total} rows` });
  const block = el('div', {}, element, el('p', { class: 'table-more' }, `The first ${shown.length} rows are shown. `, more));
  more.addEventListener('click', () => {
    const full = renderStepTable(table, { digits, id, rowLimit: Infinity });
    block.replaceWith(full);
    (/** @type {HTMLElement | null} */ (full.querySelector('.table-scroll')) ?? full).focus(); // the button is gone; keep the keyboard on the table it opened
  });
  return block;
}

/**
 * The tables of an outcome. A table already shown for an earlier outcome on the page (the
 * per-rank table is in PR, AP and 11pt alike) becomes a link to it.
 * @param {import('../engine.js').StepTable[]} tables
 * @param {{digits: number, id?: string, seenTables?: Map<string, {id: string, measure: string}>,
 *          measure: string}} options
 */
function renderStepTables(tables, { digits, id, seenTables, measure }) {
  return (tables ?? []).map((table, index) => {
    const key = JSON.stringify(table);
    const seen = seenTables?.get(key);
    if (seen) {
      return el(
        'p',
        { class: 'table-reference' },
        `${table.title}: the same table as for `,
        el('a', { href: `#${seen.id}` }, el('code', { text: seen.measure })),
        '.',
      );
    }
    const tableId = id && `${id}-table-${index}`;
    if (tableId) seenTables?.set(key, { id: tableId, measure });
    return renderStepTable(table, { digits, id: tableId });
  });
}

function renderAlternatives(alternatives, digits, onAlternative) {
  if (!alternatives?.length) return null;
  const items = alternatives.map((alternative) =>
    el(
      'li',
      {},
      el(
        'p',
        { class: 'alternative-value' },
        el('code', { text: alternative.measure }),
        ' = ',
        renderNum(alternative.value, digits),
      ),
      el('p', { class: 'alternative-why', text: alternative.why }),
      onAlternative &&
        button(`Show working: ${alternative.measure}`, 'Show working', () => onAlternative(alternative.measure)),
    ),
  );
  return el(
    'div',
    { class: 'alternatives' },
    el('h4', { text: 'Other conventions' }),
    el('ul', {}, ...items),
  );
}

function button(label, text, onClick) {
  const element = el('button', { type: 'button', class: 'link-button', 'aria-label': label, text });
  element.addEventListener('click', onClick);
  return element;
}

/**
 * The formula and its working. For a large answer (`defer`), each is typeset in a task of its
 * own, after the answer is on the page: KaTeX takes up to ~100 ms for a long working line.
 * `formula` and `working` (both true by default) say which of the two to show.
 */
function renderFormulas(outcome, { defer = false, formula: withFormula = true, working: withWorking = true } = {}) {
  const typeset = (title, latex) => mathBlock(latex, `${title}: ${outcome.measure}`);
  const later = (title, latex) => {
    const placeholder = el('div', { class: 'math-source', text: latex });
    setTimeout(() => placeholder.replaceWith(typeset(title, latex)), 0);
    return placeholder;
  };
  const block = (title, latex) =>
    latex && el('div', { class: 'formula' }, el('h4', { text: title }), defer ? later(title, latex) : typeset(title, latex));
  const formula = withFormula && block('Formula', outcome.formula);
  const working = withWorking && block('With these numbers', outcome.working);
  return formula || working ? el('div', { class: 'formulas' }, formula, working) : null;
}

function renderQuantities(values, digits) {
  const entries = Object.entries(values ?? {});
  if (!entries.length) return null;
  const rows = entries.map(([name, num]) => el('div', {}, el('dt', {}, el('code', { text: name })), el('dd', {}, renderNum(num, digits))));
  return el('details', { class: 'quantities' }, el('summary', { text: 'Every quantity' }), el('dl', {}, ...rows));
}

/** Characters of a note shown before "Show the whole note": laying out 300,000 at once takes long. */
const NOTE_LIMIT = 2000;

function renderNote(note) {
  if (note.length <= NOTE_LIMIT) return el('li', { text: note });
  const item = el('li', {}, `${note.slice(0, NOTE_LIMIT)}… `);
  const more = el('button', { type: 'button', class: 'link-button', text: `Show the whole note (${note.length.toLocaleString('en')} characters)` });
  more.addEventListener('click', () => {
    item.textContent = note;
  });
  item.append(more);
  return item;
}

function renderNotes(notes) {
  if (!notes?.length) return null;
  return el('div', { class: 'notes' }, el('h4', { text: 'Notes' }), el('ul', {}, ...notes.map(renderNote)));
}

/**
 * The heading line of an answer: "AP@10 = 28/45 ≈ 0.6222".
 * @param {import('../engine.js').Outcome} outcome
 * @param {number} [digits]
 */
export function renderAnswer(outcome, digits = DEFAULT_DIGITS) {
  return el('p', { class: 'answer' }, el('code', { class: 'answer-measure', text: outcome.label || outcome.measure }), el('span', { class: 'answer-equals', text: ' = ' }), renderNum(outcome.value, digits));
}

/** Whether an answer came from the engine's worker cut (a long table) or thinned (a chart). */
const isLarge = (outcome) =>
  (outcome.steps ?? []).some((table) => table.rowCount > table.rows.length) || (outcome.charts ?? []).some((chart) => chart.thinned);

/**
 * The "Show working" disclosure of a compact answer: a <details> holding `content`, whose
 * charts are drawn the first time it opens (a closed <details> has no width to draw them at).
 * @param {string} measure the answer's name, for screen readers ("Show working for AP")
 * @param {(Node | null | false)[]} content
 * @param {{box: HTMLElement, charts: import('../engine.js').Chart[]} | null} charts
 */
function workingDisclosure(measure, content, charts) {
  const shown = content.filter(Boolean);
  if (!shown.length) return null;
  const summary = el(
    'summary',
    { class: 'working-summary' },
    el('span', { class: 'working-show', text: 'Show working' }),
    el('span', { class: 'working-hide', text: 'Hide working' }),
    el('span', { class: 'visually-hidden', text: ` for ${measure}` }),
  );
  const details = el('details', { class: 'working' }, summary, el('div', { class: 'working-body' }, ...shown));
  if (charts) {
    details.addEventListener('toggle', function drawOnce() {
      if (!details.open) return;
      details.removeEventListener('toggle', drawOnce);
      showCharts(charts.box, charts.charts);
    });
  }
  return details;
}

/**
 * "Show working" as a link to the calculator page that shows it all, in a new tab.
 * @param {string} href
 * @param {string} measure the answer's name, for screen readers
 * @param {string} text
 */
export function workingElsewhere(href, measure, text) {
  return el(
    'p',
    { class: 'working-link' },
    el('a', { href, target: '_blank', rel: 'noopener' }, text, el('span', { class: 'visually-hidden', text: ` for ${measure} (opens a new tab)` })),
    el('span', { 'aria-hidden': 'true', text: ' ↗' }),
  );
}

/**
 * A worked answer as a <section>.
 * @param {import('../engine.js').Outcome} outcome
 * @param {{digits?: number, id?: string, onAlternative?: (measure: string) => void,
 *          seenTables?: Map<string, {id: string, measure: string}>,
 *          charts?: import('../engine.js').Chart[],
 *          answerExtra?: (outcome: import('../engine.js').Outcome) => Node | null,
 *          compact?: boolean, workingLink?: string}} [options]
 *   answerExtra: shown under the answer (the "Check my answer" field, render/check.js);
 *   id: the section's id (tables get ids from it); onAlternative: when given, each alternative
 *   gets a "Show working" button calling it; seenTables: shared by the outcomes of one page, so a
 *   repeated table is shown once; charts: what to draw here (default: the outcome's own charts;
 *   see chartsByOutcome for a page of several outcomes); compact: the answer and its working
 *   with the numbers put in, everything else (the formula, charts, step tables, other
 *   conventions, notes, quantities) behind a "Show working" disclosure (the embed widget's
 *   default; the calculator pages show everything); workingLink: with compact, "Show working"
 *   is a link to this URL (the calculator page, in a new tab) instead of the disclosure, so the
 *   answer never grows (a frame of fixed height)
 * @returns {HTMLElement}
 */
export function renderOutcome(
  outcome,
  { digits = DEFAULT_DIGITS, id, onAlternative, seenTables, charts = outcome.charts ?? [], answerExtra, compact = false, workingLink = '' } = {},
) {
  const chartBox = charts.length ? el('div', { class: 'charts' }) : null;
  const headingId = id && `${id}-heading`;
  if (compact) {
    const defer = isLarge(outcome);
    const measure = outcome.label || outcome.measure;
    return el(
      'section',
      { class: 'outcome is-compact', id, 'aria-labelledby': headingId },
      el('h3', { id: headingId, text: outcome.title || outcome.measure }),
      el('div', { class: 'outcome-answer' }, renderAnswer(outcome, digits), answerExtra?.(outcome)),
      renderFormulas(outcome, { defer, formula: false }),
      workingLink
        ? workingElsewhere(workingLink, measure, 'Show working')
        : workingDisclosure(
        measure,
        [
          renderFormulas(outcome, { defer, working: false }),
          chartBox,
          ...renderStepTables(outcome.steps, { digits, id, seenTables, measure: outcome.measure }),
          renderAlternatives(outcome.alternatives, digits, onAlternative),
          renderNotes(outcome.notes),
          renderQuantities(outcome.values, digits),
        ],
        chartBox && { box: chartBox, charts },
      ),
    );
  }
  if (chartBox) showCharts(chartBox, charts);
  return el(
    'section',
    { class: 'outcome', id, 'aria-labelledby': headingId },
    el('h3', { id: headingId, text: outcome.title || outcome.measure }),
    el('div', { class: 'outcome-answer' }, renderAnswer(outcome, digits), answerExtra?.(outcome), renderAlternatives(outcome.alternatives, digits, onAlternative)),
    renderFormulas(outcome, { defer: isLarge(outcome) }),
    chartBox,
    ...renderStepTables(outcome.steps, { digits, id, seenTables, measure: outcome.measure }),
    renderNotes(outcome.notes),
    renderQuantities(outcome.values, digits),
  );
}

/**
 * A measure that could not be computed, in the place its answer would have been.
 * @param {string} measure the name as typed
 * @param {import('../engine.js').InputError} error
 * @param {{id?: string}} [options]
 */
export function renderOutcomeError(measure, error, { id } = {}) {
  const headingId = id && `${id}-heading`;
  return el(
    'section',
    { class: 'outcome is-error', id, 'aria-labelledby': headingId },
    el('h3', { id: headingId }, el('code', { text: measure })),
    el('p', { class: 'error-text', text: error.message }),
  );
}
