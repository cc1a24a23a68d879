// @ts-check
// What the TREC files page shows of an evaluation (the TrecReport of docs/js-api.md): values as
// trec_eval prints them, sortable tables, the charts (from the report's own values: the
// precision–recall curves as an engine Chart for render/chart.js, the per-topic AP bars drawn
// here), the copy buttons of each table and the download buttons of each chart (both
// render/export.js) and the message of an error in a file. Every text of the report (run ids,
// topics, file names) goes into text nodes.

import { el, uniqueId } from './dom.js';
import { chartExportToolbar, tableExportToolbar } from './export.js';
import { barY, plot } from './svg-plot.js';

/**
 * Rows of a table drawn at once, with buttons to the other pages of rows: 7,000 topics × 30
 * measures on the page at once would take the browser seconds to lay out.
 */
const PAGE_ROWS = 100;
/** A run with more topics than this gets no per-topic bar chart (the table has them all). */
export const BAR_CHART_TOPICS = 2000;
/** Values named in a chart's text description before "and N more". */
const DESCRIBED_VALUES = 60;

/**
 * `value` rounded to `digits` places as C's printf("%.*f") writes it, which trec_eval uses: an
 * exact tie goes to the even digit (0.03125 → "0.0312"), where toFixed would round it up.
 * @param {number} value
 * @param {number} digits
 * @returns {string}
 */
export function fixedLikePrintf(value, digits) {
  const rounded = value.toFixed(digits);
  const scaled = Math.abs(value) * 10 ** digits;
  if (scaled - Math.floor(scaled) !== 0.5) return rounded; // a tie scales exactly to n + 0.5
  // toFixed(100) writes the exact decimal expansion of every double this page meets; a tie is
  // one that stops at a 5 just after the last digit kept.
  const exact = Math.abs(value).toFixed(100);
  const point = exact.indexOf('.');
  const kept = exact.slice(0, point + (digits > 0 ? digits + 1 : 0));
  if (!/^50*$/.test(exact.slice(point + 1 + digits))) return rounded;
  const lastDigit = Number(kept.replace('.', '').slice(-1));
  if (lastDigit % 2 === 1) return rounded; // rounding up reaches the even digit
  return (value < 0 && /[1-9]/.test(kept) ? '-' : '') + kept;
}

/**
 * A value of the report as trec_eval prints it: whole numbers for counts, `digits` decimals
 * for the rest, the text of a string measure, '' where trec_eval prints nothing (null).
 * @param {number | string | null} value
 * @param {'float' | 'long' | 'string'} kind
 * @param {number} digits
 * @returns {string}
 */
export function formatValue(value, kind, digits) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (kind === 'long') return String(Math.round(value));
  return digits >= 17 ? roundTrip(value) : fixedLikePrintf(value, digits);
}

/**
 * printf's %.17g: 17 significant digits, trailing zeros dropped, exponent form when the
 * exponent is below -4 or above 16 (as the engine prints --digits 17). Reads back as the same
 * double.
 * @param {number} value
 */
