// @ts-check
// Charts of an Outcome (the PR curve, the interpolated envelope, the 11 sampled points, …) drawn
// as SVG by render/svg-plot.js, and matrices (confusion matrices, heat maps) drawn as shaded
// <table>s. Every point and cell comes from the Outcome; nothing is recomputed here.
//
// Series kinds: 'line', 'step' (the value holds until the next x), 'dot', 'bar' (x values are
// indexes into chart.xCategories when it is non-empty). A `faint` series is thin and grey and
// drawn behind the others (each query behind the mean, the chance diagonal); more than three
// share one legend entry.
//
// CSP: the SVG has presentation attributes and classes only (no <style>, no style=""); the
// rules of svg.irm-plot live in site.css. Series colours and matrix shades are CSS classes
// too, so dark mode and print can restyle them.
//
// Every chart has buttons that download it as SVG or PNG, and every matrix buttons that copy
// it as a table (render/export.js).

import { numParts } from '../../../common/format.js';
import { el, uniqueId } from './dom.js';
import { chartExportToolbar, tableExportToolbar, tableFromElement } from './export.js';
import { POINT_LIMIT, thinPoints } from '../engine-worker.js';
import { barY, dot, line, plot } from './svg-plot.js';

const PLOT_CLASS = 'irm-plot';
const PALETTE_SIZE = 4; // .chart-series-0 … -3 in site.css
const DOT_SYMBOLS = ['circle', 'square', 'diamond'];
const SVG_NS = 'http://www.w3.org/2000/svg';
const SHADES = 8; // .matrix-shade-0 … -8 in site.css
const FAINT_LEGEND_NAMES = 3; // faint series named in the legend before "and N more"
const SQUARE_CHARTS = new Set(['roc']); // both axes are rates from 0 to 1: drawn square
const MARKED_POINTS = 60; // a line with more points is drawn without a circle at each

/**
 * Which charts are one: the same id and the same title. PR and 11pt both send the 'pr'
 * "Precision–recall curve"; MAP and MRR both send a 'per-query' chart, but "AP of each query"
 * and "RR of each query" are two charts, each shown with its own answer.
 */
const chartKey = (chart) => `${chart.id}\n${chart.title}`;

/**
 * Charts of several outcomes, each drawn once: later outcomes add the series the chart does not
 * have yet (matched by name). PR and 11pt both send the 'pr' chart; it is drawn once with the
 * PR points, the envelope and the sampled points together.
 * @param {import('../engine.js').Outcome[]} outcomes
 * @returns {import('../engine.js').Chart[]}
 */
export function mergeCharts(outcomes) {
  const byKey = new Map();
  for (const chart of outcomes.flatMap((outcome) => outcome.charts ?? [])) {
    const merged = byKey.get(chartKey(chart));
    if (!merged) {
      byKey.set(chartKey(chart), { ...chart, series: [...chart.series] });
      continue;
    }
    const names = new Set(merged.series.map((series) => series.name));
    merged.series.push(...chart.series.filter((series) => !names.has(series.name)));
  }
  return [...byKey.values()];
}

/**
 * Where each merged chart goes: with the first outcome that has it. PR, 11pt, AP on one page
 * give one PR chart, shown with PR, holding PR's points, 11pt's envelope and sampled points.
 * @param {import('../engine.js').Outcome[]} outcomes
 * @returns {import('../engine.js').Chart[][]} the charts to show with each outcome, in order
 */
export function chartsByOutcome(outcomes) {
  const merged = mergeCharts(outcomes);
  const home = (chart) =>
    outcomes.findIndex((outcome) => outcome.charts?.some((other) => chartKey(other) === chartKey(chart)));
  return outcomes.map((_, index) => merged.filter((chart) => home(chart) === index));
}

/**
 * Style of the i-th series: colour class, dash, dot symbol. Faint series are grey; while there
 * are few of them (the chance diagonal, a few queries) each has its own dash and legend entry.
 */
function seriesStyle(chart, index) {
  const series = chart.series[index];
  const before = chart.series.slice(0, index);
  const dotIndex = before.filter((other) => other.kind === 'dot' && !other.faint).length;
  const faintIndex = before.filter((other) => other.faint).length;
  const colour = series.faint
    ? `chart-faint${fewFaint(chart) ? ` chart-faint-${faintIndex}` : ''}`
    : `chart-series-${before.filter((other) => !other.faint).length % PALETTE_SIZE}`;
  return {
    className: `chart-series ${colour} chart-kind-${series.kind}`,
    symbol: DOT_SYMBOLS[dotIndex % DOT_SYMBOLS.length],
  };
}

