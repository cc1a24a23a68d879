// @ts-check
// The comparison of two or more runs (the module's compareRuns, asked through a page's worker),
// drawn by one renderer for both pages that compare: the TREC files page (runs over topics, every
// measure averaged over topics: renderRunComparison) and the significance page (systems over
// queries, a pasted table of one score: renderComparison). Every pair on each measure, with a
// paired test, a correction for the number of pairs and 95% intervals. It shows
//   - a table of each run's mean per measure, marked with the letters of the runs it is
//     significantly better than (as `irmetrics compare` prints it), its legend as the caption;
//   - for a chosen measure, the runs' means with their 95% bootstrap intervals as error bars;
//   - for a chosen pair, the per-topic differences as sorted bars, wins/ties/losses, the mean
//     difference with its interval, p and the corrected p, and a link to the significance
//     calculator with the pair's scores for the whole working of its test.
// Run ids, topics and measure names are text nodes only.

import { CORRECTION_NAMES, RUN_WORDS, TEST_NAMES, legend, marksFor, meansTable, pText, pairP, scoresFromReport } from '../../../common/compare-report.js';
import { SCORE_MEASURE, pairColumns } from '../score-table.js';
import { hashFor } from '../url-state.js';
import { el, uniqueId } from './dom.js';
import { chartExportToolbar, tableExportToolbar, tableFromElement } from './export.js';
import { barY, dot, plot, ruleX, ruleY, tickY } from './svg-plot.js';

const CHART_WIDTH = 640; // at most; drawn at the width of its box (280 at least) when drawn
const TOPIC_LABEL_WIDTH = 30;
/** The significance calculator's test for each test here (bootstrap and Tukey's HSD have none). */
const CALCULATOR_TEST = { ttest: 'ttest', wilcoxon: 'wilcoxon', sign: 'sign', randomization: 'randomization' };

/** A <select> of `choices` ([value, label]) with a label. */
function choice(id, label, choices, value) {
  const select = el('select', { id }, ...choices.map(([v, text]) => el('option', { value: v, text, selected: v === value ? true : null })));
  return { select, field: el('div', { class: 'field' }, el('label', { for: id, text: label }), select) };
}

/** The chart's SVG in a <figure> with a title and a text description. */
function figure(svg, { id, title, description }) {
  const descriptionId = uniqueId('chart-description');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', title);
  svg.setAttribute('aria-describedby', descriptionId);
  return el(
    'figure',
    { class: 'chart', 'data-chart-id': id },
    el('figcaption', { text: title }),
    svg,
    el('details', { class: 'chart-description' }, el('summary', { text: 'Describe this chart' }), el('p', { id: descriptionId, text: description })),
    chartExportToolbar(() => svg, { title, description }),
  );
}

/** The width a chart is drawn at in `box`: its width, from 280 to CHART_WIDTH. */
const chartWidth = (box) => Math.max(280, Math.min(CHART_WIDTH, box.clientWidth || CHART_WIDTH));

/** A chart over a band x scale (runs or topics), at the page's width and height. */
const bandPlot = ({ x, y, marks, width }) =>
  plot({ className: 'irm-plot', width, height: 260, marginLeft: 48, marginBottom: 40, grid: true, x: { type: 'band', ...x }, y, marks });

/** The runs' means of one measure with their intervals, as dots and error bars. */
function meansChart(means, measure, digits, words, width) {
  const rows = means.filter((mean) => mean.measure === measure);
  // The interval's end ticks about 24 px wide, whatever the band's width (padding 0.4).
  const band = ((width - 48 - 20) / Math.max(1, rows.length)) * 0.6;
  const inset = Math.max(0, (band - 24) / 2);
  const svg = bandPlot({
    width,
    x: { domain: rows.map((row) => row.run), padding: 0.4, label: words.run },
    y: { label: measure, nice: true, zero: true },
    marks: [
      ruleX(rows, { x: 'run', y1: (row) => row.ci[0], y2: (row) => row.ci[1], stroke: 'currentColor', strokeWidth: 2, className: 'chart-series chart-series-0' }),
      tickY(rows, { x: 'run', y: (row) => row.ci[0], inset, stroke: 'currentColor', strokeWidth: 2, className: 'chart-series chart-series-0' }),
      tickY(rows, { x: 'run', y: (row) => row.ci[1], inset, stroke: 'currentColor', strokeWidth: 2, className: 'chart-series chart-series-0' }),
      dot(rows, { x: 'run', y: 'mean', r: 4.5, fill: 'currentColor', className: 'chart-series chart-series-1' }),
    ],
  });
  const method = rows[0]?.ci_method === 'bootstrap percentile' ? '95% bootstrap percentile intervals' : '95% intervals';
  return figure(svg, {
    id: 'trec-compare-means',
    title: `Mean ${measure} of each ${words.run}, with ${method}`,
    description: rows.map((row) => `${row.run}: ${row.mean.toFixed(digits)} [${row.ci[0].toFixed(digits)}, ${row.ci[1].toFixed(digits)}]`).join('; ') + '.',
  });
}