export function roundTrip(value) {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? '-nan' : value > 0 ? 'inf' : '-inf';
  const [mantissa, power] = value.toExponential(16).split('e');
  const exponent = Number(power);
  const trim = (text) => (text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text);
  if (exponent < -4 || exponent >= 17) {
    return `${trim(mantissa)}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  return trim(value.toFixed(16 - exponent));
}

/** "1.2 MB", "340 bytes": a file size for people. */
export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  const units = ['KB', 'MB', 'GB'];
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${size < 10 ? size.toFixed(1) : Math.round(size)} ${units[unit]}`;
}

// ------------------------------------------------------------------ sortable tables

/**
 * @typedef {{label: string, numeric?: boolean}} SortColumn
 * @typedef {{values: (number | string | null)[], text: string[],
 *            render: () => HTMLTableRowElement}} SortRow
 *   values: what each column sorts by; text: each cell as exported; render: the row's <tr>
 *   (made once, when first shown, so that a checkbox in it keeps its state across sorts)
 * @typedef {{column: string, direction: 'ascending' | 'descending'}} SortState
 *   column: the label of the column sorted by (a label, so that it outlives a change of columns)
 */

const isBlank = (value) => value === null || value === undefined || value === '';
// One collator for every comparison: localeCompare with options builds one per call, which
// makes sorting 7,000 topics take a noticeable while.
const naturalOrder = new Intl.Collator(undefined, { numeric: true });

/** Blanks last in either direction; numbers by value; text in natural order ("9" before "10"). */
function compareValues(a, b, direction) {
  if (isBlank(a) || isBlank(b)) return Number(isBlank(a)) - Number(isBlank(b));
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : naturalOrder.compare(String(a), String(b));
  return direction === 'ascending' ? order : -order;
}

/**
 * A table whose columns sort when their header button is pressed (aria-sort tells which and
 * how), in a box that scrolls sideways on a narrow screen. The first cell of each row is its
 * header. Past `rowLimit` rows, the table shows a page of rows at a time, with buttons to the
 * first, previous, next and last rows (as the calculators' long step tables do).
 * @param {{caption: string, columns: SortColumn[], rows: SortRow[], className?: string,
 *          sort?: SortState | null, onSort?: (sort: SortState) => void, rowLimit?: number}} spec
 *   sort: the order to start in (null: the order given); onSort: told of each new order
 * @returns {{element: HTMLElement, sortedRows: () => SortRow[], plain: () => import('./export.js').PlainTable}}
 *   plain: every row, in the order shown, as copied by the table's buttons (CSV, Markdown, LaTeX)
 */
export function sortableTable({ caption, columns, rows, className, sort = null, onSort, rowLimit = PAGE_ROWS }) {
  const indexOf = (label) => columns.findIndex((column) => column.label === label);
  let state = sort && indexOf(sort.column) >= 0 ? sort : null;
  let first = 0; // the index, in the order chosen, of the first row shown
  const rendered = new Map();
  const rowElement = (row) => {
    if (!rendered.has(row)) rendered.set(row, row.render());
    return rendered.get(row);
  };
  const sortedRows = () => {
    if (!state) return rows;
    const index = indexOf(state.column);
    return [...rows].sort((a, b) => compareValues(a.values[index], b.values[index], state.direction));
  };

  const headers = columns.map((column) => {
    const button = el('button', { type: 'button', class: 'sort-button', text: column.label });
    button.addEventListener('click', () => {
      const direction =
        state?.column === column.label
          ? state.direction === 'ascending'
            ? 'descending'
            : 'ascending'
          : column.numeric
            ? 'descending'
            : 'ascending';
      state = { column: column.label, direction };
      onSort?.(state);
      first = 0;
      draw();
    });
    return el('th', { scope: 'col', class: column.numeric ? 'is-number' : null }, button);
  });
  const body = el('tbody');
  const where = el('span', { class: 'table-page', 'aria-live': 'polite' });
  const pageButton = (text, target) => {
    const control = el('button', { type: 'button', class: 'link-button', text });
    control.addEventListener('click', () => {
      first = Math.max(0, Math.min(target(), rows.length - 1));
      draw();
    });
    return control;
  };
  const controls = [
    pageButton('First rows', () => 0),
    pageButton('Previous rows', () => first - rowLimit),
    pageButton('Next rows', () => first + rowLimit),
    pageButton('Last rows', () => Math.floor((rows.length - 1) / rowLimit) * rowLimit),
  ];
  const more = el('p', { class: 'table-more table-pager' }, where, ...controls.flatMap((control) => [control, ' ']));
  const draw = () => {
    headers.forEach((th, index) => {
      if (state?.column === columns[index].label) th.setAttribute('aria-sort', state.direction);
      else th.removeAttribute('aria-sort');
    });
    const ordered = sortedRows();
    body.replaceChildren(...ordered.slice(first, first + rowLimit).map(rowElement));
    more.hidden = ordered.length <= rowLimit;
    where.textContent = `Rows ${first + 1}–${Math.min(ordered.length, first + rowLimit)} of ${ordered.length}, in the order chosen. `;
    controls[0].disabled = controls[1].disabled = first === 0;
    controls[2].disabled = controls[3].disabled = first + rowLimit >= ordered.length;
  };
  draw();
  const table = el(
    'table',
    { class: ['sortable-table', className].filter(Boolean).join(' ') },
    el('caption', { text: caption }),
    el('thead', {}, el('tr', {}, ...headers)),
    body,
  );
  /** @returns {import('./export.js').PlainTable} every row, in the order chosen, as exported */
  const plain = () => ({
    caption,
    columns: columns.map((column) => column.label),
    numeric: columns.map((column) => Boolean(column.numeric)),
    rows: sortedRows().map((row) => row.text),
  });
  const element = el(
    'div',
    { class: 'sortable' },
    el('div', { class: 'table-scroll', tabindex: 0, role: 'group', 'aria-label': caption }, table),
    more,
    tableExportToolbar(plain, caption),
  );
  return { element, sortedRows, plain };
}

// ------------------------------------------------------------------ charts

/** Values named in a description: "401 0.5000, 402 0.2500, … and 48 more". */
function listed(pairs) {
  const shown = pairs.slice(0, DESCRIBED_VALUES).map(([name, value]) => `${name} ${value}`);
  const more = pairs.length - shown.length;
  return shown.join(', ') + (more > 0 ? `, and ${more} more` : '');
}

/** Pixels a topic's label needs on the x axis; with more topics, only every n-th is labelled. */
const TOPIC_LABEL_WIDTH = 30;
const BAR_CHART_WIDTH = 640; // drawn once; site.css scales the SVG down to a narrow screen

/**
 * One bar chart of a run's AP on each topic (the per-topic `map` of the report), topics in
 * trec_eval's order. Drawn with render/svg-plot.js directly rather than render/chart.js, whose
 * category axis labels every bar: a TREC run has 50 topics or more, so here only every n-th
 * topic is labelled (the text description names them all).
 * @param {{runId: string, topics: string[], perQuery: (number | string | null)[][]}} run
 * @param {number} apIndex the index of `map` among the report's measures
 * @param {number} digits decimals in the text description
 * @returns {HTMLElement} a <figure>
 */
export function apBarChart(run, apIndex, digits) {
  const data = run.topics.map((topic, index) => ({ topic, ap: run.perQuery[index][apIndex] ?? 0 }));
  const every = Math.max(1, Math.ceil((data.length * TOPIC_LABEL_WIDTH) / (BAR_CHART_WIDTH - 60)));
  const title = `AP of each topic: ${run.runId}`;
  const descriptionId = uniqueId('chart-description');
  const svg = plot({
    className: 'irm-plot',
    width: BAR_CHART_WIDTH,
    height: 260,
    marginLeft: 48,
    marginBottom: 40,
    grid: true,
    x: { type: 'band', domain: run.topics, padding: 0.2, label: 'topic', ticks: run.topics.filter((_, index) => index % every === 0) },
    y: { domain: [0, 1], label: 'AP' },
    marks: [barY(data, { x: 'topic', y: 'ap', fill: 'currentColor', className: 'chart-series chart-series-0 chart-kind-bar' })],
  });
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', title);
  svg.setAttribute('aria-describedby', descriptionId);
  const description = `AP of run ${run.runId} on each of its ${data.length} topics: ${listed(
    data.map(({ topic, ap }) => [topic, formatValue(ap, 'float', digits)]),
  )}.`;
  return el(
    'figure',
    { class: 'chart', 'data-chart-id': 'trec-ap' },
    el('figcaption', { text: title }),
    svg,
    el(
      'details',
      { class: 'chart-description' },
      el('summary', { text: 'Describe this chart' }),
      el('p', { id: descriptionId, text: description }),
    ),
    chartExportToolbar(() => svg, { title, description }),
  );
}

/**
 * Each run's mean interpolated precision at the recall levels of trec_eval's
 * iprec_at_recall_* measures, as one chart of a line per run; null when those are not measured.
 * @param {any} report TrecReport
 * @param {number} digits decimals in the text description
 * @returns {import('../engine.js').Chart | null}
 */
export function precisionRecallChart(report, digits) {
  const levels = report.measures.flatMap((measure, index) => {
    const match = /^iprec_at_recall_(\d+(?:\.\d+)?)$/.exec(measure.name);
    return match ? [{ index, recall: Number(match[1]), label: match[1] }] : [];
  });
  if (levels.length === 0 || report.runs.length === 0) return null;
  const points = (run) => levels.map(({ index, recall }) => [recall, run.summary[index] ?? 0]);
  return {
    id: 'trec-pr',
    kind: 'xy',
    title: 'Mean interpolated precision at each recall level',
    x: 'recall',
    y: 'interpolated precision',
    xCategories: [],
    series: report.runs.map((run) => ({ name: run.runId, kind: 'line', faint: false, points: points(run) })),
    description: report.runs
      .map((run) => {
        const values = points(run).map(([, value], i) => [`at recall ${levels[i].label}`, formatValue(value, 'float', digits)]);
        return `${run.runId}: ${listed(values)}.`;
      })
      .join(' '),
  };
}

// ------------------------------------------------------------------ into the other calculators

/**
 * A topic's ranked list in the ranked-list calculator's marks: R for a grade at or above the
 * level, N for a judged grade below it, ? for a document the qrels do not judge (-1) or give a
 * negative grade (-2); both count as not relevant there, as in trec_eval.
 * @param {number[]} grades TrecSession.topic's grades, top rank first
 * @param {number} level the relevance level
 * @returns {string} e.g. "R N R ? ?"
 */
export const rankedMarks = (grades, level) => grades.map((grade) => (grade >= level ? 'R' : grade >= 0 ? 'N' : '?')).join(' ');

/**
 * Two runs' scores on the topics both were evaluated on, in the significance calculator's
 * paired format: a line `topic x y` per topic, in x's order, each value as the tables show it.
 * @param {{topics: string[], perQuery: (number | string | null)[][]}} x
 * @param {{topics: string[], perQuery: (number | string | null)[][]}} y
 * @param {number} measureIndex the measure's index in the report (map: per-topic AP)
 * @param {number} digits
 * @returns {string[]} the lines
 */
export function pairedScores(x, y, measureIndex, digits) {
  const rowOfY = new Map(y.topics.map((topic, index) => [topic, index]));
  const value = (run, row) => formatValue(run.perQuery[row][measureIndex], 'float', digits);
  return x.topics.flatMap((topic, row) => (rowOfY.has(topic) ? [`${topic} ${value(x, row)} ${value(y, rowOfY.get(topic))}`] : []));
}

// ------------------------------------------------------------------ errors in files

/**
 * The message of an error in a file: what is wrong, where (file, line, column), and the line
 * itself with the span marked, all as text.
 * @param {{message: string, line: number, column: number, length: number}} error
 * @param {string} fileName
 * @param {string} excerpt the text of the line ('' when unknown)
 * @returns {HTMLElement[]}
 */
export function renderFileError(error, fileName, excerpt) {
  const parts = [el('p', { class: 'error-message', text: error.message })];
  if (error.line > 0) {
    parts.push(el('p', { class: 'error-where', text: `${fileName}, line ${error.line}, column ${error.column}` }));
  }
  if (excerpt) {
    const codePoints = [...excerpt].map((char) => (char === '\t' ? ' ' : char));
    const first = Math.max(error.column, 1) - 1;
    const last = first + Math.max(error.length, 1);
    parts.push(
      el(
        'div',
        { class: 'error-marker' },
        el(
          'pre',
          {},
          el(
            'code',
            {},
            codePoints.slice(0, first).join(''),
            el('mark', { text: codePoints.slice(first, last).join('') }),
            codePoints.slice(last).join(''),
          ),
        ),
      ),
    );
  }
  return parts;
}