/** Whether the faint series are few enough to be told apart (dashes, one legend entry each). */
const fewFaint = (chart) => chart.series.filter((series) => series.faint).length <= FAINT_LEGEND_NAMES;

const hasCategories = (chart) => (chart.xCategories?.length ?? 0) > 0;

/**
 * The marks of one series. 'step' holds its value up to the next point (interpolated
 * precision); with categories, x is the category's name.
 */
function seriesMarks(chart, index) {
  const series = chart.series[index];
  const { className, symbol } = seriesStyle(chart, index);
  const x = hasCategories(chart) ? (point) => chart.xCategories[point[0]] ?? String(point[0]) : (point) => point[0];
  const channels = { x, y: (point) => point[1], className };
  if (series.kind === 'bar') {
    return barY(series.points, { ...channels, fill: 'currentColor', inset: 0.5 });
  }
  if (series.kind === 'dot') {
    return dot(series.points, { ...channels, symbol, r: series.faint ? 2.5 : 4.5, fill: 'currentColor' });
  }
  const curve = series.kind === 'step' ? 'step-after' : 'linear';
  const marked = series.kind === 'line' && !series.faint && series.points.length <= MARKED_POINTS;
  const marker = marked ? 'circle-stroke' : 'none';
  return line(series.points, { ...channels, curve, marker, stroke: 'currentColor', strokeWidth: series.faint ? 1 : 2 });
}

const INTEGER_TICKS = 12; // a rank axis up to this long gets a tick at every rank

/** The smallest of 1, 2, 5, 10, 20, 50, … that is at least `least`. */
function roundStep(least) {
  for (let power = 1; ; power *= 10) {
    for (const step of [1, 2, 5]) if (step * power >= least) return step * power;
  }
}

/** Whole-number ticks from `low` to `high`, at most about INTEGER_TICKS of them. */
function integerTicks(low, high) {
  const step = roundStep((high - low + 1) / INTEGER_TICKS);
  const ticks = [];
  for (let tick = Math.ceil(low / step) * step; tick <= high; tick += step) ticks.push(tick);
  if (step > 1 && ticks[0] !== low) ticks.unshift(low); // rank 1 is always marked
  return ticks;
}

/**
 * The scale of an axis: [0, 1] for quantities that live there (precision, recall), so curves
 * are not stretched; a rank axis from its first rank to its last, and a count axis from 0,
 * ticked at whole numbers; anything else from 0.
 * @param {import('../engine.js').Chart} chart
 * @param {0 | 1} axis
 * @param {string} label
 * @returns {import('./svg-plot.js').ScaleOptions}
 */
function scaleFor(chart, axis, label) {
  if (axis === 0 && hasCategories(chart)) return { label, type: 'band', domain: chart.xCategories, padding: 0.2 };
  const values = chart.series.flatMap((series) => series.points.map((point) => point[axis]));
  if (values.length > 0 && values.every((value) => value >= 0 && value <= 1)) return { label, domain: [0, 1] };
  if (values.length > 0 && values.every(Number.isInteger)) {
    const low = values.reduce((a, b) => Math.min(a, b));
    const high = values.reduce((a, b) => Math.max(a, b));
    if (axis === 0) return { label, domain: [low, high], ticks: integerTicks(low, high), tickFormat: 'd', inset: 8 };
    const [from, to] = [Math.min(0, low), Math.max(0, high)];
    return { label, domain: [from, to], ticks: integerTicks(from, to), tickFormat: 'd' };
  }
  return { label, nice: true, zero: true };
}

/** The series in drawing order: faint ones first, so that they stay behind. */
const drawingOrder = (chart) =>
  chart.series.map((series, index) => ({ series, index })).sort((a, b) => Number(b.series.faint) - Number(a.series.faint));

/** The chart's SVG, with a text alternative. */
function plotSvg(chart, width, descriptionId) {
  const square = SQUARE_CHARTS.has(chart.id);
  const plotWidth = square ? Math.min(width, 420) : width;
  const svg = plot({
    className: PLOT_CLASS,
    width: plotWidth,
    height: square ? plotWidth : Math.round(Math.min(340, Math.max(220, width * 0.56))),
    marginLeft: 48,
    marginBottom: hasCategories(chart) ? 40 : undefined,
    grid: true,
    x: scaleFor(chart, 0, chart.x),
    y: scaleFor(chart, 1, chart.y),
    marks: drawingOrder(chart).map(({ index }) => seriesMarks(chart, index)),
  });
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', chart.title);
  svg.setAttribute('aria-describedby', descriptionId);
  return svg;
}