/** The per-topic differences a − b of one measure, sorted, as bars. */
function differenceChart(topics, differences, a, b, measure, digits, words, width) {
  const data = topics.map((topic, index) => ({ topic, d: differences[index] })).sort((x, y) => y.d - x.d);
  const every = Math.max(1, Math.ceil((data.length * TOPIC_LABEL_WIDTH) / (width - 60)));
  const domain = data.map((row) => row.topic);
  const svg = bandPlot({
    width,
    x: { domain, padding: 0.15, label: `${words.topic} (sorted by the difference)`, ticks: domain.filter((_, index) => index % every === 0) },
    y: { label: `${measure}: ${a} − ${b}`, nice: true },
    marks: [barY(data, { x: 'topic', y: 'd', fill: 'currentColor', className: 'chart-series chart-series-0 chart-kind-bar' }), ruleY([0])],
  });
  const shown = data.slice(0, 60).map((row) => `${row.topic} ${row.d.toFixed(digits)}`).join(', ');
  return figure(svg, {
    id: 'trec-compare-differences',
    title: `${measure} of ${a} minus ${b}, ${words.topic} by ${words.topic}`,
    description: `Differences from the largest to the smallest: ${shown}${data.length > 60 ? ` and ${data.length - 60} more` : ''}.`,
  });
}

const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** A p-value for reading: 4 decimals, or 4 significant digits under 0.001. */

/**
 * The comparison section of the TREC files page: the runs' per-topic scores of every measure
 * averaged over topics (common/compare-report.js, scoresFromReport), then {@link renderComparison}.
 * @param {{report: any, digits: number, request: (message: object) => Promise<any>}} options
 * @returns {HTMLElement}
 */
export function renderRunComparison({ report, digits, request }) {
  const section = el('section', { class: 'trec-compare', 'data-run-comparison': true, 'aria-labelledby': 'trec-compare-title' });
  const scores = scoresFromReport(report);
  section.append(el('h2', { id: 'trec-compare-title', text: 'Compare the runs' }));
  if (scores.ok === false) {
    section.append(el('p', { class: 'hint', text: `No comparison: ${/** @type {{message: string}} */ (scores).message}.` }));
    return section;
  }
  const { input } = scores;
  section.append(
    el('p', {
      class: 'hint',
      text:
        `Every pair of the ${input.runs.length} runs on each measure averaged over topics, on the ${input.topics.length} topics ` +
        'all of them were evaluated on (with -c, every qrels topic): a paired test over the topics, a correction for the number of pairs, and 95% intervals.',
    }),
    renderComparison({ input, digits, request }),
  );
  return section;
}

/**
 * @typedef {{test: string, correction: string, alpha: string, baseline: string}} CompareChoices
 *   the controls' values: a test and correction of TEST_NAMES and CORRECTION_NAMES, α as typed,
 *   the baseline's name or '' for all pairs
 */

/** The controls' values before the reader changes them. */
export const DEFAULT_CHOICES = { test: 'ttest', correction: 'holm', alpha: '0.05', baseline: '' };

/**
 * The comparison of `input`'s runs: the controls, the marked means table with its legend, the
 * means chart of a chosen measure and a chosen pair's facts and sorted differences. It computes
 * through `request` (a page's worker answering {type: 'compare', input, options}) and redraws
 * itself when a control changes; `onChange` hears the controls' new values (a share link).
 * @param {{input: {runs: string[], topics: string[], scores: {measure: string, byRun: number[][]}[]},
 *          digits: number, request: (message: object) => Promise<any>,
 *          words?: typeof RUN_WORDS, initial?: Partial<CompareChoices>,
 *          onChange?: (choices: CompareChoices) => void}} options
 * @returns {HTMLElement} a div whose data-compare-state is 'busy', 'ready' or 'error'
 */
export function renderComparison({ input, digits, request, words = RUN_WORDS, initial = {}, onChange = () => {} }) {
  const start = { ...DEFAULT_CHOICES, ...initial };
  const Runs = words.run.charAt(0).toUpperCase() + words.run.slice(1);
  const view = el('div', { class: 'compare-view', 'data-compare-view': true, 'data-compare-state': 'busy' });
  const measures = input.scores.map((score) => score.measure);
  const test = choice('compare-test', 'Test', Object.entries(TEST_NAMES), TEST_NAMES[start.test] ? start.test : 'ttest');
  const correction = choice('compare-correction', 'Correction', Object.entries(CORRECTION_NAMES), CORRECTION_NAMES[start.correction] ? start.correction : 'holm');
  const baseline = choice('compare-baseline', 'Pairs', [['', 'all pairs'], ...input.runs.map((run) => [run, `each ${words.run} against ${run}`])], input.runs.includes(start.baseline) ? start.baseline : '');
  const alpha = el('input', { id: 'compare-alpha', type: 'text', value: start.alpha, inputmode: 'decimal', size: 5, spellcheck: 'false' });
  const alphaField = el('div', { class: 'field' }, el('label', { for: 'compare-alpha', text: 'Significance level α' }), alpha);
  const measure = choice('compare-measure', 'Measure', measures.map((name) => [name, name]), measures[0]);
  const runA = choice('compare-a', `${Runs} a`, input.runs.map((run) => [run, run]), input.runs[0]);
  const runB = choice('compare-b', `${Runs} b`, input.runs.map((run) => [run, run]), input.runs[1]);
  const tableBox = el('div', { 'data-compare-table': true, 'aria-live': 'polite' });
  const meansBox = el('div', { 'data-compare-means': true });
  const pairBox = el('div', { 'data-compare-pair': true, 'aria-live': 'polite' });
  const pairControls = [
    el('h3', { text: measures.length > 1 ? 'One measure, one pair' : 'One pair' }),
    el('div', { class: 'compare-controls trec-option-grid' }, measures.length > 1 ? measure.field : null, runA.field, runB.field),
  ];
  // The means chart shows every run: before the pair's controls, unless it follows the measure
  // chosen among them.
  view.append(
    el('div', { class: 'compare-controls trec-option-grid' }, test.field, correction.field, baseline.field, alphaField),
    tableBox,
    ...(measures.length > 1 ? [...pairControls, meansBox] : [meansBox, ...pairControls]),
    pairBox,
  );
  const choices = () => ({ test: test.select.value, correction: correction.select.value, alpha: alpha.value, baseline: baseline.select.value });

  let comparison = null;
  let asked = 0;

  function renderTable() {
    const marks = marksFor(comparison.runs.length);
    const rows = meansTable(comparison).map((row) =>
      el(
        'tr',
        {},
        el('td', { text: row.mark }),
        el('th', { scope: 'row', text: row.run }),
        ...row.cells.map((cell) => el('td', { class: 'numeric' }, cell.mean.toFixed(digits), cell.beats.length ? el('sup', { text: cell.beats.join('') }) : null)),
      ),
    );
    const table = el(
      'table',
      { class: 'compare-table' },
      el('caption', { text: legend(comparison, words) }),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, el('span', { class: 'visually-hidden', text: 'letter' })), el('th', { scope: 'col', text: words.run }), ...comparison.measures.map((name) => el('th', { scope: 'col', text: name })))),
      el('tbody', {}, ...rows),
    );
    tableBox.replaceChildren(
      el('div', { class: 'table-scroll', tabindex: 0, role: 'group', 'aria-label': `Means of the ${words.runs}, marked` }, table),
      tableExportToolbar(() => tableFromElement(table), `Means of the ${words.runs}`),
      el('p', {
        class: 'hint',
        text: `Letters: ${comparison.runs.map((run, index) => `${marks[index]} = ${run}`).join(', ')}. Each mean is the sum of a ${words.run}’s ${comparison.topics.length} scores divided by ${comparison.topics.length}.`,
      }),
    );
  }

  async function renderMeans() {
    const current = asked;
    const bootstrap = await request({ type: 'compare', input, options: { test: 'bootstrap' } });
    if (current !== asked) return;
    if (!bootstrap.ok) return meansBox.replaceChildren(el('p', { class: 'error-message', text: bootstrap.error.message }));
    meansBox.replaceChildren(meansChart(bootstrap.value.means, measure.select.value, digits, words, chartWidth(meansBox)));
  }

  function renderPair() {
    const name = measure.select.value;
    const a = runA.select.value;
    const b = runB.select.value;
    if (a === b) return pairBox.replaceChildren(el('p', { class: 'hint', text: `Choose two different ${words.runs}.` }));
    const m = measures.indexOf(name);
    const score = input.scores[m];
    const ia = input.runs.indexOf(a);
    const ib = input.runs.indexOf(b);
    const differences = input.topics.map((_, t) => score.byRun[ia][t] - score.byRun[ib][t]);
    const found = comparison.comparisons.find((c) => c.measure === name && ((c.a === a && c.b === b) || (c.a === b && c.b === a)));
    const facts = [];
    if (found) {
      const flip = found.a !== a;
      const diff = flip ? -found.diff : found.diff;
      const [low, high] = flip ? [-found.ci[1], -found.ci[0]] : found.ci;
      const [wins, losses] = flip ? [found.losses, found.wins] : [found.wins, found.losses];
      const shown = pairP(found);
      facts.push(
        `${name}: ${a} − ${b} = ${diff.toFixed(digits)} on average, 95% interval [${low.toFixed(digits)}, ${high.toFixed(digits)}]; ` +
          `${a} is higher on ${wins} ${words.topics}, level on ${found.ties}, lower on ${losses}. ` +
          `${capitalised(TEST_NAMES[found.test])}: p = ${shown.p}` +
          (found.p_standard_error === null ? '' : ` (± ${pText(found.p_standard_error)}, sampled ${found.samples} times)`) +
          (comparison.options.correction === 'none' ? '' : `, ${shown.adjusted} after the ${CORRECTION_NAMES[comparison.options.correction]}`) +
          ` — ${found.significant ? 'significant' : 'not significant'} at α = ${comparison.options.alpha}.`,
      );
    } else {
      facts.push(`${a} and ${b} are not a pair of this comparison (it compares each ${words.run} with ${comparison.options.baseline}).`);
    }
    const calculatorTest = CALCULATOR_TEST[test.select.value] ?? 'ttest';
    const href = `./significance.html#${hashFor({ calc: 'significance', in: pairColumns(input, ia, ib, m), m: calculatorTest })}`;
    pairBox.replaceChildren(
      el('p', { 'data-pair-facts': true, text: facts.join(' ') }),
      el(
        'p',
        {},
        el('a', { href, target: '_blank', rel: 'noopener', 'data-pair-working': true }, `The whole working of the ${TEST_NAMES[calculatorTest]}`),
        ` for ${a} (x) and ${b} (y) in the significance calculator, on their ${input.topics.length} per-${words.topic} ${name === SCORE_MEASURE ? '' : `${name} `}scores` +
          (CALCULATOR_TEST[test.select.value] ? '.' : ` (the calculator has no ${TEST_NAMES[test.select.value]}).`),
      ),
      differenceChart(input.topics, differences, a, b, name, digits, words, chartWidth(pairBox)),
    );
  }

  async function recompute() {
    const current = ++asked;
    const chosen = choices();
    onChange(chosen);
    const options = { test: chosen.test, correction: chosen.correction, alpha: chosen.alpha, ...(chosen.baseline ? { baseline: chosen.baseline } : {}) };
    tableBox.setAttribute('aria-busy', 'true');
    view.dataset.compareState = 'busy';
    const answer = await request({ type: 'compare', input, options });
    if (current !== asked) return;
    tableBox.removeAttribute('aria-busy');
    if (!answer.ok) {
      view.dataset.compareState = 'error';
      tableBox.replaceChildren(el('p', { class: 'error-message', role: 'alert', text: answer.error.message }));
      return;
    }
    comparison = answer.value;
    renderTable();
    renderPair();
    view.dataset.compareState = 'ready';
  }

  for (const control of [test.select, correction.select, baseline.select]) control.addEventListener('change', recompute);
  alpha.addEventListener('change', recompute);
  measure.select.addEventListener('change', () => {
    renderMeans();
    if (comparison) renderPair();
  });
  for (const control of [runA.select, runB.select]) control.addEventListener('change', () => comparison && renderPair());
  recompute().then(renderMeans);
  return view;
}