/** A small sample of the series' drawing, for the legend. */
function legendSwatch(chart, index) {
  const { kind } = chart.series[index];
  const { className, symbol } = seriesStyle(chart, index);
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('class', `legend-swatch ${className}`);
  svg.setAttribute('viewBox', '0 0 24 12');
  svg.setAttribute('aria-hidden', 'true');
  const shapes = {
    bar: ['rect', { x: 6, y: 1, width: 12, height: 10 }],
    line: ['path', { d: 'M1 6 H23' }],
    step: ['path', { d: 'M1 9 H12 V3 H23' }],
    circle: ['circle', { cx: 12, cy: 6, r: 4 }],
    square: ['rect', { x: 8, y: 2, width: 8, height: 8 }],
    diamond: ['path', { d: 'M12 1 L17 6 L12 11 L7 6 Z' }],
  };
  const [tag, attributes] = shapes[kind === 'dot' ? symbol : kind] ?? shapes.line;
  const shape = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) shape.setAttribute(name, String(value));
  svg.append(shape);
  return svg;
}

/**
 * The legend: one entry per series, except that many faint series (one per query, say) share
 * one entry that names the first few.
 */
function renderLegend(chart) {
  const items = [];
  const faint = chart.series.filter((series) => series.faint);
  chart.series.forEach((series, index) => {
    if (!series.faint || fewFaint(chart)) items.push(el('li', {}, legendSwatch(chart, index), series.name));
    else if (series === faint[0]) {
      const names = faint.slice(0, FAINT_LEGEND_NAMES).map((other) => other.name).join(', ');
      const more = faint.length - FAINT_LEGEND_NAMES;
      items.push(el('li', {}, legendSwatch(chart, index), `${names} and ${more} more`));
    }
  });
  return el('ul', { class: 'chart-legend' }, ...items);
}

const describe = (descriptionId, text) =>
  el(
    'details',
    { class: 'chart-description' },
    el('summary', { text: 'Describe this chart' }),
    el('p', { id: descriptionId, text }),
  );

/** A matrix cell's number as text: "3", "0.5", "0.3333". */
const cellText = (value) => numParts({ approx: value, exact: null, formula: '' }).decimal;

/** Who agrees on a square matrix's diagonal, named from its row title. */
const agreeing = (rowTitle) =>
  ({ 'true class': 'the truth and the prediction', 'judge A': 'the two judges' })[rowTitle] ?? 'the row and the column';

/**
 * A matrix (confusion matrix, heat map) as a <table>: the column title over the column labels,
 * the row title beside the row labels, every cell shaded by its value (a CSS class per shade,
 * 0 = none … 8 = the largest value), the diagonal of a square matrix in bold.
 * @param {import('../engine.js').Chart} chart
 * @returns {HTMLElement}
 */
export function renderMatrix(chart) {
  const { rowTitle, columnTitle, rowLabels, columnLabels, cells } = chart.matrix;
  const descriptionId = uniqueId('chart-description');
  const largest = cells.flat().filter(Number.isFinite).reduce((a, b) => Math.max(a, b), 0);
  const shade = (value) => (largest > 0 && value > 0 ? Math.max(1, Math.round((Math.min(value, largest) / largest) * SHADES)) : 0);
  const square = rowLabels.length === columnLabels.length;
  const body = rowLabels.map((label, row) =>
    el(
      'tr',
      {},
      row === 0 && el('th', { scope: 'rowgroup', rowspan: rowLabels.length, class: 'matrix-row-title' }, el('span', { text: rowTitle })),
      el('th', { scope: 'row', text: label }),
      ...columnLabels.map((_, column) => {
        const value = cells[row]?.[column];
        const classes = ['matrix-cell', `matrix-shade-${Number.isFinite(value) ? shade(value) : 0}`];
        if (square && row === column) classes.push('is-diagonal');
        return el('td', { class: classes.join(' '), text: Number.isFinite(value) ? cellText(value) : '' });
      }),
    ),
  );
  const table = el(
    'table',
    { class: 'matrix-table', 'aria-describedby': descriptionId },
    el('caption', { text: chart.title }),
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        el('td', { colspan: 2, rowspan: 2, class: 'matrix-corner' }),
        el('th', { scope: 'colgroup', colspan: columnLabels.length, class: 'matrix-column-title', text: columnTitle }),
      ),
      el('tr', {}, ...columnLabels.map((label) => el('th', { scope: 'col', text: label }))),
    ),
    el('tbody', {}, ...body),
  );
  const key = square ? `Darker cells hold more. The diagonal, in bold, is where ${agreeing(rowTitle)} agree.` : 'Darker cells hold more.';
  return el(
    'figure',
    { class: 'chart chart-matrix', 'data-chart-id': chart.id },
    el('div', { class: 'table-scroll', tabindex: 0, role: 'group', 'aria-label': chart.title }, table),
    el('p', { class: 'matrix-key', text: key }),
    describe(descriptionId, chart.description),
    tableExportToolbar(() => tableFromElement(table), chart.title),
  );
}

/**
 * The chart with each series of more than POINT_LIMIT points thinned for drawing (the engine's
 * worker has already done it to an answer it sent: `thinned` is then set), and `thinned` saying
 * how many points are drawn of how many.
 * @param {import('../engine.js').Chart} chart
 */
function thinnedForDrawing(chart) {
  const total = Math.max(0, ...chart.series.map((series) => series.points.length));
  if (chart.thinned || total <= POINT_LIMIT) return chart;
  const series = chart.series.map((one) => ({ ...one, points: thinPoints(one.points) }));
  return { ...chart, series, thinned: { drawn: Math.max(...series.map((one) => one.points.length)), total } };
}

/**
 * One chart as a <figure>: title, legend, the plot, and its text description; a 'matrix'
 * chart as a shaded table (see {@link renderMatrix}).
 * @param {import('../engine.js').Chart} chart
 * @param {{width?: number}} [options] width in CSS pixels
 * @returns {HTMLElement}
 */
export function renderChart(chart, { width = 640 } = {}) {
  if (chart.kind === 'matrix' && chart.matrix) return renderMatrix(chart);
  chart = thinnedForDrawing(chart);
  const descriptionId = uniqueId('chart-description');
  const svg = plotSvg(chart, width, descriptionId);
  const legend = renderLegend(chart);
  return el(
    'figure',
    { class: 'chart', 'data-chart-id': chart.id },
    el('figcaption', { text: chart.title }),
    legend,
    svg,
    chart.thinned &&
      el('p', {
        class: 'chart-thinned',
        text:
          `Drawn from ${chart.thinned.drawn.toLocaleString('en')} of its ${chart.thinned.total.toLocaleString('en')} points ` +
          '(the first, last, lowest and highest of each stretch), so that the page stays quick; the tables have every point.',
      }),
    describe(descriptionId, chart.description),
    chartExportToolbar(() => svg, { title: chart.title, description: chart.description, legend }),
  );
}

const observed = new WeakMap(); // container → {charts, width}

function draw(container) {
  const state = observed.get(container);
  state.width = container.clientWidth;
  const width = Math.max(280, Math.min(640, state.width || 640));
  container.replaceChildren(...state.charts.map((chart) => renderChart(chart, { width })));
}

// Draws a container once it has a width (before the first paint), and again when it changes.
// Made on first use: this module is also loaded where there is no ResizeObserver (the embed
// script running as its own engine worker).
let resizeObserver = null;
const sizes = () =>
  (resizeObserver ??= new ResizeObserver((entries) => {
    for (const { target } of entries) {
      const state = observed.get(target);
      if (!state) continue;
      if (!target.isConnected && state.width > 0) resizeObserver.unobserve(target); // replaced by a newer answer
      else if (target.clientWidth > 0 && Math.abs(target.clientWidth - state.width) > 24) drawSoon(target);
    }
  }));

/**
 * Draws at once, or, for thinned charts (a large answer), in a task of its own: a resize
 * callback runs in the frame that lays the new answer out, and the two together would hold the
 * page for longer than either.
 */
function drawSoon(container) {
  const state = observed.get(container);
  if (!state.charts.some((chart) => chart.thinned || chart.series?.some((series) => series.points.length > POINT_LIMIT))) {
    draw(container);
    return;
  }
  state.width = container.clientWidth; // not asked again while waiting
  setTimeout(() => {
    if (observed.get(container) === state) draw(container);
  }, 0);
}

/**
 * Shows charts in `container` at its width, redrawn when the width changes. The container may
 * still be detached: the charts are drawn once it is laid out.
 * @param {HTMLElement} container
 * @param {import('../engine.js').Chart[]} charts
 */
export function showCharts(container, charts) {
  observed.set(container, { charts, width: 0 });
  if (container.isConnected && container.clientWidth > 0) draw(container);
  sizes().observe(container);
}
